/* Instruction selection of the register and mode intrinsics (issue 26):
 * llvm.amdgcn.s.getreg / s.setreg (hardware registers, Vega ISA guide
 * 4.6 "S_GETREG_B32 / S_SETREG_B32": simm16 = id | offset << 6 |
 * (size - 1) << 11), llvm.get.fpmode (the MODE bits llc-19 reads, from
 * the target description), llvm.read_register / write_register of the
 * named scalar registers llc-19 accepts (m0, exec, exec_lo/hi,
 * flat_scratch, flat_scratch_lo/hi), llvm.amdgcn.s.sethalt,
 * llvm.amdgcn.endpgm, llvm.returnaddress and llvm.amdgcn.lds.kernel.id
 * in kernels (the constant of the kernel's !llvm.amdgcn.lds.kernel.id,
 * as llc-19 folds it). The choice of instructions is llc-19's
 * (AMDGPUUsage "LLVM IR Intrinsics"; SIISelLowering's
 * getRegisterByName for the register names).
 */
#include <string.h>

#include "isel/isel_internal.h"
#include "target/target.h"

#define HWREG_INTRINSICS(X)                                                                                            \
  X(GETREG, "llvm.amdgcn.s.getreg") X(SETREG, "llvm.amdgcn.s.setreg") X(GET_FPMODE, "llvm.get.fpmode")              \
  X(READ_REG, "llvm.read_register") X(WRITE_REG, "llvm.write_register") X(SETHALT, "llvm.amdgcn.s.sethalt")          \
  X(ENDPGM, "llvm.amdgcn.endpgm") X(RETADDR, "llvm.returnaddress") X(LDS_KERNEL_ID, "llvm.amdgcn.lds.kernel.id")

typedef enum hwreg_intr {
  H_NONE,
#define H_ENUM(e, name) H_##e,
  HWREG_INTRINSICS(H_ENUM)
#undef H_ENUM
  H_NUM
} hwreg_intr;

static const char *const h_names[H_NUM] = {
    NULL,
#define H_NAME(e, name) name,
    HWREG_INTRINSICS(H_NAME)
#undef H_NAME
};

/* s_getreg_b32 with simm16 `h` into a new SGPR. */
static mir_temp getreg(isel_ctx *c, uint32_t h) {
  mir_temp d = isel_tmp(c, mir_rc_s(1));
  mir_instr *g = isel_emit(c, ISA_S_GETREG_B32, 0, 1);
  g->offset = (int32_t)(h & 0xffff);
  g->defs[0] = mir_op_temp(d);
  return d;
}

/* The preg and size in dwords of the register named by metadata
 * operand 0 of read_register / write_register; false for names llc-19
 * refuses or wavecc does not know (LLVM's SIISelLowering
 * getRegisterByName: m0, exec, exec_lo/hi, flat_scratch(_lo/_hi)). */
static bool named_register(isel_ctx *c, LLVMValueRef ins, mir_preg *r, unsigned *dw) {
  LLVMValueRef md = LLVMGetOperand(ins, 0);
  if (!LLVMIsAMDNode(md) || LLVMGetMDNodeNumOperands(md) != 1) return false;
  LLVMValueRef s;
  LLVMGetMDNodeOperands(md, &s);
  unsigned len = 0;
  const char *n = s ? LLVMGetMDString(s, &len) : NULL;
  if (!n) return false;
  const wavecc_target *t = c->p->target;
  struct { const char *name; unsigned preg, dw; } tab[] = {
      {"m0", MIR_PREG_M0, 1},           {"exec", MIR_PREG_EXEC, 2},
      {"exec_lo", MIR_PREG_EXEC, 1},    {"exec_hi", MIR_PREG_EXEC + 1, 1},
      {"flat_scratch", t->flat_scratch_reg, 2}, {"flat_scratch_lo", t->flat_scratch_reg, 1},
      {"flat_scratch_hi", t->flat_scratch_reg + 1, 1},
  };
  for (unsigned k = 0; k < sizeof tab / sizeof tab[0]; k++) {
    if (strlen(tab[k].name) != len || memcmp(tab[k].name, n, len)) continue;
    /* flat_scratch is an SGPR pair only where the target has one (gfx9,
     * CDNA); exec is one dword on wave32 targets */
    if (tab[k].preg == 0 || (tab[k].preg == MIR_PREG_EXEC && tab[k].dw > t->lane_mask_dwords) ||
        (tab[k].preg == MIR_PREG_EXEC + 1 && t->lane_mask_dwords < 2))
      return false;
    *r = (mir_preg)tab[k].preg;
    *dw = tab[k].dw;
    return true;
  }
  return false;
}

/* Half `hi` of a wave64 EXEC named exec_lo/exec_hi: the machine IR names
 * EXEC whole on wave64 (the verifier refuses a 1-dword EXEC operand), so
 * the half goes through a copy of the pair. */
static bool exec_half(const isel_ctx *c, mir_preg r, unsigned dw, bool *hi) {
  *hi = r == MIR_PREG_EXEC + 1;
  return dw == 1 && (r == MIR_PREG_EXEC || *hi) && c->p->target->lane_mask_dwords == 2;
}

/* A copy of wave64 EXEC (s_mov_b64). */
static mir_temp exec_copy(isel_ctx *c) {
  mir_temp e = isel_tmp(c, mir_rc_s(2));
  mir_instr *m = isel_emit(c, ISA_S_MOV_B64, 1, 1);
  m->ops[0] = mir_op_fixed(MIR_PREG_EXEC, 2);
  m->defs[0] = mir_op_temp(e);
  return e;
}

/* read_register: a copy of the register (s_mov_b32/b64 from it). */
static int read_register(isel_ctx *c, LLVMValueRef ins) {
  mir_preg r;
  unsigned dw;
  bool hi;
  if (!named_register(c, ins, &r, &dw) || isel_type_bits(LLVMTypeOf(ins)) != 32 * dw) return 0;
  if (exec_half(c, r, dw, &hi)) {
    isel_set(c, ins, 0, isel_extract(c, exec_copy(c), hi, 1));
    return 1;
  }
  mir_temp d = isel_tmp(c, mir_rc_s(dw));
  mir_instr *m = isel_emit(c, dw == 2 ? ISA_S_MOV_B64 : ISA_S_MOV_B32, 1, 1);
  m->ops[0] = mir_op_fixed(r, dw);
  m->defs[0] = mir_op_temp(d);
  isel_set(c, ins, 0, d);
  return 1;
}

/* write_register: s_mov_b32/b64 into the register, the value read from
 * the first active lane when divergent (llc-19 does the same). */
static int write_register(isel_ctx *c, LLVMValueRef ins) {
  mir_preg r;
  unsigned dw;
  LLVMValueRef v = LLVMGetOperand(ins, 1);
  if (!named_register(c, ins, &r, &dw) || isel_type_bits(LLVMTypeOf(v)) != 32 * dw) return 0;
  mir_operand x = isel_get(c, v, 0);
  if (isel_opnd_is_vgpr(&x)) x = mir_op_temp(isel_to_sgpr(c, x, dw));
  bool hi;
  if (exec_half(c, r, dw, &hi)) { /* the other half kept: EXEC written whole */
    mir_temp e = exec_copy(c);
    mir_operand keep = mir_op_temp(isel_extract(c, e, hi ? 0 : 1, 1));
    x = mir_op_temp(isel_create2(c, hi ? keep : x, hi ? x : keep, false));
    r = MIR_PREG_EXEC;
    dw = 2;
  }
  mir_instr *m = isel_emit(c, dw == 2 ? ISA_S_MOV_B64 : ISA_S_MOV_B32, 1, 1);
  m->ops[0] = x;
  m->defs[0] = mir_op_fixed(r, dw);
  return 1;
}

/* llvm.amdgcn.lds.kernel.id in a kernel: the value of its
 * !llvm.amdgcn.lds.kernel.id !{i32 N} (llc-19 folds it); functions
 * receive it from their caller, which wavecc does not pass yet. */
static int lds_kernel_id(isel_ctx *c, LLVMValueRef ins) {
  if (c->p->is_function) return 0;
  static const char kind[] = "llvm.amdgcn.lds.kernel.id";
  unsigned kid = LLVMGetMDKindIDInContext(LLVMGetModuleContext(c->mod), kind, sizeof kind - 1);
  size_t n = 0;
  LLVMValueMetadataEntry *e = LLVMGlobalCopyAllMetadata(c->fn, &n);
  int ok = 0;
  for (size_t i = 0; i < n && !ok; i++) {
    if (LLVMValueMetadataEntriesGetKind(e, (unsigned)i) != kid) continue;
    LLVMValueRef mv = LLVMMetadataAsValue(LLVMGetModuleContext(c->mod), LLVMValueMetadataEntriesGetMetadata(e, (unsigned)i));
    LLVMValueRef op = NULL;
    if (LLVMGetMDNodeNumOperands(mv) == 1) LLVMGetMDNodeOperands(mv, &op);
    if (op && LLVMIsAConstantInt(op)) {
      isel_set(c, ins, 0, isel_to_sgpr(c, mir_op_const((uint32_t)LLVMConstIntGetZExtValue(op)), 1));
      ok = 1;
    }
  }
  if (e) LLVMDisposeValueMetadataEntries(e);
  return ok;
}

/* llvm.amdgcn.s.setreg(simm16, v): s_setreg_imm32_b32 (v constant) or
 * s_setreg_b32. A write of MODE that covers part of a 2-bit FP field
 * (llc-19 takes hwreg(MODE, 0, 3)) becomes a read-modify-write of the
 * whole fields, since the MODE pass (src/passes/mode.c) tracks fields. */
static int setreg(isel_ctx *c, LLVMValueRef ins, LLVMValueRef a0) {
  if (!LLVMIsAConstantInt(a0)) return 0;
  uint32_t h = (uint32_t)LLVMConstIntGetZExtValue(a0) & 0xffff;
  unsigned id = h & 63, off = (h >> 6) & 31, size = ((h >> 11) & 31) + 1, fp_end = 2 * ISA_MODE_NUM_FIELDS;
  mir_operand v = isel_get(c, LLVMGetOperand(ins, 1), 0);
  if (id == c->p->target->mode.hwreg_id && off < fp_end && (off % 2 || (size % 2 && off + size < fp_end))) {
    unsigned lo = off & ~1u, end = off + size;
    if (end < fp_end && end % 2) end++;
    uint32_t m = (size >= 32 ? 0xffffffffu : (1u << size) - 1) << (off - lo);
    h = id | lo << 6 | (end - lo - 1) << 11;
    if (isel_opnd_is_vgpr(&v)) v = mir_op_temp(isel_to_sgpr(c, v, 1));
    mir_temp nv = isel_s(c, ISA_S_LSHL_B32, 1, v, mir_op_const(off - lo));
    nv = isel_s(c, ISA_S_AND_B32, 1, mir_op_temp(nv), mir_op_const(m));
    mir_temp old = isel_s(c, ISA_S_AND_B32, 1, mir_op_temp(getreg(c, h)), mir_op_const(~m));
    v = mir_op_temp(isel_s(c, ISA_S_OR_B32, 1, mir_op_temp(old), mir_op_temp(nv)));
  }
  bool imm = v.kind == MIR_OPND_CONST;
  if (!imm && isel_opnd_is_vgpr(&v)) v = mir_op_temp(isel_to_sgpr(c, v, 1));
  mir_instr *w = isel_emit(c, imm ? ISA_S_SETREG_IMM32_B32 : ISA_S_SETREG_B32, 1, 0);
  w->offset = (int32_t)h;
  w->ops[0] = v;
  return 1;
}

int isel_hwregs_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  hwreg_intr k = (hwreg_intr)isel_intrinsic_key(h_names, H_NUM, id);
  if (k == H_NONE) return -1;
  const wavecc_target *t = c->p->target;
  LLVMValueRef a0 = LLVMGetNumArgOperands(ins) ? LLVMGetOperand(ins, 0) : NULL;
  switch (k) {
  case H_GETREG:
    if (!LLVMIsAConstantInt(a0)) return 0;
    isel_set(c, ins, 0, getreg(c, (uint32_t)LLVMConstIntGetZExtValue(a0)));
    return 1;
  case H_SETREG: return setreg(c, ins, a0);
  case H_GET_FPMODE: {
    if (isel_type_bits(LLVMTypeOf(ins)) != 32) return 0;
    mir_temp m = getreg(c, t->mode.hwreg_id | (uint32_t)(t->mode.fpmode_bits - 1) << 11);
    isel_set(c, ins, 0, isel_s(c, ISA_S_AND_B32, 1, mir_op_const(t->mode.fpmode_mask), mir_op_temp(m)));
    return 1;
  }
  case H_READ_REG: return read_register(c, ins);
  case H_WRITE_REG: return write_register(c, ins);
  case H_SETHALT: {
    if (!LLVMIsAConstantInt(a0)) return 0;
    mir_instr *h = isel_emit(c, ISA_S_SETHALT, 0, 0);
    h->offset = (int32_t)(LLVMConstIntGetZExtValue(a0) & 0xffff);
    return 1;
  }
  case H_ENDPGM: {
    /* the wave ends here, every lane; in a kernel a following
     * `unreachable` ends the program with the same s_endpgm */
    LLVMValueRef next = LLVMGetNextInstruction(ins);
    bool last = next && LLVMGetInstructionOpcode(next) == LLVMUnreachable && !c->p->is_function && !c->masked;
    if (!last) isel_emit(c, ISA_S_ENDPGM, 0, 0);
    return 1;
  }
  case H_RETADDR: {
    /* depth 0 of a function: the return address it received; a kernel
     * has none and deeper frames are not tracked (0, as llc-19) */
    if (!LLVMIsAConstantInt(a0) || isel_type_bits(LLVMTypeOf(ins)) != 64) return 0;
    bool own = c->p->is_function && LLVMConstIntGetZExtValue(a0) == 0 && c->ret_addr.id;
    mir_operand zero = mir_op_const(0);
    zero.size = 2;
    isel_set(c, ins, 0, own ? c->ret_addr : isel_to_sgpr(c, zero, 2));
    return 1;
  }
  case H_LDS_KERNEL_ID: return lds_kernel_id(c, ins);
  default: return -1;
  }
}
