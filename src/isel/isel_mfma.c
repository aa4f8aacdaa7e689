/* Instruction selection of the matrix fused multiply-add intrinsics
 * llvm.amdgcn.mfma.* (gfx90a, gfx942): D = A * B + C for one wave, each
 * lane holding its elements of A, B, C and D in the layouts of AMD's
 * matrix instruction calculator (src/emu/exec_mfma.c).
 *
 * Selection makes the VGPR form (ACC_CD = 0): C and D are ArchVGPR tuples
 * of 4, 8 or 16 dwords, A and B one or two VGPRs. gfx90a and gfx942 allow
 * both files for C/D (CDNA 2 ISA guide 7.1 "MFMA", CDNA 3 ISA guide 7.1);
 * pass mfma-acc (src/passes/mfma_acc.c) moves loop-carried accumulators
 * (and, over the VGPR budget, straight-line chains) to the AGPR form.
 * llc-19 picks the VGPR form when the function cannot need more than
 * 256 VGPRs (SIMachineFunctionInfo::MayNeedAGPRs), the AGPR form
 * otherwise. A and B are always registers here (the emulator models no
 * constant A/B); C too, unless it is a splat of an inline constant
 * (splat_c); D of the 32x32 and f64 shapes is kept apart
 * from the sources. The cbsz/abid/blgp immediates (operands 3..5)
 * go into mir_instr.offset (cbsz | abid << 3 | blgp << 7) for the
 * encoder and printer.
 *
 * The wait states an MFMA's result needs before other instructions read
 * or overwrite it are the hazards-mfma pass's (src/passes/hazards_mfma.c).
 */
#include <string.h>

#include "isel/isel_internal.h"
#include "target/target.h"

typedef struct mfma_intr {
  const char *name; /* after "llvm.amdgcn.mfma." */
  isa_op op;
  unsigned ab_dw, cd_dw; /* dwords of A (= B) and of C (= D) */
} mfma_intr;

/* The single-block shapes (one output block per wave) the emulator
 * models; isa_encoding decides whether the target has each. */
static const mfma_intr mfma_intrs[] = {
    {"f32.32x32x2f32", ISA_V_MFMA_F32_32X32X2F32, 1, 16},
    {"f32.16x16x4f32", ISA_V_MFMA_F32_16X16X4F32, 1, 4},
    {"f32.32x32x8f16", ISA_V_MFMA_F32_32X32X8F16, 2, 16},
    {"f32.16x16x16f16", ISA_V_MFMA_F32_16X16X16F16, 2, 4},
    {"i32.32x32x8i8", ISA_V_MFMA_I32_32X32X8I8, 1, 16},
    {"i32.16x16x16i8", ISA_V_MFMA_I32_16X16X16I8, 1, 4},
    {"f32.32x32x8bf16.1k", ISA_V_MFMA_F32_32X32X8BF16_1K, 2, 16},
    {"f32.16x16x16bf16.1k", ISA_V_MFMA_F32_16X16X16BF16_1K, 2, 4},
    {"f64.16x16x4f64", ISA_V_MFMA_F64_16X16X4F64, 2, 8},
    {"i32.32x32x16.i8", ISA_V_MFMA_I32_32X32X16_I8, 2, 16},
    {"i32.16x16x32.i8", ISA_V_MFMA_I32_16X16X32_I8, 2, 4},
    {"f32.16x16x32.bf8.bf8", ISA_V_MFMA_F32_16X16X32_BF8_BF8, 2, 4},
    {"f32.16x16x32.bf8.fp8", ISA_V_MFMA_F32_16X16X32_BF8_FP8, 2, 4},
    {"f32.16x16x32.fp8.bf8", ISA_V_MFMA_F32_16X16X32_FP8_BF8, 2, 4},
    {"f32.16x16x32.fp8.fp8", ISA_V_MFMA_F32_16X16X32_FP8_FP8, 2, 4},
    {"f32.32x32x16.bf8.bf8", ISA_V_MFMA_F32_32X32X16_BF8_BF8, 2, 16},
    {"f32.32x32x16.bf8.fp8", ISA_V_MFMA_F32_32X32X16_BF8_FP8, 2, 16},
    {"f32.32x32x16.fp8.bf8", ISA_V_MFMA_F32_32X32X16_FP8_BF8, 2, 16},
    {"f32.32x32x16.fp8.fp8", ISA_V_MFMA_F32_32X32X16_FP8_FP8, 2, 16},
    {"f32.16x16x8.xf32", ISA_V_MFMA_F32_16X16X8_XF32, 2, 4},
    {"f32.32x32x4.xf32", ISA_V_MFMA_F32_32X32X4_XF32, 2, 16},
};

/* The dwords of value v (an operand of the call) as one VGPR tuple of
 * `dw` dwords; false if v does not pack into exactly that many. */
static bool vgpr_tuple(isel_ctx *c, LLVMValueRef v, unsigned dw, mir_temp *out) {
  mir_operand words[ISEL_MAX_DWORDS];
  unsigned n;
  if (!isel_pack_dwords(c, v, words, &n) || n != dw) return false;
  if (dw == 1) {
    *out = isel_to_vgpr(c, words[0], 1);
    return true;
  }
  mir_operand parts[16];
  for (unsigned k = 0; k < dw; k++) parts[k] = mir_op_temp(isel_to_vgpr(c, words[k], 1));
  *out = isel_tmp(c, mir_rc_v(dw));
  mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, dw, 1);
  for (unsigned k = 0; k < dw; k++) cv->ops[k] = parts[k];
  cv->defs[0] = mir_op_temp(*out);
  return true;
}

/* C as one inline constant when every element of v (cd_dw dwords, elements
 * of `edw` dwords) is the same inline constant: MFMA's src2 is a register
 * tuple or an inline constant applied to each element, no literal (LLVM's
 * AISrc/AVSrc operand classes; CDNA 3 ISA guide 7.1 "MFMA": SrcC "VGPR,
 * AccVGPR or inline constant"). A 32-bit element takes the constant's
 * 32-bit pattern, an f64 element the f64 one (isel_f64_inline_const:
 * 0 and the float inline values, no integer ones).
 * llc-19 selects mfma(a, b, splat 1.0) as "..., 1.0" (LLVM's
 * llvm.amdgcn.mfma.ll test_mfma_f32_32x32x8f16_imm_splat); the registers
 * saved are cd_dw v_movs (f_cdna_mfma_const_c.ll). */
static bool splat_c(LLVMValueRef v, unsigned edw, mir_operand *out) {
  if (!LLVMIsAConstant(v) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind || (edw != 1 && edw != 2))
    return false;
  uint64_t bits = 0;
  if (!LLVMIsAConstantAggregateZero(v)) {
    unsigned nc = LLVMGetVectorSize(LLVMTypeOf(v));
    for (unsigned e = 0; e < nc; e++) {
      LLVMValueRef k = LLVMGetAggregateElement(v, e);
      uint64_t b;
      if (k && LLVMIsAConstantInt(k)) b = LLVMConstIntGetZExtValue(k);
      else if (!k || !LLVMIsAConstantFP(k) || !isel_fp_const_bits(k, &b)) return false;
      if (e && b != bits) return false;
      bits = b;
    }
  }
  if (edw == 1) {
    if (!isel_is_inline_const((uint32_t)bits)) return false;
    *out = mir_op_const((uint32_t)bits);
    return true;
  }
  if (bits == 0) {
    *out = mir_op_const(0);
    out->size = 2;
    return true;
  }
  return isel_f64_inline_const(bits, out);
}

int isel_mfma_call(isel_ctx *c, LLVMValueRef ins, const char *name) {
  static const char prefix[] = "llvm.amdgcn.mfma.";
  if (strncmp(name, prefix, sizeof prefix - 1) != 0) return -1;
  const mfma_intr *m = NULL;
  for (unsigned k = 0; k < sizeof mfma_intrs / sizeof mfma_intrs[0]; k++)
    if (strcmp(name + sizeof prefix - 1, mfma_intrs[k].name) == 0) m = &mfma_intrs[k];
  if (!m || !isa_encoding(c->p->target->encoding, m->op)) return 0;
  uint32_t imm[3];
  for (unsigned k = 0; k < 3; k++) {
    LLVMValueRef a = LLVMGetOperand(ins, 3 + k);
    if (!LLVMIsAConstantInt(a)) return 0;
    imm[k] = (uint32_t)LLVMConstIntGetZExtValue(a);
  }
  if (imm[0] > 7 || imm[1] > 15 || imm[2] > 7) return 0;
  mir_temp a, b, cc;
  unsigned nc = isel_num_comps(LLVMTypeOf(ins)), cdw = m->cd_dw / nc;
  mir_operand cop;
  if (!vgpr_tuple(c, LLVMGetOperand(ins, 0), m->ab_dw, &a) || !vgpr_tuple(c, LLVMGetOperand(ins, 1), m->ab_dw, &b))
    return 0;
  if (!splat_c(LLVMGetOperand(ins, 2), cdw, &cop)) {
    if (!vgpr_tuple(c, LLVMGetOperand(ins, 2), m->cd_dw, &cc)) return 0;
    cop = mir_op_temp(cc);
  }
  mir_temp d = isel_tmp(c, mir_rc_v(m->cd_dw));
  mir_instr *in = isel_emit(c, m->op, 3, 1);
  in->ops[0] = mir_op_temp(a);
  in->ops[1] = mir_op_temp(b);
  in->ops[2] = cop;
  in->defs[0] = mir_op_temp(d);
  in->offset = (int32_t)(imm[0] | imm[1] << 3 | imm[2] << 7);
  /* A D wider than 128 bits must not overlap A or B, nor C unless it is C
   * exactly (LLVM: @earlyclobber $vdst on those shapes; llvm-mc "source 2
   * operand must not partially overlap with dst"): A and B stay live until
   * D is written; D takes C's registers when C dies here (regalloc.c,
   * prefer_from_operands; the encoder refuses a partial overlap), else C
   * lives on and D goes elsewhere. */
  if (m->cd_dw > 4)
    for (unsigned k = 0; k < 2; k++) in->ops[k].flags |= MIR_OPND_LATE_KILL;
  /* D's elements (f32/i32 one dword each, f64 two) by one p_split_vector,
   * which the allocator gives D's own registers (p_extracts while D lives
   * on became copies) */
  mir_instr *sp = isel_emit(c, MIR_P_SPLIT_VECTOR, 1, nc);
  sp->ops[0] = mir_op_temp(d);
  for (unsigned e = 0; e < nc; e++) {
    mir_temp t = isel_tmp(c, mir_rc_v(cdw));
    sp->defs[e] = mir_op_temp(t);
    isel_set(c, ins, e, t);
  }
  return 1;
}
