/* Assembly emission: machine IR after SSA elimination to the text that
 * llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=gfx900 assembles, plus the
 * kernel descriptor directives (the code object metadata:
 * emit_metadata.c; register counts, occupancy and `wavecc --stats`:
 * kernel_resources.c, whose counts mir_kernel_stats reports).
 *
 * Sources: LLVM AMDGPUUsage ("Code Object V3 and Above Directives",
 * "Code Object V5 Metadata", "Initial Kernel Execution State"), the
 * AMDGPUAsmGFX9 operand syntax, llc-19's own output for the same kernels
 * (hidden argument offsets, NumSgprs, occupancy), and the Vega ISA guide
 * (encoding sizes, inline constants).
 *
 * Encoding choice for VOP1/VOP2/VOPC: the 32-bit form unless an operand
 * needs VOP3 (forced, clamp/omod, neg/abs, a non-VGPR src1, a comparison
 * or carry-out written elsewhere than VCC, a carry-in or select mask read
 * from elsewhere than VCC). VOP3 cannot take a literal on gfx9: isel must
 * materialise such constants, so a literal there is an internal error.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emit/emit.h"
#include "emit/emit_data.h"
#include "emit/emit_vop3p.h"
#include "emit/encode.h"
#include "mir/liveness.h"
#include "target/target.h"

/* Inline constants (Vega ISA guide "Scalar/Vector operand encodings"):
 * integers -16..64 and the bit patterns of +-0.5, +-1, +-2, +-4, 1/(2*pi). */
static const char *float_inline_text(uint32_t v) {
  switch (v) {
  case 0x3f000000u: return "0.5";
  case 0xbf000000u: return "-0.5";
  case 0x3f800000u: return "1.0";
  case 0xbf800000u: return "-1.0";
  case 0x40000000u: return "2.0";
  case 0xc0000000u: return "-2.0";
  case 0x40800000u: return "4.0";
  case 0xc0800000u: return "-4.0";
  default: return NULL;
  }
}

isa_format mir_format(unsigned family, unsigned op) {
  const isa_enc *x = isa_encoding(family, op);
  return x ? (isa_format)x->format : isa_table[op].format;
}

static bool is_vop12c(unsigned family, const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  if (isa_table[ins->opcode].flags & ISA_F_DPP) return false; /* its own form and spelling (v_mov_b32_dpp) */
  isa_format f = mir_format(family, ins->opcode);
  return f == ISA_FMT_VOP1 || f == ISA_FMT_VOP2 || f == ISA_FMT_VOPC;
}


static unsigned family_of(const mir_program *p) { return p->target->encoding; }

bool mir_target_is_rdna(const wavecc_target *t) {
  return t->encoding == WAVECC_ENC_GFX10 || t->encoding == WAVECC_ENC_GFX11;
}
unsigned mir_target_wgp_mode(const wavecc_target *t) { return (t->descriptor.rsrc1_fixed >> 29) & 1u; }


static mir_preg opnd_reg(const mir_operand *o) {
  return (o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_FIXED) ? o->preg : MIR_PREG_NONE;
}

static bool opnd_is_vgpr(const mir_operand *o) {
  mir_preg r = opnd_reg(o);
  return r != MIR_PREG_NONE && r >= 256;
}

bool mir_needs_vop3(unsigned family, const mir_instr *ins) {
  if (!is_vop12c(family, ins)) return false;
  if (ins->opcode == ISA_V_SWAP_B32) return false; /* VOP1 only: "v_swap_b32 va, vb" */
  if (mir_is_sdwa(ins)) return false;              /* SDWA, its own 64-bit form */
  if ((ins->enc_flags & MIR_ENC_VOP3) || ins->clamp || ins->omod) return true;
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].flags & (MIR_OPND_NEG | MIR_OPND_ABS)) return true;
  const isa_info *ii = &isa_table[ins->opcode];
  isa_format fmt = mir_format(family, ins->opcode);
  /* GFX11's 32-bit forms give a 16-bit operand a VGPR field whose top bit
   * selects the register's high half (v0-v127 only; llc-19's "fake16"
   * register class VGPR_32_Lo128): v128 and above need VOP3, whose
   * operands name any VGPR and whose op_sel (0) the low halves. */
  if (family == WAVECC_ENC_GFX11 && isa_type_bits((isa_type)isa_sem_of(ins->opcode)->stype) == 16) {
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (opnd_is_vgpr(&ins->ops[k]) && opnd_reg(&ins->ops[k]) >= MIR_PREG_VGPR(128)) return true;
    for (unsigned k = 0; k < ins->num_defs; k++)
      if (opnd_is_vgpr(&ins->defs[k]) && opnd_reg(&ins->defs[k]) >= MIR_PREG_VGPR(128)) return true;
  }
  /* The 32-bit forms: VOP1 "vdst, src0"; VOP2 "vdst[, vcc], src0, vsrc1[, vcc]";
   * VOPC "vcc, src0, vsrc1". Anything else needs VOP3. */
  if (fmt != ISA_FMT_VOP1) {
    if (ins->num_ops < 2 || !opnd_is_vgpr(&ins->ops[1])) return true;
    if (ins->num_ops > 3) return true;
    if (ins->num_ops == 3 && !((ii->flags & ISA_F_READS_VCC) && opnd_reg(&ins->ops[2]) == MIR_PREG_VCC)) return true;
  } else if (ins->num_ops > 1 + (mir_tied_operand(ins) >= 0)) { /* an indexed write's kept vector is implicit */
    return true;
  }
  for (unsigned k = 0; k < ins->num_defs; k++) {
    mir_preg r = opnd_reg(&ins->defs[k]);
    if (r == MIR_PREG_NONE || r >= 256) continue;
    if (fmt == ISA_FMT_VOP1 && k == 0) continue; /* v_readfirstlane writes an SGPR in e32 */
    if (r != MIR_PREG_VCC) return true;
  }
  return false;
}

static bool needs_literal(unsigned family, const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  isa_format f = mir_format(family, ins->opcode);
  if (f == ISA_FMT_SOPK || f == ISA_FMT_SOPP) return false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind == MIR_OPND_CONST && !mir_const_is_inline(o->imm)) return true;
  }
  return false;
}

unsigned mir_instr_size(const mir_program *p, const mir_instr *ins) {
  unsigned family = family_of(p);
  if (mir_is_data_address(ins)) return 20; /* module data hook: getpc + add + addc, two literals */
  if (ins->opcode >= ISA_NUM_OPS) {
    if (ins->opcode == MIR_P_BRANCH || ins->opcode == MIR_P_CBRANCH_SCC) return 4; /* at most; fallthrough may drop it */
    return 0;
  }
  if (ins->enc_flags & MIR_ENC_VOPD_FIRST) return 8 + (needs_literal(family, ins) ? 4 : 0);
  if (ins->enc_flags & MIR_ENC_VOPD_SECOND) return needs_literal(family, ins) ? 4 : 0; /* the pair's one literal */
  unsigned size;
  switch (mir_format(family, ins->opcode)) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPK: case ISA_FMT_SOPC: case ISA_FMT_SOPP:
    size = 4;
    break;
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC:
    size = mir_needs_vop3(family, ins) || mir_is_sdwa(ins) || (isa_table[ins->opcode].flags & ISA_F_DPP) ? 8 : 4;
    break;
  default:
    size = 8;
    break;
  }
  if (ins->opcode == ISA_S_SETREG_IMM32_B32) size += 4; /* its 32-bit immediate */
  return size + (needs_literal(family, ins) ? 4 : 0);
}

/* ---- operands ------------------------------------------------------------ */

typedef struct emitter {
  const mir_program *p;
  FILE *out;
  diag *d;
  int errors;
  uint32_t instructions, bytes;
  const mir_module_data *md; /* module data hook: objects data addresses name */
} emitter;

static void emit_error(emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit_error(emitter *e, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (!e->errors) diag_error(e->d, e->p->name, "%s", buf);
  e->errors++;
}

static void label(FILE *out, const mir_program *p, uint32_t b) {
  char suffix[16];
  snprintf(suffix, sizeof suffix, "_BB%u", b);
  mir_emit_symbol3(out, ".L", p->name, suffix);
}

static void print_const(FILE *out, const mir_operand *o) {
  if (o->size == 2) {
    const char *f = float_inline_text(o->imm);
    int32_t v = (int32_t)o->imm;
    if (f) fputs(f, out);
    else if (v >= -16 && v <= 64) fprintf(out, "%d", v);
    else fprintf(out, "0x%x", o->imm); /* a literal (isel_intrinsics.c call_minmax), as llc-19 prints it */
    return;
  }
  int32_t s = (int32_t)o->imm;
  if (s >= -16 && s <= 64) fprintf(out, "%d", s);
  else fprintf(out, "0x%x", o->imm);
}

static void print_opnd(emitter *e, const mir_operand *o) {
  FILE *out = e->out;
  char buf[32];
  if (o->flags & MIR_OPND_NEG) fputc('-', out);
  if (o->flags & MIR_OPND_ABS) fputc('|', out);
  switch ((mir_opnd_kind)o->kind) {
  case MIR_OPND_TEMP:
    if (o->preg == MIR_PREG_NONE) emit_error(e, "internal: operand %%%u has no register", o->temp.id);
    mir_preg_format(buf, sizeof buf, o->preg, mir_opnd_lo64(o) ? 2u : mir_rc_size(o->temp.rc));
    fputs(buf, out);
    break;
  case MIR_OPND_FIXED:
    mir_preg_format(buf, sizeof buf, o->preg, o->size);
    fputs(buf, out);
    break;
  case MIR_OPND_CONST: print_const(out, o); break;
  case MIR_OPND_UNDEF:
    /* Any register of the class will do: the first one. */
    mir_preg_format(buf, sizeof buf, mir_rc_is_vgpr(o->temp.rc) ? MIR_PREG_VGPR(0) : MIR_PREG_SGPR(0), mir_rc_size(o->temp.rc));
    fputs(buf, out);
    break;
  case MIR_OPND_BLOCK: label(out, e->p, o->imm); break;
  case MIR_OPND_NONE: fputs("off", out); break;
  }
  if (o->flags & MIR_OPND_ABS) fputc('|', out);
}

/* s_delay_alu's operand as llvm-mc-19 prints it (AMDGPU gfx11_delay
 * syntax): instid0 [3:0], instskip [6:4], instid1 [10:7], named, joined
 * by " | "; "0" for none. */
static void print_delay(FILE *out, unsigned imm) {
  static const char *const ids[12] = {"NO_DEP",        "VALU_DEP_1",    "VALU_DEP_2",    "VALU_DEP_3",
                                      "VALU_DEP_4",    "TRANS32_DEP_1", "TRANS32_DEP_2", "TRANS32_DEP_3",
                                      "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1", "SALU_CYCLE_2", "SALU_CYCLE_3"};
  static const char *const skips[6] = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};
  unsigned id0 = imm & 0xf, skip = (imm >> 4) & 7, id1 = (imm >> 7) & 0xf;
  const char *sep = " ";
  if (id0 && id0 < 12) fprintf(out, "%sinstid0(%s)", sep, ids[id0]), sep = " | ";
  if (skip && skip < 6) fprintf(out, "%sinstskip(%s)", sep, skips[skip]), sep = " | ";
  if (id1 && id1 < 12) fprintf(out, "%sinstid1(%s)", sep, ids[id1]), sep = " | ";
  if (*sep == ' ' && sep[1] == 0) fputs(" 0", out);
}

/* Prints "a, b, c" for the definitions then operands, skipping SCC (never
 * an explicit asm operand) and, in the 32-bit encoding of VOP2 with an
 * implicit carry-in, nothing else: llvm-mc wants vcc written explicitly. */
/* Number of definitions (defs) or operands in the table's signature. */
static unsigned sig_count(const char *sig, bool defs) {
  if (!sig) return 255;
  const char *semi = strchr(sig, ';');
  const char *b = defs ? sig : (semi ? semi + 1 : sig + strlen(sig));
  const char *e = defs ? (semi ? semi : sig + strlen(sig)) : b + strlen(b);
  unsigned n = 0;
  for (const char *c = b; c < e; c++)
    if (*c == 's' || *c == 'v' || *c == 'a') n++;
  return n;
}

unsigned mir_asm_operands(unsigned family, const mir_instr *ins, bool defs, const mir_operand **out) {
  unsigned n = defs ? ins->num_defs : ins->num_ops, m = 0;
  const mir_operand *v = defs ? ins->defs : ins->ops;
  /* Beyond the signature, EXEC/VCC/M0 operands are implicit (v_div_fmas
   * reads VCC, s_and_saveexec writes EXEC) except in the 32-bit VOP forms,
   * whose assembly spells VCC out. */
  /* VOP1/VOP2/VOPC of the table (its signature leaves VCC implicit) spell
   * VCC out in every family, also where RDNA made them VOP3-only
   * (v_add_co_u32 v0, vcc_lo, v1, v2 on gfx10) */
  (void)family;
  unsigned explicit_n = is_vop12c(WAVECC_ENC_GFX9, ins) ? 255 : sig_count(isa_table[ins->opcode].sig, defs);
  int tied = defs ? -1 : mir_tied_operand(ins);
  for (unsigned k = 0; k < n; k++) {
    const mir_operand *o = &v[k];
    if (opnd_reg(o) == MIR_PREG_SCC) continue;
    /* v_writelane_b32's kept value, an indexed write's kept vector: the destination itself */
    if ((int)k == tied && (k >= explicit_n || (ins->enc_flags & MIR_ENC_GPR_IDX))) continue;
    if (k >= explicit_n && mir_preg_is_special(opnd_reg(o))) continue;
    if (o->kind == MIR_OPND_BLOCK && !defs) continue;
    out[m++] = o;
  }
  return m;
}

static void print_list(emitter *e, const mir_instr *ins, bool *first, bool defs) {
  const mir_operand *v[256];
  unsigned n = mir_asm_operands(family_of(e->p), ins, defs, v);
  for (unsigned k = 0; k < n; k++) {
    fputs(*first ? " " : ", ", e->out);
    *first = false;
    mir_operand one = *v[k];
    /* an indexed vector (MIR_ENC_GPR_IDX) is named by its first register */
    if ((ins->enc_flags & MIR_ENC_GPR_IDX) && one.kind == MIR_OPND_TEMP) one.temp.rc = mir_rc_v(1);
    if (!defs && v[k] >= ins->ops && v[k] < ins->ops + ins->num_ops && mir_vop3p_named_mods(ins))
      one = mir_vop3p_print_operand(ins, (unsigned)(v[k] - ins->ops));
    bool sext = !defs && (one.sel & MIR_SEL_SEXT);
    if (sext) fputs("sext(", e->out);
    print_opnd(e, &one);
    if (sext) fputc(')', e->out);
  }
}

/* The vector-memory cache bits in the target's spelling (gfx9: glc slc;
 * gfx942: sc0 nt sc1; RDNA: glc slc dlc), in the order llvm-mc-19 prints
 * them (AMDGPUInstPrinter::printCPol: GLC, SLC, then DLC or SCC/SC1). */
static void print_cpol(emitter *e, const mir_instr *ins) {
  const char *const *n = e->p->target->cpol_names;
  if (ins->enc_flags & MIR_ENC_GLC) fprintf(e->out, " %s", n[0] ? n[0] : "glc");
  if (ins->enc_flags & MIR_ENC_SLC) fprintf(e->out, " %s", n[1] ? n[1] : "slc");
  if (ins->enc_flags & MIR_ENC_SC1) fprintf(e->out, " %s", n[2] ? n[2] : "scc");
}

/* s_set_gpr_idx_on's mode operand (offset bits 3:0: SRC0, SRC1, SRC2,
 * DST) as llvm-mc-19 prints it: ", gpr_idx(SRC0,DST)". */
static void print_gpr_idx_mode(FILE *out, unsigned mode) {
  static const char *const names[4] = {"SRC0", "SRC1", "SRC2", "DST"};
  fputs(", gpr_idx(", out);
  bool any = false;
  for (unsigned k = 0; k < 4; k++)
    if (mode >> k & 1) {
      fprintf(out, "%s%s", any ? "," : "", names[k]);
      any = true;
    }
  fputc(')', out);
}

/* The DPP16 controls (mir_dpp_controls) as llvm-mc-19 prints them:
 * the DPP_CTRL (0x150-0x15f: CDNA's row_newbcast, GFX10's row_share),
 * then row_mask, bank_mask, bound_ctrl:1 and fi:1 when set. */
static void print_dpp(FILE *out, const wavecc_target *t, uint32_t c) {
  unsigned ctrl = c & 0x1ffu, n = ctrl & 15u;
  if (ctrl <= 0xffu) fprintf(out, " quad_perm:[%u,%u,%u,%u]", ctrl & 3u, ctrl >> 2 & 3u, ctrl >> 4 & 3u, ctrl >> 6 & 3u);
  else if (ctrl < 0x110u) fprintf(out, " row_shl:%u", n);
  else if (ctrl < 0x120u) fprintf(out, " row_shr:%u", n);
  else if (ctrl < 0x130u) fprintf(out, " row_ror:%u", n);
  else if (ctrl == 0x130u) fputs(" wave_shl:1", out);
  else if (ctrl == 0x134u) fputs(" wave_rol:1", out);
  else if (ctrl == 0x138u) fputs(" wave_shr:1", out);
  else if (ctrl == 0x13cu) fputs(" wave_ror:1", out);
  else if (ctrl == 0x140u) fputs(" row_mirror", out);
  else if (ctrl == 0x141u) fputs(" row_half_mirror", out);
  else if (ctrl == 0x142u) fputs(" row_bcast:15", out);
  else if (ctrl == 0x143u) fputs(" row_bcast:31", out);
  else if (ctrl >= 0x150u && ctrl < 0x160u) fprintf(out, " %s:%u", t->dpp_gfx10 ? "row_share" : "row_newbcast", n);
  else if (ctrl >= 0x160u && ctrl < 0x170u) fprintf(out, " row_xmask:%u", n);
  else fprintf(out, " dpp_ctrl:0x%x", ctrl); /* isel makes no other code */
  fprintf(out, " row_mask:0x%x bank_mask:0x%x", c >> 20 & 15u, c >> 16 & 15u);
  if (c & MIR_DPP_BOUND_CTRL) fputs(" bound_ctrl:1", out);
  if (c & MIR_DPP_FI) fputs(" fi:1", out);
}

static void emit_instr(emitter *e, const mir_instr *ins) {
  FILE *out = e->out;
  const isa_info *ii = &isa_table[ins->opcode];
  unsigned family = family_of(e->p);
  isa_format fmt = mir_format(family, ins->opcode);
  const char *mn = isa_mnemonic(family, ins->opcode);
  bool vop3 = mir_needs_vop3(family, ins);
  bool first = true;
  if (mir_is_data_address(ins)) { /* module data hook */
    if (!mir_emit_data_address(ins, e->md, out)) emit_error(e, "internal: data address of an unknown object");
    e->instructions += 3;
    e->bytes += mir_instr_size(e->p, ins);
    return;
  }
  fprintf(out, "\t%s", mn);
  bool sdwa = mir_is_sdwa(ins);
  if (is_vop12c(family, ins)) fputs(sdwa ? "_sdwa" : vop3 ? "_e64" : "_e32", out);
  if ((vop3 || fmt == ISA_FMT_VOP3) && !e->p->target->vop3_literal) {
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_CONST && !mir_const_is_inline(ins->ops[k].imm))
        emit_error(e, "internal: literal constant 0x%x in a VOP3 instruction (%s)", ins->ops[k].imm, mn);
  }
  switch (fmt) {
  case ISA_FMT_SOPP:
    if (ins->opcode == ISA_S_WAITCNT) {
      /* the counters below their maximum, in the target's syntax */
      const wavecc_target *t = e->p->target;
      unsigned cnt[WAVECC_NUM_COUNTERS];
      wavecc_waitcnt_decode(t, (uint16_t)ins->offset, cnt);
      bool any = false;
      for (unsigned c = 0; c < WAVECC_NUM_COUNTERS; c++)
        if (wavecc_counter_in_waitcnt(t, (wavecc_counter)c) && cnt[c] < wavecc_counter_max(t, (wavecc_counter)c)) {
          fprintf(out, " %s(%u)", wavecc_counter_name((wavecc_counter)c), cnt[c]);
          any = true;
        }
      if (!any) fprintf(out, " 0x%x", (unsigned)(uint16_t)ins->offset);
    } else if (ins->opcode == ISA_S_DELAY_ALU) {
      print_delay(out, (unsigned)ins->offset);
    } else if (ins->opcode == ISA_S_WAITCNT_DEPCTR) {
      fprintf(out, " 0x%x", (unsigned)(uint16_t)ins->offset);
    } else {
      bool any = false;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_BLOCK) {
          fputc(' ', out);
          label(out, e->p, ins->ops[k].imm);
          any = true;
        }
      if (!any && (isa_sem_of(ins->opcode)->flags & ISA_S_SIMM16)) fprintf(out, " %d", ins->offset);
    }
    break;
  case ISA_FMT_SOPK:
    if (ins->opcode == ISA_S_SETREG_B32 || ins->opcode == ISA_S_SETREG_IMM32_B32) {
      /* hwreg(id, offset, size) first, then the SGPR or 32-bit literal */
      unsigned h = (uint16_t)ins->offset;
      fprintf(out, " hwreg(%u, %u, %u), ", h & 63, (h >> 6) & 31, ((h >> 11) & 31) + 1);
      if (ins->opcode == ISA_S_SETREG_IMM32_B32) fprintf(out, "0x%x", ins->ops[0].imm);
      else print_opnd(e, &ins->ops[0]);
      break;
    }
    print_list(e, ins, &first, true);
    print_list(e, ins, &first, false);
    fprintf(out, "%s0x%x", first ? " " : ", ", (unsigned)(uint16_t)ins->offset);
    break;
  case ISA_FMT_SMEM:
    print_list(e, ins, &first, true);
    print_list(e, ins, &first, false);
    /* the offset, unless the instruction has no address (s_memtime, s_dcache_wb) */
    if (ins->num_ops && ins->num_ops < 2 + (ins->num_defs == 0)) fprintf(out, ", 0x%x", (unsigned)ins->offset);
    if (ins->enc_flags & MIR_ENC_GLC) fputs(" glc", out);
    break;
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF: {
    /* [data/dst], vaddr|off, srsrc, soffset (MTBUF: then format:N, which
     * llvm-mc takes before the flags); a returning atomic's
     * definition is its data operand's register (tied, see regalloc.c) */
    if ((ii->flags & ISA_F_ATOMIC) && ins->num_defs == 1) {
      if (ins->defs[0].preg != ins->ops[0].preg)
        emit_error(e, "internal: %s result not in its data register", mn);
    } else {
      print_list(e, ins, &first, true);
    }
    bool addr = ins->enc_flags & (MIR_ENC_OFFEN | MIR_ENC_IDXEN);
    for (unsigned k = 0; k < ins->num_ops; k++) {
      const mir_operand *o = &ins->ops[k];
      bool rsrc = !opnd_is_vgpr(o) && o->kind != MIR_OPND_CONST &&
                  ((o->kind == MIR_OPND_TEMP && mir_rc_size(o->temp.rc) == 4) || (o->kind == MIR_OPND_FIXED && o->size == 4));
      if (rsrc && !addr) {
        fputs(first ? " off" : ", off", out);
        first = false;
        addr = true;
      }
      fputs(first ? " " : ", ", out);
      first = false;
      print_opnd(e, o);
    }
    if (fmt == ISA_FMT_MTBUF) fprintf(out, " format:%u", (unsigned)ins->omod);
    /* llvm-mc takes them in this order only ("idxen offen") */
    if (ins->enc_flags & MIR_ENC_IDXEN) fputs(" idxen", out);
    if (ins->enc_flags & MIR_ENC_OFFEN) fputs(" offen", out);
    if (ins->offset) fprintf(out, " offset:%d", ins->offset);
    print_cpol(e, ins);
    break;
  }
  case ISA_FMT_FLAT: case ISA_FMT_GLOBAL: case ISA_FMT_SCRATCH:
    print_list(e, ins, &first, true);
    print_list(e, ins, &first, false);
    if (fmt != ISA_FMT_FLAT && (ins->enc_flags & MIR_ENC_OFF)) fputs(", off", out);
    if (ins->offset) fprintf(out, " offset:%d", ins->offset);
    print_cpol(e, ins);
    break;
  case ISA_FMT_DS:
    print_list(e, ins, &first, true);
    print_list(e, ins, &first, false);
    if (isa_sem_of(ins->opcode)->flags & ISA_S_TWO_ADDR) {
      if (ins->offset & 0xff) fprintf(out, " offset0:%d", ins->offset & 0xff);
      if ((ins->offset >> 8) & 0xff) fprintf(out, " offset1:%d", (ins->offset >> 8) & 0xff);
    } else if (ins->offset) {
      fprintf(out, " offset:%d", ins->offset);
    }
    if (ins->enc_flags & MIR_ENC_GDS) fputs(" gds", out);
    break;
  default: /* SOP1, SOP2, SOPC, VOP* */
    if (mir_tied_operand(ins) >= 0 && ins->defs[0].preg != ins->ops[mir_tied_operand(ins)].preg)
      emit_error(e, "internal: %s result not in the register of the value it keeps", mn);
    print_list(e, ins, &first, true);
    if (ins->opcode != ISA_V_SWAP_B32) print_list(e, ins, &first, false); /* swap: defs name both */
    if (ins->opcode == ISA_S_SET_GPR_IDX_ON) print_gpr_idx_mode(out, (unsigned)ins->offset);
    /* wavecc selects v_mad_mix_f32 only with three f16 sources in the low
     * halves (isel_half.c), so op_sel is 0 and op_sel_hi all ones */
    if (ins->opcode == ISA_V_MAD_MIX_F32 || ins->opcode == ISA_V_FMA_MIX_F32) fputs(" op_sel_hi:[1,1,1]", out);
    if (mir_vop3p_named_mods(ins)) mir_print_vop3p_mods(out, ins);
    if (isa_table[ins->opcode].flags & ISA_F_MFMA) { /* broadcast controls (isel_mfma.c), as llvm-mc prints them */
      unsigned ctl = (unsigned)ins->offset;
      if (ctl & 7u) fprintf(out, " cbsz:%u", ctl & 7u);
      if (ctl >> 3 & 15u) fprintf(out, " abid:%u", ctl >> 3 & 15u);
      if (ctl >> 7 & 7u) fprintf(out, " blgp:%u", ctl >> 7 & 7u);
    }
    if (sdwa) { /* llvm-mc-19's spelling: dst_sel, dst_unused (not VOPC), then each source's select */
      static const char *const sels[8] = {"DWORD", "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "?"};
      if (fmt != ISA_FMT_VOPC) fputs(" dst_sel:DWORD dst_unused:UNUSED_PAD", out);
      for (unsigned k = 0; k < ins->num_ops && k < 2; k++)
        fprintf(out, " src%u_sel:%s", k, sels[ins->ops[k].sel & MIR_SEL_MASK]);
    }
    if (isa_table[ins->opcode].flags & ISA_F_DPP8) {
      fputs(" dpp8:[", out);
      for (unsigned k = 0; k < 8; k++) fprintf(out, "%s%u", k ? "," : "", ((uint32_t)ins->offset >> (3 * k)) & 7u);
      fputc(']', out);
    } else if (isa_table[ins->opcode].flags & ISA_F_DPP) print_dpp(out, e->p->target, (uint32_t)ins->offset);
    if (ins->clamp) fputs(" clamp", out);
    if (ins->omod == 1) fputs(" mul:2", out);
    else if (ins->omod == 2) fputs(" mul:4", out);
    else if (ins->omod == 3) fputs(" div:2", out);
    break;
  }
  fputc('\n', out);
  e->instructions++;
  e->bytes += mir_instr_size(e->p, ins);
}

const mir_instr *mir_vopd_x(unsigned family, const mir_instr *first, const mir_instr *second) {
  unsigned code;
  bool x = false;
  return isa_vopd_slot(family, (isa_op)first->opcode, &code, &x) && x ? first : second;
}

unsigned mir_vopd_srcs(unsigned family, const mir_instr *ins, const mir_operand *out[2]) {
  out[0] = &ins->ops[0];
  if (mir_format(family, ins->opcode) != ISA_FMT_VOP2) return 1;
  out[1] = &ins->ops[1]; /* v_cndmask_b32's VCC (ops[2]) is implicit */
  return 2;
}

/* One VOPD instruction from the pair first, second (MIR_ENC_VOPD_*):
 * "v_dual_<x> vdstx, srcx0[, vsrcx1] :: v_dual_<y> vdsty, srcy0[, vsrcy1]"
 * as llvm-mc-19 spells it (the mnemonics are the halves' without "v_"). */
static void emit_vopd(emitter *e, const mir_instr *first, const mir_instr *second) {
  unsigned family = family_of(e->p);
  const mir_instr *x = mir_vopd_x(family, first, second), *h[2] = {x, x == first ? second : first};
  for (unsigned k = 0; k < 2; k++) {
    fprintf(e->out, k ? " :: v_dual_%s " : "\tv_dual_%s ", isa_mnemonic(family, h[k]->opcode) + 2);
    print_opnd(e, &h[k]->defs[0]);
    const mir_operand *src[2];
    unsigned n = mir_vopd_srcs(family, h[k], src);
    for (unsigned j = 0; j < n; j++) {
      fputs(", ", e->out);
      print_opnd(e, src[j]);
    }
  }
  fputc('\n', e->out);
  e->instructions++;
  e->bytes += mir_instr_size(e->p, first) + mir_instr_size(e->p, second);
}

static void emit_branch(emitter *e, const char *mn, uint32_t target) {
  fprintf(e->out, "\t%s ", mn);
  label(e->out, e->p, target);
  fputc('\n', e->out);
  e->instructions++;
  e->bytes += 4;
}

void mir_kernel_stats(const mir_program *p, wavecc_kernel_stats *st) {
  memset(st, 0, sizeof *st);
  snprintf(st->name, sizeof st->name, "%s", p->name);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      /* Branch pseudos: as many s_branch/s_cbranch as emission writes. */
      unsigned n = 0;
      mir_branch br[2];
      if (ins->opcode == MIR_P_BRANCH || ins->opcode == MIR_P_CBRANCH_SCC) {
        n = mir_lower_branch(ins, b, br);
      } else {
        unsigned sz = mir_instr_size(p, ins);
        if ((ins->opcode == ISA_S_SETREG_B32 || ins->opcode == ISA_S_SETREG_IMM32_B32) && (ins->offset & 63) == ISA_HWREG_MODE)
          st->mode_writes++;
        if (sz && !(ins->enc_flags & MIR_ENC_VOPD_SECOND)) { /* a VOPD pair is one instruction */
          st->instructions++;
          st->code_bytes += sz;
        }
        continue;
      }
      st->instructions += n;
      st->code_bytes += 4 * n;
    }
  }
  st->sgprs = mir_total_sgprs(p);
  st->vgprs = mir_next_free_vgpr(p);
  st->scratch_bytes = p->abi.private_segment_size;
  st->occupancy = mir_program_occupancy(p, st->sgprs, st->vgprs);
  st->spills = p->num_spills;
  st->reloads = p->num_reloads;
  st->maxlive_sgprs = p->maxlive_sgpr;
  st->maxlive_vgprs = p->maxlive_vgpr;
}

/* ---- descriptor ---------------------------------------------------------- */

static void emit_descriptor(const mir_program *p, FILE *out) {
  const mir_kernel_abi *a = &p->abi;
  const wavecc_target *t = p->target;
  bool rdna = mir_target_is_rdna(t), buffer_sgprs = t->has_private_segment_buffer;
  fputs("\t.section\t.rodata,\"a\",@progbits\n\t.p2align\t6, 0x0\n\t.amdhsa_kernel ", out);
  mir_emit_symbol(out, p->name);
  fputc('\n', out);
  fprintf(out, "\t\t.amdhsa_group_segment_fixed_size %u\n", a->group_segment_size);
  fprintf(out, "\t\t.amdhsa_private_segment_fixed_size %u\n", a->private_segment_size);
  fprintf(out, "\t\t.amdhsa_kernarg_size %u\n", a->kernarg_size);
  fprintf(out, "\t\t.amdhsa_user_sgpr_count %u\n", mir_user_sgpr_count(a));
  if (buffer_sgprs) fprintf(out, "\t\t.amdhsa_user_sgpr_private_segment_buffer %d\n", a->private_segment_buffer);
  fprintf(out, "\t\t.amdhsa_user_sgpr_dispatch_ptr %d\n", a->dispatch_ptr);
  fprintf(out, "\t\t.amdhsa_user_sgpr_queue_ptr %d\n", a->queue_ptr);
  fprintf(out, "\t\t.amdhsa_user_sgpr_kernarg_segment_ptr %d\n", a->kernarg_segment_ptr);
  fprintf(out, "\t\t.amdhsa_user_sgpr_dispatch_id %d\n", a->dispatch_id);
  if (buffer_sgprs) fprintf(out, "\t\t.amdhsa_user_sgpr_flat_scratch_init %d\n", a->flat_scratch_init);
  if (rdna) fprintf(out, "\t\t.amdhsa_wavefront_size32 %d\n", t->wave_size == 32);
  if (a->uses_dynamic_stack) fprintf(out, "\t\t.amdhsa_uses_dynamic_stack 1\n");
  fprintf(out, buffer_sgprs ? "\t\t.amdhsa_system_sgpr_private_segment_wavefront_offset %d\n"
                            : "\t\t.amdhsa_enable_private_segment %d\n",
          a->private_segment_wave_offset);
  fprintf(out, "\t\t.amdhsa_system_sgpr_workgroup_id_x %d\n", a->workgroup_id[0]);
  fprintf(out, "\t\t.amdhsa_system_sgpr_workgroup_id_y %d\n", a->workgroup_id[1]);
  fprintf(out, "\t\t.amdhsa_system_sgpr_workgroup_id_z %d\n", a->workgroup_id[2]);
  fprintf(out, "\t\t.amdhsa_system_vgpr_workitem_id %u\n", a->workitem_id_dims);
  fprintf(out, "\t\t.amdhsa_next_free_vgpr %u\n", mir_next_free_vgpr(p));
  fprintf(out, "\t\t.amdhsa_next_free_sgpr %u\n", mir_next_free_sgpr(p));
  if (p->target->agprs) fprintf(out, "\t\t.amdhsa_accum_offset %u\n", mir_accum_offset(p, mir_arch_vgprs(p)));
  fprintf(out, "\t\t.amdhsa_reserve_vcc 1\n");
  if (buffer_sgprs) fprintf(out, "\t\t.amdhsa_reserve_flat_scratch %d\n", p->abi.flat_scratch_init);
  if (t->has_xnack) fprintf(out, "\t\t.amdhsa_reserve_xnack_mask %d\n", p->target_xnack >= 0); /* llvm-mc: as the target ID */
  /* FLOAT_MODE byte: round f32 [1:0], round f16/64 [3:2], denorm f32 [5:4], denorm f16/64 [7:6]. */
  fprintf(out, "\t\t.amdhsa_float_round_mode_32 %u\n", a->float_mode & 3);
  fprintf(out, "\t\t.amdhsa_float_round_mode_16_64 %u\n", (a->float_mode >> 2) & 3);
  fprintf(out, "\t\t.amdhsa_float_denorm_mode_32 %u\n", (a->float_mode >> 4) & 3);
  fprintf(out, "\t\t.amdhsa_float_denorm_mode_16_64 %u\n", (a->float_mode >> 6) & 3);
  fprintf(out, "\t\t.amdhsa_dx10_clamp %d\n", a->dx10_clamp);
  fprintf(out, "\t\t.amdhsa_ieee_mode %d\n", a->ieee_mode);
  if (rdna) { /* RSRC1 [29..31], the target's fixed bits */
    uint32_t f = t->descriptor.rsrc1_fixed;
    fprintf(out, "\t\t.amdhsa_workgroup_processor_mode %u\n\t\t.amdhsa_memory_ordered %u\n\t\t.amdhsa_forward_progress %u\n",
            (f >> 29) & 1u, (f >> 30) & 1u, (f >> 31) & 1u);
  }
  fprintf(out, "\t.end_amdhsa_kernel\n\t.text\n");
}

unsigned mir_lower_branch(const mir_instr *ins, uint32_t bi, mir_branch out[2]) {
  if (ins->opcode == MIR_P_BRANCH) {
    if (ins->ops[0].imm == bi + 1) return 0;
    out[0] = (mir_branch){ISA_S_BRANCH, ins->ops[0].imm};
    return 1;
  }
  uint32_t taken = ins->ops[1].imm, fall = ins->num_ops > 2 ? ins->ops[2].imm : bi + 1;
  unsigned n = 0;
  if (taken == bi + 1) {
    if (fall != bi + 1) out[n++] = (mir_branch){ISA_S_CBRANCH_SCC0, fall};
  } else {
    out[n++] = (mir_branch){ISA_S_CBRANCH_SCC1, taken};
    if (fall != bi + 1) out[n++] = (mir_branch){ISA_S_BRANCH, fall};
  }
  return n;
}

bool mir_fallthrough_branch(const mir_program *p, uint32_t bi, uint32_t *target) {
  /* Falling through: the successor no branch names must be the next
   * block, else branch to it explicitly (split edges live at the end). */
  const mir_block *b = &p->blocks[bi];
  for (uint32_t k = 0; k < b->linear_succs.n; k++) {
    uint32_t s = b->linear_succs.v[k];
    bool named = false;
    for (uint32_t i = 0; i < b->num_instrs && !named; i++)
      for (unsigned j = 0; j < b->instrs[i]->num_ops; j++)
        if (b->instrs[i]->ops[j].kind == MIR_OPND_BLOCK && b->instrs[i]->ops[j].imm == s) named = true;
    if (!named && s != bi + 1) {
      *target = s;
      return true;
    }
  }
  return false;
}

static int emit_kernel(const mir_program *p, const mir_module_data *md, FILE *out, diag *d);
int mir_emit_asm(const mir_program *p, FILE *out, diag *d) { return emit_kernel(p, NULL, out, d); }

static int emit_kernel(const mir_program *p, const mir_module_data *md, FILE *out, diag *d) {
  emitter e = {.p = p, .out = out, .d = d, .md = md};
  if (!p->ssa_eliminated) {
    diag_error(d, p->name, "internal: emission needs SSA elimination first");
    return 1;
  }
  /* a callee (isel_calls.c) has no descriptor and is local unless exported */
  fputs("\t.text\n", out);
  if (!p->is_function || p->exported) {
    fputs("\t.globl\t", out);
    mir_emit_symbol(out, p->name);
    fputc('\n', out);
  }
  if (p->is_function && p->exported && p->hidden) { /* as llc-19 writes `define hidden` */
    fputs("\t.hidden\t", out);
    mir_emit_symbol(out, p->name);
    fputc('\n', out);
  }
  fputs(p->is_function ? "\t.p2align\t2\n\t.type\t" : "\t.p2align\t8\n\t.type\t", out);
  mir_emit_symbol(out, p->name);
  fputs(",@function\n", out);
  mir_emit_symbol(out, p->name);
  fputs(":\n", out);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    label(out, p, bi);
    fputs(":\n", out);
    bool ends = false; /* control cannot fall through */
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      const mir_instr *ins = b->instrs[i];
      mir_branch br[2];
      ends = false;
      if (ins->opcode == MIR_P_BRANCH || ins->opcode == MIR_P_CBRANCH_SCC) {
        unsigned n = mir_lower_branch(ins, bi, br);
        for (unsigned k = 0; k < n; k++) emit_branch(&e, isa_mnemonic(family_of(p), br[k].opcode), br[k].target);
        ends = true;
        continue;
      }
      if (ins->opcode >= ISA_NUM_OPS) continue; /* markers left by earlier passes emit nothing */
      if ((ins->enc_flags & MIR_ENC_VOPD_FIRST) && i + 1 < b->num_instrs) {
        emit_vopd(&e, ins, b->instrs[++i]);
        continue;
      }
      emit_instr(&e, ins);
      if (ins->opcode == ISA_S_ENDPGM || ins->opcode == ISA_S_BRANCH || ins->opcode == ISA_S_SETPC_B64) ends = true;
    }
    uint32_t s;
    if (!ends && mir_fallthrough_branch(p, bi, &s)) emit_branch(&e, "s_branch", s);
  }
  mir_emit_symbol3(out, ".L", p->name, "_end");
  fputs(":\n\t.size\t", out);
  mir_emit_symbol(out, p->name);
  fputs(", ", out);
  mir_emit_symbol3(out, ".L", p->name, "_end");
  fputc('-', out);
  mir_emit_symbol(out, p->name);
  fputc('\n', out);
  if (!p->is_function) emit_descriptor(p, out);
  return e.errors ? 1 : 0;
}

int mir_emit_module(mir_program *const *kernels, unsigned num_kernels, FILE *out, diag *d) {
  return mir_emit_module_data(kernels, num_kernels, NULL, out, d);
}

int mir_emit_module_data(mir_program *const *kernels, unsigned num_kernels, const mir_module_data *md, FILE *out,
                         diag *d) {
  int rc = 0;
  char target_id[96];
  mir_target_id(num_kernels ? kernels[0] : NULL, target_id, sizeof target_id);
  unsigned cov = mir_module_code_object_version(kernels, num_kernels);
  fprintf(out, "\t.amdgcn_target \"%s\"\n\t.amdhsa_code_object_version %u\n", target_id, cov);
  for (unsigned k = 0; k < num_kernels; k++) {
    /* The descriptor's kernarg size must match the metadata's (hidden args included). */
    mir_program *p = kernels[k];
    if (p->is_function) {
      rc |= emit_kernel(p, md, out, d);
      continue;
    }
    mir_fix_kernarg_size(p);
    rc |= emit_kernel(p, md, out, d);
  }
  mir_emit_data(md, out); /* module data hook (emit_data.c) */
  /* other code objects' functions the module calls (isel_calls.c: hidden
   * ones only, reached by rel32 relocations ld.lld resolves) */
  for (uint32_t k = md ? md->num_defined_funcs : 0; md && k < md->num_funcs; k++)
    fprintf(out, "\t.hidden\t%s\n", md->funcs[k]);
  fputs("\t.section\t\".note.GNU-stack\",\"\",@progbits\n\t.amdgpu_metadata\n---\namdhsa.kernels:\n", out);
  unsigned listed = 0;
  for (unsigned k = 0; k < num_kernels; k++) listed += !kernels[k]->is_function;
  if (!listed) fputs("  []\n", out);
  for (unsigned k = 0; k < num_kernels; k++)
    if (!kernels[k]->is_function) mir_emit_kernel_metadata(kernels[k], out);
  bool quote = strchr(target_id, ':') != NULL; /* as llc-19's YAML: 'amdgcn-amd-amdhsa--gfx900:xnack+' */
  fprintf(out, "amdhsa.target: %s%s%s\namdhsa.version:\n  - 1\n  - %u\n...\n\t.end_amdgpu_metadata\n", quote ? "'" : "",
          target_id, quote ? "'" : "", cov == 4 ? 1u : 2u);
  return rc;
}
