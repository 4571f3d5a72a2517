#!/usr/bin/env bash
# run.sh -- the main job (README command 1): set up and build (output to build/logs/), then
# print on one screen:
#  * the reference model (scord-vec) over every shipped vector suite, one summary line per
#    suite (--verbose adds the race lines of the hand-written suites basic, micro, litmus);
#  * the full GPU system (TLM) on its embedded default workload with detection off and on,
#    the detector co-simulated: the Verilated RTL and the C model in lockstep
#    (--detector=both), printing the races and the overhead with RTL timing (about 1-2 min);
#  * the same with the C model's timing (a detector that checks a warp's 32 lanes per
#    cycle), the figure to put next to the paper's.
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
if ! "$here/scripts/setup.sh" "${args[@]}" >"$log" 2>&1; then
  tail -n 40 "$log"
  echo "run.sh: setup/build failed (full log: $log)" >&2
  exit 1
fi
echo "build: up to date (log: build/logs/run-setup.log)"
bin="$here/build/bin"
cd "$here"
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
if [ -x "$bin/scord-sim" ]; then
  echo "== default GPU workload, detection off vs on, detector co-simulated (RTL + C model in lockstep) =="
  "$bin/scord-sim" --compare-off --detector=both || status=1
  echo "== the same with the C-model detector's timing (32 lanes per cycle) =="
  "$bin/scord-sim" --compare-off --detector=ref || status=1
fi
exit $status
