/* Matrix fused multiply-add (MFMA) of gfx90a and gfx942: D = A * B + C for
 * the single-block shapes (src/target/isa.def, "Matrix fused
 * multiply-add").
 *
 * Operand layouts (AMD's matrix instruction calculator; CDNA 2 and CDNA 3
 * ISA guides, "Matrix Fused Multiply Add"), for an M x N result with K
 * products per element, G = 64 / M lane groups and KL = K / G elements of
 * A and B per lane (packed in the source register, lowest first):
 *   A (M x K): lane l holds row i = l % M, k = (l / M) * KL + e (e < KL);
 *   B (K x N): lane l holds column j = l % N, k = (l / N) * KL + e;
 *   C, D (M x N): element r of lane l (one VGPR) is row
 *     i = (r / 4) * 4G + 4 (l / N) + r % 4, column j = l % N; for f64
 *     (element r is VGPR pair r) row i = r * G + l / N, column l % N.
 * scripts/check-mfma-layouts.py checks these maps against the calculator
 * (run with it; scripts/mfma-layouts.json holds its captured maps).
 * f16/bf16/i8/fp8/bf8 elements are packed 2/2/4/4/4 per dword, xf32 one per
 * dword (two dwords per lane: xf32() says how they are read); i8 is signed and the
 * i32 sums wrap. Rounding: the f32 forms are modelled as C plus the
 * products summed in k order in double (each product of two f32, f16 or
 * bf16 values is exact there), rounded once to f32, to nearest even; the
 * f64 form as a chain of fused multiply-adds in k order. This is not the
 * hardware's bit-exact order, which the ISA guides do not specify: kernels
 * whose sums are exactly representable (the corpus's) see the same values
 * either way. Denormals are kept.
 *
 * Not modelled: the broadcast controls CBSZ/ABID/BLGP (non-zero is a
 * fault) and a partial EXEC (a fault: the instruction computes whole
 * matrices).
 *
 * Dependencies: each MFMA is remembered for WAVECC_MFMA_MAX_WAIT wait
 * states; an MFMA reading an earlier one's D as A/B or C, and any other
 * instruction reading its D or writing its D or C (emu_vrange calls
 * emu_mfma_vhazard) faults when fewer wait states lie between than
 * wavecc_mfma_wait gives (CDNA 2/3 ISA guides, "Dependency Resolution:
 * Required Independent Instructions"). Not checked: a plain VALU write
 * followed by an MFMA read (2 wait states), VALU EXEC writes before an
 * MFMA, and the DGEMM-specific VMEM/FMA64 rules. */
#include <math.h>
#include <string.h>

#include "emu/emu_internal.h"

enum { T_F32, T_F16, T_BF16, T_I8, T_F64, T_FP8, T_BF8, T_XF32 };

typedef struct mfma_shape {
  isa_op op;
  uint8_t m, n, k, type; /* type: of A (and of B unless btype says otherwise) */
  uint8_t btype;         /* fp8/bf8 forms: B's type (they mix); 0 = as A */
} mfma_shape;

static const mfma_shape shapes[] = {
  {ISA_V_MFMA_F32_32X32X2F32, 32, 32, 2, T_F32, 0},        {ISA_V_MFMA_F32_16X16X4F32, 16, 16, 4, T_F32, 0},
  {ISA_V_MFMA_F32_32X32X8F16, 32, 32, 8, T_F16, 0},        {ISA_V_MFMA_F32_16X16X16F16, 16, 16, 16, T_F16, 0},
  {ISA_V_MFMA_I32_32X32X8I8, 32, 32, 8, T_I8, 0},          {ISA_V_MFMA_I32_16X16X16I8, 16, 16, 16, T_I8, 0},
  {ISA_V_MFMA_F32_32X32X8BF16_1K, 32, 32, 8, T_BF16, 0},   {ISA_V_MFMA_F32_16X16X16BF16_1K, 16, 16, 16, T_BF16, 0},
  {ISA_V_MFMA_F64_16X16X4F64, 16, 16, 4, T_F64, 0},        {ISA_V_MFMA_I32_32X32X16_I8, 32, 32, 16, T_I8, 0},
  {ISA_V_MFMA_I32_16X16X32_I8, 16, 16, 32, T_I8, 0},
  {ISA_V_MFMA_F32_16X16X32_BF8_BF8, 16, 16, 32, T_BF8, T_BF8}, {ISA_V_MFMA_F32_16X16X32_BF8_FP8, 16, 16, 32, T_BF8, T_FP8},
  {ISA_V_MFMA_F32_16X16X32_FP8_BF8, 16, 16, 32, T_FP8, T_BF8}, {ISA_V_MFMA_F32_16X16X32_FP8_FP8, 16, 16, 32, T_FP8, T_FP8},
  {ISA_V_MFMA_F32_32X32X16_BF8_BF8, 32, 32, 16, T_BF8, T_BF8}, {ISA_V_MFMA_F32_32X32X16_BF8_FP8, 32, 32, 16, T_BF8, T_FP8},
  {ISA_V_MFMA_F32_32X32X16_FP8_BF8, 32, 32, 16, T_FP8, T_BF8}, {ISA_V_MFMA_F32_32X32X16_FP8_FP8, 32, 32, 16, T_FP8, T_FP8},
  {ISA_V_MFMA_F32_16X16X8_XF32, 16, 16, 8, T_XF32, 0},     {ISA_V_MFMA_F32_32X32X4_XF32, 32, 32, 4, T_XF32, 0},
};

static const mfma_shape *shape_of(isa_op op) {
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    if (shapes[i].op == op) return &shapes[i];
  return NULL;
}

bool emu_is_mfma(isa_op op) { return shape_of(op) != NULL; }

/* gfx942's 8-bit floats (CDNA 3 ISA guide, "FP8 and BF8"; LLVM
 * APFloat Float8E4M3FNUZ / Float8E5M2FNUZ): sign, `eb` exponent bits with
 * bias 2^(eb-1), the rest mantissa; 0x80 is the only NaN, there are no
 * infinities, exponent 0 is subnormal. */
static double fnuz8(uint8_t v, unsigned eb) {
  if (v == 0x80) return NAN;
  unsigned mb = 7 - eb, bias = 1u << (eb - 1);
  int ex = (v >> mb) & ((1 << eb) - 1);
  double m = (double)(v & ((1u << mb) - 1)) / (double)(1u << mb);
  double mag = ex ? ldexp(1.0 + m, ex - (int)bias) : ldexp(m, 1 - (int)bias);
  return v & 0x80 ? -mag : mag;
}

/* gfx942's xf32 source element: the f32 with its 13 low mantissa bits
 * dropped (sign, 8 exponent bits, 10 mantissa bits: truncation toward
 * zero, not rounding; CDNA 3 ISA guide 7.1 names XF32 a reduced-precision
 * f32, and AMD's hipBLASLt rounds its inputs before these MFMAs because the
 * hardware truncates, ROCm/rocm-libraries#9176). Denormals keep their top
 * 10 mantissa bits; a NaN stays a NaN (rather than becoming an infinity
 * when its payload lies in the dropped bits: not specified, not
 * observable in the corpus). */
static double xf32(uint32_t v) {
  if ((v & 0x7f800000u) == 0x7f800000u && (v & 0x007fffffu)) return NAN;
  return emu_f32(v & 0xffffe000u);
}

/* Element e of lane l's packed source value x (dwords of the register),
 * of element type t. */
static double elem(unsigned t, uint64_t x, unsigned e, int64_t *ival) {
  switch (t) {
  case T_F32: return emu_f32((uint32_t)x);
  case T_F16: return emu_h2f((uint16_t)(x >> (16 * e)));
  case T_BF16: return emu_f32((uint32_t)(uint16_t)(x >> (16 * e)) << 16);
  case T_I8: *ival = (int8_t)(uint8_t)(x >> (8 * e)); return 0;
  case T_FP8: return fnuz8((uint8_t)(x >> (8 * e)), 4);
  case T_BF8: return fnuz8((uint8_t)(x >> (8 * e)), 5);
  case T_XF32: return xf32((uint32_t)(x >> (32 * e)));
  default: return emu_f64(x);
  }
}

/* Reads source operand code `code` (width ndw dwords) of every lane into v. */
static int read_all(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, unsigned ndw, uint64_t *v) {
  if (code < OPC_VGPR0) return emu_fault(d, w, in, "MFMA source operand %u is not a register (not modelled)", code);
  unsigned r = code - OPC_VGPR0;
  emu_lanes all = wavecc_lanes_all(w->nlanes);
  if (emu_vcheck(d, w, in, r, ndw, all)) return -1;
  for (unsigned l = 0; l < w->nlanes; l++) {
    v[l] = w->v[r][l];
    if (ndw > 1) v[l] |= (uint64_t)w->v[r + 1][l] << 32;
  }
  return 0;
}

/* Drops the remembered MFMAs no rule can reach any more. */
static void mfma_expire(emu_wave *w) {
  unsigned k = 0;
  for (unsigned i = 0; i < w->nmfma; i++)
    if (w->ws - w->mfma[i].ws - 1 < WAVECC_MFMA_MAX_WAIT) w->mfma[k++] = w->mfma[i];
  w->nmfma = (uint8_t)k;
}

static bool rows_overlap(unsigned a0, unsigned an, unsigned b0, unsigned bn) { return a0 < b0 + bn && b0 < a0 + an; }

static int mfma_fault(emu_dispatch *d, emu_wave *w, const emu_inst *in, const struct emu_mfma_rec *r, const char *how,
                      unsigned need) {
  return emu_fault(d, w, in, "hazard: %s of an earlier %s (its D %c%u, C %c%u) needs %u wait states, only %llu present (insert s_nop)",
                   how, isa_table[r->op].mnemonic, r->d0 >= EMU_AGPR0 ? 'a' : 'v',
                   r->d0 % EMU_AGPR0, r->c0 >= EMU_AGPR0 ? 'a' : 'v', r->c0 % EMU_AGPR0, need,
                   (unsigned long long)(w->ws - r->ws - 1));
}

int emu_mfma_vhazard(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned vreg, unsigned ndw, const char *what) {
  bool rd = strcmp(what, "reads") == 0, wr = strcmp(what, "writes") == 0;
  if ((!rd && !wr) || (in->fmt == ISA_FMT_VOP3P && emu_is_mfma(in->op))) return 0;
  mfma_expire(w);
  bool mem = isa_fmt_vmem(in->fmt) || in->fmt == ISA_FMT_DS;
  for (unsigned i = 0; i < w->nmfma; i++) {
    const struct emu_mfma_rec *r = &w->mfma[i];
    wavecc_mfma_info m;
    if (!wavecc_mfma_timing(d->tgt, r->op, &m)) continue;
    unsigned need = 0;
    const char *how = NULL;
    if (rows_overlap(vreg, ndw, r->d0, r->dn)) {
      need = wavecc_mfma_wait(d->tgt, &m, rd ? (mem ? WAVECC_MFMA_MEM_READ : WAVECC_MFMA_VALU_READ) : WAVECC_MFMA_WRITE, NULL);
      how = rd ? "a read of the result" : "an overwrite of the result";
    }
    if (wr && rows_overlap(vreg, ndw, r->c0, r->cn)) {
      unsigned n2 = wavecc_mfma_wait(d->tgt, &m, WAVECC_MFMA_SRCC_READ_WAR, NULL);
      if (n2 > need) need = n2, how = "an overwrite of the C operand";
    }
    if (how && w->ws - r->ws - 1 < need) return mfma_fault(d, w, in, r, how, need);
  }
  return 0;
}

/* The checks of MFMA `in` (A at rows a0, B at b0, C at c0: sizes from the
 * shape table) against the MFMAs before it, then its own record. */
static int mfma_deps(emu_dispatch *d, emu_wave *w, const emu_inst *in, const emu_opshape *sh) {
  mfma_expire(w);
  wavecc_mfma_info cm;
  if (!wavecc_mfma_timing(d->tgt, in->op, &cm)) return 0;
  /* an inline-constant C reads no register (no C rows to wait for) */
  bool creg = in->src[2] >= OPC_VGPR0;
  unsigned c0 = creg ? in->src[2] - OPC_VGPR0 : 0, cn = creg ? sh->usew[2] : 0, dn = sh->defw[0];
  for (unsigned i = 0; i < w->nmfma; i++) {
    const struct emu_mfma_rec *r = &w->mfma[i];
    wavecc_mfma_info m;
    if (!wavecc_mfma_timing(d->tgt, r->op, &m)) continue;
    for (unsigned k = 0; k < 3; k++) {
      if (in->src[k] < OPC_VGPR0) continue;
      unsigned s0 = in->src[k] - OPC_VGPR0, sn = sh->usew[k];
      if (!rows_overlap(s0, sn, r->d0, r->dn)) continue;
      wavecc_mfma_dep dep = k < 2 ? WAVECC_MFMA_SRCAB_READ
                                  : (s0 == r->d0 && sn == r->dn) ? WAVECC_MFMA_SRCC_FULL : WAVECC_MFMA_SRCC_PARTIAL;
      unsigned need = wavecc_mfma_wait(d->tgt, &m, dep, &cm);
      if (w->ws - r->ws - 1 < need) return mfma_fault(d, w, in, r, k < 2 ? "an MFMA's A/B read" : "an MFMA's C read", need);
    }
  }
  if (w->nmfma < sizeof w->mfma / sizeof w->mfma[0])
    w->mfma[w->nmfma++] = (struct emu_mfma_rec){w->ws, (uint16_t)in->op, in->dst, (uint16_t)dn, (uint16_t)c0, (uint16_t)cn};
  return 0;
}

int emu_exec_mfma(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  const mfma_shape *s = shape_of(in->op);
  const emu_opshape *sh = &d->dev->shape[in->op];
  if (!s || w->nlanes != 64) return emu_fault(d, w, in, "MFMA shape not implemented by the emulator");
  if (in->cbsz || in->abid || in->blgp) return emu_fault(d, w, in, "MFMA cbsz/abid/blgp broadcast is not implemented by the emulator");
  if (w->exec != wavecc_lanes_all(w->nlanes)) return emu_fault(d, w, in, "MFMA under a partial EXEC is not modelled");
  const unsigned g = 64u / s->m, kl = s->k / g, dw = s->type == T_F64 ? 2 : 1, regs = sh->defw[0] / dw;
  uint64_t a[64], b[64];
  if (read_all(d, w, in, in->src[0], sh->usew[0], a) || read_all(d, w, in, in->src[1], sh->usew[1], b)) return -1;
  /* C is VGPRs/AGPRs or an inline constant, every element of C that
   * value: llc-19 writes mfma(a, b, splat 1.0) as C = 1.0 (LLVM's MFMA
   * src2 operands are AISrc/AVSrc: registers or inline constants, no
   * literal); f32/i32 elements take the 32-bit pattern (f32 for float
   * constants), f64 elements the f64 pattern. */
  bool creg = in->src[2] >= OPC_VGPR0;
  unsigned c0 = creg ? in->src[2] - OPC_VGPR0 : 0, d0 = in->dst;
  int cok = 0;
  uint64_t ck = creg || in->src[2] == OPC_LITERAL ? 0 : emu_const64(in, in->src[2], dw > 1, 1, &cok);
  if (!creg && !cok) return emu_fault(d, w, in, "MFMA C operand %u is neither a register nor an inline constant", in->src[2]);
  if (dw == 1) ck = (uint32_t)ck;
  if ((creg && emu_vcheck(d, w, in, c0, sh->usew[2], wavecc_lanes_all(64))) || emu_vrange(d, w, in, d0, sh->defw[0], "writes")) return -1;
  if (mfma_deps(d, w, in, sh)) return -1;
  /* All results first: D may overlap C. */
  uint64_t out[16][64];
  for (unsigned l = 0; l < 64; l++)
    for (unsigned r = 0; r < regs; r++) {
      unsigned i = s->type == T_F64 ? r * (64u / s->n) + l / s->n : (r / 4) * 4 * (64u / s->n) + 4 * (l / s->n) + r % 4;
      unsigned j = l % s->n;
      uint64_t c = !creg ? ck : w->v[c0 + r * dw][l] | (dw > 1 ? (uint64_t)w->v[c0 + r * dw + 1][l] << 32 : 0);
      double acc = s->type == T_F64 ? emu_f64(c) : emu_f32((uint32_t)c);
      int64_t iacc = (int32_t)(uint32_t)c;
      for (unsigned k = 0; k < s->k; k++) {
        unsigned la = (k / kl) * s->m + i, lb = (k / kl) * s->n + j, e = k % kl;
        int64_t ia = 0, ib = 0;
        double x = elem(s->type, a[la], e, &ia), y = elem(s->btype ? s->btype : s->type, b[lb], e, &ib);
        if (s->type == T_I8) iacc += ia * ib;
        else if (s->type == T_F64) acc = fma(x, y, acc);
        else acc += x * y; /* the product is exact in double; the sum is rounded (see above) */
      }
      out[r][l] = s->type == T_I8 ? (uint32_t)iacc : s->type == T_F64 ? emu_u64(acc) : emu_u32((float)acc);
    }
  for (unsigned r = 0; r < regs; r++)
    for (unsigned l = 0; l < 64; l++) {
      emu_vwrite(d, w, d0 + r * dw, l, (uint32_t)out[r][l]);
      if (dw > 1) emu_vwrite(d, w, d0 + r * dw + 1, l, (uint32_t)(out[r][l] >> 32));
    }
  emu_trace_vwrite(d, w, d0, sh->defw[0]);
  return 0;
}
