// fv_spill_reg.sv -- formal harness of scord_spill_reg: free inputs, reset in the first cycle.
// The properties are the spill register's own assertions (the spill slot fills only behind a
// full output slot; every word taken reaches the output in order, none lost or duplicated;
// the output held until taken), proven by k-induction (run_formal.sh).
module fv_spill_reg #(
  parameter int Width = 2
) (
  input  logic             clk_i,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  input  logic             ready_i
);
  logic rst_ni = 1'b0;
  always @(posedge clk_i) rst_ni <= 1'b1;
  logic             ready_o, valid_o;
  logic [Width-1:0] data_o;
  scord_spill_reg #(.Width(Width)) u_dut (
    .clk_i, .rst_ni, .valid_i, .ready_o, .data_i, .valid_o, .ready_i, .data_o
  );
endmodule
