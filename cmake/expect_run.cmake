# expect_run.cmake -- the runner of scord_expect_test (cmake/scord_test.cmake).  Runs CMD (a list;
# an element's ';' escaped as '\;') with the environment setting ENV ("NAME=VALUE") if given,
# and checks that its exit status is exactly RC and, when given, that its output (stdout then
# stderr) matches REGEX (RC "nonzero": any status from 1 up, no signal) and that FILE exists and is not empty.  A crash, any other status or a
# missing match fails: a test gets the outcome it expects, not any outcome that prints the
# right words.  Also usable directly: cmake -DCMD=prog "-DARGS=a b" -DRC=n [-DREGEX=..] -P this.
if(NOT DEFINED CMD)
  message(FATAL_ERROR "expect_run.cmake: CMD is not set")
endif()
# Quoted: an element's escaped ';' must survive until execute_process.
set(_cmd "${CMD}")
if(DEFINED ARGS)
  separate_arguments(_args UNIX_COMMAND "${ARGS}")
  list(APPEND _cmd ${_args})
endif()
if(DEFINED ENV AND NOT ENV STREQUAL "")
  list(PREPEND _cmd ${CMAKE_COMMAND} -E env ${ENV})
endif()
if(DEFINED FILE AND NOT FILE STREQUAL "")
  file(REMOVE ${FILE})
endif()
execute_process(COMMAND ${_cmd} OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc)
set(_all "${_out}${_err}")
string(REPLACE ";" " " _shown "${_cmd}")
# RC "nonzero": any exit status from 1 up (a tool that exits with its error count), but
# not a signal: RESULT_VARIABLE then holds its name, not a number.
if(RC STREQUAL "nonzero")
  if(NOT _rc MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "${_shown}: exit status '${_rc}', expected a non-zero status\n${_all}")
  endif()
elseif(NOT "${_rc}" STREQUAL "${RC}")
  message(FATAL_ERROR "${_shown}: exit status '${_rc}', expected ${RC}\n${_all}")
endif()
if(DEFINED REGEX AND NOT REGEX STREQUAL "" AND NOT _all MATCHES "${REGEX}")
  message(FATAL_ERROR "${_shown}: output does not match '${REGEX}':\n${_all}")
endif()
if(DEFINED FILE AND NOT FILE STREQUAL "")
  if(NOT EXISTS ${FILE})
    message(FATAL_ERROR "${FILE} was not written")
  endif()
  file(SIZE ${FILE} _size)
  if(_size EQUAL 0)
    message(FATAL_ERROR "${FILE} is empty")
  endif()
endif()
message("${_all}")
message(STATUS "exit ${_rc} as expected")
