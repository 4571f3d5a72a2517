# contention.cmake -- contention on the shared memory system is visible: halving DRAM bandwidth
# (dram_burst 8 -> 16) slows the 15-SM stream workload much more than a 1-SM run of a
# proportionally smaller grid, whose requests rarely meet.
function(cycles out)
  execute_process(COMMAND ${SIM} --no-progress --stats-only --detector=off --workload=stream ${ARGN}
                  OUTPUT_VARIABLE o RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT o MATCHES "\ncycles ([0-9]+)|^cycles ([0-9]+)")
    message(FATAL_ERROR "run failed: ${ARGN}")
  endif()
  string(REGEX MATCH "cycles ([0-9]+)" m "${o}")
  set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()
cycles(a15 --num_sms=15)
cycles(b15 --num_sms=15 --dram_burst=16)
cycles(a1 --num_sms=1)
cycles(b1 --num_sms=1 --dram_burst=16)
math(EXPR s15 "100 * ${b15} / ${a15}")
math(EXPR s1 "100 * ${b1} / ${a1}")
message(STATUS "slowdown x100 with half the DRAM bandwidth: 15 SMs ${s15}, 1 SM ${s1} (cycles ${a15} ${b15} ${a1} ${b1})")
if(NOT s15 GREATER 114)
  message(FATAL_ERROR "15 SMs: expected a clear slowdown from DRAM contention, got ${s15}/100")
endif()
# (+10: the 15-SM run at full bandwidth already pays the crossbar's head-of-line blocking,
# 27,333 -> 30,655 cycles when it came in; docs/tlm.md "Buffers".)
math(EXPR margin "${s1} + 10")
if(NOT s15 GREATER margin)
  message(FATAL_ERROR "contention does not show: 15 SMs ${s15}/100 vs 1 SM ${s1}/100")
endif()
# Head-of-line blocking at the SMs' crossbar inputs (xbar_hol=1, the default) costs the 15-SM run
# at full bandwidth; per-slice queues (xbar_hol=0) do not have it.
cycles(v15 --num_sms=15 --xbar_hol=0)
message(STATUS "15 SMs, full bandwidth: ${a15} cycles in order, ${v15} with per-slice queues")
if(NOT v15 LESS a15)
  message(FATAL_ERROR "xbar_hol=0 (${v15} cycles) is not faster than in-order departure (${a15})")
endif()
