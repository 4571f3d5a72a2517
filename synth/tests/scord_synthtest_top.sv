// scord_synthtest_top.sv -- stand-in top for testing the synthesis flows in synth/: a register
// array (scord_synthtest_regs) and a registered comparator stage, with UpperCamelCase
// parameters like the real RTL. Not part of the detector.
module scord_synthtest_top #(
  parameter int unsigned NumSms      = 2,
  parameter int unsigned WarpsPerSm  = 8,
  parameter int unsigned FenceIdBits = 6
) (
  input  logic                                  clk_i,
  input  logic                                  rst_ni,
  input  logic                                  fence_valid_i,
  input  logic [$clog2(NumSms*WarpsPerSm)-1:0]  fence_idx_i,
  input  logic                                  chk_valid_i,
  input  logic [$clog2(NumSms*WarpsPerSm)-1:0]  chk_idx_i,
  input  logic [$clog2(NumSms*WarpsPerSm)-1:0]  own_idx_i,
  input  logic [FenceIdBits-1:0]                md_fence_i,
  output logic                                  race_o
);
  localparam int unsigned Entries = NumSms * WarpsPerSm;

  logic [FenceIdBits-1:0] own_q, chk_q;
  logic [FenceIdBits-1:0] own_d, chk_d;
  logic [FenceIdBits-1:0] md_q, md_d;
  logic                   valid_q, valid_d;
  logic                   race_q, race_d;

  scord_synthtest_regs #(
    .Entries(Entries),
    .Width  (FenceIdBits)
  ) u_regs (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .inc_valid_i(fence_valid_i),
    .inc_idx_i  (fence_idx_i),
    .rd_a_idx_i (chk_idx_i),
    .rd_b_idx_i (own_idx_i),
    .rd_a_o     (chk_d),
    .rd_b_o     (own_d)
  );

  always_comb begin
    md_d    = md_fence_i;
    valid_d = chk_valid_i;
    race_d  = valid_q && (md_q == own_q) && (chk_q != own_q);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      own_q   <= '0;
      chk_q   <= '0;
      md_q    <= '0;
      valid_q <= 1'b0;
      race_q  <= 1'b0;
    end else begin
      own_q   <= own_d;
      chk_q   <= chk_d;
      md_q    <= md_d;
      valid_q <= valid_d;
      race_q  <= race_d;
    end
  end

  assign race_o = race_q;
endmodule
