# lanes.cmake -- lane identity in the TLM (docs/tlm.md "Detector v2.0", detector-v2.md 3.1): each
# access packet carries its lanes, so lanes of one warp race without a __syncwarp.
#   LANES: lane 3 stores X, lane 5 loads it: one blk_fence race at X; none with lane_ids=0 (one
#          warp, program order) and none with a syncwarp between the two.
#   SHIFT: lanes 0-1 load what lanes 2-3 stored: two blk_fence races (S[2], S[3]); the loads after
#          the syncwarp none.  Its dump names each run's first lane.
# -DSIM=scord-sim -DLANES=lanes.trace -DSHIFT=lanes_shift.trace -DWORK=dir
function(run_trace prefix)
  execute_process(COMMAND ${SIM} --no-progress ${ARGN} OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim ${ARGN}: exit ${rc}\n${e}")
  endif()
  if(NOT o MATCHES "\nraces_found ([0-9]+)")
    message(FATAL_ERROR "scord-sim ${ARGN}: no races_found line")
  endif()
  set(${prefix}_n ${CMAKE_MATCH_1} PARENT_SCOPE)
  string(REGEX MATCHALL "race type=[^\n]*" r "${o}")
  set(${prefix}_races "${r}" PARENT_SCOPE)
endfunction()

run_trace(on ${LANES})
if(NOT on_n EQUAL 1 OR NOT on_races MATCHES "type=blk_fence kind=ld [^;]*pc=0x14 addr=0xc0000100 ")
  message(FATAL_ERROR "lanes: want one blk_fence race of the load at 0xc0000100, got ${on_n}\n${on_races}")
endif()
run_trace(off ${LANES} --lane_ids=0)
file(READ ${LANES} text)
string(REPLACE "\nld addr=" "\nsyncwarp pc=0x12\nld addr=" text "${text}")
file(WRITE ${WORK}/lanes_syncwarp.trace "${text}")
run_trace(sw ${WORK}/lanes_syncwarp.trace)
foreach(p off sw)
  if(NOT ${p}_n EQUAL 0)
    message(FATAL_ERROR "lanes (${p}): want no race, got ${${p}_n}\n${${p}_races}")
  endif()
endforeach()

set(dump ${WORK}/lanes_shift.vec)
run_trace(shift ${SHIFT} --dump-vectors ${dump})
if(NOT shift_n EQUAL 2 OR NOT shift_races MATCHES "pc=0x14 addr=0xc0000408 " OR NOT shift_races MATCHES "pc=0x14 addr=0xc000040c ")
  message(FATAL_ERROR "lanes_shift: want the two loads of S[2], S[3] at pc 0x14, got ${shift_n}\n${shift_races}")
endif()
file(READ ${dump} stream)
if(NOT stream MATCHES "\nld [^\n]*addr=0xc0000400 lane=2 n=2 [^\n]*pc=0x18\n")
  message(FATAL_ERROR "the dumped stream does not give the ordered load its first lane 2:\n${stream}")
endif()
message(STATUS "lanes: the lane race found; none with lane_ids=0 or a syncwarp; the shift's two races")
