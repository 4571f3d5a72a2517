#!/usr/bin/env bash
# check_reports.sh -- assert that one synth_top.sh result directory parsed into non-zero
# figures: ASIC area, cells, flops and Fmax from OpenSTA, the liberty and
# corner named, and (when --fpga was run) LUTs and flip-flops, with an Fmax when it fits; with
# f2f (a design with macros), the flop-to-flop figure: present, and no lower than the figures
# whose path sets include it (all paths, register to register), with a macro read on all paths.
# Usage: check_reports.sh DIR [asic] [fpga] [f2f]      exit 0 when every asked check holds
set -u
d=$1; shift
s=$d/summary.txt
fail=0
val() { sed -n "s/^$1=//p" "$s" | head -1; }
pos() { # pos KEY: the value of KEY is a number > 0
  local v; v=$(val "$1")
  if awk -v v="$v" 'BEGIN { exit !(v + 0 > 0) }' && [ -n "$v" ]; then echo "ok:   $d: $1=$v"
  else echo "FAIL: $d: $1 is '${v}' (want > 0)"; fail=1; fi
}
[ -s "$s" ] || { echo "FAIL: $s missing or empty"; exit 1; }
for what in "$@"; do
  case "$what" in
    asic)
      # A net with two drivers or a combinational loop is resolved by Yosys (a constant wins):
      # the netlist then is not the RTL that simulation verified.
      if ! rep=$("$(dirname "$0")/../../rtl_model/yosys_repairs.sh" "$d/asic/yosys.log"); then
        echo "FAIL: $d: Yosys resolved a multiply-driven net or a logic loop:"; echo "$rep"; fail=1
      fi
      grep -q '^liberty=.*\.lib$' "$s" || { echo "FAIL: $s names no liberty"; fail=1; }
      grep -q '^corner=..*' "$s" || { echo "FAIL: $s names no corner"; fail=1; }
      grep -q '^clock=clk_i period' "$s" || { echo "FAIL: $s names no clock"; fail=1; }
      pos asic_area_um2; pos asic_cells; pos asic_flops; pos fmax_mhz
      # The unit breakdown (scripts/units.sh: every cell of the flat netlist labelled with its
      # unit, one stat per label, the unlabelled cells as the top's own) plus the fanout
      # buffers must account for the flat total within 2 %.  The per-module report of the
      # hierarchical netlist is printed beside it: it also counts logic that flattening
      # removes (outputs no parent reads), so it may exceed the flat total.
      if [ -f "$d/asic/area_unit_none.txt" ]; then
        cat "$d"/asic/area_unit_*.txt | awk -v d="$d" -v S="$s" '
          BEGIN { while ((getline l < S) > 0) { split(l, kv, "="); v[kv[1]] = kv[2] } }
          /Chip area for/ { u += $NF; n++ }
          END { t = v["asic_area_um2"]; s = u + v["fanout_buffer_area_um2"]
                if (n < 1 || t <= 0 || s < 0.98 * t || s > 1.02 * t) { printf "FAIL: %s: units sum to %.1f, flat total %.1f\n", d, s, t; exit 1 }
                printf "ok:   %s: units sum to %.1f um2 (%d reports), flat total %.1f um2\n", d, s, n, t }' || fail=1
      else
        echo "FAIL: $d: no per-unit report (asic/area_unit_*.txt)"; fail=1
      fi
      awk -F= -v d="$d" '/^module\..*\.area_um2=/ { split($1, k, "."); m = k[2]; a[m] = $2 }
                  /^instances\./ { split($1, k, "."); n[k[2]] = $2 }
                  /^asic_area_um2=/ { t = $2 } /^fanout_buffer_area_um2=/ { s = $2 }
                  END { for (m in a) s += a[m] * (m in n ? n[m] : 1)
                        if (t > 0) printf "info: %s: modules of the hierarchical netlist sum to %.1f um2 (%+.2f %% of flat)\n", d, s, 100 * (s - t) / t }' "$s"
      ;;
    f2f)
      pos fmax_f2f_mhz
      f=$(val fmax_f2f_mhz) r=$(val fmax_r2r_mhz) m=$(val fmax_mhz)
      if awk -v f="$f" -v r="$r" -v m="$m" 'BEGIN { exit !(f + 0 >= r + 0 && f + 0 >= m + 0) }'; then
        echo "ok:   $d: flop to flop $f MHz >= register to register $r MHz, all paths $m MHz"
      else echo "FAIL: $d: flop to flop $f MHz below register to register $r or all paths $m MHz"; fail=1; fi
      case "$(val critical_from)" in
        *u_macro*) echo "ok:   $d: all paths start at a macro ($(val critical_from))" ;;
        *) echo "FAIL: $d: the worst path does not start at a macro: $(val critical_from)"; fail=1 ;;
      esac
      # Macros read over several cycles: their period (P - slack / N) is reported and is the
      # all-paths figure when it is the larger.
      case "$(val macro_shapes)" in
        *m[0-9]*)
          pos mc_critical_ns
          if awk -v c="$(val critical_path_ns)" -v mc="$(val mc_critical_ns)" 'BEGIN { exit !(c + 0 >= mc - 0.0005) }'; then
            echo "ok:   $d: multicycle macro reads fit $(val mc_critical_ns) ns, all paths $(val critical_path_ns) ns"
          else echo "FAIL: $d: all-paths period below the multicycle macros' own"; fail=1; fi ;;
      esac
      ;;
    fpga)
      pos fpga_core_luts; pos fpga_core_ffs
      fit=$(val fpga_fit)
      case "$fit" in
        yes) pos fpga_fmax_mhz; pos fpga_lc_used ;;
        no) echo "ok:   $d: does not fit: $(val fpga_fail_reason)" ;;
        *) echo "FAIL: $d: no fpga_fit line"; fail=1 ;;
      esac
      ;;
  esac
done
exit $fail
