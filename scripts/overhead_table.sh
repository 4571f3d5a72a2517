#!/usr/bin/env bash
# overhead_table.sh -- detection overhead of the default workload and the seven applications
# (race-free traces) with three detector timings, side by side: the Verilated RTL's own timing
# (--detector=rtl), the C model's analytic timing (--detector=ref, det_* parameters) and ideal
# timing (--detector=ref --detector-timing=ideal: the check costs no cycles, metadata still
# travels through L2 and DRAM, as in the paper's simulator).  Prints a Markdown table and the
# ratio (100 + rtl) / (100 + ideal) the line-rate goal bounds by 1.1.
#   scripts/overhead_table.sh [--sim PATH] [--no-rtl]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sim=$here/build/bin/scord-sim rtl=1
while [ $# -gt 0 ]; do
  case "$1" in
    --sim) sim=$2; shift 2 ;;
    --no-rtl) rtl=0; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "overhead_table.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -x "$sim" ] || { echo "overhead_table.sh: $sim not built" >&2; exit 2; }
ovh() { "$sim" --compare-off --no-progress "$@" 2>&1 | sed -n 's/^overhead_pct //p' | head -1; }
printf '| workload | RTL timing | C-model timing | ideal timing | (100+RTL)/(100+ideal) |\n'
printf '|---|---:|---:|---:|---:|\n'
for w in default 1dc gcol gcon mm r110 red uts; do
  if [ "$w" = default ]; then args=(--workload=default); else args=("$here/vectors/apps/${w}_none.trace"); fi
  r=n/a
  [ $rtl = 1 ] && r=$(ovh --detector=rtl "${args[@]}")
  m=$(ovh --detector=ref "${args[@]}")
  i=$(ovh --detector=ref --detector-timing=ideal "${args[@]}")
  q=$(awk -v r="$r" -v i="$i" 'BEGIN { if (r == "n/a") print "n/a"; else printf "%.2f", (100 + r) / (100 + i) }')
  pct() { [ "$1" = n/a ] && echo n/a || echo "$1 %"; }
  printf '| %s | %s | %s | %s | %s |\n' "$w" "$(pct "$r")" "$(pct "$m")" "$(pct "$i")" "$q"
done
