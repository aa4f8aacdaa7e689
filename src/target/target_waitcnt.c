/* The s_waitcnt immediate of a target, from its counter fields
 * (wavecc_target.counters; Vega ISA guide "SOPP Instructions", S_WAITCNT;
 * the RDNA guides for their layouts). The one place that packs and
 * unpacks it: the IR's text form, the waitcnt pass, the assembly printer
 * and the encoder all come here. */
#include "target/target.h"

const char *wavecc_counter_name(wavecc_counter c) {
  static const char *const names[WAVECC_NUM_COUNTERS] = {
    [WAVECC_CNT_VM] = "vmcnt", [WAVECC_CNT_EXP] = "expcnt", [WAVECC_CNT_LGKM] = "lgkmcnt", [WAVECC_CNT_VS] = "vscnt",
  };
  return c < WAVECC_NUM_COUNTERS && names[c] ? names[c] : "?";
}

void wavecc_waitcnt_decode(const wavecc_target *t, uint32_t simm16, unsigned cnt[WAVECC_NUM_COUNTERS]) {
  for (unsigned c = 0; c < WAVECC_NUM_COUNTERS; c++)
    cnt[c] = wavecc_counter_in_waitcnt(t, (wavecc_counter)c) ? wavecc_waitcnt_get(t, (wavecc_counter)c, simm16)
                                                             : wavecc_counter_max(t, (wavecc_counter)c);
}

uint16_t wavecc_waitcnt_encode(const wavecc_target *t, const unsigned cnt[WAVECC_NUM_COUNTERS]) {
  uint32_t imm = 0;
  for (unsigned c = 0; c < WAVECC_NUM_COUNTERS; c++) {
    if (!wavecc_counter_in_waitcnt(t, (wavecc_counter)c)) continue;
    const wavecc_counter_field *f = &t->counters[c];
    unsigned hi_bits = f->bits - f->lo_bits;
    imm |= (cnt[c] & ((1u << f->lo_bits) - 1)) << f->lo_shift;
    if (hi_bits) imm |= ((cnt[c] >> f->lo_bits) & ((1u << hi_bits) - 1)) << f->hi_shift;
  }
  return (uint16_t)imm;
}

uint16_t wavecc_waitcnt_none(const wavecc_target *t) {
  unsigned cnt[WAVECC_NUM_COUNTERS];
  for (unsigned c = 0; c < WAVECC_NUM_COUNTERS; c++) cnt[c] = wavecc_counter_max(t, (wavecc_counter)c);
  return wavecc_waitcnt_encode(t, cnt);
}
