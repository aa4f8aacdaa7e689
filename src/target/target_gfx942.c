/* The gfx942 (CDNA 3, Instinct MI300) target description: the CDNA facts in
 * target_cdna.h plus its own; see target.h for the fields and sources.
 * e_flags from llc-19: 0x54c = 0x4c | XNACK any 0x100 | SRAMECC any 0x400.
 * Scratch: architected flat scratch: the dispatch sets FLAT_SCRATCH to the wave's scratch, no private segment buffer (llc-19 -mcpu=gfx942: .amdhsa_enable_private_segment, scratch_* instructions, no flat_scratch_init). */
#include "target/target.h"
#include "target/target_cdna.h"

/* AMDGPUUsage "Memory Model GFX942" code sequences (non-tgsplit), as
 * llc-19 -mcpu=gfx942 emits them: atomic loads and stores carry sc0 sc1
 * (system), sc1 (agent) or sc0 (work-group); atomic read-modify-writes
 * sc1 at system scope only (sc0 there means "return the old value"); an
 * acquire invalidates with buffer_inv sc1 (agent) / sc0 sc1 (system), a
 * release writes L2 back with buffer_wbl2 sc1 / sc0 sc1. Work-group and
 * wavefront scopes need no cache maintenance (one CU, one L1). */
static const wavecc_scope_model gfx942_mem_model[WAVECC_NUM_SCOPES] = {
  [WAVECC_SCOPE_SYSTEM] = {.load_cpol = WAVECC_CPOL_SC0 | WAVECC_CPOL_SC1, .store_cpol = WAVECC_CPOL_SC0 | WAVECC_CPOL_SC1,
                           .rmw_cpol = WAVECC_CPOL_SC1, .num_acquire = 1, .num_release = 1,
                           .acquire = {{ISA_BUFFER_INV, WAVECC_CPOL_SC0 | WAVECC_CPOL_SC1}},
                           .release = {{ISA_BUFFER_WBL2, WAVECC_CPOL_SC0 | WAVECC_CPOL_SC1}}},
  [WAVECC_SCOPE_AGENT] = {.load_cpol = WAVECC_CPOL_SC1, .store_cpol = WAVECC_CPOL_SC1, .num_acquire = 1, .num_release = 1,
                          .acquire = {{ISA_BUFFER_INV, WAVECC_CPOL_SC1}},
                          .release = {{ISA_BUFFER_WBL2, WAVECC_CPOL_SC1}}},
  [WAVECC_SCOPE_WORKGROUP] = {.load_cpol = WAVECC_CPOL_SC0, .store_cpol = WAVECC_CPOL_SC0,
                              .release_waits_lds_only = true}, /* one CU's L1 (non-tgsplit) */
  [WAVECC_SCOPE_WAVEFRONT] = {0},
};

const wavecc_target wavecc_target_gfx942 = {
  .name = "gfx942",
  .elf_mach = 0x4c, /* EF_AMDGPU_MACH_AMDGCN_GFX942 (AMDGPUUsage, "ELF Header") */
  .encoding = WAVECC_ENC_GFX940,
  .description = "CDNA 3 (Instinct MI300), wave64, MFMA (also xf32, fp8), AGPRs, packed FP32, architected flat scratch, XNACK and SRAM ECC capable",
  WAVECC_CDNA_COMMON_FIELDS
  .flat_scratch_init = WAVECC_FS_ARCHITECTED,
  .has_private_segment_buffer = false,
  .unaligned_global = true,
  .fp_atomic_add_any_memory = true,
  .mem_model = gfx942_mem_model,
  .barrier_back_off = true,
  .cpol_names = {"sc0", "nt", "sc1"},
  .flat_scratch_sgprs_always = true,
};
