// rtl_port_unit.cpp -- unit test of the parts of cosim/rtl_port.h that need no RTL: the bit-field
// access to wide ports (get_bits, put_bits) against bit loops, and the comparators:
// rtlport::Unordered (the line-rate RTL's order-free comparator, used by test_line_detector and
// scord-sim --detector=both) against naive models, on random streams:
//   - write-backs: a sequence of values written to one entry is accepted exactly when each
//     value can be placed at a position of the C model's value history (the initial value
//     before it) with positions never decreasing; the naive model searches every placement;
//   - races: a multiset, against a count per record;
//   - the whole metadata: differing entries and the lowest one, against a plain map compare;
//   - kernel boundaries: each kernel's writes are checked against its own values.
// Exit 0 when every check holds; otherwise the first failures are printed and the exit is 1.
// Workload: a few hundred thousand small random cases, well under a second.
#include "rtl_port.h"

#include <array>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <random>
#include <vector>

namespace {

unsigned fails = 0;
void fail(const char *what, unsigned trial) {
  if (fails++ < 10) std::fprintf(stderr, "FAIL: %s (trial %u)\n", what, trial);
}

// Values of the random cases: a small alphabet, SCORD_MD_INIT among them, so repeats and
// returns to an earlier value are common.
uint64_t value_of(unsigned k) { return k == 0 ? SCORD_MD_INIT : 0x1000 + k; }

// Naive: can w[0..n) be placed at positions p0 <= p1 <= ... of the history (position -1 holds
// the initial value)?  Every placement is tried.
bool placeable(const std::vector<uint64_t> &h, const std::vector<uint64_t> &w, size_t n, size_t i = 0, long from = -1) {
  if (i == n) return true;
  for (long q = from; q < (long)h.size(); q++) {
    uint64_t v = q < 0 ? SCORD_MD_INIT : h[(size_t)q];
    if (v == w[i] && placeable(h, w, n, i + 1, q)) return true;
  }
  return false;
}

void test_writes(std::mt19937_64 &rng) {
  for (unsigned t = 0; t < 200000; t++) {
    rtlport::Unordered<unsigned> u;
    std::vector<uint64_t> h;  // the C model's values, adjacent repeats dropped (as want_value keeps them)
    unsigned nh = (unsigned)(rng() % 7);
    for (unsigned i = 0; i < nh; i++) {
      uint64_t v = value_of((unsigned)(rng() % 5));
      u.want_value(7, v, i);
      if (h.empty() || h.back() != v) h.push_back(v);
    }
    std::vector<uint64_t> w;
    unsigned nw = 1 + (unsigned)(rng() % 6);
    for (unsigned i = 0; i < nw; i++) w.push_back(value_of((unsigned)(rng() % 5)));
    for (size_t i = 0; i < w.size(); i++) {
      auto got = u.got_write(7, w[i]);
      bool want = placeable(h, w, i + 1);
      if (got.ok != want) {
        fail(want ? "a placeable write-back refused" : "a write-back that goes back or is unknown accepted", t);
        break;
      }
      if (!got.ok) {
        // The report names the last matched value and the next one the C model gives.
        if (got.next && (got.last ? got.next != got.last + 1 : got.next->value != h[0]))
          fail("the next value reported is not the one after the last match", t);
        break;
      }
      if (got.last && got.last->value != w[i]) fail("the last match is not the value written", t);
      if (!got.last && w[i] != SCORD_MD_INIT) fail("no last match for a written value", t);
    }
  }
}

scord_race race_of(unsigned k) {
  scord_race r{};
  r.pc = 0x100 + 8 * (k % 3);
  r.addr = 0x4000 + 4 * (k / 3);
  r.type = (uint8_t)(k % 2);
  return r;
}

void test_races(std::mt19937_64 &rng) {
  for (unsigned t = 0; t < 20000; t++) {
    rtlport::Unordered<unsigned> u;
    std::map<unsigned, unsigned> count;  // naive multiset
    unsigned n = (unsigned)(rng() % 8);
    for (unsigned i = 0; i < n; i++) {
      unsigned k = (unsigned)(rng() % 6);
      u.want_race(race_of(k), i);
      count[k]++;
    }
    unsigned m = (unsigned)(rng() % 10);
    for (unsigned i = 0; i < m; i++) {
      unsigned k = (unsigned)(rng() % 6);
      bool want = count[k] > 0;
      if (want) count[k]--;
      if (u.got_race(race_of(k)) != want) fail(want ? "a wanted race refused" : "a race not (or no longer) wanted accepted", t);
    }
    size_t left = 0;
    for (auto &kv : count) left += kv.second;
    if (u.races_left().size() != left) fail("races left differ from the naive count", t);
    for (auto &kv : u.races_left()) {
      bool found = false;
      for (auto &c : count)
        if (c.second && rtlport::same_race(race_of(c.first), kv.first)) found = true;
      if (!found) fail("a race left that the naive count does not hold", t);
    }
  }
}

void test_store(std::mt19937_64 &rng) {
  for (unsigned t = 0; t < 20000; t++) {
    rtlport::Unordered<unsigned> u;
    std::map<uint64_t, uint64_t> want, rtl;  // entries not named hold SCORD_MD_INIT
    for (unsigned i = (unsigned)(rng() % 12); i > 0; i--) {
      uint64_t e = rng() % 16, v = value_of((unsigned)(rng() % 4));
      u.want_value(e, v, i);
      want[e] = v;
    }
    for (unsigned i = (unsigned)(rng() % 12); i > 0; i--) rtl[rng() % 16] = value_of((unsigned)(rng() % 4));
    uint64_t bad = 0, first = 0;
    for (uint64_t e = 0; e < 16; e++) {
      uint64_t a = rtl.count(e) ? rtl[e] : SCORD_MD_INIT, b = want.count(e) ? want[e] : SCORD_MD_INIT;
      if (a != b && bad++ == 0) first = e;
    }
    auto d = u.compare_store([&](auto visit) {
      for (auto &kv : rtl) visit(kv.first, kv.second);
    }, [&](uint64_t e) { return rtl.count(e) != 0; });
    if (d.count != bad) fail("differing entries counted wrong", t);
    if (bad && (d.index != first || d.rtl != (rtl.count(first) ? rtl[first] : SCORD_MD_INIT) ||
                d.want != (want.count(first) ? want[first] : SCORD_MD_INIT)))
      fail("the first differing entry reported wrong", t);
  }
}

void test_kernels() {
  rtlport::Unordered<unsigned> u;
  u.want_value(1, value_of(1), 0);
  u.want_kernel();
  u.want_value(1, value_of(2), 1);
  if (u.kernels_pending() != 1) fail("one kernel boundary pending", 0);
  if (u.got_write(1, value_of(2)).ok) fail("a later kernel's value accepted in the first", 0);
  if (!u.got_write(1, value_of(1)).ok) fail("the first kernel's value refused", 0);
  if (u.want_value_of(1) != value_of(1)) fail("the first kernel's final value", 0);
  if (!u.got_clear()) fail("the pending boundary not taken", 0);
  if (u.got_clear()) fail("a clear with no boundary pending taken", 0);
  if (!u.got_write(1, SCORD_MD_INIT).ok) fail("the initial value refused after a clear", 0);
  if (!u.got_write(1, value_of(2)).ok) fail("the second kernel's value refused", 0);
  if (u.got_write(1, value_of(1)).ok) fail("the first kernel's value accepted in the second", 0);
}

// get_bits / put_bits on a wide port (32-bit words, as Verilator's VlWide) against a bit loop.
void test_bits(std::mt19937_64 &rng) {
  for (unsigned t = 0; t < 100000; t++) {
    std::array<uint32_t, 6> w, naive;
    for (auto &x : w) x = (uint32_t)rng();
    naive = w;
    unsigned width = 1 + (unsigned)(rng() % 64), lsb = (unsigned)(rng() % (6 * 32 - width + 1));
    uint64_t v = rng();
    uint64_t want = 0;
    for (unsigned i = 0; i < width; i++) want |= (uint64_t)((w[(lsb + i) / 32] >> ((lsb + i) % 32)) & 1) << i;
    if (rtlport::get_bits(w, lsb, width) != want) fail("get_bits differs from the bit loop", t);
    rtlport::put_bits(w, lsb, width, v);
    for (unsigned i = 0; i < width; i++) {
      unsigned b = lsb + i;
      if ((v >> i) & 1) naive[b / 32] |= 1u << (b % 32);
      else naive[b / 32] &= ~(1u << (b % 32));
    }
    if (w != naive) fail("put_bits differs from the bit loop (or touched bits outside the field)", t);
  }
}

}  // namespace

int main() {
  std::mt19937_64 rng(20261128);
  test_writes(rng);
  test_races(rng);
  test_store(rng);
  test_kernels();
  test_bits(rng);
  if (fails) {
    std::fprintf(stderr, "rtl_port_unit: %u failures\n", fails);
    return 1;
  }
  std::printf("rtl_port_unit: Unordered agrees with the naive models (200,000 write sequences, 20,000 race "
              "multisets, 20,000 stores, kernel boundaries); get_bits/put_bits agree with bit loops (100,000 fields)\n");
  return 0;
}
