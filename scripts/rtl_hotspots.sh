#!/usr/bin/env bash
# rtl_hotspots.sh -- which RTL units and signals a Verilated simulation spends its instructions on
# (docs/performance.md "Profiles"). Verilator puts a whole design's
# logic into a few large C++ functions, so a function profile (scripts/profile.sh) says only
# "the model"; this runs COMMAND under callgrind, takes the per-line instruction counts of the
# Verilated C++ and charges each line to the RTL signal it belongs to (the last `vlSelf->NAME`
# at or before it), then sums by unit: the instance path's first level (two for a generate
# block, indices folded: g_slice[*].u_slice), or the module of a per-module Verilated class
# (scord_line_accessor). Expected use: a few runs while writing RTL for simulation speed; it is
# slow (callgrind: about 50x the command's own time), so give it a short workload.
#   scripts/rtl_hotspots.sh [--top N] [--keep FILE] COMMAND [ARG...]
#   scripts/rtl_hotspots.sh [--top N] --from FILE
#     --top N     how many units and signals to print (default 15)
#     --keep FILE keep callgrind's output in FILE (callgrind_annotate FILE shows the lines)
#     --from FILE summarise an earlier callgrind output instead of running a command (the
#                 Verilated sources must still be the ones that binary was built from:
#                 callgrind_annotate reads them by line number)
# Needs valgrind (callgrind and callgrind_annotate); exits 77 when it is missing.
set -euo pipefail
top=15 keep="" from=""
while [ $# -gt 0 ]; do
  case "$1" in
    --top) top=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    --) shift; break ;;
    -*) echo "rtl_hotspots.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
case "$top" in ''|*[!0-9]*) echo "rtl_hotspots.sh: --top needs a number, got '$top'" >&2; exit 2 ;; esac
if [ -n "$from" ]; then
  [ $# -eq 0 ] || { echo "rtl_hotspots.sh: --from takes no command" >&2; exit 2; }
  [ -r "$from" ] || { echo "rtl_hotspots.sh: $from: cannot read" >&2; exit 2; }
else
  [ $# -gt 0 ] || { echo "rtl_hotspots.sh: no command (see --help)" >&2; exit 2; }
fi
for t in valgrind callgrind_annotate; do
  command -v "$t" >/dev/null || { echo "rtl_hotspots.sh: $t not found (apt-get install valgrind)" >&2; exit 77; }
done
ann=$(mktemp)
if [ -n "$from" ]; then
  data=$from
  trap 'rm -f "$ann"' EXIT
else
  data=${keep:-$(mktemp)}
  trap 'rm -f "$ann"; [ -n "$keep" ] || rm -f "$data"' EXIT
  if ! valgrind --tool=callgrind --callgrind-out-file="$data" "$@" > /dev/null 2> "$ann"; then
    echo "rtl_hotspots.sh: '$*' failed under callgrind" >&2
    # valgrind cannot decode AVX-512 (a build with -DSCORD_SIM_AVX512=ON, CMakeLists.txt).
    if grep -q 'unhandled instruction' "$ann"; then
      echo "rtl_hotspots.sh: valgrind met an instruction it cannot decode: profile a build configured" \
           "with -DSCORD_SIM_AVX512=OFF (the default) or -DSCORD_SIM_ARCH=x86-64-v3" >&2
    fi
    exit 1
  fi
fi
if ! callgrind_annotate --auto=yes "$data" > "$ann" 2>/dev/null; then
  echo "rtl_hotspots.sh: $data: not a callgrind output" >&2
  exit 1
fi

awk -v top="$top" '
function unit_of(name,   n, parts, k, u) {
  n = name
  sub(/^__Vfunc_/, "", n); sub(/^__Vdly[a-z]*__/, "", n)
  if (n !~ /__DOT__/) return "(top-level ports, evaluation loop)"
  gsub(/__BRA__[0-9]+__KET__/, "[*]", n)
  k = split(n, parts, /__DOT__/)
  if (k == 2) return parts[1] " (its own logic)"  # a signal of the top module itself
  u = parts[2]
  if (u ~ /^g_/ && k > 3) u = u "." parts[3]     # a generate block: its instance too
  return u
}
function sig_of(name,   n, i) {
  n = name
  sub(/^__Vfunc_/, "", n)
  i = index(n, "__DOT__")                        # drop the top module
  if (i > 0) n = substr(n, i + 7)
  gsub(/__BRA__[0-9]+__KET__/, "[*]", n)
  gsub(/__DOT__/, ".", n)
  sub(/^__PVT__/, "", n)
  return n
}
/^-- Auto-annotated source: / {
  path = $0; sub(/^-- Auto-annotated source: /, "", path)
  f = path; sub(/.*\//, "", f)
  verilated = (f ~ /^V[A-Za-z0-9_]+(__|\.)/ && f !~ /^verilated/)
  modclass = ""
  if (verilated && f !~ /___024root/) {
    m = f; sub(/^V/, "", m)
    i = index(m, "_scord_")
    if (i > 0) { m = substr(m, i + 1); sub(/__.*/, "", m); modclass = m }
  }
  last = ""
  next
}
{
  if (path == "") next
  if (!match($0, /^ *([0-9,]+|\.)( \( *[0-9.]+%\))?  /)) next
  cnt = substr($0, 1, RLENGTH); src = substr($0, RLENGTH + 1)
  if (src ~ /^ *=>/ || src ~ /events annotated/) next
  if (verilated && match(src, /vlSelf->[A-Za-z0-9_]+/)) {
    nm = substr(src, RSTART + 8, RLENGTH - 8)
    if (nm != "vlSymsp") last = nm
  }
  gsub(/[ ,]/, "", cnt); sub(/\(.*/, "", cnt)
  if (cnt == "." || cnt == "") next
  v = cnt + 0
  total += v
  if (!verilated) { other += v; next }
  model += v
  if (modclass != "") { u = modclass; s = modclass ":" (last == "" ? "?" : sig_of(last)) }
  else if (last == "") { u = "(evaluation loop)"; s = u }
  else { u = unit_of(last); s = sig_of(last) }
  byu[u] += v; bys[s] += v
}
END {
  if (model == 0) { print "rtl_hotspots.sh: no Verilated C++ in the profile (built without debug lines, or not a Verilator model)" > "/dev/stderr"; exit 1 }
  printf "instructions: %.3f G annotated, %.3f G in the Verilated model (%.1f %%)\n", total / 1e9, model / 1e9, 100 * model / total
  print "by unit (share of the Verilated model):"
  n = 0; for (u in byu) keys[++n] = u
  for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (byu[keys[j]] > byu[keys[i]]) { t = keys[i]; keys[i] = keys[j]; keys[j] = t }
  for (i = 1; i <= n && i <= top; i++) printf "%6.1f %%  %7.3f G  %s\n", 100 * byu[keys[i]] / model, byu[keys[i]] / 1e9, keys[i]
  print "top signals:"
  n = 0; for (s in bys) sk[++n] = s
  for (i = 1; i <= n && i <= 400; i++) for (j = i + 1; j <= n; j++) if (bys[sk[j]] > bys[sk[i]]) { t = sk[i]; sk[i] = sk[j]; sk[j] = t }
  for (i = 1; i <= n && i <= top; i++) printf "%6.1f %%  %7.3f G  %s\n", 100 * bys[sk[i]] / model, bys[sk[i]] / 1e9, sk[i]
}' "$ann"
