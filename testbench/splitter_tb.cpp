// splitter_tb.cpp -- unit test of rtl_model/scord_splitter.sv (the line-rate detector's ingress)
// with random packets and random back-pressure, checked against the C model's address mapping
// (scord_map_addr) and the properties the detector relies on:
//   1. every lane of an access packet leaves in exactly one beat; a fence or kernel leaves as one
//      broadcast beat; the header travels unchanged;
//   2. a line beat's lanes are all inside the window and in its line, its slice is line mod Slices;
//      an outside beat's lanes are all outside;
//   3. a slot holds exactly the beat's lanes of its entry, all with the slot's tag; its count is
//      min(3, lanes) and its two addresses are the words of its first two lanes;
//   4. lane order per entry: two lanes of one entry in lane order never leave in the wrong order,
//      and lanes with different tags never share a beat;
//   5. no needless beat: a line takes 1 + (most tag changes along one entry's lanes) beats.
// Usage: test_splitter[_md16] [PACKETS] [SEED]   (defaults 20000, 1).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include SCORD_SP_VTOP_H
#include "verilated.h"
#pragma GCC diagnostic pop

#include "rtl_port.h"
#include "scord/scord.h"

namespace {
constexpr int kLanes = 32, kSlots = 16;
using rtlport::kPktAccess;  // scord_pkg::pkt_type_e (rtl_port.h)
using rtlport::kPktFence;
using rtlport::kPktKernel;
constexpr unsigned kBeatLine = 0, kBeatOutside = 1, kBeatBcast = 2;

uint64_t rng_state = 1;
uint64_t rng() {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1DULL;
}
uint32_t rnd(uint32_t n) { return n ? (uint32_t)(rng() % n) : 0; }

// Bit fields of Verilator's ports, wide (32-bit words) or plain integers: rtl_port.h's.
template <class W>
void put(W &w, unsigned lsb, unsigned width, uint64_t v) {
  rtlport::put_bits(w, lsb, width, v);
}
template <class W>
uint64_t get(const W &w, unsigned lsb, unsigned width) {
  return rtlport::get_bits(w, lsb, width);
}

struct Lane {
  uint64_t addr, word, index;
  uint32_t tag;
  bool inside;
};
struct Packet {
  unsigned type, hdr;
  uint32_t mask;
  Lane lane[kLanes];
};
struct Beat {
  unsigned kind, type, hdr, slice;
  bool last;
  uint64_t line;
  uint32_t lanes, slot_valid;
  uint32_t tag[kSlots];
  unsigned count[kSlots];
  uint64_t a1[kSlots], a2[kSlots];
};
}  // namespace

int main(int argc, char **argv) {
  uint64_t npackets = 20000, seed = 0;
  if (argc > 1 && scord_arg_u64(argv[0], "PACKETS", argv[1], 1, 100000000, &npackets) != 0) return 2;
  const unsigned packets = (unsigned)npackets;
  if (argc > 2 && scord_arg_u64(argv[0], "SEED", argv[2], 0, UINT64_MAX, &seed) != 0) return 2;
  rng_state = argc > 2 ? seed * 0x9E3779B97F4A7C15ULL + 1 : 1;
  scord_params p;
  scord_params_default(&p);
  char err[256];
  if (!rtlport::config_apply(&p, SCORD_SP_CONFIG, err, sizeof err) || scord_params_finalize(&p, err, sizeof err) != 0) {
    fprintf(stderr, "%s: configuration: %s\n", argv[0], err);
    return 2;
  }
  const unsigned slices = SCORD_SP_SLICES, AB = (unsigned)p.addr_bits, TB = (unsigned)p.tag_bits;
  const uint64_t words = p.heap_bytes / p.granule, nidx = words / p.md_ratio;
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  auto m = std::make_unique<SCORD_SP_VTOP>(ctx.get());
  m->in_valid_i = 0;
  m->beat_ready_i = 0;
  rtlport::reset([&](bool clk, bool rst_n) {
    m->clk_i = clk;
    m->rst_ni = rst_n;
    m->eval();
  });

  // Addresses from a few lines, sometimes another tag of the same entry or outside the window.
  auto make_addr = [&](const std::vector<uint64_t> &lines) -> uint64_t {
    if (rnd(16) == 0) return p.heap_base + p.heap_bytes + 4 * rnd(1024);   // outside
    uint64_t line = lines[rnd((uint32_t)lines.size())];
    uint64_t idx = line * kSlots + rnd(kSlots);
    uint64_t tagk = p.md_ratio > 1 ? rnd(3) : 0;                        // same entry, another tag
    uint64_t word = tagk * nidx + idx;
    return p.heap_base + word * p.granule + (p.granule > 4 ? 4 * rnd((uint32_t)(p.granule / 4)) : 0);
  };

  std::vector<Beat> got;
  unsigned next_send = 0;
  uint64_t fails = 0, beats_total = 0, multi_beat_lines = 0, slots3 = 0, outside_beats = 0;
  std::vector<Packet> all(packets);
  for (unsigned i = 0; i < packets; i++) {
    Packet &k = all[i];
    k.type = rnd(10) == 0 ? (rnd(4) ? kPktFence : kPktKernel) : kPktAccess;
    k.hdr = i & 0xff;
    k.mask = (uint32_t)rng();
    if (rnd(4) == 0) k.mask = 0xffffffffu;
    if (rnd(8) == 0) k.mask &= 0x3;
    std::vector<uint64_t> lines;
    unsigned nl = 1 + rnd(3);
    for (unsigned j = 0; j < nl; j++) lines.push_back(rng() % (nidx / kSlots));
    for (int j = 0; j < kLanes; j++) {
      Lane &l = k.lane[j];
      l.addr = make_addr(lines);
      l.inside = scord_map_addr(&p, l.addr, &l.index, &l.tag);
      l.word = l.addr & ~(uint64_t)3;
    }
  }
  // Clock: offer packets in order, take beats with random back-pressure.
  uint64_t cyc = 0;
  while (got.size() < 1000000 && cyc < 50ull * packets + 1000) {
    cyc++;
    if (next_send < packets) {
      const Packet &k = all[next_send];
      m->in_valid_i = 1;
      m->in_type_i = k.type;
      m->in_hdr_i = k.hdr;
      m->in_lane_valid_i = k.mask;
      for (int j = 0; j < kLanes; j++) put(m->in_addr_i, (unsigned)j * AB, AB, k.lane[j].addr);
    } else {
      m->in_valid_i = 0;
    }
    m->beat_ready_i = rnd(4) != 0;
    m->clk_i = 0;
    m->eval();
    bool took = m->in_valid_i && m->in_ready_o;
    if (m->beat_valid_o && m->beat_ready_i) {
      Beat b;
      memset(&b, 0, sizeof b);
      b.kind = m->beat_kind_o;
      b.type = m->beat_type_o;
      b.hdr = m->beat_hdr_o;
      b.slice = m->beat_slice_o;
      b.last = m->beat_last_o;
      b.line = m->beat_line_o;
      b.lanes = m->beat_lanes_o;
      b.slot_valid = m->beat_slot_valid_o;
      for (int s = 0; s < kSlots; s++) {
        b.tag[s] = (uint32_t)get(m->beat_slot_tag_o, (unsigned)s * TB, TB);
        b.count[s] = (unsigned)get(m->beat_slot_count_o, (unsigned)s * 2, 2);
        b.a1[s] = get(m->beat_slot_addr1_o, (unsigned)s * AB, AB);
        b.a2[s] = get(m->beat_slot_addr2_o, (unsigned)s * AB, AB);
      }
      got.push_back(b);
    }
    m->clk_i = 1;
    m->eval();
    if (took) next_send++;
    if (next_send == packets && !m->busy_o) break;
  }
  m->final();

  // Check the beats packet by packet (packets with no lane leave no beat).
  size_t bi = 0;
  for (unsigned i = 0; i < packets && fails < 10; i++) {
    const Packet &k = all[i];
    if (k.type != kPktAccess) {
      if (bi >= got.size() || got[bi].kind != kBeatBcast || !got[bi].last || got[bi].type != k.type ||
          got[bi].hdr != k.hdr) {
        fprintf(stderr, "packet %u (type %u): no broadcast beat\n", i, k.type);
        fails++;
        break;
      }
      bi++;
      continue;
    }
    if (k.mask == 0) continue;
    uint32_t seen = 0;
    std::vector<const Beat *> bs;
    while (bi < got.size()) {
      const Beat &b = got[bi++];
      bs.push_back(&b);
      beats_total++;
      if (b.hdr != k.hdr || b.kind == kBeatBcast) {
        fprintf(stderr, "packet %u: beat of another packet (hdr %u kind %u)\n", i, b.hdr, b.kind);
        fails++;
      }
      if (b.lanes & seen) {
        fprintf(stderr, "packet %u: a lane in two beats\n", i);
        fails++;
      }
      seen |= b.lanes;
      if (b.kind == kBeatOutside) outside_beats++;
      for (int j = 0; j < kLanes; j++) {
        if (!(b.lanes >> j & 1)) continue;
        const Lane &l = k.lane[j];
        if (b.kind == kBeatOutside ? l.inside : (!l.inside || l.index / kSlots != b.line)) {
          fprintf(stderr, "packet %u beat: lane %d does not belong (inside %d, line %" PRIu64 " vs %" PRIu64 ")\n", i, j,
                  l.inside, l.index / kSlots, b.line);
          fails++;
        }
      }
      if (b.kind == kBeatLine) {
        if (b.slice != b.line % slices) {
          fprintf(stderr, "packet %u: slice %u for line %" PRIu64 "\n", i, b.slice, b.line);
          fails++;
        }
        for (int s = 0; s < kSlots; s++) {
          std::vector<int> ls;
          for (int j = 0; j < kLanes; j++)
            if ((b.lanes >> j & 1) && k.lane[j].index % kSlots == (uint64_t)s) ls.push_back(j);
          bool v = b.slot_valid >> s & 1;
          if (v != !ls.empty()) {
            fprintf(stderr, "packet %u slot %d: valid %d with %zu lanes\n", i, s, v, ls.size());
            fails++;
            continue;
          }
          if (!v) continue;
          slots3 += ls.size() >= 3;
          for (int j : ls)
            if (k.lane[j].tag != b.tag[s]) {
              fprintf(stderr, "packet %u slot %d: lane %d tag %u, slot tag %u\n", i, s, j, k.lane[j].tag, b.tag[s]);
              fails++;
            }
          unsigned want = ls.size() >= 3 ? 3 : (unsigned)ls.size();
          uint64_t w1 = k.lane[ls[0]].word, w2 = ls.size() > 1 ? k.lane[ls[1]].word : 0;
          if (b.count[s] != want || b.a1[s] != w1 || b.a2[s] != w2) {
            fprintf(stderr, "packet %u slot %d: count %u addr %" PRIx64 " %" PRIx64 ", want %u %" PRIx64 " %" PRIx64 "\n", i, s,
                    b.count[s], b.a1[s], b.a2[s], want, w1, w2);
            fails++;
          }
        }
      }
      if (b.last) break;
    }
    if (seen != k.mask) {
      fprintf(stderr, "packet %u: lanes %08x left, %08x sent\n", i, seen, k.mask);
      fails++;
    }
    // 4 and 5: per entry, lane order; per line, the beat count.
    std::map<uint64_t, std::vector<int>> entry;  // index -> lanes in lane order
    for (int j = 0; j < kLanes; j++)
      if ((k.mask >> j & 1) && k.lane[j].inside) entry[k.lane[j].index].push_back(j);
    auto beat_of = [&](int j) {
      for (size_t q = 0; q < bs.size(); q++)
        if (bs[q]->lanes >> j & 1) return (int)q;
      return -1;
    };
    std::map<uint64_t, unsigned> need;  // line -> 1 + most tag changes on one entry
    for (auto &e : entry) {
      unsigned changes = 0;
      for (size_t q = 1; q < e.second.size(); q++) {
        int a = e.second[q - 1], c = e.second[q];
        bool same = k.lane[a].tag == k.lane[c].tag;
        changes += !same;
        if (same ? beat_of(c) < beat_of(a) : beat_of(c) <= beat_of(a)) {
          fprintf(stderr, "packet %u: entry %" PRIx64 " lanes %d and %d out of order\n", i, e.first, a, c);
          fails++;
        }
      }
      unsigned &n = need[e.first / kSlots];
      if (changes + 1 > n) n = changes + 1;
    }
    std::map<uint64_t, unsigned> have;
    for (const Beat *b : bs)
      if (b->kind == kBeatLine) have[b->line]++;
    for (auto &n : need) {
      multi_beat_lines += n.second > 1;
      if (have[n.first] != n.second) {
        fprintf(stderr, "packet %u: line %" PRIx64 " took %u beats, needs %u\n", i, n.first, have[n.first], n.second);
        fails++;
      }
    }
  }
  if (bi != got.size() && !fails) {
    fprintf(stderr, "%zu beats left over\n", got.size() - bi);
    fails++;
  }
  printf("splitter (%s, %u slices): %u packets, %" PRIu64 " beats (%" PRIu64 " outside, %" PRIu64
         " lines needing several beats, %" PRIu64 " slots of 3+ lanes) in %" PRIu64 " cycles: %s\n",
         SCORD_SP_CONFIG[0] ? SCORD_SP_CONFIG : "defaults", slices, packets, beats_total, outside_beats,
         multi_beat_lines, slots3, cyc, fails ? "MISMATCH" : "ok");
  if (!fails && (slots3 == 0 || outside_beats == 0 || (p.md_ratio > 1 && multi_beat_lines == 0))) {
    printf("splitter: the random packets did not reach every case\n");
    return 1;
  }
  return fails ? 1 : 0;
}
