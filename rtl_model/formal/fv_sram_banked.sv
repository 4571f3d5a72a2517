// fv_sram_banked.sv -- formal harness of scord_sram_banked (8 words in 4 banks, a port cycle
// of 3): free reads and writes, the user's rule (a write only to a bank wfree_o calls free)
// as an assumption.  The properties are the wrapper's: its registered free flags agree with
// the busy counters, so a user that obeys wfree_o never writes a busy bank.
module fv_sram_banked (
  input logic       clk_i,
  input logic       re_i,
  input logic [2:0] raddr_i,
  input logic [1:0] rbank_i,
  input logic       we_i,
  input logic [2:0] waddr_i,
  input logic [1:0] wdata_i
);
  logic rst_ni = 1'b0;
  always @(posedge clk_i) rst_ni <= 1'b1;
  logic [1:0] rdata_o;
  logic [3:0] wfree_o;
  always @(posedge clk_i) if (rst_ni) assume (!we_i || wfree_o[waddr_i[1:0]]);
  scord_sram_banked #(.Depth(8), .Width(2), .Banks(4), .MinCycles(3)) u_dut (
    .clk_i, .rst_ni, .re_i, .raddr_i, .rbank_i, .rdata_o, .we_i, .waddr_i, .wdata_i, .wfree_o
  );
endmodule
