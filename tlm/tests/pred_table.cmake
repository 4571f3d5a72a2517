# pred_table.cmake -- the timing model's predecessor table (docs/tlm.md "Pipeline and metadata")
# on the default workload: a table large enough never to fill gives the default's cycles when
# the default has no collision; one way in two sets collides, waits and costs cycles, and the
# same races are reported whatever the size (the table is timing only).
include(${CMAKE_CURRENT_LIST_DIR}/sim_stats.cmake)
set(keys cycles det_pred_collisions det_pred_wait_cycles)

sim_stats(def COUNTS ${keys})
sim_stats(big ARGS --det_pred_sets=4096 --det_pred_ways=16 COUNTS ${keys})
sim_stats(tiny ARGS --det_pred_sets=2 --det_pred_ways=1 COUNTS ${keys})
message(STATUS "default: ${def_cycles} cycles, ${def_det_pred_collisions} collisions; 4096x16: ${big_cycles}, "
               "${big_det_pred_collisions}; 2x1: ${tiny_cycles}, ${tiny_det_pred_collisions} collisions, "
               "${tiny_det_pred_wait_cycles} cycles waited")
if(NOT big_det_pred_collisions EQUAL 0)
  message(FATAL_ERROR "4096 sets x 16 ways: ${big_det_pred_collisions} collisions, expected none")
endif()
if(def_det_pred_collisions EQUAL 0 AND NOT def_cycles EQUAL big_cycles)
  message(FATAL_ERROR "no collision at the default size, yet ${def_cycles} cycles against ${big_cycles} with no table limit")
endif()
if(tiny_det_pred_collisions EQUAL 0 OR tiny_det_pred_wait_cycles EQUAL 0)
  message(FATAL_ERROR "2 sets x 1 way: no collision or no wait")
endif()
if(NOT tiny_cycles GREATER def_cycles)
  message(FATAL_ERROR "2 sets x 1 way: ${tiny_cycles} cycles, not more than the default's ${def_cycles}")
endif()
if(NOT tiny_races STREQUAL def_races OR NOT big_races STREQUAL def_races)
  message(FATAL_ERROR "the table size changed the races")
endif()
