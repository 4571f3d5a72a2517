# issue_lead.cmake -- temporal decoupling keeps every SM less than a quantum ahead of SystemC
# time when it issues (docs/tlm.md "temporally decoupled"; the check comes before the instruction,
# as tlm_quantumkeeper::need_sync before a transaction).  The default workload's warps wait for
# DRAM loads far longer than the quanta below, so an SM that synchronised only after an
# instruction would issue a load latency ahead (issue_lead_max >= the quantum).
foreach(q 5 20 100)
  execute_process(COMMAND ${SIM} --no-progress --stats-only --detector=ref --quantum=${q} --workload=default
                  OUTPUT_VARIABLE o RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim --quantum=${q} failed (${rc})")
  endif()
  if(NOT o MATCHES "\nissue_lead_max ([0-9]+)\n")
    message(FATAL_ERROR "--quantum=${q}: no issue_lead_max in the statistics")
  endif()
  set(lead ${CMAKE_MATCH_1})
  message(STATUS "quantum ${q}: issue_lead_max ${lead}")
  # Below the quantum, and not trivially 0: the SMs do run ahead within it.
  if(NOT lead LESS q OR lead LESS 1)
    message(FATAL_ERROR "quantum ${q}: issue_lead_max ${lead}, expected 1 .. ${q} - 1")
  endif()
endforeach()
