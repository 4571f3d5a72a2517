// sim_config.h -- configuration of the TLM GPU model (scord-sim): timing parameters with the
// paper's Table V defaults, the detector parameters (scord_params, one source of truth in
// ref/include/scord/scord.h) and the run options. Every parameter can be set from the command
// line (--key=value, dashes or underscores) or a config file (key=value lines).
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "scord/rtl_params.h"
#include "scord/scord.h"

// X(name, default, min, max, doc). Cycles are core cycles (docs/tlm.md "Time").
#define SIM_PARAM_LIST(X)                                                                   \
  X(line_bytes, 128, 32, 4096, "cache line and coalescing segment (Table V: 128 B)")        \
  X(l1_bytes, 16384, 1024, 1 << 24, "L1 data cache per SM (Table V: 16 KB)")                \
  X(l1_ways, 4, 1, 64, "L1 associativity (Table V: 4)")                                     \
  X(l1_lat, 35, 1, 10000, "L1 hit latency (authors' GPGPU-Sim configuration: 35)")        \
  X(l1_mshrs, 32, 1, 65536, "L1 MSHRs per SM: line fills in flight (GPGPU-Sim GTX 480 dl1)") \
  X(l1_miss_queue, 8, 1, 65536, "requests from the L1 waiting to enter the interconnect")   \
  X(xbar_in_buf, 8, 1, 65536, "requests an SM's crossbar input buffer holds (its credits; docs/tlm.md Buffers)") \
  X(xbar_hol, 1, 0, 1, "1: an SM's requests leave the crossbar input in order (head-of-line blocking); 0: per-slice queues") \
  X(l2_queue, 8, 1, 65536, "L2 input queue per slice (GPGPU-Sim icnt-to-L2 queue: 8)")      \
  X(l2_mshrs, 32, 1, 65536, "L2 MSHRs per slice: line fills from DRAM in flight (GPGPU-Sim GTX 480 dl2)") \
  X(l2_reply_queue, 8, 1, 65536, "L2-to-crossbar reply queue per slice (GPGPU-Sim L2-to-icnt queue: 8)") \
  X(dram_queue, 8, 1, 65536, "L2-to-DRAM queue per slice (GPGPU-Sim L2-to-DRAM queue: 8)") \
  X(dram_sched_queue, 16, 1, 65536, "requests a DRAM channel's FR-FCFS scheduler holds until their last column command (GPGPU-Sim GTX 480: 16)") \
  X(l2_bytes, 1572864, 12288, 1ull << 32, "L2 total over all slices (Table V: 1.5 MB)")     \
  X(l2_ways, 8, 1, 64, "L2 associativity (Table V: 8)")                                     \
  X(channels, 12, 1, 256, "memory channels (Table V: 12)")                                  \
  X(l2_subparts, 2, 1, 16, "L2 slices per channel (authors' sub-partitions: 2, so 24 slices)") \
  X(l2_lat, 120, 1, 10000, "arrival at an L2 slice to its tag result and hit data (authors' ROP latency: 120)") \
  X(atom_lat, 8, 0, 10000, "extra latency of an atomic at the L2")                          \
  X(addr_map, 0, 0, 1, "0: consecutive lines to consecutive L2 slices, a channel's slices adjacent; 1: the authors' GPGPU-Sim mapping (docs/dram.md)") \
  X(core_mhz, 700, 1, 100000, "core clock (MHz): the unit of every cycle figure but the DRAM timings") \
  X(dram_mhz, 700, 1, 100000, "DRAM command clock (MHz): the unit of the dram_t* timings and dram_burst") \
  X(dram_banks, 16, 1, 256, "banks per channel")                                            \
  X(dram_bank_groups, 1, 1, 64, "bank groups per channel (bank b in group b mod groups; 1: none)") \
  X(dram_row_lines, 16, 1, 1024, "addr_map=0: lines per DRAM row (row buffer = row_lines*line_bytes)") \
  X(dram_atom_bytes, 128, 8, 4096, "bytes one column command moves (a line takes line_bytes/atom commands)") \
  X(dram_burst, 8, 1, 1000, "data-bus cycles per column command")                           \
  X(dram_tccd, 0, 0, 1000, "column to column command, any bank group")                      \
  X(dram_tccdl, 0, 0, 1000, "column to column command, same bank group")                    \
  X(dram_trrd, 6, 0, 1000, "GDDR5 tRRD (Table V)")                                          \
  X(dram_trcd, 12, 0, 1000, "GDDR5 tRCD (Table V)")                                         \
  X(dram_tras, 28, 0, 1000, "GDDR5 tRAS (Table V)")                                         \
  X(dram_trp, 12, 0, 1000, "GDDR5 tRP (Table V)")                                           \
  X(dram_trc, 40, 0, 1000, "GDDR5 tRC (Table V)")                                           \
  X(dram_tcl, 12, 0, 1000, "GDDR5 tCL (Table V)")                                           \
  X(dram_twl, 12, 0, 1000, "write command to its data")                                     \
  X(dram_tcdlr, 0, 0, 1000, "last write data to a read command")                            \
  X(dram_twr, 0, 0, 1000, "last write data to precharge")                                   \
  X(dram_trtpl, 0, 0, 1000, "read command to precharge (at least dram_burst)")              \
  X(dram_turnaround, 0, 0, 1000, "bus cycles between a read's data and a write's")          \
  X(dram_lat, 100, 0, 10000, "memory-controller latency before the scheduler, core cycles (authors' DRAM latency: 100)") \
  X(flit_bytes, 40, 4, 1024, "interconnect flit size (authors' configuration: 40)")       \
  X(port_flits, 1, 1, 64, "flits per cycle per interconnect port")                          \
  X(icnt_lat, 16, 1, 10000, "interconnect traversal latency")                               \
  X(req_hdr_bytes, 8, 0, 1024, "header of a base request or reply (address, command)")      \
  X(scord_hdr_bytes, 5, 0, 1024, "ScoRD side-band bytes added to every access request (authors: 5)") \
  X(fence_pkt_bytes, 8, 0, 1024, "ScoRD fence packet")                                      \
  X(det_port_flits, 4, 1, 64, "flits per cycle of the detector's interconnect ports")       \
  X(det_queue, 64, 1, 1 << 20, "detector input queue entries (packets)")                    \
  X(det_inflight, SCORD_RTL_DEF_MaxOutstanding, 1, 1 << 20, "line beats in flight per slice (RTL MaxOutstanding)")    \
  X(det_beat_lanes, 16, 1, 32, "distinct entries one slice checks per beat (the RTL: a whole 16-entry metadata line)")       \
  X(det_slices, SCORD_RTL_DEF_Slices, 1, 64, "detector slices, metadata line L in slice L mod slices (RTL Slices)") \
  X(det_owner_ports, SCORD_RTL_DEF_OwnerPorts, 1, 32, "owner fence-file read ports per slice (RTL OwnerPorts)")    \
  X(det_buf_banks, SCORD_RTL_DEF_BufBanks, 1, 1024, "line-buffer banks per slice: reads run this many beats ahead (RTL BufBanks)") \
  X(det_buf_bypass, SCORD_RTL_DEF_BufBanks / 2 < 2 ? 2 : SCORD_RTL_DEF_BufBanks / 2, 1, 1024, "bypass entries per slice for lines not there when read (RTL BypDepth: BufBanks / 2, at least 2)") \
  X(det_buf_read, SCORD_RTL_DEF_BufReadCycles, 1, 1000, "cycles of a line-buffer bank read (RTL BufReadCycles)") \
  X(det_buf_path, 17, 1, 1000, "cycles from a line's arrival to its data out of its bank (RTL write, settle, read)") \
  X(det_pred_sets, SCORD_RTL_DEF_PredSets, 2, 4096, "predecessor-table sets per slice, a power of two (RTL PredSets)") \
  X(det_pred_ways, SCORD_RTL_DEF_PredWays, 1, 16, "predecessor-table ways: lines in flight per set (RTL PredWays)") \
  X(det_slice_queue, SCORD_RTL_DEF_QueueDepth + 4, 1, 1024, "beats a slice holds between the splitter and its slots (RTL QueueDepth, spill register 2, stages A and B)") \
  X(det_lat, 7, 0, 10000, "cycles from leaving the check to the checked line back (RTL: 9-cycle same-line chain)") \
  X(ovh_lhd, 1, 0, 1, "time the detector-only packets on L1 hits (Fig. 10 LHD)")            \
  X(ovh_noc, 1, 0, 1, "charge ScoRD header bytes and fence packets (Fig. 10 NOC)")          \
  X(ovh_md, 1, 0, 1, "time metadata reads/writes through L2 and DRAM (Fig. 10 MD)")         \
  X(alu_lat, 4, 1, 1000, "latency of a compute instruction to the warp's next one")         \
  X(sm_schedulers, 1, 1, 8, "warp schedulers per SM, each issuing one instruction a cycle; warp w is on scheduler w mod n (authors: 2)") \
  X(sm_gto, 0, 0, 1, "0: a scheduler issues its warp that is ready first; 1: greedy-then-oldest, its last warp while ready, else its oldest ready one (authors: gto)") \
  X(spin_limit, 1000000, 1, UINT64_MAX, "failed tries of one polling instruction before the run stops as hung") \
  X(quantum, 100, 1, 1000000, "temporal-decoupling quantum (cycles)")                       \
  X(rtl_one_eval, 1, 0, 1, "rtl|both: one Verilator eval() per cycle where the sampled outputs are registered (1) or two, clock low then high (0); the same results") \
  X(scale, 1, 1, 1000, "size multiplier of the built-in workloads")                         \
  X(seed, 1, 0, UINT64_MAX, "seed of the built-in workloads")

struct SimConfig {
#define SIMCFG_X(n, d, lo, hi, doc) uint64_t n = (d);
  SIM_PARAM_LIST(SIMCFG_X)
#undef SIMCFG_X
  scord_params det{};           // detector parameters (NumSms, CtasPerSm, WarpsPerSm, ...)
  std::string detector = "ref"; // off | ref | rtl | both
  // How the C-model detector (ref) is timed: "model" = the analytic queue/pipeline above
  // (det_*), "ideal" = the check costs no cycles and no queue slot while its metadata still
  // travels through the L2 and DRAM (the paper's simulator; the line-rate yardstick).
  std::string detector_timing = "model";
  // Where the detector sits (docs/tlm.md "Detector placement"): "central" = one detector off the
  // interconnect (the paper's Figure 6); "l2" = a detector slice beside each L2 sub-partition,
  // fed by the requests that reach it, reading metadata kept in that sub-partition.
  std::string det_placement = "central";
  std::string workload;         // built-in name, or "" when a trace file is given
  int size = 0;                 // --size of an application workload: GEN_SMALL/LARGE/PAPER (gen.h)
  std::string inject;           // --inject of an application workload: switch names or "all"
  std::string trace;            // trace file path
  std::string dump_vectors;     // --dump-vectors FILE
  std::string vcd;              // --trace FILE / +trace: RTL waveform (detector rtl|both)
  std::vector<std::string> plusargs;  // +ARG (other than +trace): passed to the Verilated RTL
  uint64_t trace_from = 0, trace_to = UINT64_MAX;  // --trace-from, --trace-to: the cycles traced
  std::string write_trace;      // --write-trace FILE (built-in workload as a trace)
  bool progress = false;
  bool compare_off = false;
  bool bench = false;
  bool print_config_only = false;
  bool stats_only = false;      // print statistics without the config block and races
  bool quiet_races = false;
  bool child_prints_races = false;  // run_sim_forked: the child prints its race lines (--compare-off "on")

  SimConfig();
  bool det_on() const { return detector != "off"; }
  uint64_t l2_slices() const { return channels * l2_subparts; }  // L2 slices in all
  bool det_at_l2() const { return det_placement == "l2"; }
};

// Set `key` (dashes allowed) to `value`: a timing parameter, a detector parameter or a run
// option. Returns false with a message naming the key in `err`.
bool sim_config_set(SimConfig &c, const std::string &key, const std::string &value, std::string &err);
// Load key=value lines (# comments) from `path`, or, when no such file exists, from the
// compiled-in preset of that name (tlm/configs/NAME.cfg); errors are "FILE:LINE: message".
bool sim_config_load(SimConfig &c, const std::string &path, std::string &err);
// The text of preset `name` (tlm/configs/NAME.cfg, compiled in), nullptr if there is none.
const char *sim_preset_text(const std::string &name);
// Finalize the detector parameters and check cross-parameter rules.
bool sim_config_finalize(SimConfig &c, std::string &err);
// Print the full configuration, one `key=value` per line, each prefixed by `prefix`.
void sim_config_print(FILE *f, const SimConfig &c, const char *prefix);
// One-line listing of the timing parameters for the --help text.
void sim_config_help(FILE *f);
// Parse an unsigned decimal or 0x-hex number (no sign; scord_parse_u64); false on error.
bool parse_u64(const char *s, uint64_t &out);
// names[0..n-1] joined by sep (for messages listing the accepted values).
std::string join_names(const char *const *names, int n, const char *sep);
