/* Text form of machine IR (printer). The parser in parse.c reads exactly
 * this syntax back; a printed program re-parses to an identical program.
 *
 *   kernel NAME
 *   state regs_assigned ssa_eliminated        ; only the flags that are set
 *   abi kernarg_segment_ptr workgroup_id_x kernarg_size=16 ...
 *   arg "name" "type" value_kind offset=0 size=8 align=8 as=1 const
 *   BB0: succs: BB1 BB2                       ; logical == linear
 *   BB3: logical_preds: BB1 linear_preds: BB1 BB2 loop_header
 *     %3:s2@s[4:5] = s_mov_b64 exec
 *     %4:v1 = v_add_f32 killed %2:v1, 1.0 vop3 clamp
 *     %5:v1 = global_load_dword %1:v2, off offset:16 glc
 *     s_waitcnt vmcnt(1) lgkmcnt(0)
 *
 * Operands: %ID:CLASS (classes s1 s2 s4 ... v1 v2 ... lv1 = linear VGPR),
 * optionally @PREG (physical register: allocated, or fixed with the
 * `fixed` prefix), prefixes `killed`, `latekill`, `fixed`; modifiers `-x`,
 * `|x|`; physical registers by their assembler names (s4, s[4:5], v7,
 * vcc, exec, m0, scc); constants as integers, 0x hex, or the inline
 * float constants (0.5, 1.0, 2.0, 4.0 and negatives), imm64(C) for a
 * 64-bit constant; undef:CLASS; block operands BBn; `_` for no operand.
 * Trailing words set instruction fields: vop3 glc slc sc1 ordered offen idxen off gds
 * gpr_idx (a v_mov_b32 under s_set_gpr_idx_on: MIR_ENC_GPR_IDX)
 * clamp omod:N offset:N (memory) imm:N (SOPP/SOPK immediate), and
 * mode(r32:V,r1664:V,d32:V,d1664:V) for the MODE fields an instruction
 * needs fixed (mir_instr.fpmode).
 */
#include <stdio.h>
#include <string.h>

#include "mir/mir.h"

static const char *const pseudo_names[MIR_P_LAST - MIR_P_FIRST] = {
  "p_phi", "p_linear_phi", "p_parallelcopy", "p_copy", "p_create_vector",
  "p_split_vector", "p_extract", "p_startpgm", "p_branch", "p_cbranch_scc",
  "p_logical_start", "p_logical_end", "p_spill", "p_reload",
  "p_start_linear_vgpr", "p_end_linear_vgpr", "p_call", "p_return",
  "p_gpr_idx_read", "p_gpr_idx_write",
};

const char *mir_opcode_name(unsigned opcode) {
  if (opcode < ISA_NUM_OPS) return isa_table[opcode].mnemonic;
  if (opcode < MIR_P_LAST) return pseudo_names[opcode - MIR_P_FIRST];
  return "<bad-opcode>";
}

int mir_preg_format(char *buf, size_t n, mir_preg r, unsigned dwords) {
  if (dwords == 0) dwords = 1;
  if (r < MIR_MAX_SGPRS || (r >= 256 && r < 512)) {
    char f = r < 256 ? 's' : 'v';
    unsigned i = r < 256 ? r : r - 256u;
    if (dwords == 1) return snprintf(buf, n, "%c%u", f, i);
    return snprintf(buf, n, "%c[%u:%u]", f, i, i + dwords - 1);
  }
  if (r >= MIR_PREG_AGPR(0) && r < MIR_PREG_AGPR(256)) {
    unsigned i = r - MIR_PREG_AGPR(0);
    if (dwords == 1) return snprintf(buf, n, "a%u", i);
    return snprintf(buf, n, "a[%u:%u]", i, i + dwords - 1);
  }
  const char *name = NULL;
  switch (r) {
  case 102: name = dwords == 2 ? "flat_scratch" : "flat_scratch_lo"; break;
  case 103: name = "flat_scratch_hi"; break;
  case 104: name = dwords == 2 ? "xnack_mask" : "xnack_mask_lo"; break;
  case 105: name = "xnack_mask_hi"; break;
  case MIR_PREG_VCC: name = dwords == 2 ? "vcc" : "vcc_lo"; break;
  case 107: name = "vcc_hi"; break;
  case MIR_PREG_M0: name = "m0"; break;
  case MIR_PREG_NULL: name = "null"; break;
  case MIR_PREG_EXEC: name = dwords == 2 ? "exec" : "exec_lo"; break;
  case 127: name = "exec_hi"; break;
  case MIR_PREG_SCC: name = "scc"; break;
  default: break;
  }
  if (name) return snprintf(buf, n, "%s", name);
  return snprintf(buf, n, "preg%u", (unsigned)r);
}

static void print_rc(FILE *out, mir_rc rc) {
  if (mir_rc_is_vgpr(rc))
    fprintf(out, "%sv%u", (rc & MIR_RC_LINEAR) ? "l" : "", mir_rc_size(rc));
  else
    fprintf(out, "s%u", mir_rc_size(rc));
}

/* Inline float constants print as floats so tests read naturally. */
static const struct { uint32_t bits; const char *text; } float_consts[] = {
  {0x3f000000u, "0.5"}, {0xbf000000u, "-0.5"}, {0x3f800000u, "1.0"}, {0xbf800000u, "-1.0"},
  {0x40000000u, "2.0"}, {0xc0000000u, "-2.0"}, {0x40800000u, "4.0"}, {0xc0800000u, "-4.0"},
};

static void print_const(FILE *out, uint32_t v) {
  for (unsigned i = 0; i < sizeof float_consts / sizeof float_consts[0]; i++)
    if (float_consts[i].bits == v) {
      fputs(float_consts[i].text, out);
      return;
    }
  int32_t s = (int32_t)v;
  if (s >= -16 && s <= 64) fprintf(out, "%d", s);
  else fprintf(out, "0x%x", v);
}

const char *const mir_sel_names[8] = {"DWORD", "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "?"};

void mir_print_operand(FILE *out, const mir_operand *o) {
  if (o->flags & MIR_OPND_KILL) fputs("killed ", out);
  if (o->flags & MIR_OPND_LATE_KILL) fputs("latekill ", out);
  if (o->flags & MIR_OPND_FIXED_REG) fputs("fixed ", out);
  /* VOP3P selects "sel:XY": the dword (half) the low lane reads, then the
   * high lane's; the default sel:01 is not written. neghi: neg_hi. */
  if (o->flags & (MIR_OPND_OPSEL | MIR_OPND_HI_FROM_LO))
    fprintf(out, "sel:%u%u ", (o->flags & MIR_OPND_OPSEL) ? 1u : 0u, (o->flags & MIR_OPND_HI_FROM_LO) ? 0u : 1u);
  if (o->flags & MIR_OPND_NEG_HI) fputs("neghi ", out);
  if (mir_opnd_lo64(o)) fputs("lo64 ", out);
  /* SDWA select "sdwa:BYTE_1", sign-extended "sdwa.sext:BYTE_1" (mir.h MIR_SEL_*) */
  if (o->sel) fprintf(out, "sdwa%s:%s ", (o->sel & MIR_SEL_SEXT) ? ".sext" : "", mir_sel_names[o->sel & MIR_SEL_MASK]);
  /* a negated constant keeps a space: "-0x7fffffff" would parse back as
   * the constant 0x80000001, "-0.5" as 0xbf000000 (fuzz_mir) */
  if (o->flags & MIR_OPND_NEG) fputs(o->kind == MIR_OPND_CONST && !(o->flags & MIR_OPND_ABS) ? "- " : "-", out);
  if (o->flags & MIR_OPND_ABS) fputc('|', out);
  char buf[32];
  switch ((mir_opnd_kind)o->kind) {
  case MIR_OPND_NONE: fputc('_', out); break;
  case MIR_OPND_TEMP:
    fprintf(out, "%%%u:", (unsigned)o->temp.id);
    print_rc(out, o->temp.rc);
    if (o->preg != MIR_PREG_NONE) {
      mir_preg_format(buf, sizeof buf, o->preg, mir_rc_size(o->temp.rc));
      fprintf(out, "@%s", buf);
    }
    break;
  case MIR_OPND_FIXED:
    mir_preg_format(buf, sizeof buf, o->preg, o->size);
    fputs(buf, out);
    break;
  case MIR_OPND_CONST:
    if (o->size == 2) {
      fputs("imm64(", out);
      print_const(out, o->imm);
      fputc(')', out);
    } else {
      print_const(out, o->imm);
    }
    break;
  case MIR_OPND_UNDEF:
    fputs("undef:", out);
    print_rc(out, o->temp.rc);
    break;
  case MIR_OPND_BLOCK: fprintf(out, "BB%u", (unsigned)o->imm); break;
  }
  if (o->flags & MIR_OPND_ABS) fputc('|', out);
}

/* " mode(r32:V,r1664:V,d32:V,d1664:V)" listing the fixed fields only. */
static const char *const fpmode_names[ISA_MODE_NUM_FIELDS] = {"r32", "r1664", "d32", "d1664"};

static void mir_print_fpmode(FILE *out, uint16_t m) {
  if (!m) return;
  const char *sep = " mode(";
  for (unsigned f = 0; f < ISA_MODE_NUM_FIELDS; f++)
    if (mir_fpmode_is_fixed(m, (isa_mode_field)f)) {
      fprintf(out, "%s%s:%u", sep, fpmode_names[f], mir_fpmode_value(m, (isa_mode_field)f));
      sep = ",";
    }
  fputc(')', out);
}

/* s_waitcnt's counters as p's target names them ("vmcnt(0) lgkmcnt(3)"),
 * imm:N for an immediate that is not just counter fields or waits for
 * nothing. */
static void print_waitcnt(FILE *out, const mir_program *p, int32_t offset) {
  const wavecc_target *t = p->target;
  unsigned cnt[WAVECC_NUM_COUNTERS];
  wavecc_waitcnt_decode(t, (uint16_t)offset, cnt);
  if (wavecc_waitcnt_encode(t, cnt) != (uint16_t)offset || (uint16_t)offset == wavecc_waitcnt_none(t)) {
    fprintf(out, " imm:%d", offset);
    return;
  }
  for (unsigned c = 0; c < WAVECC_NUM_COUNTERS; c++)
    if (wavecc_counter_in_waitcnt(t, (wavecc_counter)c) && cnt[c] < wavecc_counter_max(t, (wavecc_counter)c))
      fprintf(out, " %s(%u)", wavecc_counter_name((wavecc_counter)c), cnt[c]);
}

void mir_print_instr(FILE *out, const mir_program *p, const mir_instr *ins) {
  for (unsigned i = 0; i < ins->num_defs; i++) {
    if (i) fputs(", ", out);
    mir_print_operand(out, &ins->defs[i]);
  }
  if (ins->num_defs) fputs(" = ", out);
  fputs(mir_opcode_name(ins->opcode), out);
  for (unsigned i = 0; i < ins->num_ops; i++) {
    fputs(i ? ", " : " ", out);
    mir_print_operand(out, &ins->ops[i]);
  }
  if (ins->enc_flags & MIR_ENC_VOP3) fputs(" vop3", out);
  if (ins->enc_flags & MIR_ENC_GLC) fputs(" glc", out);
  if (ins->enc_flags & MIR_ENC_SLC) fputs(" slc", out);
  if (ins->enc_flags & MIR_ENC_SC1) fputs(" sc1", out);
  if (ins->enc_flags & MIR_ENC_ORDERED) fputs(" ordered", out);
  if (ins->enc_flags & MIR_ENC_OFFEN) fputs(" offen", out);
  if (ins->enc_flags & MIR_ENC_IDXEN) fputs(" idxen", out);
  if (ins->enc_flags & MIR_ENC_OFF) fputs(" off", out);
  if (ins->enc_flags & MIR_ENC_DWALIGNED) fputs(" dwaligned", out);
  if (ins->enc_flags & MIR_ENC_GDS) fputs(" gds", out);
  if (ins->enc_flags & MIR_ENC_INVARIANT) fputs(" invariant", out);
  if (ins->enc_flags & MIR_ENC_UNIFORM) fputs(" uniform", out);
  if (ins->enc_flags & MIR_ENC_VOPD_FIRST) fputs(" vopd1", out);
  if (ins->enc_flags & MIR_ENC_VOPD_SECOND) fputs(" vopd2", out);
  if (ins->enc_flags & MIR_ENC_GPR_IDX) fputs(" gpr_idx", out);
  if (ins->clamp) fputs(" clamp", out);
  if (ins->omod) fprintf(out, " omod:%u", ins->omod);
  mir_print_fpmode(out, ins->fpmode);
  if (ins->opcode == ISA_S_WAITCNT) {
    print_waitcnt(out, p, ins->offset);
  } else if (ins->offset) {
    bool sopp = ins->opcode < ISA_NUM_OPS &&
                (isa_table[ins->opcode].format == ISA_FMT_SOPP || isa_table[ins->opcode].format == ISA_FMT_SOPK);
    fprintf(out, " %s:%d", sopp ? "imm" : "offset", ins->offset);
  }
}

static bool lists_equal(const mir_idx_list *a, const mir_idx_list *b) {
  return a->n == b->n && (a->n == 0 || memcmp(a->v, b->v, a->n * sizeof *a->v) == 0);
}

static void print_list(FILE *out, const char *name, const mir_idx_list *l, bool always) {
  if (!l->n && !always) return;
  fprintf(out, " %s:", name);
  for (uint32_t i = 0; i < l->n; i++) fprintf(out, " BB%u", l->v[i]);
}

void mir_print_block_header(FILE *out, const mir_block *b) {
  fprintf(out, "BB%u:", b->index);
  if (lists_equal(&b->logical_preds, &b->linear_preds)) {
    print_list(out, "preds", &b->logical_preds, false);
  } else {
    print_list(out, "logical_preds", &b->logical_preds, true);
    print_list(out, "linear_preds", &b->linear_preds, true);
  }
  if (lists_equal(&b->logical_succs, &b->linear_succs)) {
    print_list(out, "succs", &b->logical_succs, false);
  } else {
    print_list(out, "logical_succs", &b->logical_succs, true);
    print_list(out, "linear_succs", &b->linear_succs, true);
  }
  if (b->flags & MIR_BLOCK_LOOP_HEADER) fputs(" loop_header", out);
  if (b->flags & MIR_BLOCK_LOOP_EXIT) fputs(" loop_exit", out);
  if (b->flags & MIR_BLOCK_DIVERGENT_BRANCH) fputs(" divergent_branch", out);
  if (b->flags & MIR_BLOCK_UNIFORM) fputs(" uniform", out);
  fputc('\n', out);
}

static void print_str(FILE *out, const char *s) {
  fputc('"', out);
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\') fputc('\\', out);
    fputc(*s, out);
  }
  fputc('"', out);
}

static void print_abi(FILE *out, const mir_kernel_abi *a) {
  fputs("abi", out);
  if (a->private_segment_buffer) fputs(" private_segment_buffer", out);
  if (a->dispatch_ptr) fputs(" dispatch_ptr", out);
  if (a->queue_ptr) fputs(" queue_ptr", out);
  if (a->kernarg_segment_ptr) fputs(" kernarg_segment_ptr", out);
  if (a->dispatch_id) fputs(" dispatch_id", out);
  if (a->flat_scratch_init) fputs(" flat_scratch_init", out);
  for (int i = 0; i < 3; i++)
    if (a->workgroup_id[i]) fprintf(out, " workgroup_id_%c", "xyz"[i]);
  if (a->private_segment_wave_offset) fputs(" private_segment_wave_offset", out);
  if (a->ieee_mode) fputs(" ieee_mode", out);
  if (a->dx10_clamp) fputs(" dx10_clamp", out);
  if (a->sgpr_spill_scratch) fputs(" sgpr_spill_scratch", out);
  if (a->tuple_slack) fprintf(out, " tuple_slack=%u", a->tuple_slack);
  fprintf(out, " workitem_id_dims=%u kernarg_size=%u kernarg_align=%u group_segment_size=%u"
               " private_segment_size=%u max_flat_workgroup_size=%u num_sgprs_budget=%u"
               " num_vgprs_budget=%u float_mode=%u",
          a->workitem_id_dims, a->kernarg_size, a->kernarg_align, a->group_segment_size,
          a->private_segment_size, a->max_flat_workgroup_size, a->num_sgprs_budget,
          a->num_vgprs_budget, a->float_mode);
  if (a->reqd_workgroup_size[0]) /* OpenCL reqd_work_group_size(X,Y,Z) */
    fprintf(out, " reqd_workgroup_size=%u,%u,%u", a->reqd_workgroup_size[0], a->reqd_workgroup_size[1],
            a->reqd_workgroup_size[2]);
  fputc('\n', out);
  for (uint32_t i = 0; i < a->num_args; i++) {
    const mir_kernel_arg *g = &a->args[i];
    fputs("arg ", out);
    print_str(out, g->name);
    fputc(' ', out);
    print_str(out, g->type_name);
    fputc(' ', out);
    print_str(out, g->value_kind);
    fprintf(out, " offset=%u size=%u align=%u as=%u%s%s%s\n", g->offset, g->size, g->align,
            g->address_space, g->is_const ? " const" : "", g->is_restrict ? " restrict" : "",
            g->is_volatile ? " volatile" : "");
  }
}

void mir_print(const mir_program *p, FILE *out) {
  fprintf(out, "kernel %s\n", p->name && *p->name ? p->name : "_");
  if (p->target != mir_default_target())
    fprintf(out, "target %s%s\n", p->target->name,
            p->target->other_wave && p->target->wave_size == 64 ? " wave64" : ""); /* the non-default wave size */
  if (p->regs_assigned || p->ssa_eliminated)
    fprintf(out, "state%s%s\n", p->regs_assigned ? " regs_assigned" : "",
            p->ssa_eliminated ? " ssa_eliminated" : "");
  print_abi(out, &p->abi);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    mir_print_block_header(out, b);
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      fputs("  ", out);
      mir_print_instr(out, p, b->instrs[i]);
      fputc('\n', out);
    }
  }
}
