#!/usr/bin/env bash
# micro_labels.sh SCORD_ACCURACY DIR -- CTest oracle/micro-labels: runs scord-accuracy over
# DIR/*.vec and checks the oracle against each file's name: every race_*.vec must have
# oracle >= 1 and every norace_*.vec oracle = 0.  Any other name, a missing result line or
# a tool error fails the test.
set -u
acc=${1:?usage: micro_labels.sh SCORD_ACCURACY DIR}
dir=${2:?usage: micro_labels.sh SCORD_ACCURACY DIR}
shopt -s nullglob
files=("$dir"/*.vec)
[ ${#files[@]} -gt 0 ] || { echo "FAIL: no .vec files in $dir"; exit 1; }
out=$("$acc" "${files[@]}") || { echo "FAIL: scord-accuracy exited $?"; echo "$out"; exit 1; }
fail=0 pass=0
for f in "${files[@]}"; do
  line=$(grep -F "accuracy file=$f " <<<"$out")
  n=$(sed -n 's/.* oracle=\([0-9]*\) .*/\1/p' <<<"$line")
  base=$(basename "$f")
  if [ -z "$n" ]; then echo "FAIL $base: no result line"; fail=$((fail + 1)); continue; fi
  case "$base" in
    race_*)   if [ "$n" -ge 1 ]; then pass=$((pass + 1)); else echo "FAIL $base: oracle=$n, expected >= 1"; fail=$((fail + 1)); fi ;;
    norace_*) if [ "$n" -eq 0 ]; then pass=$((pass + 1)); else echo "FAIL $base: oracle=$n, expected 0"; fail=$((fail + 1)); fi ;;
    *)        echo "FAIL $base: name is neither race_* nor norace_*"; fail=$((fail + 1)) ;;
  esac
done
echo "micro-labels: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
