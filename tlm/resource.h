// resource.h -- the reservation calendar of the loosely-timed TLM model (docs/tlm.md "Coding
// style"): each shared resource (a port, a tag pipeline, an atomic unit, a DRAM bus, a detector
// stage) books the cycles it is busy.  Workload: a few bookings per memory request; a scan only
// when a request arrives before a later booking.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

// A shared resource reserved in loosely-timed style (docs/tlm.md "Coding style"): it serves
// one occupant per cycle, and remembers which cycles of a sliding window are booked. Because the
// SMs run up to a quantum apart, requests do not arrive in time order; a calendar (rather than a
// single "next free" time) lets an earlier request use a gap before a later booking instead of
// queueing behind it. Cycles older than the window are forgotten (treated as free).
struct Resource {
  static constexpr uint64_t kWin = 1u << 14;  // cycles remembered
  std::vector<uint8_t> cal = std::vector<uint8_t>(kWin, 0);
  uint64_t base = 0;  // first cycle still remembered
  uint64_t hi = 0;    // one past the last booked cycle
  uint64_t busy = 0;  // cycles booked in total
  // Book `dur` consecutive cycles starting no earlier than t; returns the first one.
  uint64_t take(uint64_t t, uint64_t dur) {
    // A local pointer: a byte store may alias the vector's own pointer, which the compiler
    // would otherwise reload on every cycle written (this function is the TLM's hottest).
    uint8_t *const c8 = cal.data();
    if (t < base) t = base;
    uint64_t s = t;
    while (s < hi) {  // (t >= hi, the common case when idle, skips the scan)
      uint64_t k = 0;
      while (k < dur && s + k < hi && !c8[(s + k) & (kWin - 1)]) k++;
      if (k == dur || s + k >= hi) break;
      s = s + k + 1;
    }
    uint64_t end = s + dur;
    slide(end);
    for (uint64_t c = s; c < end; c++) c8[c & (kWin - 1)] = 1;
    if (end > hi) hi = end;
    busy += dur;
    return s;
  }
  // Make room for cycles before `end`: forget the oldest ones.
  void slide(uint64_t end) {
    if (end <= base + kWin) return;
    const uint64_t nb = end - kWin;
    if (nb - base >= kWin) std::fill(cal.begin(), cal.end(), 0);
    else for (uint64_t c = base; c < nb; c++) cal[c & (kWin - 1)] = 0;
    base = nb;
  }
};

// Cycles [from, to) of a Resource marked busy whatever is booked there already (a request that
// holds a port while it waits downstream); cycles older than the window are ignored.
inline void resource_hold(Resource &r, uint64_t from, uint64_t to) {
  if (to <= from) return;
  r.slide(to);
  uint8_t *const c8 = r.cal.data();
  for (uint64_t c = std::max(from, r.base); c < to; c++)
    if (!c8[c & (Resource::kWin - 1)]) {
      c8[c & (Resource::kWin - 1)] = 1;
      r.busy++;
    }
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
  // The first cycle at or after t with an entry free.
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
      else for (uint64_t c = base; c < nb; c++) cnt[c & (kWin - 1)] = 0;
      base = nb;
    }
    for (uint64_t c = std::max(from, base); c < to; c++)
      if (cnt[c & (kWin - 1)] < UINT16_MAX) cnt[c & (kWin - 1)]++;
  }
};

