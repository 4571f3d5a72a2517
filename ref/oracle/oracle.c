/*
** oracle.c -- the exact scoped-race oracle (oracle.h, docs/accuracy.md section 1).
**
** What it is for: deciding the true races of a vector stream, to measure the detector.
** The stream order is taken as the order in which memory was observed (it is the order
** the detector sees, and vectors carry no values).  State, all exact:
**   logical warps   one per hardware warp and CTA: renewed by a `cta` event; an access or
**                   fence naming another CTA slot for a hardware warp without one is
**                   rejected (SCORD_ORC_INVALID).  Each has clocks C (program order,
**                   barriers, every acquired synchronisation), Cnl (the same without lock
**                   hand-offs), Cpo (program order and barriers only), Obs (its own accesses
**                   and what it learned by reading published strong values: what its fences
**                   publish), pending acquired clocks per fence scope (made effective by its
**                   next fence of that scope or wider), release snapshots of C and Cnl at its
**                   last fence of each scope, and an exact lock set.
**   logical blocks  one per CTA: members, barrier clocks, Vis_blk (the join of its warps'
**                   Obs at their fences: published in the block).
**   Vis_dev         the join of Obs at every gpu/sys fence (published at device scope).
**   words           every 4-byte word ever touched: its full access history.
** A later access b (warp t, block B) and an earlier a (warp u) to the same word conflict
** when u != t and one writes.  The pair is race-free when one of these holds (section 1):
**   1. a and b are atomics linked on that word: same block, or a device-scope atomic of a's
**      block at or after a precedes a device-scope atomic of b's block at or before b (each
**      link's two scopes include both warps: PTX's morally strong, composed as HRF-indirect);
**   2. Cpo_t covers a (program order, barriers);
**   3. Cnl_t covers a (synchronisation other than lock hand-offs) and both are strong;
**   4. a is published to t (C_t covers a through a lock hand-off, or Vis_dev / Vis_blk[B]
**      covers a; a block-scope atomic is never published outside its block by fences),
**      both are strong, and the lock sets are both empty or share a lock whose scope
**      includes both, or a's protection reaches b through the word's own accesses (the
**      protected clock: consecutive accesses that are one warp or satisfy this rule's lock
**      condition).
** Synchronisation edges (HRF-indirect): a strong read/atomic b reading from the last
** write w to the word (by u != t) acquires u's release snapshot at u's last fence of the
** narrowest scope that includes both warps, when both ops' scopes include both warps; it
** becomes effective at t's next fence of that scope or wider.  An edge whose w is a lock
** release (exch 0) or whose b is a lock acquire (cas 0->1 returning 0) goes to C only.
** When w was published to t, b also learns w and u's Obs at w, which t's next fence
** publishes (visibility, not ordering: it never enters C).
**
** With spec_version 2 (docs/accuracy.md section 1, detector-v2.md) the definition follows PTX
** 6.0, each part behind the switch the detector uses:
**   acq_rel   an operation with release semantics is preceded by the release half of a fence of
**             its scope (release snapshots, publication); one with acquire semantics is followed
**             by the acquire half (pending acquired clocks become effective).  Rule 3 no longer
**             needs both accesses strong: synchronisation orders weak accesses too.
**   lane_ids  every lane is its own logical thread (hardware warp, lane); a fence is executed
**             by every lane thread of the warp; `syncwarp` joins the clocks of the warp's lane
**             threads (a barrier of the warp).
*/
#include "oracle.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const scord_oracle_why_name[SCORD_ORC_WHY_COUNT] = {"unordered", "scoped_atomic",
                                                                "not_strong", "locks"};
const char *const scord_oracle_verdict_name[SCORD_ORC_VERDICT_COUNT] = {
    "race", "no_owner_access", "same_warp", "no_write", "atomic_chain", "ordered", "visible", "locked"};

/* ---------------------------------------------------------------- clocks --------- */

/* A mutable vector clock; entries at or past n are 0. */
typedef struct vc {
  uint32_t n, cap;
  uint32_t *v;
} vc;

/* An immutable, reference-counted copy of a clock (shared by history records). */
typedef struct snap {
  uint32_t refs, n;
  uint32_t v[];
} snap;

/* Entry i of clock c (0 past its end). */
static uint32_t vc_get(const vc *c, uint32_t i) { return i < c->n ? c->v[i] : 0; }

/* Make room for entries [0, n); new entries are 0.  Returns 0 or -1 on OOM. */
static int vc_grow(vc *c, uint32_t n) {
  if (n <= c->n) return 0;
  if (n > c->cap) {
    uint32_t cap = c->cap ? c->cap : 8;
    while (cap < n) cap *= 2;
    uint32_t *v = realloc(c->v, cap * sizeof *v);
    if (!v) return -1;
    c->v = v;
    c->cap = cap;
  }
  memset(c->v + c->n, 0, (n - c->n) * sizeof *c->v);
  c->n = n;
  return 0;
}

/* c[i] := max(c[i], x).  Returns 1 if c changed, 0 if not, -1 on OOM. */
static int vc_max1(vc *c, uint32_t i, uint32_t x) {
  if (vc_get(c, i) >= x) return 0;
  if (vc_grow(c, i + 1)) return -1;
  c->v[i] = x;
  return 1;
}

/* c := c join s (s may be NULL). Returns 1 if c changed, 0 if not, -1 on OOM. */
static int vc_join_snap(vc *c, const snap *s) {
  if (!s) return 0;
  int changed = 0;
  for (uint32_t i = 0; i < s->n; i++)
    if (s->v[i] > vc_get(c, i)) {
      if (vc_grow(c, i + 1)) return -1;
      c->v[i] = s->v[i];
      changed = 1;
    }
  return changed;
}

/* c := c join d. Returns 1 if c changed, 0 if not, -1 on OOM. */
static int vc_join(vc *c, const vc *d) {
  int changed = 0;
  for (uint32_t i = 0; i < d->n; i++)
    if (d->v[i] > vc_get(c, i)) {
      if (vc_grow(c, i + 1)) return -1;
      c->v[i] = d->v[i];
      changed = 1;
    }
  return changed;
}

/* A new snapshot of c with one reference, or NULL on OOM. */
static snap *snap_of(const vc *c) {
  snap *s = malloc(sizeof *s + c->n * sizeof s->v[0]);
  if (!s) return NULL;
  s->refs = 1;
  s->n = c->n;
  if (c->n) memcpy(s->v, c->v, c->n * sizeof s->v[0]);
  return s;
}
static snap *snap_ref(snap *s) {
  if (s) s->refs++;
  return s;
}
static void snap_unref(snap *s) {
  if (s && --s->refs == 0) free(s);
}

/* ---------------------------------------------------------------- state ---------- */

typedef struct lockent {
  uint64_t addr; /* exact lock-word address (addr & ~3) */
  bool dev;      /* device (gpu/sys) scope, else block */
  bool active;   /* a fence of sufficient scope followed the acquiring cas */
} lockent;

/* An immutable lock set: the active locks of one instruction. */
typedef struct lockset {
  uint32_t refs, n;
  uint32_t bloom[SCORD_ORC_BLOOM_WIDTHS]; /* ScoRD's bloom of these locks, per bin width */
  lockent e[];
} lockset;

static void lockset_unref(lockset *l) {
  if (l && --l->refs == 0) free(l);
}

typedef struct owarp {
  uint16_t sm, hw;         /* hardware identity (for reports) */
  uint32_t member_of;      /* logical block it was last added to as a member, +1 */
  uint64_t bar_gen;        /* barrier generation of its block already joined */
  vc c, cnl, cpo, obs;     /* full, without lock hand-offs, program order + barriers, observed */
  vc pend_cta, pend_gpu;   /* acquired into C, effective at the next fence of that scope */
  vc pend_cta_nl, pend_gpu_nl; /* the same for Cnl (edges that are not lock hand-offs) */
  vc pend_obs;             /* learned by reading published values, published at the next fence */
  snap *rel_cta, *rel_gpu; /* C at the last fence of that scope (gpu fences set both) */
  snap *rel_cta_nl, *rel_gpu_nl; /* Cnl at the same fences */
  snap *cache;             /* snapshot of obs, valid until obs changes (at a fence) */
  lockent *locks;
  size_t nlocks, caplocks;
} owarp;

typedef struct oblock {
  vc vis;             /* join of members' Obs at their fences */
  vc bar_c, bar_cnl, bar_cpo; /* joins at the last barrier */
  uint64_t bar_gen;
  uint64_t mark;      /* scratch stamp of the atomic-link scan (atomic_links) */
  uint32_t *members;
  size_t nmem, capmem;
} oblock;

typedef struct rec {
  uint32_t warp, block, e; /* logical warp and block, the warp's epoch at the access */
  bool write, atomic, atom_dev, strong;
  bool lock_rel;         /* an exch of 0: a lock release (its readers' edges are hand-offs) */
  bool sem_rel;          /* v2.0: an operation with release semantics (its readers' edges are not) */
  uint8_t kind;
  uint16_t sm, hw, cta;  /* hardware identity: SM, warp, CTA slot */
  uint64_t pc;
  snap *clk;          /* obs of the warp at the access (its own entry is e) */
  snap *rel_cta, *rel_gpu;       /* strong writes: the warp's release snapshots then */
  snap *rel_cta_nl, *rel_gpu_nl; /* ... of Cnl */
  snap *pcl;          /* protected clock (rule 4's word-local closure), NULL when empty */
  lockset *locks;     /* active locks held, or NULL for none */
} rec;

typedef struct oword {
  uint64_t addr;
  rec *h;
  size_t n, cap;
  size_t last_write; /* index + 1, 0 for none */
} oword;

struct scord_oracle {
  scord_params p;
  bool acqrel, lanes;  /* the v2.0 definition parts in force (scord_v2_acq_rel, scord_v2_lanes) */
  unsigned nlanes;     /* logical threads per hardware warp: 32 with lanes, else 1 */
  uint32_t *hw_map;    /* (sm, warp) -> logical warp + 1 */
  uint16_t *hw_slot;   /* (sm, warp) -> CTA slot it belongs to + 1, 0 unknown */
  uint32_t *slot_map;  /* (sm, cta) -> logical block + 1 */
  owarp *w;
  size_t nw, capw;
  oblock *b;
  size_t nb, capb;
  vc vis_dev;
  oword *words;
  size_t nwords, capwords;
  size_t *wmap;        /* open addressing: word index + 1 */
  size_t wmap_cap;
  scord_oracle_race *races;
  size_t nraces, capraces;
  size_t *rmap;        /* open addressing: race index + 1 */
  size_t rmap_cap;
  scord_oracle_lock_stats lk;
  scord_params pw[SCORD_ORC_BLOOM_WIDTHS];  /* p with bloom_bin_bits 2 << i, for the blooms */
  /* scratch of one access check: per history entry its verdict, why and atomic link */
  uint8_t *verd, *why;
  bool *linked;
  size_t capscratch;
  vc pcl;              /* the protected clock being built */
  uint64_t stamp;      /* for oblock.mark */
  char err[200];       /* the reason of the last SCORD_ORC_INVALID */
};

static uint64_t mix64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

/* Grow an array *v of *cap elements of size sz to hold at least n.  0 or -1 on OOM. */
static int grow(void **v, size_t *cap, size_t n, size_t sz) {
  if (n <= *cap) return 0;
  size_t c = *cap ? *cap : 8;
  while (c < n) c *= 2;
  void *nv = realloc(*v, c * sz);
  if (!nv) return -1;
  *v = nv;
  *cap = c;
  return 0;
}

static void warp_free(owarp *w) {
  vc *v[] = {&w->c, &w->cnl, &w->cpo, &w->obs, &w->pend_cta, &w->pend_gpu, &w->pend_cta_nl,
             &w->pend_gpu_nl, &w->pend_obs};
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) free(v[i]->v);
  snap_unref(w->rel_cta);
  snap_unref(w->rel_gpu);
  snap_unref(w->rel_cta_nl);
  snap_unref(w->rel_gpu_nl);
  snap_unref(w->cache);
  free(w->locks);
}

static void block_free(oblock *b) {
  free(b->vis.v);
  free(b->bar_c.v);
  free(b->bar_cnl.v);
  free(b->bar_cpo.v);
  free(b->members);
}

static void rec_unref(rec *r) {
  snap_unref(r->clk);
  snap_unref(r->rel_cta);
  snap_unref(r->rel_gpu);
  snap_unref(r->rel_cta_nl);
  snap_unref(r->rel_gpu_nl);
  snap_unref(r->pcl);
  lockset_unref(r->locks);
}

static void word_free(oword *wd) {
  for (size_t i = 0; i < wd->n; i++) rec_unref(&wd->h[i]);
  free(wd->h);
}

/* Drop every piece of per-kernel state (clocks, histories, locks); races are kept. */
static void reset_state(scord_oracle *o) {
  for (size_t i = 0; i < o->nw; i++) warp_free(&o->w[i]);
  for (size_t i = 0; i < o->nb; i++) block_free(&o->b[i]);
  for (size_t i = 0; i < o->nwords; i++) word_free(&o->words[i]);
  o->nw = o->nb = o->nwords = 0;
  free(o->vis_dev.v);
  memset(&o->vis_dev, 0, sizeof o->vis_dev);
  memset(o->hw_map, 0, o->p.num_sms * o->p.warps_per_sm * o->nlanes * sizeof *o->hw_map);
  memset(o->hw_slot, 0, o->p.num_sms * o->p.warps_per_sm * sizeof *o->hw_slot);
  memset(o->slot_map, 0, o->p.num_sms * o->p.ctas_per_sm * sizeof *o->slot_map);
  if (o->wmap) memset(o->wmap, 0, o->wmap_cap * sizeof *o->wmap);
}

scord_oracle *scord_oracle_new(const scord_params *p) {
  scord_oracle *o = calloc(1, sizeof *o);
  if (!o) return NULL;
  o->p = *p;
  for (int i = 0; i < SCORD_ORC_BLOOM_WIDTHS; i++) {
    o->pw[i] = *p;
    o->pw[i].bloom_bin_bits = (uint64_t)2 << i;
  }
  o->acqrel = scord_v2_acq_rel(p);
  o->lanes = scord_v2_lanes(p);
  o->nlanes = o->lanes ? SCORD_LANES : 1;
  o->hw_map = calloc(p->num_sms * p->warps_per_sm * o->nlanes, sizeof *o->hw_map);
  o->hw_slot = calloc(p->num_sms * p->warps_per_sm, sizeof *o->hw_slot);
  o->slot_map = calloc(p->num_sms * p->ctas_per_sm, sizeof *o->slot_map);
  if (!o->hw_map || !o->hw_slot || !o->slot_map) {
    scord_oracle_free(o);
    return NULL;
  }
  return o;
}

void scord_oracle_free(scord_oracle *o) {
  if (!o) return;
  if (o->hw_map && o->hw_slot && o->slot_map) reset_state(o);
  free(o->w);
  free(o->b);
  free(o->words);
  free(o->wmap);
  free(o->races);
  free(o->rmap);
  free(o->hw_map);
  free(o->hw_slot);
  free(o->slot_map);
  free(o->verd);
  free(o->why);
  free(o->linked);
  free(o->pcl.v);
  free(o);
}

const scord_oracle_lock_stats *scord_oracle_get_lock_stats(const scord_oracle *o) { return &o->lk; }

const char *scord_oracle_error(const scord_oracle *o) { return o->err; }

static scord_oracle_verdict judge(const scord_oracle *o, const rec *a, const rec *b, bool linked,
                                  scord_oracle_why *why);
static bool atomic_linked_pair(const oword *wd, size_t ai, size_t bi);

scord_oracle_verdict scord_oracle_explain(const scord_oracle *o, uint64_t word, unsigned owner_sm,
                                          unsigned owner_warp, unsigned sm, unsigned warp) {
  word &= ~(uint64_t)3;
  const oword *wd = NULL;
  if (o->wmap_cap) {
    size_t h = mix64(word) & (o->wmap_cap - 1);
    while (o->wmap[h] && o->words[o->wmap[h] - 1].addr != word) h = (h + 1) & (o->wmap_cap - 1);
    if (o->wmap[h]) wd = &o->words[o->wmap[h] - 1];
  }
  if (!wd || !wd->n) return SCORD_ORC_VERDICT_NO_OWNER_ACCESS;
  /* b: the word's last access by (sm, warp); a: the owner's last access before it. */
  size_t bi = wd->n;
  while (bi > 0 && !(wd->h[bi - 1].sm == sm && wd->h[bi - 1].hw == warp)) bi--;
  if (!bi) return SCORD_ORC_VERDICT_NO_OWNER_ACCESS;
  const rec *b = &wd->h[bi - 1];
  size_t ai = bi - 1;
  while (ai > 0 && !(wd->h[ai - 1].sm == owner_sm && wd->h[ai - 1].hw == owner_warp)) ai--;
  if (!ai) return SCORD_ORC_VERDICT_NO_OWNER_ACCESS;
  scord_oracle_why why;
  /* The clocks are b's warp's current ones and the protected clock is not applied: an
  ** approximation for tracing a report right after it was raised. */
  bool linked = wd->h[ai - 1].atomic && b->atomic && atomic_linked_pair(wd, ai - 1, bi - 1);
  return judge(o, &wd->h[ai - 1], b, linked, &why);
}

const scord_oracle_race *scord_oracle_races(const scord_oracle *o, size_t *n) {
  *n = o->nraces;
  return o->races;
}

int scord_oracle_race_format(const scord_oracle_race *r, char *buf, size_t len) {
  return snprintf(buf, len,
                  "oracle-race pc=0x%" PRIx64 " addr=0x%" PRIx64 " kind=%s sm=%u cta=%u warp=%u "
                  "prev_sm=%u prev_warp=%u prev_pc=0x%" PRIx64 " why=%s pairs=%" PRIu64 " line=%" PRIu64,
                  r->pc, r->addr, scord_kind_name[r->kind], r->sm, r->cta, r->warp, r->prev_sm,
                  r->prev_warp, r->prev_pc, scord_oracle_why_name[r->why], r->pairs, r->line);
}

/* A new logical block; returns its index or -1 on OOM. */
static long new_block(scord_oracle *o) {
  if (grow((void **)&o->b, &o->capb, o->nb + 1, sizeof *o->b)) return -1;
  memset(&o->b[o->nb], 0, sizeof o->b[0]);
  return (long)o->nb++;
}

/* A new logical warp for hardware (sm, hw); returns its index or -1 on OOM. */
static long new_warp(scord_oracle *o, unsigned sm, unsigned hw) {
  if (grow((void **)&o->w, &o->capw, o->nw + 1, sizeof *o->w)) return -1;
  memset(&o->w[o->nw], 0, sizeof o->w[0]);
  o->w[o->nw].sm = (uint16_t)sm;
  o->w[o->nw].hw = (uint16_t)hw;
  return (long)o->nw++;
}

/* Logical block of slot (sm, cta), created on first use.  -1 on OOM. */
static long slot_block(scord_oracle *o, unsigned sm, unsigned cta) {
  uint32_t *s = &o->slot_map[sm * o->p.ctas_per_sm + cta];
  if (!*s) {
    long b = new_block(o);
    if (b < 0) return -1;
    *s = (uint32_t)b + 1;
  }
  return (long)*s - 1;
}

/* Logical warp (with lane identity: lane thread) of hardware (sm, warp) and lane in CTA slot
** cta, created on first use.  A hardware warp belongs to one slot until a `cta` event gives it
** to another (vectors.md section 2): naming another slot is SCORD_ORC_INVALID (o->err says why),
** since the oracle cannot tell whether the warp is a new thread.  Returns the warp, -1 on OOM,
** SCORD_ORC_INVALID. */
static long hw_warp(scord_oracle *o, unsigned sm, unsigned cta, unsigned warp, unsigned lane) {
  size_t k = (size_t)sm * o->p.warps_per_sm + warp;
  if (o->hw_slot[k] && o->hw_slot[k] != cta + 1) {
    snprintf(o->err, sizeof o->err,
             "field cta=%u: hardware warp %u of SM %u belongs to CTA slot %u; only a `cta` event "
             "can give it to another slot",
             cta, warp, sm, o->hw_slot[k] - 1u);
    return SCORD_ORC_INVALID;
  }
  o->hw_slot[k] = (uint16_t)(cta + 1);
  assert(lane < o->nlanes);
  uint32_t *s = &o->hw_map[k * o->nlanes + lane];
  if (!*s) {
    long w = new_warp(o, sm, warp);
    if (w < 0) return -1;
    *s = (uint32_t)w + 1;
  }
  return (long)*s - 1;
}

/* Before an event of warp t in block bi: membership and the barriers it passed.  0 / -1. */
static int enter(scord_oracle *o, uint32_t t, uint32_t bi) {
  owarp *w = &o->w[t];
  oblock *b = &o->b[bi];
  if (w->member_of != bi + 1) {
    if (grow((void **)&b->members, &b->capmem, b->nmem + 1, sizeof *b->members)) return -1;
    b->members[b->nmem++] = t;
    w->member_of = bi + 1;
    w->bar_gen = 0;
  }
  if (w->bar_gen < b->bar_gen) {
    if (vc_join(&w->c, &b->bar_c) < 0 || vc_join(&w->cnl, &b->bar_cnl) < 0 ||
        vc_join(&w->cpo, &b->bar_cpo) < 0)
      return -1;
    w->bar_gen = b->bar_gen;
  }
  return 0;
}

/* The logical warp (lane thread `lane`, 0 without lane identity) and block of an access or
** fence event, entered (enter).  Returns 0, -1 on OOM or SCORD_ORC_INVALID. */
static int warp_of(scord_oracle *o, const scord_event *ev, unsigned lane, uint32_t *t, uint32_t *bi) {
  long b = slot_block(o, ev->sm, ev->cta);
  if (b < 0) return -1;
  long w = hw_warp(o, ev->sm, ev->cta, ev->warp, lane);
  if (w < 0) return (int)w;
  *t = (uint32_t)w;
  *bi = (uint32_t)b;
  return enter(o, *t, *bi);
}

/* Start the warp's next epoch (one per event); returns it, or 0 on OOM. */
static uint32_t tick(owarp *w, uint32_t t) {
  uint32_t e = vc_get(&w->c, t) + 1;
  if (vc_max1(&w->c, t, e) < 0 || vc_max1(&w->cnl, t, e) < 0 || vc_max1(&w->cpo, t, e) < 0 ||
      vc_max1(&w->obs, t, e) < 0)
    return 0;
  return e;
}

/* The word entry for word address a, created on first use; NULL on OOM. */
static oword *word_of(scord_oracle *o, uint64_t a) {
  if (o->nwords * 2 + 2 > o->wmap_cap) {
    size_t cap = o->wmap_cap ? o->wmap_cap * 2 : 1024;
    size_t *m = calloc(cap, sizeof *m);
    if (!m) return NULL;
    for (size_t i = 0; i < o->nwords; i++) {
      size_t h = mix64(o->words[i].addr) & (cap - 1);
      while (m[h]) h = (h + 1) & (cap - 1);
      m[h] = i + 1;
    }
    free(o->wmap);
    o->wmap = m;
    o->wmap_cap = cap;
  }
  size_t h = mix64(a) & (o->wmap_cap - 1);
  while (o->wmap[h]) {
    if (o->words[o->wmap[h] - 1].addr == a) return &o->words[o->wmap[h] - 1];
    h = (h + 1) & (o->wmap_cap - 1);
  }
  if (grow((void **)&o->words, &o->capwords, o->nwords + 1, sizeof *o->words)) return NULL;
  oword *wd = &o->words[o->nwords];
  memset(wd, 0, sizeof *wd);
  wd->addr = a;
  o->wmap[h] = ++o->nwords;
  return wd;
}

/* Record a racing pair (a earlier, b later) under b's key (pc, word).  0 / -1 on OOM. */
static int add_race(scord_oracle *o, const oword *wd, size_t ai, const rec *b, uint16_t cta,
                    uint64_t line, scord_oracle_why why) {
  const rec *a = &wd->h[ai];
  const uint64_t word = wd->addr;
  if (o->nraces * 2 + 2 > o->rmap_cap) {
    size_t cap = o->rmap_cap ? o->rmap_cap * 2 : 256;
    size_t *m = calloc(cap, sizeof *m);
    if (!m) return -1;
    for (size_t i = 0; i < o->nraces; i++) {
      size_t h = mix64(o->races[i].addr ^ mix64(o->races[i].pc)) & (cap - 1);
      while (m[h]) h = (h + 1) & (cap - 1);
      m[h] = i + 1;
    }
    free(o->rmap);
    o->rmap = m;
    o->rmap_cap = cap;
  }
  size_t h = mix64(word ^ mix64(b->pc)) & (o->rmap_cap - 1);
  while (o->rmap[h]) {
    scord_oracle_race *r = &o->races[o->rmap[h] - 1];
    if (r->addr == word && r->pc == b->pc) {
      r->pairs++;
      return 0;
    }
    h = (h + 1) & (o->rmap_cap - 1);
  }
  if (grow((void **)&o->races, &o->capraces, o->nraces + 1, sizeof *o->races)) return -1;
  scord_oracle_race *r = &o->races[o->nraces];
  *r = (scord_oracle_race){.pc = b->pc, .addr = word, .sm = b->sm, .cta = cta, .warp = b->hw,
                           .kind = b->kind, .prev_sm = a->sm, .prev_warp = a->hw,
                           .prev_pc = a->pc, .why = (uint8_t)why, .line = line, .pairs = 1};
  for (size_t j = ai + 1; j < wd->n; j++)
    r->seen |= wd->h[j].warp == b->warp ? SCORD_ORC_SEEN_SELF : wd->h[j].warp != a->warp ? SCORD_ORC_SEEN_THIRD : 0;
  if (a->sm == b->sm && a->hw == b->hw) r->seen |= SCORD_ORC_SEEN_HW_WARP;
  if (a->sm == b->sm && a->cta == cta && a->block != b->block) r->seen |= SCORD_ORC_SEEN_HW_SLOT;
  o->rmap[h] = ++o->nraces;
  return 0;
}

/* Do a and b hold a common lock whose scope includes both (exact addresses)? */
static bool common_lock(const lockset *la, const lockset *lb, bool same_block) {
  if (!la || !lb) return false;
  for (uint32_t i = 0; i < la->n; i++)
    for (uint32_t j = 0; j < lb->n; j++)
      if (la->e[i].addr == lb->e[j].addr && (same_block || (la->e[i].dev && lb->e[j].dev)))
        return true;
  return false;
}

/* Is a published to a warp of block bi by fences (cumulative; a block-scope atomic stays
** in its block)? */
static bool visible(const scord_oracle *o, const rec *a, uint32_t bi) {
  if (a->atomic && !a->atom_dev && a->block != bi) return false;
  return vc_get(&o->vis_dev, a->warp) >= a->e || vc_get(&o->b[bi].vis, a->warp) >= a->e;
}

/* The oracle's verdict on one pair of accesses to a word (rules 1-4 of the summary, without
** the protected clock): a earlier, b later (b's warp's clocks as of b), linked when a and b
** are linked atomics (rule 1).  SCORD_ORC_VERDICT_RACE sets *why. */
static scord_oracle_verdict judge(const scord_oracle *o, const rec *a, const rec *b, bool linked,
                                  scord_oracle_why *why) {
  const owarp *t = &o->w[b->warp];
  bool strong_ok = !o->p.strong_ops || (a->strong && b->strong);
  if (a->warp == b->warp) return SCORD_ORC_VERDICT_SAME_WARP;
  if (!(a->write || b->write)) return SCORD_ORC_VERDICT_NO_WRITE;
  if (linked) return SCORD_ORC_VERDICT_ATOMIC_CHAIN;
  if (vc_get(&t->cpo, a->warp) >= a->e) return SCORD_ORC_VERDICT_ORDERED;
  if (vc_get(&t->cnl, a->warp) >= a->e) {
    /* v2.0 (PTX 6.0): synchronisation orders weak accesses too */
    if (strong_ok || o->acqrel) return SCORD_ORC_VERDICT_ORDERED;
    *why = SCORD_ORC_NOT_STRONG;
  } else if (vc_get(&t->c, a->warp) >= a->e || visible(o, a, b->block)) {
    if (strong_ok) {
      if ((!a->locks || !a->locks->n) && (!b->locks || !b->locks->n)) return SCORD_ORC_VERDICT_VISIBLE;
      if (common_lock(a->locks, b->locks, a->block == b->block)) return SCORD_ORC_VERDICT_LOCKED;
      *why = SCORD_ORC_LOCKS;
    } else {
      *why = SCORD_ORC_NOT_STRONG;
    }
  } else {
    *why = a->atomic && b->atomic ? SCORD_ORC_SCOPED_ATOMIC : SCORD_ORC_UNORDERED;
  }
  return SCORD_ORC_VERDICT_RACE;
}

/* Rule 1 for one atomic b (index bi of wd, or wd->n when not yet appended, in block bb, of
** device scope when b_dev): linked[i] for every atomic i < bi.  Same block: linked (a block
** scope includes both).  Otherwise linked when a device-scope atomic x of i's block with
** i <= x precedes l, the last device-scope atomic of block bb at or before b: i's block
** passes to x, x to l (both device), l to b (one block).  One backward pass with block
** stamps. */
static void atomic_links(scord_oracle *o, const oword *wd, size_t bi, uint32_t bb, bool b_dev,
                         bool *linked) {
  size_t l = b_dev ? bi + 1 : 0; /* index + 1 of l, 0 for none */
  for (size_t i = bi; !l && i > 0; i--)
    if (wd->h[i - 1].atomic && wd->h[i - 1].atom_dev && wd->h[i - 1].block == bb) l = i;
  uint64_t stamp = ++o->stamp;
  for (size_t i = bi; i > 0; i--) {
    const rec *x = &wd->h[i - 1];
    if (i < l && x->atomic && x->atom_dev) o->b[x->block].mark = stamp;
    linked[i - 1] = x->atomic && (x->block == bb || (i < l && o->b[x->block].mark == stamp));
  }
}

/* atomic_links for one pair (a at ai, b at bi, both in the history), for explanations. */
static bool atomic_linked_pair(const oword *wd, size_t ai, size_t bi) {
  const rec *a = &wd->h[ai], *b = &wd->h[bi];
  if (a->block == b->block) return true;
  size_t l = bi + 1;
  while (l > 0 && !(wd->h[l - 1].atomic && wd->h[l - 1].atom_dev && wd->h[l - 1].block == b->block)) l--;
  for (size_t x = ai; x + 1 < l; x++)
    if (wd->h[x].atomic && wd->h[x].atom_dev && wd->h[x].block == a->block) return true;
  return false;
}

/* Count a lock conflict (both held locks, the oracle finds no protecting lock) and whether
** the blooms of the two sets would hide it (scord_oracle_lock_stats). */
static void count_lock_conflict(scord_oracle *o, const rec *a, const rec *b) {
  if (!(a->locks && a->locks->n && b->locks && b->locks->n)) return;
  bool word = common_lock(a->locks, b->locks, true);  /* a lock word in common */
  o->lk.conflicts++;
  o->lk.scope_only += word;
  for (int i = 0; i < SCORD_ORC_BLOOM_WIDTHS; i++) {
    if (scord_bloom_empty(&o->pw[i], a->locks->bloom[i] & b->locks->bloom[i])) continue;
    o->lk.bloom_hidden[i]++;
    o->lk.bloom_hidden_disjoint[i] += !word;
    o->lk.bloom_hidden_slot[i] += a->sm == b->sm && a->cta == b->cta;  /* one salt */
  }
}

/* Check access b (already filled, not yet in the history) against the history of wd, then
** acquire from the write it reads, append it with its protected clock.  0 / -1. */
static int access_lane(scord_oracle *o, oword *wd, rec *b, bool lock_acq, bool sem_acq, uint16_t cta, uint64_t line) {
  owarp *t = &o->w[b->warp];
  bool strong_ops = o->p.strong_ops != 0;
  size_t n = wd->n;
  if (n + 1 > o->capscratch) {
    size_t cap = o->capscratch ? o->capscratch : 64;
    while (cap < n + 1) cap *= 2;
    uint8_t *v = realloc(o->verd, cap), *y = realloc(o->why, cap);
    bool *l = realloc(o->linked, cap * sizeof *l);
    if (v) o->verd = v;
    if (y) o->why = y;
    if (l) o->linked = l;
    if (!v || !y || !l) return -1;
    o->capscratch = cap;
  }
  if (b->atomic) atomic_links(o, wd, n, b->block, b->atom_dev, o->linked);
  /* Pass 1: each pair's verdict; the protected clock joins b's own warp's earlier accesses
  ** and the accesses protected by a common lock (rule 4's closure). */
  o->pcl.n = 0;
  for (size_t i = 0; i < n; i++) {
    const rec *a = &wd->h[i];
    scord_oracle_why w = SCORD_ORC_UNORDERED;
    scord_oracle_verdict v = judge(o, a, b, b->atomic && o->linked[i], &w);
    o->verd[i] = (uint8_t)v;
    o->why[i] = (uint8_t)w;
    if (v == SCORD_ORC_VERDICT_SAME_WARP || v == SCORD_ORC_VERDICT_LOCKED) {
      if (vc_join_snap(&o->pcl, a->pcl) < 0) return -1;
      if (v == SCORD_ORC_VERDICT_LOCKED && vc_max1(&o->pcl, a->warp, a->e) < 0) return -1;
    }
  }
  /* Pass 2: the races, except lock races whose protection reaches b through the word. */
  for (size_t i = 0; i < n; i++) {
    if (o->verd[i] != SCORD_ORC_VERDICT_RACE) continue;
    const rec *a = &wd->h[i];
    if (o->why[i] == SCORD_ORC_LOCKS && vc_get(&o->pcl, a->warp) >= a->e) continue;
    if (o->why[i] == SCORD_ORC_LOCKS) count_lock_conflict(o, a, b);
    if (add_race(o, wd, i, b, cta, line, (scord_oracle_why)o->why[i])) return -1;
  }
  /* Acquire from the write this read or atomic reads (the last write in stream order). */
  if ((!b->write || b->atomic) && wd->last_write) {
    const rec *w = &wd->h[wd->last_write - 1];
    bool same_blk = w->block == b->block;
    if (w->warp != b->warp && (!strong_ops || (w->strong && b->strong))) {
      /* Both ops' scopes include both warps (a volatile access is of system scope); the
      ** release fence and the acquire bucket are of the narrowest scope including both. */
      bool ok = (!w->atomic || w->atom_dev || same_blk) && (!b->atomic || b->atom_dev || same_blk);
      const snap *rel = same_blk ? w->rel_cta : w->rel_gpu;
      const snap *rel_nl = same_blk ? w->rel_cta_nl : w->rel_gpu_nl;
      /* A lock word read by release/acquire operations (v2.0) synchronises like any flag. */
      bool hand_off = (w->lock_rel || lock_acq) && !w->sem_rel && !sem_acq;
      if (ok && rel) {
        if (vc_join_snap(same_blk ? &t->pend_cta : &t->pend_gpu, rel) < 0) return -1;
        if (!hand_off && vc_join_snap(same_blk ? &t->pend_cta_nl : &t->pend_gpu_nl, rel_nl) < 0) return -1;
      }
      if (visible(o, w, b->block)) {
        if (vc_join_snap(&t->pend_obs, w->clk) < 0 || vc_max1(&t->pend_obs, w->warp, w->e) < 0)
          return -1;
      }
    }
  }
  if (grow((void **)&wd->h, &wd->cap, wd->n + 1, sizeof *wd->h)) return -1;
  rec *r = &wd->h[wd->n];
  *r = *b;
  snap_ref(r->clk);
  snap_ref(r->rel_cta);
  snap_ref(r->rel_gpu);
  snap_ref(r->rel_cta_nl);
  snap_ref(r->rel_gpu_nl);
  if (r->locks) r->locks->refs++;
  r->pcl = NULL;
  bool any = false;
  for (uint32_t i = 0; i < o->pcl.n && !any; i++) any = o->pcl.v[i] != 0;
  if (any && !(r->pcl = snap_of(&o->pcl))) return -1;
  wd->n++;
  if (b->write) wd->last_write = wd->n;
  return 0;
}

/* The lock-table effect of one atomic lane (after its check): a cas 0->1 that returned 0
** acquires (inactive until a fence), an exch of 0 releases the entry of that scope. */
static int lock_effect(owarp *w, const scord_event *ev, uint64_t word) {
  bool dev = ev->scope != SCORD_SCOPE_CTA;
  if (ev->op == SCORD_OP_CAS && ev->has_cmp && ev->cmp == 0 && ev->has_val && ev->val == 1 &&
      ev->has_old && ev->old == 0) {
    for (size_t i = 0; i < w->nlocks; i++)
      if (w->locks[i].addr == word && w->locks[i].dev == dev) return 0;
    if (grow((void **)&w->locks, &w->caplocks, w->nlocks + 1, sizeof *w->locks)) return -1;
    w->locks[w->nlocks++] = (lockent){word, dev, false};
  } else if (ev->op == SCORD_OP_EXCH && ev->has_val && ev->val == 0) {
    for (size_t i = 0; i < w->nlocks; i++)
      if (w->locks[i].addr == word && w->locks[i].dev == dev) {
        memmove(&w->locks[i], &w->locks[i + 1], (w->nlocks - i - 1) * sizeof *w->locks);
        w->nlocks--;
        break;
      }
  }
  return 0;
}

static int fence_acquire(scord_oracle *o, uint32_t ti, bool dev);
static int fence_release(scord_oracle *o, uint32_t ti, uint32_t bi, bool dev);

/* An access event by one logical warp (lane thread `lane`): with acquire/release the release
** half of a fence first, then the lock set once, per lane check, acquire, record, lock effect,
** then the acquire half. */
static int access_thread(scord_oracle *o, const scord_event *ev, unsigned lane) {
  uint32_t ti, bi;
  int rc = warp_of(o, ev, lane, &ti, &bi);
  if (rc) return rc;
  bool sem_dev = ev->scope != SCORD_SCOPE_CTA;
  if (o->acqrel && scord_sem_releases(ev->sem) && fence_release(o, ti, bi, sem_dev)) return -1;
  owarp *w = &o->w[ti];
  uint32_t e = tick(w, ti);
  if (!e) return -1;
  if (!w->cache && !(w->cache = snap_of(&w->obs))) return -1;
  lockset *ls = NULL;
  size_t nact = 0;
  for (size_t i = 0; i < w->nlocks; i++) nact += w->locks[i].active;
  if (nact) {
    ls = malloc(sizeof *ls + nact * sizeof ls->e[0]);
    if (!ls) return -1;
    ls->refs = 1;
    ls->n = 0;
    for (size_t i = 0; i < w->nlocks; i++)
      if (w->locks[i].active) ls->e[ls->n++] = w->locks[i];
    uint32_t block_id = scord_block_id(&o->p, ev->sm, ev->cta); /* the tracker's salt */
    for (int k = 0; k < SCORD_ORC_BLOOM_WIDTHS; k++) {
      const scord_params *q = &o->pw[k];
      ls->bloom[k] = 0;
      for (uint32_t i = 0; i < ls->n; i++)
        ls->bloom[k] |= scord_lock_bloom(q, scord_lock_hash(q, ls->e[i].addr), ls->e[i].dev, block_id);
    }
  }
  /* v2.0: an ld/st with a memory order is an atomic load or store of its scope. */
  bool atomic = ev->type == SCORD_EV_ATOM || (o->acqrel && ev->sem != SCORD_SEM_NONE);
  bool lock_acq = ev->type == SCORD_EV_ATOM && ev->op == SCORD_OP_CAS && ev->has_cmp && ev->cmp == 0 && ev->has_val &&
                  ev->val == 1 && ev->has_old && ev->old == 0;
  rec b = {.warp = ti, .block = bi, .e = e,
           .write = ev->type != SCORD_EV_LD, .atomic = atomic,
           .atom_dev = atomic && ev->scope != SCORD_SCOPE_CTA,
           .strong = atomic || ev->is_volatile || ev->sem != SCORD_SEM_NONE,
           .lock_rel = ev->type == SCORD_EV_ATOM && ev->op == SCORD_OP_EXCH && ev->has_val && ev->val == 0,
           .sem_rel = o->acqrel && scord_sem_releases(ev->sem),
           .kind = (uint8_t)(ev->type == SCORD_EV_LD ? SCORD_LD : ev->type == SCORD_EV_ST ? SCORD_ST : SCORD_ATOM),
           .sm = ev->sm, .hw = ev->warp, .cta = ev->cta, .pc = ev->pc, .clk = w->cache, .locks = ls};
  if (b.write && b.strong) {
    b.rel_cta = w->rel_cta;
    b.rel_gpu = w->rel_gpu;
    b.rel_cta_nl = w->rel_cta_nl;
    b.rel_gpu_nl = w->rel_gpu_nl;
  }
  rc = 0;
  for (unsigned lane = 0; lane < ev->n && !rc; lane++) {
    uint64_t word = (ev->addr + lane * ev->stride) & ~(uint64_t)3;
    oword *wd = word_of(o, word);
    rc = !wd ? -1 : access_lane(o, wd, &b, lock_acq, o->acqrel && scord_sem_acquires(ev->sem), ev->cta, ev->line);
    if (!rc && ev->type == SCORD_EV_ATOM) rc = lock_effect(w, ev, word);
  }
  lockset_unref(ls);
  if (!rc && o->acqrel && scord_sem_acquires(ev->sem)) rc = fence_acquire(o, ti, sem_dev);
  return rc;
}

/* An access event: one logical warp, or with lane identity one lane thread per lane (each of
** them touching its own word). */
static int do_access(scord_oracle *o, const scord_event *ev) {
  if (!o->lanes) return access_thread(o, ev, 0);
  for (unsigned i = 0; i < ev->n; i++) {
    scord_event one = *ev;
    one.n = 1;
    one.addr = ev->addr + i * ev->stride;
    int rc = access_thread(o, &one, ev->lane + i);
    if (rc) return rc;
  }
  return 0;
}

/* The acquire half of a fence of warp ti: what is pending for its scope enters C and Cnl,
** what the warp learned joins Obs (published by its next release), locks of matching or lesser
** scope activate.  0 / -1. */
static int fence_acquire(scord_oracle *o, uint32_t ti, bool dev) {
  owarp *w = &o->w[ti];
  if (vc_join(&w->c, &w->pend_cta) < 0 || vc_join(&w->cnl, &w->pend_cta_nl) < 0 ||
      (dev && (vc_join(&w->c, &w->pend_gpu) < 0 || vc_join(&w->cnl, &w->pend_gpu_nl) < 0)) ||
      vc_join(&w->obs, &w->pend_obs) < 0)
    return -1;
  w->pend_cta.n = w->pend_cta_nl.n = w->pend_obs.n = 0;
  if (dev) w->pend_gpu.n = w->pend_gpu_nl.n = 0;
  snap_unref(w->cache);
  w->cache = NULL;
  for (size_t i = 0; i < w->nlocks; i++)
    if (dev || !w->locks[i].dev) w->locks[i].active = true;
  return 0;
}

/* The release half of a fence of warp ti in block bi: the release snapshots of C and Cnl, and
** Obs published in the block (and the device for dev); locks activate as for the acquire.
** 0 / -1. */
static int fence_release(scord_oracle *o, uint32_t ti, uint32_t bi, bool dev) {
  owarp *w = &o->w[ti];
  if (vc_join(&w->obs, &w->pend_obs) < 0) return -1;
  w->pend_obs.n = 0;
  snap_unref(w->cache);
  w->cache = NULL;
  snap *s = snap_of(&w->c), *snl = snap_of(&w->cnl);
  if (!s || !snl) {
    snap_unref(s);
    snap_unref(snl);
    return -1;
  }
  snap_unref(w->rel_cta);
  snap_unref(w->rel_cta_nl);
  w->rel_cta = s;
  w->rel_cta_nl = snl;
  if (vc_join(&o->b[bi].vis, &w->obs) < 0) return -1;
  if (dev) {
    snap_unref(w->rel_gpu);
    snap_unref(w->rel_gpu_nl);
    w->rel_gpu = snap_ref(s);
    w->rel_gpu_nl = snap_ref(snl);
    if (vc_join(&o->vis_dev, &w->obs) < 0) return -1;
  }
  for (size_t i = 0; i < w->nlocks; i++)
    if (dev || !w->locks[i].dev) w->locks[i].active = true;
  return 0;
}

/* A fence of one logical warp: acquire what is pending for its scope (C and Cnl), publish what
** the warp learned (Obs only: visibility is not ordering), take the release snapshots,
** activate locks of matching or lesser scope. */
static int fence_thread(scord_oracle *o, const scord_event *ev, unsigned lane) {
  uint32_t ti, bi;
  int rc = warp_of(o, ev, lane, &ti, &bi);
  if (rc) return rc;
  bool dev = ev->scope != SCORD_SCOPE_CTA;
  if (!tick(&o->w[ti], ti)) return -1;
  if (fence_acquire(o, ti, dev) || fence_release(o, ti, bi, dev)) return -1;
  return 0;
}

/* The lane threads of hardware warp (sm, warp) that exist (lane 0 is made when none does):
** their lanes in *lanes, their number returned. */
static unsigned lane_threads(const scord_oracle *o, const scord_event *ev, unsigned lanes[SCORD_LANES]) {
  size_t k = ((size_t)ev->sm * o->p.warps_per_sm + ev->warp) * o->nlanes;
  unsigned n = 0;
  for (unsigned l = 0; l < o->nlanes; l++)
    if (o->hw_map[k + l]) lanes[n++] = l;
  if (!n) lanes[n++] = 0;
  return n;
}

/* A fence event: executed by the warp, that is by every lane thread of it. */
static int do_fence(scord_oracle *o, const scord_event *ev) {
  unsigned lanes[SCORD_LANES], n = lane_threads(o, ev, lanes);
  for (unsigned i = 0; i < n; i++) {
    int rc = fence_thread(o, ev, lanes[i]);
    if (rc) return rc;
  }
  return 0;
}

/* __syncwarp (with lane identity; otherwise nothing): all 32 lane threads of the warp (made
** when new: a lane that runs later must find the join) each end an epoch, then all take the
** join of their clocks (C, Cnl, Cpo): a barrier of the warp. */
static int do_syncwarp(scord_oracle *o, const scord_event *ev) {
  if (!o->lanes) return 0;
  unsigned lanes[SCORD_LANES], n = SCORD_LANES;
  for (unsigned l = 0; l < n; l++) lanes[l] = l;
  uint32_t t[SCORD_LANES], bi;
  vc jc = {0}, jcnl = {0}, jcpo = {0};
  int rc = 0;
  for (unsigned i = 0; i < n && !rc; i++) {
    rc = warp_of(o, ev, lanes[i], &t[i], &bi);
    if (rc) break;
    owarp *w = &o->w[t[i]];
    if (!tick(w, t[i]) || vc_join(&jc, &w->c) < 0 || vc_join(&jcnl, &w->cnl) < 0 || vc_join(&jcpo, &w->cpo) < 0)
      rc = -1;
  }
  for (unsigned i = 0; i < n && !rc; i++) {
    owarp *w = &o->w[t[i]];
    if (vc_join(&w->c, &jc) < 0 || vc_join(&w->cnl, &jcnl) < 0 || vc_join(&w->cpo, &jcpo) < 0) rc = -1;
  }
  free(jc.v);
  free(jcnl.v);
  free(jcpo.v);
  return rc;
}

/* A barrier of CTA slot (sm, cta): every member's clocks are joined; members pick the
** join up at their next event (enter). */
static int do_bar(scord_oracle *o, const scord_event *ev) {
  long bi = slot_block(o, ev->sm, ev->cta);
  if (bi < 0) return -1;
  oblock *b = &o->b[bi];
  for (size_t i = 0; i < b->nmem; i++) {
    owarp *w = &o->w[b->members[i]];
    if (vc_join(&b->bar_c, &w->c) < 0 || vc_join(&b->bar_cnl, &w->cnl) < 0 ||
        vc_join(&b->bar_cpo, &w->cpo) < 0)
      return -1;
  }
  b->bar_gen++;
  return 0;
}

/* A new CTA in slot (sm, cta) owning hardware warps [first, first+warps): new threads. */
static int do_cta(scord_oracle *o, const scord_event *ev) {
  long bi = new_block(o);
  if (bi < 0) return -1;
  o->slot_map[ev->sm * o->p.ctas_per_sm + ev->cta] = (uint32_t)bi + 1;
  for (unsigned i = 0; i < ev->warps; i++) {
    size_t k = (size_t)ev->sm * o->p.warps_per_sm + ev->first_warp + i;
    o->hw_slot[k] = (uint16_t)(ev->cta + 1);
    if (o->lanes) { /* new lane threads are made on first use */
      memset(&o->hw_map[k * o->nlanes], 0, o->nlanes * sizeof *o->hw_map);
      continue;
    }
    long w = new_warp(o, ev->sm, ev->first_warp + i);
    if (w < 0) return -1;
    o->hw_map[k] = (uint32_t)w + 1;
  }
  return 0;
}

int scord_oracle_apply(scord_oracle *o, const scord_event *ev) {
  switch ((scord_ev_type)ev->type) {
  case SCORD_EV_LD:
  case SCORD_EV_ST:
  case SCORD_EV_ATOM: return do_access(o, ev);
  case SCORD_EV_FENCE: return do_fence(o, ev);
  case SCORD_EV_BAR: return do_bar(o, ev);
  case SCORD_EV_CTA: return do_cta(o, ev);
  case SCORD_EV_KERNEL: reset_state(o); return 0;
  case SCORD_EV_SYNCWARP: return do_syncwarp(o, ev);
  }
  return 0;
}
