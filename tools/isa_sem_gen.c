/* isa-sem-gen: writes src/target/isa_sem.def, the semantic columns of the
 * ISA table (see isa.h "semantics"), to stdout.
 *
 * This is the one place that reads meaning out of mnemonic text: the
 * naming rules of the Vega ISA guide (chapter 12 opcode tables: a type
 * suffix per operand, destination first; _rtn, _x2, d16, st64, ...). The
 * rules here are the ones the emulator and the passes used to apply at run
 * time, moved unchanged, so that the table reproduces their classification
 * exactly (the cost class excepted: "exp" no longer matches v_ldexp and
 * v_frexp). The lane family is found by probing the emulator's lane
 * functions (emu_valu_lane_family), which is what the column records.
 *
 * Regenerate after changing isa.def:
 *   build/src/target/isa-sem-gen > src/target/isa_sem.def
 * ctest's unit.isa_sem_generated fails while the two differ. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/valu_lane.h"
#include "target/isa.h"

static bool has(const char *s, const char *w) { return strstr(s, w) != NULL; }
static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* ------------------------------------------------------------ types */

static isa_type type_token(const char *t, size_t n) {
  if (n < 3 || n > 3 || !strchr("biuf", t[0])) return ISA_T_NONE;
  unsigned w = (unsigned)atoi(t + 1);
  unsigned row = w == 16 ? 0 : w == 32 ? 1 : w == 64 ? 2 : 3;
  if (row == 3) return ISA_T_NONE;
  unsigned col = t[0] == 'b' ? 0 : t[0] == 'i' ? 1 : t[0] == 'u' ? 2 : 3;
  return (isa_type)(1 + 4 * row + col);
}

/* The type suffixes of a mnemonic, destination first (v_cvt_f32_i32). */
static void parse_types(const char *mn, isa_format f, isa_type *dt, isa_type *st) {
  isa_type t[8];
  unsigned n = 0;
  for (const char *p = strchr(mn, '_'); p && n < 8; p = strchr(p + 1, '_')) {
    const char *e = strchr(p + 1, '_');
    size_t len = e ? (size_t)(e - p - 1) : strlen(p + 1);
    isa_type x = type_token(p + 1, len);
    if (x != ISA_T_NONE) t[n++] = x;
  }
  *dt = n ? t[0] : ISA_T_NONE;
  *st = n ? t[n - 1] : ISA_T_NONE;
  if (f == ISA_FMT_VOPC) *dt = ISA_T_NONE; /* the result is a lane-mask bit */
  if (starts(mn, "v_cvt_pk")) *dt = ISA_T_B32;  /* two packed halves */
  if (starts(mn, "v_cvt_f32_ubyte")) *st = ISA_T_U32;
  /* both 16-bit halves of S0/S1, a 32-bit S2 and result (Vega ISA guide) */
  if (!strcmp(mn, "v_sad_u16")) *dt = *st = ISA_T_U32;
}

static isa_type with_bits(isa_type t, unsigned bits) {
  unsigned col = t == ISA_T_NONE ? 0 : (t - 1) % 4;
  unsigned row = bits == 16 ? 0 : bits == 32 ? 1 : 2;
  return (isa_type)(1 + 4 * row + col);
}

/* ------------------------------------------------------------ VALU facts
 * (formerly emu_valu_init in src/emu/exec_valu.c) */

static void valu_facts(const char *mn, isa_format f, emu_vinfo *vi) {
  static const char *const fc[] = {"f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru"};
  static const char *const ic[] = {"f", "lt", "eq", "le", "gt", "ne", "ge", "t"};
  static const char *const ty[] = {"", "f16", "f32", "f64", "i16", "u16", "i32", "u32", "i64", "u64"};
  memset(vi, 0, sizeof *vi);
  if (!isa_fmt_valu(f)) return;
  if (f == ISA_FMT_VOPC) {
    const char *p = mn + 5; /* after "v_cmp" */
    if (*p == 'x') { vi->cmpx = 1; p++; }
    p++; /* '_' */
    if (!strncmp(p, "class_", 6)) {
      vi->cmptype = !strcmp(p + 6, "f16") ? 10 : !strcmp(p + 6, "f32") ? 11 : 12;
    } else {
      const char *us = strrchr(p, '_');
      if (!us) return;
      for (unsigned t = 1; t < 10; t++) if (!strcmp(us + 1, ty[t])) vi->cmptype = (uint8_t)t;
      size_t cl = (size_t)(us - p);
      const char *const *tab = vi->cmptype <= 3 ? fc : ic;
      unsigned n = vi->cmptype <= 3 ? 16 : 8;
      for (unsigned c = 0; c < n; c++) if (strlen(tab[c]) == cl && !strncmp(p, tab[c], cl)) vi->cmp = (uint8_t)c;
    }
  }
  size_t L = strlen(mn);
  const char *tail = L >= 3 ? mn + L - 3 : mn;
  int has16 = has(mn, "f16") || has(mn, "i16") || has(mn, "u16") || has(mn, "b16");
  if (f == ISA_FMT_VOP3P) return;
  if ((!strcmp(tail, "f16") || !strcmp(tail, "i16") || !strcmp(tail, "u16") || !strcmp(tail, "b16")) && !starts(mn, "v_cvt_f16_") && !starts(mn, "v_cvt_pk") && !starts(mn, "v_cvt_norm"))
    vi->src16 = 1;
  if (starts(mn, "v_cvt_f32_f16") || starts(mn, "v_cvt_u16_f16") || starts(mn, "v_cvt_i16_f16") || starts(mn, "v_cvt_norm") || !strcmp(mn, "v_cvt_f16_u16") || !strcmp(mn, "v_cvt_f16_i16") || !strcmp(mn, "v_frexp_exp_i16_f16") || !strcmp(mn, "v_pack_b32_f16"))
    vi->src16 = 1;
  if (!strcmp(mn, "v_mad_u32_u16") || !strcmp(mn, "v_mad_i32_i16")) vi->src16 = 1;
  vi->dst16 = has16 && !has(mn, "f32") && strcmp(mn, "v_pack_b32_f16") && strcmp(mn, "v_mad_u32_u16") && strcmp(mn, "v_mad_i32_i16") && !starts(mn, "v_cvt_pk") && f != ISA_FMT_VOPC;
  if (!strcmp(mn, "v_cvt_f32_f16")) vi->dst16 = 0;
  if (!strcmp(mn, "v_sad_u16")) vi->src16 = vi->dst16 = 0;
  /* VOP2 dot products (v_dot2c_i32_i16): packed 16-bit pairs in 32-bit sources, 32-bit result */
  if (starts(mn, "v_dot")) vi->src16 = vi->dst16 = 0;
  if (has(mn, "f64")) vi->fsrc = 64;
  else if (has(mn, "f32")) vi->fsrc = 32;
  else if (has(mn, "f16")) vi->fsrc = 16;
  if (!strcmp(mn, "v_cvt_f64_f32") || !strcmp(mn, "v_cvt_f64_i32") || !strcmp(mn, "v_cvt_f64_u32")) vi->fsrc = 32;
  if (!strcmp(mn, "v_cvt_f32_f16") || !strcmp(mn, "v_cvt_pkrtz_f16_f32") || !strcmp(mn, "v_cvt_f16_f32")) vi->fsrc = !strcmp(mn, "v_cvt_f32_f16") ? 16 : 32;
  if (vi->fsrc == 0 && !vi->src16) vi->fsrc = 32; /* integer ops: abs/neg act on bit 31 if ever set */
  /* v_dot2c_f32_f16 reads its packed f16 sources as whole dwords; fsrc 16:
   * an inline float constant is the half in the low half, 0 above it
   * (LLVM 19 AMDGPUBaseInfo getInlineEncodingV216, llc-19 encodes
   * <1.0, 0.0> as 1.0 and <1.0, 1.0> as the literal 0x3c003c00) */
  if (!strcmp(mn, "v_dot2c_f32_f16")) { vi->src16 = 0; vi->fsrc = 16; }
}

/* ------------------------------------------------------------ memory facts
 * (formerly shape_of / atomic_kind and exec_ds in src/emu/exec_mem.c) */

static unsigned mem_bytes(const char *mn, uint32_t *fl) {
  unsigned bytes = 4;
  /* every memory operation on an f64 (the VMEM atomics, and LDS's ds_min_f64,
   * ds_max_f64, ds_cmpst_f64, ds_add_f64 and their _rtn forms) moves 8 bytes */
  if (has(mn, "dwordx2") || has(mn, "_b64") || has(mn, "_x2") || has(mn, "_u64") || has(mn, "_i64") || has(mn, "_f64"))
    bytes = 8;
  else if (has(mn, "dwordx3") || has(mn, "_b96")) bytes = 12;
  else if (has(mn, "dwordx4") || has(mn, "_b128")) bytes = 16;
  else if (has(mn, "byte") || has(mn, "_b8") || has(mn, "_u8") || has(mn, "_i8")) bytes = 1;
  else if (has(mn, "short") || has(mn, "_b16") || has(mn, "_u16") || has(mn, "_i16")) bytes = 2;
  if (has(mn, "sbyte") || has(mn, "sshort") || has(mn, "_i8") || has(mn, "_i16")) *fl |= ISA_S_SIGNED;
  if (has(mn, "d16")) { *fl |= ISA_S_D16; if (has(mn, "_hi")) *fl |= ISA_S_D16_HI; }
  if (has(mn, "_format_")) {
    /* typed access: the bytes of its data registers (components x, xy, xyz,
     * xyzw; d16 packs two per dword); memory bytes follow the format */
    const char *sfx = strrchr(mn, '_') + 1;
    unsigned comps = (unsigned)strlen(sfx);
    bytes = has(mn, "d16") ? (comps + 1) / 2 * 4 : comps * 4;
  }
  return bytes;
}

static isa_atomic atomic_kind(const char *mn) {
  const char *p = strstr(mn, "atomic_");
  if (p) p += 7;
  else if (starts(mn, "ds_")) p = mn + 3;
  else return ISA_AT_NONE;
  static const struct { const char *n; isa_atomic k; } t[] = {
    {"csub", ISA_AT_CSUB}, {"swap", ISA_AT_SWAP}, {"cmpswap", ISA_AT_CMPSWAP}, {"cmpst", ISA_AT_CMPSWAP}, {"wrxchg", ISA_AT_SWAP}, {"add_f", ISA_AT_FADD}, {"add_rtn_f", ISA_AT_FADD},
    {"pk_add_f16", ISA_AT_PK_FADD_F16}, {"pk_add_rtn_f16", ISA_AT_PK_FADD_F16}, {"pk_add_bf16", ISA_AT_PK_FADD_BF16},
    {"pk_add_rtn_bf16", ISA_AT_PK_FADD_BF16}, {"min_f", ISA_AT_FMIN}, {"max_f", ISA_AT_FMAX}, {"min_rtn_f", ISA_AT_FMIN}, {"max_rtn_f", ISA_AT_FMAX},
    {"add", ISA_AT_ADD}, {"sub", ISA_AT_SUB}, {"rsub", ISA_AT_RSUB}, {"smin", ISA_AT_SMIN}, {"umin", ISA_AT_UMIN}, {"smax", ISA_AT_SMAX}, {"umax", ISA_AT_UMAX},
    {"min_i", ISA_AT_SMIN}, {"min_u", ISA_AT_UMIN}, {"max_i", ISA_AT_SMAX}, {"max_u", ISA_AT_UMAX}, {"min_rtn_i", ISA_AT_SMIN}, {"min_rtn_u", ISA_AT_UMIN},
    {"max_rtn_i", ISA_AT_SMAX}, {"max_rtn_u", ISA_AT_UMAX}, {"and", ISA_AT_AND}, {"or", ISA_AT_OR}, {"xor", ISA_AT_XOR}, {"inc", ISA_AT_INC}, {"dec", ISA_AT_DEC}, {"mskor", ISA_AT_MSKOR},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (starts(p, t[i].n)) return t[i].k;
  return ISA_AT_NONE;
}

/* ------------------------------------------------------------ one entry */

static bool transcendental(const char *mn) {
  static const char *const ops[] = {"v_rcp_", "v_rsq_", "v_sqrt_", "v_exp_", "v_log_", "v_sin_", "v_cos_"};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (starts(mn, ops[i])) return true;
  return false;
}

static isa_cost cost_of(const isa_info *ii) {
  isa_format f = ii->format;
  if (isa_fmt_salu(f)) return ISA_COST_SALU;
  if (f == ISA_FMT_SOPP) return ISA_COST_SCTL;
  if (f == ISA_FMT_SMEM) return ISA_COST_SMEM;
  if (f == ISA_FMT_DS) return ISA_COST_LDS;
  if (isa_fmt_vmem(f)) return ISA_COST_VMEM;
  if (ii->flags & ISA_F_F64) return ISA_COST_F64;
  return transcendental(ii->mnemonic) ? ISA_COST_TRANS : ISA_COST_VALU;
}

static isa_sem sem_of(unsigned op) {
  const isa_info *ii = &isa_table[op];
  const char *mn = ii->mnemonic;
  isa_format f = ii->format;
  isa_sem s = {0};
  uint32_t fl = 0;
  s.cost = (uint8_t)cost_of(ii);
  isa_type dt, st;
  parse_types(mn, f, &dt, &st);
  emu_vinfo vi;
  valu_facts(mn, f, &vi);
  if (isa_fmt_valu(f) && f != ISA_FMT_VOPC && f != ISA_FMT_VOP3P) {
    /* Widths as the emulator reads operands (16-bit sources / result). */
    if (vi.src16 != (isa_type_bits(st) == 16)) st = with_bits(st, vi.src16 ? 16 : 32);
    if (vi.dst16 != (isa_type_bits(dt) == 16)) dt = with_bits(dt, vi.dst16 ? 16 : 32);
  }
  s.dtype = (uint8_t)dt;
  s.stype = (uint8_t)st;
  s.fbits = f == ISA_FMT_VOP3P ? (has(mn, "f16") ? 16 : 0) : vi.fsrc;
  if (f == ISA_FMT_VOPC) {
    if (vi.cmptype >= 10) s.cmp = ISA_CMP_CLASS;
    else if (vi.cmptype >= 1 && vi.cmptype <= 3) s.cmp = (uint8_t)(ISA_CMP_F_F + vi.cmp);
    else if (vi.cmptype) s.cmp = (uint8_t)(ISA_CMP_I_F + vi.cmp);
    if (vi.cmpx) fl |= ISA_S_CMPX;
  }
  if (isa_fmt_valu(f)) {
    if (has(mn, "addc_co") || has(mn, "subb")) fl |= ISA_S_CARRY_IN;
    if (has(mn, "_co_u32")) fl |= ISA_S_CARRY_OUT;
    if (has(mn, "_co_u32") || starts(mn, "v_div_scale") || starts(mn, "v_mad_u64") || starts(mn, "v_mad_i64")) fl |= ISA_S_SDST;
    if (vi.dst16 && has(mn, "f16")) fl |= ISA_S_F16_ROUND;
    if (f != ISA_FMT_VOPC && (ii->flags & ISA_F_FLOAT) && !vi.dst16 && vi.fsrc != 0 && !has(mn, "_i32_") && !has(mn, "_u32_") && !starts(mn, "v_cvt_i32") &&
        !starts(mn, "v_cvt_u32") && !starts(mn, "v_frexp_exp") && !starts(mn, "v_cvt_pk") && op != ISA_V_CVT_F16_F32 &&
        op != ISA_V_CVT_FLR_I32_F32 && op != ISA_V_CVT_RPI_I32_F32)
      fl |= ISA_S_F32_RESULT;
    s.domain = vi.cmptype ? ISA_DOM_CMP : (uint8_t)emu_valu_lane_family((isa_op)op, &vi);
  }
  if (has(mn, "f64")) fl |= ISA_S_IMM64;
  /* CDNA 3's 64-bit integer VALU ops take the f64 inline constants as
   * 64-bit patterns (llc-19 adds 1.0 = 0x3ff0000000000000 to build 2^k
   * with v_lshl_add_u64) and zero-extend a 32-bit literal (LLVM
   * SIInstrInfo::isOperandLegal: "zero extended by HW" for unsigned
   * operands). The gfx9 b64/u64 ops keep their columns. */
  if (starts(mn, "v_lshl_add_u64") || starts(mn, "v_mov_b64")) fl |= ISA_S_IMM64_ZEXT;
  if (has(mn, "i64")) fl |= ISA_S_IMM64_SIGNED;
  if (has(mn, "mac")) fl |= ISA_S_TIED;
  if (f == ISA_FMT_VOP2 && starts(mn, "v_dot")) fl |= ISA_S_TIED; /* v_dot4c/dot8c: D = D + dot(S0, S1) */
  /* VOP2 operations symmetric in src0 and src1 (Vega ISA guide, chapter 12
   * VOP2 opcodes; LLVM marks the same ones commutable). Not the carry-in
   * forms, the subtractions, shifts, ldexp or the literal forms
   * (madmk/madak/fmamk/fmaak: the literal has a fixed place). */
  if (f == ISA_FMT_VOP2 &&
      ((starts(mn, "v_add_") && !has(mn, "_co_ci")) || starts(mn, "v_mul_") || starts(mn, "v_min_") || starts(mn, "v_max_") ||
       !strcmp(mn, "v_and_b32") || !strcmp(mn, "v_or_b32") || !strcmp(mn, "v_xor_b32") || !strcmp(mn, "v_xnor_b32") ||
       starts(mn, "v_mac_") || starts(mn, "v_fmac_")))
    fl |= ISA_S_COMMUTES;
  if (has(mn, "d16") || has(mn, "cmov") || has(mn, "bitset") || has(mn, "movrel") || has(mn, "sdwa")) fl |= ISA_S_PARTIAL;
  if (has(mn, "movrel")) fl |= ISA_S_MOVREL;
  if (f == ISA_FMT_DS || isa_fmt_vmem(f)) {
    s.bytes = (uint8_t)mem_bytes(mn, &fl);
    s.atomic = (uint8_t)atomic_kind(mn);
  }
  if (f == ISA_FMT_SMEM && starts(mn, "s_buffer_")) fl |= ISA_S_BUFFER;
  if (f == ISA_FMT_SOPP) { /* formerly sopp_has_imm in emit_asm.c */
    static const char *const with_imm[] = {"s_nop", "s_sleep", "s_sethalt", "s_sendmsg", "s_sendmsghalt", "s_setprio", "s_trap",
                                           "s_incperflevel", "s_decperflevel", "s_setkill", "s_set_gpr_idx_mode"};
    for (size_t i = 0; i < sizeof with_imm / sizeof with_imm[0]; i++)
      if (!strcmp(mn, with_imm[i])) fl |= ISA_S_SIMM16;
  }
  if ((f == ISA_FMT_MUBUF || f == ISA_FMT_MTBUF) && has(mn, "format")) fl |= ISA_S_FORMAT;
  if (f == ISA_FMT_DS) {
    if (has(mn, "rtn") || starts(mn, "ds_read") || op == ISA_DS_SWIZZLE_B32 || op == ISA_DS_PERMUTE_B32 || op == ISA_DS_BPERMUTE_B32) fl |= ISA_S_RTN;
    if (has(mn, "2_b") || has(mn, "2st64") || has(mn, "xchg2")) fl |= ISA_S_TWO_ADDR;
    if (has(mn, "st64")) fl |= ISA_S_ST64;
    if (has(mn, "src2")) fl |= ISA_S_SRC2;
    if (has(mn, "addtid")) fl |= ISA_S_ADDTID;
  }
  s.flags = fl;
  return s;
}

/* ------------------------------------------------------------ output */

static const char *const cost_names[] = {"NONE", "SALU", "SCTL", "SMEM", "LDS", "VMEM", "VALU", "TRANS", "F64"};
static const char *const type_names[] = {"NONE", "B16", "I16", "U16", "F16", "B32", "I32", "U32", "F32", "B64", "I64", "U64", "F64"};
static const char *const cmp_names[] = {"NONE", "CLASS", "F_F", "F_LT", "F_EQ", "F_LE", "F_GT", "F_LG", "F_GE", "F_O", "F_U", "F_NGE",
                                        "F_NLG", "F_NGT", "F_NLE", "F_NEQ", "F_NLT", "F_TRU", "I_F", "I_LT", "I_EQ", "I_LE", "I_GT",
                                        "I_NE", "I_GE", "I_T"};
static const char *const at_names[] = {"NONE", "SWAP", "CMPSWAP", "ADD", "SUB", "RSUB", "SMIN", "UMIN", "SMAX", "UMAX",
                                       "AND", "OR", "XOR", "INC", "DEC", "MSKOR", "FADD", "FMIN", "FMAX",
                                       "PK_FADD_F16", "PK_FADD_BF16", "CSUB"};
static const char *const dom_names[] = {"NONE", "CMP", "INT", "F32", "F64", "F16"};
static const char *const flag_names[] = {"CMPX", "CARRY_IN", "CARRY_OUT", "SDST", "TIED", "PARTIAL", "MOVREL", "SIGNED",
                                         "D16", "D16_HI", "RTN", "TWO_ADDR", "ST64", "SRC2", "FORMAT", "ADDTID",
                                         "BUFFER", "F32_RESULT", "IMM64", "IMM64_SIGNED", "F16_ROUND", "SIMM16", "IMM64_ZEXT", "COMMUTES"};

static const char *const enum_names[] = {
#define ISA(E, MN, FMT, OPC, SIG, FL) #E,
#include "target/isa.def"
#undef ISA
};

int main(void) {
  _Static_assert(sizeof flag_names / sizeof flag_names[0] == 24, "one name per ISA_S_ flag");
  printf("/* Semantic columns of the ISA table (see isa.h \"semantics\"), one line per\n"
         " * isa.def entry in its order. GENERATED by tools/isa_sem_gen.c from\n"
         " * the mnemonics: do not edit; regenerate with\n"
         " *   build/src/target/isa-sem-gen > src/target/isa_sem.def\n"
         " * ISA_SEM(ENUM, COST, DTYPE, STYPE, FBITS, CMP, ATOMIC, BYTES, DOMAIN, FLAGS) */\n");
  for (unsigned op = 0; op < ISA_NUM_OPS; op++) {
    isa_sem s = sem_of(op);
    printf("ISA_SEM(%s, %s, %s, %s, %u, %s, %s, %u, %s, ", enum_names[op], cost_names[s.cost], type_names[s.dtype],
           type_names[s.stype], s.fbits, cmp_names[s.cmp], at_names[s.atomic], s.bytes, dom_names[s.domain]);
    if (!s.flags) printf("0");
    for (unsigned b = 0, first = 1; b < sizeof flag_names / sizeof flag_names[0]; b++)
      if (s.flags >> b & 1) { printf("%sISA_S_%s", first ? "" : " | ", flag_names[b]); first = 0; }
    printf(")\n");
  }
  return 0;
}
