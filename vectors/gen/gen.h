/*
** gen.h -- shared core of scord-gen, the workload generator (vectors/README.md).
**
** A generator builds one interleaving of a GPU program: the application code decides, step by step,
** which logical warp runs next (a seeded schedule, gen_pick) and emits that warp's instructions.
** Every instruction goes at once to the vector file (vectors.md v1, hardware slots) and to a per-warp
** buffer of the kernel trace (docs/trace-format.md v1, logical CTA/warp), which is flushed at each
** kernel end.  Expected races are declared by the application from its knowledge of the injected
** bug (gen_expect); they are merged and written as `expect` lines at the end of the vector file.
*/
#ifndef SCORD_GEN_H
#define SCORD_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "trace_buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Hardware shape of the default configuration (detector.md section 1, Table V).  Checked against
** scord_params defaults by the test gen-params (see CMakeLists.txt): one source of truth. */
#define GEN_NUM_SMS 15u
#define GEN_CTAS_PER_SM 8u
#define GEN_WARPS_PER_SM 32u
#define GEN_FENCE_BITS 6u   /* fence counters wrap at 64 (litmus/litmus_fencewrap64_*) */
#define GEN_BLOOM_BIN 8u    /* bits per bloom bin; k = 3 */
#define GEN_LOCK_ENTRIES 4u
#define GEN_MAX_CTAS (GEN_NUM_SMS * GEN_CTAS_PER_SM)
#define GEN_MAX_WARPS 4u    /* warps per CTA: 8 CTA slots x 4 = 32 hardware warps per SM */

enum { GK_LD, GK_ST, GK_ATOM };           /* access kinds, as scord_kind */
/* Workload sizes (--size): small for unit tests, large for the CI benchmarks, paper for Table II's
** inputs (vectors/README.md "Sizes"; paper-size runs stay out of CI). */
enum { GEN_SMALL, GEN_LARGE, GEN_PAPER, GEN_NSIZES };
extern const char *const gen_size_name[GEN_NSIZES];
/* The size named s, or -1. */
int gen_size_parse(const char *s);
enum { GS_CTA, GS_GPU };                  /* scopes used by the generators */
enum { GR_BLK_FENCE, GR_DEV_FENCE, GR_STRONG, GR_SCOPED_ATOMIC, GR_LOCK_LOAD, GR_LOCK_STORE,
       GR_COUNT };
extern const char *const gen_race_name[GR_COUNT];

/* A lock-table entry as the SM tracker keeps it (detector.md section 3); the generator tracks
** the locks its warps hold so that it can state which accesses are protected. */
typedef struct gen_lock { bool active, device; uint32_t a; } gen_lock;

typedef struct gen_warp {
  uint32_t cta_fences, gpu_fences;    /* fences issued in this kernel (compared mod 2^6) */
  gen_lock locks[GEN_LOCK_ENTRIES];
  unsigned nlocks;
  bool spin;                          /* gen_spin: the next ld/atom's trace line polls */
  uint64_t spin_id, spin_count;
  int64_t spin_old;
} gen_warp;

typedef struct gen_expect {
  int type, kind;
  bool block;
  bool wrap;      /* a false race of the 6-bit fence counters (wider counters would not report it) */
  uint64_t addr, pc, count;
} gen_exp;

typedef struct gen {
  FILE *vec, *trace;
  uint64_t rng;
  unsigned grid, warps;               /* current kernel shape */
  char kname[64];
  unsigned kernels;
  gen_warp w[GEN_MAX_CTAS][GEN_MAX_WARPS];
  gen_tbuf tl[GEN_MAX_CTAS][GEN_MAX_WARPS];  /* each warp's trace lines in the current kernel */
  uint32_t bar[GEN_MAX_CTAS];         /* barriers completed by each CTA in this kernel */
  gen_exp *ex;
  size_t nex, capex;
  uint64_t events;
  struct gen_word *words;             /* oracle state, open addressing (gen.c) */
  size_t nwords, capwords;
  struct { uint64_t lo, hi; int mode; } reg[16];
  unsigned nreg;
  /* Set by an application around accesses to words that only the issuing warp ever touches in
  ** this kernel (its own slice of a region at paper size): they cannot race (detector.md 5
  ** step 2), so the oracle is not asked and does not have to hold millions of words. */
  bool priv;
  /* Like priv for the inner words of a run of consecutive words (gen_ld, gen_st, gen_ldr,
  ** gen_str): only its first and last word can be touched by another warp, so only those two go
  ** to the oracle (R110's segments at paper size, whose neighbours read their edge cells). */
  bool priv_inner;
  /* Set around a polling warp's failed tries (gen_spin): they go to the vector file only; the
  ** trace's polling instruction makes as many as the timing gives. */
  bool vec_only;
} gen;

/* Open the outputs (trace may be NULL) and seed the schedule. `comment` is written at the top. */
void gen_init(gen *g, FILE *vec, FILE *trace, uint64_t seed, const char *comment);
/* Write the merged expect lines and the last kernel of the trace; free everything. */
void gen_finish(gen *g);

/* Uniform random number in [0, n), n >= 1 (splitmix64, deterministic for a seed). */
uint32_t gen_rand(gen *g, uint32_t n);
/* Pick one index i with ok[i] true, uniformly; -1 when none is. */
int gen_pick(gen *g, const bool *ok, int n);

/* Start a kernel of `grid` CTAs with `warps` warps each (resets fence/lock/barrier/oracle state,
** as detector.md section 7 does). */
void gen_kernel(gen *g, const char *name, unsigned grid, unsigned warps);
/* Hardware identity of logical CTA c: sm = c mod 15, slot = c / 15; warp slot = slot*warps + w. */
unsigned gen_sm(const gen *g, unsigned c);
unsigned gen_slot(const gen *g, unsigned c);
unsigned gen_block_id(const gen *g, unsigned c);

/* Instructions of warp (c, w).  n lanes at addr, addr+4, ... (1..32). */
void gen_ld(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, bool vol, uint64_t pc);
void gen_st(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, bool vol, uint64_t pc);
/* Atomic; cmp/old < 0 means "not given".  Lock inference follows detector.md section 3. */
void gen_atom(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, const char *op, int scope,
              int64_t cmp, int64_t val, int64_t old, uint64_t pc);
void gen_fence(gen *g, unsigned c, unsigned w, int scope, uint64_t pc);

/* Register-carrying forms (docs/trace-format.md "Registers"; trace only, the vector file has no
** registers).  dst in 0..63 or -1 for none; use is a bit mask of registers read (0: none). */
void gen_ldr(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, bool vol, uint64_t pc, int dst,
             uint64_t use);
void gen_str(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, bool vol, uint64_t pc, uint64_t use);
/* n compute instructions (trace `alu n=N`; not in the vector file, which has no compute). */
void gen_alu(gen *g, unsigned c, unsigned w, unsigned n, uint64_t use, uint64_t pc);
/* Gathers: lane i at addr[i] (1..32 lanes).  The trace gets one `lanes=` instruction; the vector
** file, which has no lane lists, one event per lane in lane order (the same checks: every lane of
** an instruction carries the same bloom, detector.md 3.3 decision 12, and these atomics are not
** lock operations). */
void gen_ld_lanes(gen *g, unsigned c, unsigned w, const uint64_t *addr, unsigned n, bool vol, uint64_t pc,
                  int dst);
void gen_atom_lanes(gen *g, unsigned c, unsigned w, const uint64_t *addr, unsigned n, const char *op,
                    int scope, int64_t val, uint64_t pc);
/* A barrier completed by all warps of CTA c (call once every warp has arrived). */
void gen_bar(gen *g, unsigned c, uint64_t pc);
/* Trace-only ordering (trace-format.md "Ordering"). */
void gen_signal(gen *g, unsigned c, unsigned w, uint64_t id);
void gen_wait(gen *g, unsigned c, unsigned w, uint64_t id, uint64_t count);
/* A spin loop (trace-format.md "Spins"): warp (c, w)'s next ld (volatile) or atom polls until
** counter id reaches count; failed tries of an atomic return fail_old.  The trace gets one
** polling instruction; the failed tries the generator's own interleaving made are written with
** g->vec_only set, to the vector file alone.  count 0: no spin (the first try succeeds). */
void gen_spin(gen *g, unsigned c, unsigned w, uint64_t id, uint64_t count, int64_t fail_old);
void gen_comment(gen *g, const char *fmt, ...);

/* Lock helpers: a successful acquire (cas 0->1 returning 0, then a fence of fscope) and a release
** (a fence of fscope unless skip_fence, then exch 0).  pc, pc+4 are used. */
void gen_acquire(gen *g, unsigned c, unsigned w, uint64_t lock, int ascope, int fscope,
                 bool skip_fence, uint64_t pc);
void gen_release(gen *g, unsigned c, unsigned w, uint64_t lock, int ascope, int fscope,
                 bool skip_fence, uint64_t pc);

/* Declare an expected race (merged by type/addr/pc/kind/scope into counts). */
void gen_expect(gen *g, int type, uint64_t addr, uint64_t pc, int kind, bool block_scope);

/* Prediction regions: every access inside [lo, hi) is checked against the rule of its region and
** the expected races are declared automatically.  GEN_ORACLE: plain/volatile loads and stores only
** (an atomic there aborts the generator); GEN_ATOMW: atomics only.  Accesses outside every region
** must be race-free by construction (read-only or private data). */
enum { GEN_ORACLE = 1, GEN_ATOMW = 2 };
void gen_region(gen *g, uint64_t lo, uint64_t hi, int mode);

/* ---- prediction helpers (the generator's own knowledge; see README "How expectations are made") */
/* Atomic-only words: an atomic races iff the word's previous atomic was block-scope and came from
** another block (detector.md 5 WRITE 3); call for every lane of every atomic on such a word. */
void gen_expect_atomic_word(gen *g, unsigned c, uint64_t addr, int scope, uint64_t pc);
/* Atomic-free data words: the oracle in gen.c follows the happens-before and lockset rules of
** detector.md 5 steps 1-2 and 4-6 for such words and declares the expected race of each access
** (predict() calls it for every lane inside a GEN_ORACLE region). */
void gen_expect_data(gen *g, unsigned c, unsigned w, uint64_t addr, int kind, bool vol,
                     uint64_t pc);
/* Bloom of the warp's active locks for block b (detector.md 3). */
uint32_t gen_bloom(const gen *g, unsigned c, unsigned w);

#ifdef __cplusplus
}
#endif

#endif
