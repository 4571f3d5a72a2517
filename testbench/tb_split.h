// tb_split.h -- scord_tb_top as separate Verilated models, for scord-rtl-tb's speed: one
// scord_sm_tracker model per SM (each verilated with its SmId), one scord_detector model, and
// scord_tb_top's ordered merge and protocol monitors in C++.  It has scord_tb_top's port names,
// so the one driver layer (rtl_port.h: TbFeeder, MdPort, race_of) and tb_main.cpp's Bench drive
// it unchanged.
//
// Why: in the one Verilated scord_tb_top every tracker's logic is evaluated every cycle (its T1
// stage depends on the merge's inputs, so Verilator 5.006 recomputes it in the input region of
// every eval(), and again after the edge; docs/performance.md, stop 47), about 5.8 k of the
// model's 11.1 k instructions a cycle.  Here a tracker model is clocked in a cycle where it
// takes a beat or its packet is taken, and after that only until it is at a fixed point
// (TrackerModel::out: drained; blocked, T1's packet beat behind a held packet register; or an
// edge without a handshake left its occupancy flops unchanged), at most kQuietAfter cycles
// after its last handshake.  A beat shown to a full spill register is no handshake (edge()).
// CTests rtl/tb_split_equal_* check it against the one-model top (the same cycles, races and
// coverage), and every run is still compared with the C model.
//
// Expected workload: one edge() per simulated cycle with one or two trackers active.  Used for
// the plain runs; +trace, --two-eval, --xcheck and --check-layout use scord_tb_top itself.
#pragma once
#include "rtl_port.h"
#include "verilated.h"

#include <cassert>
#include <cstdint>
#include <memory>
#include <vector>

namespace tbsplit {

// One tracker's packet (scord_sm_tracker's pkt_* outputs), compared whole by the monitors.
struct Pkt {
  uint64_t type, sm, cta, warp, block, barrier, bloom, kind, strong, atom_blk, fence_dev, addr, pc;
  bool operator==(const Pkt &o) const {
    return type == o.type && sm == o.sm && cta == o.cta && warp == o.warp && block == o.block &&
           barrier == o.barrier && bloom == o.bloom && kind == o.kind && strong == o.strong &&
           atom_blk == o.atom_blk && fence_dev == o.fence_dev && addr == o.addr && pc == o.pc;
  }
  bool operator!=(const Pkt &o) const { return !(*this == o); }
};

// The shared event bus, already cut to the trackers' port widths (scord_tb_top slices it).
struct EvBus {
  uint64_t type, first, cta, warp, first_warp, warps, scope, op, vol, has_cmp, has_val, has_old, cmp, val, old,
      addr, pc;
};

// A tracker model behind one interface (the per-SM models are distinct classes).
class Tracker {
 public:
  virtual ~Tracker() = default;
  // The outputs (all registers).
  struct Out {
    bool ev_ready, pkt_valid;
    Pkt pkt;
    // The occupancy flops (see TrackerModel::out): the spill register's two slots, T1, the
    // packet register (bits 0..3).  Drained: the first three clear.
    unsigned occ;
    // T1 holds a beat that needs the packet register (scord_sm_tracker's has_pkt), and the
    // packet register is full: t1_go needs pkt_ready_i, so without a packet taken nothing
    // moves (a shown beat only fills the spill register, a handshake).
    bool blocked;
    bool drained() const { return (occ & 7) == 0; }
  };
  // Inputs of the coming edge, then the edge (one eval(), rtlport::rise); the outputs after it.
  virtual void clock(bool ev_valid, const EvBus &ev, bool pkt_ready, Out &o) = 0;
  // Reset phase: every input idle, clock and reset as given, evaluated; the outputs after it.
  virtual void reset_eval(bool clk, bool rst_n, Out &o) = 0;
};

template <class V>
class TrackerModel final : public Tracker {
 public:
  explicit TrackerModel(VerilatedContext *ctx) : m_(new V(ctx, "trk")) {}
  void clock(bool ev_valid, const EvBus &e, bool pkt_ready, Out &o) override {
    V *t = m_.get();
    t->ev_valid_i = ev_valid;
    t->ev_type_i = e.type;
    t->ev_first_i = e.first;
    t->ev_cta_i = e.cta;
    t->ev_warp_i = e.warp;
    t->ev_first_warp_i = e.first_warp;
    t->ev_warps_i = e.warps;
    t->ev_scope_i = e.scope;
    t->ev_op_i = e.op;
    t->ev_volatile_i = e.vol;
    t->ev_has_cmp_i = e.has_cmp;
    t->ev_has_val_i = e.has_val;
    t->ev_has_old_i = e.has_old;
    t->ev_cmp_i = e.cmp;
    t->ev_val_i = e.val;
    t->ev_old_i = e.old;
    t->ev_addr_i = e.addr;
    t->ev_pc_i = e.pc;
    t->pkt_ready_i = pkt_ready;
    rtlport::rise(t);
    out(o);
  }
  void reset_eval(bool clk, bool rst_n, Out &o) override {
    V *t = m_.get();
    t->ev_valid_i = 0;
    t->pkt_ready_i = 0;
    t->clk_i = clk;
    t->rst_ni = rst_n;
    t->eval();
    out(o);
  }
  ~TrackerModel() override {
    Verilated::threadContextp(m_->contextp());  // (Verilator 5.006 erases scopes through it)
    m_.reset();
  }

 private:
  void out(Out &o) const {
    const V *t = m_.get();
    o.ev_ready = t->ev_ready_o;
    o.pkt_valid = t->pkt_valid_o;
    o.pkt = Pkt{t->pkt_type_o,    t->pkt_sm_o,    t->pkt_cta_o,  t->pkt_warp_o,   t->pkt_block_o,
                t->pkt_barrier_o, t->pkt_bloom_o, t->pkt_kind_o, t->pkt_strong_o, t->pkt_atom_blk_o,
                t->pkt_fence_dev_o, t->pkt_addr_o, t->pkt_pc_o};
    // The occupancy flops, read from the model's root (a rename in the RTL fails to compile
    // here).  With no beat shown and no packet taken (scord_sm_tracker.sv): a beat moves from
    // the spill register into T1 (b_take) or T1 moves on (t1_go) only with one of these four
    // changing (T1 refilled from the spill register empties a spill slot; T1 emptied or its
    // beat loaded into the packet register shows in T1's or the packet register's flop); and
    // without b_take or t1_go no flop changes but payload registers read only under the full
    // bits (scord_spill_reg a_q/b_q).  So an edge that leaves the four unchanged left the
    // tracker at a fixed point, and a drained one (no beat in the spill register or T1) is at
    // one already.
    const auto *r = t->rootp;
    o.occ = (unsigned)r->scord_sm_tracker__DOT__u_ev_reg__DOT__a_full_q |
            (unsigned)r->scord_sm_tracker__DOT__u_ev_reg__DOT__b_full_q << 1 |
            (unsigned)r->scord_sm_tracker__DOT__t1_valid_q << 2 | (unsigned)t->pkt_valid_o << 3;
    // has_pkt is computed from t1_pay_q after the edge (a flop's decode, no input in it).
    o.blocked = (o.occ & 12) == 12 && r->scord_sm_tracker__DOT__has_pkt;
  }
  std::unique_ptr<V> m_;
};

// scord_tb_top, composed.  Det is the verilated scord_detector of the same parameters.
template <class Det>
class SplitTop {
 public:
  static constexpr unsigned kQuietAfter = 8;  // cycles a tracker is clocked after its last handshake

  // scord_tb_top's ports (the ones the driver layer and the Bench use).
  uint8_t clk_i = 0, rst_ni = 0;
  uint32_t ev_valid_i = 0, ev_ready_o = 0, pkt_valid_o = 0;
  uint8_t ev_type_i = 0, ev_first_i = 0, ev_scope_i = 0, ev_op_i = 0, ev_volatile_i = 0, ev_has_cmp_i = 0,
          ev_has_val_i = 0, ev_has_old_i = 0;
  uint16_t ev_cta_i = 0, ev_warp_i = 0, ev_first_warp_i = 0, ev_warps_i = 0, merge_sel_i = 0;
  uint32_t ev_cmp_i = 0, ev_val_i = 0, ev_old_i = 0;
  uint64_t ev_addr_i = 0, ev_pc_i = 0;
  uint8_t merge_en_i = 0, det_in_valid_o = 0, det_in_ready_o = 0;
  uint8_t mem_req_valid_o = 0, mem_req_ready_i = 0, mem_req_write_o = 0, mem_req_clear_o = 0, mem_req_read_o = 0;
  uint64_t mem_req_index_o = 0, mem_req_addr_o = 0, mem_req_wdata_o = 0, mem_req_rindex_o = 0, mem_req_raddr_o = 0;
  uint8_t mem_resp_valid_i = 0, mem_resp_ready_o = 0;
  uint64_t mem_resp_rdata_i = 0;
  uint8_t race_valid_o = 0, race_ready_i = 0, race_type_o = 0, race_kind_o = 0, race_block_scope_o = 0;
  uint16_t race_sm_o = 0, race_cta_o = 0, race_warp_o = 0;
  uint64_t race_pc_o = 0, race_addr_o = 0, race_overflow_o = 0;
  uint32_t race_owner_block_o = 0, race_owner_warp_o = 0;
  uint8_t step_valid_o = 0, step_o = 0, step_write_o = 0, step_raced_o = 0, step_tag_miss_o = 0, idle_o = 0;
  uint8_t proto_err_o = 0;

  // ctx: the models' context; trackers: one per SM, in SM order.  cta_bits, warp_bits and
  // addr_bits are the trackers' port widths (scord_tb_top's slices of the event bus).
  SplitTop(VerilatedContext *ctx, std::vector<std::unique_ptr<Tracker>> trackers, unsigned cta_bits,
           unsigned warp_bits, unsigned addr_bits)
      : det_(new Det(ctx, "det")), trk_(std::move(trackers)), n_((unsigned)trk_.size()),
        quiet_(n_, 0), pk_(n_), occ_(n_, 0), p_t_(n_) {
    assert(n_ >= 1 && n_ <= 32);  // one bit per SM in a 32-bit port word, as scord_tb_top's
    cta_mask_ = mask(cta_bits);
    warp_mask_ = mask(warp_bits);
    warps_mask_ = mask(warp_bits + 1);
    addr_mask_ = mask(addr_bits);
  }
  ~SplitTop() {
    trk_.clear();
    Verilated::threadContextp(det_->contextp());
    det_.reset();
  }
  Det *detector() { return det_.get(); }

  // A Verilated model's eval(): a rising clock edge is a cycle; otherwise nothing changes
  // (every output is a register but the merge valid, which the driver computes itself).
  void eval() {
    if (!rst_ni || !last_rst_) {
      reset_eval();
    } else if (clk_i && !last_clk_) {
      edge();
    }
    last_clk_ = clk_i;
    last_rst_ = rst_ni;
  }
  // The next rising edge in one call (rtlport::rise, below).
  void rise() {
    last_clk_ = false;
    clk_i = 1;
    eval();
  }

 private:
  static uint64_t mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

  // Reset: every model sees the clock and reset as given (asynchronous reset), monitors clear.
  void reset_eval() {
    for (unsigned s = 0; s < n_; s++) {
      Tracker::Out o;
      trk_[s]->reset_eval(clk_i, rst_ni, o);
      take_outputs(s, o);
      occ_[s] = o.occ;
    }
    Det *d = det_.get();
    d->in_valid_i = 0;
    d->mem_req_ready_i = 0;
    d->mem_resp_valid_i = 0;
    d->race_ready_i = 0;
    d->clk_i = clk_i;
    d->rst_ni = rst_ni;
    d->eval();
    if (!rst_ni) {
      h_ev_ = 0;
      h_t_ = 0;
      h_m_ = h_mr_ = h_rr_ = h_rs_ = false;
      err_ = 0;
    }
    std::fill(quiet_.begin(), quiet_.end(), kQuietAfter);
    quiet_mask_ = n_ >= 32 ? ~0u : (1u << n_) - 1;
    latch_detector();
  }

  // A tracker's outputs, kept here between its edges (it changes nothing while not clocked).
  void take_outputs(unsigned s, const Tracker::Out &o) {
    const uint32_t bit = 1u << s;
    ev_ready_o = o.ev_ready ? ev_ready_o | bit : ev_ready_o & ~bit;
    pkt_valid_o = o.pkt_valid ? pkt_valid_o | bit : pkt_valid_o & ~bit;
    pk_[s] = o.pkt;
  }

  // The detector's outputs after an edge (all registers).
  void latch_detector() {
    const Det *d = det_.get();
    det_in_ready_o = d->in_ready_o;
    mem_req_valid_o = d->mem_req_valid_o;
    mem_req_write_o = d->mem_req_write_o;
    mem_req_clear_o = d->mem_req_clear_o;
    mem_req_index_o = d->mem_req_index_o;
    mem_req_addr_o = d->mem_req_addr_o;
    mem_req_wdata_o = d->mem_req_wdata_o;
    mem_req_read_o = d->mem_req_read_o;
    mem_req_rindex_o = d->mem_req_rindex_o;
    mem_req_raddr_o = d->mem_req_raddr_o;
    mem_resp_ready_o = d->mem_resp_ready_o;
    race_valid_o = d->race_valid_o;
    race_type_o = d->race_type_o;
    race_kind_o = d->race_kind_o;
    race_block_scope_o = d->race_block_scope_o;
    race_sm_o = d->race_sm_o;
    race_cta_o = d->race_cta_o;
    race_warp_o = d->race_warp_o;
    race_pc_o = d->race_pc_o;
    race_addr_o = d->race_addr_o;
    race_owner_block_o = d->race_owner_block_o;
    race_owner_warp_o = d->race_owner_warp_o;
    race_overflow_o = d->race_overflow_o;
    step_valid_o = d->step_valid_o;
    step_o = d->step_o;
    step_write_o = d->step_write_o;
    step_raced_o = d->step_raced_o;
    step_tag_miss_o = d->step_tag_miss_o;
    idle_o = d->idle_o;
  }

  // The event bus as the trackers see it, and its full payload as the event monitor compares it.
  EvBus bus() const {
    return EvBus{ev_type_i, ev_first_i, ev_cta_i & cta_mask_, ev_warp_i & warp_mask_, ev_first_warp_i & warp_mask_,
                 ev_warps_i & warps_mask_, ev_scope_i, ev_op_i, ev_volatile_i, ev_has_cmp_i, ev_has_val_i,
                 ev_has_old_i, ev_cmp_i, ev_val_i, ev_old_i, ev_addr_i & addr_mask_, ev_pc_i};
  }
  EvBus pay() const {
    return EvBus{ev_type_i, ev_first_i, ev_cta_i, ev_warp_i, ev_first_warp_i, ev_warps_i, ev_scope_i, ev_op_i,
                 ev_volatile_i, ev_has_cmp_i, ev_has_val_i, ev_has_old_i, ev_cmp_i, ev_val_i, ev_old_i, ev_addr_i,
                 ev_pc_i};
  }
  static bool same(const EvBus &a, const EvBus &b) {
    return a.type == b.type && a.first == b.first && a.cta == b.cta && a.warp == b.warp &&
           a.first_warp == b.first_warp && a.warps == b.warps && a.scope == b.scope && a.op == b.op &&
           a.vol == b.vol && a.has_cmp == b.has_cmp && a.has_val == b.has_val && a.has_old == b.has_old &&
           a.cmp == b.cmp && a.val == b.val && a.old == b.old && a.addr == b.addr && a.pc == b.pc;
  }

  // One rising edge: everything below is computed from the values before it, as in the one
  // model, then the models are clocked.
  void edge() {
    Det *d = det_.get();
    // The merge (scord_tb_top's always_comb): the selected source's packet, or a kernel packet
    // from the host port; the selected tracker's ready.
    Pkt mp{};
    int sel = -1;
    bool m_valid = false;
    if (merge_sel_i == n_) {
      mp.type = rtlport::kPktKernel;
      m_valid = merge_en_i;
    } else if (merge_sel_i < n_) {
      sel = merge_sel_i;
      mp = pk_[sel];
      m_valid = merge_en_i && (pkt_valid_o >> sel & 1);
    }
    const bool m_ready = det_in_ready_o;
    det_in_valid_o = m_valid;
    const uint32_t t_ready = sel >= 0 && merge_en_i && m_ready ? 1u << sel : 0;
    // ---- Protocol monitors (scord_tb_top's err_d, from the held payloads) ----
    uint8_t e = err_;
    if (h_ev_ && ((h_ev_ & ~ev_valid_i) || !same(pay(), p_ev_))) e |= 1;
    for (uint32_t h = h_t_; h; h &= h - 1) {
      const unsigned s = (unsigned)__builtin_ctz(h);
      if (!(pkt_valid_o >> s & 1) || pk_[s] != p_t_[s]) e |= 2;
    }
    if (h_m_ && (!m_valid || mp != p_m_)) e |= 4;
    if (h_mr_ && (!mem_req_valid_o || !(mem_req() == p_mr_))) e |= 8;
    if (h_rs_ && (!mem_resp_valid_i || mem_resp_rdata_i != p_rs_)) e |= 16;
    if (h_rr_ && (!race_valid_o || !(race_rec() == p_rr_))) e |= 32;
    // The holds and payloads of this cycle, for the next one's checks.
    h_ev_ = ev_valid_i & ~ev_ready_o;
    if (h_ev_) p_ev_ = pay();
    h_t_ = pkt_valid_o & ~t_ready;
    for (uint32_t h = h_t_; h; h &= h - 1) {
      const unsigned s = (unsigned)__builtin_ctz(h);
      p_t_[s] = pk_[s];
    }
    h_m_ = m_valid && !m_ready;
    if (h_m_) p_m_ = mp;
    h_mr_ = mem_req_valid_o && !mem_req_ready_i;
    if (h_mr_) p_mr_ = mem_req();
    h_rr_ = race_valid_o && !race_ready_i;
    if (h_rr_) p_rr_ = race_rec();
    h_rs_ = mem_resp_valid_i && !mem_resp_ready_o;
    if (h_rs_) p_rs_ = mem_resp_rdata_i;
    err_ = e;
    proto_err_o = e;
    // ---- The trackers: only those with a beat taken, a packet taken, or recent work ----
    // A beat shown to a tracker at a fixed point (quiet_ 0) whose spill register is full
    // (ev_ready_o 0) is no handshake: its valid reaches only in_fire (0) and its payload only
    // slots loaded under the full bits (scord_spill_reg), so the edge would change nothing.
    const uint32_t shown = ev_valid_i, beat = shown & ev_ready_o, took = beat | (t_ready & pkt_valid_o);
    uint32_t active = beat | t_ready | quiet_mask_;
    if (active) {
      const EvBus b = bus();
      for (; active; active &= active - 1) {
        const unsigned s = (unsigned)__builtin_ctz(active);
        const uint32_t bit = 1u << s;
        Tracker::Out o;
        trk_[s]->clock(shown & bit, b, t_ready & bit, o);
        take_outputs(s, o);
        // Clocked on while beats are in it and moving (Out::occ), for at most kQuietAfter
        // cycles after a handshake (a bound the fixed-point rule never reaches), unless it
        // is drained or blocked (a fixed point known without the edge that would show it).
        const bool quiet_edge = !((beat | t_ready) & bit);
        if (o.drained() || o.blocked || (quiet_edge && o.occ == occ_[s])) quiet_[s] = 0;
        else if (took & bit) quiet_[s] = kQuietAfter;
        else if (quiet_[s]) quiet_[s]--;
        occ_[s] = o.occ;
        if (quiet_[s]) quiet_mask_ |= bit;
        else quiet_mask_ &= ~bit;
      }
    }
    // ---- The detector ----
    d->in_valid_i = m_valid;
    d->in_type_i = mp.type;
    d->in_sm_i = mp.sm;
    d->in_cta_i = mp.cta;
    d->in_warp_i = mp.warp;
    d->in_block_i = mp.block;
    d->in_barrier_i = mp.barrier;
    d->in_bloom_i = mp.bloom;
    d->in_kind_i = mp.kind;
    d->in_strong_i = mp.strong;
    d->in_atom_blk_i = mp.atom_blk;
    d->in_fence_dev_i = mp.fence_dev;
    d->in_addr_i = mp.addr;
    d->in_pc_i = mp.pc;
    d->mem_req_ready_i = mem_req_ready_i;
    d->mem_resp_valid_i = mem_resp_valid_i;
    d->mem_resp_rdata_i = mem_resp_rdata_i;
    d->race_ready_i = race_ready_i;
    rtlport::rise(d);
    latch_detector();
  }

  struct MemReq {
    uint64_t write, clear, index, wdata, read, rindex;
    bool operator==(const MemReq &o) const {
      return write == o.write && clear == o.clear && index == o.index && wdata == o.wdata && read == o.read &&
             rindex == o.rindex;
    }
  };
  struct RaceRec {
    uint64_t type, kind, bs, sm, cta, warp, pc, addr, oblk, owarp;
    bool operator==(const RaceRec &o) const {
      return type == o.type && kind == o.kind && bs == o.bs && sm == o.sm && cta == o.cta && warp == o.warp &&
             pc == o.pc && addr == o.addr && oblk == o.oblk && owarp == o.owarp;
    }
  };
  MemReq mem_req() const {
    return MemReq{mem_req_write_o, mem_req_clear_o, mem_req_index_o, mem_req_wdata_o, mem_req_read_o, mem_req_rindex_o};
  }
  RaceRec race_rec() const {
    return RaceRec{race_type_o, race_kind_o, race_block_scope_o, race_sm_o, race_cta_o,
                   race_warp_o, race_pc_o, race_addr_o, race_owner_block_o, race_owner_warp_o};
  }

  std::unique_ptr<Det> det_;
  std::vector<std::unique_ptr<Tracker>> trk_;
  unsigned n_;
  std::vector<unsigned> quiet_;  // cycles each tracker is still clocked without a handshake
  uint32_t quiet_mask_ = 0;      // the trackers with quiet_ > 0
  std::vector<Pkt> pk_;          // each tracker's packet register, as of its last edge
  std::vector<unsigned> occ_;    // each tracker's occupancy flops (Tracker::Out::occ), as of its last edge
  uint64_t cta_mask_ = 0, warp_mask_ = 0, warps_mask_ = 0, addr_mask_ = 0;
  bool last_clk_ = false, last_rst_ = false;
  // Monitors: holds of the last cycle and the payloads they held.
  uint32_t h_ev_ = 0;
  uint32_t h_t_ = 0;
  bool h_m_ = false, h_mr_ = false, h_rr_ = false, h_rs_ = false;
  EvBus p_ev_{};
  std::vector<Pkt> p_t_;
  Pkt p_m_{};
  MemReq p_mr_{};
  RaceRec p_rr_{};
  uint64_t p_rs_ = 0;
  uint8_t err_ = 0;
};

}  // namespace tbsplit

namespace rtlport {
// The split top's rising edge: one call (it has no Verilator trigger field; rtl_port.h rise).
template <class Det>
inline void rise(tbsplit::SplitTop<Det> *t) {
  t->rise();
}
}  // namespace rtlport
