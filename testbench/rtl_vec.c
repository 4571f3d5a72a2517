/*
** rtl_vec.c -- scord-rtl-vec: run vector files (vectors.md) through the verilated RTL
** (rtl_bridge.h) and through the C model side by side.  Per file: the race records must
** be equal and in the same order, the overflow counts equal, the final metadata equal,
** and the RTL's races must meet the file's `expect` lines.  Prints the RTL's race lines,
** then `vectors: N passed, M failed` (and how many were skipped because no built RTL
** variant matches the file's configuration).  Exit 0 all passed, 1 any failed, 2 usage
** or input error (FILE:LINE: message).
*/
#include "rtl_bridge.h"
#include "scord/vecread.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Collects nondefault entries of one side for the final comparison. */
typedef struct mdlist {
  uint64_t *idx, *val;
  size_t n, cap;
} mdlist;

static void md_add(void *arg, uint64_t index, uint64_t value) {
  mdlist *l = arg;
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 256;
    l->idx = realloc(l->idx, l->cap * sizeof *l->idx);
    l->val = realloc(l->val, l->cap * sizeof *l->val);
    if (!l->idx || !l->val) {
      fprintf(stderr, "scord-rtl-vec: out of memory\n");
      exit(2);
    }
  }
  l->idx[l->n] = index;
  l->val[l->n] = value;
  l->n++;
}

/* Run one file. Returns 0 pass, 1 fail, 2 input error, 3 skipped. */
static int run_file(const char *path, unsigned latency) {
  scord_vreader *vr = scord_vr_open(path, NULL, 0);
  if (!vr) {
    fprintf(stderr, "scord-rtl-vec: out of memory\n");
    return 2;
  }
  scord_event ev;
  int rc = scord_vr_next(vr, &ev);
  if (rc < 0) {
    fprintf(stderr, "%s\n", scord_vr_error(vr));
    scord_vr_close(vr);
    return 2;
  }
  scord_params p = *scord_vr_params(vr);
  if (!scord_vr_race_buf_set(vr)) p.race_buf_entries = 1u << 20; /* as scord-vec: never overflow */
  char err[512];
  scord_rtl *rtl = scord_rtl_new(&p, latency, err, sizeof err);
  if (!rtl) {
    printf("%s: skipped: %s\n", path, err);
    scord_vr_close(vr);
    return 3;
  }
  scord_system *sys = scord_system_new(&p, NULL);
  if (!sys) {
    fprintf(stderr, "scord-rtl-vec: out of memory\n");
    exit(2);
  }
  int result = 0;
  uint64_t events = 0;
  while (rc == 1) {
    scord_system_apply(sys, &ev);
    if (scord_rtl_apply(rtl, &ev) != 0) {
      printf("%s: FAIL: %s at event %" PRIu64 "\n", path, scord_rtl_error(rtl), events);
      result = 1;
      break;
    }
    events++;
    rc = scord_vr_next(vr, &ev);
  }
  if (rc < 0) {
    fprintf(stderr, "%s\n", scord_vr_error(vr));
    result = 2;
  }
  if (result == 0 && scord_rtl_drain(rtl) != 0) {
    printf("%s: FAIL: %s while draining\n", path, scord_rtl_error(rtl));
    result = 1;
  }
  if (result == 0) {
    scord_detector *d = scord_system_detector(sys);
    size_t n = scord_rtl_race_count(rtl);
    scord_race *races = calloc(n ? n : 1, sizeof *races);
    if (!races) exit(2);
    for (size_t i = 0; i < n; i++) {
      scord_race a, b;
      scord_rtl_pop_race(rtl, &a);
      races[i] = a;
      char la[512], lb[512];
      scord_race_format(&a, la, sizeof la);
      printf("%s\n", la);
      if (!scord_detector_pop_race(d, &b)) {
        printf("%s: FAIL: race %zu only in the RTL: %s\n", path, i, la);
        result = 1;
        continue;
      }
      scord_race_format(&b, lb, sizeof lb);
      if (strcmp(la, lb) != 0) {
        printf("%s: FAIL: race %zu differs\n  rtl: %s\n  ref: %s\n", path, i, la, lb);
        result = 1;
      }
    }
    scord_race b;
    while (scord_detector_pop_race(d, &b)) {
      char lb[512];
      scord_race_format(&b, lb, sizeof lb);
      printf("%s: FAIL: race only in the C model: %s\n", path, lb);
      result = 1;
    }
    if (scord_rtl_overflow(rtl) != scord_detector_overflow(d)) {
      printf("%s: FAIL: overflow rtl %" PRIu64 ", ref %" PRIu64 "\n", path, scord_rtl_overflow(rtl),
             scord_detector_overflow(d));
      result = 1;
    }
    mdlist a = {0}, c = {0};
    scord_rtl_md_foreach_nondefault(rtl, md_add, &a);
    scord_store_foreach_nondefault(scord_detector_store(d), md_add, &c);
    if (a.n != c.n || (a.n && (memcmp(a.idx, c.idx, a.n * sizeof *a.idx) ||
                               memcmp(a.val, c.val, a.n * sizeof *a.val)))) {
      printf("%s: FAIL: final metadata differs (rtl %zu entries, ref %zu entries)\n", path, a.n, c.n);
      for (size_t i = 0; i < a.n || i < c.n; i++) {
        if (i < a.n && i < c.n && a.idx[i] == c.idx[i] && a.val[i] == c.val[i]) continue;
        printf("  first difference: rtl [%" PRIu64 "]=0x%" PRIx64 ", ref [%" PRIu64 "]=0x%" PRIx64 "\n",
               i < a.n ? a.idx[i] : 0, i < a.n ? a.val[i] : 0, i < c.n ? c.idx[i] : 0,
               i < c.n ? c.val[i] : 0);
        break;
      }
      result = 1;
    }
    free(a.idx);
    free(a.val);
    free(c.idx);
    free(c.val);
    size_t nex = 0;
    const scord_expect *ex = scord_vr_expects(vr, &nex);
    char why[2048];
    if (!scord_expect_check(ex, nex, races, n, scord_rtl_overflow(rtl), why, sizeof why)) {
      printf("%s: FAIL (expectations): %s\n", path, why);
      result = 1;
    }
    free(races);
    if (result == 0)
      printf("%s: ok (variant %s, %" PRIu64 " events, %" PRIu64 " lanes, %" PRIu64 " cycles)\n", path,
             scord_rtl_variant(rtl), events, scord_rtl_lanes(rtl), scord_rtl_cycles(rtl));
  }
  scord_system_free(sys);
  scord_rtl_free(rtl);
  scord_vr_close(vr);
  return result;
}

static void usage(FILE *f) {
  fputs("usage: scord-rtl-vec [--latency L] FILE...\n"
        "  runs each vector file through the RTL (the variant matching its configuration) and\n"
        "  the C model and compares races, expectations and final metadata\n"
        "  --latency L  memory latency in cycles, 1..64 (default 3)\n", f);
}

int main(int argc, char **argv) {
  unsigned latency = 3;
  int first = 1;
  for (; first < argc && argv[first][0] == '-'; first++) {
    const char *a = argv[first];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return 0;
    }
    const char *v = NULL;
    if (strcmp(a, "--latency") == 0) v = first + 1 < argc ? argv[++first] : "";
    else if (strncmp(a, "--latency=", 10) == 0) v = a + 10;
    else {
      fprintf(stderr, "scord-rtl-vec: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    }
    uint64_t l;
    if (scord_parse_u64(v, &l) || l < 1 || l > 64) {
      fprintf(stderr, "scord-rtl-vec: --latency '%s': must be 1..64\n", v);
      return 2;
    }
    latency = (unsigned)l;
  }
  if (first >= argc) {
    usage(stderr);
    return 2;
  }
  int passed = 0, failed = 0, skipped = 0, input_err = 0;
  for (int i = first; i < argc; i++) {
    switch (run_file(argv[i], latency)) {
    case 0: passed++; break;
    case 1: failed++; break;
    case 2: input_err++; break;
    default: skipped++; break;
    }
  }
  printf("vectors: %d passed, %d failed (%d skipped: no matching RTL variant)\n", passed, failed, skipped);
  if (input_err) return 2;
  return failed ? 1 : 0;
}
