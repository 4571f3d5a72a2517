# beat_model.cmake -- the analytic line-beat timing of --detector=ref (docs/tlm.md "Detector
# timing") counted by hand on beats.trace: beats per metadata line and det_beat_lanes, extra cycles
# per group of det_owner_ports owners, duplicate lanes riding in one slot, a beat forwarded from
# an in-flight beat of its line, and the slice split (line mod det_slices).
include(${CMAKE_CURRENT_LIST_DIR}/ref_stats.cmake)
function(expect_stats args)
  ref_stats("${args}" o)
  set(kv ${ARGN})
  list(LENGTH kv n)
  math(EXPR last "${n} - 1")
  foreach(i RANGE 0 ${last} 2)
    math(EXPR j "${i} + 1")
    list(GET kv ${i} key)
    list(GET kv ${j} want)
    string(REGEX MATCH "\n${key} ([0-9]+)" m "${o}")
    if(NOT CMAKE_MATCH_1 STREQUAL want)
      message(FATAL_ERROR "${args}: ${key} = '${CMAKE_MATCH_1}', expected ${want}")
    endif()
  endforeach()
  message(STATUS "${args}: ok")
endfunction()
# Lanes 16: P1 2 beats, P2 1, P3 1, P4 1 (forwarded), P5-P8 4, P9 1 = 10 beats; P9's 4 owners
# take 2 cycles with 2 ports, 4 with 1, 1 with 4.
expect_stats("--det_beat_lanes=16 --det_owner_ports=2" det_beats 10 det_beat_cycles 11 det_owner_extra_cycles 1
             det_forwarded_beats 1 det_duplicate_lanes 1 det_md_line_reads 9 det_md_line_writes 10)
expect_stats("--det_beat_lanes=16 --det_owner_ports=1" det_beats 10 det_beat_cycles 13 det_owner_extra_cycles 3)
expect_stats("--det_beat_lanes=16 --det_owner_ports=4" det_beats 10 det_beat_cycles 10 det_owner_extra_cycles 0)
# Lanes 8: P1 takes 4 beats.  Lanes 1: one beat per distinct entry (32 + 2 + 1 + 1 + 4 + 4).
expect_stats("--det_beat_lanes=8 --det_owner_ports=2" det_beats 12 det_beat_cycles 13)
expect_stats("--det_beat_lanes=1 --det_owner_ports=1" det_beats 44 det_beat_cycles 44 det_owner_extra_cycles 0)
# Slices: one slice books every cycle; with two, the odd line 1 goes to slice 1.
expect_stats("--det_slices=1" det_busiest_slice_cycles 11)
expect_stats("--det_slices=2" det_busiest_slice_cycles 10)
