/* Instruction selection of the dot-product intrinsics and of
 * llvm.amdgcn.global.atomic.csub, on the GPUs whose encoding family has
 * the instruction (isa_encoding; llc-19 cannot select them elsewhere
 * either, and this reports "not supported on this GPU").
 *
 *  - llvm.amdgcn.{s,u}dot2 (<2 x i16> a, b, i32 c, i1 clamp): v_dot2_{i32_i16,u32_u16}
 *  - llvm.amdgcn.{s,u}dot4 / {s,u}dot8 (i32 a, b, c, i1 clamp): v_dot4_{i32_i8,u32_u8},
 *    v_dot8_{i32_i4,u32_u4}; where the GPU has only the mixed-sign
 *    v_dot4_i32_iu8 / v_dot8_i32_iu4 (gfx11), the signed forms are those
 *    with neg_lo:[1,1,0] (both sources signed), as llc-19 selects them
 *  - llvm.amdgcn.sudot4 / sudot8 (i1 a_signed, i32 a, i1 b_signed, i32 b,
 *    i32 c, i1 clamp): v_dot4_i32_iu8 / v_dot8_i32_iu4, NEG[0]/NEG[1] the
 *    signedness of a / b
 *  - llvm.amdgcn.fdot2 (<2 x half> a, b, float c, i1 clamp): v_dot2_f32_f16
 *  - llvm.amdgcn.global.atomic.csub (ptr addrspace(1) p, i32 v): the old
 *    value, memory = old >= v ? old - v : 0 (global_atomic_csub, glc)
 *
 * D = c + sum over the packed elements of a[i] * b[i], exact and wrapping
 * to 32 bits, or saturated to the result's range with clamp (the clamp
 * operand is the instruction's clamp bit). AMDGPUUsage "LLVM IR
 * Intrinsics"; CDNA 2 / RDNA 2 / RDNA 3 ISA guides, VOP3P; the semantics
 * the emulator implements (src/emu/exec_dot.c). llc-19 picks the VOP2
 * accumulating forms (v_dot4c_i32_i8, ...) when clamp is 0 and the
 * accumulator may share the result's register; wavecc always uses the
 * VOP3P form, the same operation in one instruction.
 */
#include "isel/isel_internal.h"
#include "target/target.h"

#define DOT_INTRINSICS(X)                                                                                              \
  X(SDOT2, "llvm.amdgcn.sdot2") X(UDOT2, "llvm.amdgcn.udot2") X(SDOT4, "llvm.amdgcn.sdot4")                          \
  X(UDOT4, "llvm.amdgcn.udot4") X(SDOT8, "llvm.amdgcn.sdot8") X(UDOT8, "llvm.amdgcn.udot8")                          \
  X(SUDOT4, "llvm.amdgcn.sudot4") X(SUDOT8, "llvm.amdgcn.sudot8") X(FDOT2, "llvm.amdgcn.fdot2")                      \
  X(CSUB, "llvm.amdgcn.global.atomic.csub")

typedef enum dot_intr {
  D_NONE,
#define D_ENUM(e, name) D_##e,
  DOT_INTRINSICS(D_ENUM)
#undef D_ENUM
  D_NUM
} dot_intr;

static const char *const d_names[D_NUM] = {
    NULL,
#define D_NAME(e, name) name,
    DOT_INTRINSICS(D_NAME)
#undef D_NAME
};

/* The immediate (immarg) i1 operand k of call ins. */
static bool flag_arg(LLVMValueRef ins, unsigned k) {
  LLVMValueRef a = LLVMGetOperand(ins, k);
  return LLVMIsAConstantInt(a) && LLVMConstIntGetZExtValue(a) != 0;
}

/* The instruction for intrinsic k on encoding family e and the signedness
 * (neg_lo) of its two sources where it is a mixed-sign form; ISA_NUM_OPS
 * when the family has none. */
static isa_op dot_op(unsigned e, dot_intr k, LLVMValueRef ins, unsigned *neg) {
  static const struct { dot_intr k; isa_op op, mixed; } tab[] = {
      {D_SDOT2, ISA_V_DOT2_I32_I16, ISA_NUM_OPS},  {D_UDOT2, ISA_V_DOT2_U32_U16, ISA_NUM_OPS},
      {D_SDOT4, ISA_V_DOT4_I32_I8, ISA_V_DOT4_I32_IU8}, {D_UDOT4, ISA_V_DOT4_U32_U8, ISA_NUM_OPS},
      {D_SDOT8, ISA_V_DOT8_I32_I4, ISA_V_DOT8_I32_IU4}, {D_UDOT8, ISA_V_DOT8_U32_U4, ISA_NUM_OPS},
      {D_SUDOT4, ISA_NUM_OPS, ISA_V_DOT4_I32_IU8}, {D_SUDOT8, ISA_NUM_OPS, ISA_V_DOT8_I32_IU4},
      {D_FDOT2, ISA_V_DOT2_F32_F16, ISA_NUM_OPS},
  };
  *neg = 0;
  for (unsigned i = 0; i < sizeof tab / sizeof tab[0]; i++) {
    if (tab[i].k != k) continue;
    if (tab[i].op != ISA_NUM_OPS && isa_encoding(e, tab[i].op)) return tab[i].op;
    if (tab[i].mixed == ISA_NUM_OPS || !isa_encoding(e, tab[i].mixed)) return ISA_NUM_OPS;
    /* sudot: the sign flags are operands 0 and 2; sdot: both signed */
    *neg = k == D_SUDOT4 || k == D_SUDOT8 ? (flag_arg(ins, 0) ? 1u : 0u) | (flag_arg(ins, 2) ? 2u : 0u) : 3u;
    return tab[i].mixed;
  }
  return ISA_NUM_OPS;
}

static int select_dot(isel_ctx *c, LLVMValueRef ins, dot_intr k) {
  unsigned neg;
  isa_op op = dot_op(c->p->target->encoding, k, ins, &neg);
  if (op == ISA_NUM_OPS) {
    isel_unsupported(c, ins, "intrinsic on this GPU (it has no such dot-product instruction)");
    return 0;
  }
  bool su = k == D_SUDOT4 || k == D_SUDOT8, pair = k == D_SDOT2 || k == D_UDOT2 || k == D_FDOT2;
  unsigned a0 = su ? 1 : 0, b0 = su ? 3 : 1, c0 = su ? 4 : 2;
  mir_operand s[3];
  LLVMValueRef A = LLVMGetOperand(ins, a0), B = LLVMGetOperand(ins, b0);
  /* <2 x i16> / <2 x half>: both elements in one dword */
  s[0] = pair ? isel_packed_dword(c, A, 0) : isel_get(c, A, 0);
  s[1] = pair ? isel_packed_dword(c, B, 0) : isel_get(c, B, 0);
  s[2] = isel_get(c, LLVMGetOperand(ins, c0), 0);
  for (unsigned i = 0; i < 2; i++)
    if (neg >> i & 1) s[i].flags |= MIR_OPND_NEG;
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  isel_vop3p(c, op, s, 3, d)->clamp = flag_arg(ins, c0 + 1);
  /* an integer result the IR finds uniform is read back to an SGPR, as
   * its users expect (isel_amdgcn.c's vop3_of_args); f32 stays a VGPR */
  if (k != D_FDOT2 && !divergence_is_divergent(c->di, ins)) d = isel_to_sgpr(c, mir_op_temp(d), 1);
  isel_set(c, ins, 0, d);
  return 1;
}

/* global_atomic_csub v_old, v[addr:addr+1], v_data, off glc: a relaxed
 * atomic in program order (MIR_ENC_ORDERED); RDNA 2/3 have only the
 * returning form in use (llc-19 always sets glc). */
static int select_csub(isel_ctx *c, LLVMValueRef ins) {
  if (!isa_encoding(c->p->target->encoding, ISA_GLOBAL_ATOMIC_CSUB)) {
    isel_unsupported(c, ins, "intrinsic on this GPU (it has no global_atomic_csub)");
    return 0;
  }
  mir_temp va = isel_to_vgpr(c, isel_get(c, LLVMGetOperand(ins, 0), 0), 2);
  mir_temp data = isel_to_vgpr(c, isel_get(c, LLVMGetOperand(ins, 1), 0), 1);
  mir_temp old = isel_tmp(c, mir_rc_v(1));
  mir_instr *a = isel_emit(c, ISA_GLOBAL_ATOMIC_CSUB, 2, 1);
  a->ops[0] = mir_op_temp(va);
  a->ops[1] = mir_op_temp(data);
  a->defs[0] = mir_op_temp(old);
  a->enc_flags |= MIR_ENC_OFF | MIR_ENC_GLC | MIR_ENC_ORDERED;
  isel_set(c, ins, 0, old);
  return 1;
}

int isel_dot_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  dot_intr k = (dot_intr)isel_intrinsic_key(d_names, D_NUM, id);
  if (k == D_NONE) return -1;
  return k == D_CSUB ? select_csub(c, ins) : select_dot(c, ins, k);
}
