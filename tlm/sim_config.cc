// sim_config.cc -- parameter table, command-line / config-file setting and printing for
// scord-sim (see sim_config.h).
#include "sim_config.h"

#include "apps.h"

#include "detector_engine.h"

#include <cerrno>
#include <cstring>

namespace {
struct SimParamInfo {
  const char *key;
  uint64_t def, lo, hi;
  const char *doc;
};
const SimParamInfo kSimParams[] = {
#define SIMCFG_INFO(n, d, lo, hi, doc) {#n, (uint64_t)(d), (uint64_t)(lo), (uint64_t)(hi), doc},
    SIM_PARAM_LIST(SIMCFG_INFO)
#undef SIMCFG_INFO
};
uint64_t *sim_field(SimConfig &c, size_t i) {
  uint64_t *fields[] = {
#define SIMCFG_PTR(n, d, lo, hi, doc) &c.n,
      SIM_PARAM_LIST(SIMCFG_PTR)
#undef SIMCFG_PTR
  };
  return fields[i];
}
const size_t kNumSim = sizeof(kSimParams) / sizeof(kSimParams[0]);
}  // namespace

SimConfig::SimConfig() { scord_params_default(&det); }

bool parse_u64(const char *s, uint64_t &out) { return scord_parse_u64(s, &out) == 0; }

std::string join_names(const char *const *names, int n, const char *sep) {
  std::string s;
  for (int i = 0; i < n; i++) s += (i ? sep : "") + std::string(names[i]);
  return s;
}

static bool parse_bool(const std::string &v, bool &out) {
  if (v == "1" || v == "on" || v == "yes" || v == "true" || v.empty()) { out = true; return true; }
  if (v == "0" || v == "off" || v == "no" || v == "false") { out = false; return true; }
  return false;
}

bool sim_config_set(SimConfig &c, const std::string &key_in, const std::string &value, std::string &err) {
  std::string key = key_in;
  for (char &ch : key)
    if (ch == '-') ch = '_';
  for (size_t i = 0; i < kNumSim; i++) {
    if (key != kSimParams[i].key) continue;
    uint64_t v;
    if (!parse_u64(value.c_str(), v)) { err = key + ": '" + value + "' is not an unsigned number"; return false; }
    if (v < kSimParams[i].lo || v > kSimParams[i].hi) {
      err = key + "=" + value + " out of range [" + std::to_string(kSimParams[i].lo) + ", " +
            std::to_string(kSimParams[i].hi) + "]";
      return false;
    }
    *sim_field(c, i) = v;
    return true;
  }
  bool b;
  if (key == "detector") {
    if (value != "off" && value != "ref" && !engine_is_rtl(value)) {
      err = "detector: '" + value + "' is not one of off, ref, rtl, both";
      return false;
    }
    c.detector = value;
    return true;
  }
  if (key == "detector_timing") {
    if (value != "ideal" && value != "model") {
      err = "detector-timing: '" + value + "' is not one of ideal, model";
      return false;
    }
    c.detector_timing = value;
    return true;
  }
  if (key == "det_placement") {
    if (value != "central" && value != "l2") {
      err = "det-placement: '" + value + "' is not one of central, l2";
      return false;
    }
    c.det_placement = value;
    return true;
  }
  if (key == "workload") { c.workload = value; return true; }
  if (key == "size") {  // an application's size (scord-gen --size)
    c.size = gen_size_parse(value.c_str());
    if (c.size < 0) {
      c.size = GEN_SMALL;
      err = "size: '" + value + "' is not one of " + join_names(gen_size_name, GEN_NSIZES, ", ");
      return false;
    }
    return true;
  }
  if (key == "inject") { c.inject = value; return true; }  // checked against the application
  if (key == "dump_vectors") { c.dump_vectors = value; return true; }
  if (key == "progress") {
    if (!parse_bool(value, b)) { err = "progress: expected 0 or 1"; return false; }
    c.progress = b;
    return true;
  }
  char e[256];
  if (scord_params_set(&c.det, key.c_str(), value.c_str(), e, sizeof e) == 0) return true;
  // scord_params_set names the key itself; only say "unknown" when no table has it.
  bool known = false;
  for (int i = 0; i < SCORD_P_COUNT; i++)
    if (key == scord_param_table[i].key) known = true;
  err = known ? std::string(e) : ("unknown parameter '" + key_in + "' (see scord-sim --help)");
  return false;
}

bool sim_config_load(SimConfig &c, const std::string &path_in, std::string &err) {
  std::string path = path_in;
  FILE *f = fopen(path.c_str(), "r");
  const char *preset = f ? nullptr : sim_preset_text(path);
  if (preset) {
    f = fmemopen(const_cast<char *>(preset), strlen(preset), "r");
    path = "tlm/configs/" + path + ".cfg";
  }
  if (!f) { err = path + ": cannot open: " + strerror(errno) + " (and no preset of that name: scord-isca20)"; return false; }
  char buf[4096];
  unsigned line = 0;
  while (fgets(buf, sizeof buf, f)) {
    line++;
    char *h = strchr(buf, '#');
    if (h) *h = 0;
    char *tok = strtok(buf, " \t\r\n");
    for (; tok; tok = strtok(nullptr, " \t\r\n")) {
      const char *eq = strchr(tok, '=');
      if (!eq) { err = path + ":" + std::to_string(line) + ": expected key=value, got '" + tok + "'"; fclose(f); return false; }
      std::string e;
      if (!sim_config_set(c, std::string(tok, eq - tok), eq + 1, e)) {
        err = path + ":" + std::to_string(line) + ": " + e;
        fclose(f);
        return false;
      }
    }
  }
  fclose(f);
  return true;
}

bool sim_config_finalize(SimConfig &c, std::string &err) {
  char e[256];
  if (scord_params_finalize(&c.det, e, sizeof e) != 0) { err = e; return false; }
  auto pow2 = [](uint64_t v) { return v && !(v & (v - 1)); };
  if (!pow2(c.line_bytes)) { err = "line_bytes must be a power of two"; return false; }
  if (!pow2(c.det_pred_sets)) { err = "det_pred_sets must be a power of two"; return false; }
  uint64_t l1_sets = c.l1_bytes / (c.line_bytes * c.l1_ways);
  if (l1_sets == 0 || l1_sets * c.line_bytes * c.l1_ways != c.l1_bytes) {
    err = "l1_bytes must be a multiple of line_bytes*l1_ways";
    return false;
  }
  uint64_t per = c.line_bytes * c.l2_ways * c.l2_slices();
  if (c.l2_bytes % per || c.l2_bytes / per == 0) {
    err = "l2_bytes must be a multiple of line_bytes*l2_ways*channels*l2_subparts";
    return false;
  }
  if (c.addr_map == 1 && (c.dram_banks != 16 || c.l2_subparts > 2 || c.line_bytes > 256)) {
    err = "addr_map=1 (the authors' mapping) needs dram_banks=16, l2_subparts 1 or 2 and line_bytes <= 256";
    return false;
  }
  if (c.det.ctas_per_sm > 64) { err = "ctas_per_sm above 64 is not supported by the SM model"; return false; }
  return true;
}

void sim_config_print(FILE *f, const SimConfig &c, const char *prefix) {
  SimConfig &m = const_cast<SimConfig &>(c);
  for (size_t i = 0; i < kNumSim; i++) fprintf(f, "%s%s=%llu\n", prefix, kSimParams[i].key, (unsigned long long)*sim_field(m, i));
  const uint64_t *dv = &c.det.num_sms;  // fields in table order (SCORD_PARAM_LIST)
  for (int i = 0; i < SCORD_P_COUNT; i++) {
    bool hex = dv[i] >= 0x10000;
    fprintf(f, hex ? "%s%s=0x%llx\n" : "%s%s=%llu\n", prefix, scord_param_table[i].key, (unsigned long long)dv[i]);
  }
  fprintf(f, "%sdetector=%s\n", prefix, c.detector.c_str());
  fprintf(f, "%sdetector_timing=%s\n", prefix, c.detector_timing.c_str());
  fprintf(f, "%sdet_placement=%s\n", prefix, c.det_placement.c_str());
  fprintf(f, "%sworkload=%s\n", prefix, c.trace.empty() ? c.workload.c_str() : c.trace.c_str());
  if (c.trace.empty() && gen_app_find(c.workload.c_str())) {
    fprintf(f, "%ssize=%s\n", prefix, gen_size_name[c.size]);
    if (!c.inject.empty()) fprintf(f, "%sinject=%s\n", prefix, c.inject.c_str());
  }
  if (!c.dump_vectors.empty()) fprintf(f, "%sdump_vectors=%s\n", prefix, c.dump_vectors.c_str());
}

void sim_config_help(FILE *f) {
  for (size_t i = 0; i < kNumSim; i++)
    fprintf(f, "  --%-20s %-10llu %s\n", kSimParams[i].key, (unsigned long long)kSimParams[i].def, kSimParams[i].doc);
  for (int i = 0; i < SCORD_P_COUNT; i++) {
    char def[32];
    if (scord_param_table[i].derived) snprintf(def, sizeof def, "derived");
    else snprintf(def, sizeof def, scord_param_table[i].def >= 0x10000 ? "0x%llx" : "%llu",
                  (unsigned long long)scord_param_table[i].def);
    fprintf(f, "  --%-20s %-10s %s (detector.md section 1)\n", scord_param_table[i].key, def, scord_param_table[i].doc);
  }
}
