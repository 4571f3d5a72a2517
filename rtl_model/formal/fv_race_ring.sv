// fv_race_ring.sv -- formal harness of scord_race_ring with a small ring (at most 2^3
// records): free records, host registers and write port, reset in the first cycle.  The
// host's contract is the ring's own assumptions (a ring that fits, aligned, a head that never
// passes the tail); the host changes the ring's size only while it is empty.  The properties
// are the ring's assertions (records in flight are the output queue's, the record written
// carries the tail's number, every drop counted) and its output queue's and counters'.
module fv_race_ring #(
  parameter int MaxSizeLog2 = 3,
  localparam int RecW = scord_pkg::RingRecBytes * 8,
  localparam int LogW = $clog2(MaxSizeLog2 + 1)
) (
  input  logic            clk_i,
  input  logic            rec_valid_i,
  input  logic [RecW-1:0] rec_i,
  input  logic [63:0]     base_i,
  input  logic [LogW-1:0] size_log2_i,
  input  logic [31:0]     head_i,
  input  logic            wr_ready_i
);
  logic rst_ni = 1'b0;
  always @(posedge clk_i) rst_ni <= 1'b1;
  logic            rec_ready_o, wr_valid_o, idle_o;
  logic [31:0]     tail_o;
  logic [63:0]     overflow_o, wr_addr_o;
  logic [RecW-1:0] wr_data_o;
  scord_race_ring #(.MaxSizeLog2(MaxSizeLog2)) u_dut (
    .clk_i, .rst_ni, .rec_valid_i, .rec_ready_o, .rec_i, .base_i, .size_log2_i, .head_i,
    .tail_o, .overflow_o, .wr_valid_o, .wr_ready_i, .wr_addr_o, .wr_data_o, .idle_o
  );
  // The host: the ring's registers are set before records come (constant here), and the
  // head only moves forward.
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assume ($stable(base_i) && $stable(size_log2_i));
      assume (32'(head_i - $past(head_i)) <= 32'(tail_o - $past(head_i)));
    end
  end
endmodule
