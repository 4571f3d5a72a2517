#!/usr/bin/env bash
# run_counter_tb.sh -- compile and run the scord_counter unit test with Icarus.
# Usage: run_counter_tb.sh OUTDIR [Name=value ...]   (parameters of tb_scord_counter)
# Prints PASS or FAIL lines; exit 0 only on PASS.
set -u
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)
out=$1; shift
mkdir -p "$out"
ps=() tag=counter
for a in "$@"; do ps+=("-Ptb_scord_counter.${a%%=*}=${a#*=}"); tag="${tag}_${a%%=*}${a#*=}"; done
srcs="$rtl/scord_pkg.sv $rtl/scord_counter.sv $here/tb_scord_counter.sv"
# shellcheck disable=SC2086
iverilog -g2012 -s tb_scord_counter "${ps[@]}" -o "$out/$tag.vvp" $srcs || exit 1
vvp -n "$out/$tag.vvp" | tee "$out/$tag.log"
grep -q '^PASS' "$out/$tag.log"
