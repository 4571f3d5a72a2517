/*
** detector.c -- the race detector of architecture.md: fence file, address-to-metadata
** mapping, the READ and WRITE checks of detector.md section 5, the race-record FIFO
** with its overflow counter (section 6) and the kernel reset (section 7).
**
** Expected workload: one call of scord_detector_access per access lane, tens of
** millions per run; each does one metadata read and one write-back through the port
** and a few dozen integer operations.  The check functions below follow the spec's
** step numbering one to one; keep them that way so a reader can hold them side by side.
**
** With spec_version 2 the rules of detector-v2.md apply on top, each behind its switch: the
** release/acquire stamps and the synchronised check 4c (section 2), per-lane identity
** (section 3) and the fence-ID distance scrub (section 4).  With spec_version 1 none of that
** code changes a result.
*/
#include "scord/scord.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>


/* The default configuration's entry layout (section 4 with section 1's defaults and the
** derived BlockIdBits 7 and WarpIdBits 5): the six flags at bits 0-5, then these widths.
** Encoded and decoded with constant shifts; used only when the layout computed for the
** configuration is this one (fast_layout_of checks every field), so a change of the
** defaults only turns the fast path off, and test_ref requires it on for the defaults. */
#define FL_W_BLOOM 16
#define FL_W_BARRIER 8
#define FL_W_FENCE 6
#define FL_W_WARP 5
#define FL_W_BLOCK 7
#define FL_W_TAG 4
#define FL_L_BLOOM 6
#define FL_L_BARRIER (FL_L_BLOOM + FL_W_BLOOM)
#define FL_L_BLKFENCE (FL_L_BARRIER + FL_W_BARRIER)
#define FL_L_DEVFENCE (FL_L_BLKFENCE + FL_W_FENCE)
#define FL_L_WARP (FL_L_DEVFENCE + FL_W_FENCE)
#define FL_L_BLOCK (FL_L_WARP + FL_W_WARP)
#define FL_L_TAG (FL_L_BLOCK + FL_W_BLOCK)
#define FL_M(w) (((uint64_t)1 << (w)) - 1)

static bool fast_layout_of(const scord_layout *l) {
  static const uint8_t lsb[SCORD_MD_FIELD_COUNT] = {
      [SCORD_MD_STRONG] = 0, [SCORD_MD_SCOPE] = 1, [SCORD_MD_ISATOM] = 2, [SCORD_MD_DS] = 3,
      [SCORD_MD_BS] = 4, [SCORD_MD_M] = 5, [SCORD_MD_BLOOM] = FL_L_BLOOM,
      [SCORD_MD_BARRIER] = FL_L_BARRIER, [SCORD_MD_BLKFENCE] = FL_L_BLKFENCE,
      [SCORD_MD_DEVFENCE] = FL_L_DEVFENCE, [SCORD_MD_WARP] = FL_L_WARP,
      [SCORD_MD_BLOCK] = FL_L_BLOCK, [SCORD_MD_TAG] = FL_L_TAG,
      [SCORD_MD_LANE] = FL_L_TAG + FL_W_TAG};
  static const uint8_t width[SCORD_MD_FIELD_COUNT] = {
      [SCORD_MD_STRONG] = 1, [SCORD_MD_SCOPE] = 1, [SCORD_MD_ISATOM] = 1, [SCORD_MD_DS] = 1,
      [SCORD_MD_BS] = 1, [SCORD_MD_M] = 1, [SCORD_MD_BLOOM] = FL_W_BLOOM,
      [SCORD_MD_BARRIER] = FL_W_BARRIER, [SCORD_MD_BLKFENCE] = FL_W_FENCE,
      [SCORD_MD_DEVFENCE] = FL_W_FENCE, [SCORD_MD_WARP] = FL_W_WARP,
      [SCORD_MD_BLOCK] = FL_W_BLOCK, [SCORD_MD_TAG] = FL_W_TAG, [SCORD_MD_LANE] = 0};
  for (int i = 0; i < SCORD_MD_FIELD_COUNT; i++)
    if (l->lsb[i] != lsb[i] || l->width[i] != width[i]) return false;
  return l->total_bits == FL_L_TAG + FL_W_TAG;
}

static inline void fast_decode(uint64_t w, scord_md *md) {
  md->strong = w & 1;
  md->scope = (w >> 1) & 1;
  md->is_atom = (w >> 2) & 1;
  md->ds = (w >> 3) & 1;
  md->bs = (w >> 4) & 1;
  md->m = (w >> 5) & 1;
  md->bloom = (uint32_t)((w >> FL_L_BLOOM) & FL_M(FL_W_BLOOM));
  md->barrier_id = (uint32_t)((w >> FL_L_BARRIER) & FL_M(FL_W_BARRIER));
  md->blk_fence_id = (uint32_t)((w >> FL_L_BLKFENCE) & FL_M(FL_W_FENCE));
  md->dev_fence_id = (uint32_t)((w >> FL_L_DEVFENCE) & FL_M(FL_W_FENCE));
  md->warp_id = (uint32_t)((w >> FL_L_WARP) & FL_M(FL_W_WARP));
  md->block_id = (uint32_t)((w >> FL_L_BLOCK) & FL_M(FL_W_BLOCK));
  md->tag = (uint32_t)((w >> FL_L_TAG) & FL_M(FL_W_TAG));
  md->lane_id = 0; /* no LaneID field in the default layout */
}

static inline uint64_t fast_encode(const scord_md *md) {
  /* Every field is within its width (the checks keep them so; scord_md_encode asserts it). */
  return (uint64_t)md->strong | (uint64_t)md->scope << 1 | (uint64_t)md->is_atom << 2 |
         (uint64_t)md->ds << 3 | (uint64_t)md->bs << 4 | (uint64_t)md->m << 5 |
         ((uint64_t)md->bloom & FL_M(FL_W_BLOOM)) << FL_L_BLOOM |
         ((uint64_t)md->barrier_id & FL_M(FL_W_BARRIER)) << FL_L_BARRIER |
         ((uint64_t)md->blk_fence_id & FL_M(FL_W_FENCE)) << FL_L_BLKFENCE |
         ((uint64_t)md->dev_fence_id & FL_M(FL_W_FENCE)) << FL_L_DEVFENCE |
         ((uint64_t)md->warp_id & FL_M(FL_W_WARP)) << FL_L_WARP |
         ((uint64_t)md->block_id & FL_M(FL_W_BLOCK)) << FL_L_BLOCK |
         ((uint64_t)md->tag & FL_M(FL_W_TAG)) << FL_L_TAG;
}

struct scord_detector {
  scord_params p;
  scord_layout l;
  scord_mdport port;
  scord_store *own;        /* the store behind port when the caller gave none */
  uint64_t heap_base, heap_bytes;
  unsigned gshift;         /* log2(Granule) */
  unsigned nbits;          /* log2(N), N = metadata entries */
  uint32_t fmask;          /* FenceIdBits mask */
  uint16_t *blk, *dev;     /* fence file, index sm*WarpsPerSm + warp */
  bool fast;               /* the default layout: fast_encode / fast_decode */
  bool acqrel, lanes, scrub; /* the v2.0 parts in force (detector-v2.md) */
  /* detector-v2.md section 2.2: the release counter and, per warp, the stamps of its last
  ** release and acquire; [0] = Blk (cta or wider scope), [1] = Dev (gpu, sys). */
  uint32_t rseq;
  uint32_t *rel[2], *acq[2];
  /* detector-v2.md section 4: fences per warp and scope since the last scrub; the scrub runs
  ** when one reaches half (2^(FenceIdBits-1)). */
  uint16_t *adv[2];
  uint32_t half;
  scord_race *ring;        /* race FIFO */
  size_t head, count;
  uint64_t overflow;
  scord_detector_stats st;
};

scord_detector *scord_detector_new(const scord_params *p, const scord_mdport *port) {
  scord_detector *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  d->p = *p;
  unsigned bits = scord_layout_init(&d->l, p);
  assert(bits <= 64 && "parameters must be finalized");
  (void)bits;
  d->heap_base = p->heap_base;
  d->heap_bytes = p->heap_bytes;
  d->gshift = scord_clog2(p->granule);
  uint64_t entries = p->heap_bytes / p->granule / p->md_ratio;
  d->nbits = scord_clog2(entries);
  d->fmask = (uint32_t)(((uint64_t)1 << p->fence_id_bits) - 1);
  d->fast = fast_layout_of(&d->l);
  d->st.fast_layout = d->fast;
  d->acqrel = scord_v2_acq_rel(p);
  d->lanes = scord_v2_lanes(p);
  d->scrub = scord_v2_scrub(p);
  d->half = (uint32_t)1 << (p->fence_id_bits - 1);
  size_t nw = p->num_sms * p->warps_per_sm;
  d->blk = calloc(nw, sizeof *d->blk);
  d->dev = calloc(nw, sizeof *d->dev);
  bool v2ok = true;
  for (int s = 0; s < 2; s++) {
    d->rel[s] = calloc(nw, sizeof *d->rel[s]);
    d->acq[s] = calloc(nw, sizeof *d->acq[s]);
    d->adv[s] = calloc(nw, sizeof *d->adv[s]);
    v2ok = v2ok && d->rel[s] && d->acq[s] && d->adv[s];
  }
  d->ring = calloc(p->race_buf_entries, sizeof *d->ring);
  if (port) {
    d->port = *port;
  } else {
    d->own = scord_store_new(entries);
    if (d->own) d->port = scord_store_port(d->own);
  }
  /* The scrub rewrites the store through the port (its own store's port can). */
  if (!d->blk || !d->dev || !d->ring || !v2ok || (!port && !d->own) ||
      (d->scrub && !d->port.update_nondefault)) {
    scord_detector_free(d);
    return NULL;
  }
  return d;
}

void scord_detector_free(scord_detector *d) {
  if (!d) return;
  scord_store_free(d->own);
  free(d->blk);
  free(d->dev);
  for (int s = 0; s < 2; s++) {
    free(d->rel[s]);
    free(d->acq[s]);
    free(d->adv[s]);
  }
  free(d->ring);
  free(d);
}

const scord_params *scord_detector_params(const scord_detector *d) { return &d->p; }
const scord_layout *scord_detector_layout(const scord_detector *d) { return &d->l; }
scord_store *scord_detector_store(scord_detector *d) {
  return d->own;
}
const scord_detector_stats *scord_detector_get_stats(const scord_detector *d) { return &d->st; }

bool scord_map_addr(const scord_params *p, uint64_t addr, uint64_t *index, uint32_t *tag) {
  uint64_t w = addr & ~(uint64_t)3; /* section 4: every access checks one 4-byte word */
  if (w < p->heap_base || w - p->heap_base >= p->heap_bytes) return false;
  uint64_t word = (w - p->heap_base) >> scord_clog2(p->granule);
  unsigned nbits = scord_clog2(p->heap_bytes / p->granule / p->md_ratio);
  *index = word & (((uint64_t)1 << nbits) - 1);
  *tag = (uint32_t)(word >> nbits);
  return true;
}

/* The scrub's rewrite of one entry (detector-v2.md section 4): each fence ID that differs from
** its owner's counter now is set to that counter minus 1, so it keeps differing for the next
** 2^(FenceIdBits-1) fences.  Entries in the init state (M, BS, DS: step 1 ignores their
** fence IDs) are left as they are. */
static uint64_t scrub_entry(void *arg, uint64_t index, uint64_t value) {
  scord_detector *d = arg;
  (void)index;
  scord_md md;
  scord_md_decode(&d->l, value, &md);
  if (md.m && md.bs && md.ds) return value;
  size_t oi = (size_t)(md.block_id / d->p.ctas_per_sm) * d->p.warps_per_sm + md.warp_id;
  assert(oi < d->p.num_sms * d->p.warps_per_sm);
  if (md.blk_fence_id != d->blk[oi]) {
    md.blk_fence_id = (d->blk[oi] - 1u) & d->fmask;
    d->st.scrub_fields++;
  }
  if (md.dev_fence_id != d->dev[oi]) {
    md.dev_fence_id = (d->dev[oi] - 1u) & d->fmask;
    d->st.scrub_fields++;
  }
  return scord_md_encode(&d->l, &md);
}

/* Move fence counter s (0 Blk, 1 Dev) of warp i by one; with the scrub in force, count the
** advance and run the scrub when it reaches half the counter's range (section 4). */
static void bump(scord_detector *d, size_t i, int s) {
  uint16_t *c = s ? d->dev : d->blk;
  c[i] = (uint16_t)((c[i] + 1) & d->fmask);
  if (!d->scrub) return;
  if (++d->adv[s][i] < d->half) return;
  d->port.update_nondefault(d->port.ctx, scrub_entry, d);
  for (int k = 0; k < 2; k++) memset(d->adv[k], 0, d->p.num_sms * d->p.warps_per_sm * sizeof *d->adv[k]);
  d->st.scrubs++;
}

/* Stamp a release (rel) or an acquire (!rel) of warp i at scope (section 2.2). */
static void stamp(scord_detector *d, size_t i, scord_scope scope, bool rel) {
  uint32_t **t = rel ? d->rel : d->acq;
  if (rel) d->rseq++;
  t[0][i] = d->rseq;
  if (scope != SCORD_SCOPE_CTA) t[1][i] = d->rseq; /* sys folds into gpu (decision 20) */
}

void scord_detector_release(scord_detector *d, unsigned sm, unsigned warp, scord_scope scope) {
  assert(sm < d->p.num_sms && warp < d->p.warps_per_sm);
  size_t i = sm * d->p.warps_per_sm + warp;
  /* gpu, and sys folded into gpu (decision 9), move DevFenceID only */
  bump(d, i, scope == SCORD_SCOPE_CTA ? 0 : 1);
  if (d->acqrel) stamp(d, i, scope, true);
  d->st.fences++;
}

void scord_detector_fence(scord_detector *d, unsigned sm, unsigned warp, scord_scope scope) {
  scord_detector_release(d, sm, warp, scope);
  if (d->acqrel) stamp(d, sm * d->p.warps_per_sm + warp, scope, false); /* a fence also acquires */
}

void scord_detector_acquire(scord_detector *d, unsigned sm, unsigned warp, scord_scope scope) {
  assert(sm < d->p.num_sms && warp < d->p.warps_per_sm);
  if (!d->acqrel) return;
  stamp(d, sm * d->p.warps_per_sm + warp, scope, false);
  d->st.acquires++;
}

void scord_detector_syncwarp(scord_detector *d, unsigned sm, unsigned warp) {
  assert(sm < d->p.num_sms && warp < d->p.warps_per_sm);
  if (!d->lanes) return;
  size_t i = sm * d->p.warps_per_sm + warp;
  /* BlkFenceID only: no release or acquire stamp, so other warps gain no sync from it
  ** (detector-v2.md section 3.2). */
  bump(d, i, 0);
  d->st.syncwarps++;
}

void scord_detector_fence_ids(const scord_detector *d, unsigned sm, unsigned warp,
                              uint32_t *blk, uint32_t *dev) {
  assert(sm < d->p.num_sms && warp < d->p.warps_per_sm);
  *blk = d->blk[sm * d->p.warps_per_sm + warp];
  *dev = d->dev[sm * d->p.warps_per_sm + warp];
}

void scord_detector_kernel_reset(scord_detector *d) {
  d->port.reset(d->port.ctx);
  size_t nw = d->p.num_sms * d->p.warps_per_sm;
  memset(d->blk, 0, nw * sizeof *d->blk);
  memset(d->dev, 0, nw * sizeof *d->dev);
  d->rseq = 0;
  for (int s = 0; s < 2; s++) {
    memset(d->rel[s], 0, nw * sizeof *d->rel[s]);
    memset(d->acq[s], 0, nw * sizeof *d->acq[s]);
    memset(d->adv[s], 0, nw * sizeof *d->adv[s]);
  }
}

size_t scord_detector_race_count(const scord_detector *d) { return d->count; }
uint64_t scord_detector_overflow(const scord_detector *d) { return d->overflow; }

bool scord_detector_pop_race(scord_detector *d, scord_race *out) {
  if (d->count == 0) return false;
  *out = d->ring[d->head];
  d->head = (d->head + 1) % d->p.race_buf_entries;
  /* An emptied ring starts again at slot 0: a consumer that keeps up (a co-simulation's
  ** comparator holds 2^24 slots) then reuses the same few pages instead of first-touching
  ** a new one every hundred records, which costs ~11 us a page in a VM. Order is kept. */
  if (--d->count == 0) d->head = 0;
  return true;
}

static void push_race(scord_detector *d, const scord_race *r) {
  d->st.races[r->type]++;
  if (d->count == d->p.race_buf_entries) {
    d->overflow++; /* section 6: counted, never silently lost */
    return;
  }
  d->ring[(d->head + d->count) % d->p.race_buf_entries] = *r;
  d->count++;
}

/* The init value (section 4) as a decoded entry; the caller sets the tag. */
static inline void md_init(scord_md *md) {
  memset(md, 0, sizeof *md);
  md->m = md->bs = md->ds = true;
}

/* Per-access context of section 5. */
typedef struct chk {
  const scord_access *x;
  uint32_t xb, xd;     /* accessor's fence counters now */
  size_t xi;           /* accessor's fence-file index */
  bool is_atom;
  bool lanes;          /* lane identity in force: OWN records the lane */
} chk;

/* same_warp(x, md) of section 2; with lane identity the same lane too (detector-v2.md 3.1). */
static inline bool same_thread(const scord_detector *d, const scord_md *md, const scord_access *x) {
  return md->block_id == x->block_id && md->warp_id == x->warp && (!d->lanes || md->lane_id == x->lane);
}

/* sync(x, o) of detector-v2.md section 2.2: the accessor acquired, at a scope including the
** owner (fence-file index oi), at or after the owner's last release of that scope; and with lane
** identity, always for another lane of the accessor's own warp (section 3.2: check 4a already
** required the warp's fence or syncwarp since the owner's access).  Always false in v1.1, so
** check 4c is v1.1's. */
static inline bool synced(const scord_detector *d, const chk *c, size_t oi, bool same_blk) {
  if (d->lanes && same_blk && oi == c->xi) return true;
  if (!d->acqrel) return false;
  uint32_t rel = d->rel[same_blk ? 0 : 1][oi], acq = d->acq[same_blk ? 0 : 1][c->xi];
  return rel != 0 && (int32_t)(acq - rel) >= 0;
}

/* OWN of section 5. */
static inline void own(scord_md *md, const chk *c) {
  md->block_id = c->x->block_id;
  md->warp_id = c->x->warp;
  md->barrier_id = c->x->barrier_id;
  md->blk_fence_id = c->xb;
  md->dev_fence_id = c->xd;
  md->is_atom = c->is_atom;
  md->scope = c->x->atom_block_scope;
  md->strong = md->strong && c->x->strong;
  md->lane_id = c->lanes ? c->x->lane : 0;
}

#define RACE(t) do { *race = (t); return step; } while (0)

/* One pass of READ (section 5).  Returns the deciding step; sets *race >= 0 when the
** step is a race (the caller records it, re-inits md and passes again). */
static scord_step check_read(const scord_detector *d, scord_md *md, const chk *c, int *race) {
  const scord_access *x = c->x;
  bool empty_x = scord_bloom_empty(&d->p, x->bloom), empty_md = scord_bloom_empty(&d->p, md->bloom);
  bool same_blk = md->block_id == x->block_id;
  bool same_warp = same_thread(d, md, x);
  size_t oi = (size_t)(md->block_id / d->p.ctas_per_sm) * d->p.warps_per_sm + md->warp_id;
  assert(oi < d->p.num_sms * d->p.warps_per_sm);
  bool ofb = md->blk_fence_id != d->blk[oi] || md->dev_fence_id != d->dev[oi];
  bool ofd = md->dev_fence_id != d->dev[oi];
  scord_step step;
  /* 1. init or barrier */
  if ((md->m && md->bs && md->ds) || (same_blk && md->barrier_id != x->barrier_id && !md->ds)) {
    own(md, c);
    md->m = md->bs = md->ds = false;
    md->bloom = x->bloom;
    md->strong = x->strong;
    return SCORD_STEP_INIT;
  }
  /* 2. program order */
  if (same_warp && !md->bs && !md->ds) {
    if (md->m && ofb) md->m = false;
    own(md, c);
    md->strong = x->strong;
    md->bloom = x->bloom;
    return SCORD_STEP_PO;
  }
  /* 3. scoped atomic */
  step = SCORD_STEP_SCOPED_ATOM;
  if (md->is_atom && md->scope && !same_blk) RACE(SCORD_RACE_SCOPED_ATOMIC);
  /* 3. atomic load after atomic (v2.0 acquire/release, detector-v2.md 2.3): never races */
  if (md->is_atom && c->is_atom) {
    own(md, c);
    md->m = md->bs = md->ds = false;
    return SCORD_STEP_ATOM_ATOM;
  }
  /* 4. happens-before, only when M and not same_warp */
  if (md->m && !same_warp) {
    step = SCORD_STEP_HB_BLK;
    if (same_blk && !ofb) RACE(SCORD_RACE_BLK_FENCE);
    step = SCORD_STEP_HB_DEV;
    if (!same_blk && !ofd) RACE(SCORD_RACE_DEV_FENCE);
    step = SCORD_STEP_HB_STRONG;
    if (d->p.strong_ops && !(md->strong && x->strong) && !synced(d, c, oi, same_blk)) RACE(SCORD_RACE_STRONG);
  }
  /* 5. no locks on either side; Bloom left as it is */
  if (empty_md && empty_x) {
    if (md->m) {
      if (!same_warp) md->m = false;
      md->bs = md->ds = false;
      own(md, c);
      return SCORD_STEP_NOLOCK_OWN;
    }
    if (same_blk && !md->ds) {
      md->bs = true;
      return SCORD_STEP_NOLOCK_BS;
    }
    md->ds = true;
    md->bs = false;
    return SCORD_STEP_NOLOCK_DS;
  }
  /* 6. locks */
  step = SCORD_STEP_LOCK_RACE;
  if (md->m && scord_bloom_empty(&d->p, md->bloom & x->bloom)) RACE(SCORD_RACE_LOCK_LOAD);
  md->bloom = empty_md ? x->bloom : empty_x ? md->bloom : (md->bloom & x->bloom);
  if (!same_blk) {
    md->bs = false;
    md->ds = true; /* decision 6 */
  } else if (!same_warp && !md->ds) { /* same_blk here: another warp, or lane (v2 3.1) */
    md->bs = true;
  }
  return SCORD_STEP_LOCK_OK;
}

/* One pass of WRITE (section 5); contract as check_read. */
static scord_step check_write(const scord_detector *d, scord_md *md, const chk *c, int *race) {
  const scord_access *x = c->x;
  bool same_blk = md->block_id == x->block_id;
  bool same_warp = same_thread(d, md, x);
  size_t oi = (size_t)(md->block_id / d->p.ctas_per_sm) * d->p.warps_per_sm + md->warp_id;
  assert(oi < d->p.num_sms * d->p.warps_per_sm);
  uint32_t ob = d->blk[oi], od = d->dev[oi];
  scord_step step;
  /* 1. init or barrier */
  if ((md->m && md->bs && md->ds) || (same_blk && md->barrier_id != x->barrier_id && !md->ds)) {
    own(md, c);
    md->m = true;
    md->bs = md->ds = false;
    md->bloom = x->bloom;
    md->strong = x->strong;
    return SCORD_STEP_INIT;
  }
  /* 2. program order */
  if (same_warp && !md->bs && !md->ds) {
    own(md, c);
    md->m = true;
    md->bloom = x->bloom;
    md->strong = x->strong;
    return SCORD_STEP_PO;
  }
  /* 3. scoped atomic; atomic after atomic never races */
  step = SCORD_STEP_SCOPED_ATOM;
  if (md->is_atom && md->scope && !same_blk) RACE(SCORD_RACE_SCOPED_ATOMIC);
  if (md->is_atom && c->is_atom) {
    own(md, c);
    md->m = true;
    return SCORD_STEP_ATOM_ATOM;
  }
  /* 4. happens-before (M ignored) */
  step = SCORD_STEP_HB_BLK;
  if (same_blk && (md->blk_fence_id == ob || md->ds) && md->dev_fence_id == od)
    RACE(SCORD_RACE_BLK_FENCE);
  step = SCORD_STEP_HB_DEV;
  if (!same_blk && md->dev_fence_id == od) RACE(SCORD_RACE_DEV_FENCE);
  step = SCORD_STEP_HB_STRONG;
  if (d->p.strong_ops && !(md->strong && x->strong) && !synced(d, c, oi, same_blk)) RACE(SCORD_RACE_STRONG);
  /* 5. no locks; Bloom left as it is */
  bool empty_x = scord_bloom_empty(&d->p, x->bloom), empty_md = scord_bloom_empty(&d->p, md->bloom);
  if (empty_md && empty_x) {
    own(md, c);
    md->bs = md->ds = false;
    md->m = true;
    return SCORD_STEP_NOLOCK_OWN;
  }
  /* 6. locks; BS and DS keep their values (decision 7) */
  step = SCORD_STEP_LOCK_RACE;
  if (scord_bloom_empty(&d->p, md->bloom & x->bloom)) RACE(SCORD_RACE_LOCK_STORE);
  own(md, c);
  md->bloom = md->bloom & x->bloom;
  md->m = true;
  return SCORD_STEP_LOCK_OK;
}

/* scord_map_addr with the detector's precomputed shifts (section 4): false outside the
** window; else the checked word, its entry index and tag. */
static inline bool map_word(const scord_detector *d, uint64_t addr, uint64_t *w, uint64_t *index,
                            uint32_t *tag) {
  *w = addr & ~(uint64_t)3;
  if (*w < d->heap_base || *w - d->heap_base >= d->heap_bytes) return false;
  uint64_t word = (*w - d->heap_base) >> d->gshift;
  *index = word & (((uint64_t)1 << d->nbits) - 1);
  *tag = (uint32_t)(word >> d->nbits);
  return true;
}

void scord_detector_prefetch(const scord_detector *d, uint64_t addr) {
  uint64_t w, index;
  uint32_t tag;
  if (!d->own || !map_word(d, addr, &w, &index, &tag)) return;
  const uint64_t *e = scord_store_peek(d->own, index);
#if defined(__GNUC__)
  if (e) __builtin_prefetch(e, 1);
#else
  (void)e;
#endif
}

scord_step scord_detector_access(scord_detector *d, const scord_access *x) {
  assert(x->sm < d->p.num_sms && x->warp < d->p.warps_per_sm && x->cta < d->p.ctas_per_sm);
  bool write = x->kind != SCORD_LD;
  uint64_t w, index;
  uint32_t tag;
  if (!map_word(d, x->addr, &w, &index, &tag)) {
    d->st.outside++;
    d->st.cover[write][SCORD_STEP_OUTSIDE]++;
    return SCORD_STEP_OUTSIDE;
  }
  scord_md md_ext, *md = &md_ext;
  /* The own store: one lookup for the read and the write-back (every checked entry is
  ** written back, so allocating its page here costs nothing extra). */
  uint64_t *slot = d->own ? scord_store_slot(d->own, index) : NULL;
  uint64_t in = slot ? *slot : d->port.read(d->port.ctx, index);
  if (d->fast) {
    fast_decode(in, md);
    assert(fast_encode(md) == scord_md_encode(&d->l, md));
  } else {
    scord_md_decode(&d->l, in, md);
  }
  if (md->tag != tag) { /* section 4: replaced by init before checking */
    if ((d->fast ? fast_encode(md) : scord_md_encode(&d->l, md)) != SCORD_MD_INIT) d->st.tag_evict++;
    md_init(md);
    d->st.cover[write][SCORD_STEP_TAG_MISS]++;
  }
  size_t xi = (size_t)x->sm * d->p.warps_per_sm + x->warp;
  chk c = {.x = x, .xi = xi, .is_atom = x->kind == SCORD_ATOM || x->ordered, .lanes = d->lanes};
  assert(x->lane < SCORD_LANES);
  c.xb = d->blk[xi];
  c.xd = d->dev[xi];
  int race = -1;
  scord_step step = write ? check_write(d, md, &c, &race) : check_read(d, md, &c, &race);
  if (race >= 0) {
    /* md is still the entry as checked (a RACE returns before changing it), so its DS
    ** flag is the one decision 13 asks for: docs/spec/detector.md section 6. */
    scord_race r = {.type = (uint8_t)race, .kind = x->kind,
                    .block_scope = md->block_id == x->block_id && !md->ds, .sm = x->sm, .cta = x->cta,
                    .warp = x->warp, .pc = x->pc, .addr = w, .owner_block = md->block_id,
                    .owner_warp = md->warp_id};
    push_race(d, &r);
    /* RACE: init (tag kept by the write below) and re-check as the same kind; this
    ** always ends in step 1 (decision 5). */
    md_init(md);
    int again = -1;
    scord_step s2 = write ? check_write(d, md, &c, &again) : check_read(d, md, &c, &again);
    assert(s2 == SCORD_STEP_INIT && again < 0);
    (void)s2;
  }
  md->tag = tag;
  uint64_t out = d->fast ? fast_encode(md) : scord_md_encode(&d->l, md);
  assert(out == scord_md_encode(&d->l, md));
  if (slot)
    *slot = out;
  else
    d->port.write(d->port.ctx, index, out);
  d->st.accesses++;
  d->st.cover[write][step]++;
  return step;
}
