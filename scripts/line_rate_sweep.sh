#!/usr/bin/env bash
# line_rate_sweep.sh -- how many lanes per beat (det_beat_lanes = RTL Lanes), slices (det_slices =
# Slices) and owner fence-file ports per slice (det_owner_ports = OwnerPorts) the detector needs
# to keep up with the GPU: the analytic line-beat timing of `scord-sim --detector=ref` (docs/tlm.md
# "Detector timing") on the default workload and the seven applications, as the ratio
# (100 + overhead) / (100 + ideal overhead) that the line-rate goal bounds by 1.10.  Prints a
# Markdown table, one row per Lanes x Slices x OwnerPorts point, worst ratio last; about 4 minutes.
#   scripts/line_rate_sweep.sh [--sim PATH] [--lanes "1 4 8 16"] [--slices "1 2 4 12"]
#                              [--ports "1 2"] [--workloads "default 1dc ..."] [KEY=VALUE ...]
# KEY=VALUE pairs are passed to every run as --KEY=VALUE (e.g. det_inflight=64).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sim=$here/build/bin/scord-sim
lanes="1 4 8 16" slices="1 2 4 12" ports="1 2"
workloads="default 1dc gcol gcon mm r110 red uts"
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sim) sim=$2; shift 2 ;;
    --lanes) lanes=$2; shift 2 ;;
    --slices) slices=$2; shift 2 ;;
    --ports) ports=$2; shift 2 ;;
    --workloads) workloads=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *=*) extra+=("--$1"); shift ;;
    *) echo "line_rate_sweep.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -x "$sim" ] || { echo "line_rate_sweep.sh: $sim not built (scripts/setup.sh)" >&2; exit 2; }
ovh() {
  local v
  v=$("$sim" --compare-off --no-progress "${extra[@]}" "$@" 2>&1 | sed -n 's/^overhead_pct //p' | head -1)
  [ -n "$v" ] || { echo "line_rate_sweep.sh: scord-sim $* printed no overhead" >&2; exit 1; }
  echo "$v"
}
args_of() { if [ "$1" = default ]; then echo "--workload=default"; else echo "$here/vectors/apps/${1}_none.trace"; fi; }
declare -A ideal
for w in $workloads; do ideal[$w]=$(ovh --detector=ref --detector-timing=ideal $(args_of "$w")); done
printf '| Lanes x Slices x OwnerPorts |'; for w in $workloads; do printf ' %s |' "$w"; done; printf ' worst |\n'
printf '|---|'; for w in $workloads; do printf -- '---:|'; done; printf -- '---:|\n'
printf '| ideal overhead |'; for w in $workloads; do printf ' %s %% |' "${ideal[$w]}"; done; printf ' |\n'
for L in $lanes; do for S in $slices; do for P in $ports; do
  row="| ${L} x ${S} x ${P} |" worst=0
  for w in $workloads; do
    o=$(ovh --detector=ref --det_beat_lanes="$L" --det_slices="$S" --det_owner_ports="$P" $(args_of "$w"))
    r=$(awk -v o="$o" -v i="${ideal[$w]}" 'BEGIN { printf "%.3f", (100 + o) / (100 + i) }')
    worst=$(awk -v a="$worst" -v b="$r" 'BEGIN { print (b > a) ? b : a }')
    row="$row $r |"
  done
  echo "$row $worst |"
done; done; done
