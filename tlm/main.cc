// main.cc -- scord-sim: run a workload (kernel trace or built-in generator) on the SystemC
// TLM-2.0 GPU model with the ScoRD detector, print the configuration, the races and the
// statistics; --compare-off measures the detector's overhead as the paper's Figures 8-10 do;
// --bench measures simulation speed. See docs/tlm.md.
#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <csignal>
#include <sched.h>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <string>
#include <systemc>
#include <unistd.h>
#include <vector>

#include "apps.h"
#include "builtin.h"
#include "detector_engine.h"
#include "dram.h"
#include "memsys.h"
#include "run.h"
#include "sim_error.h"
#include "sim_config.h"
#include "trace.h"

// Print the usage text and every parameter with its default.
static void usage(FILE *f) {
  fprintf(f,
          "usage: scord-sim [options] [TRACE]\n"
          "Runs TRACE (docs/trace-format.md) or a built-in workload on the TLM GPU model.\n"
          "  --workload=NAME       built-in workload: %s (default: default)\n"
          "  --detector=MODE       off | ref (C model) | rtl (the Verilated line-rate RTL, timing the system) |\n"
          "                        both (that RTL checked against the C model: write-backs, metadata at\n"
          "                        each kernel boundary, races; docs/cosim.md)\n"
          "  --detector-timing=T   ref only: model (analytic queue and pipeline, det_* below; default) |\n"
          "                        ideal (the check costs no cycles; metadata still goes through L2/DRAM)\n"
          "  --det-placement=P     central (one detector off the interconnect; default) | l2 (a detector\n"
          "                        slice beside each L2 sub-partition, metadata in that sub-partition; ref only)\n"
          "  --trace FILE, +trace  RTL waveform of an rtl|both run: FST, VCD if FILE ends in .vcd (+trace: scord-sim.fst)\n"
          "  --trace-from=C --trace-to=C  only RTL cycles C..C in the waveform (default: the whole run)\n"
          "  +ARG                  passed to the Verilated RTL (its $test$plusargs)\n"

          "  --dump-vectors FILE   write the detector's arrival stream as a vectors file (format 2 with spec_version=2)\n"
          "  --compare-off         run with detection off and on (and each overhead source off):\n"
          "                        overhead, DRAM-access ratio, Figure 10 breakdown\n"
          "  --bench               simulation speed (warp instructions/s) on the workload, detection off and on\n"
          "  --bench-reps=N        runs of each --bench configuration, best and median reported (1..100, default 3)\n"
          "  --calibrate           memory-system microbenchmarks (latencies, bandwidths, atomic throughput),\n"
          "                        measured next to the values the configuration implies\n"
          "  --config FILE         key=value lines; the command line overrides them\n"
          "  --write-trace FILE    write the (built-in) workload as a trace file and exit\n"
          "  --print-config        print the configuration and exit\n"
          "  --stats-only          print only the statistics\n"
          "  --progress, --no-progress   progress line on stderr (default: when stderr is a tty)\n"
          "  --KEY=VALUE           any parameter below (dashes or underscores):\n",
          builtin_names().c_str());
  sim_config_help(f);
}

namespace {
struct Args {
  std::vector<std::pair<std::string, std::string>> sets;
  std::vector<std::string> config_files;
  std::string trace;
  int progress = -1;
  bool calibrate = false;
  unsigned bench_reps = 3;  // --bench-reps: runs of each configuration, the best and median kept
};
}  // namespace

// Usage or input error: message on stderr, exit status 2.
static void die(const std::string &m) {
  fprintf(stderr, "scord-sim: %s\n", m.c_str());
  exit(2);
}

// A cycle number of --trace-from/--trace-to; dies naming the option on anything else.
static uint64_t cycle_arg(const std::string &opt, const std::string &v) {
  uint64_t n = 0;
  if (scord_parse_u64(v.c_str(), &n) != 0) die(opt + ": '" + v + "' is not a cycle number");
  return n;
}

// Build the configuration: defaults, --config files, the trace's config lines, command line.
static void configure(SimConfig &c, Workload &w, const Args &a) {
  std::string err;
  for (auto &f : a.config_files)
    if (!sim_config_load(c, f, err)) die(err);
  auto apply_cmdline = [&]() {
    for (auto &kv : a.sets)
      if (!sim_config_set(c, kv.first, kv.second, err)) die("--" + kv.first + ": " + err);
  };
  if (!a.trace.empty()) {
    if (!trace_read(a.trace, w, err)) {
      fprintf(stderr, "%s\n", err.c_str());
      exit(2);
    }
    for (auto &kv : w.config)
      if (!sim_config_set(c, kv.first, kv.second, err)) die(a.trace + ": config " + err);
    apply_cmdline();
    if (c.size != GEN_SMALL || !c.inject.empty())
      die("--size and --inject choose an application's workload (--workload=APP), not the trace '" + a.trace + "'");
    c.trace = a.trace;
  } else {
    apply_cmdline();
    if (c.workload.empty()) c.workload = "default";
    if (!builtin_workload(c.workload, c, w, err)) die(err);
  }
  if (!sim_config_finalize(c, err)) die(err);
  if (c.det.num_sms > (uint64_t)kMaxSms) die("num_sms above 256 is not supported by the statistics");
  if (!trace_check(w, c.det, err)) {
    fprintf(stderr, "%s\n", err.c_str());
    exit(2);
  }
  if (a.progress >= 0) c.progress = a.progress;
  else c.progress = isatty(2);
}

// Slowdown of `on` over `off` in percent.
static double pct(uint64_t on, uint64_t off) { return off ? 100.0 * ((double)on / (double)off - 1.0) : 0.0; }

// --compare-off: six runs (off, on, on without each overhead source, on without all three),
// one child process each; prints the overhead, the DRAM ratio and the Figure-10 breakdown.
static int compare_off(SimConfig c, const Workload &w) {
  struct V {
    const char *name;
    bool det;
    int lhd, noc, md;
  } vs[] = {{"off", false, 1, 1, 1}, {"on", true, 1, 1, 1}, {"on_no_lhd", true, 0, 1, 1},
            {"on_no_noc", true, 1, 0, 1}, {"on_no_md", true, 1, 1, 0}, {"on_none", true, 0, 0, 0}};
  Stats st[6];
  std::string err;
  c.dump_vectors.clear();
  c.vcd.clear();  // six child runs: no waveform
  for (int i = 0; i < 6; i++) {
    SimConfig v = c;
    v.detector = vs[i].det ? (c.detector == "off" ? "ref" : c.detector) : "off";
    v.ovh_lhd = vs[i].lhd;
    v.ovh_noc = vs[i].noc;
    v.ovh_md = vs[i].md;
    v.progress = false;
    v.child_prints_races = i == 1;  // the races of the full detection run, before its summary
    int rc = run_sim_forked(v, w, st[i], err);
    if (rc) die(std::string(vs[i].name) + ": " + err);
    uint64_t dram = st[i].dram_reads[0] + st[i].dram_writes[0] + st[i].dram_reads[1] + st[i].dram_writes[1];
    printf("run %-10s cycles %-10" PRIu64 " dram_data %-9" PRIu64 " dram_md %-9" PRIu64 " dram %-9" PRIu64
           " races %" PRIu64 " stall_idle_pct %.2f wall %.2fs\n",
           vs[i].name, st[i].cycles, st[i].dram_reads[0] + st[i].dram_writes[0], st[i].dram_reads[1] + st[i].dram_writes[1],
           dram, st[i].races, st[i].dram_stall_idle_pct(),
           st[i].wall_seconds);
  }
  auto dram = [](const Stats &s) { return s.dram_reads[0] + s.dram_writes[0] + s.dram_reads[1] + s.dram_writes[1]; };
  const Stats &off = st[0], &on = st[1];
  printf("workload %s md_ratio %" PRIu64 "\n", w.name.c_str(), c.det.md_ratio);
  printf("drain_cycles %" PRIu64 " (kernel ends of the run `on` held until the detector had checked its last access; "
         "most at one kernel end %" PRIu64 ")\n",
         on.det_drain_cycles, on.det_drain_max);
  printf("overhead_pct %.1f\n", pct(on.cycles, off.cycles));
  printf("dram_ratio %.3f (data %.3f, metadata %.3f of the detection-off total)\n",
         off.cycles ? (double)dram(on) / (double)std::max<uint64_t>(1, dram(off)) : 0.0,
         (double)(on.dram_reads[0] + on.dram_writes[0]) / (double)std::max<uint64_t>(1, dram(off)),
         (double)(on.dram_reads[1] + on.dram_writes[1]) / (double)std::max<uint64_t>(1, dram(off)));
  // Figure 10: switch each source's timing off, attribute the cycles it saves.
  double up[3];
  double sum = 0;
  for (int i = 0; i < 3; i++) {
    up[i] = on.cycles > st[2 + i].cycles ? (double)(on.cycles - st[2 + i].cycles) : 0.0;
    sum += up[i];
  }
  printf("breakdown lhd_pct %.1f noc_pct %.1f md_pct %.1f", sum ? 100 * up[0] / sum : 0.0, sum ? 100 * up[1] / sum : 0.0,
         sum ? 100 * up[2] / sum : 0.0);
  printf(" (cycles saved: lhd %.0f noc %.0f md %.0f; all three off: overhead_pct %.1f)\n", up[0], up[1], up[2],
         pct(st[5].cycles, off.cycles));
  return 0;
}

// One DRAM channel's controller on its own (docs/dram.md "Calibration"), reads only, every
// request there at cycle 0 (the queue admits them as entries free): its efficiency (data-bus
// cycles over the cycles from the first admission to the last data) and row-hit rate
// (1 - activates / requests).  dram_two_streams: two sequential streams, line by line in turn,
// over the same banks in rows 8 row spans apart; dram_random: lines at random in 1 GB.
static void dram_calibrate(const SimConfig &c) {
  const DramMap dm = DramMap::of(c);
  const uint64_t span = c.addr_map == 0 ? c.dram_row_lines * c.dram_banks : 65536 / c.line_bytes;
  const uint64_t n = 8192;
  auto measure = [&](const char *name, auto line_of) {
    DramCtrl d(dram_timing(c));
    for (uint64_t i = 0; i < n; i++) {
      DramReq r;
      r.id = i;
      dm.of_line(line_of(i), r.bank, r.row);
      d.push(r);
    }
    d.drain();
    const DramCtrl::Stats &s = d.stats();
    printf("calib %s efficiency=%.2f row_hit=%.2f\n", name, (double)s.busy / (double)(s.last_data - s.first_admit),
           1.0 - (double)s.acts / (double)s.served);
  };
  measure("dram_two_streams", [&](uint64_t i) { return (i & 1 ? 8 * span : 0) + i / 2; });
  uint64_t x = 0x9e3779b97f4a7c15ull;
  measure("dram_random", [&](uint64_t) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift64
    return x % ((1ull << 30) / c.line_bytes);
  });
}

// --calibrate: the calibration microbenchmarks (docs/tlm.md "Calibration"), detection off, each
// at --scale=1 and 2; prints what the difference of the two runs measures next to the value
// the configuration implies for an otherwise idle system (the formulas of docs/tlm.md).
static int calibrate(SimConfig c) {
  c.detector = "off";
  c.dump_vectors.clear();
  c.vcd.clear();
  c.progress = false;
  auto flits = [&](uint64_t b) { return (b + c.flit_bytes - 1) / c.flit_bytes; };
  auto occ = [&](uint64_t f) { return (double)((f + c.port_flits - 1) / c.port_flits); };
  const double lb = (double)c.line_bytes;
  const double req = occ(flits(c.req_hdr_bytes)), resp = occ(flits(c.req_hdr_bytes + c.line_bytes));
  // Request: injection port, crossbar, slice input port; reply: slice output port, crossbar,
  // ejection port (Interconnect::b_transport).
  const double net = 2 * req + 2 * resp + 2 * (double)c.icnt_lat;
  const double l2 = net + (double)c.l2_lat;
  // An L2 miss: the ROP and tag, the controller's latency, a row conflict (precharge,
  // activate, column) and the bursts; the fill answers as it arrives (L2Slice).
  // (DRAM timings are in DRAM cycles: dram_mhz; a line is `atoms` column commands, those of one
  // request in one bank group: dram_tccdl apart.)
  const double per = (double)c.core_mhz / (double)c.dram_mhz;
  const DramTiming dt = dram_timing(c);
  const double col_step = (double)std::max({dt.burst, dt.ccdl, dt.ccd});
  const double dram = l2 + (double)c.dram_lat +
                      per * (double)(c.dram_trp + c.dram_trcd + c.dram_tcl + c.dram_burst + (dt.atoms - 1) * col_step);
  const double subs = (double)c.l2_subparts;
  const double line_bus = per * (double)(dt.atoms * c.dram_burst);  // a line's data-bus time, core cycles
  const double chan_all_bw = lb / std::max(line_bus, resp / subs);  // a channel's slices together
  const double sm_bw = lb / resp;                                        // one SM's ejection port
  const double l2_bw = lb / std::max(1.0, resp);                         // slice output port (tag port 1/cycle)
  const double atom_req = occ(flits(c.req_hdr_bytes + 32 * 4));         // a 32-lane add: 4 B per lane
  const double atom_slice = std::min(1.0, 32.0 / atom_req);             // atomic unit: one lane per cycle
  const double ch = (double)c.channels, slices = (double)c.l2_slices(), sms = (double)c.det.num_sms;
  struct B {
    const char *name, *what, *unit;
    bool latency;
    double implied;
  } bs[] = {
      {"calib_l1", "L1 hit latency (pointer chase)", "cycles", true, (double)c.l1_lat},
      {"calib_l2", "L2 hit latency (pointer chase, L1 miss)", "cycles", true, l2},
      {"calib_dram", "DRAM latency (pointer chase, row conflict)", "cycles", true, dram},
      {"calib_bw_chan", "DRAM streaming bandwidth, one channel", "B/cycle", false, chan_all_bw},
      {"calib_bw", "DRAM streaming bandwidth, all channels", "B/cycle", false, std::min(ch * chan_all_bw, sms * sm_bw)},
      {"calib_bw_l2", "L2 streaming bandwidth, all slices", "B/cycle", false, std::min(slices * l2_bw, sms * sm_bw)},
      {"calib_atom_chan", "atomic throughput, one L2 slice", "lanes/cycle", false, atom_slice},
      {"calib_atom", "atomic throughput, all L2 slices", "lanes/cycle", false, slices * atom_slice},
  };
  printf("calibration (detection off; each figure from --scale=1 and 2, the difference of the two runs)\n");
  printf("%-16s %-44s %12s %12s %8s  %s\n", "benchmark", "measures", "measured", "config", "gap", "unit");
  for (const B &b : bs) {
    uint64_t cyc[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
      SimConfig v = c;
      v.scale = (uint64_t)k + 1;
      Workload w;
      std::string err;
      if (!builtin_workload(b.name, v, w, err)) die(err);
      Stats st;
      if (run_sim_forked(v, w, st, err)) die(std::string(b.name) + ": " + err);
      cyc[k] = st.cycles;
    }
    if (cyc[1] <= cyc[0]) die(std::string(b.name) + ": the larger run was not longer (" + std::to_string(cyc[0]) + ", " +
                             std::to_string(cyc[1]) + " cycles)");
    const double unit = (double)calib_unit(b.name, c), dc = (double)(cyc[1] - cyc[0]);
    const double m = b.latency ? dc / unit : unit / dc;
    printf("%-16s %-44s %12.2f %12.2f %+7.1f%%  %s\n", b.name, b.what, m, b.implied, 100.0 * (m / b.implied - 1.0), b.unit);
  }
  dram_calibrate(c);
  return 0;
}

// Pins the process (and the runs it forks) to one CPU: the one it is on, when its affinity
// allows more than one; prints which.  A failure only loses the pinning, and says so.
static void pin_to_one_cpu() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) {
    printf("bench cpu not pinned (sched_getaffinity: %s)\n", strerror(errno));
    return;
  }
  const int allowed = CPU_COUNT(&set), cpu = sched_getcpu();
  if (allowed == 1) {
    for (int i = 0; i < CPU_SETSIZE; i++)
      if (CPU_ISSET(i, &set)) printf("bench cpu %d (pinned by the caller)\n", i);
    return;
  }
  if (cpu < 0 || !CPU_ISSET(cpu, &set)) {
    printf("bench cpu not pinned (sched_getcpu: %s)\n", cpu < 0 ? strerror(errno) : "not in the affinity mask");
    return;
  }
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    printf("bench cpu not pinned (sched_setaffinity: %s)\n", strerror(errno));
    return;
  }
  printf("bench cpu %d (pinned: every run on this core, of %d allowed)\n", cpu, allowed);
}

// --bench: the workload with detection off and on; prints warp instructions per wall second.
// Each configuration runs `reps` times (each in its own process, run_sim_forked), the runs
// alternating between configurations so a slow spell of the machine hits all of them, and all
// on one core: the process pins itself to the CPU it runs on unless it is pinned already (on
// the 2-vCPU machines of docs/performance.md "Machine", one vCPU at times ran 30 % slower than the
// other, which decided a run's speed more than anything in the program).  The line gives the
// best wall time (the rates from it) and the median.  With an RTL engine a last line
// gives the RTL run's wall time over the C model's (target: at most 5x), best against best
// and median against median.
static int bench(SimConfig c, const Workload &w, unsigned reps) {
  std::string err;
  printf("bench workload %s scale %" PRIu64 " num_sms %" PRIu64 " runs %u\n", w.name.c_str(), c.scale, c.det.num_sms,
         reps);
  pin_to_one_cpu();
  std::vector<const char *> modes = {"off", "ref"};
  if (engine_is_rtl(c.detector)) modes = {"off", "ref", "rtl", "both"};
  std::vector<Stats> first(modes.size());
  std::vector<std::vector<double>> walls(modes.size());
  for (unsigned r = 0; r < reps; r++) {
    for (size_t m = 0; m < modes.size(); m++) {
      SimConfig v = c;
      v.detector = modes[m];
      v.dump_vectors.clear();
      v.vcd.clear();
      v.progress = false;
      Stats st;
      if (run_sim_forked(v, w, st, err)) die(err);
      if (r == 0) first[m] = st;
      else if (st.warp_insts != first[m].warp_insts || st.cycles != first[m].cycles)
        die(std::string("--bench: detector=") + modes[m] + " gave different results in two runs");
      walls[m].push_back(st.wall_seconds);
    }
  }
  std::vector<double> best(modes.size()), median(modes.size());
  for (size_t m = 0; m < modes.size(); m++) {
    std::vector<double> x = walls[m];
    std::sort(x.begin(), x.end());
    best[m] = x.front();
    median[m] = x.size() % 2 ? x[x.size() / 2] : (x[x.size() / 2 - 1] + x[x.size() / 2]) / 2;
    const Stats &st = first[m];
    printf("bench detector=%-4s warp_insts %" PRIu64 " cycles %" PRIu64 " wall %.3f s  %.0f warp-insts/s  %.0f cycles/s"
           "  %.0f det-events/s  (best of %u; median %.3f s)\n",
           modes[m], st.warp_insts, st.cycles, best[m], st.warp_insts / best[m], st.cycles / best[m],
           (st.det_words + st.det_fences) / best[m], reps, median[m]);
  }
  if (modes.size() > 2)  // modes[2]: the RTL engine alone; modes[1]: the C model
    printf("bench ratio %s/ref wall %.2fx best, %.2fx median\n", modes[2], best[2] / best[1], median[2] / median[1]);
  return 0;
}

// SIGINT/SIGTERM: ask the simulation to stop (sim_error.h); restore the default action so a
// second signal ends a run that does not reach a check.
static void on_stop_signal(int sig) {
  sim_request_stop();
  signal(sig, SIG_DFL);
}

// The SystemC banner is printed at the first elaboration unless this is set before it.
static const int kNoBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);

// Parse the command line, build the configuration and workload, run. Exit 0; 2 on a usage or
// input error; 1 when a model fails (co-simulation divergence); 130 when interrupted.
int sc_main(int argc, char **argv) {
  // The only signal handlers of the program: the simulation stops at its next check and the
  // run closes the waveform (sim_error.h); a second signal ends the process at once.
  signal(SIGINT, on_stop_signal);
  signal(SIGTERM, on_stop_signal);
  // Keep the output to the model's own lines (banner, "simulation stopped" info).
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  Args a;
  SimConfig c;
  bool write_only = false;
  std::string write_path;
  for (int i = 1; i < argc; i++) {
    std::string s = argv[i];
    auto value = [&](const std::string &opt) -> std::string {
      size_t eq = s.find('=');
      if (eq != std::string::npos) return s.substr(eq + 1);
      if (i + 1 >= argc) die(opt + " needs a value");
      return argv[++i];
    };
    if (s == "-h" || s == "--help") { usage(stdout); return 0; }
    else if (s == "--compare-off") c.compare_off = true;
    else if (s == "--bench") c.bench = true;
    else if (s.rfind("--bench-reps", 0) == 0 && (s.size() == 12 || s[12] == '=')) {
      const std::string v = value("--bench-reps");
      uint64_t n = 0;
      if (scord_parse_u64(v.c_str(), &n) != 0 || n < 1 || n > 100) die("--bench-reps: '" + v + "' is not a number in 1..100");
      a.bench_reps = (unsigned)n;
    }
    else if (s == "--calibrate") a.calibrate = true;
    else if (s == "--progress") a.progress = 1;
    else if (s == "--no-progress") a.progress = 0;
    else if (s == "--print-config") c.print_config_only = true;
    else if (s == "+trace") c.vcd = "scord-sim.fst";
    else if (s.size() > 1 && s[0] == '+') c.plusargs.push_back(s);  // for the RTL's $test$plusargs
    else if (s.rfind("--trace-from", 0) == 0 && (s.size() == 12 || s[12] == '=')) c.trace_from = cycle_arg("--trace-from", value("--trace-from"));
    else if (s.rfind("--trace-to", 0) == 0 && (s.size() == 10 || s[10] == '=')) c.trace_to = cycle_arg("--trace-to", value("--trace-to"));
    else if (s.rfind("--trace", 0) == 0 && (s.size() == 7 || s[7] == '=')) c.vcd = value("--trace");
    else if (s == "--stats-only") c.stats_only = true;
    else if (s.rfind("--config", 0) == 0 && (s.size() == 8 || s[8] == '=')) a.config_files.push_back(value("--config"));
    else if (s.rfind("--write-trace", 0) == 0 && (s.size() == 13 || s[13] == '=')) { write_only = true; write_path = value("--write-trace"); }
    else if (s.rfind("--dump-vectors", 0) == 0 && (s.size() == 14 || s[14] == '=')) a.sets.emplace_back("dump_vectors", value("--dump-vectors"));
    else if (s.rfind("--", 0) == 0) {
      size_t eq = s.find('=');
      if (eq == std::string::npos) {
        if (i + 1 >= argc) die(s + ": expected --key=value (see --help)");
        a.sets.emplace_back(s.substr(2), argv[++i]);
      } else {
        a.sets.emplace_back(s.substr(2, eq - 2), s.substr(eq + 1));
      }
    } else if (a.trace.empty()) {
      a.trace = s;
    } else {
      die("more than one trace file given ('" + a.trace + "' and '" + s + "')");
    }
  }
  if (a.calibrate && !a.trace.empty()) die("--calibrate runs its own workloads (docs/tlm.md \"Calibration\"), not '" + a.trace + "'");
  Workload w;
  configure(c, w, a);
  if (a.calibrate) return calibrate(c);
  if (c.detector_timing == "ideal" && engine_is_rtl(c.detector))
    die("--detector-timing=ideal times the C model: an rtl or both run is timed by the RTL");
  if (c.det_at_l2() && engine_is_rtl(c.detector))
    die("--det-placement=l2 times the C model: the RTL is one central detector (docs/tlm.md \"Detector placement\")");
  if (c.trace_from > c.trace_to) die("--trace-from is after --trace-to");
  if (engine_is_rtl(c.detector)) {
    std::string why;
    if (!engine_supported(c.detector, c.det, why)) die(why);
    for (const std::string *f : {&c.vcd}) {  // fail before the run on a bad path
      if (f->empty()) continue;
      FILE *t = fopen(f->c_str(), "a");
      if (!t) die(*f + ": cannot open for writing: " + strerror(errno));
      fclose(t);
    }
  } else if (!c.vcd.empty()) {
    die("--trace/+trace records the RTL waveform: it needs --detector=rtl or --detector=both");
  } else if (c.trace_from != 0 || c.trace_to != UINT64_MAX) {
    die("--trace-from/--trace-to select cycles of the RTL waveform: they need --trace and --detector=rtl or both");
  }
  if (write_only) {
    std::string err;
    if (!trace_write(write_path, w, err)) die(err);
    return 0;
  }
  if (!c.stats_only) {
    printf("# scord-sim: workload %s, %zu kernel(s), detector %s\n", w.name.c_str(), w.kernels.size(), c.detector.c_str());
    sim_config_print(stdout, c, "# config ");
#ifdef SCORD_LINE_VARIANT
    // A build whose RTL is another parameter set than the defaults (SCORD_SIM_RTL_VARIANT).
    if ((c.detector == "rtl" || c.detector == "both") && strcmp(SCORD_LINE_VARIANT, "default") != 0)
      printf("# rtl variant=%s (ref/include/scord/rtl_params.h)\n", SCORD_LINE_VARIANT);
#endif
#ifdef SCORD_LINE_SET
    if ((c.detector == "rtl" || c.detector == "both") && SCORD_LINE_SET[0])
      printf("# rtl set=%s (SCORD_SIM_RTL_SET)\n", SCORD_LINE_SET);
#endif
  }
  if (c.print_config_only) return 0;
  if (c.compare_off) return compare_off(c, w);
  if (c.bench) return bench(c, w, a.bench_reps);
  Stats st;
  std::vector<scord_race> races;
  std::string err;
  int rc = run_sim(c, w, st, races, err);
  if (rc) {  // a SimError's report (sim_error.h): divergence 1, input 2, interrupted 130
    fprintf(stderr, "scord-sim: %s\n", err.c_str());
    return rc;
  }
  if (!c.stats_only) {
    char buf[512];
    for (auto &r : races) {
      scord_race_format(&r, buf, sizeof buf);
      printf("%s\n", buf);
    }
  }
  print_stats(stdout, c, st);
  return 0;
}
