/* Unit test: lane masks read from the target description, not assumed
 * (issue 23). A wave32 variant of the gfx900 description (wave_size 32,
 * lane_mask_dwords 1, as the RDNA targets have by default) must get the
 * _b32 lane-mask opcodes, a one-SGPR lane-mask class and EXEC/VCC operands
 * of one dword; gfx900 keeps the _b64 forms and pairs. The verifier
 * rejects an EXEC operand of two dwords and a _b64 saveexec on the wave32
 * target (a width some pass hard-coded), and accepts the same program on
 * gfx900. The s_waitcnt immediate comes from the target's counter fields
 * (encode, decode, the printer's counter syntax). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir/mir.h"
#include "target/isa.h"
#include "target/target.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static void test_lane_ops(const wavecc_target *w64, const wavecc_target *w32) {
  CHECK(wavecc_lane_op(w64, WAVECC_LANE_AND_SAVEEXEC) == ISA_S_AND_SAVEEXEC_B64);
  CHECK(wavecc_lane_op(w32, WAVECC_LANE_AND_SAVEEXEC) == ISA_S_AND_SAVEEXEC_B32);
  CHECK(wavecc_lane_op(w32, WAVECC_LANE_ANDN1_SAVEEXEC) == ISA_S_ANDN1_SAVEEXEC_B32);
  CHECK(wavecc_lane_op(w32, WAVECC_LANE_OR_SAVEEXEC) == ISA_S_OR_SAVEEXEC_B32);
  CHECK(wavecc_lane_op(w64, WAVECC_LANE_MOV) == ISA_S_MOV_B64 && wavecc_lane_op(w32, WAVECC_LANE_MOV) == ISA_S_MOV_B32);
  CHECK(wavecc_lane_op(w64, WAVECC_LANE_ANDN2) == ISA_S_ANDN2_B64 && wavecc_lane_op(w32, WAVECC_LANE_ANDN2) == ISA_S_ANDN2_B32);
  CHECK(wavecc_lane_op(w64, WAVECC_LANE_CSELECT) == ISA_S_CSELECT_B64 && wavecc_lane_op(w32, WAVECC_LANE_CSELECT) == ISA_S_CSELECT_B32);
  CHECK(wavecc_lane_op(w64, WAVECC_LANE_BCNT1) == ISA_S_BCNT1_I32_B64 && wavecc_lane_op(w32, WAVECC_LANE_BCNT1) == ISA_S_BCNT1_I32_B32);
  CHECK(wavecc_lane_op(w64, WAVECC_LANE_CMP_LG) == ISA_S_CMP_LG_U64 && wavecc_lane_op(w32, WAVECC_LANE_CMP_LG) == ISA_S_CMP_LG_U32);
  /* Every operation at every width: an opcode whose sources/destination
   * are as wide as the mask (the ISA table's signature), the way back by
   * wavecc_lane_kind, and the saveexec predicate. */
  for (unsigned k = 0; k < WAVECC_LANE_NUM_OPS; k++) {
    const wavecc_target *ts[2] = {w32, w64};
    for (unsigned i = 0; i < 2; i++) {
      isa_op op = wavecc_lane_op(ts[i], (wavecc_lane_opkind)k);
      unsigned dw = 0;
      CHECK(op < ISA_NUM_OPS);
      CHECK(wavecc_lane_kind(op, &dw) == k && dw == ts[i]->lane_mask_dwords);
      const char *sig = isa_table[op].sig;
      char f;
      unsigned width;
      const char *s = strchr(sig, ';') + 1; /* the first source is the mask */
      CHECK(isa_sig_entry(&s, &f, &width) && width == ts[i]->lane_mask_dwords);
      CHECK(wavecc_lane_is_saveexec((wavecc_lane_opkind)k) == ((isa_table[op].flags & ISA_F_WRITES_EXEC) != 0));
    }
  }
  CHECK(wavecc_lane_kind(ISA_S_ADD_U32, NULL) == WAVECC_LANE_NUM_OPS);
  CHECK(wavecc_wave_log2(w64) == 6 && wavecc_wave_log2(w32) == 5);
  CHECK(wavecc_wave_lanes(w32) == 0xffffffffull && wavecc_wave_lanes(w64) == ~0ull);
}

static void test_classes(const wavecc_target *w64, const wavecc_target *w32) {
  arena mem;
  arena_init(&mem);
  mir_program *p = mir_program_create(&mem, "k");
  CHECK(p->target == w64 && mir_rc_lanes(p) == mir_rc_s(2) && mir_lane_dwords(p) == 2);
  CHECK(mir_op_exec(p).size == 2 && mir_op_vcc(p).size == 2 && mir_op_exec(p).preg == MIR_PREG_EXEC);
  p->target = w32;
  CHECK(mir_rc_lanes(p) == mir_rc_s(1) && mir_lane_dwords(p) == 1);
  CHECK(mir_op_exec(p).size == 1 && mir_op_vcc(p).size == 1 && mir_op_vcc(p).preg == MIR_PREG_VCC);
  CHECK(mir_lane_op(p, WAVECC_LANE_XOR_SAVEEXEC) == ISA_S_XOR_SAVEEXEC_B32);
  char buf[16];
  mir_preg_format(buf, sizeof buf, MIR_PREG_EXEC, mir_lane_dwords(p));
  CHECK(!strcmp(buf, "exec_lo")); /* as llc-19 -mcpu=gfx1030 writes it */
  mir_preg_format(buf, sizeof buf, MIR_PREG_VCC, mir_lane_dwords(p));
  CHECK(!strcmp(buf, "vcc_lo"));
  arena_free(&mem);
}

/* Verifies `text` on target t; returns the number of problems. */
static int verify_on(const wavecc_target *t, const char *text) {
  arena mem;
  arena_init(&mem);
  char err[200];
  mir_program *p = mir_parse(&mem, text, err, sizeof err);
  int n = -1;
  if (!p) fprintf(stderr, "parse error: %s\n", err);
  else {
    p->target = t;
    FILE *devnull = getenv("LANES_VERBOSE") ? stderr : fopen("/dev/null", "w");
    n = mir_verify(p, false, "test", devnull);
    if (devnull && devnull != stderr) fclose(devnull);
  }
  arena_free(&mem);
  return n;
}

static void test_verifier(const wavecc_target *w64, const wavecc_target *w32) {
  const char *wide = "kernel k\nBB0:\n"
                     "  %1:s2 = s_mov_b64 exec\n"
                     "  exec = s_mov_b64 %1:s2\n"
                     "  s_endpgm\n";
  const char *saveexec64 = "kernel k\nBB0:\n"
                           "  %1:s2 = s_mov_b64 0\n"
                           "  %2:s2 = s_and_saveexec_b64 %1:s2\n"
                           "  s_endpgm\n";
  const char *narrow = "kernel k\nBB0:\n"
                       "  %1:s1 = s_mov_b32 exec_lo\n"
                       "  %2:s1 = s_and_saveexec_b32 %1:s1\n"
                       "  exec_lo = s_or_b32 exec_lo, %2:s1\n"
                       "  s_endpgm\n";
  const char *cmp1 = "kernel k\nBB0:\n"
                     "  %1:v1 = v_mov_b32 0\n"
                     "  %2:s1 = v_cmp_gt_u32 5, %1:v1 vop3\n"
                     "  s_endpgm\n";
  const char *cmp2 = "kernel k\nBB0:\n"
                     "  %1:v1 = v_mov_b32 0\n"
                     "  %2:s2 = v_cmp_gt_u32 5, %1:v1 vop3\n"
                     "  s_endpgm\n";
  CHECK(verify_on(w32, cmp1) == 0 && verify_on(w32, cmp2) == 1); /* a compare's mask: one SGPR in wave32 */
  CHECK(verify_on(w64, cmp2) == 0 && verify_on(w64, cmp1) == 1);
  CHECK(verify_on(w64, wide) == 0);
  CHECK(verify_on(w32, wide) == 4); /* both EXEC operands, both as wide, both s_mov_b64 */
  CHECK(verify_on(w64, saveexec64) == 0);
  CHECK(verify_on(w32, saveexec64) == 1);
  CHECK(verify_on(w32, narrow) == 0);
  CHECK(verify_on(w64, narrow) >= 1); /* s_and_saveexec_b32 on wave64 */
}

/* The s_waitcnt immediate from the target's counter fields: gfx900's and
 * gfx1030's values as llvm-mc-19 encodes them; the printer follows the
 * program's target. */
static void test_waitcnt(const wavecc_target *w64) {
  unsigned cnt[WAVECC_NUM_COUNTERS] = {[WAVECC_CNT_VM] = 0, [WAVECC_CNT_EXP] = 7, [WAVECC_CNT_LGKM] = 15};
  CHECK(wavecc_waitcnt_encode(w64, cnt) == 0x0f70);
  cnt[WAVECC_CNT_VM] = 37;
  cnt[WAVECC_CNT_LGKM] = 3;
  CHECK(wavecc_waitcnt_encode(w64, cnt) == (5u | 2u << 14 | 7u << 4 | 3u << 8));
  CHECK(wavecc_waitcnt_none(w64) == 0xcf7f);
  unsigned back[WAVECC_NUM_COUNTERS];
  wavecc_waitcnt_decode(w64, 0xc07f, back);
  CHECK(back[WAVECC_CNT_VM] == 63 && back[WAVECC_CNT_EXP] == 7 && back[WAVECC_CNT_LGKM] == 0);
  CHECK(!strcmp(wavecc_counter_name(WAVECC_CNT_LGKM), "lgkmcnt") && !strcmp(wavecc_counter_name(WAVECC_CNT_VM), "vmcnt"));

  /* gfx1030: lgkmcnt 6 bits at [13:8], vscnt not in s_waitcnt (llvm-mc-19
   * -mcpu=gfx1030: lgkmcnt(40) is 0xe87f, vmcnt(5) lgkmcnt(3) 0x0375) */
  const wavecc_target *rdna = wavecc_target_by_name("gfx1030");
  CHECK(rdna != NULL);
  if (!rdna) return;
  CHECK(wavecc_counter_in_waitcnt(rdna, WAVECC_CNT_LGKM) && !wavecc_counter_in_waitcnt(rdna, WAVECC_CNT_VS) &&
        !wavecc_counter_in_waitcnt(w64, WAVECC_CNT_VS));
  CHECK(wavecc_counter_max(rdna, WAVECC_CNT_LGKM) == 63 && wavecc_waitcnt_none(rdna) == 0xff7f);
  unsigned c2[WAVECC_NUM_COUNTERS] = {[WAVECC_CNT_VM] = 63, [WAVECC_CNT_EXP] = 7, [WAVECC_CNT_LGKM] = 40,
                                      [WAVECC_CNT_VS] = 0};
  uint16_t imm = wavecc_waitcnt_encode(rdna, c2);
  CHECK(imm == 0xe87f);
  unsigned c3[WAVECC_NUM_COUNTERS] = {[WAVECC_CNT_VM] = 5, [WAVECC_CNT_EXP] = 7, [WAVECC_CNT_LGKM] = 3, [WAVECC_CNT_VS] = 63};
  CHECK(wavecc_waitcnt_encode(rdna, c3) == 0x0375);
  wavecc_waitcnt_decode(rdna, 0xe87f, back);
  CHECK(back[WAVECC_CNT_LGKM] == 40 && back[WAVECC_CNT_VM] == 63 && back[WAVECC_CNT_VS] == 63);
  arena mem;
  arena_init(&mem);
  mir_program *p = mir_program_create(&mem, "k");
  mir_instr *w = mir_instr_create(p, ISA_S_WAITCNT, 0, 0);
  w->offset = imm;
  char buf[64] = "";
  FILE *f = fmemopen(buf, sizeof buf - 1, "w");
  p->target = rdna;
  if (f) {
    mir_print_instr(f, p, w);
    fclose(f);
  }
  CHECK(!strcmp(buf, "s_waitcnt lgkmcnt(40)"));
  arena_free(&mem);
}

int main(void) {
  const wavecc_target *w64 = &wavecc_target_gfx900;
  wavecc_target w32 = wavecc_target_gfx900;
  w32.name = "wave32-test";
  w32.wave_size = 32;
  w32.lane_mask_dwords = 1;
  test_lane_ops(w64, &w32);
  const wavecc_target *g1030 = wavecc_target_by_name("gfx1030");
  CHECK(g1030 && g1030->wave_size == 32 && g1030->lane_mask_dwords == 1);
  if (g1030) test_lane_ops(w64, g1030);
  test_classes(w64, &w32);
  /* the real wave32 target: the verifier also checks that the family has each instruction */
  test_verifier(w64, g1030 ? g1030 : &w32);
  test_waitcnt(w64);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
