#!/usr/bin/env bash
# run_race_fifo_tb.sh -- compile and run the race-FIFO unit test with Icarus.
# Usage: run_race_fifo_tb.sh OUTDIR [Name=value ...]   (parameters of tb_scord_race_fifo)
# Prints PASS or FAIL lines; exit 0 only on PASS.
set -u
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)
out=$1; shift
mkdir -p "$out"
ps=() tag=racefifo
for a in "$@"; do ps+=("-Ptb_scord_race_fifo.${a%%=*}=${a#*=}"); tag="${tag}_${a%%=*}${a#*=}"; done
srcs="$rtl/scord_pkg.sv $rtl/scord_sram_flops.sv $rtl/scord_sram_1r1w.sv $rtl/scord_race_fifo.sv $here/tb_scord_race_fifo.sv"
# shellcheck disable=SC2086
iverilog -g2012 -s tb_scord_race_fifo "${ps[@]}" -o "$out/$tag.vvp" $srcs || exit 1
vvp -n "$out/$tag.vvp" | tee "$out/$tag.log"
grep -q '^PASS' "$out/$tag.log"
