// scord_detector.sv -- the race detector beside the interconnect (architecture.md): takes
// access packets, fence notifications and kernel boundaries in arrival order on one
// valid/ready channel, maps addresses to metadata (scord_addr_map), reads and writes
// entries through a memory port (scord_md_accessor), applies detector.md section 5
// (scord_detect) with the fence file (scord_fence_file), and buffers race records
// (scord_race_fifo).  Results equal processing the packets one at a time in arrival order:
// fences and outside-window accesses travel through the same in-order queue as checked
// accesses, and same-entry accesses in flight are forwarded (docs/rtl.md).
module scord_detector #(
  parameter int          NumSms         = scord_pkg::NumSms,
  parameter int          CtasPerSm      = scord_pkg::CtasPerSm,
  parameter int          WarpsPerSm     = scord_pkg::WarpsPerSm,
  parameter int          BlockIdBits    = scord_pkg::idx_bits(NumSms * CtasPerSm),
  parameter int          WarpIdBits     = scord_pkg::idx_bits(WarpsPerSm),
  parameter int          FenceIdBits    = scord_pkg::FenceIdBits,
  parameter int          BarrierIdBits  = scord_pkg::BarrierIdBits,
  parameter int          BloomBinBits   = scord_pkg::BloomBinBits,
  parameter int          LockEntries    = scord_pkg::LockEntries,  // trackers' (cfg_o only)
  parameter int          TagBits        = scord_pkg::TagBits,
  parameter int          MdRatio        = scord_pkg::MdRatio,
  parameter int          Granule        = scord_pkg::Granule,
  parameter logic [63:0] HeapBase       = scord_pkg::HeapBase,
  parameter logic [63:0] HeapBytes      = scord_pkg::HeapBytes,
  parameter logic [63:0] MdBase         = HeapBase + HeapBytes,
  parameter int          AddrBits       = scord_pkg::AddrBits,
  parameter int          RaceBufEntries = scord_pkg::RaceBufEntries,
  parameter bit          StrongOps      = scord_pkg::StrongOps,
  parameter int          MaxOutstanding = scord_pkg::MaxOutstanding,
  parameter bit          ResetSweep     = scord_pkg::ResetSweep,
  parameter bit          DualIssue      = scord_pkg::DualIssue,
  parameter int          PcBits         = scord_pkg::PcBits
) (
  input  logic clk_i,
  input  logic rst_ni,

  // Packets in arrival order (tracker packets, plus PktKernel from the host).
  input  logic                                      in_valid_i,
  output logic                                      in_ready_o,
  input  logic [1:0]                                in_type_i,   // scord_pkg::Pkt*
  input  logic [scord_pkg::idx_bits(NumSms)-1:0]    in_sm_i,
  input  logic [scord_pkg::idx_bits(CtasPerSm)-1:0] in_cta_i,
  input  logic [WarpIdBits-1:0]                     in_warp_i,
  input  logic [BlockIdBits-1:0]                    in_block_i,
  input  logic [BarrierIdBits-1:0]                  in_barrier_i,
  input  logic [2*BloomBinBits-1:0]                 in_bloom_i,
  input  logic [1:0]                                in_kind_i,
  input  logic                                      in_strong_i,
  input  logic                                      in_atom_blk_i,
  input  logic                                      in_fence_dev_i,
  input  logic [AddrBits-1:0]                       in_addr_i,
  input  logic [PcBits-1:0]                         in_pc_i,

  // Metadata memory port (entries by index; address = MdBase + 8*index).  A beat carries
  // a write (write, index, wdata), a read (read, rindex) or both (write applied first),
  // or a clear of the whole region.  Read data returns in request order.
  output logic                                      mem_req_valid_o,
  input  logic                                      mem_req_ready_i,
  output logic                                      mem_req_write_o,
  output logic                                      mem_req_clear_o,
  output logic [63:0]                               mem_req_index_o,
  output logic [63:0]                               mem_req_addr_o,
  output logic [63:0]                               mem_req_wdata_o,
  output logic                                      mem_req_read_o,
  output logic [63:0]                               mem_req_rindex_o,
  output logic [63:0]                               mem_req_raddr_o,
  input  logic                                      mem_resp_valid_i,
  output logic                                      mem_resp_ready_o,
  input  logic [63:0]                               mem_resp_rdata_i,

  // Race records (detector.md section 6), in the order found.
  output logic                                      race_valid_o,
  input  logic                                      race_ready_i,
  output logic [2:0]                                race_type_o,
  output logic [1:0]                                race_kind_o,
  output logic                                      race_block_scope_o,
  output logic [scord_pkg::idx_bits(NumSms)-1:0]    race_sm_o,
  output logic [scord_pkg::idx_bits(CtasPerSm)-1:0] race_cta_o,
  output logic [WarpIdBits-1:0]                     race_warp_o,
  output logic [PcBits-1:0]                         race_pc_o,
  output logic [AddrBits-1:0]                       race_addr_o,
  output logic [BlockIdBits-1:0]                    race_owner_block_o,
  output logic [WarpIdBits-1:0]                     race_owner_warp_o,
  output logic [63:0]                               race_overflow_o,

  // Per-lane observation for coverage: the deciding step of each access, in order.
  output logic                                      step_valid_o,
  output logic [3:0]                                step_o,       // scord_step
  output logic                                      step_write_o, // WRITE (st/atom)
  output logic                                      step_raced_o, // race, re-checked as INIT
  output logic                                      step_tag_miss_o,
  output logic                                      idle_o,       // nothing in flight

  // Build configuration, for host software and the testbench's variant check: 32-bit
  // words NumSms, CtasPerSm, WarpsPerSm, BlockIdBits, WarpIdBits, FenceIdBits,
  // BarrierIdBits, BloomBinBits, LockEntries, TagBits, MdRatio, Granule, AddrBits,
  // RaceBufEntries, StrongOps, {DualIssue, ResetSweep}.
  output logic [16*32-1:0]                          cfg_o
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
  localparam int BlW      = 2 * BloomBinBits;
  localparam int IndexBits = $clog2(HeapBytes) - $clog2(Granule) - $clog2(MdRatio);
  // Work item kinds in the accessor queue.
  localparam logic [1:0] WkIn = 2'd0, WkOut = 2'd1, WkFence = 2'd2;
  // Payload layout (from bit 0): tag, pc, addr, fence_dev, atom_blk, strong, kind, bloom,
  // barrier, block, warp, cta, sm, work kind.
  localparam int PTag   = 0;
  localparam int PPc    = PTag + TagBits;
  localparam int PAddr  = PPc + PcBits;
  localparam int PFdev  = PAddr + AddrBits;
  localparam int PAblk  = PFdev + 1;
  localparam int PStr   = PAblk + 1;
  localparam int PKind  = PStr + 1;
  localparam int PBloom = PKind + 2;
  localparam int PBar   = PBloom + BlW;
  localparam int PBlock = PBar + BarrierIdBits;
  localparam int PWarp  = PBlock + BlockIdBits;
  localparam int PCta   = PWarp + WarpIdBits;
  localparam int PSm    = PCta + CtaBits;
  localparam int PWk    = PSm + SmBits;
  localparam int PayW   = PWk + 2;
  // Race record layout (from bit 0): owner warp, owner block, addr, pc, warp, cta, sm,
  // block_scope, kind, type.
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
  // Metadata field positions used outside scord_detect (the owner and the tag).
  localparam int LWarpE  = scord_pkg::md_lsb(scord_pkg::MdWarp, BloomBinBits, BarrierIdBits,
                                             FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LBlockE = scord_pkg::md_lsb(scord_pkg::MdBlock, BloomBinBits, BarrierIdBits,
                                             FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LTagE   = scord_pkg::md_lsb(scord_pkg::MdTag, BloomBinBits, BarrierIdBits,
                                             FenceIdBits, WarpIdBits, BlockIdBits);

  // ---- Input: spill register, then the address map into the map register M -------------
  // Pipeline (docs/rtl.md "Pipeline"): I (spill) -> M (mapped) -> accessor queue -> E1
  // (owner, fence-file address) -> E2 (fence-file array read; tag replacement) -> E3
  // (section 5, completion) -> R (race record) -> race FIFO.  Every stage boundary is a
  // register; E1..E3 never stall (the accessor reserves write-back room before a pop).
  localparam int InW = 2 + SmBits + CtaBits + WarpIdBits + BlockIdBits + BarrierIdBits + BlW +
                       2 + 3 + AddrBits + PcBits;
  logic [InW-1:0]       in_pay, i_pay;
  logic                 i_valid, i_ready;
  logic [1:0]           i_type, i_kind;
  logic [SmBits-1:0]    i_sm;
  logic [CtaBits-1:0]   i_cta;
  logic [WarpIdBits-1:0] i_warp;
  logic [BlockIdBits-1:0] i_block;
  logic [BarrierIdBits-1:0] i_barrier;
  logic [BlW-1:0]       i_bloom;
  logic                 i_strong, i_atom_blk, i_fence_dev;
  logic [AddrBits-1:0]  i_addr;
  logic [PcBits-1:0]    i_pc;

  assign in_pay = {in_type_i, in_sm_i, in_cta_i, in_warp_i, in_block_i, in_barrier_i, in_bloom_i,
                   in_kind_i, in_strong_i, in_atom_blk_i, in_fence_dev_i, in_addr_i, in_pc_i};
  scord_spill_reg #(.Width(InW)) u_in_reg (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(in_valid_i),
    .ready_o(in_ready_o),
    .data_i (in_pay),
    .valid_o(i_valid),
    .ready_i(i_ready),
    .data_o (i_pay)
  );
  assign {i_type, i_sm, i_cta, i_warp, i_block, i_barrier, i_bloom, i_kind, i_strong, i_atom_blk,
          i_fence_dev, i_addr, i_pc} = i_pay;

  logic                 in_window;
  logic [AddrBits-1:0]  word_addr;
  logic [63:0]          index64;
  logic [TagBits-1:0]   tag;
  logic                 is_kernel, is_fence;
  logic [PayW-1:0]      payload;
  logic [1:0]           wk;
  logic                 acc_idle, clear_busy, kernel_go, acc_req_ready;

  scord_addr_map #(
    .AddrBits (AddrBits),
    .Granule  (Granule),
    .MdRatio  (MdRatio),
    .TagBits  (TagBits),
    .HeapBase (HeapBase),
    .HeapBytes(HeapBytes),
    .IndexBits(IndexBits)
  ) u_addr_map (
    .addr_i  (i_addr),
    .inside_o(in_window),
    .word_o  (word_addr),
    .index_o (index64),
    .tag_o   (tag)
  );

  assign is_kernel = (i_type == scord_pkg::PktKernel);
  assign is_fence  = (i_type == scord_pkg::PktFence);
  assign wk        = is_fence ? WkFence : (in_window ? WkIn : WkOut);

  always_comb begin
    payload = '0;
    payload[PTag +: TagBits]        = tag;
    payload[PPc +: PcBits]          = i_pc;
    payload[PAddr +: AddrBits]      = word_addr;
    payload[PFdev]                  = i_fence_dev;
    payload[PAblk]                  = i_atom_blk;
    payload[PStr]                   = i_strong;
    payload[PKind +: 2]             = i_kind;
    payload[PBloom +: BlW]          = i_bloom;
    payload[PBar +: BarrierIdBits]  = i_barrier;
    payload[PBlock +: BlockIdBits]  = i_block;
    payload[PWarp +: WarpIdBits]    = i_warp;
    payload[PCta +: CtaBits]        = i_cta;
    payload[PSm +: SmBits]          = i_sm;
    payload[PWk +: 2]               = wk;
  end

  // M: the mapped item (or a kernel boundary) waiting for the accessor.
  logic                 m_valid_d, m_valid_q, m_kernel_d, m_kernel_q, m_md_d, m_md_q, m_take;
  logic [IndexBits-1:0] m_index_d, m_index_q;
  logic [PayW-1:0]      m_pay_d, m_pay_q;

  // Section 7: a kernel boundary waits until everything before it has completed.  The
  // decision is registered (kgo_q) before it fans out to every warp's fence-file valid bit:
  // at 132 x 64 the write-queue count -> idle -> 8,448 valid bits path set the clock.  It
  // stays exact because the boundary holds M, so nothing enters the accessor in between
  // and an idle accessor stays idle (asserted below); the cost is one cycle per kernel.
  logic kgo_d, kgo_q;
  assign kgo_d     = m_valid_q && m_kernel_q && acc_idle && !kgo_q;
  assign kernel_go = kgo_q;
  assign m_take    = m_valid_q && (m_kernel_q ? kgo_q : acc_req_ready);
  assign i_ready   = !m_valid_q || m_take;
  always_comb begin
    m_valid_d  = m_valid_q && !m_take;
    m_kernel_d = m_kernel_q;
    m_md_d     = m_md_q;
    m_index_d  = m_index_q;
    m_pay_d    = m_pay_q;
    if (i_valid && i_ready) begin
      m_valid_d  = 1'b1;
      m_kernel_d = is_kernel;
      m_md_d     = !is_fence && !is_kernel && in_window;
      m_index_d  = index64[IndexBits-1:0];
      m_pay_d    = payload;
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      m_valid_q <= 1'b0;
      kgo_q     <= 1'b0;
    end else begin
      m_valid_q <= m_valid_d;
      kgo_q     <= kgo_d;
    end
  end
  always_ff @(posedge clk_i) begin
    m_kernel_q <= m_kernel_d;
    m_md_q     <= m_md_d;
    m_index_q  <= m_index_d;
    m_pay_q    <= m_pay_d;
  end

  // ---- Metadata accessor ---------------------------------------------------------------
  logic             head_valid, head_md;
  logic [PayW-1:0]  hp;
  logic [63:0]      head_rdata, cpl_wdata;
  logic             cpl_valid;

  scord_md_accessor #(
    .IndexBits  (IndexBits),
    .PayloadBits(PayW),
    .Depth      (MaxOutstanding),
    .ResetSweep (ResetSweep),
    .DualIssue  (DualIssue),
    .ExecStages (3)
  ) u_accessor (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .req_valid_i     (m_valid_q && !m_kernel_q),
    .req_ready_o     (acc_req_ready),
    .req_md_i        (m_md_q),
    .req_index_i     (m_index_q),
    .req_payload_i   (m_pay_q),
    .head_valid_o    (head_valid),
    .head_ready_i    (1'b1),
    .head_md_o       (head_md),
    .head_payload_o  (hp),
    .head_rdata_o    (head_rdata),
    .cpl_valid_i     (cpl_valid),
    .cpl_wdata_i     (cpl_wdata),
    .clear_start_i   (kernel_go),
    .idle_o          (acc_idle),
    .clear_busy_o    (clear_busy),
    .mem_req_valid_o (mem_req_valid_o),
    .mem_req_ready_i (mem_req_ready_i),
    .mem_req_write_o (mem_req_write_o),
    .mem_req_clear_o (mem_req_clear_o),
    .mem_req_index_o (mem_req_index_o),
    .mem_req_wdata_o (mem_req_wdata_o),
    .mem_req_read_o  (mem_req_read_o),
    .mem_req_rindex_o(mem_req_rindex_o),
    .mem_resp_valid_i(mem_resp_valid_i),
    .mem_resp_ready_o(mem_resp_ready_o),
    .mem_resp_rdata_i(mem_resp_rdata_i)
  );
  assign mem_req_addr_o  = MdBase + (mem_req_index_o << 3);
  assign mem_req_raddr_o = MdBase + (mem_req_rindex_o << 3);

  // ---- Execute pipeline E1 -> E2 -> E3 ---------------------------------------------------
  // E1: the popped item and its stored entry.  The owner's and the accessor's fence-file
  // addresses are registered into the fence file at the end of E1; a fence increments here.
  logic             e1_valid_q, e1_md_q, e2_valid_q, e2_md_q, e3_valid_q, e3_md_q;
  logic [PayW-1:0]  e1_pay_q, e2_pay_q, e3_pay_q;
  logic [63:0]      e1_ent_q, e2_ent_q, e3_ent_q;
  logic             e2_orange_q, e3_orange_q, e3_tag_miss_q;
  logic [FenceIdBits-1:0] e3_x_blk_q, e3_x_dev_q, e3_o_blk_q, e3_o_dev_q;

  logic [BlockIdBits-1:0]   e1_owner_block;
  logic [WarpIdBits-1:0]    e1_owner_warp;
  logic [31:0]              ob32, ow32;
  logic [SmBits-1:0]        o_sm;
  logic                     o_in_range, e1_fence;
  logic [FenceIdBits-1:0]   x_blk, x_dev, o_blk_ff, o_dev_ff;

  assign e1_owner_block = e1_ent_q[LBlockE +: BlockIdBits];
  assign e1_owner_warp  = e1_ent_q[LWarpE +: WarpIdBits];
  assign e1_fence = e1_valid_q && (e1_pay_q[PWk +: 2] == WkFence);

  // Owner warp = (BlockID / CtasPerSm, WarpID).  An owner past the last SM or warp cannot
  // occur (stored BlockIDs come from accesses); such an owner reads fence IDs 0 rather than
  // aliasing a real warp.
  always_comb begin
    ob32 = '0;
    ob32[BlockIdBits-1:0] = e1_owner_block;
    ob32 = ob32 / CtasPerSm;
    ow32 = '0;
    ow32[WarpIdBits-1:0] = e1_owner_warp;
    o_in_range = (ob32 < NumSms) && (ow32 < WarpsPerSm);
  end
  assign o_sm = ob32[SmBits-1:0];

  scord_fence_file #(
    .NumSms     (NumSms),
    .WarpsPerSm (WarpsPerSm),
    .FenceIdBits(FenceIdBits),
    .SmBits     (SmBits),
    .WarpBits   (WarpIdBits),
    .IncAtRd0   (1),            // a fence reads its own warp on port 0 (two bank read ports)
    .ReadFirst  (1)             // nothing uses a fence's own reads (one event per cycle in E1)
  ) u_fence_file (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rd0_sm_i   (e1_pay_q[PSm +: SmBits]),
    .rd0_warp_i (e1_pay_q[PWarp +: WarpIdBits]),
    .rd0_blk_o  (x_blk),
    .rd0_dev_o  (x_dev),
    .rd1_sm_i   (o_sm),
    .rd1_warp_i (e1_owner_warp),
    .rd1_blk_o  (o_blk_ff),
    .rd1_dev_o  (o_dev_ff),
    .inc_valid_i(e1_fence),
    .inc_sm_i   (e1_pay_q[PSm +: SmBits]),
    .inc_warp_i (e1_pay_q[PWarp +: WarpIdBits]),
    .inc_dev_i  (e1_pay_q[PFdev]),
    .clear_i    (kernel_go)
  );

  // E2: the fence-file array is read; the entry gets its tag check (section 4: a mismatch
  // replaces it by init with the access's tag) so E3 starts from the entry it judges.
  logic [63:0] e2_ent_t;
  logic        e2_tag_miss;
  logic [63:0] tag_val;
  always_comb begin
    tag_val = '0;
    tag_val[LTagE +: TagBits] = e2_pay_q[PTag +: TagBits];
    e2_tag_miss = e2_md_q && (e2_ent_q[LTagE +: TagBits] != e2_pay_q[PTag +: TagBits]);
    e2_ent_t = e2_tag_miss ? (scord_pkg::MdInit | tag_val) : e2_ent_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      e1_valid_q <= 1'b0;
      e2_valid_q <= 1'b0;
      e3_valid_q <= 1'b0;
    end else begin
      e1_valid_q <= head_valid;
      e2_valid_q <= e1_valid_q;
      e3_valid_q <= e2_valid_q;
    end
  end
  // Payloads: no reset, used only under the valid bits.
  always_ff @(posedge clk_i) begin
    e1_md_q  <= head_md;
    e1_pay_q <= hp;
    e1_ent_q <= head_rdata;
    e2_md_q  <= e1_md_q;
    e2_pay_q <= e1_pay_q;
    e2_ent_q <= e1_ent_q;
    e2_orange_q <= o_in_range;
    e3_md_q  <= e2_md_q;
    e3_pay_q <= e2_pay_q;
    e3_ent_q <= e2_ent_t;
    e3_tag_miss_q <= e2_tag_miss;
    e3_orange_q <= e2_orange_q;
    e3_x_blk_q <= x_blk;
    e3_x_dev_q <= x_dev;
    e3_o_blk_q <= o_blk_ff;
    e3_o_dev_q <= o_dev_ff;
  end

  // E3: detector.md section 5 on registered inputs; the item completes this cycle.
  logic [1:0]               h_wk, h_kind;
  logic [SmBits-1:0]        h_sm;
  logic [CtaBits-1:0]       h_cta;
  logic [WarpIdBits-1:0]    h_warp;
  logic [BlockIdBits-1:0]   h_block;
  logic                     h_exec_in;
  logic [FenceIdBits-1:0]   o_blk, o_dev;
  logic [BlockIdBits-1:0]   owner_block;
  logic [WarpIdBits-1:0]    owner_warp;
  logic                     race, block_scope, tag_miss_unused, own_unused;
  logic [2:0]               race_type;
  logic [3:0]               step;
  logic [RecW-1:0]          rec, pop_rec;

  assign h_wk    = e3_pay_q[PWk +: 2];
  assign h_kind  = e3_pay_q[PKind +: 2];
  assign h_sm    = e3_pay_q[PSm +: SmBits];
  assign h_cta   = e3_pay_q[PCta +: CtaBits];
  assign h_warp  = e3_pay_q[PWarp +: WarpIdBits];
  assign h_block = e3_pay_q[PBlock +: BlockIdBits];
  assign h_exec_in = e3_valid_q && e3_md_q;
  assign o_blk  = e3_orange_q ? e3_o_blk_q : '0;
  assign o_dev  = e3_orange_q ? e3_o_dev_q : '0;

  scord_detect #(
    .BlockIdBits  (BlockIdBits),
    .WarpIdBits   (WarpIdBits),
    .FenceIdBits  (FenceIdBits),
    .BarrierIdBits(BarrierIdBits),
    .BloomBinBits (BloomBinBits),
    .TagBits      (TagBits),
    .StrongOps    (StrongOps),
    .TagCheck     (1'b0)
  ) u_detect (
    .en_i         (1'b1),          // one lane per cycle: always checked
    .md_i         (e3_ent_q),
    .tag_i        (e3_pay_q[PTag +: TagBits]),
    .kind_i       (h_kind),
    .strong_i     (e3_pay_q[PStr]),
    .atom_blk_i   (e3_pay_q[PAblk]),
    .block_i      (h_block),
    .warp_i       (h_warp),
    .barrier_i    (e3_pay_q[PBar +: BarrierIdBits]),
    .bloom_i      (e3_pay_q[PBloom +: BlW]),
    .x_blk_i      (e3_x_blk_q),
    .x_dev_i      (e3_x_dev_q),
    .o_blk_i      (o_blk),
    .o_dev_i      (o_dev),
    .owner_block_o(owner_block),
    .owner_warp_o (owner_warp),
    .md_o         (cpl_wdata),
    .race_o       (race),
    .race_type_o  (race_type),
    .block_scope_o(block_scope),
    .step_o       (step),
    .tag_miss_o   (tag_miss_unused),
    .own_o        (own_unused)
  );
  assign cpl_valid = e3_valid_q;

  always_comb begin
    rec = '0;
    rec[ROw +: WarpIdBits]   = owner_warp;
    rec[ROb +: BlockIdBits]  = owner_block;
    rec[RAddr +: AddrBits]   = e3_pay_q[PAddr +: AddrBits];
    rec[RPc +: PcBits]       = e3_pay_q[PPc +: PcBits];
    rec[RWarp +: WarpIdBits] = h_warp;
    rec[RCta +: CtaBits]     = h_cta;
    rec[RSm +: SmBits]       = h_sm;
    rec[RBs]                 = block_scope;
    rec[RKind +: 2]          = h_kind;
    rec[RType +: 3]          = race_type;
  end

  // R: the race record staged one cycle before the race FIFO (its write decode and
  // occupancy counter stay off the detection path).
  logic            r_valid_q;
  logic [RecW-1:0] r_rec_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) r_valid_q <= 1'b0;
    else         r_valid_q <= h_exec_in && race;
  end
  always_ff @(posedge clk_i) r_rec_q <= rec;

  logic [$clog2(RaceBufEntries+1)-1:0] race_count;
  scord_race_fifo #(
    .Width  (RecW),
    .Entries(RaceBufEntries)
  ) u_race_fifo (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .push_i     (r_valid_q),
    .push_data_i(r_rec_q),
    .pop_valid_o(race_valid_o),
    .pop_ready_i(race_ready_i),
    .pop_data_o (pop_rec),
    .overflow_o (race_overflow_o),
    .count_o    (race_count)
  );

  assign race_type_o        = pop_rec[RType +: 3];
  assign race_kind_o        = pop_rec[RKind +: 2];
  assign race_block_scope_o = pop_rec[RBs];
  assign race_sm_o          = pop_rec[RSm +: SmBits];
  assign race_cta_o         = pop_rec[RCta +: CtaBits];
  assign race_warp_o        = pop_rec[RWarp +: WarpIdBits];
  assign race_pc_o          = pop_rec[RPc +: PcBits];
  assign race_addr_o        = pop_rec[RAddr +: AddrBits];
  assign race_owner_block_o = pop_rec[ROb +: BlockIdBits];
  assign race_owner_warp_o  = pop_rec[ROw +: WarpIdBits];

  // Observation: one strobe per access lane (fences excluded), in arrival order, at E3.
  assign step_valid_o    = e3_valid_q && (h_wk != WkFence);
  assign step_o          = h_exec_in ? step : scord_pkg::StepOutside;
  assign step_write_o    = (h_kind != scord_pkg::KindLd);
  assign step_raced_o    = h_exec_in && race;
  assign step_tag_miss_o = h_exec_in && e3_tag_miss_q;
  assign idle_o          = acc_idle && !in_valid_i && !i_valid && !m_valid_q && !r_valid_q;
  assign cfg_o[0*32 +: 32]  = NumSms;
  assign cfg_o[1*32 +: 32]  = CtasPerSm;
  assign cfg_o[2*32 +: 32]  = WarpsPerSm;
  assign cfg_o[3*32 +: 32]  = BlockIdBits;
  assign cfg_o[4*32 +: 32]  = WarpIdBits;
  assign cfg_o[5*32 +: 32]  = FenceIdBits;
  assign cfg_o[6*32 +: 32]  = BarrierIdBits;
  assign cfg_o[7*32 +: 32]  = BloomBinBits;
  assign cfg_o[8*32 +: 32]  = LockEntries;
  assign cfg_o[9*32 +: 32]  = TagBits;
  assign cfg_o[10*32 +: 32] = MdRatio;
  assign cfg_o[11*32 +: 32] = Granule;
  assign cfg_o[12*32 +: 32] = AddrBits;
  assign cfg_o[13*32 +: 32] = RaceBufEntries;
  assign cfg_o[14*32 +: 32] = {31'd0, StrongOps};
  assign cfg_o[15*32 +: 32] = {30'd0, DualIssue, ResetSweep};

  logic unused_bits;
  assign unused_bits = ^{index64, clear_busy, race_count, ob32, ow32, tag_miss_unused, own_unused};

  // ---- Assertions (simulation only: Verilator and Icarus; Yosys defines SYNTHESIS) --------
`ifndef SYNTHESIS
  // The registered kernel clear is exact only if the boundary still waits at M and the
  // accessor is still idle when the clear fans out.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
    end else if (kgo_q && !(m_valid_q && m_kernel_q && acc_idle)) begin
      $fatal(1, "scord_detector: kernel clear issued without an idle accessor behind it");
    end
  end
`endif
endmodule
