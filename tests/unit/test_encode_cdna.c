/* Unit test: the builtin encoder's packed f32 fields (issue 25): per-source
 * op_sel / op_sel_hi / neg_lo / neg_hi of v_pk_*_f32 at gfx90a from the
 * operand flags (mir_vop3p_source), broadcast dwords at even and odd
 * registers (named as their aligned pair, both selects on the dword),
 * against the bytes of llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=gfx90a
 * -show-encoding for the assembly wavecc prints for the same machine IR
 * (tests/passes/emit-pk-f32.mir; recorded 2026-11-29, the comment after
 * each entry). Fails on main, whose text form has no selects. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/encode.h"
#include "mir/mir.h"
#include "target/target.h"
#include "util/arena.h"

static const struct {
  uint16_t opcode; /* VOP3P opcode field at gfx90a (isa_gfx90a.def) */
  const char *mir;
  uint32_t words[2];
} cases[] = {
  {0x31, "v[4:5] = v_pk_mul_f32 v[0:1], v[2:3]", {0xd3b14004u, 0x18020500u}}, /* v_pk_mul_f32 v[4:5], v[0:1], v[2:3] */
  /* v_pk_add_f32 v[4:5], v[4:5], v[2:3] op_sel:[0,1] op_sel_hi:[1,0] neg_lo:[0,1] neg_hi:[0,1] */
  {0x32, "v[4:5] = v_pk_add_f32 v[4:5], sel:10 neghi -v[2:3]", {0xd3b25204u, 0x48020504u}},
  /* v_pk_fma_f32 v[6:7], v[4:5], s[8:9], v[0:1] op_sel_hi:[1,0,1] (s8: an even broadcast) */
  {0x30, "v[6:7] = v_pk_fma_f32 v[4:5], s8, v[0:1]", {0xd3b04006u, 0x0c001104u}},
  /* v_pk_fma_f32 v[6:7], v[0:1], v[4:5], v[2:3] op_sel:[1,0,1] neg_lo:[0,0,1] neg_hi:[0,0,1] (v3: odd) */
  {0x30, "v[6:7] = v_pk_fma_f32 sel:11 v[0:1], v[4:5], neghi -v3", {0xd3b06c06u, 0x9c0a0900u}},
  /* v_pk_mul_f32 v[8:9], v[0:1], v[2:3] op_sel_hi:[0,1] neg_hi:[0,1] */
  {0x31, "v[8:9] = v_pk_mul_f32 sel:00 v[0:1], neghi v[2:3]", {0xd3b14208u, 0x10020500u}},
  /* v_pk_add_f32 v[8:9], v[8:9], s[10:11] op_sel:[1,0] neg_lo:[0,1] (v9: odd) */
  {0x32, "v[8:9] = v_pk_add_f32 v9, -s[10:11]", {0xd3b24808u, 0x58001508u}},
};

int main(void) {
  unsigned n = sizeof cases / sizeof cases[0], failures = 0;
  size_t cap = 1024;
  for (unsigned i = 0; i < n; i++) cap += strlen(cases[i].mir) + 4;
  char *text = malloc(cap);
  size_t len = (size_t)snprintf(text, cap, "kernel enc\ntarget gfx90a\nstate regs_assigned ssa_eliminated\nBB0:\n");
  for (unsigned i = 0; i < n; i++) len += (size_t)snprintf(text + len, cap - len, "  %s\n", cases[i].mir);
  arena mem;
  arena_init(&mem);
  char err[256];
  mir_program *p = mir_parse(&mem, text, err, sizeof err);
  if (!p || p->blocks[0].num_instrs != n) {
    fprintf(stderr, "parse: %s\n", p ? "wrong instruction count" : err);
    return 1;
  }
  diag d = {.file = "test_encode_cdna"};
  for (unsigned i = 0; i < n; i++) {
    isa_enc x = {true, (uint8_t)ISA_FMT_VOP3P, cases[i].opcode, NULL};
    uint32_t w[4] = {0};
    unsigned got = mir_encode_instr_as(&wavecc_target_gfx90a, p->blocks[0].instrs[i], &x, w, "enc", &d);
    if (got != 2 || w[0] != cases[i].words[0] || w[1] != cases[i].words[1]) {
      fprintf(stderr, "%s: got %u words %08x %08x, llvm-mc %08x %08x\n", cases[i].mir, got, w[0], w[1],
              cases[i].words[0], cases[i].words[1]);
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
  else printf("%u packed f32 encodings match llvm-mc\n", n);
  return failures != 0;
}
