// tb_scord_fence_file.sv -- unit test of scord_fence_file (counters in memory, valid bits,
// read-modify-write increments with forwarding) against a naive model: every cycle random
// reads on both ports, an increment (often of a hot warp, so increments and reads of one warp
// come 1, 2, 3 cycles apart), now and then a clear or an increment with a clear; every read
// is checked in the cycle after its address is registered, with 4-state compares (a word the
// valid bits or the forwarding should have hidden shows up as X or as a stale value).
// Out-of-range SMs and warps are drawn too (they read 0, increment nothing).
// Run by rtl_model/tests/run_unit_tb.sh fence_file (CTest rtl/fence_file_unit_*).
module tb_scord_fence_file;
  parameter int NumSms      = 3;
  parameter int WarpsPerSm  = 5;
  parameter int FenceIdBits = 3;
  parameter int IncAtRd0    = 0;
  parameter int ReadFirst   = 0;
  parameter int SramImpl    = 0;
  parameter int Cycles      = 20000;
  parameter int Seed        = 1;
  localparam int SmBits   = scord_pkg::idx_bits(NumSms);
  localparam int WarpBits = scord_pkg::idx_bits(WarpsPerSm);
  localparam int N        = NumSms * WarpsPerSm;
  localparam int Mask     = (1 << FenceIdBits) - 1;

  logic clk = 1'b0, rst_n = 1'b0;
  logic [SmBits-1:0]      rd0_sm, rd1_sm, inc_sm;
  logic [WarpBits-1:0]    rd0_warp, rd1_warp, inc_warp;
  logic [FenceIdBits-1:0] rd0_blk, rd0_dev, rd1_blk, rd1_dev;
  logic                   inc_valid, inc_dev, clear;

  scord_fence_file #(
    .NumSms     (NumSms),
    .WarpsPerSm (WarpsPerSm),
    .FenceIdBits(FenceIdBits),
    .SmBits     (SmBits),
    .WarpBits   (WarpBits),
    .IncAtRd0   (IncAtRd0),
    .ReadFirst  (ReadFirst),
    .SramImpl   (SramImpl)
  ) dut (
    .clk_i      (clk),
    .rst_ni     (rst_n),
    .rd0_sm_i   (rd0_sm),
    .rd0_warp_i (rd0_warp),
    .rd0_blk_o  (rd0_blk),
    .rd0_dev_o  (rd0_dev),
    .rd1_sm_i   (rd1_sm),
    .rd1_warp_i (rd1_warp),
    .rd1_blk_o  (rd1_blk),
    .rd1_dev_o  (rd1_dev),
    .inc_valid_i(inc_valid),
    .inc_sm_i   (inc_sm),
    .inc_warp_i (inc_warp),
    .inc_dev_i  (inc_dev),
    .clear_i    (clear)
  );

  always #5 clk = ~clk;

  int blk [N];
  int dev [N];
  int seed = Seed;
  int errors = 0, checks = 0, incs = 0, clears = 0, nonzero = 0;
  int e0b, e0d, e1b, e1d;  // expectations for the reads registered at the coming edge
  logic have_exp;
  int hot_sm, hot_warp;

  function automatic int idx(input int sm, input int warp);
    idx = (sm < NumSms && warp < WarpsPerSm) ? sm * WarpsPerSm + warp : -1;
  endfunction
  // A random SM / warp index over the whole port width (out-of-range ones included), or
  // the hot warp.
  function automatic int pick_sm(input int r, input int hot);
    pick_sm = (r % 4 != 0) ? hot : ((r >> 4) % (1 << SmBits));
  endfunction
  function automatic int pick_warp(input int r, input int hot);
    pick_warp = (r % 4 != 0) ? hot : ((r >> 4) % (1 << WarpBits));
  endfunction

  initial begin
    int r, i, k;
    for (i = 0; i < N; i++) begin
      blk[i] = 0;
      dev[i] = 0;
    end
    {rd0_sm, rd0_warp, rd1_sm, rd1_warp, inc_sm, inc_warp} = '0;
    {inc_valid, inc_dev, clear} = '0;
    have_exp = 1'b0;
    hot_sm = 0;
    hot_warp = 0;
    repeat (4) @(posedge clk);
    #1 rst_n = 1'b1;
    for (int cyc = 0; cyc < Cycles; cyc++) begin
      @(negedge clk);
      if (have_exp) begin
        checks++;
        if ((rd0_blk !== e0b[FenceIdBits-1:0]) || (rd0_dev !== e0d[FenceIdBits-1:0]) ||
            (rd1_blk !== e1b[FenceIdBits-1:0]) || (rd1_dev !== e1d[FenceIdBits-1:0])) begin
          errors++;
          if (errors <= 10)
            $display("FAIL cycle %0d: port0 %0d/%0d want %0d/%0d, port1 %0d/%0d want %0d/%0d",
                     cyc, rd0_blk, rd0_dev, e0b, e0d, rd1_blk, rd1_dev, e1b, e1d);
        end
        if (e0b != 0 || e0d != 0) nonzero++;
      end
      // New hot warp now and then (in range mostly).
      r = $random(seed);
      if (r % 16 == 0) begin
        hot_sm = ($random(seed) & 32'h7fffffff) % NumSms;
        hot_warp = ($random(seed) & 32'h7fffffff) % WarpsPerSm;
      end
      r = $random(seed) & 32'h7fffffff;
      inc_valid = (r % 100) < 45;
      inc_dev = r[8];
      inc_sm = SmBits'(pick_sm($random(seed) & 32'h7fffffff, hot_sm));
      inc_warp = WarpBits'(pick_warp($random(seed) & 32'h7fffffff, hot_warp));
      r = $random(seed) & 32'h7fffffff;
      clear = (r % 100) < 2;
      rd0_sm = SmBits'(pick_sm($random(seed) & 32'h7fffffff, hot_sm));
      rd0_warp = WarpBits'(pick_warp($random(seed) & 32'h7fffffff, hot_warp));
      rd1_sm = SmBits'(pick_sm($random(seed) & 32'h7fffffff, hot_sm));
      rd1_warp = WarpBits'(pick_warp($random(seed) & 32'h7fffffff, hot_warp));
      if (IncAtRd0 != 0 && inc_valid) begin
        rd0_sm = inc_sm;
        rd0_warp = inc_warp;
      end
      // The model: this cycle's command, then the reads registered at the coming edge (with
      // ReadFirst the reads come before this cycle's increment; a clear is always first).
      if (ReadFirst != 0) begin
        k = idx(rd0_sm, rd0_warp);
        e0b = (k >= 0 && !clear) ? blk[k] : 0;
        e0d = (k >= 0 && !clear) ? dev[k] : 0;
        k = idx(rd1_sm, rd1_warp);
        e1b = (k >= 0 && !clear) ? blk[k] : 0;
        e1d = (k >= 0 && !clear) ? dev[k] : 0;
      end
      if (clear) begin
        clears++;
        for (i = 0; i < N; i++) begin
          blk[i] = 0;
          dev[i] = 0;
        end
      end else if (inc_valid) begin
        k = idx(inc_sm, inc_warp);
        if (k >= 0) begin
          incs++;
          if (inc_dev) dev[k] = (dev[k] + 1) & Mask;
          else         blk[k] = (blk[k] + 1) & Mask;
        end
      end
      if (ReadFirst == 0) begin
        k = idx(rd0_sm, rd0_warp);
        e0b = (k >= 0) ? blk[k] : 0;
        e0d = (k >= 0) ? dev[k] : 0;
        k = idx(rd1_sm, rd1_warp);
        e1b = (k >= 0) ? blk[k] : 0;
        e1d = (k >= 0) ? dev[k] : 0;
      end
      have_exp = 1'b1;
    end
    @(negedge clk);
    if (errors == 0 && nonzero > Cycles / 10)
      $display("PASS tb_scord_fence_file IncAtRd0=%0d ReadFirst=%0d SramImpl=%0d: %0d reads checked (%0d non-zero), %0d increments, %0d clears",
               IncAtRd0, ReadFirst, SramImpl, 2 * checks, nonzero, incs, clears);
    else
      $display("FAIL tb_scord_fence_file IncAtRd0=%0d ReadFirst=%0d SramImpl=%0d: %0d of %0d cycles wrong, %0d non-zero reads",
               IncAtRd0, ReadFirst, SramImpl, errors, checks, nonzero);
    $finish;
  end
endmodule
