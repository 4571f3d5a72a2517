// detector.h -- the RaceDetector TLM module: hangs off the interconnect, receives the side-band
// of every access request, the detector-only packets of L1 hits and fence packets, runs the
// decision logic (a DetectorEngine) in arrival order, and times its work: a bounded input queue
// that pushes back on the interconnect, a detection pipeline, and a metadata accessor that
// reads and writes 8-byte entries through the L2 at MdBase + 8*index (paper Figure 6).
// With --dump-vectors it writes its arrival stream as a vectors file (format 2 under spec_version=2).
#pragma once
#include <cstdio>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "detector_engine.h"
#include "addr_map.h"
#include "fastdiv.h"
#include "payload.h"
#include "resource.h"
#include "sm_host.h"
#include "sim_config.h"
#include "stats.h"

class RaceDetector : public sc_core::sc_module, public MdTimer, public TrackerObserver {
 public:
  tlm_utils::simple_target_socket<RaceDetector> tsock;      // packets from the interconnect
  tlm_utils::simple_initiator_socket<RaceDetector> md_sock; // metadata accessor -> interconnect

  RaceDetector(sc_core::sc_module_name n, const SimConfig &c, Stats &st, DetectorEngine &eng,
               FILE *dump);
  ~RaceDetector() override { mgp_.clear_extension(&mext_); }  // a member, not the payload's to free
  // Kernel boundary: engine reset (detector.md section 7) and a `kernel` line in the dump.
  void kernel(const std::string &name);
  // A tracker-only event (bar, cta): for the dump, and for an engine with RTL trackers.
  void note(const scord_event &ev) override;
  // Kernel end at cycle t (docs/tlm.md "Drain"): the cycle (>= t) by which every packet received
  // is checked: the RTL run until quiet, or the timing model's last check; counted in the stats.
  uint64_t drain(uint64_t t);
  // End of the run: a self-timed engine (RTL) finishes its work; its last races are collected.
  void finish();
  const std::vector<scord_race> &races() const { return races_; }
  // MdTimer: one metadata entry read or posted write through the L2 (self-timed engines).
  uint64_t md_access(uint64_t index, bool write, uint64_t t) override;
  uint64_t md_min_read_latency() const override;
  uint64_t ring_write(uint64_t addr, uint64_t t) override;
  uint64_t overflow() const { return eng_->overflow(); }

 private:
  void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
  // An input queue of det_queue packets: the cycle each of the last det_queue packets left it.
  struct InQueue {
    std::vector<uint64_t> start;
    uint64_t n = 0;  // packets so far
  };
  uint64_t timing(uint64_t arrive, bool fence, int slice);
  uint64_t admit(InQueue &q, uint64_t arrive, uint64_t *slot, bool count);
  uint64_t timing_beats(uint64_t arrive, bool fence, int slice);
  uint64_t timing_fence_l2(uint64_t arrive);
  void note_lane(const scord_access &a, const MdTouch &first);
  uint64_t md_txn(uint64_t line, bool write, uint32_t entries, uint64_t t);
  uint64_t md_local_line(uint64_t addr, unsigned *slice) const;
  uint64_t md_line_of_entry(uint64_t index) const;
  void scrub_sweep(uint64_t t0);
  void ctx(const scord_event &ev, unsigned lane, uint64_t cycle);
  const SimConfig &c_;
  FastDiv by_line_;  // line_bytes: metadata entry -> its L2 line, per transaction
  // The L2 line of metadata entry `index` in the central layout (MdBase + 8 * index).
  uint64_t md_line_central(uint64_t index) const { return by_line_.div(c_.det.md_base + 8 * index); }
  Stats &st_;
  DetectorEngine *eng_;  // owned by the run (run_sim), which outlives the simulation
  FILE *dump_;
  std::vector<scord_race> races_;
  std::vector<MdTouch> md_;
  std::vector<MdTouch> scrub_md_;  // the entries the last fence's scrub walked (take_scrub)
  std::vector<uint64_t> rd_lines_, wr_lines_;   // metadata lines touched by a packet
  std::vector<uint32_t> rd_cnt_, wr_cnt_;       // entries touched in each of them
  // Input queues: one (det_placement=central), or one per detector slice (l2); the ideal
  // model's completion of the last det_inflight * det_slices packets (central) or, per L2
  // slice, of that slice's last det_inflight (l2).
  std::vector<InQueue> inq_;
  std::vector<uint64_t> done_ring_;
  uint64_t last_done_ = 0;    // timing model: the latest check completion booked so far
  uint64_t stream_line_ = 4;  // line of the last event in a --dump-vectors file (4 header lines)
  bool self_timed_ = false;
  bool ideal_ = false;        // --detector-timing=ideal (C model only)
  // Line-beat model: one lane of the packet being timed (first touch of its entry).
  struct Lane {
    uint64_t index;
    uint64_t md_key;   // its metadata line: the beat it joins (the index's line; l2: per slice)
    uint64_t md_line;  // that metadata line's L2 line (address / line_bytes)
    uint32_t tag;
    uint32_t owner;  // foreign owner's warp number (sm * warps_per_sm + warp), or kNoOwner
  };
  static constexpr uint32_t kNoOwner = ~0u;
  std::vector<Lane> lanes_;
  scord_layout lay_{};
  std::vector<Resource> slice_pipe_;             // per slice: the line accessor's intake
  std::vector<uint64_t> chk_free_;                // per slice: first cycle the in-order check is free
  std::vector<std::vector<uint64_t>> handed_;     // per slice: hand-over cycles of the last det_buf_banks beats
  std::vector<std::vector<uint64_t>> byp_busy_;   // per slice: each bypass entry busy until
  std::vector<uint64_t> last_reach_;              // per slice: when the read pointer reached the last beat
  std::vector<std::vector<uint64_t>> slice_done_;  // completion of the last det_inflight beats
  std::vector<uint64_t> slice_n_;                 // beats per slice so far
  std::vector<std::vector<uint64_t>> slice_taken_;  // per slice: slot-taking cycles of the last det_slice_queue beats
  std::vector<uint64_t> slice_cycles_;            // cycles booked per slice
  std::vector<Resource> ingress_;                 // the splitter (per slice at l2): one beat per cycle
  bool at_l2_ = false;                            // det_placement=l2
  AddrMap map_;                                   // l2: the L2 slices' address interleaving
  uint64_t md_local_base_ = 0, md_slice_lines_ = 1;  // l2: each slice's metadata region
  // Last beat of each metadata line still possibly in flight (direct-mapped by line).
  struct LineDone {
    uint64_t line = ~0ull, done = 0;
  };
  std::vector<LineDone> line_done_ = std::vector<LineDone>(1u << 16);
  // Per slice, the predecessor table: det_pred_sets x det_pred_ways ways, each the line of a
  // chain of beats in flight and the cycle its youngest beat is back (the way is free then).
  std::vector<std::vector<LineDone>> pred_;
  uint64_t pred_way(uint64_t s, uint64_t line, uint64_t start, bool follower, LineDone **way);
  LineDone &line_slot(uint64_t line, uint64_t start);
  std::vector<uint64_t> done_lines_, slot_idx_;  // scratch of timing_beats
  std::vector<uint32_t> slot_tag_, slot_owner_, owners_;
  tlm::tlm_generic_payload mgp_;
  ScordExt mext_;
};

// The `config` line of a dumped vector file: every detector parameter of the run (race_buf_entries
// excepted, so scord-vec sizes its buffer as for any vector).
void write_vector_header(FILE *f, const SimConfig &c, const std::string &workload);
