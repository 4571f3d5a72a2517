// trace.cc -- reader and writer of kernel traces, format v1 (docs/trace-format.md).
// Every malformed line stops the reader with "FILE:LINE: message"; it never guesses.
#include "trace.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "scord/scord.h"
#include "sim_config.h"

uint64_t Kernel::instructions() const {
  uint64_t n = 0;
  for (auto &c : ctas)
    for (auto &w : c)
      for (auto &i : w) n += i.op == Op::ALU ? i.stride : (i.op == Op::DELAY || i.op == Op::SIGNAL || i.op == Op::WAIT) ? 0 : 1;
  return n;
}

namespace {
struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Field {
  std::string key, val;
  bool flag;
};

// Allowed keys per keyword; "!" prefix = required, "?" = bare flag.
struct KwSpec {
  const char *kw;
  std::vector<const char *> keys;
};
const KwSpec kSpecs[] = {
    {"kernel", {"!grid", "!block", "name"}},
    {"cta", {"!id"}},
    {"warp", {"!id"}},
    {"ld", {"addr", "lanes", "stride", "mask", "n", "size", "?volatile", "?async", "dst", "use", "pc", "spin", "count",
            "sem", "scope"}},
    {"st", {"addr", "lanes", "stride", "mask", "n", "size", "?volatile", "use", "pc", "signal", "sem", "scope"}},
    {"atom", {"!op", "!scope", "addr", "lanes", "stride", "mask", "n", "size", "cmp", "val", "old", "dst", "use", "pc",
              "spin", "count", "spin_old", "signal", "sem"}},
    {"fence", {"!scope", "use", "pc", "sem"}},
    {"syncwarp", {"use", "pc"}},
    {"bar", {"use", "pc"}},
    {"alu", {"n", "use", "pc"}},
    {"delay", {"!cycles", "use", "pc"}},
    {"signal", {"!id", "use", "pc"}},
    {"wait", {"!id", "count", "use", "pc"}},
};

struct Reader {
  std::string path;
  unsigned line = 0;
  [[noreturn]] void fail(const std::string &m) { throw ParseError(path + ":" + std::to_string(line) + ": " + m); }

  uint64_t num(const std::string &key, const std::string &v, uint64_t lo = 0, uint64_t hi = UINT64_MAX) {
    uint64_t x;
    if (v.empty()) fail(key + ": missing value");
    if (v[0] == '-') fail(key + "=" + v + ": negative numbers are not allowed");
    if (!parse_u64(v.c_str(), x)) fail(key + "=" + v + ": not an unsigned 64-bit number");
    if (x < lo || x > hi) fail(key + "=" + v + ": out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return x;
  }
  // Calls fn(item) for each comma-separated item of v, in order (an empty item reaches fn,
  // whose num() reports it as a missing value).
  template <class Fn>
  void each_item(const std::string &v, Fn &&fn) {
    size_t s = 0;
    while (true) {
      size_t c = v.find(',', s);
      fn(v.substr(s, c == std::string::npos ? std::string::npos : c - s));
      if (c == std::string::npos) break;
      s = c + 1;
    }
  }
  uint64_t dims(const std::string &key, const std::string &v, uint64_t hi) {
    uint64_t prod = 1;
    size_t start = 0;
    int parts = 0;
    while (true) {
      size_t x = v.find('x', start);
      std::string p = v.substr(start, x == std::string::npos ? std::string::npos : x - start);
      if (++parts > 3) fail(key + "=" + v + ": at most three dimensions");
      uint64_t d = num(key, p, 1, hi);
      prod *= d;
      if (prod > hi) fail(key + "=" + v + ": product exceeds " + std::to_string(hi));
      if (x == std::string::npos) break;
      start = x + 1;
    }
    return prod;
  }
};

int scope_from(const std::string &s) {
  for (int i = 0; i < 3; i++)
    if (s == scord_scope_name[i]) return i;
  return -1;
}
int op_from(const std::string &s) {
  for (int i = 0; i < SCORD_OP_COUNT; i++)
    if (s == scord_op_name[i]) return i;
  return -1;
}
// The `sem=` value v of instruction kw, vector event type ev: a scord_sem the vector format
// allows on that item (scord_sem_valid, the vector reader's table); else fails naming the field.
unsigned sem_from(Reader &r, const std::string &kw, unsigned ev, const std::string &v) {
  for (unsigned s = 1; s < SCORD_SEM_COUNT; s++)
    if (v == scord_sem_name[s] && scord_sem_valid(ev, s)) return s;
  r.fail(kw + ": field 'sem': '" + v + "' is not one of: " + scord_sem_allowed(ev));
}
}  // namespace

bool trace_read(const std::string &path, Workload &w, std::string &err) {
  FILE *f = fopen(path.c_str(), "r");
  if (!f) {
    err = path + ": cannot open: " + strerror(errno);
    return false;
  }
  Reader r{path};
  w = Workload{};
  w.name = path;
  std::vector<char> buf(4098);
  Kernel *k = nullptr;
  std::vector<std::vector<bool>> seen_warp;
  std::vector<bool> seen_cta;
  int64_t cur_cta = -1;
  std::vector<Instr> *cur = nullptr;
  bool header = false;
  try {
    while (true) {
      if (!fgets(buf.data(), (int)buf.size(), f)) {
        if (ferror(f)) r.fail("read error");
        break;
      }
      r.line++;
      size_t len = strlen(buf.data());
      if (len == buf.size() - 1 && buf[len - 1] != '\n') r.fail("line longer than 4095 characters");
      if (len && buf[len - 1] != '\n' && !feof(f)) r.fail("line contains a NUL byte");
      if (len && buf[len - 1] != '\n') r.fail("file ends in the middle of a line (no final newline)");
      char *h = strchr(buf.data(), '#');
      if (h) *h = 0;
      // tokenize
      std::vector<std::string> toks;
      for (char *t = strtok(buf.data(), " \t\r\n"); t; t = strtok(nullptr, " \t\r\n")) toks.emplace_back(t);
      if (toks.empty()) continue;
      if (!header) {
        if (toks.size() != 2 || toks[0] != "scord-trace") r.fail("expected header 'scord-trace 1'");
        if (toks[1] != "1") r.fail("unsupported trace format version '" + toks[1] + "' (this reader knows 1)");
        header = true;
        continue;
      }
      const std::string &kw = toks[0];
      if (kw == "config") {
        if (k) r.fail("config: only allowed before the first kernel");
        if (toks.size() < 2) r.fail("config: needs key=value");
        for (size_t i = 1; i < toks.size(); i++) {
          size_t eq = toks[i].find('=');
          if (eq == std::string::npos || eq == 0) r.fail("config: expected key=value, got '" + toks[i] + "'");
          SimConfig probe;
          std::string e;
          if (!sim_config_set(probe, toks[i].substr(0, eq), toks[i].substr(eq + 1), e)) r.fail("config: " + e);
          w.config.emplace_back(toks[i].substr(0, eq), toks[i].substr(eq + 1));
        }
        continue;
      }
      const KwSpec *spec = nullptr;
      for (auto &s : kSpecs)
        if (kw == s.kw) spec = &s;
      if (!spec) r.fail("unknown keyword '" + kw + "'");
      // fields
      std::vector<Field> fields;
      for (size_t i = 1; i < toks.size(); i++) {
        size_t eq = toks[i].find('=');
        Field fd{eq == std::string::npos ? toks[i] : toks[i].substr(0, eq),
                 eq == std::string::npos ? "" : toks[i].substr(eq + 1), eq == std::string::npos};
        const char *match = nullptr;
        for (const char *key : spec->keys) {
          const char *kname = (key[0] == '!' || key[0] == '?') ? key + 1 : key;
          if (fd.key == kname) match = key;
        }
        if (!match) r.fail(kw + ": unknown key '" + fd.key + "'");
        if (match[0] == '?' && !fd.flag) r.fail(kw + ": '" + fd.key + "' is a flag and takes no value");
        if (match[0] != '?' && fd.flag) r.fail(kw + ": '" + fd.key + "' needs a value (" + fd.key + "=...)");
        for (auto &o : fields)
          if (o.key == fd.key) r.fail(kw + ": key '" + fd.key + "' given twice");
        fields.push_back(fd);
      }
      for (const char *key : spec->keys) {
        if (key[0] != '!') continue;
        bool have = false;
        for (auto &fd : fields)
          if (fd.key == key + 1) have = true;
        if (!have) r.fail(kw + ": missing required key '" + std::string(key + 1) + "'");
      }
      auto get = [&](const char *key) -> const Field * {
        for (auto &fd : fields)
          if (fd.key == key) return &fd;
        return nullptr;
      };
      if (kw == "kernel") {
        w.kernels.emplace_back();
        k = &w.kernels.back();
        k->grid = r.dims("grid", get("grid")->val, 1u << 24);
        k->threads = (uint32_t)r.dims("block", get("block")->val, 1024);
        k->warps_per_cta = (k->threads + 31) / 32;
        k->name = get("name") ? get("name")->val : "kernel" + std::to_string(w.kernels.size() - 1);
        if (k->name.empty()) r.fail("kernel: name is empty");
        k->ctas.assign(k->grid, std::vector<std::vector<Instr>>(k->warps_per_cta));
        seen_cta.assign(k->grid, false);
        seen_warp.assign(k->grid, {});
        cur_cta = -1;
        cur = nullptr;
        continue;
      }
      if (!k) r.fail(kw + ": before the first kernel line");
      if (kw == "cta") {
        uint64_t id = r.num("id", get("id")->val, 0, k->grid - 1);
        if (seen_cta[id]) r.fail("cta: CTA " + std::to_string(id) + " already opened in this kernel");
        seen_cta[id] = true;
        seen_warp[id].assign(k->warps_per_cta, false);
        cur_cta = (int64_t)id;
        cur = nullptr;
        continue;
      }
      if (kw == "warp") {
        if (cur_cta < 0) r.fail("warp: no cta line opened before it");
        uint64_t id = r.num("id", get("id")->val, 0, k->warps_per_cta - 1);
        if (seen_warp[cur_cta][id]) r.fail("warp: warp " + std::to_string(id) + " already opened in this CTA");
        seen_warp[cur_cta][id] = true;
        cur = &k->ctas[cur_cta][id];
        continue;
      }
      if (!cur) r.fail(kw + ": instruction outside a warp (no warp line before it)");
      Instr in;
      in.line = r.line;
      if (auto *p = get("pc")) in.pc = r.num("pc", p->val);
      if (kw == "ld" || kw == "st" || kw == "atom") {
        in.op = kw == "ld" ? Op::LD : kw == "st" ? Op::ST : Op::ATOM;
        if (auto *p = get("size")) {
          uint64_t s = r.num("size", p->val, 1, 16);
          if (s != 1 && s != 2 && s != 4 && s != 8 && s != 16) r.fail("size=" + p->val + ": must be 1, 2, 4, 8 or 16");
          if (in.op == Op::ATOM && s != 4) r.fail("size=" + p->val + ": atomics are 4 bytes");
          in.size = (uint8_t)s;
        }
        const Field *pa = get("addr"), *pl = get("lanes");
        if (!pa && !pl) r.fail(kw + ": needs addr or lanes");
        if (pa && pl) r.fail(kw + ": give addr or lanes, not both");
        unsigned active = 0;
        if (pa) {
          in.addr = r.num("addr", pa->val);
          in.stride = get("stride") ? r.num("stride", get("stride")->val) : in.size;
          if (get("mask") && get("n")) r.fail(kw + ": give mask or n, not both");
          in.mask = 1;
          if (auto *p = get("mask")) in.mask = (uint32_t)r.num("mask", p->val, 1, 0xffffffffu);
          if (auto *p = get("n")) {
            uint64_t n = r.num("n", p->val, 1, 32);
            in.mask = n == 32 ? 0xffffffffu : (uint32_t)((1u << n) - 1);
          }
          active = (unsigned)__builtin_popcount(in.mask);
          uint64_t top = in.addr + (uint64_t)(31 - __builtin_clz(in.mask)) * in.stride;
          if (in.stride && (top - in.addr) / in.stride != (uint64_t)(31 - __builtin_clz(in.mask))) r.fail(kw + ": lane addresses overflow 64 bits");
          for (unsigned l = 0; l < 32; l++)
            if (in.mask >> l & 1) {
              uint64_t a = in.addr + l * in.stride;
              if (a % in.size) r.fail(kw + ": lane " + std::to_string(l) + " address is not aligned to size=" + std::to_string(in.size));
            }
        } else {
          if (get("stride") || get("mask") || get("n")) r.fail(kw + ": stride, mask and n go with addr, not lanes");
          in.flags |= IF_LANES;
          in.lanes_off = (uint32_t)k->lane_pool.size();
          r.each_item(pl->val, [&](const std::string &part) {
            if (++active > 32) r.fail("lanes: more than 32 addresses");
            uint64_t a = r.num("lanes", part);
            if (a % in.size) r.fail("lanes: address " + part + " is not aligned to size=" + std::to_string(in.size));
            k->lane_pool.push_back(a);
          });
          in.nlanes = (uint8_t)active;
        }
        if (get("volatile")) in.flags |= IF_VOLATILE;
        if (get("async")) in.flags |= IF_ASYNC;
        if (auto *p = get("dst")) {
          if (get("async")) r.fail(kw + ": give dst or async, not both (a dst load waits at the first use of its register)");
          in.dst = (uint8_t)r.num("dst", p->val, 0, kTraceRegs - 1);
        }
        if (const Field *pm = get("sem"))
          instr_set_sem(in, sem_from(r, kw, in.op == Op::LD ? SCORD_EV_LD : in.op == Op::ST ? SCORD_EV_ST : SCORD_EV_ATOM,
                                     pm->val));
        if (in.op != Op::ATOM) {
          // An ordered ld/st is an atomic load or store of its scope (vectors.md section 2).
          if (!get("sem") != !get("scope")) r.fail(kw + ": fields 'sem' and 'scope' go together (an ordered access has a scope)");
          if (const Field *pc = get("scope")) {
            int sc = scope_from(pc->val);
            if (sc < 0) r.fail("scope=" + pc->val + ": expected cta, gpu or sys");
            in.scope = (uint8_t)sc;
          }
        }
        if (scord_sem_acquires(instr_sem(in)) && get("async"))
          r.fail(kw + ": an acquire cannot be async (its warp waits for its value)");
        if (in.op == Op::ATOM) {
          int sc = scope_from(get("scope")->val);
          if (sc < 0) r.fail("scope=" + get("scope")->val + ": expected cta, gpu or sys");
          int op = op_from(get("op")->val);
          if (op < 0) r.fail("op=" + get("op")->val + ": expected cas exch add sub min max inc dec and or xor");
          in.scope = (uint8_t)sc;
          in.aop = (uint8_t)op;
          if (auto *p = get("cmp")) {
            if (op != SCORD_OP_CAS) r.fail("cmp: only a cas has a compare operand");
            in.cmp = (uint32_t)r.num("cmp", p->val, 0, 0xffffffffu);
            in.flags |= IF_HAS_CMP;
          }
          if (auto *p = get("val")) { in.val = (uint32_t)r.num("val", p->val, 0, 0xffffffffu); in.flags |= IF_HAS_VAL; }
          if (auto *p = get("old")) {
            in.flags |= IF_HAS_OLD;
            if (p->val.find(',') == std::string::npos) {
              in.old = (uint32_t)r.num("old", p->val, 0, 0xffffffffu);
            } else {
              in.flags |= IF_OLD_LIST;
              in.old_off = (uint32_t)k->old_pool.size();
              unsigned cnt = 0;
              r.each_item(p->val, [&](const std::string &part) {
                k->old_pool.push_back((uint32_t)r.num("old", part, 0, 0xffffffffu));
                cnt++;
              });
              if (cnt != active) r.fail("old: " + std::to_string(cnt) + " values for " + std::to_string(active) + " active lanes");
            }
          }
        }
        if (const Field *ps = get("spin")) {
          // A polling access (trace-format.md "Spins"): repeated until counter `spin` reaches
          // `count`; it must be volatile or atomic (a cached load would poll the L1).
          if (in.op == Op::LD && !get("volatile") && !get("sem")) r.fail("spin: a polling ld must be volatile or ordered (sem=)");
          if (get("async")) r.fail("spin: a polling ld cannot be async (its value decides the next attempt)");
          Spin sp;
          sp.id = r.num("spin", ps->val);
          sp.count = get("count") ? r.num("count", get("count")->val, 1, UINT64_MAX) : 1;
          if (in.op == Op::ATOM) {
            if (in.flags & IF_OLD_LIST) r.fail("spin: a polling atomic has one old value, not a list");
            // A failed try returns what the winner left: for a cas its `val` (the lock taken).
            sp.fail_old = in.aop == SCORD_OP_CAS ? in.val : in.old;
            if (auto *p = get("spin_old")) sp.fail_old = (uint32_t)r.num("spin_old", p->val, 0, 0xffffffffu);
          }
          in.flags |= IF_SPIN;
          in.spin_off = (uint32_t)k->spin_pool.size();
          k->spin_pool.push_back(sp);
        } else if (get("count") || get("spin_old")) {
          r.fail(std::string(get("count") ? "count" : "spin_old") + ": goes with spin=");
        }
        if (const Field *pg = get("signal")) {
          // A releasing store or atomic (trace-format.md "Signals on a release"): counter
          // `signal` grows at the cycle the L2 performs it.
          if (in.flags & IF_SPIN) r.fail("signal: a polling access cannot also signal (give the signal to the release)");
          in.flags |= IF_SIGNAL;
          in.spin_off = (uint32_t)k->signal_pool.size();
          k->signal_pool.push_back(r.num("signal", pg->val));
        }
      } else if (kw == "fence") {
        in.op = Op::FENCE;
        int sc = scope_from(get("scope")->val);
        if (sc < 0) r.fail("scope=" + get("scope")->val + ": expected cta, gpu or sys");
        in.scope = (uint8_t)sc;
        if (const Field *pm = get("sem")) instr_set_sem(in, sem_from(r, kw, SCORD_EV_FENCE, pm->val));
      } else if (kw == "syncwarp") {
        in.op = Op::SYNCWARP;
      } else if (kw == "bar") {
        in.op = Op::BAR;
      } else if (kw == "alu") {
        in.op = Op::ALU;
        in.stride = get("n") ? r.num("n", get("n")->val, 1, 1u << 20) : 1;
      } else if (kw == "delay") {
        in.op = Op::DELAY;
        in.stride = r.num("cycles", get("cycles")->val, 0, 1u << 30);
      } else if (kw == "signal") {
        in.op = Op::SIGNAL;
        in.addr = r.num("id", get("id")->val);
      } else if (kw == "wait") {
        in.op = Op::WAIT;
        in.addr = r.num("id", get("id")->val);
        in.stride = get("count") ? r.num("count", get("count")->val, 1, UINT64_MAX) : 1;
      }
      if (auto *p = get("use")) {
        r.each_item(p->val, [&](const std::string &part) {
          uint64_t reg = r.num("use", part, 0, kTraceRegs - 1);
          if (in.uses >> reg & 1) r.fail("use: register " + std::to_string(reg) + " listed twice");
          in.uses |= 1ull << reg;
        });
      }
      cur->push_back(in);
    }
    if (!header) r.fail("empty file: expected header 'scord-trace 1'");
    if (w.kernels.empty()) r.fail("no kernel line in the trace");
  } catch (const ParseError &e) {
    err = e.what();
    fclose(f);
    return false;
  }
  fclose(f);
  return true;
}

bool trace_check(const Workload &w, const scord_params &p, std::string &err) {
  const uint64_t amax = p.addr_bits >= 64 ? UINT64_MAX : ((1ull << p.addr_bits) - 1);
  // The v2.0 items a run without their rules would not apply (the earliest line of each class).
  uint32_t v2_line = UINT32_MAX;
  std::string v2_what;
  for (auto &k : w.kernels) {
    if (k.warps_per_cta > p.warps_per_sm) {
      err = w.name + ": kernel " + k.name + ": " + std::to_string(k.warps_per_cta) + " warps per CTA exceed warps_per_sm=" +
            std::to_string(p.warps_per_sm);
      return false;
    }
    for (auto &c : k.ctas)
      for (auto &wp : c)
        for (auto &in : wp) {
          if (in.line < v2_line) {
            const unsigned sem = instr_sem(in);
            const char *kw = in.op == Op::LD ? "ld" : in.op == Op::ST ? "st" : in.op == Op::ATOM ? "atom" : "fence";
            if (in.op == Op::SYNCWARP && p.spec_version < 2) {
              v2_line = in.line;
              v2_what = "'syncwarp' needs spec_version=2 (this run: spec_version=" + std::to_string(p.spec_version) + ")";
            } else if (sem && p.spec_version < 2) {
              v2_line = in.line;
              v2_what = std::string(kw) + ": field 'sem' needs spec_version=2 (this run: spec_version=" +
                        std::to_string(p.spec_version) + ")";
            } else if (sem && !scord_v2_acq_rel(&p)) {
              v2_line = in.line;
              v2_what = std::string(kw) + ": field 'sem' needs acq_rel=1 (this run: acq_rel=0)";
            }
          }
          if (in.op != Op::LD && in.op != Op::ST && in.op != Op::ATOM) continue;
          uint64_t hi = 0;
          if (in.flags & IF_LANES) {
            for (unsigned l = 0; l < in.nlanes; l++) hi = std::max(hi, k.lane_pool[in.lanes_off + l]);
          } else {
            hi = in.addr + (uint64_t)(31 - __builtin_clz(in.mask)) * in.stride;
          }
          if (hi + in.size - 1 > amax || hi + in.size - 1 < hi) {
            err = w.name + ":" + std::to_string(in.line) + ": lane address beyond addr_bits=" + std::to_string(p.addr_bits);
            return false;
          }
        }
  }
  if (v2_line != UINT32_MAX) {
    err = w.name + ":" + std::to_string(v2_line) + ": " + v2_what;
    return false;
  }
  return true;
}

bool trace_write(const std::string &path, const Workload &w, std::string &err) {
  FILE *f = fopen(path.c_str(), "w");
  if (!f) {
    err = path + ": cannot open for writing: " + strerror(errno);
    return false;
  }
  fprintf(f, "scord-trace 1\n# %s\n", w.name.c_str());
  for (auto &c : w.config) fprintf(f, "config %s=%s\n", c.first.c_str(), c.second.c_str());
  for (auto &k : w.kernels) {
    fprintf(f, "kernel name=%s grid=%" PRIu64 " block=%u\n", k.name.c_str(), k.grid, k.threads);
    for (size_t c = 0; c < k.ctas.size(); c++) {
      fprintf(f, "cta id=%zu\n", c);
      for (size_t wi = 0; wi < k.ctas[c].size(); wi++) {
        if (k.ctas[c][wi].empty()) continue;
        fprintf(f, "warp id=%zu\n", wi);
        for (auto &in : k.ctas[c][wi]) {
          switch (in.op) {
          case Op::LD: case Op::ST: case Op::ATOM: {
            fputs(in.op == Op::LD ? "ld" : in.op == Op::ST ? "st" : "atom", f);
            if (in.op == Op::ATOM) fprintf(f, " op=%s scope=%s", scord_op_name[in.aop], scord_scope_name[in.scope]);
            if (instr_sem(in)) fprintf(f, " sem=%s", scord_sem_name[instr_sem(in)]);
            if (instr_sem(in) && in.op != Op::ATOM) fprintf(f, " scope=%s", scord_scope_name[in.scope]);
            if (in.flags & IF_LANES) {
              fputs(" lanes=", f);
              for (unsigned l = 0; l < in.nlanes; l++) fprintf(f, "%s0x%" PRIx64, l ? "," : "", k.lane_pool[in.lanes_off + l]);
            } else {
              fprintf(f, " addr=0x%" PRIx64, in.addr);
              if (in.mask != 1) fprintf(f, " mask=0x%x", in.mask);
              if (in.stride != in.size) fprintf(f, " stride=%" PRIu64, in.stride);
            }
            if (in.size != 4) fprintf(f, " size=%u", in.size);
            if (in.flags & IF_VOLATILE) fputs(" volatile", f);
            if (in.flags & IF_ASYNC) fputs(" async", f);
            if (in.flags & IF_HAS_CMP) fprintf(f, " cmp=%u", in.cmp);
            if (in.flags & IF_HAS_VAL) fprintf(f, " val=%u", in.val);
            if (in.flags & IF_HAS_OLD) {
              if (in.flags & IF_OLD_LIST) {
                unsigned n = (in.flags & IF_LANES) ? in.nlanes : (unsigned)__builtin_popcount(in.mask);
                fputs(" old=", f);
                for (unsigned l = 0; l < n; l++) fprintf(f, "%s%u", l ? "," : "", k.old_pool[in.old_off + l]);
              } else {
                fprintf(f, " old=%u", in.old);
              }
            }
            if (in.flags & IF_SPIN) {
              const Spin &sp = k.spin_pool[in.spin_off];
              fprintf(f, " spin=%" PRIu64 " count=%" PRIu64, sp.id, sp.count);
              if (in.op == Op::ATOM) fprintf(f, " spin_old=%u", sp.fail_old);
            }
            if (in.flags & IF_SIGNAL) fprintf(f, " signal=%" PRIu64, k.signal_pool[in.spin_off]);
            break;
          }
          case Op::FENCE:
            fprintf(f, "fence scope=%s", scord_scope_name[in.scope]);
            if (instr_sem(in)) fprintf(f, " sem=%s", scord_sem_name[instr_sem(in)]);
            break;
          case Op::SYNCWARP: fputs("syncwarp", f); break;
          case Op::BAR: fputs("bar", f); break;
          case Op::ALU: fprintf(f, "alu n=%" PRIu64, in.stride); break;
          case Op::DELAY: fprintf(f, "delay cycles=%" PRIu64, in.stride); break;
          case Op::SIGNAL: fprintf(f, "signal id=%" PRIu64, in.addr); break;
          case Op::WAIT: fprintf(f, "wait id=%" PRIu64 " count=%" PRIu64, in.addr, in.stride); break;
          }
          if (in.dst != kNoReg) fprintf(f, " dst=%u", in.dst);
          for (unsigned reg = 0, first = 1; reg < kTraceRegs; reg++)
            if (in.uses >> reg & 1) {
              fprintf(f, "%s%u", first ? " use=" : ",", reg);
              first = 0;
            }
          if (in.pc) fprintf(f, " pc=0x%" PRIx64, in.pc);
          fputc('\n', f);
        }
      }
    }
  }
  if (fclose(f) != 0) {
    err = path + ": write error";
    return false;
  }
  return true;
}
