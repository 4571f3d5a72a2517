// scord_assert.svh -- assertion macros of the scord RTL (in the style of OpenTitan's
// prim_assert.sv): each property is written once and each tool gets the form it can check.
//   `SCORD_ASSERT(Name, prop, clk, rst)  prop holds at every rising edge of clk while rst is 0
//   `SCORD_ASSUME(Name, prop, clk, rst)  the same, as a constraint on the environment
//   `SCORD_COVER(Name, prop, clk, rst)   prop can happen
// prop is a Boolean expression sampled at the edge; it may use $past, $stable, $rose and $fell
// (one cycle back), and writes an implication "a |-> b" as (!(a) || (b)): Yosys 0.23 parses
// only expressions in its immediate form.  rst is active high (pass !rst_ni).
//   Under Verilator (lint and every simulation, run with --assert): a concurrent assertion
//     Name: assert property (@(posedge clk) disable iff (rst) prop); a failure stops the run.
//     An assumption is checked like an assertion; a cover point is counted.
//   Yosys read_verilog -formal (FORMAL, rtl_model/formal/): the clocked immediate form
//     always @(posedge clk) if (!(rst)) assert (prop);  which Yosys's sat proves.  Unlabelled:
//     Yosys 0.23 names a labelled assertion once per module, not per generate block, so the
//     proof driver names a failure by the macro's source line.
//   Synthesis (SYNTHESIS without FORMAL) and other simulators (Icarus 11 parses no
//     concurrent assertion): nothing.
// docs/assertions.md lists the assertions and the proofs.
`ifndef SCORD_ASSERT_SVH
`define SCORD_ASSERT_SVH

`ifdef FORMAL
`define SCORD_ASSERT(Name, prop, clk, rst) \
  always @(posedge clk) if (!(rst)) assert (prop);
`define SCORD_ASSUME(Name, prop, clk, rst) \
  always @(posedge clk) if (!(rst)) assume (prop);
`define SCORD_COVER(Name, prop, clk, rst) \
  always @(posedge clk) if (!(rst)) cover (prop);
`elsif SYNTHESIS
`define SCORD_ASSERT(Name, prop, clk, rst)
`define SCORD_ASSUME(Name, prop, clk, rst)
`define SCORD_COVER(Name, prop, clk, rst)
`elsif VERILATOR
`define SCORD_ASSERT(Name, prop, clk, rst) \
  Name: assert property (@(posedge clk) disable iff (rst) (prop)) \
    else $error("assertion %m failed");
`define SCORD_ASSUME(Name, prop, clk, rst) \
  Name: assume property (@(posedge clk) disable iff (rst) (prop)) \
    else $error("assumption %m failed");
`define SCORD_COVER(Name, prop, clk, rst) \
  Name: cover property (@(posedge clk) disable iff (rst) (prop));
`else
`define SCORD_ASSERT(Name, prop, clk, rst)
`define SCORD_ASSUME(Name, prop, clk, rst)
`define SCORD_COVER(Name, prop, clk, rst)
`endif

`endif  // SCORD_ASSERT_SVH
