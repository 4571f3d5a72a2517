/*
** test_diff.c -- differential test in the SQLite manner: a deliberately naive second
** implementation of detector.md (plain struct fields, no bit packing, a flat array as
** the metadata store, lock tables ordered by age stamps instead of shifting, the bloom
** built as two bool arrays) runs the same seeded random event streams as the real model;
** they must agree on every race, in order, and on every metadata entry at the end.
** The same stream also goes through an external-port run (the port's callbacks) and
** through scord_system_apply_batch in batches of random length (the prefetching path),
** which must give the same races in the same order and the same metadata.
** With spec_version=2 the naive model follows docs/spec/detector-v2.md its own way: unbounded
** fence counters stored whole in its entries (so the real model's 2-bit counters with the scrub
** must agree with counters that never wrap), 64-bit release/acquire stamps, a lane per entry.
**
** Usage: test_diff [events-per-config] [seed]    (defaults 120000, 1)
*/
#include "check.h"
#include "scord/scord.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------- the naive model ------------------------------- */
typedef struct nent {
  unsigned tag, block, warp, barrier, lane;
  unsigned long dev, blk;   /* whole counters with the scrub (v2.0), else masked */
  unsigned bloom;
  int m, bs, ds, isatom, scope, strong;
} nent;

typedef struct nlock { int valid, active, device; unsigned a; unsigned long stamp; } nlock;

typedef struct naive {
  scord_params p;
  nent *md;                 /* flat: one per metadata slot */
  unsigned long entries;
  unsigned long *fblk, *fdev; /* [sm][warp]; never wrapped with the scrub (v2.0) */
  unsigned long rseq, *rel[2], *acq[2]; /* v2.0 release/acquire stamps, [0] Blk, [1] Dev */
  unsigned *barrier;        /* [sm][cta] */
  nlock *locks;             /* [sm][warp][entry] */
  unsigned long stamp;
  scord_race *races;
  size_t nraces, cap;
} naive;

static unsigned pow2(unsigned b) { return 1u << b; }

static void n_init_entry(nent *e) { memset(e, 0, sizeof *e); e->m = e->bs = e->ds = 1; }

static void n_reset(naive *n) {
  for (unsigned long i = 0; i < n->entries; i++) n_init_entry(&n->md[i]);
  size_t nw = n->p.num_sms * n->p.warps_per_sm;
  memset(n->fblk, 0, nw * sizeof *n->fblk);
  memset(n->fdev, 0, nw * sizeof *n->fdev);
  for (int i = 0; i < 2; i++) {
    memset(n->rel[i], 0, nw * sizeof *n->rel[i]);
    memset(n->acq[i], 0, nw * sizeof *n->acq[i]);
  }
  n->rseq = 0;
  memset(n->barrier, 0, n->p.num_sms * n->p.ctas_per_sm * sizeof(unsigned));
  memset(n->locks, 0, n->p.num_sms * n->p.warps_per_sm * n->p.lock_entries * sizeof(nlock));
}

static void n_new(naive *n, const scord_params *p) {
  memset(n, 0, sizeof *n);
  n->p = *p;
  n->entries = (unsigned long)(p->heap_bytes / p->granule / p->md_ratio);
  n->md = malloc(n->entries * sizeof *n->md);
  n->fblk = malloc(p->num_sms * p->warps_per_sm * sizeof *n->fblk);
  n->fdev = malloc(p->num_sms * p->warps_per_sm * sizeof *n->fdev);
  for (int i = 0; i < 2; i++) {
    n->rel[i] = malloc(p->num_sms * p->warps_per_sm * sizeof *n->rel[i]);
    n->acq[i] = malloc(p->num_sms * p->warps_per_sm * sizeof *n->acq[i]);
    if (!n->rel[i] || !n->acq[i]) abort();
  }
  n->barrier = malloc(p->num_sms * p->ctas_per_sm * sizeof(unsigned));
  n->locks = malloc(p->num_sms * p->warps_per_sm * p->lock_entries * sizeof(nlock));
  if (!n->md || !n->fblk || !n->fdev || !n->barrier || !n->locks) abort();
  n_reset(n);
}

static void n_free(naive *n) {
  free(n->md); free(n->fblk); free(n->fdev); free(n->barrier); free(n->locks); free(n->races);
  for (int i = 0; i < 2; i++) { free(n->rel[i]); free(n->acq[i]); }
}

static nlock *n_tab(naive *n, unsigned sm, unsigned warp) {
  return &n->locks[(sm * n->p.warps_per_sm + warp) * n->p.lock_entries];
}

static unsigned n_k(const naive *n) { unsigned k = 0; while (pow2(k) < n->p.bloom_bin_bits) k++; return k; }

static int n_empty(const naive *n, unsigned b) {
  int a = 0, c = 0;
  for (unsigned i = 0; i < n->p.bloom_bin_bits; i++) {
    if (b & (1u << i)) a = 1;
    if (b & (1u << (i + n->p.bloom_bin_bits))) c = 1;
  }
  return !a || !c;
}

static unsigned n_bloom(naive *n, unsigned sm, unsigned warp, unsigned block) {
  int binA[16] = {0}, binB[16] = {0};
  unsigned k = n_k(n), m2k = pow2(2 * k) - 1;
  nlock *t = n_tab(n, sm, warp);
  for (unsigned i = 0; i < n->p.lock_entries; i++) {
    if (!t[i].valid || !t[i].active) continue;
    unsigned hs[2] = {(t[i].a ^ (block + 1)) & m2k, t[i].a};
    for (int j = 0; j < (t[i].device ? 2 : 1); j++) {
      binA[hs[j] % pow2(k)] = 1;
      binB[hs[j] / pow2(k)] = 1;
    }
  }
  unsigned b = 0;
  for (unsigned i = 0; i < n->p.bloom_bin_bits; i++) {
    if (binA[i]) b |= 1u << i;
    if (binB[i]) b |= 1u << (i + n->p.bloom_bin_bits);
  }
  return b;
}

static void n_race(naive *n, int type, int kind, int block_scope, const scord_event *ev, unsigned long addr, const nent *e) {
  if (n->nraces == n->cap) {
    n->cap = n->cap ? 2 * n->cap : 256;
    n->races = realloc(n->races, n->cap * sizeof *n->races);
    if (!n->races) abort();
  }
  scord_race r;
  memset(&r, 0, sizeof r);
  r.type = (uint8_t)type; r.kind = (uint8_t)kind; r.block_scope = block_scope;
  r.sm = ev->sm; r.cta = ev->cta; r.warp = ev->warp; r.pc = ev->pc; r.addr = addr;
  r.owner_block = e->block; r.owner_warp = e->warp;
  n->races[n->nraces++] = r;
}

/* One lane (its lane number `lane`). Returns nothing; races appended. */
static void n_check(naive *n, const scord_event *ev, int kind, unsigned long lane_addr, unsigned bloom, unsigned lane) {
  const scord_params *p = &n->p;
  unsigned long a = lane_addr - lane_addr % 4;
  if (a < p->heap_base || a >= p->heap_base + p->heap_bytes) return;
  unsigned long word = (a - p->heap_base) / p->granule;
  unsigned long idx = word % n->entries, tag = word / n->entries;
  nent *e = &n->md[idx];
  if (e->tag != tag) n_init_entry(e);
  int v2a = scord_v2_acq_rel(p), v2l = scord_v2_lanes(p);
  unsigned block = ev->sm * (unsigned)p->ctas_per_sm + ev->cta;
  unsigned long xi = ev->sm * p->warps_per_sm + ev->warp;
  unsigned long xb = n->fblk[xi], xd = n->fdev[xi];
  unsigned bar = n->barrier[ev->sm * p->ctas_per_sm + ev->cta];
  int ordered = v2a && kind != 2 && ev->sem != SCORD_SEM_NONE; /* an atomic load or store */
  int is_atom = kind == 2 || ordered, strong = is_atom || ev->is_volatile || ev->sem != SCORD_SEM_NONE;
  int ablk = is_atom && ev->scope == SCORD_SCOPE_CTA;
  int write = kind != 0;
  if (!v2l) lane = 0;
  for (int pass = 0; pass < 2; pass++) {
    int sb = e->block == block, hw = sb && e->warp == ev->warp, sw = hw && e->lane == lane;
    unsigned osm = e->block / (unsigned)p->ctas_per_sm;
    unsigned long oi = osm * p->warps_per_sm + e->warp;
    unsigned long ob = n->fblk[oi], od = n->fdev[oi];
    int ofb = e->blk != ob || e->dev != od, ofd = e->dev != od;
    /* sync(x, o): a lane of the same warp, or an acquire at or after the owner's release */
    int sync = (v2l && hw) || (v2a && n->rel[!sb][oi] != 0 && n->acq[!sb][xi] >= n->rel[!sb][oi]);
    int race = -1;
#define OWN() do { e->block = block; e->warp = ev->warp; e->barrier = bar; e->blk = xb; e->dev = xd; \
                   e->isatom = is_atom; e->scope = ablk; e->strong = e->strong && strong; e->lane = lane; } while (0)
    if ((e->m && e->bs && e->ds) || (sb && e->barrier != bar && !e->ds)) {
      OWN(); e->m = write; e->bs = 0; e->ds = 0; e->bloom = bloom; e->strong = strong;
    } else if (sw && !e->bs && !e->ds) {
      if (!write && e->m && ofb) e->m = 0;
      OWN(); if (write) e->m = 1; e->strong = strong; e->bloom = bloom;
    } else if (e->isatom && e->scope && !sb) {
      race = SCORD_RACE_SCOPED_ATOMIC;
    } else if (write && e->isatom && is_atom) {
      OWN(); e->m = 1;
    } else if (!write && e->isatom && is_atom) { /* v2.0: only an ordered ld gets here */
      OWN(); e->m = 0; e->bs = 0; e->ds = 0;
    } else if (!write && e->m && !sw && sb && !ofb) {
      race = SCORD_RACE_BLK_FENCE;
    } else if (!write && e->m && !sw && !sb && !ofd) {
      race = SCORD_RACE_DEV_FENCE;
    } else if (!write && e->m && !sw && p->strong_ops && !(e->strong && strong) && !sync) {
      race = SCORD_RACE_STRONG;
    } else if (write && sb && (e->blk == ob || e->ds) && e->dev == od) {
      race = SCORD_RACE_BLK_FENCE;
    } else if (write && !sb && !ofd) {
      race = SCORD_RACE_DEV_FENCE;
    } else if (write && p->strong_ops && !(e->strong && strong) && !sync) {
      race = SCORD_RACE_STRONG;
    } else if (n_empty(n, e->bloom) && n_empty(n, bloom)) {
      if (write) { OWN(); e->bs = 0; e->ds = 0; e->m = 1; }
      else if (e->m) { if (!sw) e->m = 0; e->bs = 0; e->ds = 0; OWN(); }
      else if (sb && !e->ds) e->bs = 1;
      else { e->ds = 1; e->bs = 0; }
    } else if (write) {
      if (n_empty(n, e->bloom & bloom)) race = SCORD_RACE_LOCK_STORE;
      else { OWN(); e->bloom = e->bloom & bloom; e->m = 1; }
    } else {
      if (e->m && n_empty(n, e->bloom & bloom)) race = SCORD_RACE_LOCK_LOAD;
      else {
        if (n_empty(n, e->bloom)) e->bloom = bloom;
        else if (!n_empty(n, bloom)) e->bloom = e->bloom & bloom;
        if (!sb) { e->bs = 0; e->ds = 1; }
        else if (!sw && !e->ds) e->bs = 1;
      }
    }
#undef OWN
    if (race < 0) break;
    n_race(n, race, kind, sb && !e->ds, ev, a, e); /* decision 13 */
    unsigned keep = e->tag;
    n_init_entry(e);
    e->tag = keep;
  }
  e->tag = (unsigned)tag;
}

static void n_lock_effect(naive *n, const scord_event *ev, unsigned long addr) {
  nlock *t = n_tab(n, ev->sm, ev->warp);
  unsigned k = n_k(n), a = (unsigned)((addr / 4) % pow2(2 * k));
  int dev = ev->scope != SCORD_SCOPE_CTA;
  if (ev->op == SCORD_OP_CAS && ev->has_cmp && ev->cmp == 0 && ev->has_val && ev->val == 1 && ev->has_old && ev->old == 0) {
    int free_slot = -1, oldest = -1;
    for (unsigned i = 0; i < n->p.lock_entries; i++) {
      if (t[i].valid && t[i].a == a && t[i].device == dev) return;
      if (!t[i].valid && free_slot < 0) free_slot = (int)i;
      if (t[i].valid && (oldest < 0 || t[i].stamp < t[oldest].stamp)) oldest = (int)i;
    }
    int s = free_slot >= 0 ? free_slot : oldest;
    t[s].valid = 1; t[s].active = 0; t[s].device = dev; t[s].a = a; t[s].stamp = ++n->stamp;
  } else if (ev->op == SCORD_OP_EXCH && ev->has_val && ev->val == 0) {
    int first = -1;
    for (unsigned i = 0; i < n->p.lock_entries; i++)
      if (t[i].valid && t[i].a == a && t[i].device == dev && (first < 0 || t[i].stamp < t[first].stamp)) first = (int)i;
    if (first >= 0) t[first].valid = 0;
  }
}

/* Move warp i's fence counter of scope sc: whole with the scrub (v2.0), else wrapping. */
static void n_bump(naive *n, unsigned long i, int cta) {
  unsigned long fm = scord_v2_scrub(&n->p) ? ~0ul : pow2((unsigned)n->p.fence_id_bits) - 1;
  if (cta) n->fblk[i] = (n->fblk[i] + 1) & fm; else n->fdev[i] = (n->fdev[i] + 1) & fm;
}

/* Lock entries of matching or lesser scope become active (a fence, a release, an acquire). */
static void n_activate(naive *n, const scord_event *ev) {
  nlock *t = n_tab(n, ev->sm, ev->warp);
  for (unsigned j = 0; j < n->p.lock_entries; j++)
    if (t[j].valid && (ev->scope != SCORD_SCOPE_CTA || !t[j].device)) t[j].active = 1;
}

/* A v2.0 release (rel) or acquire stamp of the event's warp at its scope. */
static void n_stamp(naive *n, const scord_event *ev, int rel) {
  unsigned long i = ev->sm * n->p.warps_per_sm + ev->warp, **t = rel ? n->rel : n->acq;
  if (rel) n->rseq++;
  t[0][i] = n->rseq;
  if (ev->scope != SCORD_SCOPE_CTA) t[1][i] = n->rseq;
}

static void n_apply(naive *n, const scord_event *ev) {
  const scord_params *p = &n->p;
  int v2a = scord_v2_acq_rel(p);
  unsigned long wi = ev->sm * p->warps_per_sm + ev->warp;
  switch (ev->type) {
  case SCORD_EV_LD: case SCORD_EV_ST: case SCORD_EV_ATOM: {
    int kind = ev->type == SCORD_EV_LD ? 0 : ev->type == SCORD_EV_ST ? 1 : 2;
    if (v2a && (ev->sem == SCORD_SEM_RELEASE || ev->sem == SCORD_SEM_ACQ_REL)) {
      n_activate(n, ev);
      n_bump(n, wi, ev->scope == SCORD_SCOPE_CTA);
      n_stamp(n, ev, 1);
    }
    unsigned bloom = n_bloom(n, ev->sm, ev->warp, ev->sm * (unsigned)p->ctas_per_sm + ev->cta);
    for (unsigned l = 0; l < ev->n; l++) {
      unsigned long a = ev->addr + l * ev->stride;
      n_check(n, ev, kind, a, bloom, ev->lane + l);
      if (kind == 2) n_lock_effect(n, ev, a);
    }
    if (v2a && (ev->sem == SCORD_SEM_ACQUIRE || ev->sem == SCORD_SEM_ACQ_REL)) {
      n_activate(n, ev);
      n_stamp(n, ev, 0);
    }
    break;
  }
  case SCORD_EV_FENCE:
    n_bump(n, wi, ev->scope == SCORD_SCOPE_CTA);
    n_activate(n, ev);
    if (v2a) {
      n_stamp(n, ev, 1);
      n_stamp(n, ev, 0);
    }
    break;
  case SCORD_EV_SYNCWARP:
    if (scord_v2_lanes(p)) n_bump(n, wi, 1);
    break;
  case SCORD_EV_BAR: {
    unsigned i = ev->sm * (unsigned)p->ctas_per_sm + ev->cta;
    n->barrier[i] = (n->barrier[i] + 1) % pow2((unsigned)p->barrier_id_bits);
    break;
  }
  case SCORD_EV_CTA:
    for (unsigned w = ev->first_warp; w < (unsigned)ev->first_warp + ev->warps; w++)
      memset(n_tab(n, ev->sm, w), 0, p->lock_entries * sizeof(nlock));
    break;
  case SCORD_EV_KERNEL:
    n_reset(n);
    break;
  }
}

/* ------------------------------- random streams ------------------------------- */
static uint64_t rng(uint64_t *s) {
  *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17;
  return *s;
}
#define R(n) (rng(&seed) % (n))

static void gen_event(const scord_params *p, uint64_t *sp, scord_event *e, int nwords) {
  bool v2 = p->spec_version >= 2; /* format 2 items: only then (the v1.1 streams stay the same) */
  uint64_t seed = *sp;
  memset(e, 0, sizeof *e);
  /* Few SMs/CTAs/warps so that ownership collides often. */
  e->sm = (uint16_t)R(p->num_sms < 3 ? p->num_sms : 3);
  e->cta = (uint16_t)R(p->ctas_per_sm < 2 ? p->ctas_per_sm : 2);
  e->warp = (uint16_t)R(p->warps_per_sm < 4 ? p->warps_per_sm : 4);
  e->pc = R(64) * 8;
  uint64_t r = R(1000);
  uint64_t N = p->heap_bytes / p->granule / p->md_ratio;
  uint64_t word = R((uint64_t)nwords);
  if (p->md_ratio > 1 && R(4) == 0) word += N * R(p->md_ratio); /* tag aliasing */
  uint64_t addr = p->heap_base + word * 4 + R(4);
  if (R(50) == 0) addr = 0x1000 + R(64) * 4;                        /* outside the window */
  uint64_t lockw = 0x100 + R(6) * 4;                                 /* few lock words */
  if (r < 330) { e->type = SCORD_EV_LD; e->is_volatile = R(2); }
  else if (r < 600) { e->type = SCORD_EV_ST; e->is_volatile = R(2); }
  else if (r < 700) { e->type = SCORD_EV_ATOM; e->op = (uint8_t)R(SCORD_OP_COUNT); e->scope = (uint8_t)R(3); }
  else if (r < 780) { /* lock acquire (success or not) */
    e->type = SCORD_EV_ATOM; e->op = SCORD_OP_CAS; e->scope = (uint8_t)R(3);
    e->has_cmp = e->has_val = e->has_old = true; e->cmp = 0; e->val = 1; e->old = R(4) == 0;
    addr = R(3) ? lockw : addr;
  } else if (r < 840) { /* release */
    e->type = SCORD_EV_ATOM; e->op = SCORD_OP_EXCH; e->scope = (uint8_t)R(3);
    e->has_val = true; e->val = R(5) == 0;
    addr = R(3) ? lockw : addr;
  } else if (r < 960) { e->type = SCORD_EV_FENCE; e->scope = (uint8_t)R(3); }
  else if (r < 985) { e->type = SCORD_EV_BAR; }
  else if (r < 998) {
    e->type = SCORD_EV_CTA;
    e->first_warp = (uint16_t)R(p->warps_per_sm);
    e->warps = (uint16_t)(1 + R(p->warps_per_sm - e->first_warp));
  } else { e->type = SCORD_EV_KERNEL; }
  if (e->type <= SCORD_EV_ATOM) {
    e->addr = addr;
    e->n = (uint8_t)(R(4) == 0 ? 1 + R(8) : 1);
    e->stride = R(3) == 0 ? 4 * R(3) : 4;
    if (e->type == SCORD_EV_ATOM && e->op != SCORD_OP_CAS && e->op != SCORD_OP_EXCH) {
      e->has_val = R(2); e->val = (uint32_t)R(3);
    }
  }
  if (v2 && e->type <= SCORD_EV_ATOM) {
    static const uint8_t ld[] = {SCORD_SEM_NONE, SCORD_SEM_NONE, SCORD_SEM_RELAXED, SCORD_SEM_ACQUIRE},
                         st[] = {SCORD_SEM_NONE, SCORD_SEM_NONE, SCORD_SEM_RELAXED, SCORD_SEM_RELEASE},
                         at[] = {SCORD_SEM_NONE, SCORD_SEM_RELAXED, SCORD_SEM_ACQUIRE, SCORD_SEM_RELEASE, SCORD_SEM_ACQ_REL};
    e->sem = e->type == SCORD_EV_LD ? ld[R(4)] : e->type == SCORD_EV_ST ? st[R(4)] : at[R(5)];
    if (e->sem && e->type != SCORD_EV_ATOM) e->scope = (uint8_t)R(3);
    e->lane = (uint8_t)R(33 - e->n);
  } else if (v2 && e->type == SCORD_EV_FENCE && R(4) == 0) {
    e->type = SCORD_EV_SYNCWARP;
  }
  *sp = seed;
}

static bool race_eq(const scord_race *a, const scord_race *b) {
  return a->type == b->type && a->kind == b->kind && a->block_scope == b->block_scope && a->sm == b->sm &&
         a->cta == b->cta && a->warp == b->warp && a->pc == b->pc && a->addr == b->addr &&
         a->owner_block == b->owner_block && a->owner_warp == b->owner_warp;
}

static void run_config(const char *name, const char *const *kv, size_t nkv, long events, uint64_t seed0) {
  scord_params p;
  char err[512];
  scord_params_default(&p);
  p.set_mask = 0;
  for (size_t i = 0; i < nkv; i++) {
    char key[64];
    const char *eq = strchr(kv[i], '=');
    memcpy(key, kv[i], (size_t)(eq - kv[i]));
    key[eq - kv[i]] = 0;
    if (scord_params_set(&p, key, eq + 1, err, sizeof err)) { fprintf(stderr, "%s\n", err); abort(); }
  }
  if (scord_params_finalize(&p, err, sizeof err)) { fprintf(stderr, "%s\n", err); abort(); }
  p.race_buf_entries = 1u << 20; /* drained each event anyway */
  scord_system *s = scord_system_new(&p, NULL);
  scord_detector *d = scord_system_detector(s);
  /* A run through an external port (its read and write callbacks, where the own store is
  ** reached in place), so both of the detector's paths are held to the naive model. */
  scord_store *ext = scord_store_new(p.heap_bytes / p.granule / p.md_ratio);
  scord_mdport port = scord_store_port(ext);
  /* With the scrub in force it rewrites the external store through the port's
  ** update_nondefault (detector-v2.md section 4). */
  const bool scrub = scord_v2_scrub(&p);
  scord_system *s2 = scord_system_new(&p, &port);
  CHECK(s2 != NULL);
  scord_detector *d2 = scord_system_detector(s2);
  scord_system *s3 = scord_system_new(&p, NULL);
  scord_detector *d3 = scord_system_detector(s3);
  naive n;
  n_new(&n, &p);
  uint64_t seed = seed0 * 0x9E3779B97F4A7C15ull + 12345;
  size_t seen = 0;
  long races = 0, diverged = 0;
  scord_event *all = malloc((size_t)events * sizeof *all);
  scord_race *rall = NULL;
  size_t nrall = 0, caprall = 0;
  CHECK(all != NULL);
  for (long i = 0; i < events && !diverged; i++) {
    scord_event *ep = &all[i];
    gen_event(&p, &seed, ep, 48);
    const scord_event e = *ep;
    scord_system_apply(s, &e);
    if (s2) scord_system_apply(s2, &e);
    n_apply(&n, &e);
    scord_race r, r2;
    while (scord_detector_pop_race(d, &r)) {
      if (d2 && (!scord_detector_pop_race(d2, &r2) || !race_eq(&r, &r2))) {
        fprintf(stderr, "%s: event %ld: external-port run differs from the own-store run\n", name, i);
        diverged = 1;
        break;
      }
      races++;
      if (nrall == caprall) {
        caprall = caprall ? 2 * caprall : 1024;
        rall = realloc(rall, caprall * sizeof *rall);
        CHECK(rall != NULL);
      }
      rall[nrall++] = r;
      if (seen >= n.nraces || !race_eq(&r, &n.races[seen])) {
        char a[256], b[256] = "(none)";
        scord_race_format(&r, a, sizeof a);
        if (seen < n.nraces) scord_race_format(&n.races[seen], b, sizeof b);
        fprintf(stderr, "%s: event %ld: race %zu differs\n  model: %s\n  naive: %s\n", name, i, seen, a, b);
        diverged = 1;
        break;
      }
      seen++;
    }
    if (!diverged && seen != n.nraces) {
      fprintf(stderr, "%s: event %ld: naive found %zu races, model %zu\n", name, i, n.nraces, seen);
      diverged = 1;
    }
  }
  CHECK(!diverged);
  /* The batch path over the same stream, in batches of 1..64 events. */
  if (!diverged) {
    uint64_t bs = seed0 + 77;
    size_t got = 0;
    for (long i = 0; i < events && !diverged;) {
      bs ^= bs << 13; bs ^= bs >> 7; bs ^= bs << 17;
      long k = 1 + (long)(bs % 64);
      if (k > events - i) k = events - i;
      scord_system_apply_batch(s3, &all[i], (size_t)k);
      i += k;
      scord_race r3;
      while (scord_detector_pop_race(d3, &r3)) {
        if (got >= nrall || !race_eq(&r3, &rall[got])) {
          fprintf(stderr, "%s: batch run: race %zu differs from the one-by-one run\n", name, got);
          diverged = 1;
          break;
        }
        got++;
      }
    }
    if (!diverged && got != nrall) {
      fprintf(stderr, "%s: batch run found %zu races, one-by-one %zu\n", name, got, nrall);
      diverged = 1;
    }
    CHECK(!diverged);
  }
  /* final metadata, entry by entry */
  const scord_layout *l = scord_detector_layout(d);
  scord_store *own = scord_detector_store(d);
  scord_store *own3 = scord_detector_store(d3);
  long md_diff = 0;
  for (unsigned long i = 0; i < n.entries && md_diff < 5; i++) {
    scord_md m;
    if (scord_store_read(own, i) != scord_store_read(own3, i)) {
      fprintf(stderr, "%s: entry %lu: batch run differs from the one-by-one run\n", name, i);
      md_diff++;
    }
    if (s2 && scord_store_read(own, i) != scord_store_read(ext, i)) {
      fprintf(stderr, "%s: entry %lu: own-store run 0x%llx, external port 0x%llx\n", name, i,
              (unsigned long long)scord_store_read(own, i), (unsigned long long)scord_store_read(ext, i));
      md_diff++;
    }
    scord_md_decode(l, scord_store_read(own, i), &m);
    const nent *e = &n.md[i];
    bool fences_ok = m.dev_fence_id == e->dev && m.blk_fence_id == e->blk;
    if (scrub && !(e->m && e->bs && e->ds)) {
      /* whole counters against scrubbed ones: the same "owner fenced since" at both scopes */
      unsigned osm = e->block / (unsigned)p.ctas_per_sm;
      unsigned long oi = osm * p.warps_per_sm + e->warp;
      uint32_t ob, od;
      scord_detector_fence_ids(d, osm, e->warp, &ob, &od);
      fences_ok = (m.blk_fence_id != ob) == (e->blk != n.fblk[oi]) && (m.dev_fence_id != od) == (e->dev != n.fdev[oi]);
    } else if (scrub) {
      fences_ok = true; /* an entry in the init state: its fence IDs are never read */
    }
    if (m.tag != e->tag || m.block_id != e->block || m.warp_id != e->warp || !fences_ok ||
        m.barrier_id != e->barrier || m.bloom != e->bloom || m.m != e->m || m.lane_id != e->lane ||
        m.bs != e->bs || m.ds != e->ds || m.is_atom != e->isatom || m.scope != e->scope || m.strong != e->strong) {
      fprintf(stderr, "%s: metadata entry %lu differs\n", name, i);
      md_diff++;
    }
  }
  CHECK(md_diff == 0);
  const scord_detector_stats *st = scord_detector_get_stats(d);
  int unreached = 0;
  for (int w = 0; w < 2; w++)
    for (int k = 0; k < SCORD_STEP_COUNT; k++)
      if (!st->cover[w][k] && !(w == 0 && k == SCORD_STEP_ATOM_ATOM) &&
          !(w == 1 && (k == SCORD_STEP_NOLOCK_BS || k == SCORD_STEP_NOLOCK_DS)) &&
          !(k == SCORD_STEP_TAG_MISS && p.md_ratio == 1))
        unreached++;
  printf("%-10s %ld events, %ld races, %llu lanes checked, %d steps unreached\n", name, events, races,
         (unsigned long long)st->accesses, unreached);
  CHECK(races > 0);
  CHECK(!d2 || scord_detector_race_count(d2) == 0);
  if (scrub) {
    printf("%-10s %llu scrubs\n", name, (unsigned long long)st->scrubs);
    CHECK(st->scrubs > 0);
  }
  n_free(&n);
  free(all);
  free(rall);
  scord_system_free(s);
  scord_system_free(s2);
  scord_system_free(s3);
  scord_store_free(ext);
}

int main(int argc, char **argv) {
  uint64_t events = 120000, seed = 1;
  if (argc > 1 && scord_arg_u64(argv[0], "EVENTS", argv[1], 1, 1000000000, &events) != 0) return 2;
  if (argc > 2 && scord_arg_u64(argv[0], "SEED", argv[2], 0, UINT64_MAX, &seed) != 0) return 2;
  const char *small[] = {"num_sms=4", "ctas_per_sm=2", "warps_per_sm=4", "heap_bytes=0x10000"};
  const char *def[] = {"heap_bytes=0x100000"};
  const char *md16[] = {"md_ratio=16", "heap_bytes=0x10000"};
  const char *wrap[] = {"fence_id_bits=2", "barrier_id_bits=2", "lock_entries=2", "bloom_bin_bits=4", "heap_bytes=0x10000"};
  const char *gran[] = {"granule=8", "strong_ops=0", "bloom_bin_bits=16", "block_id_bits=9", "barrier_id_bits=2", "fence_id_bits=4", "tag_bits=0", "heap_bytes=0x10000"};
  run_config("small", small, 4, events, seed);
  run_config("default", def, 1, events, seed + 1);
  run_config("md_ratio16", md16, 2, events, seed + 2);
  run_config("wrap", wrap, 5, events, seed + 3);
  run_config("granule8", gran, 8, events, seed + 4);
  /* v2.0 (detector-v2.md): every part, with 2-bit fence counters so the scrub runs every 2 fences
  ** of a warp; without lanes and the scrub (the external-port path); with md_ratio 16 */
  const char *v2[] = {"spec_version=2", "fence_id_bits=2", "lock_entries=2", "heap_bytes=0x10000"};
  const char *v2np[] = {"spec_version=2", "lane_ids=0", "fence_scrub=0", "heap_bytes=0x10000"};
  const char *v2md[] = {"spec_version=2", "md_ratio=16", "heap_bytes=0x10000"};
  run_config("v2", v2, 4, events, seed + 5);
  run_config("v2_port", v2np, 4, events, seed + 6);
  run_config("v2_md16", v2md, 3, events, seed + 7);
  return check_report("test_diff");
}
