/* Instruction selection: two or three IR operations as one gfx9 VOP3
 * instruction (v_add3_u32, v_or3_b32, v_lshl_add_u32, v_lshl_or_b32,
 * v_add_lshl_u32, v_and_or_b32, v_xad_u32, v_bfi_b32, v_bfe_u32; GFX10+
 * v_xor3_b32, match_xor3), and
 * an i64 bitwise select as two v_bfi_b32.
 *
 * The majority (x & y) | ((x | y) & z), or ((x ^ y) & z) ^ (x & y), becomes
 * v_xor_b32 + v_bfi_b32; the choose (y & x) | (z & ~x) one v_bfi_b32.
 *
 * A pattern is an outer i32 operation U whose operand is an inner
 * operation I (for v_bfi_b32, two levels: xor(and(xor(p, q), m), q)) that
 * has U as its only use, sits in U's block and, like U, is divergent
 * (these are VALU-only instructions; folding uniform values would force
 * SGPR operands through the constant bus). The selector reaches I first:
 * isel_fuse_deferred(I) says "selected with its user", and I gets no
 * value of its own; at U, isel_fuse emits the combined instruction from
 * I's operands. Both answers come from the same structural match, so they
 * agree; an inner operation whose user is itself deferred is selected
 * normally (in add(add(add(a, b), c), d) the outermost add takes the
 * middle one: v_add_u32 + v_add3_u32; see isel_fuse_deferred). A
 * consumer that looks through U to I (a GEP's index_split) gets I selected
 * at its use (isel_values.c, select_on_demand).
 *
 * Semantics from the Vega ISA guide (VOP3 opcodes 0x1ca, 0x1f3, 0x1fd ..
 * 0x202, v_bfe_u32 0x1c8); the shift amount of v_lshl_* uses bits 4:0, as LLVM's shl i32
 * (a larger amount is poison).
 */
#include "isel/isel_internal.h"

typedef struct fuse_match {
  unsigned op;             /* ISA opcode (FUSE_MAJ: v_xor_b32 + v_bfi_b32) */
  LLVMValueRef src[3];     /* operands of the fused instruction */
  LLVMValueRef inner[2];   /* the folded IR instructions */
  unsigned ninner;
} fuse_match;

static bool is_int(LLVMValueRef v, unsigned bits) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == bits;
}

static bool is_i32(LLVMValueRef v) { return is_int(v, 32); }

/* i8 and i16 live in 32-bit registers with undefined upper bits; the
 * fused add/or/xor/and/shl forms compute their low bits from the
 * operands' low bits alone, so they fit too, except a shift amount, which
 * the hardware reads from bits 4:0: it must be a constant below the width
 * (the i1-to-integer packing of lower-bool-vectors: zext(b[k]) << k). */
static bool is_narrow(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && (LLVMGetIntTypeWidth(t) == 8 || LLVMGetIntTypeWidth(t) == 16);
}

static bool fusable_type(LLVMValueRef v) {
  if (is_i32(v)) return true;
  if (!is_narrow(v)) return false;
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMShl) {
    LLVMValueRef k = LLVMGetOperand(v, 1);
    return LLVMIsAConstantInt(k) && LLVMConstIntGetZExtValue(k) < LLVMGetIntTypeWidth(LLVMTypeOf(v));
  }
  return true;
}

static LLVMValueRef sole_user(LLVMValueRef v) {
  LLVMUseRef u = LLVMGetFirstUse(v);
  if (!u || LLVMGetNextUse(u)) return NULL;
  return LLVMGetUser(u);
}

/* Can `i` (an operand of user u) be folded: opcode `op`, same block, its
 * only use is u (once), both divergent i32 (or i64 in the v_bfi_b32
 * pattern, which match admits alone: its and/xor share u's type)? */
static bool foldable(isel_ctx *c, LLVMValueRef i, LLVMValueRef u, LLVMOpcode op) {
  if (!LLVMIsAInstruction(i) || LLVMGetInstructionOpcode(i) != op || !(fusable_type(i) || is_int(i, 64))) return false;
  if (LLVMGetInstructionParent(i) != LLVMGetInstructionParent(u) || sole_user(i) != u) return false;
  return divergence_is_divergent(c->di, i) && divergence_is_divergent(c->di, u);
}

static bool match_bfi(isel_ctx *c, LLVMValueRef u, fuse_match *m) {
  /* ((p ^ q) & m) ^ q == (m & p) | (~m & q): v_bfi_b32 m, p, q */
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef I = LLVMGetOperand(u, k), r = LLVMGetOperand(u, 1 - k);
    if (!foldable(c, I, u, LLVMAnd)) continue;
    for (unsigned j = 0; j < 2; j++) {
      LLVMValueRef J = LLVMGetOperand(I, j), mask = LLVMGetOperand(I, 1 - j);
      if (!foldable(c, J, I, LLVMXor)) continue;
      LLVMValueRef p = LLVMGetOperand(J, 0), q = LLVMGetOperand(J, 1);
      if (q != r) {
        LLVMValueRef t = p;
        p = q;
        q = t;
      }
      if (q != r) continue;
      *m = (fuse_match){ISA_V_BFI_B32, {mask, p, q}, {I, J}, 2};
      return true;
    }
  }
  return false;
}

enum { FUSE_MAJ = ~0u };

/* Is v an instruction `op` whose operands are {x, y} in either order? */
static bool same_pair(LLVMValueRef v, LLVMOpcode op, LLVMValueRef x, LLVMValueRef y) {
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != op) return false;
  LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
  return (a == x && b == y) || (a == y && b == x);
}

/* the majority (x & y) | ((x | y) & z) == bfi(x ^ y, z, y): where x and
 * y differ, z decides; where they agree, either (SHA-1, SHA-2). `pair` is
 * the inner operation: LLVMOr in that form, LLVMXor in the one instcombine
 * leaves under an xor, ((x ^ y) & z) ^ (x & y) (SHA-2's Maj, clang -O2 on
 * tests/kernels/app_sha256.cl); the inner one is selected on its own and
 * left unread. */
static bool match_maj(isel_ctx *c, LLVMValueRef u, fuse_match *m, LLVMOpcode pair) {
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef I1 = LLVMGetOperand(u, k), I2 = LLVMGetOperand(u, 1 - k);
    if (!foldable(c, I1, u, LLVMAnd) || !foldable(c, I2, u, LLVMAnd)) continue;
    LLVMValueRef x = LLVMGetOperand(I2, 0), y = LLVMGetOperand(I2, 1);
    for (unsigned j = 0; j < 2; j++) {
      if (!same_pair(LLVMGetOperand(I1, j), pair, x, y)) continue;
      *m = (fuse_match){FUSE_MAJ, {x, y, LLVMGetOperand(I1, 1 - j)}, {I1, I2}, 2};
      return true;
    }
  }
  return false;
}

/* Is v `x ^ -1` (a not) of some x, returned in *x? */
static bool is_not(LLVMValueRef v, LLVMValueRef *x) {
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMXor) return false;
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef c = LLVMGetOperand(v, 1 - k);
    if (LLVMIsAConstantInt(c) && LLVMConstIntGetZExtValue(c) == 0xffffffffu && is_i32(v)) {
      *x = LLVMGetOperand(v, k);
      return true;
    }
  }
  return false;
}

/* The choose function in instcombine's form (SHA-2's Ch):
 * (y & x) | (z & ~x) == v_bfi_b32 x, y, z (the not is left unread) */
static bool match_choose(isel_ctx *c, LLVMValueRef u, fuse_match *m) {
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef A1 = LLVMGetOperand(u, k), A2 = LLVMGetOperand(u, 1 - k);
    if (!foldable(c, A1, u, LLVMAnd) || !foldable(c, A2, u, LLVMAnd)) continue;
    for (unsigned j = 0; j < 2; j++) {
      LLVMValueRef x, z = LLVMGetOperand(A1, 1 - j);
      if (!is_not(LLVMGetOperand(A1, j), &x)) continue;
      LLVMValueRef a = LLVMGetOperand(A2, 0), b = LLVMGetOperand(A2, 1);
      if (a != x && b != x) continue;
      *m = (fuse_match){ISA_V_BFI_B32, {x, a == x ? b : a, z}, {A1, A2}, 2};
      return true;
    }
  }
  return false;
}

static bool const_u32(LLVMValueRef v, uint32_t *out) {
  if (!LLVMIsAConstantInt(v)) return false;
  *out = (uint32_t)LLVMConstIntGetZExtValue(v);
  return true;
}

static bool match_bfe(isel_ctx *c, LLVMValueRef u, fuse_match *m) {
  /* (x >> k) & (2^n - 1): v_bfe_u32 x, k, n (for ashr only when the field
   * stays below bit 32, so no copies of the sign bit are extracted) */
  for (unsigned j = 0; j < 2; j++) {
    LLVMValueRef I = LLVMGetOperand(u, j);
    uint32_t mask, k;
    if (!const_u32(LLVMGetOperand(u, 1 - j), &mask) || mask == 0 || (mask & (mask + 1)) != 0 || mask == 0xffffffffu)
      continue;
    unsigned n = 0;
    while (mask >> n) n++;
    bool lshr = foldable(c, I, u, LLVMLShr);
    if (!lshr && !foldable(c, I, u, LLVMAShr)) continue;
    if (!const_u32(LLVMGetOperand(I, 1), &k) || k == 0 || k > 31) continue;
    if (k + n > 32) {
      if (!lshr) continue;
      n = 32 - k;
    }
    LLVMTypeRef t = LLVMTypeOf(u);
    *m = (fuse_match){ISA_V_BFE_U32, {LLVMGetOperand(I, 0), LLVMConstInt(t, k, 0), LLVMConstInt(t, n, 0)}, {I, NULL}, 1};
    return true;
  }
  return false;
}

/* xor(xor(p, q), r) as v_xor3_b32 p, q, r where the target has it (GFX10+).
 * The inner xor may be uniform when the target's constant bus takes two
 * scalar values: p and q are then SGPRs, and one VOP3 replaces s_xor_b32 +
 * v_xor_b32 (llc-19 -mcpu=gfx1100 on tests/kernels/f_spill_sgpr.cl: 118
 * v_xor3_b32 for (h ^ u[k]) * P with u[k] a uniform s * c ^ (s >> j),
 * where wavecc's 120 s_xor_b32 + 120 v_xor_b32 and their s_delay_alu
 * made 1.40x llc-19's executed wave-instructions). */
static bool match_xor3(isel_ctx *c, LLVMValueRef u, fuse_match *m) {
  const wavecc_target *t = c->p->target;
  if (!fusable_type(u) || !isa_encoding(t->encoding, ISA_V_XOR3_B32) || !divergence_is_divergent(c->di, u)) return false;
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef I = LLVMGetOperand(u, k);
    if (!LLVMIsAInstruction(I) || LLVMGetInstructionOpcode(I) != LLVMXor || !fusable_type(I)) continue;
    if (LLVMGetInstructionParent(I) != LLVMGetInstructionParent(u) || sole_user(I) != u) continue;
    if (!divergence_is_divergent(c->di, I) && wavecc_const_bus_limit(t, ISA_V_XOR3_B32) < 2) continue;
    *m = (fuse_match){ISA_V_XOR3_B32, {LLVMGetOperand(I, 0), LLVMGetOperand(I, 1), LLVMGetOperand(u, 1 - k)}, {I, NULL}, 1};
    return true;
  }
  return false;
}

/* The pattern rooted at u, if any (deterministic: the first that fits).
 * Bitwise select also on i64 (two v_bfi_b32, one per half; OpenCL's
 * bitselect on long). */
static bool match(isel_ctx *c, LLVMValueRef u, fuse_match *m) {
  if (!LLVMIsAInstruction(u) || LLVMGetNumOperands(u) != 2) return false;
  if (LLVMGetInstructionOpcode(u) == LLVMXor && is_int(u, 64)) return match_bfi(c, u, m);
  if (!fusable_type(u)) return false;
  static const struct { LLVMOpcode outer, inner; unsigned op; bool inner_first_only; } pat[] = {
      {LLVMAdd, LLVMAdd, ISA_V_ADD3_U32, false},     {LLVMAdd, LLVMShl, ISA_V_LSHL_ADD_U32, false},
      {LLVMAdd, LLVMXor, ISA_V_XAD_U32, false},      {LLVMOr, LLVMOr, ISA_V_OR3_B32, false},
      {LLVMOr, LLVMShl, ISA_V_LSHL_OR_B32, false},   {LLVMOr, LLVMAnd, ISA_V_AND_OR_B32, false},
      {LLVMShl, LLVMAdd, ISA_V_ADD_LSHL_U32, true},
  };
  LLVMOpcode op = LLVMGetInstructionOpcode(u);
  if (op == LLVMXor) return match_bfi(c, u, m) || (is_i32(u) && match_maj(c, u, m, LLVMXor)) || match_xor3(c, u, m);
  if (op == LLVMAnd) return is_i32(u) && match_bfe(c, u, m); /* a narrow lshr reads undefined bits */
  if (op == LLVMOr && match_maj(c, u, m, LLVMOr)) return true;
  if (op == LLVMOr && is_i32(u) && match_choose(c, u, m)) return true;
  for (unsigned p = 0; p < sizeof pat / sizeof pat[0]; p++) {
    if (pat[p].outer != op) continue;
    if (pat[p].op == ISA_V_ADD3_U32 && isel_narrow_mad(c, u)) continue; /* a multiply-add instead */
    for (unsigned k = 0; k < (pat[p].inner_first_only ? 1u : 2u); k++) {
      LLVMValueRef I = LLVMGetOperand(u, k);
      if (!foldable(c, I, u, pat[p].inner)) continue;
      *m = (fuse_match){pat[p].op, {LLVMGetOperand(I, 0), LLVMGetOperand(I, 1), LLVMGetOperand(u, 1 - k)}, {I, NULL}, 1};
      return true;
    }
  }
  return false;
}

/* The instruction whose pattern folds v, or NULL. */
static LLVMValueRef folder(isel_ctx *c, LLVMValueRef v) {
  LLVMValueRef u = sole_user(v);
  for (int lvl = 0; lvl < 2 && u; lvl++, u = sole_user(u)) {
    fuse_match m;
    if (!match(c, u, &m)) continue;
    for (unsigned i = 0; i < m.ninner; i++)
      if (m.inner[i] == v) return u;
  }
  return NULL;
}

/* v0 -> v1 = folder(v0) -> ... -> vk (folded by nothing): vk is selected,
 * v(k-1) folds into it, v(k-2) is selected (it is an operand of a
 * folded instruction), and so on: v0 is deferred when k is odd. The chain
 * ascends within one block, so it ends. */
bool isel_fuse_deferred(isel_ctx *c, LLVMValueRef ins) {
  unsigned k = 0;
  for (LLVMValueRef v = folder(c, ins); v; v = folder(c, v)) k++;
  return k & 1;
}

/* v_add3_u32 / v_or3_b32 with two uniform operands (SGPRs or constants,
 * not two constants): the VOP3 form reads one SGPR at most (gfx9's
 * constant bus), so the second would need a v_mov_b32. The two combine
 * on the SALU instead, then one v_add_u32 / v_or_b32: as many
 * instructions, one VALU fewer (as llc-19 reassociates
 * get_global_id's group * size + offset). Two SGPRs where the target's
 * constant bus takes both (GFX10+) stay in the VOP3 form, one
 * instruction (llc-19's v_add3_u32 v, s0, s1, v0 of get_global_id on
 * gfx1030 and gfx1100): false, nothing emitted. */
static bool scalar_pair(isel_ctx *c, unsigned op, const mir_operand s[3], LLVMValueRef ins) {
  int a = -1, b = -1;
  for (int i = 0; i < 3; i++) {
    if (isel_opnd_is_vgpr(&s[i]) || s[i].kind == MIR_OPND_UNDEF) continue;
    if (a < 0) a = i;
    else if (b < 0) b = i;
  }
  if (b < 0 || (s[a].kind == MIR_OPND_CONST && s[b].kind == MIR_OPND_CONST)) return false;
  /* (an SGPR and a constant still add on the SALU: that sum is often
   * another value's too, a loop counter's i + 1, which cse shares) */
  if (s[a].kind != MIR_OPND_CONST && s[b].kind != MIR_OPND_CONST && mir_valu_bus_ok(c->p->target, op, true, s, 3))
    return false;
  int v = 3 - a - b;
  bool add = op == ISA_V_ADD3_U32;
  mir_temp u = isel_s(c, add ? ISA_S_ADD_U32 : ISA_S_OR_B32, 1, s[a], s[b]);
  isel_set(c, ins, 0, isel_v1(c, add ? ISA_V_ADD_U32 : ISA_V_OR_B32, mir_op_temp(u), s[v]));
  return true;
}

bool isel_fuse(isel_ctx *c, LLVMValueRef ins) {
  fuse_match m;
  if (!match(c, ins, &m)) return false;
  if (is_int(ins, 64)) {
    mir_operand h[2];
    for (unsigned hi = 0; hi < 2; hi++)
      h[hi] = mir_op_temp(isel_v1_3(c, ISA_V_BFI_B32, isel_get_half(c, m.src[0], 0, hi),
                                    isel_get_half(c, m.src[1], 0, hi), isel_get_half(c, m.src[2], 0, hi)));
    isel_set(c, ins, 0, isel_create2(c, h[0], h[1], true));
    return true;
  }
  mir_operand s[3];
  for (unsigned i = 0; i < 3; i++) s[i] = isel_get(c, m.src[i], 0);
  if (m.op == FUSE_MAJ) {
    /* (the x | y inside is selected on its own and, unread, left to dce) */
    mir_temp t = isel_v1c(c, ISA_V_XOR_B32, s[0], s[1]);
    isel_set(c, ins, 0, isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(t), s[2], s[1]));
    return true;
  }
  if ((m.op == ISA_V_ADD3_U32 || m.op == ISA_V_OR3_B32) && scalar_pair(c, m.op, s, ins)) return true;
  isel_set(c, ins, 0, isel_v1_3(c, m.op, s[0], s[1], s[2]));
  return true;
}
