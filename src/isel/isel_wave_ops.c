/* Instruction selection of llvm.amdgcn.writelane and
 * llvm.amdgcn.wave.reduce.umin / umax (issue 26).
 *
 * writelane(s, lane, old): `old` with lane `lane` (uniform) replaced by
 * the uniform `s`, whatever EXEC says: v_writelane_b32 per dword, whose
 * destination keeps its other lanes, so the destination is tied to a
 * copy of `old` (mir_tied_operand). Any type of 16-bit multiples, as
 * llc-19 takes it (i16/half: the low half of the dword).
 *
 * wave.reduce.umin/umax(v, strategy): the minimum / maximum of v over
 * the active lanes, a uniform value; a uniform v is its own result (as
 * llc-19). A divergent one: every lane of the wave read with
 * v_readlane_b32 and kept when its EXEC bit is set (s_bitcmp1_b32 on the
 * lane-mask dword), unrolled over the target's wave size: straight-line
 * code where llc-19 loops with s_ff1 (same result, no control flow for
 * isel to build). Sources: AMDGPUUsage "LLVM IR Intrinsics"; Vega ISA
 * guide "V_WRITELANE_B32", "V_READLANE_B32".
 */
#include "isel/isel_internal.h"
#include "target/target.h"

#define WAVE_OPS(X)                                                                                                    \
  X(WRITELANE, "llvm.amdgcn.writelane") X(REDUCE_UMIN, "llvm.amdgcn.wave.reduce.umin")                                  \
  X(REDUCE_UMAX, "llvm.amdgcn.wave.reduce.umax")

typedef enum wave_intr {
  W_NONE,
#define W_ENUM(e, name) W_##e,
  WAVE_OPS(W_ENUM)
#undef W_ENUM
  W_NUM
} wave_intr;

static const char *const w_names[W_NUM] = {
    NULL,
#define W_NAME(e, name) name,
    WAVE_OPS(W_NAME)
#undef W_NAME
};

/* v_writelane_b32 of dword `s` into lane `lane` of a copy of `old`. */
static mir_temp writelane_dw(isel_ctx *c, mir_operand s, mir_operand lane, mir_operand old) {
  mir_temp keep = isel_tmp(c, mir_rc_v(1)), d = isel_tmp(c, mir_rc_v(1));
  mir_instr *cp = isel_emit(c, MIR_P_COPY, 1, 1);
  cp->ops[0] = old;
  cp->defs[0] = mir_op_temp(keep);
  if (isel_opnd_is_vgpr(&s)) s = mir_op_temp(isel_to_sgpr(c, s, 1));
  mir_instr *in = isel_emit(c, ISA_V_WRITELANE_B32, 3, 1);
  in->ops[0] = s;
  in->ops[1] = lane;
  in->ops[2] = mir_op_temp(keep);
  in->defs[0] = mir_op_temp(d);
  in->enc_flags |= MIR_ENC_VOP3;
  return d;
}

static int writelane(isel_ctx *c, LLVMValueRef ins) {
  mir_operand sd[16], od[16];
  unsigned ns = 0, no = 0;
  if (!isel_pack_dwords(c, LLVMGetOperand(ins, 0), sd, &ns) || !isel_pack_dwords(c, LLVMGetOperand(ins, 2), od, &no) ||
      ns != no || ns > 16)
    return 0;
  mir_operand l = isel_get(c, LLVMGetOperand(ins, 1), 0);
  /* a constant lane is an inline constant; another goes in M0, since two
   * different SGPRs would break gfx9's constant bus limit (llc-19 does the
   * same); a divergent one is the first active lane's, as llc-19 */
  mir_operand lane = l;
  if (l.kind != MIR_OPND_CONST || l.imm >= c->p->target->wave_size) {
    lane = mir_op_temp(isel_to_sgpr(c, l, 1));
    lane.preg = MIR_PREG_M0;
  }
  mir_operand out[16];
  for (unsigned i = 0; i < ns; i++) {
    mir_operand o = od[i];
    if (!isel_opnd_is_vgpr(&o)) o = mir_op_temp(isel_to_vgpr(c, o, 1));
    out[i] = mir_op_temp(writelane_dw(c, sd[i], lane, o));
  }
  return isel_unpack_dwords(c, ins, out, ns) ? 1 : 0;
}

static int reduce(isel_ctx *c, LLVMValueRef ins, bool umax) {
  LLVMValueRef V = LLVMGetOperand(ins, 0);
  if (isel_type_bits(LLVMTypeOf(ins)) != 32 || isel_num_comps(LLVMTypeOf(ins)) != 1) return 0;
  mir_operand v = isel_get(c, V, 0);
  if (!divergence_is_divergent(c->di, V)) {
    isel_set(c, ins, 0, isel_to_sgpr(c, v, 1));
    return 1;
  }
  mir_temp vv = isel_to_vgpr(c, v, 1);
  unsigned op = umax ? ISA_S_MAX_U32 : ISA_S_MIN_U32, lanes = c->p->target->wave_size;
  mir_operand r = mir_op_const(umax ? 0u : 0xffffffffu);
  for (unsigned l = 0; l < lanes; l++) {
    mir_temp x = isel_tmp(c, mir_rc_s(1));
    mir_instr *rl = isel_emit(c, ISA_V_READLANE_B32, 2, 1);
    rl->ops[0] = mir_op_temp(vv);
    rl->ops[1] = mir_op_const(l);
    rl->defs[0] = mir_op_temp(x);
    rl->enc_flags |= MIR_ENC_VOP3;
    mir_temp m = isel_s(c, op, 1, r, mir_op_temp(x)); /* before the compare: s_max/s_min write SCC */
    mir_temp on = isel_scmp(c, ISA_S_BITCMP1_B32, mir_op_fixed((mir_preg)(MIR_PREG_EXEC + l / 32), 1), mir_op_const(l % 32));
    mir_temp sel = isel_tmp(c, mir_rc_s(1));
    mir_instr *cs = isel_emit(c, ISA_S_CSELECT_B32, 3, 1);
    cs->ops[0] = mir_op_temp(m);
    cs->ops[1] = r;
    cs->ops[2] = isel_scc_operand(on);
    cs->defs[0] = mir_op_temp(sel);
    r = mir_op_temp(sel);
  }
  isel_set(c, ins, 0, isel_to_sgpr(c, r, 1));
  return 1;
}

int isel_wave_ops_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  wave_intr k = (wave_intr)isel_intrinsic_key(w_names, W_NUM, id);
  switch (k) {
  case W_WRITELANE: return writelane(c, ins);
  case W_REDUCE_UMIN: case W_REDUCE_UMAX: return reduce(c, ins, k == W_REDUCE_UMAX);
  default: return -1;
  }
}
