/*
** test_gen_params.c -- the generator's hardware constants (gen.h) must equal the defaults of the
** parameter table in scord.h, the one source of truth (common rules: one source per fact).
*/
#include "gen.h"
#include "scord/scord.h"

#include <stdio.h>

int main(void) {
  scord_params p;
  scord_params_default(&p);
  int bad = 0;
#define CHECK(gen_val, field)                                                                     \
  if ((uint64_t)(gen_val) != p.field) {                                                           \
    fprintf(stderr, "gen.h %s = %llu but scord.h default %s = %llu\n", #gen_val,                  \
            (unsigned long long)(gen_val), #field, (unsigned long long)p.field);                  \
    bad = 1;                                                                                      \
  }
  CHECK(GEN_NUM_SMS, num_sms);
  CHECK(GEN_CTAS_PER_SM, ctas_per_sm);
  CHECK(GEN_WARPS_PER_SM, warps_per_sm);
  CHECK(GEN_FENCE_BITS, fence_id_bits);
  CHECK(GEN_BLOOM_BIN, bloom_bin_bits);
  CHECK(GEN_LOCK_ENTRIES, lock_entries);
  if (GEN_MAX_WARPS * GEN_CTAS_PER_SM > GEN_WARPS_PER_SM) {
    fprintf(stderr, "GEN_MAX_WARPS x CTA slots exceeds the warps per SM\n");
    bad = 1;
  }
  /* the generators compare race names with the model's */
  for (int i = 0; i < GR_COUNT; i++)
    if (scord_race_type_from_name(gen_race_name[i]) != i) {
      fprintf(stderr, "race name %s differs from scord.h\n", gen_race_name[i]);
      bad = 1;
    }
  if (!bad) printf("gen.h constants match scord.h defaults\n");
  return bad;
}
