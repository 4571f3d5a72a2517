#!/bin/sh
# accuracy_v2_check.sh SCRIPT BINDIR VECDIR -- CTest oracle/accuracy_v2: runs scripts/accuracy_v2.sh
# (small workloads, small uts) and checks what docs/accuracy-v2.md claims of its tables: on the
# vectors/v2 litmus files the v2.0 detector equals the oracle and v1.1 reports false races; on the
# workloads v2.0 reports no false race; the no-syncwarp reduction is missed whole by v1.1 and found
# whole by v2.0; without lane_ids v2.0 misses races.  Exit 0 pass, 1 fail.
set -eu
script=$1 bin=$2 vec=$3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$script" --size small --uts-size small --bin "$bin" --vectors "$vec" > "$out"
# row FILES RULES: the cells of the totals row: o (oracle), n (reported), tp, fp, fn.
row() { set -- $(grep "^| $1 | [0-9]* | $2 |" "$out" | tr -d ' ' | awk -F'|' '{print $3, $5, $6, $7, $8}')
        o=$1 n=$2 tp=$3 fp=$4 fn=$5; }
fail=0
check() { if eval "$2"; then echo "ok $1"; else echo "FAIL $1"; fail=1; fi; }
row litmus v2.0; check "litmus v2.0 equals the oracle (tp $tp fp $fp fn $fn)" '[ $fp -eq 0 ] && [ $fn -eq 0 ] && [ $tp -eq $o ]'
row litmus v1.1; check "litmus v1.1 reports false races ($fp)" '[ $fp -gt 0 ]'
row workloads v2.0; check "workloads v2.0: no false race ($fp), some found ($tp)" '[ $fp -eq 0 ] && [ $tp -gt 0 ]'
fn2=$fn
row workloads "v2.0, lane_ids=0"; check "lane_ids=0 misses more ($fn > $fn2)" '[ $fn -gt $fn2 ]'
set -- $(grep '^| wreduce-no-syncwarp |' "$out" | tr -d ' ' | awk -F'|' '{print $3, $4, $6, $7, $9}')
o=$1 tp1=$2 fn1=$3 tp2=$4 fn2=$5
check "wreduce-no-syncwarp: v1.1 finds $tp1 of $o, v2.0 $tp2" '[ $o -gt 0 ] && [ $tp1 -eq 0 ] && [ $fn1 -eq $o ] && [ $tp2 -eq $o ] && [ $fn2 -eq 0 ]'
[ $fail = 0 ] || { cat "$out"; exit 1; }
