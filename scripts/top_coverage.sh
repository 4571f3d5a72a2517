#!/usr/bin/env bash
# top_coverage.sh -- Verilator line and toggle coverage of scord_top, and the functional coverage
# of the spec's decision steps (docs/spec/detector.md section 5), over the smoke inputs: six
# constrained-random streams (four of them --spread, one of those opening with the barrier
# sweep) and the shipped vector suites, run by the coverage build of scord-rtl-tb.  Merges the
# runs (verilator_coverage), annotates the sources, and ends with
#   coverage: line L % toggle T % steps S/N (scord_top)
# Exit 1 when line or toggle coverage is below its floor, or a run fails.
#   scripts/top_coverage.sh TB OUT_DIR [--line-floor P] [--toggle-floor P] [--events N] VEC...
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 TB OUT_DIR [--line-floor P] [--toggle-floor P] [--events N] VEC..." >&2; exit 2; }
tb=$1 out=$2
shift 2
line_floor=0 toggle_floor=0 events=20000
vecs=()
while [ $# -gt 0 ]; do
  case $1 in
    --line-floor) line_floor=$2; shift 2 ;;
    --toggle-floor) toggle_floor=$2; shift 2 ;;
    --events) events=$2; shift 2 ;;
    -*) echo "top_coverage.sh: unknown option '$1'" >&2; exit 2 ;;
    *) vecs+=("$1"); shift ;;
  esac
done
[ -x "$tb" ] || { echo "top_coverage.sh: $tb: not an executable (build scord-rtl-tb-cov)" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out"
steps="$out/steps.txt"
: >"$steps"
# Seeds 1 and 2: the plain stream (a few hot actors and words); 3 and 4: --spread, three times
# longer, whose hot sets move over every SM, warp, lock word and heap region; 5: --spread into
# an 8-record ring the host leaves unread (the overflow count); 6: --spread opening with the
# barrier sweep (every CTA slot's barrier counter through all its values and round).
for seed in 1 2 3 4 5 6; do
  args=("$events" "$seed")
  [ "$seed" -le 2 ] || args=("$((3 * events))" "$seed" --spread)
  [ "$seed" -ne 5 ] || args=("$events" "$seed" --spread --ring-overflow)
  [ "$seed" -ne 6 ] || args=("$((3 * events))" "$seed" --spread --barrier-sweep)
  SCORD_COV_DIR="$out" "$tb" "${args[@]}" >"$out/random$seed.log" 2>&1 ||
    { tail -n 20 "$out/random$seed.log" >&2; echo "top_coverage.sh: random stream $seed (${args[*]}) failed" >&2; exit 1; }
  grep '^step ' "$out/random$seed.log" >>"$steps" || true
done
if [ ${#vecs[@]} -gt 0 ]; then
  SCORD_COV_DIR="$out" "$tb" --vec "${vecs[@]}" >"$out/vectors.log" 2>&1 ||
    { tail -n 20 "$out/vectors.log" >&2; echo "top_coverage.sh: vector suites failed" >&2; exit 1; }
fi
verilator_coverage --write "$out/merged.dat" "$out"/run*.dat
verilator_coverage --annotate "$out/annotated" --annotate-min 1 "$out/merged.dat" >"$out/annotate.txt"
# Points per kind from the merged file: each line "C '<key>' count", the key holding
# "page<2>v_<kind>/<module>" (<n> is the byte n).  Prints the hit and total points of line and
# toggle; the percentages below are truncated to 0.1, so a figure printed as 90.0 is >= 90.
read -r line_hit line_all toggle_hit toggle_all < <(LC_ALL=C awk '
  /^C / {
    n = $NF
    if (match($0, /page\002v_[a-z]+/)) {
      k = substr($0, RSTART + 7, RLENGTH - 7)
      all[k]++
      if (n > 0) hit[k]++
    }
  }
  END {
    for (k in all) printf "  %-8s %d of %d points\n", k, hit[k], all[k] > "/dev/stderr"
    printf "%d %d %d %d\n", hit["line"], all["line"], hit["toggle"], all["toggle"]
  }' "$out/merged.dat")
pct() { awk -v h="$1" -v a="$2" 'BEGIN { printf "%.1f", a ? int(1000 * h / a) / 10 : 0 }'; }
# 1 when hit/all is below floor percent, compared exactly.
below() { awk -v h="$1" -v a="$2" -v f="$3" 'BEGIN { print (a == 0 || 100 * h < f * a) ? 1 : 0 }'; }
line_pct=$(pct "$line_hit" "$line_all")
toggle_pct=$(pct "$toggle_hit" "$toggle_all")
# Decision steps: a (read/write, step) pair is hit when any random stream decided a lane with it.
# Each line: "step read|write NAME... COUNT [unhit]" (the step's name has spaces).
read -r steps_hit steps_all < <(awk '{ last = ($NF == "unhit") ? NF - 1 : NF; k = $2
    for (i = 3; i < last; i++) k = k " " $i
    n[k] += $last }
  END { h = 0; a = 0
    for (k in n) { a++; if (n[k] > 0) h++; else print "  unhit step: " k > "/dev/stderr" } print h, a }' "$steps")
echo "annotated sources: $out/annotated; per-run logs in $out"
echo "coverage: line $line_pct % toggle $toggle_pct % steps $steps_hit/$steps_all (scord_top)"
status=0
[ "$(below "$line_hit" "$line_all" "$line_floor")" = 0 ] ||
  { echo "top_coverage.sh: line coverage $line_hit/$line_all points is below its floor of $line_floor %" >&2; status=1; }
[ "$(below "$toggle_hit" "$toggle_all" "$toggle_floor")" = 0 ] ||
  { echo "top_coverage.sh: toggle coverage $toggle_hit/$toggle_all points is below its floor of $toggle_floor %" >&2; status=1; }
exit $status
