/* --assembler=check: the builtin code object against llvm-mc-19's object
 * for wavecc's own assembly text, and against llvm-readelf-19 and
 * llvm-objdump-19.
 *
 * Compared: .text byte for byte (the literal fields of .rela.text, data
 * addresses that the relocatable object leaves to the linker, are masked
 * on both sides); .rodata (kernel descriptors, then constant data) byte for
 * byte with .rela.rodata's fields (descriptor entry offsets) masked; the
 * NT_AMDGPU_METADATA descriptor byte for byte (same msgpack document);
 * .data byte for byte. Relocation widths: AMDGPUUsage "Relocation
 * Records" (R_AMDGPU_ABS64 3, REL64 5 and RELATIVE64 13 are 8 bytes, the
 * others 4). The tools must print no warning and no `<unknown>`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/emit.h"
#include "emit/encode.h"
#include "target/target.h"
#include "util/spawn.h"

typedef struct esec {
  const uint8_t *data;
  uint64_t size;
  bool found;
} esec;

static uint64_t rd(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

/* Section `name` of an ELF64 image (both are produced by trusted tools or
 * by wavecc; bounds are still checked). */
static esec find_section(const uint8_t *e, size_t n, const char *name) {
  esec r = {0};
  if (n < 64 || memcmp(e, "\177ELF", 4)) return r;
  uint64_t shoff = rd(e + 40, 8), shnum = rd(e + 60, 2), shstr = rd(e + 62, 2);
  if (shoff > n || shnum * 64 > n - shoff || shstr >= shnum) return r;
  const uint8_t *ss = e + shoff + shstr * 64;
  uint64_t stroff = rd(ss + 24, 8), strsz = rd(ss + 32, 8);
  if (stroff > n || strsz > n - stroff) return r;
  for (uint64_t i = 0; i < shnum; i++) {
    const uint8_t *s = e + shoff + i * 64;
    uint64_t nm = rd(s, 4), type = rd(s + 4, 4), off = rd(s + 24, 8), sz = rd(s + 32, 8);
    if (nm >= strsz || strnlen((const char *)e + stroff + nm, strsz - nm) == strsz - nm) continue;
    if (strcmp((const char *)e + stroff + nm, name)) continue;
    if (type == 8) sz = 0; /* NOBITS */
    if (off > n || sz > n - off) return r;
    r.data = e + off;
    r.size = sz;
    r.found = true;
    return r;
  }
  return r;
}

/* Copies a section with the fields its relocations cover zeroed. */
static uint8_t *masked(esec s, esec rela) {
  uint8_t *c = malloc(s.size + 1);
  if (!c) return NULL;
  memcpy(c, s.data, s.size);
  for (uint64_t o = 0; rela.found && o + 24 <= rela.size; o += 24) {
    uint64_t at = rd(rela.data + o, 8), type = rd(rela.data + o + 8, 4);
    uint64_t w = type == 3 || type == 5 || type == 13 ? 8 : 4;
    if (at <= s.size && w <= s.size - at) memset(c + at, 0, w);
  }
  return c;
}

static bool same_masked(const char *what, esec a, esec ra, esec b, esec rb, diag *d) {
  if (a.size != b.size) {
    diag_error(d, NULL, "assembler check: %s is %llu bytes (builtin) vs %llu (llvm-mc)", what,
               (unsigned long long)a.size, (unsigned long long)b.size);
    return false;
  }
  uint8_t *x = masked(a, ra), *y = masked(b, rb);
  bool ok = x && y;
  for (uint64_t i = 0; ok && i < a.size; i += 4) {
    uint64_t w = a.size - i < 4 ? a.size - i : 4;
    if (memcmp(x + i, y + i, w)) {
      uint32_t u = (uint32_t)rd(x + i, (int)w), v = (uint32_t)rd(y + i, (int)w);
      uint32_t u1 = i + 8 <= a.size ? (uint32_t)rd(x + i + 4, 4) : 0, v1 = i + 8 <= a.size ? (uint32_t)rd(y + i + 4, 4) : 0;
      diag_error(d, NULL, "assembler check: %s differs at offset 0x%llx: builtin %08x %08x, llvm-mc %08x %08x", what,
                 (unsigned long long)i, u, u1, v, v1);
      ok = false;
    }
  }
  free(x);
  free(y);
  return ok;
}

/* The descriptor of the first NT_AMDGPU_METADATA note in a note section. */
static esec metadata_desc(esec note) {
  esec r = {0};
  for (uint64_t o = 0; note.found && o + 12 <= note.size;) {
    uint64_t nsz = rd(note.data + o, 4), dsz = rd(note.data + o + 4, 4), type = rd(note.data + o + 8, 4);
    uint64_t np = (nsz + 3) & ~3ull, dp = (dsz + 3) & ~3ull;
    if (np > note.size - o - 12 || dp > note.size - o - 12 - np) break;
    if (type == 32) {
      r.data = note.data + o + 12 + np;
      r.size = dsz;
      r.found = true;
      return r;
    }
    o += 12 + np + dp;
  }
  return r;
}

/* Runs a tool on `path`; fails on a status, stderr text, a warning or `<unknown>`. */
static bool tool_clean(const wavecc_target *t, const char *tool, const char *arg, const char *path, diag *d) {
  char tp[512], mcpu[64], mattr[64];
  char *argv[] = {(char *)llvm_tool_path(tp, sizeof tp, tool), (char *)arg, (char *)path, NULL, NULL, NULL};
  char *out = NULL, *err = NULL;
  size_t n = 0;
  if (!strcmp(tool, "llvm-objdump")) { /* -d --mcpu=gfx900 [--mattr=+wavefrontsize32] PATH */
    wavecc_mc_cpu_args(t, mcpu + 1, sizeof mcpu - 1, mattr + 1, sizeof mattr - 1);
    mcpu[0] = mattr[0] = '-';
    argv[2] = mcpu;
    argv[3] = (char *)path;
    argv[4] = mattr[1] ? mattr : NULL;
  }
  int st = spawn_capture(argv, &out, &n, &err);
  bool ok = st == 0 && (!err || !*err) && out && !strstr(out, "<unknown>") && !strstr(out, "warning");
  if (!ok)
    diag_error(d, NULL, "assembler check: %s %s: status %d%s%s%s", tool, arg, st, err && *err ? ": " : "",
               err ? err : "", out && strstr(out, "<unknown>") ? " (<unknown> in the output)" : "");
  free(out);
  free(err);
  return ok;
}

int mir_check_code_object(const wavecc_target *t, const char *asm_text, const void *elf, size_t elf_size, diag *d) {
  char dir[512], o_path[600], so_path[600];
  if (tempdir_create(dir, sizeof dir) != 0) {
    diag_error(d, NULL, "cannot create a temporary directory");
    return 1;
  }
  snprintf(so_path, sizeof so_path, "%s/k.hsaco", dir);
  int rc = 1;
  char *obj = NULL;
  size_t obj_size = 0;
  if (file_write_all(so_path, elf, elf_size)) {
    diag_error(d, NULL, "cannot write %s", so_path);
    goto out;
  }
  if (wavecc_mc_assemble(t, dir, asm_text, o_path, sizeof o_path, d)) goto out;
  obj = file_read_all(o_path, &obj_size);
  if (!obj) {
    diag_error(d, NULL, "cannot read %s", o_path);
    goto out;
  }
  const uint8_t *a = elf, *b = (const uint8_t *)obj;
  esec none = {0};
  bool ok = true;
  esec rt = find_section(b, obj_size, ".rela.text");
  ok &= same_masked(".text", find_section(a, elf_size, ".text"), rt, find_section(b, obj_size, ".text"), rt, d);
  ok &= same_masked(".rodata", find_section(a, elf_size, ".rodata"), find_section(b, obj_size, ".rela.rodata"),
                    find_section(b, obj_size, ".rodata"), find_section(b, obj_size, ".rela.rodata"), d);
  esec da = find_section(a, elf_size, ".data"), db = find_section(b, obj_size, ".data");
  if (da.size || db.size) ok &= same_masked(".data", da, none, db, none, d);
  esec ma = metadata_desc(find_section(a, elf_size, ".note")), mb = metadata_desc(find_section(b, obj_size, ".note"));
  if (!ma.found || !mb.found || ma.size != mb.size || memcmp(ma.data, mb.data, ma.size)) {
    diag_error(d, NULL, "assembler check: the metadata notes differ (%llu vs %llu bytes)", (unsigned long long)ma.size,
               (unsigned long long)mb.size);
    ok = false;
  }
  ok &= tool_clean(t, "llvm-readelf", "-a", so_path, d);
  ok &= tool_clean(t, "llvm-objdump", "-d", so_path, d);
  rc = ok ? 0 : 1;
out:
  free(obj);
  tempdir_remove(dir);
  return rc;
}
