# two_eval.cmake -- one evaluation per cycle (docs/cosim.md): scord-rtl-tb run with --two-eval
# (both clock phases evaluated, and the merge valid the harness computes checked against the
# RTL's det_in_valid_o every cycle) prints exactly what the default one-eval run prints: the
# same cycles, coverage counts, races and verdict.  TB: the program; ARGS: its run options;
# OTHER: the option of the second run (default --two-eval; --one-model compares the default
# variant's split models, tb_split.h, with scord_tb_top).
separate_arguments(_args UNIX_COMMAND "${ARGS}")
if(NOT DEFINED OTHER)
  set(OTHER --two-eval)
endif()
foreach(mode one two)
  set(_x "")
  if(mode STREQUAL "two")
    set(_x ${OTHER})
  endif()
  execute_process(COMMAND ${TB} ${_args} ${_x} OUTPUT_VARIABLE _o_${mode} ERROR_VARIABLE _e RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${TB} ${ARGS} ${_x}: exit ${_rc}\n${_o_${mode}}${_e}")
  endif()
endforeach()
if(NOT _o_one MATCHES "PASS: [0-9]+ events")
  message(FATAL_ERROR "no PASS line:\n${_o_one}")
endif()
if(NOT _o_one STREQUAL _o_two)
  message(FATAL_ERROR "${OTHER} changed the output:\n--- without\n${_o_one}--- with ${OTHER}\n${_o_two}")
endif()
string(REGEX MATCH "PASS: [^\n]*" _pass "${_o_one}")
message(STATUS "identical output: ${_pass}")
