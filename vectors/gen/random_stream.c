/*
** random_stream.c -- constrained-random event streams whose expected races come from the C
** reference model (random_stream.h).  The agents are 16 warps: SMs 0-3, CTA slots 0-1, two warps
** per CTA (warp slots 2*cta and 2*cta+1).  Addresses have locality: a few hot shared words, lock
** protected records, per-warp private words, mailboxes, counters, and some addresses outside the
** tracked window.
*/
#include "random_stream.h"

#include "scord/scord.h"
#include "scord/vecread.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NSM 4u
#define NCTA 2u
#define NWARP 2u
#define HEAP 0xC0000000ull

typedef struct rs {
  uint64_t rng;
  FILE *f;
  scord_system *sys;
  uint64_t n;
  struct rx { uint8_t type, kind; bool block; uint64_t addr, pc, count; } *ex;
  size_t nex, cap;
} rs;

static uint32_t rnd(rs *r, uint32_t n) {
  uint64_t z = (r->rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (uint32_t)((z ^ (z >> 31)) % n);
}

/* Apply one event to the model, write it, and collect the races it produced. */
static void emit(rs *r, scord_event *ev) {
  if (!ev->n) ev->n = 1;
  if (!ev->stride) ev->stride = 4;
  scord_event_write(r->f, ev);
  scord_system_apply(r->sys, ev);
  r->n++;
  scord_race x;
  while (scord_detector_pop_race(scord_system_detector(r->sys), &x)) {
    size_t i = 0;
    while (i < r->nex && !(r->ex[i].type == x.type && r->ex[i].addr == x.addr && r->ex[i].pc == x.pc &&
                           r->ex[i].kind == x.kind && r->ex[i].block == x.block_scope))
      i++;
    if (i == r->nex) {
      if (r->nex == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 256;
        void *p = realloc(r->ex, r->cap * sizeof *r->ex);
        if (!p) { fprintf(stderr, "scord-gen: out of memory\n"); exit(2); }
        r->ex = p;
      }
      r->ex[r->nex++] = (struct rx){x.type, x.kind, x.block_scope, x.addr, x.pc, 0};
    }
    r->ex[i].count++;
  }
}

static scord_event acc(uint8_t type, unsigned sm, unsigned cta, unsigned warp, uint64_t addr,
                       bool vol, unsigned n, uint64_t pc) {
  scord_event e;
  memset(&e, 0, sizeof e);
  e.type = type;
  e.sm = (uint16_t)sm;
  e.cta = (uint16_t)cta;
  e.warp = (uint16_t)warp;
  e.addr = addr;
  e.is_volatile = vol;
  e.n = (uint8_t)n;
  e.stride = 4;
  e.pc = pc;
  return e;
}

static void atom(rs *r, unsigned sm, unsigned cta, unsigned w, uint64_t addr, scord_atom_op op,
                 scord_scope sc, int64_t cmp, int64_t val, int64_t old, uint64_t pc) {
  scord_event e = acc(SCORD_EV_ATOM, sm, cta, w, addr, false, 1, pc);
  e.op = (uint8_t)op;
  e.scope = (uint8_t)sc;
  if (cmp >= 0) { e.has_cmp = true; e.cmp = (uint32_t)cmp; }
  if (val >= 0) { e.has_val = true; e.val = (uint32_t)val; }
  if (old >= 0) { e.has_old = true; e.old = (uint32_t)old; }
  emit(r, &e);
}

static void fence(rs *r, unsigned sm, unsigned cta, unsigned w, scord_scope sc, uint64_t pc) {
  scord_event e = acc(SCORD_EV_FENCE, sm, cta, w, 0, false, 1, pc);
  e.scope = (uint8_t)sc;
  emit(r, &e);
}

int random_stream(const char *path, uint64_t seed, uint64_t events, unsigned race_rate) {
  scord_params p;
  char err[256];
  scord_params_default(&p);
  /* the runner sizes its buffer so that a vector never overflows; pop after every event anyway */
  if (scord_params_set(&p, "race_buf_entries", "16777216", err, sizeof err) ||
      scord_params_finalize(&p, err, sizeof err)) {
    fprintf(stderr, "scord-gen: %s\n", err);
    return 2;
  }
  rs r;
  memset(&r, 0, sizeof r);
  r.rng = seed * 0xD1B54A32D192ED03ull + 99;
  r.f = fopen(path, "w");
  if (!r.f) { fprintf(stderr, "scord-gen: %s: %s\n", path, strerror(errno)); return 2; }
  r.sys = scord_system_new(&p, NULL);
  if (!r.sys) { fprintf(stderr, "scord-gen: out of memory\n"); fclose(r.f); return 2; }
  fprintf(r.f, "scord-vectors 1\n# scord-gen app=random seed=%llu events=%llu race-rate=%u: "
               "constrained-random stream; expect lines computed by the C reference model\n",
          (unsigned long long)seed, (unsigned long long)events, race_rate);
  const uint64_t HOT = HEAP + 0x100, REC = HEAP + 0x1000, LK = HEAP + 0x2000, BLK = HEAP + 0x2100,
                 BREC = HEAP + 0x3000, PRIV = HEAP + 0x10000, MBOX = HEAP + 0x20000,
                 CNT = HEAP + 0x30000, OUTSIDE = 0x10000000ull;
  while (r.n < events) {
    unsigned sm = rnd(&r, NSM), cta = rnd(&r, NCTA), w = cta * NWARP + rnd(&r, NWARP);
    unsigned gw = (sm * NCTA + cta) * NWARP + (w % NWARP);
    unsigned roll = rnd(&r, 100);
    if (roll < race_rate) {  /* a deliberately unsynchronized step */
      unsigned kind = rnd(&r, 4);
      if (kind < 2) {        /* access to a hot shared word */
        uint64_t a = HOT + 4ull * rnd(&r, 16);
        unsigned k = rnd(&r, 3);
        if (k == 2) atom(&r, sm, cta, w, a, SCORD_OP_ADD, rnd(&r, 2) ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA,
                         -1, 1, -1, 0x10);
        else {
          scord_event e = acc(k ? SCORD_EV_ST : SCORD_EV_LD, sm, cta, w, a, rnd(&r, 2), 1, 0x14 + 4 * k);
          emit(&r, &e);
        }
      } else if (kind == 2) { /* a lock-protected record touched without its lock */
        scord_event e = acc(rnd(&r, 2) ? SCORD_EV_ST : SCORD_EV_LD, sm, cta, w, REC + 0x40ull * rnd(&r, 4) + 4ull * rnd(&r, 4),
                            true, 1, 0x1c);
        emit(&r, &e);
      } else {               /* a broken lock episode: block scope on a device record, or a fence missing */
        unsigned l = rnd(&r, 4), bug = rnd(&r, 3);
        uint64_t lk = LK + 4ull * l, rec = REC + 0x40ull * l;
        scord_scope sc = bug == 0 ? SCORD_SCOPE_CTA : SCORD_SCOPE_GPU;
        atom(&r, sm, cta, w, lk, SCORD_OP_CAS, sc, 0, 1, 0, 0xa0);
        if (bug != 1) fence(&r, sm, cta, w, sc, 0xa4);
        scord_event e = acc(rnd(&r, 2) ? SCORD_EV_ST : SCORD_EV_LD, sm, cta, w, rec + 4ull * rnd(&r, 4), true,
                            1 + rnd(&r, 2), 0xa8);
        emit(&r, &e);
        if (bug != 2) fence(&r, sm, cta, w, sc, 0xac);
        atom(&r, sm, cta, w, lk, SCORD_OP_EXCH, sc, -1, 0, -1, 0xb0);
      }
      continue;
    }
    roll = rnd(&r, 1000);
    if (roll < 300) {        /* private words of this warp */
      scord_event e = acc(rnd(&r, 2) ? SCORD_EV_ST : SCORD_EV_LD, sm, cta, w,
                          PRIV + 0x100ull * gw + 4ull * rnd(&r, 8), rnd(&r, 2), 1 + rnd(&r, 8), 0x20);
      emit(&r, &e);
    } else if (roll < 550) { /* a lock episode: device lock on a shared record or block lock */
      bool dev = rnd(&r, 2);
      uint64_t lk = dev ? LK + 4ull * rnd(&r, 4) : BLK + 4ull * (sm * NCTA + cta);
      uint64_t rec = dev ? REC + 0x40ull * ((lk - LK) / 4) : BREC + 0x40ull * (sm * NCTA + cta);
      scord_scope sc = dev ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA;
      if (rnd(&r, 4) == 0) atom(&r, sm, cta, w, lk, SCORD_OP_CAS, sc, 0, 1, 1, 0x30); /* failed try */
      atom(&r, sm, cta, w, lk, SCORD_OP_CAS, sc, 0, 1, 0, 0x30);
      /* sometimes also take up to four other private locks: five held overflow the 4-entry table */
      unsigned extra = rnd(&r, 8) == 0 ? 1 + rnd(&r, 4) : 0;
      for (unsigned j = 0; j < extra; j++)
        atom(&r, sm, cta, w, PRIV + 0x100ull * gw + 0x80 + 4ull * j, SCORD_OP_CAS, SCORD_SCOPE_GPU, 0, 1, 0, 0x31);
      fence(&r, sm, cta, w, sc, 0x34);
      for (unsigned j = 0, m = 1 + rnd(&r, 3); j < m; j++) {
        scord_event e = acc(rnd(&r, 2) ? SCORD_EV_ST : SCORD_EV_LD, sm, cta, w, rec + 4ull * rnd(&r, 4),
                            true, 1 + rnd(&r, 2), 0x38 + 4 * j);
        emit(&r, &e);
      }
      fence(&r, sm, cta, w, sc, 0x48);
      atom(&r, sm, cta, w, lk, SCORD_OP_EXCH, sc, -1, 0, -1, 0x4c);
      for (unsigned j = 0; j < extra; j++)
        atom(&r, sm, cta, w, PRIV + 0x100ull * gw + 0x80 + 4ull * j, SCORD_OP_EXCH, SCORD_SCOPE_GPU, -1, 0, -1, 0x4d);
    } else if (roll < 700) { /* publish to this warp's mailbox, or consume someone's */
      if (rnd(&r, 2)) {
        scord_event e = acc(SCORD_EV_ST, sm, cta, w, MBOX + 4ull * gw, true, 1, 0x50);
        emit(&r, &e);
        fence(&r, sm, cta, w, rnd(&r, 3) ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA, 0x54);
      } else {
        scord_event e = acc(SCORD_EV_LD, sm, cta, w, MBOX + 4ull * rnd(&r, NSM * NCTA * NWARP), true, 1, 0x58);
        emit(&r, &e);
        fence(&r, sm, cta, w, SCORD_SCOPE_GPU, 0x5c);
      }
    } else if (roll < 800) { /* counters: device atomics, some block-scope on per-CTA counters */
      if (rnd(&r, 2)) atom(&r, sm, cta, w, CNT, SCORD_OP_ADD, SCORD_SCOPE_GPU, -1, 1, -1, 0x60);
      else atom(&r, sm, cta, w, CNT + 4ull * (1 + sm * NCTA + cta), SCORD_OP_INC, SCORD_SCOPE_CTA, -1, 100, -1, 0x64);
    } else if (roll < 900) { /* read-only or outside-window traffic */
      scord_event e = acc(SCORD_EV_LD, sm, cta, w, rnd(&r, 2) ? OUTSIDE + 4ull * rnd(&r, 64) : HEAP + 0x40000 + 4ull * rnd(&r, 256),
                          false, 1 + rnd(&r, 32), 0x70);
      emit(&r, &e);
    } else if (roll < 960) { fence(&r, sm, cta, w, rnd(&r, 2) ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA, 0x80);
    } else if (roll < 990) {
      scord_event e = acc(SCORD_EV_BAR, sm, cta, 0, 0, false, 1, 0x90);
      emit(&r, &e);
    } else if (roll < 999) { /* a new CTA in this slot: its warps' lock tables are cleared */
      scord_event e = acc(SCORD_EV_CTA, sm, cta, 0, 0, false, 1, 0);
      e.first_warp = (uint16_t)(cta * NWARP);
      e.warps = NWARP;
      emit(&r, &e);
    } else {
      scord_event e = acc(SCORD_EV_KERNEL, 0, 0, 0, 0, false, 1, 0);
      emit(&r, &e);
    }
  }
  uint64_t total = 0;
  for (size_t i = 0; i < r.nex; i++) total += r.ex[i].count;
  fprintf(r.f, "# reference model: %llu race record(s)\n", (unsigned long long)total);
  for (size_t i = 0; i < r.nex; i++) {
    fprintf(r.f, "expect type=%s addr=0x%llx pc=0x%llx kind=%s scope=%s", scord_race_type_name[r.ex[i].type],
            (unsigned long long)r.ex[i].addr, (unsigned long long)r.ex[i].pc, scord_kind_name[r.ex[i].kind],
            r.ex[i].block ? "block" : "device");
    if (r.ex[i].count > 1) fprintf(r.f, " count=%llu", (unsigned long long)r.ex[i].count);
    fputc('\n', r.f);
  }
  int bad = ferror(r.f) != 0;
  bad |= fclose(r.f) != 0;
  scord_system_free(r.sys);
  free(r.ex);
  if (bad) { fprintf(stderr, "scord-gen: %s: write error\n", path); return 2; }
  return 0;
}
