/*
** trace_buf.h -- kernel-trace writing shared by the generators (scord-gen, scord-gen-modern): one
** buffer of trace lines (docs/trace-format.md) per warp, filled in the order the generator's
** interleaving runs the warps, written out CTA by CTA and warp by warp when the kernel ends.
*/
#ifndef SCORD_GEN_TRACE_BUF_H
#define SCORD_GEN_TRACE_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One warp's trace lines of the current kernel, each ending in '\n' (one buffer: no allocation
** per line).  Zero-initialised = empty. */
typedef struct gen_tbuf {
  char *buf;
  size_t n, cap;  /* bytes used, bytes allocated */
} gen_tbuf;

/* Append line s (given without its newline).  Exits 2 when out of memory. */
void gen_tbuf_line(gen_tbuf *x, const char *s);
/* `signal id=ID` after the warp's last line.  When that line is a release (a st or atom that
** neither polls nor signals already) the signal goes onto it as `signal=ID`: the TLM counts it
** when the L2 performs the release, not when its reply is back (docs/trace-format.md "Signals on
** a release"). */
void gen_tbuf_signal(gen_tbuf *x, uint64_t id);
/* Write kernel `name` of `grid` CTAs of `warps` warps to f: the kernel line, then every CTA's and
** warp's section with the lines of warp (c, w) from tb[c * stride + w]; the buffers are freed and
** left empty. */
void gen_tbuf_kernel(FILE *f, const char *name, unsigned grid, unsigned warps, gen_tbuf *tb, size_t stride);

#ifdef __cplusplus
}
#endif

#endif
