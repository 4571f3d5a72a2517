// plug.cc -- the memory system is plain TLM-2.0 (docs/tlm.md): an initiator and targets that
// know nothing of the scord extension connect to the interconnect and work.
//  1. A plain initiator (generic payloads, no extension) on an SM port of the interconnect, with
//     the model's own L2 slices and DRAM channels behind it: reads and writes complete with
//     TLM_OK_RESPONSE and the latencies the configuration implies (the formulas of docs/tlm.md
//     "Calibration", for payloads of their real length); the L2 counts its hits and misses.
//  2. The interconnect's L2 ports bound to plain memories: data written through the interconnect
//     is read back, and each access reaches the slice the address map names.
// Exit 0 when every check passes.
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "memsys.h"

static int failures = 0;
#define CHECK(cond)                                                                 \
  do {                                                                              \
    if (!(cond)) {                                                                  \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);      \
      failures++;                                                                   \
    }                                                                               \
  } while (0)

// An initiator that only knows the generic payload.
struct PlainInit : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<PlainInit> sock;
  explicit PlainInit(sc_core::sc_module_name n) : sc_module(n), sock("sock") {}
  // One blocking access at the current time; returns its latency in cycles (1 ns each).
  uint64_t access(tlm::tlm_command cmd, uint64_t addr, unsigned char *data, unsigned len) {
    tlm::tlm_generic_payload gp;
    gp.set_command(cmd);
    gp.set_address(addr);
    gp.set_data_ptr(data);
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_byte_enable_ptr(nullptr);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    sock->b_transport(gp, d);
    CHECK(gp.get_response_status() == tlm::TLM_OK_RESPONSE);
    wait(d);  // loosely timed: consume the latency before the next access
    return d.value() / sc_core::sc_time(1, sc_core::SC_NS).value();
  }
};

// A target that only knows the generic payload: a byte-addressed memory that remembers which
// addresses reached it.
struct PlainMem : sc_core::sc_module {
  tlm_utils::simple_target_socket<PlainMem> sock;
  std::map<uint64_t, unsigned char> bytes;
  std::vector<uint64_t> seen;
  explicit PlainMem(sc_core::sc_module_name n) : sc_module(n), sock("sock") {
    sock.register_b_transport(this, &PlainMem::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay) {
    seen.push_back(gp.get_address());
    for (unsigned i = 0; i < gp.get_data_length(); i++) {
      if (gp.is_write()) bytes[gp.get_address() + i] = gp.get_data_ptr()[i];
      else if (gp.is_read()) gp.get_data_ptr()[i] = bytes[gp.get_address() + i];
    }
    delay += sc_core::sc_time(1, sc_core::SC_NS);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// An initiator port that is bound and never used (the other SMs, the detector).
struct Idle : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Idle> sock;
  explicit Idle(sc_core::sc_module_name n) : sc_module(n), sock("sock") {}
};

struct Bench : sc_core::sc_module {
  SimConfig c;
  Stats st1, st2;
  std::unique_ptr<Interconnect> ic1, ic2;
  std::unique_ptr<L2Memory> l2mem;  // the model's L2 slices and DRAM channels
  std::vector<std::unique_ptr<PlainMem>> mem;
  std::unique_ptr<PlainMem> det1, det2;
  std::unique_ptr<PlainInit> init1, init2;
  std::vector<std::unique_ptr<Idle>> idle;

  SC_HAS_PROCESS(Bench);
  explicit Bench(sc_core::sc_module_name n) : sc_module(n) {
    std::string err;
    if (!sim_config_finalize(c, err)) {
      fprintf(stderr, "config: %s\n", err.c_str());
      failures++;
    }
    ic1 = std::make_unique<Interconnect>("ic1", c, st1);
    ic2 = std::make_unique<Interconnect>("ic2", c, st2);
    init1 = std::make_unique<PlainInit>("init1");
    init2 = std::make_unique<PlainInit>("init2");
    init1->sock.bind(*ic1->tsock[0]);
    init2->sock.bind(*ic2->tsock[0]);
    for (Interconnect *ic : {ic1.get(), ic2.get()})
      for (size_t i = 1; i < ic->tsock.size(); i++) {
        idle.push_back(std::make_unique<Idle>(("idle" + std::to_string(idle.size())).c_str()));
        idle.back()->sock.bind(*ic->tsock[i]);
      }
    l2mem = std::make_unique<L2Memory>(c, st1, "m1_");
    for (unsigned i = 0; i < l2mem->l2.size(); i++) {
      ic1->to_l2[i]->bind(l2mem->l2[i]->tsock);
      mem.push_back(std::make_unique<PlainMem>(("mem_" + std::to_string(i)).c_str()));
      ic2->to_l2[i]->bind(mem.back()->sock);
    }
    det1 = std::make_unique<PlainMem>("det1");
    det2 = std::make_unique<PlainMem>("det2");
    ic1->to_det.bind(det1->sock);
    ic2->to_det.bind(det2->sock);
    SC_THREAD(run);
  }

  void run() {
    auto flits = [&](uint64_t b) { return (b + c.flit_bytes - 1) / c.flit_bytes; };
    auto occ = [&](uint64_t f) { return (f + c.port_flits - 1) / c.port_flits; };
    // A read of 4 bytes: a 1-flit request and a reply of header + 4 bytes.
    const uint64_t req = occ(flits(c.req_hdr_bytes)), resp = occ(flits(c.req_hdr_bytes + 4));
    const uint64_t hit = 2 * req + 2 * resp + 2 * c.icnt_lat + c.l2_lat;
    // A first touch of a closed bank: the controller's latency, activate, column, burst; the
    // fill answers as it arrives.
    const uint64_t miss = hit + c.dram_lat + c.dram_trcd + c.dram_tcl + c.dram_burst;
    unsigned char buf[8] = {0};
    const uint64_t a = 0xC0000000ull, b = a + 5 * c.line_bytes;

    // 1. Plain payloads through the model's memory system.
    uint64_t l0 = init1->access(tlm::TLM_READ_COMMAND, a, buf, 4);
    uint64_t l1 = init1->access(tlm::TLM_READ_COMMAND, a + 8, buf, 4);
    const uint64_t wreq = occ(flits(c.req_hdr_bytes + 4)), wresp = occ(flits(c.req_hdr_bytes));
    uint64_t l2w = init1->access(tlm::TLM_WRITE_COMMAND, b, buf, 4);
    uint64_t l3 = init1->access(tlm::TLM_READ_COMMAND, b, buf, 4);
    printf("plain payloads through the model: read miss %llu (expected %llu), hit %llu (%llu), write %llu (%llu), "
           "read after write %llu (%llu)\n",
           (unsigned long long)l0, (unsigned long long)miss, (unsigned long long)l1, (unsigned long long)hit,
           (unsigned long long)l2w, (unsigned long long)(wreq + wresp + 2 * c.icnt_lat + wreq + wresp + c.l2_lat),
           (unsigned long long)l3, (unsigned long long)hit);
    CHECK(l0 == miss);
    CHECK(l1 == hit);
    CHECK(l2w == 2 * wreq + 2 * wresp + 2 * c.icnt_lat + c.l2_lat);  // write-allocate, no fetch
    CHECK(l3 == hit);
    CHECK(st1.l2_misses[0] == 2 && st1.l2_hits[0] == 2);
    CHECK(st1.dram_reads[0] == 1 && st1.dram_reads[1] == 0);
    CHECK(det1->seen.empty());  // no side-band without the extension

    // 2. Plain targets behind the interconnect: data round trip and address-map routing.
    const unsigned char v[4] = {0xef, 0xbe, 0xad, 0xde};
    memcpy(buf, v, 4);
    init2->access(tlm::TLM_WRITE_COMMAND, a + 12, buf, 4);
    memset(buf, 0, sizeof buf);
    init2->access(tlm::TLM_READ_COMMAND, a + 12, buf, 4);
    CHECK(memcmp(buf, v, 4) == 0);
    init2->access(tlm::TLM_READ_COMMAND, b, buf, 4);
    const uint64_t slices = c.l2_slices();
    const unsigned sa = (unsigned)((a / c.line_bytes) % slices), sb = (unsigned)((b / c.line_bytes) % slices);
    CHECK(sa != sb);
    CHECK(mem[sa]->seen.size() == 2 && mem[sa]->seen[0] == a + 12);
    CHECK(mem[sb]->seen.size() == 1 && mem[sb]->seen[0] == b);
    size_t total = 0;
    for (auto &m : mem) total += m->seen.size();
    CHECK(total == 3);
    CHECK(det2->seen.empty());
    printf("plain targets behind the interconnect: data read back, slices %u and %u by the address map\n", sa, sb);
  }
};

int sc_main(int, char **) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  Bench bench("bench");
  sc_core::sc_start();
  if (failures) fprintf(stderr, "%d check(s) failed\n", failures);
  else printf("tlm plug tests: all passed\n");
  return failures ? 1 : 0;
}
