// event_gen.h -- the constrained-random event stream of the RTL testbenches (scord-rtl-tb,
// scord-top-tb): a few hot actors (three blocks of three warps), lock acquire/release atomics on
// two lock words inside the heap window and two outside, data words mostly from a small hot set
// (hazards, races), some aliases (tag misses) and some outside the window, fences of each scope,
// barriers, CTA starts and kernel boundaries.  A seed gives one stream whatever the compiler.
// Spread (scord-rtl-tb --spread, the coverage runs): every kEpoch events the hot actors, lock
// words and hot data words move (every SM, block, warp and heap region gets its turn, so every
// id and address bit toggles), pcs span PcBits and atomic values 32 bits; conflicts stay as
// frequent as in the plain stream within an epoch.
// Barrier sweep (scord-rtl-tb --barrier-sweep): the stream opens by walking every CTA slot of every
// SM in turn; each slot counts through every barrier id and wraps (2^BarrierIdBits + 1..16
// barriers, no kernel boundary meanwhile), with accesses and fences of that slot between them so
// the high barrier ids reach the packets and the metadata.  The ordinary stream follows.
#ifndef SCORD_TB_EVENT_GEN_H
#define SCORD_TB_EVENT_GEN_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "mt64.h"
#include "scord/scord.h"

struct Gen {
  Mt64 rng;  // std::mt19937_64's stream (mt64.h)
  scord_params p;
  uint64_t entries;  // metadata entries N
  struct Actor { uint16_t sm, cta, warp; };
  std::vector<Actor> actors;
  std::vector<uint64_t> locks;
  unsigned kernel_permille;
  bool wide;  // also warp-wide accesses (up to 32 lanes, byte to 32-byte strides)
  bool spread;  // move the hot sets every kEpoch events (see the header)
  static constexpr uint64_t kEpoch = 1500;
  uint64_t count = 0;     // events drawn
  uint64_t hot_base = 0;  // byte offset of the hot data words in the heap (spread only)
  unsigned pc_bits;       // spread: pcs are drawn over this many bits
  bool sweep = false;     // open with the barrier sweep (see the header)
  uint64_t sweep_slot = 0;  // the CTA slot (sm * ctas_per_sm + cta) the sweep is at
  uint64_t sweep_left = 0;  // barriers still to come at that slot (0: draw the count)

  Gen(uint64_t seed, const scord_params &pp, unsigned kpm, bool wide_accesses = false, bool spread_sets = false,
      unsigned pc_width = 0)
      : rng(seed), p(pp), kernel_permille(kpm), wide(wide_accesses), spread(spread_sets), pc_bits(pc_width) {
    entries = p.heap_bytes / p.granule / p.md_ratio;
    // Three blocks with three warps each, so same-block and same-warp cases are common.
    for (int b = 0; b < 3; b++) {
      Actor a = rand_actor();
      for (int w = 0; w < 3; w++) {
        a.warp = (uint16_t)u(p.warps_per_sm);
        actors.push_back(a);
      }
    }
    // Two lock words inside the window (also checked as data), two outside.
    locks = {p.heap_base + 0x200, p.heap_base + 0x204, 0x1000, 0x1004 + 4 * p.bloom_bin_bits};
  }
  uint64_t u(uint64_t n) { return n ? rng() % n : 0; }
  // Spread: new hot actors, lock words and hot data words.
  void new_epoch() {
    for (size_t b = 0; b < actors.size(); b += 3) {
      Actor a = rand_actor();
      for (size_t w = b; w < b + 3 && w < actors.size(); w++) {
        a.warp = (uint16_t)u(p.warps_per_sm);
        actors[w] = a;
      }
    }
    const uint64_t span = p.heap_bytes / p.md_ratio;  // one alias slot: no tag misses but the drawn ones
    hot_base = 4 * u((span - 4096) / 4) & ~(uint64_t)127;
    const uint64_t lock_in = p.heap_base + hot_base + 0x200;
    const uint64_t below = p.heap_base > 0x10000 ? p.heap_base - 0x10000 : 0;
    const uint64_t above = p.heap_base + p.heap_bytes;
    const uint64_t top = p.addr_bits < 64 ? (1ull << p.addr_bits) : UINT64_MAX;
    const uint64_t lock_out = (pct(50) || above + 0x10000 >= top) ? 0x1000 + 4 * u(below / 4)
                                                                  : above + 4 * u((top - above - 0x10000) / 4);
    locks = {lock_in, lock_in + 4, lock_out, lock_out + 4 + 4 * p.bloom_bin_bits};
  }
  bool pct(unsigned x) { return u(100) < x; }
  Actor rand_actor() {
    return Actor{(uint16_t)u(p.num_sms), (uint16_t)u(p.ctas_per_sm), (uint16_t)u(p.warps_per_sm)};
  }
  Actor actor() { return pct(85) ? actors[u(actors.size())] : rand_actor(); }
  // A data word: mostly a small hot set (hazards, races), some aliases (tag misses),
  // some outside the window.
  uint64_t data_addr() {
    unsigned r = (unsigned)u(100);
    // One draw per statement: C++ leaves the order of the operands of + unspecified (GCC
    // draws the right one first, clang the left), and a seed must give one stream whatever
    // the compiler.  The order below is GCC's, the one every recorded seed used.
    if (r < 80) {
      const uint64_t byte = u(4);
      const uint64_t word = u(40);
      return p.heap_base + hot_base + 4 * word + byte * (r < 5);
    }
    if (r < 90 && p.md_ratio > 1) {
      const uint64_t word = u(40);
      const uint64_t slot = u(p.md_ratio);
      return p.heap_base + hot_base + slot * entries * p.granule + 4 * word;
    }
    if (r < 95) return p.heap_base + 4 * u(p.heap_bytes / 4);
    return pct(50) ? p.heap_base - 4 * (1 + u(16)) : p.heap_base + p.heap_bytes + 4 * u(16);
  }
  // One event of the barrier sweep: a barrier of the current slot three times in four, else an
  // access or a fence by one of its warps.
  scord_event sweep_next() {
    scord_event e;
    std::memset(&e, 0, sizeof e);
    e.n = 1;
    e.stride = 4;
    e.sm = (uint16_t)(sweep_slot / p.ctas_per_sm);
    e.cta = (uint16_t)(sweep_slot % p.ctas_per_sm);
    e.warp = (uint16_t)u(p.warps_per_sm);
    e.pc = 0x10 * u(64);
    if (sweep_left == 0) sweep_left = (1ull << p.barrier_id_bits) + 1 + u(16);
    if (pct(75)) {
      e.type = SCORD_EV_BAR;
      if (--sweep_left == 0) sweep_slot++;
    } else if (pct(85)) {
      e.type = pct(50) ? SCORD_EV_LD : SCORD_EV_ST;
      e.addr = data_addr();
    } else {
      e.type = SCORD_EV_FENCE;
      e.scope = (uint8_t)(pct(50) ? SCORD_SCOPE_CTA : SCORD_SCOPE_GPU);
    }
    return e;
  }
  scord_event next() {
    if (sweep && sweep_slot < p.num_sms * p.ctas_per_sm) return sweep_next();
    scord_event e;
    std::memset(&e, 0, sizeof e);
    e.n = 1;
    e.stride = 4;
    if (spread && count++ % kEpoch == 0) new_epoch();
    e.pc = !(spread && pc_bits) ? 0x10 * u(64) : pc_bits >= 64 ? rng() : u(1ull << pc_bits);
    Actor a = actor();
    e.sm = a.sm;
    e.cta = a.cta;
    e.warp = a.warp;
    unsigned r = (unsigned)u(1000);
    if (r < kernel_permille) {
      e.type = SCORD_EV_KERNEL;
      return e;
    }
    r = (unsigned)u(100);
    if (r < 30 || r >= 96) {
      e.type = pct(55) ? SCORD_EV_LD : SCORD_EV_ST;
      e.is_volatile = pct(50);
      e.addr = data_addr();
      if (pct(20)) {
        e.n = (uint8_t)(2 + u(7));
        e.stride = pct(70) ? 4 : 8 * (1 + u(4));
      }
      // Warp-wide: a whole line and into the next, or several lanes on one word (stride 1
      // or 2: one entry checked by up to 4 lanes of one instruction).  Drawn only when wide,
      // so the narrow stream of a seed stays what it was.
      if (wide && pct(30)) {
        e.n = (uint8_t)(9 + u(24));
        const uint64_t s = u(4);
        e.stride = s == 0 ? 1 : s == 1 ? 2 : 4 << u(4);
        if (e.addr > p.heap_base + p.heap_bytes - 32 * e.stride && e.addr < p.heap_base + p.heap_bytes)
          e.addr = p.heap_base + hot_base + 4 * u(40);
      }
    } else if (r < 55) {
      e.type = pct(50) ? SCORD_EV_LD : SCORD_EV_ST;
      e.is_volatile = pct(50);
      e.addr = data_addr();
    } else if (r < 73) {
      e.type = SCORD_EV_ATOM;
      e.scope = (uint8_t)(pct(45) ? SCORD_SCOPE_CTA : pct(80) ? SCORD_SCOPE_GPU : SCORD_SCOPE_SYS);
      unsigned k = (unsigned)u(100);
      if (k < 40) {  // lock acquire attempt
        e.op = SCORD_OP_CAS;
        e.addr = locks[u(locks.size())];
        e.has_cmp = e.has_val = e.has_old = !pct(10);
        e.cmp = pct(90) ? 0 : 1;
        e.val = pct(90) ? 1 : 2;
        e.old = pct(75) ? 0 : 1;
        lock_lanes(e);
      } else if (k < 65) {  // release
        e.op = SCORD_OP_EXCH;
        e.addr = locks[u(locks.size())];
        e.has_val = !pct(10);
        e.val = pct(85) ? 0 : 3;
        lock_lanes(e);
      } else {
        e.op = (uint8_t)u(SCORD_OP_COUNT);
        e.addr = data_addr();
        e.has_cmp = pct(50);
        e.has_val = pct(50);
        e.has_old = pct(50);
        e.cmp = (uint32_t)u(2);
        e.val = (uint32_t)u(2);
        e.old = (uint32_t)u(2);
        if (spread && pct(50)) {
          const uint32_t v = (uint32_t)rng();
          e.cmp = v;
          e.val = (uint32_t)rng();
          e.old = pct(50) ? v : (uint32_t)rng();
        }
        if (pct(10)) e.n = (uint8_t)(2 + u(3));
      }
    } else if (r < 88) {
      e.type = SCORD_EV_FENCE;
      e.scope = (uint8_t)(pct(45) ? SCORD_SCOPE_CTA : pct(80) ? SCORD_SCOPE_GPU : SCORD_SCOPE_SYS);
    } else if (r < 94) {
      e.type = SCORD_EV_BAR;
    } else {
      e.type = SCORD_EV_CTA;
      e.first_warp = (uint16_t)u(p.warps_per_sm);
      e.warps = (uint16_t)(1 + u(std::min<uint64_t>(4, p.warps_per_sm - e.first_warp)));
    }
    return e;
  }

 private:
  // Wide streams: now and then a lock atomic of several lanes (the tracker applies their
  // lock-table effects one lane at a time, in lane order).  Stride 256 gives every lane the
  // same lock-word hash, (addr >> 2) mod 64: the acquire's "already held" case inside one
  // instruction.  Drawn only when wide, so the narrow stream of a seed stays what it was.
  void lock_lanes(scord_event &e) {
    if (!wide || !pct(15)) return;
    e.n = (uint8_t)(2 + u(4));
    const uint64_t s = u(3);
    e.stride = s == 0 ? 4 : s == 1 ? 256 : 4 * (2 + u(7));
  }
};


#endif
