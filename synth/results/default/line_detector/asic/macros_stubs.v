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
module scord_sram_macro_32x264m6 (
  input              clk_i,
  input              re_i,
  input  [4:0]  raddr_i,
  output [263:0] rdata_o,
  input              we_i,
  input  [4:0]  waddr_i,
  input  [263:0] wdata_i
);
endmodule
