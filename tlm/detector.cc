// detector.cc -- RaceDetector module (see detector.h).
#include "detector.h"

#include <algorithm>
#include <cinttypes>

#include "scord/vecread.h"

using sc_core::sc_time;

// The engine may be any DetectorEngine; `dump` (may be null) receives the arrival stream.
RaceDetector::RaceDetector(sc_core::sc_module_name n, const SimConfig &c, Stats &st,
                           DetectorEngine &eng, FILE *dump)
    : sc_module(n), tsock("tsock"), md_sock("md_sock"), c_(c), by_line_(c.line_bytes), st_(st), eng_(&eng), dump_(dump),
      at_l2_(c.det_at_l2()), map_(AddrMap::of(c)) {
  tsock.register_b_transport(this, &RaceDetector::b_transport);
  mgp_.set_extension(&mext_);
  mext_.src = (uint16_t)c.det.num_sms;
  md_.reserve(256);
  self_timed_ = eng_->self_timed();
  ideal_ = c_.detector_timing == "ideal";
  if (self_timed_) eng_->set_timer(this);
  scord_layout_init(&lay_, &c_.det);
  // det_placement=l2 (C-model timing): a detector slice per L2 slice, each with its own input
  // queue, splitter and slots.  Slice s keeps the metadata of the data its L2 slice holds in a
  // region of its own lines (note_lane).
  const size_t S = at_l2_ ? c_.l2_slices() : c_.det_slices;
  const bool per_slice = at_l2_ && !self_timed_;
  inq_.assign(per_slice ? S : 1, InQueue{std::vector<uint64_t>(c_.det_queue, 0), 0});
  ingress_.resize(per_slice ? S : 1);
  // Ideal timing's metadata slots: every slice's together (central), or each L2 slice's own.
  done_ring_.assign(c_.det_inflight * (per_slice ? S : c_.det_slices), 0);
  if (at_l2_) {
    const uint64_t entries = c_.det.heap_bytes / c_.det.granule / c_.det.md_ratio;
    md_slice_lines_ = std::max<uint64_t>(1, entries * 8 / c_.line_bytes / S);
    // The first whole 256-B chunk of each slice at or above md_base (mapping 1 interleaves
    // channels by 256-B chunks): every slice's region lies above md_base.
    md_local_base_ = map_.slice_local(c_.det.md_base) + std::max<uint64_t>(1, map_.chunk_lines);
  }
  slice_pipe_.resize(S);
  pred_.assign(S, std::vector<LineDone>(c_.det_pred_sets * c_.det_pred_ways));
  slice_done_.assign(S, std::vector<uint64_t>(c_.det_inflight, 0));
  slice_n_.assign(S, 0);
  slice_taken_.assign(S, std::vector<uint64_t>(c_.det_slice_queue, 0));
  chk_free_.assign(S, 0);
  handed_.assign(S, std::vector<uint64_t>(c_.det_buf_banks, 0));
  byp_busy_.assign(S, std::vector<uint64_t>(c_.det_buf_bypass, 0));
  last_reach_.assign(S, 0);
  slice_cycles_.assign(S, 0);
  lanes_.reserve(64);
}

// Tell a self-timed engine where its next decision comes from (divergence reports).
void RaceDetector::ctx(const scord_event &ev, unsigned lane, uint64_t cycle) {
  if (!self_timed_) return;
  EvCtx c;
  c.ev = ev;
  c.lane = lane;
  c.cycle = cycle;
  c.stream_line = stream_line_;
  eng_->context(c);
}

uint64_t RaceDetector::drain(uint64_t t) {
  const uint64_t d = self_timed_ ? std::max(t, eng_->drain(t)) : std::max(t, last_done_);
  st_.det_drain_cycles += d - t;
  st_.det_drain_max = std::max(st_.det_drain_max, d - t);
  scord_race rr;
  while (eng_->pop_race(rr)) races_.push_back(rr);
  return d;
}

void RaceDetector::finish() {
  eng_->finish();
  st_.det_engine_cycles = eng_->clock();
  st_.det_engine_evaluated = eng_->evaluated();
  scord_race rr;
  while (eng_->pop_race(rr)) races_.push_back(rr);
}

uint64_t RaceDetector::md_access(uint64_t index, bool write, uint64_t t) {
  if (!c_.ovh_md) return t + 1;
  uint64_t line = md_line_central(index);
  if (write) st_.det_md_writes++;
  else st_.det_md_reads++;
  return md_txn(line, write, 1, t);
}

// A metadata read crosses the crossbar twice and the L2's pipeline once (Interconnect and
// L2Slice::b_transport): it reaches the crossbar icnt_lat after leaving its port, its slice at
// or after that, has its data no earlier than l2_lat after the tag pipeline takes it (hit, or
// a fill from DRAM that starts then), and the reply reaches the detector's port icnt_lat after
// leaving the slice.  Each step only adds waiting, so 2 * icnt_lat + l2_lat bounds every read.
uint64_t RaceDetector::md_min_read_latency() const {
  return c_.ovh_md ? 2 * c_.icnt_lat + c_.l2_lat : 1;
}

uint64_t RaceDetector::ring_write(uint64_t addr, uint64_t t) {
  st_.det_ring_writes++;
  if (!c_.ovh_md) return t + 1;
  return md_txn(addr / c_.line_bytes, true, SCORD_RING_REC_BYTES / 8, t);
}

void RaceDetector::kernel(const std::string &name) {
  stream_line_++;
  scord_event k{};
  k.type = SCORD_EV_KERNEL;
  snprintf(k.name, sizeof k.name, "%s", name.c_str());
  ctx(k, 0, sc_core::sc_time_stamp().value() / cycle_unit());
  eng_->kernel_reset();
  if (dump_) fprintf(dump_, "kernel name=%s\n", name.c_str());
}

void RaceDetector::note(const scord_event &ev) {
  stream_line_++;
  if (dump_) scord_event_write(dump_, &ev);
  eng_->tracker_event(ev);
}

// Functional work first (arrival order = call order), then timing. `x->accepted` returns when
// the packet got a queue entry; the caller (interconnect) holds the request until then.
void RaceDetector::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay) {
  auto *x = gp.get_extension<ScordExt>();
  uint64_t arrive = abs_cycle(delay);
  uint64_t words = 0;
  bool scrubbed = false;
  md_.clear();
  lanes_.clear();
  if (self_timed_) eng_->begin_packet(arrive);
  if (x->kind == PktKind::FENCE) {
    // A fence or a syncwarp notification (the same packet; detector-v2.md section 3.2).
    const scord_event &e = x->fence_ev;
    if (dump_) scord_event_write(dump_, &e);
    stream_line_++;
    ctx(e, 0, arrive);
    if (e.type == SCORD_EV_SYNCWARP) {
      eng_->syncwarp(e.sm, e.warp);
      st_.det_syncwarps++;
    } else {
      eng_->fence(e.sm, e.warp, (scord_scope)e.scope);
      st_.det_fences++;
    }
    scrubbed = eng_->take_scrub(scrub_md_);
  } else {
    // v2.0 acquire/release (detector-v2.md 2.1, 2.2): a run's release comes before its lanes,
    // its acquire after them, as scord_system_apply does with the dumped event.
    const bool acqrel = scord_v2_acq_rel(&c_.det), lanes = scord_v2_lanes(&c_.det);
    for (uint32_t r = 0; r < x->nruns; r++) {
      const DetRun &run = x->runs[r];
      if (dump_) scord_event_write(dump_, &run.ev);
      stream_line_++;
      if (acqrel && scord_sem_releases(run.ev.sem)) {
        eng_->release(run.ev.sm, run.ev.warp, (scord_scope)run.ev.scope);
        st_.det_releases++;
        scrubbed |= eng_->take_scrub(scrub_md_);
      }
      scord_access a = run.proto;
      for (unsigned i = 0; i < run.ev.n; i++) {
        a.addr = run.proto.addr + i * run.ev.stride;
        if (lanes) a.lane = (uint8_t)(run.proto.lane + i);  // a run is consecutive lanes (Sm::build_runs)
        size_t before = md_.size();
        ctx(run.ev, i, arrive);
        eng_->access(a, md_);
        if (self_timed_) {
          uint64_t idx;
          uint32_t tag;
          if (!scord_map_addr(&c_.det, a.addr, &idx, &tag)) st_.det_outside++;
        } else if (md_.size() == before) {
          st_.det_outside++;
        } else {
          note_lane(a, md_[before]);
        }
        words++;
      }
      if (acqrel && scord_sem_acquires(run.ev.sem)) {
        eng_->acquire(run.ev.sm, run.ev.warp, (scord_scope)run.ev.scope);
        st_.det_acquires++;
      }
    }
    st_.det_packets++;
    st_.det_words += words;
  }
  scord_race rr;
  while (eng_->pop_race(rr)) races_.push_back(rr);
  if (self_timed_) {
    // The input queue (det_queue packets) in front of the RTL: a packet takes an entry at
    // arrival when one is free, and frees it once its last lane entered the RTL (the RTL's own
    // back-pressure included). So an RTL slower than the traffic pushes back on the crossbar.
    uint64_t entered = eng_->end_packet();
    x->accepted = arrive;
    if (x->timed) {
      st_.det_timed++;
      uint64_t n;
      const uint64_t accept = admit(inq_[0], arrive, &n, true);
      inq_[0].start[n % c_.det_queue] = std::max(entered, accept);
      x->accepted = accept;
    }
  } else if (!x->timed) {
    x->accepted = arrive;
  } else if (ideal_) {
    x->accepted = timing(arrive, x->kind == PktKind::FENCE, x->det_slice);
  } else if (at_l2_ && x->kind == PktKind::FENCE) {
    x->accepted = timing_fence_l2(arrive);
  } else {
    x->accepted = timing_beats(arrive, x->kind == PktKind::FENCE, x->det_slice);
  }
  if (scrubbed) {
    st_.det_scrubs++;
    if (x->timed && !self_timed_) scrub_sweep(x->accepted);
  }
  delay = delay_to(x->accepted);
}

// det_placement=l2: the metadata line of data address `addr` in its slice's region (*slice):
// the slice's data in address order, 8 bytes of metadata per granule, wrapping like the index
// does (the table holds 1/md_ratio of the heap).  Returns the line's index in the region.
uint64_t RaceDetector::md_local_line(uint64_t addr, unsigned *slice) const {
  const uint64_t epl = std::max<uint64_t>(1, c_.line_bytes / 8);
  *slice = map_.slice(addr);
  const uint64_t off = map_.slice_local(addr) * c_.line_bytes + addr % c_.line_bytes;
  return off / c_.det.granule / epl % md_slice_lines_;
}

// The metadata line that holds entry `index` (the sweep's view: the entry of tag 0 at l2,
// where a line's place follows the data address).
uint64_t RaceDetector::md_line_of_entry(uint64_t index) const {
  if (!at_l2_) return md_line_central(index);
  unsigned s;
  const uint64_t local = md_local_line(c_.det.heap_base + index * c_.det.granule, &s);
  return map_.compose(s, md_local_base_ + local) / c_.line_bytes;
}

// The v2.0 fence-ID scrub (detector-v2.md section 4) as a sweeper would run it: once every
// check before it is done (last_done_), it reads each metadata line that holds an entry not
// in the init state, one read issued per cycle (a written-line map tells it which), and
// writes back the lines it changed once the last read is back; no check starts before the
// last write has left (the scrub runs before the next packet is checked).  With ideal timing
// the check is free: the sweep's traffic goes through the memory system, nothing waits.
void RaceDetector::scrub_sweep(uint64_t t0) {
  rd_lines_.clear();
  wr_lines_.clear();
  rd_cnt_.clear();
  wr_cnt_.clear();
  for (const MdTouch &m : scrub_md_) {  // in index order: a line's entries are together
    const uint64_t line = md_line_of_entry(m.index);
    if (rd_lines_.empty() || rd_lines_.back() != line) {
      rd_lines_.push_back(line);
      rd_cnt_.push_back(0);
      wr_cnt_.push_back(0);
    }
    rd_cnt_.back()++;
    wr_cnt_.back() += m.write;
  }
  st_.det_scrub_lines += rd_lines_.size();
  if (!c_.ovh_md) return;
  const uint64_t start = ideal_ ? t0 : std::max(t0, last_done_);
  uint64_t t = start, back = start;
  for (size_t k = 0; k < rd_lines_.size(); k++) back = std::max(back, md_txn(rd_lines_[k], false, rd_cnt_[k], t++));
  uint64_t w = back;
  for (size_t k = 0; k < rd_lines_.size(); k++) {
    if (!wr_cnt_[k]) continue;
    md_txn(rd_lines_[k], true, wr_cnt_[k], w++);  // posted
    st_.det_scrub_writes++;
  }
  if (ideal_) return;
  for (uint64_t &f : chk_free_) f = std::max(f, w);
  last_done_ = std::max(last_done_, w);
  st_.det_scrub_cycles += w - start;
}

// One checked lane of the packet being timed, from the first metadata touch of its check (the
// read of its entry): its entry and, when the check will need the owner's fence counters, the
// owner (a warp other than the accessor's; an init entry or a tag miss needs none).
void RaceDetector::note_lane(const scord_access &a, const MdTouch &first) {
  Lane l;
  uint64_t idx;
  uint32_t tag;
  if (!scord_map_addr(&c_.det, a.addr, &idx, &tag)) return;
  l.index = idx;
  l.tag = tag;
  const uint64_t epl = std::max<uint64_t>(1, c_.line_bytes / 8);
  if (!at_l2_) {
    l.md_key = idx / epl;
    l.md_line = md_line_central(l.md_key * epl);
  } else {
    unsigned s;
    const uint64_t local = md_local_line(a.addr, &s);
    l.md_key = local * c_.l2_slices() + s;
    l.md_line = map_.compose(s, md_local_base_ + local) / c_.line_bytes;
  }
  l.owner = kNoOwner;
  if (!first.write) {
    scord_md md;
    scord_md_decode(&lay_, first.value, &md);
    bool init = md.m && md.bs && md.ds;
    bool self = md.block_id == a.block_id && md.warp_id == a.warp;
    if (md.tag == tag && !init && !self)
      l.owner = (uint32_t)((md.block_id / c_.det.ctas_per_sm) * c_.det.warps_per_sm + md.warp_id);
  }
  lanes_.push_back(l);
}

// The line-beat timing of the RTL's microarchitecture (scord_line_detector, docs/rtl.md
// "Line-rate detector"), for --detector=ref with the default timing model.  A packet's checked
// lanes are grouped by 128-B metadata line (entries_per_line = line_bytes / 8); each line is one
// beat (more when it has more distinct entries than det_beat_lanes, or one index with several tags)
// in slice line mod det_slices.  The splitter hands out one beat per cycle, and only to a slice
// with room in its queue (det_slice_queue beats ahead of the slots); the slice's line
// accessor takes one per cycle into one of det_inflight slots and reads the line's touched
// entries through the L2, unless an older beat of the line is in flight (then it is a follower:
// no read, the older beat's checked line the cycle after it is back).  The accessor hands beats
// to the check in arrival order: one cycle each, plus one per further group of det_owner_ports
// distinct foreign owners; the checked line is back det_lat cycles later, written back (posted)
// and its slot freed.  So a same-line chain costs det_lat + 2 cycles per beat (CTest
// tlm/chain_latency measures it on the RTL).  The banked line buffer between the slot and the
// check is timed in check() below (docs/rtl.md "Reads ahead of the check, banked").  Same-entry lanes
// of one instruction ride in one slot (at most two applications are ever needed:
// ref/tests/test_fixpoint.c).  A fence is a one-cycle item in every slice.  The input queue
// (det_queue packets) frees a packet's entry when its last beat has left the splitter.
// Returns the cycle the packet was accepted into the input queue.
// Packets among the last min(n, Q) (the ones the input ring holds: slots 0..n-1 before it
// wraps, all Q after) that start after `arrive`: the queue occupancy an arrival sees.  A plain
// count over the ring, no index arithmetic per element (it runs once per packet).
// A packet arriving at `arrive` takes an entry of queue q (the oldest entry's packet must have
// left); returns that cycle, *slot its ring index.  `count`: into the queue statistics.
uint64_t RaceDetector::admit(InQueue &q, uint64_t arrive, uint64_t *slot, bool count) {
  const uint64_t Q = c_.det_queue, n = q.n++;
  *slot = n;
  uint64_t accept = arrive;
  if (n >= Q) accept = std::max(accept, q.start[(n - Q) % Q]);
  if (!count) return accept;
  // Packets among the last min(n, Q) that leave after `arrive`: the occupancy an arrival sees.
  // A plain count over the ring, no index arithmetic per element (it runs once per packet).
  const uint64_t m = std::min<uint64_t>(n, Q);
  const uint64_t *r = q.start.data();
  uint64_t occ = 0;
  for (uint64_t i = 0; i < m; i++) occ += r[i] > arrive;
  st_.det_occ_sum += occ;
  st_.det_occ_max = std::max(st_.det_occ_max, occ);
  if (accept > arrive) {
    st_.det_stall_cycles += accept - arrive;
    st_.det_stalled_packets++;
  }
  return accept;
}

// det_placement=l2: a fence reaches every detector slice (each keeps its copy of the fence
// file) and is a one-cycle item in each, behind that slice's queue.  Returns the cycle the last
// slice took it.
uint64_t RaceDetector::timing_fence_l2(uint64_t arrive) {
  st_.det_timed++;
  uint64_t accept = arrive;
  for (size_t s = 0; s < inq_.size(); s++) {
    uint64_t n;
    const uint64_t a = admit(inq_[s], arrive, &n, s == 0);
    inq_[s].start[n % c_.det_queue] = timing_beats(a, true, (int)s);
    accept = std::max(accept, a);
  }
  return accept;
}

// det_placement=l2: `slice` is the packet's detector slice, and a fence (from timing_fence_l2)
// is booked in that slice alone, already admitted: returns when it left the splitter.
uint64_t RaceDetector::timing_beats(uint64_t arrive, bool fence, int slice) {
  const uint64_t W = c_.det_inflight, L = c_.det_beat_lanes;
  const uint64_t S = at_l2_ ? c_.l2_slices() : c_.det_slices;
  const uint64_t P = c_.det_owner_ports;
  assert(!at_l2_ || (slice >= 0 && (uint64_t)slice < S));
  InQueue &q = inq_[at_l2_ ? slice : 0];
  Resource &ingress = ingress_[at_l2_ ? slice : 0];
  uint64_t n = 0;
  uint64_t accept = arrive;
  if (!(at_l2_ && fence)) {
    st_.det_timed++;
    accept = admit(q, arrive, &n, true);
  }
  uint64_t last_start = accept;
  // One item (beat or fence) of slice s leaving the splitter at `ready`: the line accessor takes
  // it into a slot (one per cycle, a free one of det_inflight); returns that cycle.  `cycles` is
  // its check occupancy (statistics here; the check itself is booked in order by check()).
  auto book = [&](uint64_t s, uint64_t ready, uint64_t cycles) {
    uint64_t k = slice_n_[s]++;
    if (k >= W) ready = std::max(ready, slice_done_[s][(k - W) % W]);
    uint64_t start = slice_pipe_[s].take(ready, 1);
    slice_taken_[s][k % c_.det_slice_queue] = start;
    slice_cycles_[s] += cycles;
    st_.det_slice_max_cycles = std::max(st_.det_slice_max_cycles, slice_cycles_[s]);
    st_.det_beat_cycles += cycles;
    last_start = std::max(last_start, start);
    return start;
  };
  // The splitter hands slice s an item only with room in the slice's queue: the item
  // det_slice_queue earlier in the slice has taken its slot.  So one slice whose slots are all
  // held (a long same-line chain) stops the splitter, and the other slices with it.
  auto room = [&](uint64_t s, uint64_t t) {
    const uint64_t D = c_.det_slice_queue, k = slice_n_[s];
    const uint64_t r = k >= D ? slice_taken_[s][(k - D) % D] : 0;
    if (r > t) st_.det_split_wait += r - t;
    return std::max(r, t);
  };
  // The accessor hands items to the check in arrival order (scord_line_accessor.sv): an item
  // whose data are ready at `data` starts its check when every older item of the slice has
  // started; returns the cycle its checked line is back (written back, slot freed).  A line
  // (`buf`) goes through the banked line buffer: its bank is read when the beat det_buf_banks
  // ahead has been handed over (the read pointer's lead) and not before its slot was taken.
  // A line that arrives after that moment is caught on arrival (`data`) in one of
  // det_buf_bypass entries, held until the slot is handed over; with none free the read
  // pointer waits.  A line already there when the pointer reaches its slot has to be written
  // and settle first (det_buf_path cycles from arrival to data out), and is read in
  // det_buf_read cycles after the wrapper's input register.
  auto check = [&](uint64_t s, uint64_t data, uint64_t cycles, bool buf, uint64_t taken) {
    const uint64_t B = c_.det_buf_banks;
    uint64_t k = slice_n_[s] - 1;
    uint64_t *entry = nullptr;
    if (buf) {
      uint64_t reach = std::max({taken + 1, k >= B ? handed_[s][k % B] : 0, last_reach_[s] + 1});
      if (data > reach) {  // not there yet: skipped, if a bypass entry is free by then
        entry = &*std::min_element(byp_busy_[s].begin(), byp_busy_[s].end());
        if (*entry > reach) {
          reach = std::min(data, *entry);
          if (data <= *entry) entry = nullptr;  // arrives while the read pointer waits
        }
      }
      if (!entry) data = std::max(data + c_.det_buf_path, reach + c_.det_buf_read + 1);  // +1: input register
      last_reach_[s] = reach;
    }
    uint64_t cs = std::max(data, chk_free_[s]);
    if (entry) *entry = cs;  // held until its slot is handed over
    handed_[s][k % B] = cs;
    chk_free_[s] = cs + cycles;
    uint64_t done = cs + cycles + c_.det_lat;
    slice_done_[s][(slice_n_[s] - 1) % W] = done;
    last_done_ = std::max(last_done_, done);
    return done;
  };
  if (fence && at_l2_) {
    const uint64_t t = ingress.take(room(slice, accept), 1);
    const uint64_t start = book(slice, t + 1, 1);
    check(slice, start + 1, 1, false, start);
    return last_start;
  }
  if (fence) {
    uint64_t ready = accept;
    for (uint64_t s = 0; s < S; s++) ready = room(s, ready);
    uint64_t t = ingress.take(ready, 1);
    for (uint64_t s = 0; s < S; s++) {
      uint64_t start = book(s, t + 1, 1);
      check(s, start + 1, 1, false, start);
    }
    q.start[n % c_.det_queue] = last_start;
    return accept;
  }
  // The splitter hands out one beat per cycle, in order of each line's first lane; a packet
  // (a coalesced request covers one data line, at most line_bytes/4 entries) leaves the input
  // queue when its last beat has left.
  uint64_t t = accept;
  // Lines in order of their first lane; each lane's slot (distinct index+tag) within its line.
  done_lines_.clear();
  for (size_t i = 0; i < lanes_.size(); i++) {
    const uint64_t line = lanes_[i].md_key, mdl = lanes_[i].md_line;
    bool seen = false;
    for (uint64_t l : done_lines_) seen |= l == line;
    if (seen) continue;
    done_lines_.push_back(line);
    // Slots of this line, in lane order; beats of L slots; owners per beat.
    slot_idx_.clear();
    slot_tag_.clear();
    slot_owner_.clear();
    uint64_t extra_tags = 0;
    for (size_t j = i; j < lanes_.size(); j++) {
      if (lanes_[j].md_key != line) continue;
      bool dup = false;
      for (size_t k = 0; k < slot_idx_.size(); k++) {
        if (slot_idx_[k] != lanes_[j].index) continue;
        if (slot_tag_[k] == lanes_[j].tag) dup = true;
        else extra_tags++;  // same entry, other tag: a beat of its own
      }
      if (dup) {
        st_.det_dup_lanes++;
        continue;
      }
      slot_idx_.push_back(lanes_[j].index);
      slot_tag_.push_back(lanes_[j].tag);
      slot_owner_.push_back(lanes_[j].owner);
    }
    uint64_t nslots = slot_idx_.size();
    uint64_t beats = (nslots + L - 1) / L + extra_tags;
    uint64_t cycles = 0;
    for (uint64_t b = 0; b * L < nslots; b++) {
      owners_.clear();
      for (uint64_t k = b * L; k < std::min(nslots, (b + 1) * L); k++) {
        uint32_t o = slot_owner_[k];
        if (o == kNoOwner) continue;
        bool have = false;
        for (uint32_t h : owners_) have |= h == o;
        if (!have) owners_.push_back(o);
      }
      uint64_t groups = (owners_.size() + P - 1) / P;
      uint64_t c = std::max<uint64_t>(1, groups);
      st_.det_owner_cycles += c - 1;
      cycles += c;
    }
    cycles += extra_tags;
    st_.det_beats += beats;
    // The slice: central, the index bits above the line offset (not the address); l2, the
    // slice beside the L2 slice the packet reached.
    const uint64_t s = at_l2_ ? (uint64_t)slice : line % S;
    const uint64_t tb = ingress.take(room(s, t), beats);
    t = tb + beats;
    uint64_t start = book(s, tb + 1, cycles);
    LineDone &ld = line_slot(line, start);
    bool fwd = ld.line == line && ld.done > start;
    LineDone *way = nullptr;
    const uint64_t go = pred_way(s, line, start, fwd, &way);
    if (go > start) {  // the set was full: the beat, and the slice's intake behind it, wait
      st_.det_pred_collisions++;
      st_.det_pred_wait_cycles += go - start;
      resource_hold(slice_pipe_[s], start + 1, go + 1);
      slice_taken_[s][(slice_n_[s] - 1) % c_.det_slice_queue] = go;
      last_start = std::max(last_start, go);
      start = go;
      fwd = ld.line == line && ld.done > start;
    }
    uint64_t md_ready = start + 1;
    if (fwd) {  // a follower: the older beat's checked line, handed over the cycle after
      st_.det_fwd_beats++;
      md_ready = ld.done + 1;
    } else if (c_.ovh_md) {
      md_ready = md_txn(mdl, false, (uint32_t)nslots, start);
      st_.det_md_reads++;
    }
    uint64_t done = check(s, md_ready, cycles, true, start);
    if (c_.ovh_md) {
      md_txn(mdl, true, (uint32_t)nslots, done);  // posted write-back
      st_.det_md_writes++;
    }
    ld.line = line;
    ld.done = done;
    if (way) *way = LineDone{line, done};
  }
  q.start[n % c_.det_queue] = last_start;
  return accept;
}

// The predecessor table of slice s (scord_line_accessor.sv "Same-line beats"): the set is the
// line's slice-local index mod det_pred_sets.  A follower takes over its line's way; a beat of
// a new line takes a way whose chain is back by `start`, or waits for the first one to come
// back.  Returns the cycle the beat goes on (`start` unless it waited) and *way, the way to
// record its chain in (null: none found for a follower, the table having forgotten it).
uint64_t RaceDetector::pred_way(uint64_t s, uint64_t line, uint64_t start, bool follower, LineDone **way) {
  const uint64_t S = pred_.size(), ways = c_.det_pred_ways;
  LineDone *set = &pred_[s][(line / S) % c_.det_pred_sets * ways];
  *way = nullptr;
  if (follower) {
    for (uint64_t w = 0; w < ways; w++)
      if (set[w].line == line) *way = &set[w];
    return start;
  }
  LineDone *first = &set[0];
  for (uint64_t w = 0; w < ways; w++) {
    if (set[w].done <= start || set[w].line == line) {
      *way = &set[w];
      return start;
    }
    if (set[w].done < first->done) first = &set[w];
  }
  *way = first;
  return first->done;
}

// The record of `line`'s last beat: its own if present, else one whose beat is back by
// `start` (free) near the line's hash.  Lines a power of two apart (arrays 64 MB apart in the
// applications) must not share a record, or a beat misses the older beat of its line.
RaceDetector::LineDone &RaceDetector::line_slot(uint64_t line, uint64_t start) {
  const size_t mask = line_done_.size() - 1;
  const size_t h = (size_t)((line * 0x9e3779b97f4a7c15ull) >> 40) & mask;
  LineDone *free_rec = nullptr;
  for (size_t i = 0; i < 8; i++) {
    LineDone &r = line_done_[(h + i) & mask];
    if (r.line == line) return r;
    if (!free_rec && r.done <= start) free_rec = &r;
  }
  return free_rec ? *free_rec : line_done_[h];
}

// --detector-timing=ideal: queue and metadata timing of one packet arriving at `arrive`, the
// check itself free (no pipeline cycles, no det_lat), as in the paper's simulator.  Returns
// the cycle the packet was accepted into the input queue.
uint64_t RaceDetector::timing(uint64_t arrive, bool fence, int slice) {
  // The metadata slots: of every slice together (det_inflight * det_slices), one per packet;
  // at l2 each L2 slice's det_inflight, behind that slice's own queue.
  const uint64_t Q = c_.det_queue, W = at_l2_ ? c_.det_inflight : c_.det_inflight * c_.det_slices;
  st_.det_timed++;
  uint64_t n;
  if (at_l2_ && fence) {
    // Every slice's queue takes the fence; it needs no slot and leaves as it enters.
    uint64_t accept = arrive;
    for (size_t s = 0; s < inq_.size(); s++) {
      const uint64_t a = admit(inq_[s], arrive, &n, s == 0);
      inq_[s].start[n % Q] = a;
      done_ring_[s * W + n % W] = a;
      accept = std::max(accept, a);
    }
    return accept;
  }
  assert(!at_l2_ || (slice >= 0 && (size_t)slice < inq_.size()));
  const size_t qi = at_l2_ ? (size_t)slice : 0;
  uint64_t *ring = &done_ring_[qi * W];
  const uint64_t accept = admit(inq_[qi], arrive, &n, true);  // wait for a free entry
  uint64_t ready = accept;
  if (n >= W) ready = std::max(ready, ring[(n - W) % W]);  // metadata slots all busy
  const uint64_t busy = 0;
  uint64_t start = ready;
  uint64_t md_ready = start;
  // Metadata lines read (and later written) by this packet, each once.
  rd_lines_.clear();
  wr_lines_.clear();
  rd_cnt_.clear();
  wr_cnt_.clear();
  for (const MdTouch &m : md_) {
    uint64_t line = md_line_central(m.index);
    if (at_l2_)  // the entry's line in its slice's region (note_lane)
      for (const Lane &l : lanes_)
        if (l.index == m.index) line = l.md_line;
    auto &v = m.write ? wr_lines_ : rd_lines_;
    auto &n = m.write ? wr_cnt_ : rd_cnt_;
    size_t k = 0;
    while (k < v.size() && v[k] != line) k++;
    if (k == v.size()) { v.push_back(line); n.push_back(0); }
    n[k]++;
  }
  if (c_.ovh_md) {
    uint64_t t = start;
    for (size_t k = 0; k < rd_lines_.size(); k++) md_ready = std::max(md_ready, md_txn(rd_lines_[k], false, rd_cnt_[k], t++));
    st_.det_md_reads += rd_lines_.size();
  }
  uint64_t done = std::max(md_ready, start + busy);
  if (c_.ovh_md) {
    uint64_t t = done;
    for (size_t k = 0; k < wr_lines_.size(); k++) md_txn(wr_lines_[k], true, wr_cnt_[k], t++);  // posted write-backs
    st_.det_md_writes += wr_lines_.size();
  }
  inq_[qi].start[n % Q] = start;
  ring[n % W] = done;
  last_done_ = std::max(last_done_, done);
  return accept;
}

// One metadata transaction of `entries` 8-byte entries of `line`, issued at cycle t; returns
// the cycle it completes (reads: data back; writes: posted).
uint64_t RaceDetector::md_txn(uint64_t line, bool write, uint32_t entries, uint64_t t) {
  static unsigned char dummy[4096];
  mgp_.set_address(line * c_.line_bytes);
  mgp_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  mgp_.set_data_ptr(dummy);
  mgp_.set_data_length(8 * entries);
  mgp_.set_streaming_width(8 * entries);
  mgp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  mext_.kind = write ? PktKind::MD_WR : PktKind::MD_RD;
  mext_.at_l2 = at_l2_;  // l2: the accessor sits beside the line's slice (self-timed engines: central only)
  mext_.side = false;
  mext_.data_bytes = write ? 8 * entries : 0;   // 8-byte entries, as many as the packet touched
  mext_.resp_bytes = write ? 0 : 8 * entries;
  sc_time d = delay_to(t);
  md_sock->b_transport(mgp_, d);
  return abs_cycle(d);
}

void write_vector_header(FILE *f, const SimConfig &c, const std::string &workload) {
  // Format 2 under the v2.0 rules: the stream may carry sem= and syncwarp (vectors.md section 1).
  fprintf(f, "scord-vectors %d\n# detector arrival stream dumped by scord-sim (workload %s)\n",
          c.det.spec_version >= 2 ? 2 : 1, workload.c_str());
  fprintf(f, "# tlm: l1_bytes=%" PRIu64 " l2_bytes=%" PRIu64 " channels=%" PRIu64 " ovh_lhd=%" PRIu64 " ovh_noc=%" PRIu64
             " ovh_md=%" PRIu64 " quantum=%" PRIu64 "\n",
          c.l1_bytes, c.l2_bytes, c.channels, c.ovh_lhd, c.ovh_noc, c.ovh_md, c.quantum);
  fputs("config", f);
  const uint64_t *dv = &c.det.num_sms;  // fields in SCORD_PARAM_LIST order
  for (int i = 0; i < SCORD_P_COUNT; i++) {
    if (i == SCORD_P_race_buf_entries) continue;
    if (scord_param_table[i].derived && !(c.det.set_mask >> i & 1)) continue;
    fprintf(f, dv[i] >= 0x10000 ? " %s=0x%" PRIx64 : " %s=%" PRIu64, scord_param_table[i].key, dv[i]);
  }
  fputc('\n', f);
}
