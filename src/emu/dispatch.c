/* Kernel dispatch: builds what the ROCm runtime and the command processor
 * would (AMDGPUUsage "Initial Kernel Execution State", "Code Object V5
 * Metadata", HSA hsa_kernel_dispatch_packet_t) and runs the workgroups.
 *
 * - kernarg segment: explicit arguments at their metadata offsets, then
 *   hidden arguments (block counts, group sizes, remainders, global
 *   offsets, grid dims, dynamic LDS size, aperture bases; others zero).
 * - AQL dispatch packet (64 bytes) for the dispatch pointer: setup (dims),
 *   workgroup_size_x/y/z (u16 at 4, 6, 8), grid_size_x/y/z (u32 at 12, 16,
 *   20), private/group segment sizes (24, 28), kernel_object (32),
 *   kernarg_address (40).
 * - user SGPRs in the order enabled by kernel_code_properties, then system
 *   SGPRs (workgroup id x/y/z, workgroup info, private segment wave byte
 *   offset) per COMPUTE_PGM_RSRC2; work-item ids in v0/v1/v2; EXEC masks
 *   the lanes past the end of a workgroup; MODE from COMPUTE_PGM_RSRC1.
 * - Non-uniform NDRanges (global size not a multiple of the local size)
 *   get partial last workgroups, as OpenCL 2.0 allows.
 * - Scheduling: workgroups numbered in x, y, z order, run on worker
 *   threads (wemu_options.threads) that take the next number, or one after
 *   another; the waves of a workgroup round-robin one instruction at a
 *   time (or a seeded reproducible interleaving, schedule_seed); s_barrier
 *   holds a wave until every wave of its workgroup that has not ended
 *   reaches it. What parallel runs guarantee: src/emu/README.md.
 *
 * Cycle estimate (wemu_stats.cycles_estimate), a deliberately simple model
 * of one compute unit with 4 SIMDs: every wave-instruction costs issue
 * cycles (SALU 1, VALU 4 for wave64 on a SIMD16, f64 and transcendental
 * VALU 16, SMEM 4, LDS 8, VMEM 16, branch 4, other 1); an s_waitcnt that
 * has to retire loads adds their latency (VMEM 300, SMEM 60, LDS 40); the
 * sum over waves is divided by 4 SIMDs. Good for comparing two compilations
 * of one kernel, not for predicting hardware time. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "emu/check_internal.h"
#include "emu/emu_internal.h"

#define DEFAULT_LIMIT 400000000ull
/* A real GPU's watchdog ends a runaway kernel within seconds. 20 million
 * instructions in one wave is far beyond any kernel of the corpus (the
 * longest wave runs well under a million) and stops a two-instruction
 * endless loop in a few seconds of emulation. */
#define DEFAULT_WAVE_LIMIT 20000000ull

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void put(uint8_t *p, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

typedef struct wg_ctx {
  uint32_t gid[3];
  uint32_t size[3];  /* actual work-items per dimension in this group */
} wg_ctx;

void emu_inst_prepare(const wemu_device *dev, emu_inst *in) {
  uint32_t fl = isa_table[in->op].flags;
  in->xflags = 0;
  in->xvk = WAVECC_VK_FULL;
  switch (in->fmt) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPK: case ISA_FMT_SOPC:
    if ((in->op == ISA_S_SETREG_B32 || in->op == ISA_S_SETREG_IMM32_B32) && (in->simm16 & 63) == ISA_HWREG_MODE)
      in->xflags |= EMU_XF_MODE_WRITE;
    in->xclass = EMU_XC_SALU; in->xcost = 1; break;
  case ISA_FMT_SOPP:
    if (fl & ISA_F_BRANCH) { in->xclass = EMU_XC_BRANCH; in->xcost = 4; }
    else { in->xclass = EMU_XC_OTHER; in->xcost = 1; }
    break;
  case ISA_FMT_SMEM: in->xclass = EMU_XC_SMEM; in->xcost = 4; break;
  case ISA_FMT_DS: in->xclass = EMU_XC_LDS; in->xcost = 8; break;
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF: case ISA_FMT_FLAT: case ISA_FMT_GLOBAL: case ISA_FMT_SCRATCH:
    in->xclass = EMU_XC_VMEM; in->xcost = 16;
    if (in->fmt == ISA_FMT_MUBUF && !in->offen && !in->idxen) {
      if (fl & ISA_F_STORE) in->xflags |= EMU_XF_SPILL_STORE;
      else if (fl & ISA_F_LOAD) in->xflags |= EMU_XF_SPILL_LOAD;
    }
    break;
  default: {
    in->xclass = EMU_XC_VALU;
    if (in->op == ISA_V_WRITELANE_B32) in->xflags |= EMU_XF_SPILL_STORE;
    if (in->op == ISA_V_READLANE_B32) in->xflags |= EMU_XF_SPILL_LOAD;
    /* Quarter rate: f64 and transcendental (not v_ldexp / v_frexp). */
    isa_cost c = (isa_cost)isa_sem_of(in->op)->cost;
    in->xcost = (c == ISA_COST_F64 || c == ISA_COST_TRANS) ? 16 : 4;
    in->xvk = c == ISA_COST_F64 ? WAVECC_VK_F64 : c == ISA_COST_TRANS ? WAVECC_VK_TRANS : WAVECC_VK_FULL;
    break;
  }
  }
  emu_cm_prepare(in);
  emu_valu_prepare(dev, in);
  emu_poison_prepare(dev, in);
}

/* Counts instruction IN in the statistics ST; its issue cycles into *COST. */
static void klass(const emu_inst *in, wemu_stats *st, uint64_t *cost) {
  switch (in->xclass) {
  case EMU_XC_SALU: st->salu++; break;
  case EMU_XC_BRANCH: st->branch++; break;
  case EMU_XC_OTHER: st->other++; break;
  case EMU_XC_SMEM: st->smem++; break;
  case EMU_XC_LDS: st->lds++; break;
  case EMU_XC_VMEM: st->vmem++; break;
  default: st->valu++; break;
  }
  if (in->xflags) {
    if (in->xflags & EMU_XF_MODE_WRITE) st->mode_writes++;
    if (in->xflags & EMU_XF_SPILL_STORE) st->spill_stores++;
    if (in->xflags & EMU_XF_SPILL_LOAD) st->spill_loads++;
  }
  *cost = in->xcost;
}

static int step(emu_dispatch *d, emu_wave *w, const wg_ctx *g, uint64_t *cycles) {
  wemu_program *p = d->prog;
  uint64_t vpc = w->pc - p->load_base;
  if (w->pc < p->load_base || vpc < p->text_lo || vpc >= p->text_hi || (vpc & 3)) {
    uint64_t target = w->pc;
    w->pc = w->last_pc; /* report the branch / call that left the code */
    return emu_fault(d, w, NULL, "control transfer to 0x%llx, outside the code (unresolved call target?)", (unsigned long long)target);
  }
  w->last_pc = w->pc;
  uint64_t slot = (vpc - p->text_lo) / 4;
  emu_inst *in = &p->dcache[slot], bad_inst;
  /* Each instruction is decoded once, when first executed; worker threads
   * share the cache: dvalid 1 (decoded) is published with release order
   * after the entry, 2 marks a slot that does not decode. */
  uint8_t valid = __atomic_load_n(&p->dvalid[slot], __ATOMIC_ACQUIRE);
  if (valid == 0) {
    emu_par_lock(d->par);
    if (!__atomic_load_n(&p->dvalid[slot], __ATOMIC_ACQUIRE)) {
      uint8_t v = emu_decode(d->dev, p, vpc, &p->dcache[slot]) ? 2 : 1;
      if (v == 1) emu_inst_prepare(d->dev, &p->dcache[slot]);
      __atomic_store_n(&p->dvalid[slot], v, __ATOMIC_RELEASE);
    }
    emu_par_unlock(d->par);
    valid = __atomic_load_n(&p->dvalid[slot], __ATOMIC_ACQUIRE);
  }
  if (valid != 1) {
    /* decode again for the message (into a local: the cache is shared) */
    in = &bad_inst;
    if (emu_decode(d->dev, p, vpc, in)) {
      char msg[512];
      const char *m = d->dev->err;
      if (!strncmp(m, "pc 0x", 5) && strstr(m, ": ")) m = strstr(m, ": ") + 2; /* re-based below */
      snprintf(msg, sizeof msg, "%s", m);
      emu_err(d->dev, "kernel %s: pc 0x%llx: %s", d->k->name, (unsigned long long)(w->pc - d->entry), msg);
      return -1;
    }
  }
  uint64_t cost = 1;
  klass(in, d->st, &cost);
  if (in->fmt >= ISA_FMT_VOP1 && in->fmt <= ISA_FMT_VOP3P) d->st->active_lanes_sum += (uint64_t)popc64(w->exec);
  d->st->wave_instructions++;
  w->instructions++;
  d->group_executed++;
  /* the dispatch-wide limit: with worker threads, a shared count updated
   * every 4096 instructions of each */
  uint64_t total = ++d->executed;
  if (d->par && (d->executed & 0xfff) == 0) total = emu_par_add_executed(d->par, 0x1000);
  else if (d->par) total = 0;
  if (total > d->limit)
    return emu_fault(d, w, in, "instruction limit of %llu wave-instructions reached (endless loop?)", (unsigned long long)d->limit);
  if (w->instructions > d->wave_limit)
    return emu_fault(d, w, in, "kernel did not finish within %llu instructions per wave (endless loop? see --max-steps)",
                     (unsigned long long)d->wave_limit);
  if (d->deadline > 0 && (d->executed & 0xffff) == 0 && now_seconds() > d->deadline)
    return emu_fault(d, w, in, "kernel did not finish within %g seconds (see --timeout)", d->dev->opt.timeout_seconds);
  /* Latency of loads retired by this s_waitcnt (for the cycle estimate). */
  size_t npend_before = w->npend;
  int vm_before = 0;
  if (in->op == ISA_S_WAITCNT)
    for (size_t i = 0; i < w->npend; i++) vm_before += w->pend[i].kind == 0;
  d->twlen = 0; d->tw[0] = 0;
  uint64_t pc = w->pc;
  uint64_t exec_before = w->exec;
  int rc;
  if (d->dev->opt.xnack_replay && p->xnack_replay && emu_replay_check(d, w, in)) return -1;
  if ((d->tgt->trans_use_valus || d->tgt->valu_mask_write_hazard || d->tgt->partial_forwarding_hazard ||
       d->tgt->mad64_dst_apart) &&
      emu_gfx11_hazards(d, w, in))
    return -1;
  unsigned cm_counts[3];
  if (d->cm) emu_cm_before(d->cm, w, cm_counts);
  emu_inst idx_copy; /* the poison check's plan names unindexed rows */
  const emu_inst *cin = d->chk && w->gpr_idx_on ? emu_poison_indexed(d->dev, w, in, &idx_copy) : in;
  if (d->chk && emu_check_step_pre(d, w, cin)) return -1;
  switch (in->fmt) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPK: case ISA_FMT_SOPC: case ISA_FMT_SOPP:
    rc = emu_exec_salu(d, w, in); break;
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P:
    rc = emu_exec_valu(d, w, in); break;
  default:
    rc = emu_exec_mem(d, w, in); break;
  }
  if (rc < 0) return -1;
  if (d->cm) emu_cm_after(d->cm, w, in, cost, cm_counts);
  if (d->chk && emu_check_step_post(d, w, cin)) return -1;
  if (in->op == ISA_S_WAITCNT && w->npend < npend_before) {
    int vm_after = 0;
    for (size_t i = 0; i < w->npend; i++) vm_after += w->pend[i].kind == 0;
    cost += vm_after < vm_before ? 300 : 50;
  }
  *cycles += cost;
  if (d->trace) {
    char dis[160];
    emu_disasm(d->dev, in, dis, sizeof dis);
    fprintf(d->trace, "wg(%u,%u,%u) w%u pc 0x%04llx %-48s exec=%016llx%s%s\n", g->gid[0], g->gid[1], g->gid[2], w->id_in_group,
            (unsigned long long)(pc - d->entry), dis, (unsigned long long)exec_before, d->twlen ? " ;" : "", d->tw);
  }
  if (rc == 0) w->pc += in->size;
  w->ws++;
  if (w->done) emu_pending_drop(w);
  return 0;
}

/* The NDRange of one dispatch, checked: sizes, offsets and group counts
 * with the unused dimensions 1 (sizes) or 0 (offsets). */
typedef struct grid {
  uint32_t dims;
  uint64_t gsz[3], lsz[3], goff[3], ngroups[3];
} grid;

/* Finds KERNEL in PROG and checks the NDRange and argument count against
 * it, filling *G. Returns the kernel, or NULL with the device error set. */
static emu_kernel *check_dispatch(wemu_device *dev, wemu_program *prog, const char *kernel, const wemu_arg *args,
                                  uint32_t num_args, uint32_t dims, const uint64_t global_size[3],
                                  const uint64_t *local_size, const uint64_t *global_offset, grid *G) {
  if (!prog || !kernel || !global_size) { emu_err(dev, "wemu_dispatch: missing program, kernel name or global size"); return NULL; }
  if (prog->dev != dev) { emu_err(dev, "wemu_dispatch: the program was loaded on another device"); return NULL; }
  emu_kernel *k = NULL;
  for (uint32_t i = 0; i < prog->nkernels; i++) if (!strcmp(prog->kernels[i].name, kernel)) k = &prog->kernels[i];
  if (!k) { emu_err(dev, "wemu_dispatch: no kernel named %s in the code object", kernel); return NULL; }
  if (dims < 1 || dims > 3) { emu_err(dev, "kernel %s: dimensions must be 1..3, not %u", kernel, dims); return NULL; }
  G->dims = dims;
  uint64_t *gsz = G->gsz, *lsz = G->lsz, *goff = G->goff;
  for (unsigned i = 0; i < 3; i++) { gsz[i] = 1; lsz[i] = 1; goff[i] = 0; }
  uint32_t maxwg = k->info.max_flat_workgroup_size ? k->info.max_flat_workgroup_size : 1024;
  for (unsigned i = 0; i < dims; i++) {
    gsz[i] = global_size[i];
    if (!gsz[i] || gsz[i] > 0xffffffffull) { emu_err(dev, "kernel %s: global size %llu in dimension %u is out of range", kernel, (unsigned long long)gsz[i], i); return NULL; }
    if (global_offset) goff[i] = global_offset[i];
  }
  if (local_size) {
    for (unsigned i = 0; i < dims; i++) lsz[i] = local_size[i];
  } else {
    /* The runtime's choice: the largest divisor of the x size up to 256. */
    uint64_t cap = maxwg < 256 ? maxwg : 256;
    for (uint64_t c = cap; c >= 1; c--) if (gsz[0] % c == 0) { lsz[0] = c; break; }
  }
  for (unsigned i = 0; i < 3; i++)
    if (!lsz[i] || lsz[i] > 1024) { emu_err(dev, "kernel %s: local size %llu in dimension %u is out of range", kernel, (unsigned long long)lsz[i], i); return NULL; }
  uint64_t ltotal = lsz[0] * lsz[1] * lsz[2];
  if (ltotal > maxwg) { emu_err(dev, "kernel %s: work-group size %llu exceeds .max_flat_workgroup_size %u", kernel, (unsigned long long)ltotal, maxwg); return NULL; }
  if (num_args != k->info.num_explicit_args) { emu_err(dev, "kernel %s: %u arguments given, the kernel takes %u", kernel, num_args, k->info.num_explicit_args); return NULL; }
  if (num_args && !args) { emu_err(dev, "kernel %s: arguments missing", kernel); return NULL; }
  for (unsigned i = 0; i < 3; i++) G->ngroups[i] = (gsz[i] + lsz[i] - 1) / lsz[i];
  return k;
}

/* The register limits the wave may touch, from the kernel descriptor. */
static void set_register_limits(emu_dispatch *D) {
  const wemu_device *dev = D->dev;
  const emu_kernel *k = D->k;
  /* COMPUTE_PGM_RSRC1.GRANULATED_WORKITEM_VGPR_COUNT in the target's
   * granules (4 VGPRs on gfx9 wave64; AMDGPUUsage, "Kernel Descriptor"). */
  const wavecc_descriptor_layout *dl = &D->tgt->descriptor;
  D->vgpr_limit = ((k->rsrc1 & ((1u << dl->vgpr_blocks_bits) - 1)) + 1) * dl->vgpr_block;
  D->agpr_limit = 0;
  if (dev->tgt->agprs) {
    /* The granules cover ArchVGPRs and AGPRs; the AGPRs start at
     * COMPUTE_PGM_RSRC3.ACCUM_OFFSET ((value + 1) * 4; AMDGPUUsage,
     * "compute_pgm_rsrc3 for GFX90A, GFX942"). */
    unsigned total = D->vgpr_limit, off = ((k->rsrc3 & 0x3f) + 1) * dev->tgt->accum_offset_granule;
    D->vgpr_limit = off < total ? off : total;
    D->agpr_limit = total > off ? total - off : 0;
    if (D->agpr_limit > dev->tgt->agprs) D->agpr_limit = dev->tgt->agprs;
  }
  if (D->vgpr_limit > dev->tgt->vgprs) D->vgpr_limit = dev->tgt->vgprs;
  /* COMPUTE_PGM_RSRC1.GRANULATED_WAVEFRONT_SGPR_COUNT (bits 9:6): on GFX9
   * 2 * max(0, ceil(sgprs_used / 16) - 1), so the wave holds
   * (value / 2 + 1) * 16 SGPRs (AMDGPUUsage, "compute_pgm_rsrc1"), the target's addressable SGPRs at
   * most. sgprs_used counts the extra SGPRs (VCC, FLAT_SCRATCH, XNACK_MASK)
   * that hardware places after .amdhsa_next_free_sgpr's numbered ones;
   * the descriptor does not record which were reserved, so the bound is
   * the whole allocation: a numbered SGPR in the slots of a reserved VCC
   * is not caught, one past the allocation (s20 of 16) is. */
  D->sgpr_limit = (((k->rsrc1 >> 6) & 0xf) / 2 + 1) * 16;
  /* GFX10+ has no SGPR count field: every wave gets all of them. */
  if (!dl->sgpr_blocks_bits || D->sgpr_limit > dev->tgt->addressable_sgprs) D->sgpr_limit = dev->tgt->addressable_sgprs;
}

/* Writes the explicit and hidden arguments into the kernarg segment at
 * KERN (KSIZE bytes) and places the dynamic __local arguments after the
 * static LDS, growing *LDS_TOTAL. Returns 0, or -1 with the error set. */
static int write_kernargs(wemu_device *dev, const emu_kernel *k, const char *kernel, const wemu_arg *args,
                          uint32_t num_args, const grid *G, uint64_t kern, uint64_t queue, uint32_t ksize,
                          uint64_t *lds_total) {
  const uint64_t *gsz = G->gsz, *lsz = G->lsz, *goff = G->goff, *ngroups = G->ngroups;
  uint32_t dims = G->dims;
  uint32_t dyn_lds = 0;
  emu_alloc *ka = emu_find(dev, kern, ksize);
  for (uint32_t i = 0; i < k->info.num_args; i++) {
    const wemu_arg_info *ai = &k->args[i];
    if ((uint64_t)ai->offset + ai->size > ksize) { emu_err(dev, "kernel %s: argument %u lies outside the %u-byte kernarg segment", kernel, i, ksize); return -1; }
    uint8_t *dst = ka->data + ai->offset;
    if (i < num_args) {
      const wemu_arg *a = &args[i];
      switch (ai->kind) {
      case WEMU_ARG_GLOBAL_BUFFER: put(dst, a->address, ai->size < 8 ? ai->size : 8); break;
      case WEMU_ARG_DYNAMIC_SHARED_POINTER: {
        uint64_t at = (*lds_total + 15) & ~15ull;
        put(dst, at, ai->size < 4 ? ai->size : 4);
        *lds_total = at + a->size; dyn_lds += a->size;
        break;
      }
      default:
        if (a->data && a->size) memcpy(dst, a->data, a->size < ai->size ? a->size : ai->size);
        else if (ai->size <= 8) put(dst, a->address, ai->size);
        break;
      }
      continue;
    }
    const char *vk = ai->value_kind;
    uint64_t v = 0;
    size_t vl = strlen(vk);
    int dim = vl ? vk[vl - 1] - 'x' : -1; /* the _x/_y/_z suffix */
    int okd = dim >= 0 && dim < 3 && vl >= 2 && vk[vl - 2] == '_';
    if (!strncmp(vk, "hidden_block_count_", 19) && okd) v = ngroups[dim];
    else if (!strncmp(vk, "hidden_group_size_", 18) && okd) v = lsz[dim];
    else if (!strncmp(vk, "hidden_remainder_", 17) && okd) v = gsz[dim] % lsz[dim];
    else if (!strncmp(vk, "hidden_global_offset_", 21) && okd) v = goff[dim];
    else if (!strcmp(vk, "hidden_grid_dims")) v = dims;
    else if (!strcmp(vk, "hidden_dynamic_lds_size")) v = dyn_lds;
    else if (!strcmp(vk, "hidden_private_base")) v = EMU_PRIVATE_APERTURE >> 32;
    else if (!strcmp(vk, "hidden_shared_base")) v = EMU_SHARED_APERTURE >> 32;
    else if (!strcmp(vk, "hidden_queue_ptr")) v = queue;
    put(dst, v, ai->size < 8 ? ai->size : 8);
  }
  /* hidden_dynamic_lds_size is known only after all __local arguments. */
  for (uint32_t i = num_args; i < k->info.num_args; i++)
    if (!strcmp(k->args[i].value_kind, "hidden_dynamic_lds_size")) put(ka->data + k->args[i].offset, dyn_lds, 4);
  /* libclc compatibility: libclc's amdgcn--amdhsa builtins read
   * get_work_dim() from implicitarg[0] and get_global_offset(d) from
   * implicitarg[1 + d] (u32 each), the pre-v5 layout, while llc-19 emits
   * code object v5 metadata whose hidden_block_count_x/y/z sit there.
   * Kernels linked with libclc only read these fields through libclc, so
   * the libclc layout wins for the first 16 bytes of the implicit
   * arguments of a v5/v6 code object; the rest keeps the v5 layout. A v4
   * code object keeps its metadata's layout whole (its 64-bit
   * hidden_global_offset_x/y at implicitarg + 0 and + 8, which clang's
   * code for v4 reads; OpenCL C compiles to v5 by default). */
  for (uint32_t i = num_args; i < k->info.num_args && k->code_object_version >= 5; i++) {
    if (k->args[i].kind != WEMU_ARG_HIDDEN) continue;
    uint32_t at = k->args[i].offset;
    if ((uint64_t)at + 16 <= ksize) {
      put(ka->data + at, dims, 4);
      for (unsigned dd = 0; dd < 3; dd++) put(ka->data + at + 4 + 4 * dd, goff[dd], 4);
    }
    break;
  }
  return 0;
}

/* Sizes the per-lane scratch (private segment plus any dynamic stack) and
 * allocates NWAVES waves' worth, setting D's scratch fields. Returns 0,
 * or -1 with the error set. */
static int setup_scratch(emu_dispatch *D, const char *kernel, unsigned nwaves) {
  wemu_device *dev = D->dev;
  const emu_kernel *k = D->k;
  const wavecc_target *tgt = D->tgt;
  const unsigned wave = tgt->wave_size;
  /* Scratch: per lane, swizzled per wave (see exec_mem.c). */
  uint64_t priv = k->info.private_segment_size > k->kd_private_size ? k->info.private_segment_size : k->kd_private_size;
  /* USES_DYNAMIC_STACK (recursion, indirect calls): the frame size does
   * not bound the stack, and the runtime adds room for it as ROCm's stack
   * size limit does: wemu_options.dynamic_stack_bytes, default 16 KiB. */
  if (k->kcode_props & (1u << 11)) {
    D->dynamic_stack = dev->opt.dynamic_stack_bytes ? dev->opt.dynamic_stack_bytes : WEMU_DEFAULT_DYNAMIC_STACK;
    priv += D->dynamic_stack;
  }
  /* The hardware addresses at most COMPUTE_TMPRING_SIZE.WAVESIZE (13 bits)
   * KiB of scratch per wave: 8191 KiB / 64 lanes = 131056 bytes per lane on gfx900.
   * Computed in 64 bits, so a huge descriptor value is refused instead of
   * wrapping to a wrong stride. */
  uint64_t lane_bytes = ((uint64_t)priv + 15) & ~15ull;
  uint64_t lane_max = (uint64_t)tgt->max_scratch_wave_kib * 1024 / wave;
  if (lane_bytes > lane_max) {
    emu_err(dev, "kernel %s: private segment of %llu bytes per work-item exceeds the %llu bytes %s can address",
            kernel, (unsigned long long)lane_bytes, (unsigned long long)lane_max, tgt->name);
    return -1;
  }
  D->scratch_per_lane = (uint32_t)lane_bytes;
  D->scratch_per_wave = (uint32_t)((lane_bytes * wave + 1023) & ~1023ull);
  uint64_t scratch = 0;
  if (D->scratch_per_wave) {
    scratch = emu_alloc_internal(dev, (uint64_t)D->scratch_per_wave * nwaves, 1);
    if (!scratch) return -1;
  }
  D->scratch_alloc = scratch;
  D->scratch_total = (uint64_t)D->scratch_per_wave * nwaves;
  return 0;
}

/* Writes the AQL dispatch packet at D->dispatch_ptr (64 bytes). */
static void write_packet(const emu_dispatch *D, const grid *G, uint64_t lds_total) {
  emu_alloc *pa = emu_find(D->dev, D->dispatch_ptr, 64);
  uint8_t *pk = pa->data;
  put(pk + 0, 2 /* HSA_PACKET_TYPE_KERNEL_DISPATCH */, 2);
  put(pk + 2, G->dims, 2);
  put(pk + 4, G->lsz[0], 2); put(pk + 6, G->lsz[1], 2); put(pk + 8, G->lsz[2], 2);
  put(pk + 12, G->gsz[0], 4); put(pk + 16, G->gsz[1], 4); put(pk + 20, G->gsz[2], 4);
  put(pk + 24, D->scratch_per_lane, 4);
  put(pk + 28, lds_total, 4);
  put(pk + 32, D->prog->load_base + D->k->kd_offset, 8);
  put(pk + 40, D->kernarg_ptr, 8);
}

/* Sets wave WI of workgroup G to the state the hardware starts it in:
 * poisoned registers, user and system SGPRs, work-item ids and EXEC
 * (AMDGPUUsage "Initial Kernel Execution State"). ITEMS is the number of
 * work-items in the group. */
static void init_wave(const emu_dispatch *D, emu_wave *w, const wg_ctx *g, unsigned wi, uint64_t items) {
  const emu_kernel *k = D->k;
  const wavecc_target *tgt = D->tgt;
  const unsigned wave = tgt->wave_size;
  const uint64_t scratch = D->scratch_alloc;
  unsigned nuser = (k->rsrc2 >> 1) & 31;
  unsigned tid_dims = (k->rsrc2 >> 11) & 3;
  uint32_t mode = ((k->rsrc1 >> 12) & 0xff) | ((k->rsrc1 >> 21) & 1) << 8 | ((k->rsrc1 >> 23) & 1) << 9;
  unsigned vfill = k->info.vgpr_count ? (k->info.vgpr_count + 8 < EMU_AGPR0 ? k->info.vgpr_count + 8 : EMU_AGPR0) : EMU_AGPR0;
  uint32_t (*vsave)[EMU_MAX_LANES] = w->v;
  emu_pending *psave = w->pend; size_t pcap = w->cappend;
  memset(w, 0, sizeof *w);
  w->v = vsave; w->pend = psave; w->cappend = pcap;
  w->nlanes = wave;
  for (unsigned r = 0; r < vfill; r++) for (unsigned l = 0; l < w->nlanes; l++) w->v[r][l] = EMU_POISON;
  for (unsigned r = 0; r < D->agpr_limit; r++) for (unsigned l = 0; l < w->nlanes; l++) w->v[EMU_AGPR0 + r][l] = EMU_POISON;
  for (unsigned r = 0; r < EMU_NUM_SGPR; r++) w->s[r] = EMU_POISON;
  w->id_in_group = wi;
  w->pc = D->entry; w->last_pc = D->entry;
  w->mode = mode;
  w->ws = 100;
  uint64_t block = (uint64_t)D->scratch_wave0 + wi; /* this worker's blocks (parallel groups), then the wave's */
  w->scratch_base = scratch + block * D->scratch_per_wave;
  /* User SGPRs (AMDGPUUsage "Initial Kernel Execution State"). */
  unsigned s = 0;
#define SET(val) do { if (s < tgt->addressable_sgprs) { w->s[s] = (uint32_t)(val); w->sinit[s] = 1; } s++; } while (0)
  if (k->kcode_props & 1) { /* private segment buffer V# */
    SET(scratch); SET(((scratch >> 32) & 0xffff) | (1u << 31) /* swizzle */);
    SET(0xffffffffu); SET(tgt->buffer_rsrc_word3);
  }
  if (k->kcode_props & 2) { SET(D->dispatch_ptr); SET(D->dispatch_ptr >> 32); }
  if (k->kcode_props & 4) { SET(D->queue_ptr); SET(D->queue_ptr >> 32); }
  if (k->kcode_props & 8) { SET(D->kernarg_ptr); SET(D->kernarg_ptr >> 32); }
  if (k->kcode_props & 16) { SET(0); SET(0); }
  if (k->kcode_props & 32) { SET(scratch); SET(scratch >> 32); }
  if (k->kcode_props & 64) SET(D->scratch_per_lane);
  /* Preloaded kernel arguments (gfx90a, gfx942): the kernarg dwords the
   * descriptor names, in the SGPRs after the other user SGPRs (AMDGPUUsage
   * "Preloaded Kernel Arguments"; the user SGPR count includes them). */
  unsigned plen = k->kernarg_preload & 0x7f, poff = k->kernarg_preload >> 7;
  const emu_alloc *ka = plen ? emu_find(D->dev, D->kernarg_ptr + 4ull * poff, 4ull * plen) : NULL;
  for (unsigned i = 0; ka && i < plen; i++) {
    uint32_t v;
    memcpy(&v, ka->data + (D->kernarg_ptr - ka->base) + 4ull * (poff + i), 4);
    SET(v);
  }
  s = nuser; /* user SGPR count from RSRC2 wins */
  if (k->rsrc2 & (1u << 7)) SET(g->gid[0]);
  if (k->rsrc2 & (1u << 8)) SET(g->gid[1]);
  if (k->rsrc2 & (1u << 9)) SET(g->gid[2]);
  if (k->rsrc2 & (1u << 10)) SET((uint32_t)items); /* workgroup info: approximate */
  /* Architected flat scratch (gfx942, gfx11): no wave-offset SGPR; the
   * hardware sets FLAT_SCRATCH to the wave's scratch (AMDGPUUsage "Initial
   * Kernel Execution State", "Flat Scratch"): an SGPR pair on gfx942, a
   * hardware register on gfx11. */
  const bool arch_fs = tgt->flat_scratch_init == WAVECC_FS_ARCHITECTED;
  if ((k->rsrc2 & 1u) && !arch_fs) SET(block * D->scratch_per_wave);
#undef SET
  if (arch_fs) {
    w->flat_scratch = w->scratch_base;
    w->flat_scratch_set = 3;
    if (tgt->flat_scratch_reg) {
      w->s[tgt->flat_scratch_reg] = (uint32_t)w->scratch_base;
      w->s[tgt->flat_scratch_reg + 1] = (uint32_t)(w->scratch_base >> 32);
      w->sinit[tgt->flat_scratch_reg] = w->sinit[tgt->flat_scratch_reg + 1] = 1;
    }
  }
  /* Work-item ids and EXEC. */
  for (unsigned l = 0; l < w->nlanes; l++) {
    uint64_t flat = (uint64_t)wi * wave + l;
    if (flat >= items) continue;
    uint32_t tx = (uint32_t)(flat % g->size[0]), ty = (uint32_t)((flat / g->size[0]) % g->size[1]), tz = (uint32_t)(flat / ((uint64_t)g->size[0] * g->size[1]));
    w->exec |= 1ull << l;
    if (tgt->packed_workitem_ids) { /* gfx11: one VGPR, x [9:0], y [19:10], z [29:20] */
      w->v[0][l] = tx | (tid_dims >= 1 ? ty << 10 : 0) | (tid_dims >= 2 ? tz << 20 : 0);
      continue;
    }
    w->v[0][l] = tx;
    if (tid_dims >= 1) w->v[1][l] = ty;
    if (tid_dims >= 2) w->v[2][l] = tz;
  }
  w->vinit[0] = w->exec;
  if (tgt->packed_workitem_ids) return;
  if (tid_dims >= 1) w->vinit[1] = w->exec;
  if (tid_dims >= 2) w->vinit[2] = w->exec;
}

/* The next number of a work-group's interleaving (splitmix64). */
static uint64_t sched_next(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Runs the NW waves of workgroup G until every wave ended; a barrier every
 * live wave waits at is released. Without a schedule seed the waves take
 * turns one instruction each (round-robin); with one (wemu_options.
 * schedule_seed) each round starts at a pseudo-random wave and gives each
 * wave a burst of 1 to 8 instructions, a sequence that depends only on the
 * seed and the group id, so a run is reproducible on any number of
 * threads. Returns 0, or -1 when a wave faulted (error set). */
static int run_workgroup(emu_dispatch *D, emu_wave *waves, unsigned nw, const wg_ctx *g, uint64_t *cycles) {
  memcpy(D->group_id, g->gid, sizeof D->group_id);
  D->in_group = 1;
  D->group_executed = 0;
  uint64_t seed = D->dev->opt.schedule_seed, rng = 0;
  if (seed) rng = seed ^ ((uint64_t)g->gid[0] | (uint64_t)g->gid[1] << 21 | (uint64_t)g->gid[2] << 42);
  for (;;) {
    int live = 0, progressed = 0;
    unsigned first = seed ? (unsigned)(sched_next(&rng) % nw) : 0;
    for (unsigned k = 0; k < nw; k++) {
      unsigned wi = first + k; /* first < nw: no division on this path */
      emu_wave *w = &waves[wi >= nw ? wi - nw : wi];
      if (w->done) continue;
      live++;
      if (w->at_barrier) continue;
      unsigned burst = seed ? 1 + (unsigned)(sched_next(&rng) & 7) : 1;
      for (unsigned b = 0; b < burst && !w->done && !w->at_barrier; b++)
        if (step(D, w, g, cycles)) return -1;
      progressed = 1;
    }
    if (!live) return 0;
    if (!progressed) {
      /* Every live wave waits at the barrier: release them. */
      if (D->chk && emu_check_barrier(D, waves, nw)) return -1;
      for (unsigned wi = 0; wi < nw; wi++) waves[wi].at_barrier = 0;
    }
  }
}

/* At least N wave states with register files from DEV's cache (grown as
 * needed); NULL with the error set when out of memory. */
static emu_wave *emu_waves_get(wemu_device *dev, unsigned n) {
  if (n <= dev->nwave_cache) return dev->wave_cache;
  emu_wave *w = realloc(dev->wave_cache, (size_t)n * sizeof *w);
  if (!w) { emu_err(dev, "out of memory"); return NULL; }
  memset(w + dev->nwave_cache, 0, (size_t)(n - dev->nwave_cache) * sizeof *w);
  dev->wave_cache = w;
  for (; dev->nwave_cache < n; dev->nwave_cache++)
    if (!(w[dev->nwave_cache].v = malloc(sizeof(uint32_t[EMU_NUM_VGPR][EMU_MAX_LANES])))) { emu_err(dev, "out of memory"); return NULL; }
  return w;
}

/* What the workers of one dispatch share. Groups are numbered in the
 * serial order (x fastest, then y, then z) and claimed in that order. */
typedef struct groups {
  const emu_dispatch *proto;   /* the prepared dispatch, copied by each worker */
  const grid *G;
  uint64_t ngroups;
  unsigned nwaves;             /* waves of a full group */
  unsigned nthreads;
  emu_wave *waves;             /* nwaves per worker (the device's cached wave states) */
  _Atomic uint64_t next;       /* the next group to claim */
  _Atomic uint64_t fault_at;   /* the lowest group that faulted; ngroups: none */
  char err[512];               /* its message */
  wemu_stats *stats;           /* per worker, summed afterwards (sums do not depend on the order) */
  uint64_t *cycles;
  emu_cycle_model **cm;        /* per worker (cycle_model.c), merged afterwards in group order */
  uint8_t *ran;                /* per worker: it started (the others wait for worker 0, see WEMU_PAR_START_AFTER) */
  emu_par_crew *crew;          /* the other workers' threads, started by worker 0 (emu_par_run) */
} groups;

/* Worker 0 starts the other workers once it has executed
 * WEMU_PAR_START_AFTER wave-instructions of the dispatch and groups are
 * left (unless wemu_options.threads_eager): a thread, its stack, LDS,
 * wave states and check state cost ~0.1-1 ms of CPU (measured
 * 2026-11-29, --threads=1 against 2 on the 28 runner-speed files, cache
 * warm, least of 7 alternated: geometric mean 0.943 of the CPU), more
 * than most test dispatches take (a few thousand wave-instructions, tens
 * of microseconds), and on a loaded machine worker 0 then waits for a
 * thread the scheduler has not run yet. Which worker runs which group
 * does not change results (group_worker), so this only moves time. */

/* Notes that group GI faulted with the message in DEV: the lowest faulting
 * group wins, which is the one a serial run stops at. */
static void group_fault(groups *c, uint64_t gi, const wemu_device *dev, emu_par *par) {
  emu_par_lock(par);
  if (gi < atomic_load(&c->fault_at)) {
    atomic_store(&c->fault_at, gi);
    snprintf(c->err, sizeof c->err, "%s", dev->err);
  }
  emu_par_unlock(par);
}

/* Worker T: runs groups from the common queue until none is left, or
 * every group left comes after one that faulted. */
static void group_worker(void *arg, unsigned t) {
  groups *c = arg;
  c->ran[t] = 1;
  emu_dispatch D = *c->proto;
  wemu_device *own = NULL;
  if (c->nthreads > 1) { /* its own error line */
    own = malloc(sizeof *own);
    if (!own) { group_fault(c, 0, c->proto->dev, D.par); return; }
    *own = *c->proto->dev;
    D.dev = own;
  }
  D.st = &c->stats[t];
  D.scratch_wave0 = t * c->nwaves;
  const unsigned wave = D.tgt->wave_size;
  const grid *G = c->G;
  emu_wave *waves = c->waves + (size_t)t * c->nwaves;
  D.lds = calloc(D.lds_size ? D.lds_size : 1, 1);
  int ok = D.lds != NULL;
  if (!ok) { emu_err(D.dev, "out of memory"); group_fault(c, 0, D.dev, D.par); }
  uint64_t cycles = 0;
  D.cm = c->cm[t] = emu_cm_create(&D, D.lds_size, c->nwaves); /* NULL (out of memory): no occupancy figure */
  /* Bug checks: each worker keeps its own state (definedness, barrier
   * intervals are per group); the race check's logs are dispatch-wide, so
   * with it there is one worker (wemu_dispatch). */
  D.chk = NULL;
  if (ok && D.dev->opt.checks && emu_check_begin(&D, c->nwaves, G->lsz, G->goff, G->ngroups)) {
    ok = 0;
    group_fault(c, 0, D.dev, D.par);
  }
  for (uint64_t gi; ok && (gi = atomic_fetch_add(&c->next, 1)) < c->ngroups && gi < atomic_load(&c->fault_at);) {
    uint64_t gidv[3] = {gi % G->ngroups[0], gi / G->ngroups[0] % G->ngroups[1], gi / (G->ngroups[0] * G->ngroups[1])};
    wg_ctx g = {{(uint32_t)gidv[0], (uint32_t)gidv[1], (uint32_t)gidv[2]}, {0, 0, 0}};
    for (unsigned i = 0; i < 3; i++) {
      uint64_t rem = G->gsz[i] - gidv[i] * G->lsz[i];
      g.size[i] = (uint32_t)(rem < G->lsz[i] ? rem : G->lsz[i]);
    }
    uint64_t items = (uint64_t)g.size[0] * g.size[1] * g.size[2];
    unsigned nw = (unsigned)((items + wave - 1) / wave);
    memset(D.lds, 0, D.lds_size ? D.lds_size : 1);
    emu_cm_group(D.cm, gi);
    D.st->workgroups++;
    for (unsigned wi = 0; wi < nw; wi++) {
      init_wave(&D, &waves[wi], &g, wi, items);
      D.st->waves++;
    }
    if (D.chk) emu_check_group(&D, waves, nw, g.gid, g.size);
    if (run_workgroup(&D, waves, nw, &g, &cycles)) { group_fault(c, gi, D.dev, D.par); break; }
    if (t == 0 && c->crew && D.st->wave_instructions >= WEMU_PAR_START_AFTER && atomic_load(&c->next) < c->ngroups)
      emu_par_start(c->crew);
  }
  c->cycles[t] = cycles;
  for (unsigned i = 0; i < c->nwaves; i++) emu_pending_drop(&waves[i]);
  emu_check_end(&D);
  free(D.lds);
  free(D.gds);
  free(own);
}

/* Runs every group of the prepared dispatch D on NTHREADS workers and sums
 * their statistics into *ST. Returns 0, or -1 with the device error set
 * to the fault of the lowest faulting group. */
static int run_groups(emu_dispatch *D, const grid *G, unsigned nwaves, unsigned nthreads, wemu_stats *st) {
  groups c;
  memset(&c, 0, sizeof c);
  c.proto = D; c.G = G; c.nwaves = nwaves; c.nthreads = nthreads;
  c.ngroups = G->ngroups[0] * G->ngroups[1] * G->ngroups[2];
  atomic_init(&c.next, 0);
  atomic_init(&c.fault_at, c.ngroups);
  if (!(c.waves = emu_waves_get(D->dev, nwaves * nthreads))) return -1;
  c.stats = calloc(nthreads, sizeof *c.stats);
  c.cycles = calloc(nthreads, sizeof *c.cycles);
  c.cm = calloc(nthreads, sizeof *c.cm);
  c.ran = calloc(nthreads, 1);
  if (!c.stats || !c.cycles || !c.cm || !c.ran) {
    free(c.stats); free(c.cycles); free(c.cm); free(c.ran);
    emu_err(D->dev, "out of memory");
    return -1;
  }
  emu_par_run(nthreads, group_worker, &c, &c.crew, !D->dev->opt.threads_eager);
  c.crew = NULL; /* died with the run */
  uint64_t cycles = 0;
  for (unsigned t = 0; t < nthreads; t++) {
    const wemu_stats *s = &c.stats[t];
    st->wave_instructions += s->wave_instructions; st->salu += s->salu; st->valu += s->valu; st->smem += s->smem;
    st->vmem += s->vmem; st->lds += s->lds; st->branch += s->branch; st->other += s->other;
    st->mode_writes += s->mode_writes; st->active_lanes_sum += s->active_lanes_sum;
    st->spill_stores += s->spill_stores; st->spill_loads += s->spill_loads;
    st->waves += s->waves; st->workgroups += s->workgroups;
    cycles += c.cycles[t];
  }
  st->cycles_estimate = cycles / 4;
  /* The models of the workers that ran (worker 0 first): one that never
   * started has no model and no groups. */
  unsigned nran = 0;
  for (unsigned t = 0; t < nthreads; t++)
    if (c.ran[t]) c.cm[nran++] = c.cm[t];
  st->workers = nran;
  st->cycles_occupancy = emu_cm_merge(c.cm, nran);
  st->waves_per_simd = emu_cm_waves_per_simd(c.cm[0]);
  for (unsigned t = 0; t < nran; t++) emu_cm_free(c.cm[t]);
  free(c.stats); free(c.cycles); free(c.cm); free(c.ran);
  if (atomic_load(&c.fault_at) < c.ngroups) {
    if (nthreads > 1) snprintf(D->dev->err, sizeof D->dev->err, "%s", c.err);
    return -1;
  }
  return 0;
}

int wemu_dispatch(wemu_device *dev, wemu_program *prog, const char *kernel, const wemu_arg *args, uint32_t num_args,
                  uint32_t dims, const uint64_t global_size[3], const uint64_t *local_size, const uint64_t *global_offset,
                  wemu_stats *stats) {
  if (!dev) return -1;
  dev->err[0] = 0;
  grid G;
  emu_kernel *k = check_dispatch(dev, prog, kernel, args, num_args, dims, global_size, local_size, global_offset, &G);
  if (!k) return -1;
  uint64_t ltotal = G.lsz[0] * G.lsz[1] * G.lsz[2];

  emu_dispatch D;
  memset(&D, 0, sizeof D);
  D.dev = dev; D.prog = prog; D.k = k;
  /* The wave size: kernel_code_properties ENABLE_WAVEFRONT_SIZE32 (bit 10,
   * GFX10+; AMDGPUUsage "Kernel Descriptor") picks the target's instance. */
  D.tgt = wavecc_target_variant(dev->tgt, (k->kcode_props >> 10) & 1 ? 32 : 64);
  if (!D.tgt) {
    emu_err(dev, "kernel %s: its descriptor asks for wave%s, which %s does not have", kernel,
            (k->kcode_props >> 10) & 1 ? "32" : "64", dev->tgt->name);
    return -1;
  }
  wemu_stats local_stats;
  memset(&local_stats, 0, sizeof local_stats);
  D.st = &local_stats;
  struct timespec t_start, c_start;
  clock_gettime(CLOCK_MONOTONIC, &t_start);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c_start);
  D.trace = dev->opt.trace ? (dev->opt.trace_file ? (FILE *)dev->opt.trace_file : stderr) : NULL;
  /* With preloaded kernel arguments the firmware starts the kernel 256
   * bytes past its entry: the block there serves firmware without
   * preloading (LLVM 19: s_trap 2; AMDGPUUsage "Preloaded Kernel
   * Arguments"). The emulator is firmware with it. */
  D.entry = prog->load_base + k->entry + ((k->kernarg_preload & 0x7f) ? 256 : 0);
  D.limit = dev->opt.max_wave_instructions ? dev->opt.max_wave_instructions : DEFAULT_LIMIT;
  D.wave_limit = dev->opt.max_steps ? dev->opt.max_steps : DEFAULT_WAVE_LIMIT;
  set_register_limits(&D);
  D.check_uninit = dev->opt.check_uninit;
  D.deadline = dev->opt.timeout_seconds > 0 ? now_seconds() + dev->opt.timeout_seconds : 0;

  /* LDS: static size, then each dynamic __local argument (16-byte aligned). */
  uint32_t group_static = k->info.group_segment_size > k->kd_group_size ? k->info.group_segment_size : k->kd_group_size;
  /* 64-bit arithmetic: a descriptor's 0xfffffff1 must not wrap to 0. */
  uint64_t lds_total = ((uint64_t)group_static + 15) & ~15ull;
  int rc = -1;
  const wavecc_target *tgt = D.tgt;
  const unsigned wave = tgt->wave_size;
  unsigned nwaves = (unsigned)((ltotal + wave - 1) / wave);

  /* Kernarg segment. */
  uint32_t ksize = k->info.kernarg_size ? k->info.kernarg_size : k->kd_kernarg_size;
  /* The runtime hands out kernarg memory 16-byte aligned and in blocks
   * larger than the segment, so a compiler may read past the last argument
   * with one wide SMEM load (llc-19 loads trailing 4-byte arguments with
   * s_load_dwordx4): round the allocation up to the widest SMEM load
   * (s_load_dwordx16, 64 bytes). Reads beyond that still fault. */
  uint64_t kalloc = ((uint64_t)(ksize ? ksize : 16) + 63) & ~63ull;
  uint64_t kern = emu_alloc_internal(dev, kalloc, 1);
  uint64_t packet = emu_alloc_internal(dev, 64, 1);
  uint64_t queue = emu_alloc_internal(dev, 256, 1);
  if (!kern || !packet || !queue) goto out;
  if (write_kernargs(dev, k, kernel, args, num_args, &G, kern, queue, ksize, &lds_total)) goto out;
  if (lds_total > tgt->lds_bytes) {
    emu_err(dev, "kernel %s: %llu bytes of LDS exceed the %u KiB of %s", kernel, (unsigned long long)lds_total, tgt->lds_bytes / 1024, tgt->name);
    goto out;
  }
  /* Work-groups in parallel: not with a trace (one ordered stream), not
   * with the race check (its logs of accesses and atomics are one
   * dispatch-wide state, check_race.c; the other checks' state is per
   * worker), nor with more workers than groups. */
  uint64_t ngroups = G.ngroups[0] * G.ngroups[1] * G.ngroups[2];
  unsigned nthreads = D.trace || (dev->opt.checks & WEMU_CHECK_RACE) ? 1 : emu_par_threads(&dev->opt);
  if (nthreads > ngroups) nthreads = (unsigned)ngroups;
  if (nthreads > 1 && !(D.par = emu_par_new())) nthreads = 1;
  if (setup_scratch(&D, kernel, nwaves * nthreads)) goto out;
  D.dispatch_ptr = packet; D.kernarg_ptr = kern; D.queue_ptr = queue;
  write_packet(&D, &G, lds_total);
  D.lds_size = (uint32_t)lds_total;
  if (run_groups(&D, &G, nwaves, nthreads, &local_stats)) goto out;
  rc = 0;
out:
  emu_par_free(D.par);
  emu_free_internal(dev);
  struct timespec t_end, c_end;
  clock_gettime(CLOCK_MONOTONIC, &t_end);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c_end);
  local_stats.host_cpu_seconds = (double)(c_end.tv_sec - c_start.tv_sec) + 1e-9 * (double)(c_end.tv_nsec - c_start.tv_nsec);
  local_stats.host_seconds = (double)(t_end.tv_sec - t_start.tv_sec) + 1e-9 * (double)(t_end.tv_nsec - t_start.tv_nsec);
  if (stats) *stats = local_stats;
  return rc;
}
