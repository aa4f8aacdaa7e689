/* Instruction selection of the llvm.amdgcn.* intrinsics (and llvm.trap,
 * llvm.debugtrap) that are one machine instruction each, or nothing:
 * lane counting (mbcnt), traps, sleeps and scheduling hints, bit-field
 * extraction, the f32 median, the clock and program counter, the scalar
 * data cache, the f32/f64 division steps (div.scale, div.fmas,
 * div.fixup), the packing conversions (cvt.pk*), sffbh, and the aperture
 * tests is.shared / is.private, v_trig_preop_f64, the hardware's f32 sin/cos/exp2/log
 * (expand_float_intrinsics.c builds llvm.sin ... from them). The
 * instruction each selects is the one llc-19 selects for
 * gfx900 (AMDGPUUsage "LLVM IR Intrinsics", "Trap Handler ABI"; Vega ISA
 * guide chapters 4 and 12). isel_intrinsics.c tries the families here
 * after its own.
 */
#include <string.h>

#include "isel/isel_internal.h"
#include "target/target.h"

#define AMDGCN_INTRINSICS(X)                                                                                           \
  X(MBCNT_LO, "llvm.amdgcn.mbcnt.lo") X(MBCNT_HI, "llvm.amdgcn.mbcnt.hi") X(TRAP, "llvm.trap") X(UBSANTRAP, "llvm.ubsantrap")                         \
  X(DEBUGTRAP, "llvm.debugtrap") X(S_SLEEP, "llvm.amdgcn.s.sleep") X(S_NOP, "llvm.amdgcn.s.nop")                       \
  X(WAVE_BARRIER, "llvm.amdgcn.wave.barrier") X(SCHED_BARRIER, "llvm.amdgcn.sched.barrier")                            \
  X(SCHED_GROUP_BARRIER, "llvm.amdgcn.sched.group.barrier") X(IGLP_OPT, "llvm.amdgcn.iglp.opt")                        \
  X(UBFE, "llvm.amdgcn.ubfe") X(SBFE, "llvm.amdgcn.sbfe") X(FMED3, "llvm.amdgcn.fmed3")                                \
  X(MEMTIME, "llvm.amdgcn.s.memtime") X(MEMREALTIME, "llvm.amdgcn.s.memrealtime") X(GETPC, "llvm.amdgcn.s.getpc")      \
  X(GROUPSTATICSIZE, "llvm.amdgcn.groupstaticsize") X(DCACHE_INV, "llvm.amdgcn.s.dcache.inv")                          \
  X(DCACHE_WB, "llvm.amdgcn.s.dcache.wb") X(DIV_SCALE, "llvm.amdgcn.div.scale") X(DIV_FMAS, "llvm.amdgcn.div.fmas")      \
  X(DIV_FIXUP, "llvm.amdgcn.div.fixup") X(CVT_PKRTZ, "llvm.amdgcn.cvt.pkrtz")                                          \
  X(CVT_PKNORM_I16, "llvm.amdgcn.cvt.pknorm.i16") X(CVT_PKNORM_U16, "llvm.amdgcn.cvt.pknorm.u16")                      \
  X(CVT_PK_I16, "llvm.amdgcn.cvt.pk.i16") X(CVT_PK_U16, "llvm.amdgcn.cvt.pk.u16") X(CVT_PK_U8, "llvm.amdgcn.cvt.pk.u8.f32") \
  X(SFFBH, "llvm.amdgcn.sffbh") X(IS_SHARED, "llvm.amdgcn.is.shared") X(IS_PRIVATE, "llvm.amdgcn.is.private")       \
  X(HW_SIN, "llvm.amdgcn.sin") X(HW_COS, "llvm.amdgcn.cos") X(HW_EXP2, "llvm.amdgcn.exp2") X(HW_LOG, "llvm.amdgcn.log")  \
  X(DCACHE_INV_VOL, "llvm.amdgcn.s.dcache.inv.vol") X(DCACHE_WB_VOL, "llvm.amdgcn.s.dcache.wb.vol")                  \
  X(INCPERFLEVEL, "llvm.amdgcn.s.incperflevel") X(DECPERFLEVEL, "llvm.amdgcn.s.decperflevel")                        \
  X(WAVEFRONTSIZE, "llvm.amdgcn.wavefrontsize") X(MUL_U24, "llvm.amdgcn.mul.u24") X(MUL_I24, "llvm.amdgcn.mul.i24") \
  X(FMAD_FTZ, "llvm.amdgcn.fmad.ftz") X(SAD_U8, "llvm.amdgcn.sad.u8") X(SAD_HI_U8, "llvm.amdgcn.sad.hi.u8")             \
  X(SAD_U16, "llvm.amdgcn.sad.u16") X(MSAD_U8, "llvm.amdgcn.msad.u8") X(LERP, "llvm.amdgcn.lerp")                       \
  X(CUBEID, "llvm.amdgcn.cubeid") X(CUBESC, "llvm.amdgcn.cubesc") X(CUBETC, "llvm.amdgcn.cubetc")                      \
  X(CUBEMA, "llvm.amdgcn.cubema") X(READSTEADY, "llvm.readsteadycounter") X(TRIG_PREOP, "llvm.amdgcn.trig.preop")

typedef enum amdgcn_intr {
  A_NONE,
#define A_ENUM(e, name) A_##e,
  AMDGCN_INTRINSICS(A_ENUM)
#undef A_ENUM
  A_NUM
} amdgcn_intr;

static const char *const a_names[A_NUM] = {
    NULL,
#define A_NAME(e, name) name,
    AMDGCN_INTRINSICS(A_NAME)
#undef A_NAME
};

unsigned isel_intrinsic_key(const char *const *names, unsigned n, unsigned id) {
  /* LLVMLookupIntrinsicID is a binary search of LLVM's name table, cheap
   * enough per call, and keeps no state */
  for (unsigned k = 1; k < n; k++)
    if (LLVMLookupIntrinsicID(names[k], strlen(names[k])) == id) return k;
  return 0;
}

static amdgcn_intr key_of(unsigned id) { return (amdgcn_intr)isel_intrinsic_key(a_names, A_NUM, id); }

/* A SOPP instruction with the immediate operand `imm` (s_trap, s_sleep, s_nop). */
static void sopp(isel_ctx *c, unsigned op, uint32_t imm) {
  mir_instr *in = isel_emit(c, op, 0, 0);
  in->offset = (int32_t)(imm & 0xffff);
}

/* The constant integer operand `k` of call ins in *v; false if not constant. */
static bool const_arg(LLVMValueRef ins, unsigned k, uint64_t *v) {
  LLVMValueRef a = LLVMGetOperand(ins, k);
  if (!LLVMIsAConstantInt(a)) return false;
  *v = LLVMConstIntGetZExtValue(a);
  return true;
}

/* A VOP3 result (a v1) of the call's operands 0..n-1 (one dword each). */
static mir_temp valu_of_args(isel_ctx *c, LLVMValueRef ins, unsigned op, unsigned n) {
  mir_operand s[3];
  for (unsigned k = 0; k < n; k++) s[k] = isel_get(c, LLVMGetOperand(ins, k), 0);
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  isel_valu(c, op, &d, 1, s, n, true);
  return d;
}

/* The call's value valu_of_args, read back to an SGPR when the call is
 * uniform, as its users expect. */
static void vop3_of_args(isel_ctx *c, LLVMValueRef ins, unsigned op, unsigned n) {
  mir_temp d = valu_of_args(c, ins, op, n);
  if (!divergence_is_divergent(c->di, ins)) d = isel_uniform_to_sgpr(c, mir_op_temp(d), 1);
  isel_set(c, ins, 0, d);
}

/* The same, left in its VGPR even when uniform, as the other f32 VALU
 * results. */
static void vgpr_of_args(isel_ctx *c, LLVMValueRef ins, unsigned op, unsigned n) {
  isel_set(c, ins, 0, valu_of_args(c, ins, op, n));
}

/* A 64-bit SMEM result with no address (s_memtime, s_memrealtime) or the
 * SOP1 s_getpc_b64. */
static void scalar64(isel_ctx *c, LLVMValueRef ins, unsigned op) {
  mir_temp d = isel_tmp(c, mir_rc_s(2));
  mir_instr *in = isel_emit(c, op, 0, 1);
  in->defs[0] = mir_op_temp(d);
  isel_set(c, ins, 0, d);
}

/* Hints and control: selected to SOPP instructions or to nothing. */
static int call_control(isel_ctx *c, LLVMValueRef ins, amdgcn_intr k) {
  uint64_t v;
  switch (k) {
  case A_TRAP:
    /* AMDGPUUsage "Trap Handler ABI": s_trap 2 halts the wave and puts the
     * queue into the error state; the `unreachable` after it ends the
     * program (s_endpgm, as llc-19's code falls off after s_trap) */
    sopp(c, ISA_S_TRAP, 2);
    return 1;
  case A_UBSANTRAP:
    /* clang's -fsanitize-trap and wavecc -fcheck-div (check_div.cpp): the
     * same s_trap 2; kind 3 (clang's DivremOverflow) is -fcheck-div's test,
     * listed for the emulator's division check (MIR_CHK_DIV_TRAP) */
    if (const_arg(ins, 0, &v) && v == 3) c->p->cur_chk = MIR_CHK_DIV_TRAP;
    sopp(c, ISA_S_TRAP, 2);
    return 1;
  case A_DEBUGTRAP: sopp(c, ISA_S_TRAP, 3); return 1; /* a no-op without a debugger (same table) */
  case A_S_SLEEP:
    if (!const_arg(ins, 0, &v)) return 0;
    sopp(c, ISA_S_SLEEP, (uint32_t)v & 0x7f);
    return 1;
  case A_S_NOP:
    if (!const_arg(ins, 0, &v)) return 0;
    sopp(c, ISA_S_NOP, (uint32_t)v & 0xf);
    return 1;
  case A_WAVE_BARRIER: case A_SCHED_BARRIER: case A_SCHED_GROUP_BARRIER: case A_IGLP_OPT:
    /* scheduling fences: wavecc keeps the program order of memory
     * operations anyway, so they select to nothing (llc-19 emits only a
     * comment for each) */
    return 1;
  case A_DCACHE_INV: case A_DCACHE_WB: case A_DCACHE_INV_VOL: case A_DCACHE_WB_VOL: {
    isa_op op = k == A_DCACHE_INV ? ISA_S_DCACHE_INV : k == A_DCACHE_WB ? ISA_S_DCACHE_WB
                : k == A_DCACHE_INV_VOL ? ISA_S_DCACHE_INV_VOL : ISA_S_DCACHE_WB_VOL;
    /* RDNA has not all of them (llc-19: "Cannot select"): unsupported there */
    if (!isa_encoding(c->p->target->encoding, op)) return 0;
    isel_emit(c, op, 0, 0);
    return 1;
  }
  case A_INCPERFLEVEL: case A_DECPERFLEVEL:
    if (!const_arg(ins, 0, &v)) return 0;
    sopp(c, k == A_INCPERFLEVEL ? ISA_S_INCPERFLEVEL : ISA_S_DECPERFLEVEL, (uint32_t)v & 0xf);
    return 1;
  default: return -1;
  }
}

/* Values: mbcnt, bit-field extracts, med3, the clock, the PC, the static LDS size. */
static int call_value(isel_ctx *c, LLVMValueRef ins, amdgcn_intr k) {
  LLVMTypeRef t = LLVMTypeOf(ins);
  bool i32 = LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32;
  switch (k) {
  case A_MBCNT_LO: vop3_of_args(c, ins, ISA_V_MBCNT_LO_U32_B32, 2); return 1;
  case A_MUL_U24: case A_MUL_I24:
    /* the low 32 bits of the product of the operands' low 24 bits (zero- or
     * sign-extended): amdgpu-codegenprepare forms them for narrow products */
    if (!i32) return 0; /* the i64 forms (mul.u24 of 64 bits): not yet */
    vop3_of_args(c, ins, k == A_MUL_U24 ? ISA_V_MUL_U32_U24 : ISA_V_MUL_I32_I24, 2);
    return 1;
  case A_MBCNT_HI: vop3_of_args(c, ins, ISA_V_MBCNT_HI_U32_B32, 2); return 1;
  case A_UBFE: case A_SBFE:
    if (!i32) return 0; /* the i64 forms: llc-19 expands them; not yet here */
    vop3_of_args(c, ins, k == A_UBFE ? ISA_V_BFE_U32 : ISA_V_BFE_I32, 3);
    return 1;
  case A_FMED3:
    if (LLVMGetTypeKind(t) != LLVMFloatTypeKind) return 0; /* the f16 form: not yet */
    vgpr_of_args(c, ins, ISA_V_MED3_F32, 3); /* an f32: a VGPR even when uniform (llc-19 the same) */
    return 1;
  case A_FMAD_FTZ:
    /* v_mad_f32: product and sum each rounded, denormals flushed whatever
     * the mode (the f16 form: isel_half.c) */
    if (LLVMGetTypeKind(t) != LLVMFloatTypeKind) return 0;
    /* gfx942 has no v_mad_f32 (llc-19 cannot select the intrinsic there
     * either): unsupported rather than an encoder error */
    if (!isa_encoding(c->p->target->encoding, ISA_V_MAD_F32)) return 0;
    vop3_of_args(c, ins, ISA_V_MAD_F32, 3);
    return 1;
  case A_SAD_U8: case A_SAD_HI_U8: case A_SAD_U16: case A_MSAD_U8: case A_LERP: {
    /* the byte / half-word SADs and the byte average (Vega ISA guide, VOP3) */
    static const unsigned ops[] = {ISA_V_SAD_U8, ISA_V_SAD_HI_U8, ISA_V_SAD_U16, ISA_V_MSAD_U8, ISA_V_LERP_U8};
    vop3_of_args(c, ins, ops[k - A_SAD_U8], 3);
    return 1;
  }
  case A_CUBEID: case A_CUBESC: case A_CUBETC: case A_CUBEMA: {
    /* cube-map face and coordinates of the direction (x, y, z) */
    static const unsigned ops[] = {ISA_V_CUBEID_F32, ISA_V_CUBESC_F32, ISA_V_CUBETC_F32, ISA_V_CUBEMA_F32};
    vgpr_of_args(c, ins, ops[k - A_CUBEID], 3);
    return 1;
  }
  case A_MEMTIME: scalar64(c, ins, ISA_S_MEMTIME); return 1;
  case A_MEMREALTIME: scalar64(c, ins, ISA_S_MEMREALTIME); return 1;
  case A_READSTEADY: /* the constant-rate clock: s_memrealtime, as llc-19 (gfx11 has none) */
    if (!isa_encoding(c->p->target->encoding, ISA_S_MEMREALTIME)) return 0;
    scalar64(c, ins, ISA_S_MEMREALTIME);
    return 1;
  case A_GETPC: scalar64(c, ins, ISA_S_GETPC_B64); return 1;
  case A_WAVEFRONTSIZE: /* the target's wave size (gfx900: 64) */
    isel_set(c, ins, 0, isel_to_sgpr(c, mir_op_const(c->p->target->wave_size), 1));
    return 1;
  case A_GROUPSTATICSIZE: {
    if (c->p->is_function) return 0; /* a function does not know its kernel's LDS */
    /* the LDS the kernel's globals take, laid out before selection (isel_lds.c) */
    mir_temp d = isel_to_sgpr(c, mir_op_const(c->p->abi.group_segment_size), 1);
    isel_set(c, ins, 0, d);
    return 1;
  }
  default: return -1;
  }
}

/* A packed dword t as the two elements of a <2 x half> or <2 x i16>
 * result, each in the low half of its own v1 (the form selection keeps
 * vector elements in). */
static void set_pair(isel_ctx *c, LLVMValueRef ins, mir_temp t) {
  /* and t itself as the packed dword, which a bitcast to i32 or a store
   * reads instead of packing the elements again (dce drops the unread) */
  isel_packed_record(c, ins, 0, t);
  isel_set(c, ins, 0, isel_v1c(c, ISA_V_AND_B32, mir_op_const(0xffff), mir_op_temp(t)));
  isel_set(c, ins, 1, isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(16), mir_op_temp(t)));
}

/* is.shared / is.private of generic pointer p: its high dword is the
 * aperture's (SH_MEM_BASES << 16, shared in bits 31:16, private in 15:0:
 * AMDGPUUsage, Address Spaces), as llc-19 compares it. */
static void aperture_test(isel_ctx *c, LLVMValueRef ins, bool shared) {
  LLVMValueRef P = LLVMGetOperand(ins, 0);
  if (LLVMIsAConstantExpr(P) && LLVMGetConstOpcode(P) == LLVMAddrSpaceCast &&
      LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(P, 0))) == 3 &&
      !LLVMIsAConstantPointerNull(LLVMGetOperand(P, 0))) {
    /* a constant LDS address made generic (addrspacecast of an LDS
     * variable): the shared aperture's high dword by construction
     * (isel_lds_to_flat), so shared and not private, as llc-19 folds it */
    isel_set(c, ins, 0, isel_to_sgpr(c, mir_op_const(shared ? 1 : 0), 1));
    return;
  }
  mir_temp ap = isel_tmp(c, mir_rc_s(1));
  mir_instr *gr = isel_emit(c, ISA_S_GETREG_B32, 0, 1);
  gr->offset = 15 | ((shared ? 16 : 0) << 6) | (15 << 11); /* hwreg(HW_REG_SH_MEM_BASES, 16 or 0, 16) */
  gr->defs[0] = mir_op_temp(ap);
  mir_temp hi = isel_s(c, ISA_S_LSHL_B32, 1, mir_op_temp(ap), mir_op_const(16));
  mir_operand p = isel_get(c, LLVMGetOperand(ins, 0), 0);
  if (divergence_is_divergent(c->di, ins)) {
    mir_temp ph = isel_extract(c, isel_to_vgpr(c, p, 2), 1, 1);
    isel_set(c, ins, 0, isel_vcmp(c, ISA_V_CMP_EQ_U32, mir_op_temp(hi), mir_op_temp(ph)));
    return;
  }
  mir_temp ph = isel_extract(c, isel_to_sgpr(c, p, 2), 1, 1);
  isel_set(c, ins, 0, isel_scc_to_bool(c, isel_scmp(c, ISA_S_CMP_EQ_U32, mir_op_temp(hi), mir_op_temp(ph))));
}

/* Division steps, packing conversions, sffbh, aperture tests. */
static int call_convert(isel_ctx *c, LLVMValueRef ins, amdgcn_intr k) {
  LLVMTypeRef t = k == A_DIV_SCALE ? LLVMStructGetTypeAtIndex(LLVMTypeOf(ins), 0) : LLVMTypeOf(ins);
  bool f64 = LLVMGetTypeKind(t) == LLVMDoubleTypeKind;
  mir_operand a[4];
  for (unsigned i = 0; i < 4 && i < (unsigned)LLVMGetNumArgOperands(ins); i++)
    a[i] = isel_get(c, LLVMGetOperand(ins, i), 0);
  switch (k) {
  case A_DIV_SCALE: {
    /* {scaled, vcc} = v_div_scale (sel ? num : den), den, num */
    LLVMValueRef sel = LLVMGetOperand(ins, 2);
    if (!LLVMIsAConstantInt(sel)) return 0;
    bool num = LLVMConstIntGetZExtValue(sel) != 0;
    mir_temp d = isel_tmp(c, mir_rc_v(f64 ? 2 : 1)), vcc = isel_lane_tmp(c);
    mir_temp defs[2] = {d, vcc};
    mir_operand srcs[3] = {num ? a[0] : a[1], a[1], a[0]};
    isel_valu(c, f64 ? ISA_V_DIV_SCALE_F64 : ISA_V_DIV_SCALE_F32, defs, 2, srcs, 3, true);
    isel_set(c, ins, 0, d);
    isel_set(c, ins, 1, vcc);
    return 1;
  }
  case A_DIV_FMAS: {
    unsigned dw = f64 ? 2 : 1;
    mir_temp e = isel_to_vgpr(c, a[0], dw), r = isel_to_vgpr(c, a[1], dw), q = isel_to_vgpr(c, a[2], dw);
    mir_temp vcc = isel_mask_of(c, LLVMGetOperand(ins, 3), 0);
    isel_set(c, ins, 0, isel_div_fmas(c, f64 ? ISA_V_DIV_FMAS_F64 : ISA_V_DIV_FMAS_F32, e, r, q, vcc));
    return 1;
  }
  case A_DIV_FIXUP: {
    if (!f64 && LLVMGetTypeKind(t) != LLVMFloatTypeKind) return 0; /* the f16 form: not yet */
    mir_temp d = isel_tmp(c, mir_rc_v(f64 ? 2 : 1));
    isel_valu(c, f64 ? ISA_V_DIV_FIXUP_F64 : ISA_V_DIV_FIXUP_F32, &d, 1, a, 3, true);
    isel_set(c, ins, 0, d);
    return 1;
  }
  case A_TRIG_PREOP: {
    /* v_trig_preop_f64 d, src0 (f64), src1 (segment, low 5 bits) */
    if (!f64) return 0;
    mir_temp d = isel_tmp(c, mir_rc_v(2));
    isel_valu(c, ISA_V_TRIG_PREOP_F64, &d, 1, a, 2, true);
    isel_set(c, ins, 0, d);
    return 1;
  }
  case A_CVT_PKRTZ: case A_CVT_PKNORM_I16: case A_CVT_PKNORM_U16: case A_CVT_PK_I16: case A_CVT_PK_U16: {
    static const unsigned ops[] = {ISA_V_CVT_PKRTZ_F16_F32, ISA_V_CVT_PKNORM_I16_F32, ISA_V_CVT_PKNORM_U16_F32,
                                   ISA_V_CVT_PK_I16_I32, ISA_V_CVT_PK_U16_U32};
    mir_temp d = isel_tmp(c, mir_rc_v(1));
    isel_valu(c, ops[k - A_CVT_PKRTZ], &d, 1, a, 2, true);
    set_pair(c, ins, d);
    return 1;
  }
  case A_CVT_PK_U8: vop3_of_args(c, ins, ISA_V_CVT_PK_U8_F32, 3); return 1;
  case A_SFFBH: vop3_of_args(c, ins, ISA_V_FFBH_I32, 1); return 1;
  case A_IS_SHARED: case A_IS_PRIVATE: aperture_test(c, ins, k == A_IS_SHARED); return 1;
  case A_HW_SIN: case A_HW_COS: case A_HW_EXP2: case A_HW_LOG: {
    static const unsigned ops[] = {ISA_V_SIN_F32, ISA_V_COS_F32, ISA_V_EXP_F32, ISA_V_LOG_F32};
    if (LLVMGetTypeKind(t) != LLVMFloatTypeKind) return 0; /* the f16 forms: not yet */
    mir_temp d = isel_tmp(c, mir_rc_v(1));
    isel_valu(c, ops[k - A_HW_SIN], &d, 1, a, 1, false);
    isel_set(c, ins, 0, d); /* a VGPR even when uniform, as the other f32 VALU results */
    return 1;
  }
  default: return -1;
  }
}

int isel_amdgcn_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  amdgcn_intr k = key_of(id);
  if (k == A_NONE) return -1;
  int sel = call_control(c, ins, k);
  if (sel < 0) sel = call_value(c, ins, k);
  return sel >= 0 ? sel : call_convert(c, ins, k);
}
