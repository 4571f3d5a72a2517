// scord_beat_check.sv -- the checking stages (E3, E4) of the line-rate detector's beat
// (docs/rtl.md "Line-rate detector"): one warp instruction's lanes in one 128-B metadata line,
// up to Slots distinct entries, each checked by detector.md section 5 as if its lanes came one at
// a time in lane order.
//
// A slot is one entry of the line with the lanes of the instruction that hit it.  Its first lane
// is checked in E3 (combinational from the inputs), its second lane in E4 on E3's result; any
// further lane of the slot would be a no-op (a third application of one lane's check never
// changes the entry and never races: ref/tests/test_fixpoint.c, and the simulation-only check
// below), so two stages serve any number of same-entry lanes without a stall per lane.
// The fence counters the second application needs are known in E3: after any application the
// entry's owner is its original owner (o_*_i) or the accessor (x_*_i), never a third warp.
// At most one of a slot's two applications races: a race ends in step 1, which leaves the entry
// the accessor's with BS and DS clear, and the next application then takes program order.
//
// Expected use: one beat per cycle (E3 and E4 are plain pipeline stages; outputs are valid one
// cycle after the inputs and are registered by the consumer).  en_i low holds E4 and the outputs
// (the consumer stalls: scord_line_slice's stall freezes its whole check pipeline).  Slots whose
// slot_valid_i is clear pass their md_i through unchanged (md_o), so the whole line can go on.
module scord_beat_check #(
  parameter int Slots         = 16,
  parameter int BlockIdBits   = scord_pkg::BlockIdBits,
  parameter int WarpIdBits    = scord_pkg::WarpIdBits,
  parameter int FenceIdBits   = scord_pkg::FenceIdBits,
  parameter int BarrierIdBits = scord_pkg::BarrierIdBits,
  parameter int BloomBinBits  = scord_pkg::BloomBinBits,
  parameter int TagBits       = scord_pkg::TagBits,
  parameter bit StrongOps     = scord_pkg::StrongOps
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        en_i,         // E4 loads (a stall holds E4 and the outputs)
  // E3: the beat.  The instruction's fields are common to every slot.
  input  logic                        valid_i,
  input  logic [1:0]                  kind_i,
  input  logic                        strong_i,
  input  logic                        atom_blk_i,
  input  logic [BlockIdBits-1:0]      block_i,
  input  logic [WarpIdBits-1:0]       warp_i,
  input  logic [BarrierIdBits-1:0]    barrier_i,
  input  logic [2*BloomBinBits-1:0]   bloom_i,
  input  logic [FenceIdBits-1:0]      x_blk_i,      // the accessor's fence counters
  input  logic [FenceIdBits-1:0]      x_dev_i,
  input  logic [Slots-1:0]            slot_valid_i, // the slot has at least one lane
  input  logic [Slots-1:0]            second_i,     // ... and at least two
  input  logic [Slots*64-1:0]         md_i,         // entries after the tag check (section 4)
  input  logic [Slots*TagBits-1:0]    tag_i,
  input  logic [Slots*FenceIdBits-1:0] o_blk_i,     // each entry's owner's fence counters
  input  logic [Slots*FenceIdBits-1:0] o_dev_i,
  // E4 (one cycle later): final entries and at most one race per slot.
  output logic                        valid_o,
  output logic [Slots-1:0]            slot_valid_o,
  output logic [Slots-1:0]            second_o,
  output logic [Slots*64-1:0]         md_o,
  output logic [Slots-1:0]            race_o,
  output logic [Slots-1:0]            race_second_o, // the race is the second lane's
  output logic [Slots*3-1:0]          race_type_o,
  output logic [Slots-1:0]            block_scope_o,
  output logic [Slots*BlockIdBits-1:0] owner_block_o, // owner as checked by the racing lane
  output logic [Slots*WarpIdBits-1:0] owner_warp_o,
  output logic [Slots*4-1:0]          step1_o,      // deciding step of the first lane
  output logic [Slots*4-1:0]          step2_o       // of the second lane (and of any further)
);
  localparam int FB  = FenceIdBits;
  localparam int BlW = 2 * BloomBinBits;
  localparam int LWarpE  = scord_pkg::md_lsb(scord_pkg::MdWarp, BloomBinBits, BarrierIdBits,
                                             FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LBlockE = scord_pkg::md_lsb(scord_pkg::MdBlock, BloomBinBits, BarrierIdBits,
                                             FenceIdBits, WarpIdBits, BlockIdBits);

  // ---- E4 registers: the instruction, and per slot the first application's result ----------
  logic                     valid_d, valid_q;
  // The instruction's fields, one copy per slot: a shared register would drive every slot's
  // compares through two levels of buffers (about 0.45 ns in OSU 0.18 um).  A copy loads only
  // when its slot has a second lane (the only use), so no two copies are the same register
  // and synthesis cannot merge them back.
  localparam int InsW = 2 + 1 + 1 + BlockIdBits + WarpIdBits + BarrierIdBits + BlW + 2 * FB;
  logic [InsW-1:0]          ins_d;
  logic [Slots-1:0]         sv_d, sv_q, sec_d, sec_q, r1_d, r1_q, bs1_d, bs1_q;
  logic [Slots*64-1:0]      md1_d, md1_q;
  logic [Slots*TagBits-1:0] tag_d, tag_q;
  logic [Slots*FB-1:0]      o2_blk_d, o2_blk_q, o2_dev_d, o2_dev_q;
  logic [Slots*3-1:0]       t1_d, t1_q;
  logic [Slots*BlockIdBits-1:0] ob1_d, ob1_q;
  logic [Slots*WarpIdBits-1:0]  ow1_d, ow1_q;
  logic [Slots*4-1:0]       st1_d, st1_q;

  // E3: the first application of every slot.
  for (genvar s = 0; s < Slots; s++) begin : g_e3
    logic [63:0]            md1;
    logic                   race1, bs1, tm_unused;
    logic [2:0]             type1;
    logic [3:0]             step1;
    logic [BlockIdBits-1:0] ob1;
    logic [WarpIdBits-1:0]  ow1;
    logic                   self_owned;
    scord_detect #(
      .BlockIdBits  (BlockIdBits),
      .WarpIdBits   (WarpIdBits),
      .FenceIdBits  (FenceIdBits),
      .BarrierIdBits(BarrierIdBits),
      .BloomBinBits (BloomBinBits),
      .TagBits      (TagBits),
      .StrongOps    (StrongOps),
      .TagCheck     (1'b0),
      .Gated        (1'b1)
    ) u_first (
      .en_i         (slot_valid_i[s]),
      .md_i         (md_i[s*64 +: 64]),
      .tag_i        (tag_i[s*TagBits +: TagBits]),
      .kind_i       (kind_i),
      .strong_i     (strong_i),
      .atom_blk_i   (atom_blk_i),
      .block_i      (block_i),
      .warp_i       (warp_i),
      .barrier_i    (barrier_i),
      .bloom_i      (bloom_i),
      .x_blk_i      (x_blk_i),
      .x_dev_i      (x_dev_i),
      .o_blk_i      (o_blk_i[s*FB +: FB]),
      .o_dev_i      (o_dev_i[s*FB +: FB]),
      .owner_block_o(ob1),
      .owner_warp_o (ow1),
      .md_o         (md1),
      .race_o       (race1),
      .race_type_o  (type1),
      .block_scope_o(bs1),
      .step_o       (step1),
      .tag_miss_o   (tm_unused),
      .own_o        (self_owned)
    );
    // The second application's owner: the accessor when the first made the entry its own
    // (own_o: from the first application's decision, not a compare on its result).
    always_comb begin
      // A slot with no lane keeps its entry: the whole line goes back (and to a follower).
      md1_d[s*64 +: 64]                 = slot_valid_i[s] ? md1 : md_i[s*64 +: 64];
      r1_d[s]                           = race1;
      bs1_d[s]                          = bs1;
      t1_d[s*3 +: 3]                    = type1;
      st1_d[s*4 +: 4]                   = step1;
      ob1_d[s*BlockIdBits +: BlockIdBits] = ob1;
      ow1_d[s*WarpIdBits +: WarpIdBits] = ow1;
      o2_blk_d[s*FB +: FB]              = self_owned ? x_blk_i : o_blk_i[s*FB +: FB];
      o2_dev_d[s*FB +: FB]              = self_owned ? x_dev_i : o_dev_i[s*FB +: FB];
    end
    logic unused_tm;
    assign unused_tm = tm_unused;
`ifndef SYNTHESIS
    // own_o is the owner compare on md1, given early.
    always @(posedge clk_i or negedge rst_ni) begin
      if (rst_ni && valid_i && en_i && slot_valid_i[s] && self_owned !=
          ((md1[LBlockE +: BlockIdBits] == block_i) && (md1[LWarpE +: WarpIdBits] == warp_i)))
        $fatal(1, "scord_beat_check: slot %0d own_o differs from the owner compare", s);
    end
`endif
  end

  always_comb begin
    valid_d   = en_i ? valid_i : valid_q;
    ins_d     = {kind_i, strong_i, atom_blk_i, block_i, warp_i, barrier_i, bloom_i, x_blk_i,
                 x_dev_i};
    sv_d      = slot_valid_i;
    sec_d     = second_i & slot_valid_i;
    tag_d     = tag_i;
  end

  // Only the valid bit is reset; the payload is used under it.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) valid_q <= 1'b0;
    else         valid_q <= valid_d;
  end
  // The payload loads with the enable (a stalled consumer keeps E4 as it was).
  always_ff @(posedge clk_i) begin
    if (en_i) begin
      sv_q      <= sv_d;
      sec_q     <= sec_d;
      r1_q      <= r1_d;
      bs1_q     <= bs1_d;
      md1_q     <= md1_d;
      tag_q     <= tag_d;
      o2_blk_q  <= o2_blk_d;
      o2_dev_q  <= o2_dev_d;
      t1_q      <= t1_d;
      ob1_q     <= ob1_d;
      ow1_q     <= ow1_d;
      st1_q     <= st1_d;
    end
  end

  // E4: the second application, where the slot has a second lane.
  for (genvar s = 0; s < Slots; s++) begin : g_e4
    // This slot's copy of the instruction (used only under sec_q[s]).
    logic [InsW-1:0]          ins_q;
    always_ff @(posedge clk_i) begin
      if (en_i && sec_d[s]) ins_q <= ins_d;
    end
    logic [1:0]               kind_q;
    logic                     strong_q, ablk_q;
    logic [BlockIdBits-1:0]   block_q;
    logic [WarpIdBits-1:0]    warp_q;
    logic [BarrierIdBits-1:0] barrier_q;
    logic [BlW-1:0]           bloom_q;
    logic [FB-1:0]            x_blk_q, x_dev_q;
    assign {kind_q, strong_q, ablk_q, block_q, warp_q, barrier_q, bloom_q, x_blk_q, x_dev_q} = ins_q;
    logic [63:0]            md2;
    logic                   race2, bs2, tm_unused;
    logic [2:0]             type2;
    logic [3:0]             step2;
    logic [BlockIdBits-1:0] ob2;
    logic [WarpIdBits-1:0]  ow2;
    logic                   r2, own2_u;
    scord_detect #(
      .BlockIdBits  (BlockIdBits),
      .WarpIdBits   (WarpIdBits),
      .FenceIdBits  (FenceIdBits),
      .BarrierIdBits(BarrierIdBits),
      .BloomBinBits (BloomBinBits),
      .TagBits      (TagBits),
      .StrongOps    (StrongOps),
      .TagCheck     (1'b0),
      .Gated        (1'b1)
    ) u_second (
      .en_i         (sec_q[s]),
      .md_i         (md1_q[s*64 +: 64]),
      .tag_i        (tag_q[s*TagBits +: TagBits]),
      .kind_i       (kind_q),
      .strong_i     (strong_q),
      .atom_blk_i   (ablk_q),
      .block_i      (block_q),
      .warp_i       (warp_q),
      .barrier_i    (barrier_q),
      .bloom_i      (bloom_q),
      .x_blk_i      (x_blk_q),
      .x_dev_i      (x_dev_q),
      .o_blk_i      (o2_blk_q[s*FB +: FB]),
      .o_dev_i      (o2_dev_q[s*FB +: FB]),
      .owner_block_o(ob2),
      .owner_warp_o (ow2),
      .md_o         (md2),
      .race_o       (race2),
      .race_type_o  (type2),
      .block_scope_o(bs2),
      .step_o       (step2),
      .tag_miss_o   (tm_unused),
      .own_o        (own2_u)
    );
    assign r2 = sec_q[s] && race2;
    always_comb begin
      md_o[s*64 +: 64]                    = sec_q[s] ? md2 : md1_q[s*64 +: 64];
      race_o[s]                           = sv_q[s] && (r1_q[s] || r2);
      race_second_o[s]                    = !r1_q[s] && r2;
      race_type_o[s*3 +: 3]               = r1_q[s] ? t1_q[s*3 +: 3] : type2;
      block_scope_o[s]                    = r1_q[s] ? bs1_q[s] : bs2;
      owner_block_o[s*BlockIdBits +: BlockIdBits] = r1_q[s] ? ob1_q[s*BlockIdBits +: BlockIdBits] : ob2;
      owner_warp_o[s*WarpIdBits +: WarpIdBits]    = r1_q[s] ? ow1_q[s*WarpIdBits +: WarpIdBits] : ow2;
      step1_o[s*4 +: 4]                   = st1_q[s*4 +: 4];
      step2_o[s*4 +: 4]                   = step2;
    end
    logic unused_tm;
    assign unused_tm = ^{tm_unused, own2_u};

`ifndef SYNTHESIS
    // The two facts the two stages rest on, checked on every beat in simulation: at most one of
    // a slot's applications races, and a third application changes nothing.
    logic [63:0]            md3;
    logic                   race3, bs3_u, tm3_u, own3_u;
    logic [2:0]             type3_u;
    logic [3:0]             step3_u;
    logic [BlockIdBits-1:0] ob3_u;
    logic [WarpIdBits-1:0]  ow3_u;
    logic                   self2;
    assign self2 = (md2[LBlockE +: BlockIdBits] == block_q) && (md2[LWarpE +: WarpIdBits] == warp_q);
    scord_detect #(
      .BlockIdBits  (BlockIdBits),
      .WarpIdBits   (WarpIdBits),
      .FenceIdBits  (FenceIdBits),
      .BarrierIdBits(BarrierIdBits),
      .BloomBinBits (BloomBinBits),
      .TagBits      (TagBits),
      .StrongOps    (StrongOps),
      .TagCheck     (1'b0),
      .Gated        (1'b1)
    ) u_third (
      .en_i         (valid_q && sec_q[s]),
      .md_i         (md2),
      .tag_i        (tag_q[s*TagBits +: TagBits]),
      .kind_i       (kind_q),
      .strong_i     (strong_q),
      .atom_blk_i   (ablk_q),
      .block_i      (block_q),
      .warp_i       (warp_q),
      .barrier_i    (barrier_q),
      .bloom_i      (bloom_q),
      .x_blk_i      (x_blk_q),
      .x_dev_i      (x_dev_q),
      .o_blk_i      (self2 ? x_blk_q : o2_blk_q[s*FB +: FB]),
      .o_dev_i      (self2 ? x_dev_q : o2_dev_q[s*FB +: FB]),
      .owner_block_o(ob3_u),
      .owner_warp_o (ow3_u),
      .md_o         (md3),
      .race_o       (race3),
      .race_type_o  (type3_u),
      .block_scope_o(bs3_u),
      .step_o       (step3_u),
      .tag_miss_o   (tm3_u),
      .own_o        (own3_u)
    );
    logic unused_third;
    assign unused_third = ^{bs3_u, tm3_u, type3_u, step3_u, ob3_u, ow3_u, own3_u};
    always @(posedge clk_i or negedge rst_ni) begin
      if (rst_ni && valid_q && sec_q[s]) begin
        if (r1_q[s] && race2)
          $fatal(1, "scord_beat_check: slot %0d raced on both applications", s);
        if (md3 != md2 || race3)
          $fatal(1, "scord_beat_check: slot %0d third application is not a no-op", s);
      end
    end
`endif
  end

  assign valid_o      = valid_q;
  assign slot_valid_o = sv_q;
  assign second_o     = sec_q;
endmodule
