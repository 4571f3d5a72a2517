/*
** scord-accuracy -- compare the ScoRD detector model with the exact oracle (oracle.h).
**
**   scord-accuracy [--config key=value]... [--truth=1|2] [--truth-config key=value]...
**                  [--json] [--races] [--by-class] FILE...
**
** What it is for: measuring the detector's accuracy on vector files (docs/accuracy.md).
** Each file is read once with the existing reader (ref/src/vecread.c: the file's config
** lines, then the command line's --config values, which win); every event goes to a fresh
** detector system (ref/src/system.c) and to a fresh oracle.  The detector's race FIFO is
** drained after every event, so it never overflows.  `expect` lines are ignored.
** --truth=V gives the oracle spec_version V (its race definition, docs/accuracy.md section 1 and
** docs/accuracy-v2.md) with every v2.0 part on, whatever the detector runs: `--config
** spec_version=1 --truth=2` measures the v1.1 detector against the v2.0 definition, `--config
** lane_ids=0 --truth=2` the detector without lanes against the full definition.  --truth-config
** then changes the oracle's parameters alone (`--truth-config lane_ids=0`: a warp is one thread).
** Without --truth the oracle takes the detector's parameters.
**
** Counting (as the paper counts unique races): a race is the pair (pc of the later
** access, word address addr & ~3).  O = the oracle's set, D = the set of (pc, addr) of
** the detector's race records.  tp = |O and D|, fp = |D - O|, fn = |O - D|.
** Prints per file
**   accuracy file=PATH oracle=|O| detector=|D| tp=.. fp=.. fn=..
** and a final "total" line with the sums (--json: one JSON object per file and one with
** "file":"total").  --races also lists every key as "  tp|fp|fn pc=.. addr=..".
** --by-class adds, after the total, the split by class over all files: for each of the
** oracle's reasons (scord_oracle_why) "class oracle=WHY races=N tp=T fn=F", and for each
** detector race type (the type of the key's first record) "class detector=TYPE races=N
** tp=T fp=F" (text form only), "class missed fn=N on_reported_word=R other=O" (misses on a
** word the detector reported at another pc, the last-owner class, and the rest), "class missed_other
** other=O hw_identity=H one_hw_warp=W not_strong=N third_warp_between=T own_access_between=S untraced=U" (the rest
** traced by their first racing pair, in that order: one hardware warp or CTA slot (W of them on
** one hardware warp), the disputed not_strong class, a third warp's access to the word in
** between, the later warp's own access in between), and "class aliasing accesses=N tag_miss=M": the lanes the
** detector checked and how many found their entry holding another tag (metadata aliasing), and
** per fence-ID width W (2..8) "class fence_wrap bits=W wraps=N fences=F max_per_kernel=M": how
** often a warp's fence counter of one scope wraps at that width within a kernel, and per bloom
** bin count B (2..16) "class lock_hash bins=B pairs=P aliased=A": of the pairs of distinct lock
** words acquired in one file, those whose lock hashes are equal (their one-lock blooms intersect),
** and per bin count B "class lock_bloom bins=B conflicts=N hidden=H": the access pairs the oracle
** finds unprotected although both held locks, and those whose whole-set blooms (the tracker's
** rule, scord_lock_bloom) would share a bin in both halves, a collision that hides the race;
** scope_only: the conflicts whose sets share a lock word held at too narrow a scope;
** hidden_disjoint: the hidden ones with no lock word in common; hidden_same_slot: the hidden
** ones between two blocks that ran in one CTA slot (one BlockID, so one salt, to the tracker).
** "class aliasing" also gives tag_evict=E: the replacements of an entry that held another word's
** state (not the init value a kernel boundary leaves), aliasing without first touches.
** Exit status: 0, or 2 on a usage or input error ("FILE:LINE: message" on stderr).
*/
#include "oracle.h"
#include "scord/vecread.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct acc_opts {
  bool json, races, by_class;
  unsigned truth; /* the oracle's spec_version, 0 = the detector's */
  const char **tcfg; /* --truth-config key=value, the oracle's alone */
  size_t ntcfg;
  const char **cfg;
  size_t ncfg;
} acc_opts;

#define ACC_WRAP_MIN 2 /* fence-ID widths whose wraps are counted */
#define ACC_WRAP_MAX 8
#define ACC_BINS_LOG_MAX 4 /* bloom bins 2, 4, 8, 16 */

typedef struct acc_counts {
  uint64_t oracle, detector, tp, fp, fn;
  uint64_t accesses, tag_miss;  /* detector lanes checked, tag replacements (metadata aliasing) */
  uint64_t tag_evict;           /* ... of an entry that held another word's state (not init) */
  scord_oracle_lock_stats lk;   /* lock conflicts and those a bloom collision would hide */
  /* fence counters (one per warp and scope, reset by a kernel, detector.md 3.1): fences, the
  ** most any counter reached in one kernel, and wraps[w] = sum over counters of count >> w */
  uint64_t fences, fence_max, wraps[ACC_WRAP_MAX + 1];
  /* lock-hash aliasing (detector.md 3.3/3.4): over pairs of distinct lock words acquired in one
  ** file, how many share the hash a = (addr >> 2) mod 2^(2k), k = log2(bins), for bins 2..16;
  ** two such locks have intersecting blooms (the bloom's collision for one lock each) */
  uint64_t lock_pairs, lock_alias[ACC_BINS_LOG_MAX + 1];
  /* misses (fn) on a word the detector reported a race on at another pc: after that race the
  ** entry belongs to the racer (last owner only, docs/accuracy.md section 4) */
  uint64_t fn_reported_word;
  /* the other misses traced by their first racing pair (SCORD_ORC_SEEN_*), in this order: one
  ** hardware warp or CTA slot, the disputed not_strong class, a third warp's access in between
  ** (last owner only), the later warp's own access in between; the rest untraced */
  uint64_t fn_hw, fn_hw_warp, fn_not_strong, fn_third, fn_self;
  /* false positives by the oracle's verdict on the reported pair (scord_oracle_verdict) */
  uint64_t fp_verdict[SCORD_RACE_TYPE_COUNT][SCORD_ORC_VERDICT_COUNT];  /* by detector type */
  /* by class: [why][0] tp, [why][1] fn; [type][0] tp, [type][1] fp */
  uint64_t why[SCORD_ORC_WHY_COUNT][2], type[SCORD_RACE_TYPE_COUNT][2];
} acc_counts;

/* A (pc, addr) key list: small files, so linear membership is fine. */
typedef struct keyset {
  uint64_t *pc, *addr;
  uint8_t *type;        /* the detector's race type of the key's first record */
  uint8_t *verdict;     /* the oracle's verdict on that record's pair (scord_oracle_explain) */
  size_t n, cap;
} keyset;

static bool key_has(const keyset *k, uint64_t pc, uint64_t addr) {
  for (size_t i = 0; i < k->n; i++)
    if (k->pc[i] == pc && k->addr[i] == addr) return true;
  return false;
}

/* Append (pc, addr), not yet present, with its type and verdict.  0, or -1 on OOM. */
static int key_add(keyset *k, uint64_t pc, uint64_t addr, uint8_t type, uint8_t verdict) {
  assert(!key_has(k, pc, addr));
  if (k->n == k->cap) {
    size_t cap = k->cap ? 2 * k->cap : 64;
    uint64_t *p = realloc(k->pc, cap * sizeof *p);
    if (!p) return -1;
    k->pc = p;
    uint64_t *a = realloc(k->addr, cap * sizeof *a);
    if (!a) return -1;
    k->addr = a;
    uint8_t *t = realloc(k->type, cap * sizeof *t);
    if (!t) return -1;
    k->type = t;
    uint8_t *v = realloc(k->verdict, cap * sizeof *v);
    if (!v) return -1;
    k->verdict = v;
    k->cap = cap;
  }
  assert(type < SCORD_RACE_TYPE_COUNT);
  k->type[k->n] = type;
  k->verdict[k->n] = verdict;
  k->pc[k->n] = pc;
  k->addr[k->n++] = addr;
  return 0;
}

static void usage(FILE *f) {
  fputs("usage: scord-accuracy [--config key=value]... [--truth=1|2] [--truth-config key=value]...\n"
        "                      [--json] [--races] [--by-class] FILE...\n"
        "Runs the exact race oracle and the ScoRD detector model on each vector file and\n"
        "counts unique races (pc of the later access, word address): oracle, detector,\n"
        "tp, fp, fn per file and in total (--by-class: also split by the oracle's reason\n"
        "and the detector's race type). expect lines are ignored. --truth=V judges with the\n"
        "oracle's spec_version V, every v2.0 part on (default: the detector's parameters);\n"
        "--truth-config sets the oracle's parameters alone. Exit: 0, 2 on error.\n",
        f);
}

/* Fold the fence counters of one kernel into c and zero them. */
static void wrap_flush(acc_counts *c, uint64_t *cnt, size_t n) {
  for (size_t i = 0; i < n; i++) {
    c->fences += cnt[i];
    if (cnt[i] > c->fence_max) c->fence_max = cnt[i];
    for (int w = ACC_WRAP_MIN; w <= ACC_WRAP_MAX; w++) c->wraps[w] += cnt[i] >> w;
    cnt[i] = 0;
  }
}

/* Count pairs of the n distinct lock words in locks[] and those whose hashes alias, per k. */
static void lock_alias_count(acc_counts *c, const uint64_t *locks, size_t n) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++) {
      c->lock_pairs++;
      for (int k = 1; k <= ACC_BINS_LOG_MAX; k++) {
        uint64_t m = ((uint64_t)1 << (2 * k)) - 1;
        if (((locks[i] >> 2) & m) == ((locks[j] >> 2) & m)) c->lock_alias[k]++;
      }
    }
}

/* Run one file; fills *c.  Returns 0, or 2 on an input error or OOM (message printed). */
static int run_file(const char *path, const acc_opts *o, acc_counts *c) {
  scord_vreader *r = scord_vr_open(path, o->cfg, o->ncfg);
  if (!r) {
    fprintf(stderr, "%s:0: out of memory\n", path);
    return 2;
  }
  scord_system *sys = NULL;
  scord_oracle *orc = NULL;
  keyset det = {0};
  uint64_t *fcnt = NULL;  /* fence counts per (sm, warp, scope) in this kernel */
  size_t nfcnt = 0, wps = 0;
  acc_counts wr = {0};    /* the fence-wrap part of *c, gathered as the file runs */
  uint64_t *locks = NULL; /* distinct lock words acquired (cas 0 -> 1 returning 0) */
  size_t nlocks = 0, caplocks = 0;
  int status = 0;
  scord_event ev;
  for (;;) {
    int rc = scord_vr_next(r, &ev);
    if (rc < 0) {
      fprintf(stderr, "%s\n", scord_vr_error(r));
      status = 2;
      break;
    }
    if (!sys) {
      const scord_params *p = scord_vr_params(r);
      sys = scord_system_new(p, NULL);
      scord_params q = *p; /* only the oracle's definition changes */
      if (o->truth) {
        q.spec_version = o->truth;
        q.acq_rel = q.lane_ids = 1;
      }
      for (size_t i = 0; i < o->ntcfg; i++) {
        char key[128], err[512];
        const char *eq = strchr(o->tcfg[i], '=');
        memcpy(key, o->tcfg[i], (size_t)(eq - o->tcfg[i]));
        key[eq - o->tcfg[i]] = 0;
        int rc2 = scord_params_set(&q, key, eq + 1, err, sizeof err);
        assert(rc2 == 0 && "checked on the command line");
        (void)rc2;
      }
      orc = scord_oracle_new(&q);
      wps = (size_t)p->warps_per_sm;
      nfcnt = (size_t)p->num_sms * wps * 2;
      fcnt = calloc(nfcnt, sizeof *fcnt);
      if (!sys || !orc || !fcnt) {
        fprintf(stderr, "%s:%" PRIu64 ": out of memory creating the models\n", path, scord_vr_line(r));
        status = 2;
        break;
      }
    }
    if (rc == 0) break;
    if (ev.type == SCORD_EV_FENCE) {
      size_t i = ((size_t)ev.sm * wps + ev.warp) * 2 + (ev.scope == SCORD_SCOPE_CTA ? 0 : 1);
      assert(i < nfcnt);
      fcnt[i]++;
    } else if (ev.type == SCORD_EV_KERNEL)
      wrap_flush(&wr, fcnt, nfcnt);
    else if (ev.type == SCORD_EV_ATOM && ev.op == SCORD_OP_CAS && ev.has_cmp && ev.cmp == 0 &&
             ev.has_val && ev.val == 1 && ev.has_old && ev.old == 0) {
      bool seen = false;
      for (size_t i = 0; i < nlocks && !seen; i++) seen = locks[i] == ev.addr;
      if (!seen) {
        if (nlocks == caplocks) {
          size_t cap = caplocks ? 2 * caplocks : 16;
          uint64_t *l = realloc(locks, cap * sizeof *l);
          if (!l) {
            fprintf(stderr, "%s:%" PRIu64 ": out of memory\n", path, ev.line);
            status = 2;
            break;
          }
          locks = l;
          caplocks = cap;
        }
        locks[nlocks++] = ev.addr;
      }
    }
    scord_system_apply(sys, &ev);
    int orc_rc = scord_oracle_apply(orc, &ev);
    if (orc_rc != 0) {
      if (orc_rc == SCORD_ORC_INVALID)
        fprintf(stderr, "%s:%" PRIu64 ": %s\n", path, ev.line, scord_oracle_error(orc));
      else
        fprintf(stderr, "%s:%" PRIu64 ": out of memory in the oracle\n", path, ev.line);
      status = 2;
      break;
    }
    scord_race rr;
    while (scord_detector_pop_race(scord_system_detector(sys), &rr)) {
      if (key_has(&det, rr.pc, rr.addr)) continue;  /* a key's first record names its pair */
      const scord_params *p = scord_vr_params(r);
      scord_oracle_verdict v =
          scord_oracle_explain(orc, rr.addr, scord_block_sm(p, rr.owner_block), rr.owner_warp, rr.sm, rr.warp);
      if (key_add(&det, rr.pc, rr.addr, rr.type, (uint8_t)v)) {
        fprintf(stderr, "%s:%" PRIu64 ": out of memory\n", path, ev.line);
        status = 2;
        break;
      }
    }
    if (status) break;
  }
  if (status == 0) {
    size_t n;
    const scord_oracle_race *or = scord_oracle_races(orc, &n);
    wrap_flush(&wr, fcnt, nfcnt);
    *c = (acc_counts){.oracle = n, .detector = det.n, .fences = wr.fences, .fence_max = wr.fence_max};
    memcpy(c->wraps, wr.wraps, sizeof c->wraps);
    lock_alias_count(c, locks, nlocks);
    for (size_t i = 0; i < n; i++) {
      bool hit = key_has(&det, or[i].pc, or[i].addr);
      if (hit) c->tp++; else c->fn++;
      if (!hit) {
        bool word = false;
        for (size_t j = 0; j < det.n && !word; j++) word = det.addr[j] == or[i].addr;
        c->fn_reported_word += word;
        if (!word) {
          c->fn_hw_warp += (or[i].seen & SCORD_ORC_SEEN_HW_WARP) != 0;
          if (or[i].seen & (SCORD_ORC_SEEN_HW_WARP | SCORD_ORC_SEEN_HW_SLOT)) c->fn_hw++;
          else if (or[i].why == SCORD_ORC_NOT_STRONG) c->fn_not_strong++;
          else if (or[i].seen & SCORD_ORC_SEEN_THIRD) c->fn_third++;
          else if (or[i].seen & SCORD_ORC_SEEN_SELF) c->fn_self++;
        }
      }
      assert(or[i].why < SCORD_ORC_WHY_COUNT);
      c->why[or[i].why][hit ? 0 : 1]++;
      if (o->races && !o->json) {
        char line[512];
        scord_oracle_race_format(&or[i], line, sizeof line);
        printf("  %s %s\n", hit ? "tp" : "fn", line);
      }
    }
    c->fp = det.n - c->tp;
    const scord_detector_stats *st = scord_detector_get_stats(scord_system_detector(sys));
    c->accesses = st->accesses;
    c->tag_miss = st->cover[0][SCORD_STEP_TAG_MISS] + st->cover[1][SCORD_STEP_TAG_MISS];
    c->tag_evict = st->tag_evict;
    c->lk = *scord_oracle_get_lock_stats(orc);
    for (size_t i = 0; i < det.n; i++) {
      bool hit = false;
      for (size_t j = 0; j < n && !hit; j++) hit = or[j].pc == det.pc[i] && or[j].addr == det.addr[i];
      c->type[det.type[i]][hit ? 0 : 1]++;
      if (!hit) c->fp_verdict[det.type[i]][det.verdict[i]]++;
      if (!hit && o->races && !o->json)
        printf("  fp detector-race pc=0x%" PRIx64 " addr=0x%" PRIx64 "\n", det.pc[i], det.addr[i]);
    }
  }
  free(det.pc);
  free(det.addr);
  free(det.type);
  free(det.verdict);
  free(fcnt);
  free(locks);
  scord_oracle_free(orc);
  scord_system_free(sys);
  scord_vr_close(r);
  return status;
}

/* Print s as the inside of a JSON string (quotes, backslashes and control characters escaped). */
static void json_str(const char *s) {
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') printf("\\%c", ch);
    else if (ch < 0x20) printf("\\u%04x", ch);
    else putchar(ch);
  }
}

/* One result line (or the total) in text or JSON form. */
static void print_counts(const char *file, const acc_counts *c, bool json, bool total) {
  if (json) {
    fputs("{\"file\":\"", stdout);
    json_str(file);
    printf("\",\"oracle\":%" PRIu64 ",\"detector\":%" PRIu64 ",\"tp\":%" PRIu64
           ",\"fp\":%" PRIu64 ",\"fn\":%" PRIu64 "}\n",
           c->oracle, c->detector, c->tp, c->fp, c->fn);
  } else
    printf("%s%s oracle=%" PRIu64 " detector=%" PRIu64 " tp=%" PRIu64 " fp=%" PRIu64 " fn=%" PRIu64 "\n",
           total ? "total" : "accuracy file=", total ? "" : file, c->oracle, c->detector, c->tp, c->fp, c->fn);
}

/* Parse the command line (cfg and files have room for argc entries) and run the files. */
static int acc_main(int argc, char **argv, acc_opts o, const char **files) {
  size_t nfiles = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--json") == 0) o.json = true;
    else if (strcmp(a, "--races") == 0) o.races = true;
    else if (strcmp(a, "--by-class") == 0) o.by_class = true;
    else if (strncmp(a, "--truth=", 8) == 0) {
      if (strcmp(a + 8, "1") && strcmp(a + 8, "2")) {
        fprintf(stderr, "scord-accuracy: --truth: '%s' is not 1 or 2\n", a + 8);
        return 2;
      }
      o.truth = (unsigned)(a[8] - '0');
    }
    else if (strcmp(a, "--config") == 0 || strncmp(a, "--config=", 9) == 0 ||
             strcmp(a, "--truth-config") == 0 || strncmp(a, "--truth-config=", 15) == 0) {
      bool truth = a[2] == 't';
      size_t len = truth ? 14 : 8;
      const char *kv = a[len] == '=' ? a + len + 1 : (i + 1 < argc ? argv[++i] : NULL);
      if (!kv) {
        fprintf(stderr, "scord-accuracy: %s needs key=value\n", truth ? "--truth-config" : "--config");
        return 2;
      }
      char key[128], err[512];
      const char *eq = strchr(kv, '=');
      if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof key) {
        fprintf(stderr, "scord-accuracy: %s %s: expected key=value\n", truth ? "--truth-config" : "--config", kv);
        return 2;
      }
      memcpy(key, kv, (size_t)(eq - kv));
      key[eq - kv] = 0;
      scord_params p;
      scord_params_default(&p);
      if (scord_params_set(&p, key, eq + 1, err, sizeof err) != 0) {
        fprintf(stderr, "scord-accuracy: %s: %s\n", truth ? "--truth-config" : "--config", err);
        return 2;
      }
      if (truth) o.tcfg[o.ntcfg++] = kv;
      else o.cfg[o.ncfg++] = kv;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "scord-accuracy: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    } else {
      files[nfiles++] = a;
    }
  }
  if (nfiles == 0) {
    usage(stderr);
    return 2;
  }
  acc_counts tot = {0};
  int worst = 0;
  for (size_t i = 0; i < nfiles; i++) {
    acc_counts c = {0};
    int rc = run_file(files[i], &o, &c);
    if (rc) {
      worst = rc;
      continue;
    }
    print_counts(files[i], &c, o.json, false);
    tot.oracle += c.oracle;
    tot.detector += c.detector;
    tot.tp += c.tp;
    tot.fp += c.fp;
    tot.fn += c.fn;
    tot.accesses += c.accesses;
    tot.tag_miss += c.tag_miss;
    tot.tag_evict += c.tag_evict;
    tot.lk.conflicts += c.lk.conflicts;
    tot.lk.scope_only += c.lk.scope_only;
    for (int k = 0; k < SCORD_ORC_BLOOM_WIDTHS; k++) {
      tot.lk.bloom_hidden[k] += c.lk.bloom_hidden[k];
      tot.lk.bloom_hidden_disjoint[k] += c.lk.bloom_hidden_disjoint[k];
      tot.lk.bloom_hidden_slot[k] += c.lk.bloom_hidden_slot[k];
    }
    tot.fences += c.fences;
    if (c.fence_max > tot.fence_max) tot.fence_max = c.fence_max;
    for (int w = ACC_WRAP_MIN; w <= ACC_WRAP_MAX; w++) tot.wraps[w] += c.wraps[w];
    tot.lock_pairs += c.lock_pairs;
    tot.fn_reported_word += c.fn_reported_word;
    for (int t = 0; t < SCORD_RACE_TYPE_COUNT; t++)
      for (int v = 0; v < SCORD_ORC_VERDICT_COUNT; v++) tot.fp_verdict[t][v] += c.fp_verdict[t][v];
    tot.fn_hw += c.fn_hw;
    tot.fn_hw_warp += c.fn_hw_warp;
    tot.fn_not_strong += c.fn_not_strong;
    tot.fn_third += c.fn_third;
    tot.fn_self += c.fn_self;
    for (int k = 1; k <= ACC_BINS_LOG_MAX; k++) tot.lock_alias[k] += c.lock_alias[k];
    for (int w = 0; w < SCORD_ORC_WHY_COUNT; w++)
      for (int k = 0; k < 2; k++) tot.why[w][k] += c.why[w][k];
    for (int t = 0; t < SCORD_RACE_TYPE_COUNT; t++)
      for (int k = 0; k < 2; k++) tot.type[t][k] += c.type[t][k];
    fflush(stdout);
  }
  print_counts("total", &tot, o.json, !o.json);
  if (o.by_class && !o.json) {
    printf("class missed fn=%" PRIu64 " on_reported_word=%" PRIu64 " other=%" PRIu64 "\n", tot.fn,
           tot.fn_reported_word, tot.fn - tot.fn_reported_word);
    printf("class missed_other other=%" PRIu64 " hw_identity=%" PRIu64 " one_hw_warp=%" PRIu64 " not_strong=%" PRIu64
           " third_warp_between=%" PRIu64 " own_access_between=%" PRIu64 " untraced=%" PRIu64 "\n",
           tot.fn - tot.fn_reported_word, tot.fn_hw, tot.fn_hw_warp, tot.fn_not_strong, tot.fn_third, tot.fn_self,
           tot.fn - tot.fn_reported_word - tot.fn_hw - tot.fn_not_strong - tot.fn_third - tot.fn_self);
    printf("class false fp=%" PRIu64, tot.fp);
    for (int v = 0; v < SCORD_ORC_VERDICT_COUNT; v++) {
      uint64_t n = 0;
      for (int t = 0; t < SCORD_RACE_TYPE_COUNT; t++) n += tot.fp_verdict[t][v];
      printf(" %s=%" PRIu64, scord_oracle_verdict_name[v], n);
    }
    printf("\n");
    for (int t = 0; t < SCORD_RACE_TYPE_COUNT; t++) {
      if (!tot.type[t][1]) continue;
      printf("class false detector=%s fp=%" PRIu64, scord_race_type_name[t], tot.type[t][1]);
      for (int v = 0; v < SCORD_ORC_VERDICT_COUNT; v++) printf(" %s=%" PRIu64, scord_oracle_verdict_name[v], tot.fp_verdict[t][v]);
      printf("\n");
    }
    printf("class aliasing accesses=%" PRIu64 " tag_miss=%" PRIu64 " tag_evict=%" PRIu64 "\n", tot.accesses,
           tot.tag_miss, tot.tag_evict);
    for (int w = ACC_WRAP_MIN; w <= ACC_WRAP_MAX; w++)
      printf("class fence_wrap bits=%d wraps=%" PRIu64 " fences=%" PRIu64 " max_per_kernel=%" PRIu64 "\n", w,
             tot.wraps[w], tot.fences, tot.fence_max);
    for (int k = 1; k <= ACC_BINS_LOG_MAX; k++)
      printf("class lock_hash bins=%d pairs=%" PRIu64 " aliased=%" PRIu64 "\n", 1 << k, tot.lock_pairs,
             tot.lock_alias[k]);
    for (int k = 0; k < SCORD_ORC_BLOOM_WIDTHS; k++)
      printf("class lock_bloom bins=%d conflicts=%" PRIu64 " hidden=%" PRIu64 " scope_only=%" PRIu64
             " hidden_disjoint=%" PRIu64 " hidden_same_slot=%" PRIu64 "\n", 2 << k, tot.lk.conflicts,
             tot.lk.bloom_hidden[k], tot.lk.scope_only, tot.lk.bloom_hidden_disjoint[k], tot.lk.bloom_hidden_slot[k]);
    for (int w = 0; w < SCORD_ORC_WHY_COUNT; w++)
      printf("class oracle=%s races=%" PRIu64 " tp=%" PRIu64 " fn=%" PRIu64 "\n", scord_oracle_why_name[w],
             tot.why[w][0] + tot.why[w][1], tot.why[w][0], tot.why[w][1]);
    for (int t = 0; t < SCORD_RACE_TYPE_COUNT; t++)
      printf("class detector=%s races=%" PRIu64 " tp=%" PRIu64 " fp=%" PRIu64 "\n", scord_race_type_name[t],
             tot.type[t][0] + tot.type[t][1], tot.type[t][0], tot.type[t][1]);
  }
  return worst;
}

int main(int argc, char **argv) {
  acc_opts o = {0};
  o.cfg = calloc((size_t)argc, sizeof *o.cfg);
  o.tcfg = calloc((size_t)argc, sizeof *o.tcfg);
  const char **files = calloc((size_t)argc, sizeof *files);
  int rc = (o.cfg && o.tcfg && files) ? acc_main(argc, argv, o, files) : 2;
  free(o.cfg);
  free(o.tcfg);
  free(files);
  return rc;
}
