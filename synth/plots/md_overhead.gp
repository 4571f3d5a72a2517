# md_overhead.gp -- metadata memory overhead against MdRatio (one 8-byte entry per
# Granule*MdRatio bytes), from build/synth/md_overhead.csv; the paper's 200 % and 12.5 % marked.
# Usage: gnuplot -e "outdir='build/synth'" md_overhead.gp   -> outdir/md_overhead.png
if (!exists("outdir")) outdir = "."
set datafile separator ","
set datafile columnheaders
set terminal pngcairo size 640,480 font "sans,10" noenhanced
set output outdir."/md_overhead.png"
set title "ScoRD metadata overhead (Granule 4 bytes, 8-byte entries)"
set logscale x 2
set logscale y 2
set xlabel "MdRatio (tracked words per metadata entry)"
set ylabel "metadata / tracked memory (%)"
set grid
set xrange [0.8:20]
set label 1 "paper: 200 % (base)" at 1.1,200 offset 0,1
set label 2 "paper: 12.5 % (ScoRD default)" at 16,12.5 right offset -1,0
plot outdir."/md_overhead.csv" using (column("md_ratio")):(column("md_overhead_pct")) with linespoints lw 2 pt 7 notitle
