// run.cc -- build, run and report one simulation (see run.h).
#include "run.h"

#include <cerrno>
#include <csignal>
#include <chrono>
#include <cinttypes>
#include <cstring>
#include <sys/wait.h>
#include <systemc>
#include <unistd.h>

#include "detector.h"
#include "gpu.h"
#include "sim_error.h"

static int run_sim_body(const SimConfig &c, const Workload &w, Stats &st, std::vector<scord_race> &races,
                        std::string &err, std::unique_ptr<DetectorEngine> &eng) {
  if (c.det_on()) {
    EngineOpts o;
    o.vcd = c.vcd;
    o.trace_from = c.trace_from;
    o.trace_to = c.trace_to;
    o.plusargs = c.plusargs;
    o.source = c.trace;
    o.one_eval = c.rtl_one_eval != 0;
    eng = make_engine(c.detector, c.det, o, err);
    if (!eng) return 2;
  }
  FILE *dump = nullptr;
  if (!c.dump_vectors.empty()) {
    if (!c.det_on()) {
      err = "--dump-vectors needs the detector on (--detector=ref)";
      return 2;
    }
    dump = fopen(c.dump_vectors.c_str(), "w");
    if (!dump) {
      err = c.dump_vectors + ": cannot open for writing: " + strerror(errno);
      return 2;
    }
    static char buf[1 << 20];
    setvbuf(dump, buf, _IOFBF, sizeof buf);
    write_vector_header(dump, c, w.name);
  }
  sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
  if (sc_core::sc_time(1, sc_core::SC_NS).value() != kCycleUnit) {  // payload.h's constant
    err = "SystemC's time resolution is not 1 ps (one cycle must be " + std::to_string(kCycleUnit) + " time units)";
    if (dump) fclose(dump);
    return 2;
  }
  auto t0 = std::chrono::steady_clock::now();
  // SystemC modules live to the end of the process (one elaboration per process, run.h).
  Gpu *gpu = new Gpu("gpu", c, w, st, eng.get(), dump);
  try {
    sc_core::sc_start();
    if (gpu->error()) std::rethrow_exception(gpu->error());  // a thread's SimError
    if (!gpu->finished()) gpu->report_deadlock();  // no event left: warps wait forever
    if (gpu->det()) gpu->det()->finish();          // a self-timed engine (RTL) drains here
  } catch (...) {
    if (dump) fclose(dump);  // what was dumped up to the error stays readable
    throw;
  }
  st.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (gpu->det()) {
    races = gpu->det()->races();
    st.races = races.size();
    st.race_overflow = gpu->det()->overflow();
  }
  if (dump && fclose(dump) != 0) {
    err = c.dump_vectors + ": write error";
    return 2;
  }
  return 0;
}

// The run owns the engine (and through it any waveform), so every way out of here, a return
// or a SimError, closes the waveform before the caller prints the report.
int run_sim(const SimConfig &c, const Workload &w, Stats &st, std::vector<scord_race> &races, std::string &err) {
  std::unique_ptr<DetectorEngine> eng;
  try {
    return run_sim_body(c, w, st, races, err, eng);
  } catch (const SimError &e) {
    const std::string wave = eng ? eng->waveform_path() : std::string();
    eng.reset();
    err = e.what();
    // Whoever saw the error (an SM's interrupt check, say), the waveform is closed by now.
    if (!wave.empty() && err.find(wave) == std::string::npos) err += "; waveform flushed to " + wave;
    return e.status;
  } catch (const std::exception &e) {  // not a SimError: a bug or out of memory, still reported
    eng.reset();
    err = std::string("internal error: ") + e.what();
    return kExitModel;
  }
}

int run_sim_forked(const SimConfig &c, const Workload &w, Stats &st, std::string &err) {
  int fd[2];
  if (pipe(fd) != 0) {
    err = std::string("pipe: ") + strerror(errno);
    return 2;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    err = std::string("fork: ") + strerror(errno);
    return 2;
  }
  if (pid == 0) {
    close(fd[0]);
    Stats s;
    std::vector<scord_race> races;
    std::string e;
    int rc = run_sim(c, w, s, races, e);
    if (rc) {
      fprintf(stderr, "scord-sim: %s\n", e.c_str());
      _exit(rc);
    }
    if (c.child_prints_races) {
      char buf[512];
      for (auto &r : races) {
        scord_race_format(&r, buf, sizeof buf);
        printf("%s\n", buf);
      }
      fflush(stdout);
    }
    const char *p = reinterpret_cast<const char *>(&s);
    size_t left = sizeof s;
    while (left) {
      ssize_t k = write(fd[1], p, left);
      if (k <= 0) _exit(3);
      p += k;
      left -= (size_t)k;
    }
    _exit(0);
  }
  close(fd[1]);
  char *p = reinterpret_cast<char *>(&st);
  size_t got = 0;
  while (got < sizeof st) {
    ssize_t k = read(fd[0], p + got, sizeof st - got);
    if (k <= 0) break;
    got += (size_t)k;
  }
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || got != sizeof st) {
    err = "a child simulation failed";
    return WIFEXITED(status) && WEXITSTATUS(status) == 2 ? 2 : 1;
  }
  return 0;
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

void print_stats(FILE *f, const SimConfig &c, const Stats &st) {
  fprintf(f, "cycles %" PRIu64 "\n", st.cycles);
  fprintf(f, "kernels %" PRIu64 "\nctas %" PRIu64 "\n", st.kernels, st.ctas);
  fprintf(f, "warp_insts %" PRIu64 "\n", st.warp_insts);
  fprintf(f, "ipc %.3f\n", ratio(st.warp_insts, st.cycles));
  fprintf(f, "ipc_per_sm");
  for (unsigned i = 0; i < c.det.num_sms && i < (unsigned)kMaxSms; i++) fprintf(f, " %.3f", ratio(st.sm_insts[i], st.cycles));
  fputc('\n', f);
  fprintf(f, "issue_lead_max %" PRIu64 "\n", st.issue_lead_max);
  fprintf(f, "mem_insts %" PRIu64 "\nmem_requests %" PRIu64 "\n", st.mem_insts, st.mem_reqs);
  fprintf(f, "spin_instrs %" PRIu64 "\nspin_failed_tries %" PRIu64 "\n", st.spin_instrs, st.spin_fails);
  fprintf(f, "l1_load_hits %" PRIu64 "\nl1_load_misses %" PRIu64 "\nl1_mshr_merges %" PRIu64 "\nl1_bypass %" PRIu64 "\n",
          st.l1_load_hits, st.l1_load_misses, st.l1_mshr_merges, st.l1_bypass);
  fprintf(f, "l1_mshr_stall_cycles %" PRIu64 "\nmiss_queue_stall_cycles %" PRIu64 "\n", st.l1_mshr_stall_cycles,
          st.miss_queue_stall_cycles);
  fprintf(f, "xbar_buf_stall_cycles %" PRIu64 "\nxbar_hold_cycles %" PRIu64 "\nl2_queue_stall_cycles %" PRIu64
             "\nl2_mshr_stall_cycles %" PRIu64 "\n",
          st.xbar_buf_stall_cycles, st.xbar_hold_cycles, st.l2_queue_stall_cycles, st.l2_mshr_stall_cycles);
  fprintf(f, "dram_queue_stall_cycles %" PRIu64 "\ndram_sched_stall_cycles %" PRIu64 "\nl2_reply_stall_cycles %" PRIu64
             "\neject_hold_cycles %" PRIu64 "\n",
          st.dram_queue_stall_cycles, st.dram_sched_stall_cycles, st.l2_reply_stall_cycles, st.eject_hold_cycles);
  fprintf(f, "l1_hit_rate %.4f\n", ratio(st.l1_load_hits, st.l1_load_hits + st.l1_load_misses + st.l1_mshr_merges));
  fprintf(f, "l2_hit_rate_data %.4f\nl2_hit_rate_md %.4f\n", ratio(st.l2_hits[0], st.l2_hits[0] + st.l2_misses[0]),
          ratio(st.l2_hits[1], st.l2_hits[1] + st.l2_misses[1]));
  fprintf(f, "l2_accesses_data %" PRIu64 "\nl2_accesses_md %" PRIu64 "\n", st.l2_hits[0] + st.l2_misses[0],
          st.l2_hits[1] + st.l2_misses[1]);
  fprintf(f, "dram_reads_data %" PRIu64 "\ndram_writes_data %" PRIu64 "\ndram_reads_md %" PRIu64 "\ndram_writes_md %" PRIu64 "\n",
          st.dram_reads[0], st.dram_writes[0], st.dram_reads[1], st.dram_writes[1]);
  uint64_t dd = st.dram_reads[0] + st.dram_writes[0], dm = st.dram_reads[1] + st.dram_writes[1];
  fprintf(f, "dram_accesses %" PRIu64 "\ndram_row_hit_rate %.4f\n", dd + dm, ratio(st.dram_row_hits, dd + dm));
  fprintf(f, "dram_stall_idle_pct %.2f\n", st.dram_stall_idle_pct());
  {
    // The mean full queue of those cycles (0 when there were none).
    const double n = st.dram_stall_idle_ch_cycles ? (double)st.dram_stall_idle_ch_cycles : 1.0;
    fprintf(f, "dram_stall_idle_q_banks %.2f\ndram_stall_idle_q_rows %.2f\ndram_stall_idle_q_md %.2f\ndram_stall_idle_q_writes %.2f\n",
            (double)st.dram_stall_idle_banks / n, (double)st.dram_stall_idle_rows / n, (double)st.dram_stall_idle_md / n,
            (double)st.dram_stall_idle_writes / n);
  }
  fprintf(f, "dram_forecast_late %" PRIu64 "\ndram_forecast_late_cycles %" PRIu64 "\ndram_forecast_early %" PRIu64 "\n",
          st.dram_forecast_late, st.dram_forecast_late_cycles, st.dram_forecast_early);
  uint64_t tot = 0;
  for (int k = 0; k < BK_COUNT; k++) {
    fprintf(f, "icnt_bytes_%s %" PRIu64 "\n", byte_kind_name(k), st.icnt_bytes[k]);
    tot += st.icnt_bytes[k];
  }
  fprintf(f, "icnt_bytes_total %" PRIu64 "\n", tot);
  if (c.det_on()) {
    fprintf(f, "det_packets %" PRIu64 "\ndet_words %" PRIu64 "\ndet_words_outside_heap %" PRIu64 "\ndet_fences %" PRIu64 "\n",
            st.det_packets, st.det_words, st.det_outside, st.det_fences);
    fprintf(f, "det_md_line_reads %" PRIu64 "\ndet_md_line_writes %" PRIu64 "\n", st.det_md_reads, st.det_md_writes);
    if (st.det_ring_writes) fprintf(f, "det_ring_writes %" PRIu64 "\n", st.det_ring_writes);
    if (c.det.spec_version >= 2)
      fprintf(f, "det_releases %" PRIu64 "\ndet_acquires %" PRIu64 "\ndet_syncwarps %" PRIu64 "\n", st.det_releases,
              st.det_acquires, st.det_syncwarps);
    if (st.det_scrubs)
      fprintf(f, "det_scrubs %" PRIu64 "\ndet_scrub_line_reads %" PRIu64 "\ndet_scrub_line_writes %" PRIu64
                 "\ndet_scrub_cycles %" PRIu64 "\n",
              st.det_scrubs, st.det_scrub_lines, st.det_scrub_writes, st.det_scrub_cycles);
    fprintf(f, "det_queue_occupancy_mean %.2f\ndet_queue_occupancy_max %" PRIu64 "\n",
            ratio(st.det_occ_sum, st.det_timed), st.det_occ_max);
    if (st.det_beats)
      fprintf(f,
              "det_beats %" PRIu64 "\ndet_beat_cycles %" PRIu64 "\ndet_owner_extra_cycles %" PRIu64
              "\ndet_forwarded_beats %" PRIu64 "\ndet_duplicate_lanes %" PRIu64 "\ndet_busiest_slice_cycles %" PRIu64
              "\ndet_splitter_wait_cycles %" PRIu64 "\ndet_pred_collisions %" PRIu64 "\ndet_pred_wait_cycles %" PRIu64 "\n",
              st.det_beats, st.det_beat_cycles, st.det_owner_cycles, st.det_fwd_beats, st.det_dup_lanes,
              st.det_slice_max_cycles, st.det_split_wait, st.det_pred_collisions, st.det_pred_wait_cycles);
    fprintf(f, "det_drain_cycles %" PRIu64 "\ndet_drain_max %" PRIu64 "\n", st.det_drain_cycles, st.det_drain_max);
    if (st.det_engine_cycles)
      fprintf(f, "det_rtl_done_cycle %" PRIu64 "\n", st.det_engine_cycles);  // RTL idle after its last packet
    fprintf(f, "det_stall_cycles %" PRIu64 "\ndet_stalled_packets %" PRIu64 "\nl1hit_stall_cycles %" PRIu64 "\n",
            st.det_stall_cycles, st.det_stalled_packets, st.lhd_stall_cycles);
  }
  for (int k = 0; k < Stats::U_COUNT; k++)
    fprintf(f, "util_%s mean %.3f max %.3f\n", util_name(k), st.util_mean[k], st.util_max[k]);
  fprintf(f, "races_found %" PRIu64 "\nrace_overflow %" PRIu64 "\n", st.races, st.race_overflow);
  fprintf(f, "wall_seconds %.3f\n", st.wall_seconds);
  fprintf(f, "sim_warp_insts_per_second %.0f\n", st.wall_seconds > 0 ? st.warp_insts / st.wall_seconds : 0.0);
  // Detector events (access lanes and fences) per wall second: the co-simulation speed figure.
  if (c.det_on())
    fprintf(f, "sim_det_events_per_second %.0f (detector %s)\n",
            st.wall_seconds > 0 ? (st.det_words + st.det_fences) / st.wall_seconds : 0.0, c.detector.c_str());
  // RTL cycles evaluated per wall second: the Verilated model's speed here.
  if (st.det_engine_evaluated)
    fprintf(f, "sim_rtl_cycles_evaluated %" PRIu64 "\nsim_rtl_cycles_per_second %.0f\n", st.det_engine_evaluated,
            st.wall_seconds > 0 ? st.det_engine_evaluated / st.wall_seconds : 0.0);
}
