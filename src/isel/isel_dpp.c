/* Instruction selection of the DPP intrinsics (AMDGPUUsage "LLVM IR
 * Intrinsics"; Vega ISA guide 12.x "DPP", RDNA 2/3 guides "DPP16"):
 *
 *   llvm.amdgcn.update.dpp(old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl)
 *   llvm.amdgcn.mov.dpp(src, dpp_ctrl, row_mask, bank_mask, bound_ctrl)
 *
 * Each dword of the value becomes one v_mov_b32_dpp (ISA_F_DPP) whose
 * destination is tied to a copy of `old` (mir_tied_operand): the lanes
 * the instruction does not write (row/bank mask off, or an invalid source
 * lane without bound_ctrl) keep old's value. mov.dpp's old is undefined,
 * and so is any old that no lane keeps (bound_ctrl, all rows and banks).
 * A 64-bit or wider value moves as its dwords, each with the same
 * controls (llc-19 splits i64 the same way where it has no 64-bit DPP).
 * The controls are immediate arguments; a control the target lacks is
 * refused with llc-19's words (wave shifts and row_bcast are GFX9 only,
 * row_share/row_xmask GFX10+: wavecc_target.dpp_gfx10; CDNA 2/3 have
 * row_newbcast in row_share's codes: dpp_row_newbcast).
 *
 * llvm.amdgcn.mov.dpp8(src, sel) (GFX10+): v_mov_b32_dpp ... dpp8:[..]
 * (ISA_F_DPP8), lane i of each 8 reading lane sel[i].
 *
 * The result is always divergent (src/llvm/divergence.c): lanes read
 * other lanes. The instruction reads lanes EXEC may disable, so passes
 * treat it as ISA_F_IGNORES_EXEC (no copy folding across EXEC changes);
 * the gfx9 wait states it needs are the hazard pass's (hazards.c).
 */
#include "isel/isel_internal.h"
#include "target/target.h"

/* Why DPP_CTRL `ctrl` is not a control of target t (llc-19's words), or
 * NULL when it is. */
static const char *ctrl_refusal(const wavecc_target *t, unsigned ctrl) {
  bool gfx10 = t->dpp_gfx10;
  if (ctrl <= 0xff || ctrl == 0x140 || ctrl == 0x141) return NULL; /* quad_perm, row_mirror, row_half_mirror */
  if ((ctrl > 0x100 && ctrl < 0x110) || (ctrl > 0x110 && ctrl < 0x120) || (ctrl > 0x120 && ctrl < 0x130))
    return NULL; /* row_shl, row_shr, row_ror 1..15 */
  if (ctrl == 0x130 || ctrl == 0x134 || ctrl == 0x138 || ctrl == 0x13c)
    return gfx10 ? "DPP control: wavefront shifts are not supported on GFX10+" : NULL;
  if (ctrl == 0x142 || ctrl == 0x143) return gfx10 ? "DPP control: broadcasts are not supported on GFX10+" : NULL;
  if (ctrl >= 0x150 && ctrl <= 0x15f && t->dpp_row_newbcast) return NULL; /* gfx90a/gfx942 row_newbcast */
  if (ctrl >= 0x150 && ctrl <= 0x16f)
    return gfx10 ? NULL : "DPP control: row_share/row_xmask are not supported before GFX10";
  return "DPP control: not a valid dpp_ctrl value";
}

/* v_mov_b32_dpp of dword `src` over a copy of `old` (undefined: none). */
static mir_temp dpp_dw(isel_ctx *c, mir_operand src, const mir_operand *old, int32_t controls) {
  mir_temp keep = isel_tmp(c, mir_rc_v(1)), d = isel_tmp(c, mir_rc_v(1));
  mir_instr *cp = isel_emit(c, MIR_P_COPY, 1, 1);
  if (old) cp->ops[0] = *old;
  else {
    cp->ops[0] = (mir_operand){.kind = MIR_OPND_UNDEF, .preg = MIR_PREG_NONE};
    cp->ops[0].temp.rc = mir_rc_v(1);
  }
  cp->defs[0] = mir_op_temp(keep);
  if (!isel_opnd_is_vgpr(&src)) src = mir_op_temp(isel_to_vgpr(c, src, 1));
  mir_instr *in = isel_emit(c, ISA_V_MOV_B32_DPP, 2, 1);
  in->ops[0] = src;
  in->ops[1] = mir_op_temp(keep);
  in->defs[0] = mir_op_temp(d);
  in->offset = controls;
  return d;
}

/* Constant argument k of ins into *v; false when it is not one. */
static bool imm_arg(LLVMValueRef ins, unsigned k, uint64_t *v) {
  LLVMValueRef a = LLVMGetOperand(ins, k);
  if (!LLVMIsAConstantInt(a)) return false;
  *v = LLVMConstIntGetZExtValue(a);
  return true;
}

static int dpp(isel_ctx *c, LLVMValueRef ins, bool update) {
  unsigned base = update ? 2 : 1;
  uint64_t ctrl, row, bank, bc;
  if (!imm_arg(ins, base, &ctrl) || !imm_arg(ins, base + 1, &row) || !imm_arg(ins, base + 2, &bank) ||
      !imm_arg(ins, base + 3, &bc)) {
    isel_unsupported(c, ins, "DPP intrinsic with non-constant controls");
    return 1;
  }
  const char *why = ctrl_refusal(c->p->target, (unsigned)ctrl);
  if (why) {
    isel_unsupported(c, ins, why);
    return 1;
  }
  row &= 15; /* the 4-bit fields take the low bits (llc-19: 62 -> row_mask:0xe) */
  bank &= 15;
  mir_operand sd[ISEL_MAX_DWORDS], od[ISEL_MAX_DWORDS];
  unsigned ns = 0, no = 0;
  LLVMValueRef old = update ? LLVMGetOperand(ins, 0) : NULL;
  /* with bound_ctrl and every row and bank on, each active lane is
   * written (its source, or 0): old is never kept (llc-19 drops it too) */
  bool old_undef = !old || LLVMIsUndef(old) || LLVMIsPoison(old) || (bc && row == 15 && bank == 15);
  if (!isel_pack_dwords(c, LLVMGetOperand(ins, base - 1), sd, &ns) || ns > 16) return 0;
  if (!old_undef && (!isel_pack_dwords(c, old, od, &no) || no != ns)) return 0;
  int32_t controls = mir_dpp_controls((unsigned)ctrl, (unsigned)row, (unsigned)bank, bc != 0, false);
  mir_operand out[16];
  for (unsigned i = 0; i < ns; i++) {
    mir_operand o;
    if (!old_undef) {
      o = od[i];
      if (!isel_opnd_is_vgpr(&o)) o = mir_op_temp(isel_to_vgpr(c, o, 1));
    }
    out[i] = mir_op_temp(dpp_dw(c, sd[i], old_undef ? NULL : &o, controls));
  }
  return isel_unpack_dwords(c, ins, out, ns) ? 1 : 0;
}

/* llvm.amdgcn.mov.dpp8(src, sel): v_mov_b32_dpp ... dpp8:[..] per dword
 * (GFX10+; llc-19 cannot select it before). No old: DPP8 writes every
 * active lane (a source lane EXEC disables reads 0). */
static int dpp8(isel_ctx *c, LLVMValueRef ins) {
  uint64_t sel;
  if (!imm_arg(ins, 1, &sel)) {
    isel_unsupported(c, ins, "DPP8 intrinsic with a non-constant selector");
    return 1;
  }
  if (!c->p->target->dpp_gfx10) {
    isel_unsupported(c, ins, "DPP8 move before GFX10 (llc-19 cannot select it either)");
    return 1;
  }
  mir_operand sd[ISEL_MAX_DWORDS], out[16];
  unsigned ns = 0;
  if (!isel_pack_dwords(c, LLVMGetOperand(ins, 0), sd, &ns) || ns > 16) return 0;
  for (unsigned i = 0; i < ns; i++) {
    mir_operand s = sd[i];
    if (!isel_opnd_is_vgpr(&s)) s = mir_op_temp(isel_to_vgpr(c, s, 1));
    mir_temp d = isel_tmp(c, mir_rc_v(1));
    mir_instr *in = isel_emit(c, ISA_V_MOV_B32_DPP8, 1, 1);
    in->ops[0] = s;
    in->defs[0] = mir_op_temp(d);
    in->offset = (int32_t)(sel & 0xffffffu);
    out[i] = mir_op_temp(d);
  }
  return isel_unpack_dwords(c, ins, out, ns) ? 1 : 0;
}

int isel_dpp_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  static const char *const names[] = {NULL, "llvm.amdgcn.update.dpp", "llvm.amdgcn.mov.dpp", "llvm.amdgcn.mov.dpp8"};
  unsigned k = isel_intrinsic_key(names, 4, id);
  if (k == 1 || k == 2) return dpp(c, ins, k == 1);
  if (k == 3) return dpp8(c, ins);
  return -1;
}
