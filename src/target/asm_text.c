/* Parser of one gfx900 assembly instruction for inline assembly; see
 * asm_text.h. */
#include "target/asm_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *skip(const char *p, const char *end) {
  while (p < end && isspace((unsigned char)*p)) p++;
  return p;
}

/* A register: vN, sN, aN, v[N:M], s[N:M], a[N:M]. */
static int parse_reg(const char *p, const char *end, asm_opnd *o) {
  char file = *p++;
  o->kind = file == 'v' ? ASM_OPND_VGPR : file == 'a' ? ASM_OPND_AGPR : ASM_OPND_SGPR;
  char *e;
  if (p < end && *p == '[') {
    unsigned long a = strtoul(p + 1, &e, 10);
    if (*e != ':') return -1;
    unsigned long b = strtoul(e + 1, &e, 10);
    if (*e != ']' || b < a || e + 1 != end) return -1;
    o->value = (uint32_t)a;
    o->count = (unsigned)(b - a + 1);
    return 0;
  }
  if (p >= end || !isdigit((unsigned char)*p)) return -1;
  unsigned long a = strtoul(p, &e, 10);
  if (e != end) return -1;
  o->value = (uint32_t)a;
  o->count = 1;
  return 0;
}

uint32_t asm_special_sreg(const char *s, size_t n, unsigned *count) {
  static const struct {
    const char *name;
    uint32_t reg;
    unsigned count;
  } names[] = {{"m0", ASM_SREG_M0, 1}, {"vcc_lo", ASM_SREG_VCC_LO, 1}, {"vcc_hi", ASM_SREG_VCC_HI, 1}, {"vcc", ASM_SREG_VCC_LO, 2}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strlen(names[i].name) == n && !strncmp(s, names[i].name, n)) {
      *count = names[i].count;
      return names[i].reg;
    }
  return 0;
}

static int parse_opnd(const char *p, const char *end, asm_opnd *o, char *err, size_t errlen) {
  size_t n = (size_t)(end - p);
  memset(o, 0, sizeof *o);
  if (n >= 2 && *p == '$' && isdigit((unsigned char)p[1])) {
    char *e;
    o->kind = ASM_OPND_ARG;
    o->value = (uint32_t)strtoul(p + 1, &e, 10);
    if (e == end) return 0;
  } else if (n >= 2 && (*p == 'v' || *p == 's' || *p == 'a') && (isdigit((unsigned char)p[1]) || p[1] == '[')) {
    if (parse_reg(p, end, o) == 0) return 0;
  } else if ((o->value = asm_special_sreg(p, n, &o->count)) != 0) {
    o->kind = ASM_OPND_SGPR;
    return 0;
  } else if (n >= 1 && (isdigit((unsigned char)*p) || *p == '-')) {
    char *e;
    long long v = strtoll(p, &e, 0);
    if (e == end && v >= -2147483648LL && v <= 4294967295LL) {
      o->kind = ASM_OPND_CONST;
      o->value = (uint32_t)v;
      return 0;
    }
  }
  snprintf(err, errlen, "operand '%.*s' (registers vN, sN, v[N:M], s[N:M], m0, vcc, vcc_lo, vcc_hi, $N and integers only)", (int)n, p);
  return -1;
}

int asm_parse_instr(const char *text, size_t len, asm_instr *out, char *err, size_t errlen) {
  const char *p = skip(text, text + len), *end = text + len;
  while (end > p && isspace((unsigned char)end[-1])) end--;
  memset(out, 0, sizeof *out);
  const char *m = p;
  while (p < end && !isspace((unsigned char)*p)) p++;
  char mn[64];
  size_t ml = (size_t)(p - m);
  if (ml == 0 || ml >= sizeof mn) {
    snprintf(err, errlen, "instruction '%.*s'", (int)(end - m), m);
    return -1;
  }
  memcpy(mn, m, ml);
  mn[ml] = 0;
  if (ml > 4 && (!strcmp(mn + ml - 4, "_e64") || !strcmp(mn + ml - 4, "_e32"))) {
    out->vop3 = mn[ml - 2] == '6';
    mn[ml - 4] = 0;
  }
  out->op = isa_by_mnemonic(mn);
  if (out->op == ISA_NUM_OPS) {
    snprintf(err, errlen, "unknown instruction '%s'", mn);
    return -1;
  }
  isa_format f = isa_table[out->op].format;
  /* the DPP forms need their controls, which this parser does not read
   * (without them llvm-mc-19 refuses the line too) */
  if (isa_table[out->op].flags & ISA_F_DPP) {
    snprintf(err, errlen, "instruction '%s' (DPP in inline assembly)", mn);
    return -1;
  }
  bool acc_move = out->op == ISA_V_ACCVGPR_READ_B32 || out->op == ISA_V_ACCVGPR_WRITE_B32; /* VOP3P */
  /* VOP3P without modifiers (a modifier after the last operand is not an
   * operand: refused below) is the packed form, op_sel_hi [1,1,1], as the
   * encoder writes it; the mix ops default to op_sel_hi 0 in llvm-mc and
   * MFMA have their own fields: refused */
  bool mix = out->op == ISA_V_MAD_MIX_F32 || out->op == ISA_V_MAD_MIXLO_F16 || out->op == ISA_V_MAD_MIXHI_F16 ||
             out->op == ISA_V_FMA_MIX_F32 || out->op == ISA_V_FMA_MIXLO_F16 || out->op == ISA_V_FMA_MIXHI_F16;
  bool packed = f == ISA_FMT_VOP3P && !mix && !(isa_table[out->op].flags & ISA_F_MFMA);
  /* VOPC in its VOP3 form (_e64): the lane mask goes to the named SGPRs */
  bool cmp64 = f == ISA_FMT_VOPC && out->vop3;
  if (f != ISA_FMT_SOP1 && f != ISA_FMT_SOP2 && f != ISA_FMT_VOP1 && f != ISA_FMT_VOP2 && f != ISA_FMT_VOP3 &&
      out->op != ISA_S_NOP && !acc_move && !packed && !cmp64) {
    snprintf(err, errlen,
             "instruction '%s' (%s format: only SOP1, SOP2, VOP1, VOP2, VOP3, VOPC _e64 and packed VOP3P instructions)", mn,
             isa_format_name(f));
    return -1;
  }
  while ((p = skip(p, end)) < end) {
    const char *q = p;
    while (q < end && *q != ',') q++;
    const char *e = q;
    while (e > p && isspace((unsigned char)e[-1])) e--;
    if (out->nops == ASM_MAX_OPNDS) {
      snprintf(err, errlen, "too many operands in '%.*s'", (int)len, text);
      return -1;
    }
    if (parse_opnd(p, e, &out->ops[out->nops++], err, errlen)) return -1;
    p = q < end ? q + 1 : q;
  }
  return 0;
}
