/*
** tracker.c -- the SM-side unit of architecture.md: per-warp lock tables, the bloom of
** active locks, per-CTA-slot barrier counters (detector.md section 3).
**
** One tracker per SM.  Work per event is O(LockEntries); the bloom is built once per
** instruction (decision 12), so cost is independent of the lane count.
*/
#include "scord/scord.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct scord_tracker {
  scord_params p;
  unsigned sm;
  uint32_t *barrier;          /* per CTA slot */
  scord_lock_entry *locks;    /* warps_per_sm * lock_entries, oldest first, valid packed */
  uint8_t *nlocks;            /* valid entries per warp */
  /* Bloom cache per warp (a separate allocation, so filling it through a const tracker
  ** is well defined): valid until the warp's lock table changes. */
  struct bcache { uint32_t block, bloom; bool valid; } *bc;
};

scord_tracker *scord_tracker_new(const scord_params *p, unsigned sm) {
  assert(sm < p->num_sms);
  scord_tracker *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->p = *p;
  t->sm = sm;
  t->barrier = calloc(p->ctas_per_sm, sizeof *t->barrier);
  t->locks = calloc(p->warps_per_sm * p->lock_entries, sizeof *t->locks);
  t->nlocks = calloc(p->warps_per_sm, sizeof *t->nlocks);
  t->bc = calloc(p->warps_per_sm, sizeof *t->bc);
  if (!t->barrier || !t->locks || !t->nlocks || !t->bc) {
    scord_tracker_free(t);
    return NULL;
  }
  return t;
}

void scord_tracker_free(scord_tracker *t) {
  if (!t) return;
  free(t->barrier);
  free(t->locks);
  free(t->nlocks);
  free(t->bc);
  free(t);
}

void scord_tracker_reset(scord_tracker *t) {
  memset(t->barrier, 0, t->p.ctas_per_sm * sizeof *t->barrier);
  memset(t->locks, 0, t->p.warps_per_sm * t->p.lock_entries * sizeof *t->locks);
  memset(t->nlocks, 0, t->p.warps_per_sm * sizeof *t->nlocks);
  memset(t->bc, 0, t->p.warps_per_sm * sizeof *t->bc);
}

uint32_t scord_lock_hash(const scord_params *p, uint64_t lockaddr) {
  unsigned k = scord_clog2(p->bloom_bin_bits);
  return (uint32_t)((lockaddr >> 2) & (((uint64_t)1 << (2 * k)) - 1));
}

bool scord_bloom_empty(const scord_params *p, uint32_t bloom) {
  uint32_t bin = (uint32_t)(((uint64_t)1 << p->bloom_bin_bits) - 1);
  return (bloom & bin) == 0 || ((bloom >> p->bloom_bin_bits) & bin) == 0;
}

/* Hash h as filter bits: bit h[k-1:0] of bin A, bit h[2k-1:k] of bin B. */
static inline uint32_t bloom_bits(unsigned k, unsigned bin_bits, uint32_t h) {
  uint32_t lo = h & ((1u << k) - 1), hi = (h >> k) & ((1u << k) - 1);
  return (1u << lo) | (1u << (hi + bin_bits));
}

uint32_t scord_lock_bloom(const scord_params *p, uint32_t a, bool device, uint32_t block_id) {
  unsigned k = scord_clog2(p->bloom_bin_bits);
  uint32_t salt = (block_id + 1) & (uint32_t)(((uint64_t)1 << (2 * k)) - 1);
  uint32_t b = bloom_bits(k, (unsigned)p->bloom_bin_bits, a ^ salt); /* section 3: block-scope hash */
  if (device) b |= bloom_bits(k, (unsigned)p->bloom_bin_bits, a);     /* scope inclusion: the plain hash */
  return b;
}

uint32_t scord_tracker_bloom(const scord_tracker *t, unsigned warp, uint32_t block_id) {
  assert(warp < t->p.warps_per_sm);
  struct bcache *c = &t->bc[warp];
  if (c->valid && c->block == block_id) return c->bloom;
  const scord_lock_entry *e = &t->locks[warp * t->p.lock_entries];
  uint32_t b = 0;
  for (unsigned i = 0; i < t->nlocks[warp]; i++)
    if (e[i].active) b |= scord_lock_bloom(&t->p, e[i].a, e[i].device, block_id);
  *c = (struct bcache){block_id, b, true};
  return b;
}

uint32_t scord_tracker_barrier_id(const scord_tracker *t, unsigned cta) {
  assert(cta < t->p.ctas_per_sm);
  return t->barrier[cta];
}

void scord_tracker_make_access(const scord_tracker *t, scord_access *out, unsigned cta,
                               unsigned warp, scord_kind kind, bool is_volatile,
                               scord_scope atom_scope, uint64_t addr, uint64_t pc,
                               uint32_t bloom) {
  assert(cta < t->p.ctas_per_sm && warp < t->p.warps_per_sm);
  out->sm = (uint16_t)t->sm;
  out->cta = (uint16_t)cta;
  out->warp = (uint16_t)warp;
  out->block_id = scord_block_id(&t->p, t->sm, cta);
  out->barrier_id = t->barrier[cta];
  out->bloom = bloom;
  out->kind = (uint8_t)kind;
  out->strong = kind == SCORD_ATOM || is_volatile;
  out->atom_block_scope = kind == SCORD_ATOM && atom_scope == SCORD_SCOPE_CTA;
  out->addr = addr;
  out->pc = pc;
  out->lane = 0;        /* the caller sets the lane when lane identity is in force, */
  out->ordered = false; /* and an ordered ld/st under v2.0 acquire/release */
}

void scord_tracker_fence(scord_tracker *t, unsigned warp, scord_scope scope) {
  assert(warp < t->p.warps_per_sm);
  scord_lock_entry *e = &t->locks[warp * t->p.lock_entries];
  t->bc[warp].valid = false;
  for (unsigned i = 0; i < t->nlocks[warp]; i++)
    if (scope != SCORD_SCOPE_CTA || !e[i].device) e[i].active = true; /* matching or lesser */
}

void scord_tracker_barrier(scord_tracker *t, unsigned cta) {
  assert(cta < t->p.ctas_per_sm);
  t->barrier[cta] = (t->barrier[cta] + 1) & (uint32_t)(((uint64_t)1 << t->p.barrier_id_bits) - 1);
}

void scord_tracker_cta_start(scord_tracker *t, unsigned first_warp, unsigned count) {
  assert(first_warp + count <= t->p.warps_per_sm);
  memset(&t->locks[first_warp * t->p.lock_entries], 0,
         count * t->p.lock_entries * sizeof *t->locks);
  memset(&t->nlocks[first_warp], 0, count * sizeof *t->nlocks);
  memset(&t->bc[first_warp], 0, count * sizeof *t->bc);
}

int scord_tracker_atomic(scord_tracker *t, unsigned warp, scord_atom_op op,
                         scord_scope scope, uint64_t addr, bool has_cmp, uint32_t cmp,
                         bool has_val, uint32_t val, bool has_old, uint32_t old) {
  assert(warp < t->p.warps_per_sm);
  bool device = scope != SCORD_SCOPE_CTA; /* sys folds into device (decision 9) */
  uint32_t a = scord_lock_hash(&t->p, addr);
  scord_lock_entry *e = &t->locks[warp * t->p.lock_entries];
  unsigned n = t->nlocks[warp];
  if (op == SCORD_OP_CAS || op == SCORD_OP_EXCH) t->bc[warp].valid = false;
  if (op == SCORD_OP_CAS && has_cmp && cmp == 0 && has_val && val == 1 && has_old && old == 0) {
    for (unsigned i = 0; i < n; i++)
      if (e[i].a == a && e[i].device == device) return 1; /* already held: no change */
    if (n == t->p.lock_entries) { /* full: drop the oldest, even an active one */
      memmove(&e[0], &e[1], (n - 1) * sizeof *e);
      n--;
    }
    e[n] = (scord_lock_entry){.valid = true, .active = false, .device = device, .a = a};
    t->nlocks[warp] = (uint8_t)(n + 1);
    return 1;
  }
  if (op == SCORD_OP_EXCH && has_val && val == 0) {
    for (unsigned i = 0; i < n; i++) {
      if (e[i].a == a && e[i].device == device) {
        memmove(&e[i], &e[i + 1], (n - 1 - i) * sizeof *e);
        e[n - 1] = (scord_lock_entry){0};
        t->nlocks[warp] = (uint8_t)(n - 1);
        return 2;
      }
    }
    return 2;
  }
  return 0;
}

unsigned scord_tracker_locks(const scord_tracker *t, unsigned warp,
                             const scord_lock_entry **entries) {
  assert(warp < t->p.warps_per_sm);
  *entries = &t->locks[warp * t->p.lock_entries];
  return t->nlocks[warp];
}
