// tb_scord_counter.sv -- unit test of scord_counter against a naive `q + inc` counter: random
// increments (bursts, quiet phases) over enough cycles that every chunk's carry flag is used and
// the counter wraps; the value is compared every cycle.  Small chunks make the wrap reachable.
// Run by rtl_model/tests/run_unit_tb.sh counter (CTest rtl/counter_unit_*).
module tb_scord_counter;
  parameter int Width  = 12;
  parameter int ChunkW = 3;
  parameter int Cycles = 30000;
  parameter int Seed   = 1;

  logic clk = 1'b0, rst_n = 1'b0, inc;
  logic [Width-1:0] q, want;
  int bad = 0, incs = 0, wraps = 0, seed = Seed;

  scord_counter #(
    .Width (Width),
    .ChunkW(ChunkW)
  ) dut (
    .clk_i (clk),
    .rst_ni(rst_n),
    .inc_i (inc),
    .q_o   (q)
  );

  always #5 clk = ~clk;
  initial begin
    inc  = 1'b0;
    want = '0;
    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    for (int c = 0; c < Cycles; c++) begin
      @(negedge clk);
      if (q !== want) begin
        bad++;
        if (bad < 5) $display("FAIL cycle %0d: q %0h, want %0h", c, q, want);
      end
      // Mostly increments (to wrap), with quiet stretches.
      inc = (($urandom(seed) % 16) < ((c / 1000) % 2 == 0 ? 15 : 4));
      seed = seed + 1;
      if (inc) begin
        incs++;
        if (want == '1) wraps++;
        want = want + 1'b1;
      end
    end
    if (bad == 0 && wraps > 0)
      $display("PASS tb_scord_counter Width=%0d ChunkW=%0d: %0d cycles, %0d increments, %0d wraps",
               Width, ChunkW, Cycles, incs, wraps);
    else
      $display("FAIL tb_scord_counter Width=%0d ChunkW=%0d: %0d wrong cycles, %0d wraps", Width, ChunkW,
               bad, wraps);
    $finish;
  end
endmodule
