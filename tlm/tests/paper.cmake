# paper.cmake -- tlm/paper/<app> (label full, scripts/regress.sh full): APP at the paper's size
# (Table II; vectors/README.md "Sizes") through scord-sim's own generator, with --compare-off.
# The run must end, print the overhead, and its detection run must find no race, except in UTS
# false races of the 6-bit fence counters (fence-type races: vectors/README.md "Counter wraps").
# Prints the overhead, the Figure 10 breakdown and the wall time.
string(TIMESTAMP _t0 "%s")
execute_process(COMMAND ${SIM} --workload=${APP} --size=paper --compare-off --no-progress
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _o ERROR_VARIABLE _e)
string(TIMESTAMP _t1 "%s")
math(EXPR _wall "${_t1} - ${_t0}")
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "scord-sim --workload=${APP} --size=paper --compare-off: exit ${_rc}\n${_o}\n${_e}")
endif()
string(REGEX MATCH "overhead_pct [0-9.]+" _ovh "${_o}")
string(REGEX MATCH "breakdown [^\n]*" _bd "${_o}")
string(REGEX MATCH "run on +cycles [0-9]+" _on "${_o}")
if(NOT _ovh OR NOT _bd OR NOT _on)
  message(FATAL_ERROR "no overhead, breakdown or detection run in the output:\n${_o}")
endif()
string(REGEX MATCHALL "race type=[a-z_]+" _races "${_o}")
list(LENGTH _races _n)
set(_bad ${_races})
if(APP STREQUAL "uts")
  list(FILTER _bad EXCLUDE REGEX "type=(blk|dev)_fence$")
endif()
list(LENGTH _bad _nbad)
message(STATUS "${APP} paper: ${_ovh}, ${_bd}; ${_n} race(s); ${_wall} s")
if(_nbad GREATER 0)
  message(FATAL_ERROR "${APP} at paper size found ${_nbad} race(s) it cannot have:\n${_o}")
endif()
