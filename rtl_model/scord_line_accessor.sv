// scord_line_accessor.sv -- one slice's metadata line accessor for the line-rate detector
// (docs/rtl.md "Line accessor"): it takes the slice's beats in arrival order, fetches each
// beat's 128-B metadata line through a tagged memory port that may answer out of order, hands
// the beats to the checking stages in arrival order with their line, takes each checked line
// back, and writes it to memory (masked by the entries the beat wrote).
// Workload: one beat in, one beat out to the check and one checked line back per cycle, with
// MaxOutstanding beats in flight (256: the default GPU's metadata latency behind the in-order
// hand-off, docs/rtl.md "Line-rate detector").  The per-beat data sit in two banked memories
// (scord_sram_banked: the line buffer, MaxOutstanding x 1024 bits, and the beat info), BufBanks
// banks of macros whose read takes BufReadCycles cycles and whose ports take one access per
// BufMinCycles cycles; the flops hold pointers, one ready and one follower record per slot, the
// predecessor table's valid bits and, per bank, the state of the read it holds.
//
// Reads.  Beats are handed to the check in slot order, so the buffers are read in slot order:
// slot s sits in bank s % BufBanks, and the BufBanks slots after the next one to hand over
// are read ahead, one bank each (the bank's output holds its slot's data until it is handed
// over; no output queue).  The info is read as soon as the beat's info write has settled
// (BufMinCycles), the line once it is in the buffer and settled.  A slot whose line has not
// arrived when it is the next to read is skipped: it reserves one of BypDepth bypass entries,
// its line (a memory answer or a checked line forwarded to its follower) is caught there on
// arrival, and the reads behind it go on.  So only lines that arrive early pay the banks'
// latency.  Lines go into the buffer through a small write queue from which the oldest entry
// whose bank's write port is free leaves (caught lines leave it without a write).
//
// Same-line beats.  A beat whose line has an older beat in flight (allocated, not yet checked
// back) does not read memory: it is that beat's follower and receives its checked line when
// it comes back (forwarding, not a re-read).  The older beat in flight is found without a
// match over every slot: the predecessor table, PredSets sets of PredWays ways indexed by the
// line's low bits, holds in one way per in-flight line its youngest in-flight beat (line and
// slot), with a valid bit that is cleared when that beat comes back with no follower.  A beat
// of a new line whose set has every way live waits until one is back (counted in coll_stall).
// Invariant: a way's valid bit is set iff it names the youngest in-flight beat of its line,
// and every in-flight line has exactly one such way in its set.
//
// Memory order.  Reads and write-backs go on two channels, each applied in the order it
// accepts requests; a read and a write-back accepted in one cycle may be applied in either
// order.  A line is read only when no beat of it is in flight, and a read waits until every
// write-back queued before it has been accepted in an earlier cycle (a count, not a match: at
// line rate the wait is the write queue's depth, not a stall), so it sees the last write-back
// of its line.  Read data may come back in any order.
module scord_line_accessor #(
  parameter int MaxOutstanding = scord_pkg::MaxOutstanding,  // beats in flight, a power of two
  parameter int PredSets       = scord_pkg::PredSets,  // predecessor-table sets, power of two
  parameter int PredWays       = scord_pkg::PredWays,
  parameter int LineIdxBits    = 26,   // metadata line index within the slice
  parameter int Entries        = 16,   // 8-B entries per line
  parameter int InfoBits       = 16,   // the beat's payload for the check, carried opaquely
  parameter int WrFifoDepth    = 2,
  parameter int RdFifoDepth    = 4,  // a read waits two cycles behind earlier write-backs
  parameter int BufImpl        = scord_pkg::BufImpl,
  parameter int BufBanks       = scord_pkg::BufBanks,        // see scord_sram_banked
  parameter int BufReadCycles  = scord_pkg::BufReadCycles,
  parameter int BufMinCycles   = scord_pkg::BufMinCycles,
  parameter int WbDepth        = 4,    // the buffer's write queue
  // Bypass entries: skipped slots waiting for their line.  Reads run up to BufBanks slots
  // ahead, so at most BufBanks slots are skipped at once; half of that keeps most of the gain
  // (docs/rtl.md: 4 entries of 8 banks, default workload 8.37 lanes/cycle against 8.31 with
  // 2 and 8.38 with 8) and lets the small variants (4 banks) run out of entries.
  parameter int BypDepth       = (BufBanks >= 4) ? BufBanks / 2 : 2,
  parameter int PredImpl       = scord_pkg::PredImpl,
  localparam int SlotBits = scord_pkg::idx_bits(MaxOutstanding),
  localparam int DataBits = Entries * 64
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // Beats in arrival order.  nomem: an item with no line (broadcast, outside the window):
  // it keeps its place in the order and reads nothing.
  input  logic                   beat_valid_i,
  output logic                   beat_ready_o,
  input  logic [LineIdxBits-1:0] beat_line_i,
  input  logic                   beat_nomem_i,
  input  logic [InfoBits-1:0]    beat_info_i,
  // To the checking stages, in arrival order, with the line as it is after every older beat.
  output logic                   chk_valid_o,
  input  logic                   chk_ready_i,
  output logic [SlotBits-1:0]    chk_slot_o,
  output logic [LineIdxBits-1:0] chk_line_o,
  output logic                   chk_nomem_o,
  output logic [InfoBits-1:0]    chk_info_o,
  output logic [DataBits-1:0]    chk_data_o,
  // Checked lines back, in the same order (done_slot_i is checked, not used).
  input  logic                   done_valid_i,
  output logic                   done_ready_o,
  input  logic [SlotBits-1:0]    done_slot_i,
  input  logic [LineIdxBits-1:0] done_line_i,
  input  logic                   done_nomem_i,
  input  logic [Entries-1:0]     done_wmask_i,
  input  logic [DataBits-1:0]    done_data_i,
  // Memory: reads tagged with the slot, masked line writes, ...
  output logic                   mem_rd_valid_o,
  input  logic                   mem_rd_ready_i,
  output logic [LineIdxBits-1:0] mem_rd_line_o,
  output logic [SlotBits-1:0]    mem_rd_tag_o,
  output logic                   mem_wr_valid_o,
  input  logic                   mem_wr_ready_i,
  output logic [LineIdxBits-1:0] mem_wr_line_o,
  output logic [Entries-1:0]     mem_wr_mask_o,
  output logic [DataBits-1:0]    mem_wr_data_o,
  // ... and read data in any order.
  input  logic                   mem_rsp_valid_i,
  output logic                   mem_rsp_ready_o,
  input  logic [SlotBits-1:0]    mem_rsp_tag_i,
  input  logic [DataBits-1:0]    mem_rsp_data_i,
  // Nothing held: the kernel clear may start.  coll_stall: a cycle a beat waited for a
  // predecessor-table index held by another line.
  output logic                   idle_o,
  output logic                   coll_stall_o
);
  localparam int SetBits  = scord_pkg::idx_bits(PredSets);
  localparam int WayBits  = scord_pkg::idx_bits(PredWays);
  localparam int PtrBits  = SlotBits + 1;          // slot index and a wrap bit
  localparam int TagW     = LineIdxBits - SetBits;  // a way stores the line above its set bits
  localparam int WayW     = TagW + SlotBits;
  localparam int PredW    = PredWays * WayW;
  // Write-back counts, compared as a signed difference: a queued read is at most
  // WrFifoDepth + 1 write-backs ahead of those sent, and at most MaxOutstanding - 1 behind
  // (only older beats come back while it waits, and it may wait behind back-pressured reads).
  localparam int WcBits   = scord_pkg::idx_bits(MaxOutstanding + WrFifoDepth + 1) + 1;
  localparam int InfoW    = 1 + LineIdxBits + InfoBits;
  localparam int BeatW    = 1 + LineIdxBits;   // what the allocation needs; the info waits aside
  localparam int WrW      = LineIdxBits + Entries + DataBits;
  localparam int RdW      = LineIdxBits + SlotBits + WcBits;
  localparam int BankBits = scord_pkg::idx_bits(BufBanks);
  // Banked macros take their read enable and address from flops inside the wrapper (InReg):
  // the read-ahead decision is logic, and the macro's 1.56 ns input setup leaves too little of
  // the cycle for it.  A read is then out ReadCycles + 1 cycles after its decision.
  localparam bit BufInReg = (BufReadCycles > 1);
  localparam int RdLat    = BufReadCycles + (BufInReg ? 1 : 0);
  localparam int RcBits   = scord_pkg::idx_bits(RdLat);
  localparam int WbW      = SlotBits + 1 + DataBits;   // slot, sets ready, line
  localparam int EntBits  = scord_pkg::idx_bits(BypDepth);

  // Parameter checks as a reference to a module that does not exist (scord_detect.sv: the
  // static assertion Verilator, Yosys and Icarus all stop on).
  if ((MaxOutstanding & (MaxOutstanding - 1)) != 0 || MaxOutstanding < 2) begin : g_mo_check
    scord_error_line_accessor_max_outstanding_not_a_power_of_two u_bad_mo ();
  end
  if (BufBanks > MaxOutstanding / 2 || WbDepth < 2) begin : g_bank_check
    scord_error_line_accessor_buf_banks_above_half_the_slots_or_wb_depth_below_two u_bad_bk ();
  end
  if ((PredSets & (PredSets - 1)) != 0 || PredSets < 2 || SetBits >= LineIdxBits ||
      PredWays < 1) begin : g_pred_check
    scord_error_line_accessor_pred_sets_not_a_power_of_two u_bad_pred ();
  end

  // ---- Ingress: a spill register cuts the ready chain ----
  // Only the line goes through the allocation stages A and B; the beat's info waits in a FIFO
  // beside them and is written to the info memory when the beat is allocated.  The decision's
  // advance then loads 45 flops, not 600 (its buffer tree was 1.1 ns in OSU 0.18 um).
  logic                   in_valid, in_ready, beat_take;
  logic [BeatW-1:0]       in_data;
  scord_spill_reg #(.Width(BeatW)) u_in (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(beat_valid_i),
    .ready_o(beat_ready_o),
    .data_i ({beat_nomem_i, beat_line_i}),
    .valid_o(in_valid),
    .ready_i(in_ready),
    .data_o (in_data)
  );
  // Its depth is what the spill register, A and B hold together, so it is never full when the
  // spill register takes a beat (checked below).
  logic                   iq_ready, iq_valid, unused_iq_room2;
  logic [1:0]             unused_iq_peek;
  logic [InfoBits-1:0]    b_info;
  assign beat_take = beat_valid_i && beat_ready_o;
  scord_fifo #(.Width(InfoBits), .Depth(4)) u_iq (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(beat_take),
    .ready_o(iq_ready),
    .room2_o(unused_iq_room2),
    .data_i (beat_info_i),
    .valid_o(iq_valid),
    .ready_i(b_alloc),
    .data_o (b_info),
    .peek_hold_o(unused_iq_peek[0]),
    .peek_pop_o (unused_iq_peek[1])
  );

  // ---- State ----
  logic [PtrBits-1:0]        alloc_ptr_d, alloc_ptr_q, iss_ptr_d, iss_ptr_q, done_ptr_d, done_ptr_q;
  logic [MaxOutstanding-1:0] ready_d, ready_q;        // the slot's line is in the buffer
  logic [MaxOutstanding-1:0] succ_v_d, succ_v_q;      // the slot has a same-line follower
  logic [MaxOutstanding*SlotBits-1:0] succ_d, succ_q;  // the follower's slot, per slot
  // A follower record is written one edge after its allocation (the decision then drives
  // three registers, not 128 slots' write enables); a return in between reads it from here.
  logic                      fl_valid_d, fl_valid_q;
  logic [SlotBits-1:0]       fl_ent_d, fl_ent_q, fl_slot_d, fl_slot_q;
  logic [PredSets*PredWays-1:0] pred_v_d, pred_v_q;
  logic [MaxOutstanding*WayBits-1:0] sway_d, sway_q;   // the way holding the slot's line
  // The oldest slot's follower bit and way, kept in registers (invariant: dsv_q ==
  // succ_v_q[done slot], dway_q == sway_q[done slot]) so that a line coming back clears its
  // predecessor-table way without a MaxOutstanding-way select in front of the table's decode.
  logic [PtrBits-1:0]        done_nxt_d, done_nxt_q;   // done_ptr_q + 1
  logic                      dsv_d, dsv_q;
  logic [WayBits-1:0]        dway_d, dway_q;
  logic [WcBits-1:0]         wpush_d, wpush_q, wsent_d, wsent_q;  // write-backs queued / sent
  // Allocation, two stages.  A: the beat whose predecessor-table word is being read, and its
  // tag compares.  B: the beat being decided (follow, read, or wait) and allocated.
  logic                      a_valid_d, a_valid_q, a_nomem_d, a_nomem_q;
  logic [LineIdxBits-1:0]    a_line_d, a_line_q;
  logic                      b_valid_d, b_valid_q, b_nomem_d, b_nomem_q;
  logic [LineIdxBits-1:0]    b_line_d, b_line_q;
  logic [PredW-1:0]          b_word_d, b_word_q;   // the set's word as A read it ...
  logic [PredWays-1:0]       b_eq_d, b_eq_q;       // ... and which ways hold this line
  // The predecessor-table write of the last edge (B's allocation): forwarded to A's read
  // registered at that edge, and applied to B's registered word (which A read before it).
  // The table write is committed from this register at the next edge (the decision drives
  // 112 flops, not the table's decoded write enables, and the valid bit is set from it too);
  // lw2 is the write committed at the last edge, which a macro read registered at that edge
  // does not see.
  logic                      lw_valid_d, lw_valid_q, lw2_valid_d, lw2_valid_q;
  logic [SetBits-1:0]        lw_set_d, lw_set_q, lw2_set_d, lw2_set_q;
  logic [PredW-1:0]          lw_word_d, lw_word_q, lw2_word_d, lw2_word_q;
  logic [WayBits-1:0]        lw_way_d, lw_way_q;
  // The set's valid bits, read in A like the word. A retirement's clear is applied as they are
  // registered; the allocation's set of that edge is applied in B from lw.
  logic [PredWays-1:0]       b_v_d, b_v_q;
  // Compares made as the beat moves from A into B, against the beat then in B (which allocates
  // at that edge when lw_valid_q follows): same set, and same line. B then only selects.
  logic                      b_hit_d, b_hit_q, b_leq_d, b_leq_q;
  // The decision's two facts, "a live way holds this line" and "a way is free", registered at
  // the edge that loads B: as B holds them, and for each way the last edge's allocation may
  // have set (lw, when it hits B's set).  The decision then selects them from flops.
  logic                      b_same_d, b_same_q, b_free_d, b_free_q;
  logic [PredWays-1:0]       b_same_lw_d, b_same_lw_q, b_free_lw_d, b_free_lw_q;
  // A checked line on its way into its follower's buffer slot (the buffer's write port is
  // then not free for a memory response).
  logic                      fw_valid_d, fw_valid_q;
  logic [SlotBits-1:0]       fw_slot_d, fw_slot_q;
  logic [DataBits-1:0]       fw_data_d, fw_data_q;
  // Reads ahead, in slot order: iss is the next slot to hand to the check, irp the next whose
  // info is read, drp the next whose line is read (iss <= drp <= irp <= iss + BufBanks).  Per
  // bank: its slot's info read (iv, icnt cycles to go) and line read (dv, dcnt; dbyp: the line
  // is caught in bypass entry dent), and ok when both are out.  cv: the next slot's bank is ok.
  logic [PtrBits-1:0]        irp_d, irp_q, drp_d, drp_q, sap;
  logic [BufBanks-1:0]       iv_d, iv_q, dv_d, dv_q, dbyp_d, dbyp_q, ok_d;
  logic [RcBits-1:0]         icnt_d [BufBanks];
  logic [RcBits-1:0]         icnt_q [BufBanks];
  logic [RcBits-1:0]         dcnt_d [BufBanks];
  logic [RcBits-1:0]         dcnt_q [BufBanks];
  logic                      cv_d, cv_q;
  logic                      rdy_d, rdy_q;   // ready_q[drp_q], from a register
  logic [MaxOutstanding-1:0] arr_d, arr_q;   // the slot's line has arrived (queued or later)
  logic                      arrd_d, arrd_q; // arr_q[drp_q], from a register
  // Bypass entries: reserved for a skipped slot (bv, bs), filled when its line arrives (bf, bd).
  logic [BypDepth-1:0]       bv_d, bv_q, bf_d, bf_q;
  logic [SlotBits-1:0]       bs_d [BypDepth];
  logic [SlotBits-1:0]       bs_q [BypDepth];
  logic [DataBits-1:0]       bd_d [BypDepth];
  logic [DataBits-1:0]       bd_q [BypDepth];
  logic [EntBits-1:0]        dent_d [BufBanks];
  logic [EntBits-1:0]        dent_q [BufBanks];
  // The buffer's write, registered after the queue's pop (the macro pins then start at flops).
  logic                      w_valid_q;  // only marked lines are written
  logic [SlotBits-1:0]       w_slot_q;
  logic [DataBits-1:0]       w_data_q;

  // ---- Memories ----
  logic [SetBits-1:0]        pt_raddr, pt_waddr;
  logic [PredW-1:0]          pt_rdata, pt_wdata;
  logic                      pt_we;
  scord_sram_1r1w #(.Depth(PredSets), .Width(PredW), .Impl(PredImpl)) u_pred (
    .clk_i  (clk_i),
    .re_i   (1'b1),
    .raddr_i(pt_raddr),
    .rdata_o(pt_rdata),
    .we_i   (pt_we),
    .waddr_i(pt_waddr),
    .wdata_i(pt_wdata)
  );
  logic [SlotBits-1:0]       buf_waddr;
  logic [DataBits-1:0]       buf_wdata, buf_rdata;
  logic                      buf_we, ird, drd, skip, take, in_v, free_any;
  logic [SlotBits-1:0]       in_slot;
  logic [DataBits-1:0]       in_line;
  logic [EntBits-1:0]        fe;
  logic [BypDepth-1:0]       fill;
  logic                      wb_push, wb_ready, wb_room2, wb_valid, wb_pop;
  logic [WbW-1:0]            wb_data;
  // The beat info's write, registered after the allocation (the macro pins start at flops).
  logic                      iw_valid_q;
  logic [SlotBits-1:0]       iw_slot_q;
  logic [InfoW-1:0]          iw_data_q;
  logic [BankBits-1:0]       iss_bank, irp_bank, drp_bank;
  logic [BufBanks-1:0]       buf_wfree, unused_info_wfree;
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [BankBits-1:0] slot_bank(input logic [PtrBits-1:0] p);
    slot_bank = (BufBanks > 1) ? BankBits'(p) : '0;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  assign iss_bank = slot_bank(iss_ptr_q);
  assign irp_bank = slot_bank(irp_q);
  assign drp_bank = slot_bank(drp_q);
  scord_sram_banked #(
    .Depth     (MaxOutstanding),
    .Width     (DataBits),
    .Banks     (BufBanks),
    .ReadCycles(BufReadCycles),
    .MinCycles (BufMinCycles),
    .Impl      (BufImpl),
    .InReg     (BufInReg)
  ) u_buf (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .re_i   (drd),
    .raddr_i(drp_q[SlotBits-1:0]),
    .rbank_i(iss_bank),
    .rdata_o(buf_rdata),
    .we_i   (buf_we),
    .waddr_i(buf_waddr),
    .wdata_i(buf_wdata),
    .wfree_o(buf_wfree)
  );
  logic [InfoW-1:0]          info_rdata, info_wdata;
  logic                      info_we;
  scord_sram_banked #(
    .Depth     (MaxOutstanding),
    .Width     (InfoW),
    .Banks     (BufBanks),
    .ReadCycles(BufReadCycles),
    .MinCycles (BufMinCycles),
    .Impl      (BufImpl),
    .InReg     (BufInReg)
  ) u_info (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .re_i   (ird),
    .raddr_i(irp_q[SlotBits-1:0]),
    .rbank_i(iss_bank),
    .rdata_o(info_rdata),
    .we_i   (iw_valid_q),
    .waddr_i(iw_slot_q),
    .wdata_i(iw_data_q),
    .wfree_o(unused_info_wfree)   // written in slot order, one bank per cycle
  );
  assign {chk_nomem_o, chk_line_o, chk_info_o} = info_rdata;
  assign chk_data_o  = dbyp_q[iss_bank] ? bd_q[dent_q[iss_bank]] : buf_rdata;
  assign chk_valid_o = cv_q;
  assign chk_slot_o  = iss_ptr_q[SlotBits-1:0];
  assign take        = cv_q && chk_ready_i;

  // ---- Queues to the memory port ----
  logic            wq_push, wq_ready, wq_valid, wq_pop, unused_wq_room2;
  logic [1:0]      unused_wq_peek;
  logic [WrW-1:0]  wq_data;
  logic            rq_push, rq_ready, rq_room2, rq_valid, rq_pop, rq_take;
  logic [RdW-1:0]  rq_data;
  // A read is pushed into its queue one edge after the allocation, from a register whose data
  // are loaded every cycle: the decision drives one flop, not the queue's entry enables. An
  // allocation then needs room for itself and a push still in that register.
  logic            rp_valid_d, rp_valid_q;
  logic [RdW-1:0]  rp_data_d, rp_data_q;
  assign rq_take = rp_valid_q ? rq_room2 : rq_ready;
  scord_fifo #(.Width(WrW), .Depth(WrFifoDepth)) u_wq (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(wq_push),
    .ready_o(wq_ready),
    .room2_o(unused_wq_room2),
    .data_i ({done_line_i, done_wmask_i, done_data_i}),
    .valid_o(wq_valid),
    .ready_i(wq_pop),
    .data_o (wq_data),
    .peek_hold_o(unused_wq_peek[0]),
    .peek_pop_o (unused_wq_peek[1])
  );
  // The head from a register: the read port's line and tag leave from flops.
  logic [WcBits-1:0] rq_next_hold, rq_next_pop;
  scord_fifo #(.Width(RdW), .Depth(RdFifoDepth), .HeadReg(1'b1), .PeekW(WcBits)) u_rq (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(rp_valid_q),
    .ready_o(rq_ready),
    .room2_o(rq_room2),
    .data_i (rp_data_q),
    .valid_o(rq_valid),
    .ready_i(rq_pop),
    .data_o (rq_data),
    .peek_hold_o(rq_next_hold),
    .peek_pop_o (rq_next_pop)
  );
  // Two channels; a read waits until every write-back queued before it was accepted in an
  // earlier cycle (rq's count against wsent_q, see "Memory order" above): its count minus
  // wsent_q is zero or negative.  That test is registered (rgo_q): made a cycle ahead for each
  // word the head can hold after this edge (popped or not) against wsent_q after this edge
  // (a write sent or not; -w-1 = ~w), so the pop and the queue's update start from flops.
  logic [WcBits-1:0] rq_wait, dh0, dh1, dp0, dp1, dn;
  logic              rgo_d, rgo_q;
  assign rq_wait = rq_data[WcBits-1:0] - wsent_q;
  assign dh0     = rq_next_hold - wsent_q;
  assign dh1     = rq_next_hold + ~wsent_q;
  assign dp0     = rq_next_pop - wsent_q;
  assign dp1     = rq_next_pop + ~wsent_q;
  always_comb begin
    case ({rq_pop, wq_pop})
      2'b00:   dn = dh0;
      2'b01:   dn = dh1;
      2'b10:   dn = dp0;
      default: dn = dp1;
    endcase
    rgo_d = (dn == '0) || dn[WcBits-1];
  end
  assign mem_wr_valid_o = wq_valid;
  assign wq_pop         = wq_valid && mem_wr_ready_i;
  assign {mem_wr_line_o, mem_wr_mask_o, mem_wr_data_o} = wq_data;
  assign mem_rd_valid_o = rq_valid && rgo_q;
  `SCORD_ASSERT(LaReadGoRegistered, !rq_valid || rgo_q == (rq_wait == '0 || rq_wait[WcBits-1]),
                clk_i, !rst_ni)
  assign rq_pop         = mem_rd_valid_o && mem_rd_ready_i;
  assign mem_rd_line_o  = rq_data[RdW-1 -: LineIdxBits];
  assign mem_rd_tag_o   = rq_data[WcBits +: SlotBits];

  // ---- Allocation ----
  logic [SetBits-1:0]     a_set, b_set;
  logic [TagW-1:0]        a_tag, b_tag;
  logic [PredW-1:0]       a_word, word, word_new;
  logic [PredWays-1:0]    eq;
  logic [SlotBits-1:0]    ent_slot, b_slot, done_slot, done_succ;
  logic [WayBits-1:0]     b_way, m_way, f_way;
  logic [PredWays-1:0]    live, match;
  logic                   b_same, b_free, b_coll, ring_full, b_alloc, a_adv, lw_hit_b;
  logic [PredWays-1:0]    a_v, v_b, clr_a, clr_b;
  logic [SetBits-1:0]     done_set;
  logic [WayBits-1:0]     done_way;
  logic                   done_fire, done_succ_v, done_mem, done_clear, follow_now;
  logic [PtrBits-1:0]     in_flight;
  logic                   full_d, full_q;   // every slot in flight (in_flight == MaxOutstanding)

  assign a_set     = a_line_q[SetBits-1:0];
  assign a_tag     = a_line_q[LineIdxBits-1:SetBits];
  assign b_set     = b_line_q[SetBits-1:0];
  assign b_tag     = b_line_q[LineIdxBits-1:SetBits];
  assign b_slot    = alloc_ptr_q[SlotBits-1:0];
  assign done_slot = done_ptr_q[SlotBits-1:0];
  assign in_flight = alloc_ptr_q - done_ptr_q;
  // Full from a register: the allocation decision (and through it in_ready) then does not wait
  // for the pointer subtract, which instead runs beside the decision into full_d.
  assign ring_full = full_q;
  always_comb begin
    full_d = full_q;
    if (b_alloc && !done_fire) full_d = (in_flight == PtrBits'(MaxOutstanding - 1));
    else if (done_fire && !b_alloc) full_d = 1'b0;
  end
  assign done_ready_o = wq_ready && wb_room2;
  assign done_fire    = done_valid_i && done_ready_o;
  assign done_mem     = done_fire && !done_nomem_i;
  assign wq_push      = done_mem && (done_wmask_i != '0);
  logic fl_hit;
  assign fl_hit       = fl_valid_q && fl_ent_q == done_slot;
  assign done_succ_v  = dsv_q || fl_hit;
  assign done_succ    = fl_hit ? fl_slot_q : succ_q[32'(done_slot)*SlotBits +: SlotBits];
  assign done_clear   = done_mem && !done_succ_v;  // a return with no follower frees its way

  // A: the word as read (the table's read address was registered as the beat entered A, and
  // is held while it waits), with the write of the last edge forwarded for a macro, which
  // returns the old word on a same-edge write; then the tag compares, registered into B.
  always_comb begin
    a_word = pt_rdata;
    if (lw2_valid_q && lw2_set_q == a_set) a_word = lw2_word_q;
    if (lw_valid_q && lw_set_q == a_set) a_word = lw_word_q;  // the newer write's word holds both
  end
  // The valid bits as of this edge: the last edge's allocation is set from lw at the next.
  always_comb begin
    a_v = pred_v_q[32'(a_set) * PredWays +: PredWays];
    if (lw_valid_q && lw_set_q == a_set) a_v[lw_way_q] = 1'b1;
  end
  // B: the registered word, unless the last edge wrote this set after A read it.
  // lw's word is A's word with the allocated way replaced, so only that way's compare changes.
  assign lw_hit_b = lw_valid_q && b_hit_q;
  always_comb begin
    v_b = b_v_q;
    if (lw_hit_b) v_b[lw_way_q] = 1'b1;
  end
  assign done_set = done_line_i[SetBits-1:0];
  assign done_way = dway_q;
  assign word     = lw_hit_b ? lw_word_q : b_word_q;
  always_comb begin
    for (int w = 0; w < PredWays; w++)
      eq[w] = (lw_hit_b && lw_way_q == WayBits'(w)) ? b_leq_q : b_eq_q[w];
  end
  // This edge's retirement clear, as it applies to the valid bits registered into B (at one
  // edge an allocation's set of the same way wins, as in pred_v: lw sets it again in B).
  always_comb begin
    clr_a = '0;
    clr_b = '0;
    if (done_clear) begin
      if (done_set == a_set) clr_a[done_way] = 1'b1;
      if (done_set == b_set) clr_b[done_way] = 1'b1;
    end
  end

  // A way is live if its valid bit is set, even when its beat comes back in this very cycle:
  // the decision then depends on registers only (no path from the hand-back into the
  // allocation and the ingress).  A beat that follows a beat coming back in the same cycle
  // takes that line straight from the hand-back (follow_now).  Match: live with this line;
  // free: not live.
  always_comb begin
    live = '0;
    match = '0;
    m_way = '0;
    f_way = '0;
    ent_slot = '0;
    for (int w = PredWays - 1; w >= 0; w--) begin
      live[w]  = v_b[w];
      match[w] = live[w] && eq[w];
      if (match[w]) begin
        m_way = WayBits'(w);
        ent_slot = word[w*WayW +: SlotBits];
      end
      if (!live[w]) f_way = WayBits'(w);
    end
  end
  assign b_same    = lw_hit_b ? b_same_lw_q[lw_way_q] : b_same_q;
  assign b_free    = lw_hit_b ? b_free_lw_q[lw_way_q] : b_free_q;
  assign b_coll    = !b_same && !b_free;
  assign b_way     = b_same ? m_way : f_way;
  assign b_alloc   = b_valid_q && !ring_full && (b_nomem_q || (!b_coll && (b_same || rq_take)));
  assign rq_push   = b_alloc && !b_nomem_q && !b_same;
  assign rp_valid_d = rq_push;
  assign rp_data_d  = {b_line_q, alloc_ptr_q[SlotBits-1:0], wpush_q + WcBits'(wq_push)};
  assign a_adv     = !b_valid_q || b_alloc;
  assign in_ready  = !a_valid_q || a_adv;
  assign coll_stall_o = b_valid_q && !b_nomem_q && b_coll && !ring_full;
  // The beat allocated now follows the beat coming back now: the way names that beat, so it
  // has no follower yet (done_succ_v is clear) and its checked line goes to this slot.
  assign follow_now = done_mem && b_alloc && !b_nomem_q && b_same && (ent_slot == done_slot);
  always_comb begin
    word_new = word;
    word_new[32'(b_way)*WayW +: WayW] = {b_tag, b_slot};
  end

  // The table's read address: the entering beat's set, else A's (a waiting beat re-reads).
  assign pt_raddr  = (in_valid && in_ready) ? in_data[SetBits-1:0] : a_set;
  assign pt_we     = lw_valid_q;
  assign pt_waddr  = lw_set_q;
  assign pt_wdata  = lw_word_q;
  assign info_we   = b_alloc;
  assign info_wdata = {b_nomem_q, b_line_q, b_info};
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) iw_valid_q <= 1'b0;
    else         iw_valid_q <= info_we;
  end
  always_ff @(posedge clk_i) begin  // loaded every cycle, used under iw_valid_q
    iw_slot_q <= alloc_ptr_q[SlotBits-1:0];
    iw_data_q <= info_wdata;
  end

  // ---- Reads ahead, in slot order ----
  // The info of slot irp once its write has settled, into its bank when the bank's slot has
  // been handed over (with one bank, also in the cycle it is handed over).  The line of slot
  // drp once it is in the buffer and settled, its info read out or going out now.
  assign ird = (irp_q != sap) && (!iv_q[irp_bank] || (BufBanks == 1 && take));
  assign drd = rdy_q && (drp_q != irp_q || ird);
  // A slot whose line has not arrived (not ready, nothing queued or settling for it) is
  // skipped when a bypass entry is free: the entry waits for its line, the reads go on.
  // A line arriving in this cycle (forwarded line first) is the one the queue takes.
  assign in_v    = fw_valid_q || (mem_rsp_valid_i && mem_rsp_ready_o);
  assign in_slot = fw_valid_q ? fw_slot_q : mem_rsp_tag_i;
  assign in_line = fw_valid_q ? fw_data_q : mem_rsp_data_i;
  always_comb begin
    fe = '0;
    free_any = 1'b0;
    for (int e = BypDepth - 1; e >= 0; e--)
      if (!bv_q[e]) begin
        fe = EntBits'(e);
        free_any = 1'b1;
      end
  end
  assign skip = !rdy_q && !arrd_q && (drp_q != irp_q || ird) && free_any;
  always_comb begin
    for (int e = 0; e < BypDepth; e++)
      fill[e] = in_v && ((bv_q[e] && !bf_q[e] && bs_q[e] == in_slot) ||
                         (skip && fe == EntBits'(e) && in_slot == drp_q[SlotBits-1:0]));
  end

  // ---- Buffer writes: forwarded lines first, then memory responses, through a queue kept
  // oldest first.  The oldest entry whose bank's write port is free leaves (an out-of-order
  // pick: answers come in any bank order, and one busy bank must not hold up the others); two
  // entries of one slot share a bank, so they leave in order.  A line caught in a bypass entry
  // is queued too (the push does not wait for the catch decision) but leaves without a write.
  // A done line is taken only with room for its forward (room2: one push may be ahead of it).
  assign mem_rsp_ready_o = !fw_valid_q && wb_ready;
  assign wb_push = in_v;
  logic [WbDepth-1:0]     wbq_valid, elig;
  logic [WbDepth*WbW-1:0] wbq_ent;
  logic [SlotBits-1:0]    wb_slot;
  logic                   wb_mark;
  logic [DataBits-1:0]    wb_line;
  // An entry may leave when it writes nothing (a caught line) or its bank's write port is free
  // and the bank was not written last cycle (BufMinCycles > 1).
  always_comb begin
    for (int e = 0; e < WbDepth; e++) begin
      logic [SlotBits-1:0] es;
      logic                em;
      es = wbq_ent[e*WbW + WbW-1 -: SlotBits];
      em = wbq_ent[e*WbW + DataBits];
      elig[e] = !em || (buf_wfree[slot_bank(PtrBits'(es))] &&
                !(BufMinCycles > 1 && w_valid_q &&
                  slot_bank(PtrBits'(w_slot_q)) == slot_bank(PtrBits'(es))));
    end
  end
  scord_pick_queue #(.Width(WbW), .Depth(WbDepth)) u_wbq (
    .clk_i,
    .rst_ni,
    .push_i      (wb_push),
    .data_i      ({in_slot, !(|fill), in_line}),
    .ready_o     (wb_ready),
    .room2_o     (wb_room2),
    .ent_valid_o (wbq_valid),
    .ent_o       (wbq_ent),
    .elig_i      (elig),
    .pop_o       (wb_pop),
    .data_o      (wb_data),
    .valid_o     (wb_valid)
  );
  assign {wb_slot, wb_mark, wb_line} = wb_data;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) w_valid_q <= 1'b0;
    else         w_valid_q <= wb_pop && wb_mark;
  end
  always_ff @(posedge clk_i) begin  // loaded every cycle, used under w_valid_q
    w_slot_q <= wb_slot;
    w_data_q <= wb_line;
  end
  assign buf_we    = w_valid_q;
  assign buf_waddr = w_slot_q;
  assign buf_wdata = w_data_q;

  // A written line is read only BufMinCycles edges after its write (the settle line sets its
  // ready bit), and a beat's info BufMinCycles edges after its allocation (sap follows
  // alloc_ptr that much later).
  logic                stl_v;
  logic [SlotBits-1:0] stl_slot;
  if (BufMinCycles > 1) begin : g_settle
    logic [BufMinCycles-2:0] sv_q, av_q;
    logic [SlotBits-1:0]     ss_q [BufMinCycles-1];
    logic [PtrBits-1:0]      sap_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        sv_q  <= '0;
        av_q  <= '0;
        sap_q <= '0;
      end else begin
        for (int i = BufMinCycles - 2; i > 0; i--) begin
          sv_q[i] <= sv_q[i-1];
          av_q[i] <= av_q[i-1];
        end
        sv_q[0] <= buf_we;
        av_q[0] <= iw_valid_q;
        sap_q   <= sap_q + PtrBits'(av_q[BufMinCycles-2]);
      end
    end
    always_ff @(posedge clk_i) begin
      ss_q[0] <= buf_waddr;
      for (int i = 1; i < BufMinCycles - 1; i++) ss_q[i] <= ss_q[i-1];
    end
    assign stl_v    = sv_q[BufMinCycles-2];
    assign stl_slot = ss_q[BufMinCycles-2];
    assign sap      = sap_q;
  end else begin : g_nosettle
    logic [PtrBits-1:0] sap_q;  // the info writes landed
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) sap_q <= '0;
      else         sap_q <= sap_q + PtrBits'(iw_valid_q);
    end
    assign stl_v    = buf_we;
    assign stl_slot = buf_waddr;
    assign sap      = sap_q;
  end

  assign idle_o = (in_flight == '0) && !in_valid && !a_valid_q && !b_valid_q && !wq_valid &&
                  !rq_valid && !rp_valid_q && !fw_valid_q && !wb_valid;

  always_comb begin
    alloc_ptr_d = alloc_ptr_q;
    done_ptr_d  = done_ptr_q;
    ready_d     = ready_q;
    succ_v_d    = succ_v_q;
    succ_d      = succ_q;
    // The follower record's payload loads every cycle (it is read only under fl_valid_q), so the
    // allocation decision and follow_now stand only in front of the valid bit.
    fl_valid_d  = 1'b0;
    fl_ent_d    = ent_slot;
    fl_slot_d   = b_slot;
    // The follower record of the last edge's allocation. Its slot is in flight, so the
    // allocation below (a free slot) never clears it at the same edge.
    if (fl_valid_q) begin
      succ_v_d[fl_ent_q] = 1'b1;
      succ_d[32'(fl_ent_q)*SlotBits +: SlotBits] = fl_slot_q;
    end
    pred_v_d    = pred_v_q;
    sway_d      = sway_q;
    wpush_d     = wpush_q + WcBits'(wq_push);
    wsent_d     = wsent_q + WcBits'(wq_pop);
    a_valid_d   = a_valid_q;
    a_nomem_d   = a_nomem_q;
    a_line_d    = a_line_q;
    b_valid_d   = b_valid_q;
    b_nomem_d   = b_nomem_q;
    b_line_d    = b_line_q;
    b_word_d    = word;     // a waiting beat absorbs the last edge's write
    b_eq_d      = eq;
    lw_valid_d  = 1'b0;
    lw_set_d    = lw_set_q;
    lw_word_d   = lw_word_q;
    lw_way_d    = lw_way_q;
    lw2_valid_d = lw_valid_q;
    lw2_set_d   = lw_set_q;
    lw2_word_d  = lw_word_q;
    b_v_d       = v_b & ~clr_b;
    b_hit_d     = 1'b0;
    b_leq_d     = 1'b0;
    fw_valid_d  = 1'b0;
    fw_slot_d   = fw_slot_q;

    // Lines settled in the buffer.
    if (stl_v) ready_d[stl_slot] = 1'b1;

    // A checked line back: forward it to the follower, or retire the table entry it holds.
    if (done_fire) done_ptr_d = done_nxt_q;
    done_nxt_d = done_ptr_d + 1'b1;
    // The data are loaded every cycle and used only under fw_valid_q (no 1024-bit enable).
    fw_data_d = done_data_i;
    if (done_mem && done_succ_v) begin
      fw_valid_d = 1'b1;
      fw_slot_d  = done_succ;
    end else if (follow_now) begin
      fw_valid_d = 1'b1;
      fw_slot_d  = b_slot;
    end
    // The last edge's allocation, then this edge's retirement.  They never name one way: the
    // way being set holds a beat in flight, which a retirement of another line cannot hold,
    // and a returning beat of its line has it as follower (fl_hit), so clears nothing.
    if (lw_valid_q) pred_v_d[32'(lw_set_q) * PredWays + 32'(lw_way_q)] = 1'b1;
    if (done_clear) pred_v_d[32'(done_set) * PredWays + 32'(done_way)] = 1'b0;

    // Allocation (its way's valid bit is set from lw at the next edge, above).
    if (b_alloc) begin
      alloc_ptr_d = alloc_ptr_q + 1'b1;
      ready_d[b_slot]  = b_nomem_q;
      succ_v_d[b_slot] = 1'b0;
      if (!b_nomem_q) begin
        sway_d[32'(b_slot)*WayBits +: WayBits] = b_way;
        lw_valid_d = 1'b1;
        lw_set_d   = b_set;
        lw_word_d  = word_new;
        lw_way_d   = b_way;
        if (b_same && !follow_now) fl_valid_d = 1'b1;
      end
    end
    if (a_adv) begin
      b_valid_d = a_valid_q;
      b_nomem_d = a_nomem_q;
      b_line_d  = a_line_q;
      b_word_d  = a_word;
      b_v_d     = a_v & ~clr_a;
      b_hit_d   = (a_set == b_set);
      b_leq_d   = (a_line_q == b_line_q);
      for (int w = 0; w < PredWays; w++)
        b_eq_d[w] = (a_word[w*WayW + SlotBits +: TagW] == a_tag);
    end
    if (in_ready) begin
      a_valid_d = in_valid;
      {a_nomem_d, a_line_d} = in_data;
    end

  end

  // Reads ahead and the hand-over (a bank handed over is free for its next slot's reads).
  always_comb begin
    irp_d      = irp_q + PtrBits'(ird);
    drp_d      = drp_q + PtrBits'(drd || skip);
    iss_ptr_d  = iss_ptr_q + PtrBits'(take);
    iv_d       = iv_q;
    dv_d       = dv_q;
    dbyp_d     = dbyp_q;
    bv_d       = bv_q;
    bf_d       = bf_q | fill;
    for (int e = 0; e < BypDepth; e++) begin
      bs_d[e] = bs_q[e];
      bd_d[e] = bf_q[e] ? bd_q[e] : in_line;   // loads until its line is caught
    end
    for (int b = 0; b < BufBanks; b++) begin
      dent_d[b] = dent_q[b];
      icnt_d[b] = (icnt_q[b] != '0) ? icnt_q[b] - 1'b1 : '0;
      dcnt_d[b] = (dcnt_q[b] != '0) ? dcnt_q[b] - 1'b1 : '0;
    end
    if (take) begin
      iv_d[iss_bank]   = 1'b0;
      dv_d[iss_bank]   = 1'b0;
      dbyp_d[iss_bank] = 1'b0;
      if (dbyp_q[iss_bank]) begin
        bv_d[dent_q[iss_bank]] = 1'b0;
        bf_d[dent_q[iss_bank]] = 1'b0;
      end
    end
    if (ird) begin
      iv_d[irp_bank]   = 1'b1;
      icnt_d[irp_bank] = RcBits'(RdLat - 1);
    end
    if (drd) begin
      dv_d[drp_bank]   = 1'b1;
      dcnt_d[drp_bank] = RcBits'(RdLat - 1);
    end
    if (skip) begin
      dv_d[drp_bank]   = 1'b1;
      dcnt_d[drp_bank] = '0;
      dbyp_d[drp_bank] = 1'b1;
      dent_d[drp_bank] = fe;
      bv_d[fe]         = 1'b1;
      bs_d[fe]         = drp_q[SlotBits-1:0];
    end
    for (int b = 0; b < BufBanks; b++)
      ok_d[b] = iv_d[b] && dv_d[b] && icnt_d[b] == '0 && dcnt_d[b] == '0 &&
                (!dbyp_d[b] || bf_d[dent_d[b]]);
    // The next slot's bank after this edge: this one, or the one after it when handed over.
    cv_d = take ? ok_d[slot_bank(iss_ptr_q + 1'b1)] : ok_d[iss_bank];
  end
  // ready_d at drp_d, from two selects on registers and this edge's updates, chosen last.
  always_comb begin
    logic [SlotBits-1:0] d0, d1;
    logic                r0, r1;
    d0 = drp_q[SlotBits-1:0];
    d1 = d0 + 1'b1;
    r0 = ready_q[d0] || (stl_v && stl_slot == d0);
    r1 = ready_q[d1] || (stl_v && stl_slot == d1);
    if (b_alloc && b_slot == d0) r0 = b_nomem_q;
    if (b_alloc && b_slot == d1) r1 = b_nomem_q;
    rdy_d = (drd || skip) ? r1 : r0;
  end
  // arr_d and arr_d at drp_d, the same way.
  always_comb begin
    logic [SlotBits-1:0] d0, d1;
    logic                a0, a1;
    arr_d = arr_q;
    if (in_v) arr_d[in_slot] = 1'b1;
    if (b_alloc) arr_d[b_slot] = 1'b0;
    d0 = drp_q[SlotBits-1:0];
    d1 = d0 + 1'b1;
    a0 = arr_q[d0] || (in_v && in_slot == d0);
    a1 = arr_q[d1] || (in_v && in_slot == d1);
    if (b_alloc && b_slot == d0) a0 = 1'b0;
    if (b_alloc && b_slot == d1) a1 = 1'b0;
    arrd_d = (drd || skip) ? a1 : a0;
  end

  // B's decision facts for the next cycle, from what B registers at this edge.  With lw hitting
  // B's set at the next cycle (the allocation of this edge), way w is live and its line compare
  // is b_leq.
  always_comb begin
    b_same_d = |(b_v_d & b_eq_d);
    b_free_d = !(&b_v_d);
    for (int w = 0; w < PredWays; w++) begin
      logic [PredWays-1:0] others;
      others = ~(PredWays'(1) << w);
      b_same_lw_d[w] = b_leq_d || |(b_v_d & b_eq_d & others);
      b_free_lw_d[w] = |(~b_v_d & others);
    end
  end

  // The next oldest slot's follower bit and way as they are after this edge (succ_v_d and
  // sway_d at that slot), from two selects on registered pointers, chosen by done_fire last.
  logic [SlotBits-1:0] nxt_slot;
  logic                sv_cur, sv_nxt;
  logic [WayBits-1:0]  w_cur, w_nxt;
  assign nxt_slot = done_nxt_q[SlotBits-1:0];
  always_comb begin
    sv_cur = succ_v_q[done_slot] || fl_hit;
    sv_nxt = succ_v_q[nxt_slot] || (fl_valid_q && fl_ent_q == nxt_slot);
    w_cur  = sway_q[32'(done_slot)*WayBits +: WayBits];
    w_nxt  = sway_q[32'(nxt_slot)*WayBits +: WayBits];
    // An allocation of this edge writes its slot's entries (a slot not in flight: its follower
    // record is never pending).
    if (b_alloc && b_slot == done_slot) sv_cur = 1'b0;
    if (b_alloc && b_slot == nxt_slot) sv_nxt = 1'b0;
    if (b_alloc && !b_nomem_q && b_slot == done_slot) w_cur = b_way;
    if (b_alloc && !b_nomem_q && b_slot == nxt_slot) w_nxt = b_way;
    dsv_d  = done_fire ? sv_nxt : sv_cur;
    dway_d = done_fire ? w_nxt : w_cur;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      alloc_ptr_q  <= '0;
      full_q       <= 1'b0;
      iss_ptr_q    <= '0;
      done_ptr_q   <= '0;
      done_nxt_q   <= PtrBits'(1);
      dsv_q        <= 1'b0;
      ready_q      <= '0;
      succ_v_q     <= '0;
      fl_valid_q   <= 1'b0;
      rp_valid_q   <= 1'b0;
      pred_v_q     <= '0;
      wpush_q      <= '0;
      wsent_q      <= '0;
      rgo_q        <= 1'b0;
      a_valid_q    <= 1'b0;
      b_valid_q    <= 1'b0;
      lw_valid_q   <= 1'b0;
      lw2_valid_q  <= 1'b0;
      fw_valid_q   <= 1'b0;
      irp_q        <= '0;
      drp_q        <= '0;
      iv_q         <= '0;
      dv_q         <= '0;
      dbyp_q       <= '0;
      cv_q         <= 1'b0;
      rdy_q        <= 1'b0;
      arr_q        <= '0;
      arrd_q       <= 1'b0;
      bv_q         <= '0;
      bf_q         <= '0;
      for (int b = 0; b < BufBanks; b++) begin
        icnt_q[b] <= '0;
        dcnt_q[b] <= '0;
      end
    end else begin
      alloc_ptr_q  <= alloc_ptr_d;
      full_q       <= full_d;
      iss_ptr_q    <= iss_ptr_d;
      done_ptr_q   <= done_ptr_d;
      done_nxt_q   <= done_nxt_d;
      dsv_q        <= dsv_d;
      ready_q      <= ready_d;
      succ_v_q     <= succ_v_d;
      fl_valid_q   <= fl_valid_d;
      rp_valid_q   <= rp_valid_d;
      pred_v_q     <= pred_v_d;
      wpush_q      <= wpush_d;
      wsent_q      <= wsent_d;
      rgo_q        <= rgo_d;
      a_valid_q    <= a_valid_d;
      b_valid_q    <= b_valid_d;
      lw_valid_q   <= lw_valid_d;
      lw2_valid_q  <= lw2_valid_d;
      fw_valid_q   <= fw_valid_d;
      irp_q        <= irp_d;
      drp_q        <= drp_d;
      iv_q         <= iv_d;
      dv_q         <= dv_d;
      dbyp_q       <= dbyp_d;
      cv_q         <= cv_d;
      rdy_q        <= rdy_d;
      arr_q        <= arr_d;
      arrd_q       <= arrd_d;
      bv_q         <= bv_d;
      bf_q         <= bf_d;
      for (int b = 0; b < BufBanks; b++) begin
        icnt_q[b] <= icnt_d[b];
        dcnt_q[b] <= dcnt_d[b];
      end
    end
  end

  // Payload registers: no reset (read only under the valid bits above).
  always_ff @(posedge clk_i) begin
    succ_q      <= succ_d;
    fl_ent_q    <= fl_ent_d;
    rp_data_q   <= rp_data_d;
    fl_slot_q   <= fl_slot_d;
    sway_q      <= sway_d;
    dway_q      <= dway_d;
    a_nomem_q   <= a_nomem_d;
    a_line_q    <= a_line_d;
    b_nomem_q   <= b_nomem_d;
    b_line_q    <= b_line_d;
    b_word_q    <= b_word_d;
    b_eq_q      <= b_eq_d;
    lw_set_q    <= lw_set_d;
    lw_word_q   <= lw_word_d;
    lw_way_q    <= lw_way_d;
    lw2_set_q   <= lw2_set_d;
    lw2_word_q  <= lw2_word_d;
    b_hit_q     <= b_hit_d;
    b_leq_q     <= b_leq_d;
    b_v_q       <= b_v_d;
    b_same_q    <= b_same_d;
    b_free_q    <= b_free_d;
    b_same_lw_q <= b_same_lw_d;
    b_free_lw_q <= b_free_lw_d;
    fw_slot_q   <= fw_slot_d;
    fw_data_q   <= fw_data_d;
    for (int e = 0; e < BypDepth; e++) begin
      bs_q[e] <= bs_d[e];
      bd_q[e] <= bd_d[e];
    end
    for (int b = 0; b < BufBanks; b++) dent_q[b] <= dent_d[b];
  end

`ifndef SYNTHESIS
  // Simulation only: the port and ordering rules the design relies on.
  logic [MaxOutstanding-1:0] rd_out_q;  // a read of the slot is outstanding
  logic [MaxOutstanding-1:0] rd_pend_q; // a read of the slot is pushed, its data not yet taken
  logic [MaxOutstanding-1:0] coming;    // the slot's line is in the buffer or on its way
  logic [MaxOutstanding-1:0] wpend_q;   // the slot's line is queued or settling
  logic [MaxOutstanding-1:0] byp_got_q; // the slot was skipped: its line comes to a bypass entry
  // Every beat in flight gets its line: it is ready, or its read is pending, or its line is
  // being forwarded, or it is the recorded follower of a beat in flight.  Checked only in the
  // small variants (a per-slot scan every cycle would slow the 256-deep co-simulation).
  localparam bit CheckSlots = MaxOutstanding <= 32;
  always_comb begin
    coming = '1;
    if (CheckSlots) coming = ready_q | rd_pend_q | wpend_q | byp_got_q;
    if (fw_valid_q) coming[fw_slot_q] = 1'b1;
    if (fl_valid_q) coming[fl_slot_q] = 1'b1;
    for (int p = 0; p < (CheckSlots ? MaxOutstanding : 0); p++) begin
      logic [PtrBits-1:0] age;
      age = PtrBits'(p) - done_ptr_q;
      age[PtrBits-1] = 1'b0;
      if (age < in_flight && succ_v_q[p]) coming[succ_q[p*SlotBits +: SlotBits]] = 1'b1;
    end
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_out_q   <= '0;
      rd_pend_q  <= '0;
      wpend_q    <= '0;
      byp_got_q  <= '0;
    end else begin
      if (full_q != in_flight[PtrBits-1])
        $fatal(1, "scord_line_accessor: registered full flag %0d with %0d beats in flight", full_q,
               in_flight);
      if (done_fire && iss_ptr_q == done_ptr_q)
        $fatal(1, "scord_line_accessor: a checked line back that was never handed to the check");
      if (done_fire && done_slot_i != done_slot)
        $fatal(1, "scord_line_accessor: line back for slot %0d, oldest is %0d", done_slot_i,
               done_slot);
      if (alloc_ptr_q != done_ptr_q &&
          (dsv_q != succ_v_q[done_slot] || dway_q != sway_q[32'(done_slot)*WayBits +: WayBits]))
        $fatal(1, "scord_line_accessor: oldest slot's follower bit or way register is stale");
      if (follow_now && done_succ_v)
        $fatal(1, "scord_line_accessor: a beat follows a returning beat that has a follower");
      if (b_valid_q && (b_same != |match || b_free != !(&live)))
        $fatal(1, "scord_line_accessor: B's registered facts differ from its ways");
      if (beat_take && !iq_ready)
        $fatal(1, "scord_line_accessor: a beat taken with the info queue full");
      if (b_valid_q && !iq_valid)
        $fatal(1, "scord_line_accessor: a beat in B with no info queued");
      if (lw_valid_q && done_clear && lw_set_q == done_set && lw_way_q == done_way)
        $fatal(1, "scord_line_accessor: one edge sets and clears one predecessor way");
      if (rp_valid_q && !rq_ready)
        $fatal(1, "scord_line_accessor: a registered read push with its queue full");
      for (int s = 0; s < (CheckSlots ? MaxOutstanding : 0); s++) begin
        logic [PtrBits-1:0] age;
        age = PtrBits'(s) - done_ptr_q;
        age[PtrBits-1] = 1'b0;
        if ((age < in_flight || ring_full) && !coming[s])
          $fatal(1, "scord_line_accessor: slot %0d in flight with no line on its way", s);
      end
      if (rq_valid && !rq_wait[WcBits-1] && rq_wait > wpush_q - wsent_q)
        $fatal(1, "scord_line_accessor: a read waits for %0d write-backs, %0d are queued",
               rq_wait, wpush_q - wsent_q);
      if (!(drp_q - iss_ptr_q <= irp_q - iss_ptr_q && irp_q - iss_ptr_q <= PtrBits'(BufBanks) &&
            irp_q - done_ptr_q <= in_flight))
        $fatal(1, "scord_line_accessor: read pointers out of order (iss %0d drp %0d irp %0d)",
               iss_ptr_q, drp_q, irp_q);
      if (cv_q && !(iv_q[iss_bank] && dv_q[iss_bank] && icnt_q[iss_bank] == '0 &&
                    dcnt_q[iss_bank] == '0 && iss_ptr_q != drp_q))
        $fatal(1, "scord_line_accessor: slot %0d handed over before its reads are out", iss_ptr_q);
      if (rdy_q != ready_q[drp_q[SlotBits-1:0]])
        $fatal(1, "scord_line_accessor: registered ready flag %0d, slot %0d's ready bit %0d", rdy_q,
               drp_q, ready_q[drp_q[SlotBits-1:0]]);
      if (arrd_q != arr_q[drp_q[SlotBits-1:0]])
        $fatal(1, "scord_line_accessor: registered arrival flag of slot %0d is stale", drp_q);
      if (take && dbyp_q[iss_bank] && (!bv_q[dent_q[iss_bank]] || !bf_q[dent_q[iss_bank]] ||
                                       bs_q[dent_q[iss_bank]] != iss_ptr_q[SlotBits-1:0]))
        $fatal(1, "scord_line_accessor: slot %0d handed over from a bypass entry not filled for it",
               iss_ptr_q);
      if ($countones(fill) > 1)
        $fatal(1, "scord_line_accessor: one line caught by two bypass entries");
      if (skip && in_v && in_slot == drp_q[SlotBits-1:0] && fill == '0)
        $fatal(1, "scord_line_accessor: a skipped slot's line arriving with it was not caught");
      if (wb_push && fill == '0) wpend_q[in_slot] <= 1'b1;
      if (stl_v) wpend_q[stl_slot] <= 1'b0;
      if (skip) byp_got_q[drp_q[SlotBits-1:0]] <= 1'b1;
      if (b_alloc) byp_got_q[b_slot] <= 1'b0;
      if (rq_push) rd_pend_q[b_slot] <= 1'b1;
      if (mem_rsp_valid_i && mem_rsp_ready_o) rd_pend_q[mem_rsp_tag_i] <= 1'b0;
      if (mem_rd_valid_o && mem_rd_ready_i) rd_out_q[mem_rd_tag_o] <= 1'b1;
      if (mem_rsp_valid_i && mem_rsp_ready_o) rd_out_q[mem_rsp_tag_i] <= 1'b0;
    end
  end
  // A tagged read is answered exactly once: a tag goes out only when no read of it is
  // outstanding, an answer comes only for an outstanding read, and a slot leaves with none.
  `SCORD_ASSERT(LaReadTagFree, !(mem_rd_valid_o && mem_rd_ready_i) || !rd_out_q[mem_rd_tag_o],
                clk_i, !rst_ni)
  `SCORD_ASSERT(LaAnswerOutstanding, !(mem_rsp_valid_i && mem_rsp_ready_o) ||
                rd_out_q[mem_rsp_tag_i], clk_i, !rst_ni)
  `SCORD_ASSERT(LaRetiredAnswered, !done_fire || !rd_out_q[done_slot], clk_i, !rst_ni)
`endif
  // The check output holds its beat until taken.
  // Last cycle's wide values for the hold checks: Verilator 5.006 emits C++ that does not
  // compile for an assertion reading a value wider than 256 bits; synthesis drops these flops.
  logic [DataBits-1:0] chk_data_q;
  logic                chk_data_same /*verilator public_flat_rd*/;
  always_ff @(posedge clk_i) chk_data_q <= chk_data_o;
  assign chk_data_same = (chk_data_o == chk_data_q);
  `SCORD_ASSERT(LaCheckHeld, !$past(rst_ni && chk_valid_o && !chk_ready_i) || (chk_valid_o &&
                $stable(chk_slot_o) && chk_data_same), clk_i, !rst_ni)
  // The buffer's write queue (scord_pick_queue proves its own invariants): two entries of one
  // slot leave in order.  Entry e is older than the one leaving when no entry up to e is
  // eligible (the queue takes the oldest eligible entry).
  for (genvar e = 0; e < WbDepth; e++) begin : g_wbq_chk
    logic [SlotBits-1:0] slot;  // the entry's slot (assertions only)
    logic                older;
    assign slot  = wbq_ent[e*WbW + WbW-1 -: SlotBits];
    assign older = (elig & wbq_valid & WbDepth'((64'd2 << e) - 64'd1)) == '0;
    `SCORD_ASSERT(LaWbSlotInOrder, !(wb_pop && older && wbq_valid[e] && slot == wb_slot),
                  clk_i, !rst_ni)
  end
endmodule
