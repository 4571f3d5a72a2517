#!/usr/bin/env bash
# overhead_table.sh -- system cycles and detection overhead of the default workload and the seven
# applications (race-free traces, `scord-gen app=NAME --size=SIZE`) with three detector timings,
# side by side: the Verilated line-rate RTL's own timing (--detector=both, checked against
# the C model; --rtl=rtl for the RTL alone), the C model's analytic timing
# (--detector=ref, det_* parameters) and ideal timing (--detector=ref --detector-timing=ideal:
# the check costs no cycles, metadata still travels through L2 and DRAM, as in the paper's
# simulator).  Prints a Markdown table with model / RTL cycles (the timing model's accuracy)
# and (100 + RTL) / (100 + ideal) (the line-rate goal bounds it by 1.1).
# Extra scord-sim options (e.g. --quantum=1) go to every run.  About 2 minutes at --size=large.
#   scripts/overhead_table.sh [--sim PATH] [--gen PATH] [--rtl=both|rtl|none]
#                             [--size=small|large] [SCORD-SIM OPTION...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sim=$here/build/bin/scord-sim gen=$here/build/bin/scord-gen rtl=both size=large
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sim) sim=$2; shift 2 ;;
    --gen) gen=$2; shift 2 ;;
    --rtl=*) rtl=${1#--rtl=}; shift ;;
    --no-rtl) rtl=none; shift ;;
    --size=*) size=${1#--size=}; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    --*) extra+=("$1"); shift ;;
    *) echo "overhead_table.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$rtl" in rtl|both|none) ;; *) echo "overhead_table.sh: --rtl: both, rtl or none, not '$rtl'" >&2; exit 2 ;; esac
case "$size" in small|large) ;; *) echo "overhead_table.sh: --size: small or large, not '$size'" >&2; exit 2 ;; esac
for b in "$sim" "$gen"; do [ -x "$b" ] || { echo "overhead_table.sh: $b not built" >&2; exit 2; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run ARGS...: one --compare-off run; sets off, on (cycles) and ovh (overhead %).
run() {
  local o
  o=$("$sim" --compare-off --no-progress "${extra[@]}" "$@" 2>&1) || { echo "overhead_table.sh: scord-sim $* failed:" >&2; echo "$o" >&2; exit 1; }
  off=$(echo "$o" | sed -n 's/^run off  *cycles \([0-9]*\).*/\1/p')
  on=$(echo "$o" | sed -n 's/^run on  *cycles \([0-9]*\).*/\1/p')
  ovh=$(echo "$o" | sed -n 's/^overhead_pct //p' | head -1)
  [ -n "$off" ] && [ -n "$on" ] && [ -n "$ovh" ] || { echo "overhead_table.sh: scord-sim $*: no cycles in its output" >&2; exit 1; }
}

printf '| workload | detection off | RTL on | model on | model / RTL | RTL overhead | model overhead | ideal overhead | (100+RTL)/(100+ideal) |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for w in default mm red r110 gcol gcon 1dc uts; do
  if [ "$w" = default ]; then
    args=(--workload=default)
  else
    "$gen" app=$w --size=$size --out-vec="$tmp/$w.vec" --out-trace="$tmp/$w.trace" >/dev/null
    args=("$tmp/$w.trace")
  fi
  rc=n/a ro=n/a
  if [ "$rtl" != none ]; then run --detector=$rtl "${args[@]}"; rc=$on ro=$ovh; fi
  run --detector=ref "${args[@]}"; mc=$on mo=$ovh offc=$off
  run --detector=ref --detector-timing=ideal "${args[@]}"; io=$ovh
  awk -v w="$w" -v off="$offc" -v rc="$rc" -v ro="$ro" -v mc="$mc" -v mo="$mo" -v io="$io" 'BEGIN {
    mr = (rc == "n/a") ? "n/a" : sprintf("%.3f", mc / rc)
    q = (ro == "n/a") ? "n/a" : sprintf("%.3f", (100 + ro) / (100 + io))
    printf "| %s | %d | %s | %d | %s | %s | %.1f %% | %.1f %% | %s |\n", w, off, rc, mc, mr, (ro == "n/a") ? "n/a" : sprintf("%.1f %%", ro), mo, io, q
  }'
done
