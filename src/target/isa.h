/* The gfx900 instruction table: one X-macro file (isa.def) read by the
 * compiler (instruction selection, printer, waitcnt and hazard passes,
 * encoder) and the emulator (decoder, executor).
 *
 * Each entry:  ISA(ENUM, "mnemonic", FORMAT, OPCODE, "signature", FLAGS)
 *   ENUM      C identifier; the opcode enum is ISA_<ENUM>.
 *   mnemonic  as LLVM's AMDGPUAsmGFX9 docs spell it (no _e32/_e64 suffix).
 *   FORMAT    encoding format, one of isa_format (SOP1, VOP2, ...). VOP1/VOP2/
 *             VOPC entries can also be encoded as VOP3 (opcode mapped per the
 *             Vega ISA guide, chapter 12 "Microcode Formats").
 *   OPCODE    the opcode field of FORMAT on gfx9 (Vega ISA guide, chapter 12;
 *             confirmed with llvm-mc-19 -show-encoding).
 *   signature operand list (read with isa_sig_entry): defs then ';' then uses,
 *             each a register file letter (s, v, a=any source) and a width
 *             in dwords, e.g. "v1;a1,v1" for v_add_f32.
 *   FLAGS     an or of ISA_F_* below.
 */
#ifndef WAVECC_TARGET_ISA_H
#define WAVECC_TARGET_ISA_H

#include <stdbool.h>
#include <stdint.h>

/* OPCODE of an entry that has no GFX9 encoding (it exists on other
 * encoding families only, e.g. the wave32 s_*_saveexec_b32 forms). */
#define ISA_OPC_NONE 0xffffu

typedef enum isa_format {
  ISA_FMT_SOP1, ISA_FMT_SOP2, ISA_FMT_SOPK, ISA_FMT_SOPC, ISA_FMT_SOPP,
  ISA_FMT_SMEM,
  ISA_FMT_VOP1, ISA_FMT_VOP2, ISA_FMT_VOPC, ISA_FMT_VOP3, ISA_FMT_VOP3P,
  ISA_FMT_DS, ISA_FMT_MUBUF, ISA_FMT_FLAT, ISA_FMT_GLOBAL, ISA_FMT_SCRATCH,
  ISA_FMT_MTBUF, /* typed buffer access with the format in the instruction (GFX9 layout only) */
  ISA_FMT_COUNT
} isa_format;

enum {
  ISA_F_WRITES_SCC = 1u << 0,
  ISA_F_READS_SCC  = 1u << 1,
  ISA_F_WRITES_EXEC = 1u << 2,
  ISA_F_READS_EXEC_ALWAYS = 1u << 3,  /* beyond lane masking, e.g. s_and_saveexec */
  ISA_F_WRITES_VCC = 1u << 4,         /* implicit VCC def in the 32-bit encoding */
  ISA_F_READS_VCC  = 1u << 5,         /* implicit VCC use in the 32-bit encoding */
  ISA_F_IGNORES_EXEC = 1u << 6,       /* v_readlane/v_writelane/v_readfirstlane */
  ISA_F_VMCNT  = 1u << 7,             /* increments vmcnt */
  ISA_F_LGKMCNT = 1u << 8,            /* increments lgkmcnt */
  ISA_F_EXPCNT = 1u << 9,             /* increments expcnt */
  ISA_F_LOAD  = 1u << 10,
  ISA_F_STORE = 1u << 11,
  ISA_F_ATOMIC = 1u << 12,
  ISA_F_BRANCH = 1u << 13,
  ISA_F_BARRIER = 1u << 14,
  ISA_F_FLOAT = 1u << 15,             /* depends on the MODE register (round / denorm) */
  ISA_F_F64 = 1u << 16,               /* MODE bits of f16/f64 rather than f32 */
  ISA_F_TERMINATOR = 1u << 17,
  ISA_F_WRITES_M0 = 1u << 18,
  ISA_F_READS_M0 = 1u << 19,
  ISA_F_MFMA = 1u << 20,              /* matrix FMA (VOP3P-MAI): D, A, B, C; cbsz/abid/blgp, ACC bits (CDNA) */
  ISA_F_BUS1 = 1u << 21,              /* reads one scalar value at most on every target (the 64-bit shifts:
                                         LLVM GCNSubtarget::getConstantBusLimit; llvm-mc-19 rejects
                                         `v_ashrrev_i64 v[0:1], s0, 0x1234` on gfx1030) */
  ISA_F_SDWA = 1u << 22,              /* a 32-bit integer VOP1/VOP2/VOPC operation with an SDWA form on every target
                                         that has SDWA (gfx9, CDNA, GFX10; Vega ISA guide 12.x "SDWA"): its
                                         sources may select a byte or half-word, sign-extended or not (pass
                                         sdwa); checked with llvm-mc-19 at gfx900, gfx90a, gfx942, gfx1030 */
  ISA_F_DPP = 1u << 23,               /* the DPP16 form of a VOP1 operation (v_mov_b32_dpp): the 32-bit encoding with
                                         src0 = 0xfa and a second dword holding the source VGPR, DPP_CTRL, BOUND_CTRL,
                                         (GFX10+) FI, BANK_MASK and ROW_MASK (Vega ISA guide 12.x "DPP"; RDNA 2/3
                                         guides "VOP_DPP16"); mir_instr.offset holds the controls (mir_dpp_*), the
                                         destination keeps `old` (a tied operand) in the lanes it does not write.
                                         Reads lanes EXEC may disable, so it is ISA_F_IGNORES_EXEC too */
  ISA_F_DPP8 = 1u << 24,              /* with ISA_F_DPP: the DPP8 form (GFX10+; RDNA 2/3 guides "DPP8"): src0 = 0xe9,
                                         the second dword the source VGPR and eight 3-bit lane selects
                                         (mir_instr.offset); every active lane is written (an inactive source
                                         reads 0), so no tied `old` */
};

typedef enum isa_op {
#define ISA(E, MN, FMT, OPC, SIG, FL) ISA_##E,
#include "target/isa.def"
#undef ISA
  ISA_NUM_OPS
} isa_op;

typedef struct isa_info {
  const char *mnemonic;
  isa_format format;
  uint16_t opcode;
  const char *sig;
  uint32_t flags;
} isa_info;

/* MODE register fields (Vega ISA guide, "MODE"; AMDGPUUsage "Floating Point
 * Mode"): field f occupies bits 2f+1:2f of MODE and of the descriptor's
 * FLOAT_MODE byte. Rounding: 0 nearest even, 1 +inf, 2 -inf, 3 toward
 * zero. Denormals: bit 0 allows input denormals, bit 1 output denormals
 * (3 = keep all, 0 = flush all). */
typedef enum isa_mode_field {
  ISA_MODE_ROUND32, ISA_MODE_ROUND16_64, ISA_MODE_DENORM32, ISA_MODE_DENORM16_64, ISA_MODE_NUM_FIELDS
} isa_mode_field;
static inline unsigned isa_mode_get(uint32_t mode, isa_mode_field f) { return (mode >> (2 * f)) & 3u; }
static inline uint32_t isa_mode_set(uint32_t mode, isa_mode_field f, unsigned v) {
  return (mode & ~(3u << (2 * f))) | ((v & 3u) << (2 * f));
}
/* MODE fields an instruction reads: a mask of ISA_MR_* (bit f = field f). */
enum {
  ISA_MR_R32 = 1u << ISA_MODE_ROUND32,
  ISA_MR_R16_64 = 1u << ISA_MODE_ROUND16_64,
  ISA_MR_D32 = 1u << ISA_MODE_DENORM32,
  ISA_MR_D16_64 = 1u << ISA_MODE_DENORM16_64,
  ISA_MR_ALL = 15u,
  ISA_MR_NONE = 16u, /* isa_mode.def: a float instruction that reads no field */
};
/* The MODE fields `op` reads (isa_mode.def); 0 for instructions whose
 * result does not depend on MODE and for opcodes past the table. */
unsigned isa_mode_reads(unsigned op);
/* Does isa_mode.def list `op` (possibly as reading no field)? */
bool isa_mode_listed(unsigned op);
/* Is `op` a plain VALU or SALU operation (VOP1/2/3/3P, SOP1/2/K) whose
 * only effect is its register result, so a copy of it computes the same
 * value anywhere its operands hold theirs? No SCC, VCC, EXEC or M0 read
 * or write, no lane-crossing (EXEC-ignoring) access, no memory, counter,
 * branch or barrier, no s_setreg/s_getreg. *valu (may be NULL) gets
 * whether it is a VALU format. Used by the spiller's rematerialisation
 * (spill_remat.c) and by hoist-pressure (loop_hoist_pressure.c). */
bool isa_is_plain_alu(unsigned op, bool *valu);
/* The VOPC compare (v_cmp, not v_cmpx) that gives the same lane mask as
 * `op` with its two sources swapped (v_cmp_lt_f64 a, b == v_cmp_gt_f64
 * b, a): `op` itself for a symmetric condition (eq, ne/lg/neq, o, u, nlg,
 * f, t/tru), ISA_NUM_OPS for a class test, a v_cmpx, an opcode past the
 * table or one that is no VOPC compare. Derived from the semantic table
 * (isa_sem.cmp and the source type, through isa_cmp_find), so every width
 * is covered. */
unsigned isa_cmp_swapped(unsigned op);
/* LDS bytes one work-group can allocate on gfx900: 64 KiB per compute
 * unit (Vega ISA guide, "Local Data Share"; llc-19: "local memory (N)
 * exceeds limit (65536)"). */
#define ISA_LDS_BYTES 65536u
/* Reads the next operand of a signature (the table's "v2;a1,a2" column)
 * at *s: its register file letter (s, v, a = any source) into *file and
 * its width in dwords into *width, advancing *s. false at the ';' that
 * ends the definitions (step past it for the uses) or at the end. */
bool isa_sig_entry(const char **s, char *file, unsigned *width);
/* hwreg id of MODE for s_setreg/s_getreg (simm16 = id | offset << 6 | (size - 1) << 11). */
#define ISA_HWREG_MODE 1u

/* The table, indexed by isa_op. Its format and opcode columns are the
 * GFX9 encoding; isa_encoding gives every encoding family's. */
extern const isa_info isa_table[ISA_NUM_OPS];

/* ------------------------------------------------------------ encodings
 * Which instructions an encoding family has and their format, opcode and
 * spelling there (isa_enc.c): GFX9 from isa.def's columns; GFX90A and
 * GFX940 as GFX9 with the changes in isa_gfx90a.def / isa_gfx940.def;
 * GFX10 and GFX11 from their own maps (isa_gfx10.def, isa_gfx11.def),
 * since RDNA renumbered the opcodes. An instruction missing from a
 * family's map does not exist there: instruction selection must not pick
 * it for a target of that family and the emulator cannot decode it. */
typedef struct isa_enc {
  bool present;         /* the family has the instruction */
  uint8_t format;       /* isa_format in that family's encoding */
  uint16_t opcode;      /* opcode field of that format */
  const char *mnemonic; /* its spelling there; NULL: isa_table's (e.g. v_add_u32 is v_add_nc_u32 on GFX10) */
} isa_enc;
/* `op`'s encoding in family `e` (a wavecc_encoding); NULL when the family
 * lacks it or `op`/`e` are out of range. */
const isa_enc *isa_encoding(unsigned e, unsigned op);
/* `op`'s mnemonic in family `e` (isa_table's when the family keeps it or
 * lacks the instruction). */
const char *isa_mnemonic(unsigned e, unsigned op);
/* The instruction of family `e` with format `f` and opcode field `opcode`;
 * ISA_NUM_OPS if none (decoders build their own direct tables from
 * isa_encoding; this is for tests and tools). */
isa_op isa_lookup_in(unsigned e, isa_format f, unsigned opcode);
/* The VOP3 opcode of the VOP1/VOP2/VOPC opcode `opcode` (format f) in
 * family e: VOPC + 0, VOP2 + 0x100, VOP1 + 0x140 on GFX9 (Vega ISA guide
 * 12.x "VOP3"), VOP1 + 0x180 on GFX10/GFX11 (RDNA 2 guide 13.3.3, RDNA 3
 * guide 15.3.4; scripts/gen-rdna-isa-maps.py checks every map entry). */
unsigned isa_vop3_opcode(unsigned e, isa_format f, unsigned opcode);
/* The instruction of VOPD (GFX11 dual issue: two VALU operations in one
 * 64-bit word) component opcode `code`, in the X half (OPX [25:22]) if
 * x_half else the Y half (OPY [21:17]); ISA_NUM_OPS if family e has no
 * VOPD or the slot has no such instruction. RDNA 3 ISA guide, "VOPD";
 * isa_gfx11.def's VOPD lines. */
isa_op isa_vopd_op(unsigned e, unsigned code, bool x_half);
/* The reverse: true if family e's VOPD can hold `op` (*code: its
 * component opcode; *x: whether the X half may hold it, every such op
 * may be the Y half). Same source. */
bool isa_vopd_slot(unsigned e, isa_op op, unsigned *code, bool *x);
/* The immediate offsets [*lo, *hi] (bytes) the offset field of format f
 * holds in family e (isa_fields.c); 0..0 for formats without one. */
void isa_offset_range(unsigned e, isa_format f, int64_t *lo, int64_t *hi);
/* Name of an encoding format ("SOP1", ...). */
const char *isa_format_name(isa_format f);
/* Looks up by mnemonic; ISA_NUM_OPS if none. */
isa_op isa_by_mnemonic(const char *mnemonic);

/* ------------------------------------------------------------ semantics
 * The semantic columns of the table (isa_sem.def, one ISA_SEM line per
 * isa.def entry, in the same order): what an instruction computes, for the
 * emulator, the cost model and the passes, so that no code outside the
 * table reads meaning out of mnemonic text. isa_sem.def is written by
 * tools/isa_sem_gen.c from the mnemonics (the one place that
 * parses them); the unit test isa_sem_generated checks that the checked-in
 * file is what the generator writes, test_isa_sem.c checks its rules. */

/* Cost class (the emulator's cycle model, wemu_stats). */
typedef enum isa_cost {
  ISA_COST_NONE,
  ISA_COST_SALU,   /* SOP1/SOP2/SOPK/SOPC */
  ISA_COST_SCTL,   /* SOPP: program control, branches, waits */
  ISA_COST_SMEM,
  ISA_COST_LDS,    /* DS */
  ISA_COST_VMEM,   /* MUBUF/FLAT/GLOBAL/SCRATCH */
  ISA_COST_VALU,   /* full-rate VALU */
  ISA_COST_TRANS,  /* transcendental VALU: rcp, rsq, sqrt, exp, log, sin, cos (quarter rate) */
  ISA_COST_F64,    /* f64 VALU (quarter rate on gfx900) */
} isa_cost;

/* Value types of the sources and the destination. */
typedef enum isa_type {
  ISA_T_NONE,
  ISA_T_B16, ISA_T_I16, ISA_T_U16, ISA_T_F16,
  ISA_T_B32, ISA_T_I32, ISA_T_U32, ISA_T_F32,
  ISA_T_B64, ISA_T_I64, ISA_T_U64, ISA_T_F64,
} isa_type;
static inline unsigned isa_type_bits(isa_type t) { return t == ISA_T_NONE ? 0 : 16u << ((t - 1) / 4); }
static inline bool isa_type_float(isa_type t) { return t == ISA_T_F16 || t == ISA_T_F32 || t == ISA_T_F64; }

/* Compare kind of a VOPC instruction: the condition, float (16 codes, in
 * opcode order: f lt eq le gt lg ge o u nge nlg ngt nle neq nlt tru) or
 * integer (8: f lt eq le gt ne ge t), or a class test. */
typedef enum isa_cmp {
  ISA_CMP_NONE, ISA_CMP_CLASS,
  ISA_CMP_F_F, ISA_CMP_F_LT, ISA_CMP_F_EQ, ISA_CMP_F_LE, ISA_CMP_F_GT, ISA_CMP_F_LG, ISA_CMP_F_GE, ISA_CMP_F_O,
  ISA_CMP_F_U, ISA_CMP_F_NGE, ISA_CMP_F_NLG, ISA_CMP_F_NGT, ISA_CMP_F_NLE, ISA_CMP_F_NEQ, ISA_CMP_F_NLT, ISA_CMP_F_TRU,
  ISA_CMP_I_F, ISA_CMP_I_LT, ISA_CMP_I_EQ, ISA_CMP_I_LE, ISA_CMP_I_GT, ISA_CMP_I_NE, ISA_CMP_I_GE, ISA_CMP_I_T,
} isa_cmp;

/* Read-modify-write operation of an atomic (DS, buffer, flat, global). */
typedef enum isa_atomic {
  ISA_AT_NONE, ISA_AT_SWAP, ISA_AT_CMPSWAP, ISA_AT_ADD, ISA_AT_SUB, ISA_AT_RSUB, ISA_AT_SMIN, ISA_AT_UMIN,
  ISA_AT_SMAX, ISA_AT_UMAX, ISA_AT_AND, ISA_AT_OR, ISA_AT_XOR, ISA_AT_INC, ISA_AT_DEC, ISA_AT_MSKOR,
  ISA_AT_FADD, ISA_AT_FMIN, ISA_AT_FMAX,
  ISA_AT_PK_FADD_F16, ISA_AT_PK_FADD_BF16, /* two halves of the dword, each rounded to nearest even */
  ISA_AT_CSUB, /* RDNA global_atomic_csub: MEM >= DATA ? MEM - DATA : 0 (unsigned, clamped at 0) */
} isa_atomic;

/* Semantic flags (isa_sem.flags). */
enum {
  ISA_S_CMPX = 1u << 0,       /* v_cmpx: the compare also writes EXEC */
  ISA_S_CARRY_IN = 1u << 1,   /* reads a carry lane mask (VCC, or SGPR pair src2 in VOP3) */
  ISA_S_CARRY_OUT = 1u << 2,  /* writes a carry lane mask (VCC, or the VOP3b sdst) */
  ISA_S_SDST = 1u << 3,       /* VOP3b: a scalar destination beside the vector one */
  ISA_S_TIED = 1u << 4,       /* reads its destination (v_mac) */
  ISA_S_PARTIAL = 1u << 5,    /* may write only part of its destination (d16, cmov, bitset, movrel) */
  ISA_S_MOVREL = 1u << 6,     /* M0-relative register index */
  ISA_S_SIGNED = 1u << 7,     /* memory: sign-extends a sub-dword load */
  ISA_S_D16 = 1u << 8,        /* memory: 16-bit data in half a VGPR */
  ISA_S_D16_HI = 1u << 9,     /* ... the high half */
  ISA_S_RTN = 1u << 10,       /* DS: returns data (reads, _rtn atomics, swizzle, permute) */
  ISA_S_TWO_ADDR = 1u << 11,  /* DS: two addresses (read2/write2/wrxchg2) */
  ISA_S_ST64 = 1u << 12,      /* DS: offsets in units of 64 elements */
  ISA_S_SRC2 = 1u << 13,      /* DS: the _src2 forms */
  ISA_S_FORMAT = 1u << 14,    /* MUBUF: typed (format) access */
  ISA_S_ADDTID = 1u << 15,    /* DS: address adds the thread id */
  ISA_S_BUFFER = 1u << 16,    /* SMEM: addressed through a buffer resource (s_buffer_*) */
  ISA_S_F32_RESULT = 1u << 17, /* VALU: 32-bit float result that takes omod, clamp and output flushing */
  ISA_S_IMM64 = 1u << 18,     /* 64-bit inline constants are f64 values */
  ISA_S_IMM64_SIGNED = 1u << 19, /* 64-bit inline constants are sign-extended integers */
  ISA_S_F16_ROUND = 1u << 20, /* rounds by the f16/f64 MODE field because the result is f16 */
  ISA_S_SIMM16 = 1u << 21,    /* SOPP: takes a plain 16-bit immediate operand (s_nop 3, s_sleep 1, ...) */
  ISA_S_IMM64_ZEXT = 1u << 22, /* 64-bit integer operands: f64 inline constants, a literal zero-extended (CDNA 3 v_mov_b64) */
  ISA_S_COMMUTES = 1u << 23,  /* VOP2: src0 and src1 may swap, the result is the same (add, mul, min, max, and/or/xor, fmac) */
};

/* How the emulator computes a VALU lane: which arithmetic family
 * (src/emu/exec_valu_lane.c) holds its semantics. */
typedef enum isa_domain {
  ISA_DOM_NONE, ISA_DOM_CMP, ISA_DOM_INT, ISA_DOM_F32, ISA_DOM_F64, ISA_DOM_F16,
} isa_domain;

typedef struct isa_sem {
  uint8_t cost;   /* isa_cost */
  uint8_t dtype;  /* isa_type of the destination */
  uint8_t stype;  /* isa_type of the sources (the first where they differ) */
  uint8_t fbits;  /* float width of the source modifiers and inline constants: 0, 16, 32, 64 */
  uint8_t cmp;    /* isa_cmp */
  uint8_t atomic; /* isa_atomic */
  uint8_t bytes;  /* memory: bytes per lane (per element for TWO_ADDR), 0 if no memory access */
  uint8_t domain; /* isa_domain */
  uint32_t flags; /* ISA_S_* */
} isa_sem;

/* The semantic table, indexed by isa_op. */
extern const isa_sem isa_sem_table[ISA_NUM_OPS];
static inline const isa_sem *isa_sem_of(unsigned op) { return &isa_sem_table[op]; }
/* Memory dwords per lane of `op` (1 for sub-dword accesses, 0 for none). */
static inline unsigned isa_mem_dwords(unsigned op) { return (isa_sem_table[op].bytes + 3u) / 4u; }

/* Format classes. */
static inline bool isa_fmt_valu(isa_format f) {
  return f == ISA_FMT_VOP1 || f == ISA_FMT_VOP2 || f == ISA_FMT_VOPC || f == ISA_FMT_VOP3 || f == ISA_FMT_VOP3P;
}
static inline bool isa_fmt_salu(isa_format f) {
  return f == ISA_FMT_SOP1 || f == ISA_FMT_SOP2 || f == ISA_FMT_SOPK || f == ISA_FMT_SOPC;
}
static inline bool isa_fmt_vmem(isa_format f) {
  return f == ISA_FMT_MUBUF || f == ISA_FMT_MTBUF || f == ISA_FMT_FLAT || f == ISA_FMT_GLOBAL || f == ISA_FMT_SCRATCH;
}
/* MUBUF or MTBUF: a buffer access through a V# (same operands, offset
 * field and addressing; MTBUF adds the format, mir_instr.omod). */
static inline bool isa_fmt_buffer(isa_format f) { return f == ISA_FMT_MUBUF || f == ISA_FMT_MTBUF; }
/* Soft clauses: a run of SMEM instructions, or of VMEM (MUBUF, FLAT,
 * GLOBAL, SCRATCH) ones, with nothing else between; with XNACK the
 * hardware may replay such a run from its first instruction after a
 * fault (Vega ISA 4.x "soft clause"; LLVM's breaksSMEMSoftClause /
 * breaksVMEMSoftClause). */
typedef enum isa_clause { ISA_CLAUSE_NONE, ISA_CLAUSE_SMEM, ISA_CLAUSE_VMEM } isa_clause;
static inline isa_clause isa_clause_of(isa_format f) {
  return f == ISA_FMT_SMEM ? ISA_CLAUSE_SMEM : isa_fmt_vmem(f) ? ISA_CLAUSE_VMEM : ISA_CLAUSE_NONE;
}
/* The atomic in format `f` performing `at` on `bytes`-byte integer data
 * (DS: the returning form if `rtn`, else the non-returning one; never a
 * two-address or float-typed form); ISA_NUM_OPS if none. */
isa_op isa_atomic_find(isa_format f, isa_atomic at, unsigned bytes, bool rtn);
/* The same among the instructions encoding family e has (ds_cmpstore_rtn_b32
 * on GFX11, where ds_cmpst_rtn_b32 is gone); e = WAVECC_NUM_ENCODINGS: any. */
isa_op isa_atomic_find_in(unsigned e, isa_format f, isa_atomic at, unsigned bytes, bool rtn);
/* The non-returning DS form of returning DS atomic `op` (ds_add_rtn_u32 ->
 * ds_add_u32); `op` itself if it has none (ds_wrxchg_rtn_*) or is not a
 * returning DS atomic. */
isa_op isa_atomic_no_return(isa_op op);
/* The same among the instructions encoding family e has (GFX11:
 * ds_cmpstore_rtn_b32 -> ds_cmpstore_b32, not the gone ds_cmpst_b32);
 * e = WAVECC_NUM_ENCODINGS: any. */
isa_op isa_atomic_no_return_in(unsigned e, isa_op op);
/* The v_cmp (not v_cmpx) instruction testing condition `cmp` on sources
 * of type `t`; ISA_NUM_OPS if none. */
isa_op isa_cmp_find(isa_cmp cmp, isa_type t);

#endif
