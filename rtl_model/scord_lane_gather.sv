// scord_lane_gather.sv -- one per SM, between its scord_sm_tracker and the interconnect: packs
// the tracker's access packets, one lane each, into the line-rate detector's packet of one warp
// instruction (up to Lanes lanes, docs/rtl.md "scord_top").  A fence packet passes alone.
//
// Why the order is kept: the tracker gives an instruction's lanes in lane order with the same
// header (block, barrier, bloom, kind and pc are fixed per instruction, detector.md section 3),
// and pkt_last marks its last lane, so the gathered packet holds exactly one instruction's
// lanes at slots 0..n-1 in that order; the detector applies them in slot order (its contract),
// which is the order the tracker gave them.
//
// Timing: one lane per cycle in; the assembled packet is held in out_* until taken, and no
// lane is accepted meanwhile (in_ready_o is a flop-derived !out_valid_q: no combinational
// path from the interconnect's ready to the tracker).
module scord_lane_gather #(
  parameter int HdrW     = 8,    // header bits (everything but the type and the lane address)
  parameter int AddrBits = 48,
  parameter int Lanes    = scord_pkg::Lanes
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // The tracker's packets: one lane of an access, or a fence.
  input  logic                      in_valid_i,
  output logic                      in_ready_o,
  input  logic [1:0]                in_type_i,
  input  logic [HdrW-1:0]           in_hdr_i,
  input  logic [AddrBits-1:0]       in_addr_i,
  input  logic                      in_last_i,
  // One instruction's packet.
  output logic                      out_valid_o,
  input  logic                      out_ready_i,
  output logic [1:0]                out_type_o,
  output logic [HdrW-1:0]           out_hdr_o,
  output logic [Lanes-1:0]          out_lane_valid_o,
  output logic [Lanes*AddrBits-1:0] out_addr_o
);
  localparam int CntBits = $clog2(Lanes + 1);

  logic                      out_valid_d, out_valid_q;
  logic [1:0]                type_q;
  logic [HdrW-1:0]           hdr_q;
  logic [Lanes-1:0]          mask_d, mask_q;
  logic [Lanes*AddrBits-1:0] addr_q;
  logic [CntBits-1:0]        cnt_d, cnt_q;
  logic                      in_fire, is_access;

  assign in_ready_o = !out_valid_q;
  assign in_fire    = in_valid_i && in_ready_o;
  assign is_access  = (in_type_i == scord_pkg::PktAccess);

  always_comb begin
    out_valid_d = out_valid_q && !out_ready_i;
    mask_d      = (out_valid_q && out_ready_i) ? '0 : mask_q;
    cnt_d       = cnt_q;
    if (in_fire) begin
      if (is_access) mask_d[cnt_q[$clog2(Lanes)-1:0]] = 1'b1;
      if (in_last_i || !is_access) begin
        out_valid_d = 1'b1;
        cnt_d       = '0;
      end else begin
        cnt_d = cnt_q + CntBits'(1);
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      out_valid_q <= 1'b0;
      mask_q      <= '0;
      cnt_q       <= '0;
    end else begin
      out_valid_q <= out_valid_d;
      mask_q      <= mask_d;
      cnt_q       <= cnt_d;
    end
  end
  // Payload: no reset, read only under out_valid_q / mask_q.  The header is the first lane's.
  always_ff @(posedge clk_i) begin
    if (in_fire) begin
      if (cnt_q == '0) begin
        type_q <= in_type_i;
        hdr_q  <= in_hdr_i;
      end
      if (is_access) addr_q[cnt_q[$clog2(Lanes)-1:0]*AddrBits +: AddrBits] <= in_addr_i;
    end
  end

  assign out_valid_o      = out_valid_q;
  assign out_type_o       = type_q;
  assign out_hdr_o        = hdr_q;
  assign out_lane_valid_o = mask_q;
  assign out_addr_o       = addr_q;

`ifndef SYNTHESIS
  // An instruction has at most Lanes lanes: a further lane would overwrite slot 0.
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && in_fire && is_access && !in_last_i && (32'(cnt_q) == Lanes - 1))
      $fatal(1, "scord_lane_gather: an instruction of more than %0d lanes", Lanes);
  end
`endif
endmodule
