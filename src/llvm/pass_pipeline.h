/* LLVM's own IR passes run inside wavecc (pass_pipeline.cpp) and the
 * target facts they consult through TargetTransformInfo (tti_model.cpp).
 * Shared by C and C++: plain data only. */
#ifndef WAVECC_LLVM_PASS_PIPELINE_H
#define WAVECC_LLVM_PASS_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What LLVM's AMDGPU TargetTransformInfo (GCNTTIImpl over SITargetLowering,
 * LLVM 19) tells the pre-selection passes, filled from wavecc's target
 * description by wir_tti_facts_for (llc_passes.c). Offsets are bytes,
 * inclusive ranges of the immediate offset field of the instruction that
 * accesses the address space. */
typedef struct wir_tti_facts {
  int64_t flat_lo, flat_hi;       /* flat_* (address space 0) */
  int64_t global_lo, global_hi;   /* global_* (1; 4 when not scalar) */
  int64_t smem_lo, smem_hi;       /* s_load_* (4, 6: offset a multiple of 4) */
  int64_t lds_lo, lds_hi;         /* ds_* (2, 3) */
  int64_t private_lo, private_hi; /* buffer_* (MUBUF) or scratch_* (5) */
  bool private_mubuf;             /* private accesses are MUBUF (r + r allowed) rather than scratch_* */
  bool unaligned_global;          /* global/constant accesses work at any alignment (target.h) */
  unsigned lds_vec_bits;          /* widest LDS access the vectoriser may form (ds_read_b128: 128) */
  unsigned global_vec_bits;       /* ... global/constant (512: s_load_dwordx16) */
  unsigned flat_vec_bits;         /* ... flat (128: flat_load_dwordx4) */
  unsigned private_vec_bits;      /* ... private (the swizzled element size: 32) */
  unsigned bypass_div_bits;       /* divisions this wide get a run-time narrow path (64) */
  unsigned bypass_div_to;         /* ... of this width (32); 0: no bypass */
  unsigned wave_size;             /* lanes per wave (atomic-optimizer's ballot width) */
  const struct wavecc_target *target; /* the processor (atomic-optimizer: which atomics become
                                         compare-and-swap loops, wir_atomic_needs_loop) */
} wir_tti_facts;

/* Runs `passes` (PassBuilder's textual syntax, the names pass_pipeline.cpp
 * knows) over `mod`. With `tti` the passes see those target facts through
 * TargetTransformInfo, else LLVM's target-independent defaults. Returns 0,
 * or -1 with a message in err (errlen bytes) for an unknown pass name. */
int wir_run_pipeline(LLVMModuleRef mod, const char *passes, const wir_tti_facts *tti, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
