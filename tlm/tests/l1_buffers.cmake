# l1_buffers.cmake -- the L1's finite buffers (docs/tlm.md "Buffers"): on
# l1_buffers.trace (one warp: 64 asynchronous loads of new lines, then 64 line stores) one MSHR
# serialises the line fills (each waits for the last: at least 64 x 150 cycles) and 64 never
# hold a load; one miss-queue entry holds requests, 4096 never do.
include(${CMAKE_CURRENT_LIST_DIR}/ref_stats.cmake)
sim_stats("--detector=off --l1_mshrs=1" m1)
sim_stats("--detector=off --l1_mshrs=64" m64)
sim_stats("--detector=off --l1_miss_queue=1" q1)
sim_stats("--detector=off --l1_miss_queue=4096" q4096)
stat("${m1}" cycles c1)
stat("${m64}" cycles c64)
stat("${m1}" l1_mshr_stall_cycles s1)
stat("${m64}" l1_mshr_stall_cycles s64)
stat("${q1}" miss_queue_stall_cycles sq1)
stat("${q4096}" miss_queue_stall_cycles sq4096)
message(STATUS "1 MSHR: ${c1} cycles (held ${s1}); 64: ${c64} (held ${s64}); miss queue 1: held ${sq1}; 4096: held ${sq4096}")
math(EXPR c64x4 "${c64} * 4")
if(c1 LESS 9600 OR s1 LESS 1 OR NOT s64 EQUAL 0 OR NOT c64x4 LESS c1)
  message(FATAL_ERROR "the MSHR limit does not hold the line fills as expected")
endif()
if(sq1 LESS 1 OR NOT sq4096 EQUAL 0)
  message(FATAL_ERROR "the miss queue does not hold requests as expected")
endif()
