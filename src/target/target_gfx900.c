/* The gfx900 (Vega 10) target description; see target.h for the fields
 * and sources. */
#include "target/target.h"

#include <string.h>

/* AMDGPUUsage "Memory Model GFX6-GFX9" code sequences, as llc-19
 * -mcpu=gfx900 emits them (SIGfx6CacheControl): atomic loads at agent and
 * system scope carry glc (they bypass the CU's L1); an acquire at those
 * scopes waits for the access and invalidates the L1 with
 * buffer_wbinvl1_vol, so that later plain loads do not read lines that
 * another CU has since written through the L2. Stores and releases need
 * only the waits (the L1 is write-through). Workgroup and wavefront scope
 * need nothing: a work-group's waves share one CU's L1. */
static const wavecc_scope_model gfx900_mem_model[WAVECC_NUM_SCOPES] = {
  [WAVECC_SCOPE_SYSTEM] = {.load_cpol = WAVECC_CPOL_SC0, .num_acquire = 1, .acquire = {{ISA_BUFFER_WBINVL1_VOL, 0}}},
  [WAVECC_SCOPE_AGENT] = {.load_cpol = WAVECC_CPOL_SC0, .num_acquire = 1, .acquire = {{ISA_BUFFER_WBINVL1_VOL, 0}}},
  [WAVECC_SCOPE_WORKGROUP] = {0},
  [WAVECC_SCOPE_WAVEFRONT] = {0},
};

const wavecc_target wavecc_target_gfx900 = {
  .name = "gfx900",
  .elf_mach = 0x2c, /* EF_AMDGPU_MACH_AMDGCN_GFX900 (AMDGPUUsage, "ELF Header") */
  .encoding = WAVECC_ENC_GFX9,

  .wave_size = 64,
  .has_xnack = true,
  .vgpr_index_mode = true,
  .has_sramecc = false,
  .description = "Vega 10 (GCN 5), wave64, XNACK capable, no SRAM ECC",
  .other_wave = NULL,
  .packed_workitem_ids = false,
  .lane_mask_dwords = 2,
  .exec_reg = 126, /* EXEC_LO; EXEC_HI 127 (Vega ISA guide 12.x "SSRC") */
  .vcc_reg = 106,  /* VCC_LO; VCC_HI 107 */
  .const_bus_limit = 1, /* one SGPR or literal per VALU instruction; no VOP3 literal */
  .sdwa = true,

  .vgprs = 256,
  .vgpr_granule = 4,
  .vgprs_per_simd = 256,
  .addressable_sgprs = 102, /* s0..s101; FLAT_SCRATCH is s[102:103] */
  .sgpr_granule = 16,       /* LLVM getSGPRAllocGranule, VI and later */
  .sgprs_per_simd = 800,
  .reserved_sgprs = 4,      /* VCC (2) and XNACK_MASK (2): gfx900 supports XNACK */
  .xnack_mask_sgprs = 2,
  .flat_scratch_sgprs = 2,
  .max_waves_per_simd = 10,
  .simds_per_cu = 4,
  .max_workgroups_per_cu = 16, /* LLVM getMaxWorkGroupsPerCU */
  .lds_bytes = 65536,
  /* Occupancy cycle model (wavecc_cycle_costs): a SIMD16 issues a wave64
   * VALU instruction over 4 cycles (AMD "GCN Architecture" whitepaper,
   * 2012: "a wavefront ... takes 4 cycles to execute operations for all 64
   * work items"); transcendentals quarter rate, 16 (LLVM SISchedule.td
   * WriteTrans32); f64 16 as since issue 27 -- Vega 10 runs f64 at 1/16 of
   * the f32 rate (AMD's Vega 64 peak figures), so 16 understates it: kept
   * unchanged, uncertain. Latency: a wave's next VALU instruction issues
   * after the 4-cycle cadence, when the result is ready: no stall. */
  .cycle_costs = {.issue = {4, 16, 16}, .latency = {0, 0, 0}},

  /* s_waitcnt simm16 (Vega ISA guide, "S_WAITCNT"): vmcnt[3:0] at [3:0]
   * and vmcnt[5:4] at [15:14], expcnt at [6:4], lgkmcnt at [11:8]. */
  .counters = {
    [WAVECC_CNT_VM] = {6, 0, 4, 14},
    [WAVECC_CNT_EXP] = {3, 4, 3, 0},
    [WAVECC_CNT_LGKM] = {4, 8, 4, 0},
    [WAVECC_CNT_VS] = {0, 0, 0, 0}, /* none: stores are counted by vmcnt */
  },
  .hazard_waits = {
    [WAVECC_HZ_VALU_SGPR_LANESEL] = 4,
    [WAVECC_HZ_VALU_VCC_DIV_FMAS] = 4,
    [WAVECC_HZ_VALU_SGPR_VMEM] = 5,
    [WAVECC_HZ_SALU_M0] = 1,
    [WAVECC_HZ_SETREG] = 2,
    [WAVECC_HZ_VMEM_STORE_DATA] = 1,
    [WAVECC_HZ_VALU_VGPR_DPP] = 2,
    [WAVECC_HZ_VALU_EXEC_DPP] = 5,
  },

  .mode = {.fp_round_shift = 0, .fp_denorm_shift = 4, .dx10_clamp_bit = 8, .ieee_bit = 9, .hwreg_id = 1,
           .fpmode_bits = 24, .fpmode_mask = 0x87f3ff},
  .default_float_mode = 0xf0,

  /* Vega ISA guide 8.1.5 "Buffer Resource", word 3: NUM_FORMAT [14:12] = 4
   * (UINT), DATA_FORMAT [18:15] = 4 (32), INDEX_STRIDE [22:21] = 3 (64: one
   * element per lane of a wave64), ADD_TID_ENABLE [23]: the swizzled
   * per-lane scratch layout (AMDGPUUsage "Private Segment Buffer"). */
  .buffer_rsrc_word3 = (3u << 21) | (1u << 23) | (4u << 15) | (4u << 12),
  .typed_buffer_gfx9 = true,
  .mem_model = gfx900_mem_model,
  .flat_scratch_reg = 102,
  .max_scratch_wave_kib = 8191, .gds_bytes = 65536,
  .flat_scratch_init = WAVECC_FS_SGPR_PAIR,
  .has_private_segment_buffer = true,
  .unaligned_global = true,
  .descriptor = {.vgpr_blocks_bits = 6, .vgpr_block = 4, .sgpr_blocks_shift = 6, .sgpr_blocks_bits = 4, .sgpr_block = 8,
                 .float_mode_shift = 12},
};
