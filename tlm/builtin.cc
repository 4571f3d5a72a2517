// builtin.cc -- built-in workloads (see builtin.h). Addresses lie in the default heap window
// 0xC0000000 + 1 GiB; cross-CTA ordering the program relies on is written with signal/wait,
// as a generator would (docs/trace-format.md "Ordering").
#include "builtin.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "apps.h"
#include "scord/scord.h"

namespace {
const char *const kSynthetic =
    "default, stream, atomics, gather, vecadd, calib_l1, calib_l2, calib_dram, calib_bw, calib_bw_chan, calib_bw_l2, "
    "calib_atom, calib_atom_chan";

// The applications' names, from the generator's own table (vectors/gen/apps.c).
std::string app_names(const char *sep) {
  std::string s;
  for (unsigned a = 0; a < gen_napps; a++) s += (a ? sep : "") + std::string(gen_apps[a].name);
  return s;
}
}  // namespace

std::string builtin_names() {
  return std::string(kSynthetic) + ", and the applications " + app_names(", ") + " (with --size=" +
         join_names(gen_size_name, GEN_NSIZES, "|") + ", --inject)";
}

namespace {
struct Rng {
  uint64_t s;
  uint64_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
};

// Appends instructions to one warp's stream.
struct W {
  Kernel &k;
  std::vector<Instr> &v;
  uint64_t pc = 0x100;
  Instr &add(Op op) {
    v.emplace_back();
    Instr &i = v.back();
    i.op = op;
    i.pc = pc;
    pc += 8;
    return i;
  }
  void ld(uint64_t a, uint32_t mask = 0xffffffffu, bool vol = false) {
    Instr &i = add(Op::LD);
    i.addr = a; i.stride = 4; i.mask = mask;
    if (vol) i.flags |= IF_VOLATILE;
  }
  // One lane of a pointer chase: the load's address comes from the last load's value (register
  // 1 read and written: the scoreboard holds it until that value is back).
  void ld_chase(uint64_t a) {
    ld(a, 1);
    v.back().dst = 1;
    v.back().uses = 1ull << 1;
  }
  void ld_async(uint64_t a, bool vol = false) {  // 32 lanes, one line; the warp waits only at its end
    ld(a, 0xffffffffu, vol);
    v.back().flags |= IF_ASYNC;
  }
  void st(uint64_t a, uint32_t mask = 0xffffffffu, bool vol = false) {
    Instr &i = add(Op::ST);
    i.addr = a; i.stride = 4; i.mask = mask;
    if (vol) i.flags |= IF_VOLATILE;
  }
  void gather(Op op, const std::vector<uint64_t> &lanes) {
    Instr &i = add(op);
    i.flags |= IF_LANES;
    i.lanes_off = (uint32_t)k.lane_pool.size();
    i.nlanes = (uint8_t)lanes.size();
    k.lane_pool.insert(k.lane_pool.end(), lanes.begin(), lanes.end());
  }
  Instr &atom(scord_atom_op op, scord_scope sc, uint64_t a, uint32_t mask = 1) {
    Instr &i = add(Op::ATOM);
    i.addr = a; i.stride = 4; i.mask = mask; i.aop = (uint8_t)op; i.scope = (uint8_t)sc;
    return i;
  }
  void cas(uint64_t a, scord_scope sc, uint32_t cmp, uint32_t val, uint32_t old) {
    Instr &i = atom(SCORD_OP_CAS, sc, a);
    i.cmp = cmp; i.val = val; i.old = old;
    i.flags |= IF_HAS_CMP | IF_HAS_VAL | IF_HAS_OLD;
  }
  void exch(uint64_t a, scord_scope sc, uint32_t val, uint32_t old) {
    Instr &i = atom(SCORD_OP_EXCH, sc, a);
    i.val = val; i.old = old;
    i.flags |= IF_HAS_VAL | IF_HAS_OLD;
  }
  void fence(scord_scope sc) { add(Op::FENCE).scope = (uint8_t)sc; }
  void bar() { add(Op::BAR); }
  void alu(uint64_t n) { add(Op::ALU).stride = n; }
  void signal(uint64_t id) { add(Op::SIGNAL).addr = id; }
  void wait(uint64_t id, uint64_t count) {
    Instr &i = add(Op::WAIT);
    i.addr = id; i.stride = count;
  }
};

Kernel &new_kernel(Workload &w, const std::string &name, uint64_t grid, uint32_t threads) {
  w.kernels.emplace_back();
  Kernel &k = w.kernels.back();
  k.name = name;
  k.grid = grid;
  k.threads = threads;
  k.warps_per_cta = (threads + 31) / 32;
  k.ctas.assign(grid, std::vector<std::vector<Instr>>(k.warps_per_cta));
  return k;
}

const uint64_t H = 0xC0000000ull;
const uint64_t IN = H, OUT = H + 0x1000000, PART = H + 0x2000000, LOCK = H + 0x3000000, ACC = LOCK + 0x80,
               HIST = H + 0x4000000, BLKCNT = H + 0x5000000, MSG = H + 0x6000000, FLAG = MSG + 0x80,
               SCNT = MSG + 0x100;

// default: 120 CTAs x 4 warps; a streaming phase, a barrier-protected block reduction, a
// device lock passed from CTA to CTA in id order, a histogram of device atomics, block-scope
// counters, and three injected races: message passing with only a block fence (dev_fence on
// MSG), block-scope atomics from two blocks (scoped_atomic on SCNT), and a store outside the
// lock after every holder is done (lock_store on ACC). A second kernel reads the results.
void build_default(const SimConfig &c, Workload &w) {
  const uint64_t grid = 120, iters = 16 * c.scale;
  Kernel &k = new_kernel(w, "default", grid, 128);
  Rng rng{c.seed * 2654435761u + 1};
  for (uint64_t cta = 0; cta < grid; cta++) {
    for (unsigned wp = 0; wp < 4; wp++) {
      W b{k, k.ctas[cta][wp]};
      uint64_t lin = cta * 4 + wp;
      for (uint64_t i = 0; i < iters; i++) {
        uint64_t line = i * grid * 4 + lin;  // grid-stride: neighbouring warps, neighbouring lines
        b.ld(IN + line * 128);
        b.ld(IN + line * 128 + 64, 0xffff);  // same line again: an L1 hit
        b.alu(6);
        b.st(OUT + line * 128);
      }
      std::vector<uint64_t> lanes;
      for (int l = 0; l < 32; l++) lanes.push_back(HIST + 4 * (rng.next() % 256));
      Instr &h = b.k.ctas[cta][wp].emplace_back();
      h.op = Op::ATOM; h.aop = SCORD_OP_ADD; h.scope = SCORD_SCOPE_GPU; h.pc = 0x800;
      h.flags = IF_LANES | IF_HAS_VAL; h.val = 1;
      h.lanes_off = (uint32_t)k.lane_pool.size(); h.nlanes = 32;
      k.lane_pool.insert(k.lane_pool.end(), lanes.begin(), lanes.end());
      b.atom(SCORD_OP_ADD, SCORD_SCOPE_CTA, BLKCNT + cta * 128);
      b.st(PART + cta * 128 + wp * 4, 1);
      b.bar();
      if (wp == 0) {
        b.ld(PART + cta * 128, 0xf);
        b.ld(BLKCNT + cta * 128, 1, true);
        b.alu(4);
        // device lock, handed over in CTA order
        if (cta > 0) {
          b.cas(LOCK, SCORD_SCOPE_GPU, 0, 1, 1);  // a failed attempt while spinning
          b.wait(1, cta);
        }
        b.cas(LOCK, SCORD_SCOPE_GPU, 0, 1, 0);
        b.fence(SCORD_SCOPE_GPU);
        b.ld(ACC, 1, true);
        b.alu(2);
        b.st(ACC, 1, true);
        b.fence(SCORD_SCOPE_GPU);
        b.exch(LOCK, SCORD_SCOPE_GPU, 0, 1);
        b.signal(1);
      }
      if (cta == 0 && wp == 1) {  // producer with only a block fence
        b.st(MSG, 1, true);
        b.fence(SCORD_SCOPE_CTA);
        b.exch(FLAG, SCORD_SCOPE_GPU, 1, 0);
        b.signal(2);
      }
      if (cta == 100 && wp == 1) {  // consumer in another block: dev_fence race on MSG
        b.wait(2, 1);
        Instr &f = b.atom(SCORD_OP_CAS, SCORD_SCOPE_GPU, FLAG);
        f.cmp = 1; f.val = 1; f.old = 1; f.flags |= IF_HAS_CMP | IF_HAS_VAL | IF_HAS_OLD;
        b.ld(MSG, 1, true);
      }
      if (cta == 3 && wp == 2) {  // block-scope atomic ...
        b.atom(SCORD_OP_ADD, SCORD_SCOPE_CTA, SCNT);
        b.signal(3);
      }
      if (cta == 60 && wp == 2) {  // ... and another block's: scoped_atomic race on SCNT
        b.wait(3, 1);
        b.atom(SCORD_OP_ADD, SCORD_SCOPE_CTA, SCNT);
      }
      if (cta == 110 && wp == 3) {  // after every lock holder: store without the lock
        b.wait(1, grid);
        b.st(ACC, 1, true);
        b.fence(SCORD_SCOPE_GPU);
      }
    }
  }
  Kernel &k2 = new_kernel(w, "default_check", 15, 128);
  for (uint64_t cta = 0; cta < 15; cta++)
    for (unsigned wp = 0; wp < 4; wp++) {
      W b{k2, k2.ctas[cta][wp]};
      for (uint64_t i = 0; i < 4 * c.scale; i++) {
        b.ld(OUT + (i * 60 + cta * 4 + wp) * 128);
        b.alu(2);
      }
      b.ld(HIST + wp * 128);
    }
}

// stream (RED/R110-like): well-coalesced loads and stores, a block fence per iteration.
void build_stream(const SimConfig &c, Workload &w) {
  const uint64_t grid = 240, iters = 8 * c.scale;
  Kernel &k = new_kernel(w, "stream", grid, 256);
  for (uint64_t cta = 0; cta < grid; cta++)
    for (unsigned wp = 0; wp < 8; wp++) {
      W b{k, k.ctas[cta][wp]};
      uint64_t lin = cta * 8 + wp;
      for (uint64_t i = 0; i < iters; i++) {
        b.ld(IN + (i * grid * 8 + lin) * 128);
        b.alu(4);
        b.st(OUT + (i * grid * 8 + lin) * 128);
      }
      b.fence(SCORD_SCOPE_CTA);
    }
}

// atomics (1DC-like): each thread reads a 9-point window (overlapping loads that hit in the
// L1), computes, and adds its contribution to 3 outputs with atomics: block scope inside the
// block's tile, device scope on the tile border shared with the neighbouring block.
void build_atomics(const SimConfig &c, Workload &w) {
  const uint64_t grid = 120, iters = 4 * c.scale;
  Kernel &k = new_kernel(w, "atomics", grid, 128);
  for (uint64_t cta = 0; cta < grid; cta++)
    for (unsigned wp = 0; wp < 4; wp++) {
      W b{k, k.ctas[cta][wp]};
      for (uint64_t i = 0; i < iters; i++) {
        uint64_t base = IN + ((i * grid + cta) * 4 + wp) * 128;
        for (int t = 0; t < 3; t++) b.ld(base + 4 * t);  // shifted windows of the same lines
        b.alu(8);
        uint64_t tile = OUT + (cta * iters + i) * 512;
        b.atom(SCORD_OP_ADD, SCORD_SCOPE_CTA, tile + wp * 128 + 4, 0x7ffffffe);
        b.atom(SCORD_OP_ADD, SCORD_SCOPE_CTA, tile + wp * 128 + 8, 0x3ffffffc);
        bool border = wp == 3;
        b.atom(SCORD_OP_ADD, border ? SCORD_SCOPE_GPU : SCORD_SCOPE_CTA,
               border ? OUT + 0x800000 + ((cta / 2) * iters + i) * 4 : tile + wp * 128, border ? 1 : 0x7fffffff);
      }
    }
}

// gather (GCOL/GCON-like): irregular loads over a large edge array, device atomics on
// vertex labels, and a work counter.
void build_gather(const SimConfig &c, Workload &w) {
  const uint64_t grid = 120, iters = 6 * c.scale;
  Kernel &k = new_kernel(w, "gather", grid, 128);
  Rng rng{c.seed * 0x9E3779B97F4A7C15ull + 7};
  for (uint64_t cta = 0; cta < grid; cta++)
    for (unsigned wp = 0; wp < 4; wp++) {
      W b{k, k.ctas[cta][wp]};
      for (uint64_t i = 0; i < iters; i++) {
        b.atom(SCORD_OP_ADD, SCORD_SCOPE_GPU, BLKCNT);  // work stealing counter
        b.ld(IN + ((i * grid + cta) * 4 + wp) * 128);  // the vertex's edge offsets
        std::vector<uint64_t> lanes;
        for (int l = 0; l < 32; l++) lanes.push_back(IN + 0x400000 + 4 * (rng.next() % (1 << 20)));
        b.gather(Op::LD, lanes);
        b.alu(4);
        lanes.clear();
        for (int l = 0; l < 32; l++) lanes.push_back(HIST + 4 * (rng.next() % (1 << 18)));
        b.gather(Op::ATOM, lanes);
        Instr &a = b.v.back();
        a.aop = SCORD_OP_MIN;
        a.scope = SCORD_SCOPE_GPU;
      }
    }
}
// vecadd: C[i] = A[i] + B[i] with the three arrays 64 MiB apart. With md_ratio 16 (ScoRD's
// metadata cache: 2^24 entries cover 64 MiB of data) the three arrays share metadata lines, so
// metadata reuses the L2 where md_ratio 1 misses three times (the effect of the paper's Figure 9;
// tag mismatches re-initialise the entries, which costs only detection coverage).
void build_vecadd(const SimConfig &c, Workload &w) {
  const uint64_t grid = 240, iters = 8 * c.scale, span = 64ull << 20;
  Kernel &k = new_kernel(w, "vecadd", grid, 256);
  for (uint64_t cta = 0; cta < grid; cta++)
    for (unsigned wp = 0; wp < 8; wp++) {
      W b{k, k.ctas[cta][wp]};
      for (uint64_t i = 0; i < iters; i++) {
        uint64_t off = (i * grid * 8 + cta * 8 + wp) * 128;
        b.ld(H + off);
        b.ld(H + span + off);
        b.alu(2);
        b.st(H + 2 * span + off);
      }
    }
}

// ---- Calibration microbenchmarks (docs/tlm.md "Calibration", `scord-sim --calibrate`) ----
// Each measures one latency or bandwidth of the memory system with detection off.  `scale` sets
// the measured work (calib_unit() units per scale step), so runs at scale 1 and 2 give the cost
// of the work alone, without the start-up and the last request's return.
// Work per unit of `scale` (calib_unit() reports it): chase loads, lines per warp, adds per warp.
constexpr uint64_t kChaseL1 = 256, kChaseL2Lines = 512, kChaseDram = 64, kStreamLines = 8, kAtomsPerWarp = 4;
// Pointer chases: one warp, one lane, each load's address is the last load's value (ld_chase).
void build_calib_l1(const SimConfig &c, Workload &w) {  // one line, hit after the first load
  Kernel &k = new_kernel(w, "calib_l1", 1, 32);
  W b{k, k.ctas[0][0]};
  for (uint64_t i = 0; i <= kChaseL1 * c.scale; i++) b.ld_chase(H);
}
// 512 lines (64 KB: 4x the L1, so a cyclic sweep misses an LRU L1 every time; 43 lines per L2
// slice); one pass from DRAM, then `scale` passes that hit the L2.
void build_calib_l2(const SimConfig &c, Workload &w) {
  Kernel &k = new_kernel(w, "calib_l2", 1, 32);
  W b{k, k.ctas[0][0]};
  for (uint64_t p = 0; p <= c.scale; p++)
    for (uint64_t j = 0; j < kChaseL2Lines; j++) b.ld_chase(H + j * c.line_bytes);
}
// Each load a new line in the same L2 slice, DRAM bank and a new row (stride slices x row_lines
// x banks lines): an L2 miss, a row conflict (precharge, activate) every time: a random chase's case.
void build_calib_dram(const SimConfig &c, Workload &w) {
  Kernel &k = new_kernel(w, "calib_dram", 1, 32);
  W b{k, k.ctas[0][0]};
  // (addr_map=1: a channel row spans 64 KB of the channel's own addresses, 256-B chunks of the
  // channels in turn: the next row of the same bank is 64 KB x channels further.)
  const uint64_t stride = c.addr_map == 0 ? c.l2_slices() * c.dram_row_lines * c.dram_banks * c.line_bytes
                                          : 65536 * c.channels;
  for (uint64_t i = 0; i <= kChaseDram * c.scale; i++) b.ld_chase(H + i * stride);
}
// Every warp slot of the GPU (4-warp CTAs): asynchronous 32-lane loads of whole lines.
uint64_t calib_grid(const SimConfig &c) {
  return c.det.num_sms * std::min<uint64_t>(c.det.ctas_per_sm, c.det.warps_per_sm / 4);
}
// Streaming from DRAM: 8 x scale new lines per warp, consecutive lines over all channels
// (`chan`: only channel 0's lines, through both its slices, consecutive inside the channel, so
// its DRAM rows stay open).
void build_calib_bw(const SimConfig &c, Workload &w, bool chan) {
  const uint64_t grid = calib_grid(c), nw = grid * 4;
  Kernel &k = new_kernel(w, chan ? "calib_bw_chan" : "calib_bw", grid, 128);
  for (uint64_t cta = 0; cta < grid; cta++)
    for (unsigned wp = 0; wp < 4; wp++) {
      W b{k, k.ctas[cta][wp]};
      for (uint64_t i = 0; i < kStreamLines * c.scale; i++) {
        uint64_t line = i * nw + cta * 4 + wp;
        // Channel 0's lines (AddrMap): addr_map 0, the first l2_subparts of every l2_slices();
        // 1, the lines of every channels-th 256-B chunk.
        const uint64_t cl = 256 / c.line_bytes;
        const uint64_t a = !chan ? line * c.line_bytes
                           : c.addr_map == 0 ? ((line / c.l2_subparts) * c.l2_slices() + line % c.l2_subparts) * c.line_bytes
                                             : (line / cl) * c.channels * 256 + (line % cl) * c.line_bytes;
        b.ld_async(H + a);
      }
    }
}
// Streaming from the L2: each warp sweeps its own 8 lines 1 + scale times (480 KB in all at the
// default GPU: fits the 1.5 MB L2) with volatile loads, which bypass the L1 (a warp's next sweep
// would otherwise merge with its last one's loads still in flight in the L1).
void build_calib_bw_l2(const SimConfig &c, Workload &w) {
  const uint64_t grid = calib_grid(c), nw = grid * 4;
  Kernel &k = new_kernel(w, "calib_bw_l2", grid, 128);
  for (uint64_t cta = 0; cta < grid; cta++)
    for (unsigned wp = 0; wp < 4; wp++) {
      W b{k, k.ctas[cta][wp]};
      // The first pass fills the L2 with loads that each wait for their line, so the timed
      // passes do not overlap the DRAM pass (with 2 slices per channel the DRAM tail would hide
      // an asynchronous pass and the difference of two runs would overstate the bandwidth).
      for (uint64_t i = 0; i < kStreamLines; i++) b.ld(H + (i * nw + cta * 4 + wp) * c.line_bytes, 0xffffffffu, true);
      for (uint64_t p = 0; p < c.scale; p++)
        for (uint64_t i = 0; i < kStreamLines; i++) b.ld_async(H + (i * nw + cta * 4 + wp) * c.line_bytes, true);
    }
}
// Atomic throughput at the L2: 4 x scale 32-lane device-scope adds per warp, all on the warp's
// own line, which stays in the L2 after the first (`chan`: only slice 0's lines, so one
// slice's atomic unit takes them all).  New lines each time would measure the DRAM instead:
// misses, dirty evictions and FCFS banks (docs/tlm.md "Calibration").
void build_calib_atom(const SimConfig &c, Workload &w, bool chan) {
  const uint64_t grid = calib_grid(c);
  Kernel &k = new_kernel(w, chan ? "calib_atom_chan" : "calib_atom", grid, 128);
  for (uint64_t cta = 0; cta < grid; cta++)
    for (unsigned wp = 0; wp < 4; wp++) {
      W b{k, k.ctas[cta][wp]};
      const uint64_t line = cta * 4 + wp;
      for (uint64_t i = 0; i < kAtomsPerWarp * c.scale; i++)
        b.atom(SCORD_OP_ADD, SCORD_SCOPE_GPU, H + line * (chan ? c.l2_slices() : 1) * c.line_bytes, 0xffffffffu);
    }
}
}  // namespace

uint64_t calib_unit(const std::string &name, const SimConfig &c) {
  const uint64_t nw = calib_grid(c) * 4;
  if (name == "calib_l1") return kChaseL1;
  if (name == "calib_l2") return kChaseL2Lines;
  if (name == "calib_dram") return kChaseDram;
  if (name == "calib_bw" || name == "calib_bw_chan" || name == "calib_bw_l2") return nw * kStreamLines * c.line_bytes;
  if (name == "calib_atom" || name == "calib_atom_chan") return nw * kAtomsPerWarp * 32;
  return 0;
}

// One of scord-gen's applications (vectors/gen/apps.c) at c.size with c.inject and c.seed: the
// generator writes its trace to a temporary file, read back as any trace is (its vector file, whose
// expectations belong to the generator's own interleaving, is not needed here).
static bool build_app(const app_def *d, const SimConfig &c, Workload &w, std::string &err) {
  char emsg[256];
  long inj = gen_app_inject(d, c.inject.empty() ? nullptr : c.inject.c_str(), emsg, sizeof emsg);
  if (inj < 0) { err = std::string("--inject: ") + emsg; return false; }
  const char *tmpdir = getenv("TMPDIR");
  std::string path = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/scord-sim-app-XXXXXX";
  int fd = mkstemp(&path[0]);
  if (fd < 0) { err = path + ": cannot create the temporary trace: " + strerror(errno); return false; }
  FILE *ft = fdopen(fd, "w"), *fv = fopen("/dev/null", "w");
  if (!ft || !fv) {
    err = "cannot open the generator's outputs";
    if (ft) fclose(ft); else close(fd);
    if (fv) fclose(fv);
    unlink(path.c_str());
    return false;
  }
  std::unique_ptr<gen> g(new gen);  // about 100 kB: not on the stack
  std::string comment = "scord-sim --workload=" + std::string(d->name) + " --size=" + gen_size_name[c.size] +
                        " --seed=" + std::to_string(c.seed) + " --inject=" + (c.inject.empty() ? "none" : c.inject);
  gen_init(g.get(), fv, ft, c.seed, comment.c_str());
  d->run(g.get(), (unsigned)inj, c.size);
  gen_finish(g.get());
  bool bad = ferror(ft) != 0;
  bad |= fclose(ft) != 0;
  fclose(fv);
  bool ok = !bad && trace_read(path, w, err);
  if (bad) err = path + ": write error (disk full?)";
  unlink(path.c_str());
  if (ok) w.name = "app:" + std::string(d->name) + "/" + gen_size_name[c.size];
  return ok;
}

bool builtin_workload(const std::string &name, const SimConfig &c, Workload &w, std::string &err) {
  w = Workload{};
  if (const app_def *d = gen_app_find(name.c_str())) {
    if (c.scale != 1) {
      err = "--scale sizes the synthetic built-ins; application '" + name + "' takes --size=" +
            join_names(gen_size_name, GEN_NSIZES, "|");
      return false;
    }
    return build_app(d, c, w, err);
  }
  w.name = "builtin:" + name;
  if (name == "default") build_default(c, w);
  else if (name == "stream") build_stream(c, w);
  else if (name == "atomics") build_atomics(c, w);
  else if (name == "gather") build_gather(c, w);
  else if (name == "vecadd") build_vecadd(c, w);
  else if (name == "calib_l1") build_calib_l1(c, w);
  else if (name == "calib_l2") build_calib_l2(c, w);
  else if (name == "calib_dram") build_calib_dram(c, w);
  else if (name == "calib_bw") build_calib_bw(c, w, false);
  else if (name == "calib_bw_chan") build_calib_bw(c, w, true);
  else if (name == "calib_bw_l2") build_calib_bw_l2(c, w);
  else if (name == "calib_atom") build_calib_atom(c, w, false);
  else if (name == "calib_atom_chan") build_calib_atom(c, w, true);
  else {
    err = "unknown built-in workload '" + name + "' (known: " + builtin_names() + ")";
    return false;
  }
  if (c.size != GEN_SMALL || !c.inject.empty()) {
    err = "--size and --inject apply to the applications (" + app_names(", ") + "), not to '" + name + "'";
    return false;
  }
  return true;
}
