#!/bin/sh
# overhead_table.sh -- reproduce the TLM overhead figures of docs/figures.md: generate the seven
# ScoR applications (scord-gen --size=large, no injected race), run scord-sim --compare-off on
# each with md_ratio=1 (base design) and md_ratio=16 (ScoRD), and print one row per run.
# usage: tlm/overhead_table.sh [BUILD_DIR] [extra scord-sim args...]
set -eu
B=${1:-build}
[ $# -gt 0 ] && shift
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
printf "%-5s %-8s %9s %9s %8s %9s %6s %6s %7s %7s %7s %7s\n" app md_ratio cyc_off cyc_on ovh_pct dram_ratio data md lhd% noc% md% residual%
for a in mm red r110 gcol gcon 1dc uts; do
  "$B/bin/scord-gen" app=$a --size=large --out-vec="$D/$a.vec" --out-trace="$D/$a.trace" >/dev/null
  for r in 1 16; do
    "$B/bin/scord-sim" --no-progress --compare-off --md_ratio=$r "$@" "$D/$a.trace" > "$D/out"
    off=$(awk '$1=="run" && $2=="off" {print $4}' "$D/out")
    on=$(awk '$1=="run" && $2=="on" {print $4}' "$D/out")
    ovh=$(awk '$1=="overhead_pct" {print $2}' "$D/out")
    dr=$(awk '$1=="dram_ratio" {gsub(/[(,]/,""); print $2, $4, $6}' "$D/out")
    bd=$(awk '$1=="breakdown" {print $3, $5, $7}' "$D/out")
    res=$(awk '$1=="breakdown" {gsub(/\)/,""); print $NF}' "$D/out")
    printf "%-5s %-8s %9s %9s %8s %9s %6s %6s %7s %7s %7s %7s\n" $a $r $off $on $ovh $dr $bd $res
  done
done
