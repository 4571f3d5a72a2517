// engine_rtl.cc -- the Verilated RTL detector (rtl_model/scord_detector.sv) behind the
// DetectorEngine interface (--detector=rtl), and the RTL and the C model in lockstep with a
// comparator (--detector=both). docs/cosim.md describes how the pieces connect.
//
// The RTL is a C++ model clocked from the RaceDetector module's b_transport (the caller's
// thread): before a packet the clock runs up to the packet's arrival cycle, then every lane is
// offered as one beat on the valid/ready input channel. The metadata memory port is served
// by a C++ backing store (values) and the module's MdTimer (timing: each read or write is a
// TLM transaction through the interconnect, L2 and DRAM); read data returns to the RTL at the
// cycle the L2 path answered, in request order. Races leave the RTL's FIFO as it pops them.
//
// This file is compiled into each program together with its own Verilated model (CMake
// target of scord-sim, and of the test-only scord-sim-broken-rtl whose RTL has one comparison
// flipped), so make_engine() is defined here.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"  // in Verilator 5.006's own headers
#include "Vscord_detector.h"
#include "Vscord_detector___024root.h"  // rtlport::rise: Verilator's edge-trigger field
#include "verilated.h"
#include "waveform.h"
#pragma GCC diagnostic pop

#include "detector_engine.h"
#include "sim_error.h"
#include "rtl_port.h"
#include "scord/vecread.h"

// The one-eval clocking is a speed feature of the pinned toolchain; do not lose it silently.
static_assert(VERILATOR_VERSION_INTEGER != 5006000 || rtlport::HasOneEval<Vscord_detector>::value,
              "Verilator 5.006 should expose the clock's edge-trigger field (rtl_port.h rise)");

namespace {

// Channel codes of scord_pkg (rtl_model/scord_pkg.sv): packet types (rtl_port.h) and the
// "outside" step.
using rtlport::kPktAccess;
using rtlport::kPktFence;
using rtlport::kPktKernel;
constexpr unsigned kStepOutside = SCORD_STEP_OUTSIDE;  // scord_pkg::StepOutside equals the C enum

// The first parameter of p that keeps the RTL (verilated with scord_pkg's defaults, which
// equal SCORD_PARAM_LIST's: test rtl/layout_default) from computing what p computes, or nullptr
// (`want` = the RTL's value); the rules are rtl_port.h's param_mismatch: a detector-only top
// (lock_entries lives in the SM trackers, the C model's in the TLM), smaller GPU ids, any
// md_base (the module times index -> MdBase + 8*index itself), any race_buf_entries (the module
// drains the race FIFO every cycle).
const char *rtl_param_mismatch(const scord_params &p, uint64_t &want) {
  scord_params d;
  scord_params_default(&d);
  return rtlport::param_mismatch(p, d, rtlport::kSmallerGpu | rtlport::kAnyMdBase | rtlport::kAnyRaceBuf |
                                           rtlport::kDetectorOnly, &want);
}

// Receives the RTL's outputs in order (the lockstep comparator).
struct RtlSink {
  virtual ~RtlSink() = default;
  virtual void on_write(uint64_t index, uint64_t value, const EvCtx *ctx, uint64_t rtl_cycle) = 0;
  virtual void on_clear(const EvCtx *ctx, uint64_t rtl_cycle) = 0;
  virtual void on_race(const scord_race &r, const EvCtx *ctx, uint64_t rtl_cycle) = 0;
  // One access lane executed (in order): whether it raced, and its deciding step.
  virtual void on_lane(bool raced, unsigned step, const EvCtx *ctx, uint64_t rtl_cycle) = 0;
  // End of every clock cycle.
  virtual void on_cycle(uint64_t rtl_cycle) = 0;
};

std::string hex(uint64_t v) {
  char b[32];
  snprintf(b, sizeof b, "0x%" PRIx64, v);
  return b;
}

// One line describing where a decision came from: the event, its lane, its source line.
void print_ctx(FILE *f, const char *who, const EvCtx *c, const std::string &source) {
  if (!c) {
    fprintf(f, "  %s: no event (nothing was in flight)\n", who);
    return;
  }
  fprintf(f, "  %s: simulated cycle %" PRIu64 " (arrival at the detector)\n", who, c->cycle);
  fprintf(f, "  %s event: ", who);
  scord_event_write(f, &c->ev);
  if (c->ev.type <= SCORD_EV_ATOM && c->ev.n > 1)
    fprintf(f, "  %s lane: %u (addr 0x%" PRIx64 ")\n", who, c->lane, c->ev.addr + c->lane * c->ev.stride);
  if (c->ev.line && !source.empty())
    fprintf(f, "  %s source: %s:%" PRIu64 "\n", who, source.c_str(), c->ev.line);
  else
    fprintf(f, "  %s source: built-in workload (no trace line)\n", who);
  fprintf(f, "  %s vector line: %" PRIu64 " of the detector stream (scord-sim --dump-vectors FILE, same options)\n",
          who, c->stream_line);
}

class RtlEngine final : public DetectorEngine, private rtlport::MdPort::Hooks {
 public:
  RtlEngine(const scord_params &p, const EngineOpts &o, RtlSink *sink)
      : p_(p), opts_(o), sink_(sink), ctx_(new VerilatedContext) {
    scord_layout_init(&lay_, &p_);
    scord_params d;
    scord_params_default(&d);
    scord_layout_init(&rtl_lay_, &d);
    same_layout_ = memcmp(&lay_, &rtl_lay_, sizeof lay_) == 0;
    try {
      mem_.reset(new rtlport::MdPort(p.heap_bytes / p.granule / p.md_ratio, this));
    } catch (const std::bad_alloc &) {
      throw std::runtime_error("out of memory for the RTL metadata store");
    }
    {
      std::vector<const char *> av{"scord-sim"};
      for (auto &a : o.plusargs) av.push_back(a.c_str());
      ctx_->commandArgs((int)av.size(), av.data());
    }
    ctx_->timeprecision(-12);  // waveform in ps: cycle c spans [c ns, c+1 ns), as SystemC time
    // The file is checked now; it opens at the first clock, after SystemC's elaboration.
    if (!o.vcd.empty()) {
      ctx_->traceEverOn(true);
      wave_ = std::make_unique<Waveform>(o.vcd);
    }
    m_.reset(new Vscord_detector(ctx_.get(), "scord_detector"));
    check_build_config();
    m_->in_valid_i = 0;
    rtlport::reset([this](bool clk, bool rst_n) {
      m_->clk_i = clk;
      m_->rst_ni = rst_n;
      m_->eval();
    });
  }
  ~RtlEngine() override {
    wave_.reset();  // closed before the model it traces goes
    m_->final();
  }
  const char *name() const override { return "rtl"; }
  bool self_timed() const override { return true; }
  // Batched metadata timing (docs/cosim.md): the engine books the RTL's metadata reads and
  // writes with the timer in issue order, but in batches: a read's data cannot be due before
  // md_min_read_latency() cycles after its issue, so the RTL runs up to that many cycles
  // before the batch is booked (and always before control returns to the TLM, whose other
  // bookings must come after these).  The same bookings in the same order: the same results,
  // with the Verilated code and the memory-system code each run in longer stretches.
  void set_timer(MdTimer *t) override {
    timer_ = t;
    md_lmin_ = t ? t->md_min_read_latency() : 1;
    defer_ = opts_.md_batch && md_lmin_ > 1;
    mem_->set_deferred(defer_);
  }
  void context(const EvCtx &c) override { cur_ = c; }
  void begin_packet(uint64_t t) override {
    advance_to(t);
  }
  uint64_t end_packet() override {
    flush_md();
    return now_;
  }

  void access(const scord_access &x, std::vector<MdTouch> &) override {
    Vscord_detector *t = m_.get();
    t->in_type_i = kPktAccess;
    t->in_sm_i = x.sm;
    t->in_cta_i = x.cta;
    t->in_warp_i = x.warp;
    t->in_block_i = x.block_id;
    t->in_barrier_i = x.barrier_id;
    t->in_bloom_i = x.bloom;
    t->in_kind_i = x.kind;
    t->in_strong_i = x.strong;
    t->in_atom_blk_i = x.atom_block_scope;
    t->in_fence_dev_i = 0;
    t->in_addr_i = x.addr;
    t->in_pc_i = x.pc;
    cur_.seq = ++seq_;
    if (sink_) lanes_.push_back(cur_);  // only the comparator (both) names a lane's event
    feed();
  }
  void fence(unsigned sm, unsigned warp, scord_scope scope) override {
    Vscord_detector *t = m_.get();
    t->in_type_i = kPktFence;
    t->in_sm_i = sm;
    t->in_cta_i = cur_.ev.cta;
    t->in_warp_i = warp;
    t->in_block_i = 0;
    t->in_barrier_i = 0;
    t->in_bloom_i = 0;
    t->in_kind_i = 0;
    t->in_strong_i = 0;
    t->in_atom_blk_i = 0;
    t->in_fence_dev_i = scope != SCORD_SCOPE_CTA;  // sys counts as gpu (detector.md section 3)
    t->in_addr_i = 0;
    t->in_pc_i = cur_.ev.pc;
    feed();
  }
  void kernel_reset() override {
    begin_packet(cur_.cycle);
    Vscord_detector *t = m_.get();
    t->in_type_i = kPktKernel;
    t->in_addr_i = 0;
    kernel_ctx_ = cur_;
    feed();
    flush_md();
  }
  bool pop_race(scord_race &r) override {
    if (races_.empty()) return false;
    r = races_.front();
    races_.pop_front();
    return true;
  }
  uint64_t overflow() const override { return m_->race_overflow_o; }
  uint64_t drain(uint64_t t) override {
    advance_to(t);
    const uint64_t start = now_;
    while (!quiet()) {
      if (uint64_t f = frozen_until()) {
        now_ = f;
        idle_run_ = 0;
      } else {
        step();
      }
      if (now_ - start > 50000000) fail("the RTL made no progress for 50M cycles while draining");
    }
    flush_md();
    return now_;
  }
  void finish() override {
    if (wave_) wave_->start(m_.get());
    drain(now_);
    if (wave_) wave_->flush();
    if (!opts_.coverage.empty()) write_coverage();
  }

  uint64_t cycles() const { return now_; }
  uint64_t clock() const override { return now_; }
  uint64_t clocked() const { return clocked_; }
  uint64_t evaluated() const override { return clocked_; }
  const scord_layout &layout() const { return lay_; }
  // An RTL metadata word in the run's layout (equal unless the run uses narrower ids).
  uint64_t to_run(uint64_t w) const {
    if (same_layout_) return w;
    scord_md m;
    scord_md_decode(&rtl_lay_, w, &m);
    return scord_md_encode(&lay_, &m);
  }

  // The waveform, when one was asked for and has started (divergence reports name it).
  const Waveform *waveform() const { return wave_ && wave_->started() ? wave_.get() : nullptr; }
  std::string waveform_path() const override { return waveform() ? waveform()->path() : std::string(); }

 private:
  // Coverage at the end of a run: Verilator's (line, toggle) in a coverage build, and always
  // the RTL's deciding-step counts as "READ|WRITE <step> <count>" lines in FILE.steps.
  void write_coverage() {
#if VM_COVERAGE
    ctx_->coveragep()->write(opts_.coverage.c_str());
#endif
    std::string sp = opts_.coverage + ".steps";
    FILE *f = fopen(sp.c_str(), "w");
    if (!f) fail(sp + ": cannot open for writing");
    for (int w = 0; w < 2; w++)
      for (int k = 0; k < SCORD_STEP_COUNT; k++)
        fprintf(f, "%s %s %" PRIu64 "\n", w ? "WRITE" : "READ", scord_step_name[k], steps_[w][k]);
    if (fclose(f) != 0) fail(sp + ": write error");
  }

  // Refuse a model verilated with other parameters than the ones rtl_param_mismatch assumes.
  void check_build_config() {
    scord_params d;
    scord_params_default(&d);
    m_->eval();
    uint64_t got = 0, want = 0;
    int w = rtlport::cfg_mismatch(m_->cfg_o, d, &got, &want);
    if (w >= 0)
      throw std::runtime_error(std::string("the Verilated scord_detector was built with ") + rtlport::kCfgNames[w] +
                               " = " + std::to_string(got) + ", not the default " + std::to_string(want));
  }

  [[noreturn]] void fail(const std::string &why) {
    throw SimError(kExitModel, "RTL engine: " + why + " (RTL cycle " + std::to_string(now_) + ")");
  }

  bool quiet() const {
    return m_->idle_o && !m_->mem_req_valid_o && !m_->race_valid_o && !mem_->busy() && !m_->in_valid_i;
  }

  // The cycle up to which the model is frozen, or 0 when it must be clocked now.  With no
  // visible activity (no input beat taken, no step, race, request or response) for kSkipAfter
  // cycles while metadata reads are out, the detector waits for the oldest read's data and
  // changes no state before it arrives (its pipeline empties in 3 cycles, with a step; a held
  // input beat waits on the accessor's slots, freed only by responses or visible completions).
  // Skipping to that cycle changes no decision; test cosim/rtl_skip_equal runs every cycle
  // instead (SCORD_RTL_NO_SKIP=1) and compares.
  uint64_t frozen_until() {
    if (!skip_ || idle_run_ < kSkipAfter || !mem_->busy()) return 0;
    if (mem_->unresolved()) flush_md();  // next_due needs the batch booked
    const uint64_t d = mem_->next_due();
    return d > now_ ? d : 0;
  }

  // Run the clock up to cycle t; idle stretches and stretches that only wait for metadata
  // are skipped (frozen_until).
  void advance_to(uint64_t t) {
    while (now_ < t) {
      if (quiet()) {
        now_ = t;
        break;
      }
      if (uint64_t f = frozen_until()) {
        now_ = std::min(t, f);
        idle_run_ = 0;
        continue;
      }
      step();
    }
  }

  // Offer the beat set up in the inputs until the RTL takes it.  A
  // beat refused for kSkipAfter cycles while the detector only waits for metadata skips the
  // rest of the wait (frozen_until: in the default workload 100,000 of the 794,000 cycles
  // evaluated were such waits, 9 to 64 cycles each).
  void feed() {
    m_->in_valid_i = 1;
    idle_run_ = 0;  // a new input: the model is frozen again only after kSkipAfter refusals
    uint64_t start = now_;
    for (;;) {
      if (uint64_t f = frozen_until()) {
        now_ = f;
        idle_run_ = 0;
      } else if (step()) {
        break;
      }
      if (now_ - start > 50000000) fail("the input channel was not ready for 50M cycles");
    }
    m_->in_valid_i = 0;
  }

  // One clock cycle; returns whether an input beat was accepted.
  bool step() {
    if (wave_) wave_->start(m_.get());
    stop_if_requested(now_, wave_.get());
    Vscord_detector *t = m_.get();
    if (mem_->unresolved() && now_ >= mem_->oldest_unresolved_issue() + md_lmin_) flush_md();
    mem_->drive(t, now_, true);
    t->race_ready_i = 1;
    // Every output sampled below is a register of scord_detector (in_ready_o, step_*, race_*,
    // mem_req_*, mem_resp_ready_o; docs/cosim.md "One evaluation per cycle"): without a
    // waveform, which shows the low phase, the clock-low eval() is left out.
    const bool one = opts_.one_eval && !wave_;
    rtlport::fall(t, one);
    if (wave_) wave_->dump(now_ * 1000);
    bool active = false;
    bool taken = t->in_valid_i && t->in_ready_o;
    active |= taken;
    if (t->step_valid_o) {
      active = true;
      EvCtx *c = lanes_.empty() ? nullptr : &lanes_.front();
      if (sink_) sink_->on_lane(t->step_raced_o, t->step_o, c, now_);
      if (t->step_o < SCORD_STEP_COUNT) steps_[t->step_write_o ? 1 : 0][t->step_o]++;
      if (t->step_tag_miss_o) steps_[t->step_write_o ? 1 : 0][SCORD_STEP_TAG_MISS]++;
      if (c) {
        if (t->step_o != kStepOutside) exec_.push_back(*c);
        if (t->step_raced_o) raced_.push_back(*c);
        lanes_.pop_front();
      }
    }
    rtlport::MdPort::Fired mf = mem_->sample(t);
    active |= mf.req || mf.resp;
    if (t->race_valid_o) {
      active = true;
      scord_race x = rtlport::race_of(t);
      EvCtx *c = raced_.empty() ? nullptr : &raced_.front();
      if (sink_) sink_->on_race(x, c, now_);
      if (!raced_.empty()) raced_.pop_front();
      races_.push_back(x);
    }
    rtlport::edge(t, one);
    if (wave_) wave_->dump(now_ * 1000 + 500);
    idle_run_ = active ? 0 : idle_run_ + 1;
    if (sink_) sink_->on_cycle(now_);
    now_++;
    clocked_++;
    return taken;
  }

  // rtlport::MdPort::Hooks: the TLM's L2 path times every metadata read and write.
  uint64_t read_due(uint64_t index, uint64_t now) override {
    return timer_ ? timer_->md_access(index, false, now) : now + 1;
  }
  void on_read_deferred(uint64_t index, uint64_t now) override { md_calls_.push_back({index, now, false}); }
  void on_write(uint64_t index, uint64_t value, uint64_t now) override {
    if (defer_) md_calls_.push_back({index, now, true});
    else if (timer_) timer_->md_access(index, true, now);
    if (sink_) {
      EvCtx *c = exec_.empty() ? nullptr : &exec_.front();
      sink_->on_write(index, to_run(value), c, now);
    }
    if (!exec_.empty()) exec_.pop_front();
  }
  void on_clear(uint64_t now) override {
    if (sink_) sink_->on_clear(&kernel_ctx_, now);
  }
  void on_bad(const char *what, uint64_t value) override { fail(std::string(what) + " (" + hex(value) + ")"); }

  // Book the deferred metadata traffic, in issue order, and give the reads their due cycles.
  void flush_md() {
    if (md_calls_.empty()) return;
    dues_.clear();
    for (const MdCall &c : md_calls_) {
      const uint64_t r = timer_->md_access(c.index, c.write, c.t);
      if (c.write) continue;
      if (r < c.t + md_lmin_)
        fail("a metadata read issued at cycle " + std::to_string(c.t) + " returned at " + std::to_string(r) +
             ", before the bound md_min_read_latency (" + std::to_string(md_lmin_) + ") the batching relies on");
      dues_.push_back(r);
    }
    md_calls_.clear();
    mem_->resolve(dues_.data(), dues_.size());
  }

  scord_params p_;
  scord_layout lay_{}, rtl_lay_{};
  bool same_layout_ = true;
  EngineOpts opts_;
  RtlSink *sink_;
  MdTimer *timer_ = nullptr;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vscord_detector> m_;
  std::unique_ptr<Waveform> wave_;  // --trace FILE
  std::unique_ptr<rtlport::MdPort> mem_;
  std::deque<scord_race> races_;
  std::deque<EvCtx> lanes_, exec_, raced_;  // lanes fed / executed awaiting write-back / raced
  EvCtx cur_{}, kernel_ctx_{};
  uint64_t seq_ = 0;  // access lanes fed
  uint64_t now_ = 0, clocked_ = 0, idle_run_ = 0;
  uint64_t steps_[2][SCORD_STEP_COUNT] = {};  // deciding steps seen on step_o (READ, WRITE)
  struct MdCall {
    uint64_t index, t;
    bool write;
  };
  std::vector<MdCall> md_calls_;  // deferred timer calls, in issue order
  std::vector<uint64_t> dues_;
  uint64_t md_lmin_ = 1;
  bool defer_ = false;
  static constexpr uint64_t kSkipAfter = 4;                // cycles without activity
  bool skip_ = std::getenv("SCORD_RTL_NO_SKIP") == nullptr;  // test cosim/rtl_skip_equal
};

// --detector=both: the C model decides at call time, the RTL in its own time; every metadata
// write (index, value, and each kernel clear) and every race record is compared in order as the
// RTL produces it. The first difference stops the run (exit 1) with a report.
class BothEngine final : public DetectorEngine, public RtlSink {
 public:
  BothEngine(const scord_params &p, const EngineOpts &o) : opts_(o) {
    obs_.ctx = this;
    obs_.write = [](void *c, uint64_t i, uint64_t v) {
      auto *e = static_cast<BothEngine *>(c);
      e->exp_.want_write(i, v, e->cur_);
    };
    obs_.reset = [](void *c) {
      auto *e = static_cast<BothEngine *>(c);
      e->exp_.want_clear(e->cur_);
    };
    ref_ = make_ref_engine(p, &obs_);
    rtl_.reset(new RtlEngine(p, o, this));
  }
  const char *name() const override { return "both"; }
  bool self_timed() const override { return true; }
  void set_timer(MdTimer *t) override { rtl_->set_timer(t); }
  void context(const EvCtx &c) override {
    cur_ = c;
    rtl_->context(c);
  }
  void begin_packet(uint64_t t) override { rtl_->begin_packet(t); }
  uint64_t end_packet() override { return rtl_->end_packet(); }
  void access(const scord_access &x, std::vector<MdTouch> &md) override {
    scratch_.clear();
    ref_->access(x, scratch_);
    scord_race r;
    bool raced = false;
    while (ref_->pop_race(r)) {
      exp_.want_race(r, cur_);
      raced = true;
    }
    expl_.push_back(raced);
    rtl_->access(x, md);
  }
  void fence(unsigned sm, unsigned warp, scord_scope scope) override {
    ref_->fence(sm, warp, scope);
    rtl_->fence(sm, warp, scope);
  }
  void kernel_reset() override {
    ref_->kernel_reset();
    rtl_->kernel_reset();
  }
  bool pop_race(scord_race &r) override { return rtl_->pop_race(r); }
  uint64_t drain(uint64_t t) override { return rtl_->drain(t); }
  uint64_t clock() const override { return rtl_->clock(); }
  uint64_t evaluated() const override { return rtl_->evaluated(); }
  std::string waveform_path() const override { return rtl_->waveform_path(); }
  uint64_t overflow() const override { return rtl_->overflow(); }
  void finish() override {
    rtl_->finish();
    if (pend_) report_pending();
    if (const Exp::Write *e = exp_.next_write())
      diverge(e->clear ? "kernel metadata clear" : "metadata write", &e->ctx, nullptr, rtl_->cycles(), describe(*e),
              "nothing (the RTL finished all work without this write)");
    if (const Exp::Race *e = exp_.next_race()) {
      char b[512];
      scord_race_format(&e->r, b, sizeof b);
      diverge("race record", &e->ctx, nullptr, rtl_->cycles(), b, "nothing (the RTL finished without this race)");
    }
    if (ref_->overflow() != rtl_->overflow())
      diverge("race overflow counter", nullptr, nullptr, rtl_->cycles(), std::to_string(ref_->overflow()),
              std::to_string(rtl_->overflow()));
  }

  // RtlSink: compare in order.
  void on_write(uint64_t index, uint64_t value, const EvCtx *ctx, uint64_t rc) override {
    writes_++;
    Exp::Verdict v = exp_.got_write(index, value);
    if (v == Exp::kMatch) return;
    std::string got = "write index " + hex(index) + " value " + hex(value) + " (" + fields(value) + ")";
    if (v == Exp::kUnexpected) diverge("metadata write", nullptr, ctx, rc, "nothing (no further write)", got);
    if (pend_ && ctx && ctx->seq >= pend_ctx_.seq) report_pending();  // a consequence of it
    diverge("metadata write", &exp_.next_write()->ctx, ctx, rc, describe(*exp_.next_write()), got);
  }
  void on_clear(const EvCtx *ctx, uint64_t rc) override {
    Exp::Verdict v = exp_.got_clear();
    if (v == Exp::kMatch) return;
    const Exp::Write *e = exp_.next_write();
    diverge("kernel metadata clear", e ? &e->ctx : nullptr, ctx, rc, e ? describe(*e) : "nothing",
            "clear of the whole metadata region");
  }
  void on_race(const scord_race &r, const EvCtx *ctx, uint64_t rc) override {
    if (pend_) report_pending();  // this record comes from the lane already found to differ
    Exp::Verdict v = exp_.got_race(r);  // the RTL's FIFO is drained every cycle: no record is dropped
    if (v == Exp::kMatch) {
      races_++;
      return;
    }
    char got[512], want[512];
    scord_race_format(&r, got, sizeof got);
    if (v == Exp::kUnexpected) diverge("race record", nullptr, ctx, rc, "no race", got);
    scord_race_format(&exp_.next_race()->r, want, sizeof want);
    diverge("race record", &exp_.next_race()->ctx, ctx, rc, want, got);
  }

  void on_lane(bool raced, unsigned step, const EvCtx *ctx, uint64_t rc) override {
    if (expl_.empty()) diverge("access lane", nullptr, ctx, rc, "no lane in flight", "a lane executed");
    bool want = expl_.front();
    expl_.pop_front();
    compared_lanes_++;
    if (raced == want || pend_) return;
    // Hold the report for a few cycles: an earlier lane's metadata write-back (1-2 cycles behind
    // its execution) may differ too, and that is the first divergence.
    pend_ = true;
    pend_deadline_ = rc + kPendCycles;
    pend_rc_ = rc;
    pend_rtl_ = std::string(raced ? "a race on this lane" : "no race on this lane") + " (deciding step " +
                (step < SCORD_STEP_COUNT ? scord_step_name[step] : "?") + ")";
    if (want && exp_.next_race()) {
      char b[512];
      const Exp::Race &e = *exp_.next_race();
      scord_race_format(&e.r, b, sizeof b);
      pend_c_ = b;
      pend_cref_ = e.ctx;
      pend_has_cref_ = true;
    } else {
      pend_c_ = "no race on this lane";
      pend_has_cref_ = false;
    }
    pend_ctx_ = ctx ? *ctx : EvCtx{};
  }
  void on_cycle(uint64_t rc) override {
    if (pend_ && rc >= pend_deadline_) report_pending();
  }
  [[noreturn]] void report_pending() {
    pend_ = false;
    if (pend_has_cref_) diverge("race decision", &pend_cref_, &pend_ctx_, pend_rc_, pend_c_, pend_rtl_);
    diverge("race decision", &pend_ctx_, nullptr, pend_rc_, pend_c_, pend_rtl_);
  }

 private:
  using Exp = rtlport::Lockstep<EvCtx>;  // the comparator shared with scord-rtl-tb (rtl_port.h)
  std::string fields(uint64_t v) const {
    char b[512];
    scord_md_format(&rtl_->layout(), v, b, sizeof b);
    return b;
  }
  std::string describe(const Exp::Write &e) const {
    if (e.clear) return "clear of the whole metadata region (kernel boundary)";
    return "write index " + hex(e.index) + " value " + hex(e.value) + " (" + fields(e.value) + ")";
  }
  // The divergence report (docs/cosim.md "Reading a divergence report"), thrown as a SimError
  // (exit 1); the run closes the waveform before the report is printed.
  [[noreturn]] void diverge(const char *what, const EvCtx *cref, const EvCtx *crtl, uint64_t rc,
                            const std::string &cmodel, const std::string &rtl) {
    std::string report = report_text([&](FILE *f) {
      fprintf(f, "CO-SIMULATION DIVERGENCE in %s (RTL vs C model, --detector=both)\n", what);
      fprintf(f, "  RTL clock cycle: %" PRIu64 "; compared so far: %" PRIu64 " metadata writes, %" PRIu64
                 " races, %" PRIu64 " access lanes\n",
              rc, writes_, races_, compared_lanes_);
      print_ctx(f, "C model", cref, opts_.source);
      if (crtl && (!cref || memcmp(&crtl->ev, &cref->ev, sizeof crtl->ev) != 0 || crtl->lane != cref->lane))
        print_ctx(f, "RTL", crtl, opts_.source);
      fprintf(f, "  C model output: %s\n", cmodel.c_str());
      fprintf(f, "  RTL output:     %s\n", rtl.c_str());
      if (pend_)
        fprintf(f, "  (a later lane, %s at RTL cycle %" PRIu64 ", also differs: C model %s; RTL %s)\n",
                pend_ctx_.ev.type <= SCORD_EV_ATOM ? scord_kind_name[pend_ctx_.ev.type] : "event", pend_rc_,
                pend_c_.c_str(), pend_rtl_.c_str());
      if (const Waveform *w = rtl_->waveform())
        fprintf(f, "  waveform: %s (flushed; RTL cycle %" PRIu64 " is at %" PRIu64 " ns)", w->path().c_str(), rc, rc);
      else
        fprintf(f, "  waveform: none (rerun with --trace FILE.vcd)");
    });
    if (report.empty()) report = std::string("CO-SIMULATION DIVERGENCE in ") + what + " (no memory for the report)";
    throw SimError(kExitModel, report);
  }

  EngineOpts opts_;
  scord_mdport obs_{};
  std::unique_ptr<DetectorEngine> ref_;
  std::unique_ptr<RtlEngine> rtl_;
  Exp exp_;
  std::deque<bool> expl_;  // per access lane fed: did the C model race on it
  // A race-decision divergence held for kPendCycles (see on_lane).
  static constexpr uint64_t kPendCycles = 16;
  bool pend_ = false, pend_has_cref_ = false;
  uint64_t pend_deadline_ = 0, pend_rc_ = 0;
  std::string pend_c_, pend_rtl_;
  EvCtx pend_cref_{}, pend_ctx_{};
  std::vector<MdTouch> scratch_;
  EvCtx cur_{};
  uint64_t writes_ = 0, races_ = 0, compared_lanes_ = 0;
};

}  // namespace

bool engine_supported(const std::string &name, const scord_params &p, std::string &why) {
  if (name == "ref") return true;
  if (name == "line" || name == "line-both") {
#ifdef SCORD_LINE_ENGINE
    return line_engine_supported(name, p, why);
#else
    why = "--detector=" + name + ": this program was built without the line-rate RTL (use scord-sim)";
    return false;
#endif
  }
  if (name != "rtl" && name != "both") {
    why = "--detector=" + name + ": unknown engine (off, ref, rtl, both, line, line-both)";
    return false;
  }
  uint64_t want = 0;
  const char *bad = rtl_param_mismatch(p, want);
  if (bad) {
    uint64_t have = 0;
#define SCORD_X_GET(name, def, lo, hi, der, doc) \
  if (!strcmp(bad, #name)) have = p.name;
    SCORD_PARAM_LIST(SCORD_X_GET)
#undef SCORD_X_GET
    why = "--detector=" + name + ": the RTL was verilated for the default detector parameters (detector.md section 1, "
          "paper Table V) and this run sets " + bad + "=" + std::to_string(have) + " (RTL: " + std::to_string(want) +
          "); use --detector=ref for other parameters";
    return false;
  }
  return true;
}

std::unique_ptr<DetectorEngine> make_engine(const std::string &name, const scord_params &p, const EngineOpts &o,
                                            std::string &why) {
  if (!engine_supported(name, p, why)) return nullptr;
  if (name == "ref") return make_ref_engine(p);
  try {
#ifdef SCORD_LINE_ENGINE
    if (name == "line" || name == "line-both") return make_line_engine(name, p, o);
#endif
    if (name == "rtl") return std::make_unique<RtlEngine>(p, o, nullptr);
    return std::make_unique<BothEngine>(p, o);
  } catch (const std::exception &e) {
    why = e.what();
    return nullptr;
  }
}
