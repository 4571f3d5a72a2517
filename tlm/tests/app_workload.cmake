# app_workload.cmake -- tlm/app_workload: `scord-sim --workload=APP` runs scord-gen's application
# (vectors/gen/apps.c, linked in) and gives the same statistics as the trace scord-gen writes for
# the same size, seed and switches; bad sizes and switches are refused with exit 2 and a message.
function(check_app _app _size _seed _inj)
  set(_ginj "")
  if(_inj)
    set(_ginj --inject=${_inj})
  endif()
  set(_sinj ${_ginj})
  execute_process(COMMAND ${GEN} app=${_app} --size=${_size} --seed=${_seed} ${_ginj}
                          --out-vec=${WORK}/${_app}.vec --out-trace=${WORK}/${_app}.trace RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "scord-gen app=${_app}: exit ${_rc}")
  endif()
  execute_process(COMMAND ${SIM} --stats-only --no-progress ${WORK}/${_app}.trace
                  RESULT_VARIABLE _rc1 OUTPUT_VARIABLE _o1 ERROR_VARIABLE _e1)
  execute_process(COMMAND ${SIM} --stats-only --no-progress --workload=${_app} --size=${_size} --seed=${_seed} ${_sinj}
                  RESULT_VARIABLE _rc2 OUTPUT_VARIABLE _o2 ERROR_VARIABLE _e2)
  if(NOT _rc1 EQUAL 0 OR NOT _rc2 EQUAL 0)
    message(FATAL_ERROR "${_app}: exit ${_rc1} (trace) / ${_rc2} (--workload)\n${_e1}\n${_e2}")
  endif()
  # wall-clock lines differ; everything simulated must not
  string(REGEX REPLACE "[^\n]*(wall|per_second)[^\n]*\n?" "" _o1 "${_o1}")
  string(REGEX REPLACE "[^\n]*(wall|per_second)[^\n]*\n?" "" _o2 "${_o2}")
  string(REGEX MATCH "cycles [0-9]+" _cy "${_o2}")
  if(NOT _o1 STREQUAL _o2 OR NOT _cy)
    message(FATAL_ERROR "${_app} ${_size} seed ${_seed} ${_sinj}: --workload differs from the trace:\n--- trace\n${_o1}\n--- --workload\n${_o2}")
  endif()
  message(STATUS "${_app} ${_size} seed ${_seed} ${_sinj}: same statistics (${_cy})")
endfunction()
check_app(red large 1 "")
check_app(uts small 3 l-rel-nofence)
foreach(_args "--workload=mm;--size=huge" "--workload=mm;--inject=nosuch" "--workload=default;--size=paper"
              "--workload=stream;--inject=all" "${WORK}/red.trace;--size=paper"
              "--workload=mm;--scale=2")
  execute_process(COMMAND ${SIM} ${_args} --stats-only RESULT_VARIABLE _rc ERROR_VARIABLE _e OUTPUT_QUIET)
  if(NOT _rc EQUAL 2 OR NOT _e MATCHES "size|inject|scale")
    message(FATAL_ERROR "scord-sim ${_args}: expected exit 2 and a message naming the option, got ${_rc}: ${_e}")
  endif()
endforeach()
