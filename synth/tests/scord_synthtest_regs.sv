// scord_synthtest_regs.sv -- stand-in for a fence-file-like register array, used only to test
// the synthesis flows in synth/ (not part of the detector). Entries x Width flops, one
// increment port and two combinational read ports.
module scord_synthtest_regs #(
  parameter int unsigned Entries = 16,
  parameter int unsigned Width   = 6
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic                       inc_valid_i,
  input  logic [$clog2(Entries)-1:0] inc_idx_i,
  input  logic [$clog2(Entries)-1:0] rd_a_idx_i,
  input  logic [$clog2(Entries)-1:0] rd_b_idx_i,
  output logic [Width-1:0]           rd_a_o,
  output logic [Width-1:0]           rd_b_o
);
  // Flat vector: Yosys 0.23 does not parse multi-dimensional packed arrays.
  logic [Entries*Width-1:0] regs_d, regs_q;

  always_comb begin
    regs_d = regs_q;
    if (inc_valid_i) begin
      regs_d[inc_idx_i*Width +: Width] = regs_q[inc_idx_i*Width +: Width] + Width'(1);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) regs_q <= '0;
    else         regs_q <= regs_d;
  end

  assign rd_a_o = regs_q[rd_a_idx_i*Width +: Width];
  assign rd_b_o = regs_q[rd_b_idx_i*Width +: Width];
endmodule
