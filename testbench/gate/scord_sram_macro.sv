// scord_sram_macro.sv -- simulation model of the memory macro black box
// (synth/macro/scord_sram_macro.sv) for the gate-level simulation of a synthesised netlist
// (testbench/gate/run_gate.sh, docs/synth.md "Checks on the netlist").  A netlist keeps each
// macro as an instance of the black box with its shape; this model gives it the behaviour of
// the RTL's own macro model, scord_sram_1r1w with Impl = SramMacro outside SYNTHESIS (registered
// read data, the old word on a same-edge write, inverted data until ReadCycles have passed), so
// the gate-level run and the RTL run see the same memories.
module scord_sram_macro #(
  parameter int Depth      = 32,
  parameter int Width      = 12,
  parameter int ReadCycles = 1,
  parameter int AddrBits   = 5
) (
  input  logic                clk_i,
  input  logic                re_i,
  input  logic [AddrBits-1:0] raddr_i,
  output logic [Width-1:0]    rdata_o,
  input  logic                we_i,
  input  logic [AddrBits-1:0] waddr_i,
  input  logic [Width-1:0]    wdata_i
);
  scord_sram_1r1w #(
    .Depth     (Depth),
    .Width     (Width),
    .Impl      (scord_pkg::SramMacro),
    .ReadCycles(ReadCycles),
    .AddrBits  (AddrBits)
  ) u_model (
    .clk_i  (clk_i),
    .re_i   (re_i),
    .raddr_i(raddr_i),
    .rdata_o(rdata_o),
    .we_i   (we_i),
    .waddr_i(waddr_i),
    .wdata_i(wdata_i)
  );
endmodule
