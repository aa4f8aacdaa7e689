/* Unit test: the target description (src/target/target.h) of gfx900 agrees
 * with the facts other tables and encodings state: lane masks cover the
 * wave, FLAT_SCRATCH follows the addressable SGPRs, the s_waitcnt fields
 * decode the encodings llvm-mc-19 writes, MODE matches isa.h's layout, the
 * descriptor's VGPR field holds the whole register file. */
#include <stdio.h>
#include <string.h>

#include "target/isa.h"
#include "target/target.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

int main(void) {
  const wavecc_target *t = wavecc_target_by_name("gfx900");
  CHECK(t == &wavecc_target_gfx900);
  CHECK(wavecc_target_by_name("gfx1030") == NULL && wavecc_target_by_name(NULL) == NULL);
  if (!t) return 1;
  CHECK(!strcmp(t->name, "gfx900") && t->encoding == WAVECC_ENC_GFX9);

  /* Lane masks: one bit per lane in lane_mask_dwords SGPRs. */
  CHECK(t->lane_mask_dwords * 32 == t->wave_size);
  CHECK(wavecc_lanes_all(t->wave_size) == ~0ull && wavecc_lanes_all(32) == 0xffffffffull);
  CHECK(t->exec_reg == 126 && t->vcc_reg == 106);

  /* Register files. */
  CHECK(t->flat_scratch_reg == t->addressable_sgprs);
  CHECK(t->vgprs % t->vgpr_granule == 0 && t->vgprs_per_simd >= t->vgprs);
  CHECK(((t->vgprs / t->descriptor.vgpr_block) - 1) < (1u << t->descriptor.vgpr_blocks_bits));
  CHECK(t->max_waves_per_simd * t->simds_per_cu == 40);

  /* s_waitcnt: vmcnt(63) expcnt(7) lgkmcnt(15) is 0xcf7f, vmcnt(0) 0x0f70 (llvm-mc-19). */
  CHECK(wavecc_counter_max(t, WAVECC_CNT_VM) == 63 && wavecc_counter_max(t, WAVECC_CNT_EXP) == 7 &&
        wavecc_counter_max(t, WAVECC_CNT_LGKM) == 15);
  CHECK(wavecc_waitcnt_get(t, WAVECC_CNT_VM, 0xcf7f) == 63 && wavecc_waitcnt_get(t, WAVECC_CNT_EXP, 0xcf7f) == 7 &&
        wavecc_waitcnt_get(t, WAVECC_CNT_LGKM, 0xcf7f) == 15);
  CHECK(wavecc_waitcnt_get(t, WAVECC_CNT_VM, 0x0f70) == 0 && wavecc_waitcnt_get(t, WAVECC_CNT_LGKM, 0x0f70) == 15);
  CHECK(wavecc_waitcnt_get(t, WAVECC_CNT_VM, 5u | 2u << 14) == 37);
  CHECK(wavecc_waitcnt_get(t, WAVECC_CNT_LGKM, 0xc07f) == 0);

  /* Hazards (Vega ISA guide 4.5). */
  CHECK(t->hazard_waits[WAVECC_HZ_VALU_SGPR_VMEM] == 5 && wavecc_target_max_hazard_wait(t) == 5);
  for (unsigned h = 0; h < WAVECC_NUM_HAZARDS; h++) CHECK(t->hazard_waits[h] >= 1);

  /* MODE: isa.h's field f at bits 2f+1:2f of MODE. */
  CHECK(t->mode.fp_round_shift == 2 * ISA_MODE_ROUND32 && t->mode.fp_denorm_shift == 2 * ISA_MODE_DENORM32);
  CHECK(t->mode.hwreg_id == ISA_HWREG_MODE);
  CHECK(isa_mode_get(t->default_float_mode, ISA_MODE_DENORM32) == 3 && isa_mode_get(t->default_float_mode, ISA_MODE_ROUND32) == 0);

  /* Private segment buffer word 3: INDEX_STRIDE 64 lanes = the wave, ADD_TID. */
  CHECK(t->buffer_rsrc_word3 == 0x00e24000u);
  CHECK((8u << ((t->buffer_rsrc_word3 >> 21) & 3)) == t->wave_size && (t->buffer_rsrc_word3 >> 23 & 1));
  CHECK((uint64_t)t->max_scratch_wave_kib * 1024 / t->wave_size == 131056);

  /* Per-family encodings: GFX9's are isa.def's columns, the wave32
   * saveexec forms have none there, and every family's decode look-up
   * inverts its encoding. */
  unsigned present9 = 0;
  for (unsigned op = 0; op < ISA_NUM_OPS; op++) {
    const isa_enc *x = isa_encoding(WAVECC_ENC_GFX9, op);
    CHECK(!x == (isa_table[op].opcode == ISA_OPC_NONE));
    if (!x) continue;
    present9++;
    CHECK(x->format == isa_table[op].format && x->opcode == isa_table[op].opcode);
    CHECK(!strcmp(isa_mnemonic(WAVECC_ENC_GFX9, op), isa_table[op].mnemonic));
  }
  CHECK(present9 > 800 && !isa_encoding(WAVECC_ENC_GFX9, ISA_S_AND_SAVEEXEC_B32));
  CHECK(isa_encoding(WAVECC_ENC_GFX9, ISA_S_AND_SAVEEXEC_B64) != NULL);
  CHECK(isa_encoding(WAVECC_NUM_ENCODINGS, ISA_S_MOV_B32) == NULL && isa_encoding(WAVECC_ENC_GFX9, ISA_NUM_OPS) == NULL);
  for (unsigned e = 0; e < WAVECC_NUM_ENCODINGS; e++)
    for (unsigned op = 0; op < ISA_NUM_OPS; op += 7) {
      const isa_enc *x = isa_encoding(e, op);
      if (!x) continue;
      isa_op back = isa_lookup_in(e, (isa_format)x->format, x->opcode);
      /* aliases share an encoding: the first entry decodes */
      CHECK(back != ISA_NUM_OPS && back <= op);
    }

  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
