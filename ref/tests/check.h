/* check.h -- minimal assertion helpers for the ref/ tests: a failed CHECK prints the
** file, line and expression and marks the test failed; the test keeps going so one
** run shows every failure. */
#ifndef SCORD_CHECK_H
#define SCORD_CHECK_H
#include <inttypes.h>
#include <stdio.h>

static int check_failures;
static int check_count;
#define CHECK(cond)                                                                \
  do {                                                                             \
    check_count++;                                                                 \
    if (!(cond)) {                                                                 \
      check_failures++;                                                            \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);     \
    }                                                                              \
  } while (0)
#define CHECK_EQ(a, b)                                                             \
  do {                                                                             \
    uint64_t _a = (uint64_t)(a), _b = (uint64_t)(b);                               \
    check_count++;                                                                 \
    if (_a != _b) {                                                                \
      check_failures++;                                                            \
      fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (0x%" PRIx64 " != 0x%" PRIx64 ")\n", \
              __FILE__, __LINE__, #a, #b, _a, _b);                                 \
    }                                                                              \
  } while (0)
static int check_report(const char *name) {
  printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
  return check_failures ? 1 : 0;
}
#endif
