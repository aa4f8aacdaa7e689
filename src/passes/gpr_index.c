/* Lowering of the indexed vector accesses (MIR_P_GPR_IDX_READ / WRITE,
 * isel_vector_index.c) after register allocation, on targets with VGPR
 * index mode (Vega ISA guide 4.6 "GPR Indexing"; llc-19's gfx9
 * "s_set_gpr_idx_on" sequence):
 *
 *   p_gpr_idx_read  d, vec, idx   ->  s_set_gpr_idx_on idx, gpr_idx(SRC0)
 *                                     v_mov_b32 d, vec[0]
 *                                     s_set_gpr_idx_off
 *   p_gpr_idx_write d, vec, idx, x ->  s_set_gpr_idx_on idx, gpr_idx(DST)
 *                                     v_mov_b32 d[0], x   (d in vec's registers)
 *                                     s_set_gpr_idx_off
 *
 * s_set_gpr_idx_on's mode (4 bits: SRC0, SRC1, SRC2, DST) travels in the
 * instruction's offset field, as SOPP/SOPK immediates do. The v_mov_b32
 * keeps the whole vector as its operand (READ) or definition (WRITE,
 * MIR_ENC_GPR_IDX), so the waitcnt and hazard passes see every register
 * it may read or write; only the emitter names the first one. Running
 * after copy-cleanup keeps that pass, which forwards moves, off these
 * v_mov_b32s; nothing later moves VALU instructions between the pair.
 * Index mode also writes M0 (the index and mode), which wavecc allocates
 * to nothing and sets before each use.
 *
 * RDNA has no index mode; there (wavecc_target.vgpr_movrel) M0 holds the
 * index and the move itself is M0-relative (RDNA 2 / RDNA 3 ISA guides
 * "VGPR Indexing", llc-19's gfx10/gfx11 sequence):
 *
 *   p_gpr_idx_read  d, vec, idx   ->  s_mov_b32 m0, idx
 *                                     v_movrels_b32 d, vec[0]
 *   p_gpr_idx_write d, vec, idx, x ->  s_mov_b32 m0, idx
 *                                     v_movreld_b32 d[0], x
 *
 * with the same whole-vector operands (MIR_ENC_GPR_IDX). The s_mov_b32 is
 * left out when M0 already holds the index: set by the previous access
 * of the block, with neither M0 nor the index register written since.
 */
#include "passes/passes.h"

enum { GPR_IDX_SRC0 = 1, GPR_IDX_DST = 8 }; /* s_set_gpr_idx_on mode bits (SOPC SSRC1) */

/* Does ins write register r (an SGPR or M0)? Any call or pseudo-op may. */
static bool writes_reg(const mir_instr *ins, mir_preg r) {
  if (ins->opcode >= ISA_NUM_OPS) return true;
  if (r == MIR_PREG_M0 && (isa_table[ins->opcode].flags & ISA_F_WRITES_M0)) return true;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    mir_preg first;
    unsigned n;
    mir_opnd_units(&ins->defs[k], &first, &n);
    if (n && r >= first && r < first + n) return true;
  }
  return false;
}

/* The RDNA form of indexed access ins (at blk->instrs[*i]): s_mov_b32 m0,
 * idx (unless *m0 shows M0 holds idx already) and v_movrels_b32 /
 * v_movreld_b32. *m0: the register M0 was last set from in this block, or
 * MIR_PREG_NONE. */
static void lower_movrel(mir_program *p, mir_block *blk, uint32_t *i, mir_preg *m0) {
  mir_instr *ins = blk->instrs[*i];
  bool w = ins->opcode == MIR_P_GPR_IDX_WRITE;
  const mir_operand idx = ins->ops[1];
  bool idx_reg = idx.kind == MIR_OPND_TEMP || idx.kind == MIR_OPND_FIXED;
  mir_instr *mov = mir_instr_create(p, w ? ISA_V_MOVRELD_B32 : ISA_V_MOVRELS_B32, w ? 2 : 1, 1);
  mov->enc_flags = MIR_ENC_GPR_IDX;
  mov->defs[0] = ins->defs[0];
  mov->ops[0] = ins->ops[w ? 2 : 0];
  if (w) mov->ops[1] = ins->ops[0];
  blk->instrs[*i] = mov;
  if (!(idx_reg && *m0 == idx.preg)) {
    mir_instr *set = mir_instr_create(p, ISA_S_MOV_B32, 1, 1);
    set->ops[0] = idx;
    set->defs[0] = mir_op_fixed(MIR_PREG_M0, 1);
    mir_block_insert(p, blk, *i, set);
    (*i)++;
  }
  *m0 = idx_reg ? idx.preg : MIR_PREG_NONE;
}

int mir_lower_gpr_index(mir_program *p, diag *d) {
  uint32_t loc = p->cur_loc;
  bool movrel = p->target->vgpr_movrel;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    mir_preg m0 = MIR_PREG_NONE;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      if (ins->opcode != MIR_P_GPR_IDX_READ && ins->opcode != MIR_P_GPR_IDX_WRITE) {
        if (m0 != MIR_PREG_NONE && (writes_reg(ins, MIR_PREG_M0) || writes_reg(ins, m0))) m0 = MIR_PREG_NONE;
        continue;
      }
      bool w = ins->opcode == MIR_P_GPR_IDX_WRITE;
      if (w && ins->defs[0].preg != ins->ops[0].preg) {
        diag_error(d, p->name, "internal: indexed vector write not in the registers of the vector it keeps");
        p->cur_loc = loc;
        return -1;
      }
      p->cur_loc = ins->loc;
      if (movrel) {
        lower_movrel(p, blk, &i, &m0);
        continue;
      }
      mir_instr *on = mir_instr_create(p, ISA_S_SET_GPR_IDX_ON, 1, 0);
      on->ops[0] = ins->ops[1];
      on->offset = w ? GPR_IDX_DST : GPR_IDX_SRC0;
      mir_instr *mov = mir_instr_create(p, ISA_V_MOV_B32, w ? 2 : 1, 1);
      mov->enc_flags = MIR_ENC_GPR_IDX;
      mov->defs[0] = ins->defs[0];
      mov->ops[0] = ins->ops[w ? 2 : 0];
      if (w) mov->ops[1] = ins->ops[0];
      mir_instr *off = mir_instr_create(p, ISA_S_SET_GPR_IDX_OFF, 0, 0);
      blk->instrs[i] = on;
      mir_block_insert(p, blk, i + 1, mov);
      mir_block_insert(p, blk, i + 2, off);
      i += 2;
    }
  }
  p->cur_loc = loc;
  return 0;
}
