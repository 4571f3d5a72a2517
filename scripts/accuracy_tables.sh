#!/bin/sh
# accuracy_tables.sh -- the paper's Tables VI and VII against the exact oracle
# (docs/accuracy.md "Tables VI and VII").  For each of the seven applications it generates the
# vector with every race switched on (--inject=all) and with none, then runs scord-accuracy:
#   Table VI:  races the oracle finds, and those the detector finds with md_ratio 1 and 16
#              (true positives; false positives and misses beside them), per (pc, word) key;
#   Table VI by bug: as the paper counts, one per injected bug: for each --inject switch the
#              vector with only that switch on; a bug is found when the oracle (or the
#              detector, as a true positive) finds at least one of its races;
#   Table VII: false positives on the race-free application with granule 4, 8 and 16 bytes,
#              per key and per static instruction (distinct pcs of the false reports);
#   per class: over --streams random streams (scord-gen app=random, seeds 1..N), the oracle's
#              races by reason (found / missed) and the detector's by race type (true / false).
# Usage: scripts/accuracy_tables.sh [--size small|large] [--seed N] [--streams N] [--bin DIR]
# Prints Markdown tables; exit 0, 1 when a tool failed, 2 on a usage error.
set -eu
size=small seed=1 streams=10 bin=build/bin
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --streams) streams=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    *) echo "accuracy_tables.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for t in scord-gen scord-accuracy; do
  [ -x "$bin/$t" ] || { echo "accuracy_tables.sh: $bin/$t not built" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
apps=$("$bin/scord-gen" --list | sed -n 's/^\([a-z0-9]*\): .*/\1/p' | grep -v '^random$')

# field NAME LINE: the value of NAME=... in one "accuracy" line.
field() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
# total ARGS...: scord-accuracy's total line.
total() { "$bin/scord-accuracy" "$@" | grep '^total' || { echo "accuracy_tables.sh: scord-accuracy $*" >&2; exit 1; }; }

echo "Table VI: races with every injection on (size $size, seed $seed)"
echo
echo "| app | oracle | md_ratio 1: found | fp | missed | md_ratio 16: found | fp | missed |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
s_or=0 s_t1=0 s_t16=0
for a in $apps; do
  "$bin/scord-gen" app="$a" --inject=all --seed="$seed" --size="$size" --out-vec="$tmp/${a}_all.vec"
  "$bin/scord-gen" app="$a" --seed="$seed" --size="$size" --out-vec="$tmp/${a}_none.vec"
  l1=$(total "$tmp/${a}_all.vec")
  l16=$(total --config md_ratio=16 "$tmp/${a}_all.vec")
  o=$(field oracle "$l1")
  echo "| $a | $o | $(field tp "$l1") | $(field fp "$l1") | $(field fn "$l1") | $(field tp "$l16") | $(field fp "$l16") | $(field fn "$l16") |"
  s_or=$((s_or + o)) s_t1=$((s_t1 + $(field tp "$l1"))) s_t16=$((s_t16 + $(field tp "$l16")))
done
echo "| **total** | $s_or | $s_t1 | | | $s_t16 | | |"
mall=$("$bin/scord-accuracy" --by-class "$tmp"/*_all.vec | grep '^class missed ')
echo
echo "Missed keys (md_ratio 1) on a word the detector reported at another pc: $(field on_reported_word "$mall") of $(field fn "$mall")."
echo
echo "Table VI by bug: one per injected bug (size $size, seed $seed; paper: 44 of 44 found, 43 of 44 with md_ratio 16)"
echo
echo "| app | bugs | oracle finds | md_ratio 1: found | md_ratio 16: found |"
echo "|---|---:|---:|---:|---:|"
b_n=0 b_o=0 b_1=0 b_16=0
for a in $apps; do
  sws=$("$bin/scord-gen" --list | awk -v app="$a" '/^[a-z0-9]+: /{cur=$1} cur==app":" && /--inject=/{sub(/.*--inject=/,""); sub(/:.*/,""); print}')
  n=0 no=0 n1=0 n16=0
  for sw in $sws; do
    "$bin/scord-gen" app="$a" --inject="$sw" --seed="$seed" --size="$size" --out-vec="$tmp/${a}_sw.vec"
    l1=$(total "$tmp/${a}_sw.vec")
    l16=$(total --config md_ratio=16 "$tmp/${a}_sw.vec")
    n=$((n + 1))
    [ "$(field oracle "$l1")" -gt 0 ] && no=$((no + 1))
    [ "$(field tp "$l1")" -gt 0 ] && n1=$((n1 + 1))
    [ "$(field tp "$l16")" -gt 0 ] && n16=$((n16 + 1))
  done
  echo "| $a | $n | $no | $n1 | $n16 |"
  b_n=$((b_n + n)) b_o=$((b_o + no)) b_1=$((b_1 + n1)) b_16=$((b_16 + n16))
done
echo "| **total** | $b_n | $b_o | $b_1 of $b_n | $b_16 of $b_n |"
echo
echo "Table VII: false positives on the race-free applications by granule"
echo
echo "| app | oracle | granule 4: keys | pcs | granule 8: keys | pcs | granule 16: keys | pcs |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for a in $apps; do
  row="| $a | $(field oracle "$(total "$tmp/${a}_none.vec")")"
  for g in 4 8 16; do
    out=$("$bin/scord-accuracy" --races --config granule=$g "$tmp/${a}_none.vec") || { echo "accuracy_tables.sh: scord-accuracy" >&2; exit 1; }
    pcs=$(printf '%s\n' "$out" | sed -n 's/^  fp detector-race pc=\(0x[0-9a-f]*\) .*/\1/p' | sort -u | grep -c . || true)
    row="$row | $(field fp "$(printf '%s\n' "$out" | grep '^total')") | $pcs"
  done
  echo "$row |"
done

echo
echo "Per class over $streams random streams (scord-gen app=random, seeds 1..$streams)"
echo
r=""
i=1
while [ "$i" -le "$streams" ]; do
  "$bin/scord-gen" app=random --seed="$i" --out-vec="$tmp/random_$i.vec"
  r="$r $tmp/random_$i.vec"
  i=$((i + 1))
done
# shellcheck disable=SC2086
cls=$("$bin/scord-accuracy" --by-class $r) || { echo "accuracy_tables.sh: scord-accuracy --by-class" >&2; exit 1; }
echo "| oracle's reason | races | found | missed |"
echo "|---|---:|---:|---:|"
printf '%s\n' "$cls" | sed -n 's/^class oracle=\([a-z_]*\) races=\([0-9]*\) tp=\([0-9]*\) fn=\([0-9]*\)$/| \1 | \2 | \3 | \4 |/p'
echo
echo "| detector's type | races | true | false |"
echo "|---|---:|---:|---:|"
printf '%s\n' "$cls" | sed -n 's/^class detector=\([a-z_]*\) races=\([0-9]*\) tp=\([0-9]*\) fp=\([0-9]*\)$/| \1 | \2 | \3 | \4 |/p'
t=$(printf '%s\n' "$cls" | grep '^total ')
m=$(printf '%s\n' "$cls" | grep '^class missed ')
echo; echo "Missed keys on a word the detector reported at another pc (last owner after a race): $(field on_reported_word "$m") of $(field fn "$m")."
echo "Total: oracle $(field oracle "$t"), detector $(field detector "$t"), tp $(field tp "$t"), fp $(field fp "$t"), fn $(field fn "$t")."
