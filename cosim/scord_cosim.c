/*
** scord-cosim -- vector files through the Verilated RTL and the C reference model (the
** cross-model tool above ref/ and testbench/): --model=both (default) runs both and compares
** the race records as a multiset (the line-rate detector checks different metadata lines in
** parallel, so their order is not fixed), the overflow counters and the final metadata;
** --model=rtl runs the RTL alone, --model=ref the C model.  The runner and the comparator are
** ref/tools/vec_run.c's; this file plugs the RTL in through the C bridge (rtl_bridge.h: a cycle
** loop around one Verilated scord_top variant, line memories with a fixed latency and optional
** random stalls).  --trace=FILE.fst (or FILE.vcd) writes scord_top's waveform; a failing file is run again
** writing the waveform of its last cycles, and the file is named.
**
** Expected workload: the vector suites of CTest (a few thousand events per file) and the
** random streams of vectors/gen (up to a million events).
*/
#include "rtl_bridge.h"
#include "vec_run.h"

#include <inttypes.h>

static void *rtl_open(const scord_params *p, const scord_vec_model_opts *o, char *err, size_t errlen) {
  scord_rtl *r = scord_rtl_new(p, o->latency, err, errlen);
  if (r && scord_rtl_set_stall(r, o->stall, o->seed) != 0) {
    snprintf(err, errlen, "stall %u: must be 0..90", o->stall);
    scord_rtl_free(r);
    return NULL;
  }
  if (r && o->trace && scord_rtl_trace(r, o->trace, o->trace_from, o->trace_to, err, errlen) != 0) {
    scord_rtl_free(r);
    return NULL;
  }
  return r;
}
static void rtl_close(void *m) { scord_rtl_free(m); }
static void rtl_observe(void *m, const scord_mdport *obs) { scord_rtl_observe(m, obs); }
static int rtl_apply(void *m, const scord_event *ev) { return scord_rtl_apply(m, ev); }
static int rtl_drain(void *m) { return scord_rtl_drain(m); }
static const char *rtl_error(const void *m) { return scord_rtl_error(m); }
static bool rtl_pop_race(void *m, scord_race *out) { return scord_rtl_pop_race(m, out); }
static uint64_t rtl_overflow(const void *m) { return scord_rtl_overflow(m); }
static void rtl_md_foreach(const void *m, void (*fn)(void *, uint64_t, uint64_t), void *arg) {
  scord_rtl_md_foreach_nondefault(m, fn, arg);
}
static void rtl_stats(const void *m, FILE *f, const char *path) {
  fprintf(f, "stats file=%s rtl_variant=%s rtl_cycles=%" PRIu64 " rtl_lanes=%" PRIu64 "\n", path,
          scord_rtl_variant(m), scord_rtl_cycles(m), scord_rtl_lanes(m));
}

static uint64_t rtl_cycles(const void *m) { return scord_rtl_cycles(m); }

static const scord_vec_model kRtl = {
    .name = "rtl",
    .unordered = true, /* the line-rate detector checks different lines in parallel */
    .open = rtl_open,
    .close = rtl_close,
    .observe = rtl_observe,
    .apply = rtl_apply,
    .drain = rtl_drain,
    .error = rtl_error,
    .pop_race = rtl_pop_race,
    .overflow = rtl_overflow,
    .md_foreach = rtl_md_foreach,
    .stats = rtl_stats,
    .cycles = rtl_cycles,
};

int main(int argc, char **argv) { return scord_vec_main(argc, argv, "scord-cosim", &kRtl, "both"); }
