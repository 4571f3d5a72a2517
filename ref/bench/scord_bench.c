/*
** scord_bench.c -- throughput benchmark of the reference model (a program, not a test).
**
** Generates a stream of warp events with GPU-like locality -- each warp walks its own
** slice of an array, reads a shared halo written by neighbours, takes a lock now and
** then, fences, meets barriers -- in chunks, and times only the model
** (scord_system_apply_batch over each chunk).
** Prints events/s, lanes/s and peak memory.
**
** Usage: scord-bench [EVENTS [SEED]] [--slice=BYTES] [--burst=N] [key=value ...]
**   EVENTS default 10000000, SEED 1, slice 4096 bytes per warp (the tile a warp keeps
**   revisiting; 65536 gives a mostly cold, memory-bound stream), burst 4 (instructions a
**   scheduled warp issues back to back, as a greedy-then-oldest scheduler does; 1 makes
**   every event come from a random warp).
*/
#define _POSIX_C_SOURCE 200809L
#include "scord/scord.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static uint64_t rng(uint64_t *s) {
  *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17;
  return *s;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define CHUNK 65536

static void usage(FILE *f) {
  fputs("usage: scord-bench [EVENTS [SEED]] [--slice=BYTES] [--burst=N] [key=value ...]\n"
        "  EVENTS  events to apply (default 10000000); SEED non-zero (default 1)\n"
        "  --slice=BYTES  bytes per warp slice, a power of two in [64, 1 MiB] (default 4096)\n"
        "  --burst=N      instructions a scheduled warp issues back to back, 1..1024 (default 4)\n"
        "  key=value      a detector parameter (docs/spec/detector.md section 1)\n", f);
}

int main(int argc, char **argv) {
  long events = 10000000;
  uint64_t seed = 1;
  scord_params p;
  char err[512];
  scord_params_default(&p);
  p.set_mask = 0;
  int pos = 0;
  uint64_t slice_bytes = 4096;
  unsigned burst = 4;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *eq = strchr(a, '=');
    uint64_t v;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return 0;
    } else if (strncmp(a, "--slice=", 8) == 0) {
      if (scord_parse_u64(a + 8, &v) || v < 64 || (v & (v - 1)) || v > (1u << 20)) {
        fprintf(stderr, "scord-bench: --slice=%s: must be a power of two in [64, 1 MiB]\n", a + 8);
        return 2;
      }
      slice_bytes = v;
    } else if (strncmp(a, "--burst=", 8) == 0) {
      if (scord_parse_u64(a + 8, &v) || v < 1 || v > 1024) {
        fprintf(stderr, "scord-bench: --burst=%s: must be in [1, 1024]\n", a + 8);
        return 2;
      }
      burst = (unsigned)v;
    } else if (a[0] == '-') {
      /* Also catches "-5": a negative count is not an event count. */
      fprintf(stderr, "scord-bench: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    } else if (eq) {
      char key[64];
      size_t kl = (size_t)(eq - a);
      if (kl >= sizeof key) {
        fprintf(stderr, "scord-bench: unknown parameter in '%s'\n", a);
        return 2;
      }
      memcpy(key, a, kl);
      key[kl] = 0;
      if (scord_params_set(&p, key, eq + 1, err, sizeof err)) { fprintf(stderr, "scord-bench: %s\n", err); return 2; }
    } else if (pos == 0) {
      /* At least one event: the figures divide by the model time. */
      if (scord_parse_u64(a, &v) || v < 1 || v > (uint64_t)LONG_MAX) {
        fprintf(stderr, "scord-bench: EVENTS '%s': must be a number >= 1\n", a);
        return 2;
      }
      events = (long)v;
      pos++;
    } else if (pos == 1) {
      if (scord_parse_u64(a, &seed) || seed == 0) {
        /* xorshift never leaves 0 */
        fprintf(stderr, "scord-bench: SEED '%s': must be a non-zero number\n", a);
        return 2;
      }
      pos++;
    } else {
      fprintf(stderr, "scord-bench: unexpected argument '%s'\n", a);
      usage(stderr);
      return 2;
    }
  }
  if (scord_params_finalize(&p, err, sizeof err)) { fprintf(stderr, "scord-bench: %s\n", err); return 2; }
  scord_system *s = scord_system_new(&p, NULL);
  if (!s) return 2;
  scord_detector *d = scord_system_detector(s);
  scord_event *buf = malloc(CHUNK * sizeof *buf);
  if (!buf) return 2;
  unsigned nsm = (unsigned)p.num_sms, nw = (unsigned)(p.warps_per_sm < 32 ? p.warps_per_sm : 32);
  unsigned nc = (unsigned)(p.ctas_per_sm < 4 ? p.ctas_per_sm : 4);
  /* per-warp cursor into its slice of a 64 MiB array */
  uint64_t *cursor = calloc(nsm * nw, sizeof *cursor);
  double t_apply = 0;
  unsigned cur_sm = 0, cur_w = 0, left = 0;
  long done = 0, lanes = 0, races = 0;
  while (done < events) {
    long n = events - done < CHUNK ? events - done : CHUNK;
    for (long i = 0; i < n; i++) {
      scord_event *e = &buf[i];
      memset(e, 0, sizeof *e);
      uint64_t r = rng(&seed);
      /* GTO-like issue: the scheduled warp issues a burst of `burst` instructions */
      if (left == 0) {
        cur_sm = (unsigned)(r % nsm);
        cur_w = (unsigned)((r >> 8) % nw);
        left = burst;
        r = rng(&seed);
      }
      left--;
      unsigned sm = cur_sm, w = cur_w;
      e->sm = (uint16_t)sm; e->warp = (uint16_t)w; e->cta = (uint16_t)(w % nc);
      e->pc = ((r >> 16) & 0xff) * 8;
      uint64_t slice = (uint64_t)(sm * nw + w) * slice_bytes;
      uint64_t *c = &cursor[sm * nw + w];
      unsigned k = (unsigned)((r >> 24) % 100);
      e->n = 1; e->stride = 4;
      if (k < 45) {                       /* streaming load of own slice */
        e->type = SCORD_EV_LD; e->addr = p.heap_base + slice + (*c % slice_bytes);
        *c += 4;
      } else if (k < 75) {                /* store to own slice */
        e->type = SCORD_EV_ST; e->addr = p.heap_base + slice + (*c % slice_bytes);
        *c += 4;
      } else if (k < 85) {                /* halo read from a neighbour warp's slice */
        e->type = SCORD_EV_LD; e->is_volatile = true;
        e->addr = p.heap_base + (slice ^ slice_bytes) + ((r >> 32) % (slice_bytes / 4)) * 4;
      } else if (k < 89) {                /* 4-lane vector store */
        e->type = SCORD_EV_ST; e->n = 4; e->addr = p.heap_base + slice + (*c % slice_bytes);
        *c += 16;
      } else if (k < 92) {                /* shared counter atomics */
        e->type = SCORD_EV_ATOM; e->op = SCORD_OP_ADD; e->scope = (r >> 40) & 1 ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA;
        e->addr = p.heap_base + 0x8000000 + ((r >> 44) % 64) * 4;
      } else if (k < 94) {                /* lock / unlock */
        e->type = SCORD_EV_ATOM; e->scope = SCORD_SCOPE_GPU; e->addr = 0x1000 + ((r >> 44) % 16) * 4;
        if ((r >> 50) & 1) { e->op = SCORD_OP_CAS; e->has_cmp = e->has_val = e->has_old = true; e->val = 1; }
        else { e->op = SCORD_OP_EXCH; e->has_val = true; }
      } else if (k < 99) {
        e->type = SCORD_EV_FENCE; e->scope = (r >> 40) & 3 ? SCORD_SCOPE_CTA : SCORD_SCOPE_GPU;
      } else {
        e->type = SCORD_EV_BAR;
      }
      if (e->type <= SCORD_EV_ATOM) lanes += e->n;
    }
    double t0 = now();
    scord_system_apply_batch(s, buf, (size_t)n);
    t_apply += now() - t0;
    scord_race r;
    while (scord_detector_pop_race(d, &r)) races++;
    done += n;
  }
  races += (long)scord_detector_overflow(d);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("scord-bench: %ld events (%ld lanes), %u SMs x %u warps, %" PRIu64 " B per warp slice, bursts of %u, %.3f s of model time\n",
         events, lanes, nsm, nw, slice_bytes, burst, t_apply);
  printf("events/s: %.1f M   lanes/s: %.1f M   races: %ld   peak RSS: %.1f MiB   store: %.1f MiB\n",
         events / t_apply / 1e6, lanes / t_apply / 1e6, races, ru.ru_maxrss / 1024.0,
         scord_store_bytes(scord_detector_store(d)) / 1048576.0);
  free(cursor);
  free(buf);
  scord_system_free(s);
  return 0;
}
