/*
** trace_buf.c -- per-warp buffers of kernel-trace lines (trace_buf.h).
*/
#include "trace_buf.h"

#include <stdlib.h>
#include <string.h>

/* Room for `more` bytes after the used ones; exits 2 when out of memory. */
static void reserve(gen_tbuf *x, size_t more) {
  if (x->n + more <= x->cap) return;
  size_t cap = x->cap ? x->cap : 4096;
  while (x->n + more > cap) cap *= 2;
  char *b = realloc(x->buf, cap);
  if (!b) {
    fprintf(stderr, "kernel trace: out of memory\n");
    exit(2);
  }
  x->buf = b;
  x->cap = cap;
}

void gen_tbuf_line(gen_tbuf *x, const char *s) {
  size_t n = strlen(s);
  reserve(x, n + 1);
  memcpy(x->buf + x->n, s, n);
  x->buf[x->n + n] = '\n';
  x->n += n + 1;
}

/* Whether the n bytes at p (not NUL-terminated) contain the string s. */
static bool span_has(const char *p, size_t n, const char *s) {
  size_t k = strlen(s);
  for (size_t i = 0; i + k <= n; i++)
    if (!memcmp(p + i, s, k)) return true;
  return false;
}

void gen_tbuf_signal(gen_tbuf *x, uint64_t id) {
  char t[48];
  if (x->n) {
    size_t b = x->n - 1;  /* the last line: [b, n - 1) */
    while (b > 0 && x->buf[b - 1] != '\n') b--;
    bool rel = !strncmp(x->buf + b, "st ", 3) || !strncmp(x->buf + b, "atom ", 5);
    if (rel && !span_has(x->buf + b, x->n - b, " spin=") && !span_has(x->buf + b, x->n - b, " signal=")) {
      int n = snprintf(t, sizeof t, " signal=%llu\n", (unsigned long long)id);
      x->n--;  /* drop the newline; the suffix brings it back */
      reserve(x, (size_t)n);
      memcpy(x->buf + x->n, t, (size_t)n);
      x->n += (size_t)n;
      return;
    }
  }
  snprintf(t, sizeof t, "signal id=%llu", (unsigned long long)id);
  gen_tbuf_line(x, t);
}

void gen_tbuf_kernel(FILE *f, const char *name, unsigned grid, unsigned warps, gen_tbuf *tb, size_t stride) {
  fprintf(f, "kernel name=%s grid=%u block=%u\n", name, grid, warps * 32);
  for (unsigned c = 0; c < grid; c++) {
    fprintf(f, "cta id=%u\n", c);
    for (unsigned w = 0; w < warps; w++) {
      gen_tbuf *x = &tb[c * stride + w];
      fprintf(f, "warp id=%u\n", w);
      if (x->n) fwrite(x->buf, 1, x->n, f);
      free(x->buf);
      *x = (gen_tbuf){0};
    }
  }
}
