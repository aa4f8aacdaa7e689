/* Decoder for gfx9 binary encodings, driven by src/target/isa.def.
 *
 * Format detection follows the Vega ISA guide, chapter 12 "Microcode
 * Formats": the top bits of the first dword select SOP2/SOPK/SOP1/SOPC/
 * SOPP, SMEM, VOP1/VOP2/VOPC, VOP3/VOP3P, DS, MUBUF, FLAT. VOP1/VOP2/VOPC
 * opcodes also exist in the VOP3 encoding: VOPC at 0x000-0x0ff, VOP2 at
 * 0x100 + op, VOP1 at 0x140 + op. A 32-bit literal follows the instruction
 * when a source field is 255 (SALU, VOP1/2/C src0), for v_madmk/v_madak and
 * for s_setreg_imm32_b32. SDWA (src0 = 249) and DPP (250: exec_dpp.c) add a
 * second dword. Field layouts were checked against llvm-mc-19
 * -show-encoding. */
#include <stdio.h>
#include <string.h>

#include "emu/emu_internal.h"

static void parse_sig(const char *s, emu_opshape *sh) {
  memset(sh, 0, sizeof *sh);
  int defs = 1;
  while (*s) {
    if (*s == ';') { defs = 0; s++; continue; }
    if (*s == ',') { s++; continue; }
    char k = *s++;
    int w = 0;
    while (*s >= '0' && *s <= '9') w = w * 10 + (*s++ - '0');
    if (defs && sh->ndefs < 2) { sh->defk[sh->ndefs] = k; sh->defw[sh->ndefs++] = (uint8_t)w; }
    else if (!defs && sh->nuses < 4) { sh->usek[sh->nuses] = k; sh->usew[sh->nuses++] = (uint8_t)w; }
  }
}

void emu_decode_init(wemu_device *dev) {
  memset(dev->optab, 0xff, sizeof dev->optab);
  for (unsigned i = 0; i < ISA_NUM_OPS; i++) {
    /* The emulated target's encoding family (isa_encoding): an instruction
     * it lacks does not decode (v_mac_f32 on gfx942). */
    const isa_enc *x = isa_encoding(dev->tgt->encoding, i);
    if (x && x->format < ISA_FMT_COUNT && x->opcode < 1024 && dev->optab[x->format][x->opcode] < 0)
      dev->optab[x->format][x->opcode] = (int16_t)i;
    parse_sig(isa_table[i].sig, &dev->shape[i]);
  }
}

/* An AGPR operand: VALU operand code or VGPR row of AGPR n given the
 * encoded VGPR operand (code >= OPC_VGPR0) or register number. */
static uint16_t acc_code(uint16_t code) { return code >= OPC_VGPR0 ? (uint16_t)(code + EMU_AGPR0) : code; }

/* The CDNA fields of a vector-memory or DS instruction (CDNA 2/3 ISA
 * guides, chapter 12 "Microcode Formats"; llvm-mc-19 -mcpu=gfx90a
 * -show-encoding): ACC selects AGPRs for the data and destination
 * operands (DS: bit 25 of dword 0; MUBUF and FLAT: bit 23 of dword 1,
 * TFE / NV on gfx9); gfx90a's SCC cache bit (MUBUF bit 15, FLAT bit 25)
 * is gfx942's SC1, next to SC0 (the glc bit) and NT (the slc bit). */
static void decode_acc(const wemu_device *dev, emu_inst *in, uint32_t w, uint32_t w1) {
  if (!dev->tgt->agprs) return;
  int acc = in->fmt == ISA_FMT_DS ? (w >> 25) & 1 : (w1 >> 23) & 1;
  in->scc = in->fmt == ISA_FMT_MUBUF ? (w >> 15) & 1 : in->fmt == ISA_FMT_DS ? 0 : (w >> 25) & 1;
  if (in->fmt == ISA_FMT_MUBUF) in->tfe = 0;
  if (!acc) return;
  in->vdata = (uint16_t)(in->vdata + EMU_AGPR0);
  in->data0 = (uint16_t)(in->data0 + EMU_AGPR0);
  in->data1 = (uint16_t)(in->data1 + EMU_AGPR0);
  in->vdst = (uint16_t)(in->vdst + EMU_AGPR0);
}

uint32_t emu_fetch(const wemu_program *p, uint64_t pc, int *ok) {
  if (pc < p->text_lo || pc + 4 > p->text_hi || pc + 4 > p->image_size) { *ok = 0; return 0; }
  const uint8_t *b = p->image + pc;
  return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

int emu_lookup(wemu_device *dev, isa_format f, unsigned op, uint64_t pc, uint32_t w0, emu_inst *out) {
  int v = op < 1024 ? dev->optab[f][op] : -1;
  if (v < 0) {
    emu_err(dev, "pc 0x%llx: unknown instruction: encoding %s, opcode 0x%x (dword 0x%08x)",
            (unsigned long long)pc, isa_format_name(f), op, w0);
    return -1;
  }
  out->op = (isa_op)v;
  return 0;
}

/* The SDWA dword (Vega ISA 12.x "SDWA"; the same on GFX10): SRC0[7:0],
 * DST_SEL[10:8], DST_UNUSED[12:11], CLAMP[13], OMOD[15:14],
 * SRC0_SEL[18:16], SRC0_SEXT[19], SRC0_NEG[20], SRC0_ABS[21], S0[23],
 * SRC1_SEL[26:24], SRC1_SEXT[27], SRC1_NEG[28], SRC1_ABS[29], S1[31];
 * VOPC: SDST[14:8], SD[15]. w is the VOP1/VOP2/VOPC dword. */
void emu_decode_sdwa(emu_inst *in, uint32_t w, uint32_t w1) {
  in->sdwa = 1;
  in->src[0] = (w1 & 0xff) + (((w1 >> 23) & 1) ? 0 : OPC_VGPR0);
  if (in->fmt != ISA_FMT_VOP1 && ((w1 >> 31) & 1)) in->src[1] = (w >> 9) & 0xff;
  in->src_sel[0] = (w1 >> 16) & 7; in->src_sext[0] = (w1 >> 19) & 1;
  in->src_sel[1] = (w1 >> 24) & 7; in->src_sext[1] = (w1 >> 27) & 1;
  in->neg = (uint8_t)(((w1 >> 20) & 1) | ((w1 >> 28) & 1) << 1);
  in->abs = (uint8_t)(((w1 >> 21) & 1) | ((w1 >> 29) & 1) << 1);
  if (in->fmt == ISA_FMT_VOPC) {
    in->dst_sel = 6;
    if ((w1 >> 15) & 1) in->sdst = (w1 >> 8) & 0x7f;
  } else {
    in->dst_sel = (w1 >> 8) & 7; in->dst_unused = (w1 >> 11) & 3;
    in->clamp = (w1 >> 13) & 1; in->omod = (w1 >> 14) & 3;
  }
}

static int decode_gfx9(wemu_device *dev, const wemu_program *p, uint64_t pc, emu_inst *in) {
  int ok = 1;
  memset(in, 0, sizeof *in);
  uint32_t w = emu_fetch(p, pc, &ok), w1 = 0;
  if (!ok) { emu_err(dev, "pc 0x%llx: outside the code", (unsigned long long)pc); return -1; }
  in->size = 4;
  int need_lit = 0;
#define SECOND() do { w1 = emu_fetch(p, pc + 4, &ok); if (!ok) { emu_err(dev, "pc 0x%llx: truncated instruction", (unsigned long long)pc); return -1; } in->size = 8; } while (0)
  if ((w >> 23) == 0x17d) { /* SOP1 */
    in->fmt = ISA_FMT_SOP1; in->dst = (w >> 16) & 0x7f; in->src[0] = w & 0xff;
    if (emu_lookup(dev, ISA_FMT_SOP1, (w >> 8) & 0xff, pc, w, in)) return -1;
    need_lit = in->src[0] == OPC_LITERAL;
  } else if ((w >> 23) == 0x17e) { /* SOPC */
    in->fmt = ISA_FMT_SOPC; in->src[0] = w & 0xff; in->src[1] = (w >> 8) & 0xff;
    if (emu_lookup(dev, ISA_FMT_SOPC, (w >> 16) & 0x7f, pc, w, in)) return -1;
    need_lit = in->src[0] == OPC_LITERAL || in->src[1] == OPC_LITERAL;
  } else if ((w >> 23) == 0x17f) { /* SOPP */
    in->fmt = ISA_FMT_SOPP; in->simm16 = (int16_t)(w & 0xffff);
    if (emu_lookup(dev, ISA_FMT_SOPP, (w >> 16) & 0x7f, pc, w, in)) return -1;
  } else if ((w >> 28) == 0xb) { /* SOPK */
    in->fmt = ISA_FMT_SOPK; in->dst = (w >> 16) & 0x7f; in->simm16 = (int16_t)(w & 0xffff);
    unsigned op = (w >> 23) & 0x1f;
    if (emu_lookup(dev, ISA_FMT_SOPK, op, pc, w, in)) return -1;
    need_lit = in->op == ISA_S_SETREG_IMM32_B32;
  } else if ((w >> 30) == 2) { /* SOP2 */
    in->fmt = ISA_FMT_SOP2; in->dst = (w >> 16) & 0x7f; in->src[0] = w & 0xff; in->src[1] = (w >> 8) & 0xff;
    if (emu_lookup(dev, ISA_FMT_SOP2, (w >> 23) & 0x7f, pc, w, in)) return -1;
    need_lit = in->src[0] == OPC_LITERAL || in->src[1] == OPC_LITERAL;
  } else if ((w >> 31) == 0 || (w >> 25) == 0x3f || (w >> 25) == 0x3e) { /* VOP2 / VOP1 / VOPC */
    in->src[0] = w & 0x1ff;
    if ((w >> 25) == 0x3f) {
      in->fmt = ISA_FMT_VOP1; in->dst = (w >> 17) & 0xff;
      if (emu_lookup(dev, ISA_FMT_VOP1, (w >> 9) & 0xff, pc, w, in)) return -1;
      if (in->op == ISA_V_ACCVGPR_MOV_B32) { in->dst = (uint16_t)(in->dst + EMU_AGPR0); in->src[0] = acc_code(in->src[0]); }
    } else if ((w >> 25) == 0x3e) {
      in->fmt = ISA_FMT_VOPC; in->src[1] = OPC_VGPR0 + ((w >> 9) & 0xff); in->sdst = OPC_VCC_LO;
      if (emu_lookup(dev, ISA_FMT_VOPC, (w >> 17) & 0xff, pc, w, in)) return -1;
    } else {
      in->fmt = ISA_FMT_VOP2; in->dst = (w >> 17) & 0xff; in->src[1] = OPC_VGPR0 + ((w >> 9) & 0xff);
      if (emu_lookup(dev, ISA_FMT_VOP2, (w >> 25) & 0x3f, pc, w, in)) return -1;
      if (in->op == ISA_V_MADMK_F32 || in->op == ISA_V_MADAK_F32 || in->op == ISA_V_MADMK_F16 || in->op == ISA_V_MADAK_F16 ||
          in->op == ISA_V_FMAMK_F32 || in->op == ISA_V_FMAAK_F32)
        need_lit = 1;
      in->sdst = OPC_VCC_LO; in->src[2] = OPC_VCC_LO; /* implicit carry / mask */
    }
    if (in->src[0] == OPC_SDWA) {
      SECOND();
      emu_decode_sdwa(in, w, w1);
    } else if (in->src[0] == OPC_DPP) {
      SECOND();
      if (emu_decode_dpp(dev, in, OPC_DPP, w1, pc)) return -1;
    }
    if (in->src[0] == OPC_LITERAL) need_lit = 1;
  } else if ((w >> 23) == 0x1a7) { /* VOP3P */
    SECOND();
    in->fmt = ISA_FMT_VOP3P; in->dst = w & 0xff; in->neg_hi = (w >> 8) & 7; in->opsel = (w >> 11) & 7;
    in->opsel_hi = ((w >> 14) & 1) << 2 | ((w1 >> 27) & 3); in->clamp = (w >> 15) & 1;
    in->src[0] = w1 & 0x1ff; in->src[1] = (w1 >> 9) & 0x1ff; in->src[2] = (w1 >> 18) & 0x1ff; in->neg = (w1 >> 29) & 7;
    if (emu_lookup(dev, ISA_FMT_VOP3P, (w >> 16) & 0x7f, pc, w, in)) return -1;
    /* MFMA (CDNA 2/3 ISA guides, "VOP3P-MAI"): ACC_CD (the clamp bit)
     * puts C and D in AGPRs, ACC (op_sel_hi[1:0]) A and B; CBSZ, ABID
     * and BLGP take the neg_hi, op_sel and neg fields. */
    if (emu_is_mfma(in->op)) {
      int acc_cd = in->clamp, acc = (w1 >> 27) & 3;
      in->cbsz = in->neg_hi; in->abid = (uint8_t)((w >> 11) & 0xf); in->blgp = in->neg;
      in->clamp = 0; in->neg_hi = 0; in->neg = 0; in->opsel = 0; in->opsel_hi = 0;
      if (acc & 1) in->src[0] = acc_code(in->src[0]);
      if (acc & 2) in->src[1] = acc_code(in->src[1]);
      if (acc_cd) { in->src[2] = acc_code(in->src[2]); in->dst = (uint16_t)(in->dst + EMU_AGPR0); }
    }
    /* The accumulation-register moves name their AGPR by opcode. */
    if (in->op == ISA_V_ACCVGPR_READ_B32) in->src[0] = acc_code(in->src[0]);
    if (in->op == ISA_V_ACCVGPR_WRITE_B32) in->dst = (uint16_t)(in->dst + EMU_AGPR0);
  } else if ((w >> 26) == 0x34) { /* VOP3 */
    SECOND();
    unsigned op = (w >> 16) & 0x3ff;
    in->fmt = ISA_FMT_VOP3;
    in->dst = w & 0xff; in->abs = (w >> 8) & 7; in->opsel = (w >> 11) & 0xf; in->clamp = (w >> 15) & 1;
    in->src[0] = w1 & 0x1ff; in->src[1] = (w1 >> 9) & 0x1ff; in->src[2] = (w1 >> 18) & 0x1ff;
    in->omod = (w1 >> 27) & 3; in->neg = (w1 >> 29) & 7;
    if (op < 0x100) { if (emu_lookup(dev, ISA_FMT_VOPC, op, pc, w, in)) return -1; in->vop3 = 1; in->sdst = w & 0xff; }
    else if (op < 0x140) { if (emu_lookup(dev, ISA_FMT_VOP2, op - 0x100, pc, w, in)) return -1; in->vop3 = 1; }
    else if (op < 0x1c0) { if (emu_lookup(dev, ISA_FMT_VOP1, op - 0x140, pc, w, in)) return -1; in->vop3 = 1; }
    else if (emu_lookup(dev, ISA_FMT_VOP3, op, pc, w, in)) return -1;
    /* VOP3b: SDST in bits 14:8 instead of ABS/OPSEL (Vega ISA 12.x "VOP3B"). */
    const char *mn = isa_table[in->op].mnemonic;
    if (isa_sem_of(in->op)->flags & ISA_S_SDST) {
      in->sdst = (w >> 8) & 0x7f; in->abs = 0; in->opsel = 0;
    }
    if (in->src[0] == OPC_LITERAL || in->src[1] == OPC_LITERAL || in->src[2] == OPC_LITERAL) {
      emu_err(dev, "pc 0x%llx: %s: a literal operand is not encodable in VOP3 on gfx9", (unsigned long long)pc, mn);
      return -1;
    }
  } else if ((w >> 26) == 0x30) { /* SMEM */
    SECOND();
    in->fmt = ISA_FMT_SMEM; in->sbase = (w & 0x3f) << 1; in->sdata = (w >> 6) & 0x7f;
    in->glc = (w >> 16) & 1; in->imm = (w >> 17) & 1;
    unsigned soe = (w >> 14) & 1;
    if (emu_lookup(dev, ISA_FMT_SMEM, (w >> 18) & 0xff, pc, w, in)) return -1;
    if (in->imm) { in->offset = (int32_t)(w1 & 0xfffff); in->soffset = soe ? (w1 >> 25) & 0x7f : 0xffff; }
    else { in->offset = 0; in->soffset = w1 & 0x7f; }
  } else if ((w >> 26) == 0x36) { /* DS */
    SECOND();
    in->fmt = ISA_FMT_DS; in->offset = w & 0xff; in->offset1 = (w >> 8) & 0xff; in->gds = (w >> 16) & 1;
    in->addr = w1 & 0xff; in->data0 = (w1 >> 8) & 0xff; in->data1 = (w1 >> 16) & 0xff; in->vdst = (w1 >> 24) & 0xff;
    if (emu_lookup(dev, ISA_FMT_DS, (w >> 17) & 0xff, pc, w, in)) return -1;
    decode_acc(dev, in, w, w1);
  } else if ((w >> 26) == 0x3a) { /* MTBUF (Vega ISA 12.10): OP [18:15], DFMT [22:19], NFMT [25:23] */
    SECOND();
    in->fmt = ISA_FMT_MTBUF; in->offset = w & 0xfff; in->offen = (w >> 12) & 1; in->idxen = (w >> 13) & 1;
    in->glc = (w >> 14) & 1; in->slc = (w1 >> 22) & 1; in->tfmt = (uint8_t)(((w >> 19) & 15) | ((w >> 23) & 7) << 4);
    in->vaddr = w1 & 0xff; in->vdata = (w1 >> 8) & 0xff; in->srsrc = ((w1 >> 16) & 0x1f) << 2; in->tfe = (w1 >> 23) & 1;
    in->soffset = (w1 >> 24) & 0xff;
    if (emu_lookup(dev, ISA_FMT_MTBUF, (w >> 15) & 0xf, pc, w, in)) return -1;
    if (dev->tgt->agprs) { emu_err(dev, "pc 0x%llx: %s: MTBUF is modelled on gfx900 only", (unsigned long long)pc, isa_table[in->op].mnemonic); return -1; }
    if (in->tfe) { emu_err(dev, "pc 0x%llx: %s: tfe is not supported", (unsigned long long)pc, isa_table[in->op].mnemonic); return -1; }
    if (in->soffset == OPC_LITERAL) { emu_err(dev, "pc 0x%llx: literal soffset", (unsigned long long)pc); return -1; }
  } else if ((w >> 26) == 0x38) { /* MUBUF */
    SECOND();
    in->fmt = ISA_FMT_MUBUF; in->offset = w & 0xfff; in->offen = (w >> 12) & 1; in->idxen = (w >> 13) & 1;
    in->glc = (w >> 14) & 1; in->lds = (w >> 16) & 1; in->slc = (w >> 17) & 1;
    in->vaddr = w1 & 0xff; in->vdata = (w1 >> 8) & 0xff; in->srsrc = ((w1 >> 16) & 0x1f) << 2; in->tfe = (w1 >> 23) & 1;
    in->soffset = (w1 >> 24) & 0xff;
    if (emu_lookup(dev, ISA_FMT_MUBUF, (w >> 18) & 0x7f, pc, w, in)) return -1;
    decode_acc(dev, in, w, w1);
    if (in->lds || in->tfe) { emu_err(dev, "pc 0x%llx: %s: lds/tfe modifiers are not supported", (unsigned long long)pc, isa_table[in->op].mnemonic); return -1; }
    if (in->soffset == OPC_LITERAL) { emu_err(dev, "pc 0x%llx: literal soffset", (unsigned long long)pc); return -1; }
  } else if ((w >> 26) == 0x37) { /* FLAT / GLOBAL / SCRATCH */
    SECOND();
    unsigned seg = (w >> 14) & 3;
    in->seg = (uint8_t)seg;
    in->fmt = seg == 0 ? ISA_FMT_FLAT : seg == 1 ? ISA_FMT_SCRATCH : ISA_FMT_GLOBAL;
    if (seg == 0) in->offset = w & 0xfff;
    else in->offset = ((int32_t)((w & 0x1fff) << 19)) >> 19;
    in->lds = (w >> 13) & 1; in->glc = (w >> 16) & 1; in->slc = (w >> 17) & 1;
    in->addr = w1 & 0xff; in->data0 = (w1 >> 8) & 0xff; in->saddr = (w1 >> 16) & 0x7f; in->vdst = (w1 >> 24) & 0xff;
    if (seg == 3) { emu_err(dev, "pc 0x%llx: FLAT segment 3 is reserved", (unsigned long long)pc); return -1; }
    if (emu_lookup(dev, in->fmt, (w >> 18) & 0x7f, pc, w, in)) return -1;
    decode_acc(dev, in, w, w1);
    /* GFX940 SCRATCH: bit 13 is SVE (the address VGPR is used), not LDS;
     * with SVE and SADDR both, the address is their sum (CDNA 3 ISA guide,
     * "Scratch"; llvm-mc-19 -mcpu=gfx942). */
    if (dev->tgt->encoding == WAVECC_ENC_GFX940 && in->fmt == ISA_FMT_SCRATCH) { in->sve = in->lds; in->lds = 0; in->vaddr_off = !in->sve; }
    else if (in->fmt == ISA_FMT_SCRATCH) in->sve = in->saddr == 0x7f;
  } else {
    const char *what = (w >> 26) == 0x3a ? "MTBUF" : (w >> 26) == 0x3c ? "MIMG" : (w >> 26) == 0x31 ? "EXP" : (w >> 26) == 0x35 ? "VINTRP" : "unknown";
    emu_err(dev, "pc 0x%llx: unknown instruction: encoding %s (dword 0x%08x) is not supported", (unsigned long long)pc, what, w);
    return -1;
  }
  if (need_lit) {
    uint32_t lit = emu_fetch(p, pc + in->size, &ok);
    if (!ok) { emu_err(dev, "pc 0x%llx: truncated literal", (unsigned long long)pc); return -1; }
    in->literal = lit; in->has_lit = 1; in->size += 4;
  }
  (void)w1;
  return 0;
#undef SECOND
}

/* The constant bus (target.h const_bus_limit): the distinct scalar values
 * VALU instruction `in` reads, SGPR codes (VCC, EXEC and M0 included, NULL
 * not), one literal and an implicit VCC (the e32 carry-in / mask, v_div_fmas).
 * A lane select in M0 (v_readlane / v_writelane) is exempt: llvm-mc-19 takes
 * `v_writelane_b32 v1, s2, m0` on gfx900 and rejects `v1, s2, s3`. Sources:
 * Vega and RDNA 2 ISA guides, "VALU Instruction Operands"; LLVM
 * GCNSubtarget::getConstantBusLimit. */
static unsigned const_bus_reads(const wemu_device *dev, const emu_inst *in) {
  const isa_info *ii = &isa_table[in->op];
  unsigned n = dev->shape[in->op].nuses < 3 ? dev->shape[in->op].nuses : 3;
  uint16_t code[5];
  unsigned nc = 0;
  for (unsigned i = 0; i < n; i++) code[nc++] = in->src[i];
  if ((ii->flags & ISA_F_IGNORES_EXEC) && n >= 2 && in->src[1] == OPC_M0) nc--, code[1] = code[nc];
  if (ii->flags & ISA_F_READS_VCC) code[nc++] = in->fmt == ISA_FMT_VOP3 && in->vop3 ? in->src[2] : OPC_VCC_LO;
  if (in->has_lit) code[nc++] = OPC_LITERAL; /* v_madmk / v_fmaak: the literal is no source field */
  unsigned reads = 0;
  for (unsigned i = 0; i < nc; i++) {
    bool scalar = (code[i] < 128 && code[i] != OPC_NULL) || code[i] == OPC_LITERAL;
    bool seen = false;
    for (unsigned j = 0; j < i && !seen; j++) seen = code[j] == code[i];
    if (scalar && !seen) reads++;
  }
  return reads;
}

int emu_decode(wemu_device *dev, const wemu_program *p, uint64_t pc, emu_inst *in) {
  bool rdna = dev->tgt->encoding == WAVECC_ENC_GFX10 || dev->tgt->encoding == WAVECC_ENC_GFX11;
  if (rdna ? emu_decode_rdna(dev, p, pc, in) : decode_gfx9(dev, p, pc, in)) return -1;
  if (isa_fmt_valu(isa_table[in->op].format) && !in->vopd) {
    unsigned reads = const_bus_reads(dev, in), limit = wavecc_const_bus_limit(dev->tgt, in->op);
    if (reads > limit) {
      emu_err(dev, "pc 0x%llx: %s reads %u scalar values (SGPRs, literals, VCC) over the constant bus; %s allows %u",
              (unsigned long long)pc, isa_table[in->op].mnemonic, reads, dev->tgt->name, limit);
      return -1;
    }
  }
  return 0;
}

/* ---------------------------------------------------------- disassembly */

static void opname(char *b, size_t n, unsigned code, unsigned ndw, const emu_inst *in) {
  if (code >= OPC_VGPR0) {
    unsigned r = code - OPC_VGPR0;
    if (ndw > 1) snprintf(b, n, "v[%u:%u]", r, r + ndw - 1); else snprintf(b, n, "v%u", r);
    return;
  }
  if (code < OPC_FLAT_SCR_LO) { /* SSRC codes of SGPRs (gfx9 encoding) */
    if (ndw > 1) snprintf(b, n, "s[%u:%u]", code, code + ndw - 1); else snprintf(b, n, "s%u", code);
    return;
  }
  switch (code) {
  case OPC_FLAT_SCR_LO: snprintf(b, n, ndw > 1 ? "flat_scratch" : "flat_scratch_lo"); return;
  case OPC_FLAT_SCR_HI: snprintf(b, n, "flat_scratch_hi"); return;
  case OPC_XNACK_LO: snprintf(b, n, ndw > 1 ? "xnack_mask" : "xnack_mask_lo"); return;
  case OPC_VCC_LO: snprintf(b, n, ndw > 1 ? "vcc" : "vcc_lo"); return;
  case OPC_VCC_HI: snprintf(b, n, "vcc_hi"); return;
  case OPC_M0: snprintf(b, n, "m0"); return;
  case OPC_EXEC_LO: snprintf(b, n, ndw > 1 ? "exec" : "exec_lo"); return;
  case OPC_EXEC_HI: snprintf(b, n, "exec_hi"); return;
  case OPC_SHARED_BASE: snprintf(b, n, "src_shared_base"); return;
  case OPC_SHARED_LIMIT: snprintf(b, n, "src_shared_limit"); return;
  case OPC_PRIVATE_BASE: snprintf(b, n, "src_private_base"); return;
  case OPC_PRIVATE_LIMIT: snprintf(b, n, "src_private_limit"); return;
  case OPC_VCCZ: snprintf(b, n, "src_vccz"); return;
  case OPC_EXECZ: snprintf(b, n, "src_execz"); return;
  case OPC_SCC: snprintf(b, n, "src_scc"); return;
  case OPC_LITERAL: snprintf(b, n, "0x%x", in->literal); return;
  default: break;
  }
  if (code >= OPC_ZERO && code <= OPC_INT_POS_LAST) { snprintf(b, n, "%d", (int)code - OPC_ZERO); return; }
  if (code > OPC_INT_POS_LAST && code <= OPC_INT_NEG_LAST) { snprintf(b, n, "%d", OPC_INT_POS_LAST - (int)code); return; }
  static const char *const fl[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"};
  if (code >= OPC_FLT_FIRST && code <= OPC_FLT_LAST) { snprintf(b, n, "%s", fl[code - OPC_FLT_FIRST]); return; }
  if (code >= 108 && code <= 123) { snprintf(b, n, "ttmp%u", code - 108); return; }
  snprintf(b, n, "src%u", code);
}

void emu_disasm(const wemu_device *dev, const emu_inst *in, char *buf, size_t n) {
  const emu_opshape *sh = &dev->shape[in->op];
  const char *mn = isa_table[in->op].mnemonic;
  char t[64];
  size_t len = (size_t)snprintf(buf, n, "%s%s", mn, in->vop3 ? "_e64" : in->sdwa ? "_sdwa" : in->dpp ? "_dpp" : "");
#define ADD(...) do { if (len < n) len += (size_t)snprintf(buf + len, n - len, __VA_ARGS__); } while (0)
  const char *sep = " ";
  switch (in->fmt) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPC:
    if (sh->ndefs) { opname(t, sizeof t, in->dst, sh->defw[0], in); ADD("%s%s", sep, t); sep = ", "; }
    for (unsigned i = 0; i < sh->nuses && i < 2; i++) { opname(t, sizeof t, in->src[i], sh->usew[i], in); ADD("%s%s", sep, t); sep = ", "; }
    break;
  case ISA_FMT_SOPK:
    if (in->op == ISA_S_SETREG_IMM32_B32) ADD(" hwreg(0x%x), 0x%x", in->simm16 & 0xffff, in->literal);
    else if (sh->ndefs) { opname(t, sizeof t, in->dst, 1, in); ADD(" %s, 0x%x", t, in->simm16 & 0xffff); }
    else { opname(t, sizeof t, in->dst, 1, in); ADD(" 0x%x, %s", in->simm16 & 0xffff, t); }
    break;
  case ISA_FMT_SOPP:
    if (in->op == ISA_S_WAITCNT) {
      unsigned s = (unsigned)in->simm16 & 0xffff, vm = (s & 0xf) | ((s >> 14) & 3) << 4, lg = (s >> 8) & 0xf;
      if (vm != 63) ADD(" vmcnt(%u)", vm);
      if (lg != 15) ADD(" lgkmcnt(%u)", lg);
    } else if (isa_table[in->op].flags & ISA_F_BRANCH) ADD(" %d", in->simm16);
    else if (in->op != ISA_S_ENDPGM && in->op != ISA_S_BARRIER) ADD(" 0x%x", in->simm16 & 0xffff);
    break;
  case ISA_FMT_SMEM:
    opname(t, sizeof t, in->sdata, sh->ndefs ? sh->defw[0] : 1, in); ADD(" %s", t);
    opname(t, sizeof t, in->sbase, sh->nuses ? sh->usew[0] : 2, in); ADD(", %s", t);
    if (in->imm) ADD(", 0x%x", in->offset); else { opname(t, sizeof t, in->soffset, 1, in); ADD(", %s", t); }
    break;
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P: {
    int is_c = isa_table[in->op].format == ISA_FMT_VOPC;
    if (is_c) { opname(t, sizeof t, in->sdst, 2, in); ADD(" %s", t); sep = ", "; }
    else if (sh->ndefs) {
      opname(t, sizeof t, sh->defk[0] == 's' ? in->dst : OPC_VGPR0 + in->dst, sh->defw[0], in);
      ADD(" %s", t); sep = ", ";
      if (sh->ndefs > 1 || (isa_sem_of(in->op)->flags & ISA_S_CARRY_OUT)) { opname(t, sizeof t, in->sdst, 2, in); ADD(", %s", t); }
    }
    unsigned nu = sh->nuses;
    if (in->fmt == ISA_FMT_VOP3 && (in->op == ISA_V_CNDMASK_B32 || (isa_sem_of(in->op)->flags & ISA_S_CARRY_IN))) nu = 3;
    for (unsigned i = 0; i < nu && i < 3; i++) {
      opname(t, sizeof t, in->src[i], i < sh->nuses ? sh->usew[i] : 2, in);
      ADD("%s%s%s%s%s", sep, (in->neg >> i) & 1 ? "-" : "", (in->abs >> i) & 1 ? "|" : "", t, (in->abs >> i) & 1 ? "|" : "");
      sep = ", ";
    }
    if (in->has_lit && in->fmt == ISA_FMT_VOP2 && in->src[0] != OPC_LITERAL) ADD(", 0x%x", in->literal);
    if (in->clamp) ADD(" clamp");
    if (in->sdwa) ADD(" dst_sel:%u dst_unused:%u src0_sel:%u%s src1_sel:%u%s", in->dst_sel, in->dst_unused, in->src_sel[0], in->src_sext[0] ? " sext" : "", in->src_sel[1], in->src_sext[1] ? " sext" : "");
    if (in->omod) ADD(" omod:%d", in->omod);
    if (in->dpp == 1)
      ADD(" dpp_ctrl:0x%x row_mask:0x%x bank_mask:0x%x%s%s", in->dpp_ctrl, in->dpp_row_mask, in->dpp_bank_mask,
          in->dpp_bc ? " bound_ctrl:1" : "", in->dpp_fi ? " fi:1" : "");
    if (in->dpp == 2) ADD(" dpp8:0x%06x%s", in->dpp8_sel & 0xffffffu, in->dpp_fi ? " fi:1" : "");
    break;
  }
  case ISA_FMT_DS:
    if (sh->ndefs) ADD(" v%u,", in->vdst);
    ADD(" v%u", in->addr);
    if (sh->nuses > 1) ADD(", v%u", in->data0);
    if (sh->nuses > 2) ADD(", v%u", in->data1);
    if (isa_sem_of(in->op)->flags & ISA_S_TWO_ADDR) ADD(" offset0:%d offset1:%u", in->offset, in->offset1); else if (in->offset | in->offset1) ADD(" offset:%u", (unsigned)in->offset | (unsigned)in->offset1 << 8);
    if (in->gds) ADD(" gds");
    break;
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF:
    ADD(" v%u, ", in->vdata);
    if (in->offen || in->idxen) ADD("v%u, ", in->vaddr); else ADD("off, ");
    opname(t, sizeof t, in->srsrc, 4, in); ADD("%s, ", t);
    opname(t, sizeof t, in->soffset, 1, in); ADD("%s", t);
    if (in->idxen) ADD(" idxen");
    if (in->offen) ADD(" offen");
    if (in->offset) ADD(" offset:%d", in->offset);
    break;
  default: /* FLAT */
    if (sh->ndefs) ADD(" v%u,", in->vdst);
    if (in->fmt != ISA_FMT_FLAT && in->saddr != 0x7f) ADD(" v%u", in->addr);
    else ADD(" v[%u:%u]", in->addr, in->addr + 1);
    if (isa_table[in->op].flags & (ISA_F_STORE | ISA_F_ATOMIC)) ADD(", v%u", in->data0);
    if (in->fmt != ISA_FMT_FLAT) { if (in->saddr == 0x7f) ADD(", off"); else { opname(t, sizeof t, in->saddr, in->fmt == ISA_FMT_SCRATCH ? 1 : 2, in); ADD(", %s", t); } }
    if (in->offset) ADD(" offset:%d", in->offset);
    break;
  }
  if (in->glc) ADD(" glc");
  if (in->slc) ADD(" slc");
#undef ADD
}
