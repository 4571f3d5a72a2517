#!/bin/bash
# accuracy_sweep.sh -- accuracy against area (docs/accuracy.md section 7).
# Sweeps one detector parameter at a time around the defaults (fence_id_bits 2..8,
# bloom_bin_bits, lock_entries, md_ratio, granule), runs scord-accuracy at each point over the
# seven applications (every injection on, and none) and --streams random streams, and joins
# each point with its hardware cost from scord-state (on-chip state bytes: fence file, barrier
# counters, lock tables; and metadata memory as % of the tracked window).  The oracle does not
# depend on these parameters, so its count is the same at every point.
# Writes DIR/accuracy_sweep.csv (one row per point: cost, race counts, the paper's point, the lanes
# checked and how many found their metadata entry holding another tag, i.e. the metadata-aliasing
# rate against md_ratio; the fence-counter wraps at the point's fence_id_bits within a kernel; and
# the pairs of distinct lock words and how many share a lock hash at the point's bloom_bin_bits
# (their one-lock blooms intersect: the bloom's collision); and a pareto column: 1 when no other point
# has both less on-chip state and fewer errors fp+fn, or for md/granule points less metadata
# memory and fewer errors) and DIR/accuracy_sweep.png (gnuplot; skipped with a note when gnuplot
# is missing), and prints the CSV.
# Usage: scripts/accuracy_sweep.sh [--size small|large] [--streams N] [--out DIR] [--bin DIR]
# Exit 0, 1 when a tool failed, 2 on a usage error.
set -eu
size=large streams=10 out=build/accuracy bin=build/bin
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift 2 ;;
    --streams) streams=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    *) echo "accuracy_sweep.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for t in scord-gen scord-accuracy scord-state; do
  [ -x "$bin/$t" ] || { echo "accuracy_sweep.sh: $bin/$t not built" >&2; exit 1; }
done
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
apps=$("$bin/scord-gen" --list | sed -n 's/^\([a-z0-9]*\): .*/\1/p' | grep -v '^random$')
files=()
for a in $apps; do
  "$bin/scord-gen" app="$a" --inject=all --size="$size" --out-vec="$tmp/${a}_all.vec"
  "$bin/scord-gen" app="$a" --size="$size" --out-vec="$tmp/${a}_none.vec"
  files+=("$tmp/${a}_all.vec" "$tmp/${a}_none.vec")
done
for i in $(seq 1 "$streams"); do
  "$bin/scord-gen" app=random --seed="$i" --out-vec="$tmp/random_$i.vec"
  files+=("$tmp/random_$i.vec")
done

# One point per swept value; the defaults (detector.md section 1) are the paper's point.
points=()
for v in 2 3 4 5 6 7 8; do points+=("fence_id_bits=$v"); done
for v in 2 4 8; do points+=("bloom_bin_bits=$v"); done   # 16 needs 74 bits: over the 64-bit entry
for v in 1 2 4 8; do points+=("lock_entries=$v"); done
for v in 1 2 4 8 16; do points+=("md_ratio=$v"); done
for v in 4 8 16; do points+=("granule=$v"); done

csv="$out/accuracy_sweep.csv"
{
  echo "param,value,state_bytes,md_overhead_pct,oracle,detector,tp,fp,fn,paper_point,accesses,tag_miss,fence_wraps,lock_pairs,lock_aliased"
  for pt in "${points[@]}"; do
    k=${pt%%=*} v=${pt#*=}
    st=$("$bin/scord-state" --csv "$pt") || { echo "accuracy_sweep.sh: scord-state $pt" >&2; exit 1; }
    def=$("$bin/scord-state" --csv)
    bytes=$(cut -d, -f14 <<<"$st") md=$(cut -d, -f15 <<<"$st")
    all=$("$bin/scord-accuracy" --by-class --config "$pt" "${files[@]}") ||
      { echo "accuracy_sweep.sh: scord-accuracy --config $pt" >&2; exit 1; }
    t=$(grep '^total ' <<<"$all")
    al=$(grep '^class aliasing ' <<<"$all")
    lh=$(grep "^class lock_hash bins=$(cut -d, -f6 <<<"$st") " <<<"$all")
    fw=$(grep "^class fence_wrap bits=$(cut -d, -f4 <<<"$st") " <<<"$all" | sed -n 's/.* wraps=\([0-9]*\).*/\1/p')
    f() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$t"; }
    paper=0
    [ "$st" = "$def" ] && [ "$k" != granule ] && paper=1
    [ "$k" = granule ] && [ "$v" = 4 ] && paper=1
    echo "$k,$v,$bytes,$md,$(f oracle),$(f detector),$(f tp),$(f fp),$(f fn),$paper,$(sed -n 's/.* accesses=\([0-9]*\).*/\1/p' <<<"$al"),$(sed -n 's/.* tag_miss=\([0-9]*\).*/\1/p' <<<"$al"),$fw,$(sed -n 's/.* pairs=\([0-9]*\).*/\1/p' <<<"$lh"),$(sed -n 's/.* aliased=\([0-9]*\).*/\1/p' <<<"$lh")"
  done
} > "$tmp/rows.csv"
# Pareto flag: on-chip parameters against state bytes, metadata parameters against md memory.
awk -F, 'NR == 1 { print $0 ",pareto"; next }
  { row[NR] = $0; p[NR] = $1; b[NR] = $3; m[NR] = $4; e[NR] = $8 + $9; n = NR }
  END {
    for (i = 2; i <= n; i++) {
      mdp = (p[i] == "md_ratio" || p[i] == "granule"); dom = 0
      for (j = 2; j <= n; j++) {
        if (j == i) continue
        if ((p[j] == "md_ratio" || p[j] == "granule") != mdp) continue
        ci = mdp ? m[i] : b[i]; cj = mdp ? m[j] : b[j]
        if (cj <= ci && e[j] <= e[i] && (cj < ci || e[j] < e[i])) dom = 1
      }
      print row[i] "," (dom ? 0 : 1)
    }
  }' "$tmp/rows.csv" > "$csv"
cat "$csv"

if command -v gnuplot > /dev/null; then
  gnuplot <<EOF
set terminal pngcairo size 1400,600 font ",10" noenhanced
set output "$out/accuracy_sweep.png"
set datafile separator ","
set multiplot layout 1,2 title "ScoRD detector against the exact oracle ($size applications + $streams random streams): errors against cost"
set key below
set grid
set xlabel "on-chip state (bytes, scord-state)"
set ylabel "races (unique pc, address)"
set logscale x 2
plot "$csv" using (strcol(1) ne "md_ratio" && strcol(1) ne "granule" ? \$3 : 1/0):9 with points pt 7 title "missed (fn)", \
     "" using (strcol(1) ne "md_ratio" && strcol(1) ne "granule" ? \$3 : 1/0):8 with points pt 5 title "false (fp)", \
     "" using (\$10 == 1 && strcol(1) eq "fence_id_bits" ? \$3 : 1/0):(\$8+\$9) with points pt 6 ps 3 title "paper's point (fp+fn)", \
     "" using (\$16 == 1 && strcol(1) ne "md_ratio" && strcol(1) ne "granule" ? \$3 : 1/0):(\$8+\$9) with points pt 2 ps 2 title "Pareto front (fp+fn)", \
     "" using (strcol(1) ne "md_ratio" && strcol(1) ne "granule" ? \$3 : 1/0):9:(sprintf("%s=%s", stringcolumn(1), stringcolumn(2))) with labels offset 0,1 font ",7" notitle
set xlabel "metadata memory (% of the tracked window)"
unset logscale x
set logscale x 2
plot "$csv" using (strcol(1) eq "md_ratio" || strcol(1) eq "granule" ? \$4 : 1/0):9 with points pt 7 title "missed (fn)", \
     "" using (strcol(1) eq "md_ratio" || strcol(1) eq "granule" ? \$4 : 1/0):8 with points pt 5 title "false (fp)", \
     "" using (\$10 == 1 && strcol(1) eq "md_ratio" ? \$4 : 1/0):(\$8+\$9) with points pt 6 ps 3 title "paper's point (fp+fn)", \
     "" using (\$16 == 1 && (strcol(1) eq "md_ratio" || strcol(1) eq "granule") ? \$4 : 1/0):(\$8+\$9) with points pt 2 ps 2 title "Pareto front (fp+fn)", \
     "" using (strcol(1) eq "md_ratio" || strcol(1) eq "granule" ? \$4 : 1/0):9:(sprintf("%s=%s", stringcolumn(1), stringcolumn(2))) with labels offset 0,1 font ",7" notitle
unset multiplot
EOF
  echo "plot: $out/accuracy_sweep.png"
else
  echo "accuracy_sweep.sh: gnuplot not installed, no plot" >&2
fi
