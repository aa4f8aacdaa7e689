/* Lane-mask values in instruction selection: the lane-mask class of the
 * target (s2 on wave64, s1 on wave32), which temporaries hold lane masks,
 * and the scalar operations on them (target.h wavecc_lane_op). */
#include "isel/isel_internal.h"

#include <assert.h>
#include <string.h>

#include "util/bitset.h"

void isel_lane_mark(isel_ctx *c, mir_temp t) {
  uint32_t need = ((uint32_t)t.id >> 6) + 1;
  if (need > c->lane_mask_words) {
    uint32_t n = need * 2 > 16 ? need * 2 : 16;
    uint64_t *w = arena_alloc(c->mem, n * sizeof *w);
    memset(w, 0, n * sizeof *w);
    if (c->lane_mask_words) memcpy(w, c->lane_masks, c->lane_mask_words * sizeof *w);
    c->lane_masks = w;
    c->lane_mask_words = n;
  }
  bitset_set(c->lane_masks, t.id);
}

mir_temp isel_lane_tmp(isel_ctx *c) {
  mir_temp t = isel_tmp(c, isel_lane_rc(c));
  isel_lane_mark(c, t);
  return t;
}

bool isel_lane_marked(const isel_ctx *c, mir_temp t) {
  return ((uint32_t)t.id >> 6) < c->lane_mask_words && bitset_test(c->lane_masks, t.id);
}

bool isel_is_lane_mask(const isel_ctx *c, const mir_operand *o) {
  if (o->kind != MIR_OPND_TEMP || mir_rc_is_vgpr((mir_rc)o->temp.rc)) return false;
  bool marked = isel_lane_marked(c, o->temp);
  bool wide = mir_rc_size((mir_rc)o->temp.rc) == isel_lane_dw(c);
  /* wave64: an i1 in an SGPR pair is a mask; every such temp must have
   * been made by the helpers above, or wave32 would take it for a 0/1 */
  if (isel_lane_dw(c) == 2) {
    assert(!wide || marked);
    return wide;
  }
  return wide && marked;
}

mir_temp isel_lane_s_scc(isel_ctx *c, wavecc_lane_opkind k, mir_operand a, mir_operand b, mir_temp *scc) {
  mir_temp d = isel_s_scc(c, isel_lane_op(c, k), isel_lane_dw(c), a, b, scc);
  isel_lane_mark(c, d);
  return d;
}

mir_temp isel_lane_s(isel_ctx *c, wavecc_lane_opkind k, mir_operand a, mir_operand b) {
  return isel_lane_s_scc(c, k, a, b, NULL);
}

mir_operand isel_lane_const_operand(const isel_ctx *c, bool all) {
  mir_operand m = mir_op_const(all ? 0xffffffffu : 0);
  m.size = (uint8_t)isel_lane_dw(c); /* -1 as a 64-bit inline constant on wave64 */
  return m;
}

mir_temp isel_lane_const(isel_ctx *c, bool all) {
  mir_temp t = isel_to_sgpr(c, isel_lane_const_operand(c, all), isel_lane_dw(c));
  isel_lane_mark(c, t);
  return t;
}
