/* Kernel descriptors and the AMDGPU metadata note in MessagePack: the
 * binary forms of what emit_asm.c writes as `.amdhsa_kernel` directives
 * and `.amdgpu_metadata` YAML.
 *
 * Descriptor (AMDGPUUsage "Kernel Descriptor", GFX6-GFX9 columns): bytes
 * 0 group segment size, 4 private segment size, 8 kernarg size, 16 entry
 * offset (written by the code object writer), 48 COMPUTE_PGM_RSRC1, 52
 * COMPUTE_PGM_RSRC2, 56 kernel_code_properties; the rest is zero on gfx900.
 * RDNA (GFX10-GFX11 columns): no SGPR granule field (sgpr_blocks_bits 0),
 * the VGPR granule of the wave size, and the target's fixed RSRC1 bits
 * (WGP_MODE [29], MEM_ORDERED [30]) and properties (ENABLE_WAVEFRONT_SIZE32
 * [10]), as llvm-mc-19 writes them for llc-19's directives.
 * RSRC1: VGPR blocks [5:0] (granule 4, minus 1), SGPR blocks [9:6]
 * (granule 8, minus 1: what llvm-mc-19 writes for gfx900), FLOAT_MODE [19:12], DX10_CLAMP
 * [21], IEEE_MODE [23]. RSRC2: private segment [0], user SGPRs [5:1],
 * work-group ids [9:7], work-item id dims [12:11]. Properties: the user
 * SGPR enables in the order of "Initial Kernel Execution State".
 *
 * Metadata: a map per kernel with the keys in sorted order, which is the
 * order LLVM's msgpack document (a std::map) writes, so the note is the
 * same bytes llvm-mc makes of the YAML. Integers use the smallest
 * MessagePack form, strings fixstr/str8/str16 (the MessagePack spec). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/emit.h"
#include "emit/encode.h"
#include "target/target.h"
#include "util/bytebuf.h"

void mir_kernel_descriptor(const mir_program *p, const mir_kernel_regs *r, uint8_t kd[64]) {
  const mir_kernel_abi *a = &p->abi;
  memset(kd, 0, 64);
  unsigned v = r->vgprs, s = r->sgprs;
  if (!v) v = 1;
  if (!s) s = 1;
  const wavecc_descriptor_layout *dl = &p->target->descriptor;
  uint32_t sgpr_blocks = dl->sgpr_blocks_bits ? ((s + dl->sgpr_block - 1) / dl->sgpr_block - 1) << dl->sgpr_blocks_shift : 0;
  uint32_t rsrc1 = ((v + dl->vgpr_block - 1) / dl->vgpr_block - 1) | sgpr_blocks |
                   (a->float_mode & 0xff) << dl->float_mode_shift |
                   (uint32_t)a->dx10_clamp << 21 | (uint32_t)a->ieee_mode << 23;
  rsrc1 |= dl->rsrc1_fixed; /* RDNA: WGP_MODE [29], MEM_ORDERED [30] */
  uint32_t rsrc2 = (uint32_t)a->private_segment_wave_offset | mir_user_sgpr_count(a) << 1 |
                   (uint32_t)a->workgroup_id[0] << 7 | (uint32_t)a->workgroup_id[1] << 8 |
                   (uint32_t)a->workgroup_id[2] << 9 | (a->workitem_id_dims & 3) << 11;
  uint32_t props = (uint32_t)a->private_segment_buffer | (uint32_t)a->dispatch_ptr << 1 |
                   (uint32_t)a->queue_ptr << 2 | (uint32_t)a->kernarg_segment_ptr << 3 |
                   (uint32_t)a->dispatch_id << 4 | (uint32_t)a->flat_scratch_init << 5 |
                   (uint32_t)a->uses_dynamic_stack << 11;
  props |= dl->code_props_fixed; /* RDNA wave32: ENABLE_WAVEFRONT_SIZE32 [10] */
  bytes_set_le(kd + 0, a->group_segment_size, 4);
  bytes_set_le(kd + 4, a->private_segment_size, 4);
  bytes_set_le(kd + 8, a->kernarg_size, 4);
  bytes_set_le(kd + 48, rsrc1, 4);
  bytes_set_le(kd + 52, rsrc2, 4);
  bytes_set_le(kd + 56, props, 2);
  /* COMPUTE_PGM_RSRC3 on targets with AGPRs (AMDGPUUsage, GFX90A/GFX942):
   * ACCUM_OFFSET [5:0], TG_SPLIT [16] = 0. */
  if (p->target->agprs) bytes_set_le(kd + 44, mir_accum_offset(p, mir_arch_vgprs(p)) / p->target->accum_offset_granule - 1, 4);
}

/* ---- MessagePack writer -------------------------------------------------- */

static void mp_be(bytebuf *m, uint8_t tag, uint64_t v, int n) {
  uint8_t t[9];
  t[0] = tag;
  for (int i = 0; i < n; i++) t[1 + i] = (uint8_t)(v >> (8 * (n - 1 - i)));
  bytebuf_put(m, t, 1 + (size_t)n);
}

static void mp_uint(bytebuf *m, uint64_t v) {
  if (v < 128) mp_be(m, (uint8_t)v, 0, 0);
  else if (v <= 0xff) mp_be(m, 0xcc, v, 1);
  else if (v <= 0xffff) mp_be(m, 0xcd, v, 2);
  else if (v <= 0xffffffffu) mp_be(m, 0xce, v, 4);
  else mp_be(m, 0xcf, v, 8);
}

static void mp_str(bytebuf *m, const char *s) {
  size_t n = strlen(s);
  if (n < 32) mp_be(m, (uint8_t)(0xa0 | n), 0, 0);
  else if (n <= 0xff) mp_be(m, 0xd9, n, 1);
  else if (n <= 0xffff) mp_be(m, 0xda, n, 2);
  else mp_be(m, 0xdb, n, 4);
  bytebuf_put(m, s, n);
}

static void mp_bool(bytebuf *m, bool v) { mp_be(m, v ? 0xc3 : 0xc2, 0, 0); }

static void mp_array(bytebuf *m, size_t n) {
  if (n < 16) mp_be(m, (uint8_t)(0x90 | n), 0, 0);
  else if (n <= 0xffff) mp_be(m, 0xdc, n, 2);
  else mp_be(m, 0xdd, n, 4);
}

static void mp_map(bytebuf *m, size_t n) {
  if (n < 16) mp_be(m, (uint8_t)(0x80 | n), 0, 0);
  else if (n <= 0xffff) mp_be(m, 0xde, n, 2);
  else mp_be(m, 0xdf, n, 4);
}

static void mp_kv_uint(bytebuf *m, const char *k, uint64_t v) { mp_str(m, k); mp_uint(m, v); }
static void mp_kv_str(bytebuf *m, const char *k, const char *v) { mp_str(m, k); mp_str(m, v); }

/* One argument: the keys emit_asm.c's yaml_arg writes, same order. */
static void mp_arg(bytebuf *m, const mir_kernel_arg *g, const char *kind, uint32_t offset, uint32_t size) {
  bool pointer = g && (!strcmp(kind, "global_buffer") || !strcmp(kind, "dynamic_shared_pointer")) &&
                 mir_addr_space_name(g->address_space);
  bool named = g && g->name && *g->name, typed = g && g->type_name && *g->type_name;
  mp_map(m, 3u + pointer + (g && g->is_const) + (g && g->is_restrict) + (g && g->is_volatile) + named + typed);
  if (pointer) mp_kv_str(m, ".address_space", mir_addr_space_name(g->address_space));
  if (g && g->is_const) { mp_str(m, ".is_const"); mp_bool(m, true); }
  if (g && g->is_restrict) { mp_str(m, ".is_restrict"); mp_bool(m, true); }
  if (g && g->is_volatile) { mp_str(m, ".is_volatile"); mp_bool(m, true); }
  if (named) mp_kv_str(m, ".name", g->name);
  mp_kv_uint(m, ".offset", offset);
  mp_kv_uint(m, ".size", size);
  if (typed) mp_kv_str(m, ".type_name", g->type_name);
  mp_kv_str(m, ".value_kind", kind);
}

static void mp_kernel(bytebuf *m, const mir_program *p, const mir_kernel_regs *r) {
  const mir_kernel_abi *a = &p->abi;
  bool has_hidden = false;
  uint32_t explicit_end = 0;
  for (uint32_t i = 0; i < a->num_args; i++) {
    const mir_kernel_arg *g = &a->args[i];
    if (g->value_kind && !strncmp(g->value_kind, "hidden_", 7)) has_hidden = true;
    else if (g->offset + g->size > explicit_end) explicit_end = g->offset + g->size;
  }
  bool add_hidden = !has_hidden && a->num_args;
  unsigned nh;
  uint32_t area;
  const mir_hidden_arg *h = mir_hidden_args(a, &nh, &area);
  bool rdna = mir_target_is_rdna(p->target);
  bool reqd = a->reqd_workgroup_size[0] != 0;
  mp_map(m, 14u + (rdna ? 1u : 0u) + (p->target->agprs ? 1u : 0u) + (reqd ? 1u : 0u));
  if (p->target->agprs) mp_kv_uint(m, ".agpr_count", p->num_agprs_used);
  mp_str(m, ".args");
  mp_array(m, a->num_args + (add_hidden ? nh : 0u));
  for (uint32_t i = 0; i < a->num_args; i++) {
    const mir_kernel_arg *g = &a->args[i];
    mp_arg(m, g, g->value_kind ? g->value_kind : "by_value", g->offset, g->size);
  }
  uint32_t kernarg_size = a->kernarg_size;
  if (add_hidden) {
    uint32_t base = (explicit_end + 7) & ~7u;
    for (unsigned i = 0; i < nh; i++) mp_arg(m, NULL, h[i].kind, base + h[i].off, h[i].size);
    if (kernarg_size < base + area) kernarg_size = base + area;
  }
  mp_kv_uint(m, ".group_segment_fixed_size", a->group_segment_size);
  mp_kv_uint(m, ".kernarg_segment_align", a->kernarg_align ? a->kernarg_align : 8);
  mp_kv_uint(m, ".kernarg_segment_size", kernarg_size);
  mp_kv_uint(m, ".max_flat_workgroup_size", a->max_flat_workgroup_size ? a->max_flat_workgroup_size : 1024);
  mp_kv_str(m, ".name", p->name);
  mp_kv_uint(m, ".private_segment_fixed_size", a->private_segment_size);
  if (reqd) { /* between .private_segment_fixed_size and .sgpr_count: llvm-mc sorts the keys */
    mp_str(m, ".reqd_workgroup_size");
    mp_array(m, 3);
    for (unsigned d = 0; d < 3; d++) mp_uint(m, a->reqd_workgroup_size[d]);
  }
  mp_kv_uint(m, ".sgpr_count", r->sgprs);
  mp_kv_uint(m, ".sgpr_spill_count", 0);
  size_t nl = strlen(p->name);
  char *sym = malloc(nl + 4);
  if (!sym) { m->oom = true; return; }
  memcpy(sym, p->name, nl);
  memcpy(sym + nl, ".kd", 4);
  mp_kv_str(m, ".symbol", sym);
  free(sym);
  mp_str(m, ".uses_dynamic_stack");
  mp_bool(m, p->abi.uses_dynamic_stack);
  mp_kv_uint(m, ".vgpr_count", r->vgprs);
  mp_kv_uint(m, ".vgpr_spill_count", 0);
  mp_kv_uint(m, ".wavefront_size", p->target->wave_size);
  if (rdna) mp_kv_uint(m, ".workgroup_processor_mode", mir_target_wgp_mode(p->target));
}

/* AMDGPUUsage "ELF Header", code object v4+ feature fields of e_flags:
 * XNACK in bits 9:8, SRAMECC in bits 11:10, each 1 any, 2 off, 3 on. */
enum { EF_XNACK_SHIFT = 8, EF_SRAMECC_SHIFT = 10 };

static const wavecc_target *target_of(const mir_program *p) {
  return p && p->target ? p->target : &wavecc_target_gfx900;
}

void mir_target_id(const mir_program *p, char *buf, size_t n) {
  const wavecc_target *t = target_of(p);
  int sramecc = p && t->has_sramecc ? p->target_sramecc : 0, xnack = p && t->has_xnack ? p->target_xnack : 0;
  snprintf(buf, n, "amdgcn-amd-amdhsa--%s%s%s", t->name, sramecc > 0 ? ":sramecc+" : sramecc < 0 ? ":sramecc-" : "",
           xnack > 0 ? ":xnack+" : xnack < 0 ? ":xnack-" : "");
}

uint32_t mir_elf_flags(const mir_program *p) {
  const wavecc_target *t = target_of(p);
  int sramecc = p ? p->target_sramecc : 0, xnack = p ? p->target_xnack : 0;
  uint32_t f = t->elf_mach;
  if (t->has_xnack) f |= (uint32_t)(xnack > 0 ? 3 : xnack < 0 ? 2 : 1) << EF_XNACK_SHIFT;
  if (t->has_sramecc) f |= (uint32_t)(sramecc > 0 ? 3 : sramecc < 0 ? 2 : 1) << EF_SRAMECC_SHIFT;
  return f;
}

int mir_metadata_msgpack(mir_program *const *kernels, const mir_kernel_regs *regs, unsigned num_kernels, uint8_t **out,
                         size_t *size) {
  bytebuf m = {0};
  mp_map(&m, 3);
  mp_str(&m, "amdhsa.kernels");
  mp_array(&m, num_kernels);
  for (unsigned k = 0; k < num_kernels; k++) mp_kernel(&m, kernels[k], &regs[k]);
  char target_id[96];
  mir_target_id(num_kernels ? kernels[0] : NULL, target_id, sizeof target_id);
  mp_kv_str(&m, "amdhsa.target", target_id);
  /* 1.1 for code object v4, 1.2 for v5 and v6 (as llc-19 writes them) */
  mp_str(&m, "amdhsa.version");
  mp_array(&m, 2);
  mp_uint(&m, 1);
  mp_uint(&m, mir_module_code_object_version(kernels, num_kernels) == 4 ? 1 : 2);
  if (m.oom) {
    free(m.b);
    return 1;
  }
  *out = m.b;
  *size = m.n;
  return 0;
}
