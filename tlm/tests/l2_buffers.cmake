# l2_buffers.cmake -- the memory side's finite buffers (docs/tlm.md "Buffers"):
# on l2_buffers.trace (4 SMs, 128 line loads, all to L2 slice 0) one L2 MSHR serialises the
# fills (each waits for the last) and 65,536 never hold one; a one-entry L2 input queue holds
# requests, 65,536 never do; an SM's crossbar input buffer of 8 fills up (its credits run out)
# and holds requests in the L1 miss queue, one of 65,536 entries never does.  Towards DRAM: a
# one-entry scheduler queue per channel holds requests, the default 16 fewer (128 lines to one
# channel outrun its data bus, and a request keeps its entry until its column command, which
# waits for the bus: docs/dram.md), 65,536 none; the misses then wait for the L2-to-DRAM queue
# (never with 65,536 entries).
include(${CMAKE_CURRENT_LIST_DIR}/ref_stats.cmake)
sim_stats("--detector=off" def)
sim_stats("--detector=off --l2_mshrs=1" m1)
sim_stats("--detector=off --l2_mshrs=65536" mbig)
sim_stats("--detector=off --l2_queue=1" q1)
sim_stats("--detector=off --l2_queue=65536" qbig)
sim_stats("--detector=off --xbar_in_buf=1" b1)
sim_stats("--detector=off --xbar_in_buf=65536" bbig)
sim_stats("--detector=off --dram_sched_queue=1" d1)
sim_stats("--detector=off --dram_sched_queue=1 --dram_queue=65536" d1qbig)
sim_stats("--detector=off --dram_sched_queue=65536" dbig)
stat("${m1}" cycles cm1)
stat("${mbig}" cycles cmbig)
stat("${m1}" l2_mshr_stall_cycles sm1)
stat("${mbig}" l2_mshr_stall_cycles smbig)
stat("${q1}" l2_queue_stall_cycles sq1)
stat("${qbig}" l2_queue_stall_cycles sqbig)
stat("${def}" xbar_buf_stall_cycles sbdef)
stat("${b1}" xbar_buf_stall_cycles sb1)
stat("${bbig}" xbar_buf_stall_cycles sbbig)
stat("${def}" miss_queue_stall_cycles mqdef)
stat("${bbig}" miss_queue_stall_cycles mqbig)
stat("${def}" dram_sched_stall_cycles dsdef)
stat("${d1}" dram_sched_stall_cycles ds1)
stat("${dbig}" dram_sched_stall_cycles dsbig)
stat("${d1}" dram_queue_stall_cycles dq1)
stat("${d1qbig}" dram_queue_stall_cycles dq1qbig)
message(STATUS "L2 MSHRs 1: ${cm1} cycles (held ${sm1}), 65536: ${cmbig} (held ${smbig}); L2 queue 1: held ${sq1}, "
               "65536: ${sqbig}; crossbar buffer 1/8/65536: held ${sb1}/${sbdef}/${sbbig}, miss queue at 8/65536: "
               "${mqdef}/${mqbig}; DRAM scheduler queue 1/16/65536: held ${ds1}/${dsdef}/${dsbig}, L2-to-DRAM "
               "queue at 8/65536 behind it: ${dq1}/${dq1qbig}")
math(EXPR cmbig5 "${cmbig} * 5")
if(sm1 LESS 1 OR NOT smbig EQUAL 0 OR NOT cmbig5 LESS cm1)
  message(FATAL_ERROR "the L2 MSHR limit does not serialise the fills as expected")
endif()
if(sq1 LESS 1 OR NOT sqbig EQUAL 0)
  message(FATAL_ERROR "the L2 input queue does not hold requests as expected")
endif()
if(sbdef LESS 1 OR NOT sb1 GREATER sbdef OR NOT sbbig EQUAL 0)
  message(FATAL_ERROR "the crossbar input buffer does not hold requests as expected")
endif()
if(mqdef LESS 1 OR NOT mqbig EQUAL 0)
  message(FATAL_ERROR "the crossbar's back-pressure does not reach the L1 miss queue")
endif()
if(ds1 LESS 1 OR NOT ds1 GREATER dsdef OR NOT dsbig EQUAL 0)
  message(FATAL_ERROR "the DRAM scheduler queue does not hold requests as expected")
endif()
if(dq1 LESS 1 OR NOT dq1qbig EQUAL 0)
  message(FATAL_ERROR "the L2-to-DRAM queue does not hold misses as expected")
endif()
