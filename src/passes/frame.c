/* Stack frames and the call/return sequences of the calling convention
 * (src/isel/isel_calls.c has the register conventions: SP below is s32,
 * RA s[30:31], or s6 and s[4:5] in the compact layout), after register
 * allocation and SSA elimination, on physical registers.
 *
 * Frame of a program, bytes per lane from its frame base (a function's
 * SP at entry; a kernel's, after it added its wave offset to the V#'s
 * base once at entry: 0):
 *   [0, A)        allocas (isel), then spill slots (the spiller raises
 *                 abi.private_segment_size past them)
 *   [A, A + 4n)   a function's saved registers: each VGPR it writes
 *                 above the ones it may clobber (find_saved), all 64
 *                 lanes, then the SGPRs it writes outside the SGPR
 *                 region, 64 per VGPR's lanes, then the argument and
 *                 result VGPRs it writes in lanes EXEC does not select
 *                 (low_lanes), all 64 lanes
 * frame_size = the total rounded to 16; a callee's frame starts there.
 *
 * Prologue (at a function's entry, before the copies out of its inputs):
 *   s_or_saveexec_b64 vcc, -1              VCC is clobbered by calls
 *   buffer_store_dword vK, off, s[0:3], SP offset:..   each saved VGPR
 *   v_writelane_b32 vT, sK, lane ...       SGPRs into a saved VGPR's lanes
 *   buffer_store_dword vT, off, s[0:3], SP offset:..   (not when the
 *                            function never writes vT: they stay there)
 *   s_mov_b64 exec, vcc
 * p_return becomes the epilogue (the same in reverse, loads, then
 * s_waitcnt 0 so the caller sees no outstanding memory operation) and
 * s_setpc_b64 RA; low_lanes are loaded last, under s_not_b64 exec, vcc
 * (only the lanes the call does not run: the others hold its results). A calling kernel starts with kernel_prologue (the wave
 * offset into the V#'s base, SP = F*64). p_call becomes
 *   s_add_u32 SP, SP, F*64 (function)  |  s_mov_b32 SP, F*64 (a kernel
 *                                         whose SP is an input register)
 *   s_waitcnt 0                            nothing outstanding at entry
 *   s_swappc_b64 RA, target
 *   s_sub_u32 SP, SP, F*64 (function)
 * and where EXEC may be empty (frame_exec.c) the s_swappc_b64 is guarded:
 *   s_getpc_b64 RA; s_add_u32 RA.lo, RA.lo, 20; s_addc_u32 RA.hi, RA.hi, 0
 *   s_cmp_lg_u64 exec, 0; s_cselect_b64 RA, target, RA
 *   s_swappc_b64 RA, RA                 (EXEC = 0: "calls" the next one)
 * Arguments past the VGPR ones were stored by isel through an
 * `s_add_u32 sN, base, 0` marked MIR_OFFSET_FRAME_SIZE: its constant
 * becomes F*64 here.
 * Written for wave64 above; a wave32 target has 32 where 64 is the lane
 * count (F*32, SGPR chunks of 32 lanes) and the _b32 forms on exec_lo and
 * vcc_lo (wave_size, mir_lane_op).
 * The whole wave of each saved VGPR is stored because the caller may hold
 * values in lanes this call does not run (a VGPR live in a divergent
 * region); the MUBUF offset field (12 bits) limits the frame to 4 KiB.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "ra/ra.h"
#include "emit/encode.h"
#include "target/isa.h"

typedef struct frame_ctx {
  mir_program *p;
  diag *d;
  uint8_t saved[512];     /* registers (preg numbering) a function must save */
  mir_preg vgprs[256], sgprs[MIR_MAX_SGPRS];
  unsigned nv, ns;
  mir_preg low_lanes[256]; /* argument/result VGPRs it writes in lanes EXEC does not select (find_saved) */
  unsigned nl;
  mir_preg lanes_vgpr;    /* the saved VGPR that carries SGPRs */
  bool lanes_kept;        /* the function never writes it: the SGPRs stay in its lanes throughout */
  uint32_t csr_base;      /* byte offset of the save area */
  uint32_t xsave_base;    /* a kernel's: where the VGPRs an external call may clobber are saved */
  bool sp_per_call;       /* a kernel whose SP is an input register: set before each call */
  /* Lane bytes the save areas' accesses take from the SP instead of the
   * MUBUF offset field (12 bits): 0 when the frame fits 4 KiB; else SP
   * is moved by that much around them (a function: s_add/s_sub; a
   * calling kernel, whose frame base is 0: s_mov of it, then back to the
   * callees' frame start), so slots past 4 KiB of allocas stay in reach,
   * as llc-19 does with an SGPR soffset. */
  uint32_t shift;
} frame_ctx;

/* Does AMDGPUUsage let a callee clobber v`r`? (v0-v39, then v48-v55,
 * v64-v71, ...: all but eight of every sixteen above v39.) */
static bool llc_clobbers_vgpr(unsigned r) { return r < 40 || (r - 40) % 16 >= 8; }

/* The VGPRs a kernel uses from `from` on that an external callee may
 * clobber, into `out`; returns how many. */
static unsigned external_clobbered(const mir_program *p, unsigned from, mir_preg *out) {
  unsigned n = 0;
  for (unsigned r = from; r < p->num_vgprs_used; r++)
    if (llc_clobbers_vgpr(r)) out[n++] = MIR_PREG_VGPR(r);
  return n;
}


static mir_instr *sop(mir_program *p, unsigned op, unsigned nops, unsigned ndefs) {
  return mir_instr_create(p, op, nops, ndefs);
}

static mir_instr *waitcnt0(mir_program *p) {
  mir_instr *w = sop(p, ISA_S_WAITCNT, 0, 0);
  w->offset = 0;
  return w;
}

#define SP mir_op_fixed(MIR_PREG_SGPR(p->abi.call_sp_sgpr), 1)

/* buffer_{store,load}_dword v, off, s[0:3], soff offset:off (soff a
 * register or the constant 0); scratch_{store,load}_dword v, off,
 * soff|off offset:off with architected flat scratch (mir_scratch_access) */
static mir_instr *scratch_dword(mir_program *p, bool store, mir_operand soff, mir_preg v, uint32_t off) {
  mir_operand none = {.kind = MIR_OPND_NONE, .preg = MIR_PREG_NONE};
  return mir_scratch_access(p, store ? ISA_BUFFER_STORE_DWORD : ISA_BUFFER_LOAD_DWORD, mir_op_fixed(v, 1), none,
                            mir_op_fixed(MIR_PREG_SGPR(0), 4), soff, (int32_t)off);
}

/* Frame bytes per lane in the stack pointer's unit (wavecc_sp_log2:
 * per wave with MUBUF, per lane with flat scratch). */
static uint32_t sp_bytes(const mir_program *p, uint32_t lane_bytes) { return lane_bytes << wavecc_sp_log2(p->target); }

static mir_instr *lane_op(mir_program *p, bool write, mir_preg v, mir_preg s, unsigned lane) {
  mir_instr *m = sop(p, write ? ISA_V_WRITELANE_B32 : ISA_V_READLANE_B32, 2, 1);
  if (write) {
    m->defs[0] = mir_op_fixed(v, 1);
    m->ops[0] = mir_op_fixed(s, 1);
  } else {
    m->defs[0] = mir_op_fixed(s, 1);
    m->ops[0] = mir_op_fixed(v, 1);
  }
  m->ops[1] = mir_op_const(lane);
  return m;
}

/* s_or_saveexec_b64 vcc, -1 / s_mov_b64 exec, vcc (the _b32 forms on
 * exec_lo and vcc_lo in wave32) */
static mir_instr *all_lanes(mir_program *p, bool on) {
  mir_instr *m = sop(p, mir_lane_op(p, on ? WAVECC_LANE_OR_SAVEEXEC : WAVECC_LANE_MOV), 1, 1);
  if (on) {
    m->defs[0] = mir_op_vcc(p);
    m->ops[0] = mir_op_const(0xffffffffu);
    m->ops[0].size = (uint8_t)mir_lane_dwords(p);
  } else {
    m->defs[0] = mir_op_exec(p);
    m->ops[0] = mir_op_vcc(p);
  }
  return m;
}

/* The registers a function must save: the SGPRs it writes above the
 * region, the VGPRs it writes above the ones it may clobber (call_vgprs),
 * and the VGPRs above its arguments and results it writes in lanes EXEC
 * does not select (v_writelane: a caller's value in a lane this call does
 * not run may sit there). What it writes and does not save is its
 * clobber set, v0..v(vgpr_clobber-1), which its callers avoid. Argument
 * and result VGPRs written in such lanes (an SGPR spill's lanes in a
 * result VGPR that is free until the return) are clobbered in the lanes
 * the call runs, but a caller may hold a value in the others (one that
 * is not live across the call in the logical CFG: the other arm of an
 * if): low_lanes, stored whole and reloaded only in the lanes EXEC does
 * not select at the return (AMDGPUUsage's whole-wave rule for such
 * registers, without undoing the results). */
static void find_saved(frame_ctx *c) {
  mir_program *p = c->p;
  unsigned vlo = p->abi.call_vgprs, vargs = p->abi.call_arg_vgprs;
  uint8_t written[256] = {0}, any_write[256] = {0}, low_lane[256] = {0};
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      if (ins->opcode == MIR_P_STARTPGM) continue;
      bool lanes = ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_IGNORES_EXEC);
      for (unsigned k = 0; k < ins->num_defs; k++) {
        const mir_operand *o = &ins->defs[k];
        if (o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_FIXED) continue;
        mir_preg r = o->preg;
        unsigned n = o->kind == MIR_OPND_TEMP ? mir_rc_size(o->temp.rc) : (o->size ? o->size : 1);
        for (unsigned u = 0; u < n; u++) {
          mir_preg x = (mir_preg)(r + u);
          bool wo = p->abi.call_wo_sgpr && x == p->abi.call_wo_sgpr; /* a calling kernel's soffset 0 */
          if ((x >= p->abi.call_sgprs || wo) && x < MIR_MAX_SGPRS) c->saved[x] = 1;
          if (x < 256 || x >= 512) continue;
          any_write[x - 256] = 1;
          if (x >= 256 + vlo || (lanes && x >= 256 + vargs)) c->saved[x] = 1;
          else written[x - 256] = 1;
          if (lanes && x < 256 + vargs) low_lane[x - 256] = 1;
        }
      }
    }
  for (unsigned r = 0; r < MIR_MAX_SGPRS; r++)
    if (c->saved[r]) c->sgprs[c->ns++] = (mir_preg)r;
  /* SGPRs travel in the lanes of a saved VGPR the function never writes,
   * within the VGPRs it may use at the occupancy its own use gives (the
   * lanes stay there: no store of them, and at the return no load of them
   * before the VGPR's own, one memory latency fewer; llc-19 takes v40
   * so), else the first saved one, else the first one above the
   * arguments and results. One VGPR more than the function writes costs
   * a caller no occupancy: a kernel's use is the most of its own and its
   * callees', and this one stays in the occupancy class of its own. */
  mir_preg lanes = MIR_PREG_NONE;
  unsigned top = wavecc_same_occupancy_vgprs(p->target, p->num_vgprs_used);
  if (top > mir_vgpr_budget(p)) top = mir_vgpr_budget(p);
  for (unsigned r = vargs; c->ns && r < 256 && lanes == MIR_PREG_NONE; r++)
    if (c->saved[256 + r] && !any_write[r]) lanes = (mir_preg)(256 + r);
  for (unsigned r = vargs; c->ns && r < top && lanes == MIR_PREG_NONE; r++)
    if (!any_write[r]) lanes = (mir_preg)(256 + r);
  if (lanes != MIR_PREG_NONE) c->saved[lanes] = 1;
  if (c->ns && lanes == MIR_PREG_NONE) {
    bool any = false;
    for (unsigned r = 256 + vargs; r < 512 && !any; r++) any = c->saved[r];
    if (!any && vargs < 256) c->saved[256 + vargs] = 1;
  }
  for (unsigned r = 256; r < 512; r++)
    if (c->saved[r]) c->vgprs[c->nv++] = (mir_preg)r;
  for (unsigned r = 0; r < 256; r++)
    if (low_lane[r] && !c->saved[256 + r]) c->low_lanes[c->nl++] = (mir_preg)(256 + r);
  p->vgpr_clobber = 0;
  for (unsigned r = 0; r < 256; r++)
    if (written[r] && !c->saved[256 + r]) p->vgpr_clobber = r + 1;
  c->lanes_vgpr = lanes != MIR_PREG_NONE ? lanes : c->nv ? c->vgprs[0] : MIR_PREG_NONE;
  c->lanes_kept = c->ns && c->ns <= p->target->wave_size && !any_write[c->lanes_vgpr - 256];
  if (c->nv && c->vgprs[c->nv - 1] - 256u + 1 > p->num_vgprs_used) p->num_vgprs_used = c->vgprs[c->nv - 1] - 256u + 1;
}

static uint32_t vgpr_slot(const frame_ctx *c, unsigned i) { return c->csr_base - c->shift + 4 * i; }
static uint32_t sgpr_slot(const frame_ctx *c, unsigned chunk) { return c->csr_base - c->shift + 4 * (c->nv + chunk); }
/* The SGPRs go into lanes of one VGPR, wave_size per chunk (slot). */
static unsigned wave_lanes(const frame_ctx *c) { return c->p->target->wave_size; }
static unsigned sgpr_chunks(const frame_ctx *c) { return (c->ns + wave_lanes(c) - 1) / wave_lanes(c); }
/* Chunks that take a slot: none when the lanes stay in a VGPR the
 * function never writes (lanes_kept: that VGPR's own slot holds it). */
static unsigned stored_chunks(const frame_ctx *c) { return c->lanes_kept ? 0 : sgpr_chunks(c); }
static uint32_t low_lanes_slot(const frame_ctx *c, unsigned i) { return sgpr_slot(c, stored_chunks(c) + i); }

/* Inserts `n` instructions of `seq` at position pos of block b. */
static void insert_seq(mir_program *p, mir_block *b, uint32_t pos, mir_instr **seq, unsigned n) {
  for (unsigned k = 0; k < n; k++) mir_block_insert(p, b, pos + k, seq[k]);
}

/* SP = frame base + F*64 before a call (a kernel's frame base is 0: op
 * S_MOV_B32), back after. */
static mir_instr *sp_adjust(mir_program *p, unsigned op, uint32_t bytes) {
  mir_preg sp = MIR_PREG_SGPR(p->abi.call_sp_sgpr);
  mir_instr *m = sop(p, op, op == ISA_S_MOV_B32 ? 1 : 2, 1);
  m->defs[0] = mir_op_fixed(sp, 1);
  m->ops[0] = op == ISA_S_MOV_B32 ? mir_op_const(bytes) : mir_op_fixed(sp, 1);
  if (op != ISA_S_MOV_B32) m->ops[1] = mir_op_const(bytes);
  return m;
}

static unsigned prologue(frame_ctx *c, mir_instr **seq) {
  mir_program *p = c->p;
  unsigned n = 0;
  if (!c->nv && !c->nl) return 0;
  if (c->shift) seq[n++] = sp_adjust(p, ISA_S_ADD_U32, sp_bytes(p, c->shift));
  seq[n++] = all_lanes(p, true);
  for (unsigned i = 0; i < c->nv; i++) seq[n++] = scratch_dword(p, true, SP, c->vgprs[i], vgpr_slot(c, i));
  for (unsigned i = 0; i < c->nl; i++) seq[n++] = scratch_dword(p, true, SP, c->low_lanes[i], low_lanes_slot(c, i));
  const unsigned w = wave_lanes(c);
  for (unsigned i = 0; i < c->ns; i++) {
    seq[n++] = lane_op(p, true, c->lanes_vgpr, c->sgprs[i], i % w);
    if ((i % w == w - 1 || i + 1 == c->ns) && !c->lanes_kept)
      seq[n++] = scratch_dword(p, true, SP, c->lanes_vgpr, sgpr_slot(c, i / w));
  }
  seq[n++] = all_lanes(p, false);
  if (c->shift) seq[n++] = sp_adjust(p, ISA_S_SUB_U32, sp_bytes(p, c->shift));
  return n;
}

static unsigned epilogue(frame_ctx *c, mir_instr **seq) {
  mir_program *p = c->p;
  unsigned n = 0;
  if (c->shift && (c->nv || c->nl)) seq[n++] = sp_adjust(p, ISA_S_ADD_U32, sp_bytes(p, c->shift));
  if (c->nv) {
    seq[n++] = all_lanes(p, true);
    const unsigned w = wave_lanes(c);
    for (unsigned i = 0; i < c->ns; i += w) {
      if (!c->lanes_kept) {
        seq[n++] = scratch_dword(p, false, SP, c->lanes_vgpr, sgpr_slot(c, i / w));
        seq[n++] = waitcnt0(p);
      }
      for (unsigned k = i; k < c->ns && k < i + w; k++) seq[n++] = lane_op(p, false, c->lanes_vgpr, c->sgprs[k], k % w);
    }
    /* the caller's hazard pass cannot see these VALU writes of SGPRs:
     * 5 wait states before its first instruction may read one in VMEM;
     * the VGPR reloads, the wait, the EXEC restore and s_setpc_b64 below
     * count one each */
    if (c->ns && c->nv + 3 < 5) {
      mir_instr *nop = sop(p, ISA_S_NOP, 0, 0);
      nop->offset = (int32_t)(5 - (c->nv + 3)) - 1;
      seq[n++] = nop;
    }
    for (unsigned i = 0; i < c->nv; i++) seq[n++] = scratch_dword(p, false, SP, c->vgprs[i], vgpr_slot(c, i));
  }
  if (c->nl) {
    /* EXEC = the lanes the call does not run (VCC holds the others) */
    if (!c->nv) seq[n++] = all_lanes(p, true);
    mir_instr *m = sop(p, mir_lane_op(p, WAVECC_LANE_NOT), 1, 2);
    m->defs[0] = mir_op_exec(p);
    m->defs[1] = mir_op_fixed(MIR_PREG_SCC, 1);
    m->ops[0] = mir_op_vcc(p);
    seq[n++] = m;
    for (unsigned i = 0; i < c->nl; i++) seq[n++] = scratch_dword(p, false, SP, c->low_lanes[i], low_lanes_slot(c, i));
  }
  seq[n++] = waitcnt0(p);
  if (c->nv || c->nl) seq[n++] = all_lanes(p, false);
  if (c->shift && (c->nv || c->nl)) seq[n++] = sp_adjust(p, ISA_S_SUB_U32, sp_bytes(p, c->shift));
  mir_instr *r = sop(p, ISA_S_SETPC_B64, 1, 0);
  r->ops[0] = mir_op_fixed(MIR_PREG_SGPR(p->abi.call_ra_sgpr), 2);
  seq[n++] = r;
  return n;
}

/* A calling kernel's entry, before anything else runs (the hardware's
 * input SGPRs are still where the descriptor put them):
 *   s_add_u32 s0, s0, WO; s_addc_u32 s1, s1, 0   the V# base becomes the
 *                       wave's scratch, WO the wave offset (the last system SGPR)
 *   s_mov_b32 SP, F*64  the callees' frames start past the kernel's;
 *                       callees preserve SP, and no value of a calling
 *                       program lives in the SGPR region. Not when SP is
 *                       an input register (s6 of the compact layout): then
 *                       before each call (sp_per_call). */
static unsigned kernel_prologue(frame_ctx *c, mir_instr **seq) {
  mir_program *p = c->p;
  const mir_kernel_abi *a = &p->abi;
  unsigned wo = mir_user_sgpr_count(a) + a->workgroup_id[0] + a->workgroup_id[1] + a->workgroup_id[2];
  c->sp_per_call = a->call_sp_sgpr <= wo;
  if (wavecc_scratch_flat(p->target)) {
    /* architected flat scratch: FLAT_SCRATCH is the wave's scratch
     * already, no V# to move (llc-19 -mcpu=gfx1100: s_mov_b32 s32, F) */
    assert(a->private_segment_wave_offset);
    if (c->sp_per_call) return 0;
    seq[0] = sp_adjust(p, ISA_S_MOV_B32, sp_bytes(p, p->frame_size));
    return 1;
  }
  assert(a->private_segment_buffer && a->private_segment_wave_offset);
  mir_instr *lo = sop(p, ISA_S_ADD_U32, 2, 1);
  lo->defs[0] = mir_op_fixed(MIR_PREG_SGPR(0), 1);
  lo->ops[0] = mir_op_fixed(MIR_PREG_SGPR(0), 1);
  lo->ops[1] = mir_op_fixed(MIR_PREG_SGPR(wo), 1);
  mir_instr *hi = sop(p, ISA_S_ADDC_U32, 2, 1);
  hi->defs[0] = mir_op_fixed(MIR_PREG_SGPR(1), 1);
  hi->ops[0] = mir_op_fixed(MIR_PREG_SGPR(1), 1);
  hi->ops[1] = mir_op_const(0);
  seq[0] = lo;
  seq[1] = hi;
  if (c->sp_per_call) return 2;
  seq[2] = sp_adjust(p, ISA_S_MOV_B32, sp_bytes(p, p->frame_size));
  return 3;
}

/* Around a kernel's call to another code object's function: every VGPR
 * it uses above the call's region that AMDGPUUsage lets the callee
 * clobber, all 64 lanes, saved into the kernel's frame (soffset: its wave
 * offset) before (`after` false) or restored after the call. Live or
 * not: the kernel is not analysed per call. */
static unsigned external_save(frame_ctx *c, const mir_instr *call, bool after, mir_instr **seq) {
  mir_program *p = c->p;
  mir_preg regs[256];
  unsigned region = call->num_defs - 1u, nr = external_clobbered(p, region, regs), n = 0;
  if (!nr) return 0;
  if (c->shift) seq[n++] = sp_adjust(p, ISA_S_MOV_B32, sp_bytes(p, c->shift));
  seq[n++] = all_lanes(p, true);
  for (unsigned i = 0; i < nr; i++)
    seq[n++] = scratch_dword(p, !after, c->shift ? SP : mir_op_const(0), regs[i], c->xsave_base - c->shift + 4 * i);
  if (after) seq[n++] = waitcnt0(p);
  seq[n++] = all_lanes(p, false);
  /* the callees' frame start again (before each call anyway when SP is an input register) */
  if (c->shift && !c->sp_per_call) seq[n++] = sp_adjust(p, ISA_S_MOV_B32, sp_bytes(p, p->frame_size));
  return n;
}

/* Under an empty EXEC (masked control flow runs some blocks so) the
 * callee pointer may be garbage: call the next instruction instead. Its
 * address is the s_getpc_b64 result + 20, the bytes of the five 4-byte
 * instructions after it (no literal; nothing is inserted among them:
 * the later passes add nothing between SALU instructions). Only where
 * EXEC may be empty (frame_exec.c). */
static unsigned guarded_swappc(mir_program *p, const mir_instr *call, mir_instr **seq) {
  unsigned n = 0;
  mir_preg ra = MIR_PREG_SGPR(p->abi.call_ra_sgpr), target = call->ops[0].preg;
  if (target < ra + 2 && ra < target + 2) {
    /* a target not live across the call may sit in the return address
     * pair: through VCC, which the callee clobbers anyway */
    mir_instr *mv = sop(p, ISA_S_MOV_B64, 1, 1);
    mv->defs[0] = mir_op_fixed(MIR_PREG_VCC, 2);
    mv->ops[0] = mir_op_fixed(target, 2);
    seq[n++] = mv;
    target = MIR_PREG_VCC;
  }
  mir_instr *pc = sop(p, ISA_S_GETPC_B64, 0, 1);
  pc->defs[0] = mir_op_fixed(ra, 2);
  seq[n++] = pc;
  mir_instr *lo = sop(p, ISA_S_ADD_U32, 2, 1);
  lo->defs[0] = mir_op_fixed(ra, 1);
  lo->ops[0] = mir_op_fixed(ra, 1);
  lo->ops[1] = mir_op_const(20);
  seq[n++] = lo;
  mir_instr *hi = sop(p, ISA_S_ADDC_U32, 2, 1);
  hi->defs[0] = mir_op_fixed(ra + 1, 1);
  hi->ops[0] = mir_op_fixed(ra + 1, 1);
  hi->ops[1] = mir_op_const(0);
  seq[n++] = hi;
  mir_instr *cmp = sop(p, mir_lane_op(p, WAVECC_LANE_CMP_LG), 2, 0);
  cmp->ops[0] = mir_op_exec(p);
  cmp->ops[1] = mir_op_const(0);
  cmp->ops[1].size = (uint8_t)mir_lane_dwords(p);
  seq[n++] = cmp;
  mir_instr *cs = sop(p, ISA_S_CSELECT_B64, 2, 1);
  cs->defs[0] = mir_op_fixed(ra, 2);
  cs->ops[0] = mir_op_fixed(target, 2);
  cs->ops[1] = mir_op_fixed(ra, 2);
  seq[n++] = cs;
  mir_instr *sw = sop(p, ISA_S_SWAPPC_B64, 1, 1);
  sw->defs[0] = mir_op_fixed(ra, 2);
  sw->ops[0] = mir_op_fixed(ra, 2);
  seq[n++] = sw;
  return n;
}

static unsigned call_seq(frame_ctx *c, const mir_instr *call, bool guard, mir_instr **seq) {
  mir_program *p = c->p;
  uint32_t bytes = sp_bytes(p, p->frame_size);
  unsigned n = 0;
  if (call->offset) n += external_save(c, call, false, seq + n);
  if (p->is_function && bytes) seq[n++] = sp_adjust(p, ISA_S_ADD_U32, bytes);
  if (c->sp_per_call) seq[n++] = sp_adjust(p, ISA_S_MOV_B32, bytes);
  seq[n++] = waitcnt0(p);
  mir_preg ra = MIR_PREG_SGPR(p->abi.call_ra_sgpr);
  if (!guard) {
    mir_instr *sw = sop(p, ISA_S_SWAPPC_B64, 1, 1);
    sw->defs[0] = mir_op_fixed(ra, 2);
    sw->ops[0] = mir_op_fixed(call->ops[0].preg, 2);
    seq[n++] = sw;
  } else {
    n += guarded_swappc(p, call, seq + n);
  }
  if (p->is_function && bytes) seq[n++] = sp_adjust(p, ISA_S_SUB_U32, bytes);
  if (call->offset) n += external_save(c, call, true, seq + n);
  return n;
}

int mir_frame(mir_program *p, diag *d) {
  if (!p->is_function && !p->has_calls) {
    p->frame_size = p->abi.private_segment_size;
    return 0;
  }
  frame_ctx *c = arena_alloc(p->mem, sizeof *c);
  memset(c, 0, sizeof *c);
  c->p = p;
  c->d = d;
  c->csr_base = (p->abi.private_segment_size + 3) & ~3u;
  if (p->is_function) find_saved(c);
  uint32_t end = c->csr_base + 4 * (c->nv + stored_chunks(c) + c->nl);
  if (p->calls_external) {
    mir_preg regs[256];
    c->xsave_base = end;
    end += 4 * external_clobbered(p, 32, regs); /* the most a call's save needs (regions start at v32) */
  }
  const uint32_t reach = wavecc_scratch_offset_max(p->target) + 1u; /* the offset field's (4096 so far) */
  if (end > reach) {
    /* the save areas' own base from the SP (a multiple of 16 lane bytes:
     * whole dwords of every lane in the swizzled scratch) */
    c->shift = (p->is_function ? c->csr_base : p->calls_external ? c->xsave_base : end) & ~15u;
    if (end - c->shift > reach) {
      diag_error(d, p->name, "unsupported: %u bytes per lane of saved registers (the save area must fit the %u-byte "
                 "scratch offset)", end - c->shift, reach);
      return 1;
    }
  }
  p->frame_size = (end + 15) & ~15u;
  mir_instr *seq[600];
  bool *maybe_empty = mir_calls_under_empty_exec(p); /* before the prologue is inserted */
  /* the prologue opens the entry block (p_startpgm is gone after SSA
   * elimination; the copies out of its registers follow) */
  if (p->num_blocks) {
    unsigned n = p->is_function ? prologue(c, seq) : kernel_prologue(c, seq);
    insert_seq(p, &p->blocks[0], 0, seq, n);
  }
  uint32_t ncall = 0;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      unsigned n = 0;
      if (ins->opcode == ISA_S_ADD_U32 && ins->offset == MIR_OFFSET_FRAME_SIZE) {
        /* a stack pointer for arguments stored before the call */
        ins->ops[1] = mir_op_const(sp_bytes(p, p->frame_size));
        ins->offset = 0;
        continue;
      }
      if (ins->opcode == MIR_P_CALL) n = call_seq(c, ins, maybe_empty[ncall++], seq);
      else if (ins->opcode == MIR_P_RETURN) n = epilogue(c, seq);
      else continue;
      b->instrs[i] = seq[0];
      insert_seq(p, b, i + 1, seq + 1, n - 1);
      i += n - 1;
    }
  }
  return 0;
}

/* Stack bytes per lane a program needs with everything it calls; UINT32_MAX
 * on a cycle (recursion). `state`: 0 new, 1 on the path, 2 done. */
static uint32_t stack_need(mir_program **progs, unsigned nk, unsigned k, uint8_t *state, uint32_t *need) {
  if (state[k] == 1) return UINT32_MAX;
  if (state[k] == 2) return need[k];
  state[k] = 1;
  uint32_t most = 0;
  const mir_program *p = progs[k];
  for (uint32_t i = 0; i < p->num_callees && most != UINT32_MAX; i++) {
    uint32_t n = stack_need(progs, nk, nk + p->callees[i], state, need);
    if (n > most) most = n;
  }
  state[k] = 2;
  need[k] = most == UINT32_MAX ? UINT32_MAX : p->frame_size + most;
  return need[k];
}

/* After every program is compiled: a calling kernel's descriptor covers
 * its callees (registers: the most any reachable function names; scratch:
 * the deepest chain of frames, or the dynamic stack when a cycle or an
 * indirect call makes the depth unknown). */
void mir_call_resources(mir_program **progs, unsigned nk, unsigned nf) {
  unsigned np = nk + nf;
  uint8_t *state = calloc(np, 1), *seen = calloc(np, 1);
  uint32_t *need = calloc(np, sizeof *need), *work = calloc(np, sizeof *work);
  for (unsigned k = 0; k < nk; k++) {
    mir_program *p = progs[k];
    if (!p->has_calls) continue;
    memset(seen, 0, np);
    unsigned nw = 0;
    bool indirect = false;
    work[nw++] = k;
    seen[k] = 1;
    while (nw) {
      const mir_program *q = progs[work[--nw]];
      indirect |= q->calls_indirect;
      for (uint32_t i = 0; i < q->num_callees; i++)
        if (!seen[nk + q->callees[i]]) seen[nk + q->callees[i]] = 1, work[nw++] = nk + q->callees[i];
      if (q->calls_indirect) /* any function whose address is taken: all, to be safe */
        for (unsigned f = nk; f < np; f++)
          if (!seen[f]) seen[f] = 1, work[nw++] = f;
    }
    uint32_t deepest = 0;
    for (unsigned f = nk; f < np; f++) {
      if (!seen[f]) continue;
      unsigned s, v;
      mir_program_regs(progs[f], &s, &v);
      if (s > p->callee_sgprs) p->callee_sgprs = s;
      if (v > p->callee_vgprs) p->callee_vgprs = v;
      memset(state, 0, np);
      uint32_t n = stack_need(progs, nk, f, state, need);
      if (n > deepest) deepest = n;
    }
    if (p->calls_external) {
      /* another code object's function: its needs are unknown (llc
       * assumes the same of an external callee) */
      p->callee_sgprs = MIR_MAX_SGPRS;
      p->callee_vgprs = 256;
      indirect = true;
    }
    if (indirect || deepest == UINT32_MAX) {
      p->abi.uses_dynamic_stack = true;
      deepest = 0;
      for (unsigned f = nk; f < np; f++)
        if (seen[f] && progs[f]->frame_size > deepest) deepest = progs[f]->frame_size;
    }
    p->abi.private_segment_size = p->frame_size + deepest;
  }
  free(state);
  free(seen);
  free(need);
  free(work);
}
