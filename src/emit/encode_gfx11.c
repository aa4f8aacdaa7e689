/* Encoder, GFX11 (RDNA 3) layouts of its own: MUBUF and
 * FLAT/GLOBAL/SCRATCH (the cache bits and OFFEN/IDXEN moved, a 13-bit
 * offset, scratch's SVE bit); VOP*, DS and SMEM as GFX10's
 * (encode_gfx10.c). RDNA 3 ISA guide, chapter "Microcode Formats";
 * checked against llvm-mc-19 -mcpu=gfx1100 -show-encoding
 * (tests/unit/test_encode_rdna.c), and the VOPD dual-issue pairs of passes/vopd.c. */
#include "emit/encode.h"
#include "emit/encode_internal.h"

/* MUBUF: OFFSET 11:0, SLC 12, DLC 13 (MIR_ENC_SC1, the third cache bit), GLC 14, LDS 16, OP 25:18; VADDR,
 * VDATA, SRSRC 20:16, TFE 21, OFFEN 22, IDXEN 23, SOFFSET 31:24. */
static unsigned encode_mubuf(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  enc_mubuf f;
  if (!enc_mubuf_fields(e, o, &f)) return 0;
  w[0] = 0x38u << 26 | (uint32_t)e->x->opcode << 18;
  w[1] = 0;
  if (f.empty) return 2;
  w[0] |= enc_bit(ins->enc_flags & MIR_ENC_GLC, 14) | enc_bit(ins->enc_flags & MIR_ENC_SC1, 13) |
          enc_bit(ins->enc_flags & MIR_ENC_SLC, 12) | ((uint32_t)ins->offset & 0xfff);
  w[1] = f.soff << 24 | enc_bit(ins->enc_flags & MIR_ENC_IDXEN, 23) | enc_bit(ins->enc_flags & MIR_ENC_OFFEN, 22) |
         (f.srsrc >> 2) << 16 | f.vdata << 8 | f.vaddr;
  return 2;
}

/* FLAT/GLOBAL/SCRATCH: OFFSET 12:0 (signed for GLOBAL/SCRATCH), DLC 13 (MIR_ENC_SC1),
 * GLC 14, SLC 15, SEG 17:16, OP 24:18; ADDR, DATA, SADDR 22:16 (NULL =
 * 124 for "off"), SVE 23 (scratch with a VGPR address), VDST 31:24. */
static unsigned encode_flat(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned fmt = e->x->format;
  unsigned seg = enc_flat_seg(fmt);
  enc_flat f;
  enc_flat_fields(e, o, &f);
  w[0] = 0x37u << 26 | (uint32_t)e->x->opcode << 18 | seg << 16 | enc_bit(ins->enc_flags & MIR_ENC_SLC, 15) |
         enc_bit(ins->enc_flags & MIR_ENC_GLC, 14) | enc_bit(ins->enc_flags & MIR_ENC_SC1, 13) |
         ((uint32_t)ins->offset & 0x1fff);
  w[1] = f.vdst << 24 | enc_bit(fmt == ISA_FMT_SCRATCH && f.has_vaddr, 23) | (f.saddr & 0x7f) << 16 | f.data << 8 |
         f.addr;
  return 2;
}

static unsigned encode_smem(enc *e, const enc_ops *o, uint32_t *w) { return enc_rdna_smem(e, o, 14, 13, w); }

unsigned mir_encode_vopd(const wavecc_target *t, const mir_instr *first, const mir_instr *second, uint32_t out[3],
                         const char *fn, diag *d) {
  unsigned family = t->encoding;
  const mir_instr *h[2] = {mir_vopd_x(family, first, second), NULL};
  h[1] = h[0] == first ? second : first;
  enc e = {.ins = h[0], .t = t, .family = family, .x = isa_encoding(family, h[0]->opcode), .fn = fn, .d = d};
  unsigned code[2], src0[2], vsrc1[2] = {0, 0}, vdst[2];
  for (unsigned k = 0; k < 2; k++) {
    bool x;
    if (!isa_vopd_slot(family, (isa_op)h[k]->opcode, &code[k], &x) || (k == 0 && !x)) {
      enc_error(&e, "not a VOPD pair");
      return 0;
    }
    const mir_operand *src[2];
    unsigned n = mir_vopd_srcs(family, h[k], src);
    src0[k] = enc_src(&e, src[0]);
    if (n > 1) vsrc1[k] = enc_vgpr(&e, src[1]);
    vdst[k] = enc_vgpr(&e, &h[k]->defs[0]);
  }
  if ((vdst[0] & 1u) == (vdst[1] & 1u)) enc_error(&e, "VOPD results of the same parity");
  /* OPX [25:22], OPY [21:17], VSRCX1 [16:9], SRCX0 [8:0]; VDSTX [63:56], VDSTY>>1 [55:49], VSRCY1 [48:41], SRCY0 [40:32] */
  out[0] = 0x32u << 26 | code[0] << 22 | code[1] << 17 | vsrc1[0] << 9 | src0[0];
  out[1] = vdst[0] << 24 | (vdst[1] >> 1) << 17 | vsrc1[1] << 9 | src0[1];
  unsigned n = 2;
  if (e.has_lit) out[n++] = e.lit;
  return e.errors ? 0 : n;
}

const enc_layouts enc_gfx11_layouts = {encode_smem, enc_rdna_vop, enc_rdna_ds, encode_mubuf, encode_flat};
