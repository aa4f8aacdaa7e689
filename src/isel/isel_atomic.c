/* Instruction selection: 64-bit integer atomics (atomicrmw / cmpxchg on
 * i64, OpenCL's cl_khr_int64_base_atomics and _extended_atomics) on
 * global, generic (flat) and LDS memory; the f64 float atomics of CDNA
 * (isel_atomic_float).
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
 * them: a release (release, acq_rel, seq_cst) completes everything before
 * the atomic (s_waitcnt 0; LDS alone at gfx90a/gfx942 work-group scope:
 * isel_model_release_wait), monotonic and acquire ones issue at once, as
 * llc-19's; uses of the old value wait through the waitcnt pass.
 * cmpxchg yields {old, old == expected} (v_cmp_eq_u32/u64).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "isel/isel_internal.h"
#include "llvm/expand_atomics.h"
#include "target/target.h"

/* The ISA table's atomic operation for LLVM's `op` (cmpxchg if cas). */
static isa_atomic atomic_of(LLVMAtomicRMWBinOp op, bool cas) {
  if (cas) return ISA_AT_CMPSWAP;
  switch (op) {
  case LLVMAtomicRMWBinOpAdd: return ISA_AT_ADD;
  case LLVMAtomicRMWBinOpSub: return ISA_AT_SUB;
  case LLVMAtomicRMWBinOpAnd: return ISA_AT_AND;
  case LLVMAtomicRMWBinOpOr: return ISA_AT_OR;
  case LLVMAtomicRMWBinOpXor: return ISA_AT_XOR;
  case LLVMAtomicRMWBinOpXchg: return ISA_AT_SWAP;
  case LLVMAtomicRMWBinOpMax: return ISA_AT_SMAX;
  case LLVMAtomicRMWBinOpMin: return ISA_AT_SMIN;
  case LLVMAtomicRMWBinOpUMax: return ISA_AT_UMAX;
  case LLVMAtomicRMWBinOpUMin: return ISA_AT_UMIN;
  /* LangRef's uinc_wrap/udec_wrap are the ISA's inc/dec (Vega ISA guide:
   * inc: tmp >= src ? 0 : tmp + 1; dec: tmp == 0 || tmp > src ? src : tmp - 1) */
  case LLVMAtomicRMWBinOpUIncWrap: return ISA_AT_INC;
  case LLVMAtomicRMWBinOpUDecWrap: return ISA_AT_DEC;
  default: return ISA_AT_NONE;
  }
}

isa_op isel_atomic_op(isel_ctx *c, LLVMValueRef ins, unsigned bytes) {
  bool cas = LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(ins, 0)));
  isa_atomic at = atomic_of(cas ? 0 : LLVMGetAtomicRMWBinOp(ins), cas);
  if (at == ISA_AT_NONE || as > 3) return ISA_NUM_OPS;
  return isa_atomic_find_in(c->p->target->encoding, as >= 2 ? ISA_FMT_DS : as == 0 ? ISA_FMT_FLAT : ISA_FMT_GLOBAL, at,
                            bytes, true);
}

bool isel_atomic64(isel_ctx *c, LLVMValueRef ins) {
  bool cas = LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg;
  LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(ins, cas ? 2 : 1));
  if (LLVMGetTypeKind(vt) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(vt) != 64) return false;
  isa_op op = isel_atomic_op(c, ins, 8);
  if (op == ISA_NUM_OPS) {
    isel_unsupported(c, ins, "64-bit atomic operation (add, sub, and, or, xor, xchg, min, max, cmpxchg on global, "
                             "generic and LDS memory)");
    return true;
  }
  isel_atomic_emit(c, ins, op, 2);
  return true;
}

bool isel_atomic_float(isel_ctx *c, LLVMValueRef ins) {
  unsigned op;
  if (!wir_float_atomic_native(ins, c->p->target, &op)) return false; /* the others: a loop (expand_atomics.c) */
  isel_atomic_emit(c, ins, op, isa_sem_of(op)->bytes / 4);
  return true;
}

/* The non-returning form of `op` for an atomic whose result is unused:
 * the same global/flat instruction without glc, or the LDS one without
 * _rtn_ (ds_wrxchg has none: it stays returning). */
static unsigned no_return_form(const isel_ctx *c, unsigned op, unsigned as) {
  return as >= 2 ? isa_atomic_no_return_in(c->p->target->encoding, (isa_op)op) : op;
}

/* GDS (region, address space 2) atomics: the DS ones with the GDS bit
 * and M0 the kernel's "amdgpu-gds-size" (0 without), the bound the
 * hardware checks, as llc-19 sets it. */
static mir_operand gds_m0(isel_ctx *c) {
  static const char k[] = "amdgpu-gds-size";
  LLVMAttributeRef at = LLVMGetStringAttributeAtIndex(c->fn, LLVMAttributeFunctionIndex, k, sizeof k - 1);
  unsigned len = 0;
  const char *v = at ? LLVMGetStringAttributeValue(at, &len) : NULL;
  uint32_t size = 0;
  for (unsigned i = 0; v && i < len && v[i] >= '0' && v[i] <= '9'; i++) size = size * 10 + (uint32_t)(v[i] - '0');
  mir_operand m = mir_op_temp(isel_to_sgpr(c, mir_op_const(size), 1));
  m.preg = MIR_PREG_M0;
  return m;
}

void isel_atomic_emit(isel_ctx *c, LLVMValueRef ins, unsigned op, unsigned dw) {
  bool cas = LLVMGetInstructionOpcode(ins) == LLVMAtomicCmpXchg;
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), val = LLVMGetOperand(ins, cas ? 2 : 1);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)), gds = as == 2;
  if (!LLVMGetFirstUse(ins)) op = no_return_form(c, op, as);
  bool rtn = LLVMGetFirstUse(ins) || (as >= 2 && (isa_sem_of(op)->flags & ISA_S_RTN));
  /* the address as a load's (isel_vector_address): the SGPR base + VGPR
   * offset form and the offset field, which only_addressed_within
   * (isel_gep.c) checked for this atomic as for the loads and stores of
   * the same pointer; GDS (M0-bounded) keeps a plain VGPR address */
  mir_temp saddr = {0}, va;
  int32_t off = 0;
  if (gds) {
    va = isel_to_vgpr(c, isel_get(c, ptr, 0), 1);
  } else {
    off = (int32_t)isel_folded_offset(c, ptr);
    va = isel_vector_address(c, ptr, as, &saddr, &off, 4 * dw);
  }
  mir_operand m0 = gds ? gds_m0(c) : mir_op_const(0);
  /* <2 x half> / <2 x bfloat> (the packed adds): one dword both ways */
  bool packed = LLVMGetTypeKind(LLVMTypeOf(val)) == LLVMVectorTypeKind;
  mir_operand words[2];
  unsigned nw = 0;
  if (packed && (!isel_pack_dwords(c, val, words, &nw) || nw != dw)) {
    isel_unsupported(c, ins, "atomic operation on this vector type");
    return;
  }
  mir_temp data = isel_to_vgpr(c, packed ? words[0] : isel_get(c, val, 0), dw), cmp = {0};
  if (cas) cmp = isel_to_vgpr(c, isel_get(c, LLVMGetOperand(ins, 1), 0), dw);
  isel_model_release(c, ins, as);
  /* a release completes everything before it; a monotonic or acquire
   * atomic needs no wait before it (AMDGPUUsage memory model code
   * sequences: the wave's accesses to one address stay in order) */
  if (isel_model_is_release(ins)) isel_model_release_wait(c, ins, as);
  mir_instr *a;
  if (cas && as >= 2) {
    /* ds_cmpst: data0 = compare, data1 = new value; GFX11's ds_cmpstore
     * the other way round (RDNA 3 ISA guide, DS_CMPSTORE_B32) */
    bool store_first = op == ISA_DS_CMPSTORE_B32 || op == ISA_DS_CMPSTORE_B64 || op == ISA_DS_CMPSTORE_RTN_B32 ||
                       op == ISA_DS_CMPSTORE_RTN_B64;
    a = isel_emit(c, op, 3 + gds, rtn);
    a->ops[1] = mir_op_temp(store_first ? data : cmp);
    a->ops[2] = mir_op_temp(store_first ? cmp : data);
  } else if (cas) {
    mir_temp both = isel_tmp(c, mir_rc_v(2 * dw));
    mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, 2, 1);
    cv->ops[0] = mir_op_temp(data);
    cv->ops[1] = mir_op_temp(cmp);
    cv->defs[0] = mir_op_temp(both);
    a = isel_emit(c, op, 2 + (saddr.id != 0), rtn);
    a->ops[1] = mir_op_temp(both);
  } else {
    a = isel_emit(c, op, 2 + gds + (saddr.id != 0), rtn);
    a->ops[1] = mir_op_temp(data);
  }
  a->ops[0] = mir_op_temp(va);
  if (saddr.id) a->ops[2] = mir_op_temp(saddr); /* vaddr, data, saddr */
  a->offset = off;
  if (gds) {
    a->ops[a->num_ops - 1] = m0;
    a->enc_flags |= MIR_ENC_GDS;
  }
  if (as == 1 && !saddr.id) a->enc_flags |= MIR_ENC_OFF;
  a->enc_flags |= isel_model_access_flags(c, ins, as, ISEL_ACCESS_RMW);
  isel_model_acquire(c, ins, as, false);
  if (!rtn) return; /* nothing reads the old value */
  mir_temp old = isel_tmp(c, mir_rc_v(dw));
  a->defs[0] = mir_op_temp(old);
  if (as < 2) a->enc_flags |= MIR_ENC_GLC;
  if (packed) {
    mir_operand o = mir_op_temp(old);
    if (!isel_unpack_dwords(c, ins, &o, 1)) isel_unsupported(c, ins, "atomic operation on this vector type");
    return;
  }
  isel_set(c, ins, 0, old);
  if (cas) {
    mir_temp eq = isel_lane_tmp(c);
    mir_operand s[2] = {mir_op_temp(old), mir_op_temp(cmp)};
    isel_valu(c, dw == 2 ? ISA_V_CMP_EQ_U64 : ISA_V_CMP_EQ_U32, &eq, 1, s, 2, true);
    isel_set(c, ins, 1, eq);
  }
}
