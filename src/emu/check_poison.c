/* The poison check (WEMU_CHECK_POISON): definedness tracking in the
 * spirit of valgrind's memcheck, at the granularity of lanes.
 *
 * - Undefined: a register lane never written (emu_wave.vinit), an LDS byte
 *   no work-item of the group wrote, a scratch byte the wave did not write
 *   (both start undefined in every work-group, whatever the emulator's
 *   memory holds), and every value computed from undefined data.
 * - Propagation (poison_pre computes, poison_post records): a VALU result
 *   lane is undefined if a source lane it reads is (a scalar source: every
 *   lane; v_fmac_f32 and the other ISA_S_TIED ops also read their
 *   destination); v_cndmask_b32 follows the lane's selected source and mask bit;
 *   the two halves of a GFX11 VOPD pair are independent operations (RDNA 3
 *   ISA guide, VOPD), each result from its own half's sources as they were
 *   before the pair (both halves read before either writes);
 *   packed-FP32 ops and v_mov_b64 go per result dword (the source dwords
 *   op_sel / op_sel_hi pick); lane masks (v_cmp results, carries) carry
 *   one undefined bit per lane; SALU bitwise operations carry bits, other
 *   SALU results are all undefined if a source is (s_bfe: a bit of its
 *   field); stores to LDS and scratch mark the bytes, loads read them back. Global memory is the host's and always defined.
 * - Reports (poison_decides and poison_access) where undefined data decides
 *   something the program does: a conditional branch (SCC, VCC), a write of
 *   EXEC (which work-items run: divergent control flow, v_cmpx), an
 *   indirect branch target, a memory address (address VGPRs and SGPRs, the
 *   buffer resource, lane selects), and data stored or combined atomically
 *   into global memory (the kernel's output).
 * - Not tracked: partial definedness inside a lane's dword (a sub-dword
 *   store marks its bytes, a sub-dword register write the whole lane), the
 *   high addend dword of v_mad_u64_u32 (llc-19 leaves it undefined when only
 *   the low half is used), DPP cross-lane detail (all lanes). */
#include <assert.h>
#include <string.h>

#include "emu/check_internal.h"

/* Undefined lanes of VGPR row r. */
static emu_lanes vund(const emu_wave *w, const check_wave *cw, unsigned r) {
  if (r >= EMU_NUM_VGPR) return 0;
  return (~w->vinit[r] | cw->vpois[r]) & wavecc_lanes_all(w->nlanes);
}

/* Undefined bits of 32-bit scalar operand `code`. */
static uint32_t sund(const emu_wave *w, const check_wave *cw, unsigned code) {
  if (code == OPC_SCC) return cw->scc_pois ? ~0u : 0;
  if (code == OPC_EXEC_LO) return (uint32_t)cw->exec_pois;
  if (code == OPC_EXEC_HI) return (uint32_t)(cw->exec_pois >> 32);
  if (code >= EMU_NUM_SGPR || code == OPC_NULL) return 0;
  return w->sinit[code] ? cw->spois[code] : ~0u;
}

/* Undefined bits of a `ndw`-dword scalar operand, OR-ed. */
static uint32_t sund_n(const emu_wave *w, const check_wave *cw, unsigned code, unsigned ndw) {
  uint32_t u = 0;
  for (unsigned i = 0; i < ndw; i++) u |= sund(w, cw, code + (code < EMU_NUM_SGPR ? i : 0));
  return u;
}

/* Undefined lanes of a lane-mask operand (one SGPR in wave32, a pair in wave64). */
static emu_lanes mask_und(const emu_wave *w, const check_wave *cw, unsigned code) {
  if (code == OPC_EXEC_LO) return cw->exec_pois;
  emu_lanes u = sund(w, cw, code);
  if (w->nlanes > 32) u |= (emu_lanes)sund(w, cw, code + 1) << 32;
  return u;
}

static void mask_set(emu_wave *w, check_wave *cw, unsigned code, emu_lanes u) {
  if (code == OPC_EXEC_LO) { cw->exec_pois = u; return; }
  if (code >= EMU_NUM_SGPR) return;
  cw->spois[code] = (uint32_t)u;
  if (w->nlanes > 32 && code + 1 < EMU_NUM_SGPR) cw->spois[code + 1] = (uint32_t)(u >> 32);
}

/* A scalar operand's value as the instruction reads it (no checks): an
 * SGPR (pair), EXEC, or a constant (64-bit operands sign-extended). */
static uint64_t sval(const emu_wave *w, const emu_inst *in, unsigned code, unsigned ndw) {
  if (code == OPC_EXEC_LO) return ndw > 1 ? w->exec : (uint32_t)w->exec;
  if (code == OPC_EXEC_HI) return w->exec >> 32;
  if (code < EMU_NUM_SGPR) return w->s[code] | (ndw > 1 && code + 1 < EMU_NUM_SGPR ? (uint64_t)w->s[code + 1] << 32 : 0);
  int ok;
  uint64_t v = emu_const64(in, code, 0, ndw > 1, &ok);
  return ndw > 1 ? v : (uint32_t)v;
}

/* Undefined bits of a scalar operand, one per bit (a pair: 64). */
static uint64_t sund_bits(const emu_wave *w, const check_wave *cw, unsigned code, unsigned ndw) {
  if (code == OPC_EXEC_LO) return ndw > 1 ? cw->exec_pois : (uint32_t)cw->exec_pois;
  uint64_t u = sund(w, cw, code);
  if (ndw > 1 && code < EMU_NUM_SGPR) u |= (uint64_t)sund(w, cw, code + 1) << 32;
  else if (ndw > 1 && u) u = ~0ull;
  return u;
}

/* Bit-precise definedness of a AND b / a OR b: a known 0 (1) decides the
 * bit whatever the other operand holds. */
static uint64_t und_and(uint64_t ua, uint64_t va, uint64_t ub, uint64_t vb) {
  return (ua | ub) & ~((~ua & ~va) | (~ub & ~vb));
}
static uint64_t und_or(uint64_t ua, uint64_t va, uint64_t ub, uint64_t vb) {
  return (ua | ub) & ~((~ua & va) | (~ub & vb));
}

/* Undefined bits of the result of a bitwise SALU op of (a, b); -1 (all)
 * for an op that is not bitwise. e: EXEC for the saveexec forms. */
static uint64_t salu_bits(isa_op op, uint64_t ua, uint64_t va, uint64_t ub, uint64_t vb, int *bitwise) {
  *bitwise = 1;
  switch (op) {
  case ISA_S_MOV_B32: case ISA_S_MOV_B64: case ISA_S_NOT_B32: case ISA_S_NOT_B64: return ua;
  case ISA_S_AND_B32: case ISA_S_AND_B64: case ISA_S_NAND_B32: case ISA_S_NAND_B64:
  case ISA_S_AND_SAVEEXEC_B64: case ISA_S_AND_SAVEEXEC_B32: case ISA_S_NAND_SAVEEXEC_B64: case ISA_S_NAND_SAVEEXEC_B32:
    return und_and(ua, va, ub, vb);
  case ISA_S_OR_B32: case ISA_S_OR_B64: case ISA_S_NOR_B32: case ISA_S_NOR_B64:
  case ISA_S_OR_SAVEEXEC_B64: case ISA_S_OR_SAVEEXEC_B32: case ISA_S_NOR_SAVEEXEC_B64: case ISA_S_NOR_SAVEEXEC_B32:
    return und_or(ua, va, ub, vb);
  case ISA_S_ANDN2_B32: case ISA_S_ANDN2_B64: case ISA_S_ANDN2_SAVEEXEC_B64: case ISA_S_ANDN2_SAVEEXEC_B32:
  case ISA_S_ANDN2_WREXEC_B64: case ISA_S_ANDN2_WREXEC_B32:
    return und_and(ua, va, ub, ~vb);
  case ISA_S_ANDN1_SAVEEXEC_B64: case ISA_S_ANDN1_SAVEEXEC_B32: case ISA_S_ANDN1_WREXEC_B64: case ISA_S_ANDN1_WREXEC_B32:
    return und_and(ua, ~va, ub, vb);
  case ISA_S_ORN2_B32: case ISA_S_ORN2_B64: case ISA_S_ORN2_SAVEEXEC_B64: case ISA_S_ORN2_SAVEEXEC_B32:
    return und_or(ua, va, ub, ~vb);
  case ISA_S_ORN1_SAVEEXEC_B64: case ISA_S_ORN1_SAVEEXEC_B32: return und_or(ua, ~va, ub, vb);
  case ISA_S_XOR_B32: case ISA_S_XOR_B64: case ISA_S_XNOR_B32: case ISA_S_XNOR_B64:
  case ISA_S_XOR_SAVEEXEC_B64: case ISA_S_XOR_SAVEEXEC_B32: case ISA_S_XNOR_SAVEEXEC_B64: case ISA_S_XNOR_SAVEEXEC_B32:
    return ua | ub;
  case ISA_S_BFE_U32: case ISA_S_BFE_I32: case ISA_S_BFE_U64: case ISA_S_BFE_I64: {
    /* only the field (src1: offset [5:0], width [22:16]) of src0 is read:
     * llc-19 sign-extends a char argument with s_bfe_i64 over a pair whose
     * high SGPR it never wrote */
    *bitwise = 0;
    int b64 = op == ISA_S_BFE_U64 || op == ISA_S_BFE_I64;
    unsigned off = (unsigned)vb & (b64 ? 63 : 31), width = (unsigned)(vb >> 16) & 0x7f;
    uint64_t field = width >= 64 ? ~0ull : (1ull << width) - 1;
    return (ub || (ua & (field << off))) ? ~0ull : 0;
  }
  default: *bitwise = 0; return (ua | ub) ? ~0ull : 0;
  }
}

/* Adds VGPR rows [lo, lo + n) (as vund reads them: rows past the file
 * are defined) to the plan's reads. */
static void plan_rows(emu_inst *in, unsigned lo, unsigned n) {
  if (lo >= EMU_NUM_VGPR || !n) return;
  assert(in->pnv < 6);
  in->pvrow[in->pnv] = (uint16_t)lo;
  in->pvn[in->pnv++] = (uint8_t)(n < EMU_NUM_VGPR - lo ? n : EMU_NUM_VGPR - lo);
}

/* Adds scalar operand `code` of n dwords (as sund_n reads it: constants
 * are defined) to the plan's reads. */
static void plan_scalar(emu_inst *in, unsigned code, unsigned n) {
  if ((code >= EMU_NUM_SGPR && code != OPC_SCC) || code == OPC_NULL) return;
  assert(in->pns < 4);
  in->pscode[in->pns] = (uint16_t)code;
  in->psn[in->pns++] = (uint8_t)n;
}

/* Adds the reads of one VALU operation (an instruction or a VOPD half)
 * to the plan: sources src[0 .. its shape's nuses) at their widths, and
 * the destination rows from dst for an op that reads them (ISA_S_TIED:
 * v_fmac_f32's accumulator, as exec_valu.c's shape_of reads it). Its mask
 * operand (v_cndmask_b32's) is the caller's. */
static void plan_op(emu_inst *in, const emu_opshape *sh, isa_op op, const uint16_t *src, unsigned dst) {
  for (unsigned i = 0; i < sh->nuses && i < 3; i++) {
    unsigned code = src[i], n = sh->usew[i];
    if ((op == ISA_V_MAD_U64_U32 || op == ISA_V_MAD_I64_I32) && i == 2) n = 1; /* llc-19's undefined high addend */
    if (code >= OPC_VGPR0) plan_rows(in, code - OPC_VGPR0, n);
    else plan_scalar(in, code, n);
  }
  if ((isa_sem_of(op)->flags & ISA_S_TIED) && dst < EMU_NUM_VGPR) plan_rows(in, dst, sh->ndefs ? sh->defw[0] : 1);
}

/* The instructions whose two result dwords each read one dword of each
 * 64-bit source (a register pair or a constant): the packed-FP32 ones, where
 * op_sel and op_sel_hi pick the dword (CDNA3 ISA guide, VOP3P; exec_pk_f32),
 * and gfx942's v_mov_b64. */
static int is_dword_wise(isa_op op) {
  return op == ISA_V_PK_FMA_F32 || op == ISA_V_PK_MUL_F32 || op == ISA_V_PK_ADD_F32 || op == ISA_V_PK_MOV_B32 ||
         op == ISA_V_MOV_B64;
}

/* Undefined lanes (active ones) of result dword h (0 low, 1 high) of an
 * is_dword_wise instruction: those of the source dwords it reads. llc-19
 * leaves the dword an op_sel_hi:0 operand does not read undefined (the high
 * SGPR of a pair holding one float constant, also copied by v_mov_b64).
 * v_pk_mov_b32's low dword is src0's dword op_sel[0], its high one src1's
 * dword op_sel[1]; v_mov_b64's dword h is src0's dword h. */
static emu_lanes pk_undef(const emu_wave *w, const check_wave *cw, const emu_inst *in, unsigned nuses, unsigned h) {
  emu_lanes u = 0;
  for (unsigned i = 0; i < nuses && i < 3; i++) {
    unsigned dw, code = in->src[i];
    if (in->op == ISA_V_MOV_B64) dw = h;
    else if (in->op == ISA_V_PK_MOV_B32) {
      if (i != h) continue;
      dw = (in->opsel >> h) & 1;
    } else dw = ((h ? in->opsel_hi : in->opsel) >> i) & 1;
    if (code >= OPC_VGPR0) u |= vund(w, cw, code - OPC_VGPR0 + dw);
    else if (sund(w, cw, code < EMU_NUM_SGPR ? code + dw : code)) u = ~0ull;
  }
  return u & w->exec & wavecc_lanes_all(w->nlanes);
}

/* The plan of a VALU instruction (emu_inst.pplan): once per decoded
 * instruction, what poison_pre and poison_post would derive from its
 * operands and shape each time it runs. */
void emu_poison_prepare(const wemu_device *dev, emu_inst *in) {
  in->pplan = PLAN_NONE;
  in->pnv = in->pns = in->pdn = in->pnx = in->psx = 0;
  in->pmask_in = in->pyrow = in->pmask_out = EMU_NO_OPERAND;
  isa_op op = in->op;
  if (!isa_fmt_valu(in->fmt) || op == ISA_V_READLANE_B32 || op == ISA_V_READFIRSTLANE_B32 || op == ISA_V_WRITELANE_B32 ||
      (isa_sem_of(op)->flags & ISA_S_MOVREL)) /* M0-relative moves: the rows depend on M0 (poison_pre) */
    return;
  const emu_opshape *sh = &dev->shape[op];
  uint32_t fl = isa_table[op].flags;
  in->pplan = PLAN_FULL;
  if (is_dword_wise(op)) { /* per result dword: poison_pre */
    in->pplan = PLAN_PK;
    if (in->dst < EMU_NUM_VGPR) {
      in->pdrow = in->dst;
      in->pdn = (uint8_t)(EMU_NUM_VGPR - in->dst < 2 ? 1 : 2);
    }
    return;
  }
  plan_op(in, sh, op, in->src, in->dst);
  in->pnx = in->pnv; in->psx = in->pns;
  if (in->vopd) { /* the Y half's reads: its own shape (v_dual_mov_b32 reads no VSRC1) */
    const uint16_t ysrc[3] = {in->y_src0, in->y_src1, OPC_VCC_LO};
    plan_op(in, &dev->shape[in->y_op], (isa_op)in->y_op, ysrc, in->y_dst);
    /* v_dual_cndmask_b32 (the only Y op reading a mask): VCC, per lane (PLAN_POST) */
    if (in->y_op == ISA_V_CNDMASK_B32) in->pplan = PLAN_POST;
    assert(in->y_op == ISA_V_CNDMASK_B32 || !(isa_table[in->y_op].flags & ISA_F_READS_VCC));
  }
  if (fl & ISA_F_READS_VCC) {
    in->pmask_in = in->src[2];
    if (op == ISA_V_CNDMASK_B32 && in->src[2] < EMU_NUM_SGPR && in->src[2] != OPC_EXEC_LO) in->pplan = PLAN_POST;
  }
  unsigned sd = EMU_NO_OPERAND;
  if (isa_table[op].format == ISA_FMT_VOPC) {
    sd = (in->vop3 || in->sdwa || in->sdst == EMU_NO_SDST) ? in->sdst : OPC_VCC_LO;
  } else {
    if (sh->ndefs && sh->defk[0] != 's' && in->dst < EMU_NUM_VGPR) {
      in->pdrow = in->dst;
      in->pdn = (uint8_t)(sh->defw[0] < EMU_NUM_VGPR - in->dst ? sh->defw[0] : EMU_NUM_VGPR - in->dst);
    }
    if (in->vopd && in->y_dst < EMU_NUM_VGPR) in->pyrow = in->y_dst;
    if ((sh->ndefs > 1 && sh->defk[1] == 's') || (fl & ISA_F_WRITES_VCC)) sd = in->fmt == ISA_FMT_VOP3 ? in->sdst : OPC_VCC_LO;
  }
  in->pmask_out = (uint16_t)(sd < EMU_NUM_SGPR ? sd : EMU_NO_OPERAND);
}

const emu_inst *emu_poison_indexed(const wemu_device *dev, const emu_wave *w, const emu_inst *in, emu_inst *copy) {
  if (!w->gpr_idx_on || !isa_fmt_valu(in->fmt)) return in;
  *copy = *in;
  int moved = 0;
  for (unsigned i = 0; i < 3; i++)
    if (((w->gpr_idx_mode >> i) & 1) && copy->src[i] >= OPC_VGPR0) { copy->src[i] = (uint16_t)(copy->src[i] + w->gpr_idx); moved = 1; }
  if (((w->gpr_idx_mode >> 3) & 1) && copy->dst < EMU_NUM_VGPR) { copy->dst = (uint16_t)(copy->dst + w->gpr_idx); moved = 1; }
  if (!moved) return in;
  emu_poison_prepare(dev, copy);
  return copy;
}

/* Undefined lanes, before EXEC, of the result of the plan's X half (y 0:
 * the whole instruction when it is not VOPD) or Y half (y 1): any
 * undefined lane of a VGPR row the half reads, every lane for an
 * undefined bit of a scalar it reads, the mask operand's undefined lanes
 * (X only: a Y mask is v_dual_cndmask_b32's, PLAN_POST). */
static emu_lanes plan_undef(const emu_wave *w, const check_wave *cw, const emu_inst *in, int y) {
  emu_lanes u = 0;
  for (unsigned i = y ? in->pnx : 0, e = y ? in->pnv : in->pnx; i < e; i++)
    for (unsigned k = 0, r = in->pvrow[i]; k < in->pvn[i]; k++, r++) u |= ~w->vinit[r] | cw->vpois[r];
  u &= wavecc_lanes_all(w->nlanes);
  for (unsigned i = y ? in->psx : 0, e = y ? in->pns : in->psx; i < e; i++)
    if (sund_n(w, cw, in->pscode[i], in->psn[i])) return ~0ull;
  if (!y && in->pmask_in != EMU_NO_OPERAND) u |= mask_und(w, cw, in->pmask_in);
  return u;
}

/* Undefined lanes of a 32-bit source operand (a VGPR row, or all lanes
 * for an undefined scalar). */
static emu_lanes src_und(const emu_wave *w, const check_wave *cw, unsigned code) {
  return code >= OPC_VGPR0 ? vund(w, cw, code - OPC_VGPR0) : (sund(w, cw, code) ? ~0ull : 0);
}

/* Undefined lanes, before EXEC, of v_cndmask_b32 (s0, s1, mask SGPR
 * code m): per lane the mask bit and the source it selects. */
static emu_lanes cnd_undef(const emu_wave *w, const check_wave *cw, unsigned s0, unsigned s1, unsigned m) {
  emu_lanes mu = mask_und(w, cw, m);
  uint64_t mv = w->s[m] | (w->nlanes > 32 ? (uint64_t)w->s[m + 1] << 32 : 0);
  return mu | (mv & src_und(w, cw, s1)) | (~mv & src_und(w, cw, s0));
}

/* The dwords a memory instruction reads as data (stores, atomics) and
 * writes back (loads, returning atomics), from the ISA table. */
static unsigned mem_dwords(isa_op op) {
  unsigned b = isa_sem_of(op)->bytes;
  return b > 4 ? b / 4 : 1;
}

static void poison_pre(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_check *c = d->chk;
  check_wave *cw = &c->wv[w->id_in_group];
  const emu_opshape *sh = &d->dev->shape[in->op];
  uint32_t fl = isa_table[in->op].flags;
  c->undef = 0; c->sundef = 0; c->data_undef = 0; c->load_undef = 0;
  switch (in->fmt) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPC: case ISA_FMT_SOPK: {
    uint64_t ua = 0, ub = 0, va = 0, vb = 0;
    unsigned wa = sh->nuses > 0 ? sh->usew[0] : 1, wb = sh->nuses > 1 ? sh->usew[1] : 1;
    unsigned ca = in->fmt == ISA_FMT_SOPK ? in->dst : in->src[0];
    if (sh->nuses > 0) { ua = sund_bits(w, cw, ca, wa); va = sval(w, in, ca, wa); }
    if (sh->nuses > 1) { ub = sund_bits(w, cw, in->src[1], wb); vb = sval(w, in, in->src[1], wb); }
    if (fl & ISA_F_WRITES_EXEC) { ub = cw->exec_pois; vb = w->exec; } /* saveexec: (src, EXEC) */
    int bitwise = 0;
    uint64_t u;
    if (in->op == ISA_S_CSELECT_B32 || in->op == ISA_S_CSELECT_B64) u = cw->scc_pois ? (ua | ub ? ~0ull : 0) : w->scc ? ua : ub;
    else {
      u = salu_bits(in->op, ua, va, ub, vb, &bitwise);
      if ((fl & ISA_F_READS_SCC) && cw->scc_pois) u = ~0ull;
    }
    c->sundef = u;
    c->bitwise = (uint8_t)bitwise;
    return;
  }
  case ISA_FMT_SOPP: return;
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P: {
    if (in->pplan == PLAN_PK) {
      c->undef = pk_undef(w, cw, in, sh->nuses, 0);
      c->undef_hi = pk_undef(w, cw, in, sh->nuses, 1);
      return;
    }
    if (in->pplan == PLAN_POST) {
      /* v_cndmask_b32 with an SGPR mask (a VOPD half: VCC): per lane, the
       * mask bit and the source it selects; the other half of a pair by
       * its plan */
      if (in->op == ISA_V_CNDMASK_B32) c->undef = cnd_undef(w, cw, in->src[0], in->src[1], in->src[2]) & w->exec;
      else c->undef = plan_undef(w, cw, in, 0) & w->exec;
      if (in->vopd)
        c->undef_y = (in->y_op == ISA_V_CNDMASK_B32 ? cnd_undef(w, cw, in->y_src0, in->y_src1, OPC_VCC_LO) : plan_undef(w, cw, in, 1)) &
                     w->exec;
      return;
    }
    if (in->op == ISA_V_READLANE_B32 || in->op == ISA_V_READFIRSTLANE_B32) {
      unsigned lane = 0;
      if (in->op == ISA_V_READLANE_B32) {
        unsigned sc = in->src[1];
        lane = (sc < EMU_NUM_SGPR ? w->s[sc] : (uint32_t)in->literal) & (w->nlanes - 1);
        if (sc >= EMU_NUM_SGPR) { int ok; lane = (unsigned)emu_const64(in, sc, 0, 0, &ok) & (w->nlanes - 1); }
      } else if (w->exec) lane = (unsigned)__builtin_ctzll(w->exec);
      c->sundef = (sund(w, cw, in->src[1]) && in->op == ISA_V_READLANE_B32) ||
                  ((vund(w, cw, in->src[0] - OPC_VGPR0) >> lane) & 1) ? ~0u : 0;
      return;
    }
    if (isa_sem_of(in->op)->flags & ISA_S_MOVREL) { /* the source row M0 selects now */
      uint32_t so, dof;
      emu_movrel_offsets(in->op, w->s[OPC_M0], &so, &dof);
      uint64_t r = in->src[0] >= OPC_VGPR0 ? (uint64_t)(in->src[0] - OPC_VGPR0) + so : 0;
      c->undef = (in->src[0] >= OPC_VGPR0 ? (r < EMU_NUM_VGPR ? vund(w, cw, (unsigned)r) : 0) : (sund(w, cw, in->src[0]) ? ~0ull : 0)) &
                 w->exec;
      return;
    }
    assert(in->op == ISA_V_WRITELANE_B32); /* the rest has a plan (emu_poison_prepare) */
    c->sundef = sund(w, cw, in->src[0]) | sund(w, cw, in->src[1]);
    return;
  }
  default: break;
  }
  /* memory: data registers of stores and atomics */
  unsigned nd = mem_dwords(in->op);
  int at = isa_sem_of(in->op)->atomic;
  if (!(fl & ISA_F_STORE) && at == ISA_AT_NONE && in->op != ISA_DS_BPERMUTE_B32 && in->op != ISA_DS_PERMUTE_B32 &&
      in->op != ISA_DS_SWIZZLE_B32)
    return;
  emu_lanes u = 0;
  if (in->fmt == ISA_FMT_DS) {
    int two = (isa_sem_of(in->op)->flags & ISA_S_TWO_ADDR) != 0;
    unsigned n = nd; /* per address for the two-address forms */
    for (unsigned k = 0; k < n; k++) u |= vund(w, cw, in->data0 + k);
    if (two || at == ISA_AT_CMPSWAP || at == ISA_AT_MSKOR)
      for (unsigned k = 0; k < n; k++) u |= vund(w, cw, in->data1 + k);
  } else if (in->fmt != ISA_FMT_SMEM) {
    unsigned reg = isa_fmt_buffer(in->fmt) ? in->vdata : in->data0;
    if (at == ISA_AT_CMPSWAP) nd *= 2;
    /* A 3-element vector stored with its padding: llc-19 at gfx942 writes a
     * float3 with global_store_dwordx4 whose fourth register no
     * instruction wrote (OpenCL's vec3 occupies 16 bytes). So the fourth
     * dword of a plain 4-dword global or flat store counts as undefined
     * only where its register lane was written with undefined data (a
     * value computed from never-written LDS, private memory or registers:
     * a real undefined read); a never-written lane is padding. Exempting
     * the whole dword hid a uint4 whose .w came from never-written LDS. */
    bool pad = nd == 4 && at == ISA_AT_NONE && (in->fmt == ISA_FMT_GLOBAL || in->fmt == ISA_FMT_FLAT);
    for (unsigned k = 0; k < nd; k++) {
      unsigned r = reg + k;
      if (pad && k == 3) u |= r < EMU_NUM_VGPR ? (w->vinit[r] & cw->vpois[r]) : 0;
      else u |= vund(w, cw, r);
    }
  }
  c->data_undef = u & w->exec;
  /* cross-lane moves through the LDS crossbar: any undefined lane, all lanes */
  if (in->op == ISA_DS_BPERMUTE_B32 || in->op == ISA_DS_PERMUTE_B32 || in->op == ISA_DS_SWIZZLE_B32)
    c->load_undef = (c->data_undef || (vund(w, cw, in->addr) & w->exec)) ? w->exec : 0;
}

/* Records the definedness of what `in` wrote (after it executed). */
int poison_post(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_check *c = d->chk;
  check_wave *cw = &c->wv[w->id_in_group];
  if (in->pplan == PLAN_PK) {
    emu_lanes ex = w->exec;
    for (unsigned k = 0; k < in->pdn; k++)
      cw->vpois[in->pdrow + k] = (cw->vpois[in->pdrow + k] & ~ex) | ((k ? c->undef_hi : c->undef) & ex);
    return 0;
  }
  if (in->pplan) {
    emu_lanes u = c->undef, ex = w->exec;
    for (unsigned k = 0; k < in->pdn; k++) cw->vpois[in->pdrow + k] = (cw->vpois[in->pdrow + k] & ~ex) | (u & ex);
    if (in->pyrow != EMU_NO_OPERAND) cw->vpois[in->pyrow] = (cw->vpois[in->pyrow] & ~ex) | (c->undef_y & ex);
    if (in->pmask_out != EMU_NO_OPERAND) mask_set(w, cw, in->pmask_out, u);
    return 0;
  }
  const emu_opshape *sh = &d->dev->shape[in->op];
  uint32_t fl = isa_table[in->op].flags;
  switch (in->fmt) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPC: case ISA_FMT_SOPK: {
    if (fl & ISA_F_WRITES_SCC) {
      /* a bitwise result's SCC (result != 0) is decided by any defined 1 bit */
      uint64_t r = c->bitwise && sh->ndefs ? sval(w, in, in->dst, sh->defw[0]) : 0;
      cw->scc_pois = c->sundef != 0 && !(r & ~c->sundef);
    }
    if (sh->ndefs && sh->defk[0] == 's') {
      unsigned dst = in->dst;
      if (fl & ISA_F_WRITES_EXEC) { /* saveexec: the old EXEC (defined: an undefined EXEC is reported) */
        for (unsigned k = 0; k < sh->defw[0] && dst + k < EMU_NUM_SGPR; k++) cw->spois[dst + k] = 0;
        return 0;
      }
      for (unsigned k = 0; k < sh->defw[0] && k < 2; k++) {
        unsigned r = dst + k;
        uint32_t u = (uint32_t)(c->sundef >> (32 * k));
        if (sh->defw[0] == 1 && c->sundef >> 32) u = ~0u; /* a 32-bit result of wider undefined data */
        if (r == OPC_EXEC_LO) cw->exec_pois = (cw->exec_pois & ~0xffffffffull) | u;
        else if (r == OPC_EXEC_HI) cw->exec_pois = (cw->exec_pois & 0xffffffffull) | (uint64_t)u << 32;
        else if (r < EMU_NUM_SGPR) cw->spois[r] = u;
      }
    }
    return 0;
  }
  case ISA_FMT_SOPP: return 0;
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P: {
    if (in->op == ISA_V_READLANE_B32 || in->op == ISA_V_READFIRSTLANE_B32) {
      if (in->dst < EMU_NUM_SGPR) cw->spois[in->dst] = c->sundef;
      return 0;
    }
    if (isa_sem_of(in->op)->flags & ISA_S_MOVREL) {
      uint32_t so, dof;
      emu_movrel_offsets(in->op, w->s[OPC_M0], &so, &dof);
      uint64_t r = (uint64_t)in->dst + dof;
      if (r < EMU_NUM_VGPR) cw->vpois[r] = (cw->vpois[r] & ~w->exec) | (c->undef & w->exec);
      return 0;
    }
    assert(in->op == ISA_V_WRITELANE_B32);
    unsigned sc = in->src[1], lane;
    int ok = 1;
    lane = (unsigned)(sc < EMU_NUM_SGPR ? w->s[sc] : emu_const64(in, sc, 0, 0, &ok)) & (w->nlanes - 1);
    emu_lanes bit = 1ull << lane;
    cw->vpois[in->dst] = (cw->vpois[in->dst] & ~bit) | (c->sundef ? bit : 0);
    return 0;
  }
  default: break;
  }
  /* memory: the loaded registers (written at issue here; the strict
   * waitcnt model forbids reading them before they arrive) */
  if (in->fmt == ISA_FMT_SMEM) {
    if (sh->ndefs) for (unsigned k = 0; k < sh->defw[0] && in->sdata + k < EMU_NUM_SGPR; k++) cw->spois[in->sdata + k] = 0;
    return 0;
  }
  if (!sh->ndefs || sh->defk[0] != 'v') return 0;
  unsigned dst = isa_fmt_buffer(in->fmt) ? in->vdata : in->vdst;
  emu_lanes ex = w->exec, u = c->load_undef;
  for (unsigned k = 0; k < sh->defw[0] && dst + k < EMU_NUM_VGPR; k++)
    cw->vpois[dst + k] = (cw->vpois[dst + k] & ~ex) | (u & ex);
  return 0;
}

static int und_report(emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_lanes lanes, const char *what) {
  return chk_report(d, w, in, "poison", lanes ? __builtin_ctzll(lanes) : -1,
                    "%s depends on an undefined value (never-written register, LDS or private memory)", what);
}

/* Undefined data deciding something about to happen (before `in` runs,
 * after poison_pre). */
static int poison_decides(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  emu_check *c = d->chk;
  check_wave *cw = &c->wv[w->id_in_group];
  uint32_t fl = isa_table[in->op].flags;
  emu_lanes ex = w->exec;
  switch (in->fmt) {
  case ISA_FMT_SOPP:
    if ((in->op == ISA_S_CBRANCH_SCC0 || in->op == ISA_S_CBRANCH_SCC1) && cw->scc_pois)
      return und_report(d, w, in, 0, "conditional branch (SCC)");
    if ((in->op == ISA_S_CBRANCH_VCCZ || in->op == ISA_S_CBRANCH_VCCNZ) && mask_und(w, cw, OPC_VCC_LO))
      return und_report(d, w, in, mask_und(w, cw, OPC_VCC_LO), "conditional branch (VCC)");
    return 0;
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPC: case ISA_FMT_SOPK:
    if ((in->op == ISA_S_SETPC_B64 || in->op == ISA_S_SWAPPC_B64) && sund_n(w, cw, in->src[0], 2))
      return und_report(d, w, in, 0, "indirect branch target");
    if (c->sundef && ((fl & ISA_F_WRITES_EXEC) || (d->dev->shape[in->op].ndefs && (in->dst == OPC_EXEC_LO || in->dst == OPC_EXEC_HI))))
      return und_report(d, w, in, (emu_lanes)c->sundef & ex, "EXEC (which work-items run: a branch)");
    return 0;
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P:
    if ((fl & ISA_F_WRITES_EXEC) && c->undef) return und_report(d, w, in, c->undef, "EXEC of v_cmpx (a branch)");
    if ((in->op == ISA_V_READLANE_B32 || in->op == ISA_V_WRITELANE_B32) && sund(w, cw, in->src[1]))
      return und_report(d, w, in, 0, "lane select");
    /* M0 picks rows only for active lanes: with EXEC zero nothing is read or written (exec_valu_movrel.c) */
    if ((isa_sem_of(in->op)->flags & ISA_S_MOVREL) && ex && sund(w, cw, OPC_M0))
      return und_report(d, w, in, 0, "VGPR index (M0)");
    return 0;
  case ISA_FMT_SMEM:
    if (sund_n(w, cw, in->sbase, (isa_sem_of(in->op)->flags & ISA_S_BUFFER) ? 4 : 2) ||
        (!in->imm && sund(w, cw, in->soffset)))
      return und_report(d, w, in, 0, "scalar load address");
    return 0;
  case ISA_FMT_DS:
    if (in->op != ISA_DS_SWIZZLE_B32 && in->op != ISA_DS_BPERMUTE_B32 && in->op != ISA_DS_PERMUTE_B32 &&
        (vund(w, cw, in->addr) & ex))
      return und_report(d, w, in, vund(w, cw, in->addr) & ex, "LDS address");
    return 0;
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF: {
    /* the cache instructions (buffer_wbinvl1_vol, buffer_wbl2, ...) have
     * no operands (their shape, derived once from the signature, is
     * empty): the decoded fields are zero, not registers read */
    if (!d->dev->shape[in->op].ndefs && !d->dev->shape[in->op].nuses) return 0;
    emu_lanes u = 0;
    unsigned nv = (in->offen ? 1u : 0u) + (in->idxen ? 1u : 0u);
    for (unsigned k = 0; k < nv; k++) u |= vund(w, cw, in->vaddr + k);
    if (u & ex) return und_report(d, w, in, u & ex, "buffer address");
    /* with EXEC zero a vector memory instruction accesses nothing, so its
     * scalar operands decide nothing either (see the default case) */
    if (ex && (sund_n(w, cw, in->srsrc, 4) || sund(w, cw, in->soffset)))
      return und_report(d, w, in, 0, "buffer resource or offset");
    return 0;
  }
  default: {
    emu_lanes u = 0;
    unsigned nv = 2;
    /* The SGPR base counts only with a lane active: a vector memory
     * instruction under EXEC zero accesses nothing (a compiler's
     * linearised block whose lanes all skipped the base's definition:
     * clsmith seed 4523, a uniform load's address read back with
     * v_readfirstlane from lanes never written) */
    if (in->fmt == ISA_FMT_GLOBAL && in->saddr != 0x7f) {
      if (ex && sund_n(w, cw, in->saddr, 2)) return und_report(d, w, in, 0, "global address (SGPR base)");
      nv = 1;
    } else if (in->fmt == ISA_FMT_SCRATCH) {
      if (ex && in->saddr != 0x7f && sund(w, cw, in->saddr)) return und_report(d, w, in, 0, "private address (SGPR)");
      nv = (in->saddr != 0x7f ? in->sve : !in->vaddr_off) ? 1 : 0;
    }
    for (unsigned k = 0; k < nv; k++) u |= vund(w, cw, in->addr + k);
    if (u & ex) return und_report(d, w, in, u & ex, "memory address");
    return 0;
  }
  }
}

int poison_before(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  if (in->pplan == PLAN_FULL) { /* most VALU instructions: the plan, and only v_cmpx decides something */
    emu_check *c = d->chk;
    emu_lanes u = plan_undef(w, c->wv + w->id_in_group, in, 0) & w->exec;
    c->undef = u;
    if (in->vopd) c->undef_y = plan_undef(w, c->wv + w->id_in_group, in, 1) & w->exec;
    if (u && (isa_table[in->op].flags & ISA_F_WRITES_EXEC)) return und_report(d, w, in, u, "EXEC of v_cmpx (a branch)");
    return 0;
  }
  poison_pre(d, w, in);
  return poison_decides(d, w, in);
}

/* One lane's access (after the address checks): marks and reads the LDS
 * and scratch shadows; undefined data stored into global memory is
 * reported. */
int poison_access(emu_dispatch *d, emu_wave *w, const emu_inst *in, int space, uint64_t addr, unsigned n, unsigned lane,
                  int kind, uint64_t scratch_base) {
  emu_check *c = d->chk;
  emu_lanes bit = 1ull << lane;
  int data_und = (c->data_undef & bit) != 0;
  unsigned nb = n > 16 ? 16 : n;
  uint8_t *run = NULL; /* the shadow bytes when they are contiguous (LDS, unswizzled scratch) */
  uint8_t *sh = c->scratch_def;
  uint64_t idx[16];
  if (space == 1) {
    if (addr + nb > d->lds_size) return 0;
    run = c->lds_def + addr;
  } else if (space == 2) {
    for (unsigned i = 0; i < nb; i++) {
      uint64_t o = addr + i, ga = scratch_base + (o / 4) * 4 * w->nlanes + lane * 4 + o % 4;
      if (ga < d->scratch_alloc || ga - d->scratch_alloc >= d->scratch_total) return 0;
      idx[i] = ga - d->scratch_alloc;
    }
  } else if (d->scratch_total && addr >= d->scratch_alloc && addr + nb <= d->scratch_alloc + d->scratch_total) {
    run = c->scratch_def + (addr - d->scratch_alloc);
  } else {
    if (kind != CHK_READ && data_und)
      return chk_report(d, w, in, "poison", (int)lane,
                        "stores an undefined value (never-written register, LDS or private memory) to global address 0x%llx",
                        (unsigned long long)addr);
    return 0;
  }
  int old_und = 0;
  if (kind != CHK_WRITE) {
    if (run)
      for (unsigned i = 0; i < nb; i++) old_und |= !run[i];
    else
      for (unsigned i = 0; i < nb; i++) old_und |= !sh[idx[i]];
  }
  if (old_und) c->load_undef |= bit;
  if (kind != CHK_READ) {
    uint8_t v = !(data_und || (kind == CHK_ATOMIC && old_und));
    if (run) memset(run, v, nb);
    else
      for (unsigned i = 0; i < nb; i++) sh[idx[i]] = v;
  }
  return 0;
}
