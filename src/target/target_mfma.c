/* MFMA timing and dependency wait states of the CDNA targets (gfx90a,
 * gfx942): how many passes each v_mfma_* takes and how many wait states
 * an instruction that depends on one needs.
 *
 * Sources: the CDNA 2 ISA guide, 7.6 "Dependency Resolution: Required
 * Independent Instructions", and the CDNA 3 ISA guide's table of the
 * same name; LLVM's GCNHazardRecognizer (checkMAIHazards90A,
 * checkMAIVALUHazards) and SISchedule.td (SIDPFullSpeedModel for gfx90a,
 * SIDPGFX940FullSpeedModel for gfx942: the pass count is the MFMA's
 * latency there), which llc-19 follows; checked against llc-19's s_nop
 * counts (tests/passes/mfma-hazards.ll). */
#include "target/target.h"

/* Passes of `op` on the target's encoding family: gfx90a by shape
 * (16x16: 8, 32x32: 16), gfx942 with the faster XDL units (K-heavy
 * 16x16 shapes 4, 32x32 8; the f32-source shapes as gfx90a). The f64
 * shape is a DGEMM of latency 16 on both. */
static unsigned passes_of(unsigned enc, unsigned op, bool *dgemm, bool *xdl) {
  bool g940 = enc == WAVECC_ENC_GFX940;
  *dgemm = false;
  *xdl = true;
  switch (op) {
  case ISA_V_MFMA_F64_16X16X4F64: *dgemm = true; *xdl = false; return 16;
  /* gfx940: the f32-source MFMAs are not XDL (LLVM is_gfx940_xdl) */
  case ISA_V_MFMA_F32_32X32X2F32: *xdl = !g940; return 16;
  case ISA_V_MFMA_F32_16X16X4F32: *xdl = !g940; return 8;
  case ISA_V_MFMA_F32_32X32X8F16: case ISA_V_MFMA_F32_32X32X8BF16_1K: case ISA_V_MFMA_I32_32X32X8I8:
    return g940 ? 8 : 16;
  case ISA_V_MFMA_F32_16X16X16F16: case ISA_V_MFMA_F32_16X16X16BF16_1K: case ISA_V_MFMA_I32_16X16X16I8:
    return g940 ? 4 : 8;
  case ISA_V_MFMA_I32_32X32X16_I8: case ISA_V_MFMA_F32_32X32X16_BF8_BF8: case ISA_V_MFMA_F32_32X32X16_BF8_FP8:
  case ISA_V_MFMA_F32_32X32X16_FP8_BF8: case ISA_V_MFMA_F32_32X32X16_FP8_FP8:
  case ISA_V_MFMA_F32_32X32X4_XF32: /* XDL on gfx942 (matrix calculator: 32 cycles) */
    return 8;
  case ISA_V_MFMA_I32_16X16X32_I8: case ISA_V_MFMA_F32_16X16X32_BF8_BF8: case ISA_V_MFMA_F32_16X16X32_BF8_FP8:
  case ISA_V_MFMA_F32_16X16X32_FP8_BF8: case ISA_V_MFMA_F32_16X16X32_FP8_FP8:
  case ISA_V_MFMA_F32_16X16X8_XF32: /* 16 cycles */
    return 4;
  default: return 0;
  }
}

bool wavecc_mfma_timing(const wavecc_target *t, unsigned op, wavecc_mfma_info *out) {
  if (op >= ISA_NUM_OPS || !(isa_table[op].flags & ISA_F_MFMA)) return false;
  out->passes = passes_of(t->encoding, op, &out->dgemm, &out->xdl);
  return out->passes != 0;
}

/* gfx90a's wait states by pass count (2, 8, 16) for an SMFMA result read
 * by a VALU/memory instruction, by an MFMA's A/B, or overwritten by a
 * VALU/memory instruction: 5, 11, 19 in each case. */
static unsigned gfx90a_smfma_read(unsigned passes) { return passes <= 2 ? 5 : passes <= 8 ? 11 : 19; }

unsigned wavecc_mfma_wait(const wavecc_target *t, const wavecc_mfma_info *m, wavecc_mfma_dep dep,
                          const wavecc_mfma_info *cons_mfma) {
  bool g940 = t->encoding == WAVECC_ENC_GFX940;
  switch (dep) { /* the rules with no MFMA producer */
  case WAVECC_MFMA_AFTER_VALU_WRITE: return 2;
  case WAVECC_MFMA_AFTER_VALU_EXEC: return 4;
  case WAVECC_MFMA_FMA64_AFTER_DGEMM: return 2;
  case WAVECC_MFMA_VMEM_AFTER_VALU_DGEMM: return g940 ? 0 : 2; /* a gfx90a erratum */
  default: break;
  }
  unsigned n = m->passes;
  switch (dep) {
  case WAVECC_MFMA_VALU_READ: case WAVECC_MFMA_MEM_READ:
    if (m->dgemm) return dep == WAVECC_MFMA_MEM_READ ? (n == 4 ? 9 : 18) : (n == 4 ? 6 : 11);
    if (g940) return m->xdl ? n + 3 : n + 2;
    return gfx90a_smfma_read(n);
  case WAVECC_MFMA_WRITE: /* write after write */
    if (m->dgemm) return n == 4 ? 6 : 11;
    if (g940) return m->xdl ? n + 3 : n + 2;
    return gfx90a_smfma_read(n);
  case WAVECC_MFMA_SRCC_READ_WAR: /* a VALU/memory write of what an SMFMA reads as C */
    if (m->dgemm || (g940 && !m->xdl)) return 0;
    return n <= 2 ? 1 : n <= 4 ? 3 : n <= 8 ? 7 : 15;
  case WAVECC_MFMA_SRCAB_READ:
    if (m->dgemm) return n == 4 ? 6 : 11;
    if (g940) return m->xdl ? n + 3 : n + 2;
    return gfx90a_smfma_read(n);
  case WAVECC_MFMA_SRCC_FULL: /* C is exactly the earlier MFMA's D: back-to-back accumulation */
    if (!cons_mfma->dgemm && !g940 && m->dgemm) return 0;
    return g940 && n == 2 ? 2 : 0;
  case WAVECC_MFMA_SRCC_PARTIAL:
    if (!cons_mfma->dgemm && !g940 && m->dgemm) return 0;
    if (m->dgemm) return cons_mfma->xdl ? 0 : (n == 4 ? 4 : 9);
    if (g940) {
      if (cons_mfma->xdl && !m->xdl) return 0;
      return m->xdl ? n + 1 : n;
    }
    return cons_mfma->dgemm ? n + 1 : n;
  default: return 0;
  }
}
