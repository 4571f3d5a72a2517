// scord_fence_file.sv -- the detector's fence file (detector.md section 3): one entry per
// hardware warp (sm, warp) -> {BlkFenceID, DevFenceID}, FenceIdBits each, wrapping.  Built
// from NumSms identical scord_fence_bank slices (one per SM) and a per-SM read select, so the
// synthesis of the large GPU sizes (132 SMs x 64 warps) maps one bank and multiplies it.
// This wrapper is the one place to swap the flops for an SRAM macro: two read ports (the
// accessor and the metadata owner), one increment port, and a clear for the kernel
// boundary.  Reads behave as a synchronous SRAM's: the read address is registered at a clock
// edge and the data comes out of the array during the next cycle (the consumer registers
// it), so no path runs from logic through every warp's entry into logic.  An increment or
// clear given in cycle t is seen by reads whose address is registered at the end of t or
// later (docs/rtl.md, "fence file").  An SM or warp past the last one reads as 0.
module scord_fence_file #(
  parameter int NumSms      = scord_pkg::NumSms,
  parameter int WarpsPerSm  = scord_pkg::WarpsPerSm,
  parameter int FenceIdBits = scord_pkg::FenceIdBits,
  parameter int SmBits      = scord_pkg::idx_bits(NumSms),
  parameter int WarpBits    = scord_pkg::idx_bits(WarpsPerSm)
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
  logic [NumSms*FenceIdBits-1:0] b0_blk, b0_dev, b1_blk, b1_dev;
  logic [31:0] rd0_32, rd1_32, inc_32;
  // Registered read addresses (the SRAM's address latch); no reset: the data they select is
  // used only under the consumer's valid bits.
  logic [SmBits-1:0]   rd0_sm_q, rd1_sm_q;
  logic [WarpBits-1:0] rd0_warp_q, rd1_warp_q;
  always_ff @(posedge clk_i) begin
    rd0_sm_q   <= rd0_sm_i;
    rd0_warp_q <= rd0_warp_i;
    rd1_sm_q   <= rd1_sm_i;
    rd1_warp_q <= rd1_warp_i;
  end

  always_comb begin
    rd0_32 = '0;
    rd0_32[SmBits-1:0] = rd0_sm_q;
    rd1_32 = '0;
    rd1_32[SmBits-1:0] = rd1_sm_q;
    inc_32 = '0;
    inc_32[SmBits-1:0] = inc_sm_i;
  end

  // Operand isolation: a bank sees a warp index only when it is the addressed SM (else 0)
  // and gets its own command.  Unaddressed banks do not toggle, and every input's fanout to
  // NumSms banks passes through one gate per bank in this module, which synthesis buffers;
  // a net fed straight through to 132 banks is one net whose load no per-module
  // optimisation sees (the kernel clear showed a 10 ns path that way; docs/synth.md).
  for (genvar s = 0; s < NumSms; s++) begin : g_bank
    logic                inc_here;
    logic [1:0]          cmd;
    logic [WarpBits-1:0] rd0_warp, rd1_warp, inc_warp;
    assign inc_here = inc_valid_i && (inc_32 == s);
    // A clear outranks an increment (section 7).
    assign cmd      = clear_i  ? scord_pkg::FenceCmdClear :
                      inc_here ? (inc_dev_i ? scord_pkg::FenceCmdIncDev : scord_pkg::FenceCmdIncBlk) :
                                 scord_pkg::FenceCmdNone;
    assign rd0_warp = (rd0_32 == s) ? rd0_warp_q : '0;
    assign rd1_warp = (rd1_32 == s) ? rd1_warp_q : '0;
    assign inc_warp = inc_here ? inc_warp_i : '0;
    scord_fence_bank #(
      .Entries    (WarpsPerSm),
      .FenceIdBits(FenceIdBits),
      .WarpBits   (WarpBits)
    ) u_bank (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .rd0_warp_i (rd0_warp),
      .rd0_blk_o  (b0_blk[s*FenceIdBits +: FenceIdBits]),
      .rd0_dev_o  (b0_dev[s*FenceIdBits +: FenceIdBits]),
      .rd1_warp_i (rd1_warp),
      .rd1_blk_o  (b1_blk[s*FenceIdBits +: FenceIdBits]),
      .rd1_dev_o  (b1_dev[s*FenceIdBits +: FenceIdBits]),
      .cmd_i      (cmd),
      .inc_warp_i (inc_warp)
    );
  end

  // Per-SM read select (constant selects again).
  always_comb begin
    rd0_blk_o = '0;
    rd0_dev_o = '0;
    rd1_blk_o = '0;
    rd1_dev_o = '0;
    for (int s = 0; s < NumSms; s++) begin
      if (rd0_32 == s) begin
        rd0_blk_o = b0_blk[s*FenceIdBits +: FenceIdBits];
        rd0_dev_o = b0_dev[s*FenceIdBits +: FenceIdBits];
      end
      if (rd1_32 == s) begin
        rd1_blk_o = b1_blk[s*FenceIdBits +: FenceIdBits];
        rd1_dev_o = b1_dev[s*FenceIdBits +: FenceIdBits];
      end
    end
  end

  logic unused_bits;
  assign unused_bits = ^{rd0_32, rd1_32, inc_32};
endmodule
