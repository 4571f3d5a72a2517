#!/usr/bin/env bash
# line_throughput.sh -- lanes the line-rate detector checks per cycle per slice:
# `test_line_detector --measure` (ideal memory: every read answered in order after a fixed
# latency, no back-pressure) on synthetic vector streams of stores with L lanes per instruction
# (L = 1, 4, 8, 16; consecutive words, so one metadata line per instruction), from 60 warps of 15
# SMs in turn, each instruction on fresh words, except that with the hazard rate H an instruction
# repeats the words of the one before it (same entries: a same-line follower in the RTL, which
# waits for its predecessor's check).  Prints a Markdown table of lanes per cycle per slice by
# lanes per instruction, hazard rate and memory latency; each stream is also checked against the
# C model by the test binary (races and metadata), so a wrong RTL fails here too.
#   scripts/line_throughput.sh [--tb PATH] [--events N] [--lanes "1 4 8 16"]
#                              [--latency "1 8 32"] [--hazard "0 20"] [--seed S]
# Exit 0, 1 when a run failed, 2 on a usage error.  About a minute at the defaults.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tb=$here/build/bin/test_line_detector events=20000 lanes="1 4 8 16" lats="1 8 32" hazards="0 20" seed=1
while [ $# -gt 0 ]; do
  case "$1" in
    --tb) tb=$2; shift 2 ;;
    --events) events=$2; shift 2 ;;
    --lanes) lanes=$2; shift 2 ;;
    --latency) lats=$2; shift 2 ;;
    --hazard) hazards=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "line_throughput.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$events" =~ ^[1-9][0-9]*$ ]] || { echo "line_throughput.sh: --events '$events' is not a positive count" >&2; exit 2; }
for h in $hazards; do [[ "$h" =~ ^[0-9]+$ ]] && [ "$h" -le 100 ] ||
  { echo "line_throughput.sh: --hazard '$h' is not a percentage 0..100" >&2; exit 2; }; done
[ -x "$tb" ] || { echo "line_throughput.sh: $tb not built (scripts/setup.sh)" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# gen L H FILE: the stream (awk's srand(seed) makes it reproducible).
gen() {
  awk -v L="$1" -v H="$2" -v N="$events" -v S="$seed" 'BEGIN {
    srand(S)
    print "scord-vectors 1"
    print "# scripts/line_throughput.sh: " N " stores of " L " lanes, " H " % same-entry repeats"
    print "config num_sms=15 ctas_per_sm=8 warps_per_sm=32 md_ratio=1 granule=4"
    print "kernel name=throughput"
    for (s = 0; s < 15; s++) print "cta sm=" s " cta=0 first_warp=0 warps=4"
    a = 3221225472; prev = a   # heap_base 0xC0000000
    for (i = 0; i < N; i++) {
      if (i > 0 && rand() * 100 < H) addr = prev
      else { addr = a; a += 64 }   # 16 words = one metadata line per instruction
      prev = addr
      printf "st sm=%d cta=0 warp=%d addr=0x%x n=%d stride=4 pc=0x%x\n", i % 15, int(i / 15) % 4, addr, L, 16 + 4 * (i % 8)
    }
  }' > "$3"
}
printf '| lanes per instruction | same-entry repeats |'; for l in $lats; do printf ' latency %s |' "$l"; done; printf '\n'
printf '|---:|---:|'; for l in $lats; do printf -- '---:|'; done; printf '\n'
for L in $lanes; do for H in $hazards; do
  f=$tmp/s_${L}_${H}.vec
  gen "$L" "$H" "$f"
  row="| $L | $H % |"
  for lat in $lats; do
    out=$("$tb" --measure --latency "$lat" --vec "$f" 2>&1) || { echo "line_throughput.sh: $tb failed on L=$L H=$H latency $lat:" >&2; echo "$out" >&2; exit 1; }
    nl=$(sed -n 's/^vec .* lanes=\([0-9]*\) cycles=.*/\1/p' <<<"$out" | head -1)
    nc=$(sed -n 's/^vec .* cycles=\([0-9]*\) .*/\1/p' <<<"$out" | head -1)
    slices=$(sed -n 's/.*(defaults, \([0-9]*\) slices.*/\1/p' <<<"$out" | head -1)
    [ -n "$nl" ] && [ -n "$nc" ] && [ -n "$slices" ] && grep -q PASS <<<"$out" ||
      { echo "line_throughput.sh: $tb on L=$L H=$H latency $lat: no passing measurement" >&2; echo "$out" >&2; exit 1; }
    row="$row $(awk -v l="$nl" -v c="$nc" -v s="$slices" 'BEGIN { printf "%.2f", l / c / s }') |"
  done
  echo "$row"
done; done
echo "(lanes per cycle per slice, $slices slices; $events instructions each, seed $seed; $tb)"
