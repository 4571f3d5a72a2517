# line_skip.cmake -- the line-rate engine's clock skipping (engine_line.cc advance_to: after 32
# cycles without a handshake, with only metadata reads out, the clock jumps to the next read's
# return) changes nothing: the same races, system cycles, detector cycles and metadata traffic
# as clocking every cycle (SCORD_LINE_NO_SKIP=1).  It does evaluate fewer RTL cycles
# (sim_rtl_cycles_evaluated; both at most the RTL's clock, det_rtl_done_cycle: an idle RTL is
# never clocked).
# -DSIM=scord-sim -DARGS="arg|arg|..." [-DDETECTOR=rtl|both -DNOSKIP_ENV=NAME]
#   [-DALLOW_NO_RACES=1: a workload without races (the cycles and traffic are still compared)]
string(REPLACE "|" ";" args "${ARGS}")
if(NOT DEFINED DETECTOR)
  set(DETECTOR rtl)
endif()
if(NOT DEFINED NOSKIP_ENV)
  set(NOSKIP_ENV SCORD_LINE_NO_SKIP)
endif()
foreach(v skip noskip)
  if(v STREQUAL "noskip")
    set(ENV{${NOSKIP_ENV}} 1)
  endif()
  execute_process(COMMAND ${SIM} --no-progress --detector=${DETECTOR} ${args}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim --detector=${DETECTOR} ${args} (${v}) failed (exit ${rc}):\n${err}")
  endif()
  string(REGEX MATCH "\nsim_rtl_cycles_evaluated ([0-9]+)" _ "\n${out}")
  set(eval_${v} "${CMAKE_MATCH_1}")
  string(REGEX MATCH "\ndet_rtl_done_cycle ([0-9]+)" _ "\n${out}")
  set(clock_${v} "${CMAKE_MATCH_1}")
  # Everything but the wall-clock figures and the cycles evaluated.
  string(REGEX REPLACE "[^\n]*(wall|per_second|cycles_evaluated)[^\n]*\n" "" out "${out}")
  set(out_${v} "${out}")
endforeach()
unset(ENV{${NOSKIP_ENV}})
if(NOT out_skip STREQUAL out_noskip)
  message(FATAL_ERROR "clock skipping changed the run\n--- skipping:\n${out_skip}\n--- every cycle:\n${out_noskip}")
endif()
if(NOT eval_noskip OR NOT eval_skip OR eval_noskip GREATER clock_noskip OR NOT eval_skip LESS eval_noskip)
  message(FATAL_ERROR "RTL cycles evaluated: ${eval_skip} skipping, ${eval_noskip} every cycle "
                      "(expected fewer skipping, and at most the clock ${clock_noskip})")
endif()
string(REGEX MATCHALL "\nrace type=" _r "\n${out_skip}")
list(LENGTH _r n)
string(REGEX MATCH "\ncycles ([0-9]+)" _ "\n${out_skip}")
if((n EQUAL 0 AND NOT ALLOW_NO_RACES) OR NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "the run found no races or printed no cycles: nothing was compared\n${out_skip}")
endif()
message(STATUS "equal with and without skipping: ${n} races, ${CMAKE_MATCH_1} system cycles; "
               "RTL cycles evaluated ${eval_skip} of ${eval_noskip}")
