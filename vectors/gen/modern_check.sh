#!/bin/sh
# modern_check.sh -- one check of scord-gen-modern (vectors/gen/modern.c): generate APP with SWITCH
# ("none" for the race-free program) and judge it with scord-accuracy under the v2.0 definition.
#   none:   the oracle finds no race and neither does the v2.0 detector;
#   SWITCH: the oracle finds at least one race, the v2.0 detector at least one of them, and the
#           detector reports nothing the oracle does not.
# Usage: modern_check.sh GEN ACCURACY APP SWITCH SEED OUTDIR.  Exit 0 pass, 1 fail.
set -eu
gen=$1 acc=$2 app=$3 sw=$4 seed=$5 out=$6
f="$out/modern-$app-$sw-$seed.vec"
if [ "$sw" = none ]; then "$gen" app="$app" --seed="$seed" --out-vec="$f"
else "$gen" app="$app" --inject="$sw" --seed="$seed" --out-vec="$f"; fi
line=$("$acc" --truth=2 "$f" | grep '^total')
field() { printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
o=$(field oracle) d=$(field detector) tp=$(field tp) fp=$(field fp)
echo "$app $sw seed=$seed: $line"
if [ "$sw" = none ]; then
  [ "$o" -eq 0 ] && [ "$d" -eq 0 ] || { echo "FAIL: the race-free program has races"; exit 1; }
else
  [ "$o" -gt 0 ] || { echo "FAIL: the oracle finds no race of $sw"; exit 1; }
  [ "$tp" -gt 0 ] || { echo "FAIL: the v2.0 detector finds none of the oracle's races"; exit 1; }
  [ "$fp" -eq 0 ] || { echo "FAIL: the v2.0 detector reports $fp race(s) the oracle does not"; exit 1; }
fi
echo PASS
