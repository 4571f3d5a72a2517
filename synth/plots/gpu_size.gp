# gpu_size.gp -- ASIC area, detector Fmax and hardware state against GPU size (15, 80, 132
# SMs; 32 and 64 warps per SM), from build/synth/configs.csv.
# Usage: gnuplot -e "outdir='build/synth'" gpu_size.gp   -> outdir/gpu_size.png
if (!exists("outdir")) outdir = "."
set datafile separator ","
set datafile columnheaders
set terminal pngcairo size 1600,520 font "sans,10" noenhanced
set output outdir."/gpu_size.png"
csv = outdir."/configs.csv"
set multiplot layout 1,3 title "ScoRD against GPU size (Yosys 0.23 + OpenSTA, typical corner of the library run)"
set grid
set key top left
set xlabel "streaming multiprocessors (NumSms)"
set xtics (15, 80, 132)
# GPU-size rows (and the default) with w warps per SM (column 6 of configs.csv)
rows(w) = sprintf("< awk -F, 'NR == 1 || ($3 == \"ok\" && ($2 == \"gpu\" || $1 == \"default\") && $6 == %d)' %s", w, csv)
set ylabel "area (mm²)"
set logscale y
plot rows(32) using (column("num_sms")):(column("gpu_area_mm2")) smooth unique with linespoints lw 2 title "total, 32 warps/SM", \
     rows(64) using (column("num_sms")):(column("gpu_area_mm2")) smooth unique with linespoints lw 2 title "total, 64 warps/SM", \
     rows(32) using (column("num_sms")):(column("fence_file_area_um2")/1e6) smooth unique with linespoints dt 2 title "fence file, 32 warps/SM", \
     rows(64) using (column("num_sms")):(column("fence_file_area_um2")/1e6) smooth unique with linespoints dt 2 title "fence file, 64 warps/SM"
unset logscale y
set ylabel "Fmax (MHz), pre-layout"
set key center right
plot rows(32) using (column("num_sms")):(column("det_fmax_mhz")) smooth unique with linespoints lw 2 title "detector, 32 warps/SM", \
     rows(64) using (column("num_sms")):(column("det_fmax_mhz")) smooth unique with linespoints lw 2 title "detector, 64 warps/SM", \
     rows(32) using (column("num_sms")):(column("trk_fmax_mhz")) smooth unique with linespoints dt 2 title "SM tracker, 32 warps/SM", \
     rows(64) using (column("num_sms")):(column("trk_fmax_mhz")) smooth unique with linespoints dt 2 title "SM tracker, 64 warps/SM"
set key top left
set ylabel "hardware state (KiB)"
plot rows(32) using (column("num_sms")):(column("total_state_bytes")/1024) smooth unique with linespoints lw 2 title "32 warps/SM", \
     rows(64) using (column("num_sms")):(column("total_state_bytes")/1024) smooth unique with linespoints lw 2 title "64 warps/SM", \
     rows(32) using (column("num_sms")):(column("fence_file_bytes")/1024) smooth unique with linespoints dt 2 title "fence file, 32 warps/SM", \
     rows(64) using (column("num_sms")):(column("fence_file_bytes")/1024) smooth unique with linespoints dt 2 title "fence file, 64 warps/SM"
unset multiplot
