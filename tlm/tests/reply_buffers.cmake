# reply_buffers.cmake -- the reply direction's buffers (docs/tlm.md "Buffers")
# on reply_buffers.trace: kernel one_slice makes more replies at L2 slice 0 than its output port
# sends, so its reply queue (8) fills and holds replies, and the stalled slice takes no new
# requests: the run is slower than with 65,536 entries, which never hold one.  Kernel
# all_slices sends 24 slices' replies to one SM: with one virtual channel (xbar_hol=1) they wait
# at their slices' outputs for its ejection port, with per-destination queues (0) never.
include(${CMAKE_CURRENT_LIST_DIR}/ref_stats.cmake)
sim_stats("--detector=off" def)
sim_stats("--detector=off --l2_reply_queue=65536" rbig)
sim_stats("--detector=off --xbar_hol=0" voq)
stat("${def}" cycles cdef)
stat("${rbig}" cycles crbig)
stat("${def}" l2_reply_stall_cycles rsdef)
stat("${rbig}" l2_reply_stall_cycles rsbig)
stat("${def}" eject_hold_cycles ehdef)
stat("${voq}" eject_hold_cycles ehvoq)
message(STATUS "reply queue 8: ${cdef} cycles (held ${rsdef}), 65536: ${crbig} (held ${rsbig}); "
               "held for the ejection port: ${ehdef} in order, ${ehvoq} with per-destination queues")
if(rsdef LESS 1 OR NOT rsbig EQUAL 0 OR NOT cdef GREATER crbig)
  message(FATAL_ERROR "the L2 reply queue does not hold replies as expected")
endif()
if(ehdef LESS 1 OR NOT ehvoq EQUAL 0)
  message(FATAL_ERROR "replies do not wait at their slice for a busy ejection port as expected")
endif()
