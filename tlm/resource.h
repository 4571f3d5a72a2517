// resource.h -- the reservation calendar of the loosely-timed TLM model (docs/tlm.md "Coding
// style"): each shared resource (a port, a tag pipeline, an atomic unit, a DRAM bus, a detector
// stage) books the cycles it is busy.  Workload: a few bookings per memory request; a scan only
// when a request arrives before a later booking.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

// A shared resource reserved in loosely-timed style (docs/tlm.md "Timing style"): it serves
// one occupant per cycle, and remembers which cycles of a sliding window are booked. Because the
// SMs run up to a quantum apart, requests do not arrive in time order; a calendar (rather than a
// single "next free" time) lets an earlier request use a gap before a later booking instead of
// queueing behind it. Cycles older than the window are forgotten (treated as free).
// The window is a bitmap, one bit per cycle: a request arriving behind a long run of bookings
// (an LD/ST unit held for thousands of cycles by a slow detector's back-pressure) skips 64
// cycles per word instead of testing each (tests/unit.cc checks it against
// the cycle-by-cycle version on random bookings).
// Forgetting is lazy: the ring holds twice the window, and the cycles that fell out of it are
// cleared once they make a chunk (kClear), not on every booking that moves the window (the
// clearing was a quarter of a booking's cost).  Nothing reads below `base`.
struct Resource {
  static constexpr uint64_t kWin = 1u << 14;   // cycles remembered
  static constexpr uint64_t kRing = 2 * kWin;  // bits kept: the window and the stale cycles below it
  static constexpr uint64_t kMask = kRing - 1;
  static constexpr uint64_t kClear = 1u << 12;  // stale cycles cleared at once (kWin + kClear <= kRing)
  std::vector<uint64_t> bits = std::vector<uint64_t>(kRing / 64, 0);
  uint64_t base = 0;     // first cycle still remembered
  uint64_t cleared = 0;  // every booked bit is of a cycle in [cleared, hi); base - cleared < kClear
  uint64_t hi = 0;    // one past the last booked cycle
  uint64_t busy = 0;  // cycles booked in total
  // The first free cycle in [c, lim), or lim.  (c >= base; cycles at or after hi are free.)
  uint64_t next_free(uint64_t c, uint64_t lim) const {
    const uint64_t *const w = bits.data();
    while (c < lim) {
      const uint64_t f = ~w[(c & kMask) >> 6] >> (c & 63);
      if (f) return std::min(lim, c + (uint64_t)__builtin_ctzll(f));
      c += 64 - (c & 63);
    }
    return lim;
  }
  // The first booked cycle in [c, lim), or lim.
  uint64_t next_busy(uint64_t c, uint64_t lim) const {
    const uint64_t *const w = bits.data();
    while (c < lim) {
      const uint64_t b = w[(c & kMask) >> 6] >> (c & 63);
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
    book(s, end);  // (a run found free: cycles at or after hi are never booked)
    busy += dur;
    if (end > hi) hi = end;
    return s;
  }
  // Bits [off, off + n) of a word, 0 < n < 64.
  static uint64_t span_mask(uint64_t off, uint64_t n) { return ((1ull << n) - 1) << off; }
  // Mark free cycles [from, to) booked: one word for a short booking, else set_range.
  void book(uint64_t from, uint64_t to) {
    const uint64_t off = from & 63, n = to - from;
    if (off + n < 64) bits[(from & kMask) >> 6] |= span_mask(off, n);
    else set_range(from, to);
  }
  // Mark cycles [from, to) booked (all inside the window); returns how many were booked already.
  // A partial first word, whole words with one store each (the SM's LD/ST unit held behind a slow
  // detector books runs of about a thousand cycles: docs/performance.md "How the simulators were
  // made fast"), a partial last word.
  uint64_t set_range(uint64_t from, uint64_t to) {
    uint64_t *const w = bits.data();
    uint64_t had = 0;
    auto part = [&](uint64_t m) {
      uint64_t &x = w[(from & kMask) >> 6];
      had += (uint64_t)__builtin_popcountll(x & m);
      x |= m;
    };
    if (from < to && (from & 63)) {
      const uint64_t n = std::min<uint64_t>(64 - (from & 63), to - from);
      part(span_mask(from & 63, n));
      from += n;
    }
    for (; to - from >= 64; from += 64) part(~0ull);
    if (from < to) part(span_mask(0, to - from));
    return had;
  }
  // Make room for cycles before `end`: forget the oldest ones, clearing them a chunk at a time
  // (in the same three parts as set_range).
  void slide(uint64_t end) {
    if (end <= base + kWin) return;
    base = end - kWin;
    if (base - cleared < kClear) return;
    // [cleared, base) and the booked cycles left, [base, hi), span less than kRing: disjoint
    // in the ring.
    if (base - cleared >= kRing) {
      std::fill(bits.begin(), bits.end(), 0);
    } else {
      uint64_t *const w = bits.data();
      uint64_t c = cleared;
      if (c & 63) {
        const uint64_t n = std::min<uint64_t>(64 - (c & 63), base - c);
        w[(c & kMask) >> 6] &= ~span_mask(c & 63, n);
        c += n;
      }
      for (; base - c >= 64; c += 64) w[(c & kMask) >> 6] = 0;
      if (c < base) w[(c & kMask) >> 6] &= ~span_mask(0, base - c);
    }
    cleared = base;
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
  std::vector<uint16_t> cnt = std::vector<uint16_t>(kWin, 0);
  uint64_t base = 0;  // first cycle still remembered
  uint64_t cap;
  explicit Occupancy(uint64_t capacity = 1) : cap(capacity) {}
  // The first cycle at or after t with an entry free.  (Only that cycle is checked: an entry
  // then held over later cycles where all are taken counts one over capacity there, which
  // the model accepts, as the requests' holds are decided in call order.)
  uint64_t admit(uint64_t t) const {
    if (t < base) t = base;
    while (t < base + kWin && cnt[t & (kWin - 1)] >= cap) t++;
    return t;
  }
  // An entry held over cycles [from, to).
  void hold(uint64_t from, uint64_t to) {
    if (to > base + kWin) {  // slide the window: forget the oldest cycles
      const uint64_t nb = to - kWin;
      if (nb - base >= kWin) std::fill(cnt.begin(), cnt.end(), 0);
      else
        for (uint64_t c = base; c < nb;) {  // in at most two pieces of the ring
          const uint64_t i = c & (kWin - 1), n = std::min(nb - c, kWin - i);
          std::memset(cnt.data() + i, 0, n * sizeof(uint16_t));
          c += n;
        }
      base = nb;
    }
    // In at most two contiguous pieces of the ring, with a branch-free saturating increment
    // in 8 lanes at once (entries can be held for hundreds of cycles: a DRAM request waiting
    // for its bank).
    uint16_t *const c16 = cnt.data();
    for (uint64_t c = std::max(from, base); c < to;) {
      const uint64_t i = c & (kWin - 1), n = std::min(to - c, kWin - i);
      uint16_t *const p = c16 + i;
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

