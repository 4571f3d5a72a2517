// engine_stub.cc -- make_engine() for a build without Verilator or without the RTL
// (SCORD_WITH_RTL=OFF): only the C model is available; rtl and both are refused clearly.
#include "detector_engine.h"

bool engine_supported(const std::string &name, const scord_params &, std::string &why) {
  if (name == "ref") return true;
  why = "--detector=" + name + ": this scord-sim was built without the Verilated RTL (SCORD_WITH_RTL=OFF or no "
        "Verilator); only --detector=ref and off are available";
  return false;
}

std::unique_ptr<DetectorEngine> make_engine(const std::string &name, const scord_params &p, const EngineOpts &,
                                            std::string &why) {
  if (!engine_supported(name, p, why)) return nullptr;
  return make_ref_engine(p);
}
