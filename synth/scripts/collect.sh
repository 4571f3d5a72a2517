#!/usr/bin/env bash
# collect.sh -- gather the per-configuration summaries written by run.sh into CSV files
# (configs.csv, default_modules.csv).
#   configs.csv          one row per configuration: state budget (scord-state columns), ASIC
#                        area/cells/flops/Fmax of the line-rate detector and of one SM
#                        tracker, GPU total (detector + NumSms trackers), fence-file area
#                        (its banks times their count plus the read select), iCE40 figures
#                        where run; rejected configurations keep a row with the reason;
#                        fpga_sys_* is the whole system (scord_top) placed as one design,
#                        where run; det_logic/macro_area_um2 split the detector's area
#                        (memory macros, synth_top.sh); a figure not produced (tool failed
#                        or timed out) is left empty, never estimated
#   default_modules.csv  the default configuration's area per module
#   sweeps.md            configs.csv as a Markdown table (docs/synth.md section 3)
# Usage: collect.sh RESULTS_DIR PATH/TO/scord-state
set -u
out=$1 state_bin=$2
val() { sed -n "s/^$2=//p" "$1" 2>/dev/null | head -1; }
# modarea SUMMARY PATTERN: area of the module kinds matching PATTERN times their instance count
modarea() { awk -F= -v pat="$2" '/^module\..*\.area_um2=/ { split($1, k, "."); if (k[2] ~ pat) a[k[2]] = $2 }
  /^instances\./ { split($1, k, "."); n[k[2]] = $2 }
  END { for (m in a) s += a[m] * (m in n ? n[m] : 1); if (s > 0) printf "%.1f", s }' "$1" 2>/dev/null; }
hdr="config,sweep,status,$("$state_bin" --csv-header),det_area_um2,det_cells,det_flops,det_fmax_mhz,det_fmax_r2r_mhz,fence_file_area_um2,trk_area_um2,trk_cells,trk_flops,trk_fmax_mhz,trk_fmax_r2r_mhz,gpu_area_mm2,fpga_det_luts,fpga_det_ffs,fpga_det_brams,fpga_det_fit,fpga_det_fmax_mhz,fpga_trk_luts,fpga_trk_ffs,fpga_trk_brams,fpga_trk_fit,fpga_trk_fmax_mhz,fpga_sys_luts,fpga_sys_ffs,fpga_sys_lc_used,fpga_sys_fit,fpga_sys_fmax_mhz,det_logic_area_um2,det_macro_area_um2"
ncol=$(awk -F, '{ print NF }' <<< "$hdr")
{
  echo "$hdr"
  for d in "$out"/default "$out"/fpga_fit "$out"/sweep_*; do
    [ -d "$d" ] || continue
    name=$(basename "$d")
    sweep=${name#sweep_}; sweep=${sweep%%[0-9]*}
    [ "$name" = default ] && sweep=default
    [ "$name" = fpga_fit ] && sweep=fpga
    st=$(cat "$d/status.txt" 2>/dev/null || echo missing)
    if [ "$st" != ok ]; then
      # keep the row, with the reason, so a rejected point is visible in the CSV
      printf '%s,%s,"%s"' "$name" "$sweep" "$(tr '"' "'" <<< "$st")"
      for ((i = 4; i <= ncol; i++)); do printf ','; done
      echo
      continue
    fi
    D=$d/line_detector/summary.txt T=$d/sm_tracker/summary.txt S=$d/system/summary.txt
    nsms=$(cut -d, -f1 < "$d/state.csv")
    da=$(val "$D" asic_area_um2) dc=$(val "$D" asic_cells) df=$(val "$D" asic_flops)
    dfm=$(val "$D" fmax_mhz) dfr=$(val "$D" fmax_r2r_mhz)
    fen=$(modarea "$D" fence)
    ta=$(val "$T" asic_area_um2)
    gpu=$(awk -v a="$da" -v b="$ta" -v n="$nsms" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", (a + n * b) / 1e6 }')
    echo "$name,$sweep,ok,$(cat "$d/state.csv"),$da,$dc,$df,$dfm,$dfr,$fen,$ta,$(val "$T" asic_cells),$(val "$T" asic_flops),$(val "$T" fmax_mhz),$(val "$T" fmax_r2r_mhz),$gpu,$(val "$D" fpga_core_luts),$(val "$D" fpga_core_ffs),$(val "$D" fpga_core_brams),$(val "$D" fpga_fit),$(val "$D" fpga_fmax_mhz),$(val "$T" fpga_core_luts),$(val "$T" fpga_core_ffs),$(val "$T" fpga_core_brams),$(val "$T" fpga_fit),$(val "$T" fpga_fmax_mhz),$(val "$S" fpga_core_luts),$(val "$S" fpga_core_ffs),$(val "$S" fpga_lc_used),$(val "$S" fpga_fit),$(val "$S" fpga_fmax_mhz),$(val "$D" asic_logic_area_um2),$(val "$D" asic_macro_area_um2)"
  done
} > "$out/configs.csv"

{
  echo "top,module,instances,cells,flops,area_um2"
  for t in line_detector sm_tracker; do
    [ -s "$out/default/$t/summary.txt" ] || continue
    awk -F= -v t="$t" '/^module\./ { split($1, k, "."); m[k[2]] = 1; v[k[2], k[3]] = $2 }
      /^instances\./ { split($1, k, "."); n[k[2]] = $2 }
      END { for (x in m) printf "%s,%s,%d,%d,%d,%.1f\n", t, x, (x in n ? n[x] : 1), v[x, "cells"], v[x, "flops"], v[x, "area_um2"] }' \
      "$out/default/$t/summary.txt" | sort
  done
} > "$out/default_modules.csv"
# sweeps.md: the configurations as a Markdown table for docs/synth.md.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  function v(k) { return $(c[k]) }
  function f(k, d) { return v(k) == "" ? "-" : sprintf("%." d "f", v(k)) }
  BEGIN { print "| configuration | state (B) | entry bits | detector (mm2) | fence file (mm2) | tracker (mm2) | GPU total (mm2) | detector Fmax (MHz) | tracker Fmax (MHz) |"
          print "|---|---:|---:|---:|---:|---:|---:|---:|---:|" }
  $3 != "ok" { r = $3; gsub(/"/, "", r); printf "| %s | %s | | | | | | | |\n", $1, r; next }
  { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", v("config"), v("total_state_bytes"), v("md_entry_bits"),
      f("det_area_um2", 0) == "-" ? "-" : sprintf("%.3f", v("det_area_um2") / 1e6),
      v("fence_file_area_um2") == "" ? "-" : sprintf("%.3f", v("fence_file_area_um2") / 1e6),
      v("trk_area_um2") == "" ? "-" : sprintf("%.3f", v("trk_area_um2") / 1e6), f("gpu_area_mm2", 2),
      f("det_fmax_mhz", 0), f("trk_fmax_mhz", 0) }' "$out/configs.csv" > "$out/sweeps.md"
echo "collect.sh: wrote $out/configs.csv $out/default_modules.csv $out/sweeps.md"
