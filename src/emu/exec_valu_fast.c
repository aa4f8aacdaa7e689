/* Whole-wave execution of the most frequent VALU instructions: f32 add,
 * sub, mul, mad/mac, fma/fmac, min/max and the common 32-bit integer and
 * bit operations (including the carry forms and v_cndmask_b32), without
 * source or output modifiers.
 *
 * Why: the generic path (exec_valu.c) computes one lane at a time through
 * emu_valu_lane's switch, thousands of host cycles per wave-instruction.
 * Here every source is a row of the register file (or a broadcast scalar),
 * each operation is one loop over all lanes of the wave that the C
 * compiler vectorises, and EXEC is applied once, when the result row is
 * written (emu_valu_fast_write). Inactive lanes compute on whatever their
 * registers hold and the results are thrown away.
 *
 * The semantics are those of exec_valu_lane.c (the same host operations,
 * in the same order, with the same denormal flushing by MODE), and every
 * check of the generic path is kept: register ranges, outstanding loads,
 * never-written registers, the carry SGPRs. Debug builds run the generic
 * lane function beside the fast one and assert the results are identical
 * (fast_crosscheck), so the whole ctest corpus cross-checks them. */
#include <assert.h>
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "emu/valu_lane.h"

/* The lane loops get an AVX2 + FMA clone on x86-64 hosts that have it
 * (GCC function multi-versioning; the C semantics are the same: ISO C
 * mode does not contract a * b + c, and fmaf is fused either way). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define EMU_SIMD __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define EMU_SIMD
#endif

enum {
  FK_NONE,
  /* f32, float sources, one rounding per MODE */
  FK_F32_ADD, FK_F32_SUB, FK_F32_SUBREV, FK_F32_MUL, FK_F32_MAD, FK_F32_FMA, FK_F32_MIN, FK_F32_MAX,
  /* integer and bit operations */
  FK_MOV, FK_AND, FK_OR, FK_XOR, FK_NOT, FK_LSHL, FK_LSHR, FK_ASHR, FK_ADD, FK_SUB, FK_SUBREV,
  FK_MUL_LO, FK_MUL_HI_U32, FK_MUL_U24, FK_MUL_I24, FK_MAD_U24, FK_MAD_I24, FK_LSHL_ADD, FK_ADD_LSHL, FK_ADD3,
  FK_LSHL_OR, FK_AND_OR, FK_OR3, FK_XOR3, FK_BFE_U32, FK_BFI, FK_ALIGNBIT, FK_MIN_I32, FK_MAX_I32, FK_MIN_U32,
  FK_MAX_U32, FK_CVT_F32_I32, FK_CVT_F32_U32,
  /* f32 unary, correctly rounded host results as exec_valu_lane.c */
  FK_F32_RCP, FK_F32_SQRT, FK_F32_RSQ,
  /* carry in / out */
  FK_CNDMASK, FK_ADD_CO, FK_SUB_CO, FK_SUBREV_CO, FK_ADDC, FK_SUBB,
  /* VOPC on f32, i32, u32 and v_cmp_class_f32 (emu_valu_fast_cmp) */
  FK_CMP,
  /* the f32 division helpers: a whole-wave loop for the lanes of the
   * common case (normal operands, no scaling), emu_valu_lane for the rest */
  FK_DIV_SCALE, FK_DIV_FMAS, FK_DIV_FIXUP,
  /* any other 32-bit integer or f32 op: emu_valu_lane per active lane,
   * with the fast path's operand reading and result writing */
  FK_LANE,
};

uint8_t emu_valu_fast_lane_kind(const wemu_device *dev, isa_op op) {
  const emu_vinfo *vi = &dev->vinfo[op];
  const emu_opshape *sh = &dev->shape[op];
  const isa_sem *sem = isa_sem_of(op);
  if (vi->family != EMU_LANE_INT && vi->family != EMU_LANE_F32) return FK_NONE;
  if (vi->src16 || vi->dst16 || (vi->fsrc != 0 && vi->fsrc != 32) || (sem->flags & ISA_S_F16_ROUND)) return FK_NONE;
  if ((isa_table[op].flags & ISA_F_F64) || isa_table[op].format == ISA_FMT_VOPC || isa_table[op].format == ISA_FMT_VOP3P) return FK_NONE;
  /* a second definition may only be the carry / VCC mask exec_valu.c writes from *cout */
  bool mask_def = (sem->flags & (ISA_S_CARRY_OUT | ISA_S_SDST)) || op == ISA_V_DIV_SCALE_F32;
  if (sh->ndefs < 1 || sh->ndefs > (mask_def ? 2 : 1) || sh->defw[0] != 1 || sh->nuses > 3) return FK_NONE;
  for (unsigned i = 0; i < sh->nuses; i++) if (sh->usew[i] != 1) return FK_NONE;
  /* exec_valu.c treats these specially (cross-lane, v_mad_u64_u32's undefined half, no-op) */
  if (op == ISA_V_NOP || op == ISA_V_READFIRSTLANE_B32 || op == ISA_V_READLANE_B32 || op == ISA_V_WRITELANE_B32 ||
      op == ISA_V_SWAP_B32 || op == ISA_V_MAD_U64_U32 || op == ISA_V_MAD_I64_I32)
    return FK_NONE;
  return FK_LANE;
}

uint8_t emu_valu_fast_cmp_kind(const emu_vinfo *vi) {
  return vi->cmptype == 2 || vi->cmptype == 6 || vi->cmptype == 7 || vi->cmptype == 11 ? FK_CMP : FK_NONE;
}

uint8_t emu_valu_fast_kind(isa_op op) {
  switch (op) {
  case ISA_V_ADD_F32: return FK_F32_ADD;
  case ISA_V_SUB_F32: return FK_F32_SUB;
  case ISA_V_SUBREV_F32: return FK_F32_SUBREV;
  case ISA_V_MUL_F32: return FK_F32_MUL;
  case ISA_V_MAC_F32: case ISA_V_MAD_F32: case ISA_V_MADMK_F32: case ISA_V_MADAK_F32: return FK_F32_MAD;
  case ISA_V_FMA_F32: case ISA_V_FMAC_F32: case ISA_V_FMAMK_F32: case ISA_V_FMAAK_F32: return FK_F32_FMA;
  case ISA_V_MIN_F32: return FK_F32_MIN;
  case ISA_V_MAX_F32: return FK_F32_MAX;
  case ISA_V_MOV_B32: return FK_MOV;
  case ISA_V_AND_B32: return FK_AND;
  case ISA_V_OR_B32: return FK_OR;
  case ISA_V_XOR_B32: return FK_XOR;
  case ISA_V_NOT_B32: return FK_NOT;
  case ISA_V_LSHLREV_B32: return FK_LSHL;
  case ISA_V_LSHRREV_B32: return FK_LSHR;
  case ISA_V_ASHRREV_I32: return FK_ASHR;
  case ISA_V_ADD_U32: case ISA_V_ADD_I32: return FK_ADD;
  case ISA_V_SUB_U32: case ISA_V_SUB_I32: return FK_SUB;
  case ISA_V_SUBREV_U32: return FK_SUBREV;
  case ISA_V_MUL_LO_U32: return FK_MUL_LO;
  case ISA_V_MUL_HI_U32: return FK_MUL_HI_U32;
  case ISA_V_MUL_U32_U24: return FK_MUL_U24;
  case ISA_V_MUL_I32_I24: return FK_MUL_I24;
  case ISA_V_MAD_U32_U24: return FK_MAD_U24;
  case ISA_V_MAD_I32_I24: return FK_MAD_I24;
  case ISA_V_LSHL_ADD_U32: return FK_LSHL_ADD;
  case ISA_V_ADD_LSHL_U32: return FK_ADD_LSHL;
  case ISA_V_ADD3_U32: return FK_ADD3;
  case ISA_V_LSHL_OR_B32: return FK_LSHL_OR;
  case ISA_V_AND_OR_B32: return FK_AND_OR;
  case ISA_V_OR3_B32: return FK_OR3;
  case ISA_V_XOR3_B32: return FK_XOR3;
  case ISA_V_BFE_U32: return FK_BFE_U32;
  case ISA_V_BFI_B32: return FK_BFI;
  case ISA_V_ALIGNBIT_B32: return FK_ALIGNBIT;
  case ISA_V_MIN_I32: return FK_MIN_I32;
  case ISA_V_MAX_I32: return FK_MAX_I32;
  case ISA_V_MIN_U32: return FK_MIN_U32;
  case ISA_V_MAX_U32: return FK_MAX_U32;
  case ISA_V_CVT_F32_I32: return FK_CVT_F32_I32;
  case ISA_V_CVT_F32_U32: return FK_CVT_F32_U32;
  case ISA_V_RCP_F32: return FK_F32_RCP;
  case ISA_V_SQRT_F32: return FK_F32_SQRT;
  case ISA_V_RSQ_F32: return FK_F32_RSQ;
  case ISA_V_CNDMASK_B32: return FK_CNDMASK;
  case ISA_V_ADD_CO_U32: return FK_ADD_CO;
  case ISA_V_SUB_CO_U32: return FK_SUB_CO;
  case ISA_V_SUBREV_CO_U32: return FK_SUBREV_CO;
  case ISA_V_ADDC_CO_U32: return FK_ADDC;
  case ISA_V_SUBB_CO_U32: return FK_SUBB;
  case ISA_V_DIV_SCALE_F32: return FK_DIV_SCALE;
  case ISA_V_DIV_FMAS_F32: return FK_DIV_FMAS;
  case ISA_V_DIV_FIXUP_F32: return FK_DIV_FIXUP;
  default: return FK_NONE;
  }
}

/* Flushes an f32 denormal to a signed zero unless KEEP (all ones) says
 * denormals are allowed: branch-free, so the loops vectorise. */
static inline uint32_t flush32(uint32_t u, uint32_t keep) {
  uint32_t m = (u & 0x7f800000u) ? 0xffffffffu : (0x80000000u | keep);
  return u & m;
}

/* IEEE minNum / maxNum as exec_valu_lane.c's fmin_ieee / fmax_ieee. */
static inline uint32_t qnan_bits(float x) { return emu_u32(x) | 0x400000u; }
static inline float min_ieee(float a, float b) {
  if (isnan(a)) return isnan(b) ? emu_f32(qnan_bits(a)) : b;
  if (isnan(b)) return a;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static inline float max_ieee(float a, float b) {
  if (isnan(a)) return isnan(b) ? emu_f32(qnan_bits(a)) : b;
  if (isnan(b)) return a;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}

/* The mask of N lanes whose byte in R (0 or 1) is set: eight bytes at a
 * time, each multiplied to its bit (the products do not overlap). */
static emu_lanes bytes_mask(const uint8_t *r, unsigned n) {
  emu_lanes m = 0;
  for (unsigned l = 0; l < n; l += 8) {
    uint64_t x;
    memcpy(&x, r + l, 8);
    m |= (emu_lanes)((x * 0x0102040810204080ull) >> 56) << l;
  }
  return m;
}

/* Source `i` (operand code CODE) of the lanes LANES: a pointer to its VGPR
 * row, or to BUF filled with the scalar value. Checks as read_src. */
static int fast_src(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned i, unsigned code, emu_lanes lanes,
                    uint32_t *buf, const uint32_t **out) {
  /* VOP3 abs / neg: the sign bit, as read_sources (32-bit sources) */
  uint32_t clear = ((in->abs >> i) & 1) ? 0x80000000u : 0, flip = ((in->neg >> i) & 1) ? 0x80000000u : 0;
  if (in->fmt != ISA_FMT_VOP3) clear = flip = 0;
  if (code >= OPC_VGPR0) {
    unsigned r = code - OPC_VGPR0;
    if (emu_vcheck(d, w, in, r, 1, lanes)) return -1;
    const uint32_t *row = w->v[r];
    *out = row;
    if (!(clear | flip)) return 0;
    for (unsigned l = 0; l < EMU_MAX_LANES; l++) buf[l] = (row[l] & ~clear) ^ flip; /* a constant count vectorises */
    *out = buf;
    return 0;
  }
  int err = 0;
  uint32_t x = emu_sread(d, w, in, code, &err);
  if (err) return -1;
  x = (x & ~clear) ^ flip;
  for (unsigned l = 0; l < EMU_MAX_LANES; l++) buf[l] = x;
  *out = buf;
  return 0;
}

/* v_mad_f32's two roundings (the product flushed as an input per KEEP_IN),
 * NaNs in source order as exec_valu_lane.c gives them. */
static inline float mad_f32(float a, float b, float c, uint32_t keep_in) {
  float p = emu_f32(flush32(emu_u32(nan_in_order(a, b, a * b)), keep_in));
  return nan_in_order(p, c, p + c);
}

/* The f32 kinds: RES from the sources A, B, C of N lanes with input
 * flushing per KEEP_IN and output flushing per KEEP_OUT (all ones: keep
 * denormals). */
EMU_SIMD static void fast_f32(unsigned kind, unsigned n, const uint32_t *A, const uint32_t *B, const uint32_t *C, uint32_t keep_in,
                     uint32_t keep_out, uint32_t *res) {
  switch (kind) {
#define F32_LOOP(EXPR)                                                                       \
  for (unsigned l = 0; l < n; l++) {                                                         \
    float a = emu_f32(flush32(A[l], keep_in)), b = emu_f32(flush32(B[l], keep_in));          \
    float c = C ? emu_f32(flush32(C[l], keep_in)) : 0.0f;                                    \
    (void)c;                                                                                 \
    res[l] = flush32(emu_u32(EXPR), keep_out);                                               \
  }                                                                                          \
  break
  case FK_F32_ADD: F32_LOOP(nan_in_order(a, b, a + b));
  case FK_F32_SUB: F32_LOOP(nan_in_order(a, b, a - b));
  case FK_F32_SUBREV: F32_LOOP(nan_in_order(a, b, b - a));
  case FK_F32_MUL: F32_LOOP(nan_in_order(a, b, a * b));
  /* not fused: the product is rounded and flushed as an input first */
  case FK_F32_MAD: F32_LOOP(mad_f32(a, b, c, keep_in));
  case FK_F32_FMA: F32_LOOP(fmaf(a, b, c));
  case FK_F32_MIN: F32_LOOP(min_ieee(a, b));
  case FK_F32_MAX: F32_LOOP(max_ieee(a, b));
#undef F32_LOOP
#define F32_UNARY(EXPR)                                                                      \
  for (unsigned l = 0; l < n; l++) {                                                         \
    float a = emu_f32(flush32(A[l], keep_in));                                               \
    res[l] = flush32(emu_u32(EXPR), keep_out);                                               \
  }                                                                                          \
  break
  case FK_F32_RCP: F32_UNARY(1.0f / a);
  case FK_F32_SQRT: F32_UNARY(sqrtf(a));
  case FK_F32_RSQ: F32_UNARY((float)(1.0 / sqrt((double)a)));
#undef F32_UNARY
  default: assert(!"fast_f32: not an f32 kind");
  }
}

/* The integer kinds: RES (and carry-out bytes CO) from A, B, C and the
 * carry-in mask CIN over N lanes. */
EMU_SIMD static void fast_int(unsigned kind, unsigned n, const uint32_t *A, const uint32_t *B, const uint32_t *C, emu_lanes cin,
                     uint32_t *res, uint8_t *co) {
  switch (kind) {
#define I_LOOP(EXPR)                                                 \
  for (unsigned l = 0; l < n; l++) {                                 \
    uint32_t a = A[l], b = B ? B[l] : 0, c = C ? C[l] : 0;           \
    (void)b; (void)c;                                                \
    res[l] = (uint32_t)(EXPR);                                       \
  }                                                                  \
  break
#define I24(x) ((int64_t)((int32_t)((x) << 8) >> 8))
  case FK_MOV: I_LOOP(a);
  case FK_AND: I_LOOP(a & b);
  case FK_OR: I_LOOP(a | b);
  case FK_XOR: I_LOOP(a ^ b);
  case FK_NOT: I_LOOP(~a);
  case FK_LSHL: I_LOOP(b << (a & 31));
  case FK_LSHR: I_LOOP(b >> (a & 31));
  case FK_ASHR: I_LOOP((int32_t)b >> (a & 31));
  case FK_ADD: I_LOOP(a + b);
  case FK_SUB: I_LOOP(a - b);
  case FK_SUBREV: I_LOOP(b - a);
  case FK_MUL_LO: I_LOOP(a * b);
  case FK_MUL_HI_U32: I_LOOP(((uint64_t)a * b) >> 32);
  case FK_MUL_U24: I_LOOP((a & 0xffffff) * (b & 0xffffff));
  case FK_MUL_I24: I_LOOP(I24(a) * I24(b));
  case FK_MAD_U24: I_LOOP((a & 0xffffff) * (b & 0xffffff) + c);
  case FK_MAD_I24: I_LOOP(I24(a) * I24(b) + (int32_t)c);
  case FK_LSHL_ADD: I_LOOP((a << (b & 31)) + c);
  case FK_ADD_LSHL: I_LOOP((a + b) << (c & 31));
  case FK_ADD3: I_LOOP(a + b + c);
  case FK_LSHL_OR: I_LOOP((a << (b & 31)) | c);
  case FK_AND_OR: I_LOOP((a & b) | c);
  case FK_OR3: I_LOOP(a | b | c);
  case FK_XOR3: I_LOOP(a ^ b ^ c);
  case FK_BFE_U32: I_LOOP((c & 31) ? (a >> (b & 31)) & ((1u << (c & 31)) - 1) : 0);
  case FK_BFI: I_LOOP((a & b) | (~a & c));
  case FK_ALIGNBIT: I_LOOP((((uint64_t)a << 32) | b) >> (c & 31));
  case FK_MIN_I32: I_LOOP((int32_t)a < (int32_t)b ? a : b);
  case FK_MAX_I32: I_LOOP((int32_t)a > (int32_t)b ? a : b);
  case FK_MIN_U32: I_LOOP(a < b ? a : b);
  case FK_MAX_U32: I_LOOP(a > b ? a : b);
  case FK_CVT_F32_I32: I_LOOP(emu_u32((float)(int32_t)a));
  case FK_CVT_F32_U32: I_LOOP(emu_u32((float)a));
  case FK_CNDMASK: I_LOOP(((cin >> l) & 1) ? b : a);
#undef I_LOOP
#undef I24
#define C_LOOP(EXPR, COUT)                                                      \
  for (unsigned l = 0; l < n; l++) {                                            \
    uint32_t a = A[l], b = B[l];                                                \
    unsigned ci = (unsigned)((cin >> l) & 1);                                   \
    (void)ci;                                                                   \
    res[l] = (uint32_t)(EXPR);                                                  \
    co[l] = (uint8_t)(COUT);                                                    \
  }                                                                             \
  break
  case FK_ADD_CO: C_LOOP(a + b, ((uint64_t)a + b) >> 32);
  case FK_SUB_CO: C_LOOP(a - b, b > a);
  case FK_SUBREV_CO: C_LOOP(b - a, a > b);
  case FK_ADDC: C_LOOP(a + b + ci, ((uint64_t)a + b + ci) >> 32);
  case FK_SUBB: C_LOOP(a - b - ci, (uint64_t)b + ci > a);
#undef C_LOOP
  default: assert(!"fast_int: not an integer kind");
  }
}

#ifndef NDEBUG
/* Debug builds: the generic lane semantics must give the same result in
 * every active lane (see the file comment). */
static void fast_crosscheck(isa_op op, const emu_vinfo *vi, const fpenv *e, int rnd16, unsigned nsrc, const uint32_t *s[3],
                            emu_lanes exec, emu_lanes cin, const uint32_t *res, const uint8_t *co, unsigned n) {
  for (unsigned l = 0; l < n; l++) {
    if (!((exec >> l) & 1)) continue;
    lane_io io = {{s[0][l], nsrc > 1 ? s[1][l] : 0, nsrc > 2 ? s[2][l] : 0}, 0, (int)((cin >> l) & 1), 0, l};
    int rc = emu_valu_lane(op, vi, e, rnd16, &io);
    assert(rc == 0);
    uint32_t want = (uint32_t)io.d;
    const isa_sem *sem = isa_sem_of(op);
    if ((sem->flags & ISA_S_F32_RESULT) && !(e->den32 & 2)) want = flush32(want, 0);
    assert(res[l] == want);
    if (sem->flags & ISA_S_CARRY_OUT) assert(co[l] == io.cout);
    (void)rc; (void)want; (void)co;
  }
}
#endif

/* The f32 division helpers' common case (exec_valu_lane.c gives the
 * whole semantics) over N lanes into RES; SLOW[lane] = 1 where it does not
 * apply. Biased exponents E of the raw (unflushed) sources:
 * - v_div_scale_f32: with S1's E in [1, 252] and S2's in [24, 254] and
 *   -125 <= E2 - E1 < 96, no operand is zero, NaN, infinite or denormal,
 *   and neither 1/S1 nor S2/S1 is denormal: D = S0, VCC bit 0;
 * - v_div_fmas_f32: a lane whose VCC bit is 0 is fmaf(S0, S1, S2);
 * - v_div_fixup_f32: S1 and S2 finite and normal (E in [1, 254]),
 *   E2 - E1 >= -150, S0 not NaN: D = |S0| with the sign of S1 * S2. */
EMU_SIMD static void fast_div(unsigned kind, unsigned n, const uint32_t *A, const uint32_t *B, const uint32_t *C, emu_lanes cin,
                              uint32_t *res, uint8_t *slow) {
  switch (kind) {
  case FK_DIV_SCALE:
    for (unsigned l = 0; l < n; l++) {
      int e1 = (int)((B[l] >> 23) & 0xff), e2 = (int)((C[l] >> 23) & 0xff);
      res[l] = A[l];
      slow[l] = !(e1 >= 1 && e1 <= 252 && e2 >= 24 && e2 <= 254 && e2 - e1 >= -125 && e2 - e1 < 96);
    }
    break;
  case FK_DIV_FMAS:
    for (unsigned l = 0; l < n; l++) {
      res[l] = emu_u32(fmaf(emu_f32(A[l]), emu_f32(B[l]), emu_f32(C[l])));
      slow[l] = (uint8_t)((cin >> l) & 1);
    }
    break;
  case FK_DIV_FIXUP:
    for (unsigned l = 0; l < n; l++) {
      uint32_t e1 = (B[l] >> 23) & 0xff, e2 = (C[l] >> 23) & 0xff;
      res[l] = (A[l] & 0x7fffffffu) | ((B[l] ^ C[l]) & 0x80000000u);
      slow[l] = !(e1 - 1 < 254 && e2 - 1 < 254 && e2 + 150 >= e1 && (A[l] & 0x7fffffffu) <= 0x7f800000u);
    }
    break;
  default: assert(!"fast_div: not a division kind");
  }
}

/* FK_LANE: RES and *COUT lane by lane through emu_valu_lane, rounding
 * and flushing the result as exec_valu.c's generic path does; the
 * division kinds only in the lanes fast_div leaves to it. */
static int fast_lane(emu_dispatch *d, emu_wave *w, const emu_inst *in, const emu_vinfo *vi, const fpenv *e, unsigned nsrc,
                     const uint32_t *s[3], emu_lanes cin, uint32_t *res, emu_lanes *cout) {
  isa_op op = in->op;
  emu_lanes exec = w->exec, m = 0;
  int isfloat = (isa_table[op].flags & ISA_F_FLOAT) != 0;
  uint32_t keep_out = ((isa_sem_of(op)->flags & ISA_S_F32_RESULT) && isfloat && !(e->den32 & 2)) ? 0 : 0xffffffffu;
  int rnd = op == ISA_V_RNDNE_F32 ? 0 : (int)(w->mode & 3), old = 0, rnd16 = (int)((w->mode >> 2) & 3);
  if (isfloat) { old = fegetround(); fesetround(emu_fe_modes[rnd]); }
  int bad = 0;
  if (vi->fast != FK_LANE) {
    uint8_t slow[EMU_MAX_LANES];
    unsigned n = w->nlanes;
    assert(nsrc == 3);
    fast_div(vi->fast, n, s[0], s[1], s[2], cin, res, slow);
    for (unsigned l = 0; l < n; l++) res[l] = flush32(res[l], keep_out);
    emu_lanes redo = bytes_mask(slow, n);
#ifndef NDEBUG
    for (emu_lanes t = exec & ~redo; t; t &= t - 1) { /* the common case agrees with the lane semantics */
      unsigned l = (unsigned)__builtin_ctzll(t);
      lane_io io = {{s[0][l], s[1][l], s[2][l]}, 0, (int)((cin >> l) & 1), 0, l};
      int rc = emu_valu_lane(op, vi, e, rnd16, &io);
      assert(rc == 0 && flush32((uint32_t)io.d, keep_out) == res[l] && io.cout == 0);
      (void)rc;
    }
#endif
    exec &= redo;
  }
  for (emu_lanes t = exec; t; t &= t - 1) {
    unsigned l = (unsigned)__builtin_ctzll(t);
    lane_io io = {{s[0][l], nsrc > 1 ? s[1][l] : 0, nsrc > 2 ? s[2][l] : 0}, 0, (int)((cin >> l) & 1), 0, l};
    if (emu_valu_lane(op, vi, e, rnd16, &io)) { bad = 1; break; }
    res[l] = flush32((uint32_t)io.d, keep_out);
    if (io.cout) m |= 1ull << l;
  }
  if (isfloat) fesetround(old);
  if (bad) return emu_fault(d, w, in, "vector instruction not implemented by the emulator");
  *cout = m;
  return 0;
}

int emu_valu_fast(emu_dispatch *d, emu_wave *w, const emu_inst *in, const unsigned codes[3], unsigned nsrc,
                  emu_lanes cin, uint32_t *res, emu_lanes *cout, emu_lanes *blend_unset) {
  const emu_vinfo *vi = &d->dev->vinfo[in->op];
  unsigned kind = vi->fast;
  emu_lanes exec = w->exec;
  unsigned n = w->nlanes;
  uint32_t buf[3][EMU_MAX_LANES];
  const uint32_t *s[3] = {NULL, NULL, NULL};
  assert(nsrc >= 1 && nsrc <= 3);
  for (unsigned i = 0; i < nsrc; i++) {
    if (kind == FK_CNDMASK) {
      /* As read_sources: each lane reads only the source its mask bit
       * selects, and a never-written selected VGPR is a blend_unset lane. */
      emu_lanes lanes = i ? exec & cin : exec & ~cin;
      int save = d->check_uninit;
      d->check_uninit = 0;
      int bad = fast_src(d, w, in, i, codes[i], lanes, buf[i], &s[i]);
      d->check_uninit = save;
      if (bad) return -1;
      if (codes[i] >= OPC_VGPR0) *blend_unset |= lanes & ~w->vinit[codes[i] - OPC_VGPR0];
    } else if (fast_src(d, w, in, i, codes[i], exec, buf[i], &s[i])) return -1;
  }
  fpenv e = fpenv_of(w);
  if (kind >= FK_DIV_SCALE) return fast_lane(d, w, in, vi, &e, nsrc, s, cin, res, cout);
  uint8_t co[EMU_MAX_LANES];
  memset(co, 0, sizeof co);
  if (kind < FK_MOV || (kind >= FK_F32_RCP && kind <= FK_F32_RSQ)) {
    uint32_t keep_in = (e.den32 & 1) ? 0xffffffffu : 0, keep_out = (e.den32 & 2) ? 0xffffffffu : 0;
    int rnd = w->mode & 3, old = 0;
    if (rnd) { old = fegetround(); fesetround(emu_fe_modes[rnd]); }
    fast_f32(kind, n, s[0], nsrc > 1 ? s[1] : s[0], nsrc > 2 ? s[2] : NULL, keep_in, keep_out, res);
    if (rnd) fesetround(old);
  } else {
    /* v_cvt_f32_i32/u32 round by the f32 MODE field */
    int rnd = (isa_table[in->op].flags & ISA_F_FLOAT) ? (int)(w->mode & 3) : 0, old = 0;
    if (rnd) { old = fegetround(); fesetround(emu_fe_modes[rnd]); }
    fast_int(kind, n, s[0], nsrc > 1 ? s[1] : NULL, nsrc > 2 ? s[2] : NULL, cin, res, co);
    if (rnd) fesetround(old);
  }
  *cout = kind >= FK_ADD_CO ? bytes_mask(co, n) : 0;
#ifndef NDEBUG
  {
    int rnd = w->mode & 3, old = fegetround();
    fesetround(emu_fe_modes[(isa_table[in->op].flags & ISA_F_FLOAT) ? rnd : 0]);
    fast_crosscheck(in->op, vi, &e, (w->mode >> 2) & 3, nsrc, s, exec, cin, res, co, n);
    fesetround(old);
  }
#endif
  return 0;
}

/* ROW[lane] = RES[lane] in the lanes of EXEC, N lanes. */
EMU_SIMD static void fast_blend(uint32_t *row, const uint32_t *res, emu_lanes exec, unsigned n) {
  if (exec == wavecc_lanes_all(n)) {
    memcpy(row, res, n * sizeof *row);
    return;
  }
  /* 32-bit halves of EXEC: 32-bit variable shifts vectorise */
  assert(n % 32 == 0);
  for (unsigned h = 0; h < n; h += 32) {
    uint32_t e = (uint32_t)(exec >> h), *r = row + h;
    const uint32_t *x = res + h;
    for (unsigned l = 0; l < 32; l++) {
      uint32_t take = -((e >> l) & 1u);
      r[l] = (r[l] & ~take) | (x[l] & take);
    }
  }
}

int emu_valu_fast_write(emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_lanes exec, const uint32_t *res,
                        emu_lanes blend_unset) {
  unsigned dreg = in->dst;
  if (emu_vrange(d, w, in, dreg, 1, "writes")) return -1;
  if ((w->vpend[dreg] & exec) && !d->dev->opt.lax_waitcnt)
    return emu_fault(d, w, in, "overwrites v%u while a load into it is outstanding (missing vmcnt/lgkmcnt wait)", dreg);
  fast_blend(w->v[dreg], res, exec, w->nlanes);
  w->vinit[dreg] |= exec;
  w->vundef[dreg] &= ~exec;
  if (exec) w->vexec0[dreg] = 0;
  if (d->check_uninit) w->vinit[dreg] &= ~blend_unset;
  emu_trace_vwrite(d, w, dreg, 1);
  return 0;
}

/* v_cmp_class_f32 of one lane, as exec_valu_lane.c's fclass (raw bits). */
static int class32(uint32_t a, uint32_t mask) {
  float x = emu_f32(a);
  int bit;
  if (isnan(x)) bit = (a >> 22) & 1 ? 1 : 0;
  else if (isinf(x)) bit = signbit(x) ? 2 : 9;
  else if (x == 0) bit = signbit(x) ? 5 : 6;
  else if ((a & 0x7f800000u) == 0) bit = signbit(x) ? 4 : 7;
  else bit = signbit(x) ? 3 : 8;
  return (mask >> bit) & 1;
}

/* The compare bits R[lane] of condition CC (exec_valu_lane.c's fcmp /
 * icmp numbering) on N lanes of f32 (inputs flushed per KEEP_IN), signed
 * or unsigned 32-bit sources. */
EMU_SIMD static void fast_cmp_lanes(unsigned type, unsigned cc, unsigned n, const uint32_t *A, const uint32_t *B, uint32_t keep_in,
                           uint8_t *r) {
  if (type == 11) {
    for (unsigned l = 0; l < n; l++) r[l] = (uint8_t)class32(A[l], B[l]);
    return;
  }
  if (type == 2) {
    switch (cc) {
#define FC(EXPR)                                                                              \
  for (unsigned l = 0; l < n; l++) {                                                          \
    float a = emu_f32(flush32(A[l], keep_in)), b = emu_f32(flush32(B[l], keep_in));           \
    (void)a; (void)b;                                                                         \
    r[l] = (uint8_t)(EXPR);                                                                   \
  }                                                                                           \
  return
    case 0: FC(0);
    case 1: FC(a < b);
    case 2: FC(a == b);
    case 3: FC(a <= b);
    case 4: FC(a > b);
    case 5: FC(a < b || a > b);
    case 6: FC(a >= b);
    case 7: FC(!isnan(a) && !isnan(b));
    case 8: FC(isnan(a) || isnan(b));
    case 9: FC(!(a >= b));
    case 10: FC(!(a < b || a > b));
    case 11: FC(!(a > b));
    case 12: FC(!(a <= b));
    case 13: FC(!(a == b));
    case 14: FC(!(a < b));
    default: FC(1);
#undef FC
    }
  }
#define IC(T)                                                                                 \
  switch (cc) {                                                                               \
  case 0: for (unsigned l = 0; l < n; l++) r[l] = 0; return;                                 \
  case 1: for (unsigned l = 0; l < n; l++) r[l] = (T)A[l] < (T)B[l]; return;                 \
  case 2: for (unsigned l = 0; l < n; l++) r[l] = A[l] == B[l]; return;                      \
  case 3: for (unsigned l = 0; l < n; l++) r[l] = (T)A[l] <= (T)B[l]; return;                \
  case 4: for (unsigned l = 0; l < n; l++) r[l] = (T)A[l] > (T)B[l]; return;                 \
  case 5: for (unsigned l = 0; l < n; l++) r[l] = A[l] != B[l]; return;                      \
  case 6: for (unsigned l = 0; l < n; l++) r[l] = (T)A[l] >= (T)B[l]; return;                \
  default: for (unsigned l = 0; l < n; l++) r[l] = 1; return;                                \
  }
  if (type == 6) IC(int32_t)
  IC(uint32_t)
#undef IC
}

int emu_valu_fast_cmp(emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_lanes *mask) {
  const emu_vinfo *vi = &d->dev->vinfo[in->op];
  emu_lanes exec = w->exec;
  unsigned n = w->nlanes;
  uint32_t buf[2][EMU_MAX_LANES];
  const uint32_t *s[2];
  for (unsigned i = 0; i < 2; i++)
    if (fast_src(d, w, in, i, in->src[i], exec, buf[i], &s[i])) return -1;
  fpenv e = fpenv_of(w);
  uint8_t r[EMU_MAX_LANES];
  fast_cmp_lanes(vi->cmptype, vi->cmp, n, s[0], s[1], (e.den32 & 1) ? 0xffffffffu : 0, r);
  emu_lanes m = bytes_mask(r, n) & exec;
#ifndef NDEBUG
  for (unsigned l = 0; l < n; l++) {
    if (!((exec >> l) & 1)) continue;
    lane_io io = {{s[0][l], s[1][l], 0}, 0, 0, 0, l};
    int rc = emu_valu_lane(in->op, vi, &e, (w->mode >> 2) & 3, &io);
    assert(rc == 0 && io.cout == (int)((m >> l) & 1));
    (void)rc;
  }
#endif
  *mask = m;
  return 0;
}
