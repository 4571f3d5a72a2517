// scord_splitter.sv -- the line-rate detector's ingress (docs/rtl.md "Line-rate detector"): takes
// one packet per cycle (a coalesced request's lanes, a fence or a kernel boundary) and hands out
// beats, one per cycle: the lanes of the packet that fall in one 128-B metadata line (16 entries
// of 8 B), as 16 slots, with the slice that owns the line (line mod Slices).  Fences and kernel
// boundaries leave as one broadcast beat (every slice takes it in order).
//
// A slot is one entry: the beat's lanes whose index is line*16 + k.  On one entry a beat takes
// the lanes with no earlier pending lane of another tag (possible only with MdRatio > 1); the
// later ones wait for a later beat of the same line, so every entry sees its lanes in lane order
// (sequential semantics, detector.md section 5).  A slot carries its lane count (1, 2, or 3 for
// "three or more": the checking stages apply at most two, scord_beat_check) and the word
// addresses of its first two lanes (race records).  Lanes outside the heap window leave together
// in one beat of their own, before the packet's lines.
//
// Two stages.  E0: the packet mapped on entry (Lanes x scord_addr_map into registers).  H: the
// held packet with its lane relations (which lanes share a line, which earlier lanes share an
// entry, and with another tag), computed once between E0 and H; the beats are then picked from
// registers with no compare and no chain through the lanes, so a beat per cycle meets the clock.
// in_ready_o is high when E0 is empty or its packet moves to H this cycle.
module scord_splitter #(
  parameter int          Lanes     = scord_pkg::Lanes,
  parameter int          Slices    = scord_pkg::Slices,      // power of two: the slice is the line's low bits
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
  output logic [Slots*AddrBits-1:0] beat_slot_addr2_o,
  output logic                      busy_o          // a packet in E0 or H
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

  // ---- E0: the mapped packet ---------------------------------------------------------------
  logic                       e0_valid_d, e0_valid_q, h_load;
  logic [1:0]                 e0_type_d, e0_type_q;
  logic [HdrW-1:0]            e0_hdr_d, e0_hdr_q;
  logic [Lanes-1:0]           e0_mask_d, e0_mask_q, e0_inside_d, e0_inside_q;
  logic [Lanes*AddrBits-1:0]  e0_word_d, e0_word_q;
  logic [Lanes*IndexBits-1:0] e0_index_d, e0_index_q;
  logic [Lanes*TagBits-1:0]   e0_tag_d, e0_tag_q;

  assign in_ready_o = !e0_valid_q || h_load;
  // E0's payload loads with the packet (enable flops: a simulator copies the 1,920-bit lane
  // words only when a packet comes, not every cycle).
  logic e0_load;
  assign e0_load = in_valid_i && in_ready_o;
  always_comb begin
    e0_valid_d  = (e0_valid_q && !h_load) || e0_load;
    e0_type_d   = in_type_i;
    e0_hdr_d    = in_hdr_i;
    e0_mask_d   = (in_type_i == scord_pkg::PktAccess) ? in_lane_valid_i : '0;
    e0_inside_d = map_inside;
    e0_word_d   = map_word;
    e0_index_d  = map_index;
    e0_tag_d    = map_tag;
  end

  // ---- E0 -> H: the lane relations, computed once per packet -------------------------------
  // Over the present lanes inside the window (P), in lane order i < j:
  //   rows[i]: the lanes of lane i's line from i on (used only when i is its line's leader);
  //   ear[j]:  the earlier lanes of j's entry; blk[j]: those of them with another tag;
  //   leaders: the first lane of each line.  The beats then need no address compare.
  // They are computed in H's load branch below (the same gates: H's registers take them only
  // there), so a simulator evaluates the Lanes x Lanes compares once per packet, not per cycle.
  logic [Lanes-1:0] p_in;
  assign p_in = e0_mask_q & e0_inside_q;

  // ---- H: the held packet and its beat state -------------------------------------------------
  logic                       held_d, held_q;
  logic [1:0]                 type_d, type_q;
  logic [HdrW-1:0]            hdr_d, hdr_q;
  logic [Lanes-1:0]           pend_d, pend_q, inside_d, inside_q, cur_d, cur_q, rem_d, rem_q;
  logic [Lanes*AddrBits-1:0]  word_d, word_q;
  logic [Lanes*IndexBits-1:0] index_d, index_q;
  logic [Lanes*TagBits-1:0]   tag_d, tag_q;
  logic [Lanes*Lanes-1:0]     rows_d, rows_q, ear_d, ear_q, blk_d, blk_q;
  // Flags kept in flops so that the packet's last beat (which lets H take the next packet and
  // E0 the one after) is known from registers: cur_q != 0, rem_q == 0, outside lanes pending.
  logic                       any_cur_d, any_cur_q, rem_none_d, rem_none_q, out_pend_d, out_pend_q;

  // The beat of this cycle.  Order: the lanes outside the window first (one beat), then each
  // line from its leader in lane order.  A line with tag conflicts on an entry (MdRatio > 1)
  // stays current until its lanes are gone; each of its beats takes, per entry, the lanes with
  // no earlier pending lane of another tag (the run of the first pending lane's tag), so every
  // entry sees its lanes in lane order.  Lines are independent (no entry in two lines), so the
  // order between lines is free.  No chain through the lanes: the per-lane terms below depend on
  // registers and one 32-way select of the current leader's row.
  logic                 bcast, out_pend, line_mode, any_cur;
  logic [Lanes-1:0]     out_lanes, rowsel, cand, blocked, z, one, take_line, left, take;
  logic [Lanes-1:0]     lead, sec, thr;
  logic [LineBits-1:0]  line;

  // (any, two or more) of a vector, as a tree of log2(Lanes) levels.  Written with whole-vector
  // shifts: after level w, bit p holds (any, many) of v[p +: 2w], so bit 0 combines bits 0 and w
  // of the level before exactly as the tree node does; the other bits feed nothing and synthesis
  // removes them, leaving the same tree.  A simulator does a few word operations per level
  // instead of a read-modify-write per tree node (the bitwise tree, 32 times per cycle, was 11 %
  // of the line-rate co-simulation).
  function automatic logic [1:0] any_many(input logic [Lanes-1:0] v);
    logic [Lanes-1:0] a, m;
    a = v;
    m = '0;
    for (int w = 1; w < Lanes; w = w * 2) begin
      m = m | (m >> w) | (a & (a >> w));
      a = a | (a >> w);
    end
    any_many = {m[0], a[0]};
  endfunction

  always_comb begin
    bcast     = (type_q != scord_pkg::PktAccess);
    any_cur   = any_cur_q;
    out_lanes = pend_q & ~inside_q;
    out_pend  = out_pend_q;
    line_mode = held_q && !bcast && !out_pend && any_cur;
    rowsel    = '0;
    line      = '0;
    for (int i = 0; i < Lanes; i++) begin
      rowsel = rowsel | ({Lanes{cur_q[i]}} & rows_q[i*Lanes +: Lanes]);
      line   = line | ({LineBits{cur_q[i]}} & index_q[i*IndexBits + SlotBits +: LineBits]);
    end
    cand = pend_q & rowsel;
    for (int j = 0; j < Lanes; j++) begin
      blocked[j] = |(pend_q & blk_q[j*Lanes +: Lanes]);
    end
    take_line = line_mode ? (cand & ~blocked) : '0;
    left      = cand & blocked;
    take      = bcast ? '0 : (out_pend ? out_lanes : take_line);
  end

  // Per lane: no earlier pending lane of its entry (z), exactly one (one).  They reach the beat
  // only through take_line, which is 0 outside line mode: the branch spares a simulator the
  // Lanes trees on the cycles without a line beat (the same gates: lead, sec and thr are 0
  // there either way).
  logic [1:0] am;
  always_comb begin
    z   = '0;
    one = '0;
    am  = '0;
    if (line_mode) begin
      for (int j = 0; j < Lanes; j++) begin
        am     = any_many(pend_q & ear_q[j*Lanes +: Lanes]);
        z[j]   = !am[0];
        one[j] = am[0] && !am[1];
      end
    end
    lead = take_line & z;
    sec  = take_line & one;
    thr  = take_line & ~z & ~one;
  end

  // Per slot k: the beat's lanes of entry k are the taken lanes with slot bits k; its lead is
  // the one with no earlier pending lane of the entry, its second the one with exactly one.
  for (genvar k = 0; k < Slots; k++) begin : g_slot
    logic [Lanes-1:0]    eoh, l1, l2, l3;
    logic [TagBits-1:0]  t;
    logic [AddrBits-1:0] a1, a2;
    // Outside line mode lead, sec and thr are 0, so every term is: the branch only spares a
    // simulator the Lanes-wide selects on the cycles without a line beat.
    always_comb begin
      eoh = '0;
      l1  = '0;
      l2  = '0;
      l3  = '0;
      t   = '0;
      a1  = '0;
      a2  = '0;
      if (line_mode) begin
        for (int j = 0; j < Lanes; j++) eoh[j] = (index_q[j*IndexBits +: SlotBits] == SlotBits'(k));
        l1 = lead & eoh;
        l2 = sec & eoh;
        l3 = thr & eoh;
        for (int j = 0; j < Lanes; j++) begin
          t  = t  | ({TagBits{l1[j]}}  & tag_q[j*TagBits +: TagBits]);
          a1 = a1 | ({AddrBits{l1[j]}} & word_q[j*AddrBits +: AddrBits]);
          a2 = a2 | ({AddrBits{l2[j]}} & word_q[j*AddrBits +: AddrBits]);
        end
      end
    end
    assign beat_slot_valid_o[k]                      = (l1 != '0);
    assign beat_slot_tag_o[k*TagBits +: TagBits]     = t;
    assign beat_slot_count_o[k*2 +: 2]               = (l3 != '0) ? 2'd3 : (l2 != '0) ? 2'd2 :
                                                       (l1 != '0) ? 2'd1 : 2'd0;
    assign beat_slot_addr1_o[k*AddrBits +: AddrBits] = a1;
    assign beat_slot_addr2_o[k*AddrBits +: AddrBits] = a2;
  end

  assign beat_valid_o = held_q && (bcast || out_pend || any_cur);
  assign beat_kind_o  = bcast ? BeatBcast : (out_pend ? BeatOutside : BeatLine);
  assign beat_type_o  = type_q;
  assign beat_last_o  = bcast || (out_pend ? !any_cur : (~|left && rem_none_q));
  assign beat_hdr_o   = hdr_q;
  assign beat_slice_o = (Slices == 1) ? '0 : SliceBits'(line);
  assign beat_line_o  = line;
  assign beat_lanes_o = take;
  assign busy_o       = e0_valid_q || held_q;

  // H takes the next packet when empty or when the held one's last beat leaves now.  An access
  // packet with no lane (an empty mask) is held for one cycle and dropped (it has no beat).
  logic       fire, leaving, empty_access;
  logic [1:0] rem_am;                          // rem_q: any left, two or more left
  assign rem_am = any_many(rem_q);
  assign fire         = beat_valid_o && beat_ready_i;
  assign empty_access = held_q && !bcast && !out_pend && !any_cur;
  assign leaving      = empty_access || (fire && beat_last_o);
  assign h_load       = e0_valid_q && (!held_q || leaving);

  // The relations and leaders are variables of this block, written only in the load branch.
  logic [Lanes*Lanes-1:0] rel_rows, rel_ear, rel_blk;
  logic [Lanes-1:0]       notlead, leaders, first_in;
  always_comb begin
    rel_rows = '0;
    rel_ear  = '0;
    rel_blk  = '0;
    notlead  = '0;
    leaders  = '0;
    first_in = '0;
    held_d   = held_q && !leaving;
    pend_d   = pend_q;
    cur_d    = cur_q;
    rem_d    = rem_q;
    any_cur_d  = any_cur_q;
    rem_none_d = rem_none_q;
    out_pend_d = out_pend_q;
    if (fire) begin
      pend_d = pend_q & ~take;
      if (out_pend) out_pend_d = 1'b0;
      if (line_mode && ~|left) begin         // the current line is done: the next leader
        cur_d      = rem_q & (~rem_q + Lanes'(1));
        rem_d      = rem_q & ~cur_d;
        any_cur_d  = rem_am[0];
        rem_none_d = !rem_am[1];
      end
    end
    if (h_load) begin
      rel_rows = '0;
      rel_ear  = '0;
      rel_blk  = '0;
      notlead  = '0;
      for (int i = 0; i < Lanes; i++) begin
        rel_rows[i*Lanes + i] = p_in[i];
        for (int j = i + 1; j < Lanes; j++) begin
          // same line; same entry; same entry with another tag
          rel_rows[i*Lanes + j] = p_in[i] && p_in[j] &&
                                  (e0_index_q[i*IndexBits + SlotBits +: LineBits] ==
                                   e0_index_q[j*IndexBits + SlotBits +: LineBits]);
          rel_ear[j*Lanes + i]  = rel_rows[i*Lanes + j] &&
                                  (e0_index_q[i*IndexBits +: SlotBits] == e0_index_q[j*IndexBits +: SlotBits]);
          rel_blk[j*Lanes + i]  = rel_ear[j*Lanes + i] &&
                                  (e0_tag_q[i*TagBits +: TagBits] != e0_tag_q[j*TagBits +: TagBits]);
          notlead[j]            = notlead[j] | rel_rows[i*Lanes + j];
        end
      end
      leaders  = p_in & ~notlead;
      first_in = p_in & (~p_in + Lanes'(1));
      held_d   = 1'b1;
      pend_d   = e0_mask_q;
      cur_d    = first_in;
      rem_d    = leaders & ~first_in;
      any_cur_d  = |p_in;
      rem_none_d = ~|(leaders & ~first_in);
      out_pend_d = |(e0_mask_q & ~e0_inside_q);
    end
  end
  // H's packet payload loads only with h_load (enable flops, as E0's).
  always_comb begin
    type_d   = e0_type_q;
    hdr_d    = e0_hdr_q;
    inside_d = e0_inside_q;
    word_d   = e0_word_q;
    index_d  = e0_index_q;
    tag_d    = e0_tag_q;
    rows_d   = rel_rows;
    ear_d    = rel_ear;
    blk_d    = rel_blk;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      e0_valid_q <= 1'b0;
      held_q     <= 1'b0;
      pend_q     <= '0;
      cur_q      <= '0;
      rem_q      <= '0;
      any_cur_q  <= 1'b0;
      rem_none_q <= 1'b1;
      out_pend_q <= 1'b0;
    end else begin
      e0_valid_q <= e0_valid_d;
      held_q     <= held_d;
      pend_q     <= pend_d;
      cur_q      <= cur_d;
      rem_q      <= rem_d;
      any_cur_q  <= any_cur_d;
      rem_none_q <= rem_none_d;
      out_pend_q <= out_pend_d;
    end
  end
  always_ff @(posedge clk_i) begin
    if (e0_load) begin
      e0_type_q   <= e0_type_d;
      e0_hdr_q    <= e0_hdr_d;
      e0_mask_q   <= e0_mask_d;
      e0_inside_q <= e0_inside_d;
      e0_word_q   <= e0_word_d;
      e0_index_q  <= e0_index_d;
      e0_tag_q    <= e0_tag_d;
    end
    if (h_load) begin
      type_q      <= type_d;
      hdr_q       <= hdr_d;
      inside_q    <= inside_d;
      word_q      <= word_d;
      index_q     <= index_d;
      tag_q       <= tag_d;
      rows_q      <= rows_d;
      ear_q       <= ear_d;
      blk_q       <= blk_d;
    end
  end

`ifndef SYNTHESIS
  // Every beat of a line covers at least one lane, and no lane twice.
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && beat_valid_o && beat_ready_i && !bcast) begin
      if (take == '0) $fatal(1, "scord_splitter: a beat with no lane");
      if ((take & ~pend_q) != '0) $fatal(1, "scord_splitter: a beat takes a lane that is not pending");
    end
    if (rst_ni && held_q && ((any_cur_q != (cur_q != '0)) || (rem_none_q != (rem_q == '0)) ||
                             (out_pend_q != ((pend_q & ~inside_q) != '0))))
      $fatal(1, "scord_splitter: a registered flag disagrees with the state it summarises");
  end
`endif
endmodule
