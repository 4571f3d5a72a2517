// scord_tb_top.sv -- Verilator harness top (testbench only, not synthesised): one
// scord_sm_tracker per SM, one scord_detector, and the interconnect between them as an
// ordered merge whose source is chosen by the C++ testbench (merge_sel_i = SM, or NumSms
// for a host kernel packet), so the detector sees packets in the global event order the
// C model uses.  It also holds the protocol monitors (payload stable while
// valid && !ready, on every channel; sticky bits in proto_err_o) and exports the
// package's metadata layout and the verilated parameter values for the C++ checks.
module scord_tb_top #(
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
  parameter logic [63:0] MdBase         = HeapBase + HeapBytes,
  parameter int          AddrBits       = scord_pkg::AddrBits,
  parameter int          RaceBufEntries = scord_pkg::RaceBufEntries,
  parameter bit          StrongOps      = scord_pkg::StrongOps,
  parameter int          MaxOutstanding = scord_pkg::MaxOutstanding,
  parameter bit          ResetSweep     = scord_pkg::ResetSweep,
  parameter bit          DualIssue      = scord_pkg::DualIssue
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // Events: per-SM valid, one shared payload (the C++ drives one SM at a time).
  input  logic [NumSms-1:0]          ev_valid_i,
  output logic [NumSms-1:0]          ev_ready_o,
  input  logic [2:0]                 ev_type_i,
  input  logic                       ev_first_i,
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
  input  logic [63:0]                ev_addr_i,
  input  logic [63:0]                ev_pc_i,
  // Ordered merge control.
  input  logic [15:0]                merge_sel_i,
  input  logic                       merge_en_i,
  output logic                       det_in_valid_o,
  output logic                       det_in_ready_o,
  output logic [NumSms-1:0]          pkt_valid_o,  // each tracker's packet register holds one
  // Detector memory port.
  output logic                       mem_req_valid_o,
  input  logic                       mem_req_ready_i,
  output logic                       mem_req_write_o,
  output logic                       mem_req_clear_o,
  output logic [63:0]                mem_req_index_o,
  output logic [63:0]                mem_req_addr_o,
  output logic [63:0]                mem_req_wdata_o,
  output logic                       mem_req_read_o,
  output logic [63:0]                mem_req_rindex_o,
  output logic [63:0]                mem_req_raddr_o,
  input  logic                       mem_resp_valid_i,
  output logic                       mem_resp_ready_o,
  input  logic [63:0]                mem_resp_rdata_i,
  // Race records.
  output logic                       race_valid_o,
  input  logic                       race_ready_i,
  output logic [2:0]                 race_type_o,
  output logic [1:0]                 race_kind_o,
  output logic                       race_block_scope_o,
  output logic [15:0]                race_sm_o,
  output logic [15:0]                race_cta_o,
  output logic [15:0]                race_warp_o,
  output logic [63:0]                race_pc_o,
  output logic [63:0]                race_addr_o,
  output logic [31:0]                race_owner_block_o,
  output logic [31:0]                race_owner_warp_o,
  output logic [63:0]                race_overflow_o,
  // Step observation.
  output logic                       step_valid_o,
  output logic [3:0]                 step_o,
  output logic                       step_write_o,
  output logic                       step_raced_o,
  output logic                       step_tag_miss_o,
  output logic                       idle_o,
  // Checks.
  output logic [7:0]                 proto_err_o,  // sticky, one bit per channel
  output logic [13*8-1:0]            lay_lsb_o,    // field f at [8f +: 8], f = 0..12
  output logic [13*8-1:0]            lay_width_o,
  output logic [7:0]                 lay_total_o,
  output logic [16*32-1:0]           par_o,        // see the C++ (param order)
  output logic [3*64-1:0]            par64_o       // HeapBase, HeapBytes, MdBase
);
  localparam int SmBits  = scord_pkg::idx_bits(NumSms);
  localparam int CtaBits = scord_pkg::idx_bits(CtasPerSm);
  localparam int BlW     = 2 * BloomBinBits;
  localparam int PcBits  = scord_pkg::PcBits;
  // Tracker packet, flattened for the merge and the monitor.
  localparam int QType = 0;
  localparam int QSm   = QType + 2;
  localparam int QCta  = QSm + SmBits;
  localparam int QWarp = QCta + CtaBits;
  localparam int QBlk  = QWarp + WarpIdBits;
  localparam int QBar  = QBlk + BlockIdBits;
  localparam int QBl   = QBar + BarrierIdBits;
  localparam int QKind = QBl + BlW;
  localparam int QStr  = QKind + 2;
  localparam int QAb   = QStr + 1;
  localparam int QFd   = QAb + 1;
  localparam int QAddr = QFd + 1;
  localparam int QPc   = QAddr + AddrBits;
  localparam int PktW  = QPc + PcBits;

  // One packet per tracker, an array element each: a flattened NumSms*PktW vector written
  // field by field made Verilator rebuild all 2,400 bits by concatenation every cycle (a third
  // of scord-rtl-tb's time, issue 14).
  logic [NumSms-1:0]      t_valid, t_ready;
  logic [PktW-1:0]        t_pkt [NumSms];

  for (genvar s = 0; s < NumSms; s++) begin : g_sm
    scord_sm_tracker #(
      .NumSms       (NumSms),
      .CtasPerSm    (CtasPerSm),
      .WarpsPerSm   (WarpsPerSm),
      .BlockIdBits  (BlockIdBits),
      .WarpIdBits   (WarpIdBits),
      .BarrierIdBits(BarrierIdBits),
      .BloomBinBits (BloomBinBits),
      .LockEntries  (LockEntries),
      .AddrBits     (AddrBits),
      .PcBits       (PcBits),
      .SmId         (s)
    ) u_trk (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .ev_valid_i     (ev_valid_i[s]),
      .ev_ready_o     (ev_ready_o[s]),
      .ev_type_i      (ev_type_i),
      .ev_first_i     (ev_first_i),
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
      .ev_addr_i      (ev_addr_i[AddrBits-1:0]),
      .ev_pc_i        (ev_pc_i),
      .pkt_valid_o    (t_valid[s]),
      .pkt_ready_i    (t_ready[s]),
      .pkt_type_o     (t_pkt[s][QType +: 2]),
      .pkt_sm_o       (t_pkt[s][QSm +: SmBits]),
      .pkt_cta_o      (t_pkt[s][QCta +: CtaBits]),
      .pkt_warp_o     (t_pkt[s][QWarp +: WarpIdBits]),
      .pkt_block_o    (t_pkt[s][QBlk +: BlockIdBits]),
      .pkt_barrier_o  (t_pkt[s][QBar +: BarrierIdBits]),
      .pkt_bloom_o    (t_pkt[s][QBl +: BlW]),
      .pkt_kind_o     (t_pkt[s][QKind +: 2]),
      .pkt_strong_o   (t_pkt[s][QStr]),
      .pkt_atom_blk_o (t_pkt[s][QAb]),
      .pkt_fence_dev_o(t_pkt[s][QFd]),
      .pkt_addr_o     (t_pkt[s][QAddr +: AddrBits]),
      .pkt_pc_o       (t_pkt[s][QPc +: PcBits])
    );
  end

  // Ordered merge: the selected source only; a host kernel packet when sel == NumSms.
  logic [PktW-1:0] m_pkt;
  logic            m_valid, m_ready, sel_host;
  logic [31:0]     sel32;
  assign sel32    = {16'd0, merge_sel_i};
  assign sel_host = (sel32 == NumSms);
  always_comb begin
    m_pkt = '0;
    m_valid = 1'b0;
    t_ready = '0;
    if (sel_host) begin
      m_valid = merge_en_i;
      m_pkt[QType +: 2] = scord_pkg::PktKernel;
    end else if (sel32 < NumSms) begin
      m_valid = merge_en_i && t_valid[merge_sel_i[SmBits-1:0]];
      m_pkt = t_pkt[merge_sel_i[SmBits-1:0]];
      t_ready[merge_sel_i[SmBits-1:0]] = merge_en_i && m_ready;
    end
  end
  assign det_in_valid_o = m_valid;
  assign det_in_ready_o = m_ready;
  // det_in_valid_o is a function of the merge inputs; pkt_valid_o (flops) lets the C++ compute
  // it without a clock-low evaluation (rtl_port.h TbFeeder, docs/cosim.md).
  assign pkt_valid_o    = t_valid;

  logic [SmBits-1:0]      r_sm;
  logic [CtaBits-1:0]     r_cta;
  logic [WarpIdBits-1:0]  r_warp, r_owarp;
  logic [BlockIdBits-1:0] r_oblk;
  logic [AddrBits-1:0]    r_addr;

  scord_detector #(
    .NumSms        (NumSms),
    .CtasPerSm     (CtasPerSm),
    .WarpsPerSm    (WarpsPerSm),
    .BlockIdBits   (BlockIdBits),
    .WarpIdBits    (WarpIdBits),
    .FenceIdBits   (FenceIdBits),
    .BarrierIdBits (BarrierIdBits),
    .BloomBinBits  (BloomBinBits),
    .LockEntries   (LockEntries),
    .TagBits       (TagBits),
    .MdRatio       (MdRatio),
    .Granule       (Granule),
    .HeapBase      (HeapBase),
    .HeapBytes     (HeapBytes),
    .MdBase        (MdBase),
    .AddrBits      (AddrBits),
    .RaceBufEntries(RaceBufEntries),
    .StrongOps     (StrongOps),
    .MaxOutstanding(MaxOutstanding),
    .ResetSweep    (ResetSweep),
    .DualIssue     (DualIssue),
    .PcBits        (PcBits)
  ) u_det (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .in_valid_i        (m_valid),
    .in_ready_o        (m_ready),
    .in_type_i         (m_pkt[QType +: 2]),
    .in_sm_i           (m_pkt[QSm +: SmBits]),
    .in_cta_i          (m_pkt[QCta +: CtaBits]),
    .in_warp_i         (m_pkt[QWarp +: WarpIdBits]),
    .in_block_i        (m_pkt[QBlk +: BlockIdBits]),
    .in_barrier_i      (m_pkt[QBar +: BarrierIdBits]),
    .in_bloom_i        (m_pkt[QBl +: BlW]),
    .in_kind_i         (m_pkt[QKind +: 2]),
    .in_strong_i       (m_pkt[QStr]),
    .in_atom_blk_i     (m_pkt[QAb]),
    .in_fence_dev_i    (m_pkt[QFd]),
    .in_addr_i         (m_pkt[QAddr +: AddrBits]),
    .in_pc_i           (m_pkt[QPc +: PcBits]),
    .mem_req_valid_o   (mem_req_valid_o),
    .mem_req_ready_i   (mem_req_ready_i),
    .mem_req_write_o   (mem_req_write_o),
    .mem_req_clear_o   (mem_req_clear_o),
    .mem_req_index_o   (mem_req_index_o),
    .mem_req_addr_o    (mem_req_addr_o),
    .mem_req_wdata_o   (mem_req_wdata_o),
    .mem_req_read_o    (mem_req_read_o),
    .mem_req_rindex_o  (mem_req_rindex_o),
    .mem_req_raddr_o   (mem_req_raddr_o),
    .mem_resp_valid_i  (mem_resp_valid_i),
    .mem_resp_ready_o  (mem_resp_ready_o),
    .mem_resp_rdata_i  (mem_resp_rdata_i),
    .race_valid_o      (race_valid_o),
    .race_ready_i      (race_ready_i),
    .race_type_o       (race_type_o),
    .race_kind_o       (race_kind_o),
    .race_block_scope_o(race_block_scope_o),
    .race_sm_o         (r_sm),
    .race_cta_o        (r_cta),
    .race_warp_o       (r_warp),
    .race_pc_o         (race_pc_o),
    .race_addr_o       (r_addr),
    .race_owner_block_o(r_oblk),
    .race_owner_warp_o (r_owarp),
    .race_overflow_o   (race_overflow_o),
    .step_valid_o      (step_valid_o),
    .step_o            (step_o),
    .step_write_o      (step_write_o),
    .step_raced_o      (step_raced_o),
    .step_tag_miss_o   (step_tag_miss_o),
    .idle_o            (idle_o),
    .cfg_o             (par_o)
  );
  always_comb begin
    race_sm_o = '0;
    race_sm_o[SmBits-1:0] = r_sm;
    race_cta_o = '0;
    race_cta_o[CtaBits-1:0] = r_cta;
    race_warp_o = '0;
    race_warp_o[WarpIdBits-1:0] = r_warp;
    race_owner_warp_o = '0;
    race_owner_warp_o[WarpIdBits-1:0] = r_owarp;
    race_owner_block_o = '0;
    race_owner_block_o[BlockIdBits-1:0] = r_oblk;
    race_addr_o = '0;
    race_addr_o[AddrBits-1:0] = r_addr;
  end

  // ---- Protocol monitors: payload stable while valid && !ready ------------------------
  localparam int EvW = 3 + 1 + 16*4 + 2 + 4 + 4 + 32*3 + 64*2;
  localparam int MrW = 3 + 64 + 64 + 64;
  localparam int RrW = 3 + 2 + 1 + 16*3 + 64*2 + 32*2;
  logic [EvW-1:0]         ev_pay;
  logic [MrW-1:0]         mr_pay;
  logic [RrW-1:0]         rr_pay;
  logic [NumSms-1:0]      h_ev_q, h_t_q;
  logic                   h_m_q, h_mr_q, h_rr_q, h_rs_q;
  logic [EvW-1:0]         p_ev_q;
  logic [PktW-1:0]        p_t_q [NumSms];
  logic [PktW-1:0]        p_m_q;
  logic [MrW-1:0]         p_mr_q;
  logic [RrW-1:0]         p_rr_q;
  logic [63:0]            p_rs_q;
  logic [7:0]             err_d, err_q;

  assign ev_pay = {ev_type_i, ev_first_i, ev_cta_i, ev_warp_i, ev_first_warp_i, ev_warps_i,
                   ev_scope_i, ev_op_i, ev_volatile_i, ev_has_cmp_i, ev_has_val_i,
                   ev_has_old_i, ev_cmp_i, ev_val_i, ev_old_i, ev_addr_i, ev_pc_i};
  assign mr_pay = {mem_req_write_o, mem_req_clear_o, mem_req_index_o, mem_req_wdata_o,
                   mem_req_read_o, mem_req_rindex_o};
  assign rr_pay = {race_type_o, race_kind_o, race_block_scope_o, race_sm_o, race_cta_o,
                   race_warp_o, race_pc_o, race_addr_o, race_owner_block_o, race_owner_warp_o};

  always_comb begin
    err_d = err_q;
    if (h_ev_q != '0 && ((h_ev_q & ~ev_valid_i) != '0 || ev_pay != p_ev_q)) err_d[0] = 1'b1;
    if (h_t_q != '0) begin
      for (int s = 0; s < NumSms; s++)
        if (h_t_q[s] && (!t_valid[s] || t_pkt[s] != p_t_q[s]))
          err_d[1] = 1'b1;
    end
    if (h_m_q && (!m_valid || m_pkt != p_m_q)) err_d[2] = 1'b1;
    if (h_mr_q && (!mem_req_valid_o || mr_pay != p_mr_q)) err_d[3] = 1'b1;
    if (h_rs_q && (!mem_resp_valid_i || mem_resp_rdata_i != p_rs_q)) err_d[4] = 1'b1;
    if (h_rr_q && (!race_valid_o || rr_pay != p_rr_q)) err_d[5] = 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      h_ev_q <= '0;
      h_t_q  <= '0;
      h_m_q  <= 1'b0;
      h_mr_q <= 1'b0;
      h_rr_q <= 1'b0;
      h_rs_q <= 1'b0;
      err_q  <= '0;
    end else begin
      h_ev_q <= ev_valid_i & ~ev_ready_o;
      h_t_q  <= t_valid & ~t_ready;
      h_m_q  <= m_valid && !m_ready;
      h_mr_q <= mem_req_valid_o && !mem_req_ready_i;
      h_rr_q <= race_valid_o && !race_ready_i;
      h_rs_q <= mem_resp_valid_i && !mem_resp_ready_o;
      err_q  <= err_d;
    end
  end
  // The payloads are captured only in a cycle that ends with a hold and compared only under
  // the h_* bits, so a cycle without a stall costs no wide copy (simulation speed: 15 tracker
  // packets are 2,400 bits).
  always_ff @(posedge clk_i) begin
    if ((ev_valid_i & ~ev_ready_o) != '0) p_ev_q <= ev_pay;
    for (int s = 0; s < NumSms; s++)
      if (t_valid[s] && !t_ready[s]) p_t_q[s] <= t_pkt[s];
    if (m_valid && !m_ready) p_m_q <= m_pkt;
    if (mem_req_valid_o && !mem_req_ready_i) p_mr_q <= mr_pay;
    if (race_valid_o && !race_ready_i) p_rr_q <= rr_pay;
    if (mem_resp_valid_i && !mem_resp_ready_o) p_rs_q <= mem_resp_rdata_i;
  end
  assign proto_err_o = err_q;

  // ---- Layout and parameter export (checked against scord_layout_init / the variant) ---
  always_comb begin
    for (int f = 0; f < 13; f++) begin
      lay_lsb_o[f*8 +: 8] = 8'(scord_pkg::md_lsb(f, BloomBinBits, BarrierIdBits, FenceIdBits,
                                                 WarpIdBits, BlockIdBits));
      lay_width_o[f*8 +: 8] = 8'(scord_pkg::md_width(f, BloomBinBits, BarrierIdBits,
                                                     FenceIdBits, WarpIdBits, BlockIdBits,
                                                     TagBits));
    end
    lay_total_o = 8'(scord_pkg::md_lsb(scord_pkg::MdFieldCount, BloomBinBits, BarrierIdBits,
                                       FenceIdBits, WarpIdBits, BlockIdBits) + TagBits);
    par64_o = {MdBase, HeapBytes, HeapBase};
  end

  logic unused_tb;
  assign unused_tb = ^{ev_cta_i, ev_warp_i, ev_first_warp_i, ev_warps_i, ev_addr_i,
                       mem_req_raddr_o};
endmodule
