#!/bin/sh
# accuracy_v2.sh -- the v2.0 detector next to v1.1 (docs/accuracy.md section 8): both judged by the
# oracle's v2.0 definition (scord-accuracy --truth=2) on the litmus files of vectors/v2 and on the
# modern-style workloads of scord-gen-modern (every switch alone and none), with each v2.0 part
# switched off in turn; then the fence-ID wrap on scord-gen's uts at --uts-size (false races and
# scrubs, scord-vec: the oracle is too slow there).
# Usage: scripts/accuracy_v2.sh [--size small|large] [--seed N] [--uts-size small|large|paper]
#                               [--bin DIR] [--vectors DIR]
# Prints Markdown tables; exit 0, 1 when a tool failed, 2 on a usage error.
set -eu
size=small seed=1 uts=paper bin=build/bin vec=vectors/v2
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --uts-size) uts=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --vectors) vec=$2; shift 2 ;;
    *) echo "accuracy_v2.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for t in scord-gen scord-gen-modern scord-accuracy scord-vec; do
  [ -x "$bin/$t" ] || { echo "accuracy_v2.sh: $bin/$t not built" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# field NAME LINE: the value of NAME=... in one line.
field() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
# total ARGS...: scord-accuracy's total line, judged by the v2.0 definition.
total() { "$bin/scord-accuracy" --truth=2 "$@" | grep '^total' || { echo "accuracy_v2.sh: scord-accuracy $*" >&2; exit 1; }; }

apps=$("$bin/scord-gen-modern" --list | sed -n 's/^\([a-z0-9]*\): .*/\1/p')
for a in $apps; do
  "$bin/scord-gen-modern" app="$a" --seed="$seed" --size="$size" --out-vec="$tmp/$a-none.vec"
  for s in $("$bin/scord-gen-modern" --list | sed -n "/^$a:/,/^[a-z]/p" | sed -n 's/^  --inject=\([a-z-]*\):.*/\1/p'); do
    "$bin/scord-gen-modern" app="$a" --inject="$s" --seed="$seed" --size="$size" --out-vec="$tmp/$a-$s.vec"
  done
done

echo "Totals: v1.1, v2.0 and v2.0 with one part off, against the v2.0 oracle (workloads: size $size, seed $seed)"
echo
echo "| files | oracle | detector rules | reported | tp | fp | fn |"
echo "|---|---:|---|---:|---:|---:|---:|"
for set in litmus workloads; do
  if [ $set = litmus ]; then files="$vec/*.vec"; else files="$tmp/*.vec"; fi
  for cfg in spec_version=1 spec_version=2 acq_rel=0 lane_ids=0 fence_scrub=0; do
    # shellcheck disable=SC2086
    l=$(total --config "$cfg" $files)
    case $cfg in spec_version=1) name="v1.1" ;; spec_version=2) name="v2.0" ;; *) name="v2.0, $cfg" ;; esac
    echo "| $set | $(field oracle "$l") | $name | $(field detector "$l") | $(field tp "$l") | $(field fp "$l") | $(field fn "$l") |"
  done
done

echo
echo "Per workload (size $size, seed $seed), against the v2.0 oracle"
echo
echo "| workload | oracle | v1.1: tp | fp | fn | v2.0: tp | fp | fn |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for f in "$tmp"/*.vec; do
  l1=$(total --config spec_version=1 "$f")
  l2=$(total --config spec_version=2 "$f")
  echo "| $(basename "$f" .vec) | $(field oracle "$l2") | $(field tp "$l1") | $(field fp "$l1") | $(field fn "$l1") | $(field tp "$l2") | $(field fp "$l2") | $(field fn "$l2") |"
done

echo
echo "Fence-ID wrap on uts (race-free, size $uts, seed $seed): races reported, scrubs"
echo
echo "| rules | races | scrubs |"
echo "|---|---:|---:|"
"$bin/scord-gen" app=uts --seed="$seed" --size="$uts" --out-vec="$tmp/uts.vec"
for cfg in "spec_version=1" "spec_version=2" "spec_version=2 fence_scrub=0"; do
  args=""
  for c in $cfg; do args="$args --config $c"; done
  # shellcheck disable=SC2086
  "$bin/scord-vec" --no-expect --stats $args "$tmp/uts.vec" > "$tmp/uts.out" || true
  sc=$(sed -n 's/^stats-v2 .* scrubs=\([0-9]*\).*/\1/p' "$tmp/uts.out")
  echo "| $cfg | $(grep -c '^race' "$tmp/uts.out" || true) | ${sc:-0} |"
done
