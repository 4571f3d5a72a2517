# cosim_coverage.cmake -- Verilator coverage of the co-simulated detector RTL, in CTest (the
# same runs as `scripts/regress.sh coverage`, on the two built-in workloads only).
# Runs scord-sim-cov --detector=both (so every decision is also checked against the C model)
# on the default and atomics workloads, merges the line/toggle coverage with
# verilator_coverage, and fails when
#   - a run fails or diverges,
#   - the merged coverage is below MIN_PCT percent (measured 96 % when this was written),
#   - fewer than MIN_STEPS READ/WRITE x section-5 steps were decided by the RTL (measured 12
#     of 28 pairs; several pairs need the vector suites, which reach them through scord-cosim),
#   - no run's RTL reported a race step.
# Args: -DSIM=scord-sim-cov -DVC=verilator_coverage -DWORK=dir -DMIN_PCT=n -DMIN_STEPS=n
set(dir ${WORK}/cosim_coverage)
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})
set(dats)
foreach(w default atomics)
  execute_process(COMMAND ${SIM} --no-progress --stats-only --detector=both
                          --coverage ${dir}/${w}.dat --workload=${w}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim-cov --workload=${w} failed (${rc}):\n${out}\n${err}")
  endif()
  list(APPEND dats ${dir}/${w}.dat)
endforeach()
execute_process(COMMAND ${VC} --write ${dir}/merged.dat ${dats} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "verilator_coverage --write failed: ${err}")
endif()
execute_process(COMMAND ${VC} --annotate ${dir}/annotated --annotate-min 1 ${dir}/merged.dat
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "Total coverage \\(([0-9]+)/([0-9]+)\\)")
  message(FATAL_ERROR "verilator_coverage --annotate gave no total:\n${out}\n${err}")
endif()
set(hit ${CMAKE_MATCH_1})
set(all ${CMAKE_MATCH_2})
math(EXPR pct "100 * ${hit} / ${all}")
message(STATUS "RTL line+toggle coverage: ${hit}/${all} points (${pct} %), annotated in ${dir}/annotated")
if(pct LESS MIN_PCT)
  message(FATAL_ERROR "coverage ${pct} % is below the floor of ${MIN_PCT} %")
endif()

# Steps: lines "READ|WRITE <step words> <count>", summed over the runs.
set(reached "")
set(race_seen 0)
foreach(d ${dats})
  file(STRINGS ${d}.steps lines)
  foreach(l ${lines})
    if(l MATCHES "^(.*) ([0-9]+)$")
      if(CMAKE_MATCH_2 GREATER 0)
        list(APPEND reached "${CMAKE_MATCH_1}")
        if(CMAKE_MATCH_1 MATCHES " race$")
          set(race_seen 1)
        endif()
      endif()
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES reached)
list(LENGTH reached nsteps)
string(REPLACE ";" "\n  " shown "${reached}")
message(STATUS "spec steps decided by the RTL: ${nsteps}\n  ${shown}")
if(nsteps LESS MIN_STEPS)
  message(FATAL_ERROR "only ${nsteps} spec steps reached (floor ${MIN_STEPS})")
endif()
if(NOT race_seen)
  message(FATAL_ERROR "no race step was decided by the RTL")
endif()
