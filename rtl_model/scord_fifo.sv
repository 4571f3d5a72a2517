// scord_fifo.sv -- a small first-in first-out queue in flip-flops with valid/ready on both
// sides, for the short queues of the detector (a few entries: request and write-back queues).
// Workload: one push and one pop per cycle at most; data_o is a register read (no path from
// valid_i/data_i to valid_o/data_o); ready_o, room2_o and valid_o are flops (the count's
// next value compared before the edge), so each drives its consumers' logic straight from a
// register.  The FIFO cuts no ready chain by itself but adds none.  Depth >= 1, any value;
// the count is sized to Depth.  HeadReg keeps the oldest word in its own register, so data_o
// comes from a flop rather than through the read pointer's select (Width more flops; the
// select moves in front of that register, where only the pop chooses between two words).
// peek_hold_o and peek_pop_o give the low PeekW bits of the oldest word after this edge,
// without and with a pop: a consumer that gates the pop on the oldest word can then register
// its decision a cycle ahead instead of deciding from data_o in the pop's own cycle.
module scord_fifo #(
  parameter int Width   = 8,
  parameter int Depth   = 2,
  parameter bit HeadReg = 1'b0,
  parameter int PeekW   = 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  output logic             ready_o,
  output logic             room2_o,  // at least two entries free (for a registered pusher)
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  input  logic             ready_i,
  output logic [Width-1:0] data_o,
  output logic [PeekW-1:0] peek_hold_o,
  output logic [PeekW-1:0] peek_pop_o
);
  localparam int PtrBits = scord_pkg::idx_bits(Depth);
  localparam int CntBits = scord_pkg::idx_bits(Depth + 1);

  logic [Width-1:0]   mem_q [Depth];
  logic [PtrBits-1:0] wptr_d, wptr_q, rptr_d, rptr_q;
  logic [CntBits-1:0] cnt_d, cnt_q;
  logic               push, pop;
  logic               ready_d, ready_q, room2_d, room2_q, valid_d, valid_q;

  assign ready_o = ready_q;
  assign room2_o = room2_q;
  assign valid_o = valid_q;
  assign push    = valid_i && ready_o;
  assign pop     = valid_o && ready_i;

  always_comb begin
    wptr_d = wptr_q;
    rptr_d = rptr_q;
    cnt_d  = cnt_q;
    if (push) wptr_d = (32'(wptr_q) == Depth - 1) ? '0 : wptr_q + 1'b1;
    if (pop)  rptr_d = (32'(rptr_q) == Depth - 1) ? '0 : rptr_q + 1'b1;
    if (push && !pop) cnt_d = cnt_q + 1'b1;
    if (pop && !push) cnt_d = cnt_q - 1'b1;
    ready_d = (32'(cnt_d) != Depth);
    room2_d = (32'(cnt_d) + 2 <= Depth);
    valid_d = (cnt_d != '0);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q <= '0;
      rptr_q <= '0;
      cnt_q  <= '0;
      ready_q <= 1'b1;
      room2_q <= (Depth >= 2);
      valid_q <= 1'b0;
    end else begin
      wptr_q <= wptr_d;
      rptr_q <= rptr_d;
      cnt_q  <= cnt_d;
      ready_q <= ready_d;
      room2_q <= room2_d;
      valid_q <= valid_d;
    end
  end

  // Data: no reset (read only while the count says the word is held).
  always_ff @(posedge clk_i) begin
    if (push) mem_q[wptr_q] <= data_i;
  end

  // The oldest word after this edge: the word at the read pointer (or the next one on a pop),
  // or the word pushed now when it lands there (an empty queue, or one word popped now).
  logic [PtrBits-1:0] rnext;
  logic [Width-1:0]   head_hold, head_pop;
  always_comb begin
    rnext     = (32'(rptr_q) == Depth - 1) ? '0 : rptr_q + 1'b1;
    head_hold = (push && wptr_q == rptr_q) ? data_i : mem_q[rptr_q];
    head_pop  = (push && wptr_q == rnext) ? data_i : mem_q[rnext];
  end
  assign peek_hold_o = head_hold[PeekW-1:0];
  assign peek_pop_o  = head_pop[PeekW-1:0];

  if (HeadReg) begin : g_head
    logic [Width-1:0] head_d, head_q;
    assign head_d = pop ? head_pop : head_hold;
    always_ff @(posedge clk_i) begin
      head_q <= head_d;
    end
    assign data_o = head_q;
    // The head register is the oldest word.
    logic [Width-1:0] oldest;  // the word at the read pointer (assertions only)
    logic head_ok /*verilator public_flat_rd*/;
    assign oldest  = mem_q[rptr_q];
    assign head_ok = (head_q == oldest);
    `SCORD_ASSERT(FifoHeadIsOldest, !valid_q || head_ok, clk_i, !rst_ni)
  end else begin : g_nohead
    assign data_o = mem_q[rptr_q];
    logic unused_heads;  // only the peeked bits are read
    assign unused_heads = ^{head_hold, head_pop};
  end
  // The peek is the oldest word after the edge.
  logic [PeekW-1:0] peek_q;
  logic             peek_ok /*verilator public_flat_rd*/;
  always_ff @(posedge clk_i) peek_q <= pop ? peek_pop_o : peek_hold_o;
  assign peek_ok = (peek_q == mem_q[rptr_q][PeekW-1:0]);
  `SCORD_ASSERT(FifoPeekIsNextOldest, !valid_q || peek_ok, clk_i, !rst_ni)
  // The peek's width as a reference to a module that does not exist (scord_detect.sv).
  if (PeekW < 1 || PeekW > Width) begin : g_peek_check
    scord_error_fifo_peek_width_outside_one_to_width u_bad_peek ();
  end

  // The count never passes Depth (push is gated by ready_o; this catches an edit that ungates
  // it), the registered flags agree with it, and a pop finds a word and a push room.
  `SCORD_ASSERT(FifoCountInRange, 32'(cnt_q) <= Depth, clk_i, !rst_ni)
  `SCORD_ASSERT(FifoFlagsMatchCount, ready_q == (32'(cnt_q) != Depth) &&
                room2_q == (32'(cnt_q) + 2 <= Depth) && valid_q == (cnt_q != '0), clk_i, !rst_ni)
  `SCORD_ASSERT(FifoNoUnderflow, !pop || cnt_q != '0, clk_i, !rst_ni)
  `SCORD_ASSERT(FifoNoOverflow, !push || 32'(cnt_q) < Depth || pop, clk_i, !rst_ni)
  `SCORD_ASSERT(FifoPointersInRange, 32'(wptr_q) < Depth && 32'(rptr_q) < Depth, clk_i, !rst_ni)
  `SCORD_ASSERT(FifoPointersMatchCount, 32'(wptr_q) == ((32'(rptr_q) + 32'(cnt_q) >= Depth) ?
                32'(rptr_q) + 32'(cnt_q) - Depth : 32'(rptr_q) + 32'(cnt_q)), clk_i, !rst_ni)
  // The output holds its word until it is taken.
  // Last cycle's wide values and their compares, outside the assertions: Verilator 5.006 emits
  // C++ that does not compile for an assertion reading a value wider than 256 bits.
  // Synthesis drops this logic (only assertions read it).
  logic [Width-1:0] data_o_q;
  logic             out_same /*verilator public_flat_rd*/;
  always_ff @(posedge clk_i) data_o_q <= data_o;
  assign out_same = (data_o == data_o_q);
  `SCORD_ASSERT(FifoOutStable, !$past(rst_ni && valid_o && !ready_i) || (valid_o && out_same),
                clk_i, !rst_ni)
  `SCORD_COVER(FifoFull, !ready_o, clk_i, !rst_ni)
endmodule
