/*
** vec_run.c -- the vector-file runner of scord-vec and scord-cosim (see vec_run.h).
**
**   PROG [--model=ref|NAME|both] [--latency=L] [--stall=PCT] [--seed=N] [--json]
**        [--config key=value]... [--dump-metadata] [--no-expect] [--stats]
**        [--skip-unsupported] FILE...
**
** NAME is the second model's (scord-cosim: rtl, the Verilated RTL behind a C++ memory model
** with a fixed latency L and, with --stall, random back-pressure reproducible with --seed).
** --model=both runs the C model and the second model side by side: in lockstep, comparing after
** every event the race records and every metadata write (index and value, in order), or, for a
** model whose order is not fixed (scord_vec_model.unordered: the line-rate RTL), comparing the
** race records as a multiset at the end; then the overflow counters and the final metadata.  The
** first divergence stops the file with the event, its line, both outputs and both metadata words.  A file whose configuration the second model
** cannot run is an error, or with --skip-unsupported is reported as skipped; a run in which
** every file was skipped fails (exit 1), since it checked nothing.
**
** Each file runs on a fresh model: the file's config lines first, then the command line's
** --config values (the command line wins).  Prints one line per race in the order found, one
** result line per file, and "vectors: N passed, M failed".  Exit status: 0 all passed, 1 some
** file failed its expectations or diverged, 2 usage or input error.
**
** Race buffer: unless a file (or --config) sets race_buf_entries, the runner drains the
** detector's race FIFO after every event, so a vector never overflows; when it is set,
** records accumulate for the whole file and the overflow counter is exercised.
*/
#define _POSIX_C_SOURCE 200809L /* dup, dup2: the failure re-run writes nothing */
#include "vec_run.h"
#include "scord/scord.h"
#include "scord/vecread.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

typedef struct opts {
  const char *prog, *model;
  const scord_vec_model *other; /* the second model, or NULL (scord-vec) */
  scord_vec_model_opts mo;
  bool json, dump_md, no_expect, stats, skip_unsupported;
  uint64_t fail_window; /* cycles of the failure waveform before the failing cycle */
  const char **cfg;
  size_t ncfg;
} opts;

static void usage(FILE *f, const opts *o) {
  if (o->other) {
    fprintf(f,
            "usage: %s [--model=ref|%s|both] [--latency=L] [--stall=PCT] [--seed=N] [--json]\n"
            "         [--config key=value]... [--dump-metadata] [--no-expect] [--stats]\n"
            "         [--skip-unsupported] [--trace=FILE.fst|FILE.vcd [--trace-from=C] [--trace-to=C]] FILE...\n"
            "Runs vector files (formats 1 and 2) through the ScoRD reference model and the %s (default --model=%s:\n"
            "both run, every race record and the final metadata compared), prints each\n"
            "race, checks the files' expect lines. Exit: 0 pass, 1 expectation failure or divergence,\n"
            "2 error.  --latency 1..64 (default %u), --stall 0..90 %% of cycles (default 0).\n"
            "--trace writes the %s's waveform (FST) of one FILE, cycles C..C only when given.  A file\n"
            "that fails is run again writing the waveform of its last %llu cycles, named on the\n"
            "output ($SCORD_COSIM_FAIL_TRACE, or FILE's name with .fail.fst in the current directory).\n",
            o->prog, o->other->name, o->other->name, o->model, o->mo.latency, o->other->name,
            (unsigned long long)o->fail_window);
  } else {
    fprintf(f,
            "usage: %s [--json] [--config key=value]... [--dump-metadata] [--no-expect] [--stats] FILE...\n"
            "Runs vector files (formats 1 and 2) through the ScoRD reference model, prints each race,\n"
            "checks the files' expect lines. Exit: 0 pass, 1 expectation failure, 2 error.\n"
            "The RTL runs (--model=rtl|both) are scord-cosim's.\n",
            o->prog);
  }
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
        fputs("vectors: out of memory\n", stderr);
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
      fputs("vectors: out of memory\n", stderr);
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
                   const char *oname, const char *cside, const char *rside) {
  printf("DIVERGENCE file=%s line=%" PRIu64 " event=%" PRIu64 ": %s\n", path, ev->line, evno, what);
  printf("  event: ");
  scord_event_write(stdout, ev);
  printf("  ref: %s\n  %s: %s\n", cside, oname, rside);
  return 1;
}

/* Nondefault entries of one side, in index order, for the final comparison. */
static void md_add(void *arg, uint64_t index, uint64_t value) { log_write(arg, index, value); }

/* The final metadata of both sides, entry for entry; 0 equal, 1 (after the report) not. */
static int compare_final(const char *path, uint64_t evno, const scord_event *ev, const scord_layout *l,
                         scord_store *cstore, const scord_vec_model *om, void *other) {
  mdlog a = {0}, b = {0};
  scord_store_foreach_nondefault(cstore, md_add, &a);
  om->md_foreach(other, md_add, &b);
  int status = 0;
  for (size_t i = 0, j = 0; (i < a.n || j < b.n) && !status;) {
    uint64_t ia = i < a.n ? a.idx[i] : UINT64_MAX, ib = j < b.n ? b.idx[j] : UINT64_MAX;
    uint64_t index = ia < ib ? ia : ib;
    uint64_t va = ia == index ? a.val[i++] : SCORD_MD_INIT, vb = ib == index ? b.val[j++] : SCORD_MD_INIT;
    if (va == vb) continue;
    char cf[1024], rf[1024], fields[768];
    scord_md_format(l, va, fields, sizeof fields);
    snprintf(cf, sizeof cf, "index=0x%" PRIx64 " word=0x%016" PRIx64 " %s", index, va, fields);
    scord_md_format(l, vb, fields, sizeof fields);
    snprintf(rf, sizeof rf, "index=0x%" PRIx64 " word=0x%016" PRIx64 " %s", index, vb, fields);
    status = diverge(path, evno, ev, "final metadata differs", om->name, cf, rf);
  }
  free(a.idx); free(a.val); free(b.idx); free(b.val);
  return status;
}

typedef struct dump_ctx { const scord_layout *l; const char *file; } dump_ctx;

static void dump_one(void *arg, uint64_t index, uint64_t value) {
  const dump_ctx *dc = arg;
  char fields[512];
  scord_md_format(dc->l, value, fields, sizeof fields);
  printf("md file=%s index=0x%" PRIx64 " word=0x%016" PRIx64 " %s\n", dc->file, index, value, fields);
}

/* The next race record of each side (both are popped, so the lists stay aligned); false when
** neither has one. */
static bool pop_both(scord_detector *det, const scord_vec_model *om, void *other, scord_race *a, scord_race *b,
                     bool *ha, bool *hb) {
  *ha = scord_detector_pop_race(det, a);
  *hb = om->pop_race(other, b);
  return *ha || *hb;
}

/* Order of race records by their printed form (a total order: equal text, equal record). */
static int race_text_cmp(const void *a, const void *b) {
  char x[512], y[512];
  scord_race_format(a, x, sizeof x);
  scord_race_format(b, y, sizeof y);
  return strcmp(x, y);
}
static void push_race(race_vec *rv, const scord_race *r) {
  if (rv->n == rv->cap) {
    rv->cap = rv->cap ? rv->cap * 2 : 64;
    rv->v = realloc(rv->v, rv->cap * sizeof *rv->v);
    if (!rv->v) {
      fputs("vectors: out of memory\n", stderr);
      exit(2);
    }
  }
  rv->v[rv->n++] = *r;
}
/* The two sides' race records as multisets: 0 equal, 1 (after the report of the first record
** found on one side only) not.  Sorts both. */
static int compare_race_sets(const char *path, uint64_t evno, const scord_event *ev, const char *oname,
                             race_vec *c, race_vec *m) {
  qsort(c->v, c->n, sizeof *c->v, race_text_cmp);
  qsort(m->v, m->n, sizeof *m->v, race_text_cmp);
  for (size_t i = 0; i < c->n || i < m->n; i++) {
    int d = i >= c->n ? 1 : i >= m->n ? -1 : race_text_cmp(&c->v[i], &m->v[i]);
    if (d == 0) continue;
    char ca[600] = "(none)", rb[600] = "(none)", t[512];
    if (d < 0) {
      scord_race_format(&c->v[i], t, sizeof t);
      snprintf(ca, sizeof ca, "%s (not found by %s)", t, oname);
    } else {
      scord_race_format(&m->v[i], t, sizeof t);
      snprintf(rb, sizeof rb, "%s (not found by ref)", t);
    }
    char what[128];
    snprintf(what, sizeof what, "race records differ as sets (ref %zu, %s %zu)", c->n, oname, m->n);
    return diverge(path, evno, ev, what, oname, ca, rb);
  }
  return 0;
}

/* Run one file: 0 pass, 1 expectation failure or divergence, 2 input error, 3 skipped.  The
** second model's clock when it stopped goes to *cycles (0 without one). */
static int run_file(const char *path, const opts *o, uint64_t *cycles) {
  *cycles = 0;
  scord_vreader *r = scord_vr_open(path, o->cfg, o->ncfg);
  if (!r) {
    fprintf(stderr, "%s:0: out of memory\n", path);
    return 2;
  }
  const scord_vec_model *om = o->other;
  scord_system *sys = NULL;
  scord_detector *det = NULL;
  race_vec rv = {0}, crv = {0}, orv = {0}; /* crv, orv: an unordered model's sides */
  bool drain_each = true, started = false;
  bool use_ref = strcmp(o->model, "ref") == 0 || strcmp(o->model, "both") == 0;
  bool use_other = om && strcmp(o->model, "ref") != 0;
  void *other = NULL;
  int status = 0;
  uint64_t evno = 0, overflow = 0;
  scord_event ev;
  memset(&ev, 0, sizeof ev);
  mdlog clog = {0}, rlog = {0};
  scord_mdport cport = {&clog, log_read, log_write, log_reset, NULL};
  scord_mdport rport = {&rlog, NULL, log_write, log_reset, NULL};
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
        if (use_other && scord_v2_scrub(p)) {
          /* The scrub walks the detector's own store (detector-v2.md section 4). */
          fprintf(stderr, "%s:0: --model=%s: spec_version=2 with fence_scrub=1 runs on the C model "
                  "alone (set fence_scrub=0 to compare)\n", path, o->model);
          status = 2;
          break;
        }
        if (use_other) clog.store = scord_store_new(p->heap_bytes / p->granule / p->md_ratio);
        sys = scord_system_new(p, use_other ? &cport : NULL);
        if (!sys || (use_other && !clog.store)) {
          fprintf(stderr, "%s:%" PRIu64 ": out of memory creating the model\n", path, scord_vr_line(r));
          status = 2;
          break;
        }
        det = scord_system_detector(sys);
      }
      if (use_other) {
        char err[512];
        other = om->open(p, &o->mo, err, sizeof err);
        if (!other) {
          if (o->skip_unsupported) {
            printf("skipped file=%s: %s\n", path, err);
            status = 3;
          } else {
            fprintf(stderr, "%s:0: --model=%s: %s\n", path, o->model, err);
            status = 2;
          }
          break;
        }
        if (use_ref && !om->unordered) om->observe(other, &rport);
      }
    }
    if (rc == 0) break;
    evno++;
    if (sys) scord_system_apply(sys, &ev);
    if (other && om->unordered) { /* records as they come; compared as sets at the end */
      if (om->apply(other, &ev) != 0) {
        fprintf(stderr, "%s:%" PRIu64 ": %s stopped: %s\n", path, ev.line, om->name, om->error(other));
        status = 2;
        break;
      }
      scord_race b;
      if (drain_each)
        while (om->pop_race(other, &b)) push_race(&orv, &b);
      if (det && drain_each) {
        scord_race a;
        while (scord_detector_pop_race(det, &a)) push_race(&crv, &a);
      }
      clog.n = 0; /* only the store behind the log is used (the final comparison) */
      continue;
    }
    if (other && (om->apply(other, &ev) != 0 || (drain_each && om->drain(other) != 0))) {
      fprintf(stderr, "%s:%" PRIu64 ": %s stopped: %s\n", path, ev.line, om->name, om->error(other));
      status = 2;
      break;
    }
    if (other && sys && drain_each) { /* lockstep comparison after every event */
      scord_race a, b;
      char ca[512], rb[512];
      bool ha, hb;
      while (pop_both(det, om, other, &a, &b, &ha, &hb)) {
        if (ha) scord_race_format(&a, ca, sizeof ca); else strcpy(ca, "(no race)");
        if (hb) scord_race_format(&b, rb, sizeof rb); else strcpy(rb, "(no race)");
        if (!ha || !hb || strcmp(ca, rb) != 0) {
          status = diverge(path, evno, &ev, "race records differ", om->name, ca, rb);
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
          status = diverge(path, evno, &ev, "metadata writes differ", om->name, cf, rf);
        }
        if (status) break;
      }
      clog.n = rlog.n = 0;
      clog.reset = rlog.reset = false;
      continue;
    }
    if (other && !sys && drain_each) {
      scord_race b;
      while (om->pop_race(other, &b)) keep_race(&b, &rv, o);
    }
    if (det && drain_each) drain(det, &rv, o);
  }
  if (other && status == 0) {
    if (om->drain(other) != 0) {
      fprintf(stderr, "%s: %s stopped: %s\n", path, om->name, om->error(other));
      status = 2;
    }
    if (status == 0 && om->unordered) {
      scord_race a;
      while (om->pop_race(other, &a)) push_race(&orv, &a);
      if (det)
        while (scord_detector_pop_race(det, &a)) push_race(&crv, &a);
      if (sys && drain_each) {
        status = compare_race_sets(path, evno, &ev, om->name, &crv, &orv);
      } else if (sys && crv.n + scord_detector_overflow(det) != orv.n + om->overflow(other)) {
        /* A file's own small race buffer: which records overflow depends on their order. */
        char ca[128], rb[128];
        snprintf(ca, sizeof ca, "records+overflow=%zu", crv.n + (size_t)scord_detector_overflow(det));
        snprintf(rb, sizeof rb, "records+overflow=%zu", orv.n + (size_t)om->overflow(other));
        status = diverge(path, evno, &ev, "race counts differ", om->name, ca, rb);
      }
      for (size_t i = 0; status == 0 && i < (sys ? crv.n : orv.n); i++) keep_race(sys ? &crv.v[i] : &orv.v[i], &rv, o);
      if (status == 0 && sys)
        status = compare_final(path, evno, &ev, scord_detector_layout(det), clog.store, om, other);
      overflow = sys ? scord_detector_overflow(det) : om->overflow(other);
    } else if (status == 0 && !drain_each && sys) { /* buffered mode: compare the final record lists */
      scord_race a, b;
      char ca[512], rb[512];
      bool ha, hb;
      while (status == 0 && pop_both(det, om, other, &a, &b, &ha, &hb)) {
        if (ha) scord_race_format(&a, ca, sizeof ca); else strcpy(ca, "(no race)");
        if (hb) scord_race_format(&b, rb, sizeof rb); else strcpy(rb, "(no race)");
        if (!ha || !hb || strcmp(ca, rb) != 0) status = diverge(path, evno, &ev, "race records differ", om->name, ca, rb);
        else keep_race(&a, &rv, o);
      }
      if (status == 0 && scord_detector_overflow(det) != om->overflow(other)) {
        snprintf(ca, sizeof ca, "overflow=%" PRIu64, scord_detector_overflow(det));
        snprintf(rb, sizeof rb, "overflow=%" PRIu64, om->overflow(other));
        status = diverge(path, evno, &ev, "overflow counts differ", om->name, ca, rb);
      }
    } else if (status == 0 && !sys) {
      scord_race b;
      while (om->pop_race(other, &b)) keep_race(&b, &rv, o);
    }
    if (status == 0 && sys && !om->unordered)
      status = compare_final(path, evno, &ev, scord_detector_layout(det), clog.store, om, other);
    if (!om->unordered) overflow = om->overflow(other);
  }
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
    if (o->stats && other) om->stats(other, stdout, path);
    if (o->stats && det) {
      const scord_detector_stats *st = scord_detector_get_stats(det);
      printf("stats file=%s accesses=%" PRIu64 " outside=%" PRIu64 " fences=%" PRIu64 "\n", path, st->accesses, st->outside, st->fences);
      if (scord_vr_params(r)->spec_version >= 2) /* detector-v2.md: its counts, v2 runs only */
        printf("stats-v2 file=%s acquires=%" PRIu64 " syncwarps=%" PRIu64 " scrubs=%" PRIu64 " scrub_fields=%" PRIu64 "\n",
               path, st->acquires, st->syncwarps, st->scrubs, st->scrub_fields);
      for (int w = 0; w < 2; w++)
        for (int s = 0; s < SCORD_STEP_COUNT; s++)
          if (st->cover[w][s]) printf("  %s %-40s %" PRIu64 "\n", w ? "WRITE" : "READ ", scord_step_name[s], st->cover[w][s]);
    }
    if (o->dump_md && det) {
      dump_ctx dc = {scord_detector_layout(det), path};
      scord_store_foreach_nondefault(clog.store ? clog.store : scord_detector_store(det), dump_one, &dc);
    }
    if (o->dump_md && !det && other) {
      scord_layout l;
      scord_layout_init(&l, scord_vr_params(r));
      dump_ctx dc = {&l, path};
      om->md_foreach(other, dump_one, &dc);
    }
  }
  free(rv.v);
  free(crv.v);
  free(orv.v);
  scord_system_free(sys);
  if (other && om->cycles) *cycles = om->cycles(other);
  if (other) om->close(other);
  scord_store_free(clog.store);
  free(clog.idx); free(clog.val); free(rlog.idx); free(rlog.val);
  scord_vr_close(r);
  return status;
}

/* run_file with its output (the same as the run before) sent to /dev/null. */
static void rerun_quiet(const char *path, const opts *o, uint64_t *cycles) {
  fflush(stdout);
  fflush(stderr);
  int out = dup(1), err = dup(2), nul = open("/dev/null", O_WRONLY);
  if (out < 0 || err < 0 || nul < 0 || dup2(nul, 1) < 0 || dup2(nul, 2) < 0) {
    if (out >= 0) close(out);
    if (err >= 0) close(err);
    if (nul >= 0) close(nul);
    run_file(path, o, cycles); /* no /dev/null: the repeated output is shown */
    return;
  }
  run_file(path, o, cycles);
  fflush(stdout);
  fflush(stderr);
  dup2(out, 1);
  dup2(err, 2);
  close(out);
  close(err);
  close(nul);
}

/* A number option's value: 0, or 2 after the message naming the option. */
static int num_opt(const opts *o, const char *opt, const char *v, uint64_t lo, uint64_t hi, uint64_t *out) {
  if (scord_parse_u64(v, out) != 0 || *out < lo || *out > hi) {
    fprintf(stderr, "%s: %s=%s: must be %" PRIu64 "..%" PRIu64 "\n", o->prog, opt, v, lo, hi);
    return 2;
  }
  return 0;
}

/* Parse the command line into o (cfg and files have room for argc entries) and run the files;
** returns the exit status.  Every early return leaves the freeing to the caller. */
static int vec_main(int argc, char **argv, opts o, const char **files) {
  size_t nfiles = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    uint64_t v;
    if (strcmp(a, "--json") == 0) o.json = true;
    else if (strcmp(a, "--dump-metadata") == 0) o.dump_md = true;
    else if (strcmp(a, "--no-expect") == 0) o.no_expect = true;
    else if (strcmp(a, "--stats") == 0) o.stats = true;
    else if (o.other && strcmp(a, "--skip-unsupported") == 0) o.skip_unsupported = true;
    else if (o.other && strncmp(a, "--trace=", 8) == 0 && a[8]) o.mo.trace = a + 8;
    else if (o.other && strncmp(a, "--trace-from=", 13) == 0) {
      if (num_opt(&o, "--trace-from", a + 13, 0, UINT64_MAX, &o.mo.trace_from)) return 2;
    } else if (o.other && strncmp(a, "--trace-to=", 11) == 0) {
      if (num_opt(&o, "--trace-to", a + 11, 0, UINT64_MAX, &o.mo.trace_to)) return 2;
    }
    else if (strncmp(a, "--model=", 8) == 0) o.model = a + 8;
    else if (o.other && strncmp(a, "--latency=", 10) == 0) {
      if (num_opt(&o, "--latency", a + 10, 1, 64, &v)) return 2;
      o.mo.latency = (unsigned)v;
    } else if (o.other && strncmp(a, "--stall=", 8) == 0) {
      if (num_opt(&o, "--stall", a + 8, 0, 90, &v)) return 2;
      o.mo.stall = (unsigned)v;
    } else if (o.other && strncmp(a, "--seed=", 7) == 0) {
      if (num_opt(&o, "--seed", a + 7, 0, UINT64_MAX, &v)) return 2;
      o.mo.seed = v;
    } else if (strcmp(a, "--config") == 0 || strncmp(a, "--config=", 9) == 0) {
      const char *kv = a[8] == '=' ? a + 9 : (i + 1 < argc ? argv[++i] : NULL);
      if (!kv) {
        fprintf(stderr, "%s: --config needs key=value\n", o.prog);
        return 2;
      }
      /* Validate now so a bad value is a usage error before any file runs. */
      char key[128], err[512];
      const char *eq = strchr(kv, '=');
      if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof key) {
        fprintf(stderr, "%s: --config %s: expected key=value\n", o.prog, kv);
        return 2;
      }
      memcpy(key, kv, (size_t)(eq - kv));
      key[eq - kv] = 0;
      scord_params p;
      scord_params_default(&p);
      if (scord_params_set(&p, key, eq + 1, err, sizeof err) != 0) {
        fprintf(stderr, "%s: --config: %s\n", o.prog, err);
        return 2;
      }
      o.cfg[o.ncfg++] = kv;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout, &o);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "%s: unknown option '%s'\n", o.prog, a);
      usage(stderr, &o);
      return 2;
    } else {
      files[nfiles++] = a;
    }
  }
  bool known = strcmp(o.model, "ref") == 0 ||
               (o.other && (strcmp(o.model, o.other->name) == 0 || strcmp(o.model, "both") == 0));
  if (!known) {
    if (o.other)
      fprintf(stderr, "%s: unknown model '%s' (ref, %s, both)\n", o.prog, o.model, o.other->name);
    else
      fprintf(stderr, "%s: --model=%s: this program runs the C model only (ref); the RTL runs are "
                      "scord-cosim's (--model=rtl|both)\n", o.prog, o.model);
    return 2;
  }
  if (nfiles == 0) {
    usage(stderr, &o);
    return 2;
  }
  if (o.mo.trace && (nfiles != 1 || strcmp(o.model, "ref") == 0 || !o.other->cycles)) {
    fprintf(stderr, "%s: --trace=%s: needs one FILE and --model=%s or both\n", o.prog, o.mo.trace,
            o.other->name);
    return 2;
  }
  if (o.mo.trace_from > o.mo.trace_to) {
    fprintf(stderr, "%s: --trace-from=%" PRIu64 " is after --trace-to=%" PRIu64 "\n", o.prog, o.mo.trace_from,
            o.mo.trace_to);
    return 2;
  }
  size_t passed = 0, failed = 0, skipped = 0;
  int worst = 0;
  for (size_t i = 0; i < nfiles; i++) {
    uint64_t cyc;
    int rc = run_file(files[i], &o, &cyc);
    fflush(stdout);
    if (rc == 3) {
      skipped++;
      continue;
    }
    if (rc == 0) passed++; else failed++;
    if (rc > worst) worst = rc;
    if ((rc == 1 || rc == 2) && cyc > 0 && !o.mo.trace && o.other && o.other->cycles) {
      /* The failure's waveform: the same file again (the run is deterministic), writing the
      ** last fail_window cycles up to the one where the model stopped. */
      char fpath[4096];
      const char *env = getenv("SCORD_COSIM_FAIL_TRACE");
      const char *base = strrchr(files[i], '/');
      base = base ? base + 1 : files[i];
      if (env && *env) snprintf(fpath, sizeof fpath, "%s", env);
      else snprintf(fpath, sizeof fpath, "%s.fail.fst", base);
      opts t = o;
      t.mo.trace = fpath;
      t.mo.trace_from = cyc > o.fail_window ? cyc - o.fail_window : 0;
      t.mo.trace_to = cyc;
      t.json = false;
      uint64_t again;
      rerun_quiet(files[i], &t, &again);
      fprintf(stderr, "%s: waveform of the failure: %s (%s cycles %" PRIu64 "..%" PRIu64 ")\n", files[i], fpath,
              o.other->name, t.mo.trace_from, t.mo.trace_to);
    }
  }
  if (!o.no_expect) {
    if (skipped) printf("vectors: %zu passed, %zu failed, %zu skipped\n", passed, failed, skipped);
    else printf("vectors: %zu passed, %zu failed\n", passed, failed);
  }
  /* A run in which every file was skipped checked nothing: that is a failure, not a pass. */
  if (passed + failed == 0) {
    fprintf(stderr, "%s: all %zu files were skipped (--skip-unsupported): nothing was checked\n",
            o.prog, skipped);
    return 1;
  }
  return worst;
}

int scord_vec_main(int argc, char **argv, const char *prog, const scord_vec_model *other,
                   const char *default_model) {
  opts o = {.prog = prog, .model = default_model, .other = other, .fail_window = 2000,
            .mo = {.latency = 4, .seed = 1, .trace_to = UINT64_MAX}};
  o.cfg = calloc((size_t)argc, sizeof *o.cfg);
  const char **files = calloc((size_t)argc, sizeof *files);
  int rc = (o.cfg && files) ? vec_main(argc, argv, o, files) : 2;
  if (!o.cfg || !files) fprintf(stderr, "%s: out of memory\n", prog);
  free(o.cfg);
  free(files);
  return rc;
}
