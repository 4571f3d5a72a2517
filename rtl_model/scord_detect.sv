// scord_detect.sv -- the checking rules of detector.md section 5 for one access lane,
// purely combinational: stored entry in, new entry, race and deciding step out.
// Tag mismatch first replaces the entry by the init value (section 4).  After a RACE the
// entry is reset to init and the access re-checked as the same kind, which always takes
// step 1 [decision 5]: step 1's result does not depend on the entry, so it is computed
// once (init_val) and used both for step 1 and after a race.
module scord_detect #(
  parameter int BlockIdBits   = scord_pkg::BlockIdBits,
  parameter int WarpIdBits    = scord_pkg::WarpIdBits,
  parameter int FenceIdBits   = scord_pkg::FenceIdBits,
  parameter int BarrierIdBits = scord_pkg::BarrierIdBits,
  parameter int BloomBinBits  = scord_pkg::BloomBinBits,
  parameter int TagBits       = scord_pkg::TagBits,
  parameter bit StrongOps     = scord_pkg::StrongOps,
  // 1: replace the entry by init on a tag mismatch here; 0: the caller did it (a pipeline
  // stage earlier, see scord_detector) and md_i's tag equals tag_i.
  parameter bit TagCheck      = 1'b1,
  // 1: en_i low means no lane is checked, and every output but owner_*_o is 0 (the caller uses none
  // of them then).  The rules sit in the other branch, so a simulator skips them for an empty slot
  // (the line-rate detector evaluates 64 of these per cycle, mostly idle, so it is simulation
  // time); in gates it is an AND on the outputs.  0: en_i is ignored and the branch is dead at
  // elaboration, so the logic is exactly the ungated rules (the lane-serial detector's one checker,
  // always busy: the same netlist as before the enable existed).
  parameter bit Gated         = 1'b0
) (
  input  logic                     en_i,        // the lane is checked (used when Gated)
  input  logic [63:0]              md_i,        // entry as stored
  input  logic [TagBits-1:0]       tag_i,       // the access's tag
  input  logic [1:0]               kind_i,      // KindLd / KindSt / KindAtom
  input  logic                     strong_i,
  input  logic                     atom_blk_i,  // atomic with scope cta
  input  logic [BlockIdBits-1:0]   block_i,
  input  logic [WarpIdBits-1:0]    warp_i,
  input  logic [BarrierIdBits-1:0] barrier_i,
  input  logic [2*BloomBinBits-1:0] bloom_i,
  input  logic [FenceIdBits-1:0]   x_blk_i,     // accessor's fence ids now
  input  logic [FenceIdBits-1:0]   x_dev_i,
  input  logic [FenceIdBits-1:0]   o_blk_i,     // owner's fence ids now (md_i's owner)
  input  logic [FenceIdBits-1:0]   o_dev_i,
  output logic [BlockIdBits-1:0]   owner_block_o, // owner as stored (for the fence lookup)
  output logic [WarpIdBits-1:0]    owner_warp_o,
  output logic [63:0]              md_o,        // entry to write back
  output logic                     race_o,
  output logic [2:0]               race_type_o,
  output logic                     block_scope_o, // same_blk and DS clear (docs/spec/detector.md 6)
  output logic [3:0]               step_o,      // deciding step (scord_step)
  output logic                     tag_miss_o,
  // md_o's owner is the accessor (block_i, warp_i): known from the decision alone, before
  // md_o's fields are selected (scord_beat_check's second application needs it early).
  output logic                     own_o
);
  localparam int BinW = BloomBinBits;
  localparam int BlW  = 2 * BloomBinBits;
  localparam int LBloom = scord_pkg::md_lsb(scord_pkg::MdBloom, BloomBinBits, BarrierIdBits,
                                            FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LBar   = scord_pkg::md_lsb(scord_pkg::MdBarrier, BloomBinBits, BarrierIdBits,
                                            FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LBf    = scord_pkg::md_lsb(scord_pkg::MdBlkFence, BloomBinBits, BarrierIdBits,
                                            FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LDf    = scord_pkg::md_lsb(scord_pkg::MdDevFence, BloomBinBits, BarrierIdBits,
                                            FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LWarp  = scord_pkg::md_lsb(scord_pkg::MdWarp, BloomBinBits, BarrierIdBits,
                                            FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LBlock = scord_pkg::md_lsb(scord_pkg::MdBlock, BloomBinBits, BarrierIdBits,
                                            FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int LTag   = scord_pkg::md_lsb(scord_pkg::MdTag, BloomBinBits, BarrierIdBits,
                                            FenceIdBits, WarpIdBits, BlockIdBits);
  localparam int MdBits = scord_pkg::md_lsb(scord_pkg::MdFieldCount, BloomBinBits, BarrierIdBits,
                                            FenceIdBits, WarpIdBits, BlockIdBits) + TagBits;
  localparam int LM  = scord_pkg::MdM;
  localparam int LBs = scord_pkg::MdBs;
  localparam int LDs = scord_pkg::MdDs;
  localparam int LIa = scord_pkg::MdIsAtom;
  localparam int LSc = scord_pkg::MdScope;
  localparam int LSt = scord_pkg::MdStrong;

  // The entry must fit 64 bits (detector.md section 4): scord_params_finalize refuses wider
  // layouts, and so does elaboration here.  The reference to a module that does not exist is
  // the static assertion Verilator, Yosys and Icarus all stop on, naming it (a generate
  // $error is only a warning in Verilator and unsupported by Icarus 11).
  if (MdBits > 64) begin : g_entry_check
    scord_error_metadata_entry_exceeds_64_bits u_entry_too_wide ();
  end

  logic [63:0] md;            // after tag replacement
  logic [63:0] tag_mask, tag_val, used_mask;
  logic        m, bs, ds, is_atom, scope, md_strong;
  logic [BlockIdBits-1:0]   blk;
  logic [WarpIdBits-1:0]    warp;
  logic [BarrierIdBits-1:0] bar;
  logic [FenceIdBits-1:0]   bf, df;
  logic [BlW-1:0]           bloom, and_b;
  logic is_write, x_atom, same_blk, same_warp, ofb, ofd, init_or_bar;
  logic md_empty, x_empty, and_empty;
  logic [63:0] own, init_val, n;
`ifdef SCORD_TEST_BROKEN
  // Test-only bugs, compiled in only by scord-sim-broken-rtl (tlm/CMakeLists.txt) to show the
  // co-simulation comparator catches them: by default owner_fenced_dev's comparison is flipped
  // (a race decision differs first); with +broken_bloom step 1 stores an empty bloom instead (a
  // metadata write differs first).
  logic brk_ofd, brk_bloom;
  initial begin
    brk_bloom = ($test$plusargs("broken_bloom") != 0);
    brk_ofd = !brk_bloom;
  end
`else
  localparam logic brk_ofd = 1'b0, brk_bloom = 1'b0;
`endif

  function automatic logic bloom_empty(input logic [BlW-1:0] b);
    bloom_empty = (b[BinW-1:0] == '0) || (b[BlW-1:BinW] == '0);
  endfunction

  always_comb begin
    used_mask = '0;
    used_mask[MdBits-1:0] = '1;
    tag_mask = '0;
    tag_mask[LTag +: TagBits] = '1;
    tag_val = '0;
    tag_val[LTag +: TagBits] = tag_i;
    if (Gated && !en_i) begin
      // A lane not checked: zero outputs, and every intermediate assigned (no latch).
      tag_miss_o = 1'b0;
      md = '0;
      {m, bs, ds, is_atom, scope, md_strong} = '0;
      blk = '0;
      warp = '0;
      bar = '0;
      bf = '0;
      df = '0;
      bloom = '0;
      {is_write, x_atom, same_blk, same_warp, ofb, ofd, init_or_bar} = '0;
      and_b = '0;
      {md_empty, x_empty, and_empty} = '0;
      own = '0;
      init_val = '0;
      n = '0;
      own_o = 1'b0;
      race_o = 1'b0;
      race_type_o = scord_pkg::RaceBlkFence;
      step_o = scord_pkg::StepInit;
      md_o = '0;
    end else begin
      tag_miss_o = TagCheck && (md_i[LTag +: TagBits] != tag_i);
      md = tag_miss_o ? (scord_pkg::MdInit | tag_val) : md_i;

      m       = md[LM];
      bs      = md[LBs];
      ds      = md[LDs];
      is_atom = md[LIa];
      scope   = md[LSc];
      md_strong  = md[LSt];
      blk     = md[LBlock +: BlockIdBits];
      warp    = md[LWarp +: WarpIdBits];
      bar     = md[LBar +: BarrierIdBits];
      bf      = md[LBf +: FenceIdBits];
      df      = md[LDf +: FenceIdBits];
      bloom   = md[LBloom +: BlW];

      is_write  = (kind_i != scord_pkg::KindLd);
      x_atom    = (kind_i == scord_pkg::KindAtom);
      same_blk  = (blk == block_i);
      same_warp = same_blk && (warp == warp_i);
      ofb       = (bf != o_blk_i) || (df != o_dev_i);   // owner_fenced_blk
      ofd       = (df != o_dev_i) ^ brk_ofd;            // owner_fenced_dev
      init_or_bar = (m && bs && ds) || (same_blk && (bar != barrier_i) && !ds);
      and_b     = bloom & bloom_i;
      md_empty  = bloom_empty(bloom);
      x_empty   = bloom_empty(bloom_i);
      and_empty = bloom_empty(and_b);

      // OWN: owner fields := x's, IsAtom/Scope from x, Strong := md.Strong and x.strong.
      own = md;
      own[LBlock +: BlockIdBits]  = block_i;
      own[LWarp +: WarpIdBits]    = warp_i;
      own[LBar +: BarrierIdBits]  = barrier_i;
      own[LBf +: FenceIdBits]     = x_blk_i;
      own[LDf +: FenceIdBits]     = x_dev_i;
      own[LIa] = x_atom;
      own[LSc] = x_atom && atom_blk_i;
      own[LSt] = md_strong && strong_i;

      // Step 1 (READ and WRITE): independent of the stored fields, so also the result of
      // the re-check after a race (entry reset to init, tag kept).
      init_val = own;
      init_val[LM]  = is_write;
      init_val[LBs] = 1'b0;
      init_val[LDs] = 1'b0;
      init_val[LBloom +: BlW] = brk_bloom ? '0 : bloom_i;
      init_val[LSt] = strong_i;

      n = md;
      own_o = same_warp;  // no owner write: md's owner, the accessor's iff same_warp
      race_o = 1'b0;
      race_type_o = scord_pkg::RaceBlkFence;
      step_o = scord_pkg::StepInit;

      if (init_or_bar) begin
        // 1. Init or barrier.
        step_o = scord_pkg::StepInit;
        n = init_val;
        own_o = 1'b1;
      end else if (same_warp && !bs && !ds) begin
        // 2. Program order.
        step_o = scord_pkg::StepPo;
        n = own;
        own_o = 1'b1;
        n[LM] = is_write ? 1'b1 : (m && !ofb);
        n[LSt] = strong_i;
        n[LBloom +: BlW] = bloom_i;
      end else if (is_atom && scope && !same_blk) begin
        // 3. Scoped atomic.
        step_o = scord_pkg::StepScopedAtom;
        race_o = 1'b1;
        race_type_o = scord_pkg::RaceScopedAtomic;
      end else if (is_write && is_atom && x_atom) begin
        // WRITE 3, second clause: atomic after atomic never races.
        step_o = scord_pkg::StepAtomAtom;
        n = own;
        own_o = 1'b1;
        n[LM] = 1'b1;
      end else if (is_write ? (same_blk && ((bf == o_blk_i) || ds) && (df == o_dev_i))
                            : (m && !same_warp && same_blk && !ofb)) begin
        // 4a. Happens-before within the block.
        step_o = scord_pkg::StepHbBlk;
        race_o = 1'b1;
        race_type_o = scord_pkg::RaceBlkFence;
      end else if ((is_write || (m && !same_warp)) && !same_blk && !ofd) begin
        // 4b. Happens-before across blocks.
        step_o = scord_pkg::StepHbDev;
        race_o = 1'b1;
        race_type_o = scord_pkg::RaceDevFence;
      end else if ((is_write || (m && !same_warp)) && StrongOps && !(md_strong && strong_i)) begin
        // 4c. Both accesses must be strong.
        step_o = scord_pkg::StepHbStrong;
        race_o = 1'b1;
        race_type_o = scord_pkg::RaceStrong;
      end else if (md_empty && x_empty) begin
        // 5. No locks on either side; Bloom is left as it is.
        if (is_write) begin
          step_o = scord_pkg::StepNolockOwn;
          n = own;
          own_o = 1'b1;
          n[LBs] = 1'b0;
          n[LDs] = 1'b0;
          n[LM]  = 1'b1;
        end else if (m) begin
          step_o = scord_pkg::StepNolockOwn;
          n = own;
          own_o = 1'b1;
          n[LM]  = same_warp;   // M := 0 only when not same_warp
          n[LBs] = 1'b0;
          n[LDs] = 1'b0;
        end else if (same_blk && !ds) begin
          step_o = scord_pkg::StepNolockBs;
          n[LBs] = 1'b1;
        end else begin
          step_o = scord_pkg::StepNolockDs;
          n[LDs] = 1'b1;
          n[LBs] = 1'b0;
        end
      end else if (is_write ? and_empty : (m && and_empty)) begin
        // 6. Locks: no lock held in common.
        step_o = scord_pkg::StepLockRace;
        race_o = 1'b1;
        race_type_o = is_write ? scord_pkg::RaceLockStore : scord_pkg::RaceLockLoad;
      end else begin
        step_o = scord_pkg::StepLockOk;
        if (is_write) begin
          n = own;
          own_o = 1'b1;
          n[LBloom +: BlW] = and_b;
          n[LM] = 1'b1;
        end else begin
          n[LBloom +: BlW] = md_empty ? bloom_i : (x_empty ? bloom : and_b);
          if (!same_blk) begin
            n[LBs] = 1'b0;
            n[LDs] = 1'b1;
          end else if ((warp != warp_i) && !ds) begin
            n[LBs] = 1'b1;
          end
        end
      end

      if (race_o) begin
        n = init_val;
        own_o = 1'b1;
      end
      // After every access, Tag := the access's tag; bits above the layout are reserved, 0
      // (as the C model's encode writes them).
      md_o = (n & ~tag_mask & used_mask) | tag_val;
    end
  end

  assign owner_block_o = md_i[LBlock +: BlockIdBits];
  assign owner_warp_o  = md_i[LWarp +: WarpIdBits];
  assign block_scope_o = same_blk && !ds;
endmodule
