# modern_tlm.cmake -- one scord-gen-modern program (vectors/gen/modern.c) as a kernel trace on the
# TLM at spec_version=2 (the trace's config line), size small: the race count of
# `scord-sim --stats-only` and, where a class matters, the race lines of a plain run.
#   none, wreduce:    no race;
#   none, workq:      no race but check 4c's on the item data loads (type=strong, pc 0x210): the
#                     false race detector-v2.md 2.2 keeps (the producer released again after the
#                     consumer acquired), which the TLM's timing makes frequent; and the run's
#                     dumped detector stream gives scord-vec the same races;
#   relaxed-flag:     dev_fence races on the item data (no release before the flag);
#   cta-acquire:      scoped_atomic races (a cta-scope poll of a flag another block releases);
#   no-bar:           at least one race;
#   no-syncwarp, no-syncwarp-last: blk_fence races of a load on a word another lane of the same
#                     warp stored (lane identity; the TLM's lanes, docs/tlm.md "Detector v2.0").
# -DGEN=scord-gen-modern -DSIM=scord-sim -DVEC=scord-vec -DAPP=workq|wreduce -DINJECT=none|SWITCH -DOUT=prefix
if(NOT EXISTS ${SIM})
  message(STATUS "SKIPPED: scord-sim not built")
  return()
endif()
set(trace ${OUT}.trace)
set(inj)
if(NOT INJECT STREQUAL "none")
  set(inj --inject=${INJECT})
endif()
execute_process(COMMAND ${GEN} app=${APP} ${inj} --size=small --out-trace=${trace} RESULT_VARIABLE rc ERROR_VARIABLE e)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scord-gen-modern app=${APP} ${inj}: exit ${rc}\n${e}")
endif()
execute_process(COMMAND ${SIM} --no-progress --stats-only ${trace} RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
if(NOT rc EQUAL 0 OR NOT o MATCHES "\nraces_found ([0-9]+)")
  message(FATAL_ERROR "scord-sim ${trace}: exit ${rc}, no races_found line\n${e}")
endif()
set(n ${CMAKE_MATCH_1})
execute_process(COMMAND ${SIM} --no-progress ${trace} --dump-vectors ${OUT}.vec OUTPUT_VARIABLE o RESULT_VARIABLE rc)
string(REGEX MATCHALL "race type=[^\n]*" races "${o}")
message(STATUS "${APP} ${INJECT}: ${n} races")

if(APP STREQUAL "wreduce" AND INJECT STREQUAL "none")
  if(NOT n EQUAL 0)
    message(FATAL_ERROR "race-free wreduce: ${n} races\n${races}")
  endif()
elseif(INJECT STREQUAL "none")
  foreach(r IN LISTS races)
    if(NOT r MATCHES "^race type=strong kind=ld .* pc=0x210 ")
      message(FATAL_ERROR "race-free workq: a race outside check 4c's known false race on the data loads:\n${r}")
    endif()
  endforeach()
  execute_process(COMMAND ${VEC} --no-expect ${OUT}.vec OUTPUT_VARIABLE vo RESULT_VARIABLE vrc ERROR_VARIABLE ve)
  string(REGEX MATCHALL "race type=[^\n]*" vraces "${vo}")
  if(NOT vrc EQUAL 0 OR NOT "${races}" STREQUAL "${vraces}")
    message(FATAL_ERROR "scord-vec on the dumped stream (exit ${vrc}) differs from scord-sim\n${ve}")
  endif()
else()
  set(want_relaxed-flag "type=dev_fence kind=ld [^;]* pc=0x210 ")
  set(want_cta-acquire "type=scoped_atomic ")
  set(want_no-bar "type=")
  set(found 0)
  foreach(r IN LISTS races)
    if(INJECT MATCHES "^no-syncwarp")
      # Lanes of one warp: the racing load's warp is the word's owner.
      if(r MATCHES "^race type=blk_fence kind=ld .* warp=([0-9]+) .* owner_warp=([0-9]+)$" AND
         CMAKE_MATCH_1 EQUAL CMAKE_MATCH_2)
        set(found 1)
      endif()
    elseif(r MATCHES "${want_${INJECT}}")
      set(found 1)
    endif()
  endforeach()
  if(n EQUAL 0 OR NOT found)
    message(FATAL_ERROR "${APP} --inject=${INJECT}: ${n} races, none of the expected class\n${races}")
  endif()
endif()
