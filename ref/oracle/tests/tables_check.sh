#!/usr/bin/env bash
# tables_check.sh SCRIPT BINDIR -- CTest oracle/tables: runs scripts/accuracy_tables.sh (small
# size) and checks what must hold whatever the detector's rules: in Table VI the oracle finds
# races in every application with every injection on and the detector finds some of them; by
# bug, the oracle finds every injected bug and the total row counts them; in Table VII the oracle finds none in every race-free application, the detector none at the
# 4-byte granule, and the 8-byte granule gives false positives somewhere (word sharing; if not,
# the granule setting did not reach the detector).  Seven rows in each table.
set -u
script=${1:?usage: tables_check.sh SCRIPT BINDIR}
bin=${2:?usage: tables_check.sh SCRIPT BINDIR}
out=$("$script" --bin "$bin") || { echo "FAIL: accuracy_tables.sh exited $?"; echo "$out"; exit 1; }
echo "$out"
t6=$(awk '/^Table VI:/{f=1} /^Table VI by bug/{f=0} f && /^\| [a-z0-9]+ \|/ && !/^\| app \|/' <<<"$out")
tb=$(awk '/^Table VI by bug/{f=1} /^Table VII:/{f=0} f && /^\| [a-z0-9]+ \|/ && !/^\| app \|/' <<<"$out")
t7=$(awk '/^Table VII:/{f=1} /^Per class/{f=0} f && /^\| [a-z0-9]+ \|/ && !/^\| app \|/' <<<"$out")
fail=0
[ "$(wc -l <<<"$t6")" -eq 7 ] || { echo "FAIL: Table VI has $(wc -l <<<"$t6") rows"; fail=1; }
[ "$(wc -l <<<"$tb")" -eq 7 ] || { echo "FAIL: Table VI by bug has $(wc -l <<<"$tb") rows"; fail=1; }
[ "$(wc -l <<<"$t7")" -eq 7 ] || { echo "FAIL: Table VII has $(wc -l <<<"$t7") rows"; fail=1; }
while IFS='|' read -r _ app oracle found _; do
  [ "${oracle// /}" -ge 1 ] 2>/dev/null || { echo "FAIL Table VI $app: oracle=$oracle"; fail=1; }
  [ "${found// /}" -ge 1 ] 2>/dev/null || { echo "FAIL Table VI $app: detector found $found"; fail=1; }
done <<<"$t6"
nb=0
while IFS='|' read -r _ app bugs ofound _; do
  [ "${bugs// /}" -ge 1 ] 2>/dev/null && [ "${ofound// /}" = "${bugs// /}" ] ||
    { echo "FAIL Table VI by bug $app: the oracle finds $ofound of $bugs bugs"; fail=1; }
  nb=$((nb + ${bugs// /}))
done <<<"$tb"
grep -q "^| \*\*total\*\* | $nb | $nb | " <<<"$out" || { echo "FAIL Table VI by bug: the total row does not count $nb bugs"; fail=1; }
g8=0
while IFS='|' read -r _ app oracle fp4 _ fp8 _; do
  [ "${oracle// /}" = 0 ] || { echo "FAIL Table VII $app: oracle=$oracle on the race-free app"; fail=1; }
  [ "${fp4// /}" = 0 ] || { echo "FAIL Table VII $app: $fp4 false positives at granule 4"; fail=1; }
  g8=$((g8 + ${fp8// /}))
done <<<"$t7"
[ "$g8" -gt 0 ] || { echo "FAIL Table VII: no false positive at granule 8 in any application"; fail=1; }
[ "$fail" -eq 0 ] && echo "tables: ok"
exit "$fail"
