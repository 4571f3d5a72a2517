#!/usr/bin/env bash
# units.sh -- area of one synthesised top split by unit, attributed on the flat netlist.
#
# Usage: units.sh DIR [--csv]      the table (unit, mm2, share) or CSV lines unit,area_um2
#        units.sh --yosys-mark     Yosys commands that label every cell with its unit (run by
#                                  synth_top.sh after mapping, before the final flatten)
#        units.sh --labels         the unit labels, one per line
#
# A cell belongs to the first unit on its instance path from the top.  The rules below are
# applied in order: each flattens the unit's modules (their submodules inlined into them) and
# labels the cells there that no earlier rule labelled (attribute scord_unit); flattening the
# parents later keeps the labels.  After the final flatten and clean-up, synth_top.sh takes one
# `stat` per label over the flat netlist (DIR/asic/area_unit_<label>.txt, and
# area_unit_none.txt for the top's own cells), so the units add up to the flat netlist's area
# exactly: logic that flattening removes (outputs no parent reads) is in no unit.  The
# buffers of scripts/fanout_buf.awk are their own row.
set -eu

# label | module patterns (Yosys selection: a module elaborated with parameters is named
# $paramod\<module>\<values> or $paramod$<hash>\<module>) | row name
rules=(
  "fence_file|*scord_fence_file*|fence file"
  "accessor|*scord_line_accessor*|accessor (line buffer, beat info, predecessor table, slots)"
  "splitter|*scord_splitter* *scord_addr_map*|splitter"
  "beat_check|*scord_beat_check* *scord_detect*|beat check"
  "race_ring|*scord_race_ring*|race ring"
  "slice_other|*scord_line_slice*|slice (other: stages, queues)"
  "fifos|*scord_fifo*|packet FIFOs at the top"
  "spill_reg|*scord_spill_reg*|packet spill register"
)

case "${1:-}" in
  --labels)
    for r in "${rules[@]}"; do echo "${r%%|*}"; done
    exit 0 ;;
  --yosys-mark)
    for r in "${rules[@]}"; do
      IFS='|' read -r label pats _ <<<"$r"
      for p in $pats; do
        echo "flatten $p"
        echo "setattr -set scord_unit \"$label\" $p/c:* $p/a:scord_unit %d"
      done
    done
    exit 0 ;;
  ""|-*) echo "usage: units.sh DIR [--csv] | --yosys-mark | --labels" >&2; exit 2 ;;
esac

d=$1 csv=${2:-}
a=$d/asic
[ -f "$a/area_flat.txt" ] && [ -f "$d/summary.txt" ] || { echo "units.sh: $d has no ASIC report" >&2; exit 1; }
[ -f "$a/area_unit_none.txt" ] || { echo "units.sh: $d has no per-unit report (area_unit_*.txt)" >&2; exit 1; }
{
  for r in "${rules[@]}"; do
    IFS='|' read -r label _ row <<<"$r"
    printf '%s|%s\n' "$row" "$(sed -n 's/.*Chip area for .*: *//p' "$a/area_unit_$label.txt" 2>/dev/null)"
  done
  printf 'top (own)|%s\n' "$(sed -n 's/.*Chip area for .*: *//p' "$a/area_unit_none.txt")"
} | awk -F'|' -v CSV="$csv" -v S="$d/summary.txt" '
  BEGIN { while ((getline l < S) > 0) { split(l, kv, "="); v[kv[1]] = kv[2] } }
  $2 + 0 > 0 { area[++k] = $2; name[k] = $1 }
  END {
    if (v["fanout_buffer_area_um2"] + 0 > 0) { area[++k] = v["fanout_buffer_area_um2"]; name[k] = "fanout buffers" }
    tot = 0; for (i = 1; i <= k; i++) tot += area[i]
    flat = v["asic_area_um2"]
    if (CSV != "") { for (i = 1; i <= k; i++) printf "%s,%.1f\n", name[i], area[i]; printf "sum,%.1f\nflat,%.1f\n", tot, flat; exit }
    printf "%-60s %10s %7s\n", "unit (" v["top"] ", " v["lib"] ")", "mm2", "share"
    for (i = 1; i <= k; i++) printf "%-60s %10.3f %6.1f%%\n", name[i], area[i] / 1e6, 100 * area[i] / tot
    printf "%-60s %10.3f\n%-60s %10.3f  (sum - flat: %+.2f%%)\n", "sum of units", tot / 1e6, "flat netlist", flat / 1e6, 100 * (tot - flat) / flat
  }'
