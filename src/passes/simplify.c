/* Algebraic identities on SSA machine IR, the first pass after
 * instruction selection: x + 0, x - 0, x | 0, x ^ 0, x & ~0, x << 0,
 * x >> 0, x * 1 and v_cndmask x, x become `p_copy x`, which fold-copies then renames away
 * when x has the result's register class (and which stays a v_mov_b32
 * when an SGPR value becomes a VGPR one).
 *
 * Why: selection adds constant parts of addresses without looking at
 * them, e.g. an LDS array at group-segment offset 0 gives
 * `v_add_u32 d, 0, x` before every ds_read (bench/kernels/sgemm_reg4x4.cl).
 *
 * Only 32-bit ALU forms with one definition (an SCC or carry result that
 * someone reads is a second definition and keeps the instruction), no
 * source modifiers, no clamp or output modifier.
 *
 * Also `v_and_b32 0xffff, h` where h is the result of a VOP1/VOP2 f16
 * operation that writes zeros to the high half of its VGPR on GFX9
 * (v_add/sub/subrev/mul_f16, v_sqrt/rcp/rsq_f16, v_cvt_f16_f32: the
 * "legacy" zeroing that LLVM's GCNSubtarget::zeroesHigh16BitsOfDest lists
 * for GFX9; v_fma_f16, v_mad_f16 and v_div_fixup_f16 preserve the high
 * bits there and keep the and): the zext of a half's bits, which selection
 * writes as an and because a half's upper bits are undefined in general.
 *
 * And an SGPR constant copied to VGPRs, `v = p_copy s` with s from
 * s_mov_b32 k (or a p_create_vector of such), becomes `v_mov_b32 v, k`
 * (a VGPR p_create_vector of the constants): a double or i64 constant
 * stored to memory was two s_mov_b32 and two v_mov_b32 (f_fp_const_bits);
 * dce removes the s_mov_b32 no one else reads.
 *
 * And a mask or shift of the packed work-item ids' v0 & 0x3ff reads v0
 * (input_mask_fold); gfx942's 64-bit add of a shifted value takes the
 * shift (fold_lshl_add64).
 *
 * And x & ~y, x | ~y of SGPRs: s_andn2 / s_orn2 (fold_not_operand).
 *
 * And (x >> s) & (2^n - 1) of VGPRs, s a run-time shift too: one
 * v_bfe_u32 x, s, n (fold_bfe_shift).
 *
 * And on GFX10+, SGPR constants read by VALU instructions as VOP3
 * literals (fold_valu_literals).
 *
 * And -|x| of a float, `v_xor_b32 0x80000000, (v_and_b32 0x7fffffff, x)`,
 * is `v_or_b32 0x80000000, x` (the and stays for its other readers).
 *
 * And an fneg or fabs of an f32 (xor 0x80000000 / and 0x7fffffff, SALU or
 * VALU, possibly copied to a VGPR) read by an f32 add, sub, mul, fma,
 * min, max or compare becomes the neg / abs source modifier of that
 * operand (the VOP3 encoding), as llc-19 folds them: the operation reads
 * x itself, with the same sign bit the xor/and would have given it. Only
 * when the VOP3 form stays legal: the target's constant bus and VOP3
 * literal rules (mir_valu_bus_ok), and src1 of a VOP2/VOPC operation still a VGPR. The xor/and and the copy are left to dce.
 * Never fails; returns 0. */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "emit/encode.h"
#include "target/isa.h"

/* An identity: for op, the constant k at operand position pos leaves the
 * other operand unchanged. */
typedef struct identity {
  uint16_t op;
  uint8_t pos; /* 0 or 1: the constant's position; 2: either */
  uint32_t k;
} identity;

static const identity identities[] = {
    {ISA_V_ADD_U32, 2, 0},       {ISA_S_ADD_U32, 2, 0},       {ISA_S_ADD_I32, 2, 0},
    {ISA_V_OR_B32, 2, 0},        {ISA_S_OR_B32, 2, 0},        {ISA_V_XOR_B32, 2, 0},
    {ISA_S_XOR_B32, 2, 0},       {ISA_V_AND_B32, 2, ~0u},     {ISA_S_AND_B32, 2, ~0u},
    {ISA_V_MUL_LO_U32, 2, 1},    {ISA_S_MUL_I32, 2, 1},       {ISA_V_SUB_U32, 1, 0},
    {ISA_S_SUB_U32, 1, 0},       {ISA_S_SUB_I32, 1, 0},       {ISA_S_LSHL_B32, 1, 0},
    {ISA_S_LSHR_B32, 1, 0},      {ISA_S_ASHR_I32, 1, 0},      {ISA_V_LSHLREV_B32, 0, 0}, /* shift amount first */
    {ISA_V_LSHRREV_B32, 0, 0},   {ISA_V_ASHRREV_I32, 0, 0},
};

static bool is_const(const mir_operand *o, uint32_t k) {
  return o->kind == MIR_OPND_CONST && o->imm == k && o->size <= 1;
}

/* The operand index equal to ins's result, or -1. */
static int identity_source(const mir_instr *ins) {
  /* v_cndmask_b32 x, x, c: both lanes' choices are x (a select of two
   * vectors that differ in a few elements, as the IR keeps promoted
   * private arrays: f_private_array.cl's k_sort) */
  if (ins->opcode == ISA_V_CNDMASK_B32 && ins->num_defs == 1 && ins->num_ops == 3 && !ins->clamp && !ins->omod &&
      ins->ops[0].kind == MIR_OPND_TEMP && ins->ops[1].kind == MIR_OPND_TEMP &&
      ins->ops[0].temp.id == ins->ops[1].temp.id && !((ins->ops[0].flags | ins->ops[1].flags) & (MIR_OPND_NEG | MIR_OPND_ABS)))
    return 0;
  if (ins->num_defs != 1 || ins->num_ops != 2 || ins->clamp || ins->omod) return -1;
  if (ins->defs[0].kind != MIR_OPND_TEMP || (ins->defs[0].flags & MIR_OPND_FIXED_REG)) return -1;
  for (unsigned k = 0; k < 2; k++)
    if (ins->ops[k].flags & (MIR_OPND_NEG | MIR_OPND_ABS)) return -1;
  for (unsigned i = 0; i < sizeof identities / sizeof identities[0]; i++) {
    const identity *id = &identities[i];
    if (id->op != ins->opcode) continue;
    if ((id->pos == 0 || id->pos == 2) && is_const(&ins->ops[0], id->k)) return 1;
    if ((id->pos == 1 || id->pos == 2) && is_const(&ins->ops[1], id->k)) return 0;
    return -1;
  }
  return -1;
}

/* Does op write zeros to bits 31:16 of its 32-bit VGPR result (GFX9)? */
static bool zeroes_high16(uint16_t op) {
  switch (op) {
  case ISA_V_ADD_F16: case ISA_V_SUB_F16: case ISA_V_SUBREV_F16: case ISA_V_MUL_F16:
  case ISA_V_SQRT_F16: case ISA_V_RCP_F16: case ISA_V_RSQ_F16: case ISA_V_CVT_F16_F32:
    return true;
  default:
    return false;
  }
}

/* For `v_and_b32 0xffff, h` with h from zeroes_high16: the operand index
 * of h, else -1. */
static int zero_high_source(const mir_instr *ins, mir_instr *const *def, uint32_t num_temps) {
  if (ins->opcode != ISA_V_AND_B32 || ins->num_defs != 1 || ins->clamp || ins->omod) return -1;
  if (ins->defs[0].kind != MIR_OPND_TEMP || (ins->defs[0].flags & MIR_OPND_FIXED_REG)) return -1;
  for (int k = 0; k < 2; k++) {
    const mir_operand *h = &ins->ops[k];
    if (!is_const(&ins->ops[1 - k], 0xffffu) || h->kind != MIR_OPND_TEMP || h->flags) continue;
    const mir_instr *dh = h->temp.id < num_temps ? def[h->temp.id] : NULL;
    if (dh && zeroes_high16(dh->opcode) && !dh->clamp && !dh->omod && dh->num_defs == 1) return k;
  }
  return -1;
}

/* The constant k when o is one, or a temporary that s_mov_b32 k defines. */
static bool sgpr_const(const mir_operand *o, mir_instr *const *def, uint32_t num_temps, mir_operand *k) {
  if (o->kind == MIR_OPND_CONST && o->size <= 1 && !o->flags) {
    *k = *o;
    return true;
  }
  if (o->kind != MIR_OPND_TEMP || o->flags || o->temp.id >= num_temps || mir_rc_is_vgpr((mir_rc)o->temp.rc))
    return false;
  const mir_instr *dm = def[o->temp.id];
  if (dm && dm->opcode == MIR_P_EXTRACT && mir_rc_size((mir_rc)o->temp.rc) == 1 && dm->num_ops == 2 &&
      dm->ops[0].kind == MIR_OPND_TEMP && dm->ops[0].temp.id < num_temps && dm->ops[1].kind == MIR_OPND_CONST) {
    /* dword idx of a p_create_vector of one-dword parts (a 64-bit constant split for a select) */
    const mir_instr *vec = def[dm->ops[0].temp.id];
    uint32_t idx = dm->ops[1].imm;
    if (!vec || vec->opcode != MIR_P_CREATE_VECTOR || idx >= vec->num_ops) return false;
    for (unsigned i = 0; i <= idx; i++)
      if (vec->ops[i].kind == MIR_OPND_TEMP ? mir_rc_size((mir_rc)vec->ops[i].temp.rc) != 1 : vec->ops[i].size > 1)
        return false;
    const mir_operand *part = &vec->ops[idx];
    if (part->kind == MIR_OPND_TEMP && (part->temp.id >= num_temps || !def[part->temp.id] ||
                                        def[part->temp.id]->opcode != ISA_S_MOV_B32))
      return false;
    return sgpr_const(part, def, num_temps, k);
  }
  if (!dm || dm->opcode != ISA_S_MOV_B32 || dm->num_ops != 1 || dm->ops[0].kind != MIR_OPND_CONST ||
      dm->ops[0].size > 1)
    return false;
  *k = mir_op_const(dm->ops[0].imm);
  return true;
}

/* `v_perm_b32 x, h, K` with h = `v_lshrrev_b32 16, x` and K = 0x01000504
 * (bytes 0-1 from src0's low half, 2-3 from src1's: the selector's pack of
 * two 16-bit values) packs x's halves back into x: the index of x, else -1.
 * A packed 16-bit result (v_pk_*) stored as a vector of shorts was split
 * into halves and packed again before every store (f_vec_packed16). */
static int perm_repack_source(const mir_instr *ins, mir_instr *const *def, uint32_t num_temps) {
  if (ins->opcode != ISA_V_PERM_B32 || ins->num_ops != 3 || ins->num_defs != 1 || ins->clamp || ins->omod) return -1;
  mir_operand k;
  const mir_operand *x = &ins->ops[0], *h = &ins->ops[1];
  if (!sgpr_const(&ins->ops[2], def, num_temps, &k) || k.imm != 0x01000504u) return -1;
  if (x->kind != MIR_OPND_TEMP || h->kind != MIR_OPND_TEMP || h->temp.id >= num_temps ||
      (x->flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) || (h->flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) ||
      !mir_rc_is_vgpr((mir_rc)x->temp.rc) || mir_rc_size((mir_rc)x->temp.rc) != 1)
    return -1;
  const mir_instr *sh = def[h->temp.id];
  if (!sh || sh->opcode != ISA_V_LSHRREV_B32 || sh->num_ops != 2 || sh->num_defs != 1 || sh->clamp || sh->omod ||
      !is_const(&sh->ops[0], 16) || sh->ops[1].kind != MIR_OPND_TEMP || sh->ops[1].temp.id != x->temp.id ||
      (sh->ops[1].flags & (MIR_OPND_NEG | MIR_OPND_ABS)))
    return -1;
  return 0;
}

/* `v = p_copy s` of an SGPR constant (one dword, or a vector of up to four
 * constant dwords) as the instruction that writes the constants to v
 * directly, or NULL. */
static mir_instr *const_to_vgpr(mir_program *p, const mir_instr *ins, mir_instr *const *def, const uint32_t *uses) {
  if (ins->opcode != MIR_P_COPY || ins->num_ops != 1 || ins->num_defs != 1) return NULL;
  const mir_operand *dst = &ins->defs[0], *src = &ins->ops[0];
  if (dst->kind != MIR_OPND_TEMP || (dst->flags & MIR_OPND_FIXED_REG) || !mir_rc_is_vgpr((mir_rc)dst->temp.rc))
    return NULL;
  if (src->kind != MIR_OPND_TEMP || (src->flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) ||
      src->temp.id >= p->num_temps || mir_rc_is_vgpr((mir_rc)src->temp.rc))
    return NULL;
  /* only the copy reads the SGPR value: the VGPR then lives as long as
   * before (a shared constant kept in a VGPR raised register pressure) */
  if (uses[src->temp.id] != 1) return NULL;
  unsigned n = mir_rc_size((mir_rc)dst->temp.rc);
  mir_operand k[4];
  mir_operand s0 = *src;
  s0.flags = 0;
  if (n == 1 && sgpr_const(&s0, def, p->num_temps, &k[0])) {
    mir_instr *m = mir_instr_create(p, ISA_V_MOV_B32, 1, 1);
    m->ops[0] = k[0];
    m->defs[0] = *dst;
    return m;
  }
  const mir_instr *vec = def[src->temp.id];
  if (n < 2 || n > 4 || !vec || vec->opcode != MIR_P_CREATE_VECTOR || vec->num_ops != n ||
      mir_rc_size((mir_rc)src->temp.rc) != n)
    return NULL;
  for (unsigned i = 0; i < n; i++)
    if (!sgpr_const(&vec->ops[i], def, p->num_temps, &k[i])) return NULL;
  mir_instr *m = mir_instr_create(p, MIR_P_CREATE_VECTOR, n, 1);
  for (unsigned i = 0; i < n; i++) m->ops[i] = k[i];
  m->defs[0] = *dst;
  return m;
}

/* SOP2/SOPC sources that are SGPR constants (s_mov_b32 k, or a dword of a
 * p_create_vector of such) read the constant itself, as long as the
 * instruction keeps at most one literal operand (inline constants are
 * free). A 64-bit add of a constant vector (a bitcast constant
 * expression, f_constexpr_bitcast) was eight s_mov_b32 before four
 * s_add_u32/s_addc_u32 pairs; llc-19 folds them. dce removes the moves
 * nobody else reads. True if ins changed. */
static bool fold_salu_consts(mir_instr *ins, mir_instr *const *def, uint32_t num_temps) {
  if (ins->opcode >= ISA_NUM_OPS || ins->num_ops > 3 || mir_tied_operand(ins) >= 0) return false;
  unsigned f = isa_table[ins->opcode].format;
  if (f != ISA_FMT_SOP2 && f != ISA_FMT_SOPC) return false;
  mir_operand k[3];
  bool is_k[3] = {false, false, false}, any = false;
  unsigned lits = 0;
  for (unsigned j = 0; j < ins->num_ops; j++) {
    const mir_operand *o = &ins->ops[j];
    if (o->kind == MIR_OPND_CONST) {
      if (o->size > 1) return false; /* a 64-bit constant operand: leave the instruction alone */
      lits += !mir_const_is_inline(o->imm);
      continue;
    }
    if (o->kind != MIR_OPND_TEMP || o->flags || mir_rc_size((mir_rc)o->temp.rc) != 1) continue;
    is_k[j] = sgpr_const(o, def, num_temps, &k[j]);
    any |= is_k[j];
  }
  if (!any) return false;
  bool changed = false;
  for (unsigned j = 0; j < ins->num_ops; j++) {
    if (!is_k[j]) continue;
    uint32_t v = k[j].imm;
    if (!mir_const_is_inline(v)) {
      if (lits) continue; /* one literal operand per instruction */
      lits = 1;
    }
    ins->ops[j] = mir_op_const(v);
    changed = true;
  }
  return changed;
}

/* Is operand k of opcode op an "any file" source of width w (1 or 2) in
 * the ISA table's signature ("v2;a2,v2": definitions before the ';')? */
static bool any_source(unsigned op, unsigned k, char w) {
  const char *sig = isa_table[op].sig ? strchr(isa_table[op].sig, ';') : NULL;
  if (!sig) return false;
  sig++;
  for (unsigned j = 0; j < k && sig; j++) {
    sig = strchr(sig, ',');
    if (sig) sig++;
  }
  return sig && sig[0] == 'a' && sig[1] == w && (sig[2] == ',' || sig[2] == 0);
}
static bool any_pair_source(unsigned op, unsigned k) { return any_source(op, k, '2'); }

/* GFX10+ (target vop3_literal: a VOP3 instruction may carry one 32-bit
 * literal): a one-dword "any file" source of a VALU instruction that is an
 * SGPR constant (s_mov_b32 k, or a dword of a p_create_vector of such), or
 * an inline constant in a VGPR (v_mov_b32 k), reads k itself where the constant bus and literal rules allow
 * (mir_valu_bus_ok, taken as VOP3). A dynamic insert into a vector of
 * double constants selected each dword with v_cndmask_b32 from an
 * s_mov_b32 of the constant (f_insertelt_dyn64: eight s_mov_b32 for four
 * doubles); llc-19 writes the literal into the v_cndmask_b32. Not VOP3P,
 * DPP/SDWA or f64 instructions, nor tied operands. dce removes the moves
 * nobody else reads. Only operations on 32-bit sources (isa_sem stype,
 * fbits). True if ins changed. */
static bool fold_valu_literals(const wavecc_target *t, mir_instr *ins, mir_instr *const *def, uint32_t num_temps) {
  if (!t->vop3_literal || ins->opcode >= ISA_NUM_OPS || ins->num_ops > 3 || mir_tied_operand(ins) >= 0) return false;
  const isa_sem *se = isa_sem_of(ins->opcode);
  isa_format f = isa_table[ins->opcode].format;
  if ((se->cost != ISA_COST_VALU && se->cost != ISA_COST_TRANS) ||
      (f != ISA_FMT_VOP1 && f != ISA_FMT_VOP2 && f != ISA_FMT_VOPC && f != ISA_FMT_VOP3))
    return false;
  if ((isa_table[ins->opcode].flags & (ISA_F_F64 | ISA_F_READS_M0)) || (ins->enc_flags & ~MIR_ENC_VOP3)) return false;
  /* 32-bit sources only: a 16-bit operation reads constants as 16-bit
   * values with their own inline set (f16 0.5 is 0x3800 inline there) */
  if ((se->fbits && se->fbits != 32) || isa_type_bits((isa_type)se->stype) != 32) return false;
  mir_operand ops[3];
  bool changed = false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    ops[k] = ins->ops[k];
    mir_operand kk;
    if (ins->ops[k].kind != MIR_OPND_TEMP || ins->ops[k].flags || !any_source(ins->opcode, k, '1')) continue;
    const mir_instr *vm = ins->ops[k].temp.id < num_temps ? def[ins->ops[k].temp.id] : NULL;
    if (vm && vm->opcode == ISA_V_MOV_B32 && vm->num_ops == 1 && vm->ops[0].kind == MIR_OPND_CONST &&
        vm->ops[0].size <= 1 && !vm->ops[0].flags && !vm->clamp && !vm->omod && !vm->enc_flags &&
        mir_const_is_inline(vm->ops[0].imm))
      kk = mir_op_const(vm->ops[0].imm); /* an inline constant in a VGPR (the high half of a zext) */
    else if (!sgpr_const(&ins->ops[k], def, num_temps, &kk))
      continue;
    ops[k] = kk;
    changed = true;
  }
  if (!changed || !mir_valu_bus_ok(t, ins->opcode, true, ops, ins->num_ops)) return false;
  for (unsigned k = 0; k < ins->num_ops; k++) ins->ops[k] = ops[k];
  return true;
}

/* The 64 bits of a two-dword temporary that a p_create_vector of two
 * constants defines (each a constant operand, or an s_mov_b32 / v_mov_b32
 * of one). */
static bool pair_const(const mir_operand *o, mir_instr *const *def, uint32_t num_temps, uint64_t *bits) {
  if (o->kind != MIR_OPND_TEMP || o->temp.id >= num_temps || mir_rc_size((mir_rc)o->temp.rc) != 2) return false;
  const mir_instr *v = def[o->temp.id];
  if (!v || v->opcode != MIR_P_CREATE_VECTOR || v->num_ops != 2 || v->num_defs != 1) return false;
  uint32_t h[2];
  for (unsigned k = 0; k < 2; k++) {
    const mir_operand *x = &v->ops[k];
    if (x->kind == MIR_OPND_TEMP && x->temp.id < num_temps && mir_rc_size((mir_rc)x->temp.rc) == 1 && def[x->temp.id] &&
        (def[x->temp.id]->opcode == ISA_S_MOV_B32 || def[x->temp.id]->opcode == ISA_V_MOV_B32) &&
        def[x->temp.id]->num_ops == 1 && !def[x->temp.id]->clamp && !def[x->temp.id]->omod)
      x = &def[x->temp.id]->ops[0];
    if (x->kind != MIR_OPND_CONST || x->size > 1 || x->flags) return false;
    h[k] = x->imm;
  }
  *bits = (uint64_t)h[1] << 32 | h[0];
  return true;
}

/* f64 sources (ISA_F_F64 instructions, "any file" pair operands) built
 * from constants that a 64-bit operand takes inline: 0 and +-0.5, +-1,
 * +-2, +-4 (written as the f32 pattern with size 2, as isel_f64.c
 * selects them; encode.c). Compares with a double constant built it in
 * a VGPR pair: two v_mov_b32 per compare (`x > 0.0`, `x == 1.0`),
 * llc-19 reads the constant inline. True if ins changed. */
static bool fold_f64_inline(const wavecc_target *t, mir_instr *ins, mir_instr *const *def, uint32_t num_temps) {
  static const uint32_t inl[] = {0x3f000000u, 0xbf000000u, 0x3f800000u, 0xbf800000u,
                                 0x40000000u, 0xc0000000u, 0x40800000u, 0xc0800000u};
  if (ins->opcode >= ISA_NUM_OPS || !(isa_table[ins->opcode].flags & ISA_F_F64) || ins->num_ops > 4 || ins->clamp ||
      ins->omod)
    return false;
  /* a compare with the constant second (its VOPC src1 is a VGPR): the
   * reversed predicate with the operands swapped */
  uint64_t b1;
  if (ins->num_ops == 2 && ins->num_defs == 1 && !(ins->ops[1].flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) &&
      ins->ops[0].kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)ins->ops[0].temp.rc) &&
      !(ins->ops[0].flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL | MIR_OPND_NEG | MIR_OPND_ABS)) &&
      !pair_const(&ins->ops[0], def, num_temps, &b1) && pair_const(&ins->ops[1], def, num_temps, &b1)) {
    const isa_sem *se = isa_sem_of(ins->opcode);
    unsigned r = isa_cmp_swapped(ins->opcode);
    if (r != ISA_NUM_OPS && se->cmp != ISA_CMP_F_F && se->cmp != ISA_CMP_F_TRU) {
      mir_operand x = ins->ops[0];
      ins->ops[0] = ins->ops[1];
      ins->ops[1] = x;
      ins->opcode = r;
    }
  }
  mir_operand ops[4];
  bool changed = false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    ops[k] = ins->ops[k];
    uint64_t bits;
    if ((ins->ops[k].flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) || !any_pair_source(ins->opcode, k) ||
        !pair_const(&ins->ops[k], def, num_temps, &bits))
      continue;
    int f = -1;
    for (unsigned j = 0; j < sizeof inl / sizeof inl[0] && f < 0; j++) {
      float x;
      memcpy(&x, &inl[j], sizeof x);
      double d = x;
      uint64_t db;
      memcpy(&db, &d, sizeof db);
      if (db == bits) f = (int)j;
    }
    if (bits && f < 0) continue;
    ops[k] = mir_op_const(bits ? inl[f] : 0);
    ops[k].size = 2;
    changed = true;
  }
  if (!changed || !mir_valu_bus_ok(t, ins->opcode, true, ops, ins->num_ops)) return false;
  for (unsigned k = 0; k < ins->num_ops; k++) ins->ops[k] = ops[k];
  return true;
}

/* `v_xor_b32 0x80000000, t` with t = `v_and_b32 0x7fffffff, x` as
 * `v_or_b32 0x80000000, x`, or NULL. */
static mir_instr *neg_abs(mir_program *p, const mir_instr *ins, mir_instr *const *def) {
  if (ins->opcode != ISA_V_XOR_B32 || ins->num_defs != 1 || ins->num_ops != 2 || ins->clamp || ins->omod) return NULL;
  int k = is_const(&ins->ops[0], 0x80000000u) ? 0 : is_const(&ins->ops[1], 0x80000000u) ? 1 : -1;
  if (k < 0) return NULL;
  const mir_operand *t = &ins->ops[1 - k];
  if (t->kind != MIR_OPND_TEMP || (t->flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) || t->temp.id >= p->num_temps)
    return NULL;
  const mir_instr *a = def[t->temp.id];
  if (!a || a->opcode != ISA_V_AND_B32 || a->num_ops != 2 || a->num_defs != 1 || a->clamp || a->omod) return NULL;
  int j = is_const(&a->ops[0], 0x7fffffffu) ? 0 : is_const(&a->ops[1], 0x7fffffffu) ? 1 : -1;
  if (j < 0) return NULL;
  const mir_operand *x = &a->ops[1 - j];
  /* VOP2 with the literal in src0: x must be a VGPR (src1) */
  if (x->kind != MIR_OPND_TEMP || (x->flags & (MIR_OPND_NEG | MIR_OPND_ABS | MIR_OPND_FIXED_REG)) ||
      !mir_rc_is_vgpr((mir_rc)x->temp.rc) || mir_rc_size((mir_rc)x->temp.rc) != 1)
    return NULL;
  mir_instr *m = mir_instr_create(p, ISA_V_OR_B32, 2, 1);
  m->ops[0] = mir_op_const(0x80000000u);
  m->ops[1] = *x;
  m->ops[1].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  m->defs[0] = ins->defs[0];
  return m;
}

/* The constant operand index of a one-definition, modifier-free VALU
 * `op` with two operands, one a constant: its index, else -1. */
static int const_side(const mir_instr *i, uint16_t op) {
  if (!i || i->opcode != op || i->num_ops != 2 || i->num_defs != 1 || i->clamp || i->omod) return -1;
  for (int k = 0; k < 2; k++)
    if (i->ops[k].kind == MIR_OPND_CONST && i->ops[k].size <= 1 && !i->ops[k].flags &&
        i->ops[1 - k].kind == MIR_OPND_TEMP && !(i->ops[1 - k].flags & (MIR_OPND_NEG | MIR_OPND_ABS)))
      return k;
  return -1;
}

/* A mask or shift of a mask of a kernel input register: t = `v_and_b32 m,
 * x` with x defined by p_startpgm (the packed work-item ids of gfx90a,
 * gfx942 and gfx11, x = v0 & 0x3ff, isel_abi.c), read by `v_and_b32 k, t`
 * (-> `v_and_b32 k & m, x`) or `v_lshrrev_b32 s, t` with m = 2^n - 1 and
 * s < n (-> `v_bfe_u32 x, s, n - s`), as llc-19 folds them (get_local_id
 * % 16 and / 16 of the MFMA kernels: one VALU instruction less each; the
 * v_and of 0x3ff is left to dce when nothing else reads it). Only inputs:
 * other masks keep their shape (gfx900's code stays as it was). NULL
 * when the pattern does not apply. */
static mir_instr *input_mask_fold(mir_program *p, const mir_instr *ins, mir_instr *const *def) {
  int kc = const_side(ins, ISA_V_AND_B32), sc = kc < 0 ? const_side(ins, ISA_V_LSHRREV_B32) : -1;
  if ((kc < 0 && sc != 0) || ins->defs[0].kind != MIR_OPND_TEMP) return NULL;
  const mir_operand *t = &ins->ops[kc >= 0 ? 1 - kc : 1];
  if (t->temp.id >= p->num_temps || !mir_rc_is_vgpr((mir_rc)t->temp.rc) || mir_rc_size((mir_rc)t->temp.rc) != 1)
    return NULL;
  const mir_instr *a = def[t->temp.id];
  int mc = const_side(a, ISA_V_AND_B32);
  if (mc < 0) return NULL;
  const mir_operand *x = &a->ops[1 - mc];
  uint32_t m = a->ops[mc].imm;
  if (x->temp.id >= p->num_temps || !def[x->temp.id] || def[x->temp.id]->opcode != MIR_P_STARTPGM ||
      !mir_rc_is_vgpr((mir_rc)x->temp.rc) || mir_rc_size((mir_rc)x->temp.rc) != 1)
    return NULL;
  mir_instr *r;
  if (kc >= 0) {
    r = mir_instr_create(p, ISA_V_AND_B32, 2, 1);
    r->ops[0] = mir_op_const(ins->ops[kc].imm & m);
    r->ops[1] = *x;
  } else {
    uint32_t s = ins->ops[0].imm;
    if (m == 0 || (m & (m + 1)) || s >= 32) return NULL;
    unsigned n = (unsigned)__builtin_popcount(m);
    if (s >= n) return NULL;
    r = mir_instr_create(p, ISA_V_BFE_U32, 3, 1);
    r->ops[0] = *x;
    r->ops[1] = mir_op_const(s);
    r->ops[2] = mir_op_const(n - s);
  }
  for (unsigned k = 0; k < r->num_ops; k++)
    if (r->ops[k].kind == MIR_OPND_TEMP) r->ops[k].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  r->defs[0] = ins->defs[0];
  return r;
}

/* `v_and_b32 d, 2^n - 1, t` with t = `v_lshrrev_b32 t, s, x` read only
 * here (0 < n < 32; s any operand, a run-time shift included): one
 * `v_bfe_u32 d, x, s, n`, which computes (x >> s[4:0]) & (2^n - 1) as
 * the pair does (Vega ISA guide V_BFE_U32, V_LSHRREV_B32), as llc-19
 * selects it (bench/real/radix_hist's (key >> shift) & 15: one VALU
 * instruction less per key). Only where the target's constant bus
 * allows the operands in VOP3. NULL when the pattern does not apply. */
static mir_instr *fold_bfe_shift(mir_program *p, const mir_instr *ins, mir_instr *const *def, const uint32_t *uses) {
  int kc = const_side(ins, ISA_V_AND_B32);
  if (kc < 0 || ins->defs[0].kind != MIR_OPND_TEMP || (ins->defs[0].flags & MIR_OPND_FIXED_REG)) return NULL;
  uint32_t m = ins->ops[kc].imm;
  if (m == 0 || (m & (m + 1)) || m == 0xffffffffu) return NULL;
  const mir_operand *t = &ins->ops[1 - kc];
  if (t->temp.id >= p->num_temps || uses[t->temp.id] != 1 || (t->flags & MIR_OPND_FIXED_REG) || t->sel) return NULL;
  const mir_instr *sh = def[t->temp.id];
  if (!sh || sh->opcode != ISA_V_LSHRREV_B32 || sh->num_ops != 2 || sh->num_defs != 1 || sh->clamp || sh->omod ||
      sh->enc_flags)
    return NULL;
  for (unsigned k = 0; k < 2; k++)
    if ((sh->ops[k].flags & (MIR_OPND_MODS | MIR_OPND_FIXED_REG)) || sh->ops[k].sel ||
        (sh->ops[k].kind == MIR_OPND_CONST && sh->ops[k].size > 1))
      return NULL;
  mir_operand ops[3] = {sh->ops[1], sh->ops[0], mir_op_const((uint32_t)__builtin_popcount(m))};
  for (unsigned k = 0; k < 2; k++) ops[k].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  if (!mir_valu_bus_ok(p->target, ISA_V_BFE_U32, true, ops, 3)) return NULL;
  mir_instr *r = mir_instr_create(p, ISA_V_BFE_U32, 3, 1);
  for (unsigned k = 0; k < 3; k++) r->ops[k] = ops[k];
  r->defs[0] = ins->defs[0];
  return r;
}

/* gfx942: `v_lshl_add_u64 d, s, 0, t` (a 64-bit add, isel_add64) with
 * t = `v_lshlrev_b64 t, k, x` read only here and 0 <= k <= 4 as
 * `v_lshl_add_u64 d, x, k, s`, the shift folded in as llc-19 selects it
 * (LLVM's V_LSHL_ADD_U64 pattern takes shift amounts up to 4): an address
 * base + (sext(i) << 2) was three instructions, now two (sgemm_mfma.cl: 48
 * v_lshlrev_b64 fewer). Only where the target's constant bus allows the
 * new operands. NULL when the pattern does not apply. */
static mir_instr *fold_lshl_add64(mir_program *p, const mir_instr *ins, mir_instr *const *def, const uint32_t *uses) {
  if (ins->opcode != ISA_V_LSHL_ADD_U64 || ins->num_ops != 3 || ins->num_defs != 1 || ins->clamp || ins->omod ||
      !is_const(&ins->ops[1], 0))
    return NULL;
  for (unsigned j = 0; j < 3; j += 2) {
    const mir_operand *t = &ins->ops[j];
    if (t->kind != MIR_OPND_TEMP || (t->flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) || t->temp.id >= p->num_temps ||
        uses[t->temp.id] != 1)
      continue;
    const mir_instr *sh = def[t->temp.id];
    if (!sh || sh->opcode != ISA_V_LSHLREV_B64 || sh->num_ops != 2 || sh->num_defs != 1 || sh->clamp || sh->omod ||
        sh->ops[0].kind != MIR_OPND_CONST || sh->ops[0].imm > 4 || sh->ops[1].kind != MIR_OPND_TEMP ||
        (sh->ops[1].flags & (MIR_OPND_NEG | MIR_OPND_ABS | MIR_OPND_FIXED_REG)))
      continue;
    mir_operand ops[3] = {sh->ops[1], mir_op_const(sh->ops[0].imm), ins->ops[2 - j]};
    ops[0].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
    if (!mir_valu_bus_ok(p->target, ISA_V_LSHL_ADD_U64, true, ops, 3)) continue;
    mir_instr *m = mir_instr_create(p, ISA_V_LSHL_ADD_U64, 3, 1);
    for (unsigned k = 0; k < 3; k++) m->ops[k] = ops[k];
    m->defs[0] = ins->defs[0];
    m->enc_flags = ins->enc_flags;
    return m;
  }
  return NULL;
}

/* `s_and_bN d, x, t` / `s_or_bN d, x, t` with t = `s_xor_bN y, -1` or
 * `s_not_bN y` read only here: `s_andn2_bN d, x, y` / `s_orn2_bN d, x, y`,
 * as llc-19 selects x & ~y (SALU; SCC the same: set when d != 0). The
 * atomic optimizer's lane loop clears the lane it did with x & ~(1 << l):
 * one SALU instruction less per active lane. NULL when the pattern does
 * not apply. */
static mir_instr *fold_not_operand(mir_program *p, const mir_instr *ins, mir_instr *const *def, const uint32_t *uses) {
  bool b64 = ins->opcode == ISA_S_AND_B64 || ins->opcode == ISA_S_OR_B64;
  if (!b64 && ins->opcode != ISA_S_AND_B32 && ins->opcode != ISA_S_OR_B32) return NULL;
  if (ins->num_ops != 2) return NULL;
  unsigned xor_op = b64 ? ISA_S_XOR_B64 : ISA_S_XOR_B32, not_op = b64 ? ISA_S_NOT_B64 : ISA_S_NOT_B32;
  for (unsigned j = 0; j < 2; j++) {
    const mir_operand *t = &ins->ops[j];
    if (t->kind != MIR_OPND_TEMP || (t->flags & MIR_OPND_FIXED_REG) || t->temp.id >= p->num_temps ||
        uses[t->temp.id] != 1)
      continue;
    const mir_instr *n = def[t->temp.id];
    if (!n || n->num_defs != 1) continue; /* SCC read: keep it */
    const mir_operand *y = NULL;
    if (n->opcode == not_op && n->num_ops == 1) y = &n->ops[0];
    else if (n->opcode == xor_op && n->num_ops == 2)
      for (unsigned k = 0; k < 2; k++)
        if (n->ops[k].kind == MIR_OPND_CONST && n->ops[k].imm == 0xffffffffu && n->ops[k].size <= 2) y = &n->ops[1 - k];
    if (!y || y->kind != MIR_OPND_TEMP) continue;
    bool is_and = ins->opcode == ISA_S_AND_B32 || ins->opcode == ISA_S_AND_B64;
    unsigned op = is_and ? (b64 ? ISA_S_ANDN2_B64 : ISA_S_ANDN2_B32) : (b64 ? ISA_S_ORN2_B64 : ISA_S_ORN2_B32);
    mir_instr *m = mir_instr_create(p, op, 2, ins->num_defs);
    m->ops[0] = ins->ops[1 - j];
    m->ops[1] = *y;
    m->ops[1].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
    for (unsigned k = 0; k < ins->num_defs; k++) m->defs[k] = ins->defs[k];
    m->enc_flags = ins->enc_flags;
    return m;
  }
  return NULL;
}

/* Does op read its operands as f32 values that take neg/abs modifiers? */
static bool f32_mod_op(uint16_t op) {
  switch (op) {
  case ISA_V_ADD_F32: case ISA_V_SUB_F32: case ISA_V_SUBREV_F32: case ISA_V_MUL_F32: case ISA_V_FMA_F32:
  case ISA_V_MIN_F32: case ISA_V_MAX_F32:
    return true;
  default:
    break;
  }
  /* f32 compares (not v_cmpx, not v_cmp_class) */
  const isa_sem *s = isa_sem_of(op);
  return s->cmp >= ISA_CMP_F_F && s->cmp <= ISA_CMP_F_TRU && s->stype == ISA_T_F32 && !(s->flags & ISA_S_CMPX);
}

/* The source x and modifier (MIR_OPND_NEG / MIR_OPND_ABS) when temporary t
 * is x ^ 0x80000000 or x & 0x7fffffff (through a p_copy), else 0. */
static uint8_t sign_op_source(const mir_operand *t, mir_instr *const *def, uint32_t num_temps, mir_operand *x) {
  if (t->kind != MIR_OPND_TEMP || t->temp.id >= num_temps || mir_rc_size((mir_rc)t->temp.rc) != 1) return 0;
  const mir_instr *d = def[t->temp.id];
  if (d && d->opcode == MIR_P_COPY && d->num_ops == 1 && d->ops[0].kind == MIR_OPND_TEMP && !d->ops[0].flags &&
      d->ops[0].temp.id < num_temps && mir_rc_size((mir_rc)d->ops[0].temp.rc) == 1)
    d = def[d->ops[0].temp.id];
  if (!d || d->num_ops != 2 || d->clamp || d->omod) return 0;
  uint8_t mod;
  uint32_t k;
  if (d->opcode == ISA_V_XOR_B32 || d->opcode == ISA_S_XOR_B32) mod = MIR_OPND_NEG, k = 0x80000000u;
  else if (d->opcode == ISA_V_AND_B32 || d->opcode == ISA_S_AND_B32) mod = MIR_OPND_ABS, k = 0x7fffffffu;
  else return 0;
  int j = is_const(&d->ops[0], k) ? 1 : is_const(&d->ops[1], k) ? 0 : -1;
  if (j < 0 || d->ops[j].kind != MIR_OPND_TEMP || d->ops[j].flags || mir_rc_size((mir_rc)d->ops[j].temp.rc) != 1)
    return 0;
  *x = d->ops[j];
  return mod;
}

static bool is_vgpr_temp(const mir_operand *o) {
  return o->kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)o->temp.rc);
}

/* Folds fneg/fabs sources of an f32 operation into its modifiers (see the
 * header); true if ins changed. */
static bool fold_sign_mods(const wavecc_target *t, mir_instr *ins, mir_instr *const *def, uint32_t num_temps) {
  if (ins->opcode >= ISA_NUM_OPS || !f32_mod_op(ins->opcode) || ins->num_ops < 2 || ins->num_ops > 3) return false;
  mir_operand ops[3];
  bool changed = false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    ops[k] = ins->ops[k];
    mir_operand x;
    uint8_t mod = sign_op_source(&ins->ops[k], def, num_temps, &x);
    if (!mod || (ins->ops[k].flags & ~(MIR_OPND_NEG | MIR_OPND_ABS))) continue;
    uint8_t f = ins->ops[k].flags;
    if (mod == MIR_OPND_ABS) f |= MIR_OPND_ABS;
    else if (!(f & MIR_OPND_ABS)) f ^= MIR_OPND_NEG;
    ops[k] = x;
    ops[k].flags = f;
    changed = true;
  }
  /* a VOP2/VOPC src1 stays a VGPR in the VOP3 form too (the verifier's
   * and isel_valu's convention): swap a commutative operation's sources,
   * else keep src1 as it was */
  if (isa_table[ins->opcode].format != ISA_FMT_VOP3 && !is_vgpr_temp(&ops[1])) {
    bool comm = isa_sem_of(ins->opcode)->flags & ISA_S_COMMUTES;
    if (comm && is_vgpr_temp(&ops[0])) {
      mir_operand t = ops[0];
      ops[0] = ops[1];
      ops[1] = t;
    } else {
      ops[1] = ins->ops[1];
      changed = ops[0].kind != ins->ops[0].kind || ops[0].temp.id != ins->ops[0].temp.id ||
                ops[0].flags != ins->ops[0].flags;
    }
  }
  if (!changed) return false;
  /* the VOP3 form within the target's rules: the constant bus (gfx9 one
   * SGPR, GFX10+ two), a literal only where VOP3 takes one */
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ops[k];
    if (o->kind == MIR_OPND_CONST && o->size > 1) return false;
    if (o->kind == MIR_OPND_FIXED) return false;
  }
  if (!mir_valu_bus_ok(t, ins->opcode, true, ops, ins->num_ops)) return false;
  for (unsigned k = 0; k < ins->num_ops; k++) ins->ops[k] = ops[k];
  if (isa_table[ins->opcode].format != ISA_FMT_VOP3) ins->enc_flags |= MIR_ENC_VOP3;
  return true;
}

int mir_simplify(mir_program *p, diag *d) {
  (void)d;
  mir_instr **def = calloc(p->num_temps ? p->num_temps : 1, sizeof *def);
  uint32_t *uses = calloc(p->num_temps ? p->num_temps : 1, sizeof *uses);
  if (!def || !uses) { /* an optimisation only */
    free(def);
    free(uses);
    return 0;
  }
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id < p->num_temps)
          def[ins->defs[k].temp.id] = ins;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id < p->num_temps) uses[ins->ops[k].temp.id]++;
    }
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      fold_sign_mods(p->target, blk->instrs[i], def, p->num_temps);
      fold_salu_consts(blk->instrs[i], def, p->num_temps);
      fold_f64_inline(p->target, blk->instrs[i], def, p->num_temps);
      fold_valu_literals(p->target, blk->instrs[i], def, p->num_temps);
      const mir_instr *ins = blk->instrs[i];
      mir_instr *k = const_to_vgpr(p, ins, def, uses);
      if (!k) k = neg_abs(p, ins, def);
      if (!k) k = input_mask_fold(p, ins, def);
      if (!k) k = fold_lshl_add64(p, ins, def, uses);
      if (!k) k = fold_not_operand(p, ins, def, uses);
      if (!k) k = fold_bfe_shift(p, ins, def, uses);
      if (k) {
        blk->instrs[i] = k;
        continue;
      }
      int s = identity_source(ins);
      if (s < 0) s = zero_high_source(ins, def, p->num_temps);
      if (s < 0) s = perm_repack_source(ins, def, p->num_temps);
      if (s < 0) continue;
      const mir_operand *src = &ins->ops[s];
      if (src->kind != MIR_OPND_TEMP || (src->flags & MIR_OPND_FIXED_REG)) continue;
      /* A new instruction: the operand and definition arrays are laid out
       * for the opcode's counts (mir_instr_create). */
      mir_instr *copy = mir_instr_create(p, MIR_P_COPY, 1, 1);
      copy->ops[0] = *src;
      copy->ops[0].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
      copy->defs[0] = ins->defs[0];
      blk->instrs[i] = copy;
    }
  }
  free(def);
  free(uses);
  return 0;
}
