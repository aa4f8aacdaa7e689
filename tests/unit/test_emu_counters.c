/* Emulator: the s_waitcnt counters' capacity (issue 21). gfx9's lgkmcnt
 * holds 15 accesses and vmcnt 63; an access that would exceed that stalls
 * until one completes, so once 16 LDS (64 VMEM) accesses have issued the
 * oldest has returned. SMEM returns out of order: which access completed
 * is then unknown, and SMEM itself is complete only after lgkmcnt(0).
 *   - an s_load_dwordx16 followed by 17 ds_write_b32 and a read of s4 with
 *     no wait (wavecc's code for the vstore16-to-local kernel before the
 *     fix) is reported;
 *   - 17 LDS reads and a read of the first one with no wait pass
 *     (backpressure), of the third are reported; likewise a VMEM load
 *     followed by 63 stores, not by 62;
 *   - with SMEM outstanding, 16 LDS reads still retire the first, and
 *     lgkmcnt(1) covers the older of two LDS reads, never the SMEM load;
 *   - gfx1100: a FLAT store after an LDS read counts in lgkmcnt, in order
 *     with LDS (GFX10+), so lgkmcnt(1) covers the read (llc-19's code for
 *     llvm-stress kernels with generic pointers, 47 of 138 seeds reported
 *     before the fix); gfx900: FLAT is out of order there, so the same
 *     lgkmcnt(1) does not cover it and stays reported. */
#include "test_emu_util.h"

static uint32_t out[64 * 4];
static char msg[600];
static char body[8192];

static void expect(const char *what, const char *kd, const char *needle) {
  printf("emu counters: %s\n", what);
  int rc = emu_quick(body, kd, out, 64 * 4, NULL, 0, NULL, msg, sizeof msg);
  if (needle) {
    CHECK(rc == -1, "%s: dispatch should fail, rc=%d", what, rc);
    CHECK(strstr(msg, needle) != NULL, "%s: message lacks \"%s\": %s", what, needle, msg);
    printf("  reported: %s\n", msg);
  } else {
    CHECK(rc == 0, "%s: dispatch should pass: %s", what, msg);
  }
}

static void add(const char *fmt, unsigned k) {
  size_t n = strlen(body);
  snprintf(body + n, sizeof body - n, fmt, k, k, k);
}

#define LDS_KD "  .amdhsa_group_segment_fixed_size 4096\n"

/* `smem`: an s_load_dwordx4 into s[20:23] first; n LDS writes or reads
 * (ds_read_b32 v(20+i)); then `tail`. */
static void lds_body(int smem, int reads, unsigned n, const char *tail) {
  body[0] = 0;
  add(EMU_PROLOGUE "  v_lshlrev_b32 v1, 2, v0\n", 0);
  if (smem) add("  s_load_dwordx4 s[20:23], s[0:1], 0x0\n", 0);
  for (unsigned i = 0; i < n; i++) add(reads ? "  ds_read_b32 v%u, v1\n" : "  ds_write_b32 v1, v0\n", 20 + i);
  add(tail, 0);
}

/* An LDS read into v20, a FLAT store, s_waitcnt lgkmcnt(1) and a read of
 * v20, for `cpu` in gfx9 or gfx11 syntax; 0 when the dispatch passes. */
static int flat_after_lds(const char *cpu) {
  int gfx11 = strncmp(cpu, "gfx11", 5) == 0;
  snprintf(body, sizeof body,
           "  s_load_%s s[4:7], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  v_and_b32 v0, 0x3ff, v0\n"
           "  v_lshlrev_b32 v1, 2, v0\n  %s v1, v0\n  s_waitcnt lgkmcnt(0)\n  %s v20, v1\n"
           "  v_mov_b32 v10, s4\n  v_mov_b32 v11, s5\n  flat_store_%s v[10:11], v0 offset:512\n"
           "  s_waitcnt lgkmcnt(1)\n  %s v2, 1, v20\n  s_waitcnt %s\n",
           gfx11 ? "b128" : "dwordx4", gfx11 ? "ds_store_b32" : "ds_write_b32", gfx11 ? "ds_load_b32" : "ds_read_b32",
           gfx11 ? "b32" : "dword", gfx11 ? "v_add_nc_u32" : "v_add_u32", "vmcnt(0) lgkmcnt(0)");
  size_t n = 0;
  uint8_t *elf = emu_build_for(cpu, gfx11 ? 32 : 64, body, LDS_KD, NULL, &n);
  if (!elf) { snprintf(msg, sizeof msg, "assembly failed"); return -2; }
  wemu_options o = {0};
  o.mcpu = cpu;
  int rc = emu_run(elf, n, &o, 1, 64, out, 64 * 4, NULL, 0, msg, sizeof msg);
  free(elf);
  return rc;
}

int main(void) {
  lds_body(1, 0, 17, "  v_mov_b32 v2, s20\n  s_waitcnt lgkmcnt(0)\n");
  expect("SMEM, 17 LDS writes, SMEM result read without a wait", LDS_KD, "reads s20 before an s_waitcnt");
  lds_body(1, 0, 17, "  s_waitcnt lgkmcnt(0)\n  v_mov_b32 v2, s20\n  global_store_dword v[10:11], v2, off\n");
  expect("the same after s_waitcnt lgkmcnt(0)", LDS_KD, NULL);
  lds_body(1, 0, 17, "  s_waitcnt lgkmcnt(14)\n  v_mov_b32 v2, s20\n");
  expect("the same after lgkmcnt(14): SMEM is out of order", LDS_KD, "reads s20 before an s_waitcnt");

  lds_body(0, 1, 17, "  v_add_u32 v2, 1, v20\n  s_waitcnt lgkmcnt(0)\n  global_store_dword v[10:11], v2, off\n");
  expect("17 LDS reads: the 16th stalls until the first returned", LDS_KD, NULL);
  lds_body(0, 1, 17, "  v_add_u32 v2, 1, v22\n");
  expect("17 LDS reads: the third may still be in flight", LDS_KD, "reads v22 before an s_waitcnt");
  lds_body(1, 1, 16, "  v_add_u32 v2, 1, v20\n  s_waitcnt lgkmcnt(0)\n  global_store_dword v[10:11], v2, off\n");
  expect("SMEM and 16 LDS reads: LDS is in order, the first returned", LDS_KD, NULL);
  lds_body(1, 1, 2, "  s_waitcnt lgkmcnt(1)\n  v_add_u32 v2, 1, v20\n  s_waitcnt lgkmcnt(0)\n"
                    "  global_store_dword v[10:11], v2, off\n");
  expect("SMEM and 2 LDS reads: lgkmcnt(1) covers the first read", LDS_KD, NULL);
  lds_body(1, 1, 2, "  s_waitcnt lgkmcnt(1)\n  v_add_u32 v2, 1, v21\n");
  expect("... not the second", LDS_KD, "reads v21 before an s_waitcnt");
  lds_body(1, 1, 2, "  s_waitcnt lgkmcnt(1)\n  v_mov_b32 v2, s20\n");
  expect("... nor the SMEM load", LDS_KD, "reads s20 before an s_waitcnt");

  for (unsigned stores = 62; stores <= 63; stores++) {
    body[0] = 0;
    add(EMU_PROLOGUE "  global_load_dword v20, v[10:11], off\n", 0);
    for (unsigned i = 0; i < stores; i++) add("  global_store_dword v[10:11], v0, off offset:%u\n", 256 + 4 * (i % 64));
    add("  v_add_u32 v2, 1, v20\n  s_waitcnt vmcnt(0)\n  global_store_dword v[10:11], v2, off\n", 0);
    if (stores == 63) expect("a VMEM load and 63 stores: the last stalls until the load returned", NULL, NULL);
    else expect("a VMEM load and 62 stores: the load may still be in flight", NULL, "reads v20 before an s_waitcnt");
  }
  printf("emu counters: gfx1100 LDS read, FLAT store, lgkmcnt(1)\n");
  CHECK(flat_after_lds("gfx1100") == 0, "gfx1100: FLAT counts in lgkmcnt in order: %s", msg);
  printf("emu counters: gfx900 LDS read, FLAT store, lgkmcnt(1)\n");
  CHECK(flat_after_lds("gfx900") == -1 && strstr(msg, "reads v20 before an s_waitcnt"), "gfx900: should be reported: %s", msg);
  if (failures) { fprintf(stderr, "test_emu_counters: %d check(s) FAILED\n", failures); return 1; }
  printf("test_emu_counters: all checks passed\n");
  return 0;
}
