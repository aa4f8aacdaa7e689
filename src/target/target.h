/* The target description: the facts about one GPU that the compiler and
 * the emulator read instead of assuming them (wave size, register files,
 * counters, hazards, MODE, descriptors). One const instance per processor
 * and wave size (target_gfx900.c, target_rdna.c: an RDNA processor has a
 * wave32 instance, its default, and a wave64 one, reached through
 * wavecc_target_variant); the ISA table (isa.h) holds the per-opcode facts.
 *
 * Sources: AMDGPUUsage ("Processors", "Kernel Descriptor", "Initial Kernel
 * Execution State", "Memory Model GFX9", "Private Segment Buffer"), the
 * Vega ISA guide (3.x "Wave State" / "MODE", 4.4 "Data Dependency
 * Resolution", 4.5 "Manually Inserted Wait States", 8.1.5 "Buffer
 * Resource"), the RDNA 2 and RDNA 3 ISA guides (the same chapters), and LLVM's AMDGPU subtarget tables (GCNSubtarget,
 * AMDGPUBaseInfo) for what llc-19 assumes of each processor. */
#ifndef WAVECC_TARGET_TARGET_H
#define WAVECC_TARGET_TARGET_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "target/isa.h"

/* Instruction encoding family (which microcode formats, opcode maps). */
typedef enum wavecc_encoding {
  WAVECC_ENC_GFX9,   /* Vega: SOP*, SMEM, VOP1/2/C/3/3P, DS, MUBUF, FLAT/GLOBAL/SCRATCH */
  WAVECC_ENC_GFX90A, /* CDNA 2: GFX9 formats, AGPR (acc) bits, MFMA, packed FP32 */
  WAVECC_ENC_GFX940, /* CDNA 3: GFX90A plus sc0/sc1/nt cache bits, fp8/xf32 MFMA */
  WAVECC_ENC_GFX10,  /* RDNA 1/2: GFX10 formats and opcode maps */
  WAVECC_ENC_GFX11,  /* RDNA 3: GFX11 formats and opcode maps */
  WAVECC_NUM_ENCODINGS
} wavecc_encoding;

/* Wait counters (s_waitcnt fields). */
typedef enum wavecc_counter {
  WAVECC_CNT_VM,   /* vector memory loads/stores/atomics (in order) */
  WAVECC_CNT_EXP,  /* exports and GDS */
  WAVECC_CNT_LGKM, /* LDS, GDS, constant (SMEM) and messages (out of order for SMEM) */
  WAVECC_CNT_VS,   /* GFX10+: vector memory stores and returnless atomics, waited for by
                      s_waitcnt_vscnt (its simm16 holds the count); vmcnt then counts loads
                      and returning atomics only. 0 bits: no such counter (gfx9, stores in vmcnt) */
  WAVECC_NUM_COUNTERS
} wavecc_counter;

typedef struct wavecc_counter_field {
  uint8_t bits;        /* width: the counter saturates at 2^bits - 1, which also means "no wait";
                          0: the target has no such counter */
  uint8_t lo_shift;    /* bit position of the low part in the s_waitcnt simm16 (for
                          WAVECC_CNT_VS: in s_waitcnt_vscnt's simm16) */
  uint8_t lo_bits;     /* width of the low part */
  uint8_t hi_shift;    /* bit position of the high part (0 if none) */
} wavecc_counter_field;

/* Hazards that need software wait states (s_nop) on the target, and how
 * many (0: interlocked in hardware or absent). Vega ISA guide 4.5. */
typedef enum wavecc_hazard {
  WAVECC_HZ_VALU_SGPR_LANESEL, /* VALU writes an SGPR/VCC -> v_readlane/v_writelane lane select */
  WAVECC_HZ_VALU_VCC_DIV_FMAS, /* VALU writes VCC -> v_div_fmas */
  WAVECC_HZ_VALU_SGPR_VMEM,    /* VALU writes an SGPR -> VMEM reads it (resource, offset, saddr) */
  WAVECC_HZ_SALU_M0,           /* SALU writes M0 -> s_sendmsg, GDS, LDS add-TID, s_movrel */
  WAVECC_HZ_SETREG,            /* s_setreg -> s_getreg or s_setreg */
  WAVECC_HZ_VMEM_STORE_DATA,   /* VMEM store of more than 64 data bits -> VALU writes those VGPRs */
  WAVECC_HZ_VALU_VGPR_DPP,     /* VALU writes a VGPR -> a DPP instruction reads it (Vega ISA guide 4.5: 2) */
  WAVECC_HZ_VALU_EXEC_DPP,     /* VALU writes EXEC -> a DPP instruction (Vega ISA guide 4.5: 5; "ALU does not
                                  forward EXEC to DPP") */
  WAVECC_NUM_HAZARDS
} wavecc_hazard;

/* MODE register layout (Vega ISA guide, "MODE"). The FP fields also form
 * the kernel descriptor's FLOAT_MODE byte (isa.h isa_mode_field). */
typedef struct wavecc_mode_layout {
  uint8_t fp_round_shift;   /* FP_ROUND: 2 bits f32, 2 bits f16/f64 */
  uint8_t fp_denorm_shift;  /* FP_DENORM: 2 bits f32, 2 bits f16/f64 */
  uint8_t dx10_clamp_bit;
  uint8_t ieee_bit;
  uint8_t hwreg_id;         /* s_getreg/s_setreg id of MODE */
  uint8_t fpmode_bits;      /* llvm.get.fpmode: MODE bits 0..fpmode_bits-1 read ... */
  uint32_t fpmode_mask;     /* ... and masked to the FP fields (round, denorm, DX10_CLAMP, IEEE,
                               exception enables, FP16_OVFL), as llc-19 lowers it */
} wavecc_mode_layout;

/* Kernel descriptor fields that depend on the processor (AMDGPUUsage,
 * "Kernel Descriptor" for the processor's generation). */
typedef struct wavecc_descriptor_layout {
  uint8_t vgpr_blocks_bits;   /* COMPUTE_PGM_RSRC1 GRANULATED_WORKITEM_VGPR_COUNT width (at bit 0) */
  uint8_t vgpr_block;         /* its granule in VGPRs */
  uint8_t sgpr_blocks_shift;  /* GRANULATED_WAVEFRONT_SGPR_COUNT position */
  uint8_t sgpr_blocks_bits;
  uint8_t sgpr_block;         /* its granule in SGPRs (what llvm-mc-19 writes) */
  uint8_t float_mode_shift;   /* FLOAT_MODE byte in RSRC1 */
  /* GFX10+: no SGPR count field (sgpr_blocks_bits 0: write 0 there) and
   * these bits that llc-19 sets on every kernel: RSRC1 WGP_MODE (29) and
   * MEM_ORDERED (30) (FWD_PROGRESS, 31, stays 0), kernel_code_properties
   * ENABLE_WAVEFRONT_SIZE32 (10) for a wave32 instance. */
  uint32_t rsrc1_fixed;
  uint16_t code_props_fixed;
} wavecc_descriptor_layout;

/* How a kernel's FLAT_SCRATCH (the base flat scratch and scratch_*
 * instructions use) gets set (AMDGPUUsage "Flat Scratch"). */
typedef enum wavecc_flat_scratch_init {
  WAVECC_FS_SGPR_PAIR, /* gfx9: the kernel adds the wave offset to the flat-scratch-init user
                          SGPRs and writes the FLAT_SCRATCH SGPR pair (flat_scratch_reg) */
  WAVECC_FS_SETREG,    /* gfx10: the same sum written with s_setreg_b32 to hwregs
                          HW_REG_FLAT_SCR_LO/HI (flat_scratch_hwreg, +1) */
  WAVECC_FS_ARCHITECTED, /* gfx11: set by the hardware when the descriptor enables the private
                          segment; no private segment buffer, no wave offset SGPR */
} wavecc_flat_scratch_init;

/* Result latencies in issue cycles of the ALU kinds gfx11's s_delay_alu
 * names (src/passes/delay_alu.c), as LLVM's GFX11 scheduling model gives
 * them to AMDGPUInsertDelayAlu: VALU 5, TRANS 10, f64 VALU 38, SALU 2.
 * All zero: the processor has no s_delay_alu. */
typedef struct wavecc_alu_latency {
  uint8_t valu, trans, f64, salu;
} wavecc_alu_latency;

/* The emulator's occupancy cycle model (src/emu/cycle_model.c) prices a
 * VALU instruction of this processor at this wave size by its kind
 * (WAVECC_VK_*: full rate, transcendental, f64; the ISA table's cost class).
 * issue: cycles the SIMD is busy issuing it. latency: cycles from its issue
 * to when an instruction of the same wave that reads its VGPR result can
 * issue; 0 when the issue cadence already covers it (GCN: a wave's next
 * instruction issues 4 cycles later, after the result is written). Sources
 * are at each target's values. */
enum { WAVECC_VK_FULL, WAVECC_VK_TRANS, WAVECC_VK_F64, WAVECC_NUM_VK };
typedef struct wavecc_cycle_costs {
  uint8_t issue[WAVECC_NUM_VK];
  uint8_t latency[WAVECC_NUM_VK];
} wavecc_cycle_costs;

/* Memory-model scopes of LLVM's syncscope (AMDGPUUsage "Memory Scopes";
 * singlethread is taken as wavefront). */
typedef enum wavecc_scope {
  WAVECC_SCOPE_SYSTEM,    /* "" and "one-as" */
  WAVECC_SCOPE_AGENT,
  WAVECC_SCOPE_WORKGROUP,
  WAVECC_SCOPE_WAVEFRONT, /* and singlethread */
  WAVECC_NUM_SCOPES
} wavecc_scope;

/* Vector-memory cache-policy bits (the instruction's CPol field): bit 0 is
 * GLC on gfx9/gfx90a/RDNA and SC0 on gfx942, bit 1 SLC / NT, bit 2 gfx942's
 * SC1 (gfx90a's SCC, RDNA's DLC). */
enum { WAVECC_CPOL_SC0 = 1u << 0, WAVECC_CPOL_NT = 1u << 1, WAVECC_CPOL_SC1 = 1u << 2 };

/* A cache maintenance instruction of the memory model: an isa_op and the
 * cache-policy bits it carries (buffer_inv sc1). */
typedef struct wavecc_cache_op {
  uint16_t op;   /* isa_op */
  uint8_t cpol;  /* WAVECC_CPOL_* */
} wavecc_cache_op;

/* The code sequences of one scope of a target's memory model for global
 * and generic (flat) memory (AMDGPUUsage "Memory Model GFX90A" / "GFX942"
 * code-sequence tables, non-tgsplit; "Memory Model GFX10-GFX11", WGP mode;
 * LDS needs only the waits). A release
 * runs `release` then waits for all memory; an acquire waits for the
 * access then runs `acquire` in order. */
typedef struct wavecc_scope_model {
  uint8_t load_cpol;     /* cache bits of an atomic load */
  uint8_t store_cpol;    /* ... of an atomic store */
  uint8_t rmw_cpol;      /* ... of an atomic read-modify-write (SC0 = return the old value is added
                            on gfx942; GLC on gfx90a) */
  uint8_t volatile_load_cpol, volatile_store_cpol; /* system-scope entry only: the bits of a volatile load / store
                                                      (RDNA: glc dlc on loads, gfx11 dlc on stores); both 0: glc |
                                                      the system scope's load_cpol for both (gfx9: glc, gfx942:
                                                      sc0 sc1) */
  uint8_t num_acquire, num_release;
  wavecc_cache_op acquire[2]; /* invalidates after an acquire's wait (gfx90a system: buffer_invl2, then
                                 buffer_wbinvl1_vol; RDNA agent: buffer_gl1_inv, then buffer_gl0_inv) */
  wavecc_cache_op release[1]; /* writeback before a release's wait (buffer_wbl2) */
  /* The wait of a release (fence, store, read-modify-write) and of an
   * acquire fence at this scope covers only LDS (s_waitcnt lgkmcnt(0)),
   * not vector memory: all waves of a work-group run on one CU and share
   * its vector L1, which keeps their accesses in order (gfx90a / gfx942
   * outside tgsplit mode, which wavecc does not support: AMDGPUUsage
   * "Memory Model GFX90A" and "GFX942" code sequences, rows fence
   * release / acq_rel / seq_cst, store atomic release, atomicrmw
   * release / acq_rel at workgroup scope: "s_waitcnt lgkm/vmcnt(0) - Use
   * lgkmcnt(0) if not TgSplit execution mode and vmcnt(0) if TgSplit
   * execution mode"; llc-19 -mcpu=gfx90a / gfx942 emit lgkmcnt(0)).
   * false: the release waits for everything (s_waitcnt 0). */
  bool release_waits_lds_only;
} wavecc_scope_model;

typedef struct wavecc_target wavecc_target;
struct wavecc_target {
  const char *name;             /* -mcpu name, "gfx900" */
  uint32_t elf_mach;            /* EF_AMDGPU_MACH_* in the code object's e_flags */
  wavecc_encoding encoding;

  /* Wave and lane masks. */
  unsigned wave_size;           /* lanes per wave */
  bool has_xnack;               /* the XNACK target-ID feature exists (AMDGPUUsage "Processors") */
  bool has_sramecc;             /* the SRAMECC target-ID feature exists */
  const char *description;      /* one line for -mcpu=help */
  const struct wavecc_target *other_wave; /* the same processor at its other wave size (RDNA:
                                   wave32 <-> wave64); NULL if the wave size is fixed */
  unsigned msg_dealloc_vgprs;   /* s_sendmsg id of MSG_DEALLOC_VGPRS (gfx11: 3, sent before s_endpgm;
                                   AMDGPUUsage / LLVM SIDefines ID_DEALLOC_VGPRS_GFX11Plus); 0: none */
  bool packed_workitem_ids;     /* gfx11: v0 holds x | y << 10 | z << 20 (AMDGPUUsage "Initial
                                   Kernel Execution State"); else v0, v1, v2 */
  unsigned lane_mask_dwords;    /* SGPRs a lane mask occupies (EXEC, VCC, v_cmp results) */
  unsigned exec_reg, vcc_reg;   /* scalar operand codes of EXEC_LO and VCC_LO */
  bool has_sgpr_null;           /* RDNA: the NULL scalar operand (reads 0, writes ignored; code 125 on
                                   GFX10, 124 on GFX11 where M0 moved to 125) */
  /* VALU operand rules (Vega ISA guide 6.x and RDNA 2 ISA guide 6.x "Constant Bus"; LLVM
   * GCNSubtarget::getConstantBusLimit, hasVOP3Literal; confirmed with llvm-mc-19). */
  uint8_t const_bus_limit;      /* scalar values one VALU instruction may read: distinct SGPRs (VCC, EXEC,
                                   M0 included; NULL not), distinct literals and an implicit VCC; gfx9 and
                                   CDNA 1, GFX10+ 2 (opcodes with ISA_F_BUS1: 1; wavecc_const_bus_limit) */
  bool vop3_literal;            /* a VOP3 instruction may carry one 32-bit literal (GFX10+; not VOP3P here) */
  /* SDWA: VOP1/VOP2 sources may select a byte or half-word of their dword
   * (src0_sel:BYTE_1 ...; Vega ISA guide 12.x "SDWA", the RDNA 2 ISA guide's
   * is the same layout; GFX11 dropped it). gfx9 and GFX10 have it (LLVM
   * FeatureSDWA; llvm-mc-19 accepts it at gfx90a and gfx942 too, but
   * wavecc enables it only on the GPUs its corpus was run at with it).
   * Pass sdwa folds byte and half-word extracts into their readers. */
  bool sdwa;
  /* DPP16 controls (mir_dpp_controls; Vega ISA guide 12.x "DPP", RDNA 2/3
   * guides "DPP16"): gfx9 and CDNA have the wave-wide shifts and rotates
   * (wave_shl/rol/shr/ror:1) and row_bcast:15/31; GFX10+ dropped those and
   * added row_share, row_xmask, the FI bit and DPP8 (dpp_gfx10 true). LLVM
   * 19 isLegalDPPControl / AMDGPUAsmParser::isSupportedDPPCtrl agree. */
  bool dpp_gfx10;
  /* CDNA 2/3 (gfx90a, gfx942): DPP_CTRL 0x150-0x15f is row_newbcast:n,
   * every lane of a row reading the row's lane n (GFX10's row_share code;
   * LLVM FeatureGFX90AInsts, llvm-mc-19 -mcpu=gfx90a/gfx942) */
  bool dpp_row_newbcast;

  /* Register files. */
  unsigned vgprs;               /* VGPRs per lane a wave can address */
  unsigned vgpr_granule;        /* allocation granule */
  unsigned vgprs_per_simd;      /* per lane, shared by the SIMD's waves (occupancy) */
  unsigned addressable_sgprs;   /* s0..s(N-1) usable as general SGPRs (below FLAT_SCRATCH) */
  unsigned sgpr_granule;        /* allocation granule (occupancy) */
  unsigned sgprs_per_simd;      /* (occupancy) */
  unsigned reserved_sgprs;      /* counted in NumSgprs beyond the highest used: VCC + XNACK_MASK */
  unsigned xnack_mask_sgprs;    /* of those, XNACK_MASK's: not counted for xnack off (-mattr=-xnack) */
  unsigned flat_scratch_sgprs;  /* ... plus FLAT_SCRATCH when flat scratch is set up */
  unsigned max_waves_per_simd;
  unsigned simds_per_cu;
  unsigned max_workgroups_per_cu;
  unsigned lds_bytes;           /* LDS per work-group (and per CU) */

  /* Counters and hazards. */
  wavecc_counter_field counters[WAVECC_NUM_COUNTERS];
  bool flat_lgkm_in_order;      /* a FLAT-segment access (not GLOBAL/SCRATCH) counts in lgkmcnt as well
                                   as vmcnt/vscnt, in order with LDS accesses (GFX10+: LLVM
                                   hasFlatLgkmVMemCountInOrder, ACO's unordered events exclude FLAT
                                   from GFX10); false: out of order, only lgkmcnt(0) orders it (gfx9) */
  uint8_t hazard_waits[WAVECC_NUM_HAZARDS];
  wavecc_alu_latency alu_latency; /* gfx11: s_delay_alu (zero elsewhere) */
  wavecc_cycle_costs cycle_costs; /* the emulator's occupancy cycle model (see the type) */
  uint8_t trans_use_valus;      /* gfx11 VALUTransUseHazard: a VALU read of a TRANS result with at most this
                                   many VALUs (and one TRANS) between needs s_waitcnt_depctr va_vdst(0)
                                   (src/passes/hazards_gfx11.c); 0: no such hazard */
  /* gfx11 wave64 hazards (LLVM GCNHazardRecognizer fixVALUMaskWriteHazard and
   * fixVALUPartialForwardingHazard: both return early unless wave64; llc-19
   * -run-pass=post-RA-hazard-rec inserts nothing for them in wave32 or on gfx1030):
   * an SALU write of an SGPR a VALU read as a lane mask needs s_waitcnt_depctr
   * sa_sdst(0) after it; a VALU reading two VGPRs written by VALUs on either side of an
   * SALU EXEC write, within the rule's intervals, needs s_waitcnt_depctr va_vdst(0). */
  bool valu_mask_write_hazard, partial_forwarding_hazard;
  /* The MAD_U64/I64 intra-instruction forwarding bug (LLVM
   * FeatureMADIntraFwdBug, gfx1100-gfx1103): the destination of
   * v_mad_u64_u32 / v_mad_i64_i32 must not overlap any of its sources
   * (llc-19 gives them an early-clobber vdst there; gfx1030 and gfx1150
   * reuse a source: measured with llc-19, 2026-11-29). wavecc_dst_apart. */
  bool mad64_dst_apart;
  /* VGPR index mode: s_set_gpr_idx_on <sgpr>, gpr_idx(SRC0|DST) makes the
   * following VALU instructions add M0[7:0] to that operand's VGPR number
   * until s_set_gpr_idx_off (Vega ISA guide 4.6 "Indexing" / "GPR Indexing";
   * gfx9 and CDNA: llvm-mc-19 refuses v_movrels there and RDNA has no
   * s_set_gpr_idx_*). A private vector indexed by a uniform value is read
   * and written in place (isel_vector_index.c, passes/gpr_index.c). */
  bool vgpr_index_mode;
  /* M0-relative VGPR moves instead (GFX10+: RDNA 2 / RDNA 3 ISA guides
   * "VGPR Indexing"; llc-19 at gfx10/gfx11): v_movrels_b32 vd, vs reads
   * VGPR[vs + M0], v_movreld_b32 vd, vs writes VGPR[vd + M0]; the same
   * indexed private vectors, M0 set from the index before each access. */
  bool vgpr_movrel;
  bool vopd;                    /* dual-issue VOPD: two VOP1/VOP2 operations in one instruction (gfx11 wave32;
                                   wave64 already issues over two passes and llc-19 pairs nothing there:
                                   GCNCreateVOPD needs wave32). src/passes/vopd.c */

  wavecc_mode_layout mode;
  uint32_t default_float_mode;  /* FLOAT_MODE llc-19 writes: denormals kept, round to nearest */

  /* Memory. */
  uint32_t buffer_rsrc_word3;   /* word 3 of the private segment buffer V# (formats, index stride, add-tid) */
  /* Typed buffer access (buffer_{load,store}_format_*, d16 forms) with the
   * GFX9 V# word 3 layout: DST_SEL_X..W [11:0], NUM_FORMAT [14:12],
   * DATA_FORMAT [18:15] (Vega ISA guide 8.1.5). False: typed accesses are
   * refused (RDNA's unified FORMAT field; CDNA not tested). */
  bool typed_buffer_gfx9;
  unsigned flat_scratch_reg;    /* scalar operand code of FLAT_SCRATCH_LO; its pair is set up by the
                                   kernel from the flat-scratch-init user SGPRs (no architected scratch) */
  unsigned max_scratch_wave_kib; /* scratch per wave the WAVESIZE field can describe */
  unsigned gds_bytes;           /* global data share per device (GDS atomics, ds_append on GDS; emulator) */
  wavecc_flat_scratch_init flat_scratch_init;
  unsigned flat_scratch_hwreg;  /* WAVECC_FS_SETREG: hwreg id of FLAT_SCR_LO (FLAT_SCR_HI = +1) */
  bool has_private_segment_buffer; /* the private segment buffer user SGPRs exist (not gfx11) */
  bool unaligned_global;        /* global (and constant-through-VMEM) accesses of any size work at any
                                   byte address: FeatureUnalignedBufferAccess, which every GFX9+ processor
                                   has, plus the unaligned-access-mode the HSA runtime sets
                                   (SH_MEM_CONFIG.ALIGNMENT_MODE); not flat (it may reach LDS/scratch) */
  wavecc_descriptor_layout descriptor;
  /* s_barrier backs off when an exception arrives, so a wave may reach it
   * with memory accesses outstanding (LLVM FeatureBackOffBarrier: gfx90a,
   * gfx942, gfx1030; llc-19 emits no s_waitcnt before their s_barrier). false: the
   * barrier needs every counter at 0 first (gfx900: llc-19 SIInsertWaitcnts
   * waits for everything before an s_barrier without the feature). Only
   * the hardware rule: memory ordering across a barrier is the fences'. */
  bool barrier_back_off;
  /* The memory model per wavecc_scope (NULL: gfx9's model as wavecc has
   * always applied it: GLC on every atomic load and store, fences are
   * waits, no cache invalidates). */
  const wavecc_scope_model *mem_model;
  /* Assembly spellings of the vector-memory cache bits WAVECC_CPOL_SC0, _NT,
   * _SC1 (gfx9: glc, slc; gfx942: sc0, nt, sc1; RDNA: glc, slc, dlc); NULL entries print gfx9's. */
  const char *cpol_names[3];
  /* NumSgprs counts FLAT_SCRATCH whether or not the kernel initialises it
   * (LLVM getNumExtraSGPRs with FeatureArchitectedFlatScratch on GFX9:
   * gfx942, VCC + XNACK_MASK + FLAT_SCRATCH = 6). */
  bool flat_scratch_sgprs_always;

  /* CDNA (gfx90a, gfx942; issue 25); zero on processors without them.
   * AMDGPUUsage "Kernel Descriptor" (COMPUTE_PGM_RSRC3 for GFX90A/GFX942);
   * the CDNA 2/3 ISA guides, "VGPRs and AccVGPRs". */
  unsigned agprs;                 /* accumulation VGPRs a0.. per lane; in the unified file they start at the
                                     descriptor's ACCUM_OFFSET, after the ArchVGPRs (0: no AGPRs) */
  unsigned accum_offset_granule;  /* RSRC3 ACCUM_OFFSET [5:0] = offset / granule - 1 */
  unsigned vgpr_tuple_align;      /* 64-bit and wider VGPR/AGPR operands start at a multiple of this (0/1: any) */

  /* Float atomics on global and flat memory (which instructions exist is
   * the encoding table's: global_atomic_add_f32, _pk_add_f16, _min_f64 ...).
   * AMDGPUUsage "Memory Model" and the LLVM 19 SITargetLowering::
   * shouldExpandAtomicRMWInIR conditions, checked per GPU with llc-19
   * (expand_atomics.c wir_float_atomic_native):
   * - fp_atomic_add_any_memory: f32 and f64 add work on any memory (also
   *   fine-grained, at system scope), so they need no permission
   *   ("amdgpu-unsafe-fp-atomics"): gfx942 (LLVM hasGFX940Insts; llc-19
   *   selects global/flat_atomic_add_f32/f64 with neither attribute nor
   *   metadata). False: only where the IR allows them.
   * - fp_atomic_add_f32_ftz: the global/buffer f32 add ignores MODE and
   *   flushes f32 denormals, inputs and result (gfx90a: LLVM "global FP
   *   atomic instructions have a hardcoded FP mode and do not support FP32
   *   denormals"; gfx942 and gfx11 keep them, LLVM
   *   FeatureMemoryAtomicFAddF32DenormalSupport). The emulator flushes
   *   (exec_mem.c); without "amdgpu-unsafe-fp-atomics", which accepts
   *   that, selection uses it only when the function flushes f32 denormals. */
  bool fp_atomic_add_any_memory;
  bool fp_atomic_add_f32_ftz;
};

/* The descriptions wavecc knows: gfx900; gfx1030 and gfx1100 in wave32
 * (their default) and wave64. */
extern const wavecc_target wavecc_target_gfx900;
extern const wavecc_target wavecc_target_gfx1030, wavecc_target_gfx1030_w64;
extern const wavecc_target wavecc_target_gfx1100, wavecc_target_gfx1100_w64;
/* CDNA 2 (MI200) and CDNA 3 (MI300), wave64 (target_gfx90a.c, target_gfx942.c). */
extern const wavecc_target wavecc_target_gfx90a, wavecc_target_gfx942;

/* The description of -mcpu `name`; NULL if wavecc does not know it. */
const wavecc_target *wavecc_target_by_name(const char *name);
/* t's processor at `wave_size` lanes (t itself if it already is); NULL
 * when the processor has no such wave size (gfx9: 64 only). */
const wavecc_target *wavecc_target_variant(const wavecc_target *t, unsigned wave_size);
/* t with the target features of an llc-style feature string applied in
 * order ("+wavefrontsize64,-xnack": '+'/'-' and a name, comma separated;
 * a function's "target-features" or -mattr): the wave64 or wave32 instance
 * of t's processor. NULL when the string is malformed or asks for
 * something t's processor cannot do; then `why` (n bytes) says what. */
const wavecc_target *wavecc_target_with_features(const wavecc_target *t, const char *features, char *why, size_t n);
/* The GCN/RDNA generation (6 for gfx6 "SI" .. 12) of any processor name
 * LLVM 19's AMDGPU target knows, supported by wavecc or not: "gfxNNN"
 * names by their leading digits, the marketing names of gfx6-gfx8 (tahiti,
 * bonaire, fiji, ...) by LLVM's AMDGPU.td processor list. 0: unknown. */
unsigned wavecc_processor_generation(const char *name);
/* The i-th processor wavecc supports (0-based), NULL past the last: for
 * listing them (-mcpu=help). */
const wavecc_target *wavecc_target_at(unsigned i);

/* Scalar values (target.h const_bus_limit) a VALU instruction `op` may
 * read on t: 1 for the opcodes the ISA table marks ISA_F_BUS1 (the 64-bit
 * shifts keep the one-value rule on GFX10+), else the target's limit. */
static inline unsigned wavecc_const_bus_limit(const wavecc_target *t, unsigned op) {
  return op < ISA_NUM_OPS && (isa_table[op].flags & ISA_F_BUS1) ? 1u : t->const_bus_limit;
}

/* A lane mask with the low `lanes` bits set (lanes <= 64). */
/* Must instruction `op`'s destination stay off all its source registers on
 * target t (wavecc_target.mad64_dst_apart)? Read by the allocator's
 * constraint pass (src/ra/dst_apart.c), copy-cleanup and the emulator. */
static inline bool wavecc_dst_apart(const wavecc_target *t, unsigned op) {
  return t->mad64_dst_apart && (op == ISA_V_MAD_U64_U32 || op == ISA_V_MAD_I64_I32);
}

static inline uint64_t wavecc_lanes_all(unsigned lanes) { return lanes >= 64 ? ~0ull : (1ull << lanes) - 1; }

/* Counter c's largest count (also its "no wait" value). */
static inline unsigned wavecc_counter_max(const wavecc_target *t, wavecc_counter c) { return (1u << t->counters[c].bits) - 1; }
/* Counter c's field of an s_waitcnt simm16. */
static inline unsigned wavecc_waitcnt_get(const wavecc_target *t, wavecc_counter c, uint32_t simm16) {
  const wavecc_counter_field *f = &t->counters[c];
  unsigned lo = (simm16 >> f->lo_shift) & ((1u << f->lo_bits) - 1);
  unsigned hi_bits = f->bits - f->lo_bits;
  unsigned hi = hi_bits ? (simm16 >> f->hi_shift) & ((1u << hi_bits) - 1) : 0;
  return lo | hi << f->lo_bits;
}

/* Is counter c a field of t's s_waitcnt simm16? Not when t lacks it, nor
 * vscnt, which has an instruction of its own (s_waitcnt_vscnt); the
 * encode/decode below leave such counters out. */
static inline bool wavecc_counter_in_waitcnt(const wavecc_target *t, wavecc_counter c) {
  return t->counters[c].bits && c != WAVECC_CNT_VS;
}
/* Assembler name of counter c: "vmcnt", "expcnt", "lgkmcnt" (the s_waitcnt
 * operand syntax, vmcnt(N) lgkmcnt(M)), "vscnt". */
const char *wavecc_counter_name(wavecc_counter c);
/* Decodes an s_waitcnt simm16 into cnt[c] for every counter of the simm16;
 * the others get their maximum (no wait). */
void wavecc_waitcnt_decode(const wavecc_target *t, uint32_t simm16, unsigned cnt[WAVECC_NUM_COUNTERS]);
/* The s_waitcnt simm16 waiting until each counter c of the simm16 is at
 * most cnt[c] (a value at the counter's maximum: no wait); bits outside
 * the fields are 0 (as llvm-mc encodes them). Values are truncated to the
 * field's width; callers keep them at most wavecc_counter_max. */
uint16_t wavecc_waitcnt_encode(const wavecc_target *t, const unsigned cnt[WAVECC_NUM_COUNTERS]);
/* The simm16 that waits for nothing (every counter at its maximum). */
uint16_t wavecc_waitcnt_none(const wavecc_target *t);

/* ---- MFMA dependencies (target_mfma.c) ----------------------------------
 * An MFMA's passes, whether it is a DGEMM (f64) and whether it runs on
 * the XDL unit (gfx942 distinguishes them); false for a non-MFMA op or one
 * the target's tables do not time. */
typedef struct wavecc_mfma_info {
  unsigned passes;
  bool dgemm, xdl;
} wavecc_mfma_info;
bool wavecc_mfma_timing(const wavecc_target *t, unsigned op, wavecc_mfma_info *out);
/* How a later instruction depends on an earlier one. The first group has
 * an MFMA `m` as the earlier instruction: its D is read by a VALU or a
 * memory/export instruction, overwritten by one (write after write),
 * read as an MFMA's A/B, or as an MFMA's C (exactly D, or overlapping it);
 * SRCC_READ_WAR: a VALU/memory instruction overwrites what MFMA m read as
 * C. The rest have no MFMA producer (m may be NULL): a non-MFMA VALU
 * writes a VGPR an MFMA reads, or writes EXEC before an MFMA; v_fma_f64 /
 * v_fmac_f64 after a DGEMM; a VMEM/FLAT/DS read of a VGPR a VALU wrote
 * with a DGEMM between them. */
typedef enum wavecc_mfma_dep {
  WAVECC_MFMA_VALU_READ, WAVECC_MFMA_MEM_READ, WAVECC_MFMA_WRITE, WAVECC_MFMA_SRCAB_READ,
  WAVECC_MFMA_SRCC_FULL, WAVECC_MFMA_SRCC_PARTIAL, WAVECC_MFMA_SRCC_READ_WAR,
  WAVECC_MFMA_AFTER_VALU_WRITE, WAVECC_MFMA_AFTER_VALU_EXEC, WAVECC_MFMA_FMA64_AFTER_DGEMM,
  WAVECC_MFMA_VMEM_AFTER_VALU_DGEMM,
} wavecc_mfma_dep;
/* Wait states (instructions between, s_nop N counting N+1) dependency
 * `dep` needs on target t; cons_mfma is the later instruction's timing
 * when it is an MFMA (SRCC_*), else NULL. The largest is 19. */
unsigned wavecc_mfma_wait(const wavecc_target *t, const wavecc_mfma_info *m, wavecc_mfma_dep dep,
                          const wavecc_mfma_info *cons_mfma);
enum { WAVECC_MFMA_MAX_WAIT = 19 };

/* The largest hazard wait the target needs (how far a hazard search looks back). */
unsigned wavecc_target_max_hazard_wait(const wavecc_target *t);

/* ---- lane-mask operations ----------------------------------------------
 * A lane mask (EXEC, VCC, a v_cmp result, a divergent i1) is one bit per
 * lane in lane_mask_dwords SGPRs: a pair with the _B64 scalar forms on a
 * wave64 target, one SGPR with the _B32 forms on a wave32 target (RDNA ISA
 * guides, "Wave32 and Wave64"; AMDGPUUsage "Wavefront size"). Code that
 * computes on lane masks names the operation and asks the target for the
 * opcode, so no pass picks a width itself. */
typedef enum wavecc_lane_opkind {
  WAVECC_LANE_MOV, WAVECC_LANE_NOT, WAVECC_LANE_AND, WAVECC_LANE_OR, WAVECC_LANE_XOR, WAVECC_LANE_ANDN2,
  WAVECC_LANE_ORN2, WAVECC_LANE_NAND, WAVECC_LANE_NOR, WAVECC_LANE_XNOR, WAVECC_LANE_CSELECT,
  WAVECC_LANE_BCNT1,   /* s_bcnt1_i32_b*: active-lane count (result one SGPR) */
  WAVECC_LANE_FF1,     /* s_ff1_i32_b*: lowest set lane (result one SGPR) */
  WAVECC_LANE_CMP_EQ,  /* s_cmp_eq_u64 / s_cmp_eq_u32: SCC = (a == b) */
  WAVECC_LANE_CMP_LG,
  /* s_<op>_saveexec: dst = EXEC, EXEC = src <op> EXEC (ANDN1: ~src & EXEC, ANDN2: src & ~EXEC) */
  WAVECC_LANE_AND_SAVEEXEC, WAVECC_LANE_OR_SAVEEXEC, WAVECC_LANE_XOR_SAVEEXEC, WAVECC_LANE_ANDN2_SAVEEXEC,
  WAVECC_LANE_ORN2_SAVEEXEC, WAVECC_LANE_NAND_SAVEEXEC, WAVECC_LANE_NOR_SAVEEXEC, WAVECC_LANE_XNOR_SAVEEXEC,
  WAVECC_LANE_ANDN1_SAVEEXEC, WAVECC_LANE_ORN1_SAVEEXEC,
  WAVECC_LANE_NUM_OPS
} wavecc_lane_opkind;

/* The scalar opcode performing `k` on t's lane masks: the _B64 form when
 * lane_mask_dwords is 2, the _B32 form when it is 1. */
isa_op wavecc_lane_op(const wavecc_target *t, wavecc_lane_opkind k);
/* The lane-mask operation `op` performs at either width (s_and_b64 and
 * s_and_b32 are both WAVECC_LANE_AND); WAVECC_LANE_NUM_OPS if none. *dwords
 * (may be NULL) gets its mask width (1 or 2). For passes that recognise
 * lane-mask code (compare with wavecc_lane_op for the target's width). */
wavecc_lane_opkind wavecc_lane_kind(unsigned op, unsigned *dwords);
/* Is `op` t's form of lane operation `k`? */
static inline bool wavecc_is_lane_op(const wavecc_target *t, unsigned op, wavecc_lane_opkind k) {
  return op == (unsigned)wavecc_lane_op(t, k);
}
/* Is `k` one of the s_*_saveexec operations? */
static inline bool wavecc_lane_is_saveexec(wavecc_lane_opkind k) {
  return k >= WAVECC_LANE_AND_SAVEEXEC && k <= WAVECC_LANE_ORN1_SAVEEXEC;
}
/* log2 of t's wave size: the shift between a lane's scratch bytes and the
 * wave's (stack pointer and frame offsets are per-wave, swizzled scratch
 * holds wave_size lanes per dword: AMDGPUUsage "Private Segment Buffer"). */
static inline unsigned wavecc_wave_log2(const wavecc_target *t) {
  unsigned l = 0;
  while ((1u << l) < t->wave_size) l++;
  return l;
}
/* Does t address private memory with scratch_* instructions through
 * architected flat scratch (gfx11, gfx942: the dispatch sets FLAT_SCRATCH
 * to the wave's scratch; no private segment buffer, no wave offset SGPR)
 * rather than MUBUF through the private segment buffer V#? (AMDGPUUsage
 * "Architected flat scratch", "Private Segment Buffer".) */
static inline bool wavecc_scratch_flat(const wavecc_target *t) { return t->flat_scratch_init == WAVECC_FS_ARCHITECTED; }
/* log2 of the stack pointer's and frame offsets' unit in a lane's scratch
 * bytes: wave_size with MUBUF (soffset is per wave, added after the
 * swizzle), 1 with flat scratch (scratch_* addresses are per lane, the
 * hardware swizzles them; llc-19 -mcpu=gfx1100: s_mov_b32 s32, 16 for a
 * 16-byte frame). */
/* The largest per-lane byte offset a private access's immediate holds on
 * t: MUBUF's 12-bit unsigned OFFSET (gfx9, gfx10, gfx90a: 4095) or
 * scratch_*'s signed OFFSET with architected flat scratch (gfx11, gfx942:
 * 13 bits, 4095); isa_offset_range has the fields. Spill slots above it
 * are addressed from a base SGPR (spill_place.c). */
static inline uint32_t wavecc_scratch_offset_max(const wavecc_target *t) {
  int64_t lo, hi;
  isa_offset_range(t->encoding, wavecc_scratch_flat(t) ? ISA_FMT_SCRATCH : ISA_FMT_MUBUF, &lo, &hi);
  return (uint32_t)hi;
}
static inline unsigned wavecc_sp_log2(const wavecc_target *t) { return wavecc_scratch_flat(t) ? 0 : wavecc_wave_log2(t); }
/* The VGPR budget of a wave of t when `waves` waves must fit on each SIMD
 * (LLVM getMaxNumVGPRs, VI+): its share of the SIMD's VGPR file rounded
 * down to the allocation granule, at most what a wave can address. */
static inline unsigned wavecc_max_vgprs_for_waves(const wavecc_target *t, unsigned waves) {
  unsigned v = t->vgprs_per_simd / waves / t->vgpr_granule * t->vgpr_granule;
  return v < t->vgprs ? v : t->vgprs;
}
/* Waves per SIMD of t that `vgprs` VGPRs per wave allow: the SIMD's VGPRs
 * per lane over the use rounded up to the allocation granule (0 counts as
 * one granule), at most max_waves_per_simd; 0 when the use exceeds the
 * SIMD's file. */
static inline unsigned wavecc_waves_for_vgprs(const wavecc_target *t, unsigned vgprs) {
  unsigned gr = t->vgpr_granule, g = ((vgprs ? vgprs : 1) + gr - 1) / gr * gr, waves = t->vgprs_per_simd / g;
  return waves < t->max_waves_per_simd ? waves : t->max_waves_per_simd;
}
/* The most VGPRs a wave of t may use and keep the occupancy that `vgprs`
 * VGPRs give: waves per SIMD are vgprs_per_simd over the use rounded up to
 * vgpr_granule, at most max_waves_per_simd (gfx900: 256, 4, 10; AMDGPUUsage
 * and LLVM's getMaxNumVGPRs). More VGPRs than the SIMD holds: `vgprs`. */
static inline unsigned wavecc_same_occupancy_vgprs(const wavecc_target *t, unsigned vgprs) {
  unsigned waves = wavecc_waves_for_vgprs(t, vgprs);
  return waves ? wavecc_max_vgprs_for_waves(t, waves) : vgprs;
}
/* Is a 64-bit VALU add of two register pairs one instruction on t
 * (v_lshl_add_u64 d, a, 0, b: gfx940's FeatureLshlAddU64Inst, as
 * isel_add64 selects it), not a v_add_co_u32 + v_addc_co_u32 pair? */
static inline bool wavecc_valu_add64_one(const wavecc_target *t) {
  return isa_encoding(t->encoding, ISA_V_LSHL_ADD_U64);
}
/* Waves per SIMD of t that LDS allows when each work-group of
 * `waves_per_group` waves takes `lds_per_group` bytes (0: no LDS, then
 * max_waves_per_simd): the groups that fit in the CU's LDS (multi-wave
 * groups at most max_workgroups_per_cu, as kernel_resources.c's
 * occupancy), their waves spread over simds_per_cu SIMDs (the busiest
 * SIMD: rounded up, as the emulator's cycle model), at most
 * max_waves_per_simd (LLVM getOccupancyWithLocalMemSize). */
static inline unsigned wavecc_waves_for_lds(const wavecc_target *t, unsigned lds_per_group, unsigned waves_per_group) {
  if (!lds_per_group || !t->lds_bytes || !t->simds_per_cu) return t->max_waves_per_simd;
  unsigned groups = t->lds_bytes / lds_per_group, w = waves_per_group ? waves_per_group : 1;
  if (w > 1 && t->max_workgroups_per_cu && groups > t->max_workgroups_per_cu) groups = t->max_workgroups_per_cu;
  if (!groups) groups = 1;
  unsigned waves = (groups * w + t->simds_per_cu - 1) / t->simds_per_cu;
  return waves < t->max_waves_per_simd ? waves : t->max_waves_per_simd;
}
/* The SGPRs a wave of t may use at full occupancy: the SIMD's SGPR file
 * over the most waves, rounded down to the allocation granule, less VCC,
 * XNACK_MASK and FLAT_SCRATCH (gfx900: 800 / 10 = 80, less 6: 74); UINT_MAX
 * when SGPRs do not limit occupancy (LLVM getMaxNumSGPRs, VI+). For the
 * pre-RA schedulers' SGPR limit. */
static inline unsigned wavecc_full_occupancy_sgprs(const wavecc_target *t) {
  if (!t->sgprs_per_simd || !t->max_waves_per_simd) return UINT_MAX;
  unsigned g = t->sgpr_granule ? t->sgpr_granule : 1, per = t->sgprs_per_simd / t->max_waves_per_simd / g * g;
  return per > t->reserved_sgprs + 2 ? per - t->reserved_sgprs - 2 : 0;
}
/* Lanes of t as a mask (the low wave_size bits set). */
static inline uint64_t wavecc_wave_lanes(const wavecc_target *t) { return wavecc_lanes_all(t->wave_size); }
/* May a page fault on target t replay memory instructions (XNACK on or
 * "any")? xnack is the target ID's setting: 1 "+", -1 "-", 0 "any" (the
 * default: the code must run either way). Replay constrains code:
 * multi-dword scalar loads must not overwrite their address, and no soft
 * clause may overwrite what one of its instructions reads (AMDGPUUsage
 * "Target ID", "xnack"; LLVM's SMEM early-clobber forms and
 * GCNHazardRecognizer::checkSoftClauseHazards). */
static inline bool wavecc_xnack_replay(const wavecc_target *t, int xnack) { return t->has_xnack && xnack >= 0; }

#endif
