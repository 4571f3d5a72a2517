// beat_check_tb.cpp -- unit test of rtl_model/scord_beat_check.sv (the line-rate detector's
// two checking stages) against the C model applying the same lanes one at a time.
//
// Each beat: one random access x (kind, warp, block, barrier, bloom, strong, scope), random fence
// counters (fences issued to the C model's fence file, read back for both sides), and 16 slots of
// one metadata line, each with a random entry (owner inside the GPU, flags and fields often equal
// to the accessor's so every branch of section 5 is taken, sometimes another tag) and 1-4 lanes of
// x hitting it.  The C model checks every lane in lane order; the RTL gets the slots (entries after
// the tag check, owners' counters) and must give, per slot, the entry after all lanes, the one
// race (at most one per slot), its fields and which lane raced, and the deciding steps of the
// first and second lanes.  The RTL's own simulation check ($fatal) also runs a third application
// on every slot with two lanes.
//
// Usage: scord-beat-check-tb[-small] [BEATS] [SEED]   (defaults 20000, 1); exit 0 when equal.
// Expected workload: a few seconds for 20,000 beats (320,000 slots).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include SCORD_BC_VTOP_H
#include "verilated.h"
#pragma GCC diagnostic pop

#include "rtl_port.h"
#include "scord/scord.h"

namespace {

constexpr int kSlots = 16;

uint64_t rng_state = 1;
uint64_t rng() {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1DULL;
}
uint32_t rnd(uint32_t n) { return n ? (uint32_t)(rng() % n) : 0; }

// Bit fields of Verilator's ports, wide (32-bit words) or plain integers: rtl_port.h's.
template <class W>
void put(W &w, unsigned lsb, unsigned width, uint64_t v) {
  rtlport::put_bits(w, lsb, width, v);
}
template <class W>
uint64_t get(const W &w, unsigned lsb, unsigned width) {
  return rtlport::get_bits(w, lsb, width);
}

struct Expect {
  bool valid;
  unsigned lanes;
  uint64_t md;            // after all lanes
  int races;              // race records of the slot
  int race_lane;          // lane (0-based) that raced
  scord_race race;
  unsigned step1, step2;  // deciding steps of lanes 0 and 1
};

}  // namespace

int main(int argc, char **argv) {
  uint64_t nbeats = 20000, seed = 0;
  if (argc > 1 && scord_arg_u64(argv[0], "BEATS", argv[1], 1, 100000000, &nbeats) != 0) return 2;
  const unsigned beats = (unsigned)nbeats;
  if (argc > 2 && scord_arg_u64(argv[0], "SEED", argv[2], 0, UINT64_MAX, &seed) != 0) return 2;
  rng_state = argc > 2 ? seed * 0x9E3779B97F4A7C15ULL + 1 : 1;
  scord_params p;
  scord_params_default(&p);
  char err[256];
  if (!rtlport::config_apply(&p, SCORD_BC_CONFIG, err, sizeof err) || scord_params_finalize(&p, err, sizeof err) != 0) {
    fprintf(stderr, "%s: configuration '%s': %s\n", argv[0], SCORD_BC_CONFIG, err);
    return 2;
  }
  // An external store behind a port: the detector then reads and writes every entry through
  // it (every read and write-back goes through the port, so the writes below are seen).
  scord_store *store = scord_store_new(p.heap_bytes / p.granule / p.md_ratio);
  scord_mdport port = store ? scord_store_port(store) : scord_mdport{};
  scord_detector *d = store ? scord_detector_new(&p, &port) : nullptr;
  if (!d) {
    fprintf(stderr, "%s: out of memory\n", argv[0]);
    return 1;
  }
  const scord_layout *l = scord_detector_layout(d);
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  auto m = std::make_unique<SCORD_BC_VTOP>(ctx.get());
  m->clk_i = 0;
  m->valid_i = 0;
  m->en_i = 1;  // never stalled here: one beat per cycle
  rtlport::reset([&](bool clk, bool rst_n) {
    m->clk_i = clk;
    m->rst_ni = rst_n;
    m->eval();
  });
  const unsigned FB = (unsigned)p.fence_id_bits, BB = (unsigned)p.block_id_bits, WB = (unsigned)p.warp_id_bits;
  const unsigned TB = (unsigned)p.tag_bits;
  const uint32_t nblocks = (uint32_t)(p.num_sms * p.ctas_per_sm);
  const uint64_t line_words = 16;  // 16 entries of 8 B: md_ratio 1, granule 4 -> 16 words
  uint64_t fails = 0, slots_checked = 0, seconds = 0, thirds = 0, raced = 0, raced_second = 0, stalls = 0;
  Expect ex[kSlots];
  for (unsigned b = 0; b < beats && fails < 10; b++) {
    for (unsigned i = rnd(4); i > 0; i--)
      scord_detector_fence(d, rnd((uint32_t)p.num_sms), rnd((uint32_t)p.warps_per_sm), (scord_scope)rnd(3));
    scord_access x;
    memset(&x, 0, sizeof x);
    x.sm = (uint16_t)rnd((uint32_t)p.num_sms);
    x.cta = (uint16_t)rnd((uint32_t)p.ctas_per_sm);
    x.warp = (uint16_t)rnd((uint32_t)p.warps_per_sm);
    x.block_id = scord_block_id(&p, x.sm, x.cta);
    x.barrier_id = rnd(1u << p.barrier_id_bits);
    x.bloom = rnd(2) ? 0 : rnd(1u << (2 * p.bloom_bin_bits));
    x.kind = (uint8_t)rnd(3);
    x.strong = x.kind == SCORD_ATOM || rnd(2);
    x.atom_block_scope = x.kind == SCORD_ATOM && rnd(2);
    x.pc = 0x100 + 4 * b;
    uint32_t xb, xd;
    scord_detector_fence_ids(d, x.sm, x.warp, &xb, &xd);
    uint64_t words = p.heap_bytes / p.granule;
    uint64_t line = rng() % (words / line_words);
    // RTL inputs.
    m->kind_i = x.kind;
    m->strong_i = x.strong;
    m->atom_blk_i = x.atom_block_scope;
    m->block_i = x.block_id;
    m->warp_i = x.warp;
    m->barrier_i = x.barrier_id;
    m->bloom_i = x.bloom;
    m->x_blk_i = xb;
    m->x_dev_i = xd;
    m->slot_valid_i = 0;
    m->second_i = 0;
    for (int s = 0; s < kSlots; s++) {
      Expect &e = ex[s];
      memset(&e, 0, sizeof e);
      e.valid = rnd(5) != 0;
      e.lanes = 1 + (rnd(3) == 0 ? rnd(4) : 0);
      uint64_t addr = p.heap_base + p.granule * (line * line_words + (uint64_t)s);
      uint64_t index;
      uint32_t tag;
      if (!scord_map_addr(&p, addr, &index, &tag)) {
        fprintf(stderr, "internal: address outside the window\n");
        return 1;
      }
      scord_md md;
      memset(&md, 0, sizeof md);
      md.tag = rnd(4) ? tag : rnd(1u << p.tag_bits);
      md.block_id = rnd(2) ? x.block_id : rnd(nblocks);
      md.warp_id = rnd(2) ? x.warp : rnd((uint32_t)p.warps_per_sm);
      md.barrier_id = rnd(2) ? x.barrier_id : rnd(1u << p.barrier_id_bits);
      unsigned osm = md.block_id / (uint32_t)p.ctas_per_sm;
      uint32_t ob, od;
      scord_detector_fence_ids(d, osm, md.warp_id, &ob, &od);
      md.blk_fence_id = rnd(2) ? ob : rnd(1u << p.fence_id_bits);
      md.dev_fence_id = rnd(2) ? od : rnd(1u << p.fence_id_bits);
      md.bloom = rnd(2) ? 0 : (rnd(2) ? x.bloom : rnd(1u << (2 * p.bloom_bin_bits)));
      md.m = rnd(2);
      md.bs = rnd(2);
      md.ds = rnd(2);
      md.is_atom = rnd(2);
      md.scope = rnd(2);
      md.strong = rnd(2);
      uint64_t word = scord_md_encode(l, &md);
      scord_store_write(store, index, word);
      // The RTL's input: the entry after the tag check, and its (checked) owner's counters.
      uint64_t checked = md.tag == tag ? word : (SCORD_MD_INIT | ((uint64_t)tag << l->lsb[SCORD_MD_TAG]));
      scord_md cm;
      scord_md_decode(l, checked, &cm);
      scord_detector_fence_ids(d, cm.block_id / (uint32_t)p.ctas_per_sm, cm.warp_id, &ob, &od);
      put(m->md_i, (unsigned)s * 64, 64, checked);
      put(m->tag_i, (unsigned)s * TB, TB, tag);
      put(m->o_blk_i, (unsigned)s * FB, FB, ob);
      put(m->o_dev_i, (unsigned)s * FB, FB, od);
      m->slot_valid_i |= (uint32_t)e.valid << s;
      m->second_i |= (uint32_t)(e.lanes >= 2) << s;
      if (!e.valid) continue;
      // The C model: every lane in lane order.
      scord_race r;
      while (scord_detector_pop_race(d, &r)) {
      }
      x.addr = addr;
      e.race_lane = -1;
      for (unsigned k = 0; k < e.lanes; k++) {
        scord_step st = scord_detector_access(d, &x);
        if (k == 0) e.step1 = st;
        if (k == 1) e.step2 = st;
        while (scord_detector_pop_race(d, &r)) {
          if (e.races == 0) {
            e.race = r;
            e.race_lane = (int)k;
          }
          e.races++;
        }
      }
      e.md = scord_store_read(store, index);
    }
    // One beat through the two stages.
    uint64_t md_in[kSlots];
    for (int s = 0; s < kSlots; s++) md_in[s] = get(m->md_i, (unsigned)s * 64, 64);
    m->valid_i = 1;
    m->clk_i = 1;
    m->eval();
    m->valid_i = 0;
    m->clk_i = 0;
    m->eval();
    // Sometimes a stall (en_i low) with other inputs: E4 and every output must hold.
    if (rnd(4) == 0) {
      uint64_t md_before[kSlots];
      for (int s = 0; s < kSlots; s++) md_before[s] = get(m->md_o, (unsigned)s * 64, 64);
      auto race_before = m->race_o;
      for (int s = 0; s < kSlots; s++) put(m->md_i, (unsigned)s * 64, 64, rng());
      m->slot_valid_i = (uint32_t)rng();
      m->valid_i = 1;
      m->en_i = 0;
      m->clk_i = 1;
      m->eval();
      m->clk_i = 0;
      m->eval();
      m->en_i = 1;
      m->valid_i = 0;
      stalls++;
      bool md_same = true;
      for (int s = 0; s < kSlots; s++) md_same = md_same && get(m->md_o, (unsigned)s * 64, 64) == md_before[s];
      if (!m->valid_o || !md_same || m->race_o != race_before) {
        fprintf(stderr, "beat %u: outputs changed while en_i was low (valid %d, entries %s, races %s)\n", b,
                m->valid_o, md_same ? "same" : "changed", m->race_o != race_before ? "changed" : "same");
        fails++;
      }
    }
    // A slot with no lane passes its entry through unchanged (the line goes on whole).
    for (int s = 0; s < kSlots; s++) {
      if (ex[s].valid || get(m->md_o, (unsigned)s * 64, 64) == md_in[s]) continue;
      fprintf(stderr, "beat %u slot %d: no lane, but the entry changed\n", b, s);
      fails++;
    }
    if (!m->valid_o) {
      fprintf(stderr, "beat %u: valid_o low one cycle after valid_i\n", b);
      fails++;
      continue;
    }
    for (int s = 0; s < kSlots; s++) {
      const Expect &e = ex[s];
      if (!e.valid) continue;
      slots_checked++;
      seconds += e.lanes >= 2;
      thirds += e.lanes >= 3;
      uint64_t md = get(m->md_o, (unsigned)s * 64, 64);
      bool race = (m->race_o >> s) & 1, second = (m->race_second_o >> s) & 1;
      unsigned type = (unsigned)get(m->race_type_o, (unsigned)s * 3, 3);
      bool bs = (m->block_scope_o >> s) & 1;
      uint64_t orb = get(m->owner_block_o, (unsigned)s * BB, BB), orw = get(m->owner_warp_o, (unsigned)s * WB, WB);
      unsigned st1 = (unsigned)get(m->step1_o, (unsigned)s * 4, 4), st2 = (unsigned)get(m->step2_o, (unsigned)s * 4, 4);
      bool bad = false;
      if (e.races > 1) {
        fprintf(stderr, "beat %u slot %d: the C model raced %d times on one entry (bound is 1)\n", b, s, e.races);
        bad = true;
      }
      if (e.race_lane >= 2) {
        fprintf(stderr, "beat %u slot %d: the C model raced on lane %d (a third application)\n", b, s, e.race_lane);
        bad = true;
      }
      if (getenv("BC_DEBUG") && (md != e.md || race != (e.races > 0))) {
        fprintf(stderr, "  x: sm %u cta %u warp %u block %u kind %u strong %d ablk %d bar %u bloom %x xb %u xd %u in_md %016" PRIx64 " ob %u od %u\n",
                x.sm, x.cta, x.warp, x.block_id, x.kind, x.strong, x.atom_block_scope, x.barrier_id, x.bloom, xb, xd,
                get(m->md_i, (unsigned)s * 64, 64), (unsigned)get(m->o_blk_i, (unsigned)s * FB, FB), (unsigned)get(m->o_dev_i, (unsigned)s * FB, FB));
      }
      if (md != e.md) {
        char a[200], c[200];
        scord_md_format(l, md, a, sizeof a);
        scord_md_format(l, e.md, c, sizeof c);
        fprintf(stderr, "beat %u slot %d (%u lanes): entry\n  rtl %s\n  ref %s\n", b, s, e.lanes, a, c);
        bad = true;
      }
      if (race != (e.races > 0)) {
        fprintf(stderr, "beat %u slot %d: race %d, C model %d\n", b, s, race, e.races);
        bad = true;
      } else if (race) {
        if (type != e.race.type || bs != e.race.block_scope || orb != e.race.owner_block || orw != e.race.owner_warp ||
            second != (e.race_lane == 1)) {
          fprintf(stderr, "beat %u slot %d: race type %u bs %d owner %" PRIu64 "/%" PRIu64 " second %d; C model %u %d %u/%u lane %d\n",
                  b, s, type, bs, orb, orw, second, e.race.type, e.race.block_scope, e.race.owner_block,
                  e.race.owner_warp, e.race_lane);
          bad = true;
        }
        raced++;
        raced_second += second;
      }
      if (st1 != e.step1 || (e.lanes >= 2 && st2 != e.step2)) {
        fprintf(stderr, "beat %u slot %d: steps %u %u, C model %u %u\n", b, s, st1, st2, e.step1, e.step2);
        bad = true;
      }
      fails += bad;
    }
    if (rnd(64) == 0) scord_detector_kernel_reset(d);
  }
  m->final();
  scord_detector_free(d);
  scord_store_free(store);
  printf("beat_check (%s): %u beats, %" PRIu64 " slots, %" PRIu64 " with a second lane, %" PRIu64
         " with a third or fourth, %" PRIu64 " races (%" PRIu64 " on the second lane), %" PRIu64 " stalls: %s\n",
         SCORD_BC_CONFIG[0] ? SCORD_BC_CONFIG : "defaults", beats, slots_checked, seconds, thirds, raced, raced_second,
         stalls, fails ? "MISMATCH" : "equal to the C model");
  if (!fails && (raced_second == 0 || thirds == 0 || stalls == 0)) {
    printf("beat_check: the random beats did not reach a second-lane race, a third lane or a stall\n");
    return 1;
  }
  return fails ? 1 : 0;
}
