# interrupt.cmake -- SIGINT stops a C-model run cleanly (docs/tlm.md "Errors"): the SMs poll the
# flag main.cc's handler sets, the SimError reaches run_sim, and scord-sim exits 130 naming the
# cycle.  A run that finishes within the second proves nothing: the test then fails, asking for a
# longer workload.  -DSIM=scord-sim -DWORK=dir
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND sh -c "'${SIM}' --no-progress --detector=ref --workload=default --scale=64 >/dev/null 2>'${WORK}/interrupt.err' & p=$!; sleep 1; kill -INT $p; wait $p; echo rc=$?"
                OUTPUT_VARIABLE out)
file(READ ${WORK}/interrupt.err err)
if(out MATCHES "rc=0")
  message(FATAL_ERROR "the run finished before the interrupt: use a longer workload in this test")
endif()
if(NOT out MATCHES "rc=130" OR NOT err MATCHES "scord-sim: interrupted at cycle [0-9]+")
  message(FATAL_ERROR "SIGINT on a C-model run: expected exit 130 and 'interrupted at cycle N', got '${out}' '${err}'")
endif()
message(STATUS "interrupted: ${err}")
