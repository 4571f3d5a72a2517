/*
** gen.c -- core of scord-gen: seeded schedule, emission of vector and trace lines, lock and fence
** bookkeeping, and the two prediction rules the applications use for their expected races
** (gen.h; vectors/README.md "How expectations are made").
*/
#include "gen.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *const gen_race_name[GR_COUNT] = {"blk_fence", "dev_fence", "strong",
                                             "scoped_atomic", "lock_load", "lock_store"};
static const char *const kind_name[3] = {"ld", "st", "atom"};
const char *const gen_size_name[GEN_NSIZES] = {"small", "large", "paper"};

int gen_size_parse(const char *s) {
  for (int i = 0; i < GEN_NSIZES; i++)
    if (!strcmp(s, gen_size_name[i])) return i;
  return -1;
}
static const char *const scope_name[2] = {"cta", "gpu"};

/* Oracle / atomic-word state of one tracked 4-byte word. */
typedef struct gen_word {
  uint64_t addr;        /* 0 = empty slot (tracked words are never at address 0) */
  bool init;            /* never accessed in this kernel: the entry is at its reset value */
  unsigned oc, ow;      /* owner: logical CTA and warp */
  uint32_t ob, od;      /* owner's BlkFenceID / DevFenceID at its access (mod 2^6) */
  uint32_t obf, odf;    /* the same, unwrapped: to tell counter-wrap false races apart */
  uint32_t bar, bloom;
  bool m, bs, ds, strong;
  bool atom_block;      /* GEN_ATOMW: the previous atomic was block scope */
} gen_word;

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n);
  if (!q) { fprintf(stderr, "scord-gen: out of memory\n"); exit(2); }
  return q;
}

static void die(const char *msg) { fprintf(stderr, "scord-gen: internal error: %s\n", msg); exit(2); }

void gen_init(gen *g, FILE *vec, FILE *trace, uint64_t seed, const char *comment) {
  memset(g, 0, sizeof *g);
  g->vec = vec;
  g->trace = trace;
  g->rng = seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
  fprintf(vec, "scord-vectors 1\n# %s\n", comment);
  if (trace) fprintf(trace, "scord-trace 1\n# %s\n", comment);
}

uint32_t gen_rand(gen *g, uint32_t n) {
  /* splitmix64: small, good enough, and identical on every platform. */
  uint64_t z = (g->rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (uint32_t)(z % n);
}

int gen_pick(gen *g, const bool *ok, int n) {
  int cnt = 0;
  for (int i = 0; i < n; i++) cnt += ok[i];
  if (!cnt) return -1;
  int k = (int)gen_rand(g, (uint32_t)cnt);
  for (int i = 0; i < n; i++)
    if (ok[i] && k-- == 0) return i;
  return -1;
}

unsigned gen_sm(const gen *g, unsigned c) { (void)g; return c % GEN_NUM_SMS; }
unsigned gen_slot(const gen *g, unsigned c) { (void)g; return c / GEN_NUM_SMS; }
unsigned gen_block_id(const gen *g, unsigned c) {
  return gen_sm(g, c) * GEN_CTAS_PER_SM + gen_slot(g, c);  /* detector.md 2 */
}
static unsigned hw_warp(const gen *g, unsigned c, unsigned w) { return gen_slot(g, c) * g->warps + w; }

/* Append one line to warp (c, w)'s trace buffer. */
static void tline(gen *g, unsigned c, unsigned w, const char *s) {
  if (!g->trace || g->vec_only) return;
  gen_tbuf_line(&g->tl[c][w], s);
}

static void flush_trace(gen *g) {
  if (g->grid && g->trace) gen_tbuf_kernel(g->trace, g->kname, g->grid, g->warps, &g->tl[0][0], GEN_MAX_WARPS);
}

void gen_kernel(gen *g, const char *name, unsigned grid, unsigned warps) {
  if (grid == 0 || grid > GEN_MAX_CTAS || warps == 0 || warps > GEN_MAX_WARPS)
    die("kernel shape out of range");
  flush_trace(g);
  for (unsigned c = 0; c < GEN_MAX_CTAS; c++) {
    g->bar[c] = 0;
    for (unsigned w = 0; w < GEN_MAX_WARPS; w++) {
      gen_warp *x = &g->w[c][w];
      x->cta_fences = x->gpu_fences = 0;
      x->nlocks = 0;
      if (x->spin) die("a gen_spin without its polling access before the kernel ended");
    }
  }
  g->grid = grid;
  g->warps = warps;
  snprintf(g->kname, sizeof g->kname, "%s", name);
  g->kernels++;
  g->nwords = 0;  /* detector.md 7: a kernel resets all metadata */
  if (g->words) memset(g->words, 0, g->capwords * sizeof *g->words);
  g->nreg = 0;
  fprintf(g->vec, "kernel name=%s\n", name);
}

void gen_comment(gen *g, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("# ", g->vec);
  vfprintf(g->vec, fmt, ap);
  fputc('\n', g->vec);
  va_end(ap);
}

void gen_region(gen *g, uint64_t lo, uint64_t hi, int mode) {
  if (g->nreg == sizeof g->reg / sizeof g->reg[0]) die("too many regions");
  g->reg[g->nreg].lo = lo;
  g->reg[g->nreg].hi = hi;
  g->reg[g->nreg++].mode = mode;
}

static int region_of(const gen *g, uint64_t a) {
  for (unsigned i = 0; i < g->nreg; i++)
    if (a >= g->reg[i].lo && a < g->reg[i].hi) return g->reg[i].mode;
  return 0;
}

/* Find or create the state of word `a` (open addressing, linear probing). */
static gen_word *word(gen *g, uint64_t a) {
  if (2 * (g->nwords + 1) > g->capwords) {
    size_t oc = g->capwords, nc = oc ? 2 * oc : 1024;
    gen_word *old = g->words;
    g->words = xrealloc(NULL, nc * sizeof *g->words);
    memset(g->words, 0, nc * sizeof *g->words);
    g->capwords = nc;
    g->nwords = 0;
    for (size_t i = 0; i < oc; i++)
      if (old[i].addr) { *word(g, old[i].addr) = old[i]; }
    free(old);
  }
  size_t i = (size_t)((a >> 2) * 0x9E3779B97F4A7C15ull >> 20) & (g->capwords - 1);
  while (g->words[i].addr && g->words[i].addr != a) i = (i + 1) & (g->capwords - 1);
  if (!g->words[i].addr) {
    memset(&g->words[i], 0, sizeof g->words[i]);
    g->words[i].addr = a;
    g->words[i].init = true;
    g->nwords++;
  }
  return &g->words[i];
}

uint32_t gen_bloom(const gen *g, unsigned c, unsigned w) {
  const unsigned k = 3, mask = (1u << k) - 1;
  uint32_t b = 0, bid1 = (uint32_t)gen_block_id(g, c) + 1;
  const gen_warp *x = &g->w[c][w];
  for (unsigned i = 0; i < x->nlocks; i++) {
    if (!x->locks[i].active) continue;
    uint32_t hs[2] = {(x->locks[i].a ^ bid1) & 63u, x->locks[i].a};
    for (unsigned j = 0; j < (x->locks[i].device ? 2u : 1u); j++)
      b |= (1u << (hs[j] & mask)) | (1u << (GEN_BLOOM_BIN + ((hs[j] >> k) & mask)));
  }
  return b;
}

static bool bempty(uint32_t b) { return (b & 0xFFu) == 0 || (b >> 8) == 0; }

static void expect2(gen *g, int type, uint64_t addr, uint64_t pc, int kind, bool block_scope, bool wrap) {
  addr &= ~(uint64_t)3;
  for (size_t i = 0; i < g->nex; i++) {
    gen_exp *e = &g->ex[i];
    if (e->type == type && e->addr == addr && e->pc == pc && e->kind == kind && e->block == block_scope &&
        e->wrap == wrap) {
      e->count++;
      return;
    }
  }
  if (g->nex == g->capex) {
    g->capex = g->capex ? 2 * g->capex : 64;
    g->ex = xrealloc(g->ex, g->capex * sizeof *g->ex);
  }
  g->ex[g->nex++] = (gen_exp){type, kind, block_scope, wrap, addr, pc, 1};
}

void gen_expect(gen *g, int type, uint64_t addr, uint64_t pc, int kind, bool block_scope) {
  expect2(g, type, addr, pc, kind, block_scope, false);
}

void gen_expect_atomic_word(gen *g, unsigned c, uint64_t addr, int scope, uint64_t pc) {
  gen_word *x = word(g, addr & ~(uint64_t)3);
  if (!x->init && x->atom_block && x->oc != c) gen_expect(g, GR_SCOPED_ATOMIC, addr, pc, GK_ATOM, false);
  x->init = false;
  x->oc = c;
  x->atom_block = scope == GS_CTA;
}

/* The oracle for atomic-free data words: detector.md 5 READ/WRITE steps 1, 2, 4,
** 5, 6 (step 3 cannot apply: no atomic ever touches such a word; the tag is always 0 with
** md_ratio=1).  Written from the spec text, independently of ref/. */
void gen_expect_data(gen *g, unsigned c, unsigned w, uint64_t addr, int kind, bool vol,
                     uint64_t pc) {
  gen_word *md = word(g, addr & ~(uint64_t)3);
  const gen_warp *x = &g->w[c][w];
  const uint32_t fm = (1u << GEN_FENCE_BITS) - 1;
  uint32_t xb = x->cta_fences & fm, xd = x->gpu_fences & fm, xbar = g->bar[c] & 0xFFu;
  uint32_t xbloom = gen_bloom(g, c, w);
  bool strong = vol;
  for (int again = 0; again < 2; again++) {
    bool init = md->init || (md->m && md->bs && md->ds);
    bool same_blk = !init && md->oc == c, same_warp = same_blk && md->ow == w;
    const gen_warp *o = init ? NULL : &g->w[md->oc][md->ow];
    uint32_t obb = o ? (o->cta_fences & fm) : 0, odd = o ? (o->gpu_fences & fm) : 0;
    bool fenced_blk = md->ob != obb || md->od != odd, fenced_dev = md->od != odd;
    /* unwrapped view: did the owner fence at all since its access? */
    uint32_t obf = o ? o->cta_fences : 0, odf = o ? o->gpu_fences : 0;
    bool wrapped_blk = !fenced_blk && (md->obf != obf || md->odf != odf);
    bool wrapped_dev = !fenced_dev && md->odf != odf;
    bool wrap = false;
    int race = -1;
#define OWN()                                                                   \
  do {                                                                          \
    md->init = false; md->oc = c; md->ow = w; md->bar = xbar; md->ob = xb;      \
    md->od = xd; md->obf = x->cta_fences; md->odf = x->gpu_fences;             \
    md->strong = md->strong && strong;                                          \
  } while (0)
    if (init || (same_blk && md->bar != xbar && !md->ds)) {           /* step 1 */
      OWN(); md->m = kind != GK_LD; md->bs = md->ds = false; md->bloom = xbloom; md->strong = strong;
      return;
    }
    if (same_warp && !md->bs && !md->ds) {                            /* step 2 */
      if (kind == GK_LD) { if (md->m && fenced_blk) md->m = false; }
      else md->m = true;
      OWN(); md->strong = strong; md->bloom = xbloom;
      return;
    }
    if (kind == GK_LD) {
      if (md->m && !same_warp) {                                      /* step 4 */
        if (same_blk && !fenced_blk) { race = GR_BLK_FENCE; wrap = wrapped_blk; }
        else if (!same_blk && !fenced_dev) { race = GR_DEV_FENCE; wrap = wrapped_dev; }
        else if (!(md->strong && strong)) race = GR_STRONG;
      }
      if (race < 0 && bempty(md->bloom) && bempty(xbloom)) {          /* step 5 */
        if (md->m) { if (!same_warp) md->m = false; md->bs = md->ds = false; OWN(); }
        else if (same_blk && !md->ds) md->bs = true;
        else { md->ds = true; md->bs = false; }
        return;
      }
      if (race < 0) {                                                 /* step 6 */
        if (md->m && bempty(md->bloom & xbloom)) race = GR_LOCK_LOAD;
        else {
          md->bloom = bempty(md->bloom) ? xbloom : bempty(xbloom) ? md->bloom : (md->bloom & xbloom);
          if (!same_blk) { md->bs = false; md->ds = true; }
          else if (md->ow != w && !md->ds) md->bs = true;
          return;
        }
      }
    } else {
      if (same_blk && (md->ob == obb || md->ds) && md->od == odd) {                    /* 4 */
        race = GR_BLK_FENCE;
        wrap = !((md->obf == obf || md->ds) && md->odf == odf);
      } else if (!same_blk && !fenced_dev) { race = GR_DEV_FENCE; wrap = wrapped_dev; }
      else if (!(md->strong && strong)) race = GR_STRONG;
      if (race < 0 && bempty(md->bloom) && bempty(xbloom)) {          /* step 5 */
        OWN(); md->bs = md->ds = false; md->m = true;
        return;
      }
      if (race < 0) {                                                 /* step 6 */
        if (bempty(md->bloom & xbloom)) race = GR_LOCK_STORE;
        else { OWN(); md->bloom &= xbloom; md->m = true; return; }
      }
    }
#undef OWN
    /* RACE: record, reset the entry and check again (which takes step 1). */
    expect2(g, race, addr, pc, kind, same_blk && !md->ds, wrap);  /* scope: decision 13 */
    md->init = true;
    md->m = md->bs = md->ds = true;
    md->strong = false;
  }
  die("oracle re-check did not take step 1");
}

/* ---- emission ---------------------------------------------------------------------------- */

static char *lanes_str(char *buf, size_t len, uint64_t addr, unsigned n) {
  if (n > 1) snprintf(buf, len, "addr=0x%llx n=%u", (unsigned long long)addr, n);
  else snprintf(buf, len, "addr=0x%llx", (unsigned long long)addr);
  return buf;
}

/* Route each lane of an access to the prediction rule of its region. */
static void predict(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, int kind, bool vol,
                    int scope, uint64_t pc) {
  for (unsigned i = 0; i < n; i++) {
    uint64_t a = addr + 4ull * i;
    int mode = region_of(g, a);
    if (mode == GEN_ORACLE) {
      if (kind == GK_ATOM) die("oracle regions take loads and stores only");
      gen_expect_data(g, c, w, a, kind, vol, pc);
    } else if (mode == GEN_ATOMW) {
      if (kind != GK_ATOM) die("atomic-word regions take atomics only");
      gen_expect_atomic_word(g, c, a, scope, pc);
    }
  }
}

/* " dst=R use=A,B" for the trace (empty when neither is given). */
static char *regs_str(char *buf, size_t len, int dst, uint64_t use) {
  size_t k = 0;
  buf[0] = 0;
  if (dst >= 0) k += (size_t)snprintf(buf + k, len - k, " dst=%d", dst);
  for (int r = 0, first = 1; r < 64 && k < len; r++)
    if (use >> r & 1) {
      k += (size_t)snprintf(buf + k, len - k, "%s%d", first ? " use=" : ",", r);
      first = 0;
    }
  return buf;
}

/* Append a pending gen_spin's fields to trace line t (of size len) of warp (c, w). */
static void spin_suffix(gen *g, unsigned c, unsigned w, char *t, size_t len, bool atom) {
  gen_warp *x = &g->w[c][w];
  if (!x->spin || g->vec_only) return;
  size_t k = strlen(t);
  k += (size_t)snprintf(t + k, len - k, " spin=%llu count=%llu", (unsigned long long)x->spin_id,
                        (unsigned long long)x->spin_count);
  if (atom) snprintf(t + k, len - k, " spin_old=%lld", (long long)x->spin_old);
  x->spin = false;
}

static void access(gen *g, const char *kw, int kind, unsigned c, unsigned w, uint64_t addr,
                   unsigned n, bool vol, uint64_t pc, int dst, uint64_t use) {
  char la[64], rg[256], t[400];
  if (c >= g->grid || w >= g->warps || n == 0 || n > 32 || dst > 63) die("bad access");
  if (g->priv_inner && n > 2) {  /* the run's two end words only */
    predict(g, c, w, addr, 1, kind, vol, 0, pc);
    predict(g, c, w, addr + 4ull * (n - 1), 1, kind, vol, 0, pc);
  } else if (!g->priv) predict(g, c, w, addr, n, kind, vol, 0, pc);
  fprintf(g->vec, "%s sm=%u cta=%u warp=%u %s%s pc=0x%llx\n", kw, gen_sm(g, c), gen_slot(g, c),
          hw_warp(g, c, w), lanes_str(la, sizeof la, addr, n), vol ? " volatile" : "",
          (unsigned long long)pc);
  snprintf(t, sizeof t, "%s %s%s%s pc=0x%llx", kw, la, vol ? " volatile" : "", regs_str(rg, sizeof rg, dst, use),
           (unsigned long long)pc);
  if (g->w[c][w].spin && (kind != GK_LD || !vol || dst >= 0)) die("a polling access must be a volatile ld without dst, or an atom");
  spin_suffix(g, c, w, t, sizeof t, false);
  tline(g, c, w, t);
  g->events++;
}

void gen_ld(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, bool vol, uint64_t pc) {
  access(g, "ld", GK_LD, c, w, addr, n, vol, pc, -1, 0);
}
void gen_st(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, bool vol, uint64_t pc) {
  access(g, "st", GK_ST, c, w, addr, n, vol, pc, -1, 0);
}
void gen_ldr(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, bool vol, uint64_t pc, int dst,
             uint64_t use) {
  access(g, "ld", GK_LD, c, w, addr, n, vol, pc, dst, use);
}
void gen_str(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, bool vol, uint64_t pc, uint64_t use) {
  access(g, "st", GK_ST, c, w, addr, n, vol, pc, -1, use);
}

void gen_alu(gen *g, unsigned c, unsigned w, unsigned n, uint64_t use, uint64_t pc) {
  char rg[256], t[320];
  if (c >= g->grid || w >= g->warps || n == 0) die("bad alu");
  if (n > 1) snprintf(t, sizeof t, "alu n=%u%s pc=0x%llx", n, regs_str(rg, sizeof rg, -1, use), (unsigned long long)pc);
  else snprintf(t, sizeof t, "alu%s pc=0x%llx", regs_str(rg, sizeof rg, -1, use), (unsigned long long)pc);
  tline(g, c, w, t);
}

/* "lanes=A0,A1,..." */
static void lanes_list(char *buf, size_t len, const uint64_t *addr, unsigned n) {
  size_t k = (size_t)snprintf(buf, len, "lanes=");
  for (unsigned i = 0; i < n && k < len; i++)
    k += (size_t)snprintf(buf + k, len - k, "%s0x%llx", i ? "," : "", (unsigned long long)addr[i]);
}

void gen_ld_lanes(gen *g, unsigned c, unsigned w, const uint64_t *addr, unsigned n, bool vol, uint64_t pc,
                  int dst) {
  char la[32 * 20 + 8], rg[32], t[sizeof la + 96];
  if (c >= g->grid || w >= g->warps || n == 0 || n > 32 || dst > 63) die("bad gather");
  for (unsigned i = 0; i < n; i++) {
    if (!g->priv) predict(g, c, w, addr[i], 1, GK_LD, vol, 0, pc);
    fprintf(g->vec, "ld sm=%u cta=%u warp=%u addr=0x%llx%s pc=0x%llx\n", gen_sm(g, c), gen_slot(g, c),
            hw_warp(g, c, w), (unsigned long long)addr[i], vol ? " volatile" : "", (unsigned long long)pc);
    g->events++;
  }
  lanes_list(la, sizeof la, addr, n);
  snprintf(t, sizeof t, "ld %s%s%s pc=0x%llx", la, vol ? " volatile" : "", regs_str(rg, sizeof rg, dst, 0),
           (unsigned long long)pc);
  tline(g, c, w, t);
}

void gen_atom_lanes(gen *g, unsigned c, unsigned w, const uint64_t *addr, unsigned n, const char *op,
                    int scope, int64_t val, uint64_t pc) {
  char la[32 * 20 + 8], t[sizeof la + 96];
  if (c >= g->grid || w >= g->warps || n == 0 || n > 32 || !strcmp(op, "cas") || !strcmp(op, "exch"))
    die("bad atomic gather");
  for (unsigned i = 0; i < n; i++) {
    if (!g->priv) predict(g, c, w, addr[i], 1, GK_ATOM, true, scope, pc);
    fprintf(g->vec, "atom sm=%u cta=%u warp=%u addr=0x%llx op=%s scope=%s val=%lld pc=0x%llx\n", gen_sm(g, c),
            gen_slot(g, c), hw_warp(g, c, w), (unsigned long long)addr[i], op, scope_name[scope], (long long)val,
            (unsigned long long)pc);
    g->events++;
  }
  lanes_list(la, sizeof la, addr, n);
  snprintf(t, sizeof t, "atom %s op=%s scope=%s val=%lld pc=0x%llx", la, op, scope_name[scope], (long long)val,
           (unsigned long long)pc);
  tline(g, c, w, t);
}

void gen_atom(gen *g, unsigned c, unsigned w, uint64_t addr, unsigned n, const char *op, int scope,
              int64_t cmp, int64_t val, int64_t old, uint64_t pc) {
  char la[64], ops[96], t[320];
  if (c >= g->grid || w >= g->warps || n == 0 || n > 32) die("bad atomic");
  if (!g->priv) predict(g, c, w, addr, n, GK_ATOM, true, scope, pc);
  int k = 0;
  k += snprintf(ops + k, sizeof ops - (size_t)k, "op=%s scope=%s", op, scope_name[scope]);
  if (cmp >= 0) k += snprintf(ops + k, sizeof ops - (size_t)k, " cmp=%lld", (long long)cmp);
  if (val >= 0) k += snprintf(ops + k, sizeof ops - (size_t)k, " val=%lld", (long long)val);
  if (old >= 0) snprintf(ops + k, sizeof ops - (size_t)k, " old=%lld", (long long)old);
  fprintf(g->vec, "atom sm=%u cta=%u warp=%u %s %s pc=0x%llx\n", gen_sm(g, c), gen_slot(g, c),
          hw_warp(g, c, w), lanes_str(la, sizeof la, addr, n), ops, (unsigned long long)pc);
  snprintf(t, sizeof t, "atom %s %s pc=0x%llx", la, ops, (unsigned long long)pc);
  spin_suffix(g, c, w, t, sizeof t, true);
  tline(g, c, w, t);
  g->events++;
  /* Lock-table effect after the check (detector.md 3), single-lane lock operations. */
  gen_warp *x = &g->w[c][w];
  uint32_t a = (uint32_t)((addr >> 2) & 63u);
  bool dev = scope != GS_CTA;
  if (!strcmp(op, "cas") && cmp == 0 && val == 1 && old == 0) {
    for (unsigned i = 0; i < x->nlocks; i++)
      if (x->locks[i].a == a && x->locks[i].device == dev) return;
    if (x->nlocks == GEN_LOCK_ENTRIES) {
      memmove(&x->locks[0], &x->locks[1], (GEN_LOCK_ENTRIES - 1) * sizeof x->locks[0]);
      x->nlocks--;
    }
    x->locks[x->nlocks++] = (gen_lock){false, dev, a};
  } else if (!strcmp(op, "exch") && val == 0) {
    for (unsigned i = 0; i < x->nlocks; i++)
      if (x->locks[i].a == a && x->locks[i].device == dev) {
        memmove(&x->locks[i], &x->locks[i + 1], (x->nlocks - i - 1) * sizeof x->locks[0]);
        x->nlocks--;
        break;
      }
  }
}

void gen_fence(gen *g, unsigned c, unsigned w, int scope, uint64_t pc) {
  char t[64];
  gen_warp *x = &g->w[c][w];
  if (scope == GS_CTA) x->cta_fences++;
  else x->gpu_fences++;
  for (unsigned i = 0; i < x->nlocks; i++)
    if (scope == GS_GPU || !x->locks[i].device) x->locks[i].active = true;
  fprintf(g->vec, "fence sm=%u cta=%u warp=%u scope=%s pc=0x%llx\n", gen_sm(g, c), gen_slot(g, c),
          hw_warp(g, c, w), scope_name[scope], (unsigned long long)pc);
  snprintf(t, sizeof t, "fence scope=%s pc=0x%llx", scope_name[scope], (unsigned long long)pc);
  tline(g, c, w, t);
  g->events++;
}

void gen_bar(gen *g, unsigned c, uint64_t pc) {
  char t[48];
  g->bar[c]++;
  fprintf(g->vec, "bar sm=%u cta=%u pc=0x%llx\n", gen_sm(g, c), gen_slot(g, c), (unsigned long long)pc);
  snprintf(t, sizeof t, "bar pc=0x%llx", (unsigned long long)pc);
  for (unsigned w = 0; w < g->warps; w++) tline(g, c, w, t);
  g->events++;
}

/* A signal right after the warp's release goes onto that line (gen_tbuf_signal). */
void gen_signal(gen *g, unsigned c, unsigned w, uint64_t id) {
  if (!g->trace || g->vec_only) return;
  gen_tbuf_signal(&g->tl[c][w], id);
}

void gen_wait(gen *g, unsigned c, unsigned w, uint64_t id, uint64_t count) {
  char t[64];
  if (count == 0) return;
  snprintf(t, sizeof t, "wait id=%llu count=%llu", (unsigned long long)id, (unsigned long long)count);
  tline(g, c, w, t);
}

void gen_spin(gen *g, unsigned c, unsigned w, uint64_t id, uint64_t count, int64_t fail_old) {
  if (c >= g->grid || w >= g->warps) die("bad spin");
  if (count == 0) return;
  gen_warp *x = &g->w[c][w];
  x->spin = true;
  x->spin_id = id;
  x->spin_count = count;
  x->spin_old = fail_old;
}

void gen_acquire(gen *g, unsigned c, unsigned w, uint64_t lock, int ascope, int fscope,
                 bool skip_fence, uint64_t pc) {
  gen_atom(g, c, w, lock, 1, "cas", ascope, 0, 1, 0, pc);
  if (!skip_fence) gen_fence(g, c, w, fscope, pc + 4);
}

void gen_release(gen *g, unsigned c, unsigned w, uint64_t lock, int ascope, int fscope,
                 bool skip_fence, uint64_t pc) {
  if (!skip_fence) gen_fence(g, c, w, fscope, pc);
  gen_atom(g, c, w, lock, 1, "exch", ascope, -1, 0, -1, pc + 4);
}

static int cmp_ex(const void *a, const void *b) {
  const gen_exp *x = a, *y = b;
  if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
  if (x->pc != y->pc) return x->pc < y->pc ? -1 : 1;
  return x->type - y->type;
}

void gen_finish(gen *g) {
  for (unsigned c = 0; c < g->grid; c++)
    for (unsigned w = 0; w < g->warps; w++)
      if (g->w[c][w].spin) die("a gen_spin without its polling access before the run ended");
  flush_trace(g);
  if (g->nex) qsort(g->ex, g->nex, sizeof *g->ex, cmp_ex);
  uint64_t total = 0;
  for (size_t i = 0; i < g->nex; i++) total += g->ex[i].count;
  fprintf(g->vec, "# expected: %llu race record(s) in %zu expect line(s), %llu events\n",
          (unsigned long long)total, g->nex, (unsigned long long)g->events);
  for (size_t i = 0; i < g->nex; i++) {
    const gen_exp *e = &g->ex[i];
    fprintf(g->vec, "expect type=%s addr=0x%llx pc=0x%llx kind=%s scope=%s", gen_race_name[e->type],
            (unsigned long long)e->addr, (unsigned long long)e->pc, kind_name[e->kind],
            e->block ? "block" : "device");
    if (e->count > 1) fprintf(g->vec, " count=%llu", (unsigned long long)e->count);
    if (e->wrap) fputs("  # false race: 6-bit fence counter wrapped (litmus_fencewrap64_*)", g->vec);
    fputc('\n', g->vec);
  }
  free(g->ex);
  free(g->words);
  g->ex = NULL;
  g->words = NULL;
}
