# calibrate.cmake -- the calibration microbenchmarks (scord-sim --calibrate, docs/tlm.md
# "Calibration") measure what the configuration implies: every figure within 0.5 % but the DRAM
# bandwidth over all channels, which 32 MSHRs per SM may hold up to 1.5 % below the channels' (at
# saturation the loaded latency outgrows what 32 lines in flight per SM cover; with 64 MSHRs it
# is within 0.5 %, checked); and the L2 bandwidth, which head-of-line blocking at the slices'
# outputs (one virtual channel: a reply waiting for a busy SM's ejection port holds its slice's
# replies to the others) keeps up to 10 % off; with per-destination queues (xbar_hol=0) it is
# within 0.5 %, checked on both memory systems.  The quantum changes no figure (docs/tlm.md "Time order"; before,
# SMs a quantum apart lost 15-25 % of the DRAM bandwidth), so the runs use the default one.  A
# trace given with --calibrate is an error.
function(calib q out)
  execute_process(COMMAND ${SIM} --calibrate ${q} OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim --calibrate ${q} failed (${rc}): ${e}")
  endif()
  message(STATUS "${q}:\n${o}")
  set(${out} "${o}" PARENT_SCOPE)
endfunction()
# check(TEXT NAME TOL): NAME's gap (percent) within +-TOL.
function(check text name tol)
  if(NOT text MATCHES "\n${name} +[^\n]* +([-+][0-9.]+)%")
    message(FATAL_ERROR "${name}: no row in the calibration table")
  endif()
  set(g ${CMAKE_MATCH_1})
  string(REGEX REPLACE "^[+-]" "" a "${g}")
  if(a GREATER ${tol})
    message(FATAL_ERROR "${name}: measured ${g} % off the configuration's value (tolerance ${tol} %)")
  endif()
endfunction()
calib("" q)
set(exact calib_l1 calib_l2 calib_dram calib_bw_chan calib_atom_chan calib_atom)
foreach(n ${exact})
  check("${q}" ${n} 0.5)
endforeach()
check("${q}" calib_bw 1.5)
check("${q}" calib_bw_l2 10)
calib("--l1_mshrs=64;--xbar_hol=0" qm)
check("${qm}" calib_bw 0.5)
check("${qm}" calib_bw_l2 0.5)
# Another memory system: the implied values follow the configuration.
set(alt --l2_lat=60 --dram_burst=4 --channels=6 --flit_bytes=32 --l2_subparts=4 --dram_lat=30)
calib("${alt}" qalt)
foreach(n ${exact} calib_bw)
  check("${qalt}" ${n} 0.5)
endforeach()
check("${qalt}" calib_bw_l2 10)
calib("${alt};--xbar_hol=0" qaltv)
check("${qaltv}" calib_bw_l2 0.5)
execute_process(COMMAND ${SIM} --calibrate ${TRACE} OUTPUT_QUIET ERROR_VARIABLE e RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT e MATCHES "runs its own workloads")
  message(FATAL_ERROR "--calibrate with a trace: exit ${rc}, '${e}' (expected 2 and a message)")
endif()
