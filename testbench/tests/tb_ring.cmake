# tb_ring.cmake -- scord-rtl-tb keeps only its last 4,096 events (EventRing); a divergence report
# must still name the right event long after the ring has wrapped.  TB: the program; WORK: a
# scratch directory.  An injected race-record fault (SCORD_TB_INJECT=race:5000, near event 11,500
# of seed 1) must print "event M: TEXT" with TEXT the M-th event of the stream --dump writes.
set(_vec ${WORK}/tb_ring.vec)
execute_process(COMMAND ${CMAKE_COMMAND} -E env SCORD_TB_INJECT=race:5000
                        ${TB} --seed 1 --events 12000 --dump ${_vec}
                OUTPUT_VARIABLE _o ERROR_VARIABLE _e RESULT_VARIABLE _rc)
if(_rc EQUAL 0)
  message(FATAL_ERROR "the injected fault was not caught:\n${_o}${_e}")
endif()
if(NOT _o MATCHES "DIVERGENCE \\(race record\\) at cycle [0-9]+, event ([0-9]+): ([^\n]*)")
  message(FATAL_ERROR "no divergence line naming an event:\n${_o}")
endif()
set(_ev ${CMAKE_MATCH_1})
set(_text "${CMAKE_MATCH_2}")
if(_ev LESS 4096)
  message(FATAL_ERROR "event ${_ev}: the ring has not wrapped; choose a later fault")
endif()
file(STRINGS ${_vec} _lines)
list(FILTER _lines EXCLUDE REGEX "^(#|config |scord-vectors )")
list(LENGTH _lines _n)
if(_ev GREATER_EQUAL _n)
  message(FATAL_ERROR "event ${_ev}: the dump has only ${_n} events")
endif()
list(GET _lines ${_ev} _want)
if(NOT _text STREQUAL _want)
  message(FATAL_ERROR "event ${_ev}: the report says '${_text}', the stream has '${_want}'")
endif()
message(STATUS "event ${_ev} named correctly: ${_text}")
