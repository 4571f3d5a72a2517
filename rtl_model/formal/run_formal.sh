#!/usr/bin/env bash
# run_formal.sh -- run one formal proof of rtl_model/ with yosys-smtbmc and an SMT solver.
# Usage: run_formal.sh PROOF [OUTDIR]     (run_formal.sh --list names the proofs)
#   Reads the proof's harness (rtl_model/formal/fv_*.sv) and RTL with read_verilog -formal
#   (FORMAL: scord_pkg.sv's assertion macros give labelled clocked immediate assertions;
#   SYNTHESIS: no simulation-only code), flattens it, writes SMT-LIB2 and runs yosys-smtbmc
#   with z3 (SCORD_FORMAL_SOLVER picks another solver smtbmc knows):
#     prove  k-induction: the base case (no assertion fails in DEPTH cycles from reset) and the
#            induction step (DEPTH good states are followed by a good one): the properties
#            hold in every reachable state;
#     bmc    the base case only: a bounded check of DEPTH cycles from reset.
#   Every assumption of the harness constrains both.
#   Prints "PASS: PROOF ..." with the run time, or "FAIL: PROOF: property NAME (file:line)"
#   for each failed assertion and the counterexample trace (a VCD in OUTDIR).  Exit 0 pass,
#   1 fail, 77 when yosys, yosys-smtbmc or the solver is missing (its CTest then fails).
set -u
solver=${SCORD_FORMAL_SOLVER:-z3}
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)

# name | harness top | RTL modules read after scord_pkg | mode | depth | parameters (chparam)
proofs=(
  "fifo|fv_fifo|scord_fifo|prove|7|-set Depth 3 -set HeadReg 1"
  "fifo_depth2|fv_fifo|scord_fifo|prove|4|-set Depth 2 -set HeadReg 0"
  "spill_reg|fv_spill_reg|scord_spill_reg|prove|3|"
  "counter|fv_counter|scord_counter|prove|3|-set Width 12 -set ChunkW 3"
  "pick_queue|fv_pick_queue|scord_pick_queue|prove|5|"
  "race_ring|fv_race_ring|scord_fifo scord_counter scord_race_ring|prove|4|"
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
command -v yosys-smtbmc >/dev/null || { echo "SKIP: $name: yosys-smtbmc not found"; exit 77; }
command -v "$solver" >/dev/null || { echo "SKIP: $name: solver $solver not found"; exit 77; }

mkdir -p "$out"
base="$out/$name"
srcs="$rtl/scord_pkg.sv"
for m in $mods; do srcs="$srcs $rtl/$m.sv"; done
srcs="$srcs $here/$top.sv"
chp=""
[ -n "$params" ] && chp="chparam $params $top"
# Flattened, memories as flops, asynchronous resets as synchronous logic; cover points are
# for simulation only.  Reset (the harness's rst_ni) is low in the first cycle only (its
# initial value), so the base case starts from reset.
{
  echo "read_verilog -formal -sv -DSYNTHESIS $srcs"
  echo "$chp"
  echo "prep -flatten -top $top"
  echo "chformal -remove -cover"
  echo "memory_map; opt -fast; async2sync; dffunmap"
  echo "write_smt2 -wires $base.smt2"
} >"$base.ys"
t0=$(date +%s.%N)
if ! yosys -q -l "$base.log" "$base.ys" >/dev/null 2>&1 || grep -q "ERROR" "$base.log"; then
  echo "FAIL: $name: yosys stopped (log: $base.log)"
  grep -m3 "ERROR" "$base.log"
  exit 1
fi

# smtbmc STEP-NAME VCD [ARGS...]: one yosys-smtbmc run, its log appended to $base.log.
# --unroll: the solver gets each step's state as plain constants; Debian's z3 4.8.12 expands
# Yosys's per-state define-funs exponentially and never returns on even a 3-entry FIFO.
smtbmc() {
  local step=$1 vcd=$2
  shift 2
  echo "== yosys-smtbmc ($step): -s $solver --unroll $*" >>"$base.log"
  yosys-smtbmc -s "$solver" --unroll --noprogress "$@" --dump-vcd "$vcd" "$base.smt2" \
    >>"$base.log" 2>&1
}
# fail WHAT VCD: name each failed assertion with its source line, then the counterexample.
# smtbmc names an assertion by its cell, which holds the source line ($assert$FILE:LINE$N);
# the SCORD_ASSERT on that line (or the nearest one above it) gives the property's name.  A
# harness's own labelled assertion is named by its label.
fail() {
  local what=$1 vcd=$2 n=0 cell loc f l prop
  while read -r cell; do
    [ -n "$cell" ] || continue
    n=$((n + 1))
    loc=$(grep -o '\$assert\$[^$]*:[0-9]*\$' <<<"$cell" | tail -1 | sed 's/^\$assert\$//; s/\$$//')
    if [ -n "$loc" ]; then
      f=${loc%:*} l=${loc##*:}
      prop=$(head -n "$l" "$f" 2>/dev/null | grep -n 'SCORD_ASSERT([A-Za-z0-9_]*' | tail -1)
      [ -n "$prop" ] && l=${prop%%:*}
      prop=$(grep -o 'SCORD_ASSERT([A-Za-z0-9_]*' <<<"$prop" | cut -d'(' -f2)
      echo "FAIL: $name: property ${prop:-?} ($(basename "$f"):$l)"
    else
      echo "FAIL: $name: property ${cell##*.}"
    fi
  done < <(sed -n 's/.*Assert failed in [^:]*: \(.*\)$/\1/p' "$base.log" | sed 's/ *$//' | sort -u)
  [ $n -gt 0 ] || echo "FAIL: $name: $what (log: $base.log)"
  echo "  $what: $vcd"
  echo "  log: $base.log"
  exit 1
}

# Base case: no assertion fails in DEPTH cycles from reset (the whole proof in bmc mode).  The
# checks of the reset cycle itself are skipped (-t 2:N): flops hold arbitrary values then.
smtbmc base "$base.vcd" -t "2:$depth"
rc=$?
grep -q "Status: PASSED" "$base.log" && [ $rc -eq 0 ] || fail "counterexample from reset" "$base.vcd"
if [ "$mode" = prove ]; then
  # Induction: DEPTH consecutive states that satisfy every assertion are followed by one that
  # does too.  Together with the base case: the assertions hold in every reachable state.
  smtbmc induction "$base.induction.vcd" -i -t "$depth"
  rc=$?
  [ "$(grep -c "Status: PASSED" "$base.log")" -eq 2 ] && [ $rc -eq 0 ] ||
    fail "no proof: the induction step fails at length $depth" "$base.induction.vcd"
fi
secs=$(echo "$(date +%s.%N) - $t0" | bc)
rm -f "$base.vcd" "$base.induction.vcd"
if [ "$mode" = prove ]; then
  printf 'PASS: %s (k-induction, length %s, %s) in %.1f s\n' "$name" "$depth" "$solver" "$secs"
else
  printf 'PASS: %s (bounded, %s cycles from reset, %s) in %.1f s\n' "$name" "$depth" "$solver" "$secs"
fi
exit 0
