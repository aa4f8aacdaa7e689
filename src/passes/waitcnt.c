/* s_waitcnt insertion.
 *
 * Memory instructions return their results asynchronously; three
 * counters track them (Vega ISA guide, "Data Dependency Resolution"):
 * vmcnt (vector memory: loads, stores, atomics; returns in order on gfx9),
 * lgkmcnt (LDS, GDS, scalar memory, messages; LDS in order, SMEM out of
 * order) and expcnt (exports, GDS). The table's ISA_F_VMCNT / LGKMCNT /
 * EXPCNT flags say which counters an instruction increments; FLAT
 * instructions increment vmcnt and lgkmcnt (they may touch LDS).
 *
 * Algorithm (after LLVM's SIInsertWaitcnts, with scores kept relative so
 * that block states merge simply):
 *  - State per counter: how many events may still be outstanding
 *    (`pending`), whether one of them is out of order, and per register
 *    unit the number of events of that counter issued after the pending
 *    write of that register (`dist`, NONE when no write is pending).
 *  - Before an instruction that reads or writes a register with a pending
 *    write (reads: RAW; writes: the load would land after the new value),
 *    the counter must drop to dist: wait cnt = min over such registers.
 *    In-order counters need exactly that; when an out-of-order event is
 *    outstanding in the counter (SMEM, FLAT in lgkmcnt) only cnt = 0 is
 *    safe. No wait when the count is at least what can be outstanding.
 *    A preceding s_waitcnt is tightened instead of adding another. A load
 *    overwriting a pending load of the same in-order counter needs none.
 *  - Counter capacity: a counter field holds at most cnt_max events
 *    (15 for lgkmcnt on gfx9). gfx9 stalls the issue of an event that
 *    would make more than that many of its counter outstanding until one
 *    completes. With only in-order events outstanding that is the oldest:
 *    the pass inserts nothing and counts the oldest complete (as LLVM's
 *    SIInsertWaitcnts relies on the stall; an explicit s_waitcnt vmcnt(62)
 *    in a loop of stores cost as much on hardware and was charged a full
 *    load latency per iteration by the emulator's estimate). Which one
 *    completes is unknown once an out-of-order event (SMEM) is in flight:
 *    then the pass waits until at most cnt_max - 1 remain (0), so every
 *    pending write keeps its exact distance and no event is assumed
 *    complete without an s_waitcnt saying so. (The pass used to drop the
 *    oldest pending write once cnt_max events followed it, out-of-order
 *    ones too: an s_load_dwordx16 followed by 17 ds_write_b32 lost its
 *    wait, issue 21.)
 *  - s_barrier waits for everything where the GPU does not back the
 *    barrier off (gfx900 has no automatic wait before barriers;
 *    wavecc_target.barrier_back_off: gfx90a, gfx942, gfx1030 need none;
 *    gfx1100 waits for all, vscnt included); s_endpgm needs no wait.
 *    s_waitcnt already in the program
 *    (fences, barriers, atomics, calls) keep only the counters that can
 *    still exceed their count (relax_wait).
 *  - Across blocks: forward dataflow over the linear CFG; the entry state
 *    of a block is the merge of its predecessors' exits (per register the
 *    smaller distance, the larger pending count, out-of-order if any),
 *    iterated to a fixed point, which is conservative at loop headers.
 *  - Lanes (the else arm of a divergent if/else): a VGPR load writes only
 *    the lanes EXEC had when it issued. Each EXEC write starts an exec
 *    epoch; a pending VGPR write remembers its epoch. `exec = S & ~exec`
 *    (s_andn2_b64 exec, S, exec; s_andn2_saveexec_b64) makes the new EXEC
 *    disjoint from the old one, and narrowing writes (s_and_saveexec_b64,
 *    s_and_b64 / s_andn2_b64 exec, exec, X) keep that disjointness. A
 *    lane-masked instruction that reads or writes a VGPR whose pending load
 *    was issued in an epoch disjoint from the current EXEC touches none of
 *    the load's lanes and needs no wait: the phi of an if/else lives in one
 *    register, so the else arm writes the register the then arm loads
 *    into. Not for instructions that ignore EXEC (v_readlane, ...), cross
 *    lanes (ds_(b)permute, ds_swizzle) or calls. Epochs are kept relative
 *    (exec writes since), merged at joins only when equal on every path.
 *
 * Encoding (gfx9): vmcnt[3:0] at [3:0] and vmcnt[5:4] at [15:14], expcnt
 * [6:4], lgkmcnt [11:8]; maxima 63, 7, 15 mean "no wait on this counter".
 * Cost: O(instructions * registers touched + blocks * slots) per pass
 * over the blocks, slots being the register units loads write; a few
 * passes until the dataflow is stable, re-running only the blocks whose
 * entry state changed.
 */
#include <assert.h>
#include <string.h>

#include "passes/passes.h"
#include "ra/ra.h"
#include "target/target.h"

enum { VM, LGKM, EXP, VS, NCNT }; /* VS: GFX10+'s store counter (vscnt), inert where the target has none */
#define UNITS 512u
#define NONE 0xffu
#define NOSLOT 0xffffu


/* Only the register units some event-counting instruction (a load, an
 * atomic with return, ...) writes can ever have a pending write; every
 * other unit keeps dist NONE (score 0) for good. The states are kept over
 * those units alone, numbered densely as slots (SGPR units first, then
 * VGPR units), which makes the per-block conversions, merges, copies and
 * comparisons O(slots) instead of O(512): a whole-range state dominated
 * the pass (and its page faults) on every kernel. */
typedef struct slots {
  uint16_t of[UNITS]; /* unit -> slot, NOSLOT if never written by an event */
  unsigned n, ns;     /* slots; SGPR slots are [0, ns) */
} slots;

typedef struct wstate {
  uint8_t *d;       /* dist [NCNT][n] (NONE: no pending write), then xdist [NCNT][n]
                     * (exec writes since that write issued; NONE: unknown) */
  uint8_t xdisj;    /* EXEC is disjoint from the EXEC of xdisj exec writes ago; NONE: none known */
  uint8_t pending[NCNT]; /* events possibly outstanding (capped at the max) */
  uint8_t ooo[NCNT];     /* an out-of-order event may be outstanding */
  uint8_t valid;         /* reached by the dataflow yet */
} wstate;

#define DIST(s, c, i, n) ((s)->d[(size_t)(c) * (n) + (i)])
#define XDIST(s, c, i, n) ((s)->d[(size_t)(NCNT + (c)) * (n) + (i)])

static void state_clear(wstate *s, const slots *sl) {
  memset(s->d, NONE, 2 * NCNT * (size_t)sl->n);
  s->xdisj = NONE;
  memset(s->pending, 0, sizeof s->pending);
  memset(s->ooo, 0, sizeof s->ooo);
  s->valid = 1;
}

static void state_copy(wstate *dst, const wstate *src, const slots *sl) {
  uint8_t *d = dst->d;
  *dst = *src;
  dst->d = d;
  memcpy(d, src->d, 2 * NCNT * (size_t)sl->n);
}

static bool state_equal(const wstate *x, const wstate *y, const slots *sl) {
  return x->valid == y->valid && x->xdisj == y->xdisj && memcmp(x->pending, y->pending, sizeof x->pending) == 0 &&
         memcmp(x->ooo, y->ooo, sizeof x->ooo) == 0 && memcmp(x->d, y->d, 2 * NCNT * (size_t)sl->n) == 0;
}

/* dst = merge(dst, src); returns true when dst changed. */
static bool state_merge(wstate *dst, const wstate *src, const slots *sl) {
  if (!src->valid) return false;
  if (!dst->valid) {
    state_copy(dst, src, sl);
    return true;
  }
  bool changed = false;
  unsigned n = sl->n;
  for (int c = 0; c < NCNT; c++) {
    for (unsigned r = 0; r < n; r++) {
      if (DIST(src, c, r, n) == NONE) continue;
      /* The exec epoch of a pending write survives only if every path that
       * has the write pending agrees on it. */
      uint8_t x = DIST(dst, c, r, n) == NONE || XDIST(dst, c, r, n) == XDIST(src, c, r, n) ? XDIST(src, c, r, n) : NONE;
      if (x != XDIST(dst, c, r, n)) {
        XDIST(dst, c, r, n) = x;
        changed = true;
      }
      if (DIST(src, c, r, n) < DIST(dst, c, r, n)) {
        DIST(dst, c, r, n) = DIST(src, c, r, n);
        changed = true;
      }
    }
    if (src->pending[c] > dst->pending[c]) { dst->pending[c] = src->pending[c]; changed = true; }
    if (src->ooo[c] && !dst->ooo[c]) { dst->ooo[c] = 1; changed = true; }
  }
  if (src->xdisj != dst->xdisj && dst->xdisj != NONE) { dst->xdisj = NONE; changed = true; }
  return changed;
}

/* Inside a block the state is kept with absolute event numbers so that
 * issuing an event is O(1): per counter `ub` counts events issued, a write
 * of the unit of slot i pending as event score[c][i] is still outstanding
 * iff score > lb (lb = ub - pending; ub - lb never exceeds the counter's
 * maximum, see "Counter capacity" above). Converted from/to the relative
 * form at block boundaries (O(slots) per block). */
typedef struct astate {
  uint32_t *score;           /* [NCNT][n] */
  uint32_t ub[NCNT], lb[NCNT];
  uint8_t ooo[NCNT];
  uint32_t *xep;             /* [NCNT][n] exec epoch of the pending write; 0: unknown */
  uint32_t xub;              /* current exec epoch (exec writes, from XBASE) */
  uint32_t xdisj;            /* epoch EXEC is disjoint from; 0: none */
  const slots *sl;
  unsigned cnt_max[NCNT];    /* the target's counter maxima (target.h), also "no wait" */
  const wavecc_target *tgt;  /* whose s_waitcnt layout the immediates use */
} astate;

/* This pass's counters (VM, LGKM, EXP) as the target's (wavecc_counter). */
static const wavecc_counter tcnt[NCNT] = {[VM] = WAVECC_CNT_VM, [LGKM] = WAVECC_CNT_LGKM, [EXP] = WAVECC_CNT_EXP,
                                         [VS] = WAVECC_CNT_VS};

/* The s_waitcnt simm16 of target t waiting for n[c] of this pass's counters. */
static uint16_t wait_encode(const wavecc_target *t, const unsigned n[NCNT]) {
  unsigned cnt[WAVECC_NUM_COUNTERS];
  for (unsigned c = 0; c < WAVECC_NUM_COUNTERS; c++) cnt[c] = wavecc_counter_max(t, (wavecc_counter)c);
  for (int c = 0; c < NCNT; c++) cnt[tcnt[c]] = n[c];
  return wavecc_waitcnt_encode(t, cnt);
}

static void wait_decode(const wavecc_target *t, int32_t simm16, unsigned n[NCNT]) {
  unsigned cnt[WAVECC_NUM_COUNTERS];
  wavecc_waitcnt_decode(t, (uint16_t)simm16, cnt);
  for (int c = 0; c < NCNT; c++) n[c] = cnt[tcnt[c]];
}

#define XBASE 1024u
#define SCORE(a, c, i) ((a)->score[(size_t)(c) * (a)->sl->n + (i)])
#define XEP(a, c, i) ((a)->xep[(size_t)(c) * (a)->sl->n + (i)])

static uint32_t xep_abs(const wstate *s, int c, unsigned i, unsigned n) {
  return DIST(s, c, i, n) == NONE || XDIST(s, c, i, n) == NONE ? 0 : XBASE - XDIST(s, c, i, n);
}

static void to_abs(const wstate *s, astate *a) {
  unsigned n = a->sl->n;
  a->xub = XBASE;
  a->xdisj = s->xdisj == NONE ? 0 : XBASE - s->xdisj;
  for (int c = 0; c < NCNT; c++) {
    for (unsigned i = 0; i < n; i++) XEP(a, c, i) = xep_abs(s, c, i, n);
    a->ub[c] = 256;
    a->lb[c] = 256 - s->pending[c];
    a->ooo[c] = s->ooo[c];
    for (unsigned i = 0; i < n; i++) SCORE(a, c, i) = DIST(s, c, i, n) == NONE ? 0 : 256 - DIST(s, c, i, n);
  }
}

static unsigned adist(const astate *a, int c, unsigned i) {
  uint32_t sc = SCORE(a, c, i);
  if (sc <= a->lb[c]) return NONE;
  assert(a->ub[c] - sc < a->cnt_max[c]);
  return a->ub[c] - sc;
}

/* adist of a register unit (NONE for units no event writes). */
static unsigned adist_unit(const astate *a, int c, unsigned u) {
  unsigned i = a->sl->of[u];
  return i == NOSLOT ? NONE : adist(a, c, i);
}

static uint8_t xrel(const astate *a, uint32_t ep) {
  return ep == 0 || a->xub - ep >= NONE ? NONE : (uint8_t)(a->xub - ep);
}

static void to_rel(const astate *a, wstate *s) {
  unsigned n = a->sl->n, ns = a->sl->ns;
  s->xdisj = xrel(a, a->xdisj);
  for (int c = 0; c < NCNT; c++) {
    /* SGPR units have no lanes: no epoch. */
    for (unsigned i = 0; i < ns; i++) XDIST(s, c, i, n) = NONE;
    for (unsigned i = ns; i < n; i++) XDIST(s, c, i, n) = adist(a, c, i) == NONE ? NONE : xrel(a, XEP(a, c, i));
    uint32_t pending = a->ub[c] - a->lb[c];
    assert(pending <= a->cnt_max[c]);
    s->pending[c] = (uint8_t)pending;
    s->ooo[c] = a->ooo[c] && pending > 0;
    for (unsigned i = 0; i < n; i++) DIST(s, c, i, n) = (uint8_t)adist(a, c, i);
  }
  s->valid = 1;
}

/* Applies "wait until at most n events of counter c are outstanding".
 * With an out-of-order event outstanding only n = 0 says which are done;
 * n = cnt_max is the field's "no wait". */
static void apply_wait(astate *a, int c, unsigned n) {
  if (n >= a->cnt_max[c] || n >= a->ub[c] - a->lb[c] || (n > 0 && a->ooo[c])) return;
  a->lb[c] = a->ub[c] - n;
  if (n == 0) a->ooo[c] = 0;
}

/* Does the target count vector-memory stores apart (vscnt, GFX10+)? */
static bool has_vs(const astate *a) { return a->cnt_max[VS] != 0; }

/* Counters an instruction increments, and whether the event is out of
 * order in each. With a store counter, stores and atomics that return
 * nothing count in vscnt instead of vmcnt (RDNA 2 ISA guide, "Data
 * Dependency Resolution"; LLVM SIInsertWaitcnts, VMEM_WRITE_ACCESS). */
static unsigned events(const astate *a, const mir_instr *ins, bool *ooo_lgkm) {
  *ooo_lgkm = false;
  if (ins->opcode >= ISA_NUM_OPS) return 0;
  const isa_info *ii = &isa_table[ins->opcode];
  unsigned m = 0;
  bool store = (ii->flags & ISA_F_STORE) || ((ii->flags & ISA_F_ATOMIC) && !ins->num_defs);
  if (ii->flags & ISA_F_VMCNT) m |= 1u << (has_vs(a) && store ? VS : VM);
  if (ii->flags & ISA_F_LGKMCNT) m |= 1u << LGKM;
  if (ii->flags & ISA_F_EXPCNT) m |= 1u << EXP;
  if (ii->format == ISA_FMT_SMEM || ii->format == ISA_FMT_FLAT) *ooo_lgkm = true;
  return m;
}

/* Is ins a cache instruction that vmcnt counts out of order: a MUBUF
 * instruction with neither data nor address (signature ";": buffer_wbl2,
 * the one of them the ISA table counts in vmcnt)? LLVM's SIInsertWaitcnts
 * gives such instructions (IsBufferInv) no place in its in-order scores,
 * and the emulator queues none, so a wait for a load issued before one
 * must not count on it (clsmith seeds 5883, 6211, 6321 at gfx90a
 * --max-vgprs=16: vmcnt(1) after buffer_wbl2 left the load overwritten).
 * Counting it out of order keeps the release's own wait after it. */
static bool unordered_vm(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  const isa_info *ii = &isa_table[ins->opcode];
  return ii->format == ISA_FMT_MUBUF && (ii->flags & ISA_F_VMCNT) && ii->sig && !strcmp(ii->sig, ";");
}

static bool opnd_is_exec(const mir_operand *o) {
  return (o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_FIXED) && o->preg == MIR_PREG_EXEC;
}

/* Whether the instruction reads and writes VGPRs only in the lanes EXEC
 * enables (so lanes of a load issued under a disjoint EXEC are untouched). */
static bool lane_masked(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  const isa_info *ii = &isa_table[ins->opcode];
  if (ii->flags & (ISA_F_IGNORES_EXEC | ISA_F_BRANCH)) return false;
  return ins->opcode != ISA_DS_SWIZZLE_B32 && ins->opcode != ISA_DS_PERMUTE_B32 && ins->opcode != ISA_DS_BPERMUTE_B32;
}

enum { X_NONE, X_NARROW, X_COMPLEMENT, X_OTHER };

/* How the instruction changes EXEC: not at all, to a subset of the old
 * EXEC, to lanes disjoint from it (S & ~exec), or otherwise. Calls and
 * pseudo instructions other than branches count as "otherwise". */
static int exec_change(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS)
    return ins->opcode == MIR_P_BRANCH || ins->opcode == MIR_P_CBRANCH_SCC || ins->opcode == MIR_P_LOGICAL_START ||
                   ins->opcode == MIR_P_LOGICAL_END
               ? X_NONE
               : X_OTHER;
  if (ins->opcode == ISA_S_SWAPPC_B64) return X_OTHER;
  bool writes = isa_table[ins->opcode].flags & ISA_F_WRITES_EXEC;
  for (unsigned k = 0; k < ins->num_defs; k++) writes |= opnd_is_exec(&ins->defs[k]);
  if (!writes) return X_NONE;
  switch (wavecc_lane_kind(ins->opcode, NULL)) { /* either lane-mask width */
  case WAVECC_LANE_AND_SAVEEXEC: return X_NARROW;           /* exec = src & exec */
  case WAVECC_LANE_ANDN2_SAVEEXEC: return X_COMPLEMENT;     /* exec = src & ~exec */
  case WAVECC_LANE_AND:
    if (ins->num_ops == 2 && (opnd_is_exec(&ins->ops[0]) || opnd_is_exec(&ins->ops[1]))) return X_NARROW;
    return X_OTHER;
  case WAVECC_LANE_ANDN2:
    if (ins->num_ops == 2 && opnd_is_exec(&ins->ops[0])) return X_NARROW; /* exec & ~X */
    if (ins->num_ops == 2 && opnd_is_exec(&ins->ops[1]) && !opnd_is_exec(&ins->ops[0])) return X_COMPLEMENT;
    return X_OTHER;
  default: return X_OTHER;
  }
}

/* An s_waitcnt already in the program (fences, barriers, atomics, libclc's
 * s_waitcnt, an earlier wait of this pass): counters that can have no more
 * than the count outstanding are left out; the wait is folded into an
 * s_waitcnt right before it, or removed when nothing is left. Returns true
 * when it removed instruction i. */
static bool relax_wait(const astate *a, mir_block *b, uint32_t i, unsigned n[NCNT]) {
  bool any = false;
  for (int c = 0; c < NCNT; c++) {
    if (n[c] >= a->cnt_max[c] || n[c] >= a->ub[c] - a->lb[c]) n[c] = a->cnt_max[c];
    else any = true;
  }
  mir_instr *prev = i > 0 ? b->instrs[i - 1] : NULL;
  if (any && prev && prev->opcode == ISA_S_WAITCNT) {
    unsigned o[NCNT];
    wait_decode(a->tgt, prev->offset, o);
    for (int c = 0; c < NCNT; c++)
      if (n[c] < o[c]) o[c] = n[c];
    prev->offset = wait_encode(a->tgt, o);
    any = false;
  }
  if (!any) {
    memmove(&b->instrs[i], &b->instrs[i + 1], (b->num_instrs - i - 1) * sizeof *b->instrs);
    b->num_instrs--;
    return true;
  }
  b->instrs[i]->offset = wait_encode(a->tgt, n);
  return false;
}

/* Inserts `s_waitcnt_vscnt null, n` at position i of b (the store
 * counter's own wait: its simm16 is the count, RDNA 2 ISA guide
 * S_WAITCNT_VSCNT), or tightens one right before i; true if inserted. */
static bool vscnt_wait(mir_program *p, mir_block *b, uint32_t i, unsigned n) {
  mir_instr *prev = i > 0 ? b->instrs[i - 1] : NULL;
  if (prev && prev->opcode == ISA_S_WAITCNT_VSCNT) {
    if (n < (unsigned)prev->offset) prev->offset = (int32_t)n;
    return false;
  }
  mir_instr *w = mir_instr_create(p, ISA_S_WAITCNT_VSCNT, 1, 0);
  w->ops[0] = mir_op_fixed(MIR_PREG_NULL, 1);
  w->offset = (int32_t)n;
  mir_block_insert(p, b, i, w);
  return true;
}

/* Is the s_waitcnt at position i of b a call's or a return's (the frame
 * pass's wait before s_swappc_b64 / s_setpc_b64, with only scalar
 * instructions touching no memory between)? Stores may stay outstanding
 * across a call in either direction, as llc-19 leaves them: its callers
 * wait for no store before s_swappc_b64, its callees for none before
 * s_setpc_b64, and both count stores as outstanding after that boundary
 * (VS pending at a function's entry and after a call). Waiting there cost
 * a store's latency per call (f_call_args.cl on gfx1100: 1.97x llc-19's
 * occupancy-model cycles). */
static bool boundary_wait(const mir_block *b, uint32_t i) {
  for (uint32_t j = i + 1; j < b->num_instrs; j++) {
    unsigned op = b->instrs[j]->opcode;
    if (op == ISA_S_SWAPPC_B64 || op == ISA_S_SETPC_B64) return true;
    if (op >= ISA_NUM_OPS || op == ISA_S_WAITCNT || op == ISA_S_WAITCNT_VSCNT) return false;
    const isa_info *ii = &isa_table[op];
    if (!isa_fmt_salu(ii->format) || (ii->flags & (ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT | ISA_F_BARRIER)))
      return false;
  }
  return false;
}

/* Runs one block from state `s` (updated to the block's exit state);
 * with `insert`, adds/tightens s_waitcnt instructions. */
static void run_block(mir_program *p, mir_block *b, wstate *s, astate *a, bool insert) {
  to_abs(s, a);
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *ins = b->instrs[i];
    if (ins->opcode == ISA_S_WAITCNT) {
      unsigned n[NCNT];
      wait_decode(a->tgt, ins->offset, n);
      /* The program's own waits (fences, barriers, atomics, calls: all
       * offset 0) ask for the vector memory accesses, stores included,
       * which vmcnt covers on gfx9: with a store counter, vscnt too. */
      unsigned vs = has_vs(a) && n[VM] == 0 && a->ub[VS] != a->lb[VS] && !boundary_wait(b, i) ? 0 : a->cnt_max[VS];
      n[VS] = a->cnt_max[VS];
      bool removed = insert && relax_wait(a, b, i, n);
      n[VS] = vs;
      for (int c = 0; c < NCNT; c++) apply_wait(a, c, n[c]);
      bool added = insert && vs < a->cnt_max[VS] && vscnt_wait(p, b, removed ? i : i + 1, vs);
      if (removed && !added) i--;
      else if (!removed && added) i++;
      continue;
    }
    if (ins->opcode == ISA_S_WAITCNT_VSCNT) {
      apply_wait(a, VS, (uint16_t)ins->offset);
      continue;
    }
    if (ins->opcode == ISA_S_ENDPGM) continue;
    if (ins->opcode == ISA_S_SWAPPC_B64 && has_vs(a)) a->lb[VS] = a->ub[VS] - a->cnt_max[VS]; /* the callee's stores */
    unsigned need[NCNT] = {NONE, NONE, NONE, NONE};
    bool lanes = a->xdisj != 0 && lane_masked(ins);
    bool ooo_ev;
    unsigned ev_mask = events(a, ins, &ooo_ev);
    bool barrier = ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_BARRIER);
    /* s_barrier on a GPU that backs it off (wavecc_target.barrier_back_off)
     * needs nothing complete; the GWS barriers and semaphores still do */
    if (barrier && ins->opcode == ISA_S_BARRIER && a->tgt->barrier_back_off) barrier = false;
    if (barrier) need[VM] = need[LGKM] = need[EXP] = need[VS] = 0;
    /* Nothing outstanding: no register can need a wait (most ALU code;
     * stores write no register). */
    bool busy = a->ub[VM] != a->lb[VM] || a->ub[LGKM] != a->lb[LGKM] || a->ub[EXP] != a->lb[EXP];
    for (unsigned k = 0; busy && k < (unsigned)ins->num_ops + ins->num_defs; k++) {
      mir_preg r;
      unsigned n;
      /* a pair's don't-care high half (mir_opnd_lo64) is read too: no
       * pending load may still be writing it (as llc-19 waits for an
       * undefined subregister's pending load; wavecc-run reports the read) */
      mir_opnd_named_units(&ins->ops[k], &r, &n);
      /* A load overwriting a pending load of the same in-order counter
       * writes after it (LLVM's SIInsertWaitcnts makes the same exception
       * for VMEM of one type). */
      bool ordered_def = k >= ins->num_ops && !ooo_ev && (ev_mask == 1u << VM || ev_mask == 1u << LGKM);
      for (unsigned u = 0; u < n && r + u < UNITS; u++) {
        unsigned i = a->sl->of[r + u];
        if (i == NOSLOT) continue; /* never pending */
        for (int c = 0; c < NCNT; c++) {
          if (ordered_def && ev_mask == 1u << c && !a->ooo[c]) continue;
          if (lanes && r + u >= 256 && XEP(a, c, i) == a->xdisj) continue; /* other lanes */
          unsigned d = adist(a, c, i);
          if (d < need[c]) need[c] = d;
        }
      }
    }
    /* Implicit reads of M0 and VCC. */
    if (busy && ins->opcode < ISA_NUM_OPS) {
      uint32_t f = isa_table[ins->opcode].flags;
      for (int c = 0; c < NCNT; c++) {
        unsigned d = NONE;
        if (f & ISA_F_READS_M0) d = adist_unit(a, c, MIR_PREG_M0);
        if (f & ISA_F_READS_VCC) {
          unsigned d0 = adist_unit(a, c, MIR_PREG_VCC), d1 = adist_unit(a, c, MIR_PREG_VCC + 1);
          if (d0 < d) d = d0;
          if (d1 < d) d = d1;
        }
        if (d < need[c]) need[c] = d;
      }
    }
    /* Counter capacity: one more event must still fit in the counter.
     * With an out-of-order event outstanding, an explicit wait. */
    for (int c = 0; c < NCNT; c++)
      if ((ev_mask & (1u << c)) && a->ub[c] - a->lb[c] >= a->cnt_max[c] && a->ooo[c] && a->cnt_max[c] - 1 < need[c])
        need[c] = a->cnt_max[c] - 1;
    unsigned w[NCNT];
    bool any = false;
    for (int c = 0; c < NCNT; c++) {
      w[c] = a->cnt_max[c];
      if (need[c] == NONE || need[c] >= a->ub[c] - a->lb[c]) continue;
      unsigned n = a->ooo[c] ? 0 : need[c];
      if (n >= a->cnt_max[c]) continue;
      w[c] = n;
      any = true;
    }
    if (any) {
      for (int c = 0; c < NCNT; c++) apply_wait(a, c, w[c]);
      if (insert && w[VS] < a->cnt_max[VS] && vscnt_wait(p, b, i, w[VS])) i++;
      if (insert && (w[VM] < a->cnt_max[VM] || w[LGKM] < a->cnt_max[LGKM] || w[EXP] < a->cnt_max[EXP])) {
        mir_instr *prev = i > 0 ? b->instrs[i - 1] : NULL;
        if (prev && prev->opcode == ISA_S_WAITCNT) {
          unsigned o[NCNT];
          wait_decode(a->tgt, prev->offset, o);
          for (int c = 0; c < NCNT; c++) if (w[c] < o[c]) o[c] = w[c];
          prev->offset = wait_encode(a->tgt, o);
        } else {
          mir_instr *wi = mir_instr_create(p, ISA_S_WAITCNT, 0, 0);
          wi->offset = wait_encode(a->tgt, w);
          mir_block_insert(p, b, i, wi);
          i++;
        }
      }
    }
    /* With only in-order events outstanding the hardware's own stall
     * retires the oldest first (as LLVM's SIInsertWaitcnts assumes): no
     * instruction, the state just knows it complete, for the instructions
     * after this one. Not for this one's own operands (above): LLVM counts
     * the oldest retired only once the event that overflows has issued,
     * and so does the emulator's check; gfx90a -O0 under a forced budget
     * (llvm-stress seed 43152) stored v0 as the 63rd VMEM access after
     * the buffer_load_dword that restores it, with no s_waitcnt. */
    for (int c = 0; c < NCNT; c++)
      if ((ev_mask & (1u << c)) && a->ub[c] - a->lb[c] >= a->cnt_max[c] && !a->ooo[c])
        apply_wait(a, c, a->cnt_max[c] - 1);
    bool ooo;
    unsigned ev = events(a, ins, &ooo);
    for (int c = 0; c < NCNT; c++) {
      if (!(ev & (1u << c))) continue;
      a->ub[c]++;
      assert(a->ub[c] - a->lb[c] <= a->cnt_max[c]); /* the capacity wait above */
      if (c == LGKM && ooo) a->ooo[c] = 1;
      if (c == VM && unordered_vm(ins)) a->ooo[c] = 1;
      for (unsigned k = 0; k < ins->num_defs; k++) {
        mir_preg r;
        unsigned n;
        mir_opnd_units(&ins->defs[k], &r, &n);
        for (unsigned u = 0; u < n && r + u < UNITS; u++) {
          unsigned i = a->sl->of[r + u]; /* a slot: every unit an event writes has one */
          /* A write still pending from another epoch: lanes unknown. */
          bool older = adist(a, c, i) != NONE && XEP(a, c, i) != a->xub;
          SCORE(a, c, i) = a->ub[c];
          XEP(a, c, i) = older ? 0 : a->xub;
        }
      }
    }
    switch (exec_change(ins)) {
    case X_NONE: break;
    case X_NARROW: a->xub++; break; /* a subset of a set disjoint from xdisj stays disjoint */
    case X_COMPLEMENT: a->xdisj = a->xub++; break;
    default: a->xub++; a->xdisj = 0; break;
    }
  }
  to_rel(a, s);
}

/* The slots: every register unit an instruction that counts events writes. */
static void find_slots(const mir_program *p, slots *sl) {
  uint8_t used[UNITS] = {0};
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      bool ooo;
      if (!events(&(astate){0}, ins, &ooo)) continue; /* any counter: the store counter does not matter here */
      for (unsigned k = 0; k < ins->num_defs; k++) {
        mir_preg r;
        unsigned n;
        mir_opnd_units(&ins->defs[k], &r, &n);
        for (unsigned u = 0; u < n && r + u < UNITS; u++) used[r + u] = 1;
      }
    }
  sl->n = 0;
  for (unsigned u = 0; u < UNITS; u++) {
    sl->of[u] = NOSLOT;
    if (!used[u]) continue;
    sl->of[u] = (uint16_t)sl->n++;
    if (u < 256) sl->ns = sl->n;
  }
}

/* A function's callers may leave loads outstanding, their destinations
 * being the argument registers: llc-19's callers do not wait before
 * s_swappc_b64, its callees wait for everything first (LLVM's
 * SIInsertWaitcnts: "the function is going to insert a wait on everything
 * in its prolog"). So does a wavecc function, before its prologue reads
 * any register; added after the dataflow, which assumes a clear entry
 * state (wavecc's own call sequences wait before the call). */
static void entry_wait(mir_program *p) {
  static const unsigned zero[NCNT] = {0};
  mir_block *b = &p->blocks[0];
  uint32_t at = 0;
  while (at < b->num_instrs && b->instrs[at] && b->instrs[at]->opcode == MIR_P_STARTPGM) at++;
  if (at < b->num_instrs && b->instrs[at] && b->instrs[at]->opcode == ISA_S_WAITCNT) {
    b->instrs[at]->offset = wait_encode(p->target, zero);
    return;
  }
  mir_instr *w = mir_instr_create(p, ISA_S_WAITCNT, 0, 0);
  w->offset = wait_encode(p->target, zero);
  mir_block_insert(p, b, at, w);
}

int mir_insert_waitcnt(mir_program *p, diag *d) {
  (void)d;
  uint32_t nb = p->num_blocks;
  if (!nb) return 0;
  arena tmp;
  arena_init(&tmp);
  slots *sl = arena_alloc(&tmp, sizeof *sl);
  find_slots(p, sl);
  size_t bytes = 2 * NCNT * (size_t)sl->n;
  wstate *in = arena_alloc(&tmp, nb * sizeof *in);
  wstate *out = arena_alloc(&tmp, nb * sizeof *out);
  uint8_t *dirty = arena_alloc(&tmp, nb);
  wstate cur = {0};
  cur.d = arena_alloc(&tmp, bytes);
  for (uint32_t b = 0; b < nb; b++) {
    in[b].d = arena_alloc(&tmp, bytes);
    out[b].d = arena_alloc(&tmp, bytes);
  }
  astate a = {0};
  a.sl = sl;
  a.tgt = p->target;
  for (int c = 0; c < NCNT; c++)
    a.cnt_max[c] = p->target->counters[tcnt[c]].bits ? wavecc_counter_max(p->target, tcnt[c]) : 0; /* VS: 0 if none */
  a.score = arena_alloc(&tmp, NCNT * (sl->n ? sl->n : 1) * sizeof *a.score);
  a.xep = arena_alloc(&tmp, NCNT * (sl->n ? sl->n : 1) * sizeof *a.xep);
  state_clear(&in[0], sl);
  if (p->is_function && a.cnt_max[VS]) in[0].pending[VS] = (uint8_t)a.cnt_max[VS]; /* the caller's stores */
  dirty[0] = 1;
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = 0; b < nb; b++) {
      /* A block whose entry state has not changed since it last ran would
       * give the same exit state again: skipped. */
      if (!in[b].valid || !dirty[b]) continue;
      dirty[b] = 0;
      state_copy(&cur, &in[b], sl);
      run_block(p, &p->blocks[b], &cur, &a, false);
      if (!out[b].valid || !state_equal(&cur, &out[b], sl)) {
        state_copy(&out[b], &cur, sl);
        for (uint32_t k = 0; k < p->blocks[b].linear_succs.n; k++) {
          uint32_t sb = p->blocks[b].linear_succs.v[k];
          if (state_merge(&in[sb], &out[b], sl)) {
            dirty[sb] = 1;
            if (sb <= b) changed = true; /* back edge: another round */
          }
        }
      }
    }
  }
  for (uint32_t b = 0; b < nb; b++) {
    if (!in[b].valid) state_clear(&in[b], sl);
    run_block(p, &p->blocks[b], &in[b], &a, true);
  }
  if (p->is_function) entry_wait(p);
  arena_free(&tmp);
  return 0;
}
