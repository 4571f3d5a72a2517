#!/usr/bin/env bash
# run.sh -- the main job (README command 1): set up, build, then run the embedded default
# workload and print the races found and a summary:
#  * the reference model over every shipped vector suite: the race lines of the hand-written
#    suites (basic, micro, litmus), one summary line per suite;
#  * the full GPU system (TLM) on its embedded default workload with detection off and on,
#    the detector co-simulated: the Verilated RTL and the C model in lockstep
#    (--detector=both), printing the races and the overhead with RTL timing (about 1-2 min);
#  * the same with the C model's timing (a detector that checks a warp's 32 lanes per
#    cycle), the figure to put next to the paper's.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh"
bin="$here/build/bin"
cd "$here"
echo "== reference model (scord-vec) over the shipped vector suites =="
status=0
for suite in $(find vectors -name '*.vec' -printf '%h\n' | sort -u); do
  mapfile -t vecs < <(find "$suite" -maxdepth 1 -name '*.vec' | sort)
  out=$("$bin/scord-vec" "${vecs[@]}") || status=1
  case "$suite" in
    vectors/basic|vectors/micro|vectors/litmus) grep '^race ' <<<"$out" || true ;;
  esac
  printf '%-24s %4d files, %5d races: %s\n' "$suite" "${#vecs[@]}" "$(grep -c '^race ' <<<"$out" || true)" \
    "$(tail -n 1 <<<"$out")"
done
if [ -x "$bin/scord-sim" ]; then
  echo "== default GPU workload, detection off vs on, detector co-simulated (RTL + C model in lockstep) =="
  "$bin/scord-sim" --compare-off --detector=both || status=1
  echo "== the same with the C-model detector's timing (32 lanes per cycle) =="
  "$bin/scord-sim" --compare-off --detector=ref || status=1
fi
exit $status
