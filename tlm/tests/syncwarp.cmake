# syncwarp.cmake -- `syncwarp` in a kernel trace (docs/trace-format.md, detector-v2.md section 3.2).
# Seen from another warp, a syncwarp is the block-scope fence other warps of the block see:
# TRACE's warp 1 reads strong after warp 0's strong store and syncwarp, no race.  The syncwarp is
# counted (one instruction, one notification) and reaches the detector between the
# store and the load (the dumped stream).  With lane_ids=0 it has no effect, and without the
# syncwarp line the load is a blk_fence race.
# -DSIM=scord-sim -DTRACE=syncwarp.trace -DWORK=dir
include(${CMAKE_CURRENT_LIST_DIR}/sim_run.cmake)

set(dump ${WORK}/syncwarp.vec)
scord_sim_run(on KEYS races_found det_syncwarps warp_insts ARGS ${TRACE} --dump-vectors ${dump})
if(NOT on_races_found EQUAL 0 OR NOT on_det_syncwarps EQUAL 1 OR NOT on_warp_insts EQUAL 3)
  message(FATAL_ERROR "syncwarp: ${on_races_found} races (want 0), ${on_det_syncwarps} notifications (want 1), "
                      "${on_warp_insts} warp instructions (want 3)\n${on_races}")
endif()
file(READ ${dump} stream)
if(NOT stream MATCHES "\nst [^\n]*pc=0x10\nsyncwarp sm=0 cta=0 warp=0 pc=0x14\n(.*\n)?ld [^\n]*pc=0x20\n")
  message(FATAL_ERROR "the dumped stream does not hold st, syncwarp, ld in this order:\n${stream}")
endif()

scord_sim_run(nolanes KEYS races_found det_syncwarps warp_insts ARGS ${TRACE} --lane_ids=0)
file(READ ${TRACE} text)
string(REGEX REPLACE "\nsyncwarp[^\n]*" "" text "${text}")
file(WRITE ${WORK}/syncwarp_none.trace "${text}")
scord_sim_run(none KEYS races_found det_syncwarps warp_insts ARGS ${WORK}/syncwarp_none.trace)
foreach(p nolanes none)
  if(NOT ${p}_races_found EQUAL 1 OR NOT ${p}_races MATCHES "type=blk_fence kind=ld [^;]*addr=0xc0000100 ")
    message(FATAL_ERROR "${p}: want one blk_fence race at 0xc0000100, got ${${p}_races_found}\n${${p}_races}")
  endif()
endforeach()
if(NOT nolanes_det_syncwarps EQUAL 0)
  message(FATAL_ERROR "lane_ids=0: ${nolanes_det_syncwarps} syncwarp notifications reached the detector (want 0)")
endif()
message(STATUS "syncwarp: no race; lane_ids=0 and without it: the blk_fence race")
