// scord_fence_file.sv -- the detector's fence file (detector.md section 3): one entry per
// hardware warp (sm, warp) -> {BlkFenceID, DevFenceID}, FenceIdBits each, wrapping.  Built
// from NumSms identical scord_fence_bank slices (one per SM: a memory with a valid bit per
// warp) and a per-SM read select, so the synthesis of the large GPU sizes (132 SMs x 64 warps)
// maps one bank and multiplies it.  Two read ports (the accessor and the metadata owner), one
// increment port, and a clear for the kernel boundary.  Reads behave as a synchronous
// SRAM's: the read address is registered at a clock edge and the data comes out during the
// next cycle (the consumer registers it).  An increment or clear given in cycle t is seen by
// reads whose address is registered at the end of t or later (docs/rtl.md, "Fence file
// structure": the counters live in memory, an increment is a read-modify-write of three
// cycles, and in-flight increments are forwarded).  An SM or warp past the last one reads as 0
// and increments nothing.
//   IncAtRd0 = 1 promises that an increment's (sm, warp) is read port 0's address of the same
//     cycle (the detector: a fence reads its own warp); the increment then uses port 0's read
//     and each bank needs two memory read ports instead of three.
//   ReadFirst = 1: a read registered in the cycle an increment is given returns the word
//     before that increment (a read-first memory); reads from the next cycle on see it.  This
//     keeps the adder out of the read path.  The detector sets it: with one event per cycle in
//     its E1 stage, the only read registered with a fence's increment is that fence's own,
//     whose counters it does not use (docs/rtl.md, "Fence file structure").
//   SramImpl = scord_pkg::SramFlops or SramMacro for the counter memory (scord_sram_nr1w); its
//     default comes from the define SCORD_FENCE_SRAM (synth/run.sh --fence-sram macro).
`ifndef SCORD_FENCE_SRAM
`define SCORD_FENCE_SRAM 0
`endif
module scord_fence_file #(
  parameter int NumSms      = scord_pkg::NumSms,
  parameter int WarpsPerSm  = scord_pkg::WarpsPerSm,
  parameter int FenceIdBits = scord_pkg::FenceIdBits,
  parameter int SmBits      = scord_pkg::idx_bits(NumSms),
  parameter int WarpBits    = scord_pkg::idx_bits(WarpsPerSm),
  parameter int IncAtRd0    = 0,
  parameter int ReadFirst   = 0,
  parameter int SramImpl    = `SCORD_FENCE_SRAM
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // Read port 0 (the access's own warp).
  input  logic [SmBits-1:0]      rd0_sm_i,
  input  logic [WarpBits-1:0]    rd0_warp_i,
  output logic [FenceIdBits-1:0] rd0_blk_o,
  output logic [FenceIdBits-1:0] rd0_dev_o,
  // Read port 1 (the metadata owner's warp).
  input  logic [SmBits-1:0]      rd1_sm_i,
  input  logic [WarpBits-1:0]    rd1_warp_i,
  output logic [FenceIdBits-1:0] rd1_blk_o,
  output logic [FenceIdBits-1:0] rd1_dev_o,
  // A fence from warp (inc_sm_i, inc_warp_i): cta bumps BlkFenceID, gpu/sys bumps DevFenceID.
  input  logic                   inc_valid_i,
  input  logic [SmBits-1:0]      inc_sm_i,
  input  logic [WarpBits-1:0]    inc_warp_i,
  input  logic                   inc_dev_i,
  // Kernel boundary: every entry back to 0 (takes priority over inc).
  input  logic                   clear_i
);
  localparam int F     = FenceIdBits;
  localparam int W     = 2 * F;          // memory word: {DevFenceID, BlkFenceID}
  localparam int Ports = (IncAtRd0 != 0) ? 2 : 3;  // bank read ports: rd0, rd1 (, inc)

  // Increment pipeline: A = the increment given in the previous cycle (its word is being
  // read), B = its base word registered and +1 applied from flops (the new word, written to
  // the bank this cycle), C = the word written at the last edge (a read registered at that
  // edge may have missed it).
  logic             a_valid_d, a_valid_q, b_valid_d, b_valid_q, c_valid_d, c_valid_q;
  logic [SmBits-1:0]   a_sm_q, b_sm_q, c_sm_q, rd0_sm_q, rd1_sm_q;
  logic [WarpBits-1:0] a_warp_q, b_warp_q, c_warp_q, rd0_warp_q, rd1_warp_q;
  logic             a_dev_q, b_dev_q;
  logic [W-1:0]     a_new, b_base_q, b_data, c_data_q;
  logic [31:0]      rd0_32, rd1_32, inc_32, incw_32, b_32;
  logic             inc_ok;
  logic [Ports*W-1:0] bank_rd [NumSms];  // each bank's read words, one entry per SM

  always_comb begin
    rd0_32 = '0;
    rd0_32[SmBits-1:0] = rd0_sm_i;
    rd1_32 = '0;
    rd1_32[SmBits-1:0] = rd1_sm_i;
    inc_32 = '0;
    inc_32[SmBits-1:0] = inc_sm_i;
    incw_32 = '0;
    incw_32[WarpBits-1:0] = inc_warp_i;
    b_32 = '0;
    b_32[SmBits-1:0] = b_sm_q;
  end
  assign inc_ok = inc_valid_i && (inc_32 < NumSms) && (incw_32 < WarpsPerSm);

  // A clear (or reset) drops every increment in flight: the valid bits it zeroes would
  // otherwise be set again by a write from before the clear.  The (synchronous) reset acts in
  // the always_ff below, not here (see scord_fence_bank: no top-level input in comb logic).
  always_comb begin
    a_valid_d = inc_ok && !clear_i;
    b_valid_d = a_valid_q && !clear_i;
    c_valid_d = b_valid_q && !clear_i;
  end

  // Operand isolation: a bank sees a warp index only when it is the addressed SM (else 0)
  // and gets its own write enable and clear.  Unaddressed banks do not toggle, and every
  // input's fanout to NumSms banks passes through one gate per bank in this module, which
  // synthesis buffers; a net fed straight through to 132 banks is one net whose load no
  // per-module optimisation sees (the kernel clear showed a 10 ns path that way; docs/synth.md).
  for (genvar s = 0; s < NumSms; s++) begin : g_bank
    logic [Ports*WarpBits-1:0] rd_warp;
    logic                      we, clr;
    logic [WarpBits-1:0]       wwarp;
    logic [W-1:0]              wdata;
    assign rd_warp[0 +: WarpBits]        = (rd0_32 == s) ? rd0_warp_i : '0;
    assign rd_warp[WarpBits +: WarpBits] = (rd1_32 == s) ? rd1_warp_i : '0;
    if (Ports == 3) begin : g_incport
      assign rd_warp[2*WarpBits +: WarpBits] = (inc_32 == s) ? inc_warp_i : '0;
    end
    assign we    = b_valid_q && (b_32 == s);
    assign wwarp = we ? b_warp_q : '0;
    assign wdata = we ? b_data : '0;
    assign clr   = clear_i;  // (the bank resets itself)
    scord_fence_bank #(
      .Entries    (WarpsPerSm),
      .FenceIdBits(FenceIdBits),
      .WarpBits   (WarpBits),
      .ReadPorts  (Ports),
      .SramImpl   (SramImpl)
    ) u_bank (
      .clk_i    (clk_i),
      .rst_ni   (rst_ni),
      .rd_warp_i(rd_warp),
      .rd_data_o(bank_rd[s]),
      .we_i     (we),
      .wwarp_i  (wwarp),
      .wdata_i  (wdata),
      .clear_i  (clr)
    );
  end

  // B's new word: the +1 from flops, in parallel with the bank read.
  always_comb begin
    b_data = b_base_q;
    if (b_dev_q) b_data[F +: F] = b_base_q[F +: F] + 1'b1;
    else         b_data[0 +: F] = b_base_q[0 +: F] + 1'b1;
  end

  // Data cycle: per-SM select of each port's masked word, then the forwarding.  A read
  // registered at the end of cycle u sees in memory every write made at edges up to u-1;
  // the write at edge u is in C, the one at the coming edge in B, and the increment given
  // in u is in A (its new word computed now from the same forwarded base).
  logic [W-1:0] m0, m1, m2, base0, base1, base_a, out0, out1;
  // One index per port into the banks' outputs (a mux tree), not a loop of NumSms compares:
  // a simulator reads one word instead of comparing against every SM.
  assign m0 = (32'(rd0_sm_q) < NumSms) ? bank_rd[rd0_sm_q][0 +: W] : '0;
  assign m1 = (32'(rd1_sm_q) < NumSms) ? bank_rd[rd1_sm_q][W +: W] : '0;
  assign m2 = ((Ports == 3) && (32'(a_sm_q) < NumSms)) ? bank_rd[a_sm_q][(Ports-1)*W +: W] : '0;
  always_comb begin
    base0 = (b_valid_q && (b_sm_q == rd0_sm_q) && (b_warp_q == rd0_warp_q)) ? b_data :
            (c_valid_q && (c_sm_q == rd0_sm_q) && (c_warp_q == rd0_warp_q)) ? c_data_q : m0;
    base1 = (b_valid_q && (b_sm_q == rd1_sm_q) && (b_warp_q == rd1_warp_q)) ? b_data :
            (c_valid_q && (c_sm_q == rd1_sm_q) && (c_warp_q == rd1_warp_q)) ? c_data_q : m1;
    if (Ports == 2) begin
      base_a = base0;  // IncAtRd0: A's address is port 0's
    end else begin
      base_a = (b_valid_q && (b_sm_q == a_sm_q) && (b_warp_q == a_warp_q)) ? b_data :
               (c_valid_q && (c_sm_q == a_sm_q) && (c_warp_q == a_warp_q)) ? c_data_q : m2;
    end
    // Only a write-first fence file forwards A (the increment of the read's own cycle), and
    // only it has the adder in the read path.
    a_new = base_a;
    if (a_dev_q) a_new[F +: F] = base_a[F +: F] + 1'b1;
    else         a_new[0 +: F] = base_a[0 +: F] + 1'b1;
    out0 = base0;
    out1 = base1;
    if (ReadFirst == 0) begin
      if (a_valid_q && (a_sm_q == rd0_sm_q) && (a_warp_q == rd0_warp_q)) out0 = a_new;
      if (a_valid_q && (a_sm_q == rd1_sm_q) && (a_warp_q == rd1_warp_q)) out1 = a_new;
    end
  end
  assign rd0_blk_o = out0[0 +: F];
  assign rd0_dev_o = out0[F +: F];
  assign rd1_blk_o = out1[0 +: F];
  assign rd1_dev_o = out1[F +: F];

  // Valid bits reset synchronously (held for several clocks); addresses and words are used
  // only under them.
  // rst_ni is the other flops' asynchronous reset and a synchronous one here (same gates as
  // when it sat in always_comb, where Verilator evaluated it at every eval()): waived here.
  /* verilator lint_off SYNCASYNCNET */
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
      b_valid_q <= 1'b0;
      c_valid_q <= 1'b0;
    end else begin
      a_valid_q <= a_valid_d;
      b_valid_q <= b_valid_d;
      c_valid_q <= c_valid_d;
    end
    a_sm_q     <= inc_sm_i;
    a_warp_q   <= inc_warp_i;
    a_dev_q    <= inc_dev_i;
    b_sm_q     <= a_sm_q;
    b_warp_q   <= a_warp_q;
    b_base_q   <= base_a;
    b_dev_q    <= a_dev_q;
    c_sm_q     <= b_sm_q;
    c_warp_q   <= b_warp_q;
    c_data_q   <= b_data;
    rd0_sm_q   <= rd0_sm_i;
    rd0_warp_q <= rd0_warp_i;
    rd1_sm_q   <= rd1_sm_i;
    rd1_warp_q <= rd1_warp_i;
  end
  /* verilator lint_on SYNCASYNCNET */

  // IncAtRd0's promise, made by the user.
  `SCORD_ASSUME(FenceIncAtRd0, (IncAtRd0 == 0) || !inc_valid_i || clear_i ||
                ((inc_sm_i == rd0_sm_i) && (inc_warp_i == rd0_warp_i)), clk_i, !rst_ni)
  logic unused_bits;
  assign unused_bits = ^{rd0_32, rd1_32, inc_32, incw_32, b_32};
endmodule
