/*
** brute.c -- the brute-force scoped-race oracle for tiny programs (brute.h).
**
** What it is for: checking the trace oracle (oracle.c) by a second implementation of the
** race definition of docs/accuracy.md section 1 that shares none of its machinery.  Every
** event of one interleaving is a bit of a 32-bit set; the judge computes, in stream order:
**   hb[k], hbnl[k]  the events that happen before or are k: k's program-order predecessor's
**                   set, and at a fence, the sets of the release fences whose edges it
**                   completes (hbnl: edges that are not lock hand-offs);
**   obs[u]          what warp u's fences publish: its own events and, from its reads of
**                   published writes, the writer's set at the write;
**   visblk, visdev  the union of obs at the fences of a block / at device fences;
**   locks           the warp's lock entries (cas 0->1 adds an inactive one, a fence of that
**                   scope or wider activates it, exch 0 of that scope removes it);
** and judges each pair of conflicting accesses by rules 1-4, atomic links by a path search
** and the protected closure of rule 4 as a set of accesses.  The enumeration is a depth-first
** walk over the warps' next instructions with the lock words' values.
** With the v2.0 definition (scord_v2_acq_rel), an operation with release semantics publishes
** and is a release point just before itself (its own release set: the hb set of its warp's
** previous event), one with acquire semantics completes its warp's pending edges of its scope
** just after itself; ordered ld/st are atomics; rule 3 needs no strength.  With lane identity
** each bf_warp is a lane thread; a syncwarp step joins the hb and hbnl sets of its warp's lane
** threads (v2.0 orders weak accesses by hbnl, so lanes before a syncwarp are ordered with lanes
** after it).
*/
#include "brute.h"

#include <string.h>

uint64_t bf_pc(unsigned w, unsigned i) { return 0x100 * (uint64_t)(w + 1) + 4 * (uint64_t)i; }

scord_event bf_event(const bf_prog *p, bf_step s) {
  const bf_warp *w = &p->w[s.w];
  const bf_instr *in = &w->ins[s.i];
  scord_event ev;
  memset(&ev, 0, sizeof ev);
  ev.type = in->type;
  ev.scope = in->scope;
  ev.op = in->op;
  ev.is_volatile = in->vol;
  ev.sem = in->sem;
  ev.n = 1;
  ev.stride = 4;
  ev.sm = w->sm;
  ev.cta = w->cta;
  ev.warp = w->warp;
  if (in->type != SCORD_EV_FENCE && in->type != SCORD_EV_SYNCWARP) ev.lane = w->lane;
  ev.addr = in->addr;
  ev.pc = bf_pc(s.w, s.i);
  if (in->type == SCORD_EV_ATOM) {
    ev.has_val = true;
    ev.val = in->val;
    if (in->lock_acq) {
      ev.has_cmp = ev.has_old = true;
      ev.cmp = 0;
      ev.val = 1;
      ev.old = 0;
    }
  }
  return ev;
}

typedef uint32_t set; /* a set of events of one interleaving, bit k = step k */

typedef struct lk {
  uint64_t addr;
  bool dev, active;
} lk;

/* One step's facts, filled in stream order. */
typedef struct fact {
  unsigned w, blk;        /* warp index, block (sm, cta) as one number */
  const bf_instr *in;
  bool access, write, atomic, dev, strong;
  bool rel;               /* v2.0: an access with release semantics (a release point before it) */
  set relhb, relhbnl;     /* ... its release sets: hb, hbnl of the warp's previous event */
  set hb, hbnl;           /* happens before or is this event */
  set obs_at;             /* the warp's published-to-be set at this event (includes it) */
  lk locks[BF_MAX_INS];   /* active locks held by this access */
  unsigned nlocks;
  set prot;               /* rule 4's protected closure at this access */
} fact;

/* A synchronisation edge waiting for its acquire fence. */
typedef struct pend {
  unsigned t;             /* acquiring warp */
  bool need_dev;          /* the acquire fence must be of device scope */
  bool lock;              /* a lock hand-off */
  set from, from_nl;      /* the release fence's hb / hbnl */
} pend;

static bool has(set s, unsigned k) { return (s >> k) & 1u; }

/* Lane threads of one hardware warp (every thread is one without lane identity's lanes). */
static bool same_warp(const bf_warp *a, const bf_warp *b) {
  return a->sm == b->sm && a->cta == b->cta && a->warp == b->warp;
}

/* Warp u acquires (a fence, or a v2.0 acquiring access, at x): every pending edge of u that a
 * scope of dev satisfies joins x's happens-before and leaves the pending list; u's pending
 * observations become observed. */
static void acquire_pending(fact *x, unsigned u, bool dev, pend *pe, unsigned *npe, set *obs, set *pend_obs) {
  for (unsigned i = 0; i < *npe;) {
    if (pe[i].t == u && (dev || !pe[i].need_dev)) {
      x->hb |= pe[i].from;
      if (!pe[i].lock) x->hbnl |= pe[i].from_nl;
      pe[i] = pe[--*npe];
    } else {
      i++;
    }
  }
  obs[u] |= pend_obs[u];
  pend_obs[u] = 0;
}

/* Do the two lock lists share a lock whose scope includes both accesses? */
static bool common_lock(const fact *a, const fact *b) {
  for (unsigned i = 0; i < a->nlocks; i++)
    for (unsigned j = 0; j < b->nlocks; j++)
      if (a->locks[i].addr == b->locks[j].addr && (a->blk == b->blk || (a->locks[i].dev && b->locks[j].dev)))
        return true;
  return false;
}

/* Two atomics' scopes both include both warps (PTX: morally strong). */
static bool morally_strong(const fact *x, const fact *y) {
  return x->blk == y->blk || (x->dev && y->dev);
}

/* Rule 1: a path of morally strong pairs of atomics on the word, forward in stream order,
** from step a to step b. */
static bool linked(const fact *f, unsigned a, unsigned b) {
  set reach = 1u << a;
  for (unsigned y = a + 1; y <= b; y++) {
    if (!f[y].atomic || f[y].in->addr != f[a].in->addr) continue;
    for (unsigned x = a; x < y; x++)
      if (has(reach, x) && morally_strong(&f[x], &f[y])) {
        reach |= 1u << y;
        break;
      }
  }
  return has(reach, b);
}

size_t bf_judge(const scord_params *params, const bf_prog *p, const bf_step *st, size_t n, bf_key *keys) {
  fact f[BF_MAX_EVENTS];
  set obs[BF_MAX_WARPS] = {0}, pend_obs[BF_MAX_WARPS] = {0};
  set visdev = 0, visblk[BF_MAX_WARPS] = {0}; /* indexed by the block's first warp index */
  lk locks[BF_MAX_WARPS][BF_MAX_INS];
  unsigned nlk[BF_MAX_WARPS] = {0};
  pend pe[BF_MAX_EVENTS];
  unsigned npe = 0;
  int last[BF_MAX_WARPS];
  size_t nkeys = 0;
  bool strong_ops = params->strong_ops != 0;
  bool v2 = scord_v2_acq_rel(params);
  for (unsigned w = 0; w < BF_MAX_WARPS; w++) last[w] = -1;
  memset(f, 0, sizeof f);
  for (unsigned k = 0; k < n; k++) {
    const bf_warp *W = &p->w[st[k].w];
    const bf_instr *in = &W->ins[st[k].i];
    fact *x = &f[k];
    unsigned u = st[k].w;
    x->w = u;
    x->blk = (unsigned)W->sm * (unsigned)params->ctas_per_sm + W->cta;
    x->in = in;
    x->access = in->type != SCORD_EV_FENCE && in->type != SCORD_EV_SYNCWARP;
    x->atomic = in->type == SCORD_EV_ATOM || (v2 && x->access && in->sem != SCORD_SEM_NONE);
    x->write = in->type != SCORD_EV_LD && x->access;
    x->dev = x->atomic && in->scope != SCORD_SCOPE_CTA;
    x->strong = x->atomic || in->vol || in->sem != SCORD_SEM_NONE;
    x->hb = x->hbnl = 1u << k;
    if (last[u] >= 0) {
      x->hb |= f[last[u]].hb;
      x->hbnl |= f[last[u]].hbnl;
    }
    last[u] = (int)k;
    if (in->type == SCORD_EV_SYNCWARP) {
      /* The warp's lane threads all take it: each one's next event comes after every lane
      ** thread's events so far (the clocks joined; what each observed is its own). */
      for (unsigned v = 0; v < p->nw; v++)
        if (v != u && same_warp(&p->w[v], W) && last[v] >= 0) {
          x->hb |= f[last[v]].hb;
          x->hbnl |= f[last[v]].hbnl;
        }
      for (unsigned v = 0; v < p->nw; v++)
        if (same_warp(&p->w[v], W)) last[v] = (int)k;
      obs[u] |= 1u << k;
      continue;
    }
    unsigned vb = 0; /* the index of the block's slot in visblk: its first warp */
    while (p->w[vb].sm != W->sm || p->w[vb].cta != W->cta) vb++;
    if (v2 && x->access && scord_sem_releases(in->sem)) {
      /* the release point just before the access: publishes what the warp observed so far */
      bool dev = in->scope != SCORD_SCOPE_CTA;
      x->rel = true;
      x->relhb = x->hb & ~(1u << k);
      x->relhbnl = x->hbnl & ~(1u << k);
      obs[u] |= pend_obs[u];
      pend_obs[u] = 0;
      visblk[vb] |= obs[u];
      if (dev) visdev |= obs[u];
      for (unsigned i = 0; i < nlk[u]; i++)
        if (dev || !locks[u][i].dev) locks[u][i].active = true;
    }
    obs[u] |= 1u << k;
    if (!x->access) {
      bool dev = in->scope != SCORD_SCOPE_CTA;
      /* Acquire: every pending edge of this warp the fence's scope satisfies. */
      acquire_pending(x, u, dev, pe, &npe, obs, pend_obs);
      visblk[vb] |= obs[u];
      if (dev) visdev |= obs[u];
      for (unsigned i = 0; i < nlk[u]; i++)
        if (dev || !locks[u][i].dev) locks[u][i].active = true;
      continue;
    }
    x->obs_at = obs[u];
    for (unsigned i = 0; i < nlk[u]; i++)
      if (locks[u][i].active) x->locks[x->nlocks++] = locks[u][i];
    /* Judge against every earlier access to the word. */
    bool race = false;
    set racing = 0;
    uint8_t why_locks[BF_MAX_EVENTS] = {0};
    for (unsigned a = 0; a < k; a++) {
      const fact *y = &f[a];
      if (!y->access || y->in->addr != in->addr) continue;
      if (y->w == u) {
        x->prot |= y->prot;
        continue;
      }
      if (!(y->write || x->write)) continue;
      if (y->atomic && x->atomic && linked(f, a, k)) continue;
      bool strong = !strong_ops || (y->strong && x->strong);
      if (has(x->hbnl, a)) {
        if (strong || v2) continue; /* v2.0: synchronisation orders weak accesses too */
        racing |= 1u << a;
        continue;
      }
      bool published = (has(visdev, a) || has(visblk[vb], a)) && !(y->atomic && !y->dev && y->blk != x->blk);
      if (has(x->hb, a) || published) {
        if (!strong) {
          racing |= 1u << a;
        } else if (y->nlocks == 0 && x->nlocks == 0) {
          /* published, neither holding a lock: race-free, not a protection link */
        } else if (common_lock(y, x)) {
          x->prot |= y->prot | (1u << a);
        } else {
          racing |= 1u << a;
          why_locks[a] = 1;
        }
        continue;
      }
      racing |= 1u << a;
    }
    /* A lock race is withdrawn when a later access of a's warp (or a itself) is in the
    ** protected closure: a's protection reached this access through the word. */
    for (unsigned a = 0; a < k; a++) {
      if (!has(racing, a)) continue;
      if (why_locks[a]) {
        bool reach = false;
        for (unsigned c = a; c < k && !reach; c++) reach = has(x->prot, c) && f[c].w == f[a].w;
        if (reach) continue;
      }
      race = true;
    }
    if (race) {
      bool seen = false;
      for (size_t i = 0; i < nkeys && !seen; i++) seen = keys[i].pc == bf_pc(st[k].w, st[k].i) && keys[i].addr == in->addr;
      if (!seen) keys[nkeys++] = (bf_key){bf_pc(st[k].w, st[k].i), in->addr};
    }
    /* Acquire from the write this read or atomic reads: the last write to the word. */
    if (!x->write || x->atomic) {
      int wi = -1;
      for (int a = (int)k - 1; a >= 0 && wi < 0; a--)
        if (f[a].access && f[a].write && f[a].in->addr == in->addr) wi = a;
      if (wi >= 0 && f[wi].w != u && f[wi].strong && (!strong_ops || x->strong)) {
        const fact *w = &f[wi];
        bool same = w->blk == x->blk;
        bool ok = (!w->atomic || w->dev || same) && (!x->atomic || x->dev || same);
        /* the writer's last release point at or before the write of a scope including both:
        ** a fence, or (v2.0) an access with release semantics */
        int rel = -1;
        for (int a = wi; a >= 0 && rel < 0; a--)
          if (f[a].w == w->w && (a == wi ? f[a].rel : f[a].in->type == SCORD_EV_FENCE || f[a].rel) &&
              (same || f[a].in->scope != SCORD_SCOPE_CTA))
            rel = a;
        bool hand_off = (w->in->lock_rel || in->lock_acq) &&
                        !(v2 && (scord_sem_releases(w->in->sem) || scord_sem_acquires(in->sem)));
        if (ok && rel >= 0)
          pe[npe++] = (pend){u, !same, hand_off, f[rel].access ? f[rel].relhb : f[rel].hb,
                             f[rel].access ? f[rel].relhbnl : f[rel].hbnl};
        bool wpub = (has(visdev, wi) || has(visblk[vb], wi)) && !(w->atomic && !w->dev && !same);
        if (wpub) pend_obs[u] |= w->obs_at;
      }
    }
    /* The lock effect after the check. */
    if (in->lock_acq) {
      bool dev = in->scope != SCORD_SCOPE_CTA, dup = false;
      for (unsigned i = 0; i < nlk[u]; i++) dup |= locks[u][i].addr == in->addr && locks[u][i].dev == dev;
      if (!dup) locks[u][nlk[u]++] = (lk){in->addr, dev, false};
    } else if (in->lock_rel) {
      bool dev = in->scope != SCORD_SCOPE_CTA;
      for (unsigned i = 0; i < nlk[u]; i++)
        if (locks[u][i].addr == in->addr && locks[u][i].dev == dev) {
          memmove(&locks[u][i], &locks[u][i + 1], (nlk[u] - i - 1) * sizeof locks[u][0]);
          nlk[u]--;
          break;
        }
    }
    if (v2 && scord_sem_acquires(in->sem)) {
      /* the acquire point just after the access: the pending edges its scope satisfies */
      bool dev = in->scope != SCORD_SCOPE_CTA;
      acquire_pending(x, u, dev, pe, &npe, obs, pend_obs);
      for (unsigned i = 0; i < nlk[u]; i++)
        if (dev || !locks[u][i].dev) locks[u][i].active = true;
    }
  }
  return nkeys;
}

/* The depth-first walk of bf_enumerate. */
typedef struct walk {
  const bf_prog *p;
  size_t max, count;
  int (*visit)(void *, const bf_step *, size_t);
  void *ctx;
  bf_step steps[BF_MAX_EVENTS];
  size_t total; /* instructions not yet taken */
  uint8_t at[BF_MAX_WARPS];
  uint64_t lock_addr[BF_MAX_EVENTS];
  uint32_t lock_val[BF_MAX_EVENTS];
  unsigned nlocks;
} walk;

static uint32_t *lock_word(walk *k, uint64_t addr) {
  for (unsigned i = 0; i < k->nlocks; i++)
    if (k->lock_addr[i] == addr) return &k->lock_val[i];
  k->lock_addr[k->nlocks] = addr;
  k->lock_val[k->nlocks] = 0;
  return &k->lock_val[k->nlocks++];
}

/* Whether thread w's next instruction, a syncwarp, can be taken now by w as the first lane
** thread of its warp: every lane thread of the warp has reached its syncwarp.  *m gets the
** mask of those threads. */
static bool syncwarp_ready(const walk *k, unsigned w, uint32_t *m) {
  const bf_prog *p = k->p;
  *m = 0;
  for (unsigned v = 0; v < p->nw; v++) {
    if (!same_warp(&p->w[v], &p->w[w])) continue;
    if (v < w) return false; /* the first lane thread takes it */
    if (k->at[v] == p->w[v].n || p->w[v].ins[k->at[v]].type != SCORD_EV_SYNCWARP) return false;
    *m |= 1u << v;
  }
  return true;
}

static int step(walk *k, size_t depth) {
  if (k->total == 0) {
    k->count++;
    return k->visit(k->ctx, k->steps, depth);
  }
  for (unsigned w = 0; w < k->p->nw; w++) {
    if (k->count >= k->max) return 0;
    if (k->at[w] == k->p->w[w].n) continue;
    const bf_instr *in = &k->p->w[w].ins[k->at[w]];
    if (in->type == SCORD_EV_SYNCWARP) {
      uint32_t m;
      if (!syncwarp_ready(k, w, &m)) continue; /* waits for its warp's other lane threads */
      unsigned taken = (unsigned)__builtin_popcount(m);
      k->steps[depth] = (bf_step){(uint8_t)w, k->at[w]};
      for (unsigned v = 0; v < k->p->nw; v++)
        if (m >> v & 1u) k->at[v]++;
      k->total -= taken;
      int rc = step(k, depth + 1);
      k->total += taken;
      for (unsigned v = 0; v < k->p->nw; v++)
        if (m >> v & 1u) k->at[v]--;
      if (rc) return rc;
      continue;
    }
    uint32_t *lv = NULL, old = 0;
    if (in->lock_acq || in->lock_rel) {
      lv = lock_word(k, in->addr);
      old = *lv;
      if (in->lock_acq && old != 0) continue; /* waits: not enabled */
      *lv = in->lock_acq ? 1 : 0;
    }
    k->steps[depth] = (bf_step){(uint8_t)w, k->at[w]};
    k->at[w]++;
    k->total--;
    int rc = step(k, depth + 1);
    k->total++;
    k->at[w]--;
    if (lv) *lv = old;
    if (rc) return rc;
  }
  return 0;
}

int bf_enumerate(const bf_prog *p, size_t max, size_t *count,
                 int (*visit)(void *ctx, const bf_step *steps, size_t n), void *ctx) {
  walk k;
  memset(&k, 0, sizeof k);
  k.p = p;
  k.max = max;
  k.visit = visit;
  k.ctx = ctx;
  for (unsigned w = 0; w < p->nw; w++) k.total += p->w[w].n;
  int rc = step(&k, 0);
  *count = k.count;
  return rc;
}
