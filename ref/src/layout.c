/*
** layout.c -- the metadata entry layout of detector.md section 4, the names of kinds,
** scopes, ops, race types and steps, and the race-line formatters of vectors.md.
**
** SCORD_MD_FIELD_LIST (scord.h) is the one definition of the entry layout; encode and
** decode run on every access lane, so they are table-driven loops over 14 fields (LaneID has
** width 0 unless lane identity is on, detector-v2.md section 3.1).
*/
#include "scord/scord.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

const char *const scord_md_field_name[SCORD_MD_FIELD_COUNT] = {
#define SCORD_X_MDNAME(ID, f, w) #f,
    SCORD_MD_FIELD_LIST(SCORD_X_MDNAME)
#undef SCORD_X_MDNAME
};

const char *const scord_kind_name[3] = {"ld", "st", "atom"};
const char *const scord_sem_name[SCORD_SEM_COUNT] = {"", "relaxed", "acquire", "release", "acq_rel", "sc"};
const char *const scord_scope_name[3] = {"cta", "gpu", "sys"};

const char *scord_sem_allowed(unsigned ev_type) {
  static const char *const allowed[] = {[SCORD_EV_LD] = "relaxed acquire", [SCORD_EV_ST] = "relaxed release",
                                        [SCORD_EV_ATOM] = "relaxed acquire release acq_rel",
                                        [SCORD_EV_FENCE] = "sc acq_rel"};
  const char *a = ev_type < sizeof allowed / sizeof *allowed ? allowed[ev_type] : NULL;
  return a ? a : "";
}

bool scord_sem_valid(unsigned ev_type, unsigned sem) {
  if (sem == SCORD_SEM_NONE) return true;
  if (sem >= SCORD_SEM_COUNT) return false;
  const char *ok = scord_sem_allowed(ev_type), *name = scord_sem_name[sem];
  size_t len = strlen(name);
  for (const char *hit = strstr(ok, name); hit; hit = strstr(hit + 1, name))
    if ((hit == ok || hit[-1] == ' ') && (hit[len] == ' ' || hit[len] == 0)) return true;
  return false;
}
const char *const scord_op_name[SCORD_OP_COUNT] = {"cas", "exch", "add", "sub", "min", "max",
                                                   "inc", "dec", "and", "or",  "xor"};
const char *const scord_race_type_name[SCORD_RACE_TYPE_COUNT] = {
#define SCORD_X_RTNAME(ID, name) #name,
    SCORD_RACE_TYPE_LIST(SCORD_X_RTNAME)
#undef SCORD_X_RTNAME
};
const char *const scord_step_name[SCORD_STEP_COUNT] = {
#define SCORD_X_STEPNAME(ID, doc) doc,
    SCORD_STEP_LIST(SCORD_X_STEPNAME)
#undef SCORD_X_STEPNAME
};

static inline uint64_t mask_of(unsigned w) {
  return w >= 64 ? UINT64_MAX : (((uint64_t)1 << w) - 1);
}

/* Shifts for field positions: a field of width 0 may sit at bit 64 of a full entry (LaneID
** without lane identity, or Tag with tag_bits=0), where a C shift would be undefined. */
static inline uint64_t shl(uint64_t v, unsigned lsb) { return lsb >= 64 ? 0 : v << lsb; }
static inline uint64_t shr(uint64_t v, unsigned lsb) { return lsb >= 64 ? 0 : v >> lsb; }

unsigned scord_layout_init(scord_layout *l, const scord_params *p) {
  unsigned pos = 0;
#define SCORD_X_LAY(ID, f, w)                     \
  l->lsb[SCORD_MD_##ID] = (uint8_t)(pos > 255 ? 255 : pos); \
  l->width[SCORD_MD_##ID] = (uint8_t)(w);         \
  pos += (unsigned)(w);
  SCORD_MD_FIELD_LIST(SCORD_X_LAY)
#undef SCORD_X_LAY
  l->total_bits = (uint8_t)(pos > 255 ? 255 : pos);
  for (int i = 0; i < SCORD_MD_FIELD_COUNT; i++) l->mask[i] = mask_of(l->width[i]);
  return pos;
}

uint64_t scord_md_encode(const scord_layout *l, const scord_md *md) {
#define F(ID, v)                                                                   \
  (assert(((uint64_t)(v) & ~l->mask[SCORD_MD_##ID]) == 0 && "field wider than its layout"), \
   shl((uint64_t)(v) & l->mask[SCORD_MD_##ID], l->lsb[SCORD_MD_##ID]))
  return F(STRONG, md->strong) | F(SCOPE, md->scope) | F(ISATOM, md->is_atom) | F(DS, md->ds) |
         F(BS, md->bs) | F(M, md->m) | F(BLOOM, md->bloom) | F(BARRIER, md->barrier_id) |
         F(BLKFENCE, md->blk_fence_id) | F(DEVFENCE, md->dev_fence_id) | F(WARP, md->warp_id) |
         F(BLOCK, md->block_id) | F(TAG, md->tag) | F(LANE, md->lane_id);
#undef F
}

void scord_md_decode(const scord_layout *l, uint64_t word, scord_md *md) {
#define F(ID) (shr(word, l->lsb[SCORD_MD_##ID]) & l->mask[SCORD_MD_##ID])
  /* the six one-bit flags sit at bits 0..5 in every layout (section 4) */
  md->strong = word & 1;
  md->scope = (word >> 1) & 1;
  md->is_atom = (word >> 2) & 1;
  md->ds = (word >> 3) & 1;
  md->bs = (word >> 4) & 1;
  md->m = (word >> 5) & 1;
  md->bloom = (uint32_t)F(BLOOM);
  md->barrier_id = (uint32_t)F(BARRIER);
  md->blk_fence_id = (uint32_t)F(BLKFENCE);
  md->dev_fence_id = (uint32_t)F(DEVFENCE);
  md->warp_id = (uint32_t)F(WARP);
  md->block_id = (uint32_t)F(BLOCK);
  md->tag = (uint32_t)F(TAG);
  md->lane_id = (uint32_t)F(LANE);
#undef F
}

int scord_md_format(const scord_layout *l, uint64_t word, char *buf, size_t len) {
  size_t off = 0;
  for (int i = SCORD_MD_FIELD_COUNT - 1; i >= 0 && off < len; i--) {
    if (l->width[i] == 0) continue; /* a field the configuration leaves out (LaneID in v1.1) */
    uint64_t v = shr(word, l->lsb[i]) & mask_of(l->width[i]);
    int n = snprintf(buf + off, len - off, i == SCORD_MD_BLOOM ? "%s%s=0x%" PRIx64 : "%s%s=%" PRIu64,
                     off ? " " : "", scord_md_field_name[i], v);
    if (n < 0) return n;
    off += (size_t)n;
  }
  return (int)off;
}

int scord_race_format(const scord_race *r, char *buf, size_t len) {
  return snprintf(buf, len,
                  "race type=%s kind=%s scope=%s sm=%u cta=%u warp=%u pc=0x%" PRIx64
                  " addr=0x%" PRIx64 " owner_block=%" PRIu32 " owner_warp=%" PRIu32,
                  scord_race_type_name[r->type], scord_kind_name[r->kind],
                  r->block_scope ? "block" : "device", r->sm, r->cta, r->warp, r->pc, r->addr,
                  r->owner_block, r->owner_warp);
}

int scord_race_format_json(const scord_race *r, char *buf, size_t len) {
  return snprintf(buf, len,
                  "{\"type\":\"%s\",\"kind\":\"%s\",\"scope\":\"%s\",\"sm\":%u,\"cta\":%u,"
                  "\"warp\":%u,\"pc\":\"0x%" PRIx64 "\",\"addr\":\"0x%" PRIx64
                  "\",\"owner_block\":%" PRIu32 ",\"owner_warp\":%" PRIu32 "}",
                  scord_race_type_name[r->type], scord_kind_name[r->kind],
                  r->block_scope ? "block" : "device", r->sm, r->cta, r->warp, r->pc, r->addr,
                  r->owner_block, r->owner_warp);
}

int scord_race_type_from_name(const char *s) {
  for (int i = 0; i < SCORD_RACE_TYPE_COUNT; i++)
    if (strcmp(s, scord_race_type_name[i]) == 0) return i;
  return -1;
}
