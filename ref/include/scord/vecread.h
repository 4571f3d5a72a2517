/*
** vecread.h -- reader of trace-vector files, format v1 (docs/spec/vectors.md).
**
** Streaming: events are handed out one at a time, so a multi-gigabyte vector dumped by
** a TLM run is read in constant memory.  `config` lines are collected until the first
** event; the configuration is then finalized (file values, then the caller's overrides)
** and frozen.  `expect` lines may stand anywhere; the full list is known at end of file.
**
** Every malformed input stops the reader with "FILE:LINE: message" (scord_vr_error);
** it never guesses.  Events returned are valid for the frozen configuration: ids in
** range, lanes inside the address width, operands within 32 bits.
*/
#ifndef SCORD_VECREAD_H
#define SCORD_VECREAD_H

#include "scord/scord.h"
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Longest accepted line, without its newline. */
#define SCORD_VR_MAX_LINE 4096

typedef struct scord_expect {
  uint8_t type;                 /* scord_race_type */
  uint64_t addr;
  bool has_pc, has_kind, has_scope, has_sm, has_cta, has_warp;
  uint64_t pc;
  uint8_t kind;                 /* scord_kind */
  bool block_scope;
  uint16_t sm, cta, warp;
  uint64_t count;               /* >= 1 */
  uint64_t line;
  uint8_t spec;                 /* format 2 `spec=`: the spec_version it applies to; 0 = every one */
} scord_expect;

typedef struct scord_vreader scord_vreader;

/* Open `path` ("-" is standard input).  `overrides` are "key=value" strings applied
** after the file's config lines (the command line wins).  Returns NULL only on
** allocation failure; an unreadable file is reported by the first scord_vr_next. */
scord_vreader *scord_vr_open(const char *path, const char *const *overrides,
                             size_t n_overrides);
/* Same over a memory buffer (for the fuzzer and tests); `name` is used in messages. */
scord_vreader *scord_vr_open_mem(const char *name, const char *buf, size_t len,
                                 const char *const *overrides, size_t n_overrides);
void scord_vr_close(scord_vreader *r);

/* Next event: 1 = *ev filled, 0 = end of file (expects complete), -1 = error. */
int scord_vr_next(scord_vreader *r, scord_event *ev);
/* "FILE:LINE: message" of the last error, or "" */
const char *scord_vr_error(const scord_vreader *r);
/* Frozen configuration; valid after scord_vr_next returned 1 or 0. */
const scord_params *scord_vr_params(const scord_vreader *r);
/* True when the configuration (file or overrides) set race_buf_entries explicitly. */
bool scord_vr_race_buf_set(const scord_vreader *r);
/* The expectations read so far; complete after scord_vr_next returned 0, when those of format 2
** with `spec=` for another spec_version than the frozen configuration's have been left out. */
const scord_expect *scord_vr_expects(const scord_vreader *r, size_t *n);
const char *scord_vr_name(const scord_vreader *r);
/* Lines read so far. */
uint64_t scord_vr_line(const scord_vreader *r);

/* Write one event back as a vectors v1 line (used by --dump-vectors and generators). */
void scord_event_write(FILE *f, const scord_event *ev);

/* Expectation check (vectors.md "expect"): each expected race must be matched by its own
** produced race (maximum bipartite matching), nothing extra, no overflow.  Returns true
** on pass; on failure writes a human-readable reason (one or more lines) into `why`. */
bool scord_expect_check(const scord_expect *ex, size_t nex, const scord_race *races,
                        size_t nraces, uint64_t overflow, char *why, size_t whylen);

#ifdef __cplusplus
}
#endif
#endif
