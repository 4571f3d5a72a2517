// scord_md_accessor.sv -- the detector's metadata accessor: an in-order queue of in-flight
// work (accesses, and anything that must stay ordered with them, e.g. fences), the read
// and write-back of 64-bit entries through one memory port, same-entry forwarding, and the
// kernel-boundary clear.  The memory port serves requests in the order accepted
// (read-after-write to one index sees the write) and returns read data in request order.
//
// Pipeline: an item accepted on req_* takes a queue slot; if it needs its entry and no
// older in-flight item has the same index it issues a read; otherwise it is marked to
// take the entry from the youngest older item with that index (forwarding: that item's
// write-back value is kept in res[slot] until the slot is reused, which cannot happen
// before this item completes).  The head item is offered on head_* once its data is there
// and, when it forwards, once its source has completed; taking it (pop) starts the
// detector's execute pipeline.  Items complete in order on cpl_* some cycles later (the
// slot stays allocated, and matchable for forwarding, until then); a completing item's new
// entry goes to the write queue and from there to the port.  The write queue has a slot
// reserved for every item in the execute pipeline, so completion never waits.  A request
// beat carries a write-back, a read, or (DualIssue) both: the memory applies the write
// first.  Clear/sweep beats go alone.  A read never overtakes an older write-back.  One
// registered request slot keeps the payload stable while memory stalls.
module scord_md_accessor #(
  parameter int IndexBits   = 28,
  parameter int PayloadBits = 8,
  parameter int Depth       = scord_pkg::MaxOutstanding,
  parameter bit ResetSweep  = scord_pkg::ResetSweep,
  parameter bit DualIssue   = scord_pkg::DualIssue,
  parameter int ExecStages  = 3   // detector pipeline depth from pop to completion (credits)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // Work in arrival order.
  input  logic                   req_valid_i,
  output logic                   req_ready_o,
  input  logic                   req_md_i,       // needs its metadata entry
  input  logic [IndexBits-1:0]   req_index_i,
  input  logic [PayloadBits-1:0] req_payload_i,
  // Head of the queue, ready to execute.
  output logic                   head_valid_o,
  input  logic                   head_ready_i,
  output logic                   head_md_o,
  output logic [PayloadBits-1:0] head_payload_o,
  output logic [63:0]            head_rdata_o,   // the entry (valid when head_md_o)
  // Completion of the oldest popped item, in order; its new entry when it had one.
  input  logic                   cpl_valid_i,
  input  logic [63:0]            cpl_wdata_i,
  // Kernel boundary: start only when idle_o; busy until every entry is back to init.
  input  logic                   clear_start_i,
  output logic                   idle_o,
  output logic                   clear_busy_o,
  // Memory port.
  output logic                   mem_req_valid_o,
  input  logic                   mem_req_ready_i,
  output logic                   mem_req_write_o, // write wdata to entry index
  output logic                   mem_req_clear_o, // reset the whole region to init
  output logic [63:0]            mem_req_index_o,
  output logic [63:0]            mem_req_wdata_o,
  output logic                   mem_req_read_o,  // read entry rindex (after the write)
  output logic [63:0]            mem_req_rindex_o,
  input  logic                   mem_resp_valid_i,
  output logic                   mem_resp_ready_o,
  input  logic [63:0]            mem_resp_rdata_i
);
  localparam int PB = scord_pkg::idx_bits(Depth);
  localparam int IB = IndexBits;
  localparam int PW = PayloadBits;
  localparam int WqDepth = ExecStages + 2;  // write queue: one per pipeline item + two
  localparam int WB = scord_pkg::idx_bits(WqDepth);
  localparam int CB = $clog2(Depth + 1);       // counters sized to their depth
  localparam int WCB = $clog2(WqDepth + 1);

  // ---- State -------------------------------------------------------------------------
  logic [Depth-1:0]    s_valid_d, s_valid_q;   // slot holds an item
  logic [Depth-1:0]    s_md_d, s_md_q;         // item needs its entry
  logic [Depth-1:0]    s_fwd_d, s_fwd_q;       // entry comes from res[s_src]
  logic [Depth-1:0]    s_young_d, s_young_q;   // youngest in-flight item of its index
  logic [Depth-1:0]    s_exec_d, s_exec_q;     // popped, not yet completed
  // Per-slot data: memories written at one slot per cycle (the tail at issue, the completing
  // slot at completion), read at the head, the completing slot and the forwarding source.
  // Unpacked arrays indexed once per port: one write and a few read muxes in hardware, and a
  // simulator touches one word per access instead of copying every slot each cycle.  s_index
  // is also compared in every slot (the CAM of the match below).
  logic [PB-1:0]       s_src_q [Depth];
  logic [IB-1:0]       s_index_q [Depth];
  logic [PW-1:0]       s_pay_q [Depth];
  logic [63:0]         res_q [Depth];          // write-back value of each slot's last item
  logic [PB-1:0]       head_d, head_q, tail_d, tail_q, cpl_d, cpl_q;
  logic [CB-1:0]       cnt_d, cnt_q;               // allocated slots
  logic [CB-1:0]       ecnt_d, ecnt_q;             // popped, not completed
  logic [WCB-1:0]      emd_d, emd_q;               // of those, items with an entry

  logic [63:0]         rdq_q [Depth];          // read data in arrival order
  logic [PB-1:0]       rdq_rd_d, rdq_rd_q, rdq_wr_d, rdq_wr_q;
  logic [CB-1:0]       rdq_cnt_d, rdq_cnt_q;

  logic [IB-1:0]         wq_index_q [WqDepth];
  logic [63:0]           wq_data_q [WqDepth];
  logic [WB-1:0]         wq_rd_d, wq_rd_q, wq_wr_d, wq_wr_q;
  logic [WCB-1:0]        wq_cnt_d, wq_cnt_q;

  logic        mreq_valid_d, mreq_valid_q;
  logic        mreq_write_d, mreq_write_q;
  logic        mreq_clear_d, mreq_clear_q;
  logic [63:0] mreq_index_d, mreq_index_q;
  logic [63:0] mreq_wdata_d, mreq_wdata_q;
  logic        mreq_read_d, mreq_read_q;
  logic [63:0] mreq_rindex_d, mreq_rindex_q;

  logic        clearing_d, clearing_q;
  logic [63:0] sweep_d, sweep_q;               // next entry to sweep

  // Next slot of a Depth-entry ring (Depth need not be a power of two).
  function automatic logic [PB-1:0] inc_ptr(input logic [PB-1:0] p);
    logic [31:0] p32;
    p32 = '0;
    p32[PB-1:0] = p;
    p32 = (p32 == Depth - 1) ? 32'd0 : p32 + 32'd1;
    inc_ptr = p32[PB-1:0];
  endfunction
  function automatic logic [WB-1:0] wq_inc(input logic [WB-1:0] p);
    logic [31:0] p32;
    p32 = '0;
    p32[WB-1:0] = p;
    p32 = (p32 == WqDepth - 1) ? 32'd0 : p32 + 32'd1;
    wq_inc = p32[WB-1:0];
  endfunction

  // Storage is unpacked arrays indexed by a pointer (a memory read or write), never a variable
  // part-select of a packed vector, which Yosys turns into wide shifters.

  // ---- Issue -------------------------------------------------------------------------
  // The CAM: one comparator per slot, ANDed with the slots that can match (an in-flight item
  // with an entry that is the youngest of its index).  At most one slot matches (asserted
  // below), so the forwarding source is the one-hot match encoded to binary: bit b of src is
  // the OR of the matches at slots whose number has bit b set.  (Written as per-slot assigns
  // and vector operations, not a loop that inserts one bit per slot: the same comparators and
  // OR trees in synthesis, and a simulator builds each word of hit in a register; the loop was
  // 40 % of the co-simulation, issue 14 item 2.)
  logic [Depth-1:0] cand, hit, match;
  logic             any_match, need_read, slot_free, issue, issue_read;
  logic [PB-1:0]    src;
  assign cand = s_valid_q & s_md_q & s_young_q;
  for (genvar g = 0; g < Depth; g++) begin : g_cam
    assign hit[g] = (s_index_q[g] == req_index_i);
  end
  assign match = cand & hit;
  function automatic logic [Depth-1:0] slots_with_bit(input int b);
    for (int s = 0; s < Depth; s++) slots_with_bit[s] = ((s >> b) & 1) != 0;
  endfunction
  for (genvar b = 0; b < PB; b++) begin : g_src
    localparam logic [Depth-1:0] SlotsWithBit = slots_with_bit(b);
    assign src[b] = |(match & SlotsWithBit);
  end
  assign any_match  = |match;
  assign need_read  = req_md_i && !any_match;
  assign slot_free  = !mreq_valid_q || mem_req_ready_i;
  // A read may share a beat with the oldest pending write-back (DualIssue; the memory
  // applies the write first), never overtake a write-back.
  logic read_slot_ok;
  assign read_slot_ok = DualIssue ? (wq_cnt_q <= WCB'(1)) : (wq_cnt_q == '0);
  assign req_ready_o = (cnt_q < CB'(Depth)) && !clearing_q &&
                       (!need_read || (slot_free && read_slot_ok));
  assign issue      = req_valid_i && req_ready_o;
  assign issue_read = issue && need_read;

  // ---- Head --------------------------------------------------------------------------
  logic [PB-1:0]    head_src;
  logic [IB-1:0]    cpl_index, wq_head_index;
  logic [63:0]      fwd_data, rd_data, wq_head_data;
  logic             head_fwd, head_v, src_busy, cpl_md, pop;
  // Pointers stay below Depth / WqDepth (inc_ptr, wq_inc), so every index is in range.
  always_comb begin
    head_src       = s_src_q[head_q];
    head_fwd       = s_fwd_q[head_q];
    head_md_o      = s_md_q[head_q];
    head_payload_o = s_pay_q[head_q];
    cpl_index      = s_index_q[cpl_q];
    cpl_md         = s_md_q[cpl_q];
    rd_data        = rdq_q[rdq_rd_q];
    fwd_data       = res_q[head_src];
    src_busy       = s_exec_q[head_src];   // the source is still in the execute pipeline
    wq_head_index  = wq_index_q[wq_rd_q];
    wq_head_data   = wq_data_q[wq_rd_q];
  end
  // An item not yet popped is at the head; an item with an entry needs its data (read back,
  // or its source completed) and a write-queue slot reserved for its completion.
  assign head_v = (cnt_q != ecnt_q);
  assign head_valid_o = head_v &&
      (!head_md_o || ((head_fwd ? !src_busy : (rdq_cnt_q != '0)) &&
                      ({1'b0, wq_cnt_q} + {1'b0, emd_q} < (WCB+1)'(WqDepth))));
  assign head_rdata_o = head_fwd ? fwd_data : rd_data;
  assign pop = head_valid_o && head_ready_i;

  assign mem_resp_ready_o = (rdq_cnt_q < CB'(Depth));
  assign idle_o = (cnt_q == '0) && (wq_cnt_q == '0) && !clearing_q;
  assign clear_busy_o = clearing_q;

  logic wq_push, wq_pop, rdq_push, rdq_pop, last_sweep;
  assign wq_push  = cpl_valid_i && cpl_md;
  assign rdq_push = mem_resp_valid_i && mem_resp_ready_o;
  assign rdq_pop  = pop && head_md_o && !head_fwd;
  assign last_sweep = (sweep_q == ((64'd1 << IB) - 64'd1));

  always_comb begin
    s_valid_d = s_valid_q;
    s_md_d    = s_md_q;
    s_fwd_d   = s_fwd_q;
    s_young_d = s_young_q;
    s_exec_d  = s_exec_q;
    head_d    = head_q;
    tail_d    = tail_q;
    cpl_d     = cpl_q;
    cnt_d     = cnt_q;
    ecnt_d    = ecnt_q;
    emd_d     = emd_q;
    rdq_rd_d  = rdq_rd_q;
    rdq_wr_d  = rdq_wr_q;
    rdq_cnt_d = rdq_cnt_q;
    wq_rd_d    = wq_rd_q;
    wq_wr_d    = wq_wr_q;
    wq_cnt_d   = wq_cnt_q;
    mreq_valid_d = mreq_valid_q && !mem_req_ready_i;
    mreq_write_d = mreq_write_q;
    mreq_clear_d = mreq_clear_q;
    mreq_index_d = mreq_index_q;
    mreq_wdata_d = mreq_wdata_q;
    mreq_read_d  = mreq_read_q;
    mreq_rindex_d = mreq_rindex_q;
    clearing_d = clearing_q;
    sweep_d    = sweep_q;
    wq_pop     = 1'b0;

    // Per-slot flags, one bit written at each pointer, in this order: execute (the head enters
    // the pipeline), completion (the slot is freed; its new entry was kept in res for
    // forwarding and goes to the write queue), issue (a new item takes the tail slot), and the
    // older item of the same index is no longer the youngest.  (Indexed bit writes, not
    // Depth-bit one-hot masks: the same decoders in synthesis, and a simulator writes one
    // word instead of shifting a 256-bit mask; issue 14 item 2.)
    if (pop) s_exec_d[head_q] = 1'b1;
    if (cpl_valid_i) begin
      s_valid_d[cpl_q] = 1'b0;
      s_exec_d[cpl_q]  = 1'b0;
    end
    if (issue) begin
      s_valid_d[tail_q] = 1'b1;
      s_md_d[tail_q]    = req_md_i;
      s_fwd_d[tail_q]   = req_md_i && any_match;
      s_young_d[tail_q] = req_md_i;
      if (req_md_i) s_young_d = s_young_d & ~match;
    end
    if (pop) head_d = inc_ptr(head_q);
    if (issue) tail_d = inc_ptr(tail_q);
    if (cpl_valid_i) cpl_d = inc_ptr(cpl_q);
    if (issue && !cpl_valid_i) cnt_d = cnt_q + CB'(1);
    if (cpl_valid_i && !issue) cnt_d = cnt_q - CB'(1);
    if (pop && !cpl_valid_i) ecnt_d = ecnt_q + CB'(1);
    if (cpl_valid_i && !pop) ecnt_d = ecnt_q - CB'(1);
    if ((pop && head_md_o) && !(cpl_valid_i && cpl_md)) emd_d = emd_q + WCB'(1);
    if ((cpl_valid_i && cpl_md) && !(pop && head_md_o)) emd_d = emd_q - WCB'(1);

    if (rdq_push) rdq_wr_d = inc_ptr(rdq_wr_q);
    if (rdq_pop) rdq_rd_d = inc_ptr(rdq_rd_q);
    if (rdq_push && !rdq_pop) rdq_cnt_d = rdq_cnt_q + CB'(1);
    if (rdq_pop && !rdq_push) rdq_cnt_d = rdq_cnt_q - CB'(1);

    if (wq_push) wq_wr_d = wq_inc(wq_wr_q);

    // Request slot: clear/sweep alone; else the oldest write-back and/or a new read.
    if (slot_free) begin
      mreq_read_d = 1'b0;
      mreq_rindex_d = '0;
      if (clearing_q) begin
        mreq_valid_d = 1'b1;
        mreq_write_d = ResetSweep;
        mreq_clear_d = !ResetSweep;
        mreq_index_d = ResetSweep ? sweep_q : 64'd0;
        mreq_wdata_d = scord_pkg::MdInit;
        if (!ResetSweep || last_sweep) begin
          clearing_d = 1'b0;
          sweep_d = '0;
        end else begin
          sweep_d = sweep_q + 64'd1;
        end
      end else begin
        mreq_valid_d = (wq_cnt_q != '0) || issue_read;
        mreq_write_d = (wq_cnt_q != '0);
        mreq_clear_d = 1'b0;
        mreq_index_d = '0;
        mreq_wdata_d = '0;
        if (wq_cnt_q != '0) begin
          wq_pop = 1'b1;
          mreq_index_d[IB-1:0] = wq_head_index;
          mreq_wdata_d = wq_head_data;
          wq_rd_d = wq_inc(wq_rd_q);
        end
        if (issue_read) begin
          mreq_read_d = 1'b1;
          mreq_rindex_d[IB-1:0] = req_index_i;
        end
      end
    end
    if (wq_push && !wq_pop) wq_cnt_d = wq_cnt_q + WCB'(1);
    if (wq_pop && !wq_push) wq_cnt_d = wq_cnt_q - WCB'(1);

    if (clear_start_i && idle_o) begin
      clearing_d = 1'b1;
      sweep_d = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s_valid_q    <= '0;
      s_md_q       <= '0;
      s_fwd_q      <= '0;
      s_young_q    <= '0;
      s_exec_q     <= '0;
      head_q       <= '0;
      tail_q       <= '0;
      cpl_q        <= '0;
      cnt_q        <= '0;
      ecnt_q       <= '0;
      emd_q        <= '0;
      rdq_rd_q     <= '0;
      rdq_wr_q     <= '0;
      rdq_cnt_q    <= '0;
      wq_rd_q      <= '0;
      wq_wr_q      <= '0;
      wq_cnt_q     <= '0;
      mreq_valid_q <= 1'b0;
      mreq_write_q <= 1'b0;
      mreq_clear_q <= 1'b0;
      mreq_index_q <= '0;
      mreq_wdata_q <= '0;
      mreq_read_q  <= 1'b0;
      mreq_rindex_q <= '0;
      clearing_q   <= 1'b0;
      sweep_q      <= '0;
    end else begin
      s_valid_q    <= s_valid_d;
      s_md_q       <= s_md_d;
      s_fwd_q      <= s_fwd_d;
      s_young_q    <= s_young_d;
      s_exec_q     <= s_exec_d;
      head_q       <= head_d;
      tail_q       <= tail_d;
      cpl_q        <= cpl_d;
      cnt_q        <= cnt_d;
      ecnt_q       <= ecnt_d;
      emd_q        <= emd_d;
      rdq_rd_q     <= rdq_rd_d;
      rdq_wr_q     <= rdq_wr_d;
      rdq_cnt_q    <= rdq_cnt_d;
      wq_rd_q      <= wq_rd_d;
      wq_wr_q      <= wq_wr_d;
      wq_cnt_q     <= wq_cnt_d;
      mreq_valid_q <= mreq_valid_d;
      mreq_write_q <= mreq_write_d;
      mreq_clear_q <= mreq_clear_d;
      mreq_index_q <= mreq_index_d;
      mreq_wdata_q <= mreq_wdata_d;
      mreq_read_q  <= mreq_read_d;
      mreq_rindex_q <= mreq_rindex_d;
      clearing_q   <= clearing_d;
      sweep_q      <= sweep_d;
    end
  end

  // Data storage: not reset; read only under the valid bits / counters above.  One write per
  // memory per cycle, at the pointer the state above advances in the same cycle.
  always_ff @(posedge clk_i) begin
    if (issue) begin
      s_src_q[tail_q]   <= src;
      s_index_q[tail_q] <= req_index_i;
      s_pay_q[tail_q]   <= req_payload_i;
    end
    if (cpl_valid_i && cpl_md) res_q[cpl_q] <= cpl_wdata_i;
    if (rdq_push) rdq_q[rdq_wr_q] <= mem_resp_rdata_i;
    if (wq_push) begin
      wq_index_q[wq_wr_q] <= cpl_index;
      wq_data_q[wq_wr_q]  <= cpl_wdata_i;
    end
  end

  // ---- Assertions (simulation only: Verilator and Icarus; Yosys defines SYNTHESIS) --------
`ifndef SYNTHESIS
  int unsigned a_reads_out;   // reads accepted by the memory and not yet answered
  logic        a_stalled;
  logic [63:0] a_index, a_wdata, a_rindex;
  logic        a_write, a_read, a_clear;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_reads_out <= 0;
      a_stalled <= 1'b0;
    end else begin
      if (req_valid_i && ((match & (match - 1'b1)) != '0))   // more than one bit set
        $fatal(1, "scord_md_accessor: %0d youngest in-flight items for one index",
               $countones(match));
      if (rdq_push && (a_reads_out == 0))
        $fatal(1, "scord_md_accessor: memory response with no read outstanding");
      if (cpl_valid_i && (ecnt_q == '0))
        $fatal(1, "scord_md_accessor: completion with nothing in the execute pipeline");
      if (a_stalled && !(mreq_valid_q && (mreq_write_q == a_write) && (mreq_read_q == a_read) &&
                         (mreq_clear_q == a_clear) && (mreq_index_q == a_index) &&
                         (mreq_wdata_q == a_wdata) && (mreq_rindex_q == a_rindex)))
        $fatal(1, "scord_md_accessor: memory request changed or dropped while not ready");
      a_reads_out <= a_reads_out + ((mreq_valid_q && mem_req_ready_i && mreq_read_q) ? 1 : 0)
                                 - (rdq_push ? 1 : 0);
      a_stalled <= mreq_valid_q && !mem_req_ready_i;
      a_write   <= mreq_write_q;
      a_read    <= mreq_read_q;
      a_clear   <= mreq_clear_q;
      a_index   <= mreq_index_q;
      a_wdata   <= mreq_wdata_q;
      a_rindex  <= mreq_rindex_q;
    end
  end
`endif

  assign mem_req_valid_o = mreq_valid_q;
  assign mem_req_write_o = mreq_write_q;
  assign mem_req_clear_o = mreq_clear_q;
  assign mem_req_index_o = mreq_index_q;
  assign mem_req_wdata_o = mreq_wdata_q;
  assign mem_req_read_o  = mreq_read_q;
  assign mem_req_rindex_o = mreq_rindex_q;
endmodule
