/* Register-pressure scheduling: a pre-spill list scheduler for the blocks
 * whose register demand exceeds the budget.
 *
 * Why: instruction selection and sched-loads order a block for latency
 * (loads first, uses later). Where the block fits the budget that costs
 * nothing; where it does not, every value loaded early and consumed late
 * is one more value the spiller stores to scratch (VGPRs) or to VGPR lanes
 * (SGPRs) and reloads. A block of an unrolled matrix kernel that loads
 * a[0..3] and b[0..3] and then does the 16 products needs 8 more VGPRs at
 * its peak than one that consumes each loaded value soon after loading
 * it. At a tight budget a spill and its reload cost far more than a
 * waitcnt stall, so where demand is over the budget, pressure wins over
 * latency. (The idea is LLVM's AMDGPU machine scheduler, whose
 * GCNMaxOccupancy strategy switches to register-pressure-driven choices
 * when the pressure exceeds its limit; the choice of which ready
 * instruction goes next follows Sethi and Ullman's rule of evaluating
 * first what leaves the fewest values live.)
 *
 * What: every block is cut into regions at instructions that stay where
 * they are: phis and other pseudos (except p_copy, p_create_vector,
 * p_split_vector and p_extract, which only move data), branches and
 * terminators, barriers, SOPP instructions (s_waitcnt, s_sendmsg ...),
 * EXEC and M0 readers/writers that go beyond lane masking, s_setreg and
 * s_getreg, and any instruction with a physical-register operand other
 * than SCC or VCC (ABI inputs, fixed operands). A region whose exact
 * demand (the formula of mir_liveness: max(live before, live after +
 * unused definitions + late-kill operands); special registers not
 * counted) exceeds a file's budget somewhere is list-scheduled bottom-up
 * over a dependence graph:
 *   - data: a temporary's definition before its readers (SSA: no other
 *     register dependences on temporaries);
 *   - SCC and VCC: readers after the last writer, writers after the
 *     readers and the writer before them (SALU instructions write SCC
 *     implicitly; a VCC flag counts unless the instruction names the
 *     64-bit value as an operand of its own);
 *   - memory, conservatively: plain loads keep their place relative to
 *     every store, atomic, volatile (GLC) load or other counter-using
 *     instruction, and those keep their order among themselves; plain
 *     loads may pass each other.
 * Walking up from the region's end with the set of live temporaries, the
 * ready instruction (all its readers placed) chosen next is the one whose
 * placement raises the live registers of the over-budget file least
 * (definitions end their life here, operands not yet live start theirs),
 * then of the other file, then the latest in the old order. Two orders
 * are built: one that applies this rule throughout, one that applies it
 * only while the live registers of the file are at or over the budget
 * and keeps the old order elsewhere (the loads sched-loads clustered stay
 * clustered where they fit). A third is a local search from the best of
 * the old order and those two by the estimate below: each instruction in
 * turn tries its earliest and latest legal place and the places next to
 * the other readers of its operands, and stays where the estimate falls
 * (regions of at most 400 instructions, a few rounds, a bounded amount
 * of work per program). Which order is kept: peak demand alone is
 * a poor predictor of spill code (an order with a lower peak can need
 * more values stored), so each order is also given the stores and
 * reloads Belady's MIN would need in the region at the budget (the
 * values live in hold registers, the value used furthest ahead is
 * evicted, the spiller's rule), and a new order is kept only when, per
 * over-budget file, neither its peak nor its demand above the budget
 * (summed over the instructions) is higher and one is lower, when the
 * other file's peak does not rise above both its old peak and its
 * budget, and when the MIN estimate falls by at least an eighth and by
 * two instructions (the
 * estimate is not the spiller: smaller gains measured as losses as often
 * as wins on the spill benchmark). Regions within the budgets are
 * untouched.
 *
 * Occupancy mode, for a program that fits its budget but whose VGPRs
 * give fewer waves per SIMD than the target holds (occupancy_region):
 * the budget is the VGPRs of the next occupancy step, loads are region
 * boundaries too (they keep sched-loads' places and so their latency
 * hiding), each region over it takes the list schedule with the lower
 * VGPR peak if that is lower than before, and all the new orders are
 * put back unless the program's occupancy rises (with SP_OCC_SLACK
 * registers to spare) without more SGPRs.
 *
 * Runs after sched-loads, before liveness and the spiller. Runs
 * mir_liveness itself; leaves p->live stale (NULL) when an order changed.
 * Cost: one liveness run, plus O(n^2) per over-budget region of n
 * instructions (the choice scans the ready list; MIN scans the
 * registers at each eviction), plus the local search: at most
 * SP_SEARCH_WORK instruction steps of MIN per program (fft_radix4 at
 * 8/24: 45 ms of its 65 ms). Nothing at all for programs that fit.
 */
#include <string.h>

#include "passes/passes.h"
#include "passes/ssa_rename.h"
#include "ra/ra.h"
#include "util/bitset.h"

enum { RES_SCC, RES_VCC, RES_NUM };

typedef struct sp_cost {
  unsigned peak[2];   /* [0] VGPRs, [1] SGPRs */
  unsigned excess[2]; /* sum over the region of demand above the budget */
} sp_cost;

typedef struct sp_ctx {
  const mir_program *p;
  const uint8_t *special; /* [temp] pinned to SCC/VCC/EXEC/M0: not counted */
  unsigned budget[2];     /* VGPRs, SGPRs */
  uint32_t words;
  uint64_t *work;         /* scratch live set */
  uint32_t *def_at;       /* [temp] 1 + region index of its definition, 0 when outside */
  /* per temporary, for min_cost (all zero between calls but next/cur) */
  uint32_t *next, *cur, *wset;
  uint32_t *users; /* [temp] for list_schedule: zero between calls */
  uint32_t *nu, stride; /* min_cost: next uses per position, stride >= operands + definitions */
  uint32_t work_left;   /* local_search's budget: SP_SEARCH_WORK */
  bool occ;             /* occupancy mode (occupancy_region): the budget is an occupancy step */
  uint8_t *seen, *inreg, *pinned, *stored;
  arena *tmp;
} sp_ctx;

static bool is_scc_vcc(mir_preg r) { return r == MIR_PREG_SCC || r == MIR_PREG_VCC || r == MIR_PREG_VCC + 1; }

/* Whether `ins` stays in place (a region boundary). */
static bool is_fixed(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) {
    if (!ssa_vector_pseudo(ins->opcode)) return true;
  } else {
    const isa_info *ii = &isa_table[ins->opcode];
    if (ii->flags & (ISA_F_BRANCH | ISA_F_TERMINATOR | ISA_F_BARRIER | ISA_F_WRITES_EXEC | ISA_F_READS_EXEC_ALWAYS |
                     ISA_F_WRITES_M0 | ISA_F_READS_M0))
      return true;
    if (ii->format == ISA_FMT_SOPP) return true;
    if (ins->opcode == ISA_S_SETREG_B32 || ins->opcode == ISA_S_SETREG_IMM32_B32 || ins->opcode == ISA_S_GETREG_B32)
      return true;
  }
  for (unsigned k = 0; k < ins->num_ops + ins->num_defs; k++) {
    const mir_operand *o = k < ins->num_ops ? &ins->ops[k] : &ins->defs[k - ins->num_ops];
    if ((o->kind == MIR_OPND_FIXED || o->kind == MIR_OPND_TEMP) && o->preg != MIR_PREG_NONE && !is_scc_vcc(o->preg))
      return true;
  }
  return false;
}

/* A load with a counter: in occupancy mode it stays where sched-loads
 * put it (a region boundary), so the pressure order keeps its latency
 * hidden; the work between the loads is what gets reordered. */
static bool is_load(const mir_instr *ins) {
  return ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_LOAD) &&
         (isa_table[ins->opcode].flags & (ISA_F_VMCNT | ISA_F_LGKMCNT));
}

static bool names_preg(const mir_operand *v, unsigned n, unsigned res) {
  for (unsigned k = 0; k < n; k++) {
    if (v[k].kind != MIR_OPND_TEMP && v[k].kind != MIR_OPND_FIXED) continue;
    if (res == RES_SCC ? v[k].preg == MIR_PREG_SCC : (v[k].preg == MIR_PREG_VCC || v[k].preg == MIR_PREG_VCC + 1))
      return true;
  }
  return false;
}

/* A 64-bit SGPR temporary among `v`: the instruction names its lane mask
 * itself, so its VCC flag is not an implicit access. */
static bool has_s2_temp(const mir_operand *v, unsigned n) {
  for (unsigned k = 0; k < n; k++)
    if (v[k].kind == MIR_OPND_TEMP && !mir_rc_is_vgpr(v[k].temp.rc) && mir_rc_size(v[k].temp.rc) == 2) return true;
  return false;
}

/* Whether `ins` reads (write: writes) resource `res`. */
static bool res_access(const mir_instr *ins, unsigned res, bool write) {
  const mir_operand *v = write ? ins->defs : ins->ops;
  unsigned n = write ? ins->num_defs : ins->num_ops;
  if (names_preg(v, n, res)) return true;
  if (ins->opcode >= ISA_NUM_OPS) return false;
  uint32_t f = isa_table[ins->opcode].flags;
  if (res == RES_SCC) return (f & (write ? ISA_F_WRITES_SCC : ISA_F_READS_SCC)) != 0;
  return (f & (write ? ISA_F_WRITES_VCC : ISA_F_READS_VCC)) && !has_s2_temp(v, n);
}

/* Memory class: 0 none, 1 plain load (may pass other plain loads),
 * 2 ordered (stores, atomics, volatile loads, other counter users). */
static unsigned mem_class(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return 0;
  uint32_t f = isa_table[ins->opcode].flags;
  /* a cache operation (buffer_gl0_inv: no counter on RDNA) orders the
   * loads around it like a fence (sched_loads.c may_cross) */
  if (isa_table[ins->opcode].format == ISA_FMT_MUBUF && !(f & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC))) return 2;
  if (!(f & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT))) return 0;
  if ((f & ISA_F_LOAD) && !(f & (ISA_F_STORE | ISA_F_ATOMIC | ISA_F_EXPCNT)) && !(ins->enc_flags & MIR_ENC_ORDERED_MASK))
    return 1;
  return 2;
}

static inline unsigned file_of(mir_rc rc) { return mir_rc_is_vgpr(rc) ? 0 : 1; }

static bool counted(const sp_ctx *c, const mir_operand *o) { return o->kind == MIR_OPND_TEMP && !c->special[o->temp.id]; }

/* Moves the live set from after `ins` to before it. */
static void step_up(const mir_instr *ins, uint64_t *live) {
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].kind == MIR_OPND_TEMP) bitset_clear(live, ins->defs[k].temp.id);
  if (mir_is_phi(ins)) return;
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].kind == MIR_OPND_TEMP) bitset_set(live, ins->ops[k].temp.id);
}

/* Exact demand of `v[0..n)` given the temporaries live after it
 * (`live_end`, `cur_end` registers per file): mir_liveness's own step
 * (mir_demand_step, which leaves the instructions unchanged here). */
static void region_cost(sp_ctx *c, mir_instr *const *v, uint32_t n, const uint64_t *live_end, const int cur_end[2],
                        sp_cost *out) {
  uint64_t *live = c->work;
  bitset_copy(live, live_end, c->words);
  mir_reg_demand cur = {.sgpr = (uint16_t)cur_end[1], .vgpr = (uint16_t)cur_end[0]};
  memset(out, 0, sizeof *out);
  for (uint32_t i = n; i-- > 0;) {
    mir_reg_demand at = mir_demand_step(c->p, c->special, v[i], live, &cur, false);
    unsigned file_at[2] = {at.vgpr, at.sgpr}; /* file_of: 0 VGPRs, 1 SGPRs */
    for (unsigned f = 0; f < 2; f++) {
      if (file_at[f] > out->peak[f]) out->peak[f] = file_at[f];
      if (file_at[f] > c->budget[f]) out->excess[f] += file_at[f] - c->budget[f];
    }
  }
}

/* The dependence graph of a region, as predecessor lists (CSR) and the
 * number of successors of each instruction. */
typedef struct sp_dag {
  uint32_t *pred_start, *preds; /* preds of i: preds[pred_start[i] .. pred_start[i+1]) */
  uint32_t *succ_start, *succs; /* the same for successors */
  uint32_t *nsucc;
} sp_dag;

typedef struct edge_buf {
  uint32_t (*e)[2];
  uint32_t n, cap;
  arena *mem;
} edge_buf;

static void add_edge(edge_buf *eb, uint32_t from, uint32_t to) {
  if (eb->n == eb->cap) {
    uint32_t cap = eb->cap ? eb->cap * 2 : 64;
    eb->e = arena_grow(eb->mem, eb->e, eb->n, cap, sizeof *eb->e);
    eb->cap = cap;
  }
  eb->e[eb->n][0] = from;
  eb->e[eb->n][1] = to;
  eb->n++;
}

static void build_dag(sp_ctx *c, mir_instr *const *v, uint32_t n, sp_dag *g) {
  edge_buf eb = {NULL, 0, 0, c->tmp};
  uint32_t last_w[RES_NUM] = {UINT32_MAX, UINT32_MAX};
  uint32_t *readers[RES_NUM], nreaders[RES_NUM] = {0, 0};
  uint32_t *loads = arena_alloc(c->tmp, n * sizeof *loads), nloads = 0, last_mem = UINT32_MAX;
  for (unsigned r = 0; r < RES_NUM; r++) readers[r] = arena_alloc(c->tmp, n * sizeof *readers[r]);
  for (uint32_t i = 0; i < n; i++) {
    const mir_instr *ins = v[i];
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_TEMP && c->def_at[ins->ops[k].temp.id])
        add_edge(&eb, c->def_at[ins->ops[k].temp.id] - 1, i);
    for (unsigned r = 0; r < RES_NUM; r++) {
      bool rd = res_access(ins, r, false), wr = res_access(ins, r, true);
      if ((rd || wr) && last_w[r] != UINT32_MAX) add_edge(&eb, last_w[r], i);
      if (wr) {
        for (uint32_t k = 0; k < nreaders[r]; k++)
          if (readers[r][k] != i) add_edge(&eb, readers[r][k], i);
        nreaders[r] = 0;
        last_w[r] = i;
      } else if (rd) {
        readers[r][nreaders[r]++] = i;
      }
    }
    unsigned mc = mem_class(ins);
    if (mc && last_mem != UINT32_MAX) add_edge(&eb, last_mem, i);
    if (mc == 1) loads[nloads++] = i;
    if (mc == 2) {
      for (uint32_t k = 0; k < nloads; k++) add_edge(&eb, loads[k], i);
      nloads = 0;
      last_mem = i;
    }
    for (unsigned k = 0; k < ins->num_defs; k++)
      if (ins->defs[k].kind == MIR_OPND_TEMP) c->def_at[ins->defs[k].temp.id] = i + 1;
  }
  for (uint32_t i = 0; i < n; i++)
    for (unsigned k = 0; k < v[i]->num_defs; k++)
      if (v[i]->defs[k].kind == MIR_OPND_TEMP) c->def_at[v[i]->defs[k].temp.id] = 0;
  g->pred_start = arena_alloc(c->tmp, (n + 1) * sizeof *g->pred_start);
  g->preds = arena_alloc(c->tmp, (eb.n ? eb.n : 1) * sizeof *g->preds);
  g->nsucc = arena_alloc(c->tmp, n * sizeof *g->nsucc);
  for (uint32_t k = 0; k < eb.n; k++) {
    g->pred_start[eb.e[k][1] + 1]++;
    g->nsucc[eb.e[k][0]]++;
  }
  for (uint32_t i = 0; i < n; i++) g->pred_start[i + 1] += g->pred_start[i];
  g->succ_start = arena_alloc(c->tmp, (n + 1) * sizeof *g->succ_start);
  g->succs = arena_alloc(c->tmp, (eb.n ? eb.n : 1) * sizeof *g->succs);
  for (uint32_t i = 0; i < n; i++) g->succ_start[i + 1] = g->succ_start[i] + g->nsucc[i];
  uint32_t *fill = arena_alloc(c->tmp, (n ? n : 1) * sizeof *fill), *sfill = arena_alloc(c->tmp, (n ? n : 1) * sizeof *sfill);
  for (uint32_t k = 0; k < eb.n; k++) {
    uint32_t from = eb.e[k][0], to = eb.e[k][1];
    g->preds[g->pred_start[to] + fill[to]++] = from;
    g->succs[g->succ_start[from] + sfill[from]++] = to;
  }
}

/* Change of live registers per file when `ins` is placed next (walking
 * up) with `live` live below it. With `users` (per temporary, the
 * unplaced instructions of the region that read it), the change is in
 * 1/64 registers and an operand that starts its life here is charged
 * only its share among those readers: a pointer that six loads read
 * becomes live with whichever load goes first, so the first one is not
 * to blame for all of it (the Sethi-Ullman view of a shared operand). */
static void placement_delta(const sp_ctx *c, const mir_instr *ins, const uint64_t *live, const uint32_t *users,
                            int d[2]) {
  int unit = users ? 64 : 1;
  d[0] = d[1] = 0;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *o = &ins->defs[k];
    if (counted(c, o) && bitset_test(live, o->temp.id)) d[file_of(o->temp.rc)] -= unit * (int)mir_rc_size(o->temp.rc);
  }
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (!counted(c, o) || bitset_test(live, o->temp.id)) continue;
    bool dup = false;
    for (unsigned j = 0; j < k; j++) dup |= ins->ops[j].kind == MIR_OPND_TEMP && ins->ops[j].temp.id == o->temp.id;
    if (dup) continue;
    int sz = unit * (int)mir_rc_size(o->temp.rc);
    d[file_of(o->temp.rc)] += users && users[o->temp.id] > 1 ? sz / (int)users[o->temp.id] : sz;
  }
}

/* Adds `sign` to users[t] for each distinct temporary `ins` reads. */
static void count_users(const mir_instr *ins, uint32_t *users, int sign) {
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind != MIR_OPND_TEMP) continue;
    bool dup = false;
    for (unsigned j = 0; j < k; j++) dup |= ins->ops[j].kind == MIR_OPND_TEMP && ins->ops[j].temp.id == o->temp.id;
    if (!dup) users[o->temp.id] += (uint32_t)sign;
  }
}

/* Bottom-up list scheduling of v[0..n) into out[0..n). `over[f]`: file f
 * exceeds its budget in the region. `always`: the pressure rule applies
 * throughout, else only while the live registers of an over-budget file
 * are at or above its budget. */
static void list_schedule(sp_ctx *c, mir_instr *const *v, uint32_t n, const sp_dag *g, const uint64_t *live_end,
                          const int cur_end[2], const bool over[2], bool always, mir_instr **out) {
  uint64_t *live = c->work;
  bitset_copy(live, live_end, c->words);
  int cur[2] = {cur_end[0], cur_end[1]};
  uint32_t *left = arena_alloc(c->tmp, n * sizeof *left);
  uint32_t *ready = arena_alloc(c->tmp, n * sizeof *ready), nready = 0;
  memcpy(left, g->nsucc, n * sizeof *left);
  for (uint32_t i = 0; i < n; i++) {
    if (!left[i]) ready[nready++] = i;
    count_users(v[i], c->users, 1);
  }
  for (uint32_t pos = n; pos-- > 0;) {
    bool pressure = always;
    for (unsigned f = 0; f < 2; f++) pressure |= over[f] && cur[f] >= (int)c->budget[f];
    uint32_t best = 0;
    int best_key[3] = {0, 0, 0};
    for (uint32_t r = 0; r < nready; r++) {
      int d[2], key[3];
      placement_delta(c, v[ready[r]], live, c->users, d);
      int dover = (over[0] ? d[0] : 0) + (over[1] ? d[1] : 0), dother = (over[0] ? 0 : d[0]) + (over[1] ? 0 : d[1]);
      key[0] = pressure ? dover : 0;
      key[1] = pressure ? dother : 0;
      key[2] = -(int)ready[r]; /* later in the old order first */
      if (r == 0 || key[0] < best_key[0] || (key[0] == best_key[0] && key[1] < best_key[1]) ||
          (key[0] == best_key[0] && key[1] == best_key[1] && key[2] < best_key[2])) {
        best = r;
        memcpy(best_key, key, sizeof key);
      }
    }
    uint32_t i = ready[best];
    ready[best] = ready[--nready];
    out[pos] = v[i];
    int d[2];
    placement_delta(c, v[i], live, NULL, d);
    count_users(v[i], c->users, -1);
    cur[0] += d[0];
    cur[1] += d[1];
    for (unsigned k = 0; k < v[i]->num_defs; k++)
      if (v[i]->defs[k].kind == MIR_OPND_TEMP) bitset_clear(live, v[i]->defs[k].temp.id);
    for (unsigned k = 0; k < v[i]->num_ops; k++)
      if (v[i]->ops[k].kind == MIR_OPND_TEMP) bitset_set(live, v[i]->ops[k].temp.id);
    for (uint32_t k = g->pred_start[i]; k < g->pred_start[i + 1]; k++)
      if (!--left[g->preds[k]]) ready[nready++] = g->preds[k];
  }
}


/* Spill code the order v[0..n) needs in file f, estimated as the spiller
 * does it (Belady's MIN, Braun and Hack's next-use rule): the values live
 * into the region occupy registers up to the budget, each operand not in
 * a register is reloaded, and a register is made free by evicting the
 * value whose next use is furthest (values live after the region count
 * as used after its end); an evicted value is stored once. Returns
 * stores + reloads. `live_in` is the set live before the region. */
#define SP_NEVER 0xffffffffu
static unsigned min_cost(sp_ctx *c, mir_instr *const *v, uint32_t n, const uint64_t *live_in, const uint64_t *live_end,
                         unsigned f) {
  /* next use of each operand / definition, from a backward walk */
  uint32_t *next = c->next;
  for (uint32_t i = n; i-- > 0;) {
    const mir_instr *ins = v[i];
    uint32_t *opn_i = c->nu + (size_t)i * c->stride, *defn_i = opn_i + ins->num_ops;
    for (unsigned k = 0; k < ins->num_defs; k++) {
      const mir_operand *o = &ins->defs[k];
      if (o->kind != MIR_OPND_TEMP) continue;
      uint32_t t = o->temp.id;
      defn_i[k] = c->seen[t] ? next[t] : (bitset_test(live_end, t) ? n : SP_NEVER);
    }
    for (unsigned k = 0; k < ins->num_ops; k++) {
      const mir_operand *o = &ins->ops[k];
      if (o->kind != MIR_OPND_TEMP) continue;
      uint32_t t = o->temp.id;
      opn_i[k] = c->seen[t] ? next[t] : (bitset_test(live_end, t) ? n : SP_NEVER);
    }
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_TEMP) {
        next[ins->ops[k].temp.id] = i;
        c->seen[ins->ops[k].temp.id] = 1;
      }
  }
  /* registers: the values live in, nearest next use first, up to the budget */
  uint32_t *w = c->wset, nw = 0;
  unsigned used = 0, cost = 0;
  for (uint32_t t = bitset_next(live_in, c->words, 0); t != UINT32_MAX; t = bitset_next(live_in, c->words, t + 1)) {
    if (c->special[t] || file_of(c->p->temp_rc[t]) != f) continue;
    c->cur[t] = c->seen[t] ? next[t] : n;
    w[nw++] = t;
  }
  for (uint32_t a = 1; a < nw; a++) /* insertion sort by next use (ids break ties) */
    for (uint32_t b = a; b > 0 && c->cur[w[b]] < c->cur[w[b - 1]]; b--) {
      uint32_t x = w[b];
      w[b] = w[b - 1];
      w[b - 1] = x;
    }
  uint32_t keep = 0;
  for (uint32_t a = 0; a < nw; a++) {
    unsigned sz = mir_rc_size(c->p->temp_rc[w[a]]);
    if (used + sz > c->budget[f]) continue;
    used += sz;
    c->inreg[w[a]] = 1;
    w[keep++] = w[a];
  }
  nw = keep;
  for (uint32_t i = 0; i < n; i++) {
    const mir_instr *ins = v[i];
    /* operands into registers; this instruction's operands are not evicted */
    for (unsigned pass = 0; pass < 2; pass++)
      for (unsigned k = 0; k < ins->num_ops + ins->num_defs; k++) {
        bool def = k >= ins->num_ops;
        const mir_operand *o = def ? &ins->defs[k - ins->num_ops] : &ins->ops[k];
        if (!counted(c, o) || file_of(o->temp.rc) != f) continue;
        uint32_t t = o->temp.id;
        if (pass == 0) {
          if (!def) c->pinned[t] = 1;
          continue;
        }
        if (c->inreg[t]) {
          if (!def) c->cur[t] = c->nu[(size_t)i * c->stride + k];
          continue;
        }
        unsigned sz = mir_rc_size(o->temp.rc);
        while (used + sz > c->budget[f]) {
          uint32_t victim = UINT32_MAX;
          for (uint32_t a = 0; a < nw; a++)
            if (!c->pinned[w[a]] && (victim == UINT32_MAX || c->cur[w[a]] > c->cur[w[victim]])) victim = a;
          if (victim == UINT32_MAX) break; /* the instruction alone exceeds the budget */
          uint32_t x = w[victim];
          if (c->cur[x] != SP_NEVER && !c->stored[x]) {
            c->stored[x] = 1;
            cost++;
          }
          c->inreg[x] = 0;
          used -= mir_rc_size(c->p->temp_rc[x]);
          w[victim] = w[--nw];
        }
        if (!def) cost++; /* a reload */
        c->inreg[t] = 1;
        c->pinned[t] = 1;
        c->cur[t] = c->nu[(size_t)i * c->stride + k]; /* defs follow the operands */
        used += sz;
        w[nw++] = t;
      }
    /* unpin; values without a further use leave their register */
    for (uint32_t a = 0; a < nw;) {
      uint32_t t = w[a];
      c->pinned[t] = 0;
      if (c->cur[t] == SP_NEVER) {
        c->inreg[t] = 0;
        used -= mir_rc_size(c->p->temp_rc[t]);
        w[a] = w[--nw];
      } else {
        a++;
      }
    }
  }
  /* reset the per-temporary state this region touched */
  for (uint32_t a = 0; a < nw; a++) c->inreg[w[a]] = 0;
  for (uint32_t i = 0; i < n; i++)
    for (unsigned k = 0; k < v[i]->num_ops + v[i]->num_defs; k++) {
      const mir_operand *o = k < v[i]->num_ops ? &v[i]->ops[k] : &v[i]->defs[k - v[i]->num_ops];
      if (o->kind == MIR_OPND_TEMP) c->seen[o->temp.id] = c->stored[o->temp.id] = c->inreg[o->temp.id] = 0;
    }
  for (uint32_t t = bitset_next(live_in, c->words, 0); t != UINT32_MAX; t = bitset_next(live_in, c->words, t + 1))
    c->stored[t] = c->inreg[t] = 0;
  return cost;
}


/* MIN's stores and reloads for `v`, summed over the over-budget files. */
static unsigned min_total(sp_ctx *c, mir_instr *const *v, uint32_t n, const uint64_t *live_in, const uint64_t *live_end,
                          const bool over[2]) {
  unsigned m = 0;
  for (unsigned f = 0; f < 2; f++)
    if (over[f]) m += min_cost(c, v, n, live_in, live_end, f);
  return m;
}

/* Whether `a` and `b` read a temporary in common. */
static bool shares_operand(const mir_instr *a, const mir_instr *b) {
  for (unsigned i = 0; i < a->num_ops; i++)
    if (a->ops[i].kind == MIR_OPND_TEMP)
      for (unsigned j = 0; j < b->num_ops; j++)
        if (b->ops[j].kind == MIR_OPND_TEMP && b->ops[j].temp.id == a->ops[i].temp.id) return true;
  return false;
}

/* Moves order[p] to position t, shifting the ones between; keeps
 * ix (original index per position) and pos (position per original
 * index) in step. */
static void move_to(mir_instr **order, uint32_t *ix, uint32_t *pos, uint32_t p, uint32_t t) {
  mir_instr *x = order[p];
  uint32_t xi = ix[p];
  if (t > p) {
    memmove(order + p, order + p + 1, (t - p) * sizeof *order);
    memmove(ix + p, ix + p + 1, (t - p) * sizeof *ix);
  } else {
    memmove(order + t + 1, order + t, (p - t) * sizeof *order);
    memmove(ix + t + 1, ix + t, (p - t) * sizeof *ix);
  }
  order[t] = x;
  ix[t] = xi;
  for (uint32_t k = p < t ? p : t; k <= (p < t ? t : p); k++) pos[ix[k]] = k;
}

/* Local search on `order` (a valid order of v, the region's original
 * instructions, that g describes): each instruction in turn tries the
 * earliest and the latest place its dependences allow, and stays there
 * when MIN's estimate of spill code falls. A few rounds, until none
 * helps; *cost is the estimate of `order`, kept up to date. */
#define SP_SEARCH_ROUNDS 4
#define SP_TARGETS 8
#define SP_SEARCH_MAX 400 /* larger regions: list scheduling only (O(n^2) per round) */
#define SP_SEARCH_WORK 4000000u /* instructions MIN may walk per program in the search (~0.1 s) */
static void local_search(sp_ctx *c, mir_instr *const *v, mir_instr **order, uint32_t n, const sp_dag *g,
                         const uint64_t *live_in, const uint64_t *live_end, const bool over[2], unsigned *cost) {
  uint32_t *ix = arena_alloc(c->tmp, n * sizeof *ix), *pos = arena_alloc(c->tmp, n * sizeof *pos);
  for (uint32_t k = 0; k < n; k++) /* the original index of each position */
    for (uint32_t i = 0; i < n; i++)
      if (v[i] == order[k]) {
        ix[k] = i;
        pos[i] = k;
        break;
      }
  for (unsigned round = 0; round < SP_SEARCH_ROUNDS && *cost; round++) {
    bool any = false;
    for (uint32_t i = 0; i < n && *cost; i++) {
      uint32_t p = pos[i], lo = 0, hi = n - 1;
      for (uint32_t k = g->pred_start[i]; k < g->pred_start[i + 1]; k++)
        if (pos[g->preds[k]] + 1 > lo) lo = pos[g->preds[k]] + 1;
      for (uint32_t k = g->succ_start[i]; k < g->succ_start[i + 1]; k++)
        if (pos[g->succs[k]] - 1 < hi) hi = pos[g->succs[k]] - 1;
      /* the two ends, and next to the other readers of its operands
       * (the operands' lives get shorter there) */
      uint32_t targets[SP_TARGETS] = {lo, hi}, nt = 2;
      for (uint32_t q = lo; q <= hi && nt < SP_TARGETS; q++)
        if (q != p && shares_operand(order[q], order[p])) targets[nt++] = q < p ? q + 1 : q;
      for (unsigned t = 0; t < nt; t++) {
        if (targets[t] == p) continue;
        if (c->work_left < n) return;
        c->work_left -= n;
        move_to(order, ix, pos, p, targets[t]);
        unsigned m = min_total(c, order, n, live_in, live_end, over);
        if (m < *cost) {
          *cost = m;
          any = true;
          break;
        }
        move_to(order, ix, pos, targets[t], p);
      }
    }
    if (!any) break;
  }
}

/* Whether `nw` is better than `old` (see the head comment). */
static bool better(const sp_ctx *c, const sp_cost *nw, const sp_cost *old, const bool over[2]) {
  bool gain = false;
  for (unsigned f = 0; f < 2; f++) {
    if (over[f]) {
      if (nw->peak[f] > old->peak[f] || nw->excess[f] > old->excess[f]) return false;
      gain |= nw->peak[f] < old->peak[f] || nw->excess[f] < old->excess[f];
    } else if (nw->peak[f] > old->peak[f] && nw->peak[f] > c->budget[f]) {
      return false;
    }
  }
  return gain;
}

/* Occupancy mode: region v[0..n) exceeds the VGPRs of a better
 * occupancy (c->budget[0]) in a program that fits its budget. Of the two
 * list schedules (pressure first only at or over that count, and
 * throughout), the one with the lower VGPR peak is kept when that peak is
 * below the old one and its SGPR peak is at most the old one or
 * `sgpr_max` (the program's): no spill estimate, nothing spills. */
static bool occupancy_region(sp_ctx *c, mir_instr **v, uint32_t n, const uint64_t *live_end, const int cur_end[2],
                             const sp_cost *old, unsigned sgpr_max) {
  sp_dag g;
  build_dag(c, v, n, &g);
  bool over[2] = {true, false};
  mir_instr **best = NULL;
  unsigned best_peak = old->peak[0];
  for (unsigned a = 0; a < 2; a++) {
    mir_instr **cand = arena_alloc(c->tmp, n * sizeof *cand);
    list_schedule(c, v, n, &g, live_end, cur_end, over, a == 1, cand);
    sp_cost nc;
    region_cost(c, cand, n, live_end, cur_end, &nc);
    if (nc.peak[0] < best_peak && (nc.peak[1] <= old->peak[1] || nc.peak[1] <= sgpr_max)) {
      best_peak = nc.peak[0];
      best = cand;
    }
  }
  if (!best || !memcmp(best, v, n * sizeof *v)) return false;
  memcpy(v, best, n * sizeof *v);
  return true;
}

/* Schedules region v[0..n) (live_end live after it); returns whether
 * the order changed. */
static bool schedule_region(sp_ctx *c, mir_instr **v, uint32_t n, const uint64_t *live_end, unsigned sgpr_max) {
  int cur_end[2] = {0, 0};
  for (uint32_t t = bitset_next(live_end, c->words, 0); t != UINT32_MAX; t = bitset_next(live_end, c->words, t + 1))
    if (!c->special[t]) cur_end[file_of(c->p->temp_rc[t])] += (int)mir_rc_size(c->p->temp_rc[t]);
  sp_cost old;
  region_cost(c, v, n, live_end, cur_end, &old);
  bool over[2] = {old.excess[0] > 0, old.excess[1] > 0};
  if (c->occ) return over[0] && occupancy_region(c, v, n, live_end, cur_end, &old, sgpr_max);
  if (!over[0] && !over[1]) return false;
  sp_dag g;
  build_dag(c, v, n, &g);
  uint64_t *live_in = arena_alloc(c->tmp, c->words * sizeof *live_in);
  bitset_copy(live_in, live_end, c->words);
  for (uint32_t i = n; i-- > 0;) step_up(v[i], live_in);
  c->stride = 1;
  for (uint32_t i = 0; i < n; i++)
    if (v[i]->num_ops + v[i]->num_defs > c->stride) c->stride = v[i]->num_ops + v[i]->num_defs;
  c->nu = arena_alloc(c->tmp, (size_t)n * c->stride * sizeof *c->nu);
  unsigned old_min = min_total(c, v, n, live_in, live_end, over), best_min = old_min;
  /* candidates: the two list schedules, then a local search from the
   * one of the old order and those two with the smallest estimate */
  mir_instr **cand[3], **best = NULL, *const *start = v;
  unsigned mins[3], start_min = old_min;
  sp_cost best_cost = old;
  for (unsigned a = 0; a < 3; a++) {
    cand[a] = arena_alloc(c->tmp, n * sizeof *cand[a]);
    if (a < 2) {
      list_schedule(c, v, n, &g, live_end, cur_end, over, a == 0, cand[a]);
      mins[a] = min_total(c, cand[a], n, live_in, live_end, over);
      if (mins[a] < start_min) {
        start = cand[a];
        start_min = mins[a];
      }
    } else {
      if (n > SP_SEARCH_MAX) break;
      memcpy(cand[a], start, n * sizeof *cand[a]);
      mins[a] = start_min;
      local_search(c, v, cand[a], n, &g, live_in, live_end, over, &mins[a]);
    }
    sp_cost nc;
    region_cost(c, cand[a], n, live_end, cur_end, &nc);
    unsigned nm = mins[a];
    /* the estimate must gain by a margin (an eighth, and two stores or
     * reloads): it is not the spiller, and a new order in a loop can cost
     * copies on the back edge that no estimate here sees */
    if (better(c, &nc, &best_cost, over) && nm < best_min && nm * 8 <= old_min * 7 && nm + 2 <= old_min) {
      best_min = nm;
      best = cand[a];
      best_cost = nc;
    }
  }
  if (!best || !memcmp(best, v, n * sizeof *v)) return false;
  memcpy(v, best, n * sizeof *v);
  return true;
}

/* Registers the allocation may need above the demand (tuples, copies):
 * occupancy mode counts a rise only with these to spare. Measured: the
 * gfx900 k_dynamic of f_fpmode_rounding_f16_f64.ll went from a demand of
 * 29 to 27 and was allocated 32 VGPRs (4 more copies, the same 8 waves). */
#define SP_OCC_SLACK 3

/* The VGPRs of the next better occupancy step than `vgprs` gives on p's
 * target, or 0 when `vgprs` already gives the most waves. */
static unsigned better_occupancy_vgprs(const mir_program *p, unsigned vgprs) {
  const wavecc_target *t = p->target;
  unsigned w = wavecc_waves_for_vgprs(t, vgprs);
  if (!w || w >= t->max_waves_per_simd) return 0;
  return wavecc_max_vgprs_for_waves(t, w + 1);
}

int mir_sched_pressure(mir_program *p, diag *d) {
  if (p->regs_assigned || !p->num_blocks) return 0;
  mir_liveness(p, d);
  const mir_live_info *li = p->live;
  sp_ctx c;
  c.p = p;
  c.budget[0] = mir_vgpr_budget(p);
  c.budget[1] = mir_sgpr_budget(p);
  c.occ = false;
  mir_reg_demand max0 = li->max;
  if (li->max.vgpr <= c.budget[0] && li->max.sgpr <= c.budget[1]) {
    /* Fits: an order with fewer VGPRs at its peak may still give more
     * waves per SIMD (llc-19's GCNMaxOccupancy scheduling stage). Each
     * region over the next occupancy step is list-scheduled for
     * pressure; the new orders stay only if the program's occupancy
     * rises (f_vec_intrinsics.ll: every result computed before the
     * stores, 64 VGPRs at gfx900 where llc-19 needs 26). */
    unsigned step = better_occupancy_vgprs(p, li->max.vgpr);
    if (!step || step >= c.budget[0]) return 0;
    c.occ = true;
    c.budget[0] = step;
  }
  arena tmp;
  arena_init(&tmp);
  c.tmp = &tmp;
  c.work_left = SP_SEARCH_WORK;
  c.words = li->words;
  c.special = mir_special_temps(p, &tmp);
  c.work = arena_alloc(&tmp, c.words * sizeof *c.work);
  c.def_at = arena_alloc(&tmp, (p->num_temps ? p->num_temps : 1) * sizeof *c.def_at);
  uint64_t *live = arena_alloc(&tmp, c.words * sizeof *live);
  size_t nt = p->num_temps ? p->num_temps : 1;
  c.next = arena_alloc(&tmp, nt * sizeof *c.next);
  c.cur = arena_alloc(&tmp, nt * sizeof *c.cur);
  c.users = arena_alloc(&tmp, nt * sizeof *c.users);
  c.wset = arena_alloc(&tmp, nt * sizeof *c.wset);
  c.seen = arena_alloc(&tmp, nt);
  c.inreg = arena_alloc(&tmp, nt);
  c.pinned = arena_alloc(&tmp, nt);
  c.stored = arena_alloc(&tmp, nt);
  bool changed = false;
  mir_instr ***saved = c.occ ? arena_alloc(&tmp, p->num_blocks * sizeof *saved) : NULL;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    if (saved) saved[bi] = NULL;
    if (li->block_max[bi].vgpr <= c.budget[0] && li->block_max[bi].sgpr <= c.budget[1]) continue;
    if (saved) { /* the old order, to put back if occupancy does not rise */
      saved[bi] = arena_alloc(&tmp, (b->num_instrs ? b->num_instrs : 1) * sizeof **saved);
      memcpy(saved[bi], b->instrs, b->num_instrs * sizeof *b->instrs);
    }
    bitset_copy(live, li->live_out[bi], c.words);
    for (uint32_t i = b->num_instrs; i > 0;) {
      if (is_fixed(b->instrs[i - 1]) || (c.occ && is_load(b->instrs[i - 1]))) {
        step_up(b->instrs[--i], live);
        continue;
      }
      uint32_t lo = i - 1;
      while (lo > 0 && !is_fixed(b->instrs[lo - 1]) && !(c.occ && is_load(b->instrs[lo - 1]))) lo--;
      if (i - lo >= 3) changed |= schedule_region(&c, b->instrs + lo, i - lo, live, max0.sgpr);
      while (i > lo) step_up(b->instrs[--i], live);
    }
  }
  if (changed && c.occ) {
    p->live = NULL;
    mir_liveness(p, d);
    if (wavecc_waves_for_vgprs(p->target, p->live->max.vgpr + SP_OCC_SLACK) <=
            wavecc_waves_for_vgprs(p->target, max0.vgpr) ||
        p->live->max.sgpr > max0.sgpr) {
      for (uint32_t bi = 0; bi < p->num_blocks; bi++)
        if (saved[bi]) memcpy(p->blocks[bi].instrs, saved[bi], p->blocks[bi].num_instrs * sizeof *saved[bi]);
    }
  }
  arena_free(&tmp);
  if (changed) p->live = NULL; /* the order changed: kill flags and demand are stale */
  return 0;
}
