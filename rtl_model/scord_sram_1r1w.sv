// scord_sram_1r1w.sv -- one synchronous memory with one read and one write port, the wrapper
// every RAM of the detector goes through (OpenTitan-style: one place to swap a macro in).
// Read: with re_i set the address is registered at a clock edge; the data come out
// ReadCycles cycles later (1: during the next cycle) and stay until the next read, provided the
// word is not written meanwhile.  Write: we/waddr/wdata given in a cycle are written at the
// edge ending it.  A read registered fewer than MinCycles edges after a write to the same word
// returns undefined data (a real macro may give the old word, the new one or X): users forward
// in-flight writes, or wait.  MinCycles is also the port's cycle time: two reads (or two writes)
// are at least MinCycles cycles apart (a macro slower than the clock, its clock gated per
// access; docs/synth.md section 5).  No reset: data arrays need none (valid bits live in flops
// outside).
//   Impl = scord_pkg::SramFlops (0): flip-flops, the read a per-word mux after the address
//          register (returns the new word on a collision).  Synthesis and simulation alike;
//          the data are valid in the next cycle whatever ReadCycles says.
//   Impl = scord_pkg::SramMacro (1): under SYNTHESIS the black box scord_sram_macro (the flow
//          renames it per shape, scord_sram_macro_<Depth>x<Width>[m<ReadCycles>], gives it a
//          liberty cell and a ReadCycles-cycle path from its clock, synth/README.md); in
//          simulation a behavioural model with registered read data that returns the OLD word
//          on a collision and inverted data until ReadCycles have passed, and stops on a port
//          used faster than MinCycles or a word read too soon after its write, so a user that
//          takes the data early or misses forwarding fails its tests.
module scord_sram_1r1w #(
  parameter int Depth      = 32,
  parameter int Width      = 12,
  parameter int Impl       = scord_pkg::SramFlops,
  parameter int ReadCycles = 1,
  parameter int MinCycles  = 1,
  parameter int AddrBits   = scord_pkg::idx_bits(Depth)
) (
  input  logic                clk_i,
  input  logic                re_i,
  input  logic [AddrBits-1:0] raddr_i,
  output logic [Width-1:0]    rdata_o,
  input  logic                we_i,
  input  logic [AddrBits-1:0] waddr_i,
  input  logic [Width-1:0]    wdata_i
);
  if (ReadCycles < 1 || MinCycles < 1) begin : g_cycles_check
    scord_error_sram_1r1w_read_or_min_cycles_below_one u_bad_cycles ();
  end
  if (Impl == scord_pkg::SramMacro) begin : g_macro
`ifdef SYNTHESIS
    scord_sram_macro #(
      .Depth     (Depth),
      .Width     (Width),
      .ReadCycles(ReadCycles),
      .AddrBits  (AddrBits)
    ) u_macro (
      .clk_i  (clk_i),
      .re_i   (re_i),
      .raddr_i(raddr_i),
      .rdata_o(rdata_o),
      .we_i   (we_i),
      .waddr_i(waddr_i),
      .wdata_i(wdata_i)
    );
`else
    // Behavioural macro: read data registered (old word on a same-edge write), inverted while
    // the access is still in progress.
    localparam int CntBits = scord_pkg::idx_bits(ReadCycles + MinCycles + 1);
    logic [Width-1:0]   mem [Depth];
    logic [Width-1:0]   rdata_q;
    logic [CntBits-1:0] rwait_q;   // cycles until the read data are valid
    always_ff @(posedge clk_i) begin
      if (we_i && (32'(waddr_i) < Depth)) mem[waddr_i] <= wdata_i;
      if (re_i) begin
        rdata_q <= (32'(raddr_i) < Depth) ? mem[raddr_i] : '0;
        rwait_q <= CntBits'(ReadCycles - 1);
      end else if (rwait_q != '0) begin
        rwait_q <= rwait_q - 1'b1;
      end
    end
    assign rdata_o = (rwait_q != '0) ? ~rdata_q : rdata_q;
    if (MinCycles > 1) begin : g_min_check
      // Port cycle time and write-to-read distance, checked against the last accesses.
      logic [CntBits-1:0]  rgap_q, wgap_q;   // cycles since the last read / write, saturated
      logic [AddrBits-1:0] waddr_hist_q [MinCycles-1];
      logic [MinCycles-2:0] wv_hist_q;
      initial begin
        rgap_q = CntBits'(MinCycles);
        wgap_q = CntBits'(MinCycles);
        wv_hist_q = '0;
      end
      `SCORD_ASSERT(SramReadPortCycle, !re_i || 32'(rgap_q) + 1 >= MinCycles, clk_i, 1'b0)
      `SCORD_ASSERT(SramWritePortCycle, !we_i || 32'(wgap_q) + 1 >= MinCycles, clk_i, 1'b0)
      for (genvar i = 0; i < MinCycles - 1; i++) begin : g_wr_rd
        logic [AddrBits-1:0] waddr_i_ago;  // the write address i + 1 cycles ago
        assign waddr_i_ago = waddr_hist_q[i];
        `SCORD_ASSERT(SramReadAfterWrite, !(re_i && wv_hist_q[i] && waddr_i_ago == raddr_i),
                      clk_i, 1'b0)
      end
      always_ff @(posedge clk_i) begin
        rgap_q <= re_i ? '0 : (32'(rgap_q) < MinCycles ? rgap_q + 1'b1 : rgap_q);
        wgap_q <= we_i ? '0 : (32'(wgap_q) < MinCycles ? wgap_q + 1'b1 : wgap_q);
        wv_hist_q[0]    <= we_i;
        waddr_hist_q[0] <= waddr_i;
        for (int i = 1; i < MinCycles - 1; i++) begin
          wv_hist_q[i]    <= wv_hist_q[i-1];
          waddr_hist_q[i] <= waddr_hist_q[i-1];
        end
      end
    end
`endif
  end else begin : g_flops
    scord_sram_flops #(
      .Depth    (Depth),
      .Width    (Width),
      .ReadPorts(1),
      .AddrBits (AddrBits)
    ) u_flops (
      .clk_i  (clk_i),
      .re_i   (re_i),
      .raddr_i(raddr_i),
      .rdata_o(rdata_o),
      .we_i   (we_i),
      .waddr_i(waddr_i),
      .wdata_i(wdata_i)
    );
  end
  // Every user keeps its addresses inside the memory.
  `SCORD_ASSERT(SramWriteAddrInRange, !we_i || 32'(waddr_i) < Depth, clk_i, 1'b0)
  `SCORD_ASSERT(SramReadAddrInRange, !re_i || 32'(raddr_i) < Depth, clk_i, 1'b0)
endmodule
