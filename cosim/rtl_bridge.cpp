// rtl_bridge.cpp -- implementation of rtl_bridge.h: a cycle loop around one verilated
// scord_tb_top variant (trackers, ordered merge, detector) with the shared metadata port
// (rtl_port.h: in order, fixed latency) and optional random stalls on both memory channels
// (scord_rtl_set_stall).  The input side (each event's beats to its SM's tracker, the merge's
// packets in event order) is rtlport::TbFeeder, the same code scord-rtl-tb drives with.
#include "rtl_bridge.h"
#include "rtl_port.h"

#include "scord_rtl_variants.h"  // generated: includes and SCORD_RTL_VARIANT_LIST
#include "verilated.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <string>

namespace {

struct EngineBase {
  virtual ~EngineBase() = default;
  virtual bool apply(const scord_event &ev) = 0;
  virtual bool drain() = 0;
};

}  // namespace

struct scord_rtl : rtlport::MdPort::Hooks {
  scord_params p, v;          // requested, variant
  scord_layout lp, lv;
  std::string variant, error;
  unsigned latency = 1;
  unsigned stall_pct = 0;     // random back-pressure on the memory port (scord_rtl_set_stall)
  uint64_t rng = 1;
  bool stall() {
    if (!stall_pct) return false;
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng % 100 < stall_pct;
  }
  scord_mdport obs{};
  bool observing = false;
  std::unique_ptr<rtlport::MdPort> mem;  // metadata, variant layout
  std::deque<scord_race> races;
  uint64_t overflow = 0, cycles = 0, lanes = 0;
  std::unique_ptr<EngineBase> eng;

  uint64_t to_req(uint64_t w) const {
    scord_md m;
    scord_md_decode(&lv, w, &m);
    return scord_md_encode(&lp, &m);
  }
  void race(const scord_race &r) {
    if (races.size() >= p.race_buf_entries) overflow++;
    else races.push_back(r);
  }
  // rtlport::MdPort::Hooks
  uint64_t read_due(uint64_t, uint64_t now) override { return now + latency; }
  void on_write(uint64_t index, uint64_t value, uint64_t) override {
    if (observing && obs.write) obs.write(obs.ctx, index, to_req(value));
  }
  void on_clear(uint64_t) override {
    if (observing && obs.reset) obs.reset(obs.ctx);
  }
  void on_bad(const char *what, uint64_t value) override {
    if (error.empty()) error = std::string("RTL memory request: ") + what + " (" + std::to_string(value) + ")";
  }
};

namespace {

template <class VT>
struct Engine : EngineBase {
  scord_rtl *r;
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<VT> m;
  rtlport::TbFeeder feed;

  explicit Engine(scord_rtl *rr) : r(rr), ctx(new VerilatedContext), feed((unsigned)rr->v.num_sms) {
    m.reset(new VT(ctx.get(), "top"));
    rtlport::reset([this](bool clk, bool rst_n) {
      m->clk_i = clk;
      m->rst_ni = rst_n;
      m->eval();
    });
  }

  // One clock cycle: the feeder's beat and merge enable (never held back here), the memory
  // port with the bridge's optional stalls, race records always taken.
  void cycle() {
    VT *t = m.get();
    rtlport::TbFeeder::put(t, feed.inputs([] { return true; }, [] { return true; }));
    bool req_ready = !r->stall();
    bool resp_ok = r->mem->response_due(r->cycles) && !r->stall();
    r->mem->drive(t, r->cycles, req_ready, resp_ok);
    t->race_ready_i = 1;
    // One eval() per cycle (docs/cosim.md): everything sampled is a flop of scord_tb_top but
    // the merge valid, which the feeder computes.
    feed.sample(t, false);
    r->mem->sample(t);
    if (t->race_valid_o) r->race(rtlport::race_of(t));
    if (t->step_valid_o) r->lanes++;
    rtlport::rise(t);
    r->cycles++;
  }

  bool stuck(uint64_t start) {
    if (!r->error.empty()) return true;
    if (r->cycles - start < 10000000) return false;
    r->error = "RTL made no progress for 10M cycles";
    return true;
  }

  bool apply(const scord_event &ev) override {
    feed.start(ev);
    uint64_t start = r->cycles;
    while (feed.busy()) {
      cycle();
      if (stuck(start)) return false;
    }
    return true;
  }

  bool drain() override {
    uint64_t start = r->cycles;
    for (;;) {
      VT *t = m.get();
      if (!feed.merging() && !r->mem->busy() && t->idle_o && !t->mem_req_valid_o && !t->race_valid_o)
        return true;
      cycle();
      if (stuck(start)) return false;
    }
  }
};

struct VariantDesc {
  const char *name, *config;
  EngineBase *(*make)(scord_rtl *);
};

#define SCORD_X_DESC(name, cls, cfg) \
  {#name, cfg, [](scord_rtl *r) -> EngineBase * { return new Engine<cls>(r); }},
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
    try {
      r->mem.reset(new rtlport::MdPort(v.heap_bytes / v.granule / v.md_ratio, r));
    } catch (const std::bad_alloc &) {
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

uint64_t scord_rtl_md_read(const scord_rtl *r, uint64_t index) { return r->to_req(r->mem->read(index)); }
void scord_rtl_md_foreach_nondefault(const scord_rtl *r,
                                     void (*fn)(void *arg, uint64_t index, uint64_t value),
                                     void *arg) {
  struct Ctx {
    const scord_rtl *r;
    void (*fn)(void *, uint64_t, uint64_t);
    void *arg;
  } c{r, fn, arg};
  scord_store_foreach_nondefault(
      r->mem->store(),
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
