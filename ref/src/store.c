/*
** store.c -- sparse metadata store behind the detector's memory port.
**
** The shadow of a 1 GiB window with md_ratio=1 is 2^28 entries (2 GiB); a run touches a
** tiny part of it.  Entries live in pages of SCORD_PAGE_ENTRIES, allocated on first
** write and found through an open-addressed hash table of page numbers sized to the pages
** in use; reads of untouched pages return the init value without allocating.  A
** direct-mapped cache of page pointers (the page TLB) makes the common case one compare
** even when hundreds of warps interleave their streams.  The detector reaches an entry
** through scord_store_slot (one lookup for its read and write-back).
** Kernel reset forgets every page but keeps the memory (table and slabs) for the next
** kernel: a run with many kernel boundaries (scord-rtl-tb's random streams reset every few
** hundred events) would otherwise free and re-allocate, zero and page-fault the same
** megabytes at each one.
** Why a hash and not a directory indexed by page number: first touches of memory are what a
** scattered run pays most for (about 11 us a 4 KiB page in the VMs we measure on,
** docs/performance.md "C model").  A directory over 2^19 pages is 4 MiB of pointers, and warps
** scattered over the window touch all of it within a few kernels; the hash stays a few
** KiB.  For the same reason slabs are 2 MiB-aligned and offered to the kernel as huge pages.
*/
#define _DEFAULT_SOURCE /* madvise */
#include "scord/scord.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define SCORD_PAGE_BITS 9 /* 4 KiB pages: small for scattered words, long for streams */
#define SCORD_PAGE_ENTRIES ((uint64_t)1 << SCORD_PAGE_BITS)
#define SCORD_TLB_SLOTS 256 /* page TLB entries: 256 pages (128 Ki entries) reached without the hash */
#define SCORD_HASH_MIN_BITS 10 /* first table: 1024 slots, 16 KiB */

typedef struct page {
  uint64_t pno;
  size_t slot; /* its slot in the hash table, so a reset clears it without a lookup */
  uint64_t e[SCORD_PAGE_ENTRIES];
} page;

struct hashent {
  uint64_t pno;
  page *p; /* NULL: empty */
};

struct scord_store {
  uint64_t entries;
  size_t npages;
  /* Linear probing over 2^hbits slots, at most half full; slot of pno from the top bits of
  ** pno * golden ratio, so runs of consecutive pages spread. */
  struct hashent *hash;
  unsigned hbits;
  /* Page TLB, slot pno % SCORD_TLB_SLOTS: the page number beside its pointer, so a hit
  ** reads no page header (a cache miss of its own on a stream of scattered pages). */
  struct hashent tlb[SCORD_TLB_SLOTS]; /* p NULL when empty */
  /* A page's worth of init entries, copied into each new page: the C library's copy moves
  ** 32 or 64 bytes a store, where a fill loop compiled for the baseline ISA moves 16. */
  uint64_t init_page[SCORD_PAGE_ENTRIES];
  /* Pages come from 2 MiB slabs: fewer allocations and, as huge pages, one first-touch
  ** fault and far fewer TLB misses when warps scatter over many pages. */
  page **slabs;
  size_t nslabs, capslabs; /* slabs allocated */
  size_t cur, slab_used;   /* pages come from slabs[cur]; slabs[0 .. cur-1] are full */
};

#define SCORD_SLAB_BYTES ((size_t)2 << 20) /* one x86-64 huge page */
#define SCORD_SLAB_PAGES (SCORD_SLAB_BYTES / sizeof(page))

static inline size_t hash_home(uint64_t pno, unsigned hbits) {
  return (size_t)((pno * 0x9E3779B97F4A7C15ull) >> (64 - hbits));
}

/* A slab of SCORD_SLAB_BYTES, aligned so the kernel can back it with one huge page. */
static page *new_slab(void) {
  void *m = aligned_alloc(SCORD_SLAB_BYTES, SCORD_SLAB_BYTES);
#if defined(MADV_HUGEPAGE)
  if (m) (void)madvise(m, SCORD_SLAB_BYTES, MADV_HUGEPAGE); /* a hint: refused is fine */
#endif
  return m;
}

scord_store *scord_store_new(uint64_t entries) {
  scord_store *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->entries = entries;
  for (uint64_t i = 0; i < SCORD_PAGE_ENTRIES; i++) s->init_page[i] = SCORD_MD_INIT;
  s->hbits = SCORD_HASH_MIN_BITS;
  s->hash = calloc((size_t)1 << s->hbits, sizeof *s->hash);
  if (!s->hash) {
    free(s);
    return NULL;
  }
  return s;
}

/* Runs body with pg set to each page in use, slab by slab (allocation order); for reset,
** rehash and the foreach. */
#define FOR_EACH_PAGE(s, pg, body)                                              \
  for (size_t i_ = 0; i_ < (s)->nslabs && i_ <= (s)->cur; i_++) {              \
    size_t used_ = i_ == (s)->cur ? (s)->slab_used : SCORD_SLAB_PAGES;          \
    for (size_t j_ = 0; j_ < used_; j_++) {                                      \
      page *pg = &(s)->slabs[i_][j_];                                            \
      body                                                                       \
    }                                                                            \
  }

/* Every entry back to init: each page in use clears its own hash slot (the table is then
** empty again, and the cost follows this kernel's pages, not the largest kernel's), and the
** slabs are handed out again from the first. */
void scord_store_reset(scord_store *s) {
  FOR_EACH_PAGE(s, p, {
    assert(s->hash[p->slot].p == p);
    s->hash[p->slot].p = NULL;
  })
  s->cur = s->slab_used = 0;
  s->npages = 0;
  memset(s->tlb, 0, sizeof s->tlb);
}

void scord_store_free(scord_store *s) {
  if (!s) return;
  for (size_t i = 0; i < s->nslabs; i++) free(s->slabs[i]);
  free(s->slabs);
  free(s->hash);
  free(s);
}

static inline page *find_page(scord_store *s, uint64_t pno) {
  struct hashent *t = &s->tlb[pno & (SCORD_TLB_SLOTS - 1)];
  if (t->p && t->pno == pno) return t->p;
  size_t mask = ((size_t)1 << s->hbits) - 1;
  for (size_t h = hash_home(pno, s->hbits);; h = (h + 1) & mask) {
    const struct hashent *e = &s->hash[h];
    if (!e->p) return NULL;
    if (e->pno == pno) {
      *t = *e;
      return e->p;
    }
  }
}

/* Enter p in the table (pno not present, a free slot exists). */
static void hash_put(scord_store *s, page *p) {
  size_t mask = ((size_t)1 << s->hbits) - 1;
  size_t h = hash_home(p->pno, s->hbits);
  while (s->hash[h].p) h = (h + 1) & mask;
  s->hash[h].pno = p->pno;
  s->hash[h].p = p;
  p->slot = h;
}

/* Double the table and re-enter every page in use. */
static void hash_grow(scord_store *s) {
  struct hashent *nh = calloc((size_t)2 << s->hbits, sizeof *nh);
  if (!nh) abort(); /* out of memory: the model cannot continue faithfully */
  free(s->hash);
  s->hash = nh;
  s->hbits++;
  FOR_EACH_PAGE(s, p, { hash_put(s, p); })
}

/* A new page of init entries for pno, entered in the table and the TLB. */
static page *new_page(scord_store *s, uint64_t pno) {
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
      if (!(s->slabs[s->nslabs] = new_slab())) abort();
      s->cur = s->nslabs++;
    }
    s->slab_used = 0;
  }
  page *p = &s->slabs[s->cur][s->slab_used++];
  p->pno = pno;
  memcpy(p->e, s->init_page, sizeof p->e);
  s->npages++;
  if (2 * s->npages > ((size_t)1 << s->hbits)) {
    hash_grow(s); /* enters p with the others */
  } else {
    hash_put(s, p);
  }
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
  return sizeof *s + ((size_t)1 << s->hbits) * sizeof *s->hash + s->capslabs * sizeof *s->slabs +
         s->nslabs * SCORD_SLAB_BYTES;
}

static int by_pno(const void *a, const void *b) {
  uint64_t x = (*(const page *const *)a)->pno, y = (*(const page *const *)b)->pno;
  return (x > y) - (x < y);
}

void scord_store_foreach_nondefault(scord_store *s,
                                    void (*fn)(void *arg, uint64_t index, uint64_t value),
                                    void *arg) {
  if (s->npages == 0) return;
  /* Slabs hold pages in allocation order; the contract is index order. */
  page **order = malloc(s->npages * sizeof *order);
  if (!order) abort();
  size_t n = 0;
  FOR_EACH_PAGE(s, p, { order[n++] = p; })
  assert(n == s->npages);
  qsort(order, n, sizeof *order, by_pno);
  for (size_t i = 0; i < n; i++) {
    const page *p = order[i];
    for (uint64_t k = 0; k < SCORD_PAGE_ENTRIES; k++)
      if (p->e[k] != SCORD_MD_INIT) fn(arg, (p->pno << SCORD_PAGE_BITS) | k, p->e[k]);
  }
  free(order);
}

void scord_store_update_nondefault(scord_store *s,
                                   uint64_t (*fn)(void *arg, uint64_t index, uint64_t value),
                                   void *arg) {
  /* Any page order will do: each entry is rewritten from its own value only. */
  FOR_EACH_PAGE(s, p, {
    for (uint64_t k = 0; k < SCORD_PAGE_ENTRIES; k++)
      if (p->e[k] != SCORD_MD_INIT) p->e[k] = fn(arg, (p->pno << SCORD_PAGE_BITS) | k, p->e[k]);
  })
}

static uint64_t port_read(void *ctx, uint64_t index) { return scord_store_read(ctx, index); }
static void port_write(void *ctx, uint64_t index, uint64_t v) { scord_store_write(ctx, index, v); }
static void port_reset(void *ctx) { scord_store_reset(ctx); }
static void port_update(void *ctx, uint64_t (*fn)(void *arg, uint64_t index, uint64_t value),
                        void *arg) {
  scord_store_update_nondefault(ctx, fn, arg);
}

scord_mdport scord_store_port(scord_store *s) {
  scord_mdport p = {s, port_read, port_write, port_reset, port_update};
  return p;
}
