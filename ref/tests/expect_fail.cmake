# Run scord-vec on FILE; pass only if it exits 1 (expectation failure) and reports overflow=1.
execute_process(COMMAND ${PROG} ${FILE} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected exit 1, got ${rc}")
endif()
if(NOT out MATCHES "overflow=1 FAIL" OR NOT out MATCHES "overflow: 1 race record")
  message(FATAL_ERROR "overflow not reported")
endif()
