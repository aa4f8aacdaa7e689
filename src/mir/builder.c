/* Machine IR construction (see mir.h). Everything lives in the program's
 * arena; growable arrays double their capacity so appending is amortised
 * O(1) and nothing is freed one at a time. */
#include <assert.h>
#include <string.h>

#include "mir/mir.h"
#include "target/target.h"

const wavecc_target *mir_default_target(void) { return &wavecc_target_gfx900; }

mir_program *mir_program_create(arena *mem, const char *name) {
  mir_program *p = arena_alloc(mem, sizeof *p);
  p->mem = mem;
  p->target = mir_default_target();
  p->name = arena_strndup(mem, name ? name : "", name ? strlen(name) : 0);
  p->num_temps = 1; /* id 0 means "no temporary" */
  p->cap_temps = 64;
  p->temp_rc = arena_alloc(mem, p->cap_temps * sizeof *p->temp_rc);
  p->abi.kernarg_align = 8;
  p->abi.max_flat_workgroup_size = 1024;
  p->abi.float_mode = 0xf0; /* denorm f32 and f16/f64 enabled, round to nearest */
  p->abi.ieee_mode = true;
  p->abi.dx10_clamp = true;
  return p;
}

uint32_t mir_srcloc_add(mir_program *p, const char *file, size_t file_len, unsigned line, unsigned col) {
  if (!file || !line) return 0;
  /* consecutive IR instructions mostly share a position: reuse the last */
  if (p->num_locs > 1) {
    const mir_srcloc *l = &p->locs[p->num_locs - 1];
    if (l->line == line && l->col == col && strlen(l->file) == file_len && !strncmp(l->file, file, file_len))
      return p->num_locs - 1;
  }
  if (!p->locs) {
    p->cap_locs = 64;
    p->locs = arena_alloc(p->mem, p->cap_locs * sizeof *p->locs);
    p->num_locs = 1; /* index 0: none */
  } else if (p->num_locs == p->cap_locs) {
    p->locs = arena_grow(p->mem, p->locs, p->num_locs, 2 * p->cap_locs, sizeof *p->locs);
    p->cap_locs *= 2;
  }
  const char *f = p->num_locs > 1 && !strncmp(p->locs[p->num_locs - 1].file, file, file_len) &&
                          strlen(p->locs[p->num_locs - 1].file) == file_len
                      ? p->locs[p->num_locs - 1].file
                      : arena_strndup(p->mem, file, file_len);
  p->locs[p->num_locs] = (mir_srcloc){f, line, col};
  return p->num_locs++;
}

uint32_t mir_add_block(mir_program *p) {
  if (p->num_blocks == p->cap_blocks) {
    uint32_t cap = p->cap_blocks ? p->cap_blocks * 2 : 16;
    p->blocks = arena_grow(p->mem, p->blocks, p->num_blocks, cap, sizeof *p->blocks);
    p->cap_blocks = cap;
  }
  mir_block *b = &p->blocks[p->num_blocks];
  memset(b, 0, sizeof *b);
  b->index = p->num_blocks;
  return p->num_blocks++;
}

/* Ensures temp_rc has room for id `id`. */
static void reserve_temps(mir_program *p, uint32_t id) {
  if (id < p->cap_temps) return;
  uint32_t cap = p->cap_temps ? p->cap_temps : 64;
  while (cap <= id) cap *= 2;
  p->temp_rc = arena_grow(p->mem, p->temp_rc, p->cap_temps, cap, sizeof *p->temp_rc);
  p->cap_temps = cap;
}

mir_temp mir_new_temp(mir_program *p, mir_rc rc) {
  assert(p->num_temps < (1u << 24));
  reserve_temps(p, p->num_temps);
  mir_temp t = {.id = p->num_temps, .rc = rc};
  p->temp_rc[p->num_temps++] = rc;
  return t;
}

mir_instr *mir_instr_create(mir_program *p, unsigned opcode, unsigned num_ops, unsigned num_defs) {
  assert(opcode < MIR_P_LAST && num_ops <= MIR_MAX_OPERANDS && num_defs <= MIR_MAX_OPERANDS);
  size_t sz = sizeof(mir_instr) + (num_ops + num_defs) * sizeof(mir_operand);
  mir_instr *ins = arena_alloc(p->mem, sz);
  ins->opcode = (uint16_t)opcode;
  ins->num_ops = (uint16_t)num_ops;
  ins->num_defs = (uint16_t)num_defs;
  ins->ops = (mir_operand *)(ins + 1);
  ins->defs = ins->ops + num_ops;
  ins->loc = p->cur_loc;
  ins->chk = p->cur_chk;
  for (unsigned i = 0; i < num_ops + num_defs; i++) ins->ops[i].preg = MIR_PREG_NONE;
  return ins;
}

static void reserve_instrs(mir_program *p, mir_block *b, uint32_t n) {
  if (n <= b->cap_instrs) return;
  uint32_t cap = b->cap_instrs ? b->cap_instrs * 2 : 16;
  while (cap < n) cap *= 2;
  b->instrs = arena_grow(p->mem, b->instrs, b->num_instrs, cap, sizeof *b->instrs);
  b->cap_instrs = cap;
}

void mir_block_append(mir_program *p, mir_block *b, mir_instr *ins) {
  reserve_instrs(p, b, b->num_instrs + 1);
  b->instrs[b->num_instrs++] = ins;
}

void mir_block_insert(mir_program *p, mir_block *b, uint32_t pos, mir_instr *ins) {
  assert(pos <= b->num_instrs);
  reserve_instrs(p, b, b->num_instrs + 1);
  memmove(&b->instrs[pos + 1], &b->instrs[pos], (b->num_instrs - pos) * sizeof *b->instrs);
  b->instrs[pos] = ins;
  b->num_instrs++;
}

void mir_idx_list_push(mir_program *p, mir_idx_list *l, uint32_t v) {
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? l->cap * 2 : 4;
    l->v = arena_grow(p->mem, l->v, l->n, cap, sizeof *l->v);
    l->cap = cap;
  }
  l->v[l->n++] = v;
}

void mir_idx_list_remove(mir_idx_list *l, uint32_t v) {
  for (uint32_t i = 0; i < l->n; i++)
    if (l->v[i] == v) {
      l->v[i] = l->v[--l->n];
      return;
    }
}

void mir_add_logical_edge(mir_program *p, uint32_t from, uint32_t to) {
  assert(from < p->num_blocks && to < p->num_blocks);
  mir_idx_list_push(p, &p->blocks[from].logical_succs, to);
  mir_idx_list_push(p, &p->blocks[to].logical_preds, from);
}

void mir_add_linear_edge(mir_program *p, uint32_t from, uint32_t to) {
  assert(from < p->num_blocks && to < p->num_blocks);
  mir_idx_list_push(p, &p->blocks[from].linear_succs, to);
  mir_idx_list_push(p, &p->blocks[to].linear_preds, from);
}

void mir_set_temp_rc(mir_program *p, uint32_t id, mir_rc rc) {
  assert(id > 0 && id < (1u << 24));
  reserve_temps(p, id);
  p->temp_rc[id] = rc;
  if (id >= p->num_temps) p->num_temps = id + 1;
}

mir_preg *mir_temp_regs(const mir_program *p, arena *mem) {
  mir_preg *reg = arena_alloc(mem, (p->num_temps ? p->num_temps : 1) * sizeof *reg);
  for (uint32_t t = 0; t < p->num_temps; t++) reg[t] = MIR_PREG_NONE;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP) reg[ins->defs[k].temp.id] = ins->defs[k].preg;
    }
  return reg;
}

static void replace_in(mir_idx_list *l, uint32_t from, uint32_t to) {
  for (uint32_t i = 0; i < l->n; i++)
    if (l->v[i] == from) {
      l->v[i] = to;
      return;
    }
}

static bool list_has(const mir_idx_list *l, uint32_t x) {
  for (uint32_t i = 0; i < l->n; i++)
    if (l->v[i] == x) return true;
  return false;
}

uint32_t mir_split_edge(mir_program *p, uint32_t pb, uint32_t succ) {
  if (!list_has(&p->blocks[pb].linear_succs, succ)) return UINT32_MAX;
  bool logical = list_has(&p->blocks[pb].logical_succs, succ);
  uint32_t nb = mir_add_block(p);
  mir_block *pred = &p->blocks[pb], *s = &p->blocks[succ], *n = &p->blocks[nb];
  replace_in(&pred->linear_succs, succ, nb);
  replace_in(&s->linear_preds, pb, nb);
  mir_idx_list_push(p, &n->linear_preds, pb);
  mir_idx_list_push(p, &n->linear_succs, succ);
  if (logical) {
    replace_in(&pred->logical_succs, succ, nb);
    replace_in(&s->logical_preds, pb, nb);
    mir_idx_list_push(p, &n->logical_preds, pb);
    mir_idx_list_push(p, &n->logical_succs, succ);
  }
  /* Retarget the predecessor's branches (one edge: the first operand naming succ). */
  for (uint32_t i = pred->num_instrs; i-- > 0;) {
    mir_instr *ins = pred->instrs[i];
    bool done = false;
    for (unsigned k = 0; k < ins->num_ops && !done; k++)
      if (ins->ops[k].kind == MIR_OPND_BLOCK && ins->ops[k].imm == succ) {
        ins->ops[k].imm = nb;
        done = true;
      }
    if (done) break;
  }
  mir_instr *br = mir_instr_create(p, MIR_P_BRANCH, 1, 0);
  br->ops[0] = mir_op_block(succ);
  mir_block_append(p, n, br);
  return nb;
}
