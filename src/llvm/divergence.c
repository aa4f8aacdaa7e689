/* Divergence analysis on LLVM IR.
 *
 * Algorithm: a forward data-flow fixpoint over the values of one kernel,
 * after the "uniformity analysis" literature (Karrenberg & Hack,
 * "Improving Performance of OpenCL on CPUs", CC 2012; Sampaio et al.,
 * "Divergence Analysis", TOPLAS 2013), made conservative where that keeps
 * it simple:
 *
 *  - Sources of divergence: work-item ids (llvm.amdgcn.workitem.id.*,
 *    mbcnt), loads from private or flat memory (each lane has its own
 *    scratch), volatile/atomic loads, atomics' results, and any value
 *    computed from a divergent operand.
 *  - Uniform by construction: kernel arguments, workgroup ids, the
 *    dispatch / implicit-argument / kernarg pointers (AMDGPUUsage "Initial
 *    Kernel Execution State": they arrive in SGPRs), readfirstlane, inline
 *    assembly whose outputs are all SGPRs, allocas
 *    (private addresses are swizzled per lane by the hardware, the pointer
 *    value itself is the same in every lane), and loads whose address is
 *    uniform in global, constant and LDS memory (one address, one value).
 *  - Sync dependence: a branch on a divergent condition in block B makes
 *    every phi in the blocks reachable from B before its immediate
 *    post-dominator P, and the phis of P, divergent (a superset of the
 *    exact join points; good enough because the region is bounded by P).
 *  - Temporal divergence: if such a region contains a cycle through B (a
 *    loop with a divergent exit or continue), values defined on that cycle
 *    and used outside it are divergent: lanes leave in different
 *    iterations and see different instances. Such a use is normally a
 *    copy (freeze) that loop-exit-copies put on the exiting edge, so the
 *    value itself stays uniform inside the loop; drop_unpaid_copies then
 *    makes it divergent after all where its uniformity saves less than
 *    the copy's v_mov per iteration costs.
 *  Marking more values divergent never breaks correctness (a uniform value
 *  in a VGPR is merely wasteful), so every approximation errs that way.
 *
 * The CFG, post-dominators and loops come from the shared analysis in
 * llvm/cfg.c (also used by the selectors and loop-escaping-booleans).
 * Cost: O(values) per fixpoint round, O(blocks) per divergent branch.
 */
#include "llvm/divergence.h"

#include <string.h>

#include "util/bitset.h"

typedef llvm_cfg cfg;

static uint32_t bidx(const divergence_info *di, LLVMBasicBlockRef bb) { return ptrmap_get(&di->bindex, bb); }

uint32_t divergence_block_index(const divergence_info *di, LLVMBasicBlockRef bb) { return bidx(di, bb); }

bool divergence_in_loop(const divergence_info *di, uint32_t h, uint32_t b) { return llvm_cfg_in_loop(di->cfg, h, b); }

static bool name_starts(const char *n, size_t len, const char *prefix) {
  size_t pl = strlen(prefix);
  return len >= pl && memcmp(n, prefix, pl) == 0;
}

/* Divergence of an intrinsic call's result apart from its operands:
 * 1 = always divergent, 0 = always uniform, -1 = from the operands. */
static int intrinsic_divergence(LLVMValueRef callee) {
  size_t len;
  const char *n = LLVMGetValueName2(callee, &len);
  if (name_starts(n, len, "llvm.amdgcn.workitem.id") || name_starts(n, len, "llvm.amdgcn.mbcnt"))
    return 1;
  /* writelane: one lane replaced, so the lanes differ even when every
   * operand is uniform (a uniform loop writing lanes: wrong values,
   * tests/kernels/f_writelane_uniform.ll) */
  if (name_starts(n, len, "llvm.amdgcn.writelane")) return 1;
  /* DPP moves: each lane reads another lane, or keeps `old` (isel_dpp.c) */
  if (name_starts(n, len, "llvm.amdgcn.update.dpp") || name_starts(n, len, "llvm.amdgcn.mov.dpp")) return 1;
  /* each lane holds other elements of the matrix product (isel_mfma.c) */
  if (name_starts(n, len, "llvm.amdgcn.mfma.")) return 1;
  /* buffer atomics: each lane sees another old value (isel_buffer.c) */
  if (name_starts(n, len, "llvm.amdgcn.raw.ptr.buffer.atomic.") || name_starts(n, len, "llvm.amdgcn.struct.ptr.buffer.atomic."))
    return 1;
  /* the global/flat atomic intrinsics (global.atomic.csub: isel_dot.c) likewise,
   * even on a uniform address and value */
  if (name_starts(n, len, "llvm.amdgcn.global.atomic.") || name_starts(n, len, "llvm.amdgcn.flat.atomic.")) return 1;
  /* readlane and ballot: one scalar result for the wave, whatever their
   * operands (the atomic optimizer's scan loop reads lanes with them) */
  if (name_starts(n, len, "llvm.amdgcn.readfirstlane") || name_starts(n, len, "llvm.amdgcn.readlane") ||
      name_starts(n, len, "llvm.amdgcn.ballot") || name_starts(n, len, "llvm.amdgcn.workgroup.id") ||
      name_starts(n, len, "llvm.amdgcn.dispatch.ptr") || name_starts(n, len, "llvm.amdgcn.implicitarg.ptr") ||
      name_starts(n, len, "llvm.amdgcn.kernarg.segment.ptr") || name_starts(n, len, "llvm.amdgcn.dispatch.id") ||
      name_starts(n, len, "llvm.amdgcn.queue.ptr"))
    return 0;
  if (!LLVMGetIntrinsicID(callee)) return 1; /* a real call: results come back in VGPRs */
  return -1;
}

/* Divergence of an inline assembly call's result: uniform when every
 * output is in a scalar register ("=s", "=&s", "={s4}", "={s[4:5]}"), as
 * LLVM's AMDGPU isInlineAsmSourceOfDivergence decides; 1 otherwise. */
static int asm_divergence(LLVMValueRef ia) {
  size_t len;
  const char *s = LLVMGetInlineAsmConstraintString(ia, &len);
  for (size_t i = 0; i < len;) {
    size_t j = i;
    while (j < len && s[j] != ',') j++;
    if (s[i] == '=') {
      size_t k = i + 1;
      if (k < j && s[k] == '&') k++;
      bool sgpr = (j - k == 1 && s[k] == 's') || (j - k >= 3 && s[k] == '{' && s[k + 1] == 's');
      if (!sgpr) return 1;
    }
    i = j + 1;
  }
  return 0;
}

bool divergence_is_divergent(const divergence_info *di, LLVMValueRef v) {
  uint32_t i = ptrmap_get(&di->index, v);
  return i != UINT32_MAX && bitset_test(di->divergent, i);
}

static bool load_is_divergent(const divergence_info *di, LLVMValueRef ins) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0);
  if (divergence_is_divergent(di, ptr)) return true;
  if (LLVMGetVolatile(ins) || LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic) return true;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  return !(as == 1 || as == 3 || as == 4 || as == 6);
}

/* Marks v divergent; returns true if it was not already. */
static bool mark(divergence_info *di, LLVMValueRef v) {
  uint32_t i = ptrmap_get(&di->index, v);
  if (i == UINT32_MAX || bitset_test(di->divergent, i)) return false;
  bitset_set(di->divergent, i);
  return true;
}

/* Sync dependence on a reducible CFG: the phis of the blocks that paths
 * from two different successors of the divergent branch b reach before
 * they reconverge at b's immediate post-dominator `stop` (included). The
 * header of a loop holding b does not continue a path into the loop (the
 * back edge is the lanes that stay, all in the same iteration with the
 * same values: values they carry out are temporal divergence, handled by
 * the caller), so a uniform induction variable of a loop with a divergent
 * exit stays uniform. But the lanes that stay leave the loop later,
 * through any of its exits: the path goes on from those exits' targets.
 * Without that, a block joining a divergent exit with a later uniform
 * exit of the same loop (a phi of constants saying which exit was taken)
 * was reached from one side only and its phis stayed uniform: SGPR phis
 * written inside the per-exit EXEC regions (wrong values at wave32,
 * tests/kernels/f_loop_exit_join.ll). Reaching a block from two
 * successors is a superset of LLVM's join points (two disjoint paths),
 * which is safe. */
static bool mark_joins(divergence_info *di, cfg *g, uint32_t b, uint32_t stop, arena *mem) {
  uint32_t nb = g->nb;
  uint8_t *reach = arena_alloc(mem, nb + 1), *seen = arena_alloc(mem, nb + 1);
  uint32_t *work = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  bool changed = false;
  for (uint32_t e = g->succ_start[b]; e < g->succ_start[b + 1]; e++) {
    uint32_t s0 = g->succ[e];
    bool dup = false;
    for (uint32_t e2 = g->succ_start[b]; e2 < e; e2++) dup |= g->succ[e2] == s0;
    if (dup) continue;
    memset(seen, 0, nb + 1);
    uint32_t nw = 0;
    work[nw++] = s0;
    seen[s0] = 1;
    for (uint32_t k = 0; k < nw; k++) {
      uint32_t n = work[k];
      if (reach[n] < 2) reach[n]++;
      if (n == stop) continue;
      bool header = di->loop_of[n] == n && divergence_in_loop(di, n, b);
      /* from a header: the successors outside its loop of the loop's blocks */
      for (uint32_t m = header ? 0 : n; m < (header ? nb : n + 1); m++) {
        if (header && !divergence_in_loop(di, n, m)) continue;
        for (uint32_t e2 = g->succ_start[m]; e2 < g->succ_start[m + 1]; e2++) {
          uint32_t x = g->succ[e2];
          if (!seen[x] && !(header && divergence_in_loop(di, n, x))) {
            seen[x] = 1;
            work[nw++] = x;
          }
        }
      }
    }
  }
  for (uint32_t n = 0; n < nb; n++) {
    if (reach[n] < 2) continue;
    for (LLVMValueRef ins = LLVMGetFirstInstruction(g->rpo[n]); ins && LLVMIsAPHINode(ins);
         ins = LLVMGetNextInstruction(ins))
      changed |= mark(di, ins);
  }
  return changed;
}

/* Can a selector read v's operands in place of v? Extensions, truncations
 * and other casts (32-bit sources of 64-bit operations, compares of the
 * source), GEPs (base and index apart: saddr, index splits, offsets) and
 * operations with a constant operand (the constant folded into the user:
 * ext(add(x, k)) as x plus an offset). Not phis or memory reads, and not
 * an operation of two run-time values (a load and a phi added in the loop,
 * structurize-loop.ll: the load stays scalar). */
static bool read_through(LLVMValueRef v) {
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMBitCast: case LLVMPtrToInt: case LLVMIntToPtr:
  case LLVMAddrSpaceCast: case LLVMFreeze: case LLVMGetElementPtr:
    return true;
  case LLVMPHI: case LLVMLoad: case LLVMAtomicRMW: case LLVMAtomicCmpXchg: case LLVMCall:
    return false;
  default:
    for (int i = 0, n = LLVMGetNumOperands(v); i < n; i++)
      if (LLVMIsAConstant(LLVMGetOperand(v, i))) return true;
    return false;
  }
}

static bool is_bool(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1;
}

/* Temporal divergence through the operands the selection reads in place
 * of a value. A selector may read, at the value's use, the operands of
 * the instruction defining it instead of its result: a 64-bit multiply of
 * zext(x) reads x (isel_narrow64.c lo_of), a GEP's index zext(add(x, k))
 * reads x (isel_gep.c index_split), a compare looks through extensions.
 * Outside a cycle that lanes leave in different iterations, an operand
 * defined on the cycle and uniform there is one SGPR holding the last
 * iteration's instance, not each lane's: gen_loop_exits seed 7243 at -O0
 * stored mul_hi(i, k) for every lane with the wave's last i, because the
 * 64-bit multiply after the loop read the loop counter's SGPR through its
 * zext (tests/kernels/f_temporal_operand.ll). So the operands on the cycle
 * of the temporally divergent values slice[0..n) are divergent too, and
 * theirs, transitively (through what read_through allows): a VGPR keeps
 * each lane's instance. Booleans neither start nor continue the walk: an
 * i1 leaves a loop as a lane mask, or through loop-escaping-booleans'
 * zext (a v_cndmask of the mask in its own block), and no selector reads
 * a compare's operands for it (walking from zext(icmp(i, k)) made
 * f_temporal_uniform.cl t_chase's scalar loads VMEM at -O2). The walk does
 * not start at a freeze either: the copy loop-exit-copies puts
 * on an exiting edge (loop_exit_copies.cpp) is what is read outside, and
 * its operand stays uniform. Without loop-exit-copies (-O0,
 * --no-llc-ir-passes) the values carried out are used directly and this
 * is what keeps their operands right. */
static bool mark_temporal_operands(divergence_info *di, const uint8_t *cyc, LLVMValueRef *slice, uint32_t n,
                                   arena *mem) {
  bool changed = false;
  uint8_t *seen = arena_alloc(mem, di->num_values + 1);
  for (uint32_t k = 0; k < n; k++) {
    LLVMValueRef v = slice[k];
    if (!read_through(v)) continue;
    int no = LLVMGetNumOperands(v);
    for (int i = 0; i < no; i++) {
      LLVMValueRef o = LLVMGetOperand(v, i);
      if (!o || !LLVMIsAInstruction(o) || is_bool(o)) continue;
      uint32_t ob = bidx(di, LLVMGetInstructionParent(o)), oi = ptrmap_get(&di->index, o);
      if (ob == UINT32_MAX || !cyc[ob] || oi == UINT32_MAX || seen[oi]) continue;
      seen[oi] = 1;
      changed |= mark(di, o);
      slice[n++] = o;
    }
  }
  return changed;
}

/* A divergent branch at block b: sync and temporal divergence. */
static bool handle_divergent_branch(divergence_info *di, cfg *g, uint32_t b, arena *mem) {
  bool changed = false;
  uint32_t nb = g->nb, stop = g->ipdom[b];
  uint8_t *in = arena_alloc(mem, nb + 1);
  uint32_t *work = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  uint32_t nw = 0;
  for (uint32_t e = g->succ_start[b]; e < g->succ_start[b + 1]; e++) {
    uint32_t s = g->succ[e];
    if (s != stop && !in[s]) {
      in[s] = 1;
      work[nw++] = s;
    }
  }
  for (uint32_t k = 0; k < nw; k++) {
    uint32_t n = work[k];
    for (uint32_t e = g->succ_start[n]; e < g->succ_start[n + 1]; e++) {
      uint32_t s = g->succ[e];
      if (s != stop && !in[s]) {
        in[s] = 1;
        work[nw++] = s;
      }
    }
  }
  if (di->reducible) {
    changed |= mark_joins(di, g, b, stop, mem);
  } else {
    /* every phi in the region and at its end */
    for (uint32_t k = 0; k <= nw; k++) {
      uint32_t n = k < nw ? work[k] : stop;
      if (n >= nb) continue;
      for (LLVMValueRef ins = LLVMGetFirstInstruction(g->rpo[n]); ins && LLVMIsAPHINode(ins);
           ins = LLVMGetNextInstruction(ins))
        changed |= mark(di, ins);
    }
  }
  if (!in[b]) return changed;
  /* The region cycles back to b: find the cycle (blocks of the region that
   * reach b inside it) and mark values defined there and used outside. */
  uint8_t *cyc = arena_alloc(mem, nb + 1);
  uint32_t nc = 0;
  work[nc++] = b;
  cyc[b] = 1;
  for (uint32_t k = 0; k < nc; k++) {
    uint32_t n = work[k];
    for (uint32_t e = g->pred_start[n]; e < g->pred_start[n + 1]; e++) {
      uint32_t p = g->pred[e];
      if (in[p] && !cyc[p]) {
        cyc[p] = 1;
        work[nc++] = p;
      }
    }
  }
  LLVMValueRef *slice = NULL;
  uint32_t ns = 0;
  for (uint32_t k = 0; k < nc; k++) {
    for (LLVMValueRef ins = LLVMGetFirstInstruction(g->rpo[work[k]]); ins; ins = LLVMGetNextInstruction(ins)) {
      for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        uint32_t ub = bidx(di, LLVMGetInstructionParent(user));
        if (ub == UINT32_MAX || !cyc[ub]) {
          changed |= mark(di, ins);
          /* not from a freeze (the exit copy) or a boolean (see
           * mark_temporal_operands) */
          if (LLVMGetInstructionOpcode(ins) != LLVMFreeze && !is_bool(ins)) {
            /* room for mark_temporal_operands, which adds each value once */
            if (!slice) slice = arena_alloc(mem, 2 * (di->num_values + 1) * sizeof *slice);
            slice[ns++] = ins;
          }
          break;
        }
      }
    }
  }
  if (slice) changed |= mark_temporal_operands(di, cyc, slice, ns, mem);
  return changed;
}

/* The number (0, 1, or 2 for more) of distinct blocks outside loop h
 * that its blocks branch to, an empty block with one predecessor counting
 * as its successor (the split edges the selection folds into the join
 * after the loop, isel_struct.h empty_to). */
static uint32_t exit_targets(const divergence_info *di, uint32_t h) {
  uint32_t n = 0, first = UINT32_MAX;
  for (uint32_t b = 0; b < di->num_blocks; b++) {
    if (!divergence_in_loop(di, h, b)) continue;
    for (uint32_t e = di->succ_start[b]; e < di->succ_start[b + 1]; e++) {
      uint32_t x = di->succ[e];
      if (x >= di->num_blocks || divergence_in_loop(di, h, x)) continue;
      LLVMValueRef t = LLVMGetBasicBlockTerminator(di->blocks[x]);
      if (LLVMGetFirstInstruction(di->blocks[x]) == t && LLVMGetInstructionOpcode(t) == LLVMBr &&
          !LLVMIsConditional(t) && di->pred_start[x + 1] - di->pred_start[x] == 1)
        x = bidx(di, LLVMGetSuccessor(t, 0));
      if (x == first) continue;
      if (first == UINT32_MAX) first = x;
      else return 2;
      n = 1;
    }
  }
  return n;
}

/* Does keeping uniform value v of loop h uniform save more than its copy
 * costs? True when a uniform value computed from it inside the loop
 * (data dependence, not through other copies) is the address of a load
 * that can be scalar (isel_mem.c: constant memory, or global memory marked
 * !invariant.load / !amdgpu.noclobber), an index into a vector, an operand
 * of s.buffer.load, or the condition of a branch that
 * then stays a scalar branch (not an exit of a loop with several exit
 * targets: their exits all become lane masks, isel_struct_loop.c). */
/* Is load ld of memory a scalar load may read (isel_mem.c: constant
 * memory, or global memory marked !invariant.load / !amdgpu.noclobber)? */
static bool scalar_memory(LLVMValueRef ld) {
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(ld, 0)));
  /* kind numbers of the load's own context: a custom kind's number
   * (amdgpu.noclobber) depends on the order a context met its kinds, and
   * LLVMGetMDKindID asks the global context (with wavecc.no-bypass
   * registered first, the two disagreed and f_loop_escape.ll's uniform
   * loads became VMEM: 3.2x llc-19's occupancy-model cycles) */
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(ld));
  return as == 4 || (as == 1 && (LLVMGetMetadata(ld, LLVMGetMDKindIDInContext(ctx, "invariant.load", 14)) ||
                                 LLVMGetMetadata(ld, LLVMGetMDKindIDInContext(ctx, "amdgpu.noclobber", 16))));
}

static bool uniform_pays(const divergence_info *di, LLVMValueRef v, uint32_t h, uint8_t *seen, LLVMValueRef *work,
                         uint32_t *marked, bool valu_add64) {
  /* v itself a load through a uniform pointer that can then be scalar:
   * an s_load (60 cycles of latency in the cycle model) and the copy's
   * v_mov, not a VMEM load (300); f_temporal_uniform t_do: table[i] in a
   * loop with a divergent exit, llc-19's s_load_dword */
  if (LLVMGetInstructionOpcode(v) == LLVMLoad && scalar_memory(v) && !LLVMGetVolatile(v) && LLVMGetAlignment(v) >= 4 &&
      !divergence_is_divergent(di, LLVMGetOperand(v, 0)))
    return true;
  uint32_t nw = 0, nm = 0;
  work[nw++] = v;
  bool pays = false;
  for (uint32_t k = 0; k < nw && !pays; k++) {
    for (LLVMUseRef u = LLVMGetFirstUse(work[k]); u && !pays; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user)) continue;
      uint32_t ub = bidx(di, LLVMGetInstructionParent(user)), ui = ptrmap_get(&di->index, user);
      if (ub == UINT32_MAX || ui == UINT32_MAX || seen[ui] || !divergence_in_loop(di, h, ub) ||
          divergence_is_divergent(di, user))
        continue;
      seen[ui] = 1;
      marked[nm++] = ui;
      LLVMOpcode op = LLVMGetInstructionOpcode(user);
      if (op == LLVMFreeze) continue;
      if (op == LLVMLoad && LLVMGetOperand(user, 0) == work[k] && scalar_memory(user)) pays = true;
      /* a uniform address of a global load or store that stays a VMEM
       * access (the lanes' data differ, or the memory may be written):
       * its address then sits in SGPRs (the saddr form) and its 64-bit
       * arithmetic is SALU, not a VGPR pair and two VALU adds per
       * iteration, more than the copy's v_mov (pattern_count: a 64-bit
       * counter addressing the pattern, 10 VGPRs where llc-19 has 5) */
      /* Not where a 64-bit VALU add is one instruction (gfx942's
       * v_lshl_add_u64, divergence_mark_valu_add64): there the VGPR
       * address costs one VALU add per step, as the uniform one costs two
       * SALU adds plus the copy's v_mov (pattern_count at gfx942: 2391 ->
       * 2570 wave-instructions with the rule, llc-19 3362). */
      if (((op == LLVMLoad && LLVMGetOperand(user, 0) == work[k]) ||
           (op == LLVMStore && LLVMGetOperand(user, 1) == work[k])) &&
          LLVMGetPointerAddressSpace(LLVMTypeOf(work[k])) == 1 && !valu_add64)
        pays = true;
      /* a uniform index into a vector: v_movrel / s_set_gpr_idx, not a
       * compare-and-select per element (isel_vector_index.c) */
      if ((op == LLVMExtractElement && LLVMGetOperand(user, 1) == work[k]) ||
          (op == LLVMInsertElement && LLVMGetOperand(user, 2) == work[k]))
        pays = true;
      /* s_buffer_load: a divergent offset needs a loop over the lanes */
      if (op == LLVMCall) {
        LLVMValueRef callee = LLVMGetCalledValue(user);
        size_t len = 0;
        const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
        pays |= name_starts(name, len, "llvm.amdgcn.s.buffer.load");
      }
      if (op == LLVMBr || op == LLVMSwitch) {
        uint32_t l = di->loop_of[ub];
        bool exit = false;
        for (unsigned s = 0, ns = LLVMGetNumSuccessors(user); s < ns && l != UINT32_MAX; s++)
          exit |= !divergence_in_loop(di, l, bidx(di, LLVMGetSuccessor(user, s)));
        pays |= !exit || exit_targets(di, l) < 2;
        continue;
      }
      if (LLVMGetTypeKind(LLVMTypeOf(user)) != LLVMVoidTypeKind) work[nw++] = user;
    }
  }
  for (uint32_t k = 0; k < nm; k++) seen[marked[k]] = 0;
  return pays;
}

static const char valu_add64_flag[] = "wavecc-valu-add64";

void divergence_mark_valu_add64(LLVMModuleRef mod) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(mod));
  LLVMAddModuleFlag(mod, LLVMModuleFlagBehaviorOverride, valu_add64_flag, sizeof valu_add64_flag - 1,
                    LLVMValueAsMetadata(LLVMConstInt(i32, 1, 0)));
}

/* Temporal copies that do not pay (issue 27). loop-exit-copies
 * (loop_exit_copies.cpp) gives a value carried out of a loop a copy
 * (freeze) on each exiting edge, so that in a loop with a divergent exit
 * the value stays uniform and only the copy is divergent: a v_mov into a
 * VGPR every iteration, under the lanes still in the loop. When nothing
 * inside the loop gains from the value being uniform (a counter only
 * compared in an exit of a loop whose exits are all lane masks anyway, or
 * only added to lane values), that v_mov is pure cost: the value itself is
 * made divergent instead, as without the copy, and the copy then selects
 * to nothing (isel_alu.c). True when it marked anything. */
static bool drop_unpaid_copies(divergence_info *di, arena *mem) {
  bool changed = false, valu_add64 = false;
  if (di->num_blocks) {
    LLVMModuleRef mod = LLVMGetGlobalParent(LLVMGetBasicBlockParent(di->blocks[0]));
    valu_add64 = LLVMGetModuleFlag(mod, valu_add64_flag, sizeof valu_add64_flag - 1) != NULL;
  }
  uint8_t *seen = NULL; /* by value number, all 0 between calls */
  LLVMValueRef *work = NULL;
  uint32_t *marked = NULL;
  for (uint32_t b = 0; b < di->num_blocks; b++)
    for (LLVMValueRef ins = LLVMGetFirstInstruction(di->blocks[b]); ins; ins = LLVMGetNextInstruction(ins)) {
      if (LLVMGetInstructionOpcode(ins) != LLVMFreeze || !divergence_is_divergent(di, ins)) continue;
      LLVMValueRef v = LLVMGetOperand(ins, 0);
      while (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMFreeze) v = LLVMGetOperand(v, 0);
      uint32_t vb = LLVMIsAInstruction(v) ? bidx(di, LLVMGetInstructionParent(v)) : UINT32_MAX;
      if (vb == UINT32_MAX || divergence_is_divergent(di, v) || di->loop_of[vb] == UINT32_MAX ||
          (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1))
        continue;
      if (!seen) {
        seen = arena_alloc(mem, di->num_values + 1);
        work = arena_alloc(mem, (di->num_values + 1) * sizeof *work);
        marked = arena_alloc(mem, (di->num_values + 1) * sizeof *marked);
      }
      if (!uniform_pays(di, v, di->loop_of[vb], seen, work, marked, valu_add64)) changed |= mark(di, v);
    }
  return changed;
}

static void fixpoint(divergence_info *di, cfg *g, arena *mem);

divergence_info *divergence_analyze(LLVMValueRef fn, arena *mem) {
  divergence_info *di = arena_alloc(mem, sizeof *di);
  const llvm_cfg *gp = di->cfg = llvm_cfg_build(fn, mem);
  cfg g = *gp;
  di->bindex = g.bindex;
  di->num_blocks = g.nb;
  di->blocks = g.rpo;
  di->succ_start = g.succ_start;
  di->succ = g.succ;
  di->pred_start = g.pred_start;
  di->pred = g.pred;
  di->ipdom = g.ipdom;
  di->idom = g.idom;
  di->loop_of = g.loop_of;
  di->loop_parent = g.loop_parent;
  di->reducible = g.reducible;
  uint32_t nv = LLVMCountParams(fn);
  for (uint32_t b = 0; b < g.nb; b++)
    for (LLVMValueRef ins = LLVMGetFirstInstruction(g.rpo[b]); ins; ins = LLVMGetNextInstruction(ins)) nv++;
  ptrmap_init(&di->index, mem, nv);
  uint32_t k = 0;
  for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a)) ptrmap_put(&di->index, a, k++);
  for (uint32_t b = 0; b < g.nb; b++)
    for (LLVMValueRef ins = LLVMGetFirstInstruction(g.rpo[b]); ins; ins = LLVMGetNextInstruction(ins))
      ptrmap_put(&di->index, ins, k++);
  di->num_values = nv;
  di->divergent = arena_alloc(mem, BITSET_WORDS(nv + 1) * sizeof(uint64_t));
  di->divergent_branch = arena_alloc(mem, BITSET_WORDS(g.nb + 1) * sizeof(uint64_t));
  /* A non-kernel function's arguments arrive in VGPRs, one value per lane
   * (isel_calls.c). */
  if (LLVMGetFunctionCallConv(fn) != LLVMAMDGPUKERNELCallConv)
    for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a)) mark(di, a);

  do fixpoint(di, &g, mem);
  while (drop_unpaid_copies(di, mem));
  return di;
}

/* The forward data-flow fixpoint (file comment). */
static void fixpoint(divergence_info *di, cfg *gp, arena *mem) {
  cfg g = *gp;
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = 0; b < g.nb; b++) {
      for (LLVMValueRef ins = LLVMGetFirstInstruction(g.rpo[b]); ins; ins = LLVMGetNextInstruction(ins)) {
        if (divergence_is_divergent(di, ins)) continue;
        LLVMOpcode op = LLVMGetInstructionOpcode(ins);
        bool div = false;
        int n = LLVMGetNumOperands(ins);
        if (op == LLVMLoad) {
          div = load_is_divergent(di, ins);
        } else if (op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg) {
          div = true;
        } else if (op == LLVMCall) {
          LLVMValueRef callee = LLVMGetCalledValue(ins);
          int id = LLVMIsAFunction(callee) ? intrinsic_divergence(callee) : LLVMIsAInlineAsm(callee) ? asm_divergence(callee) : 1;
          if (id >= 0) {
            div = id == 1;
          } else {
            for (int i = 0; i < n - 1 && !div; i++) div = divergence_is_divergent(di, LLVMGetOperand(ins, i));
          }
        } else if (op == LLVMAlloca) {
          div = false;
        } else {
          for (int i = 0; i < n && !div; i++) div = divergence_is_divergent(di, LLVMGetOperand(ins, i));
        }
        if (div) changed |= mark(di, ins);
      }
      LLVMValueRef term = LLVMGetBasicBlockTerminator(g.rpo[b]);
      if (!term || bitset_test(di->divergent_branch, b)) continue;
      LLVMOpcode top = LLVMGetInstructionOpcode(term);
      bool dbr = false;
      if (top == LLVMBr && LLVMIsConditional(term))
        dbr = divergence_is_divergent(di, LLVMGetCondition(term));
      else if (top == LLVMSwitch)
        dbr = divergence_is_divergent(di, LLVMGetOperand(term, 0));
      if (dbr) {
        bitset_set(di->divergent_branch, b);
        handle_divergent_branch(di, &g, b, mem);
        changed = true;
      }
    }
  }
}

void divergence_print(const divergence_info *di, LLVMValueRef fn, FILE *out) {
  size_t len;
  const char *fname = LLVMGetValueName2(fn, &len);
  fprintf(out, "divergence of %s:\n", fname);
  for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a)) {
    char *s = LLVMPrintValueToString(a);
    fprintf(out, "  %s: arg %s\n", divergence_is_divergent(di, a) ? "divergent" : "uniform", s);
    LLVMDisposeMessage(s);
  }
  for (uint32_t b = 0; b < di->num_blocks; b++) {
    const char *bn = LLVMGetBasicBlockName(di->blocks[b]);
    fprintf(out, "block %u%s%s:%s\n", b, *bn ? " " : "", bn,
            bitset_test(di->divergent_branch, b) ? " divergent branch" : "");
    for (LLVMValueRef ins = LLVMGetFirstInstruction(di->blocks[b]); ins; ins = LLVMGetNextInstruction(ins)) {
      if (LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMVoidTypeKind) continue;
      char *s = LLVMPrintValueToString(ins);
      const char *t = s;
      while (*t == ' ') t++;
      fprintf(out, "  %s: %s\n", divergence_is_divergent(di, ins) ? "divergent" : "uniform", t);
      LLVMDisposeMessage(s);
    }
  }
}
