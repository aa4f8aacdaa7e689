/* Unit test: the occupancy-aware cycle model (src/emu/cycle_model.c,
 * wemu_stats.cycles_occupancy).
 *  1. A wait is charged only for latency still outstanding: four loads
 *     waited for one by one (vmcnt(3)..vmcnt(0)) cost about what one
 *     vmcnt(0) costs, where the simple estimate charges each wait a full
 *     latency.
 *  2. Occupancy: the same kernel with 32 KiB of LDS per work-group fits
 *     2 work-groups per CU (gfx900: 64 KiB), 1 wave per SIMD, against 4
 *     (the work-groups-per-CU limit, 16 single-wave groups over 4 SIMDs)
 *     without; with fewer waves to hide the load latency it takes longer. */
#include "test_emu_util.h"

static const char *LOADS4 =
    "  v_mov_b32 v12, 0\n"
    "  global_load_dword v1, v12, s[6:7]\n"
    "  global_load_dword v2, v12, s[6:7] offset:4\n"
    "  global_load_dword v3, v12, s[6:7] offset:8\n"
    "  global_load_dword v4, v12, s[6:7] offset:12\n";

static wemu_stats run(const char *body, const char *kd, const char *md, unsigned groups) {
  wemu_stats st;
  memset(&st, 0, sizeof st);
  size_t size = 0;
  uint8_t *elf = emu_build(body, kd, md, &size);
  CHECK(elf != NULL, "assembly failed");
  if (!elf) return st;
  wemu_options opt = {0};
  wemu_device *d = wemu_create(&opt);
  wemu_program *p = wemu_load(d, elf, size);
  CHECK(p != NULL, "load failed: %s", wemu_error(d));
  if (p) {
    uint64_t ob = wemu_alloc(d, 64 * 4 * groups), ib = wemu_alloc(d, 64);
    wemu_arg args[2] = {{NULL, 8, ob}, {NULL, 8, ib}};
    uint64_t g[3] = {64 * groups, 1, 1}, l[3] = {64, 1, 1};
    int rc = wemu_dispatch(d, p, "k", args, 2, 1, g, l, NULL, &st);
    CHECK(rc == 0, "dispatch failed: %s", wemu_error(d));
    wemu_program_free(p);
  }
  wemu_destroy(d);
  free(elf);
  return st;
}

int main(void) {
  char one[1024], chain[1024];
  snprintf(one, sizeof one,
           "%s%s  s_waitcnt vmcnt(0)\n  v_add_u32 v5, v1, v2\n  v_add_u32 v6, v3, v4\n  v_add_u32 v5, v5, v6\n"
           "  global_store_dword v[10:11], v5, off\n",
           EMU_PROLOGUE, LOADS4);
  snprintf(chain, sizeof chain,
           "%s%s  s_waitcnt vmcnt(3)\n  v_mov_b32 v5, v1\n  s_waitcnt vmcnt(2)\n  v_add_u32 v5, v5, v2\n"
           "  s_waitcnt vmcnt(1)\n  v_add_u32 v5, v5, v3\n  s_waitcnt vmcnt(0)\n  v_add_u32 v5, v5, v4\n"
           "  global_store_dword v[10:11], v5, off\n",
           EMU_PROLOGUE, LOADS4);
  wemu_stats a = run(one, NULL, NULL, 1), b = run(chain, NULL, NULL, 1);
  printf("one wait: %llu (simple %llu); countdown: %llu (simple %llu)\n", (unsigned long long)a.cycles_occupancy,
         (unsigned long long)a.cycles_estimate, (unsigned long long)b.cycles_occupancy, (unsigned long long)b.cycles_estimate);
  CHECK(a.cycles_occupancy > 300, "one wait: %llu cycles, less than one load latency", (unsigned long long)a.cycles_occupancy);
  CHECK(b.cycles_occupancy <= a.cycles_occupancy + 16, "countdown %llu against one wait %llu: waits charged twice",
        (unsigned long long)b.cycles_occupancy, (unsigned long long)a.cycles_occupancy);

  const char *kd = "  .amdhsa_group_segment_fixed_size 32768\n";
  const char *md = "    .group_segment_fixed_size: 32768\n";
  wemu_stats lo = run(one, kd, md, 16), hi = run(one, NULL, NULL, 16);
  printf("16 groups: 32 KiB LDS %llu cycles at %u waves/SIMD; no LDS %llu at %u\n", (unsigned long long)lo.cycles_occupancy,
         lo.waves_per_simd, (unsigned long long)hi.cycles_occupancy, hi.waves_per_simd);
  CHECK(lo.waves_per_simd == 1, "32 KiB LDS per group: %u waves per SIMD, want 1", lo.waves_per_simd);
  CHECK(hi.waves_per_simd == 4, "no LDS: %u waves per SIMD, want 4", hi.waves_per_simd);
  CHECK(lo.cycles_occupancy > 2 * hi.cycles_occupancy, "occupancy 1 (%llu) not slower than occupancy 4 (%llu)",
        (unsigned long long)lo.cycles_occupancy, (unsigned long long)hi.cycles_occupancy);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
