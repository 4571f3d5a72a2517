(* blackbox *)
module scord_sram_macro_32x1024m6 (
  input              clk_i,
  input              re_i,
  input  [4:0]  raddr_i,
  output [1023:0] rdata_o,
  input              we_i,
  input  [4:0]  waddr_i,
  input  [1023:0] wdata_i
);
endmodule
(* blackbox *)
module scord_sram_macro_32x273m6 (
  input              clk_i,
  input              re_i,
  input  [4:0]  raddr_i,
  output [272:0] rdata_o,
  input              we_i,
  input  [4:0]  waddr_i,
  input  [272:0] wdata_i
);
endmodule
