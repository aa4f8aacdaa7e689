/* What a dispatch sets up before its first wave runs, as the ROCm runtime
 * and the command processor would (AMDGPUUsage "Initial Kernel Execution
 * State", "Code Object V5 Metadata", HSA hsa_kernel_dispatch_packet_t):
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
 * dispatch.c runs the work-groups. */
#include <stdlib.h>
#include <string.h>

#include "emu/check_internal.h"
#include "emu/emu_internal.h"

/* Stores the low N bytes of V at P, little-endian. */
static void put(uint8_t *p, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* Finds KERNEL in PROG and checks the NDRange and argument count against
 * it, filling *G. Returns the kernel, or NULL with the device error set. */
emu_kernel *emu_check_dispatch(wemu_device *dev, wemu_program *prog, const char *kernel, const wemu_arg *args,
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
void emu_set_register_limits(emu_dispatch *D) {
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
int emu_write_kernargs(wemu_device *dev, const emu_kernel *k, const char *kernel, const wemu_arg *args,
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
int emu_setup_scratch(emu_dispatch *D, const char *kernel, unsigned nwaves) {
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
void emu_write_packet(const emu_dispatch *D, const grid *G, uint64_t lds_total) {
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
void emu_init_wave(const emu_dispatch *D, emu_wave *w, const wg_ctx *g, unsigned wi, uint64_t items) {
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
