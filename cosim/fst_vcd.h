// fst_vcd.h -- waveforms in FST by default, VCD on request, from one Verilated model.
//
// The RTL programs (scord-sim, scord-cosim, scord-rtl-tb) are verilated with FST tracing only:
// Verilator 5.006 builds a model for one trace format, and FST is the one a multi-million-cycle
// run can afford.  A path ending in ".vcd" asks for VCD: the trace is written as FST beside it
// (PATH.fst.tmp) and converted when the waveform is closed, with the FST reader that the
// Verilated runtime already links (gtkwave's fstapi, compiled into verilated_fst_c.cpp).
#pragma once
#include <cstdio>
#include <string>

#include "gtkwave/fstapi.h"

namespace scord_wave {

// Whether `path` asks for VCD (ends in ".vcd").
inline bool wants_vcd(const std::string &path) {
  return path.size() >= 4 && path.compare(path.size() - 4, 4, ".vcd") == 0;
}

// The file the FST writer opens for a requested waveform `path`.
inline std::string fst_path(const std::string &path) { return wants_vcd(path) ? path + ".fst.tmp" : path; }

// Convert FST file `fst` into VCD file `vcd` (the whole hierarchy and every value change), then
// remove `fst`.  Returns false with the reason in `why` (the FST file is then kept).
inline bool fst_to_vcd(const std::string &fst, const std::string &vcd, std::string &why) {
  void *ctx = fstReaderOpen(fst.c_str());
  if (!ctx) {
    why = fst + ": cannot read the FST waveform to convert it";
    return false;
  }
  FILE *f = std::fopen(vcd.c_str(), "w");
  if (!f) {
    fstReaderClose(ctx);
    why = vcd + ": cannot open the VCD file for writing";
    return false;
  }
  fstReaderProcessHier(ctx, f);  // header: scopes and variables
  fstReaderSetFacProcessMaskAll(ctx);
  fstReaderIterBlocks(ctx, nullptr, nullptr, f);  // value changes, in time order
  fstReaderClose(ctx);
  const bool ok = std::fflush(f) == 0 && !std::ferror(f);
  std::fclose(f);
  if (!ok) {
    why = vcd + ": write error";
    return false;
  }
  std::remove(fst.c_str());
  return true;
}

}  // namespace scord_wave
