// detector_engine.h -- the detector's decision logic behind one narrow interface, so the TLM
// RaceDetector module can run the C reference model now and the Verilated RTL (or both in
// lockstep) once co-simulation lands (architecture.md "Renderings"). Timing is not the
// engine's business: it reports which metadata entries it read and wrote, and the module
// turns those into L2 transactions at MdBase + 8*index.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "scord/scord.h"

// Metadata entries touched by one access lane, in order (index, write?).
struct MdTouch {
  uint64_t index;
  bool write;
};

class DetectorEngine {
 public:
  virtual ~DetectorEngine() = default;
  virtual const char *name() const = 0;
  // Check one access lane (detector.md section 5); appends the metadata entries it read and
  // wrote to `md`.
  virtual void access(const scord_access &x, std::vector<MdTouch> &md) = 0;
  // A fence notification from hardware warp (sm, warp).
  virtual void fence(unsigned sm, unsigned warp, scord_scope scope) = 0;
  // Kernel boundary (detector.md section 7); races found so far are kept.
  virtual void kernel_reset() = 0;
  // Race records in the order found; false when none is pending.
  virtual bool pop_race(scord_race &r) = 0;
  virtual uint64_t overflow() const = 0;
};

// The C reference model (scord_detector over its own sparse metadata store). p must be
// finalized. Throws std::runtime_error on allocation failure.
std::unique_ptr<DetectorEngine> make_ref_engine(const scord_params &p);
// Engine by name ("ref"); "rtl" and "both" are not built yet: returns nullptr with a reason.
std::unique_ptr<DetectorEngine> make_engine(const std::string &name, const scord_params &p, std::string &why);
