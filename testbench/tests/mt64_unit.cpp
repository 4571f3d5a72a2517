// mt64_unit.cpp -- Mt64 (testbench/mt64.h) draws exactly std::mt19937_64's numbers: every
// scord-rtl-tb seed's stream depends on it.  Six seeds (0, 1, the standard's default 5489, all
// ones, the stall stream's seed for --seed 1 and an arbitrary one), each over 40 regenerations
// of the state.  Exit 0 when equal, 1 naming the first difference.
#include <cinttypes>
#include <cstdio>
#include <random>

#include "mt64.h"

int main() {
  const uint64_t seeds[] = {0, 1, 5489, ~0ull, 0x9E3779B97F4A7C15ull + 1, 0x123456789ABCDEFull};
  for (uint64_t seed : seeds) {
    std::mt19937_64 want(seed);
    Mt64 got(seed);
    for (unsigned i = 0; i < 40 * Mt64::kN; i++) {
      const uint64_t w = want(), g = got();
      if (w != g) {
        std::printf("FAIL: seed 0x%" PRIx64 ", draw %u: Mt64 0x%016" PRIx64 ", std::mt19937_64 0x%016" PRIx64 "\n",
                    seed, i, g, w);
        return 1;
      }
    }
  }
  std::printf("ok: %zu seeds x %u draws equal\n", sizeof seeds / sizeof seeds[0], 40 * Mt64::kN);
  return 0;
}
