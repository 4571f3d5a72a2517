// scord_line_detector.sv -- the line-rate race detector (docs/rtl.md "Line-rate detector"):
// takes one warp instruction's lanes (a coalesced access, up to Lanes lanes), a fence or a
// kernel boundary per packet, in arrival order, and checks a 16-entry metadata line per cycle in
// each of Slices slices.  The splitter (scord_splitter) cuts a packet into beats, one per
// metadata line it touches, and hands each beat to the slice owning the line (line mod Slices);
// a fence goes to every slice at its place in the order.  Each slice (scord_line_slice) reads
// and writes its lines on its own memory port.  Race records merge round-robin into a small
// staging FIFO, from which scord_race_ring writes them to a ring in GPU memory that the host
// reads (docs/race_ring.md), with one overflow counter.
// Contract (docs/rtl.md "Line-rate detector"): for any packet stream the races, as a multiset, and
// the final metadata equal the C model's, which applies the lanes one at a time in arrival and lane
// order.  Why slices keep it: an entry always belongs to one slice, which sees its beats in arrival
// order; every slice sees every fence at its place among its own beats, so the fence counters it
// reads at an access are the sequential ones; only the interleaving of race records from different
// slices differs.  A kernel boundary waits until everything before it is checked and written back,
// then clears the metadata (mem_clr_*) and every fence-file copy.
// Workload: one packet per cycle in; one beat per cycle out of the splitter; Lanes outside the
// heap window need no check and are dropped after the splitter.
module scord_line_detector #(
  parameter int          NumSms         = scord_pkg::NumSms,
  parameter int          CtasPerSm      = scord_pkg::CtasPerSm,
  parameter int          WarpsPerSm     = scord_pkg::WarpsPerSm,
  parameter int          BlockIdBits    = scord_pkg::idx_bits(NumSms * CtasPerSm),
  parameter int          WarpIdBits     = scord_pkg::idx_bits(WarpsPerSm),
  parameter int          FenceIdBits    = scord_pkg::FenceIdBits,
  parameter int          BarrierIdBits  = scord_pkg::BarrierIdBits,
  parameter int          BloomBinBits   = scord_pkg::BloomBinBits,
  parameter int          TagBits        = scord_pkg::TagBits,
  parameter int          MdRatio        = scord_pkg::MdRatio,
  parameter int          Granule        = scord_pkg::Granule,
  parameter logic [63:0] HeapBase       = scord_pkg::HeapBase,
  parameter logic [63:0] HeapBytes      = scord_pkg::HeapBytes,
  parameter int          AddrBits       = scord_pkg::AddrBits,
  parameter int          RaceStageDepth = scord_pkg::RaceStageDepth,    // race records staged before the ring's port
  parameter int          RingMaxLog2    = scord_pkg::RingMaxLog2,   // the largest race ring the host may set (log2)
  parameter bit          StrongOps      = scord_pkg::StrongOps,
  parameter int          PcBits         = scord_pkg::PcBits,
  parameter int          Lanes          = scord_pkg::Lanes,   // lanes per packet (a warp)
  parameter int          Slices         = scord_pkg::Slices,    // power of two
  parameter int          OwnerPorts     = scord_pkg::OwnerPorts,    // owner fence-file reads per cycle per slice
  parameter int          MaxOutstanding = scord_pkg::MaxOutstanding,  // beats in flight per slice
  parameter int          PredSets       = scord_pkg::PredSets,
  parameter int          PredWays       = scord_pkg::PredWays,
  parameter int          QueueDepth     = scord_pkg::QueueDepth,    // beats queued per slice behind the splitter
  parameter int          BufImpl        = scord_pkg::BufImpl,
  parameter int          BufBanks       = scord_pkg::BufBanks,
  parameter int          BufReadCycles  = scord_pkg::BufReadCycles,
  parameter int          BufMinCycles   = scord_pkg::BufMinCycles,
  parameter int          PredImpl       = scord_pkg::PredImpl,
  parameter bit          StepObs        = 1'b0, // drive step_* (verification only)
  localparam int IndexBits     = $clog2(HeapBytes) - $clog2(Granule) - $clog2(MdRatio),
  localparam int LineBits      = IndexBits - 4,
  localparam int SliceBits     = scord_pkg::idx_bits(Slices),
  localparam int SliceLineBits = (Slices > 1) ? LineBits - SliceBits : LineBits,
  localparam int SlotBits      = scord_pkg::idx_bits(MaxOutstanding),
  localparam int SmBits        = scord_pkg::idx_bits(NumSms),
  localparam int CtaBits       = scord_pkg::idx_bits(CtasPerSm),
  localparam int HiBits        = $clog2(MdRatio),    // a lane's word beyond its entry (section 4)
  localparam int SubBits       = $clog2(Granule) - 2,
  localparam int OffBits       = (HiBits + SubBits > 0) ? HiBits + SubBits : 1
) (
  input  logic clk_i,
  input  logic rst_ni,

  // Packets in arrival order: an access (PktAccess, one instruction's lanes), a fence
  // (PktFence) or a kernel boundary (PktKernel).
  input  logic                        in_valid_i,
  output logic                        in_ready_o,
  input  logic [1:0]                  in_type_i,
  input  logic [SmBits-1:0]           in_sm_i,
  input  logic [CtaBits-1:0]          in_cta_i,
  input  logic [WarpIdBits-1:0]       in_warp_i,
  input  logic [BlockIdBits-1:0]      in_block_i,
  input  logic [BarrierIdBits-1:0]    in_barrier_i,
  input  logic [2*BloomBinBits-1:0]   in_bloom_i,
  input  logic [1:0]                  in_kind_i,
  input  logic                        in_strong_i,
  input  logic                        in_atom_blk_i,
  input  logic                        in_fence_dev_i,
  input  logic [PcBits-1:0]           in_pc_i,
  input  logic [Lanes-1:0]            in_lane_valid_i,
  input  logic [Lanes*AddrBits-1:0]   in_addr_i,

  // Metadata memory, one port per slice (slice s at s*width).  Slice s owns the global lines
  // line*Slices + s; entry k of a line is bits k*64 of its 1,024.  Reads are tagged and may be
  // answered in any order; each channel applies its requests in the order it accepts them.
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
  // Kernel boundary: every metadata entry back to its initial value (nothing outstanding).
  output logic                            mem_clr_valid_o,
  input  logic                            mem_clr_ready_i,

  // Race records (detector.md section 6) to the race ring in GPU memory (docs/race_ring.md):
  // host registers, and the ring's own write port (one 32-byte record per write).
  input  logic [63:0]                 ring_base_i,
  input  logic [$clog2(RingMaxLog2+1)-1:0] ring_size_log2_i,
  input  logic [31:0]                 ring_head_i,
  output logic [31:0]                 ring_tail_o,
  output logic [63:0]                 race_overflow_o,
  output logic                        ring_wr_valid_o,
  input  logic                        ring_wr_ready_i,
  output logic [63:0]                 ring_wr_addr_o,
  output logic [scord_pkg::RingRecBytes*8-1:0] ring_wr_data_o,

  output logic                        idle_o,          // nothing in flight
  output logic [Slices-1:0]           coll_stall_o,    // per slice, statistics
  output logic [Slices-1:0]           group_stall_o,
  // Step observation per slice (StepObs; scord_line_slice): slice s at s*width.
  output logic [Slices-1:0]           step_valid_o,
  output logic [Slices-1:0]           step_write_o,
  output logic [Slices*16-1:0]        step_first_o,
  output logic [Slices*16-1:0]        step_second_o,
  output logic [Slices*64-1:0]        step1_o,
  output logic [Slices*64-1:0]        step2_o
);
  localparam int BlW   = 2 * BloomBinBits;
  localparam int Slots = 16;
  // The packet's fields carried by the splitter (from bit 0).
  localparam int HPc    = 0;
  localparam int HFdev  = HPc + PcBits;
  localparam int HAblk  = HFdev + 1;
  localparam int HStr   = HAblk + 1;
  localparam int HKind  = HStr + 1;
  localparam int HBloom = HKind + 2;
  localparam int HBar   = HBloom + BlW;
  localparam int HBlock = HBar + BarrierIdBits;
  localparam int HWarp  = HBlock + BlockIdBits;
  localparam int HCta   = HWarp + WarpIdBits;
  localparam int HSm    = HCta + CtaBits;
  localparam int HdrW   = HSm + SmBits;
  // A queued beat (from bit 0).
  localparam int BOff2  = 0;
  localparam int BOff1  = BOff2 + Slots * OffBits;
  localparam int BTag   = BOff1 + Slots * OffBits;
  localparam int BSec   = BTag + Slots * TagBits;
  localparam int BSv    = BSec + Slots;
  localparam int BHdr   = BSv + Slots;
  localparam int BLine  = BHdr + HdrW;
  localparam int BBcast = BLine + SliceLineBits;
  localparam int BeatW  = BBcast + 1;
  // A race record in the buffer (from bit 0).
  localparam int ROw    = 0;
  localparam int ROb    = ROw + WarpIdBits;
  localparam int RAddr  = ROb + BlockIdBits;
  localparam int RPc    = RAddr + AddrBits;
  localparam int RWarp  = RPc + PcBits;
  localparam int RCta   = RWarp + WarpIdBits;
  localparam int RSm    = RCta + CtaBits;
  localparam int RBs    = RSm + SmBits;
  localparam int RKind  = RBs + 1;
  localparam int RType  = RKind + 2;
  localparam int RecW   = RType + 3;

  if (BlockIdBits < scord_pkg::idx_bits(NumSms * CtasPerSm)) begin : g_block_id_check
    scord_error_block_id_bits_narrower_than_num_sms_x_ctas_per_sm u_check ();
  end
  if (WarpIdBits < scord_pkg::idx_bits(WarpsPerSm)) begin : g_warp_id_check
    scord_error_warp_id_bits_narrower_than_warps_per_sm u_check ();
  end
  // Every field of a race record has its place in the ring's record (SCORD_RING_FIELD_LIST).
  if (BlockIdBits > scord_pkg::RingOwnerBlockW || WarpIdBits > scord_pkg::RingWarpW ||
      SmBits > scord_pkg::RingSmW || CtaBits > scord_pkg::RingCtaW ||
      AddrBits > scord_pkg::RingAddrW || PcBits > scord_pkg::RingPcW) begin : g_ring_check
    scord_error_race_field_wider_than_its_ring_record_field u_check ();
  end

  // ---- Kernel boundary (section 7): drain, clear the metadata, clear the fence files ---------
  localparam logic [1:0] KIdle = 2'd0, KDrain = 2'd1, KClear = 2'd2, KDone = 2'd3;
  logic [1:0]  k_d, k_q;
  logic        is_kernel, drained, drained_d, drained_q, fence_clear;
  logic        split_in_ready, split_busy;
  logic [Slices-1:0] q_valid, slice_idle;
  logic [Slices-1:0] sl_race_valid;
  logic              rp_valid_q;     // a granted race record on its way into the staging FIFO
  logic              st_room2;       // the staging FIFO has room for it and one more

  assign is_kernel   = (in_type_i == scord_pkg::PktKernel);
  assign drained     = !split_busy && (q_valid == '0) && (slice_idle == '1) &&
                       (sl_race_valid == '0) && !rp_valid_q;
  // Registered before it starts the clear (the fan-in of every slice's idle is long); exact
  // because nothing enters while the boundary waits, and idle stays idle.
  assign drained_d   = drained;
  assign fence_clear = (k_q == KDone);
  assign mem_clr_valid_o = (k_q == KClear);
  assign in_ready_o  = is_kernel ? (k_q == KDone) : ((k_q == KIdle) && split_in_ready);
  always_comb begin
    k_d = k_q;
    case (k_q)
      KIdle:   if (in_valid_i && is_kernel) k_d = KDrain;
      KDrain:  if (drained_q) k_d = KClear;
      KClear:  if (mem_clr_ready_i) k_d = KDone;
      default: k_d = KIdle;
    endcase
  end

  // ---- Splitter ------------------------------------------------------------------------------
  logic [HdrW-1:0]          in_hdr;
  logic                     sb_valid, sb_ready, sb_last_u;
  logic [1:0]               sb_kind, sb_type_u;
  logic [HdrW-1:0]          sb_hdr;
  logic [SliceBits-1:0]     sb_slice;
  logic [LineBits-1:0]      sb_line;
  logic [Lanes-1:0]         sb_lanes_u;
  logic [Slots-1:0]         sb_sv;
  logic [Slots*TagBits-1:0] sb_tag;
  logic [Slots*2-1:0]       sb_count;
  logic [Slots*AddrBits-1:0] sb_addr1, sb_addr2;

  // Packed by the H* positions above (their one definition).
  always_comb begin
    in_hdr = '0;
    in_hdr[HPc +: PcBits]            = in_pc_i;
    in_hdr[HFdev]                    = in_fence_dev_i;
    in_hdr[HAblk]                    = in_atom_blk_i;
    in_hdr[HStr]                     = in_strong_i;
    in_hdr[HKind +: 2]               = in_kind_i;
    in_hdr[HBloom +: BlW]            = in_bloom_i;
    in_hdr[HBar +: BarrierIdBits]    = in_barrier_i;
    in_hdr[HBlock +: BlockIdBits]    = in_block_i;
    in_hdr[HWarp +: WarpIdBits]      = in_warp_i;
    in_hdr[HCta +: CtaBits]          = in_cta_i;
    in_hdr[HSm +: SmBits]            = in_sm_i;
  end
  scord_splitter #(
    .Lanes    (Lanes),
    .Slices   (Slices),
    .HdrW     (HdrW),
    .AddrBits (AddrBits),
    .Granule  (Granule),
    .MdRatio  (MdRatio),
    .TagBits  (TagBits),
    .HeapBase (HeapBase),
    .HeapBytes(HeapBytes),
    .IndexBits(IndexBits)
  ) u_splitter (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .in_valid_i       (in_valid_i && !is_kernel && (k_q == KIdle)),
    .in_ready_o       (split_in_ready),
    .in_type_i        (in_type_i),
    .in_hdr_i         (in_hdr),
    .in_lane_valid_i  (in_lane_valid_i),
    .in_addr_i        (in_addr_i),
    .beat_valid_o     (sb_valid),
    .beat_ready_i     (sb_ready),
    .beat_kind_o      (sb_kind),
    .beat_type_o      (sb_type_u),
    .beat_last_o      (sb_last_u),
    .beat_hdr_o       (sb_hdr),
    .beat_slice_o     (sb_slice),
    .beat_line_o      (sb_line),
    .beat_lanes_o     (sb_lanes_u),
    .beat_slot_valid_o(sb_sv),
    .beat_slot_tag_o  (sb_tag),
    .beat_slot_count_o(sb_count),
    .beat_slot_addr1_o(sb_addr1),
    .beat_slot_addr2_o(sb_addr2),
    .busy_o           (split_busy)
  );

  // ---- Dispatch: a line beat to its slice, a fence to every slice, outside lanes nowhere ------
  localparam logic [1:0] BeatLine = 2'd0, BeatOutside = 2'd1, BeatBcast = 2'd2;
  logic [BeatW-1:0]  sb_beat;
  logic [Slices-1:0] q_push, q_ready, q_pop, q_sel;
  logic [Slots-1:0]  sb_second;
  logic              sb_bcast;
  assign sb_bcast = (sb_kind == BeatBcast);
  // The beat carries only what the slice cannot rebuild of its lanes' word addresses: the part
  // above the entry index and the 4-byte part below the granule (the slice rebuilds the rest from
  // the line and the slot for a race record).  (addr - HeapBase) mod HeapBytes needs only the
  // low bits of the subtraction.
  localparam int WinBits = $clog2(HeapBytes);
  logic [Slots*OffBits-1:0] sb_off1, sb_off2;
  always_comb begin
    for (int s = 0; s < Slots; s++) begin
      logic [63:0] o1, o2;
      o1 = 64'(sb_addr1[s*AddrBits +: AddrBits]) - HeapBase;
      o2 = 64'(sb_addr2[s*AddrBits +: AddrBits]) - HeapBase;
      sb_off1[s*OffBits +: OffBits] = OffBits'(((o1 >> (WinBits - HiBits)) << SubBits) | ((o1 >> 2) & ((64'd1 << SubBits) - 1)));
      sb_off2[s*OffBits +: OffBits] = OffBits'(((o2 >> (WinBits - HiBits)) << SubBits) | ((o2 >> 2) & ((64'd1 << SubBits) - 1)));
    end
  end

  logic [31:0] sb_slice32;
  always_comb begin
    sb_slice32 = '0;
    sb_slice32[SliceBits-1:0] = sb_slice;
    if (Slices == 1) sb_slice32 = '0;
    for (int s = 0; s < Slots; s++) sb_second[s] = sb_count[2*s + 1];
    sb_beat = '0;
    sb_beat[BOff2 +: Slots*OffBits]   = sb_off2;
    sb_beat[BOff1 +: Slots*OffBits]   = sb_off1;
    sb_beat[BTag +: Slots*TagBits]    = sb_tag;
    sb_beat[BSec +: Slots]            = sb_bcast ? '0 : sb_second;
    sb_beat[BSv +: Slots]             = sb_bcast ? '0 : sb_sv;
    sb_beat[BHdr +: HdrW]             = sb_hdr;
    sb_beat[BLine +: SliceLineBits]   = SliceLineBits'(sb_line >> ((Slices > 1) ? SliceBits : 0));
    sb_beat[BBcast]                   = sb_bcast;
    for (int s = 0; s < Slices; s++) begin
      q_sel[s]  = (sb_slice32 == s);
      q_push[s] = sb_valid && (sb_bcast ? (q_ready == '1) : (sb_kind == BeatLine) && q_sel[s]);
    end
    sb_ready = (sb_kind == BeatOutside) || (sb_bcast ? (q_ready == '1) : ((q_ready & q_sel) != '0));
  end

  logic [Slices-1:0]    sl_race_ready;
  logic [Slices*RecW-1:0] sl_rec;

  for (genvar s = 0; s < Slices; s++) begin : g_slice
    logic [BeatW-1:0] qd;
    logic             ready_b, rv, rbs;
    logic [2:0]       rtype;
    logic [1:0]       rkind;
    logic [SmBits-1:0] rsm;
    logic [CtaBits-1:0] rcta;
    logic [WarpIdBits-1:0] rwarp, row;
    logic [PcBits-1:0] rpc;
    logic [AddrBits-1:0] raddr;
    logic [BlockIdBits-1:0] rob;
    logic q_room2_u;
    logic [1:0] unused_q_peek;

    scord_fifo #(
      .Width(BeatW),
      .Depth(QueueDepth)
    ) u_queue (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(q_push[s]),
      .ready_o(q_ready[s]),
      .room2_o(q_room2_u),
      .data_i (sb_beat),
      .valid_o(q_valid[s]),
      .ready_i(ready_b),
      .data_o (qd),
      .peek_hold_o(unused_q_peek[0]),
      .peek_pop_o (unused_q_peek[1])
    );
    assign q_pop[s] = q_valid[s] && ready_b;

    scord_line_slice #(
      .NumSms        (NumSms),
      .CtasPerSm     (CtasPerSm),
      .WarpsPerSm    (WarpsPerSm),
      .BlockIdBits   (BlockIdBits),
      .WarpIdBits    (WarpIdBits),
      .FenceIdBits   (FenceIdBits),
      .BarrierIdBits (BarrierIdBits),
      .BloomBinBits  (BloomBinBits),
      .TagBits       (TagBits),
      .StrongOps     (StrongOps),
      .AddrBits      (AddrBits),
      .PcBits        (PcBits),
      .Granule       (Granule),
      .MdRatio       (MdRatio),
      .HeapBase      (HeapBase),
      .HeapBytes     (HeapBytes),
      .Slices        (Slices),
      .SliceIndex    (s),
      .LineIdxBits   (SliceLineBits),
      .MaxOutstanding(MaxOutstanding),
      .PredSets      (PredSets),
      .PredWays      (PredWays),
      .OwnerPorts    (OwnerPorts),
      .BufImpl       (BufImpl),
      .BufBanks      (BufBanks),
      .BufReadCycles (BufReadCycles),
      .BufMinCycles  (BufMinCycles),
      .PredImpl      (PredImpl),
      .StepObs       (StepObs)
    ) u_slice (
      .clk_i             (clk_i),
      .rst_ni            (rst_ni),
      .beat_valid_i      (q_valid[s]),
      .beat_ready_o      (ready_b),
      .beat_bcast_i      (qd[BBcast]),
      .beat_line_i       (qd[BLine +: SliceLineBits]),
      .beat_sm_i         (qd[BHdr + HSm +: SmBits]),
      .beat_cta_i        (qd[BHdr + HCta +: CtaBits]),
      .beat_warp_i       (qd[BHdr + HWarp +: WarpIdBits]),
      .beat_block_i      (qd[BHdr + HBlock +: BlockIdBits]),
      .beat_barrier_i    (qd[BHdr + HBar +: BarrierIdBits]),
      .beat_bloom_i      (qd[BHdr + HBloom +: BlW]),
      .beat_kind_i       (qd[BHdr + HKind +: 2]),
      .beat_strong_i     (qd[BHdr + HStr]),
      .beat_atom_blk_i   (qd[BHdr + HAblk]),
      .beat_fence_dev_i  (qd[BHdr + HFdev]),
      .beat_pc_i         (qd[BHdr + HPc +: PcBits]),
      .beat_slot_valid_i (qd[BSv +: Slots]),
      .beat_second_i     (qd[BSec +: Slots]),
      .beat_tag_i        (qd[BTag +: Slots*TagBits]),
      .beat_off1_i       (qd[BOff1 +: Slots*OffBits]),
      .beat_off2_i       (qd[BOff2 +: Slots*OffBits]),
      .fence_clear_i     (fence_clear),
      .mem_rd_valid_o    (mem_rd_valid_o[s]),
      .mem_rd_ready_i    (mem_rd_ready_i[s]),
      .mem_rd_line_o     (mem_rd_line_o[s*SliceLineBits +: SliceLineBits]),
      .mem_rd_tag_o      (mem_rd_tag_o[s*SlotBits +: SlotBits]),
      .mem_wr_valid_o    (mem_wr_valid_o[s]),
      .mem_wr_ready_i    (mem_wr_ready_i[s]),
      .mem_wr_line_o     (mem_wr_line_o[s*SliceLineBits +: SliceLineBits]),
      .mem_wr_mask_o     (mem_wr_mask_o[s*16 +: 16]),
      .mem_wr_data_o     (mem_wr_data_o[s*1024 +: 1024]),
      .mem_rsp_valid_i   (mem_rsp_valid_i[s]),
      .mem_rsp_ready_o   (mem_rsp_ready_o[s]),
      .mem_rsp_tag_i     (mem_rsp_tag_i[s*SlotBits +: SlotBits]),
      .mem_rsp_data_i    (mem_rsp_data_i[s*1024 +: 1024]),
      .race_valid_o      (rv),
      .race_ready_i      (sl_race_ready[s]),
      .race_type_o       (rtype),
      .race_kind_o       (rkind),
      .race_block_scope_o(rbs),
      .race_sm_o         (rsm),
      .race_cta_o        (rcta),
      .race_warp_o       (rwarp),
      .race_pc_o         (rpc),
      .race_addr_o       (raddr),
      .race_owner_block_o(rob),
      .race_owner_warp_o (row),
      .idle_o            (slice_idle[s]),
      .coll_stall_o      (coll_stall_o[s]),
      .group_stall_o     (group_stall_o[s]),
      .step_valid_o      (step_valid_o[s]),
      .step_write_o      (step_write_o[s]),
      .step_first_o      (step_first_o[s*16 +: 16]),
      .step_second_o     (step_second_o[s*16 +: 16]),
      .step1_o           (step1_o[s*64 +: 64]),
      .step2_o           (step2_o[s*64 +: 64])
    );
    assign sl_race_valid[s] = rv;
    // Packed by the R* positions above.
    logic [RecW-1:0] rec;
    always_comb begin
      rec[ROw +: WarpIdBits]    = row;
      rec[ROb +: BlockIdBits]   = rob;
      rec[RAddr +: AddrBits]    = raddr;
      rec[RPc +: PcBits]        = rpc;
      rec[RWarp +: WarpIdBits]  = rwarp;
      rec[RCta +: CtaBits]      = rcta;
      rec[RSm +: SmBits]        = rsm;
      rec[RBs]                  = rbs;
      rec[RKind +: 2]           = rkind;
      rec[RType +: 3]           = rtype;
    end
    assign sl_rec[s*RecW +: RecW] = rec;
    logic unused_q;
    assign unused_q = q_room2_u;
  end

  // ---- Race merge: round robin over the slices into the one buffer ----------------------------
  // The grant is one-hot: the first valid slice at or after the pointer rr_q, given only when
  // the staging FIFO has room.
  localparam logic [Slices-1:0] RrInit = 1;
  logic [Slices-1:0] rr_d, rr_q, grant;
  logic              any_race;
  logic [RecW-1:0]   grant_rec;
  always_comb begin
    grant = '0;
    for (int k = Slices - 1; k >= 0; k--) begin
      for (int s = 0; s < Slices; s++) begin
        // slice (p + k) mod Slices for the pointer p
        if (rr_q[s] && sl_race_valid[(s + k) % Slices] && st_room2) begin
          grant = '0;
          grant[(s + k) % Slices] = 1'b1;
        end
      end
    end
    any_race  = (grant != '0);
    grant_rec = '0;
    for (int s = 0; s < Slices; s++) if (grant[s]) grant_rec = sl_rec[s*RecW +: RecW];
    sl_race_ready = grant;
    rr_d = rr_q;
    if (any_race) for (int s = 0; s < Slices; s++) rr_d[(s + 1) % Slices] = grant[s];
  end

  // The granted record is registered, then staged (a grant is given only with room for it and
  // the record already registered: room2), then written to the ring.  The staging FIFO holds
  // the compact record; the ring's 32-byte format is wiring after it.
  logic [RecW-1:0] rp_rec_q, st_rec;
  logic            st_valid, st_ready, st_ready_u, ring_idle;
  logic [1:0]      unused_st_peek;
  logic [scord_pkg::RingRecBytes*8-1:0] st_ring;
  scord_fifo #(
    .Width(RecW),
    .Depth(RaceStageDepth)
  ) u_race_stage (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(rp_valid_q),
    .ready_o(st_ready_u),
    .room2_o(st_room2),
    .data_i (rp_rec_q),
    .valid_o(st_valid),
    .ready_i(st_ready),
    .data_o (st_rec),
    .peek_hold_o(unused_st_peek[0]),
    .peek_pop_o (unused_st_peek[1])
  );
  always_comb begin
    st_ring = '0;
    st_ring[scord_pkg::RingAddrLsb +: AddrBits]          = st_rec[RAddr +: AddrBits];
    st_ring[scord_pkg::RingPcLsb +: PcBits]              = st_rec[RPc +: PcBits];
    st_ring[scord_pkg::RingSmLsb +: SmBits]              = st_rec[RSm +: SmBits];
    st_ring[scord_pkg::RingCtaLsb +: CtaBits]            = st_rec[RCta +: CtaBits];
    st_ring[scord_pkg::RingWarpLsb +: WarpIdBits]        = st_rec[RWarp +: WarpIdBits];
    st_ring[scord_pkg::RingOwnerWarpLsb +: WarpIdBits]   = st_rec[ROw +: WarpIdBits];
    st_ring[scord_pkg::RingOwnerBlockLsb +: BlockIdBits] = st_rec[ROb +: BlockIdBits];
    st_ring[scord_pkg::RingTypeLsb +: 3]                 = st_rec[RType +: 3];
    st_ring[scord_pkg::RingKindLsb +: 2]                 = st_rec[RKind +: 2];
    st_ring[scord_pkg::RingBlockScopeLsb]                = st_rec[RBs];
  end
  scord_race_ring #(
    .MaxSizeLog2(RingMaxLog2)
  ) u_ring (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rec_valid_i(st_valid),
    .rec_ready_o(st_ready),
    .rec_i      (st_ring),
    .base_i     (ring_base_i),
    .size_log2_i(ring_size_log2_i),
    .head_i     (ring_head_i),
    .tail_o     (ring_tail_o),
    .overflow_o (race_overflow_o),
    .wr_valid_o (ring_wr_valid_o),
    .wr_ready_i (ring_wr_ready_i),
    .wr_addr_o  (ring_wr_addr_o),
    .wr_data_o  (ring_wr_data_o),
    .idle_o     (ring_idle)
  );

  // Idle: nothing in flight, every race record written to the ring.  (A kernel boundary does
  // not wait for the ring: its clear does not touch race records.)  Registered: the fan-in of
  // every slice's stages is too deep for an output.  It rises a cycle late and is never stale:
  // work enters only through the input (a packet taken, or a kernel boundary leaving KIdle),
  // and a cycle with either does not set it; without them a drained detector stays drained.
  logic idle_now, idle_d, idle_q;
  assign idle_now = (k_q == KIdle) && drained && !st_valid && ring_idle;
  assign idle_d   = idle_now && (k_d == KIdle) && !(in_valid_i && in_ready_o);
  assign idle_o   = idle_q;
  `SCORD_ASSERT(IdleNotStale, !idle_o || idle_now, clk_i, !rst_ni)

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      k_q        <= KIdle;
      drained_q  <= 1'b0;
      rr_q       <= RrInit;
      rp_valid_q <= 1'b0;
      idle_q     <= 1'b0;
    end else begin
      k_q        <= k_d;
      drained_q  <= drained_d;
      idle_q     <= idle_d;
      rr_q       <= rr_d;
      rp_valid_q <= any_race;
    end
  end
  always_ff @(posedge clk_i) begin
    rp_rec_q <= grant_rec;
  end

  // Ready/valid interfaces: a valid is held with its payload until its handshake (the
  // senders' side as assumptions, this block's as assertions; docs/assertions.md).
  // Last cycle's wide values for the hold checks: Verilator 5.006 emits C++ that does not
  // compile for an assertion reading a value wider than 256 bits; synthesis drops these flops.
  logic [Lanes*AddrBits-1:0] in_addr_q;
  logic [Slices*1024-1:0]    mem_wr_data_q, mem_rsp_data_q;
  logic [scord_pkg::RingRecBytes*8-1:0] ring_wr_data_q;
  always_ff @(posedge clk_i) begin
    in_addr_q      <= in_addr_i;
    mem_wr_data_q  <= mem_wr_data_o;
    mem_rsp_data_q <= mem_rsp_data_i;
    ring_wr_data_q <= ring_wr_data_o;
  end
  logic              in_addr_same /*verilator public_flat_rd*/;
  logic              ring_data_same /*verilator public_flat_rd*/;
  logic [Slices-1:0] wr_data_same /*verilator public_flat_rd*/;
  logic [Slices-1:0] rsp_data_same /*verilator public_flat_rd*/;
  assign in_addr_same   = (in_addr_i == in_addr_q);
  assign ring_data_same = (ring_wr_data_o == ring_wr_data_q);
  for (genvar s = 0; s < Slices; s++) begin : g_data_same
    assign wr_data_same[s]  = (mem_wr_data_o[s*1024 +: 1024] == mem_wr_data_q[s*1024 +: 1024]);
    assign rsp_data_same[s] = (mem_rsp_data_i[s*1024 +: 1024] == mem_rsp_data_q[s*1024 +: 1024]);
  end
  `SCORD_ASSUME(InHeld, !$past(rst_ni && in_valid_i && !in_ready_o) || (in_valid_i &&
                $stable({in_type_i, in_sm_i, in_cta_i, in_warp_i, in_block_i, in_barrier_i,
                         in_bloom_i, in_kind_i, in_strong_i, in_atom_blk_i, in_fence_dev_i,
                         in_pc_i, in_lane_valid_i}) && in_addr_same), clk_i, !rst_ni)
  for (genvar s = 0; s < Slices; s++) begin : g_port_chk
    `SCORD_ASSERT(MemRdHeld, !$past(rst_ni && mem_rd_valid_o[s] && !mem_rd_ready_i[s]) ||
                  (mem_rd_valid_o[s] &&
                   $stable(mem_rd_line_o[s*SliceLineBits +: SliceLineBits]) &&
                   $stable(mem_rd_tag_o[s*SlotBits +: SlotBits])), clk_i, !rst_ni)
    `SCORD_ASSERT(MemWrHeld, !$past(rst_ni && mem_wr_valid_o[s] && !mem_wr_ready_i[s]) ||
                  (mem_wr_valid_o[s] &&
                   $stable(mem_wr_line_o[s*SliceLineBits +: SliceLineBits]) &&
                   $stable(mem_wr_mask_o[s*16 +: 16]) &&
                   wr_data_same[s]),
                  clk_i, !rst_ni)
    `SCORD_ASSUME(MemRspHeld, !$past(rst_ni && mem_rsp_valid_i[s] && !mem_rsp_ready_o[s]) ||
                  (mem_rsp_valid_i[s] && $stable(mem_rsp_tag_i[s*SlotBits +: SlotBits]) &&
                   rsp_data_same[s]),
                  clk_i, !rst_ni)
  end
  `SCORD_ASSERT(MemClrHeld, !$past(rst_ni && mem_clr_valid_o && !mem_clr_ready_i) ||
                mem_clr_valid_o, clk_i, !rst_ni)
  `SCORD_ASSERT(RingWrHeld, !$past(rst_ni && ring_wr_valid_o && !ring_wr_ready_i) ||
                (ring_wr_valid_o && $stable(ring_wr_addr_o) && ring_data_same),
                clk_i, !rst_ni)

  logic unused_bits;
  assign unused_bits = ^{sb_last_u, sb_type_u, sb_lanes_u, q_pop, st_ready_u};
endmodule
