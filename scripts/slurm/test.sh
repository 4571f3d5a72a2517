#!/bin/sh
# test.sh -- CTest `slurm/cluster` (label slurm): the --slurm paths of scripts/regress.sh and
# synth/run.sh against a real Slurm, not a mock.  Starts a private single-node cluster in a
# temporary directory (scripts/slurm/cluster.sh: munged with a fresh key on a private socket,
# slurmctld -D and slurmd -D, private ports, proctrack/linuxproc, no cgroups), then:
#   1. a small regression (a few quick smoke/rtl tests) locally and through --slurm; one array
#      element is cancelled (scancel) while it runs: the run must exit 1 naming it as lost, and
#      --resume must submit only that unit and complete; the gathered JUnit (test names and
#      verdicts) must equal the local run's;
#   2. a two-point synthesis sweep (synth/run.sh --point, the SM tracker of two small GPUs)
#      locally and through --slurm: configs.csv must be identical.
# The daemons are stopped and the directory removed on every exit.  Exit 77 (CTest SKIP) with
# the reason when the cluster cannot start (not root, packages missing): skipped, never passed.
#   scripts/slurm/test.sh BUILD_DIR
# shellcheck disable=SC2015  # "ok ... || bad ...": ok always succeeds
set -u
[ $# -eq 1 ] || { echo "usage: test.sh BUILD_DIR" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
t0=$(date +%s)
# Quick tests; the first is the one cancelled while it runs, so it must run for several seconds
# (about 10: cosim/default, the victim before, takes under one second since the RTL got faster,
# and finished before the cancel came).
victim=${SCORD_SLURM_TEST_VICTIM:-cosim/builtin_gather}
tests=${SCORD_SLURM_TEST_REGEX:-'^(cosim/builtin_gather|cosim/default|vec-both/basic|vec-rtl/micro|vec-both-stall/litmus)$'}

tmp=$(mktemp -d /tmp/scord-slurm.XXXXXX)
# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
  "$src/scripts/slurm/cluster.sh" stop "$tmp/cluster"
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

"$src/scripts/slurm/cluster.sh" start "$tmp/cluster" 2>"$tmp/cluster.err"
rc=$?
if [ $rc != 0 ]; then
  cat "$tmp/cluster.err"
  [ $rc = 3 ] && { echo "SKIP: no private Slurm cluster on this machine ($(tail -1 "$tmp/cluster.err"))"; exit 77; }
  echo "FAIL: cluster.sh start exited $rc"; exit 1
fi
export SLURM_CONF="$tmp/cluster/slurm.conf" SCORD_SLURM_POLL=1
fail=0
ok() { echo "ok:   $* [$(($(date +%s) - t0)) s]"; }
bad() { echo "FAIL: $*"; fail=1; }
# verdicts XML: "name status" per testcase of a JUnit file, sorted.
verdicts() { sed -n 's/.*<testcase name="\([^"]*\)".* status="\([^"]*\)".*/\1 \2/p' "$1" | sort; }

# ---- 1. regression: local reference, concurrently with the Slurm run ---------------------
"$src/scripts/regress.sh" smoke "$build" --no-build --tests "$tests" --out "$tmp/local" >"$tmp/local.out" 2>&1 &
lpid=$!
"$src/scripts/regress.sh" smoke "$build" --no-build --tests "$tests" --out "$tmp/slurm" --slurm >"$tmp/slurm1.out" 2>&1 &
spid=$!
st=$tmp/slurm/regress-smoke.slurm
# The victim's array element: cancel it once it has run for a second.
killed=""
i=0
while [ $i -lt 120 ] && kill -0 $spid 2>/dev/null; do
  if [ -s "$st/jobs" ]; then
    job=$(cut -d' ' -f1 "$st/jobs" | head -1)
    idx=$(awk -F'\t' -v n="ctest $victim" '$1 == n { print NR }' "$st/units.tsv")
    if [ -n "$idx" ] && squeue -h -j "$job" -t R -o %i | grep -qx "${job}_$idx"; then
      sleep 1
      scancel "${job}_$idx" && killed=${job}_$idx
      break
    fi
  fi
  sleep 0.5; i=$((i + 1))
done
wait $spid; src1=$?
wait $lpid; lrc=$?
sed 's/^/  slurm run: /' "$tmp/slurm1.out"
[ $lrc = 0 ] || { bad "local regression exited $lrc"; cat "$tmp/local.out"; }
if [ -z "$killed" ]; then
  bad "never saw $victim running, could not cancel it"
else
  ok "cancelled array element $killed ($victim) while it ran"
  [ $src1 = 1 ] && ok "the --slurm run exited 1" || bad "the --slurm run exited $src1, want 1"
  grep -q "LOST: ctest $victim " "$tmp/slurm1.out" && ok "the lost unit is named" || bad "no 'LOST: ctest $victim' line"
  [ -f "$st/results/$(printf '%s' "ctest $victim" | tr -c 'A-Za-z0-9_.=-' '_').rc" ] &&
    bad "the cancelled unit has a result"
  # --resume: only the lost unit is submitted, and the run completes.
  "$src/scripts/regress.sh" smoke "$build" --no-build --tests "$tests" --out "$tmp/slurm" --slurm --resume \
    >"$tmp/slurm2.out" 2>&1; src2=$?
  sed 's/^/  resume: /' "$tmp/slurm2.out"
  [ $src2 = 0 ] && ok "--resume exited 0" || bad "--resume exited $src2"
  grep -q "submitted job [0-9]*: 1 of [0-9]* units" "$tmp/slurm2.out" && ok "--resume submitted only the lost unit" ||
    bad "--resume did not submit exactly 1 unit"
fi
n=$(verdicts "$tmp/local/regress-smoke.xml" | wc -l)
if [ "$n" -gt 0 ] && verdicts "$tmp/local/regress-smoke.xml" > "$tmp/v.local" &&
   verdicts "$tmp/slurm/regress-smoke.xml" > "$tmp/v.slurm" && cmp -s "$tmp/v.local" "$tmp/v.slurm"; then
  ok "gathered JUnit equals the local run's ($n tests: $(cut -d' ' -f2 "$tmp/v.local" | sort | uniq -c | tr -s ' ' | tr '\n' ' '))"
else
  bad "gathered JUnit differs from the local run's ($n local tests)"
  diff "$tmp/v.local" "$tmp/v.slurm"
fi
grep -q "tests passed" "$tmp/slurm/regress-smoke.log" && ok "gathered log has CTest's summary line" ||
  bad "gathered log lacks the summary line"

# ---- 2. two-point synthesis sweep, local and through Slurm --------------------------------
small=CtasPerSm=2,RaceBufEntries=2,LockEntries=2,BloomBinBits=4
pts="--point a:NumSms=1,WarpsPerSm=4,$small --point b:NumSms=2,WarpsPerSm=8,$small"
# shellcheck disable=SC2086
SCORD_SYNTH_CACHE=$tmp/cache-local "$src/synth/run.sh" $pts --tops scord_sm_tracker --out "$tmp/synth-local" \
  --state-bin "$build/bin/scord-state" >"$tmp/synth-local.out" 2>&1 &
lpid=$!
# shellcheck disable=SC2086
SCORD_SYNTH_CACHE=$tmp/cache-slurm "$src/synth/run.sh" $pts --tops scord_sm_tracker --out "$tmp/synth-slurm" \
  --state-bin "$build/bin/scord-state" --slurm >"$tmp/synth-slurm.out" 2>&1; ssrc=$?
wait $lpid; slrc=$?
sed 's/^/  synth --slurm: /' "$tmp/synth-slurm.out"
[ $slrc = 0 ] || { bad "local synth/run.sh exited $slrc"; cat "$tmp/synth-local.out"; }
[ $ssrc = 0 ] && ok "synth/run.sh --slurm exited 0" || bad "synth/run.sh --slurm exited $ssrc"
rows=$(grep -c ',ok,' "$tmp/synth-local/configs.csv" 2>/dev/null)
if [ "${rows:-0}" = 2 ] && grep -q '^sweep_a,.*,[0-9.]\{3,\},' "$tmp/synth-local/configs.csv" &&
   cmp -s "$tmp/synth-local/configs.csv" "$tmp/synth-slurm/configs.csv"; then
  ok "configs.csv of the two points identical to the local run's"
else
  bad "configs.csv differs or is incomplete ($rows ok rows locally)"
  diff "$tmp/synth-local/configs.csv" "$tmp/synth-slurm/configs.csv"
fi
[ -s "$tmp/synth-slurm/gpu_size.png" ] && ok "plots written" || bad "no plots"
echo "slurm test: $(($(date +%s) - t0)) s"
exit $fail
