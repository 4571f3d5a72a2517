# cosim_vcd.cmake -- the RTL waveform (--trace FILE / +trace): FST, VCD for a FILE ending in
# .vcd (written as FST, converted at close, no temporary left); written only when asked, complete
# after a normal run, limited to a cycle window with --trace-from/--trace-to, flushed after a
# divergence (exit 1, an RTL output corrupted by SCORD_LINE_INJECT) and after SIGINT (exit 130).
# -DSIM=scord-sim -DWORK=dir
set(T ${CMAKE_CURRENT_LIST_DIR})
set(dir ${WORK}/cosim_vcd)
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})

# Normal run: a complete VCD with the detector's ports.
execute_process(COMMAND ${SIM} --no-progress --detector=both --trace ${dir}/ok.vcd ${T}/mp.trace
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT EXISTS ${dir}/ok.vcd)
  message(FATAL_ERROR "--trace run failed (${rc}) or wrote no file:\n${err}")
endif()
file(READ ${dir}/ok.vcd vcd LIMIT 20000000)  # the header alone is about 1 MB
foreach(want "\\$enddefinitions" "mem_rd_valid_o" "ring_wr_valid_o" "in_ready_o" "\n#[0-9]+")
  if(NOT vcd MATCHES "${want}")
    message(FATAL_ERROR "ok.vcd lacks '${want}'")
  endif()
endforeach()

# FST by default: any other name gets FST (block 0, the header, first; no VCD text).
execute_process(COMMAND ${SIM} --no-progress --detector=both --trace ${dir}/ok.fst ${T}/mp.trace
                OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT EXISTS ${dir}/ok.fst)
  message(FATAL_ERROR "--trace ok.fst failed (${rc}) or wrote no file:\n${err}")
endif()
file(READ ${dir}/ok.fst head LIMIT 1 HEX)
file(READ ${dir}/ok.fst ftext LIMIT 100000)
file(SIZE ${dir}/ok.fst fsz)
file(SIZE ${dir}/ok.vcd vsz)
if(NOT head STREQUAL "00" OR ftext MATCHES "enddefinitions" OR NOT fsz LESS vsz)
  message(FATAL_ERROR "ok.fst is not FST (first byte ${head}, ${fsz} bytes against the VCD's ${vsz})")
endif()
file(GLOB tmp ${dir}/*.tmp)
if(tmp)
  message(FATAL_ERROR "a VCD run left its FST behind: ${tmp}")
endif()

# +trace writes scord-sim.fst in the working directory; without it, no waveform.
execute_process(COMMAND ${SIM} --no-progress --detector=rtl +trace ${T}/mp.trace WORKING_DIRECTORY ${dir}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 0 OR NOT EXISTS ${dir}/scord-sim.fst)
  message(FATAL_ERROR "+trace did not write scord-sim.fst (${rc})")
endif()
file(REMOVE ${dir}/scord-sim.fst)
execute_process(COMMAND ${SIM} --no-progress --detector=rtl ${T}/mp.trace WORKING_DIRECTORY ${dir}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
file(GLOB left ${dir}/*.vcd ${dir}/*.fst)
list(REMOVE_ITEM left ${dir}/ok.vcd ${dir}/ok.fst)
if(left)
  message(FATAL_ERROR "a run without --trace wrote ${left}")
endif()
# --trace with the C model alone is an error (no RTL to trace).
execute_process(COMMAND ${SIM} --detector=ref --trace ${dir}/x.vcd ${T}/mp.trace RESULT_VARIABLE rc
                OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "needs --detector=rtl")
  message(FATAL_ERROR "--trace with --detector=ref: expected exit 2 and a message, got ${rc}: ${err}")
endif()

# A window: only the RTL cycles 100..200 (times cycle*1000 and cycle*1000+500).
execute_process(COMMAND ${SIM} --no-progress --detector=rtl --trace ${dir}/win.vcd --trace-from=100 --trace-to=200
                ${T}/mp.trace RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--trace-from/--trace-to run failed (${rc}):\n${err}")
endif()
file(READ ${dir}/win.vcd wvcd)
string(REGEX MATCHALL "\n#[0-9]+" stamps "${wvcd}")
# The engine evaluates only cycles where the RTL can move (docs/cosim.md), so the window's first
# stamp may come after #100000; none may lie outside it.
list(LENGTH stamps n)
if(n EQUAL 0)
  message(FATAL_ERROR "win.vcd holds no time stamp")
endif()
foreach(t ${stamps})
  string(REGEX REPLACE "[^0-9]" "" t "${t}")
  if(t LESS 100000 OR t GREATER 200500)
    message(FATAL_ERROR "win.vcd has time #${t}, outside cycles 100..200 (#100000..#200500)")
  endif()
endforeach()

# Divergence: the waveform is flushed up to the failing cycle, and the report names it.
set(ENV{SCORD_LINE_INJECT} wb:5)
execute_process(COMMAND ${SIM} --no-progress --detector=both --trace ${dir}/bad.vcd --workload=default
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
unset(ENV{SCORD_LINE_INJECT})
if(NOT rc EQUAL 1 OR NOT err MATCHES "waveform: [^\n]*bad.vcd")
  message(FATAL_ERROR "corrupted RTL output with --trace: expected exit 1 naming bad.vcd, got ${rc}:\n${err}")
endif()
file(SIZE ${dir}/bad.vcd bsz)
if(bsz LESS 1000)
  message(FATAL_ERROR "bad.vcd is ${bsz} bytes: not flushed")
endif()

# SIGINT: a long run interrupted after a second still leaves a flushed waveform, exit 130.
execute_process(COMMAND sh -c "'${SIM}' --no-progress --detector=rtl --workload=default --scale=4 --trace '${dir}/int.vcd' >/dev/null 2>'${dir}/int.err' & p=$!; sleep 1; kill -INT $p; wait $p; echo rc=$?"
                OUTPUT_VARIABLE out)
file(READ ${dir}/int.err ierr)
if(NOT out MATCHES "rc=130" OR NOT ierr MATCHES "interrupted.*int.vcd")
  message(FATAL_ERROR "SIGINT: expected exit 130 and a flushed waveform, got '${out}' '${ierr}'")
endif()
file(SIZE ${dir}/int.vcd sz)
file(READ ${dir}/int.vcd ivcd OFFSET 0 LIMIT 3000000)
if(sz LESS 10000 OR NOT ivcd MATCHES "\\$enddefinitions")
  message(FATAL_ERROR "SIGINT: int.vcd is ${sz} bytes or has no header")
endif()
file(REMOVE ${dir}/int.vcd)  # hundreds of MB
message(STATUS "waveforms: ok.vcd, bad.vcd (to the divergence), int.vcd (${sz} bytes after SIGINT)")
