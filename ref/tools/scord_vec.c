/*
** scord-vec -- run trace-vector files through the detector model (vectors.md).
**
**   scord-vec [--model=ref] [--json] [--config key=value]... [--dump-metadata]
**             [--no-expect] [--stats] FILE...
**
** Each file runs on a fresh model: the file's config lines first, then the command
** line's --config values (the command line wins).  Prints one line per race in the order
** found, one result line per file, and "vectors: N passed, M failed".  Exit status: 0 all
** passed, 1 some file failed its expectations, 2 usage or input error.
**
** Race buffer: unless a file (or --config) sets race_buf_entries, the runner drains the
** detector's race FIFO after every event, so a vector never overflows; when it is set,
** records accumulate for the whole file and the overflow counter is exercised.
*/
#include "scord/scord.h"
#include "scord/vecread.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct opts {
  const char *model;
  bool json, dump_md, no_expect, stats;
  const char **cfg;
  size_t ncfg;
} opts;

static void usage(FILE *f) {
  fputs("usage: scord-vec [--model=ref|rtl|both] [--json] [--config key=value]...\n"
        "                 [--dump-metadata] [--no-expect] [--stats] FILE...\n"
        "Runs vectors v1 files through the ScoRD reference model, prints each race,\n"
        "checks the files' expect lines. Exit: 0 pass, 1 expectation failure, 2 error.\n",
        f);
}

typedef struct race_vec {
  scord_race *v;
  size_t n, cap;
} race_vec;

static void drain(scord_detector *d, race_vec *rv, const opts *o) {
  scord_race r;
  while (scord_detector_pop_race(d, &r)) {
    char line[512];
    if (o->json) scord_race_format_json(&r, line, sizeof line);
    else scord_race_format(&r, line, sizeof line);
    puts(line);
    if (rv->n == rv->cap) {
      rv->cap = rv->cap ? rv->cap * 2 : 64;
      rv->v = realloc(rv->v, rv->cap * sizeof *rv->v);
      if (!rv->v) {
        fputs("scord-vec: out of memory\n", stderr);
        exit(2);
      }
    }
    rv->v[rv->n++] = r;
  }
}

typedef struct dump_ctx { const scord_layout *l; const char *file; } dump_ctx;

static void dump_one(void *arg, uint64_t index, uint64_t value) {
  const dump_ctx *dc = arg;
  char fields[512];
  scord_md_format(dc->l, value, fields, sizeof fields);
  printf("md file=%s index=0x%" PRIx64 " word=0x%016" PRIx64 " %s\n", dc->file, index, value, fields);
}

/* Run one file: 0 pass, 1 expectation failure, 2 input error. */
static int run_file(const char *path, const opts *o) {
  scord_vreader *r = scord_vr_open(path, o->cfg, o->ncfg);
  if (!r) {
    fprintf(stderr, "%s:0: out of memory\n", path);
    return 2;
  }
  scord_system *sys = NULL;
  scord_detector *det = NULL;
  race_vec rv = {0};
  bool drain_each = true;
  int status = 0;
  scord_event ev;
  for (;;) {
    int rc = scord_vr_next(r, &ev);
    if (rc < 0) {
      fprintf(stderr, "%s\n", scord_vr_error(r));
      status = 2;
      break;
    }
    if (!sys) {
      sys = scord_system_new(scord_vr_params(r), NULL);
      if (!sys) {
        fprintf(stderr, "%s:%" PRIu64 ": out of memory creating the model\n", path, scord_vr_line(r));
        status = 2;
        break;
      }
      det = scord_system_detector(sys);
      drain_each = !scord_vr_race_buf_set(r);
    }
    if (rc == 0) break;
    scord_system_apply(sys, &ev);
    if (drain_each) drain(det, &rv, o);
  }
  if (det) drain(det, &rv, o);
  uint64_t overflow = det ? scord_detector_overflow(det) : 0;
  if (status == 0) {
    size_t nex;
    const scord_expect *ex = scord_vr_expects(r, &nex);
    char why[8192];
    bool pass = o->no_expect ? overflow == 0 : scord_expect_check(ex, nex, rv.v, rv.n, overflow, why, sizeof why);
    if (o->no_expect && overflow) snprintf(why, sizeof why, "overflow: %" PRIu64 " race record(s) did not fit in the race buffer\n", overflow);
    status = pass ? 0 : 1;
    if (o->json)
      printf("{\"file\":\"%s\",\"races\":%zu,\"overflow\":%" PRIu64 ",\"result\":\"%s\"}\n", path, rv.n, overflow, pass ? "pass" : "fail");
    else
      printf("result file=%s races=%zu overflow=%" PRIu64 " %s\n", path, rv.n, overflow, pass ? "pass" : "FAIL");
    if (!pass) {
      for (char *s = why; *s;) {
        char *nl = strchr(s, '\n');
        if (nl) *nl = 0;
        printf("  %s: %s\n", path, s);
        if (!nl) break;
        s = nl + 1;
      }
    }
    if (o->stats && det) {
      const scord_detector_stats *st = scord_detector_get_stats(det);
      printf("stats file=%s accesses=%" PRIu64 " outside=%" PRIu64 " fences=%" PRIu64 "\n", path, st->accesses, st->outside, st->fences);
      for (int w = 0; w < 2; w++)
        for (int s = 0; s < SCORD_STEP_COUNT; s++)
          if (st->cover[w][s]) printf("  %s %-40s %" PRIu64 "\n", w ? "WRITE" : "READ ", scord_step_name[s], st->cover[w][s]);
    }
    if (o->dump_md && det) {
      dump_ctx dc = {scord_detector_layout(det), path};
      scord_store_foreach_nondefault(scord_detector_store(det), dump_one, &dc);
    }
  }
  free(rv.v);
  scord_system_free(sys);
  scord_vr_close(r);
  return status;
}

int main(int argc, char **argv) {
  opts o = {.model = "ref"};
  o.cfg = calloc((size_t)argc, sizeof *o.cfg);
  const char **files = calloc((size_t)argc, sizeof *files);
  size_t nfiles = 0;
  if (!o.cfg || !files) return 2;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--json") == 0) o.json = true;
    else if (strcmp(a, "--dump-metadata") == 0) o.dump_md = true;
    else if (strcmp(a, "--no-expect") == 0) o.no_expect = true;
    else if (strcmp(a, "--stats") == 0) o.stats = true;
    else if (strncmp(a, "--model=", 8) == 0) o.model = a + 8;
    else if (strcmp(a, "--config") == 0 || strncmp(a, "--config=", 9) == 0) {
      const char *kv = a[8] == '=' ? a + 9 : (i + 1 < argc ? argv[++i] : NULL);
      if (!kv) {
        fputs("scord-vec: --config needs key=value\n", stderr);
        return 2;
      }
      /* Validate now so a bad value is a usage error before any file runs. */
      char key[128], err[512];
      const char *eq = strchr(kv, '=');
      if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof key) {
        fprintf(stderr, "scord-vec: --config %s: expected key=value\n", kv);
        return 2;
      }
      memcpy(key, kv, (size_t)(eq - kv));
      key[eq - kv] = 0;
      scord_params p;
      scord_params_default(&p);
      if (scord_params_set(&p, key, eq + 1, err, sizeof err) != 0) {
        fprintf(stderr, "scord-vec: --config: %s\n", err);
        return 2;
      }
      o.cfg[o.ncfg++] = kv;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "scord-vec: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    } else {
      files[nfiles++] = a;
    }
  }
  if (strcmp(o.model, "ref") != 0) {
    if (strcmp(o.model, "rtl") == 0 || strcmp(o.model, "both") == 0)
      fprintf(stderr, "scord-vec: --model=%s needs the Verilated RTL, which this build does not include yet "
                      "(see the RTL issue); use --model=ref\n", o.model);
    else
      fprintf(stderr, "scord-vec: unknown model '%s' (ref, rtl, both)\n", o.model);
    return 2;
  }
  if (nfiles == 0) {
    usage(stderr);
    return 2;
  }
  size_t passed = 0, failed = 0;
  int worst = 0;
  for (size_t i = 0; i < nfiles; i++) {
    int rc = run_file(files[i], &o);
    fflush(stdout);
    if (rc == 0) passed++; else failed++;
    if (rc > worst) worst = rc;
  }
  if (!o.no_expect) printf("vectors: %zu passed, %zu failed\n", passed, failed);
  free(o.cfg);
  free(files);
  return worst;
}
