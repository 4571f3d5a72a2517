#!/usr/bin/env bash
# run.sh -- the main job (README command 1): set up and build only what it runs (scord-vec
# and scord-sim with its Verilated detector; output to build/logs/), then print on one screen:
#  * the reference model (scord-vec) over every shipped vector suite, one summary line per
#    suite (--verbose adds the race lines of the hand-written suites basic, micro, litmus);
#  * the full GPU system (TLM) on its embedded default workload with detection off and on,
#    the detector co-simulated: the Verilated line-rate RTL (scord_line_detector, the block
#    synth/ sizes) checked against the C model (--detector=both: every write-back, the
#    metadata at each kernel boundary, the races), printing the races and the overhead with
#    RTL timing;
#  * the same with the C model and its timing model of the line-rate RTL (docs/tlm.md),
#    and with ideal detector timing (the check free), the figure to put next to the paper's.
#   scripts/run.sh [--verbose] [extra cmake -D options for setup.sh]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
verbose=0
args=()
for a in "$@"; do
  case "$a" in
    --verbose|-v) verbose=1 ;;
    --help|-h) sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -D*) args+=("$a") ;;
    *) echo "run.sh: unknown argument '$a' (try --help)" >&2; exit 2 ;;
  esac
done
mkdir -p "$here/build/logs"
log="$here/build/logs/run-setup.log"
t0=$(date +%s)
say() { local e=$(( $(date +%s) - t0 )); printf '[%d:%02d] %s\n' $((e / 60)) $((e % 60)) "$*"; }
# build TARGET WHAT: set up (packages, configure) and build TARGET, its output to the log; a
# progress line every 30 s while it builds.
build() {
  local target=$1 what=$2 pid rc last="" pct
  say "build: $what ($target; log: build/logs/run-setup.log)"
  local from=$(( $(wc -l <"$log") + 1 ))
  "$here/scripts/setup.sh" --target "$target" "${args[@]}" >>"$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    for _ in 1 2 3 4 5 6; do kill -0 "$pid" 2>/dev/null && sleep 5; done
    pct=$(tail -n "+$from" "$log" | grep -o '^\[ *[0-9]*%\]' | tail -n 1 | tr -d '[] ' || true)
    if kill -0 "$pid" 2>/dev/null; then
      if tail -n "+$from" "$log" | grep -q '^setup: installing' && [ -z "$pct" ]; then
        say "build: $target: installing Debian packages"
      elif [ -n "$pct" ] && [ "$pct" != "$last" ]; then
        say "build: $target: $pct done"
      fi
      last=$pct
    fi
  done
  rc=0; wait "$pid" || rc=$?
  if [ $rc -ne 0 ]; then
    tail -n 40 "$log"
    echo "run.sh: setup/build of $target failed (full log: $log)" >&2
    exit 1
  fi
  say "build: $target up to date"
}
: >"$log"
bin="$here/build/bin"
cd "$here"
# The C model first, so its results print within minutes of a fresh start; then the simulator.
build scord-vec "the C reference model"
echo "== reference model (scord-vec) over the shipped vector suites =="
status=0
for suite in $(find vectors -name '*.vec' -printf '%h\n' | sort -u); do
  mapfile -t vecs < <(find "$suite" -maxdepth 1 -name '*.vec' | sort)
  out=$("$bin/scord-vec" "${vecs[@]}") || status=1
  printf '%-24s %4d files, %5d races: %s\n' "$suite" "${#vecs[@]}" "$(grep -c '^race ' <<<"$out" || true)" \
    "$(tail -n 1 <<<"$out")"
  if [ $verbose = 1 ]; then
    case "$suite" in
      vectors/basic|vectors/micro|vectors/litmus) grep '^race ' <<<"$out" || true ;;
    esac
  fi
done
# scord-sim with its configuration dump (# config lines) shown only with --verbose; the output
# is also kept in $sim_out for the closing summary.
sim() {
  local rc=0
  sim_out=$("$bin/scord-sim" "$@") || rc=$?
  if [ $verbose = 1 ]; then printf '%s\n' "$sim_out"; else grep -v '^# config ' <<<"$sim_out" || true; fi
  return $rc
}
ovh() { sed -n 's/^overhead_pct //p' <<<"$1" | head -1; }
build scord-sim "the GPU simulator: SystemC TLM and the Verilated line-rate detector, about 10 minutes on 2 cores from scratch"
if [ -x "$bin/scord-sim" ]; then
  echo "== default GPU workload, detection off vs on, detector co-simulated (line-rate RTL checked against the C model) =="
  sim --compare-off --detector=both || status=1
  o_rtl=$(ovh "$sim_out")
  echo "== the same with the C-model detector's timing (line-beat model of the line-rate design: 16 lanes x 2 slices) =="
  sim --compare-off --detector=ref || status=1
  o_ref=$(ovh "$sim_out")
  echo "== the same with ideal detector timing (the check free, metadata through L2/DRAM) =="
  sim --compare-off --detector=ref --detector-timing=ideal || status=1
  o_ideal=$(ovh "$sim_out")
  if [ -n "$o_rtl" ] && [ -n "$o_ref" ] && [ -n "$o_ideal" ]; then
    awk -v r="$o_rtl" -v m="$o_ref" -v i="$o_ideal" 'BEGIN {
      printf "== detection overhead: RTL timing %.1f %%, C-model timing %.1f %%, ideal %.1f %%; (100+RTL)/(100+ideal) = %.2f (line-rate goal <= 1.10)\n",
             r, m, i, (100 + r) / (100 + i) }'
  fi
fi
exit $status
