// dram_test.cc -- the DRAM controller (tlm/dram.h, docs/dram.md) against a naive model: one
// that decides every cycle and checks each command's legality against the whole command log
// (no timing registers, no skipped cycles), with the same policy (arrivals enter first; a
// column command before a row command, the oldest request first; no precharge while a queued
// request hits the open row).  Random request streams over several timing sets must give the
// same command log; forecasts must match the served times when nothing arrives later; and a
// younger row hit is served before an older row miss (FR-FCFS).  Exit 0 on success.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <vector>

#include "dram.h"

namespace {
int failures = 0;
#define CHECK(cond, ...)                   \
  do {                                     \
    if (!(cond)) {                         \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);        \
      fputc('\n', stderr);                 \
      failures++;                          \
    }                                      \
  } while (0)

struct Naive {
  DramTiming t;
  struct E {
    DramReq r;
    unsigned atoms = 0;
  };
  std::deque<DramReq> pending;
  std::vector<E> q;
  std::vector<DramCmd> log;
  std::vector<char> open;
  std::vector<uint32_t> row;
  uint64_t freed_at = 0;  // an entry freed at cycle c takes an arrival from c + 1
  bool any_freed = false;
  explicit Naive(const DramTiming &tt) : t(tt), open(tt.banks, 0), row(tt.banks, 0) {}

  // Is command k (kind, bank) legal at cycle c, by the whole log?
  bool legal(DramCmd::Kind k, uint32_t bank, uint64_t c) const {
    for (const DramCmd &p : log) {
      if (p.cycle == c) return false;  // one command per cycle
      const bool same = p.bank == bank, grp = p.bank % t.groups == bank % t.groups;
      const bool pcol = p.kind == DramCmd::RD || p.kind == DramCmd::WR;
      if (k == DramCmd::ACT) {
        if (p.kind == DramCmd::ACT && c < p.cycle + t.rrd) return false;
        if (same && p.kind == DramCmd::ACT && c < p.cycle + t.rc) return false;
        if (same && p.kind == DramCmd::PRE && c < p.cycle + t.rp) return false;
      } else if (k == DramCmd::PRE) {
        if (!same) continue;
        if (p.kind == DramCmd::ACT && c < p.cycle + t.ras) return false;
        if (p.kind == DramCmd::RD && c < p.cycle + std::max(t.burst, t.rtpl)) return false;
        if (p.kind == DramCmd::WR && c < p.cycle + t.wl + t.burst + t.wr) return false;
      } else {
        if (same && p.kind == DramCmd::ACT && c < p.cycle + t.rcd) return false;
        if (!pcol) continue;
        if (c < p.cycle + t.ccd) return false;
        if (grp && c < p.cycle + t.ccdl) return false;
        const uint64_t pend = p.cycle + (p.kind == DramCmd::RD ? t.cl : t.wl) + t.burst;  // its data's end
        const uint64_t start = c + (k == DramCmd::RD ? t.cl : t.wl);
        if (start < pend) return false;  // the data bus
        if (k == DramCmd::RD && p.kind == DramCmd::WR && c < pend + t.cdlr) return false;
        if (k == DramCmd::WR && p.kind == DramCmd::RD && start < pend + t.turnaround) return false;
      }
    }
    return true;
  }
  void run() {
    for (uint64_t c = 0; !pending.empty() || !q.empty(); c++) {
      if (c > 10000000) { CHECK(false, "naive model did not finish"); return; }
      while (!pending.empty() && q.size() < t.queue && pending.front().arrive <= c && (!any_freed || c > freed_at)) {
        q.push_back(E{pending.front(), 0});
        pending.pop_front();
      }
      int pick = -1;
      DramCmd::Kind kind = DramCmd::ACT;
      for (int pass = 0; pass < 2 && pick < 0; pass++)
        for (size_t i = 0; i < q.size() && pick < 0; i++) {
          const DramReq &r = q[i].r;
          const bool hit = open[r.bank] && row[r.bank] == r.row;
          if (pass == 0 && hit) {
            kind = r.write ? DramCmd::WR : DramCmd::RD;
            if (legal(kind, r.bank, c)) pick = (int)i;
          } else if (pass == 1 && !hit) {
            if (open[r.bank]) {
              bool blocked = false;
              for (const E &o : q) blocked |= o.r.bank == r.bank && o.r.row == row[r.bank];
              if (blocked) continue;
              kind = DramCmd::PRE;
            } else {
              kind = DramCmd::ACT;
            }
            if (legal(kind, r.bank, c)) pick = (int)i;
          }
        }
      if (pick < 0) continue;
      E &e = q[(size_t)pick];
      if (kind == DramCmd::ACT) { open[e.r.bank] = 1; row[e.r.bank] = e.r.row; }
      if (kind == DramCmd::PRE) open[e.r.bank] = 0;
      bool last = false;
      if (kind == DramCmd::RD || kind == DramCmd::WR) last = ++e.atoms == t.atoms;
      DramCmd cmd{kind, c, e.r.bank, e.r.row, e.r.id};
      log.push_back(cmd);
      if (last) {
        q.erase(q.begin() + pick);
        freed_at = c;
        any_freed = true;
      }
    }
  }
};

uint64_t rng = 12345;
uint64_t next() {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return rng;
}

// The same requests to both, the controller's in slices with advances between (as the TLM
// gives them): the same commands at the same cycles for the same requests.
void compare(const DramTiming &t, const char *name, unsigned nreq, unsigned rows, unsigned banks_used, unsigned spread) {
  DramCtrl d(t);
  d.keep_log = true;
  Naive n(t);
  std::vector<DramReq> reqs;
  uint64_t at = 0;
  for (unsigned i = 0; i < nreq; i++) {
    DramReq r;
    r.id = i;
    at += next() % spread;
    r.arrive = at;
    r.bank = (uint32_t)(next() % banks_used);
    r.row = (uint32_t)(next() % rows);
    r.write = next() % 4 == 0;
    reqs.push_back(r);
  }
  // The controller gets them in slices, advanced between (as the TLM does).
  for (unsigned i = 0; i < nreq; i++) {
    if (i % 7 == 0) d.advance(reqs[i].arrive);
    d.push(reqs[i]);
    n.pending.push_back(reqs[i]);
  }
  d.drain();
  n.run();
  const std::vector<DramCmd> &nl = n.log;
  CHECK(d.log.size() == nl.size(), "%s: %zu commands against the naive model's %zu", name, d.log.size(), nl.size());
  for (size_t i = 0; i < d.log.size() && i < nl.size(); i++) {
    const DramCmd &a = d.log[i], &b = nl[i];
    if (a.kind != b.kind || a.cycle != b.cycle || a.bank != b.bank || a.id != b.id) {
      CHECK(false, "%s: command %zu: kind %d cycle %llu bank %u req %llu; naive: kind %d cycle %llu bank %u req %llu",
            name, i, a.kind, (unsigned long long)a.cycle, a.bank, (unsigned long long)a.id, b.kind,
            (unsigned long long)b.cycle, b.bank, (unsigned long long)b.id);
      break;
    }
  }
  CHECK(d.stats().served == nreq, "%s: served %llu of %u", name, (unsigned long long)d.stats().served, nreq);
}

DramTiming gddr5_groups() {  // the authors' GDDR5 timing (docs/dram.md)
  DramTiming t;
  t.banks = 16, t.groups = 4, t.queue = 64, t.atoms = 2, t.burst = 2;
  t.ccd = 2, t.ccdl = 3, t.rrd = 6, t.rcd = 12, t.ras = 28, t.rp = 12, t.rc = 40, t.cl = 12, t.wl = 4;
  t.cdlr = 5, t.wr = 12, t.rtpl = 2, t.turnaround = 2;
  return t;
}
}  // namespace

int main() {
  DramTiming def;  // the model's default preset
  compare(def, "default", 1500, 4, 16, 6);
  DramTiming small = def;
  small.queue = 3;
  compare(small, "queue3", 1500, 3, 4, 3);
  DramTiming g = gddr5_groups();
  compare(g, "gddr5", 1500, 4, 16, 3);
  compare(g, "gddr5_hot", 1500, 2, 3, 2);
  DramTiming g2 = g;
  g2.queue = 8;
  compare(g2, "gddr5_q8", 1500, 6, 16, 1);
  DramTiming z;  // no bank timing at all
  z.rrd = z.rcd = z.ras = z.rp = z.rc = z.cl = z.wl = 0;
  z.burst = 1;
  compare(z, "zero", 1500, 4, 8, 2);

  // FR-FCFS: an older request to another row of an open bank waits for a younger row hit.
  {
    DramCtrl d(g);
    d.keep_done = true;
    d.push(DramReq{0, 0, 5, 1, false});    // opens row 1 of bank 5
    d.push(DramReq{1, 1, 5, 2, false});    // older: row 2 (a miss)
    d.push(DramReq{2, 2, 5, 1, false});    // younger: row 1 (a hit)
    d.drain();
    CHECK(d.done.size() == 3 && d.done[1].id == 2 && d.done[2].id == 1, "the younger row hit was not served first");
    CHECK(d.stats().acts == 2, "%llu activates (expected 2)", (unsigned long long)d.stats().acts);
  }
  // Forecasts: with no later arrival, what the controller forecasts is what it does.
  {
    DramCtrl d(g), e(g);
    d.keep_done = true;
    std::vector<DramDone> f;
    rng = 99;
    uint64_t at = 0;
    for (unsigned i = 0; i < 500; i++) {
      at += next() % 3;
      DramReq r{i, at, (uint32_t)(next() % 16), (uint32_t)(next() % 3), next() % 5 == 0};
      d.advance(at);
      d.push(r);
      e.push(r);
    }
    // e: a forecast for each request with everything pushed: its served time.
    for (unsigned i = 0; i < 500; i += 37) f.push_back(e.forecast(i, 0, false));
    d.drain();
    for (const DramDone &x : f) {
      const DramDone &y = d.done[0].id == x.id ? d.done[0] : *std::find_if(d.done.begin(), d.done.end(), [&](const DramDone &z) { return z.id == x.id; });
      CHECK(x.admitted == y.admitted && x.data_end == y.data_end && x.last_col == y.last_col,
            "forecast of request %llu: data end %llu, served %llu", (unsigned long long)x.id,
            (unsigned long long)x.data_end, (unsigned long long)y.data_end);
    }
  }
  // What a full queue holds, per window: 8 requests at once into a queue of 4, all to bank 2,
  // rows 7 and 9 in turn, every other one metadata, every fourth a write.  While the queue is
  // full it holds one bank and one or two rows (counting entries would give 4 of each), and
  // some metadata.
  {
    DramTiming q4 = g;
    q4.queue = 4;
    DramCtrl d(q4);
    for (unsigned i = 0; i < 8; i++) {
      DramReq r{i, 0, 2, i % 2 ? 9u : 7u, i % 4 == 3};
      r.md = i % 2 == 1;
      d.push(r);
    }
    d.drain();
    const DramCtrl::Stats &st = d.stats();
    uint64_t full = 0, banks = 0, rows = 0, md = 0, writes = 0;
    for (size_t w = 0; w < st.win_full.size(); w++) {
      full += (uint64_t)__builtin_popcountll(st.win_full[w]);
      banks += st.win_full_banks[w];
      rows += st.win_full_rows[w];
      md += st.win_full_md[w];
      writes += st.win_full_writes[w];
    }
    CHECK(full > 0, "the queue of 4 was never full");
    CHECK(banks == full, "full-queue banks %llu over %llu cycles (expected 1 a cycle)", (unsigned long long)banks,
          (unsigned long long)full);
    CHECK(rows >= full && rows <= 2 * full, "full-queue rows %llu over %llu cycles (expected 1 or 2 a cycle)",
          (unsigned long long)rows, (unsigned long long)full);
    CHECK(md > 0 && md <= 4 * full && writes <= 4 * full, "full-queue md %llu writes %llu over %llu cycles",
          (unsigned long long)md, (unsigned long long)writes, (unsigned long long)full);
  }
  if (failures) {
    fprintf(stderr, "%d failure(s)\n", failures);
    return 1;
  }
  printf("dram controller: command logs equal to the naive model's on 6 timing sets; FR-FCFS order; forecasts; full-queue mix\n");
  return 0;
}
