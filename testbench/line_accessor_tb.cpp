// line_accessor_tb.cpp -- unit test of rtl_model/scord_line_accessor.sv (one slice's metadata
// line accessor, docs/rtl.md "Line accessor") against a sequential model: every beat must reach
// the check with its line exactly as the beats before it (in arrival order) left it, whatever
// the memory's latency and answer order, the check's back-pressure and latency, and same-line
// beats in flight together.
// The test plays the check itself: it changes each checked line in a way that depends on the
// beat (masked entries rewritten from the beat's number), so a stale, lost or reordered line
// changes every later value of that line.  It also plays the memory: requests are applied in
// the order the port accepts them (a read's data is taken at acceptance) and read data come
// back after a random latency in random order, held until accepted; the read channel is
// back-pressured at random and, now and then, blocked for a burst of up to 64 cycles.
// Checked: beat order and fields at the check; each line's data against the sequential model;
// the final memory against the model (no lost write-back); every simulation assertion of the
// unit; and that the run reached followers, out-of-order answers, stalls of the check and
// (small variant) predecessor-table collisions.
// Usage: test_line_accessor[_small] [BEATS] [SEED]       (defaults 20000, 1)
//        test_line_accessor --measure                      (beats per cycle by memory latency)
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <vector>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include SCORD_LA_VTOP_H
#include "verilated.h"
#pragma GCC diagnostic pop

#include "rtl_port.h"

namespace {
constexpr int kEntries = 16;
constexpr unsigned kOutstanding = SCORD_LA_OUTSTANDING, kPredSets = SCORD_LA_SETS, kPredWays = SCORD_LA_WAYS;

uint64_t rng_state = 1;
uint64_t rng() {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1DULL;
}
uint32_t rnd(uint32_t n) { return n ? (uint32_t)(rng() % n) : 0; }

using Line = std::vector<uint64_t>;  // kEntries words

template <class W>
void put_line(W &w, const Line &l) {
  for (int e = 0; e < kEntries; e++) {
    w[2 * e] = (uint32_t)l[e];
    w[2 * e + 1] = (uint32_t)(l[e] >> 32);
  }
}
template <class W>
Line get_line(const W &w) {
  Line l(kEntries);
  for (int e = 0; e < kEntries; e++) l[e] = (uint64_t)w[2 * e] | ((uint64_t)w[2 * e + 1] << 32);
  return l;
}
uint64_t init_word(uint64_t line, int e) { return (line * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)(e + 1); }

struct Beat {
  uint64_t line;
  bool nomem;
};
struct Done {
  uint64_t due;
  unsigned slot;
  uint64_t line;
  bool nomem;
  uint32_t wmask;
  Line data;
};
struct Rsp {
  uint64_t due;
  unsigned tag;
  Line data;
};

struct Setup {
  unsigned beats;
  unsigned mem_lat_min, mem_lat_max;  // memory read latency
  unsigned chk_lat_min, chk_lat_max;  // check latency (issue to line back)
  unsigned chk_stall_pct, req_stall_pct, in_gap_pct, nomem_pct;
  bool measure;
};

struct Stats {
  uint64_t cycles = 0, checked = 0, reads = 0, writes = 0, followers = 0, ooo = 0, chk_stalls = 0,
           coll = 0, fails = 0;
};

Stats run(const Setup &su) {
  Stats st;
  auto ctx = std::make_unique<VerilatedContext>();
  auto m = std::make_unique<SCORD_LA_VTOP>(ctx.get());
  m->beat_valid_i = 0;
  m->chk_ready_i = 0;
  m->done_valid_i = 0;
  m->mem_rd_ready_i = 0;
  m->mem_wr_ready_i = 0;
  m->mem_rsp_valid_i = 0;
  rtlport::reset([&](bool clk, bool rst_n) {
    m->clk_i = clk;
    m->rst_ni = rst_n;
    m->eval();
  });

  // Lines: a hot set (followers), lines that share the predecessor table's index bits with
  // another line (collisions), and fresh lines.
  std::vector<Beat> beats(su.beats);
  std::vector<uint64_t> hot;
  for (int i = 0; i < 6; i++) hot.push_back(rng() & 0x3ffffff);
  for (auto &b : beats) {
    b.nomem = !su.measure && rnd(100) < su.nomem_pct;
    unsigned r = rnd(10);
    if (su.measure) b.line = rng() & 0x3ffffff;
    else if (r < 5) b.line = hot[rnd((uint32_t)hot.size())];
    else if (r < 6) b.line = hot[rnd((uint32_t)hot.size())] ^ ((uint64_t)(1 + rnd(7)) << 20);  // same set
    else b.line = rng() & 0x3ffffff;
    b.line &= 0x3ffffff;
  }

  std::map<uint64_t, Line> mem, model;
  auto mem_line = [&](std::map<uint64_t, Line> &mp, uint64_t line) -> Line & {
    auto it = mp.find(line);
    if (it == mp.end()) {
      Line l(kEntries);
      for (int e = 0; e < kEntries; e++) l[e] = init_word(line, e);
      it = mp.emplace(line, l).first;
    }
    return it->second;
  };
  std::deque<Done> dq;        // lines being checked, in order
  std::vector<Rsp> pend;      // reads accepted, not answered
  bool rsp_on = false;
  Rsp rsp_cur;
  unsigned next_in = 0, next_chk = 0, next_done = 0, rd_block = 0;
  uint64_t last_rsp_order = 0, rsp_seq = 0;
  std::map<unsigned, uint64_t> tag_order;  // tag -> order its read was accepted
  const uint64_t limit = (uint64_t)su.beats * 40 + 100000;

  auto fail = [&](const char *what, unsigned seq) {
    if (st.fails++ < 10) fprintf(stderr, "FAIL beat %u: %s\n", seq, what);
  };

  for (uint64_t cyc = 0; cyc < limit; cyc++) {
    // Inputs for this cycle (independent of this cycle's outputs).
    bool in_v = next_in < su.beats && (su.measure || rnd(100) >= su.in_gap_pct);
    m->beat_valid_i = in_v;
    if (in_v) {
      m->beat_line_i = (uint32_t)beats[next_in].line;
      m->beat_nomem_i = beats[next_in].nomem;
      m->beat_info_i = next_in & 0xffff;
    }
    m->chk_ready_i = su.measure || rnd(100) >= su.chk_stall_pct;
    // Reads are also blocked now and then for up to 64 cycles while write-backs go on (a read
    // then falls behind write-backs sent after it: its wait count must not wrap).
    if (!su.measure && !rd_block && rnd(300) == 0) rd_block = 1 + rnd(64);
    m->mem_rd_ready_i = su.measure || (!rd_block && rnd(100) >= su.req_stall_pct);
    if (rd_block) rd_block--;
    m->mem_wr_ready_i = su.measure || rnd(100) >= su.req_stall_pct;
    bool dv = !dq.empty() && dq.front().due <= cyc;
    m->done_valid_i = dv;
    if (dv) {
      const Done &d = dq.front();
      m->done_slot_i = d.slot;
      m->done_line_i = (uint32_t)d.line;
      m->done_nomem_i = d.nomem;
      m->done_wmask_i = d.wmask;
      put_line(m->done_data_i, d.data);
    }
    if (!rsp_on) {
      std::vector<size_t> due;
      for (size_t i = 0; i < pend.size(); i++)
        if (pend[i].due <= cyc) due.push_back(i);
      if (!due.empty()) {
        size_t k = due[su.measure ? 0 : rnd((uint32_t)due.size())];
        rsp_cur = pend[k];
        pend.erase(pend.begin() + (long)k);
        rsp_on = true;
      }
    }
    m->mem_rsp_valid_i = rsp_on;
    if (rsp_on) {
      m->mem_rsp_tag_i = rsp_cur.tag;
      put_line(m->mem_rsp_data_i, rsp_cur.data);
    }
    m->clk_i = 0;
    m->eval();

    // Handshakes at the coming edge.
    if (m->coll_stall_o) st.coll++;
    if (m->chk_valid_o && !m->chk_ready_i) st.chk_stalls++;
    bool in_fire = in_v && m->beat_ready_o;
    if (m->chk_valid_o && m->chk_ready_i) {
      unsigned seq = next_chk++;
      unsigned info = m->chk_info_o;
      if (seq >= su.beats || info != (seq & 0xffff)) {
        fail("beat out of order at the check", seq);
      } else {
        const Beat &b = beats[seq];
        if (m->chk_line_o != (uint32_t)b.line || (bool)m->chk_nomem_o != b.nomem)
          fail("line or nomem wrong at the check", seq);
        Done d;
        d.due = cyc + su.chk_lat_min + rnd(su.chk_lat_max - su.chk_lat_min + 1);
        d.slot = m->chk_slot_o;
        d.line = b.line;
        d.nomem = b.nomem;
        d.wmask = 0;
        d.data.assign(kEntries, 0);
        if (!b.nomem) {
          Line got = get_line(m->chk_data_o);
          Line &want = mem_line(model, b.line);
          if (got != want) fail("stale line at the check", seq);
          // The "check": rewrite some entries from the beat number; none, sometimes.
          d.wmask = rnd(8) == 0 ? 0 : (uint32_t)(rng() & 0xffff);
          d.data = got;
          for (int e = 0; e < kEntries; e++)
            if (d.wmask >> e & 1) d.data[e] = want[e] * 6364136223846793005ULL + seq + (uint64_t)e;
          want = d.data;
        }
        if (!dq.empty() && dq.back().due > d.due) d.due = dq.back().due;  // in order
        dq.push_back(d);
        st.checked++;
      }
    }
    bool done_fire = dv && m->done_ready_o;
    // A read and a write-back accepted together are applied in a random order.
    bool rd_fire = m->mem_rd_valid_o && m->mem_rd_ready_i;
    bool wr_fire = m->mem_wr_valid_o && m->mem_wr_ready_i;
    auto apply_write = [&]() {
      Line got = get_line(m->mem_wr_data_o);
      Line &ml = mem_line(mem, m->mem_wr_line_o);
      for (int e = 0; e < kEntries; e++)
        if (m->mem_wr_mask_o >> e & 1) ml[e] = got[e];
      st.writes++;
    };
    bool write_first = rnd(2) != 0;
    if (wr_fire && write_first) apply_write();
    if (rd_fire) {
      Rsp r;
      r.tag = m->mem_rd_tag_o;
      r.due = cyc + su.mem_lat_min + rnd(su.mem_lat_max - su.mem_lat_min + 1);
      r.data = mem_line(mem, m->mem_rd_line_o);
      tag_order[r.tag] = rsp_seq++;
      pend.push_back(r);
      st.reads++;
    }
    if (wr_fire && !write_first) apply_write();
    bool rsp_fire = rsp_on && m->mem_rsp_ready_o;
    if (rsp_fire) {
      uint64_t o = tag_order[rsp_cur.tag];
      if (o < last_rsp_order) st.ooo++;
      last_rsp_order = o;
    }
    m->clk_i = 1;
    m->eval();
    if (in_fire) next_in++;
    if (done_fire) {
      dq.pop_front();
      next_done++;
    }
    if (rsp_fire) rsp_on = false;
    st.cycles = cyc + 1;
    if (next_done == su.beats && m->idle_o && pend.empty() && !rsp_on) break;
    if (st.fails > 10) break;
  }
  m->final();
  if (next_done != su.beats) {
    fprintf(stderr, "FAIL: %u of %u beats came back after %" PRIu64 " cycles (hang)\n", next_done,
            su.beats, st.cycles);
    st.fails++;
  }
  for (auto &kv : model)
    if (mem_line(mem, kv.first) != kv.second) {
      if (st.fails++ < 10)
        fprintf(stderr, "FAIL: line %" PRIx64 " in memory differs from the model at the end\n",
                kv.first);
    }
  uint64_t mem_beats = 0;
  for (auto &b : beats) mem_beats += !b.nomem;
  st.followers = mem_beats - st.reads;
  return st;
}
}  // namespace

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  if (argc > 1 && !strcmp(argv[1], "--measure")) {
    // Beats per cycle with no back-pressure, all lines distinct, by memory latency.
    printf("line accessor, MaxOutstanding %u, predecessor table %u x %u: beats per cycle "
           "(20,000 random lines, check latency 4)\n", kOutstanding, kPredSets, kPredWays);
    printf("| memory latency | 1 | 8 | 32 | 64 | 100 | 128 | 200 |\n|---|");
    for (int i = 0; i < 7; i++) printf("---:|");
    printf("\n| beats/cycle |");
    for (unsigned lat : {1u, 8u, 32u, 64u, 100u, 128u, 200u}) {
      Setup su{20000, lat, lat, 4, 4, 0, 0, 0, 0, true};
      Stats st = run(su);
      if (st.fails) return 1;
      printf(" %.3f |", (double)st.checked / (double)st.cycles);
    }
    printf("\n");
    return 0;
  }
  uint64_t n = 20000, seed = 0;
  if (argc > 1 && scord_arg_u64(argv[0], "BEATS", argv[1], 1, 10000000, &n) != 0) return 2;
  if (argc > 2 && scord_arg_u64(argv[0], "SEED", argv[2], 0, UINT64_MAX, &seed) != 0) return 2;
  rng_state = argc > 2 ? seed * 0x9E3779B97F4A7C15ULL + 1 : 1;
  Setup su{(unsigned)n, 1, 60, 1, 8, 25, 20, 15, 8, false};
  Stats st = run(su);
  printf("line accessor (MaxOutstanding %u, predecessor table %u x %u): %" PRIu64 " beats in %" PRIu64
         " cycles, %" PRIu64 " reads, %" PRIu64 " write-backs, %" PRIu64 " followers, %" PRIu64
         " answers out of order, %" PRIu64 " check stalls, %" PRIu64 " collision stalls\n",
         kOutstanding, kPredSets, kPredWays, st.checked, st.cycles, st.reads, st.writes, st.followers, st.ooo,
         st.chk_stalls, st.coll);
  // The run must have reached what it is for.
  if (st.followers == 0 || st.ooo == 0 || st.chk_stalls == 0 || st.writes == 0) {
    fprintf(stderr, "FAIL: coverage: no followers, out-of-order answers, check stalls or writes\n");
    st.fails++;
  }
  if (kPredSets * kPredWays <= 8 && st.coll == 0) {
    fprintf(stderr, "FAIL: coverage: the small table never saw a collision\n");
    st.fails++;
  }
  if (st.fails) {
    printf("FAIL (%" PRIu64 ")\n", st.fails);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
