// sim_error.cc -- the stop flag of sim_error.h: set by the program's signal handler (main.cc),
// polled by simulation code (SMs, RTL engines), so neither depends on the other.
#include "sim_error.h"

#include <csignal>

namespace {
volatile sig_atomic_t g_stop = 0;
}  // namespace
void sim_request_stop() { g_stop = 1; }
bool sim_stop_requested() { return g_stop != 0; }
