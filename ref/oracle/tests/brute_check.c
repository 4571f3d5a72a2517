/*
** brute_check.c -- CTest oracle/brute: the trace oracle (oracle.h) against the brute-force
** oracle (brute.h) on seeded, generated tiny programs.
**
**   test_oracle_brute [--programs N] [--seed S] [--v2] [--lanes] [--show]
**
** Program k (k = 0..N-1) is generated from seed S + k: 2 or 3 warps of SM 0 and SM 1 (so some
** pairs share a block and some do not).  A third are message passing (gen_mp), a third lock
** sections (gen_locks); in the others each warp has 1 to 5 instructions drawn from loads and stores
** of a data word X and a flag F (mostly volatile), atomics on X and F of block or device scope,
** fences of both scopes and lock sections on a lock word (cas 0->1; maybe a fence; an access;
** maybe a fence; exch 0) of either scope; a quarter of the programs run with strong_ops=0.
** --v2 judges with the v2.0 definition (spec_version=2, lane_ids=0: docs/accuracy-v2.md) and
** gives a third of the volatile loads and stores and most atomics a memory order (sem), half
** the flag accesses release or acquire, and then leaves out the fence they replace half the time.
** --lanes is --v2 with lane identity (lane_ids=1), on programs of two lane threads of one warp
** (gen_lanes: accesses, a syncwarp in half of them) beside a warp with accesses and fences.
** Every complete interleaving is judged by both oracles, the trace oracle on the
** interleaving's event stream; their unique race keys (pc, word) must be equal.  Each
** disagreement prints "FAIL seed=S' interleaving=I", the stream and both key sets, and fails
** the test.  The summary line gives the programs, interleavings, racy programs (some
** interleaving races) and the programs whose verdict depends on the interleaving.  --show
** prints every program and its verdicts.  Exit 0 when all agree, 1 on a disagreement, 2 on
** a usage error.
*/
#include "brute.h"
#include "oracle.h"
#include "scord/vecread.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X 0xC0000100u
#define F 0xC0000200u
#define L 0xC0001040u

/* splitmix64: the generator's random numbers. */
static uint64_t next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static unsigned pick(uint64_t *s, unsigned n) { return (unsigned)(next(s) % n); }

static unsigned scope(uint64_t *s);

/* With --v2: programs carry memory orders (the generator's one switch, set once in main). */
static bool g_v2;

/* A memory order for an access of type t (v2 only): ld relaxed/acquire, st relaxed/release, atom
** none/relaxed/acquire/release/acq_rel. */
static uint8_t gen_sem(uint64_t *s, uint8_t t) {
  static const uint8_t ld[] = {SCORD_SEM_RELAXED, SCORD_SEM_ACQUIRE}, st[] = {SCORD_SEM_RELAXED, SCORD_SEM_RELEASE},
                       at[] = {SCORD_SEM_NONE, SCORD_SEM_RELAXED, SCORD_SEM_ACQUIRE, SCORD_SEM_RELEASE, SCORD_SEM_ACQ_REL};
  if (t == SCORD_EV_LD) return ld[pick(s, 2)];
  if (t == SCORD_EV_ST) return st[pick(s, 2)];
  return at[pick(s, 5)];
}

/* A lock operation's memory order with --v2: acquire for the cas, release for the exch, half the
** time (no random draw without --v2, so the v1 programs stay the same). */
static uint8_t lock_sem(uint64_t *s, bool acq) {
  if (!g_v2 || pick(s, 2)) return SCORD_SEM_NONE;
  return acq ? SCORD_SEM_ACQUIRE : SCORD_SEM_RELEASE;
}

/* One data or flag access (not on the lock word). */
static bf_instr gen_access(uint64_t *s) {
  bf_instr in = {0};
  in.addr = pick(s, 3) ? X : F;
  unsigned k = pick(s, 10);
  if (k < 4) {
    in.type = SCORD_EV_ST;
    in.vol = pick(s, 5) != 0;
  } else if (k < 7) {
    in.type = SCORD_EV_LD;
    in.vol = pick(s, 5) != 0;
  } else {
    in.type = SCORD_EV_ATOM;
    in.scope = pick(s, 2) ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA;
    in.op = in.addr == F ? SCORD_OP_EXCH : SCORD_OP_ADD;
    in.val = 1;
  }
  if (g_v2 && (in.type == SCORD_EV_ATOM || (in.vol && !pick(s, 3)))) {
    in.sem = gen_sem(s, in.type);
    if (in.type != SCORD_EV_ATOM) in.scope = (uint8_t)scope(s);
  }
  return in;
}

static bf_instr fence(unsigned scope) {
  bf_instr in = {0};
  in.type = SCORD_EV_FENCE;
  in.scope = (uint8_t)scope;
  return in;
}

static unsigned scope(uint64_t *s) { return pick(s, 2) ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA; }

/* A flag write (volatile store or exch 1) or read (volatile load or add 0) of word a. */
static bf_instr flag(uint64_t *s, uint64_t a, bool write) {
  bf_instr in = {.addr = a, .vol = true, .val = write};
  if (pick(s, 2)) {
    in.type = write ? SCORD_EV_ST : SCORD_EV_LD;
  } else {
    in.type = SCORD_EV_ATOM;
    in.scope = (uint8_t)scope(s);
    in.op = write ? SCORD_OP_EXCH : SCORD_OP_ADD;
  }
  if (g_v2 && pick(s, 2)) {
    in.sem = write ? SCORD_SEM_RELEASE : SCORD_SEM_ACQUIRE;
    if (in.type != SCORD_EV_ATOM) in.scope = (uint8_t)scope(s);
  }
  return in;
}

/* Message passing through flag F (and, relayed, G = F + 0x100): the producer's data access,
** a fence, the flag write; the consumer's flag read, a fence, its data access; with a relay,
** the consumer passes on through G to a third warp instead.  Fence and atomic scopes, access
** kinds and, in half of the unrelayed programs, a lock section around the producer's data
** access are drawn at random. */
static void gen_mp(uint64_t *s, bf_prog *p) {
  bool relay = p->nw == 3;
  bf_warp *P = &p->w[0], *C = &p->w[1], *R = &p->w[2];
  bool lock = !relay && pick(s, 3);
  unsigned lsc = scope(s);
  if (lock) P->ins[P->n++] = (bf_instr){.type = SCORD_EV_ATOM, .scope = (uint8_t)lsc, .op = SCORD_OP_CAS, .lock_acq = true, .addr = L, .sem = lock_sem(s, true)};
  if (lock) P->ins[P->n++] = fence(lsc);
  bf_instr d = gen_access(s);
  d.addr = X;
  P->ins[P->n++] = d;
  unsigned at = P->n; /* the release fence, which a release flag may replace (--v2) */
  P->ins[P->n++] = fence(scope(s));
  if (lock) P->ins[P->n++] = (bf_instr){.type = SCORD_EV_ATOM, .scope = (uint8_t)lsc, .op = SCORD_OP_EXCH, .lock_rel = true, .addr = L, .sem = lock_sem(s, false)};
  bf_instr pf = flag(s, F, true);
  if (g_v2 && pf.sem && pick(s, 2)) {
    memmove(&P->ins[at], &P->ins[at + 1], (P->n - at - 1) * sizeof P->ins[0]);
    P->n--;
  }
  P->ins[P->n++] = pf;
  if (pick(s, 2)) P->ins[P->n++] = fence(scope(s)); /* publishes the flag (and what P saw) */
  C->ins[C->n++] = flag(s, F, false);
  unsigned csc = scope(s); /* the acquire fence, which an acquire flag may replace (--v2) */
  if (!(g_v2 && C->ins[C->n - 1].sem && pick(s, 2))) C->ins[C->n++] = fence(csc);
  bf_warp *D = C;
  if (relay) {
    C->ins[C->n++] = flag(s, F + 0x100, true);
    R->ins[R->n++] = flag(s, F + 0x100, false);
    R->ins[R->n++] = fence(scope(s));
    D = R;
  }
  d = gen_access(s);
  d.addr = X;
  D->ins[D->n++] = d;
}

/* Lock sections on X: each warp maybe accesses X unlocked, then runs a section on lock L (or,
** for one warp in three, on L + 0x40) of a random scope, with or without each of its two fences
** (of the lock's scope or block scope), then maybe accesses X again; three warps get shorter
** sections (no unlocked accesses). */
static void gen_locks(uint64_t *s, bf_prog *p) {
  for (unsigned w = 0; w < p->nw; w++) {
    bf_warp *W = &p->w[w];
    bool three = p->nw == 3;
    unsigned sc = scope(s);
    uint64_t lw = pick(s, 3) ? L : L + 0x40;
    bf_instr d = gen_access(s);
    d.addr = X;
    if (!three && !pick(s, 3)) W->ins[W->n++] = d;
    W->ins[W->n++] = (bf_instr){.type = SCORD_EV_ATOM, .scope = (uint8_t)sc, .op = SCORD_OP_CAS, .lock_acq = true, .addr = lw, .sem = lock_sem(s, true)};
    if (pick(s, 4)) W->ins[W->n++] = fence(pick(s, 4) ? sc : SCORD_SCOPE_CTA);
    d = gen_access(s);
    d.addr = X;
    W->ins[W->n++] = d;
    if (!three && pick(s, 4)) W->ins[W->n++] = fence(pick(s, 4) ? sc : SCORD_SCOPE_CTA);
    W->ins[W->n++] = (bf_instr){.type = SCORD_EV_ATOM, .scope = (uint8_t)sc, .op = SCORD_OP_EXCH, .lock_rel = true, .addr = lw, .sem = lock_sem(s, false)};
    if (!three && W->n < BF_MAX_INS && !pick(s, 3)) {
      d = gen_access(s);
      d.addr = X;
      W->ins[W->n++] = d;
    }
  }
}

/* Program from seed: see the file's header. */
/* With --lanes (lane identity, v2.0): lane threads of one warp in every program. */
static bool g_lanes;

/* Two lane threads (distinct lanes) of warp (sm 0, warp 0), each 1 to 3 accesses, and in half
** the programs a syncwarp at a random place in both; in two thirds a third thread, a warp of the
** same block or of SM 1, with accesses and fences (lane threads hold no fences: brute.h). */
static void gen_lanes(uint64_t *s, bf_prog *p) {
  bool sync = pick(s, 2);
  unsigned la = pick(s, 32), lb;
  do lb = pick(s, 32); while (lb == la);
  p->nw = (uint8_t)(2 + (pick(s, 3) != 0));
  for (unsigned t = 0; t < 2; t++) {
    bf_warp *W = &p->w[t];
    W->lane = (uint8_t)(t ? lb : la);
    unsigned len = 1 + pick(s, 3), at = sync ? pick(s, len + 1) : BF_MAX_INS;
    for (unsigned i = 0; i < len; i++) {
      if (i == at) W->ins[W->n++] = (bf_instr){.type = SCORD_EV_SYNCWARP};
      W->ins[W->n++] = gen_access(s);
    }
    if (at == len) W->ins[W->n++] = (bf_instr){.type = SCORD_EV_SYNCWARP};
  }
  if (p->nw == 3) {
    bf_warp *W = &p->w[2];
    if (pick(s, 2)) W->warp = 1; else W->sm = 1;
    unsigned len = 1 + pick(s, 3);
    while (W->n < len) W->ins[W->n++] = pick(s, 3) ? gen_access(s) : fence(scope(s));
  }
}

static void gen_prog(uint64_t seed, bf_prog *p, bool *strong_ops) {
  static const uint16_t ids[4][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}}; /* (sm, warp), cta 0 */
  uint64_t s = seed;
  memset(p, 0, sizeof *p);
  *strong_ops = pick(&s, 4) != 0;
  if (g_lanes) {
    gen_lanes(&s, p);
    return;
  }
  p->nw = (uint8_t)(2 + pick(&s, 2));
  unsigned used = 0, budget = p->nw == 2 ? 10 : 9;
  unsigned family = pick(&s, 3); /* 0 random, 1 message passing, 2 lock sections */
  bool mp = family != 0;
  for (unsigned w = 0; w < p->nw; w++) {
    unsigned id;
    do id = pick(&s, 4); while (used & (1u << id));
    used |= 1u << id;
    bf_warp *W = &p->w[w];
    W->sm = ids[id][0];
    W->warp = ids[id][1];
    if (mp) continue;
    unsigned len = 1 + pick(&s, budget - (p->nw - 1 - w) < 5 ? budget - (p->nw - 1 - w) : 5);
    budget -= len;
    while (W->n < len) {
      unsigned room = len - W->n, k = pick(&s, 10);
      if (k < 3) {
        W->ins[W->n++] = fence(pick(&s, 2) ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA);
      } else if (k < 5 && room >= 3) {
        unsigned sc = pick(&s, 2) ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA;
        bf_instr acq = {.type = SCORD_EV_ATOM, .scope = (uint8_t)sc, .op = SCORD_OP_CAS, .lock_acq = true, .addr = L, .sem = lock_sem(&s, true)};
        bf_instr rel = {.type = SCORD_EV_ATOM, .scope = (uint8_t)sc, .op = SCORD_OP_EXCH, .lock_rel = true, .addr = L, .sem = lock_sem(&s, false)};
        W->ins[W->n++] = acq;
        if (room >= 4 && pick(&s, 3)) W->ins[W->n++] = fence(pick(&s, 3) ? sc : SCORD_SCOPE_CTA);
        W->ins[W->n++] = gen_access(&s);
        if (len - W->n >= 2 && pick(&s, 3)) W->ins[W->n++] = fence(pick(&s, 3) ? sc : SCORD_SCOPE_CTA);
        W->ins[W->n++] = rel;
      } else {
        W->ins[W->n++] = gen_access(&s);
      }
    }
  }
  if (family == 1) gen_mp(&s, p);
  if (family == 2) gen_locks(&s, p);
}

typedef struct ctx {
  const bf_prog *p;
  scord_params params;
  uint64_t seed;
  size_t racy, calm, failures, index;
  bool show;
} ctx;

static void print_stream(const bf_prog *p, const bf_step *st, size_t n) {
  for (size_t k = 0; k < n; k++) {
    scord_event ev = bf_event(p, st[k]);
    printf("    ");
    scord_event_write(stdout, &ev);
  }
}

static void print_keys(const char *who, const bf_key *k, size_t n) {
  printf("  %s:", who);
  if (!n) printf(" none");
  for (size_t i = 0; i < n; i++) printf(" 0x%" PRIx64 "@0x%" PRIx64, k[i].pc, k[i].addr);
  printf("\n");
}

/* Compare both oracles on one interleaving. */
static int visit(void *vc, const bf_step *st, size_t n) {
  ctx *c = vc;
  bf_key bk[BF_MAX_KEYS], ok[BF_MAX_KEYS];
  size_t nb = bf_judge(&c->params, c->p, st, n, bk), no = 0;
  scord_oracle *o = scord_oracle_new(&c->params);
  if (!o) {
    fprintf(stderr, "test_oracle_brute: out of memory\n");
    exit(2);
  }
  int rc = 0;
  for (size_t k = 0; k < n && !rc; k++) {
    scord_event ev = bf_event(c->p, st[k]);
    rc = scord_oracle_apply(o, &ev);
  }
  size_t nr;
  const scord_oracle_race *r = scord_oracle_races(o, &nr);
  for (size_t i = 0; i < nr && no < BF_MAX_KEYS; i++) ok[no++] = (bf_key){r[i].pc, r[i].addr};
  scord_oracle_free(o);
  bool same = rc == 0 && nb == no;
  for (size_t i = 0; i < nb && same; i++) {
    bool found = false;
    for (size_t j = 0; j < no && !found; j++) found = bk[i].pc == ok[j].pc && bk[i].addr == ok[j].addr;
    same = found;
  }
  if (nb) c->racy++; else c->calm++;
  if (!same || c->show) {
    printf("%s seed=%" PRIu64 " interleaving=%zu strong_ops=%d%s\n", same ? "show" : "FAIL", c->seed, c->index,
           (int)c->params.strong_ops, rc ? " (the trace oracle stopped)" : "");
    print_stream(c->p, st, n);
    print_keys("brute", bk, nb);
    print_keys("trace", ok, no);
  }
  if (!same) c->failures++;
  c->index++;
  return 0;
}

int main(int argc, char **argv) {
  uint64_t programs = 500, seed = 1;
  bool show = false;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--programs") && i + 1 < argc) programs = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--show")) show = true;
    else if (!strcmp(argv[i], "--v2")) g_v2 = true;
    else if (!strcmp(argv[i], "--lanes")) g_v2 = g_lanes = true;
    else {
      fprintf(stderr, "usage: test_oracle_brute [--programs N] [--seed S] [--v2] [--lanes] [--show]\n");
      return 2;
    }
  }
  size_t inter = 0, racy_progs = 0, mixed = 0, failures = 0, stuck = 0;
  for (uint64_t k = 0; k < programs; k++) {
    bf_prog p;
    bool strong_ops;
    gen_prog(seed + k, &p, &strong_ops);
    ctx c = {.p = &p, .seed = seed + k, .show = show};
    scord_params_default(&c.params);
    c.params.num_sms = 2;
    c.params.strong_ops = strong_ops;
    if (g_v2) {
      c.params.spec_version = 2;
      c.params.lane_ids = g_lanes;
    }
    char err[200];
    if (scord_params_finalize(&c.params, err, sizeof err)) {
      fprintf(stderr, "test_oracle_brute: %s\n", err);
      return 2;
    }
    size_t count;
    bf_enumerate(&p, 100000, &count, visit, &c);
    inter += count;
    stuck += count == 0;
    racy_progs += c.racy > 0;
    mixed += c.racy > 0 && c.calm > 0;
    failures += c.failures;
  }
  printf("brute: %" PRIu64 " programs from seed %" PRIu64 ", %zu interleavings, %zu racy programs, %zu whose "
         "verdict depends on the interleaving, %zu without a complete interleaving, %zu disagreements\n",
         programs, seed, inter, racy_progs, mixed, stuck, failures);
  return failures ? 1 : 0;
}
