/* The instruction table and its look-ups (see isa.h). */
#include "target/isa.h"

#include <stdbool.h>
#include <string.h>

#include "target/target.h"

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
  "VOP3", "VOP3P", "DS", "MUBUF", "FLAT", "GLOBAL", "SCRATCH", "MTBUF",
};

const char *isa_format_name(isa_format f) {
  return (unsigned)f < ISA_FMT_COUNT ? format_names[f] : "?";
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
                 ISA_F_ATOMIC | ISA_F_BRANCH | ISA_F_BARRIER | ISA_F_TERMINATOR | ISA_F_WRITES_M0 | ISA_F_READS_M0 |
                 ISA_F_MFMA; /* lanes read each other's operands: not under another EXEC */
  if (ii->flags & bad) return false;
  if (op == ISA_S_SETREG_B32 || op == ISA_S_SETREG_IMM32_B32 || op == ISA_S_GETREG_B32) return false;
  if (valu) *valu = v;
  return true;
}

const isa_sem isa_sem_table[ISA_NUM_OPS] = {
#define ISA_SEM(E, COST, DT, ST, FB, CMP, AT, BYTES, DOM, FL) \
  [ISA_##E] = {ISA_COST_##COST, ISA_T_##DT, ISA_T_##ST, FB, ISA_CMP_##CMP, ISA_AT_##AT, BYTES, ISA_DOM_##DOM, FL},
#include "target/isa_sem.def"
#undef ISA_SEM
};

/* A DS atomic's returning and non-returning forms differ only in ISA_S_RTN
 * (ds_add_u32 / ds_add_rtn_u32); global and flat atomics have one form and
 * choose by the glc bit. */
static bool atomic_twin(const isa_sem *a, const isa_sem *b) {
  const uint32_t shape = ISA_S_TWO_ADDR | ISA_S_ST64 | ISA_S_SRC2;
  return a->atomic == b->atomic && a->bytes == b->bytes && a->stype == b->stype && (a->flags & shape) == (b->flags & shape);
}

isa_op isa_atomic_find(isa_format f, isa_atomic at, unsigned bytes, bool rtn) {
  return isa_atomic_find_in(WAVECC_NUM_ENCODINGS, f, at, bytes, rtn);
}

isa_op isa_atomic_find_in(unsigned e, isa_format f, isa_atomic at, unsigned bytes, bool rtn) {
  for (unsigned i = 0; i < ISA_NUM_OPS; i++) {
    const isa_sem *s = &isa_sem_table[i];
    if (isa_table[i].format != f || s->atomic != at || s->bytes != bytes || isa_type_float((isa_type)s->stype)) continue;
    if (e < WAVECC_NUM_ENCODINGS && !isa_encoding(e, i)) continue;
    if (s->flags & (ISA_S_TWO_ADDR | ISA_S_ST64 | ISA_S_SRC2)) continue;
    if (f == ISA_FMT_DS && rtn != ((s->flags & ISA_S_RTN) != 0)) continue;
    return (isa_op)i;
  }
  return ISA_NUM_OPS;
}

isa_op isa_atomic_no_return(isa_op op) { return isa_atomic_no_return_in(WAVECC_NUM_ENCODINGS, op); }

isa_op isa_atomic_no_return_in(unsigned e, isa_op op) {
  const isa_sem *s = &isa_sem_table[op];
  if (isa_table[op].format != ISA_FMT_DS || s->atomic == ISA_AT_NONE || !(s->flags & ISA_S_RTN)) return op;
  for (unsigned i = 0; i < ISA_NUM_OPS; i++)
    if (isa_table[i].format == ISA_FMT_DS && !(isa_sem_table[i].flags & ISA_S_RTN) && atomic_twin(s, &isa_sem_table[i]) &&
        (e >= WAVECC_NUM_ENCODINGS || isa_encoding(e, i)))
      return (isa_op)i;
  return op;
}

isa_op isa_cmp_find(isa_cmp cmp, isa_type t) {
  if (cmp == ISA_CMP_NONE) return ISA_NUM_OPS;
  for (unsigned i = 0; i < ISA_NUM_OPS; i++) {
    const isa_sem *s = &isa_sem_table[i];
    if (isa_table[i].format == ISA_FMT_VOPC && s->cmp == cmp && s->stype == t && !(s->flags & ISA_S_CMPX)) return (isa_op)i;
  }
  return ISA_NUM_OPS;
}

unsigned isa_cmp_swapped(unsigned op) {
  if (op >= ISA_NUM_OPS || isa_table[op].format != ISA_FMT_VOPC) return ISA_NUM_OPS;
  const isa_sem *se = &isa_sem_table[op];
  if (se->flags & ISA_S_CMPX) return ISA_NUM_OPS;
  unsigned want;
  switch ((isa_cmp)se->cmp) {
  case ISA_CMP_F_LT: want = ISA_CMP_F_GT; break;
  case ISA_CMP_F_GT: want = ISA_CMP_F_LT; break;
  case ISA_CMP_F_LE: want = ISA_CMP_F_GE; break;
  case ISA_CMP_F_GE: want = ISA_CMP_F_LE; break;
  case ISA_CMP_F_NGE: want = ISA_CMP_F_NLE; break;
  case ISA_CMP_F_NLE: want = ISA_CMP_F_NGE; break;
  case ISA_CMP_F_NGT: want = ISA_CMP_F_NLT; break;
  case ISA_CMP_F_NLT: want = ISA_CMP_F_NGT; break;
  case ISA_CMP_I_LT: want = ISA_CMP_I_GT; break;
  case ISA_CMP_I_GT: want = ISA_CMP_I_LT; break;
  case ISA_CMP_I_LE: want = ISA_CMP_I_GE; break;
  case ISA_CMP_I_GE: want = ISA_CMP_I_LE; break;
  case ISA_CMP_F_F: case ISA_CMP_F_EQ: case ISA_CMP_F_LG: case ISA_CMP_F_O: case ISA_CMP_F_U: case ISA_CMP_F_NLG:
  case ISA_CMP_F_NEQ: case ISA_CMP_F_TRU: case ISA_CMP_I_F: case ISA_CMP_I_EQ: case ISA_CMP_I_NE: case ISA_CMP_I_T:
    return op;
  default: return ISA_NUM_OPS; /* no compare, or a class test (its sources have different roles) */
  }
  return isa_cmp_find((isa_cmp)want, (isa_type)se->stype);
}
