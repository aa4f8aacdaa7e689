/* Machine IR: the representation every wavecc pass from instruction
 * selection to emission works on (after Mesa's ACO; see
 * ../shared/DESIGN.md "Machine IR").
 *
 * - A program is one kernel. Its blocks sit in an array whose index is the
 *   block's position in reverse post-order of the linear CFG.
 * - Each block has logical predecessors/successors (the source program's
 *   CFG, what active lanes see) and linear ones (what the wave executes
 *   after EXEC masking). SGPR values and linear VGPRs live in the linear
 *   CFG, divergent VGPR values in the logical one.
 * - Values are SSA temporaries: a 24-bit id and a register class packed in
 *   32 bits. Before register allocation operands name temporaries; after it
 *   each operand also carries its physical register.
 * - Instructions are arena-allocated with their operands inline; blocks hold
 *   arrays of instruction pointers.
 * - Physical registers use the hardware's operand numbering (Vega ISA
 *   guide, "Scalar/Vector operand encodings"): s0..s101 = 0..101,
 *   VCC_LO/HI = 106/107, M0 = 124, EXEC_LO/HI = 126/127, SCC = 253,
 *   v0..v255 = 256..511.
 */
#ifndef WAVECC_MIR_MIR_H
#define WAVECC_MIR_MIR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "target/isa.h"
#include "target/target.h"
#include "util/arena.h"

/* ---- register classes ------------------------------------------------ */

/* 8 bits: size in dwords (1..16) in bits 0-4, VGPR in bit 5, linear in bit 6.
 * "s1" = one SGPR, "s2" = SGPR pair (64-bit, also lane masks), "v1" = VGPR,
 * "lv1" = linear VGPR (live in the linear CFG: spill slots of SGPRs). */
typedef uint8_t mir_rc;
#define MIR_RC_SIZE_MASK 0x1fu
#define MIR_RC_VGPR 0x20u
#define MIR_RC_LINEAR 0x40u
static inline mir_rc mir_rc_s(unsigned dwords) { return (mir_rc)dwords; }
static inline mir_rc mir_rc_v(unsigned dwords) { return (mir_rc)(dwords | MIR_RC_VGPR); }
static inline unsigned mir_rc_size(mir_rc rc) { return rc & MIR_RC_SIZE_MASK; }
static inline bool mir_rc_is_vgpr(mir_rc rc) { return (rc & MIR_RC_VGPR) != 0; }
static inline bool mir_rc_is_linear(mir_rc rc) { return !mir_rc_is_vgpr(rc) || (rc & MIR_RC_LINEAR); }

/* ---- physical registers ---------------------------------------------- */

typedef uint16_t mir_preg;
#define MIR_PREG_NONE 0xffffu
#define MIR_PREG_SGPR(n) ((mir_preg)(n))
#define MIR_PREG_VCC 106u
#define MIR_PREG_M0 124u
#define MIR_PREG_NULL 125u /* SGPR_NULL of GFX10+ (reads 0, writes discarded); the encoder maps it per family */
#define MIR_PREG_EXEC 126u
#define MIR_PREG_SCC 253u
#define MIR_PREG_VGPR(n) ((mir_preg)(256u + (n)))
/* AGPR a<n> of the CDNA targets, always a fixed operand: the MFMA
 * accumulators' (C/D of v_mfma and their v_accvgpr_write/read, from pass
 * mfma-acc before allocation: a0..a(agpr_acc_dwords-1)) and the VGPR
 * spiller's v_accvgpr_write/read after them (spill_lower.c). Past the 512
 * units the allocator, waitcnt and gfx9 hazard passes track, which is
 * right: no memory access names an AGPR, and the one hazard rule set that
 * involves them (MFMA results) is hazards-mfma's, which compares operand
 * ranges (mir_opnd_units) of any file. */
#define MIR_PREG_AGPR(n) ((mir_preg)(512u + (n)))
#define MIR_MAX_SGPRS 102u
#define MIR_MAX_VGPRS 256u

/* ---- temporaries and operands ---------------------------------------- */

typedef struct mir_temp {
  uint32_t id : 24; /* 0 is "no temporary" */
  uint32_t rc : 8;
} mir_temp;

typedef enum mir_opnd_kind {
  MIR_OPND_NONE,
  MIR_OPND_TEMP,   /* an SSA temporary (with `preg` after RA) */
  MIR_OPND_FIXED,  /* a fixed physical register: EXEC, VCC, SCC, M0, or an ABI input */
  MIR_OPND_CONST,  /* a 32-bit constant: inline constant or literal, chosen at emission */
  MIR_OPND_UNDEF,  /* undefined value of a class (any register will do) */
  MIR_OPND_BLOCK,  /* a block index: branch targets and phi predecessors */
} mir_opnd_kind;

enum {
  MIR_OPND_KILL = 1u << 0,      /* last use of the temporary (set by liveness) */
  MIR_OPND_LATE_KILL = 1u << 1, /* dies after the definitions are written */
  MIR_OPND_NEG = 1u << 2,       /* VOP3 source modifiers */
  MIR_OPND_ABS = 1u << 3,
  MIR_OPND_FIXED_REG = 1u << 4, /* a temporary constrained to `preg` (ABI, fixed operands) */
  /* VOP3P (packed) source modifiers, per source as llvm-mc writes them
   * (op_sel:[..] op_sel_hi:[..] neg_lo:[..] neg_hi:[..]; CDNA 3 ISA guide
   * "VOP3P"): OPSEL sets the source's op_sel bit (the low lane reads the
   * source's high half: its second dword for v_pk_*_f32), HI_FROM_LO clears
   * its op_sel_hi bit (the high lane reads the low half; the bit is set by
   * default), NEG_HI negates the high lane's input; MIR_OPND_NEG is then
   * neg_lo (the low lane's). See mir_vop3p_source. */
  MIR_OPND_OPSEL = 1u << 5,
  MIR_OPND_HI_FROM_LO = 1u << 6,
  MIR_OPND_NEG_HI = 1u << 7,
};
/* Every source modifier: an operand with none of these reads its value as it is. */
#define MIR_OPND_MODS (MIR_OPND_NEG | MIR_OPND_ABS | MIR_OPND_OPSEL | MIR_OPND_HI_FROM_LO | MIR_OPND_NEG_HI)
#define MIR_OPND_PK_SEL (MIR_OPND_OPSEL | MIR_OPND_HI_FROM_LO | MIR_OPND_NEG_HI)

typedef struct mir_operand {
  uint8_t kind;   /* mir_opnd_kind */
  uint8_t flags;  /* MIR_OPND_* */
  mir_preg preg;  /* physical register (FIXED; TEMP after RA), else MIR_PREG_NONE */
  union {
    mir_temp temp; /* TEMP, UNDEF (rc only) */
    uint32_t imm;  /* CONST: the bits; BLOCK: the block index */
  };
  uint8_t size;    /* dwords, for FIXED operands (EXEC = 2) and CONST (1 or 2: a 64-bit inline constant);
                    * TEMP: 0, or 2 on a v1 temporary read as the low dword of a 64-bit
                    * operand whose high dword is don't-care (mir_opnd_lo64) */
  uint8_t sel;     /* SDWA source select of a VOP1/VOP2 source (MIR_SEL_*; 0: the whole dword) */
} mir_operand;

/* mir_operand.sel: the SDWA (sub-dword addressing) source select of a
 * VOP1/VOP2 source on targets with SDWA (wavecc_target.sdwa; Vega ISA
 * guide 12.x "SDWA", the same on GFX10): the source reads byte k
 * (MIR_SEL_BYTE_0 + k) or half-word k (MIR_SEL_WORD_0 + k) of its dword,
 * zero-extended, or sign-extended with MIR_SEL_SEXT (integer operations
 * only). The hardware's SRC_SEL code is sel - 1 (DWORD, 6, is 0 here). An
 * instruction with a select on any source is encoded as SDWA (dst_sel
 * DWORD, no clamp or output modifier; mir_is_sdwa), made by pass sdwa
 * after every pass that reads instruction semantics (simplify, cse). */
enum {
  MIR_SEL_DWORD = 0,
  MIR_SEL_BYTE_0 = 1, /* .. MIR_SEL_BYTE_0 + 3: BYTE_3 */
  MIR_SEL_WORD_0 = 5,
  MIR_SEL_WORD_1 = 6,
  MIR_SEL_MASK = 7u,
  MIR_SEL_SEXT = 8u,
};
/* The selects as llvm-mc-19 spells them, indexed by sel & MIR_SEL_MASK (print.c). */
extern const char *const mir_sel_names[8];

/* ---- instructions ----------------------------------------------------- */

/* Pseudo-instructions, numbered after the ISA table. */
typedef enum mir_pseudo {
  MIR_P_FIRST = ISA_NUM_OPS,
  MIR_P_PHI = MIR_P_FIRST, /* logical phi: one operand per logical predecessor, in order */
  MIR_P_LINEAR_PHI,        /* linear phi: one operand per linear predecessor */
  MIR_P_PARALLELCOPY,      /* defs[i] = ops[i], all at once */
  MIR_P_COPY,              /* defs[0] = ops[0] (any classes; may cross SGPR->VGPR) */
  MIR_P_CREATE_VECTOR,     /* defs[0] = concat(ops...) */
  MIR_P_SPLIT_VECTOR,      /* defs... = split(ops[0]) */
  MIR_P_EXTRACT,           /* defs[0] = ops[0] dword ops[1].imm (size of def) */
  MIR_P_STARTPGM,          /* defines the ABI inputs (user/system SGPRs, v0..v2) as fixed temporaries */
  MIR_P_BRANCH,            /* unconditional branch to ops[0] (BLOCK) */
  MIR_P_CBRANCH_SCC,       /* uniform branch on SCC: ops[0] = SCC temp, ops[1] taken block, ops[2] fallthrough */
  MIR_P_LOGICAL_START,     /* brackets code that runs under the logical EXEC of a block */
  MIR_P_LOGICAL_END,
  MIR_P_SPILL,             /* ops[0] = value, ops[1] = slot (CONST) */
  MIR_P_RELOAD,            /* defs[0] = slot ops[0] (CONST) */
  MIR_P_START_LINEAR_VGPR,
  MIR_P_END_LINEAR_VGPR,
  MIR_P_CALL,              /* ops[0] = callee address (s2), ops[1] = scratch V# (fixed s[0:3]),
                              then the implicit inputs and argument dwords
                              (fixed registers); defs = the return
                              address (fixed pair, abi.call_ra_sgpr), then the VGPRs it clobbers (fixed
                              v0..); lowered by the frame pass */
  MIR_P_RETURN,            /* ops[0] = return address (fixed pair), ops[1] = V# (s[0:3]), ops[2] = stack
                              pointer (abi.call_sp_sgpr), then the result dwords (fixed v0..) */
  /* A VGPR vector indexed by a uniform value (targets with
   * vgpr_index_mode; isel_vector_index.c), lowered after register
   * allocation to s_set_gpr_idx_on / v_mov_b32 / s_set_gpr_idx_off
   * (passes/gpr_index.c). The index is an SGPR below the vector's size. */
  MIR_P_GPR_IDX_READ,      /* defs[0] (v1) = dword ops[1] (s1) of ops[0] (a VGPR vector) */
  MIR_P_GPR_IDX_WRITE,     /* defs[0] = ops[0] (a VGPR vector) with dword ops[1] (s1) replaced by ops[2] (v1);
                              written in place: defs[0] takes ops[0]'s registers (mir_tied_operand) */
  MIR_P_LAST
} mir_pseudo;

/* Most operands (or definitions) one instruction can have. */
#define MIR_MAX_OPERANDS 0xffffu

typedef struct mir_instr {
  uint16_t opcode;    /* isa_op or mir_pseudo */
  /* 16 bits: a phi has one operand per predecessor, and a switch sends
   * hundreds of edges into one block (MIR_MAX_OPERANDS) */
  uint16_t num_ops, num_defs;
  uint16_t enc_flags; /* MIR_ENC_* */
  uint8_t omod;       /* VOP3 output modifier (0, *2, *4, /2); MTBUF: its FORMAT, DATA_FORMAT | NUM_FORMAT << 4 */
  uint8_t clamp;
  uint16_t fpmode;    /* MODE the instruction needs where it differs from the environment: see mir_fpmode_* */
  int32_t offset;     /* memory offset field (SMEM, DS offset0|offset1<<8, MUBUF, FLAT) or SOPP/SOPK immediate */
  uint32_t loc;       /* source position: index into mir_program.locs (0: none; code later passes add
                         takes the position of the instruction before it in the line table) */
  uint32_t chk;       /* what the emulator's bug checks should know of it (MIR_CHK_*; 0: nothing),
                         written to the code object's .wavecc.checks (codeobj_write.c) */
  mir_operand *ops;   /* inline after the struct */
  mir_operand *defs;
} mir_instr;

enum {
  MIR_ENC_VOP3 = 1u << 0,  /* force the 64-bit VOP3 encoding */
  MIR_ENC_GLC = 1u << 1,
  MIR_ENC_SLC = 1u << 2,
  MIR_ENC_OFFEN = 1u << 3, /* MUBUF: VGPR offset */
  MIR_ENC_IDXEN = 1u << 4,
  MIR_ENC_OFF = 1u << 5,   /* GLOBAL: no VGPR address offset ("off" SADDR) */
  /* not an encoding bit: a dword-multiple VMEM access whose address the
   * IR proves 4-byte aligned ("dwaligned"), so mem-merge may widen it */
  MIR_ENC_DWALIGNED = 1u << 6,
  MIR_ENC_SC1 = 1u << 7,   /* the target's third cache bit: gfx942's SC1 (FLAT bit 25, MUBUF bit 15; GLC is its SC0,
                              SLC its NT), RDNA's DLC (gfx10 FLAT bit 12, MUBUF 15; gfx11 both 13); spelled from
                              the target's cpol_names */
  /* not an encoding bit: an atomic or volatile access, which passes keep
   * in program order, never merge and never rematerialise (on gfx9 its
   * GLC says so too; gfx942's scoped atomics may carry no cache bit) */
  MIR_ENC_ORDERED = 1u << 8,
  MIR_ENC_GDS = 1u << 9,   /* DS: the GDS bit (global data share, ds_gws_*, ds_append on GDS) */
  /* GFX11 VOPD dual issue (passes/vopd.c): this instruction and the next
   * one of its block are one v_dual_* instruction (VOPD_FIRST on the
   * first, VOPD_SECOND on the second, in program order; the X half is the
   * first if its opcode may be X, else the second: mir_vopd_x). The pair
   * reads every source before it writes either result. */
  MIR_ENC_VOPD_FIRST = 1u << 10,
  MIR_ENC_VOPD_SECOND = 1u << 11,
  /* v_mov_b32 between s_set_gpr_idx_on and s_set_gpr_idx_off (lowered
   * MIR_P_GPR_IDX_READ/WRITE, passes/gpr_index.c): its source (READ) or
   * destination (WRITE) operand is the whole indexed vector, so the
   * waitcnt and hazard passes see every register it may touch; it is
   * printed and encoded as the vector's first register (the hardware
   * adds the index). A WRITE's kept vector follows as a tied operand. */
  MIR_ENC_GPR_IDX = 1u << 12,
  /* not an encoding bit: a load of memory no store of the kernel writes
   * (the constant address space, !invariant.load, !amdgpu.noclobber:
   * isel_mem.c), so the scheduler may move it above any store (LLVM's
   * AMDGPU alias analysis treats address space 4 as constant memory) */
  MIR_ENC_INVARIANT = 1u << 13,
  /* not an encoding bit: a v_readfirstlane_b32 that reads back a value
   * the IR finds uniform (selection's isel_uniform_to_sgpr), so every
   * lane active at its source's definition holds the same value; a VGPR
   * reader under the same EXEC may read the source instead (fold-copies).
   * llvm.amdgcn.readfirstlane of a divergent value never has it. */
  MIR_ENC_UNIFORM = 1u << 14,
};
/* The flags that make a memory access ordered (see MIR_ENC_ORDERED). */
#define MIR_ENC_ORDERED_MASK (MIR_ENC_GLC | MIR_ENC_SLC | MIR_ENC_SC1 | MIR_ENC_ORDERED)

/* mir_instr.fpmode: 4 bits per MODE field f (isa_mode_field) at bit 4f.
 * 0: the field must hold the floating-point environment's value (the
 * kernel's FLOAT_MODE, or what the program's last s_setreg of MODE wrote:
 * llvm.set.rounding); MIR_FPMODE_FIXED | v: it must hold v (a static
 * rounding, denormals on inside the f32 division). Only fields the
 * instruction reads (isa_mode_reads) matter. Read by the MODE pass. */
#define MIR_FPMODE_FIXED 8u
static inline uint16_t mir_fpmode_fix(uint16_t m, isa_mode_field f, unsigned v) {
  return (uint16_t)((m & ~(15u << (4 * f))) | ((MIR_FPMODE_FIXED | (v & 3u)) << (4 * f)));
}
static inline bool mir_fpmode_is_fixed(uint16_t m, isa_mode_field f) { return (m >> (4 * f)) & MIR_FPMODE_FIXED; }
static inline unsigned mir_fpmode_value(uint16_t m, isa_mode_field f) { return (m >> (4 * f)) & 3u; }

/* mir_instr.offset of `s_add_u32 d, base, 0` when the constant must become
 * the program's frame size x 64 (the stack pointer of a call whose
 * arguments are stored before the frame size is known, isel_calls.c);
 * the frame pass sets it. */
#define MIR_OFFSET_FRAME_SIZE 0x7f4d4152

/* ---- blocks, program --------------------------------------------------- */

typedef struct mir_idx_list {
  uint32_t *v;
  uint32_t n, cap;
} mir_idx_list;

enum {
  MIR_BLOCK_LOOP_HEADER = 1u << 0,
  MIR_BLOCK_LOOP_EXIT = 1u << 1,
  MIR_BLOCK_DIVERGENT_BRANCH = 1u << 2, /* ends in a divergent branch */
  MIR_BLOCK_UNIFORM = 1u << 3,
  /* ends in `S = s_and_saveexec M ; s_cbranch_execz` whose M holds a lane
   * of EXEC (a waterfall loop's match of the first active lane's value,
   * isel_struct.c): the branch is never taken (execz_short.c drops it) */
  MIR_BLOCK_FIRST_LANE = 1u << 4,
};

typedef struct mir_block {
  uint32_t index;
  uint32_t flags;
  mir_instr **instrs;
  uint32_t num_instrs, cap_instrs;
  mir_idx_list logical_preds, logical_succs;
  mir_idx_list linear_preds, linear_succs;
} mir_block;

/* Kernel ABI description, filled by instruction selection, read by the
 * prologue, emission and the code object metadata (AMDGPUUsage "Code Object
 * V3 and Above Directives", "Code Object V5 Metadata"). */
typedef struct mir_kernel_arg {
  const char *name, *type_name;
  const char *value_kind;  /* "by_value", "global_buffer", "dynamic_shared_pointer", "hidden_..." */
  uint32_t offset, size, align;
  uint32_t address_space;  /* 0 unless a pointer */
  bool is_const, is_restrict, is_volatile;
} mir_kernel_arg;

typedef struct mir_kernel_abi {
  /* enabled user SGPRs, in the hardware's order */
  bool private_segment_buffer, dispatch_ptr, queue_ptr, kernarg_segment_ptr,
      dispatch_id, flat_scratch_init;
  bool workgroup_id[3], private_segment_wave_offset;
  uint32_t workitem_id_dims; /* 0: v0 only, 1: v0,v1, 2: v0,v1,v2 */
  uint32_t kernarg_size, kernarg_align;
  uint32_t group_segment_size;   /* static LDS, bytes */
  uint32_t private_segment_size; /* scratch per lane, bytes */
  uint32_t num_args;
  mir_kernel_arg *args;
  uint32_t max_flat_workgroup_size;
  uint32_t reqd_workgroup_size[3]; /* OpenCL reqd_work_group_size(X,Y,Z) (!reqd_work_group_size); 0,0,0: none */
  uint32_t num_sgprs_budget, num_vgprs_budget; /* from attributes and waves-per-eu */
  uint32_t tuple_slack;          /* files where the spiller keeps room for tuples: 1 SGPRs, 2 VGPRs (pipeline.c retry) */
  uint32_t float_mode;           /* the descriptor's FLOAT_MODE byte */
  bool ieee_mode, dx10_clamp;
  bool sgpr_spill_scratch;       /* spill SGPRs to scratch, not VGPR lanes (--spill-sgprs-to-scratch) */
  /* The calling convention's register regions (src/isel/isel_calls.c):
   * s0..s(call_sgprs-1) and v0..v(call_vgprs-1) hold only fixed ABI
   * temporaries in a function or a program that calls; 0 = no region. */
  uint32_t call_sgprs, call_vgprs;
  uint32_t call_arg_vgprs; /* a function's argument (work-item ids included) or result VGPRs, whichever
                            * are more; call_vgprs is that or more (the VGPRs it may clobber unsaved) */
  uint32_t call_ra_sgpr, call_sp_sgpr; /* return address pair and stack pointer (s30, s32 or s4, s6) */
  uint32_t call_wo_sgpr; /* compact layout: s7, a calling kernel's soffset 0 (frame base), which functions save; 0 = none */
  bool uses_dynamic_stack;       /* recursion or indirect calls: the stack depth is not known */
  /* The module's code object version (4, 5, 6; 0 means 5): the hidden
   * arguments' layout (4: global offsets first, 56 bytes; 5 and 6: 256
   * bytes) and where llvm.amdgcn.queue.ptr comes from (4: user SGPRs;
   * 5, 6: hidden_queue_ptr). AMDGPUUsage "Code Object V4/V5 Metadata". */
  uint8_t code_object_version;
} mir_kernel_abi;

/* The code object version ABI describes (4, 5 or 6). */
static inline unsigned mir_code_object_version(const mir_kernel_abi *abi) {
  return abi->code_object_version ? abi->code_object_version : 5;
}

/* mir_instr.chk: facts for the emulator's kernel bug checks (issue 29),
 * in the code object's .wavecc.checks section (codeobj_write.c; read by
 * src/emu/check.c):
 * - MIR_CHK_DIV_TRAP: an s_trap that -fcheck-div put before an integer
 *   division or remainder: reached only when the divisor is 0;
 * - MIR_CHK_PRIVATE | i: a private (scratch) access to the kernel's stack
 *   object mir_program.pobjs[i] (isel, from the alloca under the address);
 *   the emulator reports lanes that access bytes outside it.
 * isel sets mir_program.cur_chk, which every instruction it creates gets;
 * the encoder records the kind only on the instructions it is about
 * (s_trap, scratch accesses). Code later passes make has none. */
enum { MIR_CHK_DIV_TRAP = 1u << 24, MIR_CHK_PRIVATE = 2u << 24, MIR_CHK_KIND = 0xffu << 24 };

/* A kernel's private object (an alloca): offset and size in bytes within
 * each work-item's private segment. */
typedef struct mir_pobj {
  uint32_t offset, size;
} mir_pobj;

/* A source position (DWARF line table row): file name (in the program's
 * arena), line and column, 1-based (column 0: unknown). */
typedef struct mir_srcloc {
  const char *file;
  uint32_t line, col;
} mir_srcloc;

typedef struct mir_program {
  arena *mem;           /* everything below lives here */
  const char *name;     /* kernel name */
  const struct wavecc_target *target; /* the GPU compiled for (target/target.h; gfx900 from mir_program_create) */
  int8_t target_xnack, target_sramecc; /* the module's target-ID features (AMDGPUUsage "Target ID", -mattr):
                                          0 any, 1 on (+), -1 off (-); set by the pipeline */
  mir_block *blocks;
  uint32_t num_blocks, cap_blocks;
  uint32_t num_temps;   /* ids 1..num_temps-1 are allocated */
  mir_rc *temp_rc;      /* by temp id */
  uint32_t cap_temps;
  mir_kernel_abi abi;
  /* filled by register allocation / emission */
  uint32_t num_sgprs_used, num_vgprs_used;
  uint32_t num_spills, num_reloads;    /* spill/reload instructions (dwords), set when lowered */
  /* VGPR spill slots kept in AGPRs (targets with AGPRs, spill_place.c):
   * the slot dwords at byte offsets agpr_spill_vbase + 4 i, i <
   * agpr_spill_dwords, live in a<i> instead of scratch; num_agprs_used
   * is the AGPRs the lowered code names (descriptor, .agpr_count). */
  uint32_t agpr_spill_vbase, agpr_spill_dwords, num_agprs_used;
  bool agpr_spill_set;
  /* AGPRs a0..a(agpr_acc_dwords-1) hold MFMA accumulators (mfma-acc,
   * src/passes/mfma_acc.c); the spill slots' AGPRs follow them. */
  uint32_t agpr_acc_dwords;
  uint32_t maxlive_sgpr, maxlive_vgpr; /* demand before spilling (mir_spill) */
  /* back-end state (see src/passes/passes.h) */
  struct mir_live_info *live; /* set by mir_liveness; NULL when stale or not computed */
  bool regs_assigned;         /* operands carry physical registers (after mir_regalloc) */
  bool ssa_eliminated;        /* no phis or parallel copies left (after mir_ssa_elim) */
  /* calls (src/isel/isel_calls.c, src/passes/frame.c) */
  bool is_function;           /* a non-kernel function: ends in p_return, has no descriptor */
  bool structured;            /* divergent control flow as structured regions (isel_struct.c) */
  bool budget_failed;         /* spill or regalloc stopped because the register budget cannot be met */
  uint8_t fragmented;         /* regalloc found no free range although demand fit: 1 SGPRs, 2 VGPRs */
  uint8_t cf_lowering;        /* how isel lowered divergent branches: MIR_CF_* (wavecc --stats) */
  uint16_t cf_reject_line;    /* MIR_CF_MASKED/IFELSE: source line that refused the shape (0: opt-out) */
  const char *cf_reject_file; /* and its file (isel_struct.c or isel_struct_loop.c) */
  bool cf_budget_retry;       /* compiled again unstructured after a register-budget failure (pipeline.c) */
  bool no_coalesce;           /* no vector folding or register affinities: the retry after budget_failed */
  bool gpr_idx;               /* isel made MIR_P_GPR_IDX_* (whole vectors in VGPR tuples): after budget_failed
                                 the driver selects again without (attribute "wavecc-no-gpr-idx") */
  bool has_calls, calls_indirect;
  bool calls_external;        /* calls a function of another code object (AMDGPUUsage's clobbers, unknown needs) */
  bool exported;              /* a function other code objects may call (.globl; a module without kernels) */
  bool hidden;                /* exported with hidden visibility (.hidden: other objects of the same link only) */
  uint32_t *callees;          /* direct callees: indices in the module's function list */
  uint32_t num_callees;
  uint32_t frame_size;        /* bytes per lane of this program's own stack frame (frame pass) */
  uint32_t vgpr_clobber;      /* a function: VGPRs v0.. it writes and does not save (frame pass) */
  mir_temp scratch_rsrc, scratch_offset; /* a function's V# and frame base, for the spiller */
  uint32_t callee_sgprs, callee_vgprs;   /* next free registers of everything a kernel calls (pipeline) */
  /* source positions of the IR's debug locations (clang -g), for the
   * DWARF line table (codeobj_write.c); locs[0] is "none" */
  mir_srcloc *locs;
  uint32_t num_locs, cap_locs;
  uint32_t cur_loc;           /* given to every instruction mir_instr_create makes (isel sets it) */
  uint32_t cur_chk;           /* the same for mir_instr.chk (MIR_CHK_*) */
  mir_pobj *pobjs;            /* a kernel's private objects (isel's frame layout), for MIR_CHK_PRIVATE */
  uint32_t num_pobjs;
} mir_program;

/* Lane masks of p's target (target.h "lane-mask operations"): their
 * register class (s2 on wave64, s1 on wave32), EXEC and VCC as fixed
 * operands of that width, and the scalar opcode of lane operation k. */
static inline unsigned mir_lane_dwords(const mir_program *p) { return p->target->lane_mask_dwords; }
static inline mir_rc mir_rc_lanes(const mir_program *p) { return (mir_rc)p->target->lane_mask_dwords; }
static inline isa_op mir_lane_op(const mir_program *p, wavecc_lane_opkind k) { return wavecc_lane_op(p->target, k); }

/* ---- VALU operand rules (const_bus.c) ------------------------------------ */

/* Is v an inline constant of a 32-bit operand (-16..64, +-0.5/1/2/4, 1/(2pi))? */
bool mir_const_is_inline(uint32_t v);
/* What VALU sources ops[0..n) read over the constant bus: `reads` distinct
 * scalar values (SGPR temporaries by id, or by register once allocated;
 * fixed registers except NULL and SCC; an undefined SGPR as s0; distinct
 * 32-bit literals), of which `literals` are literals. */
typedef struct mir_bus_use {
  unsigned reads, literals;
} mir_bus_use;
mir_bus_use mir_const_bus_use(const mir_operand *ops, unsigned n);
/* May VALU opcode `op` read sources ops[0..n) on target t, encoded as
 * VOP3 when `vop3` (or op's own format is VOP3)? Checks the constant bus
 * (wavecc_const_bus_limit) and the literals (VOP3: t->vop3_literal, one;
 * VOP3P: none; VOP1/2/C: one), not which source may be an SGPR. */
bool mir_valu_bus_ok(const wavecc_target *t, unsigned op, bool vop3, const mir_operand *ops, unsigned n);

/* mir_program.cf_lowering */
enum { MIR_CF_UNIFORM, MIR_CF_STRUCTURED, MIR_CF_IFELSE, MIR_CF_MASKED };

/* ---- construction (builder.c) ----------------------------------------- */

/* The target a new program is compiled for until the driver sets another
 * (-mcpu); the text form names a program's target only when it differs. */
const wavecc_target *mir_default_target(void);
/* Creates an empty program whose storage lives in `mem`. */
mir_program *mir_program_create(arena *mem, const char *name);
/* Interns source position (file, line, col) in p->locs; returns its
 * index (never 0), or 0 for no position (file NULL or line 0). */
uint32_t mir_srcloc_add(mir_program *p, const char *file, size_t file_len, unsigned line, unsigned col);
/* Appends a block; returns its index. */
uint32_t mir_add_block(mir_program *p);
/* A fresh temporary of class rc. */
mir_temp mir_new_temp(mir_program *p, mir_rc rc);
/* Allocates an instruction with room for the operands and definitions
 * (operands start as MIR_OPND_NONE with preg = MIR_PREG_NONE). */
mir_instr *mir_instr_create(mir_program *p, unsigned opcode, unsigned num_ops, unsigned num_defs);
/* After register allocation: the physical register of every temporary,
 * read from its definition (MIR_PREG_NONE for ids never defined). An array
 * of num_temps entries (at least one) from `mem`. */
mir_preg *mir_temp_regs(const mir_program *p, arena *mem);
/* Appends / inserts at position `pos` of block `b`. */
void mir_block_append(mir_program *p, mir_block *b, mir_instr *ins);
void mir_block_insert(mir_program *p, mir_block *b, uint32_t pos, mir_instr *ins);
/* Adds an edge to the logical and/or linear CFG. */
void mir_add_logical_edge(mir_program *p, uint32_t from, uint32_t to);
void mir_add_linear_edge(mir_program *p, uint32_t from, uint32_t to);
/* Splits the edge pb -> succ with a new block appended at the end of p:
 * the edge's linear (and, when it is one, logical) CFG entries and the
 * first branch operand of pb naming succ go to the new block, which ends
 * in p_branch succ. Returns its index, or UINT32_MAX when pb -> succ is
 * not a linear CFG edge. */
uint32_t mir_split_edge(mir_program *p, uint32_t pb, uint32_t succ);
/* Appends `v` to an index list (arena storage of `p`). */
void mir_idx_list_push(mir_program *p, mir_idx_list *l, uint32_t v);
/* Removes the first `v` from an index list, if any, moving the last entry
 * into its place (the order of a CFG edge list carries no meaning). */
void mir_idx_list_remove(mir_idx_list *l, uint32_t v);
/* Declares temporary `id` with class rc (the parser's way to create
 * temporaries with given ids); raises num_temps past id. */
void mir_set_temp_rc(mir_program *p, uint32_t id, mir_rc rc);
/* Writes the assembler name of `dwords` registers starting at r: "s4",
 * "s[4:5]", "v[0:3]", "vcc", "exec", "m0", "scc", "vcc_hi", ... into buf;
 * returns the length (print.c). */
int mir_preg_format(char *buf, size_t n, mir_preg r, unsigned dwords);

/* A private-memory access of MUBUF op (buffer_load/store_*) in the form
 * p's target addresses scratch with (scratch.c): buffer op with the V#
 * `rsrc` and wave offset `soffset` (offen when vaddr is given), or on
 * architected flat scratch (wavecc_scratch_flat) the scratch_* twin with
 * saddr = soffset ("off" when soffset is absent, 0 or temporary 0; a
 * constant soffset is added to the offset) and rsrc ignored. data is the
 * stored VGPRs or the loaded result; vaddr a VGPR of per-lane byte offsets
 * or MIR_OPND_NONE. offset is in the lane's bytes. Not inserted. */
mir_instr *mir_scratch_access(mir_program *p, unsigned mubuf_op, mir_operand data, mir_operand vaddr, mir_operand rsrc,
                              mir_operand soffset, int32_t offset);

static inline mir_operand mir_op_temp(mir_temp t) {
  mir_operand o = {.kind = MIR_OPND_TEMP, .preg = MIR_PREG_NONE};
  o.temp = t;
  return o;
}
static inline mir_operand mir_op_const(uint32_t v) {
  mir_operand o = {.kind = MIR_OPND_CONST, .preg = MIR_PREG_NONE, .size = 1};
  o.imm = v;
  return o;
}
static inline mir_operand mir_op_fixed(mir_preg r, unsigned dwords) {
  mir_operand o = {.kind = MIR_OPND_FIXED, .preg = r, .size = (uint8_t)dwords};
  return o;
}
/* EXEC and VCC as fixed operands of p's lane-mask width. */
static inline mir_operand mir_op_exec(const mir_program *p) { return mir_op_fixed(MIR_PREG_EXEC, mir_lane_dwords(p)); }
static inline mir_operand mir_op_vcc(const mir_program *p) { return mir_op_fixed(MIR_PREG_VCC, mir_lane_dwords(p)); }
/* The operand whose register the instruction's definition overwrites in
 * place (its data travels in the destination field), or -1: a returning
 * MUBUF atomic's data (ops[0]; its old value comes back over it) and
 * v_writelane_b32's third operand, the value whose other lanes it keeps
 * (llvm.amdgcn.writelane, isel_wave_ops.c), and the vector an indexed
 * write keeps (MIR_P_GPR_IDX_WRITE, its lowered v_mov_b32). Isel gives such an operand a
 * copy used nowhere else; the allocator puts the definition in its
 * register (regalloc.c) and the emitter checks that it did. */
static inline int mir_tied_operand(const mir_instr *ins) {
  if (ins->num_defs != 1) return -1;
  if (ins->opcode == MIR_P_GPR_IDX_WRITE) return 0;
  if (ins->opcode >= ISA_NUM_OPS) return -1;
  if (isa_table[ins->opcode].format == ISA_FMT_MUBUF && (isa_table[ins->opcode].flags & ISA_F_ATOMIC) && ins->num_ops)
    return 0;
  if (ins->opcode == ISA_V_WRITELANE_B32 && ins->num_ops == 3) return 2;
  if ((isa_table[ins->opcode].flags & ISA_F_DPP) && !(isa_table[ins->opcode].flags & ISA_F_DPP8) && ins->num_ops == 2)
    return 1; /* v_mov_b32_dpp's `old` */
  if ((ins->opcode == ISA_V_MOV_B32 || ins->opcode == ISA_V_MOVRELD_B32) && (ins->enc_flags & MIR_ENC_GPR_IDX) &&
      ins->num_ops == 2)
    return 1;
  return -1;
}
static inline mir_operand mir_op_block(uint32_t b) {
  mir_operand o = {.kind = MIR_OPND_BLOCK, .preg = MIR_PREG_NONE};
  o.imm = b;
  return o;
}
/* mir_instr.offset of an ISA_F_DPP instruction: bits 31:8 of its DPP16
 * dword (Vega ISA guide 12.x "DPP"; RDNA 2 guide "VOP_DPP16"), so the
 * encoder writes offset << 8 | src0: DPP_CTRL [8:0], FI [10] (GFX10+),
 * BOUND_CTRL [11], BANK_MASK [19:16], ROW_MASK [23:20]. DPP_CTRL codes:
 * 0x000-0x0ff quad_perm (2 bits per lane of a quad), 0x101-0x10f row_shl,
 * 0x111-0x11f row_shr, 0x121-0x12f row_ror, 0x130 wave_shl:1, 0x134
 * wave_rol:1, 0x138 wave_shr:1, 0x13c wave_ror:1, 0x140 row_mirror, 0x141
 * row_half_mirror, 0x142 row_bcast:15, 0x143 row_bcast:31 (GFX9 only from
 * wave_shl on), 0x150-0x15f row_share, 0x160-0x16f row_xmask (GFX10+).
 * An ISA_F_DPP8 instruction's offset holds bits 31:8 of its DPP8 dword
 * instead: lane i of each 8 reads lane sel[i] = bits [3i+2:3i]. */
#define MIR_DPP_FI (1u << 10)
#define MIR_DPP_BOUND_CTRL (1u << 11)
static inline int32_t mir_dpp_controls(unsigned ctrl, unsigned row_mask, unsigned bank_mask, bool bound_ctrl, bool fi) {
  return (int32_t)((ctrl & 0x1ffu) | (fi ? MIR_DPP_FI : 0) | (bound_ctrl ? MIR_DPP_BOUND_CTRL : 0) | (bank_mask & 15u) << 16 |
                   (row_mask & 15u) << 20);
}
/* Is ins encoded as SDWA: does a source carry an SDWA select (mir_operand.sel)? */
static inline bool mir_is_sdwa(const mir_instr *ins) {
  for (unsigned k = 0; k < ins->num_ops && k < 2; k++)
    if (ins->ops[k].sel) return true;
  return false;
}
/* Is o a VGPR dword read as the low half of a 64-bit operand whose high
 * half is don't-care (size 2 on a v1 temporary; printed "lo64 %t:v1")?
 * Only the addend of v_mad_u64_u32 / v_mad_i64_i32 (pass fuse-mad), whose
 * low result dword does not depend on the addend's high dword (carries
 * only move up): the value needs no pair of its own, the instruction
 * names v[r:r+1] with v[r+1] whatever it holds, as llc-19's undefined
 * high half of a REG_SEQUENCE. The allocator keeps r+1 inside the budget
 * (and r even where the target aligns VGPR tuples); the register count
 * covers r+1 (kernel_resources.c). Dependence tracking (copy clean-up)
 * sees only the dword the value occupies (mir_opnd_units): the high
 * dword's contents never matter; but what the hardware reads
 * (mir_opnd_named_units) must not be still written by a pending load
 * (waitcnt, sched-latency) nor pair across an EXEC write (gfx11 hazards). */
static inline bool mir_opnd_lo64(const mir_operand *o) {
  return o->kind == MIR_OPND_TEMP && o->size == 2 && o->temp.rc == mir_rc_v(1);
}
/* The physical registers operand `o` occupies after register allocation:
 * first register *r and count *n (n = 0 for constants, blocks, SCC and
 * unallocated temporaries). Shared by the hazard and waitcnt passes. */
static inline void mir_opnd_units(const mir_operand *o, mir_preg *r, unsigned *n) {
  *r = MIR_PREG_NONE;
  *n = 0;
  if (o->kind == MIR_OPND_TEMP) { *r = o->preg; *n = mir_rc_size(o->temp.rc); }
  else if (o->kind == MIR_OPND_FIXED) { *r = o->preg; *n = o->size ? o->size : 1; }
  if (*r == MIR_PREG_SCC || *r == MIR_PREG_NONE) *n = 0;
}
/* The physical registers the instruction names for operand `o`: those of
 * mir_opnd_units, and for a lo64 operand (mir_opnd_lo64) the pair
 * v[r:r+1], whose don't-care high dword the hardware reads too. For the
 * passes that see what the hardware reads (waitcnt, sched-latency, the
 * gfx11 hazard walk) and the register count (kernel_resources.c). */
static inline void mir_opnd_named_units(const mir_operand *o, mir_preg *r, unsigned *n) {
  mir_opnd_units(o, r, n);
  if (*n && mir_opnd_lo64(o)) *n = 2;
}
/* Does ins read SCC: the opcode's implicit read (ISA_F_READS_SCC, e.g.
 * s_cselect, s_addc, s_cbranch_scc*) or an operand naming SCC? Shared by
 * the schedulers that must not move an SCC writer across a reader. */
static inline bool mir_reads_scc(const mir_instr *ins) {
  if (ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_READS_SCC)) return true;
  for (unsigned k = 0; k < ins->num_ops; k++)
    if ((ins->ops[k].kind == MIR_OPND_TEMP || ins->ops[k].kind == MIR_OPND_FIXED) && ins->ops[k].preg == MIR_PREG_SCC)
      return true;
  return false;
}

/* exec_mask.c. mir_writes_exec: does ins write EXEC, all of it or one
 * dword (the ISA table's WRITES_EXEC flag, or a definition overlapping
 * exec_lo/exec_hi)? Conservative for pseudos: their definitions only.
 * mir_writes_all_exec: does a definition of ins cover every dword of the
 * program's lane mask (exec_lo in wave32, exec_lo:exec_hi in wave64)? A
 * wave64 write of exec_lo alone leaves exec_hi to the earlier write. */
bool mir_writes_exec(const mir_instr *ins);
bool mir_writes_all_exec(const mir_program *p, const mir_instr *ins);

/* ---- packed (VOP3P) sources (vop3p.c) ----------------------------------- */

/* A VOP3P source as the instruction encodes it, after register
 * allocation: the register named (first register and dwords), the
 * op_sel/op_sel_hi/neg_lo/neg_hi bits. */
typedef struct mir_vop3p_src {
  mir_preg reg;
  unsigned dwords;
  bool opsel, opsel_hi, neg_lo, neg_hi;
} mir_vop3p_src;
/* Is source k of `ins` a broadcast: one dword where the packed instruction
 * reads a 64-bit pair (v_pk_fma/mul/add_f32, the ISA table's "a2")? Both
 * lanes read that dword: the encoder names the even-aligned pair holding
 * it and selects its half with op_sel/op_sel_hi (mir_vop3p_source). */
bool mir_vop3p_broadcast(const mir_instr *ins, unsigned k);
/* Source k of VOP3P instruction `ins` (not MFMA) as encoded: from the
 * operand's register and its MIR_OPND_NEG/OPSEL/HI_FROM_LO/NEG_HI flags
 * (a broadcast names its aligned pair, both selects on its dword). Constants
 * and unallocated operands keep reg = MIR_PREG_NONE. */
mir_vop3p_src mir_vop3p_source(const mir_instr *ins, unsigned k);
/* Is `ins` a packed 32-bit float VOP3P instruction (v_pk_fma/mul/add_f32,
 * v_pk_mov_b32: 64-bit register pairs, two f32 lanes)? */
bool mir_is_pk_f32(unsigned opcode);

/* ---- text form (print.c, parse.c), verifier (verify.c) ----------------- */

/* Name of an opcode: the ISA mnemonic or "p_phi", "p_parallelcopy", ... */
const char *mir_opcode_name(unsigned opcode);
/* Prints the program in the text form that mir_parse reads back. */
void mir_print(const mir_program *p, FILE *out);
/* Pieces of the text form, for passes that annotate their output. */
void mir_print_operand(FILE *out, const mir_operand *o);
void mir_print_instr(FILE *out, const mir_program *p, const mir_instr *ins); /* no indent, no newline; p: its target */
void mir_print_block_header(FILE *out, const mir_block *b);
/* Parses the text form; NULL with a "line N: message" in err on error. */
mir_program *mir_parse(arena *mem, const char *text, char *err, size_t errlen);
/* Checks SSA, register classes, CFG consistency and, after RA, that no two
 * live values share a register. Prints every problem to `out` with the
 * program; returns the number of problems. `after_ra` selects the checks. */
int mir_verify(const mir_program *p, bool after_ra, const char *pass_name, FILE *out);
/* Immediate dominators of one CFG (linear, or logical: linear false) from
 * block 0, into idom[num_blocks] (UINT32_MAX for unreachable blocks);
 * rpo_num[num_blocks] gets each block's reverse post-order position.
 * Scratch memory from `mem` (verify.c). */
void mir_dominators(const mir_program *p, bool linear, arena *mem, uint32_t *idom, uint32_t *rpo_num);
/* Does block a dominate block b under idom (mir_dominators)? An
 * unreachable b counts as dominated. */
bool mir_dominates(const uint32_t *idom, uint32_t a, uint32_t b);

#endif
