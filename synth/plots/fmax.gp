# fmax.gp -- maximum clock frequency (OpenSTA, pre-layout, typical corner of the library run) of the
# detector and of one SM tracker for every synthesised configuration, from build/synth/configs.csv.
# Usage: gnuplot -e "outdir='build/synth'" fmax.gp   -> outdir/fmax.png
if (!exists("outdir")) outdir = "."
set datafile separator ","
set datafile columnheaders
set terminal pngcairo size 1200,480 font "sans,10" noenhanced
set output outdir."/fmax.png"
csv = outdir."/configs.csv"
set title "Fmax per configuration (OpenSTA on the Yosys netlist, typical corner, no wire load)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set grid ytics
set ylabel "MHz"
set yrange [0:*]
set xtics rotate by -35
set key top right
ok(c) = strcol("status") eq "ok" ? column(c) : NaN
plot csv using (ok("det_fmax_mhz")):xtic(1) title "detector", \
     csv using (ok("trk_fmax_mhz")) title "SM tracker"
