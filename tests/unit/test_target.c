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

/* The RDNA descriptions (target_rdna.c): wave32 by default, a wave64
 * sibling reached by wave size and by feature strings, the counter fields
 * decoding llvm-mc-19's encodings, granules as llc-19 reports them. */
static void check_rdna(void) {
  const wavecc_target *t30 = wavecc_target_by_name("gfx1030"), *t11 = wavecc_target_by_name("gfx1100");
  CHECK(t30 == &wavecc_target_gfx1030 && t11 == &wavecc_target_gfx1100);
  if (!t30 || !t11) return;
  CHECK(t30->elf_mach == 0x36 && t11->elf_mach == 0x41);
  CHECK(t30->encoding == WAVECC_ENC_GFX10 && t11->encoding == WAVECC_ENC_GFX11);
  const wavecc_target *all[] = {t30, &wavecc_target_gfx1030_w64, t11, &wavecc_target_gfx1100_w64};
  for (unsigned i = 0; i < 4; i++) {
    const wavecc_target *t = all[i];
    CHECK(t->lane_mask_dwords * 32 == t->wave_size && t->wave_size == (i % 2 ? 64u : 32u));
    CHECK(wavecc_target_variant(t, t->wave_size) == t && wavecc_target_variant(t, 96) == NULL);
    CHECK(wavecc_target_variant(t, 96 - t->wave_size) == t->other_wave && t->other_wave->other_wave == t);
    CHECK(!t->has_xnack && !t->has_sramecc && t->addressable_sgprs == 106 && t->reserved_sgprs == 2);
    CHECK(t->descriptor.vgpr_block == (t->wave_size == 32 ? 8 : 4) && t->descriptor.sgpr_blocks_bits == 0);
    CHECK(t->descriptor.code_props_fixed == (t->wave_size == 32 ? 1u << 10 : 0u));
    CHECK((8u << ((t->buffer_rsrc_word3 >> 21) & 3)) == t->wave_size && ((t->buffer_rsrc_word3 >> 12) & 0x7f) == 22);
    CHECK(wavecc_counter_max(t, WAVECC_CNT_LGKM) == 63 && wavecc_counter_max(t, WAVECC_CNT_VS) == 63);
    CHECK(wavecc_target_max_hazard_wait(t) == 0 && t->max_waves_per_simd == 16);
    /* llc-19 "; Occupancy: 16" for 41 VGPRs in wave32 on both, 10 / 16 in wave64 */
    unsigned v = (41 + t->vgpr_granule - 1) / t->vgpr_granule * t->vgpr_granule, w = t->vgprs_per_simd / v;
    CHECK((w > 16 ? 16 : w) == (t == &wavecc_target_gfx1030_w64 ? 10u : 16u));
  }
  /* llvm-mc-19 -mcpu=gfx1030: s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3) = 0x0321; gfx1100: 0x0432 */
  CHECK(wavecc_waitcnt_get(t30, WAVECC_CNT_VM, 0x0321) == 1 && wavecc_waitcnt_get(t30, WAVECC_CNT_EXP, 0x0321) == 2 &&
        wavecc_waitcnt_get(t30, WAVECC_CNT_LGKM, 0x0321) == 3);
  CHECK(wavecc_waitcnt_get(t11, WAVECC_CNT_VM, 0x0432) == 1 && wavecc_waitcnt_get(t11, WAVECC_CNT_EXP, 0x0432) == 2 &&
        wavecc_waitcnt_get(t11, WAVECC_CNT_LGKM, 0x0432) == 3);
  CHECK(wavecc_waitcnt_get(t30, WAVECC_CNT_VM, 0x3f70) == 0 && wavecc_waitcnt_get(t11, WAVECC_CNT_VM, 0x03f7) == 0);
  CHECK(t30->flat_scratch_init == WAVECC_FS_SETREG && t11->flat_scratch_init == WAVECC_FS_ARCHITECTED);
  CHECK(!t30->packed_workitem_ids && t11->packed_workitem_ids && !t11->has_private_segment_buffer);
  /* Feature strings: the last wave-size feature wins; gfx900 has no wave32. */
  char why[128];
  CHECK(wavecc_target_with_features(t30, "+wavefrontsize64", why, sizeof why) == &wavecc_target_gfx1030_w64);
  CHECK(wavecc_target_with_features(t30, "-wavefrontsize32", why, sizeof why) == &wavecc_target_gfx1030_w64);
  CHECK(wavecc_target_with_features(t11, "+wavefrontsize64,+wavefrontsize32", why, sizeof why) == t11);
  CHECK(wavecc_target_with_features(&wavecc_target_gfx1100_w64, "-xnack,-wavefrontsize64", why, sizeof why) == t11);
  /* Target-ID features as llc-19 takes them: ignored (with a warning, in
   * the driver) where the processor lacks them; gfx900's -xnack is its
   * target ID, and so is +xnack (the code is replay-safe). */
  CHECK(wavecc_target_with_features(t30, "+xnack,-sramecc", why, sizeof why) == t30);
  CHECK(wavecc_target_with_features(&wavecc_target_gfx900, "-xnack,+sramecc", why, sizeof why) == &wavecc_target_gfx900);
  CHECK(wavecc_target_with_features(&wavecc_target_gfx900, "+xnack", why, sizeof why) == &wavecc_target_gfx900);
  CHECK(wavecc_target_with_features(&wavecc_target_gfx900, "+wavefrontsize32", why, sizeof why) == NULL);
  CHECK(wavecc_target_with_features(&wavecc_target_gfx900, "", why, sizeof why) == &wavecc_target_gfx900);
  CHECK(wavecc_target_at(5) == NULL); /* gfx900, gfx1030, gfx1100, gfx90a, gfx942 */

  /* The RDNA maps (generated, checked against llvm-mc-19 by the ctest
   * unit.isa_rdna_maps): renames, ops GFX10 dropped, the VOP3 offsets. */
  const isa_enc *x = isa_encoding(WAVECC_ENC_GFX10, ISA_V_ADD_U32);
  CHECK(x && x->format == ISA_FMT_VOP2 && x->opcode == 0x25 && !strcmp(isa_mnemonic(WAVECC_ENC_GFX10, ISA_V_ADD_U32), "v_add_nc_u32"));
  CHECK(!strcmp(isa_mnemonic(WAVECC_ENC_GFX10, ISA_V_ADDC_CO_U32), "v_add_co_ci_u32"));
  x = isa_encoding(WAVECC_ENC_GFX10, ISA_V_ADD_CO_U32); /* VOP3b only on GFX10 */
  CHECK(x && x->format == ISA_FMT_VOP3 && x->opcode == 0x30f);
  CHECK(!isa_encoding(WAVECC_ENC_GFX10, ISA_V_MAC_F32) && !isa_encoding(WAVECC_ENC_GFX11, ISA_BUFFER_WBINVL1));
  CHECK(!strcmp(isa_mnemonic(WAVECC_ENC_GFX11, ISA_GLOBAL_LOAD_DWORD), "global_load_b32"));
  CHECK(isa_encoding(WAVECC_ENC_GFX10, ISA_S_AND_SAVEEXEC_B32) != NULL);
  CHECK(isa_vop3_opcode(WAVECC_ENC_GFX9, ISA_FMT_VOP1, 1) == 0x141 && isa_vop3_opcode(WAVECC_ENC_GFX10, ISA_FMT_VOP1, 1) == 0x181);
  CHECK(isa_vop3_opcode(WAVECC_ENC_GFX11, ISA_FMT_VOP2, 0x25) == 0x125 && isa_vop3_opcode(WAVECC_ENC_GFX11, ISA_FMT_VOPC, 7) == 7);
  unsigned present[2] = {0, 0};
  for (unsigned e = WAVECC_ENC_GFX10; e <= WAVECC_ENC_GFX11; e++)
    for (unsigned op = 0; op < ISA_NUM_OPS; op++) present[e - WAVECC_ENC_GFX10] += isa_encoding(e, op) != NULL;
  CHECK(present[0] > 850 && present[1] > 830);
  /* VOPD: llvm-mc-19 -mcpu=gfx1100 "v_dual_mul_f32 ... :: v_dual_mov_b32" has OPX 3, OPY 8 */
  CHECK(isa_vopd_op(WAVECC_ENC_GFX11, 3, true) == ISA_V_MUL_F32 && isa_vopd_op(WAVECC_ENC_GFX11, 8, false) == ISA_V_MOV_B32);
  CHECK(isa_vopd_op(WAVECC_ENC_GFX11, 0x10, false) == ISA_V_ADD_U32 && isa_vopd_op(WAVECC_ENC_GFX11, 0x10, true) == ISA_NUM_OPS);
  CHECK(isa_vopd_op(WAVECC_ENC_GFX10, 3, true) == ISA_NUM_OPS && isa_vopd_op(WAVECC_ENC_GFX11, 0x1f, false) == ISA_NUM_OPS);
}

int main(void) {
  const wavecc_target *t = wavecc_target_by_name("gfx900");
  CHECK(t == &wavecc_target_gfx900);
  CHECK(wavecc_target_by_name("gfx1031") == NULL && wavecc_target_by_name(NULL) == NULL);
  if (!t) return 1;
  CHECK(!strcmp(t->name, "gfx900") && t->encoding == WAVECC_ENC_GFX9);
  /* Generations of LLVM processor names, supported or not (the removal of
   * wave32 functions on gfx9 and older, target_attrs.c). */
  CHECK(wavecc_processor_generation("tahiti") == 6 && wavecc_processor_generation("bonaire") == 7);
  CHECK(wavecc_processor_generation("fiji") == 8 && wavecc_processor_generation("gfx803") == 8);
  CHECK(wavecc_processor_generation("gfx900") == 9 && wavecc_processor_generation("gfx90a") == 9);
  CHECK(wavecc_processor_generation("gfx942") == 9 && wavecc_processor_generation("gfx1030") == 10);
  CHECK(wavecc_processor_generation("gfx1100") == 11 && wavecc_processor_generation("gfx1201") == 12);
  CHECK(wavecc_processor_generation("gfx10-3-generic") == 10 && wavecc_processor_generation("gfx9-generic") == 9);
  CHECK(wavecc_processor_generation("gfx") == 0 && wavecc_processor_generation("x900") == 0 &&
        wavecc_processor_generation(NULL) == 0 && wavecc_processor_generation("gfx9zz") == 0);

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

  check_rdna();
  /* CDNA 2/3 (issue 25): llc-19's e_flags machine, the unified VGPR/AGPR
   * file in granules of 8 that one descriptor field covers, 8 waves per
   * SIMD, even-aligned tuples, packed work-item ids; gfx942 alone has
   * architected flat scratch. */
  const wavecc_target *cdna[2] = {wavecc_target_by_name("gfx90a"), wavecc_target_by_name("gfx942")};
  CHECK(cdna[0] == &wavecc_target_gfx90a && cdna[1] == &wavecc_target_gfx942);
  CHECK(wavecc_target_gfx90a.elf_mach == 0x3f && wavecc_target_gfx942.elf_mach == 0x4c);
  CHECK(wavecc_target_gfx90a.encoding == WAVECC_ENC_GFX90A && wavecc_target_gfx942.encoding == WAVECC_ENC_GFX940);
  CHECK(wavecc_target_gfx90a.flat_scratch_init == WAVECC_FS_SGPR_PAIR && wavecc_target_gfx90a.has_private_segment_buffer);
  CHECK(wavecc_target_gfx942.flat_scratch_init == WAVECC_FS_ARCHITECTED && !wavecc_target_gfx942.has_private_segment_buffer);
  for (unsigned i = 0; i < 2; i++) {
    const wavecc_target *c = cdna[i];
    if (!c) continue;
    CHECK(c->wave_size == 64 && c->has_xnack && c->has_sramecc && c->packed_workitem_ids);
    CHECK(c->vgprs + c->agprs == c->vgprs_per_simd && c->vgprs_per_simd == 512 && c->vgpr_granule == 8);
    CHECK(c->descriptor.vgpr_block == 8 && ((c->vgprs_per_simd / c->descriptor.vgpr_block) - 1) < (1u << c->descriptor.vgpr_blocks_bits));
    CHECK(c->max_waves_per_simd == 8 && c->vgpr_tuple_align == 2 && c->accum_offset_granule == 4);
  }
  CHECK(wavecc_target_gfx900.agprs == 0 && wavecc_target_gfx900.vgpr_tuple_align <= 1 && !wavecc_target_gfx900.packed_workitem_ids);
  /* The CDNA encoding families (llvm-mc-19 -show-encoding): GFX90A adds
   * packed f32, the AGPR moves and v_fma_mix (at v_mad_mix's opcode) and
   * keeps v_mac_f32; GFX940 drops v_mac/v_mad_f32 for v_fmamk/fmaak_f32 at
   * their opcodes and has v_mov_b64; v_mul_legacy_f32 is VOP3-only. */
  CHECK(!isa_encoding(WAVECC_ENC_GFX9, ISA_V_PK_FMA_F32) && isa_encoding(WAVECC_ENC_GFX90A, ISA_V_PK_FMA_F32));
  CHECK(isa_encoding(WAVECC_ENC_GFX90A, ISA_V_MAC_F32) && !isa_encoding(WAVECC_ENC_GFX940, ISA_V_MAC_F32));
  CHECK(!isa_encoding(WAVECC_ENC_GFX90A, ISA_V_MAD_MIX_F32) && isa_encoding(WAVECC_ENC_GFX90A, ISA_V_FMA_MIX_F32)->opcode == 0x20);
  CHECK(isa_lookup_in(WAVECC_ENC_GFX940, ISA_FMT_VOP2, 0x17) == ISA_V_FMAMK_F32 &&
        isa_lookup_in(WAVECC_ENC_GFX9, ISA_FMT_VOP2, 0x17) == ISA_V_MADMK_F32);
  CHECK(!isa_encoding(WAVECC_ENC_GFX90A, ISA_V_MOV_B64) && isa_encoding(WAVECC_ENC_GFX940, ISA_V_MOV_B64)->opcode == 0x38);
  CHECK(isa_encoding(WAVECC_ENC_GFX90A, ISA_V_MUL_LEGACY_F32)->format == ISA_FMT_VOP3 &&
        isa_lookup_in(WAVECC_ENC_GFX90A, ISA_FMT_VOP2, 0x04) == ISA_V_FMAC_F64);
  CHECK(isa_encoding(WAVECC_ENC_GFX940, ISA_BUFFER_INV) && !isa_encoding(WAVECC_ENC_GFX940, ISA_BUFFER_INVL2));

  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
