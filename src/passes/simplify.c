/* Algebraic identities on SSA machine IR, the first pass after
 * instruction selection: x + 0, x - 0, x | 0, x ^ 0, x & ~0, x << 0,
 * x >> 0, x * 1 and v_cndmask x, x become `p_copy x`, which fold-copies then renames away
 * when x has the result's register class (and which stays a v_mov_b32
 * when an SGPR value becomes a VGPR one).
 *
 * Why: selection adds constant parts of addresses without looking at
 * them, e.g. an LDS array at group-segment offset 0 gives
 * `v_add_u32 d, 0, x` before every ds_read (bench/kernels/sgemm_reg4x4.cl).
 *
 * Only 32-bit ALU forms with one definition (an SCC or carry result that
 * someone reads is a second definition and keeps the instruction), no
 * source modifiers, no clamp or output modifier. Never fails; returns 0. */
#include "passes/passes.h"
#include "target/isa.h"

/* An identity: for op, the constant k at operand position pos leaves the
 * other operand unchanged. */
typedef struct identity {
  uint16_t op;
  uint8_t pos; /* 0 or 1: the constant's position; 2: either */
  uint32_t k;
} identity;

static const identity identities[] = {
    {ISA_V_ADD_U32, 2, 0},       {ISA_S_ADD_U32, 2, 0},       {ISA_S_ADD_I32, 2, 0},
    {ISA_V_OR_B32, 2, 0},        {ISA_S_OR_B32, 2, 0},        {ISA_V_XOR_B32, 2, 0},
    {ISA_S_XOR_B32, 2, 0},       {ISA_V_AND_B32, 2, ~0u},     {ISA_S_AND_B32, 2, ~0u},
    {ISA_V_MUL_LO_U32, 2, 1},    {ISA_S_MUL_I32, 2, 1},       {ISA_V_SUB_U32, 1, 0},
    {ISA_S_SUB_U32, 1, 0},       {ISA_S_SUB_I32, 1, 0},       {ISA_S_LSHL_B32, 1, 0},
    {ISA_S_LSHR_B32, 1, 0},      {ISA_S_ASHR_I32, 1, 0},      {ISA_V_LSHLREV_B32, 0, 0}, /* shift amount first */
    {ISA_V_LSHRREV_B32, 0, 0},   {ISA_V_ASHRREV_I32, 0, 0},
};

static bool is_const(const mir_operand *o, uint32_t k) {
  return o->kind == MIR_OPND_CONST && o->imm == k && o->size <= 1;
}

/* The operand index equal to ins's result, or -1. */
static int identity_source(const mir_instr *ins) {
  /* v_cndmask_b32 x, x, c: both lanes' choices are x (a select of two
   * vectors that differ in a few elements, as the IR keeps promoted
   * private arrays: f_private_array.cl's k_sort) */
  if (ins->opcode == ISA_V_CNDMASK_B32 && ins->num_defs == 1 && ins->num_ops == 3 && !ins->clamp && !ins->omod &&
      ins->ops[0].kind == MIR_OPND_TEMP && ins->ops[1].kind == MIR_OPND_TEMP &&
      ins->ops[0].temp.id == ins->ops[1].temp.id && !((ins->ops[0].flags | ins->ops[1].flags) & (MIR_OPND_NEG | MIR_OPND_ABS)))
    return 0;
  if (ins->num_defs != 1 || ins->num_ops != 2 || ins->clamp || ins->omod) return -1;
  if (ins->defs[0].kind != MIR_OPND_TEMP || (ins->defs[0].flags & MIR_OPND_FIXED_REG)) return -1;
  for (unsigned k = 0; k < 2; k++)
    if (ins->ops[k].flags & (MIR_OPND_NEG | MIR_OPND_ABS)) return -1;
  for (unsigned i = 0; i < sizeof identities / sizeof identities[0]; i++) {
    const identity *id = &identities[i];
    if (id->op != ins->opcode) continue;
    if ((id->pos == 0 || id->pos == 2) && is_const(&ins->ops[0], id->k)) return 1;
    if ((id->pos == 1 || id->pos == 2) && is_const(&ins->ops[1], id->k)) return 0;
    return -1;
  }
  return -1;
}

int mir_simplify(mir_program *p, diag *d) {
  (void)d;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      int s = identity_source(ins);
      if (s < 0) continue;
      const mir_operand *src = &ins->ops[s];
      if (src->kind != MIR_OPND_TEMP || (src->flags & MIR_OPND_FIXED_REG)) continue;
      /* A new instruction: the operand and definition arrays are laid out
       * for the opcode's counts (mir_instr_create). */
      mir_instr *copy = mir_instr_create(p, MIR_P_COPY, 1, 1);
      copy->ops[0] = *src;
      copy->ops[0].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
      copy->defs[0] = ins->defs[0];
      blk->instrs[i] = copy;
    }
  }
  return 0;
}
