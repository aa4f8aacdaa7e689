/* Instruction selection of calls to real functions, of a function's entry
 * and return, and of a calling kernel's stack set-up: the calling
 * convention of AMDGPUUsage ("Calling Conventions", "Call Convention":
 * the default C convention of non-kernel functions on amdhsa) as llc-19
 * implements it for gfx900, so wavecc code calls llc code and is called by
 * it. Under a forced register budget below 64 (--max-vgprs/--max-sgprs,
 * where s30..s32 and v31 do not exist) a compact layout of the same shape
 * is used instead, internal to the module (isel_call_abi.amdgpu false).
 *
 *                AMDGPUUsage              compact
 *   V#           s[0:3]                   s[0:3]
 *   return addr  s[30:31]                 s[4:5]     written by s_swappc_b64
 *   stack ptr    s32                      s6
 *   region       s0..s32                  s0..s7     (isel_call_abi.call_sgprs)
 *   kernel's 0   any SGPR above s32       s7 (saved by functions)
 *   args         v0..v30, then stack      v0..v(N/2-1), then stack
 *   work-items   v31: x | y<<10 | z<<20   argument dwords after the args
 *   work-groups  s12, s13, s14            argument dwords
 *   dispatch ptr s[4:5]                   two argument dwords
 *   implicitarg  s[8:9]                   two argument dwords
 *
 *   V#      its base is the wave's scratch: a calling kernel adds its
 *           wave offset to it once, at its entry (frame pass), as llc's
 *           kernels do; functions do not write it.
 *   stack   the stack pointer is the callee's frame base, wave-scaled
 *           (lane offset x 64) from the V# base, the soffset of frame
 *           accesses; the caller moves it past its own frame around each
 *           call and back. A private pointer is a lane offset from the
 *           wave's scratch (soffset 0 in a calling kernel and in a
 *           function), so one may be passed to a callee. Frames have
 *           a static size; the SP is 16-byte aligned per lane at entry,
 *           and a function with a stack object aligned more realigns
 *           their base in an SGPR (a frame pointer, isel_frame_base),
 *           the frame keeping room for the padding.
 *   v0..    arguments, then results, one dword after another: i1 as 0/1,
 *           integers and floats up to 32 bits in one dword each, 64-bit
 *           values low dword first, vectors of 16-bit elements packed two
 *           to a dword, of 8-bit elements one element per dword (as
 *           llc-19); the dwords past the VGPR ones at the start
 *           of the callee's frame (bytes 0, 4, ... from its stack
 *           pointer), where the caller stores them and the callee loads
 *           them; results at most 32 dwords. Aggregates travel as their
 *           scalars (isel_aggregate.c). A `byval` argument's object is
 *           copied by the caller onto the stack, in argument order with
 *           the dwords past the VGPR ones, aligned as its attribute says
 *           (llc-19's CC_AMDGPU_Func, CCPassByVal<4, 4>); the callee's
 *           parameter points there (isel_arg_byval). `inreg` arguments go in SGPRs
 *           s6, s7, s16..s29 (ISEL_INREG_SGPRS), as llc-19's callees read
 *           them (its callers disagree, LLVM PR #182754); in the compact
 *           layout they are ordinary VGPR arguments.
 *   clobbered by a wavecc callee: the SGPR region (the allocator keeps
 *           a calling program's values that live across a call out of
 *           it), VCC, SCC and M0, and the VGPRs v0..v(C-1): C is at most
 *           max(R, 40) (abi.call_vgprs), R its argument (work-item ids
 *           included) or result dwords, whichever are more
 *           (abi.call_arg_vgprs); AMDGPUUsage lets a callee clobber
 *           v0..v39. A function compiled already tells its callers its
 *           C exactly: the VGPRs it writes below max(R, 40) (frame.c,
 *           vgpr_clobber; the pipeline compiles callees first); an
 *           indirect call, a call in a cycle and the compact layout
 *           (where C = R) use the bound, and R at least; a call to a
 *           function compiled already clobbers only its C (and results),
 *           so a value passed in an argument VGPR above C may stay there
 *           across the call, as with llc-19's IPRA. p_call defines
 *           v0..v(C-1), so the allocator keeps values live across it
 *           above them (regalloc_calls.c, ra_call_crossings). A wavecc
 *           function saves every
 *           other register it writes, all 64 lanes of a VGPR
 *           (src/passes/frame.c): more than AMDGPUUsage asks (it lets
 *           callers clobber s4..s31 and v0..v39, v48..v55, ...), so llc's
 *           code may call it.
 *   EXEC    at the call: the caller's active lanes; preserved.
 *   waits   the caller waits for every counter before s_swappc_b64 and the
 *           callee before s_setpc_b64 (frame pass).
 *
 * Implicit inputs: every function of the module receives the same set
 * (the union of all their uses, isel_call_abi.implicit), so that an
 * indirect call passes what any callee reads; the kernel enables and
 * passes them. llvm.amdgcn.kernarg.segment.ptr in a function is
 * unsupported (llc passes nothing for it either).
 *
 * Divergent function pointers are turned into a loop over the distinct
 * callees before isel (src/llvm/expand_indirect_calls.c), so a call's
 * callee is always uniform here (an SGPR pair; readfirstlane'd when a
 * uniform value sits in VGPRs).
 */
#include <stdlib.h>
#include <string.h>

#include "isel/isel_internal.h"
#include "util/bitset.h"

/* The stack pointer is a wave-scaled byte offset (swizzled scratch: the
 * V#'s index stride is the wave's lanes, 64 on gfx900), 16-byte aligned
 * per lane at a function's entry (AMDGPUUsage, "Call Convention": "The
 * swizzled SP value is always ... 16 byte aligned for the amdgcn
 * architecture"; wavecc's frames are multiples of 16). */
enum { STACK_ALIGN = 16 };

/* Symbol index of f: the module's function list, then the externs;
 * UINT32_MAX when neither. */
static uint32_t function_index(const isel_ctx *c, LLVMValueRef f) {
  for (uint32_t k = 0; c->ca && k < c->ca->num_functions; k++)
    if (c->ca->functions[k] == f) return k;
  for (uint32_t k = 0; c->ca && k < c->ca->num_externs; k++)
    if (c->ca->externs[k] == f) return c->ca->num_functions + k;
  return UINT32_MAX;
}

bool isel_extern_through_got(LLVMValueRef f) {
  /* a declaration of default visibility may be preempted (it is not
   * dso_local, which LLVM-C cannot ask; the GOT is right either way):
   * llc-19 reaches it through the GOT, hidden and protected ones with a
   * rel32 (AMDGPUTargetLowering::shouldEmitGOTReloc) */
  return LLVMIsDeclaration(f) && LLVMGetVisibility(f) == LLVMDefaultVisibility;
}

bool isel_function_address(isel_ctx *c, LLVMValueRef f, mir_operand *out) {
  uint32_t k = function_index(c, f);
  if (k == UINT32_MAX) return false;
  /* s_getpc_b64 + rel32 relocation, as for data (emit_data.h): the marker's
   * offset is -(index + 1) for a function; a preemptible one's marker is
   * its GOT entry's address (gotpcrel32), loaded from */
  mir_temp a = isel_tmp(c, mir_rc_s(2)), scc = isel_tmp(c, mir_rc_s(1));
  mir_instr *pc = isel_emit(c, ISA_S_GETPC_B64, 0, 2);
  pc->defs[0] = mir_op_temp(a);
  pc->defs[1] = isel_fixed_def(scc, MIR_PREG_SCC);
  pc->offset = -(int32_t)(k + 1);
  if (k >= c->ca->num_functions && isel_extern_through_got(f)) {
    mir_temp d = isel_tmp(c, mir_rc_s(2));
    mir_instr *ld = isel_emit(c, ISA_S_LOAD_DWORDX2, 1, 1);
    ld->ops[0] = mir_op_temp(a);
    ld->defs[0] = mir_op_temp(d);
    a = d;
  }
  *out = mir_op_temp(a);
  return true;
}

static void note_callee(isel_ctx *c, uint32_t k) {
  mir_program *p = c->p;
  for (uint32_t i = 0; i < p->num_callees; i++)
    if (p->callees[i] == k) return;
  uint32_t *n = arena_alloc(c->mem, (p->num_callees + 1) * sizeof *n);
  if (p->num_callees) memcpy(n, p->callees, p->num_callees * sizeof *n);
  n[p->num_callees++] = k;
  p->callees = n;
}

/* The VGPRs an indirect call clobbers: the most any function may, each
 * exactly when compiled already (a kernel's: all of them). */
static unsigned indirect_clobber(const isel_call_abi *ca) {
  unsigned most = 1;
  for (unsigned k = 0; k < ca->num_functions; k++) {
    unsigned r = ca->clobbers && ca->clobbers[k] ? ca->clobbers[k] - 1u : isel_fn_clobber(ca, k);
    if (r > most) most = r;
  }
  return (ca->num_externs || ca->unknown_callees) && ca->amdgpu && most < ISEL_IDS_VGPR + 1 ? ISEL_IDS_VGPR + 1 : most;
}

/* A byval argument's object (at private pointer `src`) copied, in dwords
 * or (flat scratch) up to 4 dwords at once, to byte `at` of the callee's stack arguments (soffset `sp`);
 * false after reporting a size that is not whole dwords or an offset past
 * the MUBUF offset field. The loads go in groups, each group's stores
 * after it: a load then its store paid a memory latency per dword (the
 * store waits for the load), where llc-19 loads the object first. The
 * object is in the caller's frame or its own stack arguments, never in
 * the callee's (past the caller's frame), so no store overwrites a dword
 * still to be loaded. A group is at most 16 dwords, and half the
 * argument VGPRs under a forced budget (the compact layout: 4 at 8 VGPRs),
 * where the values would only be spilled. */
static bool copy_byval(isel_ctx *c, LLVMValueRef ins, mir_operand src, mir_operand sp, uint32_t at, uint32_t size) {
  if (size % 4 || at + size > 4096) {
    isel_unsupported(c, ins, "byval argument (a size that is not whole dwords, or beyond 4 KiB of stack arguments)");
    return false;
  }
  mir_temp va = isel_to_vgpr(c, src, 1);
  mir_block *b = &c->p->blocks[c->cur];
  enum { MAX_GROUP = 16 };
  unsigned group = c->ca->amdgpu ? MAX_GROUP : c->ca->reg_args / 2;
  if (group > MAX_GROUP) group = MAX_GROUP;
  if (!group) group = 1;
  /* architected flat scratch is not swizzled: scratch_load/store_b128
   * (b96, b64) move up to 4 dwords at once at any dword address, as
   * llc-19 copies (f_call_byval.ll at gfx1100: 9 dwords in 3 loads and 3
   * stores, not 9 and 9); the private segment buffer swizzles per dword */
  static const unsigned LD[5] = {0, ISA_BUFFER_LOAD_DWORD, ISA_BUFFER_LOAD_DWORDX2, ISA_BUFFER_LOAD_DWORDX3,
                                 ISA_BUFFER_LOAD_DWORDX4};
  static const unsigned ST[5] = {0, ISA_BUFFER_STORE_DWORD, ISA_BUFFER_STORE_DWORDX2, ISA_BUFFER_STORE_DWORDX3,
                                 ISA_BUFFER_STORE_DWORDX4};
  const unsigned widest = wavecc_scratch_flat(c->p->target) ? 4 : 1;
  for (uint32_t g = 0; g < size; g += 4 * group) {
    mir_temp d[MAX_GROUP];
    unsigned w[MAX_GROUP], n = 0, used = 0;
    for (uint32_t off = g; off < size && used < group; n++) {
      unsigned left = (size - off) / 4, k = left < widest ? left : widest;
      if (k > group - used) k = group - used;
      d[n] = isel_tmp(c, mir_rc_v(k));
      w[n] = k;
      mir_block_append(c->p, b, mir_scratch_access(c->p, LD[k], mir_op_temp(d[n]), mir_op_temp(va),
                                                   mir_op_temp(c->psb), isel_private_soffset(c), (int32_t)off));
      off += 4 * k;
      used += k;
    }
    for (unsigned k = 0, off = 0; k < n; off += 4 * w[k], k++)
      mir_block_append(c->p, b, mir_scratch_access(c->p, ST[w[k]], mir_op_temp(d[k]), isel_no_operand(),
                                                   mir_op_temp(c->psb), sp, (int32_t)(at + g + off)));
  }
  return true;
}

/* The VGPRs v0.. a call to `callee` (module function fk, or another code
 * object's: external) clobbers, with nreg argument and nr result VGPRs:
 * what the callee writes and does not save when it is compiled already,
 * else the convention's (an indirect call: any function's), and the
 * results; the argument VGPRs too unless the callee is compiled already.
 * An argument VGPR the callee is known to leave alone is not clobbered:
 * the allocator may keep a value passed there in place across the call
 * (ra_call_crossings), as llc-19's IPRA does (f_call_byval.ll: 32
 * arguments passed to two calls, each kept in a VGPR above the clobbers
 * and copied down for each call, 65 VGPRs where llc-19 needs 40). */
static unsigned call_clobber(const isel_ctx *c, LLVMValueRef callee, uint32_t fk, bool external, unsigned nreg,
                             unsigned nr) {
  unsigned region = 0;
  bool exact = LLVMIsAFunction(callee) && fk < c->ca->num_functions && c->ca->clobbers && c->ca->clobbers[fk];
  if (!LLVMIsAFunction(callee)) region = indirect_clobber(c->ca);
  else if (exact) region = c->ca->clobbers[fk] - 1u;
  else if (external) region = isel_fn_region(c->ca, LLVMGlobalGetValueType(callee));
  else region = isel_fn_clobber(c->ca, fk);
  if (external && region < ISEL_IDS_VGPR + 1) region = ISEL_IDS_VGPR + 1; /* v0..v31 at least; the rest: frame pass */
  unsigned least = exact ? nr : nreg > nr ? nreg : nr;
  return region < least ? least : region;
}

bool isel_call_function(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef callee = LLVMGetCalledValue(ins);
  mir_operand addr;
  bool external = false;
  if (LLVMIsAInlineAsm(callee)) return isel_inline_asm(c, ins); /* isel_asm.c */
  if (!c->ca) {
    isel_unsupported(c, ins, "call (no function of the module can be its callee)");
    return true;
  }
  uint32_t fk = UINT32_MAX; /* a module function's index */
  if (LLVMIsAFunction(callee)) {
    uint32_t k = fk = function_index(c, callee);
    if (k == UINT32_MAX || !isel_function_address(c, callee, &addr)) {
      isel_unsupported(c, ins, "call (the callee is not compiled)");
      return true;
    }
    if (k >= c->ca->num_functions) {
      /* another code object's function: AMDGPUUsage's clobbers, which
       * the frame pass honours around the call in a kernel */
      if (!c->ca->amdgpu || c->p->is_function) {
        isel_unsupported(c, ins, c->ca->amdgpu ? "call to an external function from a non-kernel function"
                                               : "call to an external function under a register budget below 64");
        return true;
      }
      external = true;
      c->p->calls_external = true;
    } else {
      note_callee(c, k);
    }
  } else {
    addr = isel_get(c, callee, 0);
    c->p->calls_indirect = true;
  }
  mir_temp target = isel_to_sgpr(c, addr, 2);
  unsigned nargs = LLVMGetNumArgOperands(ins), na = 0, total = isel_implicit_arg_dwords(c->ca), nin = 0;
  mir_operand inreg[ISEL_NUM_INREG];
  uint32_t bsize, balign;
  bool byval = false;
  for (unsigned i = 0; i < nargs; i++) {
    if (isel_arg_byval(c, ins, callee, i, &bsize, &balign)) byval = true;
    else if (!isel_arg_inreg(c->ca, ins, callee, i)) total += isel_call_dwords(LLVMTypeOf(LLVMGetOperand(ins, i)));
  }
  unsigned nreg = total < c->ca->reg_args ? total : c->ca->reg_args;
  /* dwords past the VGPR ones go to the start of the callee's frame, stored
   * as soon as each argument is computed (so they need not all be live at
   * the call); the callee's stack pointer is this frame's base + its size,
   * which the frame pass fills in; a kernel's, in the AMDGPUUsage layout,
   * is s32 itself (set once at its entry, kept by callees, frame.c) */
  mir_operand out_sp = mir_op_fixed(MIR_PREG_SGPR(c->ca->sp_sgpr), 1);
  if ((total > nreg || byval) && total <= ISEL_CALL_MAX_ARGS && (c->p->is_function || !c->ca->amdgpu)) {
    out_sp = mir_op_temp(isel_tmp(c, mir_rc_s(1)));
    mir_temp scc = isel_tmp(c, mir_rc_s(1));
    mir_instr *add = isel_emit(c, ISA_S_ADD_U32, 2, 2);
    add->ops[0] = mir_op_temp(c->p->is_function ? c->stack_ptr : c->wave_offset);
    add->ops[1] = mir_op_const(0);
    add->defs[0] = out_sp;
    add->defs[1] = isel_fixed_def(scc, MIR_PREG_SCC);
    add->offset = MIR_OFFSET_FRAME_SIZE;
  }
  mir_temp args[ISEL_CALL_MAX_ARGS + 16];
  /* an undef (poison) argument's dwords are passed as nothing: no copy
   * into its VGPRs, no store to the stack (clang passes poison for the
   * parameters a callee does not read; llc-19 passes nothing either) */
  bool undef[ISEL_CALL_MAX_ARGS + 16] = {false};
  uint32_t so = 0; /* the next stack byte */
  for (unsigned i = 0; i <= nargs; i++) {
    unsigned got = 0;
    if (i == nargs) { /* the implicit inputs last */
      got = isel_implicit_arg_values(c, args + na);
    } else {
      LLVMValueRef a = LLVMGetOperand(ins, i);
      unsigned n = isel_call_dwords(LLVMTypeOf(a));
      if (isel_arg_byval(c, ins, callee, i, &bsize, &balign)) {
        so = (so + balign - 1) & ~(balign - 1);
        if (!copy_byval(c, ins, isel_get(c, a, 0), out_sp, so, bsize)) return true;
        so += bsize;
        continue;
      }
      if (isel_arg_inreg(c->ca, ins, callee, i)) {
        /* uniform by contract: SGPRs (readfirstlane when held in VGPRs) */
        mir_operand w[32];
        unsigned nw;
        if (isel_type_bits(LLVMTypeOf(a)) == 1 || !isel_call_words(c, a, w, &nw) || nin + nw > ISEL_NUM_INREG) {
          isel_unsupported(c, ins, "inreg call argument (i1, aggregate, or more than 16 SGPR dwords)");
          return true;
        }
        for (unsigned k = 0; k < nw; k++, nin++)
          inreg[nin] = isel_fixed_use(isel_as_temp(c, w[k], false, 1), MIR_PREG_SGPR(ISEL_INREG_SGPRS[nin]));
        continue;
      }
      if (!n || na + n > ISEL_CALL_MAX_ARGS) {
        isel_unsupported(c, ins, n ? "call (more than 256 dwords of arguments)" : "call argument type");
        return true;
      }
      if (LLVMIsUndef(a)) {
        for (got = 0; got < n; got++) undef[na + got] = true;
      } else if (!isel_call_value_dwords(c, a, args + na, &got)) {
        isel_unsupported(c, ins, "call argument type");
        return true;
      }
    }
    for (unsigned k = na; k < na + got; k++) {
      if (k < nreg || undef[k]) {
        so += k < nreg ? 0 : 4;
        continue;
      }
      mir_block_append(c->p, &c->p->blocks[c->cur],
                       mir_scratch_access(c->p, ISA_BUFFER_STORE_DWORD, mir_op_temp(args[k]), isel_no_operand(),
                                          mir_op_temp(c->psb), out_sp, (int32_t)so));
      so += 4;
    }
    na += got;
  }
  LLVMTypeRef rt = LLVMTypeOf(ins);
  unsigned nr = isel_call_dwords(rt);
  if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind && (!nr || nr > ISEL_CALL_REG_ARGS)) {
    isel_unsupported(c, ins, "call result type");
    return true;
  }
  mir_operand fx[8 + ISEL_NUM_INREG];
  unsigned nfx = isel_implicit_arg_regs(c, fx);
  for (unsigned i = 0; i < nin; i++) fx[nfx++] = inreg[i];
  unsigned region = call_clobber(c, callee, fk, external, nreg, nr);
  const unsigned nk = 2; /* the target and the V# (its base the wave's scratch: isel_setup_calling_kernel) */
  unsigned npass = 0;
  for (unsigned i = 0; i < nreg; i++) npass += !undef[i];
  mir_instr *call = isel_emit(c, MIR_P_CALL, nk + nfx + npass, 1 + region);
  call->ops[0] = mir_op_temp(target);
  call->offset = external; /* frame.c: save the live-through VGPRs AMDGPUUsage lets the callee clobber */
  call->ops[1] = isel_scratch_rsrc_use(c);
  for (unsigned i = 0; i < nfx; i++) call->ops[nk + i] = fx[i];
  for (unsigned i = 0, k = nk + nfx; i < nreg; i++)
    if (!undef[i]) call->ops[k++] = isel_fixed_use(args[i], MIR_PREG_VGPR(i));
  call->defs[0] = isel_fixed_def(isel_tmp(c, mir_rc_s(2)), MIR_PREG_SGPR(c->ca->ra_sgpr));
  for (unsigned i = nr; i < region; i++) call->defs[1 + i] = isel_fixed_def(isel_tmp(c, mir_rc_v(1)), MIR_PREG_VGPR(i));
  if (!nr) return true;
  /* results leave the region at once: the next call clobbers it */
  mir_instr *pc = isel_emit(c, MIR_P_PARALLELCOPY, nr, nr);
  mir_temp res[ISEL_CALL_REG_ARGS];
  for (unsigned i = 0; i < nr; i++) {
    mir_temp f = isel_tmp(c, mir_rc_v(1));
    call->defs[1 + i] = isel_fixed_def(f, MIR_PREG_VGPR(i));
    res[i] = isel_tmp(c, mir_rc_v(1));
    pc->ops[i] = mir_op_temp(f);
    pc->defs[i] = mir_op_temp(res[i]);
  }
  if (!isel_call_set_value(c, ins, res, nr)) isel_unsupported(c, ins, "call result type");
  return true;
}

void isel_setup_calling_kernel(isel_ctx *c, mir_instr *sp) {
  mir_program *p = c->p;
  p->abi.call_sgprs = c->ca->call_sgprs;
  p->abi.call_wo_sgpr = c->ca->wo_sgpr;
  p->abi.call_ra_sgpr = c->ca->ra_sgpr;
  p->abi.call_sp_sgpr = c->ca->sp_sgpr;
  /* Every input but the V# (which stays in s[0:3]) and the wave offset
   * leaves the region through a copy right after p_startpgm. The frame
   * pass adds the wave offset to the V#'s base once, before anything
   * else (src/passes/frame.c): from then on the V# addresses the wave's
   * scratch, as a function's does, and the kernel's own private accesses
   * use soffset 0 (a zero SGPR for the spiller and stack arguments; s7
   * in the compact layout, where SGPRs are few and the region has room). */
  /* flat scratch: no V#, no wave offset; the flat-scratch-init pair is
   * read at entry, before this copy (isel_abi.c) */
  const unsigned kept = (wavecc_scratch_flat(p->target) ? 0 : 2) + (p->abi.flat_scratch_init ? 1 : 0);
  mir_instr *pc = isel_emit(c, MIR_P_PARALLELCOPY, sp->num_defs - kept, sp->num_defs - kept);
  for (unsigned k = 0, j = 0; k < sp->num_defs; k++) {
    mir_temp old = sp->defs[k].temp;
    if (old.id == c->psb.id || old.id == c->wave_offset.id || (p->abi.flat_scratch_init && old.id == c->fs_init.id))
      continue;
    mir_temp nt = isel_tmp(c, (mir_rc)old.rc);
    pc->defs[j] = mir_op_temp(old);
    pc->ops[j++] = mir_op_temp(nt);
    sp->defs[k].temp = nt;
  }
  c->wave_offset = isel_tmp(c, mir_rc_s(1));
  mir_instr *z = isel_emit(c, ISA_S_MOV_B32, 1, 1);
  z->ops[0] = mir_op_const(0);
  z->defs[0] = c->ca->wo_sgpr ? isel_fixed_def(c->wave_offset, MIR_PREG_SGPR(c->ca->wo_sgpr)) : mir_op_temp(c->wave_offset);
  c->soffset_zero = true;
  p->scratch_rsrc = c->psb;
  p->scratch_offset = c->wave_offset;
}

void isel_setup_function(isel_ctx *c) {
  mir_program *p = c->p;
  const isel_call_abi *ca = c->ca;
  p->is_function = true;
  p->abi.call_sgprs = ca->call_sgprs;
  p->abi.call_wo_sgpr = ca->wo_sgpr;
  p->abi.call_ra_sgpr = ca->ra_sgpr;
  p->abi.call_sp_sgpr = ca->sp_sgpr;
  p->abi.call_arg_vgprs = isel_fn_region(ca, LLVMGlobalGetValueType(c->fn));
  p->abi.call_vgprs = isel_fn_clobber(ca, function_index(c, c->fn));
  unsigned np = LLVMCountParams(c->fn), nv = 0;
  LLVMValueRef *params = arena_alloc(c->mem, (np + 1) * sizeof *params);
  LLVMGetParams(c->fn, params);
  unsigned nin = 0;
  uint32_t bsize, balign;
  for (unsigned i = 0; i < np; i++) {
    unsigned n = isel_call_dwords(LLVMTypeOf(params[i]));
    if (!n) {
      isel_unsupported(c, params[i], "function parameter type");
      return;
    }
    if (isel_arg_byval(c, NULL, c->fn, i, &bsize, &balign)) continue; /* on the stack */
    if (!isel_arg_inreg(ca, NULL, c->fn, i)) {
      nv += n;
    } else if (isel_type_bits(LLVMTypeOf(params[i])) == 1 || isel_agg_scalars(LLVMTypeOf(params[i]), NULL) ||
               (nin += n) > ISEL_NUM_INREG) {
      isel_unsupported(c, params[i], "inreg parameter (i1, aggregate, or more than 16 SGPR dwords)");
      return;
    }
  }
  unsigned nexp = nv;
  nv += isel_implicit_arg_dwords(ca);
  if (nv > ISEL_CALL_MAX_ARGS) {
    isel_unsupported(c, c->fn, "function (more than 256 dwords of parameters)");
    return;
  }
  unsigned nreg = nv < ca->reg_args ? nv : ca->reg_args;
  mir_operand fx[8 + ISEL_NUM_INREG];
  unsigned nfx = isel_implicit_defs(c, fx);
  mir_temp sin[ISEL_NUM_INREG];
  for (unsigned i = 0; i < nin; i++) {
    sin[i] = isel_tmp(c, mir_rc_s(1)); /* named after the copy below */
    fx[nfx++] = isel_fixed_def(sin[i], MIR_PREG_SGPR(ISEL_INREG_SGPRS[i]));
  }
  /* architected flat scratch: no V# in s[0:3] (llc-19 -mcpu=gfx1100
   * passes none; the other inputs keep their registers) */
  const unsigned f0 = wavecc_scratch_flat(p->target) ? 2 : 3; /* first implicit input's definition */
  mir_instr *sp = isel_emit(c, MIR_P_STARTPGM, 0, f0 + nfx + nreg);
  mir_temp ra = isel_tmp(c, mir_rc_s(2));
  c->stack_ptr = isel_tmp(c, mir_rc_s(1));
  sp->defs[f0 - 2] = isel_fixed_def(ra, MIR_PREG_SGPR(ca->ra_sgpr));
  sp->defs[f0 - 1] = isel_fixed_def(c->stack_ptr, MIR_PREG_SGPR(ca->sp_sgpr));
  if (f0 == 3) sp->defs[0] = isel_fixed_def(c->psb = isel_tmp(c, mir_rc_s(4)), MIR_PREG_SGPR(0));
  for (unsigned i = 0; i < nfx; i++) sp->defs[f0 + i] = fx[i];
  mir_temp in[ISEL_CALL_REG_ARGS];
  for (unsigned i = 0; i < nreg; i++)
    sp->defs[f0 + nfx + i] = isel_fixed_def(in[i] = isel_tmp(c, mir_rc_v(1)), MIR_PREG_VGPR(i));
  /* the return address, implicit inputs and arguments leave the region at once */
  mir_instr *pc = isel_emit(c, MIR_P_PARALLELCOPY, 1 + nfx + nreg, 1 + nfx + nreg);
  c->ret_addr = isel_tmp(c, mir_rc_s(2));
  pc->ops[0] = mir_op_temp(ra);
  pc->defs[0] = mir_op_temp(c->ret_addr);
  for (unsigned i = 0; i < nfx; i++) {
    mir_temp t = sp->defs[f0 + i].temp, nt = isel_tmp(c, (mir_rc)t.rc);
    /* the named temporaries (c->wg_id, ...) become the copies */
    sp->defs[f0 + i].temp = nt;
    pc->ops[1 + i] = mir_op_temp(nt);
    pc->defs[1 + i] = mir_op_temp(t);
  }
  mir_temp *a = arena_alloc(c->mem, (nv + 1) * sizeof *a);
  for (unsigned i = 0; i < nreg; i++) {
    pc->ops[1 + nfx + i] = mir_op_temp(in[i]);
    pc->defs[1 + nfx + i] = mir_op_temp(a[i] = isel_tmp(c, mir_rc_v(1)));
  }
  /* private pointers are offsets from the V# base: soffset 0 */
  c->soffset_zero = true;
  p->scratch_rsrc = c->psb;
  p->scratch_offset = c->stack_ptr;
  /* the rest from the start of the frame, where the caller stored them,
   * in argument order with the byval objects (their offsets in boff) */
  uint32_t *soff = arena_alloc(c->mem, (nv + 1) * sizeof *soff), *boff = arena_alloc(c->mem, (np + 1) * sizeof *boff);
  uint32_t so = 0;
  for (unsigned i = 0, g = 0; i <= np; i++) {
    unsigned n = i == np ? isel_implicit_arg_dwords(ca) : isel_call_dwords(LLVMTypeOf(params[i]));
    if (i < np && isel_arg_byval(c, NULL, c->fn, i, &bsize, &balign)) {
      so = (so + balign - 1) & ~(balign - 1);
      boff[i] = so;
      so += bsize;
      continue;
    }
    if (i < np && isel_arg_inreg(ca, NULL, c->fn, i)) continue;
    for (unsigned d = 0; d < n; d++, g++) {
      if (g >= nreg) soff[g] = so, so += 4;
      /* a parameter nothing reads is not loaded (its dwords' temporaries
       * stay unset: nothing sets the parameter from them below) */
      if (i < np && !LLVMGetFirstUse(params[i])) soff[g] = UINT32_MAX;
    }
  }
  c->stack_arg_loads = nv > nreg ? arena_alloc(c->mem, (nv - nreg) * sizeof *c->stack_arg_loads) : NULL;
  c->num_stack_arg_loads = 0;
  c->stack_arg_block = c->cur;
  for (unsigned i = nreg; i < nv; i++) {
    if (soff[i] == UINT32_MAX) continue;
    mir_instr *ld = mir_scratch_access(p, ISA_BUFFER_LOAD_DWORD, mir_op_temp(a[i] = isel_tmp(c, mir_rc_v(1))),
                                       isel_no_operand(), mir_op_temp(c->psb), mir_op_temp(c->stack_ptr),
                                       (int32_t)soff[i]);
    mir_block_append(p, &p->blocks[c->cur], ld);
    c->stack_arg_loads[c->num_stack_arg_loads++] = ld;
  }
  c->stack_arg_bytes = so;
  p->abi.private_segment_size = (c->stack_arg_bytes + 15) & ~15u;
  if (ca->amdgpu) {
    for (unsigned d = 0; d < 3; d++)
      if (ca->implicit & (ISEL_IMPLICIT_WI_X << d))
        c->wi_id[d] = isel_v1_3(c, ISA_V_BFE_U32, mir_op_temp(c->wi_packed), mir_op_const(10 * d), mir_op_const(10));
  } else {
    isel_receive_implicit(c, a + nexp);
  }
  c->entry_exec = isel_lane_tmp(c);
  mir_instr *sx = isel_emit(c, isel_lane_op(c, WAVECC_LANE_MOV), 1, 1);
  sx->ops[0] = isel_exec_operand(c);
  sx->defs[0] = mir_op_temp(c->entry_exec);
  for (unsigned i = 0, k = 0, s = 0; i < np; i++) {
    unsigned n = isel_call_dwords(LLVMTypeOf(params[i]));
    if (isel_arg_byval(c, NULL, c->fn, i, &bsize, &balign)) {
      /* a private pointer to its object: SP / wave size + its offset */
      mir_temp lane = isel_sp_lanes(c);
      isel_set(c, params[i], 0, isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(lane), mir_op_const(boff[i])));
      continue;
    }
    if (isel_arg_inreg(ca, NULL, c->fn, i)) {
      mir_operand w[32];
      for (unsigned j = 0; j < n; j++) w[j] = mir_op_temp(sin[s++]);
      if (LLVMGetFirstUse(params[i]) && !isel_from_call_words(c, params[i], w, n)) {
        isel_unsupported(c, params[i], "inreg parameter type");
        return;
      }
      continue;
    }
    if (LLVMGetFirstUse(params[i]) && !isel_call_set_value(c, params[i], a + k, n)) {
      isel_unsupported(c, params[i], "function parameter type");
      return;
    }
    k += n;
  }
}

/* Does the function branch on a divergent condition anywhere (the only
 * way selected code writes EXEC)? */
static bool any_divergent_branch(const isel_ctx *c) {
  for (uint32_t b = 0; b < c->di->num_blocks; b++)
    if (bitset_test(c->di->divergent_branch, b)) return true;
  return false;
}

void isel_emit_exit(isel_ctx *c, LLVMValueRef term) {
  if (!c->p->is_function) {
    isel_emit(c, ISA_S_ENDPGM, 0, 0);
    return;
  }
  mir_temp res[ISEL_CALL_MAX_ARGS];
  unsigned nr = 0;
  LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(c->fn));
  unsigned want = isel_call_dwords(rt);
  if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind && (!want || want > ISEL_CALL_REG_ARGS)) {
    isel_unsupported(c, term, "function result type");
    return;
  }
  if (c->masked || !term) {
    /* masked control flow runs every block and ends once, at the last
     * one, which may be an unreachable block: the lanes that returned
     * return the (only, "mergereturn") ret's value */
    term = NULL;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb && !term; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
      if (t && LLVMGetInstructionOpcode(t) == LLVMRet) term = t;
    }
  }
  if (term && LLVMGetInstructionOpcode(term) == LLVMRet && LLVMGetNumOperands(term) == 1) {
    if (!isel_call_value_dwords(c, LLVMGetOperand(term, 0), res, &nr)) {
      isel_unsupported(c, term, "function result type");
      return;
    }
  } else {
    /* unreachable: the results are undefined */
    for (; nr < want; nr++) res[nr] = isel_to_vgpr(c, mir_op_const(0), 1);
  }
  /* all of the entry's lanes return (masked control flow may end with
   * fewer active); without divergent branches EXEC never changes, and
   * dce drops the unused entry copy */
  if (any_divergent_branch(c)) {
    mir_instr *rx = isel_emit(c, isel_lane_op(c, WAVECC_LANE_MOV), 1, 1);
    rx->ops[0] = mir_op_temp(c->entry_exec);
    rx->defs[0] = isel_exec_operand(c);
  }
  mir_instr *r = isel_emit(c, MIR_P_RETURN, 3 + nr, 0);
  r->ops[0] = isel_fixed_use(c->ret_addr, MIR_PREG_SGPR(c->ca->ra_sgpr));
  r->ops[1] = isel_scratch_rsrc_use(c);
  r->ops[2] = isel_fixed_use(c->stack_ptr, MIR_PREG_SGPR(c->ca->sp_sgpr));
  for (unsigned i = 0; i < nr; i++) r->ops[3 + i] = isel_fixed_use(res[i], MIR_PREG_VGPR(i));
}

mir_operand isel_no_operand(void) { return (mir_operand){.kind = MIR_OPND_NONE, .preg = MIR_PREG_NONE}; }

mir_operand isel_scratch_rsrc_use(isel_ctx *c) {
  return wavecc_scratch_flat(c->p->target) ? isel_no_operand() : isel_fixed_use(c->psb, MIR_PREG_SGPR(0));
}

mir_temp isel_sp_lanes(isel_ctx *c) {
  unsigned l = wavecc_sp_log2(c->p->target);
  if (!l) return c->stack_ptr; /* flat scratch: SP counts a lane's bytes */
  return isel_s(c, ISA_S_LSHR_B32, 1, mir_op_temp(c->stack_ptr), mir_op_const(l));
}

mir_operand isel_private_soffset(isel_ctx *c) {
  return c->soffset_zero ? mir_op_const(0) : mir_op_temp(c->wave_offset);
}

mir_temp isel_frame_base(isel_ctx *c, uint32_t align, uint32_t *below, uint32_t *first) {
  mir_temp base = isel_sp_lanes(c);
  if (align <= STACK_ALIGN) {
    *below = 0;
    *first = c->stack_arg_bytes;
    return base;
  }
  /* An object aligned more than that: llc-19 rounds its frame pointer up,
   * s33 = (s32 + (A - 1) * 64) & -(A * 64); the same in lane units. The
   * base lies past the stack arguments, at most A - 16 bytes above them;
   * the frame keeps that room (private_segment_size), so the spill slots,
   * saved registers and callees' frames after it stay static offsets from
   * the stack pointer. */
  uint32_t args = (c->stack_arg_bytes + STACK_ALIGN - 1) & ~(STACK_ALIGN - 1u);
  mir_temp t = isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(base), mir_op_const(args + align - 1));
  *below = args + align - STACK_ALIGN;
  *first = 0;
  return isel_s(c, ISA_S_AND_B32, 1, mir_op_temp(t), mir_op_const(~(align - 1)));
}

/* Does x end the stretch a stack-argument load may sink through: a
 * branch, a logical bracket, a return, a linear-VGPR marker, an EXEC
 * write (below it the block may run other lanes), a store or an atomic? */
static bool ends_sink(const mir_program *p, const mir_instr *x) {
  switch (x->opcode) {
  case MIR_P_BRANCH: case MIR_P_CBRANCH_SCC: case MIR_P_LOGICAL_START: case MIR_P_LOGICAL_END: case MIR_P_RETURN:
  case MIR_P_START_LINEAR_VGPR: case MIR_P_END_LINEAR_VGPR: case MIR_P_PHI: case MIR_P_LINEAR_PHI:
    return true;
  default: break;
  }
  /* nor past a store or atomic: sched-loads does not raise a private
   * load above a private store, so a load below one would wait alone
   * (f_call_byval.ll f_after at gfx1030: its byval object's stores) */
  if (x->opcode < ISA_NUM_OPS && (isa_table[x->opcode].flags & (ISA_F_WRITES_EXEC | ISA_F_BRANCH | ISA_F_TERMINATOR |
                                                                 ISA_F_BARRIER | ISA_F_STORE | ISA_F_ATOMIC)))
    return true;
  for (unsigned k = 0; k < x->num_defs; k++)
    if ((x->defs[k].kind == MIR_OPND_FIXED || x->defs[k].kind == MIR_OPND_TEMP) && x->defs[k].preg == MIR_PREG_EXEC)
      return true;
  (void)p;
  return false;
}

/* isel_internal.h. Why: the loads were all at the entry, so the stack
 * arguments were live at once (f_call_wide_args.ll f63: 32 of them with
 * 31 VGPR arguments took v31..v62, and the 23 above the VGPRs a function
 * may clobber were saved and restored, whole wave, by the frame pass);
 * llc-19 loads each where it is used. sched-loads may raise them again
 * within its limits. The caller wrote them before the call and nothing in
 * the function writes its incoming stack arguments' bytes (its allocas
 * and callees' frames lie past them), so a later load reads the same. */
void isel_sink_stack_args(isel_ctx *c) {
  if (!c->num_stack_arg_loads || c->failed) return;
  mir_block *b = &c->p->blocks[c->stack_arg_block];
  for (uint32_t n = c->num_stack_arg_loads; n-- > 0;) {
    mir_instr *ld = c->stack_arg_loads[n];
    uint32_t i = 0;
    while (i < b->num_instrs && b->instrs[i] != ld) i++;
    if (i == b->num_instrs) continue;
    uint32_t id = ld->defs[0].temp.id, j = i + 1;
    bool read = false;
    for (; j < b->num_instrs && !ends_sink(c->p, b->instrs[j]); j++) {
      const mir_instr *x = b->instrs[j];
      for (unsigned k = 0; k < x->num_ops && !read; k++) read = x->ops[k].kind == MIR_OPND_TEMP && x->ops[k].temp.id == id;
      if (read) break;
    }
    if (!read) continue; /* read only in other blocks (or past an EXEC write): stays */
    memmove(&b->instrs[i], &b->instrs[i + 1], (j - 1 - i) * sizeof *b->instrs);
    b->instrs[j - 1] = ld;
  }
}
