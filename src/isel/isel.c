/* Instruction selection: LLVM IR kernel -> SSA machine IR.
 *
 * Algorithm: a single walk over the LLVM blocks in reverse post-order (the
 * order divergence analysis computed), one machine block per LLVM block,
 * each instruction expanded by a per-opcode selector (isel_alu.c,
 * isel_mem.c). Values map to SSA temporaries whose register class comes
 * from the divergence result: uniform -> SGPR, divergent -> VGPR (lane
 * masks in SGPR pairs for divergent i1). Uniform values the SALU cannot
 * compute (floating point, VMEM loads) live in VGPRs and are read back
 * with v_readfirstlane_b32 where an SGPR is required.
 *
 * Control flow, after Mesa ACO's isel (logical vs linear CFG):
 *  - uniform branch: s_cmp -> p_cbranch_scc; logical = linear edges.
 *  - divergent branches: structured EXEC-mask regions (nested ifs, loops
 *    with divergent exits) by isel_struct.c when the CFG has their shapes;
 *    otherwise the shapes `if-then` and `if-then-else` whose arms are
 *    single blocks are handled here:
 *        B: saved = s_and_saveexec_b64 cond; s_cbranch_execz E
 *        T: then-arm                      (logical B->T->J, linear T->E)
 *        E: exec = saved & ~exec; s_cbranch_execz J   (linear only)
 *        F: else-arm, maybe empty         (logical B->F->J, linear E->F->J)
 *        J: exec |= saved
 *    so copies for J's phis from either arm run under that arm's lanes.
 *  - any other divergent control flow (loops with divergent exits, nested
 *    divergent regions): the whole kernel is lowered by masked
 *    linearisation instead (isel_cf.c). Irreducible control flow and
 *    multi-level loop exits are reported as unsupported, never
 *    miscompiled.
 *
 * The kernel ABI (AMDGPUUsage "Initial Kernel Execution State", "Code
 * Object V5 Metadata"): user SGPRs dispatch ptr (when used) and kernarg
 * segment ptr, system SGPRs workgroup ids, v0..v2 work-item ids; explicit
 * arguments at their ABI size/alignment, hidden arguments after them at an
 * 8-byte-aligned offset, 256 bytes, listed like llc-19 lists them.
 */
#include "isel/isel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "isel/isel_internal.h"

#include "util/bitset.h"

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

bool isel_is_inline_const(uint32_t v) {
  int32_t s = (int32_t)v;
  if (s >= -16 && s <= 64) return true;
  switch (v) {
  case 0x3f000000: case 0xbf000000: case 0x3f800000: case 0xbf800000:
  case 0x40000000: case 0xc0000000: case 0x40800000: case 0xc0800000:
  case 0x3e22f983:
    return true;
  default:
    return false;
  }
}

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

unsigned isel_type_bits(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMFloatTypeKind: return 32;
  case LLVMHalfTypeKind: case LLVMBFloatTypeKind: return 16;
  case LLVMDoubleTypeKind: return 64;
  case LLVMPointerTypeKind: {
    unsigned as = LLVMGetPointerAddressSpace(t);
    return (as == 3 || as == 5 || as == 2 || as == 6) ? 32 : (as == 7 ? 160 : (as == 8 ? 128 : 64));
  }
  case LLVMVectorTypeKind: return isel_type_bits(LLVMGetElementType(t));
  default: return 0;
  }
}

unsigned isel_num_comps(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
}

LLVMTypeRef isel_scalar_type(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

void isel_set(isel_ctx *c, LLVMValueRef v, unsigned comp, mir_temp t) {
  uint32_t i = ptrmap_get(&c->vmap, v);
  if (i == UINT32_MAX) {
    if (c->nvals == c->capvals) {
      uint32_t nc = c->capvals ? c->capvals * 2 : 256;
      c->vals = arena_grow(c->mem, c->vals, c->nvals, nc, sizeof *c->vals);
      c->capvals = nc;
    }
    i = c->nvals++;
    memset(&c->vals[i], 0, sizeof c->vals[i]);
    ptrmap_put(&c->vmap, v, i);
  }
  c->vals[i].t[comp] = t;
  if (c->vals[i].n < comp + 1) c->vals[i].n = (uint8_t)(comp + 1);
}

bool isel_has(isel_ctx *c, LLVMValueRef v) { return ptrmap_get(&c->vmap, v) != UINT32_MAX; }

/* LDS address (byte offset) of a constant expression rooted at an
 * addrspace(3) global; false if it is something else. */
static bool const_lds_address(isel_ctx *c, LLVMValueRef v, uint32_t *out) {
  if (LLVMIsAGlobalVariable(v)) {
    uint32_t off = ptrmap_get(&c->lds_globals, v);
    if (off == UINT32_MAX) return false;
    *out = off;
    return true;
  }
  if (!LLVMIsAConstantExpr(v)) return false;
  LLVMOpcode op = LLVMGetConstOpcode(v);
  if (op == LLVMBitCast || op == LLVMAddrSpaceCast) return const_lds_address(c, LLVMGetOperand(v, 0), out);
  if (op != LLVMGetElementPtr) return false;
  uint32_t base;
  if (!const_lds_address(c, LLVMGetOperand(v, 0), &base)) return false;
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(v);
  int n = LLVMGetNumOperands(v);
  int64_t off = 0;
  for (int i = 1; i < n; i++) {
    LLVMValueRef idx = LLVMGetOperand(v, i);
    if (!LLVMIsAConstantInt(idx)) return false;
    int64_t k = LLVMConstIntGetSExtValue(idx);
    if (i == 1) {
      off += k * (int64_t)LLVMABISizeOfType(c->td, ty);
    } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
      off += (int64_t)LLVMOffsetOfElement(c->td, ty, (unsigned)k);
      ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
    } else {
      ty = LLVMGetElementType(ty);
      off += k * (int64_t)LLVMABISizeOfType(c->td, ty);
    }
  }
  *out = (uint32_t)(base + off);
  return true;
}

/* Bits of a scalar constant (low 64). Returns false if not a constant
 * wavecc can encode. */
bool isel_fp_const_bits(LLVMValueRef k, uint64_t *bits) {
  unsigned w;
  switch (LLVMGetTypeKind(LLVMTypeOf(k))) {
  case LLVMHalfTypeKind: case LLVMBFloatTypeKind: w = 16; break;
  case LLVMFloatTypeKind: w = 32; break;
  case LLVMDoubleTypeKind: w = 64; break;
  default: return false;
  }
  /* The constant folder's bitcast is APFloat::bitcastToAPInt: exact. */
  LLVMValueRef i = LLVMConstBitCast(k, LLVMIntTypeInContext(LLVMGetTypeContext(LLVMTypeOf(k)), w));
  if (!LLVMIsAConstantInt(i)) return false;
  *bits = LLVMConstIntGetZExtValue(i);
  return true;
}

static bool const_bits(isel_ctx *c, LLVMValueRef v, uint64_t *bits) {
  if (LLVMIsUndef(v) || LLVMIsPoison(v) || LLVMIsAConstantAggregateZero(v) || LLVMIsAConstantPointerNull(v)) {
    *bits = 0;
    return true;
  }
  if (LLVMIsAConstantInt(v)) {
    *bits = (uint64_t)LLVMConstIntGetSExtValue(v);
    if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1) *bits &= 1;
    return true;
  }
  if (LLVMIsAConstantFP(v)) return isel_fp_const_bits(v, bits);
  uint32_t off;
  /* only as an LDS pointer: a generic pointer to LDS needs the aperture */
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == 3 &&
      const_lds_address(c, v, &off)) {
    *bits = off;
    return true;
  }
  return false;
}

mir_operand isel_get(isel_ctx *c, LLVMValueRef v, unsigned comp) {
  mir_operand da;
  if (LLVMIsAFunction(v) && isel_function_address(c, v, &da)) return da;
  if ((LLVMIsAGlobalVariable(v) || LLVMIsAConstantExpr(v)) && isel_data_address(c, v, &da)) return da;
  uint32_t lds;
  if (LLVMIsAConstantExpr(v) && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind &&
      LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == 0 && const_lds_address(c, v, &lds)) {
    /* a constant generic pointer into an LDS variable (addrspacecast of
     * @lds, maybe under GEPs): aperture + offset, not the bare offset */
    return mir_op_temp(isel_lds_to_flat(c, mir_op_const(lds)));
  }
  if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v)) {
    LLVMValueRef e = v;
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind && !LLVMIsUndef(v) && !LLVMIsPoison(v) &&
        !LLVMIsAConstantAggregateZero(v))
      e = LLVMGetAggregateElement(v, comp);
    uint64_t bits;
    if (!e || !const_bits(c, e, &bits)) {
      isel_unsupported(c, v, "constant");
      return mir_op_const(0);
    }
    unsigned w = isel_type_bits(LLVMTypeOf(e));
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
    if (const_lds_address(c, v, &off)) return mir_op_const(off);
    isel_unsupported(c, v, "reference to a global variable outside LDS");
    return mir_op_const(0);
  }
  uint32_t i = ptrmap_get(&c->vmap, v);
  if (i == UINT32_MAX || comp >= c->vals[i].n || !c->vals[i].t[comp].id) {
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
  if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v)) {
    LLVMValueRef e = v;
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind && !LLVMIsUndef(v) && !LLVMIsPoison(v) &&
        !LLVMIsAConstantAggregateZero(v))
      e = LLVMGetAggregateElement(v, comp);
    uint64_t bits;
    if (!e || !const_bits(c, e, &bits)) {
      isel_unsupported(c, v, "constant");
      return mir_op_const(0);
    }
    return mir_op_const((uint32_t)(hi ? bits >> 32 : bits));
  }
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

/* gfx9 VALU operand rules: at most one SGPR or literal (the constant bus),
 * no literal in VOP3, VOP2 src1 must be a VGPR. */
mir_instr *isel_valu(isel_ctx *c, unsigned op, mir_temp *defs, unsigned ndefs, mir_operand *srcs, unsigned nsrc,
                     bool vop3) {
  isa_format f = isa_table[op].format;
  bool is_vop3 = vop3 || f == ISA_FMT_VOP3;
  /* VOP2 with a non-VGPR src1: swap if commutative-friendly is the
   * caller's job; here we fall back to the VOP3 form. */
  /* VOP2/VOPC src1 stays a VGPR even in the VOP3 form: the shared
   * signature says so, and it keeps the 32-bit encoding available */
  if ((f == ISA_FMT_VOP2 || f == ISA_FMT_VOPC) && nsrc >= 2 && !isel_opnd_is_vgpr(&srcs[1]))
    srcs[1] = mir_op_temp(isel_to_vgpr(c, srcs[1], srcs[1].kind == MIR_OPND_TEMP ? mir_rc_size((mir_rc)srcs[1].temp.rc) : (srcs[1].size == 2 ? 2 : 1)));
  if (!is_vop3 && (f == ISA_FMT_VOPC || ndefs > 1 || nsrc > 2)) is_vop3 = true;
  bool bus_used = false;
  mir_temp bus_temp = {0};
  /* last operand first: a trailing lane mask (v_cndmask, v_addc) must
   * keep the constant bus, the other operands move to VGPRs */
  for (unsigned i = nsrc; i-- > 0;) {
    mir_operand *s = &srcs[i];
    if (s->kind == MIR_OPND_CONST && s->size == 2) continue; /* 64-bit inline constant */
    if (is_vop3 && is_literal(s)) {
      *s = mir_op_temp(isel_to_vgpr(c, *s, 1));
      continue;
    }
    if (!isel_opnd_is_sgpr_like(s)) continue;
    if (s->kind == MIR_OPND_TEMP && bus_used && bus_temp.id == s->temp.id) continue;
    if (!bus_used) {
      bus_used = true;
      if (s->kind == MIR_OPND_TEMP) bus_temp = s->temp;
      continue;
    }
    unsigned dw = s->kind == MIR_OPND_TEMP ? mir_rc_size((mir_rc)s->temp.rc) : 1;
    *s = mir_op_temp(isel_to_vgpr(c, *s, dw));
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
  ins->defs[0] = mir_op_temp(scc);
  ins->defs[0].flags |= MIR_OPND_FIXED_REG;
  ins->defs[0].preg = MIR_PREG_SCC;
  return scc;
}

static mir_operand scc_use(mir_temp scc) {
  mir_operand o = mir_op_temp(scc);
  o.flags |= MIR_OPND_FIXED_REG;
  o.preg = MIR_PREG_SCC;
  return o;
}

static mir_temp cselect(isel_ctx *c, unsigned dwords, mir_operand t, mir_operand f, mir_temp scc) {
  mir_temp d = isel_tmp(c, mir_rc_s(dwords));
  mir_instr *ins = isel_emit(c, dwords == 2 ? ISA_S_CSELECT_B64 : ISA_S_CSELECT_B32, 3, 1);
  ins->ops[0] = t;
  ins->ops[1] = f;
  ins->ops[2] = scc_use(scc);
  ins->defs[0] = mir_op_temp(d);
  return d;
}

mir_temp isel_scc_to_bool(isel_ctx *c, mir_temp scc) {
  return cselect(c, 1, mir_op_const(1), mir_op_const(0), scc);
}

/* The compare with swapped operands (a < b == b > a). */
static unsigned vcmp_swapped(unsigned op) {
  static const struct { unsigned a, b; } sw[] = {
      {ISA_V_CMP_LT_F32, ISA_V_CMP_GT_F32}, {ISA_V_CMP_LE_F32, ISA_V_CMP_GE_F32},
      {ISA_V_CMP_NGE_F32, ISA_V_CMP_NLE_F32}, {ISA_V_CMP_NGT_F32, ISA_V_CMP_NLT_F32},
      {ISA_V_CMP_LT_I32, ISA_V_CMP_GT_I32}, {ISA_V_CMP_LE_I32, ISA_V_CMP_GE_I32},
      {ISA_V_CMP_LT_U32, ISA_V_CMP_GT_U32}, {ISA_V_CMP_LE_U32, ISA_V_CMP_GE_U32},
      {ISA_V_CMP_LT_I64, ISA_V_CMP_GT_I64}, {ISA_V_CMP_LE_I64, ISA_V_CMP_GE_I64},
      {ISA_V_CMP_LT_U64, ISA_V_CMP_GT_U64}, {ISA_V_CMP_LE_U64, ISA_V_CMP_GE_U64},
  };
  for (unsigned i = 0; i < sizeof sw / sizeof sw[0]; i++) {
    if (sw[i].a == op) return sw[i].b;
    if (sw[i].b == op) return sw[i].a;
  }
  if (op == ISA_V_CMP_CLASS_F32) return ISA_NUM_OPS; /* operands have different roles */
  return op; /* symmetric: eq, ne, lg, o, u, nlg, neq */
}

mir_temp isel_vcmp(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  mir_temp d = isel_tmp(c, mir_rc_s(2));
  if (!isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a) && vcmp_swapped(op) != ISA_NUM_OPS) {
    mir_operand t = a;
    a = b;
    b = t;
    op = vcmp_swapped(op);
  }
  mir_operand s[2] = {a, b};
  isel_valu(c, op, &d, 1, s, 2, true);
  return d;
}

static mir_operand exec_op(void) { return mir_op_fixed(MIR_PREG_EXEC, 2); }

/* i1 as a lane mask (s2). */
mir_temp isel_mask_of(isel_ctx *c, LLVMValueRef v, unsigned comp) {
  if (LLVMIsAConstantInt(v) || LLVMIsUndef(v) || LLVMIsPoison(v) || LLVMIsAConstant(v)) {
    mir_operand o = isel_get(c, v, comp);
    mir_operand m = mir_op_const(o.imm ? 0xffffffffu : 0);
    m.size = 2;
    return isel_to_sgpr(c, m, 2);
  }
  mir_operand o = isel_get(c, v, comp);
  if (o.kind != MIR_OPND_TEMP) return isel_to_sgpr(c, o, 2);
  if (mir_rc_size((mir_rc)o.temp.rc) == 2) return o.temp;
  /* boolean 0/1 in an SGPR (or VGPR) */
  mir_temp b = isel_to_sgpr(c, o, 1);
  mir_temp scc = isel_scmp(c, ISA_S_CMP_LG_U32, mir_op_temp(b), mir_op_const(0));
  mir_operand all = mir_op_const(0xffffffffu);
  all.size = 2;
  mir_operand none = mir_op_const(0);
  none.size = 2;
  return cselect(c, 2, all, none, scc);
}

/* i1 into SCC for a uniform branch. */
mir_temp isel_scc_of(isel_ctx *c, LLVMValueRef v) {
  mir_operand o = isel_get(c, v, 0);
  if (o.kind == MIR_OPND_TEMP && mir_rc_size((mir_rc)o.temp.rc) == 2) {
    mir_temp scc;
    isel_s_scc(c, ISA_S_AND_B64, 2, o, exec_op(), &scc);
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

/* ---- control flow -------------------------------------------------------- */

typedef struct cf_plan {
  uint32_t *mir;        /* LLVM RPO index -> machine block */
  uint32_t *npreds;     /* LLVM predecessors per block */
  uint8_t *done;        /* selected as part of a divergent if */
  mir_temp *join_saved; /* by LLVM block: exec to restore at its start */
  uint32_t *mir_to_llvm;/* machine block -> LLVM block whose edges it ends (UINT32_MAX: none) */
} cf_plan;

static uint32_t llvm_idx(isel_ctx *c, LLVMBasicBlockRef bb) { return divergence_block_index(c->di, bb); }

/* If-then / if-then-else shape at divergent branch block b: fills T, F
 * (UINT32_MAX for an empty else) and J; true if matched. */
static bool match_if(isel_ctx *c, cf_plan *pl, uint32_t b, uint32_t *T, uint32_t *F, uint32_t *J, bool *invert) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
  uint32_t s0 = llvm_idx(c, LLVMGetSuccessor(term, 0)), s1 = llvm_idx(c, LLVMGetSuccessor(term, 1));
  if (s0 == UINT32_MAX || s1 == UINT32_MAX || s0 == s1) return false;
  uint32_t succ_of[2] = {UINT32_MAX, UINT32_MAX};
  uint32_t ss[2] = {s0, s1};
  for (int k = 0; k < 2; k++) {
    if (ss[k] <= b || pl->npreds[ss[k]] != 1) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->di->blocks[ss[k]]);
    if (LLVMGetInstructionOpcode(t) == LLVMBr && !LLVMIsConditional(t))
      succ_of[k] = llvm_idx(c, LLVMGetSuccessor(t, 0));
  }
  /* if-then-else */
  if (succ_of[0] != UINT32_MAX && succ_of[0] == succ_of[1] && pl->npreds[succ_of[0]] == 2) {
    *invert = s1 < s0; /* the arm first in RPO is "then" */
    *T = *invert ? s1 : s0;
    *F = *invert ? s0 : s1;
    *J = succ_of[0];
    return true;
  }
  for (int k = 0; k < 2; k++) {
    if (succ_of[k] == ss[1 - k] && pl->npreds[ss[1 - k]] == 2) {
      *T = ss[k];
      *F = UINT32_MAX;
      *J = ss[1 - k];
      *invert = k == 1;
      return true;
    }
  }
  return false;
}

static void emit_branch(isel_ctx *c, uint32_t target) {
  mir_instr *br = isel_emit(c, MIR_P_BRANCH, 1, 0);
  br->ops[0] = mir_op_block(target);
}

static void edge(isel_ctx *c, uint32_t from, uint32_t to, bool logical, bool linear) {
  if (logical) mir_add_logical_edge(c->p, from, to);
  if (linear) mir_add_linear_edge(c->p, from, to);
}


/* Phis of LLVM block b as p_phi placeholders (operands filled at the end). */
void isel_create_phis(isel_ctx *c, uint32_t b) {
  for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[b]); ins && LLVMIsAPHINode(ins);
       ins = LLVMGetNextInstruction(ins)) {
    LLVMTypeRef t = LLVMTypeOf(ins);
    unsigned nc = isel_num_comps(t), bits = isel_type_bits(t);
    bool div = divergence_is_divergent(c->di, ins);
    if (isel_is_rsrc_type(t) && !div) { /* buffer resource: s4 (isel_buffer.c) */
      isel_set(c, ins, 0, isel_tmp(c, mir_rc_s(4)));
      continue;
    }
    if (bits == 0 || bits > 64) {
      isel_unsupported(c, ins, "phi type");
      return;
    }
    for (unsigned e = 0; e < nc; e++) {
      mir_rc rc;
      if (bits == 1) rc = div ? mir_rc_s(2) : mir_rc_s(1);
      else rc = div ? mir_rc_v(bits > 32 ? 2 : 1) : mir_rc_s(bits > 32 ? 2 : 1);
      isel_set(c, ins, e, isel_tmp(c, rc));
    }
  }
}

static void select_terminator(isel_ctx *c, uint32_t b, cf_plan *pl) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
  uint32_t mb = pl->mir[b];
  LLVMOpcode op = LLVMGetInstructionOpcode(term);
  if (op == LLVMRet || op == LLVMUnreachable) {
    isel_emit_exit(c, term);
    return;
  }
  if (op != LLVMBr) {
    isel_unsupported(c, term, "terminator");
    return;
  }
  if (!LLVMIsConditional(term)) {
    uint32_t t = llvm_idx(c, LLVMGetSuccessor(term, 0));
    emit_branch(c, pl->mir[t]);
    edge(c, mb, pl->mir[t], true, true);
    return;
  }
  LLVMValueRef cond = LLVMGetCondition(term);
  uint32_t s0 = llvm_idx(c, LLVMGetSuccessor(term, 0)), s1 = llvm_idx(c, LLVMGetSuccessor(term, 1));
  if (!bitset_test(c->di->divergent_branch, b)) {
    mir_temp scc = isel_branch_scc(c, cond);
    mir_instr *br = isel_emit(c, MIR_P_CBRANCH_SCC, 3, 0);
    br->ops[0] = scc_use(scc);
    br->ops[1] = mir_op_block(pl->mir[s0]);
    br->ops[2] = mir_op_block(pl->mir[s1]);
    edge(c, mb, pl->mir[s0], true, true);
    edge(c, mb, pl->mir[s1], true, true);
    return;
  }
  uint32_t T, F, J;
  bool invert;
  if (!match_if(c, pl, b, &T, &F, &J, &invert)) {
    isel_unsupported(c, term, "divergent control flow (only if-then/if-then-else with single-block arms so far)");
    return;
  }
  /* B: exec &= cond, saved = old exec */
  mir_temp mask = isel_mask_of(c, cond, 0);
  uint32_t tb = pl->mir[T], eb = tb + 1, fb = tb + 2;
  mir_temp saved = isel_tmp(c, mir_rc_s(2));
  /* inverted: EXEC = ~cond & EXEC */
  mir_instr *se = isel_emit(c, invert ? ISA_S_ANDN1_SAVEEXEC_B64 : ISA_S_AND_SAVEEXEC_B64, 1, 1);
  se->ops[0] = mir_op_temp(mask);
  se->defs[0] = mir_op_temp(saved);
  mir_instr *bz = isel_emit(c, ISA_S_CBRANCH_EXECZ, 1, 0);
  bz->ops[0] = mir_op_block(eb);
  emit_branch(c, tb);
  c->p->blocks[mb].flags |= MIR_BLOCK_DIVERGENT_BRANCH;
  edge(c, mb, tb, true, true);
  edge(c, mb, fb, true, false);
  edge(c, mb, eb, false, true);

  /* T: then-arm */
  c->cur = tb;
  pl->mir_to_llvm[tb] = T;
  pl->done[T] = 1;
  isel_create_phis(c, T);
  isel_select_body(c, T);
  emit_branch(c, eb);
  edge(c, tb, pl->mir[J], true, false);
  edge(c, tb, eb, false, true);

  /* E: exec = saved & ~exec (the else lanes) */
  c->cur = eb;
  mir_instr *inv = isel_emit(c, ISA_S_ANDN2_B64, 2, 1);
  inv->ops[0] = mir_op_temp(saved);
  inv->ops[1] = exec_op();
  inv->defs[0] = exec_op();
  mir_instr *ez = isel_emit(c, ISA_S_CBRANCH_EXECZ, 1, 0);
  ez->ops[0] = mir_op_block(pl->mir[J]);
  emit_branch(c, fb);
  edge(c, eb, fb, false, true);
  edge(c, eb, pl->mir[J], false, true);

  /* F: else-arm or empty */
  c->cur = fb;
  if (F != UINT32_MAX) {
    pl->mir_to_llvm[fb] = F;
    pl->done[F] = 1;
    isel_create_phis(c, F);
    isel_select_body(c, F);
  } else {
    pl->mir_to_llvm[fb] = b;
  }
  emit_branch(c, pl->mir[J]);
  edge(c, fb, pl->mir[J], true, true);
  pl->join_saved[J] = saved;
}

/* A divergent value whose components a selector forwarded from uniform
 * operands (insertelement, shufflevector, ...) gets VGPR copies: a value
 * read after a loop that lanes leave in different iterations must keep
 * each lane's own iteration's value, which only VGPR writes (under EXEC)
 * do; an SGPR holds the last iteration's. */
static void divergent_in_vgprs(isel_ctx *c, LLVMValueRef ins) {
  uint32_t vi = ptrmap_get(&c->vmap, ins);
  LLVMTypeRef t0 = LLVMTypeOf(ins);
  LLVMTypeKind k = LLVMGetTypeKind(t0);
  /* lane masks (i1) and aggregates (cmpxchg's {value, i1}) stay as they are */
  if (vi == UINT32_MAX || k == LLVMStructTypeKind || k == LLVMArrayTypeKind ||
      isel_type_bits(isel_scalar_type(t0)) == 1 || isel_is_rsrc_type(t0))
    return;
  for (unsigned e = 0; e < c->vals[vi].n; e++) {
    mir_temp t = c->vals[vi].t[e];
    unsigned dw = mir_rc_size((mir_rc)t.rc);
    if (t.id && !mir_rc_is_vgpr((mir_rc)t.rc) && dw <= 2) c->vals[vi].t[e] = isel_to_vgpr(c, mir_op_temp(t), dw);
  }
}

void isel_select_body(isel_ctx *c, uint32_t b) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
  for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[b]); ins && ins != term && !c->failed;
       ins = LLVMGetNextInstruction(ins)) {
    if (LLVMIsAPHINode(ins)) continue;
    LLVMOpcode op = LLVMGetInstructionOpcode(ins);
    LLVMTypeRef rt = isel_scalar_type(LLVMTypeOf(ins));
    bool ok;
    if (isel_buffer_claims(ins)) { /* buffer resources (and their i128 forms), isel_buffer.c */
      if (!isel_buffer(c, ins)) isel_unsupported(c, ins, "instruction");
      continue;
    }
    if (LLVMGetTypeKind(rt) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(rt) > 64) {
      isel_unsupported(c, ins, "integer type wider than 64 bits");
      return;
    }
    if (op == LLVMCall) ok = isel_call(c, ins);
    else if (op == LLVMLoad || op == LLVMStore || op == LLVMGetElementPtr || op == LLVMAlloca ||
             op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg || op == LLVMFence)
      ok = isel_mem(c, ins);
    else ok = isel_alu(c, ins);
    (void)0;
    if (!ok) isel_unsupported(c, ins, "instruction");
    else if (divergence_is_divergent(c->di, ins)) divergent_in_vgprs(c, ins);
  }
  if (b != UINT32_MAX && c->di->blocks[b] && term && LLVMGetInstructionOpcode(term) == LLVMBr &&
      !LLVMIsConditional(term))
    return;
}

/* Fills the operands of block mb's phis from its logical predecessors. */
static void fill_phis(isel_ctx *c, const uint32_t *mir, const uint32_t *mir_to_llvm, uint32_t b) {
  uint32_t mb = mir[b];
  mir_block *blk = &c->p->blocks[mb];
  uint32_t np = blk->logical_preds.n;
  unsigned k = 0;
  for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[b]); ins && LLVMIsAPHINode(ins) && !c->failed;
       ins = LLVMGetNextInstruction(ins)) {
    uint32_t vi = ptrmap_get(&c->vmap, ins);
    isel_val *val = &c->vals[vi];
    for (unsigned e = 0; e < val->n; e++, k++) {
      mir_instr *phi = blk->instrs[k];
      mir_temp d = val->t[e];
      mir_rc rc = (mir_rc)d.rc;
      bool is_bool = isel_type_bits(LLVMTypeOf(ins)) == 1;
      if (is_bool && mir_rc_size(rc) == 2 && bitset_test(c->di->divergent_branch, 0) == 0 && 0) {}
      for (uint32_t pi = 0; pi < np; pi++) {
        uint32_t pm = blk->logical_preds.v[pi];
        uint32_t lb = mir_to_llvm[pm];
        LLVMValueRef inc = NULL;
        unsigned ni = LLVMCountIncoming(ins);
        for (unsigned q = 0; q < ni; q++)
          if (llvm_idx(c, LLVMGetIncomingBlock(ins, q)) == lb) inc = LLVMGetIncomingValue(ins, q);
        if (!inc) {
          isel_unsupported(c, ins, "phi (no incoming value for a predecessor)");
          return;
        }
        /* materialise the operand at the end of the predecessor, before
         * its branch instructions */
        mir_block *pb = &c->p->blocks[pm];
        uint32_t save_n = pb->num_instrs;
        uint32_t tail = 0; /* number of trailing control instructions */
        while (tail < pb->num_instrs) {
          unsigned o = pb->instrs[pb->num_instrs - 1 - tail]->opcode;
          if (o == MIR_P_BRANCH || o == MIR_P_CBRANCH_SCC || o == ISA_S_CBRANCH_EXECZ || o == ISA_S_CBRANCH_EXECNZ ||
              o == ISA_S_ENDPGM)
            tail++;
          else break;
        }
        /* emit at the end, then rotate the new instructions before the tail */
        uint32_t saved_cur = c->cur;
        c->cur = pm;
        mir_operand o;
        if (isel_is_rsrc_type(LLVMTypeOf(ins))) o = mir_op_temp(isel_buffer_rsrc(c, inc));
        else if (is_bool && mir_rc_size(rc) == 2) o = mir_op_temp(isel_mask_of(c, inc, e));
        else if (is_bool) {
          o = isel_get(c, inc, e);
          if (o.kind == MIR_OPND_TEMP && mir_rc_size((mir_rc)o.temp.rc) == 2) {
            mir_temp scc;
            isel_s_scc(c, ISA_S_AND_B64, 2, o, exec_op(), &scc);
            o = mir_op_temp(isel_scc_to_bool(c, scc));
          } else {
            o = mir_op_temp(isel_to_sgpr(c, o, 1));
          }
        } else {
          o = isel_get(c, inc, e);
          unsigned dw = mir_rc_size(rc);
          if (mir_rc_is_vgpr(rc)) o = mir_op_temp(isel_to_vgpr(c, o, dw));
          else o = mir_op_temp(isel_to_sgpr(c, o, dw));
        }
        c->cur = saved_cur;
        uint32_t added = pb->num_instrs - save_n;
        if (added && tail) {
          mir_instr *tmp[64];
          if (added > 64 || tail > 64) {
            isel_unsupported(c, ins, "phi operand expansion");
            return;
          }
          for (uint32_t q = 0; q < added; q++) tmp[q] = pb->instrs[save_n + q];
          mir_instr *tl[64];
          for (uint32_t q = 0; q < tail; q++) tl[q] = pb->instrs[save_n - tail + q];
          for (uint32_t q = 0; q < added; q++) pb->instrs[save_n - tail + q] = tmp[q];
          for (uint32_t q = 0; q < tail; q++) pb->instrs[save_n - tail + added + q] = tl[q];
        }
        phi->ops[pi] = o;
      }
    }
  }
}

/* The p_phi instructions of every LLVM block with phis, at the front of
 * its machine block mir[b], one operand per logical predecessor, filled
 * from the LLVM incoming value of the block mir_to_llvm names. */
void isel_finish_phis(isel_ctx *c, const uint32_t *mir, const uint32_t *mir_to_llvm) {
  const divergence_info *di = c->di;
  uint32_t nb = di->num_blocks;
  for (uint32_t b = 0; b < nb && !c->failed; b++) {
    LLVMValueRef first = LLVMGetFirstInstruction(di->blocks[b]);
    if (!first || !LLVMIsAPHINode(first)) continue;
    uint32_t mb = mir[b];
    uint32_t np = c->p->blocks[mb].logical_preds.n;
    uint32_t pos = 0;
    for (LLVMValueRef ins = first; ins && LLVMIsAPHINode(ins); ins = LLVMGetNextInstruction(ins)) {
      isel_val *v = &c->vals[ptrmap_get(&c->vmap, ins)];
      for (unsigned e = 0; e < v->n; e++) {
        mir_instr *phi = mir_instr_create(c->p, MIR_P_PHI, np, 1);
        phi->defs[0] = mir_op_temp(v->t[e]);
        mir_block_insert(c->p, &c->p->blocks[mb], pos++, phi);
      }
    }
  }
  for (uint32_t b = 0; b < nb && !c->failed; b++) {
    LLVMValueRef first = LLVMGetFirstInstruction(di->blocks[b]);
    if (first && LLVMIsAPHINode(first)) fill_phis(c, mir, mir_to_llvm, b);
  }
}

mir_program *isel_kernel(LLVMValueRef fn, const divergence_info *di, arena *mem, int opt_level,
                         const isel_call_abi *ca, diag *d) {
  isel_ctx c = {0};
  c.ca = ca;
  size_t nlen;
  const char *name = LLVMGetValueName2(fn, &nlen);
  c.fname = arena_strndup(mem, name, nlen);
  c.fn = fn;
  c.mod = LLVMGetGlobalParent(fn);
  c.td = LLVMGetModuleDataLayout(c.mod);
  c.di = di;
  c.mem = mem;
  c.d = d;
  c.opt_level = opt_level;
  c.p = mir_program_create(mem, c.fname);
  ptrmap_init(&c.vmap, mem, di->num_values);

  uint32_t nb = di->num_blocks;
  cf_plan pl;
  pl.mir = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  pl.npreds = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  pl.done = arena_alloc(mem, nb + 1);
  pl.join_saved = arena_alloc(mem, (nb + 1) * sizeof(mir_temp));
  for (uint32_t b = 0; b < nb; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(di->blocks[b]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; s++) {
      uint32_t si = llvm_idx(&c, LLVMGetSuccessor(t, s));
      if (si != UINT32_MAX) pl.npreds[si]++;
    }
  }
  /* Divergent control flow: structured EXEC-mask regions where the CFG
   * has their shape (isel_struct.c), else the simple if/else shapes below,
   * else the whole kernel by masked linearisation (isel_cf.c). */
  isel_layout_lds(&c);
  int st = isel_structured(&c);
  if (st > 0) {
    c.p->structured = true;
    c.p->cf_lowering = MIR_CF_STRUCTURED;
  }
  if (st >= 0) return st ? c.p : NULL;
  bool need_masked = false, any_div = false;
  for (uint32_t b = 0; b < nb; b++) {
    if (!bitset_test(di->divergent_branch, b)) continue;
    any_div = true;
    uint32_t T, F, J;
    bool inv;
    if (!match_if(&c, &pl, b, &T, &F, &J, &inv)) need_masked = true;
  }
  c.p->cf_lowering = need_masked ? MIR_CF_MASKED : any_div ? MIR_CF_IFELSE : MIR_CF_UNIFORM;
  if (need_masked) {
    if (!isel_masked(&c)) return NULL;
    return c.p;
  }
  /* machine block numbering: divergent ifs get then/invert/else blocks */
  uint32_t next = 0;
  uint8_t *claimed = arena_alloc(mem, nb + 1);
  for (uint32_t b = 0; b < nb; b++) {
    if (claimed[b]) continue;
    pl.mir[b] = next++;
    if (bitset_test(di->divergent_branch, b)) {
      uint32_t T, F, J;
      bool inv;
      if (match_if(&c, &pl, b, &T, &F, &J, &inv)) {
        pl.mir[T] = next;
        claimed[T] = 1;
        if (F != UINT32_MAX) {
          pl.mir[F] = next + 2;
          claimed[F] = 1;
        }
        next += 3;
      }
    }
  }
  for (uint32_t i = 0; i < next; i++) mir_add_block(c.p);
  pl.mir_to_llvm = arena_alloc(mem, (next + 1) * sizeof(uint32_t));
  for (uint32_t i = 0; i < next; i++) pl.mir_to_llvm[i] = UINT32_MAX;
  for (uint32_t b = 0; b < nb; b++)
    if (!claimed[b]) pl.mir_to_llvm[pl.mir[b]] = b;

  c.cur = 0;
  isel_setup_abi(&c);
  for (uint32_t b = 0; b < nb && !c.failed; b++) {
    if (pl.done[b] || claimed[b]) continue;
    c.cur = pl.mir[b];
    isel_create_phis(&c, b);
    if (pl.join_saved[b].id) {
      mir_instr *rs = isel_emit(&c, ISA_S_OR_B64, 2, 1);
      rs->ops[0] = exec_op();
      rs->ops[1] = mir_op_temp(pl.join_saved[b]);
      rs->defs[0] = exec_op();
    }
    isel_select_body(&c, b);
    if (!c.failed) select_terminator(&c, b, &pl);
  }
  isel_finish_phis(&c, pl.mir, pl.mir_to_llvm);
  if (c.failed) return NULL;
  for (uint32_t i = 0; i < c.p->num_blocks; i++) c.p->blocks[i].flags |= 0;
  return c.p;
}
