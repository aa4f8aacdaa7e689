/* Instruction selection: the rounding-mode intrinsics (llvm.set.rounding,
 * llvm.get.rounding, llvm.fptrunc.round and the constrained
 * floating-point operations), on top of the f32, f64 and f16 expansions.
 * The kernel's MODE facts they use are in isel_fpmode.c.
 *
 * Sources: LLVM LangRef ("llvm.set.rounding", "llvm.get.rounding",
 * "llvm.fptrunc.round", "Constrained Floating-Point Intrinsics"; FLT_ROUNDS
 * encoding 0 toward zero, 1 nearest, 2 upward, 3 downward) and the MODE
 * rounding encoding (0 nearest even, 1 +inf, 2 -inf, 3 toward zero):
 * MODE = (FLT_ROUNDS + 3) & 3, FLT_ROUNDS = (MODE + 1) & 3.
 *
 * llvm.set.rounding writes both rounding fields (hwreg(MODE, 0, 4)): an
 * s_setreg the MODE pass treats as the program's environment. Operations
 * with a static rounding ("round.upward", llvm.fptrunc.round) carry it as a
 * fixed field (mir_instr.fpmode) and the MODE pass sets it; with
 * "round.dynamic" they read the environment. A static rounding is
 * honoured even where it differs from the environment (LangRef makes that
 * case undefined; doing the operation in the stated direction is the
 * useful refinement). Instruction selection keeps program order, and no
 * later pass moves instructions, so no FP operation crosses a mode change
 * in strictfp functions.
 */
#include <string.h>

#include "isel/isel_internal.h"
#include "util/bitset.h"

static const char *const round_names[4] = {"round.tonearest", "round.upward", "round.downward", "round.towardzero"};

/* MODE rounding (0..3) of a constrained intrinsic's rounding argument;
 * 4 for "round.dynamic"; -1 for anything else (round.tonearestaway). */
static int rounding_arg(LLVMValueRef md) {
  unsigned len = 0;
  const char *s = LLVMGetMDString(md, &len);
  if (!s) return -1;
  if (len == 13 && !memcmp(s, "round.dynamic", 13)) return 4;
  for (int m = 0; m < 4; m++)
    if (strlen(round_names[m]) == len && !memcmp(s, round_names[m], len)) return m;
  return -1;
}

static uint32_t hwreg_mode(unsigned offset, unsigned size) { return ISA_HWREG_MODE | offset << 6 | (size - 1) << 11; }

static uint32_t succ_index(const divergence_info *di, uint32_t b, unsigned k) {
  return divergence_block_index(di, LLVMGetSuccessor(LLVMGetBasicBlockTerminator(di->blocks[b]), k));
}

static unsigned num_succs(const divergence_info *di, uint32_t b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(di->blocks[b]);
  return t ? LLVMGetNumSuccessors(t) : 0;
}

/* Is LLVM block `bb` reached by the wave only with all the lanes that
 * entered the kernel's enclosing uniform code, i.e. not inside the region
 * of a divergent branch D (reachable from D without post-dominating it)?
 * MODE is per wave: a write of the environment there would change it for
 * lanes that never ran the write. Post-dominators by the iterative
 * dataflow over the blocks in reverse post-order. */
static bool uniformly_reached(isel_ctx *c, LLVMBasicBlockRef bb) {
  const divergence_info *di = c->di;
  uint32_t n = di->num_blocks, w = BITSET_WORDS(n + 1), t = divergence_block_index(di, bb);
  if (t == UINT32_MAX) return true;
  arena tmp;
  arena_init(&tmp);
  uint64_t *pd = arena_alloc(&tmp, (size_t)n * w * sizeof *pd), *cur = arena_alloc(&tmp, w * sizeof *cur);
  uint64_t *seen = arena_alloc(&tmp, w * sizeof *seen);
  uint32_t *work = arena_alloc(&tmp, (n + 1) * sizeof *work);
  memset(pd, 0xff, (size_t)n * w * sizeof *pd);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = n; b-- > 0;) {
      unsigned ns = num_succs(di, b);
      memset(cur, ns ? 0xff : 0, w * sizeof *cur);
      for (unsigned k = 0; k < ns; k++) {
        uint32_t s = succ_index(di, b, k);
        if (s == UINT32_MAX) continue;
        for (uint32_t i = 0; i < w; i++) cur[i] &= pd[(size_t)s * w + i];
      }
      bitset_set(cur, b);
      if (memcmp(cur, pd + (size_t)b * w, w * sizeof *cur)) changed = true;
      bitset_copy(pd + (size_t)b * w, cur, w);
    }
  }
  bool uniform = true;
  for (uint32_t d = 0; d < n && uniform; d++) {
    if (!bitset_test(di->divergent_branch, d) || bitset_test(pd + (size_t)d * w, t)) continue;
    memset(seen, 0, w * sizeof *seen);
    uint32_t nw = 0;
    work[nw++] = d;
    while (nw && uniform) {
      uint32_t b = work[--nw];
      for (unsigned k = 0; k < num_succs(di, b); k++) {
        uint32_t s = succ_index(di, b, k);
        if (s == UINT32_MAX || bitset_test(seen, s)) continue;
        if (s == t) uniform = false;
        bitset_set(seen, s);
        work[nw++] = s;
      }
    }
  }
  arena_free(&tmp);
  return uniform;
}

static bool set_rounding(isel_ctx *c, LLVMValueRef ins) {
  if (!uniformly_reached(c, LLVMGetInstructionParent(ins))) {
    isel_unsupported(c, ins, "llvm.set.rounding under divergent control flow (MODE is per wave)");
    return true;
  }
  LLVMValueRef a = LLVMGetOperand(ins, 0);
  if (LLVMIsAConstantInt(a)) {
    long long v = LLVMConstIntGetSExtValue(a);
    if (v < 0 || v > 3) return false; /* target-specific encodings: not supported */
    unsigned h = ((unsigned)v + 3) & 3;
    mir_instr *w = isel_emit(c, ISA_S_SETREG_IMM32_B32, 1, 0);
    w->offset = (int32_t)hwreg_mode(0, 4);
    w->ops[0] = mir_op_const(h | h << 2);
    return true;
  }
  /* run time: MODE bits = ((x + 3) & 3) * 5 (both fields); values past 3
   * land on one of the four modes (LLVM's extended encodings are not
   * supported) */
  mir_operand x = mir_op_temp(isel_to_sgpr(c, isel_get(c, a, 0), 1));
  mir_temp t = isel_s(c, ISA_S_ADD_U32, 1, x, mir_op_const(3));
  t = isel_s(c, ISA_S_AND_B32, 1, mir_op_temp(t), mir_op_const(3));
  t = isel_s(c, ISA_S_MUL_I32, 1, mir_op_temp(t), mir_op_const(5));
  mir_instr *w = isel_emit(c, ISA_S_SETREG_B32, 1, 0);
  w->offset = (int32_t)hwreg_mode(0, 4);
  w->ops[0] = mir_op_temp(t);
  return true;
}

/* A rounding field of MODE (f: ISA_MODE_ROUND32 or ISA_MODE_ROUND16_64)
 * as an SGPR (the MODE pass makes it the environment's value). */
static mir_temp get_round(isel_ctx *c, isa_mode_field f) {
  mir_temp h = isel_tmp(c, mir_rc_s(1));
  mir_instr *g = isel_emit(c, ISA_S_GETREG_B32, 0, 1);
  g->offset = (int32_t)hwreg_mode(f == ISA_MODE_ROUND32 ? 0 : 2, 2);
  g->defs[0] = mir_op_temp(h);
  return h;
}

static bool get_rounding(isel_ctx *c, LLVMValueRef ins) {
  mir_temp t = isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(get_round(c, ISA_MODE_ROUND32)), mir_op_const(1));
  isel_set(c, ins, 0, isel_s(c, ISA_S_AND_B32, 1, mir_op_temp(t), mir_op_const(3)));
  return true;
}

static mir_temp v2_def(isel_ctx *c, unsigned op, mir_operand a) {
  mir_temp d = isel_tmp(c, mir_rc_v(2));
  isel_valu(c, op, &d, 1, &a, 1, false);
  return d;
}

/* A VOP3 f64 operation of n sources (v2 result). */
static mir_temp v2_n(isel_ctx *c, unsigned op, mir_operand *s, unsigned n) {
  mir_temp d = isel_tmp(c, mir_rc_v(2));
  isel_valu(c, op, &d, 1, s, n, true);
  return d;
}

/* The correctly rounded result r (dw dwords, >= 0 or NaN) of a sqrt
 * moved one ulp toward rounding rnd (1..3, or 4: field f of the
 * environment) where the residual res (x - r*r, exact in sign) shows it
 * on the wrong side: up when r < sqrt(x) and rounding up, down when
 * r > sqrt(x) and rounding down or toward zero. A step on the bit pattern
 * is one ulp (results are never negative); NaN residuals (inf, NaN) and
 * zero ones (exact roots, +-0) step nowhere. */
static mir_temp step_by_residual(isel_ctx *c, mir_temp r, mir_temp res, int rnd, unsigned dw, isa_mode_field f) {
  unsigned lt = dw == 1 ? ISA_V_CMP_LT_F32 : ISA_V_CMP_LT_F64, gt = dw == 1 ? ISA_V_CMP_GT_F32 : ISA_V_CMP_GT_F64;
  mir_operand zero = mir_op_const(0);
  zero.size = (uint8_t)dw;
  mir_temp low = isel_vcmp(c, lt, zero, mir_op_temp(res));  /* r < sqrt(x) */
  mir_temp high = isel_vcmp(c, gt, zero, mir_op_temp(res)); /* r > sqrt(x) */
  if (rnd == 4) {
    mir_temp h = get_round(c, f);
    low = isel_lane_s(c, WAVECC_LANE_AND, mir_op_temp(low),
                       mir_op_temp(isel_vcmp(c, ISA_V_CMP_EQ_U32, mir_op_const(1), mir_op_temp(h))));
    high = isel_lane_s(c, WAVECC_LANE_AND, mir_op_temp(high),
                        mir_op_temp(isel_vcmp(c, ISA_V_CMP_LE_U32, mir_op_const(2), mir_op_temp(h))));
  }
  for (int dir = 0; dir < 2; dir++) {
    if (dir == 0 ? !(rnd == 1 || rnd == 4) : rnd < 2) continue;
    uint32_t k = dir == 0 ? 1u : 0xffffffffu;
    mir_temp mask = dir == 0 ? low : high;
    if (dw == 1) {
      mir_temp moved = isel_v1(c, ISA_V_ADD_U32, mir_op_const(k), mir_op_temp(r));
      r = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), mir_op_temp(moved), mir_op_temp(mask));
      continue;
    }
    mir_temp kk = isel_create2(c, mir_op_const(k), mir_op_const(dir == 0 ? 0 : 0xffffffffu), false);
    mir_temp moved = isel_add64(c, mir_op_temp(r), mir_op_temp(kk), true);
    mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(r), false),
                            isel_half_of(c, mir_op_temp(moved), false), mir_op_temp(mask));
    mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(r), true),
                            isel_half_of(c, mir_op_temp(moved), true), mir_op_temp(mask));
    r = isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
  }
  return r;
}

/* Correctly rounded f32 sqrt in rounding `rnd` (0..3, 4 = the
 * environment's): the nearest result r (isel_sqrt_scaled checks both
 * neighbours, so any rounding field gives it), then step_by_residual on
 * the scaled values (never denormal). */
static mir_temp sqrt_rounded(isel_ctx *c, mir_operand x, int rnd) {
  mir_temp xv, tiny;
  mir_temp r = isel_sqrt_scaled(c, x, &xv, &tiny);
  if (rnd == 0) return r;
  mir_temp rs = isel_v1(c, ISA_V_MUL_F32, mir_op_temp(isel_to_vgpr(c, mir_op_const(ISEL_SQRT_ROOT_SCALE), 1)), mir_op_temp(r));
  mir_temp rv = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), mir_op_temp(rs), mir_op_temp(tiny));
  mir_operand nrv = mir_op_temp(rv);
  nrv.flags |= MIR_OPND_NEG;
  mir_temp res = isel_v1_3(c, ISA_V_FMA_F32, nrv, mir_op_temp(rv), mir_op_temp(xv));
  return step_by_residual(c, r, res, rnd, 1, ISA_MODE_ROUND32);
}

/* Correctly rounded f64 sqrt in rounding `rnd` (0..3, 4 = the
 * environment's): isel_sqrt64_scaled's Goldschmidt steps are proven only
 * in round-to-nearest, so they run with the f16/f64 rounding fixed to
 * nearest; then step_by_residual on the scaled values. */
static mir_temp sqrt64_rounded(isel_ctx *c, mir_operand x, int rnd) {
  uint32_t region = isel_fpmode_begin(c);
  mir_temp xs, gs;
  mir_temp r = isel_sqrt64_scaled(c, x, &xs, &gs);
  if (rnd == 0) return r;
  mir_operand s[3] = {mir_op_temp(gs), mir_op_temp(gs), mir_op_temp(xs)};
  s[0].flags |= MIR_OPND_NEG;
  mir_temp res = v2_n(c, ISA_V_FMA_F64, s, 3);
  isel_fpmode_end(c, region, ISA_MODE_ROUND16_64, 0);
  return step_by_residual(c, r, res, rnd, 2, ISA_MODE_ROUND16_64);
}

/* The last instruction emitted rounds in `rnd` (0..3) or, for 4, in the
 * environment's field f (a fixed value set by an earlier
 * isel_fpmode_end is taken back). */
static void round_last(isel_ctx *c, isa_mode_field f, int rnd) {
  mir_block *b = &c->p->blocks[c->cur];
  mir_instr *last = b->instrs[b->num_instrs - 1];
  if (rnd < 4) last->fpmode = mir_fpmode_fix(last->fpmode, f, (unsigned)rnd);
  else last->fpmode = (uint16_t)(last->fpmode & ~(15u << (4 * f)));
}

typedef enum cop { C_FADD, C_FSUB, C_FMUL, C_FDIV, C_FMA, C_FMULADD, C_SQRT, C_FPTRUNC, C_FPEXT, C_SITOFP, C_UITOFP,
                   C_FPTOSI, C_FPTOUI, C_NUM } cop;
static const struct {
  const char *name;
  unsigned nvals; /* value operands before the metadata */
  bool rounds;    /* has a rounding argument */
} cops[C_NUM] = {
  [C_FADD] = {"fadd", 2, true}, [C_FSUB] = {"fsub", 2, true}, [C_FMUL] = {"fmul", 2, true},
  [C_FDIV] = {"fdiv", 2, true}, [C_FMA] = {"fma", 3, true}, [C_FMULADD] = {"fmuladd", 3, true},
  [C_SQRT] = {"sqrt", 1, true}, [C_FPTRUNC] = {"fptrunc", 1, true}, [C_FPEXT] = {"fpext", 1, false},
  [C_SITOFP] = {"sitofp", 1, true}, [C_UITOFP] = {"uitofp", 1, true}, [C_FPTOSI] = {"fptosi", 1, false},
  [C_FPTOUI] = {"fptoui", 1, false},
};

static const char constrained[] = "llvm.experimental.constrained.";

static int constrained_op(const char *name) {
  const char *op = name + sizeof constrained - 1;
  for (int k = 0; k < C_NUM; k++) {
    size_t n = strlen(cops[k].name);
    if (!strncmp(op, cops[k].name, n) && op[n] == '.') return k;
  }
  return -1;
}

static unsigned bits_of(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMFloatTypeKind ? 32 : LLVMGetTypeKind(t) == LLVMDoubleTypeKind ? 64
       : LLVMGetTypeKind(t) == LLVMHalfTypeKind ? 16 : 0;
}

/* f16 arithmetic of a constrained operation (v1 result; false if not
 * handled). f16 division goes through f32 with the same rounding
 * (double rounding in one direction, or to nearest from 24 >= 2 * 11 + 2
 * bits, is innocuous); sqrt is v_sqrt_f16, fma v_fma_f16. Sets *done when the rounding
 * fields are already marked. */
static bool constrained_f16(isel_ctx *c, cop k, mir_operand *a, int rnd, mir_temp *d, bool *done) {
  switch (k) {
  case C_FADD: case C_FSUB: case C_FMUL:
    *d = isel_v1(c, k == C_FADD ? ISA_V_ADD_F16 : k == C_FSUB ? ISA_V_SUB_F16 : ISA_V_MUL_F16, a[0],
                 mir_op_temp(isel_to_vgpr(c, a[1], 1)));
    return true;
  case C_FDIV:
    *d = isel_v1_1(c, ISA_V_CVT_F16_F32, mir_op_temp(isel_fdiv32_of_halves(c, mir_op_temp(isel_v1_1(c, ISA_V_CVT_F32_F16, a[0])),
                                                                  mir_op_temp(isel_v1_1(c, ISA_V_CVT_F32_F16, a[1])))));
    return true;
  case C_FMA: case C_FMULADD: *d = isel_v1_3(c, ISA_V_FMA_F16, a[0], a[1], a[2]); return true;
  case C_SQRT:
    /* v_sqrt_f16 rounds in the f16/f64 field, as llc-19 selects it */
    *d = isel_v1_1(c, ISA_V_SQRT_F16, a[0]);
    round_last(c, ISA_MODE_ROUND16_64, rnd);
    *done = true;
    return true;
  default: return false;
  }
}

/* f64 arithmetic of a constrained operation (v2 result; false if not
 * handled); sqrt marks its own fields (*done). */
static bool constrained_f64(isel_ctx *c, cop k, mir_operand *a, int rnd, mir_temp *d, bool *done) {
  switch (k) {
  case C_FADD: case C_FSUB: case C_FMUL: {
    mir_operand s[2] = {a[0], a[1]};
    if (k == C_FSUB) {
      s[1] = mir_op_temp(isel_to_vgpr(c, a[1], 2));
      s[1].flags |= MIR_OPND_NEG;
    }
    *d = v2_n(c, k == C_FMUL ? ISA_V_MUL_F64 : ISA_V_ADD_F64, s, 2);
    return true;
  }
  case C_FDIV: *d = isel_fdiv64(c, a[0], a[1]); return true;
  case C_FMA: case C_FMULADD: *d = v2_n(c, ISA_V_FMA_F64, a, 3); return true;
  case C_SQRT: *d = sqrt64_rounded(c, a[0], rnd); *done = true; return true;
  default: return false;
  }
}

/* One constrained operation on scalars: f32, f64 and f16 arithmetic;
 * conversions between f16, f32 and f64; i32 -> f16/f32/f64, i64 -> f64;
 * f16/f32 -> i32, f64 -> i32/i64. A static rounding fixes the rounding
 * field of the result's precision (both for f16 results, computed through
 * f32, and for f64 -> f32); round.dynamic leaves it to the environment. */
static bool constrained_call(isel_ctx *c, LLVMValueRef ins, cop k) {
  LLVMTypeRef rt = LLVMTypeOf(ins), st = LLVMTypeOf(LLVMGetOperand(ins, 0));
  if (LLVMGetTypeKind(rt) == LLVMVectorTypeKind || LLVMGetTypeKind(st) == LLVMVectorTypeKind) return false;
  int rnd = cops[k].rounds ? rounding_arg(LLVMGetOperand(ins, cops[k].nvals)) : 4;
  if (rnd < 0) return false;
  mir_operand a[3];
  for (unsigned i = 0; i < cops[k].nvals; i++) a[i] = isel_get(c, LLVMGetOperand(ins, i), 0);
  unsigned rb = bits_of(rt), sb = bits_of(st);
  unsigned ib = LLVMGetTypeKind(st) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(st) : 0;
  unsigned ob = LLVMGetTypeKind(rt) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(rt) : 0;
  uint32_t region = isel_fpmode_begin(c);
  bool done = false;
  mir_temp d;
  switch (k) {
  case C_FADD: case C_FSUB: case C_FMUL: case C_FDIV: case C_FMA: case C_FMULADD: case C_SQRT:
    if (rb == 16) {
      if (!constrained_f16(c, k, a, rnd, &d, &done)) return false;
    } else if (rb == 64) {
      if (!constrained_f64(c, k, a, rnd, &d, &done)) return false;
    } else if (k == C_SQRT) {
      d = sqrt_rounded(c, a[0], rnd);
      done = true; /* the sequence handles the direction itself */
    } else if (k == C_FDIV) {
      d = isel_fdiv32(c, a[0], a[1]);
    } else if (k == C_FMA || k == C_FMULADD) {
      d = isel_v1_3(c, ISA_V_FMA_F32, a[0], a[1], a[2]);
    } else {
      d = isel_v1(c, k == C_FADD ? ISA_V_ADD_F32 : k == C_FSUB ? ISA_V_SUB_F32 : ISA_V_MUL_F32, a[0], a[1]);
    }
    break;
  case C_FPTRUNC:
    if (rb == 16 && sb == 32) d = isel_v1_1(c, ISA_V_CVT_F16_F32, a[0]);
    else if (rb == 16 && sb == 64) d = isel_f64_to_f16(c, a[0]);
    else if (rb == 32 && sb == 64) d = isel_v1_1(c, ISA_V_CVT_F32_F64, a[0]);
    else return false;
    break;
  case C_FPEXT:
    if (rb == 32 && sb == 16) d = isel_v1_1(c, ISA_V_CVT_F32_F16, a[0]);
    else if (rb == 64 && sb == 16) d = isel_f16_to_f64(c, a[0]);
    else if (rb == 64 && sb == 32) d = v2_def(c, ISA_V_CVT_F64_F32, a[0]);
    else return false;
    break;
  case C_SITOFP: case C_UITOFP: {
    bool sign = k == C_SITOFP;
    if (rb == 64 && (ib == 32 || ib == 64)) {
      d = isel_int_to_f64(c, LLVMGetOperand(ins, 0), 0, ib, sign);
      break;
    }
    if (ib != 32 || rb == 0) return false;
    d = isel_v1_1(c, sign ? ISA_V_CVT_F32_I32 : ISA_V_CVT_F32_U32, a[0]);
    if (rb == 16) d = isel_v1_1(c, ISA_V_CVT_F16_F32, mir_op_temp(d));
    break;
  }
  case C_FPTOSI: case C_FPTOUI: {
    bool sign = k == C_FPTOSI;
    if (sb == 64 && (ob == 32 || ob == 64)) {
      d = isel_f64_to_int(c, a[0], ob, sign);
      break;
    }
    if (ob != 32 || (sb != 32 && sb != 16)) return false;
    mir_operand x = sb == 16 ? mir_op_temp(isel_v1_1(c, ISA_V_CVT_F32_F16, a[0])) : a[0];
    d = isel_v1_1(c, sign ? ISA_V_CVT_I32_F32 : ISA_V_CVT_U32_F32, x);
    break;
  }
  default: return false;
  }
  if (rnd < 4 && !done) {
    /* the result's precision picks the field; f64 -> f32 reads both, and
     * f16 results computed through f32 need both */
    if (rb == 32 || rb == 16) isel_fpmode_end(c, region, ISA_MODE_ROUND32, (unsigned)rnd);
    if (rb != 32 || sb == 64) isel_fpmode_end(c, region, ISA_MODE_ROUND16_64, (unsigned)rnd);
  }
  isel_set(c, ins, 0, d);
  return true;
}

bool isel_is_fpmode_intrinsic(const char *n) {
  return !strncmp(n, constrained, sizeof constrained - 1) || !strcmp(n, "llvm.set.rounding") ||
         !strncmp(n, "llvm.get.rounding", 17) || !strncmp(n, "llvm.fptrunc.round.", 19);
}

bool isel_fpmode_call(isel_ctx *c, LLVMValueRef ins, const char *n) {
  if (!strcmp(n, "llvm.set.rounding")) return set_rounding(c, ins);
  if (!strncmp(n, "llvm.get.rounding", 17)) return get_rounding(c, ins);
  if (!strncmp(n, "llvm.fptrunc.round.", 19)) {
    /* f32 -> f16 in the given direction (v_cvt_f16_f32 rounds with the
     * f16/f64 field, as llc-19 assumes) */
    int rnd = rounding_arg(LLVMGetOperand(ins, 1));
    if (rnd < 0 || rnd > 3 || bits_of(LLVMTypeOf(ins)) != 16 || bits_of(LLVMTypeOf(LLVMGetOperand(ins, 0))) != 32)
      return false;
    uint32_t region = isel_fpmode_begin(c);
    isel_set(c, ins, 0, isel_v1_1(c, ISA_V_CVT_F16_F32, isel_get(c, LLVMGetOperand(ins, 0), 0)));
    isel_fpmode_end(c, region, ISA_MODE_ROUND16_64, (unsigned)rnd);
    return true;
  }
  int k = constrained_op(n);
  return k >= 0 && constrained_call(c, ins, (cop)k);
}
