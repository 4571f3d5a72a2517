// scord_sm_tracker.sv -- the SM-side half of ScoRD (architecture.md "SM tracker"), one
// instance per SM.  Owns the per-warp lock tables, the bloom of active locks and the
// per-CTA-slot barrier counters (detector.md section 3).  It takes the SM's events one warp
// instruction per beat and emits, on ONE ordered channel, the side-band header of each
// ld/st/atom instruction and a notification per fence, so fences stay ordered with accesses at
// the detector.  The lane addresses do not pass through it: they travel with the SM's memory
// request (scord_top pairs them with this header); the tracker reads only each lane's lock-word
// hash, for the lock-table effects of an atomic.
//
// Timing: one instruction per cycle through T0 (input spill register: ev_ready_o is a flop),
// T1 (the instruction with its warp's lock-table row) and the packet spill register (whose
// ready is a flop too, so pkt_ready_i drives two header slots, not T0 and T1).  An
// instruction right behind a fence or lock atomic of the same warp, or behind a CTA start or
// kernel, waits one cycle (the row it reads is being written).  A lock atomic (an acquire or a
// release, section 3) stays in T1 one cycle per lane up to its last active lane, applying one
// lane's lock-table effect a cycle after its header has left (decision 12: the header's bloom
// is the one before the instruction).  bar/cta/kernel beats produce no packet.
//
// Storage: the lock tables are one WarpsPerSm-row array (one row per warp, a register file
// with one write port and one asynchronous read port, read in T0 into T1's row register and
// written by T1), plus one live flop per warp: a CTA start or a kernel clears rows by clearing
// live bits, so no cycle touches more than one row.  Not a synchronous SRAM: its read would
// add the row mux to T1's path (tried: 231.6 MHz against 320 in OSU 0.18 um, docs/rtl.md).
module scord_sm_tracker #(
  parameter int NumSms        = scord_pkg::NumSms,
  parameter int CtasPerSm     = scord_pkg::CtasPerSm,
  parameter int WarpsPerSm    = scord_pkg::WarpsPerSm,
  parameter int BlockIdBits   = scord_pkg::idx_bits(NumSms * CtasPerSm),
  parameter int WarpIdBits    = scord_pkg::idx_bits(WarpsPerSm),
  parameter int BarrierIdBits = scord_pkg::BarrierIdBits,
  parameter int BloomBinBits  = scord_pkg::BloomBinBits,
  parameter int LockEntries   = scord_pkg::LockEntries,
  parameter int Lanes         = scord_pkg::Lanes,
  parameter int PcBits        = scord_pkg::PcBits,
  parameter int SmId          = 0,  // which SM this tracker serves
  localparam int HashBits     = 2 * $clog2(BloomBinBits)  // lock-word hash (section 3)
) (
  input  logic clk_i,
  input  logic rst_ni,

  // Events, one warp instruction (or fence, barrier, CTA start, kernel) per beat.
  input  logic                                     ev_valid_i,
  output logic                                     ev_ready_o,
  input  logic [2:0]                               ev_type_i,    // scord_pkg::Ev*
  input  logic [scord_pkg::idx_bits(CtasPerSm)-1:0] ev_cta_i,
  input  logic [WarpIdBits-1:0]                    ev_warp_i,
  input  logic [WarpIdBits-1:0]                    ev_first_warp_i, // cta: first warp
  input  logic [WarpIdBits:0]                      ev_warps_i,      // cta: warp count
  input  logic [1:0]                               ev_scope_i,   // atom, fence
  input  logic [3:0]                               ev_op_i,      // atom
  input  logic                                     ev_volatile_i,
  input  logic                                     ev_has_cmp_i,
  input  logic                                     ev_has_val_i,
  input  logic                                     ev_has_old_i,
  input  logic [31:0]                              ev_cmp_i,
  input  logic [31:0]                              ev_val_i,
  input  logic [31:0]                              ev_old_i,
  input  logic [Lanes-1:0]                         ev_lane_valid_i,  // ld/st/atom: active lanes
  input  logic [Lanes*HashBits-1:0]                ev_lane_hash_i,   // lane l: addr[2 +: HashBits]
  input  logic [PcBits-1:0]                        ev_pc_i,

  // Packets to the detector (in order): the header of an access instruction, or a fence.
  output logic                                     pkt_valid_o,
  input  logic                                     pkt_ready_i,
  output logic [1:0]                               pkt_type_o,   // PktAccess / PktFence
  output logic [scord_pkg::idx_bits(NumSms)-1:0]   pkt_sm_o,
  output logic [scord_pkg::idx_bits(CtasPerSm)-1:0] pkt_cta_o,
  output logic [WarpIdBits-1:0]                    pkt_warp_o,
  output logic [BlockIdBits-1:0]                   pkt_block_o,
  output logic [BarrierIdBits-1:0]                 pkt_barrier_o,
  output logic [2*BloomBinBits-1:0]                pkt_bloom_o,
  output logic [1:0]                               pkt_kind_o,   // KindLd/St/Atom
  output logic                                     pkt_strong_o, // volatile or atomic
  output logic                                     pkt_atom_blk_o, // atomic, scope cta
  output logic                                     pkt_fence_dev_o, // fence: gpu or sys
  output logic [PcBits-1:0]                        pkt_pc_o
);
  localparam int SmBits   = scord_pkg::idx_bits(NumSms);

  // detector.md section 1: BlockIdBits and WarpIdBits may be set wider than derived, never
  // narrower (a narrower width would silently alias blocks or warps).  A reference to a module
  // that does not exist is the static assertion every tool (Verilator, Yosys, Icarus) stops
  // on, naming the parameters.
  if (BlockIdBits < scord_pkg::idx_bits(NumSms * CtasPerSm)) begin : g_block_id_check
    scord_error_block_id_bits_narrower_than_num_sms_x_ctas_per_sm u_check ();
  end
  if (WarpIdBits < scord_pkg::idx_bits(WarpsPerSm)) begin : g_warp_id_check
    scord_error_warp_id_bits_narrower_than_warps_per_sm u_check ();
  end
  localparam int CtaBits  = scord_pkg::idx_bits(CtasPerSm);
  localparam int K        = $clog2(BloomBinBits);  // bits of one bin index
  localparam int BloomW   = 2 * BloomBinBits;
  localparam int LeW      = LockEntries;
  localparam int RowAW    = LockEntries * HashBits;
  localparam int LaneHW   = Lanes * HashBits;

  // ---- State -------------------------------------------------------------------------
  // Lock tables: one memory row per warp, {valid, active, dev, hash} with entry e of each at
  // bit e (hash at e*HashBits), oldest first; a row's valid entries are always contiguous
  // from entry 0.  A row whose live bit is clear reads as empty.
  localparam int RowW = 3 * LeW + RowAW;
  logic [WarpsPerSm-1:0]       lt_live_d, lt_live_q;
  logic                        lt_we;
  logic [RowW-1:0]             lt_mem_q [WarpsPerSm];   // no reset: read under lt_live_q
  logic [CtasPerSm*BarrierIdBits-1:0] bar_d, bar_q;     // barrier counter per CTA slot

  // The packet header, as the packet spill register holds it.
  localparam int PktW = 2 + CtaBits + WarpIdBits + BlockIdBits + BarrierIdBits + BloomW + 2 + 3 +
                        PcBits;
  logic [PktW-1:0] pkt_d, pkt_q;
  logic            pkt_room;    // the packet spill register takes a header (a flop)

  // ---- T0: the beat in a spill register; T1: the beat with its warp's lock-table row -----
  // Two stages instead of one combinational beat: T0 reads the warp's row (a WarpsPerSm:1
  // mux) into T1; T1 computes the bloom and the row update and loads the packet register.
  // A beat that would read a row T1 is changing this cycle waits one cycle (hazard): the
  // same warp after a fence or lock atomic, any beat after a CTA start or kernel.
  // The beat is stored with its lock decode (acquire, release) instead of the atomic's op and
  // three 32-bit operands: 2 bits instead of 104.  Only a lock atomic keeps its lane hashes.
  localparam int EvW = 3 + CtaBits + 3 * WarpIdBits + 1 + 2 + 1 + 2 + Lanes + LaneHW + PcBits;
  logic [EvW-1:0] ev_pay, b_pay;
  logic           b_valid, b_take, t1_valid_q, t1_go, t1_free, t1_mod, hazard;
  logic [2:0]     b_type;
  logic [WarpIdBits-1:0] b_warp;

  // Section 3: an acquire is a cas 0 -> 1 that returned 0; a release an exch writing 0.
  logic ev_acq, ev_rel;
  assign ev_acq = (ev_type_i == scord_pkg::EvAtom) && (ev_op_i == scord_pkg::OpCas) &&
                  ev_has_cmp_i && (ev_cmp_i == 32'd0) && ev_has_val_i && (ev_val_i == 32'd1) &&
                  ev_has_old_i && (ev_old_i == 32'd0);
  assign ev_rel = (ev_type_i == scord_pkg::EvAtom) && (ev_op_i == scord_pkg::OpExch) &&
                  ev_has_val_i && (ev_val_i == 32'd0);
  assign ev_pay = {ev_type_i, ev_cta_i, ev_warp_i, ev_first_warp_i, ev_warps_i, ev_scope_i,
                   ev_volatile_i, ev_acq, ev_rel, ev_lane_valid_i, ev_lane_hash_i, ev_pc_i};
  scord_spill_reg #(.Width(EvW)) u_ev_reg (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(ev_valid_i),
    .ready_o(ev_ready_o),
    .data_i (ev_pay),
    .valid_o(b_valid),
    .ready_i(b_take),
    .data_o (b_pay)
  );
  // The T0 beat, by field; whether it changes lock-table rows (b_mod, b_glob) is registered
  // into T1 so the hazard test starts from flops.
  logic                  b_volatile;
  logic [CtaBits-1:0]    b_cta;
  logic [WarpIdBits-1:0] b_first_warp;
  logic [WarpIdBits:0]   b_warps;
  logic [1:0]            b_scope;
  logic [Lanes-1:0]      b_lanes;
  logic [LaneHW-1:0]     b_hash;
  logic [PcBits-1:0]     b_pc;
  logic                  b_acq, b_rel, b_mod, b_glob;
  logic                  t1_mod_q, t1_glob_q;
  assign {b_type, b_cta, b_warp, b_first_warp, b_warps, b_scope, b_volatile, b_acq, b_rel, b_lanes,
          b_hash, b_pc} = b_pay;
  assign b_glob = (b_type == scord_pkg::EvCta) || (b_type == scord_pkg::EvKernel);
  assign b_mod  = (b_type == scord_pkg::EvFence) || b_acq || b_rel || b_glob;
  // T0 reads the warp's row (one array read) and its live bit into T1's row register.
  logic [RowW-1:0] b_row, t1_row_q;
  // A warp id is compared one bit wider, where WarpsPerSm (<= 2^WarpIdBits) fits.
  always_comb begin
    b_row = '0;
    if (({1'b0, b_warp} < (WarpIdBits+1)'(WarpsPerSm)) && lt_live_q[b_warp]) b_row = lt_mem_q[b_warp];
  end
  always_ff @(posedge clk_i) begin
    if (lt_we) lt_mem_q[e_warp] <= {nrow_v, nrow_act, nrow_dev, nrow_a};
  end

  // The T1 beat, by field (the names the rules below use).  Its header (t1_pay_q) is fixed
  // while it waits; the lock walk (t1_todo_q, t1_hash_q: the lanes still to apply, lowest
  // first) and the row (t1_row_q) move a lane a cycle once the header has left (t1_sent_q).
  localparam int HdW = 3 + CtaBits + 3 * WarpIdBits + 1 + 2 + 1 + 2 + PcBits;
  logic [HdW-1:0]           t1_pay_q;
  logic [Lanes-1:0]         t1_todo_q;
  logic [LaneHW-1:0]        t1_hash_q;
  logic                     t1_sent_q;
  logic [2:0]               e_type;
  logic                     e_volatile, e_acq, e_rel;
  logic [CtaBits-1:0]       e_cta;
  logic [WarpIdBits-1:0]    e_warp, e_first_warp;
  logic [WarpIdBits:0]      e_warps;
  logic [1:0]               e_scope;
  logic [PcBits-1:0]        e_pc;
  assign {e_type, e_cta, e_warp, e_first_warp, e_warps, e_scope, e_volatile, e_acq, e_rel, e_pc} =
      t1_pay_q;

  // ---- Decode of the T1 beat ------------------------------------------------------------
  logic is_access, is_fence, has_pkt;
  logic dev_scope;                  // gpu or sys (sys folds into device, decision 9)
  logic lk_op;                      // acquire or release: a lane walk
  logic [HashBits-1:0] a_hash;
  // BlockID arithmetic keeps only the bits read (the id and the hash of id + 1): the low bits
  // of a sum depend on the operands' low bits alone.  A CTA's last warp needs two bits over
  // WarpIdBits (first < 2^WarpIdBits, count < 2^(WarpIdBits+1)).
  localparam int BlkW  = (BlockIdBits > HashBits) ? BlockIdBits : HashBits;
  localparam int LastW = WarpIdBits + 2;
  logic [BlkW-1:0]  blk_w, blk1_w;
  logic [LastW-1:0] first_w, last_w;
  logic [BlockIdBits-1:0] blk_id;

  assign is_access = (e_type == scord_pkg::EvLd) || (e_type == scord_pkg::EvSt) ||
                     (e_type == scord_pkg::EvAtom);
  assign is_fence  = (e_type == scord_pkg::EvFence);
  assign has_pkt   = is_access || is_fence;
  assign dev_scope = (e_scope != scord_pkg::ScopeCta);
  assign lk_op     = e_acq || e_rel;
  // The lane being applied: the lowest of the walk's shift registers.
  assign a_hash    = t1_hash_q[HashBits-1:0];   // (lockaddr >> 2) mod 2^(2k)

  // The walk.  send: the header leaves this cycle; sent: it has left or leaves now (or there
  // is none), so a lane may be applied; T1 leaves once no active lane is left after this one.
  logic send, sent, step, lane_on;
  assign send    = t1_valid_q && has_pkt && !t1_sent_q && pkt_room;
  assign sent    = t1_sent_q || send || !has_pkt;
  assign lane_on = t1_todo_q[0];
  assign step    = t1_valid_q && sent && lk_op && lane_on;
  assign t1_go   = t1_valid_q && sent && ((t1_todo_q >> 1) == '0);
  assign t1_free = !t1_valid_q || t1_go;
  assign t1_mod  = t1_valid_q && t1_mod_q;
  assign hazard  = t1_mod && (t1_glob_q || (e_warp == b_warp));
  assign b_take  = b_valid && t1_free && !hazard;

  // BlockID = sm * CtasPerSm + cta (section 2).
  assign first_w = LastW'(e_first_warp);
  assign last_w  = first_w + LastW'(e_warps);   // one past the last warp of a starting CTA
  assign blk_w   = BlkW'(SmId * CtasPerSm) + BlkW'(e_cta);
  assign blk1_w  = blk_w + 1'b1;
  // The warps of a starting CTA, [first, last), as a mask: (2^last - 1) & ~(2^first - 1), one
  // bit wider than the table so last = WarpsPerSm fits (a shift past the width gives 0).
  logic [WarpsPerSm:0]   cta_hi, cta_lo;
  logic [WarpsPerSm-1:0] cta_warps;
  always_comb begin
    cta_hi = ((WarpsPerSm+1)'(1) << last_w) - 1'b1;
    cta_lo = ((WarpsPerSm+1)'(1) << first_w) - 1'b1;
    cta_warps = cta_hi[WarpsPerSm-1:0] & ~cta_lo[WarpsPerSm-1:0];
  end
  assign blk_id = blk_w[BlockIdBits-1:0];

  // ---- Current row (the beat's warp), read in T0 into the T1 registers ------------------
  logic [LeW-1:0]   row_v, row_act, row_dev;
  logic [RowAW-1:0] row_a;
  logic             warp_ok;
  assign warp_ok = ({1'b0, e_warp} < (WarpIdBits+1)'(WarpsPerSm));
  assign {row_v, row_act, row_dev, row_a} = t1_row_q;

  // Bloom of the warp's valid and active locks (section 3, scope inclusion): a block
  // entry sets h = a ^ (BlockID+1), a device entry sets both h and a.  Read only when the
  // header leaves (send), before any lane of a lock walk changes the row (decision 12).
  logic [BloomBinBits-1:0] bin_a, bin_b;
  logic [HashBits-1:0]     h_blk, h_a;
  logic [BloomW-1:0]       bloom_now;
  // Computed only with a beat in T1, so a simulator skips it in the cycles an SM sends
  // nothing (up to 15 trackers evaluated every cycle).
  always_comb begin
    bin_a = '0;
    bin_b = '0;
    h_blk = '0;
    h_a   = '0;
    for (int e = 0; e < LockEntries; e++) begin
      if (t1_valid_q && row_v[e] && row_act[e]) begin
        h_a   = row_a[e*HashBits +: HashBits];
        h_blk = h_a ^ blk1_w[HashBits-1:0];
        bin_a[h_blk[K-1:0]] = 1'b1;
        bin_b[h_blk[HashBits-1:K]] = 1'b1;
        if (row_dev[e]) begin
          bin_a[h_a[K-1:0]] = 1'b1;
          bin_b[h_a[HashBits-1:K]] = 1'b1;
        end
      end
    end
    bloom_now = {bin_b, bin_a};
  end

  // ---- Lock-table row update: a fence, or one lane of a lock walk ------------------------
  logic [LeW-1:0]   nrow_v, nrow_act, nrow_dev;
  logic [RowAW-1:0] nrow_a;
  logic             hit, found;
  logic             placed;
  always_comb begin
    nrow_v   = row_v;
    nrow_act = row_act;
    nrow_dev = row_dev;
    nrow_a   = row_a;
    hit = 1'b0;
    found = 1'b0;
    placed = 1'b0;
    if (!t1_valid_q) begin
      // no beat in T1: the row is not written (lt_we needs one)
    end else if (is_fence) begin
      // Activate entries of matching or lesser scope.
      for (int e = 0; e < LockEntries; e++) begin
        if (row_v[e] && (dev_scope || !row_dev[e])) nrow_act[e] = 1'b1;
      end
    end else if (e_acq) begin
      for (int e = 0; e < LockEntries; e++) begin
        if (row_v[e] && (row_a[e*HashBits +: HashBits] == a_hash) && (row_dev[e] == dev_scope))
          hit = 1'b1;
      end
      if (!hit) begin
        if (row_v[LeW-1]) begin
          // Full: drop the oldest (even an active one), append at the end.
          for (int e = 0; e < LockEntries - 1; e++) begin
            nrow_v[e]   = row_v[e+1];
            nrow_act[e] = row_act[e+1];
            nrow_dev[e] = row_dev[e+1];
            nrow_a[e*HashBits +: HashBits] = row_a[(e+1)*HashBits +: HashBits];
          end
          nrow_v[LeW-1]   = 1'b1;
          nrow_act[LeW-1] = 1'b0;
          nrow_dev[LeW-1] = dev_scope;
          nrow_a[(LeW-1)*HashBits +: HashBits] = a_hash;
        end else begin
          for (int e = 0; e < LockEntries; e++) begin
            if (!row_v[e] && !placed) begin
              placed = 1'b1;
              nrow_v[e]   = 1'b1;
              nrow_act[e] = 1'b0;
              nrow_dev[e] = dev_scope;
              nrow_a[e*HashBits +: HashBits] = a_hash;
            end
          end
        end
      end
    end else if (e_rel) begin
      // Remove the first valid entry with the same hash and scope; later ones move down.
      for (int e = 0; e < LockEntries; e++) begin
        if (row_v[e] && (row_a[e*HashBits +: HashBits] == a_hash) &&
            (row_dev[e] == dev_scope))
          found = 1'b1;
        if (found) begin
          if (e < LockEntries - 1) begin
            nrow_v[e]   = row_v[(e+1) % LeW];
            nrow_act[e] = row_act[(e+1) % LeW];
            nrow_dev[e] = row_dev[(e+1) % LeW];
            nrow_a[e*HashBits +: HashBits] = row_a[((e+1) % LeW)*HashBits +: HashBits];
          end else begin
            nrow_v[e]   = 1'b0;
            nrow_act[e] = 1'b0;
            nrow_dev[e] = 1'b0;
            nrow_a[e*HashBits +: HashBits] = '0;
          end
        end
      end
    end
  end

  // ---- T1 registers ----------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      t1_valid_q <= 1'b0;
      t1_sent_q  <= 1'b0;
    end else begin
      t1_valid_q <= b_take || (t1_valid_q && !t1_go);
      t1_sent_q  <= b_take ? 1'b0 : (t1_sent_q || send);
    end
  end
  // Payload, row and walk: no reset, used only under t1_valid_q.  A lock atomic walks its
  // active lanes; any other beat has nothing to walk.
  always_ff @(posedge clk_i) begin
    if (b_take) begin
      t1_pay_q  <= {b_type, b_cta, b_warp, b_first_warp, b_warps, b_scope, b_volatile, b_acq, b_rel,
                    b_pc};
      t1_row_q  <= b_row;
      t1_mod_q  <= b_mod;
      t1_glob_q <= b_glob;
      t1_todo_q <= (b_acq || b_rel) ? b_lanes : '0;
      if (b_acq || b_rel) t1_hash_q <= b_hash;
    end else if (t1_valid_q && sent) begin
      t1_todo_q <= t1_todo_q >> 1;
      t1_hash_q <= t1_hash_q >> HashBits;
      if (step) t1_row_q <= {nrow_v, nrow_act, nrow_dev, nrow_a};
    end
  end

  // ---- Next state ----------------------------------------------------------------------
  always_comb begin
    lt_live_d   = lt_live_q;
    lt_we       = 1'b0;
    bar_d       = bar_q;

    // Lock effect of a fence or atomic lane comes after its own packet (section 3).
    if (((is_fence && t1_go) || step) && warp_ok) begin
      lt_we = 1'b1;
      lt_live_d[e_warp] = 1'b1;
    end

    if (t1_go) begin
      if (e_type == scord_pkg::EvBar) begin
        bar_d[e_cta * BarrierIdBits +: BarrierIdBits] =
            bar_q[e_cta * BarrierIdBits +: BarrierIdBits] + 1'b1;
      end

      if (e_type == scord_pkg::EvCta) begin
        // A new CTA's warps start with empty lock tables; counters carry on.
        lt_live_d = lt_live_q & ~cta_warps;
      end

      if (e_type == scord_pkg::EvKernel) begin
        // Section 7: lock tables and barrier counters back to reset.
        lt_live_d   = '0;
        bar_d       = '0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lt_live_q       <= '0;
      bar_q           <= '0;
    end else begin
      lt_live_q       <= lt_live_d;
      bar_q           <= bar_d;
    end
  end
  // The header of the beat in T1, entering the packet spill register when sent.
  assign pkt_d = {is_fence ? scord_pkg::PktFence : scord_pkg::PktAccess,
                  e_cta, e_warp, blk_id, bar_q[e_cta * BarrierIdBits +: BarrierIdBits],
                  is_access ? bloom_now : BloomW'(0),
                  (e_type == scord_pkg::EvLd) ? scord_pkg::KindLd :
                  (e_type == scord_pkg::EvSt) ? scord_pkg::KindSt : scord_pkg::KindAtom,
                  is_access && (e_volatile || (e_type == scord_pkg::EvAtom)),
                  (e_type == scord_pkg::EvAtom) && !dev_scope,
                  is_fence && dev_scope,
                  e_pc};
  scord_spill_reg #(.Width(PktW)) u_pkt_reg (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(t1_valid_q && has_pkt && !t1_sent_q),
    .ready_o(pkt_room),
    .data_i (pkt_d),
    .valid_o(pkt_valid_o),
    .ready_i(pkt_ready_i),
    .data_o (pkt_q)
  );

  // ---- Outputs ---------------------------------------------------------------------------
  assign pkt_sm_o = SmBits'(SmId);
  assign {pkt_type_o, pkt_cta_o, pkt_warp_o, pkt_block_o, pkt_barrier_o, pkt_bloom_o, pkt_kind_o,
          pkt_strong_o, pkt_atom_blk_o, pkt_fence_dev_o, pkt_pc_o} = pkt_q;

  // Ready/valid interfaces: a valid is held with its payload until its handshake (the
  // sender's side as an assumption, this block's as an assertion; docs/assertions.md).
  `SCORD_ASSUME(EvHeld, !$past(rst_ni && ev_valid_i && !ev_ready_o) || (ev_valid_i &&
                $stable({ev_type_i, ev_cta_i, ev_warp_i, ev_first_warp_i, ev_warps_i,
                         ev_scope_i, ev_op_i, ev_volatile_i, ev_has_cmp_i, ev_has_val_i,
                         ev_has_old_i, ev_cmp_i, ev_val_i, ev_old_i, ev_lane_valid_i,
                         ev_lane_hash_i, ev_pc_i})),
                clk_i, !rst_ni)
  `SCORD_ASSERT(PktHeld, !$past(rst_ni && pkt_valid_o && !pkt_ready_i) || (pkt_valid_o &&
                $stable({pkt_type_o, pkt_sm_o, pkt_cta_o, pkt_warp_o, pkt_block_o, pkt_barrier_o,
                         pkt_bloom_o, pkt_kind_o, pkt_strong_o, pkt_atom_blk_o, pkt_fence_dev_o,
                         pkt_pc_o})), clk_i, !rst_ni)
  // A header enters the packet register once per beat.
  `SCORD_ASSERT(OneHeader, !(send && t1_sent_q), clk_i, !rst_ni)
  `SCORD_ASSERT(WalkAfterHeader, !step || t1_sent_q || send || !has_pkt, clk_i, !rst_ni)

  // Bits deliberately unused (the arithmetic's unread high bits, fields of the beat not decoded).
  logic unused_bits;
  assign unused_bits = ^{blk_w, blk1_w, cta_hi[WarpsPerSm], cta_lo[WarpsPerSm]};

endmodule
