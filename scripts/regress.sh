#!/bin/sh
# regress.sh -- the co-simulation regression (docs/cosim.md "Regression").
#
#   scripts/regress.sh smoke [BUILD]   every submission, a few minutes on 2 cores: the TLM system
#                                      co-simulated (--detector=both) on the built-in workloads
#                                      and every application trace of vectors/apps (small size),
#                                      the broken-RTL and waveform checks, and every vector file
#                                      through the RTL and the C model (ctest labels smoke, rtl)
#   scripts/regress.sh full [BUILD]    smoke plus larger sizes, other seeds and quanta, the slow
#                                      RTL checks, and long random streams through the RTL
#                                      testbench (scord-rtl-tb), for a designer before a review
#   scripts/regress.sh coverage [BUILD]  Verilator line/toggle coverage and the RTL's spec-step
#                                      coverage over the smoke inputs, merged, with a summary
#
# BUILD defaults to ./build (configured by scripts/setup.sh or cmake -B build). Writes
# BUILD/regress-<mode>.xml (JUnit, from CTest) and BUILD/regress-<mode>.log, and prints the
# simulation speed (detector events per second) of every co-simulation test.
# Exit status: 0 when everything passed, 1 when a test failed, 2 on a usage error.
set -eu

usage() {
  echo "usage: scripts/regress.sh smoke|full|coverage [BUILD_DIR]" >&2
  exit 2
}
[ $# -ge 1 ] || usage
mode=$1
build=${2:-build}
case $mode in smoke | full | coverage) ;; *) usage ;; esac
[ -f "$build/CMakeCache.txt" ] || { echo "regress.sh: $build is not a configured build directory" >&2; exit 2; }
build=$(cd "$build" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
jobs=2   # the machine has 2 cores shared with others

# speed_table LOG: one line per co-simulation test with its speed (from cosim_run.cmake's output).
speed_table() {
  awk '
    / Start +[0-9]+: / { n = $0; sub(/.*Start +/, "", n); split(n, a, ": "); name[a[1]] = a[2] }
    /-- speed detector=/ {
      id = $1; sub(/:$/, "", id)
      line = $0; sub(/.*-- speed /, "", line)
      printf "  %-32s %s\n", name[id], line
    }' "$1"
}

if [ "$mode" = coverage ]; then
  cmake --build "$build" -j$jobs --target scord-sim-cov scord-vec
  cov="$build/coverage"
  rm -rf "$cov"
  mkdir -p "$cov"
  i=0
  for input in --workload=default --workload=atomics "$src"/tlm/tests/mp.trace "$src"/vectors/apps/*.trace; do
    i=$((i + 1))
    "$build/bin/scord-sim-cov" --no-progress --stats-only --detector=both --coverage "$cov/run$i.dat" "$input" \
      >/dev/null || { echo "regress.sh: coverage run failed on $input" >&2; exit 1; }
  done
  verilator_coverage --write "$cov/merged.dat" "$cov"/run*.dat
  verilator_coverage --annotate "$cov/annotated" --annotate-min 1 "$cov/merged.dat" | tee "$cov/summary.txt"
  echo "merged Verilator coverage: $cov/merged.dat (annotated sources in $cov/annotated)"
  # Spec steps (detector.md section 5) decided by the RTL, summed over the runs.
  awk '{ k = $1; for (i = 2; i < NF; i++) k = k " " $i; n[k] += $NF; if (!(k in o)) { o[k] = ++m; key[m] = k } }
       END { hit = 0; for (i = 1; i <= m; i++) { printf "  %-48s %d\n", key[i], n[key[i]]; if (n[key[i]]) hit++ }
             printf "spec steps reached by the RTL: %d of %d (READ/WRITE x step; some pairs cannot occur)\n", hit, m }' \
    "$cov"/run*.dat.steps | tee "$cov/steps.txt"
  exit 0
fi

# Everything the tests use (scord-rtl-vec and scord-rtl-tb come from testbench/ when built).
cmake --build "$build" -j$jobs

log="$build/regress-$mode.log"
status=0
if [ "$mode" = smoke ]; then
  (cd "$build" && ctest -j$jobs -L '^(smoke|rtl)$' -LE slow -V --output-junit "$build/regress-$mode.xml") >"$log" 2>&1 ||
    status=1
else
  (cd "$build" && ctest -j$jobs -L '^(smoke|full|rtl)$' -V --output-junit "$build/regress-$mode.xml") >"$log" 2>&1 ||
    status=1
fi

if [ "$mode" = full ] && [ -x "$build/bin/scord-rtl-tb" ]; then
  # Long random streams through the RTL against the C model, with back-pressure.
  for seed in 11 12 13 14; do
    if ! "$build/bin/scord-rtl-tb" --seed $seed --events 200000 --latency $((seed * 3)) --stall 30 \
      >>"$log" 2>&1; then
      echo "FAILED: scord-rtl-tb --seed $seed --events 200000" | tee -a "$log"
      status=1
    fi
  done
fi

echo "== regress $mode: $(grep -E 'tests passed|tests failed' "$log" | tail -1)"
grep -E '^[0-9]+/[0-9]+ Test +#' "$log" | grep -v ' Passed ' || true
echo "== simulation speed (co-simulation tests; detector events = access lanes + fences)"
speed_table "$log"
echo "JUnit: $build/regress-$mode.xml  log: $log"
exit $status
