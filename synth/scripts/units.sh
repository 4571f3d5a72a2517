#!/usr/bin/env bash
# units.sh -- area of one synthesised top split by unit, from its hierarchical Yosys report.
#
# Usage: units.sh DIR [--csv]
#   DIR is a synth_top.sh output directory (DIR/asic/area.txt, DIR/summary.txt).  Each module
#   instance's own area (its cells, macros included, times its instance count down the
#   hierarchy) goes to the first unit found on its path from the top: fence file,
#   line accessor (with its memories), splitter, beat check, race ring, SM-tracker
#   parts; what sits in a slice outside those is "slice (other)", the top's own cells "top
#   (own)"; the buffers of scripts/fanout_buf.awk are their own row.  The table ends with the
#   sum of the rows against the flat netlist's area (they agree when nothing is lost or
#   double-counted: the two figures come from the same netlist before and after flattening).
# Output: a table (unit, mm2, share), or CSV lines unit,area_um2 with --csv.
set -eu
d=$1 csv=${2:-}
[ -f "$d/asic/area.txt" ] && [ -f "$d/summary.txt" ] || { echo "units.sh: $d has no ASIC report" >&2; exit 1; }
awk -v CSV="$csv" '
  function base(f) { if (f ~ /^\$paramod/) { sub(/^\$paramod\$?[^\\]*\\/, "", f); sub(/\\.*/, "", f) }
                     else { sub(/^\\/, "", f) } return f }
  function unit(b) {
    if (b ~ /^scord_fence_(file|bank)$/) return "fence file"
    if (b ~ /^scord_line_accessor$/) return "accessor"
    if (b ~ /^scord_(splitter|addr_map)$/) return "splitter"
    if (b ~ /^scord_(beat_check|detect)$/) return "beat check"
    if (b ~ /^scord_race_ring$/) return "race ring"
    if (b ~ /^scord_(lock_table|bloom|barrier)/) return b
    return ""
  }
  FILENAME ~ /summary.txt$/ { split($0, kv, "="); v[kv[1]] = kv[2]; next }
  /=== design hierarchy ===/ { h = 1; next }
  /^=== / { m = $2; next }
  /Chip area for module/ { self[m] = $NF; next }
  /Chip area for top module/ { hier = $NF; next }
  h && /Number of wires/ { h = 0 }
  h && NF == 2 {
    match($0, /^ */); dep = (RLENGTH - 3) / 2
    name = $1; mult[dep] = $2 * (dep > 0 ? mult[dep - 1] : 1); path[dep] = name
    if (dep == 0) top = base(name)
    u = ""
    for (i = 1; i <= dep && u == ""; i++) u = unit(base(path[i]))
    if (u == "") u = (dep == 0) ? "top (own)" : (base(path[1]) ~ /slice$/ ? "slice (other)" : base(path[1]))
    area[u] += self[name] * mult[dep]
    if (!(u in seen)) { seen[u] = 1; ord[++k] = u }
  }
  END {
    if (v["fanout_buffer_area_um2"] + 0 > 0) { u = "fanout buffers"; area[u] = v["fanout_buffer_area_um2"]; ord[++k] = u }
    tot = 0; for (i = 1; i <= k; i++) tot += area[ord[i]]
    flat = v["asic_area_um2"]
    if (CSV != "") { for (i = 1; i <= k; i++) printf "%s,%.1f\n", ord[i], area[ord[i]]; printf "sum,%.1f\nflat,%.1f\n", tot, flat; exit }
    printf "%-28s %10s %7s\n", "unit (" top ", " v["lib"] ")", "mm2", "share"
    for (i = 1; i <= k; i++) printf "%-28s %10.3f %6.1f%%\n", ord[i], area[ord[i]] / 1e6, 100 * area[ord[i]] / tot
    printf "%-28s %10.3f\n%-28s %10.3f  (sum - flat: %+.2f%%)\n", "sum of units", tot / 1e6, "flat netlist", flat / 1e6, 100 * (tot - flat) / flat
  }' "$d/summary.txt" "$d/asic/area.txt"
