// resource.h -- the reservation calendar of the loosely-timed TLM model (docs/tlm.md "Coding
// style"): each shared resource (a port, a tag pipeline, an atomic unit, a DRAM bus, a detector
// stage) books the cycles it is busy.  Workload: a few bookings per memory request; a scan only
// when a request arrives before a later booking.
#pragma once
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <vector>

// A shared resource reserved in loosely-timed style (docs/tlm.md "Coding style"): it serves
// one occupant per cycle, and remembers which cycles of a sliding window are booked. Because the
// SMs run up to a quantum apart, requests do not arrive in time order; a calendar (rather than a
// single "next free" time) lets an earlier request use a gap before a later booking instead of
// queueing behind it. Cycles older than the window are forgotten (treated as free).
// The window is a bitmap, one bit per cycle: a request arriving behind a long run of bookings
// (an LD/ST unit held for thousands of cycles by a slow detector's back-pressure) skips 64
// cycles per word instead of testing each (issue 14 item 5; tests/unit.cc checks it against
// the cycle-by-cycle version on random bookings).
struct Resource {
  static constexpr uint64_t kWin = 1u << 14;  // cycles remembered
  // The ring holds twice the window's words, each tagged with the 64-cycle block it holds: the
  // window [base, base + kWin) spans at most kWin/64 + 1 blocks, so no two of them share a
  // slot, and a slot whose tag is not the block asked for reads as free.  Sliding the window
  // is then only moving `base`: it used to clear the old cycles' bits, a load from a word last
  // touched kWin cycles earlier, a cache miss at nearly every booking of the metadata path
  // (issue 14; perf showed it as the hottest instruction of take).
  static constexpr uint64_t kWords = 2 * kWin / 64;
  struct Word {
    uint64_t block = ~0ull;  // cycles [64 * block, 64 * block + 64)
    uint64_t bits = 0;       // one per cycle, set = booked
  };
  std::vector<Word> ring = std::vector<Word>(kWords);
  uint64_t base = 0;  // first cycle still remembered (bits below it are never read)
  uint64_t hi = 0;    // one past the last booked cycle
  uint64_t busy = 0;  // cycles booked in total
  // The booked bits of c's block (0 for a block not held).
  uint64_t word(uint64_t c) const {
    const Word &w = ring[(c >> 6) & (kWords - 1)];
    return w.block == c >> 6 ? w.bits : 0;
  }
  // The booked bits of c's block, for writing (the slot taken over if it held an older block).
  uint64_t &word_ref(uint64_t c) {
    Word &w = ring[(c >> 6) & (kWords - 1)];
    if (w.block != c >> 6) {
      assert(w.block == ~0ull || w.block < c >> 6);  // never a block newer than the window
      w.block = c >> 6;
      w.bits = 0;
    }
    return w.bits;
  }
  // The first free cycle in [c, lim), or lim.  (c >= base; cycles at or after hi are free.)
  uint64_t next_free(uint64_t c, uint64_t lim) const {
    while (c < lim) {
      const uint64_t f = ~word(c) >> (c & 63);
      if (f) return std::min(lim, c + (uint64_t)__builtin_ctzll(f));
      c += 64 - (c & 63);
    }
    return lim;
  }
  // The first booked cycle in [c, lim), or lim.
  uint64_t next_busy(uint64_t c, uint64_t lim) const {
    while (c < lim) {
      const uint64_t b = word(c) >> (c & 63);
      if (b) return std::min(lim, c + (uint64_t)__builtin_ctzll(b));
      c += 64 - (c & 63);
    }
    return lim;
  }
  // Book `dur` consecutive cycles starting no earlier than t; returns the first one: the first
  // run of `dur` free cycles, a run reaching `hi` counting as long enough.
  uint64_t take(uint64_t t, uint64_t dur) {
    if (t < base) t = base;
    uint64_t s = t;
    while (s < hi) {  // (t >= hi, the common case when idle, skips the scan)
      s = next_free(s, hi);
      const uint64_t b = next_busy(s, std::min(hi, s + dur));
      if (b == std::min(hi, s + dur)) break;
      s = b + 1;
    }
    const uint64_t end = s + dur;
    slide(end);
    set_range(s, end);  // (a run found free: cycles at or after hi are never booked)
    busy += dur;
    if (end > hi) hi = end;
    return s;
  }
  // Mark cycles [from, to) booked (all inside the window); returns how many were booked already.
  uint64_t set_range(uint64_t from, uint64_t to) {
    assert(from >= base && to <= base + kWin);
    uint64_t had = 0;
    while (from < to) {
      const uint64_t off = from & 63, n = std::min<uint64_t>(64 - off, to - from);
      const uint64_t m = (n == 64 ? ~0ull : ((1ull << n) - 1)) << off;
      uint64_t &x = word_ref(from);
      had += (uint64_t)__builtin_popcountll(x & m);
      x |= m;
      from += n;
    }
    return had;
  }
  // Make room for cycles before `end`: forget the oldest ones.
  void slide(uint64_t end) {
    if (end > base + kWin) base = end - kWin;
  }
};

// Cycles [from, to) of a Resource marked busy whatever is booked there already (a request that
// holds a port while it waits downstream); cycles older than the window are ignored.
inline void resource_hold(Resource &r, uint64_t from, uint64_t to) {
  if (to <= from) return;
  r.slide(to);
  from = std::max(from, r.base);
  if (from < to) r.busy += (to - from) - r.set_range(from, to);
  if (to > r.hi) r.hi = to;
}

// A buffer of `cap` entries in the same loosely-timed style: how many entries are held at each
// cycle of a sliding window.  Requests do not arrive in time order (the detector's metadata
// accesses come ahead of SystemC time), so a ring of "the entry used cap requests ago" would
// make a request wait for a later one; the count per cycle does not.
struct Occupancy {
  static constexpr uint64_t kWin = 1u << 14;
  // As Resource's ring: twice the window in 64-cycle blocks, each tagged with the block it
  // holds, so sliding the window clears nothing (it used to memset the old cycles' counts, cold
  // memory, at nearly every hold); a block is zeroed when a hold first writes it.
  static constexpr uint64_t kBlocks = 2 * kWin / 64;
  struct Block {
    uint64_t block = ~0ull;  // cycles [64 * block, 64 * block + 64)
    uint16_t cnt[64] = {};   // entries held at each cycle
  };
  std::vector<Block> ring = std::vector<Block>(kBlocks);
  uint64_t base = 0;  // first cycle still remembered
  uint64_t cap;
  explicit Occupancy(uint64_t capacity = 1) : cap(capacity) {}
  // Entries held at cycle c (0 in a block not held).
  uint16_t count(uint64_t c) const {
    const Block &b = ring[(c >> 6) & (kBlocks - 1)];
    return b.block == c >> 6 ? b.cnt[c & 63] : 0;
  }
  // The first cycle at or after t with an entry free.  (Only that cycle is checked: an entry
  // then held over later cycles where all are taken counts one over capacity there, which
  // the model accepts, as the requests' holds are decided in call order.)
  uint64_t admit(uint64_t t) const {
    if (t < base) t = base;
    while (t < base + kWin && count(t) >= cap) t++;
    return t;
  }
  // An entry held over cycles [from, to).
  void hold(uint64_t from, uint64_t to) {
    if (to > base + kWin) base = to - kWin;  // slide the window: forget the oldest cycles
    // Block by block, with a branch-free saturating increment in 8 lanes at once (entries can
    // be held for hundreds of cycles: a DRAM request waiting for its bank).
    for (uint64_t c = std::max(from, base); c < to;) {
      Block &b = ring[(c >> 6) & (kBlocks - 1)];
      if (b.block != c >> 6) {
        assert(b.block == ~0ull || b.block < c >> 6);  // never a block newer than the window
        b.block = c >> 6;
        std::memset(b.cnt, 0, sizeof b.cnt);
      }
      const uint64_t i = c & 63, n = std::min(to - c, 64 - i);
      uint16_t *const p = b.cnt + i;
      uint64_t k = 0;
      typedef uint16_t V8 __attribute__((vector_size(16)));  // GCC/Clang vector extension
      for (; k + 8 <= n; k += 8) {
        V8 v;
        std::memcpy(&v, p + k, sizeof v);
        v -= (V8)(v != (V8){} + UINT16_MAX);  // a true lane of the compare is all ones: +1
        std::memcpy(p + k, &v, sizeof v);
      }
      for (; k < n; k++) p[k] = (uint16_t)(p[k] + (p[k] != UINT16_MAX));
      c += n;
    }
  }
};
