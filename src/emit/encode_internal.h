/* Shared by the encoder's files: the operand codes (encode.c) and the
 * per-family format layouts (encode_gfx9.c, encode_gfx10.c,
 * encode_gfx11.c). Not a public interface: see encode.h. */
#ifndef WAVECC_EMIT_ENCODE_INTERNAL_H
#define WAVECC_EMIT_ENCODE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "mir/mir.h"
#include "target/isa.h"
#include "target/target.h"
#include "util/diag.h"

enum { ENC_LIT = 255, ENC_SADDR_OFF_GFX9 = 0x7f };

/* One instruction being encoded: its family's encoding of the opcode (x:
 * format and opcode field), the literal dword it needs, errors. */
typedef struct enc {
  const mir_instr *ins;
  const wavecc_target *t;
  unsigned family;     /* wavecc_encoding */
  const isa_enc *x;
  bool has_lit;
  uint32_t lit;
  const char *fn;
  diag *d;
  int errors;
} enc;

/* The operands in assembly order (mir_asm_operands). */
typedef struct enc_ops {
  const mir_operand *d[256], *s[256];
  unsigned nd, ns;
} enc_ops;

void enc_error(enc *e, const char *what);
/* The 9-bit source code of an operand in e's family (registers, inline
 * constants, or ENC_LIT with the value kept for the literal dword); a
 * MIR_OPND_NONE operand ("off") gives enc_off. */
unsigned enc_src(enc *e, const mir_operand *o);
/* The VGPR number (0..255) / SGPR code (0..127, in e's family) of a
 * register operand; an error for other operands. */
unsigned enc_vgpr(enc *e, const mir_operand *o);
unsigned enc_sreg(enc *e, const mir_operand *o);
/* The family's SGPR code for machine IR's scalar operand code r: GFX11
 * swapped M0 (125) and NULL (124) (RDNA 3 ISA guide, "Scalar operands"). */
unsigned enc_sgpr_code(unsigned family, unsigned r);
/* Bit k set for source k (< 3) carrying `flag` (MIR_OPND_NEG / _ABS). */
unsigned enc_mods(const enc_ops *o, uint8_t flag);
/* A VOP3P instruction's source codes and per-source modifier bits (bit k
 * for source k < 3): op_sel, op_sel_hi (llvm-mc's default 1 for every
 * field, sources the instruction lacks included), neg (neg_lo), neg_hi;
 * from mir_vop3p_source (broadcast dwords name their aligned pair). */
typedef struct enc_vop3p {
  unsigned src[3];
  unsigned opsel, opsel_hi, neg, neg_hi;
} enc_vop3p;
enc_vop3p enc_vop3p_mods(enc *e, const enc_ops *o);
/* Does a VOP3 instruction write a second, scalar result (VOP3b: SDST in
 * bits 14:8; carry-outs, v_div_scale, v_mad_u64_u32)? */
bool enc_is_vop3b(const enc_ops *o);
/* The SGPR code of "off" (no SADDR / SOFFSET) in the family: 0x7f on
 * GFX9 (llvm-mc's choice), SGPR_NULL on RDNA (125; 124 on GFX11). */
static inline unsigned enc_off(unsigned family) {
  return family == WAVECC_ENC_GFX11 ? 124u : family == WAVECC_ENC_GFX10 ? 125u : ENC_SADDR_OFF_GFX9;
}

/* The MUBUF fields: [vdata,] vaddr|off, srsrc, soffset (the resource is
 * the operand of four SGPRs; the address operand precedes it when
 * offen/idxen). `empty`: no operands (buffer_wbinvl1 and the like).
 * false after enc_error. */
typedef struct enc_mubuf {
  bool empty;
  unsigned vaddr, vdata, srsrc, soff;
} enc_mubuf;
bool enc_mubuf_fields(enc *e, const enc_ops *o, enc_mubuf *f);
/* The FLAT/GLOBAL/SCRATCH fields: [vdst,] vaddr|off[, data][, saddr|off];
 * `has_vaddr`: a VGPR address (not "off", scratch's SVE bit on GFX11);
 * saddr is enc_off when absent. */
typedef struct enc_flat {
  unsigned vdst, addr, data, saddr;
  bool has_vaddr;
} enc_flat;
void enc_flat_fields(enc *e, const enc_ops *o, enc_flat *f);
static inline uint32_t enc_bit(bool b, unsigned at) { return (b ? 1u : 0u) << at; }

/* SEG of FLAT (0), SCRATCH (1) and GLOBAL (2) instructions. */
static inline unsigned enc_flat_seg(unsigned fmt) { return fmt == ISA_FMT_FLAT ? 0 : fmt == ISA_FMT_SCRATCH ? 1 : 2; }

/* A family's layouts of the formats beyond the scalar ones (which share
 * one layout in every family, encode.c): each fills w[] (at most 3 dwords
 * before the literal) and returns the count, 0 after enc_error. */
typedef unsigned enc_layout_fn(enc *e, const enc_ops *o, uint32_t *w);
typedef struct enc_layouts {
  enc_layout_fn *smem, *vop, *ds, *mubuf, *flat;
} enc_layouts;
extern const enc_layouts enc_gfx9_layouts, enc_gfx10_layouts, enc_gfx11_layouts;
/* GFX9 MTBUF (tbuffer_*): 2 dwords into w, the count returned (0: error). */
unsigned enc_gfx9_mtbuf(enc *e, const enc_ops *o, uint32_t *w);
/* The VOP1/VOP2/VOPC 32-bit forms, the same in all families. */
unsigned enc_vop_e32(enc *e, const enc_ops *o, uint32_t *w);
/* The SDWA form of a VOP1/VOP2/VOPC instruction whose sources select
 * bytes or half-words (mir_operand.sel; GFX9 and GFX10 share the
 * layout): the 32-bit form with src0 = 0xf9, then the SDWA dword;
 * dst_sel DWORD, a compare's lane mask in VCC or SDST. */
unsigned enc_vop_sdwa(enc *e, const enc_ops *o, uint32_t *w);
/* The DPP16 form of a VOP1 instruction (ISA_F_DPP; the same layout in
 * every family): the 32-bit form with src0 = 0xfa, then the DPP dword,
 * the source VGPR in its low byte and the controls (mir_dpp_controls)
 * above it; ISA_F_DPP8: src0 = 0xe9 and the lane selects above it. */
unsigned enc_vop_dpp(enc *e, const enc_ops *o, uint32_t *w);
/* The RDNA (GFX10, GFX11) layouts they share (encode_gfx10.c): VOP*
 * (VOP3 prefix 0x35, literals allowed; VOP3P prefix 0xcc), DS (opcode at
 * 25:18), SMEM (64-bit, SOFFSET beside the 21-bit offset) with GLC/DLC
 * at the family's bits. */
unsigned enc_rdna_vop(enc *e, const enc_ops *o, uint32_t *w);
unsigned enc_rdna_ds(enc *e, const enc_ops *o, uint32_t *w);
unsigned enc_rdna_smem(enc *e, const enc_ops *o, unsigned glc_bit, unsigned dlc_bit, uint32_t *w);
#endif
