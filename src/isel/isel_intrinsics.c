/* Instruction selection of calls to intrinsics (llvm.* and llvm.amdgcn.*),
 * one function per family and a table the dispatcher walks in order; each
 * family returns -1 when the intrinsic is not one of its own, 0 when it is
 * but cannot be selected (the caller reports it), 1 when selected. The
 * double and half families live in isel_f64.c and isel_half.c, the MODE
 * register intrinsics in isel_rounding.c, calls to functions in
 * isel_calls.c. Sequences as in isel_f32div.c's header.
 */
#include <string.h>

#include "isel/isel_internal.h"

static bool is_div(isel_ctx *c, LLVMValueRef v) { return divergence_is_divergent(c->di, v); }
static bool name_is(const char *n, const char *p) { return strncmp(n, p, strlen(p)) == 0; }

/* ABI inputs (work-item and work-group ids, dispatch and kernarg pointers), barriers and waits, hints that select to nothing. */
static int call_abi(isel_ctx *c, LLVMValueRef ins, const char *n) {
  LLVMTypeRef ty = LLVMTypeOf(ins);
  bool div = is_div(c, ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  (void)div, (void)bits, (void)nc;
  if (name_is(n, "llvm.lifetime.") || name_is(n, "llvm.assume") || name_is(n, "llvm.dbg.") ||
      name_is(n, "llvm.experimental.noalias.scope.decl") || name_is(n, "llvm.invariant.") ||
      name_is(n, "llvm.sideeffect"))
    return 1;
  if (isel_is_fpmode_intrinsic(n)) return isel_fpmode_call(c, ins, n); /* isel_fpmode.c */
  if (name_is(n, "llvm.amdgcn.workitem.id.")) {
    unsigned d = (unsigned)(n[24] - 'x');
    isel_set(c, ins, 0, c->wi_id[d]);
    return 1;
  }
  if (name_is(n, "llvm.amdgcn.workgroup.id.")) {
    unsigned d = (unsigned)(n[25] - 'x');
    isel_set(c, ins, 0, c->wg_id[d]);
    return 1;
  }
  if (!strcmp(n, "llvm.amdgcn.dispatch.ptr")) {
    isel_set(c, ins, 0, c->dispatch_ptr);
    return 1;
  }
  if (!strcmp(n, "llvm.amdgcn.kernarg.segment.ptr")) {
    if (c->p->is_function) return 0; /* not passed to functions (isel_calls.c) */
    isel_set(c, ins, 0, c->kernarg_ptr);
    return 1;
  }
  if (!strcmp(n, "llvm.amdgcn.implicitarg.ptr")) {
    if (!c->hidden_offset || isel_folded_offset(c, ins)) {
      /* a function's pointer is the implicit arguments' already; a
       * kernel's loads add hidden_offset in their offset field */
      isel_set(c, ins, 0, c->kernarg_ptr);
      return 1;
    }
    mir_operand off = mir_op_const(c->hidden_offset);
    off.size = 1;
    isel_set(c, ins, 0, isel_add64(c, mir_op_temp(c->kernarg_ptr), off, false));
    return 1;
  }
  if (!strcmp(n, "llvm.amdgcn.s.barrier")) {
    /* OpenCL's work-group barrier: all memory operations of the wave
     * complete before it (the fences around it ask for that too) */
    mir_instr *w = isel_emit(c, ISA_S_WAITCNT, 0, 0);
    w->offset = 0;
    isel_emit(c, ISA_S_BARRIER, 0, 0);
    return 1;
  }
  if (!strcmp(n, "llvm.amdgcn.s.waitcnt")) {
    LLVMValueRef k = LLVMGetOperand(ins, 0);
    if (!LLVMIsAConstantInt(k)) return 0;
    mir_instr *w = isel_emit(c, ISA_S_WAITCNT, 0, 0);
    w->offset = (int32_t)(LLVMConstIntGetZExtValue(k) & 0xffff);
    return 1;
  }
  if (!strcmp(n, "llvm.amdgcn.s.sendmsg") || !strcmp(n, "llvm.amdgcn.s.sendmsghalt")) {
    /* s_sendmsg(halt) simm16 with M0 the second operand (read from the
     * first active lane, as llc-19 does), any message llc-19 accepts; the
     * control flow lowerings never run it under an empty EXEC (isel_cf.c),
     * as llc's hasUnwantedEffectsWhenEXECEmpty keeps its s_cbranch_execz */
    LLVMValueRef k = LLVMGetOperand(ins, 0);
    if (!LLVMIsAConstantInt(k)) return 0;
    mir_operand m0 = isel_get(c, LLVMGetOperand(ins, 1), 0);
    if (m0.kind == MIR_OPND_UNDEF) m0 = mir_op_const(0);
    mir_temp m0s = isel_to_sgpr(c, m0, 1);
    mir_instr *s = isel_emit(c, strcmp(n, "llvm.amdgcn.s.sendmsg") ? ISA_S_SENDMSGHALT : ISA_S_SENDMSG, 1, 0);
    s->ops[0] = mir_op_temp(m0s);
    s->ops[0].preg = MIR_PREG_M0;
    s->offset = (int32_t)(LLVMConstIntGetZExtValue(k) & 0xffff);
    return 1;
  }
  if (name_is(n, "llvm.amdgcn.readfirstlane")) {
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    isel_set(c, ins, 0, isel_to_sgpr(c, a, 1));
    return 1;
  }
  return -1;
}

/* F32 arithmetic: fma, fabs, one-source VALU operations, sqrt, copysign, class, ldexp, round. */
static int call_float(isel_ctx *c, LLVMValueRef ins, const char *n) {
  LLVMTypeRef ty = LLVMTypeOf(ins);
  bool div = is_div(c, ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  (void)div, (void)bits, (void)nc;
  if (name_is(n, "llvm.fmuladd.f32") || name_is(n, "llvm.fma.f32") || name_is(n, "llvm.fmuladd.v") ||
      name_is(n, "llvm.fma.v")) {
    if (bits != 32) return 0;
    if (nc == 1 && isel_half_mad_mix(c, ins)) return 1;
    for (unsigned e = 0; e < nc; e++)
      isel_set(c, ins, e,
               isel_v1_3(c, ISA_V_FMA_F32, isel_get(c, LLVMGetOperand(ins, 0), e),
                         isel_get(c, LLVMGetOperand(ins, 1), e), isel_get(c, LLVMGetOperand(ins, 2), e)));
    return 1;
  }
  if (name_is(n, "llvm.fabs.")) {
    if (bits != 32) return 0;
    for (unsigned e = 0; e < nc; e++) {
      mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), e);
      if (!div && !isel_opnd_is_vgpr(&a)) isel_set(c, ins, e, isel_s(c, ISA_S_AND_B32, 1, a, mir_op_const(0x7fffffffu)));
      else isel_set(c, ins, e, isel_v1c(c, ISA_V_AND_B32, mir_op_const(0x7fffffffu), a));
    }
    return 1;
  }
  struct { const char *name; unsigned op; } un[] = {
      {"llvm.floor.f32", ISA_V_FLOOR_F32}, {"llvm.ceil.f32", ISA_V_CEIL_F32}, {"llvm.trunc.f32", ISA_V_TRUNC_F32},
      {"llvm.rint.f32", ISA_V_RNDNE_F32}, {"llvm.nearbyint.f32", ISA_V_RNDNE_F32},
      {"llvm.roundeven.f32", ISA_V_RNDNE_F32}, {"llvm.amdgcn.rcp.f32", ISA_V_RCP_F32},
      {"llvm.amdgcn.rsq.f32", ISA_V_RSQ_F32}, {"llvm.amdgcn.sqrt.f32", ISA_V_SQRT_F32},
      {"llvm.amdgcn.fract.f32", ISA_V_FRACT_F32},
      {"llvm.floor.v", ISA_V_FLOOR_F32}, {"llvm.ceil.v", ISA_V_CEIL_F32}, {"llvm.trunc.v", ISA_V_TRUNC_F32},
      {"llvm.rint.v", ISA_V_RNDNE_F32},
  };
  for (unsigned k = 0; k < sizeof un / sizeof un[0]; k++) {
    if (!name_is(n, un[k].name)) continue;
    if (bits != 32 || LLVMGetTypeKind(isel_scalar_type(ty)) != LLVMFloatTypeKind) return 0;
    for (unsigned e = 0; e < nc; e++) isel_set(c, ins, e, isel_v1_1(c, un[k].op, isel_get(c, LLVMGetOperand(ins, 0), e)));
    return 1;
  }
  if (name_is(n, "llvm.canonicalize.f32")) {
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    isel_set(c, ins, 0, isel_v1(c, ISA_V_MAX_F32, a, mir_op_temp(isel_to_vgpr(c, a, 1))));
    return 1;
  }
  if (name_is(n, "llvm.sqrt.f32") || name_is(n, "llvm.sqrt.v")) {
    if (bits != 32) return 0;
    /* !fpmath >= 1 ulp (OpenCL's default 3 ulp) or afn: the hardware
     * estimate is within 1 ulp; otherwise the correctly rounded sequence */
    unsigned fk = LLVMGetMDKindIDInContext(LLVMGetModuleContext(c->mod), "fpmath", 6);
    bool approx = LLVMGetMetadata(ins, fk) != NULL;
    for (unsigned e = 0; e < nc; e++) {
      mir_operand x = isel_get(c, LLVMGetOperand(ins, 0), e);
      isel_set(c, ins, e, approx ? isel_sqrt_1ulp(c, x) : isel_sqrt_exact(c, x));
    }
    return 1;
  }
  if (name_is(n, "llvm.copysign.f32") || name_is(n, "llvm.copysign.v")) {
    if (bits != 32) return 0;
    for (unsigned e = 0; e < nc; e++) {
      mir_temp m = isel_to_vgpr(c, mir_op_const(0x7fffffffu), 1);
      isel_set(c, ins, e, isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(m), isel_get(c, LLVMGetOperand(ins, 0), e),
                                    isel_get(c, LLVMGetOperand(ins, 1), e)));
    }
    return 1;
  }
  if (name_is(n, "llvm.is.fpclass.f32") || name_is(n, "llvm.amdgcn.class.f32")) {
    LLVMValueRef M = LLVMGetOperand(ins, 1);
    mir_operand mk = isel_get(c, M, 0);
    if (mk.kind == MIR_OPND_CONST) mk = mir_op_const(mk.imm & 0x3ff);
    isel_set(c, ins, 0, isel_vcmp(c, ISA_V_CMP_CLASS_F32, isel_get(c, LLVMGetOperand(ins, 0), 0), mk));
    return 1;
  }
  if (name_is(n, "llvm.ldexp.f32") || name_is(n, "llvm.amdgcn.ldexp.f32")) {
    isel_set(c, ins, 0, isel_v1(c, ISA_V_LDEXP_F32, isel_get(c, LLVMGetOperand(ins, 0), 0),
                                mir_op_temp(isel_to_vgpr(c, isel_get(c, LLVMGetOperand(ins, 1), 0), 1))));
    return 1;
  }
  if (name_is(n, "llvm.round.f32")) {
    isel_set(c, ins, 0, isel_round32(c, isel_get(c, LLVMGetOperand(ins, 0), 0)));
    return 1;
  }
  return -1;
}

/* The intrinsic name of a call (NULL for other values). */
static const char *intrinsic_name(LLVMValueRef v) {
  if (!v || !LLVMIsACallInst(v)) return NULL;
  LLVMValueRef f = LLVMGetCalledValue(v);
  if (!f || !LLVMIsAFunction(f)) return NULL;
  size_t len;
  return LLVMGetValueName2(f, &len);
}

/* Element e of the integer constant v, sign- or zero-extended from bits. */
static bool const_elem(LLVMValueRef v, unsigned e, unsigned bits, bool sign, int64_t *k) {
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind && LLVMIsAConstant(v)) v = LLVMGetAggregateElement(v, e);
  if (!v || !LLVMIsAConstantInt(v)) return false;
  uint64_t u = LLVMConstIntGetZExtValue(v) & (bits == 64 ? ~0ull : (1ull << bits) - 1);
  *k = sign && bits < 64 && (u >> (bits - 1)) ? (int64_t)(u | ~((1ull << bits) - 1)) : (int64_t)u;
  return true;
}

/* A clamp min(max(x, lo), hi) or max(min(x, hi), lo) with constant bounds
 * (element e; ins the outer call named n, its inner call used only by it,
 * in its block): one v_med3_i32 / v_med3_u32 x, lo, hi (Vega ISA guide,
 * VOP3 0x1d7/0x1d8). umin(smax(x, lo), hi) with 0 <= lo <= hi < 2^31 is
 * a signed clamp too (x is non-negative after the smax). Divergent only,
 * and both bounds inline constants; the inner call is left to dce. */
static bool clamp_med3(isel_ctx *c, LLVMValueRef ins, const char *n, unsigned e, unsigned bits) {
  LLVMValueRef in = LLVMGetOperand(ins, 0);
  const char *m = intrinsic_name(in);
  if (!m || !is_div(c, ins) || !is_div(c, in) || LLVMGetInstructionParent(in) != LLVMGetInstructionParent(ins)) return false;
  LLVMUseRef u = LLVMGetFirstUse(in);
  if (!u || LLVMGetNextUse(u)) return false;
  bool omin = name_is(n, "llvm.smin.") || name_is(n, "llvm.umin."), osign = n[5] == 's';
  bool imin = name_is(m, "llvm.smin.") || name_is(m, "llvm.umin."), isign = m[5] == 's';
  if (!(name_is(m, "llvm.smin.") || name_is(m, "llvm.smax.") || name_is(m, "llvm.umin.") || name_is(m, "llvm.umax.")) ||
      omin == imin)
    return false;
  /* the bounds, each read in its own call's signedness */
  int64_t ko, ki;
  if (!const_elem(LLVMGetOperand(ins, 1), e, bits, osign, &ko) || !const_elem(LLVMGetOperand(in, 1), e, bits, isign, &ki))
    return false;
  int64_t lo = omin ? ki : ko, hi = omin ? ko : ki;
  bool sign;
  if (osign == isign) sign = osign;
  else if (omin && !osign && isign && lo >= 0 && hi < ((int64_t)1 << 31) && hi < ((int64_t)1 << (bits - 1))) sign = true;
  else return false;
  if (sign ? lo > hi : (uint64_t)lo > (uint64_t)hi) return false;
  /* VOP3 takes no literal: a literal bound costs a v_mov_b32, and then
   * the min and max (VOP2, literals allowed) are as short */
  if (!isel_is_inline_const((uint32_t)lo) || !isel_is_inline_const((uint32_t)hi)) return false;
  LLVMValueRef X = LLVMGetOperand(in, 0);
  if (!LLVMIsAConstant(X) && !isel_has(c, X)) return false;
  mir_operand x = isel_extend32(c, isel_get(c, X, e), bits, sign, false);
  isel_set(c, ins, e,
           isel_v1_3(c, sign ? ISA_V_MED3_I32 : ISA_V_MED3_U32, x, mir_op_const((uint32_t)lo), mir_op_const((uint32_t)hi)));
  return true;
}

/* min(min(a, b), c) of one i32 integer min/max intrinsic (a reduction
 * chain: lower-reductions, or source code), divergent, the inner call
 * used only here and in the same block: v_min3/v_max3 (Vega ISA guide,
 * VOP3 0x1d1..0x1d5) of a, b and c. The inner call's own instruction,
 * then unread, goes in dce. False (nothing emitted) for other shapes. */
static bool min3_of_chain(isel_ctx *c, LLVMValueRef ins, unsigned vop, unsigned bits, unsigned nc) {
  static const unsigned two[4] = {ISA_V_MIN_I32, ISA_V_MAX_I32, ISA_V_MIN_U32, ISA_V_MAX_U32};
  static const unsigned three[4] = {ISA_V_MIN3_I32, ISA_V_MAX3_I32, ISA_V_MIN3_U32, ISA_V_MAX3_U32};
  unsigned op3 = 0;
  for (unsigned k = 0; k < 4; k++)
    if (two[k] == vop) op3 = three[k];
  if (!op3 || bits != 32 || nc != 1 || !is_div(c, ins)) return false;
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef I = LLVMGetOperand(ins, k);
    LLVMUseRef u = LLVMIsACallInst(I) ? LLVMGetFirstUse(I) : NULL;
    if (!u || LLVMGetNextUse(u) || LLVMGetCalledValue(I) != LLVMGetCalledValue(ins) ||
        LLVMGetInstructionParent(I) != LLVMGetInstructionParent(ins) || !is_div(c, I))
      continue;
    mir_operand x = isel_get(c, LLVMGetOperand(I, 0), 0), y = isel_get(c, LLVMGetOperand(I, 1), 0);
    mir_operand z = isel_get(c, LLVMGetOperand(ins, 1 - k), 0);
    isel_set(c, ins, 0, isel_v1_3(c, op3, x, y, z));
    return true;
  }
  return false;
}

/* Integer and f32 min/max (i64 through a compare and two v_cndmask). */
static int call_minmax(isel_ctx *c, LLVMValueRef ins, const char *n) {
  LLVMTypeRef ty = LLVMTypeOf(ins);
  bool div = is_div(c, ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  (void)div, (void)bits, (void)nc;
  if ((name_is(n, "llvm.smin.i64") || name_is(n, "llvm.smax.i64") || name_is(n, "llvm.umin.i64") ||
       name_is(n, "llvm.umax.i64"))) {
    bool sign = n[5] == 's', mn = n[7] == 'i';
    unsigned op = sign ? (mn ? ISA_V_CMP_LT_I64 : ISA_V_CMP_GT_I64) : (mn ? ISA_V_CMP_LT_U64 : ISA_V_CMP_GT_U64);
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0), b = isel_get(c, LLVMGetOperand(ins, 1), 0);
    mir_operand ca = a, cb = b;
    if (ca.kind == MIR_OPND_CONST && ca.size != 2) ca = mir_op_temp(isel_to_vgpr(c, ca, 2));
    if (cb.kind == MIR_OPND_CONST && cb.size != 2) cb = mir_op_temp(isel_to_vgpr(c, cb, 2));
    mir_temp m = isel_vcmp(c, op, ca, cb); /* lanes where a wins */
    mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, b, false), isel_half_of(c, a, false), mir_op_temp(m));
    mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, b, true), isel_half_of(c, a, true), mir_op_temp(m));
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true));
    return 1;
  }
  struct { const char *name; unsigned sop, vop; } mm[] = {
      {"llvm.minnum.", 0, ISA_V_MIN_F32}, {"llvm.maxnum.", 0, ISA_V_MAX_F32},
      {"llvm.smin.", ISA_S_MIN_I32, ISA_V_MIN_I32}, {"llvm.smax.", ISA_S_MAX_I32, ISA_V_MAX_I32},
      {"llvm.umin.", ISA_S_MIN_U32, ISA_V_MIN_U32}, {"llvm.umax.", ISA_S_MAX_U32, ISA_V_MAX_U32},
  };
  for (unsigned k = 0; k < sizeof mm / sizeof mm[0]; k++) {
    if (!name_is(n, mm[k].name)) continue;
    if (bits > 32 || (bits < 32 && !mm[k].sop) || bits == 1) return 0;
    bool sign = mm[k].sop == ISA_S_MIN_I32 || mm[k].sop == ISA_S_MAX_I32;
    for (unsigned e = 0; e < nc; e++) {
      if (mm[k].sop && clamp_med3(c, ins, n, e, bits)) continue;
      mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), e), b = isel_get(c, LLVMGetOperand(ins, 1), e);
      mir_operand ops[2] = {a, b};
      if (bits < 32) {
        bool sal = !div && isel_all_salu(c, ops, 2);
        a = ops[0] = isel_extend32(c, a, bits, sign, sal);
        b = ops[1] = isel_extend32(c, b, bits, sign, sal);
      }
      if (mm[k].sop && !div && isel_all_salu(c, ops, 2)) isel_set(c, ins, e, isel_s(c, mm[k].sop, 1, a, b));
      else if (!min3_of_chain(c, ins, mm[k].vop, bits, nc)) isel_set(c, ins, e, isel_v1c(c, mm[k].vop, a, b));
    }
    return 1;
  }
  /* one-source f32 operations the VALU has directly */
  return -1;
}

/* 64-bit bit operations: bswap, ctlz/cttz/ctpop, abs, funnel shifts on i64. */
static int call_bits64(isel_ctx *c, LLVMValueRef ins, const char *n) {
  LLVMTypeRef ty = LLVMTypeOf(ins);
  bool div = is_div(c, ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  (void)div, (void)bits, (void)nc;
  if (name_is(n, "llvm.bswap.i64")) {
    /* each half byte-reversed, the halves swapped */
    mir_temp sel = isel_to_vgpr(c, mir_op_const(0x00010203u), 1);
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    mir_temp lo = isel_v1_3(c, ISA_V_PERM_B32, mir_op_const(0), isel_half_of(c, a, true), mir_op_temp(sel));
    mir_temp hi = isel_v1_3(c, ISA_V_PERM_B32, mir_op_const(0), isel_half_of(c, a, false), mir_op_temp(sel));
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true));
    return 1;
  }
  if ((name_is(n, "llvm.ctlz.i64") || name_is(n, "llvm.cttz.i64") || name_is(n, "llvm.ctpop.i64")) && nc == 1) {
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    mir_operand lo = isel_half_of(c, a, false), hi = isel_half_of(c, a, true);
    mir_temp r;
    if (n[7] == 'p') {
      mir_temp t = isel_v1(c, ISA_V_BCNT_U32_B32, lo, mir_op_const(0));
      r = isel_v1(c, ISA_V_BCNT_U32_B32, hi, mir_op_temp(t));
    } else {
      /* count in the significant half (all ones when it is zero), else
       * 32 plus the count in the other half (capped at 32): the smaller */
      bool lead = n[7] == 'l';
      mir_operand first = lead ? hi : lo, second = lead ? lo : hi;
      unsigned op = lead ? ISA_V_FFBH_U32 : ISA_V_FFBL_B32;
      mir_temp f1 = isel_v1_1(c, op, first);
      mir_temp f2 = isel_v1c(c, ISA_V_MIN_U32, mir_op_const(32), mir_op_temp(isel_v1_1(c, op, second)));
      mir_temp f2p = isel_v1(c, ISA_V_ADD_U32, mir_op_const(32), mir_op_temp(f2));
      r = isel_v1c(c, ISA_V_MIN_U32, mir_op_temp(f1), mir_op_temp(f2p));
    }
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(r), mir_op_const(0), true));
    return 1;
  }
  if (name_is(n, "llvm.abs.i64")) {
    mir_temp x = isel_v64(c, isel_get(c, LLVMGetOperand(ins, 0), 0));
    mir_temp sgn = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), mir_op_temp(isel_extract(c, x, 1, 1)));
    isel_set(c, ins, 0, isel_neg64_if(c, x, sgn));
    return 1;
  }
  if (name_is(n, "llvm.fshl.i64") || name_is(n, "llvm.fshr.i64")) {
    /* (a << s) | (b >> (64 - s)) for fshl, (a << (64 - s)) | (b >> s) for
     * fshr, s taken mod 64; s == 0 gives a (fshl) or b (fshr) */
    bool left = n[8] == 'l'; /* llvm.fsh[lr] */
    mir_temp a = isel_v64(c, isel_get(c, LLVMGetOperand(ins, 0), 0)), b = isel_v64(c, isel_get(c, LLVMGetOperand(ins, 1), 0));
    mir_operand sh = isel_half_of(c, isel_get(c, LLVMGetOperand(ins, 2), 0), false);
    mir_temp s1 = isel_v1c(c, ISA_V_AND_B32, mir_op_const(63), sh);
    mir_temp s2 = isel_v1(c, ISA_V_SUB_U32, mir_op_const(64), mir_op_temp(s1));
    mir_temp l = isel_tmp(c, mir_rc_v(2)), r = isel_tmp(c, mir_rc_v(2));
    mir_operand ls[2] = {mir_op_temp(left ? s1 : s2), mir_op_temp(a)};
    isel_valu(c, ISA_V_LSHLREV_B64, &l, 1, ls, 2, true);
    mir_operand rs[2] = {mir_op_temp(left ? s2 : s1), mir_op_temp(b)};
    isel_valu(c, ISA_V_LSHRREV_B64, &r, 1, rs, 2, true);
    mir_temp z = isel_vcmp(c, ISA_V_CMP_EQ_U32, mir_op_const(0), mir_op_temp(s1));
    mir_temp keep = left ? a : b;
    mir_temp lo = isel_v1c(c, ISA_V_OR_B32, isel_half_of(c, mir_op_temp(l), false), isel_half_of(c, mir_op_temp(r), false));
    mir_temp hi = isel_v1c(c, ISA_V_OR_B32, isel_half_of(c, mir_op_temp(l), true), isel_half_of(c, mir_op_temp(r), true));
    lo = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(lo), isel_half_of(c, mir_op_temp(keep), false), mir_op_temp(z));
    hi = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(hi), isel_half_of(c, mir_op_temp(keep), true), mir_op_temp(z));
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true));
    return 1;
  }
  return -1;
}

/* Bit operations on i32 and narrower: bswap, ctlz/cttz/ctpop, funnel shifts, abs. */
static int call_bits(isel_ctx *c, LLVMValueRef ins, const char *n) {
  LLVMTypeRef ty = LLVMTypeOf(ins);
  bool div = is_div(c, ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  (void)div, (void)bits, (void)nc;
  if (name_is(n, "llvm.bswap.i32") || name_is(n, "llvm.bswap.i16")) {
    mir_temp sel = isel_to_vgpr(c, mir_op_const(0x00010203u), 1);
    mir_temp r = isel_v1_3(c, ISA_V_PERM_B32, mir_op_const(0), isel_get(c, LLVMGetOperand(ins, 0), 0), mir_op_temp(sel));
    if (bits == 16) r = isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(16), mir_op_temp(r));
    isel_set(c, ins, 0, r);
    return 1;
  }
  if (name_is(n, "llvm.ctlz.i") || name_is(n, "llvm.cttz.i") || name_is(n, "llvm.ctpop.i")) {
    if (bits > 32 || nc != 1) return 0;
    mir_operand x = isel_get(c, LLVMGetOperand(ins, 0), 0);
    if (bits < 32 && n[7] != 'p' && x.kind != MIR_OPND_CONST) {
      /* i8/i16, upper bits undefined: ctlz = ffbh((x << (32 - w)) | 1 << (31 - w))
       * (the marker bit makes x = 0 give w), cttz = ffbl(x | 1 << w) (the
       * marker is the lowest set bit at or above w); no extension, no min */
      mir_temp r;
      if (n[7] == 'l') {
        mir_temp k = isel_to_sgpr(c, mir_op_const(1u << (31 - bits)), 1);
        r = isel_v1_3(c, ISA_V_LSHL_OR_B32, x, mir_op_const(32 - bits), mir_op_temp(k));
        r = isel_v1_1(c, ISA_V_FFBH_U32, mir_op_temp(r));
      } else {
        r = isel_v1c(c, ISA_V_OR_B32, mir_op_const(1u << bits), x);
        r = isel_v1_1(c, ISA_V_FFBL_B32, mir_op_temp(r));
      }
      isel_set(c, ins, 0, r);
      return 1;
    }
    mir_operand a = isel_extend32(c, x, bits, false, false);
    mir_temp r;
    if (n[7] == 'p') {
      r = isel_v1(c, ISA_V_BCNT_U32_B32, a, mir_op_const(0));
    } else if (n[7] == 'l') {
      r = isel_v1_1(c, ISA_V_FFBH_U32, a);
      r = isel_v1c(c, ISA_V_MIN_U32, mir_op_const(32), mir_op_temp(r));
      if (bits < 32) r = isel_v1(c, ISA_V_SUB_U32, mir_op_temp(r), mir_op_const(32 - bits));
    } else {
      r = isel_v1_1(c, ISA_V_FFBL_B32, a);
      r = isel_v1c(c, ISA_V_MIN_U32, mir_op_const(bits), mir_op_temp(r));
    }
    isel_set(c, ins, 0, r);
    return 1;
  }
  if ((name_is(n, "llvm.fshl.i") || name_is(n, "llvm.fshr.i")) && bits < 32) {
    /* small funnel shifts through a 2w-bit concatenation */
    bool left = n[8] == 'l'; /* llvm.fsh[lr] */
    mir_operand a = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 0), 0), bits, false, false);
    mir_operand b = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 1), 0), bits, false, false);
    mir_operand sh = isel_get(c, LLVMGetOperand(ins, 2), 0);
    mir_temp s2 = isel_v1c(c, ISA_V_AND_B32, mir_op_const(bits - 1), sh);
    mir_temp cat = isel_v1c(c, ISA_V_OR_B32, mir_op_temp(isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const(bits), a)), b);
    mir_temp r;
    if (left) {
      r = isel_v1(c, ISA_V_LSHLREV_B32, mir_op_temp(s2), mir_op_temp(cat));
      r = isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(bits), mir_op_temp(r));
    } else {
      r = isel_v1(c, ISA_V_LSHRREV_B32, mir_op_temp(s2), mir_op_temp(cat));
    }
    isel_set(c, ins, 0, r);
    return 1;
  }
  if (name_is(n, "llvm.abs.i16") || name_is(n, "llvm.abs.i8")) {
    mir_operand a = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 0), 0), bits, true, false);
    mir_temp neg = isel_v1(c, ISA_V_SUB_U32, mir_op_const(0), a);
    isel_set(c, ins, 0, isel_v1c(c, ISA_V_MAX_I32, a, mir_op_temp(neg)));
    return 1;
  }
  if (name_is(n, "llvm.abs.i32")) {
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    mir_temp neg = isel_v1(c, ISA_V_SUB_U32, mir_op_const(0), a);
    isel_set(c, ins, 0, isel_v1c(c, ISA_V_MAX_I32, a, mir_op_temp(neg)));
    return 1;
  }
  if (name_is(n, "llvm.ctpop.i32")) {
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    isel_set(c, ins, 0, isel_v1(c, ISA_V_BCNT_U32_B32, a, mir_op_const(0)));
    return 1;
  }
  if (name_is(n, "llvm.fshr.i32") || name_is(n, "llvm.fshl.i32")) {
    LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1), S = LLVMGetOperand(ins, 2);
    bool left = n[8] == 'l'; /* llvm.fsh[lr] */
    mir_operand a = isel_get(c, A, 0), b = isel_get(c, B, 0), s = isel_get(c, S, 0);
    if (left) {
      if (s.kind == MIR_OPND_CONST) {
        if ((s.imm & 31) == 0) {
          isel_set(c, ins, 0, isel_as_temp(c, a, isel_opnd_is_vgpr(&a) || div, 1));
          return 1;
        }
        s = mir_op_const(32 - (s.imm & 31));
      } else if (A == B) {
        s = mir_op_temp(isel_v1(c, ISA_V_SUB_U32, mir_op_const(0), s));
      } else {
        /* (a:b) >> (32 - s), and a itself when s % 32 == 0 */
        mir_temp ns = isel_v1(c, ISA_V_SUB_U32, mir_op_const(0), s);
        mir_temp r = isel_v1_3(c, ISA_V_ALIGNBIT_B32, a, b, mir_op_temp(ns));
        mir_temp low = isel_v1c(c, ISA_V_AND_B32, mir_op_const(31), s);
        mir_temp z = isel_vcmp(c, ISA_V_CMP_EQ_U32, mir_op_const(0), mir_op_temp(low));
        isel_set(c, ins, 0, isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), a, mir_op_temp(z)));
        return 1;
      }
    }
    isel_set(c, ins, 0, isel_v1_3(c, ISA_V_ALIGNBIT_B32, a, b, s));
    return 1;
  }
  return -1;
}

/* Arithmetic with overflow and saturating arithmetic. */
static int call_overflow(isel_ctx *c, LLVMValueRef ins, const char *n) {
  LLVMTypeRef ty = LLVMTypeOf(ins);
  bool div = is_div(c, ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  (void)div, (void)bits, (void)nc;
  if ((name_is(n, "llvm.sadd.with.overflow.i64") || name_is(n, "llvm.ssub.with.overflow.i64") ||
       name_is(n, "llvm.uadd.with.overflow.i64") || name_is(n, "llvm.usub.with.overflow.i64") ||
       name_is(n, "llvm.sadd.sat.i64") || name_is(n, "llvm.ssub.sat.i64") || name_is(n, "llvm.uadd.sat.i64") ||
       name_is(n, "llvm.usub.sat.i64"))) {
    bool sign = n[5] == 's', add = n[6] == 'a', sat = strstr(n, ".sat.") != NULL;
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0), b = isel_get(c, LLVMGetOperand(ins, 1), 0);
    mir_temp r = add ? isel_add64(c, a, b, true) : isel_sub64(c, a, b, true);
    mir_temp ov;
    mir_temp av = isel_v64(c, a), bv = isel_v64(c, b);
    if (!sign) {
      ov = add ? isel_vcmp(c, ISA_V_CMP_LT_U64, mir_op_temp(r), mir_op_temp(av))
               : isel_vcmp(c, ISA_V_CMP_LT_U64, mir_op_temp(av), mir_op_temp(bv));
    } else {
      mir_operand ah = isel_half_of(c, mir_op_temp(av), true), bh = isel_half_of(c, mir_op_temp(bv), true);
      mir_operand rh = isel_half_of(c, mir_op_temp(r), true);
      mir_temp x1 = isel_v1c(c, ISA_V_XOR_B32, ah, rh);
      mir_temp x2 = add ? isel_v1c(c, ISA_V_XOR_B32, bh, rh) : isel_v1c(c, ISA_V_XOR_B32, ah, bh);
      mir_temp x = isel_v1c(c, ISA_V_AND_B32, mir_op_temp(x1), mir_op_temp(x2));
      ov = isel_vcmp(c, ISA_V_CMP_GT_I32, mir_op_const(0), mir_op_temp(x));
    }
    if (!sat) {
      isel_set(c, ins, 0, r);
      isel_set(c, ins, 1, ov);
      return 1;
    }
    mir_temp slo, shi;
    if (sign) {
      /* a < 0 overflows to INT64_MIN, else to INT64_MAX */
      mir_temp neg = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), isel_half_of(c, mir_op_temp(av), true));
      slo = isel_v1c(c, ISA_V_XOR_B32, mir_op_const(0xffffffffu), mir_op_temp(neg));
      shi = isel_v1c(c, ISA_V_XOR_B32, mir_op_temp(isel_to_vgpr(c, mir_op_const(0x7fffffffu), 1)), mir_op_temp(neg));
    } else {
      slo = shi = isel_to_vgpr(c, mir_op_const(add ? 0xffffffffu : 0), 1);
    }
    mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(r), false), mir_op_temp(slo), mir_op_temp(ov));
    mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(r), true), mir_op_temp(shi), mir_op_temp(ov));
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true));
    return 1;
  }
  if (name_is(n, "llvm.umul.with.overflow.i32") || name_is(n, "llvm.smul.with.overflow.i32")) {
    bool sign = n[5] == 's';
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0), b = isel_get(c, LLVMGetOperand(ins, 1), 0);
    mir_temp lo = isel_v1(c, ISA_V_MUL_LO_U32, a, b);
    mir_temp hi = isel_v1(c, sign ? ISA_V_MUL_HI_I32 : ISA_V_MUL_HI_U32, a, b);
    mir_operand expect = sign ? mir_op_temp(isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), mir_op_temp(lo))) : mir_op_const(0);
    isel_set(c, ins, 0, lo);
    isel_set(c, ins, 1, isel_vcmp(c, ISA_V_CMP_NE_U32, expect, mir_op_temp(hi)));
    return 1;
  }
  if (name_is(n, "llvm.sadd.sat.") || name_is(n, "llvm.ssub.sat.") || name_is(n, "llvm.uadd.sat.") ||
      name_is(n, "llvm.usub.sat.")) {
    if (bits > 32) return 0;
    bool sign = n[5] == 's', add = n[6] == 'a';
    for (unsigned e = 0; e < nc; e++) {
      mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), e), b = isel_get(c, LLVMGetOperand(ins, 1), e);
      mir_temp r;
      if (bits == 32) {
        /* the VALU clamps on overflow when asked to */
        unsigned op = sign ? (add ? ISA_V_ADD_I32 : ISA_V_SUB_I32) : (add ? ISA_V_ADD_U32 : ISA_V_SUB_U32);
        r = isel_tmp(c, mir_rc_v(1));
        mir_operand srcs[2] = {a, b};
        mir_instr *in = isel_valu(c, op, &r, 1, srcs, 2, true);
        in->clamp = 1;
      } else {
        a = isel_extend32(c, a, bits, sign, false);
        b = isel_extend32(c, b, bits, sign, false);
        mir_temp t = add ? isel_v1c(c, ISA_V_ADD_U32, a, b) : isel_v1(c, ISA_V_SUB_U32, a, b);
        int32_t hi = sign ? (1 << (bits - 1)) - 1 : (1 << bits) - 1, lo = sign ? -(1 << (bits - 1)) : 0;
        t = isel_v1c(c, ISA_V_MIN_I32, mir_op_const((uint32_t)hi), mir_op_temp(t));
        r = isel_v1c(c, ISA_V_MAX_I32, mir_op_const((uint32_t)lo), mir_op_temp(t));
      }
      isel_set(c, ins, e, r);
    }
    return 1;
  }
  if ((name_is(n, "llvm.sadd.with.overflow.i32") || name_is(n, "llvm.ssub.with.overflow.i32") ||
       name_is(n, "llvm.uadd.with.overflow.i32") || name_is(n, "llvm.usub.with.overflow.i32"))) {
    bool sign = n[5] == 's', add = n[6] == 'a';
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0), b = isel_get(c, LLVMGetOperand(ins, 1), 0);
    mir_temp r = add ? isel_v1c(c, ISA_V_ADD_U32, a, b) : isel_v1(c, ISA_V_SUB_U32, a, b);
    mir_temp ov;
    if (!sign) {
      /* carry: r < a (add), a < b (sub) */
      ov = add ? isel_vcmp(c, ISA_V_CMP_LT_U32, mir_op_temp(r), a) : isel_vcmp(c, ISA_V_CMP_LT_U32, a, b);
    } else {
      /* signed overflow: sign of (a ^ r) & (b ^ r) (add) / (a ^ b) & (a ^ r) (sub) */
      mir_temp x1 = isel_v1c(c, ISA_V_XOR_B32, a, mir_op_temp(r));
      mir_temp x2 = add ? isel_v1c(c, ISA_V_XOR_B32, b, mir_op_temp(r)) : isel_v1c(c, ISA_V_XOR_B32, a, b);
      mir_temp x = isel_v1c(c, ISA_V_AND_B32, mir_op_temp(x1), mir_op_temp(x2));
      ov = isel_vcmp(c, ISA_V_CMP_GT_I32, mir_op_const(0), mir_op_temp(x));
    }
    isel_set(c, ins, 0, r);
    isel_set(c, ins, 1, ov);
    return 1;
  }
  return -1;
}

typedef int (*call_family)(isel_ctx *c, LLVMValueRef ins, const char *n);

bool isel_call(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef f = LLVMGetCalledValue(ins);
  if (!LLVMIsAFunction(f) || !LLVMGetIntrinsicID(f)) return isel_call_function(c, ins); /* isel_calls.c */
  size_t len;
  const char *n = LLVMGetValueName2(f, &len);
  static const call_family families[] = {call_abi, isel_f64_call, isel_half_call, call_float,
                                         call_minmax, call_bits64, call_bits, call_overflow};
  if (isel_packed_call(c, ins, n) > 0) return true; /* isel_packed.c: <N x i16> as VOP3P */
  for (unsigned k = 0; k < sizeof families / sizeof families[0]; k++) {
    int sel = families[k](c, ins, n);
    if (sel >= 0) return sel;
  }
  return false;
}
