/* Instruction selection: 64-bit integer atomics (atomicrmw / cmpxchg on
 * i64, OpenCL's cl_khr_int64_base_atomics and _extended_atomics) on
 * global, generic (flat) and LDS memory.
 *
 * Instructions (Vega ISA guide, "Flat, Scratch and Global Instructions"
 * and "LDS/GDS instructions"): global_atomic_<op>_x2 / flat_atomic_<op>_x2
 * with glc (return the old value) take a v2 address and v2 data, and
 * return v2; cmpswap_x2 takes v4 data {new value, compare value}. LDS:
 * ds_<op>_rtn_{u64,i64,b64} with a v1 address, v2 data; ds_cmpst_rtn_b64
 * takes the compare value first, then the new value. The old value is
 * always returned (the returning form costs nothing extra here: a later
 * pass may select the non-returning form for unused results).
 *
 * isel_atomic_emit (shared with the 32-bit atomics of isel_mem.c) orders
 * them: sequential consistency by completing everything before the atomic
 * (s_waitcnt 0); uses of the old value wait through the waitcnt pass.
 * cmpxchg yields {old, old == expected} (v_cmp_eq_u32/u64).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "isel/isel_internal.h"

/* Mnemonic of the 64-bit atomic `what` in address space `as`. */
static const char *mnemonic(unsigned as, LLVMAtomicRMWBinOp op, bool cas) {
  static const struct { LLVMAtomicRMWBinOp op; const char *vmem, *ds; } tab[] = {
      {LLVMAtomicRMWBinOpAdd, "add_x2", "ds_add_rtn_u64"},    {LLVMAtomicRMWBinOpSub, "sub_x2", "ds_sub_rtn_u64"},
      {LLVMAtomicRMWBinOpAnd, "and_x2", "ds_and_rtn_b64"},    {LLVMAtomicRMWBinOpOr, "or_x2", "ds_or_rtn_b64"},
      {LLVMAtomicRMWBinOpXor, "xor_x2", "ds_xor_rtn_b64"},    {LLVMAtomicRMWBinOpXchg, "swap_x2", "ds_wrxchg_rtn_b64"},
      {LLVMAtomicRMWBinOpMax, "smax_x2", "ds_max_rtn_i64"},   {LLVMAtomicRMWBinOpMin, "smin_x2", "ds_min_rtn_i64"},
      {LLVMAtomicRMWBinOpUMax, "umax_x2", "ds_max_rtn_u64"},  {LLVMAtomicRMWBinOpUMin, "umin_x2", "ds_min_rtn_u64"},
  };
  if (cas) return as == 3 ? "ds_cmpst_rtn_b64" : "cmpswap_x2";
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (tab[i].op == op) return as == 3 ? tab[i].ds : tab[i].vmem;
  return NULL;
}

bool isel_atomic64(isel_ctx *c, LLVMValueRef ins) {
  bool cas = LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg;
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), val = LLVMGetOperand(ins, cas ? 2 : 1);
  LLVMTypeRef vt = LLVMTypeOf(val);
  if (LLVMGetTypeKind(vt) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(vt) != 64) return false;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  const char *base = (as == 0 || as == 1 || as == 3) ? mnemonic(as, cas ? 0 : LLVMGetAtomicRMWBinOp(ins), cas) : NULL;
  if (!base) {
    isel_unsupported(c, ins, "64-bit atomic operation (add, sub, and, or, xor, xchg, min, max, cmpxchg on global, "
                             "generic and LDS memory)");
    return true;
  }
  char mn[64];
  if (as == 3) snprintf(mn, sizeof mn, "%s", base);
  else snprintf(mn, sizeof mn, "%s_atomic_%s", as == 0 ? "flat" : "global", base);
  isa_op op = isa_by_mnemonic(mn);
  assert(op != ISA_NUM_OPS);
  isel_atomic_emit(c, ins, op, 2);
  return true;
}

/* The non-returning form of `op` for an atomic whose result is unused:
 * the same global/flat instruction without glc, or the LDS one without
 * _rtn_ (ds_wrxchg has none: it stays returning). */
static unsigned no_return_form(unsigned op, unsigned as) {
  if (as != 3) return op;
  char mn[64];
  const char *src = isa_table[op].mnemonic, *r = strstr(src, "_rtn");
  if (!r) return op;
  snprintf(mn, sizeof mn, "%.*s%s", (int)(r - src), src, r + 4);
  isa_op nr = isa_by_mnemonic(mn);
  return nr == ISA_NUM_OPS ? op : nr;
}

void isel_atomic_emit(isel_ctx *c, LLVMValueRef ins, unsigned op, unsigned dw) {
  bool cas = LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg;
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), val = LLVMGetOperand(ins, cas ? 2 : 1);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  if (!LLVMGetFirstUse(ins)) op = no_return_form(op, as);
  bool rtn = LLVMGetFirstUse(ins) || (as == 3 && strstr(isa_table[op].mnemonic, "_rtn"));
  mir_temp va = isel_to_vgpr(c, isel_get(c, ptr, 0), as == 3 ? 1 : 2);
  mir_temp data = isel_to_vgpr(c, isel_get(c, val, 0), dw), cmp = {0};
  if (cas) cmp = isel_to_vgpr(c, isel_get(c, LLVMGetOperand(ins, 1), 0), dw);
  mir_instr *w = isel_emit(c, ISA_S_WAITCNT, 0, 0);
  w->offset = 0;
  mir_instr *a;
  if (cas && as == 3) {
    a = isel_emit(c, op, 3, rtn);
    a->ops[1] = mir_op_temp(cmp);
    a->ops[2] = mir_op_temp(data);
  } else if (cas) {
    mir_temp both = isel_tmp(c, mir_rc_v(2 * dw));
    mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, 2, 1);
    cv->ops[0] = mir_op_temp(data);
    cv->ops[1] = mir_op_temp(cmp);
    cv->defs[0] = mir_op_temp(both);
    a = isel_emit(c, op, 2, rtn);
    a->ops[1] = mir_op_temp(both);
  } else {
    a = isel_emit(c, op, 2, rtn);
    a->ops[1] = mir_op_temp(data);
  }
  a->ops[0] = mir_op_temp(va);
  if (as == 1) a->enc_flags |= MIR_ENC_OFF;
  if (!rtn) return; /* nothing reads the old value */
  mir_temp old = isel_tmp(c, mir_rc_v(dw));
  a->defs[0] = mir_op_temp(old);
  if (as != 3) a->enc_flags |= MIR_ENC_GLC;
  isel_set(c, ins, 0, old);
  if (cas) {
    mir_temp eq = isel_tmp(c, mir_rc_s(2));
    mir_operand s[2] = {mir_op_temp(old), mir_op_temp(cmp)};
    isel_valu(c, dw == 2 ? ISA_V_CMP_EQ_U64 : ISA_V_CMP_EQ_U32, &eq, 1, s, 2, true);
    isel_set(c, ins, 1, eq);
  }
}
