#!/usr/bin/env bash
# line_area_plot.sh -- area and overhead of the line-rate detector against Lanes x Slices
# (docs/rtl.md "Area").  Area and Fmax come from synthesis runs of scord_line_detector
# (synth_top.sh, one per slice count: the RTL's beat is a whole 128-B metadata line, 16 entries
# checked per cycle, so Lanes = 16 is the only lane count the RTL builds); the overhead at every
# Lanes x Slices point comes from the line-beat timing model (`scord-sim --detector=ref`,
# det_beat_lanes/det_slices) on the default workload, as the ratio (100 + overhead) / (100 + ideal
# overhead) of the line-rate goal.
# Writes OUT/line_area.csv (one row per point; area columns empty where nothing was synthesised)
# and, with gnuplot, OUT/line_area.png; prints the CSV.
#   scripts/line_area_plot.sh --synth SLICES=DIR [--synth SLICES=DIR ...] [--out DIR]
#                             [--sim PATH] [--lanes "1 4 8 16"]
# DIR is a synth_top.sh --out directory of scord_line_detector with Slices=SLICES (its
# summary.txt).  Exit 0, 1 when a tool failed, 2 on a usage error.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sim=$here/build/bin/scord-sim out=$here/build/line_area lanes="1 4 8 16"
declare -A syn=()
while [ $# -gt 0 ]; do
  case "$1" in
    --synth) k=${2%%=*} d=${2#*=}
             [[ "$k" =~ ^[0-9]+$ ]] && [ -f "$d/summary.txt" ] ||
               { echo "line_area_plot.sh: --synth $2: want SLICES=DIR with DIR/summary.txt" >&2; exit 2; }
             syn[$k]=$d; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --sim) sim=$2; shift 2 ;;
    --lanes) lanes=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "line_area_plot.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ ${#syn[@]} -gt 0 ] || { echo "line_area_plot.sh: no --synth SLICES=DIR given" >&2; exit 2; }
[ -x "$sim" ] || { echo "line_area_plot.sh: $sim not built (scripts/setup.sh)" >&2; exit 1; }
mkdir -p "$out"
val() { sed -n "s/^$2=//p" "$1/summary.txt" | head -1; }
ovh() {
  local v
  v=$("$sim" --compare-off --no-progress --workload=default "$@" 2>&1 | sed -n 's/^overhead_pct //p' | head -1)
  [ -n "$v" ] || { echo "line_area_plot.sh: scord-sim $* printed no overhead" >&2; exit 1; }
  echo "$v"
}
ideal=$(ovh --detector=ref --detector-timing=ideal)
csv=$out/line_area.csv
{
  echo "lanes,slices,ratio,overhead_pct,area_mm2,logic_mm2,macro_mm2,fmax_mhz,fmax_f2f_mhz"
  for S in $(printf '%s\n' "${!syn[@]}" | sort -n); do
    d=${syn[$S]}
    sl=$(sed -n 's/.*Slices=\([0-9]*\).*/\1/p' <<<"$(val "$d" overrides)")
    [ "${sl:-2}" = "$S" ] || { echo "line_area_plot.sh: $d was synthesised with Slices=${sl:-2 (default)}, not $S" >&2; exit 2; }
    [ -n "$(val "$d" fmax_mhz)" ] || { echo "line_area_plot.sh: $d has no timing (synthesis failed?)" >&2; exit 1; }
    for L in $lanes; do
      o=$(ovh --detector=ref --det_beat_lanes="$L" --det_slices="$S")
      a="" lg="" m="" f="" ff=""
      if [ "$L" = 16 ]; then
        a=$(awk -v x="$(val "$d" asic_area_um2)" 'BEGIN { printf "%.2f", x / 1e6 }')
        lg=$(awk -v x="$(val "$d" asic_logic_area_um2)" 'BEGIN { printf "%.2f", x / 1e6 }')
        m=$(awk -v x="$(val "$d" asic_macro_area_um2)" 'BEGIN { printf "%.2f", x / 1e6 }')
        f=$(val "$d" fmax_mhz) ff=$(val "$d" fmax_f2f_mhz)
      fi
      r=$(awk -v o="$o" -v i="$ideal" 'BEGIN { printf "%.3f", (100 + o) / (100 + i) }')
      echo "$L,$S,$r,$o,$a,$lg,$m,$f,$ff"
    done
  done
} > "$csv"
cat "$csv"
if command -v gnuplot >/dev/null; then
  gnuplot <<GP || echo "line_area_plot.sh: gnuplot failed" >&2
set terminal png size 900,560
set output "$out/line_area.png"
set datafile separator ","
set key top right
set title "Line-rate detector: area (synthesised, Lanes 16) and overhead (timing model) by Lanes x Slices"
set xlabel "Slices"
set ylabel "(100 + overhead) / (100 + ideal), default workload"
set y2label "area, mm2 (OSU 0.18 um, macros + logic)"
set y2tics
set ytics nomirror
set logscale x 2
set xrange [0.7:*]
set logscale y
set yrange [0.9:*]
set y2range [0:*]
plot for [L in "$lanes"] sprintf("< awk -F, -v L=%s 'NR > 1 && \$1 == L' $csv", L) using 2:3 with linespoints title sprintf("overhead, Lanes %s", L), \
     "$csv" using (\$1 == 16 && strcol(5) ne "" ? \$2 : 1/0):5 every ::1 axes x1y2 with linespoints lw 3 pt 7 title "area (Lanes 16)", \
     "$csv" using (\$1 == 16 && strcol(6) ne "" ? \$2 : 1/0):7 every ::1 axes x1y2 with linespoints dt 2 title "of it macros", \
     1.10 with lines dt 3 lc rgb "gray" title "goal 1.10"
GP
  echo "plot: $out/line_area.png"
fi
