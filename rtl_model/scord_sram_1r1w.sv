// scord_sram_1r1w.sv -- one synchronous memory with one read and one write port, the wrapper
// every RAM of the detector goes through (OpenTitan-style: one place to swap a macro in).
// Read: the address is registered at a clock edge, the data comes out during the next cycle.
// Write: we/waddr/wdata given in a cycle are written at the edge ending it.  A read whose
// address is registered at the same edge as a write to the same word returns undefined data
// (a real macro may give the old word, the new one or X): users forward in-flight writes.
// No reset: data arrays need none (valid bits live in flops outside).
//   Impl = scord_pkg::SramFlops (0): flip-flops, the read a per-word mux after the address
//          register (returns the new word on a collision).  Synthesis and simulation alike.
//   Impl = scord_pkg::SramMacro (1): under SYNTHESIS the black box scord_sram_macro (the flow
//          renames it per shape, scord_sram_macro_<Depth>x<Width>, and gives it a liberty
//          cell, synth/README.md); in simulation a behavioural model with registered read
//          data that returns the OLD word on a collision, so missing forwarding shows up.
module scord_sram_1r1w #(
  parameter int Depth    = 32,
  parameter int Width    = 12,
  parameter int Impl     = scord_pkg::SramFlops,
  parameter int AddrBits = scord_pkg::idx_bits(Depth)
) (
  input  logic                clk_i,
  input  logic [AddrBits-1:0] raddr_i,
  output logic [Width-1:0]    rdata_o,
  input  logic                we_i,
  input  logic [AddrBits-1:0] waddr_i,
  input  logic [Width-1:0]    wdata_i
);
  if (Impl == scord_pkg::SramMacro) begin : g_macro
`ifdef SYNTHESIS
    scord_sram_macro #(
      .Depth   (Depth),
      .Width   (Width),
      .AddrBits(AddrBits)
    ) u_macro (
      .clk_i  (clk_i),
      .raddr_i(raddr_i),
      .rdata_o(rdata_o),
      .we_i   (we_i),
      .waddr_i(waddr_i),
      .wdata_i(wdata_i)
    );
`else
    // Behavioural macro: read data registered (old word on a same-edge write).
    logic [Width-1:0] mem [Depth];
    logic [Width-1:0] rdata_q;
    always_ff @(posedge clk_i) begin
      if (we_i && (32'(waddr_i) < Depth)) mem[waddr_i] <= wdata_i;
      rdata_q <= (32'(raddr_i) < Depth) ? mem[raddr_i] : '0;
    end
    assign rdata_o = rdata_q;
`endif
  end else begin : g_flops
    scord_sram_flops #(
      .Depth    (Depth),
      .Width    (Width),
      .ReadPorts(1),
      .AddrBits (AddrBits)
    ) u_flops (
      .clk_i  (clk_i),
      .raddr_i(raddr_i),
      .rdata_o(rdata_o),
      .we_i   (we_i),
      .waddr_i(waddr_i),
      .wdata_i(wdata_i)
    );
  end
endmodule
