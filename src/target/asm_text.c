/* Parser of one assembly instruction for inline assembly; see
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

/* "offset:N" into *off; -1 for any other modifier (glc, slc, offset0:,
 * ...), which the text may not carry. */
static int parse_modifier(const char *p, const char *end, int32_t *off) {
  size_t n = (size_t)(end - p);
  if (n <= 7 || strncmp(p, "offset:", 7)) return -1;
  char *e;
  long long v = strtoll(p + 7, &e, 0);
  if (e != end || v < -2147483648LL || v > 2147483647LL) return -1;
  *off = (int32_t)v;
  return 0;
}

/* s_waitcnt's operand: a simm16, or counter fields "vmcnt(N)" separated
 * by spaces, '&' or ',' (llvm-mc's AMDGPU syntax). */
static int parse_waitcnt(const char *p, const char *end, asm_instr *out, char *err, size_t errlen) {
  p = skip(p, end);
  const char *all = p;
  if (p < end && isdigit((unsigned char)*p)) {
    char *e;
    unsigned long v = strtoul(p, &e, 0);
    if (skip(e, end) == end && v <= 0xffff) {
      out->simm_set = 1;
      out->simm = (uint32_t)v;
      return 0;
    }
  }
  while ((p = skip(p, end)) < end) {
    if (*p == '&' || *p == ',') {
      p++;
      continue;
    }
    const char *q = p;
    while (q < end && *q != '(') q++;
    unsigned c = 0;
    for (; c < WAVECC_NUM_COUNTERS; c++) {
      const char *nm = wavecc_counter_name((wavecc_counter)c);
      if (c != WAVECC_CNT_VS && strlen(nm) == (size_t)(q - p) && !strncmp(p, nm, (size_t)(q - p))) break;
    }
    char *e;
    unsigned long v = q < end ? strtoul(q + 1, &e, 10) : 0;
    if (c == WAVECC_NUM_COUNTERS || q == end || e == q + 1 || e >= end || *e != ')' || (out->cnt_set >> c & 1)) {
      snprintf(err, errlen, "s_waitcnt operand '%.*s' (vmcnt(N), expcnt(N), lgkmcnt(N) or a simm16)", (int)(end - all),
               all);
      return -1;
    }
    out->cnt_set |= 1u << c;
    out->cnt[c] = (unsigned)v;
    p = e + 1;
  }
  if (!out->cnt_set) {
    snprintf(err, errlen, "s_waitcnt without an operand");
    return -1;
  }
  return 0;
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
  uint32_t fl = isa_table[out->op].flags;
  bool mem = (f == ISA_FMT_GLOBAL || f == ISA_FMT_DS) && (fl & (ISA_F_LOAD | ISA_F_STORE)) && !(fl & ISA_F_ATOMIC);
  if (out->op == ISA_S_WAITCNT) return parse_waitcnt(p, end, out, err, errlen);
  if (f != ISA_FMT_SOP1 && f != ISA_FMT_SOP2 && f != ISA_FMT_VOP1 && f != ISA_FMT_VOP2 && f != ISA_FMT_VOP3 &&
      out->op != ISA_S_NOP && !acc_move && !packed && !cmp64 && !mem) {
    snprintf(err, errlen,
             "instruction '%s' (%s format: only SOP1, SOP2, VOP1, VOP2, VOP3, VOPC _e64, packed VOP3P, s_nop, "
             "s_waitcnt and the loads and stores of GLOBAL and DS)",
             mn, isa_format_name(f));
    return -1;
  }
  while ((p = skip(p, end)) < end) {
    const char *q = p;
    while (q < end && *q != ',') q++;
    const char *e = q;
    while (e > p && isspace((unsigned char)e[-1])) e--;
    if (mem && q == end) { /* the last operand, then modifiers after spaces */
      const char *t = p;
      while (t < e && !isspace((unsigned char)*t)) t++;
      for (const char *m = skip(t, e), *me; m < e; m = skip(me, e)) {
        me = m;
        while (me < e && !isspace((unsigned char)*me)) me++;
        if (parse_modifier(m, me, &out->offset)) {
          snprintf(err, errlen, "modifier '%.*s' of %s (offset:N only)", (int)(me - m), m, mn);
          return -1;
        }
      }
      e = t;
    }
    if (mem && f == ISA_FMT_GLOBAL && e - p == 3 && !strncmp(p, "off", 3)) {
      out->saddr_off = 1;
      p = q < end ? q + 1 : q;
      continue;
    }
    if (out->nops == ASM_MAX_OPNDS) {
      snprintf(err, errlen, "too many operands in '%.*s'", (int)len, text);
      return -1;
    }
    if (parse_opnd(p, e, &out->ops[out->nops++], err, errlen)) return -1;
    p = q < end ? q + 1 : q;
  }
  return 0;
}
