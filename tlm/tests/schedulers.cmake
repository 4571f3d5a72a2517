# schedulers.cmake -- warp schedulers per SM (sm_schedulers) and their policy (sm_gto).
#  issue: 4 warps of 1,000 compute instructions each, one SM.  The instructions take 4,000
#         issue slots: at least 4,000 cycles with one scheduler, and with n schedulers
#         (warp w on scheduler w mod n) at least 4,000 / n and at most 4,000 / n + 16.
#  order: one scheduler, three warps.  Warp 0 waits 10 cycles, warp 1 5 cycles, warp 2 computes
#         12 cycles; then warp 0 computes 100 cycles and warp 1 loads one line (a miss).
#         Ready-first issues warp 1's load at cycle 12 (ready since 5): the load overlaps warp
#         0's compute.  Greedy-then-oldest issues warp 0 (the oldest) first: the load waits the
#         100 cycles, so the kernel ends at least 90 cycles later.
set(alu "")
foreach(w 0 1 2 3)
  string(APPEND alu "warp id=${w}\nalu n=1000\n")
endforeach()
file(WRITE ${WORK}/sched_issue.trace "scord-trace 1\nkernel grid=1 block=128\ncta id=0\n${alu}")
file(WRITE ${WORK}/sched_order.trace "scord-trace 1\nkernel grid=1 block=96\ncta id=0
warp id=0\ndelay cycles=10\nalu n=100
warp id=1\ndelay cycles=5\nld addr=0xC0000000
warp id=2\nalu n=12\n")

function(run name trace)
  execute_process(COMMAND ${SIM} --no-progress --stats-only --detector=off ${ARGN} ${WORK}/${trace}.trace
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT o MATCHES "(^|\n)cycles ([0-9]+)\n")
    message(FATAL_ERROR "${name}: scord-sim exited ${rc}: ${e}")
  endif()
  set(c_${name} ${CMAKE_MATCH_2} PARENT_SCOPE)
  message(STATUS "${name} (${ARGN}): ${CMAKE_MATCH_2} cycles")
endfunction()

run(s1 sched_issue --sm_schedulers=1)
if(c_s1 LESS 4000)
  message(FATAL_ERROR "one scheduler issued 4,000 instructions in ${c_s1} cycles")
endif()
foreach(n 2 4)
  run(s${n} sched_issue --sm_schedulers=${n})
  math(EXPR lo "4000 / ${n}")
  math(EXPR hi "4000 / ${n} + 16")
  if(c_s${n} LESS lo OR c_s${n} GREATER hi)
    message(FATAL_ERROR "${n} schedulers: ${c_s${n}} cycles for 4,000 instructions, want ${lo}..${hi}")
  endif()
  run(g${n} sched_issue --sm_schedulers=${n} --sm_gto=1)
  if(NOT c_g${n} EQUAL c_s${n})
    message(FATAL_ERROR "${n} greedy-then-oldest schedulers: ${c_g${n}} cycles, ready-first ${c_s${n}}: compute-only warps issue alike")
  endif()
endforeach()

run(ready sched_order --sm_schedulers=1 --sm_gto=0)
run(gto sched_order --sm_schedulers=1 --sm_gto=1)
math(EXPR lim "${c_ready} + 90")
if(c_gto LESS lim)
  message(FATAL_ERROR "greedy-then-oldest took ${c_gto} cycles, ready-first ${c_ready}: want the oldest warp (0) before the one ready first (1), at least 90 cycles more")
endif()
