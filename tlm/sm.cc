// sm.cc -- streaming multiprocessor (see sm.h).
#include "sm.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <string>

#include "sim_error.h"

namespace {
constexpr uint32_t kScratch = 4096;  // > 32 lanes x 8 B of operands, and any line
}  // namespace

using sc_core::sc_time;

// Warp and CTA slots, the L1 and the SM tracker for SM `id`.
Sm::Sm(sc_core::sc_module_name n, unsigned id, CtaScheduler &sched, SyncCounters &sync, const SimConfig &c,
       Stats &st)
    : sc_module(n), isock("isock"), id_(id), sched_(sched), sync_(sync), c_(c), st_(st) {
  warps_.resize(c.det.warps_per_sm);
  slots_.resize(c.det.ctas_per_sm);
  l1_sets_ = c.l1_bytes / (c.line_bytes * c.l1_ways);
  l1_.resize(l1_sets_ * c.l1_ways);
  mq_.assign(c.l1_miss_queue, 0);
  mshr_.assign(c.l1_mshrs, 0);
  tr_ = scord_tracker_new(&c.det, id);
  if (!tr_) SC_REPORT_FATAL("scord-sim", "out of memory for the SM tracker");
  gp_.set_extension(&ext_);
  static unsigned char scratch[kScratch];  // payload bytes: timing only, the data is not modelled
  gp_.set_data_ptr(scratch);
  runs_.reserve(64);
  SC_THREAD(run);
}

Sm::~Sm() {
  gp_.clear_extension(&ext_);
  scord_tracker_free(tr_);
}

void Sm::kernel_reset() { scord_tracker_reset(tr_); }

bool Sm::blocked_wait(uint32_t &line, uint64_t &id, uint64_t &count) const {
  for (auto &w : warps_)
    if (w.st == AT_WAIT) {
      const Instr &in = (*w.code)[w.ip];
      line = in.line;
      id = in.addr;
      count = in.stride;
      return true;
    }
  return false;
}

// The SM thread: one kernel after another.  An error (a SimError from the detector's engine,
// an interrupt) goes to the scheduler, which stops the simulation (sim_error.h).
void Sm::run() {
  try {
    for (;;) {
      wait(sched_.kernel_start_event());
      qk_.reset();
      run_kernel();
      sched_.sm_finished(std::max(now_, last_done_));  // the kernel ends when its last warp completes
    }
  } catch (...) {
    sched_.fail(std::current_exception());
  }
}

// Temporal decoupling with TLM-2.0's quantum keeper: the SM's local time is its clock's lead over
// SystemC time; it must synchronise once that reaches the next global-quantum boundary.
bool Sm::need_sync() {
  qk_.set(delay_to(now_));
  return qk_.need_sync();
}

// An interrupt (sim_error.h) seen where the SM waits: the scheduler stops the simulation.
void Sm::stop_if_requested() const {
  if (sim_stop_requested()) throw SimError(kExitInterrupted, "interrupted at cycle " + std::to_string(now_));
}

// Synchronise with SystemC time: wait for the local lead (up to this SM's turn in cycle now_),
// start a new quantum.
void Sm::sync() {
  stop_if_requested();
  qk_.set(turn_delay(now_));
  qk_.sync();
  sched_.progress(now_);
}

// The delay from SystemC time to this SM's turn in cycle now_ (zero once it has come).  Within a
// cycle (cycle_unit() time units, 1,000 ps) the SMs act at sub-cycle slots 1..num_sms in an order
// that rotates with the cycle (round-robin priority): so accesses of one cycle reach shared state
// in an order fixed by the cycle alone, not by the order in which the SystemC kernel happens to
// wake equal-time processes, which changes with the quantum (docs/tlm.md "Time order").  Slot 0
// is left to the GPU's kernel control, which acts at whole cycles (the RTL engines have no
// process of their own: they advance inside the calls).
sc_time Sm::turn_delay(uint64_t cycle) const {
  const uint64_t target = cycle * cycle_unit() + turn_slot(cycle), cur = now_units();
  return units_time(target > cur ? target - cur : 0);
}

uint64_t Sm::turn_slot(uint64_t cycle) const {
  const uint64_t n = c_.det.num_sms;
  // (Past 999 SMs slots are shared and equal-slot SMs act in the kernel's order again.)
  return 1 + (id_ + n - cycle % n) % n % (cycle_unit() - 1);
}

// The cycle an SM woken by another SM's signal acts in: the current one if its turn in it is
// still to come, else the next (what others did after its turn it sees one cycle later).
uint64_t Sm::wake_cycle() const {
  const uint64_t cur = sc_core::sc_time_stamp().value(), c = cur / cycle_unit();
  return cur % cycle_unit() > turn_slot(c) ? c + 1 : c;
}

// Idle until cycle r (the next warp's ready time) while warps wait for signals: sleep until this
// SM's turn in r, or until a signal, which may release a warp ready before r.  Returns true if a
// signal woke the SM (now_ is then its wake cycle, at most r), false at r's turn.
bool Sm::sleep_until(uint64_t r) {
  if (turn_delay(r) == sc_core::SC_ZERO_TIME) return false;
  const uint64_t gen = sync_.signal_gen();
  do {  // (a wake with no new signal is a notification already pending: sleep on)
    stop_if_requested();
    wait(turn_delay(r), sync_.signal_event());
    if (sync_.signal_gen() != gen) break;
  } while (turn_delay(r) != sc_core::SC_ZERO_TIME);
  qk_.reset();
  sched_.progress(now_);
  if (sync_.signal_gen() == gen) return false;
  now_ = std::max(now_, std::min(r, wake_cycle()));
  return true;
}

// Issue loop of one kernel: pick a ready warp, execute its next instruction, synchronise every
// quantum; ends when no CTA is left for this SM.
void Sm::run_kernel() {
  k_ = sched_.kernel();
  now_ = abs_cycle(sc_core::SC_ZERO_TIME);
  l1_invalidate();  // between kernels
  more_ctas_ = true;
  wave_j_ = 0;
  launch_pending_ = false;
  last_done_ = now_;
  live_warps_ = 0;
  waiting_ = 0;
  seen_signal_gen_ = ~0ull;
  sched_free_.assign(c_.sm_schedulers, now_);
  sched_last_.assign(c_.sm_schedulers, -1);
  try_launch(now_);
  for (;;) {
    // Warps a signal released (another SM's, seen after a synchronisation) compete in this pick.
    if (sync_.signal_gen() != seen_signal_gen_) check_waits();
    int wi = pick();
    if (wi < 0) {
      if (live_warps_ == 0) {
        if (!more_ctas_) break;
        launch_pending_ = false;
        try_launch(std::max(now_, launch_t_));
        if (live_warps_ == 0) break;
        continue;
      }
      if (check_waits()) continue;
      if (launch_pending_) {
        launch_pending_ = false;
        try_launch(launch_t_);
        continue;
      }
      // Every live warp waits for another SM: let SystemC time advance until a signal.
      sync();
      if (check_waits()) continue;  // a signal may have come while we synchronised
      sched_.sm_blocked(true);
      wait(sync_.signal_event());
      sched_.sm_blocked(false);
      qk_.reset();
      now_ = std::max(now_, wake_cycle());
      continue;
    }
    Warp &w = warps_[wi];
    assert(w.ip < w.code->size());  // an ACTIVE warp has an instruction left (maybe_finish)
    if (uint64_t uses = (*w.code)[w.ip].uses) {
      // Scoreboard: the next instruction reads registers a load is still filling; the warp is
      // ready when the last of them is back (their times are known when the loads issue).
      uint64_t dep = 0;
      for (; uses; uses &= uses - 1) dep = std::max(dep, w.reg[__builtin_ctzll(uses)]);
      if (dep > w.ready) {
        w.ready = dep;
        continue;  // pick again: another warp may be ready earlier
      }
    }
    {
      // A releasing access (st/atom with sem=release or acq_rel) carries the fence before it
      // (detector-v2.md 2.1): it issues once the warp's earlier stores and loads are
      // acknowledged, as a fence waits for them (a fence's own timing is unchanged).
      const Instr &next = (*w.code)[w.ip];
      const uint64_t prior = std::max(w.store_done, w.load_done);
      if (next.op != Op::FENCE && scord_sem_releases(instr_sem(next)) && prior > w.ready) {
        w.ready = prior;
        continue;
      }
    }
    // The warp issues when it is ready and its scheduler is free (one scheduler: the
    // scheduler is free from now_ on, as it is kept at the last issue's end).
    const unsigned sc = (unsigned)wi % c_.sm_schedulers;
    const uint64_t at = std::max(w.ready, sched_free_[sc]);
    if (at > now_) {
      if (waiting_ > 0 && sleep_until(at)) continue;  // a signal came first: pick again
      now_ = at;
    }
    if (need_sync()) {
      // Synchronise before issuing, not only after: an instruction issued past the quantum
      // would reach shared state (L2, DRAM, the detector's queue) ahead of other SMs' earlier
      // ones.  So every access is issued inside the current quantum.
      sync();
      continue;
    }
    if ((touches_shared((*w.code)[w.ip].op) || waiting_ > 0) && turn_delay(now_) != sc_core::SC_ZERO_TIME) {
      // Time order (docs/tlm.md "Time order"): an instruction that reaches
      // state other SMs share (the L2, DRAM, the detector, the grid-wide counters) issues only
      // when SystemC time has caught up with it, so every SM's earlier accesses are in first.
      // Only SM-local work (compute, delays, CTA barriers) runs ahead inside the quantum.
      sync();
      continue;
    }
    const uint64_t sc_cycle = abs_cycle(sc_core::SC_ZERO_TIME);
    assert(now_ >= sc_cycle && now_ < sc_cycle + c_.quantum);
    st_.issue_lead_max = std::max(st_.issue_lead_max, now_ - sc_cycle);
    // execute() advances now_ by the issue slots the instruction takes: they are its
    // scheduler's; with more than one scheduler the others may still issue in this cycle.
    const uint64_t issued = now_;
    execute((unsigned)wi);
    sched_free_[sc] = now_;
    sched_last_[sc] = wi;
    if (c_.sm_schedulers > 1) now_ = issued;
    if (need_sync()) sync();
    if (launch_pending_) {
      launch_pending_ = false;
      try_launch(launch_t_);
    }
  }
}

// Whether an instruction of `op` reaches state shared with other SMs: any memory access (an L1
// hit too: with detection on it sends the detector a packet), a fence, a grid-wide signal or wait.
bool Sm::touches_shared(Op op) {
  return op != Op::ALU && op != Op::DELAY && op != Op::BAR;
}

// The next warp to issue, -1 if none.  One scheduler issuing the ready-first warp: the ACTIVE
// warp that is ready first (ties: lowest slot).  Several: each scheduler's ready-first warp
// issues at max(its ready cycle, the scheduler's next free cycle); the earliest of those goes
// (ties: the one ready first, then the lowest slot).
int Sm::pick() const {
  if (c_.sm_gto) return pick_gto();
  if (c_.sm_schedulers > 1) {
    int best = -1;
    uint64_t bt = ~0ull, br = ~0ull;
    for (unsigned i = 0; i < warps_.size(); i++) {
      const Warp &w = warps_[i];
      if (w.st != ACTIVE) continue;
      const uint64_t t = std::max(w.ready, sched_free_[i % c_.sm_schedulers]);
      if (t < bt || (t == bt && w.ready < br)) {
        bt = t;
        br = w.ready;
        best = (int)i;
      }
    }
    return best;
  }
  int best = -1;
  uint64_t br = ~0ull;
  for (unsigned i = 0; i < warps_.size(); i++)
    if (warps_[i].st == ACTIVE && warps_[i].ready < br) {
      br = warps_[i].ready;
      best = (int)i;
    }
  return best;
}

// Greedy-then-oldest (GPGPU-Sim's gto), per scheduler: it issues at the first cycle t, from
// its next free cycle (now_ at the earliest), at which one of its warps is ready; then the warp
// it issued last if that is ready by t, else the oldest of its warps ready by t.  Of the
// schedulers' choices the one issuing first goes (ties: the lower scheduler).  Picking again at
// now_ = t gives the same warp, so a synchronisation between the pick and the issue (which
// happens more often at a smaller quantum) cannot change the choice.
int Sm::pick_gto() const {
  const unsigned n = c_.sm_schedulers;
  int best = -1;
  uint64_t bt = ~0ull;
  for (unsigned s = 0; s < n; s++) {
    const uint64_t base = std::max(now_, sched_free_[s]);
    uint64_t first = ~0ull;
    for (unsigned i = s; i < warps_.size(); i += n)
      if (warps_[i].st == ACTIVE) first = std::min(first, warps_[i].ready);
    if (first == ~0ull) continue;  // no live warp on this scheduler
    const uint64_t t = std::max(base, first);
    int cand = -1;
    const int last = sched_last_[s];
    if (last >= 0 && warps_[last].st == ACTIVE && warps_[last].ready <= t) {
      cand = last;
    } else {
      for (unsigned i = s; i < warps_.size(); i += n)
        if (warps_[i].st == ACTIVE && warps_[i].ready <= t && (cand < 0 || warps_[i].age < warps_[cand].age))
          cand = (int)i;
    }
    if (t < bt) {
      bt = t;
      best = cand;
    }
  }
  return best;
}

// Re-examine warps blocked in `wait`; true if one could go on.
bool Sm::check_waits() {
  seen_signal_gen_ = sync_.signal_gen();
  bool any = false;
  for (unsigned i = 0; i < warps_.size(); i++) {
    Warp &w = warps_[i];
    if (w.st != AT_WAIT) continue;
    const Instr &in = (*w.code)[w.ip];
    uint64_t t;
    if (sync_.signal_reached(in.addr, in.stride, t)) {
      w.st = ACTIVE;
      waiting_--;
      w.ready = std::max({w.ready, t, w.load_done});
      w.ip++;
      any = true;
      maybe_finish(i);
    }
  }
  return any;
}

// Block scheduler: fill free CTA slots (with a contiguous range of free warp slots) with the
// next CTAs of the kernel, starting at cycle t.
void Sm::try_launch(uint64_t t) {
  const unsigned need = k_->warps_per_cta;
  while (more_ctas_) {
    int si = -1;
    for (unsigned s = 0; s < slots_.size(); s++)
      if (!slots_[s].used) { si = (int)s; break; }
    if (si < 0) return;
    int first = -1;
    for (unsigned w = 0; w + need <= warps_.size(); w++) {
      bool ok = true;
      for (unsigned j = 0; j < need && ok; j++) ok = warps_[w + j].st == FREE;  // DONE warps still belong to a running CTA
      if (ok) { first = (int)w; break; }
    }
    if (first < 0) return;
    uint64_t cta;
    if (sched_.initial_cta(id_, wave_j_, cta)) wave_j_++;
    else {
      if (turn_delay(now_) != sc_core::SC_ZERO_TIME) sync();  // the claim order is shared state
      if (!sched_.next_cta(cta)) { more_ctas_ = false; return; }
    }
    Slot &s = slots_[si];
    s = Slot{};
    s.used = true;
    s.cta = cta;
    s.first = (uint16_t)first;
    s.nwarps = (uint16_t)need;
    st_.ctas++;
    if (obs_) {
      scord_tracker_cta_start(tr_, first, need);
      scord_event ev{};
      ev.type = SCORD_EV_CTA;
      ev.sm = (uint16_t)id_;
      ev.cta = (uint16_t)si;
      ev.first_warp = (uint16_t)first;
      ev.warps = (uint16_t)need;
      obs_->note(ev);
    }
    for (unsigned j = 0; j < need; j++) {
      Warp &w = warps_[first + j];
      w = Warp{};
      w.code = &k_->ctas[cta][j];
      w.slot = (uint8_t)si;
      w.ready = t;
      w.age = launch_seq_++;
      w.st = ACTIVE;
      s.live++;
      live_warps_++;
    }
    for (unsigned j = 0; j < need; j++) maybe_finish(first + j);
    launch_pending_ = false;  // slots freed by empty CTAs are refilled by this loop
  }
}

// Retire warp wi if it has run its last instruction.
void Sm::maybe_finish(unsigned wi) {
  Warp &w = warps_[wi];
  if (w.st == ACTIVE && w.ip >= w.code->size()) finish_warp(wi);
}

// Warp wi is done once its stores and async loads completed; the last warp of a CTA frees the
// slot and lets the block scheduler start the next CTA.
void Sm::finish_warp(unsigned wi) {
  Warp &w = warps_[wi];
  w.st = DONE;
  live_warps_--;
  uint64_t t = std::max({w.ready, w.store_done, w.load_done, w.reg_done});
  Slot &s = slots_[w.slot];
  s.live--;
  s.done_t = std::max(s.done_t, t);
  if (s.live == 0) {
    s.used = false;
    for (unsigned j = 0; j < s.nwarps; j++) warps_[s.first + j].st = FREE;
    st_.sm_busy_until[id_] = std::max(st_.sm_busy_until[id_], s.done_t);
    last_done_ = std::max(last_done_, s.done_t);
    // The next CTA is started by the caller's loop, not from here: a run of CTAs with empty
    // warps would otherwise recurse once per CTA on the thread's small stack.
    launch_t_ = launch_pending_ ? std::max(launch_t_, std::max(now_, s.done_t)) : std::max(now_, s.done_t);
    launch_pending_ = true;
  } else {
    check_barrier(w.slot);
  }
}

// A barrier completes when every live warp of the CTA has arrived (exited warps count as
// arrived); the CTA's barrier counter moves on (detector.md section 3).
void Sm::check_barrier(unsigned si) {
  Slot &s = slots_[si];
  if (s.at_bar == 0 || s.at_bar != s.live) return;
  if (obs_) {
    scord_tracker_barrier(tr_, si);
    scord_event ev{};
    ev.type = SCORD_EV_BAR;
    ev.sm = (uint16_t)id_;
    ev.cta = (uint16_t)si;
    ev.pc = s.bar_pc;
    obs_->note(ev);
  }
  s.at_bar = 0;
  for (unsigned j = 0; j < s.nwarps; j++) {
    Warp &w = warps_[s.first + j];
    if (w.st != AT_BAR) continue;
    w.st = ACTIVE;
    w.ready = s.bar_t + 1;
  }
  for (unsigned j = 0; j < s.nwarps; j++) maybe_finish(s.first + j);
}

// Execute the next instruction of warp wi at cycle now_ (advancing now_ by the issue slots used).
void Sm::execute(unsigned wi) {
  Warp &w = warps_[wi];
  const Instr &in = (*w.code)[w.ip];
  switch (in.op) {
  case Op::ALU:
    st_.sm_insts[id_] += in.stride;
    st_.warp_insts += in.stride;
    now_ += in.stride;
    w.ready = now_ - 1 + c_.alu_lat;
    w.ip++;
    break;
  case Op::DELAY:
    w.ready = now_ + in.stride;
    w.ip++;
    break;
  case Op::SIGNAL:
    sync_.signal(in.addr, std::max(now_, w.store_done));
    w.ip++;
    break;
  case Op::WAIT: {
    uint64_t t;
    if (sync_.signal_reached(in.addr, in.stride, t)) {
      w.ready = std::max({now_, t, w.load_done});
      w.ip++;
    } else {
      w.st = AT_WAIT;
      waiting_++;
    }
    break;
  }
  case Op::FENCE: {
    st_.sm_insts[id_]++;
    st_.warp_insts++;
    uint64_t t = std::max({now_ + 1, w.store_done, w.load_done});
    if (obs_) {
      scord_tracker_fence(tr_, wi, (scord_scope)in.scope);
      ext_.fence_ev = scord_event{};
      ext_.fence_ev.type = SCORD_EV_FENCE;
      ext_.fence_ev.sm = (uint16_t)id_;
      ext_.fence_ev.cta = (uint16_t)w.slot;
      ext_.fence_ev.warp = (uint16_t)wi;
      ext_.fence_ev.scope = in.scope;
      ext_.fence_ev.sem = (uint8_t)instr_sem(in);  // acq_rel and sc act alike (detector-v2.md 2.4)
      ext_.fence_ev.pc = in.pc;
      ext_.fence_ev.line = in.line;  // trace line, for co-simulation divergence reports
      uint64_t a = send(PktKind::FENCE, 0, now_, true, nullptr, 0, 0, 0, 0, c_.ovh_noc != 0);
      if (c_.ovh_noc) t = std::max(t, a);
    }
    now_++;
    w.ready = t;
    w.ip++;
    break;
  }
  case Op::SYNCWARP: {
    // __syncwarp of a converged warp: one issue slot, no waiting.  With lane identity the
    // detector hears of it on the fence's path (detector-v2.md 3.2); without, it has no effect
    // there and only the dumped stream keeps it.
    st_.sm_insts[id_]++;
    st_.warp_insts++;
    if (obs_) {
      scord_event ev{};
      ev.type = SCORD_EV_SYNCWARP;
      ev.sm = (uint16_t)id_;
      ev.cta = (uint16_t)w.slot;
      ev.warp = (uint16_t)wi;
      ev.pc = in.pc;
      ev.line = in.line;
      if (scord_v2_lanes(&c_.det)) {
        ext_.fence_ev = ev;
        send(PktKind::FENCE, 0, now_, true, nullptr, 0, 0, 0, 0, c_.ovh_noc != 0);
      } else {
        obs_->note(ev);
      }
    }
    now_++;
    w.ready = now_;
    w.ip++;
    break;
  }
  case Op::BAR: {
    st_.sm_insts[id_]++;
    st_.warp_insts++;
    Slot &s = slots_[w.slot];
    now_++;
    w.st = AT_BAR;
    w.ip++;
    s.at_bar++;
    s.bar_t = std::max({s.bar_t, now_, w.load_done});
    s.bar_pc = in.pc;
    check_barrier(w.slot);
    return;
  }
  case Op::LD:
  case Op::ST:
  case Op::ATOM:
    if ((in.flags & IF_SPIN) && !spin_try(wi, in)) break;  // a failed try: the warp polls again
    mem(wi, in);
    w.ip++;
    break;
  }
  maybe_finish(wi);
}

// One packet into the interconnect at cycle t; returns the completion cycle (the acceptance
// cycle for detector-only and fence packets).
uint64_t Sm::send(PktKind k, uint64_t addr, uint64_t t, bool side, const DetRun *runs, uint32_t nruns,
                  uint32_t data_bytes, uint32_t resp_bytes, uint32_t lanes, bool timed) {
  gp_.set_address(addr);
  // Real commands and lengths, so a target that ignores the scord extension still sees a
  // meaningful payload: a read of the bytes it returns (a whole line for an L1 fill), a write
  // of the store data; an atomic is a write of its operands (the extension names the
  // operation and the reply size); detector-only and fence packets touch no memory.
  uint32_t len = 0;
  tlm::tlm_command cmd = tlm::TLM_IGNORE_COMMAND;
  if (k == PktKind::RD) { cmd = tlm::TLM_READ_COMMAND; len = resp_bytes; }
  else if (k == PktKind::WR || k == PktKind::ATOM) { cmd = tlm::TLM_WRITE_COMMAND; len = data_bytes; }
  assert(len <= kScratch);
  gp_.set_command(cmd);
  gp_.set_data_length(len);
  gp_.set_streaming_width(len);
  gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  ext_.kind = k;
  ext_.src = (uint16_t)id_;
  ext_.side = side;
  ext_.timed = timed;
  ext_.runs = runs;
  ext_.nruns = nruns;
  ext_.data_bytes = data_bytes;
  ext_.resp_bytes = resp_bytes;
  ext_.lanes = lanes;
  ext_.accepted = 0;
  ext_.injected = 0;
  ext_.performed = 0;
  sc_time d = delay_to(t);
  isock->b_transport(gp_, d);
  const uint64_t r = abs_cycle(d);
  if (k != PktKind::DET_ONLY && k != PktKind::FENCE) performed_ = ext_.performed ? ext_.performed : r;  // (a plain target: its reply)
  return r;
}

// A request leaving the L1 for the interconnect at cycle rt (docs/tlm.md "Buffers"): it takes an
// entry of the l1_miss_queue-entry miss queue, free once the request that held it has left the SM's
// injection port, and an L1 line fill (`fill`) also takes one of l1_mshrs MSHRs, free when its line
// is back.  While it waits, the in-order LD/ST unit holds every later request (booked busy).
// Returns the cycle it is sent; left_queue() records what it holds.
uint64_t Sm::enter_miss_queue(uint64_t rt, bool fill) {
  const uint64_t r0 = rt;
  const uint64_t q = mq_[mq_n_ % mq_.size()];
  if (q > rt) {
    st_.miss_queue_stall_cycles += q - rt;
    rt = q;
  }
  mshr_pick_ = nullptr;
  if (fill) {
    mshr_pick_ = &*std::min_element(mshr_.begin(), mshr_.end());
    if (*mshr_pick_ > rt) {
      st_.l1_mshr_stall_cycles += *mshr_pick_ - rt;
      rt = *mshr_pick_;
    }
  }
  if (rt > r0) ldst_.take(r0 + 1, rt - r0);
  return rt;
}

// The request just sent (enter_miss_queue) left the injection port at ext_.injected and is
// answered at cycle r: its miss-queue entry and MSHR are busy until then.
void Sm::left_queue(uint64_t r) {
  mq_[mq_n_++ % mq_.size()] = ext_.injected;
  if (mshr_pick_) *mshr_pick_ = r;
  mshr_pick_ = nullptr;
}

// The L1 way holding `line`, or nullptr.
Sm::L1Way *Sm::l1_find(uint64_t line) {
  L1Way *w = &l1_[(line % l1_sets_) * c_.l1_ways];
  for (unsigned i = 0; i < c_.l1_ways; i++)
    if (w[i].valid && w[i].tag == line) return &w[i];
  return nullptr;
}

// The way to allocate for `line`: an invalid one, else the least recently used.
Sm::L1Way *Sm::l1_victim(uint64_t line) {
  L1Way *w = &l1_[(line % l1_sets_) * c_.l1_ways], *v = w;
  for (unsigned i = 0; i < c_.l1_ways; i++) {
    if (!w[i].valid) return &w[i];
    if (w[i].stamp < v->stamp) v = &w[i];
  }
  return v;
}

// Split the words of one coalesced request (lane order; a lane wider than 4 bytes is several
// words) into runs of constant stride, each one vector event with its own bloom; for an
// atomic, each run's lock-table effects are applied before the next run's bloom is taken
// (docs/tlm.md "Lane runs").
void Sm::build_runs(unsigned wi, const Instr &in, const uint64_t *addr, const uint32_t *old, const uint8_t *lane,
                    unsigned n, bool first_req, bool last_req) {
  const uint32_t block_id = scord_block_id(&c_.det, id_, warps_[wi].slot);
  const scord_kind kind = in.op == Op::LD ? SCORD_LD : in.op == Op::ST ? SCORD_ST : SCORD_ATOM;
  const bool atom = kind == SCORD_ATOM;
  const unsigned sem = instr_sem(in);
  const bool acqrel = scord_v2_acq_rel(&c_.det);
  // With lane identity a run is also a run of consecutive lanes (a vector event's lane i is
  // lane `lane + i`), so a lane touching several words makes runs of one word.
  const bool lanes = scord_v2_lanes(&c_.det);
  uint64_t ws[128];
  uint32_t wo[128];
  uint8_t wl[128];
  unsigned nw = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned cnt = in.size <= 4 ? 1 : in.size / 4;
    uint64_t a0 = addr[i] & ~3ull;
    for (unsigned j = 0; j < cnt; j++) {
      ws[nw] = a0 + 4 * j;
      wo[nw] = old[i];
      wl[nw] = lane[i];
      nw++;
    }
  }
  // Whether word k may join the run that starts at word i0.
  auto lane_next = [&](unsigned i0, unsigned k) { return !lanes || wl[k] == wl[i0] + (k - i0); };
  unsigned i = 0;
  while (i < nw) {
    unsigned len = 1;
    uint64_t stride = 4;
    if (i + 1 < nw && ws[i + 1] >= ws[i] && (!atom || wo[i + 1] == wo[i]) && lane_next(i, i + 1)) {
      stride = ws[i + 1] - ws[i];
      len = 2;
      while (i + len < nw && len < 32 && ws[i + len] == ws[i] + len * stride && (!atom || wo[i + len] == wo[i]) &&
             lane_next(i, i + len))
        len++;
    }
    // The instruction's release goes with its first run, its acquire with its last (the other
    // runs stay ordered: relaxed), so each happens once, around all lanes (detector-v2.md 2.1,
    // 2.2), and the dumped events replay the same.
    const bool rel = first_req && i == 0 && scord_sem_releases(sem);
    const bool acq = last_req && i + len == nw && scord_sem_acquires(sem);
    const unsigned rsem = !sem ? SCORD_SEM_NONE
                          : rel && acq ? SCORD_SEM_ACQ_REL
                          : rel ? SCORD_SEM_RELEASE
                          : acq ? SCORD_SEM_ACQUIRE
                          : SCORD_SEM_RELAXED;
    if (acqrel && rel) scord_tracker_fence(tr_, wi, (scord_scope)in.scope);  // before the bloom
    DetRun r;
    uint32_t bloom = scord_tracker_bloom(tr_, wi, block_id);
    // An ld/st with a sem is strong in every version (detector-v2.md section 1).
    scord_tracker_make_access(tr_, &r.proto, warps_[wi].slot, wi, kind, (in.flags & IF_VOLATILE) != 0 || sem,
                              (scord_scope)in.scope, ws[i], in.pc, bloom);
    if (acqrel && !atom && sem) {  // an atomic load or store of its scope (detector-v2.md 2.3)
      r.proto.ordered = true;
      r.proto.atom_block_scope = in.scope == SCORD_SCOPE_CTA;
    }
    r.ev = scord_event{};
    r.ev.type = atom ? SCORD_EV_ATOM : kind == SCORD_LD ? SCORD_EV_LD : SCORD_EV_ST;
    r.ev.sm = (uint16_t)id_;
    r.ev.cta = warps_[wi].slot;
    r.ev.warp = (uint16_t)wi;
    r.ev.addr = ws[i];
    r.ev.n = (uint8_t)len;
    r.ev.stride = len > 1 ? stride : 4;
    r.ev.pc = in.pc;
    r.ev.line = in.line;
    r.ev.is_volatile = !atom && (in.flags & IF_VOLATILE);
    r.ev.sem = (uint8_t)rsem;
    if (lanes) {
      r.ev.lane = wl[i];
      r.proto.lane = wl[i];
    }
    if (sem) r.ev.scope = in.scope;
    if (atom) {
      r.ev.op = in.aop;
      r.ev.scope = in.scope;
      r.ev.has_cmp = in.flags & IF_HAS_CMP;
      r.ev.has_val = in.flags & IF_HAS_VAL;
      r.ev.has_old = in.flags & IF_HAS_OLD;
      r.ev.cmp = in.cmp;
      r.ev.val = in.val;
      r.ev.old = wo[i];
    }
    runs_.push_back(r);
    if (atom)
      for (unsigned l = 0; l < len; l++)
        scord_tracker_atomic(tr_, wi, (scord_atom_op)in.aop, (scord_scope)in.scope, ws[i] + l * r.ev.stride,
                             r.ev.has_cmp, in.cmp, r.ev.has_val, in.val, r.ev.has_old, wo[i]);
    if (acqrel && acq) scord_tracker_fence(tr_, wi, (scord_scope)in.scope);  // after the lanes
    i += len;
  }
}

// A load, store or atomic: coalesce the active lanes into line requests (in order of first
// lane), then per request: L1 (loads), the L2 through the interconnect, and the ScoRD
// side-band (or a detector-only packet on an L1 hit).
// A polling instruction (docs/trace-format.md "Spins") at its turn in cycle
// now_: true if its counter has reached the count by now (a value released at or before this
// cycle: the attempt succeeds and the instruction executes as written); else one failed try is
// issued (the same access; an atomic returns the spin's fail_old) and the warp tries again when
// its value is back and compared (alu_lat).  So the number of tries follows the timing.
bool Sm::spin_try(unsigned wi, const Instr &in) {
  Warp &w = warps_[wi];
  const Spin &sp = k_->spin_pool[in.spin_off];
  uint64_t t;
  // The try succeeds if the release reached the L2 before the try will: its issue plus the lead
  // of this warp's previous try (or of the SM's last request, for a first try).
  const uint64_t lead = w.spin_tries ? w.spin_lead : lead_;
  if (sync_.signal_reached(sp.id, sp.count, t) && t <= now_ + lead) {
    st_.spin_instrs++;
    w.spin_tries = 0;
    return true;
  }
  if (++w.spin_tries > c_.spin_limit)
    throw SimError(kExitInput, sched_.source() + ":" + std::to_string(in.line) + ": spin=" + std::to_string(sp.id) +
                                   " count=" + std::to_string(sp.count) + " not reached after " +
                                   std::to_string(c_.spin_limit) + " tries (spin_limit; cycle " + std::to_string(now_) + ")");
  st_.spin_fails++;
  mem(wi, in, &sp);
  w.ready += c_.alu_lat;
  return false;
}

// One memory instruction at cycle now_; `failed`: a polling instruction's failed try (its atomic
// returns failed->fail_old; the warp waits for the value whatever the instruction's dst).
void Sm::mem(unsigned wi, const Instr &in, const Spin *failed) {
  Warp &w = warps_[wi];
  st_.sm_insts[id_]++;
  st_.warp_insts++;
  st_.mem_insts++;
  uint64_t la[32];
  uint32_t lo[32];
  uint8_t ln[32];  // each active lane's number in the warp (lane identity, detector-v2.md 3.1)
  unsigned n = 0;
  if (in.flags & IF_LANES) {
    for (unsigned l = 0; l < in.nlanes; l++) {
      ln[n] = (uint8_t)l;
      la[n] = k_->lane_pool[in.lanes_off + l];
      lo[n] = failed ? failed->fail_old : (in.flags & IF_OLD_LIST) ? k_->old_pool[in.old_off + n] : in.old;
      n++;
    }
  } else {
    for (unsigned l = 0; l < 32; l++)
      if (in.mask >> l & 1) {
        ln[n] = (uint8_t)l;
        la[n] = in.addr + l * in.stride;
        lo[n] = failed ? failed->fail_old : (in.flags & IF_OLD_LIST) ? k_->old_pool[in.old_off + n] : in.old;
        n++;
      }
  }
  // coalescing
  uint64_t gline[32];
  unsigned gcnt[32], glanes[32][32], ng = 0;
  for (unsigned i = 0; i < n; i++) {
    uint64_t line = la[i] / c_.line_bytes;
    unsigned g = 0;
    while (g < ng && gline[g] != line) g++;
    if (g == ng) { gline[ng] = line; gcnt[ng] = 0; ng++; }
    glanes[g][gcnt[g]++] = i;
  }
  const bool det = obs_ != nullptr;
  // An ordered ld/st (sem=) is strong: it bypasses the L1 as a volatile access does.
  const bool vol = (in.flags & IF_VOLATILE) || (instr_sem(in) && in.op != Op::ATOM);
  const bool acquire = scord_sem_acquires(instr_sem(in));
  uint64_t t = now_;
  now_++;  // issue slot
  uint64_t done = t + 1, performed = t;
  for (unsigned g = 0; g < ng; g++) {
    uint64_t ga[32];
    uint32_t go[32];
    uint8_t gl[32];
    for (unsigned j = 0; j < gcnt[g]; j++) {
      ga[j] = la[glanes[g][j]];
      go[j] = lo[glanes[g][j]];
      gl[j] = ln[glanes[g][j]];
    }
    runs_.clear();
    if (det) build_runs(wi, in, ga, go, gl, gcnt[g], g == 0, g + 1 == ng);
    const DetRun *rp = runs_.data();
    const uint32_t nr = (uint32_t)runs_.size();
    uint64_t rt = ldst_.take(t, 1);  // the LD/ST unit sends one request per cycle
    performed_ = 0;  // set by send() for a request that reaches the L2
    const uint64_t addr = gline[g] * c_.line_bytes;
    L1Way *hit = (in.op == Op::LD && !vol) ? l1_find(gline[g]) : nullptr;
    const bool fill = in.op == Op::LD && !vol && !hit;
    if (!hit) rt = enter_miss_queue(rt, fill);
    uint32_t bytes = gcnt[g] * in.size;
    st_.mem_reqs++;
    if (in.op == Op::LD && !vol) {
      L1Way *l = hit;
      if (l) {
        uint64_t data;
        if (l->ready > rt + c_.l1_lat) {
          st_.l1_mshr_merges++;
          data = l->ready;
        } else {
          st_.l1_load_hits++;
          data = rt + c_.l1_lat;
        }
        l->stamp = ++l1_clock_;
        if (det) {
          uint64_t a = send(PktKind::DET_ONLY, addr, rt, true, rp, nr, 0, 0, gcnt[g], c_.ovh_lhd != 0);
          if (c_.ovh_lhd && a > data) {
            st_.lhd_stall_cycles += a - data;
            data = a;
          }
        }
        done = std::max(done, data);
      } else {
        st_.l1_load_misses++;
        uint64_t r = send(PktKind::RD, addr, rt, det, rp, nr, 0, (uint32_t)c_.line_bytes, gcnt[g], true);
        left_queue(r);
        L1Way *v = l1_victim(gline[g]);
        v->valid = true;
        v->tag = gline[g];
        v->ready = r;
        v->stamp = ++l1_clock_;
        done = std::max(done, r);
      }
    } else if (in.op == Op::LD) {
      st_.l1_bypass++;
      uint64_t r = send(PktKind::RD, addr, rt, det, rp, nr, 0, bytes, gcnt[g], true);
      left_queue(r);
      done = std::max(done, r);
    } else if (in.op == Op::ST) {
      if (L1Way *l = l1_find(gline[g])) l->valid = false;  // global write-evict
      uint64_t r = send(PktKind::WR, addr, rt, det, rp, nr, bytes, 0, gcnt[g], true);
      left_queue(r);
      w.store_done = std::max(w.store_done, r);
    } else {
      st_.l1_bypass++;
      if (L1Way *l = l1_find(gline[g])) l->valid = false;
      uint32_t opnd = (in.flags & IF_HAS_CMP) ? 8 : 4;
      uint64_t r = send(PktKind::ATOM, addr, rt, det, rp, nr, gcnt[g] * opnd, gcnt[g] * 4, gcnt[g], true);
      left_queue(r);
      w.store_done = std::max(w.store_done, r);
      done = std::max(done, r);
    }
    performed = std::max(performed, performed_);
  }
  // An acquire at gpu or sys scope invalidates the SM's L1 (later loads see other SMs' writes).
  if (acquire && in.scope != SCORD_SCOPE_CTA) l1_invalidate();
  if (performed > t) lead_ = performed - t;  // (not for loads that all hit the L1)
  if (failed) w.spin_lead = performed - t;
  // A release's signal (docs/trace-format.md "Signals on a release"): counted when the L2 has
  // performed every line of it.
  if (!failed && (in.flags & IF_SIGNAL)) sync_.signal(k_->signal_pool[in.spin_off], performed);
  if (failed) {
    w.ready = std::max({done, now_, w.load_done});
  } else if (in.op == Op::ST) {
    w.ready = now_;
  } else if (in.dst != kNoReg) {
    // A load or atomic into a register: the warp goes on; its readers wait (run_kernel).
    w.reg[in.dst] = done;
    w.reg_done = std::max(w.reg_done, done);
    // An acquire orders the warp's later accesses after it: the warp waits for its value.
    w.ready = acquire ? std::max({done, now_, w.load_done}) : now_;
  } else if (in.op == Op::LD && (in.flags & IF_ASYNC)) {
    w.load_done = std::max(w.load_done, done);
    w.ready = now_;
  } else {
    w.ready = std::max({done, now_, w.load_done});
  }
}
