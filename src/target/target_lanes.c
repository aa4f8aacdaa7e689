/* Lane-mask operations by width (target.h wavecc_lane_op): the scalar
 * opcodes a wave64 target uses on its SGPR-pair lane masks and a wave32
 * target on its single-SGPR ones (Vega ISA guide 12.x "SOP1"/"SOP2"/"SOPC";
 * RDNA ISA guides, same sections, for the _b32 saveexec forms). */
#include "target/target.h"

#include <assert.h>

/* [k][0] the one-SGPR form, [k][1] the pair form. */
static const isa_op lane_ops[WAVECC_LANE_NUM_OPS][2] = {
  [WAVECC_LANE_MOV] = {ISA_S_MOV_B32, ISA_S_MOV_B64},
  [WAVECC_LANE_NOT] = {ISA_S_NOT_B32, ISA_S_NOT_B64},
  [WAVECC_LANE_AND] = {ISA_S_AND_B32, ISA_S_AND_B64},
  [WAVECC_LANE_OR] = {ISA_S_OR_B32, ISA_S_OR_B64},
  [WAVECC_LANE_XOR] = {ISA_S_XOR_B32, ISA_S_XOR_B64},
  [WAVECC_LANE_ANDN2] = {ISA_S_ANDN2_B32, ISA_S_ANDN2_B64},
  [WAVECC_LANE_ORN2] = {ISA_S_ORN2_B32, ISA_S_ORN2_B64},
  [WAVECC_LANE_NAND] = {ISA_S_NAND_B32, ISA_S_NAND_B64},
  [WAVECC_LANE_NOR] = {ISA_S_NOR_B32, ISA_S_NOR_B64},
  [WAVECC_LANE_XNOR] = {ISA_S_XNOR_B32, ISA_S_XNOR_B64},
  [WAVECC_LANE_CSELECT] = {ISA_S_CSELECT_B32, ISA_S_CSELECT_B64},
  [WAVECC_LANE_BCNT1] = {ISA_S_BCNT1_I32_B32, ISA_S_BCNT1_I32_B64},
  [WAVECC_LANE_FF1] = {ISA_S_FF1_I32_B32, ISA_S_FF1_I32_B64},
  [WAVECC_LANE_CMP_EQ] = {ISA_S_CMP_EQ_U32, ISA_S_CMP_EQ_U64},
  [WAVECC_LANE_CMP_LG] = {ISA_S_CMP_LG_U32, ISA_S_CMP_LG_U64},
  [WAVECC_LANE_AND_SAVEEXEC] = {ISA_S_AND_SAVEEXEC_B32, ISA_S_AND_SAVEEXEC_B64},
  [WAVECC_LANE_OR_SAVEEXEC] = {ISA_S_OR_SAVEEXEC_B32, ISA_S_OR_SAVEEXEC_B64},
  [WAVECC_LANE_XOR_SAVEEXEC] = {ISA_S_XOR_SAVEEXEC_B32, ISA_S_XOR_SAVEEXEC_B64},
  [WAVECC_LANE_ANDN2_SAVEEXEC] = {ISA_S_ANDN2_SAVEEXEC_B32, ISA_S_ANDN2_SAVEEXEC_B64},
  [WAVECC_LANE_ORN2_SAVEEXEC] = {ISA_S_ORN2_SAVEEXEC_B32, ISA_S_ORN2_SAVEEXEC_B64},
  [WAVECC_LANE_NAND_SAVEEXEC] = {ISA_S_NAND_SAVEEXEC_B32, ISA_S_NAND_SAVEEXEC_B64},
  [WAVECC_LANE_NOR_SAVEEXEC] = {ISA_S_NOR_SAVEEXEC_B32, ISA_S_NOR_SAVEEXEC_B64},
  [WAVECC_LANE_XNOR_SAVEEXEC] = {ISA_S_XNOR_SAVEEXEC_B32, ISA_S_XNOR_SAVEEXEC_B64},
  [WAVECC_LANE_ANDN1_SAVEEXEC] = {ISA_S_ANDN1_SAVEEXEC_B32, ISA_S_ANDN1_SAVEEXEC_B64},
  [WAVECC_LANE_ORN1_SAVEEXEC] = {ISA_S_ORN1_SAVEEXEC_B32, ISA_S_ORN1_SAVEEXEC_B64},
};

isa_op wavecc_lane_op(const wavecc_target *t, wavecc_lane_opkind k) {
  assert(k < WAVECC_LANE_NUM_OPS && (t->lane_mask_dwords == 1 || t->lane_mask_dwords == 2));
  return lane_ops[k][t->lane_mask_dwords - 1];
}

wavecc_lane_opkind wavecc_lane_kind(unsigned op, unsigned *dwords) {
  for (unsigned k = 0; k < WAVECC_LANE_NUM_OPS; k++)
    for (unsigned w = 0; w < 2; w++)
      if (lane_ops[k][w] == op) {
        if (dwords) *dwords = w + 1;
        return (wavecc_lane_opkind)k;
      }
  return WAVECC_LANE_NUM_OPS;
}
