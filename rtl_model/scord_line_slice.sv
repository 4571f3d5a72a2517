// scord_line_slice.sv -- one slice of the line-rate detector (docs/rtl.md "Line-rate detector"):
// the beats of the metadata lines it owns (line mod Slices), plus every fence as a broadcast
// item, in arrival order.  Per beat: one metadata line read and one masked write-back
// (scord_line_accessor), one fence-file read per distinct owner (OwnerPorts per cycle), and the
// two checking stages (scord_beat_check) for the beat's 16 entries.
// Workload: one beat per cycle; a beat with more distinct owners than OwnerPorts holds C0 one
// more cycle per extra group; races are rare and leave one per cycle.
//
// Pipeline after the accessor (every stage boundary a register; one global advance `adv`):
//   P   the beat with its line as every older beat left it.  Tag check (section 4), each
//       slot's owner key and whether its counters are needed.
//   G   the owner groups, from all pairs of owner compares: each group's first slot (its
//       lead), their count, and the first two groups' keys, registered into C0, so that C0's
//       hand-off and its read addresses come from registers, not from priority chains.
//   C0  the fence-file reads of one group pair per cycle (the slots whose key equals a
//       registered group key); a fence increments its warp here.
//   C1  the last group's read data arrive; every read's data is kept in per-slot registers.
//   E3  scord_beat_check's first application (from registers), E4 its second.
//   D   the checked line back to the accessor (written back, handed to a same-line follower)
//       and the beat's races, drained one per cycle into the race queue.
// Why the fence counters are exact: items pass C0 one at a time in arrival order; a fence's
// increment is given in the cycle it leaves C0 and every read registered after that cycle
// sees it (scord_fence_file, ReadFirst); a read's data are used one cycle after the read, and
// when the pipeline stalls the addresses are held and read again, with no increment between.
// The per-slot owner registers may take the next beat's data at the edge that ends this beat's
// E3, never before (E3 is exactly two advances after the beat's last read).
module scord_line_slice #(
  parameter int NumSms         = scord_pkg::NumSms,
  parameter int CtasPerSm      = scord_pkg::CtasPerSm,
  parameter int WarpsPerSm     = scord_pkg::WarpsPerSm,
  parameter int BlockIdBits    = scord_pkg::idx_bits(NumSms * CtasPerSm),
  parameter int WarpIdBits     = scord_pkg::idx_bits(WarpsPerSm),
  parameter int FenceIdBits    = scord_pkg::FenceIdBits,
  parameter int BarrierIdBits  = scord_pkg::BarrierIdBits,
  parameter int BloomBinBits   = scord_pkg::BloomBinBits,
  parameter int TagBits        = scord_pkg::TagBits,
  parameter bit StrongOps      = scord_pkg::StrongOps,
  parameter int AddrBits       = scord_pkg::AddrBits,
  parameter int PcBits         = scord_pkg::PcBits,
  parameter int          Granule   = scord_pkg::Granule,
  parameter int          MdRatio   = scord_pkg::MdRatio,
  parameter logic [63:0] HeapBase  = scord_pkg::HeapBase,
  parameter logic [63:0] HeapBytes = scord_pkg::HeapBytes,
  parameter int Slices         = scord_pkg::Slices,    // slices in all, and this one's index: this slice owns
  parameter int SliceIndex     = 0,    // the global lines line*Slices + SliceIndex
  parameter int LineIdxBits    = 21,   // metadata line index within the slice
  parameter int MaxOutstanding = scord_pkg::MaxOutstanding,  // beats in flight (accessor)
  parameter int PredSets       = scord_pkg::PredSets,
  parameter int PredWays       = scord_pkg::PredWays,
  parameter int OwnerPorts     = scord_pkg::OwnerPorts,    // owner fence-file reads per cycle: 1 or 2
  parameter int BufImpl        = scord_pkg::BufImpl,
  parameter int BufBanks       = scord_pkg::BufBanks,
  parameter int BufReadCycles  = scord_pkg::BufReadCycles,
  parameter int BufMinCycles   = scord_pkg::BufMinCycles,
  parameter int PredImpl       = scord_pkg::PredImpl,
  parameter bit StepObs        = 1'b0, // drive the step observation outputs (verification only)
  localparam int SmBits   = scord_pkg::idx_bits(NumSms),
  localparam int CtaBits  = scord_pkg::idx_bits(CtasPerSm),
  localparam int SlotBits = scord_pkg::idx_bits(MaxOutstanding),
  localparam int Slots    = 16,
  localparam int DataBits = Slots * 64,
  // A lane's word address is the entry's (line, slot) plus these bits (detector.md section 4):
  // the word's part above the index (MdRatio > 1) and its 4-byte part below the granule.
  localparam int IndexBits = $clog2(HeapBytes) - $clog2(Granule) - $clog2(MdRatio),
  localparam int HiBits    = $clog2(MdRatio),
  localparam int SubBits   = $clog2(Granule) - 2,
  localparam int OffBits   = (HiBits + SubBits > 0) ? HiBits + SubBits : 1
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // Beats of this slice and broadcast fences, in arrival order.
  input  logic                       beat_valid_i,
  output logic                       beat_ready_o,
  input  logic                       beat_bcast_i,    // a fence (no line)
  input  logic [LineIdxBits-1:0]     beat_line_i,
  input  logic [SmBits-1:0]          beat_sm_i,
  input  logic [CtaBits-1:0]         beat_cta_i,
  input  logic [WarpIdBits-1:0]      beat_warp_i,
  input  logic [BlockIdBits-1:0]     beat_block_i,
  input  logic [BarrierIdBits-1:0]   beat_barrier_i,
  input  logic [2*BloomBinBits-1:0]  beat_bloom_i,
  input  logic [1:0]                 beat_kind_i,
  input  logic                       beat_strong_i,
  input  logic                       beat_atom_blk_i,
  input  logic                       beat_fence_dev_i,
  input  logic [PcBits-1:0]          beat_pc_i,
  input  logic [Slots-1:0]           beat_slot_valid_i,
  input  logic [Slots-1:0]           beat_second_i,   // the slot has two or more lanes
  input  logic [Slots*TagBits-1:0]   beat_tag_i,
  input  logic [Slots*OffBits-1:0]   beat_off1_i,     // the slot's first lane's word: {hi, sub}
  input  logic [Slots*OffBits-1:0]   beat_off2_i,     // ... and its second's
  // Kernel boundary, given only while the slice is idle: every fence counter back to 0.
  input  logic                       fence_clear_i,
  // Metadata memory (scord_line_accessor's port).
  output logic                       mem_rd_valid_o,
  input  logic                       mem_rd_ready_i,
  output logic [LineIdxBits-1:0]     mem_rd_line_o,
  output logic [SlotBits-1:0]        mem_rd_tag_o,
  output logic                       mem_wr_valid_o,
  input  logic                       mem_wr_ready_i,
  output logic [LineIdxBits-1:0]     mem_wr_line_o,
  output logic [Slots-1:0]           mem_wr_mask_o,
  output logic [DataBits-1:0]        mem_wr_data_o,
  input  logic                       mem_rsp_valid_i,
  output logic                       mem_rsp_ready_o,
  input  logic [SlotBits-1:0]        mem_rsp_tag_i,
  input  logic [DataBits-1:0]        mem_rsp_data_i,
  // Race records of this slice (detector.md section 6).
  output logic                       race_valid_o,
  input  logic                       race_ready_i,
  output logic [2:0]                 race_type_o,
  output logic [1:0]                 race_kind_o,
  output logic                       race_block_scope_o,
  output logic [SmBits-1:0]          race_sm_o,
  output logic [CtaBits-1:0]         race_cta_o,
  output logic [WarpIdBits-1:0]      race_warp_o,
  output logic [PcBits-1:0]          race_pc_o,
  output logic [AddrBits-1:0]        race_addr_o,
  output logic [BlockIdBits-1:0]     race_owner_block_o,
  output logic [WarpIdBits-1:0]      race_owner_warp_o,
  // Nothing in flight (race records may still be queued); statistics.
  output logic                       idle_o,
  output logic                       coll_stall_o,    // the accessor waited on a table set
  output logic                       group_stall_o,   // C0 held a beat for another owner group
  // Step observation (StepObs; zeros otherwise), as a beat leaves E4 for D: the deciding step
  // (scord_pkg::step_e) of each slot's first lane and, for slots with two or more lanes, of its
  // second.  Lanes beyond the second change nothing (docs/rtl.md "Same-entry lanes") and
  // report no step.  For coverage and the testbench's comparison with the C model.
  output logic                       step_valid_o,
  output logic                       step_write_o,
  output logic [Slots-1:0]           step_first_o,    // slots with a lane
  output logic [Slots-1:0]           step_second_o,   // slots with a second lane
  output logic [Slots*4-1:0]         step1_o,
  output logic [Slots*4-1:0]         step2_o
);
  localparam int FB  = FenceIdBits;
  localparam int BlW = 2 * BloomBinBits;
  localparam int KeyW = SmBits + WarpIdBits;       // an owner's fence-file address (sm, warp)
  localparam int LWarpE  = scord_pkg::md_lsb(scord_pkg::MdWarp, BloomBinBits, BarrierIdBits,
                                             FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LBlockE = scord_pkg::md_lsb(scord_pkg::MdBlock, BloomBinBits, BarrierIdBits,
                                             FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LTagE   = scord_pkg::md_lsb(scord_pkg::MdTag, BloomBinBits, BarrierIdBits,
                                             FenceIdBits, WarpIdBits, BlockIdBits);
  // The beat's payload through the accessor (from bit 0).
  localparam int IOff2  = 0;
  localparam int IOff1  = IOff2 + Slots * OffBits;
  localparam int ITag   = IOff1 + Slots * OffBits;
  localparam int ISec   = ITag + Slots * TagBits;
  localparam int ISv    = ISec + Slots;
  localparam int IPc    = ISv + Slots;
  localparam int IFdev  = IPc + PcBits;
  localparam int IAblk  = IFdev + 1;
  localparam int IStr   = IAblk + 1;
  localparam int IKind  = IStr + 1;
  localparam int IBloom = IKind + 2;
  localparam int IBar   = IBloom + BlW;
  localparam int IBlock = IBar + BarrierIdBits;
  localparam int IWarp  = IBlock + BlockIdBits;
  localparam int ICta   = IWarp + WarpIdBits;
  localparam int ISm    = ICta + CtaBits;
  localparam int InfoW  = ISm + SmBits;
  // A race record in the slice's race queue (from bit 0).
  localparam int QOw    = 0;
  localparam int QOb    = QOw + WarpIdBits;
  localparam int QOff   = QOb + BlockIdBits;       // the racing lane's word, as line, slot, offset
  localparam int QSlot  = QOff + OffBits;
  localparam int QLine  = QSlot + 4;
  localparam int QPc    = QLine + LineIdxBits;
  localparam int QWarp  = QPc + PcBits;
  localparam int QCta   = QWarp + WarpIdBits;
  localparam int QSm    = QCta + CtaBits;
  localparam int QBs    = QSm + SmBits;
  localparam int QKind  = QBs + 1;
  localparam int QType  = QKind + 2;
  localparam int QW     = QType + 3;

  if (OwnerPorts != 1 && OwnerPorts != 2) begin : g_ports_check
    scord_error_line_slice_owner_ports_not_1_or_2 u_check ();
  end

  // ---- Accessor ----------------------------------------------------------------------------
  logic [InfoW-1:0]       beat_info;
  logic                   chk_valid, chk_ready, chk_nomem;
  logic [SlotBits-1:0]    chk_slot;
  logic [LineIdxBits-1:0] chk_line;
  logic [InfoW-1:0]       chk_info;
  logic [DataBits-1:0]    chk_data;
  logic                   done_valid, done_ready, acc_idle;

  // Packed by the I* positions above (their one definition).
  always_comb begin
    beat_info = '0;
    beat_info[IOff2 +: Slots*OffBits]    = beat_off2_i;
    beat_info[IOff1 +: Slots*OffBits]    = beat_off1_i;
    beat_info[ITag +: Slots*TagBits]     = beat_tag_i;
    beat_info[ISec +: Slots]             = beat_second_i;
    beat_info[ISv +: Slots]              = beat_slot_valid_i;
    beat_info[IPc +: PcBits]             = beat_pc_i;
    beat_info[IFdev]                     = beat_fence_dev_i;
    beat_info[IAblk]                     = beat_atom_blk_i;
    beat_info[IStr]                      = beat_strong_i;
    beat_info[IKind +: 2]                = beat_kind_i;
    beat_info[IBloom +: BlW]             = beat_bloom_i;
    beat_info[IBar +: BarrierIdBits]     = beat_barrier_i;
    beat_info[IBlock +: BlockIdBits]     = beat_block_i;
    beat_info[IWarp +: WarpIdBits]       = beat_warp_i;
    beat_info[ICta +: CtaBits]           = beat_cta_i;
    beat_info[ISm +: SmBits]             = beat_sm_i;
  end

  // ---- Stage registers -----------------------------------------------------------------------
  logic                   adv;
  // The beat's own fields travel down the stages as one vector (from bit 0): nomem, accessor
  // slot, line, payload.  C1 and E3 add the entries after the tag check and two slot masks.
  localparam int TNomem = 0;
  localparam int TSlot  = TNomem + 1;
  localparam int TLine  = TSlot + SlotBits;
  localparam int TInfo  = TLine + LineIdxBits;
  localparam int TagW   = TInfo + InfoW;
  localparam int KMd    = TagW;
  localparam int KSelf  = KMd + DataBits;
  localparam int KOr    = KSelf + Slots;
  localparam int KW     = KOr + Slots;
  // P: the accessor's output as it came.  G: P's results (entries after the tag check, owner
  // keys, needed slots).  C0: G's too, with the groups.
  logic                   p_valid_d, p_valid_q;
  logic [TagW-1:0]        p_tag_d, p_tag_q;
  logic [DataBits-1:0]    p_data_d, p_data_q;
  logic                   g_valid_d, g_valid_q;
  logic [TagW-1:0]        g_tag_d, g_tag_q;
  logic [DataBits-1:0]    g_md_d, g_md_q;
  logic [Slots-1:0]       g_self_d, g_self_q, g_orange_d, g_orange_q, g_need_d, g_need_q;
  logic [Slots*KeyW-1:0]  g_key_d, g_key_q;
  logic [Slots-1:0]       g_lead_d, g_lead_q;       // each group's first slot
  logic                   c0_valid_d, c0_valid_q, c0_last_d, c0_last_q;
  logic [TagW-1:0]        c0_tag_d, c0_tag_q;
  logic [DataBits-1:0]    c0_md_d, c0_md_q;
  logic [Slots-1:0]       c0_self_d, c0_self_q, c0_orange_d, c0_orange_q, c0_need_d, c0_need_q;
  logic [Slots-1:0]       c0_lead_d, c0_lead_q;     // leads of the groups after this pair
  logic [Slots*KeyW-1:0]  c0_key_d, c0_key_q;
  logic [KeyW-1:0]        c0_k0_d, c0_k0_q, c0_k1_d, c0_k1_q;   // this cycle's two groups
  logic                   c0_k1v_d, c0_k1v_q;
  // C1 and E3; E4 beside scord_beat_check's own E4 registers; D (no payload).
  logic                   c1_valid_d, c1_valid_q, e3_valid_d, e3_valid_q;
  logic [KW-1:0]          c1_d, c1_q, e3_d, e3_q;
  logic [TagW-1:0]        e4_tag_d, e4_tag_q;
  logic                   d_valid_d, d_valid_q;
  logic                   d_any_d, d_any_q, d_multi_d, d_multi_q;   // D has a race; two or more
  logic [TInfo-1:0]       d_tag_d, d_tag_q;
  logic [Slots-1:0]       d_wmask_d, d_wmask_q, d_race_d, d_race_q;
  logic [DataBits-1:0]    d_md_d, d_md_q;
  logic [Slots*QW-1:0]    d_rec_d, d_rec_q;
  // Named views of those vectors.
  logic                   p_nomem, c0_nomem, e3_nomem, d_nomem;
  logic [InfoW-1:0]       p_info, c0_info, e3_info, e4_info;
  logic [DataBits-1:0]    e3_md;
  logic [Slots-1:0]       e3_self, e3_orange;
  logic [LineIdxBits-1:0] e4_line, d_line;
  logic [SlotBits-1:0]    d_slot;
  assign p_nomem   = p_tag_q[TNomem];
  assign p_info    = p_tag_q[TInfo +: InfoW];
  assign c0_nomem  = c0_tag_q[TNomem];
  assign c0_info   = c0_tag_q[TInfo +: InfoW];
  assign e3_nomem  = e3_q[TNomem];
  assign e3_info   = e3_q[TInfo +: InfoW];
  assign e3_md     = e3_q[KMd +: DataBits];
  assign e3_self   = e3_q[KSelf +: Slots];
  assign e3_orange = e3_q[KOr +: Slots];
  assign e4_info   = e4_tag_q[TInfo +: InfoW];
  assign e4_line   = e4_tag_q[TLine +: LineIdxBits];
  assign d_nomem   = d_tag_q[TNomem];
  assign d_slot    = d_tag_q[TSlot +: SlotBits];
  assign d_line    = d_tag_q[TLine +: LineIdxBits];
  // Fence reads: what the read registered at the last edge serves.
  logic                   rd_access_d, rd_access_q;
  logic [Slots-1:0]       srv0_d, srv0_q, srv1_d, srv1_q;
  logic [Slots*FB-1:0]    o_blk_d, o_blk_q, o_dev_d, o_dev_q;
  logic [FB-1:0]          x_blk_d, x_blk_q, x_dev_d, x_dev_q;
  logic [2*KeyW+KeyW-1:0] raddr, raddr_d, raddr_q;   // {port B0, port A1, port A0}

  scord_line_accessor #(
    .MaxOutstanding(MaxOutstanding),
    .PredSets      (PredSets),
    .PredWays      (PredWays),
    .LineIdxBits   (LineIdxBits),
    .Entries       (Slots),
    .InfoBits      (InfoW),
    .BufImpl       (BufImpl),
    .BufBanks      (BufBanks),
    .BufReadCycles (BufReadCycles),
    .BufMinCycles  (BufMinCycles),
    .PredImpl      (PredImpl)
  ) u_accessor (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .beat_valid_i   (beat_valid_i),
    .beat_ready_o   (beat_ready_o),
    .beat_line_i    (beat_bcast_i ? '0 : beat_line_i),
    .beat_nomem_i   (beat_bcast_i),
    .beat_info_i    (beat_info),
    .chk_valid_o    (chk_valid),
    .chk_ready_i    (chk_ready),
    .chk_slot_o     (chk_slot),
    .chk_line_o     (chk_line),
    .chk_nomem_o    (chk_nomem),
    .chk_info_o     (chk_info),
    .chk_data_o     (chk_data),
    .done_valid_i   (done_valid),
    .done_ready_o   (done_ready),
    .done_slot_i    (d_slot),
    .done_line_i    (d_line),
    .done_nomem_i   (d_nomem),
    .done_wmask_i   (d_wmask_q),
    .done_data_i    (d_md_q),
    .mem_rd_valid_o (mem_rd_valid_o),
    .mem_rd_ready_i (mem_rd_ready_i),
    .mem_rd_line_o  (mem_rd_line_o),
    .mem_rd_tag_o   (mem_rd_tag_o),
    .mem_wr_valid_o (mem_wr_valid_o),
    .mem_wr_ready_i (mem_wr_ready_i),
    .mem_wr_line_o  (mem_wr_line_o),
    .mem_wr_mask_o  (mem_wr_mask_o),
    .mem_wr_data_o  (mem_wr_data_o),
    .mem_rsp_valid_i(mem_rsp_valid_i),
    .mem_rsp_ready_o(mem_rsp_ready_o),
    .mem_rsp_tag_i  (mem_rsp_tag_i),
    .mem_rsp_data_i (mem_rsp_data_i),
    .idle_o         (acc_idle),
    .coll_stall_o   (coll_stall_o)
  );

  // ---- P: tag check, owner keys, needed slots (registered into G) ----------------------------
  logic [Slots*64-1:0]    md0;
  logic [Slots-1:0]       need, self0, orange0, lead;
  logic [Slots*KeyW-1:0]  key;
  logic [BlockIdBits-1:0] p_block;
  logic [WarpIdBits-1:0]  p_warp;

  assign p_block = p_info[IBlock +: BlockIdBits];
  assign p_warp  = p_info[IWarp +: WarpIdBits];

  for (genvar s = 0; s < Slots; s++) begin : g_p
    logic [63:0]            ent, md;
    logic [TagBits-1:0]     tag;
    logic                   tmiss;
    logic [BlockIdBits-1:0] ob;
    logic [WarpIdBits-1:0]  ow;
    logic [31:0]            ob32, ow32, kb32;
    always_comb begin
      ent   = p_data_q[s*64 +: 64];
      tag   = p_info[ITag + s*TagBits +: TagBits];
      // Section 4: another word's entry is replaced by init with the access's tag.  An entry
      // with no lane stays as it is (the whole line goes back and on to a follower).
      tmiss = p_info[ISv + s] && (ent[LTagE +: TagBits] != tag);
      md    = ent;
      if (tmiss) begin
        md = scord_pkg::MdInit;
        md[LTagE +: TagBits] = tag;
      end
      ob = md[LBlockE +: BlockIdBits];
      ow = md[LWarpE +: WarpIdBits];
      // Owner warp = (BlockID / CtasPerSm, WarpID), as in scord_detector; one past the last SM
      // or warp cannot be stored, and reads counters 0 rather than aliasing a real warp.
      ob32 = '0;
      ob32[BlockIdBits-1:0] = ob;
      ob32 = ob32 / CtasPerSm;
      ow32 = '0;
      ow32[WarpIdBits-1:0] = ow;
      orange0[s] = (ob32 < NumSms) && (ow32 < WarpsPerSm);
      self0[s]   = (ob == p_block) && (ow == p_warp);
      // The owner's counters matter unless the entry is init (step 1 decides without them:
      // a tag miss is init too) or the accessor owns it (its own counters, read anyway).
      need[s] = !p_nomem && p_info[ISv + s] && !(md[scord_pkg::MdM] && md[scord_pkg::MdBs] &&
                md[scord_pkg::MdDs]) && !self0[s] && orange0[s];
      // The owner key from the entry as read, not after the tag check, so the group compares
      // below start from P's register: a needed slot never misses its tag (a miss is init),
      // and only needed slots' keys are used.
      kb32 = '0;
      kb32[BlockIdBits-1:0] = ent[LBlockE +: BlockIdBits];
      kb32 = kb32 / CtasPerSm;
      key[s*KeyW +: KeyW] = {kb32[SmBits-1:0], ent[LWarpE +: WarpIdBits]};
      md0[s*64 +: 64] = md;
    end
    logic unused_hi;
    assign unused_hi = ^{ob32, ow32, kb32};
`ifndef SYNTHESIS
    always @(posedge clk_i or negedge rst_ni) begin
      if (rst_ni && p_valid_q && need[s] && key[s*KeyW +: KeyW] != {ob32[SmBits-1:0], ow})
        $fatal(1, "scord_line_slice: slot %0d is needed but its key is not its owner's", s);
    end
`endif
  end

  // The groups' leads (a needed slot with no earlier needed slot of its key), here in P so that
  // G's count and first two leads start from registers.  All pairs compare in parallel.
  always_comb begin
    for (int s = 0; s < Slots; s++) begin
      lead[s] = need[s];
      for (int t = 0; t < s; t++)
        if (need[t] && (key[t*KeyW +: KeyW] == key[s*KeyW +: KeyW])) lead[s] = 1'b0;
    end
  end

  // ---- G: owner groups (registered into C0) ---------------------------------------------------
  // A group is the needed slots of one owner, named by its first slot (its lead, found in P);
  // C0 serves the groups in lead order, OwnerPorts per cycle.  G counts them (an adder tree:
  // a chain of 16 increments was 2 ns) and picks the first two leads' keys.
  // The lowest set bit, each as an OR of the bits below it (v & -v maps to a ripple carry).
  function automatic logic [Slots-1:0] lowest(input logic [Slots-1:0] v);
    for (int i = 0; i < Slots; i++) lowest[i] = v[i] && ((v & ((Slots'(1) << i) - Slots'(1))) == '0);
  endfunction
  function automatic logic [KeyW-1:0] key_at(input logic [Slots-1:0] onehot,
                                             input logic [Slots*KeyW-1:0] keys);
    logic [KeyW-1:0] k;
    k = '0;
    for (int i = 0; i < Slots; i++) if (onehot[i]) k = k | keys[i*KeyW +: KeyW];
    key_at = k;
  endfunction

  logic [Slots-1:0]       lead0, gl0, gl1;
  logic                   g_go, c0_take, g_take, p_go;
  always_comb begin
    lead0 = g_lead_q;
    gl0 = lowest(g_need_q);
    gl1 = (OwnerPorts > 1) ? lowest(lead0 & ~gl0) : '0;
  end

  // Each stage hands its beat on when the next is empty or its beat leaves this cycle.
  assign c0_take   = !c0_valid_q || c0_go;
  assign g_go      = g_valid_q && c0_take;
  assign g_take    = !g_valid_q || c0_take;
  assign p_go      = p_valid_q && g_take;
  assign chk_ready = !p_valid_q || g_take;

  // ---- C0: one group pair per cycle ------------------------------------------------------------
  logic [Slots-1:0]       srv0, srv1, rem, nl0, nl1;
  logic [KeyW-1:0]        xkey;
  logic                   c0_go, c0_fence;
  logic [SmBits-1:0]      c0_sm;
  logic [WarpIdBits-1:0]  c0_warp;

  assign c0_sm    = c0_info[ISm +: SmBits];
  assign c0_warp  = c0_info[IWarp +: WarpIdBits];
  assign xkey     = {c0_sm, c0_warp};

  // Port A1 reads group key k0, port B0 key k1; a slot is served by the port whose key it has.
  // The next pair: the first two leads left, from registers only (the leads after this pair are
  // kept as such, so no key compare stands in front of the next keys' select).
  always_comb begin
    for (int s = 0; s < Slots; s++) begin
      srv0[s] = c0_need_q[s] && (c0_key_q[s*KeyW +: KeyW] == c0_k0_q);
      srv1[s] = c0_need_q[s] && c0_k1v_q && (c0_key_q[s*KeyW +: KeyW] == c0_k1_q);
    end
    nl0 = lowest(c0_lead_q);
    nl1 = (OwnerPorts > 1) ? lowest(c0_lead_q & ~nl0) : '0;
    rem = c0_lead_q & ~nl0 & ~nl1;
  end

  assign c0_fence  = c0_valid_q && c0_nomem;
  assign c0_go     = c0_valid_q && adv && (c0_nomem || c0_last_q);
  assign group_stall_o = c0_valid_q && adv && !c0_nomem && !c0_last_q;

  // Read addresses: port A0 the accessor (or the fence's own warp: IncAtRd0), A1 the first
  // group, B0 the second (or the fence's warp).  Held while the pipeline stalls, so the data
  // of the last read stay on the outputs until they are used.
  assign raddr   = {c0_fence ? xkey : c0_k1_q, c0_k0_q, xkey};
  assign raddr_d = adv ? raddr : raddr_q;

  logic [FB-1:0] fa0_blk, fa0_dev, fa1_blk, fa1_dev, fb0_blk, fb0_dev, fb1_blk_u, fb1_dev_u;
  logic          inc;
  assign inc = c0_fence && adv;
  scord_fence_file #(
    .NumSms     (NumSms),
    .WarpsPerSm (WarpsPerSm),
    .FenceIdBits(FenceIdBits),
    .SmBits     (SmBits),
    .WarpBits   (WarpIdBits),
    .IncAtRd0   (1),
    .ReadFirst  (1)
  ) u_fence_a (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rd0_sm_i   (raddr_d[WarpIdBits +: SmBits]),
    .rd0_warp_i (raddr_d[0 +: WarpIdBits]),
    .rd0_blk_o  (fa0_blk),
    .rd0_dev_o  (fa0_dev),
    .rd1_sm_i   (raddr_d[KeyW + WarpIdBits +: SmBits]),
    .rd1_warp_i (raddr_d[KeyW +: WarpIdBits]),
    .rd1_blk_o  (fa1_blk),
    .rd1_dev_o  (fa1_dev),
    .inc_valid_i(inc),
    .inc_sm_i   (c0_sm),
    .inc_warp_i (c0_warp),
    .inc_dev_i  (c0_info[IFdev]),
    .clear_i    (fence_clear_i)
  );
  if (OwnerPorts > 1) begin : g_fence_b
    // The second owner port: a copy written by every fence, so the copies stay equal.
    scord_fence_file #(
      .NumSms     (NumSms),
      .WarpsPerSm (WarpsPerSm),
      .FenceIdBits(FenceIdBits),
      .SmBits     (SmBits),
      .WarpBits   (WarpIdBits),
      .IncAtRd0   (1),
      .ReadFirst  (1)
    ) u_fence_b (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .rd0_sm_i   (raddr_d[2*KeyW + WarpIdBits +: SmBits]),
      .rd0_warp_i (raddr_d[2*KeyW +: WarpIdBits]),
      .rd0_blk_o  (fb0_blk),
      .rd0_dev_o  (fb0_dev),
      .rd1_sm_i   (SmBits'(0)),
      .rd1_warp_i (WarpIdBits'(0)),
      .rd1_blk_o  (fb1_blk_u),
      .rd1_dev_o  (fb1_dev_u),
      .inc_valid_i(inc),
      .inc_sm_i   (c0_sm),
      .inc_warp_i (c0_warp),
      .inc_dev_i  (c0_info[IFdev]),
      .clear_i    (fence_clear_i)
    );
  end else begin : g_no_fence_b
    assign fb0_blk   = '0;
    assign fb0_dev   = '0;
    assign fb1_blk_u = '0;
    assign fb1_dev_u = '0;
  end

  // ---- The check: E3 from registers, E4 inside scord_beat_check ------------------------------
  logic [Slots*FB-1:0]          o_blk_e3, o_dev_e3;
  logic                         bc_valid;
  logic [Slots-1:0]             bc_sv, bc_sec_u, bc_race, bc_second, bc_bs;
  logic [Slots*64-1:0]          bc_md;
  logic [Slots*3-1:0]           bc_type;
  logic [Slots*BlockIdBits-1:0] bc_ob;
  logic [Slots*WarpIdBits-1:0]  bc_ow;
  logic [Slots*4-1:0]           bc_st1_u, bc_st2_u;

  // The accessor's own entries use its counters; an owner out of range reads 0.
  always_comb begin
    for (int s = 0; s < Slots; s++) begin
      o_blk_e3[s*FB +: FB] = e3_self[s] ? x_blk_q : (e3_orange[s] ? o_blk_q[s*FB +: FB] : '0);
      o_dev_e3[s*FB +: FB] = e3_self[s] ? x_dev_q : (e3_orange[s] ? o_dev_q[s*FB +: FB] : '0);
    end
  end

  scord_beat_check #(
    .Slots        (Slots),
    .BlockIdBits  (BlockIdBits),
    .WarpIdBits   (WarpIdBits),
    .FenceIdBits  (FenceIdBits),
    .BarrierIdBits(BarrierIdBits),
    .BloomBinBits (BloomBinBits),
    .TagBits      (TagBits),
    .StrongOps    (StrongOps)
  ) u_check (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .en_i         (adv),
    .valid_i      (e3_valid_q),
    .kind_i       (e3_info[IKind +: 2]),
    .strong_i     (e3_info[IStr]),
    .atom_blk_i   (e3_info[IAblk]),
    .block_i      (e3_info[IBlock +: BlockIdBits]),
    .warp_i       (e3_info[IWarp +: WarpIdBits]),
    .barrier_i    (e3_info[IBar +: BarrierIdBits]),
    .bloom_i      (e3_info[IBloom +: BlW]),
    .x_blk_i      (x_blk_q),
    .x_dev_i      (x_dev_q),
    .slot_valid_i (e3_nomem ? '0 : e3_info[ISv +: Slots]),
    .second_i     (e3_info[ISec +: Slots]),
    .md_i         (e3_md),
    .tag_i        (e3_info[ITag +: Slots*TagBits]),
    .o_blk_i      (o_blk_e3),
    .o_dev_i      (o_dev_e3),
    .valid_o      (bc_valid),
    .slot_valid_o (bc_sv),
    .second_o     (bc_sec_u),
    .md_o         (bc_md),
    .race_o       (bc_race),
    .race_second_o(bc_second),
    .race_type_o  (bc_type),
    .block_scope_o(bc_bs),
    .owner_block_o(bc_ob),
    .owner_warp_o (bc_ow),
    .step1_o      (bc_st1_u),
    .step2_o      (bc_st2_u)
  );

  if (StepObs) begin : g_step_obs
    assign step_valid_o  = adv && bc_valid;
    assign step_write_o  = e4_info[IKind +: 2] != scord_pkg::KindLd;
    assign step_first_o  = bc_sv;
    assign step_second_o = bc_sv & bc_sec_u;
    assign step1_o       = bc_st1_u;
    assign step2_o       = bc_st2_u;
  end else begin : g_no_step_obs
    assign step_valid_o  = 1'b0;
    assign step_write_o  = 1'b0;
    assign step_first_o  = '0;
    assign step_second_o = '0;
    assign step1_o       = '0;
    assign step2_o       = '0;
  end

  // ---- D: the checked line and the beat's races ------------------------------------------------
  logic [Slots-1:0]  first_race;
  logic              race_ok, rq_ready, rq_push;
  logic [QW-1:0]     rq_data;
  always_comb begin
    first_race = '0;
    for (int s = Slots - 1; s >= 0; s--) if (d_race_q[s]) first_race = Slots'(1) << s;
    rq_data = '0;
    for (int s = 0; s < Slots; s++) if (first_race[s]) rq_data = d_rec_q[s*QW +: QW];
  end
  assign rq_push = d_any_q && rq_ready;
  // D leaves when its last race goes to the queue this cycle (or it has none).  From register
  // bits only: D's hand-back reaches the accessor's allocation decision in the same cycle.
  assign race_ok    = !d_multi_q && (!d_any_q || rq_ready);
  assign done_valid = d_valid_q && race_ok;
  assign adv        = !d_valid_q || (race_ok && done_ready);

  // ---- Next state --------------------------------------------------------------------------------
  always_comb begin
    // P
    p_valid_d = p_valid_q && !p_go;
    p_tag_d   = p_tag_q;
    p_data_d  = p_data_q;
    if (chk_valid && chk_ready) begin
      p_valid_d = 1'b1;
      p_tag_d   = {chk_info, chk_line, chk_slot, chk_nomem};
      p_data_d  = chk_data;
    end
    // G
    g_valid_d  = g_valid_q && !g_go;
    g_tag_d    = g_tag_q;
    g_md_d     = g_md_q;
    g_self_d   = g_self_q;
    g_orange_d = g_orange_q;
    g_need_d   = g_need_q;
    g_key_d    = g_key_q;
    g_lead_d   = g_lead_q;
    if (p_go) begin
      g_valid_d  = 1'b1;
      g_tag_d    = p_tag_q;
      g_md_d     = md0;
      g_self_d   = self0;
      g_orange_d = orange0;
      g_need_d   = need;
      g_key_d    = key;
      g_lead_d   = lead;
    end
    // C0: a beat with more groups than ports stays for the next pair.
    c0_valid_d  = c0_valid_q && !c0_go;
    c0_tag_d    = c0_tag_q;
    c0_md_d     = c0_md_q;
    c0_self_d   = c0_self_q;
    c0_orange_d = c0_orange_q;
    c0_need_d   = c0_need_q;
    c0_key_d    = c0_key_q;
    c0_lead_d   = c0_lead_q;
    c0_k0_d     = c0_k0_q;
    c0_k1_d     = c0_k1_q;
    c0_k1v_d    = c0_k1v_q;
    c0_last_d   = c0_last_q;
    if (c0_valid_q && adv && !c0_go) begin
      c0_lead_d = rem;
      c0_k0_d   = key_at(nl0, c0_key_q);
      c0_k1_d   = key_at(nl1, c0_key_q);
      c0_k1v_d  = nl1 != '0;
      c0_last_d = rem == '0;
    end
    if (g_go) begin
      c0_valid_d  = 1'b1;
      c0_tag_d    = g_tag_q;
      c0_md_d     = g_md_q;
      c0_self_d   = g_self_q;
      c0_orange_d = g_orange_q;
      c0_need_d   = g_need_q;
      c0_key_d    = g_key_q;
      c0_lead_d   = lead0 & ~gl0 & ~gl1;
      c0_k0_d     = key_at(gl0, g_key_q);
      c0_k1_d     = key_at(gl1, g_key_q);
      c0_k1v_d    = gl1 != '0;
      c0_last_d   = (lead0 & ~gl0 & ~gl1) == '0;
    end
    // The reads: registered with their addresses when the pipeline advances.
    rd_access_d = adv ? (c0_valid_q && !c0_nomem) : rd_access_q;
    srv0_d      = adv ? (c0_valid_q && !c0_nomem ? srv0 : '0) : srv0_q;
    srv1_d      = adv ? (c0_valid_q && !c0_nomem ? srv1 : '0) : srv1_q;
    // Their data, one advance later.
    o_blk_d = o_blk_q;
    o_dev_d = o_dev_q;
    x_blk_d = x_blk_q;
    x_dev_d = x_dev_q;
    if (adv) begin
      for (int s = 0; s < Slots; s++) begin
        if (srv0_q[s]) begin
          o_blk_d[s*FB +: FB] = fa1_blk;
          o_dev_d[s*FB +: FB] = fa1_dev;
        end
        if (srv1_q[s]) begin
          o_blk_d[s*FB +: FB] = fb0_blk;
          o_dev_d[s*FB +: FB] = fb0_dev;
        end
      end
      if (rd_access_q) begin
        x_blk_d = fa0_blk;
        x_dev_d = fa0_dev;
      end
    end
    // C1, E3, E4 side, D: advance together.
    c1_valid_d = adv ? c0_go : c1_valid_q;
    e3_valid_d = adv ? c1_valid_q : e3_valid_q;
    d_valid_d  = adv ? bc_valid : d_valid_q;
    c1_d       = adv ? {c0_orange_q, c0_self_q, c0_md_q, c0_tag_q} : c1_q;
    e3_d       = adv ? c1_q : e3_q;
    e4_tag_d   = adv ? e3_q[0 +: TagW] : e4_tag_q;
    d_tag_d    = adv ? e4_tag_q[0 +: TInfo] : d_tag_q;
    d_wmask_d  = d_wmask_q;
    d_md_d     = d_md_q;
    d_rec_d    = d_rec_q;
    d_race_d   = d_race_q & ~(rq_push ? first_race : '0);
    if (adv) begin
      // Every checked entry is written back (a load changes its entry too).
      d_wmask_d   = bc_sv;
      d_md_d      = bc_md;
      d_race_d    = bc_valid ? bc_race : '0;
      for (int s = 0; s < Slots; s++) begin
        d_rec_d[s*QW + QOw +: WarpIdBits]   = bc_ow[s*WarpIdBits +: WarpIdBits];
        d_rec_d[s*QW + QOb +: BlockIdBits]  = bc_ob[s*BlockIdBits +: BlockIdBits];
        d_rec_d[s*QW + QOff +: OffBits]     = bc_second[s] ?
            e4_info[IOff2 + s*OffBits +: OffBits] : e4_info[IOff1 + s*OffBits +: OffBits];
        d_rec_d[s*QW + QSlot +: 4]          = 4'(s);
        d_rec_d[s*QW + QLine +: LineIdxBits] = e4_line;
        d_rec_d[s*QW + QPc +: PcBits]       = e4_info[IPc +: PcBits];
        d_rec_d[s*QW + QWarp +: WarpIdBits] = e4_info[IWarp +: WarpIdBits];
        d_rec_d[s*QW + QCta +: CtaBits]     = e4_info[ICta +: CtaBits];
        d_rec_d[s*QW + QSm +: SmBits]       = e4_info[ISm +: SmBits];
        d_rec_d[s*QW + QBs]                 = bc_bs[s];
        d_rec_d[s*QW + QKind +: 2]          = e4_info[IKind +: 2];
        d_rec_d[s*QW + QType +: 3]          = bc_type[s*3 +: 3];
      end
    end
  end

  // Two or more races: a balanced tree of (any, two-or-more) pairs, log depth on D's
  // decision path where x & (x - 1) would be a carry chain behind the check's race bits.
  function automatic logic two_or_more(input logic [Slots-1:0] x);
    logic [Slots-1:0] any, two;
    any = x;
    two = '0;
    for (int w = Slots; w > 1; w = w / 2)
      for (int i = 0; i < w / 2; i++) begin
        two[i] = two[2*i] || two[2*i+1] || (any[2*i] && any[2*i+1]);
        any[i] = any[2*i] || any[2*i+1];
      end
    two_or_more = two[0];
  endfunction
  assign d_any_d   = d_race_d != '0;
  assign d_multi_d = two_or_more(d_race_d);

  // Valid bits reset; the payloads are used only under them.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      p_valid_q   <= 1'b0;
      g_valid_q   <= 1'b0;
      c0_valid_q  <= 1'b0;
      c1_valid_q  <= 1'b0;
      e3_valid_q  <= 1'b0;
      d_valid_q   <= 1'b0;
      d_race_q    <= '0;
      d_any_q     <= 1'b0;
      d_multi_q   <= 1'b0;
      rd_access_q <= 1'b0;
      srv0_q      <= '0;
      srv1_q      <= '0;
    end else begin
      p_valid_q   <= p_valid_d;
      g_valid_q   <= g_valid_d;
      c0_valid_q  <= c0_valid_d;
      c1_valid_q  <= c1_valid_d;
      e3_valid_q  <= e3_valid_d;
      d_valid_q   <= d_valid_d;
      d_race_q    <= d_race_d;
      d_any_q     <= d_any_d;
      d_multi_q   <= d_multi_d;
      rd_access_q <= rd_access_d;
      srv0_q      <= srv0_d;
      srv1_q      <= srv1_d;
    end
  end
  always_ff @(posedge clk_i) begin
    p_tag_q     <= p_tag_d;
    p_data_q    <= p_data_d;
    g_tag_q     <= g_tag_d;
    g_md_q      <= g_md_d;
    g_self_q    <= g_self_d;
    g_orange_q  <= g_orange_d;
    g_need_q    <= g_need_d;
    g_key_q     <= g_key_d;
    g_lead_q    <= g_lead_d;
    c0_tag_q    <= c0_tag_d;
    c0_md_q     <= c0_md_d;
    c0_self_q   <= c0_self_d;
    c0_orange_q <= c0_orange_d;
    c0_need_q   <= c0_need_d;
    c0_key_q    <= c0_key_d;
    c0_k0_q     <= c0_k0_d;
    c0_k1_q     <= c0_k1_d;
    c0_k1v_q    <= c0_k1v_d;
    c0_lead_q   <= c0_lead_d;
    c0_last_q   <= c0_last_d;
    raddr_q     <= raddr_d;
    o_blk_q     <= o_blk_d;
    o_dev_q     <= o_dev_d;
    x_blk_q     <= x_blk_d;
    x_dev_q     <= x_dev_d;
    c1_q        <= c1_d;
    e3_q        <= e3_d;
    e4_tag_q    <= e4_tag_d;
    d_tag_q     <= d_tag_d;
    d_wmask_q   <= d_wmask_d;
    d_md_q      <= d_md_d;
    d_rec_q     <= d_rec_d;
  end

  // ---- Race queue ------------------------------------------------------------------------------
  logic [QW-1:0] rq_out;
  logic          rq_room2_u;
  logic [1:0]    unused_rq_peek;
  scord_fifo #(
    .Width(QW),
    .Depth(2)
  ) u_race_q (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(d_any_q),
    .ready_o(rq_ready),
    .room2_o(rq_room2_u),
    .data_i (rq_data),
    .valid_o(race_valid_o),
    .ready_i(race_ready_i),
    .data_o (rq_out),
    .peek_hold_o(unused_rq_peek[0]),
    .peek_pop_o (unused_rq_peek[1])
  );
  assign race_owner_warp_o  = rq_out[QOw +: WarpIdBits];
  assign race_owner_block_o = rq_out[QOb +: BlockIdBits];
  // The racing lane's word address, rebuilt from its entry (the inverse of scord_addr_map,
  // detector.md section 4): word = {hi, index} with index = (line * Slices + SliceIndex) * 16 +
  // slot, address = HeapBase + word * Granule + sub * 4.
  localparam int SliceShift = (Slices > 1) ? $clog2(Slices) : 0;
  logic [63:0] r_line, r_word, r_addr;
  always_comb begin
    r_line = '0;
    r_line[LineIdxBits-1:0] = rq_out[QLine +: LineIdxBits];
    r_word = (((r_line << SliceShift) | 64'(SliceIndex)) << 4) | 64'(rq_out[QSlot +: 4]);
    if (HiBits > 0) r_word = r_word | (64'(rq_out[QOff + SubBits +: ((HiBits > 0) ? HiBits : 1)]) << IndexBits);
    r_addr = HeapBase + (r_word << $clog2(Granule));
    if (SubBits > 0) r_addr = r_addr + (64'(rq_out[QOff +: ((SubBits > 0) ? SubBits : 1)]) << 2);
  end
  assign race_addr_o        = r_addr[AddrBits-1:0];
  assign race_pc_o          = rq_out[QPc +: PcBits];
  assign race_warp_o        = rq_out[QWarp +: WarpIdBits];
  assign race_cta_o         = rq_out[QCta +: CtaBits];
  assign race_sm_o          = rq_out[QSm +: SmBits];
  assign race_block_scope_o = rq_out[QBs];
  assign race_kind_o        = rq_out[QKind +: 2];
  assign race_type_o        = rq_out[QType +: 3];

  assign idle_o = acc_idle && !p_valid_q && !g_valid_q && !c0_valid_q && !c1_valid_q && !e3_valid_q && !bc_valid &&
                  !d_valid_q;

  logic unused_bits;
  assign unused_bits = ^{fb1_blk_u, fb1_dev_u, bc_sec_u, bc_st1_u, bc_st2_u, rq_room2_u, r_addr,
                         rq_out[QOff +: OffBits],
                         rq_push};

`ifndef SYNTHESIS
  // The fence file's clear drops increments in flight; it must come only with nothing in flight.
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && fence_clear_i && !idle_o)
      $fatal(1, "scord_line_slice: fence clear while the slice is not idle");
  end
  // C0's last pair (found from the leads left alone) leaves no needed slot unread: the slots
  // served by each pair of a beat, gathered, are its needed slots.
  logic [Slots-1:0] sim_served_q, sim_served;
  assign sim_served = sim_served_q | srv0 | srv1;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) sim_served_q <= '0;
    else if (c0_valid_q && adv && !c0_nomem) begin
      if (c0_last_q && sim_served != c0_need_q)
        $fatal(1, "scord_line_slice: C0's last pair leaves needed slots %h unread (served %h)",
               c0_need_q, sim_served);
      sim_served_q <= c0_last_q ? '0 : sim_served;
    end
  end
`endif
endmodule
