# cosim_broken.cmake -- the lockstep comparator catches a broken RTL: scord-sim-broken-rtl (the
# RTL with owner_fenced_dev's comparison flipped, or with +broken_bloom an empty bloom stored at
# step 1; built by tlm/CMakeLists.txt) must stop with
# exit 1 and a divergence report naming what differed, the event, its source line, the simulated
# time and both outputs. Checked on the built-in default workload and on an application trace.
# -DSIM=scord-sim-broken-rtl -DWORK=dir
foreach(input "--workload=default" "${CMAKE_CURRENT_LIST_DIR}/mp.trace")
  execute_process(COMMAND ${SIM} --no-progress --detector=both ${input}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "broken RTL on ${input}: expected exit 1 (divergence), got ${rc}\n${err}")
  endif()
  foreach(want "CO-SIMULATION DIVERGENCE in (metadata write|race record|race decision)"
               "C model: simulated cycle [0-9]+" "C model event: (ld|st|atom) sm=" "vector line: [0-9]+"
               "C model output: [^\n]+" "RTL output: +[^\n]+" "RTL clock cycle: [0-9]+")
    if(NOT err MATCHES "${want}")
      message(FATAL_ERROR "broken RTL on ${input}: the report lacks '${want}':\n${err}")
    endif()
  endforeach()
  if(input MATCHES "mp.trace" AND NOT err MATCHES "source: [^\n]*mp.trace:[0-9]+")
    message(FATAL_ERROR "the report does not name the trace line:\n${err}")
  endif()
  message(STATUS "caught on ${input}:\n${err}")
endforeach()
# The second bug (+broken_bloom: step 1 stores an empty bloom) is first seen as a metadata write,
# reported with both values decoded.
execute_process(COMMAND ${SIM} --no-progress --stats-only --detector=both +broken_bloom --workload=default
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT err MATCHES "DIVERGENCE in metadata write"
   OR NOT err MATCHES "C model output: write index 0x[0-9a-f]+ value 0x[0-9a-f]+ \\([^\n]*bloom=0x[1-9a-f]"
   OR NOT err MATCHES "RTL output: +write index 0x[0-9a-f]+ value 0x[0-9a-f]+ \\([^\n]*bloom=0x0 ")
  message(FATAL_ERROR "+broken_bloom: expected exit 1 and a metadata-write report, got ${rc}:\n${err}")
endif()
message(STATUS "caught +broken_bloom:\n${err}")

# --detector=rtl alone has no comparator: the same broken RTL finishes (the lockstep is what
# catches it), and its races differ from the C model's on the message-passing example.
execute_process(COMMAND ${SIM} --no-progress --detector=rtl ${CMAKE_CURRENT_LIST_DIR}/mp.trace
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
execute_process(COMMAND ${SIM} --no-progress --detector=ref ${CMAKE_CURRENT_LIST_DIR}/mp.trace
                OUTPUT_VARIABLE rout RESULT_VARIABLE rrc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--detector=rtl (no comparator) should finish: exit ${rc}\n${err}")
endif()
string(REGEX MATCHALL "race type=[^\n]*" a "${out}")
string(REGEX MATCHALL "race type=[^\n]*" b "${rout}")
if("${a}" STREQUAL "${b}")
  message(FATAL_ERROR "the broken RTL alone gave the C model's races: the flipped comparison is not exercised")
endif()
