// trace.h -- in-memory kernel traces (docs/trace-format.md): per-CTA, per-warp instruction
// streams, the reader of the text format v1 and a writer (for built-in workloads).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "scord/scord.h"

enum class Op : uint8_t { LD, ST, ATOM, FENCE, BAR, ALU, DELAY, SIGNAL, WAIT, SYNCWARP };

enum InstrFlags : uint16_t {
  IF_VOLATILE = 1, IF_ASYNC = 2, IF_HAS_CMP = 4, IF_HAS_VAL = 8, IF_HAS_OLD = 16,
  IF_OLD_LIST = 32, IF_LANES = 64, IF_SPIN = 128, IF_SIGNAL = 256
};
// Bits 12-14 of Instr::flags hold the memory order (`sem=`, a scord_sem; 0 = none): Instr has no
// byte left for it.
constexpr unsigned kSemShift = 12;
constexpr uint16_t kSemMask = 7u << kSemShift;
static_assert(SCORD_SEM_COUNT <= 8, "scord_sem does not fit in the flags' sem bits");

// Registers of the per-warp scoreboard (docs/trace-format.md "Registers"): `dst` of a load or
// atomic, `use` of any instruction.
constexpr unsigned kTraceRegs = 64;
constexpr uint8_t kNoReg = 0xff;

// One warp instruction. For memory ops: addr form (addr, stride, mask) or lanes form
// (lanes_off/nlanes into Kernel::lane_pool). For SIGNAL/WAIT addr is the id and stride the
// count; for ALU stride is n, for DELAY the cycles.
struct Instr {
  uint64_t addr = 0;
  uint64_t stride = 0;
  uint64_t pc = 0;
  uint32_t line = 0;      // trace line (0 when built in)
  uint32_t mask = 0;
  uint32_t lanes_off = 0; // IF_LANES: first lane address in lane_pool
  uint32_t old_off = 0;   // IF_OLD_LIST: first value in old_pool
  uint32_t cmp = 0, val = 0, old = 0;
  uint32_t spin_off = 0;  // IF_SPIN: its Spin in Kernel::spin_pool; IF_SIGNAL: its counter id
                          // in Kernel::signal_pool (an instruction has at most one of the two)
  uint64_t uses = 0;      // registers read: bit r = register r (the warp waits for them)
  Op op = Op::ALU;
  uint8_t dst = kNoReg;   // ld, atom: the register its data lands in (the warp goes on)
  uint8_t size = 4;       // bytes per lane
  uint8_t scope = 0;      // scord_scope (atom, fence; ld, st with a sem)
  uint8_t aop = 0;        // scord_atom_op
  uint8_t nlanes = 0;     // IF_LANES: lanes listed
  uint16_t flags = 0;    // InstrFlags
};
// Paper-size traces hold tens of millions of instructions.
static_assert(sizeof(Instr) <= 72, "Instr grew");

// The memory order of an instruction (scord_sem; SCORD_SEM_NONE without `sem=`).
inline unsigned instr_sem(const Instr &i) { return (i.flags & kSemMask) >> kSemShift; }
inline void instr_set_sem(Instr &i, unsigned sem) {
  i.flags = (uint16_t)((i.flags & ~kSemMask) | ((sem << kSemShift) & kSemMask));
}

// A polling load or atomic (docs/trace-format.md "Spins"): the warp repeats it until counter `id`
// has reached `count` at the cycle an attempt issues; failed attempts of an atomic return
// `fail_old`.  How many attempts that takes depends on timing (docs/trace-format.md "Spins").
struct Spin {
  uint64_t id = 0, count = 1;
  uint32_t fail_old = 0;
};

struct Kernel {
  std::string name;
  uint64_t grid = 1;            // CTAs
  uint32_t threads = 32;        // per CTA
  uint32_t warps_per_cta = 1;
  // ctas[c][w] = instruction stream of warp w of CTA c (empty vectors allowed).
  std::vector<std::vector<std::vector<Instr>>> ctas;
  std::vector<uint64_t> lane_pool;
  std::vector<uint32_t> old_pool;
  std::vector<Spin> spin_pool;
  std::vector<uint64_t> signal_pool;  // counter ids of releasing st/atom (`signal=`)
  uint64_t instructions() const;
};

struct Workload {
  std::string name;
  std::vector<std::pair<std::string, std::string>> config;  // `config` lines, in order
  std::vector<Kernel> kernels;
};

// Read a trace file. On error returns false with "FILE:LINE: message" in err.
// max_warps: warps per CTA must fit (WarpsPerSm); addr_bits bounds lane addresses.
bool trace_read(const std::string &path, Workload &w, std::string &err);
// Check a workload against the finalized detector parameters: warps per CTA vs WarpsPerSm, the
// address width, and the v2.0 items (`sem=` needs spec_version=2 and acq_rel=1, `syncwarp`
// spec_version=2).  On error returns false with "FILE:LINE: message" in err (the earliest line).
bool trace_check(const Workload &w, const scord_params &p, std::string &err);
// Write a workload as a trace file (format v1).
bool trace_write(const std::string &path, const Workload &w, std::string &err);
