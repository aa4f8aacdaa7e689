/* The RDNA target descriptions: gfx1030 (RDNA 2, Navi 21) and gfx1100
 * (RDNA 3, Navi 31), each as a wave32 instance (the default, as llc-19's)
 * and a wave64 one (-mattr=+wavefrontsize64). See target.h for the fields.
 *
 * Sources, checked on 2026-11-28: AMDGPUUsage "Processors" (no XNACK or
 * SRAMECC target-ID feature on either), "ELF Header" (EF_AMDGPU_MACH),
 * "Kernel Descriptor" (GFX10+ fields), "Initial Kernel Execution State";
 * the RDNA 2 / RDNA 3 ISA guides ("S_WAITCNT", "MODE", "Buffer
 * Resource"); LLVM's AMDGPUBaseInfo (getVGPRAllocGranule: 16/8 on
 * gfx10.3, 24/12 on gfx11 with its 1.5x register file; getVGPREncodingGranule
 * 8/4; getMaxWavesPerEU 16; SGPRs do not limit occupancy on GFX10+;
 * getMaxWorkGroupsPerCU: 32 barriers in WGP mode) and GCNHazardRecognizer
 * (hasNoDataDepHazard: GFX10+ interlocks the GFX9 software hazards; the
 * gfx1010 bug workarounds are not gfx1030 features); and llc-19 output for
 * these CPUs (VGPRBlocks, Occupancy, .amdhsa_* values, e_flags 0x36 /
 * 0x41, s_waitcnt fields via llvm-mc-19 -show-encoding). */
#include "target/target.h"

/* Fields both processors and both wave sizes share. */
#define RDNA_COMMON                                                                                                  \
  .has_xnack = false, .has_sramecc = false, .has_sgpr_null = true, .exec_reg = 126, /* EXEC_LO */                     \
  .vcc_reg = 106,                                            /* VCC_LO */                                            \
  .const_bus_limit = 2, .vop3_literal = true,                /* two scalar values per VALU op, VOP3 literals */       \
  .vgpr_movrel = true,                                       /* v_movrels/v_movreld with M0 (no s_set_gpr_idx) */    \
  .vgprs = 256, .addressable_sgprs = 106,                    /* s0..s105; VCC follows */                             \
  /* SGPRs never limit occupancy on GFX10+: one granule of all 106, 16 waves' worth */                               \
  .sgpr_granule = 106, .sgprs_per_simd = 106 * 16, .reserved_sgprs = 2, /* VCC; no XNACK_MASK */                     \
  .flat_scratch_sgprs = 0,                                   /* FLAT_SCRATCH is a hwreg, not SGPRs */                \
  .max_waves_per_simd = 16, .simds_per_cu = 4,               /* a WGP (WGP mode): 2 CUs x 2 SIMD32 */                \
  .max_workgroups_per_cu = 32, .lds_bytes = 65536,           /* per work-group (the WGP has 128 KiB) */              \
  .unaligned_global = true,                                  /* target.h */                                          \
  /* GFX10+: hasNoDataDepHazard (GCNHazardRecognizer); none of the GFX9 hazards need wait states */                 \
  .hazard_waits = {0},                                                                                               \
  .dpp_gfx10 = true, /* row_share/row_xmask, FI, DPP8; no wave_* shifts or row_bcast (target.h) */                 \
  .mode = {.fp_round_shift = 0, .fp_denorm_shift = 4, .dx10_clamp_bit = 8, .ieee_bit = 9, .hwreg_id = 1,                  \
           .fpmode_bits = 24, .fpmode_mask = 0x87f3ff},            \
  .default_float_mode = 0xf0, .flat_scratch_reg = 0, .max_scratch_wave_kib = 8191, .gds_bytes = 65536

/* Occupancy cycle model costs (wavecc_cycle_costs), checked 2026-11-29.
 * Issue: a SIMD32 issues a wave32 VALU instruction in one cycle and a
 * wave64 one as its two wave32 halves back to back, two cycles (AMD, "RDNA
 * Architecture" whitepaper, 2019, on wave32 and wave64 execution; RDNA 3
 * keeps the SIMD32 and wave64 halves -- its dual-issue of some wave64 ops in
 * one cycle is not modelled). Transcendentals: quarter rate, 4 and 8 cycles
 * (LLVM SISchedule.td WriteTrans32 "quarter rate", D81011; RDNA has a
 * separate transcendental unit that may overlap other VALU work: not
 * modelled, uncertain). f64: 1/16 of the f32 rate on Navi 21 and Navi 31
 * (AMD's peak FP64 / FP32 figures for the RX 6900 XT and, without dual
 * issue, the RX 7900 XTX; uncertain, from the product specifications, not
 * measured): 16 and 32 cycles. Latency to a dependent instruction: LLVM 19's
 * GFX10 and GFX11 scheduling models as llvm-mca-19 -mcpu=gfx1030/gfx1100
 * -instruction-info reports them (v_add_f32 5, v_exp_f32 10, v_fma_f64 22
 * on gfx1030 and 38 on gfx1100); the RDNA 3 ISA guide's s_delay_alu names
 * the same dependencies (VALU_DEP_n, TRANS32_DEP_n). The model uses them
 * for both wave sizes (LLVM's models do not distinguish). */
#define RDNA_W32_ISSUE .issue = {1, 4, 16}
#define RDNA_W64_ISSUE .issue = {2, 8, 32}
#define GFX10_CYCLE_LATENCY .latency = {5, 10, 22}
#define GFX11_CYCLE_LATENCY .latency = {5, 10, 38}

/* GFX10 s_waitcnt simm16: vmcnt [3:0] and [15:14], expcnt [6:4], lgkmcnt
 * [13:8]; s_waitcnt_vscnt simm16 [5:0]. */
#define GFX10_COUNTERS                                                                                               \
  .counters = {[WAVECC_CNT_VM] = {6, 0, 4, 14}, [WAVECC_CNT_EXP] = {3, 4, 3, 0}, [WAVECC_CNT_LGKM] = {6, 8, 6, 0},   \
               [WAVECC_CNT_VS] = {6, 0, 6, 0}},                                                  \
  .flat_lgkm_in_order = true
/* GFX11 s_waitcnt simm16: vmcnt [15:10], lgkmcnt [9:4], expcnt [2:0]. */
#define GFX11_COUNTERS                                                                                               \
  .counters = {[WAVECC_CNT_VM] = {6, 10, 6, 0}, [WAVECC_CNT_EXP] = {3, 0, 3, 0}, [WAVECC_CNT_LGKM] = {6, 4, 6, 0},   \
               [WAVECC_CNT_VS] = {6, 0, 6, 0}},                                                  \
  .flat_lgkm_in_order = true

/* Buffer resource word 3 of the private segment buffer (LLVM
 * SIInstrInfo::getScratchRsrcWords23 / getDefaultRsrcDataFormat): FORMAT
 * [18:12] = 22 (BUF_FMT_32_FLOAT, the same number on GFX10 and GFX11, per
 * llvm-mc-19), INDEX_STRIDE [22:21] (2: 32 lanes, 3: 64), ADD_TID_ENABLE
 * [23], RESOURCE_LEVEL [24] = 1 (GFX10 only), OOB_SELECT [29:28] = 3. */
#define RSRC3_GFX10(stride) ((22u << 12) | ((stride) << 21) | (1u << 23) | (1u << 24) | (3u << 28))
#define RSRC3_GFX11(stride) ((22u << 12) | ((stride) << 21) | (1u << 23) | (3u << 28))

/* Descriptor: VGPR blocks of 8 (wave32) or 4 (wave64) VGPRs in RSRC1
 * [5:0]; no SGPR field; WGP_MODE (29) and MEM_ORDERED (30) set as llc-19
 * sets them; ENABLE_WAVEFRONT_SIZE32 (kernel_code_properties bit 10). */
#define RDNA_DESCRIPTOR(w32)                                                                                         \
  .descriptor = {.vgpr_blocks_bits = 6, .vgpr_block = (w32) ? 8 : 4, .sgpr_blocks_shift = 6, .sgpr_blocks_bits = 0,  \
                 .sgpr_block = 8, .float_mode_shift = 12, .rsrc1_fixed = (1u << 29) | (1u << 30),                    \
                 .code_props_fixed = (w32) ? 1u << 10 : 0}

/* AMDGPUUsage "Memory Model GFX10-GFX11" code sequences (WGP mode, the
 * default), as llc-19 -mcpu=gfx1030 / gfx1100 emits them (LLVM
 * SIGfx10CacheControl / SIGfx11CacheControl): atomic loads bypass the
 * per-CU GL0 with glc at work-group scope (the work-group's waves may run
 * on both CUs of the WGP) and above, gfx10 also the per-shader-array GL1
 * with dlc at agent and system scope; stores and read-modify-writes
 * carry no bit (they go to L2; glc on an atomic means "return the old
 * value"). An acquire invalidates GL1 then GL0 at agent and system
 * scope, GL0 at work-group scope; a release is only the waits. Volatile
 * loads are glc dlc, gfx11's volatile stores dlc. */
#define RDNA_MM_AGENT(ld, vst)                                                                                     \
  {.load_cpol = (ld), .volatile_load_cpol = WAVECC_CPOL_SC0 | WAVECC_CPOL_SC1, .volatile_store_cpol = (vst),         \
   .num_acquire = 2, .acquire = {{ISA_BUFFER_GL1_INV, 0}, {ISA_BUFFER_GL0_INV, 0}}}
#define RDNA_MM_WORKGROUP {.load_cpol = WAVECC_CPOL_SC0, .num_acquire = 1, .acquire = {{ISA_BUFFER_GL0_INV, 0}}}
static const wavecc_scope_model gfx10_mem_model[WAVECC_NUM_SCOPES] = {
  [WAVECC_SCOPE_SYSTEM] = RDNA_MM_AGENT(WAVECC_CPOL_SC0 | WAVECC_CPOL_SC1, 0),
  [WAVECC_SCOPE_AGENT] = RDNA_MM_AGENT(WAVECC_CPOL_SC0 | WAVECC_CPOL_SC1, 0),
  [WAVECC_SCOPE_WORKGROUP] = RDNA_MM_WORKGROUP,
  [WAVECC_SCOPE_WAVEFRONT] = {0},
};
static const wavecc_scope_model gfx11_mem_model[WAVECC_NUM_SCOPES] = {
  [WAVECC_SCOPE_SYSTEM] = RDNA_MM_AGENT(WAVECC_CPOL_SC0, WAVECC_CPOL_SC1),
  [WAVECC_SCOPE_AGENT] = RDNA_MM_AGENT(WAVECC_CPOL_SC0, WAVECC_CPOL_SC1),
  [WAVECC_SCOPE_WORKGROUP] = RDNA_MM_WORKGROUP,
  [WAVECC_SCOPE_WAVEFRONT] = {0},
};
/* RDNA_BARRIER_BACK_OFF: gfx1030's s_barrier backs off (LLVM
 * FeatureBackOffBarrier): llc-19 -mcpu=gfx1030, wave32 and wave64, emits
 * no s_waitcnt before an s_barrier that no fence or s_waitcnt of the
 * program precedes, and waits after it for the loads' readers; gfx1100
 * does not (llc-19 waits vmcnt, lgkmcnt and vscnt before it, measured
 * 2026-11-29). Releases keep their own waits (gfx10_mem_model). */
/* The memory model and the spelling of the third cache bit (DLC). */
#define RDNA_MEM_MODEL(m) .mem_model = (m), .cpol_names = {NULL, NULL, "dlc"}

const wavecc_target wavecc_target_gfx1030 = {
  .name = "gfx1030", .elf_mach = 0x36, .encoding = WAVECC_ENC_GFX10,
  .description = "Navi 21 (RDNA 2), wave32 (wave64 with +wavefrontsize64), no XNACK, no SRAM ECC",
  .other_wave = &wavecc_target_gfx1030_w64,
  .wave_size = 32, .lane_mask_dwords = 1,
  .vgpr_granule = 16, .vgprs_per_simd = 1024,
  .cycle_costs = {RDNA_W32_ISSUE, GFX10_CYCLE_LATENCY},
  RDNA_COMMON, GFX10_COUNTERS,
  .sdwa = true, /* the GFX9 SDWA layout (RDNA 2 ISA guide "SDWA"); gfx11 has none */
  .buffer_rsrc_word3 = RSRC3_GFX10(2u),
  .flat_scratch_init = WAVECC_FS_SETREG, .flat_scratch_hwreg = 20, /* HW_REG_FLAT_SCR_LO */
  .has_private_segment_buffer = true,
  RDNA_DESCRIPTOR(1),
  RDNA_MEM_MODEL(gfx10_mem_model),
  .barrier_back_off = true, /* RDNA_BARRIER_BACK_OFF */
};

const wavecc_target wavecc_target_gfx1030_w64 = {
  .name = "gfx1030", .elf_mach = 0x36, .encoding = WAVECC_ENC_GFX10,
  .description = "Navi 21 (RDNA 2), wave64",
  .other_wave = &wavecc_target_gfx1030,
  .wave_size = 64, .lane_mask_dwords = 2,
  .vgpr_granule = 8, .vgprs_per_simd = 512,
  .cycle_costs = {RDNA_W64_ISSUE, GFX10_CYCLE_LATENCY},
  RDNA_COMMON, GFX10_COUNTERS,
  .sdwa = true, /* the GFX9 SDWA layout (RDNA 2 ISA guide "SDWA"); gfx11 has none */
  .buffer_rsrc_word3 = RSRC3_GFX10(3u),
  .flat_scratch_init = WAVECC_FS_SETREG, .flat_scratch_hwreg = 20,
  .has_private_segment_buffer = true,
  RDNA_DESCRIPTOR(0),
  RDNA_MEM_MODEL(gfx10_mem_model),
  .barrier_back_off = true, /* RDNA_BARRIER_BACK_OFF */
};

const wavecc_target wavecc_target_gfx1100 = {
  .name = "gfx1100", .elf_mach = 0x41, .encoding = WAVECC_ENC_GFX11,
  .description = "Navi 31 (RDNA 3), wave32 (wave64 with +wavefrontsize64), no XNACK, no SRAM ECC",
  .other_wave = &wavecc_target_gfx1100_w64,
  .packed_workitem_ids = true, .msg_dealloc_vgprs = 3,
  .wave_size = 32, .lane_mask_dwords = 1,
  .vgpr_granule = 24, .vgprs_per_simd = 1536,
  .cycle_costs = {RDNA_W32_ISSUE, GFX11_CYCLE_LATENCY},
  RDNA_COMMON, GFX11_COUNTERS,
  .buffer_rsrc_word3 = RSRC3_GFX11(2u),
  .flat_scratch_init = WAVECC_FS_ARCHITECTED,
  .has_private_segment_buffer = false,
  .alu_latency = {.valu = 5, .trans = 10, .f64 = 38, .salu = 2}, /* s_delay_alu (LLVM's GFX11 model) */
  .trans_use_valus = 5, /* GCNHazardRecognizer::fixVALUTransUseHazard's IntvMaxVALUs */
  .mad64_dst_apart = true, /* LLVM FeatureMADIntraFwdBug (gfx1100-gfx1103) */
  .vopd = true,         /* RDNA 3 ISA guide "VOPD"; wave32 only */
  RDNA_DESCRIPTOR(1),
  RDNA_MEM_MODEL(gfx11_mem_model),
};

const wavecc_target wavecc_target_gfx1100_w64 = {
  .name = "gfx1100", .elf_mach = 0x41, .encoding = WAVECC_ENC_GFX11,
  .description = "Navi 31 (RDNA 3), wave64",
  .other_wave = &wavecc_target_gfx1100,
  .packed_workitem_ids = true, .msg_dealloc_vgprs = 3,
  .wave_size = 64, .lane_mask_dwords = 2,
  .vgpr_granule = 12, .vgprs_per_simd = 768,
  .cycle_costs = {RDNA_W64_ISSUE, GFX11_CYCLE_LATENCY},
  RDNA_COMMON, GFX11_COUNTERS,
  .buffer_rsrc_word3 = RSRC3_GFX11(3u),
  .flat_scratch_init = WAVECC_FS_ARCHITECTED,
  .has_private_segment_buffer = false,
  .alu_latency = {.valu = 5, .trans = 10, .f64 = 38, .salu = 2}, /* s_delay_alu (LLVM's GFX11 model) */
  .trans_use_valus = 5, /* GCNHazardRecognizer::fixVALUTransUseHazard's IntvMaxVALUs */
  .valu_mask_write_hazard = true, .partial_forwarding_hazard = true, /* wave64 only */
  .mad64_dst_apart = true, /* LLVM FeatureMADIntraFwdBug (gfx1100-gfx1103) */
  RDNA_DESCRIPTOR(0),
  RDNA_MEM_MODEL(gfx11_mem_model),
};
