/*
** params.c -- the parameters of detector.md section 1: defaults, parsing, validation.
**
** The table SCORD_PARAM_LIST in scord.h is the one definition of every parameter's
** name, default and range; everything here is driven by it.  Called once per run.
*/
#include "scord/scord.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const scord_param_info scord_param_table[SCORD_P_COUNT] = {
#define SCORD_X_INFO(name, def, lo, hi, derived, doc) {#name, (uint64_t)(def), (uint64_t)(lo), (uint64_t)(hi), (derived) != 0, doc},
    SCORD_PARAM_LIST(SCORD_X_INFO)
#undef SCORD_X_INFO
};

unsigned scord_clog2(uint64_t n) {
  /* Called per lane by scord_map_addr: closed form where the compiler has one. */
#if defined(__GNUC__)
  return n <= 1 ? 0 : 64 - (unsigned)__builtin_clzll(n - 1);
#else
  unsigned b = 0;
  while (b < 64 && ((uint64_t)1 << b) < n) b++;
  return b;
#endif
}

static bool is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

void scord_params_default(scord_params *p) {
  memset(p, 0, sizeof *p);
#define SCORD_X_DEF(name, def, lo, hi, derived, doc) p->name = (uint64_t)(def);
  SCORD_PARAM_LIST(SCORD_X_DEF)
#undef SCORD_X_DEF
  char err[256];
  /* The table's defaults are valid by construction; a failure here is a table bug. */
  if (scord_params_finalize(p, err, sizeof err) != 0) abort();
}

static uint64_t *param_slot(scord_params *p, int id) {
  switch (id) {
#define SCORD_X_SLOT(name, def, lo, hi, derived, doc) case SCORD_P_##name: return &p->name;
    SCORD_PARAM_LIST(SCORD_X_SLOT)
#undef SCORD_X_SLOT
  default: return NULL;
  }
}

int scord_parse_u64(const char *s, uint64_t *out) {
  if (!s || !*s || *s == '-' || *s == '+' || *s == ' ') return -1;
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
    if (!*s) return -1;
  }
  for (const char *c = s; *c; c++) {
    bool ok = base == 16 ? ((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f') ||
                            (*c >= 'A' && *c <= 'F'))
                         : (*c >= '0' && *c <= '9');
    if (!ok) return -1;
  }
  errno = 0;
  char *end = NULL;
  unsigned long long v = strtoull(s, &end, base);
  if (errno == ERANGE) return -2;
  if (!end || *end) return -1;
  *out = (uint64_t)v;
  return 0;
}

int scord_arg_u64(const char *prog, const char *what, const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
  uint64_t v;
  if (!s || scord_parse_u64(s, &v) != 0 || v < lo || v > hi) {
    fprintf(stderr, "%s: %s: '%s' is not a number in %" PRIu64 "..%" PRIu64 "\n", prog, what, s ? s : "", lo, hi);
    return -1;
  }
  *out = v;
  return 0;
}

int scord_parse_decimal(const char *s, double *out) {
  if (!s || !(*s >= '0' && *s <= '9')) return -1;
  const char *c = s;
  while (*c >= '0' && *c <= '9') c++;
  if (*c == '.') {
    c++;
    if (!(*c >= '0' && *c <= '9')) return -1;
    while (*c >= '0' && *c <= '9') c++;
  }
  if (*c) return -1;
  *out = strtod(s, NULL); /* only digits and one point remain: strtod cannot misread them */
  return 0;
}

int scord_params_set(scord_params *p, const char *key, const char *value, char *err,
                     size_t errlen) {
  for (int i = 0; i < SCORD_P_COUNT; i++) {
    const scord_param_info *in = &scord_param_table[i];
    if (strcmp(in->key, key) != 0) continue;
    uint64_t v;
    int rc = scord_parse_u64(value, &v);
    if (rc == -2) {
      snprintf(err, errlen, "%s: value '%s' does not fit in 64 bits", key, value);
      return -1;
    }
    if (rc != 0) {
      snprintf(err, errlen, "%s: '%s' is not an unsigned number", key, value);
      return -1;
    }
    if (v < in->lo || v > in->hi) {
      snprintf(err, errlen, "%s=%s is out of range [%" PRIu64 ", %" PRIu64 "]", key, value,
               in->lo, in->hi);
      return -1;
    }
    *param_slot(p, i) = v;
    p->set_mask |= 1u << i;
    return 0;
  }
  snprintf(err, errlen, "unknown parameter '%s'", key);
  return -1;
}

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

int scord_params_finalize(scord_params *p, char *err, size_t errlen) {
  /* Identities (section 2): BlockID and WarpID must hold every hardware slot. */
  unsigned need_blk = scord_clog2(p->num_sms * p->ctas_per_sm);
  unsigned need_warp = scord_clog2(p->warps_per_sm);
  if (need_blk == 0) need_blk = 1;
  if (need_warp == 0) need_warp = 1;
  if (p->set_mask & (1u << SCORD_P_block_id_bits)) {
    if (p->block_id_bits < need_blk)
      FAIL("block_id_bits=%" PRIu64 " is narrower than the %u bits num_sms*ctas_per_sm=%" PRIu64
           " needs", p->block_id_bits, need_blk, p->num_sms * p->ctas_per_sm);
  } else {
    p->block_id_bits = need_blk;
  }
  if (p->set_mask & (1u << SCORD_P_warp_id_bits)) {
    if (p->warp_id_bits < need_warp)
      FAIL("warp_id_bits=%" PRIu64 " is narrower than the %u bits warps_per_sm=%" PRIu64 " needs",
           p->warp_id_bits, need_warp, p->warps_per_sm);
  } else {
    p->warp_id_bits = need_warp;
  }
  if (!is_pow2(p->bloom_bin_bits))
    FAIL("bloom_bin_bits=%" PRIu64 " must be a power of two >= 2", p->bloom_bin_bits);
  if (!is_pow2(p->granule))
    FAIL("granule=%" PRIu64 " must be a power of two >= 4", p->granule);
  if (!is_pow2(p->md_ratio))
    FAIL("md_ratio=%" PRIu64 " must be a power of two", p->md_ratio);
  if (p->md_ratio > ((uint64_t)1 << p->tag_bits))
    FAIL("md_ratio=%" PRIu64 " needs tags up to %" PRIu64 " but tag_bits=%" PRIu64
         " holds only %" PRIu64 " values", p->md_ratio, p->md_ratio - 1, p->tag_bits,
         (uint64_t)1 << p->tag_bits);
  if (!is_pow2(p->heap_bytes))
    FAIL("heap_bytes=0x%" PRIx64 " must be a power of two", p->heap_bytes);
  uint64_t slot = p->granule * p->md_ratio;
  if (p->heap_bytes < slot)
    FAIL("heap_bytes=0x%" PRIx64 " is smaller than granule*md_ratio=%" PRIu64, p->heap_bytes, slot);
  if (p->heap_base % slot)
    FAIL("heap_base=0x%" PRIx64 " is not a multiple of granule*md_ratio=%" PRIu64, p->heap_base,
         slot);
  uint64_t amax = p->addr_bits >= 64 ? UINT64_MAX : (((uint64_t)1 << p->addr_bits) - 1);
  if (p->heap_base > amax || p->heap_bytes - 1 > amax - p->heap_base)
    FAIL("heap_base=0x%" PRIx64 " + heap_bytes=0x%" PRIx64 " does not fit in addr_bits=%" PRIu64,
         p->heap_base, p->heap_bytes, p->addr_bits);
  uint64_t entries = p->heap_bytes / p->granule / p->md_ratio;
  if (!(p->set_mask & (1u << SCORD_P_md_base))) {
    if (p->heap_bytes > amax - p->heap_base)
      FAIL("md_base: the default heap_base+heap_bytes does not fit in addr_bits=%" PRIu64
           "; set md_base", p->addr_bits);
    p->md_base = p->heap_base + p->heap_bytes;
  }
  if (p->md_base % 8) FAIL("md_base=0x%" PRIx64 " must be 8-byte aligned", p->md_base);
  if (p->md_base > amax || entries - 1 > (amax - p->md_base) / 8)
    FAIL("md_base=0x%" PRIx64 ": the metadata region (%" PRIu64 " entries of 8 bytes) does not fit "
         "in addr_bits=%" PRIu64, p->md_base, entries, p->addr_bits);
  uint64_t heap_last = p->heap_base + (p->heap_bytes - 1);
  uint64_t md_last = p->md_base + 8 * (entries - 1); /* start of the last entry */
  if (p->md_base <= heap_last && (md_last >= p->heap_base || p->heap_base - md_last < 8))
    FAIL("md_base=0x%" PRIx64 ": the metadata region overlaps the heap window", p->md_base);
  if (scord_v2_scrub(p) && p->fence_id_bits < 2)
    FAIL("fence_scrub=1 with spec_version=2 needs fence_id_bits >= 2, got fence_id_bits=%" PRIu64
         " (detector-v2.md section 4)", p->fence_id_bits);
  scord_layout l;
  unsigned bits = scord_layout_init(&l, p);
  if (bits > 64)
    FAIL("metadata entry needs %u bits (> 64) with block_id_bits=%" PRIu64 " warp_id_bits=%" PRIu64
         " fence_id_bits=%" PRIu64 " barrier_id_bits=%" PRIu64 " bloom_bin_bits=%" PRIu64
         " tag_bits=%" PRIu64 "%s", bits, p->block_id_bits, p->warp_id_bits, p->fence_id_bits,
         p->barrier_id_bits, p->bloom_bin_bits, p->tag_bits,
         scord_v2_lanes(p) ? " and a 5-bit LaneID (lane_ids=1)" : "");
  return 0;
}
