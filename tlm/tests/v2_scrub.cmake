# v2_scrub.cmake -- the v2.0 fence-ID scrub in the TLM (docs/spec/detector-v2.md section 4,
# docs/tlm.md "Detector v2.0"): UTS (large) with 3-bit fence IDs wraps them every 8 fences.
# v1.1, and v2.0 without the scrub, report the wrap's false races; with the scrub none are
# left, the sweeps read lines and rewrite some of them, and their time shows in the cycles;
# with ideal detector timing the sweep's traffic is there but nothing waits for it.
include(${CMAKE_CURRENT_LIST_DIR}/sim_stats.cmake)
set(app --workload=uts --size=large --fence_id_bits=3)
set(keys cycles races_found)
set(skeys ${keys} det_scrubs det_scrub_line_reads det_scrub_line_writes det_scrub_cycles)
sim_stats(v1 ARGS ${app} --spec_version=1 COUNTS ${keys})
sim_stats(off ARGS ${app} --spec_version=2 --fence_scrub=0 COUNTS ${keys})
sim_stats(on ARGS ${app} --spec_version=2 COUNTS ${skeys})
sim_stats(ideal ARGS ${app} --spec_version=2 --detector-timing=ideal COUNTS ${skeys})
message(STATUS "v1.1: ${v1_races_found} races, ${v1_cycles} cycles; v2.0 without the scrub: "
               "${off_races_found} races, ${off_cycles} cycles; with it: ${on_races_found} races, "
               "${on_cycles} cycles, ${on_det_scrubs} scrubs reading ${on_det_scrub_line_reads} lines, "
               "writing ${on_det_scrub_line_writes}, ${on_det_scrub_cycles} cycles")
if(v1_races_found EQUAL 0 OR off_races_found EQUAL 0)
  message(FATAL_ERROR "no false race of the fence-ID wrap without the scrub")
endif()
if(NOT on_races_found EQUAL 0 OR NOT ideal_races_found EQUAL 0)
  message(FATAL_ERROR "the scrub left ${on_races_found} races (${ideal_races_found} with ideal timing)")
endif()
if(on_det_scrubs EQUAL 0 OR on_det_scrub_line_writes EQUAL 0 OR
   on_det_scrub_line_writes GREATER on_det_scrub_line_reads)
  message(FATAL_ERROR "scrub traffic: ${on_det_scrub_line_reads} line reads, ${on_det_scrub_line_writes} writes")
endif()
if(on_det_scrub_cycles EQUAL 0 OR NOT on_cycles GREATER off_cycles)
  message(FATAL_ERROR "the sweeps cost no time (${on_det_scrub_cycles} cycles; run ${on_cycles} against ${off_cycles})")
endif()
if(NOT ideal_det_scrub_cycles EQUAL 0 OR ideal_det_scrub_line_reads EQUAL 0)
  message(FATAL_ERROR "ideal timing: ${ideal_det_scrub_cycles} cycles waited, ${ideal_det_scrub_line_reads} lines read")
endif()
