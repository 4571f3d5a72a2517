/*
** system.c -- one SM tracker per SM wired to one detector (architecture.md), driven by
** vector events.  This is the order of effects the spec fixes for one instruction:
** bloom once, then per lane the check and, for an atomic, its lock-table effect
** (detector.md section 3 "Order").  With v2.0 acquire/release (detector-v2.md section 2) a
** releasing instruction is preceded by a fence of its scope and an acquiring one followed by
** an acquire; with lane identity (section 3) each lane carries its lane number.
*/
#include "scord/scord.h"

#include <assert.h>
#include <stdlib.h>

struct scord_system {
  scord_params p;
  scord_detector *det;
  scord_tracker **trk;
};

scord_system *scord_system_new(const scord_params *p, const scord_mdport *port) {
  scord_system *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->p = *p;
  s->det = scord_detector_new(p, port);
  s->trk = calloc(p->num_sms, sizeof *s->trk);
  bool ok = s->det && s->trk;
  for (unsigned i = 0; ok && i < p->num_sms; i++) ok = (s->trk[i] = scord_tracker_new(p, i)) != NULL;
  if (!ok) {
    scord_system_free(s);
    return NULL;
  }
  return s;
}

void scord_system_free(scord_system *s) {
  if (!s) return;
  if (s->trk)
    for (unsigned i = 0; i < s->p.num_sms; i++) scord_tracker_free(s->trk[i]);
  free(s->trk);
  scord_detector_free(s->det);
  free(s);
}

scord_detector *scord_system_detector(scord_system *s) { return s->det; }
scord_tracker *scord_system_tracker(scord_system *s, unsigned sm) {
  assert(sm < s->p.num_sms);
  return s->trk[sm];
}

/* How many events ahead the batch prefetches: about a DRAM latency of work. */
#define SCORD_PREFETCH_AHEAD 8

void scord_system_apply_batch(scord_system *s, const scord_event *ev, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i + SCORD_PREFETCH_AHEAD < n) {
      const scord_event *f = &ev[i + SCORD_PREFETCH_AHEAD];
      if (f->type == SCORD_EV_LD || f->type == SCORD_EV_ST || f->type == SCORD_EV_ATOM)
        scord_detector_prefetch(s->det, f->addr);
    }
    scord_system_apply(s, &ev[i]);
  }
}

scord_step scord_system_apply(scord_system *s, const scord_event *ev) {
  scord_step last = SCORD_STEP_COUNT;
  assert(ev->sm < s->p.num_sms);
  scord_tracker *t = s->trk[ev->sm];
  switch ((scord_ev_type)ev->type) {
  case SCORD_EV_LD:
  case SCORD_EV_ST:
  case SCORD_EV_ATOM: {
    assert(ev->n >= 1 && ev->n <= 32 && ev->cta < s->p.ctas_per_sm && ev->warp < s->p.warps_per_sm);
    assert(ev->lane + ev->n <= SCORD_LANES && ev->sem < SCORD_SEM_COUNT);
    scord_kind kind = ev->type == SCORD_EV_LD ? SCORD_LD : ev->type == SCORD_EV_ST ? SCORD_ST : SCORD_ATOM;
    bool acqrel = scord_v2_acq_rel(&s->p), lanes = scord_v2_lanes(&s->p);
    /* An ld/st with any sem is a strong (morally strong) access in every version (v2 section 1). */
    bool strong = ev->is_volatile || ev->sem != SCORD_SEM_NONE;
    if (acqrel && scord_sem_releases(ev->sem)) { /* detector-v2.md 2.1: the fence before */
      scord_tracker_fence(t, ev->warp, (scord_scope)ev->scope);
      scord_detector_release(s->det, ev->sm, ev->warp, (scord_scope)ev->scope);
    }
    uint32_t block_id = scord_block_id(&s->p, ev->sm, ev->cta);
    uint32_t bloom = scord_tracker_bloom(t, ev->warp, block_id);
    for (unsigned lane = 0; lane < ev->n; lane++) {
      uint64_t addr = ev->addr + lane * ev->stride;
      scord_access x;
      scord_tracker_make_access(t, &x, ev->cta, ev->warp, kind, strong,
                                (scord_scope)ev->scope, addr, ev->pc, bloom);
      if (lanes) x.lane = (uint8_t)(ev->lane + lane);
      if (acqrel && kind != SCORD_ATOM && ev->sem != SCORD_SEM_NONE) { /* detector-v2.md 2.3 */
        x.ordered = true;
        x.atom_block_scope = ev->scope == SCORD_SCOPE_CTA;
      }
      last = scord_detector_access(s->det, &x);
      if (kind == SCORD_ATOM)
        scord_tracker_atomic(t, ev->warp, (scord_atom_op)ev->op, (scord_scope)ev->scope, addr,
                             ev->has_cmp, ev->cmp, ev->has_val, ev->val, ev->has_old, ev->old);
    }
    if (acqrel && scord_sem_acquires(ev->sem)) { /* detector-v2.md 2.2: the acquire after */
      scord_tracker_fence(t, ev->warp, (scord_scope)ev->scope);
      scord_detector_acquire(s->det, ev->sm, ev->warp, (scord_scope)ev->scope);
    }
    break;
  }
  case SCORD_EV_SYNCWARP:
    scord_detector_syncwarp(s->det, ev->sm, ev->warp);
    break;
  case SCORD_EV_FENCE:
    scord_tracker_fence(t, ev->warp, (scord_scope)ev->scope);
    scord_detector_fence(s->det, ev->sm, ev->warp, (scord_scope)ev->scope);
    break;
  case SCORD_EV_BAR:
    scord_tracker_barrier(t, ev->cta);
    break;
  case SCORD_EV_CTA:
    scord_tracker_cta_start(t, ev->first_warp, ev->warps);
    break;
  case SCORD_EV_KERNEL:
    for (unsigned i = 0; i < s->p.num_sms; i++) scord_tracker_reset(s->trk[i]);
    scord_detector_kernel_reset(s->det);
    break;
  }
  return last;
}
