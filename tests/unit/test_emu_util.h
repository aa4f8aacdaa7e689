/* Helpers for the emulator unit tests: assemble a kernel body with
 * llvm-mc-19 and link it with ld.lld-19 into a code object v5, then
 * dispatch it on the emulator.
 *
 * Kernel ABI of the hand-written tests: arg 0 = out buffer, arg 1 = in
 * buffer (both global pointers); the only user SGPRs are the kernarg
 * pointer in s[0:1] (plus whatever `kd` enables), s2 = workgroup id x.
 * EMU_PROLOGUE loads out/in into s[4:5]/s[6:7] and puts the address of
 * out[global lane] in v[10:11], so `global_store_dword v[10:11], vN, off
 * offset:256*K` writes result K of every lane of a 64-lane workgroup. */
#ifndef TEST_EMU_UTIL_H
#define TEST_EMU_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/spawn.h"
#include "wavecc/emu.h"

static int failures;
#define CHECK(c, ...) do { if (!(c)) { fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #c); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); failures++; } } while (0)

#define EMU_PROLOGUE \
  "  s_load_dwordx4 s[4:7], s[0:1], 0x0\n" \
  "  s_waitcnt lgkmcnt(0)\n" \
  "  s_lshl_b32 s3, s2, 8\n" \
  "  v_lshlrev_b32 v10, 2, v0\n" \
  "  v_add_u32 v10, s3, v10\n" \
  "  v_mov_b32 v11, s5\n" \
  "  v_add_co_u32 v10, vcc, s4, v10\n" \
  "  v_addc_co_u32 v11, vcc, 0, v11, vcc\n"

/* Assembles `body` into a .hsaco. `kd` adds .amdhsa_* lines, `md` adds
 * metadata keys (indented 4). Returns a malloc'ed ELF or NULL. */
/* emu_build_for: the same for processor `cpu` (llvm-mc's -mcpu) with waves
 * of `wave_size` lanes (32 adds .amdhsa_wavefront_size32). */
static inline uint8_t *emu_build_for(const char *cpu, unsigned wave_size, const char *body, const char *kd, const char *md,
                                     size_t *size) {
  char dir[256], path_s[300], path_o[300], path_h[300], mc[256], lld[256];
  if (tempdir_create(dir, sizeof dir)) { fprintf(stderr, "tempdir failed\n"); return NULL; }
  snprintf(path_s, sizeof path_s, "%s/k.s", dir);
  snprintf(path_o, sizeof path_o, "%s/k.o", dir);
  snprintf(path_h, sizeof path_h, "%s/k.hsaco", dir);
  size_t cap = strlen(body) + (kd ? strlen(kd) : 0) + (md ? strlen(md) : 0) + 4096;
  char *src = malloc(cap);
  snprintf(src, cap,
           ".amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n.amdhsa_code_object_version 5\n.text\n.globl k\n.p2align 8\n.type k,@function\nk:\n%s\n  s_endpgm\n"
           ".rodata\n.p2align 6\n.amdhsa_kernel k\n  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n  .amdhsa_next_free_vgpr 64\n  .amdhsa_next_free_sgpr 48\n"
           "  .amdhsa_system_sgpr_workgroup_id_x 1\n%s%s.end_amdhsa_kernel\n"
           ".amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n  - .name: k\n    .symbol: k.kd\n    .kernarg_segment_size: 16\n"
           "    .private_segment_fixed_size: 0\n    .kernarg_segment_align: 8\n    .wavefront_size: %u\n"
           "    .sgpr_count: 48\n    .vgpr_count: 64\n    .max_flat_workgroup_size: 256\n%s"
           "    .args:\n      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }\n"
           "      - { .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }\n...\n.end_amdgpu_metadata\n",
           cpu, body, wave_size == 32 ? "  .amdhsa_wavefront_size32 1\n" : "", kd ? kd : "", wave_size,
           md ? md : "    .group_segment_fixed_size: 0\n");
  uint8_t *elf = NULL;
  if (file_write_all(path_s, src, strlen(src)) == 0) {
    char *err = NULL;
    char mcpu[64];
    snprintf(mcpu, sizeof mcpu, "-mcpu=%s", cpu);
    char *a1[] = {(char *)llvm_tool_path(mc, sizeof mc, "llvm-mc"), "-triple=amdgcn-amd-amdhsa", mcpu, "-filetype=obj", path_s, "-o", path_o, NULL};
    if (spawn_capture(a1, NULL, NULL, &err) != 0) fprintf(stderr, "llvm-mc failed:\n%s\n--- source ---\n%s\n", err ? err : "", src);
    else {
      free(err); err = NULL;
      char *a2[] = {(char *)llvm_tool_path(lld, sizeof lld, "ld.lld"), "-shared", path_o, "-o", path_h, NULL};
      if (spawn_capture(a2, NULL, NULL, &err) != 0) fprintf(stderr, "ld.lld failed: %s\n", err ? err : "");
      else elf = (uint8_t *)file_read_all(path_h, size);
    }
    free(err);
  }
  free(src);
  tempdir_remove(dir);
  return elf;
}

static inline uint8_t *emu_build(const char *body, const char *kd, const char *md, size_t *size) {
  return emu_build_for("gfx900", 64, body, kd, md, size);
}

/* Runs kernel `k` of `elf` with `groups` workgroups of `local` lanes;
 * out has out_words dwords (zero-filled), in is copied from `in`.
 * Returns the dispatch result; *msg receives wemu_error. */
static inline int emu_run(const uint8_t *elf, size_t size, const wemu_options *opt, unsigned groups, unsigned local,
                   uint32_t *out, size_t out_words, const uint32_t *in, size_t in_words, char *msg, size_t msgsize) {
  wemu_device *d = wemu_create(opt);
  wemu_program *p = wemu_load(d, elf, size);
  int rc = -1;
  if (!p) { snprintf(msg, msgsize, "%s", wemu_error(d)); wemu_destroy(d); return -1; }
  uint64_t ob = wemu_alloc(d, out_words * 4), ib = wemu_alloc(d, in_words ? in_words * 4 : 4);
  if (in_words) wemu_write(d, ib, in, in_words * 4);
  wemu_arg args[2] = {{NULL, 8, ob}, {NULL, 8, ib}};
  uint64_t g[3] = {(uint64_t)groups * local, 1, 1}, l[3] = {local, 1, 1};
  rc = wemu_dispatch(d, p, "k", args, 2, 1, g, l, NULL, NULL);
  snprintf(msg, msgsize, "%s", wemu_error(d));
  wemu_read(d, ob, out, out_words * 4);
  wemu_program_free(p);
  wemu_destroy(d);
  return rc;
}

/* Assembles and runs a one-workgroup, 64-lane kernel; 0 on success. */
static inline int emu_quick(const char *body, const char *kd, uint32_t *out, size_t out_words, const uint32_t *in, size_t in_words,
                     const wemu_options *opt, char *msg, size_t msgsize) {
  size_t n = 0;
  uint8_t *elf = emu_build(body, kd, NULL, &n);
  if (!elf) { snprintf(msg, msgsize, "assembly failed"); return -2; }
  memset(out, 0, out_words * 4);
  int rc = emu_run(elf, n, opt, 1, 64, out, out_words, in, in_words, msg, msgsize);
  free(elf);
  return rc;
}

static inline uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static inline int emu_sh(char *const argv[]) {
  char *err = NULL;
  int rc = spawn_capture(argv, NULL, NULL, &err);
  if (rc != 0) fprintf(stderr, "%s failed: %s\n", argv[0], err ? err : "");
  free(err);
  return rc;
}

/* Compiles OpenCL C `src` for `mcpu` the way the llc corpus run does
 * (clang-19 -> llvm-link --only-needed libclc -> opt-19 -O2 -> llc-19 -O2
 * -> ld.lld-19 -shared). Returns a malloc'ed code object or NULL. */
static inline uint8_t *emu_compile_cl(const char *src, const char *mcpu, size_t *size) {
  char dir[256], cl[300], bc[300], lbc[300], obc[300], o[300], hs[300];
  char t1[256], t2[256], t3[256], t4[256], t5[256];
  if (tempdir_create(dir, sizeof dir)) return NULL;
  snprintf(cl, sizeof cl, "%s/k.cl", dir); snprintf(bc, sizeof bc, "%s/k.bc", dir);
  snprintf(lbc, sizeof lbc, "%s/l.bc", dir); snprintf(obc, sizeof obc, "%s/o.bc", dir);
  snprintf(o, sizeof o, "%s/k.o", dir); snprintf(hs, sizeof hs, "%s/k.hsaco", dir);
  uint8_t *elf = NULL;
  char mcpu_arg[64];
  snprintf(mcpu_arg, sizeof mcpu_arg, "-mcpu=%s", mcpu);
  file_write_all(cl, src, strlen(src));
  char *a1[] = {(char *)llvm_tool_path(t1, sizeof t1, "clang"), "-cc1", "-triple", "amdgcn-amd-amdhsa", "-target-cpu", (char *)mcpu, "-emit-llvm-bc", "-O2",
                "-finclude-default-header", "-cl-std=CL1.2", cl, "-o", bc, NULL};
  char *a2[] = {(char *)llvm_tool_path(t2, sizeof t2, "llvm-link"), "--only-needed", bc, WAVECC_LIBCLC, "-o", lbc, NULL};
  char *a3[] = {(char *)llvm_tool_path(t3, sizeof t3, "opt"), "-O2", lbc, "-o", obc, NULL};
  char *a4[] = {(char *)llvm_tool_path(t4, sizeof t4, "llc"), "-O2", "-mtriple=amdgcn-amd-amdhsa", mcpu_arg, "-filetype=obj", obc, "-o", o, NULL};
  char *a5[] = {(char *)llvm_tool_path(t5, sizeof t5, "ld.lld"), "-shared", o, "-o", hs, NULL};
  if (!emu_sh(a1) && !emu_sh(a2) && !emu_sh(a3) && !emu_sh(a4) && !emu_sh(a5)) elf = (uint8_t *)file_read_all(hs, size);
  tempdir_remove(dir);
  return elf;
}


#endif
