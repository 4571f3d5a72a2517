// dram.cc -- the time-ordered GDDR5 channel controller (see dram.h, docs/dram.md).
#include "dram.h"

#include <algorithm>
#include <cassert>

DramCtrl::DramCtrl(const DramTiming &t) : t_(t), st_(t) {
  assert(t.banks >= 1 && t.groups >= 1 && t.queue >= 1 && t.atoms >= 1 && t.burst >= 1);
}

// Arrivals are kept in arrival order (ties: push order); almost every push is the latest.
static void insert_pending(std::deque<DramReq> &p, const DramReq &r) {
  auto it = p.end();
  while (it != p.begin() && std::prev(it)->arrive > r.arrive) --it;
  p.insert(it, r);
}

// A saved state stays valid when the new request enters the queue at or after its cycle: it
// arrives then or later; or it comes behind a request the state has not admitted yet
// (admission is in arrival order, ties in push order); or the state stands at the cycle of an
// admission that the new request comes behind (it is then admitted in that cycle at the
// earliest, as it would be from the state).  Others are dropped.
bool DramCtrl::still_valid(const State &s, uint64_t arrive) {
  return arrive >= s.now || (!s.pending.empty() && s.pending.front().arrive <= arrive) ||
         (s.last_adm == s.now && s.last_adm_arrive <= arrive);
}

bool DramCtrl::is_pending(const State &s, uint64_t id) {
  for (auto it = s.pending.rbegin(); it != s.pending.rend(); ++it)
    if (it->id == id) return true;
  return false;
}

void DramCtrl::push(const DramReq &r) {
  assert(r.arrive >= st_.now);
  insert_pending(st_.pending, r);
  size_t k = 0;
  for (size_t i = 0; i < snaps_.size(); i++) {
    if (!still_valid(snaps_[i], r.arrive)) continue;
    if (k != i) snaps_[k] = std::move(snaps_[i]);
    insert_pending(snaps_[k++].pending, r);
  }
  snaps_.resize(k, State(t_));
}

void DramCtrl::advance(uint64_t until) {
  run(st_, until, &stats_, nullptr, keep_done ? &done : nullptr, keep_log ? &log : nullptr);
  size_t k = 0;  // saved states behind the run are of no more use
  while (k < snaps_.size() && snaps_[k].now < st_.now) k++;
  snaps_.erase(snaps_.begin(), snaps_.begin() + (long)k);
}

// Keep s among the saved states (by cycle; the oldest goes when there are too many).
void DramCtrl::save(const State &s) {
  auto at = std::upper_bound(snaps_.begin(), snaps_.end(), s.now,
                             [](uint64_t n, const State &x) { return n < x.now; });
  snaps_.insert(at, s);
  if (snaps_.size() > kSnaps) snaps_.erase(snaps_.begin());
}

DramDone DramCtrl::forecast(uint64_t id, uint64_t arrive, bool admit_only) {
  const State *from = &st_;
  for (size_t i = snaps_.size(); i-- > 0;)
    if (is_pending(snaps_[i], id)) {
      from = &snaps_[i];
      break;
    }
  State s = *from;
  if (is_pending(s, id)) {
    // Every cycle before its arrival, and up to its admission, is the same whatever later
    // requests do: save the state at both.
    const uint64_t from_now = s.now;
    run(s, arrive, nullptr, nullptr, nullptr, nullptr);
    if (s.now > from_now) save(s);
    const uint64_t arrived_now = s.now;
    Stop adm{id, true, {}, false};
    run(s, UINT64_MAX, nullptr, &adm, nullptr, nullptr);
    assert(adm.met);
    if (s.now > arrived_now) save(s);
    if (admit_only) return adm.out;
  }
  Stop stop{id, false, {}, false};
  run(s, UINT64_MAX, nullptr, &stop, nullptr, nullptr);
  assert(stop.met);
  return stop.out;
}

// What a full queue holds (Stats::win_full_*).
struct QueueMix {
  uint32_t banks = 0, rows = 0, md = 0, writes = 0;
};

// The mix of a queue of entries (DramCtrl::Entry: a request r each).  Rows are counted by a
// scan (a queue is at most a few dozen entries and this runs only while it is full).
template <class E>
static QueueMix queue_mix(const std::vector<E> &q) {
  QueueMix m;
  for (size_t i = 0; i < q.size(); i++) {
    const DramReq &r = q[i].r;
    bool bank_seen = false, row_seen = false;
    for (size_t j = 0; j < i && !row_seen; j++) {
      bank_seen = bank_seen || q[j].r.bank == r.bank;
      row_seen = q[j].r.bank == r.bank && q[j].r.row == r.row;
    }
    m.banks += !bank_seen;
    m.rows += !row_seen;
    m.md += r.md;
    m.writes += r.write;
  }
  return m;
}

// Resize every per-window vector of st to `need` windows.
static void grow(DramCtrl::Stats &st, size_t need) {
  if (st.win_full.size() >= need) return;
  st.win_full.resize(need, 0);
  st.win_busy.resize(need, 0);
  st.win_full_banks.resize(need, 0);
  st.win_full_rows.resize(need, 0);
  st.win_full_md.resize(need, 0);
  st.win_full_writes.resize(need, 0);
}

// Mark cycles [st.acc, to) as the queue full (mix given: what it holds) or not, per window.
static void account(DramCtrl::Stats &st, uint64_t to, const QueueMix *mix) {
  const uint64_t W = DramCtrl::kWin;
  if (to == UINT64_MAX || to <= st.acc) return;
  grow(st, (size_t)((to + W - 1) / W));
  if (mix)
    for (uint64_t c = st.acc; c < to;) {
      const uint64_t off = c % W, n = std::min(W - off, to - c);
      const size_t w = (size_t)(c / W);
      st.win_full[w] |= (n == 64 ? ~0ull : ((1ull << n) - 1)) << off;
      st.win_full_banks[w] += (uint32_t)n * mix->banks;
      st.win_full_rows[w] += (uint32_t)n * mix->rows;
      st.win_full_md[w] += (uint32_t)n * mix->md;
      st.win_full_writes[w] += (uint32_t)n * mix->writes;
      c += n;
    }
  st.acc = to;
}

// Data-bus cycles [from, from + n) into the windows.
static void add_busy(DramCtrl::Stats &st, uint64_t from, uint64_t n) {
  const uint64_t W = DramCtrl::kWin;
  grow(st, (size_t)((from + n + W - 1) / W));
  for (uint64_t c = from; c < from + n;) {
    const uint64_t k = std::min(W - c % W, from + n - c);
    st.win_busy[c / W] = (uint16_t)(st.win_busy[c / W] + k);
    c += k;
  }
}

// The event loop: the next cycle anything can happen is the earliest of the next admission and
// each queued request's next command (its earliest legal cycle under the timing registers,
// which only grow); at that cycle the arrivals enter first, then one command issues: a column
// command (a row hit) before a row command, the oldest request first.  A bank is precharged
// only when no queued request hits its open row (row hits first).  Equivalent to deciding
// every cycle (tests/dram_test.cc compares the two).
void DramCtrl::run(State &s, uint64_t until, Stats *rec, Stop *stop, std::vector<DramDone> *done,
                   std::vector<DramCmd> *log) const {
  const DramTiming &t = t_;
  std::vector<char> hit_open(t.banks);
  for (;;) {
    uint64_t next_adm = UINT64_MAX;
    if (!s.pending.empty() && s.q.size() < t.queue)
      next_adm = std::max({s.pending.front().arrive, s.admit_ok, s.now});
    std::fill(hit_open.begin(), hit_open.end(), 0);
    for (const Entry &x : s.q) {
      const Bank &b = s.banks[x.r.bank];
      if (b.open && b.row == x.r.row) hit_open[x.r.bank] = 1;
    }
    uint64_t best_t = UINT64_MAX;
    int best_i = -1, best_cls = 2;
    for (size_t i = 0; i < s.q.size(); i++) {
      const Entry &x = s.q[i];
      const Bank &b = s.banks[x.r.bank];
      uint64_t e;
      int cls;
      if (b.open && b.row == x.r.row) {
        const uint64_t lat = x.r.write ? t.wl : t.cl;
        const uint64_t bus = s.bus_free > lat ? s.bus_free - lat : 0;
        e = std::max({s.now, b.col_ok, s.group_col_ok[x.r.bank % t.groups], s.col_ok, x.r.write ? s.wr_ok : s.rd_ok, bus});
        cls = 0;
      } else if (b.open) {
        if (hit_open[x.r.bank]) continue;
        e = std::max(s.now, b.pre_ok);
        cls = 1;
      } else {
        e = std::max({s.now, b.act_ok, s.act_ok});
        cls = 1;
      }
      if (e < best_t || (e == best_t && cls < best_cls)) {
        best_t = e;
        best_i = (int)i;
        best_cls = cls;
      }
    }
    const uint64_t e = std::min(next_adm, best_t);
    QueueMix mix;
    const bool full = rec && s.q.size() >= t.queue;
    if (full) mix = queue_mix(s.q);
    if (e == UINT64_MAX || e >= until) {
      if (until != UINT64_MAX) {
        if (rec) account(*rec, until, full ? &mix : nullptr);
        s.now = std::max(s.now, until);
      }
      return;
    }
    if (rec) account(*rec, e, full ? &mix : nullptr);
    if (next_adm <= best_t) {
      while (!s.pending.empty() && s.q.size() < t.queue && s.pending.front().arrive <= e) {
        const DramReq r = s.pending.front();
        s.pending.pop_front();
        s.q.push_back(Entry{r, e, 0});
        s.last_adm = e;
        s.last_adm_arrive = r.arrive;
        if (rec) rec->first_admit = std::min(rec->first_admit, e);
        if (stop && stop->admit_only && r.id == stop->id) {
          stop->out = DramDone{r.id, e, 0, 0};
          stop->met = true;
          s.now = e;  // no command of cycle e has issued yet: the state stands at e
          return;
        }
      }
      s.now = e;
      continue;
    }
    Entry &x = s.q[(size_t)best_i];
    Bank &b = s.banks[x.r.bank];
    DramCmd::Kind kind;
    if (b.open && b.row == x.r.row) {
      kind = x.r.write ? DramCmd::WR : DramCmd::RD;
      s.group_col_ok[x.r.bank % t.groups] = e + t.ccdl;
      s.col_ok = e + t.ccd;
      const uint64_t data = e + (x.r.write ? t.wl : t.cl);
      if (x.r.write) {
        s.rd_ok = std::max(s.rd_ok, data + t.burst + t.cdlr);
        b.pre_ok = std::max(b.pre_ok, data + t.burst + t.wr);
      } else {
        const uint64_t w = data + t.burst + t.turnaround;  // the next write's data after this one's
        s.wr_ok = std::max(s.wr_ok, w > t.wl ? w - t.wl : 0);
        b.pre_ok = std::max(b.pre_ok, e + std::max(t.burst, t.rtpl));
      }
      s.bus_free = data + t.burst;
      if (rec) {
        rec->busy += t.burst;
        add_busy(*rec, data, t.burst);
        rec->last_data = std::max(rec->last_data, data + t.burst);
      }
      if (++x.atoms_done == t.atoms) {
        const DramDone d{x.r.id, x.admitted, e, data + t.burst};
        if (log) log->push_back(DramCmd{kind, e, x.r.bank, x.r.row, x.r.id});
        s.q.erase(s.q.begin() + best_i);
        s.admit_ok = e + 1;  // the freed entry takes an arrival from the next cycle
        s.now = e + 1;
        if (rec) rec->served++;
        if (done) done->push_back(d);
        if (stop && !stop->admit_only && d.id == stop->id) {
          stop->out = d;
          stop->met = true;
          return;
        }
        continue;
      }
    } else if (b.open) {
      kind = DramCmd::PRE;
      b.open = false;
      b.act_ok = std::max(b.act_ok, e + t.rp);
    } else {
      kind = DramCmd::ACT;
      b.open = true;
      b.row = x.r.row;
      b.col_ok = e + t.rcd;
      b.pre_ok = e + t.ras;
      b.act_ok = std::max(b.act_ok, e + t.rc);
      s.act_ok = e + t.rrd;
      if (rec) rec->acts++;
    }
    if (log) log->push_back(DramCmd{kind, e, x.r.bank, x.r.row, x.r.id});
    s.now = e + 1;
  }
}
