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
 */
#include "passes/passes.h"

enum { GPR_IDX_SRC0 = 1, GPR_IDX_DST = 8 }; /* s_set_gpr_idx_on mode bits (SOPC SSRC1) */

int mir_lower_gpr_index(mir_program *p, diag *d) {
  uint32_t loc = p->cur_loc;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      if (ins->opcode != MIR_P_GPR_IDX_READ && ins->opcode != MIR_P_GPR_IDX_WRITE) continue;
      bool w = ins->opcode == MIR_P_GPR_IDX_WRITE;
      if (w && ins->defs[0].preg != ins->ops[0].preg) {
        diag_error(d, p->name, "internal: indexed vector write not in the registers of the vector it keeps");
        p->cur_loc = loc;
        return -1;
      }
      p->cur_loc = ins->loc;
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
