// rtl_bridge.cpp -- implementation of rtl_bridge.h: a cycle loop around one verilated scord_top
// variant (SM trackers, the merge, the line-rate detector).  The input side is rtlport::TbFeeder
// (each event to its SM's tracker, the merge's packets in event order).
// Each slice's line port is served by one metadata store: a read's data is the line as it is when
// the read is accepted, answered after the bridge's latency in acceptance order (optionally held
// back at random, scord_rtl_set_stall); write-backs apply at acceptance, a write-back before a
// read accepted in the same cycle; the kernel boundary's clear empties the store.  The race ring
// is read by the host every cycle, so the RTL never drops a record; the bridge's own record
// buffer applies the requested race_buf_entries.
#include "rtl_bridge.h"
#include "rtl_port.h"

#include "scord_rtl_variants.h"  // generated: includes and SCORD_RTL_VARIANT_LIST
#include "verilated.h"
#include "fst_vcd.h"
#include "verilated_fst_c.h"     // the variants are verilated with FST tracing

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace {

struct EngineBase {
  virtual ~EngineBase() = default;
  virtual bool apply(const scord_event &ev) = 0;
  virtual bool drain() = 0;
  virtual bool trace(const char *path, uint64_t from, uint64_t to) = 0;
};

constexpr uint64_t kRingBase = 1ull << 36;  // where the race ring sits (aligned for any size)
constexpr unsigned kRingLog2 = 10;

}  // namespace

struct scord_rtl {
  scord_params p, v;          // requested, variant
  scord_layout lp, lv;
  std::string variant, error;
  unsigned latency = 1;
  unsigned stall_pct = 0;     // random back-pressure on the memory ports (scord_rtl_set_stall)
  uint64_t rng = 1;
  bool stall() {
    if (!stall_pct) return false;
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng % 100 < stall_pct;
  }
  scord_mdport obs{};
  bool observing = false;
  scord_store *store = nullptr;  // metadata, variant layout
  std::deque<scord_race> races;
  uint64_t overflow = 0, cycles = 0, lanes = 0;
  std::unique_ptr<EngineBase> eng;

  ~scord_rtl() {
    eng.reset();
    scord_store_free(store);
  }
  uint64_t to_req(uint64_t w) const {
    scord_md m;
    scord_md_decode(&lv, w, &m);
    return scord_md_encode(&lp, &m);
  }
  void race(const scord_race &r) {
    if (races.size() >= p.race_buf_entries) overflow++;
    else races.push_back(r);
  }
  void write(uint64_t index, uint64_t value) {
    scord_store_write(store, index, value);
    if (observing && obs.write) obs.write(obs.ctx, index, to_req(value));
  }
  void clear() {
    scord_store_reset(store);
    if (observing && obs.reset) obs.reset(obs.ctx);
  }
};

namespace {

template <class VT>
struct Engine : EngineBase {
  scord_rtl *r;
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<VT> m;
  rtlport::TbFeeder feed;
  rtlport::RingHost ring;
  std::vector<scord_race> got;  // records read from the ring this cycle
  unsigned slices, sline_bits, slot_bits;
  struct Rsp {
    uint64_t due;
    unsigned tag;
    rtlport::MdLine data;
  };
  struct Slice {
    std::deque<Rsp> pend;  // accepted, in acceptance order
    bool on = false;       // pend.front() shown on the response channel
  };
  std::vector<Slice> sl;
  // The waveform (scord_rtl_trace): cycles [tfrom, tto], two time steps a cycle (clock low,
  // then high); closed and flushed by the destructor on every way out.
  // A path ending in ".vcd" is written as FST and converted at close (fst_vcd.h).
  std::unique_ptr<VerilatedFstC> fst;
  std::string fst_to;  // the requested path
  uint64_t tfrom = 0, tto = 0;

  ~Engine() override {
    if (fst) {
      fst->close();
      std::string why;
      if (scord_wave::wants_vcd(fst_to) && !scord_wave::fst_to_vcd(scord_wave::fst_path(fst_to), fst_to, why))
        fprintf(stderr, "%s\n", why.c_str());
    }
    m->final();
  }
  bool trace(const char *path, uint64_t from, uint64_t to) override {
    ctx->traceEverOn(true);
    fst = std::make_unique<VerilatedFstC>();
    m->trace(fst.get(), 99);
    fst_to = path;
    fst->open(scord_wave::fst_path(fst_to).c_str());
    if (!fst->isOpen()) {
      fst.reset();
      return false;
    }
    tfrom = from;
    tto = to;
    return true;
  }
  void dump(unsigned phase) {
    if (fst && r->cycles >= tfrom && r->cycles <= tto) fst->dump(2 * r->cycles + phase);
  }

  Engine(scord_rtl *rr, unsigned nslices, unsigned outstanding)
      : r(rr), ctx(new VerilatedContext), feed((unsigned)rr->v.num_sms), slices(nslices), sl(nslices) {
    const unsigned index_bits = scord_clog2(r->v.heap_bytes / r->v.granule / r->v.md_ratio);
    sline_bits = index_bits - 4 - scord_clog2(slices);
    slot_bits = std::max(1u, scord_clog2(outstanding));
    m.reset(new VT(ctx.get(), "top"));
    VT *t = m.get();
    rtlport::zero(t->mem_rsp_tag_i);
    rtlport::zero(t->mem_rsp_data_i);
    ring.init(kRingBase, kRingLog2);
    t->ring_base_i = kRingBase;
    t->ring_size_log2_i = kRingLog2;
    t->ring_head_i = 0;
    rtlport::reset([t](bool clk, bool rst_n) {
      t->clk_i = clk;
      t->rst_ni = rst_n;
      t->eval();
    });
  }

  // One clock cycle: the feeder's beat and merge enable (never held back here), the line ports
  // with the bridge's optional stalls, the ring always writable and read at once.
  void cycle() {
    VT *t = m.get();
    feed.put(t, feed.inputs([] { return true; }, [] { return true; }));
    uint32_t rd_rdy = 0, wr_rdy = 0, rsp_v = 0;
    for (unsigned s = 0; s < slices; s++) {
      Slice &x = sl[s];
      rd_rdy |= (uint32_t)!r->stall() << s;
      wr_rdy |= (uint32_t)!r->stall() << s;
      if (!x.on && !x.pend.empty() && x.pend.front().due <= r->cycles && !r->stall()) {
        x.on = true;
        rtlport::put_bits(t->mem_rsp_tag_i, s * slot_bits, slot_bits, x.pend.front().tag);
        rtlport::put_line(t->mem_rsp_data_i, s, x.pend.front().data);
      }
      rsp_v |= (uint32_t)x.on << s;
    }
    t->mem_rd_ready_i = rd_rdy;
    t->mem_wr_ready_i = wr_rdy;
    t->mem_rsp_valid_i = rsp_v;
    t->mem_clr_ready_i = 1;
    t->ring_wr_ready_i = 1;
    t->ring_head_i = ring.head;
    // The merge's ready is a function of this cycle's inputs: sample after the clock-low eval.
    rtlport::fall(t, false);
    dump(0);
    rtlport::TbFeeder::Fired f = feed.sample(t, true);
    if ((f.valid_mismatch || f.packet_unexpected) && r->error.empty())
      r->error = f.packet_unexpected ? "the detector took a packet no event sent" : "the merge's valid differs from the feeder's";
    for (unsigned s = 0; s < slices; s++) {
      Slice &x = sl[s];
      if ((t->mem_wr_valid_o >> s & 1) && (wr_rdy >> s & 1)) {
        const uint64_t g = rtlport::get_bits(t->mem_wr_line_o, s * sline_bits, sline_bits) * slices + s;
        const uint32_t mask = (uint32_t)rtlport::get_bits(t->mem_wr_mask_o, s * rtlport::kLineEntries, rtlport::kLineEntries);
        const rtlport::MdLine d = rtlport::get_line(t->mem_wr_data_o, s);
        for (unsigned e = 0; e < rtlport::kLineEntries; e++)
          if (mask >> e & 1) r->write(g * rtlport::kLineEntries + e, d[e]);
      }
      if ((t->mem_rd_valid_o >> s & 1) && (rd_rdy >> s & 1)) {
        Rsp q;
        q.due = r->cycles + r->latency;
        q.tag = (unsigned)rtlport::get_bits(t->mem_rd_tag_o, s * slot_bits, slot_bits);
        const uint64_t g = rtlport::get_bits(t->mem_rd_line_o, s * sline_bits, sline_bits) * slices + s;
        for (unsigned e = 0; e < rtlport::kLineEntries; e++)
          q.data[e] = scord_store_read(r->store, g * rtlport::kLineEntries + e);
        x.pend.push_back(q);
      }
      if (x.on && (t->mem_rsp_ready_o >> s & 1)) {
        x.on = false;
        x.pend.pop_front();
      }
    }
    if (t->mem_clr_valid_o) r->clear();
    if (t->ring_wr_valid_o) ring.write(t->ring_wr_addr_o, t->ring_wr_data_o);
    rtlport::edge(t, false);
    dump(1);
    r->cycles++;
    got.clear();
    ring.read(t->ring_tail_o, got);
    for (const scord_race &x : got) r->race(x);
    if (!ring.error.empty() && r->error.empty()) r->error = "race ring: " + ring.error;
    if (t->race_overflow_o && r->error.empty()) r->error = "the RTL dropped race records (race_overflow_o)";
  }

  bool stuck(uint64_t start) {
    if (!r->error.empty()) return true;
    if (r->cycles - start < 10000000) return false;
    r->error = "RTL made no progress for 10M cycles";
    return true;
  }

  bool apply(const scord_event &ev) override {
    feed.start(ev);
    if (ev.type <= SCORD_EV_ATOM) r->lanes += ev.n;
    const uint64_t start = r->cycles;
    while (feed.busy()) {
      cycle();
      if (stuck(start)) return false;
    }
    return true;
  }

  bool drain() override {
    const uint64_t start = r->cycles;
    for (;;) {
      VT *t = m.get();
      bool quiet = !feed.merging() && t->idle_o && !t->ring_wr_valid_o && !t->mem_clr_valid_o &&
                   t->ring_tail_o == ring.head;
      for (const Slice &x : sl) quiet = quiet && x.pend.empty() && !x.on;
      if (quiet) return true;
      cycle();
      if (stuck(start)) return false;
    }
  }
};

struct VariantDesc {
  const char *name, *config;
  EngineBase *(*make)(scord_rtl *);
};

#define SCORD_X_DESC(name, cls, cfg, slices, outstanding) \
  {#name, cfg, [](scord_rtl *r) -> EngineBase * { return new Engine<cls>(r, slices, outstanding); }},
const VariantDesc kVariants[] = {SCORD_RTL_VARIANT_LIST(SCORD_X_DESC)};
#undef SCORD_X_DESC

}  // namespace

extern "C" {

scord_rtl *scord_rtl_new(const scord_params *p, unsigned latency, char *err, size_t errlen) {
  if (latency < 1 || latency > 64) {
    std::snprintf(err, errlen, "latency %u: must be 1..64", latency);
    return nullptr;
  }
  std::string why;
  for (const VariantDesc &d : kVariants) {
    scord_params v;
    scord_params_default(&v);
    char verr[256];
    if (!rtlport::config_apply(&v, d.config, verr, sizeof verr) ||
        scord_params_finalize(&v, verr, sizeof verr) != 0)
      continue;  // the variant strings are ours: a bad one is a build error caught by tests
    const char *bad = rtlport::param_mismatch(
        *p, v, rtlport::kSmallerGpu | rtlport::kAnyMdBase | rtlport::kAnyRaceBuf);
    if (bad) {
      why += std::string(why.empty() ? "" : ", ") + d.name + " differs in " + bad;
      continue;
    }
    auto *r = new (std::nothrow) scord_rtl;
    if (!r) {
      std::snprintf(err, errlen, "out of memory");
      return nullptr;
    }
    r->p = *p;
    r->v = v;
    scord_layout_init(&r->lp, p);
    scord_layout_init(&r->lv, &v);
    r->variant = d.name;
    r->latency = latency;
    r->store = scord_store_new(v.heap_bytes / v.granule / v.md_ratio);
    if (!r->store) {
      delete r;
      std::snprintf(err, errlen, "out of memory for the metadata store");
      return nullptr;
    }
    r->eng.reset(d.make(r));
    return r;
  }
  std::snprintf(err, errlen, "no RTL variant matches these parameters (%s)", why.c_str());
  return nullptr;
}

void scord_rtl_free(scord_rtl *r) { delete r; }

int scord_rtl_set_stall(scord_rtl *r, unsigned pct, uint64_t seed) {
  if (pct > 90) return -1;
  r->stall_pct = pct;
  r->rng = seed ? seed : 1;
  return 0;
}
const char *scord_rtl_variant(const scord_rtl *r) { return r->variant.c_str(); }

void scord_rtl_observe(scord_rtl *r, const scord_mdport *observer) {
  r->observing = observer != nullptr;
  if (observer) r->obs = *observer;
}

int scord_rtl_trace(scord_rtl *r, const char *path, uint64_t from, uint64_t to, char *err, size_t errlen) {
  if (from > to) {
    std::snprintf(err, errlen, "--trace-from %llu is after --trace-to %llu", (unsigned long long)from,
                  (unsigned long long)to);
    return -1;
  }
  if (!r->eng->trace(path, from, to)) {
    std::snprintf(err, errlen, "%s: cannot open the waveform file for writing", path);
    return -1;
  }
  return 0;
}

int scord_rtl_apply(scord_rtl *r, const scord_event *ev) { return r->eng->apply(*ev) ? 0 : -1; }
int scord_rtl_drain(scord_rtl *r) { return r->eng->drain() ? 0 : -1; }
const char *scord_rtl_error(const scord_rtl *r) { return r->error.c_str(); }

size_t scord_rtl_race_count(const scord_rtl *r) { return r->races.size(); }
bool scord_rtl_pop_race(scord_rtl *r, scord_race *out) {
  if (r->races.empty()) return false;
  *out = r->races.front();
  r->races.pop_front();
  return true;
}
uint64_t scord_rtl_overflow(const scord_rtl *r) { return r->overflow; }

uint64_t scord_rtl_md_read(const scord_rtl *r, uint64_t index) { return r->to_req(scord_store_read(r->store, index)); }
void scord_rtl_md_foreach_nondefault(const scord_rtl *r,
                                     void (*fn)(void *arg, uint64_t index, uint64_t value),
                                     void *arg) {
  struct Ctx {
    const scord_rtl *r;
    void (*fn)(void *, uint64_t, uint64_t);
    void *arg;
  } c{r, fn, arg};
  scord_store_foreach_nondefault(
      r->store,
      [](void *a, uint64_t index, uint64_t value) {
        auto *x = static_cast<Ctx *>(a);
        uint64_t w = x->r->to_req(value);
        if (w != SCORD_MD_INIT) x->fn(x->arg, index, w);
      },
      &c);
}
uint64_t scord_rtl_cycles(const scord_rtl *r) { return r->cycles; }
uint64_t scord_rtl_lanes(const scord_rtl *r) { return r->lanes; }

}  // extern "C"
