# units.gp -- area of the line-rate detector and of one SM tracker split by unit (SKY130 and
# OSU 0.18 um), from the units_*.csv files that `run.sh --report` writes (scripts/units.sh).
# Usage: gnuplot -e "outdir='build/synth'" units.gp   -> outdir/units.png
if (!exists("outdir")) outdir = "."
set datafile separator ","
set terminal pngcairo size 1200,480 font "sans,10" noenhanced
set output outdir."/units.png"
set style data histograms
set style fill solid 0.8 border -1
set boxwidth 0.8
set grid ytics
set ylabel "mm2 (cell + macro area, pre-layout)"
set yrange [0:*]
set xtics rotate by 30 right
unset key
set multiplot layout 1,3
skip(s) = (s eq "sum" || s eq "flat") ? NaN : 1
set title "line-rate detector, SKY130 tt"
plot outdir."/units_line_detector.csv" using ($2 / 1e6 * skip(strcol(1))):xtic(1) lc rgb "#4a7ab5"
set title "line-rate detector, OSU 0.18 um"
plot outdir."/units_line_detector_osu018.csv" using ($2 / 1e6 * skip(strcol(1))):xtic(1) lc rgb "#b5804a"
set title "SM tracker, SKY130 tt"
plot outdir."/units_sm_tracker.csv" using ($2 / 1e6 * skip(strcol(1))):xtic(1) lc rgb "#4ab57a"
unset multiplot
