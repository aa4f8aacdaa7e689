/* Emulator strict-mode tests: each kernel below is wrong in one way that
 * real hardware would not report, and the emulator must fail the dispatch
 * with a message naming the problem and the PC:
 *   - a load result used without the covering s_waitcnt (VMEM, SMEM, LDS;
 *     SMEM out of order), a register overwritten while its load is pending
 *     (in the load's lanes: other lanes may be written and read),
 *   - a never-written VGPR read with --check-uninit; with it too, spill-code
 *     corners: v_readlane_b32 of a scratch reload that ran with
 *     EXEC = 0, of a lane never written (with EXEC = 0 these reads and
 *     v_readfirstlane_b32's are copies: the SGPR's later use is reported)
 *     (v_writelane_b32/v_readlane_b32 of a never-written SGPR are copies,
 *     a later use of it is reported),
 *   - wait-state hazards (VALU SGPR write -> v_readlane lane select,
 *     VALU VCC write -> v_div_fmas, s_setreg -> s_getreg),
 *   - a global store outside every allocation, an LDS access past the end,
 *   - an unknown instruction, an endless loop (instruction limit, per-wave
 *     watchdog), VGPRs and SGPRs beyond those the kernel descriptor allocates,
 *   - malformed code objects.
 * The same kernels with the fix applied must pass, so that the checks do
 * not simply fire on everything. */
#include "test_emu_util.h"

static uint32_t out[64 * 4];
static char msg[600];

static void expect(const char *what, const char *body, const char *kd, const wemu_options *opt, const char *needle) {
  printf("emu strict: %s\n", what);
  int rc = emu_quick(body, kd, out, 64 * 4, NULL, 0, opt, msg, sizeof msg);
  if (needle) {
    CHECK(rc == -1, "%s: dispatch should fail, rc=%d", what, rc);
    CHECK(strstr(msg, needle) != NULL, "%s: message lacks \"%s\": %s", what, needle, msg);
    CHECK(strstr(msg, "pc 0x") != NULL, "%s: message lacks the PC: %s", what, msg);
    /* which work-items: the work-group and the wave (the ICD's diagnostics,
     * issue 30), for every fault of a running wave (not the loader's) */
    if (!strstr(msg, "unknown instruction: encoding"))
      CHECK(strstr(msg, "[work-group (0,0,0), wave 0 of the group]") != NULL, "%s: message lacks the work-group: %s",
            what, msg);
    printf("  reported: %s\n", msg);
  } else {
    CHECK(rc == 0, "%s: dispatch should pass: %s", what, msg);
  }
}

#define LOAD_USE(WAIT) \
  EMU_PROLOGUE \
  "  global_load_dword v2, v[10:11], off\n" \
  WAIT \
  "  v_add_u32 v3, 1, v2\n" \
  "  global_store_dword v[10:11], v3, off\n"

int main(void) {
  wemu_options uninit = {0};
  uninit.check_uninit = 1;
  expect("VMEM load used without s_waitcnt vmcnt", LOAD_USE(""), NULL, NULL, "s_waitcnt");
  expect("VMEM load used after s_waitcnt vmcnt(0)", LOAD_USE("  s_waitcnt vmcnt(0)\n"), NULL, NULL, NULL);
  expect("VMEM: vmcnt(1) with two loads covers only the first",
         EMU_PROLOGUE
         "  global_load_dword v2, v[10:11], off\n  global_load_dword v3, v[10:11], off offset:256\n"
         "  s_waitcnt vmcnt(1)\n  v_add_u32 v4, v2, v3\n  global_store_dword v[10:11], v4, off\n",
         NULL, NULL, "reads v3 before an s_waitcnt");
  expect("SMEM load used without s_waitcnt lgkmcnt",
         "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  v_mov_b32 v1, s4\n", NULL, NULL, "s_waitcnt");
  expect("LDS read used without s_waitcnt lgkmcnt",
         "  v_lshlrev_b32 v1, 2, v0\n  ds_write_b32 v1, v0\n  s_waitcnt lgkmcnt(0)\n  ds_read_b32 v2, v1\n  v_add_u32 v3, 1, v2\n",
         "  .amdhsa_group_segment_fixed_size 256\n", NULL, "reads v2 before an s_waitcnt");
  expect("VALU overwrites a VGPR whose load is still outstanding (WAW)",
         EMU_PROLOGUE "  global_load_dword v2, v[10:11], off\n  v_mov_b32 v2, 0\n  s_waitcnt vmcnt(0)\n", NULL, NULL, "overwrites v2");
  /* Lanes: a load writes only the lanes EXEC had at issue; the else arm
   * of an if/else (EXEC = saved & ~EXEC) may read and write the register
   * in its own lanes while the load is pending (waitcnt.c relies on it). */
#define ELSE_ARM(RESTORE) \
  EMU_PROLOGUE \
  "  v_cmp_gt_u32 vcc, 32, v0\n  s_and_saveexec_b64 s[20:21], vcc\n  global_load_dword v2, v[10:11], off\n" \
  RESTORE "  v_mov_b32 v2, 5\n  v_add_u32 v3, 1, v2\n  s_or_b64 exec, exec, s[20:21]\n" \
  "  s_waitcnt vmcnt(0)\n  global_store_dword v[10:11], v3, off\n"
  expect("else arm writes and reads the register of a then-arm load in its own lanes",
         ELSE_ARM("  s_andn2_b64 exec, s[20:21], exec\n"), NULL, NULL, NULL);
  expect("the same with EXEC restored to every lane: the write overlaps the load",
         ELSE_ARM("  s_mov_b64 exec, s[20:21]\n"), NULL, NULL, "overwrites v2");
  expect("SMEM returns out of order: lgkmcnt(1) does not cover either of two s_loads",
         "  s_load_dword s4, s[0:1], 0x0\n  s_load_dword s5, s[0:1], 0x4\n  s_waitcnt lgkmcnt(1)\n  v_mov_b32 v1, s4\n",
         NULL, NULL, "reads s4 before an s_waitcnt");
  expect("never-written VGPR read with check_uninit", EMU_PROLOGUE "  v_add_u32 v3, v0, v40\n", NULL, &uninit, "never-written v40");
  expect("never-written VGPR read without check_uninit passes", EMU_PROLOGUE "  v_add_u32 v3, v0, v40\n", NULL, NULL, NULL);
  /* v_cndmask_b32 reads only the operand its mask selects per lane; a
   * selected never-written lane stays never-written in the result, which
   * a later blend may replace (masked linearisation's phi chains) or a
   * real use reports. vcc = 0 (no lane id above 100), s[20:21] = every lane. */
#define BLEND_SETUP EMU_PROLOGUE "  v_cmp_lt_u32 vcc, 100, v0\n  v_cmp_le_u32 s[20:21], 0, v0\n"
  expect("v_cndmask_b32 whose never-written operand is masked off passes",
         BLEND_SETUP "  v_cndmask_b32 v3, v0, v40, vcc\n  v_add_u32 v4, 1, v3\n", NULL, &uninit, NULL);
  expect("never-written lanes of a blend replaced by a later blend pass",
         BLEND_SETUP "  v_cndmask_b32 v3, v40, v0, vcc\n  v_cndmask_b32_e64 v4, v3, v0, s[20:21]\n  v_add_u32 v5, 1, v4\n",
         NULL, &uninit, NULL);
  expect("a blend that selected a never-written lane, then used",
         BLEND_SETUP "  v_cndmask_b32 v3, v40, v0, vcc\n  v_add_u32 v5, 1, v3\n", NULL, &uninit, "never-written v3");
  /* Spill-code corner cases (issue 9, seed D99507), all with check_uninit. */
  /* v_readfirstlane_b32 with EXEC = 0 reads lane 0 (the ISA guides); a
   * never-written lane 0 is copied, not used: the SGPR stays never-written
   * and SALU arithmetic on it with EXEC = 0 (masked code in a block no lane
   * runs: stress 79902 at gfx900 -O0 8/24) passes; a use with lanes active
   * is reported. Likewise v_readlane_b32 of a lane no v_writelane_b32
   * wrote (an SGPR spilled in an arm the wave skipped: stress 79921). */
  expect("v_readfirstlane_b32 with EXEC = 0 reads lane 0 and passes",
         "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 0\n  v_readfirstlane_b32 s8, v0\n  s_mov_b64 exec, s[20:21]\n"
         "  s_add_u32 s9, s8, 1\n",
         NULL, &uninit, NULL);
  expect("v_readfirstlane_b32 of a never-written VGPR with EXEC = 0, then SALU arithmetic with EXEC = 0, passes",
         "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 0\n  v_readfirstlane_b32 s8, v40\n  s_and_b32 s9, s8, 3\n"
         "  s_mov_b64 exec, s[20:21]\n",
         NULL, &uninit, NULL);
  expect("v_readfirstlane_b32 of a never-written VGPR with EXEC = 0, then used with lanes active",
         "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 0\n  v_readfirstlane_b32 s8, v40\n  s_mov_b64 exec, s[20:21]\n"
         "  s_add_u32 s9, s8, 1\n",
         NULL, &uninit, "never-written s8");
  expect("v_readlane_b32 with EXEC = 0 of a lane never written, and-ed into EXEC = 0, passes",
         "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 0\n  v_readlane_b32 s8, v40, 6\n  v_readlane_b32 s9, v40, 7\n"
         "  s_and_b64 s[10:11], exec, s[8:9]\n  s_andn2_b64 exec, exec, s[8:9]\n  s_mov_b64 exec, s[20:21]\n",
         NULL, &uninit, NULL);
  expect("v_readlane_b32 with EXEC = 0 of a lane never written, then a branch on it",
         "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 0\n  v_readlane_b32 s8, v40, 6\n  s_mov_b64 exec, s[20:21]\n"
         "  s_cmp_eq_u32 s8, 0\n  s_cbranch_scc1 .Lx\n.Lx:\n",
         NULL, &uninit, "never-written s8");
  /* The check concerns active lanes: VALU instructions with EXEC = 0 use
   * no SGPR operand (the join copy of an arm no lane took, stress 60307
   * gfx900 -O0); the cross-lane ones still do. */
  expect("VALU reads of never-written SGPRs with EXEC = 0 pass",
         "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 0\n  v_mov_b32 v3, s40\n  v_add_u32 v4, s41, v0\n"
         "  v_cmp_eq_u32 s[22:23], s42, v0\n  v_add_co_u32 v5, s[24:25], s43, v0\n  v_cndmask_b32_e64 v6, v0, v0, s[44:45]\n"
         "  s_mov_b64 exec, s[20:21]\n  s_and_b64 s[26:27], s[22:23], s[24:25]\n",
         NULL, &uninit, NULL);
  expect("a VALU read of a never-written SGPR with lanes active",
         "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 1\n  v_add_u32 v3, s40, v0\n  s_mov_b64 exec, s[20:21]\n", NULL, &uninit,
         "never-written s40");
  /* v_mov_b32 of a never-written SGPR is a copy: masked linearisation's
   * join blends it away (gen_loop_exits 5654), a real read is reported */
  expect("v_mov_b32 of a never-written SGPR blended away passes",
         BLEND_SETUP "  v_mov_b32 v3, s40\n  v_cndmask_b32_e64 v4, v3, v0, s[20:21]\n  v_add_u32 v5, 1, v4\n", NULL, &uninit, NULL);
  expect("v_mov_b32 of a never-written SGPR, then used",
         BLEND_SETUP "  v_mov_b32 v3, s40\n  v_add_u32 v5, 1, v3\n", NULL, &uninit, "never-written v3");
  expect("v_readlane_b32 with a never-written lane select and EXEC = 0",
         "  s_mov_b64 exec, 0\n  v_readlane_b32 s8, v0, s40\n", NULL, &uninit, "never-written s40");
  expect("v_writelane_b32 with a never-written lane select and EXEC = 0",
         "  s_mov_b64 exec, 0\n  v_writelane_b32 v3, 42, s40\n", NULL, &uninit, "never-written s40");
  expect("v_readlane_b32 of a fixed, written lane with EXEC = 0 passes",
         "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 0\n  v_readlane_b32 s8, v0, 0\n  s_mov_b64 exec, s[20:21]\n",
         NULL, &uninit, NULL);
#define SCRATCH_KD "  .amdhsa_user_sgpr_private_segment_buffer 1\n  .amdhsa_system_sgpr_private_segment_wavefront_offset 1\n" \
                   "  .amdhsa_private_segment_fixed_size 16\n"
  /* with the private segment buffer in s[0:3] the wave offset is s7 */
#define SCRATCH_RELOAD(EXEC_DURING_LOAD) \
  "  v_mov_b32 v1, 7\n  buffer_store_dword v1, off, s[0:3], s7\n  s_waitcnt vmcnt(0)\n  v_mov_b32 v2, 0\n" \
  "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, " EXEC_DURING_LOAD "\n  buffer_load_dword v2, off, s[0:3], s7\n" \
  "  s_waitcnt vmcnt(0)\n  s_mov_b64 exec, 0\n  v_readlane_b32 s8, v2, 0\n  s_mov_b64 exec, s[20:21]\n"
  /* with EXEC = 0 the v_readlane_b32 is a copy: the restored SGPR's use
   * with lanes active is the report (it was the v_readlane_b32 itself) */
  expect("scratch reload with EXEC = 0 read by v_readlane_b32 with EXEC = 0 passes", SCRATCH_RELOAD("0"), SCRATCH_KD,
         &uninit, NULL);
  expect("scratch reload with EXEC = 0 read by v_readlane_b32, then used",
         SCRATCH_RELOAD("0") "  s_add_u32 s9, s8, 1\n", SCRATCH_KD, &uninit, "never-written s8");
  expect("scratch reload with EXEC = 0 read by v_readlane_b32 with lanes active",
         "  v_mov_b32 v2, 0\n  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 0\n  buffer_load_dword v2, off, s[0:3], s7\n"
         "  s_waitcnt vmcnt(0)\n  s_mov_b64 exec, s[20:21]\n  v_readlane_b32 s8, v2, 0\n",
         SCRATCH_KD, &uninit, "loaded nothing");
  expect("scratch reload with the wave's EXEC read by v_readlane_b32 passes", SCRATCH_RELOAD("s[20:21]"), SCRATCH_KD, &uninit,
         NULL);
  /* SGPR spill to scratch without a free SGPR pair (seed D96336): the
   * reload is two loads, under EXEC (here 0) and under its complement. The
   * second writes every lane, so v_readlane reads a loaded value. */
  expect("whole-wave reload: a load under EXEC = 0, then under ~EXEC, read by v_readlane_b32 passes",
         "  v_mov_b32 v1, 7\n  buffer_store_dword v1, off, s[0:3], s7\n  s_waitcnt vmcnt(0)\n"
         "  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, 0\n  buffer_load_dword v2, off, s[0:3], s7\n"
         "  s_not_b64 exec, exec\n  buffer_load_dword v2, off, s[0:3], s7\n  s_not_b64 exec, exec\n"
         "  s_waitcnt vmcnt(0)\n  v_readlane_b32 s8, v2, 0\n  s_mov_b64 exec, s[20:21]\n",
         SCRATCH_KD, &uninit, NULL);
  /* Its whole-wave save stores lanes no code wrote: not an uninitialised read. */
  expect("whole-wave save of a VGPR with never-written lanes passes",
         "  s_mov_b32 s9, 42\n  v_writelane_b32 v3, s9, 5\n  s_mov_b64 s[20:21], exec\n  s_mov_b64 exec, -1\n"
         "  buffer_store_dword v3, off, s[0:3], s7\n  s_mov_b64 exec, s[20:21]\n",
         SCRATCH_KD, &uninit, NULL);
  expect("a global store of never-written lanes is still reported",
         EMU_PROLOGUE "  global_store_dword v[10:11], v40, off\n", NULL, &uninit, "never-written v40");
  expect("v_readlane_b32 of a lane v_writelane_b32 never wrote",
         "  s_mov_b32 s9, 42\n  v_writelane_b32 v3, s9, 5\n  v_readlane_b32 s8, v3, 6\n", NULL, &uninit, "never-written v3 (lane 6)");
  expect("v_readlane_b32 of the lane v_writelane_b32 wrote passes",
         "  s_mov_b32 s9, 42\n  v_writelane_b32 v3, s9, 5\n  s_mov_b64 exec, 0\n  v_readlane_b32 s8, v3, 5\n", NULL, &uninit, NULL);
  /* A callee's prologue saves each callee-saved SGPR it writes, which the
   * caller may never have written: the save and its restore are copies,
   * only a later use of the restored (still never-written) SGPR counts. */
  expect("v_writelane_b32 save of a never-written SGPR, v_readlane_b32 restore passes",
         "  v_writelane_b32 v3, s13, 6\n  s_mov_b32 s13, 1\n  v_readlane_b32 s13, v3, 6\n", NULL, &uninit, NULL);
  expect("the restored never-written SGPR, then used",
         "  v_writelane_b32 v3, s13, 6\n  s_mov_b32 s13, 1\n  v_readlane_b32 s13, v3, 6\n  s_add_u32 s14, s13, 1\n", NULL,
         &uninit, "never-written s13");
  expect("a VALU read of the lane holding a never-written SGPR's copy",
         "  v_writelane_b32 v3, s13, 0\n  v_add_u32 v4, v3, v0\n", NULL, &uninit, "never-written v3 (lane 0)");
  expect("a written lane over the copy of a never-written SGPR, then read, passes",
         "  v_writelane_b32 v3, s13, 0\n  s_mov_b32 s9, 42\n  v_writelane_b32 v3, s9, 0\n  v_readlane_b32 s8, v3, 0\n"
         "  s_add_u32 s10, s8, 1\n", NULL, &uninit, NULL);
  expect("hazard: VALU writes SGPR, v_readlane uses it as lane select",
         "  v_readfirstlane_b32 s8, v0\n  v_readlane_b32 s9, v0, s8\n", NULL, NULL, "hazard");
  expect("hazard avoided with s_nop 3 (4 wait states)",
         "  v_readfirstlane_b32 s8, v0\n  s_nop 3\n  v_readlane_b32 s9, v0, s8\n", NULL, NULL, NULL);
  expect("hazard: VALU writes VCC, v_div_fmas reads it",
         "  v_cmp_eq_u32 vcc, 0, v0\n  v_div_fmas_f32 v1, v0, v0, v0\n", NULL, NULL, "hazard");
  expect("hazard: s_setreg then s_getreg",
         "  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 1\n  s_getreg_b32 s8, hwreg(HW_REG_MODE)\n", NULL, NULL, "hazard");
  expect("global store outside every allocation",
         EMU_PROLOGUE "  v_add_co_u32 v10, vcc, 0x100000, v10\n  global_store_dword v[10:11], v0, off\n", NULL, NULL, "outside every allocation");
  /* exec_mem.c copies a global access whose lanes all lie in one
   * allocation for the whole wave; one lane past the end sends it to the
   * per-lane path, which must name that lane (out is 1024 bytes: offset
   * 772 puts lane 63 alone at its end). */
  expect("global store with only lane 63 past the allocation's end",
         EMU_PROLOGUE "  global_store_dword v[10:11], v0, off offset:772\n", NULL, NULL, "outside every allocation (lane 63)");
  expect("global load with only lane 63 past the allocation's end",
         EMU_PROLOGUE "  global_load_dword v2, v[10:11], off offset:772\n  s_waitcnt vmcnt(0)\n", NULL, NULL,
         "outside every allocation (lane 63)");
  expect("global store ending at the allocation's end passes",
         EMU_PROLOGUE "  global_store_dword v[10:11], v0, off offset:768\n", NULL, NULL, NULL);
  expect("LDS access past the LDS allocation",
         "  v_mov_b32 v1, 0x1000\n  ds_write_b32 v1, v0\n", "  .amdhsa_group_segment_fixed_size 256\n", NULL, "outside the 256-byte LDS");
  expect("unknown instruction (an MIMG encoding)", "  .long 0xf0000000, 0x00000000\n", NULL, NULL, "unknown instruction");
  wemu_options lim = {0};
  lim.max_wave_instructions = 10000;
  expect("endless loop hits the instruction limit", "loop:\n  s_branch loop\n", NULL, &lim, "instruction limit");
  wemu_options steps = {0};
  steps.max_steps = 5000;
  expect("endless loop hits the per-wave watchdog (max_steps)", "loop:\n  s_branch loop\n", NULL, &steps,
         "did not finish within 5000 instructions per wave");
  /* The helper's descriptor allocates 64 VGPRs (granulated: v0..v63). */
  expect("VALU write beyond the descriptor's VGPRs", "  v_mov_b32 v200, 1\n", NULL, NULL,
         "writes v200 beyond the 64 VGPRs the kernel descriptor allocates");
  expect("VALU read beyond the descriptor's VGPRs", "  v_mov_b32 v1, v64\n", NULL, NULL,
         "reads v64 beyond the 64 VGPRs");
  expect("load into VGPRs that straddle the descriptor's end",
         EMU_PROLOGUE "  global_load_dwordx2 v[63:64], v[10:11], off\n  s_waitcnt vmcnt(0)\n", NULL, NULL,
         "loads into v64 beyond the 64 VGPRs");
  expect("v_writelane beyond the descriptor's VGPRs", "  v_writelane_b32 v100, s0, 3\n", NULL, NULL,
         "writes v100 beyond");
  expect("the last allocated VGPR is fine", "  v_mov_b32 v63, 1\n  v_mov_b32 v1, v63\n", NULL, NULL, NULL);
  /* SGPRs likewise (issue 22: s20 or s101 of 16 passed). The helper's 48
   * numbered SGPRs plus VCC, FLAT_SCRATCH and XNACK_MASK (54) take 4
   * granules of 16: s0..s63. */
  expect("SALU write beyond the descriptor's SGPRs", "  s_mov_b32 s64, 1\n", NULL, NULL,
         "writes s64 beyond the 64 SGPRs the kernel descriptor allocates");
  expect("SALU write of s101", "  s_mov_b32 s101, 1\n", NULL, NULL, "writes s101 beyond the 64 SGPRs");
  expect("SALU read beyond the descriptor's SGPRs", "  s_mov_b32 s1, s80\n", NULL, NULL, "reads s80 beyond the 64 SGPRs");
  expect("64-bit SALU write straddling the end", "  s_mov_b64 s[62:63], 0\n  s_mov_b64 s[64:65], 0\n", NULL, NULL,
         "writes s64 beyond");
  expect("scalar load into SGPRs past the end", "  s_load_dwordx4 s[64:67], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n", NULL,
         NULL, "loads into s64 beyond the 64 SGPRs");
  expect("VALU read of an SGPR past the end", "  v_mov_b32 v1, s70\n", NULL, NULL, "reads s70 beyond");
  expect("the last allocated SGPR is fine", "  s_mov_b32 s63, 1\n  s_mov_b32 s1, s63\n", NULL, NULL, NULL);

  /* Descriptor sizes near 2^32 are refused, not wrapped (32-bit products
   * gave a 0-byte LDS and a wrong scratch stride). */
  printf("emu strict: huge group and private segment sizes\n");
  int rc = emu_quick("  s_nop 0\n", "  .amdhsa_group_segment_fixed_size 0xfffffff1\n", out, 64 * 4, NULL, 0, NULL, msg,
                     sizeof msg);
  CHECK(rc == -1 && strstr(msg, "exceed the 64 KiB"), "group segment 0xfffffff1: rc=%d %s", rc, msg);
  rc = emu_quick("  s_nop 0\n", "  .amdhsa_private_segment_fixed_size 0xfffffff0\n", out, 64 * 4, NULL, 0, NULL, msg,
                 sizeof msg);
  CHECK(rc == -1 && strstr(msg, "exceeds the 131056 bytes"), "private segment 0xfffffff0: rc=%d %s", rc, msg);
  rc = emu_quick("  s_nop 0\n", "  .amdhsa_private_segment_fixed_size 131056\n", out, 64 * 4, NULL, 0, NULL, msg,
                 sizeof msg);
  CHECK(rc == 0, "private segment 131056 must run: %s", msg);

  printf("emu strict: malformed code objects\n");
  wemu_device *d = wemu_create(NULL);
  static const uint8_t junk[] = "not an elf at all, just some bytes";
  CHECK(wemu_load(d, junk, sizeof junk) == NULL, "junk accepted");
  CHECK(strstr(wemu_error(d), "ELF") != NULL, "junk: %s", wemu_error(d));
  size_t n = 0;
  uint8_t *elf = emu_build("  v_mov_b32 v1, 0\n", NULL, NULL, &n);
  CHECK(elf != NULL, "assembly failed");
  if (elf) {
    for (size_t cut = 0; cut < n; cut += n / 37 + 1) { /* every truncation must fail cleanly or load */
      wemu_program *p = wemu_load(d, elf, cut);
      CHECK(p == NULL || cut >= n / 2, "truncated to %zu bytes accepted", cut);
      wemu_program_free(p);
    }
    uint8_t *bad = malloc(n);
    memcpy(bad, elf, n);
    memset(bad + 0x20, 0xff, 8); /* e_phoff far outside */
    CHECK(wemu_load(d, bad, n) == NULL, "bad e_phoff accepted");
    printf("  reported: %s\n", wemu_error(d));
    free(bad);
    wemu_program *p = wemu_load(d, elf, n);
    CHECK(p != NULL, "good ELF rejected: %s", wemu_error(d));
    uint64_t gs[3] = {64, 1, 1};
    CHECK(wemu_dispatch(d, p, "nope", NULL, 0, 1, gs, NULL, NULL, NULL) == -1, "missing kernel dispatched");
    CHECK(wemu_dispatch(d, p, "k", NULL, 0, 1, gs, NULL, NULL, NULL) == -1 && strstr(wemu_error(d), "arguments"), "wrong argument count: %s", wemu_error(d));
    wemu_program_free(p);
    free(elf);
  }
  wemu_destroy(d);
  if (failures) { fprintf(stderr, "test_emu_strict: %d check(s) FAILED\n", failures); return 1; }
  printf("test_emu_strict: all checks passed\n");
  return 0;
}
