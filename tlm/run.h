// run.h -- one simulation run of the TLM GPU model: build the modules for a configuration and
// a workload, run SystemC to the end, return statistics and races. SystemC allows one
// elaboration per process, so --compare-off runs each configuration in a child process.
#pragma once
#include <string>
#include <vector>

#include "scord/scord.h"
#include "sim_config.h"
#include "stats.h"
#include "trace.h"

// Returns 0 on success, else the exit status with the message in err: 2 an input/usage error,
// or a SimError's status (sim_error.h: 1 a model failed, 130 interrupted).  The engine, and
// with it any waveform, is closed before it returns.
int run_sim(const SimConfig &c, const Workload &w, Stats &st, std::vector<scord_race> &races, std::string &err);
// Fork, run `c` in the child, and return its statistics (races counted only). 0 on success.
int run_sim_forked(const SimConfig &c, const Workload &w, Stats &st, std::string &err);
// Print the statistics block ("name value" lines).
void print_stats(FILE *f, const SimConfig &c, const Stats &st);
