/* Instruction selection: integer and f32 compares (icmp, fcmp) to a lane
 * mask (VALU v_cmp_*) or SCC (SALU s_cmp_*), element by element; 64-bit
 * compares of a value whose low or high half decides alone take one
 * 32-bit compare, divergent i16 compares one v_cmp_*_i16/u16.
 *
 * Split from isel_alu.c, which dispatches LLVMICmp/LLVMFCmp here.
 */
#include "isel/isel_internal.h"

static bool is_div(isel_ctx *c, LLVMValueRef v) { return divergence_is_divergent(c->di, v); }

static bool icmp_ops(LLVMIntPredicate pr, unsigned *sop, unsigned *vop32, unsigned *vop64, bool *sign) {
  *sign = pr == LLVMIntSGT || pr == LLVMIntSGE || pr == LLVMIntSLT || pr == LLVMIntSLE;
  switch (pr) {
  case LLVMIntEQ: *sop = ISA_S_CMP_EQ_U32; *vop32 = ISA_V_CMP_EQ_U32; *vop64 = ISA_V_CMP_EQ_U64; return true;
  case LLVMIntNE: *sop = ISA_S_CMP_LG_U32; *vop32 = ISA_V_CMP_NE_U32; *vop64 = ISA_V_CMP_NE_U64; return true;
  case LLVMIntUGT: *sop = ISA_S_CMP_GT_U32; *vop32 = ISA_V_CMP_GT_U32; *vop64 = ISA_V_CMP_GT_U64; return true;
  case LLVMIntUGE: *sop = ISA_S_CMP_GE_U32; *vop32 = ISA_V_CMP_GE_U32; *vop64 = ISA_V_CMP_GE_U64; return true;
  case LLVMIntULT: *sop = ISA_S_CMP_LT_U32; *vop32 = ISA_V_CMP_LT_U32; *vop64 = ISA_V_CMP_LT_U64; return true;
  case LLVMIntULE: *sop = ISA_S_CMP_LE_U32; *vop32 = ISA_V_CMP_LE_U32; *vop64 = ISA_V_CMP_LE_U64; return true;
  case LLVMIntSGT: *sop = ISA_S_CMP_GT_I32; *vop32 = ISA_V_CMP_GT_I32; *vop64 = ISA_V_CMP_GT_I64; return true;
  case LLVMIntSGE: *sop = ISA_S_CMP_GE_I32; *vop32 = ISA_V_CMP_GE_I32; *vop64 = ISA_V_CMP_GE_I64; return true;
  case LLVMIntSLT: *sop = ISA_S_CMP_LT_I32; *vop32 = ISA_V_CMP_LT_I32; *vop64 = ISA_V_CMP_LT_I64; return true;
  case LLVMIntSLE: *sop = ISA_S_CMP_LE_I32; *vop32 = ISA_V_CMP_LE_I32; *vop64 = ISA_V_CMP_LE_I64; return true;
  default: return false;
  }
}

/* An i64 compare of two values below 2^32 (known by isel_value_below:
 * collatz's `(v & 1) == 0`) compares their low dwords, unsigned: one
 * v_cmp_*_u32 (or s_cmp_*_u32), not a register pair built for the zero
 * upper half and a v_cmp_*_u64 (llc-19's known bits do the same). Signed
 * predicates become unsigned: both values are non-negative. */
static bool only_for(LLVMValueRef v, LLVMValueRef user) {
  if (LLVMIsAConstantInt(v)) return true;
  LLVMUseRef u = LLVMGetFirstUse(v);
  return u && !LLVMGetNextUse(u) && LLVMGetUser(u) == user;
}

/* ins as one 32-bit compare of a and b (predicate pr; an equality or
 * unsigned one): s_cmp when both are scalar and ins is uniform, else
 * v_cmp. */
static void cmp32(isel_ctx *c, LLVMValueRef ins, LLVMIntPredicate pr, mir_operand a, mir_operand b) {
  unsigned sop = 0, vop32 = 0, vop64;
  bool sign;
  icmp_ops(pr, &sop, &vop32, &vop64, &sign);
  mir_operand ops[2] = {a, b};
  if (!is_div(c, ins) && isel_all_salu(c, ops, 2))
    isel_set(c, ins, 0, isel_scc_to_bool(c, isel_scmp(c, sop, a, b)));
  else
    isel_set(c, ins, 0, isel_vcmp(c, vop32, a, b));
}

static bool sel_icmp64_low(isel_ctx *c, LLVMValueRef ins, LLVMIntPredicate pr, LLVMValueRef A, LLVMValueRef B) {
  /* only where the compare is the operands' sole reader: a pair that other
   * readers keep anyway costs the compare nothing, and reading its low
   * half apart gave the allocator a copy in aes.cl's loop (+1 VALU per
   * iteration) */
  if (!only_for(A, ins) || !only_for(B, ins)) return false;
  if (!isel_value_below(A, 1ull << 32) || !isel_value_below(B, 1ull << 32)) return false;
  switch (pr) {
  case LLVMIntSGT: pr = LLVMIntUGT; break;
  case LLVMIntSGE: pr = LLVMIntUGE; break;
  case LLVMIntSLT: pr = LLVMIntULT; break;
  case LLVMIntSLE: pr = LLVMIntULE; break;
  default: break;
  }
  unsigned sop, vop32, vop64;
  bool sign;
  if (!icmp_ops(pr, &sop, &vop32, &vop64, &sign)) return false;
  cmp32(c, ins, pr, isel_get_half(c, A, 0, false), isel_get_half(c, B, 0, false));
  return true;
}

/* (X & 0xffffffff00000000) == K or != K, for a K whose low dword is 0
 * (instcombine's form of `X >> 32 == K >> 32`; a 32-bit constant
 * address's high-dword test): one 32-bit compare of X's high dword with
 * K's, not the masked pair and a 64-bit compare of two constant pairs. */
static bool sel_icmp64_high(isel_ctx *c, LLVMValueRef ins, LLVMIntPredicate pr, LLVMValueRef A, LLVMValueRef B) {
  if (pr != LLVMIntEQ && pr != LLVMIntNE) return false;
  if (LLVMIsAConstantInt(A)) {
    LLVMValueRef t = A;
    A = B, B = t;
  }
  if (!LLVMIsAConstantInt(B) || (uint32_t)LLVMConstIntGetZExtValue(B) || !LLVMIsAInstruction(A) ||
      LLVMGetInstructionOpcode(A) != LLVMAnd || !only_for(A, ins))
    return false;
  LLVMValueRef M = LLVMGetOperand(A, 1);
  if (!LLVMIsAConstantInt(M) || LLVMConstIntGetZExtValue(M) != 0xffffffff00000000ull) return false;
  cmp32(c, ins, pr, isel_get_half(c, LLVMGetOperand(A, 0), 0, true),
        mir_op_const((uint32_t)(LLVMConstIntGetZExtValue(B) >> 32)));
  return true;
}

/* An operand a 16-bit VALU compare reads as it reads it in 32 bits: a
 * register (the compare reads its low half, whatever the high half
 * holds), or an integer inline constant (-16..64 mean the same 16-bit
 * value). A literal is left to the 32-bit path: its encoding for 16-bit
 * sources differs by family. */
static bool cmp16_operand(const mir_operand *o) {
  if (o->kind == MIR_OPND_TEMP) return mir_rc_size((mir_rc)o->temp.rc) == 1;
  return o->kind == MIR_OPND_CONST && o->size <= 1 && (int32_t)o->imm >= -16 && (int32_t)o->imm <= 64;
}

/* A divergent i16 compare as one v_cmp_*_i16/u16 (VOP3: the GFX11 32-bit
 * form's 16-bit VGPR fields select register halves), which reads only the
 * low 16 bits of each source: no v_bfe_i32 / v_and_b32 per operand to
 * extend them first (llc-19 selects the same). bench/real
 * oddeven_short.cl's `a > b` of two shorts of one LDS dword: 5 VALU
 * instructions per compare-exchange, 3 now (gfx1100). Returns the
 * compare's opcode, or 0 where the target lacks it or an operand does not
 * suit (cmp16_operand). */
static unsigned cmp16_op(const isel_ctx *c, unsigned vop32, bool sign, const mir_operand *a, const mir_operand *b) {
  if (!cmp16_operand(a) || !cmp16_operand(b)) return 0;
  const isa_sem *s = isa_sem_of(vop32);
  isa_op op = isa_cmp_find((isa_cmp)s->cmp, sign ? ISA_T_I16 : ISA_T_U16);
  if (op == ISA_NUM_OPS || !isa_encoding(c->p->target->encoding, op)) return 0;
  return op;
}

bool isel_icmp(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  LLVMIntPredicate pr = LLVMGetICmpPredicate(ins);
  unsigned bits = isel_type_bits(LLVMTypeOf(A)), nc = isel_num_comps(LLVMTypeOf(A));
  unsigned sop, vop32, vop64;
  bool sign;
  if (!icmp_ops(pr, &sop, &vop32, &vop64, &sign) || bits > 64) return false;
  for (unsigned e = 0; e < nc; e++) {
    if (bits == 1) {
      /* i1 compares: eq = xnor, ne = xor on masks */
      if (pr != LLVMIntEQ && pr != LLVMIntNE) return false;
      mir_temp ma = isel_mask_of(c, A, e), mb = isel_mask_of(c, B, e);
      mir_temp x = isel_lane_s(c, pr == LLVMIntEQ ? WAVECC_LANE_XNOR : WAVECC_LANE_XOR, mir_op_temp(ma), mir_op_temp(mb));
      isel_set(c, ins, e, x);
      continue;
    }
    if (bits == 64 && nc == 1 && (sel_icmp64_low(c, ins, pr, A, B) || sel_icmp64_high(c, ins, pr, A, B))) return true;
    mir_operand a = isel_get(c, A, e), b = isel_get(c, B, e);
    mir_operand ops[2] = {a, b};
    bool salu = !is_div(c, ins) && isel_all_salu(c, ops, 2);
    if (bits > 32) {
      if (bits < 64) {
        a = isel_ext64(c, a, bits, sign, salu);
        b = isel_ext64(c, b, bits, sign, salu);
      }
      if (salu && (pr == LLVMIntEQ || pr == LLVMIntNE)) {
        mir_operand x = a, y = b;
        if (x.kind == MIR_OPND_CONST && x.size != 2) x = mir_op_temp(isel_to_sgpr(c, x, 2));
        if (y.kind == MIR_OPND_CONST && y.size != 2) y = mir_op_temp(isel_to_sgpr(c, y, 2));
        mir_temp scc = isel_scmp(c, pr == LLVMIntEQ ? ISA_S_CMP_EQ_U64 : ISA_S_CMP_LG_U64, x, y);
        isel_set(c, ins, e, isel_scc_to_bool(c, scc));
        continue;
      }
      if (a.kind == MIR_OPND_CONST && a.size != 2) a = mir_op_temp(isel_to_vgpr(c, a, 2));
      if (b.kind == MIR_OPND_CONST && b.size != 2) b = mir_op_temp(isel_to_vgpr(c, b, 2));
      isel_set(c, ins, e, isel_vcmp(c, vop64, a, b));
      continue;
    }
    unsigned op16 = bits == 16 && !salu ? cmp16_op(c, vop32, sign, &a, &b) : 0;
    if (op16) {
      mir_temp d = isel_vcmp(c, op16, a, b);
      isel_set(c, ins, e, d);
      continue;
    }
    if (bits < 32) {
      a = isel_extend32(c, a, bits, sign, salu);
      b = isel_extend32(c, b, bits, sign, salu);
    }
    if (salu) {
      mir_temp scc = isel_scmp(c, sop, a, b);
      isel_set(c, ins, e, isel_scc_to_bool(c, scc));
    } else {
      isel_set(c, ins, e, isel_vcmp(c, vop32, a, b));
    }
  }
  return true;
}

bool isel_fcmp(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  if (isel_type_bits(LLVMTypeOf(A)) != 32) return false;
  unsigned op;
  switch (LLVMGetFCmpPredicate(ins)) {
  case LLVMRealOEQ: op = ISA_V_CMP_EQ_F32; break;
  case LLVMRealOGT: op = ISA_V_CMP_GT_F32; break;
  case LLVMRealOGE: op = ISA_V_CMP_GE_F32; break;
  case LLVMRealOLT: op = ISA_V_CMP_LT_F32; break;
  case LLVMRealOLE: op = ISA_V_CMP_LE_F32; break;
  case LLVMRealONE: op = ISA_V_CMP_LG_F32; break;
  case LLVMRealORD: op = ISA_V_CMP_O_F32; break;
  case LLVMRealUNO: op = ISA_V_CMP_U_F32; break;
  case LLVMRealUEQ: op = ISA_V_CMP_NLG_F32; break;
  case LLVMRealUGT: op = ISA_V_CMP_NLE_F32; break;
  case LLVMRealUGE: op = ISA_V_CMP_NLT_F32; break;
  case LLVMRealULT: op = ISA_V_CMP_NGE_F32; break;
  case LLVMRealULE: op = ISA_V_CMP_NGT_F32; break;
  case LLVMRealUNE: op = ISA_V_CMP_NEQ_F32; break;
  case LLVMRealPredicateTrue: op = 0; break;
  default: op = 1; break; /* false */
  }
  unsigned nc = isel_num_comps(LLVMTypeOf(A));
  for (unsigned e = 0; e < nc; e++) {
    if (op <= 1) {
      /* a lane mask of the wave's width, marked as one: readers that take
       * an unmarked SGPR for a uniform 0/1 value shifted a wave32 all-ones
       * s_mov_b64 as a bit (stress seed 60469 at gfx1030 -O0: verifier
       * "operand has 2 dwords"; fcmp true inserted into <8 x i1> set the
       * elements above the index too) */
      isel_set(c, ins, e, isel_lane_const(c, op == 0));
      continue;
    }
    isel_set(c, ins, e, isel_vcmp(c, op, isel_get(c, A, e), isel_get(c, B, e)));
  }
  return true;
}
