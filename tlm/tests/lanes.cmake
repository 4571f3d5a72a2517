# lanes.cmake -- lane identity in the TLM (docs/tlm.md "Detector v2.0", detector-v2.md 3.1): each
# access packet carries its lanes, so lanes of one warp race without a __syncwarp.
#   LANES: lane 3 stores X, lane 5 loads it: one blk_fence race at X; none with lane_ids=0 (one
#          warp, program order) and none with a syncwarp between the two.
#   SHIFT: lanes 0-1 load what lanes 2-3 stored: two blk_fence races (S[2], S[3]); the loads after
#          the syncwarp none.  Its dump names each run's first lane.
# -DSIM=scord-sim -DLANES=lanes.trace -DSHIFT=lanes_shift.trace -DWORK=dir
include(${CMAKE_CURRENT_LIST_DIR}/sim_run.cmake)

scord_sim_run(on KEYS races_found ARGS ${LANES})
if(NOT on_races_found EQUAL 1 OR NOT on_races MATCHES "type=blk_fence kind=ld [^;]*pc=0x14 addr=0xc0000100 ")
  message(FATAL_ERROR "lanes: want one blk_fence race of the load at 0xc0000100, got ${on_races_found}\n${on_races}")
endif()
scord_sim_run(off KEYS races_found ARGS ${LANES} --lane_ids=0)
file(READ ${LANES} text)
string(REPLACE "\nld addr=" "\nsyncwarp pc=0x12\nld addr=" text "${text}")
file(WRITE ${WORK}/lanes_syncwarp.trace "${text}")
scord_sim_run(sw KEYS races_found ARGS ${WORK}/lanes_syncwarp.trace)
foreach(p off sw)
  if(NOT ${p}_races_found EQUAL 0)
    message(FATAL_ERROR "lanes (${p}): want no race, got ${${p}_races_found}\n${${p}_races}")
  endif()
endforeach()

set(dump ${WORK}/lanes_shift.vec)
scord_sim_run(shift KEYS races_found ARGS ${SHIFT} --dump-vectors ${dump})
if(NOT shift_races_found EQUAL 2 OR NOT shift_races MATCHES "pc=0x14 addr=0xc0000408 " OR NOT shift_races MATCHES "pc=0x14 addr=0xc000040c ")
  message(FATAL_ERROR "lanes_shift: want the two loads of S[2], S[3] at pc 0x14, got ${shift_races_found}\n${shift_races}")
endif()
file(READ ${dump} stream)
if(NOT stream MATCHES "\nld [^\n]*addr=0xc0000400 lane=2 n=2 [^\n]*pc=0x18\n")
  message(FATAL_ERROR "the dumped stream does not give the ordered load its first lane 2:\n${stream}")
endif()
message(STATUS "lanes: the lane race found; none with lane_ids=0 or a syncwarp; the shift's two races")
