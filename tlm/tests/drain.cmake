# drain.cmake -- a kernel ends when the detector has checked its last access (docs/tlm.md
# "Drain").  slice_queue.trace ends with warp 0's 48 stores to one word, a
# same-line chain that costs det_lat + 2 cycles per beat in the detector while the SM, whose
# stores do not wait for the detector, is long done.  So the run's cycles must grow with det_lat
# by about 48 links, and the kernel end must wait (det_drain_cycles > 0).  With the line-rate RTL
# (LINE=1) the run ends no earlier than the RTL's last cycle of work.
include(${CMAKE_CURRENT_LIST_DIR}/ref_stats.cmake)

sim_stats("--detector=ref" o7)
sim_stats("--detector=ref --det_lat=57" o57)
sim_stats("--detector=off" ooff)
stat("${o7}" cycles c7)
stat("${o57}" cycles c57)
stat("${ooff}" cycles coff)
stat("${o7}" det_drain_cycles d7)
stat("${o57}" det_drain_cycles d57)
math(EXPR grow "${c57} - ${c7}")
message(STATUS "off ${coff}; det_lat 7: ${c7} cycles (drain ${d7}); det_lat 57: ${c57} (drain ${d57}); grew ${grow}")
# 48 beats, 50 cycles more per link: at least 40 links' worth must show in the kernel's end.
if(d7 LESS 1 OR grow LESS 2000 OR NOT d57 GREATER d7)
  message(FATAL_ERROR "the kernel end does not wait for the detector's chain")
endif()
if(LINE)
  sim_stats("--detector=rtl" ol)
  stat("${ol}" cycles cl)
  stat("${ol}" det_drain_cycles dl)
  stat("${ol}" det_rtl_done_cycle rl)
  message(STATUS "line-rate RTL: ${cl} cycles, drain ${dl}, RTL done at ${rl}")
  if(dl LESS 1 OR cl LESS rl)
    message(FATAL_ERROR "line-rate RTL: the run ended (${cl}) before the RTL's work (${rl})")
  endif()
endif()
