#!/usr/bin/env bash
# run.sh -- the main job (README command 1): set up, build, then run the embedded default
# workload and print the races found and a summary:
#  * the reference model over every shipped vector suite: the race lines of the hand-written
#    suites (basic, micro, litmus), one summary line per suite;
#  * when the TLM system is built, the default GPU workload with detection off and on,
#    printing its races and the detection overhead.
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
  echo "== default GPU workload, detection off vs on (TLM system, C-model detector) =="
  "$bin/scord-sim" --compare-off || status=1
fi
exit $status
