# placement.cmake -- det_placement (docs/tlm.md "Detector placement") on the default workload.
# Central and l2 report the same races (decisions do not depend on where the detector sits);
# at l2 the metadata never crosses the interconnect (no md_req/md_resp bytes, the accessor's
# links idle) and nothing reaches the central input port, while a fence is carried to every L2
# slice: exactly l2_slices times the central fence bytes.  Central moves metadata over the
# network.
function(run_sim prefix)
  execute_process(COMMAND ${SIM} --no-progress --workload=default ${ARGN}
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim ${ARGN}: exit ${rc}\n${e}")
  endif()
  string(REGEX MATCHALL "race type=[^\n]*" r "${o}")
  list(SORT r)
  set(${prefix}_races "${r}" PARENT_SCOPE)
  foreach(k cycles icnt_bytes_md_req icnt_bytes_md_resp icnt_bytes_fence_pkt)
    if(NOT o MATCHES "\n${k} ([0-9]+)")
      message(FATAL_ERROR "scord-sim ${ARGN}: no ${k} line")
    endif()
    set(${prefix}_${k} ${CMAKE_MATCH_1} PARENT_SCOPE)
  endforeach()
  if(NOT o MATCHES "\nutil_det_in mean ([0-9.]+)")
    message(FATAL_ERROR "scord-sim ${ARGN}: no util_det_in line")
  endif()
  set(${prefix}_det_in ${CMAKE_MATCH_1} PARENT_SCOPE)
  if(NOT o MATCHES "\nutil_md_link mean ([0-9.]+)")
    message(FATAL_ERROR "scord-sim ${ARGN}: no util_md_link line")
  endif()
  set(${prefix}_md_link ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()

foreach(timing model ideal)
  run_sim(c --detector-timing=${timing} --det-placement=central)
  run_sim(l --detector-timing=${timing} --det-placement=l2)
  message(STATUS "${timing}: cycles central ${c_cycles}, l2 ${l_cycles}; fence bytes ${c_icnt_bytes_fence_pkt} / ${l_icnt_bytes_fence_pkt}")
  list(LENGTH c_races n)
  if(n EQUAL 0 OR NOT c_races STREQUAL l_races)
    message(FATAL_ERROR "${timing}: races differ (or none)\ncentral: ${c_races}\nl2: ${l_races}")
  endif()
  if(NOT l_icnt_bytes_md_req EQUAL 0 OR NOT l_icnt_bytes_md_resp EQUAL 0 OR NOT l_md_link STREQUAL "0.000"
     OR NOT l_det_in STREQUAL "0.000")
    message(FATAL_ERROR "${timing}: l2 placement put detector traffic on the network: md_req ${l_icnt_bytes_md_req}, "
                        "md_resp ${l_icnt_bytes_md_resp}, md link ${l_md_link}, det_in ${l_det_in}")
  endif()
  if(c_icnt_bytes_md_req EQUAL 0 OR c_det_in STREQUAL "0.000")
    message(FATAL_ERROR "${timing}: central placement sent no metadata over the network")
  endif()
  math(EXPR want "${c_icnt_bytes_fence_pkt} * 24")  # 12 channels x 2 sub-partitions
  if(c_icnt_bytes_fence_pkt EQUAL 0 OR NOT l_icnt_bytes_fence_pkt EQUAL want)
    message(FATAL_ERROR "${timing}: l2 fence bytes ${l_icnt_bytes_fence_pkt}, want 24 x ${c_icnt_bytes_fence_pkt}")
  endif()
endforeach()
