#!/usr/bin/env bash
# check_variants.sh -- what synth/run.sh synthesises is a simulated variant: the line-rate
# detector's parameters of both libraries come from SCORD_RTL_VARIANT_LIST (synth,
# synth_osu018), which testbench/ builds as scord-rtl-tb-synth and -synth-osu018, and run.sh
# assigns no memory parameter of its own except to the FPGA trials.
#   synth/tests/check_variants.sh SCORD_STATE
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
state=$1
cm=$here/rtl_model/scord_params.cmake
fail=0
for v in synth synth_osu018; do
  "$state" --variant "$v" --rtl-chparam >/dev/null || { echo "FAIL: scord-state has no variant $v"; fail=1; }
  grep -qx "set(SCORD_VARIANT_${v}_SIMULATED 1)" "$cm" ||
    { echo "FAIL: variant $v is synthesised by synth/run.sh but not simulated ($cm)"; fail=1; }
done
# Memory parameters written into run.sh itself would bypass the list.
if grep -nE '(BufImpl|PredImpl|BufBanks|BufReadCycles|BufMinCycles|PredSets)=' "$here/synth/run.sh" | grep -v '^[0-9]*:fpga_rtl=' | grep -v '^[0-9]*: *#'; then
  echo "FAIL: synth/run.sh assigns the memory parameters above itself; take them from a variant"
  fail=1
fi
[ $fail = 0 ] && echo "PASS: synth/run.sh synthesises the simulated variants synth and synth_osu018"
exit $fail
