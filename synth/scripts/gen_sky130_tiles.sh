#!/usr/bin/env bash
# gen_sky130_tiles.sh -- the memory shapes of a design built from the OpenRAM SKY130 SRAM macros
# (synth/pdk/sky130/sram).  Called by synth_top.sh with --lib sky130 and the shapes the design
# instantiates (scord_sram_macro, renamed per shape to scord_sram_macro_<Depth>x<Width>[m<C>]).
#
# Usage: gen_sky130_tiles.sh OUT.v OUT_table.txt OUT_mcp.tcl MACRO.lib... -- DxW[mC][:AddrBits] ...
#   For each shape a Verilog module scord_sram_macro_<shape> with the 1r1w ports of
#   synth/macro/scord_sram_macro.sv (clk_i, re_i, raddr_i, rdata_o, we_i, waddr_i, wdata_i):
#   - Depth x Width < SCORD_SKY130_MACRO_MIN_BITS (default 4096, half the smallest macro): a
#     flip-flop array (address registered, as rtl_model/scord_sram_flops), because the smallest macro (1 KB, about
#     0.19 mm2) is larger than ~4,800 bits of flops with their read mux;
#   - otherwise macros of the one type, among the MACRO.lib given, that needs the least area:
#     width by concatenation (ceil(Width / word) macros side by side), depth by banking (ceil(
#     Depth / words) rows, the row chosen by chip selects, the read data by a mux on the row
#     registered with the read).  Each 1rw1r macro: port 0 writes (csb0, web0 low, wmask all
#     ones), port 1 reads (csb1).  The macros are instances of the Liberty cells themselves
#     (u_sram_m<C>_r<row>_c<col>), so stat counts their Liberty area and OpenSTA times their
#     arcs (read data launched at the falling clock edge, as characterised).
#   OUT_table.txt: one line per shape: cell depth width kind macro count area_um2 min_period_ns
#   read_cycles (kind flops or macro; the flops' area is counted by stat, not here).
#   OUT_mcp.tcl: multicycle constraints for shapes read over C > 1 cycles (as gen_sram_lib.sh).
set -eu
out_v=$1 table=$2 mcp=$3; shift 3
libs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do libs+=("$1"); shift; done
[ $# -gt 0 ] && shift
minbits=${SCORD_SKY130_MACRO_MIN_BITS:-4096}

# The macro types: name, word width, words, address bits, wmask bits, area, minimum period,
# all read from their Liberty.
types=$(for l in "${libs[@]}"; do
  awk '/^ *cell *\(/ { c = $0; sub(/.*\( */, "", c); sub(/ *\).*/, "", c) }
       /^ *area *:/ && c != "" && a == "" { a = $3; sub(/;/, "", a) }
       /^ *address_width *:/ { ab = $3; sub(/;/, "", ab) }
       /^ *word_width *:/ { ww = $3; sub(/;/, "", ww) }
       /pin\(wmask0\[/ { m = $0; sub(/.*\[/, "", m); sub(/:.*/, "", m); wm = m + 1 }
       /minimum_period/ { mp = 1 } mp && /values/ { v = $0; gsub(/[^0-9.]/, "", v); per = v; mp = 0 }
       END { printf "%s %d %d %d %d %s %s\n", c, ww, 2 ^ ab, ab, wm, a, per }' "$l"
done)
[ -n "$types" ] || { echo "gen_sky130_tiles.sh: no macro Liberty given" >&2; exit 2; }

: > "$out_v"; : > "$table"; : > "$mcp"
for s in "$@"; do
  dwc=${s%%:*}; dw=${dwc%m*}; d=${dw%x*}; w=${dw#*x}
  rc=1; [ "$dwc" != "$dw" ] && rc=${dwc##*m}
  ab=${s#*:}; [ "$ab" = "$s" ] && ab=$(awk -v d="$d" 'BEGIN { b = 1; while ((2 ^ b) < d) b++; print b }')
  cell=scord_sram_macro_${dwc}
  hdr="module $cell (clk_i, re_i, raddr_i, rdata_o, we_i, waddr_i, wdata_i);
  input clk_i, re_i, we_i;
  input [$((ab - 1)):0] raddr_i, waddr_i;
  output [$((w - 1)):0] rdata_o;
  input [$((w - 1)):0] wdata_i;"
  if [ $((d * w)) -lt "$minbits" ]; then
    cat >> "$out_v" <<V
// $d x $w = $((d * w)) bits, below $minbits: flip-flops.
$hdr
  reg [$((w - 1)):0] mem [0:$((d - 1))];
  reg [$((ab - 1)):0] ra_q;
  always @(posedge clk_i) begin
    if (we_i) mem[waddr_i] <= wdata_i;
    if (re_i) ra_q <= raddr_i;
  end
  assign rdata_o = mem[ra_q];
endmodule
V
    echo "$cell $d $w flops - 0 0 0 $rc" >> "$table"
    continue
  fi
  # The macro type with the least total area for this shape.
  read -r mname mw md mab mwm marea mper rows cols <<< "$(echo "$types" | awk -v d="$d" -v w="$w" '
    { r = int((d + $3 - 1) / $3); c = int((w + $2 - 1) / $2); a = r * c * $6
      if (best == "" || a < besta) { besta = a; best = $0 " " r " " c } }
    END { print best }')"
  rbits=$(awk -v r="$rows" 'BEGIN { b = 0; while ((2 ^ b) < r) b++; print b }')
  {
    echo "// $d x $w = $((d * w)) bits: $rows x $cols $mname ($mw x $md)."
    echo "$hdr"
    echo "  wire [$((cols * mw - 1)):0] wd = $( [ $((cols * mw)) -gt "$w" ] && echo "{$((cols * mw - w))'b0, wdata_i}" || echo wdata_i );"
    # Word address inside a macro (zero-extended when the shape is shallower than the macro).
    if [ "$ab" -ge "$mab" ]; then
      echo "  wire [$((mab - 1)):0] wa = waddr_i[$((mab - 1)):0], ra = raddr_i[$((mab - 1)):0];"
    else
      echo "  wire [$((mab - 1)):0] wa = {$((mab - ab))'b0, waddr_i}, ra = {$((mab - ab))'b0, raddr_i};"
    fi
    for ((r = 0; r < rows; r++)); do
      if [ "$rows" -gt 1 ]; then
        sel_w="(waddr_i[$((ab - 1)):$mab] == $rbits'd$r)"; sel_r="(raddr_i[$((ab - 1)):$mab] == $rbits'd$r)"
      else
        sel_w=1\'b1; sel_r=1\'b1
      fi
      echo "  wire [$((cols * mw - 1)):0] rd$r;"
      for ((c = 0; c < cols; c++)); do
        echo "  $mname u_sram_m${rc}_r${r}_c${c} (.clk0(clk_i), .csb0(~(we_i & $sel_w)), .web0(1'b0), .wmask0({$mwm{1'b1}}), .addr0(wa), .din0(wd[$((c * mw + mw - 1)):$((c * mw))]), .dout0(),"
        echo "    .clk1(clk_i), .csb1(~(re_i & $sel_r)), .addr1(ra), .dout1(rd$r[$((c * mw + mw - 1)):$((c * mw))]));"
      done
    done
    if [ "$rows" -gt 1 ]; then
      echo "  reg [$((rbits - 1)):0] row_q;"
      echo "  always @(posedge clk_i) if (re_i) row_q <= raddr_i[$((ab - 1)):$mab];"
      echo "  reg [$((w - 1)):0] rmux;"
      echo "  always @* begin"
      echo "    case (row_q)"
      for ((r = 0; r < rows; r++)); do echo "      $rbits'd$r: rmux = rd$r[$((w - 1)):0];"; done
      echo "      default: rmux = {$w{1'bx}};"
      echo "    endcase"
      echo "  end"
      echo "  assign rdata_o = rmux;"
    else
      echo "  assign rdata_o = rd0[$((w - 1)):0];"
    fi
    echo "endmodule"
  } >> "$out_v"
  echo "$cell $d $w macro $mname $((rows * cols)) $(awk -v a="$marea" -v n=$((rows * cols)) 'BEGIN { printf "%.1f", a * n }') $mper $rc" >> "$table"
  if [ "$rc" -gt 1 ] && ! grep -q "u_sram_m${rc}_r" "$mcp"; then
    cat >> "$mcp" <<MCP
foreach c [get_cells -quiet -filter "ref_name =~ sky130_sram*" *] {
  if {![string match "*u_sram_m${rc}_r*" [get_full_name \$c]]} continue
  set_multicycle_path -setup $rc -from \$c
  set_multicycle_path -hold $((rc - 1)) -from \$c
  lappend scord_mc [list \$c $rc]
}
MCP
  fi
done
