/* Machine IR verifier. Reports every problem it finds (not just the
 * first) as "verify[PASS]: BBn:i: message" lines, followed by the printed
 * program when there was any, and returns the count.
 *
 * Checks:
 *  - CFG: logical and linear predecessor/successor lists are symmetric
 *    (as multisets), indices in range; phis at block heads with one
 *    operand per predecessor of their CFG.
 *  - SSA: each temporary defined once; its class matches the program's
 *    temp_rc; every use has a definition that dominates it (phi operands:
 *    the definition dominates the end of the predecessor). Linear
 *    temporaries use the linear CFG's dominator tree, logical VGPRs the
 *    logical one (Cooper, Harvey, Kennedy, "A Simple, Fast Dominance
 *    Algorithm", over a reverse post-order of each CFG).
 *  - Register classes against the ISA table's signature when the operand
 *    counts agree ('s' needs an SGPR value, 'v' a VGPR, widths equal).
 *  - After RA: every temporary has a physical register of its file, SGPR
 *    tuples aligned, and no two simultaneously live temporaries share a
 *    register (backward walk from live-out per block), and no definition
 *    (temporary, fixed register or implicit SCC write) clobbers a
 *    register holding a live value.
 *  - Every instruction exists in the target's encoding family
 *    (isa_encoding): instruction selection and the passes must not pick
 *    one the GPU lacks (v_mac_f32 on gfx1030, the _b32 saveexec forms on
 *    gfx900), since neither the printer nor the encoder could write it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mir/liveness.h"
#include "mir/mir.h"
#include "target/target.h"
#include "util/bitset.h"

typedef struct vctx {
  const mir_program *p;
  const char *pass;
  FILE *out;
  int problems;
} vctx;

static void problem(vctx *v, int block, int instr, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void problem(vctx *v, int block, int instr, const char *fmt, ...) {
  v->problems++;
  if (!v->out) return;
  fprintf(v->out, "verify[%s]: ", v->pass ? v->pass : "?");
  if (block >= 0) fprintf(v->out, "BB%d:", block);
  if (instr >= 0) fprintf(v->out, "%d:", instr);
  fputc(' ', v->out);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(v->out, fmt, ap);
  va_end(ap);
  fputc('\n', v->out);
}

static unsigned count_in(const mir_idx_list *l, uint32_t x) {
  unsigned n = 0;
  for (uint32_t i = 0; i < l->n; i++) n += l->v[i] == x;
  return n;
}

static void check_cfg(vctx *v) {
  const mir_program *p = v->p;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    if (blk->index != b) problem(v, (int)b, -1, "block index field is %u", blk->index);
    for (int lin = 0; lin < 2; lin++) {
      const mir_idx_list *succs = lin ? &blk->linear_succs : &blk->logical_succs;
      const mir_idx_list *preds = lin ? &blk->linear_preds : &blk->logical_preds;
      for (uint32_t i = 0; i < succs->n; i++) {
        uint32_t s = succs->v[i];
        if (s >= p->num_blocks) { problem(v, (int)b, -1, "successor BB%u out of range", s); continue; }
        const mir_idx_list *sp = lin ? &p->blocks[s].linear_preds : &p->blocks[s].logical_preds;
        if (count_in(sp, b) != count_in(succs, s))
          problem(v, (int)b, -1, "%s edge to BB%u not mirrored in its predecessors", lin ? "linear" : "logical", s);
      }
      for (uint32_t i = 0; i < preds->n; i++) {
        uint32_t q = preds->v[i];
        if (q >= p->num_blocks) { problem(v, (int)b, -1, "predecessor BB%u out of range", q); continue; }
        const mir_idx_list *qs = lin ? &p->blocks[q].linear_succs : &p->blocks[q].logical_succs;
        if (count_in(qs, b) != count_in(preds, q))
          problem(v, (int)b, -1, "%s predecessor BB%u does not list it as successor", lin ? "linear" : "logical", q);
      }
    }
  }
}

/* Immediate dominators (mir.h): the iterative algorithm over reverse
 * post-order. */
void mir_dominators(const mir_program *p, bool linear, arena *mem, uint32_t *idom, uint32_t *rpo_num) {
  uint32_t nb = p->num_blocks;
  uint32_t *order = arena_alloc(mem, nb * sizeof *order);
  uint32_t *stack = arena_alloc(mem, nb * sizeof *stack), *pos = arena_alloc(mem, nb * sizeof *pos);
  uint8_t *seen = arena_alloc(mem, nb);
  uint32_t n = 0, sp = 0;
  /* Iterative DFS producing post-order. */
  stack[sp] = 0; pos[sp++] = 0; seen[0] = 1;
  while (sp) {
    uint32_t b = stack[sp - 1];
    const mir_idx_list *s = linear ? &p->blocks[b].linear_succs : &p->blocks[b].logical_succs;
    if (pos[sp - 1] < s->n) {
      uint32_t t = s->v[pos[sp - 1]++];
      if (t < nb && !seen[t]) { seen[t] = 1; stack[sp] = t; pos[sp++] = 0; }
    } else {
      order[n++] = b;
      sp--;
    }
  }
  for (uint32_t b = 0; b < nb; b++) { idom[b] = UINT32_MAX; rpo_num[b] = UINT32_MAX; }
  for (uint32_t i = 0; i < n; i++) rpo_num[order[i]] = n - 1 - i; /* reverse post-order number */
  idom[0] = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t i = n; i-- > 0;) { /* reverse post-order */
      uint32_t b = order[i];
      if (b == 0) continue;
      const mir_idx_list *pr = linear ? &p->blocks[b].linear_preds : &p->blocks[b].logical_preds;
      uint32_t nd = UINT32_MAX;
      for (uint32_t k = 0; k < pr->n; k++) {
        uint32_t q = pr->v[k];
        if (q >= nb || idom[q] == UINT32_MAX) continue;
        if (nd == UINT32_MAX) { nd = q; continue; }
        uint32_t a = q, c = nd;
        while (a != c) {
          while (rpo_num[a] > rpo_num[c]) a = idom[a];
          while (rpo_num[c] > rpo_num[a]) c = idom[c];
        }
        nd = a;
      }
      if (nd != UINT32_MAX && idom[b] != nd) { idom[b] = nd; changed = true; }
    }
  }
}

bool mir_dominates(const uint32_t *idom, uint32_t a, uint32_t b) {
  if (idom[b] == UINT32_MAX) return true; /* unreachable: nothing to check */
  for (;;) {
    if (a == b) return true;
    if (b == 0 || idom[b] == b) return false;
    b = idom[b];
  }
}

static void check_sig_operand(vctx *v, int b, int i, const mir_operand *o, char file, unsigned width, const char *what, unsigned idx) {
  unsigned size;
  bool vgpr;
  if (o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_UNDEF) {
    size = mir_opnd_lo64(o) ? 2u : mir_rc_size(o->temp.rc); /* the low half of a pair, the high don't-care */
    vgpr = mir_rc_is_vgpr(o->temp.rc);
  } else if (o->kind == MIR_OPND_FIXED) {
    size = o->size;
    vgpr = o->preg >= 256;
  } else {
    return;
  }
  if (o->kind == MIR_OPND_TEMP && o->preg == MIR_PREG_SCC) return; /* SCC values ride in s1 */
  if (file == 's' && vgpr) problem(v, b, i, "%s %u must be an SGPR value", what, idx);
  if (file == 'v' && !vgpr) problem(v, b, i, "%s %u must be a VGPR value", what, idx);
  if (width && size != width) problem(v, b, i, "%s %u has %u dwords, the instruction needs %u", what, idx, size, width);
}

/* MIR_P_GPR_IDX_READ/WRITE (mir.h): a VGPR vector, an SGPR index, a
 * dword value; the written vector of the vector's class. */
static void check_gpr_idx(vctx *v, int b, int i, const mir_instr *ins) {
  bool w = ins->opcode == MIR_P_GPR_IDX_WRITE;
  if (ins->num_defs != 1 || ins->num_ops != (w ? 3u : 2u)) {
    problem(v, b, i, "%s needs 1 definition and %u operands", w ? "p_gpr_idx_write" : "p_gpr_idx_read", w ? 3u : 2u);
    return;
  }
  check_sig_operand(v, b, i, &ins->ops[0], 'v', 0, "operand", 0);
  check_sig_operand(v, b, i, &ins->ops[1], 's', 1, "operand", 1);
  if (ins->ops[0].kind != MIR_OPND_TEMP) problem(v, b, i, "indexed vector must be a temporary");
  if (w) {
    check_sig_operand(v, b, i, &ins->ops[2], 'v', 1, "operand", 2);
    if (ins->defs[0].kind == MIR_OPND_TEMP && ins->ops[0].kind == MIR_OPND_TEMP && ins->defs[0].temp.rc != ins->ops[0].temp.rc)
      problem(v, b, i, "p_gpr_idx_write result of another class than its vector");
  } else {
    check_sig_operand(v, b, i, &ins->defs[0], 'v', 1, "definition", 0);
  }
}

static void check_signature(vctx *v, int b, int i, const mir_instr *ins) {
  if (ins->opcode == MIR_P_GPR_IDX_READ || ins->opcode == MIR_P_GPR_IDX_WRITE) {
    check_gpr_idx(v, b, i, ins);
    return;
  }
  if (ins->opcode >= ISA_NUM_OPS) return;
  if (ins->enc_flags & MIR_ENC_GPR_IDX) return; /* a whole vector where the table says one dword */
  const char *sig = isa_table[ins->opcode].sig;
  if (!sig) return;
  /* MUBUF with an "off" address (spill code) has no vaddr: the table's
   * signature describes the addressed form. */
  if (isa_fmt_buffer(isa_table[ins->opcode].format) && !(ins->enc_flags & (MIR_ENC_OFFEN | MIR_ENC_IDXEN))) return;
  /* with both an index and an offset, vaddr is a pair (index, offset) */
  if (isa_fmt_buffer(isa_table[ins->opcode].format) && (ins->enc_flags & MIR_ENC_OFFEN) && (ins->enc_flags & MIR_ENC_IDXEN))
    return;
  unsigned nd = 0, no = 0;
  const char *s = sig;
  char f; unsigned w;
  while (isa_sig_entry(&s, &f, &w)) nd++;
  if (*s == ';') s++;
  while (isa_sig_entry(&s, &f, &w)) no++;
  if (nd != ins->num_defs || no != ins->num_ops) return; /* implicit/extra operands: not checked */
  s = sig;
  /* A VALU instruction's SGPR result (a compare's, a carry-out) is a lane
   * mask: the table writes it as wave64's pair, the target says how wide. */
  isa_format fmt = isa_table[ins->opcode].format;
  bool valu = isa_fmt_valu(fmt);
  /* a scalar ALU instruction's "any" source is an SGPR or a constant: the
   * SSRC fields cannot name a VGPR (a uniform value loaded into a VGPR
   * needs v_readfirstlane first) */
  bool salu = fmt == ISA_FMT_SOP1 || fmt == ISA_FMT_SOP2 || fmt == ISA_FMT_SOPC || fmt == ISA_FMT_SOPK;
  for (unsigned k = 0; isa_sig_entry(&s, &f, &w); k++) {
    if (valu && f == 's' && w == 2 && v->p->target) w = v->p->target->lane_mask_dwords;
    check_sig_operand(v, b, i, &ins->defs[k], f, w, "definition", k);
  }
  if (*s == ';') s++;
  for (unsigned k = 0; isa_sig_entry(&s, &f, &w); k++) {
    /* one dword both lanes of a packed f32 instruction read (vop3p.c) */
    if (mir_vop3p_broadcast(ins, k)) w = 1;
    check_sig_operand(v, b, i, &ins->ops[k], salu && f == 'a' ? 's' : f, w, "operand", k);
    if ((ins->ops[k].flags & MIR_OPND_PK_SEL) && fmt != ISA_FMT_VOP3P)
      problem(v, b, i, "operand %u has a packed (VOP3P) select or neg_hi on a non-VOP3P instruction", k);
    if ((ins->ops[k].flags & (MIR_OPND_OPSEL | MIR_OPND_HI_FROM_LO)) && mir_vop3p_broadcast(ins, k))
      problem(v, b, i, "operand %u is a broadcast dword with a select of its own", k);
  }
}

/* The constant bus (const_bus.c): a VALU instruction reads at most the
 * target's limit of distinct scalar values (gfx9 one, GFX10+ two), and
 * VOP3 carries a literal only where the target allows one. Operands are
 * keyed by temporary before allocation (two temporaries count twice even
 * if they share a register later: isel and the passes keep that bound). */
static void check_const_bus(vctx *v, int b, int i, const mir_instr *ins) {
  const wavecc_target *t = v->p->target;
  if (!t || ins->opcode >= ISA_NUM_OPS) return;
  const isa_info *ii = &isa_table[ins->opcode];
  if (!isa_fmt_valu(ii->format)) return;
  unsigned n = ins->num_ops;
  /* a lane select in M0 (v_readlane / v_writelane) is no constant-bus read:
   * llvm-mc-19 takes `v_writelane_b32 v1, s2, m0` on gfx900, not `v1, s2, s3` */
  if ((ii->flags & ISA_F_IGNORES_EXEC) && n >= 2 && ins->ops[1].preg == MIR_PREG_M0 &&
      (ins->ops[1].kind == MIR_OPND_FIXED || ins->ops[1].kind == MIR_OPND_TEMP))
    n = 1;
  bool vop3 = (ins->enc_flags & MIR_ENC_VOP3) || ii->format == ISA_FMT_VOP3;
  if (!mir_valu_bus_ok(t, ins->opcode, vop3, ins->ops, n)) {
    mir_bus_use u = mir_const_bus_use(ins->ops, n);
    problem(v, b, i, "reads %u scalar values (%u literals) over the constant bus; %s allows %u%s", u.reads, u.literals,
            t->name, wavecc_const_bus_limit(t, ins->opcode), vop3 && u.literals && !t->vop3_literal ? ", no VOP3 literal" : "");
  }
}

/* SDWA selects (mir_operand.sel): only on the first two sources of an
 * ISA_F_SDWA opcode on a target with SDWA, with no modifier SDWA cannot
 * encode here (VOP3, clamp, omod, neg/abs), no literal and a VGPR
 * result. */
static void check_sdwa(vctx *v, int b, int i, const mir_instr *ins) {
  bool any = false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (!o->sel) continue;
    any = true;
    if (k >= 2 || (o->sel & MIR_SEL_MASK) > MIR_SEL_WORD_1) problem(v, b, i, "operand %u has a bad SDWA select %u", k, o->sel);
  }
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].sel) problem(v, b, i, "definition %u has an SDWA select", k);
  if (!any) return;
  const wavecc_target *t = v->p->target;
  if (ins->opcode >= ISA_NUM_OPS || !(isa_table[ins->opcode].flags & ISA_F_SDWA) || (t && !t->sdwa)) {
    problem(v, b, i, "SDWA select on an instruction or target without SDWA");
    return;
  }
  if ((ins->enc_flags & MIR_ENC_VOP3) || ins->clamp || ins->omod || ins->num_defs != 1 || ins->num_ops > 2)
    problem(v, b, i, "SDWA instruction with VOP3 operands or modifiers");
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->flags & MIR_OPND_MODS) problem(v, b, i, "SDWA operand %u with a source modifier", k);
    if (o->kind == MIR_OPND_CONST && (o->size > 1 || !mir_const_is_inline(o->imm)))
      problem(v, b, i, "SDWA operand %u is a literal", k);
    if (o->kind != MIR_OPND_CONST && o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_FIXED) problem(v, b, i, "SDWA operand %u is no register or constant", k);
  }
}

/* Lane masks have the target's width (target.h lane_mask_dwords): EXEC
 * is never wider than that (wave32: exec_lo only, EXEC_HI is no part of
 * it), and a lane-mask opcode of the other width may not touch EXEC (an
 * s_and_saveexec_b64 or s_or_b64 exec on a wave32 target, say, is a
 * width some pass hard-coded instead of asking mir_lane_op). */
static void check_lane_masks(vctx *v, int b, int i, const mir_instr *ins) {
  const wavecc_target *t = v->p->target;
  if (!t) return;
  bool touches_exec = false;
  for (unsigned k = 0; k < ins->num_defs + ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind != MIR_OPND_FIXED || o->preg != MIR_PREG_EXEC) continue;
    touches_exec = true;
    if (o->size > t->lane_mask_dwords)
      problem(v, b, i, "EXEC operand of %u dwords on %s (wave%u: lane masks are %u)", o->size, t->name, t->wave_size,
              t->lane_mask_dwords);
  }
  if (ins->opcode >= ISA_NUM_OPS) return;
  unsigned dw;
  wavecc_lane_opkind kind = wavecc_lane_kind(ins->opcode, &dw);
  if (kind == WAVECC_LANE_NUM_OPS || dw == t->lane_mask_dwords) return;
  if (wavecc_lane_is_saveexec(kind) || touches_exec)
    problem(v, b, i, "%s on EXEC on %s (wave%u: use the %u-dword lane-mask form)", mir_opcode_name(ins->opcode),
            t->name, t->wave_size, t->lane_mask_dwords);
}

static bool preg_fits(mir_rc rc, mir_preg r) {
  unsigned n = mir_rc_size(rc);
  if (mir_rc_is_vgpr(rc)) return r >= 256 && r + n <= 512;
  if (r == MIR_PREG_SCC) return n == 1;
  if (r < MIR_MAX_SGPRS) return r + n <= MIR_MAX_SGPRS;
  return mir_preg_is_special(r);
}

/* Register units a value occupies: SGPR/special 0..255, VGPR 256..511. */
static void check_interference(vctx *v, arena *mem) {
  const mir_program *p = v->p;
  mir_live_sets ls;
  mir_compute_live_sets(p, mem, &ls);
  uint32_t words = ls.words;
  uint32_t *owner = arena_alloc(mem, 512 * sizeof *owner); /* temp id per register unit, 0 = free */
  uint64_t *live = arena_alloc(mem, words * sizeof *live);
  mir_preg *reg = mir_temp_regs(p, mem);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    memset(owner, 0, 512 * sizeof *owner);
    bitset_copy(live, ls.out[b], words);
    /* Occupy the registers of a temporary; report a clash with another. */
#define OCCUPY(t, where)                                                                        \
  do {                                                                                          \
    mir_preg r_ = reg[t];                                                                       \
    if (r_ != MIR_PREG_NONE && r_ != MIR_PREG_SCC) {                                            \
      for (unsigned u_ = 0; u_ < mir_rc_size(p->temp_rc[t]) && r_ + u_ < 512; u_++) {           \
        uint32_t o_ = owner[r_ + u_];                                                           \
        if (o_ && o_ != (t))                                                                    \
          problem(v, (int)b, (where), "%%%u and %%%u are both live in register unit %u", o_, (unsigned)(t), r_ + u_); \
        owner[r_ + u_] = (t);                                                                   \
      }                                                                                         \
    }                                                                                           \
  } while (0)
#define RELEASE(t)                                                                              \
  do {                                                                                          \
    mir_preg r_ = reg[t];                                                                       \
    if (r_ != MIR_PREG_NONE && r_ != MIR_PREG_SCC)                                              \
      for (unsigned u_ = 0; u_ < mir_rc_size(p->temp_rc[t]) && r_ + u_ < 512; u_++)             \
        if (owner[r_ + u_] == (t)) owner[r_ + u_] = 0;                                          \
  } while (0)
    for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1))
      OCCUPY(t, (int)blk->num_instrs);
    bool scc_live = false; /* a temporary in SCC is live (SCC values are short-lived) */
    for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1))
      if (reg[t] == MIR_PREG_SCC) scc_live = true;
    for (uint32_t i = blk->num_instrs; i-- > 0;) {
      const mir_instr *ins = blk->instrs[i];
      /* Definitions must not overwrite another value live after the instruction. */
      bool defines_scc = false;
      for (unsigned k = 0; k < ins->num_defs; k++) {
        const mir_operand *o = &ins->defs[k];
        mir_preg r = o->preg;
        unsigned n = o->kind == MIR_OPND_TEMP ? mir_rc_size(o->temp.rc) : o->size;
        uint32_t self = o->kind == MIR_OPND_TEMP ? o->temp.id : 0;
        if (r == MIR_PREG_SCC) defines_scc = true;
        if (r == MIR_PREG_NONE || r == MIR_PREG_SCC) continue;
        for (unsigned u = 0; u < n && r + u < 512; u++)
          if (owner[r + u] && owner[r + u] != self && bitset_test(live, owner[r + u]))
            problem(v, (int)b, (int)i, "definition overwrites register unit %u holding live %%%u", r + u, owner[r + u]);
      }
      if (ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_WRITES_SCC) && !defines_scc && scc_live)
        problem(v, (int)b, (int)i, "implicit SCC write clobbers a live SCC value");
      for (unsigned k = 0; k < ins->num_defs; k++) {
        const mir_operand *o = &ins->defs[k];
        if (o->kind != MIR_OPND_TEMP) continue;
        if (bitset_test(live, o->temp.id)) {
          bitset_clear(live, o->temp.id);
          RELEASE(o->temp.id);
          if (o->preg == MIR_PREG_SCC) scc_live = false;
        }
      }
      if (mir_is_phi(ins)) continue;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (o->kind != MIR_OPND_TEMP || bitset_test(live, o->temp.id)) continue;
        bitset_set(live, o->temp.id);
        OCCUPY(o->temp.id, (int)i);
        if (reg[o->temp.id] == MIR_PREG_SCC) scc_live = true;
      }
    }
#undef OCCUPY
#undef RELEASE
  }
}

int mir_verify(const mir_program *p, bool after_ra, const char *pass_name, FILE *out) {
  vctx v = {.p = p, .pass = pass_name, .out = out};
  arena mem;
  arena_init(&mem);
  check_cfg(&v);
  uint32_t nt = p->num_temps ? p->num_temps : 1, nb = p->num_blocks ? p->num_blocks : 1;
  uint32_t *def_block = arena_alloc(&mem, nt * sizeof *def_block);
  uint32_t *def_pos = arena_alloc(&mem, nt * sizeof *def_pos);
  for (uint32_t t = 0; t < nt; t++) def_block[t] = UINT32_MAX;
  /* Definitions: unique, classes agree. */
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    bool in_phis = true;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      if (ins->opcode >= MIR_P_LAST) { problem(&v, (int)b, (int)i, "bad opcode %u", ins->opcode); continue; }
      if (ins->opcode < ISA_NUM_OPS && p->target && !isa_encoding(p->target->encoding, ins->opcode))
        problem(&v, (int)b, (int)i, "%s does not exist on %s", isa_table[ins->opcode].mnemonic, p->target->name);
      if (mir_is_phi(ins)) {
        if (!in_phis) problem(&v, (int)b, (int)i, "phi after a non-phi instruction");
        const mir_idx_list *pr = ins->opcode == MIR_P_PHI ? &blk->logical_preds : &blk->linear_preds;
        if (ins->num_ops != pr->n)
          problem(&v, (int)b, (int)i, "phi has %u operands for %u predecessors", ins->num_ops, pr->n);
        if (p->ssa_eliminated) problem(&v, (int)b, (int)i, "phi left after SSA elimination");
        /* an operand wider than the phi gets the phi's (narrower) spill
         * slot, and its store overwrites the next slot (fz26) */
        for (unsigned k = 0; k < ins->num_ops && ins->num_defs; k++)
          if (ins->ops[k].kind == MIR_OPND_TEMP && mir_rc_size(ins->ops[k].temp.rc) != mir_rc_size(ins->defs[0].temp.rc))
            problem(&v, (int)b, (int)i, "phi operand %%%u is %u dwords, the phi %u", ins->ops[k].temp.id,
                    mir_rc_size(ins->ops[k].temp.rc), mir_rc_size(ins->defs[0].temp.rc));
      } else {
        in_phis = false;
      }
      if (p->ssa_eliminated && ins->opcode == MIR_P_PARALLELCOPY)
        problem(&v, (int)b, (int)i, "parallel copy left after SSA elimination");
      for (unsigned k = 0; k < ins->num_defs + ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (o->kind != MIR_OPND_TEMP) continue;
        uint32_t t = o->temp.id;
        if (t == 0 || t >= p->num_temps) { problem(&v, (int)b, (int)i, "temporary %%%u out of range", t); continue; }
        if (p->temp_rc[t] != o->temp.rc) problem(&v, (int)b, (int)i, "%%%u used with a class other than its own", t);
        if (o->size && (k >= ins->num_ops || !mir_opnd_lo64(o) || k != 2 ||
                        (ins->opcode != ISA_V_MAD_U64_U32 && ins->opcode != ISA_V_MAD_I64_I32)))
          problem(&v, (int)b, (int)i, "%%%u: only v_mad_u64_u32/v_mad_i64_i32's addend is read as a v1 low half (lo64)", t);
        else if (o->size && after_ra && !p->ssa_eliminated && o->preg != MIR_PREG_NONE &&
                 (o->preg + 2u > 512u || (p->target && p->target->vgpr_tuple_align > 1 && (o->preg - 256u) % p->target->vgpr_tuple_align)))
          problem(&v, (int)b, (int)i, "%%%u: lo64 pair v[%u:%u] out of range or misaligned", t, o->preg - 256u, o->preg - 255u);
        if (after_ra && !p->ssa_eliminated) {
          if (o->preg == MIR_PREG_NONE) problem(&v, (int)b, (int)i, "%%%u has no register after allocation", t);
          else if (!preg_fits(o->temp.rc, o->preg)) problem(&v, (int)b, (int)i, "%%%u has a register of the wrong file or range", t);
          else if (!mir_rc_is_vgpr(o->temp.rc) && o->preg < MIR_MAX_SGPRS && mir_rc_size(o->temp.rc) >= 2 &&
                   o->preg % (mir_rc_size(o->temp.rc) >= 4 ? 4u : 2u))
            problem(&v, (int)b, (int)i, "%%%u: SGPR tuple is misaligned", t);
        }
        if (k >= ins->num_ops) { /* a definition */
          if (def_block[t] != UINT32_MAX) problem(&v, (int)b, (int)i, "%%%u defined more than once", t);
          def_block[t] = b;
          def_pos[t] = i;
        }
      }
      check_signature(&v, (int)b, (int)i, ins);
      check_lane_masks(&v, (int)b, (int)i, ins);
      check_const_bus(&v, (int)b, (int)i, ins);
      check_sdwa(&v, (int)b, (int)i, ins);
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_BLOCK && ins->ops[k].imm >= p->num_blocks)
          problem(&v, (int)b, (int)i, "branch to missing block BB%u", ins->ops[k].imm);
    }
  }
  /* Uses: defined, dominated by the definition. */
  if (!p->ssa_eliminated && p->num_blocks) {
    uint32_t *idom[2], *rpo[2];
    for (int lin = 0; lin < 2; lin++) {
      idom[lin] = arena_alloc(&mem, nb * sizeof(uint32_t));
      rpo[lin] = arena_alloc(&mem, nb * sizeof(uint32_t));
      mir_dominators(p, lin, &mem, idom[lin], rpo[lin]);
    }
    for (uint32_t b = 0; b < p->num_blocks; b++) {
      const mir_block *blk = &p->blocks[b];
      for (uint32_t i = 0; i < blk->num_instrs; i++) {
        const mir_instr *ins = blk->instrs[i];
        for (unsigned k = 0; k < ins->num_ops; k++) {
          const mir_operand *o = &ins->ops[k];
          if (o->kind != MIR_OPND_TEMP || o->temp.id >= p->num_temps || o->temp.id == 0) continue;
          uint32_t t = o->temp.id;
          if (def_block[t] == UINT32_MAX) { problem(&v, (int)b, (int)i, "%%%u is used but never defined", t); continue; }
          int lin = mir_rc_is_linear(o->temp.rc);
          if (mir_is_phi(ins)) {
            lin = ins->opcode == MIR_P_LINEAR_PHI;
            const mir_idx_list *pr = lin ? &blk->linear_preds : &blk->logical_preds;
            if (k < pr->n && !mir_dominates(idom[lin], def_block[t], pr->v[k]))
              problem(&v, (int)b, (int)i, "phi operand %%%u does not dominate the end of BB%u", t, pr->v[k]);
          } else if (def_block[t] == b) {
            if (def_pos[t] >= i) problem(&v, (int)b, (int)i, "%%%u used before its definition", t);
          } else if (!mir_dominates(idom[lin], def_block[t], b)) {
            problem(&v, (int)b, (int)i, "definition of %%%u (BB%u) does not dominate this use", t, def_block[t]);
          }
        }
      }
    }
  }
  if (after_ra && !p->ssa_eliminated) check_interference(&v, &mem);
  if (v.problems && out) {
    fprintf(out, "; verifier found %d problem(s) after %s in:\n", v.problems, pass_name ? pass_name : "?");
    mir_print(p, out);
  }
  arena_free(&mem);
  return v.problems;
}
