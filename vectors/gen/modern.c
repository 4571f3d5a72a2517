/*
** modern.c -- scord-gen-modern: two workloads in the style of code written for PTX 6.0 and
** independent thread scheduling, as vector files of format 2 (docs/spec/vectors.md) for the
** v2.0 detector (docs/spec/detector-v2.md) and as kernel traces for the TLM (docs/trace-format.md):
**
**   scord-gen-modern app=workq|wreduce [--inject=SW[,SW...]|all] [--seed=N]
**                    [--size=small|large|paper] [--out-vec=FILE] [--out-trace=FILE]
**   scord-gen-modern --list
**
** At least one of --out-vec and --out-trace.  The trace is the same program (same switches,
** sizes and seed) for scord-sim at spec_version=2 (its `config` line): each warp's stream in
** program order; the producer's st.release of a ready flag carries `signal=` and the consumer's
** ld.acquire of it polls with `spin=`, so every replay keeps the hand-off; the failed polls of the
** vector file's interleaving are left to the TLM's timing.  It has no lanes (the TLM's accesses
** are warp-granular): the intra-warp races of wreduce's no-syncwarp switches are not in it.
**
**   workq    a work queue: producer warps fill items (all lanes), __syncwarp, and lane 0 publishes
**            each with st.release.gpu of its ready flag; consumer warps claim items with
**            atom.add.acq_rel.gpu on a head counter, lane 0 waits on the flag with ld.acquire.gpu,
**            __syncwarp, and the lanes read the item (weak loads).
**   wreduce  a warp-synchronous tree reduction in shared-memory style: 32 lanes store, then five
**            steps of "lanes below off add the value of lane + off", each after __syncwarp; lane 0
**            stores the warp's partial; after a block barrier warp 0 sums the partials and adds
**            them to a global total with a relaxed atomic.
**
** Each program is correctly synchronised by default; each switch injects one bug.  Unlike
** scord-gen the streams carry no expect lines: the truth is the oracle's (scord-accuracy
** --truth=2), and the checks (vectors/gen/CMakeLists.txt, the gen/modern tests) require the race-free
** stream to give no oracle race and each switch at least one.  One seeded interleaving per run
** (the same arguments give the same bytes).  Bad arguments exit 2 with a message.
*/
#include "scord/scord.h"
#include "scord/vecread.h"
#include "trace_buf.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NSM 15u    /* the default configuration (detector.md section 1) */
#define NCTA 8u
#define NWARP 32u
#define HEAP 0xC0000000ull

/* The run: outputs, schedule and event defaults. */
typedef struct mg {
  FILE *f;         /* vector file, or NULL */
  FILE *trace;     /* kernel trace, or NULL */
  uint64_t rng;
  unsigned grid, warps;  /* CTAs and warps per CTA of the current program */
  gen_tbuf *tl;    /* trace lines of warp (c, w) at [c * warps + w] (with a trace) */
  bool vec_only;   /* the events written now are failed polls: the trace's spin makes its own */
} mg;

/* splitmix64: uniform in [0, n), n >= 1, deterministic for a seed. */
static uint32_t mg_rand(mg *m, uint32_t n) {
  uint64_t z = (m->rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (uint32_t)(z % n);
}

/* Start the program: grid CTAs of warps warps (the trace's kernel shape). */
static void mg_kernel(mg *m, unsigned grid, unsigned warps) {
  m->grid = grid;
  m->warps = warps;
  if (m->trace && !(m->tl = calloc((size_t)grid * warps, sizeof *m->tl))) abort();
}

/* Append one line (printf format) to warp (c, w)'s trace, if there is one. */
static void mg_tline(mg *m, unsigned c, unsigned w, const char *fmt, ...) {
  if (!m->tl || m->vec_only) return;
  char t[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t, sizeof t, fmt, ap);
  va_end(ap);
  gen_tbuf_line(&m->tl[c * m->warps + w], t);
}

/* The trace line of event e of warp (c, w) (docs/trace-format.md), `extra` (may be "") before its
** pc; a bar goes to every warp of the CTA.  Lanes are not in the trace: e->lane is always 0 here. */
static void mg_trace(mg *m, const scord_event *e, unsigned c, unsigned w, const char *extra) {
  char sem[48] = "";
  if (e->sem && e->type != SCORD_EV_ATOM)
    snprintf(sem, sizeof sem, " sem=%s scope=%s", scord_sem_name[e->sem], scord_scope_name[e->scope]);
  else if (e->sem)
    snprintf(sem, sizeof sem, " sem=%s", scord_sem_name[e->sem]);
  unsigned long long a = e->addr, pc = e->pc;
  switch (e->type) {
  case SCORD_EV_LD:
  case SCORD_EV_ST:
    mg_tline(m, c, w, "%s addr=0x%llx n=%u%s%s pc=0x%llx", e->type == SCORD_EV_LD ? "ld" : "st", a, e->n, sem, extra, pc);
    break;
  case SCORD_EV_ATOM:
    mg_tline(m, c, w, "atom op=%s scope=%s%s addr=0x%llx val=%u%s pc=0x%llx", scord_op_name[e->op],
             scord_scope_name[e->scope], sem, a, e->val, extra, pc);
    break;
  case SCORD_EV_SYNCWARP: mg_tline(m, c, w, "syncwarp%s pc=0x%llx", extra, pc); break;
  case SCORD_EV_BAR:
    for (unsigned k = 0; k < m->warps; k++) mg_tline(m, c, k, "bar%s pc=0x%llx", extra, pc);
    break;
  default: abort();  /* the programs make no other event */
  }
}

/* One event of logical CTA c, warp w (hardware: sm = c mod 15, slot = c / 15, warp slot = slot *
** warps + w), written at once to the vector file and to the warp's trace (with `extra`). */
static void mg_ev(mg *m, scord_event *e, unsigned c, unsigned w, const char *extra) {
  e->sm = (uint16_t)(c % NSM);
  e->cta = (uint16_t)(c / NSM);
  e->warp = (uint16_t)(e->cta * m->warps + w);
  if (!e->n) e->n = 1;
  if (!e->stride) e->stride = 4;
  if (m->f) scord_event_write(m->f, e);
  mg_trace(m, e, c, w, extra);
}

static void mg_acc(mg *m, int type, unsigned c, unsigned w, uint64_t addr, unsigned n, unsigned lane,
                   int sem, int scope, uint64_t pc, const char *extra) {
  scord_event e = {.type = (uint8_t)type, .addr = addr, .n = (uint8_t)n, .lane = (uint8_t)lane,
                   .sem = (uint8_t)sem, .scope = (uint8_t)scope, .pc = pc};
  mg_ev(m, &e, c, w, extra);
}

static void mg_atom(mg *m, unsigned c, unsigned w, uint64_t addr, scord_atom_op op, int sem, int scope,
                    uint64_t pc) {
  scord_event e = {.type = SCORD_EV_ATOM, .addr = addr, .op = (uint8_t)op, .sem = (uint8_t)sem,
                   .scope = (uint8_t)scope, .has_val = true, .val = 1, .pc = pc};
  mg_ev(m, &e, c, w, "");
}

static void mg_syncwarp(mg *m, unsigned c, unsigned w, uint64_t pc) {
  scord_event e = {.type = SCORD_EV_SYNCWARP, .pc = pc};
  mg_ev(m, &e, c, w, "");
}

/* ---------------------------------------------------------------------------------- workq */

enum { WQ_RELAXED_FLAG = 1, WQ_CTA_ACQUIRE = 2, WQ_NO_ACQUIRE = 4 };

/* Producers: warp 0 of each CTA fills items c, c+G, ... and publishes each. Consumers: the other
** warps claim the next item, wait until it is published, read it and store the result. */
static void workq(mg *m, unsigned inj, int size) {
  static const unsigned grids[] = {4, 30, 120}, items[] = {16, 240, 1920}, lanes[] = {8, 32, 32};
  unsigned G = grids[size], N = items[size], L = lanes[size];
  mg_kernel(m, G, 4);
  const uint64_t HEAD = HEAP, FLAG = HEAP + 0x1000, DATA = HEAP + 0x100000, RES = HEAP + 0x800000;
  unsigned *made = calloc(G, sizeof *made);           /* items published by producer c */
  int *claim = malloc(G * m->warps * sizeof *claim);   /* consumer's item, -1 none */
  bool *pub = calloc(N, sizeof *pub);
  if (!made || !claim || !pub) abort();
  for (unsigned i = 0; i < G * m->warps; i++) claim[i] = -1;
  unsigned head = 0, done = 0;
  int flag_sem = inj & WQ_RELAXED_FLAG ? SCORD_SEM_RELAXED : SCORD_SEM_RELEASE;
  int acq_sem = inj & WQ_NO_ACQUIRE ? SCORD_SEM_RELAXED : SCORD_SEM_ACQUIRE;
  int acq_scope = inj & WQ_CTA_ACQUIRE ? SCORD_SCOPE_CTA : SCORD_SCOPE_GPU;
  while (done < N) {
    /* a runnable warp: a producer with items left, or a consumer that can claim or whose item is
    ** published */
    unsigned i = mg_rand(m, G * m->warps), c = i / m->warps, w = i % m->warps;
    if (w == 0) {
      unsigned k = c + made[c] * G;
      if (k >= N) continue;
      mg_acc(m, SCORD_EV_ST, c, 0, DATA + (uint64_t)k * 128, L, 0, 0, 0, 0x100, "");
      mg_syncwarp(m, c, 0, 0x104); /* the lanes' stores before lane 0's release */
      mg_acc(m, SCORD_EV_ST, c, 0, FLAG + 4ull * k, 1, 0, flag_sem, SCORD_SCOPE_GPU, 0x108, "");
      if (m->tl) gen_tbuf_signal(&m->tl[c * m->warps], k); /* counter k counts this publication */
      pub[k] = true;
      made[c]++;
    } else if (claim[i] < 0) {
      if (head >= N) continue;
      mg_atom(m, c, w, HEAD, SCORD_OP_ADD, SCORD_SEM_ACQ_REL, SCORD_SCOPE_GPU, 0x200);
      claim[i] = (int)head++;
    } else if (!pub[claim[i]]) {
      /* one failed poll of the flag (the trace's poll makes as many as its timing gives) */
      m->vec_only = true;
      mg_acc(m, SCORD_EV_LD, c, w, FLAG + 4ull * (unsigned)claim[i], 1, 0, acq_sem, acq_scope, 0x208, "");
      m->vec_only = false;
    } else {
      unsigned k = (unsigned)claim[i];
      char spin[32];
      snprintf(spin, sizeof spin, " spin=%u", k); /* polls until its producer has published it */
      mg_acc(m, SCORD_EV_LD, c, w, FLAG + 4ull * k, 1, 0, acq_sem, acq_scope, 0x208, spin);
      mg_syncwarp(m, c, w, 0x20c); /* lane 0's acquire before the lanes' loads */
      mg_acc(m, SCORD_EV_LD, c, w, DATA + (uint64_t)k * 128, L, 0, 0, 0, 0x210, "");
      mg_acc(m, SCORD_EV_ST, c, w, RES + (uint64_t)k * 128, L, 0, 0, 0, 0x218, "");
      claim[i] = -1;
      done++;
    }
  }
  if (m->f) fprintf(m->f, "# workq: %u items, %u CTAs of %u warps\n", N, G, m->warps);
  free(made);
  free(claim);
  free(pub);
}

/* -------------------------------------------------------------------------------- wreduce */

enum { WR_NO_SYNCWARP_LAST = 1, WR_NO_SYNCWARP = 2, WR_NO_BAR = 4 };

/* Every warp runs its lane tree; the warps of a CTA interleave step by step (seeded); warp 0 then
** sums the CTA's partials after the barrier. */
static void wreduce(mg *m, unsigned inj, int size) {
  static const unsigned grids[] = {2, 30, 120};
  unsigned G = grids[size];
  mg_kernel(m, G, 4);
  const uint64_t SM = HEAP, PART = HEAP + 0x400000, TOTAL = HEAP + 0x800000;
  for (unsigned c = 0; c < G; c++) {
    unsigned step[4] = {0};  /* 0: store lanes; 1..5: tree steps; 6: partial stored */
    unsigned left = m->warps;
    while (left) {
      unsigned w = mg_rand(m, m->warps);
      if (step[w] == 6) continue;
      uint64_t s = SM + ((uint64_t)c * m->warps + w) * 128; /* the warp's 32 words */
      if (step[w] == 0) {
        mg_acc(m, SCORD_EV_ST, c, w, s, 32, 0, 0, 0, 0x300, "");
      } else if (step[w] <= 5) {
        unsigned off = 32u >> step[w];
        bool sync = !(inj & WR_NO_SYNCWARP) && !(off == 1 && (inj & WR_NO_SYNCWARP_LAST));
        if (sync) mg_syncwarp(m, c, w, 0x304);
        mg_acc(m, SCORD_EV_LD, c, w, s + 4ull * off, off, 0, 0, 0, 0x308, ""); /* lanes < off read lane + off */
        mg_acc(m, SCORD_EV_ST, c, w, s, off, 0, 0, 0, 0x30c, "");
      } else {
        continue;
      }
      if (++step[w] == 6) {
        mg_acc(m, SCORD_EV_ST, c, w, PART + ((uint64_t)c * m->warps + w) * 4, 1, 0, 0, 0, 0x310, "");
        left--;
      }
    }
    if (!(inj & WR_NO_BAR)) {
      scord_event e = {.type = SCORD_EV_BAR, .pc = 0x314};
      mg_ev(m, &e, c, 0, "");
    }
    mg_acc(m, SCORD_EV_LD, c, 0, PART + (uint64_t)c * m->warps * 4, m->warps, 0, 0, 0, 0x318, "");
    mg_atom(m, c, 0, TOTAL, SCORD_OP_ADD, SCORD_SEM_RELAXED, SCORD_SCOPE_GPU, 0x31c);
  }
  if (m->f) fprintf(m->f, "# wreduce: %u CTAs of %u warps\n", G, m->warps);
}

/* ------------------------------------------------------------------------------ commands */

typedef struct mapp {
  const char *name, *doc;
  const char *sw[3], *swdoc[3];
  void (*run)(mg *, unsigned, int);
} mapp;

static const mapp apps[] = {
    {"workq", "work queue: st.release ready flags, atom.add.acq_rel claims, ld.acquire polls",
     {"relaxed-flag", "cta-acquire", "no-acquire"},
     {"the producer publishes with st.relaxed: item data races (dev_fence)",
      "the consumer polls with ld.acquire.cta: the flag and the data race across blocks",
      "the consumer polls with ld.relaxed: item data races (strong)"},
     workq},
    {"wreduce", "warp-synchronous tree reduction with __syncwarp, then a block barrier",
     {"no-syncwarp-last", "no-syncwarp", "no-bar"},
     {"the last step's __syncwarp is left out: lane 0 reads lane 1's word unsynchronised",
      "every __syncwarp is left out: each step's reads race with the lanes' stores",
      "the block barrier is left out: warp 0 reads the other warps' partials unsynchronised"},
     wreduce},
};
#define NAPPS (sizeof apps / sizeof apps[0])

static void usage(FILE *f) {
  fputs("usage: scord-gen-modern app=workq|wreduce [--inject=SW[,SW...]|all] [--seed=N]\n"
        "                        [--size=small|large|paper] [--out-vec=FILE] [--out-trace=FILE]\n"
        "       scord-gen-modern --list\n",
        f);
}

int main(int argc, char **argv) {
  const char *app = NULL, *inject = NULL, *out = NULL, *out_trace = NULL;
  uint64_t seed = 1;
  int size = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--list")) {
      for (unsigned k = 0; k < NAPPS; k++) {
        printf("%s: %s\n", apps[k].name, apps[k].doc);
        for (unsigned s = 0; s < 3; s++) printf("  --inject=%s: %s\n", apps[k].sw[s], apps[k].swdoc[s]);
      }
      return 0;
    } else if (!strncmp(a, "app=", 4)) app = a + 4;
    else if (!strncmp(a, "--inject=", 9)) inject = a + 9;
    else if (!strncmp(a, "--out-vec=", 10)) out = a + 10;
    else if (!strncmp(a, "--out-trace=", 12)) out_trace = a + 12;
    else if (!strncmp(a, "--seed=", 7)) {
      if (scord_arg_u64("scord-gen-modern", "--seed", a + 7, 0, UINT64_MAX, &seed)) return 2;
    } else if (!strncmp(a, "--size=", 7)) {
      static const char *const sizes[] = {"small", "large", "paper"};
      size = -1;
      for (int k = 0; k < 3; k++)
        if (!strcmp(a + 7, sizes[k])) size = k;
      if (size < 0) {
        fprintf(stderr, "scord-gen-modern: --size: '%s' is not small, large or paper\n", a + 7);
        return 2;
      }
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    } else {
      fprintf(stderr, "scord-gen-modern: unknown argument '%s'\n", a);
      usage(stderr);
      return 2;
    }
  }
  const mapp *d = NULL;
  for (unsigned k = 0; app && k < NAPPS; k++)
    if (!strcmp(apps[k].name, app)) d = &apps[k];
  if (!d || (!out && !out_trace)) {
    fprintf(stderr, "scord-gen-modern: %s\n", !app ? "app=NAME is required"
                                              : !d  ? "unknown app (see --list)"
                                                    : "--out-vec=FILE or --out-trace=FILE is required");
    return 2;
  }
  unsigned inj = 0;
  for (const char *p = inject; p && *p;) {
    size_t n = strcspn(p, ",");
    unsigned s = 0;
    if (n == 3 && !strncmp(p, "all", 3)) inj = 7, s = 0;
    else {
      while (s < 3 && !(strlen(d->sw[s]) == n && !strncmp(d->sw[s], p, n))) s++;
      if (s == 3) {
        fprintf(stderr, "scord-gen-modern: app %s has no switch '%.*s' (see --list)\n", d->name, (int)n, p);
        return 2;
      }
      inj |= 1u << s;
    }
    p += n + (p[n] == ',');
  }
  FILE *f = NULL, *t = NULL;
  if ((out && !(f = fopen(out, "w"))) || (out_trace && !(t = fopen(out_trace, "w")))) {
    fprintf(stderr, "scord-gen-modern: cannot write '%s'\n", out && !f ? out : out_trace);
    if (f) fclose(f);
    return 2;
  }
  mg m = {.f = f, .trace = t, .rng = seed};
  static const char *const size_name[] = {"small", "large", "paper"};
  const char *inj_name = inject ? inject : "none";
  if (f)
    fprintf(f, "scord-vectors 2\n# scord-gen-modern app=%s inject=%s seed=%" PRIu64 " size=%s\n"
               "config spec_version=2\n", d->name, inj_name, seed, size_name[size]);
  if (t)  /* the v2.0 rules: its sem= and syncwarp need them (docs/trace-format.md) */
    fprintf(t, "scord-trace 1\n# scord-gen-modern app=%s inject=%s seed=%" PRIu64 " size=%s\n"
               "config spec_version=2\n", d->name, inj_name, seed, size_name[size]);
  d->run(&m, inj, size);
  if (t) gen_tbuf_kernel(t, d->name, m.grid, m.warps, m.tl, m.warps);
  free(m.tl);
  int bad = 0;
  if (f && fclose(f) != 0) bad = fprintf(stderr, "scord-gen-modern: error writing '%s'\n", out);
  if (t && fclose(t) != 0) bad = fprintf(stderr, "scord-gen-modern: error writing '%s'\n", out_trace);
  return bad ? 2 : 0;
}
