/*
** brute.h -- a brute-force scoped-race oracle for tiny multi-warp programs.
**
** What it is for: an independent check of the trace oracle (oracle.h).  A program is a few
** warps, each a short straight-line list of accesses, fences and lock operations.  The
** brute force enumerates every sequentially consistent interleaving (a lock acquire waits
** until the lock word is 0; an interleaving that cannot finish is not an execution) and, for
** each, judges every conflicting pair of accesses from the race definition of
** docs/accuracy.md section 1 with explicit event sets (no vector clocks, no epochs, no
** snapshots): happens-before as reachability over program order and synchronisation edges,
** what each fence publishes as sets of events, atomic links as paths between atomics.  The
** program races when some interleaving has a racing pair.
*/
#ifndef SCORD_BRUTE_H
#define SCORD_BRUTE_H

#include "scord/scord.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BF_MAX_WARPS 4
#define BF_MAX_INS 8
#define BF_MAX_EVENTS (BF_MAX_WARPS * BF_MAX_INS)
#define BF_MAX_KEYS BF_MAX_EVENTS

typedef struct bf_instr {
  uint8_t type;   /* SCORD_EV_LD, SCORD_EV_ST, SCORD_EV_ATOM, SCORD_EV_FENCE or SCORD_EV_SYNCWARP */
  uint8_t scope;  /* atom, fence, and ld/st with a sem: SCORD_SCOPE_CTA or SCORD_SCOPE_GPU */
  uint8_t sem;    /* ld, st, atom: scord_sem (vectors format 2); SCORD_SEM_NONE otherwise */
  uint8_t op;     /* atom: SCORD_OP_ADD, SCORD_OP_EXCH or SCORD_OP_CAS */
  bool vol;       /* ld, st: volatile (strong) */
  bool lock_acq;  /* atom: cas cmp=0 val=1, waits until the word is 0, returns 0 */
  bool lock_rel;  /* atom: exch val=0 */
  uint64_t addr;  /* word address */
  uint32_t val;   /* exch / add operand */
} bf_instr;

/* A thread of the program.  Without lane identity every thread is a warp (lane 0).  With it
** (scord_v2_lanes), threads of equal (sm, cta, warp) and different `lane` are lane threads of
** one hardware warp; a SCORD_EV_SYNCWARP in their programs is the warp's __syncwarp, which all
** of them reach and take in one step (a barrier of the warp's lane threads), and they hold no
** fences (the trace oracle gives a warp's fence to every lane thread of it). */
typedef struct bf_warp {
  uint16_t sm, cta, warp; /* hardware identity; (sm, cta) is its block */
  uint8_t lane;           /* lane in the hardware warp (0 without lane identity) */
  uint8_t n;
  bf_instr ins[BF_MAX_INS];
} bf_warp;

typedef struct bf_prog {
  uint8_t nw;
  bf_warp w[BF_MAX_WARPS];
} bf_prog;

/* One unique race key: pc of the later access, word address. */
typedef struct bf_key {
  uint64_t pc, addr;
} bf_key;

/* The pc the brute force gives instruction i of warp w (the same in every interleaving). */
uint64_t bf_pc(unsigned w, unsigned i);

/* One interleaving: the (warp, instruction) of each step, in order (a syncwarp step names the
** first lane thread of the warp; its other lane threads take their syncwarp in the same step). */
typedef struct bf_step {
  uint8_t w, i;
} bf_step;

/* The vector event of one step of p (single lane; a lock acquire carries cmp=0 val=1 old=0). */
scord_event bf_event(const bf_prog *p, bf_step s);

/* Judge one interleaving of p (n steps) from the definitions; writes its unique race keys to
** keys (at most BF_MAX_KEYS) and returns their number.  params: num_sms, ctas_per_sm,
** strong_ops, and spec_version with acq_rel (the v2.0 definition of release and acquire
** operations, docs/accuracy-v2.md) with lane_ids (lane identity: each bf_warp a lane thread). */
size_t bf_judge(const scord_params *params, const bf_prog *p, const bf_step *steps, size_t n, bf_key *keys);

/* Call visit(ctx, steps, n) for every complete interleaving of p, in a fixed order; stop early
** when visit returns non-zero (that value is returned) or after max interleavings (then 0).
** Returns 0 when all were visited; *count gets how many were. */
int bf_enumerate(const bf_prog *p, size_t max, size_t *count,
                 int (*visit)(void *ctx, const bf_step *steps, size_t n), void *ctx);

#ifdef __cplusplus
}
#endif
#endif
