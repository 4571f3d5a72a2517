# ref_stats.cmake -- included by the timing-model tests (beat_model.cmake, slice_queue.cmake):
# ref_stats(ARGS OUT) runs `SIM --no-progress --stats-only --detector=ref ARGS TRACE` and sets
# OUT to its statistics; a failing run stops the test.
function(ref_stats args out)
  separate_arguments(a UNIX_COMMAND "${args}")
  execute_process(COMMAND ${SIM} --no-progress --stats-only --detector=ref ${a} ${TRACE}
                  OUTPUT_VARIABLE o RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim ${args} failed (${rc})")
  endif()
  set(${out} "${o}" PARENT_SCOPE)
endfunction()
