/* Post-RA clean-up of EXEC restores in structured divergent control flow
 * (isel_struct.c).
 *
 * An if whose join has phis gets a block F for the lanes that skip the
 * "then" arm: `exec = s_andn2_b64 saved, exec` (saved: EXEC before the
 * if), their phi copies, then the join's `exec = s_or_b64 exec, saved`.
 * When coalescing has left F no copies, F only computes saved & ~exec and
 * the join ORs saved back in: EXEC ends as saved either way, because the
 * lanes entering F (those of the "then" arm, or none after
 * s_cbranch_execz) are a subset of saved. The s_andn2_b64 goes; SCC,
 * which it also writes, is written again by the s_or_b64 at once.
 *
 * Pattern (on physical registers, after copy-cleanup): a block whose only
 * instructions are `exec = s_andn2_b64 S, exec` and a branch to its one
 * linear successor J, whose first instruction is `exec = s_or_b64 exec, S`
 * with the same temporary S. Only in structured programs, where every such
 * F block enters with EXEC inside S.
 *
 * Also, in any program: `exec = s_mov_b64 x` whose EXEC nothing reads
 * before another instruction writes EXEC without reading it, on every
 * path of the linear CFG from it (masked linearisation's arms that turned
 * out empty: each sets EXEC for nothing, then the next arm sets it again;
 * a masked loop's latch restoring the loop's EXEC for SALU work, before
 * the back edge and the exit each set theirs).
 *
 * Also, in any kernel: an SALU instruction that writes only EXEC (and
 * SCC) right before s_endpgm, the restore of an if that ends the kernel:
 * nothing reads EXEC or SCC after it (llc-19 has no such restore either,
 * SIWholeQuadMode/SILowerControlFlow leave none before S_ENDPGM).
 *
 * Also, in structured programs: a divergent loop exit into a join with phis (the block
 * for the leaving lanes' phi copies, isel_struct_loop.c exit_lanes) whose
 * copies coalescing removed:
 *     X: S = s_and_saveexec_b64 M ; s_cbranch_execz Z   (EXEC = E & M)
 *     Y: (nothing; falls to Z)
 *     Z: exec = s_andn2_b64 S, exec ; ...               (EXEC = E & ~M)
 * EXEC at Z is E & ~M on both paths, so X computes it at once
 * (`exec = s_andn2_b64 exec, M`; after s_andn1_saveexec, E & M:
 * s_and_b64), X's branch and Z's s_andn2_b64 go: two instructions per
 * iteration fewer. SCC, which every one of them writes, is read by none
 * before the next write. S must have no other reader.
 *
 * Also, in structured programs, before the first pattern: F's phi copies
 * (`vD = v_mov_b32 x`) move to the if block B, before its saveexec,
 * where they run under B's EXEC, a superset of F's lanes:
 *     B: S = s_and_saveexec_b64 M ; s_cbranch_execz F      (T…: then arm)
 *     F: exec = s_andn2_b64 S, exec ; vD = v_mov_b32 x ; …  J: exec = s_or_b64 exec, S
 * becomes B: vD = v_mov_b32 x ; S = s_and_saveexec_b64 M …, F: exec =
 * s_andn2_b64 S, exec (then dropped), as llc-19 puts the copy of a
 * triangle's phi before SI_IF (`c ? load : 0`: one instruction fewer per
 * if, and F becomes empty). The copies also write the "then" lanes of vD;
 * that is harmless when vD is dead at the arm T's entry: T's first
 * blocks (a straight line) write all of vD (a VALU, LDS or VMEM result,
 * before any EXEC change) before anything reads it. Not merely "T never
 * reads vD": the arm's value of the phi may sit in vD from before B,
 * untouched by T. And the
 * F lanes of vD must survive T: every write of T is masked by EXEC
 * (inside T, EXEC is within the then lanes), so no instruction of T
 * writes vD ignoring EXEC (v_writelane) or is a call, and T writes no
 * source x (an SGPR keeps its value for F; a VGPR's F lanes would too,
 * but checking that is not worth it). The sources must not be S, EXEC or
 * SCC (the saveexec writes them).
 */
#include <string.h>

#include "passes/passes.h"
#include "emit/encode.h"
#include "util/bitset.h"

static bool is_exec(const mir_operand *o) { return o->kind == MIR_OPND_FIXED && o->preg == MIR_PREG_EXEC; }

/* Is ins `exec = op a, b` with operand `tmp` (a temporary) at k and EXEC
 * at the other position? Sets *t to the temporary. */
static bool exec_op(const mir_instr *ins, unsigned op, unsigned k, mir_temp *t) {
  if (ins->opcode != op || ins->num_defs != 1 || ins->num_ops != 2 || !is_exec(&ins->defs[0])) return false;
  if (ins->ops[k].kind != MIR_OPND_TEMP || !is_exec(&ins->ops[1 - k])) return false;
  *t = ins->ops[k].temp;
  return true;
}

/* Does ins write only EXEC and SCC, an SALU instruction with no other
 * effect? */
static bool exec_only(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS || isa_sem_of(ins->opcode)->cost != ISA_COST_SALU || !ins->num_defs) return false;
  bool exec = false;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *o = &ins->defs[k];
    if (is_exec(o)) exec = true;
    else if (o->preg != MIR_PREG_SCC) return false;
  }
  return exec;
}

/* Deletes EXEC-only writes right before each s_endpgm. */
static void drop_final_exec_writes(mir_program *p) {
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 1; i < blk->num_instrs; i++) {
      if (blk->instrs[i]->opcode != ISA_S_ENDPGM) continue;
      uint32_t j = i;
      while (j > 0 && exec_only(blk->instrs[j - 1])) j--;
      if (j == i) continue;
      memmove(&blk->instrs[j], &blk->instrs[i], (blk->num_instrs - i) * sizeof *blk->instrs);
      blk->num_instrs -= i - j;
      i = j;
    }
  }
}

/* May ins read EXEC (explicitly or as the lanes it runs on)? Only SALU,
 * SMEM, s_waitcnt and s_nop without an EXEC operand do not; every pseudo
 * may (a copy becomes a v_mov_b32). */
static bool may_read_exec(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return true;
  unsigned cost = isa_sem_of(ins->opcode)->cost;
  if (cost == ISA_COST_SCTL) {
    if (ins->opcode != ISA_S_WAITCNT && ins->opcode != ISA_S_NOP) return true;
  } else if (cost != ISA_COST_SALU && cost != ISA_COST_SMEM) {
    return true;
  }
  if (wavecc_lane_is_saveexec(wavecc_lane_kind(ins->opcode, NULL))) return true;
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (is_exec(&ins->ops[k])) return true;
  return false;
}

/* Is EXEC overwritten before anything reads it on every path from
 * instruction `from` of block b on? Follows the linear CFG through
 * unconditional and SCC branches (which read no EXEC); a block seen
 * before on this walk adds nothing (the paths through it are checked
 * where it was first entered). *budget bounds the instructions looked at
 * (false when spent). */
static bool exec_dead_from(const mir_program *p, uint32_t b, uint32_t from, uint8_t *seen, unsigned *budget) {
  const mir_block *blk = &p->blocks[b];
  for (uint32_t j = from; j < blk->num_instrs; j++) {
    const mir_instr *x = blk->instrs[j];
    if (!(*budget)--) return false;
    if (x->opcode == MIR_P_BRANCH || x->opcode == MIR_P_CBRANCH_SCC) continue;
    if (may_read_exec(x)) return false;
    if (mir_writes_all_exec(p, x)) return true;
  }
  if (!blk->linear_succs.n) return false; /* the end: EXEC is live out */
  for (uint32_t k = 0; k < blk->linear_succs.n; k++) {
    uint32_t s = blk->linear_succs.v[k];
    if (seen[s]) continue;
    seen[s] = 1;
    if (!exec_dead_from(p, s, 0, seen, budget)) return false;
  }
  return true;
}

/* Is the EXEC that instruction i of block b writes overwritten before
 * anything reads it, on every path (masked linearisation: an arm that
 * sets EXEC for nothing before the next arm sets it again; a loop latch
 * that restores the loop's EXEC before both the back edge and the exit
 * set their own)? */
static bool exec_write_dead(const mir_program *p, uint32_t b, uint32_t i, uint8_t *seen) {
  memset(seen, 0, p->num_blocks);
  unsigned budget = 256;
  return exec_dead_from(p, b, i + 1, seen, &budget);
}

/* Deletes the dead `exec = s_mov x` (exec_write_dead). */
static void drop_dead_exec_moves(mir_program *p) {
  unsigned mov = mir_lane_op(p, WAVECC_LANE_MOV);
  uint8_t *seen = arena_alloc(p->mem, p->num_blocks ? p->num_blocks : 1);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      if (ins->opcode != mov || ins->num_defs != 1 || !is_exec(&ins->defs[0]) || may_read_exec(ins)) continue;
      if (!exec_write_dead(p, b, i, seen)) continue;
      memmove(&blk->instrs[i], &blk->instrs[i + 1], (blk->num_instrs - i - 1) * sizeof *blk->instrs);
      blk->num_instrs--;
      i--;
    }
  }
}

/* Reads any instruction of p temporary t, other than `except`? */
static bool temp_read(const mir_program *p, mir_temp t, const mir_instr *except) {
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < ins->num_ops && ins != except; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id == t.id) return true;
    }
  return false;
}

/* The second pattern (file comment) with X = block x. */
static void empty_exit_copies(mir_program *p, uint32_t x) {
  mir_block *xb = &p->blocks[x];
  uint32_t n = xb->num_instrs;
  if (n < 3 || xb->instrs[n - 1]->opcode != MIR_P_BRANCH || xb->instrs[n - 2]->opcode != ISA_S_CBRANCH_EXECZ) return;
  mir_instr *se = xb->instrs[n - 3];
  bool negated = se->opcode == mir_lane_op(p, WAVECC_LANE_ANDN1_SAVEEXEC);
  if ((se->opcode != mir_lane_op(p, WAVECC_LANE_AND_SAVEEXEC) && !negated) || se->num_defs != 1 || se->num_ops != 1 ||
      se->defs[0].kind != MIR_OPND_TEMP || se->ops[0].kind != MIR_OPND_TEMP)
    return;
  uint32_t y = xb->instrs[n - 1]->ops[0].imm, z = xb->instrs[n - 2]->ops[0].imm;
  if (y == z || y >= p->num_blocks || z >= p->num_blocks) return;
  mir_block *yb = &p->blocks[y], *zb = &p->blocks[z];
  if (yb->num_instrs != 1 || yb->instrs[0]->opcode != MIR_P_BRANCH || yb->instrs[0]->ops[0].imm != z ||
      yb->linear_preds.n != 1 || zb->linear_preds.n != 2 || xb->linear_succs.n != 2)
    return;
  mir_temp t;
  if (!zb->num_instrs || !exec_op(zb->instrs[0], mir_lane_op(p, WAVECC_LANE_ANDN2), 0, &t) ||
      t.id != se->defs[0].temp.id || temp_read(p, t, zb->instrs[0]))
    return;
  /* Z's instruction, now exec = op exec, M, takes the saveexec's place */
  mir_instr *ni = zb->instrs[0];
  ni->opcode = mir_lane_op(p, negated ? WAVECC_LANE_AND : WAVECC_LANE_ANDN2);
  ni->ops[0] = ni->ops[1];
  ni->ops[1] = se->ops[0];
  xb->instrs[n - 3] = ni;
  xb->instrs[n - 2] = xb->instrs[n - 1];
  xb->num_instrs--;
  memmove(zb->instrs, zb->instrs + 1, (zb->num_instrs - 1) * sizeof *zb->instrs);
  zb->num_instrs--;
  mir_idx_list_remove(&xb->linear_succs, z);
  mir_idx_list_remove(&zb->linear_preds, x);
}

/* ---- EXEC moves of a value EXEC already holds ---- */

/* Known copies of EXEC: bit r set when s[r .. r+d-1] (d: lane-mask dwords)
 * equals EXEC; only the allocatable SGPRs below VCC. */
typedef struct exec_copies {
  uint64_t w[2];
} exec_copies;

/* Forgets the copies a write of registers [q, q+m) overwrites. */
static void copies_kill(exec_copies *k, mir_preg q, unsigned m, unsigned d) {
  if (!m || q >= MIR_PREG_VCC) return;
  uint32_t first = q, lo = first + 1 >= d ? first + 1 - d : 0;
  for (uint32_t r = lo; r < first + m && r < MIR_PREG_VCC; r++) bitset_clear(k->w, r);
}

/* Is operand o a lane mask in allocatable SGPRs (first register *r)? */
static bool lane_sgprs(const mir_operand *o, unsigned d, mir_preg *r) {
  unsigned n;
  if (o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_FIXED) return false;
  mir_opnd_units(o, r, &n);
  return n == d && *r + d <= MIR_PREG_VCC;
}

/* Steps the known copies of EXEC over ins; true when ins is `exec =
 * s_mov_b64 X` with X known to equal EXEC already (deletable). */
static bool copies_step(const mir_program *p, exec_copies *k, const mir_instr *ins) {
  unsigned d = mir_lane_dwords(p);
  mir_preg x, y;
  if (ins->opcode == mir_lane_op(p, WAVECC_LANE_MOV) && ins->num_defs == 1 && ins->num_ops == 1) {
    if (is_exec(&ins->defs[0])) {
      bool known = lane_sgprs(&ins->ops[0], d, &x) && bitset_test(k->w, x);
      if (known) return true;
      memset(k, 0, sizeof *k);
      if (lane_sgprs(&ins->ops[0], d, &x)) bitset_set(k->w, x);
      return false;
    }
    if (lane_sgprs(&ins->defs[0], d, &y)) {
      bool copy = is_exec(&ins->ops[0]) || (lane_sgprs(&ins->ops[0], d, &x) && bitset_test(k->w, x));
      copies_kill(k, y, d, d);
      if (copy) bitset_set(k->w, y);
      return false;
    }
  }
  if (ins->opcode >= ISA_NUM_OPS && ins->opcode != MIR_P_BRANCH && ins->opcode != MIR_P_CBRANCH_SCC) {
    memset(k, 0, sizeof *k); /* calls, returns, spill pseudos: registers beyond their operands */
    return false;
  }
  if (mir_writes_exec(ins)) {
    memset(k, 0, sizeof *k);
    return false;
  }
  for (unsigned i = 0; i < ins->num_defs; i++) {
    mir_preg q;
    unsigned m;
    mir_opnd_units(&ins->defs[i], &q, &m);
    copies_kill(k, q, m, d);
  }
  return false;
}

/* Deletes `exec = s_mov_b64 X` where every path of the linear CFG
 * reaches it with EXEC equal to X already: a forward dataflow of the
 * SGPR pairs known to hold EXEC (meet: intersection), masked
 * linearisation's loop header restoring the loop's EXEC that the entry
 * and the back edge (exec = M; saved = M) both leave in place. */
static void drop_known_exec_moves(mir_program *p) {
  uint32_t nb = p->num_blocks;
  if (!nb) return;
  exec_copies *out = arena_alloc(p->mem, nb * sizeof *out);
  uint8_t *done = arena_alloc(p->mem, nb);
  memset(done, 0, nb);
  bool changed = true;
  for (unsigned sweep = 0; changed && sweep < 64; sweep++) {
    changed = false;
    for (uint32_t b = 0; b < nb; b++) {
      const mir_block *blk = &p->blocks[b];
      exec_copies k;
      memset(&k, 0, sizeof k);
      bool first = true;
      for (uint32_t i = 0; i < blk->linear_preds.n && b; i++) {
        uint32_t q = blk->linear_preds.v[i];
        if (!done[q]) continue; /* not reached yet: the top of the lattice */
        if (first) k = out[q];
        else for (unsigned w = 0; w < 2; w++) k.w[w] &= out[q].w[w];
        first = false;
      }
      for (uint32_t i = 0; i < blk->num_instrs; i++) (void)copies_step(p, &k, blk->instrs[i]);
      if (!done[b] || memcmp(&k, &out[b], sizeof k)) {
        out[b] = k;
        done[b] = 1;
        changed = true;
      }
    }
  }
  if (changed) return; /* no fixpoint within the bound: nothing proven */
  for (uint32_t b = 0; b < nb; b++) {
    mir_block *blk = &p->blocks[b];
    exec_copies k;
    memset(&k, 0, sizeof k);
    for (uint32_t i = 0; i < blk->linear_preds.n && b; i++) {
      if (i == 0) k = out[blk->linear_preds.v[0]];
      else for (unsigned w = 0; w < 2; w++) k.w[w] &= out[blk->linear_preds.v[i]].w[w];
    }
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      if (!copies_step(p, &k, blk->instrs[i])) continue;
      memmove(&blk->instrs[i], &blk->instrs[i + 1], (blk->num_instrs - i - 1) * sizeof *blk->instrs);
      blk->num_instrs--;
      i--;
    }
  }
}

/* Most phi copies of one skip block moved (a bound on the work, far above
 * what ifs have). */
#define MAX_SKIP_COPIES 64u

/* Do registers [r, r+n) and [q, q+m) overlap? */
static bool regs_overlap(mir_preg r, unsigned n, mir_preg q, unsigned m) { return n && m && r < q + m && q < r + n; }

/* Does an operand (or definition) of list o[0..n) overlap [r, r+k)? */
static bool opnds_touch(const mir_operand *o, unsigned n, mir_preg r, unsigned k) {
  for (unsigned i = 0; i < n; i++) {
    mir_preg q;
    unsigned m;
    mir_opnd_units(&o[i], &q, &m);
    if (regs_overlap(q, m, r, k)) return true;
  }
  return false;
}

/* A phi copy of F: `vD = v_mov_b32 x`, x a register or a constant, no
 * modifiers. */
static bool phi_copy(const mir_instr *ins) {
  if (ins->opcode != ISA_V_MOV_B32 || ins->num_defs != 1 || ins->num_ops != 1 || ins->clamp || ins->omod ||
      (ins->ops[0].flags & MIR_OPND_MODS) || (ins->enc_flags & ~MIR_ENC_VOP3))
    return false;
  const mir_operand *d = &ins->defs[0], *x = &ins->ops[0];
  if ((d->kind != MIR_OPND_TEMP && d->kind != MIR_OPND_FIXED) || d->preg < MIR_PREG_VGPR(0) || d->preg >= MIR_PREG_AGPR(0))
    return false;
  return x->kind == MIR_OPND_CONST ||
         ((x->kind == MIR_OPND_TEMP || x->kind == MIR_OPND_FIXED) && x->preg != MIR_PREG_NONE && x->preg != MIR_PREG_SCC);
}

/* Does ins write all of [r, r+n) in every lane EXEC enables, without
 * reading what it held (a VALU, LDS or VMEM result, not tied, partial,
 * atomic or indexed)? */
static bool full_masked_write(const mir_instr *ins, mir_preg r, unsigned n) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  unsigned cost = isa_sem_of(ins->opcode)->cost;
  if (cost != ISA_COST_VALU && cost != ISA_COST_TRANS && cost != ISA_COST_F64 && cost != ISA_COST_LDS &&
      cost != ISA_COST_VMEM)
    return false;
  if ((isa_table[ins->opcode].flags & (ISA_F_IGNORES_EXEC | ISA_F_ATOMIC)) ||
      (isa_sem_of(ins->opcode)->flags & (ISA_S_TIED | ISA_S_PARTIAL)) ||
      (ins->enc_flags & ~(MIR_ENC_VOP3 | MIR_ENC_GLC | MIR_ENC_SLC | MIR_ENC_SC1 | MIR_ENC_OFFEN | MIR_ENC_IDXEN |
                          MIR_ENC_OFF | MIR_ENC_DWALIGNED | MIR_ENC_INVARIANT)))
    return false;
  for (unsigned i = 0; i < ins->num_defs; i++) {
    mir_preg q;
    unsigned m;
    mir_opnd_units(&ins->defs[i], &q, &m);
    if (m && q <= r && r + n <= q + m) return true;
  }
  return false;
}

/* May the then arm's block t stay while F's copies cp[0..n) run before
 * the arm? start: non-null while t is in the straight line that starts
 * the arm (*start stays true until an EXEC write); dead[k]: copy k's
 * register was written whole in that straight line before any read, so
 * its old value is dead in the arm (set here). See the file comment. */
static bool arm_block_ok(const mir_block *t, bool *start, mir_instr *const *cp, uint32_t n, uint8_t *dead) {
  for (uint32_t i = 0; i < t->num_instrs; i++) {
    const mir_instr *ins = t->instrs[i];
    if (ins->opcode == MIR_P_CALL || ins->opcode == MIR_P_RETURN) return false;
    bool masked = ins->opcode >= ISA_NUM_OPS || !(isa_table[ins->opcode].flags & ISA_F_IGNORES_EXEC);
    for (uint32_t k = 0; k < n; k++) {
      mir_preg r, q;
      unsigned nr, nq;
      mir_opnd_units(&cp[k]->defs[0], &r, &nr);
      if (!dead[k] && opnds_touch(ins->ops, ins->num_ops, r, nr)) return false;
      if (!masked && opnds_touch(ins->defs, ins->num_defs, r, nr)) return false;
      mir_opnd_units(&cp[k]->ops[0], &q, &nq);
      if (opnds_touch(ins->defs, ins->num_defs, q, nq)) return false;
      if (start && *start && full_masked_write(ins, r, nr)) dead[k] = 1;
    }
    if (start && mir_writes_exec(ins)) *start = false;
  }
  return true;
}

/* Where in B (before instruction `end`, its saveexec) F's copies cp[0..n)
 * go: above the instructions after the last one that writes EXEC, reads
 * or writes a vD, or writes a source, so that they issue in B's earlier
 * work (after a barrier's wait, not between the saveexec and the arm's
 * first load, where they would delay it: the cycle model charges that
 * in radix_split). Not right after a load of a source (its wait would
 * move up too): then at `end`. */
static uint32_t copies_place(const mir_program *p, const mir_block *bb, uint32_t end, mir_instr *const *cp, uint32_t n) {
  uint32_t at = end;
  while (at > 0) {
    const mir_instr *ins = bb->instrs[at - 1];
    if (ins->opcode >= ISA_NUM_OPS || mir_writes_exec(ins)) break;
    bool stop = false, src_load = false;
    for (uint32_t k = 0; k < n && !stop; k++) {
      mir_preg r, q;
      unsigned nr, nq;
      mir_opnd_units(&cp[k]->defs[0], &r, &nr);
      mir_opnd_units(&cp[k]->ops[0], &q, &nq);
      if (opnds_touch(ins->ops, ins->num_ops, r, nr) || opnds_touch(ins->defs, ins->num_defs, r, nr)) stop = true;
      if (opnds_touch(ins->defs, ins->num_defs, q, nq)) {
        stop = true;
        src_load = (isa_table[ins->opcode].flags & ISA_F_LOAD) != 0;
      }
    }
    if (stop) return src_load ? end : at;
    at--;
  }
  (void)p;
  return at;
}

/* Moves F's phi copies into the if block (file comment) for block f. */
static void hoist_skip_copies(mir_program *p, uint32_t f, uint8_t *seen, uint32_t *work, uint8_t *dead) {
  mir_block *fb = &p->blocks[f];
  mir_temp s, s2;
  uint32_t n = fb->num_instrs;
  if (n < 3 || fb->linear_succs.n != 1 || fb->logical_preds.n != 1 || fb->linear_preds.n != 2 ||
      !exec_op(fb->instrs[0], mir_lane_op(p, WAVECC_LANE_ANDN2), 0, &s))
    return;
  uint32_t j = fb->linear_succs.v[0], b = fb->logical_preds.v[0];
  const mir_instr *br = fb->instrs[n - 1];
  if (br->opcode != MIR_P_BRANCH || br->ops[0].kind != MIR_OPND_BLOCK || br->ops[0].imm != j || b >= p->num_blocks) return;
  for (uint32_t i = 1; i + 1 < n; i++)
    if (!phi_copy(fb->instrs[i])) return;
  const mir_block *jb = &p->blocks[j];
  if (!jb->num_instrs || !exec_op(jb->instrs[0], mir_lane_op(p, WAVECC_LANE_OR), 1, &s2) || s2.id != s.id) return;
  /* B: S = saveexec M ; s_cbranch_execz F ; p_branch T0 */
  mir_block *bb = &p->blocks[b];
  uint32_t m = bb->num_instrs;
  if (m < 3 || bb->linear_succs.n != 2 || bb->instrs[m - 2]->opcode != ISA_S_CBRANCH_EXECZ ||
      bb->instrs[m - 2]->ops[0].imm != f || bb->instrs[m - 1]->opcode != MIR_P_BRANCH ||
      bb->instrs[m - 1]->ops[0].kind != MIR_OPND_BLOCK)
    return;
  mir_instr *se = bb->instrs[m - 3];
  if ((se->opcode != mir_lane_op(p, WAVECC_LANE_AND_SAVEEXEC) && se->opcode != mir_lane_op(p, WAVECC_LANE_ANDN1_SAVEEXEC)) ||
      se->num_defs != 1 || se->defs[0].kind != MIR_OPND_TEMP || se->defs[0].temp.id != s.id)
    return;
  mir_instr *const *cp = fb->instrs + 1;
  uint32_t nc = n - 2;
  for (uint32_t k = 0; k < nc; k++) {
    mir_preg q;
    unsigned nq;
    mir_opnd_units(&cp[k]->ops[0], &q, &nq);
    if (opnds_touch(se->defs, se->num_defs, q, nq) || regs_overlap(q, nq, MIR_PREG_EXEC, mir_lane_dwords(p))) return;
  }
  /* the then arm: the blocks the linear CFG reaches from T0 before F */
  uint32_t t0 = bb->instrs[m - 1]->ops[0].imm, nw = 0;
  if (t0 == f || t0 >= p->num_blocks) return;
  if (nc > MAX_SKIP_COPIES) return;
  memset(seen, 0, p->num_blocks);
  memset(dead, 0, nc);
  work[nw++] = t0;
  seen[t0] = seen[f] = 1;
  /* the arm's first blocks, a straight line (one successor, whose one
   * predecessor it is), must write every vD whole before reading it: vD
   * may hold the arm's value of the phi, from before B. The worklist
   * takes them first, one at a time. */
  bool start = true, all_dead = false;
  uint32_t line = t0;
  while (nw) {
    uint32_t tb = work[--nw];
    const mir_block *t = &p->blocks[tb];
    if (!t->linear_succs.n || tb == b || tb == j) return; /* leaves the arm other than through F */
    if (!all_dead && tb != line) return;
    if (!arm_block_ok(t, all_dead ? NULL : &start, cp, nc, dead)) return;
    if (!all_dead) {
      all_dead = true;
      for (uint32_t k = 0; k < nc; k++) all_dead &= dead[k] != 0;
      if (!all_dead) {
        if (!start || t->linear_succs.n != 1) return;
        line = t->linear_succs.v[0];
        if (line == f || line >= p->num_blocks || p->blocks[line].linear_preds.n != 1) return;
      }
    }
    for (uint32_t k = 0; k < t->linear_succs.n; k++) {
      uint32_t u = t->linear_succs.v[k];
      if (u >= p->num_blocks || u == j || u == b) return;
      if (!seen[u]) {
        seen[u] = 1;
        work[nw++] = u;
      }
    }
  }
  if (!all_dead) return;
  /* B gains the copies before the saveexec, as early as they may go
   * (below: off the path to the arm's first load); F keeps its
   * s_andn2_b64 and branch */
  uint32_t at = copies_place(p, bb, m - 3, cp, nc);
  mir_instr **ni = arena_alloc(p->mem, (m + nc) * sizeof *ni);
  memcpy(ni, bb->instrs, at * sizeof *ni);
  memcpy(ni + at, cp, nc * sizeof *ni);
  memcpy(ni + at + nc, bb->instrs + at, (m - at) * sizeof *ni);
  bb->instrs = ni;
  bb->num_instrs = bb->cap_instrs = m + nc;
  fb->instrs[1] = fb->instrs[n - 1];
  fb->num_instrs = 2;
}

/* Does ins write a register of r..r+n-1 (any pseudo may)? */
static bool writes_regs(const mir_instr *ins, mir_preg r, unsigned n) {
  return ins->opcode >= ISA_NUM_OPS || opnds_touch(ins->defs, ins->num_defs, r, n);
}

/* Is register range r..r+n-1 (n <= 8) written before anything reads it,
 * on every path of the linear CFG from instruction `from` of block b (or
 * the end of the program)? live: the units of the range not yet written
 * on this path (bit k: register r + k). Registers, not temporaries: after
 * allocation a phi's copies are gone where they coalesced, so another
 * temporary in the same registers may be the value read later. Every
 * pseudo other than a branch counts as a reader (calls, copies). seen[x]:
 * the live sets block x was checked with (a superset covers a subset).
 * *budget bounds the instructions looked at (false when spent). */
static bool reg_dead_from(const mir_program *p, uint32_t b, uint32_t from, mir_preg r, unsigned n, unsigned live,
                          uint8_t *seen, unsigned *budget) {
  const mir_block *blk = &p->blocks[b];
  for (uint32_t j = from; j < blk->num_instrs && live; j++) {
    const mir_instr *x = blk->instrs[j];
    if (!(*budget)--) return false;
    if (x->opcode == MIR_P_BRANCH || x->opcode == MIR_P_CBRANCH_SCC) continue;
    if (x->opcode >= ISA_NUM_OPS) return false;
    for (unsigned k = 0; k < n; k++)
      if ((live >> k & 1) && opnds_touch(x->ops, x->num_ops, r + k, 1)) return false;
    if (isa_sem_of(x->opcode)->flags & ISA_S_PARTIAL) continue;
    for (unsigned k = 0; k < n; k++)
      if (opnds_touch(x->defs, x->num_defs, r + k, 1)) live &= ~(1u << k);
  }
  if (!live) return true;
  for (uint32_t k = 0; k < blk->linear_succs.n; k++) {
    uint32_t s = blk->linear_succs.v[k];
    if ((seen[s] & live) == live) continue;
    seen[s] |= (uint8_t)live;
    if (!reg_dead_from(p, s, 0, r, n, live, seen, budget)) return false;
  }
  return true;
}

/* `t = s_and_b64 exec, c` (s_andn2_b64, s_or_b64; b32 in wave32) whose
 * registers die at a later `exec = s_mov_b64 t` on the same straight line
 * of the linear CFG (reg_dead_from; masked linearisation: a block's edge
 * mask, then EXEC set to it where the next block starts) becomes `exec =
 * s_and_b64 exec, c` and the move goes: nothing between may read or write
 * EXEC, write c or touch t's registers. SCC, which the s_and_b64 writes, gets the same
 * value (result != 0) at the same place. */
static void fold_exec_ops(mir_program *p) {
  unsigned mov = mir_lane_op(p, WAVECC_LANE_MOV);
  uint8_t *seen = arena_alloc(p->mem, p->num_blocks ? p->num_blocks : 1);
  const unsigned ops[3] = {mir_lane_op(p, WAVECC_LANE_AND), mir_lane_op(p, WAVECC_LANE_ANDN2), mir_lane_op(p, WAVECC_LANE_OR)};
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *a = blk->instrs[i];
      if ((a->opcode != ops[0] && a->opcode != ops[1] && a->opcode != ops[2]) || a->num_defs != 1 || a->num_ops != 2 ||
          a->defs[0].kind != MIR_OPND_TEMP || !is_exec(&a->ops[0]) == !is_exec(&a->ops[1]))
        continue;
      if (a->opcode == ops[1] && !is_exec(&a->ops[0])) continue; /* c & ~exec */
      const mir_operand *c = is_exec(&a->ops[0]) ? &a->ops[1] : &a->ops[0];
      mir_preg cr = 0, tr;
      unsigned cn = 0, tn;
      if (c->kind == MIR_OPND_TEMP || c->kind == MIR_OPND_FIXED) mir_opnd_units(c, &cr, &cn);
      mir_opnd_units(&a->defs[0], &tr, &tn);
      mir_temp t = a->defs[0].temp; /* read by the move only: its registers die there */
      /* walk to the move */
      uint32_t x = b, j = i + 1;
      mir_block *mb = NULL;
      for (unsigned budget = 64; budget; budget--) {
        mir_block *xb = &p->blocks[x];
        if (j == xb->num_instrs) break;
        mir_instr *y = xb->instrs[j];
        if (y->opcode == MIR_P_BRANCH) {
          if (xb->linear_succs.n != 1 || j + 1 != xb->num_instrs) break;
          uint32_t s2 = xb->linear_succs.v[0];
          if (p->blocks[s2].linear_preds.n != 1 || s2 == b) break;
          x = s2;
          j = 0;
          continue;
        }
        if (y->opcode == mov && y->num_defs == 1 && is_exec(&y->defs[0]) && y->ops[0].kind == MIR_OPND_TEMP &&
            y->ops[0].temp.id == t.id) {
          mb = xb;
          break;
        }
        if (may_read_exec(y) || mir_writes_exec(y) || (cn && writes_regs(y, cr, cn)) || writes_regs(y, tr, tn) ||
            opnds_touch(y->ops, y->num_ops, tr, tn))
          break;
        j++;
      }
      if (!mb) continue;
      unsigned budget = 512;
      memset(seen, 0, p->num_blocks);
      if (tn > 8 || !reg_dead_from(p, (uint32_t)(mb - p->blocks), j + 1, tr, tn, (1u << tn) - 1, seen, &budget)) continue;
      a->defs[0] = mir_op_exec(p);
      memmove(&mb->instrs[j], &mb->instrs[j + 1], (mb->num_instrs - j - 1) * sizeof *mb->instrs);
      mb->num_instrs--;
    }
  }
}

int mir_exec_cleanup(mir_program *p, diag *d) {
  (void)d;
  drop_dead_exec_moves(p);
  fold_exec_ops(p);
  drop_known_exec_moves(p);
  if (!p->is_function) drop_final_exec_writes(p);
  if (!p->structured) return 0;
  for (uint32_t x = 0; x < p->num_blocks; x++) empty_exit_copies(p, x);
  uint8_t *seen = arena_alloc(p->mem, p->num_blocks ? p->num_blocks : 1);
  uint32_t *work = arena_alloc(p->mem, (p->num_blocks ? p->num_blocks : 1) * sizeof *work);
  uint8_t dead[MAX_SKIP_COPIES];
  for (uint32_t f = 0; f < p->num_blocks; f++) hoist_skip_copies(p, f, seen, work, dead);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *f = &p->blocks[b];
    mir_temp s, s2;
    if (f->num_instrs != 2 || f->linear_succs.n != 1 || !exec_op(f->instrs[0], mir_lane_op(p, WAVECC_LANE_ANDN2), 0, &s)) continue;
    const mir_instr *br = f->instrs[1];
    uint32_t j = f->linear_succs.v[0];
    if (br->opcode != MIR_P_BRANCH || br->ops[0].kind != MIR_OPND_BLOCK || br->ops[0].imm != j) continue;
    const mir_block *jb = &p->blocks[j];
    if (!jb->num_instrs || !exec_op(jb->instrs[0], mir_lane_op(p, WAVECC_LANE_OR), 1, &s2) || s2.id != s.id) continue;
    f->instrs[0] = f->instrs[1];
    f->num_instrs = 1;
  }
  return 0;
}
