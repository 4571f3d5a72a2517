// fv_fence_file.sv -- bounded proof of scord_fence_file's forwarding against a one-cycle
// reference: the reference holds every warp's {DevFenceID, BlkFenceID} in flops and applies an
// increment or a clear at the edge ending the cycle it is given; a read registered at an edge
// must return the reference word of that edge (ReadFirst=1: the word before that edge's
// increment; a clear is always seen).  NumSms = 3 and WarpsPerSm = 3 leave an SM and a warp
// index past the last (read as 0, incremented never), and 2-bit counters wrap.  The fence
// file's three-cycle read-modify-write and its B and C forwarding are what is checked.
module fv_fence_file #(
  parameter int NumSms      = 3,
  parameter int WarpsPerSm  = 3,
  parameter int FenceIdBits = 2,
  parameter int IncAtRd0    = 1,
  parameter int ReadFirst   = 1,
  localparam int SmBits     = scord_pkg::idx_bits(NumSms),
  localparam int WarpBits   = scord_pkg::idx_bits(WarpsPerSm),
  localparam int F          = FenceIdBits
) (
  input  logic                clk_i,
  input  logic [SmBits-1:0]   rd0_sm_i,
  input  logic [WarpBits-1:0] rd0_warp_i,
  input  logic [SmBits-1:0]   rd1_sm_i,
  input  logic [WarpBits-1:0] rd1_warp_i,
  input  logic                inc_valid_i,
  input  logic [SmBits-1:0]   inc_sm_i,
  input  logic [WarpBits-1:0] inc_warp_i,
  input  logic                inc_dev_i,
  input  logic                clear_i
);
  logic rst_ni = 1'b0;
  always @(posedge clk_i) rst_ni <= 1'b1;
  logic [F-1:0] rd0_blk_o, rd0_dev_o, rd1_blk_o, rd1_dev_o;
  scord_fence_file #(
    .NumSms(NumSms), .WarpsPerSm(WarpsPerSm), .FenceIdBits(FenceIdBits),
    .IncAtRd0(IncAtRd0), .ReadFirst(ReadFirst), .SramImpl(scord_pkg::SramFlops)
  ) u_dut (
    .clk_i, .rst_ni, .rd0_sm_i, .rd0_warp_i, .rd0_blk_o, .rd0_dev_o, .rd1_sm_i, .rd1_warp_i,
    .rd1_blk_o, .rd1_dev_o, .inc_valid_i, .inc_sm_i, .inc_warp_i, .inc_dev_i, .clear_i
  );

  // The reference: one word per (sm, warp) index, including the indices past the last.
  localparam int NS = 1 << SmBits, NW = 1 << WarpBits;
  logic [2*F-1:0] ref_q [NS][NW];
  logic [2*F-1:0] ref_d [NS][NW];
  logic           inc_ok;
  assign inc_ok = inc_valid_i && (32'(inc_sm_i) < NumSms) && (32'(inc_warp_i) < WarpsPerSm);
  always_comb begin
    for (int s = 0; s < NS; s++)
      for (int w = 0; w < NW; w++) begin
        ref_d[s][w] = ref_q[s][w];
        if (inc_ok && inc_sm_i == SmBits'(s) && inc_warp_i == WarpBits'(w)) begin
          if (inc_dev_i) ref_d[s][w][F +: F] = ref_q[s][w][F +: F] + 1'b1;
          else           ref_d[s][w][0 +: F] = ref_q[s][w][0 +: F] + 1'b1;
        end
        if (clear_i) ref_d[s][w] = '0;
      end
  end
  always @(posedge clk_i) begin
    for (int s = 0; s < NS; s++)
      for (int w = 0; w < NW; w++) ref_q[s][w] <= rst_ni ? ref_d[s][w] : '0;
  end
  // The expected word of each read registered at this edge.
  logic [2*F-1:0] exp0_q, exp1_q;
  always @(posedge clk_i) begin
    if (ReadFirst != 0 && !clear_i) begin
      exp0_q <= ref_q[rd0_sm_i][rd0_warp_i];
      exp1_q <= ref_q[rd1_sm_i][rd1_warp_i];
    end else begin
      exp0_q <= ref_d[rd0_sm_i][rd0_warp_i];
      exp1_q <= ref_d[rd1_sm_i][rd1_warp_i];
    end
  end
  // Checked from the second cycle after reset (the first compares with a read of the reset).
  `SCORD_ASSERT(FenceRead0MatchesReference, {rd0_dev_o, rd0_blk_o} == exp0_q, clk_i,
                !(rst_ni && $past(rst_ni)))
  `SCORD_ASSERT(FenceRead1MatchesReference, {rd1_dev_o, rd1_blk_o} == exp1_q, clk_i,
                !(rst_ni && $past(rst_ni)))
endmodule
