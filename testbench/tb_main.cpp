// tb_main.cpp -- scord-rtl-tb: Verilator testbench of the scord RTL (one scord_sm_tracker
// per SM + scord_detector, top scord_tb_top.sv) against the C reference model (scord_ref).
//
// Drives seeded constrained-random event streams (or the --measure patterns) through the
// trackers, an ordered merge and the detector; a C++ memory model (fixed latency L, random
// stall %) serves the metadata port.  The same events go to scord_system with a logging
// metadata port; every race record, every metadata write (index, value) and the deciding
// steps of every event are compared in order, and the final metadata is compared at the
// end.  Any divergence prints the event index, both outputs and both metadata words and
// exits 1.  Usage: see usage() below.  The verilated parameter set is fixed at build
// time (SCORD_TB_CONFIG); a --config that does not match it is refused.
#include SCORD_TB_VTOP_H  // Vscord_tb_top_<variant>.h
#include SCORD_TB_VROOT_H  // its root class: rtlport::rise, one eval() per cycle
#include "verilated.h"
#include "verilated_vcd_c.h"

#include "scord/scord.h"
#include "scord/vecread.h"
#include "mt64.h"
#include "rtl_port.h"
#ifdef SCORD_TB_SPLIT
#include "scord_tb_split_models.h"  // generated: the split models of the default variant
#include "tb_split.h"
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#ifndef SCORD_TB_VARIANT
#error "SCORD_TB_VARIANT must name the build variant"
#endif
#ifndef SCORD_TB_CONFIG
#error "SCORD_TB_CONFIG must list the variant's key=value settings"
#endif

namespace {

// ---- Exit paths ---------------------------------------------------------------------
// Every way out is an exception main() catches, so the waveform (owned by the Bench that
// writes it) is flushed and closed by its destructor on every path.
struct TbExit {
  int code;
};

[[noreturn]] void finish(int code) { throw TbExit{code}; }

[[noreturn]] void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::fputs("scord-rtl-tb: ", stderr);
  std::vfprintf(stderr, fmt, ap);
  std::fputc('\n', stderr);
  va_end(ap);
  finish(2);
}

// ---- Parameters ---------------------------------------------------------------------
// Apply "k=v k=v ..." to p; dies naming `what` on a bad item.
void apply_config_string(scord_params *p, const char *text, const char *what) {
  char err[256];
  if (!rtlport::config_apply(p, text, err, sizeof err)) die("%s: %s", what, err);
}

// ---- Random events ------------------------------------------------------------------
struct Gen {
  Mt64 rng;  // std::mt19937_64's stream (mt64.h)
  scord_params p;
  uint64_t entries;  // metadata entries N
  struct Actor { uint16_t sm, cta, warp; };
  std::vector<Actor> actors;
  std::vector<uint64_t> locks;
  unsigned kernel_permille;

  Gen(uint64_t seed, const scord_params &pp, unsigned kpm) : rng(seed), p(pp), kernel_permille(kpm) {
    entries = p.heap_bytes / p.granule / p.md_ratio;
    // Three blocks with three warps each, so same-block and same-warp cases are common.
    for (int b = 0; b < 3; b++) {
      Actor a = rand_actor();
      for (int w = 0; w < 3; w++) {
        a.warp = (uint16_t)u(p.warps_per_sm);
        actors.push_back(a);
      }
    }
    // Two lock words inside the window (also checked as data), two outside.
    locks = {p.heap_base + 0x200, p.heap_base + 0x204, 0x1000, 0x1004 + 4 * p.bloom_bin_bits};
  }
  uint64_t u(uint64_t n) { return n ? rng() % n : 0; }
  bool pct(unsigned x) { return u(100) < x; }
  Actor rand_actor() {
    return Actor{(uint16_t)u(p.num_sms), (uint16_t)u(p.ctas_per_sm), (uint16_t)u(p.warps_per_sm)};
  }
  Actor actor() { return pct(85) ? actors[u(actors.size())] : rand_actor(); }
  // A data word: mostly a small hot set (hazards, races), some aliases (tag misses),
  // some outside the window.
  uint64_t data_addr() {
    unsigned r = (unsigned)u(100);
    // One draw per statement: C++ leaves the order of the operands of + unspecified (GCC
    // draws the right one first, clang the left), and a seed must give one stream whatever
    // the compiler.  The order below is GCC's, the one every recorded seed used.
    if (r < 80) {
      const uint64_t byte = u(4);
      const uint64_t word = u(40);
      return p.heap_base + 4 * word + byte * (r < 5);
    }
    if (r < 90 && p.md_ratio > 1) {
      const uint64_t word = u(40);
      const uint64_t slot = u(p.md_ratio);
      return p.heap_base + slot * entries * p.granule + 4 * word;
    }
    if (r < 95) return p.heap_base + 4 * u(p.heap_bytes / 4);
    return pct(50) ? p.heap_base - 4 * (1 + u(16)) : p.heap_base + p.heap_bytes + 4 * u(16);
  }
  scord_event next() {
    scord_event e;
    std::memset(&e, 0, sizeof e);
    e.n = 1;
    e.stride = 4;
    e.pc = 0x10 * u(64);
    Actor a = actor();
    e.sm = a.sm;
    e.cta = a.cta;
    e.warp = a.warp;
    unsigned r = (unsigned)u(1000);
    if (r < kernel_permille) {
      e.type = SCORD_EV_KERNEL;
      return e;
    }
    r = (unsigned)u(100);
    if (r < 30 || r >= 96) {
      e.type = pct(55) ? SCORD_EV_LD : SCORD_EV_ST;
      e.is_volatile = pct(50);
      e.addr = data_addr();
      if (pct(20)) {
        e.n = (uint8_t)(2 + u(7));
        e.stride = pct(70) ? 4 : 8 * (1 + u(4));
      }
    } else if (r < 55) {
      e.type = pct(50) ? SCORD_EV_LD : SCORD_EV_ST;
      e.is_volatile = pct(50);
      e.addr = data_addr();
    } else if (r < 73) {
      e.type = SCORD_EV_ATOM;
      e.scope = (uint8_t)(pct(45) ? SCORD_SCOPE_CTA : pct(80) ? SCORD_SCOPE_GPU : SCORD_SCOPE_SYS);
      unsigned k = (unsigned)u(100);
      if (k < 40) {  // lock acquire attempt
        e.op = SCORD_OP_CAS;
        e.addr = locks[u(locks.size())];
        e.has_cmp = e.has_val = e.has_old = !pct(10);
        e.cmp = pct(90) ? 0 : 1;
        e.val = pct(90) ? 1 : 2;
        e.old = pct(75) ? 0 : 1;
      } else if (k < 65) {  // release
        e.op = SCORD_OP_EXCH;
        e.addr = locks[u(locks.size())];
        e.has_val = !pct(10);
        e.val = pct(85) ? 0 : 3;
      } else {
        e.op = (uint8_t)u(SCORD_OP_COUNT);
        e.addr = data_addr();
        e.has_cmp = pct(50);
        e.has_val = pct(50);
        e.has_old = pct(50);
        e.cmp = (uint32_t)u(2);
        e.val = (uint32_t)u(2);
        e.old = (uint32_t)u(2);
        if (pct(10)) e.n = (uint8_t)(2 + u(3));
      }
    } else if (r < 88) {
      e.type = SCORD_EV_FENCE;
      e.scope = (uint8_t)(pct(45) ? SCORD_SCOPE_CTA : pct(80) ? SCORD_SCOPE_GPU : SCORD_SCOPE_SYS);
    } else if (r < 94) {
      e.type = SCORD_EV_BAR;
    } else {
      e.type = SCORD_EV_CTA;
      e.first_warp = (uint16_t)u(p.warps_per_sm);
      e.warps = (uint16_t)(1 + u(std::min<uint64_t>(4, p.warps_per_sm - e.first_warp)));
    }
    return e;
  }
};

// ---- C model with a metadata port that queues its writes for the comparator ----------
struct LogStore {
  // The C model's metadata: the same sparse store the RTL side uses (scord_store: a hash of
  // 4 KiB pages kept across kernel resets), so a kernel reset costs no frees and re-allocations.
  scord_store *s = nullptr;
  rtlport::Lockstep<uint64_t> *exp = nullptr;  // contexts: event numbers
  uint64_t cur_ev = 0;
  LogStore() = default;
  LogStore(const LogStore &) = delete;
  LogStore &operator=(const LogStore &) = delete;
  ~LogStore() { scord_store_free(s); }
  uint64_t get(uint64_t i) const { return scord_store_read(s, i); }
  static uint64_t rd(void *c, uint64_t i) { return static_cast<LogStore *>(c)->get(i); }
  static void wr(void *c, uint64_t i, uint64_t v) {
    auto *l = static_cast<LogStore *>(c);
    scord_store_write(l->s, i, v);
    l->exp->want_write(i, v, l->cur_ev);
  }
  static void rs(void *c) {
    auto *l = static_cast<LogStore *>(c);
    scord_store_reset(l->s);
    l->exp->want_clear(l->cur_ev);
  }
};

// ---- The verilated design ------------------------------------------------------------
// The one-eval clocking is a speed feature of the pinned toolchain; do not lose it silently.
static_assert(VERILATOR_VERSION_INTEGER != 5006000 || rtlport::HasOneEval<SCORD_TB_VTOP>::value,
              "Verilator 5.006 should expose the clock's edge-trigger field (rtl_port.h rise)");

struct Ins {
  rtlport::TbFeeder::Ins feed;  // event beat and merge enable
  bool race_ready = false;
  // The metadata port's inputs, under the top's names (driven by rtlport::MdPort).
  struct Mem {
    bool mem_req_ready_i = false, mem_resp_valid_i = false;
    uint64_t mem_resp_rdata_i = 0;
  } mem;
};

struct Dut {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<SCORD_TB_VTOP> m;
  explicit Dut(int seed) : ctx(new VerilatedContext) {
    ctx->randReset(2);  // 2-state X check: random initial values (see --xcheck)
    ctx->randSeed(seed);
    m.reset(new SCORD_TB_VTOP(ctx.get(), "top"));
  }
  // Verilator 5.006 erases a model's scopes through the thread's current context: with two
  // instances (--xcheck) that is the other one's, and the erase deadlocks.  Make it ours.
  ~Dut() {
    Verilated::threadContextp(ctx.get());
    m.reset();
  }
  void set(const Ins &in);
};

// This cycle's inputs, on scord_tb_top or its split form (tb_split.h).
template <class T>
void set_inputs(T *t, const Ins &in) {
  rtlport::TbFeeder::put(t, in.feed);
  t->mem_req_ready_i = in.mem.mem_req_ready_i;
  t->mem_resp_valid_i = in.mem.mem_resp_valid_i;
  t->mem_resp_rdata_i = in.mem.mem_resp_rdata_i;
  t->race_ready_i = in.race_ready;
}
void Dut::set(const Ins &in) { set_inputs(m.get(), in); }

#ifdef SCORD_TB_SPLIT
// The default variant as separate models (tb_split.h), in their own context.
using SplitTop = tbsplit::SplitTop<Vscord_tbdet_default>;
static_assert(VERILATOR_VERSION_INTEGER != 5006000 || rtlport::HasOneEval<Vscord_tbdet_default>::value,
              "Verilator 5.006 should expose the clock's edge-trigger field (rtl_port.h rise)");
struct SplitDut {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<SplitTop> m;
  explicit SplitDut(const scord_params &p) : ctx(new VerilatedContext) {
    ctx->randReset(2);
    ctx->randSeed(1);
    std::vector<std::unique_ptr<tbsplit::Tracker>> trk;
#define SCORD_X_TRK(V) trk.emplace_back(new tbsplit::TrackerModel<V>(ctx.get()));
    SCORD_TB_SPLIT_TRACKERS(SCORD_X_TRK)
#undef SCORD_X_TRK
    if (trk.size() != p.num_sms) die("split models: %zu trackers for num_sms=%" PRIu64, trk.size(), (uint64_t)p.num_sms);
    auto idx_bits = [](uint64_t n) { return n > 1 ? scord_clog2(n) : 1u; };  // scord_pkg::idx_bits
    m.reset(new SplitTop(ctx.get(), std::move(trk), idx_bits(p.ctas_per_sm), idx_bits(p.warps_per_sm),
                         SCORD_TB_SPLIT_ADDR_BITS));
    uint64_t got = 0, want = 0;
    int w = rtlport::cfg_mismatch(m->detector()->cfg_o, p, &got, &want);
    if (w >= 0)
      die("split models: the detector was verilated with %s = %" PRIu64 ", the variant has %" PRIu64,
          rtlport::kCfgNames[w], got, want);
  }
  ~SplitDut() { m.reset(); }  // (each model sets the thread's context to its own first)
};
#endif

// Outputs compared between the two instances of --xcheck (payloads only under valid).
template <class T>
std::string out_sig(T *t) {
  char b[512];
  std::snprintf(b, sizeof b,
                "evr=%x din=%d/%d mreq=%d mresp_rdy=%d race=%d step=%d idle=%d ovf=%" PRIu64
                " perr=%x",
                (unsigned)t->ev_ready_o, t->det_in_valid_o, t->det_in_ready_o,
                t->mem_req_valid_o, t->mem_resp_ready_o, t->race_valid_o, t->step_valid_o,
                t->idle_o, (uint64_t)t->race_overflow_o, t->proto_err_o);
  std::string s(b);
  if (t->mem_req_valid_o) {
    std::snprintf(b, sizeof b, " req w=%d c=%d i=%" PRIx64 " d=%" PRIx64 " r=%d ri=%" PRIx64,
                  t->mem_req_write_o, t->mem_req_clear_o, (uint64_t)t->mem_req_index_o,
                  (uint64_t)t->mem_req_wdata_o, t->mem_req_read_o, (uint64_t)t->mem_req_rindex_o);
    s += b;
  }
  if (t->race_valid_o) {
    std::snprintf(b, sizeof b, " race t=%d a=%" PRIx64 " pc=%" PRIx64 " o=%u/%u", t->race_type_o,
                  (uint64_t)t->race_addr_o, (uint64_t)t->race_pc_o, t->race_owner_block_o,
                  t->race_owner_warp_o);
    s += b;
  }
  if (t->step_valid_o) {
    std::snprintf(b, sizeof b, " step=%d w=%d r=%d tm=%d", t->step_o, t->step_write_o,
                  t->step_raced_o, t->step_tag_miss_o);
    s += b;
  }
  return s;
}

// ---- Run -----------------------------------------------------------------------------
struct RunCfg {
  uint64_t seed = 1, events = 20000;
  unsigned latency = 4, stall = 20;
  bool trace = false, xcheck = false, quiet = false, require_cover = false;
  // Evaluate the clock-low phase too (always with +trace): the merge valid the harness
  // computes is then checked against det_in_valid_o every cycle (docs/cosim.md).
  bool two_eval = false;
  // The default variant runs on its split models (tb_split.h) unless this asks for
  // scord_tb_top (+trace, --two-eval and --xcheck always use it).
  bool one_model = false;
  bool speed = false;  // --speed: print the run's wall time and RTL cycles per second
  int measure_hazard = -1;  // >= 0: --measure pattern with this % of same-entry hazards
  const char *dump = nullptr;
  // SCORD_TB_INJECT=wb:N or race:N: corrupt the RTL's N-th metadata write or race record before
  // the comparator sees it (test rtl/tb_comparator shows the scoreboard catches both); 0 = off.
  // final-rtl:N or final-ref:N: after the run, entry N of that side's metadata set to a value
  // no run writes, for the final comparison to find (tests rtl/tb_comparator_final_*).
  uint64_t inject_write = 0, inject_race = 0;
  enum class Side { kOff, kRtl, kRef } inject_final = Side::kOff;
  uint64_t inject_final_index = 0;
};

struct RunResult {
  uint64_t cycles = 0, accesses = 0, first_cycle = 0, last_cycle = 0, races = 0;
};

class Bench : private rtlport::MdPort::Hooks {
 public:
  Bench(const scord_params &p, const RunCfg &c)
      : p_(p), c_(c), gen_(c.seed, p, kernel_rate(p)), feed_((unsigned)p.num_sms) {
    char err[256];
    scord_layout_init(&lay_, &p_);
    cp_ = p_;
    cp_.race_buf_entries = 1u << 24;  // the reference keeps every record (see check_race)
    if (scord_params_finalize(&cp_, err, sizeof err) != 0) die("reference params: %s", err);
    entries_ = p_.heap_bytes / p_.granule / p_.md_ratio;
    store_.exp = &exp_;
    store_.s = scord_store_new(entries_);
    if (!store_.s) die("out of memory creating the C model's store");
    scord_mdport port{&store_, LogStore::rd, LogStore::wr, LogStore::rs};
    sys_ = scord_system_new(&cp_, &port);
    if (!sys_) die("out of memory creating the C model");
    mem_.reset(new rtlport::MdPort(entries_, this));
    evlog_.reserve();
#ifdef SCORD_TB_SPLIT
    if (!c_.one_model && !c_.trace && !c_.two_eval && !c_.xcheck) split_.reset(new SplitDut(p_));
#endif
    if (!split_) dut_.reset(new Dut(1));
    if (c_.xcheck) shadow_.reset(new Dut(7));
    if (c_.dump) {
      dumpf_ = std::fopen(c_.dump, "w");
      if (!dumpf_) die("%s: cannot open for writing", c_.dump);
      std::fprintf(dumpf_, "scord-vectors 1\n# scord-rtl-tb --seed %" PRIu64 " (%s)\nconfig %s\n",
                   c_.seed, SCORD_TB_VARIANT, SCORD_TB_CONFIG[0] ? SCORD_TB_CONFIG : "num_sms=15");
    }
  }
  ~Bench() {
    if (trace_) {
      trace_->flush();
      trace_->close();
    }
    scord_system_free(sys_);
    if (dumpf_) std::fclose(dumpf_);
  }

  RunResult run();
  bool split() const;  // the run drives the split models (tb_split.h), not scord_tb_top
  const uint64_t (&cover() const)[2][SCORD_STEP_COUNT] { return cover_; }

 private:
  static unsigned kernel_rate(const scord_params &p) {
    // A sweep reset costs one cycle per entry: keep kernels rare on big windows.
    return (p.heap_bytes / p.granule / p.md_ratio) <= (1u << 16) ? 3 : 2;
  }
  scord_event make_event();
  void start_event();
  void diverge(const char *what, uint64_t ev, const std::string &rtl, const std::string &ref,
               uint64_t index, bool have_index);
  void check_race(const scord_race &r);
  void check_write(uint64_t index, uint64_t value, bool clear);
  void check_step(unsigned step, bool write, bool tag_miss);
  void compare_final();
  std::string md_text(uint64_t w) {
    char b[512];
    scord_md_format(&lay_, w, b, sizeof b);
    char h[64];
    std::snprintf(h, sizeof h, "0x%016" PRIx64 " ", w);
    return std::string(h) + b;
  }
  std::string event_text(uint64_t ev) {
    if (ev >= evlog_.count()) return "(none)";
    const scord_event *e = evlog_.get(ev);
    if (!e)
      return "(event " + std::to_string(ev) + ": older than the last " + std::to_string(EventRing::kKeep) +
             " kept; --dump FILE writes every event)";
    char *buf = nullptr;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    scord_event_write(f, e);
    std::fclose(f);
    std::string s(buf, len);
    std::free(buf);
    while (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
  }

  scord_params p_, cp_;
  RunCfg c_;
  Gen gen_;
  scord_layout lay_;
  LogStore store_;
  scord_system *sys_ = nullptr;
  uint64_t entries_;
  std::unique_ptr<Dut> dut_, shadow_;
#ifdef SCORD_TB_SPLIT
  std::unique_ptr<SplitDut> split_;
#else
  std::unique_ptr<int> split_;  // (no split models in this variant)
#endif
  template <class T>
  RunResult run_on(T *t);
  // The RTL's race overflow counter and its ResetSweep build flag, from the model this run drives.
  uint64_t rtl_overflow() const {
#ifdef SCORD_TB_SPLIT
    if (split_) return split_->m->race_overflow_o;
#endif
    return dut_->m->race_overflow_o;
  }
  bool rtl_reset_sweep() const {
#ifdef SCORD_TB_SPLIT
    if (split_) return rtlport::get_bits(split_->m->detector()->cfg_o, 15 * 32, 1);
#endif
    return rtlport::get_bits(dut_->m->par_o, 15 * 32, 1);
  }
  std::unique_ptr<VerilatedVcdC> trace_;  // +trace: scord-rtl-tb.vcd
  FILE *dumpf_ = nullptr;

  // Feeding state.  The events fed, for divergence reports: the last EventRing::kKeep of them.
  // Every event the comparison still waits on is far younger (the RTL holds at most a few
  // hundred lanes in flight); keeping all of them cost a page fault every 40 events, 5 % of a
  // run.
  class EventRing {
   public:
    static constexpr uint64_t kKeep = 4096;
    uint64_t count() const { return n_; }  // events pushed so far
    void push(const scord_event &e) {
      if (ring_.size() < kKeep) ring_.push_back(e);
      else ring_[n_ % kKeep] = e;
      n_++;
    }
    // Event i, or null once it has left the ring.
    const scord_event *get(uint64_t i) const { return i < n_ && n_ - i <= kKeep ? &ring_[i % kKeep] : nullptr; }
    void reserve() { ring_.reserve(kKeep); }

   private:
    std::vector<scord_event> ring_;
    uint64_t n_ = 0;
  };
  EventRing evlog_;
  uint64_t fed_events_ = 0;
  uint64_t meas_next_ = 0;
  std::deque<uint64_t> meas_recent_;
  // Event beats to the trackers and the ordered merge's queue (rtl_port.h, shared with the
  // bridge behind scord-cosim).
  rtlport::TbFeeder feed_;
  // Memory model (rtl_port.h), fixed latency c_.latency; its hooks check every write.
  std::unique_ptr<rtlport::MdPort> mem_;
  uint64_t read_due(uint64_t, uint64_t now) override { return now + c_.latency; }
  void on_write(uint64_t index, uint64_t value, uint64_t) override {
    if (++nwrites_ == c_.inject_write) value ^= 1ull << 40;  // fault injection (test rtl/tb_comparator)
    check_write(index, value, false);
  }
  void on_clear(uint64_t) override { check_write(0, 0, true); }
  void on_bad(const char *what, uint64_t value) override {
    diverge(what, evlog_.count() - 1, std::to_string(value), "< " + std::to_string(entries_) + " entries", 0, false);
  }
  bool mreq_ready_ = false, race_ready_ = false;
  // Reference expectations.
  rtlport::Lockstep<uint64_t> exp_;  // the C model's writes, clears and races (rtl_port.h)
  uint64_t nwrites_ = 0, nraces_ = 0;  // RTL metadata writes and race records seen
  struct StepExp { uint64_t ev, addr; unsigned lanes; uint64_t cnt[2][SCORD_STEP_COUNT]; };
  std::deque<StepExp> steps_;
  uint64_t acc_[2][SCORD_STEP_COUNT] = {};
  unsigned acc_lanes_ = 0;
  uint64_t cover_[2][SCORD_STEP_COUNT] = {};
  uint64_t cycle_ = 0;
  RunResult res_;
};

scord_event Bench::make_event() {
  if (c_.measure_hazard < 0) return gen_.next();
  // --measure: single-lane loads/stores from one warp, distinct entries except for the
  // requested share that reuses one of the last four entries (a same-entry hazard).
  scord_event e;
  std::memset(&e, 0, sizeof e);
  e.type = gen_.pct(50) ? SCORD_EV_LD : SCORD_EV_ST;
  e.n = 1;
  e.stride = 4;
  uint64_t idx;
  if (!meas_recent_.empty() && gen_.pct((unsigned)c_.measure_hazard)) {
    idx = meas_recent_[gen_.u(meas_recent_.size())];
  } else {
    idx = meas_next_++ % entries_;
  }
  meas_recent_.push_back(idx);
  if (meas_recent_.size() > 4) meas_recent_.pop_front();
  e.addr = p_.heap_base + idx * p_.granule;
  return e;
}

// Begin feeding the next event: apply it to the C model, queue its merge item and the
// expected steps and races.
void Bench::start_event() {
  scord_event e = make_event();
  uint64_t evi = evlog_.count();
  evlog_.push(e);
  if (dumpf_) scord_event_write(dumpf_, &e);
  scord_detector *d = scord_system_detector(sys_);
  // The deciding steps of an access event: the C model's step counts before and after it
  // (only those: the whole statistics block copied per event was a visible cost).
  const bool access = e.type == SCORD_EV_LD || e.type == SCORD_EV_ST || e.type == SCORD_EV_ATOM;
  uint64_t before[2][SCORD_STEP_COUNT];
  if (access) std::memcpy(before, scord_detector_get_stats(d)->cover, sizeof before);
  store_.cur_ev = evi;
  scord_system_apply(sys_, &e);
  scord_race r;
  while (scord_detector_pop_race(d, &r)) exp_.want_race(r, evi);
  feed_.start(e);
  if (access) {
    const scord_detector_stats &after = *scord_detector_get_stats(d);
    StepExp s;
    s.ev = evi;
    s.addr = e.addr;
    s.lanes = e.n;
    for (int w = 0; w < 2; w++)
      for (int k = 0; k < SCORD_STEP_COUNT; k++) s.cnt[w][k] = after.cover[w][k] - before[w][k];
    steps_.push_back(s);
  }
}

void Bench::diverge(const char *what, uint64_t ev, const std::string &rtl, const std::string &ref,
                    uint64_t index, bool have_index) {
  std::printf("DIVERGENCE (%s) at cycle %" PRIu64 ", event %" PRIu64 ": %s\n", what, cycle_, ev,
              event_text(ev).c_str());
  std::printf("  rtl: %s\n  ref: %s\n", rtl.c_str(), ref.c_str());
  if (have_index) {
    uint64_t rw = mem_->read(index);
    // Current contents: the C model may already be a few events ahead of the RTL.
    std::printf("  metadata[%" PRIu64 "] rtl now: %s\n  metadata[%" PRIu64 "] ref now: %s\n", index,
                md_text(rw).c_str(), index, md_text(store_.get(index)).c_str());
  }
  std::printf("  reproduce: %s --seed %" PRIu64 " --events %" PRIu64 " --latency %u --stall %u%s\n",
              std::strcmp(SCORD_TB_VARIANT, "default") ? "scord-rtl-tb-" SCORD_TB_VARIANT : "scord-rtl-tb",
              c_.seed, c_.events, c_.latency, c_.stall, c_.xcheck ? " --xcheck" : "");
  finish(1);
}

static std::string race_text(const scord_race &r) {
  char b[512];
  scord_race_format(&r, b, sizeof b);
  return b;
}

void Bench::check_race(const scord_race &r) {
  res_.races++;
  // Records the RTL dropped into its overflow counter are skipped; the count of skipped
  // records must never exceed the RTL's counter and equals it at the end.
  switch (exp_.got_race(r, rtl_overflow())) {
  case rtlport::Lockstep<uint64_t>::kMatch:
    return;
  case rtlport::Lockstep<uint64_t>::kUnexpected:
    diverge("extra race", evlog_.count() - 1, race_text(r), "(no race expected)", 0, false);
  case rtlport::Lockstep<uint64_t>::kDiffer: {
    const auto &e = *exp_.next_race();
    uint64_t idx = 0;
    uint32_t tag = 0;
    bool in = scord_map_addr(&p_, e.r.addr, &idx, &tag);
    diverge("race record", e.ctx, race_text(r), race_text(e.r), idx, in);
  }
  }
}

void Bench::check_write(uint64_t index, uint64_t value, bool clear) {
  using L = rtlport::Lockstep<uint64_t>;
  // Kernel boundary: one clear command, or a sweep writing init to every entry in order.
  const bool sweep = rtl_reset_sweep();
  L::Verdict v;
  if (clear && sweep) v = exp_.next_write() ? L::kDiffer : L::kUnexpected;  // a sweeping RTL never clears
  else v = clear ? exp_.got_clear() : exp_.got_write(index, value, sweep ? entries_ : 0);
  if (v == L::kMatch) return;
  char rb[256], eb[256];
  if (v == L::kUnexpected) {
    std::snprintf(rb, sizeof rb, "%s index=%" PRIu64 " value=%s", clear ? "clear" : "write", index,
                  md_text(value).c_str());
    diverge("extra metadata write", evlog_.count() - 1, rb, "(none expected)", index, !clear);
  }
  const L::Write &w = *exp_.next_write();
  if (w.clear) {
    std::snprintf(rb, sizeof rb, "%s index=%" PRIu64 " value=0x%" PRIx64, clear ? "clear" : "write", index, value);
    std::snprintf(eb, sizeof eb, "kernel reset (sweep position %" PRIu64 ")", exp_.sweep_position());
    diverge("kernel reset", w.ctx, rb, eb, index, !clear);
  }
  std::string rs = std::string(clear ? "clear" : "write") + " index=" + std::to_string(index) +
                   " value=" + md_text(value);
  std::string es = "write index=" + std::to_string(w.index) + " value=" + md_text(w.value);
  diverge("metadata write", w.ctx, rs, es, w.index, true);
}

void Bench::check_step(unsigned step, bool write, bool tag_miss) {
  if (steps_.empty()) diverge("extra access lane", evlog_.count() - 1, "step", "none", 0, false);
  if (step >= SCORD_STEP_COUNT || step == SCORD_STEP_TAG_MISS) {
    diverge("step code", steps_.front().ev, std::to_string(step), "a deciding step", 0, false);
  }
  acc_[write][step]++;
  if (tag_miss) acc_[write][SCORD_STEP_TAG_MISS]++;
  cover_[write][step]++;
  if (tag_miss) cover_[write][SCORD_STEP_TAG_MISS]++;
  res_.accesses++;
  if (++acc_lanes_ < steps_.front().lanes) return;
  StepExp &e = steps_.front();
  if (std::memcmp(acc_, e.cnt, sizeof acc_) != 0) {
    std::string rs, es;
    for (int w = 0; w < 2; w++)
      for (int k = 0; k < SCORD_STEP_COUNT; k++) {
        if (acc_[w][k]) rs += std::string(w ? " W:" : " R:") + scord_step_name[k] + "x" + std::to_string(acc_[w][k]);
        if (e.cnt[w][k]) es += std::string(w ? " W:" : " R:") + scord_step_name[k] + "x" + std::to_string(e.cnt[w][k]);
      }
    uint64_t idx = 0;
    uint32_t tag = 0;
    bool in = scord_map_addr(&p_, e.addr, &idx, &tag);
    diverge("deciding steps", e.ev, rs, es, idx, in);
  }
  std::memset(acc_, 0, sizeof acc_);
  acc_lanes_ = 0;
  steps_.pop_front();
}

void Bench::compare_final() {
  if (const auto *w = exp_.next_write())
    diverge("missing metadata write", w->ctx, "(none)",
            w->clear ? std::string("kernel reset") : "write index=" + std::to_string(w->index), w->index, !w->clear);
  if (!steps_.empty()) diverge("missing access lanes", steps_.front().ev, "(none)", "lanes", 0, false);
  uint64_t ovf = rtl_overflow();
  if (exp_.skipped() + exp_.races_left() != ovf) {
    const auto *e = exp_.next_race();
    diverge("race count", e ? e->ctx : evlog_.count() - 1,
            "overflow=" + std::to_string(ovf) + " skipped=" + std::to_string(exp_.skipped()),
            "unmatched " + std::to_string(exp_.races_left()) + ", next " + (e ? race_text(e->r) : std::string("(none)")),
            0, false);
  }
  // Final metadata: every entry either side holds must agree (missing = init).  The first
  // difference in index order is reported after the walk: diverge() throws, and the walk is C.
  struct Mismatch {
    scord_store *other;  // the side not being walked
    bool found = false;
    uint64_t index = 0;
  };
  auto walk = [](scord_store *side, Mismatch &m) {
    scord_store_foreach_nondefault(
        side,
        [](void *a, uint64_t index, uint64_t value) {
          auto *mm = static_cast<Mismatch *>(a);
          if (!mm->found && value != scord_store_read(mm->other, index)) {
            mm->found = true;
            mm->index = index;
          }
        },
        &m);
  };
  if (c_.inject_final != RunCfg::Side::kOff) {  // fault injection (tests rtl/tb_comparator_final_*)
    const uint64_t i = c_.inject_final_index;
    if (i >= entries_) die("SCORD_TB_INJECT: entry %" PRIu64 " is outside the %" PRIu64 " entries", i, entries_);
    scord_store_write(c_.inject_final == RunCfg::Side::kRtl ? mem_->store() : store_.s, i, SCORD_MD_INIT ^ (1ull << 40));
  }
  Mismatch by_rtl{store_.s}, by_ref{mem_->store()};
  walk(mem_->store(), by_rtl);
  walk(store_.s, by_ref);
  for (const Mismatch *m : {&by_rtl, &by_ref})
    if (m->found) {
      uint64_t rw = mem_->read(m->index), cw = store_.get(m->index);
      diverge("final metadata", evlog_.count() - 1, md_text(rw), md_text(cw), m->index, true);
    }
}

bool Bench::split() const {
#ifdef SCORD_TB_SPLIT
  return split_ != nullptr;
#else
  return false;
#endif
}

RunResult Bench::run() {
#ifdef SCORD_TB_SPLIT
  if (split_) return run_on(split_->m.get());
#endif
  return run_on(dut_->m.get());
}

template <class T>
RunResult Bench::run_on(T *t) {
  Mt64 rng(c_.seed * 0x9E3779B97F4A7C15ull + 1);  // std::mt19937_64's stream (mt64.h)
  auto stall = [&]() { return (unsigned)(rng() % 100) < c_.stall; };
  Ins in;
  auto eval_both = [&](bool clk, bool rst) {
    t->clk_i = clk;
    t->rst_ni = rst;
    set_inputs(t, in);
    t->eval();
    if (shadow_) {
      shadow_->m->clk_i = clk;
      shadow_->m->rst_ni = rst;
      shadow_->set(in);
      shadow_->m->eval();
    }
  };
  if constexpr (std::is_same<T, SCORD_TB_VTOP>::value) {  // (+trace never runs the split models)
    if (c_.trace) {
      Verilated::traceEverOn(true);
      trace_ = std::make_unique<VerilatedVcdC>();
      t->trace(trace_.get(), 99);  // opened after elaboration (the model exists)
      trace_->open("scord-rtl-tb.vcd");
    }
  }
  uint64_t simtime = 0;
  auto dump = [&]() {
    if (trace_) trace_->dump(simtime);
    simtime += 5;
  };
  rtlport::reset([&](bool clk, bool rst_n) {
    eval_both(clk, rst_n);
    dump();
  });
  // After reset both instances (different random initial state) must agree.
  uint64_t last_progress = 0;
  for (cycle_ = 0;; cycle_++) {
    // ---- Drive inputs for this cycle ----
    if (!feed_.busy() && fed_events_ < c_.events) start_event();
    in.feed = feed_.inputs([&] { return !stall(); }, [&] { return !stall(); });
    bool mreq_ready = !stall();
    mem_->drive(&in.mem, cycle_, mreq_ready);
    in.race_ready = !stall();
    // One eval() per cycle unless asked or tracing (docs/cosim.md "One evaluation per cycle"):
    // everything sampled below is a flop of the top but the merge valid, which the feeder
    // computes from the trackers' packet registers and this cycle's merge inputs.
    const bool settle = c_.two_eval || c_.trace;
    if (settle) {
      eval_both(false, true);
      dump();
    } else {
      set_inputs(t, in);
      if (shadow_) shadow_->set(in);
    }

    // ---- Sample handshakes (flops settled at the last edge; the merge valid computed) ----
    if (t->proto_err_o) {
      std::printf("PROTOCOL: payload changed while valid && !ready (mask 0x%02x: bit0 events, "
                  "1 tracker packets, 2 detector input, 3 memory request, 4 memory response, "
                  "5 race records) at cycle %" PRIu64 "\n",
                  t->proto_err_o, cycle_);
      finish(1);
    }
    if (shadow_) {
      std::string a = out_sig(t), b = out_sig(shadow_->m.get());
      if (a != b) {
        std::printf("XCHECK: outputs depend on unreset state at cycle %" PRIu64 "\n  a: %s\n  b: %s\n"
                    "  reproduce: the same command with --xcheck (seed %" PRIu64 ")\n",
                    cycle_, a.c_str(), b.c_str(), c_.seed);
        finish(1);
      }
    }
    const rtlport::TbFeeder::Fired fed = feed_.sample(t, settle);  // beats and the merge queue advance
    if (fed.valid_mismatch) {
      std::printf("MERGE: det_in_valid_o %d, the harness computed %d from pkt_valid_o 0x%x, merge_sel %u, "
                  "merge_en %d at cycle %" PRIu64 "\n",
                  (int)t->det_in_valid_o, !(int)t->det_in_valid_o, (unsigned)t->pkt_valid_o,
                  (unsigned)in.feed.sel, (int)in.feed.en, cycle_);
      finish(1);
    }
    bool ev_fire = fed.beat, din_fire = fed.packet;
    bool mreq_fire = t->mem_req_valid_o && mreq_ready;
    bool resp_fire = in.mem.mem_resp_valid_i && t->mem_resp_ready_o;
    bool race_fire = t->race_valid_o && in.race_ready;
    bool step = t->step_valid_o;
    if (ev_fire || din_fire || mreq_fire || resp_fire || race_fire || step) last_progress = cycle_;

    mem_->sample(t);  // applies the request (the hooks check writes and clears), retires the response
    if (race_fire) {
      scord_race r = rtlport::race_of(t);
      if (++nraces_ == c_.inject_race) r.pc ^= 4;  // fault injection (test rtl/tb_comparator)
      check_race(r);
    }
    if (step) {
      if (!res_.first_cycle) res_.first_cycle = cycle_;
      res_.last_cycle = cycle_;
      check_step(t->step_o, t->step_write_o, t->step_tag_miss_o);
    }
    if (fed.packet_unexpected) diverge("merge", evlog_.count() - 1, "packet", "none", 0, false);
    if (din_fire && res_.first_cycle == 0 && c_.measure_hazard >= 0) res_.first_cycle = cycle_;
    if (fed.event_done) fed_events_++;

    if (settle) {
      eval_both(true, true);
      dump();
    } else {
      rtlport::rise(t);
      if (shadow_) rtlport::rise(shadow_->m.get());
    }

    bool done = fed_events_ == c_.events && !feed_.busy() && !feed_.merging() && t->idle_o &&
                !mem_->busy() && !t->mem_req_valid_o && !t->race_valid_o;
    if (done) break;
    if (cycle_ - last_progress > 200000) {
      std::printf("HANG: no handshake for 200000 cycles at cycle %" PRIu64 " (events fed %" PRIu64
                  ", merge queue %zu)\n", cycle_, fed_events_, feed_.merge_queue());
      finish(1);
    }
  }
  compare_final();
  res_.cycles = cycle_;
  if (trace_) {
    trace_->flush();
  }
  return res_;
}

void print_cover(const uint64_t (&cov)[2][SCORD_STEP_COUNT], bool tags) {
  std::printf("coverage (deciding steps of section 5, RTL lanes):\n");
  for (int w = 0; w < 2; w++) {
    for (int k = 0; k < SCORD_STEP_COUNT; k++) {
      bool na = (w == 0 && k == SCORD_STEP_ATOM_ATOM) ||
                (w == 1 && (k == SCORD_STEP_NOLOCK_BS || k == SCORD_STEP_NOLOCK_DS)) ||
                (k == SCORD_STEP_TAG_MISS && !tags);
      if (na) continue;  // impossible for this kind or configuration (md_ratio=1: no tags)
      if (cov[w][k])
        std::printf("  %-5s %-40s %10" PRIu64 "\n", w ? "WRITE" : "READ", scord_step_name[k], cov[w][k]);
      else
        std::printf("  UNREACHED %-5s %s\n", w ? "WRITE" : "READ", scord_step_name[k]);
    }
  }
}

void usage() {
  std::printf(
      "usage: scord-rtl-tb [options] [+trace]\n"
      "  --seed N        random seed (printed; the same seed reproduces the run)\n"
      "  --events N      events to generate (default 20000)\n"
      "  --latency L     memory latency in cycles, 1..64 (default 4)\n"
      "  --stall PCT     random back-pressure on every channel, 0..95 (default 20)\n"
      "  --config k=v    must match this build's parameters (variant %s: %s)\n"
      "  --xcheck        run a second instance with other random initial state; outputs must agree\n"
      "  --two-eval      evaluate the clock-low phase too, and check the merge valid the harness\n"
      "                  computes against the RTL's (the default is one evaluation per cycle)\n"
      "  --one-model     run scord_tb_top as one model (the default variant otherwise runs its\n"
      "                  trackers and detector as separate models, each tracker clocked only\n"
      "                  while it has work; +trace, --two-eval and --xcheck use one model)\n"
      "  --speed         after the PASS line, the run's wall time and RTL cycles per second\n"
      "  --require-coverage  fail when a reachable step is never hit\n"
      "  --measure       throughput: accesses/cycle for L = 1, 8, 32, 64, 0 %% and 20 %% hazards\n"
      "  --min-rate R    with --measure: fail if a figure is below R\n"
      "  --min-hazard-rate R  with --measure: the bound for the 20 %% hazard column (default R);\n"
      "                  a back-to-back same-entry pair costs three bubbles (docs/rtl.md Hazards)\n"
      "  --check-layout  compare the RTL package layout and parameters with scord_layout_init\n"
      "  --dump FILE     write the generated events as a vector file\n"
      "  +trace          write scord-rtl-tb.vcd\n",
      SCORD_TB_VARIANT, SCORD_TB_CONFIG[0] ? SCORD_TB_CONFIG : "(defaults)");
}

uint64_t parse_num(const char *opt, const char *s, uint64_t max = UINT64_MAX) {
  uint64_t v;
  if (scord_parse_u64(s, &v) != 0 || v > max) die("%s: '%s' is not a number in 0..%" PRIu64, opt, s, max);
  return v;
}

double parse_rate(const char *opt, const char *s) {
  double v = 0;
  if (scord_parse_decimal(s, &v) != 0 || v > 1) die("%s: '%s' is not a rate in [0, 1]", opt, s);
  return v;
}

// The verilated parameters and the package layout against the C definitions.
int check_layout(SCORD_TB_VTOP *t, const scord_params &p, bool verbose) {
  t->eval();
  scord_layout l;
  unsigned total = scord_layout_init(&l, &p);
  int bad = 0;
  for (int f = 0; f < SCORD_MD_FIELD_COUNT; f++) {
    unsigned lsb = (unsigned)rtlport::get_bits(t->lay_lsb_o, 8 * f, 8);
    unsigned w = (unsigned)rtlport::get_bits(t->lay_width_o, 8 * f, 8);
    if (lsb != l.lsb[f] || w != l.width[f]) {
      std::printf("LAYOUT MISMATCH field %s: rtl lsb=%u width=%u, C lsb=%u width=%u\n",
                  scord_md_field_name[f], lsb, w, l.lsb[f], l.width[f]);
      bad++;
    } else if (verbose) {
      std::printf("  %-13s lsb %2u width %2u\n", scord_md_field_name[f], lsb, w);
    }
  }
  if (t->lay_total_o != total) {
    std::printf("LAYOUT MISMATCH total bits: rtl %u, C %u\n", t->lay_total_o, total);
    bad++;
  }
  uint64_t got = 0, want = 0;
  int w = rtlport::cfg_mismatch(t->par_o, p, &got, &want);
  if (w >= 0) {
    std::printf("PARAMETER MISMATCH %s: verilated %" PRIu64 ", variant %" PRIu64 "\n", rtlport::kCfgNames[w], got,
                want);
    bad++;
  }
  const uint64_t want64[3] = {p.heap_base, p.heap_bytes, p.md_base};
  const char *n64[3] = {"heap_base", "heap_bytes", "md_base"};
  for (int i = 0; i < 3; i++) {
    uint64_t v = rtlport::get_bits(t->par64_o, 64 * i, 64);
    if (v != want64[i]) {
      std::printf("PARAMETER MISMATCH %s: verilated 0x%" PRIx64 ", variant 0x%" PRIx64 "\n", n64[i],
                  v, want64[i]);
      bad++;
    }
  }
  return bad;
}

}  // namespace

static int tb_main(int argc, char **argv) {
  RunCfg c;
  std::vector<std::string> overrides;
  bool measure = false, layout_only = false, seed_given = false;
  double min_rate = 0, min_hazard_rate = -1;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto val = [&]() -> const char * {
      if (i + 1 >= argc) die("%s needs a value", a.c_str());
      return argv[++i];
    };
    if (a == "--seed") { c.seed = parse_num("--seed", val()); seed_given = true; }
    else if (a == "--events") c.events = parse_num("--events", val());
    else if (a == "--latency") c.latency = (unsigned)parse_num("--latency", val(), 64);
    else if (a == "--stall") c.stall = (unsigned)parse_num("--stall", val(), 95);
    else if (a == "--config") overrides.push_back(val());
    else if (a == "--xcheck") c.xcheck = true;
    else if (a == "--two-eval") c.two_eval = true;
    else if (a == "--one-model") c.one_model = true;
    else if (a == "--speed") c.speed = true;
    else if (a == "--require-coverage") c.require_cover = true;
    else if (a == "--measure") measure = true;
    else if (a == "--min-rate") min_rate = parse_rate("--min-rate", val());
    else if (a == "--min-hazard-rate") min_hazard_rate = parse_rate("--min-hazard-rate", val());
    else if (a == "--check-layout") layout_only = true;
    else if (a == "--dump") c.dump = val();
    else if (a == "+trace") c.trace = true;
    else if (a == "--help" || a == "-h") { usage(); return 0; }
    else if (a.rfind("+verilator", 0) == 0) continue;
    else die("unknown option '%s' (try --help)", a.c_str());
  }
  if (c.latency < 1 || c.latency > 64) die("--latency %u: must be 1..64", c.latency);
  if (c.stall > 95) die("--stall %u: must be 0..95", c.stall);
  if (!seed_given) c.seed = std::random_device{}() & 0xFFFFFFu;
  if (const char *inj = std::getenv("SCORD_TB_INJECT")) {
    const bool wb = std::strncmp(inj, "wb:", 3) == 0, race = std::strncmp(inj, "race:", 5) == 0;
    const bool frtl = std::strncmp(inj, "final-rtl:", 10) == 0, fref = std::strncmp(inj, "final-ref:", 10) == 0;
    uint64_t n = 0;
    const char *num = inj + (wb ? 3 : race ? 5 : 10);
    if ((!wb && !race && !frtl && !fref) || scord_parse_u64(num, &n) != 0 || (n == 0 && (wb || race)))
      die("SCORD_TB_INJECT=%s: expected wb:N or race:N with N >= 1, or final-rtl:I or final-ref:I", inj);
    if (wb) c.inject_write = n;
    else if (race) c.inject_race = n;
    else {
      c.inject_final = frtl ? RunCfg::Side::kRtl : RunCfg::Side::kRef;
      c.inject_final_index = n;
    }
  }

  // The parameter set this binary was verilated with.
  char err[256];
  scord_params vp;
  scord_params_default(&vp);
  apply_config_string(&vp, SCORD_TB_CONFIG, "SCORD_TB_CONFIG");
  if (scord_params_finalize(&vp, err, sizeof err) != 0) die("SCORD_TB_CONFIG: %s", err);
  // A --config must describe exactly that set.
  if (!overrides.empty()) {
    scord_params up;
    scord_params_default(&up);
    for (auto &o : overrides) apply_config_string(&up, o.c_str(), "--config");
    if (scord_params_finalize(&up, err, sizeof err) != 0) die("--config: %s", err);
    // Exact: the testbench compares the RTL's own race buffer and overflow counter.
    uint64_t have = 0;
    if (const char *bad = rtlport::param_mismatch(up, vp, rtlport::kExact, &have)) {
      uint64_t asked = 0;
#define SCORD_X_GET(name, def, lo, hi, der, doc) \
  if (!std::strcmp(bad, #name)) asked = up.name;
      SCORD_PARAM_LIST(SCORD_X_GET)
#undef SCORD_X_GET
      die("--config: %s=%" PRIu64 " does not match this build (variant '%s' has %s=%" PRIu64
          "). Verilator fixes parameters at build time; built variants: " SCORD_TB_ALL_VARIANTS,
          bad, asked, SCORD_TB_VARIANT, bad, have);
    }
  }
  Verilated::commandArgs(argc, argv);

  if (layout_only) {
    Dut d(1);
    int bad = check_layout(d.m.get(), vp, true);
    std::printf("layout/parameters of variant %s: %s\n", SCORD_TB_VARIANT, bad ? "MISMATCH" : "match");
    return bad ? 1 : 0;
  }
  {
    Dut d(1);
    if (check_layout(d.m.get(), vp, false)) die("the verilated model does not match SCORD_TB_CONFIG");
  }

  if (measure) {
    std::printf("throughput (variant %s): accesses per cycle, no back-pressure\n", SCORD_TB_VARIANT);
    std::printf("  %-8s %-12s %-12s\n", "latency", "no hazard", "20% hazard");
    for (unsigned L : {1u, 8u, 32u, 64u}) {
      double f[2];
      for (int h = 0; h < 2; h++) {
        RunCfg m = c;
        m.latency = L;
        m.stall = 0;
        m.events = 4000;
        m.trace = false;
        m.xcheck = false;
        m.measure_hazard = h ? 20 : 0;
        Bench b(vp, m);
        RunResult r = b.run();
        f[h] = (double)r.accesses / (double)(r.last_cycle - r.first_cycle + 1);
      }
      std::printf("  L=%-6u %-12.3f %-12.3f\n", L, f[0], f[1]);
      if (f[0] < min_rate || f[1] < (min_hazard_rate < 0 ? min_rate : min_hazard_rate)) {
        std::printf("FAIL: below --min-rate %.3f at L=%u\n", min_rate, L);
        finish(1);
      }
    }
    finish(0);
  }

  std::printf("scord-rtl-tb: variant %s, seed %" PRIu64 ", events %" PRIu64 ", latency %u, stall %u%%%s\n",
              SCORD_TB_VARIANT, c.seed, c.events, c.latency, c.stall, c.xcheck ? ", xcheck" : "");
  Bench b(vp, c);
  const auto t0 = std::chrono::steady_clock::now();
  RunResult r = b.run();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  print_cover(b.cover(), vp.md_ratio > 1);
  int unreached = 0;
  for (int w = 0; w < 2; w++)
    for (int k = 0; k < SCORD_STEP_TAG_MISS; k++) {
      bool na = (w == 0 && k == SCORD_STEP_ATOM_ATOM) ||
                (w == 1 && (k == SCORD_STEP_NOLOCK_BS || k == SCORD_STEP_NOLOCK_DS));
      if (!na && k != SCORD_STEP_OUTSIDE && !b.cover()[w][k]) unreached++;
    }
  std::printf("PASS: %" PRIu64 " events, %" PRIu64 " access lanes, %" PRIu64 " races, %" PRIu64
              " cycles, 0 divergences (seed %" PRIu64 ")\n",
              c.events, r.accesses, r.races, r.cycles, c.seed);
  // Wall time of the run (the models built, then reset to the final comparison), not printed
  // by default: the output is otherwise the same for every run of a seed.
  if (c.speed)
    std::printf("speed: %" PRIu64 " RTL cycles in %.3f s: %.0f cycles/s (%s)\n", r.cycles, secs,
                secs > 0 ? (double)r.cycles / secs : 0.0, b.split() ? "split models" : "one model");
  if (c.require_cover && unreached) {
    std::printf("FAIL: %d reachable steps never hit (--require-coverage)\n", unreached);
    finish(1);
  }
  finish(0);
}

int main(int argc, char **argv) {
  int code;
  try {
    code = tb_main(argc, argv);
  } catch (const TbExit &e) {
    code = e.code;
  }
  std::fflush(stdout);
  return code;
}
