// scord_fence_bank.sv -- one SM's slice of the fence file (detector.md section 3): the
// {BlkFenceID, DevFenceID} counters, FenceIdBits each and wrapping, of the SM's Entries
// warps.  scord_fence_file holds one bank per SM.  All banks have the same parameters, so
// synthesis maps the bank once and the hierarchy multiplies it: a flat 132x64 fence file did
// not finish in Yosys on our 2-core machines, the banked one takes seconds (docs/synth.md).
// Two combinational read ports and one command port (increment one warp's BlkFenceID or
// DevFenceID, or clear the bank); a warp index past the last entry reads as 0 and
// increments nothing.
module scord_fence_bank #(
  parameter int Entries     = scord_pkg::WarpsPerSm,
  parameter int FenceIdBits = scord_pkg::FenceIdBits,
  parameter int WarpBits    = scord_pkg::idx_bits(Entries)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [WarpBits-1:0]    rd0_warp_i,
  output logic [FenceIdBits-1:0] rd0_blk_o,
  output logic [FenceIdBits-1:0] rd0_dev_o,
  input  logic [WarpBits-1:0]    rd1_warp_i,
  output logic [FenceIdBits-1:0] rd1_blk_o,
  output logic [FenceIdBits-1:0] rd1_dev_o,
  // Command (scord_pkg::fence_cmd_e): none, a fence of warp inc_warp_i with scope cta
  // (BlkFenceID + 1) or gpu/sys (DevFenceID + 1), or the kernel-boundary clear.
  input  logic [1:0]             cmd_i,
  input  logic [WarpBits-1:0]    inc_warp_i
);

  logic [Entries*FenceIdBits-1:0] blk_d, blk_q, dev_d, dev_q;
  logic [31:0] rd0_32, rd1_32, inc_32;

  always_comb begin
    rd0_32 = '0;
    rd0_32[WarpBits-1:0] = rd0_warp_i;
    rd1_32 = '0;
    rd1_32[WarpBits-1:0] = rd1_warp_i;
    inc_32 = '0;
    inc_32[WarpBits-1:0] = inc_warp_i;
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
      if ((cmd_i == scord_pkg::FenceCmdIncDev) && (inc_32 == e)) begin
        dev_d[e*FenceIdBits +: FenceIdBits] = dev_q[e*FenceIdBits +: FenceIdBits] + 1'b1;
      end
      if ((cmd_i == scord_pkg::FenceCmdIncBlk) && (inc_32 == e)) begin
        blk_d[e*FenceIdBits +: FenceIdBits] = blk_q[e*FenceIdBits +: FenceIdBits] + 1'b1;
      end
    end
    if (cmd_i == scord_pkg::FenceCmdClear) begin
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
