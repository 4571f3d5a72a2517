# spin.cmake -- execution-driven polling (docs/trace-format.md "Spins"): a
# consumer polls an atomic flag that a producer sets after `delay cycles=D`.  The number of
# failed tries must follow the timing: a few when the producer does not wait (its release must be
# acknowledged before a poll sees it), more the later it sets the flag (about one per poll round
# trip), and the same code with the detector on must stay race-free.  A trace whose poll is never satisfied stops with exit 2
# (tlm/trace_errors, bad/spin_hung.trace).
foreach(d 0 2000 8000)
  # The producer's delay is in the trace; the consumer starts polling at once.
  file(WRITE ${WORK}/spin_${d}.trace "scord-trace 1
kernel name=spin grid=2 block=32
cta id=0
warp id=0
delay cycles=${d}
st addr=0xC0000100 volatile pc=0x10
fence scope=gpu pc=0x14
atom op=exch scope=gpu addr=0xC0000200 val=1 old=0 pc=0x18
signal id=1
cta id=1
warp id=0
atom op=add scope=gpu addr=0xC0000200 val=0 old=1 spin=1 spin_old=0 pc=0x20
fence scope=gpu pc=0x24
ld addr=0xC0000100 volatile pc=0x28
")
  foreach(det off ref)
    execute_process(COMMAND ${SIM} --no-progress --stats-only --detector=${det} ${WORK}/spin_${d}.trace
                    OUTPUT_VARIABLE _o ERROR_VARIABLE _e RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "delay ${d}, detector ${det}: exit ${_rc}\n${_e}")
    endif()
    foreach(k cycles spin_instrs spin_failed_tries races_found)
      if(NOT _o MATCHES "(^|\n)${k} ([0-9]+)")
        message(FATAL_ERROR "no ${k} in\n${_o}")
      endif()
      set(_${k} ${CMAKE_MATCH_2})
    endforeach()
    message(STATUS "delay ${d} detector=${det}: ${_cycles} cycles, ${_spin_failed_tries} failed tries")
    if(NOT _spin_instrs EQUAL 1 OR NOT _races_found EQUAL 0)
      message(FATAL_ERROR "delay ${d}, ${det}: spin_instrs ${_spin_instrs} (1 expected), races ${_races_found} (0)")
    endif()
    # The consumer finishes only after the flag is set: the run outlasts the delay.
    if(NOT _cycles GREATER d)
      message(FATAL_ERROR "delay ${d}, ${det}: ${_cycles} cycles, not past the producer's delay")
    endif()
    if(det STREQUAL "off")
      set(_tries_${d} ${_spin_failed_tries})
    endif()
  endforeach()
endforeach()
# A poll round trip to the L2 is 150-350 cycles: 6000 more cycles of delay cost 15-40 more tries.
math(EXPR _more "${_tries_8000} - ${_tries_2000}")
if(NOT _tries_2000 GREATER _tries_0 OR _more LESS 15 OR _more GREATER 40)
  message(FATAL_ERROR "failed tries do not follow the delay: ${_tries_0}, ${_tries_2000}, ${_tries_8000} at delays 0, 2000, 8000")
endif()
