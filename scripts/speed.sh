#!/usr/bin/env bash
# speed.sh -- the speed figures on this machine, each against its target, in one run
# (docs/performance.md "Speed figures"): a benchmark that prints its figures; no test times
# anything.  Uses the programs already built in build/bin (scripts/setup.sh builds them).
#   scripts/speed.sh [--reps N] [--build DIR] [--cpu N|any]
# Each group of figures is taken on one CPU: by default the fastest of those allowed, found by
# short runs on each just before the group (printed); --cpu N picks one for all, --cpu any
# lets the scheduler choose.
# Virtual machines' CPUs can differ by a third in speed (docs/performance.md "Machine").
# Figures, each the best of N runs (the machine's noise only ever adds time):
#   scord-rtl-tb --seed S --events 200000 --speed, S = 1 2 3   target >= 1,000,000 RTL cycles/s
#   scord-sim --bench --detector=rtl --bench-reps N             target rtl/ref wall <= 5x
#   scord-bench (default stream, hot working set, cold)         target >= 20 M events/s (goal 40 M)
# Exit 0 when every target is met, 1 when one is not, 2 on a usage error or a failed program.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
reps=3 build=$here/build cpu=fastest
while [ $# -gt 0 ]; do
  case "$1" in
    --reps) reps=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --cpu) cpu=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "speed.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$reps" in ''|*[!0-9]*) echo "speed.sh: --reps '$reps' is not a number in 1..100" >&2; exit 2 ;; esac
[ "$reps" -ge 1 ] && [ "$reps" -le 100 ] || { echo "speed.sh: --reps $reps is not in 1..100" >&2; exit 2; }
case "$cpu" in fastest|any) ;; ''|*[!0-9]*) echo "speed.sh: --cpu '$cpu' is not a CPU number or 'any'" >&2; exit 2 ;; esac
bin=$build/bin
for p in scord-rtl-tb scord-sim scord-bench; do
  [ -x "$bin/$p" ] || { echo "speed.sh: $bin/$p not built (run scripts/setup.sh)" >&2; exit 2; }
done
fail=0
verdict() {  # verdict 1|0: sets $v to MET or NOT MET and remembers a miss (no subshell)
  if [ "$1" = 1 ]; then v="MET"; else fail=1; v="NOT MET"; fi
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1 /proc/loadavg)"
# The C++ code generation the figures depend on (CMakeLists.txt, SCORD_SIM_CXX_FLAGS).
flags=$(sed -n 's/^SCORD_SIM_CXX_FLAGS_USED:INTERNAL=//p' "$build/CMakeCache.txt" 2>/dev/null | tr ';' ' ')
echo "build: $build, C++ simulation code ${flags:-(flags not recorded: an older build directory)}"

# tb_speed [PREFIX...] -- ARGS...: scord-rtl-tb's "speed: " line for one run (exit 2 on failure).
tb_speed() {
  local pre=() out
  while [ "$1" != -- ]; do pre+=("$1"); shift; done
  shift
  out=$("${pre[@]}" "$bin/scord-rtl-tb" "$@" --speed) || { echo "speed.sh: scord-rtl-tb $* failed" >&2; exit 2; }
  printf '%s\n' "$out" | grep '^speed: ' || { echo "speed.sh: no speed line from scord-rtl-tb" >&2; exit 2; }
}
rate_of() { printf '%s\n' "$1" | sed 's/.*: \([0-9]*\) cycles\/s.*/\1/'; }  # RTL cycles/s of a speed line
# bench_eps [PREFIX...] -- ARGS...: scord-bench's events/s in M (as printed, e.g. 23.8) for one
# run (exit 2 on failure).
bench_eps() {
  local pre=() out e
  while [ "$1" != -- ]; do pre+=("$1"); shift; done
  shift
  out=$("${pre[@]}" "$bin/scord-bench" "$@") || { echo "speed.sh: scord-bench $* failed" >&2; exit 2; }
  e=$(printf '%s\n' "$out" | sed -n 's/^events\/s: \([0-9.]*\) M.*/\1/p')
  [ -n "$e" ] || { echo "speed.sh: no events/s line from scord-bench $*" >&2; exit 2; }
  echo "$e"
}

# The CPU the current group of figures is taken on ($pin prefixes each command).
pin=()
cpu_mode=$cpu  # fastest: chosen again before each group of figures
# Probes of a CPU's speed for one group of figures, each the best of two short runs there:
# cpu_rate CPU (scord-rtl-tb $probe_rate, RTL cycles/s), cpu_bench CPU (scord-bench
# $probe_bench, k events/s).  The C model's figure takes its own probe: a CPU fast for the
# Verilated models was at times 30 % slow for it (docs/performance.md "Machine").
probe_rate="--seed 1 --events 50000" probe_bench=1000000
cpu_rate() {
  local best=0 r
  for _ in 1 2; do
    # shellcheck disable=SC2086  # the probe's arguments, split on purpose
    r=$(rate_of "$(tb_speed taskset -c "$1" -- $probe_rate)")
    [ "$r" -gt "$best" ] && best=$r
  done
  echo "$best"
}
cpu_bench() {
  local best=0 r
  for _ in 1 2; do
    r=$(bench_eps taskset -c "$1" -- "$probe_bench")
    r=$(awk -v e="$r" 'BEGIN { printf "%d", e * 1000 }')
    [ "$r" -gt "$best" ] && best=$r
  done
  echo "$best"
}
if [ "$cpu" = any ]; then
  echo "cpu: any (not pinned)"
elif ! command -v taskset > /dev/null; then
  cpu_mode=none
  echo "cpu: not pinned (no taskset)"
elif [ "$cpu" = fastest ]; then
  allowed=$(taskset -cp $$ | sed 's/.*: //')
  cpus=""
  for part in ${allowed//,/ }; do
    case "$part" in *-*) cpus="$cpus $(seq "${part%-*}" "${part#*-}")" ;; *) cpus="$cpus $part" ;; esac
  done
  # pick_fastest rate|bench: pins the next group of figures to the fastest allowed CPU by that
  # probe, measured now; called before each group: a VM's vCPUs swap speeds within minutes
  # (docs/performance.md "Machine").
  pick_fastest() {
    local best=0 line="" c r what
    if [ "$1" = bench ]; then what="scord-bench $probe_bench, k events/s"; else what="scord-rtl-tb $probe_rate, RTL cycles/s"; fi
    for c in $cpus; do
      r=$("cpu_$1" "$c")
      line="$line cpu $c $r;"
      if [ "$r" -gt "$best" ]; then best=$r cpu=$c; fi
    done
    echo "cpu: $cpu, the fastest of those allowed now ($what:${line%;})"
    pin=(taskset -c "$cpu")
  }
  pick_fastest rate
else
  taskset -c "$cpu" true 2> /dev/null || { echo "speed.sh: --cpu $cpu is not a CPU this process may use" >&2; exit 2; }
  echo "cpu: $cpu (--cpu)"
  pin=(taskset -c "$cpu")
fi
echo
echo "scord-rtl-tb --events 200000 (scord_top, default variant), best of $reps:"
for seed in 1 2 3; do
  best=0 line=""
  for _ in $(seq "$reps"); do
    l=$(tb_speed "${pin[@]}" -- --seed "$seed" --events 200000)
    r=$(rate_of "$l")
    if [ "$r" -gt "$best" ]; then best=$r line=$l; fi
  done
  verdict "$([ "$best" -ge 1000000 ] && echo 1 || echo 0)"
  printf '  seed %s  %s  %s\n' "$seed" "${line#speed: }" "$v"
done

echo
if [ "$cpu_mode" = fastest ]; then pick_fastest rate; fi
echo "scord-sim --bench --detector=rtl --bench-reps $reps (default workload):"
out=$("${pin[@]}" "$bin/scord-sim" --bench --detector=rtl --bench-reps "$reps" --no-progress) || { echo "speed.sh: scord-sim --bench failed" >&2; exit 2; }
printf '%s\n' "$out" | grep -E '^bench (cpu|detector=(ref|rtl)) ' | sed 's/^bench /  /'
ratio=$(printf '%s\n' "$out" | sed -n 's/^bench ratio rtl\/ref wall \([0-9.]*\)x best.*/\1/p')
[ -n "$ratio" ] || { echo "speed.sh: no ratio line from scord-sim --bench" >&2; exit 2; }
verdict "$(awk -v r="$ratio" 'BEGIN { print (r <= 5.0) ? 1 : 0 }')"
printf '  rtl/ref wall %sx (best against best)  %s\n' "$ratio" "$v"

echo
if [ "$cpu_mode" = fastest ]; then pick_fastest bench; fi
echo "scord-bench (10 M events), best of $reps:"
for s in "default|" "hot|10000000 1 num_sms=1 warps_per_sm=4" "cold|--slice=65536"; do
  name=${s%%|*} args=${s#*|} best=0
  for _ in $(seq "$reps"); do
    # shellcheck disable=SC2086  # the stream's arguments, split on purpose
    e=$(bench_eps "${pin[@]}" -- $args)
    best=$(awk -v a="$best" -v b="$e" 'BEGIN { print (b > a) ? b : a }')
  done
  if [ "$name" = default ]; then
    verdict "$(awk -v r="$best" 'BEGIN { print (r >= 20) ? 1 : 0 }')"
    printf '  %-8s %5s M events/s  %s (goal 40 M)\n' "$name" "$best" "$v"
  else
    printf '  %-8s %5s M events/s\n' "$name" "$best"
  fi
done
exit $fail
