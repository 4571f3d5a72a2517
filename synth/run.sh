#!/usr/bin/env bash
# run.sh -- the one command of synth/: state budget, ASIC (Yosys + SKY130 or OSU 0.18 um +
# OpenSTA) and iCE40 (Yosys + nextpnr) estimates of the default configuration, a smaller
# configuration when the default does not fit the FPGA, the parameter sweeps, CSV files,
# gnuplot PNGs.  Writes build/synth/ (one line per block and library in summary.txt).
# See synth/README.md.
#
# Usage: synth/run.sh [--quick | --report | --fpga-only] [--lib sky130|osu018] [--jobs N]
#                     [--out DIR] [--state-bin PATH] [--timeout S] [--period NS]
#                     [--fence-sram flops|macro] [Name=value ...]
#   --lib L   sky130 (default): SkyWater sky130_fd_sc_hd cells and the OpenRAM SKY130 SRAM
#             macros of synth/pdk (every memory of at least SCORD_SKY130_MACRO_MIN_BITS bits
#             in macros, the line-rate detector's line buffer unbanked with a one-cycle read,
#             the macros' own timing), typical corner plus a slow corner;
#             osu018: OSU 0.18 um cells and the modelled macros (gen_sram_lib.sh), as before;
#             the line-rate detector's parameters are the variant synth or synth_osu018
#   --quick   ASIC only: one SM tracker of the default configuration (plus overrides) and the
#             line-rate detector of a small GPU (the variant quick of rtl_params.h,
#             `scord-state --variant quick --chparam`, plus overrides), then the
#             report checks; this is the CTest `synth/quick` (writes build/synth/quick by default)
#   --report  the figures docs/synth.md quotes: the line-rate detector and the SM tracker in
#             SKY130 and the line-rate detector in OSU 0.18 um, with the --quick line-rate
#             detector in SKY130: their lines in summary.txt, unit tables, and
#             synth/summary.csv rewritten (about 50 minutes)
#   --reuse   with --report: a block whose directory under OUT/default already holds a
#             complete report of the same library is not synthesised again
#   --fpga-only  only the FPGA trials (smaller configurations until the line-rate detector
#             and the trackers fit the HX8K, then the fitting system, scord_top, placed as one
#             design); writes build/synth/fpga by default
#   --period NS  ASIC clock target (default 4.0 ns = 250 MHz with sky130, 3.0 ns with
#             osu018): ABC sizes gates for it and OpenSTA reports slack against it;
#             Fmax = 1/(period - slack), no faster than the macros' minimum period
#   --fence-sram flops|macro  the fence file's counter memory: flip-flops (default) or 1r1w
#             macros; the reports split the area into logic, macro and total
#   --jobs N  run up to N independent tool runs at once (default 1; each needs one core and,
#             for the 132x64 line-rate detector, about 10 GB)
#   Name=value  RTL/spec parameter overrides (NumSms=4); derived widths (BlockIdBits,
#             WarpIdBits) follow from the C model's scord_params_finalize, which also rejects
#             a configuration whose metadata entry exceeds 64 bits (exit 2, message printed).
#   --point NAME[:K=V,K=V...]  (repeatable) instead of the default sweep, only these points
#             (sweep_NAME, ASIC), each synthesising the tops of --tops, then CSV and plots
#   --tops "MOD..."  the tops of each --point (default "scord_line_detector scord_sm_tracker")
#   --slurm   every synthesis point (one top of one configuration; the FPGA trials, which
#             depend on each other, as one unit) is an element of a Slurm job array; the run
#             waits, gathers and writes the same CSV and plots; a unit that failed or was lost
#             is named and the exit status is 1 (docs/regress.md).  With it: --partition P,
#             --account A, --time T, --max-jobs N (at most N at once), --resume (submit only
#             the units without a result from the previous --slurm run into the same --out)
# Runs one tool at a time under nice -n 10 (the machine is shared).  Steps are ordered by
# priority; a finished step's reports are reused from build/synth/cache on a re-run.
set -u

main() {
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
quick=0 fpga_only=0 report=0 reuse=0 out="" state_bin="" tmo=2400 jobs=1 period="" fence_def=0 lib=sky130
user_ov=()
points=() tops="scord_line_detector scord_sm_tracker" slurm=0 slopt="" sl_resume=0 sl_partition="" sl_account=""
sl_time="" sl_maxjobs="" sfail=0
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --report) report=1; shift ;;
    --reuse) reuse=1; shift ;;
    --lib) lib=$2; shift 2 ;;
    --fpga-only) fpga_only=1; shift ;;
    --jobs) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --state-bin) state_bin=$2; shift 2 ;;
    --timeout) tmo=$2; shift 2 ;;
    --period) period=$2; shift 2 ;;
    --fence-sram) case "$2" in flops) fence_def=0 ;; macro) fence_def=1 ;;
                  *) echo "run.sh: --fence-sram needs flops or macro, got '$2'" >&2; exit 2 ;; esac
                  shift 2 ;;
    --point) points+=("$2"); shift 2 ;;
    --tops) tops=$2; shift 2 ;;
    --slurm) slurm=1; shift ;;
    --resume) sl_resume=1; slopt=$1; shift ;;
    --partition) sl_partition=$2; slopt=$1; shift 2 ;;
    --account) sl_account=$2; slopt=$1; shift 2 ;;
    --time) sl_time=$2; slopt=$1; shift 2 ;;
    --max-jobs) sl_maxjobs=$2; slopt=$1; shift 2 ;;
    -h|--help) sed -n '2,49p' "$0"; exit 0 ;;
    *=*) user_ov+=("$1"); shift ;;
    *) echo "run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$jobs" in ''|*[!0-9]*|0) echo "run.sh: --jobs needs a positive integer, got '$jobs'" >&2; exit 2 ;; esac
case "$lib" in sky130|osu018) ;; *) echo "run.sh: --lib needs sky130 or osu018, got '$lib'" >&2; exit 2 ;; esac
# Per library: the clock target.  The memories follow from the library (the variants below).
if [ "$lib" = sky130 ]; then period=${period:-4.0}; else period=${period:-3.0}; fi
# The RTL-only part of the FPGA trials' configurations (memories in flops, see fpga_trials).
fpga_rtl="Lanes=8 Slices=2 MaxOutstanding=4 BufImpl=0 PredImpl=0 BufBanks=1 BufReadCycles=1 BufMinCycles=1"
case "$period" in ''|*[!0-9.]*|*.*.*|.) echo "run.sh: --period needs a positive number of ns, got '$period'" >&2; exit 2 ;; esac
[ $quick = 1 ] && [ $fpga_only = 1 ] && { echo "run.sh: --quick and --fpga-only exclude each other" >&2; exit 2; }
[ ${#points[@]} -gt 0 ] && { [ $quick = 1 ] || [ $fpga_only = 1 ]; } && { echo "run.sh: --point excludes --quick and --fpga-only" >&2; exit 2; }
for p in "${points[@]}"; do
  case "${p%%:*}" in ''|*[!A-Za-z0-9_]*) echo "run.sh: --point needs NAME[:K=V,...] with NAME of letters, digits, _; got '$p'" >&2; exit 2 ;; esac
done
[ $slurm = 1 ] || [ -z "$slopt" ] || { echo "run.sh: $slopt needs --slurm" >&2; exit 2; }
case "$sl_maxjobs" in ''|*[!0-9]*|0) [ -z "$sl_maxjobs" ] || { echo "run.sh: --max-jobs needs a positive integer" >&2; exit 2; } ;; esac
[ -z "$out" ] && { if [ $quick = 1 ]; then out=$root/build/synth/quick; elif [ $fpga_only = 1 ]; then out=$root/build/synth/fpga; else out=$root/build/synth; fi; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
export SCORD_SYNTH_CACHE=${SCORD_SYNTH_CACHE:-$root/build/synth/cache}
[ $quick = 1 ] && export SCORD_SYNTH_CACHE=""   # the check always runs the tools
if [ $slurm = 1 ]; then
  # shellcheck source=../scripts/slurm/lib.sh
  sl_lib_dir=$root/scripts/slurm sl_name=scord-synth
  . "$root/scripts/slurm/lib.sh"
  slurm_begin "$out/slurm"
fi

# The state calculator (links the C model): given, built already, or built now.
if [ -z "$state_bin" ]; then
  for b in "$root/build/bin/scord-state" "$root"/build-*/bin/scord-state; do
    [ -x "$b" ] && { state_bin=$b; break; }
  done
fi
if [ -z "$state_bin" ]; then
  log "building scord-state in $root/build"
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    cmake --build "$root/build" --target scord-state -j2 >/dev/null || { echo "run.sh: cannot build scord-state" >&2; exit 1; }
  state_bin=$root/build/bin/scord-state
fi

# The line-rate detector's parameters: the named variants of ref/include/scord/rtl_params.h,
# the same parameter sets testbench/ simulates in CI (scord-rtl-tb-synth, -synth-osu018).
# SKY130 (synth): line buffer, beat info and predecessor table in OpenRAM macros (the tiling
# keeps arrays below SCORD_SKY130_MACRO_MIN_BITS in flops); a SKY130 macro reads in one cycle
# (minimum period 1.8-2.0 ns), so one bank and a one-cycle read.  OSU 0.18 um (synth_osu018):
# modelled macros with a 15 ns read, 8 banks, 6-cycle read, predecessor table in flops.  The
# quick flow's small detector is the variant quick (C-model part, RTL-only part).
if [ "$lib" = sky130 ]; then line_var=synth; else line_var=synth_osu018; fi
line_args=$("$state_bin" --variant "$line_var" --rtl-chparam) || exit 2
quick_cfg=$("$state_bin" --variant quick --model-chparam) || exit 2
quick_rtl=$("$state_bin" --variant quick --rtl-chparam) || exit 2
[ "$lib" = sky130 ] || quick_rtl="$quick_rtl $line_args"

# RTL sources: rtl_model/scord_rtl.f, the package first.
rtl=$root/rtl_model
files=""
while read -r f; do
  case $f in ''|//*) ;; *) files="$files $rtl/$f" ;; esac
done <"$rtl/scord_rtl.f"
for t in scord_line_detector scord_top scord_sm_tracker scord_fence_file scord_fence_bank; do
  [ -f "$rtl/$t.sv" ] || { echo "run.sh: $rtl/$t.sv missing: the RTL is not there yet" >&2; exit 1; }
done

# FPGA trials (also alone with --fpga-only): see the comment inside.
fpga_trials() {
  # FPGA: the default line-rate detector (about 89,000 flops) is far beyond the HX8K's 7680
  # logic cells, so the GPU and the detector's lanes, slices and beats in flight are shrunk
  # until detector and tracker fit (the memories in flops: the iCE40 has no such macros).
  # A configuration "fits" when the detector plus NumSms trackers, each placed alone with its
  # test wrapper, need no more logic cells than the device has (conservative: two wrappers).
  # The trials go to tmp/ (not kept); the first that fits is copied to fpga_fit/, with every
  # trial's verdict in fpga_fit/trials.txt.
  n=0 fit=""
  rm -rf "$out/fpga_fit" "$out/tmp/fpga_try"*
  mkdir -p "$out/tmp"
  : > "$out/tmp/fpga_trials.txt"
  for cfg in "NumSms=2 WarpsPerSm=8 HeapBytes=65536" "NumSms=1 WarpsPerSm=4 CtasPerSm=2 HeapBytes=16384" \
             "NumSms=1 WarpsPerSm=4 CtasPerSm=2 HeapBytes=4096"; do
    n=$((n + 1))
    t=tmp/fpga_try$n
    log "FPGA: trying $cfg"
    # shellcheck disable=SC2086
    prep $t "${user_ov[@]}" $cfg || continue
    echo "$cfg" > "$out/$t/config.txt"
    # shellcheck disable=SC2086
    bg top $t scord_line_detector --asic --fpga hx8k $fpga_rtl
    bg top $t scord_sm_tracker --asic --fpga hx8k
    wait
    dl=$(val "$out/$t/line_detector/summary.txt" fpga_lc_used)
    tl=$(val "$out/$t/sm_tracker/summary.txt" fpga_lc_used)
    av=$(val "$out/$t/line_detector/summary.txt" fpga_lc_avail)
    ns=$(cut -d, -f1 < "$out/$t/state.csv")
    if [ -n "$dl" ] && [ -n "$tl" ] && [ $((dl + ns * tl)) -le "${av:-0}" ]; then
      echo "yes: detector $dl + $ns x tracker $tl <= $av logic cells" > "$out/$t/system_fit.txt"
      echo "try $n ($cfg): $(cat "$out/$t/system_fit.txt")" >> "$out/tmp/fpga_trials.txt"
      fit=$t
      break
    fi
    echo "no: detector ${dl:-?} + $ns x tracker ${tl:-?} > ${av:-?} logic cells" > "$out/$t/system_fit.txt"
    echo "try $n ($cfg): $(cat "$out/$t/system_fit.txt")" >> "$out/tmp/fpga_trials.txt"
  done
  # The fitting configuration placed as ONE design: the product top rtl_model/scord_top.sv
  # (NumSms trackers with their lane FIFOs, the ordered merge and the line-rate detector).
  if [ -n "$fit" ]; then
    cp -r "$out/$fit" "$out/fpga_fit"
    cp "$out/tmp/fpga_trials.txt" "$out/fpga_fit/trials.txt"
    log "fpga_fit: whole system (trackers + merge + detector) in one design"
    OV=($(cat "$out/fpga_fit/overrides.txt"))
    # shellcheck disable=SC2086
    nice -n 10 "$here/scripts/synth_top.sh" --top scord_top --out "$out/fpga_fit/system" \
      --files "$files" --timeout "$tmo" --fpga hx8k $fpga_rtl "${OV[@]}"
  else
    log "FPGA: no configuration tried fits (see $out/tmp/fpga_trials.txt)"
  fi
}

if [ $fpga_only = 1 ]; then
  if [ $slurm = 1 ]; then
    fpga_unit
    slurm_run || sfail=1
    fpga_gather
  else
    fpga_trials
  fi
  # No sweeps were run, so no plots: only the CSV files of what exists.
  "$here/scripts/collect.sh" "$out" "$state_bin" || exit 1
  log "done: $out"
  exit $sfail
fi

if [ ${#points[@]} -gt 0 ]; then
  # Only the given points, ASIC, each with the tops of --tops.
  for p in "${points[@]}"; do
    pn=${p%%:*} pv=""
    [ "$pn" = "$p" ] || pv=${p#*:}
    IFS=, read -r -a pa <<< "$pv"
    log "point $pn: ${pa[*]:-defaults}"
    prep "sweep_$pn" "${user_ov[@]}" "${pa[@]}" || continue
    # shellcheck disable=SC2086
    for m in $tops; do
      case "$m" in scord_line_detector*) bg top "sweep_$pn" "$m" --asic $line_args ;; *) bg top "sweep_$pn" "$m" --asic ;; esac
    done
  done
  wait
  [ $slurm = 1 ] && { slurm_run || sfail=1; }
  plots_log=$out/plots.log; : > "$plots_log"   # the plots are made for the full sweep: most have no data here
  finish || exit 1
  log "done: $out"
  exit $sfail
fi

if [ $quick = 1 ]; then
  # One SM tracker of the default configuration, and the line-rate detector of a small GPU
  # (quick_cfg, its RTL-only part quick_rtl; the default one takes about 25 minutes of Yosys
  # and is in the full run and --report).  Its summary line says top=scord_line_detector_quick.
  prep default "${user_ov[@]}" || { echo "run.sh: $(cat "$out/default/status.txt")" >&2; exit 2; }
  top default scord_sm_tracker --asic
  # shellcheck disable=SC2086
  prep quick_line $quick_cfg "${user_ov[@]}" || { echo "run.sh: $(cat "$out/quick_line/status.txt")" >&2; exit 2; }
  # shellcheck disable=SC2086
  top quick_line scord_line_detector --asic $quick_rtl
  fail=0
  [ $slurm = 1 ] && { slurm_run || fail=1; }
  for d in default/sm_tracker quick_line/line_detector; do "$here/tests/check_reports.sh" "$out/$d" asic || fail=1; done
  : > "$out/summary.txt"
  sline "$out/default/sm_tracker"
  sline "$out/quick_line/line_detector" scord_line_detector_quick
  for d in default/sm_tracker quick_line/line_detector; do "$here/scripts/units.sh" "$out/$d" || fail=1; done
  cat "$out/default/state.txt"
  exit $fail
fi

if [ $report = 1 ]; then
  # The figures docs/synth.md quotes, one tool run at a time: SKY130 first (with the quick
  # flow's small line-rate detector, whose line synth/summary_csv checks), then the OSU 0.18 um
  # line-rate detector for comparison with the earlier figures.
  lib=sky130 period=4.0
  # shellcheck disable=SC2086
  prep quick_line $quick_cfg "${user_ov[@]}" || exit 2
  # shellcheck disable=SC2086
  top quick_line scord_line_detector --asic $("$state_bin" --variant quick --rtl-chparam)
  [ "$reuse" = 1 ] && [ -d "$out/default" ] && mv "$out/default" "$out/default.reuse"
  prep default "${user_ov[@]}" || exit 2
  if [ -d "$out/default.reuse" ]; then
    for d in "$out/default.reuse"/*/; do [ -f "$d/summary.txt" ] && mv "$d" "$out/default/"; done
    rm -rf "$out/default.reuse"
  fi
  : > "$out/summary.txt"
  top default scord_sm_tracker --asic
  # shellcheck disable=SC2046
  top default scord_line_detector --asic $("$state_bin" --variant synth --rtl-chparam)
  lib=osu018 period=3.0
  # shellcheck disable=SC2046
  top default scord_line_detector_osu018 --asic $("$state_bin" --variant synth_osu018 --rtl-chparam)
  fail=0
  for t in sm_tracker line_detector line_detector_osu018; do
    "$here/tests/check_reports.sh" "$out/default/$t" asic || fail=1
    sline "$out/default/$t"
  done
  "$here/tests/check_reports.sh" "$out/quick_line/line_detector" asic || fail=1
  sline "$out/quick_line/line_detector" scord_line_detector_quick
  for t in line_detector sm_tracker line_detector_osu018; do
    "$here/scripts/units.sh" "$out/default/$t" || fail=1
    "$here/scripts/units.sh" "$out/default/$t" --csv > "$out/units_$t.csv" || fail=1
  done
  command -v gnuplot >/dev/null && { gnuplot -e "outdir='$out'" "$here/plots/units.gp" && log "plot: $out/units.png"; }
  "$here/scripts/summary_csv.sh" "$out/summary.txt" > "$here/summary.csv" && log "wrote $here/summary.csv"
  exit $fail
fi

# ---- Full run, most important first ------------------------------------------------------
log "state budget and metadata overhead"
"$state_bin" --md-sweep "${user_ov[@]}" > "$out/state.txt" || exit 2
"$state_bin" --csv --md-sweep "${user_ov[@]}" | tail -n +2 > "$out/md_overhead.csv"

log "default configuration, ASIC"
prep default "${user_ov[@]}" || exit 2
bg top default scord_sm_tracker --asic --fpga hx8k
# The line-rate detector as co-simulated (scord-sim --detector=line: its RTL defaults, 256
# beats in flight per slice): the line buffer and beat info in macros, the predecessor table in
# flops (docs/synth.md "Line-rate detector").  About 25 minutes of Yosys.
# shellcheck disable=SC2086
bg top default scord_line_detector --asic $line_args
wait

if [ $slurm = 1 ]; then fpga_unit; else fpga_trials; fi

# Sweeps of one parameter from the default (full ASIC synthesis of the tracker and the
# line-rate detector, about 25 minutes each), up to --jobs tool runs at once.
for s in "fence4 FenceIdBits=4" "fence8 FenceIdBits=8" "bloom4 BloomBinBits=4" \
         "bloom16 BloomBinBits=16" "lock2 LockEntries=2" "lock8 LockEntries=8"; do
  set -- $s
  log "sweep $1: $2"
  prep "sweep_$1" "${user_ov[@]}" "$2" || continue
  bg top "sweep_$1" scord_sm_tracker --asic
  # shellcheck disable=SC2086
  bg top "sweep_$1" scord_line_detector --asic $line_args
done

# GPU sizes: the line-rate detector with its whole fence file and one SM tracker; the largest
# first, to overlap the rest (the line-rate detector at 132 SMs: about 20 minutes and 10 GB).
for s in "gpu132x64 NumSms=132 WarpsPerSm=64" "gpu132x32 NumSms=132 WarpsPerSm=32" \
         "gpu80x64 NumSms=80 WarpsPerSm=64" "gpu80x32 NumSms=80 WarpsPerSm=32" \
         "gpu15x64 NumSms=15 WarpsPerSm=64"; do
  set -- $s
  log "sweep $1: $2 $3"
  prep "sweep_$1" "${user_ov[@]}" "$2" "$3" || continue
  # shellcheck disable=SC2086
  bg top "sweep_$1" scord_line_detector --asic $line_args
  bg top "sweep_$1" scord_sm_tracker --asic
done
wait
if [ $slurm = 1 ]; then
  slurm_run || sfail=1
  fpga_gather
fi

finish
: > "$out/summary.txt"
for t in sm_tracker line_detector; do
  [ -f "$out/default/$t/summary.txt" ] && sline "$out/default/$t"
done
log "done: $out"
return $sfail
}

log() { echo "[$(date -u +%H:%M:%S)] $*"; }

# bg CMD...: run CMD in the background once fewer than --jobs runs are under way (with --slurm:
# at once, CMD only adds a unit).
bg() {
  [ "$slurm" = 1 ] && { "$@"; return; }
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  "$@" &
}

# val FILE KEY: the value of KEY in a summary.txt (empty when absent).
val() { sed -n "s/^$2=//p" "$1" 2>/dev/null | head -1; }

# prep NAME OVERRIDE...: validate a configuration with the C model and write NAME/state.*;
# sets OV to the overrides plus the derived widths.  Returns 1 (and writes NAME/status.txt
# "rejected: reason") for a configuration the model rejects, e.g. a metadata entry > 64 bits.
prep() {
  local name=$1; shift
  local d=$out/$name rp err w all=("$@")
  [ "$slurm$sl_resume" = 11 ] || rm -rf "$d"   # a --resume keeps the points already done
  mkdir -p "$d"
  # scord-state takes the C model's parameters and the RTL-only ones (rtl_params.h) alike.
  if ! rp=$("$state_bin" --rtl-params "$@" 2>"$d/state.err"); then
    err=$(cat "$d/state.err")
    echo "rejected: ${err#scord-state: }" > "$d/status.txt"
    log "$name: REJECTED: ${err#scord-state: }"
    return 1
  fi
  "$state_bin" "$@" > "$d/state.txt"
  "$state_bin" --csv "$@" > "$d/state.csv"
  OV=("${all[@]}")
  for w in $rp; do case "$w" in BlockIdBits=*|WarpIdBits=*) OV+=("$w") ;; esac; done
  echo "${OV[*]}" > "$d/overrides.txt"
  echo ok > "$d/status.txt"
}

# top NAME MODULE[_SUFFIX] ARGS...: synth_top.sh for one top of configuration NAME (after prep);
# the reports go to NAME/<module without scord_, with suffix>.
top() {
  local name=$1 mod=$2; shift 2
  local t=$mod sub=${mod#scord_}
  case "$mod" in scord_line_detector_*) t=scord_line_detector ;; esac
  if [ "$slurm" = 1 ]; then
    # One Slurm unit: the reports go to a hidden directory renamed to NAME/SUB when the tool run
    # ends (a killed unit leaves no half-written NAME/SUB).
    local d=$out/$name c
    c=$(printf '%q ' nice -n 10 "$here/scripts/synth_top.sh" --top "$t" --lib "$lib" --out "$d/.$sub.part" --files "$files" \
      --timeout "$tmo" --period "$period" --define SCORD_FENCE_SRAM=$fence_def "$@" "${OV[@]}")
    slurm_unit "$name/$sub" "rm -rf $(printf %q "$d/.$sub.part"); $c; rc=\$?; rm -rf $(printf %q "$d/$sub") && mv $(printf %q "$d/.$sub.part") $(printf %q "$d/$sub") && exit \$rc"
    log "$name: $sub ($*): Slurm unit"
    return 0
  fi
  if [ "$reuse" = 1 ] && grep -q "^fmax_mhz=" "$out/$name/$sub/summary.txt" 2>/dev/null &&
     grep -qx "lib=$lib" "$out/$name/$sub/summary.txt"; then
    log "$name: $sub: reused ($out/$name/$sub)"
    return 0
  fi
  log "$name: $sub ($*)"
  nice -n 10 "$here/scripts/synth_top.sh" --top "$t" --lib "$lib" --out "$out/$name/$sub" --files "$files" \
    --timeout "$tmo" --period "$period" --define SCORD_FENCE_SRAM=$fence_def "$@" "${OV[@]}"
}

# fpga_unit: the FPGA trials (each depends on the last) as ONE Slurm unit, a run.sh --fpga-only
# into tmp/fpga_unit; fpga_gather copies its fpga_fit/ and trial list where fpga_trials puts them.
fpga_unit() {
  [ "$sl_resume" = 1 ] || rm -rf "$out/fpga_fit" "$out/tmp/fpga_unit"
  local c
  c=$(printf '%q ' "$here/run.sh" --fpga-only --out "$out/tmp/fpga_unit" --state-bin "$state_bin" --timeout "$tmo" \
    --period "$period" --fence-sram "$([ $fence_def = 1 ] && echo macro || echo flops)" "${user_ov[@]}")
  slurm_unit "fpga_trials" "rm -rf $(printf %q "$out/tmp/fpga_unit"); $c"
  log "FPGA trials: Slurm unit"
}
fpga_gather() {
  [ "$(slurm_result fpga_trials)" = ok ] || return 0
  local u=$out/tmp/fpga_unit
  rm -rf "$out/fpga_fit"
  [ -d "$u/fpga_fit" ] && cp -r "$u/fpga_fit" "$out/fpga_fit"
  [ -f "$u/tmp/fpga_trials.txt" ] && cp "$u/tmp/fpga_trials.txt" "$out/tmp/fpga_trials.txt"
  return 0
}

# sline DIR [NAME]: the one-line report of a synthesised top (DIR/summary.txt), printed and
# appended to $out/summary.txt: block (NAME when given, else the top), library, corner,
# total/logic/macro area, macros, flops, Fmax at the typical corner and at the slow corner
# (sky130 only).
sline() {
  local l
  l=$(awk -F= -v name="${2:-}" '{ v[$1] = $2 }
    END { lib = (v["lib"] == "osu018") ? "osu018" : "sky130_fd_sc_hd"; c = (v["lib"] == "osu018") ? "typical" : "tt"
          printf "synth top=%s lib=%s corner=%s area_mm2=%.3f logic_mm2=%.3f macro_mm2=%.3f macros=%d flops=%d fmax_mhz=%s slow_fmax_mhz=%s",
            (name == "" ? v["top"] : name), lib, c, v["asic_area_um2"] / 1e6, v["asic_logic_area_um2"] / 1e6, v["asic_macro_area_um2"] / 1e6,
            v["asic_macros"], v["asic_flops"], (v["fmax_mhz"] == "" ? "-" : v["fmax_mhz"]),
            (v["slow_fmax_mhz"] == "" ? "-" : v["slow_fmax_mhz"]) }' "$1/summary.txt")
  echo "$l"
  echo "$l" >> "$out/summary.txt"
}

# finish: CSV files and plots from what exists so far.
finish() {
  log "CSV and plots"
  "$here/scripts/collect.sh" "$out" "$state_bin" || return 1
  if command -v gnuplot >/dev/null; then
    for g in "$here"/plots/*.gp; do
      if [ -n "${plots_log:-}" ]; then
        gnuplot -e "outdir='$out'" "$g" >>"$plots_log" 2>&1 || echo "run.sh: gnuplot failed on $g" >>"$plots_log"
      else
        gnuplot -e "outdir='$out'" "$g" || echo "run.sh: gnuplot failed on $g" >&2
      fi
    done
    [ -n "${plots_log:-}" ] && log "plots: $out/*.png (gnuplot's messages in $plots_log)"
  fi
  return 0
}

main "$@"
exit $?
