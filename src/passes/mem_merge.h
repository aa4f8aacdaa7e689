/* Internal interface of the mem-merge pass (mem_merge.c, the driver and
 * the overview; mem_merge_smem.c scalar loads; mem_merge_vm.c global and
 * flat accesses; mem_merge_ds.c LDS pairs and wider LDS accesses;
 * mem_merge_util.c what they share). Not for other passes. */
#ifndef WAVECC_PASSES_MEM_MERGE_H
#define WAVECC_PASSES_MEM_MERGE_H

#include "passes/passes.h"
#include "passes/ssa_rename.h"

/* below this many VGPRs (a forced budget) merged tuples stay at 2 dwords */
#define VM_SMALL_VGPRS 16

/* Block rewriting: per old position, the instructions that replace it
 * (NULL, NULL: removed; the old one when untouched). */
typedef struct rewrite {
  mir_instr **first, **second;
  bool *gone;
} rewrite;

/* What the global/flat merge needs besides the block: the tuple size
 * cap in dwords, the private segment buffer temporary, and how many
 * operands read each temporary (ssa_count; ids at or above nuses are
 * new and read once). */
typedef struct vm_ctx {
  unsigned cap;
  uint32_t psb;
  const uint32_t *uses;
  uint32_t nuses;
  bool unaligned_global; /* global accesses need not be dword-aligned (wavecc_target) */
} vm_ctx;

/* A run of accesses being merged: in offset order, covering [lo, hi). */
typedef struct vm_run {
  mir_instr *parts[4];
  uint32_t pos[4];
  unsigned np;
  int32_t lo, hi;
} vm_run;

/* What mm_widen_ds needs: SSA definitions (ids below nt; defs[t] counts
 * only when ndefs[t] is 1), the widest access in dwords (4, or 1: none
 * under a small VGPR budget, where even two b64 reads would pair into a
 * 4-dword ds_read2_b64) and the global merge's context (mm_stores_fit). */
typedef struct ds_ctx {
  mir_instr *const *defs;
  const uint8_t *ndefs;
  uint32_t nt;
  unsigned cap;
  uint32_t psb;
  const vm_ctx *vc;
} ds_ctx;

static inline bool plain_temp_def(const mir_instr *ins) {
  return ins->num_defs == 1 && ins->defs[0].kind == MIR_OPND_TEMP && !(ins->defs[0].flags & MIR_OPND_FIXED_REG);
}

static inline bool mm_untouched(const rewrite *rw, uint32_t j) { return !rw->gone[j] && !rw->first[j]; }

/* A p_split_vector of `whole` into the results of parts[0..n). */
mir_instr *mm_split_into(mir_program *p, mir_temp whole, mir_instr **parts, unsigned n);
/* Whether `ins` stops moving an access of memory space `space` across it
 * (mem_merge_util.c). */
bool mm_mem_blocks(const mir_instr *ins, unsigned space, bool any_mem, uint32_t psb);
/* The instructions now at position j of a block being rewritten (1 or 2
 * in out[], 0 when removed). */
unsigned mm_at_pos(const mir_block *b, const rewrite *rw, uint32_t j, const mir_instr **out);

/* mem_merge_smem.c: wide scalar loads split to `cap` dwords; scalar
 * loads merged into s_load_dwordxN of at most `cap` dwords. */
void mm_split_smem(mir_program *p, mir_block *b, unsigned cap);
void mm_merge_smem(mir_program *p, mir_block *b, rewrite *rw, unsigned cap);
/* mem_merge_vm.c: one round of global/flat merging (true if it merged);
 * whether a merged store's data tuple needs no moves. */
bool mm_merge_vm(mir_program *p, mir_block *b, rewrite *rw, const vm_ctx *vc);
bool mm_stores_fit(const mir_block *b, const rewrite *rw, const vm_run *r, uint32_t last, const vm_ctx *vc);
/* mem_merge_ds.c: nearer bases for far LDS offsets (whole program), LDS
 * pairs into read2/write2 (on one address, or two equal ones:
 * same_address), and wider LDS reads and writes. */
void mm_rebase_ds(mir_program *p);
void mm_merge_ds(mir_program *p, mir_block *b, rewrite *rw, const ds_ctx *dc);
void mm_widen_ds(mir_program *p, mir_block *b, rewrite *rw, const ds_ctx *dc);

#endif
