// scord_sram_nr1w.sv -- a memory with ReadPorts synchronous read ports and one write port,
// same timing and collision rule as scord_sram_1r1w (address registered, data in the next
// cycle; a read registered at the edge of a write to the same word is undefined).
//   Impl = SramFlops: one flop array with ReadPorts read muxes (scord_sram_flops).
//   Impl = SramMacro: ReadPorts copies of the 1r1w macro, one per read port, all written
//          together (a 1r1w macro is what a compiler offers; multi-port cells cost more).
module scord_sram_nr1w #(
  parameter int Depth     = 32,
  parameter int Width     = 12,
  parameter int ReadPorts = 2,
  parameter int Impl      = scord_pkg::SramFlops,
  parameter int AddrBits  = scord_pkg::idx_bits(Depth)
) (
  input  logic                          clk_i,
  input  logic [ReadPorts*AddrBits-1:0] raddr_i,
  output logic [ReadPorts*Width-1:0]    rdata_o,
  input  logic                          we_i,
  input  logic [AddrBits-1:0]           waddr_i,
  input  logic [Width-1:0]              wdata_i
);
  if (Impl == scord_pkg::SramMacro) begin : g_copies
    for (genvar p = 0; p < ReadPorts; p++) begin : g_port
      scord_sram_1r1w #(
        .Depth   (Depth),
        .Width   (Width),
        .Impl    (Impl),
        .AddrBits(AddrBits)
      ) u_ram (
        .clk_i  (clk_i),
        .re_i   (1'b1),
        .raddr_i(raddr_i[p*AddrBits +: AddrBits]),
        .rdata_o(rdata_o[p*Width +: Width]),
        .we_i   (we_i),
        .waddr_i(waddr_i),
        .wdata_i(wdata_i)
      );
    end
  end else begin : g_flops
    scord_sram_flops #(
      .Depth    (Depth),
      .Width    (Width),
      .ReadPorts(ReadPorts),
      .AddrBits (AddrBits)
    ) u_flops (
      .clk_i  (clk_i),
      .re_i   ({ReadPorts{1'b1}}),
      .raddr_i(raddr_i),
      .rdata_o(rdata_o),
      .we_i   (we_i),
      .waddr_i(waddr_i),
      .wdata_i(wdata_i)
    );
  end
  // Writes stay inside the memory (reads may not: a read past Depth returns 0).
  `SCORD_ASSERT(SramWriteAddrInRange, !we_i || 32'(waddr_i) < Depth, clk_i, 1'b0)
endmodule
