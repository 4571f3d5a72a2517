// scord_pick_queue.sv -- an out-of-order pick queue: entries kept oldest first, a push at the
// tail, and each cycle the oldest entry the caller calls eligible leaves (the entries behind
// it move up one).  The caller sees every entry and decides eligibility from its own state
// (a bank's port free, say), so one entry that cannot leave does not hold up the others; two
// entries leave in push order whenever the caller makes the younger one wait for the older.
// ready_o and room2_o are flops (room for one and for two pushes).  The line accessor's
// buffer-write queue (docs/rtl.md "Line accessor"); proven by rtl_model/formal/fv_pick_queue.sv.
module scord_pick_queue #(
  parameter int Width = 8,
  parameter int Depth = 4   // at least 2
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   push_i,   // only with ready_o
  input  logic [Width-1:0]       data_i,
  output logic                   ready_o,  // fewer than Depth entries
  output logic                   room2_o,  // room for two more
  output logic [Depth-1:0]       ent_valid_o,       // entries 0 .. count-1 (0 the oldest)
  output logic [Depth*Width-1:0] ent_o,             // entry e at [e*Width +: Width]
  input  logic [Depth-1:0]       elig_i,   // entry e may leave now (read under ent_valid_o)
  output logic                   pop_o,    // the oldest eligible entry leaves this cycle
  output logic [Width-1:0]       data_o,   // ... and this is it
  output logic                   valid_o   // any entry
);
  localparam int CntBits = scord_pkg::idx_bits(Depth + 1);
  localparam int EntBits = scord_pkg::idx_bits(Depth);

  if (Depth < 2) begin : g_depth_check
    scord_error_pick_queue_depth_below_2 u_bad_depth ();
  end

  logic [Depth-1:0]   qv_q, elig;
  logic [Width-1:0]   qd_q [Depth];
  logic [Width-1:0]   qd_d [Depth];
  logic [CntBits-1:0] qn_q, qn_d, push_at, pick;
  logic               ready_q, room2_q;

  always_comb begin
    elig = elig_i & qv_q;
    pick = '0;
    for (int e = Depth - 1; e >= 0; e--) if (elig[e]) pick = CntBits'(e);
  end
  assign pop_o   = |elig;
  assign valid_o = |qv_q;
  assign data_o  = qd_q[pick[EntBits-1:0]];
  assign push_at = qn_q - CntBits'(pop_o);
  assign qn_d    = push_at + CntBits'(push_i);
  always_comb begin
    for (int e = 0; e < Depth; e++) begin
      qd_d[e] = qd_q[e];
      if (pop_o && CntBits'(e) >= pick && e + 1 < Depth) qd_d[e] = qd_q[e + 1];
      if (push_i && CntBits'(e) == push_at) qd_d[e] = data_i;
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      qn_q    <= '0;
      qv_q    <= '0;
      ready_q <= 1'b1;
      room2_q <= 1'b1;
    end else begin
      qn_q    <= qn_d;
      for (int e = 0; e < Depth; e++) qv_q[e] <= (CntBits'(e) < qn_d);
      ready_q <= (32'(qn_d) < Depth);
      room2_q <= (32'(qn_d) + 2 <= Depth);
    end
  end
  // Payload: no reset (read only under qv_q).
  always_ff @(posedge clk_i) for (int e = 0; e < Depth; e++) qd_q[e] <= qd_d[e];
  assign ready_o     = ready_q;
  assign room2_o     = room2_q;
  assign ent_valid_o = qv_q;
  always_comb for (int e = 0; e < Depth; e++) ent_o[e*Width +: Width] = qd_q[e];

  // The entries are the first qn_q, a push finds room, the flags follow the count, and the
  // entry that leaves is the oldest eligible one.
  `SCORD_ASSERT(PqCountInRange, 32'(qn_q) <= Depth, clk_i, !rst_ni)
  `SCORD_ASSERT(PqNoOverflow, !push_i || ready_o, clk_i, !rst_ni)
  `SCORD_ASSERT(PqFlagsMatchCount, ready_q == (32'(qn_q) < Depth) &&
                room2_q == (32'(qn_q) + 2 <= Depth), clk_i, !rst_ni)
  `SCORD_ASSERT(PqPickOldest, !pop_o || (elig[pick[EntBits-1:0]] &&
                (elig & ((Depth'(1) << pick[EntBits-1:0]) - Depth'(1))) == '0), clk_i, !rst_ni)
  for (genvar e = 0; e < Depth; e++) begin : g_chk
    `SCORD_ASSERT(PqDense, qv_q[e] == (CntBits'(e) < qn_q), clk_i, !rst_ni)
  end
  `SCORD_COVER(PqFull, !ready_q, clk_i, !rst_ni)
  `SCORD_COVER(PqPickNotOldest, pop_o && pick != '0, clk_i, !rst_ni)
endmodule
