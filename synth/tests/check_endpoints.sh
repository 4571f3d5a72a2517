#!/usr/bin/env bash
# check_endpoints.sh -- CTest `synth/endpoints`: scripts/endpoints.sh on the quick flow's
# line-rate detector (CTest synth/quick) against the flow's own timing report.  The worst
# register it lists must be no better than the flow's register-to-register slack (those paths
# end at flops) and no worse than the flow's worst slack; with a failing register-to-register
# path the list must not be empty, and its bit counts must add up to the total it prints.
# Usage: check_endpoints.sh QUICK_OUT_DIR
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
d=$1/quick_line/line_detector
sta=$d/asic/sta.txt
[ -s "$sta" ] || { echo "FAIL: $sta missing (run synth/quick first)"; exit 1; }
worst=$(sed -n 's/^worst_slack_ns //p' "$sta")
r2r=$(sed -n 's/^r2r_slack_ns //p' "$sta")
[ -n "$worst" ] && [ -n "$r2r" ] || { echo "FAIL: $sta: no worst_slack_ns or r2r_slack_ns line"; exit 1; }
out=$("$here/scripts/endpoints.sh" "$d" 100000) || { echo "FAIL: endpoints.sh exited $?"; echo "$out"; exit 1; }
echo "$out" | head -5
echo "$out" | awk -v worst="$worst" -v r2r="$r2r" '
  $1 == "total" { total = $2; next }
  $1 ~ /^-?[0-9.]+$/ { n++; bits += $2; if (n == 1) first = $1 + 0 }
  END {
    bad = 0
    if (r2r + 0 < 0 && n == 0) { print "FAIL: register-to-register slack " r2r " ns but no failing register listed"; bad = 1 }
    if (n > 0 && first > r2r + 0.0005) { print "FAIL: worst listed " first " ns is better than the flow r2r slack " r2r; bad = 1 }
    if (n > 0 && first < worst - 0.0005) { print "FAIL: worst listed " first " ns is worse than the flow worst slack " worst; bad = 1 }
    if (bits != total) { print "FAIL: bit counts add up to " bits ", total says " total; bad = 1 }
    if (!bad) printf "ok: %d registers, %d bits; worst %.3f ns within [%s, %s]\n", n, bits, first, worst, r2r
    exit bad
  }'
