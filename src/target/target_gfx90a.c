/* The gfx90a (CDNA 2, Instinct MI200) target description: the CDNA facts in
 * target_cdna.h plus its own; see target.h for the fields and sources.
 * e_flags from llc-19: 0x53f = 0x3f | XNACK any 0x100 | SRAMECC any 0x400.
 * Scratch: scratch through the private segment buffer V# and FLAT_SCRATCH from the flat-scratch-init SGPRs, as gfx900. */
#include "target/target.h"
#include "target/target_cdna.h"

/* AMDGPUUsage "Memory Model GFX90A" code sequences (non-tgsplit), as
 * llc-19 -mcpu=gfx90a emits them: atomic loads carry glc at agent and
 * system scope (stores and read-modify-writes no bit; glc on an atomic
 * means "return the old value"); an acquire invalidates the L1 with
 * buffer_wbinvl1_vol (agent), after buffer_invl2 at system scope; a
 * system-scope release writes L2 back with buffer_wbl2. */
static const wavecc_scope_model gfx90a_mem_model[WAVECC_NUM_SCOPES] = {
  [WAVECC_SCOPE_SYSTEM] = {.load_cpol = WAVECC_CPOL_SC0, .num_acquire = 2, .num_release = 1,
                           .acquire = {{ISA_BUFFER_INVL2, 0}, {ISA_BUFFER_WBINVL1_VOL, 0}},
                           .release = {{ISA_BUFFER_WBL2, 0}}},
  [WAVECC_SCOPE_AGENT] = {.load_cpol = WAVECC_CPOL_SC0, .num_acquire = 1, .acquire = {{ISA_BUFFER_WBINVL1_VOL, 0}}},
  [WAVECC_SCOPE_WORKGROUP] = {.release_waits_lds_only = true}, /* one CU's L1 (non-tgsplit) */
  [WAVECC_SCOPE_WAVEFRONT] = {0},
};

const wavecc_target wavecc_target_gfx90a = {
  .name = "gfx90a",
  .elf_mach = 0x3f, /* EF_AMDGPU_MACH_AMDGCN_GFX90A (AMDGPUUsage, "ELF Header") */
  .encoding = WAVECC_ENC_GFX90A,
  .description = "CDNA 2 (Instinct MI200), wave64, MFMA, AGPRs, packed FP32, XNACK and SRAM ECC capable",
  WAVECC_CDNA_COMMON_FIELDS
  .flat_scratch_init = WAVECC_FS_SGPR_PAIR,
  .has_private_segment_buffer = true,
  .unaligned_global = true,
  .fp_atomic_add_f32_ftz = true,
  .mem_model = gfx90a_mem_model,
  .barrier_back_off = true,
};
