/* The gfx942 (CDNA 3, Instinct MI300) target description: the CDNA facts in
 * target_cdna.h plus its own; see target.h for the fields and sources.
 * e_flags from llc-19: 0x54c = 0x4c | XNACK any 0x100 | SRAMECC any 0x400.
 * Scratch: architected flat scratch: the dispatch sets FLAT_SCRATCH to the wave's scratch, no private segment buffer (llc-19 -mcpu=gfx942: .amdhsa_enable_private_segment, scratch_* instructions, no flat_scratch_init). */
#include "target/target.h"
#include "target/target_cdna.h"

const wavecc_target wavecc_target_gfx942 = {
  .name = "gfx942",
  .elf_mach = 0x4c, /* EF_AMDGPU_MACH_AMDGCN_GFX942 (AMDGPUUsage, "ELF Header") */
  .encoding = WAVECC_ENC_GFX940,
  .description = "CDNA 3 (Instinct MI300), wave64, MFMA (also xf32, fp8), AGPRs, packed FP32, architected flat scratch, XNACK and SRAM ECC capable",
  WAVECC_CDNA_COMMON_FIELDS
  .flat_scratch_init = WAVECC_FS_ARCHITECTED,
  .has_private_segment_buffer = false,
};
