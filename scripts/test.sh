#!/usr/bin/env bash
# test.sh -- the whole test suite (README command 2, also .ci/run): set up, build, run
# every CTest test (JUnit XML in build/junit.xml), then rebuild the C parts with
# AddressSanitizer + UndefinedBehaviorSanitizer in build/asan and run their tests there,
# plus a 30 s libFuzzer run of the vector reader.  The `full` label (long co-simulations,
# for a tape-out sign-off) is left to `scripts/regress.sh full`.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$here/scripts/setup.sh"
echo "== tests (RelWithDebInfo build) =="
ctest --test-dir "$here/build" -j"$jobs" --output-on-failure --output-junit "$here/build/junit.xml" -LE "fuzz|full"
echo "== C parts under AddressSanitizer + UndefinedBehaviorSanitizer =="
CC=clang cmake -S "$here" -B "$here/build/asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSCORD_SANITIZE=ON \
  -DSCORD_FUZZ=ON -DSCORD_WITH_RTL=OFF -DSCORD_WITH_TLM=OFF -DSCORD_WITH_SYNTH=OFF >/dev/null
cmake --build "$here/build/asan" -j"$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$here/build/asan" -j"$jobs" --output-on-failure --output-junit "$here/build/asan/junit.xml" -LE full
