/* Instruction selection of the llvm.amdgcn.* intrinsics (and llvm.trap,
 * llvm.debugtrap) that are one machine instruction each, or nothing:
 * lane counting (mbcnt), traps, sleeps and scheduling hints, bit-field
 * extraction, the f32 median, the clock and program counter, the scalar
 * data cache. The instruction each selects is the one llc-19 selects for
 * gfx900 (AMDGPUUsage "LLVM IR Intrinsics", "Trap Handler ABI"; Vega ISA
 * guide chapters 4 and 12). isel_intrinsics.c tries the families here
 * after its own.
 */
#include <string.h>

#include "isel/isel_internal.h"

#define AMDGCN_INTRINSICS(X)                                                                                           \
  X(MBCNT_LO, "llvm.amdgcn.mbcnt.lo") X(MBCNT_HI, "llvm.amdgcn.mbcnt.hi") X(TRAP, "llvm.trap")                         \
  X(DEBUGTRAP, "llvm.debugtrap") X(S_SLEEP, "llvm.amdgcn.s.sleep") X(S_NOP, "llvm.amdgcn.s.nop")                       \
  X(WAVE_BARRIER, "llvm.amdgcn.wave.barrier") X(SCHED_BARRIER, "llvm.amdgcn.sched.barrier")                            \
  X(SCHED_GROUP_BARRIER, "llvm.amdgcn.sched.group.barrier") X(IGLP_OPT, "llvm.amdgcn.iglp.opt")                        \
  X(UBFE, "llvm.amdgcn.ubfe") X(SBFE, "llvm.amdgcn.sbfe") X(FMED3, "llvm.amdgcn.fmed3")                                \
  X(MEMTIME, "llvm.amdgcn.s.memtime") X(MEMREALTIME, "llvm.amdgcn.s.memrealtime") X(GETPC, "llvm.amdgcn.s.getpc")      \
  X(GROUPSTATICSIZE, "llvm.amdgcn.groupstaticsize") X(DCACHE_INV, "llvm.amdgcn.s.dcache.inv")                          \
  X(DCACHE_WB, "llvm.amdgcn.s.dcache.wb")

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

/* The key of LLVM intrinsic ID `id`: LLVMLookupIntrinsicID is a binary
 * search of LLVM's name table, cheap enough per call, and keeps no state. */
static amdgcn_intr key_of(unsigned id) {
  for (unsigned k = 1; k < A_NUM; k++)
    if (LLVMLookupIntrinsicID(a_names[k], strlen(a_names[k])) == id) return (amdgcn_intr)k;
  return A_NONE;
}

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

/* A VOP3 result of the call's operands 0..n-1 (one dword each); read back
 * to an SGPR when the call is uniform, as its users expect. */
static void vop3_of_args(isel_ctx *c, LLVMValueRef ins, unsigned op, unsigned n) {
  mir_operand s[3];
  for (unsigned k = 0; k < n; k++) s[k] = isel_get(c, LLVMGetOperand(ins, k), 0);
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  isel_valu(c, op, &d, 1, s, n, true);
  if (!divergence_is_divergent(c->di, ins)) d = isel_to_sgpr(c, mir_op_temp(d), 1);
  isel_set(c, ins, 0, d);
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
  case A_DCACHE_INV: isel_emit(c, ISA_S_DCACHE_INV, 0, 0); return 1;
  case A_DCACHE_WB: isel_emit(c, ISA_S_DCACHE_WB, 0, 0); return 1;
  default: return -1;
  }
}

/* Values: mbcnt, bit-field extracts, med3, the clock, the PC, the static LDS size. */
static int call_value(isel_ctx *c, LLVMValueRef ins, amdgcn_intr k) {
  LLVMTypeRef t = LLVMTypeOf(ins);
  bool i32 = LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32;
  switch (k) {
  case A_MBCNT_LO: vop3_of_args(c, ins, ISA_V_MBCNT_LO_U32_B32, 2); return 1;
  case A_MBCNT_HI: vop3_of_args(c, ins, ISA_V_MBCNT_HI_U32_B32, 2); return 1;
  case A_UBFE: case A_SBFE:
    if (!i32) return 0; /* the i64 forms: llc-19 expands them; not yet here */
    vop3_of_args(c, ins, k == A_UBFE ? ISA_V_BFE_U32 : ISA_V_BFE_I32, 3);
    return 1;
  case A_FMED3:
    if (LLVMGetTypeKind(t) != LLVMFloatTypeKind) return 0; /* the f16 form: not yet */
    vop3_of_args(c, ins, ISA_V_MED3_F32, 3);
    return 1;
  case A_MEMTIME: scalar64(c, ins, ISA_S_MEMTIME); return 1;
  case A_MEMREALTIME: scalar64(c, ins, ISA_S_MEMREALTIME); return 1;
  case A_GETPC: scalar64(c, ins, ISA_S_GETPC_B64); return 1;
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

int isel_amdgcn_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  amdgcn_intr k = key_of(id);
  if (k == A_NONE) return -1;
  int sel = call_control(c, ins, k);
  return sel >= 0 ? sel : call_value(c, ins, k);
}
