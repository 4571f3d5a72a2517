#!/bin/sh
# regress.sh -- the co-simulation regression (docs/cosim.md "Regression").
#
#   scripts/regress.sh smoke [BUILD]   every submission, a few minutes on 2 cores: the TLM system
#                                      co-simulated (--detector=both) on the built-in workloads
#                                      and every application trace of vectors/apps (small size),
#                                      the comparator and waveform checks, and every vector file
#                                      through the RTL and the C model (ctest labels smoke, rtl)
#   scripts/regress.sh full [BUILD]    smoke plus larger sizes, other seeds and quanta, the slow
#                                      RTL checks, and long random streams through the RTL
#                                      testbench (scord-rtl-tb), for a designer before sign-off
#   scripts/regress.sh coverage [BUILD]  Verilator line/toggle coverage of scord_top and its
#                                      spec-step coverage over the smoke inputs, merged, ending
#                                      with "coverage: line L % toggle T % steps S/N (scord_top)"
# Options (after the mode, in any order with BUILD):
#   --tests REGEX    only the mode's CTest tests whose names match REGEX (smoke, full)
#   --out DIR        write the JUnit XML, the log (and coverage/) to DIR instead of BUILD
#   --no-build       use BUILD as it is (by default it is brought up to date first)
#   --slurm          run every unit (one CTest test, one scord-rtl-tb stream, one coverage input)
#                    as an element of a Slurm job array and wait for them (docs/regress.md);
#                    BUILD must be on a file system the nodes share, at the same path
#     --partition P  --account A  --time T  (sbatch's; SCORD_SLURM_SBATCH_ARGS adds others)
#     --max-jobs N   at most N units running at once (sbatch --array=...%N)
#     --resume       submit only the units without a result from the previous --slurm run
#
# BUILD defaults to ./build (configured by scripts/setup.sh or cmake -B build). Writes
# BUILD/regress-<mode>.xml (JUnit, from CTest) and BUILD/regress-<mode>.log, and prints the
# simulation speed (detector events per second) of every co-simulation test.  With --slurm the
# units' states and logs are in BUILD/regress-<mode>.slurm/ and the same XML and log are gathered
# from them; a unit that failed or was lost (cancelled, node failure, time limit) is named.
# Exit status: 0 when everything passed, 1 when a test failed (or a unit was lost), 2 on a
# usage error.
set -eu

usage() {
  echo "usage: scripts/regress.sh smoke|full|coverage [BUILD_DIR] [--tests REGEX] [--out DIR] [--no-build]" >&2
  echo "         [--slurm [--partition P] [--account A] [--time T] [--max-jobs N] [--resume]]" >&2
  exit 2
}
[ $# -ge 1 ] || usage
mode=$1
shift
build=build bset=0 slurm=0 nobuild=0 tests="" outdir="" sl_resume=0 sl_partition="" sl_account="" sl_time="" sl_maxjobs=""
slopt=""
while [ $# -gt 0 ]; do
  case $1 in
    --slurm) slurm=1 ;;
    --no-build) nobuild=1 ;;
    --resume) sl_resume=1; slopt=$1 ;;
    --partition | --account | --time | --max-jobs | --tests | --out)
      [ $# -ge 2 ] || usage
      case $1 in
        --partition) sl_partition=$2; slopt=$1 ;;
        --account) sl_account=$2; slopt=$1 ;;
        --time) sl_time=$2; slopt=$1 ;;
        --max-jobs) sl_maxjobs=$2; slopt=$1
          case $2 in '' | *[!0-9]* | 0) echo "regress.sh: --max-jobs needs a positive integer" >&2; exit 2 ;; esac ;;
        --tests) tests=$2 ;;
        --out) outdir=$2 ;;
      esac
      shift ;;
    -*) echo "regress.sh: unknown option $1" >&2; usage ;;
    *) [ $bset = 0 ] || usage; build=$1; bset=1 ;;
  esac
  shift
done
case $mode in smoke | full | coverage) ;; *) usage ;; esac
[ $slurm = 1 ] || [ -z "$slopt" ] || { echo "regress.sh: $slopt needs --slurm" >&2; exit 2; }
[ "$mode" != coverage ] || [ -z "$tests" ] || { echo "regress.sh: --tests is for smoke and full" >&2; exit 2; }
[ -f "$build/CMakeCache.txt" ] || { echo "regress.sh: $build is not a configured build directory" >&2; exit 2; }
build=$(cd "$build" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
jobs=2   # the machine has 2 cores shared with others
if [ -n "$outdir" ]; then mkdir -p "$outdir"; out=$(cd "$outdir" && pwd); else out=$build; fi
if [ $slurm = 1 ]; then
  # The C++ programs use the build machine's instruction set by default (CMakeLists.txt).
  if [ "$(sed -n 's/^SCORD_SIM_ARCH:STRING=//p' "$build/CMakeCache.txt")" = native ]; then
    echo "regress.sh: note: $build is built for this machine's CPU (SCORD_SIM_ARCH=native); on nodes" \
         "with other CPUs its programs can stop on an illegal instruction: for mixed clusters" \
         "configure with -DSCORD_SIM_ARCH=x86-64-v2" >&2
  fi
  sl_lib_dir=$src/scripts/slurm sl_name=scord-$mode
  . "$src/scripts/slurm/lib.sh"
fi
# q WORD: WORD single-quoted for a unit's command line.
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

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
  # Coverage of scord_top (scord-rtl-tb-cov over the smoke inputs: six random streams and the
  # shipped vector suites), merged; ends with "coverage: line L % toggle T % steps S/N (scord_top)".
  # The floors are the build's (SCORD_TOP_LINE_FLOOR, SCORD_TOP_TOGGLE_FLOOR in testbench/).
  [ $nobuild = 1 ] || cmake --build "$build" -j$jobs --target scord-rtl-tb-cov
  line_floor=$(sed -n 's/^SCORD_TOP_LINE_FLOOR:STRING=//p' "$build/CMakeCache.txt")
  toggle_floor=$(sed -n 's/^SCORD_TOP_TOGGLE_FLOOR:STRING=//p' "$build/CMakeCache.txt")
  [ -n "$line_floor" ] && [ -n "$toggle_floor" ] ||
    { echo "regress.sh: $build/CMakeCache.txt has no coverage floors (a build without the RTL?)" >&2; exit 2; }
  [ $slurm = 0 ] || echo "regress.sh: coverage runs on this machine (one program, a few minutes)" >&2
  exec "$src/scripts/top_coverage.sh" "$build/bin/scord-rtl-tb-cov" "$out/coverage" \
    --line-floor "$line_floor" --toggle-floor "$toggle_floor" \
    "$src"/vectors/basic/*.vec "$src"/vectors/micro/*.vec "$src"/vectors/litmus/*.vec "$src"/vectors/apps/*.vec
fi

# Everything the tests use (scord-cosim and scord-rtl-tb come from cosim/ and testbench/ when built).
[ $nobuild = 1 ] || cmake --build "$build" -j$jobs

log="$out/regress-$mode.log"
status=0
# The mode's CTest selection.
if [ "$mode" = smoke ]; then set -- -L '^(smoke|rtl)$' -LE slow; else set -- -L '^(smoke|full|rtl)$'; fi
[ -n "$tests" ] && set -- "$@" -R "$tests"

if [ $slurm = 1 ]; then
  slurm_begin "$out/regress-$mode.slurm"
  mkdir -p "$sl_state/junit"
  # One unit per CTest test (selected by its exact name), JUnit written under a temporary name.
  (cd "$build" && ctest -N "$@") | sed -n 's/^ *Test *#[0-9]*: //p' > "$sl_state/tests.txt"
  [ -s "$sl_state/tests.txt" ] || { echo "regress.sh: no CTest test selected" >&2; exit 1; }
  while IFS= read -r t; do
    k=$(slurm_key "ctest $t")
    re=$(printf '%s' "$t" | sed 's/[][\\.*^$+?(){}|]/\\&/g')
    slurm_unit "ctest $t" "cd $(q "$build") && ctest --no-tests=error -R $(q "^$re\$") -V --output-junit $(q "$sl_state/junit/$k.part"); rc=\$?; mv -f $(q "$sl_state/junit/$k.part") $(q "$sl_state/junit/$k.xml") && exit \$rc"
  done < "$sl_state/tests.txt"
  if [ "$mode" = full ] && [ -x "$build/bin/scord-rtl-tb" ]; then
    for seed in 11 12 13 14; do
      slurm_unit "scord-rtl-tb --seed $seed" "$(q "$build/bin/scord-rtl-tb") --seed $seed --events 200000"
    done
  fi
  slurm_run || status=1
  # Gather: the units' logs in order into the log, their JUnit into one XML, CTest's summary line.
  total=0 nfail=0
  : > "$out/regress-$mode.xml.cases"
  : > "$log.new"
  while IFS='	' read -r name _; do
    k=$(slurm_key "$name")
    r=$(slurm_result "$name")
    if [ -f "$sl_state/logs/$k.log" ]; then cat "$sl_state/logs/$k.log" >> "$log.new"; fi
    case $name in
      "ctest "*)
        t=${name#ctest }
        total=$((total + 1))
        [ "$r" = ok ] || nfail=$((nfail + 1))
        if [ "${r%% *}" != lost ] && [ -f "$sl_state/junit/$k.xml" ]; then
          # The <testcase> elements of the unit's file (everything inside <testsuite ...>).
          awk '/^<testsuite/ { h = 1; next } h && /^[ \t]*>[ \t]*$/ { h = 0; b = 1; next }
               b && /^<\/testsuite>/ { b = 0; next } b' "$sl_state/junit/$k.xml" >> "$out/regress-$mode.xml.cases"
        else
          tx=$(printf '%s' "$t" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g')
          printf '\t<testcase name="%s" classname="%s" time="0" status="fail">\n\t\t<failure message="Slurm unit %s"/>\n\t</testcase>\n' \
            "$tx" "$tx" "$r" >> "$out/regress-$mode.xml.cases"
          echo "LOST: $t ($r)" >> "$log.new"
        fi ;;
      *)
        if [ "$r" != ok ]; then echo "FAILED: $name --events 200000 ($r)" | tee -a "$log.new"; status=1; fi ;;
    esac
  done < "$sl_state/units.tsv"
  [ $total -gt 0 ] && echo "$(((total - nfail) * 100 / total))% tests passed, $nfail tests failed out of $total" >> "$log.new"
  mv -f "$log.new" "$log"
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    printf '<testsuite name="regress-%s (Slurm)"\n\ttests="%d"\n\tfailures="%d"\n\tdisabled="0"\n\tskipped="0"\n\thostname="%s"\n\ttime="0"\n\ttimestamp="%s"\n\t>\n' \
      "$mode" "$total" "$nfail" "$(hostname)" "$(date -u +%Y-%m-%dT%H:%M:%S)"
    cat "$out/regress-$mode.xml.cases"
    echo '</testsuite>'
  } > "$out/regress-$mode.xml.new"
  rm -f "$out/regress-$mode.xml.cases"
  mv -f "$out/regress-$mode.xml.new" "$out/regress-$mode.xml"
elif [ "$mode" = smoke ]; then
  (cd "$build" && ctest -j$jobs "$@" -V --output-junit "$out/regress-$mode.xml") >"$log" 2>&1 ||
    status=1
else
  (cd "$build" && ctest -j$jobs "$@" -V --output-junit "$out/regress-$mode.xml") >"$log" 2>&1 ||
    status=1
fi

if [ $slurm = 0 ] && [ "$mode" = full ] && [ -x "$build/bin/scord-rtl-tb" ]; then
  # Long random streams through the RTL against the C model, with back-pressure.
  for seed in 11 12 13 14; do
    if ! "$build/bin/scord-rtl-tb" --seed $seed --events 200000 \
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
echo "JUnit: $out/regress-$mode.xml  log: $log"
exit $status
