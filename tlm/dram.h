// dram.h -- a time-ordered GDDR5 channel controller (docs/dram.md): per-bank state machines
// (activate, read, write, precharge), bank groups, read/write turnaround, and an FR-FCFS
// scheduler (row hits first, then the oldest request) over a queue of `queue` entries that a
// request enters at the cycle it arrives (or, the queue full, when an entry frees).  One command
// per cycle on the command bus.  All times are DRAM command-clock cycles.  No SystemC: the
// TLM's DramChannel (memsys.h) wraps it, the calibration and tests drive it directly.
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

// The timing of one channel (docs/dram.md "Timing"; names as in GDDR5 data sheets).
struct DramTiming {
  unsigned banks = 16, groups = 1;  // bank b is in group b % groups
  unsigned queue = 16;              // scheduler queue entries
  unsigned atoms = 1;               // column commands per request (line / atom bytes)
  unsigned burst = 8;               // data-bus cycles per column command
  unsigned ccd = 0, ccdl = 0;       // column to column: any bank / same bank group
  unsigned rrd = 6, rcd = 12, ras = 28, rp = 12, rc = 40;
  unsigned cl = 12, wl = 12;        // read / write command to its data
  unsigned cdlr = 0;                // last write data to a read command
  unsigned wr = 0;                  // last write data to precharge
  unsigned rtpl = 0;                // read command to precharge, same bank group
  unsigned turnaround = 0;          // bus cycles between a read's data and a write's
};

struct DramReq {
  uint64_t id = 0;      // the caller's tag
  uint64_t arrive = 0;  // cycle it reaches the scheduler
  uint32_t bank = 0, row = 0;
  bool write = false;
  bool md = false;      // detector metadata (statistics only: what fills the queue)
};

// When a request was served: the cycle it entered the queue, its last column command (it
// leaves the queue then) and the end of its last data burst.
struct DramDone {
  uint64_t id = 0, admitted = 0, last_col = 0, data_end = 0;
};

// A command as issued (the command log of tests/dram_test.cc).
struct DramCmd {
  enum Kind : uint8_t { ACT, PRE, RD, WR } kind;
  uint64_t cycle;
  uint32_t bank, row;
  uint64_t id;  // the request it serves
};

class DramCtrl {
 public:
  explicit DramCtrl(const DramTiming &t);
  // A request; its arrival must not lie before a cycle already run (advance's `until`).
  void push(const DramReq &r);
  // Run every cycle before `until`: the commands of those cycles are final.
  void advance(uint64_t until);
  // Run until the queue and the arrivals are empty.
  void drain() { advance(UINT64_MAX); }
  // What the controller would do with the requests it has: request `id` (pushed, not yet
  // in the queue) served as if no other request arrived; `admit_only`: stop once it has
  // entered the queue (data_end and last_col then 0).  The state is not changed.
  // A forecast starts from the latest saved state that still has the request waiting for
  // the queue, runs to its arrival and then to its admission, saving the state at each, then
  // runs on to its service.  A saved state stays what the controller would do while every
  // later arrival can only enter the queue after it (push drops the others): behind a long
  // backlog a forecast runs from the previous request's admission, not through the backlog.
  DramDone forecast(uint64_t id, uint64_t arrive, bool admit_only);

  // Statistics of the cycles run (advance, drain; a forecast records none).
  struct Stats {
    uint64_t served = 0, acts = 0, busy = 0;  // requests served, activates, data-bus cycles
    uint64_t first_admit = UINT64_MAX, last_data = 0;
    uint64_t acc = 0;                         // cycles before this are in win_full
    // Per kWin-cycle window: data-bus cycles in it, and a bit per cycle the queue was full.
    std::vector<uint16_t> win_busy;
    std::vector<uint64_t> win_full;
    // Per window, summed over its cycles with the queue full, what the queue held: distinct
    // banks, distinct rows (bank and row), metadata requests, writes (docs/dram.md).
    std::vector<uint32_t> win_full_banks, win_full_rows, win_full_md, win_full_writes;
  };
  const Stats &stats() const { return stats_; }
  // Served requests (kept when keep_done is set), issued commands (kept when keep_log is set).
  bool keep_done = false, keep_log = false;
  std::vector<DramDone> done;
  std::vector<DramCmd> log;
  static constexpr uint64_t kWin = 64;

 private:
  struct Entry {
    DramReq r;
    uint64_t admitted;
    unsigned atoms_done;
  };
  struct Bank {
    bool open = false;
    uint32_t row = 0;
    uint64_t act_ok = 0, pre_ok = 0, col_ok = 0;
  };
  // The state a forecast copies (no statistics).
  struct State {
    explicit State(const DramTiming &t) : banks(t.banks), group_col_ok(t.groups, 0) {}
    uint64_t now = 0;                // next cycle to decide
    std::deque<DramReq> pending;     // not yet in the queue, by arrival
    std::vector<Entry> q;            // the queue, oldest first
    std::vector<Bank> banks;
    std::vector<uint64_t> group_col_ok;
    uint64_t col_ok = 0, act_ok = 0;      // CCD, RRD
    uint64_t rd_ok = 0, wr_ok = 0;        // turnaround: earliest read / write command
    uint64_t bus_free = 0;                // end of the last data burst
    uint64_t admit_ok = 0;                // a freed entry is taken from the next cycle
    // The latest admission: its cycle and the request's arrival (admission is in arrival
    // order, so every later arrival enters after it).
    uint64_t last_adm = UINT64_MAX, last_adm_arrive = 0;
  };
  // Whether a request arriving at `arrive` (pushed after every request s holds) leaves s what
  // the controller would do: it cannot have entered the queue before s.now.
  static bool still_valid(const State &s, uint64_t arrive);
  static bool is_pending(const State &s, uint64_t id);
  struct Stop {
    uint64_t id;
    bool admit_only;
    DramDone out;
    bool met = false;
  };
  // Run the cycles before `until` on s; statistics into rec (nullptr: none); returns early
  // once `stop` is met.
  void run(State &s, uint64_t until, Stats *rec, Stop *stop, std::vector<DramDone> *done,
           std::vector<DramCmd> *log) const;
  const DramTiming t_;
  State st_;
  Stats stats_;
  std::vector<State> snaps_;  // forecast states, by cycle (each at or after st_)
  void save(const State &s);
  static constexpr size_t kSnaps = 16;
};
