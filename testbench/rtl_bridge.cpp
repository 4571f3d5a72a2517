// rtl_bridge.cpp -- implementation of rtl_bridge.h: a cycle loop around one verilated
// scord_tb_top variant (trackers, ordered merge, detector) with an in-order memory model
// of fixed latency and optional random stalls on both memory channels
// (scord_rtl_set_stall).  Each event's beats go to its SM's tracker; the
// merge takes packets in event order, exactly as the testbench does (tb_main.cpp).
#include "rtl_bridge.h"

#include "scord_rtl_variants.h"  // generated: includes and SCORD_RTL_VARIANT_LIST
#include "verilated.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <string>

namespace {

// Apply "k=v k=v" to p (the variant strings are ours, so errors are internal).
bool apply_config(scord_params *p, const char *text) {
  std::string s(text);
  size_t pos = 0;
  while (pos < s.size()) {
    size_t end = s.find(' ', pos);
    if (end == std::string::npos) end = s.size();
    std::string item = s.substr(pos, end - pos);
    pos = end + 1;
    if (item.empty()) continue;
    size_t eq = item.find('=');
    char err[256];
    if (eq == std::string::npos ||
        scord_params_set(p, item.substr(0, eq).c_str(), item.substr(eq + 1).c_str(), err, sizeof err))
      return false;
  }
  char err[256];
  return scord_params_finalize(p, err, sizeof err) == 0;
}

// The first parameter that keeps variant v from computing what p computes, or NULL.
const char *mismatch(const scord_params &p, const scord_params &v) {
  uint64_t a[SCORD_P_COUNT], b[SCORD_P_COUNT];
#define SCORD_X_GET(name, def, lo, hi, der, doc) a[SCORD_P_##name] = p.name; b[SCORD_P_##name] = v.name;
  SCORD_PARAM_LIST(SCORD_X_GET)
#undef SCORD_X_GET
  for (int i = 0; i < SCORD_P_COUNT; i++) {
    switch (i) {
    case SCORD_P_num_sms:
    case SCORD_P_warps_per_sm:
    case SCORD_P_block_id_bits:
    case SCORD_P_warp_id_bits:
      if (a[i] > b[i]) return scord_param_table[i].key;
      break;
    case SCORD_P_md_base:
    case SCORD_P_race_buf_entries:
      break;
    default:
      if (a[i] != b[i]) return scord_param_table[i].key;
    }
  }
  return nullptr;
}

struct EngineBase {
  virtual ~EngineBase() = default;
  virtual bool apply(const scord_event &ev) = 0;
  virtual bool drain() = 0;
};

}  // namespace

struct scord_rtl {
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
  std::map<uint64_t, uint64_t> md;   // metadata, variant layout
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
  void write(uint64_t index, uint64_t value) {
    if (value == SCORD_MD_INIT) md.erase(index);
    else md[index] = value;
    if (observing && obs.write) obs.write(obs.ctx, index, to_req(value));
  }
  void clear() {
    md.clear();
    if (observing && obs.reset) obs.reset(obs.ctx);
  }
  uint64_t read(uint64_t index) const {
    auto it = md.find(index);
    return it == md.end() ? SCORD_MD_INIT : it->second;
  }
};

namespace {

template <class VT>
struct Engine : EngineBase {
  scord_rtl *r;
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<VT> m;
  struct MItem { uint16_t src; unsigned beats; };
  std::deque<MItem> merge;
  struct Resp { uint64_t due, data; };
  std::deque<Resp> resp;
  unsigned nsm;

  explicit Engine(scord_rtl *rr) : r(rr), ctx(new VerilatedContext), nsm((unsigned)rr->v.num_sms) {
    m.reset(new VT(ctx.get(), "top"));
    m->clk_i = 0;
    m->rst_ni = 0;
    for (int i = 0; i < 4; i++) {
      m->clk_i = 0;
      m->eval();
      m->clk_i = 1;
      m->eval();
    }
    m->rst_ni = 1;
    m->clk_i = 0;
    m->eval();
  }

  // One clock cycle with event beat `ev` lane `lane` offered to tracker `sm` (ev may be
  // NULL).  Returns whether the beat was taken.
  bool cycle(const scord_event *ev, unsigned lane, unsigned sm) {
    VT *t = m.get();
    t->ev_valid_i = 0;
    if (ev) {
      t->ev_valid_i = 1u << sm;
      t->ev_type_i = ev->type;
      t->ev_first_i = lane == 0;
      t->ev_cta_i = ev->cta;
      t->ev_warp_i = ev->warp;
      t->ev_first_warp_i = ev->first_warp;
      t->ev_warps_i = ev->warps;
      t->ev_scope_i = ev->scope;
      t->ev_op_i = ev->op;
      t->ev_volatile_i = ev->is_volatile;
      t->ev_has_cmp_i = ev->has_cmp;
      t->ev_has_val_i = ev->has_val;
      t->ev_has_old_i = ev->has_old;
      t->ev_cmp_i = ev->cmp;
      t->ev_val_i = ev->val;
      t->ev_old_i = ev->old;
      t->ev_addr_i = ev->type == SCORD_EV_KERNEL ? 0 : ev->addr + (uint64_t)lane * ev->stride;
      t->ev_pc_i = ev->pc;
    }
    t->merge_sel_i = merge.empty() ? 0 : merge.front().src;
    t->merge_en_i = !merge.empty();
    bool req_ready = !r->stall();
    t->mem_req_ready_i = req_ready;
    bool rv = !resp.empty() && resp.front().due <= r->cycles && !r->stall();
    t->mem_resp_valid_i = rv;
    t->mem_resp_rdata_i = rv ? resp.front().data : 0;
    t->race_ready_i = 1;
    t->clk_i = 0;
    t->eval();

    bool taken = ev && ((t->ev_ready_o >> sm) & 1u);
    if (t->det_in_valid_o && t->det_in_ready_o && --merge.front().beats == 0) merge.pop_front();
    if (t->mem_req_valid_o && req_ready) {
      if (t->mem_req_clear_o) {
        r->clear();
      } else {
        if (t->mem_req_write_o) r->write(t->mem_req_index_o, t->mem_req_wdata_o);
        if (t->mem_req_read_o) resp.push_back({r->cycles + r->latency, r->read(t->mem_req_rindex_o)});
      }
    }
    if (rv && t->mem_resp_ready_o) resp.pop_front();
    if (t->race_valid_o) {
      scord_race x;
      std::memset(&x, 0, sizeof x);
      x.type = t->race_type_o;
      x.kind = t->race_kind_o;
      x.block_scope = t->race_block_scope_o;
      x.sm = t->race_sm_o;
      x.cta = t->race_cta_o;
      x.warp = t->race_warp_o;
      x.pc = t->race_pc_o;
      x.addr = t->race_addr_o;
      x.owner_block = t->race_owner_block_o;
      x.owner_warp = t->race_owner_warp_o;
      r->race(x);
    }
    if (t->step_valid_o) r->lanes++;
    t->clk_i = 1;
    t->eval();
    r->cycles++;
    return taken;
  }

  bool stuck(uint64_t start) {
    if (r->cycles - start < 10000000) return false;
    r->error = "RTL made no progress for 10M cycles";
    return true;
  }

  bool apply(const scord_event &ev) override {
    unsigned beats = 1;
    switch (ev.type) {
    case SCORD_EV_LD:
    case SCORD_EV_ST:
    case SCORD_EV_ATOM:
      beats = ev.n;
      merge.push_back({ev.sm, ev.n});
      break;
    case SCORD_EV_FENCE:
      merge.push_back({ev.sm, 1});
      break;
    case SCORD_EV_KERNEL:
      beats = nsm;
      merge.push_back({(uint16_t)nsm, 1});
      break;
    default:
      break;
    }
    uint64_t start = r->cycles;
    for (unsigned b = 0; b < beats;) {
      unsigned sm = ev.type == SCORD_EV_KERNEL ? b : ev.sm;
      if (cycle(&ev, ev.type == SCORD_EV_KERNEL ? 0 : b, sm)) b++;
      if (stuck(start)) return false;
    }
    return true;
  }

  bool drain() override {
    uint64_t start = r->cycles;
    for (;;) {
      VT *t = m.get();
      if (merge.empty() && resp.empty() && t->idle_o && !t->mem_req_valid_o && !t->race_valid_o)
        return true;
      cycle(nullptr, 0, 0);
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
    if (!apply_config(&v, d.config)) continue;
    const char *bad = mismatch(*p, v);
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

uint64_t scord_rtl_md_read(const scord_rtl *r, uint64_t index) { return r->to_req(r->read(index)); }
void scord_rtl_md_foreach_nondefault(const scord_rtl *r,
                                     void (*fn)(void *arg, uint64_t index, uint64_t value),
                                     void *arg) {
  for (auto &kv : r->md) {
    uint64_t w = r->to_req(kv.second);
    if (w != SCORD_MD_INIT) fn(arg, kv.first, w);
  }
}
uint64_t scord_rtl_cycles(const scord_rtl *r) { return r->cycles; }
uint64_t scord_rtl_lanes(const scord_rtl *r) { return r->lanes; }

}  // extern "C"
