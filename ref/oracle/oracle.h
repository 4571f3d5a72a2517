/*
** oracle.h -- an exact scoped-race oracle over trace-vector event streams.
**
** What it is for: measuring the ScoRD detector model (ref/src) against the true races of
** a stream (docs/accuracy.md).  The oracle reads the same scord_event stream as
** the detector but keeps everything exactly: per-warp vector clocks with unbounded
** counters, the full access history of every 4-byte word (not only the last owner), lock
** sets with exact lock addresses (no hash, no table limit), no metadata cache, and every
** address (not only the heap window).  It is slow and memory-hungry by design; it is
** meant for hand-written and generated vectors, not for gigabyte TLM dumps.
**
** The race definition it decides is written out in docs/accuracy.md section 1; the
** summary at the top of oracle.c says how each rule is computed.
**
** Races are counted as the paper counts them: one unique race per pair (pc of the later
** access, word address = addr & ~3).  No globals; each context is independent.
*/
#ifndef SCORD_ORACLE_H
#define SCORD_ORACLE_H

#include "scord/scord.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why the first racing pair of a unique race was judged a race (for explanations). */
typedef enum scord_oracle_why {
  SCORD_ORC_UNORDERED,     /* no happens-before, no visibility, no common lock */
  SCORD_ORC_SCOPED_ATOMIC, /* two atomics not linked by scopes that include both warps */
  SCORD_ORC_NOT_STRONG,    /* ordered or published, but not both strong */
  SCORD_ORC_LOCKS,         /* published or ordered only by a lock hand-off, no common lock */
  SCORD_ORC_WHY_COUNT
} scord_oracle_why;

extern const char *const scord_oracle_why_name[SCORD_ORC_WHY_COUNT];

/* One unique race: (pc, addr) of the later access, plus the first earlier access found
** racing with it (its hardware identity and pc) and the reason. */
typedef struct scord_oracle_race {
  uint64_t pc, addr;            /* later access: pc, word address (addr & ~3) */
  uint16_t sm, cta, warp;       /* later access */
  uint8_t kind;                 /* scord_kind of the later access */
  uint16_t prev_sm, prev_warp;  /* the earlier access of the first racing pair */
  uint64_t prev_pc;
  uint8_t why;                  /* scord_oracle_why */
  uint64_t line;                /* source line of the later access (0 if unknown) */
  uint64_t pairs;               /* racing (earlier, later) dynamic pairs with this key */
  uint8_t seen;                 /* SCORD_ORC_SEEN_* of the first racing pair, for tracing misses */
} scord_oracle_race;

/* What happened to the word between the first racing pair's accesses, and who they were: the
** classes of docs/accuracy.md section 4 that hide a race from a detector keeping one owner
** per entry and hardware identities. */
#define SCORD_ORC_SEEN_THIRD   1u /* a third warp accessed the word in between (took ownership) */
#define SCORD_ORC_SEEN_SELF    2u /* the later access's warp accessed the word in between */
#define SCORD_ORC_SEEN_HW_WARP 4u /* both accesses on one hardware warp (sm, warp): one identity */
#define SCORD_ORC_SEEN_HW_SLOT 8u /* both in one CTA slot (sm, cta) as different blocks */

typedef struct scord_oracle scord_oracle;

/* A new oracle for finalized params p (only num_sms, ctas_per_sm, warps_per_sm and
** strong_ops are used: the oracle is exact, it has no tables to size).  Returns NULL on
** allocation failure. */
scord_oracle *scord_oracle_new(const scord_params *p);
/* Lock conflicts, for the bloom's cost: access pairs the oracle finds
** unprotected although both held locks (disjoint exact lock sets, or a common lock of too
** narrow a scope), and how many of them ScoRD's blooms of those lock sets would take as
** sharing a lock (a bloom collision, hiding the race) at bloom_bin_bits 2, 4, 8 and 16.  The
** blooms are built from the exact sets by the tracker's rule (scord_lock_bloom), with no
** lock-table limit. */
#define SCORD_ORC_BLOOM_WIDTHS 4 /* bloom_bin_bits 2 << i */
typedef struct scord_oracle_lock_stats {
  uint64_t conflicts;
  uint64_t scope_only;  /* ... of them sharing a lock word held at too narrow a scope */
  uint64_t bloom_hidden[SCORD_ORC_BLOOM_WIDTHS];
  uint64_t bloom_hidden_disjoint[SCORD_ORC_BLOOM_WIDTHS]; /* ... with no lock word in common */
  uint64_t bloom_hidden_slot[SCORD_ORC_BLOOM_WIDTHS];     /* ... by two blocks of one CTA slot */
} scord_oracle_lock_stats;
const scord_oracle_lock_stats *scord_oracle_get_lock_stats(const scord_oracle *o);

/* The oracle's view of one pair, for tracing a detector report (scord-accuracy --by-class):
** on `word`, the last access by hardware warp (sm, warp) and the last access before it by
** hardware warp (owner_sm, owner_warp), the owner the report names.  The clocks are the
** current ones, so call it right after the event that raised the report. */
typedef enum scord_oracle_verdict {
  SCORD_ORC_VERDICT_RACE,              /* the oracle finds this pair racing */
  SCORD_ORC_VERDICT_NO_OWNER_ACCESS,   /* no access of that owner to this word before it */
  SCORD_ORC_VERDICT_SAME_WARP,         /* one logical warp */
  SCORD_ORC_VERDICT_NO_WRITE,          /* both read */
  SCORD_ORC_VERDICT_ATOMIC_CHAIN,      /* linked atomics (rule 1) */
  SCORD_ORC_VERDICT_ORDERED,           /* happens-before without lock hand-offs (rules 2, 3) */
  SCORD_ORC_VERDICT_VISIBLE,           /* published or handed off, neither holding locks */
  SCORD_ORC_VERDICT_LOCKED,            /* published or handed off, a common lock of sufficient scope */
  SCORD_ORC_VERDICT_COUNT
} scord_oracle_verdict;
extern const char *const scord_oracle_verdict_name[SCORD_ORC_VERDICT_COUNT];
scord_oracle_verdict scord_oracle_explain(const scord_oracle *o, uint64_t word, unsigned owner_sm,
                                          unsigned owner_warp, unsigned sm, unsigned warp);
/* Free o and everything it holds; NULL is accepted. */
void scord_oracle_free(scord_oracle *o);
/* Apply one event (all its lanes), which must be valid for the configuration (the vector
** reader guarantees it).  Returns 0, -1 on allocation failure, or SCORD_ORC_INVALID when the
** stream is not one the oracle can judge exactly: an access or fence names a CTA slot other
** than the one its hardware warp belongs to, with no `cta` event between (the warp identity
** of docs/accuracy.md section 1); scord_oracle_error then says why, naming the field.  After
** an error o is unusable. */
#define SCORD_ORC_INVALID (-2)
int scord_oracle_apply(scord_oracle *o, const scord_event *ev);
/* The reason of the last SCORD_ORC_INVALID ("field cta=...: ..."), or "". */
const char *scord_oracle_error(const scord_oracle *o);
/* The unique races found so far, in the order found; *n gets their number.  The array
** stays valid until the next scord_oracle_apply or scord_oracle_free. */
const scord_oracle_race *scord_oracle_races(const scord_oracle *o, size_t *n);
/* Format one race as "oracle-race pc=0x.. addr=0x.. sm= cta= warp= kind= prev_sm= ..." (no
** newline); returns what snprintf returns. */
int scord_oracle_race_format(const scord_oracle_race *r, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
