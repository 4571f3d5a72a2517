// fv_fifo.sv -- formal harness of scord_fifo: free inputs, reset in the first cycle.  The
// properties are scord_fifo's own assertions (count bounds, no overflow or underflow, flags,
// pointers, head register, output held until taken, the peek of the next oldest word), proven
// by k-induction (run_formal.sh).
module fv_fifo #(
  parameter int Width   = 2,
  parameter int Depth   = 3,
  parameter bit HeadReg = 1'b1
) (
  input  logic             clk_i,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  input  logic             ready_i
);
  logic rst_ni = 1'b0;
  always @(posedge clk_i) rst_ni <= 1'b1;
  logic             ready_o, room2_o, valid_o;
  logic [Width-1:0] data_o, peek_hold_o, peek_pop_o;
  scord_fifo #(.Width(Width), .Depth(Depth), .HeadReg(HeadReg), .PeekW(Width)) u_dut (
    .clk_i, .rst_ni, .valid_i, .ready_o, .room2_o, .data_i, .valid_o, .ready_i, .data_o,
    .peek_hold_o, .peek_pop_o
  );
endmodule
