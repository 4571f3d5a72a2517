# fanout_buf.awk -- buffer trees on the high-fanout nets of a flat gate-level netlist, as a
# physical flow's repair step would: ABC buffers only inside the module it maps, so a register
# whose output crosses into other modules (a kernel clear, a write address into a memory
# array) can reach hundreds of pins unbuffered.  Every net with more than F input-pin loads
# gets a tree of BUF cells, F loads per buffer, as many levels as needed; the clock (CLK) is
# left to clock-tree synthesis.
#
# Usage: awk -v F=16 -v BUF=sky130_fd_sc_hd__buf_4 -v BI=A -v BO=X -v CLK=clk_i -v RST=rst_ni -v STATS=FILE \
#            -f fanout_buf.awk CELLS.lib [MACRO.lib ...] netlist.v > buffered.v
# The Liberty files give each cell pin's direction; netlist.v is Yosys write_verilog -noattr
# output (one pin per line, buses as { a , b } lists).  STATS gets key=value lines: buffers,
# nets buffered, the largest fanout before (also without the reset net RST) and after.
function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
function isnet(e) { return e != "" && e !~ /^[0-9]+'/ }
function emit(e) { return (e ~ /^\\/) ? e " " : e }
# Liberty: cell -> pin -> direction.
FILENAME ~ /\.lib$/ {
  if ($0 ~ /^ *cell *\(/) { c = $0; sub(/.*\( *"?/, "", c); sub(/"? *\).*/, "", c); iscell[c] = 1 }
  else if ($0 ~ /^ *(pin|bus) *\(/) { p = $0; sub(/.*\( *"?/, "", p); sub(/"? *\).*/, "", p); sub(/\[.*/, "", p) }
  else if ($0 ~ /direction *:/) { d = $0; sub(/.*: *"?/, "", d); sub(/"?;.*/, "", d); dir[c SUBSEP p] = d }
  next
}
{
  L[++n] = $0
  if ($0 ~ /^  [^ ]+ [^ ].* \($/) { split($0, w, " "); cur = w[1]; if (!first_inst && (cur in iscell)) first_inst = n; next }
  if ($0 ~ /^    \.[A-Za-z0-9_]+\(.*\),?$/ && cur != "") {
    pin = $0; sub(/^    \./, "", pin); sub(/\(.*/, "", pin)
    if (dir[cur SUBSEP pin] != "input") next
    body = $0; sub(/^    \.[A-Za-z0-9_]+\(/, "", body); sub(/\),?$/, "", body)
    if (body ~ /^\{/) { sub(/^\{ */, "", body); sub(/ *\}$/, "", body); k = split(body, el, ",") }
    else { k = 1; el[1] = body }
    for (j = 1; j <= k; j++) {
      e = trim(el[j])
      if (!isnet(e)) continue
      m = ++cnt[e]; ll[e, m] = n; lp[e, m] = j
    }
  }
  if ($0 ~ /^  \);$/) cur = ""
}
END {
  nb = 0; nn = 0; before = 0; after = 0
  for (e in cnt) {
    if (e == CLK) continue
    if (cnt[e] > before) { before = cnt[e]; bnet = e }
    if (e != RST && cnt[e] > before2) { before2 = cnt[e]; bnet2 = e }
    if (cnt[e] <= F) continue
    nn++
    # Current loads of e: kind "p" (a pin slot: line, element) or "b" (a buffer's input).
    c = cnt[e]
    for (m = 1; m <= c; m++) { lk[m] = "p"; la[m] = ll[e, m]; lb[m] = lp[e, m] }
    while (c > F) {
      g = int((c + F - 1) / F)
      for (q = 0; q < g; q++) {
        b = ++nb; bout[b] = "scord_fo_" b; bin[b] = e
        for (m = q * F + 1; m <= c && m <= (q + 1) * F; m++) {
          if (lk[m] == "p") { rep[la[m], lb[m]] = bout[b]; repline[la[m]] = 1 }
          else bin[la[m]] = bout[b]
        }
        nk[q + 1] = "b"; na[q + 1] = b
      }
      c = g
      for (m = 1; m <= c; m++) { lk[m] = nk[m]; la[m] = na[m] }
    }
  }
  # After: every buffered net has at most F loads, the others keep theirs.
  for (e in cnt) if (e != CLK && cnt[e] <= F && cnt[e] > after) after = cnt[e]
  if (nn > 0 && F > after) after = F
  for (i = 1; i <= n; i++) {
    if (i == first_inst) for (b = 1; b <= nb; b++) print "  wire " bout[b] ";"
    s = L[i]
    if (s ~ /^    \.[A-Za-z0-9_]+\(.*\),?$/ && (i in repline)) {
      pre = s; sub(/\(.*/, "(", pre)
      tail = (s ~ /,$/) ? ")," : ")"
      body = s; sub(/^    \.[A-Za-z0-9_]+\(/, "", body); sub(/\),?$/, "", body)
      if (body ~ /^\{/) {
        sub(/^\{ */, "", body); sub(/ *\}$/, "", body); k = split(body, el, ",")
        out = ""
        for (j = 1; j <= k; j++) { e = trim(el[j]); if ((i, j) in rep) e = rep[i, j]; out = out (j > 1 ? ", " : "") emit(e) }
        s = pre "{ " out " }" tail
      } else {
        s = pre emit(rep[i, 1]) tail
      }
    }
    if (s ~ /^endmodule/) for (b = 1; b <= nb; b++) printf "  %s scord_fo_buf_%d (\n    .%s(%s),\n    .%s(%s)\n  );\n", BUF, b, BI, emit(bin[b]), BO, bout[b]
    print s
  }
  if (STATS != "") printf "fanout_limit=%d\nfanout_buffers=%d\nfanout_nets_buffered=%d\nfanout_max_before=%d (%s)\nfanout_max_before_not_reset=%d (%s)\nfanout_max_after=%d\n", F, nb, nn, before, bnet, before2, bnet2, after > STATS
}
