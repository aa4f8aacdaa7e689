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
 * when the family has none. ins: the call (sudot's sign operands), or
 * NULL for an s/u kind. */
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
    *neg = (k == D_SUDOT4 || k == D_SUDOT8) && ins ? (flag_arg(ins, 0) ? 1u : 0u) | (flag_arg(ins, 2) ? 2u : 0u) : 3u;
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
  if (k != D_FDOT2 && !divergence_is_divergent(c->di, ins)) d = isel_uniform_to_sgpr(c, mir_op_temp(d), 1);
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

/* ---- dot products written as multiplies and adds ----
 *
 * An add tree (i32 adds, each used once by the next, in one block) whose
 * leaves are an optional accumulator and one product per element of two
 * words A and B: ext(field k of A) * ext(field k of B) for k = 0 ..
 * 32/w - 1, w = 16, 8 or 4, the same extension (sext or zext) in all,
 * the field of A the same word's in every product. A field is element k
 * of a <2 x i16> / <4 x i8> bitcast of the word (extractelement), or the
 * shift-and-mask forms (x >> wk) & (2^w - 1), ashr (shl x, 32 - w - wk),
 * 32 - w, and x >> (32 - w) / ashr x, 32 - w for the top one. The
 * products are exact in 32 bits (at most 2^30 in magnitude signed, below
 * 2^32 unsigned) and the adds wrap, so the tree is the dot instruction
 * without clamp: D = acc + sum of the products mod 2^32 (exec_dot.c).
 * llc-19 selects the same (its idot tests; f_dot_int.ll) on the GPUs that
 * have the instruction. The tree's inner instructions are selected where
 * they stand anyway, and dce removes them when only the tree read them. */

/* Field k (w bits) of a word: the i32 `word` (dw 0), or dword dw of the
 * vector `word` of w-bit elements (element dw * 32/w + k). */
typedef struct dot_field { LLVMValueRef word; unsigned dw, w, k; bool sgn; } dot_field;

static bool const_of(LLVMValueRef v, uint64_t *k) {
  if (!LLVMIsAConstantInt(v)) return false;
  *k = LLVMConstIntGetZExtValue(v);
  return true;
}

static bool is_opc(LLVMValueRef v, LLVMOpcode op) { return LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == op; }

static bool is_i32_val(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32;
}

/* Is the i32 value v a field of a word (dot_field)? */
static bool field_of(LLVMValueRef v, dot_field *f) {
  uint64_t a, b;
  if (is_opc(v, LLVMZExt) || is_opc(v, LLVMSExt)) {
    LLVMValueRef e = LLVMGetOperand(v, 0), bc;
    if (!LLVMIsAExtractElementInst(e) || !const_of(LLVMGetOperand(e, 1), &a)) return false;
    bc = LLVMGetOperand(e, 0);
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(e)), per = 32 / w;
    if (w != 8 && w != 16) return false;
    if (is_opc(bc, LLVMBitCast) && is_i32_val(LLVMGetOperand(bc, 0))) {
      if (a >= per) return false;
      *f = (dot_field){LLVMGetOperand(bc, 0), 0, w, (unsigned)a, is_opc(v, LLVMSExt)};
    } else {
      /* a vector held one element per register (a loaded <8 x i8>, or a
       * shufflevector of one): its dword is checked at selection (vec_dword) */
      *f = (dot_field){bc, (unsigned)(a / per), w, (unsigned)(a % per), is_opc(v, LLVMSExt)};
    }
    return true;
  }
  if (!is_i32_val(v)) return false;
  if (is_opc(v, LLVMAnd) && const_of(LLVMGetOperand(v, 1), &b) && (b == 0xf || b == 0xff || b == 0xffff)) {
    unsigned w = b == 0xf ? 4 : b == 0xff ? 8 : 16;
    LLVMValueRef x = LLVMGetOperand(v, 0);
    a = 0;
    if (is_opc(x, LLVMLShr) && const_of(LLVMGetOperand(x, 1), &a)) x = LLVMGetOperand(x, 0);
    if (a % w || a + w > 32) return false;
    *f = (dot_field){x, 0, w, (unsigned)(a / w), false};
    return true;
  }
  bool lshr = is_opc(v, LLVMLShr);
  if ((!lshr && !is_opc(v, LLVMAShr)) || !const_of(LLVMGetOperand(v, 1), &b) || (b != 28 && b != 24 && b != 16))
    return false;
  unsigned w = 32 - (unsigned)b;
  LLVMValueRef x = LLVMGetOperand(v, 0);
  a = 0; /* the left shift: 32 - w - w k */
  if (!lshr && is_opc(x, LLVMShl) && const_of(LLVMGetOperand(x, 1), &a)) x = LLVMGetOperand(x, 0);
  if (a % w || a > 32 - w) return false;
  *f = (dot_field){x, 0, w, (32 - w - (unsigned)a) / w, !lshr};
  return true;
}

typedef struct dot_tree {
  LLVMValueRef leaf[16];
  unsigned n;
} dot_tree;

/* The leaves of the add tree under v (v itself when not such an add). */
static bool tree_leaves(isel_ctx *c, LLVMValueRef v, LLVMValueRef root, dot_tree *t) {
  bool inner = v != root && is_opc(v, LLVMAdd) && LLVMGetInstructionParent(v) == LLVMGetInstructionParent(root) &&
               LLVMGetFirstUse(v) && !LLVMGetNextUse(LLVMGetFirstUse(v)) && divergence_is_divergent(c->di, v);
  if (v == root || inner)
    return tree_leaves(c, LLVMGetOperand(v, 0), root, t) && tree_leaves(c, LLVMGetOperand(v, 1), root, t);
  if (t->n == 16) return false;
  t->leaf[t->n++] = v;
  return true;
}

/* The word of field f as an operand: the i32 itself, or the register of
 * a vector's dword when its elements are that register and right shifts
 * of it by w, 2w, ... (how a loaded vector's elements are kept: element
 * 0 of a dword is the dword, upper bits undefined); false otherwise. */
static bool word_operand(isel_ctx *c, const dot_field *f, mir_operand *o) {
  if (is_i32_val(f->word)) {
    *o = isel_get(c, f->word, 0);
    return true;
  }
  unsigned per = 32 / f->w;
  mir_operand x0 = isel_get(c, f->word, f->dw * per);
  if (x0.kind != MIR_OPND_TEMP || !isel_opnd_is_vgpr(&x0) || mir_rc_size((mir_rc)x0.temp.rc) != 1) return false;
  for (unsigned k = 1; k < per; k++) {
    mir_operand xk = isel_get(c, f->word, f->dw * per + k), src;
    unsigned sh;
    if (!isel_shifted_from(c, xk, &src, &sh) || sh != k * f->w || src.temp.id != x0.temp.id) return false;
  }
  *o = x0;
  return true;
}

bool isel_dot_chain(isel_ctx *c, LLVMValueRef ins) {
  if (!is_opc(ins, LLVMAdd) || !is_i32_val(ins) || !divergence_is_divergent(c->di, ins)) return false;
  dot_tree t = {.n = 0};
  if (!tree_leaves(c, ins, ins, &t) || t.n < 2) return false;
  LLVMValueRef acc = NULL;
  dot_field fa = {0}, fb = {0};
  unsigned w = 0, seen = 0;
  bool sgn = false;
  for (unsigned i = 0; i < t.n; i++) {
    LLVMValueRef m = t.leaf[i];
    dot_field f[2];
    if (!is_opc(m, LLVMMul) || !field_of(LLVMGetOperand(m, 0), &f[0]) || !field_of(LLVMGetOperand(m, 1), &f[1])) {
      if (acc) return false;
      acc = m;
      continue;
    }
    if (!fa.word) {
      fa = f[0], fb = f[1], w = f[0].w, sgn = f[0].sgn;
    }
    if (f[0].word != fa.word || f[0].dw != fa.dw) { /* the other order */
      dot_field x = f[0];
      f[0] = f[1], f[1] = x;
    }
    for (unsigned j = 0; j < 2; j++) {
      const dot_field *g = j ? &fb : &fa;
      if (f[j].word != g->word || f[j].dw != g->dw || f[j].w != w || f[j].sgn != sgn || f[j].k != f[0].k) return false;
    }
    if (seen >> f[0].k & 1) return false;
    seen |= 1u << f[0].k;
  }
  if (!fa.word || seen != (1u << (32 / w)) - 1) return false;
  static const dot_intr kinds[3][2] = {{D_UDOT8, D_SDOT8}, {D_UDOT4, D_SDOT4}, {D_UDOT2, D_SDOT2}};
  unsigned neg;
  isa_op op = dot_op(c->p->target->encoding, kinds[w == 4 ? 0 : w == 8 ? 1 : 2][sgn], NULL, &neg);
  if (op == ISA_NUM_OPS) return false;
  mir_operand s[3];
  if (!word_operand(c, &fa, &s[0]) || !word_operand(c, &fb, &s[1])) return false;
  s[2] = acc ? isel_get(c, acc, 0) : mir_op_const(0);
  for (unsigned i = 0; i < 2; i++)
    if (neg >> i & 1) s[i].flags |= MIR_OPND_NEG;
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  isel_vop3p(c, op, s, 3, d);
  isel_set(c, ins, 0, d);
  return true;
}

int isel_dot_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  dot_intr k = (dot_intr)isel_intrinsic_key(d_names, D_NUM, id);
  if (k == D_NONE) return -1;
  return k == D_CSUB ? select_csub(c, ins) : select_dot(c, ins, k);
}
