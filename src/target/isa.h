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

typedef enum isa_format {
  ISA_FMT_SOP1, ISA_FMT_SOP2, ISA_FMT_SOPK, ISA_FMT_SOPC, ISA_FMT_SOPP,
  ISA_FMT_SMEM,
  ISA_FMT_VOP1, ISA_FMT_VOP2, ISA_FMT_VOPC, ISA_FMT_VOP3, ISA_FMT_VOP3P,
  ISA_FMT_DS, ISA_FMT_MUBUF, ISA_FMT_FLAT, ISA_FMT_GLOBAL, ISA_FMT_SCRATCH,
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
};

/* gfx9 s_waitcnt counter widths (Vega ISA guide 4.4 "Data Dependency
 * Resolution"; AMDGPUUsage's gfx9 waitcnt operand): vmcnt 6 bits, expcnt 3,
 * lgkmcnt 4. The largest value of a field also encodes "no wait", and no
 * more events than the largest value can be outstanding per counter
 * (issue stalls; src/passes/waitcnt.c never relies on it). */
enum { ISA_VMCNT_MAX = 63, ISA_EXPCNT_MAX = 7, ISA_LGKMCNT_MAX = 15 };

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

/* The table, indexed by isa_op. */
extern const isa_info isa_table[ISA_NUM_OPS];
/* Name of an encoding format ("SOP1", ...). */
const char *isa_format_name(isa_format f);
/* Looks up an instruction by format and opcode field; ISA_NUM_OPS if none.
 * O(1): a per-format table built once at compile time of isa.c. */
isa_op isa_lookup(isa_format f, unsigned opcode);
/* Looks up by mnemonic; ISA_NUM_OPS if none. */
isa_op isa_by_mnemonic(const char *mnemonic);

#endif
