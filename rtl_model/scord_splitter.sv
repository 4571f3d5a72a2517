// scord_splitter.sv -- the line-rate detector's ingress (docs/rtl.md "Line-rate detector"): takes
// one packet per cycle (a coalesced request's lanes, a fence or a kernel boundary) and hands out
// beats in arrival order, one per cycle: the lanes of the packet that fall in one 128-B metadata
// line (16 entries of 8 B), as 16 slots, with the slice that owns the line (line mod Slices).
// Fences and kernel boundaries leave as one broadcast beat (every slice takes it in order).
//
// A slot is one entry: the lanes whose index is line*16 + k and whose tag equals the tag of the
// slot's first lane, up to (not including) the first lane of that entry with another tag (possible
// only with MdRatio > 1).  That later lane, and every lane after it on the entry, wait for a later
// beat of the same line, so every entry sees its lanes in lane order (sequential semantics,
// detector.md section 5).  A slot carries its lane count (1, 2, or 3 for "three or more": the
// checking stages apply at most two, scord_beat_check) and the word addresses of its first two
// lanes (race records).  Lanes outside the heap window leave together in one beat of their own.
//
// The packet is mapped on entry (Lanes x scord_addr_map into registers), so the split itself
// starts from flops.  in_ready_o is high when no packet is held or the held one leaves this cycle.
module scord_splitter #(
  parameter int          Lanes     = 32,
  parameter int          Slices    = 2,      // power of two: the slice is the line's low bits
  parameter int          HdrW      = 8,      // the packet's other fields, carried unchanged
  parameter int          AddrBits  = scord_pkg::AddrBits,
  parameter int          Granule   = scord_pkg::Granule,
  parameter int          MdRatio   = scord_pkg::MdRatio,
  parameter int          TagBits   = scord_pkg::TagBits,
  parameter logic [63:0] HeapBase  = scord_pkg::HeapBase,
  parameter logic [63:0] HeapBytes = scord_pkg::HeapBytes,
  parameter int          IndexBits = $clog2(HeapBytes) - $clog2(Granule) - $clog2(MdRatio),
  localparam int         SlotBits  = 4,      // 16 entries of 8 B per 128-B line
  localparam int         Slots     = 1 << SlotBits,
  localparam int         LineBits  = IndexBits - SlotBits,
  localparam int         SliceBits = scord_pkg::idx_bits(Slices)
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      in_valid_i,
  output logic                      in_ready_o,
  input  logic [1:0]                in_type_i,      // scord_pkg::Pkt*
  input  logic [HdrW-1:0]           in_hdr_i,
  input  logic [Lanes-1:0]          in_lane_valid_i,
  input  logic [Lanes*AddrBits-1:0] in_addr_i,
  output logic                      beat_valid_o,
  input  logic                      beat_ready_i,
  output logic [1:0]                beat_kind_o,    // BeatLine, BeatOutside, BeatBcast
  output logic [1:0]                beat_type_o,    // the packet's type (fence or kernel for BeatBcast)
  output logic                      beat_last_o,    // the packet's last beat
  output logic [HdrW-1:0]           beat_hdr_o,
  output logic [SliceBits-1:0]      beat_slice_o,
  output logic [LineBits-1:0]       beat_line_o,
  output logic [Lanes-1:0]          beat_lanes_o,   // the lanes this beat covers
  output logic [Slots-1:0]          beat_slot_valid_o,
  output logic [Slots*TagBits-1:0]  beat_slot_tag_o,
  output logic [Slots*2-1:0]        beat_slot_count_o,
  output logic [Slots*AddrBits-1:0] beat_slot_addr1_o,
  output logic [Slots*AddrBits-1:0] beat_slot_addr2_o
);
  localparam logic [1:0] BeatLine = 2'd0, BeatOutside = 2'd1, BeatBcast = 2'd2;

  // Slices must be a power of two (the slice is a bit field of the line, no divider).
  if ((1 << SliceBits) != Slices && Slices != 1) begin : g_slices_check
    scord_error_splitter_slices_not_a_power_of_two u_check ();
  end
  if (IndexBits <= SlotBits) begin : g_index_check
    scord_error_splitter_index_narrower_than_a_line u_check ();
  end

  // ---- Entry: map every lane, register the packet ----------------------------------------
  logic [Lanes-1:0]          map_inside;
  logic [Lanes*AddrBits-1:0] map_word;
  logic [Lanes*IndexBits-1:0] map_index;
  logic [Lanes*TagBits-1:0]  map_tag;
  for (genvar j = 0; j < Lanes; j++) begin : g_map
    logic [63:0] idx64;
    scord_addr_map #(
      .AddrBits (AddrBits),
      .Granule  (Granule),
      .MdRatio  (MdRatio),
      .TagBits  (TagBits),
      .HeapBase (HeapBase),
      .HeapBytes(HeapBytes),
      .IndexBits(IndexBits)
    ) u_map (
      .addr_i  (in_addr_i[j*AddrBits +: AddrBits]),
      .inside_o(map_inside[j]),
      .word_o  (map_word[j*AddrBits +: AddrBits]),
      .index_o (idx64),
      .tag_o   (map_tag[j*TagBits +: TagBits])
    );
    assign map_index[j*IndexBits +: IndexBits] = idx64[IndexBits-1:0];
    logic unused_idx;
    assign unused_idx = ^idx64;
  end

  logic                       held_d, held_q;
  logic [1:0]                 type_d, type_q;
  logic [HdrW-1:0]            hdr_d, hdr_q;
  logic [Lanes-1:0]           pend_d, pend_q, inside_d, inside_q;
  logic [Lanes*AddrBits-1:0]  word_d, word_q;
  logic [Lanes*IndexBits-1:0] index_d, index_q;
  logic [Lanes*TagBits-1:0]   tag_d, tag_q;

  // ---- The beat of this cycle, from the held packet ---------------------------------------
  // Lane selections are one-hot masks (lowest set bit: m & -m) and AND-OR selects: no variable
  // part-select over the lane vectors, which costs wide shifters in hardware and in Yosys.
  logic                 bcast, any_pend, first_inside;
  logic [Lanes-1:0]     first_oh;
  logic [LineBits-1:0]  line;
  logic [Lanes-1:0]     take;

  always_comb begin
    bcast = (type_q != scord_pkg::PktAccess);
    any_pend = |pend_q;
    first_oh = pend_q & (~pend_q + Lanes'(1));
    first_inside = |(first_oh & inside_q);
    line = '0;
    for (int j = 0; j < Lanes; j++)
      line = line | ({LineBits{first_oh[j]}} & index_q[j*IndexBits + SlotBits +: LineBits]);
  end

  // Per slot k, from the held lanes: candidates (pending, inside, this line, entry k), the lead
  // (first candidate) and its tag, the first candidate with another tag (ends the slot), the
  // members (lead's tag, before that lane), the second member and the count.
  logic             line_mode;
  logic [Lanes-1:0] slot_take [Slots];
  assign line_mode = !bcast && any_pend && first_inside;
  for (genvar k = 0; k < Slots; k++) begin : g_slot
    logic [Lanes-1:0]    cand, lead_oh, conflict, fc_oh, below_fc, mem, rest, sec_oh;
    logic [TagBits-1:0]  t;
    logic [AddrBits-1:0] a1, a2;
    logic [1:0]          cnt;
    always_comb begin
      for (int j = 0; j < Lanes; j++)
        cand[j] = pend_q[j] && inside_q[j] &&
                  (index_q[j*IndexBits + SlotBits +: LineBits] == line) &&
                  (index_q[j*IndexBits +: SlotBits] == SlotBits'(k));
      lead_oh = cand & (~cand + Lanes'(1));
      t = '0;
      for (int j = 0; j < Lanes; j++) t = t | ({TagBits{lead_oh[j]}} & tag_q[j*TagBits +: TagBits]);
      for (int j = 0; j < Lanes; j++) conflict[j] = cand[j] && (tag_q[j*TagBits +: TagBits] != t);
      fc_oh = conflict & (~conflict + Lanes'(1));
      below_fc = (conflict == '0) ? '1 : (fc_oh - Lanes'(1));
      for (int j = 0; j < Lanes; j++) mem[j] = cand[j] && (tag_q[j*TagBits +: TagBits] == t) && below_fc[j];
      rest = mem & ~lead_oh;
      sec_oh = rest & (~rest + Lanes'(1));
      a1 = '0;
      a2 = '0;
      for (int j = 0; j < Lanes; j++) begin
        a1 = a1 | ({AddrBits{lead_oh[j]}} & word_q[j*AddrBits +: AddrBits]);
        a2 = a2 | ({AddrBits{sec_oh[j]}} & word_q[j*AddrBits +: AddrBits]);
      end
      cnt = ((rest & ~sec_oh) != '0) ? 2'd3 : (rest != '0) ? 2'd2 : (mem != '0) ? 2'd1 : 2'd0;
    end
    assign beat_slot_valid_o[k]                      = line_mode && (cand != '0);
    assign beat_slot_tag_o[k*TagBits +: TagBits]     = t;
    assign beat_slot_count_o[k*2 +: 2]               = cnt;
    assign beat_slot_addr1_o[k*AddrBits +: AddrBits] = a1;
    assign beat_slot_addr2_o[k*AddrBits +: AddrBits] = a2;
    assign slot_take[k]                              = line_mode ? mem : '0;
  end

  always_comb begin
    take = '0;
    if (!bcast && any_pend && !first_inside) take = pend_q & ~inside_q;  // every lane outside the window
    for (int k = 0; k < Slots; k++) take = take | slot_take[k];
  end

  assign beat_valid_o = held_q && (bcast || any_pend);
  assign beat_kind_o  = bcast ? BeatBcast : (first_inside ? BeatLine : BeatOutside);
  assign beat_type_o  = type_q;
  assign beat_last_o  = bcast || ((pend_q & ~take) == '0);
  assign beat_hdr_o   = hdr_q;
  assign beat_slice_o = (Slices == 1) ? '0 : SliceBits'(line);
  assign beat_line_o  = line;
  assign beat_lanes_o = take;

  // A packet is taken when nothing is held or the held one's last beat leaves now.  An access
  // packet with no lane (an empty mask) is held for one cycle and dropped (it has no beat).
  logic leaving, empty_access;
  assign empty_access = held_q && !bcast && !any_pend;
  assign leaving = empty_access || (beat_valid_o && beat_ready_i && beat_last_o);
  assign in_ready_o = !held_q || leaving;

  always_comb begin
    held_d   = held_q && !leaving;
    type_d   = type_q;
    hdr_d    = hdr_q;
    pend_d   = pend_q;
    inside_d = inside_q;
    word_d   = word_q;
    index_d  = index_q;
    tag_d    = tag_q;
    if (beat_valid_o && beat_ready_i) pend_d = pend_q & ~take;
    if (in_valid_i && in_ready_o) begin
      held_d   = 1'b1;
      type_d   = in_type_i;
      hdr_d    = in_hdr_i;
      pend_d   = (in_type_i == scord_pkg::PktAccess) ? in_lane_valid_i : '0;
      inside_d = map_inside;
      word_d   = map_word;
      index_d  = map_index;
      tag_d    = map_tag;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      held_q <= 1'b0;
      pend_q <= '0;
    end else begin
      held_q <= held_d;
      pend_q <= pend_d;
    end
  end
  always_ff @(posedge clk_i) begin
    type_q   <= type_d;
    hdr_q    <= hdr_d;
    inside_q <= inside_d;
    word_q   <= word_d;
    index_q  <= index_d;
    tag_q    <= tag_d;
  end

`ifndef SYNTHESIS
  // Every beat of a line covers at least one lane, and no lane twice.
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && beat_valid_o && beat_ready_i && !bcast) begin
      if (take == '0) $fatal(1, "scord_splitter: a beat with no lane");
      if ((take & ~pend_q) != '0) $fatal(1, "scord_splitter: a beat takes a lane that is not pending");
    end
  end
`endif
endmodule
