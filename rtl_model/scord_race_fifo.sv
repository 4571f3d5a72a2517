// scord_race_fifo.sv -- race-record buffer (detector.md section 6): RaceBufEntries records
// in the order found; a record that finds the buffer full is counted in the overflow
// counter instead (never silently lost).  Detection never waits on this FIFO.
module scord_race_fifo #(
  parameter int Width   = 8,
  parameter int Entries = scord_pkg::RaceBufEntries,
  localparam int CntBits = $clog2(Entries + 1)   // occupancy counter sized to the depth
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,     // a record found this cycle
  input  logic [Width-1:0] push_data_i,
  output logic             pop_valid_o,
  input  logic             pop_ready_i,
  output logic [Width-1:0] pop_data_o,
  output logic [63:0]      overflow_o, // records dropped because the buffer was full
  output logic [CntBits-1:0] count_o   // records held now
);
  localparam int PtrBits = scord_pkg::idx_bits(Entries);

  logic [Entries*Width-1:0] mem_d, mem_q;
  logic [PtrBits-1:0] rd_d, rd_q, wr_d, wr_q;
  logic [CntBits-1:0] cnt_d, cnt_q;
  logic [63:0] ovf_d, ovf_q;
  logic do_pop, do_push;

  // Full is judged on the registered count: a pop in the same cycle frees no room yet.
  assign do_pop  = pop_ready_i && (cnt_q != '0);
  assign do_push = push_i && (cnt_q < CntBits'(Entries));

  // Advance a pointer with wrap at Entries (need not be a power of two).
  function automatic logic [PtrBits-1:0] next_ptr(input logic [PtrBits-1:0] p);
    logic [31:0] p32;
    p32 = '0;
    p32[PtrBits-1:0] = p;
    p32 = (p32 == Entries - 1) ? 32'd0 : p32 + 32'd1;
    next_ptr = p32[PtrBits-1:0];
  endfunction

  always_comb begin
    mem_d = mem_q;
    rd_d  = rd_q;
    wr_d  = wr_q;
    cnt_d = cnt_q;
    ovf_d = ovf_q;
    // Constant selects under a compare (Yosys-friendly; no wide shifters).
    for (int e = 0; e < Entries; e++) begin
      if (do_push && (wr_q == e[PtrBits-1:0])) mem_d[e*Width +: Width] = push_data_i;
    end
    if (do_push) wr_d = next_ptr(wr_q);
    if (push_i && !do_push) ovf_d = ovf_q + 64'd1;
    if (do_pop) rd_d = next_ptr(rd_q);
    if (do_push && !do_pop) cnt_d = cnt_q + CntBits'(1);
    if (do_pop && !do_push) cnt_d = cnt_q - CntBits'(1);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q  <= '0;
      wr_q  <= '0;
      cnt_q <= '0;
      ovf_q <= '0;
    end else begin
      rd_q  <= rd_d;
      wr_q  <= wr_d;
      cnt_q <= cnt_d;
      ovf_q <= ovf_d;
    end
  end

  // Record storage: not reset, read only under pop_valid_o.
  always_ff @(posedge clk_i) begin
    mem_q <= mem_d;
  end

  assign pop_valid_o = (cnt_q != '0);
  always_comb begin
    pop_data_o = '0;
    for (int e = 0; e < Entries; e++) begin
      if (rd_q == e[PtrBits-1:0]) pop_data_o = mem_q[e*Width +: Width];
    end
  end
`ifndef SYNTHESIS
  // Simulation only: the occupancy never passes the depth.
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && (cnt_q > CntBits'(Entries)))
      $fatal(1, "scord_race_fifo: %0d records held in %0d entries", cnt_q, Entries);
  end
`endif
  assign overflow_o  = ovf_q;
  assign count_o     = cnt_q;
endmodule
