// scord_race_ring.sv -- the line-rate detector's race store (docs/race_ring.md):
// each race record, already in the ring's 32-byte format (scord_pkg::Ring*, generated from
// SCORD_RING_FIELD_LIST), is written through its own memory write port to a ring in GPU memory
// that the host reads.  The detector keeps only a few records in flight (its staging FIFO and
// this block's 2-entry output queue), not a buffer of every race.
// Workload: races are rare; at most one record per cycle in and one write per cycle out.
//
// The ring (host registers): 2^size_log2_i records at base_i, which is aligned to the ring's
// size in bytes (record n goes to base_i | (n mod size) * 32, no adder).  Record n carries
// seq = n mod 2^32, so a reader can tell it from a stale one.  Records leave in the order they
// were given slots, so the record at the write port is record tail_o: its number and address
// are set there, from the tail counter, rather than carried through the output queue.
//   tail_o  records the memory has accepted: the host may read records head_i .. tail_o - 1;
//   head_i  records the host has read (it only advances, mod 2^32, and never passes tail_o).
// A record that finds the ring full (alloc - head == size, alloc counting records given a
// slot) is dropped and counted in overflow_o; a full ring never stalls the detector, only a
// busy write port does (through rec_ready_o).  The head is registered before it is used, so a
// slot the host frees is seen one cycle later (a record can be dropped one cycle early; the
// count stays exact).
module scord_race_ring #(
  parameter int MaxSizeLog2 = 20,   // the largest ring the host may set (records, log2)
  localparam int RecW  = scord_pkg::RingRecBytes * 8,
  localparam int LogW  = $clog2(MaxSizeLog2 + 1),
  localparam int UsedW = MaxSizeLog2 + 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // A record in ring format (its seq bits are ignored: the ring sets them).
  input  logic            rec_valid_i,
  output logic            rec_ready_o,
  input  logic [RecW-1:0] rec_i,
  // Host registers.
  input  logic [63:0]     base_i,
  input  logic [LogW-1:0] size_log2_i,
  input  logic [31:0]     head_i,
  output logic [31:0]     tail_o,
  output logic [63:0]     overflow_o,
  // Memory write port: one record (32 bytes at a 32-byte aligned byte address).
  output logic            wr_valid_o,
  input  logic            wr_ready_i,
  output logic [63:0]     wr_addr_o,
  output logic [RecW-1:0] wr_data_o,
  output logic            idle_o     // no record waiting for the write port
);
  logic [31:0]          alloc_q, tail_q;
  logic [63:0]          ovf_q;
  logic [UsedW-1:0]     head_q, mask_q, bitk_q, diff, slot;
  logic                 full, push, drop, oq_ready, unused_room2;
  logic [1:0]           unused_peek;
  logic [RecW-1:0]      oq_data;

  // Full without arithmetic: 0 <= alloc - head <= size = 2^k always holds (the host's
  // contract), so alloc - head == size exactly when the two agree below bit k and differ at bit
  // k.  An XOR and two reduction trees from registers; a subtract and a compare here were two
  // ripple chains, 10 ns in synthesis.
  assign diff = alloc_q[UsedW-1:0] ^ head_q;
  assign full = ((diff & mask_q) == '0) && ((diff & bitk_q) != '0);
  assign push = rec_valid_i && !full && oq_ready;
  assign drop = rec_valid_i && full;
  assign rec_ready_o = full || oq_ready;

  // The queue holds the records as given; their seq bits are never read (synthesis drops
  // those flops).
  scord_fifo #(
    .Width(RecW),
    .Depth(2)
  ) u_out_q (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(push),
    .ready_o(oq_ready),
    .room2_o(unused_room2),
    .data_i (rec_i),
    .valid_o(wr_valid_o),
    .ready_i(wr_ready_i),
    .data_o (oq_data),
    .peek_hold_o(unused_peek[0]),
    .peek_pop_o (unused_peek[1])
  );

  // The record at the port is record tail_q: its number, and its slot's address (an AND and
  // an OR from registers and the host's base).
  always_comb begin
    slot      = tail_q[UsedW-1:0] & mask_q;
    wr_addr_o = base_i | (64'(slot) << $clog2(scord_pkg::RingRecBytes));
    wr_data_o = oq_data;
    wr_data_o[scord_pkg::RingSeqLsb +: scord_pkg::RingSeqW] = tail_q;
  end

  assign tail_o     = tail_q;
  assign overflow_o = ovf_q;
  assign idle_o     = !wr_valid_o;

  // Record numbers given, written and dropped: counters whose increment is a select, not a carry
  // chain behind the decision.
  scord_counter #(.Width(32)) u_alloc (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .inc_i (push),
    .q_o   (alloc_q)
  );
  scord_counter #(.Width(32)) u_tail (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .inc_i (wr_valid_o && wr_ready_i),
    .q_o   (tail_q)
  );
  scord_counter #(.Width(64)) u_ovf (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .inc_i (drop),
    .q_o   (ovf_q)
  );
  // Host registers, copied: they come from outside and fan out to the decision.
  always_ff @(posedge clk_i) begin
    head_q <= head_i[UsedW-1:0];
    for (int i = 0; i < UsedW; i++) begin
      mask_q[i] <= 32'(size_log2_i) > i;   // bits below k
      bitk_q[i] <= 32'(size_log2_i) == i;  // bit k
    end
  end

  // The host's contract: a ring that fits, aligned to its size, and a head that never passes
  // the tail (each a programming error the hardware would not see).
  `SCORD_ASSUME(RingSizeFits, !rec_valid_i || 32'(size_log2_i) <= MaxSizeLog2, clk_i, !rst_ni)
  `SCORD_ASSUME(RingBaseAligned, !rec_valid_i ||
                (base_i & ((64'(1) << (32'(size_log2_i) + $clog2(scord_pkg::RingRecBytes))) -
                           64'(1))) == '0, clk_i, !rst_ni)
  `SCORD_ASSUME(RingHeadBehindTail, (tail_q - head_i) <= (32'(1) << size_log2_i), clk_i, !rst_ni)
  // Records given a slot and not yet written are exactly those in the output queue (at most
  // its two entries), so the record at the port is the oldest slot given, record tail_q; the
  // numbers written go up by one from 0; a record is stored or
  // dropped, and each drop is counted.
  `SCORD_ASSERT(RingInFlightIsQueue, 32'(alloc_q - tail_q) ==
                (!wr_valid_o ? 32'd0 : (!oq_ready ? 32'd2 : 32'd1)), clk_i, !rst_ni)
  `SCORD_ASSERT(RingSeqStep, !$past(rst_ni) || tail_q == $past(tail_q) +
                32'($past(wr_valid_o && wr_ready_i)), clk_i, !rst_ni)
  `SCORD_ASSERT(RingSeqIsTail, !wr_valid_o ||
                wr_data_o[scord_pkg::RingSeqLsb +: scord_pkg::RingSeqW] == tail_q, clk_i, !rst_ni)
  `SCORD_ASSERT(RingDropCounted, !$past(rst_ni) ||
                ovf_q == $past(ovf_q) + 64'($past(rec_valid_i && full)), clk_i, !rst_ni)
  `SCORD_ASSERT(RingNoDropWithRoom, !(rec_valid_i && rec_ready_o) || push || full, clk_i, !rst_ni)
endmodule
