/* Spilling: lowers the register demand of each register file to the
 * kernel's budget before register assignment (ACO's order: liveness ->
 * spilling -> register allocation).
 *
 * Algorithm (Braun & Hack, "Register Spilling and Live-Range Splitting for
 * SSA-Form Programs", CC 2009, simplified to spill-everywhere with
 * block-local reloads), one register file at a time, SGPRs first:
 *   0. first, in blocks over a budget, expression trees move to just
 *      before their uses where that lowers the block's peak demand, and
 *      kernel-argument loads move from the entry block to the one block
 *      that reads them (a loop's preheader) where that lowers the SGPR
 *      peak (spill_sink.c): no memory at all;
 *   1. exact SSA liveness (mir_liveness) gives the demand at every
 *      instruction; next-use distances at block ends come from a backward
 *      dataflow (distance in instructions; leaving a loop adds a large
 *      constant, as in the paper, so values used in the loop stay);
 *   2. a backward walk over each block finds the points whose demand
 *      exceeds the budget; at each, the values live across the point (not
 *      read or written by its instruction) with the furthest next use are
 *      chosen until the demand fits;
 *   3. every chosen value is rematerialised (a move of a constant, a
 *      plain ALU operation whose register operands are live at its uses,
 *      or an LDS load nothing can have changed by then, also one element
 *      of a ds_read2_b32: re-emitted before each use, or once per block
 *      for a load, no scratch store; spill_remat.c), or stored
 *      once right after
 *      its definition and reloaded once per block that reads it, before the
 *      first read after the block's first over-budget point (earlier reads
 *      still use the register); phi operands are reloaded at the end of the
 *      predecessor, where SSA elimination places the phi copies; a chosen
 *      phi becomes a memory phi (each edge stores its value into the phi's
 *      slot, the phi disappears; an edge first reloads the slots its
 *      stores overwrite that other phis still read: h' = g of a rotation). A reload that still spans an over-budget
 *      point is split into one reload per use in the next round. Rounds
 *      repeat until every point fits; a point whose own operands and
 *      definitions exceed the budget is a user error naming the
 *      instruction. After the allocator once found a file too
 *      fragmented for a tuple (pipeline.c retries: abi.tuple_slack),
 *      where an instruction allows, in blocks that define a register
 *      tuple, a few registers of slack stay free (room for the widest
 *      tuple: the allocator moves values live out of a block to
 *      defragment the file only at a cost, and VGPRs not where a phi
 *      would join names, regalloc_global.c); blocks without one (loops of scalar
 *      arithmetic, often) use the whole budget. A value defined before a
 *      loop and read in it, where the loop's demand fits the budget, is
 *      reloaded once at the end of the loop's preheader instead of in the
 *      loop's blocks (spill_apply.c plan_hoists).
 *   4. spill slots are virtual until a file is done; then (VGPRs) a
 *      reload of a value that an earlier instruction of its block left in
 *      a register reads that register where keeping it live fits the
 *      budget throughout, shortest gaps first (spill_reuse.c: most of
 *      what MIN would have kept); then a slot reloaded in a loop and
 *      never stored there is reloaded once at the end of the loop's
 *      preheader where the final demand leaves room (spill_loops.c:
 *      Braun & Hack's loop-entry set, after the rounds; spill_reuse.c
 *      again after it); the slots are coloured
 *      (spill_slots.c: slots never live at once share a place), and the
 *      placed code cleaned up (spill_cleanup.c: stores back to where a
 *      value was just reloaded from, reloads right after a store of the
 *      same place, dead reloads and unread stores).
 * A p_extract of a spilled VGPR tuple reloads just the dwords it takes
 * (partial_reload). Loops are found here (spill_loop_depths).
 *
 * Where values go (DESIGN.md seeds D96336, D99507):
 *   - SGPRs: lanes of linear VGPRs (p_start_linear_vgpr in the entry block,
 *     live in the linear CFG, never coalesced or moved), written with
 *     v_writelane_b32 and read with v_readlane_b32 of a fixed lane. Both
 *     ignore EXEC, so an SGPR reload (a saved EXEC mask included) is right
 *     in a block entered with EXEC = 0.
 *   - SGPRs when a VGPR of lanes would not fit beside some instruction's
 *     own VGPRs (lanes_conflict), when it would push loops over the VGPR
 *     budget while no SGPR spill code runs in a loop (lanes_spill_in_loops),
 *     or when forced (abi.sgpr_spill_scratch,
 *     --spill-sgprs-to-scratch): scratch, one per-lane dword per slot,
 *     through a temporary VGPR whose 64 lanes are saved and restored
 *     around each access (D96336; sequences in spill_lower.c, all
 *     EXEC-independent). Where SCC is live across such a pseudo the
 *     spiller leaves one more SGPR free, in which the lowering keeps SCC
 *     when no SGPR pair is free for EXEC.
 *   - VGPRs: the lane's scratch (MUBUF, "off" address, the private segment
 *     buffer V# and the wave's scratch offset as soffset, the same private
 *     path as allocas), above the allocas. Slots past the immediate's
 *     reach (4095 bytes) are addressed from window base SGPRs defined once
 *     in the entry block (spill_place.c place_windows). A VGPR store right after the
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
 * Not done yet: full live-range splitting at loop boundaries (a value
 * defined in a loop is stored where it is defined, every iteration; a
 * value reloaded in a loop that has no room for it even after step 4 is
 * reloaded in every block of the loop that reads it) and Braun & Hack's block-local MIN
 * eviction as the choice itself (a value is chosen for the whole block,
 * and a reload spanning an over-budget point is split per use; step 4
 * then keeps in registers what fits, VGPRs only).
 */
#include <assert.h>
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "target/target.h"
#include "util/bitset.h"

/* ---- driver -------------------------------------------------------------- */

/* Is `d` a definition fixed in the calling convention's SGPR region of a
 * program whose other values may not use the region (a calling kernel's
 * compact layout, abi.call_wo_sgpr: its V# and soffset 0)? mir_spill
 * counts these as held in the region; spilled, they would free only
 * registers nothing else may take, while their reloads need registers
 * above it (f_call_control.cl at 14-16 VGPRs, 25 SGPRs: "no free 2-dword
 * SGPR range (demand 10 SGPRs, has 16)"). */
static bool in_call_region(const mir_program *p, const mir_operand *d) {
  return p->has_calls && p->abi.call_wo_sgpr && d->preg != MIR_PREG_NONE && d->preg < p->abi.call_sgprs;
}

/* Definitions of this round and which values rematerialise. */
static void scan_defs(spill_ctx *c) {
  mir_program *p = c->p;
  spill_grow(c);
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
        if (special[t] || in_call_region(p, o)) c->kind[t] = TK_PINNED;
        else if (c->kind[t] == TK_NORMAL || c->kind[t] == TK_REMAT) c->kind[t] = spill_is_remat(ins) ? TK_REMAT : TK_NORMAL;
      }
    }
  spill_remat_from_live(c);
}

/* Registers to keep free below the budget where the instructions allow:
 * the allocator needs a contiguous (SGPRs: aligned) range for the widest
 * tuple, and it moves values live out of a block to make one only at a
 * cost (renames, phis; VGPRs only where no phi is needed). Only
 * in a file where an allocation without it failed already
 * (abi.tuple_slack, pipeline.c's fragmentation retry): mostly the
 * allocator finds a range anyway, and at a budget of 8 VGPRs two or three
 * registers kept free cost far more spill code than a second compile. */
static unsigned file_slack(spill_ctx *c, bool vgpr, unsigned target) {
  c->vgpr = vgpr;
  if (!(c->p->abi.tuple_slack & (vgpr ? 2u : 1u))) return 0;
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
    if (spill_choose(c, &n)) return -1;
    if (!n) return place ? spill_place_slots(c) : 0;
    if (spill_apply(c)) return -1;
  }
  diag_error(c->d, c->p->name, "internal: spilling %s did not converge", vgpr ? "VGPRs" : "SGPRs");
  return -1;
}

/* Would `lanes` VGPRs of SGPR spill lanes push the VGPR demand over the
 * goal inside loops, at points where it fits without them, at more such
 * points than there are SGPR spills and reloads, none of which runs in a
 * loop? Then the SGPRs go to scratch instead (whole-wave sequences
 * outside loops, several instructions each) and the loops keep their
 * VGPRs (app_mandelbrot: otherwise a VGPR is reloaded in every
 * iteration). A heuristic: it costs aes.cl 10 % more executed spill
 * code, where the loop needs VGPR reloads anyway. Needs liveness. */
static bool lanes_spill_in_loops(spill_ctx *c, unsigned lanes, unsigned goal) {
  mir_program *p = c->p;
  spill_loop_depths(c);
  unsigned pushed = 0, sgpr_code = 0;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      if ((ins->opcode == MIR_P_SPILL && !mir_rc_is_vgpr(ins->ops[0].temp.rc)) ||
          (ins->opcode == MIR_P_RELOAD && !mir_rc_is_vgpr(ins->defs[0].temp.rc))) {
        if (c->loops.depth[b]) return false;
        sgpr_code++;
      }
      unsigned v = p->live->demand[b][i].vgpr;
      if (c->loops.depth[b] && v <= goal && v + lanes > goal) pushed++;
    }
  }
  return pushed > sgpr_code;
}

int mir_spill(mir_program *p, diag *d) {
  if (p->regs_assigned) return 0;
  if (!p->live) mir_liveness(p, d); /* the liveness pass just ran (registry: keeps_liveness) */
  unsigned bs = mir_sgpr_budget(p), bv = mir_vgpr_budget(p);
  /* The calling convention's SGPR region holds only fixed temporaries: the
   * rest must fit beside it. The V# (and a function's
   * stack pointer) live there throughout and are counted in the demand
   * already. (The VGPRs a call clobbers are its definitions: counted.)
   * Flat scratch (gfx942, gfx11) passes no V#: counting 4 registers for it
   * left the spiller 4 SGPRs more than the allocator had (f_call_args.cl
   * at gfx1100 8/24: "no free 2-dword SGPR range"). */
  unsigned held = (wavecc_scratch_flat(p->target) ? 0u : 4u) + (p->is_function || p->abi.call_wo_sgpr ? 1u : 0u);
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
  unsigned ss = file_slack(c, false, bs), sv = file_slack(c, true, bv);
  if (max.sgpr + ss <= bs && max.vgpr + sv <= bv) return 0;
  spill_grow(c); /* per-temporary arrays only when something must move */
  { /* first the reordering that needs no memory (spill_sink.c) */
    spill_sink_trees(c, bv - sv, bs - ss);
    mir_liveness(p, d);
    max = p->live->max;
    if (max.sgpr + ss <= bs && max.vgpr + sv <= bv) return 0;
    if (max.sgpr + ss + 5 > bs) { /* (5: the scratch V# and offset VGPR spills need) */
      spill_loop_depths(c);
      spill_sink_const_loads(c);
      mir_liveness(p, d);
      max = p->live->max;
      if (max.sgpr + ss <= bs && max.vgpr + sv <= bv) return 0;
    }
  }
  /* VGPR spills need the scratch V# and offset (5 SGPRs, reserved before
   * SGPRs are lowered); SGPR spills need at least one VGPR of lanes, else
   * (or when forced) they go to scratch too, through a whole-wave-saved
   * temporary VGPR (seed D96336). */
  c->sgpr_scratch = p->abi.sgpr_spill_scratch;
  bool scratch = c->sgpr_scratch || max.vgpr + sv + (max.sgpr + ss > bs ? 1u : 0u) > bv;
  for (;;) {
    const bool flat = wavecc_scratch_flat(p->target);
    if (scratch && !spill_ensure_scratch_inputs(c)) {
      diag_error(d, p->name, "unsupported: VGPR spilling without a p_startpgm (kernel inputs unknown)");
      return 1;
    }
    c->reserve = !scratch ? 0 : !flat ? 5 : p->is_function ? 1 : 0; /* flat scratch: no V#; a function's base */
    if (lower_file(c, false, bs, ss, false)) return 1;
    mir_liveness(p, d);
    uint32_t extent = 0;
    if (c->nvslots) mir_color_spill_slots(p, false, c->vslot_size, c->nvslots, p->mem, &extent);
    const unsigned w = p->target->wave_size; /* SGPR dwords one lane VGPR holds */
    unsigned lanes = c->sgpr_scratch ? 0 : (extent + w - 1) / w;
    if (p->live->max.vgpr + lanes + sv > bv && !scratch) {
      scratch = true;
      continue;
    }
    if (lanes && spill_lanes_conflict(c, lanes, bv)) { /* no VGPR free for lanes at some instruction */
      c->sgpr_scratch = scratch = true;
      continue;
    }
    if (lanes && !c->sgpr_scratch && lanes_spill_in_loops(c, lanes, bv - sv)) {
      c->sgpr_scratch = scratch = true;
      continue;
    }
    break;
  }
  c->vgpr = false;
  if (spill_place_slots(c)) return 1;
  mir_liveness(p, d);
  if (p->live->max.vgpr + sv > bv && lower_file(c, true, bv, sv, true)) return 1;
  mir_liveness(p, d);
  if (c->num_windows && p->live->max.sgpr > bs) {
    /* Not foreseen: the SGPR file was lowered first. The pipeline's
     * shrinking retry (pipeline.c shrink_step: slack, then 1, 2, 4 SGPRs
     * off the budget) compiles again with room for them. */
    p->budget_failed = true;
    p->fragmented = 1;
    diag_error(d, p->name, "unsupported: spill slots past %u bytes per lane need %u base SGPR(s); the SGPR budget "
               "(%u) has no room", wavecc_scratch_offset_max(p->target) + 1, c->num_windows, bs);
    return 1;
  }
  return 0;
}
