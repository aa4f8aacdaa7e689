/* Scalar ALU: SOP1, SOP2, SOPK, SOPC, SOPP (Vega ISA guide chapter 5
 * "Scalar ALU Operations" and 12.x opcode descriptions). SCC results follow
 * the guide: carry/borrow for unsigned add/sub, signed overflow for
 * s_add_i32/s_sub_i32/s_addk_i32, "result != 0" for logic, shifts, bit
 * field ops and saveexec. */
#include <assert.h>
#include <string.h>

#include "emu/emu_internal.h"

/* Wait states needed between a write and a dependent read (Vega ISA guide
 * 4.5 "Manually Inserted Wait States (NOPs)"). */
static int hazard(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t when, unsigned need, const char *what) {
  if (!when) return 0;
  uint64_t between = w->ws - when - 1;
  if (between < need)
    return emu_fault(d, w, in, "hazard: %s needs %u wait states, only %llu present (insert s_nop)", what, need, (unsigned long long)between);
  return 0;
}

static uint32_t hwreg_read(emu_wave *w, unsigned id) {
  switch (id) {
  case 1: return w->mode;
  case 2: return w->scc | (w->exec ? 0 : 1u << 9) | 1u << 0; /* STATUS: approximate */
  case 3: return w->trapsts;
  case 4: return w->id_in_group & 0xf;
  case 15: return (uint32_t)((EMU_SHARED_APERTURE >> 48) << 16 | (EMU_PRIVATE_APERTURE >> 48));
  default: return 0;
  }
}

static int branch(emu_wave *w, const emu_inst *in, int taken) {
  w->pc += in->size;
  if (taken) w->pc += (int64_t)in->simm16 * 4;
  return 1; /* pc updated */
}

/* s_sendmsg / s_sendmsghalt (Vega ISA guide, "SEND_MSG" message types:
 * simm16 bits 3:0 the message, 6:4 its operation; M0 its data). A compute
 * wave can send MSG_INTERRUPT (1): the SQ raises an interrupt with M0's
 * data for the host (ROCm's KFD signals the event it names, if any) and
 * the wave goes on; the emulator has no host to interrupt, so the wave
 * just goes on. The others are graphics-stage messages (GS, GS_DONE,
 * ORDERED_PS_DONE, EARLY_PRIM_DEALLOC, GS_ALLOC_REQ) or the trap handler's
 * and the system's (SAVEWAVE, STALL_WAVE_GEN, HALT_WAVES, GET_DOORBELL,
 * SYSMSG): refused rather than guessed. s_sendmsghalt then halts the wave:
 * it stays resident until the host or a debugger resumes it, so the
 * dispatch never completes; the emulator reports that at once instead of
 * running into the watchdog. (MSG_DEALLOC_VGPRS is gfx11's.) */
static int sendmsg(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  static const char *const names[16] = {
      [1] = "MSG_INTERRUPT", [2] = "MSG_GS", [3] = "MSG_GS_DONE", [4] = "MSG_SAVEWAVE",
      [5] = "MSG_STALL_WAVE_GEN", [6] = "MSG_HALT_WAVES", [7] = "MSG_ORDERED_PS_DONE",
      [8] = "MSG_EARLY_PRIM_DEALLOC", [9] = "MSG_GS_ALLOC_REQ", [10] = "MSG_GET_DOORBELL", [15] = "MSG_SYSMSG"};
  unsigned id = (unsigned)in->simm16 & 0xf;
  const char *name = names[id] ? names[id] : "reserved";
  if (in->op == ISA_S_SENDMSGHALT)
    return emu_fault(d, w, in, "wave halted (message %u, %s; wave %u of its work-group): a halted wave never "
                     "finishes, so the dispatch cannot complete", id, name, w->id_in_group);
  if (id == 1) return 0;
  /* gfx11 MSG_DEALLOC_VGPRS: the wave gives its VGPRs back before
   * s_endpgm; a VGPR access after it is a fault. */
  if (d->tgt->msg_dealloc_vgprs && id == d->tgt->msg_dealloc_vgprs) { w->vgprs_released = 1; return 0; }
  return emu_fault(d, w, in, "message %u (%s) is not modelled: a compute wave's only message here is MSG_INTERRUPT (1)",
                   id, name);
}

/* s_trap N as ROCm's trap handler treats it (AMDGPUUsage "Trap Handler
 * ABI"): 3 (llvm.debugtrap) is a no-op without a debugger; 2 (llvm.trap)
 * halts the wave and puts the queue into the error state, a kernel fault
 * here; the other IDs are reserved or for the debugger: a fault too. */
static int trap(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  unsigned id = (unsigned)in->simm16 & 0xff;
  if (id == 3) return 0;
  if (id == 2) return emu_fault(d, w, in, "the kernel trapped (s_trap 2: llvm.trap)");
  return emu_fault(d, w, in, "s_trap %u: a trap ID without a handler here (2 is llvm.trap, 3 llvm.debugtrap)", id);
}

/* SOPP: s_nop, branches, s_waitcnt, s_barrier, messages, GPR index
 * mode. Returns as emu_exec_salu. */
static int exec_sopp(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  isa_op op = in->op;
  switch (op) {
  case ISA_S_NOP: w->ws += (uint64_t)(in->simm16 & 0xf); return 0;
  case ISA_S_ENDPGM: case ISA_S_ENDPGM_SAVED: w->done = 1; return 1;
  case ISA_S_BRANCH: return branch(w, in, 1);
  case ISA_S_CBRANCH_SCC0: return branch(w, in, w->scc == 0);
  case ISA_S_CBRANCH_SCC1: return branch(w, in, w->scc != 0);
  case ISA_S_CBRANCH_VCCZ: case ISA_S_CBRANCH_VCCNZ: {
    if (emu_sreg_check(d, w, in, OPC_VCC_LO, w->nlanes > 32 ? 2 : 1)) return -1;
    int z = emu_vcc_mask(w) == 0;
    return branch(w, in, op == ISA_S_CBRANCH_VCCZ ? z : !z);
  }
  case ISA_S_CBRANCH_EXECZ: return branch(w, in, w->exec == 0);
  case ISA_S_CBRANCH_EXECNZ: return branch(w, in, w->exec != 0);
  case ISA_S_BARRIER: w->at_barrier = 1; return 0;
  case ISA_S_WAITCNT: {
    unsigned s = (unsigned)in->simm16 & 0xffff;
    const wavecc_target *t = d->dev->tgt;
    return emu_wait(d, w, wavecc_waitcnt_get(t, WAVECC_CNT_VM, s), wavecc_waitcnt_get(t, WAVECC_CNT_LGKM, s));
  }
  case ISA_S_SENDMSG: case ISA_S_SENDMSGHALT:
    if (hazard(d, w, in, w->salu_m0_write, d->dev->tgt->hazard_waits[WAVECC_HZ_SALU_M0],
               "SALU write of M0 followed by s_sendmsg"))
      return -1;
    return sendmsg(d, w, in);
  case ISA_S_SET_GPR_IDX_OFF: w->gpr_idx_on = 0; return 0;
  case ISA_S_SET_GPR_IDX_MODE: w->gpr_idx_mode = (uint32_t)in->simm16 & 0xf; return 0;
  case ISA_S_SLEEP: case ISA_S_SETPRIO: case ISA_S_INCPERFLEVEL: case ISA_S_DECPERFLEVEL: return 0;
  case ISA_S_SETHALT:
    /* bit 0 halts the wave until a debugger resumes it (Vega ISA guide,
     * "S_SETHALT"): the emulator has none, so a halt is reported rather
     * than hung on; 0 resumes, a no-op for a running wave */
    if (in->simm16 & 1) return emu_fault(d, w, in, "s_sethalt halts the wave (nothing can resume it)");
    return 0;
  case ISA_S_TRAP: return trap(d, w, in);
  /* RDNA hints with no effect on results: instruction clauses, prefetch,
   * gfx11's ALU dependency delays (performance only, RDNA 3 guide
   * "S_DELAY_ALU"); s_waitcnt_depctr waits for VALU/SALU results the
   * emulator has already written. */
  case ISA_S_CLAUSE: case ISA_S_INST_PREFETCH: case ISA_S_DELAY_ALU: case ISA_S_WAITCNT_DEPCTR: return 0;
  case ISA_S_ROUND_MODE: case ISA_S_DENORM_MODE: { /* MODE's 4-bit FP_ROUND / FP_DENORM field */
    const wavecc_mode_layout *ml = &d->dev->tgt->mode;
    unsigned sh = op == ISA_S_ROUND_MODE ? ml->fp_round_shift : ml->fp_denorm_shift;
    w->mode = (w->mode & ~(0xfu << sh)) | ((uint32_t)in->simm16 & 0xf) << sh;
    return 0;
  }
  case ISA_S_CODE_END: return emu_fault(d, w, in, "executed s_code_end (the padding after the program)");
  default: return emu_fault(d, w, in, "SOPP instruction not implemented");
  }
}

/* SOPK: 16-bit-immediate moves, compares and arithmetic, s_getreg and
 * s_setreg. Returns as emu_exec_salu. */
static int exec_sopk(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  int err = 0;
  isa_op op = in->op;
  int32_t k = in->simm16;
  uint32_t ku = (uint32_t)in->simm16 & 0xffff;
  switch (op) {
  case ISA_S_MOVK_I32: return emu_swrite(d, w, in, in->dst, (uint32_t)k);
  case ISA_S_WAITCNT_VSCNT: case ISA_S_WAITCNT_VMCNT: case ISA_S_WAITCNT_LGKMCNT: case ISA_S_WAITCNT_EXPCNT: {
    /* RDNA one-counter waits: count = SGPR (NULL: 0) + simm16 (RDNA 2 guide, "S_WAITCNT_VSCNT") */
    uint32_t base = emu_sread(d, w, in, in->dst, &err);
    if (err) return -1;
    uint64_t n = (uint64_t)base + ku;
    if (op == ISA_S_WAITCNT_EXPCNT) return 0; /* no exports or GDS */
    unsigned kind = op == ISA_S_WAITCNT_VSCNT ? EMU_PEND_VS : op == ISA_S_WAITCNT_VMCNT ? EMU_PEND_VM : EMU_PEND_LGKM;
    return emu_wait_counter(d, w, kind, n > 0xffff ? 0xffff : (unsigned)n);
  }
  case ISA_S_CMOVK_I32: return w->scc ? emu_swrite(d, w, in, in->dst, (uint32_t)k) : 0;
  case ISA_S_GETREG_B32: {
    if (hazard(d, w, in, w->setreg_time, d->dev->tgt->hazard_waits[WAVECC_HZ_SETREG], "s_setreg followed by s_getreg")) return -1;
    unsigned id = ku & 0x3f, off = (ku >> 6) & 31, size = ((ku >> 11) & 31) + 1;
    uint32_t v = hwreg_read(w, id) >> off;
    if (size < 32) v &= (1u << size) - 1;
    return emu_swrite(d, w, in, in->dst, v);
  }
  case ISA_S_SETREG_B32: case ISA_S_SETREG_IMM32_B32: {
    if (hazard(d, w, in, w->setreg_time, d->dev->tgt->hazard_waits[WAVECC_HZ_SETREG], "s_setreg followed by s_setreg")) return -1;
    unsigned id = ku & 0x3f, off = (ku >> 6) & 31, size = ((ku >> 11) & 31) + 1;
    uint32_t v = op == ISA_S_SETREG_IMM32_B32 ? in->literal : emu_sread(d, w, in, in->dst, &err);
    if (err) return -1;
    uint32_t m = (size >= 32 ? 0xffffffffu : ((1u << size) - 1)) << off;
    const wavecc_target *t = d->tgt;
    if (id == 1) w->mode = (w->mode & ~m) | ((v << off) & m);
    else if (id == 3) w->trapsts = (w->trapsts & ~m) | ((v << off) & m);
    else if (t->flat_scratch_init == WAVECC_FS_SETREG && (id == t->flat_scratch_hwreg || id == t->flat_scratch_hwreg + 1)) {
      unsigned sh = id == t->flat_scratch_hwreg ? 0 : 32;
      uint64_t cur = (uint32_t)(w->flat_scratch >> sh);
      cur = (cur & ~m) | ((v << off) & m);
      w->flat_scratch = (w->flat_scratch & ~(0xffffffffull << sh)) | cur << sh;
      w->flat_scratch_set |= (uint8_t)(id == t->flat_scratch_hwreg ? 1 : 2);
    }
    else return emu_fault(d, w, in, "s_setreg of hardware register %u is not supported", id);
    w->setreg_time = w->ws;
    return 0;
  }
  default: break;
  }
  uint32_t s0 = emu_sread(d, w, in, in->dst, &err);
  if (err) return -1;
  switch (op) {
  case ISA_S_CMPK_EQ_I32: w->scc = (int32_t)s0 == k; return 0;
  case ISA_S_CMPK_LG_I32: w->scc = (int32_t)s0 != k; return 0;
  case ISA_S_CMPK_GT_I32: w->scc = (int32_t)s0 > k; return 0;
  case ISA_S_CMPK_GE_I32: w->scc = (int32_t)s0 >= k; return 0;
  case ISA_S_CMPK_LT_I32: w->scc = (int32_t)s0 < k; return 0;
  case ISA_S_CMPK_LE_I32: w->scc = (int32_t)s0 <= k; return 0;
  case ISA_S_CMPK_EQ_U32: w->scc = s0 == ku; return 0;
  case ISA_S_CMPK_LG_U32: w->scc = s0 != ku; return 0;
  case ISA_S_CMPK_GT_U32: w->scc = s0 > ku; return 0;
  case ISA_S_CMPK_GE_U32: w->scc = s0 >= ku; return 0;
  case ISA_S_CMPK_LT_U32: w->scc = s0 < ku; return 0;
  case ISA_S_CMPK_LE_U32: w->scc = s0 <= ku; return 0;
  case ISA_S_ADDK_I32: {
    int64_t t = (int64_t)(int32_t)s0 + k;
    w->scc = t != (int32_t)t;
    return emu_swrite(d, w, in, in->dst, (uint32_t)t);
  }
  case ISA_S_MULK_I32: return emu_swrite(d, w, in, in->dst, (uint32_t)((int64_t)(int32_t)s0 * k));
  default: return emu_fault(d, w, in, "SOPK instruction not implemented");
  }
}

/* s_set_gpr_idx_on/idx and the program-counter moves s_getpc, s_setpc,
 * s_swappc. Returns as emu_exec_salu. */
static int exec_index_pc(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  int err = 0;
  isa_op op = in->op;
  if (op == ISA_S_SET_GPR_IDX_ON) {
    uint32_t v = emu_sread(d, w, in, in->src[0], &err);
    if (err) return -1;
    w->gpr_idx_on = 1; w->gpr_idx = v & 0xff; w->gpr_idx_mode = in->src[1] & 0xf;
    /* The index and mode also live in M0 on gfx9. */
    w->s[OPC_M0] = (w->s[OPC_M0] & ~0xf0ffu) | (v & 0xff) | (uint32_t)(in->src[1] & 0xf) << 12;
    w->sinit[OPC_M0] = 1;
    w->salu_m0_write = w->ws;
    return 0;
  }
  if (op == ISA_S_SET_GPR_IDX_IDX) {
    uint32_t v = emu_sread(d, w, in, in->src[0], &err);
    if (err) return -1;
    w->gpr_idx = v & 0xff;
    return 0;
  }
  if (op == ISA_S_GETPC_B64) return emu_swrite64(d, w, in, in->dst, w->pc + in->size);
  if (op == ISA_S_SETPC_B64 || op == ISA_S_SWAPPC_B64) {
    uint64_t t = emu_sread64(d, w, in, in->src[0], &err);
    if (err) return -1;
    if (op == ISA_S_SWAPPC_B64 && emu_swrite64(d, w, in, in->dst, w->pc + in->size)) return -1;
    /* Calls and returns, for the depth a stack overflow reports (a tail
     * call through s_setpc_b64 makes it an estimate). */
    if (op == ISA_S_SWAPPC_B64) w->call_depth++;
    else if (w->call_depth) w->call_depth--;
    w->pc = t;
    return 1;
  }
  assert(!"exec_index_pc: not an index or pc instruction");
  return -1;
}

/* s_*_saveexec_b64/_b32: writes the old EXEC to the destination, sets
 * EXEC from the operation on A and the old EXEC, and SCC to EXEC != 0.
 * s_andn{1,2}_wrexec (RDNA): the same EXEC, but the destination gets the
 * new EXEC. The _b32 forms work on EXEC_LO (a wave32 wave's EXEC). */
static int saveexec(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t a) {
  isa_op op = in->op;
  bool b32 = isa_table[op].sig[1] == '1'; /* "s1;a1": the 32-bit forms */
  if ((b32 ? 32u : 64u) != (w->nlanes > 32 ? 64u : 32u)) /* its mask would not be the wave's EXEC */
    return emu_fault(d, w, in, "a %u-bit lane-mask operation in a wave%u wave", b32 ? 32u : 64u, w->nlanes);
  uint64_t keep = b32 ? 0xffffffffull : ~0ull;
  uint64_t e = w->exec & keep, n;
  switch (op) {
  case ISA_S_AND_SAVEEXEC_B64: case ISA_S_AND_SAVEEXEC_B32: n = a & e; break;
  case ISA_S_OR_SAVEEXEC_B64: case ISA_S_OR_SAVEEXEC_B32: n = a | e; break;
  case ISA_S_XOR_SAVEEXEC_B64: case ISA_S_XOR_SAVEEXEC_B32: n = a ^ e; break;
  case ISA_S_ANDN2_SAVEEXEC_B64: case ISA_S_ANDN2_SAVEEXEC_B32: n = a & ~e; break;
  case ISA_S_ORN2_SAVEEXEC_B64: case ISA_S_ORN2_SAVEEXEC_B32: n = a | ~e; break;
  case ISA_S_NAND_SAVEEXEC_B64: case ISA_S_NAND_SAVEEXEC_B32: n = ~(a & e); break;
  case ISA_S_NOR_SAVEEXEC_B64: case ISA_S_NOR_SAVEEXEC_B32: n = ~(a | e); break;
  case ISA_S_XNOR_SAVEEXEC_B64: case ISA_S_XNOR_SAVEEXEC_B32: n = ~(a ^ e); break;
  case ISA_S_ANDN1_SAVEEXEC_B64: case ISA_S_ANDN1_SAVEEXEC_B32: case ISA_S_ANDN1_WREXEC_B64: case ISA_S_ANDN1_WREXEC_B32:
    n = ~a & e; break;
  case ISA_S_ANDN2_WREXEC_B64: case ISA_S_ANDN2_WREXEC_B32: n = a & ~e; break;
  default: n = ~a | e; break;
  }
  n &= keep;
  bool wrexec = op == ISA_S_ANDN1_WREXEC_B64 || op == ISA_S_ANDN1_WREXEC_B32 || op == ISA_S_ANDN2_WREXEC_B64 ||
                op == ISA_S_ANDN2_WREXEC_B32;
  uint64_t dv = wrexec ? n : e;
  if (b32 ? emu_swrite(d, w, in, in->dst, (uint32_t)dv) : emu_swrite64(d, w, in, in->dst, dv)) return -1;
  w->exec = (w->exec & ~keep) | n;
  w->scc = n != 0;
  return 0;
}

/* SOPC compares: the SCC they set (0 or 1) from operands A and B, or -1
 * when OP is not one. */
static int sopc_compare(isa_op op, uint64_t a, uint64_t b) {
  uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b;
  switch (op) {
  case ISA_S_CMP_EQ_I32: case ISA_S_CMP_EQ_U32: return a32 == b32;
  case ISA_S_CMP_LG_I32: case ISA_S_CMP_LG_U32: return a32 != b32;
  case ISA_S_CMP_GT_I32: return (int32_t)a32 > (int32_t)b32;
  case ISA_S_CMP_GE_I32: return (int32_t)a32 >= (int32_t)b32;
  case ISA_S_CMP_LT_I32: return (int32_t)a32 < (int32_t)b32;
  case ISA_S_CMP_LE_I32: return (int32_t)a32 <= (int32_t)b32;
  case ISA_S_CMP_GT_U32: return a32 > b32;
  case ISA_S_CMP_GE_U32: return a32 >= b32;
  case ISA_S_CMP_LT_U32: return a32 < b32;
  case ISA_S_CMP_LE_U32: return a32 <= b32;
  case ISA_S_CMP_EQ_U64: return a == b;
  case ISA_S_CMP_LG_U64: return a != b;
  case ISA_S_BITCMP0_B32: return ((a32 >> (b32 & 31)) & 1) == 0;
  case ISA_S_BITCMP1_B32: return ((a32 >> (b32 & 31)) & 1) != 0;
  case ISA_S_BITCMP0_B64: return ((a >> (b32 & 63)) & 1) == 0;
  case ISA_S_BITCMP1_B64: return ((a >> (b32 & 63)) & 1) != 0;
  default: return -1;
  }
}

/* Executes one scalar instruction. Returns 0 (advance pc), 1 (pc set), -1 fault. */
int emu_exec_salu(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  const emu_opshape *sh = &d->dev->shape[in->op];
  int err = 0;
  uint64_t a = 0, b = 0, r = 0;
  int scc = -1;
  int w64 = 0;
  isa_op op = in->op;

  if (in->fmt == ISA_FMT_SOPP) return exec_sopp(d, w, in);

  if (in->fmt == ISA_FMT_SOPK) return exec_sopk(d, w, in);

  if (op == ISA_S_SET_GPR_IDX_ON || op == ISA_S_SET_GPR_IDX_IDX || op == ISA_S_GETPC_B64 || op == ISA_S_SETPC_B64 ||
      op == ISA_S_SWAPPC_B64)
    return exec_index_pc(d, w, in);

  /* Operand widths from the signature. */
  unsigned wa = sh->nuses > 0 ? sh->usew[0] : 1, wb = sh->nuses > 1 ? sh->usew[1] : 1;
  w64 = sh->ndefs && sh->defw[0] == 2;
  if (sh->nuses > 0 && op != ISA_S_BITSET0_B32 && op != ISA_S_BITSET1_B32 && op != ISA_S_BITSET0_B64 && op != ISA_S_BITSET1_B64 &&
      op != ISA_S_MOVRELS_B32 && op != ISA_S_MOVRELS_B64) {
    a = wa == 2 ? emu_sread64(d, w, in, in->src[0], &err) : emu_sread(d, w, in, in->src[0], &err);
    if (err) return -1;
  }
  if (sh->nuses > 1) {
    b = wb == 2 ? emu_sread64(d, w, in, in->src[1], &err) : emu_sread(d, w, in, in->src[1], &err);
    if (err) return -1;
  }
  uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b;
  uint64_t mask = w64 ? ~0ull : 0xffffffffull;
  switch (op) {
  /* SOP1 */
  case ISA_S_MOV_B32: case ISA_S_MOV_B64: r = a; break;
  case ISA_S_CMOV_B32: case ISA_S_CMOV_B64: if (!w->scc) return 0; r = a; break;
  case ISA_S_NOT_B32: case ISA_S_NOT_B64: r = ~a & mask; scc = r != 0; break;
  case ISA_S_BREV_B32: { uint32_t x = a32, y = 0; for (int i = 0; i < 32; i++) y |= ((x >> i) & 1u) << (31 - i); r = y; break; }
  case ISA_S_BREV_B64: { uint64_t y = 0; for (int i = 0; i < 64; i++) y |= ((a >> i) & 1ull) << (63 - i); r = y; break; }
  case ISA_S_BCNT0_I32_B32: r = 32 - (unsigned)__builtin_popcount(a32); scc = r != 0; break;
  case ISA_S_BCNT0_I32_B64: r = 64 - (unsigned)popc64(a); scc = r != 0; break;
  case ISA_S_BCNT1_I32_B32: r = (unsigned)__builtin_popcount(a32); scc = r != 0; break;
  case ISA_S_BCNT1_I32_B64: r = (unsigned)popc64(a); scc = r != 0; break;
  case ISA_S_FF0_I32_B32: r = ~a32 ? (unsigned)__builtin_ctz(~a32) : 0xffffffffu; break;
  case ISA_S_FF0_I32_B64: r = ~a ? (unsigned)__builtin_ctzll(~a) : 0xffffffffu; break;
  case ISA_S_FF1_I32_B32: r = a32 ? (unsigned)__builtin_ctz(a32) : 0xffffffffu; break;
  case ISA_S_FF1_I32_B64: r = a ? (unsigned)__builtin_ctzll(a) : 0xffffffffu; break;
  case ISA_S_FLBIT_I32_B32: r = a32 ? (unsigned)__builtin_clz(a32) : 0xffffffffu; break;
  case ISA_S_FLBIT_I32_B64: r = a ? (unsigned)__builtin_clzll(a) : 0xffffffffu; break;
  case ISA_S_FLBIT_I32: { uint32_t x = (int32_t)a32 < 0 ? ~a32 : a32; r = (a32 == 0 || a32 == 0xffffffffu) ? 0xffffffffu : (unsigned)__builtin_clz(x); break; }
  case ISA_S_FLBIT_I32_I64: { uint64_t x = (int64_t)a < 0 ? ~a : a; r = (a == 0 || a == ~0ull) ? 0xffffffffu : (unsigned)__builtin_clzll(x); break; }
  case ISA_S_SEXT_I32_I8: r = (uint32_t)(int32_t)(int8_t)a32; break;
  case ISA_S_SEXT_I32_I16: r = (uint32_t)(int32_t)(int16_t)a32; break;
  case ISA_S_BITSET0_B32: case ISA_S_BITSET1_B32: case ISA_S_BITSET0_B64: case ISA_S_BITSET1_B64: {
    uint32_t bit = emu_sread(d, w, in, in->src[0], &err);
    if (err) return -1;
    int is64 = op == ISA_S_BITSET0_B64 || op == ISA_S_BITSET1_B64;
    uint64_t cur = is64 ? w->s[in->dst] | (uint64_t)w->s[(in->dst + 1) % EMU_NUM_SGPR] << 32 : w->s[in->dst];
    uint64_t m = 1ull << (bit & (is64 ? 63 : 31));
    r = (op == ISA_S_BITSET1_B32 || op == ISA_S_BITSET1_B64) ? cur | m : cur & ~m;
    w64 = is64;
    break;
  }
  case ISA_S_ABS_I32: r = (uint32_t)((int32_t)a32 < 0 ? -(int64_t)(int32_t)a32 : a32); scc = (uint32_t)r != 0; break;
  case ISA_S_AND_SAVEEXEC_B64: case ISA_S_OR_SAVEEXEC_B64: case ISA_S_XOR_SAVEEXEC_B64: case ISA_S_ANDN2_SAVEEXEC_B64:
  case ISA_S_ORN2_SAVEEXEC_B64: case ISA_S_NAND_SAVEEXEC_B64: case ISA_S_NOR_SAVEEXEC_B64: case ISA_S_XNOR_SAVEEXEC_B64:
  case ISA_S_ANDN1_SAVEEXEC_B64: case ISA_S_ORN1_SAVEEXEC_B64: case ISA_S_AND_SAVEEXEC_B32: case ISA_S_OR_SAVEEXEC_B32:
  case ISA_S_XOR_SAVEEXEC_B32: case ISA_S_ANDN2_SAVEEXEC_B32: case ISA_S_ORN2_SAVEEXEC_B32: case ISA_S_NAND_SAVEEXEC_B32:
  case ISA_S_NOR_SAVEEXEC_B32: case ISA_S_XNOR_SAVEEXEC_B32: case ISA_S_ANDN1_SAVEEXEC_B32: case ISA_S_ORN1_SAVEEXEC_B32:
  case ISA_S_ANDN1_WREXEC_B32: case ISA_S_ANDN1_WREXEC_B64: case ISA_S_ANDN2_WREXEC_B32: case ISA_S_ANDN2_WREXEC_B64:
    return saveexec(d, w, in, a);
  case ISA_S_MOVRELS_B32: case ISA_S_MOVRELS_B64: {
    if (hazard(d, w, in, w->salu_m0_write, d->dev->tgt->hazard_waits[WAVECC_HZ_SALU_M0], "SALU write of M0 followed by s_movrel")) return -1;
    unsigned src = in->src[0] + w->s[OPC_M0];
    if (src >= d->dev->tgt->addressable_sgprs) return emu_fault(d, w, in, "relative source s%u out of range", src);
    r = op == ISA_S_MOVRELS_B64 ? emu_sread64(d, w, in, src, &err) : emu_sread(d, w, in, src, &err);
    if (err) return -1;
    break;
  }
  case ISA_S_MOVRELD_B32: case ISA_S_MOVRELD_B64: {
    if (hazard(d, w, in, w->salu_m0_write, d->dev->tgt->hazard_waits[WAVECC_HZ_SALU_M0], "SALU write of M0 followed by s_movrel")) return -1;
    unsigned dst = in->dst + w->s[OPC_M0];
    if (dst >= d->dev->tgt->addressable_sgprs) return emu_fault(d, w, in, "relative destination s%u out of range", dst);
    return w64 ? emu_swrite64(d, w, in, dst, a) : emu_swrite(d, w, in, dst, (uint32_t)a);
  }
  /* SOP2 */
  case ISA_S_ADD_U32: r = (uint64_t)a32 + b32; scc = r >> 32; r &= 0xffffffffu; break;
  case ISA_S_SUB_U32: r = (uint32_t)(a32 - b32); scc = b32 > a32; break;
  case ISA_S_ADD_I32: { int64_t t = (int64_t)(int32_t)a32 + (int32_t)b32; r = (uint32_t)t; scc = t != (int32_t)t; break; }
  case ISA_S_SUB_I32: { int64_t t = (int64_t)(int32_t)a32 - (int32_t)b32; r = (uint32_t)t; scc = t != (int32_t)t; break; }
  case ISA_S_ADDC_U32: r = (uint64_t)a32 + b32 + w->scc; scc = r >> 32; r &= 0xffffffffu; break;
  case ISA_S_SUBB_U32: { uint64_t t = (uint64_t)b32 + w->scc; r = (uint32_t)(a32 - t); scc = t > a32; break; }
  case ISA_S_MIN_I32: scc = (int32_t)a32 < (int32_t)b32; r = scc ? a32 : b32; break;
  case ISA_S_MIN_U32: scc = a32 < b32; r = scc ? a32 : b32; break;
  case ISA_S_MAX_I32: scc = (int32_t)a32 > (int32_t)b32; r = scc ? a32 : b32; break;
  case ISA_S_MAX_U32: scc = a32 > b32; r = scc ? a32 : b32; break;
  case ISA_S_CSELECT_B32: case ISA_S_CSELECT_B64: r = w->scc ? a : b; break;
  case ISA_S_AND_B32: case ISA_S_AND_B64: r = a & b; scc = r != 0; break;
  case ISA_S_OR_B32: case ISA_S_OR_B64: r = a | b; scc = r != 0; break;
  case ISA_S_XOR_B32: case ISA_S_XOR_B64: r = a ^ b; scc = r != 0; break;
  case ISA_S_ANDN2_B32: case ISA_S_ANDN2_B64: r = a & ~b & mask; scc = r != 0; break;
  case ISA_S_ORN2_B32: case ISA_S_ORN2_B64: r = (a | ~b) & mask; scc = r != 0; break;
  case ISA_S_NAND_B32: case ISA_S_NAND_B64: r = ~(a & b) & mask; scc = r != 0; break;
  case ISA_S_NOR_B32: case ISA_S_NOR_B64: r = ~(a | b) & mask; scc = r != 0; break;
  case ISA_S_XNOR_B32: case ISA_S_XNOR_B64: r = ~(a ^ b) & mask; scc = r != 0; break;
  case ISA_S_LSHL_B32: r = (uint32_t)(a32 << (b32 & 31)); scc = r != 0; break;
  case ISA_S_LSHL_B64: r = a << (b32 & 63); scc = r != 0; break;
  case ISA_S_LSHR_B32: r = a32 >> (b32 & 31); scc = r != 0; break;
  case ISA_S_LSHR_B64: r = a >> (b32 & 63); scc = r != 0; break;
  case ISA_S_ASHR_I32: r = (uint32_t)((int32_t)a32 >> (b32 & 31)); scc = r != 0; break;
  case ISA_S_ASHR_I64: r = (uint64_t)((int64_t)a >> (b32 & 63)); scc = r != 0; break;
  case ISA_S_BFM_B32: r = (uint32_t)(((1ull << (a32 & 31)) - 1) << (b32 & 31)); break;
  case ISA_S_BFM_B64: r = (((a32 & 63) == 0 ? 0 : (~0ull >> (64 - (a32 & 63))))) << (b32 & 63); break;
  case ISA_S_MUL_I32: r = (uint32_t)((int64_t)(int32_t)a32 * (int32_t)b32); break;
  case ISA_S_MUL_HI_U32: r = ((uint64_t)a32 * b32) >> 32; break;
  case ISA_S_MUL_HI_I32: r = (uint32_t)(((int64_t)(int32_t)a32 * (int32_t)b32) >> 32); break;
  case ISA_S_BFE_U32: case ISA_S_BFE_I32: {
    unsigned off = b32 & 31, wd = (b32 >> 16) & 0x7f;
    uint32_t x = a32 >> off;
    if (wd == 0) x = 0;
    else if (wd < 32) { x &= (1u << wd) - 1; if (op == ISA_S_BFE_I32 && (x >> (wd - 1)) & 1) x |= ~0u << wd; }
    r = x; scc = r != 0; break;
  }
  case ISA_S_BFE_U64: case ISA_S_BFE_I64: {
    unsigned off = b32 & 63, wd = (b32 >> 16) & 0x7f;
    uint64_t x = a >> off;
    if (wd == 0) x = 0;
    else if (wd < 64) { x &= (1ull << wd) - 1; if (op == ISA_S_BFE_I64 && (x >> (wd - 1)) & 1) x |= ~0ull << wd; }
    r = x; scc = r != 0; break;
  }
  case ISA_S_ABSDIFF_I32: { int64_t t = (int64_t)(int32_t)a32 - (int32_t)b32; if (t < 0) t = -t; r = (uint32_t)t; scc = r != 0; break; }
  case ISA_S_LSHL1_ADD_U32: case ISA_S_LSHL2_ADD_U32: case ISA_S_LSHL3_ADD_U32: case ISA_S_LSHL4_ADD_U32: {
    unsigned sft = op == ISA_S_LSHL1_ADD_U32 ? 1 : op == ISA_S_LSHL2_ADD_U32 ? 2 : op == ISA_S_LSHL3_ADD_U32 ? 3 : 4;
    uint64_t t = ((uint64_t)a32 << sft) + b32;
    r = (uint32_t)t; scc = t >> 32 != 0; break;
  }
  case ISA_S_PACK_LL_B32_B16: r = (a32 & 0xffff) | (b32 & 0xffff) << 16; break;
  case ISA_S_PACK_LH_B32_B16: r = (a32 & 0xffff) | (b32 & 0xffff0000u); break;
  case ISA_S_PACK_HH_B32_B16: r = (a32 >> 16) | (b32 & 0xffff0000u); break;
  case ISA_S_PACK_HL_B32_B16: r = (a32 >> 16) | (b32 << 16); break; /* GFX11: {S1[15:0], S0[31:16]} */
  default: {
    /* SOPC: compares set SCC only. */
    int c = sopc_compare(op, a, b);
    if (c < 0) return emu_fault(d, w, in, "scalar instruction not implemented by the emulator");
    w->scc = (uint32_t)c;
    return 0;
  }
  }
  if (scc >= 0) w->scc = (uint32_t)scc;
  if (in->dst == OPC_M0) w->salu_m0_write = w->ws;
  return w64 ? emu_swrite64(d, w, in, in->dst, r) : emu_swrite(d, w, in, in->dst, (uint32_t)r);
}
