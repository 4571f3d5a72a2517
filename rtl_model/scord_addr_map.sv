// scord_addr_map.sv -- address -> metadata mapping (detector.md section 4), purely
// combinational.  The checked word is addr rounded down to 4; inside the heap window
// word = (addr - HeapBase) / Granule, index = word mod N, tag = word / N with
// N = HeapBytes / Granule / MdRatio.  Accesses outside the window are not checked.
// Granule and MdRatio are powers of two (HeapBytes is, and N must be), so / and mod
// are shifts and masks.
module scord_addr_map #(
  parameter int          AddrBits  = scord_pkg::AddrBits,
  parameter int          Granule   = scord_pkg::Granule,
  parameter int          MdRatio   = scord_pkg::MdRatio,
  parameter int          TagBits   = scord_pkg::TagBits,
  parameter logic [63:0] HeapBase  = scord_pkg::HeapBase,
  parameter logic [63:0] HeapBytes = scord_pkg::HeapBytes,
  parameter int          IndexBits = $clog2(HeapBytes) - $clog2(Granule) - $clog2(MdRatio)
) (
  input  logic [AddrBits-1:0]  addr_i,
  output logic                 inside_o,  // inside [HeapBase, HeapBase+HeapBytes)
  output logic [AddrBits-1:0]  word_o,    // addr & ~3 (the reported data address)
  output logic [63:0]          index_o,   // metadata index (address MdBase + 8*index)
  output logic [TagBits-1:0]   tag_o
);
  localparam int GranShift = $clog2(Granule);

  logic [63:0] addr64, off, word, tag64;

  always_comb begin
    addr64 = '0;
    addr64[AddrBits-1:0] = addr_i;
    off  = addr64 - HeapBase;
    word = off >> GranShift;
    tag64 = word >> IndexBits;
    index_o = '0;
    index_o[IndexBits-1:0] = word[IndexBits-1:0];
  end

  assign inside_o = (addr64 >= HeapBase) && (addr64 < (HeapBase + HeapBytes));
  assign word_o   = {addr_i[AddrBits-1:2], 2'b00};
  assign tag_o    = tag64[TagBits-1:0];

  logic unused_bits;
  assign unused_bits = ^{tag64, word, addr_i[1:0]};
endmodule
