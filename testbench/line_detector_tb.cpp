// line_detector_tb.cpp -- unit test of rtl_model/scord_line_detector.sv, the line-rate detector
// (docs/rtl.md "Line-rate detector"), against the C model.  Random packets (warp accesses of up to
// 32 lanes, fences, kernel boundaries) go through the RTL and through the C model, which applies
// every access lane by lane in lane order and the packets in arrival order.  The RTL must give the
// same race records, compared as a multiset (its slices interleave them differently), and leave
// the same metadata.
//
// The test plays the metadata memory of every slice as the RTL relies on it: reads and
// write-backs applied in the order each channel accepts them (a read's data taken at acceptance;
// a read and a write-back accepted in one cycle applied in a random order), read data returned
// with the read's tag after 1-60 cycles in random order and held until taken, random
// back-pressure on both request channels (on reads also bursts of up to 64 cycles while
// write-backs flow), and the kernel boundary's clear applied (every entry back to its initial
// value) when its handshake happens, sometimes a few cycles late.
//
// Checked: the race records, read from the race ring (docs/race_ring.md: 16 records, its write
// port stalled at random, the host reading at random times before it is half full), and
// race_overflow_o == 0; the ring's protocol (rtlport::RingHost: every record at the slot of its
// number, ring_tail_o equal to the records written); the memory at every clear against the C
// model's store just before that kernel boundary, and at the end (idle_o, every record written)
// against its final store; the memory protocol (read tags unique
// among reads in flight, no request and no read in flight while the clear is offered, the clear
// held until taken, idle_o only with no read in flight); every simulation assertion of the RTL
// (a $fatal ends the run with an error); a watchdog (100,000 cycles with no handshake anywhere).
// The run also fails if it did not reach 50 races of 3 types, a packet spanning two metadata
// lines, 3 or more lanes on one entry in one packet, a kernel boundary, and a beat whose owners
// need more than one cycle of fence-file reads (a group stall in some slice).
// The stimulus is drawn before the simulation from its own generator, so a seed names the same
// packets whatever the RTL's timing; failures name the packet (its pc is kPcBase + 4 * number).
//
// Vector mode (--vec) takes the packets from trace-vector files instead (docs/spec/vectors.md):
// each ld/st/atom event is one access packet of its n lanes, with the instruction fields the SM
// trackers of a scord_system give it (as scord_system_apply computes them); fences and kernel
// boundaries are packets; bar and cta events only move the trackers.  The same checks apply, and
// the C system's own races must equal the C model's packet replay (a check of the packet
// building).  The coverage requirements do not apply.  A file whose configuration differs from
// the variant's in a parameter the RTL depends on is skipped.  Failures name the packet number
// in the file's packet list (SCORD_LD_DUMP=N prints the first N with their source lines).
//
// --measure replaces the randomised memory by an ideal one for a throughput figure: every read
// answered in order after a fixed latency (--latency, default 100 cycles), no back-pressure on
// any channel, the clear taken at once, a packet offered whenever one waits, the race ring's
// port always ready and the ring read every cycle.  All checks still apply.
//
// Step observation (-GStepObs=1'b1 in every variant here): as each beat leaves E4 the RTL gives
// the deciding step of each slot's first and second lane; their counts per (read/write, step)
// must equal the C model's for the first two lanes of each run of one tag on an entry (the
// lanes the RTL applies).  The random run prints the steps reached.
//
// --ring-overflow (random mode): an 8-record ring the host empties only now and then (1 cycle in
// 512), so it is full most of the time.  The records read must be C-model races, and they and
// race_overflow_o must add up to the C model's races (some dropped, the ring wrapped).
//
// Usage: test_line_detector[_small] [PACKETS] [SEED] [--ring-overflow]  (defaults 20000, 1)
//        test_line_detector[_small] [--measure] [--latency N] --vec FILE...
#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include <unistd.h>  // getpid: coverage files of concurrent runs

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include SCORD_LD_VTOP_H
#include "verilated.h"
#ifdef SCORD_LD_FST
#include "fst_vcd.h"
#include "verilated_fst_c.h"
#endif
#pragma GCC diagnostic pop
#include <chrono>

#include "rtl_port.h"
#include "scord/scord.h"
#include "scord/vecread.h"
#ifdef SCORD_LD_TOP
#include "event_gen.h"
#include "scord/rtl_params.h"
#endif

namespace {
constexpr unsigned kLanes = 32, kEntries = rtlport::kLineEntries;
constexpr unsigned kSlices = SCORD_LD_SLICES, kOutstanding = SCORD_LD_OUTSTANDING;
using rtlport::kPktAccess;  // scord_pkg::pkt_type_e (rtl_port.h)
using rtlport::kPktFence;
using rtlport::kPktKernel;
constexpr uint64_t kPcBase = 0x10000;                              // pc = kPcBase + 4 * packet
constexpr uint64_t kWatchdog = 100000;
#ifdef SCORD_LD_TOP
constexpr const char *kTopName = "scord_top";
constexpr bool kIsTop = true;
#else
constexpr const char *kTopName = "line_detector";
constexpr bool kIsTop = false;
#endif

uint64_t fails = 0;
uint64_t first_fail_cycle = UINT64_MAX;  // the cycle of the first failure in a run (its waveform)
// One failure, printed for the first ten.
__attribute__((format(printf, 2, 3))) void fail_at(uint64_t cyc, const char *fmt, ...) {
  if (cyc < first_fail_cycle) first_fail_cycle = cyc;
  if (fails++ >= 10) return;
  fprintf(stderr, "FAIL cycle %" PRIu64 ": ", cyc);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

// xorshift64*; one instance for the stimulus, one for the timing, so a seed's packets do not
// depend on how the RTL times them.
struct Rng {
  uint64_t s;
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1DULL;
  }
  uint32_t operator()(uint32_t n) { return n ? (uint32_t)(next() % n) : 0; }
};
Rng srng{1}, trng{2};

using rtlport::get_bits;
using rtlport::get_line;
using rtlport::put_bits;
using rtlport::put_line;
using rtlport::zero;
using Line = rtlport::MdLine;
Line init_line() {
  Line l;
  l.fill(SCORD_MD_INIT);
  return l;
}

struct Packet {
  unsigned type, sm, cta, warp, block, barrier, bloom, kind;
  bool strong, atom_blk, fence_dev;
  uint64_t pc;
  uint32_t mask;
  uint64_t addr[kLanes];
  unsigned num;   // place in the packet list: what failure messages name
  uint64_t line;  // vector mode: the event's source line (0 for random packets)
};

// What the C model gives for the packet stream.
struct Expect {
  std::vector<scord_race> races;
  // The races, and per kernel and entry the values the entry takes lane by lane with the packet
  // that gave each (every write-back must be one of them, in this order) and the packet that
  // last checked it: what the RTL is compared against (the comparator shared with scord-sim
  // --detector=line-both; a copy per RTL run).
  rtlport::Unordered<unsigned> cmp;
  uint64_t accesses = 0, fences = 0, kernels = 0, lanes = 0, outside = 0, span2 = 0, same3 = 0;
  uint64_t line_visits = 0;  // distinct metadata lines per access packet, summed (beats at least)
  // The splitter's beats (scord_splitter.sv header): per access packet one beat for its lanes
  // outside the window if any, and per line as many as the most runs of one tag on an entry of
  // it (lanes of another tag wait for the next beat); one per fence.
  uint64_t beats = 0;
  uint64_t by_type[SCORD_RACE_TYPE_COUNT] = {};
  // Deciding steps of the lanes the RTL applies: per entry, the first two lanes of each run of
  // one tag in lane order (a beat's slot; further lanes are no-ops, docs/rtl.md); [write][step].
  uint64_t steps[2][SCORD_STEP_COUNT] = {};
};

// ---- Stimulus -------------------------------------------------------------------------------

struct Warp {
  unsigned sm, cta, warp, block;
};
struct Area {
  uint64_t base, words;  // heap words (granules) from heap_base
};

std::vector<Packet> make_packets(const scord_params &p, unsigned n) {
  // A few SMs x warps; the warps of an SM are split evenly among its CTAs, so a block id is
  // fixed per warp and several warps share each block.
  std::vector<Warp> warps;
  const unsigned nsm = (unsigned)std::min<uint64_t>(p.num_sms, 3);
  const unsigned nw = (unsigned)std::min<uint64_t>(p.warps_per_sm, 8);
  for (unsigned s = 0; s < nsm; s++)
    for (unsigned w = 0; w < nw; w++) {
      unsigned cta = (unsigned)(w * p.ctas_per_sm / p.warps_per_sm);
      warps.push_back({s, cta, w, (unsigned)scord_block_id(&p, s, cta)});
    }
  const uint32_t bar_mask = (uint32_t)((1ull << p.barrier_id_bits) - 1);
  const uint32_t bloom_mask = (uint32_t)((1ull << (2 * p.bloom_bin_bits)) - 1);
  std::vector<uint32_t> barrier(p.num_sms * p.ctas_per_sm, 0);
  uint32_t blooms[4];
  for (auto &b : blooms) b = 1 + srng(bloom_mask);
  const uint64_t heap_words = p.heap_bytes / p.granule;
  const unsigned nbits = scord_clog2(heap_words / p.md_ratio);  // entry index bits; tag above
  const uint64_t line_words = kEntries;  // consecutive words map to consecutive entries

  std::vector<Packet> out(n);
  unsigned cur = 0;
  unsigned next_kernel = 1500 + srng(1000);
  Area shared{0, 0};
  uint64_t origin = 0;
  unsigned shared_pct = 0;
  auto new_epoch = [&]() {
    // The kernel's working set: a shared area of 2, 4 or 8 KiB and a 512-B area per warp.
    origin = (uint64_t)srng(64) * 0x4000;
    shared = {origin, (uint64_t)512 << srng(3)};
    // Accesses to the shared area, in percent (the rest go to the warp's own area).  A racy
    // kernel is limited by the race records (one per cycle); a quiet one runs at line rate.
    shared_pct = srng(2) ? 30 : 5;
  };
  new_epoch();
  for (unsigned i = 0; i < n; i++) {
    Packet &k = out[i];
    memset(&k, 0, sizeof k);
    k.num = i;
    // Fields that a packet type does not use get random values: the RTL must ignore them.
    k.mask = (uint32_t)srng.next();
    for (auto &a : k.addr) a = srng.next() & ((1ull << p.addr_bits) - 1);
    k.pc = kPcBase + 4ull * i;
    if (srng(4) == 0) cur = srng((uint32_t)warps.size());  // a warp issues a few in a row
    const Warp &w = warps[cur];
    k.sm = w.sm;
    k.cta = w.cta;
    k.warp = w.warp;
    k.block = w.block;
    k.kind = srng(3);
    k.barrier = srng(bar_mask + 1);
    k.bloom = srng(bloom_mask + 1);
    if (i == next_kernel) {
      k.type = kPktKernel;
      // Now and then the next boundary follows at once or within a few packets.
      next_kernel = i + (srng(4) ? 1500 + srng(1000) : 1 + srng(4));
      std::fill(barrier.begin(), barrier.end(), 0);
      new_epoch();
      continue;
    }
    if (srng(10) == 0) {
      k.type = kPktFence;
      k.fence_dev = srng(2);
      continue;
    }
    k.type = kPktAccess;
    unsigned r = srng(20);
    k.kind = r < 9 ? SCORD_LD : r < 16 ? SCORD_ST : SCORD_ATOM;
    k.strong = k.kind == SCORD_ATOM || srng(4) == 0;
    k.atom_blk = k.kind == SCORD_ATOM && srng(2);
    // The CTA's barrier counter, which moves now and then; sometimes another small value.
    uint32_t &bar = barrier[k.block];
    if (srng(150) == 0) bar = (bar + 1) & bar_mask;
    k.barrier = srng(8) ? bar : srng(4) & bar_mask;
    k.bloom = srng(2) ? 0 : blooms[srng(4)];
    // Lane mask: full, random, a run of lanes, a few lanes, rarely none.
    r = srng(200);
    if (r < 100) k.mask = 0xffffffffu;
    else if (r < 140) k.mask = (uint32_t)srng.next();
    else if (r < 170) {
      unsigned a = srng(kLanes), b = a + srng(kLanes - a);
      k.mask = (uint32_t)((((2ull << b) - 1) >> a) << a);
    } else if (r < 199) {
      for (unsigned j = 1 + srng(3); j > 0; j--) k.mask |= 1u << srng(kLanes);
    } else {
      k.mask = 0;
    }
    // Where: the kernel's shared area (races) or the warp's own area (program order).
    Area a = shared;
    if (srng(100) >= shared_pct)
      a = {origin + 0x2000 + (uint64_t)cur * 128, 128};
    uint64_t word[kLanes];
    r = srng(100);
    if (r < 30) {
      // Consecutive words: a whole 128-B line and into the next (or 64-bit words).
      uint64_t off = srng((uint32_t)a.words);
      if (srng(3)) off &= ~(uint64_t)31;
      unsigned stride = srng(4) == 0 ? 2 : 1;
      for (unsigned j = 0; j < kLanes; j++) word[j] = a.base + (off + j * stride) % a.words;
    } else if (r < 55) {
      // 2..32 lanes on one word, the others near it.
      uint64_t off = srng((uint32_t)a.words);
      for (unsigned j = 0; j < kLanes; j++) word[j] = a.base + (off + srng(2 * line_words)) % a.words;
      unsigned same = 2 + srng(31);
      std::vector<unsigned> order;
      for (unsigned j = 0; j < kLanes; j++)
        if (k.mask >> j & 1) order.push_back(j);
      for (unsigned j = 0; j < order.size(); j++) std::swap(order[j], order[j + srng((uint32_t)(order.size() - j))]);
      for (unsigned j = 0; j < order.size() && j < same; j++) word[order[j]] = a.base + off;
    } else if (r < 80) {
      // Random words within a window of 1-8 lines, or the whole area.
      uint64_t win = srng(4) ? std::min<uint64_t>(a.words, line_words << srng(4)) : a.words;
      uint64_t off = srng((uint32_t)a.words);
      for (unsigned j = 0; j < kLanes; j++) word[j] = a.base + (off + srng((uint32_t)win)) % a.words;
    } else {
      // A few distinct words, each lane one of them.
      uint64_t pick[6];
      uint64_t off = srng((uint32_t)a.words);
      unsigned nd = 2 + srng(5);
      for (unsigned d = 0; d < nd; d++) pick[d] = a.base + (off + srng(64)) % a.words;
      for (unsigned j = 0; j < kLanes; j++) word[j] = pick[srng(nd)];
    }
    // md_ratio > 1: the same entries under other tags (words 2^nbits apart).
    if (p.md_ratio > 1 && srng(3) == 0)
      for (unsigned j = 0; j < kLanes; j++) word[j] += (uint64_t)srng(3) << nbits;
    unsigned byte_off = srng(8) == 0 ? 4 : 0;  // then any byte of the word
    for (unsigned j = 0; j < kLanes; j++)
      k.addr[j] = p.heap_base + word[j] * p.granule + (byte_off ? srng(byte_off) : 0);
    // A few lanes outside the window, below and above it.
    if (srng(12) == 0)
      for (unsigned c = 1 + srng(3); c > 0; c--) {
        unsigned j = srng(kLanes);
        k.addr[j] = srng(2) ? p.heap_base - 4 * (1 + srng(256)) : p.heap_base + p.heap_bytes + srng(4096);
      }
  }
  return out;
}

// ---- The C model ----------------------------------------------------------------------------

// Replays the packets through the C model (lanes one at a time, in lane and arrival order) on an
// external store, filling ex.  False when the model cannot be built or its race buffer overflowed.
bool run_model(const scord_params &p, const std::vector<Packet> &pk, Expect &ex) {
  // An external store behind a port, so every access reads and writes the store itself.
  scord_store *store = scord_store_new(p.heap_bytes / p.granule / p.md_ratio);
  scord_mdport port = store ? scord_store_port(store) : scord_mdport{};
  scord_detector *d = store ? scord_detector_new(&p, &port) : nullptr;
  if (!d) return false;
  for (const Packet &k : pk) {
    if (k.type == kPktKernel) {
      scord_detector_kernel_reset(d);
      ex.cmp.want_kernel();
      ex.kernels++;
      continue;
    }
    if (k.type == kPktFence) {
      scord_detector_fence(d, k.sm, k.warp, k.fence_dev ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA);
      ex.fences++;
      ex.beats++;
      continue;
    }
    ex.accesses++;
    scord_access x;
    memset(&x, 0, sizeof x);
    x.sm = (uint16_t)k.sm;
    x.cta = (uint16_t)k.cta;
    x.warp = (uint16_t)k.warp;
    x.block_id = k.block;
    x.barrier_id = k.barrier;
    x.bloom = k.bloom;
    x.kind = (uint8_t)k.kind;
    x.strong = k.strong;
    x.atom_block_scope = k.atom_blk;
    x.pc = k.pc;
    std::map<uint64_t, unsigned> per_entry;
    std::map<uint64_t, std::pair<uint32_t, unsigned>> tag_runs;  // entry -> last tag, runs of a tag
    std::map<uint64_t, unsigned> in_run;                          // entry -> lanes in its current run
    bool any_outside = false;
    uint64_t first_line = ~0ull;
    bool span = false;
    for (unsigned j = 0; j < kLanes; j++) {
      if (!(k.mask >> j & 1)) continue;
      x.addr = k.addr[j];
      scord_step step = scord_detector_access(d, &x);
      ex.lanes++;
      uint64_t index;
      uint32_t tag;
      if (!scord_map_addr(&p, k.addr[j], &index, &tag)) {
        ex.outside++;
        any_outside = true;
        continue;
      }
      auto run = tag_runs.emplace(index, std::make_pair(tag, 1u)).first;
      unsigned &pos = in_run[index];
      if (run->second.first != tag) {
        run->second = {tag, run->second.second + 1};
        pos = 0;
      }
      if (++pos <= 2) ex.steps[k.kind != SCORD_LD][step]++;
      unsigned pkt = k.num;
      ex.cmp.want_value(index, scord_store_read(store, index), pkt);
      per_entry[index]++;
      if (first_line == ~0ull) first_line = index / kEntries;
      else if (index / kEntries != first_line) span = true;
    }
    ex.span2 += span;
    uint64_t prev_line = ~0ull;
    for (auto &e : per_entry) {  // in index order: a line's entries are adjacent
      ex.line_visits += e.first / kEntries != prev_line;
      prev_line = e.first / kEntries;
    }
    std::map<uint64_t, unsigned> line_beats;
    for (auto &e : tag_runs) {
      unsigned &b = line_beats[e.first / kEntries];
      b = std::max(b, e.second.second);
    }
    ex.beats += any_outside;
    for (auto &b : line_beats) ex.beats += b.second;
    for (auto &e : per_entry)
      if (e.second >= 3) {
        ex.same3++;
        break;
      }
    scord_race r;
    while (scord_detector_pop_race(d, &r)) {
      ex.races.push_back(r);
      ex.cmp.want_race(r, k.num);
      if (r.type < SCORD_RACE_TYPE_COUNT) ex.by_type[r.type]++;
    }
  }
  bool ok = scord_detector_overflow(d) == 0;
  scord_detector_free(d);
  scord_store_free(store);
  return ok;
}

// ---- Comparisons ----------------------------------------------------------------------------

// The RTL's races against the C model's still wanted by u: every record must be one of them,
// and none may be left.  Prints the first records found on one side only, naming the sides
// want_name and got_name, and the packet when pc_is_packet (random packets; a vector's pcs are
// the program's).  Returns mismatches.
uint64_t compare_races(rtlport::Unordered<unsigned> &u, const std::vector<scord_race> &got,
                       const char *want_name = "the C model", const char *got_name = "the RTL",
                       bool pc_is_packet = true) {
  size_t wanted = u.races_left().size();
  std::vector<scord_race> only_c, only_rtl;
  for (const scord_race &r : got)
    if (!u.got_race(r)) only_rtl.push_back(r);
  for (const auto &kv : u.races_left()) only_c.push_back(kv.first);
  if (only_c.empty() && only_rtl.empty()) return 0;
  std::sort(only_rtl.begin(), only_rtl.end(), rtlport::race_less);
  fprintf(stderr, "FAIL: race records differ: %s %zu, %s %zu; %zu only in %s, %zu only in %s\n", want_name,
          wanted, got_name, got.size(), only_c.size(), want_name, only_rtl.size(), got_name);
  char buf[256];
  auto show = [&](const char *side, const std::vector<scord_race> &v) {
    for (size_t i = 0; i < v.size() && i < 6; i++) {
      scord_race_format(&v[i], buf, sizeof buf);
      if (pc_is_packet)
        fprintf(stderr, "  only in %s: packet %" PRIu64 ": %s\n", side,
                v[i].pc >= kPcBase ? (v[i].pc - kPcBase) / 4 : UINT64_MAX, buf);
      else
        fprintf(stderr, "  only in %s: %s\n", side, buf);
    }
  };
  show(want_name, only_c);
  show(got_name, only_rtl);
  return only_c.size() + only_rtl.size();
}
// Two race lists as multisets.
uint64_t compare_races(const std::vector<scord_race> &want, const std::vector<scord_race> &got, const char *want_name,
                       const char *got_name, bool pc_is_packet) {
  rtlport::Unordered<unsigned> u;
  for (const scord_race &r : want) u.want_race(r, 0);
  return compare_races(u, got, want_name, got_name, pc_is_packet);
}

using Memory = std::unordered_map<uint64_t, Line>;  // global line -> entries

// The testbench memory against the C model's values at the end of the kernel u's RTL side
// works on; prints the lowest differing entry.  Returns the number of differing entries.
uint64_t compare_md(const char *when, const scord_layout *l, const Memory &mem, const rtlport::Unordered<unsigned> &u) {
  auto d = u.compare_store(
      [&](auto visit) {
        for (auto &kv : mem)
          for (unsigned e = 0; e < kEntries; e++) visit(kv.first * kEntries + e, kv.second[e]);
      },
      [&](uint64_t i) { return mem.count(i / kEntries) != 0; });
  if (!d.count) return 0;
  char a[256], c[256];
  scord_md_format(l, d.rtl, a, sizeof a);
  scord_md_format(l, d.want, c, sizeof c);
  const unsigned *who = u.last_touch(d.index);
  char by[64] = "no packet of this kernel checked it";
  if (who) snprintf(by, sizeof by, "last checked by packet %u", *who);
  fprintf(stderr,
          "FAIL: metadata %s: entry %" PRIu64 " (line %" PRIu64 ", slice %" PRIu64 ", entry %" PRIu64
          " of the line; %s)\n  rtl %016" PRIx64 " %s\n  ref %016" PRIx64 " %s\n",
          when, d.index, d.index / kEntries, d.index / kEntries % kSlices, d.index % kEntries, by, d.rtl, a, d.want, c);
  if (d.count > 1) fprintf(stderr, "  (%" PRIu64 " entries differ in all)\n", d.count);
  return d.count;
}

// ---- The RTL --------------------------------------------------------------------------------

struct Rsp {
  uint64_t due;
  unsigned tag;
  Line data;
};
struct SliceMem {
  std::vector<Rsp> pend;  // reads accepted, not answered
  bool rsp_on = false;
  Rsp cur{};
  std::vector<bool> busy = std::vector<bool>(kOutstanding, false);  // tags in flight
  uint64_t reads = 0, writes = 0, ooo = 0, peak = 0, last_seq = 0, seq = 0;
  unsigned rd_block = 0;  // cycles left of a read-channel stall burst (write-backs still flow)
  std::unordered_map<unsigned, uint64_t> order;  // tag -> order its read was accepted
};
// How the testbench plays the memory and the ports around the RTL.
// Where the race ring sits by default (docs/race_ring.md): aligned to any ring size the RTL allows.
constexpr uint64_t kRingBase = 1ull << 36;
// A ring base drawn from a seed: any address below 2^63 aligned to the largest ring the
// testbench uses (4,096 records of 32 bytes), so every address bit of the ring port moves.
[[maybe_unused]] uint64_t spread_ring_base(uint64_t seed) {
  uint64_t x = seed * 0x9E3779B97F4A7C15ULL;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 32;
  return x & (UINT64_MAX >> 1) & ~((uint64_t(4096) * 32) - 1);
}
struct Timing {
  bool measure = false;    // the ideal memory and ports of --measure; else the randomised ones
  unsigned latency = 100;  // --measure: cycles from a read's acceptance to its data
  bool ring_overflow = false;  // --ring-overflow: an 8-record ring the host reads only now and then
  bool xcheck = false;     // --xcheck: a second instance with other random initial values
  bool speed = false;      // --speed: print the run's RTL cycles per second
  bool spread = false;     // --spread: the random stream's hot sets move (event_gen.h)
  bool barrier_sweep = false;  // --barrier-sweep: the stream opens with the barrier sweep (event_gen.h)
  std::string trace;       // --trace FILE: waveform (FST, or VCD when FILE ends in .vcd)
  uint64_t trace_from = 0, trace_to = UINT64_MAX;  // the cycle window traced
  bool fail_trace = true;  // on a failure, run again tracing a window around it
  uint64_t ring_base = kRingBase;  // where the race ring sits (--spread: drawn from the seed)
};
struct Result {
  std::vector<scord_race> races;   // read from the race ring
  uint64_t cycles = 0, clears = 0, overflow = 0, in_stalls = 0;
  uint64_t ring_writes = 0, ring_peak = 0;  // records written; most unread at once
  unsigned ring_log2 = 0;
  uint64_t steps[2][SCORD_STEP_COUNT] = {};  // step observation, as Expect::steps
  bool steps_bad_code = false;
  uint64_t coll_stalls = 0, group_stalls = 0;  // slice-cycles of coll_stall_o, group_stall_o
  SliceMem sl[kSlices];
  Memory mem;
  rtlport::Unordered<unsigned> cmp;  // the C model's side from Expect, the RTL's as it ran
};

#ifndef SCORD_LD_TOP
void drive_packet(SCORD_LD_VTOP *m, const scord_params &p, const Packet &k) {
  m->in_type_i = k.type;
  m->in_sm_i = k.sm;
  m->in_cta_i = k.cta;
  m->in_warp_i = k.warp;
  m->in_block_i = k.block;
  m->in_barrier_i = k.barrier;
  m->in_bloom_i = k.bloom;
  m->in_kind_i = k.kind;
  m->in_strong_i = k.strong;
  m->in_atom_blk_i = k.atom_blk;
  m->in_fence_dev_i = k.fence_dev;
  m->in_pc_i = k.pc;
  m->in_lane_valid_i = k.mask;
  for (unsigned j = 0; j < kLanes; j++) put_bits(m->in_addr_i, j * (unsigned)p.addr_bits, (unsigned)p.addr_bits, k.addr[j]);
}
#endif

#ifdef SCORD_LD_TOP
// --xcheck: copies every input of a to b, evaluates b, and compares the outputs (payloads only
// under their valid: an unreset payload flop may differ while nothing reads it).
void xcheck_step(SCORD_LD_VTOP *a, SCORD_LD_VTOP *b, uint64_t cyc, unsigned lw) {
#define SCORD_X_IN(f) b->f = a->f;
  SCORD_X_IN(clk_i) SCORD_X_IN(rst_ni) SCORD_X_IN(ev_valid_i) SCORD_X_IN(ev_type_i)
  SCORD_X_IN(ev_lane_valid_i) SCORD_X_IN(ev_cta_i) SCORD_X_IN(ev_warp_i) SCORD_X_IN(ev_first_warp_i) SCORD_X_IN(ev_warps_i)
  SCORD_X_IN(ev_scope_i) SCORD_X_IN(ev_op_i) SCORD_X_IN(ev_volatile_i) SCORD_X_IN(ev_has_cmp_i)
  SCORD_X_IN(ev_has_val_i) SCORD_X_IN(ev_has_old_i) SCORD_X_IN(ev_cmp_i) SCORD_X_IN(ev_val_i) SCORD_X_IN(ev_old_i)
  SCORD_X_IN(ev_addr_i) SCORD_X_IN(ev_pc_i) SCORD_X_IN(merge_sel_i) SCORD_X_IN(merge_en_i)
  SCORD_X_IN(mem_rd_ready_i) SCORD_X_IN(mem_wr_ready_i) SCORD_X_IN(mem_rsp_valid_i) SCORD_X_IN(mem_rsp_tag_i)
  SCORD_X_IN(mem_rsp_data_i) SCORD_X_IN(mem_clr_ready_i) SCORD_X_IN(ring_base_i) SCORD_X_IN(ring_size_log2_i)
  SCORD_X_IN(ring_head_i) SCORD_X_IN(ring_wr_ready_i)
#undef SCORD_X_IN
  b->eval();
  const char *bad = nullptr;
#define SCORD_X_OUT(f) \
  if (!bad && !(a->f == b->f)) bad = #f;
  SCORD_X_OUT(ev_ready_o) SCORD_X_OUT(pkt_valid_o) SCORD_X_OUT(det_in_valid_o)
  if (a->det_in_valid_o) {  // the merge's ready follows the selected packet's (unreset) type
    SCORD_X_OUT(det_in_ready_o)
  }
  SCORD_X_OUT(mem_rd_valid_o) SCORD_X_OUT(mem_wr_valid_o) SCORD_X_OUT(mem_rsp_ready_o) SCORD_X_OUT(mem_clr_valid_o)
  SCORD_X_OUT(ring_tail_o) SCORD_X_OUT(race_overflow_o) SCORD_X_OUT(ring_wr_valid_o) SCORD_X_OUT(idle_o)
  if (a->ring_wr_valid_o) {
    // The record as the host decodes it (docs/race_ring.md): bits no field uses may differ.
    SCORD_X_OUT(ring_wr_addr_o)
    uint64_t wa[SCORD_RING_REC_WORDS], wb[SCORD_RING_REC_WORDS];
    for (unsigned k = 0; k < SCORD_RING_REC_WORDS; k++) {
      wa[k] = get_bits(a->ring_wr_data_o, 64 * k, 64);
      wb[k] = get_bits(b->ring_wr_data_o, 64 * k, 64);
    }
    scord_race ra, rb;
    char ta[256], tb[256];
    const uint32_t sa = scord_ring_unpack(wa, &ra), sb = scord_ring_unpack(wb, &rb);
    scord_race_format(&ra, ta, sizeof ta);
    scord_race_format(&rb, tb, sizeof tb);
    if (!bad && (sa != sb || strcmp(ta, tb) != 0)) bad = "ring_wr_data_o (the decoded record)";
  }
  for (unsigned s = 0; s < kSlices && !bad; s++) {
    if (a->mem_rd_valid_o >> s & 1) {
      if (get_bits(a->mem_rd_line_o, s * lw, lw) != get_bits(b->mem_rd_line_o, s * lw, lw)) bad = "mem_rd_line_o";
    }
    if (a->mem_wr_valid_o >> s & 1) {
      if (get_line(a->mem_wr_data_o, s) != get_line(b->mem_wr_data_o, s)) bad = "mem_wr_data_o";
      if (get_bits(a->mem_wr_mask_o, s * kEntries, kEntries) != get_bits(b->mem_wr_mask_o, s * kEntries, kEntries))
        bad = "mem_wr_mask_o";
    }
  }
#undef SCORD_X_OUT
  if (bad) fail_at(cyc, "--xcheck: %s differs between two instances with other initial values (an unreset flop is seen)", bad);
}
#endif

// Runs the packets through the RTL with the memory and ports played as tm says, checking the
// memory protocol, every write-back (against ex's histories) and the memory at every clear.
// Returns what came out; failures are counted in `fails`.
Result run_rtl(int argc, char **argv, const scord_params &p, const std::vector<Packet> &pk, const Expect &ex,
               const Timing &tm, const std::vector<scord_event> &evs) {
  Result res;
  res.cmp = ex.cmp;
  scord_layout lay;
  scord_layout_init(&lay, &p);
  const unsigned index_bits = scord_clog2(p.heap_bytes / p.granule / p.md_ratio);
  const unsigned line_bits = index_bits - 4;
  const unsigned sline_bits = line_bits - scord_clog2(kSlices);
  const unsigned slot_bits = std::max(1u, scord_clog2(kOutstanding));
  const unsigned n = (unsigned)pk.size();

  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  if (tm.xcheck) {  // random initial values, so the two instances below start from different ones
    ctx->randReset(2);
    ctx->randSeed(1);
  }
  auto m = std::make_unique<SCORD_LD_VTOP>(ctx.get());
  m->clk_i = 0;
#ifdef SCORD_LD_TOP
  m->ev_valid_i = 0;
  m->merge_en_i = 0;
  m->merge_sel_i = 0;
#else
  (void)evs;
  m->in_valid_i = 0;
  zero(m->in_addr_i);
#endif
  zero(m->mem_rsp_tag_i);
  zero(m->mem_rsp_data_i);
  // The race ring: 16 records, read by the host at random times but before it is half full
  // (wraps often, never overflows); 4,096 read at once under --measure; 8 never read before
  // the end under --ring-overflow.
  rtlport::RingHost ring;
  res.ring_log2 = tm.ring_overflow ? 3 : tm.measure ? 12 : 4;
  ring.init(tm.ring_base, res.ring_log2);
  m->ring_base_i = tm.ring_base;
  m->ring_size_log2_i = res.ring_log2;
  m->ring_head_i = 0;
  m->ring_wr_ready_i = 0;
  m->mem_rd_ready_i = 0;
  m->mem_wr_ready_i = 0;
  m->mem_rsp_valid_i = 0;
  m->mem_clr_ready_i = 0;
#ifndef SCORD_LD_TOP
  if (n) drive_packet(m.get(), p, pk[0]);
#endif
#ifdef SCORD_LD_TOP
  // --xcheck: a second instance whose unreset flops start from other random values gets the
  // same inputs; every output (payloads under their valid) must be the same every cycle.
  // Both live in one context: its random stream gives each instance other initial values.
  std::unique_ptr<SCORD_LD_VTOP> m2;
  if (tm.xcheck) m2 = std::make_unique<SCORD_LD_VTOP>(ctx.get(), "xcheck");  // its own scope names
#else
  if (tm.xcheck) fail_at(0, "--xcheck is for scord_top");
#endif
  // --trace: the waveform of the cycles [trace_from, trace_to].
#ifdef SCORD_LD_FST
  std::unique_ptr<VerilatedFstC> tfp;
  if (!tm.trace.empty()) {
    ctx->traceEverOn(true);
    tfp = std::make_unique<VerilatedFstC>();
    m->trace(tfp.get(), 99);
    tfp->open(scord_wave::fst_path(tm.trace).c_str());  // FST; a .vcd name is converted at the end
    if (!tfp->isOpen()) fail_at(0, "cannot write the waveform %s", tm.trace.c_str());
  }
#endif
  uint64_t now = 0;  // the cycle being evaluated
  auto eval = [&]() {
    m->eval();
#ifdef SCORD_LD_FST
    if (tfp && now >= tm.trace_from && now <= tm.trace_to) tfp->dump(2 * now + m->clk_i);
#endif
#ifdef SCORD_LD_TOP
    if (m2 && m->rst_ni) xcheck_step(m.get(), m2.get(), now, sline_bits);
    else if (m2) {  // in reset: the second instance gets the same clock and reset, unchecked
      m2->clk_i = m->clk_i;
      m2->rst_ni = m->rst_ni;
      m2->eval();
    }
#endif
  };
  rtlport::reset([&](bool clk, bool rst_n) {
    m->clk_i = clk;
    m->rst_ni = rst_n;
    eval();
  });

  // SCORD_TB_INJECT=race:N or wb:N corrupts the N-th race record read or write-back taken, to
  // show that the comparison catches it (CTests rtl/tb_inject_*).
  uint64_t inject_race = 0, inject_wb = 0, wb_seen = 0;
  if (const char *inj = getenv("SCORD_TB_INJECT")) {
    if (!strncmp(inj, "race:", 5)) inject_race = strtoull(inj + 5, nullptr, 10);
    else if (!strncmp(inj, "wb:", 3)) inject_wb = strtoull(inj + 3, nullptr, 10);
    else fail_at(0, "SCORD_TB_INJECT=%s: want race:N or wb:N", inj);
  }
  Memory &mem = res.mem;
  // Every write-back against the C model's values of the entry in the RTL's kernel (res.cmp).
  auto check_write = [&](uint64_t cyc, uint64_t index, uint64_t v) {
    if (res.clears > ex.kernels) return;  // a clear too many: reported there
    auto w = res.cmp.got_write(index, v);
    if (w.ok) return;
    char a[256], c[256] = "(none: the C model leaves it as it is)";
    scord_md_format(&lay, v, a, sizeof a);
    if (w.next) {
      int n = snprintf(c, sizeof c, "packet %u: %016" PRIx64 " ", w.next->ctx, w.next->value);
      scord_md_format(&lay, w.next->value, c + n, sizeof c - (size_t)n);
    }
    char prev[64] = "the initial value";
    if (w.last) snprintf(prev, sizeof prev, "the value of packet %u", w.last->ctx);
    fail_at(cyc,
            "kernel %" PRIu64 ": write-back of entry %" PRIu64 " (line %" PRIu64 ", slice %" PRIu64 ", entry %" PRIu64
            ") with a value the C model does not give it after %s\n  rtl      %016" PRIx64 " %s\n  ref next %s",
            res.clears, index, index / kEntries, index / kEntries % kSlices, index % kEntries, prev, v, a, c);
  };
  auto line_of = [&](uint64_t g) -> Line & {
    auto it = mem.find(g);
    if (it == mem.end()) it = mem.emplace(g, init_line()).first;
    return it->second;
  };
  unsigned next_in = 0, ring_stall = 0, gap = 0, quiet = 0;
  bool offering = false, clr_was = false;
#ifdef SCORD_LD_TOP
  // The event whose beat is offered (its beat number and SM) and the merge's order.
  size_t next_ev = 0;
  unsigned beat = 0, beat_sm = 0;
  bool merge_hold = false;
  std::deque<unsigned> merge_q;
#endif
  uint64_t last_progress = 0;
  for (uint64_t cyc = 0;; cyc++) {
    // Inputs for this cycle, independent of this cycle's outputs.  A packet once offered stays
    // offered until taken; between packets there are random gaps, now and then a long one.
#ifdef SCORD_LD_TOP
    // scord_top: the events on the shared bus, one SM's event per cycle (an access with all
    // its lanes; a kernel one beat to each tracker), held until its tracker takes it, with
    // random gaps; the merge takes the packets in event order (the order the C model applies
    // them), its enable at random but held once a packet is shown.
    if (!offering && next_ev < evs.size()) {
      if (gap) gap--;
      else if (!tm.measure && trng(100) < 12) gap = trng(400) == 0 ? 50 + trng(200) : trng(4);
      else {
        const scord_event &e = evs[next_ev];
        const bool kernel = e.type == SCORD_EV_KERNEL;
        if (beat == 0) {
          if (kernel) merge_q.push_back((unsigned)p.num_sms);
          else if (e.type <= SCORD_EV_FENCE) merge_q.push_back(e.sm);
          rtlport::put_event(m.get(), e);
        }
        beat_sm = kernel ? beat : e.sm;
        offering = true;
      }
    }
    m->ev_valid_i = offering ? (1u << beat_sm) : 0u;
    if (!merge_q.empty()) {
      m->merge_sel_i = (uint16_t)merge_q.front();
      m->merge_en_i = merge_hold || tm.measure || trng(100) >= 10;
    } else {
      m->merge_en_i = 0;
    }
#else
    if (!offering && next_in < n) {
      if (gap) gap--;
      else if (!tm.measure && trng(100) < 12) gap = trng(400) == 0 ? 50 + trng(200) : trng(4);
      else {
        offering = true;
        drive_packet(m.get(), p, pk[next_in]);
      }
    }
    m->in_valid_i = offering;
#endif
    // The host reads the ring (records the memory accepted up to the last edge).
    uint32_t unread = ring.unread(m->ring_tail_o);
    res.ring_peak = std::max<uint64_t>(res.ring_peak, unread);
    if (tm.ring_overflow) {
      // Now and then the host empties the full ring: records are dropped while it is full, and
      // the ring wraps with the host's head away from 0.
      if (unread && trng(512) == 0) ring.read(m->ring_tail_o, res.races, 1 + trng(unread));
    } else if (unread && (tm.measure || unread >= ring.size() / 2 || trng(4) == 0)) {
      ring.read(m->ring_tail_o, res.races, tm.measure ? ~0u : 1 + trng(unread));
    }
    m->ring_head_i = ring.head;
    // The ring's write port: short random stalls.
    if (tm.measure) {
      m->ring_wr_ready_i = 1;
    } else if (ring_stall) {
      ring_stall--;
      m->ring_wr_ready_i = 0;
    } else if (trng(40) == 0) {
      ring_stall = trng(8);
      m->ring_wr_ready_i = 0;
    } else {
      m->ring_wr_ready_i = 1;
    }
    uint32_t rd_rdy = 0, wr_rdy = 0, rsp_v = 0;
    for (unsigned s = 0; s < kSlices; s++) {
      SliceMem &sm = res.sl[s];
      // Reads: 20 % random back-pressure, and now and then a burst of up to 64 cycles (a
      // blocked DRAM read queue) while write-backs go on: a queued read then falls far
      // behind the write-backs sent after it.
      if (!tm.measure && !sm.rd_block && trng(300) == 0) sm.rd_block = 1 + trng(64);
      bool rd_ok = tm.measure || (!sm.rd_block && trng(100) >= 20);
      if (sm.rd_block) sm.rd_block--;
      rd_rdy |= (uint32_t)rd_ok << s;
      wr_rdy |= (uint32_t)(tm.measure || trng(100) >= 20) << s;
      if (!sm.rsp_on) {
        std::vector<size_t> due;
        for (size_t i = 0; i < sm.pend.size(); i++)
          if (sm.pend[i].due <= cyc) due.push_back(i);
        if (!due.empty()) {
          // --measure: in acceptance order (with one latency, the oldest read is due first).
          size_t i = tm.measure ? due[0] : due[trng((uint32_t)due.size())];
          sm.cur = sm.pend[i];
          sm.pend.erase(sm.pend.begin() + (long)i);
          sm.rsp_on = true;
          put_bits(m->mem_rsp_tag_i, s * slot_bits, slot_bits, sm.cur.tag);
          put_line(m->mem_rsp_data_i, s, sm.cur.data);
        }
      }
      rsp_v |= (uint32_t)sm.rsp_on << s;
    }
    m->mem_rd_ready_i = rd_rdy;
    m->mem_wr_ready_i = wr_rdy;
    m->mem_rsp_valid_i = rsp_v;
    m->mem_clr_ready_i = tm.measure || trng(2);
    now = cyc;
    m->clk_i = 0;
    eval();

    // Handshakes at the coming edge.
    bool progress = false;
    for (unsigned s = 0; s < kSlices; s++) {
      res.coll_stalls += m->coll_stall_o >> s & 1;
      res.group_stalls += m->group_stall_o >> s & 1;
    }
#ifdef SCORD_LD_TOP
    const bool beat_fire = offering && (m->ev_ready_o >> beat_sm & 1);
    const bool in_fire = m->det_in_valid_o && m->det_in_ready_o;
    if (in_fire || beat_fire) progress = true;
    if (m->det_in_valid_o && !m->det_in_ready_o) res.in_stalls++;
    merge_hold = m->det_in_valid_o && !m->det_in_ready_o;
#else
    bool in_fire = offering && m->in_ready_o;
    if (in_fire) progress = true;
    else if (offering) res.in_stalls++;
#endif
    // Step observation: each beat as it leaves E4 (slices' steps are not ordered; counted).
    for (unsigned s = 0; s < kSlices; s++) {
      if (!(m->step_valid_o >> s & 1)) continue;
      unsigned wr = m->step_write_o >> s & 1;
      for (unsigned e = 0; e < kEntries; e++) {
        unsigned b = s * kEntries + e;
        for (unsigned k = 0; k < 2; k++) {
          if (!(get_bits(k ? m->step_second_o : m->step_first_o, b, 1))) continue;
          unsigned st = (unsigned)get_bits(k ? m->step2_o : m->step1_o, b * 4, 4);
          if (st >= SCORD_STEP_COUNT) res.steps_bad_code = true;
          else res.steps[wr][st]++;
        }
      }
    }
    if (m->ring_wr_valid_o && m->ring_wr_ready_i) {
      ring.write(m->ring_wr_addr_o, m->ring_wr_data_o);
      res.ring_writes++;
      progress = true;
    }
    bool clr_v = m->mem_clr_valid_o;
    bool any_req = false, any_rd_out = false;
    for (unsigned s = 0; s < kSlices; s++) {
      SliceMem &sm = res.sl[s];
      bool rd_fire = (m->mem_rd_valid_o >> s & 1) && (rd_rdy >> s & 1);
      bool wr_fire = (m->mem_wr_valid_o >> s & 1) && (wr_rdy >> s & 1);
      any_req |= (m->mem_rd_valid_o >> s & 1) || (m->mem_wr_valid_o >> s & 1);
      any_rd_out |= !sm.pend.empty() || sm.rsp_on;
      auto apply_write = [&]() {
        uint64_t g = get_bits(m->mem_wr_line_o, s * sline_bits, sline_bits) * kSlices + s;
        uint32_t mask = (uint32_t)get_bits(m->mem_wr_mask_o, s * kEntries, kEntries);
        Line data = get_line(m->mem_wr_data_o, s);
        if (inject_wb && ++wb_seen == inject_wb)  // SCORD_TB_INJECT=wb:N: corrupt the N-th write-back
          for (unsigned e = 0; e < kEntries; e++)
            if (mask >> e & 1) {
              data[e] ^= 1ull << 40;
              break;
            }
        Line &ml = line_of(g);
        for (unsigned e = 0; e < kEntries; e++)
          if (mask >> e & 1) {
            check_write(cyc, g * kEntries + e, data[e]);
            ml[e] = data[e];
          }
        sm.writes++;
      };
      // A read and a write-back taken in one cycle are applied in a random order.
      bool write_first = tm.measure || trng(2) != 0;
      if (wr_fire && write_first) apply_write();
      if (rd_fire) {
        Rsp r;
        r.tag = (unsigned)get_bits(m->mem_rd_tag_o, s * slot_bits, slot_bits);
        uint64_t g = get_bits(m->mem_rd_line_o, s * sline_bits, sline_bits) * kSlices + s;
        r.data = line_of(g);
        r.due = tm.measure ? cyc + tm.latency : cyc + 1 + trng(60);
        if (r.tag >= kOutstanding || sm.busy[r.tag])
          fail_at(cyc, "slice %u: read tag %u issued while a read with that tag is in flight (or out of range)", s, r.tag);
        else
          sm.busy[r.tag] = true;
        sm.order[r.tag] = sm.seq++;
        sm.pend.push_back(r);
        sm.reads++;
        sm.peak = std::max<uint64_t>(sm.peak, sm.pend.size() + sm.rsp_on);
      }
      if (wr_fire && !write_first) apply_write();
      if (sm.rsp_on && (m->mem_rsp_ready_o >> s & 1)) {
        if (sm.cur.tag < kOutstanding) sm.busy[sm.cur.tag] = false;
        uint64_t o = sm.order[sm.cur.tag];
        if (o < sm.last_seq) sm.ooo++;
        sm.last_seq = o;
        sm.rsp_on = false;
        progress = true;
      }
      progress |= rd_fire || wr_fire;
    }
    if (m->idle_o && any_rd_out) fail_at(cyc, "idle_o high with a read in flight");
    if (clr_was && !clr_v) fail_at(cyc, "mem_clr_valid_o dropped before it was taken");
    if (clr_v && any_req) fail_at(cyc, "a read or write-back request offered together with the clear");
    if (clr_v && any_rd_out) fail_at(cyc, "the clear offered with a read in flight");
    clr_was = false;
    if (clr_v && m->mem_clr_ready_i) {
      // Every earlier packet is written back: the memory must be the C model's store just
      // before this kernel boundary.
      if (res.clears >= ex.kernels) {
        fail_at(cyc, "a clear beyond the %" PRIu64 " kernel boundaries sent", ex.kernels);
      } else {
        char when[64];
        snprintf(when, sizeof when, "at kernel boundary %" PRIu64, res.clears + 1);
        fails += compare_md(when, &lay, mem, res.cmp);
        res.cmp.got_clear();
      }
      mem.clear();
      res.clears++;
      progress = true;
    } else if (clr_v) {
      clr_was = true;
    }
    m->clk_i = 1;
    eval();
    if (ctx->gotFinish() || ctx->gotError()) {
      fail_at(cyc, "the RTL stopped ($finish or a simulation assertion)");
      break;
    }
#ifdef SCORD_LD_TOP
    if (beat_fire) {
      offering = false;
      const scord_event &e = evs[next_ev];
      const unsigned beats = e.type == SCORD_EV_KERNEL ? (unsigned)p.num_sms : 1;
      if (++beat == beats) {
        beat = 0;
        next_ev++;
      }
    }
    if (in_fire) {
      merge_q.pop_front();
      next_in++;
    }
    if (progress) last_progress = cyc;
    bool drained = next_ev == evs.size() && merge_q.empty() && next_in == n && !offering && m->idle_o &&
                   !m->ring_wr_valid_o && !m->mem_clr_valid_o;
#else
    if (in_fire) {
      offering = false;
      next_in++;
    }
    if (progress) last_progress = cyc;
    bool drained = next_in == n && !offering && m->idle_o && !m->ring_wr_valid_o && !m->mem_clr_valid_o;
#endif
    for (auto &sm : res.sl) drained &= sm.pend.empty() && !sm.rsp_on;
    quiet = drained ? quiet + 1 : 0;
    if (quiet <= 1) res.cycles = cyc + 1;  // up to the first drained cycle: the quiet ones are not work
    if (quiet >= 32) break;
    if (cyc - last_progress > kWatchdog) {
      fail_at(cyc, "no handshake for %" PRIu64 " cycles (hang): %u of %u packets taken, idle_o %d, ring_wr_valid_o %d, "
                "mem_clr_valid_o %d, mem_rd_valid_o %x, mem_wr_valid_o %x",
           kWatchdog, next_in, n, (int)m->idle_o, (int)m->ring_wr_valid_o, (int)m->mem_clr_valid_o,
           (unsigned)m->mem_rd_valid_o, (unsigned)m->mem_wr_valid_o);
      break;
    }
    if (fails > 10) break;
  }
  // The host reads what is left (all of an overflowed ring: its first records).
  ring.read(m->ring_tail_o, res.races);
  if (!ring.error.empty()) fail_at(res.cycles, "race ring: %s", ring.error.c_str());
  if (inject_race && inject_race <= res.races.size()) res.races[inject_race - 1].pc ^= 4;  // SCORD_TB_INJECT=race:N
  if (m->ring_tail_o != (uint32_t)res.ring_writes)
    fail_at(res.cycles, "ring_tail_o %u after %" PRIu64 " record writes", (unsigned)m->ring_tail_o, res.ring_writes);
  res.overflow = m->race_overflow_o;
  m->final();
#ifdef SCORD_LD_TOP
  if (m2) m2->final();
#endif
#ifdef SCORD_LD_FST
  if (tfp) {
    tfp->close();
    std::string why;
    if (scord_wave::wants_vcd(tm.trace) && !scord_wave::fst_to_vcd(scord_wave::fst_path(tm.trace), tm.trace, why))
      fail_at(res.cycles, "%s", why.c_str());
  }
#endif
#ifdef SCORD_LD_COVERAGE
  // A coverage build writes each run's line and toggle counts to $SCORD_COV_DIR/run<N>.dat, for
  // verilator_coverage to merge (scripts/regress.sh coverage, CTest rtl/top_coverage).
  if (const char *dir = getenv("SCORD_COV_DIR")) {
    static unsigned runs = 0;
    // The process id keeps the runs of several programs in one directory apart.
    std::string path = std::string(dir) + "/run" + std::to_string(getpid()) + "_" + std::to_string(runs++) + ".dat";
    ctx->coveragep()->write(path.c_str());
  }
#endif
  return res;
}
// The checks after a run: races, final metadata, overflow and clears (see the header).  Returns
// the failures found.
uint64_t check_end(const scord_params &p, const Expect &ex, Result &res, bool pc_is_packet, const Timing &tm) {
  uint64_t bad = 0;
  if (tm.ring_overflow) {
    // Every record read is one of the C model's races, and every race not read was counted as
    // dropped; the run must have dropped some and wrapped the ring.
    const std::vector<scord_race> &got = res.races;
    std::vector<scord_race> extra;
    for (const scord_race &r : got)
      if (!res.cmp.got_race(r)) extra.push_back(r);
    uint64_t size = uint64_t(1) << res.ring_log2;
    if (!extra.empty() || got.size() + res.overflow != ex.races.size() || res.overflow == 0 || got.size() <= size ||
        res.ring_peak != size) {
      fprintf(stderr, "FAIL: overflowing ring: %zu records read, %zu of them not the C model's, race_overflow_o %" PRIu64
                      ", C model %zu races, at most %" PRIu64 " unread (want read + dropped = races, some dropped, "
                      "more than %" PRIu64 " read, the ring filled to %" PRIu64 ")\n",
              got.size(), extra.size(), res.overflow, ex.races.size(), res.ring_peak, size, size);
      bad++;
    }
  } else {
    bad += compare_races(res.cmp, res.races, "the C model", "the RTL", pc_is_packet);
    if (res.overflow) {
      fprintf(stderr, "FAIL: race_overflow_o = %" PRIu64 " (records dropped; the host reads before half full)\n",
              res.overflow);
      bad++;
    }
  }
  // The deciding steps of every lane the RTL applies, counted per (read/write, step).
  if (res.steps_bad_code) {
    fprintf(stderr, "FAIL: a step code outside scord_step on the step observation port\n");
    bad++;
  }
  for (unsigned w = 0; w < 2; w++)
    for (unsigned st = 0; st < SCORD_STEP_COUNT; st++)
      if (res.steps[w][st] != ex.steps[w][st]) {
        fprintf(stderr, "FAIL: step %s (%s): the RTL decided %" PRIu64 " lanes with it, the C model %" PRIu64 "\n",
                scord_step_name[st], w ? "write" : "read", res.steps[w][st], ex.steps[w][st]);
        bad++;
      }
  static scord_layout lay;
  scord_layout_init(&lay, &p);
  bad += compare_md("at the end", &lay, res.mem, res.cmp);
  if (res.clears != ex.kernels) {
    fprintf(stderr, "FAIL: %" PRIu64 " clears for %" PRIu64 " kernel boundaries\n", res.clears, ex.kernels);
    bad++;
  }
  return bad;
}

// Prints the first `upto` packets with their lanes (SCORD_LD_DUMP, to look into a failure).
void dump_packets(const scord_params &p, const std::vector<Packet> &pk, unsigned long upto) {
  for (size_t i = 0; i < pk.size() && i < upto; i++) {
    const Packet &k = pk[i];
    printf("packet %zu: ", i);
    if (k.line) printf("line %" PRIu64 " ", k.line);
    printf("type %u sm %u cta %u warp %u block %u barrier %u bloom %x kind %u strong %d atom_blk %d "
           "fence_dev %d pc %" PRIx64 " mask %08x\n", k.type, k.sm, k.cta, k.warp, k.block, k.barrier, k.bloom, k.kind,
           k.strong, k.atom_blk, k.fence_dev, k.pc, k.mask);
    if (k.type == kPktAccess)
      for (unsigned j = 0; j < kLanes; j++)
        if (k.mask >> j & 1) {
          uint64_t index = 0;
          uint32_t tag = 0;
          bool in = scord_map_addr(&p, k.addr[j], &index, &tag);
          printf("  lane %2u addr %012" PRIx64 " %s entry %" PRIu64 " tag %u\n", j, k.addr[j], in ? "" : "outside", index, tag);
        }
  }
}

// The random test of the header: n packets drawn from seed, checked with coverage.  Returns the
// exit status.
[[maybe_unused]] int run_random(int argc, char **argv, const scord_params &p, unsigned long n, uint64_t seed, const Timing &tm) {
  srng.s = seed * 0x9E3779B97F4A7C15ULL + 1;
  trng.s = seed * 0xD1B54A32D192ED03ULL + 7;
  std::vector<Packet> pk = make_packets(p, (unsigned)n);
  if (const char *dump = getenv("SCORD_LD_DUMP")) {
    uint64_t k = 0;
    if (scord_arg_u64(argv[0], "SCORD_LD_DUMP", dump, 0, UINT32_MAX, &k) != 0) return 2;
    dump_packets(p, pk, (unsigned long)k);
  }
  Expect ex;
  if (!run_model(p, pk, ex)) {
    fprintf(stderr, "%s: the C model ran out of memory or overflowed its race buffer\n", argv[0]);
    return 1;
  }
  Result res = run_rtl(argc, argv, p, pk, ex, tm, {});
  if (!fails) fails += check_end(p, ex, res, true, tm);
  unsigned types = 0;
  for (uint64_t c : ex.by_type) types += c > 0;
  printf("line_detector (%s, %u slices, MaxOutstanding %u): %lu packets (%" PRIu64 " accesses, %" PRIu64
         " fences, %" PRIu64 " kernel boundaries), %" PRIu64 " lanes (%" PRIu64 " outside), %" PRIu64
         " cycles, %.2f lanes/cycle, %" PRIu64 " line visits, %zu races of %u types (C model %zu), %" PRIu64 " packets over two lines, %" PRIu64
         " with 3+ lanes on one entry, %" PRIu64 " input stalls, %" PRIu64 " group stalls\n",
         SCORD_LD_CONFIG[0] ? SCORD_LD_CONFIG : "defaults", kSlices, kOutstanding, n, ex.accesses, ex.fences,
         ex.kernels, ex.lanes, ex.outside, res.cycles, res.cycles ? (double)ex.lanes / (double)res.cycles : 0.0, ex.line_visits,
         res.races.size(), types, ex.races.size(), ex.span2, ex.same3, res.in_stalls, res.group_stalls);
  // Step coverage of the RTL: lanes decided by each step (the first two of each entry's run).
  unsigned reached = 0;
  for (unsigned w = 0; w < 2; w++)
    for (unsigned st = 0; st < SCORD_STEP_COUNT; st++) reached += res.steps[w][st] != 0;
  printf("  steps reached: %u (read or write, step) pairs\n", reached);
  for (unsigned st = 0; st < SCORD_STEP_COUNT; st++)
    if (res.steps[0][st] || res.steps[1][st])
      printf("    %-40s read %8" PRIu64 "  write %8" PRIu64 "\n", scord_step_name[st], res.steps[0][st], res.steps[1][st]);
  printf("  race ring: %u records, %" PRIu64 " written, at most %" PRIu64 " unread, %" PRIu64 " dropped%s\n",
         1u << res.ring_log2, res.ring_writes, res.ring_peak, res.overflow,
         tm.ring_overflow ? " (--ring-overflow: emptied now and then)" : "");
  for (unsigned s = 0; s < kSlices; s++)
    printf("  slice %u: %" PRIu64 " reads, %" PRIu64 " write-backs, %" PRIu64 " answers out of order, peak %" PRIu64
           " reads in flight\n",
           s, res.sl[s].reads, res.sl[s].writes, res.sl[s].ooo, res.sl[s].peak);
  // The run must have reached what it is for.
  if (ex.races.size() < 50 || types < 3 || ex.span2 == 0 || ex.same3 == 0 || ex.kernels == 0 ||
      res.group_stalls == 0) {
    fprintf(stderr, "FAIL: coverage: need 50 races of 3 types, a packet over two lines, 3+ lanes on one entry, "
                    "a kernel boundary and a group stall\n");
    fails++;
  }
  if (fails) {
    printf("FAIL (%" PRIu64 ")\n", fails);
    return 1;
  }
  printf("PASS\n");
  return 0;
}

// ---- Vector files ---------------------------------------------------------------------------

enum class VecStatus { kPass, kSkip, kFail };

// One vector file as packets, and the races the C system found on it.
struct VecPackets {
  std::vector<Packet> pk;
  std::vector<scord_race> sys_races;
  std::vector<scord_event> evs;  // every event, in order (scord_top's input)
};

// Reads `path` into packets (see the header), applying every event to a scord_system after its
// packet is built, so the trackers' locks and barrier counters are those the event sees.  kSkip
// (printed) when the file's configuration differs from the variant's (p) in a parameter the RTL
// depends on; kFail (printed) on a reader error or an instruction whose lanes disagree.
// With text, the file's contents come from it (path names it in messages).
VecStatus read_vec(const char *path, const scord_params &p, VecPackets &out, const std::string *text = nullptr) {
  std::unique_ptr<scord_vreader, void (*)(scord_vreader *)> r(
      text ? scord_vr_open_mem(path, text->data(), text->size(), nullptr, 0) : scord_vr_open(path, nullptr, 0),
      scord_vr_close);
  if (!r) {
    fprintf(stderr, "%s:0: out of memory\n", path);
    return VecStatus::kFail;
  }
  scord_mdport port{};
  std::unique_ptr<scord_store, void (*)(scord_store *)> store(nullptr, scord_store_free);
  std::unique_ptr<scord_system, void (*)(scord_system *)> sys(nullptr, scord_system_free);
  scord_params fp{};
  scord_event ev;
  for (;;) {
    int rc = scord_vr_next(r.get(), &ev);
    if (rc < 0) {
      fprintf(stderr, "%s\n", scord_vr_error(r.get()));
      return VecStatus::kFail;
    }
    if (!sys) {
      // The configuration is frozen now (also for a file without events).  md_base only places
      // the metadata; race_buf_entries does not matter with the race port drained as records
      // come; lock_entries sizes the trackers, which are the C system's here.
      fp = *scord_vr_params(r.get());
#ifdef SCORD_LD_TOP
      const unsigned flags = rtlport::kAnyMdBase | rtlport::kAnyRaceBuf;  // the trackers are RTL too
#else
      const unsigned flags = rtlport::kAnyMdBase | rtlport::kAnyRaceBuf | rtlport::kDetectorOnly;
#endif
      if (const char *field = rtlport::param_mismatch(fp, p, flags)) {
        printf("skip %s: configuration differs (%s)\n", path, field);
        return VecStatus::kSkip;
      }
      // Races are popped after every event: room for one event's lanes means no overflow.
      scord_params sp = fp;
      sp.race_buf_entries = std::max<uint64_t>(sp.race_buf_entries, kLanes);
      store.reset(scord_store_new(sp.heap_bytes / sp.granule / sp.md_ratio));
      if (store) {
        port = scord_store_port(store.get());
        sys.reset(scord_system_new(&sp, &port));
      }
      if (!sys) {
        fprintf(stderr, "%s: out of memory building the C system\n", path);
        return VecStatus::kFail;
      }
    }
    if (rc == 0) break;
    Packet k;
    memset(&k, 0, sizeof k);
    k.num = (unsigned)out.pk.size();
    k.line = ev.line;
    k.pc = ev.pc;
    bool packet = true;
    switch ((scord_ev_type)ev.type) {
    case SCORD_EV_LD:
    case SCORD_EV_ST:
    case SCORD_EV_ATOM: {
      // The fields scord_system_apply gives each lane: bloom once, then the tracker's packet.
      const scord_tracker *t = scord_system_tracker(sys.get(), ev.sm);
      scord_kind kind = ev.type == SCORD_EV_LD ? SCORD_LD : ev.type == SCORD_EV_ST ? SCORD_ST : SCORD_ATOM;
      uint32_t bloom = scord_tracker_bloom(t, ev.warp, scord_block_id(&fp, ev.sm, ev.cta));
      scord_access a0{}, a{};
      for (unsigned lane = 0; lane < ev.n; lane++) {
        uint64_t addr = ev.addr + lane * ev.stride;
        scord_tracker_make_access(t, lane ? &a : &a0, ev.cta, ev.warp, kind, ev.is_volatile, (scord_scope)ev.scope,
                                  addr, ev.pc, bloom);
        // One packet carries one set of instruction fields: a lane that needs others cannot
        // be sent in it.
        if (lane && !rtlport::same_instruction(a0, a)) {
          fprintf(stderr, "%s:%" PRIu64 ": FAIL: lane %u's instruction fields differ from lane 0's\n", path, ev.line,
                  lane);
          return VecStatus::kFail;
        }
        k.addr[lane] = addr;
      }
      k.type = kPktAccess;
      k.sm = a0.sm;
      k.cta = a0.cta;
      k.warp = a0.warp;
      k.block = a0.block_id;
      k.barrier = a0.barrier_id;
      k.bloom = a0.bloom;
      k.kind = a0.kind;
      k.strong = a0.strong;
      k.atom_blk = a0.atom_block_scope;
      k.mask = (uint32_t)((1ull << ev.n) - 1);
      break;
    }
    case SCORD_EV_FENCE:
      k.type = kPktFence;
      k.sm = ev.sm;
      k.cta = ev.cta;
      k.warp = ev.warp;
      k.block = (unsigned)scord_block_id(&fp, ev.sm, ev.cta);
      k.fence_dev = ev.scope != SCORD_SCOPE_CTA;
      break;
    case SCORD_EV_KERNEL:
      k.type = kPktKernel;
      break;
    case SCORD_EV_BAR:
    case SCORD_EV_CTA:
      packet = false;  // only the trackers move
      break;
    case SCORD_EV_SYNCWARP:
      // Detector v2.0 (docs/spec/detector-v2.md): the RTL implements v1.1.
      fprintf(stderr, "%s:%" PRIu64 ": FAIL: field type=syncwarp: the RTL implements detector v1.1 only\n", path,
              ev.line);
      return VecStatus::kFail;
    }
    if (packet) out.pk.push_back(k);
    out.evs.push_back(ev);
    scord_system_apply(sys.get(), &ev);
    scord_race rr;
    while (scord_detector_pop_race(scord_system_detector(sys.get()), &rr)) out.sys_races.push_back(rr);
  }
  if (uint64_t o = scord_detector_overflow(scord_system_detector(sys.get()))) {
    fprintf(stderr, "%s: FAIL: the C system's race buffer overflowed (%" PRIu64 " records)\n", path, o);
    return VecStatus::kFail;
  }
  return VecStatus::kPass;
}

// Runs one vector file through the C model and the RTL with the checks of the header and prints
// its result line.  Returns its status.
VecStatus run_vec(int argc, char **argv, const scord_params &p, const char *path, const Timing &tm,
                  const std::string *text = nullptr) {
  fails = 0;
  if (!text) trng.s = 0xD1B54A32D192ED03ULL + 7;  // seed 1's timing for every file, whatever ran before
  VecPackets v;
  VecStatus st = read_vec(path, p, v, text);
  if (st != VecStatus::kPass) return st;
  if (const char *dump = getenv("SCORD_LD_DUMP")) {
    uint64_t k = 0;
    if (scord_arg_u64(path, "SCORD_LD_DUMP", dump, 0, UINT32_MAX, &k) != 0) return VecStatus::kFail;
    dump_packets(p, v.pk, (unsigned long)k);
  }
  Expect ex;
  if (!run_model(p, v.pk, ex)) {
    fprintf(stderr, "%s: FAIL: the C model ran out of memory or overflowed its race buffer\n", path);
    return VecStatus::kFail;
  }
  const Rng timing_start = trng;
  first_fail_cycle = UINT64_MAX;
  const auto t0 = std::chrono::steady_clock::now();
  Result res = run_rtl(argc, argv, p, v.pk, ex, tm, v.evs);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!fails) fails += check_end(p, ex, res, false, tm);
  // The packets must say what the events say: the C system on the events finds the races the C
  // model finds on the packets.
  fails += compare_races(v.sys_races, ex.races, "the C system", "the C model on the packets", false);
  if (text) {
    // A random stream: its functional coverage, the spec's decision steps (detector.md section 5)
    // the RTL decided, each hit or named as unhit (some (read/write, step) pairs cannot occur),
    // one line each ("step read|write NAME COUNT") for scripts/regress.sh coverage to sum.
    for (unsigned w = 0; w < 2; w++)
      for (unsigned st = 0; st < SCORD_STEP_COUNT; st++)
        printf("step %s %s %" PRIu64 "%s\n", w ? "write" : "read", scord_step_name[st], res.steps[w][st],
               res.steps[w][st] ? "" : " unhit");
    unsigned types = 0;
    for (uint64_t c : ex.by_type) types += c > 0;
    if (ex.races.size() < 50 || types < 3 || ex.span2 == 0 || ex.kernels == 0) {
      fprintf(stderr, "FAIL: coverage: need 50 races of 3 types, a packet over two lines and a kernel boundary "
                      "(got %zu races of %u types, %" PRIu64 " packets over two lines, %" PRIu64 " kernels)\n",
              ex.races.size(), types, ex.span2, ex.kernels);
      fails++;
    }
  }
  printf("vec %s: packets=%zu lanes=%" PRIu64 " cycles=%" PRIu64 " lanes/cycle=%.2f races=%zu (C model %zu)", path,
         v.pk.size(), ex.lanes, res.cycles, res.cycles ? (double)ex.lanes / (double)res.cycles : 0.0,
         res.races.size(), ex.races.size());
  if (tm.measure) {
    uint64_t reads = 0;
    for (const SliceMem &sm : res.sl) reads += sm.reads;
    printf(" latency=%u beats=%" PRIu64 " beats/cycle=%.2f reads=%" PRIu64 " input_stalls=%" PRIu64
           " coll_stalls=%" PRIu64 " group_stalls=%" PRIu64 " cycles_at_1_lane/cycle=%" PRIu64,
           tm.latency, ex.beats, res.cycles ? (double)ex.beats / (double)res.cycles : 0.0, reads, res.in_stalls,
           res.coll_stalls, res.group_stalls, ex.lanes);
  }
  printf(" %s\n", fails ? "FAIL" : "PASS");
  if (tm.speed)
    printf("speed: %" PRIu64 " RTL cycles in %.2f s: %.0f cycles/s, %.0f events/s\n", res.cycles, secs,
           secs > 0 ? (double)res.cycles / secs : 0.0, secs > 0 ? (double)v.evs.size() / secs : 0.0);
#ifdef SCORD_LD_FST
  if (fails && tm.fail_trace && tm.trace.empty()) {
    // The same run again (the stimulus and the timing replay from their seeds), tracing the
    // cycles before the first failure: a waveform a designer can open, not the whole run.
    Timing t2 = tm;
    t2.fail_trace = false;
    const uint64_t at = first_fail_cycle != UINT64_MAX ? first_fail_cycle : res.cycles;
    t2.trace_from = at > 2000 ? at - 2000 : 0;
    t2.trace_to = at + 20;
    t2.trace = std::string(getenv("SCORD_TB_FAIL_TRACE") ? getenv("SCORD_TB_FAIL_TRACE") : "scord-rtl-tb-failure.fst");
    const uint64_t fails_before = fails;
    trng = timing_start;
    run_rtl(argc, argv, p, v.pk, ex, t2, v.evs);
    fails = fails_before;
    printf("waveform of the failure: %s (cycles %" PRIu64 "-%" PRIu64 ")\n", t2.trace.c_str(), t2.trace_from,
           t2.trace_to);
  }
#else
  (void)timing_start;
#endif
  return fails ? VecStatus::kFail : VecStatus::kPass;
}
#ifdef SCORD_LD_TOP
// scord_top's random test: n events of the constrained-random stream (event_gen.h, with
// warp-wide accesses) from seed, written as a vector file in memory and run like one: through
// the RTL's trackers and merge, and through the C system.  The timing (stalls,
// memory order) is drawn from the seed too.  Returns the exit status.
int run_random_top(int argc, char **argv, const scord_params &p, unsigned long n, uint64_t seed, const Timing &tm) {
  trng.s = seed * 0xD1B54A32D192ED03ULL + 7;
  Gen gen(seed, p, 2, true, tm.spread, SCORD_RTL_DEF_PcBits);
  gen.sweep = tm.barrier_sweep;
  std::string text = "scord-vectors 1\n";
  if (SCORD_LD_CONFIG[0]) text += std::string("config ") + SCORD_LD_CONFIG + "\n";
  char *buf = nullptr;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) {
    fprintf(stderr, "%s: out of memory\n", argv[0]);
    return 1;
  }
  for (unsigned long i = 0; i < n; i++) {
    scord_event e = gen.next();
    scord_event_write(f, &e);
  }
  fclose(f);
  text.append(buf, len);
  free(buf);
  char name[64];
  snprintf(name, sizeof name, "random seed %" PRIu64, seed);
  if (const char *dump = getenv("SCORD_TOP_DUMP")) {  // the stream as a vector file, to replay it
    FILE *o = fopen(dump, "w");
    if (o) {
      fwrite(text.data(), 1, text.size(), o);
      fclose(o);
    }
  }
  Timing t = tm;
  if (tm.spread) t.ring_base = spread_ring_base(seed);
  return run_vec(argc, argv, p, name, t, &text) == VecStatus::kPass ? 0 : 1;
}
#endif
}  // namespace

// Parses the command line (see the header) and runs the random test or the vector files.
int main(int argc, char **argv) {
  // A file's failure details (stderr) come just before its result line (stdout) in one log.
  setvbuf(stdout, nullptr, _IOLBF, 0);
  scord_params p;
  scord_params_default(&p);
  char err[256];
  if (!rtlport::config_apply(&p, SCORD_LD_CONFIG, err, sizeof err) || scord_params_finalize(&p, err, sizeof err) != 0) {
    fprintf(stderr, "%s: configuration '%s': %s\n", argv[0], SCORD_LD_CONFIG, err);
    return 2;
  }
  // Options: [EVENTS|PACKETS] [SEED] positionally, or --events N --seed S; --vec FILE... for
  // vector mode.  +verilator+ arguments go to Verilator.
  Timing tm;
  bool vec = false;
  uint64_t n = 20000, seed = 1;
  unsigned positional = 0;
  std::vector<const char *> files;
  auto usage = [&](const char *bad) {
    fprintf(stderr,
            "usage: %s [--events N] [--seed S] [--spread] [--barrier-sweep] [--ring-overflow] [--xcheck] [--speed]\n"
            "       %*s [--trace FILE.fst|FILE.vcd [--trace-from C] [--trace-to C]] [--measure [--latency N]] [--vec FILE...]\n"
            "bad argument '%s'\n", argv[0], (int)strlen(argv[0]), "", bad);
    return 2;
  };
  for (int i = 1; i < argc; i++) {
    uint64_t v = 0;
    const bool has_val = i + 1 < argc;
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf("usage: %s [--events N] [--seed S] [--spread] [--barrier-sweep] [--ring-overflow] [--xcheck] [--speed]\n"
             "       %*s [--trace FILE.fst|FILE.vcd [--trace-from C] [--trace-to C]] [--measure [--latency N]] [--vec FILE...]\n"
             "Runs %s (%s) against the C model: a constrained-random stream of EVENTS (default 20000)\n"
             "from SEED (default 1), or the vector files after --vec; exit 0 pass, 1 fail, 2 usage.\n"
             "--spread moves the stream's hot actors, locks and data words every 1500 events and draws\n"
             "pcs and atomic values over their whole width, and places the race ring at an address drawn\n"
             "from SEED (the coverage runs).  --barrier-sweep opens the stream with every CTA slot's\n"
             "barrier counter counting through all its values and wrapping.\n",
             argv[0], (int)strlen(argv[0]), "", kTopName, SCORD_LD_CONFIG[0] ? SCORD_LD_CONFIG : "defaults");
      return 0;
    } else if (!strcmp(argv[i], "--measure")) {
      tm.measure = true;
    } else if (!strcmp(argv[i], "--latency") && has_val && scord_parse_u64(argv[i + 1], &v) == 0 && v >= 1 &&
               v <= 100000) {
      tm.latency = (unsigned)v;
      i++;
    } else if (!strcmp(argv[i], "--events") && has_val) {
      if (scord_arg_u64(argv[0], "--events", argv[++i], 1, 100000000, &n) != 0) return 2;
    } else if (!strcmp(argv[i], "--seed") && has_val) {
      if (scord_arg_u64(argv[0], "--seed", argv[++i], 0, UINT64_MAX, &seed) != 0) return 2;
    } else if (!strcmp(argv[i], "--ring-overflow")) {
      tm.ring_overflow = true;
    } else if (!strcmp(argv[i], "--xcheck")) {
      tm.xcheck = true;
    } else if (!strcmp(argv[i], "--speed")) {
      tm.speed = true;
    } else if (!strcmp(argv[i], "--spread")) {
      tm.spread = true;
    } else if (!strcmp(argv[i], "--barrier-sweep")) {
      tm.barrier_sweep = true;
    } else if (!strcmp(argv[i], "--trace") && has_val) {
      tm.trace = argv[++i];
#ifndef SCORD_LD_FST
      // A usage error, not a run failure: this build was Verilated without tracing.
      fprintf(stderr, "%s: --trace %s: this build has no waveform support\n", argv[0], tm.trace.c_str());
      return 2;
#endif
      const std::string ext = tm.trace.size() >= 4 ? tm.trace.substr(tm.trace.size() - 4) : "";
      if (ext != ".fst" && ext != ".vcd") {
        fprintf(stderr, "%s: --trace %s: name the waveform FILE.fst (FST) or FILE.vcd (VCD)\n", argv[0],
                tm.trace.c_str());
        return 2;
      }
    } else if (!strcmp(argv[i], "--trace-from") && has_val) {
      if (scord_arg_u64(argv[0], "--trace-from", argv[++i], 0, UINT64_MAX, &tm.trace_from) != 0) return 2;
    } else if (!strcmp(argv[i], "--trace-to") && has_val) {
      if (scord_arg_u64(argv[0], "--trace-to", argv[++i], 0, UINT64_MAX, &tm.trace_to) != 0) return 2;
    } else if (!strcmp(argv[i], "--vec")) {
      vec = true;
    } else if (vec && argv[i][0] != '-' && argv[i][0] != '+') {
      files.push_back(argv[i]);
    } else if (!vec && argv[i][0] != '-' && argv[i][0] != '+' && positional < 2) {
      if (scord_arg_u64(argv[0], positional ? "SEED" : "EVENTS", argv[i], positional ? 0 : 1,
                        positional ? UINT64_MAX : 100000000, positional ? &seed : &n) != 0)
        return 2;
      positional++;
    } else if (argv[i][0] != '+') {
      return usage(argv[i]);
    }
  }
  if (tm.trace_from > tm.trace_to) {
    fprintf(stderr, "%s: --trace-from %" PRIu64 " is after --trace-to %" PRIu64 "\n", argv[0], tm.trace_from, tm.trace_to);
    return 2;
  }
  if (tm.barrier_sweep && (vec || !kIsTop)) {
    fprintf(stderr, "%s: --barrier-sweep is for scord_top's random stream\n", argv[0]);
    return 2;
  }
  if (!vec) {
#ifdef SCORD_LD_TOP
    return run_random_top(argc, argv, p, (unsigned long)n, seed, tm);
#else
    return run_random(argc, argv, p, (unsigned long)n, seed, tm);
#endif
  }
  if (files.empty()) {
    fprintf(stderr, "%s: --vec needs at least one FILE\n", argv[0]);
    return 2;
  }
  unsigned passed = 0, failed = 0, skipped = 0;
  for (const char *f : files) {
    VecStatus st = run_vec(argc, argv, p, f, tm);
    passed += st == VecStatus::kPass;
    failed += st == VecStatus::kFail;
    skipped += st == VecStatus::kSkip;
  }
  printf("%s vectors (%s, %u slices, MaxOutstanding %u%s): %u passed, %u failed, %u skipped\n", kTopName,
         SCORD_LD_CONFIG[0] ? SCORD_LD_CONFIG : "defaults", kSlices, kOutstanding, tm.measure ? ", --measure" : "",
         passed, failed, skipped);
  if (passed == 0) {
    fprintf(stderr, "%s: no vector file ran (all skipped or failed)\n", argv[0]);
    return 1;
  }
  return failed ? 1 : 0;
}
