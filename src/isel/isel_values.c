/* Instruction selection: values and the instructions that build them.
 *
 * The value map (LLVM value + component -> SSA temporary or constant
 * operand; the constants' bits come from isel_const.c), inline constants
 * and literals, halves and parts of 64-bit and wider
 * temporaries, moves between the register files (SGPR -> VGPR copies,
 * v_readfirstlane_b32 back), and the small builders every selector uses:
 * VALU with operand legalisation (src1 a VGPR, one SGPR or literal on the
 * constant bus), SALU with an optional SCC result, compares, and the three
 * forms of an i1 (lane mask in an SGPR pair, 0/1 in an SGPR, SCC).
 * Operand rules: AMD "Vega Instruction Set Architecture", chapters 4
 * ("Program Flow", SCC), 6 ("Vector ALU", constant bus) and 12 (formats).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "isel/isel_internal.h"

/* ---- small helpers ------------------------------------------------------ */

mir_instr *isel_emit(isel_ctx *c, unsigned op, unsigned nops, unsigned ndefs) {
  mir_instr *ins = mir_instr_create(c->p, op, nops, ndefs);
  mir_block_append(c->p, &c->p->blocks[c->cur], ins);
  return ins;
}

mir_temp isel_tmp(isel_ctx *c, mir_rc rc) { return mir_new_temp(c->p, rc); }

void isel_unsupported(isel_ctx *c, LLVMValueRef ins, const char *what) {
  if (c->failed) return;
  char *s = ins ? LLVMPrintValueToString(ins) : NULL;
  const char *t = s ? s : "";
  while (*t == ' ') t++;
  diag_error(c->d, c->fname, "unsupported %s: %s", what, t);
  if (s) LLVMDisposeMessage(s);
  c->failed = true;
}

bool isel_is_inline_const(uint32_t v) { return mir_const_is_inline(v); }

bool isel_opnd_is_vgpr(const mir_operand *o) {
  return o->kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)o->temp.rc);
}

bool isel_opnd_is_sgpr_like(const mir_operand *o) {
  if (o->kind == MIR_OPND_TEMP) return !mir_rc_is_vgpr((mir_rc)o->temp.rc);
  if (o->kind == MIR_OPND_FIXED) return true;
  if (o->kind == MIR_OPND_CONST) return !(o->size == 1 && isel_is_inline_const(o->imm)) && o->size == 1;
  return false;
}

static bool is_literal(const mir_operand *o) {
  return o->kind == MIR_OPND_CONST && o->size == 1 && !isel_is_inline_const(o->imm);
}

isel_val *isel_val_slot(arena *mem, ptrmap *map, isel_val **vals, uint32_t *n, uint32_t *cap, LLVMValueRef v) {
  uint32_t i = ptrmap_get(map, v);
  if (i == UINT32_MAX) {
    if (*n == *cap) {
      uint32_t nc = *cap ? *cap * 2 : 256;
      *vals = arena_grow(mem, *vals, *n, nc, sizeof **vals);
      *cap = nc;
    }
    i = (*n)++;
    memset(&(*vals)[i], 0, sizeof (*vals)[i]);
    ptrmap_put(map, v, i);
  }
  return &(*vals)[i];
}

void isel_set(isel_ctx *c, LLVMValueRef v, unsigned comp, mir_temp t) {
  assert(comp < ISEL_MAX_COMPS && "wider values are refused before selection (isel_select_inst)");
  isel_val *s = isel_val_slot(c->mem, &c->vmap, &c->vals, &c->nvals, &c->capvals, v);
  s->t[comp] = t;
  if (s->n < comp + 1) s->n = (uint16_t)(comp + 1);
}

bool isel_has(isel_ctx *c, LLVMValueRef v) {
  uint32_t i = ptrmap_get(&c->vmap, v);
  return i != UINT32_MAX && c->vals[i].n; /* n = 0: selected at a use and not kept (select_on_demand) */
}

/* Is v a value its user selects together with it (isel_fuse_deferred,
 * isel_narrow_deferred), so that v gets no value where it stands? */
static bool deferred(isel_ctx *c, LLVMValueRef v) {
  if (!LLVMIsAInstruction(v) || v == c->on_demand) return false;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMShl: case LLVMLShr:
  case LLVMAShr:
    return c->hooks->fuse_deferred(c, v) || c->hooks->narrow_deferred(c, v);
  default: return false;
  }
}

/* Component comp of the deferred value v, selected here, at a use. The
 * deferral assumes v's user takes v's operands, but a consumer may look
 * through that user to v itself: isel_gep.c's index_split takes x out of
 * an index x + k, with x a mul that add(x, k) would fuse into one
 * v_mad_u64_u32 (the IR opt -O2 leaves has no such index, -O0's and
 * hand-written IR does). v is selected afresh at each such use and not
 * kept: this use may be in a block the next one's is not dominated by,
 * while v's operands, defined before v's user, dominate every use. */
static mir_operand select_on_demand(isel_ctx *c, LLVMValueRef v, unsigned comp) {
  LLVMValueRef saved = c->on_demand;
  c->on_demand = v;
  c->hooks->select_inst(c, v);
  c->on_demand = saved;
  uint32_t i = ptrmap_get(&c->vmap, v);
  if (i == UINT32_MAX || comp >= c->vals[i].n || !c->vals[i].t[comp].id) {
    isel_unsupported(c, v, "value (not selected at its use)");
    return mir_op_const(0);
  }
  mir_operand o = mir_op_temp(c->vals[i].t[comp]);
  memset(&c->vals[i], 0, sizeof c->vals[i]);
  return o;
}

mir_operand isel_get(isel_ctx *c, LLVMValueRef v, unsigned comp) {
  mir_operand da;
  if (LLVMIsAFunction(v) && c->hooks->function_address(c, v, &da)) return da;
  if ((LLVMIsAGlobalVariable(v) || LLVMIsAConstantExpr(v)) && c->hooks->data_address(c, v, &da)) return da;
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMPtrToInt &&
      (isel_type_bits(LLVMTypeOf(v)) <= 32 || isel_type_bits(LLVMTypeOf(v)) == 64) &&
      c->hooks->data_address(c, LLVMGetOperand(v, 0), &da)) {
    /* `ptrtoint (ptr addrspace(1) @g to i32)`: the 64-bit address of a
     * data global (PC-relative, isel_data.c), its low dword for an
     * integer of 32 bits or fewer (LangRef "ptrtoint" truncates) */
    unsigned w = isel_type_bits(LLVMTypeOf(v));
    if (w == 64) return da;
    mir_operand lo = isel_half_of(c, da, false);
    return w == 32 ? lo : mir_op_temp(isel_s(c, ISA_S_AND_B32, 1, lo, mir_op_const((uint32_t)((1ull << w) - 1))));
  }
  uint32_t lds;
  if (LLVMIsAConstantExpr(v) && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind &&
      LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == 0 && isel_const_lds_address(c, v, &lds)) {
    /* a constant generic pointer into an LDS variable (addrspacecast of
     * @lds, maybe under GEPs): aperture + offset, not the bare offset */
    return mir_op_temp(isel_lds_to_flat(c, mir_op_const(lds)));
  }
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMAddrSpaceCast &&
      LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == 0) {
    /* a constant LDS or private address as a generic one (null
     * included: its bits are 0, not the segment null -1, so it becomes
     * aperture:0 as llc-19 makes it); a private one only where
     * FLAT_SCRATCH is set up for accesses through it (isel_abi.c) */
    LLVMValueRef s = LLVMGetOperand(v, 0);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(s));
    if ((as == 3 || (as == 5 && c->private_flat)) && LLVMIsAConstant(s) && !LLVMIsAGlobalValue(s))
      return mir_op_temp(isel_segment_to_flat(c, isel_get(c, s, 0), as == 5));
  }
  if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v)) {
    unsigned w;
    uint64_t bits;
    if (!isel_const_component(c, v, comp, &w, &bits)) {
      mir_operand r;
      if (c->hooks->const_expr(c, v, comp, &r)) return r;
      isel_unsupported(c, v, "constant");
      return mir_op_const(0);
    }
    if (w <= 32) return mir_op_const((uint32_t)bits);
    /* 64-bit: inline constants fit directly, others go to a register */
    int64_t s = (int64_t)bits;
    if (s >= -16 && s <= 64) {
      mir_operand o = mir_op_const((uint32_t)bits);
      o.size = 2;
      return o;
    }
    mir_temp t = isel_create2(c, mir_op_const((uint32_t)bits), mir_op_const((uint32_t)(bits >> 32)), false);
    return mir_op_temp(t);
  }
  if (LLVMIsAGlobalValue(v)) {
    uint32_t off;
    if (isel_const_lds_address(c, v, &off)) return mir_op_const(off);
    isel_unsupported(c, v, "reference to a global variable outside LDS");
    return mir_op_const(0);
  }
  uint32_t i = ptrmap_get(&c->vmap, v);
  if (i == UINT32_MAX || comp >= c->vals[i].n || !c->vals[i].t[comp].id) {
    mir_temp t;
    if (i != UINT32_MAX && comp < c->vals[i].n && isel_vidx_component(c, v, comp, &t)) return mir_op_temp(t);
    if (!c->failed && deferred(c, v)) return select_on_demand(c, v, comp);
    isel_unsupported(c, v, "value (not selected before its use)");
    return mir_op_const(0);
  }
  return mir_op_temp(c->vals[i].t[comp]);
}

mir_operand isel_half_of(isel_ctx *c, mir_operand o, bool hi) {
  if (o.kind == MIR_OPND_CONST) {
    if (o.size == 2) return mir_op_const(hi ? ((int32_t)o.imm < 0 ? 0xffffffffu : 0) : o.imm);
    return mir_op_const(hi ? 0 : o.imm);
  }
  if (o.kind != MIR_OPND_TEMP || mir_rc_size((mir_rc)o.temp.rc) < 2) return hi ? mir_op_const(0) : o;
  bool v = mir_rc_is_vgpr((mir_rc)o.temp.rc);
  mir_temp d = isel_tmp(c, v ? mir_rc_v(1) : mir_rc_s(1));
  mir_instr *ins = isel_emit(c, MIR_P_EXTRACT, 2, 1);
  ins->ops[0] = o;
  ins->ops[1] = mir_op_const(hi ? 1 : 0);
  ins->defs[0] = mir_op_temp(d);
  return mir_op_temp(d);
}

mir_temp isel_extract(isel_ctx *c, mir_temp src, unsigned dword, unsigned size) {
  bool v = mir_rc_is_vgpr((mir_rc)src.rc);
  if (size == 2) {
    /* two one-dword extracts: keeps the copies SSA elimination makes
     * simple */
    mir_temp lo = isel_extract(c, src, dword, 1), hi = isel_extract(c, src, dword + 1, 1);
    return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), v);
  }
  mir_temp d = isel_tmp(c, v ? mir_rc_v(size) : mir_rc_s(size));
  mir_instr *ins = isel_emit(c, MIR_P_EXTRACT, 2, 1);
  ins->ops[0] = mir_op_temp(src);
  ins->ops[1] = mir_op_const(dword);
  ins->defs[0] = mir_op_temp(d);
  return d;
}

mir_operand isel_get_half(isel_ctx *c, LLVMValueRef v, unsigned comp, bool hi) {
  unsigned w;
  uint64_t bits;
  /* known bits; others (computed at run time) take isel_get */
  if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v) && isel_const_component(c, v, comp, &w, &bits))
    return mir_op_const((uint32_t)(hi ? bits >> 32 : bits));
  return isel_half_of(c, isel_get(c, v, comp), hi);
}

mir_temp isel_create2(isel_ctx *c, mir_operand lo, mir_operand hi, bool vgpr) {
  if (vgpr) {
    if (!isel_opnd_is_vgpr(&lo)) lo = mir_op_temp(isel_to_vgpr(c, lo, 1));
    if (!isel_opnd_is_vgpr(&hi)) hi = mir_op_temp(isel_to_vgpr(c, hi, 1));
  } else {
    if (lo.kind != MIR_OPND_TEMP) lo = mir_op_temp(isel_to_sgpr(c, lo, 1));
    if (hi.kind != MIR_OPND_TEMP) hi = mir_op_temp(isel_to_sgpr(c, hi, 1));
    if (isel_opnd_is_vgpr(&lo)) lo = mir_op_temp(isel_to_sgpr(c, lo, 1));
    if (isel_opnd_is_vgpr(&hi)) hi = mir_op_temp(isel_to_sgpr(c, hi, 1));
  }
  mir_temp d = isel_tmp(c, vgpr ? mir_rc_v(2) : mir_rc_s(2));
  mir_instr *ins = isel_emit(c, MIR_P_CREATE_VECTOR, 2, 1);
  ins->ops[0] = lo;
  ins->ops[1] = hi;
  ins->defs[0] = mir_op_temp(d);
  return d;
}

mir_temp isel_to_vgpr(isel_ctx *c, mir_operand o, unsigned dwords) {
  if (isel_opnd_is_vgpr(&o)) return o.temp;
  mir_temp d = isel_tmp(c, mir_rc_v(dwords));
  if (o.kind == MIR_OPND_CONST && dwords == 1) {
    mir_instr *ins = isel_emit(c, ISA_V_MOV_B32, 1, 1);
    ins->ops[0] = o;
    ins->defs[0] = mir_op_temp(d);
    return d;
  }
  if (o.kind == MIR_OPND_CONST) {
    mir_temp lo = isel_to_vgpr(c, isel_half_of(c, o, false), 1);
    mir_temp hi = isel_to_vgpr(c, isel_half_of(c, o, true), 1);
    return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
  }
  mir_instr *ins = isel_emit(c, MIR_P_COPY, 1, 1);
  ins->ops[0] = o;
  ins->defs[0] = mir_op_temp(d);
  return d;
}

mir_temp isel_to_sgpr(isel_ctx *c, mir_operand o, unsigned dwords) {
  if (o.kind == MIR_OPND_TEMP && !mir_rc_is_vgpr((mir_rc)o.temp.rc)) return o.temp;
  if (o.kind == MIR_OPND_CONST) {
    mir_temp d = isel_tmp(c, mir_rc_s(dwords));
    if (dwords == 2 && o.size != 2) {
      mir_temp lo = isel_to_sgpr(c, mir_op_const(o.imm), 1);
      mir_temp hi = isel_to_sgpr(c, mir_op_const(0), 1);
      return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), false);
    }
    mir_instr *ins = isel_emit(c, dwords == 2 ? ISA_S_MOV_B64 : ISA_S_MOV_B32, 1, 1);
    ins->ops[0] = o;
    ins->defs[0] = mir_op_temp(d);
    return d;
  }
  /* a uniform value in a VGPR: read it from the first active lane */
  if (dwords == 1) {
    mir_temp d = isel_tmp(c, mir_rc_s(1));
    mir_instr *ins = isel_emit(c, ISA_V_READFIRSTLANE_B32, 1, 1);
    ins->ops[0] = o;
    ins->defs[0] = mir_op_temp(d);
    return d;
  }
  mir_temp lo = isel_to_sgpr(c, isel_half_of(c, o, false), 1);
  mir_temp hi = isel_to_sgpr(c, isel_half_of(c, o, true), 1);
  return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), false);
}

mir_temp isel_uniform_to_sgpr(isel_ctx *c, mir_operand o, unsigned dwords) {
  mir_block *blk = &c->p->blocks[c->cur];
  uint32_t from = blk->num_instrs;
  mir_temp d = isel_to_sgpr(c, o, dwords);
  for (uint32_t i = from; i < blk->num_instrs; i++)
    if (blk->instrs[i]->opcode == ISA_V_READFIRSTLANE_B32) blk->instrs[i]->enc_flags |= MIR_ENC_UNIFORM;
  return d;
}

/* Width in dwords of source i of op by the ISA table's signature (1 when
 * the table does not say). */
static unsigned src_dwords(unsigned op, unsigned i) {
  const char *sig = isa_table[op].sig;
  char f;
  unsigned w = 1;
  if (!sig) return 1;
  while (isa_sig_entry(&sig, &f, &w)) {}
  if (*sig == ';') sig++;
  for (unsigned k = 0; isa_sig_entry(&sig, &f, &w); k++)
    if (k == i) return w ? w : 1;
  return 1;
}

/* May source i of VALU op carry a 32-bit literal in VOP3 (where the target
 * allows one)? Only a 32-bit source of an operation on 32-bit values: in a
 * 16-bit one llvm-mc-19 writes an f16 inline constant (0x3800 as 0.5)
 * where the builtin encoder would write the literal, and a 64-bit one
 * reads the literal as its high half. */
static bool vop3_literal_slot(unsigned op, unsigned i) {
  const isa_sem *sem = isa_sem_of(op);
  return src_dwords(op, i) == 1 && isa_type_bits((isa_type)sem->stype) == 32 && (sem->fbits == 0 || sem->fbits == 32);
}

/* Are the sources other than i all VGPRs or inline constants, so that
 * source i alone may read the constant bus as an SGPR? */
static bool only_sgpr_read(const mir_operand *srcs, unsigned nsrc, unsigned i) {
  for (unsigned k = 0; k < nsrc; k++)
    if (k != i && (is_literal(&srcs[k]) || isel_opnd_is_sgpr_like(&srcs[k]) || srcs[k].kind == MIR_OPND_UNDEF ||
                   (srcs[k].kind == MIR_OPND_CONST && srcs[k].size == 2)))
      return false;
  return true;
}

/* Would source i of op (VOP3 form or not) suit the target's rules as an
 * SGPR instead of the literal it is, with the sources after it as they
 * are (isel_valu settles them first)? */
static bool sgpr_fits(const wavecc_target *t, unsigned op, bool vop3, const mir_operand *srcs, unsigned nsrc,
                      unsigned i) {
  if (src_dwords(op, i) != 1) return false;
  mir_operand trial[8];
  if (nsrc - i > 8) return false;
  for (unsigned k = i; k < nsrc; k++) trial[k - i] = srcs[k];
  trial[0] = (mir_operand){.kind = MIR_OPND_TEMP, .preg = MIR_PREG_NONE};
  trial[0].temp.id = (1u << 24) - 2; /* a new temporary: no other source reads it */
  trial[0].temp.rc = mir_rc_s(1);
  return mir_valu_bus_ok(t, op, vop3, trial, nsrc - i);
}

/* VALU operand rules of the target (target.h const_bus_limit,
 * vop3_literal): at most the constant-bus limit of distinct SGPRs and
 * literals (gfx9 one, GFX10+ two), literals in VOP3 only where the target
 * allows one (GFX10+, in a 32-bit source), VOP2 src1 a VGPR. */
mir_instr *isel_valu(isel_ctx *c, unsigned op, mir_temp *defs, unsigned ndefs, mir_operand *srcs, unsigned nsrc,
                     bool vop3) {
  const wavecc_target *t = c->p->target;
  isa_format f = isa_table[op].format;
  bool is_vop3 = vop3 || f == ISA_FMT_VOP3;
  /* VOP2 with a non-VGPR src1: swap if commutative-friendly is the
   * caller's job; here we fall back to the VOP3 form. */
  /* VOP2/VOPC src1 stays a VGPR even in the VOP3 form: the shared
   * signature says so, and it keeps the 32-bit encoding available. The
   * exception: a VOP2 with an SGPR carry or mask (v_addc_co_u32,
   * v_cndmask_b32 with two definitions or three sources) is VOP3 only
   * as long as the allocator does not give that operand VCC; an inline
   * constant there (v_cndmask 0, 1, s[..]; v_addc 0, 0, s[..]) costs no
   * v_mov, and the printer and encoder choose VOP3 for it
   * (mir_needs_vop3). */
  bool mask_form = f == ISA_FMT_VOP2 && (ndefs > 1 || nsrc > 2);
  bool inline_src1 = nsrc >= 2 && srcs[1].kind == MIR_OPND_CONST && srcs[1].size == 1 && !is_literal(&srcs[1]);
  /* Likewise an inline constant in src1 when src0 is not a VGPR (x * 2.0
   * of a uniform x: v_mul_f32_e64 v, s, 2.0 as llc-19, not a v_mov_b32 of
   * the constant first); with a VGPR src0 the caller's order stands (a
   * commutative operation puts the constant first for the 32-bit form). */
  if ((f == ISA_FMT_VOP2 || f == ISA_FMT_VOPC) && inline_src1 && !mask_form && !isel_opnd_is_vgpr(&srcs[0]))
    is_vop3 = true;
  /* and a literal in a select's src1 where VOP3 takes one (GFX10+:
   * v_cndmask_b32_e64 v, 0, 0xffffffe0, s as llc-19), not a v_mov_b32 to
   * a VGPR that licm then keeps live through a loop (mri_q.cl's libclc
   * sin/cos) */
  bool literal_src1 = mask_form && nsrc >= 2 && is_literal(&srcs[1]) && t->vop3_literal && vop3_literal_slot(op, 1);
  if ((f == ISA_FMT_VOP2 || f == ISA_FMT_VOPC) && nsrc >= 2 && !isel_opnd_is_vgpr(&srcs[1]) &&
      !((mask_form || is_vop3) && (inline_src1 || literal_src1)))
    srcs[1] = mir_op_temp(isel_to_vgpr(c, srcs[1], srcs[1].kind == MIR_OPND_TEMP ? mir_rc_size((mir_rc)srcs[1].temp.rc) : (srcs[1].size == 2 ? 2 : 1)));
  if (!is_vop3 && (f == ISA_FMT_VOPC || ndefs > 1 || nsrc > 2)) is_vop3 = true;
  /* last operand first: a trailing lane mask (v_cndmask, v_addc) must
   * keep the constant bus, the other operands move to VGPRs while the
   * sources from i on break the target's rules */
  for (unsigned i = nsrc; i-- > 0;) {
    mir_operand *s = &srcs[i];
    if (s->kind == MIR_OPND_CONST && s->size == 2) continue; /* 64-bit inline constant */
    bool lit = is_literal(s);
    if (!lit && !isel_opnd_is_sgpr_like(s)) continue;
    if (!(lit && is_vop3 && !vop3_literal_slot(op, i)) && mir_valu_bus_ok(t, op, is_vop3, s, nsrc - i)) continue;
    if (lit && is_vop3 && only_sgpr_read(srcs, nsrc, i)) {
      /* a VOP3 literal the target lacks (gfx9), the only constant-bus
       * read: an s_mov_b32 to an SGPR (as llc-19), SALU not VALU */
      *s = mir_op_temp(isel_to_sgpr(c, *s, 1));
      continue;
    }
    if (lit && sgpr_fits(t, op, is_vop3, srcs, nsrc, i)) {
      /* a literal over the target's one (v_and_or_b32 x, 0x7fffff,
       * 0x800000; v_fma_f32 x, k1, k2 of a polynomial) where the constant
       * bus has room for an SGPR (GFX10+: two reads): an s_mov_b32, as
       * llc-19, not a v_mov_b32. The constant is uniform, so a VGPR holds
       * it in every lane for nothing, and licm hoists it out of loops:
       * bench/real mri_q.cl (libclc sin/cos) kept six such VGPRs live
       * through its loop at gfx1030 (40 VGPRs, llc-19 32). */
      *s = mir_op_temp(isel_to_sgpr(c, *s, 1));
      continue;
    }
    unsigned dw = s->kind == MIR_OPND_TEMP ? mir_rc_size((mir_rc)s->temp.rc) : 1;
    uint8_t mods = s->flags & (MIR_OPND_NEG | MIR_OPND_ABS); /* source modifiers stay on the copy */
    s->flags &= (uint8_t)~mods;
    *s = mir_op_temp(isel_to_vgpr(c, *s, dw));
    s->flags |= mods;
  }
  mir_instr *ins = isel_emit(c, op, nsrc, ndefs);
  for (unsigned i = 0; i < nsrc; i++) ins->ops[i] = srcs[i];
  for (unsigned i = 0; i < ndefs; i++) ins->defs[i] = mir_op_temp(defs[i]);
  if (is_vop3 && f != ISA_FMT_VOP3) ins->enc_flags |= MIR_ENC_VOP3;
  return ins;
}

mir_temp isel_v1(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  mir_operand s[2] = {a, b};
  isel_valu(c, op, &d, 1, s, 2, false);
  return d;
}

mir_temp isel_v1_3(isel_ctx *c, unsigned op, mir_operand a, mir_operand b, mir_operand s2) {
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  mir_operand s[3] = {a, b, s2};
  isel_valu(c, op, &d, 1, s, 3, true);
  return d;
}

mir_temp isel_v1_1(isel_ctx *c, unsigned op, mir_operand a) {
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  mir_operand s[1] = {a};
  isel_valu(c, op, &d, 1, s, 1, false);
  return d;
}

/* SALU: at most one literal; VGPR operands are read back first. */
static void legalise_salu(isel_ctx *c, mir_operand *a, mir_operand *b) {
  if (a->kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)a->temp.rc))
    *a = mir_op_temp(isel_to_sgpr(c, *a, mir_rc_size((mir_rc)a->temp.rc)));
  if (b && b->kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)b->temp.rc))
    *b = mir_op_temp(isel_to_sgpr(c, *b, mir_rc_size((mir_rc)b->temp.rc)));
  if (b && is_literal(a) && is_literal(b)) *a = mir_op_temp(isel_to_sgpr(c, *a, 1));
}

mir_temp isel_s_scc(isel_ctx *c, unsigned op, unsigned dwords, mir_operand a, mir_operand b, mir_temp *scc) {
  legalise_salu(c, &a, &b);
  mir_temp d = isel_tmp(c, mir_rc_s(dwords));
  mir_instr *ins = isel_emit(c, op, 2, scc ? 2 : 1);
  ins->ops[0] = a;
  ins->ops[1] = b;
  ins->defs[0] = mir_op_temp(d);
  if (scc) {
    *scc = isel_tmp(c, mir_rc_s(1));
    ins->defs[1] = mir_op_temp(*scc);
    ins->defs[1].flags |= MIR_OPND_FIXED_REG;
    ins->defs[1].preg = MIR_PREG_SCC;
  }
  return d;
}

mir_temp isel_s(isel_ctx *c, unsigned op, unsigned dwords, mir_operand a, mir_operand b) {
  return isel_s_scc(c, op, dwords, a, b, NULL);
}

mir_temp isel_scmp(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  legalise_salu(c, &a, &b);
  mir_temp scc = isel_tmp(c, mir_rc_s(1));
  mir_instr *ins = isel_emit(c, op, 2, 1);
  ins->ops[0] = a;
  ins->ops[1] = b;
  ins->defs[0] = isel_scc_operand(scc);
  return scc;
}

static mir_temp cselect(isel_ctx *c, unsigned dwords, mir_operand t, mir_operand f, mir_temp scc) {
  mir_temp d = isel_tmp(c, mir_rc_s(dwords));
  mir_instr *ins = isel_emit(c, dwords == 2 ? ISA_S_CSELECT_B64 : ISA_S_CSELECT_B32, 3, 1);
  ins->ops[0] = t;
  ins->ops[1] = f;
  ins->ops[2] = isel_scc_operand(scc);
  ins->defs[0] = mir_op_temp(d);
  return d;
}

mir_temp isel_scc_to_bool(isel_ctx *c, mir_temp scc) {
  return cselect(c, 1, mir_op_const(1), mir_op_const(0), scc);
}

mir_temp isel_vcmp(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  mir_temp d = isel_lane_tmp(c);
  /* VOPC's src1 must be a VGPR: a scalar or constant second source goes
   * first, with the compare that swaps (a < b is b > a; the table's
   * semantics, for every width). */
  if (!isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a) && isa_cmp_swapped(op) != ISA_NUM_OPS) {
    mir_operand t = a;
    a = b;
    b = t;
    op = isa_cmp_swapped(op);
  }
  mir_operand s[2] = {a, b};
  isel_valu(c, op, &d, 1, s, 2, true);
  return d;
}


/* i1 as a lane mask (isel_lane_rc). */
static bool live_scc_of_bool(isel_ctx *c, mir_temp t, mir_temp *scc, uint32_t *at);

mir_temp isel_mask_of(isel_ctx *c, LLVMValueRef v, unsigned comp) {
  mir_operand o = isel_get(c, v, comp);
  /* a constant with known bits; a constant expression computed in a
   * register (`ptrtoint (ptr addrspace(1) @g to i1)`: the low bit of a
   * PC-relative address, isel_get's s_and_b32) takes the paths below */
  if (o.kind == MIR_OPND_CONST && LLVMIsAConstant(v)) return isel_lane_const(c, o.imm != 0);
  if (o.kind != MIR_OPND_TEMP) {
    mir_temp t = isel_to_sgpr(c, o, isel_lane_dw(c));
    isel_lane_mark(c, t);
    return t;
  }
  if (isel_is_lane_mask(c, &o)) return o.temp;
  /* A uniform boolean read as a mask again in the block that made its
   * mask (a select of a vector by one condition: one per element) reuses
   * that mask: cse keeps each s_cselect_b64, as it reads SCC. */
  bool scalar = LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind;
  if (scalar && c->bmask_temp.cap && ptrmap_get(&c->bmask_block, v) == c->cur) {
    uint32_t id = ptrmap_get(&c->bmask_temp, v);
    return (mir_temp){.id = id, .rc = isel_lane_rc(c)};
  }
  /* boolean 0/1 in an SGPR (or VGPR); a compare's SCC when it is still
   * live here (no s_cmp_lg_u32 of its s_cselect_b32 1, 0, which dce then
   * drops when nothing else reads it) */
  mir_temp b = isel_to_sgpr(c, o, 1), scc;
  uint32_t at;
  if (!live_scc_of_bool(c, b, &scc, &at)) scc = isel_scmp(c, ISA_S_CMP_LG_U32, mir_op_temp(b), mir_op_const(0));
  mir_temp m = cselect(c, isel_lane_dw(c), isel_lane_const_operand(c, true), isel_lane_const_operand(c, false), scc);
  isel_lane_mark(c, m);
  if (scalar) {
    if (!c->bmask_temp.cap) {
      ptrmap_init(&c->bmask_temp, c->mem, 16);
      ptrmap_init(&c->bmask_block, c->mem, 16);
    }
    ptrmap_put(&c->bmask_temp, v, m.id);
    ptrmap_put(&c->bmask_block, v, c->cur);
  }
  return m;
}

/* i1 into SCC for a uniform branch. */
mir_temp isel_scc_of(isel_ctx *c, LLVMValueRef v) {
  mir_operand o = isel_get(c, v, 0);
  if (isel_is_lane_mask(c, &o)) {
    mir_temp scc;
    isel_lane_s_scc(c, WAVECC_LANE_AND, o, isel_exec_operand(c), &scc);
    return scc;
  }
  if (o.kind == MIR_OPND_CONST) o = mir_op_temp(isel_to_sgpr(c, o, 1));
  return isel_scmp(c, ISA_S_CMP_LG_U32, o, mir_op_const(0));
}

/* The SCC temporary of `s_cselect_b32 t, 1, 0, scc` defining `t` in the
 * current block when SCC still holds it (no instruction since writes SCC
 * or is a pseudo op that may expand to SCC writes); its position in *at.
 * Returns false otherwise. */
static bool live_scc_of_bool(isel_ctx *c, mir_temp t, mir_temp *scc, uint32_t *at) {
  mir_block *blk = &c->p->blocks[c->cur];
  for (uint32_t i = blk->num_instrs; i-- > 0;) {
    mir_instr *ins = blk->instrs[i];
    if (ins->opcode >= ISA_NUM_OPS) return false;
    for (unsigned k = 0; k < ins->num_defs; k++) {
      const mir_operand *d = &ins->defs[k];
      if (d->kind == MIR_OPND_TEMP && d->temp.id == t.id) {
        if (ins->opcode != ISA_S_CSELECT_B32 || ins->num_ops != 3 || ins->ops[0].kind != MIR_OPND_CONST ||
            ins->ops[0].imm != 1 || ins->ops[1].kind != MIR_OPND_CONST || ins->ops[1].imm != 0 ||
            ins->ops[2].kind != MIR_OPND_TEMP)
          return false;
        *scc = ins->ops[2].temp;
        *at = i;
        return true;
      }
      if (d->preg == MIR_PREG_SCC) return false;
    }
    if (isa_table[ins->opcode].flags & ISA_F_WRITES_SCC) return false;
  }
  return false;
}

/* i1 into SCC for the uniform conditional branch that ends the current
 * block. A uniform compare is selected as s_cmp + s_cselect_b32 1, 0 (the
 * i1 as an SGPR 0/1); when SCC still holds that compare here, the branch
 * reads it directly (no s_cmp_lg_u32 of the 0/1 value), and when the
 * branch is the i1's only use the s_cselect goes too. */
mir_temp isel_branch_scc(isel_ctx *c, LLVMValueRef cond) {
  mir_operand o = isel_get(c, cond, 0);
  mir_temp scc;
  uint32_t at;
  if (o.kind == MIR_OPND_TEMP && mir_rc_size((mir_rc)o.temp.rc) == 1 && live_scc_of_bool(c, o.temp, &scc, &at)) {
    LLVMUseRef u = LLVMGetFirstUse(cond);
    if (u && !LLVMGetNextUse(u)) {
      mir_block *blk = &c->p->blocks[c->cur];
      memmove(&blk->instrs[at], &blk->instrs[at + 1], (blk->num_instrs - at - 1) * sizeof blk->instrs[0]);
      blk->num_instrs--;
    }
    return scc;
  }
  return isel_scc_of(c, cond);
}

/* i1 -> VGPR holding tval or 0 per lane. */
mir_temp isel_bool_to_vgpr(isel_ctx *c, LLVMValueRef v, unsigned comp, uint32_t tval) {
  mir_temp m = isel_mask_of(c, v, comp);
  return isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_const(tval), mir_op_temp(m));
}

/* A group-segment (LDS) address as a generic one: AMDGPUUsage, Address
 * Spaces (the shared aperture in the high dword). */
mir_temp isel_lds_to_flat(isel_ctx *c, mir_operand a) { return isel_segment_to_flat(c, a, false); }

mir_temp isel_segment_to_flat(isel_ctx *c, mir_operand a, bool private_seg) {
  /* the aperture's high half from SH_MEM_BASES (s_getreg_b32
   * hwreg(15, 16, 16) << 16 for the shared one, hwreg(15, 0, 16) << 16
   * for the private one: bits [63:48] of each); the segment null pointer
   * (-1) becomes the generic null */
  mir_temp ap = isel_tmp(c, mir_rc_s(1));
  mir_instr *gr = isel_emit(c, ISA_S_GETREG_B32, 0, 1);
  gr->offset = 15 | ((private_seg ? 0 : 16) << 6) | (15 << 11);
  gr->defs[0] = mir_op_temp(ap);
  mir_temp hi = isel_s(c, ISA_S_LSHL_B32, 1, mir_op_temp(ap), mir_op_const(16));
  /* A constant address (an LDS variable's offset) is never the segment
   * null unless it is -1: aperture:offset as an SGPR pair, no compare. A
   * uniform one in an SGPR: the null test on SCC (s_cmp_lg_u32 +
   * s_cselect_b64 of the pair). f_waitcnt_capacity_flat's `sel ? gin :
   * (int *)lds` built the constant's pair with v_cmp + two v_cndmask and
   * then selected between the pointers with VALU code too (gfx900, 2 of its
   * 178 executed instructions and 9 more in the select). */
  if (a.kind == MIR_OPND_CONST && a.size <= 1) {
    if ((uint32_t)a.imm == 0xffffffffu) return isel_create2(c, mir_op_const(0), mir_op_const(0), false);
    return isel_create2(c, a, mir_op_temp(hi), false);
  }
  if (a.kind == MIR_OPND_TEMP && !isel_opnd_is_vgpr(&a)) {
    mir_temp pair = isel_create2(c, a, mir_op_temp(hi), false);
    mir_temp nn = isel_scmp(c, ISA_S_CMP_LG_U32, a, mir_op_const(0xffffffffu));
    mir_operand z = mir_op_const(0);
    z.size = 2;
    return cselect(c, 2, mir_op_temp(pair), z, nn);
  }
  mir_temp lo = isel_to_vgpr(c, a, 1);
  mir_temp nn = isel_vcmp(c, ISA_V_CMP_NE_U32, mir_op_const(0xffffffffu), mir_op_temp(lo));
  mir_temp rlo = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_temp(lo), mir_op_temp(nn));
  mir_temp rhi = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_temp(isel_to_vgpr(c, mir_op_temp(hi), 1)),
                           mir_op_temp(nn));
  return isel_create2(c, mir_op_temp(rlo), mir_op_temp(rhi), true);
}
