// fv_pick_queue.sv -- formal harness of scord_pick_queue: free pushes, data and eligibility,
// reset in the first cycle.  Besides the queue's own assertions (count, dense entries, flags,
// the oldest eligible entry picked), two marked words prove that the queue loses, duplicates
// and reorders nothing: data bit 0 marks word A and bit 1 word B, each pushed at most once, B
// after A.  While a marked word has been pushed and has not left, exactly one entry holds it,
// and A's entry stays in front of B's; once it has left, no entry holds it.  Proven by
// k-induction (run_formal.sh).
module fv_pick_queue #(
  parameter int Width = 2,
  parameter int Depth = 3
) (
  input  logic             clk_i,
  input  logic             push_i,
  input  logic [Width-1:0] data_i,
  input  logic [Depth-1:0] elig_i
);
  logic rst_ni = 1'b0;
  always @(posedge clk_i) rst_ni <= 1'b1;
  logic                   ready_o, room2_o, pop_o, valid_o;
  logic [Depth-1:0]       ent_valid_o;
  logic [Depth*Width-1:0] ent_o;
  logic [Width-1:0]       data_o;
  scord_pick_queue #(.Width(Width), .Depth(Depth)) u_dut (
    .clk_i, .rst_ni, .push_i, .data_i, .ready_o, .room2_o, .ent_valid_o, .ent_o, .elig_i,
    .pop_o, .data_o, .valid_o
  );

  // Marked words pushed (_in) and gone (_out).
  logic a_in_q, a_out_q, b_in_q, b_out_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      {a_in_q, a_out_q, b_in_q, b_out_q} <= '0;
    end else begin
      if (push_i && data_i[0]) a_in_q <= 1'b1;
      if (push_i && data_i[1]) b_in_q <= 1'b1;
      if (pop_o && data_o[0]) a_out_q <= 1'b1;
      if (pop_o && data_o[1]) b_out_q <= 1'b1;
    end
  end
  // The caller: a push only with room; A once, B once and only after A, never both in one word.
  `SCORD_ASSUME(PushWithRoom, !push_i || ready_o, clk_i, !rst_ni)
  `SCORD_ASSUME(MarkA, !(push_i && data_i[0] && (a_in_q || data_i[1])), clk_i, !rst_ni)
  `SCORD_ASSUME(MarkB, !(push_i && data_i[1] && (b_in_q || !a_in_q)), clk_i, !rst_ni)

  // Entries holding A and B, and whether an entry holding B is in front of one holding A.
  logic [$clog2(Depth+1)-1:0] na, nb;
  logic                       b_before_a;
  always_comb begin
    na = '0;
    nb = '0;
    b_before_a = 1'b0;
    for (int e = 0; e < Depth; e++) begin
      if (ent_valid_o[e] && ent_o[e*Width]) na = na + 1'b1;
      if (ent_valid_o[e] && ent_o[e*Width + 1]) nb = nb + 1'b1;
      for (int f = e + 1; f < Depth; f++)
        if (ent_valid_o[e] && ent_o[e*Width + 1] && ent_valid_o[f] && ent_o[f*Width]) b_before_a = 1'b1;
    end
  end
  // Lemmas on the marks (they make the properties below inductive).
  `SCORD_ASSERT(GoneAfterIn, (!a_out_q || a_in_q) && (!b_out_q || b_in_q), clk_i, !rst_ni)
  `SCORD_ASSERT(BAfterA, !b_in_q || a_in_q, clk_i, !rst_ni)
  `SCORD_ASSERT(HoldsA, na == ((a_in_q && !a_out_q) ? 1 : 0), clk_i, !rst_ni)
  `SCORD_ASSERT(HoldsB, nb == ((b_in_q && !b_out_q) ? 1 : 0), clk_i, !rst_ni)
  `SCORD_ASSERT(AInFrontOfB, !b_before_a, clk_i, !rst_ni)
  `SCORD_ASSERT(LeavesFromEntry, !pop_o || valid_o, clk_i, !rst_ni)
endmodule
