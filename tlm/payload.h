// payload.h -- the TLM generic-payload extension that carries ScoRD's side-band data (the SM
// tracker's packet fields, lane runs, fence notifications) and the packet kind through the
// interconnect, plus time helpers shared by the modules (1 core cycle = 1 ns).  The reservation
// calendar the modules time themselves with is resource.h.
#pragma once
#include <cassert>
#include <systemc>
#include <tlm>
#include <vector>

#include "scord/scord.h"

// One run of access lanes with a constant stride: exactly one vectors-v1 event, checked with
// one bloom (docs/tlm.md "Lane runs").
struct DetRun {
  scord_access proto;  // packet of the run's first lane; lane i has addr = proto.addr + i*ev.stride (and lane proto.lane + i)
  scord_event ev;      // the same run as a vector event (for --dump-vectors and lock effects)
};

enum class PktKind : uint8_t {
  RD,        // data read (L1 miss or volatile load)
  WR,        // data write (store; L1 write-evict, write-through)
  ATOM,      // atomic, executed at the L2
  DET_ONLY,  // detector-only packet of an L1 load hit (paper Section IV)
  FENCE,     // fence notification to the detector
  MD_RD,     // detector metadata read through the L2
  MD_WR,     // detector metadata write through the L2
};

struct ScordExt : tlm::tlm_extension<ScordExt> {
  PktKind kind = PktKind::RD;
  uint16_t src = 0;             // interconnect source port (SM id; num_sms = detector)
  bool side = false;            // carries ScoRD side-band data (detector on)
  bool timed = true;            // DET_ONLY/FENCE: charge network/queue time (Fig. 10 switches)
  uint32_t data_bytes = 0;      // payload bytes towards the L2 (store data, atomic operands)
  uint32_t resp_bytes = 0;      // payload bytes of the reply
  uint32_t lanes = 0;           // active lanes (atomic unit occupancy)
  const DetRun *runs = nullptr; // side-band lane runs
  uint32_t nruns = 0;
  scord_event fence_ev{};       // FENCE: the fence as an event
  bool at_l2 = false;           // MD_RD/MD_WR of det_placement=l2: issued beside its L2 slice
  int16_t det_slice = -1;       // det_placement=l2: the L2 slice whose detector slice checks
                                // the side-band (-1: every slice, a fence)
  uint64_t accepted = 0;        // out: cycle the detector accepted the side-band
  uint64_t injected = 0;        // out: cycle the request had left the source's injection port
  uint64_t l2_accepted = 0;     // out: cycle its L2 slice's input queue took it (0: not said)
  uint64_t dram_left = 0;       // out: DRAM request: cycle it left its slice's L2-to-DRAM queue (0: not said)
  uint64_t performed = 0;       // out: cycle the L2 performed it (0: the target does not say):
                                // where it is ordered with the slice's other accesses (a read,
                                // a write), an atomic's update at the atomic unit

  tlm::tlm_extension_base *clone() const override { return new ScordExt(*this); }
  void copy_from(const tlm::tlm_extension_base &o) override { *this = static_cast<const ScordExt &>(o); }
};

// Core-cycle time helpers: absolute cycle of (now + delay), and the delay reaching cycle t.
// One core cycle is 1 ns, 1,000 time units at SystemC's default resolution of 1 ps (nothing here
// changes it; run_sim checks it before elaboration).  A constant, not a function-local static:
// the division and the guard were 1 % of a co-simulation's instructions.
constexpr uint64_t kCycleUnit = 1000;
constexpr uint64_t cycle_unit() { return kCycleUnit; }
// The current time read from the simulation context: sc_time_stamp() is the same read behind a
// library call, and sc_get_curr_simcontext(), inline but with the context's creation in it,
// was compiled out of line (22 instructions a call); both are made about 7 times per metadata
// transaction.  Only called inside a run, when the context exists.
inline uint64_t now_units() {
  assert(sc_core::sc_curr_simcontext != nullptr);
  return sc_core::sc_curr_simcontext->time_stamp().value();
}
inline uint64_t abs_cycle(const sc_core::sc_time &delay) {
  return (now_units() + delay.value()) / cycle_unit();
}
// v time units as an sc_time.  sc_time::from_value is an out-of-line library call that
// consults the simulation context (2.6 M calls in a co-simulated run of the default workload,
// about 5 % of its instructions with the memset it brings); a one-unit sc_time scaled by v with
// sc_time's inline operator* (v as a double, plus 0.5, truncated) is the same value while
// v + 0.5 is exact in a double, below 2^52 (52 days of simulated time in ps).  Cached at first
// use, inside the run.
inline sc_core::sc_time units_time(uint64_t v) {
  static const sc_core::sc_time kOneUnit = sc_core::sc_time::from_value(1);
  assert(v < (uint64_t(1) << 52));
  return kOneUnit * (double)v;
}
inline sc_core::sc_time delay_to(uint64_t t) {
  uint64_t now = now_units();
  uint64_t v = t * cycle_unit();
  return units_time(v > now ? v - now : 0);
}
