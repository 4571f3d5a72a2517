# scoreboard.cmake -- the per-warp register scoreboard (docs/trace-format.md "Registers"):
# a load with dst=R lets its warp go on, and only an instruction that uses R waits for
# the data.  One warp, one L2/DRAM miss, then 10 independent ALU instructions and one that
# reads the load (or not):
#   dep      ld dst=1; alu n=10; alu use=1   -> the 10 ALUs hide under the load: same cycles as
#   base     ld dst=1; alu use=1
#   free     ld dst=1; alu                   -> fewer cycles than base: the use waited
#   blocking ld;       alu n=10; alu         -> at least 10 cycles more than dep
#   nouse    ld dst=1; alu n=10; alu         -> the warp ends when its load is back: as async
#   async    ld async; alu n=10; alu
set(bodies
  "dep|ld addr=0xC0000000 dst=1\nalu n=10\nalu use=1"
  "base|ld addr=0xC0000000 dst=1\nalu use=1"
  "free|ld addr=0xC0000000 dst=1\nalu"
  "blocking|ld addr=0xC0000000\nalu n=10\nalu"
  "nouse|ld addr=0xC0000000 dst=1\nalu n=10\nalu"
  "async|ld addr=0xC0000000 async\nalu n=10\nalu")
foreach(b ${bodies})
  string(REGEX MATCH "^([a-z]+)\\|(.*)$" _ "${b}")
  set(name ${CMAKE_MATCH_1})
  string(REPLACE "\\n" "\n" body "${CMAKE_MATCH_2}")
  file(WRITE ${WORK}/sb_${name}.trace "scord-trace 1\nkernel grid=1 block=32\ncta id=0\nwarp id=0\n${body}\n")
  execute_process(COMMAND ${SIM} --no-progress --stats-only --detector=off ${WORK}/sb_${name}.trace
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT o MATCHES "(^|\n)cycles ([0-9]+)\n")
    message(FATAL_ERROR "${name}: scord-sim exited ${rc}: ${e}")
  endif()
  set(c_${name} ${CMAKE_MATCH_2})
  message(STATUS "${name}: ${CMAKE_MATCH_2} cycles")
endforeach()
if(NOT c_free LESS c_base)
  message(FATAL_ERROR "an ALU that uses the load took ${c_base} cycles, one that does not ${c_free}: the use did not wait")
endif()
if(NOT c_dep EQUAL c_base)
  message(FATAL_ERROR "10 independent ALUs were not hidden under the load: ${c_dep} cycles, ${c_base} without them")
endif()
math(EXPR lim "${c_dep} + 10")
if(c_blocking LESS lim)
  message(FATAL_ERROR "a blocking load took ${c_blocking} cycles, a dst load ${c_dep}: want at least 10 more")
endif()
if(NOT c_nouse EQUAL c_async)
  message(FATAL_ERROR "an unused dst load ends its warp at ${c_nouse}, an async one at ${c_async}")
endif()
