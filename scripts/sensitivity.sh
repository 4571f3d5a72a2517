#!/usr/bin/env bash
# sensitivity.sh -- detection overhead of the seven ScoR applications
# (scord-gen app=NAME --size=SIZE, race-free) as
#   --lanes: a curve over the detector's lanes per cycle (det_beat_lanes per slice x det_slices),
#            the C model's line-beat timing of the line-rate RTL (validated against the RTL at
#            the default 16 x 2: scripts/overhead_table.sh);
#   --fig11: Figure 11's three memory systems (less L2 and DRAM bandwidth, the default, more),
#            each overhead against detection off in that same memory system;
#   --pred:  the predecessor table (det_pred_sets x det_pred_ways per slice): each size's cycles
#            with detection on against the RTL default's, on the default workload and the seven
#            applications (C model; a set with no free way holds the slice's intake).
#   --inflight: line beats in flight per slice (det_inflight, RTL MaxOutstanding; the line
#            buffer's and beat info's depth): each depth's cycles against the RTL default's, and
#            the default's against an ideal detector, on the same workloads.
# Prints Markdown tables (docs/figures.md). Extra --KEY=VALUE options go to every run.
# About 1 minute per table at --size=large; at --size=paper (Table II inputs) about 13 minutes for --fig11.
# A detection-off run is made once per memory system (the det_* options and the detector timing
# do not change it).  --jobs N runs up to N applications of a row at once (UTS at paper size takes
# about 2 GB).
#   scripts/sensitivity.sh [--sim PATH] [--gen PATH] [--size=small|large|paper] [--lanes] [--fig11] [--pred]
#                          [--inflight]
#                          [--jobs N] [SCORD-SIM OPTION...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sim=$here/build/bin/scord-sim gen=$here/build/bin/scord-gen size=large
do_lanes=0 do_fig11=0 do_pred=0 do_inflight=0 jobs=1
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sim) sim=$2; shift 2 ;;
    --gen) gen=$2; shift 2 ;;
    --size=*) size=${1#--size=}; shift ;;
    --lanes) do_lanes=1; shift ;;
    --fig11) do_fig11=1; shift ;;
    --pred) do_pred=1; shift ;;
    --inflight) do_inflight=1; shift ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    --*=*) extra+=("$1"); shift ;;
    *) echo "sensitivity.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$size" in small|large|paper) ;; *) echo "sensitivity.sh: --size: small, large or paper, not '$size'" >&2; exit 2 ;; esac
[ $do_lanes = 1 ] || [ $do_fig11 = 1 ] || [ $do_pred = 1 ] || [ $do_inflight = 1 ] || { do_lanes=1; do_fig11=1; }
case "$jobs" in ''|*[!0-9]*|0) echo "sensitivity.sh: --jobs: a positive number, not '$jobs'" >&2; exit 2 ;; esac
for b in "$sim" "$gen"; do [ -x "$b" ] || { echo "sensitivity.sh: $b not built" >&2; exit 2; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
apps=(mm red r110 gcol gcon 1dc uts)
for a in "${apps[@]}"; do
  "$gen" app=$a --size=$size --out-vec="$tmp/$a.vec" --out-trace="$tmp/$a.trace" >/dev/null
done

# cycles DETECTOR APP ARGS...: system cycles of one run.  Every run is kept in a file named by
# the detector, the application and the options that can change it (a detection-off run ignores
# the detector's), so a run two tables share (the default size, the ideal detector) is made once.
cycles() {
  local det=$1 app=$2 o c key="" a
  shift 2
  for a in "$@"; do
    case "$a" in --det_*|--detector-timing=*) [ "$det" = off ] || key="$key $a" ;; *) key="$key $a" ;; esac
  done
  key="$tmp/${det}_${app}_$(printf '%s' "$key" | cksum | cut -d' ' -f1)"
  [ -s "$key" ] && { cat "$key"; return; }
  o=$("$sim" --no-progress --stats-only --detector="$det" "${extra[@]}" "$@" "$tmp/$app.trace" 2>&1) ||
    { echo "sensitivity.sh: scord-sim --detector=$det $* $app failed:" >&2; echo "$o" >&2; exit 1; }
  c=$(echo "$o" | sed -n 's/^cycles \([0-9]*\)$/\1/p' | head -1)
  [ -n "$c" ] || { echo "sensitivity.sh: scord-sim $* $app: no cycles line" >&2; exit 1; }
  echo "$c" > "$key"
  echo "$c"
}

# overhead APP ARGS...: one application's overhead (percent, one decimal) into $tmp/ovh_APP.
overhead() {
  local a=$1 off on
  shift
  off=$(cycles off "$a" "$@")
  on=$(cycles ref "$a" "$@")
  awk -v a="$off" -v b="$on" 'BEGIN { printf "%.1f", 100 * (b - a) / a }' > "$tmp/ovh_$a"
}

# row LABEL ARGS...: one Markdown row, the overhead of each application and their mean.
row() {
  local label=$1 line="" sum=0 o a n=0 fail=0
  shift
  for a in "${apps[@]}"; do
    rm -f "$tmp/ovh_$a"
    overhead "$a" "$@" &
    n=$((n + 1))
    if [ $n -ge "$jobs" ]; then wait -n || fail=1; n=$((n - 1)); fi
  done
  while [ $n -gt 0 ]; do wait -n || fail=1; n=$((n - 1)); done
  [ $fail = 0 ] || exit 1
  for a in "${apps[@]}"; do
    o=$(cat "$tmp/ovh_$a")
    line="$line | $o %"
    sum=$(awk -v s="$sum" -v x="$o" 'BEGIN { print s + x }')
  done
  awk -v l="$label" -v r="$line" -v s="$sum" -v n=${#apps[@]} 'BEGIN { printf "| %s%s | %.1f %% |\n", l, r, s / n }'
}

header() {
  printf '| %s | MM | RED | R110 | GCOL | GCON | 1DC | UTS | mean |\n|---|' "$1"
  for _ in "${apps[@]}"; do printf -- '---:|'; done
  printf -- '---:|\n'
}

if [ $do_lanes = 1 ]; then
  echo "Overhead by detector lanes per cycle (det_beat_lanes per slice x 2 slices; C model, line-beat timing):"
  header "lanes per cycle"
  for l in 1 2 4 8 16 32; do row "$((l * 2)) ($l x 2)" --det_beat_lanes=$l; done
  row "ideal (check free)" --detector-timing=ideal
  echo
fi
if [ $do_fig11 = 1 ]; then
  echo "Figure 11: overhead in three memory systems (each against detection off in the same system):"
  header "memory system"
  row "less: L2 0.75 MB, DRAM half bandwidth" --l2_bytes=786432 --dram_burst=16
  row "default: L2 1.5 MB, 16 B/cycle per channel"
  row "more: L2 3 MB, DRAM double bandwidth" --l2_bytes=3145728 --dram_burst=4
fi
# size_table TITLE LABEL-HEADER TO-OPTIONS SIZE...: one row per SIZE, each workload's cycles with
# detection on at that size (the options TO-OPTIONS prints for it) against the RTL default's, and
# the worst ratio; a last row the default's against an ideal detector (check free).
size_table() {
  local title=$1 head=$2 to_opts=$3 sz line worst c r a
  shift 3
  if [ ! -f "$tmp/default.trace" ]; then
    "$sim" --workload=default --write-trace "$tmp/default.trace" >/dev/null
  fi
  papps=(default "${apps[@]}")
  declare -A base
  for a in "${papps[@]}"; do base[$a]=$(cycles ref "$a"); done
  echo "$title"
  printf '| %s | default | MM | RED | R110 | GCOL | GCON | 1DC | UTS | worst |\n|---|' "$head"
  for _ in "${papps[@]}"; do printf -- '---:|'; done
  printf -- '---:|\n'
  for sz in "$@" ideal; do
    line="" worst=0
    for a in "${papps[@]}"; do
      if [ "$sz" = ideal ]; then
        c=$(cycles ref "$a" --detector-timing=ideal)
      else
        # shellcheck disable=SC2046  # the options are words
        c=$(cycles ref "$a" $($to_opts "$sz"))
      fi
      r=$(awk -v c="$c" -v b="${base[$a]}" 'BEGIN { printf "%.4f", c / b }')
      line="$line | $r"
      worst=$(awk -v w="$worst" -v r="$r" 'BEGIN { print (r > w) ? r : w }')
    done
    if [ "$sz" = ideal ]; then sz="ideal detector" worst="-"; fi
    printf '| %s%s | %s |\n' "$sz" "$line" "$worst"
  done
}
pred_opts() { echo "--det_pred_sets=${1%x*} --det_pred_ways=${1#*x}"; }
inflight_opts() { echo "--det_inflight=$1"; }

if [ $do_pred = 1 ]; then
  size_table "Predecessor table: cycles with detection on against the default size (C model, line-beat timing):" \
    "sets x ways" pred_opts 256x4 128x4 64x4 64x2 32x4 32x2 16x4 16x2 8x4
  echo
fi
if [ $do_inflight = 1 ]; then
  size_table "Line beats in flight per slice: cycles with detection on against the default depth (C model, line-beat timing):" \
    "beats in flight" inflight_opts 256 512 384 192 128 96 64 32
fi
