/*
** store.c -- sparse metadata store behind the detector's memory port.
**
** The shadow of a 1 GiB window with md_ratio=1 is 2^28 entries (2 GiB); a run touches a
** tiny part of it.  Entries live in pages of SCORD_PAGE_ENTRIES, allocated on first
** write and found through an open-addressing hash of page numbers; reads of untouched
** pages return the init value without allocating.  A one-page cache makes the common
** case (locality) one compare.  Kernel reset frees every page.
*/
#include "scord/scord.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define SCORD_PAGE_BITS 9 /* 4 KiB pages: small for scattered words, long for streams */
#define SCORD_PAGE_ENTRIES ((uint64_t)1 << SCORD_PAGE_BITS)

typedef struct page {
  uint64_t pno;
  uint64_t e[SCORD_PAGE_ENTRIES];
} page;

struct scord_store {
  uint64_t entries;
  page **slots;        /* hash table of page pointers, NULL = empty */
  size_t nslots;       /* power of two */
  size_t npages;
  page *last;          /* most recently used page */
};

static size_t hash_pno(uint64_t pno, size_t nslots) {
  return (size_t)((pno * 0x9E3779B97F4A7C15ull) >> 17) & (nslots - 1);
}

scord_store *scord_store_new(uint64_t entries) {
  scord_store *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->entries = entries;
  s->nslots = 64;
  s->slots = calloc(s->nslots, sizeof *s->slots);
  if (!s->slots) {
    free(s);
    return NULL;
  }
  return s;
}

void scord_store_reset(scord_store *s) {
  for (size_t i = 0; i < s->nslots; i++) {
    free(s->slots[i]);
    s->slots[i] = NULL;
  }
  s->npages = 0;
  s->last = NULL;
}

void scord_store_free(scord_store *s) {
  if (!s) return;
  scord_store_reset(s);
  free(s->slots);
  free(s);
}

static page *find_page(scord_store *s, uint64_t pno) {
  if (s->last && s->last->pno == pno) return s->last;
  for (size_t i = hash_pno(pno, s->nslots);; i = (i + 1) & (s->nslots - 1)) {
    page *p = s->slots[i];
    if (!p) return NULL;
    if (p->pno == pno) return s->last = p;
  }
}

static int grow(scord_store *s) {
  size_t n = s->nslots * 2;
  page **ns = calloc(n, sizeof *ns);
  if (!ns) return -1;
  for (size_t i = 0; i < s->nslots; i++) {
    page *p = s->slots[i];
    if (!p) continue;
    size_t j = hash_pno(p->pno, n);
    while (ns[j]) j = (j + 1) & (n - 1);
    ns[j] = p;
  }
  free(s->slots);
  s->slots = ns;
  s->nslots = n;
  return 0;
}

uint64_t scord_store_read(scord_store *s, uint64_t index) {
  assert(index < s->entries);
  page *p = find_page(s, index >> SCORD_PAGE_BITS);
  return p ? p->e[index & (SCORD_PAGE_ENTRIES - 1)] : SCORD_MD_INIT;
}

void scord_store_write(scord_store *s, uint64_t index, uint64_t value) {
  assert(index < s->entries);
  uint64_t pno = index >> SCORD_PAGE_BITS;
  page *p = find_page(s, pno);
  if (!p) {
    if (value == SCORD_MD_INIT) return; /* nothing to remember */
    if ((s->npages + 1) * 2 > s->nslots && grow(s) != 0) abort();
    p = malloc(sizeof *p);
    if (!p) abort(); /* out of memory: the model cannot continue faithfully */
    p->pno = pno;
    for (uint64_t i = 0; i < SCORD_PAGE_ENTRIES; i++) p->e[i] = SCORD_MD_INIT;
    size_t j = hash_pno(pno, s->nslots);
    while (s->slots[j]) j = (j + 1) & (s->nslots - 1);
    s->slots[j] = p;
    s->npages++;
    s->last = p;
  }
  p->e[index & (SCORD_PAGE_ENTRIES - 1)] = value;
}

size_t scord_store_bytes(const scord_store *s) {
  return sizeof *s + s->nslots * sizeof *s->slots + s->npages * sizeof(page);
}

static int cmp_page(const void *a, const void *b) {
  uint64_t x = (*(page *const *)a)->pno, y = (*(page *const *)b)->pno;
  return x < y ? -1 : x > y;
}

void scord_store_foreach_nondefault(scord_store *s,
                                    void (*fn)(void *arg, uint64_t index, uint64_t value),
                                    void *arg) {
  if (s->npages == 0) return;
  page **list = malloc(s->npages * sizeof *list);
  if (!list) abort();
  size_t n = 0;
  for (size_t i = 0; i < s->nslots; i++)
    if (s->slots[i]) list[n++] = s->slots[i];
  assert(n == s->npages);
  qsort(list, n, sizeof *list, cmp_page);
  for (size_t k = 0; k < n; k++)
    for (uint64_t i = 0; i < SCORD_PAGE_ENTRIES; i++)
      if (list[k]->e[i] != SCORD_MD_INIT) fn(arg, (list[k]->pno << SCORD_PAGE_BITS) | i, list[k]->e[i]);
  free(list);
}

static uint64_t port_read(void *ctx, uint64_t index) { return scord_store_read(ctx, index); }
static void port_write(void *ctx, uint64_t index, uint64_t v) { scord_store_write(ctx, index, v); }
static void port_reset(void *ctx) { scord_store_reset(ctx); }

scord_mdport scord_store_port(scord_store *s) {
  scord_mdport p = {s, port_read, port_write, port_reset};
  return p;
}
