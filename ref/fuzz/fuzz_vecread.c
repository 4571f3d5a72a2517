/*
** fuzz_vecread.c -- libFuzzer harness for the vector reader and the model behind it.
** Any input must end in an event stream, a clean end of file or a "NAME:LINE:" error;
** never a crash, a sanitizer report or an assertion.  Events that the reader accepts
** are applied to a model, so the reader's range checks are fuzzed against the model's
** asserts.  Build: cmake -DSCORD_FUZZ=ON -DCMAKE_C_COMPILER=clang; run:
**   build-fuzz/bin/fuzz_vecread -max_total_time=60 vectors/micro
*/
#include "scord/scord.h"
#include "scord/vecread.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  scord_vreader *r = scord_vr_open_mem("fuzz", (const char *)data, size, NULL, 0);
  if (!r) return 0;
  scord_system *s = NULL;
  scord_event ev;
  long n = 0;
  int rc;
  while ((rc = scord_vr_next(r, &ev)) > 0 && n++ < 100000) {
    if (!s) {
      scord_params p = *scord_vr_params(r);
      if (p.heap_bytes / p.granule / p.md_ratio > (1u << 20)) p.heap_bytes = p.granule * p.md_ratio << 20;
      s = scord_system_new(&p, NULL);
      if (!s) break;
    }
    scord_system_apply(s, &ev);
    scord_race race;
    while (scord_detector_pop_race(scord_system_detector(s), &race)) {}
  }
  if (rc < 0 && strncmp(scord_vr_error(r), "fuzz:", 5) != 0) abort(); /* errors name the input */
  scord_system_free(s);
  scord_vr_close(r);
  return 0;
}
