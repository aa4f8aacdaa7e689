/* Merging of adjacent memory accesses (SSA machine IR, before liveness).
 *
 * Instruction selection emits one access per IR load or store: one
 * s_load_dword per kernel argument or __constant element, one ds_read_b32
 * per LDS element. The hardware reads up to 16 dwords with one scalar load
 * and two LDS elements with one ds_read2/ds_write2, which issues fewer
 * instructions and waits on fewer counter increments (llc-19's
 * SILoadStoreOptimizer does the same).
 *
 * Files: this one holds the driver; mem_merge_smem.c the scalar loads,
 * mem_merge_vm.c global and flat memory, mem_merge_ds.c LDS (pairs,
 * nearer bases, wider accesses); mem_merge_util.c what they share;
 * mem_merge.h their interface.
 *
 * Scalar loads (per block): s_load_dword..x8 from the same base temporary
 * (the kernarg pointer, a __constant base) at offsets that tile a range of
 * 2, 4, 8 or 16 dwords exactly become one s_load_dwordxN there, at the
 * first of them in the block, followed by a p_split_vector into their
 * original results (each load's place in the range a multiple of its size,
 * so the allocator keeps the pieces in the tuple's registers). A second
 * load of the same dwords becomes a copy of the first. Scalar loads read
 * memory that does not change during the kernel (kernarg segment, constant
 * and invariant memory: isel_mem.c's scalar_ok), so moving one up across
 * stores is safe. Under a small SGPR budget the tuples stay small (none
 * below 32 SGPRs, 4 dwords below 48, 8 below 64). No over-reading: only dwords some load read
 * are loaded.
 * Under such a budget the 8- and 16-dword loads isel selected are first
 * split to that cap (mm_split_smem), so that they fit it too.
 * LDS (per block): two non-volatile ds_read_b32 (ds_read_b64) from the same address
 * temporary whose offsets are dword (qword) multiples below 256 become
 * ds_read2_b32 (ds_read2_b64), or the st64 forms for multiples of 64
 * elements, at the first read, when nothing between them writes LDS,
 * changes EXEC or waits at a barrier, and neither result goes into a
 * wider tuple (feeds_wide_vector); two ds_write_b32 (b64) likewise
 * become ds_write2 at the second write when nothing between them touches
 * LDS (or flat memory, which may be LDS) at all; scratch and global
 * accesses do not count (mir_mem_space). Equal offsets are left alone; accesses beyond the
 * 8-bit range first get a shared nearer base (mm_rebase_ds). Encodings: offset0 |
 * offset1 << 8 in mir_instr.offset (Vega ISA guide, "DS" instruction
 * fields: two 8-bit offsets in elements, x64 for st64).
 * Wider LDS (per block, before the pairs, mm_widen_ds): ds_read_b32 of 4
 * (2) consecutive dwords on one address temporary become ds_read_b128
 * (ds_read_b64) when the address is provably 16 (8)-byte aligned
 * (opnd_align follows the address's SSA definition: constants, shifts,
 * products, sums; a constant LDS address has base 0, isel_mem.c), and
 * ds_write_b32 likewise into ds_write_b128/b64 when the data tuple needs
 * no moves. The b64 accesses then pair into ds_read2_b64/ds_write2_b64.
 * None under a VGPR budget below VM_SMALL_VGPRS, none volatile.
 * Global and flat (per block, after the scalar loads and before LDS,
 * repeated while it finds more): dword loads/stores on the same address
 * registers (VGPR address and saddr temporaries, same encoding bits)
 * whose byte ranges touch become one dwordx2/x3/x4, as llc-19's
 * load-store vectorizer and SILoadStoreOptimizer give. Only accesses
 * isel marked "dwaligned" (IR alignment 4 or more) and not volatile
 * (glc) take part: without the unaligned access mode a multi-dword
 * access needs a dword-aligned address (llc-19 assumes that mode on
 * amdhsa and merges align-1 accesses too; wavecc keeps to what the IR
 * proves). Loads merge at the first, stores at the last; what may lie
 * between is in grow_run; stores merge only when that needs no moves
 * into the data tuple (mm_stores_fit). Scratch stays per dword (swizzled,
 * element size 4).
 */
#include <stdlib.h>
#include <string.h>

#include "passes/mem_merge.h"

/* The block rewritten as `rw` says. */
static void apply(mir_program *p, mir_block *b, rewrite *rw) {
  mir_instr **v = arena_alloc(p->mem, (2 * b->num_instrs + 1) * sizeof *v);
  uint32_t w = 0;
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    if (rw->gone[i]) continue;
    if (!rw->first[i]) {
      v[w++] = b->instrs[i];
      continue;
    }
    v[w++] = rw->first[i];
    if (rw->second[i]) v[w++] = rw->second[i];
  }
  b->instrs = v;
  b->num_instrs = b->cap_instrs = w;
}

int mir_mem_merge(mir_program *p, diag *d) {
  (void)d;
  /* a forced small SGPR budget leaves the allocator little room for
   * aligned tuples (8/24: a 4-aligned s4 beside spilled pairs fragments
   * the file): smaller merges there, and none below 32 SGPRs, where the
   * spiller sinks each kernel-argument load to the block that reads it
   * (spill_sink.c; a merged pair would keep both in the entry) */
  unsigned budget = p->abi.num_sgprs_budget;
  unsigned cap = !budget || budget >= 64 ? 16 : budget >= 48 ? 8 : budget >= 32 ? 4 : 1;
  /* global/flat tuples: at most 4 dwords; 2 under a small VGPR budget */
  unsigned vcap = p->abi.num_vgprs_budget && p->abi.num_vgprs_budget < VM_SMALL_VGPRS ? 2 : 4;
  uint32_t psb = mir_private_buffer(p);
  mm_rebase_ds(p); /* first: its new bases get definitions ssa_count sees */
  uint32_t nt = p->num_temps;
  mir_instr **defs = calloc(nt ? nt : 1, sizeof *defs);
  uint8_t *ndefs = calloc(nt ? nt : 1, 1);
  uint32_t *uses = calloc(nt ? nt : 1, sizeof *uses);
  if (!defs || !ndefs || !uses) nt = 0;
  else ssa_count(p, nt, defs, ndefs, uses);
  vm_ctx vc = {vcap, psb, uses, nt, p->target->unaligned_global};
  ds_ctx dc = {defs, ndefs, nt, vcap == 4 ? 4 : 1, psb, &vc};
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    /* round 0: scalar loads; 1..3: global/flat, again while a merge
     * makes a new neighbour (0+4, 8, 12 in that order: 0..8, then 8 and
     * 0..8 and 12); 4: wider LDS reads; 5: LDS pairs */
    bool more = true;
    mm_split_smem(p, b, cap);
    for (unsigned round = 0; round < 6 && b->num_instrs; round++) {
      if (!more && round < 4) continue;
      rewrite rw;
      rw.first = calloc(b->num_instrs, sizeof *rw.first);
      rw.second = calloc(b->num_instrs, sizeof *rw.second);
      rw.gone = calloc(b->num_instrs, sizeof *rw.gone);
      if (rw.first && rw.second && rw.gone) {
        if (round == 0) mm_merge_smem(p, b, &rw, cap);
        else if (round < 4) more = mm_merge_vm(p, b, &rw, &vc);
        else if (round == 4) mm_widen_ds(p, b, &rw, &dc);
        else mm_merge_ds(p, b, &rw, &dc); /* last: it sees the stores' p_create_vector (feeds_wide_vector) */
        apply(p, b, &rw);
      }
      free(rw.first);
      free(rw.second);
      free(rw.gone);
    }
  }
  free(defs);
  free(ndefs);
  free(uses);
  return 0;
}
