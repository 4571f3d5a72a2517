#!/usr/bin/env bash
# paper_table.sh -- Figures 8 and 10 at the paper's sizes.  For each of the
# seven applications at --size=paper (Table II inputs, vectors/README.md "Sizes"), with md_ratio 1
# (the base design) and 16 (ScoRD's metadata cache): `scord-sim --workload=APP --size=paper
# --compare-off` (detection off, on, and on with each overhead source's timing off: Figure 10's
# LHD / NOC / MD), and one run with --detector-timing=ideal (the check costs no cycles; metadata
# still goes through the L2 and DRAM, as in the paper's simulator).  Prints a Markdown table row
# per run as it finishes, with dram_stall_idle_pct (detection off / on, and the largest of the
# row's seven runs) and the wall time.  Extra --KEY=VALUE options go to every run.
# At paper size with --config=scord-isca20 --det-placement=l2 and --jobs 2 about 75 minutes on
# this 2-core machine (R110's row 65 of them).
# --jobs N runs N rows at once (each one process; UTS takes about 2 GB) and prints them at the end.
# --size=large|small runs the same at CI's sizes (paper is the default).
#   scripts/paper_table.sh [--sim PATH] [--apps "mm red ..."] [--md "1 16"] [--jobs N] [--size=S]
#                          [SCORD-SIM OPTION...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sim=$here/build/bin/scord-sim
apps="mm red r110 gcol gcon 1dc uts" mds="1 16" jobs=1 size=paper
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sim) sim=$2; shift 2 ;;
    --apps) apps=$2; shift 2 ;;
    --md) mds=$2; shift 2 ;;
    --size=*) size=${1#--size=}
      case $size in small|large|paper) ;; *) echo "paper_table.sh: --size: small, large or paper, not '$size'" >&2; exit 2 ;; esac
      shift ;;
    --jobs) jobs=$2; shift 2
      case $jobs in '' | *[!0-9]* | 0) echo "paper_table.sh: --jobs needs a positive integer" >&2; exit 2 ;; esac ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    --*=*) extra+=("$1"); shift ;;
    *) echo "paper_table.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -x "$sim" ] || { echo "paper_table.sh: $sim not built" >&2; exit 2; }
printf '| app | md_ratio | cycles off | cycles on | overhead | ideal | DRAM on/off (data + md) | DRAM row hits off / ideal | LHD | NOC | MD | all three off | stall idle off / on (max) | wall |\n'
printf '|---|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---|---:|\n'
# row APP MD: one table row on stdout (1 and a message on stderr on failure).
row() {
  local a=$1 r=$2 t0 t1 o oi rh_on ho
  t0=$(date +%s)
  o=$("$sim" --workload="$a" --size="$size" --md_ratio="$r" --compare-off --no-progress "${extra[@]}" 2>&1) ||
    { echo "paper_table.sh: scord-sim --workload=$a --md_ratio=$r --compare-off failed:" >&2; echo "$o" | tail -20 >&2; return 1; }
  oi=$("$sim" --workload="$a" --size="$size" --md_ratio="$r" --detector-timing=ideal --stats-only --no-progress "${extra[@]}" 2>&1) ||
    { echo "paper_table.sh: scord-sim --workload=$a --detector-timing=ideal failed:" >&2; echo "$oi" | tail -20 >&2; return 1; }
  rh_on=$(echo "$oi" | sed -n 's/^dram_row_hit_rate //p')
  ho=$("$sim" --workload="$a" --size="$size" --detector=off --stats-only --no-progress "${extra[@]}" 2>&1 | sed -n 's/^dram_row_hit_rate //p')
  t1=$(date +%s)
  echo "$o" | awk -v a="$a" -v r="$r" -v ideal="$(echo "$oi" | sed -n 's/^cycles //p')" -v rhoff="$ho" \
                  -v rhon="$rh_on" -v wall=$((t1 - t0)) \
                  -v sii="$(echo "$oi" | sed -n 's/^dram_stall_idle_pct //p')" '
    function si(   i) { for (i = 1; i < NF; i++) if ($i == "stall_idle_pct") return $(i + 1) + 0; return 0 }
    BEGIN { simax = sii + 0 }
    /^run / { v = si(); if (v > simax) simax = v }
    /^run off / { off = $4; sioff = si() }
    /^run on / { on = $4; sion = si() }
    /^overhead_pct / { ovh = $2 }
    /^dram_ratio / { ratio = $2; gsub(/[(,]/, "", $4); d = $4; m = $6 }
    /^breakdown / { lhd = $3; noc = $5; md = $7; all3 = $NF; sub(/\)$/, "", all3) }
    END {
      if (off == "" || on == "") { print "paper_table.sh: no cycles for " a > "/dev/stderr"; exit 1 }
      printf "| %s | %s | %d | %d | %.1f %% | %.1f %% | %s (%s + %s) | %.2f / %.2f | %s %% | %s %% | %s %% | %s %% | %.2f / %.2f (%.2f) | %d s |\n",
             toupper(a), r, off, on, ovh, 100 * (ideal - off) / off, ratio, d, m, rhoff, rhon, lhd, noc, md, all3,
             sioff, sion, simax, wall
    }'
}

if [ "$jobs" -le 1 ]; then  # rows as they finish
  for a in $apps; do for r in $mds; do row "$a" "$r" || exit 1; done; done
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
for a in $apps; do
  for r in $mds; do
    (row "$a" "$r" > "$tmp/$i.row" 2> "$tmp/$i.err" || touch "$tmp/$i.failed") &
    i=$((i + 1))
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  done
done
wait
rc=0
for ((k = 0; k < i; k++)); do
  if [ -e "$tmp/$k.failed" ]; then cat "$tmp/$k.err" >&2; rc=1; else cat "$tmp/$k.row"; fi
done
exit $rc
