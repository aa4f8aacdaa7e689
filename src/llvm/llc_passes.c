/* llc-19's pre-selection IR passes inside wavecc (issue 27): the pass list
 * and the target facts they see. Sources: AMDGPUTargetMachine.cpp
 * (AMDGPUPassConfig::addIRPasses, addStraightLineScalarOptimizationPasses,
 * addCodeGenPrepare) for which passes and in which order; GCNTTIImpl
 * (AMDGPUTargetTransformInfo.cpp) and SITargetLowering (SIISelLowering.cpp)
 * for the answers in wir_tti_facts; the ISA guides for the offset fields
 * (isa_offset_range). */
#include "llvm/llc_passes.h"

#include "target/isa.h"

/* In llc's order, but for the first: small private arrays indexed at run
 * time into vector values (AMDGPUPromoteAlloca, which llc-19 runs after
 * AtomicExpand; promote_private_arrays.cpp lowers the private atomics it
 * meets itself, so it can come first), the atomic optimizer (one atomic per wave at a uniform
 * address, atomic_optimizer.cpp; before wir_expand_atomics as llc-19 runs
 * it before AtomicExpand), the straight-line scalar optimisations (split constant
 * offsets out of GEPs, strength-reduce and reassociate what they expose,
 * CSE after each), address arithmetic of sibling blocks computed once in
 * their dominator (hoist_sibling_exprs.cpp: what llc-19's MachineCSE PRE
 * does after selection), loop strength reduction (not on register-only loops
 * with many live-out values: loop_reduce_memory.cpp says why), small
 * loops that load unrolled by 2 with a run-time remainder
 * (unroll_load_loops.cpp: llc-19 does not, and both compilers' code waited
 * for each iteration's loads alone; after LSR, so the second iteration
 * reads the first's bumped pointer with an offset: before it, LSR gave
 * each iteration a pointer of its own, 2-3 more VGPRs on gemv_row,
 * pagerank_pull, spmv_csr at gfx900), CodeGenPrepare's 64->32-bit
 * division bypass, then the load-store vectoriser and llc-19's
 * !amdgpu.noclobber annotation after it (annotate_noclobber.cpp).
 * infer-address-spaces before the atomic optimizer, as llc-19 (its
 * output optimizes a flat atomic on an addrspacecast global pointer): a
 * flat atomic it makes global at a uniform address is then done once per
 * wave, as the same atomic written on the global pointer is
 * (f_fp_atomics_native.ll at gfx900: a contended flat fmax of increasing
 * values ran its compare-and-swap loop 64 times; occupancy-model cycles
 * 35676 -> 17862, llc-19 22655). It costs f_atomics_expand.ll 13724 ->
 * 14447 (llc-19 15009): its contended flat fmin of increasing values
 * needs two compare-and-swap rounds in the emulator's lane order, less
 * than the 64-lane fold; that is the data, not the address space
 * (2026-11-29). infer-address-spaces at all: a store through an addrspacecast of an LDS
 * pointer that the -O2 pipeline made conditional after its own run
 * (f_generic_ptr: bump(pick(&lds[l], &priv[3], c))) was a flat_store,
 * which also counts in lgkmcnt, so the next LDS read waited for its
 * VMEM latency; now a ds_write (occupancy-model cycles 1278 -> 1000 per
 * test, llc-19 1013). Not run: LICM (wavecc
 * hoists in machine IR) and amdgpu-codegenprepare. break-crit-edges last:
 * the selection expects no critical edges (import.c), and LSR may leave
 * its preheaders' edges split differently. fold-negations (wavecc's,
 * fold_negations.cpp) before the first early-cse: the fneg folds llc-19's
 * DAG combiner does before its CSE, so equal expressions written with their
 * signs apart are merged (black_scholes' cnd(d) and cnd(-d): kernel
 * 383 -> 305 instructions at gfx900, llc-19 316). The driver runs it after
 * wavecc's own IR passes (import.c says why).
 * lcssa,loop-exit-copies before fold-single-phis (temporal divergence,
 * loop_exit_copies.cpp): a value carried out of a loop gets a copy
 * (freeze) on each exiting edge, so that a uniform value of a loop with a
 * divergent exit stays in an SGPR inside it and only the copy is a VGPR,
 * as llc-19 does. divergence.c keeps the value uniform only where that
 * pays (a scalar load or a scalar branch in the loop depends on it); else
 * the value is divergent as without the copy and the copy selects to
 * nothing. Without that test every value's copy costs a v_mov per
 * iteration and does not pay (17 loop kernels: cycles 1.132 -> 1.135);
 * with it, far-branch threading (branch_thread.c) and one EXEC update for
 * an empty exit-copy block (exec_cleanup.c), first_match.cl and
 * f_search_temporal.cl take 12 % fewer occupancy-model cycles at gfx900
 * (2026-11-29). The leaving lanes' phi copies read the copy's VGPR, not
 * the uniform SGPR: reading the SGPR gave wrong values when an exit
 * leaves two loops (tests/kernels/f_loop_escape.ll k_join). */
const char WIR_LLC_PIPELINE[] =
    "function(promote-private-arrays,infer-address-spaces,atomic-optimizer,merge-split-edges,narrow-sext-in-reg,separate-const-offset-from-gep,slsr,fold-negations,early-cse,nary-reassociate,early-cse,"
    "hoist-sibling-exprs,loop-reduce-memory,unroll-load-loops,bypass-slow-division,load-store-vectorizer,annotate-noclobber,lcssa,loop-exit-copies,fold-single-phis,duplicate-join-tails,join-flags,break-crit-edges)";

void wir_tti_facts_for(const wavecc_target *t, wir_tti_facts *f) {
  unsigned e = t->encoding;
  isa_offset_range(e, ISA_FMT_FLAT, &f->flat_lo, &f->flat_hi);
  isa_offset_range(e, ISA_FMT_GLOBAL, &f->global_lo, &f->global_hi);
  isa_offset_range(e, ISA_FMT_SMEM, &f->smem_lo, &f->smem_hi);
  isa_offset_range(e, ISA_FMT_DS, &f->lds_lo, &f->lds_hi);
  /* private: MUBUF with the private segment buffer, scratch_* without */
  f->private_mubuf = t->has_private_segment_buffer;
  f->unaligned_global = t->unaligned_global;
  isa_offset_range(e, f->private_mubuf ? ISA_FMT_MUBUF : ISA_FMT_SCRATCH, &f->private_lo, &f->private_hi);
  /* GCNTTIImpl::getLoadStoreVecRegBitWidth: 512 for global/constant
   * (s_load_dwordx16), 128 for LDS (ds_read_b128; llc's subtargets enable
   * DS128) and flat, 8 * getMaxPrivateElementSize() for private (4 bytes:
   * the swizzled scratch element; 16 with architected flat scratch, whose
   * scratch_* accesses are not swizzled: isel_mem.c selects them whole). */
  f->global_vec_bits = 512;
  f->lds_vec_bits = 128;
  f->flat_vec_bits = 128;
  f->private_vec_bits = wavecc_scratch_flat(t) ? 128 : 32;
  /* SITargetLowering: addBypassSlowDiv(64, 32) on every GCN processor */
  f->bypass_div_bits = 64;
  f->bypass_div_to = 32;
  f->wave_size = t->wave_size;
  f->target = t;
}

int wir_run_passes_for(LLVMModuleRef mod, const char *passes, const wavecc_target *t, diag *d) {
  wir_tti_facts f;
  wir_tti_facts_for(t, &f);
  char err[256];
  if (wir_run_pipeline(mod, passes, &f, err, sizeof err)) {
    diag_error(d, NULL, "LLVM passes '%s' failed: %s", passes, err);
    return -1;
  }
  return 0;
}
