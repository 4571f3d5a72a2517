# quantum.cmake -- time order (docs/tlm.md "Time order"): for every workload in
# WORKLOADS (NAME, or NAME@SIZE for an application at a size) and every detector mode in
# DETECTORS (default: off and ref), the run at --quantum=1 and the run at the default quantum
# give the same statistics, line for line (wall time, simulation speed and issue_lead_max aside).
# Every access to shared state (L2, DRAM, the detector, the grid-wide counters, the CTA queue)
# is issued at its SM's turn in its cycle, so the quantum only lets SM-local work run ahead and
# cannot change a result.  Before that the detector's in-order queue took packets in call order
# (1DC large: 14.6 % more cycles at quantum 100), and RED at paper size with detection off ran
# 44 % longer at quantum 100 (DRAM rows opened in call order).
# VARIANT (default --quantum=1): the option whose run is compared with the default run; the
# same comparison checks other options that must not change a result (--rtl_md_batch=0: the
# RTL engine's metadata traffic booked as issued rather than in batches; --rtl_one_eval=0: the
# RTL engines' clock-low eval() made every cycle; docs/cosim.md).
# EXTRA: options of both runs (a placement, a preset).
if(NOT DEFINED DETECTORS)
  set(DETECTORS off ref)
endif()
if(NOT DEFINED VARIANT)
  set(VARIANT --quantum=1)
endif()
string(REGEX REPLACE "[^A-Za-z0-9_]+" "_" _vname "${VARIANT}")
set(_fail "")
foreach(w ${WORKLOADS})
  if(w MATCHES "^([a-z0-9_]+)@([a-z]+)$")
    set(_args --workload=${CMAKE_MATCH_1} --size=${CMAKE_MATCH_2})
  else()
    set(_args --workload=${w})
  endif()
  foreach(det ${DETECTORS})
    set(_stats "")
    foreach(q variant default)
      set(_qa "")
      if(q STREQUAL "variant")
        set(_qa ${VARIANT})
      endif()
      execute_process(COMMAND ${SIM} --no-progress --stats-only --detector=${det} ${EXTRA} ${_qa} ${_args}
                      OUTPUT_VARIABLE _o ERROR_VARIABLE _e RESULT_VARIABLE _rc)
      if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "scord-sim ${_args} --detector=${det} ${_qa}: exit ${_rc}\n${_e}")
      endif()
      if(NOT _o MATCHES "(^|\n)cycles ([0-9]+)\n")
        message(FATAL_ERROR "scord-sim ${_args}: no cycles line in\n${_o}")
      endif()
      set(_c_${q} ${CMAKE_MATCH_2})
      # What may differ: host time and speed, and how far SMs ran ahead (bounded by the quantum).
      string(REGEX REPLACE "(^|\n)(wall_seconds|sim_[a-z_]+|issue_lead_max) [^\n]*" "" _o "${_o}")
      set(_s_${q} "${_o}")
    endforeach()
    set(_line "${w} detector=${det}: ${VARIANT} ${_c_variant} cycles, default ${_c_default}")
    if(_s_variant STREQUAL _s_default)
      message(STATUS "${_line}, every statistic equal")
    else()
      message(STATUS "${_line}: statistics differ")
      string(APPEND _fail "  ${_line}\n")
      file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/quantum_${w}_${det}${_vname}.txt "${_s_variant}")
      file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/quantum_${w}_${det}_default.txt "${_s_default}")
    endif()
  endforeach()
endforeach()
if(_fail)
  message(FATAL_ERROR "${VARIANT} changed results (statistics in quantum_*.txt here):\n${_fail}")
endif()
