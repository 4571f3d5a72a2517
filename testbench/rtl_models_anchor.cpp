// rtl_models_anchor.cpp -- gives each library of verilated models (scord_rtl_models,
// scord_rtl_units, scord_rtl_top_*) a source of its own; the verilated variants are added to it
// by verilate() in testbench/CMakeLists.txt.
namespace scord_rtl_models_anchor {
int anchor = 0;
}
