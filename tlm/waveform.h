// waveform.h -- an RTL engine's waveform file: FST, or VCD when the path ends in ".vcd" (written
// as FST and converted at close, cosim/fst_vcd.h).  The engine owns it and the run (run_sim) owns the
// engine, so the file is flushed and closed by a destructor on every way out of a run: the
// normal end, a SimError (divergence, RTL hang, interrupt) or any other exception.  Nothing
// global: two engines in one process would write two files.
//
// Included only by the engine sources of one program, all verilated with the same tracing
// setting (VM_TRACE); the class has internal linkage so a build without tracing
// cannot mix definitions.
#pragma once
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "sim_error.h"
#if VM_TRACE
#include "fst_vcd.h"
#include "verilated_fst_c.h"
#endif

namespace {

class Waveform {
 public:
  // Nothing is written until start(); the path is checked now, so a bad one fails before the run.
  explicit Waveform(std::string path) : path_(std::move(path)) {
#if VM_TRACE
    FILE *f = fopen(path_.c_str(), "w");
    if (!f) throw SimError(kExitInput, path_ + ": cannot open the waveform file for writing");
    fclose(f);
#else
    throw SimError(kExitInput, "this program was built without waveform support (use scord-sim for --trace)");
#endif
  }
  ~Waveform() { close(); }
  Waveform(const Waveform &) = delete;
  Waveform &operator=(const Waveform &) = delete;

  // Trace every level of model m from now on (after SystemC's elaboration: the first clock).
  template <class Model>
  void start(Model *m) {
#if VM_TRACE
    if (fst_) return;
    fst_ = std::make_unique<VerilatedFstC>();
    m->trace(fst_.get(), 99);
    fst_->open(scord_wave::fst_path(path_).c_str());
    if (!fst_->isOpen()) throw SimError(kExitInput, path_ + ": cannot open the waveform file");
#else
    (void)m;
#endif
  }
  bool started() const {
#if VM_TRACE
    return fst_ != nullptr;
#else
    return false;
#endif
  }
  // Only the cycles [from, to] are written (--trace-from, --trace-to): one event's window
  // instead of a whole run.
  void window(uint64_t from, uint64_t to) {
    from_ = from;
    to_ = to;
  }
  // Time t of RTL cycle `cycle`.
  void dump(uint64_t t, uint64_t cycle) {
#if VM_TRACE
    if (fst_ && cycle >= from_ && cycle <= to_) fst_->dump(t);
#else
    (void)t;
    (void)cycle;
#endif
  }
  void flush() {
#if VM_TRACE
    if (fst_) fst_->flush();
#endif
  }
  // Flush and close (idempotent); a VCD request is converted now.  Called from destructors:
  // a failed conversion is reported on stderr, not thrown (the FST file is then kept).
  void close() {
#if VM_TRACE
    if (!fst_) return;
    fst_->flush();
    fst_->close();
    fst_.reset();
    std::string why;
    if (scord_wave::wants_vcd(path_) && !scord_wave::fst_to_vcd(scord_wave::fst_path(path_), path_, why))
      fprintf(stderr, "scord-sim: %s\n", why.c_str());
#endif
  }
  const std::string &path() const { return path_; }

 private:
  std::string path_;
  uint64_t from_ = 0, to_ = UINT64_MAX;
#if VM_TRACE
  std::unique_ptr<VerilatedFstC> fst_;
#endif
};

// An RTL engine's check at every clock: throws SimError(kExitInterrupted) naming the cycle and
// the waveform (w may be null) when the program asked to stop (sim_error.h).
inline void stop_if_requested(uint64_t rtl_cycle, const Waveform *w) {
  if (!sim_stop_requested()) return;
  throw SimError(kExitInterrupted, "interrupted at RTL cycle " + std::to_string(rtl_cycle) +
                                       (w ? "; waveform flushed to " + w->path() : std::string()));
}

}  // namespace
