/* A small parser of gfx900 assembly text, one instruction at a time, for
 * inline assembly (src/isel/isel_asm.c): the mnemonic is looked up in the
 * instruction table (isa.def) and the operands are read in the order the
 * assembler writes them (definitions, then uses), as LLVM's AMDGPUAsmGFX9
 * syntax spells them. Only the ALU formats (SOP1, SOP2, VOP1, VOP2, VOP3),
 * s_nop and the CDNA accumulation-register moves (v_accvgpr_read_b32,
 * v_accvgpr_write_b32: VOP3P), with register (vN, sN, aN), `$N` and
 * integer operands; the loads and stores of the GLOBAL format with `off`
 * for SADDR and of the DS format (not atomics), each with an optional
 * `offset:N`; s_waitcnt with `vmcnt(N)`, `expcnt(N)`, `lgkmcnt(N)` fields
 * (counter names: target.h's wavecc_counter_name) or a simm16. Anything
 * else is an error naming the construct.
 */
#ifndef WAVECC_TARGET_ASM_TEXT_H
#define WAVECC_TARGET_ASM_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "target/isa.h"
#include "target/target.h"

typedef enum asm_opnd_kind {
  ASM_OPND_ARG,   /* $N: operand N of the inline asm's constraint list */
  ASM_OPND_VGPR,  /* vN or v[N:M] */
  ASM_OPND_SGPR,  /* sN or s[N:M] */
  ASM_OPND_AGPR,  /* aN or a[N:M] (CDNA accumulation registers) */
  ASM_OPND_CONST, /* an integer (decimal, 0x hex, negative) */
} asm_opnd_kind;

/* The named scalar registers inline assembly may write or read by name
 * (m0, vcc_lo, vcc_hi; vcc is vcc_lo with count 2): ASM_OPND_SGPR with
 * these numbers, above every SGPR (isel_asm.c renames them to temporaries,
 * as it does sN). */
enum { ASM_SREG_M0 = 1000, ASM_SREG_VCC_LO = 1001, ASM_SREG_VCC_HI = 1002 };
/* The ASM_SREG_* number of name `s` (n bytes: "m0", "vcc_lo", "vcc_hi",
 * "vcc"; *count 1, or 2 for vcc), or 0. */
uint32_t asm_special_sreg(const char *s, size_t n, unsigned *count);

typedef struct asm_opnd {
  asm_opnd_kind kind;
  uint32_t value;  /* ARG: N; registers: first register number; CONST: the bits */
  unsigned count;  /* registers: how many (1 for vN) */
} asm_opnd;

enum { ASM_MAX_OPNDS = 4 };

typedef struct asm_instr {
  isa_op op;
  int vop3;        /* the _e64 suffix asked for the VOP3 encoding */
  unsigned nops;   /* operands as written: definitions, then uses ("off" not counted) */
  asm_opnd ops[ASM_MAX_OPNDS];
  int32_t offset;  /* GLOBAL/DS: the offset:N modifier (bytes; 0 when absent) */
  int saddr_off;   /* GLOBAL: SADDR written as `off` */
  /* s_waitcnt: the simm16 as written (simm_set), or the counters named
   * (cnt_set bit c: cnt[c] holds wavecc_counter c's value) */
  int simm_set;
  uint32_t simm;
  unsigned cnt_set, cnt[WAVECC_NUM_COUNTERS];
} asm_instr;

/* Parses one instruction from the `len` bytes at `text` (no newline or
 * ';' inside). Returns 0, or -1 with a message in err (errlen bytes). */
int asm_parse_instr(const char *text, size_t len, asm_instr *out, char *err, size_t errlen);

#endif
