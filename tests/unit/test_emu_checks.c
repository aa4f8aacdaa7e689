/* Emulator kernel bug checks (src/emu/check*.c, wemu_options.checks) on
 * hand-written code: the option names; poison reported where undefined
 * data decides something (a global store, EXEC) and not where it only
 * moves, with lane-mask logic decided bit by bit (llc-19's loop-exit
 * masks OR EXEC into a never-written SGPR); races between work-groups
 * reported for plain stores and not for atomics; divergent barriers; the
 * integer division by zero test on v_rcp_iflag_f32; an RDNA v_movreld's
 * M0, a global load's SGPR base, a buffer resource and a gfx9 GPR index
 * (s_set_gpr_idx_on) decide nothing when EXEC is zero, and indexed operands
 * are followed at the rows the index picks; the two halves of
 * a GFX11 VOPD pair each poisoned by their own sources only (both read
 * before either writes) and v_fmac_f32's accumulator read. */
#include "test_emu_util.h"

static uint32_t out[256];
static char msg[800];

/* Runs body for processor `cpu` (NULL: gfx900) with waves of `wave_size`
 * lanes on `groups` groups of 64 work-items with `checks` on `threads`
 * emulator workers (0: one per CPU); needle NULL: must pass, else the
 * dispatch must fail with a message containing it. */
static void run_checks(const char *cpu, unsigned wave_size, const char *what, unsigned checks, unsigned groups,
                       unsigned threads, const char *body, const char *needle) {
  printf("emu checks: %s%s%s%s\n", what, cpu ? " (" : "", cpu ? cpu : "", cpu ? ")" : "");
  size_t n = 0;
  uint8_t *elf = emu_build_for(cpu ? cpu : "gfx900", wave_size, body, NULL, NULL, &n);
  CHECK(elf != NULL, "%s: assembly failed", what);
  if (!elf) return;
  wemu_options o;
  memset(&o, 0, sizeof o);
  o.checks = checks;
  o.threads = threads;
  o.mcpu = cpu;
  int rc = emu_run(elf, n, &o, groups, 64, out, 256, NULL, 0, msg, sizeof msg);
  free(elf);
  if (needle) {
    CHECK(rc == -1, "%s: dispatch should fail, rc=%d", what, rc);
    CHECK(strstr(msg, needle) != NULL, "%s: message lacks \"%s\": %s", what, needle, msg);
    printf("  reported: %s\n", msg);
  } else {
    CHECK(rc == 0, "%s: dispatch should pass: %s", what, msg);
  }
}

static void expect_on(const char *what, unsigned checks, unsigned groups, unsigned threads, const char *body,
                      const char *needle) {
  run_checks(NULL, 64, what, checks, groups, threads, body, needle);
}

static void expect(const char *what, unsigned checks, unsigned groups, const char *body, const char *needle) {
  run_checks(NULL, 64, what, checks, groups, 0, body, needle);
}

/* GFX11 wave32: out[lane] = v7 (lanes of two waves), s[4:5] the out
 * buffer, v8 = v9 = the lane; VCC and v7, v12-v15 never written. */
#define GFX11_PROLOGUE \
  "  s_load_b64 s[4:5], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  v_lshlrev_b32 v10, 2, v0\n" \
  "  v_mov_b32 v8, v0\n  v_mov_b32 v9, v0\n"

/* expect for processor `cpu` with waves of `wave_size` lanes (one group). */
static void expect_for(const char *cpu, unsigned wave_size, const char *what, unsigned checks, const char *body,
                       const char *needle) {
  run_checks(cpu, wave_size, what, checks, 1, 0, body, needle);
}

int main(void) {
  unsigned v = 0;
  CHECK(wemu_check_parse("poison,race", &v) == 0 && v == (WEMU_CHECK_POISON | WEMU_CHECK_RACE), "parse list: %u", v);
  CHECK(wemu_check_parse("all", &v) == 0 && v == WEMU_CHECK_ALL && !(v & WEMU_CHECK_ALIGN), "parse all: %u", v);
  CHECK(wemu_check_parse("all,align", &v) == 0 && (v & WEMU_CHECK_ALIGN), "parse all,align: %u", v);
  CHECK(wemu_check_parse("race,bogus", &v) == -1, "an unknown name is refused");
  CHECK(wemu_check_parse("none,race", &v) == 0 && v == WEMU_CHECK_RACE, "parse none,race: %u", v);

  expect("poison: a never-written VGPR stored to global memory", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  v_add_u32 v3, v40, v0\n  global_store_dword v[10:11], v3, off\n",
         "check poison: pc 0x28: global_store_dword v[10:11], v3, off: stores an undefined value");
  /* checks other than race keep their state per worker thread (dispatch.c) */
  expect_on("poison: 8 groups on 2 worker threads", WEMU_CHECK_POISON | WEMU_CHECK_BARRIER, 8, 2,
            EMU_PROLOGUE "  v_add_u32 v3, v40, v0\n  global_store_dword v[10:11], v3, off\n", "check poison");
  expect_on("poison: 8 groups on 2 worker threads, defined: no report", WEMU_CHECK_POISON | WEMU_CHECK_BARRIER, 8, 2,
            EMU_PROLOGUE "  v_add_u32 v3, v0, v0\n  s_barrier\n", NULL);
  expect("poison: moved around but never used: no report", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  v_add_u32 v3, v40, v0\n  v_mov_b32 v4, v3\n", NULL);
  expect("poison: an undefined compare decides EXEC", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  v_cmp_eq_u32 vcc, v41, v0\n  s_and_saveexec_b64 s[8:9], vcc\n",
         "EXEC (which work-items run: a branch) depends on an undefined value");
  expect("poison: EXEC OR-ed into a never-written mask, then cleared, is defined", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  s_or_b64 s[20:21], s[20:21], exec\n  s_andn2_b64 s[20:21], s[20:21], exec\n"
                      "  s_andn2_b64 exec, exec, s[20:21]\n  global_store_dword v[10:11], v0, off\n", NULL);
  expect("poison: an undefined VGPR as an address", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  global_load_dword v3, v[42:43], off\n  s_waitcnt vmcnt(0)\n", "memory address depends on an undefined value");
  /* RDNA v_movreld with an M0 copied from a never-written SGPR: M0 picks
   * the written row for active lanes only; with EXEC zero (a compiler's
   * linearised block whose lanes all skipped the index's definition,
   * stress seed 44061 at gfx1100 -O0 with 8 VGPRs / 20 SGPRs) nothing is
   * written and the index decides nothing */
  expect_for("gfx1100", 32, "poison: undefined M0 of v_movreld with active lanes", WEMU_CHECK_POISON,
             "  s_mov_b32 m0, s20\n  v_mov_b32 v2, 7\n  v_movreld_b32 v1, v2\n", "VGPR index (M0) depends on an undefined value");
  expect_for("gfx1100", 32, "poison: undefined M0 of v_movreld with EXEC zero: no report", WEMU_CHECK_POISON,
             "  s_mov_b32 m0, s20\n  v_mov_b32 v2, 7\n  s_mov_b32 s21, exec_lo\n  s_mov_b32 exec_lo, 0\n"
             "  v_movreld_b32 v1, v2\n  s_mov_b32 exec_lo, s21\n", NULL);
  /* A global load's SGPR base from a never-written SGPR pair: an address
   * with lanes active; nothing under EXEC zero (a masked block whose lanes
   * all skipped the base's definition: clsmith seed 4523 at every GPU) */
  expect("poison: undefined SGPR base of a global load with active lanes", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  v_mov_b32 v3, 0\n  global_load_dword v4, v3, s[20:21]\n  s_waitcnt vmcnt(0)\n",
         "global address (SGPR base) depends on an undefined value");
  expect("poison: undefined SGPR base of a global load with EXEC zero: no report", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  v_mov_b32 v3, 0\n  s_mov_b64 s[22:23], exec\n  s_mov_b64 exec, 0\n"
                      "  global_load_dword v4, v3, s[20:21]\n  s_waitcnt vmcnt(0)\n  s_mov_b64 exec, s[22:23]\n", NULL);
  expect("poison: undefined buffer resource with EXEC zero: no report", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  v_mov_b32 v3, 0\n  s_mov_b64 s[22:23], exec\n  s_mov_b64 exec, 0\n"
                      "  buffer_load_dword v4, v3, s[24:27], 0 offen\n  s_waitcnt vmcnt(0)\n  s_mov_b64 exec, s[22:23]\n", NULL);
  /* gfx9 GPR index mode: an index past the allocated VGPRs faults with
   * lanes active; under EXEC zero the indexed v_mov reads and writes no
   * row (a linearised block whose lanes all skipped the index's
   * definition, read back with v_readfirstlane: clsmith seed 4523 at
   * gfx90a and gfx942) */
  expect("gpr_idx: index past the VGPRs with active lanes", 0, 1,
         EMU_PROLOGUE "  s_mov_b32 s20, 200\n  s_set_gpr_idx_on s20, gpr_idx(SRC0,DST)\n  v_mov_b32 v1, v2\n"
                      "  s_set_gpr_idx_off\n",
         "beyond the");
  expect("gpr_idx: index past the VGPRs with EXEC zero: no fault", 0, 1,
         EMU_PROLOGUE "  s_mov_b64 s[22:23], exec\n  s_mov_b64 exec, 0\n  s_mov_b32 s20, 200\n"
                      "  s_set_gpr_idx_on s20, gpr_idx(SRC0,DST)\n  v_mov_b32 v1, v2\n  s_set_gpr_idx_off\n"
                      "  s_mov_b64 exec, s[22:23]\n",
         NULL);
  /* gfx9 GPR index mode moves the rows the poison check follows: an
   * indexed destination defines the row it writes, here over an
   * undefined value (llc-19's private
   * arrays in VGPRs, bench/real/thomas.cl: dp[k] written through
   * gpr_idx(DST) and stored later was reported as undefined), and an
   * indexed source reads the row the index picks */
  expect("gpr_idx: an indexed destination defines its row: no report", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  v_add_u32 v35, v40, v0\n  s_mov_b32 s20, 5\n  s_set_gpr_idx_on s20, gpr_idx(DST)\n  v_mov_b32 v30, v0\n"
                      "  s_set_gpr_idx_off\n  global_store_dword v[10:11], v35, off\n",
         NULL);
  expect("gpr_idx: an indexed source reads a never-written row", WEMU_CHECK_POISON, 1,
         EMU_PROLOGUE "  s_mov_b32 s20, 40\n  s_set_gpr_idx_on s20, gpr_idx(SRC0)\n  v_add_u32 v3, v0, v0\n"
                      "  s_set_gpr_idx_off\n  global_store_dword v[10:11], v3, off\n",
         "stores an undefined value");
  /* GFX11 VOPD: the halves are independent operations (RDNA 3 ISA guide,
   * VOPD); the check gave both results the union of their undefined
   * source lanes (llc-19's f_passes_fz18a.cl at gfx1100: v_dual_mov_b32
   * v7, v9 :: v_dual_mov_b32 v10, v14 with only v14 undefined made v7
   * undefined) */
  static const struct { const char *what, *body, *needle; } vopd[] = {
    {"VOPD: only Y reads an undefined lane: X's result stays defined",
     "  v_dual_mov_b32 v7, v9 :: v_dual_mov_b32 v12, v14\n  global_store_b32 v10, v7, s[4:5]\n", NULL},
    {"VOPD: only Y reads an undefined lane: Y's result is undefined",
     "  v_dual_mov_b32 v7, v9 :: v_dual_mov_b32 v12, v14\n  global_store_b32 v10, v12, s[4:5]\n", "stores an undefined value"},
    {"VOPD: only X reads an undefined lane: Y's result stays defined",
     "  v_dual_mov_b32 v7, v14 :: v_dual_mov_b32 v12, v9\n  global_store_b32 v10, v12, s[4:5]\n", NULL},
    {"VOPD: only X reads an undefined lane: X's result is undefined",
     "  v_dual_mov_b32 v7, v14 :: v_dual_mov_b32 v12, v9\n  global_store_b32 v10, v7, s[4:5]\n", "stores an undefined value"},
    /* Y reads X's destination as it was before the pair */
    {"VOPD: Y reads X's defined old destination, X's new value undefined",
     "  v_mov_b32 v7, v0\n  v_dual_mov_b32 v7, v15 :: v_dual_add_nc_u32 v12, v9, v7\n  global_store_b32 v10, v12, s[4:5]\n", NULL},
    {"VOPD: Y reads X's undefined old destination, X's new value defined",
     "  v_dual_mov_b32 v7, v8 :: v_dual_add_nc_u32 v12, v9, v7\n  global_store_b32 v10, v12, s[4:5]\n", "stores an undefined value"},
    {"VOPD: ... and X's result is defined",
     "  v_dual_mov_b32 v7, v8 :: v_dual_add_nc_u32 v12, v9, v7\n  global_store_b32 v10, v7, s[4:5]\n", NULL},
    /* v_dual_cndmask_b32 Y: per lane, the source VCC selects */
    {"VOPD: Y's v_dual_cndmask_b32 selects the defined source, X defined",
     "  s_mov_b32 vcc_lo, -1\n  v_dual_mov_b32 v7, v9 :: v_dual_cndmask_b32 v12, v14, v9\n"
     "  global_store_b32 v10, v12, s[4:5]\n  global_store_b32 v10, v7, s[4:5] offset:256\n", NULL},
    {"VOPD: Y's v_dual_cndmask_b32 selects the undefined source",
     "  s_mov_b32 vcc_lo, 0\n  v_dual_mov_b32 v7, v9 :: v_dual_cndmask_b32 v12, v14, v9\n  global_store_b32 v10, v12, s[4:5]\n",
     "stores an undefined value"},
    {"VOPD: Y's v_dual_cndmask_b32 with an undefined VCC",
     "  v_dual_mov_b32 v7, v9 :: v_dual_cndmask_b32 v12, v8, v8\n  global_store_b32 v10, v12, s[4:5]\n", "stores an undefined value"},
    {"VOPD: X's v_dual_cndmask_b32 selects the undefined source, Y defined",
     "  s_mov_b32 vcc_lo, 0\n  v_dual_cndmask_b32 v7, v14, v9 :: v_dual_mov_b32 v12, v9\n  global_store_b32 v10, v12, s[4:5]\n", NULL},
    {"VOPD: X's v_dual_cndmask_b32 selects the undefined source",
     "  s_mov_b32 vcc_lo, 0\n  v_dual_cndmask_b32 v7, v14, v9 :: v_dual_mov_b32 v12, v9\n  global_store_b32 v10, v7, s[4:5]\n",
     "stores an undefined value"},
    /* the accumulator of v_fmac_f32 is a source */
    {"VOPD: Y's v_dual_fmac_f32 reads its undefined accumulator",
     "  v_dual_mul_f32 v7, v8, v9 :: v_dual_fmac_f32 v12, v9, v8\n  global_store_b32 v10, v12, s[4:5]\n", "stores an undefined value"},
    {"VOPD: ... X's v_dual_mul_f32 stays defined",
     "  v_dual_mul_f32 v7, v8, v9 :: v_dual_fmac_f32 v12, v9, v8\n  global_store_b32 v10, v7, s[4:5]\n", NULL},
    {"v_fmac_f32 reads its undefined accumulator",
     "  v_fmac_f32 v7, v8, v9\n  global_store_b32 v10, v7, s[4:5]\n", "stores an undefined value"},
  };
  for (unsigned i = 0; i < sizeof vopd / sizeof vopd[0]; i++) {
    char body[600];
    snprintf(body, sizeof body, "%s%s", GFX11_PROLOGUE, vopd[i].body);
    expect_for("gfx1100", 32, vopd[i].what, WEMU_CHECK_POISON, body, vopd[i].needle);
  }
  expect("race: plain stores of two work-groups to one word", WEMU_CHECK_RACE, 2,
         EMU_PROLOGUE "  v_mov_b32 v1, 0\n  v_mov_b32 v3, s2\n  global_store_dword v1, v3, s[4:5]\n"
                      "  s_waitcnt vmcnt(0)\n",
         "check race");
  expect("race: atomic adds of two work-groups to one word: none", WEMU_CHECK_RACE, 2,
         EMU_PROLOGUE "  v_mov_b32 v1, 0\n  v_mov_b32 v3, 1\n  global_atomic_add v1, v3, s[4:5]\n  s_waitcnt vmcnt(0)\n", NULL);
  expect("barrier: s_barrier under a partial EXEC", WEMU_CHECK_BARRIER, 1,
         EMU_PROLOGUE "  v_cmp_gt_u32 vcc, 16, v0\n  s_and_saveexec_b64 s[8:9], vcc\n  s_barrier\n  s_or_b64 exec, exec, s[8:9]\n",
         "barrier divergence: s_barrier reached by 16 of the wave's 64 work-items");
  expect("div: v_rcp_iflag_f32 of 0", WEMU_CHECK_DIV, 1,
         EMU_PROLOGUE "  v_cvt_f32_u32 v3, 0\n  v_rcp_iflag_f32 v3, v3\n", "check div");
  expect("div: v_rcp_iflag_f32 of 3: none", WEMU_CHECK_DIV, 1,
         EMU_PROLOGUE "  v_cvt_f32_u32 v3, 3\n  v_rcp_iflag_f32 v3, v3\n", NULL);
  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  return failures != 0;
}
