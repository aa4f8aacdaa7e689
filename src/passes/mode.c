/* MODE register pass: inserts the s_setreg writes that give every
 * floating-point instruction the rounding and denormal mode it needs, as
 * few as possible, after register allocation and SSA elimination.
 *
 * Source: LLVM review D50633 (SIModeRegister: the three phases below, the
 * review's "delayed update" merging of fields into one write, and the loop
 * hoisting that was asked for there and never built); Vega ISA guide,
 * "MODE" register and s_setreg_b32 / s_setreg_imm32_b32 (SOPK, simm16 =
 * hwreg(id, offset, size)); AMDGPUUsage "Floating Point Mode".
 *
 * Model. MODE holds four 2-bit fields (isa_mode_field: f32 rounding,
 * f16/f64 rounding, f32 denormals, f16/f64 denormals). The program's
 * floating-point environment (ENV) starts as the kernel's FLOAT_MODE and
 * changes only at the program's own writes of MODE (the s_setreg that
 * llvm.set.rounding becomes; every s_setreg of MODE present before this
 * pass is one). Each instruction reads the fields isa_mode_reads() lists
 * (and s_getreg of MODE, llvm.get.rounding, the fields it covers) and
 * needs each to hold ENV's value, or a fixed value where
 * mir_instr.fpmode says so (static rounding, denormals on inside the f32
 * division). A field value is 0..3 or VAR: ENV's run-time value where
 * compile time cannot tell it (after s_setreg_b32 from an SGPR, or where
 * paths with different ENV values meet).
 *
 *   0. ENV: forward dataflow of the environment over the linear CFG, so
 *      that every "needs ENV" becomes a value (0..3 or VAR).
 *   1. Per block: what it needs at entry (first need of each field) and
 *      what it leaves at exit (last need or program write of each field;
 *      "transparent" if none).
 *   2. Forward fixed point over the linear CFG (loops included) of the
 *      MODE each block sees at entry: the meet of its predecessors' exit
 *      states (TOP where they differ); the entry block sees FLOAT_MODE.
 *      Loop hoisting: a loop (natural loop of a back edge, outermost
 *      first) whose body needs a field at exactly one value v and never
 *      writes it gets the write "field := v" at the end of each
 *      predecessor outside the loop; phase 2 is rerun, and the body then
 *      sees v on every edge, so nothing is written per iteration. The
 *      first instruction after the loop that needs another value writes
 *      it there, once (the write "undoes" the loop's mode after the exit).
 *   3. Insertion: walk each block from its entry state; where a needed
 *      value differs, write it. A field whose write is due is merged into
 *      the pending write of an earlier point when no instruction between
 *      reads that field (review D50633's delayed update), and the fields
 *      of one write become one s_setreg_imm32_b32 over their bit range
 *      (fields in between are rewritten with their known value, else the
 *      write is split). A VAR value is restored with s_setreg_b32 from a
 *      reserved SGPR that holds ENV's rounding bits: set at entry and next
 *      to every program write of MODE's rounding bits, and only when some
 *      restore needs it.
 *
 * Invariants: after the pass every instruction runs with each field it
 * reads equal to its need on every path; the program's own MODE writes
 * are kept where they are; nothing is written where the state is already
 * right. Calls (s_swappc_b64) and returns (s_setpc_b64) need every field
 * at the environment's value: a function assumes its caller's default
 * mode at entry and leaves it so (a mode llvm.set.rounding chose before a
 * call is not seen by the callee).
 *
 * Errors (diag): a program MODE write under divergent control flow (the
 * environment reaching a block differs between the logical and the linear
 * CFG), a program MODE write that is not field-aligned, a VAR
 * restore of a denormal field or of a rounding field written other than
 * as hwreg(MODE, 0, 4), no SGPR left for the reserved copy.
 */
#include <string.h>

#include "mir/loops.h"
#include "passes/passes.h"

enum { NF = ISA_MODE_NUM_FIELDS, MV_VAR = 4, MV_TOP = 5, MV_NONE = 6 };

typedef struct mstate {
  uint8_t v[NF]; /* 0..3, MV_VAR, MV_TOP (unknown), MV_NONE (nothing / unvisited) */
} mstate;

typedef struct block_info {
  mstate env_in, env_out; /* phase 0 */
  mstate need_in;         /* phase 1: first need per field (MV_NONE: none before a program write) */
  mstate exit;            /* phase 1: state the block leaves (MV_NONE: transparent) */
  mstate hoisted;         /* writes at the block's end from loop hoisting (MV_NONE: none) */
  mstate in, out;         /* phase 2 */
} block_info;

typedef struct mode_ctx {
  mir_program *p;
  diag *d;
  block_info *bi;
  mstate kernel;          /* FLOAT_MODE */
  mir_preg env_reg;       /* reserved copy of ENV's rounding bits, MIR_PREG_NONE until needed */
  bool failed;
} mode_ctx;

static mstate all(uint8_t v) {
  mstate s;
  memset(s.v, v, sizeof s.v);
  return s;
}

static uint8_t meet(uint8_t a, uint8_t b) {
  if (a == MV_NONE) return b;
  if (b == MV_NONE) return a;
  return a == b ? a : MV_TOP;
}

/* ---- instruction facts ------------------------------------------------- */

/* A write of MODE by the program (present before this pass): the fields it
 * covers (mask) and their new values (0..3, or MV_VAR from an SGPR).
 * False for other instructions. */
static bool program_write(mode_ctx *c, const mir_instr *ins, unsigned *mask, mstate *val) {
  if (ins->opcode != ISA_S_SETREG_B32 && ins->opcode != ISA_S_SETREG_IMM32_B32) return false;
  unsigned h = (uint16_t)ins->offset, off = (h >> 6) & 31, size = ((h >> 11) & 31) + 1;
  if ((h & 63) != ISA_HWREG_MODE) return false;
  *mask = 0;
  *val = all(MV_NONE);
  if (off >= 2 * NF) return true; /* bits above the FP fields (DX10_CLAMP, IEEE, ...) */
  if (off % 2 || (size % 2 && off + size < 2 * NF)) {
    diag_error(c->d, c->p->name, "MODE pass: s_setreg of MODE bits %u..%u splits a floating-point field", off,
               off + size - 1);
    c->failed = true;
    return true;
  }
  for (unsigned f = off / 2; f < NF && 2 * f < off + size; f++) {
    *mask |= 1u << f;
    val->v[f] = ins->opcode == ISA_S_SETREG_IMM32_B32 ? (uint8_t)((ins->ops[0].imm >> (2 * f - off)) & 3u) : MV_VAR;
  }
  return true;
}

/* The values instruction `ins` needs (MV_NONE for fields it does not
 * read), given the environment `env` before it. */
static mstate needs(const mir_instr *ins, const mstate *env) {
  mstate n = all(MV_NONE);
  unsigned reads = isa_mode_reads(ins->opcode);
  /* calls and returns (src/passes/frame.c): a function starts and ends
   * with every field at the environment's value */
  if (ins->opcode == ISA_S_SWAPPC_B64 || ins->opcode == ISA_S_SETPC_B64) reads = (1u << NF) - 1;
  if (ins->opcode == ISA_S_GETREG_B32 && (ins->offset & 63) == ISA_HWREG_MODE) {
    /* llvm.get.rounding: the fields the read covers hold the environment */
    unsigned off = ((unsigned)ins->offset >> 6) & 31, size = (((unsigned)ins->offset >> 11) & 31) + 1;
    for (unsigned f = 0; f < NF; f++)
      if (2 * f + 1 >= off && 2 * f < off + size) reads |= 1u << f;
  }
  for (unsigned f = 0; f < NF; f++)
    if (reads & (1u << f))
      n.v[f] = mir_fpmode_is_fixed(ins->fpmode, (isa_mode_field)f) ? (uint8_t)mir_fpmode_value(ins->fpmode, (isa_mode_field)f)
                                                                     : env->v[f];
  return n;
}

static void apply_write(mstate *s, unsigned mask, const mstate *val) {
  for (unsigned f = 0; f < NF; f++)
    if (mask & (1u << f)) s->v[f] = val->v[f];
}

/* ---- phase 0: the environment ------------------------------------------ */

/* Meet over block b's linear (or logical) predecessors of their exit
 * environment (env) or exit MODE state; the kernel's FLOAT_MODE flows into
 * the entry block. For the MODE state, a field that equals the
 * environment at the end of every visited predecessor holds the
 * environment at entry (VAR when the environments differ): no write is
 * needed for readers of the environment, after a uniform branch around a
 * llvm.set.rounding for example. */
static mstate entry_state(const mode_ctx *c, uint32_t b, bool env, bool logical) {
  mstate in = b == 0 ? c->kernel : all(MV_NONE), envin = in;
  unsigned follows_env = ISA_MR_ALL, seen = 0;
  const mir_idx_list *preds = logical ? &c->p->blocks[b].logical_preds : &c->p->blocks[b].linear_preds;
  for (uint32_t k = 0; k < preds->n; k++) {
    const block_info *pi = &c->bi[preds->v[k]];
    for (unsigned f = 0; f < NF; f++) {
      in.v[f] = meet(in.v[f], env ? pi->env_out.v[f] : pi->out.v[f]);
      envin.v[f] = meet(envin.v[f], pi->env_out.v[f]);
      if (pi->out.v[f] == MV_NONE) continue; /* not visited yet */
      seen |= 1u << f;
      if (pi->out.v[f] != pi->env_out.v[f]) follows_env &= ~(1u << f);
    }
  }
  if (env) return in;
  for (unsigned f = 0; f < NF; f++)
    if (b != 0 && (seen & follows_env & (1u << f)) && in.v[f] == MV_TOP) in.v[f] = envin.v[f] == MV_TOP ? MV_VAR : envin.v[f];
  return in;
}

static void env_dataflow(mode_ctx *c, bool logical) {
  mir_program *p = c->p;
  for (uint32_t b = 0; b < p->num_blocks; b++) c->bi[b].env_in = c->bi[b].env_out = all(MV_NONE);
  for (bool changed = true; changed && !c->failed;) {
    changed = false;
    for (uint32_t b = 0; b < p->num_blocks; b++) {
      block_info *bi = &c->bi[b];
      mstate in = entry_state(c, b, true, logical);
      for (unsigned f = 0; f < NF; f++)
        if (in.v[f] == MV_TOP) in.v[f] = MV_VAR; /* different per path: a run-time value */
      mstate s = in;
      for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
        unsigned mask;
        mstate val;
        if (program_write(c, p->blocks[b].instrs[i], &mask, &val)) apply_write(&s, mask, &val);
      }
      if (memcmp(&s, &bi->env_out, sizeof s) || memcmp(&in, &bi->env_in, sizeof in)) changed = true;
      bi->env_in = in;
      bi->env_out = s;
    }
  }
}

/* ---- phase 1: per block ------------------------------------------------- */

static void block_summary(mode_ctx *c, uint32_t b) {
  block_info *bi = &c->bi[b];
  mstate env = bi->env_in;
  bi->need_in = bi->exit = all(MV_NONE);
  unsigned written = 0; /* fields already needed or written in this block */
  const mir_block *blk = &c->p->blocks[b];
  for (uint32_t i = 0; i < blk->num_instrs; i++) {
    unsigned mask;
    mstate val;
    if (program_write(c, blk->instrs[i], &mask, &val)) {
      apply_write(&env, mask, &val);
      apply_write(&bi->exit, mask, &val);
      written |= mask;
      continue;
    }
    mstate n = needs(blk->instrs[i], &env);
    for (unsigned f = 0; f < NF; f++) {
      if (n.v[f] == MV_NONE) continue;
      if (!(written & (1u << f))) bi->need_in.v[f] = n.v[f];
      bi->exit.v[f] = n.v[f];
      written |= 1u << f;
    }
  }
}

/* ---- phase 2: fixed point over the CFG ----------------------------------- */

static void mode_dataflow(mode_ctx *c) {
  mir_program *p = c->p;
  for (uint32_t b = 0; b < p->num_blocks; b++) c->bi[b].in = c->bi[b].out = all(MV_NONE);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = 0; b < p->num_blocks; b++) {
      block_info *bi = &c->bi[b];
      mstate in = entry_state(c, b, false, false);
      mstate out;
      for (unsigned f = 0; f < NF; f++)
        out.v[f] = bi->hoisted.v[f] != MV_NONE ? bi->hoisted.v[f] : bi->exit.v[f] != MV_NONE ? bi->exit.v[f] : in.v[f];
      if (memcmp(&in, &bi->in, sizeof in) || memcmp(&out, &bi->out, sizeof out)) changed = true;
      bi->in = in;
      bi->out = out;
    }
  }
}

/* The one value every instruction of loop l's body needs in field f:
 * MV_NONE if none reads it, MV_TOP if needs differ or the body writes f. */
static uint8_t loop_need(mode_ctx *c, const mir_loops *L, uint32_t l, isa_mode_field f) {
  uint8_t v = MV_NONE;
  for (uint32_t b = L->head[l]; b < c->p->num_blocks && v != MV_TOP; b++) {
    if (!mir_loop_has(L, l, b)) continue;
    const mir_block *blk = &c->p->blocks[b];
    mstate env = c->bi[b].env_in;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      unsigned mask;
      mstate val;
      if (program_write(c, blk->instrs[i], &mask, &val)) {
        if (mask & (1u << f)) return MV_TOP;
        apply_write(&env, mask, &val);
        continue;
      }
      uint8_t n = needs(blk->instrs[i], &env).v[f];
      if (n != MV_NONE) v = meet(v, n);
    }
  }
  return v;
}

/* Loop hoisting (see the header) over the natural loops of the linear CFG
 * (mir_find_loops, as licm and the spiller use them): outermost first, an
 * enclosing loop's header coming before the inner one's. */
static void hoist_loops(mode_ctx *c, arena *tmp) {
  mir_program *p = c->p;
  mir_loops L;
  mir_find_loops(p, tmp, &L);
  for (uint32_t l = 0; l < L.num; l++) {
    uint32_t h = L.head[l];
    const mir_idx_list *hp = &p->blocks[h].linear_preds;
    for (unsigned f = 0; f < NF; f++) {
      uint8_t v = loop_need(c, &L, l, (isa_mode_field)f);
      if (v >= MV_VAR || c->bi[h].in.v[f] == v) continue;
      for (uint32_t k = 0; k < hp->n; k++)
        if (!mir_loop_has(&L, l, hp->v[k])) c->bi[hp->v[k]].hoisted.v[f] = v;
      mode_dataflow(c);
    }
  }
}

/* ---- phase 3: insertion --------------------------------------------------- */

typedef struct ins_list {
  uint32_t *pos;
  mir_instr **ins;
  uint32_t n, cap;
} ins_list;

static void ins_push(mode_ctx *c, ins_list *l, uint32_t pos, mir_instr *ins, arena *tmp) {
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? 2 * l->cap : 16;
    uint32_t *np = arena_alloc(tmp, cap * sizeof *np);
    mir_instr **ni = arena_alloc(tmp, cap * sizeof *ni);
    if (l->n) {
      memcpy(np, l->pos, l->n * sizeof *np);
      memcpy(ni, l->ins, l->n * sizeof *ni);
    }
    l->pos = np, l->ins = ni, l->cap = cap;
  }
  (void)c;
  l->pos[l->n] = pos;
  l->ins[l->n++] = ins;
}

/* One past the highest SGPR any operand names (at least num_sgprs_used). */
static unsigned sgprs_in_use(const mir_program *p) {
  unsigned top = p->num_sgprs_used;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
        const mir_operand *o = &ins->ops[k]; /* defs follow ops inline */
        unsigned n = o->kind == MIR_OPND_TEMP ? mir_rc_size(o->temp.rc) : o->kind == MIR_OPND_FIXED ? o->size : 0;
        if (n && o->preg < MIR_MAX_SGPRS && o->preg + n > top) top = o->preg + n;
      }
    }
  return top;
}

static mir_preg env_reg(mode_ctx *c) {
  if (c->env_reg != MIR_PREG_NONE) return c->env_reg;
  unsigned r = sgprs_in_use(c->p);
  if (r + 1 > mir_sgpr_budget(c->p)) {
    diag_error(c->d, c->p->name, "MODE pass: no SGPR left to keep the run-time rounding mode (budget %u)",
               mir_sgpr_budget(c->p));
    c->failed = true;
    return MIR_PREG_SGPR(0);
  }
  c->p->num_sgprs_used = r + 1;
  return c->env_reg = MIR_PREG_SGPR(r);
}

/* s_setreg_imm32_b32 hwreg(MODE, 2lo, 2(hi-lo+1)) of fields lo..hi. */
static mir_instr *setreg_imm(mode_ctx *c, unsigned lo, unsigned hi, const mstate *val) {
  uint32_t bits = 0;
  for (unsigned f = lo; f <= hi; f++) bits |= (uint32_t)val->v[f] << (2 * (f - lo));
  mir_instr *w = mir_instr_create(c->p, ISA_S_SETREG_IMM32_B32, 1, 0);
  w->offset = (int32_t)(ISA_HWREG_MODE | (2u * lo) << 6 | (2u * (hi - lo + 1) - 1) << 11);
  w->ops[0] = mir_op_const(bits);
  return w;
}

/* Emits the writes that make the fields of `want` (not MV_NONE) hold their
 * values, given `before` (the state just before); appends to `l` at pos. */
static void emit_writes(mode_ctx *c, ins_list *l, uint32_t pos, const mstate *want, const mstate *before, arena *tmp) {
  mstate b = *before, w = *want;
  if (w.v[ISA_MODE_ROUND32] == MV_VAR || w.v[ISA_MODE_ROUND16_64] == MV_VAR) {
    mir_instr *s = mir_instr_create(c->p, ISA_S_SETREG_B32, 1, 0);
    s->offset = (int32_t)(ISA_HWREG_MODE | 0u << 6 | 3u << 11);
    s->ops[0] = mir_op_fixed(env_reg(c), 1);
    ins_push(c, l, pos, s, tmp);
    for (unsigned f = ISA_MODE_ROUND32; f <= ISA_MODE_ROUND16_64; f++) {
      b.v[f] = MV_VAR;
      if (w.v[f] == MV_VAR) w.v[f] = MV_NONE;
    }
  }
  for (unsigned f = ISA_MODE_DENORM32; f < NF; f++)
    if (w.v[f] == MV_VAR) {
      diag_error(c->d, c->p->name, "MODE pass: cannot restore a run-time denormal mode");
      c->failed = true;
      return;
    }
  for (unsigned lo = 0; lo < NF;) {
    if (w.v[lo] == MV_NONE || w.v[lo] == b.v[lo]) { lo++; continue; }
    unsigned hi = lo;
    mstate val = w;
    for (unsigned g = lo + 1; g < NF; g++) {
      if (w.v[g] != MV_NONE && w.v[g] != b.v[g]) {
        hi = g; /* fields lo+1..g-1 are already known constants: rewrite them */
        continue;
      }
      if (b.v[g] > 3 && !(w.v[g] <= 3)) break; /* unknown in between: split */
      if (val.v[g] == MV_NONE) val.v[g] = b.v[g];
    }
    ins_push(c, l, pos, setreg_imm(c, lo, hi, &val), tmp);
    lo = hi + 1;
  }
}

static bool is_terminator(const mir_instr *ins) {
  if (ins->opcode == MIR_P_BRANCH || ins->opcode == MIR_P_CBRANCH_SCC) return true;
  return ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & (ISA_F_TERMINATOR | ISA_F_BRANCH));
}

/* Plans the writes of block b into *lp (positions in the unmodified block). */
static void plan_block(mode_ctx *c, uint32_t b, ins_list *lp, arena *tmp) {
  block_info *bi = &c->bi[b];
  mir_block *blk = &c->p->blocks[b];
  ins_list l = *lp;
  mstate cur = bi->in, env = bi->env_in, want = all(MV_NONE), before = cur;
  int64_t ip = -1;
  unsigned used = 0;
  for (uint32_t i = 0; i < blk->num_instrs; i++) {
    unsigned mask;
    mstate val;
    if (program_write(c, blk->instrs[i], &mask, &val)) {
      if (ip >= 0) emit_writes(c, &l, (uint32_t)ip, &want, &before, tmp);
      ip = -1;
      apply_write(&env, mask, &val);
      apply_write(&cur, mask, &val);
      continue;
    }
    mstate n = needs(blk->instrs[i], &env);
    unsigned diff = 0, reads = 0;
    for (unsigned f = 0; f < NF; f++) {
      if (n.v[f] == MV_NONE) continue;
      reads |= 1u << f;
      if (n.v[f] != cur.v[f]) diff |= 1u << f;
    }
    if (diff && !(ip >= 0 && !(used & diff))) {
      if (ip >= 0) emit_writes(c, &l, (uint32_t)ip, &want, &before, tmp);
      ip = i;
      want = all(MV_NONE);
      before = cur;
      used = 0;
    }
    for (unsigned f = 0; f < NF; f++)
      if (diff & (1u << f)) want.v[f] = cur.v[f] = n.v[f];
    used |= reads;
  }
  if (ip >= 0) emit_writes(c, &l, (uint32_t)ip, &want, &before, tmp);
  /* hoisted loop writes: at the end, before the terminators */
  mstate h = all(MV_NONE);
  bool any = false;
  for (unsigned f = 0; f < NF; f++)
    if (bi->hoisted.v[f] != MV_NONE && bi->hoisted.v[f] != cur.v[f]) h.v[f] = bi->hoisted.v[f], any = true;
  if (any) {
    uint32_t t = blk->num_instrs;
    while (t > 0 && is_terminator(blk->instrs[t - 1])) t--;
    emit_writes(c, &l, t, &h, &cur, tmp);
  }
  *lp = l;
}

/* With a reserved ENV copy: set it at entry and before every program
 * write of the rounding fields. */
static void keep_env_copy(mode_ctx *c, ins_list *lists, arena *tmp) {
  mir_program *p = c->p;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      unsigned mask;
      mstate val;
      const mir_instr *w = blk->instrs[i];
      if (!program_write(c, w, &mask, &val) || !(mask & (ISA_MR_R32 | ISA_MR_R16_64))) continue;
      if ((uint16_t)w->offset != (ISA_HWREG_MODE | 3u << 11)) {
        diag_error(c->d, p->name, "MODE pass: a run-time rounding mode must be written as hwreg(MODE, 0, 4)");
        c->failed = true;
        return;
      }
      mir_instr *mv = mir_instr_create(p, ISA_S_MOV_B32, 1, 1);
      mv->defs[0] = mir_op_fixed(c->env_reg, 1);
      mv->ops[0] = w->ops[0];
      mv->ops[0].flags &= (uint8_t)~MIR_OPND_KILL;
      ins_push(c, &lists[b], i, mv, tmp);
    }
  }
  mir_instr *mv = mir_instr_create(p, ISA_S_MOV_B32, 1, 1);
  mv->defs[0] = mir_op_fixed(c->env_reg, 1);
  mv->ops[0] = mir_op_const(c->kernel.v[ISA_MODE_ROUND32] | c->kernel.v[ISA_MODE_ROUND16_64] << 2);
  ins_push(c, &lists[0], 0, mv, tmp);
}

/* Inserts a block's planned instructions: stable by position, so those
 * planned for one position keep their order. */
static void apply_list(mir_program *p, mir_block *blk, ins_list *l) {
  for (uint32_t k = 1; k < l->n; k++)
    for (uint32_t j = k; j > 0 && l->pos[j - 1] > l->pos[j]; j--) {
      uint32_t tp = l->pos[j];
      mir_instr *ti = l->ins[j];
      l->pos[j] = l->pos[j - 1], l->ins[j] = l->ins[j - 1];
      l->pos[j - 1] = tp, l->ins[j - 1] = ti;
    }
  for (uint32_t k = l->n; k-- > 0;) mir_block_insert(p, blk, l->pos[k], l->ins[k]);
}

/* The environment must be the same whether a block is reached along the
 * logical CFG (what the lanes see) or the linear one (what the wave runs):
 * a MODE write under divergent control flow would change it for lanes
 * that never executed the write. Runs phase 0 on both; error if they
 * disagree anywhere. */
static void check_uniform_env(mode_ctx *c, arena *tmp) {
  mir_program *p = c->p;
  env_dataflow(c, true);
  mstate *logical_in = arena_alloc(tmp, (p->num_blocks + 1) * sizeof *logical_in);
  for (uint32_t b = 0; b < p->num_blocks; b++) logical_in[b] = c->bi[b].env_in;
  env_dataflow(c, false);
  for (uint32_t b = 0; b < p->num_blocks && !c->failed; b++)
    for (unsigned f = 0; f < NF && !c->failed; f++) {
      /* blocks only the linear CFG has (no lanes enter them) do not count */
      if (logical_in[b].v[f] == MV_NONE || logical_in[b].v[f] == c->bi[b].env_in.v[f]) continue;
      diag_error(c->d, p->name,
                 "unsupported: a write of the floating-point mode (llvm.set.rounding) under divergent control "
                 "flow (MODE is per wave); it reaches block %u on the wave's path but not on its lanes' path", b);
      c->failed = true;
    }
}

int mir_insert_mode_writes(mir_program *p, diag *d) {
  arena tmp;
  arena_init(&tmp);
  mode_ctx c = {.p = p, .d = d, .env_reg = MIR_PREG_NONE};
  c.bi = arena_alloc(&tmp, (p->num_blocks + 1) * sizeof *c.bi);
  for (unsigned f = 0; f < NF; f++) c.kernel.v[f] = (uint8_t)isa_mode_get(p->abi.float_mode, (isa_mode_field)f);
  check_uniform_env(&c, &tmp);
  for (uint32_t b = 0; b < p->num_blocks && !c.failed; b++) {
    block_summary(&c, b);
    c.bi[b].hoisted = all(MV_NONE);
  }
  if (!c.failed) {
    mode_dataflow(&c);
    hoist_loops(&c, &tmp);
  }
  ins_list *lists = arena_alloc(&tmp, (p->num_blocks + 1) * sizeof *lists);
  for (uint32_t b = 0; b < p->num_blocks && !c.failed; b++) plan_block(&c, b, &lists[b], &tmp);
  if (!c.failed && c.env_reg != MIR_PREG_NONE) keep_env_copy(&c, lists, &tmp);
  for (uint32_t b = 0; b < p->num_blocks && !c.failed; b++) apply_list(p, &p->blocks[b], &lists[b]);
  arena_free(&tmp);
  return c.failed ? -1 : 0;
}
