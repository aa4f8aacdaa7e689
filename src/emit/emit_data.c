/* Emission of module data and of PC-relative data addresses; see
 * emit_data.h for the layout and the instruction sequence (AMDGPUUsage,
 * "Relocation Records": R_AMDGPU_REL32_LO/HI, which ld.lld resolves
 * inside the code object, so no dynamic relocation is left). */
#include "emit/emit_data.h"

#include <ctype.h>

static bool bare_chars(const char *s) {
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '_' && *s != '.' && *s != '$') return false;
  return true;
}

static void quoted_bytes(FILE *out, const char *s) {
  for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
    if (*c == '"' || *c == '\\') fprintf(out, "\\%c", *c);
    else if (*c < 0x20 || *c == 0x7f) fprintf(out, "\\%03o", *c);
    else fputc(*c, out);
  }
}

void mir_emit_symbol(FILE *out, const char *name) { mir_emit_symbol3(out, "", name, ""); }

void mir_emit_symbol3(FILE *out, const char *prefix, const char *name, const char *suffix) {
  char first = *prefix ? *prefix : *name ? *name : *suffix;
  if (first && !isdigit((unsigned char)first) && bare_chars(prefix) && bare_chars(name) && bare_chars(suffix)) {
    fprintf(out, "%s%s%s", prefix, name, suffix);
    return;
  }
  fputc('"', out);
  quoted_bytes(out, prefix);
  quoted_bytes(out, name);
  quoted_bytes(out, suffix);
  fputc('"', out);
}

void mir_emit_data(const mir_module_data *md, FILE *out) {
  if (!md) return;
  for (uint32_t k = 0; k < md->num; k++) {
    const mir_data_object *o = &md->objs[k];
    if (o->external) {
      const char *dir[2] = {o->visibility, o->weak ? "weak" : NULL};
      for (unsigned i = 0; i < 2; i++) {
        if (!dir[i]) continue;
        fprintf(out, "\t.%s\t", dir[i]);
        mir_emit_symbol(out, o->name);
        fputc('\n', out);
      }
      continue;
    }
    unsigned lg = 0;
    while ((1u << lg) < o->align) lg++;
    fputs("\t.type\t", out);
    mir_emit_symbol(out, o->name);
    fputs(",@object\n", out);
    fputs(o->writable ? "\t.section\t.data,\"aw\",@progbits\n" : "\t.section\t.rodata,\"a\",@progbits\n", out);
    fprintf(out, "\t.p2align\t%u, 0x0\n", lg);
    mir_emit_symbol(out, o->name);
    fputs(":\n", out);
    for (uint64_t i = 0; i < o->size; i += 16) {
      fputs("\t.byte\t", out);
      for (uint64_t j = i; j < o->size && j < i + 16; j++) fprintf(out, j == i ? "%u" : ",%u", o->bytes[j]);
      fputc('\n', out);
    }
    if (!o->size) fputs("\t.zero\t1\n", out); /* a symbol needs a byte to point at */
    fputs("\t.size\t", out);
    mir_emit_symbol(out, o->name);
    fprintf(out, ", %llu\n", (unsigned long long)(o->size ? o->size : 1));
  }
}

bool mir_is_data_address(const mir_instr *ins) { return ins->opcode == ISA_S_GETPC_B64 && ins->offset != 0; }

uint32_t mir_data_address_index(const mir_instr *ins, bool *func) {
  *func = ins->offset < 0;
  return *func ? (uint32_t)(-(int64_t)ins->offset) - 1 : (uint32_t)ins->offset - 1;
}

bool mir_emit_data_address(const mir_instr *ins, const mir_module_data *md, FILE *out) {
  bool func;
  uint32_t k = mir_data_address_index(ins, &func);
  if (!md || k >= (func ? md->num_funcs : md->num) || !ins->num_defs || ins->defs[0].preg == MIR_PREG_NONE)
    return false;
  char pair[32], lo[16], hi[16];
  mir_preg r = ins->defs[0].preg;
  mir_preg_format(pair, sizeof pair, r, 2);
  mir_preg_format(lo, sizeof lo, r, 1);
  mir_preg_format(hi, sizeof hi, (mir_preg)(r + 1), 1);
  const char *s = func ? md->funcs[k] : md->objs[k].name;
  bool got = func ? md->funcs_got && md->funcs_got[k] : md->objs[k].got;
  const char *rel = got ? "gotpcrel32" : "rel32";
  fprintf(out, "\ts_getpc_b64 %s\n\ts_add_u32 %s, %s, ", pair, lo, lo);
  mir_emit_symbol(out, s);
  fprintf(out, "@%s@lo+4\n\ts_addc_u32 %s, %s, ", rel, hi, hi);
  mir_emit_symbol(out, s);
  fprintf(out, "@%s@hi+12\n", rel);
  return true;
}
