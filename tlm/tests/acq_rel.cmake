# acq_rel.cmake -- v2.0 release/acquire in a kernel trace (docs/trace-format.md "Memory orders",
# docs/spec/detector-v2.md section 2): TRACE is message passing through a flag written with
# st.release.gpu and read with ld.acquire.gpu, each one instruction over two lines.  The run
# reports no race and exactly one release and one acquire (the instruction's, not one per line);
# the same trace with both orders relaxed reports the data loads (dev_fence).
# -DSIM=scord-sim -DTRACE=acq_rel.trace -DWORK=dir
include(${CMAKE_CURRENT_LIST_DIR}/sim_run.cmake)

scord_sim_run(ar KEYS races_found det_releases det_acquires ARGS ${TRACE})
if(NOT ar_races_found EQUAL 0 OR NOT ar_det_releases EQUAL 1 OR NOT ar_det_acquires EQUAL 1)
  message(FATAL_ERROR "release/acquire: ${ar_races_found} races (want 0), ${ar_det_releases} releases and "
                      "${ar_det_acquires} acquires (want 1 each)\n${ar_races}")
endif()

file(READ ${TRACE} text)
string(REPLACE "sem=release" "sem=relaxed" text "${text}")
string(REPLACE "sem=acquire" "sem=relaxed" text "${text}")
set(relaxed ${WORK}/acq_rel_relaxed.trace)
file(WRITE ${relaxed} "${text}")
scord_sim_run(rx KEYS races_found det_releases det_acquires ARGS ${relaxed})
if(rx_races_found EQUAL 0 OR NOT rx_races MATCHES "type=dev_fence kind=ld [^;]*addr=0xc0000100 ")
  message(FATAL_ERROR "relaxed: ${rx_races_found} races, none a dev_fence load of the data at 0xc0000100\n${rx_races}")
endif()
if(NOT rx_det_releases EQUAL 0 OR NOT rx_det_acquires EQUAL 0)
  message(FATAL_ERROR "relaxed: ${rx_det_releases} releases, ${rx_det_acquires} acquires (want 0)")
endif()
message(STATUS "release/acquire: 0 races; relaxed: ${rx_races_found} races on the data")
