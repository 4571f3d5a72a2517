// sim_error.h -- how simulation code reports that a run cannot go on (docs/tlm.md "Errors"):
// it throws SimError, which carries the program's exit status and the whole report; it never
// exits the process itself.  An SC_THREAD hands the exception to its host (CtaScheduler::fail),
// which stops SystemC; run_sim() rethrows it after sc_start() and turns it into its return
// code and message, after every waveform has been closed by its owner's destructor.
//
// Interrupts: only the program (main.cc) installs signal handlers; they call
// sim_request_stop(), and simulation code polls sim_stop_requested() at points where it can
// stop cleanly (each quantum of an SM, each clock of an RTL engine) and throws
// SimError(kExitInterrupted, ...).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

// Exit statuses of scord-sim (docs/tlm.md): 1 a model failed (co-simulation divergence, RTL
// hang), 2 an input error found while running (a wait no signal satisfies), 130 interrupted.
constexpr int kExitModel = 1, kExitInput = 2, kExitInterrupted = 130;

struct SimError : std::runtime_error {
  int status;  // the program's exit status
  SimError(int s, const std::string &report) : std::runtime_error(report), status(s) {}
};

// A multi-line report written with stdio by write(FILE *) (which may call scord_event_write
// and the like), as a string for a SimError; "" when no memory stream can be opened.
template <class Fn>
std::string report_text(Fn &&write) {
  char *buf = nullptr;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return std::string();
  write(f);
  fclose(f);
  std::string s(buf, len);
  free(buf);
  return s;
}

// Async-signal-safe: sets the flag simulation code polls.
void sim_request_stop();
bool sim_stop_requested();
