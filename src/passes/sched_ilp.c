/* Latency scheduling before register allocation (issue 27): a top-down
 * list scheduler per region of a block that issues, where the next
 * instruction in the current order would wait for a VALU result, an
 * independent ready instruction instead, so the dependency chains the
 * selector emits one after the other (an unrolled loop's iterations, the
 * x/y/z of a vector expression) interleave, within the register demand
 * the program's occupancy already allows.
 *
 * Why: on RDNA a wave issues a VALU instruction every cycle (wave32) or
 * two (wave64), and an instruction that reads a VGPR a VALU instruction
 * wrote waits until that result is ready: 5 cycles, 10 for a
 * transcendental, 22 (gfx1030) / 38 (gfx1100) for f64 (the target
 * description's cycle_costs; sources at the targets' values; the cycle
 * model of src/emu/cycle_model.c charges exactly this). A chain
 * sub -> mul -> fma -> fma run back to back waits ~4 cycles per link;
 * llc-19's machine scheduler (GCNSchedStrategy over the GFX10/GFX11
 * scheduling models) interleaves independent chains instead. The
 * post-allocation gfx11 pass sched-latency reorders too, but on physical
 * registers the allocator's reuse ties most chains together, and gfx10
 * has no such pass. On gfx9/CDNA a wave's next instruction issues 4
 * cycles later, after the result is written (cycle_costs latencies 0):
 * the pass does nothing there.
 *
 * What: a block is cut into regions at instructions that stay: phis and
 * other non-data pseudos, SOPP (s_waitcnt, s_barrier ...), branches,
 * EXEC/M0 readers and writers beyond lane masking, MODE access and
 * instructions that need a MODE of their own (fpmode), MFMA, cache
 * operations, s_getpc/s_setpc/s_swappc, and any instruction with a
 * physical-register operand other than SCC and VCC. Inside a region the
 * dependences are: data (SSA: a definition before its readers), memory
 * accesses in their order (loads, stores, atomics: the waitcnt counters
 * and aliasing stay as sched-loads left them), the instructions that read
 * or write SCC in their order, those that read or write VCC (pinned, as
 * v_div_scale's result v_div_fmas reads, or implicitly) in theirs, and
 * for each phi whose back-edge operand V the region defines, the reads of
 * the phi's value or its parts before V or its parts (so the two can
 * share a register and the back edge needs no copy). The scheduler keeps a clock: VALU instructions
 * take the target's issue cycles, others one, data pseudos none (p_copy
 * of an SGPR into a VGPR is a v_mov); a VALU's VGPR results are ready
 * after the target's latency of its kind, a load's after MEM_* below (the
 * cycle model's figures, the same for every GPU), other results at once.
 * Each step issues, among the ready instructions whose definitions keep
 * the live registers within the limits, a carry's reader right after its
 * VALU producer, else the one that waits least, then the earliest in the
 * current order (p_extract and p_split_vector then sink back to their
 * first reader): where nothing waits the order is
 * unchanged (sched-loads' and sched-uses' placements stay), and a wait is
 * filled with the next independent work. (Breaking ties by the longest
 * latency-weighted path instead was measured at gfx1030 on the eight
 * files of issue 27: cycles 1-6 % lower on five, f_reg_pressure 12 %
 * higher with 22 % more instructions; not taken.) Register limits: VGPRs
 * up to the program's peak demand and VGPR_SLACK, within the most that
 * keep its occupancy in the target's own steps
 * (wavecc_same_occupancy_vgprs), SGPRs
 * up to the target's full-occupancy count (or the program's peak where
 * higher), both a few registers below the budgets as sched-loads keeps
 * them; an order the exact demand walk (mir_demand_step) puts over
 * either limit is not taken. Each region is ordered three ways: as it is,
 * within the VGPRs its block needs now, and within the limits above; an
 * order that needs no VGPR more is taken when the cycles such orders
 * save over the whole program (each region's gain weighed by its block's
 * loop depth) are 2 % of the program's estimated cycles, one that needs
 * more when such orders save 10 % more than that
 * (GAIN_TIGHT, GAIN_LOOSE: most interleaving costs VGPRs and buys no
 * occupancy-model cycles). A program over its budgets (it will spill) is
 * left alone.
 *
 * What it bought and cost, file by file: bench/README.md and this file's
 * git log (sch20, sch21, cq22b, cq23b).
 *
 * Correct by construction: every data dependence is an edge; the
 * instructions that move neither access EXEC, M0 nor MODE beyond what
 * the region's fixed ends keep, memory accesses keep their order, and SCC
 * readers stay behind their writer.
 * Cost: one liveness run; per region of n instructions O(n * ready) for
 * each of up to 6 orders (the current one, for its cycles, in a first
 * walk over the program and again in the second; one within the limits;
 * up to TIGHT_TRIES within the block's demand), a demand walk of the
 * block per order. Runs before the
 * spiller; leaves p->live stale (NULL) when an order changed. */
#include <string.h>

#include "mir/loops.h"
#include "passes/passes.h"
#include "passes/sched_ilp.h"
#include "passes/ssa_rename.h"
#include "ra/ra.h"
#include "util/bitset.h"

/* Result latencies of loads, cycles: src/emu/cycle_model.c's LAT_VMEM,
 * LAT_SMEM and LAT_LDS (Chips and Cheese's Vega pointer-chasing figures,
 * the GCN whitepaper's LDS pipeline), which that model uses for every
 * GPU. The scheduler only needs their order against VALU latencies: a
 * reader of a load waits at an s_waitcnt, so independent work goes first. */
enum { MEM_VMEM = 300, MEM_SMEM = 60, MEM_LDS = 40 };
/* VGPRs the scheduler may add to the program's peak demand (within its
 * occupancy step), for an order that pays (GAIN_LOOSE): nbody_tiled needs
 * the slack (gfx1030: 50643 occupancy-model cycles at +0, 34003 at +8 and
 * +16), and the default set at gfx1030 decided for 16 over 8 (2026-11-29;
 * the other limits tried are in the git log). */
enum { VGPR_SLACK = 16 };
/* Which orders the pass keeps (choose()): the orders within the blocks'
 * own VGPR demand when the cycles they save, each region's gain times
 * its block's estimated executions, summed over the program, are at
 * least GAIN_TIGHT per mille of the program's estimated cycles; the
 * orders up to the limits above only when they save GAIN_LOOSE per mille
 * more than that; else the current orders. Summed, because a kernel of
 * many short regions between barriers gains in none alone (fft_radix4).
 * A block in a loop nest of depth d counts 2^(LOOP_TRIPS_LOG2 * d) times
 * (d at most LOOP_DEPTH_MAX). Why a cost test at all: interleaving costs
 * VGPRs twice, as demand and as the allocator's fragmentation of the
 * reordered code (sobel at gfx1030: 13 VGPRs of demand either way, 14
 * allocated in the old order, 17 in the new), and most of it bought no
 * cycles: bench/real at gfx1030 (2026-11-30) with every order taken
 * 1.056x llc-19's VGPRs and 0.970x its occupancy-model cycles, with these
 * rules 1.003x / 0.965x. GAIN_LOOSE 50 kept heat3d's and murmur3's 7 %
 * for more VGPRs but let collatz's loop take the loose order and its
 * copies (15320 -> 19644 cycles). */
enum { GAIN_TIGHT = 20, GAIN_LOOSE = 100, LOOP_TRIPS_LOG2 = 3, LOOP_DEPTH_MAX = 4 };
/* Lower VGPR limits tried for the order within the block's demand: the
 * scheduler's running count of live registers can be a register or two
 * below the exact walk's (mir_demand_step). */
enum { TIGHT_TRIES = 3 };
/* Regions longer than this are scheduled in pieces (the choice is
 * O(n * ready)). */
enum { REGION_MAX = 1024 };


typedef struct si_node {
  mir_instr *ins;
  uint32_t first_succ;     /* edges [first_succ, first_succ + nsucc) of si.succ */
  uint16_t nsucc, npred;
  uint16_t issue;          /* cycles the instruction takes to issue (0: emits nothing) */
  uint16_t lat;            /* VGPR result latency (VALU), load latency, or issue */
  uint8_t kind;
  bool scc, vcc;           /* reads or writes SCC, VCC: in order with the region's others */
  bool done;
} si_node;

typedef struct si {
  const mir_program *p;
  const uint8_t *special;
  si_node *n;
  uint32_t *succ, nedges, cap_edges;
  uint32_t *def_node;      /* [temp]: region node + 1 defining it, or 0 */
  uint32_t *ready;         /* [temp]: cycle its value is ready (region clock) */
  uint32_t *uses_left;     /* [temp]: reads in the region not yet issued */
  uint64_t *live_after;    /* temps live after the region */
  uint64_t *live;          /* scratch bitset for demand walks */
  uint32_t *phi_def, *phi_op, nphi; /* the program's phis: value, operand (collect_phis) */
  uint32_t *mark, stamp;   /* [temp]: phi_edges' stamp of P's parts */
  uint32_t words;
  unsigned lim_v, lim_s;
  bool estimate;           /* first walk: only sum the program's estimated cycles into total */
  uint64_t total;
  struct si_cand *cands;   /* second walk: the regions' candidate orders */
  arena *tmp;
} si;

static bool defines_vgpr(const mir_instr *x) {
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind == MIR_OPND_TEMP && mir_rc_is_vgpr(x->defs[k].temp.rc)) return true;
  return false;
}

static bool reads_sgpr(const mir_instr *x) {
  for (unsigned k = 0; k < x->num_ops; k++)
    if (x->ops[k].kind == MIR_OPND_TEMP && !mir_rc_is_vgpr(x->ops[k].temp.rc)) return true;
  return false;
}

/* Issue cycles and result latency of node x from the target description. */
static void timing(const mir_program *p, si_node *x) {
  const mir_instr *ins = x->ins;
  const wavecc_cycle_costs *cc = &p->target->cycle_costs;
  x->issue = 1;
  x->lat = 1;
  if (x->kind == SI_DATA) {
    /* a copy of an SGPR into a VGPR is a v_mov_b32; other data pseudos
     * pass their operands' readiness on and emit nothing */
    if (defines_vgpr(ins) && reads_sgpr(ins)) x->issue = cc->issue[WAVECC_VK_FULL], x->lat = cc->latency[WAVECC_VK_FULL];
    else x->issue = 0, x->lat = 0;
    return;
  }
  isa_format f = isa_table[ins->opcode].format;
  if (x->kind == SI_MEM) {
    x->lat = f == ISA_FMT_SMEM ? MEM_SMEM : f == ISA_FMT_DS ? MEM_LDS : MEM_VMEM;
    return;
  }
  if (isa_fmt_valu(f)) {
    isa_cost c = isa_sem_of(ins->opcode)->cost;
    unsigned k = c == ISA_COST_TRANS ? WAVECC_VK_TRANS : c == ISA_COST_F64 ? WAVECC_VK_F64 : WAVECC_VK_FULL;
    if (cc->issue[k]) x->issue = cc->issue[k];
    x->lat = cc->latency[k] > x->issue ? cc->latency[k] : x->issue;
  }
}

typedef struct si_edges {
  uint32_t *from, *to, n, cap;
} si_edges;

static void edge(si *S, si_edges *E, uint32_t from, uint32_t to) {
  if (E->n == E->cap) {
    uint32_t cap = E->cap ? E->cap * 2 : 1024;
    E->from = arena_grow(S->tmp, E->from, E->n, cap, sizeof *E->from);
    E->to = arena_grow(S->tmp, E->to, E->n, cap, sizeof *E->to);
    E->cap = cap;
  }
  E->from[E->n] = from;
  E->to[E->n++] = to;
}

/* Whether x only moves data from its operands to its definitions (a
 * p_copy, p_create_vector, p_split_vector or p_extract): its results and
 * operands share registers where the allocator coalesces them. */
static bool is_move_pseudo(const mir_instr *x) { return x->opcode >= ISA_NUM_OPS && ssa_vector_pseudo(x->opcode); }

/* Edges that keep a loop-carried value coalescible: for each phi whose
 * operand V the region defines (the phis of every block: a loop's back
 * edge may pass through an empty latch), every reader of the phi's own
 * value P in the region before V's definition stays before it. Otherwise
 * V and P are live together, get different registers, and the back edge
 * needs a copy (sched-uses' operand_read_after, for the same reason).
 * The rule follows the data pseudos: V's parts (the operands of the
 * p_create_vector or p_copy that defines V, and theirs) stand for V, and
 * P's parts (p_split_vector, p_extract, p_copy results of P) for P. A
 * 64-bit pointer's increment, s_add_u32 on P's low half then
 * p_create_vector into V, moved above a load that reads P, keeps P live
 * past the add and costs a copy per iteration (gemv_t at gfx1030). */
enum { PHI_PARTS = 32 };

static void phi_edges(si *S, si_edges *E, unsigned n) {
  for (uint32_t i = 0; i < S->nphi; i++) {
    uint32_t v = S->phi_op[i], pt = S->phi_def[i];
    if (!S->def_node[v]) continue;
    /* V's parts: their defining nodes */
    uint32_t vt[PHI_PARTS], vd[PHI_PARTS], nv = 0, nd = 0;
    vt[nv++] = v;
    for (uint32_t w = 0; w < nv; w++) {
      uint32_t d = S->def_node[vt[w]] - 1;
      bool seen = false;
      for (uint32_t k = 0; k < nd; k++) seen |= vd[k] == d;
      if (!seen) vd[nd++] = d;
      const mir_instr *x = S->n[d].ins;
      if (x->opcode != MIR_P_CREATE_VECTOR && x->opcode != MIR_P_COPY) continue;
      for (unsigned o = 0; o < x->num_ops && nv < PHI_PARTS; o++)
        if (x->ops[o].kind == MIR_OPND_TEMP && S->def_node[x->ops[o].temp.id]) vt[nv++] = x->ops[o].temp.id;
    }
    uint32_t dmax = 0;
    for (uint32_t k = 0; k < nd; k++)
      if (vd[k] > dmax) dmax = vd[k];
    /* P and its parts (marked with this phi's stamp), their readers
     * before each of V's parts */
    uint32_t stamp = ++S->stamp;
    S->mark[pt] = stamp;
    for (uint32_t j = 0; j < dmax && j < n; j++) {
      const mir_instr *x = S->n[j].ins;
      bool reads = false;
      for (unsigned o = 0; o < x->num_ops; o++)
        if (x->ops[o].kind == MIR_OPND_TEMP && S->mark[x->ops[o].temp.id] == stamp) reads = true;
      if (!reads) continue;
      for (uint32_t k = 0; k < nd; k++)
        if (j < vd[k]) edge(S, E, j, vd[k]);
      if (is_move_pseudo(x))
        for (unsigned o = 0; o < x->num_defs; o++)
          if (x->defs[o].kind == MIR_OPND_TEMP) S->mark[x->defs[o].temp.id] = stamp;
    }
  }
}

/* The (phi value, operand) pairs of the program's phis, for phi_edges. */
static void collect_phis(si *S) {
  const mir_program *p = S->p;
  uint32_t cap = 0;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs && mir_is_phi(p->blocks[bi].instrs[i]); i++)
      cap += p->blocks[bi].instrs[i]->num_ops;
  S->phi_def = arena_alloc(S->tmp, (cap + 1) * sizeof *S->phi_def);
  S->phi_op = arena_alloc(S->tmp, (cap + 1) * sizeof *S->phi_op);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs && mir_is_phi(p->blocks[bi].instrs[i]); i++) {
      const mir_instr *phi = p->blocks[bi].instrs[i];
      if (!phi->num_defs || phi->defs[0].kind != MIR_OPND_TEMP) continue;
      for (unsigned k = 0; k < phi->num_ops; k++)
        if (phi->ops[k].kind == MIR_OPND_TEMP) {
          S->phi_def[S->nphi] = phi->defs[0].temp.id;
          S->phi_op[S->nphi++] = phi->ops[k].temp.id;
        }
    }
}

/* The region's dependence graph (successors of node i contiguous in
 * S->succ). */
static void build(si *S, unsigned n) {
  uint32_t last_mem = UINT32_MAX, last_scc = UINT32_MAX, last_vcc = UINT32_MAX;
  si_edges E = {0};
  for (unsigned j = 0; j < n; j++) {
    const mir_instr *x = S->n[j].ins;
    for (unsigned k = 0; k < x->num_ops; k++)
      if (x->ops[k].kind == MIR_OPND_TEMP && S->def_node[x->ops[k].temp.id])
        edge(S, &E, S->def_node[x->ops[k].temp.id] - 1, j);
    if (S->n[j].kind == SI_MEM && last_mem != UINT32_MAX) edge(S, &E, last_mem, j);
    if (S->n[j].scc && last_scc != UINT32_MAX) edge(S, &E, last_scc, j);
    if (S->n[j].vcc && last_vcc != UINT32_MAX) edge(S, &E, last_vcc, j);
    if (S->n[j].kind == SI_MEM) last_mem = j;
    if (S->n[j].scc) last_scc = j;
    if (S->n[j].vcc) last_vcc = j;
    for (unsigned k = 0; k < x->num_defs; k++)
      if (x->defs[k].kind == MIR_OPND_TEMP) S->def_node[x->defs[k].temp.id] = j + 1;
  }
  phi_edges(S, &E, n);
  /* successor runs: a counting sort of the edges by source */
  if (S->cap_edges < E.n + 1) {
    S->cap_edges = E.n + 1;
    S->succ = arena_alloc(S->tmp, S->cap_edges * sizeof *S->succ);
  }
  for (uint32_t e = 0; e < E.n; e++) S->n[E.from[e]].nsucc++, S->n[E.to[e]].npred++;
  uint32_t at = 0;
  for (unsigned i = 0; i < n; i++) {
    S->n[i].first_succ = at;
    at += S->n[i].nsucc;
    S->n[i].nsucc = 0;
  }
  for (uint32_t e = 0; e < E.n; e++) {
    si_node *a = &S->n[E.from[e]];
    S->succ[a->first_succ + a->nsucc++] = E.to[e];
  }
  S->nedges = E.n;
}

/* Registers of temporary t in its file (0 for special registers). */
static int regs_of(const si *S, uint32_t t, bool *vgpr) {
  *vgpr = mir_rc_is_vgpr(S->p->temp_rc[t]);
  return S->special[t] ? 0 : (int)mir_rc_size(S->p->temp_rc[t]);
}

/* Change of the live registers (VGPRs in *dv, SGPRs in *ds) when x issues
 * now: its definitions start living, operands read for the last time
 * end. */
static void pressure_delta(const si *S, const mir_instr *x, int *dv, int *ds) {
  *dv = *ds = 0;
  bool v;
  for (unsigned k = 0; k < x->num_defs; k++) {
    if (x->defs[k].kind != MIR_OPND_TEMP) continue;
    uint32_t t = x->defs[k].temp.id;
    if (!S->uses_left[t] && !bitset_test(S->live_after, t)) continue; /* dead: freed at once */
    int r = regs_of(S, t, &v);
    *(v ? dv : ds) += r;
  }
  for (unsigned k = 0; k < x->num_ops; k++) {
    if (x->ops[k].kind != MIR_OPND_TEMP) continue;
    uint32_t t = x->ops[k].temp.id, reads = 0;
    bool first = true;
    for (unsigned j = 0; j < x->num_ops; j++)
      if (x->ops[j].kind == MIR_OPND_TEMP && x->ops[j].temp.id == t) {
        reads++;
        if (j < k) first = false;
      }
    if (!first || S->uses_left[t] != reads || bitset_test(S->live_after, t)) continue;
    int r = regs_of(S, t, &v);
    *(v ? dv : ds) -= r;
  }
}

/* The highest demand over block b's instructions in their current order
 * (mir_demand_step from the block's live-out set), and the live registers
 * before each instruction into before[] when not NULL. */
static mir_reg_demand block_peak(si *S, mir_block *b, const uint64_t *live_out, mir_reg_demand *before) {
  const mir_program *p = S->p;
  bitset_copy(S->live, live_out, S->words);
  mir_reg_demand cur = {0, 0}, peak = {0, 0};
  for (uint32_t t = bitset_next(S->live, S->words, 0); t != UINT32_MAX; t = bitset_next(S->live, S->words, t + 1)) {
    bool v;
    int r = regs_of(S, t, &v);
    if (v) cur.vgpr = (uint16_t)(cur.vgpr + r);
    else cur.sgpr = (uint16_t)(cur.sgpr + r);
  }
  for (uint32_t i = b->num_instrs; i-- > 0;) {
    mir_reg_demand d = mir_demand_step(p, S->special, b->instrs[i], S->live, &cur, false);
    if (d.vgpr > peak.vgpr) peak.vgpr = d.vgpr;
    if (d.sgpr > peak.sgpr) peak.sgpr = d.sgpr;
    if (before) before[i] = cur;
  }
  return peak;
}

/* Does x read an SGPR result (a carry or lane mask) of VALU instruction
 * v? x then issues right after v, even where it waits for another
 * operand: the 64-bit add's high half after its low half keeps its carry
 * in VCC (pass vcc-carry: the shorter VOP2 form, as llc-19 writes it) and
 * the pair's registers together. (Only where it was ready, as first
 * written, sobel's nine address pairs at gfx1030 split, and the allocator
 * built their register pairs with 6 v_mov: 3996 wave-instructions, 2349
 * occupancy cycles, against 3780 and 2295 glued; of issue 27's eight
 * files only nbody_tiled moved, 33619 -> 34003 cycles. 2026-11-29.) */
static bool reads_mask_of(const mir_instr *x, const mir_instr *v) {
  for (unsigned d = 0; d < v->num_defs; d++) {
    if (v->defs[d].kind != MIR_OPND_TEMP || mir_rc_is_vgpr(v->defs[d].temp.rc)) continue;
    for (unsigned k = 0; k < x->num_ops; k++)
      if (x->ops[k].kind == MIR_OPND_TEMP && x->ops[k].temp.id == v->defs[d].temp.id) return true;
  }
  return false;
}

/* Moves each p_extract and p_split_vector of order[0, n) down to just
 * before its first successor, where the selector put it. Its wait is
 * none, so the scheduler issues it as soon as its operand is, which only
 * lengthens the parts' lives: a part of a loop value extracted early and
 * read after the whole value's last reader wrote over it needs a copy
 * (collatz at gfx1030: p_extract of the value's high half above the
 * v_lshrrev_b64 that replaces it, a v_mov per iteration). A
 * p_create_vector stays where it issued: early, its parts die at once
 * (sunk, minmax-i64-const-literal's stored pair needed a v_mov, and its
 * constant SGPR pair's s_mov left the load's shadow). */
static void sink_moves(si *S, unsigned n, uint32_t *order) {
  uint32_t *pos = arena_alloc(S->tmp, n * sizeof *pos);
  for (unsigned i = 0; i < n; i++) pos[order[i]] = i;
  for (unsigned i = n; i-- > 0;) {
    const si_node *x = &S->n[order[i]];
    if ((x->ins->opcode != MIR_P_EXTRACT && x->ins->opcode != MIR_P_SPLIT_VECTOR) || x->issue || x->scc || x->vcc ||
        !x->nsucc)
      continue;
    uint32_t first = n;
    for (uint32_t e = x->first_succ; e < x->first_succ + x->nsucc; e++)
      if (pos[S->succ[e]] < first) first = pos[S->succ[e]];
    if (first <= i + 1) continue;
    uint32_t me = order[i];
    for (unsigned k = i; k + 1 < first; k++) {
      order[k] = order[k + 1];
      pos[order[k]] = k;
    }
    order[first - 1] = me;
    pos[me] = first - 1;
  }
}

/* Orders nodes [0, n) of the region into out; returns whether the order
 * differs from the current one. cur: the live registers before the
 * region; *cycles: the clock when the last instruction issues (the
 * waits included). keep: the current order (each step the earliest
 * ready node), only for its cycles. */
static bool schedule(si *S, unsigned n, mir_reg_demand cur, mir_instr **out, uint32_t *cycles, bool keep) {
  uint32_t *readyl = arena_alloc(S->tmp, n * sizeof *readyl), nready = 0, now = 0;
  for (unsigned i = 0; i < n; i++)
    if (!S->n[i].npred) readyl[nready++] = i;
  bool changed = false;
  uint32_t *order = arena_alloc(S->tmp, n * sizeof *order);
  int cv = cur.vgpr, cs = cur.sgpr;
  const mir_instr *last = NULL; /* the VALU instruction issued last */
  for (unsigned step = 0; step < n; step++) {
    /* best: fits the limits, least wait, earliest; else least growth */
    int best = -1, best_over = 0;
    uint32_t best_wait = 0;
    bool best_glued = false;
    for (uint32_t r = 0; r < nready; r++) {
      unsigned i = readyl[r];
      const mir_instr *x = S->n[i].ins;
      uint32_t start = now;
      for (unsigned k = 0; k < x->num_ops; k++)
        if (x->ops[k].kind == MIR_OPND_TEMP && S->ready[x->ops[k].temp.id] > start) start = S->ready[x->ops[k].temp.id];
      int dv, ds;
      pressure_delta(S, x, &dv, &ds);
      int over = 0;
      if (cv + dv > (int)S->lim_v) over += cv + dv - (int)S->lim_v;
      if (cs + ds > (int)S->lim_s) over += cs + ds - (int)S->lim_s;
      /* a memory access keeps its place in the current order (sched-loads
       * put loads early; filling its wait with later work would issue the
       * load later and lengthen the wait for its data): it counts as not
       * waiting, and the clock still charges the wait */
      uint32_t wait = S->n[i].kind == SI_MEM ? 0 : start - now;
      bool glued = last && reads_mask_of(x, last), better;
      if (keep) better = best < 0 || i < (unsigned)best;
      else if (best < 0 || over != best_over) better = best < 0 || over < best_over;
      else if (glued != best_glued) better = glued;
      else if (wait != best_wait) better = wait < best_wait;
      else better = i < (unsigned)best;
      if (better) {
        best = (int)i;
        best_over = over;
        best_wait = wait;
        best_glued = glued;
      }
    }
    si_node *x = &S->n[best];
    const mir_instr *ins = x->ins;
    int dv, ds;
    pressure_delta(S, ins, &dv, &ds);
    cv += dv;
    cs += ds;
    uint32_t start = now, rdy = 0;
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_TEMP && S->ready[ins->ops[k].temp.id] > start) start = S->ready[ins->ops[k].temp.id];
    if (x->kind == SI_DATA && !x->issue)
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && S->ready[ins->ops[k].temp.id] > rdy) rdy = S->ready[ins->ops[k].temp.id];
    /* SGPR results of a VALU (lane masks, carries) are not timed by the
     * cycle model: ready at once, so a carry's reader may follow it */
    bool valu = x->kind == SI_ALU && isa_fmt_valu(isa_table[ins->opcode].format);
    for (unsigned k = 0; k < ins->num_defs; k++)
      if (ins->defs[k].kind == MIR_OPND_TEMP)
        S->ready[ins->defs[k].temp.id] = x->kind == SI_DATA && !x->issue ? rdy
                                         : valu && !mir_rc_is_vgpr(ins->defs[k].temp.rc) ? start + x->issue
                                                                                          : start + x->lat;
    if (x->issue) last = valu ? ins : NULL;
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_TEMP) S->uses_left[ins->ops[k].temp.id]--;
    if (x->issue) now = start + x->issue;
    x->done = true;
    order[step] = (uint32_t)best;
    for (uint32_t r = 0; r < nready; r++)
      if (readyl[r] == (uint32_t)best) {
        readyl[r] = readyl[--nready];
        break;
      }
    for (uint32_t e = x->first_succ; e < x->first_succ + x->nsucc; e++)
      if (!--S->n[S->succ[e]].npred) readyl[nready++] = S->succ[e];
  }
  *cycles = now;
  if (!keep) sink_moves(S, n, order);
  for (unsigned step = 0; step < n; step++) {
    changed |= order[step] != step;
    out[step] = S->n[order[step]].ins;
  }
  return changed;
}

/* Sets up the nodes, the liveness after the region and the dependence
 * graph of block b's region [from, to) for schedule. */
static void prepare(si *S, mir_block *b, uint32_t bi, uint32_t from, uint32_t to) {
  unsigned n = to - from;
  const uint64_t *live_out = S->p->live->live_out[bi];
  for (unsigned i = 0; i < n; i++) {
    si_node *x = &S->n[i];
    memset(x, 0, sizeof *x);
    x->ins = b->instrs[from + i];
    x->kind = (uint8_t)sched_ilp_kind(S->p, x->ins);
    x->scc = sched_ilp_touches_scc(x->ins);
    sched_ilp_movable_operands(x->ins, S->p->target->lane_mask_dwords, &x->vcc);
    timing(S->p, x);
  }
  /* liveness after the region: the block's live-out set and the reads of
   * the instructions after it */
  bitset_copy(S->live_after, live_out, S->words);
  for (uint32_t i = to; i < b->num_instrs; i++) {
    const mir_instr *y = b->instrs[i];
    for (unsigned k = 0; k < y->num_ops; k++)
      if (y->ops[k].kind == MIR_OPND_TEMP) bitset_set(S->live_after, y->ops[k].temp.id);
  }
  for (unsigned i = 0; i < n; i++) {
    const mir_instr *x = S->n[i].ins;
    for (unsigned k = 0; k < x->num_ops; k++)
      if (x->ops[k].kind == MIR_OPND_TEMP) S->uses_left[x->ops[k].temp.id]++, S->ready[x->ops[k].temp.id] = 0;
  }
  build(S, n);
}

/* Clears what prepare and schedule left in the per-temporary arrays for
 * the region's instructions old[0, n). */
static void clear(si *S, mir_instr *const *old, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    const mir_instr *x = old[i];
    for (unsigned k = 0; k < x->num_ops; k++)
      if (x->ops[k].kind == MIR_OPND_TEMP) S->uses_left[x->ops[k].temp.id] = 0, S->ready[x->ops[k].temp.id] = 0;
    for (unsigned k = 0; k < x->num_defs; k++)
      if (x->defs[k].kind == MIR_OPND_TEMP) S->def_node[x->defs[k].temp.id] = 0, S->ready[x->defs[k].temp.id] = 0;
  }
}

/* One ordering of a region: cycles, and whether it differs from the
 * current order. */
typedef struct si_try {
  mir_instr **order;
  uint32_t cycles;
  bool changed;
} si_try;

/* Schedules the region [from, to) of block b with VGPR limit lim (keep:
 * the current order, for its cycles) into t; with check, only an order
 * whose block demand (mir_demand_step, exact where the scheduler's
 * running count is not) stays within lim and the SGPR limit counts:
 * else t->changed is false and t->cycles UINT32_MAX. */
static void try_order(si *S, mir_block *b, uint32_t bi, uint32_t from, uint32_t to, mir_reg_demand cur,
                      unsigned lim, unsigned bound, bool keep, bool check, mir_instr **old, si_try *t) {
  unsigned n = to - from, saved = S->lim_v;
  S->lim_v = lim;
  prepare(S, b, bi, from, to);
  t->changed = schedule(S, n, cur, t->order, &t->cycles, keep);
  clear(S, old, n);
  S->lim_v = saved;
  if (!check || !t->changed) return;
  memcpy(&b->instrs[from], t->order, n * sizeof *t->order);
  mir_reg_demand peak = block_peak(S, b, S->p->live->live_out[bi], NULL);
  memcpy(&b->instrs[from], old, n * sizeof *old);
  if (peak.vgpr > bound || peak.sgpr > S->lim_s) t->changed = false, t->cycles = UINT32_MAX;
}

/* One region's candidate orders, kept until the program's choice
 * (choose): the tight and the loose order (NULL: none better than the
 * current one), the region's cycles in each, and its weight (loop depth). */
typedef struct si_cand {
  mir_block *b;
  uint32_t from, n;
  mir_instr **tight, **loose;
  uint32_t c0, ct, cl;
  uint64_t freq;
  struct si_cand *next;
} si_cand;

/* Schedules block b's region [from, to): the current order, an order
 * within `tight` VGPRs (the block's demand before the pass: no register
 * more) and one within the pass's limits (S->lim_v), and records them
 * in S->cands for choose. freq: how often the block runs relative to
 * the others (loop depth). The first walk (S->estimate) only sums the
 * current order's cycles into S->total. */
static void region(si *S, mir_block *b, uint32_t bi, uint32_t from, uint32_t to, mir_reg_demand cur, unsigned tight,
                   uint64_t freq) {
  unsigned n = to - from;
  mir_instr **old = arena_alloc(S->tmp, n * sizeof *old);
  memcpy(old, &b->instrs[from], n * sizeof *old);
  si_try t0 = {arena_alloc(S->tmp, n * sizeof *old), 0, false};
  try_order(S, b, bi, from, to, cur, S->lim_v, S->lim_v, true, false, old, &t0);
  if (S->estimate) {
    S->total += freq * t0.cycles;
    return;
  }
  si_try tl = {arena_alloc(S->tmp, n * sizeof *old), 0, false}, tt = {arena_alloc(S->tmp, n * sizeof *old), 0, false};
  try_order(S, b, bi, from, to, cur, S->lim_v, S->lim_v, false, true, old, &tl);
  /* within the block's demand: the scheduler's running count can be off
   * by a register or two against the exact walk; a few lower limits */
  tt.cycles = UINT32_MAX;
  for (unsigned k = 0; k < TIGHT_TRIES && tight > k && tt.cycles == UINT32_MAX; k++) {
    try_order(S, b, bi, from, to, cur, tight - k, tight, false, true, old, &tt);
  }
  bool bt = tt.changed && tt.cycles < t0.cycles;
  uint32_t low = bt ? tt.cycles : t0.cycles;
  bool bl = tl.changed && tl.cycles < low;
  if (!bt && !bl) return;
  si_cand *c = arena_alloc(S->tmp, sizeof *c);
  *c = (si_cand){b, from, n, bt ? tt.order : NULL, bl ? tl.order : NULL, t0.cycles, low, bl ? tl.cycles : low, freq,
                 S->cands};
  S->cands = c;
}

/* The program's choice: the tight orders where they are faster, when
 * together they save GAIN_TIGHT per mille of the program's estimated
 * cycles (S->total); the loose ones on top where they are faster still,
 * when together they save GAIN_LOOSE per mille more. Summed over the
 * program, not per region: a kernel of many short regions between
 * barriers and waits (fft_radix4) gains in each a little
 * and in all a lot. Returns whether an order changed. */
static bool choose(si *S) {
  uint64_t gt = 0, gl = 0;
  for (si_cand *c = S->cands; c; c = c->next) gt += (uint64_t)(c->c0 - c->ct) * c->freq, gl += (uint64_t)(c->ct - c->cl) * c->freq;
  bool take_t = gt * 1000 >= (uint64_t)GAIN_TIGHT * S->total, take_l = gl * 1000 >= (uint64_t)GAIN_LOOSE * S->total;
  bool any = false;
  for (si_cand *c = S->cands; c; c = c->next) {
    mir_instr **o = take_l && c->loose ? c->loose : (take_t || take_l) && c->tight ? c->tight : NULL;
    if (o) memcpy(&c->b->instrs[c->from], o, c->n * sizeof *o), any = true;
  }
  return any;
}

int mir_sched_ilp(mir_program *p, diag *d) {
  if (p->regs_assigned || !p->num_blocks) return 0;
  const wavecc_cycle_costs *cc = &p->target->cycle_costs;
  unsigned lat = 0;
  for (unsigned k = 0; k < WAVECC_NUM_VK; k++) lat |= cc->latency[k];
  if (!lat) return 0; /* the issue cadence covers every result latency */
  mir_liveness(p, d);
  const mir_live_info *li = p->live;
  unsigned ls, lv;
  if (!mir_sched_limits(p, &ls, &lv)) {
    p->live = NULL;
    return 0;
  }
  arena tmp;
  arena_init(&tmp);
  si S = {0};
  S.p = p;
  S.tmp = &tmp;
  S.special = mir_special_temps(p, &tmp);
  S.words = li->words ? li->words : 1;
  size_t nt = p->num_temps + 1;
  S.def_node = arena_alloc(&tmp, nt * sizeof *S.def_node);
  S.ready = arena_alloc(&tmp, nt * sizeof *S.ready);
  S.uses_left = arena_alloc(&tmp, nt * sizeof *S.uses_left);
  S.mark = arena_alloc(&tmp, nt * sizeof *S.mark);
  S.live_after = arena_alloc(&tmp, S.words * sizeof *S.live_after);
  S.live = arena_alloc(&tmp, S.words * sizeof *S.live);
  S.n = arena_alloc(&tmp, REGION_MAX * sizeof *S.n);
  collect_phis(&S);
  /* VGPRs: the program's peak and VGPR_SLACK, within its occupancy in the
   * target's own steps (sched-loads uses gfx900's for wave32, a bound on
   * its clustering); SGPRs: the program's peak. A few registers below the
   * budgets, as sched-loads. */
  unsigned bv = mir_vgpr_budget(p);
  S.lim_v = wavecc_same_occupancy_vgprs(p->target, li->max.vgpr);
  if (S.lim_v > li->max.vgpr + (unsigned)VGPR_SLACK) S.lim_v = li->max.vgpr + (unsigned)VGPR_SLACK;
  if (S.lim_v + 3 > bv) S.lim_v = bv > 3 ? bv - 3 : 0;
  if (S.lim_v < lv) S.lim_v = lv;
  /* SGPRs: the target's full-occupancy count where that is more (RDNA:
   * every wave has its 106; interleaved chains keep more lane masks live) */
  unsigned full = wavecc_full_occupancy_sgprs(p->target), bs = mir_sgpr_budget(p);
  if (full > (bs > 4 ? bs - 4 : 0)) full = bs > 4 ? bs - 4 : 0;
  S.lim_s = full > ls ? full : ls;
  bool any = false;
  mir_loops loops;
  mir_find_loops(p, &tmp, &loops);
  /* two walks over the same regions: the first sums the program's
   * estimated cycles in the current order (S.total), the second
   * schedules */
  for (int walk = 0; walk < 2; walk++) {
    S.estimate = walk == 0;
    for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
      mir_block *b = &p->blocks[bi];
      unsigned dep = loops.depth[bi] > LOOP_DEPTH_MAX ? LOOP_DEPTH_MAX : loops.depth[bi];
      uint64_t freq = (uint64_t)1 << (LOOP_TRIPS_LOG2 * dep);
      if (b->num_instrs < 3) {
        if (S.estimate) S.total += freq * b->num_instrs;
        continue;
      }
      mir_reg_demand *before = arena_alloc(&tmp, b->num_instrs * sizeof *before);
      mir_reg_demand bpk = block_peak(&S, b, li->live_out[bi], before);
      unsigned tight = bpk.vgpr < S.lim_v ? bpk.vgpr : S.lim_v; /* no VGPR more than the block needs now */
      for (uint32_t i = 0; i < b->num_instrs;) {
        if (sched_ilp_kind(p, b->instrs[i]) == SI_FIXED) {
          if (S.estimate) S.total += freq;
          i++;
          continue;
        }
        uint32_t j = i;
        unsigned alu = 0;
        while (j < b->num_instrs && j - i < REGION_MAX) {
          int k = sched_ilp_kind(p, b->instrs[j]);
          if (k == SI_FIXED) break;
          alu += k == SI_ALU;
          j++;
        }
        if (alu >= 2 || S.estimate) {
          region(&S, b, bi, i, j, before[i], tight, freq);
        }
        i = j;
      }
    }
  }
  any = choose(&S);
  arena_free(&tmp);
  if (any) p->live = NULL; /* the order may have changed: kill flags and demand are stale */
  return 0;
}
