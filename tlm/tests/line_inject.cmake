# line_inject.cmake -- the --detector=both comparator catches a broken line-rate RTL: a corrupted
# write-back entry (SCORD_LINE_INJECT=wb:N) and a lost race record (race:N) each stop the run
# with exit 1 and a divergence report naming what differs; an uninjected run passes.
# -DSIM=scord-sim
set(cases "wb:5|metadata write-back" "race:1|race record")
foreach(c ${cases})
  string(REPLACE "|" ";" c "${c}")
  list(GET c 0 inj)
  list(GET c 1 what)
  set(ENV{SCORD_LINE_INJECT} ${inj})
  execute_process(COMMAND ${SIM} --no-progress --detector=both --workload=default
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "SCORD_LINE_INJECT=${inj}: exit ${rc}, expected 1 (divergence)\n${err}")
  endif()
  if(NOT err MATCHES "CO-SIMULATION DIVERGENCE in ${what} \\(line-rate RTL vs C model")
    message(FATAL_ERROR "SCORD_LINE_INJECT=${inj}: no '${what}' divergence report\n${err}")
  endif()
  if(NOT err MATCHES "  C model: [^\n]+\n  RTL:     [^\n]+\n")
    message(FATAL_ERROR "SCORD_LINE_INJECT=${inj}: the report lacks the C model and RTL lines\n${err}")
  endif()
  message(STATUS "SCORD_LINE_INJECT=${inj} caught:\n${err}")
endforeach()
set(ENV{SCORD_LINE_INJECT} "wb:x")
execute_process(COMMAND ${SIM} --no-progress --detector=both --workload=default
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "SCORD_LINE_INJECT=wb:x: exit ${rc}, expected 2 (bad value)\n${err}")
endif()
unset(ENV{SCORD_LINE_INJECT})
execute_process(COMMAND ${SIM} --no-progress --detector=both --workload=default
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "# both: equal to the C model")
  message(FATAL_ERROR "the uninjected run did not pass (exit ${rc})\n${err}")
endif()
