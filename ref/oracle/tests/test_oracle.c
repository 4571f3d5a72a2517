/*
** test_oracle.c -- unit tests of the exact race oracle (ref/oracle/oracle.h) from litmus
** streams whose race counts were derived by hand from the race definition of
** docs/accuracy.md section 1, independently of the detector's rules (no detector code is
** run here).  Each case is a vector text parsed by the existing reader; the expected
** number of unique races (pc of the later access, word) and the reason are in its comment.
** Names: W0 = sm0 cta0 warp0, W1 = sm0 cta0 warp1 (same block), V0 = sm1 cta0 warp0
** (another block).  D, X = data words, F = flag, L = lock word.
*/
#include "oracle.h"
#include "scord/vecread.h"
#include "check.h"

#include <string.h>

#define HDR "scord-vectors 1\nconfig num_sms=2\n"
#define W0 "sm=0 cta=0 warp=0 "
#define W1 "sm=0 cta=0 warp=1 "
#define V0 "sm=1 cta=0 warp=0 "
#define X "addr=0xC0000100 "
#define F "addr=0xC0000200 "
#define L "addr=0xC0001040 "
#define ACQ(who, sc) "atom " who L "op=cas scope=" sc " cmp=0 val=1 old=0 pc=0x1\n"
#define REL(who, sc) "atom " who L "op=exch scope=" sc " val=0 pc=0x2\n"
#define FENCE(who, sc) "fence " who "scope=" sc "\n"

/* Run text through a fresh oracle; returns the unique race count, or -1 on a read error. */
static long run(const char *name, const char *text) {
  scord_vreader *r = scord_vr_open_mem(name, text, strlen(text), NULL, 0);
  scord_oracle *o = NULL;
  scord_event ev;
  long n = -1;
  int rc;
  while ((rc = scord_vr_next(r, &ev)) >= 0) {
    if (!o) o = scord_oracle_new(scord_vr_params(r));
    if (rc == 0) break;
    if (scord_oracle_apply(o, &ev)) break;
  }
  if (rc < 0) fprintf(stderr, "%s: %s\n", name, scord_vr_error(r));
  if (rc == 0) {
    size_t k;
    scord_oracle_races(o, &k);
    n = (long)k;
  }
  scord_oracle_free(o);
  scord_vr_close(r);
  return n;
}

#define CASE(expected, name, text)                                                   \
  do {                                                                               \
    long got_ = run(name, HDR text);                                                 \
    if (got_ != (expected)) fprintf(stderr, "case %s: %ld races, expected %d\n", name, got_, expected); \
    CHECK_EQ(got_, expected);                                                        \
  } while (0)

int main(void) {
  /* --- message passing, data as its own flag: the writer's fence scope decides. --- */
  /* Block fence, reader in the same block: visible in the block, both strong: 0. */
  CASE(0, "mp_blkfence_sameblock", "st " W0 X "volatile pc=0x10\n" FENCE(W0, "cta") "ld " W1 X "volatile pc=0x20\n");
  /* Block fence, reader in another block: not visible at device scope: 1 (ld pc 0x20). */
  CASE(1, "mp_blkfence_otherblock", "st " W0 X "volatile pc=0x10\n" FENCE(W0, "cta") "ld " V0 X "volatile pc=0x20\n");
  /* Device fence, reader in another block: 0. */
  CASE(0, "mp_devfence_otherblock", "st " W0 X "volatile pc=0x10\n" FENCE(W0, "gpu") "ld " V0 X "volatile pc=0x20\n");
  /* No fence at all, same block: 1. */
  CASE(1, "mp_nofence_sameblock", "st " W0 X "volatile pc=0x10\n" "ld " W1 X "volatile pc=0x20\n");
  /* The fence comes after the reader's load in stream order: 1. */
  CASE(1, "mp_fence_too_late", "st " W0 X "volatile pc=0x10\n" "ld " V0 X "volatile pc=0x20\n" FENCE(W0, "gpu"));

  /* --- message passing with an atomic flag (HRF-indirect release/acquire). --- */
  /* Device release (fence gpu; exch F gpu), device acquire (atom F gpu; fence gpu): 0. */
  CASE(0, "mp_flag_dev",
       "st " W0 X "volatile pc=0x10\n" FENCE(W0, "gpu") "atom " W0 F "op=exch scope=gpu val=1 pc=0x14\n"
       "atom " V0 F "op=add scope=gpu val=0 pc=0x20\n" FENCE(V0, "gpu") "ld " V0 X "volatile pc=0x24\n");
  /* Block-scope release across blocks: the flag atomic is a scoped-atomic race (pc 0x20) and
  ** the data is neither visible (cta fence) nor synchronised (cta flag): 2. */
  CASE(2, "mp_flag_blk_otherblock",
       "st " W0 X "volatile pc=0x10\n" FENCE(W0, "cta") "atom " W0 F "op=exch scope=cta val=1 pc=0x14\n"
       "atom " V0 F "op=add scope=gpu val=0 pc=0x20\n" FENCE(V0, "gpu") "ld " V0 X "volatile pc=0x24\n");
  /* Cumulativity: W1 reads W0's block-visible store, then fences at device scope; block 8's
  ** store is then ordered after both: 0. */
  CASE(0, "cumulative_chain",
       "st " W0 X "volatile pc=0x10\n" FENCE(W0, "cta") "ld " W1 X "volatile pc=0x20\n" FENCE(W1, "gpu")
       "st " V0 X "volatile pc=0x30\n");
  /* Full history: W1 reads the store, but never fences at device scope: block 8's load still
  ** races with W0's store (ScoRD's reader-ownership hides this): 1. */
  CASE(1, "history_not_last_owner",
       "st " W0 X "volatile pc=0x10\n" FENCE(W0, "cta") "ld " W1 X "volatile pc=0x20\n"
       "ld " V0 X "volatile pc=0x30\n");

  /* Visibility without an acquire is trusted only through observation: a barrier followed by
  ** another warp's device fence does not publish W0's store to block 8 (no acquire there): 1. */
  CASE(1, "bar_then_other_warp_fence",
       "st " W0 X "volatile pc=0x10\n" FENCE(W0, "cta") "bar sm=0 cta=0\n" FENCE(W1, "gpu")
       "ld " V0 X "volatile pc=0x30\n");

  /* --- CTA barrier. --- */
  /* Plain accesses of two warps of one CTA across a barrier: 0. */
  CASE(0, "bar_orders", "st " W0 X "pc=0x10\nbar sm=0 cta=0\nld " W1 X "pc=0x20\n");
  /* Without the barrier: 1. */
  CASE(1, "bar_missing", "st " W0 X "pc=0x10\nld " W1 X "pc=0x20\n");
  /* A barrier of another CTA does not order block 0 and block 8: 1. */
  CASE(1, "bar_other_cta", "st " W0 X "pc=0x10\nbar sm=1 cta=0\nld " V0 X "pc=0x20\n");
  /* A new CTA in the same slot is new threads, unordered with the old CTA: 1. */
  CASE(1, "cta_reuse", "st " W0 X "pc=0x10\ncta sm=0 cta=0 first_warp=0 warps=1\nst " W0 X "pc=0x20\n");
  /* A kernel boundary orders everything before it: 0. */
  CASE(0, "kernel_boundary", "st " W0 X "pc=0x10\nkernel\nst " V0 X "pc=0x20\n");

  /* --- scoped atomics (both scopes must include both warps, chains compose). --- */
  CASE(0, "atom_blk_sameblock", "atom " W0 X "op=add scope=cta val=1 pc=0x10\natom " W1 X "op=add scope=cta val=1 pc=0x20\n");
  CASE(1, "atom_blk_otherblock", "atom " W0 X "op=add scope=cta val=1 pc=0x10\natom " V0 X "op=add scope=cta val=1 pc=0x20\n");
  CASE(1, "atom_blk_then_dev", "atom " W0 X "op=add scope=cta val=1 pc=0x10\natom " V0 X "op=add scope=gpu val=1 pc=0x20\n");
  /* The later atomic's block scope excludes W0: 1. */
  CASE(1, "atom_dev_then_blk", "atom " W0 X "op=add scope=gpu val=1 pc=0x10\natom " V0 X "op=add scope=cta val=1 pc=0x20\n");
  CASE(0, "atom_chain_blk_dev",
       "atom " W0 X "op=add scope=cta val=1 pc=0x10\natom " W1 X "op=add scope=gpu val=1 pc=0x20\n"
       "atom " V0 X "op=add scope=gpu val=1 pc=0x30\n");
  /* A block-scope atomic stays a race for another block even after a device fence: 1. */
  CASE(1, "atom_blk_fence_dev", "atom " W0 X "op=add scope=cta val=1 pc=0x10\n" FENCE(W0, "gpu") "ld " V0 X "volatile pc=0x20\n");
  /* An atomic does not order a plain store of another block: 1. */
  CASE(1, "atom_then_plain", "atom " W0 X "op=add scope=gpu val=1 pc=0x10\nst " V0 X "pc=0x20\n");

  /* --- locks (acquire: cas 0->1 returning 0 then fence; release: fence then exch 0). --- */
#define CS(who, acqf, relf, sc, pc) ACQ(who, sc) acqf "st " who X "volatile pc=" pc "\n" relf REL(who, sc)
  /* Correct device lock across blocks: 0. */
  CASE(0, "lock_dev_correct", CS(W0, FENCE(W0, "gpu"), FENCE(W0, "gpu"), "gpu", "0x10") CS(V0, FENCE(V0, "gpu"), FENCE(V0, "gpu"), "gpu", "0x20"));
  /* Missing acquire fence in block 8 (lock never active, no acquire): 1 (X at 0x20). */
  CASE(1, "lock_missing_acq_fence", CS(W0, FENCE(W0, "gpu"), FENCE(W0, "gpu"), "gpu", "0x10") CS(V0, "", FENCE(V0, "gpu"), "gpu", "0x20"));
  /* Missing release fence in block 0 (the store is never released nor visible): 1. */
  CASE(1, "lock_missing_rel_fence", CS(W0, FENCE(W0, "gpu"), "", "gpu", "0x10") CS(V0, FENCE(V0, "gpu"), FENCE(V0, "gpu"), "gpu", "0x20"));
  /* Device lock acquired with only a block fence in block 8: lock inactive, acquire too
  ** narrow: 1. */
  CASE(1, "lock_dev_acq_blkfence", CS(W0, FENCE(W0, "gpu"), FENCE(W0, "gpu"), "gpu", "0x10") CS(V0, FENCE(V0, "cta"), FENCE(V0, "gpu"), "gpu", "0x20"));
  /* Block-scope lock across blocks: X races (1), and block 8's cas and exch on L race with
  ** block 0's block-scope atomics on L (2 more: pcs 0x1 and 0x2 of V0): 3. */
  CASE(3, "lock_blk_otherblock", CS(W0, FENCE(W0, "cta"), FENCE(W0, "cta"), "cta", "0x10") CS(V0, FENCE(V0, "cta"), FENCE(V0, "cta"), "cta", "0x20"));
  /* Block-scope lock within one block: 0. */
  CASE(0, "lock_blk_sameblock", CS(W0, FENCE(W0, "cta"), FENCE(W0, "cta"), "cta", "0x10") CS(W1, FENCE(W1, "cta"), FENCE(W1, "cta"), "cta", "0x20"));
  /* One side unlocked (lock discipline broken, no acquire): 1. */
  CASE(1, "lock_one_side_unlocked", CS(W0, FENCE(W0, "gpu"), FENCE(W0, "gpu"), "gpu", "0x10") "st " V0 X "volatile pc=0x20\n");
  /* Different locks on the two sides: 1. */
  CASE(1, "lock_different_locks",
       CS(W0, FENCE(W0, "gpu"), FENCE(W0, "gpu"), "gpu", "0x10")
       "atom " V0 "addr=0xC0001080 op=cas scope=gpu cmp=0 val=1 old=0 pc=0x3\n" FENCE(V0, "gpu")
       "st " V0 X "volatile pc=0x20\n" FENCE(V0, "gpu") "atom " V0 "addr=0xC0001080 op=exch scope=gpu val=0 pc=0x4\n");
  /* Hand-off through the lock, then an unlocked access: ordered only by the lock's release
  ** and acquire, and no common lock (the lock hybrid): 1. */
  CASE(1, "lock_handoff_then_unlocked",
       CS(W0, FENCE(W0, "gpu"), FENCE(W0, "gpu"), "gpu", "0x10") ACQ(V0, "gpu") FENCE(V0, "gpu") FENCE(V0, "gpu") REL(V0, "gpu")
       "st " V0 X "volatile pc=0x20\n");

  /* --- strong vs weak. --- */
  /* A plain store made visible by a device fence, read by another block: not both strong: 1. */
  CASE(1, "weak_store", "st " W0 X "pc=0x10\n" FENCE(W0, "gpu") "ld " V0 X "volatile pc=0x20\n");
  /* Same with a plain load: 1. */
  CASE(1, "weak_load", "st " W0 X "volatile pc=0x10\n" FENCE(W0, "gpu") "ld " V0 X "pc=0x20\n");
  /* With strong_ops=0 the strong check is off: 0. */
  CASE(0, "weak_strong_ops_off", "config strong_ops=0\nst " W0 X "pc=0x10\n" FENCE(W0, "gpu") "ld " V0 X "pc=0x20\n");

  /* --- counting. --- */
  /* One instruction of 2 lanes racing on 2 words: 2 unique races. */
  CASE(2, "count_lanes", "st " W0 X "n=2 pc=0x10\nst " V0 X "n=2 pc=0x20\n");
  /* Keys (0x20, X) and (0x30, X) race; the second dynamic instance of pc 0x20 races again
  ** with W0's 0x30 but is the same key, counted once: 2. */
  CASE(2, "count_same_pc", "st " W0 X "pc=0x10\nst " V0 X "pc=0x20\nst " W0 X "pc=0x30\nst " V0 X "pc=0x20\n");
  /* Reads never race with reads: 0. */
  CASE(0, "read_read", "ld " W0 X "pc=0x10\nld " V0 X "pc=0x20\n");
  /* The same warp never races with itself: 0. */
  CASE(0, "same_warp", "st " W0 X "pc=0x10\nld " W0 X "pc=0x20\nst " W0 X "pc=0x30\n");
  return check_report("test_oracle");
}
