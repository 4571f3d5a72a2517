# ref_stats.cmake -- statistics of one scord-sim run, for the TLM tests that compare runs
# (beat_model, slice_queue, drain, l1_buffers, l2_buffers):
#   sim_stats(ARGS OUT): `SIM --no-progress --stats-only ARGS TRACE`; OUT = its statistics, each
#                        after a newline (the first too); a failing run stops the test;
#   ref_stats(ARGS OUT): the same with --detector=ref;
#   stat(TEXT KEY OUT):  the value of statistic KEY in TEXT (the test stops if there is none).
function(sim_stats args out)
  separate_arguments(a UNIX_COMMAND "${args}")
  execute_process(COMMAND ${SIM} --no-progress --stats-only ${a} ${TRACE} OUTPUT_VARIABLE o RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scord-sim ${args} failed (${rc})")
  endif()
  set(${out} "\n${o}" PARENT_SCOPE)
endfunction()
function(ref_stats args out)
  sim_stats("--detector=ref ${args}" o)
  set(${out} "${o}" PARENT_SCOPE)
endfunction()
function(stat text key out)
  if(NOT text MATCHES "\n${key} ([0-9]+)\n")
    message(FATAL_ERROR "no ${key} in the statistics")
  endif()
  set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()
