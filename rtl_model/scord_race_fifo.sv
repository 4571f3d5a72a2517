// scord_race_fifo.sv -- race-record buffer (detector.md section 6): RaceBufEntries records
// in the order found; a record that finds the buffer full is counted in the overflow
// counter instead (never silently lost).  Detection never waits on this FIFO.
// Workload: at most one push per cycle (races are rare; bursts come from one bad kernel),
// one pop per cycle when the race port is ready.
//
// Structure: the records live in a memory (scord_sram_1r1w: flip-flops or a macro, Impl) with
// a synchronous read, and the oldest one or two sit in a two-entry output queue in flops, so
// the pop side sees a register and drains one record per cycle.  A push goes straight to the
// output queue (behind a record arriving from memory in the same cycle) when nothing older is
// in memory and there is room (same latency as a flop FIFO: a record pushed in cycle t can pop
// from t+1); otherwise it is written to memory.  Then the head is valid whenever a record is
// held: memory receives a push only behind a full output queue, and a read is issued while the
// queue still holds a record.  A
// memory read is issued only when the output queue will have room for its data the cycle it
// arrives (at most one record left after this cycle's pop and arrival).
// Occupancy = output queue + read in flight + memory; full is judged on the registered
// occupancy against Entries (a pop in the same cycle frees no room yet), exactly as before the
// memory was introduced, so overflow counts are unchanged.  The memory has Entries words: the
// records in memory plus the one being read never exceed the occupancy, so a write never hits
// the word whose read address is registered at the same edge (the 1r1w collision case).
`ifndef SCORD_RACE_SRAM
`define SCORD_RACE_SRAM 0
`endif
module scord_race_fifo #(
  parameter int Width   = 8,
  parameter int Entries = scord_pkg::RaceBufEntries,
  parameter int Impl    = `SCORD_RACE_SRAM,          // scord_pkg::SramFlops or SramMacro
  localparam int CntBits = $clog2(Entries + 1)       // occupancy counter sized to the depth
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,     // a record found this cycle
  input  logic [Width-1:0] push_data_i,
  output logic             pop_valid_o,
  input  logic             pop_ready_i,
  output logic [Width-1:0] pop_data_o,
  output logic [63:0]      overflow_o, // records dropped because the buffer was full
  output logic [CntBits-1:0] count_o   // records held now
);
  localparam int PtrBits = scord_pkg::idx_bits(Entries);

  logic [PtrBits-1:0] rd_d, rd_q, wr_d, wr_q;        // memory pointers
  logic [CntBits-1:0] cnt_d, cnt_q;                  // all records held
  logic [CntBits-1:0] mcnt_d, mcnt_q;                // records in memory, not yet read
  logic               rif_d, rif_q;                  // a memory read's data arrives this cycle
  logic [1:0]         ocnt_d, ocnt_q;                // output queue occupancy (0..2)
  logic [Width-1:0]   o0_d, o0_q, o1_d, o1_q;        // output queue: o0 is the head
  logic [63:0]        ovf_d, ovf_q;
  logic [Width-1:0]   mem_rdata;
  logic               do_pop, do_push, bypass, mem_we, mem_re;
  logic [1:0]         left;                          // output queue after pop and arrival

  // Advance a pointer with wrap at Entries (need not be a power of two).
  function automatic logic [PtrBits-1:0] next_ptr(input logic [PtrBits-1:0] p);
    logic [31:0] p32;
    p32 = '0;
    p32[PtrBits-1:0] = p;
    p32 = (p32 == Entries - 1) ? 32'd0 : p32 + 32'd1;
    next_ptr = p32[PtrBits-1:0];
  endfunction

  assign do_pop  = pop_ready_i && (ocnt_q != 2'd0);
  assign do_push = push_i && (cnt_q < CntBits'(Entries));

  always_comb begin
    rd_d   = rd_q;
    wr_d   = wr_q;
    cnt_d  = cnt_q;
    mcnt_d = mcnt_q;
    ocnt_d = ocnt_q;
    o0_d   = o0_q;
    o1_d   = o1_q;
    ovf_d  = ovf_q;
    mem_we = 1'b0;
    mem_re = 1'b0;
    bypass = 1'b0;
    // 1. Pop the head.
    if (do_pop) begin
      o0_d   = o1_q;
      ocnt_d = ocnt_q - 2'd1;
    end
    // 2. The memory read issued last cycle arrives (it is older than any push of this cycle).
    if (rif_q) begin
      if (ocnt_d == 2'd0) o0_d = mem_rdata;
      else                o1_d = mem_rdata;
      ocnt_d = ocnt_d + 2'd1;
    end
    left = ocnt_d;
    // 3. A push: straight to the output queue, behind this cycle's arrival, when nothing older
    //    is in memory and there is room, else to memory.
    if (do_push) begin
      if ((mcnt_q == '0) && (ocnt_d != 2'd2)) begin
        bypass = 1'b1;
        if (ocnt_d == 2'd0) o0_d = push_data_i;
        else                o1_d = push_data_i;
        ocnt_d = ocnt_d + 2'd1;
      end else begin
        mem_we = 1'b1;
        wr_d   = next_ptr(wr_q);
      end
    end
    if (push_i && !do_push) ovf_d = ovf_q + 64'd1;
    // 4. Read the next record from memory when its data will find room next cycle (room for
    //    one more after this cycle, whatever next cycle's pop does).
    if ((mcnt_q != '0) && (left <= 2'd1)) begin
      mem_re = 1'b1;
      rd_d   = next_ptr(rd_q);
    end
    if (mem_we && !mem_re) mcnt_d = mcnt_q + CntBits'(1);
    if (mem_re && !mem_we) mcnt_d = mcnt_q - CntBits'(1);
    if (do_push && !do_pop) cnt_d = cnt_q + CntBits'(1);
    if (do_pop && !do_push) cnt_d = cnt_q - CntBits'(1);
    rif_d = mem_re;
  end

  scord_sram_1r1w #(
    .Depth   (Entries),
    .Width   (Width),
    .Impl    (Impl),
    .AddrBits(PtrBits)
  ) u_mem (
    .clk_i  (clk_i),
    .re_i   (1'b1),
    .raddr_i(rd_q),
    .rdata_o(mem_rdata),
    .we_i   (mem_we),
    .waddr_i(wr_q),
    .wdata_i(push_data_i)
  );

  // Registers: control with reset, record data without (read only under ocnt_q).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q   <= '0;
      wr_q   <= '0;
      cnt_q  <= '0;
      mcnt_q <= '0;
      rif_q  <= 1'b0;
      ocnt_q <= 2'd0;
      ovf_q  <= '0;
    end else begin
      rd_q   <= rd_d;
      wr_q   <= wr_d;
      cnt_q  <= cnt_d;
      mcnt_q <= mcnt_d;
      rif_q  <= rif_d;
      ocnt_q <= ocnt_d;
      ovf_q  <= ovf_d;
    end
  end
  always_ff @(posedge clk_i) begin
    o0_q <= o0_d;
    o1_q <= o1_d;
  end

  assign pop_valid_o = (ocnt_q != 2'd0);
  assign pop_data_o  = o0_q;
  assign overflow_o  = ovf_q;
  assign count_o     = cnt_q;

`ifndef SYNTHESIS
  // Simulation only: occupancy bookkeeping is consistent and never passes the depth, and the
  // head is valid whenever records are held (the drain never starves the pop side).
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      if (cnt_q > CntBits'(Entries))
        $fatal(1, "scord_race_fifo: %0d records held in %0d entries", cnt_q, Entries);
      if (32'(cnt_q) != 32'(mcnt_q) + 32'(rif_q) + 32'(ocnt_q))
        $fatal(1, "scord_race_fifo: count %0d != memory %0d + in flight %0d + output %0d",
               cnt_q, mcnt_q, rif_q, ocnt_q);
      if (ocnt_q > 2'd2) $fatal(1, "scord_race_fifo: output queue holds %0d", ocnt_q);
      if ((cnt_q != '0) && (ocnt_q == 2'd0))
        $fatal(1, "scord_race_fifo: %0d records held but no head", cnt_q);
    end
  end
`endif
  logic unused_bypass;
  assign unused_bypass = bypass;
endmodule
