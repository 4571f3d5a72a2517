#!/usr/bin/env bash
# summary_csv.sh -- the `synth top=... lib=...` lines of run.sh's summary.txt as CSV (the
# committed synth/summary.csv that docs/synth.md quotes and tests/check_summary.sh checks).
# Usage: summary_csv.sh SUMMARY.txt > summary.csv
set -eu
f=${1:?usage: summary_csv.sh SUMMARY.txt}
awk 'BEGIN { n = split("top lib corner area_mm2 logic_mm2 macro_mm2 macros flops fmax_mhz slow_fmax_mhz", k, " ")
             for (i = 1; i <= n; i++) printf "%s%s", k[i], (i < n ? "," : "\n") }
     $1 == "synth" { delete v; for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
                     for (i = 1; i <= n; i++) printf "%s%s", v[k[i]], (i < n ? "," : "\n") }' "$f"
