// detector_engine.h -- the detector's decision logic behind one narrow interface, so the TLM
// RaceDetector module can run the C reference model, the Verilated line-rate RTL, or the RTL
// checked against the C model (architecture.md "Renderings", docs/cosim.md).
//
// Two timing styles:
//  - untimed engines (the C model) decide at once and report which metadata entries they read
//    and wrote; the module turns those into L2 transactions at MdBase + 8*index;
//  - self-timed engines (the RTL, and both) run their own clock: the module advances it to a
//    packet's arrival (begin_packet), feeds the lanes, and learns the cycle its last lane
//    entered the engine (end_packet), which frees the packet's input-queue entry; the engine's metadata port requests go through the module's
//    MdTimer to the L2, so the RTL's latency and stalls show in the system's cycles.
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "scord/scord.h"

// Metadata entries touched by one access lane, in order (index, write?, the value read or
// written: the analytic timing model reads the owner of an entry from it).
struct MdTouch {
  uint64_t index;
  bool write;
  uint64_t value;
};

// Times one metadata entry read or write through the memory system (the RaceDetector module).
struct MdTimer {
  virtual ~MdTimer() = default;
  // Entry `index` read (write=false) or posted write issued at cycle t; returns the cycle the
  // data is back (reads) or the write left (writes).
  virtual uint64_t md_access(uint64_t index, bool write, uint64_t t) = 0;
  // A bound every read's latency meets: md_access(i, false, t) >= t + md_min_read_latency().
  // An engine that books its metadata traffic in batches needs a read's due cycle only that
  // many cycles after the read issued (docs/cosim.md "Batched metadata timing").
  virtual uint64_t md_min_read_latency() const { return 1; }
  // One race-ring record (32 bytes at byte address addr, docs/race_ring.md) written at cycle t;
  // returns the cycle the posted write left.
  virtual uint64_t ring_write(uint64_t addr, uint64_t t) = 0;
};

// Where the next decision comes from, for divergence reports (docs/cosim.md).
struct EvCtx {
  scord_event ev{};        // the vector event (access run, fence or kernel)
  unsigned lane = 0;       // lane of an access run
  uint64_t cycle = 0;      // arrival cycle (simulated time)
  uint64_t stream_line = 0;// line of this event in the --dump-vectors file of the same run
  uint64_t seq = 0;        // access lanes fed to the RTL before and including this one
};

// Options of engines built from the RTL.
struct EngineOpts {
  std::string vcd;         // waveform file ("" = no waveform)
  uint64_t trace_from = 0, trace_to = UINT64_MAX;  // the RTL cycles it holds
  std::string source;      // trace file of the run ("" for a built-in workload)
  std::vector<std::string> plusargs;  // +args for the Verilated model ($test$plusargs)
  bool one_eval = false;   // one eval() per cycle (rtlport::rise): run_sim sets it from
                           // SimConfig::rtl_one_eval
};

class DetectorEngine {
 public:
  virtual ~DetectorEngine() = default;
  virtual const char *name() const = 0;
  // Check one access lane (detector.md section 5); an untimed engine appends the metadata
  // entries it read and wrote to `md` (a self-timed one leaves it alone).
  virtual void access(const scord_access &x, std::vector<MdTouch> &md) = 0;
  // A fence notification from hardware warp (sm, warp).
  virtual void fence(unsigned sm, unsigned warp, scord_scope scope) = 0;
  // v2.0 (docs/spec/detector-v2.md): the release before a releasing access's lanes (2.1), the
  // acquire after an acquiring access's lanes (2.2), and __syncwarp of the warp (3.2).  Only
  // the C model carries them; the RTL engines refuse spec_version=2, so reaching these there is
  // a logic error.
  virtual void release(unsigned sm, unsigned warp, scord_scope scope) { (void)sm, (void)warp, (void)scope; v2_missing(); }
  virtual void acquire(unsigned sm, unsigned warp, scord_scope scope) { (void)sm, (void)warp, (void)scope; v2_missing(); }
  virtual void syncwarp(unsigned sm, unsigned warp) { (void)sm, (void)warp; v2_missing(); }
  // A tracker-only event (bar, cta) of SM ev.sm, in the order the SMs gave it.  Engines whose
  // trackers are RTL apply it to them; the C model's trackers are the SMs' own.
  virtual void tracker_event(const scord_event &ev) { (void)ev; }
  // The v2.0 fence-ID scrub (detector-v2.md section 4) the last fence ran, if it ran one: every
  // metadata entry not in the init state, in index order, write=true where it was rewritten.
  // False (md untouched) when no scrub ran.
  virtual bool take_scrub(std::vector<MdTouch> &md) { (void)md; return false; }
  // Kernel boundary (detector.md section 7); races found so far are kept.
  virtual void kernel_reset() = 0;
  // Race records in the order found; false when none is pending.
  virtual bool pop_race(scord_race &r) = 0;
  virtual uint64_t overflow() const = 0;

  // ---- self-timed engines (defaults: untimed) ----
  virtual bool self_timed() const { return false; }
  virtual void set_timer(MdTimer *) {}
  // The next call's context (event, lane, time); kept only by engines that report divergences.
  virtual void context(const EvCtx &) {}
  // Advance the engine's clock to cycle t (no-op if it is already later).
  virtual void begin_packet(uint64_t) {}
  // The engine's cycle when the packet's last beat had been taken (after begin_packet and the
  // packet's calls).
  virtual uint64_t end_packet() { return 0; }
  // Kernel end (docs/tlm.md "Drain"): from cycle t on, run until every packet taken so far is
  // checked (races out, write-backs sent); returns that cycle.  Untimed engines: t.
  virtual uint64_t drain(uint64_t t) { return t; }
  // End of the run: finish all work so every race is out; a lockstep engine checks that
  // nothing is left unmatched.
  virtual void finish() {}
  // A self-timed engine's clock (cycles), 0 for untimed ones.
  virtual uint64_t clock() const { return 0; }
  // Cycles an RTL engine evaluated (its clock less the cycles it skipped), 0 for others.
  virtual uint64_t evaluated() const { return 0; }
  // The file of a waveform that has started ("" when none): closed with the engine, so an
  // error report raised outside the engine (an interrupt seen by an SM) can name it.
  virtual std::string waveform_path() const { return {}; }

 private:
  [[noreturn]] void v2_missing() const {
    throw std::logic_error(std::string("detector engine '") + name() + "' has no v2.0 acquire/release or syncwarp");
  }
};

// The C reference model (scord_detector over its own sparse metadata store). p must be
// finalized. `observer` (may be null) sees every metadata write (with its value) and reset.
// Throws std::runtime_error on allocation failure.
std::unique_ptr<DetectorEngine> make_ref_engine(const scord_params &p, const scord_mdport *observer = nullptr);
// Whether an engine name runs Verilated RTL: "rtl" (the line-rate scord_line_detector alone)
// and "both" (the same, checked against the C model), engine_line.cc.
inline bool engine_is_rtl(const std::string &name) { return name == "rtl" || name == "both"; }
// Engine by name: "ref", "rtl" or "both".  Returns nullptr with a reason when the name is
// unknown or the RTL cannot run these parameters.  Defined with the Verilated model
// (engine_line.cc) or, in a build without the RTL, by engine_stub.cc.
std::unique_ptr<DetectorEngine> make_engine(const std::string &name, const scord_params &p, const EngineOpts &o,
                                            std::string &why);
// Whether make_engine would succeed for (name, p), without building anything; reason in why.
bool engine_supported(const std::string &name, const scord_params &p, std::string &why);
