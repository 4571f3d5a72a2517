/*
** rtl_bridge.h -- C API to run scord event streams through the verilated RTL, scord_top (one
** scord_sm_tracker per SM, the merge and the line-rate detector), for
** scord-cosim (`--model=rtl|both`).  It uses the driver layer rtl_port.h.  Library target:
** scord_rtl_bridge (links scord_rtl_models, scord_ref).
**
** Verilator fixes parameters when verilating, so the library holds a few built variants
** (see docs/rtl.md).  scord_rtl_new() picks a variant that computes exactly what the
** requested parameters compute: all parameters equal, except that num_sms, warps_per_sm
** and the id widths may be smaller than the variant's, md_base may differ (it only moves
** addresses) and race_buf_entries is applied by the bridge's own record buffer (the RTL's
** race ring is read every cycle, so it never overflows).  Metadata values handed out are
** re-encoded in the requested layout.
**
** Timing: each slice's line memory answers reads after a fixed latency in acceptance order,
** optionally with random back-pressure on every channel (scord_rtl_set_stall).  Race records
** come in the RTL's order, not the C model's (slices check different lines in parallel).
** Not thread-safe per context.
*/
#ifndef SCORD_RTL_BRIDGE_H
#define SCORD_RTL_BRIDGE_H

#include "scord/scord.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct scord_rtl scord_rtl;

/* Create for finalized params p with memory latency 1..64.  Returns NULL and writes a
** one-line reason to err when no built variant matches (naming the first parameter
** that differs from each variant) or on allocation failure. */
scord_rtl *scord_rtl_new(const scord_params *p, unsigned latency, char *err, size_t errlen);
void scord_rtl_free(scord_rtl *r);
/* Random back-pressure on the memory port: each cycle the request channel is not ready
** and a due response is held back, each with probability pct % (0..90; -1 otherwise),
** from a generator seeded with seed (reproducible). Default 0: no stalls. */
int scord_rtl_set_stall(scord_rtl *r, unsigned pct, uint64_t seed);
/* Write a waveform (FST) of scord_top to path from now on, for the clock cycles [from, to]
** (scord_rtl_cycles); flushed and closed by scord_rtl_free.  0, or -1 with a one-line reason
** in err (the file cannot be opened, from > to). */
int scord_rtl_trace(scord_rtl *r, const char *path, uint64_t from, uint64_t to, char *err, size_t errlen);
/* Name of the variant chosen (a row of SCORD_RTL_VARIANT_LIST, rtl_params.h). */
const char *scord_rtl_variant(const scord_rtl *r);

/* Observe metadata traffic: write(ctx, index, value) for every entry written (value in
** the requested layout), reset(ctx) for a clear of the whole region (a sweeping variant
** reports its writes instead).  read is not called.  Pass NULL to stop observing. */
void scord_rtl_observe(scord_rtl *r, const scord_mdport *observer);

/* Feed one event (all its lanes; a kernel goes to every tracker and the detector).  The
** event must be valid for the requested parameters.  Returns after the trackers took
** it; checking continues in the background: call scord_rtl_drain() before reading
** results.  Returns 0, or -1 if the model stopped making progress (err in
** scord_rtl_error). */
int scord_rtl_apply(scord_rtl *r, const scord_event *ev);
/* Clock until nothing is in flight.  0, or -1 as above. */
int scord_rtl_drain(scord_rtl *r);
const char *scord_rtl_error(const scord_rtl *r);

/* Race records in the order found; the overflow counter (requested race_buf_entries). */
size_t scord_rtl_race_count(const scord_rtl *r);
bool scord_rtl_pop_race(scord_rtl *r, scord_race *out);
uint64_t scord_rtl_overflow(const scord_rtl *r);

/* Current metadata entry (requested layout; SCORD_MD_INIT if never written). */
uint64_t scord_rtl_md_read(const scord_rtl *r, uint64_t index);
/* Call fn for every entry that is not SCORD_MD_INIT, in increasing index order. */
void scord_rtl_md_foreach_nondefault(const scord_rtl *r,
                                     void (*fn)(void *arg, uint64_t index, uint64_t value),
                                     void *arg);
/* Clock cycles run so far, and access lanes checked. */
uint64_t scord_rtl_cycles(const scord_rtl *r);
uint64_t scord_rtl_lanes(const scord_rtl *r);

#ifdef __cplusplus
}
#endif
#endif
