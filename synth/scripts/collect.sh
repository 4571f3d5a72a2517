#!/usr/bin/env bash
# collect.sh -- gather the per-configuration summaries written by run.sh into CSV files
# (synth issue items 3 and 4).
#   configs.csv          one row per configuration: state budget (scord-state columns), ASIC
#                        area/cells/flops/Fmax of the detector and of one SM tracker, GPU total
#                        (detector + NumSms trackers), fence-file area and its source, iCE40
#                        figures where run; rejected configurations keep a row with the reason
#   default_modules.csv  the default configuration's area per module
#   sweeps.md            configs.csv as a Markdown table (docs/synth.md section 3)
#   fence_fit.txt        straight line area = a + b * bits through every synthesised fence file,
#                        used for configurations whose fence file was left out (source "fit")
# Usage: collect.sh RESULTS_DIR PATH/TO/scord-state
set -u
out=$1 state_bin=$2
val() { sed -n "s/^$2=//p" "$1" 2>/dev/null | head -1; }
# modarea SUMMARY PATTERN: area of the module kinds matching PATTERN times their instance count
modarea() { awk -F= -v pat="$2" '/^module\..*\.area_um2=/ { split($1, k, "."); if (k[2] ~ pat) a[k[2]] = $2 }
  /^instances\./ { split($1, k, "."); n[k[2]] = $2 }
  END { for (m in a) s += a[m] * (m in n ? n[m] : 1); if (s > 0) printf "%.1f", s }' "$1" 2>/dev/null; }
# fence_bits DIR: fence-file bits of a configuration (state.csv column fence_file_bytes * 8)
fence_bits() { awk -F, '{ print $10 * 8 }' "$1/state.csv"; }

# Fit points: full detectors (fence file module) and fence files synthesised alone.
: > "$out/fence_points.csv"
for d in "$out"/*/; do
  case "$(basename "$d")" in fpga_try*) continue ;; esac   # tiny FPGA configurations: fixed overhead dominates
  d=${d%/}
  [ -s "$d/state.csv" ] || continue
  a=""
  if [ -s "$d/detector/summary.txt" ] && ! grep -q '^blackbox=' "$d/detector/summary.txt"; then
    a=$(modarea "$d/detector/summary.txt" fence)
  elif [ -s "$d/fence_file/summary.txt" ]; then
    a=$(val "$d/fence_file/summary.txt" asic_area_um2)
  fi
  [ -n "$a" ] && echo "$(fence_bits "$d"),$a,$(basename "$d")" >> "$out/fence_points.csv"
done
fit=$(awk -F, '{ n++; sx += $1; sy += $2; sxx += $1 * $1; sxy += $1 * $2; x[n] = $1; y[n] = $2 }
  END { if (n < 2) { print "0 0 0 0"; exit }
        b = (n * sxy - sx * sy) / (n * sxx - sx * sx); a = (sy - b * sx) / n
        for (i = 1; i <= n; i++) { r = (a + b * x[i] - y[i]) / y[i]; if (r < 0) r = -r; if (r > m) m = r }
        printf "%.3f %.4f %d %.4f\n", a, b, n, m }' "$out/fence_points.csv")
read -r fa fb fn fm <<< "$fit"
{
  echo "fence-file area (OSU 0.18 um, Yosys 0.23) = $fa + $fb * bits um2"
  echo "fitted through $fn synthesised fence files (bits,area_um2,config below); largest relative error $fm"
  cat "$out/fence_points.csv"
} > "$out/fence_fit.txt"

hdr="config,sweep,status,$("$state_bin" --csv-header),det_area_um2,det_cells,det_flops,det_fmax_mhz,det_fmax_r2r_mhz,fence_file_area_um2,fence_area_source,trk_area_um2,trk_cells,trk_flops,trk_fmax_mhz,trk_fmax_r2r_mhz,gpu_area_mm2,fpga_det_luts,fpga_det_ffs,fpga_det_brams,fpga_det_fit,fpga_det_fmax_mhz,fpga_trk_luts,fpga_trk_ffs,fpga_trk_brams,fpga_trk_fit,fpga_trk_fmax_mhz"
ncol=$(awk -F, '{ print NF }' <<< "$hdr")
{
  echo "$hdr"
  for d in "$out"/default "$out"/fpga_try* "$out"/sweep_*; do
    [ -d "$d" ] || continue
    name=$(basename "$d")
    sweep=${name#sweep_}; sweep=${sweep%%[0-9]*}
    [ "$name" = default ] && sweep=default
    case "$name" in fpga_try*) sweep=fpga ;; esac
    st=$(cat "$d/status.txt" 2>/dev/null || echo missing)
    if [ "$st" != ok ]; then
      # keep the row, with the reason, so a rejected point is visible in the CSV
      printf '%s,%s,"%s"' "$name" "$sweep" "$(tr '"' "'" <<< "$st")"
      for ((i = 4; i <= ncol; i++)); do printf ','; done
      echo
      continue
    fi
    D=$d/detector/summary.txt T=$d/sm_tracker/summary.txt
    nsms=$(cut -d, -f1 < "$d/state.csv")
    bits=$(fence_bits "$d")
    da=$(val "$D" asic_area_um2) dc=$(val "$D" asic_cells) df=$(val "$D" asic_flops)
    dfm=$(val "$D" fmax_mhz) dfr=$(val "$D" fmax_r2r_mhz)
    if grep -q '^blackbox=scord_fence_file' "$D" 2>/dev/null; then
      # detector without its fence file + the fitted fence file; Fmax and cells unknown
      fen=$(awk -v a="$fa" -v b="$fb" -v x="$bits" 'BEGIN { printf "%.1f", a + b * x }')
      src=fit
      [ -n "$da" ] && da=$(awk -v r="$da" -v f="$fen" 'BEGIN { printf "%.1f", r + f }')
      [ -n "$df" ] && df=$((df + bits))
      dc="" dfm="" dfr=""
    elif [ ! -s "$D" ]; then
      # detector not synthesised: the fence file from the fit, no detector total
      fen=$(awk -v a="$fa" -v b="$fb" -v x="$bits" 'BEGIN { printf "%.1f", a + b * x }')
      src=fit
    else
      fen=$(modarea "$D" fence) src=synth
    fi
    ta=$(val "$T" asic_area_um2)
    gpu=$(awk -v a="$da" -v b="$ta" -v n="$nsms" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", (a + n * b) / 1e6 }')
    echo "$name,$sweep,ok,$(cat "$d/state.csv"),$da,$dc,$df,$dfm,$dfr,$fen,$src,$ta,$(val "$T" asic_cells),$(val "$T" asic_flops),$(val "$T" fmax_mhz),$(val "$T" fmax_r2r_mhz),$gpu,$(val "$D" fpga_core_luts),$(val "$D" fpga_core_ffs),$(val "$D" fpga_core_brams),$(val "$D" fpga_fit),$(val "$D" fpga_fmax_mhz),$(val "$T" fpga_core_luts),$(val "$T" fpga_core_ffs),$(val "$T" fpga_core_brams),$(val "$T" fpga_fit),$(val "$T" fpga_fmax_mhz)"
  done
} > "$out/configs.csv"

{
  echo "top,module,instances,cells,flops,area_um2"
  for t in detector sm_tracker; do
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
  { printf "| %s | %s | %s | %s | %s%s | %s | %s | %s | %s |\n", v("config"), v("total_state_bytes"), v("md_entry_bits"),
      f("det_area_um2", 0) == "-" ? "-" : sprintf("%.3f", v("det_area_um2") / 1e6),
      v("fence_file_area_um2") == "" ? "-" : sprintf("%.3f", v("fence_file_area_um2") / 1e6), v("fence_area_source") == "fit" ? " (fit)" : "",
      v("trk_area_um2") == "" ? "-" : sprintf("%.3f", v("trk_area_um2") / 1e6), f("gpu_area_mm2", 2),
      f("det_fmax_mhz", 0), f("trk_fmax_mhz", 0) }' "$out/configs.csv" > "$out/sweeps.md"
echo "collect.sh: wrote $out/configs.csv $out/default_modules.csv $out/fence_fit.txt $out/sweeps.md"
