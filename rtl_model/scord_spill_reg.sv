// scord_spill_reg.sv -- a valid/ready pipeline register whose ready_o is a flop: two
// slots (output and spill), so a stall downstream reaches upstream one cycle later without a
// combinational path through this stage, at full throughput.  The primitive every channel
// boundary of the detector uses to cut the ready chain (PULP common_cells' spill register).
module scord_spill_reg #(
  parameter int Width = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  output logic             ready_o,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  input  logic             ready_i,
  output logic [Width-1:0] data_o
);
  logic             a_full_d, a_full_q, b_full_d, b_full_q;
  logic [Width-1:0] a_q, b_q;
  logic             in_fire, a_load;

  assign ready_o = !b_full_q;
  assign valid_o = a_full_q;
  assign data_o  = a_q;
  assign in_fire = valid_i && !b_full_q;
  // The output slot frees (and is refilled) when empty or read.
  assign a_load  = !a_full_q || ready_i;

  always_comb begin
    a_full_d = a_full_q;
    b_full_d = b_full_q;
    if (a_load) begin
      // Refill from the spill slot first (older), else from the input.
      if (b_full_q) begin
        a_full_d = 1'b1;
        b_full_d = 1'b0;
      end else begin
        a_full_d = in_fire;
      end
    end else if (in_fire) begin
      b_full_d = 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_full_q <= 1'b0;
      b_full_q <= 1'b0;
    end else begin
      a_full_q <= a_full_d;
      b_full_q <= b_full_d;
    end
  end

  // Payload: no reset (read only under the full bits), written through enables rather than a
  // _d copy: the same flops and muxes, but a simulator evaluates the Width-bit selects once
  // per edge instead of every time an input changes (each SM tracker has one of
  // these on its 240-bit event channel).  The spill slot takes the input whenever it is free
  // (its data are used only under b_full_q), so its Width enables come from a flop, not from
  // ready_i.
  always_ff @(posedge clk_i) begin
    if (a_load) a_q <= b_full_q ? b_q : data_i;
    if (!b_full_q) b_q <= data_i;
  end

  // The spill slot fills only behind a full output slot; every word taken goes to the output
  // slot (both empty, or the output taken) or to the spill slot (output held), and the spill
  // slot's word is the next one out: none is lost, duplicated or reordered.
  `SCORD_ASSERT(SpillBehindFull, !b_full_q || a_full_q, clk_i, !rst_ni)
  // Last cycle's words and their compares, outside the assertions: Verilator 5.006 emits C++
  // that does not compile for an assertion reading a value wider than 256 bits.  Synthesis
  // drops this logic (only assertions read it).
  logic [Width-1:0] in_q, out_q, spill_q;
  logic out_was_out /*verilator public_flat_rd*/, out_was_in /*verilator public_flat_rd*/;
  logic spill_was_in /*verilator public_flat_rd*/, out_was_spill /*verilator public_flat_rd*/;
  logic spill_was_spill /*verilator public_flat_rd*/;
  always_ff @(posedge clk_i) begin
    in_q    <= data_i;
    out_q   <= data_o;
    spill_q <= b_q;
  end
  assign out_was_out     = (data_o == out_q);
  assign out_was_in      = (data_o == in_q);
  assign spill_was_in    = (b_q == in_q);
  assign out_was_spill   = (data_o == spill_q);
  assign spill_was_spill = (b_q == spill_q);
  `SCORD_ASSERT(SpillOutStable, !$past(rst_ni && valid_o && !ready_i) ||
                (valid_o && out_was_out), clk_i, !rst_ni)
  `SCORD_ASSERT(SpillInToOut, !$past(rst_ni && valid_i && ready_o && (!valid_o || ready_i)) ||
                (valid_o && out_was_in), clk_i, !rst_ni)
  `SCORD_ASSERT(SpillInToSpill, !$past(rst_ni && valid_i && ready_o && valid_o && !ready_i) ||
                (b_full_q && spill_was_in), clk_i, !rst_ni)
  `SCORD_ASSERT(SpillToOut, !$past(rst_ni && b_full_q && ready_i) ||
                (valid_o && out_was_spill), clk_i, !rst_ni)
  `SCORD_ASSERT(SpillHeld, !$past(rst_ni && b_full_q && !ready_i) ||
                (b_full_q && spill_was_spill), clk_i, !rst_ni)
  `SCORD_COVER(SpillUsed, b_full_q, clk_i, !rst_ni)
endmodule
