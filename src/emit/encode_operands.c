/* Encoder: operand codes and the operand order of the formats (which
 * MIR operand goes into which field), shared by the per-family layouts
 * (encode_gfx9.c, encode_gfx10.c, encode_gfx11.c) and encode.c; see
 * encode.c for the scheme and sources. */
#include <stddef.h>

#include "emit/encode.h"
#include "emit/encode_internal.h"

/* ---- operands ------------------------------------------------------------ */

void enc_error(enc *e, const char *what) {
  if (!e->errors) {
    const char *mn = e->ins->opcode < ISA_NUM_OPS ? isa_mnemonic(e->family, e->ins->opcode) : "pseudo";
    diag_error(e->d, e->fn, "internal: cannot encode %s: %s", mn, what);
  }
  e->errors++;
}

/* Inline constant code of v, or ENC_LIT. 64-bit operands (size 2) take the
 * f32 bit patterns of +-0.5..4 as the f64 constants (the printer writes
 * them as "1.0"), integers -16..64 as such, and no 1/(2pi). */
static unsigned inline_code(uint32_t v, unsigned size) {
  int32_t s = (int32_t)v;
  if (s >= 0 && s <= 64) return 128u + (unsigned)s;
  if (s < 0 && s >= -16) return 192u + (unsigned)-s;
  switch (v) {
  case 0x3f000000u: return 240;
  case 0xbf000000u: return 241;
  case 0x3f800000u: return 242;
  case 0xbf800000u: return 243;
  case 0x40000000u: return 244;
  case 0xc0000000u: return 245;
  case 0x40800000u: return 246;
  case 0xc0800000u: return 247;
  case 0x3e22f983u: return size == 2 ? ENC_LIT : 248;
  default: return ENC_LIT;
  }
}

unsigned enc_sgpr_code(unsigned family, unsigned r) {
  if (family == WAVECC_ENC_GFX11 && (r == MIR_PREG_M0 || r == MIR_PREG_NULL))
    return r == MIR_PREG_M0 ? MIR_PREG_NULL : MIR_PREG_M0;
  return r;
}

unsigned enc_src(enc *e, const mir_operand *o) {
  switch ((mir_opnd_kind)o->kind) {
  case MIR_OPND_TEMP:
  case MIR_OPND_FIXED:
    if (o->preg == MIR_PREG_NONE) { enc_error(e, "operand without a register"); return 0; }
    /* an AGPR is encoded by its number in a VGPR field, the file implied by
     * the opcode (v_accvgpr_write/read) */
    if (o->preg >= MIR_PREG_AGPR(0)) return o->preg - 256u;
    return o->preg < 256 ? enc_sgpr_code(e->family, o->preg) : o->preg;
  case MIR_OPND_UNDEF: return mir_rc_is_vgpr(o->temp.rc) ? 256u : 0u;
  case MIR_OPND_CONST: {
    unsigned c = inline_code(o->imm, o->size);
    if (c == ENC_LIT) {
      if (e->has_lit && e->lit != o->imm) enc_error(e, "two different literals");
      e->has_lit = true;
      e->lit = o->imm;
    }
    return c;
  }
  case MIR_OPND_NONE: return enc_off(e->family);
  case MIR_OPND_BLOCK: break;
  }
  enc_error(e, "unexpected operand kind");
  return 0;
}

unsigned enc_vgpr(enc *e, const mir_operand *o) {
  unsigned c = enc_src(e, o);
  if (c < 256) { enc_error(e, "a VGPR field holds a non-VGPR operand"); return 0; }
  return c - 256;
}

unsigned enc_sreg(enc *e, const mir_operand *o) {
  unsigned c = enc_src(e, o);
  if (c >= 128) { enc_error(e, "an SGPR field holds a non-SGPR operand"); return 0; }
  return c;
}

unsigned enc_mods(const enc_ops *o, uint8_t flag) {
  unsigned m = 0;
  for (unsigned k = 0; k < o->ns && k < 3; k++)
    if (o->s[k]->flags & flag) m |= 1u << k;
  return m;
}

enc_vop3p enc_vop3p_mods(enc *e, const enc_ops *o) {
  const mir_instr *ins = e->ins;
  enc_vop3p m = {.opsel_hi = 7};
  for (unsigned j = 0; j < o->ns && j < 3; j++) {
    /* VOP3P sources are the instruction's operands in order (mir_asm_operands) */
    ptrdiff_t k = o->s[j] - ins->ops;
    if (k < 0 || k >= (ptrdiff_t)ins->num_ops) {
      enc_error(e, "internal: VOP3P source is not an operand");
      continue;
    }
    mir_vop3p_src s = mir_vop3p_source(ins, (unsigned)k);
    mir_operand r = *o->s[j];
    if (s.reg != MIR_PREG_NONE) r.preg = s.reg;
    m.src[j] = enc_src(e, &r);
    m.opsel |= (unsigned)s.opsel << j;
    if (!s.opsel_hi) m.opsel_hi &= ~(1u << j);
    m.neg |= (unsigned)s.neg_lo << j;
    m.neg_hi |= (unsigned)s.neg_hi << j;
  }
  return m;
}

bool enc_is_vop3b(const enc_ops *o) {
  if (o->nd < 2) return false;
  return o->d[0]->preg >= 256 && o->d[1]->preg < 256;
}

unsigned enc_vop_e32(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned src0 = o->ns ? enc_src(e, o->s[0]) : 0, op = e->x->opcode;
  switch ((isa_format)e->x->format) {
  case ISA_FMT_VOP1:
    /* v_swap_b32 names its two definitions: vdst, src0 */
    if (ins->opcode == ISA_V_SWAP_B32 && o->nd == 2) src0 = enc_src(e, o->d[1]);
    w[0] = 0x3fu << 25 | (o->nd ? (enc_src(e, o->d[0]) & 0xff) : 0) << 17 | op << 9 | src0;
    return 1;
  case ISA_FMT_VOPC:
    w[0] = 0x3eu << 25 | op << 17 | (o->ns > 1 ? enc_vgpr(e, o->s[1]) : 0) << 9 | src0;
    return 1;
  default: /* VOP2: vdst[, vcc], src0, vsrc1[, vcc] */
    w[0] = op << 25 | (o->nd ? enc_vgpr(e, o->d[0]) : 0) << 17 | (o->ns > 1 ? enc_vgpr(e, o->s[1]) : 0) << 9 | src0;
    return 1;
  }
}

bool enc_mubuf_fields(enc *e, const enc_ops *o, enc_mubuf *f) {
  const mir_instr *ins = e->ins;
  unsigned r = o->ns, ns = o->ns;
  *f = (enc_mubuf){.empty = ns == 0 && o->nd == 0};
  if (f->empty) return true;
  for (unsigned k = 0; k < ns; k++) {
    const mir_operand *s = o->s[k];
    unsigned size = s->kind == MIR_OPND_TEMP ? mir_rc_size(s->temp.rc) : s->size;
    if (s->preg < 256 && s->kind != MIR_OPND_CONST && size == 4) { r = k; break; }
  }
  if (r == ns || r + 1 >= ns) { enc_error(e, "MUBUF without resource and soffset"); return false; }
  bool addr = ins->enc_flags & (MIR_ENC_OFFEN | MIR_ENC_IDXEN);
  f->vaddr = addr && r > 0 ? enc_vgpr(e, o->s[r - 1]) : 0;
  if (o->nd && !(isa_table[ins->opcode].flags & ISA_F_ATOMIC)) f->vdata = enc_vgpr(e, o->d[0]);
  else if (r > (addr ? 1u : 0u)) f->vdata = enc_vgpr(e, o->s[0]);
  f->srsrc = enc_sreg(e, o->s[r]);
  f->soff = enc_src(e, o->s[r + 1]);
  if (e->has_lit) enc_error(e, "a literal soffset");
  return !e->errors;
}

void enc_flat_fields(enc *e, const enc_ops *o, enc_flat *f) {
  bool flat = e->x->format == ISA_FMT_FLAT;
  unsigned k = 0;
  /* FLAT on GFX9: llvm-mc writes SADDR 0 */
  *f = (enc_flat){.saddr = flat && e->family != WAVECC_ENC_GFX10 && e->family != WAVECC_ENC_GFX11 ? 0 : enc_off(e->family)};
  if (k < o->ns) {
    unsigned c = enc_src(e, o->s[k++]);
    f->has_vaddr = c >= 256;
    f->addr = c >= 256 ? c - 256 : 0; /* scratch "off": no VGPR address */
  }
  if ((isa_table[e->ins->opcode].flags & (ISA_F_STORE | ISA_F_ATOMIC)) && k < o->ns) f->data = enc_vgpr(e, o->s[k++]);
  if (!flat && k < o->ns) f->saddr = enc_src(e, o->s[k++]);
  f->vdst = o->nd ? enc_vgpr(e, o->d[0]) : 0;
}


unsigned enc_vop_dpp(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  if (e->x->format != ISA_FMT_VOP1 || o->nd != 1 || o->ns != 1 || ins->clamp || ins->omod ||
      enc_mods(o, MIR_OPND_NEG | MIR_OPND_ABS)) {
    enc_error(e, "internal: DPP with operands or modifiers it cannot take");
    return 0;
  }
  bool dpp8 = isa_table[ins->opcode].flags & ISA_F_DPP8;
  if (e->family == WAVECC_ENC_GFX9 && (dpp8 || (ins->offset & (int32_t)MIR_DPP_FI))) enc_error(e, "internal: DPP8 or fi:1 on GFX9");
  w[0] = 0x3fu << 25 | enc_vgpr(e, o->d[0]) << 17 | (uint32_t)e->x->opcode << 9 | (dpp8 ? 0xe9u : 0xfau);
  w[1] = ((uint32_t)ins->offset & (dpp8 ? 0xffffffu : 0xff0dffu)) << 8 | enc_vgpr(e, o->s[0]);
  return 2;
}

/* One SDWA source: its 8-bit register field, and the S bit (a scalar
 * operand: SGPR or inline constant) at bit `s_bit` of the SDWA dword. */
static uint32_t sdwa_src(enc *e, const mir_operand *o, unsigned *code) {
  unsigned c = enc_src(e, o);
  if (c == ENC_LIT) enc_error(e, "a literal in SDWA");
  *code = c & 0xff;
  return c < 256 ? 1u : 0u;
}

/* Hardware SRC_SEL of an operand's select: DWORD 6, else sel - 1. */
static uint32_t sdwa_sel(const mir_operand *o) {
  unsigned s = o->sel & MIR_SEL_MASK;
  return (s ? s - 1u : 6u) | ((o->sel & MIR_SEL_SEXT) ? 8u : 0u);
}

unsigned enc_vop_sdwa(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned op = e->x->opcode, c0 = 0, c1 = 0;
  if (e->family == WAVECC_ENC_GFX11) enc_error(e, "internal: SDWA on GFX11 (it has none)");
  if (ins->clamp || ins->omod || (ins->enc_flags & MIR_ENC_VOP3) || o->nd != 1 || o->ns < 1 || o->ns > 2)
    enc_error(e, "internal: SDWA with a modifier or operands it cannot take");
  if (enc_mods(o, MIR_OPND_NEG | MIR_OPND_ABS)) enc_error(e, "internal: SDWA with neg/abs (not made)");
  /* a VOP1's SRC1 fields stay 0 (llvm-mc-19 -show-encoding: v_mov_b32_sdwa ends in 0x00) */
  uint32_t s0 = sdwa_src(e, o->s[0], &c0), s1 = 0, sel1 = 0;
  if (o->ns > 1) {
    s1 = sdwa_src(e, o->s[1], &c1);
    sel1 = sdwa_sel(o->s[1]);
  }
  /* SRC0_SEL [18:16] with SEXT [19], S0 [23], SRC1_SEL [26:24] with SEXT [27], S1 [31] */
  w[1] = s1 << 31 | sel1 << 24 | s0 << 23 | sdwa_sel(o->s[0]) << 16 | c0;
  switch ((isa_format)e->x->format) {
  case ISA_FMT_VOP1: w[0] = 0x3fu << 25 | enc_vgpr(e, o->d[0]) << 17 | op << 9 | 0xf9u; break;
  case ISA_FMT_VOP2: w[0] = op << 25 | enc_vgpr(e, o->d[0]) << 17 | c1 << 9 | 0xf9u; break;
  case ISA_FMT_VOPC:
    /* the lane mask: VCC with SD [15] clear (llvm-mc-19 writes 0 there),
     * else SD set and the SGPR in SDST [14:8] */
    w[0] = 0x3eu << 25 | op << 17 | c1 << 9 | 0xf9u;
    if (o->d[0]->preg != MIR_PREG_VCC) w[1] |= 1u << 15 | enc_sreg(e, o->d[0]) << 8;
    return 2;
  default: enc_error(e, "internal: SDWA of a format other than VOP1/VOP2/VOPC"); return 0;
  }
  w[1] |= 6u << 8; /* DST_SEL DWORD [10:8], DST_UNUSED 0 [12:11], CLAMP 0, OMOD 0 */
  return 2;
}
