/* Latency scheduling for gfx11 (wavecc_target.alu_latency set): within
 * each run of ALU instructions, an order that puts a dependent
 * instruction beyond its producer's latency wherever independent work
 * can fill the gap, so fewer s_delay_alu instructions are needed and the
 * wave stalls less (RDNA3 ISA guide, "Data Dependency Resolution": a VALU
 * result is ready ~5 cycles after issue, a transcendental one ~10, SALU
 * ~2; LLVM's GCNSchedStrategy does the same through its GFX11 sched
 * model before llc-19's AMDGPUInsertDelayAlu places the waits).
 *
 * Runs after register allocation, waitcnt insertion and VOPD pairing, on
 * physical registers, right before the gfx11 hazard and s_delay_alu
 * passes, so the order it chooses is the one they see:
 *   - a region is a maximal run of VALU and plain SALU instructions of a
 *     block (SOP1/SOP2/SOPC, none of which writes EXEC, moves the PC or
 *     indexes registers through M0); everything else (memory accesses,
 *     waits, s_nop, branches, MODE writes, pseudos) stays where it is and
 *     nothing moves across it. So every s_waitcnt keeps the instructions
 *     it guards after it, and no instruction changes its EXEC;
 *   - a VOPD pair is one node (it issues as one instruction);
 *   - dependencies: read-after-write, write-after-read and write-after-
 *     write on register units, SCC, M0 and VCC included through the
 *     opcode's implicit-operand flags;
 *   - the list scheduler issues, top down, the ready node that costs the
 *     fewest s_delay_alu instructions in the state the s_delay_alu pass
 *     will see (delay_alu.h: the same model, entered with the block's
 *     earlier instructions): none, one folded into the previous
 *     s_delay_alu, a new one; then the longest latency-weighted path to
 *     the region's end (a memory access counts MEM_LATENCY, so loads
 *     issue early); then the original order. A memory access waits for
 *     every VALU result in that model, so it separates producers and
 *     readers as well as any ALU instruction;
 *   - memory accesses keep their order and nothing after one moves above
 *     it (a memory access may move up past ALU work). The waitcnt pass
 *     counts a load complete without an s_waitcnt once 63 more vmcnt
 *     events issued after it (the counter's capacity stalls the next
 *     issue until the oldest returns); a reader moved above some of those
 *     events would read before the data arrives. gfx1100 -O0 f150 of
 *     f_call_wide_args.ll: v_mul_lo_u32 v21 moved above 29 of the 91
 *     scratch loads after v21's (an emulator fault since sched-ilp, 2026-11-29).
 * gfx11 has no wait-state (s_nop) hazards between ALU instructions
 * (hazard_waits all zero) that a new order could break; its VALU hazards
 * are inserted after this pass. A region after s_getpc_b64 keeps its
 * order (a call's return address counts the bytes after it).
 */
#include <string.h>

#include "passes/delay_alu.h"
#include "target/target.h"

/* MEM_LATENCY: the height a memory access starts with, so it issues as
 * soon as its operands are ready (its readers are past an s_waitcnt,
 * outside the region; LLVM's GFX11 model gives LDS and SMEM 20 cycles). */
enum { UNITS = 512, REGION_MAX = 128, RANGES_MAX = 24, MEM_LATENCY = 20 };

/* A range of register units an instruction reads or writes. */
typedef struct urange {
  uint16_t r, n;
} urange;

typedef struct node {
  mir_instr *ins[2];
  unsigned halves;
  urange use[RANGES_MAX], def[RANGES_MAX];
  unsigned nuse, ndef;
  unsigned lat;        /* latency of its results, cycles */
  unsigned height;     /* longest latency-weighted path to the region's end */
  bool mem;            /* a memory access (MEM) */
  unsigned npred;      /* predecessors not yet issued */
  bool done;
} node;

typedef struct sched {
  const mir_program *p;
  node n[REGION_MAX];
  uint8_t edge[REGION_MAX][REGION_MAX]; /* [i][j], i before j: 0 none, 1 order, 2 read after write */
  mir_delay_state *s;
  bool room;      /* the last s_delay_alu the delay pass would insert has room for a second delay */
  unsigned since; /* instructions after it */
} sched;

/* The cost of issuing x now: 0 without a delay, 1 for a delay the
 * s_delay_alu pass folds into its previous one (one dependency, that one
 * with room and at most 5 instructions back: delay_alu.c put_delay), 2
 * for a new s_delay_alu. */
static unsigned cost(const sched *S, const node *x) {
  unsigned imm = mir_delay_probe(S->p, S->s, x->ins, x->halves);
  if (!imm) return 0;
  return !(imm & 0x780) && S->room && S->since < 6 ? 1 : 2;
}

/* Issues ins[0..halves) in the model: the delay state and the room of
 * the last s_delay_alu, as the s_delay_alu pass will see them. */
static void issue(sched *S, mir_instr *const *ins, unsigned halves) {
  unsigned imm = mir_delay_step(S->p, S->s, ins, halves);
  if (imm) {
    if (!(imm & 0x780) && S->room && S->since < 6) S->room = false;
    else S->room = !(imm & 0x780), S->since = 0;
  }
  if (ins[0]->opcode < ISA_NUM_OPS) S->since++;
}

/* What ins is to a region: BARRIER (nothing moves across it: waits,
 * s_nop, branches, MODE and EXEC writes, pseudos, PC and M0-indexed
 * accesses), ALU (VALU or plain SALU: moves), MEM (a memory access: stays
 * in order with the region's other accesses, ALU instructions move across
 * it where they share no register with it). */
enum { BARRIER, ALU, MEM };

static int kind_of(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return BARRIER;
  const isa_info *ii = &isa_table[ins->opcode];
  isa_format f = ii->format;
  bool mem = f == ISA_FMT_SMEM || f == ISA_FMT_DS || isa_fmt_vmem(f);
  if (!mem && !isa_fmt_valu(f) && f != ISA_FMT_SOP1 && f != ISA_FMT_SOP2 && f != ISA_FMT_SOPC) return BARRIER;
  if (ii->flags & (ISA_F_WRITES_EXEC | ISA_F_BRANCH | ISA_F_TERMINATOR | ISA_F_BARRIER | ISA_F_MFMA)) return BARRIER;
  switch (ins->opcode) {
  case ISA_S_GETPC_B64: case ISA_S_SETPC_B64: case ISA_S_SWAPPC_B64: case ISA_S_MOVRELS_B32: case ISA_S_MOVRELS_B64:
  case ISA_S_MOVRELD_B32: case ISA_S_MOVRELD_B64: case ISA_S_SET_GPR_IDX_IDX: case ISA_S_SET_GPR_IDX_ON: return BARRIER;
  default: break;
  }
  if (isa_fmt_valu(f) && (ii->flags & (ISA_F_READS_M0 | ISA_F_WRITES_M0))) return BARRIER; /* v_movrel*, lds_param */
  for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
    const mir_operand *o = k < ins->num_ops ? &ins->ops[k] : &ins->defs[k - ins->num_ops];
    if (o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_FIXED && o->kind != MIR_OPND_CONST && o->kind != MIR_OPND_UNDEF &&
        o->kind != MIR_OPND_NONE)
      return BARRIER;
    mir_preg r;
    unsigned n;
    mir_opnd_units(o, &r, &n);
    if (n && (r + n > UNITS || (k >= ins->num_ops && r <= MIR_PREG_EXEC + 1 && r + n > MIR_PREG_EXEC))) return BARRIER;
  }
  return mem ? MEM : ALU;
}

static void add_range(urange *v, unsigned *nv, unsigned r, unsigned n) {
  if (!n || r == MIR_PREG_NULL) return;
  if (*nv < RANGES_MAX) v[(*nv)++] = (urange){(uint16_t)r, (uint16_t)n};
  else v[0] = (urange){0, UNITS}; /* too many operands: everything (never apart) */
}

/* The units instruction ins reads and writes into node x, implicit ones
 * (SCC, M0, VCC of the 32-bit encodings) from the opcode's flags. */
static void collect(node *x, const mir_instr *ins, unsigned lanes) {
  unsigned fl = isa_table[ins->opcode].flags;
  for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
    bool def = k >= ins->num_ops;
    const mir_operand *o = def ? &ins->defs[k - ins->num_ops] : &ins->ops[k];
    if (o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_FIXED) {
      if (o->preg == MIR_PREG_SCC) {
        add_range(def ? x->def : x->use, def ? &x->ndef : &x->nuse, MIR_PREG_SCC, 1);
        continue;
      }
    }
    mir_preg r;
    unsigned n;
    /* a pair's don't-care high half (mir_opnd_lo64) is read by the
     * hardware too: a load of r+1 moved above it would be pending at the
     * read, a wait the waitcnt pass (run before) did not place (gfx1100 -O2
     * 8/24 gen_loop_exits 5543: scratch_load_b32 v1 above v_mad_u64_u32
     * v[6:7], s0, v2, 3, v[0:1], an emulator fault) */
    mir_opnd_named_units(o, &r, &n);
    add_range(def ? x->def : x->use, def ? &x->ndef : &x->nuse, r, n);
  }
  if (fl & ISA_F_READS_SCC) add_range(x->use, &x->nuse, MIR_PREG_SCC, 1);
  if (fl & ISA_F_WRITES_SCC) add_range(x->def, &x->ndef, MIR_PREG_SCC, 1);
  if (fl & ISA_F_READS_M0) add_range(x->use, &x->nuse, MIR_PREG_M0, 1);
  if (fl & ISA_F_WRITES_M0) add_range(x->def, &x->ndef, MIR_PREG_M0, 1);
  if (fl & ISA_F_READS_VCC) add_range(x->use, &x->nuse, MIR_PREG_VCC, lanes);
  if (fl & ISA_F_WRITES_VCC) add_range(x->def, &x->ndef, MIR_PREG_VCC, lanes);
}

static bool overlap(const urange *a, unsigned na, const urange *b, unsigned nb) {
  for (unsigned i = 0; i < na; i++)
    for (unsigned j = 0; j < nb; j++)
      if (a[i].r < b[j].r + b[j].n && b[j].r < a[i].r + a[i].n) return true;
  return false;
}

static unsigned node_latency(const mir_program *p, const mir_instr *ins) {
  const wavecc_alu_latency *l = &p->target->alu_latency;
  if (kind_of(ins) == MEM) return MEM_LATENCY;
  if (!isa_fmt_valu(isa_table[ins->opcode].format)) return l->salu;
  isa_cost c = isa_sem_of(ins->opcode)->cost;
  return c == ISA_COST_TRANS ? l->trans : c == ISA_COST_F64 ? l->f64 : l->valu;
}

/* Dependencies and heights of the region's n nodes. */
static void build(sched *S, unsigned n) {
  for (unsigned j = 0; j < n; j++) {
    node *b = &S->n[j];
    b->npred = 0;
    for (unsigned i = 0; i < j; i++) {
      const node *a = &S->n[i];
      uint8_t e = 0;
      if (overlap(a->def, a->ndef, b->use, b->nuse)) e = 2;
      else if (overlap(a->use, a->nuse, b->def, b->ndef) || overlap(a->def, a->ndef, b->def, b->ndef) || a->mem)
        e = 1; /* nothing moves above a memory access: see waitcnt capacity in the header */
      S->edge[i][j] = e;
      b->npred += e != 0;
    }
  }
  for (unsigned i = n; i-- > 0;) {
    node *a = &S->n[i];
    a->height = a->mem ? a->lat : 1;
    for (unsigned j = i + 1; j < n; j++) {
      if (!S->edge[i][j]) continue;
      unsigned h = (S->edge[i][j] == 2 ? a->lat : 1) + S->n[j].height;
      if (h > a->height) a->height = h;
    }
  }
}

/* Orders the region's n nodes into out (instruction pointers); the
 * delay state S->s advances over them. */
static void schedule(sched *S, unsigned n, mir_instr **out) {
  unsigned k = 0;
  for (unsigned step = 0; step < n; step++) {
    int best = -1;
    unsigned best_cost = 3;
    for (unsigned i = 0; i < n; i++) {
      node *x = &S->n[i];
      if (x->done || x->npred) continue;
      unsigned c = cost(S, x);
      if (c < best_cost || (c == best_cost && x->height > S->n[best].height)) {
        best = (int)i;
        best_cost = c;
      }
    }
    node *x = &S->n[best];
    x->done = true;
    for (unsigned j = (unsigned)best + 1; j < n; j++)
      if (S->edge[best][j]) S->n[j].npred--;
    issue(S, x->ins, x->halves);
    for (unsigned h = 0; h < x->halves; h++) out[k++] = x->ins[h];
  }
}

/* Schedules the region instrs[from, to) of blk in place, from state S->s. */
static void region(sched *S, mir_block *blk, uint32_t from, uint32_t to) {
  unsigned n = 0, lanes = S->p->target->lane_mask_dwords;
  for (uint32_t i = from; i < to; n++) {
    node *x = &S->n[n];
    memset(x, 0, sizeof *x);
    x->halves = (blk->instrs[i]->enc_flags & MIR_ENC_VOPD_FIRST) && i + 1 < to ? 2 : 1;
    x->mem = kind_of(blk->instrs[i]) == MEM;
    for (unsigned h = 0; h < x->halves; h++) {
      x->ins[h] = blk->instrs[i + h];
      collect(x, x->ins[h], lanes);
      unsigned l = node_latency(S->p, x->ins[h]);
      if (l > x->lat) x->lat = l;
    }
    i += x->halves;
  }
  build(S, n);
  schedule(S, n, &blk->instrs[from]);
}

int mir_sched_latency(mir_program *p, diag *d) {
  (void)d;
  if (!p->target->alu_latency.valu || !p->regs_assigned) return 0;
  sched *S = arena_alloc(p->mem, sizeof *S);
  S->p = p;
  S->s = mir_delay_state_new(p->mem);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    mir_delay_reset(S->s);
    S->room = false;
    S->since = 0;
    bool after_getpc = false;
    for (uint32_t i = 0; i < blk->num_instrs;) {
      mir_instr *ins = blk->instrs[i];
      if (kind_of(ins) == BARRIER || (ins->enc_flags & MIR_ENC_VOPD_SECOND)) {
        after_getpc = ins->opcode == ISA_S_GETPC_B64;
        issue(S, &blk->instrs[i], 1);
        i++;
        continue;
      }
      /* the region: nodes up to the next barrier */
      uint32_t j = i;
      unsigned nodes = 0, alu = 0;
      for (int k; j < blk->num_instrs && nodes < REGION_MAX && (k = kind_of(blk->instrs[j])) != BARRIER; nodes++) {
        bool pair = (blk->instrs[j]->enc_flags & MIR_ENC_VOPD_FIRST) && j + 1 < blk->num_instrs;
        j += pair ? 2 : 1;
        alu += k == ALU;
      }
      if (after_getpc || alu < 2) {
        for (uint32_t k = i; k < j;) {
          unsigned halves = (blk->instrs[k]->enc_flags & MIR_ENC_VOPD_FIRST) && k + 1 < j ? 2 : 1;
          issue(S, &blk->instrs[k], halves);
          k += halves;
        }
      } else {
        region(S, blk, i, j);
      }
      after_getpc = false;
      i = j;
    }
  }
  return 0;
}
