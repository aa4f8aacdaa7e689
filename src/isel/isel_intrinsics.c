/* Instruction selection of calls to intrinsics (llvm.* and llvm.amdgcn.*),
 * one function per family and a table the dispatcher walks in order; each
 * family returns -1 when the intrinsic is not one of its own, 0 when it is
 * but cannot be selected (the caller reports it), 1 when selected. The
 * double and half families live in isel_f64.c and isel_half.c, the MODE
 * register intrinsics in isel_rounding.c, mul.with.overflow other than
 * i32 and shl.sat in isel_overflow.c, calls to functions in isel_calls.c.
 * Sequences as in isel_f32div.c's header.
 */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "isel/isel_internal.h"

static bool is_div(isel_ctx *c, LLVMValueRef v) { return divergence_is_divergent(c->di, v); }

/* The intrinsics the families here select, by LLVM name without the
 * overloaded types' suffix (LangRef, "Intrinsic Functions"). A call is
 * keyed by its callee's intrinsic ID (LLVMGetIntrinsicID), mapped onto
 * this list through the IDs LLVMLookupIntrinsicID gives these names,
 * resolved once per kernel (intrinsic_of); the families then test the
 * key and the overloaded type, not the name. */
#define INTRINSICS(X)                                                                                                  \
  X(LIFETIME_START, "llvm.lifetime.start") X(LIFETIME_END, "llvm.lifetime.end") X(ASSUME, "llvm.assume")                 \
  X(DBG_DECLARE, "llvm.dbg.declare") X(DBG_VALUE, "llvm.dbg.value") X(DBG_LABEL, "llvm.dbg.label")                      \
  X(DBG_ASSIGN, "llvm.dbg.assign") X(NOALIAS_DECL, "llvm.experimental.noalias.scope.decl")                              \
  X(INVARIANT_START, "llvm.invariant.start") X(INVARIANT_END, "llvm.invariant.end") X(SIDEEFFECT, "llvm.sideeffect")   \
  X(WORKITEM_X, "llvm.amdgcn.workitem.id.x") X(WORKITEM_Y, "llvm.amdgcn.workitem.id.y")                                 \
  X(WORKITEM_Z, "llvm.amdgcn.workitem.id.z") X(WORKGROUP_X, "llvm.amdgcn.workgroup.id.x")                               \
  X(WORKGROUP_Y, "llvm.amdgcn.workgroup.id.y") X(WORKGROUP_Z, "llvm.amdgcn.workgroup.id.z")                             \
  X(DISPATCH_PTR, "llvm.amdgcn.dispatch.ptr") X(QUEUE_PTR, "llvm.amdgcn.queue.ptr") X(DISPATCH_ID, "llvm.amdgcn.dispatch.id") X(KERNARG_PTR, "llvm.amdgcn.kernarg.segment.ptr")                         \
  X(IMPLICITARG_PTR, "llvm.amdgcn.implicitarg.ptr") X(S_BARRIER, "llvm.amdgcn.s.barrier")                               \
  X(S_WAITCNT, "llvm.amdgcn.s.waitcnt") X(S_SENDMSG, "llvm.amdgcn.s.sendmsg")                                           \
  X(S_SENDMSGHALT, "llvm.amdgcn.s.sendmsghalt") X(READFIRSTLANE, "llvm.amdgcn.readfirstlane")                           \
  X(FMULADD, "llvm.fmuladd") X(FMA, "llvm.fma") X(FABS, "llvm.fabs") X(FLOOR, "llvm.floor") X(CEIL, "llvm.ceil")        \
  X(TRUNC, "llvm.trunc") X(RINT, "llvm.rint") X(NEARBYINT, "llvm.nearbyint") X(ROUNDEVEN, "llvm.roundeven")             \
  X(RCP, "llvm.amdgcn.rcp") X(RSQ, "llvm.amdgcn.rsq") X(AMDGCN_SQRT, "llvm.amdgcn.sqrt") X(FRACT, "llvm.amdgcn.fract")  \
  X(CANONICALIZE, "llvm.canonicalize") X(SQRT, "llvm.sqrt") X(COPYSIGN, "llvm.copysign")                                \
  X(IS_FPCLASS, "llvm.is.fpclass") X(CLASS, "llvm.amdgcn.class") X(LDEXP, "llvm.ldexp") X(ROUND, "llvm.round")          \
  X(SMIN, "llvm.smin") X(SMAX, "llvm.smax") X(UMIN, "llvm.umin") X(UMAX, "llvm.umax") X(MINNUM, "llvm.minnum")          \
  X(MAXNUM, "llvm.maxnum") X(BSWAP, "llvm.bswap") X(CTLZ, "llvm.ctlz") X(CTTZ, "llvm.cttz") X(CTPOP, "llvm.ctpop")      \
  X(FSHL, "llvm.fshl") X(FSHR, "llvm.fshr") X(ABS, "llvm.abs") X(SADD_OV, "llvm.sadd.with.overflow")                    \
  X(SSUB_OV, "llvm.ssub.with.overflow") X(UADD_OV, "llvm.uadd.with.overflow") X(USUB_OV, "llvm.usub.with.overflow")     \
  X(SMUL_OV, "llvm.smul.with.overflow") X(UMUL_OV, "llvm.umul.with.overflow") X(SADD_SAT, "llvm.sadd.sat")              \
  X(SSUB_SAT, "llvm.ssub.sat") X(UADD_SAT, "llvm.uadd.sat") X(USUB_SAT, "llvm.usub.sat") X(FREXP, "llvm.frexp")

typedef enum intr {
  I_NONE, /* an intrinsic not in the list */
#define INTR_ENUM(e, name) I_##e,
  INTRINSICS(INTR_ENUM)
#undef INTR_ENUM
  I_NUM
} intr;

static const char *const intr_names[I_NUM] = {
    NULL,
#define INTR_NAME(e, name) name,
    INTRINSICS(INTR_NAME)
#undef INTR_NAME
};

/* The key of LLVM intrinsic ID `id` (I_NONE when not listed). */
static intr intrinsic_of(isel_ctx *c, unsigned id) {
  if (!c->intrinsic_ids) {
    unsigned *ids = arena_alloc(c->mem, I_NUM * sizeof *ids);
    for (unsigned k = 1; k < I_NUM; k++) {
      ids[k] = LLVMLookupIntrinsicID(intr_names[k], strlen(intr_names[k]));
      assert(ids[k] && "an intrinsic name LLVM 19 does not know");
    }
    c->intrinsic_ids = ids;
  }
  for (unsigned k = 1; k < I_NUM; k++)
    if (c->intrinsic_ids[k] == id) return (intr)k;
  return I_NONE;
}

/* The key of the intrinsic call v (I_NONE for other values). */
static intr called_intrinsic(isel_ctx *c, LLVMValueRef v) {
  if (!v || !LLVMIsACallInst(v)) return I_NONE;
  LLVMValueRef f = LLVMGetCalledValue(v);
  unsigned id = f && LLVMIsAFunction(f) ? LLVMGetIntrinsicID(f) : 0;
  return id ? intrinsic_of(c, id) : I_NONE;
}

/* The type an intrinsic is overloaded on, the one its name's suffix
 * spells, for the intrinsics here: that of its first argument. */
static LLVMTypeRef overload_type(LLVMValueRef ins) { return LLVMTypeOf(LLVMGetOperand(ins, 0)); }
/* Is t float (not a vector of it)? A vector? An integer of `w` bits? */
static bool is_f32(LLVMTypeRef t) { return LLVMGetTypeKind(t) == LLVMFloatTypeKind; }
static bool is_vec(LLVMTypeRef t) { return LLVMGetTypeKind(t) == LLVMVectorTypeKind; }
static bool is_int(LLVMTypeRef t, unsigned w) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == w;
}
static bool one_of(intr k, intr a, intr b, intr c2, intr d) { return k == a || k == b || k == c2 || k == d; }

/* ABI inputs (work-item and work-group ids, dispatch and kernarg pointers), barriers and waits, hints that select to nothing. */
static int call_abi(isel_ctx *c, LLVMValueRef ins, const char *n, intr k) {
  switch (k) {
  case I_LIFETIME_START: case I_LIFETIME_END: case I_ASSUME: case I_DBG_DECLARE: case I_DBG_VALUE: case I_DBG_LABEL:
  case I_DBG_ASSIGN: case I_NOALIAS_DECL: case I_INVARIANT_START: case I_INVARIANT_END: case I_SIDEEFFECT:
    return 1;
  default: break;
  }
  if (isel_is_fpmode_intrinsic(n)) return isel_fpmode_call(c, ins, n); /* isel_fpmode.c */
  if (k == I_WORKITEM_X || k == I_WORKITEM_Y || k == I_WORKITEM_Z) {
    isel_set(c, ins, 0, c->wi_id[k - I_WORKITEM_X]);
    return 1;
  }
  if (k == I_WORKGROUP_X || k == I_WORKGROUP_Y || k == I_WORKGROUP_Z) {
    isel_set(c, ins, 0, c->wg_id[k - I_WORKGROUP_X]);
    return 1;
  }
  if (k == I_DISPATCH_PTR) {
    isel_set(c, ins, 0, c->dispatch_ptr);
    return 1;
  }
  if (k == I_DISPATCH_ID) {
    if (c->p->is_function || !c->dispatch_id.id) return 0; /* not passed to functions */
    isel_set(c, ins, 0, c->dispatch_id);
    return 1;
  }
  if (k == I_QUEUE_PTR) {
    if (c->p->is_function) return 0; /* not passed to functions */
    isel_set(c, ins, 0, isel_queue_ptr(c));
    return 1;
  }
  if (k == I_KERNARG_PTR) {
    if (c->p->is_function) return 0; /* not passed to functions (isel_calls.c) */
    isel_set(c, ins, 0, c->kernarg_ptr);
    return 1;
  }
  if (k == I_IMPLICITARG_PTR) {
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
  if (k == I_S_BARRIER) {
    /* A work-group of at most one wave ("amdgpu-flat-work-group-size",
     * reqd_work_group_size) has no other wave to wait for: nothing, as
     * llc-19 selects WAVE_BARRIER for it (SIISelLowering, at -O1 and up).
     * The fences around OpenCL's barrier() keep their own waits. */
    unsigned wg = c->p->abi.max_flat_workgroup_size;
    if (c->opt_level > 0 && wg && wg <= c->p->target->wave_size) return 1;
    /* Without a back-off barrier the hardware needs every access of the
     * wave complete before s_barrier (wavecc_target.barrier_back_off);
     * with one, the fences around it say what must complete (OpenCL's
     * barrier(): work-group release and acquire fences), as llc-19. */
    if (!c->p->target->barrier_back_off) isel_emit(c, ISA_S_WAITCNT, 0, 0)->offset = 0;
    isel_emit(c, ISA_S_BARRIER, 0, 0);
    return 1;
  }
  if (k == I_S_WAITCNT) {
    LLVMValueRef imm = LLVMGetOperand(ins, 0);
    if (!LLVMIsAConstantInt(imm)) return 0;
    mir_instr *w = isel_emit(c, ISA_S_WAITCNT, 0, 0);
    w->offset = (int32_t)(LLVMConstIntGetZExtValue(imm) & 0xffff);
    return 1;
  }
  if (k == I_S_SENDMSG || k == I_S_SENDMSGHALT) {
    /* s_sendmsg(halt) simm16 with M0 the second operand (read from the
     * first active lane, as llc-19 does), any message llc-19 accepts; the
     * control flow lowerings never run it under an empty EXEC
     * (isel_call_needs_lanes below), as llc's hasUnwantedEffectsWhenEXECEmpty
     * keeps its s_cbranch_execz */
    LLVMValueRef imm = LLVMGetOperand(ins, 0);
    if (!LLVMIsAConstantInt(imm)) return 0;
    mir_operand m0 = isel_get(c, LLVMGetOperand(ins, 1), 0);
    if (m0.kind == MIR_OPND_UNDEF) m0 = mir_op_const(0);
    mir_temp m0s = isel_to_sgpr(c, m0, 1);
    mir_instr *s = isel_emit(c, k == I_S_SENDMSGHALT ? ISA_S_SENDMSGHALT : ISA_S_SENDMSG, 1, 0);
    s->ops[0] = mir_op_temp(m0s);
    s->ops[0].preg = MIR_PREG_M0;
    s->offset = (int32_t)(LLVMConstIntGetZExtValue(imm) & 0xffff);
    return 1;
  }
  if (k == I_READFIRSTLANE) {
    /* any type llc-19 takes (i32, i64, double, pointers, vectors of
     * them): each component from the first active lane, one
     * v_readfirstlane_b32 per dword (a 64-bit pointer is two) */
    LLVMTypeRef t = LLVMTypeOf(ins);
    unsigned bits = isel_type_bits(t), dw = bits > 32 ? 2 : 1;
    if (!bits || bits > 64) return 0;
    for (unsigned e = 0; e < isel_num_comps(t); e++)
      isel_set(c, ins, e, isel_to_sgpr(c, isel_get(c, LLVMGetOperand(ins, 0), e), dw));
    return 1;
  }
  return -1;
}

/* F32 arithmetic: fma, fabs, one-source VALU operations, sqrt, copysign, class, ldexp, round. */
static int call_float(isel_ctx *c, LLVMValueRef ins, intr k) {
  LLVMTypeRef ty = LLVMTypeOf(ins), ot = overload_type(ins);
  bool div = is_div(c, ins), f32 = is_f32(ot), vec = is_vec(ot);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  if ((k == I_FMULADD || k == I_FMA) && (f32 || vec)) {
    if (bits != 32) return 0;
    if (nc == 1 && isel_half_mad_mix(c, ins)) return 1;
    if (nc == 2 && isel_pk_f32_inst(c, ins, true) > 0) return 1; /* v_pk_fma_f32 */
    for (unsigned e = 0; e < nc; e++) /* (vectors reach here on packed-f32 targets only) */
      isel_set(c, ins, e,
               isel_v1_3(c, ISA_V_FMA_F32, isel_pk_f32_elem(c, LLVMGetOperand(ins, 0), e),
                         isel_pk_f32_elem(c, LLVMGetOperand(ins, 1), e), isel_pk_f32_elem(c, LLVMGetOperand(ins, 2), e)));
    return 1;
  }
  if (k == I_FABS) {
    if (bits != 32) return 0;
    for (unsigned e = 0; e < nc; e++) {
      mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), e);
      if (!div && !isel_opnd_is_vgpr(&a)) isel_set(c, ins, e, isel_s(c, ISA_S_AND_B32, 1, a, mir_op_const(0x7fffffffu)));
      else isel_set(c, ins, e, isel_v1c(c, ISA_V_AND_B32, mir_op_const(0x7fffffffu), a));
    }
    return 1;
  }
  /* one-source f32 operations the VALU has directly (`vectors`: also
   * element-wise on vectors) */
  static const struct { intr k; unsigned op; bool vectors; } un[] = {
      {I_FLOOR, ISA_V_FLOOR_F32, true}, {I_CEIL, ISA_V_CEIL_F32, true}, {I_TRUNC, ISA_V_TRUNC_F32, true},
      {I_RINT, ISA_V_RNDNE_F32, true}, {I_NEARBYINT, ISA_V_RNDNE_F32, false},
      {I_ROUNDEVEN, ISA_V_RNDNE_F32, false}, {I_RCP, ISA_V_RCP_F32, false},
      {I_RSQ, ISA_V_RSQ_F32, false}, {I_AMDGCN_SQRT, ISA_V_SQRT_F32, false},
      {I_FRACT, ISA_V_FRACT_F32, false},
  };
  for (unsigned u = 0; u < sizeof un / sizeof un[0]; u++) {
    if (un[u].k != k || !(f32 || (vec && un[u].vectors))) continue;
    if (bits != 32 || LLVMGetTypeKind(isel_scalar_type(ty)) != LLVMFloatTypeKind) return 0;
    for (unsigned e = 0; e < nc; e++) isel_set(c, ins, e, isel_v1_1(c, un[u].op, isel_get(c, LLVMGetOperand(ins, 0), e)));
    return 1;
  }
  if (k == I_CANONICALIZE && f32) {
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    isel_set(c, ins, 0, isel_v1(c, ISA_V_MAX_F32, a, mir_op_temp(isel_to_vgpr(c, a, 1))));
    return 1;
  }
  if (k == I_SQRT && (f32 || vec)) {
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
  if (k == I_COPYSIGN && (f32 || vec)) {
    if (bits != 32) return 0;
    for (unsigned e = 0; e < nc; e++) {
      mir_temp m = isel_to_vgpr(c, mir_op_const(0x7fffffffu), 1);
      isel_set(c, ins, e, isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(m), isel_get(c, LLVMGetOperand(ins, 0), e),
                                    isel_get(c, LLVMGetOperand(ins, 1), e)));
    }
    return 1;
  }
  if ((k == I_IS_FPCLASS || k == I_CLASS) && f32) {
    LLVMValueRef M = LLVMGetOperand(ins, 1);
    mir_operand mk = isel_get(c, M, 0);
    if (mk.kind == MIR_OPND_CONST) mk = mir_op_const(mk.imm & 0x3ff);
    isel_set(c, ins, 0, isel_vcmp(c, ISA_V_CMP_CLASS_F32, isel_get(c, LLVMGetOperand(ins, 0), 0), mk));
    return 1;
  }
  if (k == I_LDEXP && f32) {
    isel_set(c, ins, 0, isel_v1(c, ISA_V_LDEXP_F32, isel_get(c, LLVMGetOperand(ins, 0), 0),
                                mir_op_temp(isel_to_vgpr(c, isel_get(c, LLVMGetOperand(ins, 1), 0), 1))));
    return 1;
  }
  if (k == I_ROUND && f32) {
    isel_set(c, ins, 0, isel_round32(c, isel_get(c, LLVMGetOperand(ins, 0), 0)));
    return 1;
  }
  return -1;
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
 * (element e; ins the outer call, key k, its inner call used only by it,
 * in its block): one v_med3_i32 / v_med3_u32 x, lo, hi (Vega ISA guide,
 * VOP3 0x1d7/0x1d8). umin(smax(x, lo), hi) with 0 <= lo <= hi < 2^31 is
 * a signed clamp too (x is non-negative after the smax). Divergent only,
 * and both bounds inline constants; the inner call is left to dce. */
static bool clamp_med3(isel_ctx *c, LLVMValueRef ins, intr k, unsigned e, unsigned bits) {
  LLVMValueRef in = LLVMGetOperand(ins, 0);
  intr m = called_intrinsic(c, in);
  if (m == I_NONE || !is_div(c, ins) || !is_div(c, in) || LLVMGetInstructionParent(in) != LLVMGetInstructionParent(ins))
    return false;
  LLVMUseRef u = LLVMGetFirstUse(in);
  if (!u || LLVMGetNextUse(u)) return false;
  bool omin = k == I_SMIN || k == I_UMIN, osign = k == I_SMIN || k == I_SMAX;
  bool imin = m == I_SMIN || m == I_UMIN, isign = m == I_SMIN || m == I_SMAX;
  if (!one_of(m, I_SMIN, I_SMAX, I_UMIN, I_UMAX) || omin == imin) return false;
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
static int call_minmax(isel_ctx *c, LLVMValueRef ins, intr k) {
  LLVMTypeRef ty = LLVMTypeOf(ins);
  bool div = is_div(c, ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  if (one_of(k, I_SMIN, I_SMAX, I_UMIN, I_UMAX) && is_int(overload_type(ins), 64)) {
    bool sign = k == I_SMIN || k == I_SMAX, mn = k == I_SMIN || k == I_UMIN;
    unsigned op = sign ? (mn ? ISA_V_CMP_LT_I64 : ISA_V_CMP_GT_I64) : (mn ? ISA_V_CMP_LT_U64 : ISA_V_CMP_GT_U64);
    /* a constant operand (the bounds of OpenCL's convert_*_sat): its
     * halves go to the v_cndmask as constants (0 and -1 inline, others a
     * literal or a move, isel_valu), and the compare reads it as a 32-bit
     * literal where the target has VOP3 literals and the value is in
     * [0, 2^31), where a 64-bit integer operand's literal means the value
     * whether the hardware sign- or zero-extends it (llc-19 -mcpu=gfx1030:
     * v_cmp_gt_i64_e64 s0, 0xff, v[2:3]; a negative bound stays in an SGPR
     * pair, as llc-19's); elsewhere the pair of SGPRs as before. Each
     * saved an s_mov_b32 pair per bound (f_conv_int_sat.cl). */
    mir_operand h[2][2], ab[2];
    for (unsigned k = 0; k < 2; k++) {
      LLVMValueRef v = LLVMGetOperand(ins, k);
      long long x = LLVMIsAConstantInt(v) ? LLVMConstIntGetSExtValue(v) : -1;
      if (LLVMIsAConstantInt(v) && x > 64 && x <= INT32_MAX && c->p->target->vop3_literal) {
        ab[k] = mir_op_const((uint32_t)x);
        ab[k].size = 2;
      } else {
        ab[k] = isel_get(c, v, 0);
      }
      for (unsigned hi = 0; hi < 2; hi++)
        h[k][hi] = LLVMIsAConstantInt(v) ? isel_get_half(c, v, 0, hi) : isel_half_of(c, ab[k], hi);
    }
    mir_operand ca = ab[0], cb = ab[1];
    if (ca.kind == MIR_OPND_CONST && ca.size != 2) ca = mir_op_temp(isel_to_vgpr(c, ca, 2));
    if (cb.kind == MIR_OPND_CONST && cb.size != 2) cb = mir_op_temp(isel_to_vgpr(c, cb, 2));
    mir_temp m = isel_vcmp(c, op, ca, cb); /* lanes where a wins */
    mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, h[1][0], h[0][0], mir_op_temp(m));
    mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, h[1][1], h[0][1], mir_op_temp(m));
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true));
    return 1;
  }
  if (one_of(k, I_SMIN, I_SMAX, I_UMIN, I_UMAX) && bits == 1) {
    /* i1: umin/smax are and, umax/smin or (signed, true is -1) */
    LLVMOpcode opc = k == I_UMIN || k == I_SMAX ? LLVMAnd : LLVMOr;
    for (unsigned e = 0; e < nc; e++)
      if (!isel_bool_logic(c, ins, opc, e, div)) return 0;
    return 1;
  }
  static const struct { intr k; unsigned sop, vop; } mms[] = {
      {I_MINNUM, 0, ISA_V_MIN_F32}, {I_MAXNUM, 0, ISA_V_MAX_F32},
      {I_SMIN, ISA_S_MIN_I32, ISA_V_MIN_I32}, {I_SMAX, ISA_S_MAX_I32, ISA_V_MAX_I32},
      {I_UMIN, ISA_S_MIN_U32, ISA_V_MIN_U32}, {I_UMAX, ISA_S_MAX_U32, ISA_V_MAX_U32},
  };
  for (unsigned q = 0; q < sizeof mms / sizeof mms[0]; q++) {
    if (mms[q].k != k) continue;
    if (bits > 32 || (bits < 32 && !mms[q].sop) || bits == 1) return 0;
    bool sign = mms[q].sop == ISA_S_MIN_I32 || mms[q].sop == ISA_S_MAX_I32;
    for (unsigned e = 0; e < nc; e++) {
      if (mms[q].sop && clamp_med3(c, ins, k, e, bits)) continue;
      mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), e), b = isel_get(c, LLVMGetOperand(ins, 1), e);
      mir_operand ops[2] = {a, b};
      if (bits < 32) {
        bool sal = !div && isel_all_salu(c, ops, 2);
        a = ops[0] = isel_extend32(c, a, bits, sign, sal);
        b = ops[1] = isel_extend32(c, b, bits, sign, sal);
      }
      if (mms[q].sop && !div && isel_all_salu(c, ops, 2)) isel_set(c, ins, e, isel_s(c, mms[q].sop, 1, a, b));
      else if (!min3_of_chain(c, ins, mms[q].vop, bits, nc)) isel_set(c, ins, e, isel_v1c(c, mms[q].vop, a, b));
    }
    return 1;
  }
  /* one-source f32 operations the VALU has directly */
  return -1;
}

/* Uniform ctpop/cttz/ctlz of an i32 or i64: SALU, as llc-19 selects them
 * (s_bcnt1_i32_b*, s_ff1_i32_b*, s_flbit_i32_b*; Vega ISA 5.1: the last
 * two give -1 for 0, capped at the width unless zero is poison). The
 * atomic optimizer's lane loop (atomic_optimizer.cpp) runs on them. */
static int call_bits_uniform(isel_ctx *c, LLVMValueRef ins, intr k) {
  if ((k != I_CTLZ && k != I_CTTZ && k != I_CTPOP) || is_div(c, ins)) return -1;
  LLVMTypeRef ot = overload_type(ins);
  bool wide = is_int(ot, 64);
  if (!wide && !is_int(ot, 32)) return -1;
  mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
  if (a.kind == MIR_OPND_CONST) return -1; /* folded by the VALU path */
  if (isel_opnd_is_vgpr(&a)) a = mir_op_temp(isel_to_sgpr(c, a, wide ? 2 : 1));
  unsigned op = k == I_CTPOP ? (wide ? ISA_S_BCNT1_I32_B64 : ISA_S_BCNT1_I32_B32)
                : k == I_CTTZ ? (wide ? ISA_S_FF1_I32_B64 : ISA_S_FF1_I32_B32)
                              : (wide ? ISA_S_FLBIT_I32_B64 : ISA_S_FLBIT_I32_B32);
  mir_temp r = isel_tmp(c, mir_rc_s(1));
  mir_instr *in = isel_emit(c, op, 1, 1);
  in->ops[0] = a;
  in->defs[0] = mir_op_temp(r);
  LLVMValueRef zp = k == I_CTPOP ? NULL : LLVMGetOperand(ins, 1);
  if (zp && !(LLVMIsAConstantInt(zp) && LLVMConstIntGetZExtValue(zp)))
    r = isel_s(c, ISA_S_MIN_U32, 1, mir_op_temp(r), mir_op_const(wide ? 64 : 32));
  isel_set(c, ins, 0, wide ? isel_create2(c, mir_op_temp(r), mir_op_const(0), false) : r);
  return 1;
}

/* 64-bit bit operations: bswap, ctlz/cttz/ctpop, abs, funnel shifts on i64. */
static int call_bits64(isel_ctx *c, LLVMValueRef ins, intr k) {
  unsigned nc = isel_num_comps(LLVMTypeOf(ins));
  if (k == I_NONE || !is_int(overload_type(ins), 64)) return -1;
  if (k == I_BSWAP) {
    /* each half byte-reversed, the halves swapped */
    mir_temp sel = isel_to_vgpr(c, mir_op_const(0x00010203u), 1);
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    mir_temp lo = isel_v1_3(c, ISA_V_PERM_B32, mir_op_const(0), isel_half_of(c, a, true), mir_op_temp(sel));
    mir_temp hi = isel_v1_3(c, ISA_V_PERM_B32, mir_op_const(0), isel_half_of(c, a, false), mir_op_temp(sel));
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true));
    return 1;
  }
  if ((k == I_CTLZ || k == I_CTTZ || k == I_CTPOP) && nc == 1) {
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    mir_operand lo = isel_half_of(c, a, false), hi = isel_half_of(c, a, true);
    mir_temp r;
    if (k == I_CTPOP) {
      mir_temp t = isel_v1(c, ISA_V_BCNT_U32_B32, lo, mir_op_const(0));
      r = isel_v1(c, ISA_V_BCNT_U32_B32, hi, mir_op_temp(t));
    } else {
      /* count in the significant half (all ones when it is zero), else
       * 32 plus the count in the other half (capped at 32): the smaller */
      bool lead = k == I_CTLZ;
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
  if (k == I_ABS) {
    mir_temp x = isel_v64(c, isel_get(c, LLVMGetOperand(ins, 0), 0));
    mir_temp sgn = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), mir_op_temp(isel_extract(c, x, 1, 1)));
    isel_set(c, ins, 0, isel_neg64_if(c, x, sgn));
    return 1;
  }
  if (k == I_FSHL || k == I_FSHR) {
    /* (a << s) | (b >> (64 - s)) for fshl, (a << (64 - s)) | (b >> s) for
     * fshr, s taken mod 64; s == 0 gives a (fshl) or b (fshr) */
    bool left = k == I_FSHL;
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
static int call_bits(isel_ctx *c, LLVMValueRef ins, intr k) {
  LLVMTypeRef ty = LLVMTypeOf(ins), ot = overload_type(ins);
  bool div = is_div(c, ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  bool scalar_int = LLVMGetTypeKind(ot) == LLVMIntegerTypeKind;
  if (k == I_BSWAP && (is_int(ot, 32) || is_int(ot, 16))) {
    mir_temp sel = isel_to_vgpr(c, mir_op_const(0x00010203u), 1);
    mir_temp r = isel_v1_3(c, ISA_V_PERM_B32, mir_op_const(0), isel_get(c, LLVMGetOperand(ins, 0), 0), mir_op_temp(sel));
    if (bits == 16) r = isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(16), mir_op_temp(r));
    isel_set(c, ins, 0, r);
    return 1;
  }
  if ((k == I_CTLZ || k == I_CTTZ || k == I_CTPOP) && scalar_int) {
    if (bits > 32 || nc != 1) return 0;
    mir_operand x = isel_get(c, LLVMGetOperand(ins, 0), 0);
    if (bits < 32 && k != I_CTPOP && x.kind != MIR_OPND_CONST) {
      /* i8/i16, upper bits undefined: ctlz = ffbh((x << (32 - w)) | 1 << (31 - w))
       * (the marker bit makes x = 0 give w), cttz = ffbl(x | 1 << w) (the
       * marker is the lowest set bit at or above w); no extension, no min */
      mir_temp r;
      if (k == I_CTLZ) {
        mir_temp mark = isel_to_sgpr(c, mir_op_const(1u << (31 - bits)), 1);
        r = isel_v1_3(c, ISA_V_LSHL_OR_B32, x, mir_op_const(32 - bits), mir_op_temp(mark));
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
    if (k == I_CTPOP) {
      r = isel_v1(c, ISA_V_BCNT_U32_B32, a, mir_op_const(0));
    } else if (k == I_CTLZ) {
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
  if ((k == I_FSHL || k == I_FSHR) && scalar_int && bits <= 16 && (bits & (bits - 1)) == 0) {
    /* small funnel shifts through a 2w-bit concatenation (within 32 bits:
     * w <= 16), the shift modulo w an `and` (w a power of two); other
     * widths are widen-odd-integers' (i7 and i24 here gave wrong results
     * on main 501c6c5: s & (w - 1) is not s mod 7, and a << 24 lost a's
     * top bits) */
    bool left = k == I_FSHL;
    mir_operand a = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 0), 0), bits, false, false);
    mir_operand b = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 1), 0), bits, false, false);
    mir_operand sh = isel_get(c, LLVMGetOperand(ins, 2), 0);
    /* the shift modulo w: none needed when the register holds the value
     * zero-extended and the value is below w (widen-odd-integers' shift
     * is a remainder by the odd width, already below it) */
    mir_operand s2 = sh;
    if (!isel_upper_bits_zero(c, sh, bits) || !isel_value_below(LLVMGetOperand(ins, 2), bits))
      s2 = mir_op_temp(isel_v1c(c, ISA_V_AND_B32, mir_op_const(bits - 1), sh));
    mir_temp cat = isel_v1c(c, ISA_V_OR_B32, mir_op_temp(isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const(bits), a)), b);
    mir_temp r;
    if (left) {
      r = isel_v1(c, ISA_V_LSHLREV_B32, s2, mir_op_temp(cat));
      r = isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(bits), mir_op_temp(r));
    } else {
      r = isel_v1(c, ISA_V_LSHRREV_B32, s2, mir_op_temp(cat));
    }
    isel_set(c, ins, 0, r);
    return 1;
  }
  if (k == I_ABS && (is_int(ot, 16) || is_int(ot, 8))) {
    mir_operand a = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 0), 0), bits, true, false);
    mir_temp neg = isel_v1(c, ISA_V_SUB_U32, mir_op_const(0), a);
    isel_set(c, ins, 0, isel_v1c(c, ISA_V_MAX_I32, a, mir_op_temp(neg)));
    return 1;
  }
  if (k == I_ABS && is_int(ot, 32)) {
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0);
    mir_temp neg = isel_v1(c, ISA_V_SUB_U32, mir_op_const(0), a);
    isel_set(c, ins, 0, isel_v1c(c, ISA_V_MAX_I32, a, mir_op_temp(neg)));
    return 1;
  }
  if ((k == I_FSHL || k == I_FSHR) && is_int(ot, 32)) {
    LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1), S = LLVMGetOperand(ins, 2);
    bool left = k == I_FSHL;
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
static int call_overflow(isel_ctx *c, LLVMValueRef ins, intr k) {
  LLVMTypeRef ty = LLVMTypeOf(ins), ot = overload_type(ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  bool ov = one_of(k, I_SADD_OV, I_SSUB_OV, I_UADD_OV, I_USUB_OV), sat = one_of(k, I_SADD_SAT, I_SSUB_SAT, I_UADD_SAT, I_USUB_SAT);
  bool sign = one_of(k, I_SADD_OV, I_SSUB_OV, I_SADD_SAT, I_SSUB_SAT) || k == I_SMUL_OV;
  bool add = one_of(k, I_SADD_OV, I_UADD_OV, I_SADD_SAT, I_UADD_SAT);
  if ((ov || sat) && is_int(ot, 64)) {
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
  if ((k == I_UMUL_OV || k == I_SMUL_OV) && is_int(ot, 32)) {
    mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0), b = isel_get(c, LLVMGetOperand(ins, 1), 0);
    mir_temp lo = isel_v1(c, ISA_V_MUL_LO_U32, a, b);
    mir_temp hi = isel_v1(c, sign ? ISA_V_MUL_HI_I32 : ISA_V_MUL_HI_U32, a, b);
    mir_operand expect = sign ? mir_op_temp(isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), mir_op_temp(lo))) : mir_op_const(0);
    isel_set(c, ins, 0, lo);
    isel_set(c, ins, 1, isel_vcmp(c, ISA_V_CMP_NE_U32, expect, mir_op_temp(hi)));
    return 1;
  }
  if (sat) {
    if (bits > 32) return 0;
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
  unsigned ob = LLVMGetTypeKind(ot) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ot) : 0;
  if (ov && (ob == 8 || ob == 16)) {
    /* i8/i16: the operation on the operands extended to 32 bits; it
     * overflowed when the 32-bit result does not fit the type (its
     * extension of the low bits differs from it) */
    mir_operand a = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 0), 0), ob, sign, false);
    mir_operand b = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 1), 0), ob, sign, false);
    mir_temp r = add ? isel_v1c(c, ISA_V_ADD_U32, a, b) : isel_v1(c, ISA_V_SUB_U32, a, b);
    mir_temp x = isel_v1_3(c, sign ? ISA_V_BFE_I32 : ISA_V_BFE_U32, mir_op_temp(r), mir_op_const(0), mir_op_const(ob));
    isel_set(c, ins, 0, r);
    isel_set(c, ins, 1, isel_vcmp(c, ISA_V_CMP_NE_U32, mir_op_temp(x), mir_op_temp(r)));
    return 1;
  }
  if (ov && is_int(ot, 32)) {
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

/* llvm.frexp.f32.i32 -> {mantissa, exponent}: v_frexp_mant_f32 and
 * v_frexp_exp_i32_f32 (Vega ISA guide, VOP1: mantissa in [0.5, 1), zero,
 * inf and NaN passed through with exponent 0, which LLVM's LangRef leaves
 * unspecified for inf and NaN), as llc-19 selects it; AMDGPU's
 * amdgpu-codegenprepare emits it for f32 division. Other types: not yet. */
static int call_frexp(isel_ctx *c, LLVMValueRef ins, intr k) {
  if (k != I_FREXP) return -1;
  LLVMValueRef X = LLVMGetOperand(ins, 0);
  if (!is_f32(LLVMTypeOf(X)) || !is_int(LLVMStructGetTypeAtIndex(LLVMTypeOf(ins), 1), 32)) return 0;
  mir_operand x = isel_get(c, X, 0);
  isel_set(c, ins, 0, isel_v1_1(c, ISA_V_FREXP_MANT_F32, x));
  isel_set(c, ins, 1, isel_v1_1(c, ISA_V_FREXP_EXP_I32_F32, x));
  return 1;
}

typedef int (*call_family)(isel_ctx *c, LLVMValueRef ins, intr k);

bool isel_call(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef f = LLVMGetCalledValue(ins);
  unsigned id = LLVMIsAFunction(f) ? LLVMGetIntrinsicID(f) : 0;
  if (!id) return isel_call_function(c, ins); /* isel_calls.c */
  intr k = intrinsic_of(c, id);
  /* the families in isel_packed.c, isel_rounding.c, isel_f64.c and
   * isel_half.c still take the name */
  size_t len;
  const char *n = LLVMGetValueName2(f, &len);
  if (isel_packed_call(c, ins, n) > 0) return true; /* isel_packed.c: <N x i16> as VOP3P */
  int sel = isel_mfma_call(c, ins, n); /* isel_mfma.c; before isel_f64_call, which takes any ".f64" */
  if (sel < 0) sel = call_abi(c, ins, n, k);
  if (sel < 0) sel = isel_f64_call(c, ins, n);
  if (sel < 0) sel = isel_half_call(c, ins, n);
  static const call_family families[] = {call_frexp, call_float, call_minmax, call_bits_uniform, call_bits64, call_bits, call_overflow};
  for (unsigned q = 0; q < sizeof families / sizeof families[0] && sel < 0; q++) sel = families[q](c, ins, k);
  if (sel < 0) sel = isel_amdgcn_call(c, ins, id); /* isel_amdgcn.c */
  if (sel < 0) sel = isel_amdgcn_lanes_call(c, ins, id); /* isel_amdgcn_lanes.c */
  if (sel < 0) sel = isel_hwregs_call(c, ins, id); /* isel_hwregs.c */
  if (sel < 0) sel = isel_gds_call(c, ins, id); /* isel_gds.c */
  if (sel < 0) sel = isel_wave_ops_call(c, ins, id); /* isel_wave_ops.c */
  if (sel < 0) sel = isel_dpp_call(c, ins, id); /* isel_dpp.c */
  if (sel < 0) sel = isel_dot_call(c, ins, id); /* isel_dot.c */
  if (sel < 0) sel = isel_overflow_call(c, ins, id); /* isel_overflow.c */
  return sel > 0;
}
