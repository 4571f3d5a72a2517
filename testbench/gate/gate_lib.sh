# gate_lib.sh -- the steps run_gate.sh and run_gate_unit.sh share, sourced by both: synthesise a
# top into a flat netlist Verilator simulates correctly, and Verilate that netlist under a
# testbench.  Two settings keep Verilator 5.006 from mis-simulating a correct netlist
# (docs/synth.md "Checks on the netlist"): Yosys `splitnets` (word-wide wires whose bits feed
# one another are false combinational loops to Verilator, which then evaluates some bits stale)
# and `-fno-dfg` (Verilator's data-flow-graph optimiser changes a netlist's block-scope output).
# A netlist in which Verilator still finds a loop is refused.

# gate_paths SRC REF_LIB: sets gate_src and gate_reflib to absolute paths (make runs in OUT/obj)
# and gate_rtl to the RTL file list of rtl_model/scord_rtl.f.
gate_paths() {
  gate_src=$(cd "$1" && pwd)
  gate_reflib=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
  gate_rtl=$(grep -v '^//\|^$\|^[+-]' "$gate_src/rtl_model/scord_rtl.f" | sed "s|^|$gate_src/rtl_model/|" | tr '\n' ' ')
}

# gate_netlist OUT TOP CHPARAM [EXTRA_SV...]: writes OUT/netlist.v, the RTL (and EXTRA_SV, read
# with it) synthesised by Yosys's generic flow with TOP's parameters set by CHPARAM (`chparam
# -set` arguments), flattened, multi-bit nets split.  Fails when Yosys fails or when it resolved
# a multiply-driven net or a logic loop (rtl_model/yosys_repairs.sh): a variable assigned in two
# processes simulates as the last assignment but Yosys makes it a constant.  Sets gate_cells.
gate_netlist() {
  local out=$1 top=$2 chparam=$3
  shift 3
  yosys -q -l "$out/yosys.log" -p "read_verilog -sv -DSYNTHESIS $gate_rtl $*;
    ${chparam:+chparam $chparam $top;} synth -flatten -top $top -noabc; opt_clean -purge; splitnets;
    rename -top $top; stat; write_verilog -noattr $out/netlist.v" >"$out/yosys.out" 2>&1 ||
    { tail -20 "$out/yosys.out" >&2; echo "$(basename "$0"): Yosys failed ($out/yosys.log)" >&2; return 1; }
  if ! "$gate_src/rtl_model/yosys_repairs.sh" "$out/yosys.log" >&2; then
    echo "$(basename "$0"): Yosys resolved a multiply-driven net or a logic loop (above; $out/yosys.log)" >&2
    return 1
  fi
  gate_cells=$(sed -n 's/^ *Number of cells: *//p' "$out/yosys.log" | tail -1)
  gate_wrap "$out/netlist.v" "$top"
}

# gate_wrap NETLIST TOP: renames the netlist's TOP to TOP_nl, marks its outputs split_var and
# appends a wrapper TOP with the same ports around it.  Yosys names a net after a port, so an
# output whose bits copy other bits of itself (ring_wr_data_o[30] = ring_wr_data_o[31] when a
# field's two bits are equal) reads itself: a false loop (UNOPTFLAT) that `splitnets` leaves,
# because it does not split ports.  Verilator splits only a variable that is not public, so
# the split is made on the inner module's ports, which the wrapper hides.
gate_wrap() {
  awk -v top="$2" '
    $0 ~ "^module " top "\\(" {
      sub("^module " top, "module " top "_nl"); in_top = 1; print; next
    }
    in_top && /^  (input|output|inout) / {
      decl[n++] = $0
      name = $NF; sub(/;$/, "", name); ports[np++] = name
      if ($1 == "output" && $2 ~ /^\[/) sub(/;$/, " /*verilator split_var*/;")
      print; next
    }
    in_top && /^endmodule/ { in_top = 0 }
    { print }
    END {
      printf "\n// The ports of %s_nl, whose outputs Verilator splits (gate_lib.sh).\nmodule %s(", top, top
      for (i = 0; i < np; i++) printf "%s%s", (i ? ", " : ""), ports[i]
      print ");"
      for (i = 0; i < n; i++) print decl[i]
      printf "  %s_nl u_nl (", top
      for (i = 0; i < np; i++) printf "%s.%s(%s)", (i ? ", " : ""), ports[i], ports[i]
      print ");\nendmodule"
    }' "$1" > "$1.tmp" && mv "$1.tmp" "$1"
}

# gate_verilate OUT TOP VTOP EXE JOBS FILE...: builds OUT/obj/EXE from the netlist and FILE...
# (sources before the netlist, then the generated testbench) against the C model's library.
gate_verilate() {
  local out=$1 top=$2 vtop=$3 exe=$4 jobs=$5
  shift 5
  # The netlist is machine-written: no style lint, only what would make it wrong.
  verilator --cc --exe --build -j "$jobs" --assert -fno-dfg -Wno-fatal -Wno-lint -Wno-style -Wno-MULTIDRIVEN \
    --x-assign unique --x-initial unique --top-module "$top" --prefix "$vtop" -Mdir "$out/obj" -o "$exe" "$@" \
    -CFLAGS "-std=c++17 -O1 -I$gate_src/ref/include -I$gate_src/cosim -I$gate_src/testbench" \
    -LDFLAGS "$gate_reflib" >"$out/verilator.out" 2>&1 ||
    { tail -30 "$out/verilator.out" >&2; echo "$(basename "$0"): building the gate-level testbench failed" >&2; return 1; }
  if grep -q UNOPTFLAT "$out/verilator.out"; then
    grep -m3 UNOPTFLAT "$out/verilator.out" >&2
    echo "$(basename "$0"): the netlist has combinational loops to Verilator; its simulation is not trusted" >&2
    return 1
  fi
}
