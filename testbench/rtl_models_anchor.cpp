// rtl_models_anchor.cpp -- gives the scord_rtl_models library a source of its own; the
// verilated variants are added to it by verilate() in testbench/CMakeLists.txt.
namespace scord_rtl_models_anchor {
int anchor = 0;
}
