# line_skip.cmake -- the line-rate engine's clock skipping (engine_line.cc advance_to: after 32
# cycles without a handshake, with only metadata reads out, the clock jumps to the next read's
# return) changes nothing: the same races, system cycles, detector cycles and metadata traffic
# as clocking every cycle (SCORD_LINE_NO_SKIP=1).
# -DSIM=scord-sim -DARGS="arg|arg|..."
string(REPLACE "|" ";" args "${ARGS}")
foreach(v skip noskip)
  if(v STREQUAL "noskip")
    set(ENV{SCORD_LINE_NO_SKIP} 1)
  endif()
  execute_process(COMMAND ${SIM} --no-progress --detector=line ${args}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim --detector=line ${args} (${v}) failed (exit ${rc}):\n${err}")
  endif()
  # Everything but the wall-clock figures.
  string(REGEX REPLACE "[^\n]*(wall|per_second)[^\n]*\n" "" out "${out}")
  set(out_${v} "${out}")
endforeach()
unset(ENV{SCORD_LINE_NO_SKIP})
if(NOT out_skip STREQUAL out_noskip)
  message(FATAL_ERROR "clock skipping changed the run\n--- skipping:\n${out_skip}\n--- every cycle:\n${out_noskip}")
endif()
string(REGEX MATCHALL "\nrace type=" _r "\n${out_skip}")
list(LENGTH _r n)
string(REGEX MATCH "\ncycles ([0-9]+)" _ "\n${out_skip}")
if(n EQUAL 0 OR NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "the run found no races or printed no cycles: nothing was compared\n${out_skip}")
endif()
message(STATUS "equal with and without skipping: ${n} races, ${CMAKE_MATCH_1} system cycles")
