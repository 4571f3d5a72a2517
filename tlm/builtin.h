// builtin.h -- built-in workloads of scord-sim (docs/tlm.md "Built-in workloads"): `default`
// (locks, fences, atomics, barriers and three injected races), and synthetic memory behaviours
// used by the tests, the figures and the benchmark: `stream`, `atomics`, `gather`, `vecadd`.
#pragma once
#include <cstdint>
#include <string>

#include "sim_config.h"
#include "trace.h"

// Names accepted by --workload, comma-separated, for --help (the applications' from scord-gen's table).
std::string builtin_names();
// Build workload `name` at size `scale` with `seed`; false with err for an unknown name.
bool builtin_workload(const std::string &name, const SimConfig &c, Workload &w, std::string &err);
// A calibration workload's measured work per unit of `scale` (docs/tlm.md "Calibration"): loads
// (calib_l1, calib_l2, calib_dram), bytes (calib_bw*), atomic lanes (calib_atom*); 0 for others.
uint64_t calib_unit(const std::string &name, const SimConfig &c);
