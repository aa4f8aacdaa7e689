/* The instruction table and its look-ups (see isa.h). */
#include "target/isa.h"

#include <stdbool.h>
#include <string.h>

const isa_info isa_table[ISA_NUM_OPS] = {
#define ISA(E, MN, FMT, OPC, SIG, FL) [ISA_##E] = {MN, ISA_FMT_##FMT, OPC, SIG, FL},
#include "target/isa.def"
#undef ISA
};

static const uint8_t mode_reads[ISA_NUM_OPS] = {
#define ISA_MODE(E, FIELDS) [ISA_##E] = (FIELDS),
#include "target/isa_mode.def"
#undef ISA_MODE
};

bool isa_mode_listed(unsigned op) { return op < ISA_NUM_OPS && mode_reads[op] != 0; }

unsigned isa_mode_reads(unsigned op) { return op < ISA_NUM_OPS ? mode_reads[op] & ISA_MR_ALL : 0; }

static const char *const format_names[ISA_FMT_COUNT] = {
  "SOP1", "SOP2", "SOPK", "SOPC", "SOPP", "SMEM", "VOP1", "VOP2", "VOPC",
  "VOP3", "VOP3P", "DS", "MUBUF", "FLAT", "GLOBAL", "SCRATCH",
};

const char *isa_format_name(isa_format f) {
  return (unsigned)f < ISA_FMT_COUNT ? format_names[f] : "?";
}

isa_op isa_lookup(isa_format f, unsigned opcode) {
  /* Linear for now; the emulator's decoder builds its own direct tables. */
  for (unsigned i = 0; i < ISA_NUM_OPS; i++)
    if (isa_table[i].format == f && isa_table[i].opcode == opcode)
      return (isa_op)i;
  return ISA_NUM_OPS;
}

isa_op isa_by_mnemonic(const char *mnemonic) {
  for (unsigned i = 0; i < ISA_NUM_OPS; i++)
    if (strcmp(isa_table[i].mnemonic, mnemonic) == 0)
      return (isa_op)i;
  return ISA_NUM_OPS;
}

bool isa_sig_entry(const char **s, char *file, unsigned *width) {
  while (**s == ',') (*s)++;
  if (!**s || **s == ';') return false;
  *file = **s;
  (*s)++;
  *width = 0;
  while (**s >= '0' && **s <= '9') *width = *width * 10 + (unsigned)(*(*s)++ - '0');
  return true;
}

bool isa_is_plain_alu(unsigned op, bool *valu) {
  if (op >= ISA_NUM_OPS) return false;
  const isa_info *ii = &isa_table[op];
  bool v = ii->format == ISA_FMT_VOP1 || ii->format == ISA_FMT_VOP2 || ii->format == ISA_FMT_VOP3 || ii->format == ISA_FMT_VOP3P;
  bool s = ii->format == ISA_FMT_SOP1 || ii->format == ISA_FMT_SOP2 || ii->format == ISA_FMT_SOPK;
  if (!v && !s) return false;
  uint32_t bad = ISA_F_WRITES_SCC | ISA_F_READS_SCC | ISA_F_WRITES_EXEC | ISA_F_READS_EXEC_ALWAYS | ISA_F_WRITES_VCC |
                 ISA_F_READS_VCC | ISA_F_IGNORES_EXEC | ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT | ISA_F_LOAD | ISA_F_STORE |
                 ISA_F_ATOMIC | ISA_F_BRANCH | ISA_F_BARRIER | ISA_F_TERMINATOR | ISA_F_WRITES_M0 | ISA_F_READS_M0;
  if (ii->flags & bad) return false;
  if (op == ISA_S_SETREG_B32 || op == ISA_S_SETREG_IMM32_B32 || op == ISA_S_GETREG_B32) return false;
  if (valu) *valu = v;
  return true;
}
