// stats.h -- statistics of one scord-sim run (docs/tlm.md "Statistics"); plain data so a
// --compare-off child process can send it to its parent through a pipe.
#pragma once
#include <cstdint>

constexpr int kMaxSms = 256;

enum ByteKind { BK_DATA_REQ, BK_DATA_RESP, BK_SCORD_HDR, BK_LHD_PKT, BK_FENCE_PKT, BK_MD_REQ, BK_MD_RESP, BK_COUNT };
inline const char *util_name(int k) {
  static const char *n[] = {"sm_inject", "sm_eject", "l2_in", "l2_out", "l2_tag", "dram_bus", "md_link", "det_in"};
  return n[k];
}
inline const char *byte_kind_name(int k) {
  static const char *n[BK_COUNT] = {"data_req", "data_resp", "scord_hdr", "l1hit_pkt", "fence_pkt", "md_req", "md_resp"};
  return n[k];
}

struct Stats {
  uint64_t cycles = 0;
  uint64_t kernels = 0;
  uint64_t ctas = 0;
  uint64_t sm_insts[kMaxSms] = {};
  uint64_t sm_busy_until[kMaxSms] = {};
  uint64_t warp_insts = 0;
  uint64_t issue_lead_max = 0;  // most cycles an SM issued ahead of SystemC time (< quantum)
  uint64_t mem_insts = 0, mem_reqs = 0;
  uint64_t spin_instrs = 0, spin_fails = 0;  // polling instructions completed, their failed tries
  uint64_t l1_load_hits = 0, l1_load_misses = 0, l1_mshr_merges = 0, l1_bypass = 0;
  uint64_t l1_mshr_stall_cycles = 0, miss_queue_stall_cycles = 0;  // requests held for an MSHR / a miss-queue entry
  uint64_t xbar_buf_stall_cycles = 0;   // requests held in the miss queue for a crossbar input-buffer entry
  uint64_t xbar_hold_cycles = 0;        // requests held in the crossbar: their slice's queue full, or the packet ahead
  uint64_t l2_queue_stall_cycles = 0;   // of which: waiting for an entry of the L2 input queue
  uint64_t l2_mshr_stall_cycles = 0;    // L2 misses waiting for an MSHR (the slice's pipeline stalls behind them)
  uint64_t dram_queue_stall_cycles = 0; // L2 misses and write-backs waiting for an L2-to-DRAM queue entry (pipeline stalls)
  uint64_t dram_sched_stall_cycles = 0; // DRAM requests waiting for an entry of their channel's scheduler queue
  uint64_t l2_reply_stall_cycles = 0;   // replies waiting for an entry of their slice's reply queue (pipeline stalls)
  uint64_t eject_hold_cycles = 0;       // replies held at their slice's output until the destination's ejection port is free
  uint64_t l2_hits[2] = {}, l2_misses[2] = {};  // [0] data, [1] metadata
  uint64_t dram_reads[2] = {}, dram_writes[2] = {};
  uint64_t dram_row_hits = 0;           // requests served without an activate of their own
  uint64_t dram_stall_idle_cycles = 0;  // DRAM cycles a channel's queue was full, its bus under half busy
  // Over the channel-cycles counted there, sums of what the full queue held: distinct banks,
  // distinct rows (bank and row), metadata requests, writes (docs/dram.md "Statistics").
  uint64_t dram_stall_idle_ch_cycles = 0, dram_stall_idle_banks = 0, dram_stall_idle_rows = 0;
  uint64_t dram_stall_idle_md = 0, dram_stall_idle_writes = 0;
  uint64_t dram_cycles = 0;             // the run in DRAM cycles
  uint64_t dram_forecast_late = 0, dram_forecast_late_cycles = 0, dram_forecast_early = 0;  // docs/dram.md
  uint64_t icnt_bytes[BK_COUNT] = {};
  uint64_t det_packets = 0, det_words = 0, det_fences = 0, det_outside = 0;
  // v2.0 (detector-v2.md): releases and acquires of ordered accesses, syncwarp notifications.
  uint64_t det_releases = 0, det_acquires = 0, det_syncwarps = 0;
  uint64_t det_stall_cycles = 0;        // sum over packets of (accepted - arrived)
  uint64_t det_stalled_packets = 0;
  uint64_t det_timed = 0;                     // packets through the queue model
  uint64_t det_occ_sum = 0, det_occ_max = 0;  // queue occupancy seen at arrivals
  uint64_t lhd_stall_cycles = 0;        // L1-hit loads delayed by the detector
  uint64_t races = 0, race_overflow = 0;
  uint64_t det_md_reads = 0, det_md_writes = 0;  // metadata line transactions
  uint64_t det_ring_writes = 0;  // race records written to the race ring (line-rate RTL)
  // v2.0 fence-ID scrubs (detector-v2.md section 4): sweeps, metadata lines read and rewritten,
  // and the cycles the checks waited for them.
  uint64_t det_scrubs = 0, det_scrub_lines = 0, det_scrub_writes = 0, det_scrub_cycles = 0;
  uint64_t det_drain_cycles = 0, det_drain_max = 0;  // kernel ends held for the detector (sum, most)
  uint64_t det_engine_cycles = 0;  // self-timed engine (RTL): its clock when it finished its work
  uint64_t det_engine_evaluated = 0;  // RTL engine: cycles evaluated (the clock less skipped idle cycles)
  // Line-beat model (--detector=ref, timing model; docs/tlm.md "Pipeline and metadata").
  uint64_t det_beats = 0;          // line beats (one instruction's lanes in one metadata line)
  uint64_t det_beat_cycles = 0;    // slice pipeline cycles booked by beats and broadcast fences
  uint64_t det_owner_cycles = 0;   // of those, extra cycles for owners beyond det_owner_ports
  uint64_t det_fwd_beats = 0;      // beats that forwarded from an in-flight beat of their line
  uint64_t det_split_wait = 0;     // cycles the splitter held an item for a slice's full queue
  uint64_t det_pred_collisions = 0;  // beats of a new line whose predecessor-table set was full
  uint64_t det_pred_wait_cycles = 0; // cycles those beats (and the slice's intake) waited for a way
  uint64_t det_dup_lanes = 0;      // lanes whose entry an earlier lane of the instruction had
  uint64_t det_slice_max_cycles = 0;  // booked cycles of the busiest slice
  double wall_seconds = 0;
  // Busy share of the run's cycles (mean over instances, and the busiest one) per resource class.
  enum { U_SM_INJ, U_SM_EJ, U_L2_IN, U_L2_OUT, U_L2_TAG, U_DRAM_BUS, U_MD_LINK, U_DET_IN, U_COUNT };
  double util_mean[U_COUNT] = {}, util_max[U_COUNT] = {};
  // dram_stall_idle_pct: the share of DRAM cycles with a queue full while its bus idled.
  double dram_stall_idle_pct() const {
    return dram_cycles ? 100.0 * (double)dram_stall_idle_cycles / (double)dram_cycles : 0.0;
  }
};
