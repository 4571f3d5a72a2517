// engine_line.cc -- the RTL of ScoRD, scord_top (rtl_model/scord_top.sv: the SM trackers, the
// merge and the line-rate detector that synth/ sizes) behind the DetectorEngine interface:
//   --detector=rtl   the Verilated RTL alone; its clock, stalls and metadata traffic time the
//                    system;
//   --detector=both  the same RTL, checked against the C model (docs/cosim.md).
//
// Workload: RaceDetector::b_transport calls access() once per lane.  The lanes of one
// coalesced request (one interconnect packet; same instruction fields, at most Lanes of them)
// become one event of their SM's tracker (one warp instruction: its lanes at once), offered
// when the request ends (end_packet), when a lane with other instruction fields comes, or at a
// fence or kernel boundary; a fence is one event, a kernel boundary one event to every tracker
// and then the host's packet; the SMs' barriers and CTA starts (tracker_event) are events of
// their tracker.  The RTL trackers compute each packet's header (block, barrier, bloom) from
// the events, as the SMs' C trackers do for the C model.  The merge passes the trackers'
// packets to the detector in the order the events came, the order the C model applies them.
// The RTL is clocked from the caller's thread; between packets the clock runs to the packet's
// arrival cycle, skipping stretches in which the RTL only waits for metadata (nothing moves
// inside it; see advance_to).
//
// Memory: each slice's line port is served by a C++ store of 128-B lines (values) and the
// module's MdTimer (timing: one L2 transaction per line read or write-back).  A read's data is
// the line as it is when the read is taken; it returns at the cycle the L2 path answered, so
// reads of one slice return out of order, as the RTL allows.  Write-backs are posted.
//
// Comparison (both).  The RTL checks the lanes of different lines in parallel and merges
// the slices' races, so its outputs are not in the C model's order; what the sequential
// contract (detector.md section 5, docs/rtl.md) fixes is compared instead:
//   - every write-back: the value must be one the C model gives that entry later than the
//     value last written back (per entry, in order);
//   - the whole metadata at every kernel boundary (the RTL clears only after draining) and at
//     the end, entry for entry;
//   - races as a multiset: each RTL race must be one the C model found and the RTL had not yet
//     reported (the C model decides at call time, so it is always ahead); at the end none may
//     be left;
//   - the race overflow counters.
// The first difference stops the run (SimError, exit 1) with a report naming the entry or race, the
// C model's event that produced it, the RTL cycle and the waveform.  The checks are
// rtlport::Unordered (cosim/rtl_port.h), the comparator test_line_detector uses too.
#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"  // in Verilator 5.006's own headers
#include "Vscord_top.h"
#include "Vscord_top___024root.h"  // rtlport::rise: Verilator's edge-trigger field
#include "verilated.h"
#include "waveform.h"
#pragma GCC diagnostic pop

#include "detector_engine.h"
#include "sim_error.h"
#include "rtl_port.h"
#include "scord/vecread.h"

#ifndef SCORD_LINE_LANES
#error "SCORD_LINE_LANES, SCORD_LINE_SLICES and SCORD_LINE_OUTSTANDING come from tlm/CMakeLists.txt"
#endif

// The one-eval clocking is a speed feature of the pinned toolchain; do not lose it silently.
static_assert(VERILATOR_VERSION_INTEGER != 5006000 || rtlport::HasOneEval<Vscord_top>::value,
              "Verilator 5.006 should expose the clock's edge-trigger field (rtl_port.h rise)");

namespace {

// The verilated build's parameters (tlm/CMakeLists.txt passes the same values as -G options).
constexpr unsigned kLanes = SCORD_LINE_LANES, kSlices = SCORD_LINE_SLICES, kOutstanding = SCORD_LINE_OUTSTANDING;
constexpr unsigned kEntries = rtlport::kLineEntries;
// No handshake for this many cycles and only metadata reads outstanding: every stage of the
// RTL waits (its deepest internal hand-off chain is far shorter), so the clock may jump to the
// next read's return without changing any decision (test cosim/line_skip_equal checks it).
constexpr uint64_t kSkipAfter = 32;
constexpr uint64_t kWatchdog = 50000000;

using rtlport::MdLine;

std::string hex(uint64_t v) {
  char b[32];
  snprintf(b, sizeof b, "0x%" PRIx64, v);
  return b;
}

// scord_top verilated with scord_pkg's defaults runs smaller GPUs (unused trackers idle,
// metadata re-encoded), any md_base, any race buffer (rtlport::param_mismatch).
const char *line_param_mismatch(const scord_params &p, uint64_t &want) {
  scord_params d;
  scord_params_default(&d);
  return rtlport::param_mismatch(p, d, rtlport::kSmallerGpu | rtlport::kAnyMdBase | rtlport::kAnyRaceBuf, &want);
}

// Receives the RTL's outputs as they leave it (the comparator of --detector=both).
struct LineSink {
  virtual ~LineSink() = default;
  // One entry of a write-back (in the run's layout).
  virtual void on_write(uint64_t index, uint64_t value, uint64_t rtl_cycle) = 0;
  // The kernel clear; `store` is the metadata just before it (the RTL's layout).
  virtual void on_clear(const std::unordered_map<uint64_t, MdLine> &store, uint64_t rtl_cycle) = 0;
  virtual void on_race(const scord_race &r, uint64_t rtl_cycle) = 0;
};

// One tracker event: a vector event with its lanes' addresses (an access), or without (a
// fence, barrier, CTA start, kernel boundary).
struct Ev {
  scord_event e{};
  unsigned n = 0;  // lanes
  std::array<uint64_t, kLanes> addr{};
};

// Lanes of two runs may share one event when the header the C tracker gave them agrees
// (rtlport::same_instruction) and so do the fields the RTL tracker decodes (the atomic's op,
// operands and result: its lock effect).
bool same_fields(const scord_event &a, const scord_event &b) {
  return a.type == b.type && a.scope == b.scope && a.op == b.op && a.is_volatile == b.is_volatile &&
         a.has_cmp == b.has_cmp && a.has_val == b.has_val && a.has_old == b.has_old && a.cmp == b.cmp &&
         a.val == b.val && a.old == b.old;
}

class LineEngine final : public DetectorEngine {
 public:
  LineEngine(const scord_params &p, const EngineOpts &o, LineSink *sink)
      : p_(p), opts_(o), sink_(sink), ctx_(new VerilatedContext) {
    scord_layout_init(&lay_, &p_);
    scord_params_default(&d_);
    scord_layout_init(&rtl_lay_, &d_);
    same_layout_ = memcmp(&lay_, &rtl_lay_, sizeof lay_) == 0;
    const unsigned index_bits = scord_clog2(d_.heap_bytes / d_.granule / d_.md_ratio);
    sline_bits_ = index_bits - scord_clog2(kEntries) - scord_clog2(kSlices);
    slot_bits_ = std::max(1u, scord_clog2(kOutstanding));
    {
      std::vector<const char *> av{"scord-sim"};
      for (auto &a : o.plusargs) av.push_back(a.c_str());
      ctx_->commandArgs((int)av.size(), av.data());
    }
    ctx_->timeprecision(-12);
    // The file is checked now; it opens at the first clock, after SystemC's elaboration.
    if (!o.vcd.empty()) {
      ctx_->traceEverOn(true);
      wave_ = std::make_unique<Waveform>(o.vcd);
      wave_->window(o.trace_from, o.trace_to);
    }
    m_.reset(new Vscord_top(ctx_.get(), "scord_top"));
    Vscord_top *t = m_.get();
    t->clk_i = 0;
    t->ev_valid_i = 0;
    t->merge_en_i = 0;
    rtlport::zero(t->ev_addr_i);
    rtlport::zero(t->mem_rsp_tag_i);
    rtlport::zero(t->mem_rsp_data_i);
    t->ev_lane_valid_i = 0;
    // The race ring (docs/race_ring.md): 4,096 records; the host reads every record the cycle
    // after the memory took it, so it never fills; the writes go through the L2 (ring_write).
    ring_.init(kRingBase, kRingLog2);
    t->ring_base_i = kRingBase;
    t->ring_size_log2_i = kRingLog2;
    t->ring_head_i = 0;
    t->ring_wr_ready_i = 1;
    t->mem_rd_ready_i = (1u << kSlices) - 1;
    t->mem_wr_ready_i = (1u << kSlices) - 1;
    t->mem_rsp_valid_i = 0;
    t->mem_clr_ready_i = 1;
    rtlport::reset([t](bool clk, bool rst_n) {
      t->clk_i = clk;
      t->rst_ni = rst_n;
      t->eval();
    });
  }
  ~LineEngine() override {
    wave_.reset();  // closed before the model it traces goes
    m_->final();
  }
  const char *name() const override { return "rtl"; }
  bool self_timed() const override { return true; }
  void set_timer(MdTimer *t) override { timer_ = t; }
  void context(const EvCtx &c) override { cur_ = c; }
  void begin_packet(uint64_t t) override { advance_to(t); }
  uint64_t end_packet() override {
    flush();
    return now_;
  }
  void access(const scord_access &x, std::vector<MdTouch> &) override {
    // Other instruction fields or a full packet end the event being gathered.  The runs of
    // one coalesced request (one interconnect packet, one instruction: tlm/payload.h DetRun)
    // share one event, as the request's lanes would in hardware.
    if (pk_.n && (pk_.n == kLanes || !rtlport::same_instruction(pa_, x) || !same_fields(pk_.e, cur_.ev))) flush();
    if (!pk_.n) {
      pk_.e = cur_.ev;
      pa_ = x;
    }
    pk_.addr[pk_.n++] = x.addr;
    lanes_++;
  }
  void fence(unsigned sm, unsigned warp, scord_scope scope) override {
    flush();
    release_notes(sm);
    Ev f;
    f.e = cur_.ev;
    f.e.type = SCORD_EV_FENCE;
    f.e.sm = (uint16_t)sm;
    f.e.warp = (uint16_t)warp;
    f.e.scope = (uint8_t)scope;
    feed(f);
  }
  // A barrier or CTA start waits for its SM's next packet (or the kernel boundary): its tracker
  // applies it in the SM's program order, and the events of other SMs, whose order against it
  // follows the SMs' threads (the quantum), do not see it on the bus.
  void tracker_event(const scord_event &ev) override {
    flush();
    if (ev.sm >= notes_.size()) notes_.resize(ev.sm + 1u);
    Ev b;
    b.e = ev;
    notes_[ev.sm].push_back(b);
  }
  void kernel_reset() override {
    flush();
    for (unsigned sm = 0; sm < notes_.size(); sm++) release_notes(sm);
    advance_to(cur_.cycle);
    Ev k;
    k.e.type = SCORD_EV_KERNEL;
    feed(k);
  }
  bool pop_race(scord_race &r) override {
    if (races_.empty()) return false;
    r = races_.front();
    races_.pop_front();
    return true;
  }
  uint64_t overflow() const override { return m_->race_overflow_o; }
  uint64_t drain(uint64_t t) override {
    flush();
    advance_to(t);
    const uint64_t start = now_;
    while (!quiet()) {
      step();
      if (now_ - start > kWatchdog) fail("the RTL made no progress for 50M cycles while draining");
    }
    return now_;
  }
  void finish() override {
    flush();
    if (wave_) wave_->start(m_.get());
    drain(now_);
    if (wave_) wave_->flush();
  }
  uint64_t clock() const override { return now_; }
  uint64_t evaluated() const override { return stepped_; }

  // For the comparator.
  uint64_t cycles() const { return now_; }
  const scord_layout &layout() const { return lay_; }
  const std::unordered_map<uint64_t, MdLine> &store() const { return store_; }
  uint64_t to_run(uint64_t w) const {
    if (same_layout_) return w;
    scord_md m;
    scord_md_decode(&rtl_lay_, w, &m);
    return scord_md_encode(&lay_, &m);
  }
  [[noreturn]] void fail(const std::string &why) {
    throw SimError(kExitModel, "line-rate RTL engine: " + why + " (RTL cycle " + std::to_string(now_) + ")");
  }
  // The waveform, when one was asked for and has started (divergence reports name it).
  const Waveform *waveform() const { return wave_ && wave_->started() ? wave_.get() : nullptr; }
  std::string waveform_path() const override { return waveform() ? waveform()->path() : std::string(); }

 private:
  struct Rsp {
    uint64_t due, seq;
    unsigned tag;
    MdLine data;
  };
  struct Slice {
    std::vector<Rsp> pend;  // reads taken, not yet answered
    bool rsp_on = false;
    Rsp cur{};
  };

  // Offer the gathered access event, if any.
  void flush() {
    if (pk_.n == 0) return;
    Ev a = pk_;
    a.e.n = (uint8_t)a.n;
    pk_.n = 0;
    release_notes(a.e.sm);
    feed(a);
  }
  // SM sm's waiting barriers and CTA starts go on the bus ahead of its next event.
  void release_notes(unsigned sm) {
    if (sm >= notes_.size()) return;
    for (const Ev &b : notes_[sm]) evq_.push_back(b);
    notes_[sm].clear();
  }

  // Queue event e behind those still waiting and clock the RTL until its tracker (every
  // tracker, for a kernel boundary) has taken it.
  void feed(const Ev &e) {
    evq_.push_back(e);
    const uint64_t start = now_;
    while (!evq_.empty()) {
      step();
      if (now_ - start > kWatchdog) fail("a tracker's event channel was not ready for 50M cycles");
    }
    packets_++;
  }

  // This cycle's event beat: the oldest waiting event to its SM's tracker; a kernel boundary to
  // every tracker at once (each valid held until that tracker takes it; then the host's packet),
  // as the host would broadcast it.  The merge is enabled for the oldest packet
  // not yet taken.  Returns whether a beat is shown.
  bool show_inputs(Vscord_top *t) {
    bool shown = false;
    t->ev_valid_i = 0;
    if (!evq_.empty()) {
      Ev &e = evq_.front();
      const bool kernel = e.e.type == SCORD_EV_KERNEL;
      if (!ev_put_) {
        rtlport::put_event_lanes(t, e.e, e.addr.data(), e.n);
        ev_put_ = true;
        new_event_ = true;
        if (kernel) merge_.push_back((uint16_t)d_.num_sms);  // the host: merge source NumSms
        else if (e.e.type <= SCORD_EV_FENCE) merge_.push_back(e.e.sm);
        kmask_ = (1u << d_.num_sms) - 1;
      }
      t->ev_valid_i = kernel ? kmask_ : 1u << e.e.sm;
      shown = true;
    }
    t->merge_en_i = !merge_.empty();
    t->merge_sel_i = merge_.empty() ? 0 : merge_.front();
    return shown;
  }
  // Advance the event and merge queues by the handshakes of this cycle (after its evaluation).
  void take_inputs(Vscord_top *t, bool shown) {
    if (shown && (t->ev_ready_o & t->ev_valid_i)) {
      Ev &e = evq_.front();
      const bool kernel = e.e.type == SCORD_EV_KERNEL;
      if (kernel) kmask_ &= ~(unsigned)(t->ev_ready_o & t->ev_valid_i);
      if (!kernel || kmask_ == 0) {
        ev_put_ = false;
        evq_.pop_front();
      }
    }
    if (t->det_in_valid_o && t->det_in_ready_o) {
      if (merge_.empty()) fail("the detector took a packet no event sent");
      merge_.pop_front();
    }
  }

  bool reads_out() const {
    for (const Slice &s : sl_)
      if (!s.pend.empty() || s.rsp_on) return true;
    return false;
  }
  bool quiet() const {
    return m_->idle_o && !m_->ring_wr_valid_o && ring_.unread(m_->ring_tail_o) == 0 && !m_->mem_clr_valid_o &&
           evq_.empty() && merge_.empty() && !reads_out();
  }
  uint64_t next_due() const {
    uint64_t d = ~0ull;
    for (const Slice &s : sl_) {
      if (s.rsp_on) return now_;
      for (const Rsp &r : s.pend) d = std::min(d, r.due);
    }
    return d;
  }

  // Run the clock up to cycle t.  An idle RTL, or one that has had no handshake for kSkipAfter
  // cycles while reads are out, is frozen until the next input: the clock jumps.
  void advance_to(uint64_t t) {
    while (now_ < t) {
      if (quiet()) {
        now_ = t;
        break;
      }
      uint64_t nd = next_due();
      if (skip_ && idle_run_ >= kSkipAfter && nd != ~0ull && nd > now_) {
        skipped_ += std::min(t, nd) - now_;
        now_ = std::min(t, nd);
        continue;
      }
      step();
    }
  }

  MdLine &line_of(uint64_t g) {
    auto it = store_.find(g);
    if (it == store_.end()) {
      MdLine l;
      l.fill(SCORD_MD_INIT);
      it = store_.emplace(g, l).first;
    }
    return it->second;
  }

  // One clock cycle.
  void step() {
    if (wave_) wave_->start(m_.get());
    stop_if_requested(now_, wave_.get());
    Vscord_top *t = m_.get();
    const bool shown = show_inputs(t);
    // Read data due by now, the earliest first, one per slice and cycle.
    uint32_t rsp_v = 0;
    for (unsigned s = 0; s < kSlices; s++) {
      Slice &sl = sl_[s];
      if (!sl.rsp_on && !sl.pend.empty()) {
        size_t best = sl.pend.size();
        for (size_t i = 0; i < sl.pend.size(); i++) {
          const Rsp &r = sl.pend[i];
          if (r.due > now_) continue;
          if (best == sl.pend.size() || r.due < sl.pend[best].due ||
              (r.due == sl.pend[best].due && r.seq < sl.pend[best].seq))
            best = i;
        }
        if (best != sl.pend.size()) {
          sl.cur = sl.pend[best];
          sl.pend[best] = sl.pend.back();
          sl.pend.pop_back();
          sl.rsp_on = true;
          rtlport::put_bits(t->mem_rsp_tag_i, s * slot_bits_, slot_bits_, sl.cur.tag);
          rtlport::put_line(t->mem_rsp_data_i, s, sl.cur.data);
        }
      }
      rsp_v |= (uint32_t)sl.rsp_on << s;
    }
    t->mem_rsp_valid_i = rsp_v;
    // The clock-low eval() is left out when no input of the trackers or the merge changed since
    // the last eval() (docs/cosim.md "One evaluation per cycle"): the outputs sampled below
    // are then settled, and the assertions' sampled values are the inputs at this edge.
    const bool one = opts_.one_eval && !wave_ && !new_event_ && t->ev_valid_i == eval_valid_ &&
                     t->merge_sel_i == eval_sel_ && t->merge_en_i == eval_en_;
    new_event_ = false;
    eval_valid_ = t->ev_valid_i;
    eval_sel_ = t->merge_sel_i;
    eval_en_ = t->merge_en_i;
    rtlport::fall(t, one);
    if (wave_) wave_->dump(now_ * 1000, now_);

    bool active = (shown && (t->ev_ready_o & t->ev_valid_i)) || (t->det_in_valid_o && t->det_in_ready_o);
    take_inputs(t, shown);
    if (t->ring_wr_valid_o) {  // ring_wr_ready_i is always high: written now
      ring_.write(t->ring_wr_addr_o, t->ring_wr_data_o);
      if (!ring_.error.empty()) fail("race ring: " + ring_.error);
      if (timer_) timer_->ring_write(t->ring_wr_addr_o, now_);
      active = true;
    }
    for (unsigned s = 0; s < kSlices; s++) {
      Slice &sl = sl_[s];
      if (t->mem_wr_valid_o >> s & 1) {  // posted, applied before a read of the same cycle
        uint64_t g = rtlport::get_bits(t->mem_wr_line_o, s * sline_bits_, sline_bits_) * kSlices + s;
        uint32_t mask = (uint32_t)rtlport::get_bits(t->mem_wr_mask_o, s * kEntries, kEntries);
        MdLine data = rtlport::get_line(t->mem_wr_data_o, s);
        MdLine &ml = line_of(g);
        for (unsigned e = 0; e < kEntries; e++)
          if (mask >> e & 1) {
            if (++nwb_ == inj_wb_) data[e] ^= 1ull << 40;  // fault injection (comparator test)
            ml[e] = data[e];
            if (sink_) sink_->on_write(g * kEntries + e, to_run(data[e]), now_);
          }
        if (timer_) timer_->md_access(g * kEntries, true, now_);
        active = true;
      }
      if (t->mem_rd_valid_o >> s & 1) {
        Rsp r;
        r.tag = (unsigned)rtlport::get_bits(t->mem_rd_tag_o, s * slot_bits_, slot_bits_);
        uint64_t g = rtlport::get_bits(t->mem_rd_line_o, s * sline_bits_, sline_bits_) * kSlices + s;
        r.data = line_of(g);
        r.due = std::max(now_ + 1, timer_ ? timer_->md_access(g * kEntries, false, now_) : now_ + 1);
        r.seq = rseq_++;
        sl.pend.push_back(r);
        active = true;
      }
      if (sl.rsp_on && (t->mem_rsp_ready_o >> s & 1)) {
        sl.rsp_on = false;
        active = true;
      }
    }
    if (t->mem_clr_valid_o) {  // mem_clr_ready_i is always high: taken now
      if (reads_out()) fail("the kernel clear was offered with a metadata read in flight");
      if (sink_) sink_->on_clear(store_, now_);
      store_.clear();
      active = true;
    }
    rtlport::edge(t, one);
    if (wave_) wave_->dump(now_ * 1000 + 500, now_);
    if (ctx_->gotFinish() || ctx_->gotError()) fail("the RTL stopped ($finish or a simulation assertion)");
    // The host reads the records written up to this edge; its head is the RTL's next input.
    if (ring_.unread(t->ring_tail_o)) {
      size_t from = ring_rd_.size();
      ring_.read(t->ring_tail_o, ring_rd_);
      if (!ring_.error.empty()) fail("race ring: " + ring_.error);
      for (size_t i = from; i < ring_rd_.size(); i++)
        if (++nrace_ != inj_race_) {  // the fault injection of the comparator test drops it
          if (sink_) sink_->on_race(ring_rd_[i], now_);
          races_.push_back(ring_rd_[i]);
        }
      ring_rd_.clear();
      t->ring_head_i = ring_.head;
      active = true;
    }
    idle_run_ = active ? 0 : idle_run_ + 1;
    now_++;
    stepped_++;
  }

  scord_params p_, d_;
  scord_layout lay_{}, rtl_lay_{};
  bool same_layout_ = true;
  bool skip_ = getenv("SCORD_LINE_NO_SKIP") == nullptr;  // test cosim/line_skip_equal
  // Test cosim/line_comparator: SCORD_LINE_INJECT=wb:N corrupts the N-th entry written back
  // (as a broken write path would), race:N drops the N-th race record.
  uint64_t inj_wb_ = inject("wb:"), inj_race_ = inject("race:"), nwb_ = 0, nrace_ = 0;
  static uint64_t inject(const char *what) {
    const char *v = getenv("SCORD_LINE_INJECT");
    size_t n = strlen(what);
    if (!v || strncmp(v, what, n) != 0) return 0;
    uint64_t k = 0;
    if (scord_parse_u64(v + n, &k) != 0 || k == 0)
      throw SimError(kExitInput, std::string("SCORD_LINE_INJECT=") + v + ": expected wb:N or race:N with N >= 1");
    return k;
  }
  unsigned sline_bits_ = 0, slot_bits_ = 0;
  EngineOpts opts_;
  LineSink *sink_;
  MdTimer *timer_ = nullptr;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vscord_top> m_;
  std::unique_ptr<Waveform> wave_;  // --trace FILE
  std::unordered_map<uint64_t, MdLine> store_;  // global line -> its 16 entries (RTL layout)
  std::array<Slice, kSlices> sl_{};
  std::deque<scord_race> races_;
  static constexpr uint64_t kRingBase = 1ull << 40;  // aligned to the ring's size
  static constexpr unsigned kRingLog2 = 12;
  rtlport::RingHost ring_;
  std::vector<scord_race> ring_rd_;
  Ev pk_;            // the access event being gathered
  scord_access pa_{};  // its first lane, as the C tracker gave it (rtlport::same_instruction)
  std::deque<Ev> evq_;           // events not yet taken by their tracker, oldest first
  std::vector<std::vector<Ev>> notes_;  // per SM: barriers and CTA starts not yet released
  std::deque<uint16_t> merge_;   // the merge's sources, in event order (num_sms: the host)
  bool ev_put_ = false;          // evq_.front() is on the bus
  unsigned kmask_ = 0;           // a kernel boundary: the trackers that have not taken it
  EvCtx cur_{};
  uint64_t now_ = 0, idle_run_ = 0, rseq_ = 0, skipped_ = 0, lanes_ = 0, packets_ = 0, stepped_ = 0;
  // The inputs at the last eval(): its outputs are settled for them.
  unsigned eval_valid_ = 0, eval_sel_ = 0, eval_en_ = 0;
  bool new_event_ = false;  // an event's fields were put on the bus since the last eval()
};

// --detector=both: the C model decides at call time; the RTL's outputs are checked as
// they leave it (see the file header).
class LineBothEngine final : public DetectorEngine, public LineSink {
 public:
  LineBothEngine(const scord_params &p, const EngineOpts &o) : opts_(o) {
    obs_.ctx = this;
    obs_.write = [](void *c, uint64_t i, uint64_t v) {
      auto *e = static_cast<LineBothEngine *>(c);
      e->cmp_.want_value(i, v, e->cur_.stream_line);
    };
    obs_.reset = [](void *c) { static_cast<LineBothEngine *>(c)->cmp_.want_kernel(); };
    ref_ = make_ref_engine(p, &obs_);
    rtl_.reset(new LineEngine(p, o, this));
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
    while (ref_->pop_race(r)) cmp_.want_race(r, cur_);
    rtl_->access(x, md);
  }
  void fence(unsigned sm, unsigned warp, scord_scope scope) override {
    ref_->fence(sm, warp, scope);
    rtl_->fence(sm, warp, scope);
  }
  void tracker_event(const scord_event &ev) override { rtl_->tracker_event(ev); }
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
    if (cmp_.kernels_pending() != 0)
      diverge("kernel metadata clear", nullptr, rtl_->cycles(),
              std::to_string(cmp_.kernels_pending()) + " more kernel boundary clear(s)", "none (the RTL finished)");
    compare_store(rtl_->store(), "at the end of the run");
    if (!cmp_.races_left().empty()) {
      const auto &first = *cmp_.races_left().begin();
      diverge("race record", &first.second, rtl_->cycles(),
              fmt(first.first) + " (and " + std::to_string(cmp_.races_left().size() - 1) + " more)",
              "nothing (the RTL finished without this race)");
    }
    if (ref_->overflow() != rtl_->overflow())
      diverge("race overflow counter", nullptr, rtl_->cycles(), std::to_string(ref_->overflow()),
              std::to_string(rtl_->overflow()));
    printf("# both: equal to the C model: %" PRIu64 " races, %" PRIu64 " metadata entry write-backs, %" PRIu64
           " kernel boundaries (whole metadata compared at each and at the end)\n",
           races_, writes_, clears_);
  }

  // LineSink.
  void on_write(uint64_t index, uint64_t value, uint64_t rc) override {
    writes_++;
    auto w = cmp_.got_write(index, value);
    if (w.ok) return;
    std::string want = "(the C model leaves it at " + (w.last ? fields(w.last->value) : std::string("the initial value")) + ")";
    EvCtx c{};
    if (w.next) {
      want = "next value " + hex(w.next->value) + " (" + fields(w.next->value) + ") written at vector line " +
             std::to_string(w.next->ctx) + " of the detector stream";
      c.stream_line = w.next->ctx;
    }
    diverge("metadata write-back", w.next ? &c : nullptr, rc, "entry " + hex(index) + ": " + want,
            "entry " + hex(index) + ": " + hex(value) + " (" + fields(value) + ")");
  }
  void on_clear(const std::unordered_map<uint64_t, MdLine> &store, uint64_t rc) override {
    if (cmp_.kernels_pending() == 0)
      diverge("kernel metadata clear", nullptr, rc, "no kernel boundary pending", "clear of the whole metadata");
    compare_store(store, "at kernel boundary " + std::to_string(clears_ + 1));
    cmp_.got_clear();
    clears_++;
  }
  void on_race(const scord_race &r, uint64_t rc) override {
    if (!cmp_.got_race(r)) diverge("race record", nullptr, rc, "no such race (or already reported)", fmt(r));
    races_++;
  }

 private:
  static std::string fmt(const scord_race &r) {
    char b[512];
    scord_race_format(&r, b, sizeof b);
    return b;
  }
  std::string fields(uint64_t v) const {
    char b[512];
    scord_md_format(&rtl_->layout(), v, b, sizeof b);
    return b;
  }
  // The RTL's metadata (store) against the C model's final values of the oldest open kernel.
  void compare_store(const std::unordered_map<uint64_t, MdLine> &store, const std::string &when) {
    auto d = cmp_.compare_store(
        [&](auto visit) {
          for (const auto &kv : store)
            for (unsigned e = 0; e < kEntries; e++) visit(kv.first * kEntries + e, rtl_->to_run(kv.second[e]));
        },
        [&](uint64_t i) { return store.count(i / kEntries) != 0; });
    if (d.count)
      diverge("metadata", nullptr, rtl_->cycles(),
              "entry " + hex(d.index) + " " + when + ": " + hex(d.want) + " (" + fields(d.want) + ")",
              hex(d.rtl) + " (" + fields(d.rtl) + "); " + std::to_string(d.count) + " entries differ in all");
  }
  // The divergence report (docs/cosim.md), thrown as a SimError (exit 1); the run closes the
  // waveform before the report is printed.
  [[noreturn]] void diverge(const char *what, const EvCtx *cref, uint64_t rc, const std::string &cmodel,
                            const std::string &rtl) {
    std::string report = report_text([&](FILE *f) {
      fprintf(f, "CO-SIMULATION DIVERGENCE in %s (line-rate RTL vs C model, --detector=both)\n", what);
      fprintf(f, "  RTL clock cycle: %" PRIu64 "; compared so far: %" PRIu64 " entry write-backs, %" PRIu64
                 " races, %" PRIu64 " kernel boundaries\n",
              rc, writes_, races_, clears_);
      if (cref && cref->ev.type <= SCORD_EV_KERNEL && cref->cycle) {
        fprintf(f, "  C model event: simulated cycle %" PRIu64 ": ", cref->cycle);
        scord_event_write(f, &cref->ev);
      }
      if (cref && cref->stream_line)
        fprintf(f, "  vector line: %" PRIu64 " of the detector stream (scord-sim --dump-vectors FILE, same options)\n",
                cref->stream_line);
      fprintf(f, "  C model: %s\n", cmodel.c_str());
      fprintf(f, "  RTL:     %s\n", rtl.c_str());
      if (const Waveform *w = rtl_->waveform())
        fprintf(f, "  waveform: %s (flushed; RTL cycle %" PRIu64 " is at %" PRIu64 " ns)", w->path().c_str(), rc, rc);
      else
        fprintf(f, "  waveform: none (rerun with --trace FILE.fst)");
    });
    if (report.empty()) report = std::string("CO-SIMULATION DIVERGENCE in ") + what + " (no memory for the report)";
    throw SimError(kExitModel, report);
  }

  EngineOpts opts_;
  scord_mdport obs_{};
  std::unique_ptr<DetectorEngine> ref_;
  std::unique_ptr<LineEngine> rtl_;
  // The C model's races (with their events) and metadata values (with their vector lines),
  // per kernel; the RTL's outputs checked against them (rtlport::Unordered, shared with
  // test_line_detector).
  rtlport::Unordered<EvCtx, uint64_t> cmp_;
  std::vector<MdTouch> scratch_;
  EvCtx cur_{};
  uint64_t writes_ = 0, races_ = 0, clears_ = 0;
};

}  // namespace

// The engine names: "rtl" the Verilated scord_top alone, its clock and metadata
// traffic timing the system; "both" the same RTL checked against the C model.
bool engine_supported(const std::string &name, const scord_params &p, std::string &why) {
  if (name == "ref") return true;
  if (name != "rtl" && name != "both") {
    why = "--detector=" + name + ": unknown engine (off, ref, rtl, both)";
    return false;
  }
  uint64_t want = 0;
  const char *bad = line_param_mismatch(p, want);
  if (!bad) return true;
  uint64_t have = 0;
#define SCORD_X_GET(pname, def, lo, hi, der, doc) \
  if (!strcmp(bad, #pname)) have = p.pname;
  SCORD_PARAM_LIST(SCORD_X_GET)
#undef SCORD_X_GET
  why = "--detector=" + name + ": the RTL was verilated for the default detector parameters (detector.md section 1) " +
        "and this run sets " + bad + "=" + std::to_string(have) + " (RTL: " + std::to_string(want) +
        "); use --detector=ref for other parameters";
  return false;
}

std::unique_ptr<DetectorEngine> make_engine(const std::string &name, const scord_params &p, const EngineOpts &o,
                                            std::string &why) {
  if (!engine_supported(name, p, why)) return nullptr;
  if (name == "ref") return make_ref_engine(p);
  try {
    if (name == "rtl") return std::make_unique<LineEngine>(p, o, nullptr);
    return std::make_unique<LineBothEngine>(p, o);
  } catch (const std::exception &e) {
    why = e.what();
    return nullptr;
  }
}
