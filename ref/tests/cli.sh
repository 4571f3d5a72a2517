#!/usr/bin/env bash
# cli.sh BINDIR -- every program's command line (CTest ref/cli):
#   PROG --help           exits 0 and prints a usage text on stdout;
#   PROG --no-such-flag   exits 2 and names the flag;
#   PROG <a bad value>    exits 2 and names the flag or the value.
# A program of the list that this configuration does not build (SCORD_WITH_RTL/TLM/SYNTH off)
# is reported SKIPPED; a program in BINDIR missing from the list fails the test, so a new
# program cannot go unchecked.
set -u
bin=${1:?usage: cli.sh BINDIR}

# program | bad-value arguments (space-separated) | text the message must contain
progs=(
  "scord-vec|--config=num_sms=abc|num_sms"
  "scord-accuracy|--config=num_sms=abc|num_sms"
  "scord-bench|-5|-5"
  "scord-gen|app=mm --seed=-1 --out-vec=/dev/null|--seed"
  "scord-gen-modern|app=workq --seed=x --out-vec=/dev/null|--seed"
  "scord-state|NumSms=abc|NumSms"
  "scord-sim|--num_sms=abc|num_sms"
  "scord-rtl-tb|--latency 0x|--latency"
  "scord-rtl-tb-md16|--events 0|--events"
  "scord-rtl-tb-small|--seed x|--seed"
  "scord-rtl-tb-synth|--trace-from x|--trace-from"
  "scord-rtl-tb-synth-osu018|--trace-from x|--trace-from"
  "scord-rtl-tb-cov|--trace w.vcd|--trace"
  "scord-cosim|--latency=65|--latency"
)
# fuzz_vecread (SCORD_FUZZ): a libFuzzer harness; libFuzzer owns its flags.
ignored="fuzz_vecread"

pass=0 fail=0 skip=0
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
# run NAME ARGS...: sets rc and out (stdout+stderr), with a time limit.
run() { out=$(timeout 60 "$@" 2>&1 </dev/null); rc=$?; }

listed=" $ignored "
for spec in "${progs[@]}"; do
  IFS='|' read -r p badargs want <<<"$spec"
  listed+="$p "
  if [ ! -x "$bin/$p" ]; then
    echo "SKIPPED $p (not built in this configuration)"
    skip=$((skip + 1))
    continue
  fi
  ok=1
  help=$(timeout 60 "$bin/$p" --help 2>/dev/null </dev/null); rc=$?
  if [ $rc -ne 0 ] || ! grep -qi 'usage' <<<"$help"; then
    bad "$p" "--help: exit $rc, usage text on stdout: $(grep -ci usage <<<"$help") lines"; ok=0
  fi
  run "$bin/$p" --no-such-flag
  if [ $rc -ne 2 ] || ! grep -qF -- '--no-such-flag' <<<"$out"; then
    bad "$p" "--no-such-flag: exit $rc (want 2), output: $(head -c 300 <<<"$out")"; ok=0
  fi
  # shellcheck disable=SC2086  # badargs is a word list
  run "$bin/$p" $badargs
  if [ $rc -ne 2 ] || ! grep -qF -- "$want" <<<"$out"; then
    bad "$p" "$badargs: exit $rc (want 2 naming '$want'), output: $(head -c 300 <<<"$out")"; ok=0
  fi
  if [ $ok = 1 ]; then echo "ok $p"; pass=$((pass + 1)); fi
done

for f in "$bin"/*; do
  n=$(basename "$f")
  [ -f "$f" ] && [ -x "$f" ] || continue
  case "$n" in test_*) continue ;; esac
  case "$listed" in *" $n "*) ;; *) bad "$n" "not listed in ref/tests/cli.sh" ;; esac
done

echo "cli: $pass passed, $fail failed, $skip skipped (not built)"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
