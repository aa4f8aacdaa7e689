/* Decoder for the RDNA encodings: GFX10 (gfx1030) and GFX11 (gfx1100).
 *
 * Sources: the RDNA 2 ISA guide, chapter 13 "Microcode Formats", and the
 * RDNA 3 ISA guide, chapter 15; every field position below was checked
 * against llvm-mc-19 -mcpu=gfx1030 / -mcpu=gfx1100 -show-encoding. The
 * opcode tables are the family's maps (isa_gfx10.def / isa_gfx11.def
 * through isa_encoding, built by emu_decode_init).
 *
 * What differs from GFX9 (decode.c):
 *   - SMEM is 64-bit with the offset always an immediate (21-bit signed)
 *     and an SGPR offset beside it (SOFFSET, NULL for none);
 *   - VOP3 has prefix 110101, VOP3P prefix 11001100; VOP1 opcodes sit at
 *     0x180 in VOP3; a VOP3 source of 255 reads a literal dword;
 *   - DS, MUBUF and FLAT moved their flag bits (GFX11 moved OFFEN/IDXEN to
 *     the second dword and widened the FLAT offset to 13 bits);
 *   - SGPR_NULL (125 on GFX10, 124 on GFX11, where M0 is 125) replaces
 *     "off" (0x7f) in SADDR and SOFFSET; the emulator numbers NULL 125 and
 *     M0 124 for both families (emu_internal.h OPC_NULL);
 *   - v_cmpx writes EXEC only (no VCC / SDST);
 *   - GFX11 VOPD packs two VOP1/VOP2 operations (emu_inst.vopd).
 * SDWA on GFX10 has GFX9's layout (emu_decode_sdwa); GFX11 dropped it.
 * DPP16 and DPP8 add a second dword (exec_dpp.c). */
#include <string.h>

#include "emu/emu_internal.h"

/* A scalar operand code in the emulator's numbering (GFX11: M0 <-> NULL). */
static unsigned sreg(bool gfx11, unsigned code) {
  if (!gfx11) return code;
  return code == 124 ? OPC_NULL : code == 125 ? OPC_M0 : code;
}

/* VOP3 source fields: 9-bit codes, scalar ones renumbered. */
static unsigned src9(bool gfx11, unsigned code) { return code >= 256 ? code : sreg(gfx11, code); }

/* The instruction of a VOP3 opcode: a VOP3-only opcode first, else the
 * VOPC / VOP2 / VOP1 opcode at its VOP3 offset (isa_vop3_opcode). */
static int vop3_lookup(wemu_device *dev, unsigned e, unsigned op, uint64_t pc, uint32_t w, emu_inst *in) {
  int v = op < 1024 ? dev->optab[ISA_FMT_VOP3][op] : -1;
  if (v >= 0) { in->op = (isa_op)v; return 0; }
  isa_format f = op < isa_vop3_opcode(e, ISA_FMT_VOP2, 0) ? ISA_FMT_VOPC
                 : op < isa_vop3_opcode(e, ISA_FMT_VOP1, 0) ? ISA_FMT_VOP2 : ISA_FMT_VOP1;
  if (emu_lookup(dev, f, op - isa_vop3_opcode(e, f, 0), pc, w, in)) return -1;
  in->vop3 = 1;
  return 0;
}

/* SOP1, SOPC, SOPP, SOPK, SOP2 (same layouts as GFX9). 1 if `w` is none of them. */
static int decode_salu(wemu_device *dev, bool g11, uint64_t pc, uint32_t w, emu_inst *in, int *need_lit) {
  if ((w >> 23) == 0x17d) {
    in->fmt = ISA_FMT_SOP1; in->dst = sreg(g11, (w >> 16) & 0x7f); in->src[0] = sreg(g11, w & 0xff);
    if (emu_lookup(dev, ISA_FMT_SOP1, (w >> 8) & 0xff, pc, w, in)) return -1;
  } else if ((w >> 23) == 0x17e) {
    in->fmt = ISA_FMT_SOPC; in->src[0] = sreg(g11, w & 0xff); in->src[1] = sreg(g11, (w >> 8) & 0xff);
    if (emu_lookup(dev, ISA_FMT_SOPC, (w >> 16) & 0x7f, pc, w, in)) return -1;
  } else if ((w >> 23) == 0x17f) {
    in->fmt = ISA_FMT_SOPP; in->simm16 = (int16_t)(w & 0xffff);
    if (emu_lookup(dev, ISA_FMT_SOPP, (w >> 16) & 0x7f, pc, w, in)) return -1;
  } else if ((w >> 28) == 0xb) {
    in->fmt = ISA_FMT_SOPK; in->dst = sreg(g11, (w >> 16) & 0x7f); in->simm16 = (int16_t)(w & 0xffff);
    if (emu_lookup(dev, ISA_FMT_SOPK, (w >> 23) & 0x1f, pc, w, in)) return -1;
    *need_lit = in->op == ISA_S_SETREG_IMM32_B32;
    return 0;
  } else if ((w >> 30) == 2) {
    in->fmt = ISA_FMT_SOP2; in->dst = sreg(g11, (w >> 16) & 0x7f);
    in->src[0] = sreg(g11, w & 0xff); in->src[1] = sreg(g11, (w >> 8) & 0xff);
    if (emu_lookup(dev, ISA_FMT_SOP2, (w >> 23) & 0x7f, pc, w, in)) return -1;
  } else {
    return 1;
  }
  *need_lit = in->src[0] == OPC_LITERAL || (in->fmt != ISA_FMT_SOP1 && in->src[1] == OPC_LITERAL);
  return 0;
}

/* VOP1 / VOP2 / VOPC in their 32-bit encodings. */
static int decode_vop12c(wemu_device *dev, const wemu_program *p, bool g11, uint64_t pc, uint32_t w, uint32_t *w1,
                         emu_inst *in, int *need_lit) {
  int ok = 1;
  in->src[0] = src9(g11, w & 0x1ff);
  if ((w >> 25) == 0x3f) {
    in->fmt = ISA_FMT_VOP1; in->dst = (w >> 17) & 0xff;
    if (emu_lookup(dev, ISA_FMT_VOP1, (w >> 9) & 0xff, pc, w, in)) return -1;
  } else if ((w >> 25) == 0x3e) {
    in->fmt = ISA_FMT_VOPC; in->src[1] = OPC_VGPR0 + ((w >> 9) & 0xff);
    if (emu_lookup(dev, ISA_FMT_VOPC, (w >> 17) & 0xff, pc, w, in)) return -1;
    in->sdst = (isa_sem_of(in->op)->flags & ISA_S_CMPX) ? EMU_NO_SDST : OPC_VCC_LO;
  } else {
    in->fmt = ISA_FMT_VOP2; in->dst = (w >> 17) & 0xff; in->src[1] = OPC_VGPR0 + ((w >> 9) & 0xff);
    if (emu_lookup(dev, ISA_FMT_VOP2, (w >> 25) & 0x3f, pc, w, in)) return -1;
    *need_lit = in->op == ISA_V_FMAMK_F32 || in->op == ISA_V_FMAAK_F32 || in->op == ISA_V_FMAMK_F16 || in->op == ISA_V_FMAAK_F16;
    in->sdst = OPC_VCC_LO; in->src[2] = OPC_VCC_LO; /* implicit carry / mask */
  }
  if (in->src[0] == OPC_SDWA && !g11) { /* GFX10 SDWA: the GFX9 layout (GFX11 has none) */
    *w1 = emu_fetch(p, pc + 4, &ok);
    if (!ok) { emu_err(dev, "pc 0x%llx: truncated instruction", (unsigned long long)pc); return -1; }
    in->size = 8;
    emu_decode_sdwa(in, w, *w1);
    if (in->fmt == ISA_FMT_VOPC && in->sdst != OPC_VCC_LO) in->sdst = sreg(g11, in->sdst);
    if (in->fmt == ISA_FMT_VOPC && (isa_sem_of(in->op)->flags & ISA_S_CMPX)) in->sdst = EMU_NO_SDST;
    return 0;
  }
  if (in->src[0] == OPC_DPP || in->src[0] == 233 || in->src[0] == 234) { /* DPP16, DPP8 (exec_dpp.c) */
    *w1 = emu_fetch(p, pc + 4, &ok);
    if (!ok) { emu_err(dev, "pc 0x%llx: truncated instruction", (unsigned long long)pc); return -1; }
    in->size = 8;
    return emu_decode_dpp(dev, in, in->src[0], *w1, pc);
  }
  if (in->src[0] == OPC_SDWA) {
    emu_err(dev, "pc 0x%llx: %s: SDWA does not exist on GFX11", (unsigned long long)pc, isa_table[in->op].mnemonic);
    return -1;
  }
  if (in->src[0] == OPC_LITERAL) *need_lit = 1;
  return 0;
}

/* VOP3 (a and b) and VOP3P: 64-bit, the same second dword. */
static void vop3_sources(bool g11, uint32_t w1, emu_inst *in) {
  in->src[0] = src9(g11, w1 & 0x1ff); in->src[1] = src9(g11, (w1 >> 9) & 0x1ff);
  in->src[2] = src9(g11, (w1 >> 18) & 0x1ff);
}

static int decode_vop3(wemu_device *dev, unsigned e, bool g11, uint64_t pc, uint32_t w, uint32_t w1, emu_inst *in) {
  in->fmt = ISA_FMT_VOP3;
  in->dst = w & 0xff; in->abs = (w >> 8) & 7; in->opsel = (w >> 11) & 0xf; in->clamp = (w >> 15) & 1;
  vop3_sources(g11, w1, in);
  in->omod = (w1 >> 27) & 3; in->neg = (w1 >> 29) & 7;
  if (vop3_lookup(dev, e, (w >> 16) & 0x3ff, pc, w, in)) return -1;
  if (isa_table[in->op].format == ISA_FMT_VOPC)
    in->sdst = (isa_sem_of(in->op)->flags & ISA_S_CMPX) ? EMU_NO_SDST : sreg(g11, w & 0xff);
  if (isa_sem_of(in->op)->flags & ISA_S_SDST) { /* VOP3b: SDST in bits 14:8 */
    in->sdst = sreg(g11, (w >> 8) & 0x7f); in->abs = 0; in->opsel = 0;
  }
  return 0;
}

/* GFX11 VOPD: OPX [25:22], OPY [21:17], SRCX0 [8:0], VSRCX1 [16:9];
 * SRCY0 [40:32], VSRCY1 [48:41], VDSTY [55:49] (its low bit is the
 * opposite of VDSTX's), VDSTX [63:56] (RDNA 3 guide, "VOPD"). */
static int decode_vopd(wemu_device *dev, unsigned e, uint64_t pc, uint32_t w, uint32_t w1, emu_inst *in, int *need_lit) {
  isa_op x = isa_vopd_op(e, (w >> 22) & 0xf, true), y = isa_vopd_op(e, (w >> 17) & 0x1f, false);
  if (x == ISA_NUM_OPS || y == ISA_NUM_OPS) {
    emu_err(dev, "pc 0x%llx: unknown VOPD component opcode (dword 0x%08x)", (unsigned long long)pc, w);
    return -1;
  }
  const isa_enc *xe = isa_encoding(e, x);
  in->vopd = 1; in->op = x; in->fmt = (isa_format)xe->format;
  in->dst = (w1 >> 24) & 0xff; in->src[0] = src9(true, w & 0x1ff); in->src[1] = OPC_VGPR0 + ((w >> 9) & 0xff);
  in->src[2] = OPC_VCC_LO; in->sdst = OPC_VCC_LO;
  in->y_op = (uint16_t)y; in->y_dst = (uint16_t)((((w1 >> 17) & 0x7f) << 1) | ((in->dst & 1) ^ 1));
  in->y_src0 = (uint16_t)src9(true, w1 & 0x1ff); in->y_src1 = (uint16_t)(OPC_VGPR0 + ((w1 >> 9) & 0xff));
  *need_lit = in->src[0] == OPC_LITERAL || in->y_src0 == OPC_LITERAL || x == ISA_V_FMAMK_F32 || x == ISA_V_FMAAK_F32 ||
              y == ISA_V_FMAMK_F32 || y == ISA_V_FMAAK_F32;
  return 0;
}

/* SMEM: GLC [16] (GFX11: [14]), SDATA [12:6], SBASE [5:0] (pairs);
 * OFFSET [52:32] signed, SOFFSET [63:57] (NULL: none). */
static int decode_smem(wemu_device *dev, bool g11, uint64_t pc, uint32_t w, uint32_t w1, emu_inst *in) {
  in->fmt = ISA_FMT_SMEM; in->sbase = (w & 0x3f) << 1; in->sdata = sreg(g11, (w >> 6) & 0x7f);
  in->glc = g11 ? (w >> 14) & 1 : (w >> 16) & 1;
  if (emu_lookup(dev, ISA_FMT_SMEM, (w >> 18) & 0xff, pc, w, in)) return -1;
  in->imm = 1;
  in->offset = ((int32_t)((w1 & 0x1fffff) << 11)) >> 11;
  unsigned so = sreg(g11, (w1 >> 25) & 0x7f);
  in->soffset = so == OPC_NULL ? 0xffff : so;
  return 0;
}

/* DS: OFFSET0 [7:0], OFFSET1 [15:8], GDS [17], OP [25:18]; ADDR, DATA0,
 * DATA1, VDST bytes of the second dword. */
static int decode_ds(wemu_device *dev, uint64_t pc, uint32_t w, uint32_t w1, emu_inst *in) {
  in->fmt = ISA_FMT_DS; in->offset = w & 0xff; in->offset1 = (w >> 8) & 0xff; in->gds = (w >> 17) & 1;
  in->addr = w1 & 0xff; in->data0 = (w1 >> 8) & 0xff; in->data1 = (w1 >> 16) & 0xff; in->vdst = (w1 >> 24) & 0xff;
  return emu_lookup(dev, ISA_FMT_DS, (w >> 18) & 0xff, pc, w, in);
}

/* MUBUF. GFX10: OFFSET [11:0], OFFEN [12], IDXEN [13], GLC [14], DLC
 * [15], LDS [16], SLC [17], OP [24:18]; TFE [55]. GFX11: SLC [12], DLC
 * [13], GLC [14], LDS [16], OP [25:18]; TFE [53], OFFEN [54], IDXEN [55].
 * Both: VADDR [39:32], VDATA [47:40], SRSRC [52:48], SOFFSET [63:56]. */
static int decode_mubuf(wemu_device *dev, bool g11, uint64_t pc, uint32_t w, uint32_t w1, emu_inst *in) {
  in->fmt = ISA_FMT_MUBUF; in->offset = w & 0xfff; in->glc = (w >> 14) & 1; in->lds = (w >> 16) & 1;
  if (g11) {
    in->slc = (w >> 12) & 1; in->tfe = (w1 >> 21) & 1; in->offen = (w1 >> 22) & 1; in->idxen = (w1 >> 23) & 1;
  } else {
    in->offen = (w >> 12) & 1; in->idxen = (w >> 13) & 1; in->slc = (w >> 17) & 1; in->tfe = (w1 >> 23) & 1;
  }
  in->vaddr = w1 & 0xff; in->vdata = (w1 >> 8) & 0xff; in->srsrc = ((w1 >> 16) & 0x1f) << 2;
  unsigned so = sreg(g11, (w1 >> 24) & 0xff);
  in->soffset = so == OPC_NULL ? OPC_ZERO : so; /* NULL reads 0 */
  if (emu_lookup(dev, ISA_FMT_MUBUF, (w >> 18) & 0xff, pc, w, in)) return -1; /* gfx10: OP 24:18, bit 7 (OPM) at 25 */
  if (in->lds || in->tfe) {
    emu_err(dev, "pc 0x%llx: %s: lds/tfe modifiers are not supported", (unsigned long long)pc, isa_table[in->op].mnemonic);
    return -1;
  }
  if (in->soffset == OPC_LITERAL) { emu_err(dev, "pc 0x%llx: literal soffset", (unsigned long long)pc); return -1; }
  return 0;
}

/* FLAT / GLOBAL / SCRATCH. GFX10: OFFSET [11:0] (signed for GLOBAL and
 * SCRATCH, unsigned 11 bits for FLAT), DLC [12], LDS [13], SEG [15:14],
 * GLC [16], SLC [17], OP [24:18]. GFX11: OFFSET [12:0] signed, DLC [13],
 * GLC [14], SLC [15], SEG [17:16], OP [24:18]; SVE [55]. Both: ADDR [39:32],
 * DATA [47:40], SADDR [54:48] (NULL: none), VDST [63:56]. */
static int decode_flat(wemu_device *dev, bool g11, uint64_t pc, uint32_t w, uint32_t w1, emu_inst *in) {
  unsigned seg = g11 ? (w >> 16) & 3 : (w >> 14) & 3;
  in->seg = (uint8_t)seg;
  in->fmt = seg == 0 ? ISA_FMT_FLAT : seg == 1 ? ISA_FMT_SCRATCH : ISA_FMT_GLOBAL;
  if (g11) {
    in->offset = ((int32_t)((w & 0x1fff) << 19)) >> 19;
    in->glc = (w >> 14) & 1; in->slc = (w >> 15) & 1; in->sve = (w1 >> 23) & 1;
  } else {
    in->offset = seg == 0 ? (int32_t)(w & 0x7ff) : ((int32_t)((w & 0xfff) << 20)) >> 20;
    in->lds = (w >> 13) & 1; in->glc = (w >> 16) & 1; in->slc = (w >> 17) & 1;
  }
  in->addr = w1 & 0xff; in->data0 = (w1 >> 8) & 0xff; in->vdst = (w1 >> 24) & 0xff;
  unsigned sa = sreg(g11, (w1 >> 16) & 0x7f);
  in->saddr = sa == OPC_NULL ? 0x7f : sa; /* the emulator's "off" */
  if (g11 && seg == 1) { /* SVE says whether VADDR takes part */
    in->vaddr_off = !in->sve;
    in->sve = in->sve && in->saddr != 0x7f;
  } else {
    in->sve = 0;
  }
  if (seg == 3) { emu_err(dev, "pc 0x%llx: FLAT segment 3 is reserved", (unsigned long long)pc); return -1; }
  if (in->lds) { emu_err(dev, "pc 0x%llx: FLAT lds modifier is not supported", (unsigned long long)pc); return -1; }
  return emu_lookup(dev, in->fmt, (w >> 18) & 0x7f, pc, w, in);
}

int emu_decode_rdna(wemu_device *dev, const wemu_program *p, uint64_t pc, emu_inst *in) {
  unsigned e = dev->tgt->encoding;
  bool g11 = e == WAVECC_ENC_GFX11;
  int ok = 1, need_lit = 0, r;
  memset(in, 0, sizeof *in);
  uint32_t w = emu_fetch(p, pc, &ok), w1 = 0;
  if (!ok) { emu_err(dev, "pc 0x%llx: outside the code", (unsigned long long)pc); return -1; }
  in->size = 4;
  unsigned top6 = w >> 26;
  if ((r = decode_salu(dev, g11, pc, w, in, &need_lit)) <= 0) {
    if (r < 0) return -1;
  } else if ((w >> 31) == 0 || (w >> 25) == 0x3f || (w >> 25) == 0x3e) {
    if (decode_vop12c(dev, p, g11, pc, w, &w1, in, &need_lit)) return -1;
  } else {
    w1 = emu_fetch(p, pc + 4, &ok);
    if (!ok) { emu_err(dev, "pc 0x%llx: truncated instruction", (unsigned long long)pc); return -1; }
    in->size = 8;
    if (top6 == 0x35) r = decode_vop3(dev, e, g11, pc, w, w1, in);
    else if ((w >> 24) == 0xcc) {
      in->fmt = ISA_FMT_VOP3P; in->dst = w & 0xff; in->neg_hi = (w >> 8) & 7; in->opsel = (w >> 11) & 7;
      in->opsel_hi = ((w >> 14) & 1) << 2 | ((w1 >> 27) & 3); in->clamp = (w >> 15) & 1;
      vop3_sources(g11, w1, in); in->neg = (w1 >> 29) & 7;
      r = emu_lookup(dev, ISA_FMT_VOP3P, (w >> 16) & 0x7f, pc, w, in);
    } else if (g11 && top6 == 0x32) r = decode_vopd(dev, e, pc, w, w1, in, &need_lit);
    else if (top6 == 0x3d) r = decode_smem(dev, g11, pc, w, w1, in);
    else if (top6 == 0x36) r = decode_ds(dev, pc, w, w1, in);
    else if (top6 == 0x38) r = decode_mubuf(dev, g11, pc, w, w1, in);
    else if (top6 == 0x37) r = decode_flat(dev, g11, pc, w, w1, in);
    else {
      emu_err(dev, "pc 0x%llx: unknown instruction: encoding (dword 0x%08x) is not supported on %s", (unsigned long long)pc,
              w, dev->tgt->name);
      return -1;
    }
    if (r) return -1;
    if (g11 && in->fmt == ISA_FMT_VOP3 && (in->src[0] == OPC_DPP || in->src[0] == 233 || in->src[0] == 234)) {
      /* GFX11 VOP3 with DPP (v_add3_u32_e64_dpp: RDNA 3 guide "VOP3 DPP"): a
       * third dword, the DPP16/DPP8 one; the modifiers stay VOP3's */
      uint32_t w2 = emu_fetch(p, pc + 8, &ok);
      if (!ok) { emu_err(dev, "pc 0x%llx: truncated instruction", (unsigned long long)pc); return -1; }
      uint8_t neg = in->neg, abs = in->abs;
      in->size = 12;
      if (emu_decode_dpp(dev, in, in->src[0], w2, pc)) return -1;
      in->neg = neg; in->abs = abs;
    }
    if (in->fmt == ISA_FMT_VOP3 || in->fmt == ISA_FMT_VOP3P)
      need_lit = in->src[0] == OPC_LITERAL || in->src[1] == OPC_LITERAL || in->src[2] == OPC_LITERAL;
  }
  if (need_lit) {
    uint32_t lit = emu_fetch(p, pc + in->size, &ok);
    if (!ok) { emu_err(dev, "pc 0x%llx: truncated literal", (unsigned long long)pc); return -1; }
    in->literal = lit; in->has_lit = 1; in->size += 4;
  }
  return 0;
}
