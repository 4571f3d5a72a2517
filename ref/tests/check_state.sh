#!/usr/bin/env bash
# check_state.sh -- CTest `ref/state`: scord-state against the paper's own figures
# (ScoRD ISCA'20 IV-C: fence file 720 bytes, 152 bytes per SM, about 2.9 KB in total;
# IV-B: metadata 200 % base, 12.5 % with one entry per 16 words) and the 64-bit entry rule
# (detector.md section 4): an entry wider than 64 bits must be rejected, not truncated.
# Usage: check_state.sh PATH/TO/scord-state
set -u
bin=$1
fail=0
check() { # check DESCRIPTION COMMAND...: report and count a failed assertion
  local what=$1; shift
  if "$@"; then echo "ok:   $what"; else echo "FAIL: $what"; fail=1; fi
}
out=$("$bin" --md-sweep) || { echo "FAIL: scord-state exits non-zero on the defaults"; exit 1; }
echo "$out"
check "fence file 720 bytes" grep -q "fence file .* = 5760 bits = 720 bytes" <<< "$out"
check "152 bytes per SM" grep -q "per SM .* = 152 bytes" <<< "$out"
# 720 + 15 * 152 = 3000 bytes = 2.93 KiB: the paper's "about 2.9KB".
check "total about 2.9 KB" grep -q "total .* = 3000 bytes = 2.93 KiB" <<< "$out"
check "200 % metadata at md_ratio 1" grep -q "md_ratio  1:  200.000 %" <<< "$out"
check "12.5 % metadata at md_ratio 16" grep -q "md_ratio 16:   12.500 %" <<< "$out"
# CSV row: the same figures in columns fence_file_bytes, per_sm_bytes, total_state_bytes.
row=$("$bin" --csv NumSms=80 WarpsPerSm=64)
check "csv row for 80 SMs x 64 warps: fence file 80*64*12 bits = 7680 bytes" \
  test "$(cut -d, -f10 <<< "$row")" = 7680
# BloomBinBits=16: 2*16 bloom bits + 8 + 2*6 + 5 + 7 + 4 + 6 = 74 bits > 64: must be rejected.
err=$("$bin" BloomBinBits=16 2>&1 >/dev/null); rc=$?
echo "rejected: $err"
check "entry over 64 bits rejected with exit 2" test "$rc" = 2
check "rejection names 64 bits" grep -q "64" <<< "$err"
err=$("$bin" NoSuchParam=3 2>&1); rc=$?
check "unknown parameter rejected, named" test "$rc" = 2 -a -n "$(grep NoSuchParam <<< "$err")"
exit $fail
