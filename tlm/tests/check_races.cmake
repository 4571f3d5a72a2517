# check_races.cmake -- the built-in default workload finds exactly its three injected races.
# -DSIM=scord-sim -DWORK=dir -DCASE=default
execute_process(COMMAND ${SIM} --no-progress --workload=${CASE} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scord-sim failed (${rc}): ${err}")
endif()
string(REGEX MATCHALL "race type=[^\n]*" races "${out}")
list(LENGTH races n)
if(NOT n EQUAL 3)
  message(FATAL_ERROR "expected 3 races, got ${n}:\n${races}")
endif()
foreach(want "type=dev_fence kind=ld scope=device .*addr=0xc6000000"
             "type=scoped_atomic kind=atom scope=device .*addr=0xc6000100"
             "type=lock_store kind=st .*addr=0xc3000080")
  if(NOT out MATCHES "race ${want}")
    message(FATAL_ERROR "missing race matching '${want}' in:\n${races}")
  endif()
endforeach()
