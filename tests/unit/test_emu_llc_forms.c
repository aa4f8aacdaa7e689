/* Unit test: instructions llc-19 emits at CDNA and RDNA that the emulator
 * did not run (they hid llc-19's code from the LLVM-test differential,
 * tests/llvm-coverage known-differences.gfx942.txt), each assembled with
 * llvm-mc-19 at the processor that has it and run on the emulator:
 * - the VOP2 v_dot2c_f32_f16 (gfx90a, gfx942, gfx1030; gfx11's
 *   v_dot2acc_f32_f16, also as a VOPD half): D.f32 += S0.f16[0] *
 *   S1.f16[0] + S0.f16[1] * S1.f16[1]; its inline float constant is the
 *   half in the low half and 0 above (LLVM 19 getInlineEncodingV216:
 *   llc-19 writes fdot2(a, <1.0, 0.0>) as 1.0 and <1.0, 1.0> as the
 *   literal 0x3c003c00);
 * - the VOP3P v_dot2_f32_f16 with inline constants: f16 pattern for its
 *   packed sources (op_sel_hi 0 repeats the low half: llc-19's
 *   <1.0, 1.0>), f32 pattern for the f32 addend; before, every source got
 *   the f32 pattern (1.0 read as the halves (0, 1.875));
 * - an MFMA whose C operand is an inline constant (llc-19's
 *   mfma(a, b, splat 1.0)): every element of C that value, f32 or f64;
 * - flat f32 atomics: gfx942 flat_atomic_add_f32, gfx1030
 *   flat_atomic_fmin/fmax, gfx11 flat_atomic_add/min/max_f32, with and
 *   without the returned value.
 * Sources: CDNA 2 / CDNA 3 / RDNA 2 / RDNA 3 ISA guides (VOP2, VOP3P,
 * FLAT opcodes); expected values by hand (exact in f32). */
#include "test_emu_util.h"

/* The processor's spellings of the few instructions the bodies share. */
typedef struct cpu_syntax {
  const char *cpu;
  unsigned wave;
  int gfx11, gfx10;
  const char *kd; /* CDNA: the AGPR split llvm-mc asks for */
} cpu_syntax;

#define CDNA_KD "  .amdhsa_accum_offset 64\n"
static const cpu_syntax GFX90A = {"gfx90a", 64, 0, 0, CDNA_KD}, GFX942 = {"gfx942", 64, 0, 0, CDNA_KD},
                        GFX1030 = {"gfx1030", 32, 0, 1, NULL}, GFX1100 = {"gfx1100", 32, 1, 0, NULL};

static char body[8192];

/* s[4:5] = out; v9 = 0; v[10:11] = out + 32 (flat address of out[8]) */
static void prologue(const cpu_syntax *c) {
  snprintf(body, sizeof body,
           "  %s s[4:5], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  v_mov_b32 v9, 0\n  s_add_u32 s10, s4, 32\n"
           "  s_addc_u32 s11, s5, 0\n  v_mov_b32 v10, s10\n  v_mov_b32 v11, s11\n  v_and_b32 v0, 0x3ff, v0\n",
           c->gfx11 ? "s_load_b64" : "s_load_dwordx2");
}

static void add(const char *s) { strncat(body, s, sizeof body - strlen(body) - 1); }

/* lane 0 alone from here on (the MFMAs before need every lane) */
static void lane0(const cpu_syntax *c) {
  add(c->wave == 32 ? "  v_cmp_eq_u32 vcc_lo, 0, v0\n  s_and_saveexec_b32 s8, vcc_lo\n"
                    : "  v_cmp_eq_u32 vcc, 0, v0\n  s_and_saveexec_b64 s[8:9], vcc\n");
}

/* out[k] = vR (lane 0) */
static void store(const cpu_syntax *c, unsigned r, unsigned k) {
  char line[128];
  snprintf(line, sizeof line, "  %s v9, v%u, s[4:5] offset:%u\n", c->gfx11 ? "global_store_b32" : "global_store_dword", r, 4 * k);
  add(line);
}

/* Runs `body` with one workgroup of one wave; out[0..n) must equal want
 * (out[8..] are the atomics' memory words, zero before the kernel). */
static void run(const char *what, const cpu_syntax *c, const uint32_t *want, size_t n) {
  add("  s_waitcnt vmcnt(0) lgkmcnt(0)\n");
  size_t size = 0;
  uint8_t *elf = emu_build_for(c->cpu, c->wave, body, c->kd, NULL, &size);
  CHECK(elf != NULL, "%s at %s: assembly failed", what, c->cpu);
  if (!elf) return;
  uint32_t out[32] = {0};
  char msg[512] = "";
  wemu_options opt = {0};
  opt.mcpu = c->cpu;
  int rc = emu_run(elf, size, &opt, 1, c->wave, out, 32, NULL, 0, msg, sizeof msg);
  CHECK(rc == 0, "%s at %s: dispatch failed: %s", what, c->cpu, msg);
  for (size_t i = 0; rc == 0 && i < n; i++)
    CHECK(out[i] == want[i], "%s at %s: out[%zu] = 0x%08x, want 0x%08x", what, c->cpu, i, out[i], want[i]);
  free(elf);
}

/* v1 = (1.0, 2.0), v2 = (3.0, 0.5) as f16 pairs, v12 = 0.25 */
#define DOT_INPUTS "  v_mov_b32 v1, 0x40003c00\n  v_mov_b32 v2, 0x38004200\n  v_mov_b32 v12, 0x3e800000\n"

static void test_dot2c(const cpu_syntax *c) {
  const char *mn = c->gfx11 ? "v_dot2acc_f32_f16" : c->gfx10 ? "v_dot2c_f32_f16" : "v_dot2c_f32_f16_e32";
  char s[1024];
  prologue(c);
  add(DOT_INPUTS "  v_mov_b32 v3, v12\n  v_mov_b32 v4, v12\n  v_mov_b32 v5, v12\n  v_mov_b32 v6, v12\n");
  /* 0.25 + 1 * 3 + 2 * 0.5 = 4.25; 1.0 = (1.0, 0): 3.25; 0x3c003c00: 3.75 */
  snprintf(s, sizeof s, "  %s v3, v1, v2\n  %s v4, 1.0, v2\n  %s v5, 0x3c003c00, v2\n", mn, mn, mn);
  add(s);
  if (c->gfx11) add("  v_dual_dot2acc_f32_f16 v6, v1, v2 :: v_dual_mov_b32 v7, v4\n");
  else add("  v_mov_b32 v7, v4\n  v_mov_b32 v6, v3\n");
  lane0(c);
  store(c, 3, 0); store(c, 4, 1); store(c, 5, 2); store(c, 6, 3); store(c, 7, 4);
  const uint32_t want[] = {fbits(4.25f), fbits(3.25f), fbits(3.75f), fbits(4.25f), fbits(3.25f)};
  run("v_dot2c_f32_f16", c, want, 5);
}

static void test_dot2_vop3p_consts(const cpu_syntax *c) {
  prologue(c);
  /* S1 = 1.0: (1.0, 0) . (3.0, 0.5) + 0.25 = 3.25; with op_sel_hi[1] = 0
   * (1.0, 1.0): 3.75; S2 = 1.0 as an f32: (1, 2) . (3, 0.5) + 1 = 5 */
  add(DOT_INPUTS "  v_dot2_f32_f16 v3, v2, 1.0, v12\n  v_dot2_f32_f16 v4, v2, 1.0, v12 op_sel_hi:[1,0,1]\n"
                 "  v_dot2_f32_f16 v5, v1, v2, 1.0\n");
  lane0(c);
  store(c, 3, 0); store(c, 4, 1); store(c, 5, 2);
  const uint32_t want[] = {fbits(3.25f), fbits(3.75f), fbits(5.0f)};
  run("v_dot2_f32_f16 with inline constants", c, want, 3);
}

static void test_mfma_const_c(const cpu_syntax *c) {
  int g942 = !strcmp(c->cpu, "gfx942");
  char s[1024];
  prologue(c);
  /* A = B = ones: every element k * 1 * 1 + C (k = 8 for 32x32x8 f16, 4
   * for 16x16x4 f64); the s_nops cover the MFMA hazards both ways */
  snprintf(s, sizeof s,
           "  v_mov_b32 v20, 0x3c003c00\n  v_mov_b32 v21, 0x3c003c00\n  v_mov_b32 v22, 0x3c003c00\n  v_mov_b32 v23, 0x3c003c00\n"
           "  s_nop 7\n  %s v[32:47], v[20:21], v[22:23], 1.0\n"
           "  v_mov_b32 v24, 0\n  v_mov_b32 v25, 0x3ff00000\n  v_mov_b32 v26, 0\n  v_mov_b32 v27, 0x3ff00000\n"
           "  s_nop 7\n  %s v[48:55], v[24:25], v[26:27], 1.0\n  %s v[56:63], v[24:25], v[26:27], -2.0\n"
           "  s_nop 7\n  s_nop 7\n  s_nop 7\n  s_nop 7\n  s_nop 7\n",
           g942 ? "v_mfma_f32_32x32x8_f16" : "v_mfma_f32_32x32x8f16", g942 ? "v_mfma_f64_16x16x4_f64" : "v_mfma_f64_16x16x4f64",
           g942 ? "v_mfma_f64_16x16x4_f64" : "v_mfma_f64_16x16x4f64");
  add(s);
  lane0(c);
  store(c, 32, 0); store(c, 47, 1); store(c, 48, 2); store(c, 49, 3); store(c, 62, 4); store(c, 63, 5);
  /* 8 + 1 = 9; 4 + 1 = 5 = 0x4014000000000000; 4 - 2.0 = 2 = 0x4000000000000000 */
  const uint32_t want[] = {fbits(9.0f), fbits(9.0f), 0, 0x40140000u, 0, 0x40000000u};
  run("MFMA with an inline-constant C", c, want, 6);
}

/* out[8] += 1.5 (no return), then out[8] += 2.0 returning 1.5; out[9] =
 * min(0, -2.0), out[10] = max(0, 5.0) where the processor has them */
static void test_flat_f32_atomics(const cpu_syntax *c, int add_f32, int minmax) {
  const char *rtn = c->gfx11 || c->gfx10 ? "glc" : "sc0";
  char s[1024];
  prologue(c);
  lane0(c);
  add("  v_mov_b32 v1, 1.5\n  v_mov_b32 v2, 2.0\n  v_mov_b32 v3, -2.0\n  v_mov_b32 v4, 0x40a00000\n  v_mov_b32 v5, 0\n"
      "  s_add_u32 s12, s4, 36\n  s_addc_u32 s13, s5, 0\n  v_mov_b32 v12, s12\n  v_mov_b32 v13, s13\n"
      "  s_add_u32 s14, s4, 40\n  s_addc_u32 s15, s5, 0\n  v_mov_b32 v14, s14\n  v_mov_b32 v15, s15\n");
  if (add_f32) {
    snprintf(s, sizeof s, "  flat_atomic_add_f32 v[10:11], v1\n  s_waitcnt vmcnt(0) lgkmcnt(0)\n  flat_atomic_add_f32 v5, v[10:11], v2 %s\n", rtn);
    add(s);
  }
  if (minmax) {
    snprintf(s, sizeof s, "  %s v[12:13], v3\n  %s v[14:15], v4\n", c->gfx10 ? "flat_atomic_fmin" : "flat_atomic_min_f32",
             c->gfx10 ? "flat_atomic_fmax" : "flat_atomic_max_f32");
    add(s);
  }
  add("  s_waitcnt vmcnt(0) lgkmcnt(0)\n");
  store(c, 5, 0);
  uint32_t want[11] = {0};
  if (add_f32) { want[0] = fbits(1.5f); want[8] = fbits(3.5f); }
  if (minmax) { want[9] = fbits(-2.0f); want[10] = fbits(5.0f); }
  run("flat f32 atomics", c, want, 11);
}

int main(void) {
  test_dot2c(&GFX90A);
  test_dot2c(&GFX942);
  test_dot2c(&GFX1030);
  test_dot2c(&GFX1100);
  test_dot2_vop3p_consts(&GFX90A);
  test_dot2_vop3p_consts(&GFX1100);
  test_mfma_const_c(&GFX90A);
  test_mfma_const_c(&GFX942);
  test_flat_f32_atomics(&GFX942, 1, 0);
  test_flat_f32_atomics(&GFX1030, 0, 1);
  test_flat_f32_atomics(&GFX1100, 1, 1);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
