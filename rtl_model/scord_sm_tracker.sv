// scord_sm_tracker.sv -- the SM-side half of ScoRD (architecture.md "SM tracker"), one
// instance per SM.  Owns the per-warp lock tables, the bloom of active locks and the
// per-CTA-slot barrier counters (detector.md section 3).  It consumes the SM's events one
// lane per beat and emits, on ONE ordered channel, an access packet per ld/st/atom lane
// and a notification per fence, so fences stay ordered with accesses at the detector.
//
// Timing: one beat per cycle.  The packet leaves from a one-entry output register; a beat
// that produces a packet is accepted when that register is empty or drains this cycle
// (ev_ready_o depends combinationally on pkt_ready_i).  bar/cta/kernel beats produce no
// packet and are always accepted.
module scord_sm_tracker #(
  parameter int NumSms        = scord_pkg::NumSms,
  parameter int CtasPerSm     = scord_pkg::CtasPerSm,
  parameter int WarpsPerSm    = scord_pkg::WarpsPerSm,
  parameter int BlockIdBits   = scord_pkg::BlockIdBits,
  parameter int WarpIdBits    = scord_pkg::WarpIdBits,
  parameter int BarrierIdBits = scord_pkg::BarrierIdBits,
  parameter int BloomBinBits  = scord_pkg::BloomBinBits,
  parameter int LockEntries   = scord_pkg::LockEntries,
  parameter int AddrBits      = scord_pkg::AddrBits,
  parameter int PcBits        = scord_pkg::PcBits,
  parameter int SmId          = 0   // which SM this tracker serves
) (
  input  logic clk_i,
  input  logic rst_ni,

  // Event channel: one lane per beat, in the SM's program order.
  input  logic                                     ev_valid_i,
  output logic                                     ev_ready_o,
  input  logic [2:0]                               ev_type_i,    // scord_pkg::Ev*
  input  logic                                     ev_first_i,   // first lane of instruction
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
  input  logic [AddrBits-1:0]                      ev_addr_i,    // this lane's address
  input  logic [PcBits-1:0]                        ev_pc_i,

  // Packet channel to the detector (access lanes and fence notifications, in order).
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
  output logic [AddrBits-1:0]                      pkt_addr_o,
  output logic [PcBits-1:0]                        pkt_pc_o
);
  localparam int SmBits   = scord_pkg::idx_bits(NumSms);
  localparam int CtaBits  = scord_pkg::idx_bits(CtasPerSm);
  localparam int K        = $clog2(BloomBinBits);  // bits of one bin index
  localparam int HashBits = 2 * K;                 // lock-word hash width (section 3)
  localparam int BloomW   = 2 * BloomBinBits;
  localparam int LeW      = LockEntries;
  localparam int RowAW    = LockEntries * HashBits;

  // ---- State -------------------------------------------------------------------------
  // Lock tables, flattened: warp w entry e at index w*LockEntries+e, oldest first; the
  // valid entries of a warp are always contiguous from entry 0.
  logic [WarpsPerSm*LeW-1:0]   lt_valid_d, lt_valid_q;
  logic [WarpsPerSm*LeW-1:0]   lt_active_d, lt_active_q;
  logic [WarpsPerSm*LeW-1:0]   lt_dev_d, lt_dev_q;      // 1 = device scope
  logic [WarpsPerSm*RowAW-1:0] lt_a_d, lt_a_q;          // lock-word hash
  logic [CtasPerSm*BarrierIdBits-1:0] bar_d, bar_q;     // barrier counter per CTA slot
  logic [BloomW-1:0]           bloom_d, bloom_q;        // bloom of the current instruction

  logic                     pkt_valid_d, pkt_valid_q;
  logic [1:0]               pkt_type_d, pkt_type_q;
  logic [CtaBits-1:0]       pkt_cta_d, pkt_cta_q;
  logic [WarpIdBits-1:0]    pkt_warp_d, pkt_warp_q;
  logic [BlockIdBits-1:0]   pkt_block_d, pkt_block_q;
  logic [BarrierIdBits-1:0] pkt_barrier_d, pkt_barrier_q;
  logic [BloomW-1:0]        pkt_bloom_d, pkt_bloom_q;
  logic [1:0]               pkt_kind_d, pkt_kind_q;
  logic                     pkt_strong_d, pkt_strong_q;
  logic                     pkt_atom_blk_d, pkt_atom_blk_q;
  logic                     pkt_fence_dev_d, pkt_fence_dev_q;
  logic [AddrBits-1:0]      pkt_addr_d, pkt_addr_q;
  logic [PcBits-1:0]        pkt_pc_d, pkt_pc_q;

  // ---- Decode of the incoming beat ----------------------------------------------------
  logic is_access, is_fence, has_pkt, accept;
  logic dev_scope;                  // gpu or sys (sys folds into device, decision 9)
  logic lk_acquire, lk_release;
  logic [HashBits-1:0] a_hash;
  logic [31:0] blk32, blk1_32, warp32, first32, last32, cta32;
  logic [BlockIdBits-1:0] blk_id;

  assign is_access = (ev_type_i == scord_pkg::EvLd) || (ev_type_i == scord_pkg::EvSt) ||
                     (ev_type_i == scord_pkg::EvAtom);
  assign is_fence  = (ev_type_i == scord_pkg::EvFence);
  assign has_pkt   = is_access || is_fence;
  assign ev_ready_o = !has_pkt || !pkt_valid_q || pkt_ready_i;
  assign accept    = ev_valid_i && ev_ready_o;
  assign dev_scope = (ev_scope_i != scord_pkg::ScopeCta);

  // Section 3: lk_acquire = cas 0 -> 1 that returned 0; lk_release = exch writing 0.
  assign lk_acquire = (ev_type_i == scord_pkg::EvAtom) && (ev_op_i == scord_pkg::OpCas) &&
                   ev_has_cmp_i && (ev_cmp_i == 32'd0) && ev_has_val_i &&
                   (ev_val_i == 32'd1) && ev_has_old_i && (ev_old_i == 32'd0);
  assign lk_release = (ev_type_i == scord_pkg::EvAtom) && (ev_op_i == scord_pkg::OpExch) &&
                   ev_has_val_i && (ev_val_i == 32'd0);
  assign a_hash  = ev_addr_i[2 +: HashBits];  // (lockaddr >> 2) mod 2^(2k)

  // BlockID = sm * CtasPerSm + cta (section 2).
  always_comb begin
    cta32 = '0;
    cta32[CtaBits-1:0] = ev_cta_i;
    warp32 = '0;
    warp32[WarpIdBits-1:0] = ev_warp_i;
    first32 = '0;
    first32[WarpIdBits-1:0] = ev_first_warp_i;
    last32 = '0;
    last32[WarpIdBits:0] = ev_warps_i;
    last32 = first32 + last32;   // one past the last warp of a starting CTA
    blk32 = SmId * CtasPerSm + cta32;
    blk1_32 = blk32 + 32'd1;
  end
  assign blk_id = blk32[BlockIdBits-1:0];

  // ---- Current row (the beat's warp) ---------------------------------------------------
  logic [LeW-1:0]   row_v, row_act, row_dev;
  logic [RowAW-1:0] row_a;
  logic             warp_ok;
  assign warp_ok = (warp32 < WarpsPerSm);
  always_comb begin
    row_v = '0;
    row_act = '0;
    row_dev = '0;
    row_a = '0;
    if (warp_ok) begin
      row_v   = lt_valid_q[ev_warp_i * LeW +: LeW];
      row_act = lt_active_q[ev_warp_i * LeW +: LeW];
      row_dev = lt_dev_q[ev_warp_i * LeW +: LeW];
      row_a   = lt_a_q[ev_warp_i * RowAW +: RowAW];
    end
  end

  // Bloom of the warp's valid and active locks (section 3, scope inclusion): a block
  // entry sets h = a ^ (BlockID+1), a device entry sets both h and a.
  logic [BloomBinBits-1:0] bin_a, bin_b;
  logic [HashBits-1:0]     h_blk, h_a;
  logic [BloomW-1:0]       bloom_now, lane_bloom;
  always_comb begin
    bin_a = '0;
    bin_b = '0;
    h_blk = '0;
    h_a   = '0;
    for (int e = 0; e < LockEntries; e++) begin
      if (row_v[e] && row_act[e]) begin
        h_a   = row_a[e*HashBits +: HashBits];
        h_blk = h_a ^ blk1_32[HashBits-1:0];
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
  // Decision 12: one bloom per instruction, built before its first lane.
  assign lane_bloom = ev_first_i ? bloom_now : bloom_q;

  // ---- Lock-table row update -----------------------------------------------------------
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
    for (int e = 0; e < LockEntries; e++) begin
      if (row_v[e] && (row_a[e*HashBits +: HashBits] == a_hash) && (row_dev[e] == dev_scope))
        hit = 1'b1;
    end
    if (is_fence) begin
      // Activate entries of matching or lesser scope.
      for (int e = 0; e < LockEntries; e++) begin
        if (row_v[e] && (dev_scope || !row_dev[e])) nrow_act[e] = 1'b1;
      end
    end else if (lk_acquire) begin
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
    end else if (lk_release) begin
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

  // ---- Next state ----------------------------------------------------------------------
  always_comb begin
    lt_valid_d  = lt_valid_q;
    lt_active_d = lt_active_q;
    lt_dev_d    = lt_dev_q;
    lt_a_d      = lt_a_q;
    bar_d       = bar_q;
    bloom_d     = bloom_q;

    pkt_valid_d     = pkt_valid_q && !pkt_ready_i;
    pkt_type_d      = pkt_type_q;
    pkt_cta_d       = pkt_cta_q;
    pkt_warp_d      = pkt_warp_q;
    pkt_block_d     = pkt_block_q;
    pkt_barrier_d   = pkt_barrier_q;
    pkt_bloom_d     = pkt_bloom_q;
    pkt_kind_d      = pkt_kind_q;
    pkt_strong_d    = pkt_strong_q;
    pkt_atom_blk_d  = pkt_atom_blk_q;
    pkt_fence_dev_d = pkt_fence_dev_q;
    pkt_addr_d      = pkt_addr_q;
    pkt_pc_d        = pkt_pc_q;

    if (accept) begin
      if (has_pkt) begin
        pkt_valid_d     = 1'b1;
        pkt_type_d      = is_fence ? scord_pkg::PktFence : scord_pkg::PktAccess;
        pkt_cta_d       = ev_cta_i;
        pkt_warp_d      = ev_warp_i;
        pkt_block_d     = blk_id;
        pkt_barrier_d   = bar_q[ev_cta_i * BarrierIdBits +: BarrierIdBits];
        pkt_bloom_d     = is_access ? lane_bloom : '0;
        pkt_kind_d      = (ev_type_i == scord_pkg::EvLd) ? scord_pkg::KindLd :
                          (ev_type_i == scord_pkg::EvSt) ? scord_pkg::KindSt :
                                                           scord_pkg::KindAtom;
        pkt_strong_d    = is_access && (ev_volatile_i || (ev_type_i == scord_pkg::EvAtom));
        pkt_atom_blk_d  = (ev_type_i == scord_pkg::EvAtom) && !dev_scope;
        pkt_fence_dev_d = is_fence && dev_scope;
        pkt_addr_d      = ev_addr_i;
        pkt_pc_d        = ev_pc_i;
      end
      if (is_access && ev_first_i) bloom_d = bloom_now;

      // Lock effect of a fence or atomic lane comes after its own packet (section 3).
      if ((is_fence || lk_acquire || lk_release) && warp_ok) begin
        lt_valid_d[ev_warp_i * LeW +: LeW]    = nrow_v;
        lt_active_d[ev_warp_i * LeW +: LeW]   = nrow_act;
        lt_dev_d[ev_warp_i * LeW +: LeW]      = nrow_dev;
        lt_a_d[ev_warp_i * RowAW +: RowAW]    = nrow_a;
      end

      if (ev_type_i == scord_pkg::EvBar) begin
        bar_d[ev_cta_i * BarrierIdBits +: BarrierIdBits] =
            bar_q[ev_cta_i * BarrierIdBits +: BarrierIdBits] + 1'b1;
      end

      if (ev_type_i == scord_pkg::EvCta) begin
        // A new CTA's warps start with empty lock tables; counters carry on.
        for (int w = 0; w < WarpsPerSm; w++) begin
          if ((w >= first32) && (w < last32)) begin
            lt_valid_d[w*LeW +: LeW]  = '0;
            lt_active_d[w*LeW +: LeW] = '0;
            lt_dev_d[w*LeW +: LeW]    = '0;
            lt_a_d[w*RowAW +: RowAW]  = '0;
          end
        end
      end

      if (ev_type_i == scord_pkg::EvKernel) begin
        // Section 7: lock tables and barrier counters back to reset.
        lt_valid_d  = '0;
        lt_active_d = '0;
        lt_dev_d    = '0;
        lt_a_d      = '0;
        bar_d       = '0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lt_valid_q      <= '0;
      lt_active_q     <= '0;
      lt_dev_q        <= '0;
      lt_a_q          <= '0;
      bar_q           <= '0;
      bloom_q         <= '0;
      pkt_valid_q     <= 1'b0;
      pkt_type_q      <= '0;
      pkt_cta_q       <= '0;
      pkt_warp_q      <= '0;
      pkt_block_q     <= '0;
      pkt_barrier_q   <= '0;
      pkt_bloom_q     <= '0;
      pkt_kind_q      <= '0;
      pkt_strong_q    <= 1'b0;
      pkt_atom_blk_q  <= 1'b0;
      pkt_fence_dev_q <= 1'b0;
      pkt_addr_q      <= '0;
      pkt_pc_q        <= '0;
    end else begin
      lt_valid_q      <= lt_valid_d;
      lt_active_q     <= lt_active_d;
      lt_dev_q        <= lt_dev_d;
      lt_a_q          <= lt_a_d;
      bar_q           <= bar_d;
      bloom_q         <= bloom_d;
      pkt_valid_q     <= pkt_valid_d;
      pkt_type_q      <= pkt_type_d;
      pkt_cta_q       <= pkt_cta_d;
      pkt_warp_q      <= pkt_warp_d;
      pkt_block_q     <= pkt_block_d;
      pkt_barrier_q   <= pkt_barrier_d;
      pkt_bloom_q     <= pkt_bloom_d;
      pkt_kind_q      <= pkt_kind_d;
      pkt_strong_q    <= pkt_strong_d;
      pkt_atom_blk_q  <= pkt_atom_blk_d;
      pkt_fence_dev_q <= pkt_fence_dev_d;
      pkt_addr_q      <= pkt_addr_d;
      pkt_pc_q        <= pkt_pc_d;
    end
  end

  // ---- Outputs ---------------------------------------------------------------------------
  logic [31:0] sm32;
  assign sm32 = SmId;
  assign pkt_valid_o     = pkt_valid_q;
  assign pkt_type_o      = pkt_type_q;
  assign pkt_sm_o        = sm32[SmBits-1:0];
  assign pkt_cta_o       = pkt_cta_q;
  assign pkt_warp_o      = pkt_warp_q;
  assign pkt_block_o     = pkt_block_q;
  assign pkt_barrier_o   = pkt_barrier_q;
  assign pkt_bloom_o     = pkt_bloom_q;
  assign pkt_kind_o      = pkt_kind_q;
  assign pkt_strong_o    = pkt_strong_q;
  assign pkt_atom_blk_o  = pkt_atom_blk_q;
  assign pkt_fence_dev_o = pkt_fence_dev_q;
  assign pkt_addr_o      = pkt_addr_q;
  assign pkt_pc_o        = pkt_pc_q;

  // Bits deliberately unused (kept for readable 32-bit arithmetic).
  logic unused_bits;
  assign unused_bits = ^{blk32, blk1_32, sm32, ev_addr_i[1:0]};

endmodule
