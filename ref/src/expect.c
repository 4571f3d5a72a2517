/*
** expect.c -- checking the races a vector produced against its `expect` lines
** (vectors.md): each expected race is matched by its own produced race, nothing extra,
** no overflow.  Because expect lines may leave fields open, one race can match several
** lines; a greedy pairing could then fail where a valid pairing exists, so this is a
** maximum bipartite matching (augmenting paths).  Races are sorted by (addr, type) so
** each expected race only looks at its own group: fast for the thousands of races an
** application vector may name.
*/
#include "scord/vecread.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool matches(const scord_expect *e, const scord_race *r) {
  return e->type == r->type && e->addr == r->addr && (!e->has_pc || e->pc == r->pc) &&
         (!e->has_kind || e->kind == r->kind) && (!e->has_scope || e->block_scope == r->block_scope) &&
         (!e->has_sm || e->sm == r->sm) && (!e->has_cta || e->cta == r->cta) &&
         (!e->has_warp || e->warp == r->warp);
}

typedef struct mctx {
  const scord_race *races;
  size_t *order;          /* race indices sorted by (addr, type) */
  size_t nr;
  const scord_expect **slot_ex; /* expected race per slot */
  size_t *lo, *hi;        /* candidate range in order[] per slot */
  long *race_to_slot;     /* -1 = free */
  unsigned *seen;
  unsigned stamp;
} mctx;

static int cmp_key(uint64_t a1, unsigned t1, uint64_t a2, unsigned t2) {
  if (a1 != a2) return a1 < a2 ? -1 : 1;
  return t1 < t2 ? -1 : t1 > t2;
}

typedef struct skey { uint64_t addr; unsigned type; size_t idx; } skey;

static int cmp_skey(const void *a, const void *b) {
  const skey *x = a, *y = b;
  int c = cmp_key(x->addr, x->type, y->addr, y->type);
  if (c) return c;
  return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static bool augment(mctx *m, size_t slot) {
  for (size_t k = m->lo[slot]; k < m->hi[slot]; k++) {
    size_t ri = m->order[k];
    if (m->seen[ri] == m->stamp || !matches(m->slot_ex[slot], &m->races[ri])) continue;
    m->seen[ri] = m->stamp;
    if (m->race_to_slot[ri] < 0 || augment(m, (size_t)m->race_to_slot[ri])) {
      m->race_to_slot[ri] = (long)slot;
      return true;
    }
  }
  return false;
}

static void append(char *why, size_t len, size_t *off, const char *fmt, ...) {
  if (*off >= len) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(why + *off, len - *off, fmt, ap);
  va_end(ap);
  if (n > 0) *off += (size_t)n;
  if (*off >= len) *off = len;
}

bool scord_expect_check(const scord_expect *ex, size_t nex, const scord_race *races,
                        size_t nraces, uint64_t overflow, char *why, size_t whylen) {
  size_t off = 0;
  if (whylen) why[0] = 0;
  size_t nslots = 0;
  for (size_t i = 0; i < nex; i++) nslots += ex[i].count;
  mctx m = {.races = races, .nr = nraces};
  m.order = malloc((nraces + 1) * sizeof *m.order);
  m.race_to_slot = malloc((nraces + 1) * sizeof *m.race_to_slot);
  m.seen = calloc(nraces + 1, sizeof *m.seen);
  m.slot_ex = malloc((nslots + 1) * sizeof *m.slot_ex);
  m.lo = malloc((nslots + 1) * sizeof *m.lo);
  m.hi = malloc((nslots + 1) * sizeof *m.hi);
  bool *slot_ok = calloc(nslots + 1, sizeof *slot_ok);
  if (!m.order || !m.race_to_slot || !m.seen || !m.slot_ex || !m.lo || !m.hi || !slot_ok) {
    append(why, whylen, &off, "out of memory while checking expectations\n");
    free(m.order); free(m.race_to_slot); free(m.seen); free(m.slot_ex); free(m.lo); free(m.hi); free(slot_ok);
    return false;
  }
  skey *keys = malloc((nraces + 1) * sizeof *keys);
  if (!keys) abort();
  for (size_t i = 0; i < nraces; i++) {
    keys[i] = (skey){races[i].addr, races[i].type, i};
    m.race_to_slot[i] = -1;
  }
  qsort(keys, nraces, sizeof *keys, cmp_skey);
  for (size_t i = 0; i < nraces; i++) m.order[i] = keys[i].idx;
  free(keys);
  size_t s = 0;
  for (size_t i = 0; i < nex; i++) {
    /* binary search the (addr, type) group */
    size_t a = 0, b = nraces;
    while (a < b) {
      size_t mid = (a + b) / 2;
      const scord_race *r = &races[m.order[mid]];
      if (cmp_key(r->addr, r->type, ex[i].addr, ex[i].type) < 0) a = mid + 1; else b = mid;
    }
    size_t lo = a;
    b = nraces;
    while (a < b) {
      size_t mid = (a + b) / 2;
      const scord_race *r = &races[m.order[mid]];
      if (cmp_key(r->addr, r->type, ex[i].addr, ex[i].type) <= 0) a = mid + 1; else b = mid;
    }
    for (uint64_t c = 0; c < ex[i].count; c++, s++) {
      m.slot_ex[s] = &ex[i];
      m.lo[s] = lo;
      m.hi[s] = a;
    }
  }
  bool pass = true;
  for (s = 0; s < nslots; s++) {
    m.stamp++;
    slot_ok[s] = augment(&m, s);
  }
  /* Report: an expect line is missing as many times as its slots are unmatched. */
  for (size_t i = 0, base = 0; i < nex; base += ex[i].count, i++) {
    uint64_t miss = 0;
    for (uint64_t c = 0; c < ex[i].count; c++) miss += !slot_ok[base + c];
    if (miss) {
      pass = false;
      append(why, whylen, &off, "missing: %" PRIu64 " of %" PRIu64 " race(s) of 'expect type=%s addr=0x%" PRIx64 "' (line %" PRIu64 ")\n",
             miss, ex[i].count, scord_race_type_name[ex[i].type], ex[i].addr, ex[i].line);
    }
  }
  for (size_t i = 0; i < nraces; i++) {
    if (m.race_to_slot[i] >= 0) continue;
    pass = false;
    char line[256];
    scord_race_format(&races[i], line, sizeof line);
    append(why, whylen, &off, "unexpected: %s\n", line);
  }
  if (overflow) {
    pass = false;
    append(why, whylen, &off, "overflow: %" PRIu64 " race record(s) did not fit in the race buffer\n", overflow);
  }
  free(m.order); free(m.race_to_slot); free(m.seen); free(m.slot_ex); free(m.lo); free(m.hi); free(slot_ok);
  return pass;
}
