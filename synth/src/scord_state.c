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
** Usage: scord-state [--csv] [--csv-header] [--md-sweep] [--rtl-params] [--sv-defaults]
**                    [Name=value ...]
**   Name is the snake_case key (fence_id_bits) or the spec/RTL name (FenceIdBits).
*/
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

/* The parameter defaults of the finalized set p as the SystemVerilog localparam block of
** scord_pkg (one source of truth: SCORD_PARAM_LIST).  md_base is left out: the RTL derives
** it as HeapBase + HeapBytes.  Addresses are 64-bit vectors, StrongOps a bit, the rest int. */
static void print_sv_defaults(const scord_params *p) {
  uint64_t v[SCORD_P_COUNT];
  param_values(p, v);
  printf("  // BEGIN generated by `scord-state --sv-defaults` from SCORD_PARAM_LIST; do not edit\n");
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
  /* Used by the line-rate block only: a lint run with another top (scord_sm_tracker) would
  ** report each one as unused.  No lint_on after them: in-source lint_on overrides lint.vlt's
  ** file waiver, and the package's other block-specific constants follow. */
  printf("  /* verilator lint_off UNUSEDPARAM */\n");
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

static void usage(FILE *f) {
  fprintf(f,
          "usage: scord-state [--csv] [--csv-header] [--md-sweep] [--rtl-params] [--sv-defaults]\n"
          "                   [Name=value ...]\n"
          "  Name: snake_case key (fence_id_bits) or spec name (FenceIdBits)\n"
          "  --csv         one CSV row (no header); --csv-header prints the header only\n"
          "  --md-sweep    metadata overhead for md_ratio 1..16\n"
          "  --rtl-params  every parameter, derived ones included, as RTL Name=value\n"
          "  --sv-defaults the parameter defaults as SystemVerilog localparams (the generated\n"
          "                block of rtl_model/scord_pkg.sv, scripts/gen_rtl_pkg.sh)\n"
          "exit status: 0 ok, 2 bad argument or rejected configuration\n");
}

int main(int argc, char **argv) {
  scord_params p;
  int csv = 0, md_sweep = 0, rtl_params = 0, sv_defaults = 0;
  char err[256];
  scord_params_default(&p);
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
    } else if (strcmp(a, "--md-sweep") == 0) {
      md_sweep = 1;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      return 0;
    } else {
      const char *eq = strchr(a, '=');
      char name[64], key[80];
      if (eq == NULL || eq == a || (size_t)(eq - a) >= sizeof name) {
        fprintf(stderr, "scord-state: argument %d '%s': expected Name=value\n", i, a);
        usage(stderr);
        return 2;
      }
      memcpy(name, a, (size_t)(eq - a));
      name[eq - a] = '\0';
      if (to_snake(name, key, sizeof key) != 0) {
        fprintf(stderr, "scord-state: argument %d '%s': parameter name too long\n", i, a);
        return 2;
      }
      if (scord_params_set(&p, key, eq + 1, err, sizeof err) != 0) {
        fprintf(stderr, "scord-state: argument %d '%s': %s\n", i, a, err);
        return 2;
      }
    }
  }
  if (scord_params_finalize(&p, err, sizeof err) != 0) {
    fprintf(stderr, "scord-state: configuration rejected: %s\n", err);
    return 2;
  }
  if (rtl_params) {
    print_rtl_params(&p);
    return 0;
  }
  if (sv_defaults) {
    print_sv_defaults(&p);
    return 0;
  }
  state_budget b;
  budget_compute(&p, &b);
  if (csv) {
    print_csv(&p, &b);
  } else {
    print_text(&p, &b);
    if (md_sweep) print_md_sweep(&p, 0);
  }
  if (csv && md_sweep) print_md_sweep(&p, 1);
  return 0;
}
