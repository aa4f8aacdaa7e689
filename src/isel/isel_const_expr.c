/* Instruction selection: integer constant expressions whose bits are not
 * known when compiling, computed at run time where they are used.
 *
 * A data global's address is the program counter plus a relocation
 * (isel_data.c), so an integer constant expression built on it has no
 * known bits: -O2 turns `(uint)(ulong)(c ? g + 1 : 0) + 5` into
 * `select i1 %z, i32 5, i32 add (i32 ptrtoint (ptr addrspace(1)
 * getelementptr (i8, ptr addrspace(1) @g, i64 4) to i32), i32 5)`, and
 * narrowing makes `trunc (i64 add (i64 ptrtoint (@g), i64 5) to i32)`.
 * LLVM 19 keeps trunc, ptrtoint, add, sub, mul and xor as integer constant
 * expressions (LangRef "Constant Expressions"); each is computed here with
 * the scalar ALU from its operands (isel_get: known bits, data addresses,
 * or expressions computed the same way), wrapped to its width. The result
 * is uniform (an SGPR or a pair) and zero above the width, so it serves
 * any user, a boolean (i1: 0 or 1) included. */
#include "isel/isel_internal.h"

/* o (32- or 64-bit operand) as an iN value, N = w <= 64: the low dword
 * for N <= 32, bits above N cleared. */
static mir_operand wrap(isel_ctx *c, mir_operand o, unsigned w) {
  if (w <= 32) {
    mir_operand lo = isel_half_of(c, o, false);
    if (w == 32) return lo;
    return mir_op_temp(isel_s(c, ISA_S_AND_B32, 1, lo, mir_op_const((uint32_t)((1ull << w) - 1))));
  }
  if (w == 64) return o;
  mir_operand hi = isel_half_of(c, o, true);
  hi = mir_op_temp(isel_s(c, ISA_S_AND_B32, 1, hi, mir_op_const((uint32_t)((1ull << (w - 32)) - 1))));
  return mir_op_temp(isel_create2(c, isel_half_of(c, o, false), hi, false));
}

bool isel_const_expr_value(isel_ctx *c, LLVMValueRef v, unsigned comp, mir_operand *out) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    /* a vector of them: its element comp */
    if (!LLVMIsAConstantVector(v)) return false;
    LLVMValueRef e = LLVMGetAggregateElement(v, comp);
    return e && LLVMIsAConstantExpr(e) && isel_const_expr_value(c, e, 0, out);
  }
  if (!LLVMIsAConstantExpr(v) || LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return false;
  unsigned w = LLVMGetIntTypeWidth(t);
  if (w > 64) return false;
  LLVMOpcode op = LLVMGetConstOpcode(v);
  switch (op) {
  case LLVMTrunc: {
    /* the operand's low w bits (its width > w) */
    LLVMValueRef x = LLVMGetOperand(v, 0);
    if (LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(x)) > 64) return false;
    *out = wrap(c, isel_get(c, x, 0), w);
    return !c->failed;
  }
  case LLVMPtrToInt: {
    /* a width isel_get does not take (i33..i63): the pointer's bits
     * (a 64-bit data address, or known ones), wrapped */
    LLVMValueRef x = LLVMGetOperand(v, 0);
    if (LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMPointerTypeKind || isel_type_bits(LLVMTypeOf(x)) > 64) return false;
    *out = wrap(c, isel_get(c, x, 0), w);
    return !c->failed;
  }
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMXor: break;
  default: return false;
  }
  mir_operand a = isel_get(c, LLVMGetOperand(v, 0), 0), b = isel_get(c, LLVMGetOperand(v, 1), 0);
  if (c->failed) return false;
  mir_operand r;
  if (w <= 32) {
    /* the low 32 bits of a sum, difference, product or xor depend on the
     * operands' low 32 bits only */
    unsigned opc = op == LLVMAdd ? ISA_S_ADD_U32 : op == LLVMSub ? ISA_S_SUB_U32 : op == LLVMMul ? ISA_S_MUL_I32
                                                                                                 : ISA_S_XOR_B32;
    r = mir_op_temp(isel_s(c, opc, 1, isel_half_of(c, a, false), isel_half_of(c, b, false)));
  } else {
    /* operands of the same type: 64-bit ones */
    if (op == LLVMAdd) r = mir_op_temp(isel_add64(c, a, b, false));
    else if (op == LLVMSub) r = mir_op_temp(isel_sub64(c, a, b, false));
    else if (op == LLVMMul) r = mir_op_temp(isel_mul64(c, NULL, NULL, a, b, false));
    else {
      mir_operand lo = mir_op_temp(isel_s(c, ISA_S_XOR_B32, 1, isel_half_of(c, a, false), isel_half_of(c, b, false)));
      mir_operand hi = mir_op_temp(isel_s(c, ISA_S_XOR_B32, 1, isel_half_of(c, a, true), isel_half_of(c, b, true)));
      r = mir_op_temp(isel_create2(c, lo, hi, false));
    }
  }
  *out = wrap(c, r, w);
  return !c->failed;
}
