/* How values travel in the calling convention (isel_calls.c describes
 * it): a value's argument or result dwords (vectors of 8-bit and odd-width
 * elements one element per dword, 16-bit ones packed, as llc-19), the
 * `inreg` and `byval` attributes of an argument, and the implicit inputs
 * (work-item and work-group ids, dispatch and implicit-argument pointers)
 * in either layout. The call sequence and a function's entry and return
 * that use them are in isel_calls.c. */
#include "isel/isel_internal.h"

/* Are vector elements of `bits` bits passed one per dword, any-extended?
 * llc-19 does so for i8 (getNumRegistersForCallingConv) and for the odd
 * widths i17..i31, which it promotes to i32 (a <2 x i24> result in v0
 * and v1). */
static bool elem_per_dword(unsigned bits) { return bits == 8 || (bits > 16 && bits < 32); }

/* Dwords of a value of type t in the convention; 0 when it cannot be
 * passed (void too). */
unsigned isel_call_dwords(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMVoidTypeKind) return 0;
  if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind) { /* its scalars in order (isel_aggregate.c) */
    LLVMTypeRef st[ISEL_AGG_MAX_SCALARS];
    unsigned n = isel_agg_scalars(t, st), d = 0;
    for (unsigned i = 0; i < n; i++) d += isel_type_bits(st[i]) == 64 ? 2 : 1;
    return d;
  }
  unsigned bits = isel_type_bits(t), nc = isel_num_comps(t);
  if (bits == 1) return nc == 1 ? 1 : 0;
  if (k == LLVMVectorTypeKind && elem_per_dword(bits)) return nc; /* one dword per element, as llc-19 */
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64) return 0;
  if (k == LLVMVectorTypeKind && bits < 32) return (bits * nc + 31) / 32;
  return nc * (bits == 64 ? 2 : 1);
}

/* The dwords of value v in the convention (v's type not i1 or an
 * aggregate): vectors of 8-bit elements one element per dword (the low
 * byte; llc-19's getNumRegistersForCallingConv), 16-bit ones two per
 * dword, the rest as isel_pack_dwords; false when v cannot be passed. */
bool isel_call_words(isel_ctx *c, LLVMValueRef v, mir_operand *w, unsigned *n) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) != LLVMVectorTypeKind || !elem_per_dword(isel_type_bits(t))) return isel_pack_dwords(c, v, w, n);
  *n = isel_num_comps(t);
  if (*n > 32) return false;
  for (unsigned e = 0; e < *n; e++) w[e] = isel_get(c, v, e);
  return true;
}

/* Sets v (not i1 or an aggregate) from its `n` dwords in the convention
 * (isel_call_words). */
bool isel_from_call_words(isel_ctx *c, LLVMValueRef v, const mir_operand *w, unsigned n) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) != LLVMVectorTypeKind || !elem_per_dword(isel_type_bits(t))) return isel_unpack_dwords(c, v, w, n);
  if (n != isel_num_comps(t)) return false;
  unsigned bits = isel_type_bits(t);
  for (unsigned e = 0; e < n; e++) {
    bool vg = isel_opnd_is_vgpr(&w[e]);
    if (bits == 8) { isel_set(c, v, e, isel_as_temp(c, w[e], vg, 1)); continue; }
    /* an odd width: the sender's upper bits are unspecified (llc-19
     * any-extends), the widened values are zero-extended */
    mir_operand m = mir_op_const((1u << bits) - 1);
    isel_set(c, v, e, vg ? isel_v1(c, ISA_V_AND_B32, m, w[e]) : isel_s(c, ISA_S_AND_B32, 1, w[e], m));
  }
  return true;
}

/* The dwords of value v as VGPR temporaries; false when v's type cannot
 * be passed. */
bool isel_call_value_dwords(isel_ctx *c, LLVMValueRef v, mir_temp *out, unsigned *n) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (isel_agg_scalars(t, NULL)) return isel_agg_to_dwords(c, v, out, n);
  if (isel_type_bits(t) == 1) {
    if (isel_num_comps(t) != 1) return false;
    out[0] = isel_bool_to_vgpr(c, v, 0, 1);
    *n = 1;
    return true;
  }
  mir_operand w[32];
  unsigned nd = isel_call_dwords(t);
  if (!nd || nd > sizeof w / sizeof w[0] || !isel_call_words(c, v, w, n)) return false; /* wider: not passed yet */
  for (unsigned k = 0; k < *n; k++) out[k] = isel_as_temp(c, w[k], true, 1);
  return true;
}

/* Sets v (a parameter or a call's result) from `n` VGPR dwords. */
bool isel_call_set_value(isel_ctx *c, LLVMValueRef v, const mir_temp *dw, unsigned n) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (isel_agg_scalars(t, NULL)) return isel_agg_from_dwords(c, v, dw, n);
  if (isel_type_bits(t) == 1) {
    isel_set(c, v, 0, isel_vcmp(c, ISA_V_CMP_NE_U32, mir_op_const(0), mir_op_temp(dw[0])));
    return true;
  }
  mir_operand w[32];
  if (n > sizeof w / sizeof w[0]) return false; /* wider: not passed yet (main wrote past w) */
  for (unsigned k = 0; k < n; k++) w[k] = mir_op_temp(dw[k]);
  return isel_from_call_words(c, v, w, n);
}

/* The SGPRs of `inreg` argument dwords in the AMDGPUUsage layout, in
 * order: s4..s29 but for the registers of the implicit inputs an unknown
 * callee reserves (dispatch pointer s[4:5], implicit-argument pointer
 * s[8:9], dispatch id s[10:11], work-group ids s12..s14, LDS kernel id
 * s15), as llc-19's callees read them. (llc-19's callers write s0.. instead,
 * over the V#: LLVM PR #182754 fixed that side later.) */
const uint8_t ISEL_INREG_SGPRS[ISEL_NUM_INREG] = {6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29};

/* Is argument i of call `ins` (or parameter i of function `fn`, ins NULL)
 * `inreg` in the AMDGPUUsage layout? */
bool isel_arg_inreg(const isel_call_abi *ca, LLVMValueRef ins, LLVMValueRef fn, unsigned i) {
  unsigned kind = LLVMGetEnumAttributeKindForName("inreg", 5);
  if (!ca->amdgpu) return false; /* compact: every argument in VGPRs (internal) */
  if (ins && LLVMGetCallSiteEnumAttribute(ins, i + 1, kind)) return true;
  return fn && LLVMIsAFunction(fn) && LLVMGetEnumAttributeAtIndex(fn, i + 1, kind);
}

/* Is argument i of call `ins` (or parameter i of function `fn`, ins NULL)
 * `byval`? Then its object travels on the stack, copied by the caller, as
 * llc-19 passes it (AMDGPUCallingConv.td CC_AMDGPU_Func: CCPassByVal<4, 4>,
 * in argument order with the dwords past the argument VGPRs): *size and
 * *align (at least 4) of the object. */
bool isel_arg_byval(isel_ctx *c, LLVMValueRef ins, LLVMValueRef fn, unsigned i, uint32_t *size, uint32_t *align) {
  unsigned kind = LLVMGetEnumAttributeKindForName("byval", 5), ak = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef a = ins ? LLVMGetCallSiteEnumAttribute(ins, i + 1, kind) : NULL;
  LLVMAttributeRef al = ins ? LLVMGetCallSiteEnumAttribute(ins, i + 1, ak) : NULL;
  if (!a && fn && LLVMIsAFunction(fn)) {
    a = LLVMGetEnumAttributeAtIndex(fn, i + 1, kind);
    al = LLVMGetEnumAttributeAtIndex(fn, i + 1, ak);
  }
  if (!a || !LLVMIsTypeAttribute(a)) return false;
  uint64_t sz = LLVMABISizeOfType(c->td, LLVMGetTypeAttributeValue(a)), alv = al ? LLVMGetEnumAttributeValue(al) : 4;
  *size = sz < 4 ? 4 : (uint32_t)sz;
  *align = alv < 4 ? 4 : (uint32_t)alv;
  return true;
}

/* The implicit-argument pointer: the kernarg pointer past the explicit
 * arguments (a function's is already that). */
static mir_temp implicitarg_ptr(isel_ctx *c) {
  if (!c->hidden_offset) return c->kernarg_ptr;
  return isel_add64(c, mir_op_temp(c->kernarg_ptr), mir_op_const(c->hidden_offset), false);
}

/* The implicit inputs' dwords as VGPR temporaries, from the caller's own
 * (a kernel's ABI inputs, or what a function received): compact layout. */
unsigned isel_implicit_arg_values(isel_ctx *c, mir_temp *out) {
  unsigned m = c->ca->implicit, n = 0;
  if (c->ca->amdgpu) return 0;
  for (unsigned d = 0; d < 3; d++)
    if (m & (ISEL_IMPLICIT_WI_X << d)) out[n++] = c->wi_id[d];
  for (unsigned d = 0; d < 3; d++)
    if (m & (ISEL_IMPLICIT_WG_X << d)) out[n++] = isel_to_vgpr(c, mir_op_temp(c->wg_id[d]), 1);
  mir_temp ptrs[2] = {c->dispatch_ptr, {0}};
  if (m & ISEL_IMPLICIT_IMPLICITARG) ptrs[1] = implicitarg_ptr(c);
  for (unsigned k = 0; k < 2; k++)
    if (m & (ISEL_IMPLICIT_DISPATCH << k)) {
      out[n++] = isel_to_vgpr(c, mir_op_temp(isel_extract(c, ptrs[k], 0, 1)), 1);
      out[n++] = isel_to_vgpr(c, mir_op_temp(isel_extract(c, ptrs[k], 1, 1)), 1);
    }
  return n;
}

/* The AMDGPUUsage layout's implicit inputs as fixed uses of the caller's
 * own values (work-item ids packed into one VGPR as llc does); returns
 * how many. */
unsigned isel_implicit_arg_regs(isel_ctx *c, mir_operand *out) {
  unsigned m = c->ca->implicit, n = 0;
  if (!c->ca->amdgpu) return 0;
  if (m & ISEL_IMPLICIT_WI) {
    mir_temp t = c->wi_packed;
    if (!t.id) {
      t = c->wi_id[0];
      for (unsigned d = 1; d < 3; d++)
        if (m & (ISEL_IMPLICIT_WI_X << d))
          t = isel_v1_3(c, ISA_V_LSHL_OR_B32, mir_op_temp(c->wi_id[d]), mir_op_const(10 * d), mir_op_temp(t));
    }
    out[n++] = isel_fixed_use(t, MIR_PREG_VGPR(ISEL_IDS_VGPR));
  }
  for (unsigned d = 0; d < 3; d++)
    if (m & (ISEL_IMPLICIT_WG_X << d)) out[n++] = isel_fixed_use(c->wg_id[d], MIR_PREG_SGPR(ISEL_WG_SGPR + d));
  if (m & ISEL_IMPLICIT_DISPATCH) out[n++] = isel_fixed_use(c->dispatch_ptr, MIR_PREG_SGPR(ISEL_DISPATCH_SGPR));
  if (m & ISEL_IMPLICIT_IMPLICITARG) out[n++] = isel_fixed_use(implicitarg_ptr(c), MIR_PREG_SGPR(ISEL_IMPLICITARG_SGPR));
  return n;
}

/* A function's implicit inputs from its last argument dwords (compact). */
void isel_receive_implicit(isel_ctx *c, const mir_temp *in) {
  unsigned m = c->ca->implicit, n = 0;
  for (unsigned d = 0; d < 3; d++)
    if (m & (ISEL_IMPLICIT_WI_X << d)) c->wi_id[d] = in[n++];
  for (unsigned d = 0; d < 3; d++)
    if (m & (ISEL_IMPLICIT_WG_X << d)) c->wg_id[d] = isel_to_sgpr(c, mir_op_temp(in[n++]), 1);
  for (unsigned k = 0; k < 2; k++)
    if (m & (ISEL_IMPLICIT_DISPATCH << k)) {
      mir_temp lo = isel_to_sgpr(c, mir_op_temp(in[n]), 1), hi = isel_to_sgpr(c, mir_op_temp(in[n + 1]), 1);
      mir_temp p = isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), false);
      n += 2;
      if (k == 0) c->dispatch_ptr = p;
      else c->kernarg_ptr = p; /* implicitarg.ptr = kernarg_ptr + hidden_offset (0 here) */
    }
  c->hidden_offset = 0;
}

/* A function's implicit inputs in the AMDGPUUsage layout: fixed
 * definitions of p_startpgm in `defs` (the registers isel_implicit_arg_regs
 * passes), their temporaries named in c (work-item ids still packed). */
unsigned isel_implicit_defs(isel_ctx *c, mir_operand *defs) {
  unsigned m = c->ca->implicit, n = 0;
  if (!c->ca->amdgpu) return 0;
  if (m & ISEL_IMPLICIT_WI) defs[n++] = isel_fixed_def(c->wi_packed = isel_tmp(c, mir_rc_v(1)), MIR_PREG_VGPR(ISEL_IDS_VGPR));
  for (unsigned d = 0; d < 3; d++)
    if (m & (ISEL_IMPLICIT_WG_X << d)) defs[n++] = isel_fixed_def(c->wg_id[d] = isel_tmp(c, mir_rc_s(1)), MIR_PREG_SGPR(ISEL_WG_SGPR + d));
  if (m & ISEL_IMPLICIT_DISPATCH) defs[n++] = isel_fixed_def(c->dispatch_ptr = isel_tmp(c, mir_rc_s(2)), MIR_PREG_SGPR(ISEL_DISPATCH_SGPR));
  if (m & ISEL_IMPLICIT_IMPLICITARG)
    defs[n++] = isel_fixed_def(c->kernarg_ptr = isel_tmp(c, mir_rc_s(2)), MIR_PREG_SGPR(ISEL_IMPLICITARG_SGPR));
  c->hidden_offset = 0;
  return n;
}
