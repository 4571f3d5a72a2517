// scord_pkg.sv -- shared constants of the scord RTL: parameter defaults (detector.md
// section 1, equal to SCORD_PARAM_LIST in ref/include/scord/scord.h), metadata field
// positions (detector.md section 4, equal to SCORD_MD_FIELD_LIST), and the codes carried
// on the channels (event, packet, kind, scope, race type, step).  Yosys 0.23 reads this
// file, so: no `import scord_pkg::*` (use scord_pkg::NAME) and no `return` in functions
// (toolchain.md pitfall 6).  The layout is checked against scord_layout_init by the
// testbench test `rtl_layout_*` for every built variant.
package scord_pkg;

  // ---- Parameter defaults (detector.md section 1, paper Table V) ----------------------
  localparam int NumSms         = 15;
  localparam int CtasPerSm      = 8;
  localparam int WarpsPerSm     = 32;
  localparam int BlockIdBits    = 7;   // ceil(log2(NumSms*CtasPerSm))
  localparam int WarpIdBits     = 5;   // ceil(log2(WarpsPerSm))
  localparam int FenceIdBits    = 6;
  localparam int BarrierIdBits  = 8;
  localparam int BloomBinBits   = 8;
  localparam int LockEntries    = 4;
  localparam int TagBits        = 4;
  localparam int MdRatio        = 1;
  localparam int Granule        = 4;
  localparam logic [63:0] HeapBase  = 64'h0000_0000_C000_0000;
  localparam logic [63:0] HeapBytes = 64'h0000_0000_4000_0000;
  localparam int AddrBits       = 48;
  localparam int RaceBufEntries = 64;
  localparam bit StrongOps      = 1'b1;
  // RTL-only parameters (not in the spec table): see docs/rtl.md.
  localparam int MaxOutstanding = 8;    // in-flight accesses/fences in the detector
  localparam bit ResetSweep     = 1'b0; // kernel reset: 1 = write every entry, 0 = clear command
  localparam int PcBits         = 64;   // pc carried for race records only
  localparam bit DualIssue      = 1'b1; // a memory beat may carry a write-back and a read

  // ---- Metadata entry (detector.md section 4) ----------------------------------------
  localparam logic [63:0] MdInit = 64'h38;  // M, BS, DS set
  // Field ids in packing order from bit 0 (same order as SCORD_MD_FIELD_LIST).
  localparam int MdStrong   = 0;
  localparam int MdScope    = 1;
  localparam int MdIsAtom   = 2;
  localparam int MdDs       = 3;
  localparam int MdBs       = 4;
  localparam int MdM        = 5;
  localparam int MdBloom    = 6;
  localparam int MdBarrier  = 7;
  localparam int MdBlkFence = 8;
  localparam int MdDevFence = 9;
  localparam int MdWarp     = 10;
  localparam int MdBlock    = 11;
  localparam int MdTag      = 12;
  localparam int MdFieldCount = 13;

  // Width of field `f` for the given parameter widths.
  function automatic int md_width(input int f, input int bin_bits, input int barrier_bits,
                                  input int fence_bits, input int warp_bits,
                                  input int block_bits, input int tag_bits);
    int w;
    w = 1;
    if (f == MdBloom)    w = 2 * bin_bits;
    if (f == MdBarrier)  w = barrier_bits;
    if (f == MdBlkFence) w = fence_bits;
    if (f == MdDevFence) w = fence_bits;
    if (f == MdWarp)     w = warp_bits;
    if (f == MdBlock)    w = block_bits;
    if (f == MdTag)      w = tag_bits;
    md_width = w;
  endfunction

  // Lowest bit of field `f` (f == MdFieldCount gives the total width): the sum of the
  // widths of the fields packed below it.
  function automatic int md_lsb(input int f, input int bin_bits, input int barrier_bits,
                                input int fence_bits, input int warp_bits,
                                input int block_bits);
    int acc;
    acc = (f > MdBloom) ? MdBloom : f;  // six one-bit flags below the bloom
    if (f > MdBloom)    acc = acc + 2 * bin_bits;
    if (f > MdBarrier)  acc = acc + barrier_bits;
    if (f > MdBlkFence) acc = acc + fence_bits;
    if (f > MdDevFence) acc = acc + fence_bits;
    if (f > MdWarp)     acc = acc + warp_bits;
    if (f > MdBlock)    acc = acc + block_bits;
    md_lsb = acc;
  endfunction

  // ceil(log2(n)) but at least 1: width of a field that indexes n things.
  function automatic int idx_bits(input int n);
    idx_bits = (n > 1) ? $clog2(n) : 1;
  endfunction

  // ---- Channel codes (enums: equal to the C enums named beside them) -------------------
  // Tracker event types (enum scord_ev_type).
  typedef enum logic [2:0] {
    EvLd = 3'd0, EvSt = 3'd1, EvAtom = 3'd2, EvFence = 3'd3, EvBar = 3'd4, EvCta = 3'd5,
    EvKernel = 3'd6
  } ev_type_e;
  // Access kinds (enum scord_kind).
  typedef enum logic [1:0] {KindLd = 2'd0, KindSt = 2'd1, KindAtom = 2'd2} kind_e;
  // Scopes (enum scord_scope).
  typedef enum logic [1:0] {ScopeCta = 2'd0, ScopeGpu = 2'd1, ScopeSys = 2'd2} scope_e;
  // Atomic operations (enum scord_atom_op); only cas and exch matter to the lock table.
  typedef enum logic [3:0] {
    OpCas = 4'd0, OpExch = 4'd1, OpAdd = 4'd2, OpSub = 4'd3, OpMin = 4'd4, OpMax = 4'd5,
    OpInc = 4'd6, OpDec = 4'd7, OpAnd = 4'd8, OpOr = 4'd9, OpXor = 4'd10
  } atom_op_e;
  // Detector input packet types (tracker -> detector; kernel comes from the host).
  typedef enum logic [1:0] {PktAccess = 2'd0, PktFence = 2'd1, PktKernel = 2'd2} pkt_type_e;
  // Fence-file bank commands (scord_fence_file -> scord_fence_bank; RTL only): a clear
  // outranks an increment (detector.md section 7).
  typedef enum logic [1:0] {
    FenceCmdNone = 2'd0, FenceCmdIncBlk = 2'd1, FenceCmdIncDev = 2'd2, FenceCmdClear = 2'd3
  } fence_cmd_e;
  // Race types (enum scord_race_type).
  typedef enum logic [2:0] {
    RaceBlkFence = 3'd0, RaceDevFence = 3'd1, RaceStrong = 3'd2, RaceScopedAtomic = 3'd3,
    RaceLockLoad = 3'd4, RaceLockStore = 3'd5
  } race_type_e;
  // Deciding steps (enum scord_step).
  typedef enum logic [3:0] {
    StepInit = 4'd0, StepPo = 4'd1, StepScopedAtom = 4'd2, StepAtomAtom = 4'd3,
    StepHbBlk = 4'd4, StepHbDev = 4'd5, StepHbStrong = 4'd6, StepNolockOwn = 4'd7,
    StepNolockBs = 4'd8, StepNolockDs = 4'd9, StepLockRace = 4'd10, StepLockOk = 4'd11,
    StepOutside = 4'd12, StepTagMiss = 4'd13
  } step_e;

endpackage
