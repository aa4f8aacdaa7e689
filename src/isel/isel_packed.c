/* Instruction selection: packed 16-bit vector arithmetic (VOP3P).
 *
 * A <N x i16> value is selected as N 32-bit components, one element each,
 * upper bits undefined (isel_alu.c). gfx9 also computes on two 16-bit
 * elements in one dword (v_pk_add_u16, v_pk_max_i16, ... : Vega ISA guide,
 * "VOP3P instructions"), which is how such vectors sit in memory. So
 * alongside the components this file keeps a shadow of a value's packed
 * form: dword w holds elements 2w (low half) and 2w+1 (high half).
 *
 *  - Loads record the loaded dwords (isel_unpack_dwords), stores read the
 *    shadow instead of packing the components again (isel_pack_dwords).
 *  - A divergent element-wise operation whose operands have (or cheaply
 *    get) packed forms is one VOP3P instruction per dword instead of one
 *    or more VALU instructions per element plus sign/zero extensions:
 *    add/sub/mul/shl/lshr/ashr, and/or/xor (plain 32-bit logic on the
 *    dwords), smin/smax/umin/umax and the four saturating add/sub (clamp
 *    bit; the IR pass scalarize-vector-intrinsics keeps these <N x i16>
 *    calls whole for this reason); fadd and fmul of <N x half> as
 *    v_pk_add_f16 / v_pk_mul_f16, as llc-19 selects them (a compare-and-
 *    swap loop's <2 x half> add was 2 v_add_f16 + v_perm + v_lshrrev).
 *  - Its result gets both forms: the packed dword, and components taken
 *    from it (the low element is the dword itself, the high one a
 *    v_lshrrev_b32 by 16 that dce deletes when nobody reads it).
 *
 * Operands of a VOP3P instruction are VGPRs or at most one SGPR (the
 * constant bus), never literals; wavecc uses op_sel 0 and op_sel_hi all
 * ones (each half of the result from the same half of every source), no
 * inline constants (their high-half meaning differs between generations).
 * A pair without a shadow is packed with v_perm_b32 (VGPRs, selector
 * 0x01000504 in an SGPR: low bytes of S0, then low bytes of S1) or
 * s_pack_ll_b32_b16 (uniform); constant pairs are one s_mov_b32. Packing
 * is chosen only when it is not longer than the per-element sequence
 * (see cost()).
 */
#include <string.h>

#include "isel/isel_internal.h"

static bool is_i16_vector(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) >= 2 && LLVMGetVectorSize(t) <= 16 &&
         LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMGetElementType(t)) == 16;
}

static bool is_f16_vector(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) >= 2 && LLVMGetVectorSize(t) <= 16 &&
         LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMHalfTypeKind;
}

mir_temp isel_packed_word(isel_ctx *c, LLVMValueRef v, unsigned w) {
  mir_temp none = {0};
  if (!c->pk_map.cap) return none;
  uint32_t i = ptrmap_get(&c->pk_map, v);
  if (i == UINT32_MAX || w >= c->pk[i].n) return none;
  return c->pk[i].t[w];
}

void isel_packed_record(isel_ctx *c, LLVMValueRef v, unsigned w, mir_temp t) {
  /* SGPR dwords too: a uniform i32 bitcast to <2 x i16> that inline
   * assembly reads packed was split and packed again (s_lshr_b32 +
   * s_pack_ll_b32_b16: f_inline_asm_packed.ll); pk_emit and the stores
   * take an SGPR operand. Byte vectors' shadows (isel_packed8.c) stay VGPRs. */
  if (w >= ISEL_MAX_COMPS || mir_rc_size(t.rc) != 1) return;
  LLVMTypeRef vt = LLVMTypeOf(v);
  if (!mir_rc_is_vgpr(t.rc) && LLVMGetTypeKind(vt) == LLVMVectorTypeKind &&
      LLVMGetTypeKind(LLVMGetElementType(vt)) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMGetElementType(vt)) == 8)
    return;
  if (!c->pk_map.cap) ptrmap_init(&c->pk_map, c->mem, 64);
  isel_val *s = isel_val_slot(c->mem, &c->pk_map, &c->pk, &c->npk, &c->cappk, v);
  s->t[w] = t;
  if (s->n < w + 1) s->n = (uint8_t)(w + 1);
}

/* ---- operands ---- */

/* How packed dword w of vector V is obtained. */
typedef enum { W_SHADOW, W_CONST, W_SPACK, W_PERM } word_kind;

static word_kind word_kind_of(isel_ctx *c, LLVMValueRef V, unsigned w, uint32_t *k) {
  unsigned nc = isel_num_comps(LLVMTypeOf(V));
  if (isel_packed_word(c, V, w).id) return W_SHADOW;
  mir_operand lo = isel_get(c, V, 2 * w), hi = 2 * w + 1 < nc ? isel_get(c, V, 2 * w + 1) : mir_op_const(0);
  if (lo.kind == MIR_OPND_CONST && hi.kind == MIR_OPND_CONST) {
    *k = (lo.imm & 0xffffu) | hi.imm << 16;
    return W_CONST;
  }
  return isel_opnd_is_vgpr(&lo) || isel_opnd_is_vgpr(&hi) ? W_PERM : W_SPACK;
}

/* lo's low half | hi's low half << 16 (v_perm_b32: selector bytes 0..3
 * pick bytes of S1, 4..7 bytes of S0, 0x0c a zero byte). */
static mir_temp perm_halves(isel_ctx *c, mir_operand lo, mir_operand hi) {
  mir_operand sel = mir_op_temp(isel_to_sgpr(c, mir_op_const(0x01000504u), 1));
  return isel_v1_3(c, ISA_V_PERM_B32, lo, hi, sel);
}

static mir_operand word_of(isel_ctx *c, LLVMValueRef V, unsigned w) {
  uint32_t k = 0;
  unsigned nc = isel_num_comps(LLVMTypeOf(V));
  switch (word_kind_of(c, V, w, &k)) {
  case W_SHADOW: return mir_op_temp(isel_packed_word(c, V, w));
  case W_CONST: return mir_op_temp(isel_to_sgpr(c, mir_op_const(k), 1));
  default: break;
  }
  mir_operand lo = isel_get(c, V, 2 * w), hi = 2 * w + 1 < nc ? isel_get(c, V, 2 * w + 1) : mir_op_const(0);
  if (!isel_opnd_is_vgpr(&lo) && !isel_opnd_is_vgpr(&hi))
    return mir_op_temp(isel_s(c, ISA_S_PACK_LL_B32_B16, 1, lo, hi));
  /* not recorded as V's shadow: this block need not dominate V's other uses */
  return mir_op_temp(perm_halves(c, lo, hi));
}

mir_operand isel_packed_dword(isel_ctx *c, LLVMValueRef v, unsigned w) { return word_of(c, v, w); }

mir_instr *isel_vop3p(isel_ctx *c, unsigned op, mir_operand *s, unsigned n, mir_temp d) {
  /* distinct SGPRs up to the target's constant bus (target.h
   * const_bus_limit: gfx9 and CDNA one, GFX10+ two, as llc-19's
   * v_dot2_i32_i16 v, s0, s2, v at gfx1030); later ones go to VGPRs */
  unsigned limit = wavecc_const_bus_limit(c->p->target, op), nsgpr = 0;
  uint32_t sgpr[3] = {0, 0, 0};
  for (unsigned i = 0; i < n; i++) {
    uint8_t mods = s[i].flags & MIR_OPND_NEG; /* neg_lo stays on the copy */
    if (s[i].kind == MIR_OPND_CONST) s[i] = mir_op_temp(isel_to_sgpr(c, s[i], 1));
    if (!isel_opnd_is_vgpr(&s[i])) {
      bool seen = false;
      for (unsigned k = 0; k < nsgpr; k++) seen |= sgpr[k] == s[i].temp.id;
      if (!seen && (nsgpr >= limit || nsgpr >= 3)) s[i] = mir_op_temp(isel_to_vgpr(c, s[i], 1));
      else if (!seen) sgpr[nsgpr++] = s[i].temp.id;
    }
    s[i].flags |= mods;
  }
  mir_instr *ins = isel_emit(c, op, n, 1);
  for (unsigned i = 0; i < n; i++) ins->ops[i] = s[i];
  ins->defs[0] = mir_op_temp(d);
  return ins;
}

/* One VOP3P (or plain VALU for logic) instruction on legal operands
 * (isel_vop3p). */
static mir_temp pk_emit(isel_ctx *c, unsigned op, mir_operand *s, unsigned n, bool clamp) {
  /* v_and/or/xor_b32 are VOP2: the usual legalisation (a VGPR in src1) */
  if (isa_table[op].format != ISA_FMT_VOP3P) return isel_v1c(c, op, s[0], s[1]);
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  isel_vop3p(c, op, s, n, d)->clamp = clamp;
  return d;
}

/* ---- operations ---- */

typedef struct pk_desc {
  unsigned op;
  bool clamp, shift; /* shift: LLVM's operands reversed (amount first) */
  bool half;         /* on <N x half> (v_pk_add_f16, v_pk_mul_f16), not <N x i16> */
  unsigned scalar;    /* VALU instructions per element on the per-element path */
} pk_desc;

static bool binop_desc(LLVMOpcode opc, pk_desc *d) {
  switch (opc) {
  case LLVMAdd: *d = (pk_desc){ISA_V_PK_ADD_U16, false, false, false, 1}; return true;
  case LLVMSub: *d = (pk_desc){ISA_V_PK_SUB_U16, false, false, false, 1}; return true;
  case LLVMMul: *d = (pk_desc){ISA_V_PK_MUL_LO_U16, false, false, false, 1}; return true;
  case LLVMAnd: *d = (pk_desc){ISA_V_AND_B32, false, false, false, 1}; return true;
  case LLVMOr: *d = (pk_desc){ISA_V_OR_B32, false, false, false, 1}; return true;
  case LLVMXor: *d = (pk_desc){ISA_V_XOR_B32, false, false, false, 1}; return true;
  case LLVMShl: *d = (pk_desc){ISA_V_PK_LSHLREV_B16, false, true, false, 1}; return true;
  case LLVMLShr: *d = (pk_desc){ISA_V_PK_LSHRREV_B16, false, true, false, 2}; return true;
  case LLVMAShr: *d = (pk_desc){ISA_V_PK_ASHRREV_I16, false, true, false, 2}; return true;
  /* each half rounded as v_add_f16 / v_mul_f16 round it, under the same
   * MODE fields (f16 rounding and denormals) */
  case LLVMFAdd: *d = (pk_desc){ISA_V_PK_ADD_F16, false, false, true, 1}; return true;
  case LLVMFMul: *d = (pk_desc){ISA_V_PK_MUL_F16, false, false, true, 1}; return true;
  default: return false;
  }
}

static bool call_desc(const char *n, pk_desc *d) {
  static const struct { const char *name; pk_desc d; } tab[] = {
      {"llvm.smax.", {ISA_V_PK_MAX_I16, false, false, false, 3}},
      {"llvm.smin.", {ISA_V_PK_MIN_I16, false, false, false, 3}},
      {"llvm.umax.", {ISA_V_PK_MAX_U16, false, false, false, 3}},
      {"llvm.umin.", {ISA_V_PK_MIN_U16, false, false, false, 3}},
      {"llvm.sadd.sat.", {ISA_V_PK_ADD_I16, true, false, false, 5}},
      {"llvm.ssub.sat.", {ISA_V_PK_SUB_I16, true, false, false, 5}},
      {"llvm.uadd.sat.", {ISA_V_PK_ADD_U16, true, false, false, 5}},
      {"llvm.usub.sat.", {ISA_V_PK_SUB_U16, true, false, false, 5}},
  };
  for (unsigned k = 0; k < sizeof tab / sizeof tab[0]; k++)
    if (!strncmp(n, tab[k].name, strlen(tab[k].name))) {
      *d = tab[k].d;
      return true;
    }
  return false;
}

/* Packed when the VOP3P sequence (one instruction per dword, one more to
 * take the high element out, one per operand dword packed by v_perm) is
 * not longer than the per-element one. */
static bool worth_it(isel_ctx *c, LLVMValueRef A, LLVMValueRef B, unsigned nw, const pk_desc *d) {
  unsigned cost = 0;
  uint32_t k;
  for (unsigned w = 0; w < nw; w++) {
    cost += 2;
    if (word_kind_of(c, A, w, &k) == W_PERM) cost++;
    if (word_kind_of(c, B, w, &k) == W_PERM) cost++;
  }
  return cost <= 2 * nw * d->scalar;
}

static bool select_packed(isel_ctx *c, LLVMValueRef ins, LLVMValueRef A, LLVMValueRef B, const pk_desc *d) {
  LLVMTypeRef ty = LLVMTypeOf(ins);
  if (!(d->half ? is_f16_vector(ty) : is_i16_vector(ty)) || !divergence_is_divergent(c->di, ins)) return false;
  unsigned nc = isel_num_comps(ty), nw = (nc + 1) / 2;
  if (!worth_it(c, A, B, nw, d)) return false;
  for (unsigned w = 0; w < nw; w++) {
    mir_operand s[2] = {word_of(c, A, w), word_of(c, B, w)};
    if (d->shift) {
      mir_operand t = s[0];
      s[0] = s[1];
      s[1] = t;
    }
    mir_temp r = pk_emit(c, d->op, s, 2, d->clamp);
    isel_packed_record(c, ins, w, r);
    isel_set(c, ins, 2 * w, r);
    if (2 * w + 1 < nc) isel_set(c, ins, 2 * w + 1, isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(16), mir_op_temp(r)));
  }
  return true;
}

int isel_packed_inst(isel_ctx *c, LLVMValueRef ins) {
  pk_desc d;
  if (!binop_desc(LLVMGetInstructionOpcode(ins), &d)) return -1;
  return select_packed(c, ins, LLVMGetOperand(ins, 0), LLVMGetOperand(ins, 1), &d) ? 1 : -1;
}

int isel_packed_call(isel_ctx *c, LLVMValueRef ins, const char *name) {
  pk_desc d;
  if (!call_desc(name, &d) || LLVMGetNumArgOperands(ins) != 2) return -1;
  return select_packed(c, ins, LLVMGetOperand(ins, 0), LLVMGetOperand(ins, 1), &d) ? 1 : -1;
}

/* ---- packing elements computed one by one ---- */

/* The dword and byte that VGPR temporary o is byte `*k` of, as selected
 * in the current block (a bounded backward scan, as isel_zext.c's): the
 * source of a v_lshrrev_b32 by 8, 16 or 24 (how a loaded <N x i8> gives
 * its elements), else o itself, byte 0. */
static mir_temp byte_source(isel_ctx *c, mir_operand o, unsigned *k) {
  const mir_block *b = &c->p->blocks[c->cur];
  *k = 0;
  for (uint32_t i = b->num_instrs, n = 0; i-- > 0 && n < 256; n++) {
    const mir_instr *x = b->instrs[i];
    if (x->num_defs < 1 || x->defs[0].kind != MIR_OPND_TEMP || x->defs[0].temp.id != o.temp.id) continue;
    if (x->opcode == ISA_V_LSHRREV_B32 && x->num_ops == 2 && x->ops[0].kind == MIR_OPND_CONST &&
        (x->ops[0].imm == 8 || x->ops[0].imm == 16 || x->ops[0].imm == 24) && x->ops[1].kind == MIR_OPND_TEMP &&
        mir_rc_is_vgpr(x->ops[1].temp.rc) && mir_rc_size(x->ops[1].temp.rc) == 1 && !x->clamp) {
      *k = x->ops[0].imm / 8;
      return x->ops[1].temp;
    }
    break;
  }
  return o.temp;
}

/* Four bytes (zero padding as the constant 0) that are bytes of at most
 * two dwords: those dwords' bytes gathered by one v_perm_b32 (selector
 * 0-3 S1's bytes, 4-7 S0's, 12 the byte 0: Vega ISA guide, V_PERM_B32),
 * or no instruction when they are one dword's bytes 0-3 in order. A
 * loaded byte vector stored again (a copy through LDS) or reversed
 * (shufflevector) is packed so, not by masks and shifts per byte. */
static bool gather_bytes(isel_ctx *c, const mir_operand *parts, mir_operand *out) {
  mir_temp src[2] = {{0}, {0}};
  unsigned nsrc = 0, sel = 0;
  for (unsigned i = 0; i < 4; i++) {
    unsigned byte;
    if (parts[i].kind == MIR_OPND_CONST && parts[i].imm == 0) {
      sel |= 0x0cu << (8 * i);
      continue;
    }
    if (parts[i].kind != MIR_OPND_TEMP || !isel_opnd_is_vgpr(&parts[i]) || mir_rc_size(parts[i].temp.rc) != 1) return false;
    mir_temp s = byte_source(c, parts[i], &byte);
    unsigned j = 0;
    while (j < nsrc && src[j].id != s.id) j++;
    if (j == nsrc) {
      if (nsrc == 2) return false;
      src[nsrc++] = s;
    }
    sel |= (j == 0 ? 4u + byte : byte) << (8 * i);
  }
  unsigned real = 0;
  for (unsigned i = 0; i < 4; i++) real += ((sel >> (8 * i)) & 0xffu) != 0x0cu;
  if (nsrc == 1 && sel == 0x07060504u) {
    *out = mir_op_temp(src[0]);
    return true;
  }
  /* one byte and zeros: a v_and_b32 0xff (or nothing) beats v_perm_b32
   * and its selector's s_mov_b32 (f_call_args) */
  if (real < 2) return false;
  mir_operand s1 = mir_op_temp(nsrc == 2 ? src[1] : src[0]);
  mir_operand sl = mir_op_temp(isel_to_sgpr(c, mir_op_const(sel), 1));
  *out = mir_op_temp(isel_v1_3(c, ISA_V_PERM_B32, mir_op_temp(src[0]), s1, sl));
  return true;
}

bool isel_packed_perm_word(isel_ctx *c, const mir_operand *parts, unsigned per, unsigned bits, mir_operand *out) {
  if ((per != 2 || bits != 16) && (per != 4 || bits != 8)) return false;
  if (per == 4 && gather_bytes(c, parts, out)) return true;
  unsigned masked = 0;
  for (unsigned i = 0; i < per; i++) {
    if (parts[i].kind != MIR_OPND_TEMP || !isel_opnd_is_vgpr(&parts[i])) return false;
    masked += i + 1 < per && !isel_upper_bits_zero(c, parts[i], bits);
  }
  /* masking and shifting: one v_and_b32 per element with bits above its
   * own, one v_lshl_or_b32 per element after the first */
  if (masked + per - 1 <= (per == 2 ? 1u : 3u)) return false;
  if (per == 2) {
    *out = mir_op_temp(perm_halves(c, parts[0], parts[1]));
    return true;
  }
  /* bytes 0 of (p0, p1) and of (p2, p3) into the low halves of two
   * dwords, then the two halves; operands in element order */
  mir_operand two = mir_op_temp(isel_to_sgpr(c, mir_op_const(0x0c0c0004u), 1));
  mir_temp lo = isel_v1_3(c, ISA_V_PERM_B32, parts[0], parts[1], two);
  mir_temp hi = isel_v1_3(c, ISA_V_PERM_B32, parts[2], parts[3], two);
  *out = mir_op_temp(perm_halves(c, mir_op_temp(lo), mir_op_temp(hi)));
  return true;
}
