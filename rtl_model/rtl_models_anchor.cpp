// rtl_models_anchor.cpp -- gives each library of verilated models (scord_rtl_models here,
// scord_rtl_units and scord_rtl_cov in testbench/) a source of its own; verilate() adds the
// verilated models to it.
namespace scord_rtl_models_anchor {
int anchor = 0;
}
