#!/usr/bin/env bash
# synth_top.sh -- synthesise ONE top module of the scord RTL for ONE parameter set and write
# its reports into a directory. Called by synth/run.sh.
#
#   ASIC: Yosys 0.23 maps to the standard cells of --lib (dfflibmap + abc -liberty), `stat
#         -liberty` per module with the hierarchy kept, then OpenSTA on the flattened netlist:
#         sky130 (default): SkyWater sky130_fd_sc_hd cells and the OpenRAM SKY130 SRAM macros
#           (synth/pdk/sky130, decompressed into DIR/asic/tech), typical corner, plus a slow
#           corner (SS macro ratio, cell derate; docs/synth.md "Corners");
#         osu018: the OSU 0.18 um cells and the modelled macros of gen_sram_lib.sh.
#   FPGA: Yosys synth_ice40 on a wrapper that feeds the core's inputs from a shift register and
#         folds its outputs with XOR (an HX8K has ~200 pins, the detector has more ports), then
#         nextpnr-ice40 with --report JSON for the post-route Fmax (toolchain.md pitfall 8).
#
# Usage: synth_top.sh --top MOD --out DIR --files "a.sv b.sv ..." [--asic] [--fpga DEV]
#                     [--lib sky130|osu018]
#                     [--period NS] [--fpga-freq MHZ] [--timeout S] [--blackbox MOD]
#                     [--define NAME=VAL ...] [Name=value ...]
#   DEV is hx8k or up5k. Name=value overrides are applied with `chparam` to the parameters the
#   top declares; the others are listed in DIR/params_ignored.txt (they belong to other tops).
#   --blackbox MOD keeps MOD out of the synthesis (its area is not counted, paths through it
#   are cut): used for GPU sizes whose flop-based fence file is too large for this machine.
#   --define NAME=VAL is passed to read_verilog (-DNAME=VAL): SCORD_FENCE_SRAM=1 builds the
#   fence file's counter memory from macros (scord_pkg::SramMacro).  Memory macros: every
#   scord_sram_macro instance (synth/macro/) is renamed per shape to
#   scord_sram_macro_<Depth>x<Width>, whose liberty cell scripts/gen_sram_lib.sh writes to
#   DIR/asic/macros.lib (area and timing model of docs/synth.md); stat and OpenSTA read it, and
#   the summary splits the area into macro_area_um2 and logic_area_um2.
#   With SCORD_SYNTH_CACHE=DIR set, a run whose top, effective parameters, options, RTL and
#   scripts are identical to an earlier one is copied from the cache instead of re-run.
# Output: DIR/summary.txt (key=value lines, parsed by run.sh and the CTest), DIR/asic/*,
#         DIR/fpga/*. Exit status: 0 ok, 1 a tool failed (its log is named on stderr), 2 usage.
set -u
top="" out="" files="" asic=0 fpga="" period=10 fpga_freq=12 tmo=3000 bbox="" defs="" lib=sky130
overrides=()
while [ $# -gt 0 ]; do
  case "$1" in
    --top) top=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --files) files=$2; shift 2 ;;
    --asic) asic=1; shift ;;
    --fpga) fpga=$2; shift 2 ;;
    --period) period=$2; shift 2 ;;
    --fpga-freq) fpga_freq=$2; shift 2 ;;
    --timeout) tmo=$2; shift 2 ;;
    --blackbox) bbox=$2; shift 2 ;;
    --define) defs="$defs -D$2"; shift 2 ;;
    --lib) lib=$2; shift 2 ;;
    *=*) overrides+=("$1"); shift ;;
    *) echo "synth_top.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$top" ] || [ -z "$out" ] || [ -z "$files" ]; then
  echo "synth_top.sh: --top, --out and --files are required" >&2; exit 2
fi
case "$fpga" in ""|hx8k|up5k) ;; *) echo "synth_top.sh: --fpga must be hx8k or up5k" >&2; exit 2 ;; esac
case "$lib" in sky130|osu018) ;; *) echo "synth_top.sh: --lib must be sky130 or osu018" >&2; exit 2 ;; esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
here_s=$(cd "$(dirname "$0")" && pwd)
pdk=$here_s/../pdk/sky130
# Cell library.  SKY130: decompressed into the run's directory (the tools read plain text), with
# dont_use set on the cells a synthesis flow leaves to later steps or never uses (power-gating
# lpflow_*, probes, diodes, decaps, fill/spare cells, delay cells): ABC skips dont_use cells.
if [ "$lib" = sky130 ]; then
  tech=$out/asic/tech
  mkdir -p "$tech"
  LIB=$tech/sky130_fd_sc_hd__tt_025C_1v80.lib
  zcat "$pdk/sky130_fd_sc_hd__tt_025C_1v80.lib.gz" |
    awk '{ print } /^ *cell *\("sky130_fd_sc_hd__(lpflow_|probe|diode|decap|fill|tap|macro_sparecell|conb|clkdly|dlygate|dlymetal)/ { print "        dont_use : true;" }' > "$LIB"
  maclibs=""
  for f in "$pdk"/sram/sky130_sram_*/*_TT_1p8V_25C.lib.gz; do
    m=$tech/$(basename "${f%.gz}")
    zcat "$f" > "$m"
    maclibs="$maclibs $m"
  done
  # The slow corner of the macros: the SS/TT ratio of the one macro characterised at both
  # (sram_1rw1r_32_256_8_sky130, 1.8 V 25 C): clock-to-output and minimum period.
  zcat "$pdk"/sram/sram_1rw1r_32_256_8_sky130/sram_1rw1r_32_256_8_sky130_TT_1p8V_25C.lib.gz > "$tech/ref_tt.lib"
  zcat "$pdk"/sram/sram_1rw1r_32_256_8_sky130/sram_1rw1r_32_256_8_sky130_SS_1p8V_25C.lib.gz > "$tech/ref_ss.lib"
  mac_ss=$(awk 'function first(  v) { v = $0; sub(/.*values\("/, "", v); sub(/[,"].*/, "", v); return v }
                FNR == 1 { f++ } /cell_rise/ { cr = 1; next } cr && /values/ { if (!(f in q)) q[f] = first(); cr = 0 }
                END { printf "%.3f", q[2] / q[1] }' "$tech/ref_tt.lib" "$tech/ref_ss.lib")
  # The cells' slow corner: a derate on every cell delay and check (docs/synth.md "Corners").
  cell_ss=${SCORD_SKY130_SS_DERATE:-2.0}
else
  LIB=${SCORD_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
  mac_ss="" cell_ss=""
fi
summary=$out/summary.txt
: > "$summary"
say() { echo "$1" >> "$summary"; }

# Liberty corner, from the library's default operating conditions.
corner=$(awk '/operating_conditions *\(/ { gsub(/[ ()"]/, "", $0); sub(/operating_conditions/, "", $0); sub(/\{/, "", $0); n=$0 }
              n != "" && /process/ { gsub(/[ ;]/, ""); split($0, a, ":"); p=a[2] }
              n != "" && /voltage/ && !v { gsub(/[ ;]/, ""); split($0, a, ":"); v=a[2] }
              n != "" && /temperature/ { gsub(/[ ;]/, ""); split($0, a, ":"); t=a[2]; print n " (process " p ", " v " V, " t " C)"; exit }' "$LIB")
say "top=$top"
say "lib=$lib"
say "liberty=$LIB"
say "corner=$corner"
say "overrides=${overrides[*]:-none}"

# 1. Which parameters does the top declare?  (chparam fails on unknown names.)
read_cmd="read_verilog -sv -DSYNTHESIS$defs $files $here_s/../macro/scord_sram_macro.sv"
if ! yosys -q -l "$out/params.log" -p "$read_cmd; tee -q -o $out/params.txt chparam -list $top" >/dev/null 2>&1; then
  echo "synth_top.sh: yosys cannot read the RTL for $top, see $out/params.log" >&2
  say "status=read_failed"
  exit 1
fi
declared=$(awk 'NR > 1 { print $1 }' "$out/params.txt")
chparams=""
: > "$out/params_ignored.txt"
for ov in "${overrides[@]:-}"; do
  [ -z "$ov" ] && continue
  name=${ov%%=*} val=${ov#*=}
  case "$val" in 0x*|0X*) val=$(printf '%d' "$val") ;; esac
  if echo "$declared" | grep -qx "$name"; then
    chparams="$chparams chparam -set $name $val $top;"
  else
    echo "$name" >> "$out/params_ignored.txt"
  fi
done

bbcmd=""
if [ -n "$bbox" ]; then
  bbcmd="setattr -mod -set blackbox 1 $bbox;"
  say "blackbox=$bbox"
fi
say "effective=$chparams"
say "defines=${defs# }"

# Cache: same top, effective parameters, options, RTL and scripts -> same reports.
if [ -n "${SCORD_SYNTH_CACHE:-}" ]; then
  # FLOW names the flow's revision: bump it when a change here alters any report.
  FLOW=6
  key=$( { echo "$FLOW|$top|$chparams|$defs|$bbox|$asic|$fpga|$period|$fpga_freq|$LIB|$lib"; env | grep -E '^SCORD_(SRAM|SKY130|CLK|IO)_' | sort
           cat $files "$0" "$(dirname "$0")/fpga_wrap.sh" "$(dirname "$0")/gen_sram_lib.sh" "$(dirname "$0")/gen_sky130_tiles.sh" "$(dirname "$0")/units.sh"; } | md5sum | cut -c1-16)
  c=$SCORD_SYNTH_CACHE/$top-$key
  # Only a complete, successful run is reused (a killed run leaves a summary without figures).
  ok=1
  [ -s "$c/summary.txt" ] && ! grep -q "status=failed" "$c/summary.txt" || ok=0
  [ "$asic" = 1 ] && ! grep -q "^fmax_mhz=" "$c/summary.txt" 2>/dev/null && ok=0
  [ -n "$fpga" ] && ! grep -q "^fpga_fit=" "$c/summary.txt" 2>/dev/null && ok=0
  if [ $ok = 1 ]; then
    head -4 "$summary" > "$summary.new"
    tail -n +5 "$c/summary.txt" >> "$summary.new"
    cp -a "$c/." "$out/"
    mv "$summary.new" "$summary"
    say "cached_from=$c"
    exit 0
  fi
  trap 'rm -rf "$c"; mkdir -p "$c" && cp -a "$out/." "$c/"' EXIT
fi

# 2. ASIC: OSU 0.18 um, hierarchy kept for per-module area, flat netlist for OpenSTA.
if [ "$asic" = 1 ]; then
  a=$out/asic
  mkdir -p "$a"
  # Drive strength and load seen by ABC's buffering (a small buffer's input, ~10-20 fF per output).
  if [ "$lib" = sky130 ]; then
    printf 'set_driving_cell sky130_fd_sc_hd__buf_2\nset_load 0.01\n' > "$a/abc.constr"
  else
    printf 'set_driving_cell BUFX2\nset_load 0.02\n' > "$a/abc.constr"
  fi
  # Memory macros: the shapes instantiated (Depth, Width, AddrBits of each scord_sram_macro).
  macrocmd="" maclib=""
  yosys -q -l "$a/macros.log" -p "$read_cmd; $bbcmd $chparams hierarchy -top $top; tee -q -o $a/macros_dump.txt dump */t:scord_sram_macro" >/dev/null 2>&1
  shapes=$(awk '/cell .scord_sram_macro / { c = 1; d = w = ab = ""; rc = 1; next }
                c && /parameter .*\\Depth / { d = $NF } c && /parameter .*\\Width / { w = $NF }
                c && /parameter .*\\AddrBits / { ab = $NF } c && /parameter .*\\ReadCycles / { rc = $NF }
                c && /^ *end/ { print d "x" w (rc + 0 > 1 ? "m" rc + 0 : "") ":" ab; c = 0 }' "$a/macros_dump.txt" 2>/dev/null | sort -u)
  statlibs=""
  if [ -n "$shapes" ] && [ "$lib" = sky130 ]; then
    # The shapes built from the SKY130 macros (or flops when small): Verilog tiles, the macros
    # as the black boxes of their own Liberty.
    # shellcheck disable=SC2086
    "$here_s/gen_sky130_tiles.sh" "$a/tiles.v" "$a/macros.txt" "$a/macros_mcp.tcl" $maclibs -- $shapes
    maclib=$a/macros.lib   # with sky130 only its name is used: ${maclib%.lib}_mcp.tcl
    macrocmd=""
    for m in $maclibs; do macrocmd="$macrocmd read_liberty -lib $m;"; statlibs="$statlibs -liberty $m"; done
    macrocmd="$macrocmd hierarchy -top $top;"
    for sh in $shapes; do
      dwc=${sh%%:*}; dw=${dwc%m*}; rc=1; [ "$dwc" != "$dw" ] && rc=${dwc##*m}
      macrocmd="$macrocmd chtype -set scord_sram_macro_$dwc */t:scord_sram_macro */r:Depth=${dw%x*} %i */r:Width=${dw#*x} %i */r:ReadCycles=$rc %i;"
    done
    macrocmd="$macrocmd setparam -unset Depth -unset Width -unset AddrBits -unset ReadCycles */t:scord_sram_macro_*;"
    macrocmd="$macrocmd read_verilog $a/tiles.v; hierarchy -top $top;"
    say "macro_shapes=$(echo $shapes | tr ' ' ',')"
  elif [ -n "$shapes" ]; then
    maclib=$a/macros.lib
    statlibs="-liberty $maclib"
    # shellcheck disable=SC2086
    "$here_s/gen_sram_lib.sh" "$maclib" "$a/macros_stubs.v" "$a/macros.txt" $shapes
    macrocmd="read_verilog $a/macros_stubs.v; hierarchy -top $top;"
    for sh in $shapes; do
      dwc=${sh%%:*}; dw=${dwc%m*}; rc=1; [ "$dwc" != "$dw" ] && rc=${dwc##*m}
      macrocmd="$macrocmd chtype -set scord_sram_macro_$dwc */t:scord_sram_macro */r:Depth=${dw%x*} %i */r:Width=${dw#*x} %i */r:ReadCycles=$rc %i;"
    done
    macrocmd="$macrocmd setparam -unset Depth -unset Width -unset AddrBits -unset ReadCycles */t:scord_sram_macro_*;"
    say "macro_shapes=$(echo $shapes | tr ' ' ',')"
  fi
  cat > "$a/synth.ys" <<YS
# Generated by synth/scripts/synth_top.sh: $top on $LIB
read_liberty -lib $LIB
$read_cmd
$bbcmd
$chparams
$macrocmd
# Leaf checkers are inlined into their parents before mapping: ABC buffers fan-out only inside
# the module it maps, so a register feeding 16 scord_detect instances (a beat's fields in
# scord_beat_check) would otherwise drive 80 pins unbuffered and the report would show a
# 1.3 ns clock-to-output no placed design has.  The line accessor's pick queue is inlined too:
# its pick and the accessor's eligibility are one path, mapped together.  Every other module
# keeps its hierarchy.
hierarchy -top $top
setattr -mod -set keep_hierarchy 1 *
setattr -mod -unset keep_hierarchy *scord_detect
setattr -mod -unset keep_hierarchy *scord_pick_queue*
flatten
setattr -mod -unset keep_hierarchy *
synth -top $top
dfflibmap -liberty $LIB
# -constr/-D: ABC buffers high-fanout nets and sizes gates for the clock period; without it
# a 480-way fence-file read mux is left unbuffered and OpenSTA reports microsecond paths.
abc -liberty $LIB -constr $a/abc.constr -D $(awk -v p="$period" 'BEGIN { printf "%d", p * 1000 }')
opt_clean -purge
tee -q -o $a/area.txt stat -liberty $LIB $statlibs
# Every cell labelled with its unit (scripts/units.sh), for the breakdown of the flat netlist.
$("$here_s/units.sh" --yosys-mark)
flatten
opt_clean -purge
setundef -zero
# OpenSTA cannot read assigns to concatenations: bit-blast the ports first.
splitnets -ports
opt_clean -purge
tee -q -o $a/area_flat.txt stat -liberty $LIB $statlibs
$(for u in $("$here_s/units.sh" --labels); do echo "tee -q -o $a/area_unit_$u.txt stat -liberty $LIB $statlibs a:scord_unit=$u"; done)
tee -q -o $a/area_unit_none.txt stat -liberty $LIB $statlibs c:* a:scord_unit %d
write_verilog -noattr -noexpr -nohex -nodec $a/netlist.v
YS
  t0=$(date +%s)
  if ! timeout "$tmo" yosys -q -l "$a/yosys.log" "$a/synth.ys" >/dev/null 2>&1; then
    echo "synth_top.sh: yosys (ASIC) failed or timed out for $top, see $a/yosys.log" >&2
    # The RTL's static assertions name themselves (scord_error_*): pass the reason on.
    why=$(grep -o 'scord_error_[a-z0-9_]*' "$a/yosys.log" | head -1)
    if [ -n "$why" ]; then
      echo "synth_top.sh: the RTL refuses this configuration: $why" >&2
      say "asic_status=rejected_by_rtl:$why"
    else
      say "asic_status=failed"
    fi
  else
    say "asic_yosys_seconds=$(( $(date +%s) - t0 ))"
    if [ -n "$bbox" ] || [ -n "$maclib" ]; then
      # OpenSTA's Verilog reader rejects parameter lists on instances: drop them from the
      # black-box instances (OpenSTA then links them as empty boxes).
      awk '/^  [A-Za-z_][A-Za-z0-9_]* #\($/ { cell = $1; skip = 1; next }
           skip && /^  \) [^ ]+ \($/ { print "  " cell " " $2 " ("; skip = 0; next }
           !skip { print }' "$a/netlist.v" > "$a/netlist.tmp" && mv "$a/netlist.tmp" "$a/netlist.v"
    fi
    # High-fanout nets: buffer trees on the flat netlist (scripts/fanout_buf.awk), at most
    # SCORD_MAX_FANOUT loads per driver (default 16); their area is added to the logic.
    maxfo=${SCORD_MAX_FANOUT:-16}
    if [ "$lib" = sky130 ]; then bufcell=sky130_fd_sc_hd__buf_4 bufo=X; else bufcell=BUFX4 bufo=Y; fi
    mv "$a/netlist.v" "$a/netlist_unbuffered.v"
    # shellcheck disable=SC2086
    awk -v F="$maxfo" -v BUF="$bufcell" -v BI=A -v BO="$bufo" -v CLK=clk_i -v RST=rst_ni -v STATS="$a/fanout.txt" \
      -f "$here_s/fanout_buf.awk" "$LIB" $([ "$lib" = sky130 ] && echo $maclibs) $([ "$lib" = osu018 ] && [ -n "$maclib" ] && echo "$maclib") \
      "$a/netlist_unbuffered.v" > "$a/netlist.v"
    bufarea=$(awk -v C="$bufcell" '$0 ~ "cell *\\( *\"?" C "\"? *\\)" { f = 1 } f && /^ *area *:/ { v = $3; sub(/;/, "", v); print v; exit }' "$LIB")
    nbuf=$(sed -n 's/^fanout_buffers=//p' "$a/fanout.txt")
    cat "$a/fanout.txt" >> "$summary"
    bufarea=$(awk -v n="${nbuf:-0}" -v a="${bufarea:-0}" 'BEGIN { printf "%.1f", n * a }')
    say "fanout_buffer_area_um2=$bufarea"
    # Flip-flops and latches by cell name (OSU: DFF*, LATCH; SKY130: df*, edf*, sdf*, dlx*, dlr*).
    ffre='^(DFF|LATCH|sky130_fd_sc_hd__(df|edf|sdf|sedf|dlx|dlr))'
    # Per-module self area and cells; `=== name ===` opens a module, the hierarchy block last.
    # A module elaborated with several parameter sets (scord_sram_flops under the fence file and
    # the race FIFO) gets one key per set, <name>_v1, _v2, ... in the order the report first
    # lists them; a module with one set keeps its name.  Both passes read the file twice: the
    # first pass numbers the variants, the same way for the areas and the hierarchy.
    keyfn='function base(f) { if (f ~ /^\$paramod\\/) { sub(/^\$paramod\\/, "", f); sub(/\\.*/, "", f) }
                          else { sub(/.*\\/, "", f); sub(/^\\/, "", f) } return f }
      function key(f,  b) { b = base(f); return (nv[b] > 1) ? b "_v" idx[f] : b }
      FNR == NR { if ($0 ~ /^=== / && $2 != "design" && !($2 in idx)) { b = base($2); idx[$2] = ++nv[b] } next }'
    awk -v S="$summary" -v FF="$ffre" "$keyfn"'
      /^=== / { m=$2; if (m == "design") m=""; else m=key(m);
                cells=0; ff=0; sub_=0; next }
      m != "" && /Number of cells:/ { cells=$4 }
      m != "" && /^     [A-Za-z0-9_]+ +[0-9]+$/ { if ($1 ~ FF) ff += $2 }
      m != "" && /^     .*scord_[a-z0-9_]+(\\[^ ]*)? +[0-9]+$/ { sub_ += $NF }
      m != "" && /Chip area for module/ { area=$NF;
                 printf "module.%s.cells=%d\nmodule.%s.flops=%d\nmodule.%s.area_um2=%.1f\n",
                        m, cells - sub_, m, ff, m, area >> S; m="" }
    ' "$a/area.txt" "$a/area.txt"
    # Hierarchy: instance counts, for totals per module kind.  Yosys prints each module's count
    # per instance of its parent (indented two spaces per level): multiply down the tree.
    awk -v S="$summary" "$keyfn"' /=== design hierarchy ===/ { h=1; next }
      h && /Number of wires/ { h=0 }
      h && NF == 2 { n=key($1)
                     match($0, /^ */); d = (RLENGTH - 3) / 2
                     tot[d] = $2 * (d > 0 ? tot[d - 1] : 1); cnt[n] += tot[d]; if (!(n in seen)) { seen[n] = 1; ord[++k] = n } }
      END { for (i = 1; i <= k; i++) printf "instances.%s=%d\n", ord[i], cnt[ord[i]] >> S }' "$a/area.txt" "$a/area.txt"
    awk -v S="$summary" -v FF="$ffre" -v BA="$bufarea" -v BN="${nbuf:-0}" '/Number of cells:/ { c=$4 }
      /^     [A-Za-z0-9_]+ +[0-9]+$/ { if ($1 ~ FF) f += $2 }
      /Chip area for (top )?module/ { printf "asic_cells=%d\nasic_flops=%d\nasic_area_um2=%.1f\n", c + BN, f, $NF + BA >> S }' "$a/area_flat.txt"
    # Macro area (modelled cells scord_sram_macro_* times their model area, or SKY130 macro
    # cells times their Liberty area) and the rest, logic.
    # shellcheck disable=SC2086
    awk -v S="$summary" -v BA="$bufarea" 'FILENAME ~ /macros.txt$/ { ar[$1] = $4; next }
      FILENAME ~ /\.lib$/ { if ($0 ~ /^ *cell *\(/) { c = $0; sub(/.*\( */, "", c); sub(/ *\).*/, "", c) }
                            if ($0 ~ /^ *area *:/ && !(c in ar)) { v = $3; sub(/;/, "", v); ar[c] = v }; next }
      /^ +(scord_sram_macro_[0-9]+x[0-9]+(m[0-9]+)?|sky130_sram_[a-z0-9_]+) +[0-9]+$/ { n += $2; m += $2 * ar[$1] }
      /Chip area for (top )?module/ { t = $NF + BA }
      END { printf "asic_macros=%d\nasic_macro_area_um2=%.1f\nasic_logic_area_um2=%.1f\n", n, m, t - m >> S }' \
      $([ "$lib" = osu018 ] && [ -n "$maclib" ] && echo "$a/macros.txt") $([ "$lib" = sky130 ] && echo $maclibs) "$a/area_flat.txt"
    # Macro minimum period (SKY130: from each used macro's Liberty; the slow corner scales it by
    # the SS/TT ratio).  The clock cannot be faster than the slowest macro's minimum period.
    mmp=0
    [ "$lib" = sky130 ] && [ -s "$a/macros.txt" ] &&
      mmp=$(awk '$4 == "macro" && $8 > m { m = $8 } END { printf "%.3f", m + 0 }' "$a/macros.txt")
    say "macro_min_period_ns=$mmp"
    # Clock and I/O constraints (docs/synth.md "Timing constraints"): clock uncertainty for
    # jitter and pre-layout skew; the inputs come from registers of the neighbouring blocks
    # (SM trackers' merge, L2 side) and the outputs go to registers there, so each side gets
    # a share of the period for the neighbour's clock-to-output, logic and wire.
    unc=${SCORD_CLK_UNCERTAINTY_NS:-0.15}
    iofrac=${SCORD_IO_FRACTION:-0.25}
    iod=$(awk -v p="$period" -v f="$iofrac" 'BEGIN { printf "%.3f", p * f }')
    say "clock_uncertainty_ns=$unc"
    say "io_delay_ns=$iod"
    cat > "$a/sta.tcl" <<TCL
# Generated by synth/scripts/synth_top.sh: static timing of $top (OpenSTA)
puts "liberty: $LIB, corner $corner"
puts "clock: clk_i, period $period ns, uncertainty $unc ns; inputs and outputs at $iod ns ($iofrac of the period); rst_ni false path"
puts "no wire-load model in this liberty: pre-layout timing"
set link_make_black_boxes 1
read_liberty $LIB
$(if [ "$lib" = sky130 ]; then for m in $maclibs; do echo "read_liberty $m"; done; elif [ -n "$maclib" ]; then echo "read_liberty $maclib"; fi)
read_verilog $a/netlist.v
link_design $top
create_clock -name clk -period $period [get_ports clk_i]
set_clock_uncertainty $unc [get_clocks clk]
set_input_delay $iod -clock clk [delete_from_list [all_inputs] [get_ports {clk_i rst_ni}]]
set_output_delay $iod -clock clk [all_outputs]
set_false_path -from [get_ports rst_ni]
set scord_mc {}
${maclib:+source ${maclib%.lib}_mcp.tcl}
report_checks -path_delay max -digits 3
puts "=== register to register ==="
report_checks -path_delay max -digits 3 -from [all_registers -clock_pins] -to [all_registers -data_pins]
puts "worst_slack_ns [sta::worst_slack -max]"
set r2r 1e9
foreach p [find_timing_paths -from [all_registers -clock_pins] -to [all_registers -data_pins] -path_delay max] {
  set r2r [expr {[\$p slack] * 1e9}]
}
puts "r2r_slack_ns \$r2r"
# Macros whose read has N cycles (scord_sram_1r1w ReadCycles): a path from one fits a period
# of P - slack / N, so those paths and the others are measured apart.
if {[llength \$scord_mc]} {
  set mcc 0
  set mcn [dict create]
  foreach e \$scord_mc {
    lassign \$e c k
    dict set mcn [get_full_name \$c] 1
    foreach p [find_timing_paths -from \$c -path_delay max] {
      set t [expr {$period - [\$p slack] * 1e9 / \$k}]
      if {\$t > \$mcc} { set mcc \$t }
    }
  }
  set nm_ck {}
  foreach p [all_registers -clock_pins] {
    set n [get_full_name \$p]
    if {![dict exists \$mcn [string range \$n 0 [expr {[string last "/" \$n] - 1}]]]} { lappend nm_ck \$p }
  }
  set nm_all 1e9
  foreach p [find_timing_paths -from [concat \$nm_ck [delete_from_list [all_inputs] [get_ports {clk_i rst_ni}]]] -path_delay max] {
    set nm_all [expr {[\$p slack] * 1e9}]
  }
  set nm_r2r 1e9
  foreach p [find_timing_paths -from \$nm_ck -to [all_registers -data_pins] -path_delay max] {
    set nm_r2r [expr {[\$p slack] * 1e9}]
  }
  puts "mc_critical_ns \$mcc"
  puts "nonmc_slack_ns \$nm_all"
  puts "nonmc_r2r_slack_ns \$nm_r2r"
}
TCL
    if [ -n "$maclib" ]; then
      # With macros, "register to register" counts a macro as a register, so its read sets that
      # figure too.  Flop to flop leaves the macros out as start and end points: the logic's own
      # clock, before the macro reads get their own stage (docs/synth.md section 5).
      cat >> "$a/sta.tcl" <<TCL
set f2f_ck {}
foreach p [all_registers -clock_pins] { if {![string match "*u_macro*" [get_full_name \$p]]} { lappend f2f_ck \$p } }
set f2f_dp {}
foreach p [all_registers -data_pins] { if {![string match "*u_macro*" [get_full_name \$p]]} { lappend f2f_dp \$p } }
set f2f 1e9
if {[llength \$f2f_ck] && [llength \$f2f_dp]} {
  puts "=== flop to flop (macros excluded) ==="
  report_checks -path_delay max -digits 3 -from \$f2f_ck -to \$f2f_dp -fields {net}
  foreach p [find_timing_paths -from \$f2f_ck -to \$f2f_dp -path_delay max] {
    set f2f [expr {[\$p slack] * 1e9}]
  }
}
puts "f2f_slack_ns \$f2f"
TCL
    fi
    if [ "$lib" = sky130 ]; then
      # Slow corner: every standard cell's delay and timing check derated by cell_ss, the
      # macros' by the SS/TT ratio of their characterised sibling (mac_ss).
      cat >> "$a/sta.tcl" <<TCL
puts "=== slow corner: cells x $cell_ss, macros x $mac_ss ==="
set_timing_derate -late -cell_delay $cell_ss
set_timing_derate -late -cell_check $cell_ss
foreach lc [get_lib_cells -quiet */sky130_sram_*] { set_timing_derate -late -cell_delay $mac_ss \$lc }
report_checks -path_delay max -digits 3
puts "slow_worst_slack_ns [sta::worst_slack -max]"
TCL
    fi
    timeout "$tmo" sta -no_init -exit "$a/sta.tcl" > "$a/sta.txt" 2>&1
    if grep -qiE "^Error|error:" "$a/sta.txt" || ! grep -q '^worst_slack_ns' "$a/sta.txt"; then
      # OpenSTA exits 0 after Tcl errors (toolchain.md pitfall 7): judge by its output.
      echo "synth_top.sh: OpenSTA failed for $top, see $a/sta.txt" >&2
      say "sta_status=failed"
    else
      awk -v P="$period" -v S="$summary" -v MMP="$mmp" -v MSS="${mac_ss:-1}" '
        /^worst_slack_ns/ { ws=$2 } /^r2r_slack_ns/ { rs=$2 } /^f2f_slack_ns/ { fs=$2; hf=1 }
        /^slow_worst_slack_ns/ { ss=$2; hs=1 }
        /^mc_critical_ns/ { mc=$2; hm=1 } /^nonmc_slack_ns/ { nw=$2 } /^nonmc_r2r_slack_ns/ { nr=$2 }
        /^Startpoint:/ && !sp { sp=$2 } /^Endpoint:/ && !ep { ep=$2 }
        END { # With multicycle macro reads, a period is the larger of the other paths and P - slack / N.
              ca = P - ws; cr = P - rs
              if (hm) { ca = (nw < 1e8) ? P - nw : 0; if (mc > ca) ca = mc
                        cr = (nr < 1e8) ? P - nr : 0; if (mc > cr) cr = mc
                        printf "mc_critical_ns=%.3f\n", mc >> S }
              # The macro minimum period bounds the clock as well as the paths do.
              cl = (MMP + 0 > ca) ? MMP + 0 : ca
              printf "clock=clk_i period %s ns\nworst_slack_ns=%.3f\ncritical_path_ns=%.3f\nfmax_mhz=%.1f\n", P, ws, ca, 1000/cl >> S;
              if (hs) { cs = P - ss; if (MMP * MSS > cs) cs = MMP * MSS
                        printf "slow_worst_slack_ns=%.3f\nslow_critical_ns=%.3f\nslow_fmax_mhz=%.1f\n", ss, P - ss, 1000/cs >> S }

              if (rs < 1e8) printf "r2r_critical_ns=%.3f\nfmax_r2r_mhz=%.1f\n", cr, 1000/cr >> S;
              if (hf && fs < 1e8) printf "f2f_critical_ns=%.3f\nfmax_f2f_mhz=%.1f\n", P-fs, 1000/(P-fs) >> S;
              printf "critical_from=%s\ncritical_to=%s\n", sp, ep >> S }' "$a/sta.txt"
    fi
  fi
fi

# 3. FPGA: wrapper, synth_ice40 (core kept as a module for its own counts), nextpnr-ice40.
if [ -n "$fpga" ]; then
  f=$out/fpga
  mkdir -p "$f"
  if ! yosys -q -l "$f/ports.log" -p "$read_cmd; $chparams hierarchy -top $top; tee -q -o $f/ports.txt portlist $top" >/dev/null 2>&1; then
    echo "synth_top.sh: yosys portlist failed for $top, see $f/ports.log" >&2
    say "fpga_status=failed"
  else
    "$(dirname "$0")/fpga_wrap.sh" "$top" < "$f/ports.txt" > "$f/scord_synth_fpga_wrap.sv"
    cat > "$f/synth.ys" <<YS
# Generated by synth/scripts/synth_top.sh: $top for iCE40 $fpga
$read_cmd
read_verilog -sv $f/scord_synth_fpga_wrap.sv
$bbcmd
$chparams
hierarchy -top scord_synth_fpga_wrap
setattr -mod -set keep_hierarchy 1 $top
synth_ice40 -top scord_synth_fpga_wrap
tee -q -o $f/util.txt stat
flatten
write_json $f/design.json
YS
    # chparam after hierarchy would not reach the derived module: set it on the core first.
    t0=$(date +%s)
    if ! timeout "$tmo" yosys -q -l "$f/yosys.log" "$f/synth.ys" >/dev/null 2>&1; then
      echo "synth_top.sh: yosys (iCE40) failed for $top, see $f/yosys.log" >&2
      say "fpga_status=failed"
    else
      say "fpga_yosys_seconds=$(( $(date +%s) - t0 ))"
      # The core's own cells (the wrapper adds the shift register and XOR fold).
      awk -v S="$summary" -v T="$top" '
        /^=== / { m=$2; if (m ~ /^\$paramod\\/) { sub(/^\$paramod\\/, "", m); sub(/\\.*/, "", m) }
                  else { sub(/.*\\/, "", m); sub(/^\\/, "", m) }
                  next }
        m == T && /SB_LUT4/ { l=$2 } m == T && /SB_DFF/ { d += $2 } m == T && /SB_CARRY/ { c=$2 }
        m == T && /SB_RAM40_4K/ { r=$2 }
        END { printf "fpga_device=%s\nfpga_core_luts=%d\nfpga_core_ffs=%d\nfpga_core_carries=%d\nfpga_core_brams=%d\n", "'"$fpga"'", l, d, c, r >> S }' "$f/util.txt"
      pkg=ct256; [ "$fpga" = up5k ] && pkg=sg48
      t0=$(date +%s)
      timeout "$tmo" nextpnr-ice40 --"$fpga" --package "$pkg" --json "$f/design.json" \
        --pcf-allow-unconstrained --freq "$fpga_freq" --timing-allow-fail --seed 1 \
        --report "$f/report.json" > "$f/nextpnr.log" 2>&1
      rc=$?
      say "fpga_pnr_seconds=$(( $(date +%s) - t0 ))"
      # Utilisation: the "Device utilisation" block; Fmax: post-route value in the report.
      awk -v S="$summary" 'function uv(k) { s = $0; sub(/.*: */, "", s); split(s, a, "/");
                                 gsub(/ /, "", a[1]); split(a[2], b, " "); printf "%s_used=%d\n%s_avail=%d\n", k, a[1], k, b[1] >> S }
        /Device utilisation:/ { u=1; next }
        u && /ICESTORM_LC:/ { uv("fpga_lc") }
        u && /ICESTORM_RAM:/ { uv("fpga_ram") }
        u && /SB_IO:/ { uv("fpga_io"); u=0 }' "$f/nextpnr.log"
      if [ $rc = 0 ] && [ -s "$f/report.json" ]; then
        fm=$(tr -d '\n ' < "$f/report.json" | grep -o '"fmax":{[^}]*}' | grep -o '"achieved":[0-9.]*' | head -1 | cut -d: -f2)
        say "fpga_fit=yes"
        say "fpga_fmax_mhz=${fm:-0}"
      else
        reason=$(grep -m1 -E "ERROR|error" "$f/nextpnr.log" | tr '=' ':')
        say "fpga_fit=no"
        say "fpga_fail_reason=${reason:-nextpnr exit $rc (timeout?)}"
      fi
    fi
  fi
fi
# Exit 1 when any tool step failed (the summary says which), as the header promises.
if grep -qE '^(asic|sta|fpga)_status=' "$summary"; then exit 1; fi
exit 0
