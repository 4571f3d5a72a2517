/*
** litmus_check.c -- runs the exact oracle (oracle.h) over litmus vectors whose answer was
** derived by hand and written in the file's header, and compares (CTest oracle/litmus/NAME).
**
**   test_oracle_litmus FILE...
**
** The answer is one comment line, either
**   # oracle-races: none
**   # oracle-races: PC@ADDR[<PREVPC] ...    every unique race (pc of the later access, word),
**                                           optionally with the pc of its first racing earlier access
**   # oracle-error: LINE                    the oracle rejects the stream at that line
** The oracle's races must be exactly the listed keys (docs/accuracy.md section 2), each with the
** listed earlier pc when one is given.  Prints one PASS or FAIL line per file; exit 0 when every
** file passes, 1 when one fails, 2 on a file without an answer line or a reader error.
*/
#include "oracle.h"
#include "scord/vecread.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_KEYS 64

typedef struct want {
  bool error;              /* an oracle-error line */
  uint64_t error_line;
  size_t n;                /* listed keys */
  uint64_t pc[MAX_KEYS], addr[MAX_KEYS], prev[MAX_KEYS];
  bool has_prev[MAX_KEYS];
} want;

/* Parse the answer line of path into *w.  0, or -1 with a message on stderr. */
static int read_answer(const char *path, want *w) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "%s:0: cannot open\n", path);
    return -1;
  }
  char line[1024];
  unsigned long ln = 0;
  int found = 0;
  memset(w, 0, sizeof *w);
  while (fgets(line, sizeof line, f)) {
    ln++;
    char *p;
    if ((p = strstr(line, "# oracle-error:")) == line) {
      w->error = true;
      w->error_line = strtoull(p + 15, NULL, 0);
      found = 1;
    } else if ((p = strstr(line, "# oracle-races:")) == line) {
      found = 1;
      p += 15;
      for (;;) {
        while (*p == ' ') p++;
        if (*p == '\n' || !*p || !strncmp(p, "none", 4)) break;
        if (w->n == MAX_KEYS) {
          fprintf(stderr, "%s:%lu: oracle-races: more than %d keys\n", path, ln, MAX_KEYS);
          fclose(f);
          return -1;
        }
        char *e;
        w->pc[w->n] = strtoull(p, &e, 0);
        if (*e != '@') {
          fprintf(stderr, "%s:%lu: oracle-races: expected PC@ADDR at '%s'\n", path, ln, p);
          fclose(f);
          return -1;
        }
        w->addr[w->n] = strtoull(e + 1, &e, 0) & ~(uint64_t)3;
        if (*e == '<') {
          w->has_prev[w->n] = true;
          w->prev[w->n] = strtoull(e + 1, &e, 0);
        }
        w->n++;
        p = e;
      }
    }
  }
  fclose(f);
  if (!found) fprintf(stderr, "%s:0: no '# oracle-races:' or '# oracle-error:' line\n", path);
  return found ? 0 : -1;
}

/* Run one file; returns 0 pass, 1 fail, 2 input error. */
static int check_file(const char *path) {
  want w;
  if (read_answer(path, &w)) return 2;
  scord_vreader *r = scord_vr_open(path, NULL, 0);
  scord_oracle *o = NULL;
  scord_event ev;
  int rc, orc = 0, status = 0;
  uint64_t err_line = 0;
  while ((rc = scord_vr_next(r, &ev)) >= 0) {
    if (!o && !(o = scord_oracle_new(scord_vr_params(r)))) {
      rc = -1;
      break;
    }
    if (rc == 0) break;
    if ((orc = scord_oracle_apply(o, &ev)) != 0) {
      err_line = ev.line;
      break;
    }
  }
  if (rc < 0) {
    fprintf(stderr, "%s\n", scord_vr_error(r));
    status = 2;
  } else if (w.error) {
    if (orc != SCORD_ORC_INVALID || err_line != w.error_line) {
      printf("FAIL %s: expected the oracle to reject line %" PRIu64 ", got %s at line %" PRIu64 "\n", path,
             w.error_line, orc == SCORD_ORC_INVALID ? "a rejection" : orc ? "out of memory" : "no rejection",
             err_line);
      status = 1;
    } else {
      printf("PASS %s: rejected at line %" PRIu64 ": %s\n", path, err_line, scord_oracle_error(o));
    }
  } else if (orc) {
    printf("FAIL %s:%" PRIu64 ": the oracle stopped: %s\n", path, err_line,
           orc == SCORD_ORC_INVALID ? scord_oracle_error(o) : "out of memory");
    status = 1;
  } else {
    size_t n;
    const scord_oracle_race *rs = scord_oracle_races(o, &n);
    for (size_t i = 0; i < n; i++) {
      size_t j = 0;
      while (j < w.n && !(w.pc[j] == rs[i].pc && w.addr[j] == rs[i].addr)) j++;
      if (j == w.n) {
        printf("FAIL %s: unexpected race pc=0x%" PRIx64 " addr=0x%" PRIx64 " prev_pc=0x%" PRIx64 " why=%s\n",
               path, rs[i].pc, rs[i].addr, rs[i].prev_pc, scord_oracle_why_name[rs[i].why]);
        status = 1;
      } else if (w.has_prev[j] && w.prev[j] != rs[i].prev_pc) {
        printf("FAIL %s: race pc=0x%" PRIx64 " addr=0x%" PRIx64 " first against pc=0x%" PRIx64
               ", expected 0x%" PRIx64 "\n", path, rs[i].pc, rs[i].addr, rs[i].prev_pc, w.prev[j]);
        status = 1;
      }
    }
    for (size_t j = 0; j < w.n; j++) {
      size_t i = 0;
      while (i < n && !(w.pc[j] == rs[i].pc && w.addr[j] == rs[i].addr)) i++;
      if (i == n) {
        printf("FAIL %s: missing race pc=0x%" PRIx64 " addr=0x%" PRIx64 "\n", path, w.pc[j], w.addr[j]);
        status = 1;
      }
    }
    if (!status) printf("PASS %s: %zu race(s) as derived\n", path, n);
  }
  scord_oracle_free(o);
  scord_vr_close(r);
  return status;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: test_oracle_litmus FILE...\n");
    return 2;
  }
  int worst = 0;
  for (int i = 1; i < argc; i++) {
    int s = check_file(argv[i]);
    if (s > worst) worst = s;
  }
  return worst;
}
