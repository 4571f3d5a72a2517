/*
** apps.c -- the seven ScoR applications (paper Table II, Section III) as generators of one seeded
** interleaving each.  Each application is a set of per-warp state machines; the loop picks a
** runnable warp at random (gen_pick) and lets it issue its next instruction (or one short group).
** Shared data live in prediction regions (gen.h): lock words, counters and other atomic-only words
** in GEN_ATOMW regions, everything loaded and stored in GEN_ORACLE regions, so every access that
** can race has its expected race declared.  Read-only inputs and private data lie outside regions.
*/
#include "apps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXW ((int)(GEN_MAX_CTAS * GEN_MAX_WARPS))
#define WI(c, w) ((c) * GEN_MAX_WARPS + (w))
#define DONE_ST 999

/* A spin lock as the program sees it: who holds it, how many releases so far (for the trace's
** wait counts), and how many failed compare-and-swaps each waiting warp has issued. */
typedef struct slock { uint64_t addr; int holder; uint64_t rel; } slock;

static void sl_init(slock *l, uint64_t addr) { l->addr = addr; l->holder = -1; l->rel = 0; }

/* Can warp i make progress on lock l (take it, or spin once more)? */
static bool sl_can(const slock *l, const unsigned *fails, int i) { return l->holder < 0 || fails[i] < 2; }

/* Try to take l: on success emit cas 0->1 returning 0 and the acquire fence (unless skip);
** otherwise emit one failed cas (returned 1), an ordinary atomic.  In the trace the successful
** cas polls until the lock's release counter reaches the releases before it (gen_spin): the
** failed tries, as many as the simulated timing gives, are the TLM's; the ones this interleaving
** made go to the vector file only. */
static bool sl_try(gen *g, slock *l, unsigned *fails, unsigned c, unsigned w, int ascope, int fscope,
                   bool skip, uint64_t pc) {
  if (l->holder < 0) {
    gen_spin(g, c, w, l->addr, l->rel, 1);
    gen_acquire(g, c, w, l->addr, ascope, fscope, skip, pc);
    l->holder = WI(c, w);
    fails[WI(c, w)] = 0;
    return true;
  }
  g->vec_only = true;
  gen_atom(g, c, w, l->addr, 1, "cas", ascope, 0, 1, 1, pc);
  g->vec_only = false;
  fails[WI(c, w)]++;
  return false;
}

static void sl_release(gen *g, slock *l, unsigned c, unsigned w, int ascope, int fscope, bool skip,
                       uint64_t pc) {
  gen_release(g, c, w, l->addr, ascope, fscope, skip, pc);
  l->rel++;
  gen_signal(g, c, w, l->addr);
  l->holder = -1;
}

/* Barrier bookkeeping: warps at the barrier are not runnable; once all warps of a CTA are there the
** barrier completes (gen_bar) and they move to `next` state. */
typedef struct barrier { unsigned at[GEN_MAX_CTAS]; } barrier;

static void bar_arrive(barrier *b, int *st, unsigned c, unsigned w, int wait_state) {
  st[WI(c, w)] = wait_state;
  b->at[c]++;
}

static void bar_check(gen *g, barrier *b, int *st, unsigned c, unsigned warps, int wait_state,
                      int next, uint64_t pc) {
  if (b->at[c] < warps) return;
  for (unsigned w = 0; w < warps; w++)
    if (st[WI(c, w)] != wait_state) return;
  gen_bar(g, c, pc);
  b->at[c] = 0;
  for (unsigned w = 0; w < warps; w++) st[WI(c, w)] = next;
}

/* ============================================================================================
** MM: matrix multiplication with split K.  Block b computes a partial product of tile t = b mod T;
** its warps accumulate into the block's partial P[b] under a block-scope lock BL[b]; after a
** barrier, warp 0 adds P[b] into C[t] under a device-scope lock DL[t] (Figure 5 pattern).
*/
static const app_switch mm_sw[] = {
  {"c-lock-atom", "C's lock built from block-scope cas/exch (fences gpu): scoped_atomic on DL[t] at "
                  "the cas (pc 0x140) and lock_load on C[t] (pc 0x150) at each cross-block hand-off",
   "scoped_atomic@0x140 scoped_atomic@0x15c lock_load@0x150"},
  {"c-lock-fence", "C's lock uses block fences (cas/exch gpu): the device entry is never activated and "
                   "the release is not visible to other blocks: dev_fence on C[t] (pc 0x150)",
   "dev_fence@0x150"},
  {"p-rel-fence", "odd warps release P's block lock without the fence before the exchange: "
                  "blk_fence on P[b] at the next holder's load (pc 0x120)",
   "blk_fence@0x120"},
};

/* Paper size (Table II: 800x500 times 500x30): C is 25 row tiles of 32x30; K = 500 is split into
** 4 chunks of 125, one block per (tile, chunk), 100 blocks.  Each warp takes a quarter of its
** block's K chunk: it loads its 32 A-row segments and B rows into registers (through shared memory:
** one alu each), multiplies (32x30 outputs x its k's / 32 lanes FMAs), then adds its 32x30 partial
** into P[b] row by row under the block lock; warp 0 adds P[b] into C[t] under the device lock. */
static void mm_paper_compute(gen *g, unsigned c, unsigned w, uint64_t A, uint64_t B, unsigned t,
                             unsigned k0, unsigned nk) {
  for (unsigned r = 0; r < 32; r++) {   /* A rows of the tile, the warp's k's */
    gen_ldr(g, c, w, A + 4ull * ((t * 32 + r) * 500 + k0), nk, false, 0x100, (int)(1 + r % 8), 0);
    if (r % 8 == 7) gen_alu(g, c, w, 8, 0x1FEull, 0x102);  /* to shared memory */
  }
  for (unsigned k = 0; k < nk; k++) {   /* B rows k0..k0+nk-1, 30 columns */
    gen_ldr(g, c, w, B + 4ull * ((k0 + k) * 30), 30, false, 0x104, (int)(9 + k % 8), 0);
    if (k % 8 == 7 || k == nk - 1) gen_alu(g, c, w, 8, 0x1FE00ull, 0x106);
  }
  gen_alu(g, c, w, 32 * 30 * nk / 32 * 2, 0, 0x108);  /* FMA and shared-memory load per output */
}

static void mm_run(gen *g, unsigned inj, int size) {
  const bool large = size == GEN_LARGE, paper = size == GEN_PAPER;
  const unsigned G = paper ? 100 : large ? 32 : 4, W = 4, T = paper ? 25 : large ? 8 : 2,
                 PW = paper ? 30 : large ? 8 : 4, TW = paper ? 30 : large ? 32 : 8;
  const unsigned K = large ? 8 : 1;  /* kernels: each one a fresh launch (metadata reset) */
  const unsigned ROWS = paper ? 32 : 1, STRIDE = paper ? 0x1000 : 0x100;  /* rows of P[b], C[t] */
  const uint64_t A = paper ? 0xC1000000 : 0xC0100000, B = paper ? 0xC1200000 : 0xC0200000,
                 P = paper ? 0xC1300000 : 0xC0300000, C = paper ? 0xC1400000 : 0xC0400000,
                 BL = paper ? 0xC1500000 : 0xC0500000, DL = BL + 0x800;
  const int das = (inj & 1) ? GS_CTA : GS_GPU, dfs = (inj & 2) ? GS_CTA : GS_GPU;
  for (unsigned k = 0; k < K; k++) {
    gen_kernel(g, "mm", G, W);
    gen_region(g, P, P + G * (uint64_t)STRIDE, GEN_ORACLE);
    gen_region(g, C, C + T * (uint64_t)STRIDE, GEN_ORACLE);
    gen_region(g, BL, BL + G * 4ull, GEN_ATOMW);
    gen_region(g, DL, DL + T * 4ull, GEN_ATOMW);
    slock bl[GEN_MAX_CTAS], dl[64];
    int st[MAXW];
    unsigned fails[MAXW], row[MAXW];
    bool ok[MAXW];
    barrier bar;
    memset(&bar, 0, sizeof bar);
    memset(fails, 0, sizeof fails);
    memset(row, 0, sizeof row);
    for (unsigned c = 0; c < G; c++) sl_init(&bl[c], BL + 4ull * c);
    for (unsigned t = 0; t < T; t++) sl_init(&dl[t], DL + 4ull * t);
    for (int i = 0; i < MAXW; i++) st[i] = DONE_ST;
    for (unsigned c = 0; c < G; c++)
      for (unsigned w = 0; w < W; w++) st[WI(c, w)] = 0;
    for (;;) {
      for (int i = 0; i < MAXW; i++) {
        unsigned c = (unsigned)i / GEN_MAX_WARPS;
        ok[i] = st[i] != DONE_ST && st[i] != 5;
        if (st[i] == 1) ok[i] = sl_can(&bl[c], fails, i);
        if (st[i] == 7) ok[i] = sl_can(&dl[c % T], fails, i);
      }
      int i = gen_pick(g, ok, MAXW);
      if (i < 0) break;
      unsigned c = (unsigned)i / GEN_MAX_WARPS, w = (unsigned)i % GEN_MAX_WARPS, t = c % T;
      uint64_t pb = P + (uint64_t)STRIDE * c, ct = C + (uint64_t)STRIDE * t;
      bool skip_rel = (inj & 4) && (w & 1);
      switch (st[i]) {
      case 0:  /* this warp's rows of A and a column block of B: read-only, plain */
        if (paper) {
          unsigned k0 = (c / T) * 125 + w * 32, nk = w == 3 ? 125 - 96 : 32;
          mm_paper_compute(g, c, w, A, B, t, k0, nk);
        } else {
          gen_ld(g, c, w, A + 128ull * (c * W + w), 32, false, 0x100);
          gen_ld(g, c, w, B + 128ull * w, 32, false, 0x104);
        }
        st[i] = 1;
        break;
      case 1: if (sl_try(g, &bl[c], fails, c, w, GS_CTA, GS_CTA, false, 0x110)) st[i] = 2; break;
      case 2:
        if (paper) {  /* one row of P[b]: load, add, store */
          gen_ldr(g, c, w, pb + 128ull * row[i], PW, true, 0x120, 1, 0);
          gen_alu(g, c, w, 1, 1ull << 1, 0x122);
          gen_str(g, c, w, pb + 128ull * row[i], PW, true, 0x124, 1ull << 1);
          if (++row[i] == ROWS) { row[i] = 0; st[i] = 4; }
          break;
        }
        gen_ld(g, c, w, pb, PW, true, 0x120); st[i] = 3; break;
      case 3: gen_st(g, c, w, pb, PW, true, 0x124); st[i] = 4; break;
      case 4:
        sl_release(g, &bl[c], c, w, GS_CTA, GS_CTA, skip_rel, 0x128);
        bar_arrive(&bar, st, c, w, 5);
        bar_check(g, &bar, st, c, W, 5, 6, 0x130);
        break;
      case 6:
        if (w != 0) { st[i] = DONE_ST; break; }
        if (paper) {  /* P[b] into registers 1..32 (wraps at 8: alu consumes in batches) */
          for (unsigned r = 0; r < ROWS; r++) gen_ldr(g, c, w, pb + 128ull * r, PW, true, 0x134, (int)(1 + r % 8), 0);
        } else gen_ld(g, c, w, pb, PW, true, 0x134);
        st[i] = 7;
        break;
      case 7: if (sl_try(g, &dl[t], fails, c, w, das, dfs, false, 0x140)) st[i] = 8; break;
      case 8:
        if (paper) {
          gen_ldr(g, c, w, ct + 128ull * row[i], TW, true, 0x150, 9, 0);
          gen_alu(g, c, w, 1, 1ull << 9 | 1ull << (1 + row[i] % 8), 0x152);
          gen_str(g, c, w, ct + 128ull * row[i], TW, true, 0x154, 1ull << 9);
          if (++row[i] == ROWS) st[i] = 10;
          break;
        }
        gen_ld(g, c, w, ct, TW, true, 0x150); st[i] = 9; break;
      case 9: gen_st(g, c, w, ct, TW, true, 0x154); st[i] = 10; break;
      case 10: sl_release(g, &dl[t], c, w, das, dfs, false, 0x158); st[i] = DONE_ST; break;
      }
    }
  }
}

/* ============================================================================================
** RED: reduction (Figure 4).  Inside a block, warps combine partial sums through a tree: the
** producer stores its partial, block fence, sets its flag with a block-scope atomic; the consumer
** polls the flag, block fence, loads the partial.  Warp 0 publishes the block sum in g_odata[b]
** behind a device fence and counts finished blocks with a device atomic; the last block sums g_odata.
*/
static const app_switch red_sw[] = {
  {"g-fence-blk", "the fence after g_odata[b] has block scope: dev_fence at the last block's load "
                  "of every other block's g_odata (pc 0x250)",
   "dev_fence@0x250"},
  {"done-atom-blk", "the finished-blocks counter uses a block-scope atomicAdd: scoped_atomic at "
                    "each later block's add (pc 0x248)",
   "scoped_atomic@0x248"},
};

static void red_kernel(gen *g, unsigned G, unsigned W, unsigned SW, int gfs, int das, uint64_t S,
                       uint64_t FL, uint64_t GA, uint64_t DONE, uint64_t OUT, uint64_t X, uint64_t NSEG);

/* Paper size (Table II: 25.6 M elements): one launch of 120 blocks of 4 warps (full occupancy) that
** reads the array grid-stride, 32 elements (one line) per warp load, 8 loads in flight and one add
** per load, before the tree reduction of the small sizes. */
static void red_run(gen *g, unsigned inj, int size) {
  const bool large = size == GEN_LARGE, paper = size == GEN_PAPER;
  const unsigned G = paper ? 120 : large ? 32 : 4, W = 4, SW = paper || large ? 32 : 4;
  const uint64_t S = 0xC1000000, FL = 0xC1100000, GA = 0xC1200000, DONE = 0xC1300000,
                 OUT = 0xC1300100, X = 0xC1400000, NSEG = paper ? 25600000 / 32 : 0;
  const int gfs = (inj & 1) ? GS_CTA : GS_GPU, das = (inj & 2) ? GS_CTA : GS_GPU;
  for (unsigned k = 0, K = large ? 16 : 1; k < K; k++)
    red_kernel(g, G, W, SW, gfs, das, S, FL, GA, DONE, OUT, X, NSEG);
}

/* One launch of the reduction kernel (red_run); NSEG > 0: grid-stride over NSEG 32-element segments. */
static void red_kernel(gen *g, unsigned G, unsigned W, unsigned SW, int gfs, int das, uint64_t S,
                       uint64_t FL, uint64_t GA, uint64_t DONE, uint64_t OUT, uint64_t X, uint64_t NSEG) {
  gen_kernel(g, "red", G, W);
  gen_region(g, S, S + 0x80ull * G * W, GEN_ORACLE);
  gen_region(g, FL, FL + 4ull * G * W, GEN_ATOMW);
  gen_region(g, GA, GA + 4ull * G, GEN_ORACLE);
  gen_region(g, DONE, DONE + 4, GEN_ATOMW);
  gen_region(g, OUT, OUT + 4, GEN_ORACLE);
  int st[MAXW];
  unsigned lv[MAXW], fails[MAXW];
  bool flag[MAXW], ok[MAXW];
  unsigned done = 0;
  memset(fails, 0, sizeof fails);
  memset(flag, 0, sizeof flag);
  memset(lv, 0, sizeof lv);
  for (int i = 0; i < MAXW; i++) st[i] = DONE_ST;
  for (unsigned c = 0; c < G; c++)
    for (unsigned w = 0; w < W; w++) st[WI(c, w)] = 0;
  for (;;) {
    for (int i = 0; i < MAXW; i++) {
      unsigned c = (unsigned)i / GEN_MAX_WARPS, w = (unsigned)i % GEN_MAX_WARPS;
      ok[i] = st[i] != DONE_ST;
      if (st[i] == 2) {
        unsigned half = W >> (lv[i] + 1);
        ok[i] = flag[WI(c, w + half)] || fails[i] < 2;
      }
    }
    int i = gen_pick(g, ok, MAXW);
    if (i < 0) break;
    unsigned c = (unsigned)i / GEN_MAX_WARPS, w = (unsigned)i % GEN_MAX_WARPS;
    unsigned half = W >> (lv[i] + 1);
    uint64_t sw = S + 0x80ull * (c * W + w);
    switch (st[i]) {
    case 0:  /* load two input segments (or grid-stride all of them), add, store the warp's partial */
      if (NSEG) {
        uint64_t j = 0;
        for (uint64_t sg = c * W + w; sg < NSEG; sg += (uint64_t)G * W, j++) {
          gen_ldr(g, c, w, X + 128ull * sg, 32, false, 0x200, (int)(1 + j % 8), 0);
          if (j % 8 == 7) gen_alu(g, c, w, 8, 0x1FEull, 0x204);
        }
        gen_alu(g, c, w, 8, 0x1FEull, 0x208);
        gen_str(g, c, w, sw, SW, true, 0x210, 0);
        st[i] = 1;
        break;
      }
      gen_ld(g, c, w, X + 256ull * (c * W + w), 32, false, 0x200);
      gen_ld(g, c, w, X + 256ull * (c * W + w) + 128, 32, false, 0x204);
      gen_st(g, c, w, sw, SW, true, 0x210);
      st[i] = 1;
      break;
    case 1:  /* decide this level's role */
      if (half == 0) st[i] = 10;                        /* warp 0 holds the block sum */
      else if (w < half) { st[i] = 2; }                 /* consumer */
      else { gen_fence(g, c, w, GS_CTA, 0x230); st[i] = 6; }  /* producer */
      break;
    case 2: {
      uint64_t f = FL + 4ull * (c * W + w + half);
      if (flag[WI(c, w + half)]) {
        gen_spin(g, c, w, f, 1, 0);  /* polls the flag in the trace (failed tries return 0) */
        gen_atom(g, c, w, f, 1, "add", GS_CTA, -1, 0, 1, 0x220);
        gen_fence(g, c, w, GS_CTA, 0x224);
        st[i] = 3;
      } else {
        g->vec_only = true;
        gen_atom(g, c, w, f, 1, "add", GS_CTA, -1, 0, 0, 0x220);
        g->vec_only = false;
        fails[i]++;
      }
      break;
    }
    case 3: gen_ld(g, c, w, S + 0x80ull * (c * W + w + half), SW, true, 0x228); st[i] = 4; break;
    case 4: gen_st(g, c, w, sw, SW, true, 0x22c); lv[i]++; fails[i] = 0; st[i] = 1; break;
    case 6:
      gen_atom(g, c, w, FL + 4ull * (c * W + w), 1, "exch", GS_CTA, -1, 1, 0, 0x234);
      gen_signal(g, c, w, FL + 4ull * (c * W + w));
      flag[i] = true;
      st[i] = DONE_ST;
      break;
    case 10: gen_st(g, c, w, GA + 4ull * c, 1, true, 0x240); st[i] = 11; break;
    case 11: gen_fence(g, c, w, gfs, 0x244); st[i] = 12; break;
    case 12:
      if (done == G - 1) gen_wait(g, c, w, DONE, G - 1);
      gen_atom(g, c, w, DONE, 1, "add", das, -1, 1, done, 0x248);
      gen_signal(g, c, w, DONE);
      st[i] = ++done == G ? 13 : DONE_ST;
      break;
    case 13:  /* the last block: acquire, then sum every block's g_odata */
      gen_fence(g, c, w, GS_GPU, 0x24c);
      for (unsigned b = 0; b < G; b += 32) gen_ld(g, c, w, GA + 4ull * b, G - b < 32 ? G - b : 32, true, 0x250);
      gen_st(g, c, w, OUT, 1, true, 0x254);
      st[i] = DONE_ST;
      break;
    }
  }
}

/* ============================================================================================
** R110: Rule 110 over a double-buffered array.  Warp (b, w) owns 32 cells and keeps their values in
** registers; each iteration it loads its two halo cells, stores its new cells, and fences: device
** scope when its edge cell borders another block, block scope otherwise.  A software grid barrier
** (bar; warp 0 adds to a device counter, polls it, device fence; bar) separates iterations.  Warp 0's
** acquire fence also publishes its own cells, so the border bug shows on the right border only.
*/
static const app_switch r110_sw[] = {
  {"border-fence-blk", "block-border warps fence with block scope: dev_fence at the neighbouring "
                       "block's halo load (pc 0x300/0x304) and at the owner's next store of a cell "
                       "the neighbour read (pc 0x308)",
   "dev_fence@0x300 dev_fence@0x304 dev_fence@0x308 blk_fence@0x308"},
  {"gbar-atom-blk", "the grid barrier's arrival counter is updated and polled with block-scope atomics: "
                    "scoped_atomic at the arrivals and polls of other blocks (pc 0x314/0x318)",
   "scoped_atomic@0x314 scoped_atomic@0x318"},
};

/* Paper size (Table II: 2.5 M elements): 120 blocks of 4 warps, each warp owning 163 segments of 32
** cells (2,503,680 cells); 8 iterations (the paper does not give the count).  A warp cannot hold
** its cells in registers at this size: each iteration it loads them from the current buffer with
** their two halo cells, applies the rule (6 alu per segment) and stores the next buffer.  The
** cells are dealt out as the application's kernel deals them, by a grid-stride loop: segment sg of
** warp k (of NW) is cells 32 * (sg * NW + k) onward, so at any time the warps stream through
** neighbouring lines (a row-buffer-friendly DRAM pattern; warp-owned blocks of 163 lines each give
** a row-hit rate of 0.33 instead of 0.83).  Every segment's neighbours belong to warps k - 1 and
** k + 1, the last warp's right neighbour being warp 0's next segment: both edge warps of every
** block are border warps, and only a segment's two edge cells are ever read by another warp (gen.h
** priv_inner).  The two buffers lie back to back, as consecutive cudaMalloc calls place them
** (256-byte aligned). */
static void r110_run(gen *g, unsigned inj, int size) {
  const bool large = size == GEN_LARGE, paper = size == GEN_PAPER;
  const unsigned G = paper ? 120 : large ? 24 : 3, W = paper || large ? 4 : 2, T = paper ? 8 : large ? 24 : 3;
  const unsigned SEGS = paper ? 163 : 1, N = G * W * 32 * SEGS;
  const unsigned NW = G * W;
  const uint64_t BUF0 = paper ? 0xC8000000 : 0xC2000000;
  const uint64_t BUF[2] = {BUF0, paper ? BUF0 + ((4ull * N + 255) & ~255ull) : 0xC2100000}, GB = 0xC2200000;
  const int gbs = (inj & 2) ? GS_CTA : GS_GPU;
  gen_kernel(g, "r110", G, W);
  gen_region(g, BUF[0], BUF[0] + 4ull * N, GEN_ORACLE);
  gen_region(g, BUF[1], BUF[1] + 4ull * N, GEN_ORACLE);
  gen_region(g, GB, GB + 4, GEN_ATOMW);
  int st[MAXW];
  unsigned it[MAXW], fails[MAXW], arrived = 0;
  bool ok[MAXW];
  barrier bar;
  memset(&bar, 0, sizeof bar);
  memset(fails, 0, sizeof fails);
  memset(it, 0, sizeof it);
  for (int i = 0; i < MAXW; i++) st[i] = DONE_ST;
  for (unsigned c = 0; c < G; c++)
    for (unsigned w = 0; w < W; w++) st[WI(c, w)] = 0;
  for (;;) {
    for (int i = 0; i < MAXW; i++) {
      ok[i] = st[i] != DONE_ST && st[i] != 5 && st[i] != 8;
      if (st[i] == 7) ok[i] = arrived >= G * (it[i] + 1) || fails[i] < 2;
    }
    int i = gen_pick(g, ok, MAXW);
    if (i < 0) break;
    unsigned c = (unsigned)i / GEN_MAX_WARPS, w = (unsigned)i % GEN_MAX_WARPS, t = it[i];
    unsigned first = (c * W + w) * 32 * SEGS, last = first + 32 * SEGS - 1;
    uint64_t cur = BUF[t % 2], nxt = BUF[(t + 1) % 2];
    bool border = paper ? (w == 0 || w == W - 1) : (w == 0 && c > 0) || (w == W - 1 && c < G - 1);
    switch (st[i]) {
    case 0:
      if (!paper) gen_ld(g, c, w, BUF[0] + 4ull * first, 32, true, 0x2fc);
      st[i] = 1;
      break;
    case 1: if (!paper && first > 0) gen_ld(g, c, w, cur + 4ull * (first - 1), 1, true, 0x300); st[i] = 2; break;
    case 2: if (!paper && last + 1 < N) gen_ld(g, c, w, cur + 4ull * (last + 1), 1, true, 0x304); st[i] = 3; break;
    case 3:
      if (paper) {
        for (unsigned s0 = 0; s0 < SEGS; s0 += 8) {  /* unrolled by 8: 8 loads in flight */
          unsigned s1 = s0 + 8 < SEGS ? s0 + 8 : SEGS;
          for (unsigned sg = s0; sg < s1; sg++) {
            const uint64_t cell = 32ull * (sg * NW + c * W + w);
            uint64_t halo[2];
            unsigned nh = 0;
            if (cell > 0) halo[nh++] = cur + 4ull * (cell - 1);
            if (cell + 32 < N) halo[nh++] = cur + 4ull * (cell + 32);
            g->priv_inner = true;
            gen_ldr(g, c, w, cur + 4ull * cell, 32, true, 0x2fc, (int)(1 + sg - s0), 0);
            g->priv_inner = false;
            if (nh) gen_ld_lanes(g, c, w, halo, nh, true, 0x300, (int)(9 + sg - s0));
          }
          for (unsigned sg = s0; sg < s1; sg++) {
            gen_alu(g, c, w, 6, (1ull << (1 + sg - s0)) | (1ull << (9 + sg - s0)), 0x306);
            g->priv_inner = true;
            gen_str(g, c, w, nxt + 4ull * 32 * (sg * NW + c * W + w), 32, true, 0x308, 0);
            g->priv_inner = false;
          }
        }
      } else gen_st(g, c, w, nxt + 4ull * first, 32, true, 0x308);
      st[i] = 4;
      break;
    case 4:
      gen_fence(g, c, w, border && !(inj & 1) ? GS_GPU : GS_CTA, 0x30c);
      bar_arrive(&bar, st, c, w, 5);
      bar_check(g, &bar, st, c, W, 5, 6, 0x310);
      break;
    case 6:
      if (w != 0) { bar_arrive(&bar, st, c, w, 8); bar_check(g, &bar, st, c, W, 8, 9, 0x31c); break; }
      gen_atom(g, c, w, GB, 1, "add", gbs, -1, 1, arrived, 0x314);
      gen_signal(g, c, w, GB);
      arrived++;
      st[i] = 7;
      break;
    case 7:
      if (arrived >= G * (t + 1)) {
        /* polls the grid counter in the trace (a failed try sees one block short) */
        gen_spin(g, c, w, GB, G * (t + 1), (int64_t)(G * (t + 1) - 1));
        gen_atom(g, c, w, GB, 1, "add", gbs, -1, 0, arrived, 0x318);
        gen_fence(g, c, w, GS_GPU, 0x320);  /* acquire side of the grid barrier */
        fails[i] = 0;
        bar_arrive(&bar, st, c, w, 8);
        bar_check(g, &bar, st, c, W, 8, 9, 0x31c);
      } else {
        g->vec_only = true;
        gen_atom(g, c, w, GB, 1, "add", gbs, -1, 0, arrived, 0x318);
        g->vec_only = false;
        fails[i]++;
      }
      break;
    }
    /* after the second barrier: next iteration for every warp of this CTA */
    for (unsigned x = 0; x < W; x++)
      if (st[WI(c, x)] == 9) {
        it[WI(c, x)]++;
        st[WI(c, x)] = it[WI(c, x)] == T ? DONE_ST : 1;
      }
  }
}

/* ============================================================================================
** GCOL / GCON: graph colouring and connectivity with work stealing (Figure 3).  Each block's leader
** takes the next chunk of its own partition with atomicAdd on nextHead[b], publishes it in
** currHead[b] for its warps (barrier), and, once its partition is exhausted, steals from the other
** partitions with device-scope atomicAdd.  Partition sizes differ so that stealing happens.  At the
** end each block publishes its count and the last block (device counter) sums them.
*/
enum { WS_OWN = 1, WS_STEAL = 2, WS_NOBAR = 4, WS_UPD = 8, WS_CNTF = 16, WS_CNTPLAIN = 32 };

static const app_switch gcol_sw[] = {
  {"own-atom-blk", "Figure 3b: the own-partition atomicAdd on nextHead[b] has block scope: "
                   "scoped_atomic at a thief's steal (pc 0x404)",
   "scoped_atomic@0x404"},
  {"steal-atom-blk", "the steal atomicAdd has block scope: scoped_atomic at the next add on that "
                     "nextHead from another block (pc 0x400 or 0x404)",
   "scoped_atomic@0x400 scoped_atomic@0x404"},
  {"curr-nobar", "no barrier between the leader's store of currHead[b] and its warps' loads: "
                 "blk_fence at the first warp that loads it each round (pc 0x410)",
   "blk_fence@0x410"},
  {"conflict-atom-blk", "the global conflict counter uses a block-scope atomicAdd: scoped_atomic "
                        "(pc 0x41c)",
   "scoped_atomic@0x41c"},
  {"cnt-fence-blk", "the fence after cnt[b] has block scope: dev_fence at the last block's loads "
                    "(pc 0x440)",
   "dev_fence@0x440"},
  {"cnt-ld-plain", "the last block loads cnt[] without volatile: strong race (pc 0x440)",
   "strong@0x440"},
};

static const app_switch gcon_sw[] = {
  {"own-atom-blk", "Figure 3b: own-partition atomicAdd on nextHead[b] has block scope: "
                   "scoped_atomic at a thief's steal (pc 0x404)",
   "scoped_atomic@0x404"},
  {"steal-atom-blk", "the steal atomicAdd has block scope: scoped_atomic at the next add on that "
                     "nextHead from another block (pc 0x400 or 0x404)",
   "scoped_atomic@0x400 scoped_atomic@0x404"},
  {"curr-nobar", "no barrier between the leader's store of currHead[b] and its warps' loads: "
                 "blk_fence at the first warp that loads it each round (pc 0x410)",
   "blk_fence@0x410"},
  {"comp-atom-blk", "atomicMin on comp[] uses block scope when the vertex lies in the block's own "
                    "partition, although thieves and far edges update it from other blocks: "
                    "scoped_atomic (pc 0x418/0x41c)",
   "scoped_atomic@0x418 scoped_atomic@0x41c"},
  {"cnt-fence-blk", "the fence after cnt[b] has block scope: dev_fence at the last block's loads "
                    "(pc 0x440)",
   "dev_fence@0x440"},
};

/* Paper size (Table II: GCOL 30 K vertices and 50 K edges, GCON 100 K and 150 K): 120 blocks of 4
** warps; the vertices' 128-vertex chunks are split among the blocks in uneven partitions (weights
** 1..6), so that stealing happens.  Per chunk a warp loads its 32 vertices' row offsets, their edge
** lists (3 or 4 coalesced loads: 2E/V = 3.3 neighbours per vertex) and gathers the neighbours'
** colours (GCOL: of the previous round, written by the previous kernel, so read-only here) or
** relaxes their labels with a gathered atomicMin (GCON).  Neighbours are random vertices.  Six
** rounds, one kernel each (the paper iterates to convergence; the round count is ours). */
static void ws_run(gen *g, unsigned f, int size, bool gcon, unsigned round_no) {
  const bool large = size == GEN_LARGE, paper = size == GEN_PAPER;
  const unsigned G = paper ? 120 : large ? 24 : 4, W = paper || large ? 4 : 2, CH = W * 32;
  const unsigned NV = gcon ? 100000 : 30000, NCH = (NV + CH - 1) / CH;
  const uint64_t NH = 0xC3000000, CUR = 0xC3100000, COL = 0xC3200000, CONF = 0xC3300000,
                 COMP = 0xC3400000, CNT = 0xC3500000, DONE = 0xC3500800, OUT = 0xC3500900,
                 INP = 0xC3600000, ADJ = 0xC3800000, COLPREV = 0xC3C00000;
  /* GCOL at paper size: this round writes one colour array and reads the other */
  const uint64_t COLW = paper && (round_no & 1) ? COLPREV : COL, COLR = COLW == COL ? COLPREV : COL;
  unsigned start[GEN_MAX_CTAS], end[GEN_MAX_CTAS], nh[GEN_MAX_CTAS], vic[GEN_MAX_CTAS];
  int chunk[GEN_MAX_CTAS];
  unsigned round[GEN_MAX_CTAS], done = 0, total = 0;
  bool own_done[GEN_MAX_CTAS];
  unsigned wsum = 0, wacc = 0;
  for (unsigned b = 0; b < G; b++) wsum += 1 + (b * 7 + 3) % 6;
  for (unsigned b = 0; b < G; b++) {
    start[b] = total;
    if (paper) {
      wacc += 1 + (b * 7 + 3) % 6;
      total = (unsigned)((uint64_t)NCH * wacc / wsum);
    } else total += 1 + (b * 7 + 3) % (large ? 6 : 3);
    end[b] = total;
    nh[b] = start[b];
    vic[b] = 1;
    own_done[b] = false;
    round[b] = 0;
  }
  gen_kernel(g, gcon ? "gcon" : "gcol", G, W);
  gen_region(g, NH, NH + 4ull * G, GEN_ATOMW);
  gen_region(g, CUR, CUR + 4ull * G, GEN_ORACLE);
  gen_region(g, COLW, COLW + 4ull * total * CH, GEN_ORACLE);
  gen_region(g, CONF, CONF + 4, GEN_ATOMW);
  gen_region(g, COMP, COMP + 4ull * total * CH, GEN_ATOMW);
  gen_region(g, CNT, CNT + 4ull * G, GEN_ORACLE);
  gen_region(g, DONE, DONE + 4, GEN_ATOMW);
  gen_region(g, OUT, OUT + 4, GEN_ORACLE);
  gen_comment(g, "%u partitions, %u chunks of %u vertices", G, total, CH);
  int st[MAXW];
  unsigned myround[MAXW];
  bool ok[MAXW];
  barrier bar;
  memset(&bar, 0, sizeof bar);
  memset(myround, 0, sizeof myround);
  for (int i = 0; i < MAXW; i++) st[i] = DONE_ST;
  for (unsigned c = 0; c < G; c++) {
    for (unsigned w = 0; w < W; w++) st[WI(c, w)] = w == 0 ? 0 : ((f & WS_NOBAR) ? 3 : 2);
    if (!(f & WS_NOBAR)) bar.at[c] = W - 1;  /* the other warps wait at the first barrier */
  }
  const int own_sc = (f & WS_OWN) ? GS_CTA : GS_GPU, steal_sc = (f & WS_STEAL) ? GS_CTA : GS_GPU;
  for (;;) {
    for (int i = 0; i < MAXW; i++) {
      unsigned c = (unsigned)i / GEN_MAX_WARPS;
      ok[i] = st[i] != DONE_ST && st[i] != 2 && st[i] != 7;
      if (st[i] == 3 && (f & WS_NOBAR)) ok[i] = round[c] > myround[i];  /* leader has published */
    }
    int i = gen_pick(g, ok, MAXW);
    if (i < 0) break;
    unsigned c = (unsigned)i / GEN_MAX_WARPS, w = (unsigned)i % GEN_MAX_WARPS;
    switch (st[i]) {
    case 0:  /* leader: get work (Figure 3, lines 6-21) */
      if (!own_done[c]) {
        unsigned old = nh[c]++;
        gen_atom(g, c, w, NH + 4ull * c, 1, "add", own_sc, -1, 1, old, 0x400);
        if (old < end[c]) { chunk[c] = (int)old; st[i] = 1; }
        else own_done[c] = true;
      } else if (vic[c] < G) {
        unsigned v = (c + vic[c]) % G, old = nh[v]++;
        gen_atom(g, c, w, NH + 4ull * v, 1, "add", steal_sc, -1, 1, old, 0x404);
        if (old < end[v]) { chunk[c] = (int)old; st[i] = 1; }
        else vic[c]++;
      } else { chunk[c] = -1; st[i] = 1; }
      break;
    case 1:  /* leader publishes the chunk for its block */
      gen_st(g, c, w, CUR + 4ull * c, 1, true, 0x408);
      round[c]++;
      if (f & WS_NOBAR) {
        gen_signal(g, c, w, CUR + 4ull * c);
        st[i] = chunk[c] < 0 ? 20 : 4;
      } else {
        bar_arrive(&bar, st, c, w, 2);
        bar_check(g, &bar, st, c, W, 2, 3, 0x40c);
      }
      break;
    case 3:  /* a warp loads currHead (the leader keeps it in a register) */
      if (w == 0) { st[i] = chunk[c] < 0 ? 20 : 4; break; }
      if (f & WS_NOBAR) gen_wait(g, c, w, CUR + 4ull * c, myround[i] + 1);
      gen_ld(g, c, w, CUR + 4ull * c, 1, true, 0x410);
      myround[i]++;
      st[i] = chunk[c] < 0 ? DONE_ST : 4;
      break;
    case 4: {  /* process this warp's 32 vertices of the chunk */
      unsigned v0 = (unsigned)chunk[c] * CH + w * 32;
      unsigned owner = 0;
      while (!(v0 / CH >= start[owner] && v0 / CH < end[owner])) owner++;
      if (paper) {  /* row offsets, edge lists, neighbours (random vertices) */
        uint64_t nb[32];
        unsigned deg = 3 + (gen_rand(g, 3) == 0);
        gen_ldr(g, c, w, INP + 4ull * v0, 32, false, 0x414, 1, 0);
        for (unsigned j = 0; j < deg; j++)
          gen_ldr(g, c, w, ADJ + 4ull * (v0 * 4 + 32 * j), 32, false, 0x424, (int)(2 + j), 1ull << 1);
        if (!gcon) {
          for (unsigned j = 0; j < deg; j++) {
            for (unsigned l = 0; l < 32; l++) nb[l] = COLR + 4ull * gen_rand(g, NV);
            gen_ld_lanes(g, c, w, nb, 32, false, 0x428, (int)(6 + j));
          }
          gen_alu(g, c, w, 4 * deg, 0x3C0ull, 0x42c);  /* smallest colour no neighbour has */
          gen_str(g, c, w, COLW + 4ull * v0, 32, true, 0x418, 0);
          gen_atom(g, c, w, CONF, 1, "add", (f & WS_UPD) ? GS_CTA : GS_GPU, -1, (int64_t)gen_rand(g, 4), -1,
                   0x41c);
        } else {
          gen_atom(g, c, w, COMP + 4ull * v0, 32, "min", (f & WS_UPD) && owner == c ? GS_CTA : GS_GPU, -1,
                   (int64_t)v0, -1, 0x418);
          for (unsigned j = 0; j < deg; j++) {
            bool mine = true;
            for (unsigned l = 0; l < 32; l++) {
              unsigned u = gen_rand(g, NV), uo = 0;
              while (!(u / CH >= start[uo] && u / CH < end[uo])) uo++;
              mine = mine && uo == c;
              nb[l] = COMP + 4ull * u;
            }
            gen_alu(g, c, w, 2, 1ull << (2 + j), 0x42c);
            gen_atom_lanes(g, c, w, nb, 32, "min", (f & WS_UPD) && mine ? GS_CTA : GS_GPU, (int64_t)v0, 0x41c);
          }
        }
        bar_arrive(&bar, st, c, w, 7);
        bar_check(g, &bar, st, c, W, 7, 8, 0x420);
        break;
      }
      gen_ld(g, c, w, INP + 4ull * v0, 32, false, 0x414);
      if (!gcon) {
        gen_st(g, c, w, COL + 4ull * v0, 32, true, 0x418);
        /* count this warp's colour conflicts in the global counter (one add per chunk) */
        gen_atom(g, c, w, CONF, 1, "add", (f & WS_UPD) ? GS_CTA : GS_GPU, -1, (int64_t)gen_rand(g, 4), -1,
                 0x41c);
      } else {
        /* atomicMin on the vertices' labels, and on one far neighbour */
        gen_atom(g, c, w, COMP + 4ull * v0, 32, "min", (f & WS_UPD) && owner == c ? GS_CTA : GS_GPU,
                 -1, (int64_t)v0, -1, 0x418);
        unsigned u = gen_rand(g, total * CH), uo = 0;
        while (!(u / CH >= start[uo] && u / CH < end[uo])) uo++;
        gen_atom(g, c, w, COMP + 4ull * u, 1, "min", (f & WS_UPD) && uo == c ? GS_CTA : GS_GPU, -1,
                 (int64_t)v0, -1, 0x41c);
      }
      bar_arrive(&bar, st, c, w, 7);
      bar_check(g, &bar, st, c, W, 7, 8, 0x420);
      break;
    }
    case 8:  /* next round */
      st[i] = w == 0 ? 0 : ((f & WS_NOBAR) ? 3 : 2);
      if (w != 0 && !(f & WS_NOBAR)) {
        bar.at[c]++;
        bar_check(g, &bar, st, c, W, 2, 3, 0x40c);
      }
      break;
    case 20: gen_st(g, c, w, CNT + 4ull * c, 1, true, 0x430); st[i] = 21; break;
    case 21: gen_fence(g, c, w, (f & WS_CNTF) ? GS_CTA : GS_GPU, 0x434); st[i] = 22; break;
    case 22:
      if (done == G - 1) gen_wait(g, c, w, DONE, G - 1);
      gen_atom(g, c, w, DONE, 1, "add", GS_GPU, -1, 1, done, 0x438);
      gen_signal(g, c, w, DONE);
      st[i] = ++done == G ? 23 : DONE_ST;
      break;
    case 23:
      gen_fence(g, c, w, GS_GPU, 0x43c);
      for (unsigned b = 0; b < G; b += 32)
        gen_ld(g, c, w, CNT + 4ull * b, G - b < 32 ? G - b : 32, !(f & WS_CNTPLAIN), 0x440);
      gen_st(g, c, w, OUT, 1, true, 0x444);
      st[i] = DONE_ST;
      break;
    }
  }
}

static void gcol_run(gen *g, unsigned inj, int size) {
  for (unsigned k = 0; k < (size != GEN_SMALL ? 6u : 1u); k++) ws_run(g, inj, size, false, k);
}

static void gcon_run(gen *g, unsigned inj, int size) {
  /* GCON switch bits 0-4 map to WS_OWN, WS_STEAL, WS_NOBAR, WS_UPD, WS_CNTF */
  for (unsigned k = 0; k < (size != GEN_SMALL ? 6u : 1u); k++) ws_run(g, inj & 31u, size, true, k);
}

/* ============================================================================================
** 1DC: one-dimensional convolution, scatter form: input i adds x[i]*f[k] to y[i-k+4] (9 taps).  An
** output that only this block updates gets atomicAdd_block; one near a block border, which another
** block also updates, gets a device-scope atomicAdd (pc 0x500; the block path is pc 0x504).
*/
static const app_switch c1d_sw[] = {
  {"border-atom-blk", "outputs near a block border are also updated with atomicAdd_block: "
                      "scoped_atomic at the border path (pc 0x500)",
   "scoped_atomic@0x500"},
};

/* Paper size (Table II: 1 M elements, 9-element filter): 2^20 elements in 8,192 chunks of 128, taken
** grid-stride by 120 blocks of 4 warps (chunk q = r * 120 + block); the border test uses the chunk's
** base, since the next chunk belongs to another block.  Each tap is one multiply (alu) before its
** atomics; the input segment and the filter are loaded into registers. */
static void c1d_run(gen *g, unsigned inj, int size) {
  const bool large = size == GEN_LARGE, paper = size == GEN_PAPER;
  const unsigned G = paper ? 120 : large ? 30 : 3, W = paper || large ? 4 : 2, B = W * 32;
  const unsigned N = paper ? 1u << 20 : G * W * 32, NCH = N / B;
  const uint64_t Y = 0xC4000000, X = paper ? 0xC4800000 : 0xC4100000, F = paper ? 0xC5000000 : 0xC4200000;
  for (unsigned kk = 0; kk < (large ? 8u : 1u); kk++) {
    gen_kernel(g, "conv1d", G, W);
    gen_region(g, Y, Y + 4ull * N, GEN_ATOMW);
    int st[MAXW];
    unsigned q[MAXW];  /* the warp's current chunk */
    bool ok[MAXW];
    for (int i = 0; i < MAXW; i++) st[i] = DONE_ST;
    for (unsigned c = 0; c < G; c++)
      for (unsigned w = 0; w < W; w++) { st[WI(c, w)] = 0; q[WI(c, w)] = c; }
    for (;;) {
      for (int i = 0; i < MAXW; i++) ok[i] = st[i] != DONE_ST;
      int i = gen_pick(g, ok, MAXW);
      if (i < 0) break;
      unsigned c = (unsigned)i / GEN_MAX_WARPS, w = (unsigned)i % GEN_MAX_WARPS;
      unsigned base = q[i] * B, first = base + w * 32;
      if (st[i] == 0) {
        if (paper) {
          gen_ldr(g, c, w, X + 4ull * first, 32, false, 0x4f0, 1, 0);
          gen_ldr(g, c, w, F, 9, false, 0x4f4, 2, 0);
        } else {
          gen_ld(g, c, w, X + 4ull * first, 32, false, 0x4f0);
          gen_ld(g, c, w, F, 9, false, 0x4f4);
        }
        st[i] = 1;
        continue;
      }
      /* tap k = st-1: lanes grouped in runs of equal (valid, border) */
      int k = st[i] - 1;
      unsigned l = 0;
      if (paper) gen_alu(g, c, w, 1, 0x6ull, 0x4f8);  /* x[i] * f[k] */
      while (l < 32) {
        long j0 = (long)(first + l) - k + 4;
        if (j0 < 0 || j0 >= (long)N) { l++; continue; }
        /* element j is updated by inputs j-4..j+4: another block does so iff that range leaves the chunk */
        bool bord0 = j0 - 4 < (long)base || j0 + 4 >= (long)(base + B);
        unsigned n = 1;
        while (l + n < 32) {
          long j = j0 + n;
          if (j >= (long)N) break;
          bool bord = j - 4 < (long)base || j + 4 >= (long)(base + B);
          if (bord != bord0) break;
          n++;
        }
        gen_atom(g, c, w, Y + 4ull * (uint64_t)j0, n, "add", bord0 && !(inj & 1) ? GS_GPU : GS_CTA, -1,
                 1, -1, bord0 ? 0x500 : 0x504);
        l += n;
      }
      if (st[i] < 9) { st[i]++; continue; }
      st[i] = DONE_ST;
      if (paper && (q[i] += G) < NCH) {  /* grid-stride: the next chunk's input */
        gen_ldr(g, c, w, X + 4ull * (q[i] * B + w * 32), 32, false, 0x4f0, 1, 0);
        st[i] = 1;
      }
    }
  }
}

/* ============================================================================================
** UTS: unbalanced tree search (Figure 5).  Each block has a local stack under a block-scope lock and
** a global stack under a device-scope lock.  A warp pops from its local stack; when that is empty it
** pops from its own global stack, then from the other blocks' ones.  A node's children (count by
** hash, bounded depth) go to the local stack when even-numbered, to the block's global stack when odd.
** Stack words (top and slots) are volatile, as in the paper (Section V: UTS uses volatile only).
*/
enum { UTS_LREL = 1, UTS_LACQ = 2, UTS_GATOM = 4, UTS_GFENCE = 8, UTS_GOWN = 16, UTS_PEEK = 32 };

static const app_switch uts_sw[] = {
  {"l-rel-nofence", "local-stack pushes release the block lock without the fence before the "
                    "exchange: blk_fence at the next holder's access (pcs 0x6xx)",
   "blk_fence@0x60c blk_fence@0x610 blk_fence@0x614 blk_fence@0x648 blk_fence@0x64c blk_fence@0x650"},
  {"l-acq-nofence", "local-stack pushes take the block lock without the fence after the cas: "
                    "lock_load/lock_store between pushers and poppers",
   "lock_load@0x60c lock_load@0x610 lock_load@0x648 lock_store@0x614 lock_store@0x64c lock_store@0x650"},
  {"g-atom-blk", "global-stack lock built from block-scope cas/exch (fences gpu): scoped_atomic on "
                 "the lock word and lock races on the stack",
   "scoped_atomic@0x620 scoped_atomic@0x638 scoped_atomic@0x660 scoped_atomic@0x678 lock_load@0x628 lock_load@0x62c lock_load@0x668 lock_store@0x630 lock_store@0x66c lock_store@0x670"},
  {"g-fence-blk", "global-stack lock with block-scope fences (cas/exch gpu): dev_fence on the stack",
   "dev_fence@0x628 dev_fence@0x62c dev_fence@0x630 dev_fence@0x668 dev_fence@0x66c dev_fence@0x670 blk_fence@0x630 blk_fence@0x66c blk_fence@0x670"},
  {"g-own-blklock", "a block pushes to its OWN global stack under the lock taken at block scope "
                    "(cas/exch and fences cta), assuming only it uses that stack: races with thieves",
   "scoped_atomic@0x620 scoped_atomic@0x638 scoped_atomic@0x660 scoped_atomic@0x678 dev_fence@0x628 dev_fence@0x62c dev_fence@0x630 dev_fence@0x668 dev_fence@0x66c dev_fence@0x670 blk_fence@0x630 blk_fence@0x66c blk_fence@0x670 lock_load@0x628 lock_load@0x62c lock_load@0x668 lock_store@0x630 lock_store@0x66c lock_store@0x670"},
  {"l-peek-nolock", "a warp peeks at its local stack's top without the lock before locking: "
                    "lock_load at the peek (pc 0x600), and a race at the next locked store to the top "
                    "(the peek made the unprotected reader the owner)",
   "lock_load@0x600 blk_fence@0x600 blk_fence@0x614 blk_fence@0x64c blk_fence@0x650 lock_store@0x614 lock_store@0x64c lock_store@0x650"},
};

typedef struct uts_stack { uint64_t top, slots; slock lk; unsigned n, cap; unsigned *node; } uts_stack;

/* Push node v; a stack never outgrows its memory (slots up to `limit` words). */
static void uts_push(uts_stack *s, unsigned v, unsigned limit) {
  if (s->n + 1 >= limit) { fprintf(stderr, "scord-gen: uts: a stack outgrew its %u slots\n", limit); exit(2); }
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 64;
    s->node = realloc(s->node, s->cap * sizeof *s->node);
    if (!s->node) { fprintf(stderr, "scord-gen: out of memory\n"); exit(2); }
  }
  s->node[s->n++] = v;
}

/* Paper size (Table II: 120 trees, 9 levels, 3 children on average, about 1.2 M nodes): one tree per
** block, 120 blocks of 4 warps, 2-4 children by hash (mean 2.94: about 1.0 M nodes; the count is
** printed in the vector file), 16 alu per child for the hash. */
static void uts_run(gen *g, unsigned inj, int size) {
  const bool large = size == GEN_LARGE, paper = size == GEN_PAPER;
  const unsigned G = paper ? 120 : large ? 16 : 3, W = paper || large ? 4 : 2,
                 DEPTH = paper ? 9 : large ? 6 : 3, ROOTS = paper ? 1 : large ? 4 : 2;
  /* bytes of one stack (top word and slots); at paper size one line more than 64 KB apart: with a
  ** power-of-two stride every block's top falls in one L2 set and one channel (our L2 does not hash
  ** its set index), which made UTS a test of that one set (L2 hit rate 55 %, 0.8 % DRAM row hits) */
  const uint64_t SPAN = paper ? 0x10000 : 0x1000, STRIDE = paper ? SPAN + 0x80 : SPAN;
  const uint64_t LS = 0xC5000000, GSB = paper ? 0xC5800000 : 0xC5100000, LLK = paper ? 0xC6000000 : 0xC5200000,
                 GLK = LLK + 0x800;
  static uts_stack ls[GEN_MAX_CTAS], gs[GEN_MAX_CTAS];
  unsigned pending = 0;  /* nodes on all stacks together */
  gen_kernel(g, "uts", G, W);
  gen_region(g, LS, LS + STRIDE * G, GEN_ORACLE);
  gen_region(g, GSB, GSB + STRIDE * G, GEN_ORACLE);
  gen_region(g, LLK, LLK + 4ull * G, GEN_ATOMW);
  gen_region(g, GLK, GLK + 4ull * G, GEN_ATOMW);
  const unsigned limit = (unsigned)(SPAN / 4 - 1);
  for (unsigned b = 0; b < G; b++) {
    ls[b].top = LS + STRIDE * b; ls[b].slots = ls[b].top + 4; ls[b].n = 0;
    gs[b].top = GSB + STRIDE * b; gs[b].slots = gs[b].top + 4; gs[b].n = 0;
    sl_init(&ls[b].lk, LLK + 4ull * b);
    sl_init(&gs[b].lk, GLK + 4ull * b);
    /* the host placed the roots (node id = depth<<16 | serial) before the kernel */
    for (unsigned r = 0; r < ROOTS; r++) uts_push(&ls[b], (b * ROOTS + r) & 0xFFFFu, limit);
    pending += ROOTS;
  }
  /* host-written stack contents are not in the trace: metadata starts at init for them */
  int st[MAXW];
  unsigned fails[MAXW], node[MAXW], kids[MAXW], vic[MAXW], serial = 1000;
  bool ok[MAXW];
  memset(fails, 0, sizeof fails);
  for (int i = 0; i < MAXW; i++) st[i] = DONE_ST;
  for (unsigned c = 0; c < G; c++)
    for (unsigned w = 0; w < W; w++) st[WI(c, w)] = 0;
  const int gas = (inj & UTS_GATOM) ? GS_CTA : GS_GPU, gfs = (inj & UTS_GFENCE) ? GS_CTA : GS_GPU;
  for (;;) {
    bool any_work = pending > 0;  /* some stack holds work */
    for (int i = 0; i < MAXW; i++) {
      unsigned c = (unsigned)i / GEN_MAX_WARPS;
      ok[i] = st[i] != DONE_ST;
      if (st[i] == 0) ok[i] = any_work;   /* idle warps wait until some stack holds work */
      if (st[i] == 1) ok[i] = sl_can(&ls[c].lk, fails, i);
      if (st[i] == 3) ok[i] = sl_can(&gs[(c + vic[i]) % G].lk, fails, i);
      if (st[i] == 6) ok[i] = sl_can(&ls[c].lk, fails, i);
      if (st[i] == 8) ok[i] = sl_can(&gs[c].lk, fails, i);
    }
    int i = gen_pick(g, ok, MAXW);
    if (i < 0) break;  /* every warp idle and every stack empty: the search has ended */
    unsigned c = (unsigned)i / GEN_MAX_WARPS, w = (unsigned)i % GEN_MAX_WARPS;
    switch (st[i]) {
    case 0:  /* look for work: local stack first */
      if (inj & UTS_PEEK) gen_ld(g, c, w, ls[c].top, 1, true, 0x600);
      st[i] = 1;
      break;
    case 1:
      if (sl_try(g, &ls[c].lk, fails, c, w, GS_CTA, GS_CTA, false, 0x604)) {
        gen_ld(g, c, w, ls[c].top, 1, true, 0x60c);
        if (ls[c].n) {
          unsigned k = --ls[c].n;
          pending--;
          gen_ld(g, c, w, ls[c].slots + 4ull * k, 1, true, 0x610);
          gen_st(g, c, w, ls[c].top, 1, true, 0x614);
          node[i] = ls[c].node[k];
          st[i] = 5;
        } else {
          vic[i] = 0;
          st[i] = 3;
        }
        sl_release(g, &ls[c].lk, c, w, GS_CTA, GS_CTA, false, 0x618);
      }
      break;
    case 3: {  /* global stacks: own first (vic 0), then the others */
      unsigned v = (c + vic[i]) % G;
      /* pops use the device lock even with g-own-blklock: only pushes to the block's own
      ** global stack were "optimised" to block scope */
      const int as = gas, fs = gfs;
      if (sl_try(g, &gs[v].lk, fails, c, w, as, fs, false, 0x620)) {
        gen_ld(g, c, w, gs[v].top, 1, true, 0x628);
        if (gs[v].n) {
          unsigned k = --gs[v].n;
          pending--;
          gen_ld(g, c, w, gs[v].slots + 4ull * k, 1, true, 0x62c);
          gen_st(g, c, w, gs[v].top, 1, true, 0x630);
          node[i] = gs[v].node[k];
          st[i] = 5;
        } else if (++vic[i] == G) {
          st[i] = 0;  /* nothing anywhere now: back to idle */
        }
        sl_release(g, &gs[v].lk, c, w, as, fs, false, 0x634);
      }
      break;
    }
    case 5: {  /* expand the node: children by hash, bounded depth */
      unsigned d = node[i] >> 16;
      unsigned h = (node[i] * 2654435761u) >> 28;
      kids[i] = d + 1 < DEPTH ? (paper ? 2 : 1) + h % 3 : 0;
      if (paper && kids[i]) gen_alu(g, c, w, 16 * kids[i], 0, 0x63c);  /* the children's hashes */
      if (kids[i] == 0) { st[i] = 0; break; }
      node[i] = ((d + 1) << 16) | (serial & 0xFFFFu);
      st[i] = (kids[i] & 1) ? 8 : 6;
      break;
    }
    case 6:  /* push one child to the local stack */
      if (sl_try(g, &ls[c].lk, fails, c, w, GS_CTA, GS_CTA, (inj & UTS_LACQ) != 0, 0x640)) {
        gen_ld(g, c, w, ls[c].top, 1, true, 0x648);
        gen_st(g, c, w, ls[c].slots + 4ull * ls[c].n, 1, true, 0x64c);
        gen_st(g, c, w, ls[c].top, 1, true, 0x650);
        uts_push(&ls[c], node[i], limit);
        pending++;
        sl_release(g, &ls[c].lk, c, w, GS_CTA, GS_CTA, (inj & UTS_LREL) != 0, 0x654);
        st[i] = 9;
      }
      break;
    case 8: {  /* push one child to the block's own global stack */
      bool blkown = (inj & UTS_GOWN) != 0;
      int as = blkown ? GS_CTA : gas, fs = blkown ? GS_CTA : gfs;
      if (sl_try(g, &gs[c].lk, fails, c, w, as, fs, false, 0x660)) {
        gen_ld(g, c, w, gs[c].top, 1, true, 0x668);
        gen_st(g, c, w, gs[c].slots + 4ull * gs[c].n, 1, true, 0x66c);
        gen_st(g, c, w, gs[c].top, 1, true, 0x670);
        uts_push(&gs[c], node[i], limit);
        pending++;
        sl_release(g, &gs[c].lk, c, w, as, fs, false, 0x674);
        st[i] = 9;
      }
      break;
    }
    case 9:  /* next child, or done with this node */
      serial++;
      node[i] = (node[i] & 0xFFFF0000u) | (serial & 0xFFFFu);
      if (--kids[i] == 0) st[i] = 0;
      else st[i] = (kids[i] & 1) ? 8 : 6;
      break;
    }
  }
  gen_comment(g, "uts: %u nodes created", serial - 1000);
  for (unsigned b = 0; b < G; b++) {
    free(ls[b].node); free(gs[b].node);
    ls[b].node = gs[b].node = NULL;
    ls[b].cap = gs[b].cap = 0;
  }
}

const app_def gen_apps[] = {
  {"mm", "matrix multiplication, block- and device-scoped locks (Figure 5 pattern)", mm_sw, 3, mm_run},
  {"red", "reduction with block and device fences (Figure 4)", red_sw, 2, red_run},
  {"r110", "Rule 110, fence scope by block border", r110_sw, 2, r110_run},
  {"gcol", "graph colouring, work stealing with scoped atomics (Figure 3)", gcol_sw, 6, gcol_run},
  {"gcon", "graph connectivity, work stealing with scoped atomics (Figure 3)", gcon_sw, 5, gcon_run},
  {"1dc", "1D convolution, atomic scope by block border", c1d_sw, 1, c1d_run},
  {"uts", "unbalanced tree search, local/global stacks under block/device locks (Figure 5)", uts_sw, 6,
   uts_run},
};
const unsigned gen_napps = sizeof gen_apps / sizeof gen_apps[0];

const app_def *gen_app_find(const char *name) {
  for (unsigned a = 0; a < gen_napps; a++)
    if (!strcmp(gen_apps[a].name, name)) return &gen_apps[a];
  return NULL;
}

long gen_app_inject(const app_def *d, const char *inject, char *err, size_t errlen) {
  if (!inject) return 0;
  if (!strcmp(inject, "all")) return (1l << d->nsw) - 1;
  long inj = 0;
  const char *p = inject;
  for (;;) {
    size_t n = strcspn(p, ",");
    unsigned s = 0;
    while (s < d->nsw && !(strlen(d->sw[s].name) == n && !strncmp(d->sw[s].name, p, n))) s++;
    if (s == d->nsw) {
      snprintf(err, errlen, "app %s has no switch '%.*s' (see --list)", d->name, (int)n, p);
      return -1;
    }
    inj |= 1l << s;
    if (!p[n]) return inj;
    p += n + 1;
  }
}
