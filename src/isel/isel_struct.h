/* Internal to the structured lowering of divergent control flow
 * (isel_struct.c: ifs, regions, the driver; isel_struct_loop.c: loops):
 * the walk's state and its small emission helpers. See isel_struct.c for
 * the algorithm. */
#ifndef WAVECC_ISEL_STRUCT_H
#define WAVECC_ISEL_STRUCT_H

#include "isel/isel_internal.h"

#define NONE UINT32_MAX
#define REJECT() (s->why = s->why ? s->why : __LINE__, s->why_file = s->why_file ? s->why_file : ISEL_STRUCT_FILE, false)
#define PL 1u /* logical edge */
#define PN 2u /* linear edge, with a p_branch */

/* Machine blocks with an edge still to add to the next region's entry. */
typedef struct pend {
  uint32_t n;
  uint32_t v[32];
  uint8_t f[32];
} pend;

typedef struct sctx {
  isel_ctx *c;
  const divergence_info *di;
  bool emit;          /* second walk */
  uint32_t nb, nmb;   /* LLVM blocks, machine blocks so far */
  uint32_t *mh;       /* LLVM block -> its machine block */
  uint32_t *pre;      /* loop header -> pre-header block */
  uint32_t *aux;      /* branch block -> its F (divergent) or empty-arm (uniform) block */
  uint32_t *jp;       /* branch block -> the J' block of a join that ends the region */
  uint32_t *djp;      /* dispatch target -> the EXEC restore after its region */
  struct lstate **lst; /* loop header -> its exits (below) */
  uint32_t *m2l;      /* machine block -> LLVM block of its phi operands */
  uint8_t *visited;
  mir_temp *join_saved; /* LLVM block: exec |= this at its start */
  mir_temp *exit_saved; /* LLVM block: exec = this at its start */
  uint8_t *lanejoin;    /* LLVM block whose phis' copies run under different lanes */
  /* Inside the "then" arm of a divergent if-then whose join restores EXEC
   * with exec |= saved (no else block): an if-then whose join is that same
   * join (fold_stop) only narrows EXEC and skips to that restore
   * (fold_target), as `a && b` does; NONE outside such an arm. */
  uint32_t fold_stop, fold_target;
  uint8_t *lm;          /* branch block whose region is lowered block by block (walk_local) */
  int why;              /* source line of the first rejection (wavecc --stats) */
  const char *why_file; /* and its file */
} sctx;

static inline bool is_header(const sctx *s, uint32_t b) { return s->di->loop_of[b] == b; }

static inline bool in_loop(const sctx *s, uint32_t h, uint32_t b) {
  return h == NONE || divergence_in_loop(s->di, h, b);
}

static inline uint32_t succ_idx(const sctx *s, LLVMValueRef t, unsigned k) {
  return divergence_block_index(s->di, LLVMGetSuccessor(t, k));
}

/* Distinct LLVM predecessors of b. */
static inline uint32_t npreds(const sctx *s, uint32_t b) {
  const divergence_info *di = s->di;
  uint32_t n = 0;
  for (uint32_t e = di->pred_start[b]; e < di->pred_start[b + 1]; e++) {
    bool dup = false;
    for (uint32_t e2 = di->pred_start[b]; e2 < e; e2++) dup |= di->pred[e2] == di->pred[e];
    n += !dup;
  }
  return n;
}

static inline bool has_phis(const sctx *s, uint32_t b) {
  LLVMValueRef f = LLVMGetFirstInstruction(s->di->blocks[b]);
  return f && LLVMIsAPHINode(f);
}

static inline uint32_t newblk(sctx *s, uint32_t llvm) {
  uint32_t m = s->nmb++;
  s->m2l[m] = llvm;
  return m;
}


/* ---- emission helpers (no-ops in the checking walk) ---- */

static inline void edge(sctx *s, uint32_t from, uint32_t to, unsigned f) {
  if (!s->emit) return;
  if (f & PL) mir_add_logical_edge(s->c->p, from, to);
  if (f & PN) mir_add_linear_edge(s->c->p, from, to);
}

/* Ends block `from` with a branch to `to` (flags f: PN adds the p_branch). */
static inline void jump(sctx *s, uint32_t from, uint32_t to, unsigned f) {
  if (s->emit && (f & PN)) {
    s->c->cur = from;
    mir_instr *br = isel_emit(s->c, MIR_P_BRANCH, 1, 0);
    br->ops[0] = mir_op_block(to);
  }
  edge(s, from, to, f);
}

static inline void sopp(sctx *s, uint32_t blk, unsigned op, uint32_t target) {
  if (!s->emit) return;
  s->c->cur = blk;
  mir_instr *i = isel_emit(s->c, op, 1, 0);
  i->ops[0] = mir_op_block(target);
}

/* exec = op a, b in the current block. */
/* EXEC = a <k> b (a two-source lane operation). */
static inline void exec_set(isel_ctx *c, wavecc_lane_opkind k, mir_operand a, mir_operand b) {
  mir_instr *i = isel_emit(c, isel_lane_op(c, k), 2, 1);
  i->ops[0] = a;
  i->ops[1] = b;
  i->defs[0] = isel_exec_operand(c);
}

/* A new lane mask = <k> a (a one-source lane operation: MOV, the saveexec forms). */
static inline mir_temp sop1(isel_ctx *c, wavecc_lane_opkind k, mir_operand a) {
  mir_temp d = isel_lane_tmp(c);
  mir_instr *i = isel_emit(c, isel_lane_op(c, k), 1, 1);
  i->ops[0] = a;
  i->defs[0] = mir_op_temp(d);
  return d;
}

static inline void cbranch_scc(sctx *s, uint32_t blk, LLVMValueRef cond, uint32_t t, uint32_t f) {
  if (!s->emit) return;
  isel_ctx *c = s->c;
  c->cur = blk;
  mir_temp scc = isel_branch_scc(c, cond);
  mir_instr *br = isel_emit(c, MIR_P_CBRANCH_SCC, 3, 0);
  br->ops[0] = isel_scc_operand(scc);
  br->ops[1] = mir_op_block(t);
  br->ops[2] = mir_op_block(f);
}

static inline void connect(sctx *s, pend *io, uint32_t to) {
  for (uint32_t k = 0; k < io->n; k++) jump(s, io->v[k], to, io->f[k]);
  io->n = 0;
}

static inline bool push(pend *io, uint32_t b, unsigned f) {
  if (io->n == 32) return false;
  io->v[io->n] = b;
  io->f[io->n++] = (uint8_t)f;
  return true;
}


/* Is x J itself, or a block holding nothing but a branch to J (a split
 * critical edge) with one predecessor? */
static inline bool empty_to(const sctx *s, uint32_t x, uint32_t J) {
  if (x == J) return true;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(s->di->blocks[x]);
  return LLVMGetFirstInstruction(s->di->blocks[x]) == t && !LLVMIsConditional(t) && succ_idx(s, t, 0) == J &&
         npreds(s, x) == 1;
}

/* Is b a block holding nothing but the back edge to h? */
static inline bool empty_latch(const sctx *s, uint32_t b, uint32_t h) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(s->di->blocks[b]);
  return LLVMGetFirstInstruction(s->di->blocks[b]) == t && !LLVMIsConditional(t) && succ_idx(s, t, 0) == h &&
         npreds(s, b) == 1;
}

/* Lanes that leave loop h through its top-level exiting blocks. Exits to
 * the join after the loop (jx, the first post-dominator of h outside the
 * loop) continue there; exits to other targets ("dispatch targets", each
 * a region ending at jx) are accumulated per target in SGPR pairs (header
 * phis, linear phis at the landing block) and run after the loop, one
 * target after the other, under its accumulated lanes. When every exit is
 * uniform (and none leaves from an inner loop or the enclosing loop too)
 * no lane waits: the exits stay scalar branches straight to their targets
 * (uni), whose regions follow the loop. */
typedef struct lstate {
  uint32_t jx, nt, tgt[4];
  uint32_t nal, al[4];  /* exit targets that only branch to jx (split edges) */
  uint32_t nta, ta[8], tai[8]; /* split edges into target tgt[tai[k]] entered by several exits */
  bool multi[4];        /* tgt[i] is entered by several exits (through split edges ta): its
                           phis' copies run in a block of each exit under the leaving lanes */
  bool esc[4];          /* tgt[i] is outside the enclosing loop too: its lanes leave both */
  uint32_t escx[4];     /* the one LLVM block exiting to an escaping target */
  bool masked;          /* EXEC is saved before the loop (a divergent exit or dispatch) */
  bool dispatch;        /* nt > 0: every exit lands in block lx first */
  bool uni;             /* several targets (or jx ends the region) but every exit
                           uniform: scalar branches straight to the targets */
  bool xstop;           /* uni and jx ends the enclosing region */
  pend xio;             /* uni, xstop: the exit blocks into jx, for the caller */
  uint32_t lx;          /* landing block (dispatch) */
  uint32_t dblk[4];     /* the block after lx that starts target i's lanes (its exits' logical successor) */
  mir_temp saved;       /* EXEC at entry, when an exit is divergent or dispatch */
  mir_temp acc[4];      /* current version of each target's lanes */
  mir_instr *acc_phi[4];
  uint32_t nin;         /* linear edges into lx, with the versions of acc */
  uint32_t in_blk[32];
  mir_temp in_acc[32][4];
} lstate;

/* Exit target x of a loop as its state knows it: a split edge into a
 * target entered by several exits (ta) stands for that target; *via (when
 * x is one) becomes x, the target's predecessor for its phis. */
static inline uint32_t exit_target(const lstate *L, uint32_t x, uint32_t *via) {
  for (uint32_t k = 0; k < L->nta; k++)
    if (L->ta[k] == x) {
      if (via) *via = x;
      return L->tgt[L->tai[k]];
    }
  return x;
}

/* isel_struct.c: the region from LLVM block b up to `stop` (see there). */
bool isel_struct_walk(sctx *s, uint32_t b, uint32_t stop, uint32_t loop, bool top, pend *io);
/* isel_struct_local.c: the divergent acyclic region from if b (machine
 * block mb) to its join J by masked linearisation (see there); false,
 * with s->why set, when the region is not one it takes. */
bool isel_struct_walk_local(sctx *s, uint32_t b, uint32_t mb, uint32_t J, uint32_t stop, uint32_t loop, pend *io);
/* isel_struct_loop.c: the loop headed by h, entered from io (see there). */
bool isel_struct_walk_loop(sctx *s, uint32_t h, uint32_t outer, uint32_t stop, bool top, pend *io, uint32_t *exit);
/* isel_struct_loop.c: the exit edge of top-level exiting block b of loop h. */
bool isel_struct_emit_exit(sctx *s, uint32_t b, uint32_t mb, uint32_t h, unsigned out, uint32_t latch, pend *io);
/* isel_struct_loop.c: at the start of loop h's header, its accumulators' phis. */
void isel_struct_loop_head(sctx *s, uint32_t h);

#endif
