/*
** scord.h -- public API of the ScoRD C reference model.
**
** This is the single functional truth of the project: the RTL (rtl_model/) and the
** TLM race-detector module (tlm/) are checked against it.  It implements
** docs/spec/detector.md bit for bit, split as docs/spec/architecture.md asks:
**
**   scord_params    parameters of detector.md section 1, validated, with derived fields
**   scord_layout    the metadata entry layout of section 4 (computed once from params)
**   scord_tracker   the SM-side unit: lock tables, bloom, barrier counters (section 3)
**   scord_detector  the detector: fence file, address mapping, metadata port, section 5,
**                   race-record FIFO with overflow counter, kernel reset (section 7)
**   scord_store     a sparse metadata store that serves the detector's memory port
**   scord_system    one tracker per SM wired to one detector, fed by vector events
**
** Expected workload: tens of millions of access lanes per run with strong address
** locality; the hot path (scord_detector_access) does no allocation after warm-up.
** No globals: every function works on the context it is given.  Not thread-safe per
** context; independent contexts may be used from different threads.
*/
#ifndef SCORD_H
#define SCORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------
** Parameters (detector.md section 1).  One table, used by the parser, the printer, the
** docs check and the RTL/TLM consistency tests.
**   X(field, default, min, max, derived, description)
** `derived` marks parameters whose default is computed from others (0 in the table).
*/
#define SCORD_PARAM_LIST(X)                                                              \
  X(num_sms,          15,          1, 4096,        0, "streaming multiprocessors")       \
  X(ctas_per_sm,      8,           1, 64,          0, "resident CTA slots per SM")       \
  X(warps_per_sm,     32,          1, 256,         0, "resident warps per SM")           \
  X(block_id_bits,    0,           1, 32,          1, "BlockID width (>= derived)")      \
  X(warp_id_bits,     0,           1, 16,          1, "WarpID width (>= derived)")       \
  X(fence_id_bits,    6,           1, 16,          0, "width of each fence counter")     \
  X(barrier_id_bits,  8,           1, 16,          0, "width of each barrier counter")   \
  X(bloom_bin_bits,   8,           2, 16,          0, "bits per bloom bin (power of 2)") \
  X(lock_entries,     4,           1, 32,          0, "lock-table entries per warp")     \
  X(tag_bits,         4,           0, 16,          0, "metadata tag width")              \
  X(md_ratio,         1,           1, 65536,       0, "tracked words per metadata slot") \
  X(granule,          4,           4, 4096,        0, "bytes per tracked word")          \
  X(heap_base,        0xC0000000u, 0, UINT64_MAX,  0, "tracked window start")            \
  X(heap_bytes,       0x40000000u, 1, UINT64_MAX,  0, "tracked window size (power of 2)")\
  X(md_base,          0,           0, UINT64_MAX,  1, "metadata region start")           \
  X(addr_bits,        48,          16, 64,         0, "data address width")              \
  X(race_buf_entries, 64,          1, 16777216,    0, "race records before overflow")    \
  X(strong_ops,       1,           0, 1,           0, "enable check 4c (strong ops)")   \
  X(spec_version,     1,           1, 2,           0, "detector rules: 1 = v1.1, 2 = v2.0") \
  X(acq_rel,          1,           0, 1,           0, "v2: acquire/release semantics")  \
  X(lane_ids,         1,           0, 1,           0, "v2: per-lane identity")          \
  X(fence_scrub,      1,           0, 1,           0, "v2: wrap-safe fence IDs (scrub)")

typedef struct scord_params {
#define SCORD_X_FIELD(name, def, lo, hi, derived, doc) uint64_t name;
  SCORD_PARAM_LIST(SCORD_X_FIELD)
#undef SCORD_X_FIELD
  /* Bit i set when parameter i (table order) was set explicitly; derived ones that are
  ** not set are computed by scord_params_finalize(). */
  uint32_t set_mask;
} scord_params;

enum scord_param_id {
#define SCORD_X_ID(name, def, lo, hi, derived, doc) SCORD_P_##name,
  SCORD_PARAM_LIST(SCORD_X_ID)
#undef SCORD_X_ID
  SCORD_P_COUNT
};

typedef struct scord_param_info {
  const char *key;  /* snake_case name used in vectors and on command lines */
  uint64_t def, lo, hi;
  bool derived;
  const char *doc;
} scord_param_info;

/* The table above as data; index by enum scord_param_id. */
extern const scord_param_info scord_param_table[SCORD_P_COUNT];

/* Fill *p with the table defaults (derived fields computed). Always succeeds. */
void scord_params_default(scord_params *p);

/* Set parameter `key` (snake_case) from the text `value` (decimal or 0x hex).
** Returns 0 on success; otherwise writes a one-line reason naming the key to err
** and returns -1 (unknown key, not a number, out of the table's range). */
int scord_params_set(scord_params *p, const char *key, const char *value, char *err,
                     size_t errlen);

/* Strict unsigned parse shared by every program's flags: the whole string is decimal or
** 0x hex digits (no sign, space, octal or suffix).  Returns 0 and sets *out; -1 when not
** such a number; -2 when it does not fit in 64 bits. */
int scord_parse_u64(const char *s, uint64_t *out);
/* A count or seed from a command line or the environment: scord_parse_u64 within [lo, hi].
** Returns 0 and sets *out, or -1 after printing "PROG: WHAT: 'S' is not a number in LO..HI"
** on stderr. */
int scord_arg_u64(const char *prog, const char *what, const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
/* Strict decimal: digits, optionally a '.' and more digits (no sign, exponent, space or
** suffix).  Returns 0 and sets *out, -1 when s is not such a number. */
int scord_parse_decimal(const char *s, double *out);

/* Compute derived fields and check every cross-parameter rule of section 1 and 4
** (powers of two, alignment, TagBits vs MdRatio, 64-bit entry, AddrBits).  Returns 0,
** or -1 with a message naming the offending parameter in err. Idempotent. */
int scord_params_finalize(scord_params *p, char *err, size_t errlen);

/* ceil(log2(n)) for n >= 1 (0 for n == 1). */
unsigned scord_clog2(uint64_t n);

/* The v2.0 parts in force (docs/spec/detector-v2.md): each needs spec_version 2 and its own
** switch.  With spec_version 1 every one is false and the detector is v1.1. */
static inline bool scord_v2_acq_rel(const scord_params *p) { return p->spec_version >= 2 && p->acq_rel; }
static inline bool scord_v2_lanes(const scord_params *p) { return p->spec_version >= 2 && p->lane_ids; }
static inline bool scord_v2_scrub(const scord_params *p) { return p->spec_version >= 2 && p->fence_scrub; }
/* Width of the LaneID field (detector-v2.md section 3.1): 5 bits with lane identity, else 0. */
#define SCORD_LANE_BITS 5u
#define SCORD_LANES 32u

/* ------------------------------------------------------------------------------------
** Metadata entry layout (detector.md section 4), fields packed upward from bit 0 in this
** order.  X(ID, field, width-expression over a `const scord_params *p`).
*/
#define SCORD_MD_FIELD_LIST(X)                          \
  X(STRONG,   strong,       1)                          \
  X(SCOPE,    scope,        1)                          \
  X(ISATOM,   is_atom,      1)                          \
  X(DS,       ds,           1)                          \
  X(BS,       bs,           1)                          \
  X(M,        m,            1)                          \
  X(BLOOM,    bloom,        (2 * (p)->bloom_bin_bits))  \
  X(BARRIER,  barrier_id,   ((p)->barrier_id_bits))     \
  X(BLKFENCE, blk_fence_id, ((p)->fence_id_bits))       \
  X(DEVFENCE, dev_fence_id, ((p)->fence_id_bits))       \
  X(WARP,     warp_id,      ((p)->warp_id_bits))        \
  X(BLOCK,    block_id,     ((p)->block_id_bits))       \
  X(TAG,      tag,          ((p)->tag_bits))        \
  X(LANE,     lane_id,      (scord_v2_lanes(p) ? SCORD_LANE_BITS : 0u))

enum scord_md_field_id {
#define SCORD_X_MDID(ID, f, w) SCORD_MD_##ID,
  SCORD_MD_FIELD_LIST(SCORD_X_MDID)
#undef SCORD_X_MDID
  SCORD_MD_FIELD_COUNT
};

/* Field names as printed by --dump-metadata and checked against the RTL package. */
extern const char *const scord_md_field_name[SCORD_MD_FIELD_COUNT];

typedef struct scord_layout {
  uint8_t lsb[SCORD_MD_FIELD_COUNT];
  uint8_t width[SCORD_MD_FIELD_COUNT];
  uint8_t total_bits; /* <= 64 for a valid configuration */
  uint64_t mask[SCORD_MD_FIELD_COUNT]; /* right-aligned field masks (derived) */
} scord_layout;

/* Decoded entry; every field is right-aligned. */
typedef struct scord_md {
  uint32_t tag, block_id, warp_id, dev_fence_id, blk_fence_id, barrier_id, bloom;
  uint32_t lane_id; /* 0 unless lane identity is on (detector-v2.md section 3.1) */
  bool m, bs, ds, is_atom, scope, strong;
} scord_md;

/* The init (reset) value: M, BS and DS set, everything else 0. Same for every layout. */
#define SCORD_MD_INIT ((uint64_t)0x38)

/* Compute the layout for finalized params. Returns total bits (may exceed 64; the
** caller-facing check is in scord_params_finalize). */
unsigned scord_layout_init(scord_layout *l, const scord_params *p);
uint64_t scord_md_encode(const scord_layout *l, const scord_md *md);
void scord_md_decode(const scord_layout *l, uint64_t word, scord_md *md);
/* Print "name=value" pairs of a decoded entry into buf (for dumps and divergence reports). */
int scord_md_format(const scord_layout *l, uint64_t word, char *buf, size_t len);

/* ------------------------------------------------------------------------------------
** Events and packets.
*/
typedef enum scord_kind { SCORD_LD = 0, SCORD_ST = 1, SCORD_ATOM = 2 } scord_kind;
typedef enum scord_scope { SCORD_SCOPE_CTA = 0, SCORD_SCOPE_GPU = 1, SCORD_SCOPE_SYS = 2 } scord_scope;
/* Memory-order semantics of an access or fence (vectors.md format 2, detector-v2.md section 2).
** NONE: a v1 access (weak ld/st unless volatile; an atomic is relaxed) or a v1 fence (sc). */
typedef enum scord_sem {
  SCORD_SEM_NONE = 0, SCORD_SEM_RELAXED, SCORD_SEM_ACQUIRE, SCORD_SEM_RELEASE, SCORD_SEM_ACQ_REL,
  SCORD_SEM_SC, SCORD_SEM_COUNT
} scord_sem;
extern const char *const scord_sem_name[SCORD_SEM_COUNT]; /* "", "relaxed", ..., "sc" */
/* The orders an event of type ev_type (scord_ev_type) may carry (vectors.md section 2), as the
** space-separated names of scord_sem_name ("" for a type that takes none).  One table for every
** reader: the vector reader and the TLM's trace reader. */
const char *scord_sem_allowed(unsigned ev_type);
/* Whether ev_type may carry sem: SCORD_SEM_NONE always, else a name of scord_sem_allowed. */
bool scord_sem_valid(unsigned ev_type, unsigned sem);
static inline bool scord_sem_releases(unsigned sem) { return sem == SCORD_SEM_RELEASE || sem == SCORD_SEM_ACQ_REL; }
static inline bool scord_sem_acquires(unsigned sem) { return sem == SCORD_SEM_ACQUIRE || sem == SCORD_SEM_ACQ_REL; }
typedef enum scord_atom_op {
  SCORD_OP_CAS, SCORD_OP_EXCH, SCORD_OP_ADD, SCORD_OP_SUB, SCORD_OP_MIN, SCORD_OP_MAX,
  SCORD_OP_INC, SCORD_OP_DEC, SCORD_OP_AND, SCORD_OP_OR, SCORD_OP_XOR, SCORD_OP_COUNT
} scord_atom_op;

extern const char *const scord_kind_name[3];   /* "ld", "st", "atom" */
extern const char *const scord_scope_name[3];  /* "cta", "gpu", "sys" */
extern const char *const scord_op_name[SCORD_OP_COUNT];

/* The access packet an SM tracker sends to the detector for one lane
** (architecture.md "SM tracker"). */
typedef struct scord_access {
  uint16_t sm, cta, warp;  /* hardware slots; block_id = sm*CtasPerSm+cta */
  uint32_t block_id;
  uint32_t barrier_id;     /* the CTA's barrier counter now */
  uint32_t bloom;          /* bin A in [BinBits-1:0], bin B above */
  uint8_t kind;            /* scord_kind */
  bool strong;             /* volatile or atomic */
  bool atom_block_scope;   /* atomic with scope cta */
  uint64_t addr;           /* lane address (any alignment; the word is addr & ~3) */
  uint64_t pc;
  uint8_t lane;            /* the lane (0-31); used only with lane identity (detector-v2.md 3.1) */
  bool ordered;            /* an ld/st with a memory order under v2.0 acquire/release: an atomic
                           ** load or store (detector-v2.md 2.3); atom_block_scope gives its scope */
} scord_access;

/* ------------------------------------------------------------------------------------
** Race records (detector.md section 6).
*/
#define SCORD_RACE_TYPE_LIST(X) \
  X(BLK_FENCE, blk_fence) X(DEV_FENCE, dev_fence) X(STRONG, strong) \
  X(SCOPED_ATOMIC, scoped_atomic) X(LOCK_LOAD, lock_load) X(LOCK_STORE, lock_store)

typedef enum scord_race_type {
#define SCORD_X_RT(ID, name) SCORD_RACE_##ID,
  SCORD_RACE_TYPE_LIST(SCORD_X_RT)
#undef SCORD_X_RT
  SCORD_RACE_TYPE_COUNT
} scord_race_type;

extern const char *const scord_race_type_name[SCORD_RACE_TYPE_COUNT];

/* BlockID of a CTA slot (detector.md section 3): the hardware identity the tracker stamps on
** every access and the detector keeps as an entry's owner; scord_block_sm is its SM. */
static inline uint32_t scord_block_id(const scord_params *p, unsigned sm, unsigned cta) {
  return (uint32_t)(sm * p->ctas_per_sm + cta);
}
static inline unsigned scord_block_sm(const scord_params *p, uint32_t block_id) {
  return (unsigned)(block_id / p->ctas_per_sm);
}

typedef struct scord_race {
  uint8_t type;        /* scord_race_type */
  uint8_t kind;        /* scord_kind of the access that raced */
  bool block_scope;    /* same_blk and DS clear, else device (decision 13) */
  uint16_t sm, cta, warp;
  uint64_t pc;
  uint64_t addr;       /* the checked word address (addr & ~3) */
  uint32_t owner_block, owner_warp;
} scord_race;

/* Format the race line of vectors.md ("race type=... owner_warp=N"), no newline. */
int scord_race_format(const scord_race *r, char *buf, size_t len);
/* The same record as one JSON object, no newline. */
int scord_race_format_json(const scord_race *r, char *buf, size_t len);
/* Parse a name; returns -1 if unknown. */
int scord_race_type_from_name(const char *s);

/* ------------------------------------------------------------------------------------
** Race ring record (docs/race_ring.md): the line-rate detector writes each race to a ring in
** GPU memory as one 32-byte record, four little-endian 64-bit words.  Every field's place is
** defined here once; the RTL's offsets are generated from this list (`scord-state
** --sv-defaults` into rtl_model/scord_pkg.sv).  X(NAME, word, lsb, width).  `seq` is the
** record's number mod 2^32 (the ring slot it went to is seq mod entries), so a reader can tell
** a record from a stale one. */
#define SCORD_RING_FIELD_LIST(X) \
  X(ADDR, 0, 0, 64)              \
  X(PC, 1, 0, 64)                \
  X(SM, 2, 0, 16)                \
  X(CTA, 2, 16, 16)              \
  X(WARP, 2, 32, 16)             \
  X(OWNER_WARP, 2, 48, 16)       \
  X(OWNER_BLOCK, 3, 0, 16)       \
  X(TYPE, 3, 16, 3)              \
  X(KIND, 3, 19, 2)              \
  X(BLOCK_SCOPE, 3, 21, 1)       \
  X(SEQ, 3, 32, 32)
#define SCORD_RING_REC_BYTES 32u
#define SCORD_RING_REC_WORDS 4u
typedef enum scord_ring_field {
#define SCORD_X_RF(ID, w, lsb, width) SCORD_RING_##ID,
  SCORD_RING_FIELD_LIST(SCORD_X_RF)
#undef SCORD_X_RF
  SCORD_RING_FIELD_COUNT
} scord_ring_field;
typedef struct scord_ring_field_info {
  const char *name; /* "OWNER_WARP"; the RTL names it RingOwnerWarp* */
  unsigned word, lsb, width;
} scord_ring_field_info;
extern const scord_ring_field_info scord_ring_fields[SCORD_RING_FIELD_COUNT];

/* Pack r as ring record number seq into w.  Fields wider than their place are truncated
** (scord_ring_fits says whether r fits). */
void scord_ring_pack(const scord_race *r, uint32_t seq, uint64_t w[SCORD_RING_REC_WORDS]);
/* Unpack w into r; returns the record's seq. */
uint32_t scord_ring_unpack(const uint64_t w[SCORD_RING_REC_WORDS], scord_race *r);
/* True when every field of r fits its place in the record. */
bool scord_ring_fits(const scord_race *r);

/* ------------------------------------------------------------------------------------
** Metadata memory port: the detector reads and writes 64-bit entries by index through it.
** The TLM module and the lockstep comparators wrap it to observe or time the traffic.
*/
typedef struct scord_mdport {
  void *ctx;
  uint64_t (*read)(void *ctx, uint64_t index);
  void (*write)(void *ctx, uint64_t index, uint64_t value);
  void (*reset)(void *ctx); /* every entry back to SCORD_MD_INIT (kernel boundary) */
  /* Replace every entry that is not SCORD_MD_INIT by fn's result, as
  ** scord_store_update_nondefault does: the fence-ID scrub (detector-v2.md section 4).  NULL
  ** when the port cannot; the detector then refuses a configuration with the scrub in force. */
  void (*update_nondefault)(void *ctx, uint64_t (*fn)(void *arg, uint64_t index, uint64_t value),
                            void *arg);
} scord_mdport;

/* Sparse store: pages of entries allocated on first write, so a 1 GiB window with
** md_ratio=1 costs memory only for the pages touched.  Out of memory while allocating a page
** aborts: the model cannot go on faithfully. */
typedef struct scord_store scord_store;
scord_store *scord_store_new(uint64_t entries);  /* NULL on allocation failure */
void scord_store_free(scord_store *s);
uint64_t scord_store_read(scord_store *s, uint64_t index);
void scord_store_write(scord_store *s, uint64_t index, uint64_t value);
/* The entry's storage, allocating its page (of init entries) when it has none: for a caller
** that reads an entry and always writes it back (the detector).  Valid until the next
** scord_store_reset or scord_store_free. */
uint64_t *scord_store_slot(scord_store *s, uint64_t index);
/* The entry's storage if its page exists, else NULL; allocates nothing. */
const uint64_t *scord_store_peek(scord_store *s, uint64_t index);
void scord_store_reset(scord_store *s);
scord_mdport scord_store_port(scord_store *s);
size_t scord_store_bytes(const scord_store *s); /* bytes allocated now */
/* Replace every entry that is not SCORD_MD_INIT by fn's result (fn gets its index and value;
** it must not change the store).  Allocates nothing.  Used by the fence-ID scrub
** (detector-v2.md section 4). */
void scord_store_update_nondefault(scord_store *s,
                                   uint64_t (*fn)(void *arg, uint64_t index, uint64_t value),
                                   void *arg);
/* Call fn for every entry that is not SCORD_MD_INIT, in increasing index order.  fn must not
** change the store.  Sorts a list of the pages in use (aborts if it cannot be allocated, as
** the store does for its pages). */
void scord_store_foreach_nondefault(scord_store *s,
                                    void (*fn)(void *arg, uint64_t index, uint64_t value),
                                    void *arg);

/* ------------------------------------------------------------------------------------
** SM tracker (one per SM; detector.md section 3: lock tables, bloom, barrier counters).
*/
typedef struct scord_lock_entry {
  bool valid, active;
  bool device;      /* scope: false = block, true = device */
  uint32_t a;       /* lock-word hash, 2k bits */
} scord_lock_entry;

typedef struct scord_tracker scord_tracker;

scord_tracker *scord_tracker_new(const scord_params *p, unsigned sm); /* NULL on OOM */
void scord_tracker_free(scord_tracker *t);
void scord_tracker_reset(scord_tracker *t);  /* kernel boundary: locks and barriers */

/* Bloom of warp's active locks for an instruction of block `block_id`, computed once
** before the instruction's lanes (detector.md section 3, decision 12). */
uint32_t scord_tracker_bloom(const scord_tracker *t, unsigned warp, uint32_t block_id);
uint32_t scord_tracker_barrier_id(const scord_tracker *t, unsigned cta);
/* Build the packet for one lane; `bloom` comes from scord_tracker_bloom. */
void scord_tracker_make_access(const scord_tracker *t, scord_access *out, unsigned cta,
                               unsigned warp, scord_kind kind, bool is_volatile,
                               scord_scope atom_scope, uint64_t addr, uint64_t pc,
                               uint32_t bloom);
/* A fence activates entries of matching or lesser scope. */
void scord_tracker_fence(scord_tracker *t, unsigned warp, scord_scope scope);
/* A barrier completed by the CTA in slot cta. */
void scord_tracker_barrier(scord_tracker *t, unsigned cta);
/* A new CTA starts owning warps [first, first+count): their lock tables are cleared. */
void scord_tracker_cta_start(scord_tracker *t, unsigned first_warp, unsigned count);
/* The lock-table effect of one atomic lane, after its check.  has_* say whether the
** operand is known; only a complete cas 0->1 returning 0 acquires and an exch of 0
** releases. Returns 1 on acquire, 2 on release, 0 otherwise. */
int scord_tracker_atomic(scord_tracker *t, unsigned warp, scord_atom_op op,
                         scord_scope scope, uint64_t addr, bool has_cmp, uint32_t cmp,
                         bool has_val, uint32_t val, bool has_old, uint32_t old);
/* Read-only view of a warp's table, oldest first; returns the number of valid entries. */
unsigned scord_tracker_locks(const scord_tracker *t, unsigned warp,
                             const scord_lock_entry **entries);
/* The lock hash a = (addr >> 2) mod 2^(2k). */
uint32_t scord_lock_hash(const scord_params *p, uint64_t lockaddr);
/* The bloom bits one active lock (hash a = scord_lock_hash) adds for an instruction of block
** block_id (section 3): its block-salted hash, and for a device-scope lock also the plain one.
** A bloom is the OR over the warp's active locks; two blooms share a lock when both bins of
** their AND are non-empty (scord_bloom_empty). */
uint32_t scord_lock_bloom(const scord_params *p, uint32_t a, bool device, uint32_t block_id);
/* EMPTY(b) of section 3 for the configured bin width. */
bool scord_bloom_empty(const scord_params *p, uint32_t bloom);

/* ------------------------------------------------------------------------------------
** Detector (fence file, mapping, detection, race FIFO).
*/

/* Which step of section 5 decided an access: for coverage and for tests. */
#define SCORD_STEP_LIST(X)                                                    \
  X(INIT,        "1 init/barrier")                                            \
  X(PO,          "2 program order")                                           \
  X(SCOPED_ATOM, "3 scoped atomic race")                                      \
  X(ATOM_ATOM,   "3 atomic after atomic (READ: v2)")                          \
  X(HB_BLK,      "4a blk_fence race")                                         \
  X(HB_DEV,      "4b dev_fence race")                                         \
  X(HB_STRONG,   "4c strong race")                                            \
  X(NOLOCK_OWN,  "5 no locks, take ownership")                                \
  X(NOLOCK_BS,   "5 no locks, set BlkShared (READ)")                          \
  X(NOLOCK_DS,   "5 no locks, set DevShared (READ)")                          \
  X(LOCK_RACE,   "6 lock race")                                               \
  X(LOCK_OK,     "6 locks held in common")                                    \
  X(OUTSIDE,     "outside the heap window (not checked)")                     \
  X(TAG_MISS,    "tag mismatch, entry reinitialised")

typedef enum scord_step {
#define SCORD_X_STEP(ID, doc) SCORD_STEP_##ID,
  SCORD_STEP_LIST(SCORD_X_STEP)
#undef SCORD_X_STEP
  SCORD_STEP_COUNT
} scord_step;
extern const char *const scord_step_name[SCORD_STEP_COUNT];

typedef struct scord_detector_stats {
  uint64_t accesses;                 /* lanes inside the window */
  uint64_t outside;                  /* lanes outside the window */
  uint64_t fences;
  uint64_t races[SCORD_RACE_TYPE_COUNT];
  /* cover[0][s]: READ, cover[1][s]: WRITE, counts of steps that decided (TAG_MISS
  ** counts tag replacements, which are followed by a deciding step). */
  uint64_t cover[2][SCORD_STEP_COUNT];
  /* Of the tag replacements, those of an entry holding another word's state (not the init
  ** value of section 4, which a kernel boundary leaves with tag 0): metadata aliasing proper. */
  uint64_t tag_evict;
  /* 1 when the configuration's entry layout is the default one, which the detector encodes
  ** and decodes with constant shifts (a speed-up, invisible in results). */
  uint64_t fast_layout;
  /* v2.0 (detector-v2.md): acquires seen, syncwarps seen, fence-ID scrubs run and the
  ** fence-ID fields they rewrote. */
  uint64_t acquires, syncwarps, scrubs, scrub_fields;
} scord_detector_stats;

typedef struct scord_detector scord_detector;

/* port == NULL: the detector owns a scord_store sized for the configuration.
** Returns NULL on OOM, or when the fence-ID scrub is in force (scord_v2_scrub) with an
** external port that has no update_nondefault. p must be finalized. */
scord_detector *scord_detector_new(const scord_params *p, const scord_mdport *port);
void scord_detector_free(scord_detector *d);
const scord_params *scord_detector_params(const scord_detector *d);
const scord_layout *scord_detector_layout(const scord_detector *d);
/* The detector's own store (its entries are written in place, so reads of the store see
** every access so far); NULL with an external port. */
scord_store *scord_detector_store(scord_detector *d);

/* Map a lane address: returns false outside the window; else index and tag. */
bool scord_map_addr(const scord_params *p, uint64_t addr, uint64_t *index, uint32_t *tag);

/* Check one access lane (section 5). Returns the deciding step. */
scord_step scord_detector_access(scord_detector *d, const scord_access *x);
/* A hint with no effect on results: the metadata entry of addr will be checked soon, so
** start fetching it into the host's cache (own store only; no allocation). */
void scord_detector_prefetch(const scord_detector *d, uint64_t addr);
/* A fence from (sm, warp): bumps BlkFenceID (cta) or DevFenceID (gpu, sys).  With v2.0
** acquire/release it is also a release then an acquire of that scope (detector-v2.md 2.2); with
** the scrub it may run the scrub (section 4). */
void scord_detector_fence(scord_detector *d, unsigned sm, unsigned warp, scord_scope scope);
/* A release of (sm, warp) at scope (detector-v2.md 2.1): the fence the SM sends before a
** release operation.  Same as scord_detector_fence except that it does not acquire. */
void scord_detector_release(scord_detector *d, unsigned sm, unsigned warp, scord_scope scope);
/* An acquire of (sm, warp) at scope, after the acquiring operation's lanes (detector-v2.md
** 2.2): stamps the warp's acquire.  No effect unless scord_v2_acq_rel. */
void scord_detector_acquire(scord_detector *d, unsigned sm, unsigned warp, scord_scope scope);
/* __syncwarp of (sm, warp) (detector-v2.md 3.2): a block-scope fence of the warp.  No effect
** unless scord_v2_lanes. */
void scord_detector_syncwarp(scord_detector *d, unsigned sm, unsigned warp);
/* Kernel boundary (section 7): metadata, fence file reset; races found are kept. */
void scord_detector_kernel_reset(scord_detector *d);
/* Fence-file entry of (sm, warp). */
void scord_detector_fence_ids(const scord_detector *d, unsigned sm, unsigned warp,
                              uint32_t *blk, uint32_t *dev);

/* Race FIFO: records in order found; count, pop, and the overflow counter. */
size_t scord_detector_race_count(const scord_detector *d);
bool scord_detector_pop_race(scord_detector *d, scord_race *out);
uint64_t scord_detector_overflow(const scord_detector *d);
const scord_detector_stats *scord_detector_get_stats(const scord_detector *d);

/* ------------------------------------------------------------------------------------
** Vector events (vectors.md) and the system that applies them.
*/
typedef enum scord_ev_type {
  SCORD_EV_LD, SCORD_EV_ST, SCORD_EV_ATOM, SCORD_EV_FENCE, SCORD_EV_BAR, SCORD_EV_CTA,
  SCORD_EV_KERNEL,
  SCORD_EV_SYNCWARP /* vectors format 2: __syncwarp of one warp */
} scord_ev_type;

typedef struct scord_event {
  uint8_t type;          /* scord_ev_type */
  uint8_t scope;         /* atom, fence: scord_scope */
  uint8_t op;            /* atom: scord_atom_op */
  bool is_volatile;
  bool has_cmp, has_val, has_old;
  uint8_t n;             /* lanes, 1..32 */
  uint16_t sm, cta, warp;
  uint16_t first_warp, warps; /* cta */
  uint32_t cmp, val, old;
  uint64_t addr, stride, pc;
  uint64_t line;         /* source line, 0 when generated */
  char name[32];         /* kernel: its name, "" when none (reported, never checked) */
  uint8_t sem;           /* ld, st, atom, fence: scord_sem (format 2), SCORD_SEM_NONE in v1 */
  uint8_t lane;          /* ld, st, atom: the first lane (format 2 lane=), 0 in v1 */
} scord_event;

typedef struct scord_system scord_system;

/* One tracker per SM and one detector. port as for scord_detector_new. */
scord_system *scord_system_new(const scord_params *p, const scord_mdport *port);
void scord_system_free(scord_system *s);
scord_detector *scord_system_detector(scord_system *s);
scord_tracker *scord_system_tracker(scord_system *s, unsigned sm);
/* Apply one event (all its lanes). The event must be valid for the configuration
** (the vector reader guarantees it); asserts otherwise.  Returns the deciding step of
** the last lane checked, or SCORD_STEP_COUNT for an event that checks nothing. */
scord_step scord_system_apply(scord_system *s, const scord_event *ev);
/* Apply n events in order: the same effects as n calls of scord_system_apply, faster on a
** long stream (the metadata of a few events ahead is fetched into the cache meanwhile). */
void scord_system_apply_batch(scord_system *s, const scord_event *ev, size_t n);

#ifdef __cplusplus
}
#endif
#endif /* SCORD_H */
