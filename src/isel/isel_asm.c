/* Inline assembly, the common case: one or a few ALU instructions
 * (SOP1, SOP2, VOP1, VOP2, VOP3; src/target/asm_text.c parses them),
 * loads and stores of the GLOBAL (`off` SADDR) and DS formats, s_waitcnt
 * (mem_access, waitcnt) with
 * register constraints "v", "s", "=v", "=s" ("r": "s"), fixed registers "{v0}" /
 * "={s4}" / "={m0}" / "{vcc_lo}", immediates "i" / "n", and "~{...}"
 * clobbers; on the CDNA targets also "a" / "=a", accumulation registers
 * (AGPRs) for the v_accvgpr_write/read/mov moves (acc_move) and as the data
 * of loads and stores. Each instruction
 * becomes an ordinary machine instruction: `$N` operands are the
 * constraint's temporaries, integers are constants, and a register the
 * text names is renamed: a new temporary where the text writes it (the
 * program cannot see a clobbered register's value, so any register does,
 * and the allocator needs to move nothing), the input's or output's
 * temporary where a "{vN}" constraint put it. m0, vcc_lo, vcc_hi and vcc
 * named in the text are renamed the same way (instructions that read or
 * write them implicitly are refused below, so no other code sees them). The encoder and the
 * emulator then treat them like selected code. ';' starts a comment to the
 * end of the line, as in llvm-mc's AMDGPU syntax; text that is only
 * comments ("; use $0", "; def $0") or empty selects to nothing, whatever
 * its constraints (comment_only). Anything else
 * (atomics, other memory formats, branches, implicit VCC or SCC reads, tied or
 * memory constraints, divergent values for "s") is an error naming the
 * construct, never silently different code.
 */
#include <stdio.h>
#include <string.h>

#include "isel/isel_internal.h"
#include "target/asm_text.h"

enum { MAX_CONS = 16, MAX_PHYS = 16 };

typedef struct asm_con {
  bool out, imm;
  char file;       /* 'v', 's' or 'a' (an AGPR operand, held in a VGPR temporary: acc_move) */
  mir_preg fixed;  /* MIR_PREG_NONE unless "{v0}" */
  mir_operand opnd; /* inputs: the value; outputs: the temporary */
  bool written;
} asm_con;

typedef struct asm_ctx {
  isel_ctx *c;
  LLVMValueRef ins;
  asm_con con[MAX_CONS];
  unsigned ncon, nout;
  struct { mir_preg r; mir_temp t; } phys[MAX_PHYS]; /* registers the text wrote */
  unsigned nphys;
} asm_ctx;

static bool fail(asm_ctx *a, const char *what, const char *detail) {
  char msg[300];
  snprintf(msg, sizeof msg, "inline assembly: %s%s%s", what, detail ? " " : "", detail ? detail : "");
  isel_unsupported(a->c, a->ins, msg);
  return true;
}

/* "{v3}" / "{s10}" -> the register; "{m0}", "{vcc_lo}", "{vcc_hi}" ->
 * their ASM_SREG_* number as an SGPR (a name for renaming only, never
 * allocated); MIR_PREG_NONE otherwise. */
static mir_preg braced_reg(const char *s, size_t n) {
  unsigned cnt;
  uint32_t special = n > 2 && s[0] == '{' && s[n - 1] == '}' ? asm_special_sreg(s + 1, n - 2, &cnt) : 0;
  if (special && cnt == 1) return MIR_PREG_SGPR(special);
  if (n < 4 || s[0] != '{' || s[n - 1] != '}' || (s[1] != 'v' && s[1] != 's')) return MIR_PREG_NONE;
  unsigned r = 0;
  for (size_t i = 2; i + 1 < n; i++) {
    if (s[i] < '0' || s[i] > '9') return MIR_PREG_NONE;
    r = r * 10 + (unsigned)(s[i] - '0');
  }
  if (s[1] == 'v') return r < 256 ? MIR_PREG_VGPR(r) : MIR_PREG_NONE;
  return r < MIR_MAX_SGPRS ? MIR_PREG_SGPR(r) : MIR_PREG_NONE;
}

/* Splits the constraint string into a->con (clobbers are dropped: the
 * registers the text writes are modelled as definitions anyway). */
static bool parse_constraints(asm_ctx *a, const char *s, size_t len) {
  size_t i = 0;
  while (i <= len) {
    size_t j = i;
    while (j < len && s[j] != ',') j++;
    const char *p = s + i;
    size_t n = j - i;
    i = j + 1;
    if (!n || p[0] == '~') continue; /* "" (no operands) or a clobber */
    if (a->ncon == MAX_CONS) return !fail(a, "more than 16 operands", NULL);
    asm_con *k = &a->con[a->ncon++];
    memset(k, 0, sizeof *k);
    k->fixed = MIR_PREG_NONE;
    if (n && p[0] == '=') k->out = true, p++, n--;
    if (n && p[0] == '&') p++, n--; /* early clobber: every output has its own register anyway */
    char one[32];
    snprintf(one, sizeof one, "%.*s", (int)(n < 31 ? n : 31), p);
    if (k->out && a->ncon - 1 != a->nout) return !fail(a, "constraint order (outputs first):", one);
    if (k->out) a->nout++;
    if (!strcmp(one, "v") || !strcmp(one, "s")) {
      k->file = one[0];
    } else if (!strcmp(one, "r")) {
      /* "r": the register class LLVM gives the type, SGPRs for 32-bit
       * and packed 16-bit values (llc-19 -mcpu=gfx900 puts "r" operands in
       * s registers); divergent values are refused as for "s" */
      k->file = 's';
    } else if (!strcmp(one, "a") && a->c->p->target->agprs) {
      k->file = 'a';
    } else if ((k->fixed = braced_reg(p, n)) != MIR_PREG_NONE) {
      /* {vN}; {sN}, and {m0}, {vcc_lo}, {vcc_hi} (keys from ASM_SREG_M0 up) */
      k->file = p[1] == 'v' && k->fixed < MIR_PREG_SGPR(ASM_SREG_M0) ? 'v' : 's';
    } else if (!k->out && (!strcmp(one, "i") || !strcmp(one, "n"))) {
      k->imm = true;
    } else {
      return !fail(a, "constraint", one);
    }
  }
  return true;
}

static mir_operand fixed_opnd(mir_temp t, mir_preg r) {
  mir_operand o = mir_op_temp(t);
  o.preg = r;
  o.flags |= MIR_OPND_FIXED_REG;
  return o;
}

/* A vector of two 16-bit elements, which a 32-bit register holds packed
 * (x in bits 15:0), as LLVM passes it to inline assembly. */
static bool is_packed16(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) == 2 && isel_type_bits(LLVMGetElementType(t)) == 16;
}

/* The inputs' operands, in the classes their constraints ask for. */
static bool bind_inputs(asm_ctx *a) {
  isel_ctx *c = a->c;
  unsigned argi = 0;
  for (unsigned k = a->nout; k < a->ncon; k++, argi++) {
    asm_con *q = &a->con[k];
    LLVMValueRef v = LLVMGetOperand(a->ins, argi);
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned bits = isel_type_bits(t);
    bool packed = is_packed16(t);
    if (!packed && (isel_num_comps(t) != 1 || (bits != 16 && bits != 32 && bits != 64))) return !fail(a, "operand type", NULL);
    mir_operand o = isel_get(c, v, 0);
    if (packed) { /* <2 x i16/half/bfloat>: one dword, x in the low half */
      unsigned nw = 0;
      if (q->imm || !isel_pack_dwords(c, v, &o, &nw) || nw != 1) return !fail(a, "operand type", NULL);
      bits = 32;
    }
    if (q->imm) {
      if (o.kind != MIR_OPND_CONST) return !fail(a, "\"i\" operand that is not a constant", NULL);
      q->opnd = o;
      continue;
    }
    bool vg = q->file != 's';
    if (!vg && divergence_is_divergent(c->di, v))
      return !fail(a, "a value that differs between lanes (divergent) for an \"s\" operand: an SGPR holds one "
                      "value for the whole wave (llc-19 puts the VGPR in the text, which is not a valid "
                      "instruction); use \"v\", or pass llvm.amdgcn.readfirstlane of it",
                   NULL);
    mir_temp tt = isel_as_temp(c, o, vg, bits == 64 ? 2 : 1);
    q->opnd = mir_op_temp(tt);
    if (q->fixed != MIR_PREG_NONE) { /* the text names it by its register */
      if (a->nphys == MAX_PHYS) return !fail(a, "more than 16 registers", NULL);
      a->phys[a->nphys].r = q->fixed;
      a->phys[a->nphys++].t = tt;
    }
  }
  return true;
}

/* The outputs' temporaries, sized by the call's result type(s). */
static bool make_outputs(asm_ctx *a) {
  LLVMTypeRef rt = LLVMTypeOf(a->ins);
  for (unsigned k = 0; k < a->nout; k++) {
    LLVMTypeRef t = a->nout == 1 && LLVMGetTypeKind(rt) != LLVMStructTypeKind ? rt : LLVMStructGetTypeAtIndex(rt, k);
    unsigned bits = isel_type_bits(t);
    bool packed = a->nout == 1 && is_packed16(t); /* unpacked by isel_inline_asm */
    if (!packed && (isel_num_comps(t) != 1 || (bits != 16 && bits != 32 && bits != 64))) return !fail(a, "result type", NULL);
    unsigned dw = bits == 64 ? 2 : 1;
    a->con[k].opnd = mir_op_temp(isel_tmp(a->c, a->con[k].file != 's' ? mir_rc_v(dw) : mir_rc_s(dw)));
  }
  return true;
}

/* Operand `o` of the text as a use. */
static bool use_opnd(asm_ctx *a, const asm_opnd *o, mir_operand *out) {
  if (o->kind == ASM_OPND_CONST) {
    *out = mir_op_const(o->value);
    return true;
  }
  if (o->kind == ASM_OPND_ARG) {
    if (o->value >= a->ncon) return !fail(a, "operand number out of range", NULL);
    asm_con *q = &a->con[o->value];
    if (q->out && !q->written) return !fail(a, "reads an output before writing it", NULL);
    *out = q->opnd;
    return true;
  }
  if (o->kind == ASM_OPND_AGPR) return !fail(a, "names an AGPR (pass AGPR values through \"a\" operands)", NULL);
  mir_preg r = o->kind == ASM_OPND_VGPR ? MIR_PREG_VGPR(o->value) : MIR_PREG_SGPR(o->value);
  for (unsigned i = a->nphys; i-- > 0;)
    if (a->phys[i].r == r && mir_rc_size((mir_rc)a->phys[i].t.rc) == o->count) {
      *out = mir_op_temp(a->phys[i].t);
      return true;
    }
  return !fail(a, "reads a register it did not write (pass values through operands)", NULL);
}

/* Operand `o` of the text as a definition. */
static bool def_opnd(asm_ctx *a, const asm_opnd *o, mir_operand *out) {
  if (o->kind == ASM_OPND_CONST) return !fail(a, "a constant as a destination", NULL);
  if (o->kind == ASM_OPND_ARG) {
    if (o->value >= a->nout) return !fail(a, "writes an input operand", NULL);
    asm_con *q = &a->con[o->value];
    if (q->written) return !fail(a, "writes an output twice", NULL);
    q->written = true;
    *out = q->opnd;
    return true;
  }
  if (o->kind == ASM_OPND_AGPR) return !fail(a, "names an AGPR (pass AGPR values through \"a\" operands)", NULL);
  if (a->nphys == MAX_PHYS) return !fail(a, "writes more than 16 registers", NULL);
  bool vg = o->kind == ASM_OPND_VGPR;
  mir_preg r = vg ? MIR_PREG_VGPR(o->value) : MIR_PREG_SGPR(o->value);
  bool special = !vg && o->value >= ASM_SREG_M0; /* m0, vcc: renamed like sN */
  if ((vg && o->value + o->count > 256) || (!vg && !special && o->value + o->count > MIR_MAX_SGPRS))
    return !fail(a, "register out of range", NULL);
  mir_temp t = isel_tmp(a->c, vg ? mir_rc_v(o->count) : mir_rc_s(o->count));
  for (unsigned k = 0; k < a->nout; k++) /* an output "={vN}" written by name */
    if (a->con[k].fixed == r && mir_rc_size((mir_rc)a->con[k].opnd.temp.rc) == o->count && !a->con[k].written) {
      a->con[k].written = true;
      t = a->con[k].opnd.temp;
    }
  a->phys[a->nphys].r = r;
  a->phys[a->nphys++].t = t;
  *out = mir_op_temp(t);
  return true;
}

/* Does operand k of the text (`o`) have the width the instruction's
 * operand takes (the ISA table's signature, `width` dwords)? A "$0" of an
 * i64 printed into a 32-bit operand (v_mov_b32 v[1:2], v0) would leave
 * half of the value unwritten or unread; llc-19 refuses it too ("invalid
 * operand for instruction"). Constants fit any width. */
static bool check_width(asm_ctx *a, const asm_opnd *o, unsigned width, unsigned k, const char *mnemonic) {
  unsigned have;
  if (o->kind == ASM_OPND_CONST) return true;
  if (o->kind == ASM_OPND_ARG) {
    if (o->value >= a->ncon) return !fail(a, "operand number out of range", NULL);
    const asm_con *q = &a->con[o->value];
    if (q->imm) return true;
    have = mir_rc_size((mir_rc)q->opnd.temp.rc);
  } else {
    have = o->count;
  }
  if (!width || have == width) return true;
  char msg[160];
  snprintf(msg, sizeof msg, "operand %u of %s is %u bits wide, the instruction's is %u", k, mnemonic, 32 * have,
           32 * width);
  return !fail(a, msg, NULL);
}

/* The register file operand `o` of the text names: 'a' for an "a"
 * constraint's operand or a named AGPR, 'v', 's', or 'i' for a constant. */
static char opnd_file(const asm_ctx *a, const asm_opnd *o) {
  switch (o->kind) {
  case ASM_OPND_ARG: return o->value >= a->ncon ? 'i' : a->con[o->value].imm ? 'i' : a->con[o->value].file;
  case ASM_OPND_AGPR: return 'a';
  case ASM_OPND_VGPR: return 'v';
  case ASM_OPND_SGPR: return 's';
  default: return 'i';
  }
}

/* v_accvgpr_write_b32 (AGPR <- VGPR or inline constant), v_accvgpr_read_b32
 * (VGPR <- AGPR), v_accvgpr_mov_b32 (AGPR <- AGPR) of the text, each with
 * its AGPRs given as "a" operands (CDNA 2 / CDNA 3 ISA guides; llc-19
 * rejects an operand of the other file, and so does this). wavecc's
 * allocator has no AGPR class yet, so an "a" operand's value lives in an
 * ArchVGPR and the move is a copy of the value: the program sees the same
 * values as with llc-19's AGPRs, at no AGPR cost. */
static bool acc_move(asm_ctx *a, const asm_instr *ai) {
  bool dst_acc = ai->op != ISA_V_ACCVGPR_READ_B32, src_acc = ai->op != ISA_V_ACCVGPR_WRITE_B32;
  if (ai->nops != 2) return !fail(a, "operand count of", isa_table[ai->op].mnemonic);
  char df = opnd_file(a, &ai->ops[0]), sf = opnd_file(a, &ai->ops[1]);
  if (df != (dst_acc ? 'a' : 'v') || (src_acc ? sf != 'a' : sf != 'v' && sf != 'i'))
    return !fail(a, dst_acc && src_acc ? "operands of v_accvgpr_mov_b32 (two \"a\" operands)"
                    : dst_acc          ? "operands of v_accvgpr_write_b32 (an \"a\" destination, a VGPR or constant source)"
                                       : "operands of v_accvgpr_read_b32 (a VGPR destination, an \"a\" source)",
                 NULL);
  if (!check_width(a, &ai->ops[0], 1, 0, isa_table[ai->op].mnemonic) ||
      !check_width(a, &ai->ops[1], 1, 1, isa_table[ai->op].mnemonic))
    return false;
  mir_operand d, u;
  if (!def_opnd(a, &ai->ops[0], &d) || !use_opnd(a, &ai->ops[1], &u)) return false;
  mir_temp dt = d.temp;
  isel_valu(a->c, ISA_V_MOV_B32, &dt, 1, &u, 1, false);
  return true;
}

/* One instruction of the text. */
/* A VOPC comparison in its VOP3 form (asm_text.c takes VOPC only with
 * _e64): `v_cmp_* sdst, src0, src1`, sdst the lane mask (an SGPR pair in
 * wave64: the only width taken, an "=s" i64 output), VCC untouched; two
 * sources, the second a VGPR or not, as isel_vcmp selects them. */
static bool cmp_e64(asm_ctx *a, const asm_instr *ai) {
  isel_ctx *c = a->c;
  const isa_info *ii = &isa_table[ai->op];
  if (ii->flags & (ISA_F_READS_SCC | ISA_F_READS_VCC | ISA_F_WRITES_EXEC | ISA_F_READS_M0))
    return !fail(a, "instruction with implicit operands:", ii->mnemonic);
  if (ai->nops != 3 || mir_rc_size(isel_lane_rc(c)) != 2) return !fail(a, "operands (sdst of 2 SGPRs, src0, src1) of", ii->mnemonic);
  mir_operand d, u[2];
  if (!check_width(a, &ai->ops[0], 2, 0, ii->mnemonic) || !def_opnd(a, &ai->ops[0], &d)) return false;
  if (mir_rc_is_vgpr((mir_rc)d.temp.rc)) return !fail(a, "destination register file of", ii->mnemonic);
  for (unsigned k = 0; k < 2; k++)
    if (!check_width(a, &ai->ops[1 + k], 1, 1 + k, ii->mnemonic) || !use_opnd(a, &ai->ops[1 + k], &u[k])) return false;
  mir_temp m = isel_vcmp(c, ai->op, u[0], u[1]);
  mir_instr *cp = isel_emit(c, MIR_P_COPY, 1, 1);
  cp->ops[0] = mir_op_temp(m);
  cp->defs[0] = d;
  return true;
}

/* The definitions (*nd) and uses (*nu) of ai's instruction and their
 * widths in dwords (the ISA table's signature), which must be the text's
 * operand count (reported otherwise: false). */
static bool sig_widths(asm_ctx *a, const asm_instr *ai, unsigned *nd, unsigned *nu, unsigned width[ASM_MAX_OPNDS + 1]) {
  const isa_info *ii = &isa_table[ai->op];
  const char *sig = ii->sig;
  char file;
  *nd = *nu = 0;
  while (*nd + *nu <= ASM_MAX_OPNDS && isa_sig_entry(&sig, &file, &width[*nd])) (*nd)++;
  if (*sig == ';') sig++;
  while (*nd + *nu <= ASM_MAX_OPNDS && isa_sig_entry(&sig, &file, &width[*nd + *nu])) (*nu)++;
  if (ai->nops != *nd + *nu) return !fail(a, "operand count of", ii->mnemonic);
  return true;
}

/* A load or store of the GLOBAL (SADDR `off`) or DS format: definitions
 * and uses as the ISA table's signature has them (GLOBAL: a 64-bit VGPR
 * address; DS: a 32-bit LDS address), the data in VGPRs or, on targets
 * with AGPRs, in "a" operands (held in VGPR temporaries, as acc_move's).
 * The access is ordered (MIR_ENC_ORDERED): no pass moves, merges or
 * removes it, as for a volatile access, since the text's memory effects
 * are the program's. The offset must fit the target's field
 * (isa_offset_range). The waitcnt pass counts it like any load or store,
 * so its result is waited for before it is read, whatever s_waitcnt the
 * text holds. */
static bool mem_access(asm_ctx *a, const asm_instr *ai) {
  isel_ctx *c = a->c;
  const isa_info *ii = &isa_table[ai->op];
  bool global = ii->format == ISA_FMT_GLOBAL;
  if (ii->flags & (ISA_F_READS_M0 | ISA_F_WRITES_M0 | ISA_F_READS_EXEC_ALWAYS))
    return !fail(a, "instruction with implicit operands:", ii->mnemonic);
  if (global && !ai->saddr_off) return !fail(a, "a GLOBAL access without `off` SADDR (an SGPR base is not taken):", ii->mnemonic);
  int64_t lo, hi;
  isa_offset_range(c->p->target->encoding, ii->format, &lo, &hi);
  if (ai->offset < lo || ai->offset > hi) return !fail(a, "offset out of the instruction's range:", ii->mnemonic);
  unsigned nd, nu, width[ASM_MAX_OPNDS + 1];
  if (!sig_widths(a, ai, &nd, &nu, width)) return false;
  mir_instr *m = isel_emit(c, ai->op, nu, nd);
  for (unsigned k = 0; k < nd + nu; k++) {
    char f = opnd_file(a, &ai->ops[k]);
    bool data = k < nd || k > nd; /* a load's result or a store's data (its first use is the address) */
    if (f == 's' || f == 'i' || (f == 'a' && !data))
      return !fail(a, "an operand that is not a VGPR (or an \"a\" data operand) of", ii->mnemonic);
    if (!check_width(a, &ai->ops[k], width[k], k, ii->mnemonic)) return false;
    if (k < nd ? !def_opnd(a, &ai->ops[k], &m->defs[k]) : !use_opnd(a, &ai->ops[k], &m->ops[k - nd])) return false;
  }
  m->offset = ai->offset;
  m->enc_flags |= MIR_ENC_ORDERED | (global ? MIR_ENC_OFF : 0);
  return true;
}

/* s_waitcnt of the text: its simm16 as written, or the named counters'
 * fields encoded for the target (wavecc_waitcnt_encode), the others at
 * their maximum (no wait). A counter the target's s_waitcnt lacks, or a
 * value above its field, is refused. */
static bool waitcnt(asm_ctx *a, const asm_instr *ai) {
  const wavecc_target *t = a->c->p->target;
  mir_instr *w = isel_emit(a->c, ISA_S_WAITCNT, 0, 0);
  if (ai->simm_set) {
    w->offset = (int32_t)ai->simm;
    return true;
  }
  unsigned cnt[WAVECC_NUM_COUNTERS];
  for (unsigned k = 0; k < WAVECC_NUM_COUNTERS; k++) {
    cnt[k] = wavecc_counter_max(t, (wavecc_counter)k);
    if (!(ai->cnt_set >> k & 1)) continue;
    if (!wavecc_counter_in_waitcnt(t, (wavecc_counter)k) || ai->cnt[k] > cnt[k])
      return !fail(a, "s_waitcnt counter the target does not have, or a value above its field:",
                   wavecc_counter_name((wavecc_counter)k));
    cnt[k] = ai->cnt[k];
  }
  w->offset = wavecc_waitcnt_encode(t, cnt);
  return true;
}

static bool emit_one(asm_ctx *a, const asm_instr *ai) {
  isel_ctx *c = a->c;
  const isa_info *ii = &isa_table[ai->op];
  if (ai->op == ISA_V_ACCVGPR_WRITE_B32 || ai->op == ISA_V_ACCVGPR_READ_B32 || ai->op == ISA_V_ACCVGPR_MOV_B32)
    return acc_move(a, ai);
  if (ai->op == ISA_S_WAITCNT) return waitcnt(a, ai);
  if (ii->format == ISA_FMT_GLOBAL || ii->format == ISA_FMT_DS) return mem_access(a, ai);
  for (unsigned k = 0; k < ai->nops; k++)
    if (opnd_file(a, &ai->ops[k]) == 'a')
      return !fail(a, "an AGPR (\"a\") operand of an instruction other than v_accvgpr_write/read/mov:", ii->mnemonic);
  if (ii->format == ISA_FMT_VOPC) return cmp_e64(a, ai);
  if (ai->op == ISA_S_NOP) { /* s_nop N: wait states only */
    if (ai->nops != 1 || ai->ops[0].kind != ASM_OPND_CONST || ai->ops[0].value > 15)
      return !fail(a, "s_nop operand (0..15)", NULL);
    isel_emit(c, ISA_S_NOP, 0, 0)->offset = (int32_t)ai->ops[0].value;
    return true;
  }
  if (ii->flags & (ISA_F_READS_SCC | ISA_F_READS_VCC | ISA_F_WRITES_VCC | ISA_F_WRITES_EXEC | ISA_F_BRANCH |
                   ISA_F_READS_M0 | ISA_F_WRITES_M0))
    return !fail(a, "instruction with implicit operands (SCC or VCC reads, VCC, EXEC or M0 writes, branches):",
                 ii->mnemonic);
  unsigned nd, nu, width[ASM_MAX_OPNDS + 1];
  if (!sig_widths(a, ai, &nd, &nu, width)) return false;
  for (unsigned k = 0; k < nd + nu; k++)
    if (!check_width(a, &ai->ops[k], width[k], k, ii->mnemonic)) return false;
  mir_operand d[ASM_MAX_OPNDS], u[ASM_MAX_OPNDS];
  for (unsigned k = 0; k < nd; k++)
    if (!def_opnd(a, &ai->ops[k], &d[k])) return false;
  for (unsigned k = 0; k < nu; k++)
    if (!use_opnd(a, &ai->ops[nd + k], &u[k])) return false;
  bool salu = ii->format == ISA_FMT_SOP1 || ii->format == ISA_FMT_SOP2;
  for (unsigned k = 0; k < nd; k++) {
    bool vg = mir_rc_is_vgpr((mir_rc)d[k].temp.rc);
    if (vg == salu) return !fail(a, "destination register file of", ii->mnemonic);
  }
  if (salu) {
    bool scc = ii->flags & ISA_F_WRITES_SCC;
    mir_instr *m = isel_emit(c, ai->op, nu, nd + (scc ? 1 : 0));
    for (unsigned k = 0; k < nu; k++) {
      if (isel_opnd_is_vgpr(&u[k])) return !fail(a, "a VGPR operand of", ii->mnemonic);
      m->ops[k] = u[k];
    }
    for (unsigned k = 0; k < nd; k++) m->defs[k] = d[k];
    if (scc) m->defs[nd] = fixed_opnd(isel_tmp(c, mir_rc_s(1)), MIR_PREG_SCC);
    return true;
  }
  mir_temp dt[ASM_MAX_OPNDS];
  for (unsigned k = 0; k < nd; k++) dt[k] = d[k].temp;
  isel_valu(c, ai->op, dt, nd, u, nu, ai->vop3);
  return true;
}

/* The statement of text[i..] up to the end of its line: *end is where a
 * ';' comment or the line ends (AMDGPU assembly: ';' starts a comment,
 * it does not separate statements), *eol the newline or slen. False when
 * the statement is blank or only a comment. */
static bool next_statement(const char *text, size_t slen, size_t i, size_t *eol, size_t *end) {
  size_t j = i;
  while (j < slen && text[j] != '\n') j++;
  *eol = j;
  size_t e = i;
  while (e < j && text[e] != ';') e++;
  *end = e;
  for (size_t k = i; k < e; k++)
    if (text[k] != ' ' && text[k] != '\t' && text[k] != '\r') return true;
  return false;
}

/* Text with no instruction: only comments ("; use $0", "; def $0") or
 * nothing, with clobbers. Its inputs need no register (so neither their
 * type nor their divergence matters) and each output holds a value the
 * program cannot predict (llc-19 leaves whatever its register held): 0
 * here, in the output's register file. Any register constraint ("v", "s",
 * "{v[2:3]}", "={s40}") is taken. */
static bool comment_only(asm_ctx *a, const char *cons, size_t clen) {
  isel_ctx *c = a->c;
  LLVMTypeRef rt = LLVMTypeOf(a->ins);
  unsigned nout = 0;
  for (size_t i = 0; i < clen;) {
    size_t j = i;
    while (j < clen && cons[j] != ',') j++;
    if (cons[i] == '=') {
      size_t k = i + 1;
      while (k < j && (cons[k] == '&' || cons[k] == '{')) k++;
      bool vg = k < j && cons[k] != 's'; /* "v", "a" and other vector files: a VGPR */
      LLVMTypeRef t = LLVMGetTypeKind(rt) == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(rt, nout) : rt;
      unsigned nc = isel_num_comps(t), bits = isel_type_bits(t);
      if (LLVMGetTypeKind(rt) == LLVMStructTypeKind && nc != 1) return fail(a, "result type", NULL);
      if (!bits || bits > 64) return fail(a, "result type", NULL);
      LLVMValueRef z = LLVMConstNull(t);
      for (unsigned e = 0; e < nc; e++) {
        mir_temp r = isel_as_temp(c, isel_get(c, z, e), vg, bits > 32 ? 2 : 1);
        isel_set(c, a->ins, LLVMGetTypeKind(rt) == LLVMStructTypeKind ? nout : e, r);
      }
      nout++;
    }
    i = j + 1;
  }
  return true;
}

bool isel_inline_asm(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef ia = LLVMGetCalledValue(ins);
  asm_ctx *a = arena_alloc(c->mem, sizeof *a);
  memset(a, 0, sizeof *a);
  a->c = c;
  a->ins = ins;
  size_t slen, clen;
  const char *text = LLVMGetInlineAsmAsmString(ia, &slen);
  const char *cons = LLVMGetInlineAsmConstraintString(ia, &clen);
  bool any = false;
  for (size_t i = 0, j, e; i < slen && !any; i = j + 1) any = next_statement(text, slen, i, &j, &e);
  if (!any) return comment_only(a, cons, clen);
  if (!parse_constraints(a, cons, clen)) return true;
  if (a->ncon - a->nout != LLVMGetNumArgOperands(ins)) return fail(a, "operand count", NULL);
  if (!bind_inputs(a) || !make_outputs(a)) return true;
  for (size_t i = 0, j, e; i < slen; i = j + 1) {
    if (!next_statement(text, slen, i, &j, &e)) continue;
    asm_instr ai;
    char err[200];
    if (asm_parse_instr(text + i, e - i, &ai, err, sizeof err)) return fail(a, err, NULL);
    if (!emit_one(a, &ai)) return true;
  }
  for (unsigned k = 0; k < a->nout; k++) {
    if (!a->con[k].written) return fail(a, "an output the text does not write", NULL);
    if (is_packed16(LLVMTypeOf(ins))) {
      if (!isel_unpack_dwords(c, ins, &a->con[k].opnd, 1)) return fail(a, "result type", NULL);
      continue;
    }
    isel_set(c, ins, k, a->con[k].opnd.temp);
  }
  return true;
}
