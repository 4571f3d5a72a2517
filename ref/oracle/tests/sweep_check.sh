#!/usr/bin/env bash
# sweep_check.sh SCRIPT BINDIR -- CTest oracle/sweep: runs scripts/accuracy_sweep.sh small (one
# random stream) into a temporary directory and checks its CSV: 22 points; the oracle's count is
# the same at every point (it does not depend on detector parameters); tp + fp = detector and
# tp + fn = oracle on every row; the paper's point is marked once per parameter; some point is on
# the Pareto front; and the fence-ID wrap shows: 2-bit fence IDs give more false positives than
# 8-bit ones; every point checked lanes, and md_ratio 1 (one tag per entry) has no tag miss; fence wraps fall as the
# fence ID widens (and 2-bit IDs do wrap); lock-hash aliasing falls as bloom bins grow (and
# 2 bins do alias).
set -u
script=${1:?usage: sweep_check.sh SCRIPT BINDIR}
bin=${2:?usage: sweep_check.sh SCRIPT BINDIR}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$script" --size small --streams 1 --out "$tmp" --bin "$bin" > "$tmp/log" 2>&1 ||
  { echo "FAIL: accuracy_sweep.sh exited $?"; cat "$tmp/log"; exit 1; }
csv="$tmp/accuracy_sweep.csv"
[ -f "$csv" ] || { echo "FAIL: no CSV"; exit 1; }
cat "$csv"
awk -F, 'NR == 1 { next }
  { rows++; if (o == "") o = $5; if ($5 != o) bad = bad " oracle-varies"
    if ($7 + $8 != $6 || $7 + $9 != $5) bad = bad " counts@" $1 "=" $2
    paper[$1] += $10; pareto += $16
    if ($1 == "bloom_bin_bits") { la[$2] = $15; lp = $14 }
    if ($1 == "fence_id_bits") { fw[$2] = $13 }
    if ($1 == "md_ratio" && $2 == 1 && $12 != 0) bad = bad " tag-miss-at-md1=" $12
    if ($11 == 0) bad = bad " no-accesses@" $1 "=" $2
    if ($1 == "fence_id_bits" && $2 == 2) fp2 = $8
    if ($1 == "fence_id_bits" && $2 == 8) fp8 = $8 }
  END {
    if (rows != 22) bad = bad " rows=" rows
    for (k in paper) if (paper[k] != 1) bad = bad " paper-points(" k ")=" paper[k]
    if (pareto < 1) bad = bad " no-pareto"
    if (!(fp2 > fp8)) bad = bad " no-wrap-effect(fp2=" fp2 ",fp8=" fp8 ")"
    if (!(lp > 0 && la[2] >= la[4] && la[4] >= la[8] && la[2] > 0)) bad = bad " lock-alias(pairs=" lp ",2:" la[2] ",4:" la[4] ",8:" la[8] ")"
    for (w = 3; w <= 8; w++) if (!(fw[w] <= fw[w - 1] && fw[2] > 0)) bad = bad " wraps-not-falling@" w
    if (bad != "") { print "FAIL:" bad; exit 1 }
    print "sweep: ok" }' "$csv"
