/* Copy clean-up after SSA elimination, on physical registers.
 *
 * The allocator's affinities remove most copies; the ones left are
 * mostly reads of a value that stays live elsewhere (an extract of a pair
 * that is used again, a vector built from values used again). Within each
 * block, in order (like LLVM's MachineCopyPropagation, block-local):
 *
 *  1. Forwarding: after `d = mov s` (s_mov_b32/s_mov_b64/v_mov_b32 between
 *     allocatable registers of one file), a later read of d reads s
 *     instead, as long as neither d nor s has been written since and, for
 *     VGPRs, EXEC has not been written since (a v_mov writes only the
 *     active lanes: under another EXEC the two registers differ). A tuple
 *     operand is rewritten only when every dword maps to consecutive
 *     source dwords (same alignment for SGPR tuples; VGPR tuples keep the
 *     target's alignment, even on gfx90a). An s_mov_b32 of an SGPR that
 *     an earlier s_mov_b32 of the block set to a constant, and that dies
 *     there, moves the constant (forward_constants). An SGPR read in VALU
 *     is rewritten only when the instruction's scalar sources, counted
 *     as distinct, stay within the target's constant bus (gfx9 one SGPR or
 *     literal per instruction, GFX10+ two: a second or third distinct SGPR
 *     would break that). Not rewritten: instructions
 *     that ignore EXEC or read other lanes (v_readlane, ds_swizzle,
 *     ds_(b)permute see inactive lanes), atomics (their data operand is
 *     tied to the result), v_swap_b32 (its operands are its results),
 *     M0-relative moves, pseudos.
 *  2. Dead moves: a move whose destination is, before any read of it,
 *     completely rewritten in the same block (for VGPRs under the same
 *     EXEC) by an instruction that reads nothing implicitly from its
 *     destination, is deleted; so is a move onto itself. Registers live
 *     out of the block are never judged: a move not overwritten in its
 *     block stays.
 *
 *  3. Dead SGPR moves: with SGPR liveness over the linear CFG (SGPRs are
 *     written whole, whatever EXEC holds), a move into SGPRs nobody reads
 *     afterwards is deleted (calls and returns count as reading every
 *     SGPR). For VGPRs liveness would not do: a v_mov under a partial
 *     EXEC keeps the other lanes' old values, which later code may read;
 *  4. but a v_mov into a VGPR that nothing in the kernel reads goes.
 *  5. Sunk definitions (sink_into_moves): `s = op ...; ...; d = v_mov s`
 *     where s dies at the move becomes `...; d = op ...` (the VALU
 *     instruction moves down to the move and writes d itself), as long as
 *     nothing between writes EXEC or op's sources, or names s. A pair
 *     built for a v_mad_u64_u32 addend from a value that lives on and its
 *     sign (f_waitcnt_capacity_flat: x loaded early, `v1 = ashr x; v5 = x;
 *     v6 = v1`) then costs one copy, not two.
 *
 * Moves have no side effects on SCC or VCC, so deleting one is safe once
 * its result is dead. Runs after mir_ssa_elim, before the frame pass.
 */
#include <string.h>

#include "ra/ra.h"
#include "target/target.h"

#define UNITS 512u

static bool general(mir_preg r) { return r < MIR_MAX_SGPRS || (r >= 256 && r < 512); }

static unsigned opnd_size(const mir_operand *o) {
  if (o->kind == MIR_OPND_TEMP) return mir_rc_size(o->temp.rc);
  if (o->kind == MIR_OPND_FIXED) return o->size ? o->size : 1;
  return 0;
}

static bool is_reg(const mir_operand *o) {
  return (o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_FIXED) && o->preg != MIR_PREG_NONE;
}

/* A plain move between allocatable registers of one file: 1 dword, or 2
 * for s_mov_b64. Sets *d, *s, *n. Constant moves are moves too, with
 * *s = MIR_PREG_NONE. */
static bool plain_move(const mir_instr *ins, mir_preg *d, mir_preg *s, unsigned *n) {
  unsigned op = ins->opcode;
  if ((op != ISA_S_MOV_B32 && op != ISA_S_MOV_B64 && op != ISA_V_MOV_B32) || ins->num_defs != 1 || ins->num_ops != 1)
    return false;
  const mir_operand *dd = &ins->defs[0], *o = &ins->ops[0];
  if (!is_reg(dd) || !general(dd->preg) || ins->clamp || ins->omod || (o->flags & (MIR_OPND_NEG | MIR_OPND_ABS)))
    return false;
  *n = op == ISA_S_MOV_B64 ? 2 : 1;
  *d = dd->preg;
  *s = MIR_PREG_NONE;
  if (o->kind == MIR_OPND_CONST) return true;
  if (!is_reg(o) || !general(o->preg) || (o->preg >= 256) != (dd->preg >= 256)) return false;
  *s = o->preg;
  return true;
}

/* Instructions that may read a register they write, beyond their
 * operands, or write only part of it: their result does not end the
 * previous value (ISA table: tied or partial destination). */
static bool full_write_op(unsigned op) {
  const isa_info *ii = &isa_table[op];
  switch (ii->format) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SMEM: case ISA_FMT_VOP1: case ISA_FMT_VOP2:
  case ISA_FMT_VOP3: case ISA_FMT_VOPC: case ISA_FMT_DS: case ISA_FMT_MUBUF: case ISA_FMT_MTBUF: case ISA_FMT_FLAT:
  case ISA_FMT_GLOBAL: case ISA_FMT_SCRATCH:
    break;
  default:
    return false;
  }
  if (ii->flags & (ISA_F_IGNORES_EXEC | ISA_F_ATOMIC)) return false;
  return !(isa_sem_of(op)->flags & (ISA_S_TIED | ISA_S_PARTIAL));
}

static bool full_write(const mir_instr *ins) {
  return ins->opcode < ISA_NUM_OPS && full_write_op(ins->opcode);
}

static bool movrel(const mir_instr *ins) {
  return ins->opcode < ISA_NUM_OPS && (isa_sem_of(ins->opcode)->flags & ISA_S_MOVREL);
}

/* May register operand k of ins (a VGPR or an SGPR, as `vgpr` says) be
 * renamed to another register of its file? */
static bool renamable(const wavecc_target *t, const mir_instr *ins, unsigned k, bool vgpr) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  const isa_info *ii = &isa_table[ins->opcode];
  if ((ii->flags & (ISA_F_IGNORES_EXEC | ISA_F_ATOMIC)) || movrel(ins)) return false;
  /* v_swap_b32's operands are its results (the registers it exchanges) */
  if (ins->opcode == ISA_V_SWAP_B32) return false;
  /* cross-lane reads see the inactive lanes, where the two differ */
  if (ins->opcode == ISA_DS_SWIZZLE_B32 || ins->opcode == ISA_DS_PERMUTE_B32 || ins->opcode == ISA_DS_BPERMUTE_B32)
    return false;
  if (vgpr) return true;
  switch (ii->format) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPC: case ISA_FMT_SMEM:
    return true;
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOP3: case ISA_FMT_VOPC:
    break;
  default:
    return false;
  }
  /* VALU: the constant bus (target.h const_bus_limit). The renamed SGPR
   * and every other source that is neither a VGPR nor a small integer (an
   * inline constant whatever the operand type) count as one read each,
   * equal or not; no implicit M0. A VCC carry-in or mask is an explicit
   * operand in machine IR (isel_internal.h), counted as the others. */
  if (ii->flags & ISA_F_READS_M0) return false;
  unsigned scalar = 1;
  for (unsigned j = 0; j < ins->num_ops; j++) {
    const mir_operand *o = &ins->ops[j];
    if (j == k || o->kind == MIR_OPND_NONE) continue;
    if (o->kind == MIR_OPND_CONST && o->size <= 1 && ((int32_t)o->imm >= -16 && (int32_t)o->imm <= 64)) continue;
    if (is_reg(o) && o->preg >= 256) continue;
    scalar++;
  }
  return scalar <= wavecc_const_bus_limit(t, ins->opcode);
}

static unsigned sgpr_align(unsigned n) { return n >= 3 ? 4 : n == 2 ? 2 : 1; }

typedef struct cc_ctx {
  const mir_program *p;
  mir_preg map[UNITS];   /* register -> the register it is a copy of, or NONE */
  uint16_t active[UNITS]; /* the registers whose map entry is set (any order) */
  unsigned nactive;
  /* Rule 2: per register unit, base + index of the nearest later
   * instruction of the block naming it; values below base are from
   * earlier blocks (no reset per block). */
  uint32_t next[UNITS];
  uint32_t base;
  unsigned vgpr_align; /* the target's VGPR tuple alignment (gfx90a: 2) */
} cc_ctx;

/* Drops the entries for which drop() is true; visits only set entries
 * (scanning all 512 registers per definition made the pass the third
 * slowest of the compiler). */
static void forget_where(cc_ctx *c, bool (*drop)(unsigned u, mir_preg m, mir_preg r, unsigned n), mir_preg r, unsigned n) {
  for (unsigned i = 0; i < c->nactive;) {
    unsigned u = c->active[i];
    if (drop(u, c->map[u], r, n)) {
      c->map[u] = MIR_PREG_NONE;
      c->active[i] = c->active[--c->nactive];
    } else {
      i++;
    }
  }
}

static bool overlaps(unsigned u, mir_preg m, mir_preg r, unsigned n) {
  return (u >= r && u < r + n) || (m >= r && m < r + n);
}
static bool is_vgpr_entry(unsigned u, mir_preg m, mir_preg r, unsigned n) {
  (void)m, (void)r, (void)n;
  return u >= 256;
}
static bool every_entry(unsigned u, mir_preg m, mir_preg r, unsigned n) {
  (void)u, (void)m, (void)r, (void)n;
  return true;
}

static void forget(cc_ctx *c, mir_preg r, unsigned n) { forget_where(c, overlaps, r, n); }
static void forget_vgprs(cc_ctx *c) { forget_where(c, is_vgpr_entry, 0, 0); }
static void forget_all(cc_ctx *c) { forget_where(c, every_entry, 0, 0); }

static void remember(cc_ctx *c, unsigned u, mir_preg s) {
  if (c->map[u] == MIR_PREG_NONE) c->active[c->nactive++] = (uint16_t)u;
  c->map[u] = s;
}

static bool reads(const mir_instr *ins, mir_preg r, unsigned n);
static bool overwrites(const mir_instr *ins, mir_preg r, unsigned n);

/* Is SGPR r rewritten after instruction i of b before anything reads it? */
static bool sgpr_dies_after(const mir_block *b, uint32_t i, mir_preg r) {
  for (uint32_t j = i + 1; j < b->num_instrs; j++) {
    if (reads(b->instrs[j], r, 1)) return false;
    if (overwrites(b->instrs[j], r, 1)) return true;
  }
  return false;
}

/* Rule 1b over one block: `d = s_mov_b32 r` where r was last written, at
 * most 16 instructions up in the block, by `r = s_mov_b32 K`, and r is
 * rewritten after it before any other read, becomes `d = s_mov_b32 K`;
 * rule 2 then deletes the first move (the allocator's sequence for a pair
 * {s2, 0}: s0 = 0, s1 = s0, s0 = s2). Only then: a move of a register
 * that stays in use may be part of a tuple copy that rule 1 forwards
 * whole, which a constant would break (VGPR tuples above all). */
static void forward_constants(mir_block *b) {
  for (uint32_t i = 1; i < b->num_instrs; i++) {
    mir_instr *ins = b->instrs[i];
    mir_preg d, r;
    unsigned n;
    if (ins->opcode != ISA_S_MOV_B32 || !plain_move(ins, &d, &r, &n) || r == MIR_PREG_NONE ||
        !sgpr_dies_after(b, i, r))
      continue;
    for (uint32_t j = i; j-- > 0 && i - j <= 16;) {
      const mir_instr *prev = b->instrs[j];
      mir_preg pd, ps;
      unsigned pn;
      if (prev->opcode >= ISA_NUM_OPS) break;
      if (prev->opcode == ISA_S_MOV_B32 && plain_move(prev, &pd, &ps, &pn) && pd == r && ps == MIR_PREG_NONE) {
        ins->ops[0] = prev->ops[0];
        ins->ops[0].flags = 0;
        break;
      }
      bool clobbers = false;
      for (unsigned k = 0; k < prev->num_defs && !clobbers; k++) {
        const mir_operand *o = &prev->defs[k];
        clobbers = is_reg(o) && o->preg <= r && r < o->preg + opnd_size(o);
      }
      if (clobbers) break;
    }
  }
}

/* Rule 1 over one block. */
static void forward_block(cc_ctx *c, mir_block *b) {
  forget_all(c);
  bool any = false;
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *ins = b->instrs[i];
    if (ins->opcode >= ISA_NUM_OPS && ins->opcode != MIR_P_BRANCH && ins->opcode != MIR_P_CBRANCH_SCC) {
      if (any) forget_all(c);
      any = false;
      continue;
    }
    if (any)
      for (unsigned k = 0; k < ins->num_ops; k++) {
        mir_operand *o = &ins->ops[k];
        if (!is_reg(o) || !general(o->preg)) continue;
        unsigned n = opnd_size(o);
        mir_preg s = c->map[o->preg];
        if (s == MIR_PREG_NONE || !renamable(c->p->target, ins, k, o->preg >= 256)) continue;
        bool ok = o->preg + n <= UNITS;
        for (unsigned u = 1; u < n && ok; u++) ok = c->map[o->preg + u] == s + u;
        if (ok && o->preg < 256) ok = s + n <= MIR_MAX_SGPRS && s % sgpr_align(n) == o->preg % sgpr_align(n);
        if (ok && o->preg >= 256 && n >= 2 && c->vgpr_align > 1) ok = (s - 256u) % c->vgpr_align == 0;
        /* a dword read as a pair's low half (mir_opnd_lo64): the pair stays
         * within the VGPRs allocated and aligned */
        if (ok && mir_opnd_lo64(o))
          ok = s >= 256 && s - 256u + 2 <= c->p->num_vgprs_used && (c->vgpr_align <= 1 || (s - 256u) % c->vgpr_align == 0);
        /* XNACK replay: a multi-dword scalar load must not read what it writes (xnack_replay.c) */
        /* and a v_mad_u64 on gfx1100 must not read what it writes (dst_apart.c) */
        bool apart = mir_smem_replay_constrained(c->p, ins) || wavecc_dst_apart(c->p->target, ins->opcode);
        for (unsigned j = 0; j < ins->num_defs && ok && apart; j++)
          ok = !is_reg(&ins->defs[j]) || s >= ins->defs[j].preg + opnd_size(&ins->defs[j]) || ins->defs[j].preg >= s + n;
        if (ok) o->preg = s;
      }
    if (any && mir_writes_exec(ins)) forget_vgprs(c);
    for (unsigned k = 0; k < ins->num_defs && any; k++)
      if (is_reg(&ins->defs[k])) forget(c, ins->defs[k].preg, opnd_size(&ins->defs[k]));
    mir_preg d, s;
    unsigned n;
    if (plain_move(ins, &d, &s, &n) && s != MIR_PREG_NONE && s != d) {
      for (unsigned u = 0; u < n; u++) remember(c, d + u, (mir_preg)(s + u));
      any = true;
    }
  }
}

/* Does ins read any of r..r+n-1 (explicitly, or maybe implicitly)? */
static bool reads(const mir_instr *ins, mir_preg r, unsigned n) {
  if (ins->opcode >= ISA_NUM_OPS && ins->opcode != MIR_P_BRANCH && ins->opcode != MIR_P_CBRANCH_SCC) return true;
  if (movrel(ins)) return true; /* relative to M0 */
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (is_reg(o) && o->preg < r + n && r < o->preg + opnd_size(o)) return true;
  }
  return false;
}

/* Does ins write all of r..r+n-1, ending the old value? */
static bool overwrites(const mir_instr *ins, mir_preg r, unsigned n) {
  if (!full_write(ins)) return false;
  for (unsigned u = 0; u < n; u++) {
    bool w = false;
    for (unsigned k = 0; k < ins->num_defs && !w; k++) {
      const mir_operand *o = &ins->defs[k];
      w = is_reg(o) && o->preg <= r + u && r + u < o->preg + opnd_size(o);
    }
    if (!w) return false;
  }
  return true;
}

/* Rule 2 for the move at position i of b, given j: the first later
 * instruction that names its destination, may read everything or, for
 * VGPRs, writes EXEC (UINT32_MAX: none). Every instruction before j
 * neither reads nor writes the destination. */
static bool dead_move(const mir_block *b, uint32_t i, uint32_t j) {
  mir_preg d, s;
  unsigned n;
  if (!plain_move(b->instrs[i], &d, &s, &n)) return false;
  if (s == d) return true;
  if (j == UINT32_MAX) return false;
  const mir_instr *x = b->instrs[j];
  /* not overwritten: a read, a partial write (the rest lives on) or EXEC changed */
  return !reads(x, d, n) && overwrites(x, d, n);
}

/* Rule 2 over block b: dead[i] for each instruction. One backward walk
 * finds each move's deciding instruction (a forward scan per move was
 * quadratic in the block's length). */
static void dead_moves(cc_ctx *c, const mir_block *b, uint8_t *dead) {
  uint32_t base = c->base, next_all = UINT32_MAX, next_exec = UINT32_MAX;
  for (uint32_t i = b->num_instrs; i-- > 0;) {
    const mir_instr *ins = b->instrs[i];
    mir_preg d, s;
    unsigned n;
    uint32_t j = UINT32_MAX;
    if (plain_move(ins, &d, &s, &n)) {
      j = next_all;
      for (unsigned u = 0; u < n && d + u < UNITS; u++)
        if (c->next[d + u] >= base && c->next[d + u] - base < j) j = c->next[d + u] - base;
      if (d >= 256 && next_exec < j) j = next_exec;
    }
    dead[i] = dead_move(b, i, j);
    if ((ins->opcode >= ISA_NUM_OPS && ins->opcode != MIR_P_BRANCH && ins->opcode != MIR_P_CBRANCH_SCC) ||
        movrel(ins))
      next_all = i;
    if (mir_writes_exec(ins)) next_exec = i;
    for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
      const mir_operand *o = &ins->ops[k]; /* defs follow ops */
      if (!is_reg(o)) continue;
      for (unsigned u = o->preg; u < o->preg + opnd_size(o) && u < UNITS; u++) c->next[u] = base + i;
    }
  }
  c->base = base + b->num_instrs;
}

/* ---- rule 5: definitions sunk into their moves --------------------------- */

/* Does ins write any of r..r+n-1? */
static bool writes_any(const mir_instr *ins, mir_preg r, unsigned n) {
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *o = &ins->defs[k];
    if (is_reg(o) && o->preg < r + n && r < o->preg + opnd_size(o)) return true;
  }
  return false;
}

/* May `ins` (a VALU instruction writing one VGPR dword) be moved down and
 * write another VGPR? Whole writes under EXEC, no M0, no cross-lane or
 * indexed access, no second result (a carry, a compare mask). */
static bool sinkable_def(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS || !full_write(ins) || movrel(ins) || (ins->enc_flags & MIR_ENC_GPR_IDX)) return false;
  const isa_info *ii = &isa_table[ins->opcode];
  if (ii->format != ISA_FMT_VOP1 && ii->format != ISA_FMT_VOP2 && ii->format != ISA_FMT_VOP3) return false;
  if (ii->flags & (ISA_F_READS_M0 | ISA_F_WRITES_M0 | ISA_F_WRITES_EXEC | ISA_F_LOAD | ISA_F_STORE)) return false;
  if (ins->opcode == ISA_V_SWAP_B32 || ins->opcode == ISA_V_READLANE_B32 || ins->opcode == ISA_V_WRITELANE_B32 ||
      ins->opcode == ISA_V_READFIRSTLANE_B32)
    return false;
  if (ins->num_defs != 1 || !is_reg(&ins->defs[0]) || ins->defs[0].preg < 256 || opnd_size(&ins->defs[0]) != 1)
    return false;
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].kind == MIR_OPND_FIXED && (ins->ops[k].preg == MIR_PREG_EXEC || ins->ops[k].preg == MIR_PREG_M0))
      return false;
  return true;
}

/* Is VGPR r dead after instruction i of b: rewritten whole later in the
 * block, under the same EXEC, before any read? (Not judged across blocks.) */
static bool vgpr_dies_after(const mir_block *b, uint32_t i, mir_preg r) {
  for (uint32_t j = i + 1; j < b->num_instrs; j++) {
    const mir_instr *x = b->instrs[j];
    if (!x) continue;
    if (reads(x, r, 1)) return false;
    if (overwrites(x, r, 1)) return true;
    if (mir_writes_exec(x)) return false;
  }
  return false;
}

/* Rule 5 over block b (entries may be NULL: deleted). At most SINK_REACH
 * instructions between the definition and the move. */
#define SINK_REACH 32u
static void sink_into_moves(mir_block *b) {
  bool any = false;
  for (uint32_t i = 1; i < b->num_instrs; i++) {
    mir_instr *mv = b->instrs[i];
    mir_preg d, s;
    unsigned n;
    if (!mv || mv->opcode != ISA_V_MOV_B32 || (mv->enc_flags & MIR_ENC_GPR_IDX) || !plain_move(mv, &d, &s, &n) ||
        s == MIR_PREG_NONE || s == d || d < 256)
      continue;
    /* the last instruction before the move that names s must define it */
    uint32_t k = i, seen = 0;
    mir_instr *def = NULL;
    while (k-- > 0 && seen < SINK_REACH) {
      mir_instr *x = b->instrs[k];
      if (!x) continue;
      seen++;
      if (x->opcode >= ISA_NUM_OPS || mir_writes_exec(x)) break;
      if (writes_any(x, s, 1)) {
        def = x;
        break;
      }
      if (reads(x, s, 1)) break;
    }
    if (!def || !sinkable_def(def) || def->defs[0].preg != s || !vgpr_dies_after(b, i, s)) continue;
    /* its sources keep their values down to the move */
    bool ok = true;
    for (uint32_t m = k + 1; m < i && ok; m++) {
      const mir_instr *x = b->instrs[m];
      if (!x) continue;
      for (unsigned o = 0; o < def->num_ops && ok; o++)
        if (is_reg(&def->ops[o])) ok = !writes_any(x, def->ops[o].preg, opnd_size(&def->ops[o]));
    }
    if (!ok) continue;
    def->defs[0].preg = d;
    def->defs[0].flags &= (uint8_t)~MIR_OPND_KILL;
    b->instrs[k] = NULL;
    b->instrs[i] = def;
    any = true;
  }
  if (!any) return;
  uint32_t w = 0;
  for (uint32_t i = 0; i < b->num_instrs; i++)
    if (b->instrs[i]) b->instrs[w++] = b->instrs[i];
  b->num_instrs = w;
}

/* ---- SGPR liveness, for rule 3 ----------------------------------------- */

typedef uint64_t sgpr_set[2]; /* s0..s101 */

static void set_range(uint64_t *m, mir_preg r, unsigned n, bool on) {
  for (unsigned u = r; u < r + n && u < MIR_MAX_SGPRS; u++) {
    if (on) m[u >> 6] |= 1ull << (u & 63);
    else m[u >> 6] &= ~(1ull << (u & 63));
  }
}

static bool any_in(const uint64_t *m, mir_preg r, unsigned n) {
  for (unsigned u = r; u < r + n && u < MIR_MAX_SGPRS; u++)
    if ((m[u >> 6] >> (u & 63)) & 1) return true;
  return false;
}

/* What ins does to the live SGPRs above it: live = (live & ~kill) | gen.
 * Pseudos other than branches (calls, returns) read every SGPR, as far as
 * we know. */
static void sgpr_effect(const mir_instr *ins, uint64_t *kill, uint64_t *gen) {
  kill[0] = kill[1] = gen[0] = gen[1] = 0;
  if ((ins->opcode >= ISA_NUM_OPS && ins->opcode != MIR_P_BRANCH && ins->opcode != MIR_P_CBRANCH_SCC) ||
      movrel(ins)) {
    kill[0] = kill[1] = gen[0] = gen[1] = ~0ull;
    return;
  }
  if (full_write(ins))
    for (unsigned k = 0; k < ins->num_defs; k++)
      if (is_reg(&ins->defs[k])) set_range(kill, ins->defs[k].preg, opnd_size(&ins->defs[k]), true);
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (is_reg(&ins->ops[k])) set_range(gen, ins->ops[k].preg, opnd_size(&ins->ops[k]), true);
}

/* live = live before ins, from live after it. */
static void sgpr_step(const mir_instr *ins, uint64_t *live) {
  uint64_t k[2], g[2];
  sgpr_effect(ins, k, g);
  for (int w = 0; w < 2; w++) live[w] = (live[w] & ~k[w]) | g[w];
}

/* Live-out SGPRs per block over the linear CFG (the wave's own order:
 * SGPRs are not masked by EXEC); iterated to a fixed point. Each block's
 * effect is summarised once as live_in = (live_out & ~kill) | gen: every
 * sgpr_step has that form, and so has their composition. */
static sgpr_set *sgpr_live_out(const mir_program *p, arena *mem) {
  sgpr_set *out = arena_alloc(mem, p->num_blocks * sizeof *out);
  sgpr_set *in = arena_alloc(mem, p->num_blocks * sizeof *in);
  sgpr_set *kill = arena_alloc(mem, p->num_blocks * sizeof *kill);
  sgpr_set *gen = arena_alloc(mem, p->num_blocks * sizeof *gen);
  memset(out, 0, p->num_blocks * sizeof *out);
  memset(in, 0, p->num_blocks * sizeof *in);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    for (int w = 0; w < 2; w++) kill[bi][w] = gen[bi][w] = 0;
    for (uint32_t i = b->num_instrs; i-- > 0;) {
      uint64_t k[2], g[2];
      sgpr_effect(b->instrs[i], k, g);
      for (int w = 0; w < 2; w++) {
        kill[bi][w] |= k[w];
        gen[bi][w] = (gen[bi][w] & ~k[w]) | g[w];
      }
    }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t bi = p->num_blocks; bi-- > 0;) {
      const mir_block *b = &p->blocks[bi];
      uint64_t live[2] = {0, 0};
      for (uint32_t k = 0; k < b->linear_succs.n; k++) {
        live[0] |= in[b->linear_succs.v[k]][0];
        live[1] |= in[b->linear_succs.v[k]][1];
      }
      out[bi][0] = live[0];
      out[bi][1] = live[1];
      for (int w = 0; w < 2; w++) live[w] = (live[w] & ~kill[bi][w]) | gen[bi][w];
      if (live[0] != in[bi][0] || live[1] != in[bi][1]) {
        in[bi][0] = live[0];
        in[bi][1] = live[1];
        changed = true;
      }
    }
  }
  return out;
}

/* Rule 3 in block b: SGPR moves whose destination nobody reads. */
static void delete_dead_sgpr_moves(mir_block *b, const uint64_t *live_out) {
  uint64_t live[2] = {live_out[0], live_out[1]};
  uint32_t ndead = 0;
  for (uint32_t i = b->num_instrs; i-- > 0;) {
    mir_instr *ins = b->instrs[i];
    mir_preg d, s;
    unsigned n;
    if (plain_move(ins, &d, &s, &n) && d < MIR_MAX_SGPRS && !any_in(live, d, n)) {
      b->instrs[i] = NULL; /* reads nothing now, writes nothing live */
      ndead++;
      continue;
    }
    sgpr_step(ins, live);
  }
  if (!ndead) return;
  uint32_t w = 0;
  for (uint32_t i = 0; i < b->num_instrs; i++)
    if (b->instrs[i]) b->instrs[w++] = b->instrs[i];
  b->num_instrs = w;
}

/* Marks the VGPRs (bit r - 256) that ins may read: its register operands
 * and, where it may keep part of its destination (tied or partial
 * writes, pseudos), its VGPR definitions. */
static void mark_vgprs(uint64_t *rd, const mir_operand *o) {
  if (!is_reg(o) || o->preg < 256 || o->preg >= 512) return;
  for (unsigned u = o->preg - 256, e = u + opnd_size(o); u < e && u < 256; u++) rd[u >> 6] |= 1ull << (u & 63);
}

static void vgpr_reads(const mir_instr *ins, uint64_t *rd) {
  for (unsigned k = 0; k < ins->num_ops; k++) mark_vgprs(rd, &ins->ops[k]);
  if (full_write(ins)) return;
  for (unsigned k = 0; k < ins->num_defs; k++) mark_vgprs(rd, &ins->defs[k]);
}

/* 4. Unread VGPR moves: in a kernel without calls, a v_mov_b32 into a VGPR
 * that no instruction after it reads (later in its block, or in any block
 * the linear CFG reaches from there) is deleted, whatever EXEC holds: the
 * lanes it keeps are read by nobody either. Writes never end a VGPR's
 * liveness here (a write under a partial EXEC keeps the other lanes), so
 * "read later" is plain reachability: R_out(b) = union of R_in(s) over
 * b's linear successors, R_in(b) = reads(b) | R_out(b). The wave runs in
 * linear order, so any instruction that runs after the move is reachable.
 * Forwarding leaves such moves behind when the copy's register is read
 * only in a later block (an extract of a pair kept for its high half), or
 * when the tuple it built was read in place of its sources (a vector
 * built from two values that live on, f_vector_gep), or when the
 * extracts of an indexed write's vector were forwarded to their readers
 * (f_gpr_index branch_write: 15 dead copies). After s_endpgm nothing
 * reads VGPRs; a function's caller, a callee and M0-relative (movrel)
 * reads could, so those programs are left alone. Indexed accesses not yet
 * lowered (MIR_P_GPR_IDX_READ / WRITE, gpr_index.c runs after this pass)
 * name their whole vector as an operand, so their reads are counted.
 * Repeated: a deleted move may have been the only reader of its source. */
typedef uint64_t vgpr_set[4];

static bool vgpr_in(const uint64_t *rd, mir_preg d) { return (rd[(d - 256) >> 6] >> ((d - 256) & 63)) & 1; }

static void delete_unread_vgpr_moves(mir_program *p, arena *mem) {
  if (p->is_function || p->has_calls) return;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++)
      if (movrel(p->blocks[bi].instrs[i]) || (p->blocks[bi].instrs[i]->enc_flags & MIR_ENC_GPR_IDX)) return;
  vgpr_set *gen = arena_alloc(mem, p->num_blocks * sizeof *gen);
  vgpr_set *in = arena_alloc(mem, p->num_blocks * sizeof *in);
  for (bool again = true; again;) {
    memset(gen, 0, p->num_blocks * sizeof *gen);
    for (uint32_t bi = 0; bi < p->num_blocks; bi++)
      for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) vgpr_reads(p->blocks[bi].instrs[i], gen[bi]);
    memcpy(in, gen, p->num_blocks * sizeof *in);
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t bi = p->num_blocks; bi-- > 0;) {
        const mir_block *b = &p->blocks[bi];
        for (uint32_t k = 0; k < b->linear_succs.n; k++)
          for (int w = 0; w < 4; w++) {
            uint64_t x = in[bi][w] | in[b->linear_succs.v[k]][w];
            changed |= x != in[bi][w];
            in[bi][w] = x;
          }
      }
    }
    again = false;
    for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
      mir_block *b = &p->blocks[bi];
      uint64_t live[4] = {0, 0, 0, 0};
      for (uint32_t k = 0; k < b->linear_succs.n; k++)
        for (int w = 0; w < 4; w++) live[w] |= in[b->linear_succs.v[k]][w];
      uint32_t ndead = 0;
      for (uint32_t i = b->num_instrs; i-- > 0;) {
        mir_instr *ins = b->instrs[i];
        mir_preg d, src;
        unsigned n;
        if (ins->opcode == ISA_V_MOV_B32 && plain_move(ins, &d, &src, &n) && d >= 256 && !vgpr_in(live, d)) {
          b->instrs[i] = NULL;
          ndead++;
          continue;
        }
        vgpr_reads(ins, live);
      }
      if (!ndead) continue;
      again = true;
      uint32_t w = 0;
      for (uint32_t i = 0; i < b->num_instrs; i++)
        if (b->instrs[i]) b->instrs[w++] = b->instrs[i];
      b->num_instrs = w;
    }
  }
}

int mir_copy_cleanup(mir_program *p, diag *d) {
  (void)d;
  if (!p->ssa_eliminated) return 0;
  cc_ctx *c = arena_alloc(p->mem, sizeof *c);
  c->p = p;
  for (unsigned u = 0; u < UNITS; u++) c->map[u] = MIR_PREG_NONE;
  c->nactive = 0;
  c->base = 1; /* next[] starts at 0: "none" */
  c->vgpr_align = p->target->vgpr_tuple_align;
  arena tmp;
  arena_init(&tmp);
  uint32_t most = 1;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    if (p->blocks[bi].num_instrs > most) most = p->blocks[bi].num_instrs;
  uint8_t *dead = arena_alloc(&tmp, most);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    mir_m0_reuse_block(b);
    forward_constants(b);
    forward_block(c, b);
    dead_moves(c, b, dead);
    uint32_t w = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++)
      if (!dead[i]) b->instrs[w++] = b->instrs[i];
    b->num_instrs = w;
    sink_into_moves(b);
  }
  sgpr_set *out = sgpr_live_out(p, &tmp);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) delete_dead_sgpr_moves(&p->blocks[bi], out[bi]);
  delete_unread_vgpr_moves(p, &tmp);
  arena_free(&tmp);
  return 0;
}
