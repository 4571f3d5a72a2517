# cosim_run.cmake -- one co-simulation test: scord-sim --detector=MODE (both: the line-rate RTL
# checked against the C model; rtl: the RTL alone) must exit 0 with no divergence, and its races
# must equal, as a multiset, what the C model (scord-vec) finds on the detector stream the run
# dumped. With -DSAME_AS_REF=1 the races must also equal (as a set) those
# of a run with the C model's timing (--detector=ref); in general they need not: the RTL's timing
# changes the interleaving of the SMs. Prints the simulation speed of both runs.
# -DSIM=scord-sim -DVEC=scord-vec -DWORK=dir -DNAME=test -DMODE=both|rtl -DARGS="arg|arg|..."
string(REPLACE "|" ";" args "${ARGS}")
# A name of its own per run: the same test may run twice at once on one build (the slurm/cluster
# test runs it locally and through Slurm side by side), and a shared file breaks both.
execute_process(COMMAND mktemp --suffix=.vec ${WORK}/${NAME}.XXXXXX OUTPUT_VARIABLE dump
                OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE mrc)
if(NOT mrc EQUAL 0 OR dump STREQUAL "")
  message(FATAL_ERROR "mktemp in ${WORK} failed (${mrc})")
endif()
execute_process(COMMAND ${SIM} --no-progress --detector=${MODE} ${args} --dump-vectors ${dump}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scord-sim --detector=${MODE} ${args} failed (exit ${rc}):\n${err}")
endif()
execute_process(COMMAND ${VEC} --no-expect ${dump} OUTPUT_VARIABLE vout ERROR_VARIABLE verr RESULT_VARIABLE vrc)
if(NOT vrc EQUAL 0)
  message(FATAL_ERROR "scord-vec rejected the dump ${dump} (${vrc}): ${verr}")
endif()
string(REGEX MATCHALL "race type=[^\n]*" r_run "${out}")
string(REGEX MATCHALL "race type=[^\n]*" r_vec "${vout}")
# The line-rate RTL checks lines in parallel and merges its slices' races: the same races, not
# the same order (docs/cosim.md).
list(SORT r_run)
list(SORT r_vec)
if(NOT "${r_run}" STREQUAL "${r_vec}")
  message(FATAL_ERROR "races differ from scord-vec on the run's own stream\n--detector=${MODE}:\n${r_run}\nscord-vec:\n${r_vec}")
endif()
file(REMOVE ${dump})
execute_process(COMMAND ${SIM} --no-progress --detector=ref ${args}
                OUTPUT_VARIABLE rout ERROR_VARIABLE rerr RESULT_VARIABLE rrc)
if(NOT rrc EQUAL 0)
  message(FATAL_ERROR "scord-sim --detector=ref ${args} failed (exit ${rrc}):\n${rerr}")
endif()
string(REGEX MATCHALL "\nrace type=[^\n]*" r_cos "\n${out}")
string(REGEX MATCHALL "\nrace type=[^\n]*" r_ref "\n${rout}")
list(SORT r_cos)
list(SORT r_ref)
list(LENGTH r_cos n)
list(LENGTH r_ref nref)
if("${r_cos}" STREQUAL "${r_ref}")
  message(STATUS "races ${n}: the same as with --detector=ref")
elseif(SAME_AS_REF)
  message(FATAL_ERROR "races differ\n--detector=${MODE}:${r_cos}\n--detector=ref:${r_ref}")
else()
  message(STATUS "races ${n} (--detector=ref run: ${nref}; RTL timing changed the interleaving)")
endif()
foreach(run cos ref)
  if(run STREQUAL "cos")
    set(text "${out}")
    set(m ${MODE})
  else()
    set(text "${rout}")
    set(m ref)
  endif()
  string(REGEX MATCH "\ncycles ([0-9]+)" _ "\n${text}")
  set(cyc ${CMAKE_MATCH_1})
  string(REGEX MATCH "wall_seconds ([0-9.]+)" _ "${text}")
  set(wall ${CMAKE_MATCH_1})
  string(REGEX MATCH "sim_warp_insts_per_second ([0-9]+)" _ "${text}")
  set(wips ${CMAKE_MATCH_1})
  string(REGEX MATCH "sim_det_events_per_second ([0-9]+)" _ "${text}")
  set(eps ${CMAKE_MATCH_1})
  message(STATUS "speed detector=${m} cycles=${cyc} wall_s=${wall} det_events_per_s=${eps} warp_insts_per_s=${wips}")
endforeach()
message(STATUS "no divergence; races equal scord-vec on the run's stream")
