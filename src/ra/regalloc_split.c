/* Live-range splitting for the SSA register allocator (regalloc.c) when
 * the register file is fragmented: demand fits the budget, but no aligned
 * range of the wanted size is free. Block-local values are moved out of
 * the cheapest window by one p_parallelcopy, after Mesa ACO's approach;
 * when no window can be cleared so, values live out of the block too
 * (their uses beyond it renamed by regalloc_global.c). */
#include <assert.h>
#include <string.h>

#include "ra/ra.h"
#include "ra/regalloc_internal.h"
#include "target/target.h"
#include "util/bitset.h"

/* Operands of the current instruction that split_for moves into its
 * window (they die there, so its definitions may take their registers),
 * to free their registers for the window's occupants. */
typedef struct split_swap {
  mir_preg base;            /* the window */
  unsigned n;
  unsigned num;
  uint32_t op[4];           /* the operands moved */
  mir_preg dest[4];         /* their registers in the window */
  uint16_t used;            /* window units already taken by them */
} split_swap;

/* Does [r, r+n) hold an operand of the current instruction that stays
 * where it is (not one of the window's occupants `occ`, which move)? A
 * dying operand's registers are free for the definitions but still read
 * by the copy and the instruction. */
static bool window_holds_operand(const ra_ctx *c, mir_preg r, unsigned n, const uint32_t *occ, unsigned nocc) {
  const mir_instr *ins = c->cur_ins;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *x = &ins->ops[k];
    if (x->kind != MIR_OPND_TEMP) continue;
    mir_preg xr = c->reg[x->temp.id];
    if (xr == MIR_PREG_NONE || mir_preg_is_special(xr) || xr == MIR_PREG_SCC) continue;
    bool moves = false;
    for (unsigned j = 0; j < nocc; j++) moves |= occ[j] == x->temp.id;
    if (!moves && xr < r + n && r < xr + mir_rc_size(x->temp.rc)) return true;
  }
  return false;
}

/* A home for occupant `o` of split_for's window when no free range is
 * left outside it: the register of an operand of the current instruction
 * that dies there (not late), which moves into the window in the same
 * parallel copy (a swap). Fragmentation at a p_create_vector of dying
 * values: seven VGPRs free (four of them the operands), none four in a
 * row within the budget, and the window's one occupant has nowhere to go
 * but where an operand sits (f_half_vload_vstore.cl at 30..32 and 34
 * VGPRs). Returns the register, or MIR_PREG_NONE. */
static mir_preg swap_with_operand(ra_ctx *c, uint32_t o, const uint32_t *occ, unsigned nocc, split_swap *sw) {
  const mir_instr *ins = c->cur_ins;
  mir_rc orc = c->p->temp_rc[o];
  unsigned on = mir_rc_size(orc);
  for (unsigned k = 0; k < ins->num_ops && sw->num < 4; k++) {
    const mir_operand *x = &ins->ops[k];
    if (x->kind != MIR_OPND_TEMP || !(x->flags & MIR_OPND_KILL) || (x->flags & MIR_OPND_LATE_KILL) ||
        x->preg != MIR_PREG_NONE || mir_rc_is_vgpr(x->temp.rc) != mir_rc_is_vgpr(orc) || (x->temp.rc & MIR_RC_LINEAR))
      continue;
    uint32_t xt = x->temp.id;
    mir_preg r = c->reg[xt];
    unsigned xn = mir_rc_size(x->temp.rc);
    if (r == MIR_PREG_NONE || mir_preg_is_special(r) || r == MIR_PREG_SCC || xn < on) continue;
    bool skip = false;
    for (unsigned j = 0; j < nocc; j++) skip |= occ[j] == xt;
    for (unsigned j = 0; j < sw->num; j++) skip |= sw->op[j] == xt;
    mir_preg file = mir_rc_is_vgpr(orc) ? 256 : 0;
    if (skip || (r - file) % ra_rc_align(c, orc) || !ra_call_allows(c, o, orc, r - file)) continue;
    if (r < sw->base + sw->n && sw->base < r + xn) continue; /* in the window itself */
    for (unsigned u = 0; u < on; u++) skip |= c->owner[r + u] != UINT32_MAX; /* held for the copy, not another's */
    if (skip) continue;
    /* its place in the window */
    unsigned a = ra_rc_align(c, x->temp.rc);
    for (unsigned w = 0; w + xn <= sw->n; w++) {
      if ((sw->base + w - file) % a || !ra_call_allows(c, xt, x->temp.rc, sw->base + w - file)) continue;
      uint16_t m = (uint16_t)(((1u << xn) - 1) << w);
      if ((sw->used & m) || window_holds_operand(c, sw->base + w, xn, occ, nocc)) continue;
      sw->used |= m;
      sw->op[sw->num] = xt;
      sw->dest[sw->num++] = (mir_preg)(sw->base + w);
      return r;
    }
  }
  return MIR_PREG_NONE;
}

/* Does block-local temporary t, live at the current instruction, live
 * across a call still ahead in the block (a p_call before its last use)?
 * The calls behind it no longer bind where it may move: a value that
 * crossed a call but dies before the next may leave the registers above
 * the call's clobbers to a value that crosses the next one
 * (f_call_many_args.cl at 24/32: "no free 1-dword VGPR range (demand 21
 * VGPRs, has 21)" after the first of two calls). */
static bool call_ahead(const ra_ctx *c, uint32_t t) {
  bool call = false;
  for (uint32_t i = c->cur_pos; i < c->cur_block->num_instrs; i++) {
    const mir_instr *ins = c->cur_block->instrs[i];
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id == t && call) return true;
    call |= ins->opcode == MIR_P_CALL;
  }
  return false;
}

/* A free range for occupant o of a window split_for clears: as o's own
 * calls allow, or, when no call is ahead of it in the block, anywhere
 * (the copy's new temporary lives across no call). */
static mir_preg occupant_home(ra_ctx *c, uint32_t o) {
  bool known = c->cross && o < c->cap && o < c->live_temps;
  if (!known || !c->cross[o] || call_ahead(c, o)) return ra_find_free(c, o, c->p->temp_rc[o]);
  uint8_t cr = c->cross[o];
  uint64_t av = c->avoid ? c->avoid[o] : 0;
  c->cross[o] = 0;
  if (c->avoid) c->avoid[o] = 0;
  mir_preg r = ra_find_free(c, o, c->p->temp_rc[o]);
  c->cross[o] = cr;
  if (c->avoid) c->avoid[o] = av;
  return r;
}

/* Moves the occupants of window [best, best + size of rc) to free ranges
 * outside it (or swaps them with dying operands of the current
 * instruction) with one p_parallelcopy before it, renaming their later
 * uses in this block. Returns the window, or MIR_PREG_NONE with nothing
 * changed when some occupant has nowhere to go. */
static mir_preg clear_window(ra_ctx *c, mir_preg best, mir_rc rc, bool across) {
  unsigned n = mir_rc_size(rc);
  /* Collect the occupants, block the window, find new homes. */
  uint32_t occ[16];
  unsigned nocc = 0;
  for (unsigned u = 0; u < n; u++) {
    uint32_t o = c->owner[best + u];
    bool seen = !o;
    for (unsigned k = 0; k < nocc && !seen; k++) seen = occ[k] == o;
    if (!seen) occ[nocc++] = o;
  }
  for (unsigned k = 0; k < nocc; k++) ra_release(c, occ[k]);
  for (unsigned u = 0; u < n; u++) c->owner[best + u] = UINT32_MAX; /* reserved */
  /* The copy runs before the instruction, while its operands (even those
   * it kills, already freed for its definitions) are still live. */
  mir_preg held[64];
  unsigned nheld = 0;
  for (unsigned k = 0; k < c->cur_ins->num_ops; k++) {
    const mir_operand *o = &c->cur_ins->ops[k];
    if (o->kind != MIR_OPND_TEMP) continue;
    mir_preg r = c->reg[o->temp.id];
    if (r == MIR_PREG_NONE || r == MIR_PREG_SCC) continue;
    for (unsigned u = 0; u < mir_rc_size(o->temp.rc) && nheld < 64; u++)
      if (!c->owner[r + u]) {
        c->owner[r + u] = UINT32_MAX;
        held[nheld++] = (mir_preg)(r + u);
      }
  }
  mir_preg dest[16];
  split_swap sw = {.base = best, .n = n};
  bool ok = true;
  unsigned homed = 0; /* occupants given a destination (reserved below) */
  for (unsigned k = 0; k < nocc; k++) {
    dest[k] = occupant_home(c, occ[k]);
    if (dest[k] == MIR_PREG_NONE) dest[k] = swap_with_operand(c, occ[k], occ, nocc, &sw);
    if (dest[k] == MIR_PREG_NONE) { ok = false; break; }
    for (unsigned u = 0; u < mir_rc_size(c->p->temp_rc[occ[k]]); u++) c->owner[dest[k] + u] = UINT32_MAX;
    homed = k + 1;
  }
  /* Undo the reservations, also those of the occupants homed before one
   * failed: ra_split_for tries another window after a failure, and a
   * reservation left behind would read as an owner (UINT32_MAX). */
  for (unsigned k = 0; k < nheld; k++) c->owner[held[k]] = 0;
  for (unsigned u = 0; u < n; u++) c->owner[best + u] = 0;
  for (unsigned k = 0; k < homed; k++)
    for (unsigned u = 0; u < mir_rc_size(c->p->temp_rc[occ[k]]); u++) c->owner[dest[k] + u] = 0;
  if (!ok) {
    for (unsigned k = 0; k < nocc; k++) ra_occupy(c, occ[k], c->reg[occ[k]]);
    return MIR_PREG_NONE;
  }
  mir_instr *pc = mir_instr_create(c->p, MIR_P_PARALLELCOPY, nocc + sw.num, nocc + sw.num);
  for (unsigned k = 0; k < nocc + sw.num; k++) {
    bool op = k >= nocc; /* an operand of the instruction, into the window */
    uint32_t o = op ? sw.op[k - nocc] : occ[k];
    mir_temp nt = mir_new_temp(c->p, c->p->temp_rc[o]);
    ra_grow_arrays(c);
    mir_temp ot = {.id = o, .rc = c->p->temp_rc[o]};
    pc->ops[k] = mir_op_temp(ot);
    pc->ops[k].flags = MIR_OPND_KILL;
    pc->defs[k] = mir_op_temp(nt);
    if (op) c->reg[nt.id] = sw.dest[k - nocc]; /* it dies at the instruction: free for its definitions */
    else ra_occupy(c, nt.id, dest[k]);
    /* Rename the uses from the current instruction to the end of the
     * block, and beyond it for a value live out of the block. */
    for (uint32_t i = c->cur_pos; i < c->cur_block->num_instrs; i++) {
      mir_instr *ins = c->cur_block->instrs[i];
      for (unsigned j = 0; j < ins->num_ops; j++)
        if (ins->ops[j].kind == MIR_OPND_TEMP && ins->ops[j].temp.id == o) ins->ops[j].temp = nt;
    }
    uint32_t l = ra_live_id(c, o);
    if (across && !op && l != UINT32_MAX && bitset_test(c->p->live->live_out[c->cur_bi], l))
      pc->ops[k].temp.id = ra_rename_across(c, o, nt.id);
  }
  mir_block_insert(c->p, c->cur_block, c->cur_pos, pc);
  c->cur_pos++;
  return best;
}

/* Live-range splitting when the file is fragmented (ACO's approach,
 * restricted to block-local values): of the aligned windows for class rc
 * whose values are all movable, clear the one holding the fewest (moving
 * each to a free range outside the window with one p_parallelcopy before
 * the current instruction, renaming its later uses in this block); when
 * its values find no home, the next cheapest. The cheapest window may
 * hold a value that must stay above the clobbers of a call still ahead
 * while every register there is taken, and a dearer one only values that
 * die before it (f_call_many_args.cl at 24/32 on gfx1100, gfx90a and
 * gfx942: a result of the first of two calls found no register above the
 * second's clobbers, "no free 1-dword VGPR range (demand 21 VGPRs, has
 * 21)"). With `across`, values live out of the block that
 * ra_movable_across allows count as movable too (tried after a search
 * without them failed, so code that allocated before is unchanged).
 * Returns the window, or MIR_PREG_NONE when none can be cleared. */
mir_preg ra_split_for(ra_ctx *c, uint32_t t, mir_rc rc, bool across) {
  unsigned n = mir_rc_size(rc), align = ra_rc_align(c, rc);
  mir_preg base = mir_rc_is_vgpr(rc) ? 256 : 0;
  unsigned limit = mir_rc_is_vgpr(rc) ? c->vgpr_budget : c->sgpr_budget;
  unsigned lo = ra_lowest(c, t, rc);
  /* cost[w]: dwords to move out of window lo + w * align; UINT32_MAX
   * when it cannot be cleared (or was tried) */
  unsigned cost[UNITS / 2 + 1], nw = 0;
  for (unsigned r = lo; r + n <= limit && nw < UNITS / 2 + 1; r += align, nw++) {
    cost[nw] = 0;
    bool ok = ra_call_allows(c, t, rc, r);
    uint32_t last = 0;
    for (unsigned u = 0; u < n && ok; u++) {
      uint32_t o = c->owner[base + r + u];
      if (!o || o == last) continue;
      last = o;
      if (!(across ? ra_movable_across(c, o) : ra_movable(c, o))) ok = false;
      cost[nw] += mir_rc_size(c->p->temp_rc[o]);
    }
    if (!ok) cost[nw] = UINT32_MAX;
  }
  for (;;) {
    unsigned w = UINT32_MAX;
    for (unsigned k = 0; k < nw; k++)
      if (cost[k] != UINT32_MAX && (w == UINT32_MAX || cost[k] < cost[w])) w = k;
    if (w == UINT32_MAX) return MIR_PREG_NONE;
    mir_preg r = clear_window(c, (mir_preg)(base + lo + w * align), rc, across);
    if (r != MIR_PREG_NONE) return r;
    cost[w] = UINT32_MAX;
  }
}
