// mt64.h -- the 64-bit Mersenne Twister (MT19937-64), drawing exactly std::mt19937_64's numbers
// for the same seed, for scord-rtl-tb's hot loop.  Why not the standard one: libstdc++ keeps its
// operator() out of line and regenerates the state with a data-dependent branch per word; the
// testbench draws about nine numbers a cycle (the event generator and the random stalls, which
// fix each seed's stream), 43 instructions a draw, 5.6 % of a run (docs/performance.md "Profiles").
// test_mt64 compares it with std::mt19937_64 on several seeds over many regenerations.
#pragma once
#include <cstdint>

class Mt64 {
 public:
  using result_type = uint64_t;
  static constexpr unsigned kN = 312, kM = 156;

  explicit Mt64(uint64_t seed) {
    x_[0] = seed;
    for (unsigned i = 1; i < kN; i++) x_[i] = 6364136223846793005ull * (x_[i - 1] ^ (x_[i - 1] >> 62)) + i;
    p_ = kN;
  }
  static constexpr uint64_t min() { return 0; }
  static constexpr uint64_t max() { return ~0ull; }

  uint64_t operator()() {
    if (__builtin_expect(p_ >= kN, 0)) regenerate();
    uint64_t z = x_[p_++];
    z ^= (z >> 29) & 0x5555555555555555ull;
    z ^= (z << 17) & 0x71D67FFFEDA60000ull;
    z ^= (z << 37) & 0xFFF7EEE000000000ull;
    z ^= z >> 43;
    return z;
  }

 private:
  static constexpr uint64_t kUpper = ~0ull << 31, kLower = ~kUpper, kA = 0xB5026F5AA96619E9ull;
  // Word k's new value from words k, k+1 (mod n) and k+m (mod n), the same recurrence as the
  // standard's, with the odd-bit term as a mask instead of a branch.
  static uint64_t twist(uint64_t xk, uint64_t xk1, uint64_t xkm) {
    const uint64_t y = (xk & kUpper) | (xk1 & kLower);
    return xkm ^ (y >> 1) ^ (kA & (0 - (y & 1)));
  }
  __attribute__((noinline)) void regenerate() {
    unsigned k = 0;
    for (; k < kN - kM; k++) x_[k] = twist(x_[k], x_[k + 1], x_[k + kM]);
    for (; k < kN - 1; k++) x_[k] = twist(x_[k], x_[k + 1], x_[k + kM - kN]);
    x_[kN - 1] = twist(x_[kN - 1], x_[0], x_[kM - 1]);
    p_ = 0;
  }
  uint64_t x_[kN];
  unsigned p_;
};
