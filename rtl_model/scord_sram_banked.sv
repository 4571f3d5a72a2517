// scord_sram_banked.sv -- a Depth x Width memory as Banks interleaved scord_sram_1r1w banks
// (word a in bank a % Banks), for an array whose macro is slower than the clock: each bank's
// read takes ReadCycles cycles and each port of a bank takes one access per MinCycles cycles
// (docs/synth.md section 5, "Banked line buffer").  A user that reads words in address order,
// one per cycle at most, meets the read rule by construction when Banks >= MinCycles; writes
// come in any order, so the wrapper says per bank whether its write port is free this cycle
// (wfree_o, from registers) and a write to a busy bank is an error.  Each bank's read data stay
// on its output until its next read: rbank_i selects the bank driven onto rdata_o.  With
// InReg the read enable and address are registered here, so the macro pins start at flops and
// a read starts one cycle after re_i (its data ReadCycles + 1 cycles after re_i).
// Workload: the line accessor's line buffer and beat info, one read and one write per cycle.
module scord_sram_banked #(
  parameter int Depth      = 256,
  parameter int Width      = 64,
  parameter int Banks      = 8,
  parameter int ReadCycles = 1,
  parameter int MinCycles  = 1,
  parameter int Impl       = scord_pkg::SramFlops,
  parameter bit InReg      = 1'b0,
  localparam int AddrBits  = scord_pkg::idx_bits(Depth),
  localparam int BankBits  = scord_pkg::idx_bits(Banks),
  localparam int RowDepth  = Depth / Banks,
  localparam int RowBits   = scord_pkg::idx_bits(RowDepth)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                re_i,
  input  logic [AddrBits-1:0] raddr_i,
  input  logic [BankBits-1:0] rbank_i,
  output logic [Width-1:0]    rdata_o,
  input  logic                we_i,
  input  logic [AddrBits-1:0] waddr_i,
  input  logic [Width-1:0]    wdata_i,
  output logic [Banks-1:0]    wfree_o
);
  if ((Banks & (Banks - 1)) != 0 || Banks < 1 || Depth % Banks != 0 || RowDepth < 2 ||
      Banks < MinCycles) begin : g_banks_check
    scord_error_sram_banked_banks_not_a_power_of_two_dividing_depth_and_covering_min_cycles
      u_bad_banks ();
  end

  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [BankBits-1:0] word_bank(input logic [AddrBits-1:0] a);
    word_bank = (Banks > 1) ? BankBits'(a) : '0;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  function automatic logic [RowBits-1:0] word_row(input logic [AddrBits-1:0] a);
    word_row = (Banks > 1) ? RowBits'(a >> BankBits) : RowBits'(a);
  endfunction

  // The read port as the banks see it: per-bank enables and the row, registered with InReg.
  logic [Banks-1:0]   bre_d, bre;
  logic [RowBits-1:0] brow;
  always_comb
    for (int b = 0; b < Banks; b++) bre_d[b] = re_i && word_bank(raddr_i) == BankBits'(b);
  if (InReg) begin : g_in_reg
    logic [Banks-1:0]   bre_q;
    logic [RowBits-1:0] brow_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) bre_q <= '0;
      else         bre_q <= bre_d;
    end
    always_ff @(posedge clk_i) brow_q <= word_row(raddr_i);  // used under bre_q
    assign bre  = bre_q;
    assign brow = brow_q;
  end else begin : g_in_comb
    assign bre  = bre_d;
    assign brow = word_row(raddr_i);
  end

  logic [Width-1:0] bank_rdata [Banks];
  for (genvar b = 0; b < Banks; b++) begin : g_bank
    scord_sram_1r1w #(
      .Depth     (RowDepth),
      .Width     (Width),
      .Impl      (Impl),
      .ReadCycles(ReadCycles),
      .MinCycles (MinCycles),
      .AddrBits  (RowBits)
    ) u_ram (
      .clk_i  (clk_i),
      .re_i   (bre[b]),
      .raddr_i(brow),
      .rdata_o(bank_rdata[b]),
      .we_i   (we_i && word_bank(waddr_i) == BankBits'(b)),
      .waddr_i(word_row(waddr_i)),
      .wdata_i(wdata_i)
    );
  end
  assign rdata_o = bank_rdata[(Banks > 1) ? rbank_i : '0];

  // Write-port cycle: a written bank is busy for MinCycles - 1 more cycles.
  if (MinCycles > 1) begin : g_wbusy
    localparam int CntBits = scord_pkg::idx_bits(MinCycles);
    logic [CntBits-1:0] cnt_d [Banks];
    logic [CntBits-1:0] cnt_q [Banks];
    logic [Banks-1:0]   free_d, free_q;
    always_comb begin
      for (int b = 0; b < Banks; b++) begin
        cnt_d[b] = (cnt_q[b] != '0) ? cnt_q[b] - 1'b1 : '0;
        if (we_i && word_bank(waddr_i) == BankBits'(b)) cnt_d[b] = CntBits'(MinCycles - 1);
        free_d[b] = (cnt_d[b] == '0);
      end
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        for (int b = 0; b < Banks; b++) cnt_q[b] <= '0;
        free_q <= '1;
      end else begin
        for (int b = 0; b < Banks; b++) cnt_q[b] <= cnt_d[b];
        free_q <= free_d;
      end
    end
    assign wfree_o = free_q;
    // A write goes to a bank whose write port is free, and the registered free flags agree
    // with the busy counters.
    `SCORD_ASSERT(BankedWriteToFreeBank, !we_i || free_q[word_bank(waddr_i)], clk_i, !rst_ni)
    for (genvar b = 0; b < Banks; b++) begin : g_chk
      logic [CntBits-1:0] cnt;  // the bank's busy count (assertions only)
      assign cnt = cnt_q[b];
      `SCORD_ASSERT(BankedFreeMatchesCount, free_q[b] == (cnt == '0), clk_i, !rst_ni)
    end
  end else begin : g_wfree
    logic unused_rst;
    assign unused_rst = rst_ni;
    assign wfree_o = '1;
  end
endmodule
