/*
** main.c -- command line of scord-gen (vectors/README.md):
**
**   scord-gen app=NAME [--inject=SW[,SW...]] [--seed=N] [--size=small|large|paper]
**             --out-vec=FILE [--out-trace=FILE]
**   scord-gen app=random [--seed=N] [--events=N] [--race-rate=PERCENT] --out-vec=FILE
**   scord-gen --list
**   scord-gen app=NAME [--inject=...] --check-races=FILE
**             (FILE holds race lines, e.g. scord-sim output: each must be explained by the switches)
**
** Options may also be written as two words (`--seed 7`).  Bad arguments exit 2 with a message.
*/
#include "apps.h"
#include "random_stream.h"
#include "scord/scord.h"

#include <inttypes.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
  fprintf(f,
          "usage: scord-gen app=NAME [--inject=SW[,SW...]|all] [--seed=N] [--size=small|large|paper]\n"
          "                 --out-vec=FILE [--out-trace=FILE]\n"
          "       scord-gen app=random [--seed=N] [--events=N] [--race-rate=PERCENT] --out-vec=FILE\n"
          "       scord-gen app=NAME [--inject=SW[,SW...]|all] --check-races=FILE\n"
          "       scord-gen --list\n");
}

static void list(void) {
  for (unsigned a = 0; a < gen_napps; a++) {
    printf("%s: %s\n", gen_apps[a].name, gen_apps[a].doc);
    for (unsigned s = 0; s < gen_apps[a].nsw; s++)
      printf("  --inject=%s: %s\n", gen_apps[a].sw[s].name, gen_apps[a].sw[s].doc);
  }
  printf("random: constrained-random streams; expectations from the reference model\n");
}

static int parse_u64(const char *opt, const char *v, uint64_t *out) {
  if (v && scord_parse_u64(v, out) == 0) return 0;
  fprintf(stderr, "scord-gen: %s: not an unsigned number: '%s'\n", opt, v ? v : "");
  return -1;
}

/* Is "type@pc" in the space-separated signature list? */
static bool in_sig(const char *sig, const char *word) {
  size_t n = strlen(word);
  for (const char *p = sig; (p = strstr(p, word)) != NULL; p += n)
    if ((p == sig || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return true;
  return false;
}

/* The bug model check (apps.h): every expected race must be one the active switches can cause
** (returns 1 with a message otherwise).  A single switch that caused none of its races in this
** interleaving is only noted: some bugs need a particular schedule to show (the CTest tests of the
** default seed require at least one expected race). */
static int check_signatures(const app_def *d, unsigned inj, const gen *g) {
  int bad = 0;
  unsigned hits[32] = {0};
  for (size_t i = 0; i < g->nex; i++) {
    char word[64];
    snprintf(word, sizeof word, "%s@0x%llx", gen_race_name[g->ex[i].type], (unsigned long long)g->ex[i].pc);
    bool ok = g->ex[i].wrap;  /* a counter-wrap false race needs no bug to explain it */
    for (unsigned s = 0; s < d->nsw; s++)
      if ((inj & (1u << s)) && in_sig(d->sw[s].sig, word)) { ok = true; hits[s]++; }
    if (!ok) {
      fprintf(stderr, "scord-gen: %s: expected race %s at 0x%llx is not explained by the injected bug(s)\n",
              d->name, word, (unsigned long long)g->ex[i].addr);
      bad = 1;
    }
  }
  for (unsigned s = 0; s < d->nsw; s++)
    if (inj == (1u << s) && !hits[s]) {
      fprintf(stderr, "scord-gen: note: %s --inject=%s caused no race in this interleaving\n", d->name,
              d->sw[s].name);
    }
  return bad;
}

/* --check-races: every `race type=T ... pc=P` line of `path` (scord-vec or scord-sim output, other
** lines ignored) must be in the union of the active switches' signatures.  0 pass, 1 fail, 2 I/O. */
static int check_races(const app_def *d, unsigned inj, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { fprintf(stderr, "scord-gen: %s: %s\n", path, strerror(errno)); return 2; }
  char line[1024];
  unsigned long n = 0, bad = 0, lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    if (strncmp(line, "race ", 5)) continue;
    char type[32] = "", word[64];
    const char *t = strstr(line, " type="), *p = strstr(line, " pc=");
    if (!t || !p || sscanf(t + 6, "%31[a-z_]", type) != 1) {
      fprintf(stderr, "%s:%lu: race line without type= or pc=\n", path, lineno);
      fclose(f);
      return 2;
    }
    char num[32];
    size_t k = strcspn(p + 4, " \t\r\n");
    uint64_t pc = 0;
    if (k >= sizeof num || (memcpy(num, p + 4, k), num[k] = 0, scord_parse_u64(num, &pc)) != 0) {
      fprintf(stderr, "%s:%lu: race line with a bad pc= value\n", path, lineno);
      fclose(f);
      return 2;
    }
    snprintf(word, sizeof word, "%s@0x%" PRIx64, type, pc);
    bool ok = false;
    for (unsigned s = 0; s < d->nsw; s++)
      if ((inj & (1u << s)) && in_sig(d->sw[s].sig, word)) ok = true;
    n++;
    if (!ok) {
      fprintf(stderr, "%s:%lu: %s is not explained by the injected bug(s)\n", path, lineno, word);
      bad++;
    }
  }
  fclose(f);
  printf("%lu race line(s), %lu unexplained\n", n, bad);
  return bad ? 1 : 0;
}

int main(int argc, char **argv) {
  const char *app = NULL, *inject = NULL, *size = "small", *out_vec = NULL, *out_trace = NULL;
  const char *check = NULL;
  uint64_t seed = 1, events = 20000, rate = 5;
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (!strcmp(a, "--list")) { list(); return 0; }
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
    if (!strncmp(a, "app=", 4)) { app = a + 4; continue; }
    const char *keys[] = {"--inject", "--seed", "--size", "--out-vec", "--out-trace", "--events",
                          "--race-rate", "--check-races"};
    const char *val = NULL;
    int k = -1;
    for (int j = 0; j < (int)(sizeof keys / sizeof keys[0]); j++) {
      size_t n = strlen(keys[j]);
      if (!strncmp(a, keys[j], n) && (a[n] == '=' || a[n] == 0)) {
        k = j;
        val = a[n] == '=' ? a + n + 1 : (i + 1 < argc ? argv[++i] : NULL);
        break;
      }
    }
    if (k < 0 || !val) {
      fprintf(stderr, "scord-gen: unknown or incomplete argument '%s'\n", a);
      usage(stderr);
      return 2;
    }
    switch (k) {
    case 0: inject = val; break;
    case 1: if (parse_u64("--seed", val, &seed)) return 2; break;
    case 2: size = val; break;
    case 3: out_vec = val; break;
    case 4: out_trace = val; break;
    case 5: if (parse_u64("--events", val, &events)) return 2; break;
    case 7: check = val; break;
    case 6: if (parse_u64("--race-rate", val, &rate) || rate > 100) {
              fprintf(stderr, "scord-gen: --race-rate: a percentage from 0 to 100\n");
              return 2;
            }
            break;
    }
  }
  if (!app || (!out_vec && !check)) {
    fprintf(stderr, "scord-gen: app= and --out-vec are required\n");
    usage(stderr);
    return 2;
  }
  const int isize = gen_size_parse(size);
  if (isize < 0) {
    fprintf(stderr, "scord-gen: --size: one of");
    for (int i = 0; i < GEN_NSIZES; i++) fprintf(stderr, " '%s'", gen_size_name[i]);
    fprintf(stderr, ", not '%s'\n", size);
    return 2;
  }
  if (!strcmp(app, "random")) {
    if (inject || out_trace) {
      fprintf(stderr, "scord-gen: app=random takes neither --inject nor --out-trace\n");
      return 2;
    }
    return random_stream(out_vec, seed, events, (unsigned)rate);
  }
  const app_def *d = gen_app_find(app);
  if (!d) {
    fprintf(stderr, "scord-gen: unknown app '%s' (see --list)\n", app);
    return 2;
  }
  char err[256];
  long injl = gen_app_inject(d, inject, err, sizeof err);
  if (injl < 0) {
    fprintf(stderr, "scord-gen: %s\n", err);
    return 2;
  }
  unsigned inj = (unsigned)injl;
  if (check) return check_races(d, inj, check);
  FILE *fv = fopen(out_vec, "w");
  if (!fv) { fprintf(stderr, "scord-gen: %s: %s\n", out_vec, strerror(errno)); return 2; }
  FILE *ft = NULL;
  if (out_trace && !(ft = fopen(out_trace, "w"))) {
    fprintf(stderr, "scord-gen: %s: %s\n", out_trace, strerror(errno));
    fclose(fv);
    return 2;
  }
  char comment[512];
  int n = snprintf(comment, sizeof comment, "scord-gen app=%s size=%s seed=%llu inject=%s: %s", d->name,
                   size, (unsigned long long)seed, inject ? inject : "none", d->doc);
  (void)n;
  static gen g;
  gen_init(&g, fv, ft, seed, comment);
  for (unsigned s = 0; s < d->nsw; s++)
    if (inj & (1u << s)) gen_comment(&g, "injected: %s: %s", d->sw[s].name, d->sw[s].doc);
  d->run(&g, inj, isize);
  int sigbad = check_signatures(d, inj, &g);
  gen_finish(&g);
  int bad = ferror(fv) || (ft && ferror(ft));
  bad |= fclose(fv) != 0;
  if (ft) bad |= fclose(ft) != 0;
  if (bad) { fprintf(stderr, "scord-gen: write error\n"); return 2; }
  return sigbad ? 3 : 0;
}
