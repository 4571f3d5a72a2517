#!/usr/bin/env bash
# paper_figures.sh -- the ScoRD paper's Figures 8-11 from the TLM model, for both detector
# placements (docs/tlm.md "Detector placement"), in one configuration (default: the authors',
# --config=scord-isca20).  For each placement P (central, l2):
#   OUT/fig8_10_P.md  Figures 8, 9 and 10: scripts/paper_table.sh (overhead and ideal overhead per
#                     application, DRAM accesses on/off as data + metadata, the LHD/NOC/MD shares)
#   OUT/fig11_P.md    Figure 11: scripts/sensitivity.sh --fig11 (less / default / more L2 and DRAM)
# and OUT/fig8.dat (overhead per application, md_ratio 1, both placements) with OUT/fig8.png when
# gnuplot is installed.  The paper's mean (35 %, Figure 8) is printed beside ours.
# At --size=paper a run of every figure takes hours (l2 runs are slower: docs/tlm.md "Known
# limits"); --size=large takes minutes, --size=small seconds (CTest scripts/paper_figures).
#   scripts/paper_figures.sh [--size=paper|large|small] [--config=NAME] [--placements "central l2"]
#                            [--md "1 16"] [--jobs N] [--out DIR] [--sim PATH] [--gen PATH]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sim=$here/build/bin/scord-sim gen=$here/build/bin/scord-gen
size=paper config=scord-isca20 placements="central l2" mds="1 16" jobs=1 out=$here/build/figures
while [ $# -gt 0 ]; do
  case "$1" in
    --size=*) size=${1#--size=}; shift ;;
    --config=*) config=${1#--config=}; shift ;;
    --placements) placements=$2; shift 2 ;;
    --md) mds=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --sim) sim=$2; shift 2 ;;
    --gen) gen=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "paper_figures.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$size" in small|large|paper) ;; *) echo "paper_figures.sh: --size: small, large or paper, not '$size'" >&2; exit 2 ;; esac
for p in $placements; do
  case "$p" in central|l2) ;; *) echo "paper_figures.sh: --placements: central and/or l2, not '$p'" >&2; exit 2 ;; esac
done
case "$jobs" in ''|*[!0-9]*|0) echo "paper_figures.sh: --jobs: a positive number, not '$jobs'" >&2; exit 2 ;; esac
for b in "$sim" "$gen"; do [ -x "$b" ] || { echo "paper_figures.sh: $b not built" >&2; exit 2; }; done
mkdir -p "$out"
common=(--sim "$sim")
cfg=()
[ -n "$config" ] && cfg=(--config="$config")

for p in $placements; do
  echo "== $p: Figures 8, 9, 10 ($size) =="
  "$here/scripts/paper_table.sh" "${common[@]}" --size="$size" --md "$mds" --jobs "$jobs" \
    "${cfg[@]}" --det-placement="$p" | tee "$out/fig8_10_$p.md"
  echo "== $p: Figure 11 ($size) =="
  "$here/scripts/sensitivity.sh" "${common[@]}" --gen "$gen" --size="$size" --fig11 --jobs "$jobs" \
    "${cfg[@]}" --det-placement="$p" | tee "$out/fig11_$p.md"
done

# Figure 8's data: application, then the md_ratio-1 overhead of each placement.
awk -v pl="$placements" -v out="$out" 'BEGIN {
    n = split(pl, p, " ")
    for (i = 1; i <= n; i++) {
      f = out "/fig8_10_" p[i] ".md"
      while ((getline l < f) > 0) {
        split(l, c, "|")
        gsub(/ /, "", c[2]); gsub(/ /, "", c[3]); v = c[6]; gsub(/[ %]/, "", v)
        if (c[3] != "1" || c[2] == "app") continue
        if (!(c[2] in seen)) { seen[c[2]] = 1; order[++m] = c[2] }
        val[c[2], i] = v; sum[i] += v; cnt[i]++
      }
    }
    printf "app"; for (i = 1; i <= n; i++) printf " %s", p[i]; printf "\n"
    for (k = 1; k <= m; k++) {
      printf "%s", order[k]
      for (i = 1; i <= n; i++) printf " %s", ((order[k], i) in val) ? val[order[k], i] : "nan"
      printf "\n"
    }
    for (i = 1; i <= n; i++) printf "mean overhead, %s: %.1f %% over %d applications (the paper: 35 %%)\n", p[i], cnt[i] ? sum[i] / cnt[i] : 0, cnt[i] > "/dev/stderr"
  }' > "$out/fig8.dat"
if command -v gnuplot >/dev/null; then
  ncol=$(echo $placements | wc -w)
  gnuplot -e "set terminal pngcairo size 800,450; set output '$out/fig8.png';
    set title 'Detection overhead per application ($size, ${config:-default configuration})';
    set ylabel 'overhead (%)'; set style data histograms; set style fill solid 0.8; set key top left;
    set grid ytics; set key autotitle columnhead; plot for [i=2:$((ncol + 1))] '$out/fig8.dat' using i:xtic(1) title columnheader(i)" 2> "$out/gnuplot.log" ||
    echo "paper_figures.sh: gnuplot failed (see $out/gnuplot.log); the data are in $out/fig8.dat" >&2
fi
echo "wrote $out/fig8_10_*.md $out/fig11_*.md $out/fig8.dat$(command -v gnuplot >/dev/null && echo " $out/fig8.png")"
