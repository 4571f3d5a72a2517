// memsys.h -- the memory side of the TLM GPU model: the SM<->L2 interconnect (crossbar with
// flits, per-port bandwidth and latency), the L2 slices (write-back, LRU; `l2_subparts` slices,
// GPGPU-Sim's memory sub-partitions, share each GDDR5 DRAM channel) and the DRAM channels
// (time-ordered FR-FCFS controllers, dram.h). Loosely-timed: each module books cycles on its
// ports and banks in a calendar (payload.h Resource: the first free run of cycles at or after
// the request's time, so a request that arrives out of time order, SMs being up to a quantum
// apart, can use a gap before a later booking) and returns the latency in the b_transport delay
// (docs/tlm.md "Timing style").
#pragma once
#include <memory>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include <unordered_map>

#include "addr_map.h"
#include "dram.h"
#include "fastdiv.h"
#include "payload.h"
#include "resource.h"
#include "sim_config.h"
#include "stats.h"

// The controller's timing from the configuration (docs/dram.md "Timing").
DramTiming dram_timing(const SimConfig &c);

// One GDDR5 channel: the controller latency (dram_lat) and the time-ordered FR-FCFS controller
// (dram.h).  The controller runs in time order as SystemC time advances: at a call at SystemC
// cycle S no later request can reach it before S + dram_lat, so every cycle before that is
// final.  A caller in this loosely-timed model needs its latency at once: it is the
// controller's forecast from the requests it has (docs/dram.md "In the TLM"); a request that
// arrives later and overtakes it (a row hit) is counted in dram_forecast_late.
class DramChannel : public sc_core::sc_module {
 public:
  // One target port per L2 sub-partition of this channel.
  std::vector<std::unique_ptr<tlm_utils::simple_target_socket_tagged<DramChannel>>> tsock;
  DramChannel(sc_core::sc_module_name n, const SimConfig &c, Stats &st);
  // End of the run at core cycle `end`: serve what is left; statistics into st.  OR the
  // channel's cycles with the queue full and the bus under half busy into `idle` (a bit per
  // DRAM cycle, a word per DramCtrl::kWin cycles).
  void finish(uint64_t end, std::vector<uint64_t> &idle);
  uint64_t bus_busy() const;  // core cycles' worth of data-bus cycles
  uint64_t to_dram(uint64_t core) const { return (core * c_.dram_mhz + c_.core_mhz - 1) / c_.core_mhz; }
  uint64_t to_core(uint64_t d) const { return (d * c_.core_mhz + c_.dram_mhz - 1) / c_.dram_mhz; }

 private:
  void b_transport(int subpart, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
  void collect();  // compare the served reads with their forecasts
  const SimConfig &c_;
  Stats &st_;
  AddrMap map_;
  DramMap dmap_;
  DramCtrl ctrl_;
  uint64_t next_id_ = 0;
  std::unordered_map<uint64_t, uint64_t> forecast_;  // read id -> forecast end of its data
};

class L2Slice : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<L2Slice> tsock;
  tlm_utils::simple_initiator_socket<L2Slice> dram;
  L2Slice(sc_core::sc_module_name n, const SimConfig &c, Stats &st);
  ~L2Slice() override { dgp_.clear_extension(&dext_); }  // a member, not the payload's to free
  uint64_t tag_busy() const { return tag_port_.busy; }

 private:
  struct Way {
    uint64_t tag = 0, stamp = 0, ready = 0;
    bool valid = false, dirty = false;
  };
  void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
  // A line read or write to DRAM wanted at cycle t: it waits for an entry of the L2-to-DRAM
  // queue (*left: the cycle it got one, >= t); returns the cycle its data are back (a read).
  uint64_t dram_access(uint64_t addr, bool write, bool md, uint64_t t, uint64_t *left);
  const SimConfig &c_;
  Stats &st_;
  AddrMap map_;
  uint64_t sets_;
  FastDiv by_sets_;
  std::vector<Way> ways_;
  uint64_t clock_ = 0;
  Resource tag_port_, atom_unit_;
  // Input queue (l2_queue entries) and MSHRs (l2_mshrs: the cycle each fill is back);
  // docs/tlm.md "Buffers".
  Occupancy q_;
  std::vector<uint64_t> mshr_;
  Occupancy dq_;  // L2-to-DRAM queue (dram_queue): held until the channel's scheduler takes it
  tlm::tlm_generic_payload dgp_;
  ScordExt dext_;
};

// The memory side behind the interconnect: the L2 slices, each bound to its DRAM channel
// (slice i to channel i / l2_subparts). The owner binds the interconnect to `l2[i]->tsock`.
struct L2Memory {
  std::vector<std::unique_ptr<L2Slice>> l2;
  std::vector<std::unique_ptr<DramChannel>> dram;
  L2Memory(const SimConfig &c, Stats &st, const std::string &prefix = "");
};

class Interconnect : public sc_core::sc_module {
 public:
  // Target port i: SM i (i < num_sms) or the detector's metadata accessor (i == num_sms).
  std::vector<std::unique_ptr<tlm_utils::simple_target_socket_tagged<Interconnect>>> tsock;
  std::vector<std::unique_ptr<tlm_utils::simple_initiator_socket_tagged<Interconnect>>> to_l2;
  tlm_utils::simple_initiator_socket<Interconnect> to_det;
  Interconnect(sc_core::sc_module_name n, const SimConfig &c, Stats &st);
  // Port utilisation over `cycles` into st (end of run).
  void report(uint64_t cycles);

 private:
  void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
  uint64_t flits(uint64_t bytes) const { return by_flit_.div_up(bytes); }
  uint64_t occ(uint64_t fl) const { return by_port_.div_up(fl); }
  uint64_t docc(uint64_t fl) const { return by_det_port_.div_up(fl); }
  FastDiv by_flit_, by_port_, by_det_port_;
  const SimConfig &c_;
  Stats &st_;
  AddrMap map_;
  std::vector<Resource> inj_, ej_;       // per source: injection and ejection ports
  std::vector<Resource> l2_in_, l2_out_; // per L2 slice
  std::vector<Occupancy> reply_q_;       // per L2 slice: its reply queue (l2_reply_queue)
  Resource det_in_;                      // the detector's input port (side-band, fences)
  std::vector<Resource> md_out_, md_in_; // the metadata accessor's link to each L2 slice
  // Per SM: its crossbar input buffer (xbar_in_buf entries, the cycle each is free again, used
  // in turn: the credits) and the cycle its last request left it (in order: first in, first out).
  std::vector<std::vector<uint64_t>> inbuf_;
  std::vector<uint64_t> inbuf_n_, last_dep_;
};
