/* Unit test: the builtin encoder (src/emit/encode.c), one or more
 * instructions of every format it writes, against the bytes llvm-mc-19
 * prints for the assembly wavecc's printer writes for the same machine
 * IR (`wavecc-opt -emit-asm` | `llvm-mc-19 -triple=amdgcn-amd-amdhsa
 * -mcpu=gfx900 -show-encoding`, recorded 2026-11-23; the comment after
 * each entry is that assembly). The branch is encoded with simm16 = 0:
 * offsets are resolved per function (mir_encode_function), and the
 * corpus cross-check (--assembler=check) covers them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/encode.h"
#include "mir/mir.h"
#include "util/arena.h"

static const struct {
  const char *mir;
  uint32_t words[3];
  unsigned n;
} cases[] = {
#include "test_encode_cases.inc"
};

int main(void) {
  unsigned n = sizeof cases / sizeof cases[0], failures = 0;
  size_t cap = 4096;
  for (unsigned i = 0; i < n; i++) cap += strlen(cases[i].mir) + 4;
  char *text = malloc(cap);
  size_t len = (size_t)snprintf(text, cap,
                                "kernel enc\nstate regs_assigned ssa_eliminated\n"
                                "abi kernarg_segment_ptr workgroup_id_x workitem_id_dims=0 kernarg_size=8 kernarg_align=8\n"
                                "BB0:\n");
  for (unsigned i = 0; i < n; i++) len += (size_t)snprintf(text + len, cap - len, "  %s\n", cases[i].mir);
  arena mem;
  arena_init(&mem);
  char err[256];
  mir_program *p = mir_parse(&mem, text, err, sizeof err);
  if (!p) {
    fprintf(stderr, "parse: %s\n", err);
    return 1;
  }
  if (p->blocks[0].num_instrs != n) {
    fprintf(stderr, "parsed %u instructions, expected %u\n", p->blocks[0].num_instrs, n);
    return 1;
  }
  diag d = {.file = "test_encode"};
  for (unsigned i = 0; i < n; i++) {
    uint32_t w[4] = {0};
    unsigned got = mir_encode_instr(p->target, p->blocks[0].instrs[i], w, "enc", &d);
    bool ok = got == cases[i].n;
    for (unsigned k = 0; ok && k < got; k++) ok = w[k] == cases[i].words[k];
    if (!ok) {
      fprintf(stderr, "%s: got", cases[i].mir);
      for (unsigned k = 0; k < got; k++) fprintf(stderr, " %08x", w[k]);
      fprintf(stderr, ", llvm-mc");
      for (unsigned k = 0; k < cases[i].n; k++) fprintf(stderr, " %08x", cases[i].words[k]);
      fputc('\n', stderr);
      failures++;
    }
  }
  char *msgs = diag_take(&d);
  if (msgs) {
    fputs(msgs, stderr);
    free(msgs);
  }
  arena_free(&mem);
  free(text);
  if (failures) fprintf(stderr, "%u of %u failed\n", failures, n);
  else printf("%u encodings match llvm-mc\n", n);
  return failures != 0;
}
