/* The code object's metadata (the .amdgpu_metadata YAML): one entry per
 * kernel with its arguments, hidden arguments, register counts and
 * sizes, as AMDGPUUsage "Code Object V5 Metadata" defines it and llc-19
 * writes it (argument value kinds, address spaces, access qualifiers). */
#include <stdio.h>
#include <string.h>

#include "emit/emit.h"
#include "emit/encode.h"
#include "target/target.h"

const char *mir_addr_space_name(uint32_t as) {
  switch (as) {
  case 1: return "global";
  case 2: return "region";
  case 3: return "local";
  case 4: return "constant";
  case 5: return "private";
  case 0: return "generic";
  case 7: case 8: return "global"; /* buffer resources (not listed as pointers) */
  default: return NULL;            /* llc-19 writes no .address_space for others */
  }
}

/* A YAML string scalar: names from the IR may be anything LLVM allows
 * ("n", "yes", "0x10", "a: b", quotes, bytes >= 0x80). Double quotes (YAML
 * 1.2, 7.3.1) keep ": " and escapes apart, and the explicit !str tag keeps
 * LLVM's metadata reader, which infers a scalar's type from its text even
 * when quoted, from reading "yes", "n" or "123" as a boolean or a number. */
static void yaml_str(FILE *out, const char *s) {
  fputs("!str \"", out);
  for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
    if (*c == '"' || *c == '\\') fprintf(out, "\\%c", *c);
    else if (*c < 0x20 || *c == 0x7f) fprintf(out, "\\x%02x", *c);
    else fputc(*c, out);
  }
  fputc('"', out);
}

static void yaml_arg(FILE *out, const char *name, const char *type, const char *kind, uint32_t offset, uint32_t size,
                     uint32_t as, bool pointer, bool is_const, bool is_restrict, bool is_volatile) {
  fputs("      - ", out);
  bool first = true;
#define KEY(...) do { fputs(first ? "" : "        ", out); first = false; fprintf(out, __VA_ARGS__); } while (0)
  if (pointer && mir_addr_space_name(as)) KEY(".address_space: %s\n", mir_addr_space_name(as));
  if (is_const) KEY(".is_const: true\n");
  if (is_restrict) KEY(".is_restrict: true\n");
  if (is_volatile) KEY(".is_volatile: true\n");
  if (name && *name) {
    KEY(".name: ");
    yaml_str(out, name);
    fputc('\n', out);
  }
  KEY(".offset: %u\n", offset);
  KEY(".size: %u\n", size);
  if (type && *type) {
    KEY(".type_name: ");
    yaml_str(out, type);
    fputc('\n', out);
  }
  KEY(".value_kind: %s\n", kind);
#undef KEY
}

/* Hidden arguments of code object v5 after the explicit ones, at the
 * offsets llc-19 uses (relative to the 8-aligned end of the explicit
 * arguments); the hidden area is 256 bytes. */
const mir_hidden_arg mir_hidden_v5[MIR_NUM_HIDDEN_V5] = {
  {"hidden_block_count_x", 0, 4}, {"hidden_block_count_y", 4, 4}, {"hidden_block_count_z", 8, 4},
  {"hidden_group_size_x", 12, 2}, {"hidden_group_size_y", 14, 2}, {"hidden_group_size_z", 16, 2},
  {"hidden_remainder_x", 18, 2}, {"hidden_remainder_y", 20, 2}, {"hidden_remainder_z", 22, 2},
  {"hidden_global_offset_x", 40, 8}, {"hidden_global_offset_y", 48, 8}, {"hidden_global_offset_z", 56, 8},
  {"hidden_grid_dims", 64, 2}, {"hidden_hostcall_buffer", 80, 8}, {"hidden_multigrid_sync_arg", 88, 8},
  {"hidden_heap_v1", 96, 8}, {"hidden_default_queue", 104, 8}, {"hidden_completion_action", 112, 8},
  {"hidden_queue_ptr", 200, 8},
};

void mir_emit_kernel_metadata(const mir_program *p, FILE *out) {
  const mir_kernel_abi *a = &p->abi;
  bool has_hidden = false;
  uint32_t explicit_end = 0;
  /* AGPR targets: llc-19 lists .agpr_count first (keys sorted). */
  if (p->target->agprs) fprintf(out, "  - .agpr_count: %u\n    .args:\n", p->num_agprs_used);
  else fputs("  - .args:\n", out);
  if (!a->num_args) fputs("      []\n", out);
  for (uint32_t i = 0; i < a->num_args; i++) {
    const mir_kernel_arg *g = &a->args[i];
    bool hidden = g->value_kind && strncmp(g->value_kind, "hidden_", 7) == 0;
    has_hidden |= hidden;
    if (!hidden && g->offset + g->size > explicit_end) explicit_end = g->offset + g->size;
    bool pointer = g->value_kind && (strcmp(g->value_kind, "global_buffer") == 0 ||
                                     strcmp(g->value_kind, "dynamic_shared_pointer") == 0);
    yaml_arg(out, g->name, g->type_name, g->value_kind ? g->value_kind : "by_value", g->offset, g->size,
             g->address_space, pointer, g->is_const, g->is_restrict, g->is_volatile);
  }
  uint32_t kernarg_size = a->kernarg_size;
  if (!has_hidden && a->num_args) {
    uint32_t base = (explicit_end + 7) & ~7u;
    for (unsigned i = 0; i < MIR_NUM_HIDDEN_V5; i++)
      yaml_arg(out, NULL, NULL, mir_hidden_v5[i].kind, base + mir_hidden_v5[i].off, mir_hidden_v5[i].size, 0, false, false,
               false, false);
    if (kernarg_size < base + 256) kernarg_size = base + 256;
  }
  fprintf(out, "    .group_segment_fixed_size: %u\n", a->group_segment_size);
  fprintf(out, "    .kernarg_segment_align: %u\n", a->kernarg_align ? a->kernarg_align : 8);
  fprintf(out, "    .kernarg_segment_size: %u\n", kernarg_size);
  fprintf(out, "    .max_flat_workgroup_size: %u\n", a->max_flat_workgroup_size ? a->max_flat_workgroup_size : 1024);
  fputs("    .name: ", out);
  yaml_str(out, p->name);
  fputc('\n', out);
  fprintf(out, "    .private_segment_fixed_size: %u\n", a->private_segment_size);
  if (a->reqd_workgroup_size[0]) /* keys sorted, as llc-19 writes them */
    fprintf(out, "    .reqd_workgroup_size:\n      - %u\n      - %u\n      - %u\n", a->reqd_workgroup_size[0],
            a->reqd_workgroup_size[1], a->reqd_workgroup_size[2]);
  fprintf(out, "    .sgpr_count: %u\n", mir_total_sgprs(p));
  fprintf(out, "    .sgpr_spill_count: 0\n");
  char sym[1024];
  snprintf(sym, sizeof sym, "%s.kd", p->name);
  fputs("    .symbol: ", out);
  yaml_str(out, sym);
  fputc('\n', out);
  fprintf(out, "    .uses_dynamic_stack: %s\n", a->uses_dynamic_stack ? "true" : "false");
  fprintf(out, "    .vgpr_count: %u\n", mir_next_free_vgpr(p));
  fprintf(out, "    .vgpr_spill_count: 0\n");
  fprintf(out, "    .wavefront_size: %u\n", p->target->wave_size);
  if (mir_target_is_rdna(p->target)) /* as llc-19 writes it for GFX10+ */
    fprintf(out, "    .workgroup_processor_mode: %u\n", mir_target_wgp_mode(p->target));
}

void mir_fix_kernarg_size(mir_program *p) {
  const mir_kernel_abi *a = &p->abi;
  bool has_hidden = false;
  uint32_t explicit_end = 0;
  for (uint32_t i = 0; i < a->num_args; i++) {
    const mir_kernel_arg *g = &a->args[i];
    if (g->value_kind && strncmp(g->value_kind, "hidden_", 7) == 0) has_hidden = true;
    else if (g->offset + g->size > explicit_end) explicit_end = g->offset + g->size;
  }
  if (!has_hidden && a->num_args && p->abi.kernarg_size < ((explicit_end + 7) & ~7u) + 256)
    p->abi.kernarg_size = ((explicit_end + 7) & ~7u) + 256;
}
