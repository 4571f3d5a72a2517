// unit.cc -- unit tests of TLM-model pieces that the system tests do not pin down exactly: the
// reservation calendar (gaps used out of order, window slide) and the trace reader/writer
// (every field survives a write and a read back). Exit 0 when every check passes.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <systemc>

#include "fastdiv.h"
#include "addr_map.h"
#include "resource.h"
#include "trace.h"

static int failures = 0;
#define CHECK(cond)                                                       \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                         \
    }                                                                     \
  } while (0)

// Resource::take books the first free gap at or after t, even before later bookings.
static void test_resource() {
  Resource r;
  CHECK(r.take(10, 2) == 10);  // 10-11
  CHECK(r.take(5, 2) == 5);    // 5-6: before the later booking
  CHECK(r.take(6, 3) == 7);    // 6 busy; 7-9 free
  CHECK(r.take(8, 1) == 12);   // 8,9,10,11 busy
  CHECK(r.take(0, 1) == 0);
  CHECK(r.busy == 9);
  // Far in the future: the window slides and old cycles are forgotten.
  uint64_t far = 10 * Resource::kWin;
  CHECK(r.take(far, 4) == far);
  CHECK(r.take(far + 1, 1) == far + 4);
  CHECK(r.take(5, 1) >= r.base);  // older than the window: clamped to its start
  CHECK(r.take(far - 10, 20) == far + 5);  // no 20-cycle gap before far: after the bookings
}

// The calendar as it was before the bitmap (one byte per cycle, tested cycle by cycle): the
// naive version the bitmap must agree with exactly (the same first cycle for every booking,
// the same busy count), on random bookings and holds, near, far and out of order.
struct NaiveResource {
  static constexpr uint64_t kWin = Resource::kWin;
  std::vector<uint8_t> cal = std::vector<uint8_t>(kWin, 0);
  uint64_t base = 0, hi = 0, busy = 0;
  void slide(uint64_t end) {
    if (end <= base + kWin) return;
    const uint64_t nb = end - kWin;
    if (nb - base >= kWin) std::fill(cal.begin(), cal.end(), 0);
    else for (uint64_t c = base; c < nb; c++) cal[c & (kWin - 1)] = 0;
    base = nb;
  }
  uint64_t take(uint64_t t, uint64_t dur) {
    if (t < base) t = base;
    uint64_t s = t;
    while (s < hi) {
      uint64_t k = 0;
      while (k < dur && s + k < hi && !cal[(s + k) & (kWin - 1)]) k++;
      if (k == dur || s + k >= hi) break;
      s = s + k + 1;
    }
    slide(s + dur);
    for (uint64_t c = s; c < s + dur; c++) cal[c & (kWin - 1)] = 1;
    if (s + dur > hi) hi = s + dur;
    busy += dur;
    return s;
  }
  void hold(uint64_t from, uint64_t to) {
    if (to <= from) return;
    slide(to);
    for (uint64_t c = std::max(from, base); c < to; c++)
      if (!cal[c & (kWin - 1)]) {
        cal[c & (kWin - 1)] = 1;
        busy++;
      }
    if (to > hi) hi = to;
  }
};

static void test_resource_naive() {
  Resource r;
  NaiveResource n;
  uint64_t x = 88172645463325252ull, now = 0, bad = 0;
  auto rnd = [&x]() { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x; };
  for (int i = 0; i < 200000 && bad < 5; i++) {
    const uint64_t k = rnd() % 100;
    now += rnd() % 3;
    if (k < 2) now += rnd() % (3 * Resource::kWin);                // a jump: the window slides
    const uint64_t t = now - std::min(now, rnd() % 300);             // out of order
    if (k < 90) {
      // mostly short, some either side of find_run_short's 64, some long
      const uint64_t dur = 1 + (k < 75 ? rnd() % 4 : k < 85 ? 60 + rnd() % 8 : rnd() % 200);
      const uint64_t a = r.take(t, dur), b = n.take(t, dur);
      if (a != b) bad++;
    } else {
      const uint64_t len = rnd() % (k < 98 ? 50 : 5000);
      resource_hold(r, t, t + len);
      n.hold(t, t + len);
    }
    if (r.busy != n.busy || r.hi != n.hi || r.base != n.base) bad++;
  }
  CHECK(bad == 0);
}

// Occupancy's vectorised count against a plain per-cycle count: the same admissions on random
// holds of every length (pieces of 8 cycles and their tails, across the ring's end).
static void test_occupancy_naive() {
  Occupancy q(3);
  std::vector<uint32_t> naive;  // held entries per absolute cycle
  uint64_t x = 2463534242ull, bad = 0;
  auto rnd = [&x]() { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x; };
  for (int i = 0; i < 20000; i++) {
    const uint64_t from = 3 * Occupancy::kWin / 4 + rnd() % Occupancy::kWin / 4, len = rnd() % 300;
    if (rnd() % 2) {
      q.hold(from, from + len);
      if (naive.size() < from + len) naive.resize(from + len, 0);
      for (uint64_t c = from; c < from + len; c++) naive[c]++;
    } else {
      uint64_t want = from;
      while (want < naive.size() && naive[want] >= 3) want++;
      if (q.admit(from) != want) bad++;
    }
  }
  CHECK(bad == 0);
  // Time moving on over many windows (the ring's slots reused by later blocks), with holds and
  // admissions up to 300 cycles out of order: cycles older than the window are free.
  Occupancy m(2);
  std::vector<uint32_t> cnt;
  uint64_t now = 0, nbase = 0;
  for (int i = 0; i < 200000; i++) {
    now += rnd() % 4;
    if (rnd() % 500 == 0) now += rnd() % (3 * Occupancy::kWin);  // a jump
    const uint64_t from = now - std::min(now, rnd() % 300), len = rnd() % 300;
    if (rnd() % 2) {
      m.hold(from, from + len);
      if (from + len > nbase + Occupancy::kWin) nbase = from + len - Occupancy::kWin;
      if (cnt.size() < from + len) cnt.resize(from + len, 0);
      for (uint64_t c = std::max(from, nbase); c < from + len; c++) cnt[c]++;
    } else {
      uint64_t want = std::max(from, nbase);
      while (want < nbase + Occupancy::kWin && want < cnt.size() && cnt[want] >= 2) want++;
      if (m.admit(from) != want) bad++;
    }
  }
  CHECK(bad == 0 && m.base == nbase);
}

// A held port and a counted buffer (docs/tlm.md "Buffers").
static void test_buffers() {
  Resource r;
  r.take(12, 1);
  resource_hold(r, 10, 15);       // a request waiting downstream holds cycles 10..14
  CHECK(r.busy == 5);             // cycle 12 was booked already: counted once
  CHECK(r.take(10, 1) == 15);
  resource_hold(r, 4 * Resource::kWin, 4 * Resource::kWin + 3);  // far ahead: the window slides
  CHECK(r.base > 15);
  CHECK(r.take(4 * Resource::kWin, 1) == 4 * Resource::kWin + 3);
  Occupancy q(2);
  q.hold(0, 10);
  q.hold(5, 10);
  CHECK(q.admit(0) == 0);         // one entry held at cycle 0
  CHECK(q.admit(5) == 10);        // both held over 5..9
  q.hold(20, 30);
  CHECK(q.admit(25) == 25);       // one of two held
  q.hold(3 * Occupancy::kWin, 3 * Occupancy::kWin + 1);
  CHECK(q.admit(5) == q.base);    // forgotten cycles are free (clamped to the window)
}

static bool same(const Instr &a, const Instr &b, const Kernel &ka, const Kernel &kb) {
  if (a.op != b.op || a.pc != b.pc || a.size != b.size || a.scope != b.scope || a.aop != b.aop ||
      a.flags != b.flags || a.cmp != b.cmp || a.val != b.val || a.old != b.old || a.uses != b.uses || a.dst != b.dst)
    return false;
  if (a.op == Op::ALU || a.op == Op::DELAY || a.op == Op::SIGNAL || a.op == Op::WAIT)
    return a.addr == b.addr && a.stride == b.stride;
  if (a.op != Op::LD && a.op != Op::ST && a.op != Op::ATOM) return true;
  unsigned n = (a.flags & IF_LANES) ? a.nlanes : (unsigned)__builtin_popcount(a.mask);
  if (a.flags & IF_LANES) {
    if (a.nlanes != b.nlanes) return false;
    for (unsigned l = 0; l < n; l++)
      if (ka.lane_pool[a.lanes_off + l] != kb.lane_pool[b.lanes_off + l]) return false;
  } else if (a.addr != b.addr || a.mask != b.mask || a.stride != b.stride) {
    return false;
  }
  if (a.flags & IF_OLD_LIST)
    for (unsigned l = 0; l < n; l++)
      if (ka.old_pool[a.old_off + l] != kb.old_pool[b.old_off + l]) return false;
  if (a.flags & IF_SPIN) {
    const Spin &x = ka.spin_pool[a.spin_off], &y = kb.spin_pool[b.spin_off];
    if (x.id != y.id || x.count != y.count || x.fail_old != y.fail_old) return false;
  }
  if ((a.flags & IF_SIGNAL) && ka.signal_pool[a.spin_off] != kb.signal_pool[b.spin_off]) return false;
  return true;
}

// Every instruction form read from text, written back, read again: identical.
static void test_trace_roundtrip(const std::string &dir) {
  std::string p1 = dir + "/unit_in.trace", p2 = dir + "/unit_out.trace";
  FILE *f = fopen(p1.c_str(), "w");
  fputs("scord-trace 1\nconfig num_sms=2 l2_ways=4\nkernel name=k grid=2x1 block=32x2\ncta id=1\nwarp id=1\n"
        "ld addr=0xC0000000 mask=0xf0f0 stride=8 size=8 volatile async pc=0x10\n"
        "st lanes=0xC0000100,0xC0000080,0xC0000100 size=2 pc=0x14\n"
        "atom op=cas scope=cta addr=0xC0000200 n=2 cmp=0 val=1 old=0,1\n"
        "atom op=exch scope=sys lanes=0xC0000300 val=0 old=1\n"
        "atom op=add scope=gpu addr=0xC0000400 n=32 stride=0\n"
        "st addr=0xC0000500 volatile signal=7\natom op=exch scope=gpu addr=0xC0000600 val=0 signal=0x123456789\n"
        "atom op=cas scope=gpu addr=0xC0000700 cmp=0 val=1 spin=9 count=4 spin_old=3\n"
        "fence scope=gpu\nbar pc=0x20\nalu n=7\ndelay cycles=300\nsignal id=0xffffffffffff\nwait id=3 count=9\n"
        "ld addr=0xC0000800 sem=acquire scope=gpu dst=2\nst addr=0xC0000804 n=2 sem=release scope=cta signal=8\n"
        "atom op=add scope=gpu sem=acq_rel addr=0xC0000808 val=1\nld addr=0xC000080c sem=relaxed scope=sys spin=10\n"
        "fence scope=sys sem=acq_rel\nsyncwarp use=2 pc=0x24\n"
        "kernel grid=1 block=1\n", f);
  fclose(f);
  Workload a, b;
  std::string err;
  CHECK(trace_read(p1, a, err));
  if (!err.empty()) fprintf(stderr, "%s\n", err.c_str());
  CHECK(a.kernels.size() == 2 && a.kernels[0].grid == 2 && a.kernels[0].threads == 64 && a.kernels[0].warps_per_cta == 2);
  CHECK(a.kernels[1].name == "kernel1");
  CHECK(a.config.size() == 2);
  CHECK(a.kernels[0].ctas[1][1].size() == 20);
  if (a.kernels[0].ctas[1][1].size() == 20) {  // the v2.0 fields (sem= and its scope, syncwarp)
    const std::vector<Instr> &v = a.kernels[0].ctas[1][1];
    CHECK(instr_sem(v[13]) == SCORD_SEM_NONE);
    CHECK(instr_sem(v[14]) == SCORD_SEM_ACQUIRE && v[14].scope == SCORD_SCOPE_GPU && v[14].dst == 2);
    CHECK(instr_sem(v[15]) == SCORD_SEM_RELEASE && v[15].scope == SCORD_SCOPE_CTA && (v[15].flags & IF_SIGNAL));
    CHECK(instr_sem(v[16]) == SCORD_SEM_ACQ_REL && v[16].op == Op::ATOM);
    CHECK(instr_sem(v[17]) == SCORD_SEM_RELAXED && v[17].scope == SCORD_SCOPE_SYS && (v[17].flags & IF_SPIN));
    CHECK(instr_sem(v[18]) == SCORD_SEM_ACQ_REL && v[18].op == Op::FENCE && v[18].scope == SCORD_SCOPE_SYS);
    CHECK(v[19].op == Op::SYNCWARP && v[19].pc == 0x24 && v[19].uses == 4);
  }
  CHECK(a.kernels[0].signal_pool.size() == 3 && a.kernels[0].signal_pool[1] == 0x123456789ull);
  CHECK(a.kernels[0].ctas[0][0].empty());
  CHECK(trace_write(p2, a, err));
  CHECK(trace_read(p2, b, err));
  if (a.kernels.size() == b.kernels.size())
    for (size_t k = 0; k < a.kernels.size(); k++) {
      const Kernel &ka = a.kernels[k], &kb = b.kernels[k];
      CHECK(ka.name == kb.name && ka.grid == kb.grid && ka.threads == kb.threads);
      for (size_t c = 0; c < ka.ctas.size(); c++)
        for (size_t w = 0; w < ka.ctas[c].size(); w++) {
          CHECK(ka.ctas[c][w].size() == kb.ctas[c][w].size());
          for (size_t i = 0; i < ka.ctas[c][w].size() && i < kb.ctas[c][w].size(); i++)
            if (!same(ka.ctas[c][w][i], kb.ctas[c][w][i], ka, kb)) {
              fprintf(stderr, "kernel %zu cta %zu warp %zu instr %zu differs after write/read\n", k, c, w, i);
              failures++;
            }
        }
    }
  else
    CHECK(false);
}

// FastDiv against the divide instruction: every divisor kind (1, powers of two, others, the
// largest), numerators near the multiply's limit and above it (the fallback), and random ones.
static void test_fastdiv() {
  uint64_t x = 0x9E3779B97F4A7C15ull, bad = 0;
  auto rnd = [&x]() { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x; };
  std::vector<uint64_t> ds = {1, 2, 3, 5, 7, 24, 40, 64, 100, 128, 1000, 4095, 4096, (1ull << 32) + 1,
                              (1ull << 63) - 1, 1ull << 63, ~0ull};
  for (int i = 0; i < 40; i++) ds.push_back(1 + rnd() % (i < 20 ? 1000 : ~0ull));
  for (uint64_t d : ds) {
    const FastDiv f(d);
    const uint64_t lim = ~0ull / d;
    std::vector<uint64_t> ns = {0, 1, d - 1, d, d + 1, 2 * d - 1, lim - 1, lim, lim + 1, ~0ull, ~0ull - 1};
    for (int k = 0; k < 2000; k++) ns.push_back(k % 2 || lim == ~0ull ? rnd() : rnd() % (lim + 1));
    for (uint64_t n : ns)
      if (f.div(n) != n / d || f.mod(n) != n % d) bad++;
    if (d < (1ull << 32) && f.div_up(12345) != (12345 + d - 1) / d) bad++;
  }
  CHECK(bad == 0);
}

// AddrMap::compose inverts slice() and slice_local() in both mappings: a line-aligned address
// comes back from its slice and local line, and a (slice, local line) pair from its address.
static void test_addr_compose() {
  for (unsigned mode = 0; mode < 2; mode++) {
    for (uint64_t subparts : {1, 2}) {
      SimConfig c;
      c.addr_map = mode;
      c.channels = 12;
      c.l2_subparts = subparts;
      const AddrMap m = AddrMap::of(c);
      uint64_t x = 0x9e3779b97f4a7c15ull, bad = 0;
      for (int k = 0; k < 20000; k++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        const uint64_t a = (x >> 20) / c.line_bytes * c.line_bytes;
        if (m.compose(m.slice(a), m.slice_local(a)) != a) bad++;
        const unsigned s = (unsigned)((x >> 8) % m.slices());
        const uint64_t l = (x >> 24) & 0xffffff;
        const uint64_t b = m.compose(s, l);
        if (m.slice(b) != s || m.slice_local(b) != l) bad++;
      }
      CHECK(bad == 0);
    }
  }
}

// (sc_main: libsystemc provides main())
int sc_main(int argc, char **argv) {
  // The round trip writes two files; without a directory it would litter the caller's cwd.
  if (argc < 2) {
    fprintf(stderr, "usage: %s <scratch-dir>\n", argv[0]);
    return 2;
  }
  test_resource();
  test_resource_naive();
  test_occupancy_naive();
  test_buffers();
  test_fastdiv();
  test_addr_compose();
  test_trace_roundtrip(argv[1]);
  if (failures) fprintf(stderr, "%d check(s) failed\n", failures);
  else printf("tlm unit tests: all passed\n");
  return failures ? 1 : 0;
}
