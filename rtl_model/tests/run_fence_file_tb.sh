#!/usr/bin/env bash
# run_fence_file_tb.sh -- compile and run the fence-file unit test with Icarus.
# Usage: run_fence_file_tb.sh OUTDIR [Name=value ...]   (parameters of tb_scord_fence_file)
# Prints PASS or FAIL lines; exit 0 only on PASS.
set -u
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)
out=$1; shift
mkdir -p "$out"
ps=() tag=fence
for a in "$@"; do ps+=("-Ptb_scord_fence_file.${a%%=*}=${a#*=}"); tag="${tag}_${a%%=*}${a#*=}"; done
srcs="$rtl/scord_pkg.sv $rtl/scord_sram_flops.sv $rtl/scord_sram_1r1w.sv $rtl/scord_sram_nr1w.sv $rtl/scord_fence_bank.sv $rtl/scord_fence_file.sv $here/tb_scord_fence_file.sv"
# shellcheck disable=SC2086
iverilog -g2012 -s tb_scord_fence_file "${ps[@]}" -o "$out/$tag.vvp" $srcs || exit 1
vvp -n "$out/$tag.vvp" | tee "$out/$tag.log"
grep -q '^PASS' "$out/$tag.log"
