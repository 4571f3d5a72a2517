/*
** test_badinput.c -- every bad-input case of the foundation issue, run through the real
** scord-vec binary: each must exit 2 and print "FILE:LINE: message" naming the field.
** Usage: test_badinput PATH-TO-scord-vec TMPDIR
*/
#include "check.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

typedef struct bad {
  const char *name;
  const char *text;     /* file content; NULL = do not create the file */
  const char *args;     /* extra scord-vec arguments */
  int line;             /* expected line in the message */
  const char *needle;   /* expected text in the message */
} bad;

#define HDR "scord-vectors 1\n"
#define HDR2 "scord-vectors 2\n"
static const bad cases[] = {
    {"missing_header", "ld sm=0 cta=0 warp=0 addr=0xC0000000\n", "", 1, "missing header"},
    {"wrong_header", "scord-vectors 3\n", "", 1, "unsupported header"},
    {"unknown_keyword", HDR "load sm=0 cta=0 warp=0 addr=0xC0000000\n", "", 2, "unknown keyword 'load'"},
    {"unknown_key", HDR "ld sm=0 cta=0 warp=0 addr=0xC0000000 lanes=3\n", "", 2, "unknown key 'lanes'"},
    {"duplicate_key", HDR "ld sm=0 cta=0 warp=0 addr=0xC0000000 sm=1\n", "", 2, "duplicate key 'sm'"},
    {"missing_field", HDR "# c\n\nst sm=0 cta=0 addr=0xC0000000\n", "", 4, "missing required field 'warp'"},
    {"non_numeric", HDR "ld sm=0 cta=0 warp=zero addr=0xC0000000\n", "", 2, "field 'warp'"},
    {"bad_hex", HDR "ld sm=0 cta=0 warp=0 addr=0xC000000G\n", "", 2, "field 'addr'"},
    {"overflow_number", HDR "ld sm=0 cta=0 warp=0 addr=0x1C0000000000000000\n", "", 2, "does not fit in 64 bits"},
    {"negative", HDR "ld sm=0 cta=0 warp=0 addr=-4\n", "", 2, "negative"},
    {"sm_beyond", HDR "config num_sms=2\nld sm=2 cta=0 warp=0 addr=0xC0000000\n", "", 3, "sm=2 is beyond"},
    {"cta_beyond", HDR "fence sm=0 cta=8 warp=0 scope=cta\n", "", 2, "cta=8 is beyond"},
    {"warp_beyond", HDR "st sm=0 cta=0 warp=32 addr=0xC0000000\n", "", 2, "warp=32 is beyond"},
    {"unknown_op", HDR "atom sm=0 cta=0 warp=0 addr=0xC0000000 op=nand scope=gpu\n", "", 2, "unknown op 'nand'"},
    {"unknown_scope", HDR "fence sm=0 cta=0 warp=0 scope=grid\n", "", 2, "unknown scope 'grid'"},
    {"config_after_event", HDR "bar sm=0 cta=0\nconfig num_sms=4\n", "", 3, "after the first event"},
    {"unknown_config_key", HDR "config num_gpus=2\n", "", 2, "unknown key 'num_gpus'"},
    {"impossible_config", HDR "config md_ratio=32\nkernel\n", "", 2, "md_ratio=32"},
    {"impossible_config2", HDR "config tag_bits=4\nconfig md_ratio=32\n", "", 3, "tag_bits=4"},
    {"config_dup_lines", HDR "config num_sms=2\nconfig num_sms=3\n", "", 3, "already set at line 2"},
    {"cli_config_impossible", HDR "kernel\n", "--config md_ratio=64", 0, "md_ratio=64"},
    {"empty_file", "", "", 1, "empty file"},
    {"comments_only", "# nothing\n\n", "", 2, "no 'scord-vectors 1' header"},
    {"nonexistent", NULL, "", 0, "cannot open file"},
    {"mid_line_eof", HDR "bar sm=0 cta=0", "", 2, "ends mid-line"},
    {"long_line", NULL /* built below */, "", 2, "line longer than"},
    {"operand_too_wide", HDR "atom sm=0 cta=0 warp=0 addr=0xC0000000 op=cas scope=gpu cmp=0x100000000\n", "", 2, "32 bits"},
    {"lanes_too_many", HDR "ld sm=0 cta=0 warp=0 addr=0xC0000000 n=33\n", "", 2, "n=33"},
    {"addr_too_wide", HDR "ld sm=0 cta=0 warp=0 addr=0x1000000000000\n", "", 2, "addr_bits=48"},
    {"flag_with_value", HDR "ld sm=0 cta=0 warp=0 addr=0xC0000000 volatile=1\n", "", 2, "flag"},
    {"expect_bad_type", HDR "expect type=data_race addr=0xC0000000\n", "", 2, "unknown race type"},
    {"cta_warps_beyond", HDR "cta sm=0 cta=0 first_warp=30 warps=4\n", "", 2, "beyond"},
    {"nul_byte", NULL, "", 2, "NUL"},
    /* file format 2 (vectors.md v2.0) */
    {"sem_in_format1", HDR "ld sm=0 cta=0 warp=0 addr=0xC0000000 sem=acquire scope=gpu\n", "", 2, "field 'sem' needs file format 2"},
    {"lane_in_format1", HDR "st sm=0 cta=0 warp=0 addr=0xC0000000 lane=3\n", "", 2, "field 'lane' needs file format 2"},
    {"syncwarp_in_format1", HDR "syncwarp sm=0 cta=0 warp=0\n", "", 2, "'syncwarp' needs file format 2"},
    {"spec_in_format1", HDR "expect type=strong addr=0xC0000000 spec=2\n", "", 2, "field 'spec' needs file format 2"},
    {"sem_wrong_for_ld", HDR2 "ld sm=0 cta=0 warp=0 addr=0xC0000000 sem=release scope=gpu\n", "", 2, "field 'sem': 'release' is not one of: relaxed acquire"},
    {"sem_wrong_for_fence", HDR2 "fence sm=0 cta=0 warp=0 scope=gpu sem=acquire\n", "", 2, "field 'sem': 'acquire' is not one of: sc acq_rel"},
    {"sem_prefix", HDR2 "atom sm=0 cta=0 warp=0 addr=0xC0000000 op=add scope=gpu sem=acq\n", "", 2, "field 'sem': 'acq'"},
    {"sem_without_scope", HDR2 "st sm=0 cta=0 warp=0 addr=0xC0000000 sem=release\n", "", 2, "'sem' and 'scope' go together"},
    {"scope_without_sem", HDR2 "# c\nld sm=0 cta=0 warp=0 addr=0xC0000000 scope=gpu\n", "", 3, "'sem' and 'scope' go together"},
    {"lane_beyond", HDR2 "ld sm=0 cta=0 warp=0 addr=0xC0000000 lane=30 n=4\n", "", 2, "lane=30 with n=4"},
    {"expect_spec_range", HDR2 "expect type=strong addr=0xC0000000 spec=3\n", "", 2, "spec=3 out of range"},
    {"mnemonic_in_format1", HDR "ld.acquire sm=0 cta=0 warp=0 addr=0xC0000000 scope=gpu\n", "", 2, "'ld.acquire' needs file format 2"},
    {"mnemonic_bad_order", HDR2 "st.acquire sm=0 cta=0 warp=0 addr=0xC0000000 scope=gpu\n", "", 2, "field 'sem': 'acquire' is not one of: relaxed release"},
    {"mnemonic_and_sem", HDR2 "ld.acquire sm=0 cta=0 warp=0 addr=0xC0000000 scope=gpu sem=acquire\n", "", 2, "field 'sem' given twice"},
    {"mnemonic_no_order", HDR2 "bar.sync sm=0 cta=0\n", "", 2, "unknown keyword 'bar.sync'"},
    {"scrub_narrow_fence", HDR2 "config spec_version=2 fence_id_bits=1\nkernel\n", "", 2, "fence_scrub=1 with spec_version=2 needs fence_id_bits >= 2"},
};

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: test_badinput SCORD_VEC TMPDIR\n");
    return 2;
  }
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const bad *c = &cases[i];
    char path[1024], errp[1100], cmd[4096];
    snprintf(path, sizeof path, "%s/bad_%s.vec", argv[2], c->name);
    snprintf(errp, sizeof errp, "%s.err", path);
    remove(path);
    if (c->text || strcmp(c->name, "long_line") == 0 || strcmp(c->name, "nul_byte") == 0) {
      FILE *f = fopen(path, "wb");
      if (!f) { perror(path); return 2; }
      if (c->text) fputs(c->text, f);
      else if (strcmp(c->name, "long_line") == 0) {
        fputs(HDR "ld sm=0 cta=0 warp=0 addr=0xC0000000 ", f);
        for (int k = 0; k < 5000; k++) fputc(' ', f);
        fputs("\n", f);
      } else {
        fputs(HDR "bar sm=0", f);
        fputc(0, f);
        fputs(" cta=0\n", f);
      }
      fclose(f);
    }
    snprintf(cmd, sizeof cmd, "'%s' %s '%s' >/dev/null 2>'%s'", argv[1], c->args, path, errp);
    int st = system(cmd);
    int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    char msg[2048] = "";
    FILE *e = fopen(errp, "r");
    if (e) {
      size_t n = fread(msg, 1, sizeof msg - 1, e);
      msg[n] = 0;
      fclose(e);
    }
    char prefix[1100];
    snprintf(prefix, sizeof prefix, "%s:%d: ", path, c->line);
    bool ok = code == 2 && strstr(msg, prefix) == msg && strstr(msg, c->needle) != NULL;
    if (!ok) fprintf(stderr, "case %s: exit %d, message: %s(wanted prefix '%s' and '%s')\n", c->name, code, msg, prefix, c->needle);
    CHECK(ok);
  }
  return check_report("test_badinput");
}
