/*
** scord_state.c -- hardware-state budget of a ScoRD configuration (docs/synth.md).
**
** Prints the bits and bytes of the state the paper counts (ScoRD ISCA'20, section IV-C):
** the fence file in the detector, and per SM the barrier counters and lock tables
** (detector.md section 3), plus the metadata memory overhead for each MdRatio (section 4).
** Parameters come from the C model's table (scord.h SCORD_PARAM_LIST) and are validated by
** scord_params_finalize, so a configuration whose metadata entry exceeds 64 bits is rejected
** with the model's own message, never truncated.
**
** It is also the generator of everything that another language needs from the two
** parameter tables (SCORD_PARAM_LIST in scord.h, SCORD_RTL_PARAM_LIST and the variants in
** rtl_params.h): the SystemVerilog package block, the CMake variant file, the assignments
** synth/run.sh passes to Yosys.
**
** Usage: scord-state [--csv] [--csv-header] [--md-sweep] [--rtl-params] [--sv-defaults]
**                    [--cmake] [--variant NAME [--chparam | --config]] [Name=value ...]
**   Name is the snake_case key (fence_id_bits), the spec/RTL name (FenceIdBits) or an RTL
**   micro-architecture parameter (MaxOutstanding).
*/
#define _POSIX_C_SOURCE 200809L  /* strtok_r */
#include <scord/rtl_params.h>
#include <scord/scord.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The budget of one configuration, all in bits unless named _bytes. */
typedef struct state_budget {
  uint64_t fence_entry_bits;   /* two FenceIdBits counters per hardware warp */
  uint64_t fence_file_bits;    /* NumSms * WarpsPerSm entries */
  uint64_t barrier_bits_sm;    /* CtasPerSm * BarrierIdBits */
  uint64_t lock_entry_bits;    /* valid + active + scope + 2k hash */
  uint64_t lock_table_bits_sm; /* WarpsPerSm * LockEntries entries */
  uint64_t per_sm_bits;        /* barrier counters + lock tables */
  uint64_t total_bits;         /* fence file + NumSms * per SM */
  unsigned md_entry_bits;      /* used bits of the 64-bit metadata entry */
} state_budget;

/* Convert "FenceIdBits" to "fence_id_bits" into out (snake_case keys pass unchanged).
** Returns 0, or -1 when out is too small. */
static int to_snake(const char *in, char *out, size_t len) {
  size_t o = 0;
  for (size_t i = 0; in[i] != '\0'; i++) {
    unsigned char c = (unsigned char)in[i];
    if (isupper(c)) {
      if (i > 0) {
        if (o + 1 >= len) return -1;
        out[o++] = '_';
      }
      c = (unsigned char)tolower(c);
    }
    if (o + 1 >= len) return -1;
    out[o++] = (char)c;
  }
  out[o] = '\0';
  return 0;
}

/* Fill *b from finalized params p. */
static void budget_compute(const scord_params *p, state_budget *b) {
  scord_layout l;
  unsigned k = scord_clog2(p->bloom_bin_bits); /* bloom bin index width, section 3 */
  b->fence_entry_bits = 2 * p->fence_id_bits;
  b->fence_file_bits = p->num_sms * p->warps_per_sm * b->fence_entry_bits;
  b->barrier_bits_sm = p->ctas_per_sm * p->barrier_id_bits;
  b->lock_entry_bits = 3 + 2 * (uint64_t)k;
  b->lock_table_bits_sm = p->warps_per_sm * p->lock_entries * b->lock_entry_bits;
  b->per_sm_bits = b->barrier_bits_sm + b->lock_table_bits_sm;
  b->total_bits = b->fence_file_bits + p->num_sms * b->per_sm_bits;
  b->md_entry_bits = scord_layout_init(&l, p);
}

/* Metadata bytes per data byte, in percent: one 8-byte entry per Granule*MdRatio bytes. */
static double md_overhead_pct(const scord_params *p) {
  return 100.0 * 8.0 / (double)(p->granule * p->md_ratio);
}

/* Bits to bytes, rounded up (a partly used byte is still state). */
static uint64_t bytes_of(uint64_t bits) { return (bits + 7) / 8; }

static const char *const csv_header =
    "num_sms,ctas_per_sm,warps_per_sm,fence_id_bits,barrier_id_bits,bloom_bin_bits,"
    "lock_entries,md_ratio,md_entry_bits,fence_file_bytes,barrier_bytes_per_sm,"
    "lock_table_bytes_per_sm,per_sm_bytes,total_state_bytes,md_overhead_pct";

static void print_csv(const scord_params *p, const state_budget *b) {
  printf("%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%u,%llu,%llu,%llu,%llu,%llu,%.3f\n",
         (unsigned long long)p->num_sms, (unsigned long long)p->ctas_per_sm,
         (unsigned long long)p->warps_per_sm, (unsigned long long)p->fence_id_bits,
         (unsigned long long)p->barrier_id_bits, (unsigned long long)p->bloom_bin_bits,
         (unsigned long long)p->lock_entries, (unsigned long long)p->md_ratio,
         b->md_entry_bits, (unsigned long long)bytes_of(b->fence_file_bits),
         (unsigned long long)bytes_of(b->barrier_bits_sm),
         (unsigned long long)bytes_of(b->lock_table_bits_sm),
         (unsigned long long)bytes_of(b->per_sm_bits),
         (unsigned long long)bytes_of(b->total_bits), md_overhead_pct(p));
}

static void print_text(const scord_params *p, const state_budget *b) {
  printf("ScoRD hardware state (paper section IV-C counts fence file, barrier counters, lock tables)\n");
  printf("  fence file        %llu entries x %llu bits = %llu bits = %llu bytes   (paper: 720 bytes)\n",
         (unsigned long long)(p->num_sms * p->warps_per_sm),
         (unsigned long long)b->fence_entry_bits, (unsigned long long)b->fence_file_bits,
         (unsigned long long)bytes_of(b->fence_file_bits));
  printf("  barrier counters  %llu x %llu bits = %llu bits per SM\n",
         (unsigned long long)p->ctas_per_sm, (unsigned long long)p->barrier_id_bits,
         (unsigned long long)b->barrier_bits_sm);
  printf("  lock tables       %llu warps x %llu entries x %llu bits = %llu bits per SM\n",
         (unsigned long long)p->warps_per_sm, (unsigned long long)p->lock_entries,
         (unsigned long long)b->lock_entry_bits, (unsigned long long)b->lock_table_bits_sm);
  printf("  per SM            %llu bits = %llu bytes   (paper: 152 bytes)\n",
         (unsigned long long)b->per_sm_bits, (unsigned long long)bytes_of(b->per_sm_bits));
  printf("  total             %llu bits = %llu bytes = %.2f KiB   (paper: about 2.9 KB)\n",
         (unsigned long long)b->total_bits, (unsigned long long)bytes_of(b->total_bits),
         (double)bytes_of(b->total_bits) / 1024.0);
  printf("  metadata entry    %u of 64 bits used\n", b->md_entry_bits);
  printf("  metadata memory   %.3f %% of the tracked window (granule %llu, md_ratio %llu)\n",
         md_overhead_pct(p), (unsigned long long)p->granule, (unsigned long long)p->md_ratio);
}

/* Metadata overhead for md_ratio 1, 2, 4, ... 16 with the other parameters as given;
** a ratio the configuration rejects (e.g. TagBits too narrow) is printed with the reason. */
static void print_md_sweep(const scord_params *base, int csv) {
  if (csv) printf("md_ratio,tag_bits,md_entry_bits,md_region_bytes,md_overhead_pct,status\n");
  for (unsigned r = 1; r <= 16; r *= 2) {
    scord_params p = *base;
    char val[16], err[256];
    snprintf(val, sizeof val, "%u", r);
    int rc = scord_params_set(&p, "md_ratio", val, err, sizeof err);
    if (rc == 0) rc = scord_params_finalize(&p, err, sizeof err);
    if (rc != 0) {
      if (csv)
        printf("%u,,,,,\"rejected: %s\"\n", r, err);
      else
        printf("  md_ratio %2u: rejected: %s\n", r, err);
      continue;
    }
    scord_layout l;
    unsigned bits = scord_layout_init(&l, &p);
    uint64_t region = p.heap_bytes / p.granule / p.md_ratio * 8;
    if (csv)
      printf("%u,%llu,%u,%llu,%.3f,ok\n", r, (unsigned long long)p.tag_bits, bits,
             (unsigned long long)region, md_overhead_pct(&p));
    else
      printf("  md_ratio %2u: %8.3f %% (%llu bytes of metadata for a %llu-byte window)\n", r,
             md_overhead_pct(&p), (unsigned long long)region, (unsigned long long)p.heap_bytes);
  }
}

/* Every parameter's value in table order. */
static void param_values(const scord_params *p, uint64_t v[SCORD_P_COUNT]) {
  int i = 0;
#define SCORD_X_VAL(name, def, lo, hi, derived, doc) v[i++] = p->name;
  SCORD_PARAM_LIST(SCORD_X_VAL)
#undef SCORD_X_VAL
}

/* The RTL name of table key k (num_sms -> NumSms) into out. */
static void rtl_name(const char *k, char *out, size_t n) {
  size_t j = 0;
  int up = 1;
  for (; *k != '\0' && j + 1 < n; k++) {
    if (*k == '_') {
      up = 1;
      continue;
    }
    out[j++] = up ? (char)toupper((unsigned char)*k) : *k;
    up = 0;
  }
  out[j] = '\0';
}

static void print_sv_rtl_defaults(void);

/* The parameter defaults of the finalized set p as the SystemVerilog localparam block of
** scord_pkg (one source of truth: SCORD_PARAM_LIST).  md_base is left out: the RTL derives
** it as HeapBase + HeapBytes.  Addresses are 64-bit vectors, StrongOps a bit, the rest int. */
static void print_sv_defaults(const scord_params *p) {
  uint64_t v[SCORD_P_COUNT];
  param_values(p, v);
  printf("  // BEGIN generated by `scord-state --sv-defaults` from SCORD_PARAM_LIST; do not edit\n");
  /* Package constants a given top need not use (RaceBufEntries is the C model's record buffer;
  ** the ring constants are the line-rate block's): a lint run of any top would report them.  No
  ** lint_on after them: in-source lint_on overrides lint.vlt's file waiver, and the package's
  ** other block-specific constants follow. */
  printf("  /* verilator lint_off UNUSEDPARAM */\n");
  for (int i = 0; i < SCORD_P_COUNT; i++) {
    char nm[64], lhs[96];
    if (i == SCORD_P_md_base) continue;
    rtl_name(scord_param_table[i].key, nm, sizeof nm);
    if (i == SCORD_P_heap_base || i == SCORD_P_heap_bytes) {
      snprintf(lhs, sizeof lhs, "localparam logic [63:0] %s", nm);
      printf("  %-38s = 64'h%04llx_%04llx_%04llx_%04llx;  // %s\n", lhs,
             (unsigned long long)(v[i] >> 48), (unsigned long long)((v[i] >> 32) & 0xffff),
             (unsigned long long)((v[i] >> 16) & 0xffff), (unsigned long long)(v[i] & 0xffff),
             scord_param_table[i].doc);
    } else if (i == SCORD_P_strong_ops) {
      snprintf(lhs, sizeof lhs, "localparam bit %s", nm);
      printf("  %-38s = 1'b%llu;  // %s\n", lhs, (unsigned long long)v[i], scord_param_table[i].doc);
    } else {
      snprintf(lhs, sizeof lhs, "localparam int %s", nm);
      printf("  %-38s = %llu;  // %s\n", lhs, (unsigned long long)v[i], scord_param_table[i].doc);
    }
  }
  /* The race ring record (docs/race_ring.md): each field's first bit in the 256-bit record
  ** (word * 64 + lsb) and its width, from SCORD_RING_FIELD_LIST. */
  printf("  localparam int RingRecBytes            = %u;  // race ring record\n", SCORD_RING_REC_BYTES);
  for (int f = 0; f < SCORD_RING_FIELD_COUNT; f++) {
    const scord_ring_field_info *ri = &scord_ring_fields[f];
    char nm[64];
    size_t o = 0;
    bool up = true;
    for (const char *c = ri->name; *c && o + 1 < sizeof nm; c++) {
      if (*c == '_') {
        up = true;
        continue;
      }
      nm[o++] = up ? *c : (char)tolower((unsigned char)*c);
      up = false;
    }
    nm[o] = '\0';
    printf("  localparam int Ring%sLsb%*s = %u;\n", nm, (int)(16 - strlen(nm)), "",
           ri->word * 64 + ri->lsb);
    printf("  localparam int Ring%sW%*s = %u;\n", nm, (int)(18 - strlen(nm)), "", ri->width);
  }
  print_sv_rtl_defaults();
  printf("  // END generated\n");
}

/* Print every parameter of the finalized set as Name=value with the spec/RTL name
** (num_sms -> NumSms), derived ones included, on one line: run.sh passes them to chparam. */
static void print_rtl_params(const scord_params *p) {
  uint64_t v[SCORD_P_COUNT];
  param_values(p, v);
  for (int i = 0; i < SCORD_P_COUNT; i++) {
    char nm[64];
    rtl_name(scord_param_table[i].key, nm, sizeof nm);
    printf("%s=%llu%s", nm, (unsigned long long)v[i], i + 1 < SCORD_P_COUNT ? " " : "\n");
  }
}


/* ---- RTL micro-architecture parameters and variants (rtl_params.h) -------------------- */

typedef struct rtl_param_info {
  const char *name;
  uint64_t def, lo, hi;
  const char *doc;
} rtl_param_info;

static const rtl_param_info rtl_table[] = {
#define SCORD_X_RTL_INFO(name, def, lo, hi, doc) {#name, def, lo, hi, doc},
    SCORD_RTL_PARAM_LIST(SCORD_X_RTL_INFO)
#undef SCORD_X_RTL_INFO
};
enum { RTL_COUNT = (int)(sizeof rtl_table / sizeof rtl_table[0]) };

typedef struct variant_info {
  const char *name;
  int simulated;
  const char *assign;
  const char *doc;
} variant_info;

static const variant_info variant_table[] = {
#define SCORD_X_VARIANT(name, sim, assign, doc) {#name, sim, assign, doc},
    SCORD_RTL_VARIANT_LIST(SCORD_X_VARIANT)
#undef SCORD_X_VARIANT
};
enum { VARIANT_COUNT = (int)(sizeof variant_table / sizeof variant_table[0]) };

/* One configuration: the C model's parameters, the RTL's, and which of each were assigned
** (in assignment order, for the generated -G flags and configuration string). */
typedef struct config {
  scord_params p;
  uint64_t rtl[RTL_COUNT];
  int n_assign;
  struct {
    int rtl;          /* 1: rtl_table index, 0: scord_param_table index */
    int idx;
    uint64_t value;
  } assign[SCORD_P_COUNT + RTL_COUNT];
} config;

static void config_default(config *c) {
  memset(c, 0, sizeof *c);
  scord_params_default(&c->p);
  for (int i = 0; i < RTL_COUNT; i++) c->rtl[i] = rtl_table[i].def;
}

static int is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

/* Apply one Name=value (an RTL parameter by its exact name, or a C-model parameter by its
** snake_case key or RTL name).  Returns 0, or -1 with the reason in err. */
static int config_set(config *c, const char *a, char *err, size_t errlen) {
  const char *eq = strchr(a, '=');
  char name[64], key[80];
  if (eq == NULL || eq == a || (size_t)(eq - a) >= sizeof name) {
    snprintf(err, errlen, "expected Name=value");
    return -1;
  }
  memcpy(name, a, (size_t)(eq - a));
  name[eq - a] = '\0';
  for (int i = 0; i < RTL_COUNT; i++) {
    if (strcmp(name, rtl_table[i].name) != 0) continue;
    uint64_t v;
    if (scord_parse_u64(eq + 1, &v) != 0) {
      snprintf(err, errlen, "%s: '%s' is not a number", name, eq + 1);
      return -1;
    }
    if (v < rtl_table[i].lo || v > rtl_table[i].hi) {
      snprintf(err, errlen, "%s: %llu is outside [%llu, %llu]", name, (unsigned long long)v,
               (unsigned long long)rtl_table[i].lo, (unsigned long long)rtl_table[i].hi);
      return -1;
    }
    c->rtl[i] = v;
    c->assign[c->n_assign].rtl = 1;
    c->assign[c->n_assign].idx = i;
    c->assign[c->n_assign++].value = v;
    return 0;
  }
  if (to_snake(name, key, sizeof key) != 0) {
    snprintf(err, errlen, "parameter name too long");
    return -1;
  }
  if (scord_params_set(&c->p, key, eq + 1, err, errlen) != 0) return -1;
  for (int i = 0; i < SCORD_P_COUNT; i++) {
    if (strcmp(key, scord_param_table[i].key) != 0) continue;
    uint64_t v[SCORD_P_COUNT];
    param_values(&c->p, v);
    c->assign[c->n_assign].rtl = 0;
    c->assign[c->n_assign].idx = i;
    c->assign[c->n_assign++].value = v[i];
    return 0;
  }
  snprintf(err, errlen, "%s: not a parameter", name);
  return -1;
}

/* Finalize the C parameters and check the RTL's cross-parameter rules (docs/rtl.md). */
static int config_finalize(config *c, char *err, size_t errlen) {
  if (scord_params_finalize(&c->p, err, errlen) != 0) return -1;
  static const char *const pow2[] = {"Slices", "MaxOutstanding", "PredSets"};
  for (int i = 0; i < RTL_COUNT; i++)
    for (size_t k = 0; k < sizeof pow2 / sizeof pow2[0]; k++)
      if (strcmp(rtl_table[i].name, pow2[k]) == 0 && !is_pow2(c->rtl[i])) {
        snprintf(err, errlen, "%s: %llu is not a power of two", rtl_table[i].name,
                 (unsigned long long)c->rtl[i]);
        return -1;
      }
  return 0;
}

/* The variant called name, or NULL. */
static const variant_info *variant_find(const char *name) {
  for (int i = 0; i < VARIANT_COUNT; i++)
    if (strcmp(variant_table[i].name, name) == 0) return &variant_table[i];
  return NULL;
}

/* Apply a variant's assignments to c (not finalized).  Returns 0, or -1 naming the variant and
** the assignment in err (the table is ours, so this is a build error, caught by the tests). */
static int config_assign_variant(config *c, const variant_info *v, char *err, size_t errlen) {
  char buf[1024], why[256];
  snprintf(buf, sizeof buf, "%s", v->assign);
  for (char *save = NULL, *t = strtok_r(buf, " ", &save); t != NULL; t = strtok_r(NULL, " ", &save))
    if (config_set(c, t, why, sizeof why) != 0) {
      snprintf(err, errlen, "variant %s: '%s': %s", v->name, t, why);
      return -1;
    }
  return 0;
}

/* Apply a variant's assignments to c and finalize it; errors as config_assign_variant. */
static int config_variant(config *c, const variant_info *v, char *err, size_t errlen) {
  char why[256];
  if (config_assign_variant(c, v, err, errlen) != 0) return -1;
  if (config_finalize(c, why, sizeof why) != 0) {
    snprintf(err, errlen, "variant %s: %s", v->name, why);
    return -1;
  }
  return 0;
}

/* The RTL name of C-model parameter i. */
static void c_rtl_name(int i, char *out, size_t n) { rtl_name(scord_param_table[i].key, out, n); }

/* A value as a SystemVerilog literal of C-model parameter i's type (addresses 64-bit, StrongOps
** a bit, the rest int). */
static void sv_literal(int i, uint64_t v, char *out, size_t n) {
  if (i == SCORD_P_heap_base || i == SCORD_P_heap_bytes)
    snprintf(out, n, "64'h%llx", (unsigned long long)v);
  else if (i == SCORD_P_strong_ops)
    snprintf(out, n, "1'b%llu", (unsigned long long)v);
  else
    snprintf(out, n, "%llu", (unsigned long long)v);
}

/* The assigned parameters as `sep`-separated items: mode 'g' Verilator -G flags, 'c' chparam
** Name=value (decimal), 'm' / 'r' the same for the C model's / the RTL-only parameters alone,
** 'k' the C model's configuration (snake_case keys, RTL-only ones left out). */
static void print_assign(const config *c, int mode, const char *sep) {
  int first = 1;
  for (int a = 0; a < c->n_assign; a++) {
    char nm[64], lit[40];
    int i = c->assign[a].idx;
    uint64_t v = c->assign[a].value;
    if (c->assign[a].rtl ? (mode == 'k' || mode == 'm') : mode == 'r') continue;
    if (c->assign[a].rtl) {
      snprintf(nm, sizeof nm, "%s", rtl_table[i].name);
      snprintf(lit, sizeof lit, "%llu", (unsigned long long)v);
    } else if (mode == 'k') {
      snprintf(nm, sizeof nm, "%s", scord_param_table[i].key);
      if (i == SCORD_P_heap_base || i == SCORD_P_heap_bytes)
        snprintf(lit, sizeof lit, "0x%llx", (unsigned long long)v);
      else
        snprintf(lit, sizeof lit, "%llu", (unsigned long long)v);
    } else {
      c_rtl_name(i, nm, sizeof nm);
      if (mode == 'g')
        sv_literal(i, v, lit, sizeof lit);
      else
        snprintf(lit, sizeof lit, "%llu", (unsigned long long)v);
    }
    printf("%s%s%s=%s", first ? "" : sep, mode == 'g' ? "-G" : "", nm, lit);
    first = 0;
  }
}

/* The SystemVerilog localparams of the RTL parameter defaults (scord_pkg's generated block). */
static void print_sv_rtl_defaults(void) {
  printf("  // RTL micro-architecture defaults (SCORD_RTL_PARAM_LIST, docs/rtl.md)\n");
  for (int i = 0; i < RTL_COUNT; i++) {
    char lhs[96];
    snprintf(lhs, sizeof lhs, "localparam int %s", rtl_table[i].name);
    printf("  %-38s = %llu;  // %s\n", lhs, (unsigned long long)rtl_table[i].def, rtl_table[i].doc);
  }
}

/* rtl_model/scord_params.cmake: the RTL defaults and, per variant, its -G flags, C model
** configuration, whether testbench/ simulates it, and every resolved RTL value. */
static int print_cmake(void) {
  char err[512];
  printf("# Generated by `scord-state --cmake` from ref/include/scord/rtl_params.h and scord.h;\n"
         "# do not edit (scripts/gen_rtl_pkg.sh rewrites it, CTest rtl/params_generated checks it).\n");
  for (int i = 0; i < RTL_COUNT; i++)
    printf("set(SCORD_RTL_%s %llu)  # %s\n", rtl_table[i].name, (unsigned long long)rtl_table[i].def,
           rtl_table[i].doc);
  {
    scord_params p;
    uint64_t v[SCORD_P_COUNT];
    scord_params_default(&p);
    if (scord_params_finalize(&p, err, sizeof err) != 0) return -1;
    param_values(&p, v);
    for (int i = 0; i < SCORD_P_COUNT; i++) {
      char nm[64];
      c_rtl_name(i, nm, sizeof nm);
      printf("set(SCORD_RTL_%s %llu)  # %s\n", nm, (unsigned long long)v[i], scord_param_table[i].doc);
    }
  }
  printf("# the micro-architecture parameters (rtl_params.h): speed and size, not decisions\n"
         "set(SCORD_RTL_MICRO_PARAMS");
  for (int i = 0; i < RTL_COUNT; i++) printf(" %s", rtl_table[i].name);
  printf(")\n");
  printf("set(SCORD_RTL_VARIANTS");
  for (int k = 0; k < VARIANT_COUNT; k++) printf(" %s", variant_table[k].name);
  printf(")\n# the variants the testbenches verilate and run\nset(SCORD_RTL_SIMULATED_VARIANTS");
  for (int k = 0; k < VARIANT_COUNT; k++)
    if (variant_table[k].simulated) printf(" %s", variant_table[k].name);
  printf(")\n");
  for (int k = 0; k < VARIANT_COUNT; k++) {
    const variant_info *vi = &variant_table[k];
    config c;
    config_default(&c);
    if (config_variant(&c, vi, err, sizeof err) != 0) {
      fprintf(stderr, "scord-state: %s\n", err);
      return -1;
    }
    printf("# %s: %s\n", vi->name, vi->doc);
    printf("set(SCORD_VARIANT_%s_SIMULATED %d)\n", vi->name, vi->simulated);
    printf("set(SCORD_VARIANT_%s_CONFIG \"", vi->name);
    print_assign(&c, 'k', " ");
    printf("\")\nset(SCORD_VARIANT_%s_GFLAGS \"", vi->name);
    print_assign(&c, 'g', ";");
    printf("\")\n");
    for (int i = 0; i < RTL_COUNT; i++)
      printf("set(SCORD_VARIANT_%s_%s %llu)\n", vi->name, rtl_table[i].name, (unsigned long long)c.rtl[i]);
  }
  return 0;
}

static void usage(FILE *f) {
  fprintf(f,
          "usage: scord-state [--csv] [--csv-header] [--md-sweep] [--rtl-params] [--sv-defaults]\n"
          "                   [--cmake] [--variant NAME] [--chparam | --config] [Name=value ...]\n"
          "  (no option)   the hardware-state budget of the configuration\n"
          "  --csv         the same as one CSV row; --csv-header its header\n"
          "  --md-sweep    metadata overhead for md_ratio 1..16\n"
          "  --rtl-params  every C-model parameter, derived ones included, as RTL Name=value\n"
          "  --sv-defaults the parameter defaults as SystemVerilog localparams (the generated\n"
          "                block of rtl_model/scord_pkg.sv, scripts/gen_rtl_pkg.sh)\n"
          "  --cmake       the defaults and the variants as CMake (rtl_model/scord_params.cmake)\n"
          "  --variant NAME  start from a named variant (rtl_params.h); with --chparam print its\n"
          "                assignments and the ones given as Name=value for Yosys chparam, with\n"
          "                --config its C-model configuration string; --model-chparam and\n"
          "                --rtl-chparam print only the C model's or only the RTL's parameters\n"
          "  --variants    the variant names, one per line\n"
          "exit status: 0 ok, 2 bad argument or rejected configuration\n");
}

int main(int argc, char **argv) {
  config c;
  int csv = 0, md_sweep = 0, rtl_params = 0, sv_defaults = 0, cmake = 0, chparam = 0, cfgstr = 0;
  char err[512];
  config_default(&c);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--csv") == 0) {
      csv = 1;
    } else if (strcmp(a, "--csv-header") == 0) {
      printf("%s\n", csv_header);
      return 0;
    } else if (strcmp(a, "--rtl-params") == 0) {
      rtl_params = 1;
    } else if (strcmp(a, "--sv-defaults") == 0) {
      sv_defaults = 1;
    } else if (strcmp(a, "--cmake") == 0) {
      cmake = 1;
    } else if (strcmp(a, "--chparam") == 0) {
      chparam = 'c';
    } else if (strcmp(a, "--model-chparam") == 0) {
      chparam = 'm';
    } else if (strcmp(a, "--rtl-chparam") == 0) {
      chparam = 'r';
    } else if (strcmp(a, "--config") == 0) {
      cfgstr = 1;
    } else if (strcmp(a, "--variants") == 0) {
      for (int k = 0; k < VARIANT_COUNT; k++) printf("%s\n", variant_table[k].name);
      return 0;
    } else if (strcmp(a, "--variant") == 0) {
      const variant_info *v = i + 1 < argc ? variant_find(argv[i + 1]) : NULL;
      if (v == NULL) {
        fprintf(stderr, "scord-state: argument %d: --variant needs one of:", i + 1);
        for (int k = 0; k < VARIANT_COUNT; k++) fprintf(stderr, " %s", variant_table[k].name);
        fprintf(stderr, "%s%s\n", i + 1 < argc ? "; got " : "", i + 1 < argc ? argv[i + 1] : "");
        return 2;
      }
      i++;
      if (config_assign_variant(&c, v, err, sizeof err) != 0) {
        fprintf(stderr, "scord-state: %s\n", err);
        return 2;
      }
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      return 0;
    } else if (strcmp(a, "--md-sweep") == 0) {
      md_sweep = 1;
    } else if (config_set(&c, a, err, sizeof err) != 0) {
      fprintf(stderr, "scord-state: argument %d '%s': %s\n", i, a, err);
      if (strchr(a, '=') == NULL) usage(stderr);
      return 2;
    }
  }
  if (cmake) return print_cmake() == 0 ? 0 : 2;
  if (config_finalize(&c, err, sizeof err) != 0) {
    fprintf(stderr, "scord-state: configuration rejected: %s\n", err);
    return 2;
  }
  if (chparam || cfgstr) {
    print_assign(&c, chparam ? chparam : 'k', " ");
    printf("\n");
    return 0;
  }
  const scord_params *p = &c.p;
  if (rtl_params) {
    print_rtl_params(p);
    return 0;
  }
  if (sv_defaults) {
    print_sv_defaults(p);
    return 0;
  }
  state_budget b;
  budget_compute(p, &b);
  if (csv) {
    print_csv(p, &b);
  } else {
    print_text(p, &b);
    if (md_sweep) print_md_sweep(p, 0);
  }
  if (csv && md_sweep) print_md_sweep(p, 1);
  return 0;
}
