# area_params.gp -- ASIC area and hardware state against FenceIdBits, BloomBinBits and
# LockEntries (one changed from the default at a time), from build/synth/configs.csv.
# Usage: gnuplot -e "outdir='build/synth'" area_params.gp   -> outdir/area_params.png
if (!exists("outdir")) outdir = "."
set datafile separator ","
set datafile columnheaders
set terminal pngcairo size 1500,520 font "sans,10" noenhanced
set output outdir."/area_params.png"
csv = outdir."/configs.csv"
set multiplot layout 1,3 title "ScoRD (Yosys 0.23, typical corner of the library run): area and state, one parameter changed from the default"
set grid
set ylabel "area (mm²)"
set y2label "hardware state (bytes)"
set ytics nomirror
set y2tics
set key bottom right
set yrange [0:*]
set y2range [0:*]
# rows of one sweep plus the default, so lines join only the points of that sweep
rows(s) = sprintf("< awk -F, 'NR == 1 || ($3 == \"ok\" && ($2 == \"%s\" || $1 == \"default\"))' %s", s, csv)
set xlabel "FenceIdBits"
set xtics (4, 6, 8)
set xrange [3.5:8.5]
plot rows("fence") using (column("fence_id_bits")):(column("gpu_area_mm2")) smooth unique with linespoints lw 2 title "GPU total (detector + NumSms trackers)", \
     rows("fence") using (column("fence_id_bits")):(column("det_area_um2")/1e6) smooth unique with linespoints lw 2 title "detector", \
     rows("fence") using (column("fence_id_bits")):(column("total_state_bytes")) axes x1y2 smooth unique with linespoints dt 2 title "state bytes (right)"
set xlabel "BloomBinBits (16: entry over 64 bits, rejected)"
set xtics (4, 8, 16)
set logscale x 2
set xrange [3:20]
plot rows("bloom") using (column("bloom_bin_bits")):(column("gpu_area_mm2")) smooth unique with linespoints lw 2 title "GPU total", \
     rows("bloom") using (column("bloom_bin_bits")):(column("det_area_um2")/1e6) smooth unique with linespoints lw 2 title "detector", \
     rows("bloom") using (column("bloom_bin_bits")):(column("total_state_bytes")) axes x1y2 smooth unique with linespoints dt 2 title "state bytes (right)"
set xlabel "LockEntries"
set xtics (2, 4, 8)
set xrange [1.7:9.5]
plot rows("lock") using (column("lock_entries")):(column("gpu_area_mm2")) smooth unique with linespoints lw 2 title "GPU total", \
     rows("lock") using (column("lock_entries")):(column("det_area_um2")/1e6) smooth unique with linespoints lw 2 title "detector", \
     rows("lock") using (column("lock_entries")):(column("total_state_bytes")) axes x1y2 smooth unique with linespoints dt 2 title "state bytes (right)"
unset multiplot
