/* The facts gfx90a (CDNA 2) and gfx942 (CDNA 3) share, as designated
 * initializers for their wavecc_target (target_gfx90a.c,
 * target_gfx942.c); each file adds its name, ELF machine, encoding family,
 * description and scratch model. Checked against AMDGPUUsage
 * ("Processors", "Kernel Descriptor" for GFX90A/GFX942, "Memory Model
 * GFX90A, GFX942"), the CDNA 2/3 ISA guides and llc-19 -mcpu=gfx90a/gfx942
 * output (.amdhsa_accum_offset, "; Occupancy", .sgpr_count). Internal to
 * src/target. */
#ifndef WAVECC_TARGET_TARGET_CDNA_H
#define WAVECC_TARGET_TARGET_CDNA_H

#define WAVECC_CDNA_COMMON_FIELDS \
  .other_wave = NULL,                                                                                                 \
  .wave_size = 64,                                                                                                    \
  .has_xnack = true,                                                                                                  \
  .vgpr_index_mode = true,                                                                                            \
  .has_sramecc = true,                                                                                                \
  .lane_mask_dwords = 2,                                                                                              \
  .exec_reg = 126,                                                                                                    \
  .vcc_reg = 106,                                                                                                     \
  .const_bus_limit = 1, /* GFX9 generation: one SGPR or literal per VALU instruction */                               \
  .sdwa = true, /* GFX9 SDWA (LLVM FeatureSDWA on gfx90a and gfx940; llc-19 selects v_*_sdwa there) */              \
                                                                                                                      \
  /* One 512-entry file per lane: ArchVGPRs v0..v255 and then the AGPRs                                               \
   * from ACCUM_OFFSET (LLVM getAddressableNumArchVGPRs 256,                                                          \
   * getTotalNumVGPRs 512, getVGPRAllocGranule 8 with GFX90AInsts). */                                                \
  .vgprs = 256,                                                                                                       \
  .vgpr_granule = 8,                                                                                                  \
  .vgprs_per_simd = 512,                                                                                              \
  .addressable_sgprs = 102,                                                                                           \
  .sgpr_granule = 16,                                                                                                 \
  .sgprs_per_simd = 800,                                                                                              \
  .reserved_sgprs = 4,      /* VCC and XNACK_MASK: llc-19's .sgpr_count = next_free_sgpr + 4 */                       \
  .xnack_mask_sgprs = 2,                                                                                              \
  .flat_scratch_sgprs = 2,                                                                                            \
  .max_waves_per_simd = 8,  /* LLVM getMaxWavesPerEU with GFX90AInsts; llc-19 "; Occupancy: 8" */                     \
  .simds_per_cu = 4,                                                                                                  \
  .max_workgroups_per_cu = 16,                                                                                        \
  .lds_bytes = 65536,                                                                                                 \
  /* Occupancy cycle model (wavecc_cycle_costs): a wave64 on a SIMD16 issues over 4 cycles (ROCm Compute Profiler   \
   * docs, "Pipeline descriptions": four 16-wide SIMDs per CU); transcendentals and f64 16 as since issue 27. MI200/MI300    \
   * run vector f64 at the f32 rate (AMD's MI250X / MI300X peak figures), so 16 overstates f64 here: kept unchanged, uncertain. Latency: none beyond      \
   * the 4-cycle cadence (the model's GCN assumption). */                                                            \
  .cycle_costs = {.issue = {4, 16, 16}, .latency = {0, 0, 0}},                                                        \
                                                                                                                      \
  .counters = {                                                                                                       \
    [WAVECC_CNT_VM] = {6, 0, 4, 14},                                                                                  \
    [WAVECC_CNT_EXP] = {3, 4, 3, 0},                                                                                  \
    [WAVECC_CNT_LGKM] = {4, 8, 4, 0},                                                                                 \
    [WAVECC_CNT_VS] = {0, 0, 0, 0}, /* none: stores are counted by vmcnt */                                             \
  },                                                                                                                  \
  .hazard_waits = {                                                                                                   \
    [WAVECC_HZ_VALU_SGPR_LANESEL] = 4,                                                                                \
    [WAVECC_HZ_VALU_VCC_DIV_FMAS] = 4,                                                                                \
    [WAVECC_HZ_VALU_SGPR_VMEM] = 5,                                                                                   \
    [WAVECC_HZ_SALU_M0] = 1,                                                                                          \
    [WAVECC_HZ_SETREG] = 2,                                                                                           \
    [WAVECC_HZ_VMEM_STORE_DATA] = 1,                                                                                  \
    [WAVECC_HZ_VALU_VGPR_DPP] = 2, /* the GFX9 table (CDNA 3 ISA guide 4.5 keeps both DPP rows) */                    \
    [WAVECC_HZ_VALU_EXEC_DPP] = 5,                                                                                    \
  },                                                                                                                  \
  .dpp_row_newbcast = true, /* target.h */                                                                            \
                                                                                                                      \
  .mode = {.fp_round_shift = 0, .fp_denorm_shift = 4, .dx10_clamp_bit = 8, .ieee_bit = 9, .hwreg_id = 1,                  \
           .fpmode_bits = 24, .fpmode_mask = 0x87f3ff},             \
  .default_float_mode = 0xf0,                                                                                         \
                                                                                                                      \
  /* As gfx900 (the GFX9 buffer resource; LLVM getScratchRsrcWords23). */                                             \
  .buffer_rsrc_word3 = (3u << 21) | (1u << 23) | (4u << 15) | (4u << 12),                                             \
  .flat_scratch_reg = 102,                                                                                            \
  .max_scratch_wave_kib = 8191, .gds_bytes = 65536,                                                                                       \
  /* GRANULATED_WORKITEM_VGPR_COUNT counts ArchVGPRs and AGPRs together in                                            \
   * granules of 8 (AMDGPUUsage, compute_pgm_rsrc1 for GFX90A). */                                                    \
  .descriptor = {.vgpr_blocks_bits = 6, .vgpr_block = 8, .sgpr_blocks_shift = 6, .sgpr_blocks_bits = 4, .sgpr_block = 8,\
                 .float_mode_shift = 12},                                                                             \
                                                                                                                      \
  .agprs = 256,                                                                                                       \
  .accum_offset_granule = 4, /* AMDGPUUsage compute_pgm_rsrc3 GFX90A: ACCUM_OFFSET = offset / 4 - 1 */                \
  .vgpr_tuple_align = 2,     /* LLVM FeatureGFX90AInsts: VReg_64_Align2 and wider */                                  \
  .packed_workitem_ids = true,  /* FeaturePackedTID; llc-19 masks v0 with 0x3ff */                                      \

#endif
