/* ring.c -- the race ring record (docs/race_ring.md): packing a race into the 32-byte record
** the line-rate detector writes to GPU memory, and reading it back.  The field places come
** from SCORD_RING_FIELD_LIST only; the RTL's are generated from the same list.
** Workload: one pack or unpack per race record (rare next to accesses); no allocation. */
#include <scord/scord.h>

#include <assert.h>

const scord_ring_field_info scord_ring_fields[SCORD_RING_FIELD_COUNT] = {
#define SCORD_X_RF(ID, w, lsb, width) {#ID, w, lsb, width},
    SCORD_RING_FIELD_LIST(SCORD_X_RF)
#undef SCORD_X_RF
};

static uint64_t field_mask(unsigned width) {
  return width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1);
}

/* Contract: f is a field; v is truncated to its width and or-ed into its place. */
static void put(uint64_t w[SCORD_RING_REC_WORDS], scord_ring_field f, uint64_t v) {
  const scord_ring_field_info *i = &scord_ring_fields[f];
  assert(i->word < SCORD_RING_REC_WORDS && i->lsb + i->width <= 64);
  w[i->word] |= (v & field_mask(i->width)) << i->lsb;
}

static uint64_t get(const uint64_t w[SCORD_RING_REC_WORDS], scord_ring_field f) {
  const scord_ring_field_info *i = &scord_ring_fields[f];
  return (w[i->word] >> i->lsb) & field_mask(i->width);
}

static bool fits(uint64_t v, scord_ring_field f) {
  return (v & ~field_mask(scord_ring_fields[f].width)) == 0;
}

void scord_ring_pack(const scord_race *r, uint32_t seq, uint64_t w[SCORD_RING_REC_WORDS]) {
  for (unsigned k = 0; k < SCORD_RING_REC_WORDS; k++) w[k] = 0;
  put(w, SCORD_RING_ADDR, r->addr);
  put(w, SCORD_RING_PC, r->pc);
  put(w, SCORD_RING_SM, r->sm);
  put(w, SCORD_RING_CTA, r->cta);
  put(w, SCORD_RING_WARP, r->warp);
  put(w, SCORD_RING_OWNER_WARP, r->owner_warp);
  put(w, SCORD_RING_OWNER_BLOCK, r->owner_block);
  put(w, SCORD_RING_TYPE, r->type);
  put(w, SCORD_RING_KIND, r->kind);
  put(w, SCORD_RING_BLOCK_SCOPE, r->block_scope ? 1 : 0);
  put(w, SCORD_RING_SEQ, seq);
}

uint32_t scord_ring_unpack(const uint64_t w[SCORD_RING_REC_WORDS], scord_race *r) {
  r->addr = get(w, SCORD_RING_ADDR);
  r->pc = get(w, SCORD_RING_PC);
  r->sm = (uint16_t)get(w, SCORD_RING_SM);
  r->cta = (uint16_t)get(w, SCORD_RING_CTA);
  r->warp = (uint16_t)get(w, SCORD_RING_WARP);
  r->owner_warp = (uint32_t)get(w, SCORD_RING_OWNER_WARP);
  r->owner_block = (uint32_t)get(w, SCORD_RING_OWNER_BLOCK);
  r->type = (uint8_t)get(w, SCORD_RING_TYPE);
  r->kind = (uint8_t)get(w, SCORD_RING_KIND);
  r->block_scope = get(w, SCORD_RING_BLOCK_SCOPE) != 0;
  return (uint32_t)get(w, SCORD_RING_SEQ);
}

bool scord_ring_fits(const scord_race *r) {
  return fits(r->addr, SCORD_RING_ADDR) && fits(r->pc, SCORD_RING_PC) &&
         fits(r->sm, SCORD_RING_SM) && fits(r->cta, SCORD_RING_CTA) &&
         fits(r->warp, SCORD_RING_WARP) && fits(r->owner_warp, SCORD_RING_OWNER_WARP) &&
         fits(r->owner_block, SCORD_RING_OWNER_BLOCK) && fits(r->type, SCORD_RING_TYPE) &&
         fits(r->kind, SCORD_RING_KIND);
}
