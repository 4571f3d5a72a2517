// scord_sram_flops.sv -- the flip-flop implementation behind scord_sram_1r1w and
// scord_sram_nr1w: Depth x Width flops without reset, ReadPorts registered read addresses
// (loaded when the port's re_i is set), each read an index into the array after its address
// register (synchronous-SRAM timing), one write port.  A flop array has as many read ports as muxes, so ReadPorts share one array.
// The array is an unpacked memory indexed once per port (not a packed vector with per-word
// compares): simulators evaluate it as one array access, Yosys infers a memory whose read
// address register it merges into a synchronous read port (flops and muxes in the ASIC flow,
// block RAM where the FPGA has it), and no variable part-select of a packed vector is needed.
module scord_sram_flops #(
  parameter int Depth     = 32,
  parameter int Width     = 12,
  parameter int ReadPorts = 1,
  parameter int AddrBits  = scord_pkg::idx_bits(Depth)
) (
  input  logic                          clk_i,
  input  logic [ReadPorts-1:0]          re_i,
  input  logic [ReadPorts*AddrBits-1:0] raddr_i,
  output logic [ReadPorts*Width-1:0]    rdata_o,
  input  logic                          we_i,
  input  logic [AddrBits-1:0]           waddr_i,
  input  logic [Width-1:0]              wdata_i
);
  logic [Width-1:0]              mem_q [Depth];
  logic [ReadPorts*AddrBits-1:0] raddr_q;

  // No reset: the data are used only under valid bits kept by the user.  An address past
  // Depth (Depth not a power of two) writes nothing and reads 0.
  always_ff @(posedge clk_i) begin
    if (we_i && (32'(waddr_i) < Depth)) mem_q[waddr_i] <= wdata_i;
  end
  always_ff @(posedge clk_i) begin
    for (int p = 0; p < ReadPorts; p++)
      if (re_i[p]) raddr_q[p*AddrBits +: AddrBits] <= raddr_i[p*AddrBits +: AddrBits];
  end

  for (genvar p = 0; p < ReadPorts; p++) begin : g_rd
    logic [AddrBits-1:0] ra;
    assign ra = raddr_q[p*AddrBits +: AddrBits];
    assign rdata_o[p*Width +: Width] = (32'(ra) < Depth) ? mem_q[ra] : '0;
  end
endmodule
