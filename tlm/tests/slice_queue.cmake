# slice_queue.cmake -- splitter back-pressure in the analytic detector timing (docs/tlm.md
# "Detector timing"): on slice_queue.trace a same-line chain in slice 0 with 4 slots per slice
# fills slice 0's slots and queue, and the splitter then holds the items behind it (slice 1's
# independent lines among them).  With 256 slots, or a queue too deep to fill, it never waits.
include(${CMAKE_CURRENT_LIST_DIR}/ref_stats.cmake)
function(split_wait args out)
  ref_stats("${args}" o)
  if(NOT o MATCHES "\ndet_splitter_wait_cycles ([0-9]+)\n")
    message(FATAL_ERROR "scord-sim ${args}: no det_splitter_wait_cycles in its statistics")
  endif()
  set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
  # The chain: 47 beats follow their predecessor (46 when the detector's back-pressure holds the
  # SM's crossbar input and spaces the stores out: docs/tlm.md "Buffers").
  if(NOT o MATCHES "\ndet_forwarded_beats (4[67])\n")
    message(FATAL_ERROR "scord-sim ${args}: the chain is not 46-47 forwarded beats")
  endif()
endfunction()
split_wait("" w_def)
split_wait("--det_inflight=4" w_small)
split_wait("--det_inflight=4 --det_slice_queue=1024" w_deep)
message(STATUS "splitter wait: 256 slots ${w_def}, 4 slots ${w_small}, 4 slots and a 1,024-beat queue ${w_deep}")
if(NOT w_def EQUAL 0 OR NOT w_small GREATER 0 OR NOT w_deep EQUAL 0)
  message(FATAL_ERROR "expected a wait only with 4 slots and the default queue")
endif()
