#!/usr/bin/env bash
# micro_labels.sh SCORD_ACCURACY DIR -- CTest oracle/micro-labels: runs scord-accuracy --races
# over DIR/*.vec and checks the oracle against each file's name and expectations:
#   norace_*.vec: no oracle race;
#   race_*.vec:   every racy access the file names (each `expect` line's pc and word) is an
#                 oracle race, and every oracle race lies on a word an `expect` line names
#                 (a later access to a racy word, which the detector's one owner cannot
#                 see, may add keys there: docs/accuracy.md section 4).
# Any other name, a race file without expect lines, a missing result or a tool error fails.
set -u
acc=${1:?usage: micro_labels.sh SCORD_ACCURACY DIR}
dir=${2:?usage: micro_labels.sh SCORD_ACCURACY DIR}
shopt -s nullglob
files=("$dir"/*.vec)
[ ${#files[@]} -gt 0 ] || { echo "FAIL: no .vec files in $dir"; exit 1; }
fail=0 pass=0
lc() { tr 'A-F' 'a-f'; }
for f in "${files[@]}"; do
  base=$(basename "$f")
  out=$("$acc" --races "$f") || { echo "FAIL $base: scord-accuracy exited $?"; fail=$((fail + 1)); continue; }
  n=$(sed -n 's/^accuracy .* oracle=\([0-9]*\) .*/\1/p' <<<"$out")
  if [ -z "$n" ]; then echo "FAIL $base: no result line"; fail=$((fail + 1)); continue; fi
  got=$(sed -n 's/^  \(tp\|fn\) oracle-race pc=\(0x[0-9a-f]*\) addr=\(0x[0-9a-f]*\) .*/\2@\3/p' <<<"$out" | sort -u)
  want=$(grep '^expect ' "$f" | sed -n 's/.* addr=\(0x[0-9a-fA-F]*\).* pc=\(0x[0-9a-fA-F]*\).*/\2@\1/p' | lc | sort -u)
  case "$base" in
    norace_*)
      if [ "$n" -eq 0 ]; then pass=$((pass + 1)); else echo "FAIL $base: oracle=$n, expected 0: $got"; fail=$((fail + 1)); fi ;;
    race_*)
      bad=""
      [ -n "$want" ] || bad="no expect line names the racy access"
      for k in $want; do grep -qxF "$k" <<<"$got" || bad="$bad; the racy access $k is not an oracle race"; done
      words=$(sed 's/.*@//' <<<"$want")
      for k in $got; do grep -qxF "${k#*@}" <<<"$words" || bad="$bad; oracle race $k is on a word no expect line names"; done
      if [ -z "$bad" ]; then pass=$((pass + 1)); else echo "FAIL $base: ${bad#; }"; fail=$((fail + 1)); fi ;;
    *) echo "FAIL $base: name is neither race_* nor norace_*"; fail=$((fail + 1)) ;;
  esac
done
echo "micro-labels: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
