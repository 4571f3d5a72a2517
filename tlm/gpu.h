// gpu.h -- the top of the TLM GPU model: SMs, interconnect, L2 slices, DRAM channels and the
// race detector wired with TLM sockets; the kernel sequencer and the block scheduler (CTAs in
// id order onto free slots), `signal`/`wait` counters, progress reporting and deadlock checks.
#pragma once
#include <chrono>
#include <exception>
#include <cstdio>
#include <memory>
#include <string>
#include <systemc>
#include <unordered_map>
#include <vector>

#include "detector.h"
#include "memsys.h"
#include "sim_config.h"
#include "sm.h"
#include "sm_host.h"
#include "stats.h"
#include "trace.h"

class Gpu : public sc_core::sc_module, public CtaScheduler, public SyncCounters {
 public:
  SC_HAS_PROCESS(Gpu);
  // eng: the detector's engine (nullptr: detection off), owned by the caller for the run.
  Gpu(sc_core::sc_module_name n, const SimConfig &c, const Workload &w, Stats &st, DetectorEngine *eng,
      FILE *dump);
  ~Gpu() override;

  // --- CtaScheduler and SyncCounters (sm_host.h), used by the SMs ---
  const Kernel *kernel() const override { return cur_; }
  const std::string &source() const override { return w_.name; }
  // Block scheduler. The first wave goes round-robin (CTA c to SM c mod NumSms, as many as
  // fit), later CTAs to whichever SM frees a slot first. j-th CTA of SM `sm`'s first wave:
  bool initial_cta(unsigned sm, unsigned j, uint64_t &id) const override;
  bool next_cta(uint64_t &id) override;
  void sm_finished(uint64_t t) override;
  void sm_blocked(bool on) override;
  void progress(uint64_t now) override;
  void fail(std::exception_ptr e) override;
  const sc_core::sc_event &kernel_start_event() const override { return kernel_start_ev_; }
  void signal(uint64_t id, uint64_t t) override;
  bool signal_reached(uint64_t id, uint64_t count, uint64_t &t) const override;
  uint64_t signal_gen() const override { return signal_gen_; }
  const sc_core::sc_event &signal_event() const override { return signal_ev_; }

  bool finished() const { return finished_; }
  // The first error a simulation thread ended with (nullptr if none); run_sim rethrows it.
  std::exception_ptr error() const { return error_; }
  // SystemC ran out of events before the last kernel ended: throws SimError (exit 2) naming
  // the wait no signal can satisfy.
  [[noreturn]] void report_deadlock();
  RaceDetector *det() { return det_; }
  bool det_on() const { return det_ != nullptr; }
  const std::string &workload_name() const { return w_.name; }

 private:
  void control();
  void control_body();
  sc_core::sc_event kernel_start_ev_, sm_done_ev_, signal_ev_;
  const SimConfig &c_;
  const Workload &w_;
  Stats &st_;
  const Kernel *cur_ = nullptr;
  size_t kidx_ = 0;
  uint64_t next_cta_ = 0, first_wave_ = 0;
  unsigned running_ = 0, blocked_ = 0;
  uint64_t end_t_ = 0;
  std::unordered_map<uint64_t, std::vector<uint64_t>> signals_;  // running max of signal times
  uint64_t signal_gen_ = 0;
  std::vector<Sm *> sms_;
  Interconnect *icnt_ = nullptr;
  L2Memory *mem_ = nullptr;  // L2 slices and DRAM channels
  RaceDetector *det_ = nullptr;
  std::chrono::steady_clock::time_point t0_, last_progress_;
  bool progress_printed_ = false;
  bool finished_ = false;
  std::exception_ptr error_;
};
