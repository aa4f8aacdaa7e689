/* s_delay_alu insertion (gfx11): before an ALU instruction that reads a
 * register a recent ALU instruction writes, an s_delay_alu naming that
 * producer, so the hardware issues other waves' instructions while the
 * result is on its way (RDNA3 ISA guide, "S_DELAY_ALU" and "Data
 * Dependency Resolution"; AMDGPU's gfx11_delay operand syntax). The
 * hardware checks these dependencies itself: the instruction is a
 * scheduling hint, not a correctness requirement, and the emulator
 * executes it as one.
 *
 * The model follows what llc-19 emits (LLVM's AMDGPUInsertDelayAlu, read
 * for its rules):
 *   - per register unit, the pending result of the last VALU, TRANS
 *     (transcendental VALU) or SALU instruction writing it: its latency
 *     left in issue cycles and how many VALU (TRANS) instructions have
 *     issued since, forgotten once the latency has passed or after 4 VALU
 *     (3 TRANS) instructions (the delay operand names at most VALU_DEP_4,
 *     TRANS32_DEP_3, SALU_CYCLE_3);
 *   - a VALU, TRANS or SALU instruction reading such a unit gets
 *     s_delay_alu instid0(the most recent dependency of each kind); the
 *     wait settles it;
 *   - a delay naming one dependency leaves room for a second one: the next
 *     such instruction within 5 is folded into it (instskip, instid1);
 *   - memory instructions (DS, MUBUF, FLAT/GLOBAL/SCRATCH) wait for all
 *     VALU results before issue: they clear the state;
 *   - each instruction issues in one cycle, s_nop N in N+1;
 *   - the state at a block's entry is the merge of its linear
 *     predecessors' (iterated to a fixed point), so loops and joins see
 *     dependencies from every path.
 * Latencies are the target's (wavecc_target.alu_latency; zero: no
 * s_delay_alu on that processor). SCC and EXEC are not tracked (implicit
 * operands in LLVM's model); VCC is.
 */
#include <string.h>

#include "passes/delay_alu.h"
#include "target/target.h"
#include "emit/encode.h"

enum { VALU_MAX = 5, TRANS_MAX = 4, SALU_MAX = 4, UNITS = 512 };
enum { T_OTHER, T_VALU, T_TRANS, T_SALU };

/* One register unit's pending producers; the defaults mean none. */
typedef struct delay {
  uint8_t valu_cycles, valu_num, trans_cycles, trans_num, trans_num_valu, salu_cycles;
} delay;

static const delay NONE = {0, VALU_MAX, 0, TRANS_MAX, VALU_MAX, 0};

struct mir_delay_state {
  delay u[UNITS];
};
typedef mir_delay_state state;

static uint8_t umax(uint8_t a, uint8_t b) { return a > b ? a : b; }
static uint8_t umin(uint8_t a, uint8_t b) { return a < b ? a : b; }

static void merge(delay *a, const delay *b) {
  a->valu_cycles = umax(a->valu_cycles, b->valu_cycles);
  a->valu_num = umin(a->valu_num, b->valu_num);
  a->trans_cycles = umax(a->trans_cycles, b->trans_cycles);
  a->trans_num = umin(a->trans_num, b->trans_num);
  a->trans_num_valu = umin(a->trans_num_valu, b->trans_num_valu);
  a->salu_cycles = umax(a->salu_cycles, b->salu_cycles);
}

/* Time passes by `cycles` for an instruction of kind `type`. */
static void advance(delay *d, int type, unsigned cycles) {
  d->valu_num = umin(VALU_MAX, (uint8_t)(d->valu_num + (type == T_VALU)));
  if (d->valu_num >= VALU_MAX || d->valu_cycles <= cycles) d->valu_num = VALU_MAX, d->valu_cycles = 0;
  else d->valu_cycles = (uint8_t)(d->valu_cycles - cycles);
  d->trans_num = umin(TRANS_MAX, (uint8_t)(d->trans_num + (type == T_TRANS)));
  d->trans_num_valu = umin(VALU_MAX, (uint8_t)(d->trans_num_valu + (type == T_VALU)));
  if (d->trans_num >= TRANS_MAX || d->trans_cycles <= cycles)
    d->trans_num = TRANS_MAX, d->trans_num_valu = VALU_MAX, d->trans_cycles = 0;
  else d->trans_cycles = (uint8_t)(d->trans_cycles - cycles);
  d->salu_cycles = d->salu_cycles <= cycles ? 0 : (uint8_t)(d->salu_cycles - cycles);
}

static int type_of(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return T_OTHER;
  isa_format f = isa_table[ins->opcode].format;
  if (isa_fmt_valu(f)) return isa_sem_of(ins->opcode)->cost == ISA_COST_TRANS ? T_TRANS : T_VALU;
  if (isa_fmt_salu(f) || f == ISA_FMT_SOPP) return T_SALU;
  return T_OTHER;
}

/* Instructions that issue only once every VALU result is written (the
 * VA_VDST = 0 wait of the memory formats). */
static bool waits_for_valu(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  isa_format f = isa_table[ins->opcode].format;
  if (f == ISA_FMT_DS || isa_fmt_vmem(f)) return true;
  return ins->opcode == ISA_S_WAITCNT_DEPCTR && (((unsigned)ins->offset >> 12) & 0xf) == 0; /* va_vdst(0) */
}

static unsigned latency(const wavecc_alu_latency *l, const mir_instr *ins, int type) {
  if (type == T_TRANS) return l->trans;
  if (type == T_SALU) return l->salu < SALU_MAX ? l->salu : SALU_MAX;
  return isa_sem_of(ins->opcode)->cost == ISA_COST_F64 ? l->f64 : l->valu;
}

/* Issue cycles of ins: s_nop N takes N+1. */
static unsigned cycles_of(const mir_instr *ins) {
  return ins->opcode == ISA_S_NOP ? ((unsigned)ins->offset & 0xf) + 1u : 1u;
}

/* The units operand o of ins names that the model tracks: not SCC, EXEC
 * or constants, nor VCC where the 32-bit encoding names it implicitly
 * (v_cndmask_b32_e32's mask, v_cmp_*_e32's result, the carries of
 * v_add_co_ci_u32_e32): LLVM's model scans explicit operands only. */
static bool units_of(const mir_program *p, const mir_instr *ins, const mir_operand *o, unsigned *r, unsigned *n) {
  mir_preg pr;
  mir_opnd_units(o, &pr, n);
  if (!*n || pr == MIR_PREG_EXEC || pr == MIR_PREG_EXEC + 1 || pr + *n > UNITS) return false;
  if (pr == MIR_PREG_VCC && (isa_table[ins->opcode].flags & (ISA_F_READS_VCC | ISA_F_WRITES_VCC)) &&
      !mir_needs_vop3(p->target->encoding, ins))
    return false;
  *r = pr;
  return true;
}

/* The s_delay_alu operand for dependency d (0: nothing to wait for): one
 * TRANS and one VALU dependency, or either with an SALU one. */
static unsigned delay_imm(const delay *d) {
  unsigned imm = 0;
  if (d->trans_num < TRANS_MAX) imm |= 4u + d->trans_num; /* TRANS32_DEP_n */
  if (d->valu_num < VALU_MAX && d->valu_num <= d->trans_num_valu) {
    if (imm & 0xf) imm |= (unsigned)d->valu_num << 7; /* VALU_DEP_n as the second */
    else imm |= d->valu_num;
  }
  if (d->salu_cycles && !(imm & 0x780)) {
    if (imm & 0xf) imm |= (8u + d->salu_cycles) << 7; /* SALU_CYCLE_n */
    else imm |= 8u + d->salu_cycles;
  }
  return imm;
}

typedef struct ctx {
  mir_program *p;
  mir_instr **out;        /* the block's new instruction list (emit) */
  uint32_t nout;
  int32_t last;           /* index in out of the s_delay_alu with room for a second delay, or -1 */
  uint32_t since_last;    /* instructions after it */
} ctx;

/* Inserts (or folds into the previous one) the delay `imm` before the
 * instruction about to be appended. */
static void put_delay(ctx *c, unsigned imm) {
  if (!(imm & 0x780) && c->last >= 0 && c->since_last < 6) {
    mir_instr *prev = c->out[c->last];
    prev->offset = (int32_t)((unsigned)prev->offset | imm << 7 | c->since_last << 4);
    c->last = -1;
    return;
  }
  mir_instr *m = mir_instr_create(c->p, ISA_S_DELAY_ALU, 0, 0);
  m->offset = (int32_t)imm;
  c->out[c->nout++] = m;
  c->last = (imm & 0x780) ? -1 : (int32_t)(c->nout - 1);
  c->since_last = 0;
}

/* The dependencies of ins's reads merged into *d; with `settle`, the
 * units are settled (the wait covers them). */
static void reads(const mir_program *p, const mir_instr *ins, state *s, delay *d, bool settle) {
  bool tied = ins->opcode < ISA_NUM_OPS && (isa_sem_of(ins->opcode)->flags & ISA_S_TIED); /* v_fmac reads its result */
  for (unsigned k = 0; k < ins->num_ops + (tied ? ins->num_defs : 0u); k++) {
    unsigned r, n;
    if (!units_of(p, ins, k < ins->num_ops ? &ins->ops[k] : &ins->defs[k - ins->num_ops], &r, &n)) continue;
    for (unsigned u = r; u < r + n; u++) {
      merge(d, &s->u[u]);
      if (settle) s->u[u] = NONE;
    }
  }
}

/* ins's results become pending with its latency. */
static void writes(const mir_program *p, const mir_instr *ins, state *s, int type) {
  unsigned l = latency(&p->target->alu_latency, ins, type);
  for (unsigned k = 0; k < ins->num_defs; k++) {
    unsigned r, n;
    if (!units_of(p, ins, &ins->defs[k], &r, &n)) continue;
    for (unsigned u = r; u < r + n; u++) {
      delay d = NONE;
      if (type == T_VALU) d.valu_cycles = (uint8_t)l, d.valu_num = 0;
      else if (type == T_TRANS) d.trans_cycles = (uint8_t)l, d.trans_num = 0, d.trans_num_valu = 0;
      else d.salu_cycles = (uint8_t)l;
      s->u[u] = d;
    }
  }
}

void mir_delay_reset(mir_delay_state *s) {
  for (unsigned u = 0; u < UNITS; u++) s->u[u] = NONE;
}

mir_delay_state *mir_delay_state_new(arena *mem) {
  mir_delay_state *s = arena_alloc(mem, sizeof *s);
  mir_delay_reset(s);
  return s;
}

void mir_delay_copy(mir_delay_state *dst, const mir_delay_state *src) { *dst = *src; }

unsigned mir_delay_probe(const mir_program *p, const mir_delay_state *s, mir_instr *const *ins, unsigned halves) {
  if (ins[0]->opcode >= ISA_NUM_OPS || waits_for_valu(ins[0]) || type_of(ins[0]) == T_OTHER) return 0;
  delay d = NONE;
  for (unsigned h = 0; h < halves; h++) reads(p, ins[h], (state *)s, &d, false);
  return delay_imm(&d);
}

unsigned mir_delay_step(const mir_program *p, mir_delay_state *s, mir_instr *const *ins, unsigned halves) {
  if (ins[0]->opcode >= ISA_NUM_OPS) return 0; /* pseudos emit nothing */
  int type = type_of(ins[0]);
  unsigned imm = 0;
  if (waits_for_valu(ins[0])) {
    mir_delay_reset(s);
  } else if (type != T_OTHER) {
    delay d = NONE;
    for (unsigned h = 0; h < halves; h++) reads(p, ins[h], s, &d, true);
    imm = delay_imm(&d);
    for (unsigned h = 0; h < halves; h++) writes(p, ins[h], s, type);
  }
  unsigned cy = cycles_of(ins[0]);
  for (unsigned u = 0; u < UNITS; u++) advance(&s->u[u], type, cy);
  return imm;
}

/* Runs block b from state s (updated to its exit state); with c->out set,
 * writes the block's instructions with the delays into it. A VOPD pair
 * (MIR_ENC_VOPD_FIRST and the next instruction) is one VALU instruction:
 * it reads both halves' sources, then writes both results. */
static void run_block(ctx *c, const mir_block *b, state *s) {
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *ins = b->instrs[i];
    unsigned halves = (ins->enc_flags & MIR_ENC_VOPD_FIRST) && i + 1 < b->num_instrs ? 2 : 1;
    unsigned imm = mir_delay_step(c->p, s, &b->instrs[i], halves);
    if (c->out) {
      if (imm) put_delay(c, imm);
      for (unsigned h = 0; h < halves; h++) c->out[c->nout++] = b->instrs[i + h];
      if (ins->opcode < ISA_NUM_OPS) c->since_last++;
    }
    i += halves - 1;
  }
}

int mir_insert_delay_alu(mir_program *p, diag *d) {
  (void)d;
  const wavecc_alu_latency *lat = &p->target->alu_latency;
  if (!lat->valu || !p->num_blocks) return 0;
  state *in = arena_alloc(p->mem, p->num_blocks * sizeof *in), *out = arena_alloc(p->mem, p->num_blocks * sizeof *out);
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (unsigned u = 0; u < UNITS; u++) in[b].u[u] = out[b].u[u] = NONE;
  ctx c = {.p = p, .last = -1};
  state *s = arena_alloc(p->mem, sizeof *s);
  /* exit states to a fixed point (merge only raises cycles and lowers
   * counts, within small bounds: few rounds) */
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = 0; b < p->num_blocks; b++) {
      const mir_block *blk = &p->blocks[b];
      *s = in[b];
      for (uint32_t k = 0; k < blk->linear_preds.n; k++)
        for (unsigned u = 0; u < UNITS; u++) merge(&s->u[u], &out[blk->linear_preds.v[k]].u[u]);
      in[b] = *s;
      run_block(&c, blk, s);
      if (memcmp(s, &out[b], sizeof *s)) {
        out[b] = *s;
        changed = true;
      }
    }
  }
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    *s = in[b];
    c.out = arena_alloc(p->mem, (2 * blk->num_instrs + 1) * sizeof *c.out);
    c.nout = 0;
    c.last = -1;
    run_block(&c, blk, s);
    blk->instrs = c.out;
    blk->num_instrs = blk->cap_instrs = c.nout;
  }
  return 0;
}
