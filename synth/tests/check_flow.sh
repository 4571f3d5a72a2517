#!/usr/bin/env bash
# check_flow.sh -- CTest `synth/flow_standin`: run the ASIC and iCE40 flows on the stand-in
# module of synth/tests/ (independent of the real RTL) and check that the reports parse and that
# a parameter override reaches the netlist (more fence entries -> more flops).
# Usage: check_flow.sh OUTDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$1
rm -rf "$out"
files="$here/scord_synthtest_regs.sv $here/scord_synthtest_top.sv"
"$here/../scripts/synth_top.sh" --top scord_synthtest_top --out "$out/small" --files "$files" \
  --asic --fpga hx8k NumSms=2 WarpsPerSm=4 || exit 1
"$here/../scripts/synth_top.sh" --top scord_synthtest_top --out "$out/big" --files "$files" \
  --asic NumSms=4 WarpsPerSm=8 CtasPerSm=8 || exit 1
fail=0
"$here/check_reports.sh" "$out/small" asic fpga || fail=1
"$here/check_reports.sh" "$out/big" asic || fail=1
# Compare flop counts between the two runs rather than retyping them:
# the register array holds Entries*FenceIdBits flops, so 32 entries exceed 8 entries by 144.
fs=$(sed -n 's/^asic_flops=//p' "$out/small/summary.txt")
fb=$(sed -n 's/^asic_flops=//p' "$out/big/summary.txt")
if [ $((fb - fs)) = 144 ]; then echo "ok:   override reached the netlist ($fs -> $fb flops)"
else echo "FAIL: flops $fs -> $fb, want +144 (24 more entries x 6 bits)"; fail=1; fi
grep -qx CtasPerSm "$out/big/params_ignored.txt" || { echo "FAIL: CtasPerSm not listed as ignored"; fail=1; }
exit $fail
