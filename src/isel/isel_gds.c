/* Instruction selection of the wave-level DS operations that take M0
 * (issue 26): llvm.amdgcn.ds.append / ds.consume on LDS (the counter's
 * LDS address in M0, the wave's active-lane count added or subtracted
 * once, the old value returned) and the global wave sync intrinsics
 * llvm.amdgcn.ds.gws.init / barrier / sema.v / sema.br / sema.p /
 * sema.release.all (always GDS; resource id = the instruction's offset +
 * M0[21:16]; the value operand read from the first active lane). As
 * llc-19 selects them for gfx900 (AMDGPUUsage "LLVM IR Intrinsics",
 * SIISelLowering SelectDS_GWS: a constant resource id goes to the offset
 * field with M0 = 0, a variable one to M0 bits 21:16; every GWS
 * instruction is followed by s_waitcnt 0, as on targets with GWS auto
 * replay). Vega ISA guide chapter 11 ("DS_APPEND", "DS_GWS_*").
 */
#include "isel/isel_internal.h"
#include "target/target.h"

#define GDS_INTRINSICS(X)                                                                                              \
  X(APPEND, "llvm.amdgcn.ds.append") X(CONSUME, "llvm.amdgcn.ds.consume") X(GWS_INIT, "llvm.amdgcn.ds.gws.init")      \
  X(GWS_BARRIER, "llvm.amdgcn.ds.gws.barrier") X(GWS_SEMA_V, "llvm.amdgcn.ds.gws.sema.v")                             \
  X(GWS_SEMA_BR, "llvm.amdgcn.ds.gws.sema.br") X(GWS_SEMA_P, "llvm.amdgcn.ds.gws.sema.p")                             \
  X(GWS_RELEASE_ALL, "llvm.amdgcn.ds.gws.sema.release.all")

typedef enum gds_intr {
  G_NONE,
#define G_ENUM(e, name) G_##e,
  GDS_INTRINSICS(G_ENUM)
#undef G_ENUM
  G_NUM
} gds_intr;

static const char *const g_names[G_NUM] = {
    NULL,
#define G_NAME(e, name) name,
    GDS_INTRINSICS(G_NAME)
#undef G_NAME
};

/* The M0 operand (a fixed use) of value `v`, read from the first active
 * lane when it is in a VGPR. */
static mir_operand m0_use(isel_ctx *c, mir_operand v) {
  mir_operand m = mir_op_temp(isel_to_sgpr(c, v, 1));
  m.preg = MIR_PREG_M0; /* as s_sendmsg's M0 (isel_intrinsics.c) */
  return m;
}

/* ds.append / ds.consume(ptr addrspace(3) or addrspace(2) p, i1
 * volatile): the counter at p in LDS or GDS, the old value in every
 * lane. */
static int append_consume(isel_ctx *c, LLVMValueRef ins, bool append) {
  LLVMValueRef P = LLVMGetOperand(ins, 0);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(P));
  if (as != 3 && as != 2) return 0;
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  mir_operand m0 = m0_use(c, isel_get(c, P, 0));
  mir_instr *in = isel_emit(c, append ? ISA_DS_APPEND : ISA_DS_CONSUME, 1, 1);
  in->ops[0] = m0;
  in->defs[0] = mir_op_temp(d);
  if (as == 2) in->enc_flags |= MIR_ENC_GDS;
  if (!divergence_is_divergent(c->di, ins)) d = isel_to_sgpr(c, mir_op_temp(d), 1);
  isel_set(c, ins, 0, d);
  return 1;
}

/* A ds_gws_* instruction `op` with the value operand `val` (NULL: none)
 * and resource id `rid`, then s_waitcnt 0. */
static int gws(isel_ctx *c, unsigned op, LLVMValueRef val, LLVMValueRef rid) {
  uint32_t off = 0;
  mir_operand m;
  if (LLVMIsAConstantInt(rid)) {
    off = (uint32_t)LLVMConstIntGetZExtValue(rid);
    if (off > 0xffff) return 0;
    m = m0_use(c, mir_op_const(0));
  } else {
    mir_operand r = isel_get(c, rid, 0);
    if (isel_opnd_is_vgpr(&r)) r = mir_op_temp(isel_to_sgpr(c, r, 1));
    m = m0_use(c, mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, r, mir_op_const(16))));
  }
  mir_temp v = val ? isel_to_vgpr(c, isel_get(c, val, 0), 1) : (mir_temp){0};
  mir_instr *in = isel_emit(c, op, val ? 2 : 1, 0);
  if (val) in->ops[0] = mir_op_temp(v);
  in->ops[val ? 1 : 0] = m;
  in->offset = (int32_t)off;
  in->enc_flags |= MIR_ENC_GDS;
  mir_instr *w = isel_emit(c, ISA_S_WAITCNT, 0, 0);
  w->offset = 0;
  return 1;
}

int isel_gds_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  gds_intr k = (gds_intr)isel_intrinsic_key(g_names, G_NUM, id);
  LLVMValueRef a0 = k != G_NONE ? LLVMGetOperand(ins, 0) : NULL;
  switch (k) {
  case G_APPEND: case G_CONSUME: return append_consume(c, ins, k == G_APPEND);
  case G_GWS_INIT: return gws(c, ISA_DS_GWS_INIT, a0, LLVMGetOperand(ins, 1));
  case G_GWS_BARRIER: return gws(c, ISA_DS_GWS_BARRIER, a0, LLVMGetOperand(ins, 1));
  case G_GWS_SEMA_BR: return gws(c, ISA_DS_GWS_SEMA_BR, a0, LLVMGetOperand(ins, 1));
  case G_GWS_SEMA_V: return gws(c, ISA_DS_GWS_SEMA_V, NULL, a0);
  case G_GWS_SEMA_P: return gws(c, ISA_DS_GWS_SEMA_P, NULL, a0);
  case G_GWS_RELEASE_ALL: return gws(c, ISA_DS_GWS_SEMA_RELEASE_ALL, NULL, a0);
  default: return -1;
  }
}
