#!/usr/bin/env bash
# run_unit_tb.sh -- compile and run one Icarus unit test of rtl_model/ (tests/tb_scord_UNIT.sv).
# Usage: run_unit_tb.sh UNIT OUTDIR [Name=value ...]   (parameters of tb_scord_UNIT)
#   UNIT: fence_file or counter.  Prints PASS or FAIL lines; exit 0 only on PASS.
set -u
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)
unit=$1 out=$2; shift 2
case "$unit" in
  fence_file) mods="scord_sram_flops scord_sram_1r1w scord_sram_nr1w scord_fence_bank scord_fence_file" ;;
  counter)    mods="scord_counter" ;;
  *) echo "run_unit_tb.sh: unknown unit '$unit'" >&2; exit 2 ;;
esac
mkdir -p "$out"
top=tb_scord_$unit
ps=() tag=$unit
for a in "$@"; do ps+=("-P$top.${a%%=*}=${a#*=}"); tag="${tag}_${a%%=*}${a#*=}"; done
srcs="$rtl/scord_pkg.sv"
for m in $mods; do srcs="$srcs $rtl/$m.sv"; done
# shellcheck disable=SC2086
iverilog -g2012 -s "$top" "${ps[@]}" -o "$out/$tag.vvp" $srcs "$here/$top.sv" || exit 1
vvp -n "$out/$tag.vvp" | tee "$out/$tag.log"
grep -q '^PASS' "$out/$tag.log"
