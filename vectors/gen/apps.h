/*
** apps.h -- the seven ScoR applications (paper Table II) as trace generators, and the random
** stream generator.  Each application is correctly synchronized by default; each switch injects
** one of the unique races of paper Table VI (vectors/README.md lists them).
*/
#ifndef SCORD_GEN_APPS_H
#define SCORD_GEN_APPS_H

#include "gen.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct app_switch {
  const char *name;
  const char *doc;   /* the bug, and the race(s) it causes */
  /* Every race this bug can cause, as "type@pc" words: the generator's knowledge of the bug.
  ** scord-gen refuses (exit 3) a stream whose expected races fall outside the union of the
  ** active switches' signatures, and a single switch that causes none of its own. */
  const char *sig;
} app_switch;

typedef struct app_def {
  const char *name;
  const char *doc;
  const app_switch *sw;
  unsigned nsw;
  /* Generate the program; `inj` has bit i set for switch i; `size` is GEN_SMALL, GEN_LARGE or
  ** GEN_PAPER (gen.h). */
  void (*run)(gen *g, unsigned inj, int size);
} app_def;

extern const app_def gen_apps[];
extern const unsigned gen_napps;

/* The application named `name`, or NULL. */
const app_def *gen_app_find(const char *name);
/* The switch mask of `inject` for d: NULL (none), "all", or a comma list of switch names.  -1 with
** a message in err (naming the unknown switch) otherwise. */
long gen_app_inject(const app_def *d, const char *inject, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
