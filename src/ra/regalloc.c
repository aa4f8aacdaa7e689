/* SSA register allocation, after Mesa's ACO (aco_register_allocation.cpp)
 * and Hack/Grund/Goos, "Register allocation for programs in SSA form"
 * (the interference graph of an SSA program is chordal, so when demand
 * fits the register file, assigning at definitions in dominance order
 * succeeds without a graph).
 *
 * Algorithm: liveness first (kill flags, demand). If the maximum demand
 * exceeds the budget, report it: the spiller (mir_spill, the pass before
 * this one) is what brings demand down. Then walk the blocks
 * in order (reverse post-order of the linear CFG, so every live-in value
 * was assigned in a dominating block already):
 *   - the register file at block entry holds exactly the live-in
 *     temporaries (each SSA value keeps one register for its life);
 *   - phi definitions are placed first, preferring the register of an
 *     already-assigned operand (coalescing: the copy on that edge becomes
 *     a no-op); operands still unassigned (loop back edges) get the phi's
 *     register as a preference for when they are defined;
 *   - before allocation a register on a temporary operand or definition is
 *     a constraint (FIXED_REG flag or not); per instruction: operands
 *     constrained to a register (M0/VCC/EXEC or ABI registers) that sit elsewhere are copied there by
 *     a p_parallelcopy inserted before it; operands killed here are freed
 *     (late-kill ones after the definitions), so a definition can reuse an
 *     operand's register; definitions take their fixed register, else a
 *     preference (copy source, phi partner, extracted sub-register: the
 *     affinities of regalloc_affinity.c), else
 *     the lowest free aligned range (the rules that choose among free
 *     ranges: regalloc_choose.c); dead definitions are freed at once.
 * Alignment: SGPR pairs even, SGPR tuples of 3+ dwords 4-aligned (SMEM
 * and V# operands need it); VGPR tuples as the target requires
 * (vgpr_tuple_align: unaligned on gfx900, even on gfx90a).
 * Temporaries pinned to SCC/VCC/EXEC/M0 stay there and do not occupy
 * allocatable registers.
 *
 * Invariant after: every temporary operand/definition has operand.preg, no
 * two simultaneously live values share a register (checked by mir_verify
 * after_ra), phis remain for mir_ssa_elim. Cost: O(instructions *
 * register-file words) plus O(blocks * live-in).
 *
 * When demand fits but no aligned range is free (fragmentation), values
 * that die in the current block are moved out of the cheapest window by a
 * p_parallelcopy (live-range splitting, renaming their later uses in the
 * block). When no free range is left outside the window for one of them,
 * it swaps places with an operand that dies at the instruction (the
 * operand moves into the window, which the definitions may overwrite).
 * When no window can be cleared that way, values live out of the block
 * move too, their uses beyond it renamed (with linear phis where the
 * names meet, for SGPRs; for VGPRs, last, logical phis; regalloc_global.c);
 * if that is not enough, the
 * failure is reported as a budget error. Linear VGPRs (SGPR spill lanes)
 * are never moved: a v_mov_b32 would drop inactive lanes.
 */
#include <assert.h>
#include <string.h>

#include "ra/ra.h"
#include "target/target.h"
#include "util/bitset.h"
#include "ra/regalloc_internal.h"


unsigned mir_sgpr_budget(const mir_program *p) {
  /* Extras that count against the 102 addressable SGPRs on gfx9: VCC,
   * XNACK_MASK and FLAT_SCRATCH (AMDGPUUsage; llc's NumSgprs adds them). */
  unsigned extras = 6, max = MIR_MAX_SGPRS - extras;
  unsigned b = p->abi.num_sgprs_budget;
  if (b) {
    b = b > extras ? b - extras : 0;
    if (b < max) max = b;
  }
  return max;
}

unsigned mir_vgpr_budget(const mir_program *p) {
  unsigned b = p->abi.num_vgprs_budget;
  return b && b < MIR_MAX_VGPRS ? b : MIR_MAX_VGPRS;
}

static bool range_free(const ra_ctx *c, mir_preg r, unsigned n) {
  if (c->sp_blocked != MIR_PREG_NONE && r <= c->sp_blocked && c->sp_blocked < r + n) return false;
  for (unsigned u = 0; u < n; u++)
    if (c->owner[r + u]) return false;
  return true;
}

/* Lowest register temporary t may take in its file: above the SGPR region
 * when it lives across a call (a temporary made during allocation: in any
 * program that calls); above the VGPRs a call it lives across clobbers. */
unsigned ra_lowest(const ra_ctx *c, uint32_t t, mir_rc rc) {
  bool known = c->cross && t < c->cap && t < c->live_temps;
  unsigned a = ra_rc_align(c, rc);
  if (mir_rc_is_vgpr(rc)) return known ? (c->cross[t] + a - 1) / a * a : 0;
  if (known && c->region_free && !c->cross[t]) return 0;
  if (known && c->region_free && c->cross[t] == SGPR_TARGET) return 16; /* past the implicit inputs */
  return (c->sgpr_lo + a - 1) / a * a;
}

/* May temporary t (class rc) take the registers from r on (numbered in
 * its file) as far as the calls it lives across go: from ra_lowest() on, and
 * no VGPR such a call takes as a fixed operand (avoid). */
bool ra_call_allows(const ra_ctx *c, uint32_t t, mir_rc rc, unsigned r) {
  if (r < ra_lowest(c, t, rc)) return false;
  if (!mir_rc_is_vgpr(rc) || !c->avoid || t >= c->cap || t >= c->live_temps || !c->avoid[t]) return true;
  for (unsigned u = 0; u < mir_rc_size(rc); u++)
    if (r + u < 64 && ((c->avoid[t] >> (r + u)) & 1)) return false;
  return true;
}

bool ra_lo64_ok(const ra_ctx *c, uint32_t t, mir_rc rc, mir_preg r) {
  if (!c->lo64 || t >= c->live_temps || t >= c->cap || !c->lo64[t] || rc != mir_rc_v(1)) return true;
  unsigned a = c->p->target->vgpr_tuple_align > 1 ? c->p->target->vgpr_tuple_align : 1;
  return r >= 256 && r - 256u + 2 <= c->vgpr_budget && (r - 256u) % a == 0;
}

/* Can temporary t (class rc) live in r? Free, in range, aligned. */
bool ra_fits(const ra_ctx *c, uint32_t t, mir_rc rc, mir_preg r) {
  if (r == MIR_PREG_NONE || !ra_lo64_ok(c, t, rc, r)) return false;
  unsigned n = mir_rc_size(rc);
  if (mir_rc_is_vgpr(rc)) {
    if (r < 256 || !ra_call_allows(c, t, rc, r - 256u) || r - 256u + n > c->vgpr_budget || (r - 256u) % ra_rc_align(c, rc))
      return false;
  } else {
    if (r < ra_lowest(c, t, rc) || r >= MIR_MAX_SGPRS || r + n > c->sgpr_budget || r % ra_rc_align(c, rc)) return false;
  }
  return range_free(c, r, n);
}

void ra_occupy(ra_ctx *c, uint32_t t, mir_preg r) {
  mir_rc rc = c->p->temp_rc[t];
  c->reg[t] = r;
  if (r == MIR_PREG_SCC) return;
  unsigned n = mir_rc_size(rc);
  for (unsigned u = 0; u < n && r + u < UNITS; u++) c->owner[r + u] = t;
  if (r < MIR_MAX_SGPRS) {
    if (r + n > c->sgpr_hwm) c->sgpr_hwm = r + n;
  } else if (r >= 256) {
    if (r - 256u + n > c->vgpr_hwm) c->vgpr_hwm = r - 256u + n;
  }
}

void ra_release(ra_ctx *c, uint32_t t) {
  mir_preg r = c->reg[t];
  if (r == MIR_PREG_NONE || r == MIR_PREG_SCC) return;
  unsigned n = mir_rc_size(c->p->temp_rc[t]);
  for (unsigned u = 0; u < n && r + u < UNITS; u++)
    if (c->owner[r + u] == t) c->owner[r + u] = 0;
}

/* Does r..r+n-1 overlap a range reserved for a vector other than t (for
 * VGPRs only the ones lent values placed)? */
static bool reserved(const ra_ctx *c, uint32_t t, mir_preg r, unsigned n, bool vgpr) {
  for (unsigned k = 0; k < c->num_resv; k++)
    if ((!vgpr || c->resv[k].lent) && c->resv[k].vec != t && r < c->resv[k].base + c->resv[k].n &&
        c->resv[k].base < r + n)
      return true;
  return false;
}

/* Lowest free aligned range for class rc; MIR_PREG_NONE when none. SGPRs
 * stay outside the ranges reserved for vectors when another range is
 * free (a V# built from four readfirstlanes is then written in place; for
 * VGPRs, measured on the corpus, the reservations cost more moves than
 * they save: unaligned VGPR tuples find room anyway), VGPRs only the
 * ranges of lent slots (regalloc_affinity.c lend_vector_slots) and not at
 * the price of a VGPR more. */
mir_preg ra_find_free(const ra_ctx *c, uint32_t t, mir_rc rc) {
  unsigned n = mir_rc_size(rc), align = ra_rc_align(c, rc);
  mir_preg base = mir_rc_is_vgpr(rc) ? 256 : 0;
  unsigned limit = mir_rc_is_vgpr(rc) ? c->vgpr_budget : c->sgpr_budget;
  unsigned lo = ra_lowest(c, t, rc);
  mir_preg any = MIR_PREG_NONE;
  for (unsigned r = lo; r + n <= limit; r += align)
    if (range_free(c, (mir_preg)(base + r), n) && ra_call_allows(c, t, rc, r) && ra_lo64_ok(c, t, rc, (mir_preg)(base + r))) {
      if (!c->num_resv || !reserved(c, t, (mir_preg)(base + r), n, mir_rc_is_vgpr(rc))) {
        /* a VGPR range past the ones used so far: rather the reserved one */
        if (any != MIR_PREG_NONE && mir_rc_is_vgpr(rc) && r + n > c->vgpr_hwm) return any;
        return (mir_preg)(base + r);
      }
      if (any == MIR_PREG_NONE) any = (mir_preg)(base + r);
    }
  return any;
}

/* Does operand o of an instruction need a copy into its fixed register? */
static bool needs_copy(const ra_ctx *c, const mir_operand *o) {
  return o->kind == MIR_OPND_TEMP && o->preg != MIR_PREG_NONE && c->reg[o->temp.id] != o->preg;
}

/* Values to move out of the fixed registers of `ins`'s operands that
 * need a copy there: ones that stay live through the copy (not an
 * operand it frees: one that dies at `ins`) and die in this block, into
 * mv[] with their new registers in dest[]; returns how many. Those that
 * cannot move (or find no room) are left for assign_def to report. */
static unsigned occupants(ra_ctx *c, const mir_instr *ins, uint32_t *mv, mir_preg *dest) {
  uint32_t saved[UNITS];
  unsigned n = 0;
  memcpy(saved, c->owner, sizeof saved);
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (!needs_copy(c, o) || mir_preg_is_special(o->preg) || o->preg == MIR_PREG_SCC) continue;
    for (unsigned u = 0; u < mir_rc_size(o->temp.rc) && o->preg + u < UNITS; u++) {
      uint32_t t = saved[o->preg + u];
      bool skip = !t || n == 16;
      for (unsigned q = 0; q < ins->num_ops && !skip; q++)
        skip = needs_copy(c, &ins->ops[q]) && ins->ops[q].temp.id == t && (ins->ops[q].flags & MIR_OPND_KILL);
      for (unsigned m = 0; m < n && !skip; m++) skip = mv[m] == t;
      if (!skip && ra_movable(c, t)) mv[n++] = t;
      c->owner[o->preg + u] = UINT32_MAX; /* the search below avoids every copy target */
    }
  }
  unsigned moved = 0;
  for (unsigned m = 0; m < n; m++) {
    mir_preg d = ra_find_free(c, mv[m], c->p->temp_rc[mv[m]]);
    if (d == MIR_PREG_NONE) continue;
    for (unsigned u = 0; u < mir_rc_size(c->p->temp_rc[mv[m]]); u++) c->owner[d + u] = UINT32_MAX;
    mv[moved] = mv[m];
    dest[moved++] = d;
  }
  memcpy(c->owner, saved, sizeof saved);
  return moved;
}

/* Copies operands that must sit in a fixed register but do not into new
 * temporaries there, with one p_parallelcopy inserted at `pos`. A value
 * holding one of those registers that stays live through the copy moves
 * out of the way in the same copy (call_crossings keeps values living
 * across a call out of its fixed registers; this is the fallback), its
 * later uses in the block renamed as split_for does (c->cur_bi and
 * c->cur_ins name the block and `ins`). Returns the number of
 * instructions inserted (0 or 1). */
static unsigned fix_operands(ra_ctx *c, mir_block *b, uint32_t pos, mir_instr *ins) {
  unsigned need = 0;
  for (unsigned k = 0; k < ins->num_ops; k++) need += needs_copy(c, &ins->ops[k]);
  if (!need) return 0;
  uint32_t mv[16];
  mir_preg dest[16];
  unsigned nmv = occupants(c, ins, mv, dest);
  mir_instr *pc = mir_instr_create(c->p, MIR_P_PARALLELCOPY, need + nmv, need + nmv);
  unsigned j = 0;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    mir_operand *o = &ins->ops[k];
    if (!needs_copy(c, o)) continue;
    mir_temp nt = mir_new_temp(c->p, o->temp.rc);
    pc->ops[j] = mir_op_temp(o->temp);
    pc->ops[j].flags = o->flags & MIR_OPND_KILL;
    pc->defs[j] = mir_op_temp(nt);
    pc->defs[j].preg = o->preg;
    pc->defs[j].flags = MIR_OPND_FIXED_REG;
    j++;
    o->temp = nt;
    o->flags |= MIR_OPND_KILL;
  }
  for (unsigned m = 0; m < nmv; m++, j++) {
    mir_temp ot = {.id = mv[m], .rc = c->p->temp_rc[mv[m]]}, nt = mir_new_temp(c->p, ot.rc);
    ra_grow_arrays(c);
    c->pref[nt.id] = dest[m];
    pc->ops[j] = mir_op_temp(ot);
    pc->ops[j].flags = MIR_OPND_KILL;
    pc->defs[j] = mir_op_temp(nt);
    for (uint32_t i = pos; i < b->num_instrs; i++)
      for (unsigned k = 0; k < b->instrs[i]->num_ops; k++)
        if (b->instrs[i]->ops[k].kind == MIR_OPND_TEMP && b->instrs[i]->ops[k].temp.id == ot.id)
          b->instrs[i]->ops[k].temp = nt;
  }
  mir_block_insert(c->p, b, pos, pc);
  return 1;
}

static void assign_def(ra_ctx *c, mir_operand *o) {
  uint32_t t = o->temp.id;
  mir_preg r;
  if (o->preg != MIR_PREG_NONE) {
    r = o->preg; /* fixed: ABI input, SCC/VCC/EXEC/M0 result */
    unsigned n = r == MIR_PREG_SCC ? 0 : mir_rc_size(o->temp.rc);
    for (unsigned u = 0; u < n && r + u < UNITS; u++)
      if (c->owner[r + u] && c->owner[r + u] != t && !c->failed) {
        diag_error(c->d, c->p->name, "internal: fixed register of %%%u is occupied by live %%%u", t, c->owner[r + u]);
        c->failed = true;
      }
  } else {
    r = ra_choose(c, t);
    if (r == MIR_PREG_NONE) return;
  }
  ra_occupy(c, t, r);
  for (unsigned k = 0; k < c->num_resv; k++)
    if (c->resv[k].vec == t) c->resv[k] = c->resv[--c->num_resv];
  if (t < c->live_temps && !mir_preg_is_special(r) && r != MIR_PREG_SCC) {
    uint32_t set = ra_find_set(c, t);
    if (c->set_reg[set] == MIR_PREG_NONE) c->set_reg[set] = r;
  }
}

/* Soft clauses: `ins` continues the run of SMEM instructions or ends it
 * (any other instruction or pseudo does). Only SMEM: the kernel argument
 * loads at the start, whose address pairs die in the run. Avoiding the
 * VGPRs VMEM members free cost VGPRs on the real set (fnv1a, hash_lookup,
 * murmur3) and saved no s_nop there. */
static void clause_step(ra_ctx *c, const mir_instr *ins) {
  bool smem = c->replay && ins->opcode < ISA_NUM_OPS && isa_clause_of(isa_table[ins->opcode].format) == ISA_CLAUSE_SMEM;
  if (!smem) memset(c->clause_freed, 0, sizeof c->clause_freed);
  c->clause_kind = smem ? ISA_CLAUSE_SMEM : ISA_CLAUSE_NONE;
}

/* ra_release of an operand of the instruction being placed, noting its
 * units when that instruction is in a soft clause. */
static void clause_release(ra_ctx *c, uint32_t t) {
  mir_preg r = c->reg[t];
  if (c->clause_kind && r != MIR_PREG_NONE && r != MIR_PREG_SCC && !mir_preg_is_special(r))
    for (unsigned u = 0; u < mir_rc_size(c->p->temp_rc[t]) && r + u < UNITS; u++) bitset_set(c->clause_freed, r + u);
  ra_release(c, t);
}

/* The register of an operand of `phi` that its definition can take (free
 * at the block's entry), chosen for the most incoming edges whose operand
 * sits there (each such edge's copy becomes a no-op; their number in
 * *edges); the first operand's among equals. MIR_PREG_NONE when none fits. */
static mir_preg phi_operand_reg(const ra_ctx *c, const mir_instr *phi, unsigned *edges) {
  const mir_operand *def = &phi->defs[0];
  mir_preg best = MIR_PREG_NONE;
  unsigned best_n = 0;
  for (unsigned k = 0; k < phi->num_ops; k++) {
    const mir_operand *o = &phi->ops[k];
    if (o->kind != MIR_OPND_TEMP) continue;
    mir_preg r = c->reg[o->temp.id];
    if (r == best || !ra_fits(c, def->temp.id, def->temp.rc, r)) continue;
    unsigned n = 0;
    for (unsigned j = 0; j < phi->num_ops; j++)
      n += phi->ops[j].kind == MIR_OPND_TEMP && c->reg[phi->ops[j].temp.id] == r;
    if (n > best_n) best = r, best_n = n;
  }
  *edges = best_n;
  return best;
}

/* A free register for the phi t (none of its operands' fits) off the
 * registers the operands of B's first n instructions (its phis) sit in:
 * an edge that writes t's register while another phi reads the value
 * there needs that read first, and a chain of such edges closes into a
 * cycle of swaps (k_sort: the value an arm computes is the first phi's
 * operand and sat where the last phi then went). MIR_PREG_NONE when only
 * such registers are free, or when the phi has a vector slot or its
 * affinity set's register is free (ra_choose takes those). */
static mir_preg phi_fresh_reg(ra_ctx *c, const mir_block *b, uint32_t n, uint32_t t) {
  /* the allocator's own preferences first: the phi's slot in a vector, its affinity set's register */
  if (t >= c->live_temps || c->vec[t] || ra_fits(c, t, c->p->temp_rc[t], c->set_reg[ra_find_set(c, t)]))
    return MIR_PREG_NONE;
  uint64_t held[UNITS / 64] = {0};
  for (uint32_t i = 0; i < n; i++)
    for (unsigned k = 0; k < b->instrs[i]->num_ops; k++) {
      const mir_operand *o = &b->instrs[i]->ops[k];
      mir_preg r = o->kind == MIR_OPND_TEMP ? c->reg[o->temp.id] : MIR_PREG_NONE;
      if (r == MIR_PREG_NONE || r == MIR_PREG_SCC || mir_preg_is_special(r)) continue;
      for (unsigned u = 0; u < mir_rc_size(o->temp.rc) && r + u < UNITS; u++)
        if (!c->owner[r + u]) {
          c->owner[r + u] = UINT32_MAX;
          bitset_set(held, r + u);
        }
    }
  mir_rc rc = c->p->temp_rc[t];
  mir_preg r = ra_find_free(c, t, rc);
  for (unsigned u = 0; u < UNITS; u++)
    if (bitset_test(held, u)) c->owner[u] = 0;
  /* not at the price of a register more than used so far */
  if (r != MIR_PREG_NONE && (mir_rc_is_vgpr(rc) ? r - 256u + mir_rc_size(rc) > c->vgpr_hwm : r + mir_rc_size(rc) > c->sgpr_hwm))
    r = MIR_PREG_NONE;
  return r;
}

/* Marks as taken (owner UINT32_MAX, noted in HELD) the free register
 * units of the linear VGPRs live out of a logical predecessor of B, for
 * the choice of a logical VGPR phi's register. The phi's copy at such a
 * predecessor's p_logical_end writes the lanes active there, and a
 * linear VGPR (SGPR spill lanes read by v_readlane whatever EXEC is)
 * still live there loses them: clsmith seed 10547 at gfx942 --max-vgprs=8
 * --max-sgprs=24, where the join's phi took v1, free at the join, and
 * the then-arm's `v_mov_b32 v1, v5` overwrote the spilled kernel-argument
 * pointer that the else arm read back with v_readlane (a global load from
 * a wrong address). Returns whether it marked any unit. */
static bool hold_linear_vgprs(ra_ctx *c, const mir_block *b, uint64_t *held) {
  const mir_live_info *li = c->p->live;
  bool any = false;
  for (uint32_t k = 0; k < b->logical_preds.n; k++) {
    const uint64_t *out = li->live_out[b->logical_preds.v[k]];
    for (uint32_t t = bitset_next(out, li->words, 0); t != UINT32_MAX; t = bitset_next(out, li->words, t + 1)) {
      mir_rc rc = c->p->temp_rc[t];
      mir_preg r = c->reg[t];
      if (!mir_rc_is_vgpr(rc) || !(rc & MIR_RC_LINEAR) || r == MIR_PREG_NONE || mir_preg_is_special(r)) continue;
      for (unsigned u = 0; u < mir_rc_size(rc) && r + u < UNITS; u++)
        if (!c->owner[r + u]) {
          c->owner[r + u] = UINT32_MAX;
          bitset_set(held, r + u);
          any = true;
        }
    }
  }
  return any;
}

static void release_held(ra_ctx *c, uint64_t *held) {
  for (unsigned u = 0; u < UNITS; u++)
    if (bitset_test(held, u)) c->owner[u] = 0, bitset_clear(held, u);
}

/* Assigns the phis at the start of B (each coalesced with an operand's
 * register where one fits) and returns the index of the first non-phi.
 * In rounds: phis whose operands all sit in one register that is free (no
 * copy on any edge), then phis that can share a register with some of
 * their operands (the one on the most edges), then the rest (fresh
 * registers): first those with a slot in a vector (a loop's private
 * array: a phi without one placed before them took a slot and shifted
 * the array by one register, f_private_array_registers f8), then the
 * others. A fresh register taken in block order could be the
 * one a later phi's operands all sit in, pushing that phi, and then the
 * next, elsewhere: a copy on every edge of each (measured: f_private_array
 * k_sort, whose join phis mostly pass one value through). With the first
 * fitting operand instead of the most frequent, a join of many arms whose
 * phi carries one value on all arms but one took that arm's register and
 * copied on all the others. */
static uint32_t assign_phis(ra_ctx *c, mir_block *b) {
  uint32_t n = 0;
  while (n < b->num_instrs && mir_is_phi(b->instrs[n])) n++;
  unsigned most = 0; /* the most incoming edges of a phi */
  for (uint32_t i = 0; i < n; i++) most = b->instrs[i]->num_ops > most ? b->instrs[i]->num_ops : most;
  /* passes: round 0; round 1 for phis whose best register is on `most`,
   * then most-1, ... 1 edges (the ones that save most copies choose first);
   * round 2 */
  for (unsigned pass = 0; pass < most + 3 && !c->failed; pass++) {
    unsigned round = pass == 0 ? 0 : pass <= most ? 1 : pass - most + 1, at_least = round == 1 ? most + 1 - pass : 0;
    for (uint32_t i = 0; i < n && !c->failed; i++) {
      mir_instr *phi = b->instrs[i];
      mir_operand *def = &phi->defs[0];
      if (phi->num_defs != 1 || def->kind != MIR_OPND_TEMP || c->reg[def->temp.id] != MIR_PREG_NONE) continue;
      uint32_t t = def->temp.id;
      unsigned edges = 0, temps = 0;
      /* a logical VGPR phi keeps off the linear VGPRs its copies would clobber */
      uint64_t held[UNITS / 64] = {0};
      bool hold = phi->opcode == MIR_P_PHI && mir_rc_is_vgpr(def->temp.rc) && hold_linear_vgprs(c, b, held);
      mir_preg r = c->pref[t];
      if (r == MIR_PREG_NONE || !ra_fits(c, t, def->temp.rc, r))
        r = phi_operand_reg(c, phi, &edges);
      else
        for (unsigned k = 0; k < phi->num_ops; k++)
          edges += phi->ops[k].kind == MIR_OPND_TEMP && c->reg[phi->ops[k].temp.id] == r;
      for (unsigned k = 0; k < phi->num_ops; k++) temps += phi->ops[k].kind == MIR_OPND_TEMP;
      /* a fixed register (SCC, VCC...) first: a fresh choice cannot take it */
      unsigned want = def->preg != MIR_PREG_NONE ? 0
                      : r == MIR_PREG_NONE ? (t < c->live_temps && c->vec[t] ? 2 : 3)
                      : edges == temps ? 0 : 1;
      /* (a preference no operand shares counts as one edge; round 3 takes all that is left) */
      if (round < 3 && (want != round || (round == 1 && (edges ? edges : 1) < at_least))) {
        if (hold) release_held(c, held);
        continue;
      }
      if (r == MIR_PREG_NONE && def->preg == MIR_PREG_NONE) r = phi_fresh_reg(c, b, n, t);
      if (hold) {
        if (r == MIR_PREG_NONE && def->preg == MIR_PREG_NONE) r = ra_find_free(c, t, def->temp.rc);
        release_held(c, held);
      }
      if (r != MIR_PREG_NONE) c->pref[t] = r;
      assign_def(c, def);
      for (unsigned k = 0; k < phi->num_ops; k++) {
        const mir_operand *o = &phi->ops[k];
        if (o->kind == MIR_OPND_TEMP && c->reg[o->temp.id] == MIR_PREG_NONE && c->pref[o->temp.id] == MIR_PREG_NONE)
          c->pref[o->temp.id] = c->reg[t];
      }
    }
  }
  uint32_t i = n;
  /* A dead phi's register is free only after the whole group: the phis
   * are one parallel copy on each incoming edge, which writes the dead
   * one's register too (two phis sharing one would be two writers). */
  for (uint32_t j = 0; j < i; j++) {
    const mir_operand *def = &b->instrs[j]->defs[0];
    if (b->instrs[j]->num_defs == 1 && def->kind == MIR_OPND_TEMP && (def->flags & MIR_OPND_KILL))
      ra_release(c, def->temp.id);
  }
  return i;
}

/* c->lo64: the temporaries some instruction reads as the low half of a
 * 64-bit operand (mir_opnd_lo64). */
static void mark_lo64(ra_ctx *c) {
  const mir_program *p = c->p;
  c->lo64 = NULL;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (!mir_opnd_lo64(o) || o->temp.id >= c->live_temps) continue;
        if (!c->lo64) {
          c->lo64 = arena_alloc(p->mem, c->live_temps ? c->live_temps : 1);
          memset(c->lo64, 0, c->live_temps ? c->live_temps : 1);
        }
        c->lo64[o->temp.id] = 1;
      }
    }
}

/* The lo64 operands of ins (mir_opnd_lo64) whose pair v[r:r+1] would
 * leave the budget or the target's alignment (a temporary made during
 * allocation, which c->lo64 does not cover: a split's copy), or raise the
 * VGPR count past the current occupancy (the value sits at the top: the
 * high half of a product just made, f_int_madhi_madsat), are constrained
 * to a free register that fits, so that fix_operands copies them there:
 * one v_mov_b32 rather than a wave less. A pair that only raises the
 * count within the occupancy stays. Returns false when no register fits
 * (a budget error). */
static bool fix_lo64(ra_ctx *c, mir_instr *ins) {
  unsigned a = c->p->target->vgpr_tuple_align > 1 ? c->p->target->vgpr_tuple_align : 1;
  unsigned occ = wavecc_same_occupancy_vgprs(c->p->target, c->vgpr_hwm);
  unsigned top = occ < c->vgpr_budget ? occ : c->vgpr_budget;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    mir_operand *o = &ins->ops[k];
    if (!mir_opnd_lo64(o)) continue;
    mir_preg r = c->reg[o->temp.id];
    bool fits = r != MIR_PREG_NONE && r >= 256 && r - 256u + 2 <= c->vgpr_budget && (r - 256u) % a == 0;
    if (fits && r - 256u + 2 <= top) continue;
    mir_preg to = MIR_PREG_NONE;
    for (unsigned v = 0; v + 2 <= top && to == MIR_PREG_NONE; v += a)
      if (!c->owner[256 + v]) to = (mir_preg)(256 + v);
    if (to == MIR_PREG_NONE && fits) continue;
    for (unsigned v = 0; v + 2 <= c->vgpr_budget && to == MIR_PREG_NONE; v += a)
      if (!c->owner[256 + v]) to = (mir_preg)(256 + v);
    if (to == MIR_PREG_NONE) {
      if (!c->failed)
        diag_error(c->d, c->p->name, "register budget exceeded: no VGPR for a 64-bit addend's low half (budget %u)",
                   c->vgpr_budget);
      c->failed = true;
      c->p->budget_failed = true;
      return false;
    }
    o->preg = to;
  }
  return true;
}

static void lo64_hwm(ra_ctx *c, const mir_instr *ins) {
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    mir_preg r = mir_opnd_lo64(o) ? c->reg[o->temp.id] : MIR_PREG_NONE;
    if (r != MIR_PREG_NONE && r >= 256 && r - 256u + 2 > c->vgpr_hwm) c->vgpr_hwm = r - 256u + 2;
  }
}

/* Writes the assigned registers into every operand and definition.
 * Returns 0, or 1 with an error for a temporary never assigned. */
static int write_registers(ra_ctx *c) {
  mir_program *p = c->p;
  diag *d = c->d;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
        mir_operand *o = &ins->ops[k];
        if (o->kind != MIR_OPND_TEMP) continue;
        mir_preg r = o->temp.id < c->cap ? c->reg[o->temp.id] : MIR_PREG_NONE;
        if (r == MIR_PREG_NONE) {
          diag_error(d, p->name, "internal: %%%u was never assigned a register (used without a dominating definition?)",
                     o->temp.id);
          return 1;
        }
        o->preg = r;
      }
    }
  }
  return 0;
}

int mir_regalloc(mir_program *p, diag *d) {
  if (p->regs_assigned) return 0;
  if (!p->live) mir_liveness(p, d);
  const mir_live_info *li = p->live;
  ra_ctx *c = arena_alloc(p->mem, sizeof *c);
  c->p = p;
  c->d = d;
  c->sgpr_budget = mir_sgpr_budget(p);
  c->vgpr_budget = mir_vgpr_budget(p);
  /* a leaf function may use the SGPR region: its callers treat it as clobbered */
  c->sgpr_lo = p->has_calls ? p->abi.call_sgprs : 0;
  if (p->has_calls && c->sgpr_lo + 2 > c->sgpr_budget) {
    diag_error(d, p->name,
               "register budget too small for calls: the calling convention keeps s0..s%u for its own use "
               "(budget %u SGPRs)", c->sgpr_lo - 1, c->sgpr_budget);
    return 1;
  }
  if (li->max.vgpr > c->vgpr_budget) {
    diag_error(d, p->name, "register budget exceeded: needs %u VGPRs, has %u", li->max.vgpr, c->vgpr_budget);
    p->budget_failed = true;
    return 1;
  }
  if (li->max.sgpr > c->sgpr_budget) {
    diag_error(d, p->name, "register budget exceeded: needs %u SGPRs, has %u", li->max.sgpr, c->sgpr_budget);
    p->budget_failed = true;
    return 1;
  }
  uint32_t cap = p->num_temps ? p->num_temps : 1;
  c->cap = cap;
  c->live_temps = p->num_temps;
  c->reg = arena_alloc(p->mem, cap * sizeof *c->reg);
  c->pref = arena_alloc(p->mem, cap * sizeof *c->pref);
  for (uint32_t t = 0; t < cap; t++) c->reg[t] = c->pref[t] = MIR_PREG_NONE;
  if (p->has_calls) {
    c->avoid = arena_alloc(p->mem, cap * sizeof *c->avoid);
    memset(c->avoid, 0, cap * sizeof *c->avoid);
    c->cross = ra_call_crossings(p, p->mem, c->avoid);
  }
  c->region_free = !p->abi.call_wo_sgpr;
  c->replay = wavecc_xnack_replay(p->target, p->target_xnack);
  c->sp_blocked = p->has_calls && !p->is_function ? MIR_PREG_SGPR(p->abi.call_sp_sgpr) : MIR_PREG_NONE;
  ra_compute_affinities(c);
  mark_lo64(c);

  for (uint32_t bi = 0; bi < p->num_blocks && !c->failed; bi++) {
    mir_block *b = &p->blocks[bi];
    memset(c->owner, 0, sizeof c->owner);
    c->num_resv = 0;
    const uint64_t *in = li->live_in[bi];
    for (uint32_t t = bitset_next(in, li->words, 0); t != UINT32_MAX; t = bitset_next(in, li->words, t + 1)) {
      /* Dominance order guarantees the value is assigned; a value used
       * before its (non-dominating) definition would be a verifier error. */
      uint32_t n = ra_live_in_name(c, t, bi); /* renamed by a move in a dominating block */
      if (c->reg[n] != MIR_PREG_NONE) ra_occupy(c, n, c->reg[n]);
    }
    uint32_t i = assign_phis(c, b);
    c->clause_kind = ISA_CLAUSE_NONE;
    c->store_hold = false;
    for (; i < b->num_instrs && !c->failed; i++) {
      mir_instr *ins = b->instrs[i];
      clause_step(c, ins);
      c->cur_bi = bi;
      c->cur_ins = ins; /* for ra_movable(); no splitting while the copy's definitions are placed */
      if (!fix_lo64(c, ins)) break;
      unsigned fixed = fix_operands(c, b, i, ins);
      c->cur_ins = NULL;
      if (fixed) {
        ra_grow_arrays(c);
        mir_instr *pc = b->instrs[i];
        /* The copy: sources die there when they died at `ins`. */
        for (unsigned k = 0; k < pc->num_ops; k++)
          if (pc->ops[k].flags & MIR_OPND_KILL) ra_release(c, pc->ops[k].temp.id);
        for (unsigned k = 0; k < pc->num_defs; k++) assign_def(c, &pc->defs[k]);
        i++;
      }
      lo64_hwm(c, ins);
      ra_prefer_from_operands(c, ins);
      for (unsigned k = 0; k < ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (o->kind == MIR_OPND_TEMP && (o->flags & MIR_OPND_KILL) && !(o->flags & MIR_OPND_LATE_KILL))
          clause_release(c, o->temp.id);
      }
      c->cur_block = b;
      c->cur_bi = bi;
      c->cur_pos = i;
      c->cur_ins = ins;
      /* Fixed definitions first so the free choice cannot take their registers. */
      for (int pass = 0; pass < 2; pass++)
        for (unsigned k = 0; k < ins->num_defs; k++) {
          mir_operand *o = &ins->defs[k];
          if (o->kind != MIR_OPND_TEMP) continue;
          bool fixed = o->preg != MIR_PREG_NONE;
          if (fixed == (pass == 0)) assign_def(c, o);
        }
      for (unsigned k = 0; k < ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (o->kind == MIR_OPND_TEMP && (o->flags & MIR_OPND_KILL) && (o->flags & MIR_OPND_LATE_KILL))
          clause_release(c, o->temp.id);
      }
      for (unsigned k = 0; k < ins->num_defs; k++) {
        const mir_operand *o = &ins->defs[k];
        if (o->kind == MIR_OPND_TEMP && (o->flags & MIR_OPND_KILL)) ra_release(c, o->temp.id);
      }
      i = c->cur_pos; /* splitting may have inserted copies before `ins` */
      c->cur_ins = NULL;
      ra_store_step(c, ins);
    }
  }
  if (c->failed) return 1;
  if (write_registers(c)) return 1;
  p->num_sgprs_used = c->sgpr_hwm;
  p->num_vgprs_used = c->vgpr_hwm;
  p->regs_assigned = true;
  return 0;
}
