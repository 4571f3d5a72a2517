// fv_counter.sv -- formal harness of scord_counter: a free increment, reset in the first
// cycle.  The properties are the counter's own assertions (each chunk's carry flag matches
// the value; the value moves by exactly inc_i, wrapping), proven by k-induction for every
// value, not only those a bounded run reaches.
module fv_counter #(
  parameter int Width  = 12,
  parameter int ChunkW = 3
) (
  input  logic clk_i,
  input  logic inc_i
);
  logic rst_ni = 1'b0;
  always @(posedge clk_i) rst_ni <= 1'b1;
  logic [Width-1:0] q_o;
  scord_counter #(.Width(Width), .ChunkW(ChunkW)) u_dut (.clk_i, .rst_ni, .inc_i, .q_o);
endmodule
