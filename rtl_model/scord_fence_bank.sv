// scord_fence_bank.sv -- one SM's slice of the fence file (detector.md section 3): the
// {DevFenceID, BlkFenceID} words of the SM's Entries warps in a memory (scord_sram_nr1w,
// flops or macro copies), and one valid bit per warp in flops so the kernel clear takes one
// cycle (a warp whose bit is 0 reads as 0 whatever the memory holds).  scord_fence_file holds
// one bank per SM and does the read-modify-write and the forwarding; all banks have the same
// parameters, so synthesis maps the bank once and the hierarchy multiplies it (a flat 132x64
// fence file did not finish in Yosys on our 2-core machines).
// Reads: ReadPorts warp indices registered at an edge, the masked words out in the next
// cycle; the word read is the memory's, so a write at the same edge is not seen (the file
// forwards it).  Write: the word of warp wwarp_i, and its valid bit set, at the edge ending the
// cycle; clear_i (or reset) zeroes every valid bit at that edge and outranks the write.
module scord_fence_bank #(
  parameter int Entries     = scord_pkg::WarpsPerSm,
  parameter int FenceIdBits = scord_pkg::FenceIdBits,
  parameter int WarpBits    = scord_pkg::idx_bits(Entries),
  parameter int ReadPorts   = 2,
  parameter int SramImpl    = scord_pkg::SramFlops
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic [ReadPorts*WarpBits-1:0] rd_warp_i,
  output logic [ReadPorts*2*FenceIdBits-1:0] rd_data_o,
  input  logic                          we_i,
  input  logic [WarpBits-1:0]           wwarp_i,
  input  logic [2*FenceIdBits-1:0]      wdata_i,
  input  logic                          clear_i
);
  localparam int W = 2 * FenceIdBits;
  logic [Entries-1:0]            valid_d, valid_q;
  logic [ReadPorts*WarpBits-1:0] rd_warp_q;
  logic [ReadPorts*W-1:0]        ram_data;

  scord_sram_nr1w #(
    .Depth    (Entries),
    .Width    (W),
    .ReadPorts(ReadPorts),
    .Impl     (SramImpl),
    .AddrBits (WarpBits)
  ) u_ram (
    .clk_i  (clk_i),
    .raddr_i(rd_warp_i),
    .rdata_o(ram_data),
    .we_i   (we_i),
    .waddr_i(wwarp_i),
    .wdata_i(wdata_i)
  );

  // Valid bits: a synchronous reset (the reset is held for several clocks; no resettable flop
  // needed), applied in the always_ff below rather than in this comb block: logic that reads a
  // top-level input is evaluated by Verilator at every eval() call, twice per cycle.
  // The same gates either way.
  // The written warp's bit by one indexed write, not a loop of Entries compares: synthesis
  // builds the same decoder, a simulator does one operation instead of Entries.
  always_comb begin
    valid_d = valid_q;
    if (we_i && (32'(wwarp_i) < Entries)) valid_d[wwarp_i] = 1'b1;
    if (clear_i) valid_d = '0;
  end

  // The valid bit of each read: one index into the bit vector (a mux tree), not a loop of
  // compares, which Yosys kept as a priority chain 64 entries deep (215.6 MHz at 132 x 64).
  for (genvar p = 0; p < ReadPorts; p++) begin : g_rd
    logic [WarpBits-1:0] ra;
    logic                v;
    assign ra = rd_warp_q[p*WarpBits +: WarpBits];
    assign v  = (32'(ra) < Entries) ? valid_q[ra] : 1'b0;
    assign rd_data_o[p*W +: W] = v ? ram_data[p*W +: W] : '0;
  end

  // rst_ni is the other flops' asynchronous reset and a synchronous one here (same gates as
  // when it sat in always_comb, where Verilator evaluated it at every eval()): waived here.
  /* verilator lint_off SYNCASYNCNET */
  always_ff @(posedge clk_i) begin
    if (!rst_ni) valid_q <= '0;
    else         valid_q <= valid_d;
    rd_warp_q <= rd_warp_i;
  end
  /* verilator lint_on SYNCASYNCNET */
endmodule
