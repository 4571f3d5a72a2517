// fastdiv.h -- division by a divisor fixed at elaboration (line size, slice count, flit size,
// L2 sets) without the divide instruction.  Workload: several divisions per memory transaction
// on the TLM's hot path (a co-simulated run makes 1.3 M metadata transactions, each divided
// about seven times; docs/performance.md "Profiles").  tests/unit.cc checks it against `/` and `%`.
#pragma once
#include <cassert>
#include <cstdint>

struct FastDiv {
  uint64_t d = 1;    // the divisor
  uint64_t m = 0;    // ceil(2^64 / d) when d is not a power of two
  uint64_t lim = 0;  // numerators below this divide exactly by the multiply
  unsigned sh = 0;   // log2(d) when d is a power of two
  bool pow2 = true;
  FastDiv() = default;
  explicit FastDiv(uint64_t divisor) : d(divisor) {
    assert(divisor > 0);
    pow2 = (divisor & (divisor - 1)) == 0;
    if (pow2) {
      sh = (unsigned)__builtin_ctzll(divisor);
    } else {
      // m = ceil(2^64 / d) = m_d with m*d = 2^64 + e, 0 < e < d.  For n = q*d + r,
      // n*m / 2^64 = q + (r + n*e / 2^64) / d, whose floor is q while n*e < 2^64: for every
      // n < 2^64 / d (then n*e < n*d < 2^64).
      m = ~0ull / divisor + 1;
      lim = ~0ull / divisor;
    }
  }
  // Inline on the hot path; the divide instruction out of line (GCC would not inline div()
  // with it in).
  uint64_t div(uint64_t n) const {
    if (pow2) return n >> sh;
    if (__builtin_expect(n < lim, 1)) return (uint64_t)(((unsigned __int128)n * m) >> 64);  // GCC/Clang
    return slow_div(n);
  }
  __attribute__((noinline, cold)) uint64_t slow_div(uint64_t n) const { return n / d; }
  uint64_t mod(uint64_t n) const { return n - div(n) * d; }
  // ceil(n / d) for n + d - 1 without overflow (byte counts, flit counts).
  uint64_t div_up(uint64_t n) const { return div(n + d - 1); }
};
