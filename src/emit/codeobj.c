/* Code object: assembly text -> relocatable object (llvm-mc) -> HSA code
 * object, an ELF shared object (ld.lld -shared), as AMDGPUUsage's "Code
 * Object" section describes and as clang's driver does for amdgcn. The
 * tools live in WAVECC_LLVM_BINDIR; everything goes through a private
 * temporary directory that is removed afterwards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/emit.h"
#include "target/target.h"
#include "util/spawn.h"

void wavecc_mc_cpu_args(const wavecc_target *t, char *mcpu, size_t mcpu_n, char *mattr, size_t mattr_n) {
  snprintf(mcpu, mcpu_n, "-mcpu=%s", t->name);
  if (mir_target_is_rdna(t)) snprintf(mattr, mattr_n, "-mattr=+wavefrontsize%u", t->wave_size);
  else if (mattr_n) mattr[0] = 0;
}

/* llvm-mc's -mcpu=CPU and -mattr=+xnack,... from the target ID of the
 * text's .amdgcn_target directive ("amdgcn-amd-amdhsa--gfx900:xnack+",
 * AMDGPUUsage "Target ID"), which llvm-mc requires to match its options;
 * gfx900 and no features when there is none. On RDNA, +wavefrontsize of
 * t's wave size follows (the text does not say it for every module). */
static void mc_target_options(const wavecc_target *t, const char *asm_text, char cpu[80], char mattr[80]) {
  snprintf(cpu, 80, "-mcpu=gfx900");
  snprintf(mattr, 80, "-mattr=");
  if (mir_target_is_rdna(t)) snprintf(mattr, 80, "-mattr=+wavefrontsize%u", t->wave_size);
  const char *at = strstr(asm_text, ".amdgcn_target \"amdgcn-amd-amdhsa--");
  if (!at) return;
  at += strlen(".amdgcn_target \"amdgcn-amd-amdhsa--");
  size_t len = strcspn(at, ":\"\n");
  snprintf(cpu, 80, "-mcpu=%.*s", (int)(len < 60 ? len : 60), at);
  for (const char *f = at + len; *f == ':';) {
    size_t flen = strcspn(f + 1, ":\"\n");
    if (flen >= 2 && (f[flen] == '+' || f[flen] == '-')) { /* "xnack+" -> "+xnack" */
      size_t used = strlen(mattr);
      snprintf(mattr + used, 80 - used, "%s%c%.*s", used > 7 ? "," : "", f[flen], (int)(flen - 1), f + 1);
    }
    f += 1 + flen;
  }
}

int wavecc_mc_assemble(const wavecc_target *t, const char *dir, const char *asm_text, char *o_path, size_t o_size,
                       diag *d) {
  char s_path[600], mc[512], cpu[80], mattr[80];
  mc_target_options(t, asm_text, cpu, mattr);
  snprintf(s_path, sizeof s_path, "%s/k.s", dir);
  snprintf(o_path, o_size, "%s/k.o", dir);
  if (file_write_all(s_path, asm_text, strlen(asm_text)) != 0) {
    diag_error(d, NULL, "cannot write %s", s_path);
    return 1;
  }
  char *err = NULL;
  char *mc_argv[] = {(char *)llvm_tool_path(mc, sizeof mc, "llvm-mc"), "-triple=amdgcn-amd-amdhsa", cpu, mattr,
                     "-filetype=obj", s_path, "-o", o_path, NULL};
  int st = spawn_capture(mc_argv, NULL, NULL, &err);
  int rc = 0;
  if (st != 0 || (err && *err)) {
    /* Warnings count as errors: the emitter must produce clean assembly. */
    diag_error(d, NULL, "llvm-mc failed (status %d): %s", st, err ? err : "");
    rc = 1;
  }
  free(err);
  return rc;
}

int wavecc_assemble_reloc(const wavecc_target *t, const char *asm_text, void **elf, size_t *elf_size, diag *d) {
  char dir[512], o_path[600];
  *elf = NULL;
  *elf_size = 0;
  if (tempdir_create(dir, sizeof dir) != 0) {
    diag_error(d, NULL, "cannot create a temporary directory");
    return 1;
  }
  int rc = wavecc_mc_assemble(t, dir, asm_text, o_path, sizeof o_path, d);
  if (!rc && !(*elf = file_read_all(o_path, elf_size))) {
    diag_error(d, NULL, "cannot read %s", o_path);
    rc = 1;
  }
  tempdir_remove(dir);
  return rc;
}

int wavecc_assemble_link(const wavecc_target *t, const char *asm_text, void **elf, size_t *elf_size, diag *d) {
  char dir[512], o_path[600], so_path[600], lld[512];
  *elf = NULL;
  *elf_size = 0;
  if (tempdir_create(dir, sizeof dir) != 0) {
    diag_error(d, NULL, "cannot create a temporary directory");
    return 1;
  }
  snprintf(so_path, sizeof so_path, "%s/k.so", dir);
  int rc = 1;
  char *err = NULL;
  if (wavecc_mc_assemble(t, dir, asm_text, o_path, sizeof o_path, d)) goto out;
  char *ld_argv[] = {(char *)llvm_tool_path(lld, sizeof lld, "ld.lld"), "-shared", "--no-undefined", o_path, "-o",
                     so_path, NULL};
  int st = spawn_capture(ld_argv, NULL, NULL, &err);
  if (st != 0) {
    diag_error(d, NULL, "ld.lld failed (status %d): %s", st, err ? err : "");
    goto out;
  }
  *elf = file_read_all(so_path, elf_size);
  if (!*elf) {
    diag_error(d, NULL, "cannot read %s", so_path);
    goto out;
  }
  rc = 0;
out:
  free(err);
  tempdir_remove(dir);
  return rc;
}
