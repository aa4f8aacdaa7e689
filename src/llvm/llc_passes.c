/* llc-19's pre-selection IR passes inside wavecc (issue 27): the pass list
 * and the target facts they see. Sources: AMDGPUTargetMachine.cpp
 * (AMDGPUPassConfig::addIRPasses, addStraightLineScalarOptimizationPasses,
 * addCodeGenPrepare) for which passes and in which order; GCNTTIImpl
 * (AMDGPUTargetTransformInfo.cpp) and SITargetLowering (SIISelLowering.cpp)
 * for the answers in wir_tti_facts; the ISA guides for the offset fields
 * (isa_offset_range). */
#include "llvm/llc_passes.h"

#include "target/isa.h"

/* In llc's order: the atomic optimizer (one atomic per wave at a uniform
 * address, atomic_optimizer.cpp; before wir_expand_atomics as llc-19 runs
 * it before AtomicExpand), the straight-line scalar optimisations (split constant
 * offsets out of GEPs, strength-reduce and reassociate what they expose,
 * CSE after each), loop strength reduction (not on register-only loops
 * with many live-out values: loop_reduce_memory.cpp says why), CodeGenPrepare's 64->32-bit
 * division bypass, then the load-store vectoriser and llc-19's
 * !amdgpu.noclobber annotation after it (annotate_noclobber.cpp). Not run: LICM (wavecc
 * hoists in machine IR), infer-address-spaces (wavecc's selection handles
 * flat pointers itself) and amdgpu-codegenprepare. break-crit-edges last:
 * the selection expects no critical edges (import.c), and LSR may leave
 * its preheaders' edges split differently. The driver runs it after
 * wavecc's own IR passes (import.c says why).
 * Not in the list: lcssa,loop-exit-copies (temporal divergence,
 * loop_exit_copies.cpp; they would go last, right before selection). The
 * wrong results they once gave (f_loop_nested_exits.cl skip2_* at wave32,
 * f_loop_escape.ll k_join) were wavecc bugs their IR exposed, fixed in
 * divergence.c and isel.c (tests f_loop_exit_join.ll,
 * divergence-loop-exit-join.ll, isel-uniform-phi-merge.ll), and with them
 * the corpus passes at gfx900, gfx1030, gfx1100 and gfx1030 wave64. They
 * stay out because they do not pay (2026-11-28 18:23 UTC, emulator cycles
 * of 17 loop kernels of the corpus and bench/real against llc-19, gfx900):
 * geomean 1.132 without, 1.135 with; first_match.cl 18273 -> 18473 (LSR
 * already makes its table load scalar), f_search_temporal.cl +3.5 %,
 * f_loop_structured.cl +3.2 %, only f_loop_escape.ll better (-4.8 %): the
 * copy is a v_mov per iteration on every exiting edge. bench/real static
 * figures: only first_match changes (+2 instructions, +1 VGPR). Kept for
 * wavecc-opt -llvm-passes and the lit tests. */
const char WIR_LLC_PIPELINE[] =
    "function(atomic-optimizer,merge-split-edges,separate-const-offset-from-gep,slsr,early-cse,nary-reassociate,early-cse,"
    "loop-reduce-memory,bypass-slow-division,load-store-vectorizer,annotate-noclobber,fold-single-phis,duplicate-join-tails,join-flags,break-crit-edges)";

void wir_tti_facts_for(const wavecc_target *t, wir_tti_facts *f) {
  unsigned e = t->encoding;
  isa_offset_range(e, ISA_FMT_FLAT, &f->flat_lo, &f->flat_hi);
  isa_offset_range(e, ISA_FMT_GLOBAL, &f->global_lo, &f->global_hi);
  isa_offset_range(e, ISA_FMT_SMEM, &f->smem_lo, &f->smem_hi);
  isa_offset_range(e, ISA_FMT_DS, &f->lds_lo, &f->lds_hi);
  /* private: MUBUF with the private segment buffer, scratch_* without */
  f->private_mubuf = t->has_private_segment_buffer;
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
