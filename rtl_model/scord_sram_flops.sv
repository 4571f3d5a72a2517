// scord_sram_flops.sv -- the flip-flop implementation behind scord_sram_1r1w and
// scord_sram_nr1w: Depth x Width flops without reset, ReadPorts registered read addresses, each
// read a per-word mux after its address register (synchronous-SRAM timing), one write port.
// A flop array has as many read ports as muxes, so ReadPorts share one array (no copies).
// Per-word compares with constant selects (docs/rtl.md: no variable part-selects).
module scord_sram_flops #(
  parameter int Depth     = 32,
  parameter int Width     = 12,
  parameter int ReadPorts = 1,
  parameter int AddrBits  = scord_pkg::idx_bits(Depth)
) (
  input  logic                          clk_i,
  input  logic [ReadPorts*AddrBits-1:0] raddr_i,
  output logic [ReadPorts*Width-1:0]    rdata_o,
  input  logic                          we_i,
  input  logic [AddrBits-1:0]           waddr_i,
  input  logic [Width-1:0]              wdata_i
);
  logic [Depth*Width-1:0]        mem_d, mem_q;
  logic [ReadPorts*AddrBits-1:0] raddr_q;
  logic [31:0]                   w32;

  always_comb begin
    w32 = '0;
    w32[AddrBits-1:0] = waddr_i;
    mem_d = mem_q;
    for (int e = 0; e < Depth; e++) begin
      if (we_i && (w32 == e)) mem_d[e*Width +: Width] = wdata_i;
    end
  end

  for (genvar p = 0; p < ReadPorts; p++) begin : g_rd
    logic [31:0]      r32;
    logic [Width-1:0] d;
    always_comb begin
      r32 = '0;
      r32[AddrBits-1:0] = raddr_q[p*AddrBits +: AddrBits];
      d = '0;
      for (int e = 0; e < Depth; e++) begin
        if (r32 == e) d = mem_q[e*Width +: Width];
      end
    end
    assign rdata_o[p*Width +: Width] = d;
  end

  // No reset: the data are used only under valid bits kept by the user.
  always_ff @(posedge clk_i) begin
    mem_q   <= mem_d;
    raddr_q <= raddr_i;
  end
endmodule
