/* Unit test: the occupancy-aware cycle model (src/emu/cycle_model.c,
 * wemu_stats.cycles_occupancy).
 *  1. A wait is charged only for latency still outstanding: four loads
 *     waited for one by one (vmcnt(3)..vmcnt(0)) cost about what one
 *     vmcnt(0) costs, where the simple estimate charges each wait a full
 *     latency.
 *  2. Occupancy: the same kernel with 32 KiB of LDS per work-group fits
 *     2 work-groups per CU (gfx900: 64 KiB), 1 wave per SIMD, against 4
 *     (the work-groups-per-CU limit, 16 single-wave groups over 4 SIMDs)
 *     without; with fewer waves to hide the load latency it takes longer.
 *  3. VALU issue cycles and result latencies come from the target
 *     description (wavecc_cycle_costs): 32 more independent v_add_f32 cost
 *     4 cycles each at gfx900 (wave64 on a SIMD16), 1 at gfx1030/gfx1100
 *     wave32 and 2 at wave64 (RDNA SIMD32); a chain of 32 dependent ones
 *     costs no more than independent ones at gfx900 but waits for the
 *     5-cycle VALU latency at gfx1030 and gfx1100 (with s_delay_alu
 *     between them at gfx1100, as llc-19 writes it, the same: its issue
 *     cycle falls within the stall);
 *     a chain of v_exp_f32 waits 10 cycles per link at gfx1100. */
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

/* One wave of `wave` lanes at `cpu` running `body` (no memory access). */
static uint64_t valu_cycles(const char *cpu, unsigned wave, const char *body) {
  size_t size = 0;
  /* RDNA's assembler defaults to wave32: say wave64 in the descriptor */
  const char *kd = wave == 64 && !strncmp(cpu, "gfx1", 4) ? "  .amdhsa_wavefront_size32 0\n" : NULL;
  uint8_t *elf = emu_build_for(cpu, wave, body, kd, NULL, &size);
  CHECK(elf != NULL, "%s: assembly failed", cpu);
  if (!elf) return 0;
  wemu_options opt = {0};
  opt.mcpu = cpu;
  wemu_device *d = wemu_create(&opt);
  wemu_program *p = wemu_load(d, elf, size);
  uint64_t cycles = 0;
  CHECK(p != NULL, "%s: load failed: %s", cpu, wemu_error(d));
  if (p) {
    uint64_t ob = wemu_alloc(d, 256), ib = wemu_alloc(d, 64);
    wemu_arg args[2] = {{NULL, 8, ob}, {NULL, 8, ib}};
    uint64_t g[3] = {wave, 1, 1}, l[3] = {wave, 1, 1};
    wemu_stats st;
    memset(&st, 0, sizeof st);
    int rc = wemu_dispatch(d, p, "k", args, 2, 1, g, l, NULL, &st);
    CHECK(rc == 0, "%s: dispatch failed: %s", cpu, wemu_error(d));
    cycles = st.cycles_occupancy;
    wemu_program_free(p);
  }
  wemu_destroy(d);
  free(elf);
  return cycles;
}

/* n copies of `insn` after v1 = 1.0; %d in insn takes the copy's number. */
static uint64_t repeat(const char *cpu, unsigned wave, const char *insn, const char *between, unsigned n) {
  char body[8192];
  size_t k = (size_t)snprintf(body, sizeof body, "  v_mov_b32 v1, 1.0\n  v_mov_b32 v2, 1.0\n");
  for (unsigned i = 0; i < n; i++) {
    if (i && between) k += (size_t)snprintf(body + k, sizeof body - k, "%s\n", between);
    k += (size_t)snprintf(body + k, sizeof body - k, insn, 3 + i % 40);
    k += (size_t)snprintf(body + k, sizeof body - k, "\n");
  }
  return valu_cycles(cpu, wave, body);
}

/* Cycles 32 more copies add to a kernel of 16. */
static long long per32(const char *cpu, unsigned wave, const char *insn, const char *between) {
  return (long long)repeat(cpu, wave, insn, between, 48) - (long long)repeat(cpu, wave, insn, between, 16);
}

static void check_valu_costs(void) {
  const char *indep = "  v_add_f32 v%d, v1, v1", *dep = "  v_add_f32 v2, v2, v1 ; %d";
  long long g9 = per32("gfx900", 64, indep, NULL), g9d = per32("gfx900", 64, dep, NULL);
  long long r2 = per32("gfx1030", 32, indep, NULL), r2w = per32("gfx1030", 64, indep, NULL);
  long long r3 = per32("gfx1100", 32, indep, NULL), r3w = per32("gfx1100", 64, indep, NULL);
  long long r2d = per32("gfx1030", 32, dep, NULL), r3d = per32("gfx1100", 32, dep, NULL);
  long long r3dd = per32("gfx1100", 32, dep, "  s_delay_alu instid0(VALU_DEP_1)");
  /* (gfx11 needs va_vdst(0) before a VALU reads a TRANS result: 1 cycle, within the stall) */
  long long r3e = per32("gfx1100", 32, "  v_exp_f32 v2, v2 ; %d", "  s_waitcnt_depctr 0xfff");
  printf("32 v_add_f32: gfx900 %lld (dependent %lld); gfx1030 w32 %lld w64 %lld dependent %lld; gfx1100 w32 %lld w64 %lld "
         "dependent %lld, with s_delay_alu %lld; v_exp_f32 chain %lld\n",
         g9, g9d, r2, r2w, r2d, r3, r3w, r3d, r3dd, r3e);
  CHECK(g9 == 32 * 4, "gfx900: %lld cycles for 32 VALU, want 128 (4 each)", g9);
  CHECK(g9d == g9, "gfx900: a dependent chain costs %lld against %lld: GCN's cadence hides the latency", g9d, g9);
  CHECK(r2 == 32 && r3 == 32, "RDNA wave32: %lld / %lld cycles for 32 VALU, want 32 (1 each)", r2, r3);
  CHECK(r2w == 64 && r3w == 64, "RDNA wave64: %lld / %lld cycles for 32 VALU, want 64 (2 each)", r2w, r3w);
  CHECK(r2d == 32 * 5 && r3d == 32 * 5, "RDNA dependent chain: %lld / %lld cycles for 32, want 160 (latency 5)", r2d, r3d);
  /* the s_delay_alu's own issue cycle falls within the stall it announces */
  CHECK(r3dd == 32 * 5, "gfx1100 chain with s_delay_alu: %lld, want 160 (5 each)", r3dd);
  CHECK(r3e == 32 * 10, "gfx1100 v_exp_f32 chain: %lld, want 320 (latency 10)", r3e);
}

int main(void) {
  check_valu_costs();
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
