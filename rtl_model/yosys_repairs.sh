#!/bin/sh
# yosys_repairs.sh -- fail when a Yosys log shows a net Yosys repaired on its own: a variable
# driven from two processes or a combinational loop ("multiple conflicting drivers", "found
# logic loop", "Driver-driver conflict").  Yosys then ties the net to a constant where
# Verilator simulates the RTL as written, so the netlist is not the verified design.  Used by
# every check that reads a Yosys log of this RTL (rtl/yosys_synth_top, synth/tests/
# check_reports.sh, testbench/gate/run_gate.sh).
#   yosys_repairs.sh LOG     exit 0: none; exit 1: the first few such lines on stdout
[ $# -eq 1 ] || { echo "usage: yosys_repairs.sh LOG" >&2; exit 2; }
[ -r "$1" ] || { echo "yosys_repairs.sh: cannot read $1" >&2; exit 2; }
if grep -E 'conflicting drivers|found logic loop|Driver-driver conflict' "$1" | head -5 | grep .; then
  exit 1
fi
exit 0
