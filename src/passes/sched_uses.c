/* Load-use distance: a pre-register-allocation scheduler that moves the
 * work a block does not need the loaded values for above the first
 * instruction that reads one.
 *
 * Why: sched-loads moves the loads of a block up together, but the
 * instruction that reads the first loaded value still follows the loads at
 * once, and the waitcnt pass waits for the load right there: the counter
 * and pointer increments of a loop, written after the value's use, then
 * issue after the wait instead of during it. llc-19's machine scheduler
 * issues them between the load and its wait (gemv_row's loop:
 * global_load, s_load, the increments, s_cmp, s_waitcnt, v_fma_f32), so
 * their issue cycles hide in the load's latency (the cycle model of
 * src/emu/cycle_model.c, and the hardware's in-order issue per wave).
 *
 * A wait the program itself has (a fence's or a barrier's s_waitcnt,
 * llvm.amdgcn.s.waitcnt, a release's wait) is a reader U too: it may
 * stall for stores and loads of earlier blocks, and the work after it,
 * past the s_barrier and other waits beside it, that touches no memory is
 * not ordered by it (bitonic_local, scan_blelloch: the next phase's
 * addresses and the if's v_cmp issue during the previous ds_write's wait,
 * as llc-19 places them).
 * What, per block, for every reader U that waits, in order: the first
 * instruction reading a load of the block (VMEM, SMEM or LDS, ISA_F_LOAD
 * with a counter; through the data pseudos that split or copy its value)
 * that no earlier wait covered (a wait covers the loads U reads and the
 * earlier loads of the same in-order counter; an SMEM load's wait is
 * lgkmcnt(0), all LDS and SMEM loads before it). The window is the
 * instructions after U up to the first that stays (the sched-loads rule,
 * may_cross: memory operations, barriers, branches, SOPP, EXEC/M0
 * writes, setreg, non-data pseudos), extended past plain stores (no
 * load, atomic, control, EXEC or M0 access), which stay in their order;
 * past the first such store only work reading an SMEM value (below)
 * moves. When U waits for VMEM loads only, a value of an SMEM load not
 * yet waited for does not keep its reader (or a copy of it) after U if
 * that reader is past a store (before one it stays, as before: moving
 * such copies lengthened live ranges, f_readfirstlane_types):
 * its lgkmcnt(0) ends before U's vmcnt wait (f_dot_intrinsics: the
 * uniform dot products, behind the vector ones' stores, 1.28x llc-19's
 * occupancy cycles at gfx1030; llc-19 issues them between the two
 * waits). An instruction X of the window moves to just before U,
 * keeping the order of the ones that move, when:
 *   - no operand of X is written by U or by an instruction of the window
 *     that stays, nor is a value of a load not yet waited for (X would
 *     wait too) other than the SMEM values above;
 *   - X names no physical register other than SCC, reads and writes no
 *     VCC implicitly, and its SCC use is safe: X writes SCC (SALU
 *     instructions implicitly) only when no SCC value is live across U
 *     and every reader of the SCC it defines moves too;
 *   - no operand of X that is not live through the whole block is read by
 *     a staying instruction after U (a loop increment beside its old
 *     value: a back-edge copy), the SMEM values above excepted (uniform
 *     operands several moved readers share);
 *   - the register demand (mir_liveness) over the instructions X crosses,
 *     plus X's VGPR and SGPR definitions, stays within sched-loads' limit
 *     (the same occupancy, a little below the budget; SGPRs up to the
 *     target's full-occupancy count, mir_full_occupancy_sgprs); demand is
 *     updated as definitions move (an upper bound: freed operands not
 *     credited) and recomputed for the block after each reader's moves.
 * Correct by construction: data dependences (SSA) are kept, as every
 * operand of a moved instruction is defined before U or by an instruction
 * that moved before it; the crossed instructions neither write EXEC nor
 * access memory other than by the stores, which keep their order (a moved
 * instruction touches no memory); the waitcnt pass, after this one, puts
 * the wait for a loaded value before its first reader wherever that is.
 * Cost: O(instructions * (window + readers)) per block, plus one liveness
 * run and a block demand walk per reader that moved work. */
#include <limits.h>
#include <string.h>

#include "passes/passes.h"
#include "passes/ssa_rename.h"
#include "ra/ra.h"
#include "util/bitset.h"

typedef struct su_limits {
  unsigned sgpr, vgpr;
  unsigned lane; /* SGPRs of a lane mask (target lane_mask_dwords) */
} su_limits;

static bool is_load(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  uint32_t f = isa_table[ins->opcode].flags;
  return (f & ISA_F_LOAD) && (f & (ISA_F_VMCNT | ISA_F_LGKMCNT));
}

/* Whether x may be crossed by or be one of the moved instructions (no
 * memory access, no control, no EXEC/M0 write, no MODE access). */
static bool movable_kind(const mir_instr *x) {
  if (x->opcode >= ISA_NUM_OPS) return ssa_vector_pseudo(x->opcode);
  uint32_t f = isa_table[x->opcode].flags;
  if (f & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_BARRIER | ISA_F_BRANCH | ISA_F_TERMINATOR | ISA_F_WRITES_EXEC |
           ISA_F_READS_EXEC_ALWAYS | ISA_F_WRITES_M0 | ISA_F_READS_M0 | ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT))
    return false;
  if (isa_table[x->opcode].format == ISA_FMT_SOPP) return false;
  /* a cache operation (buffer_wbinvl1_vol, buffer_gl0_inv: no counter, no
   * memory flag) orders the accesses around it like a fence */
  if (isa_table[x->opcode].format == ISA_FMT_MUBUF) return false;
  return x->opcode != ISA_S_SETREG_B32 && x->opcode != ISA_S_SETREG_IMM32_B32 && x->opcode != ISA_S_GETREG_B32;
}

/* A store the window may extend past (it stays; the moved work touches no
 * memory, so the order of memory accesses is unchanged): no load,
 * atomic, control, EXEC or M0 access, no result. */
static bool plain_store(const mir_instr *x) {
  if (x->opcode >= ISA_NUM_OPS || x->num_defs) return false;
  uint32_t f = isa_table[x->opcode].flags;
  return (f & ISA_F_STORE) && !(f & (ISA_F_LOAD | ISA_F_ATOMIC | ISA_F_BARRIER | ISA_F_BRANCH | ISA_F_TERMINATOR |
                                     ISA_F_WRITES_EXEC | ISA_F_WRITES_M0 | ISA_F_READS_M0));
}

static bool writes_scc(const mir_instr *x) {
  if (x->opcode < ISA_NUM_OPS && (isa_table[x->opcode].flags & ISA_F_WRITES_SCC)) return true;
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].preg == MIR_PREG_SCC) return true;
  return false;
}

/* An SGPR temporary of `size` dwords among `v`. */
static bool has_sgpr_temp(const mir_operand *v, unsigned n, unsigned size) {
  for (unsigned k = 0; k < n; k++)
    if (v[k].kind == MIR_OPND_TEMP && !mir_rc_is_vgpr(v[k].temp.rc) && mir_rc_size(v[k].temp.rc) == size) return true;
  return false;
}

/* X names only SCC among physical registers and has no implicit VCC. A
 * 64-bit SGPR temporary says the instruction names its lane mask itself
 * (VOP3 carry or mask), so its VCC flag is not an implicit access
 * (sched-pressure's rule); so does a definition of a lane mask's size
 * (`lane` SGPRs): a VALU instruction writes SGPRs only as a lane mask or
 * carry, so wave32's v_cmp_* vop3 into one SGPR moves too (scan_blelloch
 * at gfx1100: the next if's v_cmp above the barrier's wait). An operand
 * of one SGPR may be plain data, so a reader still needs a pair. */
static bool plain_operands(const mir_instr *x, unsigned lane) {
  uint32_t f = x->opcode < ISA_NUM_OPS ? isa_table[x->opcode].flags : 0;
  if ((f & ISA_F_WRITES_VCC) && !has_sgpr_temp(x->defs, x->num_defs, 2) && !has_sgpr_temp(x->defs, x->num_defs, lane))
    return false;
  if ((f & ISA_F_READS_VCC) && !has_sgpr_temp(x->ops, x->num_ops, 2)) return false;
  for (unsigned k = 0; k < (unsigned)x->num_ops + x->num_defs; k++) {
    const mir_operand *o = k < x->num_ops ? &x->ops[k] : &x->defs[k - x->num_ops];
    if (o->kind == MIR_OPND_FIXED) return false;
    if (o->kind == MIR_OPND_TEMP && o->preg != MIR_PREG_NONE && o->preg != MIR_PREG_SCC) return false;
    if (o->kind == MIR_OPND_TEMP && o->preg != MIR_PREG_SCC && (o->flags & (MIR_OPND_FIXED_REG | MIR_OPND_LATE_KILL)))
      return false;
  }
  return true;
}

static bool reads_any(const mir_instr *x, const uint8_t *mark) {
  for (unsigned k = 0; k < x->num_ops; k++)
    if (x->ops[k].kind == MIR_OPND_TEMP && mark[x->ops[k].temp.id]) return true;
  return false;
}

/* pending[t]: PEND_WAIT, a value of a load not waited for before the
 * reader (an instruction reading it stays); PEND_SMEM, a value of an SMEM
 * load the reader does not wait for when the reader waits for VMEM loads
 * only: work reading it may move above the reader, as its own
 * lgkmcnt(0) there ends sooner than the reader's vmcnt wait (the SMEM
 * load issued before the reader; llc-19 issues f_dot_intrinsics' uniform
 * dot products between the s_load's wait and the global_load's). */
enum { PEND_NONE, PEND_WAIT, PEND_SMEM };

static bool reads_smem(const mir_instr *x, const uint8_t *pending) {
  for (unsigned k = 0; k < x->num_ops; k++)
    if (x->ops[k].kind == MIR_OPND_TEMP && pending[x->ops[k].temp.id] == PEND_SMEM) return true;
  return false;
}

static bool reads_pending(const mir_instr *x, const uint8_t *pending) {
  for (unsigned k = 0; k < x->num_ops; k++)
    if (x->ops[k].kind == MIR_OPND_TEMP && pending[x->ops[k].temp.id] == PEND_WAIT) return true;
  return false;
}

static void mark_defs(const mir_instr *x, uint8_t *mark, uint8_t v) {
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind == MIR_OPND_TEMP) mark[x->defs[k].temp.id] = v;
}

/* Is an SCC value x defines read by an instruction at or after `from`
 * that does not move? */
static bool scc_read_by_kept(const mir_block *b, uint32_t from, const mir_instr *x, const uint8_t *moved) {
  for (unsigned d = 0; d < x->num_defs; d++) {
    if (x->defs[d].kind != MIR_OPND_TEMP || x->defs[d].preg != MIR_PREG_SCC) continue;
    for (uint32_t j = from; j < b->num_instrs; j++) {
      const mir_instr *y = b->instrs[j];
      for (unsigned k = 0; k < y->num_ops; k++)
        if (y->ops[k].kind == MIR_OPND_TEMP && y->ops[k].temp.id == x->defs[d].temp.id && !moved[j]) return true;
    }
  }
  return false;
}

/* Is an SCC value defined before position u read at or after it? */
static bool scc_live_across(const mir_block *b, uint32_t u) {
  for (uint32_t i = 0; i < u; i++) {
    const mir_instr *x = b->instrs[i];
    for (unsigned d = 0; d < x->num_defs; d++) {
      if (x->defs[d].kind != MIR_OPND_TEMP || x->defs[d].preg != MIR_PREG_SCC) continue;
      for (uint32_t j = u; j < b->num_instrs; j++)
        for (unsigned k = 0; k < b->instrs[j]->num_ops; k++)
          if (b->instrs[j]->ops[k].kind == MIR_OPND_TEMP && b->instrs[j]->ops[k].temp.id == x->defs[d].temp.id)
            return true;
    }
  }
  return false;
}

static bool reads_temp(const mir_instr *y, uint32_t id) {
  for (unsigned k = 0; k < y->num_ops; k++)
    if (y->ops[k].kind == MIR_OPND_TEMP && y->ops[k].temp.id == id) return true;
  return false;
}

/* Demand check and update over [u, xi) for moving x (instruction xi)
 * before u: its definitions live there too; an operand whose last use
 * is x and that nothing staying in [u, xi) reads is freed there. */
static bool fits(const mir_block *b, const mir_instr *x, mir_reg_demand *dem, uint32_t u, uint32_t xi,
                 const uint8_t *moved, const su_limits *lim) {
  int v = 0, s = 0;
  for (unsigned k = 0; k < (unsigned)x->num_ops + x->num_defs; k++) {
    bool def = k >= x->num_ops;
    const mir_operand *o = def ? &x->defs[k - x->num_ops] : &x->ops[k];
    if (o->kind != MIR_OPND_TEMP || o->preg == MIR_PREG_SCC) continue;
    if (!def) {
      if (!(o->flags & MIR_OPND_KILL)) continue;
      bool read = false;
      for (uint32_t j = u; j < xi && !read; j++) read = !moved[j] && reads_temp(b->instrs[j], o->temp.id);
      if (read) continue;
    }
    int sz = def ? (int)mir_rc_size(o->temp.rc) : -(int)mir_rc_size(o->temp.rc);
    if (mir_rc_is_vgpr(o->temp.rc)) v += sz;
    else s += sz;
  }
  for (uint32_t j = u; j < xi; j++)
    if ((int)dem[j].vgpr + v > (int)lim->vgpr || (int)dem[j].sgpr + s > (int)lim->sgpr) return false;
  for (uint32_t j = u; j < xi; j++) {
    dem[j].vgpr = (uint16_t)((int)dem[j].vgpr + v);
    dem[j].sgpr = (uint16_t)((int)dem[j].sgpr + s);
  }
  return true;
}

/* Is temporary `id` defined in b before index `before` by an instruction
 * other than a phi (a staying definition in the window keeps its readers
 * there anyway: kept)? Such an operand is no loop value beside its
 * increment: moving its reader up makes the result live longer (fits()
 * counts it), not the operand, and no phi then loses its coalescing (f_vector_gep: the
 * LDS addresses and data computed from the work-item id after the global
 * store of the loaded values waited there, 1.15-1.17x llc-19's
 * occupancy-model cycles). */
static bool defined_here(const mir_block *b, uint32_t before, uint32_t id) {
  for (uint32_t j = 0; j < before; j++) {
    const mir_instr *x = b->instrs[j];
    for (unsigned d = 0; d < x->num_defs; d++)
      if (x->defs[d].kind == MIR_OPND_TEMP && x->defs[d].temp.id == id)
        return x->opcode != MIR_P_PHI && x->opcode != MIR_P_LINEAR_PHI;
  }
  return false;
}

/* Is an operand of x (instruction xi) read by an instruction that stays
 * at or after u? Moving x would then make its results live beside that
 * operand: for a loop's increment, the new value beside the old one,
 * which costs a copy on the back edge (the phi no longer coalesces). An
 * operand live through the whole block (in `live_in` and `live_out`: a
 * loop invariant such as a stride or a zero two pointer increments
 * share, gemv_wg's loop) is live beside x's results wherever x goes, so
 * it does not count, nor does one an instruction of the block other than
 * a phi defines before x (defined_here). */
static bool operand_read_after(const mir_block *b, uint32_t u, uint32_t xi, const mir_instr *x, const uint8_t *moved,
                               const uint8_t *pending, const uint64_t *live_in, const uint64_t *live_out) {
  for (unsigned k = 0; k < x->num_ops; k++) {
    if (x->ops[k].kind != MIR_OPND_TEMP) continue;
    /* an SMEM value several moved readers share (no loop increment) */
    if (pending[x->ops[k].temp.id] == PEND_SMEM) continue;
    if (bitset_test(live_in, x->ops[k].temp.id) && bitset_test(live_out, x->ops[k].temp.id)) continue;
    if (defined_here(b, xi, x->ops[k].temp.id)) continue;
    for (uint32_t j = u; j < b->num_instrs; j++)
      if (j != xi && (j > xi || !moved[j]) && reads_temp(b->instrs[j], x->ops[k].temp.id)) return true;
  }
  return false;
}

/* One choice of the instructions of the window [u + 1, end) that move
 * (moved[]), given the ones forced to stay; the demand copy is updated. */
static unsigned choose(const mir_block *b, uint32_t u, uint32_t end, mir_reg_demand *dem, const su_limits *lim,
                       uint8_t *loaded, uint8_t *kept, const uint8_t *force, uint8_t *moved, bool scc_live,
                       const uint64_t *live_in, const uint64_t *live_out) {
  unsigned nmoved = 0;
  bool past_store = false;
  mark_defs(b->instrs[u], kept, 1);
  for (uint32_t xi = u + 1; xi < end; xi++) {
    const mir_instr *x = b->instrs[xi];
    past_store |= plain_store(x);
    /* past a store only work reading an SMEM value moves (the uniform
     * work; the rest keeps the order it had, sched-loads' window), and
     * before one none does (its copies lengthened live ranges beside
     * their stores: f_readfirstlane_types, 507 -> 535 occupancy cycles) */
    bool ok = !force[xi] && past_store == reads_smem(x, loaded) && plain_operands(x, lim->lane) && !reads_any(x, kept) && !reads_pending(x, loaded) &&
              !operand_read_after(b, u, xi, x, moved, loaded, live_in, live_out);
    if (ok && (writes_scc(x) || mir_reads_scc(x))) ok = !scc_live;
    if (ok) ok = fits(b, x, dem, u, xi, moved, lim);
    moved[xi] = ok;
    nmoved += ok;
    if (!ok) mark_defs(x, kept, 1);
    /* a moved copy of an SMEM value (into a VGPR) is one too */
    if (ok && x->opcode >= ISA_NUM_OPS)
      for (unsigned k = 0; k < x->num_ops; k++)
        if (x->ops[k].kind == MIR_OPND_TEMP && loaded[x->ops[k].temp.id] == PEND_SMEM) mark_defs(x, loaded, PEND_SMEM);
  }
  for (uint32_t xi = u; xi < end; xi++) mark_defs(b->instrs[xi], kept, 0);
  return nmoved;
}

/* The block's demand per instruction in its current order, into dem, and
 * fresh kill flags (mir_liveness's step from the block's live-out set). */
static void block_demand(const mir_program *p, const uint8_t *special, mir_block *b, const uint64_t *live_out,
                         uint64_t *live, mir_reg_demand *dem) {
  uint32_t words = p->live->words;
  bitset_copy(live, live_out, words);
  mir_reg_demand cur = {0, 0};
  for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1))
    if (!special[t]) {
      unsigned n = mir_rc_size(p->temp_rc[t]);
      if (mir_rc_is_vgpr(p->temp_rc[t])) cur.vgpr = (uint16_t)(cur.vgpr + n);
      else cur.sgpr = (uint16_t)(cur.sgpr + n);
    }
  for (uint32_t i = b->num_instrs; i-- > 0;) dem[i] = mir_demand_step(p, special, b->instrs[i], live, &cur, true);
}

/* The block's loads in issue order, as the counters see them. */
typedef struct load_list {
  uint32_t *id; /* the load's first result temporary */
  uint8_t *smem; /* an SMEM load (lgkmcnt, returns out of order) */
  uint8_t *vm;   /* counted by vmcnt */
  uint32_t n;
} load_list;

static void load_seen(const mir_instr *x, uint32_t *origin, load_list *l) {
  if (!is_load(x) || !x->num_defs || x->defs[0].kind != MIR_OPND_TEMP) return;
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind == MIR_OPND_TEMP) origin[x->defs[k].temp.id] = x->defs[0].temp.id + 1;
  l->id[l->n] = x->defs[0].temp.id;
  l->smem[l->n] = isa_table[x->opcode].format == ISA_FMT_SMEM;
  l->vm[l->n] = (isa_table[x->opcode].flags & ISA_F_VMCNT) != 0;
  l->n++;
}

/* A wait the program has before register allocation (a fence's or
 * barrier's s_waitcnt, llvm.amdgcn.s.waitcnt, an atomic's release): it may
 * stall for stores and loads of earlier blocks too, so the work after it
 * that needs no memory is better issued before it (scan_blelloch's
 * `barrier(); if (l < d)`: the v_cmp of the next if overlaps the previous
 * ds_write's latency, as llc-19 places it). */
static bool is_program_wait(const mir_instr *x) {
  return x->opcode == ISA_S_WAITCNT || x->opcode == ISA_S_WAITCNT_VSCNT;
}

/* The reader at or after `from` that waits: the first instruction reading
 * a value of a load of the block that no wait before it covered, or a
 * program wait (is_program_wait). origin[t]
 * is the load (its first result's id + 1) temporary t holds or is a piece
 * or copy of (data pseudos emit no code: they pass the value on and do
 * not wait), seen[id] whether that load was waited for. Returns the
 * block's size if none. */
static uint32_t next_reader(const mir_block *b, uint32_t from, uint32_t *origin, uint8_t *seen, load_list *l) {
  for (uint32_t i = from; i < b->num_instrs; i++) {
    const mir_instr *x = b->instrs[i];
    if (x->opcode >= ISA_NUM_OPS && ssa_vector_pseudo(x->opcode)) {
      uint32_t o = 0;
      for (unsigned k = 0; k < x->num_ops && !o; k++)
        if (x->ops[k].kind == MIR_OPND_TEMP) o = origin[x->ops[k].temp.id];
      for (unsigned k = 0; k < x->num_defs; k++)
        if (x->defs[k].kind == MIR_OPND_TEMP) origin[x->defs[k].temp.id] = o;
      continue;
    }
    if (is_program_wait(x)) return i;
    for (unsigned k = 0; k < x->num_ops; k++) {
      uint32_t o = x->ops[k].kind == MIR_OPND_TEMP ? origin[x->ops[k].temp.id] : 0;
      if (o && !seen[o - 1]) return i;
    }
    load_seen(x, origin, l);
  }
  return b->num_instrs;
}

/* Marks what the wait before reader r covers as seen: the loads it reads
 * and, as the counters count down in order, every earlier load of the
 * same counter; an SMEM load returns out of order, so its wait is
 * lgkmcnt(0) and covers every LDS and SMEM load before r (AMD Vega ISA
 * guide 4.4). Then r's own results, if it is a load. */
static void reader_done(const mir_instr *r, uint32_t *origin, uint8_t *seen, load_list *l) {
  int last_vm = -1, last_lgkm = -1;
  if (is_program_wait(r)) { /* taken as waiting for every load before it (its counts are not read) */
    for (uint32_t j = 0; j < l->n; j++) seen[l->id[j]] = 1;
    return;
  }
  for (unsigned k = 0; k < r->num_ops; k++) {
    uint32_t o = r->ops[k].kind == MIR_OPND_TEMP ? origin[r->ops[k].temp.id] : 0;
    if (!o || seen[o - 1]) continue;
    for (uint32_t j = 0; j < l->n; j++)
      if (l->id[j] == o - 1) {
        if (l->vm[j]) last_vm = last_vm > (int)j ? last_vm : (int)j;
        else last_lgkm = l->smem[j] ? (int)l->n - 1 : (last_lgkm > (int)j ? last_lgkm : (int)j);
      }
  }
  for (uint32_t j = 0; j < l->n; j++)
    if ((l->vm[j] && (int)j <= last_vm) || (!l->vm[j] && (int)j <= last_lgkm)) seen[l->id[j]] = 1;
  load_seen(r, origin, l);
}

static bool load_is_smem(const load_list *l, uint32_t id) {
  for (uint32_t j = 0; j < l->n; j++)
    if (l->id[j] == id) return l->smem[j];
  return false;
}

/* Does reader r wait for VMEM loads only (it reads a value of a VMEM load
 * not waited for, and none of an LDS or SMEM load)? A program wait does
 * not (it waits for everything). */
static bool vm_only_reader(const mir_instr *r, const uint32_t *origin, const uint8_t *seen, const load_list *l) {
  if (is_program_wait(r)) return false;
  bool vm = false;
  for (unsigned k = 0; k < r->num_ops; k++) {
    uint32_t o = r->ops[k].kind == MIR_OPND_TEMP ? origin[r->ops[k].temp.id] : 0;
    if (!o || seen[o - 1]) continue;
    for (uint32_t j = 0; j < l->n; j++)
      if (l->id[j] == o - 1) {
        if (!l->vm[j]) return false;
        vm = true;
      }
  }
  return vm;
}

/* Moves the work after reader u that needs no value loaded and not yet
 * waited for (`pending`) above u; returns how many instructions moved. */
static unsigned schedule_reader(mir_block *b, uint32_t u, const mir_reg_demand *dem0, const su_limits *lim,
                                uint8_t *pending, uint8_t *kept, const uint64_t *live_in,
                                const uint64_t *live_out, arena *tmp) {
  uint32_t n = b->num_instrs, end = u + 1, barriers = 0;
  /* A program wait's work may also come from past the s_barrier it
   * guards and the other waits beside it (a fence's, the barrier's): an
   * instruction that touches no memory is not ordered by them (the
   * address of the ds_read after bitonic_local's barrier). */
  if (is_program_wait(b->instrs[u]))
    while (end < n && (b->instrs[end]->opcode == ISA_S_BARRIER || is_program_wait(b->instrs[end]))) end++, barriers++;
  /* the window extends past plain stores, which stay where they are:
   * the work that moves touches no memory (f_dot_intrinsics: each dot
   * product is followed by its store); choose() moves only work reading
   * an SMEM value (PEND_SMEM) from past one */
  while (end < n && (movable_kind(b->instrs[end]) || plain_store(b->instrs[end]))) end++;
  if (end <= u + 1 + barriers) return 0;
  uint8_t *moved = arena_alloc(tmp, n), *force = arena_alloc(tmp, n);
  mir_reg_demand *dem = arena_alloc(tmp, n * sizeof *dem);
  memset(moved, 0, n);
  memset(force, 0, n);
  for (uint32_t i = u + 1; i < end; i++) force[i] = !movable_kind(b->instrs[i]);
  memset(force + u + 1, 1, barriers); /* the barriers and waits stay after the wait */
  bool scc_live = scc_live_across(b, u);
  unsigned nmoved = 0;
  /* a moved SCC writer whose SCC a staying instruction reads would have
   * U and the rest between them: it stays, and the choice is redone */
  for (unsigned round = 0; round < 8; round++) {
    memcpy(dem, dem0, n * sizeof *dem);
    nmoved = choose(b, u, end, dem, lim, pending, kept, force, moved, scc_live, live_in, live_out);
    bool again = false;
    for (uint32_t xi = u + 1; xi < end; xi++)
      if (moved[xi] && writes_scc(b->instrs[xi]) && scc_read_by_kept(b, xi + 1, b->instrs[xi], moved)) {
        force[xi] = 1;
        again = true;
      }
    if (!again) break;
    if (round == 7) nmoved = 0;
  }
  if (nmoved) {
    mir_instr **order = arena_alloc(tmp, n * sizeof *order);
    uint32_t k = 0;
    for (uint32_t i = 0; i < u; i++) order[k++] = b->instrs[i];
    for (uint32_t i = u + 1; i < end; i++)
      if (moved[i]) order[k++] = b->instrs[i];
    for (uint32_t i = u; i < n; i++)
      if (!moved[i]) order[k++] = b->instrs[i];
    memcpy(b->instrs, order, n * sizeof *order);
  }
  return nmoved;
}

/* Every reader that waits, in order: the first reader of the block's
 * loads, then the next reader of a load not waited for yet, and so on
 * (spmv_csr's loop: the x[col[j]] load's reader after the col load's).
 * The demand is recomputed after each move. */
static void schedule_block(const mir_program *p, const uint8_t *special, mir_block *b, uint32_t bi,
                           const su_limits *lim, uint32_t *origin, uint8_t *seen, uint8_t *pending, uint8_t *kept,
                           uint64_t *live, arena *tmp) {
  const mir_live_info *li = p->live;
  uint32_t n = b->num_instrs;
  mir_reg_demand *dem = arena_alloc(tmp, n * sizeof *dem);
  memcpy(dem, li->demand[bi], n * sizeof *dem);
  load_list l = {arena_alloc(tmp, n * sizeof *l.id), arena_alloc(tmp, n), arena_alloc(tmp, n), 0};
  for (uint32_t from = 0; from < n;) {
    uint32_t u = next_reader(b, from, origin, seen, &l);
    if (u >= n) break;
    /* pending: values of loads not waited for before u (at u or later) */
    bool vm_only = vm_only_reader(b->instrs[u], origin, seen, &l);
    for (uint32_t i = 0; i < u; i++) {
      const mir_instr *x = b->instrs[i];
      for (unsigned k = 0; k < x->num_defs; k++) {
        if (x->defs[k].kind != MIR_OPND_TEMP) continue;
        uint32_t o = origin[x->defs[k].temp.id];
        pending[x->defs[k].temp.id] = o && !seen[o - 1] ? PEND_WAIT : PEND_NONE;
        if (o && !seen[o - 1] && vm_only && load_is_smem(&l, o - 1)) pending[x->defs[k].temp.id] = PEND_SMEM;
      }
    }
    /* a reader that is a load (an address loaded from memory) keeps the
     * work after it there: it fills that load's longer wait instead of
     * delaying its issue */
    unsigned moved =
        is_load(b->instrs[u]) ? 0 : schedule_reader(b, u, dem, lim, pending, kept, li->live_in[bi], li->live_out[bi], tmp);
    if (moved) block_demand(p, special, b, li->live_out[bi], live, dem);
    reader_done(b->instrs[u + moved], origin, seen, &l); /* the reader, at its new index */
    from = u + moved + 1;
    /* Dual issue (gfx11 wave32 VOPD): the first reader only. Work moved
     * above a later reader leaves the VALU it could pair with behind
     * (spmv_csr's counter increment with the v_fmac), one more
     * instruction and an s_delay_alu per iteration: measured at gfx1100
     * on bench/real, executed 0.940 -> 0.941 with every reader. */
    if (p->target->vopd && !is_program_wait(b->instrs[from - 1])) break;
  }
  for (uint32_t i = 0; i < n; i++) {
    const mir_instr *x = b->instrs[i];
    for (unsigned k = 0; k < x->num_defs; k++)
      if (x->defs[k].kind == MIR_OPND_TEMP) {
        origin[x->defs[k].temp.id] = 0;
        pending[x->defs[k].temp.id] = 0;
        seen[x->defs[k].temp.id] = 0;
      }
  }
}

/* sched-loads' SGPR limit, the current maximum demand, is too tight here:
 * the demand check counts a moved 64-bit add's carry as live over every
 * instruction crossed (an upper bound), so the second pointer increment
 * of a loop would never move while SGPRs are far from costing a wave:
 * SGPRs up to the target's full occupancy (wavecc_full_occupancy_sgprs). */
int mir_sched_uses(mir_program *p, diag *d) {
  if (p->regs_assigned || !p->num_blocks) return 0;
  mir_liveness(p, d);
  const mir_live_info *li = p->live;
  su_limits lim;
  lim.lane = p->target->lane_mask_dwords;
  if (!mir_sched_limits(p, &lim.sgpr, &lim.vgpr)) {
    p->live = NULL;
    return 0;
  }
  unsigned full = wavecc_full_occupancy_sgprs(p->target), bs = mir_sgpr_budget(p);
  if (full > (bs > 4 ? bs - 4 : 0)) full = bs > 4 ? bs - 4 : 0; /* sched-loads' slack below the budget */
  if (full > lim.sgpr) lim.sgpr = full;
  arena tmp;
  arena_init(&tmp);
  size_t nt = p->num_temps + 1;
  uint32_t *origin = arena_alloc(&tmp, nt * sizeof *origin);
  uint8_t *kept = arena_alloc(&tmp, nt), *seen = arena_alloc(&tmp, nt), *pending = arena_alloc(&tmp, nt);
  memset(origin, 0, nt * sizeof *origin);
  memset(kept, 0, nt);
  memset(seen, 0, nt);
  memset(pending, 0, nt);
  uint8_t *special = mir_special_temps(p, &tmp);
  uint64_t *live = arena_alloc(&tmp, (li->words ? li->words : 1) * sizeof *live);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    if (b->num_instrs < 3) continue;
    schedule_block(p, special, b, bi, &lim, origin, seen, pending, kept, live, &tmp);
  }
  arena_free(&tmp);
  p->live = NULL; /* the order changed: kill flags and demand are stale */
  return 0;
}
