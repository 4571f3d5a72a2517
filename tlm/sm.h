// sm.h -- one streaming multiprocessor of the TLM GPU model: runs the warps of the CTAs the
// block scheduler gives it (CtasPerSm slots, WarpsPerSm warps), issues one instruction per
// cycle per warp scheduler (sm_schedulers; the ready warp that has waited longest, or
// greedy-then-oldest with sm_gto), coalesces lanes into line requests, has a
// private L1 (write-evict for global stores; atomics and volatile accesses bypass it), makes
// the warps of a CTA wait at barriers, and holds the ScoRD SM tracker (lock tables, bloom,
// barrier counters: scord_tracker of the C model). Loosely-timed with temporal decoupling:
// the SM runs ahead of SystemC time by up to `quantum` cycles (docs/tlm.md).
#pragma once
#include <array>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include <vector>

#include "payload.h"
#include "resource.h"
#include "sim_config.h"
#include "sm_host.h"
#include "stats.h"
#include "trace.h"

class Sm : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<Sm> isock;
  SC_HAS_PROCESS(Sm);
  Sm(sc_core::sc_module_name n, unsigned id, CtaScheduler &sched, SyncCounters &sync, const SimConfig &c, Stats &st);
  // Detection on: build the ScoRD side-band and report tracker-only events to `o`.
  void observe(TrackerObserver *o) { obs_ = o; }
  ~Sm() override;
  // Kernel boundary: lock tables and barrier counters (detector.md section 7).
  void kernel_reset();
  // Trace line of one warp blocked in `wait` (for the deadlock message), 0 if none.
  bool blocked_wait(uint32_t &line, uint64_t &id, uint64_t &count) const;

 private:
  enum WState : uint8_t { FREE, ACTIVE, AT_BAR, AT_WAIT, DONE };
  struct Warp {
    const std::vector<Instr> *code = nullptr;
    size_t ip = 0;
    uint64_t ready = 0, store_done = 0, load_done = 0;
    // Scoreboard: the cycle each register's data is back (0: never written), and the latest
    // of them (the warp ends after its last `dst` load).
    std::array<uint64_t, kTraceRegs> reg{};
    uint64_t reg_done = 0;
    uint64_t spin_tries = 0;  // failed tries of the current polling instruction
    uint64_t spin_lead = 0;   // its last try: issue to the L2 (the next try's estimate)
    WState st = FREE;
    uint8_t slot = 0;
    uint64_t age = 0;  // launch order in this SM (greedy-then-oldest's "oldest")
  };
  struct Slot {
    bool used = false;
    uint64_t cta = 0;
    uint16_t first = 0, nwarps = 0, live = 0, at_bar = 0;
    uint64_t bar_t = 0, bar_pc = 0, done_t = 0;
  };
  struct L1Way {
    uint64_t tag = 0, stamp = 0, ready = 0;
    bool valid = false;
  };

  void run();
  void run_kernel();
  int pick() const;
  static bool touches_shared(Op op);
  sc_core::sc_time turn_delay(uint64_t cycle) const;
  uint64_t turn_slot(uint64_t cycle) const;
  uint64_t wake_cycle() const;
  bool sleep_until(uint64_t r);
  void execute(unsigned wi);
  void mem(unsigned wi, const Instr &in, const Spin *failed = nullptr);
  bool spin_try(unsigned wi, const Instr &in);
  void try_launch(uint64_t t);
  void maybe_finish(unsigned wi);
  void finish_warp(unsigned wi);
  void check_barrier(unsigned slot);
  bool check_waits();
  void sync();
  void stop_if_requested() const;
  bool need_sync();
  uint64_t send(PktKind k, uint64_t addr, uint64_t t, bool side, const DetRun *runs, uint32_t nruns,
                uint32_t data_bytes, uint32_t resp_bytes, uint32_t lanes, bool timed);
  L1Way *l1_find(uint64_t line);
  void l1_invalidate() {  // every line (a kernel boundary, an acquire beyond the CTA)
    for (L1Way &l : l1_) l.valid = false;
  }
  L1Way *l1_victim(uint64_t line);
  // first_req/last_req: the request is the instruction's first/last (where its release/acquire go).
  void build_runs(unsigned wi, const Instr &in, const uint64_t *addr, const uint32_t *old, const uint8_t *lane, unsigned n,
                  bool first_req, bool last_req);

  // Warp schedulers (sm_schedulers): the cycle each can issue next, and the warp it issued
  // last (-1: none); warp w belongs to scheduler w mod sm_schedulers.
  std::vector<uint64_t> sched_free_;
  std::vector<int> sched_last_;
  uint64_t launch_seq_ = 0;
  int pick_gto() const;

  const unsigned id_;
  CtaScheduler &sched_;
  SyncCounters &sync_;
  TrackerObserver *obs_ = nullptr;  // null: detection off
  const SimConfig &c_;
  Stats &st_;
  scord_tracker *tr_ = nullptr;
  const Kernel *k_ = nullptr;
  std::vector<Warp> warps_;
  std::vector<Slot> slots_;
  std::vector<L1Way> l1_;
  uint64_t l1_sets_, l1_clock_ = 0;
  uint64_t now_ = 0;
  tlm_utils::tlm_quantumkeeper qk_;  // local lead over SystemC time (global quantum: Gpu)
  unsigned live_warps_ = 0;
  unsigned waiting_ = 0;        // warps AT_WAIT: while any, the SM issues nothing ahead of its turn
  bool more_ctas_ = true;
  unsigned wave_j_ = 0;  // next index into this SM's first-wave CTAs
  bool launch_pending_ = false;  // a slot was freed: launch from the issue loop (no recursion)
  uint64_t launch_t_ = 0;
  uint64_t last_done_ = 0;  // latest CTA completion in this kernel
  uint64_t seen_signal_gen_ = 0;
  Resource ldst_;
  // L1 miss queue and MSHRs (enter_miss_queue): when each entry is free again.
  std::vector<uint64_t> mq_, mshr_;
  uint64_t mq_n_ = 0;
  uint64_t *mshr_pick_ = nullptr;
  uint64_t performed_ = 0;  // the last request's cycle at the L2 (ScordExt::performed), 0 if none
  uint64_t lead_ = 0;       // that less its instruction's issue cycle: a poll's estimate
  uint64_t enter_miss_queue(uint64_t rt, bool fill);
  void left_queue(uint64_t r);
  tlm::tlm_generic_payload gp_;
  ScordExt ext_;
  std::vector<DetRun> runs_;
};
