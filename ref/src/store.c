/*
** store.c -- sparse metadata store behind the detector's memory port.
**
** The shadow of a 1 GiB window with md_ratio=1 is 2^28 entries (2 GiB); a run touches a
** tiny part of it.  Entries live in pages of SCORD_PAGE_ENTRIES, allocated on first
** write and found through a two-level directory (chunks of page pointers, also
** allocated on demand); reads of untouched pages return the init value without
** allocating.  A direct-mapped cache of page pointers (the page TLB) makes the common
** case one compare even when hundreds of warps interleave their streams.  The detector
** reaches an entry through scord_store_slot (one lookup for its read and write-back).
** Kernel reset forgets every page but keeps the memory (directory chunks and slabs) for the
** next kernel: a run with many kernel boundaries (scord-rtl-tb's random streams reset every
** few hundred events) would otherwise free and re-allocate, zero and page-fault the same
** megabytes at each one.
*/
#include "scord/scord.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define SCORD_PAGE_BITS 9 /* 4 KiB pages: small for scattered words, long for streams */
#define SCORD_PAGE_ENTRIES ((uint64_t)1 << SCORD_PAGE_BITS)
#define SCORD_CHUNK_BITS 12 /* page pointers per directory chunk */
#define SCORD_TLB_SLOTS 256 /* page TLB entries: 128 MiB of entries reached without the directory */

typedef struct page {
  uint64_t pno;
  uint64_t e[SCORD_PAGE_ENTRIES];
} page;

struct scord_store {
  uint64_t entries;
  page ***dir;         /* dir[top][low] -> page; chunks and pages allocated on demand */
  size_t ndir;         /* top-level slots */
  size_t npages;
  /* Page TLB, slot pno % SCORD_TLB_SLOTS: the page number beside its pointer, so a hit
  ** reads no page header (a cache miss of its own on a stream of scattered pages). */
  struct tlbent { uint64_t pno; page *p; } tlb[SCORD_TLB_SLOTS]; /* p NULL when empty */
  /* Pages come from 2 MiB slabs: fewer allocations and, with transparent huge pages,
  ** far fewer TLB misses when warps scatter over many pages. */
  page **slabs;
  size_t nslabs, capslabs; /* slabs allocated */
  size_t cur, slab_used;   /* pages come from slabs[cur]; slabs[0 .. cur-1] are full */
};

#define SCORD_SLAB_PAGES 511 /* sizeof(page) * 511 fits in 2 MiB */

scord_store *scord_store_new(uint64_t entries) {
  scord_store *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->entries = entries;
  uint64_t npages = (entries + SCORD_PAGE_ENTRIES - 1) >> SCORD_PAGE_BITS;
  s->ndir = (size_t)((npages + ((uint64_t)1 << SCORD_CHUNK_BITS) - 1) >> SCORD_CHUNK_BITS);
  s->dir = calloc(s->ndir, sizeof *s->dir);
  if (!s->dir) {
    free(s);
    return NULL;
  }
  return s;
}

/* Every entry back to init: the directory slots of the pages in use are cleared (one per
** page, found from the slabs), and the slabs are handed out again from the first. */
void scord_store_reset(scord_store *s) {
  for (size_t i = 0; i < s->nslabs && i <= s->cur; i++) {
    size_t used = i == s->cur ? s->slab_used : SCORD_SLAB_PAGES;
    for (size_t j = 0; j < used; j++) {
      uint64_t pno = s->slabs[i][j].pno;
      page **slot = &s->dir[pno >> SCORD_CHUNK_BITS][pno & (((uint64_t)1 << SCORD_CHUNK_BITS) - 1)];
      assert(*slot == &s->slabs[i][j]);
      *slot = NULL;
    }
  }
  s->cur = s->slab_used = 0;
  s->npages = 0;
  memset(s->tlb, 0, sizeof s->tlb);
}

void scord_store_free(scord_store *s) {
  if (!s) return;
  for (size_t i = 0; i < s->ndir; i++) free(s->dir[i]);
  for (size_t i = 0; i < s->nslabs; i++) free(s->slabs[i]);
  free(s->slabs);
  free(s->dir);
  free(s);
}

static inline page *find_page(scord_store *s, uint64_t pno) {
  struct tlbent *t = &s->tlb[pno & (SCORD_TLB_SLOTS - 1)];
  if (t->p && t->pno == pno) return t->p;
  page **chunk = s->dir[pno >> SCORD_CHUNK_BITS];
  if (!chunk) return NULL;
  page *p = chunk[pno & (((uint64_t)1 << SCORD_CHUNK_BITS) - 1)];
  if (p) {
    t->pno = pno;
    t->p = p;
  }
  return p;
}

/* A new page of init entries for pno, entered in the directory and the TLB. */
static page *new_page(scord_store *s, uint64_t pno) {
  page ***chunk = &s->dir[pno >> SCORD_CHUNK_BITS];
  if (!*chunk && !(*chunk = calloc((size_t)1 << SCORD_CHUNK_BITS, sizeof **chunk))) abort();
  if (s->nslabs == 0 || s->slab_used == SCORD_SLAB_PAGES) {
    if (s->nslabs > 0 && s->cur + 1 < s->nslabs) {
      s->cur++; /* a slab kept from before a reset */
    } else {
      if (s->nslabs == s->capslabs) {
        size_t nc = s->capslabs ? 2 * s->capslabs : 8;
        page **ns = realloc(s->slabs, nc * sizeof *ns);
        if (!ns) abort();
        s->slabs = ns;
        s->capslabs = nc;
      }
      /* out of memory: the model cannot continue faithfully */
      if (!(s->slabs[s->nslabs] = malloc(SCORD_SLAB_PAGES * sizeof(page)))) abort();
      s->cur = s->nslabs++;
    }
    s->slab_used = 0;
  }
  page *p = &s->slabs[s->cur][s->slab_used++];
  p->pno = pno;
  for (uint64_t i = 0; i < SCORD_PAGE_ENTRIES; i++) p->e[i] = SCORD_MD_INIT;
  (*chunk)[pno & (((uint64_t)1 << SCORD_CHUNK_BITS) - 1)] = p;
  s->npages++;
  s->tlb[pno & (SCORD_TLB_SLOTS - 1)].pno = pno;
  s->tlb[pno & (SCORD_TLB_SLOTS - 1)].p = p;
  return p;
}


void scord_store_write(scord_store *s, uint64_t index, uint64_t value) {
  assert(index < s->entries);
  uint64_t pno = index >> SCORD_PAGE_BITS;
  page *p = find_page(s, pno);
  if (!p) {
    if (value == SCORD_MD_INIT) return; /* nothing to remember */
    p = new_page(s, pno);
  }
  p->e[index & (SCORD_PAGE_ENTRIES - 1)] = value;
}

const uint64_t *scord_store_peek(scord_store *s, uint64_t index) {
  assert(index < s->entries);
  page *p = find_page(s, index >> SCORD_PAGE_BITS);
  return p ? &p->e[index & (SCORD_PAGE_ENTRIES - 1)] : NULL;
}

uint64_t scord_store_read(scord_store *s, uint64_t index) {
  const uint64_t *e = scord_store_peek(s, index);
  return e ? *e : SCORD_MD_INIT;
}

uint64_t *scord_store_slot(scord_store *s, uint64_t index) {
  assert(index < s->entries);
  uint64_t pno = index >> SCORD_PAGE_BITS;
  page *p = find_page(s, pno);
  if (!p) p = new_page(s, pno);
  return &p->e[index & (SCORD_PAGE_ENTRIES - 1)];
}

size_t scord_store_bytes(const scord_store *s) {
  size_t chunks = 0;
  for (size_t i = 0; i < s->ndir; i++) chunks += s->dir[i] != NULL;
  return sizeof *s + s->ndir * sizeof *s->dir + (chunks << SCORD_CHUNK_BITS) * sizeof(page *) +
         s->nslabs * SCORD_SLAB_PAGES * sizeof(page);
}

void scord_store_foreach_nondefault(scord_store *s,
                                    void (*fn)(void *arg, uint64_t index, uint64_t value),
                                    void *arg) {
  if (s->npages == 0) return;
  for (size_t i = 0; i < s->ndir; i++) {
    if (!s->dir[i]) continue;
    for (size_t j = 0; j < ((size_t)1 << SCORD_CHUNK_BITS); j++) {
      const page *p = s->dir[i][j];
      if (!p) continue;
      for (uint64_t k = 0; k < SCORD_PAGE_ENTRIES; k++)
        if (p->e[k] != SCORD_MD_INIT) fn(arg, (p->pno << SCORD_PAGE_BITS) | k, p->e[k]);
    }
  }
}

static uint64_t port_read(void *ctx, uint64_t index) { return scord_store_read(ctx, index); }
static void port_write(void *ctx, uint64_t index, uint64_t v) { scord_store_write(ctx, index, v); }
static void port_reset(void *ctx) { scord_store_reset(ctx); }

scord_mdport scord_store_port(scord_store *s) {
  scord_mdport p = {s, port_read, port_write, port_reset};
  return p;
}
