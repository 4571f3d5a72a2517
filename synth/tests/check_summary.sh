#!/usr/bin/env bash
# check_summary.sh -- CTest `synth/summary_csv`: the committed synth/summary.csv (the figures
# docs/synth.md quotes) against the summary.txt of a fresh `run.sh --quick` (CTest synth/quick).
# Every row of the fresh run must have a row of the same top, library and corner in the CSV;
# flops and macros must be equal (the flow is deterministic for a given Yosys/ABC/OpenSTA),
# areas within AREA_TOL percent and Fmax within FMAX_TOL percent (defaults 0.5 and 4: room for
# a rebuilt tool, not for a design change; ABC's gate sizing gives the same netlist 208.9 on one
# machine and 215.5 MHz on another, 3.2 %).  A mismatch names the field and both values.
# Usage: check_summary.sh SUMMARY.csv FRESH_SUMMARY.txt
set -u
csv=$1 fresh=$2
[ -s "$csv" ] || { echo "FAIL: $csv missing or empty"; exit 1; }
[ -s "$fresh" ] || { echo "FAIL: $fresh missing or empty (run synth/quick first)"; exit 1; }
awk -F, -v AT="${AREA_TOL:-0.5}" -v FT="${FMAX_TOL:-4}" '
  FNR == NR { if (FNR == 1) { for (i = 1; i <= NF; i++) col[$i] = i; next }
              key = $col["top"] "|" $col["lib"] "|" $col["corner"]; row[key] = $0; next }
  $1 == "synth" {
    delete v; for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    key = v["top"] "|" v["lib"] "|" v["corner"]; n++
    if (!(key in row)) { printf "FAIL: %s has no row in the CSV\n", key; bad++; next }
    split(row[key], c, ",")
    split("macros flops", ex, " "); split("area_mm2 logic_mm2 macro_mm2", ar, " "); split("fmax_mhz slow_fmax_mhz", fm, " ")
    for (i in ex) if (v[ex[i]] != c[col[ex[i]]]) { printf "FAIL: %s %s: fresh %s, CSV %s\n", key, ex[i], v[ex[i]], c[col[ex[i]]]; bad++ }
    for (i in ar) tol(key, ar[i], v[ar[i]], c[col[ar[i]]], AT)
    for (i in fm) tol(key, fm[i], v[fm[i]], c[col[fm[i]]], FT)
    if (!bad) printf "ok:   %s matches the CSV (area %s mm2, %s flops, Fmax %s MHz)\n", key, v["area_mm2"], v["flops"], v["fmax_mhz"]
  }
  function tol(k, f, a, b, t) {
    if (a == "-" && b == "-") return
    if (b + 0 == 0 && a + 0 == 0) return
    if (b + 0 == 0 || (a - b) / b * 100 > t || (b - a) / b * 100 > t) { printf "FAIL: %s %s: fresh %s, CSV %s (tolerance %s%%)\n", k, f, a, b, t; bad++ }
  }
  END { if (!n) { print "FAIL: no synth lines in the fresh summary"; exit 1 } exit bad > 0 }' FS=, "$csv" FS=' ' "$fresh"
