/*
** vec_run.h -- the vector-file runner shared by scord-vec (ref/, the C model alone) and
** scord-cosim (cosim/, the C model against another model, the Verilated RTL).
**
** The runner knows nothing of the RTL: a second model plugs in through scord_vec_model, a
** table of functions over an opaque handle.  With no second model the runner is scord-vec:
** --model=ref only.  With one it also offers --model=NAME (that model alone) and --model=both
** (against the C model: in lockstep after every event, the race records and every metadata
** write, index and value in order, or for an unordered model the race records as a multiset at
** the end; at the end the overflow counters and the whole final metadata).
** This is the one comparator of vector runs; the first divergence stops the file with the
** event, its line and both outputs.
**
** Expected workload: a few hundred vector files of up to a million events per call.
*/
#ifndef SCORD_VEC_RUN_H
#define SCORD_VEC_RUN_H

#include "scord/scord.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Options of the second model, parsed by the runner only when one is plugged in. */
typedef struct scord_vec_model_opts {
  unsigned latency; /* memory latency, cycles (1..64) */
  unsigned stall;   /* random back-pressure on the memory port, percent (0..90) */
  uint64_t seed;    /* of the stall generator */
  /* A waveform of the model from open() on, for the cycles [trace_from, trace_to] (NULL: none;
  ** only models with cycles != NULL write one). */
  const char *trace;
  uint64_t trace_from, trace_to;
} scord_vec_model_opts;

/* A second model.  Every function gets the handle open() returned. */
typedef struct scord_vec_model {
  const char *name; /* as given to --model= */
  /* The model checks accesses to different metadata lines in parallel (the line-rate
  ** detector): with --model=both its race records are compared with the C model's as a
  ** multiset at the end of each file, and its metadata only as a whole (at the end); the
  ** order of its records and writes is not fixed by the specification (docs/rtl.md). */
  bool unordered;
  /* A model for finalized params p, or NULL with a one-line reason in err (no variant of the
  ** model computes what p computes, out of memory). */
  void *(*open)(const scord_params *p, const scord_vec_model_opts *o, char *err, size_t errlen);
  void (*close)(void *m);
  /* Observe metadata writes and region clears (values in p's layout); NULL stops. */
  void (*observe)(void *m, const scord_mdport *observer);
  /* Feed one event; drain until nothing is in flight.  0, or -1 with the reason in error(). */
  int (*apply)(void *m, const scord_event *ev);
  int (*drain)(void *m);
  const char *(*error)(const void *m);
  bool (*pop_race)(void *m, scord_race *out);
  uint64_t (*overflow)(const void *m);
  /* fn for every metadata entry that is not SCORD_MD_INIT, in increasing index order. */
  void (*md_foreach)(const void *m, void (*fn)(void *arg, uint64_t index, uint64_t value), void *arg);
  /* One "stats file=PATH ..." line for --stats. */
  void (*stats)(const void *m, FILE *f, const char *path);
  /* Clock cycles run so far, for a model that writes waveforms (opts.trace); else NULL.  When
  ** a file fails with such a model, the runner runs it again writing the waveform of the last
  ** cycles before the failure, and names the file. */
  uint64_t (*cycles)(const void *m);
} scord_vec_model;

/* The whole program: parse argv, run the files, print, return the exit status (0 all passed,
** 1 a file failed its expectations or diverged, 2 usage or input error).  prog names the
** program in messages; other is the second model or NULL; default_model is what --model
** defaults to ("ref", or "both" for a cross-model tool). */
int scord_vec_main(int argc, char **argv, const char *prog, const scord_vec_model *other,
                   const char *default_model);

#ifdef __cplusplus
}
#endif
#endif
