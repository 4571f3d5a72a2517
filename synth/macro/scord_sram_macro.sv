// scord_sram_macro.sv -- black box of the 1r1w memory macro for synthesis (synth/ only; the
// RTL's scord_sram_1r1w instantiates it under SYNTHESIS when Impl = SramMacro).  synth_top.sh
// renames each shape to scord_sram_macro_<Depth>x<Width> (with m<ReadCycles> appended when the
// read is given more than one cycle) and gen_sram_lib gives it a liberty cell (area,
// clock-to-output access time, setup) from the model in docs/synth.md; the STA script gives
// the paths from its clock ReadCycles cycles.  re_i enables the read (the read port's clock
// gate in a real macro).
(* blackbox *)
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
endmodule
