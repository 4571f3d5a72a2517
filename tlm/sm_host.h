// sm_host.h -- what an SM needs from the rest of the GPU, as three narrow interfaces, so the
// SM (sm.h) and the top module (gpu.h) do not depend on each other (docs/tlm.md "Modules"):
// the CTA scheduler and kernel sequencer, the cross-SM signal counters of `signal`/`wait`, and
// an observer of tracker-only events.  Gpu implements the first two, RaceDetector the third.
#pragma once
#include <cstdint>
#include <exception>
#include <systemc>

#include "scord/scord.h"
#include "trace.h"

// Kernel sequencing and CTA placement (the block scheduler).
struct CtaScheduler {
  virtual ~CtaScheduler() = default;
  // The running kernel (valid from kernel_start_event() until the SM reports sm_finished).
  virtual const Kernel *kernel() const = 0;
  // The workload's name (a trace file's path), for messages naming a trace line.
  virtual const std::string &source() const = 0;
  // The j-th CTA of SM `sm`'s first wave; later CTAs go to whichever SM frees a slot first.
  virtual bool initial_cta(unsigned sm, unsigned j, uint64_t &id) const = 0;
  virtual bool next_cta(uint64_t &id) = 0;
  // The SM has no CTA left in this kernel; its last warp completed at cycle t.
  virtual void sm_finished(uint64_t t) = 0;
  // The SM waits for a signal (every live warp in `wait`) or goes on (deadlock detection).
  virtual void sm_blocked(bool on) = 0;
  // The SM reached cycle `now` (progress line).
  virtual void progress(uint64_t now) = 0;
  // The SM's thread ended with exception e (a SimError from the detector's engine, an
  // interrupt): stop the simulation and keep the first one for the program (sim_error.h).
  virtual void fail(std::exception_ptr e) = 0;
  virtual const sc_core::sc_event &kernel_start_event() const = 0;
};

// Counters of `signal id` / `wait id count` (docs/trace-format.md "Ordering").
struct SyncCounters {
  virtual ~SyncCounters() = default;
  // Counter `id` grows by one at cycle t.
  virtual void signal(uint64_t id, uint64_t t) = 0;
  // True when counter `id` reached `count`; t = the cycle it did.
  virtual bool signal_reached(uint64_t id, uint64_t count, uint64_t &t) const = 0;
  // Grows with every signal: an SM re-examines its waiting warps when it changed.
  virtual uint64_t signal_gen() const = 0;
  virtual const sc_core::sc_event &signal_event() const = 0;
};

// Tracker-only events (`bar`, `cta`): no detector effect, kept for the dumped arrival stream.
struct TrackerObserver {
  virtual ~TrackerObserver() = default;
  virtual void note(const scord_event &ev) = 0;
};
