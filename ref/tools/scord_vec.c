/*
** scord-vec -- run trace-vector files through the detector model (vectors.md).
**
**   scord-vec [--model=ref|rtl|both] [--latency=L] [--stall=PCT] [--seed=N] [--json]
**             [--config key=value]...
**             [--dump-metadata] [--no-expect] [--stats] FILE...
**
** --model=rtl runs the Verilated RTL (testbench/rtl_bridge.h, a C++ memory model with a
** fixed latency L behind the metadata port, and with --stall random back-pressure on it,
** reproducible with --seed); --model=both runs the C model and the RTL in
** lockstep, comparing after every event the race records and every metadata write
** (index and value, in order); the first divergence stops the file with the event, its
** line, both outputs and both metadata words.  Both need a build with the RTL; a file
** whose configuration no built RTL variant implements is an error, or with
** --skip-unsupported is reported as skipped.
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
#ifdef SCORD_HAVE_RTL
#include "rtl_bridge.h"
#endif

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct opts {
  const char *model;
  unsigned latency, stall;
  uint64_t seed;
  bool json, dump_md, no_expect, stats, skip_unsupported;
  const char **cfg;
  size_t ncfg;
} opts;

static void usage(FILE *f) {
  fputs("usage: scord-vec [--model=ref|rtl|both] [--latency=L] [--stall=PCT] [--seed=N] [--json]\n"
        "                 [--config key=value]...\n"
        "                 [--dump-metadata] [--no-expect] [--stats] [--skip-unsupported] FILE...\n"
        "Runs vectors v1 files through the ScoRD reference model, prints each race,\n"
        "checks the files' expect lines. Exit: 0 pass, 1 expectation failure, 2 error.\n",
        f);
}

typedef struct race_vec {
  scord_race *v;
  size_t n, cap;
} race_vec;

static void keep_race(const scord_race *rp, race_vec *rv, const opts *o) {
  scord_race r = *rp;
  {
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

static void drain(scord_detector *d, race_vec *rv, const opts *o) {
  scord_race r;
  while (scord_detector_pop_race(d, &r)) keep_race(&r, rv, o);
}

#ifdef SCORD_HAVE_RTL
/* ---- lockstep: metadata write logs of both sides ---- */
typedef struct mdlog {
  uint64_t *idx, *val;
  size_t n, cap;
  bool reset;
  scord_store *store; /* C side only: the store behind the logging port */
} mdlog;

static void log_write(void *ctx, uint64_t index, uint64_t value) {
  mdlog *l = ctx;
  if (l->store) scord_store_write(l->store, index, value);
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->idx = realloc(l->idx, l->cap * sizeof *l->idx);
    l->val = realloc(l->val, l->cap * sizeof *l->val);
    if (!l->idx || !l->val) {
      fputs("scord-vec: out of memory\n", stderr);
      exit(2);
    }
  }
  l->idx[l->n] = index;
  l->val[l->n++] = value;
}
static uint64_t log_read(void *ctx, uint64_t index) { return scord_store_read(((mdlog *)ctx)->store, index); }
static void log_reset(void *ctx) {
  mdlog *l = ctx;
  if (l->store) scord_store_reset(l->store);
  l->reset = true;
}

/* Print the divergence report for event `ev` of `path`; returns 1 (a failure). */
static int diverge(const char *path, uint64_t evno, const scord_event *ev, const char *what,
                   const char *cside, const char *rside) {
  printf("DIVERGENCE file=%s line=%" PRIu64 " event=%" PRIu64 ": %s\n", path, ev->line, evno, what);
  printf("  event: ");
  scord_event_write(stdout, ev);
  printf("  ref: %s\n  rtl: %s\n", cside, rside);
  return 1;
}
#endif

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
  bool drain_each = true, started = false;
  bool use_ref = strcmp(o->model, "rtl") != 0;
  int status = 0;
  uint64_t evno = 0, overflow = 0;
  scord_event ev;
#ifdef SCORD_HAVE_RTL
  bool use_rtl = strcmp(o->model, "ref") != 0;
  scord_rtl *rtl = NULL;
  mdlog clog = {0}, rlog = {0};
  scord_mdport cport = {&clog, log_read, log_write, log_reset};
  scord_mdport rport = {&rlog, NULL, log_write, log_reset};
#endif
  for (;;) {
    int rc = scord_vr_next(r, &ev);
    if (rc < 0) {
      fprintf(stderr, "%s\n", scord_vr_error(r));
      status = 2;
      break;
    }
    if (!started) {
      started = true;
      const scord_params *p = scord_vr_params(r);
      drain_each = !scord_vr_race_buf_set(r);
      if (use_ref) {
#ifdef SCORD_HAVE_RTL
        if (use_rtl) clog.store = scord_store_new(p->heap_bytes / p->granule / p->md_ratio);
        sys = scord_system_new(p, use_rtl ? &cport : NULL);
#else
        sys = scord_system_new(p, NULL);
#endif
        if (!sys) {
          fprintf(stderr, "%s:%" PRIu64 ": out of memory creating the model\n", path, scord_vr_line(r));
          status = 2;
          break;
        }
        det = scord_system_detector(sys);
      }
#ifdef SCORD_HAVE_RTL
      if (use_rtl) {
        char err[512];
        rtl = scord_rtl_new(p, o->latency, err, sizeof err);
        if (!rtl) {
          if (o->skip_unsupported) {
            printf("skipped file=%s: %s\n", path, err);
            status = 3;
          } else {
            fprintf(stderr, "%s:0: --model=%s: %s\n", path, o->model, err);
            status = 2;
          }
          break;
        }
        if (use_ref) scord_rtl_observe(rtl, &rport);
        scord_rtl_set_stall(rtl, o->stall, o->seed);
      }
#endif
    }
    if (rc == 0) break;
    evno++;
    if (sys) scord_system_apply(sys, &ev);
#ifdef SCORD_HAVE_RTL
    if (rtl && (scord_rtl_apply(rtl, &ev) != 0 || (drain_each && scord_rtl_drain(rtl) != 0))) {
      fprintf(stderr, "%s:%" PRIu64 ": RTL stopped: %s\n", path, ev.line, scord_rtl_error(rtl));
      status = 2;
      break;
    }
    if (rtl && sys && drain_each) { /* lockstep comparison after every event */
      scord_race a, b;
      char ca[512], rb[512];
      bool ha, hb;
      while ((ha = scord_detector_pop_race(det, &a)) | (hb = scord_rtl_pop_race(rtl, &b))) {
        if (ha) scord_race_format(&a, ca, sizeof ca); else strcpy(ca, "(no race)");
        if (hb) scord_race_format(&b, rb, sizeof rb); else strcpy(rb, "(no race)");
        if (!ha || !hb || strcmp(ca, rb) != 0) {
          status = diverge(path, evno, &ev, "race records differ", ca, rb);
          break;
        }
        keep_race(&a, &rv, o);
      }
      if (status) break;
      if (ev.type != SCORD_EV_KERNEL) { /* a kernel clears the region: a sweep may log writes */
        const scord_layout *l = scord_detector_layout(det);
        size_t n = clog.n > rlog.n ? clog.n : rlog.n;
        for (size_t i = 0; i < n && !status; i++) {
          char cf[1024] = "(no write)", rf[1024] = "(no write)", fields[768];
          bool same = i < clog.n && i < rlog.n && clog.idx[i] == rlog.idx[i] && clog.val[i] == rlog.val[i];
          if (same) continue;
          if (i < clog.n) {
            scord_md_format(l, clog.val[i], fields, sizeof fields);
            snprintf(cf, sizeof cf, "write %zu: index=0x%" PRIx64 " word=0x%016" PRIx64 " %s", i, clog.idx[i], clog.val[i], fields);
          }
          if (i < rlog.n) {
            scord_md_format(l, rlog.val[i], fields, sizeof fields);
            snprintf(rf, sizeof rf, "write %zu: index=0x%" PRIx64 " word=0x%016" PRIx64 " %s", i, rlog.idx[i], rlog.val[i], fields);
          }
          status = diverge(path, evno, &ev, "metadata writes differ", cf, rf);
        }
        if (status) break;
      }
      clog.n = rlog.n = 0;
      clog.reset = rlog.reset = false;
      continue;
    }
    if (rtl && !sys && drain_each) {
      scord_race b;
      while (scord_rtl_pop_race(rtl, &b)) keep_race(&b, &rv, o);
    }
#endif
    if (det && drain_each) drain(det, &rv, o);
  }
#ifdef SCORD_HAVE_RTL
  if (rtl && status == 0) {
    if (scord_rtl_drain(rtl) != 0) {
      fprintf(stderr, "%s: RTL stopped: %s\n", path, scord_rtl_error(rtl));
      status = 2;
    }
    if (!drain_each && sys) { /* buffered mode: compare the final record lists */
      scord_race a, b;
      char ca[512], rb[512];
      bool ha, hb;
      while (status == 0 && ((ha = scord_detector_pop_race(det, &a)) | (hb = scord_rtl_pop_race(rtl, &b)))) {
        if (ha) scord_race_format(&a, ca, sizeof ca); else strcpy(ca, "(no race)");
        if (hb) scord_race_format(&b, rb, sizeof rb); else strcpy(rb, "(no race)");
        if (!ha || !hb || strcmp(ca, rb) != 0) status = diverge(path, evno, &ev, "race records differ", ca, rb);
        else keep_race(&a, &rv, o);
      }
      if (status == 0 && scord_detector_overflow(det) != scord_rtl_overflow(rtl)) {
        snprintf(ca, sizeof ca, "overflow=%" PRIu64, scord_detector_overflow(det));
        snprintf(rb, sizeof rb, "overflow=%" PRIu64, scord_rtl_overflow(rtl));
        status = diverge(path, evno, &ev, "overflow counts differ", ca, rb);
      }
    } else if (!sys) {
      scord_race b;
      while (scord_rtl_pop_race(rtl, &b)) keep_race(&b, &rv, o);
    }
    overflow = scord_rtl_overflow(rtl);
  }
#endif
  if (det && status == 0) drain(det, &rv, o);
  if (det) overflow = scord_detector_overflow(det);
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
#ifdef SCORD_HAVE_RTL
    if (o->stats && rtl)
      printf("stats file=%s rtl_variant=%s rtl_cycles=%" PRIu64 " rtl_lanes=%" PRIu64 "\n", path,
             scord_rtl_variant(rtl), scord_rtl_cycles(rtl), scord_rtl_lanes(rtl));
#endif
    if (o->stats && det) {
      const scord_detector_stats *st = scord_detector_get_stats(det);
      printf("stats file=%s accesses=%" PRIu64 " outside=%" PRIu64 " fences=%" PRIu64 "\n", path, st->accesses, st->outside, st->fences);
      for (int w = 0; w < 2; w++)
        for (int s = 0; s < SCORD_STEP_COUNT; s++)
          if (st->cover[w][s]) printf("  %s %-40s %" PRIu64 "\n", w ? "WRITE" : "READ ", scord_step_name[s], st->cover[w][s]);
    }
    if (o->dump_md && det) {
      dump_ctx dc = {scord_detector_layout(det), path};
#ifdef SCORD_HAVE_RTL
      scord_store_foreach_nondefault(clog.store ? clog.store : scord_detector_store(det), dump_one, &dc);
#else
      scord_store_foreach_nondefault(scord_detector_store(det), dump_one, &dc);
#endif
    }
#ifdef SCORD_HAVE_RTL
    if (o->dump_md && !det && rtl) {
      scord_layout l;
      scord_layout_init(&l, scord_vr_params(r));
      dump_ctx dc = {&l, path};
      scord_rtl_md_foreach_nondefault(rtl, dump_one, &dc);
    }
#endif
  }
  free(rv.v);
  scord_system_free(sys);
#ifdef SCORD_HAVE_RTL
  scord_rtl_free(rtl);
  scord_store_free(clog.store);
  free(clog.idx); free(clog.val); free(rlog.idx); free(rlog.val);
#endif
  scord_vr_close(r);
  return status;
}

/* Parse the command line into o (cfg and files have room for argc entries) and run the files;
** returns the exit status.  Every early return leaves the freeing to main. */
static int vec_main(int argc, char **argv, opts o, const char **files) {
  size_t nfiles = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--json") == 0) o.json = true;
    else if (strcmp(a, "--dump-metadata") == 0) o.dump_md = true;
    else if (strcmp(a, "--no-expect") == 0) o.no_expect = true;
    else if (strcmp(a, "--stats") == 0) o.stats = true;
    else if (strcmp(a, "--skip-unsupported") == 0) o.skip_unsupported = true;
    else if (strncmp(a, "--model=", 8) == 0) o.model = a + 8;
    else if (strncmp(a, "--latency=", 10) == 0) {
      uint64_t l;
      if (scord_parse_u64(a + 10, &l) || l < 1 || l > 64) {
        fprintf(stderr, "scord-vec: --latency=%s: must be 1..64\n", a + 10);
        return 2;
      }
      o.latency = (unsigned)l;
    } else if (strncmp(a, "--stall=", 8) == 0 || strncmp(a, "--seed=", 7) == 0) {
      bool st = a[3] == 't';
      uint64_t v;
      if (scord_parse_u64(a + (st ? 8 : 7), &v) || (st && v > 90)) {
        fprintf(stderr, "scord-vec: %s: %s\n", a, st ? "must be 0..90 (percent)" : "not a number");
        return 2;
      }
      if (st) o.stall = (unsigned)v; else o.seed = v;
    }
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
  if (strcmp(o.model, "ref") != 0 && strcmp(o.model, "rtl") != 0 && strcmp(o.model, "both") != 0) {
    fprintf(stderr, "scord-vec: unknown model '%s' (ref, rtl, both)\n", o.model);
    return 2;
  }
#ifndef SCORD_HAVE_RTL
  if (strcmp(o.model, "ref") != 0) {
    fprintf(stderr, "scord-vec: --model=%s needs the Verilated RTL, which this build does not include "
                    "(configure with -DSCORD_WITH_RTL=ON and Verilator installed); use --model=ref\n", o.model);
    return 2;
  }
#endif
  if (nfiles == 0) {
    usage(stderr);
    return 2;
  }
  size_t passed = 0, failed = 0, skipped = 0;
  int worst = 0;
  for (size_t i = 0; i < nfiles; i++) {
    int rc = run_file(files[i], &o);
    fflush(stdout);
    if (rc == 3) {
      skipped++;
      continue;
    }
    if (rc == 0) passed++; else failed++;
    if (rc > worst) worst = rc;
  }
  if (!o.no_expect) {
    if (skipped) printf("vectors: %zu passed, %zu failed, %zu skipped\n", passed, failed, skipped);
    else printf("vectors: %zu passed, %zu failed\n", passed, failed);
  }
  return worst;
}

int main(int argc, char **argv) {
  opts o = {.model = "ref", .latency = 4, .seed = 1};
  o.cfg = calloc((size_t)argc, sizeof *o.cfg);
  const char **files = calloc((size_t)argc, sizeof *files);
  int rc = (o.cfg && files) ? vec_main(argc, argv, o, files) : 2;
  free(o.cfg);
  free(files);
  return rc;
}
