#!/usr/bin/env bash
# run_formal.sh -- run one formal proof of rtl_model/ with Yosys and yosys-smtbmc.
# Usage: run_formal.sh PROOF [OUTDIR]     (run_formal.sh --list names the proofs)
#   Reads the proof's harness (rtl_model/formal/fv_*.sv) and RTL with read_verilog -formal
#   (FORMAL: scord_assert.svh's clocked immediate assertions; SYNTHESIS: no simulation-only
#   code), writes SMT-LIB2, then runs the solver:
#     prove  a bounded check of DEPTH cycles from reset (the base case), then k-induction of
#            depth DEPTH (-i): the properties hold in every reachable state;
#     bmc    a bounded check of DEPTH cycles from reset only.
#   Prints "PASS: PROOF ..." with the run time, or "FAIL: PROOF: property NAME ..." naming each
#   failed assertion and the counterexample trace (a VCD in OUTDIR).  Exit 0 pass, 1 fail,
#   77 (a CTest skip) when yosys-smtbmc or an SMT solver (z3, boolector) is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)

# name | harness top | RTL modules read after scord_pkg | mode | depth | parameters (chparam)
proofs=(
  "fifo|fv_fifo|scord_fifo|prove|5|-set Depth 3 -set HeadReg 1"
  "fifo_depth2|fv_fifo|scord_fifo|prove|4|-set Depth 2 -set HeadReg 0"
  "spill_reg|fv_spill_reg|scord_spill_reg|prove|3|"
  "counter|fv_counter|scord_counter|prove|3|-set Width 12 -set ChunkW 3"
  "race_ring|fv_race_ring|scord_fifo scord_counter scord_race_ring|prove|4|"
  "sram_banked|fv_sram_banked|scord_sram_flops scord_sram_1r1w scord_sram_banked|prove|4|"
  "pick_queue|fv_line_accessor|scord_fifo scord_sram_flops scord_sram_1r1w scord_sram_banked scord_line_accessor|prove|4|"
  "fence_file_read_first|fv_fence_file|scord_sram_flops scord_sram_1r1w scord_sram_nr1w scord_fence_bank scord_fence_file|bmc|14|-set IncAtRd0 1 -set ReadFirst 1"
  "fence_file_write_first|fv_fence_file|scord_sram_flops scord_sram_1r1w scord_sram_nr1w scord_fence_bank scord_fence_file|bmc|14|-set IncAtRd0 0 -set ReadFirst 0"
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
command -v yosys-smtbmc >/dev/null || { echo "SKIP: $name: yosys-smtbmc not found"; exit 77; }
solver=""
for s in z3 boolector; do command -v $s >/dev/null && { solver=$s; break; }; done
[ -n "$solver" ] || { echo "SKIP: $name: no SMT solver (z3 or boolector) found"; exit 77; }

mkdir -p "$out"
base="$out/$name"
srcs="$rtl/scord_pkg.sv"
for m in $mods; do srcs="$srcs $rtl/$m.sv"; done
srcs="$srcs $here/$top.sv"
chp=""
[ -n "$params" ] && chp="chparam $params $top;"
t0=$(date +%s.%N)
# Flattened, memories as flops, asynchronous resets as synchronous logic (smtbmc's model).
if ! yosys -q -l "$base.yosys.log" -p "read_verilog -formal -sv -DSYNTHESIS -I$rtl $srcs; \
    $chp prep -flatten -top $top; memory_map; opt -fast; async2sync; dffunmap; \
    write_smt2 -wires $base.smt2" >/dev/null 2>&1; then
  echo "FAIL: $name: yosys could not read the design (log: $base.yosys.log)"
  grep -m3 ERROR "$base.yosys.log"
  exit 1
fi

# run_smtbmc LABEL ARGS...: one solver run; on failure names every failed property.
run_smtbmc() {
  local label=$1; shift
  local vcd="$base.$label.vcd" log="$base.$label.log"
  yosys-smtbmc -s "$solver" "$@" --dump-vcd "$vcd" "$base.smt2" >"$log" 2>&1
  if grep -q "Status: PASSED" "$log"; then
    rm -f "$vcd"
    return 0
  fi
  local props
  props=$(sed -n 's/.*Assert failed in [^:]*: *\(.*\)$/\1/p' "$log" | sort -u)
  if [ -z "$props" ]; then
    echo "FAIL: $name: $label: no result from yosys-smtbmc (log: $log)"
    tail -3 "$log"
    return 1
  fi
  local step
  step=$(grep -o "Checking assertions in step [0-9]*\|Trying induction in step [0-9]*" "$log" |
         tail -1 | grep -o "[0-9]*$")
  while read -r p; do
    echo "FAIL: $name: property $p ($label, step $step)"
  done <<<"$props"
  if [ "$label" = induction ]; then
    echo "  counterexample to induction (may start from an unreachable state): $vcd"
  else
    echo "  counterexample trace from reset: $vcd"
  fi
  echo "  solver log: $log"
  return 1
}

run_smtbmc bmc --presat -t "$depth" || exit 1
what="bmc $depth cycles"
if [ "$mode" = prove ]; then
  run_smtbmc induction -i -t "$depth" || exit 1
  what="$what, k-induction depth $depth"
fi
t1=$(date +%s.%N)
printf 'PASS: %s (%s; %s) in %.1f s\n' "$name" "$what" "$solver" "$(echo "$t1 - $t0" | bc)"
