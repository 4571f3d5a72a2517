#!/usr/bin/env bash
# cov_stub_tb.sh -- stands in for scord-rtl-tb-cov in the test of scripts/top_coverage.sh's floor
# check: every call writes one Verilator coverage file into $SCORD_COV_DIR with 10 line points
# (all hit) and ALL toggle points of which HIT are hit ($COV_STUB_TOGGLE="HIT/ALL"), and prints one
# step line.
set -euo pipefail
IFS=/ read -r hit all <<<"${COV_STUB_TOGGLE:?}"
f="$SCORD_COV_DIR/run_stub_$$_$RANDOM.dat"
src=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")  # the points' source file (annotated)
{
  echo "# SystemC::Coverage-3"
  for i in $(seq 1 10); do
    printf "C '\001t\002line\001page\002v_line/scord_top\001f\002%s\001l\002%d\001n\0020\001o\002block\001h\002TOP.scord_top' 1\n" "$src" "$i"
  done
  for ((i = 0; i < all; i++)); do
    printf "C '\001t\002toggle\001page\002v_toggle/scord_top\001f\002%s\001l\00211\001n\002%d\001o\002sig[%d]\001h\002TOP.scord_top' %d\n" \
      "$src" "$i" "$i" "$((i < hit ? 1 : 0))"
  done
} >"$f"
echo "step read S1 first access 5"
