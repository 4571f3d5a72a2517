// scord_counter.sv -- a wide event counter (32 or 64 bits) that meets a short clock: the race
// ring's record numbers, tail and overflow count.  A plain `q + inc` of 32 bits was mapped to a
// ripple of 4-5 ns in OSU 0.18 um (64 bits: 7 ns behind the ring's drop decision).
// Workload: at most one increment per cycle; the value is exact every cycle (no lag).
//
// How: q + 1 is formed from registers only, chunk by chunk (ChunkW bits each), with a
// registered flag per chunk that says whether every bit below it is one (so the chunk
// increments); the flags of q + 1 follow from its chunks.  inc_i then only selects between q
// and q + 1 (a mux), so a late increment (a decision) does not wait for any carry.
module scord_counter #(
  parameter int Width  = 32,
  parameter int ChunkW = 8,            // Width is a multiple of ChunkW
  localparam int NC    = Width / ChunkW
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             inc_i,
  output logic [Width-1:0] q_o
);
  if (Width % ChunkW != 0) begin : g_width_check
    scord_error_counter_width_not_a_multiple_of_chunk u_check ();
  end

  logic [Width-1:0] q_d, q_q, nxt;
  logic [NC-1:0]    low_d, low_q, low_nxt;   // chunk j: every bit of q below chunk j is one

  always_comb begin
    for (int j = 0; j < NC; j++)
      nxt[j*ChunkW +: ChunkW] = q_q[j*ChunkW +: ChunkW] + ChunkW'(low_q[j]);
    for (int j = 0; j < NC; j++) begin
      low_nxt[j] = 1'b1;
      for (int k = 0; k < NC; k++) if (k < j) low_nxt[j] = low_nxt[j] && (&nxt[k*ChunkW +: ChunkW]);
    end
    q_d   = inc_i ? nxt : q_q;
    low_d = inc_i ? low_nxt : low_q;
  end

  assign q_o = q_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      q_q   <= '0;
      low_q <= NC'(1);
    end else begin
      q_q   <= q_d;
      low_q <= low_d;
    end
  end

  // The flags describe the value they sit beside, and the value moves by exactly inc_i.
  for (genvar j = 1; j < NC; j++) begin : g_chk
    localparam logic [Width-1:0] Below = (Width'(1) << (j * ChunkW)) - Width'(1);
    `SCORD_ASSERT(CounterCarryFlag, low_q[j] == ((q_q & Below) == Below), clk_i, !rst_ni)
  end
  `SCORD_ASSERT(CounterLowFlag, low_q[0], clk_i, !rst_ni)
  `SCORD_ASSERT(CounterStep, !$past(rst_ni) || q_q == $past(q_q) + Width'($past(inc_i)),
                clk_i, !rst_ni)
endmodule
