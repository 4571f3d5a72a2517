// memsys.cc -- interconnect, L2 slices and DRAM channels (see memsys.h).
#include "memsys.h"

#include <algorithm>
#include <string>

using sc_core::sc_time;
using tlm::tlm_generic_payload;

static bool is_md(const ScordExt *x) { return x->kind == PktKind::MD_RD || x->kind == PktKind::MD_WR; }

// ---------------------------------------------------------------------------------------
DramTiming dram_timing(const SimConfig &c) {
  DramTiming t;
  t.banks = (unsigned)c.dram_banks;
  t.groups = (unsigned)c.dram_bank_groups;
  t.queue = (unsigned)c.dram_sched_queue;
  t.atoms = (unsigned)std::max<uint64_t>(1, c.line_bytes / c.dram_atom_bytes);
  t.burst = (unsigned)c.dram_burst;
  t.ccd = (unsigned)c.dram_tccd;
  t.ccdl = (unsigned)c.dram_tccdl;
  t.rrd = (unsigned)c.dram_trrd;
  t.rcd = (unsigned)c.dram_trcd;
  t.ras = (unsigned)c.dram_tras;
  t.rp = (unsigned)c.dram_trp;
  t.rc = (unsigned)c.dram_trc;
  t.cl = (unsigned)c.dram_tcl;
  t.wl = (unsigned)c.dram_twl;
  t.cdlr = (unsigned)c.dram_tcdlr;
  t.wr = (unsigned)c.dram_twr;
  t.rtpl = (unsigned)c.dram_trtpl;
  t.turnaround = (unsigned)c.dram_turnaround;
  return t;
}

DramChannel::DramChannel(sc_core::sc_module_name n, const SimConfig &c, Stats &st)
    : sc_module(n), c_(c), st_(st), map_(AddrMap::of(c)), dmap_(DramMap::of(c)), ctrl_(dram_timing(c)) {
  ctrl_.keep_done = true;
  for (unsigned i = 0; i < c.l2_subparts; i++) {
    tsock.emplace_back(new tlm_utils::simple_target_socket_tagged<DramChannel>(("t" + std::to_string(i)).c_str()));
    tsock.back()->register_b_transport(this, &DramChannel::b_transport, (int)i);
  }
}

L2Memory::L2Memory(const SimConfig &c, Stats &st, const std::string &prefix) {
  for (unsigned i = 0; i < c.channels; i++)
    dram.emplace_back(new DramChannel((prefix + "dram" + std::to_string(i)).c_str(), c, st));
  for (unsigned i = 0; i < c.l2_slices(); i++) {
    l2.emplace_back(new L2Slice((prefix + "l2_" + std::to_string(i)).c_str(), c, st));
    l2.back()->dram.bind(*dram[i / c.l2_subparts]->tsock[i % c.l2_subparts]);
  }
}

uint64_t DramChannel::bus_busy() const { return ctrl_.stats().busy * c_.core_mhz / c_.dram_mhz; }

// Served reads against their forecasts: a read served later than it was told was overtaken by
// requests that reached the controller after its call (docs/dram.md "In the TLM").
void DramChannel::collect() {
  for (const DramDone &d : ctrl_.done) {
    auto it = forecast_.find(d.id);
    if (it == forecast_.end()) continue;  // a write
    if (d.data_end > it->second) {
      st_.dram_forecast_late++;
      st_.dram_forecast_late_cycles += to_core(d.data_end) - to_core(it->second);
    } else if (d.data_end < it->second) {
      st_.dram_forecast_early++;
    }
    forecast_.erase(it);
  }
  ctrl_.done.clear();
}

void DramChannel::finish(uint64_t end, std::vector<uint64_t> &idle) {
  ctrl_.drain();
  collect();
  const DramCtrl::Stats &s = ctrl_.stats();
  st_.dram_row_hits += s.served - s.acts;
  const uint64_t words = (to_dram(end) + DramCtrl::kWin - 1) / DramCtrl::kWin;
  if (idle.size() < words) idle.resize(words, 0);
  for (uint64_t w = 0; w < words && w < s.win_full.size(); w++)
    if (2 * s.win_busy[w] < DramCtrl::kWin && s.win_full[w]) {
      idle[w] |= s.win_full[w];
      st_.dram_stall_idle_ch_cycles += (uint64_t)__builtin_popcountll(s.win_full[w]);
      st_.dram_stall_idle_banks += s.win_full_banks[w];
      st_.dram_stall_idle_rows += s.win_full_rows[w];
      st_.dram_stall_idle_md += s.win_full_md[w];
      st_.dram_stall_idle_writes += s.win_full_writes[w];
    }
}

// One line read or write from either sub-partition: the controller's fixed latency on the way
// in (as GPGPU-Sim's DRAM latency queue), then the scheduler's queue.  A request enters the
// latency pipeline only when the queue will have an entry for it (GPGPU-Sim's partition checks
// the controller is not full); until then it stays in its slice's L2-to-DRAM queue, whose
// owner learns when it left from ScordExt::dram_left.
void DramChannel::b_transport(int, tlm_generic_payload &gp, sc_time &delay) {
  const uint64_t now = now_units() / cycle_unit();
  // No request called from now on reaches the controller before now + dram_lat.
  ctrl_.advance(to_dram(now + c_.dram_lat));
  collect();
  const uint64_t t0 = abs_cycle(delay) + c_.dram_lat;
  DramReq r;
  r.id = next_id_++;
  r.arrive = to_dram(t0);
  r.write = gp.is_write();
  auto *x = gp.get_extension<ScordExt>();
  const bool md = x && is_md(x);
  r.md = md;
  dmap_.of_line(map_.dram_local(gp.get_address()), r.bank, r.row);
  ctrl_.push(r);
  const DramDone f = ctrl_.forecast(r.id, r.arrive, r.write);
  const uint64_t t = std::max(t0, to_core(f.admitted));
  st_.dram_sched_stall_cycles += t - t0;
  if (x) x->dram_left = t - c_.dram_lat;
  if (gp.is_write()) st_.dram_writes[md]++; else st_.dram_reads[md]++;
  if (!r.write) forecast_[r.id] = f.data_end;
  // A write is posted: its caller waits only for the queue entry.
  delay = delay_to(r.write ? t : to_core(f.data_end));
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

// ---------------------------------------------------------------------------------------
L2Slice::L2Slice(sc_core::sc_module_name n, const SimConfig &c, Stats &st)
    : sc_module(n), tsock("tsock"), dram("dram"), c_(c), st_(st), map_(AddrMap::of(c)) {
  sets_ = c.l2_bytes / map_.slices() / c.line_bytes / c.l2_ways;
  by_sets_ = FastDiv(sets_);
  ways_.resize(sets_ * c.l2_ways);
  q_.cap = c.l2_queue;
  mshr_.assign(c.l2_mshrs, 0);
  dq_.cap = c.dram_queue;
  tsock.register_b_transport(this, &L2Slice::b_transport);
  dgp_.set_extension(&dext_);
  dgp_.set_data_length(c.line_bytes);
  dgp_.set_streaming_width(c.line_bytes);
}

uint64_t L2Slice::dram_access(uint64_t addr, bool write, bool md, uint64_t t, uint64_t *left) {
  static unsigned char dummy[4096];
  t = dq_.admit(t);
  *left = t;
  dgp_.set_address(addr);
  dgp_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  dgp_.set_data_ptr(dummy);
  dgp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  dext_.kind = md ? (write ? PktKind::MD_WR : PktKind::MD_RD) : (write ? PktKind::WR : PktKind::RD);
  dext_.dram_left = 0;
  sc_time d = delay_to(t);
  dram->b_transport(dgp_, d);
  dq_.hold(t, std::max(t, dext_.dram_left) + 1);  // a DRAM that does not say: one cycle
  return abs_cycle(d);
}

// Write-back, write-allocate without fetch (a write fills its bytes; partial-line masks are
// not modelled), LRU replacement. A line being filled answers when the fill arrives (MSHR).
void L2Slice::b_transport(tlm_generic_payload &gp, sc_time &delay) {
  auto *x = gp.get_extension<ScordExt>();  // optional: a plain payload is a data read or write
  uint64_t t = abs_cycle(delay);
  uint64_t addr = gp.get_address();
  bool md = x && is_md(x);
  bool write = x ? x->kind == PktKind::WR || x->kind == PktKind::MD_WR : gp.is_write();
  bool atom = x && x->kind == PktKind::ATOM;
  // The input queue (docs/tlm.md "Buffers"): with all entries held the request waits in the
  // crossbar; it holds its entry until the tag pipeline takes it.
  const uint64_t adm = q_.admit(t);
  st_.l2_queue_stall_cycles += adm - t;
  if (x) x->l2_accepted = adm;
  uint64_t s = tag_port_.take(adm, 1), hold = 0;
  uint64_t local = map_.slice_local(addr);
  const uint64_t tag = by_sets_.div(local), set = local - tag * sets_;
  Way *w = &ways_[set * c_.l2_ways];
  Way *hit = nullptr, *victim = w;
  for (unsigned i = 0; i < c_.l2_ways; i++) {
    if (w[i].valid && w[i].tag == tag) { hit = &w[i]; break; }
    if (!w[i].valid) { if (victim->valid) victim = &w[i]; }
    else if (victim->valid && w[i].stamp < victim->stamp) victim = &w[i];
  }
  uint64_t ready;
  if (hit) {
    st_.l2_hits[md]++;
    ready = std::max(s + c_.l2_lat, hit->ready);
  } else {
    st_.l2_misses[md]++;
    hit = victim;
    // A miss waits at the head of the pipeline, and the requests behind it with it (in order,
    // as GPGPU-Sim's reservation failures stall the L2 queue), for an L2-to-DRAM queue entry
    // for the victim's write-back and its fill, and for an MSHR for the fill.
    uint64_t go = s + c_.l2_lat, left;
    if (hit->valid && hit->dirty) {
      // Rebuild the victim's address; the write-back is posted (not on this request's path).
      const uint64_t vaddr = map_.compose(map_.slice(addr), hit->tag * sets_ + set);
      bool vmd = vaddr >= c_.det.md_base;
      dram_access(vaddr, true, vmd, go, &left);
      st_.dram_queue_stall_cycles += left - go;
      go = left;
    }
    hit->valid = true;
    hit->tag = tag;
    hit->dirty = false;
    if (write) {
      ready = s + c_.l2_lat;
    } else {
      // A fill takes an MSHR until its data are back.  Loads of a line in flight merge (`ready`).
      uint64_t &m = *std::min_element(mshr_.begin(), mshr_.end());
      if (m > go) {
        st_.l2_mshr_stall_cycles += m - go;
        go = m;
      }
      // The fill answers as it arrives: DRAM data go through the fill to the reply queue
      // without the ROP delay again (GPGPU-Sim's memory partition).
      ready = dram_access(addr, false, md, go, &left);
      st_.dram_queue_stall_cycles += left - go;
      go = left;
      m = ready;
    }
    hit->ready = ready;
    hold = go - (s + c_.l2_lat);
    if (hold) resource_hold(tag_port_, s + 1, s + 1 + hold);
  }
  q_.hold(adm, s + hold + 1);  // it leaves the queue when the pipeline takes it
  hit->stamp = ++clock_;
  if (write || atom) hit->dirty = true;
  if (atom) ready = atom_unit_.take(ready, std::max<uint32_t>(1, x->lanes)) + c_.atom_lat;
  // The order point a signal on a release and a poll compare (docs/tlm.md "Hand-off"): a write
  // when its line is written, a read at the end of the ROP pipeline, an atomic's update.
  if (x) x->performed = write || atom ? ready : s + c_.l2_lat;
  delay = delay_to(ready);
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

// ---------------------------------------------------------------------------------------
// One target port per SM plus the detector's metadata accessor; one initiator per L2 slice.
Interconnect::Interconnect(sc_core::sc_module_name n, const SimConfig &c, Stats &st)
    : sc_module(n), to_det("to_det"), c_(c), st_(st), map_(AddrMap::of(c)) {
  by_flit_ = FastDiv(c.flit_bytes);
  by_port_ = FastDiv(c.port_flits);
  by_det_port_ = FastDiv(c.det_port_flits);
  unsigned ports = (unsigned)c.det.num_sms + 1;
  for (unsigned i = 0; i < ports; i++) {
    tsock.emplace_back(new tlm_utils::simple_target_socket_tagged<Interconnect>(("t" + std::to_string(i)).c_str()));
    tsock.back()->register_b_transport(this, &Interconnect::b_transport, (int)i);
  }
  const unsigned slices = (unsigned)map_.slices();
  for (unsigned i = 0; i < slices; i++)
    to_l2.emplace_back(new tlm_utils::simple_initiator_socket_tagged<Interconnect>(("l2_" + std::to_string(i)).c_str()));
  inj_.resize(ports);
  ej_.resize(ports);
  l2_in_.resize(slices);
  l2_out_.resize(slices);
  reply_q_.assign(slices, Occupancy(c.l2_reply_queue));
  md_out_.resize(slices);
  md_in_.resize(slices);
  inbuf_.assign(c.det.num_sms, std::vector<uint64_t>(c.xbar_in_buf, 0));
  inbuf_n_.assign(c.det.num_sms, 0);
  last_dep_.assign(c.det.num_sms, 0);
}

void Interconnect::report(uint64_t cycles) {
  auto acc = [&](int k, const std::vector<Resource> &v, size_t n) {
    double sum = 0, mx = 0;
    for (size_t i = 0; i < n; i++) {
      double u = cycles ? (double)v[i].busy / (double)cycles : 0.0;
      sum += u;
      mx = std::max(mx, u);
    }
    st_.util_mean[k] = n ? sum / (double)n : 0.0;
    st_.util_max[k] = mx;
  };
  acc(Stats::U_SM_INJ, inj_, c_.det.num_sms);
  acc(Stats::U_SM_EJ, ej_, c_.det.num_sms);
  acc(Stats::U_L2_IN, l2_in_, l2_in_.size());
  acc(Stats::U_L2_OUT, l2_out_, l2_out_.size());
  std::vector<Resource> md(md_out_);
  for (size_t i = 0; i < md.size(); i++) md[i].busy += md_in_[i].busy;
  acc(Stats::U_MD_LINK, md, md.size());
  st_.util_mean[Stats::U_MD_LINK] /= 2;
  st_.util_max[Stats::U_MD_LINK] /= 2;
  std::vector<Resource> d(1, det_in_);
  acc(Stats::U_DET_IN, d, 1);
}

// Routes one packet. Requests cross the source's injection port, the crossbar (icnt_lat) and
// the slice's input port; replies the reverse. Access requests carrying ScoRD side-band data
// are also delivered to the detector's input port (the detector hangs off the interconnect);
// if its queue is full the request waits at the crossbar (back-pressure).
void Interconnect::b_transport(int id, tlm_generic_payload &gp, sc_time &delay) {
  auto *x = gp.get_extension<ScordExt>();
  uint64_t t = abs_cycle(delay);
  Resource &inj = inj_[id], &ej = ej_[id];
  if (x && x->at_l2) {
    // A metadata access of a detector slice beside its L2 slice: into the slice's pipeline
    // directly, the reply consumed there; no network, no reply queue.
    (*to_l2[map_.slice(gp.get_address())])->b_transport(gp, delay);
    return;
  }
  if (x && (x->kind == PktKind::DET_ONLY || x->kind == PktKind::FENCE)) {
    // Central: through the detector's input port.  det_placement=l2: a detector-only packet
    // goes to the detector slice beside its line's L2 slice, through that slice's input port;
    // a fence to every slice (the crossbar copies it to each output, so each slice's input port
    // carries it), taken once all slices have it.
    const bool fence = x->kind == PktKind::FENCE, at_l2 = c_.det_at_l2();
    uint64_t arrive = t;
    if (at_l2) x->det_slice = fence ? -1 : (int16_t)map_.slice(gp.get_address());
    if (x->timed) {
      const uint64_t bytes = fence ? c_.fence_pkt_bytes : c_.req_hdr_bytes + c_.scord_hdr_bytes;
      const uint64_t copies = at_l2 && fence ? l2_in_.size() : 1;
      st_.icnt_bytes[fence ? BK_FENCE_PKT : BK_LHD_PKT] += bytes * copies;
      const uint64_t fl = flits(bytes), at = inj.take(t, occ(fl)) + occ(fl) + c_.icnt_lat;
      if (!at_l2)
        arrive = det_in_.take(at, docc(fl)) + docc(fl);
      else if (!fence)
        arrive = l2_in_[x->det_slice].take(at, occ(fl)) + occ(fl);
      else
        for (Resource &r : l2_in_) arrive = std::max(arrive, r.take(at, occ(fl)) + occ(fl));
    }
    sc_time d = delay_to(arrive);
    to_det->b_transport(gp, d);  // sets x->accepted
    delay = delay_to(x->timed ? x->accepted : t);
    return;
  }
  // A plain generic payload (an initiator that knows nothing of ScoRD) is a data read or write
  // of its data length, routed like any other, with no side-band.
  const bool md = x && is_md(x), side = x && x->side;
  const uint64_t len = gp.get_data_length();
  const uint64_t data_bytes = x ? x->data_bytes : gp.is_write() ? len : 0;
  const uint64_t resp_bytes = x ? x->resp_bytes : gp.is_write() ? 0 : len;
  uint64_t hdr = (side && c_.ovh_noc) ? c_.scord_hdr_bytes : 0;
  uint64_t req = c_.req_hdr_bytes + data_bytes + hdr;
  st_.icnt_bytes[md ? BK_MD_REQ : BK_DATA_REQ] += c_.req_hdr_bytes + data_bytes;
  st_.icnt_bytes[BK_SCORD_HDR] += hdr;
  uint64_t fl = flits(req);
  unsigned sl = map_.slice(gp.get_address());
  // The metadata accessor has its own link to every L2 slice (docs/tlm.md "Detector"): its
  // traffic meets the data traffic at the slices' ports, not at a single detector port.
  const bool from_det = id == (int)c_.det.num_sms;
  Resource &src_port = from_det ? md_out_[sl] : inj;
  Resource &dst_port = from_det ? md_in_[sl] : ej;
  // An SM's request needs a credit, an entry of its crossbar input buffer, before its flits go;
  // it leaves the buffer in order, after the request ahead (xbar_hol; 0: virtual output queues,
  // a request waits only for its own slice; docs/tlm.md "Buffers").
  uint64_t *be = nullptr, t_in = t;
  if (!from_det) {
    be = &inbuf_[id][inbuf_n_[id]++ % inbuf_[id].size()];
    if (*be > t_in) {
      st_.xbar_buf_stall_cycles += *be - t_in;
      t_in = *be;
    }
  }
  uint64_t s = src_port.take(t_in, occ(fl));
  if (x) x->injected = s + occ(fl);
  const uint64_t dep0 = from_det || !c_.xbar_hol ? s + occ(fl) : std::max(s + occ(fl), last_dep_[id]);
  uint64_t at_xbar = dep0 + c_.icnt_lat;
  if (side && !c_.det_at_l2()) {
    // The side-band copy: header-sized, through the detector's input port.
    uint64_t dfl = flits(c_.req_hdr_bytes + c_.scord_hdr_bytes);
    uint64_t arrive = at_xbar;
    if (c_.ovh_noc) arrive = det_in_.take(at_xbar, docc(dfl)) + docc(dfl);
    sc_time d = delay_to(arrive);
    to_det->b_transport(gp, d);
    at_xbar = std::max(at_xbar, x->accepted);
  }
  uint64_t at_l2 = l2_in_[sl].take(at_xbar, occ(fl)) + occ(fl);
  if (side && c_.det_at_l2()) {
    // The side-band rides in the request (its header bytes are in `req`) to the slice, whose
    // detector slice takes it there; a full detector queue holds the slice's input port.
    x->det_slice = (int16_t)sl;
    sc_time dd = delay_to(at_l2);
    to_det->b_transport(gp, dd);
    if (x->accepted > at_l2) {
      resource_hold(l2_in_[sl], at_l2, x->accepted);
      at_l2 = x->accepted;
    }
  }
  sc_time d = delay_to(at_l2);
  if (x) x->l2_accepted = 0;
  (*to_l2[sl])->b_transport(gp, d);
  uint64_t done_l2 = abs_cycle(d);
  // The slice's queue was full: the request waited at the slice's input port, holding it, and
  // in its SM's input buffer (credit-based flow control: it leaves only for a free entry).
  const uint64_t adm = x && x->l2_accepted > at_l2 ? x->l2_accepted : at_l2;
  resource_hold(l2_in_[sl], at_l2, adm);
  if (be) {
    const uint64_t dep = adm - occ(fl) - c_.icnt_lat;  // when it left the input buffer
    st_.xbar_hold_cycles += dep - (s + occ(fl));
    *be = dep;
    last_dep_[id] = dep;
  }
  uint64_t resp = c_.req_hdr_bytes + resp_bytes;
  st_.icnt_bytes[md ? BK_MD_RESP : BK_DATA_RESP] += resp;
  const uint64_t rfl = flits(resp), ro = occ(rfl);
  // The reply needs an entry of its slice's reply queue; while it waits the slice's pipeline
  // is stalled, which the model approximates by holding the slice's input port (no request
  // enters the slice; its input queue's entries are not filled meanwhile).
  const uint64_t radm = reply_q_[sl].admit(done_l2);
  if (radm > done_l2) {
    st_.l2_reply_stall_cycles += radm - done_l2;
    resource_hold(l2_in_[sl], done_l2, radm);
  }
  const uint64_t out = l2_out_[sl].take(radm, ro);
  const uint64_t at_ej = out + ro + c_.icnt_lat;
  const uint64_t ej_s = dst_port.take(at_ej, ro);
  // One virtual channel (xbar_hol): a reply whose destination's ejection port is busy waits at
  // the head of its slice's reply queue, holding the slice's output (the ejection port's
  // credit); with per-destination queues it waits in the crossbar.
  uint64_t dep = out;
  if (c_.xbar_hol && ej_s > at_ej) {
    dep = ej_s - ro - c_.icnt_lat;
    st_.eject_hold_cycles += dep - out;
    resource_hold(l2_out_[sl], out + ro, dep + ro);
  }
  reply_q_[sl].hold(radm, dep + ro);  // until its last flit has left
  delay = delay_to(ej_s + ro);
}
