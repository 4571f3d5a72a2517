# chain_latency.cmake -- the timing model's det_lat is measured on the RTL, not guessed: a chain
# of stores to one word (each beat follows the one before it, docs/rtl.md "Same-line beats") costs
# det_lat + 2 cycles per beat in the model (tlm/detector.cc timing_beats), so the line-rate RTL
# (test_line_detector --measure, one-cycle memory) must take that many cycles per store.
# Inputs: TB (test_line_detector), SIM (scord-sim, for det_lat's default), DIR (scratch).
set(n 2000)
set(v "${DIR}/chain.vec")
set(body "scord-vectors 1\n# ${n} one-lane stores to one word: a same-line chain\nkernel name=chain\ncta sm=0 cta=0 first_warp=0 warps=4\n")
string(REPEAT "st sm=0 cta=0 warp=0 addr=0xc0000000 n=1 stride=4 pc=0x100\n" ${n} stores)
file(WRITE "${v}" "${body}${stores}")
execute_process(COMMAND ${TB} --measure --latency 1 --vec ${v} OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "test_line_detector --measure failed (${rc}):\n${o}${e}")
endif()
string(REGEX MATCH "cycles=([0-9]+)" m "${o}")
set(cycles ${CMAKE_MATCH_1})
execute_process(COMMAND ${SIM} --help OUTPUT_VARIABLE h ERROR_VARIABLE h2 RESULT_VARIABLE rc)
string(REGEX MATCH "--det_lat +([0-9]+)" m "${h}${h2}")
set(lat ${CMAKE_MATCH_1})
if(cycles STREQUAL "" OR lat STREQUAL "")
  message(FATAL_ERROR "could not read cycles ('${cycles}') or det_lat ('${lat}')")
endif()
# Per store, to the nearest cycle (the pipeline's fill and drain spread over the chain).
math(EXPR per "(${cycles} + ${n} / 2) / ${n}")
math(EXPR want "${lat} + 2")
if(NOT per EQUAL want)
  message(FATAL_ERROR "RTL same-line chain: ${cycles} cycles for ${n} stores = ${per} per store; "
                      "the model's det_lat ${lat} implies ${want} (tlm/sim_config.h)")
endif()
message(STATUS "RTL chain ${cycles} cycles / ${n} stores = ${per} per store = det_lat ${lat} + 2")
