/* Emulator unit tests, one hand-assembled kernel per instruction class:
 * SALU (carry, shifts, bit fields, compares and branches), VALU (64-bit
 * add with carry, v_mad_u64_u32, compares + v_cndmask, bit ops, cross-lane
 * ops ignoring EXEC, inline constants and literals, VOP3 neg/abs/clamp/
 * omod, SDWA), SMEM, LDS (ds_write/ds_read2 across lanes), MUBUF with a
 * real V# (out-of-range loads give 0, stores dropped), GLOBAL with an SGPR
 * base, and MODE rounding / denormal flushing. Expected values are
 * computed by hand in the comments. */
#include <math.h>

#include "test_emu_util.h"

static uint32_t out[64 * 16];
static char msg[600];

static void run(const char *what, const char *body, const char *kd, const uint32_t *in, size_t in_words) {
  printf("emu: %s\n", what);
  int rc = emu_quick(body, kd, out, 64 * 16, in, in_words, NULL, msg, sizeof msg);
  CHECK(rc == 0, "%s: dispatch failed: %s", what, msg);
}

static void test_salu(void) {
  run("SALU carry, shifts, bit fields, s_cselect, s_cmp + branch",
      EMU_PROLOGUE
      "  s_mov_b32 s8, 0xffffffff\n"
      "  s_add_u32 s9, s8, 2\n"          /* 1, SCC = 1 */
      "  s_addc_u32 s12, 0, 0\n"         /* 1 (carry) */
      "  s_sub_u32 s13, 1, 2\n"          /* 0xffffffff, SCC = 1 (borrow) */
      "  s_cselect_b32 s14, 7, 9\n"      /* 7 */
      "  s_mov_b32 s24, 0xabcd1234\n"
      "  s_bfe_u32 s15, s24, 0x80010\n" /* offset 16 width 8: 0xcd */
      "  s_bfe_i32 s16, s24, 0x80010\n" /* sign-extended 0xcd: 0xffffffcd */
      "  s_ff1_i32_b32 s17, 0x50\n"      /* 4 */
      "  s_bcnt1_i32_b32 s18, 0xf0f0\n"  /* 8 */
      "  s_mov_b64 s[20:21], 1\n"
      "  s_lshl_b64 s[20:21], s[20:21], 35\n" /* hi = 8 */
      "  s_movk_i32 s22, 0x8000\n"       /* sign-extended: 0xffff8000 */
      "  s_addk_i32 s22, 0x10\n"         /* 0xffff8010 */
      "  s_mov_b32 s23, 0\n"
      "  s_cmp_lt_i32 -1, 0\n"
      "  s_cbranch_scc0 skip\n"
      "  s_mov_b32 s23, 5\n"
      "skip:\n"
      "  v_mov_b32 v1, s9\n  global_store_dword v[10:11], v1, off\n"
      "  v_mov_b32 v1, s12\n  global_store_dword v[10:11], v1, off offset:256\n"
      "  v_mov_b32 v1, s13\n  global_store_dword v[10:11], v1, off offset:512\n"
      "  v_mov_b32 v1, s14\n  global_store_dword v[10:11], v1, off offset:768\n"
      "  v_mov_b32 v1, s15\n  global_store_dword v[10:11], v1, off offset:1024\n"
      "  v_mov_b32 v1, s16\n  global_store_dword v[10:11], v1, off offset:1280\n"
      "  v_mov_b32 v1, s17\n  global_store_dword v[10:11], v1, off offset:1536\n"
      "  v_mov_b32 v1, s18\n  global_store_dword v[10:11], v1, off offset:1792\n"
      "  v_mov_b32 v1, s21\n  global_store_dword v[10:11], v1, off offset:2048\n"
      "  v_mov_b32 v1, s22\n  global_store_dword v[10:11], v1, off offset:2304\n"
      "  v_mov_b32 v1, s23\n  global_store_dword v[10:11], v1, off offset:2560\n",
      NULL, NULL, 0);
  const uint32_t want[] = {1, 1, 0xffffffffu, 7, 0xcd, 0xffffffcdu, 4, 8, 8, 0xffff8010u, 5};
  for (unsigned k = 0; k < sizeof want / 4; k++)
    CHECK(out[k * 64 + 3] == want[k], "SALU result %u: got 0x%x want 0x%x", k, out[k * 64 + 3], want[k]);
}

static void test_valu(void) {
  run("VALU 64-bit add with carry, mad_u64_u32, cmp+cndmask, bit ops, modifiers, readlane/writelane",
      EMU_PROLOGUE
      "  v_mov_b32 v2, -1\n"                       /* lo = 0xffffffff */
      "  v_add_co_u32 v3, vcc, v2, v0\n"           /* lane + 0xffffffff: carry for lane >= 1 */
      "  v_addc_co_u32 v4, vcc, 0, 0, vcc\n"       /* hi = carry */
      "  s_mov_b32 s12, 0x10001\n"
      "  v_mad_u64_u32 v[5:6], s[8:9], v0, s12, 0\n" /* lane * 0x10001 (no VOP3 literals on gfx9) */
      "  v_cmp_gt_u32 vcc, 32, v0\n"               /* lanes 0..31 */
      "  v_mov_b32 v20, 100\n"
      "  v_cndmask_b32 v7, v20, v0, vcc\n"         /* lane < 32 ? lane : 100 */
      "  s_movk_i32 s13, 0x80\n"
      "  v_bfe_i32 v8, s13, 4, 4\n"               /* bits 7:4 of 0x80 = 8 -> sign-extend 4 bits: -8 */
      "  v_mov_b32 v20, 0x11223344\n  v_mov_b32 v21, 0x55667788\n  v_mov_b32 v22, 0x0c000407\n"
      "  v_perm_b32 v9, v20, v21, v22\n" /* result bytes 0..3: sel 7 -> 0x11, 4 -> 0x44, 0 -> 0x88, 12 -> 0 */
      "  v_mbcnt_lo_u32_b32 v12, -1, 0\n"
      "  v_mbcnt_hi_u32_b32 v12, -1, v12\n"        /* lane id */
      "  v_cvt_f32_u32 v13, v0\n"
      "  v_mul_f32_e64 v13, -|v13|, 0.5 mul:4\n" /* -(lane*0.5)*4 = -2*lane */
      "  v_cvt_i32_f32 v13, v13\n"
      "  v_add_u32_e64 v14, -1, 5 clamp\n"         /* 0xffffffff + 5 saturates */
      "  v_readlane_b32 s10, v0, 5\n"
      "  s_nop 4\n"
      "  v_writelane_b32 v15, s10, 9\n"            /* lane 9 = 5 */
      "  v_mov_b32 v16, 0\n"
      "  s_mov_b64 exec, 0xf0\n"
      "  v_readfirstlane_b32 s11, v0\n"            /* first active lane: 4 */
      "  s_mov_b64 exec, -1\n"
      "  v_mov_b32 v16, s11\n"
      "  v_mov_b32 v17, 0x12345678\n"
      "  v_mov_b32_sdwa v17, v0 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0\n"
      "  global_store_dword v[10:11], v3, off\n"
      "  global_store_dword v[10:11], v4, off offset:256\n"
      "  global_store_dword v[10:11], v5, off offset:512\n"
      "  global_store_dword v[10:11], v7, off offset:768\n"
      "  global_store_dword v[10:11], v8, off offset:1024\n"
      "  global_store_dword v[10:11], v9, off offset:1280\n"
      "  global_store_dword v[10:11], v12, off offset:1536\n"
      "  global_store_dword v[10:11], v13, off offset:1792\n"
      "  global_store_dword v[10:11], v14, off offset:2048\n"
      "  global_store_dword v[10:11], v16, off offset:2304\n"
      "  global_store_dword v[10:11], v17, off offset:2560\n"
      "  v_cmp_eq_u32 vcc, 9, v0\n"
      "  v_cndmask_b32 v15, 0, v15, vcc\n"
      "  global_store_dword v[10:11], v15, off offset:2816\n",
      NULL, NULL, 0);
  for (unsigned l = 0; l < 64; l++) {
    CHECK(out[l] == (uint32_t)(0xffffffffu + l), "lane %u add lo 0x%x", l, out[l]);
    CHECK(out[64 + l] == (l >= 1), "lane %u carry %u", l, out[64 + l]);
    CHECK(out[128 + l] == l * 0x10001u, "lane %u mad_u64 0x%x", l, out[128 + l]);
    CHECK(out[192 + l] == (l < 32 ? l : 100), "lane %u cndmask %u", l, out[192 + l]);
    CHECK(out[256 + l] == 0xfffffff8u, "lane %u bfe_i32 0x%x", l, out[256 + l]);
    CHECK(out[320 + l] == 0x00884411u, "lane %u perm 0x%x", l, out[320 + l]);
    CHECK(out[384 + l] == l, "lane %u mbcnt %u", l, out[384 + l]);
    CHECK(out[448 + l] == (uint32_t)(-2 * (int)l), "lane %u neg/abs/omod %d", l, (int)out[448 + l]);
    CHECK(out[512 + l] == 0xffffffffu, "lane %u clamp 0x%x", l, out[512 + l]);
    CHECK(out[576 + l] == 4, "lane %u readfirstlane %u", l, out[576 + l]);
    CHECK(out[640 + l] == (0x12340078u | (l << 8)), "lane %u sdwa 0x%x", l, out[640 + l]);
    CHECK(out[704 + l] == (l == 9 ? 5u : 0u), "lane %u writelane %u", l, out[704 + l]);
  }
}

/* NaN inputs to the f32 arithmetic: the result is the first NaN source in
 * the instruction's order (src0, src1, src2), quieted, in the fast whole-wave
 * path and in the per-lane semantics alike (Debug builds cross-check the
 * two). The host compiler may swap the operands of + and *, and SSE returns
 * its first operand's NaN: gcc -O1 gave -qNaN for v_mul_f32 qNaN, -qNaN. */
static void test_nan_order(void) {
  run("VALU f32 NaN inputs: first NaN source, quieted",
      EMU_PROLOGUE
      "  v_mov_b32 v2, 0x7fc00000\n"               /* qNaN */
      "  v_mov_b32 v3, 0xffc00001\n"               /* -qNaN, payload 1 */
      "  v_mov_b32 v9, 0x7f800001\n"               /* sNaN, payload 1 */
      "  v_mul_f32 v4, v2, v3\n"                   /* 0x7fc00000 */
      "  v_mul_f32 v5, v3, v2\n"                   /* 0xffc00001 */
      "  v_add_f32 v6, 1.0, v3\n"                  /* 0xffc00001 */
      "  v_subrev_f32 v7, v2, v3\n"                /* src0 v2 first: 0x7fc00000 */
      "  v_mad_f32 v8, v3, v2, v2\n"               /* 0xffc00001 */
      "  v_mul_f32 v12, v9, v3\n"                  /* sNaN quieted: 0x7fc00001 */
      "  global_store_dword v[10:11], v4, off\n"
      "  global_store_dword v[10:11], v5, off offset:256\n"
      "  global_store_dword v[10:11], v6, off offset:512\n"
      "  global_store_dword v[10:11], v7, off offset:768\n"
      "  global_store_dword v[10:11], v8, off offset:1024\n"
      "  global_store_dword v[10:11], v12, off offset:1280\n",
      NULL, NULL, 0);
  static const uint32_t want[6] = {0x7fc00000u, 0xffc00001u, 0xffc00001u, 0x7fc00000u, 0xffc00001u, 0x7fc00001u};
  for (unsigned k = 0; k < 6; k++)
    for (unsigned l = 0; l < 64; l++) CHECK(out[64 * k + l] == want[k], "NaN case %u lane %u: 0x%x, want 0x%x", k, l, out[64 * k + l], want[k]);
}

static void test_f64_and_div(void) {
  run("VALU f64 fma, f32 division sequence (div_scale/rcp/fma/div_fmas/div_fixup)",
      EMU_PROLOGUE
      "  v_cvt_f64_u32 v[2:3], v0\n"
      "  v_fma_f64 v[2:3], v[2:3], 0.5, 1.0\n"   /* lane/2 + 1 */
      "  v_cvt_u32_f64 v4, v[2:3]\n"              /* trunc */
      "  v_cvt_f32_u32 v5, v0\n"
      "  v_add_f32 v5, 1.0, v5\n"                 /* denominator lane + 1 */
      "  v_mov_b32 v6, 1.0\n"                     /* numerator */
      "  v_div_scale_f32 v7, s[8:9], v5, v5, v6\n"
      "  v_rcp_f32 v8, v7\n"
      "  v_fma_f32 v9, -v7, v8, 1.0\n"
      "  v_fma_f32 v8, v9, v8, v8\n"
      "  v_div_scale_f32 v9, vcc, v6, v5, v6\n"
      "  v_mul_f32 v12, v9, v8\n"
      "  v_fma_f32 v13, -v7, v12, v9\n"
      "  v_fma_f32 v12, v13, v8, v12\n"
      "  v_fma_f32 v7, -v7, v12, v9\n"
      "  s_nop 4\n"
      "  v_div_fmas_f32 v7, v7, v8, v12\n"
      "  v_div_fixup_f32 v7, v7, v5, v6\n"
      "  global_store_dword v[10:11], v4, off\n"
      "  global_store_dword v[10:11], v7, off offset:256\n",
      NULL, NULL, 0);
  for (unsigned l = 0; l < 64; l++) {
    CHECK(out[l] == l / 2 + 1, "lane %u f64 fma %u", l, out[l]);
    float q = 1.0f / (float)(l + 1);
    CHECK(out[64 + l] == fbits(q), "lane %u 1/%u: got 0x%x want 0x%x", l, l + 1, out[64 + l], fbits(q));
  }
}

static void test_mode(void) {
  /* 1 + 2^-24 is a tie between 1.0 and 1 + 2^-23 (0x3f800001). */
  static const char *modes[] = {"0", "1", "2", "3"};
  static const uint32_t want_pos[] = {0x3f800000, 0x3f800001, 0x3f800000, 0x3f800000};
  static const uint32_t want_neg[] = {0xbf800000, 0xbf800000, 0xbf800001, 0xbf800000};
  for (int m = 0; m < 4; m++) {
    char body[2048];
    snprintf(body, sizeof body,
             EMU_PROLOGUE
             "  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), %s\n"
             "  v_mov_b32 v2, 0x33800000\n"         /* 2^-24 */
             "  v_add_f32 v3, 1.0, v2\n"
             "  v_sub_f32 v4, -1.0, v2\n"
             "  v_mov_b32 v5, 0x00400000\n"         /* denormal 2^-127 */
             "  v_mul_f32 v6, 1.0, v5\n"             /* FP_DENORM from the descriptor: flushed */
             "  global_store_dword v[10:11], v3, off\n"
             "  global_store_dword v[10:11], v4, off offset:256\n"
             "  global_store_dword v[10:11], v6, off offset:512\n",
             modes[m]);
    char what[80];
    snprintf(what, sizeof what, "MODE f32 rounding mode %d and denormal flush", m);
    run(what, body, "  .amdhsa_float_denorm_mode_32 0\n", NULL, 0);
    CHECK(out[0] == want_pos[m], "round mode %d: 1+2^-24 -> 0x%x want 0x%x", m, out[0], want_pos[m]);
    CHECK(out[64] == want_neg[m], "round mode %d: -1-2^-24 -> 0x%x want 0x%x", m, out[64], want_neg[m]);
    CHECK(out[128] == 0, "denormal not flushed: 0x%x", out[128]);
  }
  /* f64 uses MODE bits 3:2: 1 + 2^-53 is a tie between 1.0 and 1 + 2^-52 (low dword 1). */
  static const uint32_t want64[] = {0, 1, 0, 0};
  for (int m = 0; m < 4; m++) {
    char body[2048], what[80];
    snprintf(body, sizeof body,
             EMU_PROLOGUE
             "  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), %s\n"
             "  v_mov_b32 v4, 0\n  v_mov_b32 v5, 0x3ca00000\n"   /* 2^-53 */
             "  v_add_f64 v[2:3], 1.0, v[4:5]\n"
             "  global_store_dword v[10:11], v2, off\n  global_store_dword v[10:11], v3, off offset:256\n",
             modes[m]);
    snprintf(what, sizeof what, "MODE f64 rounding mode %d", m);
    run(what, body, NULL, NULL, 0);
    CHECK(out[0] == want64[m] && out[64] == 0x3ff00000, "f64 round mode %d: 1+2^-53 -> 0x%08x%08x", m, out[64], out[0]);
  }
  run("MODE f32 denormals kept when the descriptor allows them",
      EMU_PROLOGUE "  v_mov_b32 v5, 0x00400000\n  v_mul_f32 v6, 1.0, v5\n  global_store_dword v[10:11], v6, off\n",
      "  .amdhsa_float_denorm_mode_32 3\n", NULL, 0);
  CHECK(out[0] == 0x00400000, "denormal lost: 0x%x", out[0]);
}

static void test_memory(void) {
  uint32_t in[64];
  for (int i = 0; i < 64; i++) in[i] = 1000 + (uint32_t)i;
  run("SMEM, GLOBAL with SGPR base, LDS write/read2 across lanes",
      EMU_PROLOGUE
      "  s_load_dword s8, s[6:7], 0x10\n"          /* in[4] */
      "  v_lshlrev_b32 v2, 2, v0\n"
      "  global_load_dword v3, v2, s[6:7]\n"       /* in[lane] */
      "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
      "  ds_write_b32 v2, v3\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  s_barrier\n"
      "  v_xor_b32 v4, 63, v0\n"
      "  v_lshlrev_b32 v4, 2, v4\n"
      "  ds_read2_b32 v[5:6], v4 offset1:0\n"      /* in[63 - lane] twice */
      "  s_waitcnt lgkmcnt(0)\n"
      "  v_add_u32 v5, v5, v6\n"
      "  v_mov_b32 v7, s8\n"
      "  global_store_dword v[10:11], v5, off\n"
      "  global_store_dword v[10:11], v7, off offset:256\n",
      "  .amdhsa_group_segment_fixed_size 256\n", in, 64);
  for (unsigned l = 0; l < 64; l++) {
    CHECK(out[l] == 2 * (1000 + (63 - l)), "lane %u LDS 0x%x", l, out[l]);
    CHECK(out[64 + l] == 1004, "lane %u s_load %u", l, out[64 + l]);
  }
}

/* ds_*_u64 / _i64 are 8-byte accesses (a name-based shape once took them
 * for 4-byte ones): a carry must reach the high dword, and the signed
 * minimum must see the sign in bit 63. */
static void test_lds64_atomics(void) {
  run("LDS 64-bit atomics (ds_add_rtn_u64, ds_min_rtn_i64)",
      EMU_PROLOGUE
      "  v_mov_b32 v4, -1\n  v_mov_b32 v5, 0\n  v_mov_b32 v8, 0\n"
      "  ds_write_b64 v8, v[4:5]\n"                       /* [0] = 0xffffffff */
      "  ds_write_b64 v8, v[4:5] offset:8\n"
      "  s_waitcnt lgkmcnt(0)\n  s_barrier\n"
      "  v_mov_b32 v2, 1\n  v_mov_b32 v3, 1\n"
      "  ds_add_rtn_u64 v[6:7], v8, v[2:3]\n"              /* old = 0xffffffff + lane * 0x100000001 */
      "  v_mov_b32 v2, 0\n  v_sub_u32 v3, 0, v0\n"       /* (-lane) << 32 */
      "  ds_min_rtn_i64 v[12:13], v8, v[2:3] offset:8\n"
      "  s_waitcnt lgkmcnt(0)\n  s_barrier\n"
      "  ds_read_b64 v[12:13], v8 offset:8\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  global_store_dword v[10:11], v6, off\n"
      "  global_store_dword v[10:11], v7, off offset:256\n"
      "  global_store_dword v[10:11], v13, off offset:512\n",
      "  .amdhsa_group_segment_fixed_size 256\n", NULL, 0);
  for (unsigned l = 0; l < 64; l++) {
    uint64_t old = 0xffffffffull + (uint64_t)l * 0x100000001ull;
    CHECK(out[l] == (uint32_t)old && out[64 + l] == (uint32_t)(old >> 32), "lane %u ds_add_rtn_u64 0x%x 0x%x", l,
          out[l], out[64 + l]);
    CHECK(out[128 + l] == (uint32_t)-63, "lane %u ds_min_rtn_i64 hi 0x%x", l, out[128 + l]);
  }
}

/* v_mad_mix_f32: op_sel picks the half of an f16 source, op_sel_hi says
 * which sources are f16; neg and abs apply per source. */
static void test_mad_mix(void) {
  run("VOP3P v_mad_mix_f32 with op_sel, f32 source, neg and abs",
      EMU_PROLOGUE
      "  v_mov_b32 v1, 0x3c004000\n"    /* hi = 1.0h, lo = 2.0h */
      "  v_mov_b32 v2, 0xc0400000\n"    /* -3.0f */
      "  v_mad_mix_f32 v3, v1, v1, v2 op_sel:[1,0,0] op_sel_hi:[1,1,0]\n"      /* 1 * 2 - 3 = -1 */
      "  v_mad_mix_f32 v4, -v1, v1, |v2| op_sel:[0,1,0] op_sel_hi:[1,1,0]\n"   /* -2 * 1 + 3 = 1 */
      "  global_store_dword v[10:11], v3, off\n"
      "  global_store_dword v[10:11], v4, off offset:256\n",
      "", NULL, 0);
  for (unsigned l = 0; l < 64; l++) {
    CHECK(out[l] == 0xbf800000u, "lane %u mad_mix 0x%x", l, out[l]);
    CHECK(out[64 + l] == 0x3f800000u, "lane %u mad_mix neg/abs 0x%x", l, out[64 + l]);
  }
}

static void test_buffer(void) {
  uint32_t in[64];
  for (int i = 0; i < 64; i++) in[i] = 7 + (uint32_t)i;
  /* Raw V# over `in` with num_records = 40 bytes: dwords 0..9 are in range. */
  run("MUBUF with a V#: out-of-range loads return 0, stores are dropped",
      EMU_PROLOGUE
      "  s_mov_b32 s12, s6\n"
      "  s_and_b32 s13, s7, 0xffff\n"
      "  s_mov_b32 s14, 40\n"
      "  s_mov_b32 s15, 0x00027000\n"
      "  v_lshlrev_b32 v2, 2, v0\n"
      "  buffer_load_dword v3, v2, s[12:15], 0 offen\n"
      "  s_mov_b32 s16, s4\n"
      "  s_and_b32 s17, s5, 0xffff\n"
      "  s_mov_b32 s18, 16\n"                       /* out: only 4 dwords writable */
      "  s_mov_b32 s19, 0x00027000\n"
      "  v_mov_b32 v4, 77\n"
      "  buffer_store_dword v4, v2, s[16:19], 0 offen offset:1024\n" /* offset 1024 + 4*lane: all dropped */
      "  buffer_store_dword v4, v2, s[16:19], 0 offen\n"             /* lanes 0..3 stored */
      "  s_waitcnt vmcnt(0)\n"
      "  global_store_dword v[10:11], v3, off offset:256\n",
      NULL, in, 64);
  for (unsigned l = 0; l < 64; l++) {
    CHECK(out[64 + l] == (l < 10 ? 7 + l : 0), "lane %u buffer load %u", l, out[64 + l]);
    if (l < 64) CHECK(out[l] == (l < 4 ? 77u : 0u), "lane %u buffer store %u", l, out[l]);
    CHECK(out[256 + l] == 0, "dropped store reached out[%u]", 256 + l);
  }
}

static void test_scratch(void) {
  run("scratch: MUBUF through the private segment V# and the wave offset",
      "  s_add_u32 s0, s0, s7\n  s_addc_u32 s1, s1, 0\n"
      "  s_load_dwordx2 s[8:9], s[4:5], 0x0\n"
      "  v_mov_b32 v1, v0\n"
      "  buffer_store_dword v1, off, s[0:3], 0 offset:8\n"
      "  v_mov_b32 v1, 0\n"
      "  buffer_load_dword v2, off, s[0:3], 0 offset:8\n"
      "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
      "  v_lshlrev_b32 v3, 2, v0\n"
      "  v_mov_b32 v4, s9\n"
      "  v_add_co_u32 v3, vcc, s8, v3\n"
      "  v_addc_co_u32 v4, vcc, 0, v4, vcc\n"
      "  global_store_dword v[3:4], v2, off\n",
      "  .amdhsa_user_sgpr_private_segment_buffer 1\n  .amdhsa_system_sgpr_private_segment_wavefront_offset 1\n"
      "  .amdhsa_private_segment_fixed_size 16\n",
      NULL, 0);
  for (unsigned l = 0; l < 64; l++) CHECK(out[l] == l, "lane %u scratch %u", l, out[l]);
}

/* The SGPR-to-scratch sequences of spill_lower.c with no SGPR pair free
 * (seed D96336): the spill under a partial EXEC (lanes 0 and 2), the
 * reload under EXEC = 0 with SCC live across it (kept in s13). Expected:
 * the reloaded SGPR, SCC still 1 (s_cselect picks 5), v0's 64 lanes back
 * (77 everywhere) and EXEC as it was. */
static void test_sgpr_scratch_spill(void) {
#define WHOLE(OP, OFF) "  " OP " v0, off, s[0:3], s7" OFF "\n  s_not_b64 exec, exec\n  s_waitcnt vmcnt(0)\n" \
                       "  " OP " v0, off, s[0:3], s7" OFF "\n  s_waitcnt vmcnt(0)\n"
  run("SGPR spill to scratch through v0 saved whole: s_not_b64 of EXEC, SCC kept, reload under EXEC = 0",
      "  s_load_dwordx2 s[24:25], s[4:5], 0x0\n  s_waitcnt lgkmcnt(0)\n"
      "  v_lshlrev_b32 v10, 2, v0\n  v_mov_b32 v11, s25\n"
      "  v_add_co_u32 v10, vcc, s24, v10\n  v_addc_co_u32 v11, vcc, 0, v11, vcc\n"
      "  v_mov_b32 v0, 77\n  s_mov_b32 s12, 0x1234\n"
      "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 5\n"
      WHOLE("buffer_store_dword", "")               /* save v0: EXEC is now ~5 */
      "  v_writelane_b32 v0, s12, 0\n"
      WHOLE("buffer_store_dword", " offset:4")      /* the slot: EXEC 5 again */
      WHOLE("buffer_load_dword", "")                /* restore v0 */
      "  s_not_b64 exec, exec\n"                   /* four flips: EXEC = 5 */
      "  s_cmp_eq_u64 exec, 5\n  s_cselect_b32 s15, 3, 4\n"
      "  s_mov_b32 s12, 0\n  s_mov_b64 exec, 0\n"
      "  s_cmp_eq_u32 0, 0\n"                      /* SCC = 1, live across the reload */
      "  s_cselect_b32 s13, 1, 0\n"
      WHOLE("buffer_store_dword", "")
      WHOLE("buffer_load_dword", " offset:4")
      "  v_readlane_b32 s12, v0, 0\n"
      WHOLE("buffer_load_dword", "")
      "  s_not_b64 exec, exec\n"
      "  s_cmp_lg_u32 s13, 0\n  s_cselect_b32 s14, 5, 9\n"
      "  s_cmp_eq_u64 exec, 0\n  s_cselect_b32 s16, 3, 4\n"
      "  s_mov_b64 exec, s[20:21]\n"
      "  v_mov_b32 v1, s12\n  global_store_dword v[10:11], v1, off\n"
      "  v_mov_b32 v1, s14\n  global_store_dword v[10:11], v1, off offset:256\n"
      "  global_store_dword v[10:11], v0, off offset:512\n"
      "  v_mov_b32 v1, s15\n  global_store_dword v[10:11], v1, off offset:768\n"
      "  v_mov_b32 v1, s16\n  global_store_dword v[10:11], v1, off offset:1024\n",
      "  .amdhsa_user_sgpr_private_segment_buffer 1\n  .amdhsa_system_sgpr_private_segment_wavefront_offset 1\n"
      "  .amdhsa_private_segment_fixed_size 16\n",
      NULL, 0);
#undef WHOLE
  for (unsigned l = 0; l < 64; l++) {
    CHECK(out[l] == 0x1234, "lane %u: reloaded SGPR 0x%x", l, out[l]);
    CHECK(out[64 + l] == 5, "lane %u: SCC after the reload gave %u", l, out[64 + l]);
    CHECK(out[128 + l] == 77, "lane %u: v0 after save/restore %u", l, out[128 + l]);
    CHECK(out[192 + l] == 3 && out[256 + l] == 3, "lane %u: EXEC not restored (%u, %u)", l, out[192 + l], out[256 + l]);
  }
}

static void test_flat(void) {
  /* user SGPRs: kernarg s[0:1], flat scratch init s[2:3]; system: s4 group id, s5 wave offset */
  run("FLAT/SCRATCH: scratch_* via FLAT_SCRATCH, flat loads from the shared and private apertures",
      "  s_add_u32 flat_scratch_lo, s2, s5\n  s_addc_u32 flat_scratch_hi, s3, 0\n"
      "  s_load_dwordx2 s[8:9], s[0:1], 0x0\n"
      "  v_mov_b32 v2, 8\n"
      "  scratch_store_dword v2, v0, off\n"          /* private offset 8 = lane */
      "  scratch_load_dword v3, v2, off\n"
      "  v_lshlrev_b32 v4, 2, v0\n"
      "  ds_write_b32 v4, v0\n"
      "  s_mov_b64 s[10:11], src_shared_base\n"
      "  s_mov_b64 s[12:13], src_private_base\n"
      "  v_mov_b32 v5, s11\n"
      "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
      "  flat_load_dword v6, v[4:5]\n"               /* LDS[4 * lane] = lane */
      "  v_mov_b32 v7, 8\n  v_mov_b32 v8, s13\n"
      "  flat_load_dword v9, v[7:8]\n"               /* private offset 8 = lane */
      "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
      "  v_add_u32 v3, v3, v6\n  v_add_u32 v3, v3, v9\n"
      "  v_mov_b32 v12, s9\n"
      "  v_add_co_u32 v4, vcc, s8, v4\n  v_addc_co_u32 v5, vcc, 0, v12, vcc\n"
      "  global_store_dword v[4:5], v3, off\n",
      "  .amdhsa_user_sgpr_flat_scratch_init 1\n  .amdhsa_system_sgpr_private_segment_wavefront_offset 1\n"
      "  .amdhsa_private_segment_fixed_size 16\n  .amdhsa_group_segment_fixed_size 256\n",
      NULL, 0);
  for (unsigned l = 0; l < 64; l++) CHECK(out[l] == 3 * l, "lane %u flat/scratch %u", l, out[l]);
}

int main(void) {
  test_salu();
  test_valu();
  test_nan_order();
  test_f64_and_div();
  test_mode();
  test_memory();
  test_lds64_atomics();
  test_mad_mix();
  test_buffer();
  test_scratch();
  test_sgpr_scratch_spill();
  test_flat();
  if (failures) { fprintf(stderr, "test_emu_isa: %d check(s) FAILED\n", failures); return 1; }
  printf("test_emu_isa: all checks passed\n");
  return 0;
}
