# sim_run.cmake -- scord_sim_run(): one scord-sim run for the trace tests (acq_rel, syncwarp,
# lanes), its statistics and race lines read from the one output.
#   scord_sim_run(PREFIX KEYS <stat>... ARGS <scord-sim argument>...)
# sets PREFIX_<stat> to each statistic's value (a missing line fails) and PREFIX_races to the
# list of race lines; a non-zero exit fails with scord-sim's stderr.  Needs SIM.
function(scord_sim_run prefix)
  cmake_parse_arguments(PARSE_ARGV 1 R "" "" "KEYS;ARGS")
  execute_process(COMMAND ${SIM} --no-progress ${R_ARGS} OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim ${R_ARGS}: exit ${rc}\n${e}")
  endif()
  foreach(k ${R_KEYS})
    if(NOT o MATCHES "\n${k} ([0-9]+)")
      message(FATAL_ERROR "scord-sim ${R_ARGS}: no ${k} line")
    endif()
    set(${prefix}_${k} ${CMAKE_MATCH_1} PARENT_SCOPE)
  endforeach()
  string(REGEX MATCHALL "race type=[^\n]*" r "${o}")
  set(${prefix}_races "${r}" PARENT_SCOPE)
endfunction()
