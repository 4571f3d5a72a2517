# placement.cmake -- det_placement (docs/tlm.md "Detector placement") on the default workload.
# Central and l2 report the same races (decisions do not depend on where the detector sits);
# at l2 the metadata never crosses the interconnect (no md_req/md_resp bytes, the accessor's
# links idle) and nothing reaches the central input port, while a fence is carried to every L2
# slice: exactly l2_slices times the central fence bytes.  Central moves metadata over the
# network.
include(${CMAKE_CURRENT_LIST_DIR}/sim_stats.cmake)

foreach(timing model ideal)
  foreach(pl c:central l:l2)
    string(REPLACE ":" ";" pl "${pl}")
    list(GET pl 0 pfx)
    list(GET pl 1 placement)
    sim_stats(${pfx} ARGS --detector-timing=${timing} --det-placement=${placement}
              COUNTS cycles icnt_bytes_md_req icnt_bytes_md_resp icnt_bytes_fence_pkt MEANS util_det_in util_md_link)
  endforeach()
  message(STATUS "${timing}: cycles central ${c_cycles}, l2 ${l_cycles}; fence bytes ${c_icnt_bytes_fence_pkt} / ${l_icnt_bytes_fence_pkt}")
  list(LENGTH c_races n)
  if(n EQUAL 0 OR NOT c_races STREQUAL l_races)
    message(FATAL_ERROR "${timing}: races differ (or none)\ncentral: ${c_races}\nl2: ${l_races}")
  endif()
  if(NOT l_icnt_bytes_md_req EQUAL 0 OR NOT l_icnt_bytes_md_resp EQUAL 0 OR NOT l_util_md_link STREQUAL "0.000"
     OR NOT l_util_det_in STREQUAL "0.000")
    message(FATAL_ERROR "${timing}: l2 placement put detector traffic on the network: md_req ${l_icnt_bytes_md_req}, "
                        "md_resp ${l_icnt_bytes_md_resp}, md link ${l_util_md_link}, det_in ${l_util_det_in}")
  endif()
  if(c_icnt_bytes_md_req EQUAL 0 OR c_util_det_in STREQUAL "0.000")
    message(FATAL_ERROR "${timing}: central placement sent no metadata over the network")
  endif()
  math(EXPR want "${c_icnt_bytes_fence_pkt} * 24")  # 12 channels x 2 sub-partitions
  if(c_icnt_bytes_fence_pkt EQUAL 0 OR NOT l_icnt_bytes_fence_pkt EQUAL want)
    message(FATAL_ERROR "${timing}: l2 fence bytes ${l_icnt_bytes_fence_pkt}, want 24 x ${c_icnt_bytes_fence_pkt}")
  endif()
endforeach()
