/* Dominator-based common-subexpression elimination on SSA machine IR:
 * an instruction equal to one in a dominating block reads that block's
 * results (dce then deletes it). The local pass (cse.c) handles equal
 * instructions of one block; this one only looks across blocks.
 *
 * Why: selection expands each LLVM address on its own, so `out[i] = f(in[i])`
 * with the store after an if's join computes the 64-bit offset of i
 * (v_lshlrev_b32 + v_ashrrev_i32) again although the block before the if
 * computed it for the load (bench/real jacobi2d, bitonic_step); llc-19's
 * MachineCSE walks the dominator tree and shares it.
 *
 * When is an earlier result valid at a later block? (D: the block of the
 * earlier instruction, U: the later one's; SSA, so their operands are the
 * same values at both.)
 *  - An SALU (or SGPR pseudo) result is a per-wave value: D must dominate
 *    U in the linear CFG, where SGPRs live (mir/liveness.c).
 *  - A VALU result holds only the lanes EXEC had when it ran. Structured
 *    selection (isel_struct.c, and a kernel without divergent branches)
 *    keeps one invariant: a VALU instruction of a logical block, after the
 *    EXEC writes that open the block (an if's join restores EXEC, a
 *    masked region's block sets its lanes) and before the first one that
 *    narrows it for a successor, runs with EXEC = the lanes whose logical
 *    path passes the block. If D dominates U in the logical CFG, every lane
 *    active at U passed D, active there, and no later write of D's result
 *    touched it (inactive lanes are left alone), so D's result holds that
 *    lane's value. So: logical dominance, D's instruction in that stable
 *    span of D and U's in U's. Masked linearisation (isel_cf.c, logical
 *    CFG = linear CFG, every block under its own mask) has no such
 *    invariant: there, VALU results are merged only within a block (cse.c).
 *  - A VALU instruction whose result is an SGPR (a v_cmp lane mask, a
 *    carry, v_readfirstlane) depends on EXEC as a whole: its inactive
 *    lanes' bits are 0, so a wider EXEC's mask is a different value for a
 *    ballot or a branch. Never merged across blocks; nor instructions that
 *    ignore EXEC or read other lanes (v_readlane, v_writelane, MFMA).
 *  - D and U in the same innermost loop (of the linear CFG; or both in
 *    none). Within one iteration D runs before U (it dominates U and the
 *    header dominates it), so loop-varying SGPR operands agree; a value of
 *    a loop read after it would be the last iteration's for lanes that left
 *    earlier (temporal divergence), and a value from before a loop read in
 *    it would live through the whole loop (licm decides such moves against
 *    the register budget).
 *  - Register pressure: the earlier result now lives from D to U. A
 *    loop between them (loop_between) is allowed only when the merge frees
 *    more registers than the result holds (room's `through`): an
 *    operand of U nothing else reads after D's block lived through the
 *    loop instead (gemv_row's 64-bit global id from v_mad_u64_u32, read
 *    as its low dword before the row loop and after it: the pair lived
 *    through the loop, now the dword does; no credit there for sibling
 *    extracts, which may not merge). Every block from D to
 *    U that D dominates must stay within the program's peak demand plus
 *    SLACK_VGPRS (within the occupancy that peak gives and the budget;
 *    SGPRs within the peak), counting the merges already made (liveness's
 *    block_max). An operand of U that nothing reads after D's block
 *    but U no longer lives from D to U once U is gone, so its registers
 *    are taken off the result's (bitonic_step's 64-bit `v_lshlrev_b64 2,
 *    {i, sign}` after the swap's branch: the shifted pair lives instead of
 *    the pair it was shifted from, no register more; llc-19 shares it). Constants and copies are made again instead (as cheap as
 *    the register held for them).
 *  - As in cse.c: only instructions dce could delete (ssa_pure), no tied
 *    copies, FP instructions not at all when the program writes MODE.
 *
 * Input: a program in SSA form before register allocation, blocks in
 * reverse post-order. Never fails; returns 0. O(instructions x equal
 * candidates x dominator depth). */
#include <stdlib.h>
#include <string.h>

#include "mir/loops.h"
#include "passes/passes.h"
#include "passes/ssa_rename.h"
#include "target/isa.h"

/* VGPRs the merges may add to the program's peak demand (within the
 * occupancy that peak gives and the budget). 2, not 1: the two dwords of
 * a sign-extended offset ({lshl 2, ashr 30} of an index read on the way)
 * then both merge (bench/real jacobi2d, spmv_ell and bitonic_step: 1-3
 * instructions fewer at each of gfx900, gfx1030, gfx1100, gfx90a, no more
 * VGPRs; gfx942 jacobi2d one v_mov and 2 VGPRs more, occ19). */
#define SLACK_VGPRS 2u

typedef struct cd_ctx {
  mir_program *p;
  uint32_t *repl;
  uint8_t *tied;
  uint32_t *idom[2];   /* logical (0), linear (1) */
  uint32_t *loop_of;   /* [block] innermost loop, UINT32_MAX for none */
  uint32_t *span_end;  /* [block] end of the stable EXEC span (exclusive) */
  uint32_t *span_begin;
  mir_loops loops;
  const mir_live_info *live;
  mir_reg_demand limit; /* the demand merged values may raise a block to */
  mir_reg_demand *extra; /* [block] registers of merged values held through it */
  bool valu_ok;        /* structured or no divergent control flow */
  bool mode_writes;
} cd_ctx;

/* The kinds of instruction the pass merges. */
enum { K_NONE, K_SCALAR, K_VECTOR };

static bool writes_exec(const mir_instr *ins) {
  if (ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_WRITES_EXEC)) return true;
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].kind == MIR_OPND_FIXED && ins->defs[k].preg == MIR_PREG_EXEC) return true;
  return false;
}

/* An instruction after which a VALU result no longer stands for the
 * block's lanes (cse.c's table barriers). */
static bool barrier(const mir_instr *ins) {
  switch (ins->opcode) {
  case MIR_P_CALL: case MIR_P_RETURN: case MIR_P_LOGICAL_START: case MIR_P_LOGICAL_END:
  case MIR_P_START_LINEAR_VGPR: case MIR_P_END_LINEAR_VGPR:
  case ISA_S_SETREG_B32: case ISA_S_SETREG_IMM32_B32:
    return true;
  default:
    return writes_exec(ins);
  }
}

/* The stable span of block b: after the phis, the program's start and the
 * EXEC writes that open it, before the first barrier after them. */
static void find_span(const mir_block *blk, uint32_t *begin, uint32_t *end) {
  uint32_t i = 0;
  while (i < blk->num_instrs && (mir_is_phi(blk->instrs[i]) || blk->instrs[i]->opcode == MIR_P_STARTPGM ||
                                 writes_exec(blk->instrs[i])))
    i++;
  *begin = i;
  while (i < blk->num_instrs && !barrier(blk->instrs[i])) i++;
  *end = i;
}

static unsigned kind_of(const cd_ctx *c, const mir_instr *ins) {
  if (!ssa_pure(ins) || ssa_defines_tied(ins, c->tied)) return K_NONE;
  /* a constant (s_mov_b32 0x7f800000): one instruction again is cheaper
   * than a register held from the dominating block to here */
  bool reads_temp = false;
  for (unsigned k = 0; k < ins->num_ops; k++) reads_temp |= ins->ops[k].kind == MIR_OPND_TEMP;
  if (!reads_temp) return K_NONE;
  /* a copy (an SGPR into a VGPR for a 64-bit add's high half) is as cheap
   * to make again as the register held for it (llc-19's MachineCSE skips
   * such moves across blocks too) */
  if (ins->opcode == MIR_P_COPY || ins->opcode == ISA_V_MOV_B32 || ins->opcode == ISA_S_MOV_B32 ||
      ins->opcode == ISA_S_MOV_B64)
    return K_NONE;
  bool vdef = false, sdef = false;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    mir_rc rc = ins->defs[k].temp.rc;
    if (mir_rc_is_vgpr(rc)) {
      if (rc & MIR_RC_LINEAR) return K_NONE;
      vdef = true;
    } else {
      sdef = true;
    }
  }
  if (ins->opcode < ISA_NUM_OPS) {
    const isa_info *ii = &isa_table[ins->opcode];
    if (ii->flags & (ISA_F_IGNORES_EXEC | ISA_F_MFMA)) return K_NONE;
    if (c->mode_writes && (ii->flags & ISA_F_FLOAT)) return K_NONE;
    if (isa_fmt_valu(ii->format)) return sdef || !c->valu_ok ? K_NONE : K_VECTOR;
    if (!isa_fmt_salu(ii->format) || vdef) return K_NONE;
    return K_SCALAR;
  }
  /* copy and vector pseudos: a VGPR result is a v_mov under EXEC */
  if (vdef) return c->valu_ok ? K_VECTOR : K_NONE;
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].kind == MIR_OPND_TEMP && mir_rc_is_vgpr(ins->ops[k].temp.rc)) return K_NONE;
  return K_SCALAR;
}

/* Is there a loop after block d and before block u (block order) that
 * does not hold d? The result would live through it. */
static bool loop_between(const cd_ctx *c, uint32_t d, uint32_t u) {
  for (uint32_t l = 0; l < c->loops.num; l++)
    if (c->loops.head[l] > d && c->loops.head[l] < u && !mir_loop_has(&c->loops, l, d)) return true;
  return false;
}

/* One earlier instruction that may stand for later equal ones. */
typedef struct cd_entry cd_entry;

/* The registers of u's operands that nothing reads after x's block but
 * u: each of their reads left in uses[] (merged instructions' reads are
 * taken off) is u's, one in x's block or, x's block in no loop, one in a
 * block before it, so without u they die in x's block.
 * v[0], s[0] (VGPRs, SGPRs): those read there at or before x only (x
 * reads them too: the same operands), free from x on; v[1], s[1]: the
 * others, free after x's block. uses[] is kept by the resolved temp (a
 * merged result's reads count for the temp that stands for it). ub: u's
 * block. */
static void freed(const cd_ctx *c, const uint32_t *uses, const cd_entry *x, const mir_instr *u, uint32_t ub,
                  unsigned v[2], unsigned s[2], bool siblings);

/* Does holding ins's results from block d to block u keep every block on
 * the way (d, u and the blocks between them in block order that d
 * dominates under idom) within the program's peak register demand,
 * less what freed() frees (free_v, free_s)? Books them when so. */
static bool room(cd_ctx *c, const uint32_t *idom, const mir_instr *ins, uint32_t d, uint32_t u, const unsigned free_v[2],
                 const unsigned free_s[2], bool through) {
  unsigned v = 0, s = 0;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    mir_rc rc = ins->defs[k].temp.rc;
    if (mir_rc_is_vgpr(rc)) v += mir_rc_size(rc);
    else s += mir_rc_size(rc);
  }
  /* through a loop: only a merge that frees more than it holds from D on
   * (f_private_inplace: {i, sign} << 2 for {i, sign}, as many registers,
   * cost 14 VGPRs of allocation at gfx1030 around its private arrays) */
  if (through) return free_v[0] + free_s[0] > v + s && free_v[0] >= v && free_s[0] >= s;
  unsigned vd = v > free_v[0] ? v - free_v[0] : 0, sd = s > free_s[0] ? s - free_s[0] : 0; /* in block d */
  v = vd > free_v[1] ? vd - free_v[1] : 0;
  s = sd > free_s[1] ? sd - free_s[1] : 0;
  if (!vd && !sd) return true;
  const mir_reg_demand *bm = c->live->block_max, peak = c->limit;
  for (uint32_t b = d; b <= u; b++) {
    unsigned bv = b == d ? vd : v, bs = b == d ? sd : s;
    if (mir_dominates(idom, d, b) && (bm[b].vgpr + c->extra[b].vgpr + bv > peak.vgpr || bm[b].sgpr + c->extra[b].sgpr + bs > peak.sgpr))
      return false;
  }
  for (uint32_t b = d; b <= u; b++)
    if (mir_dominates(idom, d, b)) {
      c->extra[b].vgpr = (uint16_t)(c->extra[b].vgpr + (b == d ? vd : v));
      c->extra[b].sgpr = (uint16_t)(c->extra[b].sgpr + (b == d ? sd : s));
    }
  return true;
}

struct cd_entry {
  const mir_instr *ins;
  uint32_t block, index; /* its block and position there */
  uint32_t next; /* chain in the bucket, 0 = end (entries from 1) */
};

/* Reads of temp t (through the replacements) by ins. */
static unsigned reads_of(const cd_ctx *c, const mir_instr *ins, uint32_t t) {
  unsigned r = 0;
  for (unsigned j = 0; j < ins->num_ops; j++)
    r += ins->ops[j].kind == MIR_OPND_TEMP && ssa_rename_resolve(c->repl, ins->ops[j].temp.id) == t;
  return r;
}

/* Is e a p_extract of t with the same dword as one in blk[0..end]? */
static bool extract_in(const cd_ctx *c, const mir_instr *e, uint32_t t, const mir_block *blk, uint32_t end) {
  if (e->opcode != MIR_P_EXTRACT || e->num_ops < 2 || e->ops[1].kind != MIR_OPND_CONST) return false;
  for (uint32_t i = 0; i <= end && i < blk->num_instrs; i++) {
    const mir_instr *x = blk->instrs[i];
    if (x->opcode == MIR_P_EXTRACT && x->num_ops >= 2 && x->ops[1].kind == MIR_OPND_CONST &&
        x->ops[1].imm == e->ops[1].imm && x->num_defs == 1 && x->defs[0].temp.rc == e->defs[0].temp.rc &&
        reads_of(c, x, t) == 1)
      return true;
  }
  return false;
}

static void freed(const cd_ctx *c, const uint32_t *uses, const cd_entry *x, const mir_instr *u, uint32_t ub,
                  unsigned v[2], unsigned s[2], bool siblings) {
  uint32_t n = c->p->num_temps;
  const mir_block *db = &c->p->blocks[x->block], *blk = &c->p->blocks[ub];
  for (unsigned k = 0; k < u->num_ops; k++) {
    const mir_operand *o = &u->ops[k];
    if (o->kind != MIR_OPND_TEMP || o->temp.id >= n) continue;
    uint32_t t = ssa_rename_resolve(c->repl, o->temp.id);
    bool seen = false; /* each temp once */
    for (unsigned j = 0; j < k; j++) seen |= u->ops[j].kind == MIR_OPND_TEMP && ssa_rename_resolve(c->repl, u->ops[j].temp.id) == t;
    if (seen) continue;
    unsigned reads = reads_of(c, u, t), sib = 0, later = 0;
    /* outside every loop, no block before x's (reverse post-order) is
     * reached from it: reads there end before x too */
    if (c->loop_of[x->block] == UINT32_MAX)
      for (uint32_t b = 0; b < x->block; b++)
        for (uint32_t i = 0; i < c->p->blocks[b].num_instrs; i++) reads += reads_of(c, c->p->blocks[b].instrs[i], t);
    for (uint32_t i = 0; i < db->num_instrs; i++) {
      unsigned r = reads_of(c, db->instrs[i], t);
      if (i <= x->index) reads += r;
      else later += r;
    }
    if (uses[t] == reads + later && later) {
      if (mir_rc_is_vgpr(o->temp.rc)) v[1] += mir_rc_size(o->temp.rc);
      else s[1] += mir_rc_size(o->temp.rc);
      continue;
    }
    if (uses[t] != reads) {
      /* p_extract u: t's other reads are extracts of u's block that equal
       * ones of x's block (they merge too, and the last frees t): u's
       * dword is as good as freed */
      if (!siblings || u->opcode != MIR_P_EXTRACT || !extract_in(c, u, t, db, x->index)) continue;
      for (uint32_t i = 0; i < blk->num_instrs; i++) {
        const mir_instr *e = blk->instrs[i];
        if (e == u || !reads_of(c, e, t)) continue;
        if (!extract_in(c, e, t, db, x->index)) return;
        sib++;
      }
      if (uses[t] != reads + sib) continue;
      v[0] += mir_rc_is_vgpr(u->defs[0].temp.rc) ? mir_rc_size(u->defs[0].temp.rc) : 0;
      s[0] += mir_rc_is_vgpr(u->defs[0].temp.rc) ? 0 : mir_rc_size(u->defs[0].temp.rc);
      continue;
    }
    if (mir_rc_is_vgpr(o->temp.rc)) v[0] += mir_rc_size(o->temp.rc);
    else s[0] += mir_rc_size(o->temp.rc);
  }
}

int mir_cse_dom(mir_program *p, diag *d) {
  uint32_t nb = p->num_blocks, n = p->num_temps ? p->num_temps : 1;
  if (nb < 2) return 0;
  arena mem;
  arena_init(&mem);
  cd_ctx c = {.p = p};
  c.valu_ok = p->structured || p->cf_lowering == MIR_CF_UNIFORM;
  c.repl = arena_alloc(&mem, n * sizeof *c.repl);
  memset(c.repl, 0, n * sizeof *c.repl);
  c.tied = arena_alloc(&mem, n);
  memset(c.tied, 0, n);
  ssa_mark_tied(p, c.tied, n);
  uint32_t *rpo = arena_alloc(&mem, nb * sizeof *rpo);
  for (int lin = 0; lin < 2; lin++) {
    c.idom[lin] = arena_alloc(&mem, nb * sizeof(uint32_t));
    mir_dominators(p, lin, &mem, c.idom[lin], rpo);
  }
  mir_find_loops(p, &mem, &c.loops);
  const mir_loops *loops = &c.loops;
  c.loop_of = arena_alloc(&mem, nb * sizeof *c.loop_of);
  c.span_begin = arena_alloc(&mem, nb * sizeof *c.span_begin);
  c.span_end = arena_alloc(&mem, nb * sizeof *c.span_end);
  uint32_t total = 0;
  for (uint32_t b = 0; b < nb; b++) {
    c.loop_of[b] = UINT32_MAX;
    for (uint32_t l = 0; l < loops->num; l++) /* enclosing loops come first: the last is innermost */
      if (mir_loop_has(loops, l, b)) c.loop_of[b] = l;
    find_span(&p->blocks[b], &c.span_begin[b], &c.span_end[b]);
    total += p->blocks[b].num_instrs;
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      unsigned op = p->blocks[b].instrs[i]->opcode;
      if (op == ISA_S_SETREG_B32 || op == ISA_S_SETREG_IMM32_B32) c.mode_writes = true;
    }
  }
  mir_instr **defs = arena_alloc(&mem, n * sizeof *defs);
  uint8_t *ndefs = arena_alloc(&mem, n);
  uint32_t *uses = arena_alloc(&mem, n * sizeof *uses);
  memset(defs, 0, n * sizeof *defs);
  memset(ndefs, 0, n);
  memset(uses, 0, n * sizeof *uses);
  ssa_count(p, n, defs, ndefs, uses);
  mir_liveness(p, d);
  c.live = p->live;
  {
    unsigned pv = c.live->max.vgpr, lim = pv + SLACK_VGPRS, occ = wavecc_same_occupancy_vgprs(p->target, pv),
             budget = mir_vgpr_budget(p);
    if (lim > occ) lim = occ;
    if (lim > budget) lim = budget;
    c.limit.vgpr = (uint16_t)(lim > pv ? lim : pv);
    c.limit.sgpr = c.live->max.sgpr;
  }
  c.extra = arena_alloc(&mem, nb * sizeof *c.extra);
  memset(c.extra, 0, nb * sizeof *c.extra);
  uint32_t cap = 16;
  while (cap < 2 * total) cap *= 2;
  uint32_t *bucket = arena_alloc(&mem, cap * sizeof *bucket);
  memset(bucket, 0, cap * sizeof *bucket);
  cd_entry *ent = arena_alloc(&mem, (total + 1) * sizeof *ent);
  uint32_t nent = 0;
  bool any = false;
  for (uint32_t b = 0; b < nb; b++) {
    const mir_block *blk = &p->blocks[b];
    if (c.idom[1][b] == UINT32_MAX && b != 0) continue; /* unreachable */
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      unsigned kind = kind_of(&c, ins);
      if (kind == K_NONE) continue;
      bool in_span = i >= c.span_begin[b] && i < c.span_end[b];
      if (kind == K_VECTOR && (!in_span || (c.idom[0][b] == UINT32_MAX && b != 0))) continue;
      uint32_t slot = (uint32_t)ssa_hash_instr(ins, c.repl) & (cap - 1);
      const cd_entry *hit = NULL;
      for (uint32_t e = bucket[slot]; e && !hit; e = ent[e].next) {
        const cd_entry *x = &ent[e];
        if (x->block == b || c.loop_of[x->block] != c.loop_of[b] || !ssa_same_instr(x->ins, ins, c.repl)) continue;
        bool through = loop_between(&c, x->block, b);
        /* D must dominate U in both CFGs: a VGPR value by the argument
         * above (logical), any value where a phi of the other kind reads
         * U's result (an SGPR result of U read by a logical phi is checked
         * against the logical CFG; f_loop_nested_break.cl k_two) */
        const uint32_t *idom = c.idom[kind == K_VECTOR ? 0 : 1];
        unsigned free_v[2] = {0, 0}, free_s[2] = {0, 0};
        if (mir_dominates(c.idom[0], x->block, b) && mir_dominates(c.idom[1], x->block, b)) {
          freed(&c, uses, x, ins, b, free_v, free_s, !through);
          if (room(&c, idom, ins, x->block, b, free_v, free_s, through)) hit = x;
        }
      }
      if (hit) {
        for (unsigned k = 0; k < ins->num_ops; k++) /* U's reads go with it */
          if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id < n) {
            uint32_t t = ssa_rename_resolve(c.repl, ins->ops[k].temp.id);
            if (uses[t]) uses[t]--;
          }
        for (unsigned k = 0; k < ins->num_defs; k++) {
          uint32_t t = ins->defs[k].temp.id, to = ssa_rename_resolve(c.repl, hit->ins->defs[k].temp.id);
          if (t < n && t != to) c.repl[t] = to, uses[to] += uses[t];
        }
        any = true;
        continue;
      }
      /* a result nothing reads (a shift fuse-shift-add folded into its
       * add, left for dce) stays dead */
      bool used = false;
      for (unsigned k = 0; k < ins->num_defs; k++) used |= ins->defs[k].temp.id < n && uses[ins->defs[k].temp.id];
      if (!used) continue;
      ent[++nent] = (cd_entry){ins, b, i, bucket[slot]};
      bucket[slot] = nent;
    }
  }
  if (any) ssa_rename_apply(p, c.repl, n);
  arena_free(&mem);
  return 0;
}
