// gpu.cc -- top module: wiring, kernel sequencing, block scheduler, signals (see gpu.h).
#include "gpu.h"

#include <algorithm>
#include <cinttypes>
#include <cstdlib>
#include "sim_error.h"

using sc_core::sc_time;

// Build and bind every module; with detection off the detector ports end in stubs.
Gpu::Gpu(sc_core::sc_module_name n, const SimConfig &c, const Workload &w, Stats &st, DetectorEngine *eng,
         FILE *dump)
    : sc_module(n), c_(c), w_(w), st_(st) {
  // The SMs' temporal decoupling (tlm_quantumkeeper) synchronises at multiples of this quantum.
  tlm::tlm_global_quantum::instance().set(sc_time((double)c.quantum, sc_core::SC_NS));
  icnt_ = new Interconnect("icnt", c, st);
  for (unsigned i = 0; i < c.det.num_sms; i++) {
    sms_.push_back(new Sm(("sm" + std::to_string(i)).c_str(), i, *this, *this, c, st));
    sms_.back()->isock.bind(*icnt_->tsock[i]);
  }
  mem_ = new L2Memory(c, st);
  for (size_t i = 0; i < mem_->l2.size(); i++) icnt_->to_l2[i]->bind(mem_->l2[i]->tsock);
  if (eng) {
    det_ = new RaceDetector("detector", c, st, *eng, dump);
    icnt_->to_det.bind(det_->tsock);
    det_->md_sock.bind(*icnt_->tsock[c.det.num_sms]);
    for (Sm *s : sms_) s->observe(det_);  // detection on: side-band, and tracker-only events to it
  } else {
    // Detection off: the detector port is never used; bind it to a sink so elaboration passes.
    struct Sink : sc_core::sc_module, tlm::tlm_fw_transport_if<> {
      tlm::tlm_target_socket<> t{"t"};
      Sink(sc_core::sc_module_name nm) : sc_module(nm) { t.bind(*this); }
      void b_transport(tlm::tlm_generic_payload &, sc_time &) override {}
      tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload &, tlm::tlm_phase &, sc_time &) override {
        return tlm::TLM_COMPLETED;
      }
      bool get_direct_mem_ptr(tlm::tlm_generic_payload &, tlm::tlm_dmi &) override { return false; }
      unsigned transport_dbg(tlm::tlm_generic_payload &) override { return 0; }
    };
    auto *sink = new Sink("no_detector");
    icnt_->to_det.bind(sink->t);
    struct Src : sc_core::sc_module {
      tlm_utils::simple_initiator_socket<Src> i{"i"};
      Src(sc_core::sc_module_name nm) : sc_module(nm) {}
    };
    auto *src = new Src("no_md");
    src->i.bind(*icnt_->tsock[c.det.num_sms]);
  }
  SC_THREAD(control);
}

Gpu::~Gpu() {}

bool Gpu::initial_cta(unsigned sm, unsigned j, uint64_t &id) const {
  uint64_t c = (uint64_t)j * sms_.size() + sm;
  if (!cur_ || c >= first_wave_) return false;
  id = c;
  return true;
}

bool Gpu::next_cta(uint64_t &id) {
  if (!cur_ || next_cta_ >= cur_->grid) return false;
  id = next_cta_++;
  return true;
}

// An SM has no CTA left in this kernel (local time t).
void Gpu::sm_finished(uint64_t t) {
  end_t_ = std::max(end_t_, t);
  running_--;
  if (running_ == 0) sm_done_ev_.notify(sc_core::SC_ZERO_TIME);
}

// `signal id` reached at cycle t: counter id grows by one; blocked SMs look again.  A release's
// signal is posted when the release issues, at the (later) cycle the L2 performs it, so signals
// may come out of time order: the counter reaches N at the N-th earliest of them.
void Gpu::signal(uint64_t id, uint64_t t) {
  auto &v = signals_[id];
  v.insert(std::upper_bound(v.begin(), v.end(), t), t);
  signal_gen_++;
  signal_ev_.notify(sc_core::SC_ZERO_TIME);
}

bool Gpu::signal_reached(uint64_t id, uint64_t count, uint64_t &t) const {
  auto it = signals_.find(id);
  if (it == signals_.end() || it->second.size() < count) return false;
  t = it->second[count - 1];
  return true;
}

void Gpu::sm_blocked(bool on) { blocked_ += on ? 1 : -1; }

// Called when SystemC ran out of events before the last kernel ended: every SM still running
// waits for a signal that nobody can send, an input error (exit status 2).
void Gpu::report_deadlock() {
  if (progress_printed_) fputc('\n', stderr);
  for (Sm *s : sms_) {
    uint32_t line;
    uint64_t id, count;
    if (s->blocked_wait(line, id, count)) {
      auto it = signals_.find(id);
      uint64_t have = it == signals_.end() ? 0 : it->second.size();
      char b[512];
      snprintf(b, sizeof b, "%s:%u: wait id=%" PRIu64 " count=%" PRIu64 " is never satisfied (counter reached %" PRIu64
                            "; every warp is blocked)",
               w_.name.c_str(), line, id, count, have);
      throw SimError(kExitInput, b);
    }
  }
  throw SimError(kExitInput, w_.name + ": simulation stopped before the last kernel ended (internal error)");
}

// A thread's error: the first one is kept; SystemC stops at the end of this delta cycle.
void Gpu::fail(std::exception_ptr e) {
  if (!error_) error_ = e;
  if (progress_printed_) {
    fputc('\n', stderr);
    progress_printed_ = false;
  }
  sc_core::sc_stop();
}

// Progress line on stderr, at most twice a second of wall time.
void Gpu::progress(uint64_t now) {
  if (!c_.progress) return;
  auto t = std::chrono::steady_clock::now();
  if (t - last_progress_ < std::chrono::milliseconds(500)) return;
  last_progress_ = t;
  double s = std::chrono::duration<double>(t - t0_).count();
  fprintf(stderr, "\r[scord-sim] kernel %zu/%zu %-12s cycle %-10" PRIu64 " ctas %" PRIu64 "/%" PRIu64
                  " warp-insts %-11" PRIu64 " %.1fs",
          kidx_ + 1, w_.kernels.size(), cur_ ? cur_->name.c_str() : "", now, next_cta_, cur_ ? cur_->grid : 0,
          st_.warp_insts, s);
  progress_printed_ = true;
}

// Kernel sequencer: reset the detector and trackers (detector.md section 7), start the SMs,
// wait until all are done and SystemC time has reached the last one, next kernel; then stop.
void Gpu::control() {
  try {
    control_body();
  } catch (...) {
    fail(std::current_exception());
  }
}

void Gpu::control_body() {
  t0_ = last_progress_ = std::chrono::steady_clock::now();
  for (kidx_ = 0; kidx_ < w_.kernels.size(); kidx_++) {
    cur_ = &w_.kernels[kidx_];
    uint64_t fit = std::min<uint64_t>(c_.det.ctas_per_sm, c_.det.warps_per_sm / cur_->warps_per_cta);
    first_wave_ = next_cta_ = std::min<uint64_t>(cur_->grid, fit * sms_.size());
    signals_.clear();
    signal_gen_++;
    running_ = (unsigned)sms_.size();
    blocked_ = 0;
    if (det_) det_->kernel(cur_->name);
    for (Sm *s : sms_) s->kernel_reset();
    kernel_start_ev_.notify(sc_core::SC_ZERO_TIME);
    wait(sm_done_ev_);
    wait(delay_to(end_t_));
    // The kernel ends when the detector has checked its last access (docs/tlm.md "Drain"): the
    // next kernel's reset must not overtake it, and the overhead includes the wait.
    if (det_) {
      const uint64_t d = det_->drain(end_t_);
      if (d > end_t_) {
        end_t_ = d;
        wait(delay_to(end_t_));
      }
    }
    st_.kernels++;
  }
  st_.cycles = end_t_;
  {
    // The DRAM channels serve what is left (posted write-backs); the cycles in which any
    // channel's queue was full while its data bus was under half busy (docs/dram.md).
    std::vector<uint64_t> idle;
    for (auto &d : mem_->dram) d->finish(end_t_, idle);
    const uint64_t n = mem_->dram.empty() ? 0 : mem_->dram[0]->to_dram(end_t_);
    uint64_t k = 0;
    for (uint64_t w = 0; w < idle.size(); w++) {
      uint64_t bits = idle[w];
      const uint64_t base = w * DramCtrl::kWin;
      if (base >= n) break;
      if (n - base < 64) bits &= (1ull << (n - base)) - 1;
      k += (uint64_t)__builtin_popcountll(bits);
    }
    st_.dram_stall_idle_cycles = k;
    st_.dram_cycles = n;
  }
  icnt_->report(end_t_);
  {
    double sum = 0, mx = 0, dsum = 0, dmx = 0;
    const auto &l2 = mem_->l2;
    const auto &dram = mem_->dram;
    for (size_t i = 0; i < l2.size(); i++) {
      double u = end_t_ ? (double)l2[i]->tag_busy() / (double)end_t_ : 0.0;
      sum += u; mx = std::max(mx, u);
    }
    for (size_t i = 0; i < dram.size(); i++) {
      double v = end_t_ ? (double)dram[i]->bus_busy() / (double)end_t_ : 0.0;
      dsum += v; dmx = std::max(dmx, v);
    }
    st_.util_mean[Stats::U_L2_TAG] = sum / (double)l2.size();
    st_.util_max[Stats::U_L2_TAG] = mx;
    st_.util_mean[Stats::U_DRAM_BUS] = dsum / (double)dram.size();
    st_.util_max[Stats::U_DRAM_BUS] = dmx;
  }
  finished_ = true;
  if (progress_printed_) fputc('\n', stderr);
  sc_core::sc_stop();
}
