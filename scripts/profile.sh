#!/usr/bin/env bash
# profile.sh -- where a program's time goes (docs/performance.md "Where the time
# goes"): runs COMMAND under `perf record` (user-space samples at 2 kHz) and prints the share of
# samples by part: Verilated RTL, the RTL driver and comparator, the SystemC kernel, the TLM
# model, the C model, libc and kernel, other; then the hottest functions.
#   scripts/profile.sh [--top N] [--keep FILE] COMMAND [ARG...]
# Needs perf (Debian linux-perf) and kernel.perf_event_paranoid <= 2.
set -euo pipefail
top=12 keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --top) top=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "profile.sh: no command (see --help)" >&2; exit 2; }
command -v perf >/dev/null || { echo "profile.sh: perf not found (apt-get install linux-perf)" >&2; exit 2; }
data=${keep:-$(mktemp)}
[ -n "$keep" ] || trap 'rm -f "$data"' EXIT
start=$(date +%s.%N)
perf record -q -F 2000 -o "$data" -- "$@" > /dev/null 2>&1 || { echo "profile.sh: '$*' failed under perf" >&2; exit 1; }
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "wall under perf: %.2f s\n", e - s }'
perf report -i "$data" --no-children --sort dso,sym --stdio 2>/dev/null | grep -E '^ +[0-9.]+%' | awk '
{ p = $1; sub("%", "", p); dso = $2; sym = ""; for (i = 4; i <= NF; i++) sym = sym " " $i
  c = "other"
  if (sym ~ /V(scord|erilated)|Verilated|vl_/) c = "Verilated RTL"
  else if (sym ~ /LineEngine|RtlEngine|BothEngine|LineBoth|rtlport|RtlBridge|rtl_bridge|Bench::|tb_main|MemModel/) c = "RTL driver and comparator"
  else if (dso ~ /libsystemc/ || sym ~ /sc_core|sc_event|sc_simcontext/) c = "SystemC kernel"
  else if (sym ~ /scord_|RefEngine/) c = "C model"
  else if (sym ~ /Resource|L2Slice|Interconnect|DramChannel|DramCtrl|insert_pending|Sm::|RaceDetector|Gpu::|tlm_/) c = "TLM model"
  else if (dso ~ /libc|libstdc|kernel|ld-linux|libm/) c = "libc and kernel"
  s[c] += p }
END { for (k in s) printf "%6.1f %%  %s\n", s[k], k }' | sort -rn
echo "hottest functions:"
perf report -i "$data" --no-children --sort sym --stdio 2>/dev/null | grep -E '^ +[0-9.]+%' | head -n "$top" | cut -c1-140
