/* Loop-invariant code motion on SSA machine IR, after cse and dce.
 *
 * Why: selection expands each address where LLVM's GEP stands, so scaled
 * indices that do not change in a loop (`v_lshlrev_b32 2, col` for every
 * LDS read of a tiled matrix multiply) are recomputed every iteration;
 * LLVM's own LICM cannot see them because they are not IR instructions.
 *
 * What: the loops of the linear CFG (mir/loops.h). A loop is handled when
 * it has a preheader (mir_loop_preheader: the header's one entry in both
 * CFGs, with the header its only successor) that ends in an unconditional
 * branch or none. An instruction of the loop moves to the end of the
 * preheader, before its branch, when it has no effect (as for cse: no memory, EXEC, M0, branch
 * or SCC-read effect, no fixed registers) and every temporary it reads is
 * defined outside the loop or by an instruction already moved. Loops are
 * visited innermost first, so a value can move out of a nest level by
 * level. The preheader's EXEC holds every lane that enters the loop, so a
 * VALU result computed there is valid for every lane that would have
 * computed it inside.
 *
 * Not moved: the copy a returning MUBUF atomic's tied data operand gets
 * (the atomic overwrites it every iteration), v_readfirstlane_b32 (its lane depends on EXEC, which a
 * waterfall loop narrows each iteration), floating-point ops in a program
 * that writes MODE
 * (llvm.set.rounding inside the loop would change their result), and SALU
 * ops that write SCC when SCC is live out of the preheader.
 *
 * Not moved out of a loop that holds inner loops: a VGPR value that only
 * the loop's own blocks read, outside its inner loops (outer_only). It
 * would live through the inner loops to save one instruction per outer
 * iteration (kmeans_assign, 2026-11-30: 14 -> 10 VGPRs at gfx1030 for
 * +0.25 % executed instructions).
 *
 * Register pressure: a moved value is live through the whole loop.
 * Liveness gives each loop's maximum demand per register file; values move
 * only while that demand plus what already moved stays at least SLACK
 * registers below the budget, so code the spiller would have to reload in
 * the loop is not created here.
 *
 * Input: a program in SSA form before register allocation. Never fails;
 * returns 0. */
#include <stdlib.h>
#include <string.h>

#include "mir/loops.h"
#include "passes/passes.h"
#include "passes/ssa_rename.h"
#include "target/isa.h"
#include "util/bitset.h"

#define SLACK 4u

typedef struct licm_ctx {
  mir_program *p;
  bool mode_writes;    /* the program writes MODE (s_setreg): FP ops stay */
  bool *scc_temp;      /* [temp] defined in SCC */
  uint8_t *tied;       /* [temp] read by a tied operand (ssa_mark_tied) */
  uint8_t *deep;       /* [temp] read in an inner loop of the loop at hand (mark_deep_reads) */
  mir_reg_demand *extra; /* [block] registers of values moved through it */
  uint32_t *def_block; /* [temp] block of the definition, UINT32_MAX for none */
  mir_loops loops;     /* of the linear CFG (mir_find_loops) */
  unsigned sgpr_budget, vgpr_budget;
} licm_ctx;

static bool movable(const licm_ctx *c, const mir_instr *ins) {
  if (c->mode_writes && ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_FLOAT)) return false;
  /* The first active lane depends on EXEC, which a loop changes (waterfall
   * loops pick a new lane each iteration). */
  if (ins->opcode == ISA_V_READFIRSTLANE_B32) return false;
  return ssa_pure(ins);
}

/* The preheader of loop l (mir_loop_preheader) when the moved code can
 * go at its end: it ends in an unconditional branch or none. Else
 * UINT32_MAX. */
static uint32_t preheader(const licm_ctx *c, uint32_t l) {
  uint32_t ph = mir_loop_preheader(c->p, &c->loops, l);
  if (ph == UINT32_MAX || !c->p->blocks[ph].num_instrs) return ph;
  const mir_block *pb = &c->p->blocks[ph];
  const mir_instr *last = pb->instrs[pb->num_instrs - 1];
  bool term = last->opcode == MIR_P_BRANCH || last->opcode == MIR_P_CBRANCH_SCC ||
              (last->opcode < ISA_NUM_OPS && (isa_table[last->opcode].flags & (ISA_F_BRANCH | ISA_F_TERMINATOR)));
  return term && last->opcode != MIR_P_BRANCH ? UINT32_MAX : ph;
}

static bool invariant(const licm_ctx *c, const mir_instr *ins, uint32_t l) {
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind != MIR_OPND_TEMP) continue;
    uint32_t b = c->def_block[o->temp.id];
    if (b == UINT32_MAX || mir_loop_has(&c->loops, l, b)) return false;
  }
  return true;
}

/* Inserts ins into block b before its final p_branch (if any). */
static void insert_before_branch(mir_program *p, mir_block *b, mir_instr *ins) {
  uint32_t at = b->num_instrs;
  if (at && b->instrs[at - 1]->opcode == MIR_P_BRANCH) at--;
  mir_block_insert(p, b, at, ins);
}

/* Marks in deep[] the temporaries read (not by phis) in the blocks of loop
 * l's inner loops; returns whether l has any. */
static bool mark_deep_reads(const licm_ctx *c, uint32_t l, uint8_t *deep) {
  const mir_program *p = c->p;
  uint32_t d = c->loops.depth[c->loops.head[l]];
  bool any = false;
  memset(deep, 0, p->num_temps ? p->num_temps : 1);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    if (!mir_loop_has(&c->loops, l, b) || c->loops.depth[b] <= d) continue;
    any = true;
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      if (ins->opcode == MIR_P_PHI || ins->opcode == MIR_P_LINEAR_PHI) continue;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id < p->num_temps) deep[ins->ops[k].temp.id] = 1;
    }
  }
  return any;
}

/* Does ins, in block b of loop l, define a VGPR value that only l's own
 * blocks read (b and its readers outside l's inner loops, which l has)?
 * Moved, it would live through those inner loops to save an instruction
 * per iteration of l: kmeans_assign's remainder iteration of the
 * run-time unrolled feature loop (its address, pts + 4i, and start
 * index), 4 of 14 VGPRs at gfx1030 for 4 VALU per centroid. */
static bool outer_only(const licm_ctx *c, uint32_t l, uint32_t b, const mir_instr *ins, const uint8_t *deep) {
  if (c->loops.depth[b] != c->loops.depth[c->loops.head[l]]) return false;
  bool vgpr = false;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *o = &ins->defs[k];
    if (o->kind != MIR_OPND_TEMP || !mir_rc_is_vgpr(o->temp.rc)) continue;
    if (o->temp.id < c->p->num_temps && deep[o->temp.id]) return false;
    vgpr = true;
  }
  return vgpr;
}

/* Moves the invariant instructions of loop l to its preheader ph. */
static void hoist_loop(licm_ctx *c, uint32_t l, uint32_t ph, mir_reg_demand room) {
  mir_program *p = c->p;
  unsigned used_s = 0, used_v = 0;
  bool nested = mark_deep_reads(c, l, c->deep);
  /* SCC live out of the preheader (never, as selected today; checked):
   * then SALU ops that write SCC stay. */
  bool scc_free = true;
  const mir_live_info *li = p->live;
  for (uint32_t t = 1; t < p->num_temps; t++)
    if (c->scc_temp[t] && bitset_test(li->live_out[ph], t)) scc_free = false;
  /* Blocks in order: definitions come before uses except around the back
   * edge (phis), which are not moved. */
  for (uint32_t b = c->loops.head[l]; b < p->num_blocks; b++) {
    if (!mir_loop_has(&c->loops, l, b)) continue;
    mir_block *blk = &p->blocks[b];
    uint32_t j = 0;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      bool move = movable(c, ins) && invariant(c, ins, l) && !ssa_defines_tied(ins, c->tied) &&
                  !(nested && outer_only(c, l, b, ins, c->deep)) &&
                  (scc_free || ins->opcode >= ISA_NUM_OPS || !(isa_table[ins->opcode].flags & ISA_F_WRITES_SCC));
      if (move) {
        unsigned s = 0, v = 0;
        for (unsigned k = 0; k < ins->num_defs; k++) {
          mir_rc rc = ins->defs[k].temp.rc;
          if (mir_rc_is_vgpr(rc)) v += mir_rc_size(rc);
          else s += mir_rc_size(rc);
        }
        move = used_s + s <= room.sgpr && used_v + v <= room.vgpr;
        if (move) {
          used_s += s;
          used_v += v;
        }
      }
      if (!move) {
        blk->instrs[j++] = ins;
        continue;
      }
      insert_before_branch(p, &p->blocks[ph], ins);
      for (unsigned k = 0; k < ins->num_defs; k++) c->def_block[ins->defs[k].temp.id] = ph;
    }
    blk->num_instrs = j;
  }
  /* Moved values live through the loop and out of the preheader. */
  for (uint32_t b = 0; b < p->num_blocks; b++)
    if (mir_loop_has(&c->loops, l, b) || b == ph) {
      c->extra[b].sgpr = (uint16_t)(c->extra[b].sgpr + used_s);
      c->extra[b].vgpr = (uint16_t)(c->extra[b].vgpr + used_v);
    }
}

int mir_licm(mir_program *p, diag *d) {
  uint32_t nb = p->num_blocks, nt = p->num_temps ? p->num_temps : 1;
  if (nb < 2) return 0;
  licm_ctx c = {.p = p, .sgpr_budget = mir_sgpr_budget(p), .vgpr_budget = mir_vgpr_budget(p)};
  mir_find_loops(p, p->mem, &c.loops);
  if (!c.loops.num) return 0; /* nothing to hoist: no liveness needed */
  c.def_block = malloc(nt * sizeof *c.def_block);
  c.scc_temp = calloc(nt, sizeof *c.scc_temp);
  c.extra = calloc(nb, sizeof *c.extra);
  c.tied = calloc(nt, 1);
  c.deep = calloc(nt, 1);
  if (!c.def_block || !c.scc_temp || !c.extra || !c.tied || !c.deep) abort();
  ssa_mark_tied(p, c.tied, nt);
  for (uint32_t t = 0; t < nt; t++) c.def_block[t] = UINT32_MAX;
  for (uint32_t b = 0; b < nb; b++) {
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      unsigned op = blk->instrs[i]->opcode;
      if (op == ISA_S_SETREG_B32 || op == ISA_S_SETREG_IMM32_B32) c.mode_writes = true;
      for (unsigned k = 0; k < blk->instrs[i]->num_defs; k++) {
        const mir_instr *ins = blk->instrs[i];
        const mir_operand *o = &ins->defs[k];
        if (o->kind == MIR_OPND_TEMP && o->temp.id < nt) {
          c.def_block[o->temp.id] = b;
          if (o->preg == MIR_PREG_SCC) c.scc_temp[o->temp.id] = true;
        }
      }
    }
  }
  mir_liveness(p, d);
  const mir_live_info *li = p->live;
  /* Innermost loops first: their headers come later in block order. */
  for (uint32_t l = c.loops.num; l-- > 0;) {
    uint32_t ph = preheader(&c, l);
    if (ph == UINT32_MAX) continue;
    mir_reg_demand peak = {0, 0};
    for (uint32_t b = 0; b < nb; b++)
      if (mir_loop_has(&c.loops, l, b)) {
        unsigned s = li->block_max[b].sgpr + c.extra[b].sgpr, v = li->block_max[b].vgpr + c.extra[b].vgpr;
        if (s > peak.sgpr) peak.sgpr = (uint16_t)s;
        if (v > peak.vgpr) peak.vgpr = (uint16_t)v;
      }
    mir_reg_demand room = {
        (uint16_t)(peak.sgpr + SLACK < c.sgpr_budget ? c.sgpr_budget - SLACK - peak.sgpr : 0),
        (uint16_t)(peak.vgpr + SLACK < c.vgpr_budget ? c.vgpr_budget - SLACK - peak.vgpr : 0)};
    if (room.sgpr || room.vgpr) hoist_loop(&c, l, ph, room);
  }
  free(c.deep);
  free(c.tied);
  free(c.extra);
  free(c.scc_temp);
  free(c.def_block);
  return 0;
}
