# sensitivity_inflight.cmake -- scripts/sensitivity.sh --inflight (docs/synth.md "Beats in flight")
# at --size=small: the 256 row is the reference (every ratio 1.0000), and on the default workload
# every depth below 256 costs cycles, more the shallower it is (the slots bound the lines a
# slice waits on at once).  A model that ignored det_inflight would print 1.0000 everywhere.
execute_process(COMMAND ${SCRIPT} --sim ${SIM} --gen ${GEN} --size=small --inflight
                OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sensitivity.sh failed (${rc}): ${e}")
endif()
message(STATUS "${o}")
if(NOT o MATCHES "\n\\| 256 \\| 1\\.0000 \\| 1\\.0000 \\| 1\\.0000 \\| 1\\.0000 \\| 1\\.0000 \\| 1\\.0000 \\| 1\\.0000 \\| 1\\.0000 \\| 1\\.0000 \\|")
  message(FATAL_ERROR "the 256 row is not all 1.0000")
endif()
set(prev 10000)
foreach(d 192 128 96 64 32)
  if(NOT o MATCHES "\n\\| ${d} \\| ([0-9])\\.([0-9]+) \\|")
    message(FATAL_ERROR "no row for ${d} beats in flight")
  endif()
  math(EXPR r "${CMAKE_MATCH_1} * 10000 + 1${CMAKE_MATCH_2} - 10000")
  if(NOT r GREATER prev)
    message(FATAL_ERROR "${d} beats in flight (ratio ${CMAKE_MATCH_1}.${CMAKE_MATCH_2}) cost no more cycles than the next deeper size")
  endif()
  set(prev ${r})
endforeach()
