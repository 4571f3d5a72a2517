// rtl_port.h -- the one C++ layer between a Verilated scord RTL top and the programs that
// drive it: scord-rtl-tb (testbench/line_detector_tb.cpp, top scord_top), the bridge behind
// scord-cosim (cosim/rtl_bridge.cpp, top scord_top), scord-sim's RTL engine
// (tlm/engine_line.cc, top scord_top) and the line-rate unit testbenches.  The tops carry the detector's ports under the same names, so
// everything here is a template over the Verilated class:
//   - parameter matching: which built variant computes what a requested parameter set
//     computes (param_mismatch), and the build-configuration words a model reports on its
//     cfg port (cfg_mismatch), in one order;
//   - reset: the clocking sequence every driver starts with;
//   - events: the trackers' input channel of scord_top (put_event), and the
//     whole input side of scord_top, one cycle at a time (TbFeeder: beats, the merge's
//     order, the valid/ready rule), for scord-rtl-tb and the bridge alike;
//   - race records decoded from the race port (race_of) or read from the line-rate detector's
//     race ring (RingHost);
//   - the order-free comparator of the line-rate RTL against the C model (Unordered);
//   - bit fields of packed ports, integers or VlWide (get_bits, put_bits, zero), and the
//     line-rate detector's 1024-bit metadata lines (MdLine, put_line, get_line).
// Expected workload: one TbFeeder::inputs/sample pair per simulated cycle, so both are inline
// and allocation-free on the common path.  Header-only: the Verilated classes differ per
// variant and program.
#pragma once
#include "scord/scord.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <new>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace rtlport {

// The detector's input packet types, scord_pkg::pkt_type_e (rtl_model/scord_pkg.sv is their
// definition; this is the one C++ copy, checked against it by the CTest cosim/pkt_codes_match_rtl).
constexpr unsigned kPktAccess = 0, kPktFence = 1, kPktKernel = 2;

// ---- Parameters -------------------------------------------------------------------------

// Apply "k=v k=v ..." to p (not finalized).  False, with the reason in err, on a bad item.
inline bool config_apply(scord_params *p, const char *text, char *err, size_t errlen) {
  std::string s(text ? text : "");
  size_t pos = 0;
  while (pos < s.size()) {
    size_t end = s.find(' ', pos);
    if (end == std::string::npos) end = s.size();
    std::string item = s.substr(pos, end - pos);
    pos = end + 1;
    if (item.empty()) continue;
    size_t eq = item.find('=');
    if (eq == std::string::npos) {
      std::snprintf(err, errlen, "'%s' is not key=value", item.c_str());
      return false;
    }
    if (scord_params_set(p, item.substr(0, eq).c_str(), item.substr(eq + 1).c_str(), err, errlen) != 0)
      return false;
  }
  return true;
}

// How far a built variant may differ from the requested parameters (flags, or-ed).
enum Match : unsigned {
  kExact = 0,
  // num_sms, warps_per_sm and the id widths may be smaller than the variant's (every id fits;
  // metadata is re-encoded in the requested layout by the caller).
  kSmallerGpu = 1u << 0,
  // md_base only moves addresses (the drivers time index -> md_base + 8*index themselves).
  kAnyMdBase = 1u << 1,
  // race_buf_entries: the driver drains the RTL's race FIFO every cycle and keeps its own
  // buffer of the requested size.
  kAnyRaceBuf = 1u << 2,
  // lock_entries sizes the SM trackers only: a detector-only top does not depend on it.
  kDetectorOnly = 1u << 3,
};

// The first parameter that keeps a model built with `have` from computing what `want`
// computes under the rules `flags`, or nullptr when it matches.  *have_value (optional)
// gets the variant's value of that parameter.  Both sets must be finalized.
inline const char *param_mismatch(const scord_params &want, const scord_params &have, unsigned flags,
                                  uint64_t *have_value = nullptr) {
  uint64_t a[SCORD_P_COUNT], b[SCORD_P_COUNT];
#define SCORD_X_GET(name, def, lo, hi, der, doc) \
  a[SCORD_P_##name] = want.name;                 \
  b[SCORD_P_##name] = have.name;
  SCORD_PARAM_LIST(SCORD_X_GET)
#undef SCORD_X_GET
  for (int i = 0; i < SCORD_P_COUNT; i++) {
    bool ok = a[i] == b[i];
    switch (i) {
    case SCORD_P_num_sms:
    case SCORD_P_warps_per_sm:
    case SCORD_P_block_id_bits:
    case SCORD_P_warp_id_bits:
      if (flags & kSmallerGpu) ok = a[i] <= b[i];
      break;
    case SCORD_P_md_base:
      if (flags & kAnyMdBase) ok = true;
      break;
    case SCORD_P_race_buf_entries:
      if (flags & kAnyRaceBuf) ok = true;
      break;
    case SCORD_P_lock_entries:
      if (flags & kDetectorOnly) ok = true;
      break;
    default:
      break;
    }
    if (!ok) {
      if (have_value) *have_value = b[i];
      return scord_param_table[i].key;
    }
  }
  return nullptr;
}

// A detector's build-configuration words:
// 32-bit words in this order.  Word 15 is {DualIssue, ResetSweep}, RTL-only, not checked.
constexpr int kCfgChecked = 15;
inline const char *const kCfgNames[kCfgChecked] = {
    "num_sms",        "ctas_per_sm", "warps_per_sm", "block_id_bits", "warp_id_bits",
    "fence_id_bits",  "barrier_id_bits", "bloom_bin_bits", "lock_entries", "tag_bits",
    "md_ratio",       "granule",     "addr_bits",    "race_buf_entries", "strong_ops"};
inline void cfg_expected(const scord_params &p, uint64_t w[kCfgChecked]) {
  const uint64_t v[kCfgChecked] = {p.num_sms,       p.ctas_per_sm, p.warps_per_sm,   p.block_id_bits,
                                   p.warp_id_bits,  p.fence_id_bits, p.barrier_id_bits, p.bloom_bin_bits,
                                   p.lock_entries,  p.tag_bits,    p.md_ratio,       p.granule,
                                   p.addr_bits,     p.race_buf_entries, p.strong_ops};
  std::memcpy(w, v, sizeof v);
}
// The first word of a model's cfg port (a VlWide, indexed by 32-bit word) that differs from
// p, with its index in *word, or -1 when all checked words match.
template <class Wide>
int cfg_mismatch(const Wide &cfg, const scord_params &p, uint64_t *got, uint64_t *want) {
  uint64_t w[kCfgChecked];
  cfg_expected(p, w);
  for (int i = 0; i < kCfgChecked; i++) {
    uint64_t v = cfg[i];
    if (i == kCfgChecked - 1) v &= 1;  // StrongOps is one bit of its word
    if (v != w[i]) {
      *got = v;
      *want = w[i];
      return i;
    }
  }
  return -1;
}

// ---- Clocking ---------------------------------------------------------------------------

// The reset every driver starts with: `cycles` clock cycles with rst_ni low, then rst_ni high
// with the clock low.  eval(clk, rst_n) sets the top's clock and reset (and whatever inputs
// the caller keeps idle) and evaluates it (and any shadow instance).
template <class Eval>
void reset(Eval &&eval, int cycles = 4) {
  for (int i = 0; i < cycles; i++) {
    eval(false, false);
    eval(true, false);
  }
  eval(false, true);
}

// One evaluation per clock cycle (docs/cosim.md "One evaluation per cycle").  A driver that
// samples only registered outputs (no output a function of this cycle's inputs) needs no
// evaluation with the clock low: the outputs it reads were settled by the previous rising
// edge's eval().  What the low phase is still needed for is Verilator's edge detection, which
// compares clk_i with the value it saw at the previous eval().  Verilator 5.006 keeps that
// value in the root instance as __Vtrigrprev__TOP__clk_i; rise() clears it and evaluates the
// rising edge: the same state change as eval() at clk_i = 0 then at clk_i = 1, since the
// low-phase eval() changes no state (no logic is triggered on the falling edge).  With a
// Verilator that names the field otherwise, HasOneEval is false and rise() makes both calls.
// The caller includes the model's root header (V<top>___024root.h) so the field is visible.
template <class T, class = void>
struct HasOneEval : std::false_type {};
template <class T>
struct HasOneEval<T, std::void_t<decltype(std::declval<T &>().rootp->__Vtrigrprev__TOP__clk_i)>> : std::true_type {};

// The next rising edge of clk_i, whatever the clock's value now.
template <class T>
inline void rise(T *t) {
  if constexpr (HasOneEval<T>::value) {
    t->rootp->__Vtrigrprev__TOP__clk_i = 0;
  } else {
    t->clk_i = 0;
    t->eval();
  }
  t->clk_i = 1;
  t->eval();
}

// A driver's cycle in two halves around its sampling of the outputs: fall() is the clock-low
// eval(), left out when `one` (the sampled outputs are settled already); edge() is the rising
// edge, one eval() when `one` (rise), else the clock-high eval() after fall()'s.
template <class T>
inline void fall(T *t, bool one) {
  if (one) return;
  t->clk_i = 0;
  t->eval();
}
template <class T>
inline void edge(T *t, bool one) {
  if (one) {
    rise(t);
    return;
  }
  t->clk_i = 1;
  t->eval();
}

// ---- Event beats (scord_top) ------------------------------------------------------------

// Event ev on the trackers' input channel: every field but ev_valid_i (one bit per SM, the
// caller's).  An access gives all its lanes at once: lane l < n at addr[l], the others off (the
// lane addresses are written only for an access).
template <class T>
uint64_t get_bits(const T &w, unsigned lsb, unsigned width);  // below ("Bit fields")
template <class T>
void put_bits(T &w, unsigned lsb, unsigned width, uint64_t v);
template <class T>
constexpr unsigned bus_lanes() {
  return sizeof(T::ev_addr_i) / 8;  // 64 bits a lane
}
template <class T>
void put_event_lanes(T *t, const scord_event &ev, const uint64_t *addr, unsigned n) {
  t->ev_type_i = ev.type;
  t->ev_cta_i = ev.cta;
  t->ev_warp_i = ev.warp;
  t->ev_first_warp_i = ev.first_warp;
  t->ev_warps_i = ev.warps;
  t->ev_scope_i = ev.scope;
  t->ev_op_i = ev.op;
  t->ev_volatile_i = ev.is_volatile;
  t->ev_has_cmp_i = ev.has_cmp;
  t->ev_has_val_i = ev.has_val;
  t->ev_has_old_i = ev.has_old;
  t->ev_cmp_i = ev.cmp;
  t->ev_val_i = ev.val;
  t->ev_old_i = ev.old;
  t->ev_pc_i = ev.pc;
  if (ev.type > SCORD_EV_ATOM) n = 0;
  assert(n <= bus_lanes<T>());
  put_bits(t->ev_lane_valid_i, 0, bus_lanes<T>(), n >= 64 ? ~0ull : (1ull << n) - 1);
  for (unsigned l = 0; l < n; l++) put_bits(t->ev_addr_i, 64 * l, 64, addr[l]);
}
// The same for a vector event: lane l at ev.addr + l * ev.stride.
template <class T>
void put_event(T *t, const scord_event &ev) {
  uint64_t a[64];
  const unsigned n = ev.type <= SCORD_EV_ATOM ? std::min<unsigned>(ev.n, 64) : 0;
  for (unsigned l = 0; l < n; l++) a[l] = ev.addr + (uint64_t)l * ev.stride;
  put_event_lanes(t, ev, a, n);
}

// Lanes the C trackers turned into packets may share one scord_top event (one packet header)
// only when the header fields agree: everything but the address, the bloom included.
inline bool same_instruction(const scord_access &a, const scord_access &b) {
  return a.sm == b.sm && a.cta == b.cta && a.warp == b.warp && a.block_id == b.block_id &&
         a.barrier_id == b.barrier_id && a.bloom == b.bloom && a.kind == b.kind && a.strong == b.strong &&
         a.atom_block_scope == b.atom_block_scope && a.pc == b.pc;
}

// The input side of scord_top, one cycle at a time, shared by scord-rtl-tb and the bridge
// behind scord-cosim: the event whose beat goes to its SM's tracker (a kernel: one beat to
// every tracker), and the queue that tells the ordered merge whose packets come next, in event
// order (an access: one packet of its lanes; a fence: one; a kernel: one from the broadcast
// port num_sms).  It keeps the valid/ready rule: a beat or a merge enable shown in one cycle and not
// taken is shown again in the next, whatever the caller wishes.
class TbFeeder {
 public:
  // This cycle's inputs of the two channels (write them with put()).
  struct Ins {
    uint32_t ev_valid = 0;  // one bit per SM
    // The event of the beat shown (the feeder's own, unchanged until the next start(); null:
    // none, the bus shows zeros).  A pointer: the event is 100+ bytes, and copying it twice a
    // cycle was a visible part of scord-rtl-tb's loop.
    const scord_event *ev = nullptr;
    uint64_t serial = 0;    // which started event ev is (1, 2, ...): put() writes it once
    uint16_t sel = 0;       // merge: the source whose packets come next
    bool en = false;
  };
  // What the two channels did in the cycle (after the evaluation, before the edge).
  struct Fired {
    bool beat = false;        // the tracker took the beat shown
    bool event_done = false;  // ... and it was the event's last
    bool packet = false;      // the detector took a packet from the merge
    bool packet_unexpected = false;  // ... with no packet expected (the merge queue empty)
    bool valid_mismatch = false;     // det_in_valid_o differs from the merge valid computed here
  };

  explicit TbFeeder(unsigned num_sms) : nsm_(num_sms) {}

  // An event still has beats to show.
  bool busy() const { return have_; }
  // Packets the merge is still expected to pass to the detector.
  bool merging() const { return !merge_.empty(); }
  size_t merge_queue() const { return merge_.size(); }
  // Starts event e (only when !busy()).  Returns its beat count.
  unsigned start(const scord_event &e) {
    cur_ = e;
    have_ = true;
    beat_ = 0;
    serial_++;
    switch (e.type) {
    case SCORD_EV_LD:
    case SCORD_EV_ST:
    case SCORD_EV_ATOM:
    case SCORD_EV_FENCE:
      beats_ = 1;
      merge_.push_back({e.sm, 1});
      break;
    case SCORD_EV_KERNEL:
      beats_ = nsm_;
      merge_.push_back({(uint16_t)nsm_, 1});
      break;
    default:
      beats_ = 1;  // tracker-only (barriers, CTA starts): no packet
      break;
    }
    return beats_;
  }
  // This cycle's inputs.  show() and enable() are the caller's wishes (back-pressure it
  // models); each is asked only when its channel has something new to show, in that order,
  // so a caller drawing random stalls draws the same sequence every run.
  template <class Show, class Enable>
  Ins inputs(Show &&show, Enable &&enable) {
    Ins in;
    if (have_) {
      const bool kernel = cur_.type == SCORD_EV_KERNEL;
      in.ev = &cur_;
      in.serial = serial_;
      const unsigned sm = kernel ? beat_ : cur_.sm;
      if (ev_hold_ || show()) in.ev_valid = 1u << sm;
    }
    if (!merge_.empty()) {
      in.sel = merge_.front().src;
      in.en = din_hold_ || enable();
    }
    shown_ = in;
    return in;
  }
  // Drives the inputs of both channels (an event's fields once, when it is first shown).
  template <class T>
  void put(T *t, const Ins &in) {
    t->ev_valid_i = in.ev_valid;
    if (in.ev && in.serial != put_serial_) {
      put_event(t, *in.ev);
      put_serial_ = in.serial;
    }
    t->merge_sel_i = in.sel;
    t->merge_en_i = in.en;
  }
  // Advances the beat and the merge queue by what the model took in the cycle whose inputs
  // inputs() gave.  Every output read is a flop but the merge's valid, which is computed here
  // from the trackers' packet registers (pkt_valid_o) and this cycle's merge inputs, as
  // scord_top's merge does; so the call may come before the cycle's evaluation (one eval()
  // per cycle, docs/cosim.md) or after its clock-low evaluation (`settled`: then the
  // computed valid is also checked against det_in_valid_o, f.valid_mismatch).
  template <class T>
  Fired sample(const T *t, bool settled) {
    Fired f;
    const bool din_valid =
        shown_.en && (shown_.sel == nsm_ || (shown_.sel < nsm_ && get_bits(t->pkt_valid_o, shown_.sel, 1)));
    f.valid_mismatch = settled && din_valid != (bool)t->det_in_valid_o;
    f.beat = shown_.ev_valid && (t->ev_ready_o & shown_.ev_valid);
    f.packet = din_valid && t->det_in_ready_o;
    if (f.packet) {
      if (merge_.empty()) f.packet_unexpected = true;
      else if (--merge_.front().beats == 0) merge_.pop_front();
    }
    din_hold_ = din_valid && !t->det_in_ready_o;
    ev_hold_ = shown_.ev_valid && !f.beat;
    if (f.beat && ++beat_ == beats_) {
      have_ = false;
      f.event_done = true;
    }
    return f;
  }

 private:
  struct MergeItem {
    uint16_t src;
    unsigned beats;
  };
  unsigned nsm_;
  scord_event cur_{};
  bool have_ = false, ev_hold_ = false, din_hold_ = false;
  unsigned beat_ = 0, beats_ = 0;
  uint64_t serial_ = 0, put_serial_ = 0;
  std::deque<MergeItem> merge_;
  Ins shown_;
};

// ---- Bit fields of Verilated ports ------------------------------------------------------

// Bits [lsb, lsb+width) (width <= 64) of a port: an integer up to 64 bits or a VlWide (32-bit
// words).
template <class T>
uint64_t get_bits(const T &w, unsigned lsb, unsigned width) {
  if constexpr (std::is_integral<T>::value) {
    uint64_t v = lsb >= 64 ? 0 : (uint64_t)w >> lsb;
    return width >= 64 ? v : v & ((1ull << width) - 1);
  } else {
    // A word at a time (at most three words hold a field): a bit loop was 5 % of the line-rate
    // co-simulation, 32 lane addresses per packet.
    uint64_t v = 0;
    for (unsigned got = 0; got < width;) {
      const unsigned b = lsb + got, off = b % 32, n = std::min(32 - off, width - got);
      v |= (((uint64_t)w[b / 32] >> off) & ((1ull << n) - 1)) << got;
      got += n;
    }
    return v;
  }
}
template <class T>
void put_bits(T &w, unsigned lsb, unsigned width, uint64_t v) {
  if constexpr (std::is_integral<T>::value) {
    uint64_t m = (width >= 64 ? ~0ull : ((1ull << width) - 1)) << lsb;
    w = (T)(((uint64_t)w & ~m) | ((v << lsb) & m));
  } else {
    for (unsigned done = 0; done < width;) {
      const unsigned b = lsb + done, off = b % 32, n = std::min(32 - off, width - done);
      const uint32_t m = (uint32_t)(((1ull << n) - 1) << off);
      w[b / 32] = (uint32_t)((w[b / 32] & ~m) | ((uint32_t)((v >> done) << off) & m));
      done += n;
    }
  }
}
// Inputs start at zero: --x-initial unique would otherwise leave random padding bits.
template <class T>
void zero(T &w) {
  if constexpr (std::is_integral<T>::value) w = 0;
  else
    for (auto &x : w.m_storage) x = 0;
}

// One 128-B metadata line of the line-rate detector: 16 entries of 8 bytes.
constexpr unsigned kLineEntries = 16;
using MdLine = std::array<uint64_t, kLineEntries>;
// Slice s's 1024-bit line field of a port: entry k at bits s*1024 + k*64.
template <class W>
void put_line(W &w, unsigned s, const MdLine &l) {
  for (unsigned e = 0; e < kLineEntries; e++) {
    w[s * 32 + 2 * e] = (uint32_t)l[e];
    w[s * 32 + 2 * e + 1] = (uint32_t)(l[e] >> 32);
  }
}
template <class W>
MdLine get_line(const W &w, unsigned s) {
  MdLine l;
  for (unsigned e = 0; e < kLineEntries; e++)
    l[e] = (uint64_t)w[s * 32 + 2 * e] | ((uint64_t)w[s * 32 + 2 * e + 1] << 32);
  return l;
}

// ---- Race port --------------------------------------------------------------------------

// The record on the race port (valid when race_valid_o).
template <class T>
scord_race race_of(const T *t) {
  scord_race x;
  std::memset(&x, 0, sizeof x);
  x.type = (uint8_t)t->race_type_o;
  x.kind = (uint8_t)t->race_kind_o;
  x.block_scope = t->race_block_scope_o;
  x.sm = (uint16_t)t->race_sm_o;
  x.cta = (uint16_t)t->race_cta_o;
  x.warp = (uint16_t)t->race_warp_o;
  x.pc = t->race_pc_o;
  x.addr = t->race_addr_o;
  x.owner_block = (uint32_t)t->race_owner_block_o;
  x.owner_warp = (uint32_t)t->race_owner_warp_o;
  return x;
}

// ---- Race-record comparison ----------------------------------------------------------------

// The fields that make a race record (every field; padding is not compared), as one tuple:
// what same_race compares and race_less orders.
inline auto race_key(const scord_race &r) {
  return std::make_tuple(r.pc, r.addr, r.type, r.kind, r.block_scope, r.sm, r.cta, r.warp, r.owner_block,
                         r.owner_warp);
}
// Whether two race records are the same record.
inline bool same_race(const scord_race &a, const scord_race &b) { return race_key(a) == race_key(b); }

// Strict order on race records over the fields same_race compares (a multiset key).
inline bool race_less(const scord_race &a, const scord_race &b) { return race_key(a) < race_key(b); }
struct RaceLess {
  bool operator()(const scord_race &a, const scord_race &b) const { return race_less(a, b); }
};

// The comparator of the line-rate RTL against the C model, shared by test_line_detector and
// scord-sim --detector=both.  The RTL's slices reorder race records and write-backs
// (docs/rtl.md), so nothing is compared by position: races as a multiset; each write-back of an
// entry against the values the C model gives that entry in the same kernel, in their order (the
// value last matched again, or a later one: a slice may write a line back more than once, never
// go back); and the whole metadata at each kernel boundary and at the end.  The C model runs
// first or alongside (its side only ever adds); Ctx names what gave a race and VCtx what gave a
// value (a packet number, a TLM context, a vector line) in the caller's reports.  The checks
// return verdicts and leave printing and stopping to the caller.
template <class Ctx, class VCtx = Ctx>
class Unordered {
 public:
  struct Value {
    uint64_t value;
    VCtx ctx;
  };

  // ---- the C model's side
  void want_race(const scord_race &r, const Ctx &c) { races_.emplace(r, c); }
  // Entry index holds v after an access of c in the newest kernel (call it for every access
  // that checks the entry, changed or not: the last one is what last_touch names).
  void want_value(uint64_t index, uint64_t v, const VCtx &c) {
    Kern &k = kern_.back();
    auto &h = k.hist[index];
    if (h.empty() || h.back().value != v) h.push_back(Value{v, c});
    k.touch[index] = c;
  }
  // A kernel boundary: later values belong to the next kernel.
  void want_kernel() { kern_.emplace_back(); }

  // ---- the RTL's side
  // A race record: false when the C model has no such race left (never made, or reported).
  bool got_race(const scord_race &r) {
    auto it = races_.find(r);
    if (it == races_.end()) return false;
    races_.erase(it);
    return true;
  }
  // A write-back of v to entry index in the kernel the RTL works on (the oldest open one).
  struct WriteVerdict {
    bool ok;
    const Value *last;  // the value last matched (nullptr: the initial value)
    const Value *next;  // on failure, the C model's next value after it (nullptr: none)
  };
  WriteVerdict got_write(uint64_t index, uint64_t v) {
    Kern &k = kern_.front();
    auto hi = k.hist.find(index);
    long &pos = k.pos.emplace(index, -1).first->second;
    const std::vector<Value> *h = hi == k.hist.end() ? nullptr : &hi->second;
    auto at = [&](long q) { return q < 0 || !h ? nullptr : &(*h)[(size_t)q]; };
    if (v == (pos < 0 ? SCORD_MD_INIT : (*h)[(size_t)pos].value)) return {true, at(pos), nullptr};
    for (size_t q = (size_t)(pos + 1); h && q < h->size(); q++)
      if ((*h)[q].value == v) {
        pos = (long)q;
        return {true, at(pos), nullptr};
      }
    return {false, at(pos), h && (size_t)(pos + 1) < h->size() ? at(pos + 1) : nullptr};
  }
  // The RTL's kernel boundary (its clear), after compare_store: false when the C model has no
  // boundary pending.
  bool got_clear() {
    if (kern_.size() < 2) return false;
    kern_.pop_front();
    return true;
  }

  // The RTL's metadata against the C model's values at the end of the kernel the RTL works on.
  // each(visit) calls visit(index, value) for entries the RTL holds (any order), holds(index)
  // says whether each names it (entries it does not name are at SCORD_MD_INIT).  Reports the
  // lowest differing entry and how many differ.
  struct StoreDiff {
    uint64_t count = 0, index = 0, rtl = 0, want = 0;
  };
  template <class Each, class Holds>
  StoreDiff compare_store(Each &&each, Holds &&holds) const {
    const Kern &k = kern_.front();
    StoreDiff d;
    auto note = [&](uint64_t i, uint64_t rtl, uint64_t want) {
      if (rtl == want) return;
      if (d.count++ == 0 || i < d.index) {
        d.index = i;
        d.rtl = rtl;
        d.want = want;
      }
    };
    each([&](uint64_t i, uint64_t v) { note(i, v, want_at(k, i)); });
    for (const auto &kv : k.hist)
      if (!holds(kv.first)) note(kv.first, SCORD_MD_INIT, kv.second.back().value);
    return d;
  }

  // The C model's value of an entry at the end of the RTL's kernel, and what last checked it.
  uint64_t want_value_of(uint64_t index) const { return want_at(kern_.front(), index); }
  const VCtx *last_touch(uint64_t index) const {
    auto it = kern_.front().touch.find(index);
    return it == kern_.front().touch.end() ? nullptr : &it->second;
  }
  // What is left: races the RTL has not reported (in race_less order), kernels not cleared.
  const std::multimap<scord_race, Ctx, RaceLess> &races_left() const { return races_; }
  size_t kernels_pending() const { return kern_.size() - 1; }

 private:
  struct Kern {
    std::unordered_map<uint64_t, std::vector<Value>> hist;  // per entry, its values in order
    std::unordered_map<uint64_t, long> pos;                 // per entry, the RTL's last match
    std::unordered_map<uint64_t, VCtx> touch;               // per entry, the last access
  };
  static uint64_t want_at(const Kern &k, uint64_t i) {
    auto it = k.hist.find(i);
    return it == k.hist.end() ? SCORD_MD_INIT : it->second.back().value;
  }
  std::deque<Kern> kern_ = std::deque<Kern>(1);  // front: the RTL's kernel; back: the C model's
  std::multimap<scord_race, Ctx, RaceLess> races_;
};

// ---- Race ring (line-rate detector) -----------------------------------------------------

// The host side of the race ring (docs/race_ring.md): the memory the ring's 32-byte writes
// land in, and the host's reads of the records between its head and the tail.  Checks the
// ring's protocol: every write inside the ring, aligned, at the slot of its record number
// (seq mod size), and every record read carrying the number the host expects.
struct RingHost {
  uint64_t base = 0;
  unsigned log2 = 0;
  uint32_t head = 0;                              // records read (the host's register)
  std::vector<std::array<uint64_t, SCORD_RING_REC_WORDS>> slots;
  std::string error;                              // the first protocol error, "" if none

  void init(uint64_t b, unsigned l) {
    base = b;
    log2 = l;
    head = 0;
    slots.assign(size_t(1) << l, {});
    error.clear();
  }
  uint32_t size() const { return uint32_t(1) << log2; }
  // A record write the memory accepted this cycle: addr and the 256-bit data port.
  template <class W>
  void write(uint64_t addr, const W &data) {
    std::array<uint64_t, SCORD_RING_REC_WORDS> w;
    for (unsigned k = 0; k < SCORD_RING_REC_WORDS; k++) w[k] = get_bits(data, 64 * k, 64);
    scord_race r;
    uint32_t seq = scord_ring_unpack(w.data(), &r);
    uint64_t slot = (addr - base) / SCORD_RING_REC_BYTES;
    char buf[160];
    if (addr < base || slot >= slots.size() || addr % SCORD_RING_REC_BYTES) {
      snprintf(buf, sizeof buf, "ring write to %#llx outside the ring (%#llx, %u records) or unaligned",
               (unsigned long long)addr, (unsigned long long)base, size());
    } else if (slot != (seq & (size() - 1))) {
      snprintf(buf, sizeof buf, "ring record %u written to slot %llu", seq, (unsigned long long)slot);
    } else {
      slots[slot] = w;
      return;
    }
    if (error.empty()) error = buf;
  }
  // Reads up to `max` records from head toward tail into out, advancing head.
  void read(uint32_t tail, std::vector<scord_race> &out, uint32_t max = ~0u) {
    for (; head != tail && max; head++, max--) {
      scord_race r;
      uint32_t seq = scord_ring_unpack(slots[head & (size() - 1)].data(), &r);
      if (seq != head && error.empty()) {
        char buf[96];
        snprintf(buf, sizeof buf, "ring slot %u holds record %u where %u was due", head & (size() - 1), seq, head);
        error = buf;
      }
      out.push_back(r);
    }
  }
  uint32_t unread(uint32_t tail) const { return tail - head; }
};

}  // namespace rtlport
