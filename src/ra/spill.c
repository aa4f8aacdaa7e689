/* Spilling: lowers the register demand of each register file to the
 * kernel's budget before register assignment (ACO's order: liveness ->
 * spilling -> register allocation).
 *
 * Algorithm (Braun & Hack, "Register Spilling and Live-Range Splitting for
 * SSA-Form Programs", CC 2009, simplified to spill-everywhere with
 * block-local reloads), one register file at a time, SGPRs first:
 *   1. exact SSA liveness (mir_liveness) gives the demand at every
 *      instruction; next-use distances at block ends come from a backward
 *      dataflow (distance in instructions; leaving a loop adds a large
 *      constant, as in the paper, so values used in the loop stay);
 *   2. a backward walk over each block finds the points whose demand
 *      exceeds the budget; at each, the values live across the point (not
 *      read or written by its instruction) with the furthest next use are
 *      chosen until the demand fits;
 *   3. every chosen value is rematerialised (a move of a constant:
 *      re-emitted before each use, no memory), or stored once right after
 *      its definition and reloaded once per block that reads it, before the
 *      first read after the block's first over-budget point (earlier reads
 *      still use the register); phi operands are reloaded at the end of the
 *      predecessor, where SSA elimination places the phi copies; a chosen
 *      phi becomes a memory phi (each edge stores its value into the phi's
 *      slot, the phi disappears). A reload that still spans an over-budget
 *      point is split into one reload per use in the next round. Rounds
 *      repeat until every point fits; a point whose own operands and
 *      definitions exceed the budget is a user error naming the
 *      instruction. Where an instruction allows, in blocks that define a
 *      register tuple, a few registers of slack stay free (room for the
 *      widest tuple: the allocator cannot move values live out of a block
 *      to defragment the file); blocks without one (loops of scalar
 *      arithmetic, often) use the whole budget.
 *   4. spill slots are virtual until a file is done, then coloured
 *      (spill_slots.c: slots never live at once share a place), and the
 *      placed code cleaned up (spill_cleanup.c: stores back to where a
 *      value was just reloaded from, reloads right after a store of the
 *      same place, dead reloads and unread stores).
 * A p_extract of a spilled VGPR tuple reloads just the dwords it takes
 * (partial_reload). Loops are found here (spill_loop_depths): instruction
 * selection leaves mir_block.loop_depth at 0.
 *
 * Where values go (DESIGN.md seeds D96336, D99507):
 *   - SGPRs: lanes of linear VGPRs (p_start_linear_vgpr in the entry block,
 *     live in the linear CFG, never coalesced or moved), written with
 *     v_writelane_b32 and read with v_readlane_b32 of a fixed lane. Both
 *     ignore EXEC, so an SGPR reload (a saved EXEC mask included) is right
 *     in a block entered with EXEC = 0.
 *   - SGPRs when a VGPR of lanes would not fit beside some instruction's
 *     own VGPRs (lanes_conflict), or when forced (abi.sgpr_spill_scratch,
 *     --spill-sgprs-to-scratch): scratch, one per-lane dword per slot,
 *     through a temporary VGPR whose 64 lanes are saved and restored
 *     around each access (D96336; sequences in spill_lower.c, all
 *     EXEC-independent). Where SCC is live across such a pseudo the
 *     spiller leaves one more SGPR free, in which the lowering keeps SCC
 *     when no SGPR pair is free for EXEC.
 *   - VGPRs: the lane's scratch (MUBUF, "off" address, the private segment
 *     buffer V# and the wave's scratch offset as soffset, the same private
 *     path as allocas), above the allocas. A VGPR store right after the
 *     definition runs under the definition's EXEC; reloads run under the
 *     EXEC of the reading block, a subset of the lanes that stored (the
 *     logical CFG governs VGPRs); a memory phi's stores run under each
 *     predecessor's EXEC, like the phi copies they replace.
 *   - The private segment buffer and scratch wave offset are added to the
 *     kernel's inputs when a VGPR must spill and the kernel has no allocas;
 *     they are never spilled themselves (5 SGPRs are reserved for them).
 *     SGPRs are lowered first; if their lanes push the VGPRs over budget
 *     when that was not foreseen, they are lowered again with the
 *     reservation (their slots are placed only after the last SGPR round).
 *
 * Spill and reload stay pseudo-instructions (p_spill, p_reload) until
 * SSA elimination lowers them on physical registers (spill_lower.c).
 * Not done yet: splitting live ranges at loop boundaries (a value is
 * stored where it is defined, even inside a loop).
 */
#include <assert.h>
#include <string.h>

#include "passes/passes.h"
#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

static void grow(spill_ctx *c) {
  uint32_t n = c->p->num_temps;
  if (n <= c->cap) return;
  uint32_t ncap = c->cap ? c->cap : 64;
  while (ncap < n) ncap *= 2;
  arena *m = c->p->mem;
  c->kind = arena_grow(m, c->kind, c->cap, ncap, sizeof *c->kind);
  c->chosen = arena_grow(m, c->chosen, c->cap, ncap, sizeof *c->chosen);
  c->slot = arena_grow(m, c->slot, c->cap, ncap, sizeof *c->slot);
  c->reload_of = arena_grow(m, c->reload_of, c->cap, ncap, sizeof *c->reload_of);
  c->def = arena_grow(m, c->def, c->cap, ncap, sizeof *c->def);
  c->def_block = arena_grow(m, c->def_block, c->cap, ncap, sizeof *c->def_block);
  c->nu = arena_grow(m, c->nu, c->cap, ncap, sizeof *c->nu);
  c->store = arena_grow(m, c->store, c->cap, ncap, sizeof *c->store);
  c->keep = arena_grow(m, c->keep, c->cap, ncap, sizeof *c->keep);
  c->is_scc = arena_grow(m, c->is_scc, c->cap, ncap, sizeof *c->is_scc);
  for (uint32_t t = c->cap; t < ncap; t++) {
    c->kind[t] = TK_NORMAL;
    c->chosen[t] = 0;
    c->slot[t] = UINT32_MAX;
    c->reload_of[t] = 0;
    c->store[t] = NULL;
    c->keep[t] = 0;
    c->is_scc[t] = 0;
  }
  c->cap = ncap;
}

static mir_temp new_temp(spill_ctx *c, mir_rc rc) {
  mir_temp t = mir_new_temp(c->p, rc);
  grow(c);
  return t;
}

static bool is_remat(const mir_instr *ins) {
  if (!ins || ins->num_defs != 1 || ins->num_ops != 1 || ins->ops[0].kind != MIR_OPND_CONST) return false;
  if (ins->defs[0].preg != MIR_PREG_NONE || (ins->ops[0].flags & (MIR_OPND_NEG | MIR_OPND_ABS))) return false;
  return ins->opcode == ISA_S_MOV_B32 || ins->opcode == ISA_S_MOV_B64 || ins->opcode == ISA_V_MOV_B32;
}

static mir_instr *clone(mir_program *p, const mir_instr *ins) {
  mir_instr *n = mir_instr_create(p, ins->opcode, ins->num_ops, ins->num_defs);
  n->enc_flags = ins->enc_flags;
  n->omod = ins->omod;
  n->clamp = ins->clamp;
  n->offset = ins->offset;
  memcpy(n->ops, ins->ops, ins->num_ops * sizeof *n->ops);
  memcpy(n->defs, ins->defs, ins->num_defs * sizeof *n->defs);
  return n;
}

/* ---- scratch inputs and spill slots ------------------------------------ */

/* The p_startpgm of the entry block. */
static mir_instr *startpgm(mir_program *p) {
  mir_block *b = &p->blocks[0];
  for (uint32_t i = 0; i < b->num_instrs; i++)
    if (b->instrs[i]->opcode == MIR_P_STARTPGM) return b->instrs[i];
  return NULL;
}

/* Position after p_startpgm in the entry block. */
static uint32_t after_startpgm(const mir_program *p) {
  const mir_block *b = &p->blocks[0];
  for (uint32_t i = 0; i < b->num_instrs; i++)
    if (b->instrs[i]->opcode == MIR_P_STARTPGM) return i + 1;
  return 0;
}

/* Finds the private segment buffer (s[0:3]) and scratch wave offset (the
 * last system SGPR) among the kernel inputs, adding both when absent
 * (AMDGPUUsage "Initial Kernel Execution State": the V# is the first user
 * SGPRs, the offset the last system SGPR). Returns false when the kernel
 * has no p_startpgm (hand-written test input). */
static bool ensure_scratch_inputs(spill_ctx *c) {
  mir_program *p = c->p;
  mir_instr *sp = startpgm(p);
  if (!sp) return false;
  if (c->psb.id && c->wo.id) return true;
  uint32_t at = after_startpgm(p);
  if (p->scratch_rsrc.id) {
    /* isel named them (calls: the V# moved by the wave offset, the frame
     * base): the offset's add goes after both are defined */
    c->psb = p->scratch_rsrc;
    c->wo = p->scratch_offset;
    const mir_block *b0 = &p->blocks[0];
    for (uint32_t i = 0; i < b0->num_instrs; i++)
      for (unsigned k = 0; k < b0->instrs[i]->num_defs; k++) {
        const mir_operand *o = &b0->instrs[i]->defs[k];
        if (o->kind == MIR_OPND_TEMP && (o->temp.id == c->psb.id || o->temp.id == c->wo.id) && i + 1 > at) at = i + 1;
      }
  } else if (p->abi.private_segment_buffer && p->abi.private_segment_wave_offset) {
    mir_preg last = 0;
    for (unsigned k = 0; k < sp->num_defs; k++) {
      const mir_operand *o = &sp->defs[k];
      if (o->kind != MIR_OPND_TEMP || o->preg >= MIR_MAX_SGPRS) continue;
      if (o->preg == 0 && mir_rc_size(o->temp.rc) == 4) c->psb = o->temp;
      if (o->preg >= last) {
        last = o->preg;
        c->wo = o->temp;
      }
    }
  } else {
    mir_instr *n = mir_instr_create(p, MIR_P_STARTPGM, 0, sp->num_defs + 2u);
    unsigned next = 4;
    for (unsigned k = 0; k < sp->num_defs; k++) {
      n->defs[k + 1] = sp->defs[k];
      mir_operand *o = &n->defs[k + 1];
      if (o->kind == MIR_OPND_TEMP && o->preg < MIR_MAX_SGPRS) {
        o->preg = (mir_preg)(o->preg + 4);
        if (o->preg + mir_rc_size(o->temp.rc) > next) next = o->preg + mir_rc_size(o->temp.rc);
      }
    }
    c->psb = new_temp(c, mir_rc_s(4));
    c->wo = new_temp(c, mir_rc_s(1));
    n->defs[0] = mir_op_temp(c->psb);
    n->defs[0].preg = MIR_PREG_SGPR(0);
    n->defs[0].flags = MIR_OPND_FIXED_REG;
    n->defs[sp->num_defs + 1] = mir_op_temp(c->wo);
    n->defs[sp->num_defs + 1].preg = MIR_PREG_SGPR(next);
    n->defs[sp->num_defs + 1].flags = MIR_OPND_FIXED_REG;
    mir_block *b = &p->blocks[0];
    for (uint32_t i = 0; i < b->num_instrs; i++)
      if (b->instrs[i] == sp) b->instrs[i] = n;
    p->abi.private_segment_buffer = true;
    p->abi.private_segment_wave_offset = true;
  }
  grow(c);
  if (!c->psb.id || !c->wo.id) return false;
  c->kind[c->psb.id] = c->kind[c->wo.id] = TK_PINNED;
  /* Spill slots start above the allocas: the wave's offset moves up by
   * base bytes per lane (x64 lanes: soffset is added after the swizzle),
   * so the 12-bit MUBUF offset covers 4 KiB of slots. */
  c->scratch_base = (p->abi.private_segment_size + 3) & ~3u;
  if (c->scratch_base) {
    mir_instr *add = mir_instr_create(p, ISA_S_ADD_U32, 2, 2);
    mir_temp so = new_temp(c, mir_rc_s(1)), scc = new_temp(c, mir_rc_s(1));
    add->ops[0] = mir_op_temp(c->wo);
    add->ops[1] = mir_op_const(c->scratch_base * 64u);
    add->defs[0] = mir_op_temp(so);
    add->defs[1] = mir_op_temp(scc);
    add->defs[1].preg = MIR_PREG_SCC;
    add->defs[1].flags = MIR_OPND_FIXED_REG;
    mir_block_insert(p, &p->blocks[0], at, add);
    c->wo = so;
    c->kind[so.id] = c->kind[scc.id] = TK_PINNED;
  }
  return true;
}

/* A new virtual spill slot of `n` dwords for temporary t (placed by
 * place_slots once the file is done). */
static void alloc_slot(spill_ctx *c, uint32_t t, unsigned n) {
  if (c->nvslots == c->cap_vslots) {
    uint32_t cap = c->cap_vslots ? c->cap_vslots * 2 : 64;
    c->vslot_size = arena_grow(c->p->mem, c->vslot_size, c->nvslots, cap, sizeof *c->vslot_size);
    c->cap_vslots = cap;
  }
  c->vslot_size[c->nvslots] = (uint8_t)n;
  c->slot[t] = c->nvslots++;
}

/* p_spill value, virtual slot s: SGPR -> {value, s, lane VGPR (undef until
 * placed)}; VGPR -> {value, s, V#, offset}. place_slots turns s into a lane
 * or a byte offset. */
static mir_instr *make_spill_to(spill_ctx *c, mir_temp v, uint32_t s) {
  mir_instr *ins = mir_instr_create(c->p, MIR_P_SPILL, c->vgpr ? 4 : 3, 0);
  ins->ops[0] = mir_op_temp(v);
  ins->ops[1] = mir_op_const(s);
  if (c->vgpr) {
    ins->ops[2] = mir_op_temp(c->psb);
    ins->ops[3] = mir_op_temp(c->wo);
  } else {
    ins->ops[2] = (mir_operand){.kind = MIR_OPND_UNDEF, .preg = MIR_PREG_NONE};
    ins->ops[2].temp.rc = (mir_rc)(mir_rc_v(1) | MIR_RC_LINEAR);
  }
  return ins;
}

static mir_instr *make_spill(spill_ctx *c, mir_temp v) { return make_spill_to(c, v, c->slot[v.id]); }

/* p_reload of spilled value t into a new temporary *out. */
static mir_instr *make_reload(spill_ctx *c, uint32_t t, mir_temp *out) {
  uint32_t s = c->slot[t];
  *out = new_temp(c, c->p->temp_rc[t]);
  c->slot[out->id] = s;
  mir_instr *ins = mir_instr_create(c->p, MIR_P_RELOAD, c->vgpr ? 3 : 2, 1);
  ins->defs[0] = mir_op_temp(*out);
  ins->ops[0] = mir_op_const(s);
  if (c->vgpr) {
    ins->ops[1] = mir_op_temp(c->psb);
    ins->ops[2] = mir_op_temp(c->wo);
  } else {
    ins->ops[1] = (mir_operand){.kind = MIR_OPND_UNDEF, .preg = MIR_PREG_NONE};
    ins->ops[1].temp.rc = (mir_rc)(mir_rc_v(1) | MIR_RC_LINEAR);
  }
  return ins;
}

/* Gives the file's virtual slots their places (mir_color_spill_slots:
 * slots whose contents are never live at once share) and rewrites the
 * spill code: SGPR slots become lanes of linear VGPRs defined after
 * p_startpgm, VGPR slots byte offsets above the allocas. */
static int place_slots(spill_ctx *c) {
  mir_program *p = c->p;
  if (!c->nvslots) return 0;
  if (!c->vgpr && c->sgpr_scratch) return spill_place_sgpr_scratch(c);
  uint32_t extent = 0;
  uint32_t *pos = mir_color_spill_slots(p, c->vgpr, c->vslot_size, c->nvslots, p->mem, &extent);
  if (c->vgpr) {
    if (c->vbase + 4u * extent > 4096) {
      diag_error(c->d, p->name, "unsupported: %u bytes of spill slots per lane (MUBUF offsets reach 4096)", c->vbase + 4u * extent);
      return -1;
    }
    uint32_t end = c->scratch_base + c->vbase + 4u * extent;
    if (end > p->abi.private_segment_size) p->abi.private_segment_size = (end + 15) & ~15u;
  } else {
    unsigned n = (extent + 63) / 64;
    if (n > MAX_LANE_VGPRS) {
      diag_error(c->d, p->name, "unsupported: %u SGPR dwords to spill at once (VGPR lanes hold %u)", extent, MAX_LANE_VGPRS * 64);
      return -1;
    }
    for (c->num_lanes = 0; c->num_lanes < n; c->num_lanes++) {
      mir_temp lv = new_temp(c, (mir_rc)(mir_rc_v(1) | MIR_RC_LINEAR));
      c->kind[lv.id] = TK_PINNED;
      mir_instr *ins = mir_instr_create(p, MIR_P_START_LINEAR_VGPR, 0, 1);
      ins->defs[0] = mir_op_temp(lv);
      mir_block_insert(p, &p->blocks[0], after_startpgm(p), ins);
      c->lanes[c->num_lanes] = lv;
    }
  }
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      mir_instr *ins = p->blocks[bi].instrs[i];
      if (ins->opcode != MIR_P_SPILL && ins->opcode != MIR_P_RELOAD) continue;
      mir_operand *val = ins->opcode == MIR_P_SPILL ? &ins->ops[0] : &ins->defs[0];
      mir_operand *rest = ins->opcode == MIR_P_SPILL ? &ins->ops[1] : &ins->ops[0];
      if (mir_rc_is_vgpr(val->temp.rc) != c->vgpr || (!c->vgpr && rest[1].kind == MIR_OPND_TEMP)) continue;
      uint32_t at = pos[rest[0].imm];
      if (c->vgpr) {
        rest[0].imm = c->vbase + 4u * (at + (uint32_t)ins->offset); /* partial reloads: the first dword read */
        ins->offset = 0;
      } else {
        rest[0].imm = at % 64;
        rest[1] = mir_op_temp(c->lanes[at / 64]);
      }
    }
  spill_drop_round_trips(c);
  /* Virtual slot numbers start again for the next file or round. */
  for (uint32_t t = 0; t < c->cap; t++) c->slot[t] = UINT32_MAX;
  c->nvslots = 0;
  return 0;
}

/* ---- choosing what to spill ------------------------------------------- */

/* Index after the phis, p_startpgm, and the spill lanes, scratch offset
 * and stores of kernel inputs behind it: where further stores of values
 * defined at block entry (kernel inputs) go. */
static uint32_t head_end(const spill_ctx *c, const mir_block *b) {
  uint32_t i = 0;
  while (i < b->num_instrs && mir_is_phi(b->instrs[i])) i++;
  if (i < b->num_instrs && b->instrs[i]->opcode == MIR_P_STARTPGM) {
    i++;
    while (i < b->num_instrs && (b->instrs[i]->opcode == MIR_P_SPILL ||
                                 (b->instrs[i]->num_defs && b->instrs[i]->defs[0].kind == MIR_OPND_TEMP &&
                                  c->kind[b->instrs[i]->defs[0].temp.id] == TK_PINNED)))
      i++;
  }
  /* scratch inputs isel defined after p_startpgm (calls: the copies out of
   * the calling convention's registers, isel_calls.c) come first */
  if (b == &c->p->blocks[0] && c->wo.id)
    for (uint32_t j = i; j < b->num_instrs; j++)
      for (unsigned k = 0; k < b->instrs[j]->num_defs; k++)
        if (b->instrs[j]->defs[k].kind == MIR_OPND_TEMP && b->instrs[j]->defs[k].temp.id == c->wo.id) i = j + 1;
  return i;
}

/* Registers of the file the instruction itself reads and writes. */
static unsigned own_need(const spill_ctx *c, const mir_instr *ins) {
  unsigned n = 0;
  for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind != MIR_OPND_TEMP || !in_file(c, o->temp.id) || c->kind[o->temp.id] == TK_PINNED) continue;
    bool seen = false;
    for (unsigned j = 0; j < k && !seen; j++) seen = ins->ops[j].kind == MIR_OPND_TEMP && ins->ops[j].temp.id == o->temp.id;
    if (!seen) n += tsize(c, o->temp.id);
  }
  return n;
}

static void report_point(spill_ctx *c, uint32_t bi, const mir_instr *ins, unsigned dem) {
  char buf[256] = "";
  FILE *f = fmemopen(buf, sizeof buf - 1, "w");
  if (f) {
    mir_instr *shown = clone(c->p, ins); /* without liveness's kill flags */
    for (unsigned k = 0; k < (unsigned)shown->num_ops + shown->num_defs; k++) shown->ops[k].flags &= (uint8_t)~MIR_OPND_KILL;
    mir_print_instr(f, shown);
    fclose(f);
  }
  diag_error(c->d, c->p->name,
             "register budget too small: %u %s cannot hold the operands and results live at `%s` in BB%u (needs %u)",
             c->target, c->vgpr ? "VGPRs" : "SGPRs", buf, bi, dem);
  c->p->budget_failed = true;
}

/* The slack of a block: registers kept free where the allocator may need
 * a contiguous range, i.e. in blocks that define a tuple of the file, as
 * many as the widest tuple defined there needs (at most the file's
 * slack); none elsewhere (single registers never need one). */
static unsigned block_slack(const spill_ctx *c, const mir_block *b) {
  unsigned widest = 1;
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    const mir_instr *ins = b->instrs[i];
    for (unsigned k = 0; k < ins->num_defs; k++)
      if (ins->defs[k].kind == MIR_OPND_TEMP && in_file(c, ins->defs[k].temp.id) && tsize(c, ins->defs[k].temp.id) > widest)
        widest = tsize(c, ins->defs[k].temp.id);
  }
  if (widest == 1) return 0;
  /* (SGPR tuples are aligned: one more, as in file_slack) */
  unsigned s = c->vgpr ? (widest > 2 ? c->slack : widest) : widest > 4 ? 4 : widest;
  return s < c->slack ? s : c->slack;
}


/* Walks every block backwards and marks values to spill (c->chosen) where
 * demand exceeds the target. *n gets how many were chosen. Error: a point
 * no choice can relieve. */
static int choose(spill_ctx *c, unsigned *n) {
  mir_program *p = c->p;
  const mir_live_info *li = p->live;
  uint32_t words = li->words;
  uint64_t *live = arena_alloc(p->mem, words * sizeof *live);
  *n = 0;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    uint32_t len = b->num_instrs, head = head_end(c, b);
    unsigned slack = block_slack(c, b);
    bitset_copy(live, li->live_out[bi], words);
    for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1))
      if (in_file(c, t)) c->nu[t] = len + spill_out_dist(c, bi, t);
    for (uint32_t i = len; i-- > 0;) {
      const mir_instr *ins = b->instrs[i];
      mir_reg_demand dm = li->demand[bi][i];
      unsigned dem = c->vgpr ? dm.vgpr : dm.sgpr;
      if (!c->vgpr && c->reserve) {
        /* (where they are not live; a definition is counted already) */
        if (c->psb.id && !bitset_test(live, c->psb.id) && !spill_names(ins, c->psb.id)) dem += 4;
        if (c->wo.id && !bitset_test(live, c->wo.id) && !spill_names(ins, c->wo.id)) dem += 1;
      }
      if (!c->vgpr && c->sgpr_scratch && spill_scc_across(c, ins, live)) dem += 1; /* the SCC keeper of spill_lower.c */
      unsigned goal = c->target - slack;
      if (dem > goal && own_need(c, ins) > goal) goal = c->target;
      if (dem > goal) {
        int excess = (int)dem - (int)goal;
        for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1))
          if (c->chosen[t] && !spill_names(ins, t)) excess -= (int)tsize(c, t);
        while (excess > 0) {
          uint32_t best = 0;
          uint64_t best_key = 0;
          for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1)) {
            if (!in_file(c, t) || c->chosen[t] || c->kind[t] >= TK_DONE || spill_names(ins, t)) continue;
            if (c->kind[t] == TK_KEPT && i < head) continue; /* a kernel input on its way to its store */
            uint64_t dist = c->nu[t] > i ? c->nu[t] - i : 1;
            /* Cheap to bring back: no store (remat, existing slot). */
            uint64_t key = dist * (c->kind[t] == TK_NORMAL ? 2 : 3) * 16 + tsize(c, t);
            if (key > best_key) {
              best_key = key;
              best = t;
            }
          }
          if (!best && excess > (int)slack) {
            report_point(c, bi, ins, dem);
            return -1;
          }
          if (!best) break; /* within the budget, short of the slack */
          c->chosen[best] = 1;
          (*n)++;
          excess -= (int)tsize(c, best);
        }
      }
      /* Step over ins: its definitions end, its operands (next use here) begin. */
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP) bitset_clear(live, ins->defs[k].temp.id);
      if (mir_is_phi(ins)) continue;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (o->kind != MIR_OPND_TEMP) continue;
        bitset_set(live, o->temp.id);
        c->nu[o->temp.id] = i;
      }
    }
  }
  return 0;
}

/* ---- rewriting --------------------------------------------------------- */

typedef struct out_buf {
  mir_instr **v;
  uint32_t n, cap;
} out_buf;

static void out_push(mir_program *p, out_buf *o, mir_instr *ins) {
  if (o->n == o->cap) {
    uint32_t cap = o->cap ? o->cap * 2 : 32;
    o->v = arena_grow(p->mem, o->v, o->n, cap, sizeof *o->v);
    o->cap = cap;
  }
  o->v[o->n++] = ins;
}

/* A register copy of chosen value t for one use: a rematerialised
 * definition or a reload (emitted into `o`). `shared` (block-local reloads
 * of freshly spilled values) is the per-block map, NULL for a per-use copy. */
static mir_temp bring_back(spill_ctx *c, uint32_t t, out_buf *o, uint32_t *shared) {
  mir_temp r;
  if (c->kind[t] == TK_REMAT || c->kind[t] == TK_RELOAD) { /* a copy of the definition: same constant, same slot */
    mir_instr *ins = clone(c->p, c->def[t]);
    r = new_temp(c, c->p->temp_rc[t]);
    ins->defs[0] = mir_op_temp(r);
    c->kind[r.id] = TK_DONE;
    out_push(c->p, o, ins);
    return r;
  }
  bool block_local = shared && (c->kind[t] == TK_DONE || c->kind[t] == TK_KEPT);
  if (block_local && shared[t]) {
    r.id = shared[t];
    r.rc = c->p->temp_rc[t];
    return r;
  }
  if (c->kind[t] == TK_KEPT) { /* spilled in an earlier round: the store names the slot */
    const mir_instr *st = c->store[t];
    mir_instr *ins = mir_instr_create(c->p, MIR_P_RELOAD, st->num_ops - 1u, 1);
    memcpy(ins->ops, st->ops + 1, (st->num_ops - 1u) * sizeof *ins->ops);
    r = new_temp(c, c->p->temp_rc[t]);
    ins->defs[0] = mir_op_temp(r);
    out_push(c->p, o, ins);
  } else {
    out_push(c->p, o, make_reload(c, t, &r));
  }
  if (block_local) { /* one reload per block */
    shared[t] = r.id;
    c->kind[r.id] = TK_RELOAD;
    c->reload_of[r.id] = t;
  } else {
    c->kind[r.id] = TK_DONE;
  }
  return r;
}

/* A p_extract of dwords from a VGPR tuple that waits in its slot (not in
 * a register, no reload of it in this block yet) becomes a reload of just
 * those dwords into the extract's result: one load per dword used instead
 * of a whole-tuple reload per use (the component's dword offset rides in
 * the pseudo's offset field until place_slots folds it into the slot's
 * byte offset). The result becomes a TK_RELOAD value, so choosing it (now
 * or later) brings it back from the same place without a store of its
 * own. Returns
 * the reload, or ins unchanged. */
static mir_instr *partial_reload(spill_ctx *c, mir_instr *ins, const uint32_t *shared, uint32_t epoch, uint32_t *alias,
                                 int32_t *alias_off) {
  if (!c->vgpr || ins->opcode != MIR_P_EXTRACT || ins->ops[0].kind != MIR_OPND_TEMP || ins->ops[1].kind != MIR_OPND_CONST ||
      ins->defs[0].kind != MIR_OPND_TEMP)
    return ins;
  uint32_t t = ins->ops[0].temp.id, d = ins->defs[0].temp.id;
  if (!c->chosen[t] || shared[t] || (c->keep[t] == epoch && c->kind[t] == TK_DONE)) return ins;
  mir_instr *r;
  if (c->kind[t] == TK_RELOAD) {
    r = clone(c->p, c->def[t]);
  } else if (c->kind[t] == TK_KEPT) {
    const mir_instr *st = c->store[t];
    r = mir_instr_create(c->p, MIR_P_RELOAD, st->num_ops - 1u, 1);
    memcpy(r->ops, st->ops + 1, (st->num_ops - 1u) * sizeof *r->ops);
  } else if (c->kind[t] == TK_DONE) {
    mir_temp unused;
    r = make_reload(c, t, &unused);
  } else {
    return ins;
  }
  r->offset += (int32_t)ins->ops[1].imm;
  r->defs[0] = ins->defs[0];
  if (c->kind[d] == TK_KEPT && c->store[d] && c->store[d]->opcode == MIR_P_SPILL) {
    /* Stored in an earlier round: those dwords are in the tuple's slot
     * already, so the store goes and d's reloads read the tuple's slot
     * (rewritten by spill_alias_slots; the tuple's store dominates them). */
    uint32_t old = (uint32_t)c->store[d]->ops[1].imm;
    alias[old] = (uint32_t)r->ops[0].imm;
    alias_off[old] = r->offset;
  }
  /* A result chosen too is dropped by apply and cloned before each use
   * (its virtual slot stays unused). */
  c->kind[d] = TK_RELOAD;
  c->def[d] = r;
  return r;
}

static void replace_ops(mir_instr *ins, uint32_t from, mir_temp to) {
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id == from) {
      ins->ops[k].temp = to;
      ins->ops[k].flags &= (uint8_t)~MIR_OPND_KILL;
    }
}

/* Reloads (or rematerialises) the chosen phi operands flowing out of bi
 * into its successors' phis. */
static void edge_copies(spill_ctx *c, uint32_t bi, out_buf *o) {
  mir_program *p = c->p;
  const mir_block *b = &p->blocks[bi];
  for (int lin = 0; lin < 2; lin++) {
    const mir_idx_list *succs = lin ? &b->linear_succs : &b->logical_succs;
    for (uint32_t k = 0; k < succs->n; k++) {
      mir_block *s = &p->blocks[succs->v[k]];
      const mir_idx_list *preds = lin ? &s->linear_preds : &s->logical_preds;
      uint32_t pi = mir_pred_index(preds, bi);
      for (uint32_t i = 0; i < s->num_instrs && mir_is_phi(s->instrs[i]); i++) {
        mir_instr *phi = s->instrs[i];
        if ((phi->opcode == MIR_P_LINEAR_PHI) != (lin == 1) || pi >= phi->num_ops) continue;
        mir_operand *op = &phi->ops[pi];
        uint32_t pd = phi->defs[0].temp.id;
        if (c->chosen[pd]) { /* memory phi: this edge's value goes to the phi's slot */
          mir_temp v;
          if (op->kind == MIR_OPND_UNDEF) continue;
          if (op->kind == MIR_OPND_TEMP && c->slot[op->temp.id] == c->slot[pd]) continue; /* already there */
          if (op->kind == MIR_OPND_TEMP && c->chosen[op->temp.id]) {
            v = bring_back(c, op->temp.id, o, NULL);
          } else if (op->kind == MIR_OPND_TEMP) {
            v = op->temp;
          } else { /* a constant: materialise it */
            v = new_temp(c, c->p->temp_rc[pd]);
            unsigned n = mir_rc_size(v.rc);
            mir_instr *mv = mir_instr_create(p, mir_rc_is_vgpr(v.rc) ? ISA_V_MOV_B32 : n == 2 ? ISA_S_MOV_B64 : ISA_S_MOV_B32, 1, 1);
            mv->ops[0] = *op;
            mv->defs[0] = mir_op_temp(v);
            c->kind[v.id] = TK_DONE;
            out_push(p, o, mv);
          }
          out_push(p, o, make_spill_to(c, v, c->slot[pd]));
          continue;
        }
        if (op->kind != MIR_OPND_TEMP || !c->chosen[op->temp.id]) continue;
        op->temp = bring_back(c, op->temp.id, o, NULL);
        op->flags &= (uint8_t)~MIR_OPND_KILL;
      }
    }
  }
}

/* Rewrites every block for the chosen values: stores after definitions,
 * reloads / rematerialisations before uses, chosen reloads and
 * rematerialisable definitions dropped. */
static int apply(spill_ctx *c) {
  mir_program *p = c->p;
  for (uint32_t t = 1; t < p->num_temps; t++)
    if (c->chosen[t] && c->kind[t] == TK_NORMAL) {
      alloc_slot(c, t, tsize(c, t));
      c->kind[t] = TK_DONE; /* stored once; its uses reload */
    }
  uint32_t *shared = arena_alloc(p->mem, c->cap * sizeof *shared);
  memset(shared, 0, c->cap * sizeof *shared);
  uint32_t epoch = 0, *alias = arena_alloc(p->mem, (c->nvslots + 1) * sizeof *alias);
  int32_t *alias_off = arena_alloc(p->mem, (c->nvslots + 1) * sizeof *alias_off);
  bool aliased = false;
  for (uint32_t s = 0; s < c->nvslots; s++) alias[s] = UINT32_MAX;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint32_t len = b->num_instrs, head = head_end(c, b), term = len;
    unsigned slack = block_slack(c, b);
    while (term > 0 && mir_is_terminator(b->instrs[term - 1])) term--;
    if (term < head) term = head;
    out_buf o = {0}, pending = {0};
    uint32_t *touched = NULL, ntouched = 0;
    /* A value stored in this block is still read from its register until
     * the first point where demand exceeds the goal (the epoch changes
     * there, and with every block). */
    epoch++;
    const mir_reg_demand *dem = p->live->demand[bi];
    for (uint32_t i = 0; i <= len; i++) {
      if (i == head)
        for (uint32_t k = 0; k < pending.n; k++) out_push(p, &o, pending.v[k]);
      if (i == term) edge_copies(c, bi, &o);
      if (i == len) break;
      mir_instr *ins = partial_reload(c, b->instrs[i], shared, epoch, alias, alias_off);
      aliased |= ins != b->instrs[i] && ins->opcode == MIR_P_RELOAD;
      if (!mir_is_phi(ins))
        for (unsigned k = 0; k < ins->num_ops; k++) {
          const mir_operand *op = &ins->ops[k];
          if (op->kind != MIR_OPND_TEMP || !c->chosen[op->temp.id]) continue;
          uint32_t t = op->temp.id;
          if (ins == c->store[t]) continue; /* its own store */
          if (c->keep[t] == epoch && c->kind[t] == TK_DONE) continue;
          bool had = shared[t] != 0;
          replace_ops(ins, t, bring_back(c, t, &o, shared));
          if (!had && shared[t]) {
            touched = arena_grow(p->mem, touched, ntouched, ntouched + 1, sizeof *touched);
            touched[ntouched++] = t;
          }
        }
      bool drop = ins->num_defs == 1 && ins->defs[0].kind == MIR_OPND_TEMP && c->chosen[ins->defs[0].temp.id] &&
                  (c->kind[ins->defs[0].temp.id] == TK_REMAT || c->kind[ins->defs[0].temp.id] == TK_RELOAD);
      if (drop) continue;
      out_push(p, &o, ins);
      for (unsigned k = 0; k < ins->num_defs; k++) {
        const mir_operand *d = &ins->defs[k];
        if (d->kind != MIR_OPND_TEMP || !c->chosen[d->temp.id] || c->slot[d->temp.id] == UINT32_MAX) continue;
        if (c->kind[d->temp.id] != TK_DONE || mir_is_phi(ins)) continue; /* phis: stored on the edges */
        mir_instr *st = make_spill(c, d->temp);
        c->store[d->temp.id] = st;
        if (i >= head) c->keep[d->temp.id] = epoch;
        out_push(p, i < head ? &pending : &o, st);
      }
      unsigned dm = c->vgpr ? dem[i].vgpr : dem[i].sgpr;
      if (dm > c->target - slack) epoch++;
    }
    for (uint32_t k = 0; k < ntouched; k++) shared[touched[k]] = 0;
    b->instrs = o.v;
    b->num_instrs = o.n;
    b->cap_instrs = o.cap;
  }
  if (aliased) spill_alias_slots(c, alias, alias_off);
  /* Memory phis were kept until every edge had stored its value. */
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint32_t n = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      if (mir_is_phi(ins) && ins->defs[0].kind == MIR_OPND_TEMP && c->chosen[ins->defs[0].temp.id]) continue;
      b->instrs[n++] = ins;
    }
    b->num_instrs = n;
  }
  for (uint32_t t = 1; t < c->cap; t++)
    if (c->chosen[t]) {
      if (c->kind[t] == TK_RELOAD || c->kind[t] == TK_REMAT) c->kind[t] = TK_DONE;
      else if (c->kind[t] == TK_DONE && c->store[t]) c->kind[t] = TK_KEPT;
      c->keep[t] = 0;
      c->chosen[t] = 0;
    }
  return 0;
}

/* ---- driver -------------------------------------------------------------- */

/* Definitions of this round and which values rematerialise. */
static void scan_defs(spill_ctx *c) {
  mir_program *p = c->p;
  grow(c);
  memset(c->def, 0, c->cap * sizeof *c->def);
  uint8_t *special = mir_special_temps(p, p->mem);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++) {
        const mir_operand *o = &ins->defs[k];
        if (o->kind != MIR_OPND_TEMP) continue;
        uint32_t t = o->temp.id;
        c->def[t] = ins;
        c->def_block[t] = bi;
        c->is_scc[t] = o->preg == MIR_PREG_SCC;
        if (special[t]) c->kind[t] = TK_PINNED;
        else if (c->kind[t] == TK_NORMAL || c->kind[t] == TK_REMAT) c->kind[t] = is_remat(ins) ? TK_REMAT : TK_NORMAL;
      }
    }
}

/* Registers to keep free below the budget where the instructions allow:
 * the allocator needs a contiguous (SGPRs: aligned) range for the widest
 * tuple, and it cannot move values live out of a block to make one. */
static unsigned file_slack(spill_ctx *c, bool vgpr, unsigned target) {
  c->vgpr = vgpr;
  unsigned widest = 1;
  for (uint32_t t = 1; t < c->p->num_temps; t++)
    if (in_file(c, t) && mir_rc_size(c->p->temp_rc[t]) > widest) widest = mir_rc_size(c->p->temp_rc[t]);
  /* SGPR tuples are also aligned (pairs even, 4+ dwords to 4): one more. */
  unsigned slack = widest > 4 ? 3 : widest - 1;
  if (!vgpr) slack = widest > 4 ? 4 : widest;
  return slack < target ? slack : 0;
}

/* Spills values of one register file until its demand is at most target;
 * with `place`, gives the virtual slots their places at the end (SGPR
 * slots wait until every SGPR round is done: a later round may split a
 * reload, which lengthens its slot's life and would invalidate places
 * chosen earlier). */
static int lower_file(spill_ctx *c, bool vgpr, unsigned target, unsigned slack, bool place) {
  c->vgpr = vgpr;
  c->target = target;
  c->slack = slack;
  for (unsigned round = 0; round < 200; round++) {
    mir_liveness(c->p, c->d);
    scan_defs(c);
    spill_loop_depths(c);
    spill_next_use(c);
    unsigned n = 0;
    if (choose(c, &n)) return -1;
    if (!n) return place ? place_slots(c) : 0;
    if (apply(c)) return -1;
  }
  diag_error(c->d, c->p->name, "internal: spilling %s did not converge", vgpr ? "VGPRs" : "SGPRs");
  return -1;
}

int mir_spill(mir_program *p, diag *d) {
  if (p->regs_assigned) return 0;
  if (!p->live) mir_liveness(p, d); /* the liveness pass just ran (registry: keeps_liveness) */
  unsigned bs = mir_sgpr_budget(p), bv = mir_vgpr_budget(p);
  /* The calling convention's SGPR region holds only fixed temporaries: the
   * rest must fit beside it. The V# (and a function's
   * stack pointer) live there throughout and are counted in the demand
   * already. (The VGPRs a call clobbers are its definitions: counted.) */
  unsigned held = p->is_function ? 5u : (p->abi.call_wo_sgpr ? 5u : 4u); /* V#, SP or wave offset */
  unsigned rs = p->has_calls ? p->abi.call_sgprs - held : 0;
  if (p->has_calls && bs <= rs + 1) {
    diag_error(d, p->name, "register budget too small for calls (%u SGPRs; calls keep s0..s%u)", bs,
               p->abi.call_sgprs - 1);
    return 1;
  }
  bs -= rs;
  mir_reg_demand max = p->live->max;
  p->maxlive_sgpr = max.sgpr;
  p->maxlive_vgpr = max.vgpr;
  spill_ctx *c = arena_alloc(p->mem, sizeof *c);
  memset(c, 0, sizeof *c);
  c->p = p;
  c->d = d;
  grow(c);
  unsigned ss = file_slack(c, false, bs), sv = file_slack(c, true, bv);
  if (max.sgpr + ss <= bs && max.vgpr + sv <= bv) return 0;
  /* VGPR spills need the scratch V# and offset (5 SGPRs, reserved before
   * SGPRs are lowered); SGPR spills need at least one VGPR of lanes, else
   * (or when forced) they go to scratch too, through a whole-wave-saved
   * temporary VGPR (seed D96336). */
  c->sgpr_scratch = p->abi.sgpr_spill_scratch;
  bool scratch = c->sgpr_scratch || max.vgpr + sv + (max.sgpr + ss > bs ? 1u : 0u) > bv;
  for (;;) {
    if (scratch && !ensure_scratch_inputs(c)) {
      diag_error(d, p->name, "unsupported: VGPR spilling without a p_startpgm (kernel inputs unknown)");
      return 1;
    }
    c->reserve = scratch ? 5 : 0;
    if (lower_file(c, false, bs, ss, false)) return 1;
    mir_liveness(p, d);
    uint32_t extent = 0;
    if (c->nvslots) mir_color_spill_slots(p, false, c->vslot_size, c->nvslots, p->mem, &extent);
    unsigned lanes = c->sgpr_scratch ? 0 : (extent + 63) / 64;
    if (p->live->max.vgpr + lanes + sv > bv && !scratch) {
      scratch = true;
      continue;
    }
    if (lanes && spill_lanes_conflict(c, lanes, bv)) { /* no VGPR free for lanes at some instruction */
      c->sgpr_scratch = scratch = true;
      continue;
    }
    break;
  }
  c->vgpr = false;
  if (place_slots(c)) return 1;
  mir_liveness(p, d);
  if (p->live->max.vgpr + sv > bv && lower_file(c, true, bv, sv, true)) return 1;
  mir_liveness(p, d);
  return 0;
}
