#!/usr/bin/env bash
# formal_mutant.sh -- show that a formal proof fails, by name, when the RTL it proves is wrong.
# Usage: formal_mutant.sh OUTDIR
#   Copies rtl_model/ into OUTDIR, makes scord_pick_queue pick the youngest eligible entry
#   instead of the oldest, and runs the pick_queue proof on the copy.  It must fail (exit 1),
#   name PqPickOldest with its file and line, and write the counterexample VCD it names.
#   Prints "MUTANT CAUGHT" on success; exit 1 otherwise, 77 when run_formal.sh skips.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: formal_mutant.sh OUTDIR}
rm -rf "$out" && mkdir -p "$out/rtl/formal"
cp "$src"/*.sv "$out/rtl/" && cp "$src"/formal/* "$out/rtl/formal/"
f=$out/rtl/scord_pick_queue.sv
sed -i 's/for (int e = Depth - 1; e >= 0; e--) if (elig\[e\])/for (int e = 0; e < Depth; e++) if (elig[e])/' "$f"
cmp -s "$f" "$src/scord_pick_queue.sv" && { echo "formal_mutant.sh: the mutation no longer applies to $f"; exit 1; }
log=$("$out/rtl/formal/run_formal.sh" pick_queue "$out/proof")
rc=$?
echo "$log"
[ $rc -eq 77 ] && exit 77
[ $rc -eq 1 ] || { echo "formal_mutant.sh: the proof exited $rc on the mutant, not 1"; exit 1; }
grep -q '^FAIL: pick_queue: property PqPickOldest (scord_pick_queue.sv:[0-9]*)$' <<<"$log" ||
  { echo "formal_mutant.sh: PqPickOldest not named"; exit 1; }
vcd=$(sed -n 's/^  counterexample from reset: //p' <<<"$log")
[ -s "$vcd" ] || { echo "formal_mutant.sh: no counterexample VCD at '$vcd'"; exit 1; }
echo "MUTANT CAUGHT"
