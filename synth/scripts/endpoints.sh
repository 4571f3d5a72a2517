#!/usr/bin/env bash
# endpoints.sh -- where a synthesised top misses its clock: every failing flop endpoint of the
# flat netlist, grouped by the register it belongs to (the flop's output net, bit index
# dropped), worst first.  Shows whether one path or a whole front of paths sets Fmax, which
# decides between gate-level repair and an added pipeline stage.
#
# Usage: endpoints.sh DIR [N]     DIR as written by synth_top.sh (DIR/asic/sta.tcl, netlist.v);
#                                 N = endpoints examined (default 2000)
# Prints one line per register: worst slack (ns), failing bits, register name; then a total.
# Runs OpenSTA once more on the same netlist and constraints as the flow's report.
set -eu
dir=${1:?usage: endpoints.sh DIR [N]}
n=${2:-2000}
asic=$dir/asic
for f in "$asic/sta.tcl" "$asic/netlist.v"; do
  [ -f "$f" ] || { echo "endpoints.sh: $f: not found (run synth_top.sh on an ASIC library first)" >&2; exit 2; }
done
command -v sta >/dev/null || { echo "endpoints.sh: OpenSTA (sta) not found; scripts/setup.sh installs it" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The flow's set-up (libraries, link, clock, I/O delays, multicycle macros), then the endpoints.
sed -n '1,/macros_mcp.tcl/p' "$asic/sta.tcl" > "$tmp/ep.tcl"
grep -q 'macros_mcp.tcl' "$tmp/ep.tcl" || { echo "endpoints.sh: $asic/sta.tcl: no 'source ...macros_mcp.tcl' line" >&2; exit 2; }
printf 'report_checks -path_delay max -digits 3 -group_count %d -endpoint_count 1 -format end\nexit\n' "$n" >> "$tmp/ep.tcl"
sta -no_splash -exit "$tmp/ep.tcl" > "$tmp/ep.txt" 2>&1 || { cat "$tmp/ep.txt" >&2; echo "endpoints.sh: OpenSTA failed" >&2; exit 1; }

# Endpoint instance -> slack for the failing flop inputs; then instance -> output net from the
# netlist; then per register (bits folded) the worst slack and the count.
awk '$NF == "(VIOLATED)" && $1 ~ /\/D$/ { sub(/\/D$/, "", $1); print $1, $(NF-1) }' "$tmp/ep.txt" > "$tmp/viol"
awk -v list="$tmp/viol" '
  BEGIN { while ((getline l < list) > 0) { split(l, f, " "); slack[f[1]] = f[2] } }
  /^ +sky130_fd_sc_hd__df[a-z0-9_]* _[0-9]+_ \(/ { cur = ($2 in slack) ? $2 : ""; next }
  cur != "" && /^ +\.Q\(/ {
    q = $0; sub(/^ +\.Q\( */, "", q); sub(/ *\) *,? *$/, "", q); gsub(/\\/, "", q)
    sub(/\[[0-9]+\] *$/, "", q); gsub(/ /, "", q)
    s = slack[cur] + 0
    if (!(q in worst) || s < worst[q]) worst[q] = s
    bits[q]++; total++; cur = ""
  }
  END {
    for (q in worst) printf "%8.3f %5d %s\n", worst[q], bits[q], q
    printf "total %d failing flop endpoints in %d registers\n", total, length(worst) > "/dev/stderr"
  }' "$asic/netlist.v" 2> "$tmp/total" | sort -n
cat "$tmp/total"
examined=$(grep -c '(VIOLATED)' "$tmp/ep.txt" || true)
if [ "$examined" -ge "$n" ]; then echo "(the first $n failing endpoints; more with a larger N)"; fi
