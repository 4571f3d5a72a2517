/*
** vecread.c -- streaming reader of trace-vector files, formats 1 and 2 (vectors.md).
**
** Expected workload: hand-written files of a few lines up to dumped TLM streams of
** gigabytes; lines are scanned from a 64 KiB buffer, one event at a time, in constant
** memory (expect lines are kept).  Every malformed input ends the read with
** "FILE:LINE: message"; nothing is guessed or skipped.  Line 0 means the file itself
** (cannot be opened) and the command-line overrides are named as such.
*/
#include "scord/vecread.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { ST_HEADER, ST_CONFIG, ST_EVENTS, ST_EOF, ST_ERROR };

struct scord_vreader {
  char *name;
  FILE *f;
  const char *mem;
  size_t memlen;
  char buf[65536];
  size_t bpos, blen;
  bool src_eof;
  char line[SCORD_VR_MAX_LINE + 1];
  uint64_t lineno;
  int state;
  int format;              /* 1 or 2, from the header */
  scord_params p;
  bool race_buf_set;
  uint64_t cfg_line[SCORD_P_COUNT];
  uint64_t last_cfg_line;
  char **ovr;
  size_t novr;
  scord_expect *ex;
  size_t nex, capex;
  int open_errno;
  char err[SCORD_VR_MAX_LINE + 512];
};

static char *dupstr(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

static scord_vreader *vr_new(const char *name, const char *const *ovr, size_t novr) {
  scord_vreader *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->name = dupstr(name);
  r->ovr = calloc(novr ? novr : 1, sizeof *r->ovr);
  if (!r->name || !r->ovr) {
    scord_vr_close(r);
    return NULL;
  }
  for (size_t i = 0; i < novr; i++) {
    if (!(r->ovr[i] = dupstr(ovr[i]))) {
      scord_vr_close(r);
      return NULL;
    }
    r->novr++;
  }
  scord_params_default(&r->p);
  r->p.set_mask = 0;
  return r;
}

scord_vreader *scord_vr_open(const char *path, const char *const *ovr, size_t novr) {
  scord_vreader *r = vr_new(path, ovr, novr);
  if (!r) return NULL;
  if (strcmp(path, "-") == 0) {
    r->f = stdin;
  } else {
    r->f = fopen(path, "rb");
    if (!r->f) r->open_errno = errno ? errno : ENOENT;
  }
  return r;
}

scord_vreader *scord_vr_open_mem(const char *name, const char *buf, size_t len,
                                 const char *const *ovr, size_t novr) {
  scord_vreader *r = vr_new(name, ovr, novr);
  if (!r) return NULL;
  r->mem = buf;
  r->memlen = len;
  return r;
}

void scord_vr_close(scord_vreader *r) {
  if (!r) return;
  if (r->f && r->f != stdin) fclose(r->f);
  for (size_t i = 0; i < r->novr; i++) free(r->ovr[i]);
  free(r->ovr);
  free(r->ex);
  free(r->name);
  free(r);
}

const char *scord_vr_error(const scord_vreader *r) { return r->err; }
const scord_params *scord_vr_params(const scord_vreader *r) { return &r->p; }
bool scord_vr_race_buf_set(const scord_vreader *r) { return r->race_buf_set; }
const char *scord_vr_name(const scord_vreader *r) { return r->name; }
uint64_t scord_vr_line(const scord_vreader *r) { return r->lineno; }
const scord_expect *scord_vr_expects(const scord_vreader *r, size_t *n) {
  *n = r->nex;
  return r->ex;
}

static int fail_at(scord_vreader *r, uint64_t line, const char *fmt, ...) {
  int off = snprintf(r->err, sizeof r->err, "%s:%" PRIu64 ": ", r->name, line);
  va_list ap;
  va_start(ap, fmt);
  if (off > 0 && (size_t)off < sizeof r->err) vsnprintf(r->err + off, sizeof r->err - (size_t)off, fmt, ap);
  va_end(ap);
  r->state = ST_ERROR;
  return -1;
}
#define FAIL(...) return fail_at(r, r->lineno, __VA_ARGS__)

/* Next byte of the source, or -1 at its end. */
static inline int getch(scord_vreader *r) {
  if (r->mem) return r->bpos < r->memlen ? (unsigned char)r->mem[r->bpos++] : -1;
  if (r->bpos == r->blen) {
    if (r->src_eof) return -1;
    r->blen = fread(r->buf, 1, sizeof r->buf, r->f);
    r->bpos = 0;
    if (r->blen == 0) {
      r->src_eof = true;
      return -1;
    }
  }
  return (unsigned char)r->buf[r->bpos++];
}

/* Read one line into r->line: 1 = line, 0 = clean end of file, -1 = error. */
static int read_line(scord_vreader *r) {
  size_t len = 0;
  for (;;) {
    int c = getch(r);
    if (c < 0) {
      if (r->f && ferror(r->f)) return fail_at(r, r->lineno + 1, "read error: %s", strerror(errno));
      if (len == 0) return 0;
      return fail_at(r, r->lineno + 1, "file ends mid-line (the last line has no newline)");
    }
    if (c == '\n') break;
    if (c == 0) return fail_at(r, r->lineno + 1, "NUL byte in line");
    if (len >= SCORD_VR_MAX_LINE)
      return fail_at(r, r->lineno + 1, "line longer than %d characters", SCORD_VR_MAX_LINE);
    r->line[len++] = (char)c;
  }
  r->line[len] = 0;
  r->lineno++;
  return 1;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

#define MAX_TOK 64

/* Split the comment-stripped line into tokens in place. Returns the count or -1. */
static int tokenize(scord_vreader *r, char **tok) {
  char *s = r->line;
  char *hash = strchr(s, '#');
  if (hash) *hash = 0;
  int n = 0;
  while (*s) {
    while (is_space(*s)) *s++ = 0;
    if (!*s) break;
    if (n == MAX_TOK) return fail_at(r, r->lineno, "more than %d fields on one line", MAX_TOK - 1);
    tok[n++] = s;
    while (*s && !is_space(*s)) s++;
  }
  return n;
}

/* Strict unsigned number (vectors.md: decimal or 0x hex, at most 64 bits). */
static int parse_num(scord_vreader *r, const char *key, const char *v, uint64_t *out) {
  if (*v == '-') return fail_at(r, r->lineno, "field '%s': negative value '%s' (numbers are unsigned; write two's complement)", key, v);
  const char *s = v;
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
  }
  if (!*s) return fail_at(r, r->lineno, "field '%s': '%s' is not a number", key, v);
  uint64_t acc = 0;
  for (; *s; s++) {
    unsigned d;
    if (*s >= '0' && *s <= '9') d = (unsigned)(*s - '0');
    else if (base == 16 && *s >= 'a' && *s <= 'f') d = (unsigned)(*s - 'a' + 10);
    else if (base == 16 && *s >= 'A' && *s <= 'F') d = (unsigned)(*s - 'A' + 10);
    else return fail_at(r, r->lineno, "field '%s': '%s' is not a number", key, v);
    if (acc > (UINT64_MAX - d) / (uint64_t)base)
      return fail_at(r, r->lineno, "field '%s': '%s' does not fit in 64 bits", key, v);
    acc = acc * (uint64_t)base + d;
  }
  *out = acc;
  return 0;
}

/* ---- keyword grammar (vectors.md "Items") ---- */
enum { F_SM, F_CTA, F_WARP, F_ADDR, F_PC, F_VOLATILE, F_N, F_STRIDE, F_OP, F_SCOPE, F_CMP,
       F_VAL, F_OLD, F_FIRST_WARP, F_WARPS, F_NAME, F_TYPE, F_KIND, F_COUNT, F_SEM, F_LANE,
       F_SPEC, F_NFIELDS };
static const char *const field_key[F_NFIELDS] = {
    "sm", "cta", "warp", "addr", "pc", "volatile", "n", "stride", "op", "scope", "cmp",
    "val", "old", "first_warp", "warps", "name", "type", "kind", "count", "sem", "lane", "spec"};
/* Fields of file format 2 (vectors.md section 1). */
#define FORMAT2_FIELDS (B(F_SEM) | B(F_LANE) | B(F_SPEC))
#define B(f) (1u << (f))

typedef struct kw {
  const char *word;
  int ev;            /* scord_ev_type, or -1 for expect */
  uint32_t req, opt;
} kw;

static const kw keywords[] = {
    {"ld", SCORD_EV_LD, B(F_SM) | B(F_CTA) | B(F_WARP) | B(F_ADDR),
     B(F_PC) | B(F_VOLATILE) | B(F_N) | B(F_STRIDE) | B(F_SEM) | B(F_SCOPE) | B(F_LANE)},
    {"st", SCORD_EV_ST, B(F_SM) | B(F_CTA) | B(F_WARP) | B(F_ADDR),
     B(F_PC) | B(F_VOLATILE) | B(F_N) | B(F_STRIDE) | B(F_SEM) | B(F_SCOPE) | B(F_LANE)},
    {"atom", SCORD_EV_ATOM, B(F_SM) | B(F_CTA) | B(F_WARP) | B(F_ADDR) | B(F_OP) | B(F_SCOPE),
     B(F_PC) | B(F_CMP) | B(F_VAL) | B(F_OLD) | B(F_N) | B(F_STRIDE) | B(F_SEM) | B(F_LANE)},
    {"fence", SCORD_EV_FENCE, B(F_SM) | B(F_CTA) | B(F_WARP) | B(F_SCOPE), B(F_PC) | B(F_SEM)},
    {"syncwarp", SCORD_EV_SYNCWARP, B(F_SM) | B(F_CTA) | B(F_WARP), B(F_PC)},
    {"bar", SCORD_EV_BAR, B(F_SM) | B(F_CTA), B(F_PC)},
    {"cta", SCORD_EV_CTA, B(F_SM) | B(F_CTA) | B(F_FIRST_WARP) | B(F_WARPS), 0},
    {"kernel", SCORD_EV_KERNEL, 0, B(F_NAME)},
    {"expect", -1, B(F_TYPE) | B(F_ADDR),
     B(F_PC) | B(F_KIND) | B(F_SCOPE) | B(F_SM) | B(F_CTA) | B(F_WARP) | B(F_COUNT) | B(F_SPEC)},
};

static int lookup_word(const char *const *names, int n, const char *s) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0) return i;
  return -1;
}

/* Apply the command-line overrides, then finalize; the configuration is frozen after. */
static int freeze(scord_vreader *r) {
  char msg[512];
  for (size_t i = 0; i < r->novr; i++) {
    char kv[256];
    snprintf(kv, sizeof kv, "%s", r->ovr[i]);
    char *eq = strchr(kv, '=');
    if (!eq) return fail_at(r, 0, "--config %s: expected key=value", r->ovr[i]);
    *eq = 0;
    if (scord_params_set(&r->p, kv, eq + 1, msg, sizeof msg) != 0)
      return fail_at(r, 0, "--config: %s", msg);
    if (strcmp(kv, "race_buf_entries") == 0) r->race_buf_set = true;
  }
  if (scord_params_finalize(&r->p, msg, sizeof msg) != 0)
    return fail_at(r, r->last_cfg_line, "config: %s", msg);
  r->state = ST_EVENTS;
  return 0;
}

static int do_config(scord_vreader *r, char **tok, int ntok) {
  if (r->state == ST_EVENTS)
    FAIL("'config' after the first event (configuration is frozen at the first event)");
  if (ntok < 2) FAIL("'config' with no key=value");
  uint32_t seen = 0;
  for (int i = 1; i < ntok; i++) {
    char *eq = strchr(tok[i], '=');
    if (!eq || eq == tok[i]) FAIL("config: expected key=value, got '%s'", tok[i]);
    *eq = 0;
    const char *key = tok[i], *val = eq + 1;
    int id = -1;
    for (int k = 0; k < SCORD_P_COUNT; k++)
      if (strcmp(scord_param_table[k].key, key) == 0) id = k;
    if (id < 0) FAIL("config: unknown key '%s'", key);
    if (seen & (1u << id)) FAIL("config: duplicate key '%s'", key);
    if (r->cfg_line[id]) FAIL("config: key '%s' already set at line %" PRIu64, key, r->cfg_line[id]);
    seen |= 1u << id;
    if (!*val) FAIL("config: key '%s' has no value", key);
    if (*val == '-') FAIL("config: '%s': negative value '%s'", key, val);
    char msg[512];
    if (scord_params_set(&r->p, key, val, msg, sizeof msg) != 0) FAIL("config: %s", msg);
    r->cfg_line[id] = r->lineno;
    if (id == SCORD_P_race_buf_entries) r->race_buf_set = true;
  }
  r->last_cfg_line = r->lineno;
  return 0;
}

static int add_expect(scord_vreader *r, const scord_expect *e) {
  if (r->nex == r->capex) {
    size_t nc = r->capex ? 2 * r->capex : 16;
    scord_expect *n = realloc(r->ex, nc * sizeof *n);
    if (!n) FAIL("out of memory");
    r->ex = n;
    r->capex = nc;
  }
  r->ex[r->nex++] = *e;
  return 0;
}

/* Parse an item line: 1 = event in *ev, 0 = consumed (config, expect), -1 = error. */
static int parse_item(scord_vreader *r, char **tok, int ntok, scord_event *ev) {
  if (strcmp(tok[0], "config") == 0) return do_config(r, tok, ntok) < 0 ? -1 : 0;
  if (strcmp(tok[0], "scord-vectors") == 0) FAIL("second 'scord-vectors' header");
  /* Format 2 mnemonics: `ld.acquire` is `ld sem=acquire` (PTX spelling). */
  char word[16];
  const char *suffix = NULL, *dot = strchr(tok[0], '.');
  snprintf(word, sizeof word, "%.*s", dot ? (int)(dot - tok[0]) : (int)strlen(tok[0]), tok[0]);
  const kw *k = NULL;
  for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
    if (strcmp(keywords[i].word, word) == 0) k = &keywords[i];
  if (!k || (dot && !(k->opt & B(F_SEM)))) FAIL("unknown keyword '%s'", tok[0]);
  if (dot) {
    if (r->format < 2) FAIL("'%s' needs file format 2 (header 'scord-vectors 2')", tok[0]);
    suffix = dot + 1;
  }
  if (k->ev == SCORD_EV_SYNCWARP && r->format < 2)
    FAIL("'syncwarp' needs file format 2 (header 'scord-vectors 2')");
  const char *val[F_NFIELDS] = {0};
  uint32_t seen = 0;
  for (int i = 1; i < ntok; i++) {
    char *eq = strchr(tok[i], '=');
    if (eq == tok[i]) FAIL("%s: field '%s' has no key", k->word, tok[i]);
    if (eq) *eq = 0;
    int f = lookup_word(field_key, F_NFIELDS, tok[i]);
    if (f < 0 || !((k->req | k->opt) & B(f))) FAIL("%s: unknown key '%s'", k->word, tok[i]);
    if ((B(f) & FORMAT2_FIELDS) && r->format < 2)
      FAIL("%s: field '%s' needs file format 2 (header 'scord-vectors 2')", k->word, tok[i]);
    if (seen & B(f)) FAIL("%s: duplicate key '%s'", k->word, tok[i]);
    seen |= B(f);
    if (f == F_VOLATILE) {
      if (eq) FAIL("%s: 'volatile' is a flag and takes no value", k->word);
      val[f] = "1";
      continue;
    }
    if (!eq) FAIL("%s: '%s' needs a value (%s=...)", k->word, tok[i], tok[i]);
    if (!eq[1]) FAIL("%s: key '%s' has no value", k->word, tok[i]);
    val[f] = eq + 1;
  }
  if (suffix) {
    if (seen & B(F_SEM)) FAIL("%s: field 'sem' given twice (in '%s' and as sem=)", k->word, tok[0]);
    val[F_SEM] = suffix;
  }
  uint32_t missing = k->req & ~seen;
  if (missing) {
    for (int f = 0; f < F_NFIELDS; f++)
      if (missing & B(f)) FAIL("%s: missing required field '%s'", k->word, field_key[f]);
  }
  if (k->ev >= 0 && r->state != ST_EVENTS && freeze(r) < 0) return -1;

  uint64_t num[F_NFIELDS] = {0};
  static const int numeric[] = {F_SM, F_CTA, F_WARP, F_ADDR, F_PC, F_N, F_STRIDE, F_CMP, F_VAL,
                                F_OLD, F_FIRST_WARP, F_WARPS, F_COUNT, F_LANE, F_SPEC};
  for (size_t i = 0; i < sizeof numeric / sizeof *numeric; i++) {
    int f = numeric[i];
    if (val[f] && parse_num(r, field_key[f], val[f], &num[f]) < 0) return -1;
  }
  if (k->ev < 0) { /* expect */
    scord_expect e = {0};
    int t = scord_race_type_from_name(val[F_TYPE]);
    if (t < 0) FAIL("expect: unknown race type '%s'", val[F_TYPE]);
    e.type = (uint8_t)t;
    e.addr = num[F_ADDR];
    e.line = r->lineno;
    e.has_pc = val[F_PC] != NULL;
    e.pc = num[F_PC];
    if (val[F_KIND]) {
      int kd = lookup_word(scord_kind_name, 3, val[F_KIND]);
      if (kd < 0) FAIL("expect: unknown kind '%s' (ld, st, atom)", val[F_KIND]);
      e.has_kind = true;
      e.kind = (uint8_t)kd;
    }
    if (val[F_SCOPE]) {
      if (strcmp(val[F_SCOPE], "block") == 0) e.block_scope = true;
      else if (strcmp(val[F_SCOPE], "device") != 0) FAIL("expect: unknown scope '%s' (block, device)", val[F_SCOPE]);
      e.has_scope = true;
    }
    if (num[F_SM] > UINT16_MAX || num[F_CTA] > UINT16_MAX || num[F_WARP] > UINT16_MAX)
      FAIL("expect: sm/cta/warp out of range");
    e.has_sm = val[F_SM] != NULL;
    e.has_cta = val[F_CTA] != NULL;
    e.has_warp = val[F_WARP] != NULL;
    e.sm = (uint16_t)num[F_SM];
    e.cta = (uint16_t)num[F_CTA];
    e.warp = (uint16_t)num[F_WARP];
    e.count = val[F_COUNT] ? num[F_COUNT] : 1;
    if (val[F_SPEC] && (num[F_SPEC] < 1 || num[F_SPEC] > 2))
      FAIL("expect: spec=%" PRIu64 " out of range [1, 2] (the spec_version it applies to)", num[F_SPEC]);
    e.spec = (uint8_t)num[F_SPEC];
    if (e.count < 1 || e.count > 1000000) FAIL("expect: count=%" PRIu64 " out of range [1, 1000000]", e.count);
    return add_expect(r, &e) < 0 ? -1 : 0;
  }

  const scord_params *p = &r->p;
  memset(ev, 0, sizeof *ev);
  ev->type = (uint8_t)k->ev;
  ev->line = r->lineno;
  if (val[F_SM] && num[F_SM] >= p->num_sms)
    FAIL("%s: sm=%" PRIu64 " is beyond the configuration (num_sms=%" PRIu64 ")", k->word, num[F_SM], p->num_sms);
  if (val[F_CTA] && num[F_CTA] >= p->ctas_per_sm)
    FAIL("%s: cta=%" PRIu64 " is beyond the configuration (ctas_per_sm=%" PRIu64 ")", k->word, num[F_CTA], p->ctas_per_sm);
  if (val[F_WARP] && num[F_WARP] >= p->warps_per_sm)
    FAIL("%s: warp=%" PRIu64 " is beyond the configuration (warps_per_sm=%" PRIu64 ")", k->word, num[F_WARP], p->warps_per_sm);
  ev->sm = (uint16_t)num[F_SM];
  ev->cta = (uint16_t)num[F_CTA];
  ev->warp = (uint16_t)num[F_WARP];
  ev->pc = num[F_PC];
  if (val[F_SCOPE]) {
    int s = lookup_word(scord_scope_name, 3, val[F_SCOPE]);
    if (s < 0) FAIL("%s: unknown scope '%s' (cta, gpu, sys)", k->word, val[F_SCOPE]);
    ev->scope = (uint8_t)s;
  }
  if (k->ev == SCORD_EV_LD || k->ev == SCORD_EV_ST || k->ev == SCORD_EV_ATOM) {
    uint64_t amax = p->addr_bits >= 64 ? UINT64_MAX : (((uint64_t)1 << p->addr_bits) - 1);
    uint64_t n = val[F_N] ? num[F_N] : 1, stride = val[F_STRIDE] ? num[F_STRIDE] : 4;
    if (n < 1 || n > 32) FAIL("%s: n=%" PRIu64 " out of range [1, 32]", k->word, n);
    if (num[F_ADDR] > amax)
      FAIL("%s: addr=0x%" PRIx64 " does not fit in addr_bits=%" PRIu64, k->word, num[F_ADDR], p->addr_bits);
    if (n > 1 && (stride > (amax - num[F_ADDR]) / (n - 1)))
      FAIL("%s: last lane addr+%" PRIu64 "*stride goes beyond addr_bits=%" PRIu64, k->word, n - 1, p->addr_bits);
    ev->addr = num[F_ADDR];
    ev->n = (uint8_t)n;
    ev->stride = stride;
    ev->is_volatile = val[F_VOLATILE] != NULL;
    if (val[F_LANE] && (num[F_LANE] > SCORD_LANES - 1 || num[F_LANE] + n > SCORD_LANES))
      FAIL("%s: lane=%" PRIu64 " with n=%" PRIu64 " goes beyond lane 31", k->word, num[F_LANE], n);
    ev->lane = (uint8_t)num[F_LANE];
  }
  if (val[F_SEM]) {
    int sem = lookup_word(scord_sem_name, SCORD_SEM_COUNT, val[F_SEM]);
    if (sem <= 0 || !scord_sem_valid((unsigned)k->ev, (unsigned)sem))
      FAIL("%s: field 'sem': '%s' is not one of: %s", k->word, val[F_SEM], scord_sem_allowed((unsigned)k->ev));
    ev->sem = (uint8_t)sem;
  }
  if ((k->ev == SCORD_EV_LD || k->ev == SCORD_EV_ST) && !val[F_SEM] != !val[F_SCOPE])
    FAIL("%s: fields 'sem' and 'scope' go together (an ordered access has a scope)", k->word);
  if (k->ev == SCORD_EV_ATOM) {
    int op = lookup_word(scord_op_name, SCORD_OP_COUNT, val[F_OP]);
    if (op < 0) FAIL("atom: unknown op '%s'", val[F_OP]);
    ev->op = (uint8_t)op;
    static const int opnd[] = {F_CMP, F_VAL, F_OLD};
    for (int i = 0; i < 3; i++)
      if (val[opnd[i]] && num[opnd[i]] > UINT32_MAX)
        FAIL("atom: %s=0x%" PRIx64 " does not fit in 32 bits", field_key[opnd[i]], num[opnd[i]]);
    ev->has_cmp = val[F_CMP] != NULL;
    ev->has_val = val[F_VAL] != NULL;
    ev->has_old = val[F_OLD] != NULL;
    ev->cmp = (uint32_t)num[F_CMP];
    ev->val = (uint32_t)num[F_VAL];
    ev->old = (uint32_t)num[F_OLD];
  }
  if (k->ev == SCORD_EV_KERNEL && val[F_NAME]) {
    if (strlen(val[F_NAME]) >= sizeof ev->name)
      FAIL("kernel: name '%s' is longer than %zu characters", val[F_NAME], sizeof ev->name - 1);
    strcpy(ev->name, val[F_NAME]);
  }
  if (k->ev == SCORD_EV_CTA) {
    if (num[F_WARPS] < 1) FAIL("cta: warps=0 (a CTA owns at least one warp)");
    if (num[F_FIRST_WARP] >= p->warps_per_sm || num[F_WARPS] > p->warps_per_sm - num[F_FIRST_WARP])
      FAIL("cta: warps %" PRIu64 "..%" PRIu64 " are beyond the configuration (warps_per_sm=%" PRIu64 ")",
           num[F_FIRST_WARP], num[F_FIRST_WARP] + num[F_WARPS] - 1, p->warps_per_sm);
    ev->first_warp = (uint16_t)num[F_FIRST_WARP];
    ev->warps = (uint16_t)num[F_WARPS];
  }
  return 1;
}

int scord_vr_next(scord_vreader *r, scord_event *ev) {
  if (r->state == ST_ERROR) return -1;
  if (r->state == ST_EOF) return 0;
  if (!r->mem && !r->f) {
    r->state = ST_ERROR;
    snprintf(r->err, sizeof r->err, "%s:0: cannot open file: %s", r->name, strerror(r->open_errno));
    return -1;
  }
  for (;;) {
    int rc = read_line(r);
    if (rc < 0) return -1;
    if (rc == 0) {
      if (r->state == ST_HEADER)
        return fail_at(r, r->lineno ? r->lineno : 1, r->lineno ? "no 'scord-vectors 1' header (only comments or blank lines)" : "empty file (no 'scord-vectors 1' header)");
      if (r->state == ST_CONFIG && freeze(r) < 0) return -1;
      /* Expectations for another spec_version (format 2 `spec=`) are not this run's: the
      ** configuration is frozen now, so they are left out (vectors.md section 3). */
      size_t k = 0;
      for (size_t i = 0; i < r->nex; i++)
        if (!r->ex[i].spec || r->ex[i].spec == r->p.spec_version) r->ex[k++] = r->ex[i];
      r->nex = k;
      r->state = ST_EOF;
      return 0;
    }
    char *tok[MAX_TOK];
    int n = tokenize(r, tok);
    if (n < 0) return -1;
    if (n == 0) continue;
    if (r->state == ST_HEADER) {
      if (strcmp(tok[0], "scord-vectors") != 0)
        FAIL("missing header: the first item must be 'scord-vectors 1', got '%s'", tok[0]);
      if (n != 2 || (strcmp(tok[1], "1") != 0 && strcmp(tok[1], "2") != 0))
        FAIL("unsupported header '%s%s%s': this reader knows 'scord-vectors 1' and 'scord-vectors 2'", tok[0], n > 1 ? " " : "", n > 1 ? tok[1] : "");
      r->format = tok[1][0] - '0';
      r->state = ST_CONFIG;
      continue;
    }
    rc = parse_item(r, tok, n, ev);
    if (rc != 0) return rc;
  }
}

void scord_event_write(FILE *f, const scord_event *ev) {
  switch ((scord_ev_type)ev->type) {
  case SCORD_EV_LD:
  case SCORD_EV_ST:
  case SCORD_EV_ATOM:
    fprintf(f, "%s sm=%u cta=%u warp=%u addr=0x%" PRIx64, ev->type == SCORD_EV_LD ? "ld" : ev->type == SCORD_EV_ST ? "st" : "atom",
            ev->sm, ev->cta, ev->warp, ev->addr);
    if (ev->sem) fprintf(f, " sem=%s", scord_sem_name[ev->sem]);
    if (ev->lane) fprintf(f, " lane=%u", ev->lane);
    if (ev->sem && ev->type != SCORD_EV_ATOM) fprintf(f, " scope=%s", scord_scope_name[ev->scope]);
    if (ev->type == SCORD_EV_ATOM) {
      fprintf(f, " op=%s scope=%s", scord_op_name[ev->op], scord_scope_name[ev->scope]);
      if (ev->has_cmp) fprintf(f, " cmp=%" PRIu32, ev->cmp);
      if (ev->has_val) fprintf(f, " val=%" PRIu32, ev->val);
      if (ev->has_old) fprintf(f, " old=%" PRIu32, ev->old);
    } else if (ev->is_volatile) {
      fputs(" volatile", f);
    }
    if (ev->n > 1) fprintf(f, " n=%u stride=%" PRIu64, ev->n, ev->stride);
    if (ev->pc) fprintf(f, " pc=0x%" PRIx64, ev->pc);
    break;
  case SCORD_EV_FENCE:
    fprintf(f, "fence sm=%u cta=%u warp=%u scope=%s", ev->sm, ev->cta, ev->warp, scord_scope_name[ev->scope]);
    if (ev->sem) fprintf(f, " sem=%s", scord_sem_name[ev->sem]);
    if (ev->pc) fprintf(f, " pc=0x%" PRIx64, ev->pc);
    break;
  case SCORD_EV_SYNCWARP:
    fprintf(f, "syncwarp sm=%u cta=%u warp=%u", ev->sm, ev->cta, ev->warp);
    if (ev->pc) fprintf(f, " pc=0x%" PRIx64, ev->pc);
    break;
  case SCORD_EV_BAR:
    fprintf(f, "bar sm=%u cta=%u", ev->sm, ev->cta);
    if (ev->pc) fprintf(f, " pc=0x%" PRIx64, ev->pc);
    break;
  case SCORD_EV_CTA:
    fprintf(f, "cta sm=%u cta=%u first_warp=%u warps=%u", ev->sm, ev->cta, ev->first_warp, ev->warps);
    break;
  case SCORD_EV_KERNEL:
    fputs("kernel", f);
    if (ev->name[0]) fprintf(f, " name=%s", ev->name);
    break;
  }
  fputc('\n', f);
}
