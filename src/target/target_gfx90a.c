/* The gfx90a (CDNA 2, Instinct MI200) target description: the CDNA facts in
 * target_cdna.h plus its own; see target.h for the fields and sources.
 * e_flags from llc-19: 0x53f = 0x3f | XNACK any 0x100 | SRAMECC any 0x400.
 * Scratch: scratch through the private segment buffer V# and FLAT_SCRATCH from the flat-scratch-init SGPRs, as gfx900. */
#include "target/target.h"
#include "target/target_cdna.h"

const wavecc_target wavecc_target_gfx90a = {
  .name = "gfx90a",
  .elf_mach = 0x3f, /* EF_AMDGPU_MACH_AMDGCN_GFX90A (AMDGPUUsage, "ELF Header") */
  .encoding = WAVECC_ENC_GFX90A,
  .description = "CDNA 2 (Instinct MI200), wave64, MFMA, AGPRs, packed FP32, XNACK and SRAM ECC capable",
  WAVECC_CDNA_COMMON_FIELDS
  .flat_scratch_init = WAVECC_FS_SGPR_PAIR,
  .has_private_segment_buffer = true,
};
