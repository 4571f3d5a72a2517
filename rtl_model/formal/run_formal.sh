#!/usr/bin/env bash
# run_formal.sh -- run one formal proof of rtl_model/ with Yosys's SAT-based prover.
# Usage: run_formal.sh PROOF [OUTDIR]     (run_formal.sh --list names the proofs)
#   Reads the proof's harness (rtl_model/formal/fv_*.sv) and RTL with read_verilog -formal
#   (FORMAL: scord_pkg.sv's assertion macros give clocked immediate assertions; SYNTHESIS: no simulation-only
#   code), flattens it, and proves every assertion under every assumption with `sat`:
#     prove  k-induction (-tempinduct): a bounded check from reset (the base case) and the
#            induction step, each up to DEPTH cycles: the properties hold in every reachable
#            state;
#     bmc    a bounded check of DEPTH cycles from reset only.
#   (yosys-smtbmc with Debian's z3 4.8.12 did not finish a 3-entry FIFO's first step in 10
#   minutes; Yosys's own solver proves each of these in about a second.)
#   Prints "PASS: PROOF ..." with the run time, or "FAIL: PROOF: property NAME (file:line)"
#   for each assertion false at the trace's last step, and the counterexample trace (a VCD in
#   OUTDIR).  Exit 0 pass, 1 fail, 77 when yosys is missing (its CTest then fails).
set -u
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)

# name | harness top | RTL modules read after scord_pkg | mode | depth | parameters (chparam)
proofs=(
  "fifo|fv_fifo|scord_fifo|prove|5|-set Depth 3 -set HeadReg 1"
  "fifo_depth2|fv_fifo|scord_fifo|prove|4|-set Depth 2 -set HeadReg 0"
  "spill_reg|fv_spill_reg|scord_spill_reg|prove|3|"
  "counter|fv_counter|scord_counter|prove|3|-set Width 12 -set ChunkW 3"
  "pick_queue|fv_pick_queue|scord_pick_queue|prove|5|"
  "race_ring|fv_race_ring|scord_fifo scord_counter scord_race_ring|bmc|12|"
  "sram_banked|fv_sram_banked|scord_sram_flops scord_sram_1r1w scord_sram_banked|prove|4|"
  "fence_file_read_first|fv_fence_file|scord_sram_flops scord_sram_1r1w scord_sram_nr1w scord_fence_bank scord_fence_file|bmc|8|-set IncAtRd0 1 -set ReadFirst 1"
  "fence_file_write_first|fv_fence_file|scord_sram_flops scord_sram_1r1w scord_sram_nr1w scord_fence_bank scord_fence_file|bmc|8|-set IncAtRd0 0 -set ReadFirst 0"
)

if [ "${1:-}" = "--list" ]; then
  for p in "${proofs[@]}"; do IFS='|' read -r n _ _ m d _ <<<"$p"; echo "$n ($m, depth $d)"; done
  exit 0
fi
[ $# -ge 1 ] || { echo "usage: run_formal.sh PROOF [OUTDIR] | --list" >&2; exit 2; }
name=$1
out=${2:-$PWD/formal_out}
spec=""
for p in "${proofs[@]}"; do [ "${p%%|*}" = "$name" ] && spec=$p; done
[ -n "$spec" ] || { echo "run_formal.sh: unknown proof '$name' (see --list)" >&2; exit 2; }
IFS='|' read -r _ top mods mode depth params <<<"$spec"

command -v yosys >/dev/null || { echo "SKIP: $name: yosys not found"; exit 77; }

mkdir -p "$out"
base="$out/$name"
srcs="$rtl/scord_pkg.sv"
for m in $mods; do srcs="$srcs $rtl/$m.sv"; done
srcs="$srcs $here/$top.sv"
chp=""
[ -n "$params" ] && chp="chparam $params $top"
if [ "$mode" = prove ]; then
  satcmd="sat -tempinduct -prove-asserts -set-assumes -seq 2 -set-at 1 rst_ni 0 -maxsteps $depth"
else
  satcmd="sat -prove-asserts -set-assumes -seq $depth -prove-skip 2 -set-at 1 rst_ni 0"
fi
# Flattened, memories as flops, asynchronous resets as synchronous logic; cover points are
# for simulation only.  Reset (the harness's rst_ni) is low in the first cycle only.
{
  echo "read_verilog -formal -sv -DSYNTHESIS $srcs"
  echo "$chp"
  echo "prep -flatten -top $top"
  echo "chformal -remove -cover"
  echo "memory_map; opt -fast; async2sync; dffunmap"
  echo "$satcmd -show-regs -dump_vcd $base.vcd"
} >"$base.ys"
t0=$(date +%s.%N)
yosys -q -l "$base.log" "$base.ys" >/dev/null 2>&1
rc=$?
t1=$(date +%s.%N)
secs=$(echo "$t1 - $t0" | bc)
if grep -q "ERROR" "$base.log"; then
  echo "FAIL: $name: yosys stopped (log: $base.log)"
  grep -m3 "ERROR" "$base.log"
  exit 1
fi
if [ "$mode" = prove ] && grep -q "Induction step proven: SUCCESS" "$base.log"; then
  k=$(grep -o "Trying induction with length [0-9]*" "$base.log" | tail -1 | grep -o "[0-9]*$")
  rm -f "$base.vcd"
  printf 'PASS: %s (k-induction, length %s) in %.1f s\n' "$name" "$k" "$secs"
  exit 0
fi
if [ "$mode" = bmc ] && [ $rc -eq 0 ] && grep -q "SUCCESS" "$base.log"; then
  rm -f "$base.vcd"
  printf 'PASS: %s (bounded, %s cycles from reset) in %.1f s\n' "$name" "$depth" "$secs"
  exit 0
fi
# A failure: the failed assertions are those whose registered check is 0 while enabled at the
# trace's last step (sat -show-regs prints both per step); each is named by its source line.
last=$(awk '$1 ~ /^[0-9]+$/ {s=$1} END {print s}' "$base.log")
failed=$(awk '$1 ~ /^[0-9]+$/ && $1 > 2 && $2 ~ /_(CHECK|EN)$/ {print $1, $2, $3}' "$base.log" |
  sed -n 's/^\([0-9]*\) .*\$formal\$\([^$]*\)\$[0-9]*_\(CHECK\|EN\) \(.*\)$/\1 \2 \3 \4/p' |
  awk '$3 == "CHECK" {c[$2 " " $1] = $4} $3 == "EN" {e[$2 " " $1] = $4}
       END {for (k in c) if (c[k] == "0" && e[k] != "0") print k}' | sort -k2n | awk '!seen[$1]++')
what="counterexample from reset"
if grep -q "Induction step failed" "$base.log" && ! grep -q "model found for base case" "$base.log"; then
  what="no proof: the induction step still fails at length $depth"
fi
[ -n "$failed" ] || echo "FAIL: $name: not proven in $depth cycles (log: $base.log)"
while read -r loc step; do
  [ -n "$loc" ] || continue
  f=${loc%%:*} l=${loc#*:}; l=${l%%.*}
  # The macro's name: on the reported line or the nearest line above that opens a macro.
  prop=$(head -n "$l" "$f" 2>/dev/null | grep -o 'SCORD_ASSERT([A-Za-z0-9_]*' | tail -1 | cut -d'(' -f2)
  [ -n "$prop" ] || prop=$(sed -n "${l}p" "$f" 2>/dev/null | sed -n 's/^ *\([A-Za-z0-9_]*\): *assert.*/\1/p')
  echo "FAIL: $name: property ${prop:-?} ($(basename "$f"):$l), step ${step:-$last}"
done <<<"$failed"
echo "  $what: $base.vcd"
echo "  log: $base.log"
exit 1
