// scord_fence_file.sv -- the detector's fence file (detector.md section 3): one entry per
// hardware warp (sm, warp) -> {BlkFenceID, DevFenceID}, FenceIdBits each, wrapping.
// This wrapper is the one place to swap the flops for an SRAM macro: two read ports (the
// accessor and the metadata owner), one increment port, and a clear for the kernel
// boundary.  Reads are combinational here; an SRAM version would return them one cycle
// later (docs/rtl.md, "fence file").  An index past the last warp reads as 0.
module scord_fence_file #(
  parameter int NumSms      = scord_pkg::NumSms,
  parameter int WarpsPerSm  = scord_pkg::WarpsPerSm,
  parameter int FenceIdBits = scord_pkg::FenceIdBits,
  parameter int IdxBits     = scord_pkg::idx_bits(NumSms * WarpsPerSm)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // Read port 0 (the access's own warp).
  input  logic [IdxBits-1:0]     rd0_idx_i,
  output logic [FenceIdBits-1:0] rd0_blk_o,
  output logic [FenceIdBits-1:0] rd0_dev_o,
  // Read port 1 (the metadata owner's warp).
  input  logic [IdxBits-1:0]     rd1_idx_i,
  output logic [FenceIdBits-1:0] rd1_blk_o,
  output logic [FenceIdBits-1:0] rd1_dev_o,
  // A fence from warp inc_idx_i: cta bumps BlkFenceID, gpu/sys bumps DevFenceID.
  input  logic                   inc_valid_i,
  input  logic [IdxBits-1:0]     inc_idx_i,
  input  logic                   inc_dev_i,
  // Kernel boundary: every entry back to 0 (takes priority over inc).
  input  logic                   clear_i
);
  localparam int Entries = NumSms * WarpsPerSm;

  logic [Entries*FenceIdBits-1:0] blk_d, blk_q, dev_d, dev_q;
  logic [31:0] rd0_32, rd1_32, inc_32;

  always_comb begin
    rd0_32 = '0;
    rd0_32[IdxBits-1:0] = rd0_idx_i;
    rd1_32 = '0;
    rd1_32[IdxBits-1:0] = rd1_idx_i;
    inc_32 = '0;
    inc_32[IdxBits-1:0] = inc_idx_i;
  end

  // Per-entry compares with constant selects (no wide shifters in synthesis).
  always_comb begin
    rd0_blk_o = '0;
    rd0_dev_o = '0;
    rd1_blk_o = '0;
    rd1_dev_o = '0;
    blk_d = blk_q;
    dev_d = dev_q;
    for (int e = 0; e < Entries; e++) begin
      if (rd0_32 == e) begin
        rd0_blk_o = blk_q[e*FenceIdBits +: FenceIdBits];
        rd0_dev_o = dev_q[e*FenceIdBits +: FenceIdBits];
      end
      if (rd1_32 == e) begin
        rd1_blk_o = blk_q[e*FenceIdBits +: FenceIdBits];
        rd1_dev_o = dev_q[e*FenceIdBits +: FenceIdBits];
      end
      if (inc_valid_i && (inc_32 == e)) begin
        if (inc_dev_i) begin
          dev_d[e*FenceIdBits +: FenceIdBits] = dev_q[e*FenceIdBits +: FenceIdBits] + 1'b1;
        end else begin
          blk_d[e*FenceIdBits +: FenceIdBits] = blk_q[e*FenceIdBits +: FenceIdBits] + 1'b1;
        end
      end
    end
    if (clear_i) begin
      blk_d = '0;
      dev_d = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      blk_q <= '0;
      dev_q <= '0;
    end else begin
      blk_q <= blk_d;
      dev_q <= dev_d;
    end
  end

  logic unused_bits;
  assign unused_bits = ^{rd0_32, rd1_32, inc_32};
endmodule
