/* Load clustering: a pre-register-allocation scheduler for the loads of a
 * basic block.
 *
 * A load's result arrives hundreds of cycles after it issues (VMEM) or tens
 * (SMEM, LDS), and an s_waitcnt stops the wave until it has. Instruction
 * selection emits each load right before its first use, so the waitcnt
 * pass has to wait for it at once, one load at a time. This pass moves
 * every load of a block up, in program order, to just after the latest of:
 * the previous load (loads keep their order), the definitions of its
 * operands, and the last instruction a load must not cross (stores,
 * atomics, barriers, s_waitcnt, EXEC and M0 writes, calls, phis and other
 * pseudo instructions). The loads of a block end up issued together, and
 * the waits for them come later and with counts (AMD Vega ISA guide 4.4;
 * LLVM's AMDGPU scheduler clusters memory operations for the same reason).
 * Then the loads are put in the order their results are first read
 * (order_by_first_use), so the in-order counters drain in that order.
 *
 * Register pressure: a load moved up from position i to j keeps its result
 * live over [j, i). The move is made only if the demand (mir_liveness) at
 * every instruction of that range plus the result's size stays within a
 * limit: for SGPRs the program's current maximum demand, for VGPRs the
 * most VGPRs that still give the same occupancy as the current maximum
 * (gfx9: waves per SIMD = 256 / VGPRs rounded up to 4, at most 10), and
 * never more than the budget less a few registers of slack (so a forced
 * budget gets no new spill point); a program whose demand exceeds that
 * already (it will spill) is left alone. An operand whose last use is the load
 * is credited over the crossed instructions that do not read it (its
 * life ends earlier); otherwise demand is an upper bound.
 *
 * Address arithmetic moves with its load: selection puts a load's address
 * computation right before it, after the previous load's first use, so
 * the load alone could not pass that use. The load's backward slice in
 * the block (the pure, temporaries-only instructions computing its
 * operands: shifts, adds, copies, vector creates) moves up with it, in its
 * order, as one group. The group's results that outlive it count as
 * demand over the crossed instructions like the load's result does (no
 * credit for operands it ends: an upper bound). This is what lets a 3x3
 * stencil issue its loads back to back and wait with vmcnt(N)...vmcnt(0),
 * as llc-19's machine scheduler gives. An SCC pair (an instruction whose
 * SCC result only the next one reads: a 64-bit address add as s_add_u32 +
 * s_addc_u32) joins the slice as one unit where no other SCC value is
 * live in the range; no group is put between a staying pair's halves.
 *
 * Memory ordering: a load never crosses an atomic, a barrier or an
 * s_waitcnt (fences), nor another load; it crosses a store only when the
 * two are in different address spaces that no address reaches both of:
 * LDS (ds_*, not GDS), global and constant memory (global_*, s_load_*)
 * and private memory (scratch_*, and buffer_* accesses that selection
 * marked as into one of the kernel's private objects, mir_instr.chk).
 * flat_* and other buffer_* accesses may be anywhere and stay fences. A
 * private store no longer holds back the next global load (f_mem_intrinsics
 * k_zero: a private array updated at addresses loaded from global memory).
 * A load of invariant memory (constant address space, !invariant.load:
 * MIR_ENC_INVARIANT) crosses every plain store, flat ones included: no
 * store writes it (f_args_mixed: a __constant table read after a global
 * store then waits with the kernel's other loads, not alone).
 * Volatile and atomic loads (MIR_ENC_ORDERED_MASK: glc, ordered) move
 * too, but past no memory access at all (no load, no store, no fence):
 * only across ALU work, which keeps their order among all accesses
 * (q_fir_const_lds: 17 volatile ds_read_b32 of an LDS scoreboard, each
 * read right before its use and waited for alone, ~40 cycles apiece on
 * the occupancy model; llc-19 keeps several in flight). Only loads with
 * one temporary result and temporary or constant operands move.
 * Cost: O(instructions * distance moved) per block, plus one liveness run. */
#include <string.h>

#include "passes/passes.h"
#include "ra/ra.h"
#include "util/bitset.h"

typedef struct sched_limits {
  unsigned sgpr, vgpr;
} sched_limits;

static bool is_movable_load(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  uint32_t f = isa_table[ins->opcode].flags;
  if (!(f & ISA_F_LOAD) || (f & (ISA_F_STORE | ISA_F_ATOMIC | ISA_F_WRITES_EXEC | ISA_F_WRITES_M0 | ISA_F_READS_M0)))
    return false;
  if (!(f & (ISA_F_VMCNT | ISA_F_LGKMCNT))) return false;
  if (ins->num_defs != 1 || ins->defs[0].kind != MIR_OPND_TEMP || ins->defs[0].preg != MIR_PREG_NONE) return false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    /* an absent operand: scratch_load's "off" (gfx11, gfx942: a private
     * address all in the offset field, mir_scratch_access) */
    if (o->kind == MIR_OPND_CONST || o->kind == MIR_OPND_NONE) continue;
    if (o->kind != MIR_OPND_TEMP || o->preg != MIR_PREG_NONE || (o->flags & (MIR_OPND_FIXED_REG | MIR_OPND_LATE_KILL)))
      return false;
  }
  return true;
}

/* Whether a load may move above `x` (ignoring data dependences). */
static bool may_cross(const mir_instr *x) {
  if (x->opcode >= ISA_NUM_OPS)
    return x->opcode == MIR_P_COPY || x->opcode == MIR_P_CREATE_VECTOR || x->opcode == MIR_P_SPLIT_VECTOR ||
           x->opcode == MIR_P_EXTRACT || x->opcode == MIR_P_GPR_IDX_READ || x->opcode == MIR_P_GPR_IDX_WRITE;
  uint32_t f = isa_table[x->opcode].flags;
  if (f & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_BARRIER | ISA_F_BRANCH | ISA_F_TERMINATOR | ISA_F_WRITES_EXEC |
           ISA_F_WRITES_M0 | ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT))
    return false;
  if (isa_table[x->opcode].format == ISA_FMT_SOPP) return false; /* s_waitcnt, s_sendmsg, s_sleep, ... */
  /* A cache operation (a MUBUF without data: buffer_gl0_inv, buffer_gl1_inv,
   * buffer_wbinvl1_vol, ...): an acquire's invalidate must come before the
   * loads after it (AMDGPUUsage, memory model code sequences), and the
   * RDNA invalidates count in no counter (no ISA_F_VMCNT) */
  if (isa_table[x->opcode].format == ISA_FMT_MUBUF && !(f & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC))) return false;
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind == MIR_OPND_FIXED && (x->defs[k].preg == MIR_PREG_EXEC || x->defs[k].preg == MIR_PREG_M0))
      return false;
  return x->opcode != ISA_S_SETREG_B32 && x->opcode != ISA_S_SETREG_IMM32_B32;
}

/* The address space of memory instruction x that no other space's
 * address reaches (see the header), or SPACE_ANY. */
enum { SPACE_ANY, SPACE_LDS, SPACE_GLOBAL, SPACE_PRIVATE };
static unsigned mem_space(const mir_instr *x) {
  if (x->opcode >= ISA_NUM_OPS) return SPACE_ANY;
  switch (isa_table[x->opcode].format) {
  case ISA_FMT_DS: return (x->enc_flags & MIR_ENC_GDS) ? SPACE_ANY : SPACE_LDS;
  case ISA_FMT_GLOBAL: case ISA_FMT_SMEM: return SPACE_GLOBAL;
  case ISA_FMT_SCRATCH: return SPACE_PRIVATE;
  case ISA_FMT_MUBUF: return (x->chk & MIR_CHK_KIND) == MIR_CHK_PRIVATE ? SPACE_PRIVATE : SPACE_ANY;
  default: return SPACE_ANY;
  }
}

/* A plain store: no atomic, no ordering bits, nothing else may_cross
 * refuses. */
static bool is_plain_store(const mir_instr *x) {
  if (x->opcode >= ISA_NUM_OPS || (x->enc_flags & MIR_ENC_ORDERED_MASK)) return false;
  uint32_t f = isa_table[x->opcode].flags;
  if (!(f & ISA_F_STORE) || (f & (ISA_F_LOAD | ISA_F_ATOMIC | ISA_F_BARRIER | ISA_F_BRANCH | ISA_F_TERMINATOR |
                                  ISA_F_WRITES_EXEC | ISA_F_WRITES_M0)))
    return false;
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind == MIR_OPND_FIXED) return false;
  return true;
}

static bool same_operand(const mir_operand *a, const mir_operand *b) {
  if (a->kind != b->kind || a->preg != b->preg) return false;
  if (a->kind == MIR_OPND_TEMP) return a->temp.id == b->temp.id;
  if (a->kind == MIR_OPND_CONST) return a->imm == b->imm && a->size == b->size;
  return a->kind == MIR_OPND_FIXED && a->size == b->size;
}

/* Whether store st and load ld provably touch different bytes: the same
 * format and addressing mode, the load's operands equal to the store's
 * but its data (the same SSA address registers, resource and offset
 * registers: the same base address in every lane), and byte ranges
 * [offset, offset + 4 x data dwords) that do not overlap (4 bytes per
 * dword of a sub-dword access: an upper bound). app_sha256's private
 * message schedule w[i] = f(w[i-2], w[i-7], ...): a store at one offset
 * and loads at others of the same array. */
static bool disjoint_same_base(const mir_instr *st, const mir_instr *ld) {
  if (st->opcode >= ISA_NUM_OPS || ld->opcode >= ISA_NUM_OPS) return false;
  isa_format f = isa_table[st->opcode].format;
  if (f != isa_table[ld->opcode].format ||
      (f != ISA_FMT_GLOBAL && f != ISA_FMT_FLAT && f != ISA_FMT_SCRATCH && f != ISA_FMT_MUBUF))
    return false;
  const uint16_t mode = MIR_ENC_OFFEN | MIR_ENC_IDXEN | MIR_ENC_OFF;
  if (((st->enc_flags ^ ld->enc_flags) & mode) || st->num_ops != ld->num_ops + 1 || ld->num_defs != 1) return false;
  for (unsigned skip = 0; skip < st->num_ops; skip++) { /* which operand is the data */
    const mir_operand *d = &st->ops[skip];
    if (d->kind != MIR_OPND_TEMP || !mir_rc_is_vgpr(d->temp.rc)) continue;
    bool eq = true;
    for (unsigned k = 0, j = 0; k < st->num_ops && eq; k++)
      if (k != skip) eq = same_operand(&st->ops[k], &ld->ops[j++]);
    if (!eq) continue;
    int64_t s0 = st->offset, s1 = s0 + 4 * (int64_t)mir_rc_size(d->temp.rc);
    int64_t l0 = ld->offset, l1 = l0 + 4 * (int64_t)mir_rc_size(ld->defs[0].temp.rc);
    return s1 <= l0 || l1 <= s0;
  }
  return false;
}

/* The floor of load b->instrs[i]: nothing above `floor` (the previous
 * load, a fence) and nothing above a plain store it may not cross in
 * [floor, i): one in its own space, or in an unknown one, unless the two
 * provably touch different bytes (disjoint_same_base). A load of
 * invariant memory (MIR_ENC_INVARIANT: no store of the kernel writes it)
 * crosses every plain store. */
static uint32_t load_floor(const mir_block *b, uint32_t floor, uint32_t i) {
  const mir_instr *ld = b->instrs[i];
  bool ordered = ld->enc_flags & MIR_ENC_ORDERED_MASK;
  if ((ld->enc_flags & MIR_ENC_INVARIANT) && !ordered) return floor;
  unsigned ls = mem_space(ld);
  for (uint32_t k = i; k > floor; k--) {
    const mir_instr *x = b->instrs[k - 1];
    if (!is_plain_store(x)) continue;
    if (ordered) return k; /* a volatile or atomic load passes no store */
    unsigned ss = mem_space(x);
    if ((ss == SPACE_ANY || ls == SPACE_ANY || ss == ls) && !disjoint_same_base(x, ld)) return k;
  }
  return floor;
}

/* Whether `x` defines a temporary `ld` reads. */
static bool defines_operand(const mir_instr *x, const mir_instr *ld) {
  for (unsigned d = 0; d < x->num_defs; d++) {
    if (x->defs[d].kind != MIR_OPND_TEMP) continue;
    for (unsigned k = 0; k < ld->num_ops; k++)
      if (ld->ops[k].kind == MIR_OPND_TEMP && ld->ops[k].temp.id == x->defs[d].temp.id) return true;
  }
  return false;
}

static bool uses_temp(const mir_instr *x, uint32_t id) {
  for (unsigned k = 0; k < x->num_ops; k++)
    if (x->ops[k].kind == MIR_OPND_TEMP && x->ops[k].temp.id == id) return true;
  return false;
}

/* The registers a moved load frees over the instructions it crosses: an
 * operand whose last use is the load is no longer live there, unless a
 * crossed instruction at or after that point reads it too. */
#define CREDIT_OPS 8
typedef struct credit {
  const mir_instr *ld;
  bool freed[CREDIT_OPS];
  int v, s; /* dwords freed, per file */
} credit;

static void credit_add(credit *c, unsigned k, int sign) {
  mir_rc rc = c->ld->ops[k].temp.rc;
  if (mir_rc_is_vgpr(rc)) c->v += sign * (int)mir_rc_size(rc);
  else c->s += sign * (int)mir_rc_size(rc);
}

static void credit_init(credit *c, const mir_instr *ld) {
  memset(c, 0, sizeof *c);
  c->ld = ld;
  for (unsigned k = 0; k < ld->num_ops && k < CREDIT_OPS; k++) {
    const mir_operand *o = &ld->ops[k];
    if (o->kind != MIR_OPND_TEMP || !(o->flags & MIR_OPND_KILL)) continue;
    bool dup = false;
    for (unsigned m = 0; m < k; m++) dup |= ld->ops[m].kind == MIR_OPND_TEMP && ld->ops[m].temp.id == o->temp.id;
    if (dup) continue;
    c->freed[k] = true;
    credit_add(c, k, 1);
  }
}

/* The load crosses `x` (walking up): *dv / *ds receive the change of
 * demand at x (VGPR / SGPR dwords). */
static void credit_cross(credit *c, const mir_instr *x, int *dv, int *ds) {
  for (unsigned k = 0; k < c->ld->num_ops && k < CREDIT_OPS; k++)
    if (c->freed[k] && uses_temp(x, c->ld->ops[k].temp.id)) {
      c->freed[k] = false;
      credit_add(c, k, -1);
    }
  mir_rc rc = c->ld->defs[0].temp.rc;
  int sz = (int)mir_rc_size(rc);
  *dv = (mir_rc_is_vgpr(rc) ? sz : 0) - c->v;
  *ds = (mir_rc_is_vgpr(rc) ? 0 : sz) - c->s;
}

/* Whether the operands of `x` suit a slice member: temporaries and
 * constants only, no fixed or late-kill ones; `scc` (or NULL) is the one
 * SCC operand allowed (an SCC pair's link: the definition of the pair's
 * head, the read of its tail). */
static bool slice_operands_ok(const mir_instr *x, const mir_operand *scc) {
  for (unsigned d = 0; d < x->num_defs; d++) {
    const mir_operand *o = &x->defs[d];
    if (o == scc) continue;
    if (o->kind != MIR_OPND_TEMP || o->preg != MIR_PREG_NONE || (o->flags & MIR_OPND_FIXED_REG)) return false;
  }
  for (unsigned k = 0; k < x->num_ops; k++) {
    const mir_operand *o = &x->ops[k];
    if (o == scc || o->kind == MIR_OPND_CONST || o->kind == MIR_OPND_UNDEF) continue;
    if (o->kind != MIR_OPND_TEMP || o->preg != MIR_PREG_NONE || (o->flags & (MIR_OPND_FIXED_REG | MIR_OPND_LATE_KILL)))
      return false;
  }
  return true;
}

/* Whether `x` may move up with a load as part of its address slice: no
 * memory, no side effect (may_cross), no implicit SCC, and
 * temporaries and constants only (fixed SCC, VCC, EXEC and M0 operands
 * keep their order; an SCC pair moves as one, scc_pair_tail). */
static bool is_slice_op(const mir_instr *x, bool scc_free) {
  if (!may_cross(x) || !x->num_defs) return false;
  /* SALU instructions write SCC without an operand saying so; VCC is
   * always an operand (a fixed one, or the temporary of a VOP3 carry).
   * An SCC writer that reads no SCC may move when nothing in the range
   * reads SCC (scc_free): every SCC value there is dead, so writing it
   * earlier clobbers nothing (jacobi2d's uniform s_ashr_i32 + s_lshl_b64
   * of an index scaled for a divergent base). */
  if (x->opcode < ISA_NUM_OPS && (isa_table[x->opcode].flags & ISA_F_READS_SCC)) return false;
  if (x->opcode < ISA_NUM_OPS && (isa_table[x->opcode].flags & ISA_F_WRITES_SCC) && !scc_free) return false;
  return slice_operands_ok(x, NULL);
}

/* The SCC operand of `x` that is a temporary (a def when `def`, else a
 * read), or NULL. */
static const mir_operand *scc_temp(const mir_instr *x, bool def) {
  const mir_operand *v = def ? x->defs : x->ops;
  unsigned n = def ? x->num_defs : x->num_ops;
  for (unsigned k = 0; k < n; k++)
    if (v[k].kind == MIR_OPND_TEMP && v[k].preg == MIR_PREG_SCC) return &v[k];
  return NULL;
}

/* Whether b->instrs[k] (k > floor) is the tail of an SCC pair: it reads
 * SCC only as the last use of the SCC temporary its predecessor defines
 * (s_add_u32 + s_addc_u32, s_sub_u32 + s_subb_u32: a 64-bit add selected
 * as two halves), its own SCC is dead (no SCC definition), and the head
 * reads no SCC. The SCC value lives only between the two, so the pair may
 * move as one wherever nothing else's SCC is live (find_slice, and
 * hoist_with_slice never puts a group between a pair's halves). */
static bool scc_pair_tail(const mir_block *b, uint32_t floor, uint32_t k) {
  if (k <= floor || k >= b->num_instrs) return false;
  const mir_instr *x = b->instrs[k], *h = b->instrs[k - 1];
  const mir_operand *r = scc_temp(x, false), *d = scc_temp(h, true);
  if (!r || !d || r->temp.id != d->temp.id || !(r->flags & MIR_OPND_KILL) || scc_temp(x, true)) return false;
  for (unsigned o = 0; o < x->num_ops; o++)
    if (&x->ops[o] != r && (x->ops[o].kind == MIR_OPND_TEMP || x->ops[o].kind == MIR_OPND_FIXED) &&
        x->ops[o].preg == MIR_PREG_SCC)
      return false;
  if (h->opcode < ISA_NUM_OPS && (isa_table[h->opcode].flags & ISA_F_READS_SCC)) return false;
  return !mir_reads_scc(h);
}

/* Whether the pair ending at b->instrs[k] may join a slice: both move
 * (may_cross) and have slice operands but for their SCC link. */
static bool is_slice_pair(const mir_block *b, uint32_t floor, uint32_t k) {
  if (!scc_pair_tail(b, floor, k)) return false;
  const mir_instr *x = b->instrs[k], *h = b->instrs[k - 1];
  return may_cross(x) && may_cross(h) && slice_operands_ok(x, scc_temp(x, false)) &&
         slice_operands_ok(h, scc_temp(h, true));
}

/* A load's address slice in [lb, i): `in[k]` marks its members. */
#define SLICE_MAX 32
#define NEED_MAX 64
typedef struct slice {
  uint32_t lb, n;
  int av, as; /* dwords the group keeps live past itself (load included), per file */
  int tv, ts; /* dwords of all the group's results, per file */
} slice;

static void need_add(uint32_t *need, unsigned *nn, const mir_instr *x) {
  for (unsigned k = 0; k < x->num_ops; k++)
    if (x->ops[k].kind == MIR_OPND_TEMP) need[(*nn)++] = x->ops[k].temp.id;
}

static bool defines_needed(const mir_instr *x, const uint32_t *need, unsigned nn) {
  for (unsigned d = 0; d < x->num_defs; d++)
    for (unsigned m = 0; m < nn; m++)
      if (x->defs[d].kind == MIR_OPND_TEMP && x->defs[d].temp.id == need[m]) return true;
  return false;
}

/* Whether group member or load reads `id` for the last time. */
static bool killed_in_group(const mir_block *b, const bool *in, uint32_t lb, uint32_t i, uint32_t id) {
  for (uint32_t k = lb; k <= i; k++) {
    if (k < i && !in[k]) continue;
    const mir_instr *x = b->instrs[k];
    for (unsigned o = 0; o < x->num_ops; o++)
      if (x->ops[o].kind == MIR_OPND_TEMP && x->ops[o].temp.id == id && (x->ops[o].flags & MIR_OPND_KILL)) return true;
  }
  return false;
}

/* Whether an instruction of b in [from, to] reads SCC (mir_reads_scc)
 * other than as an SCC pair's tail (scc_pair_tail: the SCC value it reads
 * lives only between the pair's halves, which nothing splits). */
static bool reads_scc_in(const mir_block *b, uint32_t from, uint32_t to) {
  for (uint32_t k = from; k <= to && k < b->num_instrs; k++)
    if (mir_reads_scc(b->instrs[k]) && !scc_pair_tail(b, from, k)) return true;
  return false;
}

static void find_slice(const mir_block *b, uint32_t floor, uint32_t i, bool *in, slice *s) {
  uint32_t need[NEED_MAX];
  bool scc_free = !reads_scc_in(b, floor, i);
  unsigned nn = 0;
  const mir_instr *ld = b->instrs[i];
  if (ld->num_ops > NEED_MAX) { s->lb = i; s->n = 0; return; }
  need_add(need, &nn, ld);
  s->lb = floor;
  s->n = 0;
  for (uint32_t k = i; k-- > floor;) {
    const mir_instr *x = b->instrs[k];
    if (!defines_needed(x, need, nn)) continue;
    /* an SCC pair (a 64-bit address add: f_uniform_subdword_sext's
     * second load) moves as one when no other SCC value is live in the
     * range; its halves write SCC like other SALU members */
    if (scc_free && is_slice_pair(b, floor, k) && s->n + 2 <= SLICE_MAX &&
        nn + x->num_ops + b->instrs[k - 1]->num_ops <= NEED_MAX) {
      in[k] = in[k - 1] = true;
      s->n += 2;
      need_add(need, &nn, x);
      need_add(need, &nn, b->instrs[--k]);
      continue;
    }
    if (!is_slice_op(x, scc_free) || s->n == SLICE_MAX || nn + x->num_ops > NEED_MAX) {
      s->lb = k + 1;
      break;
    }
    in[k] = true;
    s->n++;
    need_add(need, &nn, x);
  }
  for (uint32_t k = floor; k < s->lb; k++)
    if (in[k]) { in[k] = false; s->n--; } /* above an instruction that cannot move */
  mir_rc rc = ld->defs[0].temp.rc;
  s->av = mir_rc_is_vgpr(rc) ? (int)mir_rc_size(rc) : 0;
  s->as = mir_rc_is_vgpr(rc) ? 0 : (int)mir_rc_size(rc);
  s->tv = s->av;
  s->ts = s->as;
  for (uint32_t k = s->lb; k < i; k++) {
    if (!in[k]) continue;
    const mir_instr *x = b->instrs[k];
    for (unsigned d = 0; d < x->num_defs; d++) {
      if (x->defs[d].preg == MIR_PREG_SCC) continue; /* an SCC pair's link: no register */
      mir_rc drc = x->defs[d].temp.rc;
      int sz = (int)mir_rc_size(drc);
      if (mir_rc_is_vgpr(drc)) s->tv += sz;
      else s->ts += sz;
      if ((x->defs[d].flags & MIR_OPND_KILL) || killed_in_group(b, in, s->lb, i, x->defs[d].temp.id)) continue;
      if (mir_rc_is_vgpr(drc)) s->av += sz;
      else s->as += sz;
    }
  }
}

/* Moves the load at `i` with its address slice up to the highest point in
 * [floor, i) the pressure limits allow; returns the load's new index, or
 * `i` when no slice instruction moved (the caller then moves the load
 * alone). `in` is all false on entry and on return. */
static uint32_t hoist_with_slice(mir_block *b, mir_reg_demand *dem, const sched_limits *lim, uint32_t floor, uint32_t i,
                                 bool *in, arena *tmp) {
  slice s;
  find_slice(b, floor, i, in, &s);
  uint32_t t = s.lb;
  for (uint32_t k = i; k-- > s.lb;) {
    if (in[k]) continue;
    if ((s.av > 0 && dem[k].vgpr + s.av > (int)lim->vgpr) || (s.as > 0 && dem[k].sgpr + s.as > (int)lim->sgpr)) {
      t = k + 1;
      break;
    }
  }
  /* never between the halves of an SCC pair that stays (its SCC value is
   * live there and the group's SALU members write SCC) */
  if (t < i && !in[t] && scc_pair_tail(b, floor, t)) t++;
  uint32_t moved = 0, crossed = 0;
  for (uint32_t k = t; k < i; k++) {
    if (in[k]) moved += crossed != 0; /* a member below a crossed instruction really moves */
    else crossed++;
  }
  uint32_t newpos = i;
  if (moved) {
    uint32_t len = i + 1 - t, g = 0, r = 0;
    mir_instr **ins = arena_alloc(tmp, len * sizeof *ins);
    mir_reg_demand *nd = arena_alloc(tmp, len * sizeof *nd);
    mir_reg_demand top = dem[t];
    uint32_t members = 0;
    for (uint32_t k = t; k <= i; k++) members += k == i || in[k];
    for (uint32_t k = t; k <= i; k++) {
      mir_reg_demand e = dem[k];
      if (k == i || in[k]) {
        e.vgpr = (uint16_t)(top.vgpr + s.tv); /* an upper bound */
        e.sgpr = (uint16_t)(top.sgpr + s.ts);
        ins[g] = b->instrs[k];
        nd[g++] = e;
      } else {
        e.vgpr = (uint16_t)(e.vgpr + s.av);
        e.sgpr = (uint16_t)(e.sgpr + s.as);
        ins[members + r] = b->instrs[k];
        nd[members + r++] = e;
      }
    }
    memcpy(&b->instrs[t], ins, len * sizeof *ins);
    memcpy(&dem[t], nd, len * sizeof *nd);
    newpos = t + members - 1;
  }
  for (uint32_t k = floor; k < i; k++) in[k] = false;
  return newpos;
}

/* The index of the first instruction of b at or after `from` that reads
 * temporary `id`, or b->num_instrs when none does (the value leaves the
 * block or dies unread). */
static uint32_t first_use(const mir_block *b, uint32_t from, uint32_t id) {
  for (uint32_t k = from; k < b->num_instrs; k++)
    if (uses_temp(b->instrs[k], id)) return k;
  return b->num_instrs;
}

/* first_use, looking through the copies, splits and extracts of the
 * value (they emit nothing or a move: the wait comes before the first
 * instruction that computes with it); DEPTH bounds the chain. */
static uint32_t first_real_use(const mir_block *b, uint32_t from, uint32_t id, unsigned depth) {
  uint32_t k = first_use(b, from, id);
  if (k >= b->num_instrs || !depth) return k;
  const mir_instr *x = b->instrs[k];
  if (x->opcode != MIR_P_COPY && x->opcode != MIR_P_SPLIT_VECTOR && x->opcode != MIR_P_EXTRACT) return k;
  uint32_t best = first_use(b, k + 1, id);
  for (unsigned d = 0; d < x->num_defs; d++) {
    if (x->defs[d].kind != MIR_OPND_TEMP) continue;
    uint32_t u = first_real_use(b, k + 1, x->defs[d].temp.id, depth - 1);
    if (u < best) best = u;
  }
  return best;
}

/* The dwords of VGPRs (*v) and SGPRs (*s) the load at index i of b reads
 * for the last time: operands no later instruction reads and not live out
 * of the block. */
static void dying_operands(const mir_block *b, uint32_t i, const uint64_t *live_out, int *v, int *s) {
  const mir_instr *ld = b->instrs[i];
  *v = *s = 0;
  for (unsigned o = 0; o < ld->num_ops; o++) {
    if (ld->ops[o].kind != MIR_OPND_TEMP) continue;
    uint32_t id = ld->ops[o].temp.id;
    bool twice = false;
    for (unsigned q = 0; q < o; q++)
      if (ld->ops[q].kind == MIR_OPND_TEMP && ld->ops[q].temp.id == id) twice = true;
    if (twice || bitset_test(live_out, id) || first_use(b, i + 1, id) < b->num_instrs) continue;
    mir_rc rc = ld->ops[o].temp.rc;
    if (mir_rc_is_vgpr(rc)) *v += (int)mir_rc_size(rc);
    else *s += (int)mir_rc_size(rc);
  }
}

/* Whether a load of b lies in (from, to): a sunk load then stays in
 * flight while that load issues, which is what the new order buys (a
 * gather: col[j] read first feeds x[col[j]]'s address). Without one the
 * first-use order only splits one wait into several (a 3x3 stencil whose
 * nine loads are all read by one sum: sobel at gfx900 went 1980 -> 2016
 * wave-instructions and its s_waitcnt latencies 5202 -> 7911 cycles under
 * the simple model, 2026-11-29). */
static bool load_between(const mir_block *b, uint32_t from, uint32_t to) {
  for (uint32_t k = from + 1; k < to && k < b->num_instrs; k++)
    if (b->instrs[k]->opcode < ISA_NUM_OPS && (isa_table[b->instrs[k]->opcode].flags & ISA_F_LOAD)) return true;
  return false;
}

/* A load that may change places with another: movable and not ordered
 * (volatile and atomic loads keep the program's order). */
static bool is_plain_load(const mir_instr *x) {
  return is_movable_load(x) && !(x->enc_flags & MIR_ENC_ORDERED_MASK);
}

/* The in-order counter a load counts in: 1 vmcnt (VMEM, not flat: that
 * counts in lgkmcnt too), 2 lgkmcnt of LDS (ds_*), 0 otherwise (SMEM
 * returns out of order: its waits are lgkmcnt(0) whatever the order). */
static int in_order_counter(const mir_instr *x) {
  uint32_t f = isa_table[x->opcode].flags;
  if ((f & ISA_F_VMCNT) && !(f & ISA_F_LGKMCNT)) return 1;
  if (isa_table[x->opcode].format == ISA_FMT_DS && !(f & ISA_F_VMCNT)) return 2;
  return 0;
}

/* Sinks the load at `a` to just after the next load when the block reads
 * that one's result first and a load issues between the two first reads
 * (load_between); returns whether it moved. The loads between
 * must be plain (not ordered: volatile and atomic loads keep the program's
 * order) and count in the same in-order counter; everything between them
 * plain loads or ALU work a load may cross that does not read the sunk
 * load's result (the next load's address slice, say).
 * The sunk load's operands live longer and its result shorter, so the
 * demand over the range grows by at most max(0, operands that may die -
 * result), which must stay within `lim`; `dem` is updated by that bound. */
static bool sink_behind_next(mir_block *b, mir_reg_demand *dem, const sched_limits *lim, const uint64_t *live_out,
                             uint32_t a) {
  mir_instr *ld = b->instrs[a];
  if (!is_plain_load(ld)) return false;
  int ctr = in_order_counter(ld);
  if (!ctr) return false;
  uint32_t id = ld->defs[0].temp.id, nb = a + 1;
  for (; nb < b->num_instrs; nb++) {
    const mir_instr *x = b->instrs[nb];
    if (uses_temp(x, id)) return false;
    bool load = is_plain_load(x);
    if (load && in_order_counter(x) == ctr) break;
    if (!load && !may_cross(x)) return false;
  }
  if (nb >= b->num_instrs) return false;
  uint32_t ub = first_real_use(b, nb + 1, b->instrs[nb]->defs[0].temp.id, 4), ua = first_real_use(b, nb + 1, id, 4);
  if (ub >= ua || !load_between(b, ub, ua)) return false;
  int ov, os;
  dying_operands(b, a, live_out, &ov, &os);
  mir_rc rc = ld->defs[0].temp.rc;
  int dv = ov - (mir_rc_is_vgpr(rc) ? (int)mir_rc_size(rc) : 0), ds = os - (mir_rc_is_vgpr(rc) ? 0 : (int)mir_rc_size(rc));
  if (dv < 0) dv = 0;
  if (ds < 0) ds = 0;
  /* the instructions crossed (a+1..nb, then one up) and the load after
   * them (at most what was live at the last crossed one plus the bound) */
  for (uint32_t k = a + 1; k <= nb; k++)
    if (dem[k].vgpr + dv > (int)lim->vgpr || dem[k].sgpr + ds > (int)lim->sgpr) return false;
  memmove(&b->instrs[a], &b->instrs[a + 1], (nb - a) * sizeof *b->instrs);
  b->instrs[nb] = ld;
  memmove(&dem[a], &dem[a + 1], (nb - a) * sizeof *dem);
  for (uint32_t k = a; k < nb; k++) {
    dem[k].vgpr = (uint16_t)(dem[k].vgpr + dv);
    dem[k].sgpr = (uint16_t)(dem[k].sgpr + ds);
  }
  dem[nb] = dem[nb - 1];
  return true;
}

/* Puts the loads of a block in the order their results are first read:
 * vmcnt and LDS's lgkmcnt count down in issue order, so the wait before a
 * use can leave the loads issued after the used one in flight.
 * spmv_csr's `vals[j] * x[col[j]]` loaded vals then col, and x[col]'s
 * address waited vmcnt(0) for both; col first waits vmcnt(1).
 * Only where a load issues between the two first reads (load_between).
 * llc-19's machine scheduler issues gathers in that order too.
 * A bubble sort of sink_behind_next steps, bounded by the block's size
 * squared (each step puts one pair in order). */
static void order_by_first_use(mir_block *b, mir_reg_demand *dem, const sched_limits *lim, const uint64_t *live_out) {
  uint64_t steps = (uint64_t)b->num_instrs * b->num_instrs;
  bool moved = true;
  while (moved && steps) {
    moved = false;
    for (uint32_t a = 0; a + 1 < b->num_instrs && steps; a++, steps--)
      if (sink_behind_next(b, dem, lim, live_out, a)) moved = true;
  }
}

/* Moves the loads of one block; `dem` is the demand per instruction,
 * kept up to date (an upper bound) as loads move. */
static void schedule_block(mir_block *b, mir_reg_demand *dem, const sched_limits *lim, const uint64_t *live_out,
                           arena *tmp) {
  uint32_t floor = 0; /* nothing moves above this index */
  bool *in = arena_alloc(tmp, b->num_instrs * sizeof *in);
  memset(in, 0, b->num_instrs * sizeof *in);
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *ins = b->instrs[i];
    if (!is_movable_load(ins)) {
      /* a plain store blocks only the loads load_floor says it does */
      if (!may_cross(ins) && !is_plain_store(ins)) floor = i + 1;
      continue;
    }
    uint32_t lfloor = load_floor(b, floor, i);
    uint32_t at = hoist_with_slice(b, dem, lim, lfloor, i, in, tmp);
    if (at != i) {
      floor = at + 1;
      continue;
    }
    credit c;
    credit_init(&c, ins);
    uint32_t j = i;
    int dv, ds;
    while (j > lfloor) {
      const mir_instr *x = b->instrs[j - 1];
      if (defines_operand(x, ins)) break;
      credit_cross(&c, x, &dv, &ds);
      if ((dv > 0 && dem[j - 1].vgpr + dv > (int)lim->vgpr) || (ds > 0 && dem[j - 1].sgpr + ds > (int)lim->sgpr)) break;
      j--;
    }
    if (j < i) {
      mir_reg_demand first = dem[j];
      memmove(&b->instrs[j + 1], &b->instrs[j], (i - j) * sizeof *b->instrs);
      b->instrs[j] = ins;
      memmove(&dem[j + 1], &dem[j], (i - j) * sizeof *dem);
      /* The crossed instructions, now at j+1..i: replay the credit over
       * the range kept (the scan may have stopped inside a longer one). */
      credit_init(&c, ins);
      for (uint32_t k = i; k > j; k--) {
        credit_cross(&c, b->instrs[k], &dv, &ds);
        dem[k].vgpr = (uint16_t)(dem[k].vgpr + dv);
        dem[k].sgpr = (uint16_t)(dem[k].sgpr + ds);
      }
      /* the load itself: what was live before the first crossed one, plus its result */
      mir_rc rc = ins->defs[0].temp.rc;
      dem[j] = first;
      if (mir_rc_is_vgpr(rc)) dem[j].vgpr = (uint16_t)(dem[j].vgpr + mir_rc_size(rc));
      else dem[j].sgpr = (uint16_t)(dem[j].sgpr + mir_rc_size(rc));
    }
    floor = j + 1; /* the next load goes after this one */
  }
  order_by_first_use(b, dem, lim, live_out);
}

bool mir_sched_limits(const mir_program *p, unsigned *sgpr, unsigned *vgpr) {
  const mir_live_info *li = p->live;
  sched_limits lim;
  unsigned bs = mir_sgpr_budget(p), bv = mir_vgpr_budget(p);
  lim.sgpr = li->max.sgpr;
  /* Loads may rise while the VGPRs stay within the occupancy step of the
   * use. Wave32 targets use gfx900's steps (4-VGPR granules of a 256-VGPR
   * file, at most 10 waves): a heuristic bound, not the target's
   * occupancy. Measured 2026-11-28 at gfx1100 on the 17 bench/corpus
   * files whose code changed: the target's own steps (64 VGPRs at full
   * wave32 occupancy) took VGPRs from 0.83x to 1.04x llc-19's for the
   * same executed instructions and cycles (bench/compare --quick).
   * Wave64 targets use their own steps: the same on gfx900; on gfx90a and
   * gfx942 (512 VGPRs per lane, 8 waves: 64 VGPRs at full occupancy)
   * nbody_tiled's eight ds_read_b128 of an unrolled tile loop then issue
   * together (occupancy-model cycles 57804 -> 56204 at gfx942, llc-19
   * 54529; VGPRs 32 -> 37, llc-19 58; 2026-11-29 on bench/real, where
   * only it and gemm_tiled, 28 -> 40 VGPRs of llc-19's 42, changed). */
  lim.vgpr = wavecc_same_occupancy_vgprs(p->target->wave_size == 64 ? p->target : &wavecc_target_gfx900, li->max.vgpr);
  /* LDS caps the occupancy too: VGPRs up to the most that keep the capped
   * occupancy cost no wave. sgemm_reg4x4 at gfx90a: 4 KiB of LDS per
   * one-wave group leave 4 waves per SIMD whatever the VGPRs up to 128, yet
   * its 16 staging loads were held to 64 VGPRs (8 waves) and waited for in
   * six steps (1.18x llc-19's occupancy-model cycles on main 7fc536e).
   * Only with reqd_work_group_size: without it the group size, and so
   * the cap, is not known. Wave64 targets only: wave32 ones use gfx900's
   * steps above, a heuristic, not their occupancy. */
  const uint32_t *r = p->abi.reqd_workgroup_size;
  if (p->target->wave_size == 64 && r[0] && r[1] && r[2]) {
    unsigned lanes = r[0] * r[1] * r[2];
    unsigned cap = wavecc_waves_for_lds(p->target, p->abi.group_segment_size,
                                        (lanes + p->target->wave_size - 1) / p->target->wave_size);
    if (cap < wavecc_waves_for_vgprs(p->target, li->max.vgpr)) {
      unsigned v = wavecc_max_vgprs_for_waves(p->target, cap);
      if (v > lim.vgpr) lim.vgpr = v;
    }
  }
  if (lim.vgpr < li->max.vgpr) lim.vgpr = li->max.vgpr;
  /* Slack below a budget: what the spiller keeps free for wide tuples. */
  if (lim.sgpr + 4 > bs) lim.sgpr = bs > 4 ? bs - 4 : 0;
  if (lim.vgpr + 3 > bv) lim.vgpr = bv > 3 ? bv - 3 : 0;
  *sgpr = lim.sgpr;
  *vgpr = lim.vgpr;
  /* Code that spills already is left in the order the spiller expects:
   * a new order changes its next-use choices, for better or worse. */
  return li->max.sgpr <= lim.sgpr && li->max.vgpr <= lim.vgpr;
}

int mir_sched_loads(mir_program *p, diag *d) {
  if (p->regs_assigned || !p->num_blocks) return 0;
  mir_liveness(p, d);
  const mir_live_info *li = p->live;
  sched_limits lim;
  if (!mir_sched_limits(p, &lim.sgpr, &lim.vgpr)) {
    p->live = NULL;
    return 0;
  }
  /* SGPRs up to the target's full occupancy (as sched-uses allows): the
   * program's current maximum held a loop's scalar load (sbox_rounds' round
   * key, s_load_dwordx4) below the loop's VALU work, waited for with
   * lgkmcnt(0) at once where llc-19 issues it with the loop's other loads */
  unsigned full = wavecc_full_occupancy_sgprs(p->target), bs = mir_sgpr_budget(p);
  if (full > (bs > 4 ? bs - 4 : 0)) full = bs > 4 ? bs - 4 : 0; /* the slack below a budget, as above */
  if (full > lim.sgpr) lim.sgpr = full;
  arena tmp;
  arena_init(&tmp);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    if (b->num_instrs < 2) continue;
    mir_reg_demand *dem = arena_alloc(&tmp, b->num_instrs * sizeof *dem);
    memcpy(dem, li->demand[bi], b->num_instrs * sizeof *dem);
    schedule_block(b, dem, &lim, li->live_out[bi], &tmp);
  }
  arena_free(&tmp);
  p->live = NULL; /* the order changed: kill flags and demand are stale */
  return 0;
}
