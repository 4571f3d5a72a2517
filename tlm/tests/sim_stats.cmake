# sim_stats.cmake -- run scord-sim (on the default workload unless ARGS name another) and pick
# statistics from its output.
# sim_stats(PREFIX [ARGS a...] [COUNTS k...] [MEANS k...]) sets, in the caller's scope,
# PREFIX_races (the race lines, sorted), PREFIX_<k> for each integer statistic `k N` and each
# utilisation `k mean M` (M as printed).  A failed run or a missing line is fatal.
function(sim_stats prefix)
  cmake_parse_arguments(S "" "" "ARGS;COUNTS;MEANS" ${ARGN})
  execute_process(COMMAND ${SIM} --no-progress --workload=default ${S_ARGS}
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim ${S_ARGS}: exit ${rc}\n${e}")
  endif()
  string(REGEX MATCHALL "race type=[^\n]*" r "${o}")
  list(SORT r)
  set(${prefix}_races "${r}" PARENT_SCOPE)
  set(value_COUNTS " ([0-9]+)")
  set(value_MEANS " mean ([0-9.]+)")
  foreach(kind COUNTS MEANS)
    foreach(k ${S_${kind}})
      if(NOT o MATCHES "\n${k}${value_${kind}}")
        message(FATAL_ERROR "scord-sim ${S_ARGS}: no ${k} line")
      endif()
      set(${prefix}_${k} ${CMAKE_MATCH_1} PARENT_SCOPE)
    endforeach()
  endforeach()
endfunction()
