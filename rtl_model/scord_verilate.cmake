# scord_verilate(<target> <verilate() arguments>): verilate() that stays correct on incremental
# builds.  Verilator's CMake support takes the list of generated .cpp files from a Verilator run
# at configure time, and re-runs Verilator there only when its command line changed.  An RTL edit
# that changes how Verilator splits its output would otherwise build with the old file list
# (link errors: "multiple definition" or a missing object).  So every input file (sources and
# .vlt files) is a configure dependency, and when their contents changed since the last
# configure, Verilator runs again at configure time and the new file list is used.
function(scord_verilate tgt)
  cmake_parse_arguments(V "COVERAGE;TRACE;TRACE_FST;SYSTEMC;TRACE_STRUCTS"
    "DIRECTORY;PREFIX;TOP_MODULE;THREADS;TRACE_THREADS"
    "SOURCES;VERILATOR_ARGS;INCLUDE_DIRS;OPT_SLOW;OPT_FAST;OPT_GLOBAL" ${ARGN})
  if(NOT V_DIRECTORY)
    message(FATAL_ERROR "scord_verilate(${tgt}): DIRECTORY is required")
  endif()
  set(sums "")
  foreach(f IN LISTS V_SOURCES V_VERILATOR_ARGS)
    if(IS_ABSOLUTE "${f}" AND EXISTS "${f}" AND NOT IS_DIRECTORY "${f}")
      file(SHA256 "${f}" h)
      string(APPEND sums "${h} ${f}\n")
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${f}")
    endif()
  endforeach()
  set(stamp "${V_DIRECTORY}/scord_inputs.sha256")
  set(list "${V_DIRECTORY}/${V_PREFIX}.cmake")  # Verilator's file list of its last run
  set(stale FALSE)
  if(EXISTS "${stamp}")
    file(READ "${stamp}" old)
    if(NOT old STREQUAL sums)
      set(stale TRUE)
    endif()
  elseif(V_PREFIX AND EXISTS "${list}")
    # A build directory from before this function: trust an output newer than every input
    # (re-verilating rewrites every generated file and recompiles the model).
    foreach(f IN LISTS V_SOURCES V_VERILATOR_ARGS)
      if(IS_ABSOLUTE "${f}" AND EXISTS "${f}" AND "${f}" IS_NEWER_THAN "${list}")
        set(stale TRUE)
      endif()
    endforeach()
  endif()
  if(stale)
    # verilator_args.txt is verilate()'s record of the last run; without it, it runs again.
    file(REMOVE "${V_DIRECTORY}/verilator_args.txt")
  endif()
  # Every simulation checks the RTL's assertions (scord_pkg.sv's macros, docs/assertions.md).
  set(args ${ARGN})
  list(FIND args VERILATOR_ARGS at)
  if(at EQUAL -1)
    list(APPEND args VERILATOR_ARGS --assert)
  else()
    math(EXPR at "${at} + 1")
    list(INSERT args ${at} --assert)
  endif()
  verilate(${tgt} ${args})
  file(WRITE "${stamp}" "${sums}")
  # Build time: generated code gets line tables only (-g1: what a profiler needs to map
  # samples to lines, scripts/rtl_hotspots.sh; no variable locations); the code that runs once
  # (the __Slow files: construction, initial values, coverage point declarations) at -O0 and
  # the code that runs only while a waveform is written (the __Trace files) at -O1.  Measured
  # per file: gcc's variable tracking on a waveform change function took 133 s at -O3 -g
  # against 9 s at -O1 -g1 (Vscord_top_synth__Trace__0.cpp, 1.8 MB), and the coverage
  # build's largest declaration file 102 s at -O1 against 15 s at -O0.  The per-cycle code
  # keeps the target's optimisation.
  include("${V_DIRECTORY}/${V_PREFIX}_copy.cmake")  # the file list verilate() just used
  foreach(f IN LISTS ${V_PREFIX}_CLASSES_FAST ${V_PREFIX}_CLASSES_SLOW
                     ${V_PREFIX}_SUPPORT_FAST ${V_PREFIX}_SUPPORT_SLOW)
    if(f MATCHES "__Slow\\.cpp$")
      set_property(SOURCE "${f}" APPEND_STRING PROPERTY COMPILE_FLAGS " -O0 -g1")
    elseif(f MATCHES "__Trace__[0-9]+\\.cpp$")
      set_property(SOURCE "${f}" APPEND_STRING PROPERTY COMPILE_FLAGS " -O1 -g1")
    else()
      set_property(SOURCE "${f}" APPEND_STRING PROPERTY COMPILE_FLAGS " -g1")
    endif()
  endforeach()
endfunction()
