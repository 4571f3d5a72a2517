#!/usr/bin/env bash
# run.sh -- the main job (README command 1): set up, build, then run the embedded default
# workload and print the races found and a summary.
#  * the reference model over every shipped vector suite (races + pass/fail summary);
#  * when the TLM system is built, the default GPU workload with detection off and on,
#    printing its races and the detection overhead.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh"
bin="$here/build/bin"
echo "== reference model over the shipped vector suites =="
mapfile -t vecs < <(find "$here/vectors" -name '*.vec' | sort)
"$bin/scord-vec" "${vecs[@]}" | grep -E '^(race |vectors:)|FAIL' | sed "s|$here/||"
if [ -x "$bin/scord-sim" ]; then
  echo "== default GPU workload, detection off vs on (TLM system, C-model detector) =="
  "$bin/scord-sim" --compare-off
fi
