/* Kernel resources: the register counts, occupancy and statistics of a
 * kernel after register allocation, as the kernel descriptor
 * (.amdhsa_next_free_sgpr/vgpr, .amdhsa_accum_offset) and `wavecc --stats`
 * (mir_kernel_stats, emit_asm.c: it counts emitted instructions) report
 * them. Nothing here calls back into emission.
 *
 * Sources: AMDGPUUsage ("Code Object V3 and Above Directives", "Initial
 * Kernel Execution State"), LLVM 19's getNumExtraSGPRs and
 * getOccupancyWithLocalMemSize (the same counts llc-19 reports, checked on
 * the corpus), the target description for the per-GPU figures.
 */
#include <stdio.h>
#include <string.h>

#include "emit/emit.h"
#include "emit/encode.h"
#include "target/target.h"

unsigned mir_user_sgpr_count(const mir_kernel_abi *a) {
  return 4u * a->private_segment_buffer + 2u * a->dispatch_ptr + 2u * a->queue_ptr + 2u * a->kernarg_segment_ptr +
         2u * a->dispatch_id + 2u * a->flat_scratch_init;
}

static unsigned input_sgpr_count(const mir_program *p) {
  const mir_kernel_abi *a = &p->abi;
  /* with architected flat scratch the bit enables the private segment; no SGPR */
  return mir_user_sgpr_count(a) + a->workgroup_id[0] + a->workgroup_id[1] + a->workgroup_id[2] +
         (a->private_segment_wave_offset && !wavecc_scratch_flat(p->target));
}

/* Highest SGPR and VGPR any operand names, +1 (the allocator's counts
 * may not cover registers later passes use, e.g. swap temporaries). */
static void scan_regs(const mir_program *p, unsigned *sgprs, unsigned *vgprs) {
  unsigned s = p->num_sgprs_used, v = p->num_vgprs_used;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
        mir_preg r;
        unsigned n;
        mir_opnd_named_units(&ins->ops[k], &r, &n); /* a lo64 pair's don't-care high dword too */
        if (!n) continue;
        if (r < MIR_MAX_SGPRS && r + n > s) s = r + n;
        if (r >= 256 && r < 512 && r - 256u + n > v) v = r - 256u + n; /* ArchVGPRs, not AGPRs */
      }
    }
  *sgprs = s;
  *vgprs = v;
}

void mir_program_regs(const mir_program *p, unsigned *sgprs, unsigned *vgprs) { scan_regs(p, sgprs, vgprs); }

unsigned mir_next_free_sgpr(const mir_program *p) {
  unsigned n, v, in = input_sgpr_count(p);
  scan_regs(p, &n, &v);
  if (p->callee_sgprs > n) n = p->callee_sgprs;
  return n > in ? n : in;
}

unsigned mir_arch_vgprs(const mir_program *p) {
  /* the work-item id VGPRs the kernel starts with (v0 alone when packed) */
  unsigned s, n, in = p->target->packed_workitem_ids ? 1 : p->abi.workitem_id_dims + 1;
  scan_regs(p, &s, &n);
  if (p->callee_vgprs > n) n = p->callee_vgprs;
  return n > in ? n : in;
}

unsigned mir_next_free_vgpr(const mir_program *p) {
  unsigned n = mir_arch_vgprs(p);
  /* AGPRs a0.. follow the ArchVGPRs from ACCUM_OFFSET (llc-19:
   * .amdhsa_next_free_vgpr = accum_offset + AGPRs) */
  return p->num_agprs_used ? mir_accum_offset(p, n) + p->num_agprs_used : n;
}

unsigned mir_accum_offset(const mir_program *p, unsigned vgprs) {
  unsigned g = p->target->accum_offset_granule ? p->target->accum_offset_granule : 4;
  return ((vgprs ? vgprs : 1) + g - 1) / g * g;
}



unsigned mir_total_sgprs(const mir_program *p) {
  /* llc: NumSgprs = next free SGPR + VCC (2) + XNACK_MASK (2, gfx900 supports
   * XNACK; not with xnack off) + FLAT_SCRATCH (2) when flat scratch is set up. */
  const wavecc_target *t = p->target;
  /* LLVM getNumExtraSGPRs: with FLAT_SCRATCH counted, XNACK_MASK is too,
   * whatever the xnack setting (6 on GFX9) */
  if (t->flat_scratch_sgprs && (p->abi.flat_scratch_init || t->flat_scratch_sgprs_always))
    return mir_next_free_sgpr(p) + t->reserved_sgprs + t->flat_scratch_sgprs;
  unsigned reserved = t->reserved_sgprs - (p->target_xnack < 0 ? t->xnack_mask_sgprs : 0);
  return mir_next_free_sgpr(p) + reserved;
}

unsigned mir_occupancy(const wavecc_target *t, unsigned total_sgprs, unsigned vgprs) {
  /* VGPRs: the SIMD's file per lane over the use rounded up to the
   * allocation granule. SGPRs: LLVM's getOccupancyWithNumSGPRs for VI+
   * is the table 80/88/100 -> 10/9/8, else 7, which is the SIMD's SGPRs
   * (800) over the total, unrounded, for every total up to 114 (the
   * addressable SGPRs plus VCC, XNACK_MASK and FLAT_SCRATCH stay below). */
  unsigned w = wavecc_waves_for_vgprs(t, vgprs);
  unsigned s = total_sgprs ? t->sgprs_per_simd / total_sgprs : t->max_waves_per_simd;
  if (s > t->max_waves_per_simd) s = t->max_waves_per_simd;
  return w < s ? w : s;
}

/* Waves per SIMD the work-group size and LDS allow (LLVM
 * getOccupancyWithLocalMemSize; gfx900: 40 waves and 64 KiB LDS per CU,
 * 4 SIMDs, at most 16 work-groups). */
static unsigned occupancy_limit_wg(const mir_program *p) {
  const wavecc_target *t = p->target;
  unsigned wg = p->abi.max_flat_workgroup_size ? p->abi.max_flat_workgroup_size : 1024;
  unsigned waves = (wg + t->wave_size - 1) / t->wave_size;
  unsigned groups = t->max_waves_per_simd * t->simds_per_cu / waves;
  if (groups < 1) groups = 1;
  /* a one-wave group takes no barrier: only multi-wave ones are limited */
  if (waves > 1 && groups > t->max_workgroups_per_cu) groups = t->max_workgroups_per_cu;
  if (p->abi.group_segment_size) {
    unsigned lds_groups = t->lds_bytes / p->abi.group_segment_size;
    if (lds_groups < groups) groups = lds_groups ? lds_groups : 1;
  }
  unsigned w = groups * waves / t->simds_per_cu;
  if (w < 1) w = 1;
  return w > t->max_waves_per_simd ? t->max_waves_per_simd : w;
}

unsigned mir_program_occupancy(const mir_program *p, unsigned total_sgprs, unsigned vgprs) {
  unsigned occ = mir_occupancy(p->target, total_sgprs, vgprs), wg = occupancy_limit_wg(p);
  return occ < wg ? occ : wg;
}
