/* Vector ALU: VOP1, VOP2, VOPC, VOP3 (a and b), VOP3P.
 *
 * Semantics: AMD "Vega Instruction Set Architecture" reference guide,
 * chapter 6 "Vector ALU Operations" and the opcode tables of chapter 12;
 * gem5's Vega model was a second opinion for corner cases. Each lane of
 * EXEC computes independently (v_readlane/v_writelane/v_readfirstlane
 * ignore EXEC). Inputs go through VOP3 abs/neg (and VOP3P neg/neg_hi,
 * op_sel) modifiers; results through omod and clamp.
 *
 * MODE (Vega ISA 3.x "MODE register"): bits 1:0 f32 rounding, 3:2 f64/f16
 * rounding (0 nearest even, 1 +inf, 2 -inf, 3 toward zero), bits 5:4 f32
 * denormals, 7:6 f64/f16 denormals (bit 0 of each pair allows input
 * denormals, bit 1 output denormals), bit 8 DX10_CLAMP, bit 9 IEEE. The
 * rounding mode is applied with fesetround() around the host's IEEE
 * arithmetic; denormal flushing is done explicitly on inputs and results
 * (f16 inputs and results by the f16/f64 field, in every f16 VALU and
 * VOP3P instruction, compares included; v_cmp_class and v_div_fixup read
 * raw bits).
 *
 * v_div_scale / v_div_fmas / v_div_fixup follow the guide's pseudo code:
 * div_scale scales the numerator or denominator by 2^64 (2^128 for f64)
 * and sets VCC when the final quotient must be rescaled; div_fmas applies
 * 2^+-64 (2^+-128) depending on the exponent of its third operand. */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emu/valu_lane.h"

/* ------------------------------------------------------------ op facts */

/* The emulator's per-opcode VALU facts, from the semantic columns of the
 * ISA table (isa_sem.def). */
void emu_valu_init(wemu_device *dev) {
  for (unsigned i = 0; i < ISA_NUM_OPS; i++) {
    const isa_sem *s = isa_sem_of(i);
    emu_vinfo *vi = &dev->vinfo[i];
    memset(vi, 0, sizeof *vi);
    isa_format f = isa_table[i].format;
    if (!isa_fmt_valu(f)) continue;
    vi->family = s->domain;
    vi->fast = emu_valu_fast_kind(i);
    if (f == ISA_FMT_VOP3P) continue; /* exec_vop3p reads the columns itself */
    isa_type st = (isa_type)s->stype;
    if (s->cmp == ISA_CMP_CLASS) {
      vi->cmptype = st == ISA_T_F16 ? 10 : st == ISA_T_F32 ? 11 : 12;
    } else if (s->cmp >= ISA_CMP_F_F && s->cmp <= ISA_CMP_F_TRU) {
      vi->cmptype = st == ISA_T_F16 ? 1 : st == ISA_T_F32 ? 2 : 3;
      vi->cmp = (uint8_t)(s->cmp - ISA_CMP_F_F);
    } else if (s->cmp >= ISA_CMP_I_F) {
      static const uint8_t it[] = {[ISA_T_I16] = 4, [ISA_T_U16] = 5, [ISA_T_I32] = 6, [ISA_T_U32] = 7, [ISA_T_I64] = 8, [ISA_T_U64] = 9};
      vi->cmptype = st < sizeof it ? it[st] : 0;
      vi->cmp = (uint8_t)(s->cmp - ISA_CMP_I_F);
    }
    vi->cmpx = (s->flags & ISA_S_CMPX) != 0;
    vi->src16 = isa_type_bits(st) == 16;
    vi->dst16 = isa_type_bits((isa_type)s->dtype) == 16;
    vi->fsrc = s->fbits;
    if (!vi->fast) vi->fast = emu_valu_fast_cmp_kind(vi);
    if (!vi->fast) vi->fast = emu_valu_fast_lane_kind(dev, i);
  }
}

/* ------------------------------------------------------------ operands */

static bool gpr_indexed(const emu_wave *w, int which /* 0..2 src, 3 dst */) {
  return w->gpr_idx_on && ((w->gpr_idx_mode >> which) & 1);
}

int emu_vgpr_index(const emu_wave *w, unsigned v, int which /* 0..2 src, 3 dst */) {
  if (gpr_indexed(w, which)) v += w->gpr_idx;
  return (int)v;
}

/* Reads source `i` of width ndw into vals[lane] for lanes in `lanes`. */
static int read_src(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned i, unsigned code, unsigned ndw,
                    emu_lanes lanes, const emu_vinfo *vi, uint64_t *vals) {
  if (code >= OPC_VGPR0) {
    /* an operand s_set_gpr_idx indexes, with no lane active, reads
     * nothing: its index decides nothing (as for v_movrels,
     * exec_valu_movrel.c; a linearised block whose lanes all skipped the
     * index's definition, clsmith seed 4523 at gfx90a) */
    if (!lanes && gpr_indexed(w, (int)i)) return 0;
    int r = emu_vgpr_index(w, code - OPC_VGPR0, (int)i);
    if (r < 0 || emu_vrange(d, w, in, (unsigned)r, ndw, "reads")) return r < 0 ? emu_fault(d, w, in, "VGPR index %d", r) : -1;
    if (i == 2 && ndw == 2 && (in->op == ISA_V_MAD_U64_U32 || in->op == ISA_V_MAD_I64_I32)) {
      /* llc feeds an undefined high half to v_mad_u64_u32 when only the low
       * 32 bits of the result are used: do not report that as an uninit read. */
      int save = d->check_uninit;
      if (emu_vcheck(d, w, in, (unsigned)r, 1, lanes)) return -1;
      d->check_uninit = 0;
      int bad = emu_vcheck(d, w, in, (unsigned)r + 1, 1, lanes);
      d->check_uninit = save;
      if (bad) return -1;
    } else if (emu_vcheck(d, w, in, (unsigned)r, ndw, lanes)) return -1;
    for (unsigned l = 0; l < w->nlanes; l++) {
      if (!((lanes >> l) & 1)) continue;
      uint64_t x = w->v[r][l];
      if (ndw > 1) x |= (uint64_t)w->v[r + 1][l] << 32;
      vals[l] = x;
    }
    return 0;
  }
  int err = 0;
  uint64_t x;
  /* float inline constants of 16-bit operands (LLVM 19's
   * AMDGPUBaseInfo.cpp getInlineEncodingV216, from hardware: the ISA
   * guides are misleading here): f16 instructions get the half value in
   * the low half and 0 above it; 16-bit integer instructions (v_add_u16,
   * v_pk_add_u16...) the f32 pattern, so v_pk_add_u16 v1, v1, 2.0
   * op_sel:[0,1] adds 0x4000 (the pattern's high half) to both halves */
  if (code >= OPC_FLT_FIRST && code <= OPC_FLT_LAST && vi->fsrc == 16) {
    static const uint16_t h[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};
    x = h[code - OPC_FLT_FIRST];
  } else if (ndw > 1) {
    x = emu_sread64(d, w, in, code, &err);
  } else if (code >= OPC_FLT_FIRST && code <= OPC_FLT_LAST && vi->fsrc == 64) {
    int ok; x = emu_const64(in, code, 1, 0, &ok) >> 32; /* only reached for 1-dword sources of f64 ops */
  } else {
    x = emu_sread(d, w, in, code, &err);
  }
  if (err) return -1;
  for (unsigned l = 0; l < w->nlanes; l++) vals[l] = x;
  return 0;
}

/* ------------------------------------------------------------ VOP3P */

/* v_mad_mix_f32 (gfx9): D.f32 = S0 * S1 + S2, each source an f32, or an
 * f16 (its op_sel_hi bit set) from the low or high half (its op_sel bit);
 * neg and abs (the neg_hi field) per source. Not fused: like v_mad_f32 the
 * product is rounded to f32 (denormals per MODE) before the add. f16
 * sources follow the f16/f64 denormal field as v_cvt_f32_f16 does.
 * v_mad_mixlo_f16 / v_mad_mixhi_f16 compute the same f32 value and write
 * it converted to f16 (v_cvt_f16_f32's rounding and flushing) into the low
 * or high half of D, keeping the other half.
 * v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16 (gfx90a, gfx942: they
 * replace the mad forms at the same opcodes) are the same with one
 * rounding: a fused multiply-add of the f32 values. */
static int exec_mad_mix(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_lanes lanes = w->exec;
  uint64_t buf[3][EMU_MAX_LANES];
  emu_vinfo vi = {0};
  fpenv e = fpenv_of(w);
  int rnd16 = (w->mode >> 2) & 3;
  int half = in->op == ISA_V_MAD_MIXHI_F16 || in->op == ISA_V_FMA_MIXHI_F16 ? 2
             : in->op == ISA_V_MAD_MIXLO_F16 || in->op == ISA_V_FMA_MIXLO_F16 ? 1 : 0;
  /* v_fma_mix* (RDNA): one rounding of the exact a * b + c */
  int fused = in->op == ISA_V_FMA_MIX_F32 || in->op == ISA_V_FMA_MIXLO_F16 || in->op == ISA_V_FMA_MIXHI_F16;
  for (unsigned i = 0; i < 3; i++)
    if (read_src(d, w, in, i, in->src[i], 1, lanes, &vi, buf[i])) return -1;
  if (emu_vrange(d, w, in, in->dst, 1, "writes")) return -1;
  int old_rnd = fegetround();
  fesetround(emu_fe_modes[w->mode & 3]);
  for (unsigned l = 0; l < w->nlanes; l++) {
    if (!((lanes >> l) & 1)) continue;
    float x[3];
    for (unsigned i = 0; i < 3; i++) {
      uint32_t raw = (uint32_t)buf[i][l];
      if ((in->opsel_hi >> i) & 1)
        x[i] = (float)emu_h2f((uint16_t)flush16(&e, (raw >> (((in->opsel >> i) & 1) ? 16 : 0)) & 0xffff, 1));
      else x[i] = in32(&e, emu_f32(raw));
      if ((in->neg_hi >> i) & 1) x[i] = fabsf(x[i]);
      if ((in->neg >> i) & 1) x[i] = -x[i];
    }
    volatile float p = x[0] * x[1];
    uint32_t r = emu_u32(out32(&e, fused ? fmaf(x[0], x[1], x[2]) : in32(&e, p) + x[2]));
    if (half) {
      uint32_t h = (uint32_t)flush16(&e, emu_f2h(emu_f32(r), rnd16), 2);
      r = half == 1 ? (w->v[in->dst][l] & 0xffff0000u) | h : (w->v[in->dst][l] & 0xffffu) | h << 16;
    }
    emu_vwrite(d, w, in->dst, l, r);
  }
  fesetround(old_rnd);
  emu_trace_vwrite(d, w, in->dst, 1);
  return 0;
}

/* Reads 64-bit packed source i of v_pk_*_f32: a VGPR or SGPR pair, or a
 * 32-bit constant (inline or literal) in both halves. A VGPR pair of
 * which op_sel/op_sel_hi select one dword only (a broadcast, or
 * v_pk_mov_b32's one dword of each source) is checked (pending loads,
 * never-written registers) on that dword alone: the other one is not
 * used, and wavecc names the pair around a dword it broadcasts. */
static int read_pk64(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned i, emu_lanes lanes, uint64_t *vals) {
  unsigned code = in->src[i];
  emu_vinfo vi = {0};
  vi.fsrc = 32;
  int pair = code >= OPC_VGPR0 || code < OPC_ZERO;
  unsigned lo = (in->opsel >> i) & 1u, hi = (in->opsel_hi >> i) & 1u;
  if (in->op == ISA_V_PK_MOV_B32) hi = lo;
  if (code >= OPC_VGPR0 && lo == hi && !w->gpr_idx_on) {
    unsigned r = code - OPC_VGPR0;
    if (emu_vrange(d, w, in, r, 2, "reads") || emu_vcheck(d, w, in, r + lo, 1, lanes)) return -1;
    for (unsigned l = 0; l < w->nlanes; l++)
      if ((lanes >> l) & 1) vals[l] = w->v[r][l] | (uint64_t)w->v[r + 1][l] << 32;
    return 0;
  }
  if (read_src(d, w, in, i, code, pair ? 2 : 1, lanes, &vi, vals)) return -1;
  if (!pair)
    for (unsigned l = 0; l < w->nlanes; l++) vals[l] = (vals[l] & 0xffffffffu) * 0x100000001ull;
  return 0;
}

/* v_pk_fma_f32, v_pk_mul_f32, v_pk_add_f32, v_pk_mov_b32 (CDNA 2/3 ISA
 * guides, "VOP3P"): two f32 lanes in a 64-bit register pair. For the low
 * result source i supplies its high dword if op_sel bit i is set, else its
 * low one; for the high result op_sel_hi decides; neg / neg_hi negate the
 * float inputs. v_pk_mov_b32: D.lo = S0[op_sel[0]], D.hi = S1[op_sel[1]].
 * f32 rounding and denormals per MODE, fused multiply-add as v_fma_f32. */
static int exec_pk_f32(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_lanes lanes = w->exec;
  uint64_t buf[3][EMU_MAX_LANES];
  unsigned n = d->dev->shape[in->op].nuses;
  for (unsigned i = 0; i < n; i++)
    if (read_pk64(d, w, in, i, lanes, buf[i])) return -1;
  if (in->clamp) return emu_fault(d, w, in, "clamp on a packed f32 instruction is not implemented by the emulator");
  if (emu_vrange(d, w, in, in->dst, 2, "writes")) return -1;
  fpenv e = fpenv_of(w);
  int old_rnd = fegetround();
  fesetround(emu_fe_modes[w->mode & 3]);
  for (unsigned l = 0; l < w->nlanes; l++) {
    if (!((lanes >> l) & 1)) continue;
    uint32_t out[2];
    for (unsigned h = 0; h < 2; h++) {
      unsigned sel = h ? in->opsel_hi : in->opsel, ng = h ? in->neg_hi : in->neg;
      if (in->op == ISA_V_PK_MOV_B32) {
        out[h] = (uint32_t)(buf[h][l] >> (((in->opsel >> h) & 1) ? 32 : 0));
        continue;
      }
      float x[3] = {0, 0, 0};
      for (unsigned i = 0; i < n; i++) {
        x[i] = in32(&e, emu_f32((uint32_t)(buf[i][l] >> (((sel >> i) & 1) ? 32 : 0))));
        if ((ng >> i) & 1) x[i] = -x[i];
      }
      float r = in->op == ISA_V_PK_FMA_F32 ? fmaf(x[0], x[1], x[2]) : in->op == ISA_V_PK_MUL_F32 ? x[0] * x[1] : x[0] + x[1];
      out[h] = emu_u32(out32(&e, r));
    }
    emu_vwrite(d, w, in->dst, l, out[0]);
    emu_vwrite(d, w, in->dst + 1, l, out[1]);
  }
  fesetround(old_rnd);
  emu_trace_vwrite(d, w, in->dst, 2);
  return 0;
}

static int exec_vop3p(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  if (in->op == ISA_V_MAD_MIX_F32 || in->op == ISA_V_MAD_MIXLO_F16 || in->op == ISA_V_MAD_MIXHI_F16 ||
      in->op == ISA_V_FMA_MIX_F32 || in->op == ISA_V_FMA_MIXLO_F16 || in->op == ISA_V_FMA_MIXHI_F16)
    return exec_mad_mix(d, w, in);
  if (in->op == ISA_V_PK_FMA_F32 || in->op == ISA_V_PK_MUL_F32 || in->op == ISA_V_PK_ADD_F32 || in->op == ISA_V_PK_MOV_B32)
    return exec_pk_f32(d, w, in);
  emu_lanes lanes = w->exec;
  uint64_t *s[3];
  uint64_t buf[3][EMU_MAX_LANES];
  const emu_opshape *sh = &d->dev->shape[in->op];
  emu_vinfo vi = {0};
  vi.fsrc = isa_sem_of(in->op)->fbits;
  vi.src16 = 1;
  /* dot products read whole dwords; an inline float constant is the f32
   * pattern for the f32 addend of v_dot2_f32_f16 and the integer forms,
   * the half in the low half (0 above it) for its packed f16 sources
   * (LLVM 19 getInlineEncodingV216; llc-19 writes <1.0, 1.0> as 1.0 with
   * op_sel_hi 0 and <1.0, 0.0> as 1.0) */
  emu_dot_mods dot = {in->opsel, in->opsel_hi, in->neg, in->neg_hi, in->clamp};
  uint32_t probe;
  bool is_dot = emu_dot_lane(in->op, &dot, &(fpenv){0}, 0, 0, 0, &probe) == 0;
  if (is_dot) vi.src16 = 0;
  for (unsigned i = 0; i < 3; i++) {
    s[i] = buf[i];
    memset(buf[i], 0, sizeof buf[i]);
    if (is_dot) vi.fsrc = in->op != ISA_V_DOT2_F32_F16 ? 0 : i < 2 ? 16 : 32;
    if (i < sh->nuses && read_src(d, w, in, i, in->src[i], 1, lanes, &vi, buf[i])) return -1;
  }
  if (emu_vrange(d, w, in, in->dst, 1, "writes")) return -1;
  int rnd = (w->mode >> 2) & 3;
  fpenv e = fpenv_of(w);
  if (is_dot) {
    int old_rnd = fegetround();
    fesetround(emu_fe_modes[w->mode & 3]);
    for (unsigned l = 0; l < w->nlanes; l++)
      if ((lanes >> l) & 1) {
        uint32_t r = 0;
        emu_dot_lane(in->op, &dot, &e, (uint32_t)s[0][l], (uint32_t)s[1][l], (uint32_t)s[2][l], &r);
        emu_vwrite(d, w, in->dst, l, r);
      }
    fesetround(old_rnd);
    emu_trace_vwrite(d, w, in->dst, 1);
    return 0;
  }
  for (unsigned l = 0; l < w->nlanes; l++) {
    if (!((lanes >> l) & 1)) continue;
    uint32_t out = 0;
    for (int h = 0; h < 2; h++) {
      uint16_t x[3];
      for (int i = 0; i < 3; i++) {
        int hi = h ? (in->opsel_hi >> i) & 1 : (in->opsel >> i) & 1;
        x[i] = (uint16_t)(s[i][l] >> (hi ? 16 : 0));
        int ng = h ? (in->neg_hi >> i) & 1 : (in->neg >> i) & 1;
        if (ng) x[i] = vi.fsrc ? (uint16_t)(x[i] ^ 0x8000) : (uint16_t)(-(int)x[i]);
      }
      uint32_t r;
      /* f16 inputs and results: denormals per the f16/f64 field */
      int f16 = vi.fsrc == 16;
      double A = emu_h2f(f16 ? (uint16_t)flush16(&e, x[0], 1) : x[0]), B = emu_h2f(f16 ? (uint16_t)flush16(&e, x[1], 1) : x[1]);
      double C = emu_h2f(f16 ? (uint16_t)flush16(&e, x[2], 1) : x[2]);
      switch (in->op) {
      case ISA_V_PK_ADD_F16: r = emu_f2h(A + B, rnd); break;
      case ISA_V_PK_MUL_F16: r = emu_f2h(A * B, rnd); break;
      case ISA_V_PK_FMA_F16: r = emu_f2h(fma(A, B, C), rnd); break;
      case ISA_V_PK_MIN_F16: r = emu_f2h(dmin_ieee(A, B), 0); break;
      case ISA_V_PK_MAX_F16: r = emu_f2h(dmax_ieee(A, B), 0); break;
      /* clamp saturates the packed integer add/sub (unsigned or signed per opcode). */
      case ISA_V_PK_ADD_U16: { int t = x[0] + x[1]; r = (uint16_t)(in->clamp && t > 0xffff ? 0xffff : t); break; }
      case ISA_V_PK_SUB_U16: { int t = x[0] - x[1]; r = (uint16_t)(in->clamp && t < 0 ? 0 : t); break; }
      case ISA_V_PK_ADD_I16: case ISA_V_PK_SUB_I16: {
        int t = in->op == ISA_V_PK_ADD_I16 ? (int16_t)x[0] + (int16_t)x[1] : (int16_t)x[0] - (int16_t)x[1];
        if (in->clamp) t = t > 32767 ? 32767 : t < -32768 ? -32768 : t;
        r = (uint16_t)t; break;
      }
      case ISA_V_PK_MUL_LO_U16: r = (uint16_t)(x[0] * x[1]); break;
      case ISA_V_PK_MAD_U16: r = (uint16_t)(x[0] * x[1] + x[2]); break;
      case ISA_V_PK_MAD_I16: r = (uint16_t)((int16_t)x[0] * (int16_t)x[1] + (int16_t)x[2]); break;
      case ISA_V_PK_LSHLREV_B16: r = (uint16_t)(x[1] << (x[0] & 15)); break;
      case ISA_V_PK_LSHRREV_B16: r = (uint16_t)(x[1] >> (x[0] & 15)); break;
      case ISA_V_PK_ASHRREV_I16: r = (uint16_t)((int16_t)x[1] >> (x[0] & 15)); break;
      case ISA_V_PK_MAX_I16: r = (uint16_t)((int16_t)x[0] > (int16_t)x[1] ? x[0] : x[1]); break;
      case ISA_V_PK_MIN_I16: r = (uint16_t)((int16_t)x[0] < (int16_t)x[1] ? x[0] : x[1]); break;
      case ISA_V_PK_MAX_U16: r = x[0] > x[1] ? x[0] : x[1]; break;
      case ISA_V_PK_MIN_U16: r = x[0] < x[1] ? x[0] : x[1]; break;
      default: return emu_fault(d, w, in, "VOP3P instruction not implemented by the emulator");
      }
      if (f16) r = (uint32_t)flush16(&e, r, 2);
      if (in->clamp && vi.fsrc == 16) { double f = emu_h2f((uint16_t)r); r = emu_f2h(isnan(f) ? 0.0 : f < 0 ? 0.0 : f > 1 ? 1.0 : f, 0); }
      out |= (r & 0xffff) << (16 * h);
    }
    emu_vwrite(d, w, in->dst, l, out);
  }
  emu_trace_vwrite(d, w, in->dst, 1);
  return 0;
}

/* ------------------------------------------------------------ main entry */

int emu_valu_hazard(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, unsigned need, const char *what) {
  if (code >= EMU_NUM_SGPR) return 0;
  uint64_t t = w->valu_sgpr_write[code];
  if (!t) return 0;
  uint64_t between = w->ws - t - 1;
  if (between < need)
    return emu_fault(d, w, in, "hazard: %s needs %u wait states, only %llu present (insert s_nop)", what, need, (unsigned long long)between);
  return 0;
}

/* Notes the VALU write of lane mask `sd` (one SGPR in wave32, a pair in
 * wave64) for the SGPR hazards that follow. */
static void mark_valu_sgpr_write(emu_wave *w, unsigned sd) {
  for (unsigned k = 0, n = w->nlanes > 32 ? 2u : 1u; k < n; k++) w->valu_sgpr_write[(sd + k) & 127] = w->ws;
}

/* Reads the NSRC source operands (register CODES of WIDTHS dwords) of
 * the active lanes into SRC, applying SDWA selects, 16-bit op_sel and
 * abs/neg. v_cndmask_b32 reads each lane's selected source only (CIN the
 * mask) and adds the lanes that selected a never-written VGPR to
 * *BLEND_UNSET. Returns 0, or -1 after a fault. */
static int read_sources(emu_dispatch *d, emu_wave *w, const emu_inst *in, const unsigned codes[3],
                        const unsigned widths[3], unsigned nsrc, emu_lanes exec, emu_lanes cin,
                        uint64_t (*src)[EMU_MAX_LANES], emu_lanes *blend_unset) {
  isa_op op = in->op;
  const emu_vinfo *vi = &d->dev->vinfo[op];
  for (unsigned i = 0; i < nsrc; i++) {
    unsigned wd = widths[i] ? widths[i] : 1;
    /* v_cndmask_b32 reads, in each lane, only the source its mask bit
     * selects. A blend (masked linearisation's phis) may select a value
     * never written in some lanes when a later blend replaces it there:
     * under --check-uninit those lanes of the result stay never-written
     * (blend_unset) and a real use of them is reported, not the blend. */
    emu_lanes lanes = exec;
    if (op == ISA_V_CNDMASK_B32) {
      lanes = i ? exec & cin : exec & ~cin;
      int save = d->check_uninit, bad;
      d->check_uninit = 0;
      bad = read_src(d, w, in, i, codes[i], wd, lanes, vi, src[i]);
      d->check_uninit = save;
      if (bad) return -1;
      if (codes[i] >= OPC_VGPR0 && lanes) *blend_unset |= lanes & ~w->vinit[emu_vgpr_index(w, codes[i] - OPC_VGPR0, (int)i)];
    } else if (i == 0 && in->dpp) {
      /* read by emu_exec_valu (emu_dpp_read): other lanes of the row */
    } else if (read_src(d, w, in, i, codes[i], wd, lanes, vi, src[i])) return -1;
    if (in->sdwa && i < 2 && in->src_sel[i] != 6) {
      unsigned sel = in->src_sel[i];
      for (unsigned l = 0; l < w->nlanes; l++) {
        uint32_t x = (uint32_t)src[i][l];
        if (sel < 4) { x = (x >> (8 * sel)) & 0xff; if (in->src_sext[i] && (x & 0x80)) x |= 0xffffff00u; }
        else { x = (x >> (16 * (sel - 4))) & 0xffff; if (in->src_sext[i] && (x & 0x8000)) x |= 0xffff0000u; }
        src[i][l] = x;
      }
    }
    /* 16-bit operand select (VOP3 op_sel) */
    if (vi->src16 && in->fmt == ISA_FMT_VOP3 && ((in->opsel >> i) & 1))
      for (unsigned l = 0; l < w->nlanes; l++) src[i][l] >>= 16;
    if (vi->src16) for (unsigned l = 0; l < w->nlanes; l++) src[i][l] &= 0xffff;
    /* abs / neg */
    if ((in->fmt == ISA_FMT_VOP3 || in->sdwa || in->dpp) && (((in->abs | in->neg) >> i) & 1)) {
      uint64_t sb = vi->src16 ? 0x8000 : (vi->fsrc == 64 && wd == 2) ? 1ull << 63 : 0x80000000u;
      for (unsigned l = 0; l < w->nlanes; l++) {
        if ((in->abs >> i) & 1) src[i][l] &= ~sb;
        if ((in->neg >> i) & 1) src[i][l] ^= sb;
      }
    }
  }
  return 0;
}

/* Output modifiers (omod, clamp) and denormal flushing of lane result R
 * of a DW-dword result; an integer clamp saturates using the carry-out
 * COUT and the first two sources S0, S1. Returns the modified result. */
static uint64_t lane_result_mods(const emu_inst *in, const emu_vinfo *vi, const isa_sem *sem, fpenv *e, int isfloat,
                                 unsigned dw, uint64_t r, int cout, uint64_t s0, uint64_t s1) {
  isa_op op = in->op;
  /* Output modifiers and denormal flushing of float results. */
  if (isfloat && (sem->flags & ISA_S_F32_RESULT) && dw == 1) {
    float f = F(r);
    if (in->omod) f = in->omod == 1 ? f * 2 : in->omod == 2 ? f * 4 : f * 0.5f;
    f = out32(e, f);
    if (in->clamp) f = isnan(f) ? 0.0f : f < 0 ? 0.0f : f > 1 ? 1.0f : f;
    r = UF(f);
  } else if (isfloat && dw == 2 && vi->fsrc == 64) {
    double f = D(r);
    if (in->omod) f = in->omod == 1 ? f * 2 : in->omod == 2 ? f * 4 : f * 0.5;
    f = out64(e, f);
    if (in->clamp) f = isnan(f) ? 0.0 : f < 0 ? 0.0 : f > 1 ? 1.0 : f;
    r = emu_u64(f);
  } else if (isfloat && vi->dst16 && in->clamp) {
    double f = emu_h2f((uint16_t)r);
    f = isnan(f) ? 0.0 : f < 0 ? 0.0 : f > 1 ? 1.0 : f;
    r = emu_f2h(f, 0);
  } else if (in->clamp && !isfloat) {
    /* Integer clamp saturates (gfx9 v_add_u32/v_sub_u32/..._co_u32/u16). */
    if (op == ISA_V_ADD_U32 || op == ISA_V_ADD_CO_U32 || op == ISA_V_ADDC_CO_U32) { if (cout) r = 0xffffffffu; }
    else if (op == ISA_V_SUB_U32 || op == ISA_V_SUBREV_U32 || op == ISA_V_SUB_CO_U32 || op == ISA_V_SUBREV_CO_U32 || op == ISA_V_SUBB_CO_U32) { if (cout) r = 0; }
    else if (op == ISA_V_ADD_I32 || op == ISA_V_SUB_I32) {
      int64_t t = op == ISA_V_ADD_I32 ? (int64_t)(int32_t)s0 + (int32_t)s1 : (int64_t)(int32_t)s0 - (int32_t)s1;
      r = (uint32_t)(t > INT32_MAX ? INT32_MAX : t < INT32_MIN ? INT32_MIN : t);
    } else if (op == ISA_V_ADD_U16) { if ((s0 & 0xffff) + (s1 & 0xffff) > 0xffff) r = 0xffff; }
    else if (op == ISA_V_ADD_I16 || op == ISA_V_SUB_I16) {
      int32_t t = op == ISA_V_ADD_I16 ? (int16_t)s0 + (int16_t)s1 : (int16_t)s0 - (int16_t)s1;
      r = (uint16_t)(t > 32767 ? 32767 : t < -32768 ? -32768 : t);
    }
    else if (op == ISA_V_SUB_U16) { if ((s1 & 0xffff) > (s0 & 0xffff)) r = 0; }
  }
  return r;
}

/* Writes the DW-dword lane results DST of the active lanes EXEC to the
 * destination VGPR (SDWA dst_sel, 16-bit halves) and clears the lanes in
 * BLEND_UNSET from its written set. Returns 0, or the fault's status. */
static int write_result(emu_dispatch *d, emu_wave *w, const emu_inst *in, const emu_vinfo *vi, emu_lanes exec,
                        unsigned dw, const uint64_t *dst, emu_lanes blend_unset) {
  /* Write the VGPR result (none under EXEC zero through s_set_gpr_idx:
   * see read_src). */
  if (!exec && gpr_indexed(w, 3)) return 0;
  int dreg = emu_vgpr_index(w, in->dst, 3);
  if (dreg < 0 || emu_vrange(d, w, in, (unsigned)dreg, dw, "writes")) {
    return dreg < 0 ? emu_fault(d, w, in, "VGPR index %d", dreg) : -1;
  }
  for (unsigned i = 0; i < dw; i++)
    if ((w->vpend[dreg + i] & exec) && !d->dev->opt.lax_waitcnt) {
        return emu_fault(d, w, in, "overwrites v%u while a load into it is outstanding (missing vmcnt/lgkmcnt wait)", (unsigned)dreg + i);
    }
  for (unsigned l = 0; l < w->nlanes; l++) {
    if (!((exec >> l) & 1)) continue;
    uint64_t r = dst[l];
    if (in->sdwa && in->dst_sel != 6) {
      unsigned sel = in->dst_sel, sh = sel < 4 ? 8 * sel : 16 * (sel - 4), bits = sel < 4 ? 8 : 16;
      uint32_t fm = ((1u << bits) - 1) << sh, old = w->v[dreg][l], v = ((uint32_t)r << sh) & fm;
      if (in->dst_unused == 2) v |= old & ~fm;
      else if (in->dst_unused == 1 && ((v >> (sh + bits - 1)) & 1)) v |= ~((1u << (sh + bits)) - 1) & 0xffffffffu;
      r = v;
    } else if (vi->dst16 && !in->sdwa) {
      /* gfx9 zeroes the high half of a 16-bit result, except VOP3 op_sel[3] writes the high half. */
      if (in->fmt == ISA_FMT_VOP3 && (in->opsel & 8)) r = (w->v[dreg][l] & 0xffff) | (r & 0xffff) << 16;
      else r &= 0xffff;
    }
    emu_vwrite(d, w, (unsigned)dreg, l, (uint32_t)r);
    if (dw > 1) emu_vwrite(d, w, (unsigned)dreg + 1, l, (uint32_t)(r >> 32));
  }
  if (d->check_uninit) w->vinit[dreg] &= ~blend_unset;
  emu_trace_vwrite(d, w, (unsigned)dreg, dw);
  return 0;
}

/* Writes compare result CMASK (active lanes only: VOPC clears the bits of
 * disabled lanes, Vega ISA 6.x) to VCC or the VOP3 SDST, and EXEC for
 * v_cmpx. Returns 0, or -1 after a fault. */
static int write_cmp(emu_dispatch *d, emu_wave *w, const emu_inst *in, const emu_vinfo *vi, emu_lanes cmask) {
  unsigned sd = (in->vop3 || in->sdwa || in->sdst == EMU_NO_SDST) ? in->sdst : OPC_VCC_LO;
  if (sd != EMU_NO_SDST) {
    if (emu_mask_write(d, w, in, sd, cmask)) return -1;
    mark_valu_sgpr_write(w, sd);
  }
  if (vi->cmpx) w->exec = cmask;
  return 0;
}

/* Does VALU instruction `h` (a VOPD half) read VGPR v? */
static bool half_reads(const emu_dispatch *d, const emu_inst *h, unsigned v) {
  unsigned n = d->dev->shape[h->op].nuses;
  return h->src[0] == OPC_VGPR0 + v || (n > 1 && h->src[1] == OPC_VGPR0 + v) ||
         ((h->op == ISA_V_FMAC_F32) && h->dst == v);
}

/* GFX11 VOPD: both halves read their sources before either writes (dual
 * issue). llc-19 pairs two instructions in program order and then puts
 * whichever can only be Y there (GCNCreateVOPD), so Y may read X's old
 * destination (v_dual_mov_b32 v7, 0 :: v_dual_add_nc_u32 v10, v8, v7):
 * then Y runs first. Halves that read each other's destination, or write
 * the same VGPR (which the format forbids), are faults. */
static int exec_vopd(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_inst x = *in, y = *in;
  x.vopd = 0; y.vopd = 0;
  y.op = (isa_op)in->y_op;
  y.fmt = (isa_format)isa_encoding(d->dev->tgt->encoding, y.op)->format;
  y.dst = in->y_dst; y.src[0] = in->y_src0; y.src[1] = in->y_src1; y.src[2] = OPC_VCC_LO;
  emu_valu_prepare(d->dev, &x);
  emu_valu_prepare(d->dev, &y);
  if (x.dst == y.dst) return emu_fault(d, w, in, "VOPD: both halves write v%u", x.dst);
  bool y_reads_x = half_reads(d, &y, x.dst), x_reads_y = half_reads(d, &x, y.dst);
  if (y_reads_x && x_reads_y)
    return emu_fault(d, w, in, "VOPD: each half reads the other's destination (v%u, v%u): not modelled", x.dst, y.dst);
  const emu_inst *first = y_reads_x ? &y : &x, *second = y_reads_x ? &x : &y;
  if (emu_exec_valu(d, w, first)) return -1;
  return emu_exec_valu(d, w, second);
}

/* The operand shape of a VALU instruction as emu_exec_valu reads it:
 * source codes and widths after the special forms (madmk/madak literal,
 * the tied accumulator of v_mac/v_fmac, carry-in sources), the carry-in
 * mask operand and whether a carry / VCC mask is written. */
typedef struct valu_shape {
  unsigned codes[3], widths[3], nsrc, dw;
  int is_cmp, uses_carry, writes_carry;
  unsigned cin_code;  /* the carry-in / lane-mask operand when uses_carry */
  unsigned cout_code; /* the carry-out mask destination when writes_carry */
} valu_shape;

static void shape_of(const wemu_device *dev, const emu_inst *in, valu_shape *v) {
  isa_op op = in->op;
  const emu_opshape *sh = &dev->shape[op];
  const isa_sem *sem = isa_sem_of(op);
  v->is_cmp = isa_table[op].format == ISA_FMT_VOPC;
  v->nsrc = sh->nuses > 3 ? 3 : sh->nuses;
  v->uses_carry = (sem->flags & ISA_S_CARRY_IN) || op == ISA_V_CNDMASK_B32 || op == ISA_V_DIV_FMAS_F32 || op == ISA_V_DIV_FMAS_F64;
  v->writes_carry = (sem->flags & ISA_S_CARRY_OUT) || op == ISA_V_DIV_SCALE_F32 || op == ISA_V_DIV_SCALE_F64 || op == ISA_V_MAD_U64_U32 || op == ISA_V_MAD_I64_I32;
  v->dw = sh->ndefs ? sh->defw[0] : 1;
  for (unsigned i = 0; i < 3; i++) { v->codes[i] = in->src[i]; v->widths[i] = i < v->nsrc ? sh->usew[i] : 1; }
  /* VOP2 special shapes: madmk D = S0 * K + S1, madak D = S0 * S1 + K, mac D = S0 * S1 + D. */
  if (op == ISA_V_MADMK_F32 || op == ISA_V_MADMK_F16 || op == ISA_V_FMAMK_F32 || op == ISA_V_FMAMK_F16) { v->codes[2] = v->codes[1]; v->codes[1] = OPC_LITERAL; v->nsrc = 3; }
  if (op == ISA_V_MADAK_F32 || op == ISA_V_MADAK_F16 || op == ISA_V_FMAAK_F32 || op == ISA_V_FMAAK_F16) { v->codes[2] = OPC_LITERAL; v->nsrc = 3; }
  if (sem->flags & ISA_S_TIED) { v->codes[2] = OPC_VGPR0 + in->dst; v->widths[2] = v->dw; v->nsrc = 3; } /* v_mac_*, v_fmac_* */
  if (v->uses_carry && op != ISA_V_CNDMASK_B32 && v->nsrc > 2 && in->fmt != ISA_FMT_VOP3) v->nsrc = 2;
  if (sem->flags & ISA_S_CARRY_IN) v->nsrc = 2;
  if (op == ISA_V_CNDMASK_B32) v->nsrc = 2;
  /* Carry-in / lane mask: VCC for the 32-bit encoding, SGPR (pair in wave64) src2 in VOP3. */
  v->cin_code = (in->fmt == ISA_FMT_VOP3 && op != ISA_V_DIV_FMAS_F32 && op != ISA_V_DIV_FMAS_F64) ? in->src[2] : OPC_VCC_LO;
  v->cout_code = in->fmt == ISA_FMT_VOP3 ? in->sdst : OPC_VCC_LO;
}

void emu_valu_prepare(const wemu_device *dev, emu_inst *in) {
  in->vfast = 0;
  if (!isa_fmt_valu(in->fmt) || in->vopd || in->sdwa || in->dpp) return;
  isa_op op = in->op;
  const emu_vinfo *vi = &dev->vinfo[op];
  if (!vi->fast || (in->fmt == ISA_FMT_VOP3P)) return;
  if (in->fmt == ISA_FMT_VOP3 ? (in->clamp | in->omod | in->opsel) != 0 : in->fmt != ISA_FMT_VOP1 && in->fmt != ISA_FMT_VOP2 && in->fmt != ISA_FMT_VOPC)
    return;
  if (op == ISA_V_NOP || op == ISA_V_READFIRSTLANE_B32 || op == ISA_V_READLANE_B32 || op == ISA_V_WRITELANE_B32 || op == ISA_V_SWAP_B32 ||
      (isa_sem_of(op)->flags & ISA_S_MOVREL))
    return;
  valu_shape v;
  shape_of(dev, in, &v);
  if (!v.is_cmp && v.dw != 1) return;
  /* VOPC in the VOP3 encoding is fast too (emu_valu_fast_ok: VOP3 without clamp/omod/op_sel) */
  in->vfast = v.is_cmp ? 2 : 1;
  in->vnsrc = (uint8_t)v.nsrc;
  for (unsigned i = 0; i < 3; i++) in->vcodes[i] = (uint16_t)v.codes[i];
  in->vcin = v.uses_carry ? (uint16_t)v.cin_code : EMU_NO_OPERAND;
  in->vcout = v.writes_carry ? (uint16_t)v.cout_code : EMU_NO_OPERAND;
}

/* The fast path of an instruction emu_valu_prepare marked (no s_set_gpr_idx). */
static int exec_prepared(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_lanes cin = 0;
  if (in->vcin != EMU_NO_OPERAND) {
    int err = 0;
    if (in->op == ISA_V_DIV_FMAS_F32 &&
        emu_valu_hazard(d, w, in, OPC_VCC_LO, d->dev->tgt->hazard_waits[WAVECC_HZ_VALU_VCC_DIV_FMAS], "VALU write of VCC followed by v_div_fmas"))
      return -1;
    cin = emu_mask_read(d, w, in, in->vcin, &err);
    if (err) return -1;
  }
  if (in->vfast == 2) {
    emu_lanes m;
    if (emu_valu_fast_cmp(d, w, in, &m)) return -1;
    return write_cmp(d, w, in, &d->dev->vinfo[in->op], m);
  }
  uint32_t res[EMU_MAX_LANES];
  emu_lanes cout_fast = 0, blend_unset = 0, exec = w->exec;
  const unsigned codes[3] = {in->vcodes[0], in->vcodes[1], in->vcodes[2]};
  if (emu_valu_fast(d, w, in, codes, in->vnsrc, cin, res, &cout_fast, &blend_unset)) return -1;
  if (emu_valu_fast_write(d, w, in, exec, res, blend_unset)) return -1;
  if (in->vcout != EMU_NO_OPERAND) {
    if (emu_mask_write(d, w, in, in->vcout, cout_fast & exec)) return -1;
    mark_valu_sgpr_write(w, in->vcout);
  }
  return 0;
}

int emu_exec_valu(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  /* check_uninit reports reads in active lanes (README, "Poison"): with
   * EXEC = 0 a VALU instruction writes no lane (a compare's or carry-out's
   * mask gets 0 whatever the sources), so its SGPR operands are not used.
   * Masked code reaches that at a join whose arm no lane took: the arm's
   * SGPR definition was skipped (s_cbranch_execz) and the join's VALU
   * copy of it runs with no lane active (stress seed 60307 at gfx900 -O0:
   * `v_mov_b32 v7, s58`). VGPR operands are checked per active lane
   * already. The cross-lane instructions (v_readlane/v_writelane's lane
   * select and data, v_readfirstlane) act whatever EXEC is: checked. */
  if (!w->exec && d->check_uninit && in->op != ISA_V_READFIRSTLANE_B32 && in->op != ISA_V_READLANE_B32 &&
      in->op != ISA_V_WRITELANE_B32) {
    d->check_uninit = 0;
    int rc = emu_exec_valu(d, w, in);
    d->check_uninit = 1;
    return rc;
  }
  /* v_mov_b32 of a never-written SGPR in active lanes is a copy, not a
   * use: the lanes stay never-written (a later real read of them is
   * reported, a blend that masks them off is not). Masked linearisation
   * joins an arm's uniform value that way: `v_mov_b32 v18, s23;
   * v_cndmask_b32 v18, v18, v7, s[26:27]` after the join restored EXEC,
   * s23 written only in the arm the wave skipped (gen_loop_exits 5654 at
   * gfx1100 w64 -O0). */
  if (w->exec && d->check_uninit && in->op == ISA_V_MOV_B32 && in->fmt == ISA_FMT_VOP1 && !in->sdwa && !in->dpp &&
      !in->vopd && !w->gpr_idx_on && in->src[0] < EMU_NUM_SGPR && in->src[0] != OPC_EXEC_LO &&
      in->src[0] != OPC_EXEC_HI && in->src[0] != OPC_NULL && !w->sinit[in->src[0]] && !w->spend[in->src[0]]) {
    if (emu_srange(d, w, in, in->src[0], 1, "reads") || emu_vrange(d, w, in, in->dst, 1, "writes")) return -1;
    for (unsigned l = 0; l < w->nlanes; l++)
      if ((w->exec >> l) & 1) emu_vwrite(d, w, in->dst, l, w->s[in->src[0]]);
    w->vinit[in->dst] &= ~w->exec;
    emu_trace_vwrite(d, w, in->dst, 1);
    return 0;
  }
  if (in->vfast && !w->gpr_idx_on) return exec_prepared(d, w, in);
  if (in->vopd) return exec_vopd(d, w, in);
  isa_op op = in->op;
  const emu_vinfo *vi = &d->dev->vinfo[op];
  const isa_sem *sem = isa_sem_of(op);
  emu_lanes exec = w->exec;
  int err = 0;

  if (in->fmt == ISA_FMT_VOP3P && emu_is_mfma(op)) return emu_exec_mfma(d, w, in);
  /* VOP3P ops with a lane family (v_accvgpr_read/write) take the common path. */
  if (in->fmt == ISA_FMT_VOP3P && vi->family == ISA_DOM_NONE) return exec_vop3p(d, w, in);
  if (op == ISA_V_NOP) return 0;

  if (op == ISA_V_READFIRSTLANE_B32 || op == ISA_V_READLANE_B32 || op == ISA_V_WRITELANE_B32 || op == ISA_V_SWAP_B32)
    return emu_exec_cross_lane(d, w, in);
  if (sem->flags & ISA_S_MOVREL) return emu_exec_movrel(d, w, in);

  valu_shape v;
  shape_of(d->dev, in, &v);
  int is_cmp = v.is_cmp, uses_carry = v.uses_carry, writes_carry = v.writes_carry;
  unsigned nsrc = v.nsrc, dw = v.dw;
  unsigned *codes = v.codes, *widths = v.widths;
  emu_lanes blend_unset = 0; /* v_cndmask_b32: lanes that selected a never-written VGPR */
  emu_lanes cin = 0;
  if (uses_carry) {
    if (op == ISA_V_DIV_FMAS_F32 || op == ISA_V_DIV_FMAS_F64)
      if (emu_valu_hazard(d, w, in, OPC_VCC_LO, d->dev->tgt->hazard_waits[WAVECC_HZ_VALU_VCC_DIV_FMAS], "VALU write of VCC followed by v_div_fmas")) return -1;
    cin = emu_mask_read(d, w, in, v.cin_code, &err);
    if (err) return -1;
  }
  uint64_t src[3][EMU_MAX_LANES];
  memset(src, 0, sizeof src);
  /* DPP: src0 from other lanes; the lanes it writes (wexec) may be fewer than EXEC's */
  emu_lanes wexec = exec;
  if (in->dpp && emu_dpp_read(d, w, in, exec, widths[0], src[0], &wexec)) return -1;
  if (read_sources(d, w, in, codes, widths, nsrc, exec, cin, src, &blend_unset)) return -1;

  /* MODE */
  fpenv e = fpenv_of(w);
  int rnd32 = w->mode & 3, rnd64 = (w->mode >> 2) & 3;
  int is64 = (isa_table[op].flags & ISA_F_F64) != 0;
  int is_f16 = vi->fsrc == 16 || (sem->flags & ISA_S_F16_ROUND);
  int rnd = (is64 || is_f16) ? rnd64 : rnd32;
  if (op == ISA_V_RNDNE_F32 || op == ISA_V_RNDNE_F64 || op == ISA_V_RNDNE_F16) rnd = 0;
  if (op == ISA_V_DOT2C_F32_F16) rnd = rnd32; /* f16 sources (fsrc 16), f32 result: isa_mode.def R32 */
  int old_rnd = fegetround();
  int isfloat = (isa_table[op].flags & ISA_F_FLOAT) != 0;
  if (isfloat) fesetround(emu_fe_modes[rnd]);

  emu_lanes cmask = 0, cout_mask = 0;
  int res = 0;
  uint64_t dst[EMU_MAX_LANES];
  memset(dst, 0, sizeof dst);
  for (unsigned l = 0; l < w->nlanes; l++) {
    if (!((exec >> l) & 1)) continue;
    lane_io io = {{src[0][l], src[1][l], src[2][l]}, 0, (int)((cin >> l) & 1), 0, l};
    if (emu_valu_lane(op, vi, &e, rnd64, &io)) { res = -1; break; }
    uint64_t r = io.d;
    if (is_cmp) { if (io.cout) cmask |= 1ull << l; continue; }
    if (io.cout) cout_mask |= 1ull << l;
    r = lane_result_mods(in, vi, sem, &e, isfloat, dw, r, io.cout, src[0][l], src[1][l]);
    dst[l] = r;
  }
  if (isfloat) fesetround(old_rnd);
  if (res) { return emu_fault(d, w, in, "vector instruction not implemented by the emulator"); }

  if (is_cmp) return write_cmp(d, w, in, vi, cmask);
  int wrc = write_result(d, w, in, vi, wexec, dw, dst, blend_unset);
  if (wrc) return wrc;
  if (writes_carry) {
    if (emu_mask_write(d, w, in, v.cout_code, cout_mask & exec)) return -1;
    mark_valu_sgpr_write(w, v.cout_code);
  }
  return 0;
}
