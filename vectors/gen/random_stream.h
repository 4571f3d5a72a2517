/*
** random_stream.h -- constrained-random event streams for RTL regressions (vectors/README.md).
*/
#ifndef SCORD_GEN_RANDOM_STREAM_H
#define SCORD_GEN_RANDOM_STREAM_H

#include <stdint.h>

/* Write a stream of about `events` events to `path`, deterministic for `seed`.  `race_rate` (0-100)
** is the percentage of steps that are deliberately unsynchronized accesses to shared hot words;
** the rest are well-formed patterns (private data, lock episodes, publish/consume with fences,
** counters, barriers, CTA restarts, kernel boundaries).  The expect lines are the races the C
** reference model (scord_ref) reports for the stream: a frozen regression, by design.
** Returns 0, or 2 with a message on standard error. */
int random_stream(const char *path, uint64_t seed, uint64_t events, unsigned race_rate);

#endif
