// tb_scord_race_fifo.sv -- unit test of scord_race_fifo (records in a memory behind a two-entry
// output queue) against a naive FIFO of Entries records: every cycle a random push (bursts and
// quiet phases) and a random pop-ready (long stalls included, so the buffer fills and
// overflows); every cycle the pop side (valid, data), the occupancy and the overflow counter
// are compared with the model, which has the old flop FIFO's exact timing (full judged on the
// occupancy at the start of the cycle; a record pushed in cycle t can pop from t+1).
// Run by rtl_model/tests/run_unit_tb.sh race_fifo (CTest rtl/race_fifo_unit_*).
module tb_scord_race_fifo;
  parameter int Entries = 5;
  parameter int Width   = 16;
  parameter int Impl    = 0;
  parameter int Cycles  = 20000;
  parameter int Seed    = 1;
  localparam int CntBits = $clog2(Entries + 1);

  logic clk = 1'b0, rst_n = 1'b0;
  logic push, pop_valid, pop_ready;
  logic [Width-1:0] push_data, pop_data;
  logic [63:0] overflow;
  logic [CntBits-1:0] count;

  scord_race_fifo #(
    .Width  (Width),
    .Entries(Entries),
    .Impl   (Impl)
  ) dut (
    .clk_i      (clk),
    .rst_ni     (rst_n),
    .push_i     (push),
    .push_data_i(push_data),
    .pop_valid_o(pop_valid),
    .pop_ready_i(pop_ready),
    .pop_data_o (pop_data),
    .overflow_o (overflow),
    .count_o    (count)
  );

  always #5 clk = ~clk;

  int q [Entries];
  int head = 0, n = 0, ovf = 0;
  int seed = Seed;
  int errors = 0, pops = 0, pushes = 0, full_cycles = 0, next_val = 1;
  int push_pct, ready_pct;

  initial begin
    int r;
    {push, pop_ready, push_data} = '0;
    push_pct = 50;
    ready_pct = 50;
    repeat (3) @(posedge clk);
    #1 rst_n = 1'b1;
    for (int cyc = 0; cyc < Cycles; cyc++) begin
      @(negedge clk);
      // Compare the registered outputs with the model's state at the start of this cycle.
      if ((pop_valid !== (n != 0)) || (count !== CntBits'(n)) || (overflow !== 64'(ovf)) ||
          ((n != 0) && (pop_data !== Width'(q[head])))) begin
        errors++;
        if (errors <= 10)
          $display("FAIL cycle %0d: valid %0b data %0h count %0d overflow %0d, want valid %0b data %0h count %0d overflow %0d",
                   cyc, pop_valid, pop_data, count, overflow, n != 0, (n != 0) ? q[head] : 0, n, ovf);
      end
      if (n == Entries) full_cycles++;
      // Phases: change the push and ready rates now and then (stalls, bursts, drains).
      r = $random(seed) & 32'h7fffffff;
      if (r % 64 == 0) begin
        push_pct  = ($random(seed) & 32'h7fffffff) % 101;
        ready_pct = ($random(seed) & 32'h7fffffff) % 101;
      end
      push = (($random(seed) & 32'h7fffffff) % 100) < push_pct;
      pop_ready = (($random(seed) & 32'h7fffffff) % 100) < ready_pct;
      push_data = Width'(next_val);
      // The model: full on the occupancy at the start of the cycle, then the pop.
      if (push) begin
        if (n < Entries) begin
          q[(head + n) % Entries] = next_val;
          pushes++;
          next_val++;
          n++;
          if (pop_ready && n > 1) begin
            head = (head + 1) % Entries;
            n--;
            pops++;
          end
        end else begin
          ovf++;
          if (pop_ready) begin
            head = (head + 1) % Entries;
            n--;
            pops++;
          end
        end
      end else if (pop_ready && n != 0) begin
        head = (head + 1) % Entries;
        n--;
        pops++;
      end
    end
    @(negedge clk);
    if (errors == 0 && pops > Cycles / 10 && ovf > 0 && full_cycles > 0)
      $display("PASS tb_scord_race_fifo Entries=%0d Impl=%0d: %0d cycles, %0d pushes, %0d pops, %0d overflows, %0d full cycles",
               Entries, Impl, Cycles, pushes, pops, ovf, full_cycles);
    else
      $display("FAIL tb_scord_race_fifo Entries=%0d Impl=%0d: %0d wrong cycles, %0d pops, %0d overflows, %0d full cycles",
               Entries, Impl, errors, pops, ovf, full_cycles);
    $finish;
  end
endmodule
