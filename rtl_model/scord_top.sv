// scord_top.sv -- ScoRD as the GPU instantiates it (docs/rtl.md "scord_top"): one
// scord_sm_tracker per SM beside the SM's request path (the lane addresses), the
// interconnect's merge into the one detector input, and the line-rate detector
// (scord_line_detector) with its per-slice metadata ports and race ring.
//
// The merge: which SM's packet enters the detector next is the interconnect's choice, so it is
// an input (merge_sel_i, valid under merge_en_i; NumSms selects the host's kernel-boundary
// packet).  A verification harness chooses it in the order its reference model applies the
// events; pkt_valid_o (flops) tells it which SMs hold a packet.
//
// Events reach the trackers on one shared payload with a valid per SM (one SM's event per
// cycle): the trackers still work concurrently on the events they hold, and the harness needs
// one bus instead of NumSms.  An access is one beat with all its lanes (ev_lane_valid_i, one
// address per lane), as the SM issues a warp instruction; a fence one beat; a kernel boundary
// one beat to every tracker.  The request path keeps each access's lane addresses in a FIFO
// (AddrDepth entries, one per access the tracker can hold) until its header leaves the tracker;
// the detector's packet is that header with those lanes.
module scord_top #(
  parameter int          NumSms         = scord_pkg::NumSms,
  parameter int          CtasPerSm      = scord_pkg::CtasPerSm,
  parameter int          WarpsPerSm     = scord_pkg::WarpsPerSm,
  parameter int          BlockIdBits    = scord_pkg::idx_bits(NumSms * CtasPerSm),
  parameter int          WarpIdBits     = scord_pkg::idx_bits(WarpsPerSm),
  parameter int          FenceIdBits    = scord_pkg::FenceIdBits,
  parameter int          BarrierIdBits  = scord_pkg::BarrierIdBits,
  parameter int          BloomBinBits   = scord_pkg::BloomBinBits,
  parameter int          LockEntries    = scord_pkg::LockEntries,
  parameter int          TagBits        = scord_pkg::TagBits,
  parameter int          MdRatio        = scord_pkg::MdRatio,
  parameter int          Granule        = scord_pkg::Granule,
  parameter logic [63:0] HeapBase       = scord_pkg::HeapBase,
  parameter logic [63:0] HeapBytes      = scord_pkg::HeapBytes,
  parameter int          AddrBits       = scord_pkg::AddrBits,
  parameter bit          StrongOps      = scord_pkg::StrongOps,
  parameter int          PcBits         = scord_pkg::PcBits,
  parameter int          RingMaxLog2    = scord_pkg::RingMaxLog2,
  parameter int          Lanes          = scord_pkg::Lanes,
  parameter int          Slices         = scord_pkg::Slices,
  parameter int          OwnerPorts     = scord_pkg::OwnerPorts,
  parameter int          MaxOutstanding = scord_pkg::MaxOutstanding,
  parameter int          PredSets       = scord_pkg::PredSets,
  parameter int          PredWays       = scord_pkg::PredWays,
  parameter int          QueueDepth     = scord_pkg::QueueDepth,
  parameter int          BufImpl        = scord_pkg::BufImpl,
  parameter int          BufBanks       = scord_pkg::BufBanks,
  parameter int          BufReadCycles  = scord_pkg::BufReadCycles,
  parameter int          BufMinCycles   = scord_pkg::BufMinCycles,
  parameter int          PredImpl       = scord_pkg::PredImpl,
  parameter bit          StepObs        = 1'b0,
  localparam int IndexBits     = $clog2(HeapBytes) - $clog2(Granule) - $clog2(MdRatio),
  localparam int LineBits      = IndexBits - 4,
  localparam int SliceBits     = scord_pkg::idx_bits(Slices),
  localparam int SliceLineBits = (Slices > 1) ? LineBits - SliceBits : LineBits,
  localparam int SlotBits      = scord_pkg::idx_bits(MaxOutstanding)
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // Events: a valid per SM, one shared payload.
  input  logic [NumSms-1:0]          ev_valid_i,
  output logic [NumSms-1:0]          ev_ready_o,
  input  logic [2:0]                 ev_type_i,
  input  logic [15:0]                ev_cta_i,
  input  logic [15:0]                ev_warp_i,
  input  logic [15:0]                ev_first_warp_i,
  input  logic [15:0]                ev_warps_i,
  input  logic [1:0]                 ev_scope_i,
  input  logic [3:0]                 ev_op_i,
  input  logic                       ev_volatile_i,
  input  logic                       ev_has_cmp_i,
  input  logic                       ev_has_val_i,
  input  logic                       ev_has_old_i,
  input  logic [31:0]                ev_cmp_i,
  input  logic [31:0]                ev_val_i,
  input  logic [31:0]                ev_old_i,
  input  logic [Lanes-1:0]           ev_lane_valid_i,
  input  logic [Lanes*64-1:0]        ev_addr_i,      // lane l at [64*l +: 64]
  input  logic [63:0]                ev_pc_i,
  // The interconnect's merge.
  input  logic [15:0]                merge_sel_i,
  input  logic                       merge_en_i,
  output logic [NumSms-1:0]          pkt_valid_o,   // each SM holds a packet for the merge
  output logic                       det_in_valid_o,
  output logic                       det_in_ready_o,
  // Metadata memory, one line port per slice (scord_line_detector).
  output logic [Slices-1:0]               mem_rd_valid_o,
  input  logic [Slices-1:0]               mem_rd_ready_i,
  output logic [Slices*SliceLineBits-1:0] mem_rd_line_o,
  output logic [Slices*SlotBits-1:0]      mem_rd_tag_o,
  output logic [Slices-1:0]               mem_wr_valid_o,
  input  logic [Slices-1:0]               mem_wr_ready_i,
  output logic [Slices*SliceLineBits-1:0] mem_wr_line_o,
  output logic [Slices*16-1:0]            mem_wr_mask_o,
  output logic [Slices*1024-1:0]          mem_wr_data_o,
  input  logic [Slices-1:0]               mem_rsp_valid_i,
  output logic [Slices-1:0]               mem_rsp_ready_o,
  input  logic [Slices*SlotBits-1:0]      mem_rsp_tag_i,
  input  logic [Slices*1024-1:0]          mem_rsp_data_i,
  output logic                            mem_clr_valid_o,
  input  logic                            mem_clr_ready_i,
  // The race ring (docs/race_ring.md).
  input  logic [63:0]                 ring_base_i,
  input  logic [$clog2(RingMaxLog2+1)-1:0] ring_size_log2_i,
  input  logic [31:0]                 ring_head_i,
  output logic [31:0]                 ring_tail_o,
  output logic [63:0]                 race_overflow_o,
  output logic                        ring_wr_valid_o,
  input  logic                        ring_wr_ready_i,
  output logic [63:0]                 ring_wr_addr_o,
  output logic [scord_pkg::RingRecBytes*8-1:0] ring_wr_data_o,
  output logic                        idle_o,
  output logic [Slices-1:0]           coll_stall_o,
  output logic [Slices-1:0]           group_stall_o,
  output logic [Slices-1:0]           step_valid_o,
  output logic [Slices-1:0]           step_write_o,
  output logic [Slices*16-1:0]        step_first_o,
  output logic [Slices*16-1:0]        step_second_o,
  output logic [Slices*64-1:0]        step1_o,
  output logic [Slices*64-1:0]        step2_o
);
  localparam int SmBits  = scord_pkg::idx_bits(NumSms);
  localparam int CtaBits = scord_pkg::idx_bits(CtasPerSm);
  localparam int BlW     = 2 * BloomBinBits;
  // The packet header of one SM (from bit 0).
  localparam int GPc   = 0;
  localparam int GFd   = GPc + PcBits;
  localparam int GAb   = GFd + 1;
  localparam int GStr  = GAb + 1;
  localparam int GKind = GStr + 1;
  localparam int GBl   = GKind + 2;
  localparam int GBar  = GBl + BlW;
  localparam int GBlk  = GBar + BarrierIdBits;
  localparam int GWarp = GBlk + BlockIdBits;
  localparam int GCta  = GWarp + WarpIdBits;
  localparam int GSm   = GCta + CtaBits;
  localparam int GHdrW = GSm + SmBits;
  localparam int HashBits = 2 * $clog2(BloomBinBits);
  // Accesses a tracker holds at most: two in its input register, one in T1, two in its packet
  // register.  The address FIFO has a slot for each, so it is never what stops an event.
  localparam int AddrDepth = 5;
  localparam int LaneW     = Lanes + Lanes * AddrBits;

  logic [NumSms-1:0]           g_valid, g_ready;
  logic [1:0]                  g_type [NumSms];
  logic [GHdrW-1:0]            g_hdr  [NumSms];
  logic [Lanes-1:0]            g_mask [NumSms];
  logic [Lanes*AddrBits-1:0]   g_addr [NumSms];

  // The lanes of the event on the bus: each lane's address cut to AddrBits, and its lock-word
  // hash (detector.md section 3), the only address bits the tracker reads.
  logic [Lanes*AddrBits-1:0] ev_addr_cut;
  logic [Lanes*HashBits-1:0] ev_hash;
  logic                      ev_is_access;
  for (genvar l = 0; l < Lanes; l++) begin : g_lane
    assign ev_addr_cut[l*AddrBits +: AddrBits] = ev_addr_i[l*64 +: AddrBits];
    assign ev_hash[l*HashBits +: HashBits]     = ev_addr_i[l*64 + 2 +: HashBits];
  end
  assign ev_is_access = (ev_type_i == scord_pkg::EvLd) || (ev_type_i == scord_pkg::EvSt) ||
                        (ev_type_i == scord_pkg::EvAtom);

  for (genvar s = 0; s < NumSms; s++) begin : g_sm
    logic                  t_valid, t_ready, a_valid, a_ready, a_room;
    logic [1:0]            t_type;
    logic [GHdrW-1:0]      t_hdr;
    logic [LaneW-1:0]      a_data;
    logic                  t_ev_ready, a_push, a_room2;
    logic [1:0]            unused_a_peek;
    scord_sm_tracker #(
      .NumSms       (NumSms),
      .CtasPerSm    (CtasPerSm),
      .WarpsPerSm   (WarpsPerSm),
      .BlockIdBits  (BlockIdBits),
      .WarpIdBits   (WarpIdBits),
      .BarrierIdBits(BarrierIdBits),
      .BloomBinBits (BloomBinBits),
      .LockEntries  (LockEntries),
      .Lanes        (Lanes),
      .PcBits       (PcBits),
      .SmId         (s)
    ) u_trk (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .ev_valid_i     (ev_valid_i[s]),
      .ev_ready_o     (t_ev_ready),
      .ev_type_i      (ev_type_i),
      .ev_cta_i       (ev_cta_i[CtaBits-1:0]),
      .ev_warp_i      (ev_warp_i[WarpIdBits-1:0]),
      .ev_first_warp_i(ev_first_warp_i[WarpIdBits-1:0]),
      .ev_warps_i     (ev_warps_i[WarpIdBits:0]),
      .ev_scope_i     (ev_scope_i),
      .ev_op_i        (ev_op_i),
      .ev_volatile_i  (ev_volatile_i),
      .ev_has_cmp_i   (ev_has_cmp_i),
      .ev_has_val_i   (ev_has_val_i),
      .ev_has_old_i   (ev_has_old_i),
      .ev_cmp_i       (ev_cmp_i),
      .ev_val_i       (ev_val_i),
      .ev_old_i       (ev_old_i),
      .ev_lane_valid_i(ev_lane_valid_i),
      .ev_lane_hash_i (ev_hash),
      .ev_pc_i        (ev_pc_i[PcBits-1:0]),
      .pkt_valid_o    (t_valid),
      .pkt_ready_i    (t_ready),
      .pkt_type_o     (t_type),
      .pkt_sm_o       (t_hdr[GSm +: SmBits]),
      .pkt_cta_o      (t_hdr[GCta +: CtaBits]),
      .pkt_warp_o     (t_hdr[GWarp +: WarpIdBits]),
      .pkt_block_o    (t_hdr[GBlk +: BlockIdBits]),
      .pkt_barrier_o  (t_hdr[GBar +: BarrierIdBits]),
      .pkt_bloom_o    (t_hdr[GBl +: BlW]),
      .pkt_kind_o     (t_hdr[GKind +: 2]),
      .pkt_strong_o   (t_hdr[GStr]),
      .pkt_atom_blk_o (t_hdr[GAb]),
      .pkt_fence_dev_o(t_hdr[GFd]),
      .pkt_pc_o       (t_hdr[GPc +: PcBits])
    );
    // The SM's request path: an access's lanes, pushed when its tracker takes the event.
    assign ev_ready_o[s] = t_ev_ready;
    assign a_push        = ev_valid_i[s] && t_ev_ready && ev_is_access;
    scord_fifo #(
      .Width(LaneW),
      .Depth(AddrDepth)
    ) u_lanes (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(a_push),
      .ready_o(a_room),
      .room2_o(a_room2),
      .data_i ({ev_lane_valid_i, ev_addr_cut}),
      .valid_o(a_valid),
      .ready_i(a_ready),
      .data_o (a_data),
      .peek_hold_o(unused_a_peek[0]),
      .peek_pop_o (unused_a_peek[1])
    );
    assign g_valid[s] = t_valid;
    assign g_type[s]  = t_type;
    assign g_hdr[s]   = t_hdr;
    assign {g_mask[s], g_addr[s]} = (t_type == scord_pkg::PktAccess) ? a_data : '0;
    assign t_ready    = g_ready[s];
    assign a_ready    = g_ready[s] && t_valid && (t_type == scord_pkg::PktAccess);
    // Every access the tracker holds has its lanes queued: the FIFO has room for each, and an
    // access header never leaves before its lanes.
    `SCORD_ASSERT(LanesRoom, !a_push || a_room, clk_i, !rst_ni)
    `SCORD_ASSERT(LanesWithHeader, !(t_valid && t_type == scord_pkg::PktAccess) || a_valid,
                  clk_i, !rst_ni)
    logic unused_room2;
    assign unused_room2 = a_room2;
  end

  // ---- The merge: the selected SM's packet, or the host's kernel-boundary packet ---------------
  logic                      m_valid, m_ready, sel_host;
  logic [1:0]                m_type;
  logic [GHdrW-1:0]          m_hdr;
  logic [Lanes-1:0]          m_mask;
  logic [Lanes*AddrBits-1:0] m_addr;
  logic [31:0]               sel32;
  assign sel32    = {16'd0, merge_sel_i};
  assign sel_host = (sel32 == NumSms);
  always_comb begin
    m_valid = 1'b0;
    m_type  = scord_pkg::PktKernel;
    m_hdr   = '0;
    m_mask  = '0;
    m_addr  = '0;
    g_ready = '0;
    if (sel_host) begin
      m_valid = merge_en_i;
    end else if (sel32 < NumSms) begin
      m_valid = merge_en_i && g_valid[merge_sel_i[SmBits-1:0]];
      m_type  = g_type[merge_sel_i[SmBits-1:0]];
      m_hdr   = g_hdr[merge_sel_i[SmBits-1:0]];
      m_mask  = g_mask[merge_sel_i[SmBits-1:0]];
      m_addr  = g_addr[merge_sel_i[SmBits-1:0]];
      g_ready[merge_sel_i[SmBits-1:0]] = merge_en_i && m_ready;
    end
  end
  assign pkt_valid_o    = g_valid;
  assign det_in_valid_o = m_valid;
  assign det_in_ready_o = m_ready;

  scord_line_detector #(
    .NumSms        (NumSms),
    .CtasPerSm     (CtasPerSm),
    .WarpsPerSm    (WarpsPerSm),
    .BlockIdBits   (BlockIdBits),
    .WarpIdBits    (WarpIdBits),
    .FenceIdBits   (FenceIdBits),
    .BarrierIdBits (BarrierIdBits),
    .BloomBinBits  (BloomBinBits),
    .TagBits       (TagBits),
    .MdRatio       (MdRatio),
    .Granule       (Granule),
    .HeapBase      (HeapBase),
    .HeapBytes     (HeapBytes),
    .AddrBits      (AddrBits),
    .RingMaxLog2   (RingMaxLog2),
    .StrongOps     (StrongOps),
    .PcBits        (PcBits),
    .Lanes         (Lanes),
    .Slices        (Slices),
    .OwnerPorts    (OwnerPorts),
    .MaxOutstanding(MaxOutstanding),
    .PredSets      (PredSets),
    .PredWays      (PredWays),
    .QueueDepth    (QueueDepth),
    .BufImpl       (BufImpl),
    .BufBanks      (BufBanks),
    .BufReadCycles (BufReadCycles),
    .BufMinCycles  (BufMinCycles),
    .PredImpl      (PredImpl),
    .StepObs       (StepObs)
  ) u_det (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .in_valid_i      (m_valid),
    .in_ready_o      (m_ready),
    .in_type_i       (m_type),
    .in_sm_i         (m_hdr[GSm +: SmBits]),
    .in_cta_i        (m_hdr[GCta +: CtaBits]),
    .in_warp_i       (m_hdr[GWarp +: WarpIdBits]),
    .in_block_i      (m_hdr[GBlk +: BlockIdBits]),
    .in_barrier_i    (m_hdr[GBar +: BarrierIdBits]),
    .in_bloom_i      (m_hdr[GBl +: BlW]),
    .in_kind_i       (m_hdr[GKind +: 2]),
    .in_strong_i     (m_hdr[GStr]),
    .in_atom_blk_i   (m_hdr[GAb]),
    .in_fence_dev_i  (m_hdr[GFd]),
    .in_pc_i         (m_hdr[GPc +: PcBits]),
    .in_lane_valid_i (m_mask),
    .in_addr_i       (m_addr),
    .mem_rd_valid_o  (mem_rd_valid_o),
    .mem_rd_ready_i  (mem_rd_ready_i),
    .mem_rd_line_o   (mem_rd_line_o),
    .mem_rd_tag_o    (mem_rd_tag_o),
    .mem_wr_valid_o  (mem_wr_valid_o),
    .mem_wr_ready_i  (mem_wr_ready_i),
    .mem_wr_line_o   (mem_wr_line_o),
    .mem_wr_mask_o   (mem_wr_mask_o),
    .mem_wr_data_o   (mem_wr_data_o),
    .mem_rsp_valid_i (mem_rsp_valid_i),
    .mem_rsp_ready_o (mem_rsp_ready_o),
    .mem_rsp_tag_i   (mem_rsp_tag_i),
    .mem_rsp_data_i  (mem_rsp_data_i),
    .mem_clr_valid_o (mem_clr_valid_o),
    .mem_clr_ready_i (mem_clr_ready_i),
    .ring_base_i     (ring_base_i),
    .ring_size_log2_i(ring_size_log2_i),
    .ring_head_i     (ring_head_i),
    .ring_tail_o     (ring_tail_o),
    .race_overflow_o (race_overflow_o),
    .ring_wr_valid_o (ring_wr_valid_o),
    .ring_wr_ready_i (ring_wr_ready_i),
    .ring_wr_addr_o  (ring_wr_addr_o),
    .ring_wr_data_o  (ring_wr_data_o),
    .idle_o          (idle_o),
    .coll_stall_o    (coll_stall_o),
    .group_stall_o   (group_stall_o),
    .step_valid_o    (step_valid_o),
    .step_write_o    (step_write_o),
    .step_first_o    (step_first_o),
    .step_second_o   (step_second_o),
    .step1_o         (step1_o),
    .step2_o         (step2_o)
  );

  // Bits of the 16/64-bit event fields above the configured widths are not used.
  logic unused_top;
  assign unused_top = ^{ev_cta_i, ev_warp_i, ev_first_warp_i, ev_warps_i, ev_addr_i, ev_pc_i};
endmodule
