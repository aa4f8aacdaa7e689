/* Instruction selection: the packed shadow of <N x i8> vectors.
 *
 * A <N x i8> value is selected as N 32-bit components, one byte each,
 * upper bits undefined (isel_alu.c); in memory four bytes share a dword.
 * Like isel_packed.c's 16-bit shadow, this file keeps beside the
 * components the value's packed form, dword w holding elements 4w..4w+3
 * (byte k = element 4w + k; bytes past the last element undefined, as a
 * component's upper bits are), where it is one instruction per dword:
 *
 *  - loads record the loaded dwords (isel_unpack_dwords), stores and
 *    bitcasts read the shadow (isel_pack_dwords) instead of masking and
 *    shifting each byte into place;
 *  - a divergent and/or/xor is the 32-bit operation on the dwords; an add
 *    is the byte-wise SWAR sum, (a & 0x7f7f7f7f) + (b & 0x7f7f7f7f) with
 *    bit 7 of each byte replaced by itself ^ a ^ b (v_bfi_b32 with
 *    0x80808080): six VALU instructions per four bytes, no carry between
 *    bytes (each low-7-bit sum is at most 254);
 *  - a shufflevector's dword is one v_perm_b32 of at most two source
 *    dwords (none when it is one source dword as it is);
 *  - a select by one condition is one v_cndmask_b32 per dword.
 * The components are still selected as before, so nothing that reads them
 * changes; the form nobody reads (the per-byte instructions when only a
 * store reads the result, the shadow when only components are read) is
 * deleted by dce. A shadow is made with its value (its definition
 * dominates every use). Only divergent values: the shadow lives in VGPRs.
 * V_PERM_B32 and V_BFI_B32: Vega ISA guide, VOP3A opcodes.
 */
#include "isel/isel_internal.h"

static bool is_i8_vector(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(LLVMGetElementType(t)) == 8 && LLVMGetVectorSize(t) >= 2 &&
         (LLVMGetVectorSize(t) + 3) / 4 <= ISEL_MAX_COMPS;
}

static unsigned words_of(LLVMValueRef v) { return (LLVMGetVectorSize(LLVMTypeOf(v)) + 3) / 4; }

/* Dword w of V's packed form: its shadow, or the constant bytes of a
 * constant vector (undefined/poison bytes 0); false when neither. */
static bool word_operand(isel_ctx *c, LLVMValueRef V, unsigned w, mir_operand *o) {
  mir_temp t = isel_packed_word(c, V, w);
  if (t.id) {
    *o = mir_op_temp(t);
    return true;
  }
  if (!LLVMIsAConstant(V) || LLVMIsAConstantExpr(V)) return false;
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(V));
  uint32_t k = 0;
  for (unsigned i = 0; i < 4 && 4 * w + i < n; i++) {
    mir_operand e = isel_get(c, V, 4 * w + i);
    if (e.kind != MIR_OPND_CONST) return false;
    k |= (e.imm & 0xffu) << (8 * i);
  }
  *o = mir_op_const(k);
  return true;
}

/* A VGPR or SGPR operand for a VOP3 source (no literal on gfx9). */
static mir_operand vop3_src(isel_ctx *c, mir_operand o) {
  if (o.kind == MIR_OPND_CONST && !isel_is_inline_const(o.imm)) return mir_op_temp(isel_to_sgpr(c, o, 1));
  return o;
}

static mir_temp swar_add(isel_ctx *c, mir_operand a, mir_operand b) {
  mir_operand k7 = mir_op_const(0x7f7f7f7fu);
  mir_operand a7 = a.kind == MIR_OPND_CONST ? mir_op_const(a.imm & 0x7f7f7f7fu) : mir_op_temp(isel_v1c(c, ISA_V_AND_B32, k7, a));
  mir_operand b7 = b.kind == MIR_OPND_CONST ? mir_op_const(b.imm & 0x7f7f7f7fu) : mir_op_temp(isel_v1c(c, ISA_V_AND_B32, k7, b));
  mir_temp s = isel_v1c(c, ISA_V_ADD_U32, a7, b7);
  mir_temp t = isel_v1c(c, ISA_V_XOR_B32, a, b);
  mir_temp u = isel_v1c(c, ISA_V_XOR_B32, mir_op_temp(s), mir_op_temp(t));
  mir_operand m = vop3_src(c, mir_op_const(0x80808080u));
  return isel_v1_3(c, ISA_V_BFI_B32, m, mir_op_temp(u), mir_op_temp(s));
}

void isel_packed8_binop(isel_ctx *c, LLVMValueRef ins) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(ins);
  if (!is_i8_vector(LLVMTypeOf(ins)) || !divergence_is_divergent(c->di, ins)) return;
  if (opc != LLVMAdd && opc != LLVMAnd && opc != LLVMOr && opc != LLVMXor) return;
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  unsigned nw = words_of(ins);
  for (unsigned w = 0; w < nw; w++) {
    mir_operand a, b;
    if (!word_operand(c, A, w, &a) || !word_operand(c, B, w, &b)) return;
    if (a.kind == MIR_OPND_CONST && b.kind == MIR_OPND_CONST) return;
  }
  for (unsigned w = 0; w < nw; w++) {
    mir_operand a, b;
    word_operand(c, A, w, &a);
    word_operand(c, B, w, &b);
    mir_temp r;
    switch (opc) {
    case LLVMAnd: r = isel_v1c(c, ISA_V_AND_B32, a, b); break;
    case LLVMOr: r = isel_v1c(c, ISA_V_OR_B32, a, b); break;
    case LLVMXor: r = isel_v1c(c, ISA_V_XOR_B32, a, b); break;
    default: r = swar_add(c, a, b); break;
    }
    isel_packed_record(c, ins, w, r);
  }
}

void isel_packed8_shuffle(isel_ctx *c, LLVMValueRef ins) {
  if (!is_i8_vector(LLVMTypeOf(ins)) || !divergence_is_divergent(c->di, ins)) return;
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  unsigned na = LLVMGetVectorSize(LLVMTypeOf(A)), n = LLVMGetNumMaskElements(ins);
  for (unsigned w = 0; w < (n + 3) / 4; w++) {
    mir_temp src[2] = {{0}, {0}};
    unsigned nsrc = 0, sel = 0;
    bool ok = true;
    for (unsigned i = 0; i < 4 && ok; i++) {
      int m = 4 * w + i < n ? LLVMGetMaskValue(ins, 4 * w + i) : -1;
      if (m < 0) {
        sel |= 0x0cu << (8 * i); /* an undefined byte: 0 */
        continue;
      }
      LLVMValueRef S = (unsigned)m < na ? A : B;
      unsigned e = (unsigned)m < na ? (unsigned)m : (unsigned)m - na;
      mir_temp t = isel_packed_word(c, S, e / 4);
      if (!t.id) {
        ok = false;
        break;
      }
      unsigned j = 0;
      while (j < nsrc && src[j].id != t.id) j++;
      if (j == nsrc) {
        if (nsrc == 2) {
          ok = false;
          break;
        }
        src[nsrc++] = t;
      }
      sel |= (j == 0 ? 4u + e % 4 : e % 4) << (8 * i);
    }
    if (!ok || !nsrc) continue;
    /* undefined bytes may be anything: one source's dword as it is */
    uint32_t want = 0x07060504u, undef = 0;
    for (unsigned i = 0; i < 4; i++)
      if (((sel >> (8 * i)) & 0xffu) == 0x0cu) undef |= 0xffu << (8 * i);
    mir_temp r;
    if (nsrc == 1 && (sel & ~undef) == (want & ~undef)) {
      r = src[0];
    } else {
      mir_operand sl = mir_op_temp(isel_to_sgpr(c, mir_op_const(sel), 1));
      r = isel_v1_3(c, ISA_V_PERM_B32, mir_op_temp(src[0]), mir_op_temp(src[nsrc == 2 ? 1 : 0]), sl);
    }
    isel_packed_record(c, ins, w, r);
  }
}

void isel_packed8_select(isel_ctx *c, LLVMValueRef ins) {
  if (!is_i8_vector(LLVMTypeOf(ins)) || !divergence_is_divergent(c->di, ins)) return;
  LLVMValueRef C = LLVMGetOperand(ins, 0), T = LLVMGetOperand(ins, 1), F = LLVMGetOperand(ins, 2);
  if (LLVMGetTypeKind(LLVMTypeOf(C)) == LLVMVectorTypeKind || LLVMIsAConstant(C)) return;
  unsigned nw = words_of(ins);
  for (unsigned w = 0; w < nw; w++)
    if (!isel_packed_word(c, T, w).id || !isel_packed_word(c, F, w).id) return;
  mir_temp m = isel_mask_of(c, C, 0);
  for (unsigned w = 0; w < nw; w++) {
    mir_temp r = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(isel_packed_word(c, F, w)),
                           mir_op_temp(isel_packed_word(c, T, w)), mir_op_temp(m));
    isel_packed_record(c, ins, w, r);
  }
}
