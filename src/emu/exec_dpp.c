/* DPP (data-parallel primitives): the VOP1/VOP2 forms whose src0 is read
 * from another lane of its VGPR (Vega ISA guide 12.x "DPP"; RDNA 2 and
 * RDNA 3 ISA guides "DPP16" and "DPP8"). Decoding of the second dword,
 * the source lane of each lane, which lanes are written, and the gfx9
 * wait states DPP needs. A 64-bit source (gfx940's v_mov_b64_dpp) reads
 * the source lane's register pair.
 *
 * DPP16 (src0 = 0xfa; second dword: source VGPR [7:0], DPP_CTRL [16:8],
 * FI [18] (GFX10+), BOUND_CTRL [19], SRC0_NEG/ABS [20]/[21], SRC1_NEG/ABS
 * [22]/[23], BANK_MASK [27:24], ROW_MASK [31:28]). A lane's source lane is
 * "invalid" when the control points outside the row (row_shl/shr, the
 * wave shifts at the wave's ends, row_bcast's first rows) or at a lane
 * EXEC disables (unless FI is set, GFX10+: fetch inactive lanes). An
 * invalid source reads 0 when BOUND_CTRL is set; else the lane is not
 * written and keeps its old value. Lanes whose row (ROW_MASK bit
 * lane / 16) or bank (BANK_MASK bit (lane / 4) % 4) is disabled are not
 * written either; the masks do not affect which lanes are read.
 *
 * CDNA 2/3 (gfx90a, gfx942) read DPP_CTRL 0x150-0x15f as row_newbcast:n,
 * the row's lane n to every lane of the row, as GFX10's row_share.
 *
 * DPP8 (GFX10+, src0 = 0xe9, or 0xea with FI): lane l reads lane
 * 8 * (l / 8) + sel[l % 8] (3-bit selects in bits [31:8]); an inactive
 * source lane reads 0 unless FI.
 *
 * Hazards (Vega ISA guide 4.5 "Manually Inserted Wait States"; the target's
 * hazard_waits, 0 on GFX10+): a VALU write of a VGPR then a DPP read of it
 * needs 2 wait states, a VALU write of EXEC then any DPP instruction 5.
 * emu_dpp_note_writes records VALU writes for them. */
#include <string.h>

#include "emu/emu_internal.h"

/* Is DPP_CTRL code c legal on a target with (gfx10) or without GFX10's
 * controls (wavecc_target.dpp_gfx10)? */
static bool ctrl_legal(unsigned c, bool gfx10, bool newbcast) {
  if (c <= 0xff) return true;                                      /* quad_perm */
  if ((c > 0x100 && c < 0x110) || (c > 0x110 && c < 0x120) || (c > 0x120 && c < 0x130)) return true; /* row_shl/shr/ror 1..15 */
  if (c == 0x140 || c == 0x141) return true;                       /* row_mirror, row_half_mirror */
  if (!gfx10)
    return c == 0x130 || c == 0x134 || c == 0x138 || c == 0x13c || c == 0x142 || c == 0x143 || (newbcast && c >= 0x150 && c <= 0x15f);
  return c >= 0x150 && c <= 0x16f;                                 /* row_share, row_xmask */
}

int emu_decode_dpp(wemu_device *dev, emu_inst *in, unsigned code, uint32_t w1, uint64_t pc) {
  bool gfx10 = dev->tgt->dpp_gfx10;
  const char *mn = isa_table[in->op].mnemonic;
  if (isa_table[in->op].format == ISA_FMT_VOPC) {
    emu_err(dev, "pc 0x%llx: %s: DPP on a compare is not modelled by the emulator", (unsigned long long)pc, mn);
    return -1;
  }
  in->src[0] = (uint16_t)(OPC_VGPR0 + (w1 & 0xff));
  if (code == OPC_DPP) {
    in->dpp = 1;
    in->dpp_ctrl = (uint16_t)((w1 >> 8) & 0x1ff);
    in->dpp_fi = gfx10 ? (uint8_t)((w1 >> 18) & 1) : 0;
    in->dpp_bc = (uint8_t)((w1 >> 19) & 1);
    in->neg = (uint8_t)(((w1 >> 20) & 1) | ((w1 >> 22) & 1) << 1);
    in->abs = (uint8_t)(((w1 >> 21) & 1) | ((w1 >> 23) & 1) << 1);
    in->dpp_bank_mask = (uint8_t)((w1 >> 24) & 15);
    in->dpp_row_mask = (uint8_t)((w1 >> 28) & 15);
    if (!ctrl_legal(in->dpp_ctrl, gfx10, dev->tgt->dpp_row_newbcast)) {
      emu_err(dev, "pc 0x%llx: %s: DPP_CTRL 0x%x is not a control of %s (Vega/RDNA ISA guides, DPP16)",
              (unsigned long long)pc, mn, in->dpp_ctrl, gfx10 ? "GFX10+" : "GFX9");
      return -1;
    }
    return 0;
  }
  if (!gfx10) {
    emu_err(dev, "pc 0x%llx: %s: DPP8 does not exist on GFX9", (unsigned long long)pc, mn);
    return -1;
  }
  in->dpp = 2;
  in->dpp_fi = code == 234;
  in->dpp8_sel = w1 >> 8;
  return 0;
}

/* The source lane of lane l under DPP16 control c in a wave of n lanes;
 * -1 when the control points outside the row or the wave. */
static int src_lane(unsigned c, unsigned l, unsigned n) {
  unsigned row = l & ~15u, i = l & 15u, k = c & 15u;
  if (c <= 0xff) return (int)((l & ~3u) + ((c >> (2 * (l & 3u))) & 3u));
  if (c < 0x110) return i + k < 16 ? (int)(l + k) : -1;       /* row_shl: reads lane + k */
  if (c < 0x120) return i >= k ? (int)(l - k) : -1;           /* row_shr: reads lane - k */
  if (c < 0x130) return (int)(row + ((i - k) & 15u));         /* row_ror: rotate right within the row */
  switch (c) {
  case 0x130: return l + 1 < n ? (int)(l + 1) : -1;          /* wave_shl:1 */
  case 0x134: return (int)((l + 1) % n);                      /* wave_rol:1 */
  case 0x138: return l ? (int)(l - 1) : -1;                   /* wave_shr:1 */
  case 0x13c: return (int)((l + n - 1) % n);                  /* wave_ror:1 */
  case 0x140: return (int)(row + 15 - i);                     /* row_mirror */
  case 0x141: return (int)((l & ~7u) + 7 - (l & 7u));         /* row_half_mirror */
  case 0x142: return row ? (int)(row - 1) : -1;               /* row_bcast:15: the previous row's last lane */
  case 0x143: return l >= 32 ? 31 : -1;                       /* row_bcast:31: lane 31 to rows 2 and 3 */
  default: break;
  }
  if (c >= 0x150 && c < 0x160) return (int)(row + k);         /* row_share (GFX10+), row_newbcast (CDNA 2/3) */
  return (int)(row + (i ^ k));                                /* row_xmask */
}

/* A fault unless `need` wait states passed since time t (0: never). */
static int waited(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t t, unsigned need, const char *what) {
  if (!need || !t) return 0;
  uint64_t between = w->ws - t - 1;
  if (between < need)
    return emu_fault(d, w, in, "hazard: %s needs %u wait states, only %llu present (insert s_nop)", what, need,
                     (unsigned long long)between);
  return 0;
}

int emu_dpp_read(emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_lanes exec, unsigned ndw, uint64_t *vals,
                 emu_lanes *write) {
  unsigned r = in->src[0] - OPC_VGPR0, n = w->nlanes;
  const uint8_t *hw = d->dev->tgt->hazard_waits;
  if (w->gpr_idx_on) return emu_fault(d, w, in, "DPP under s_set_gpr_idx_on is not modelled");
  if (waited(d, w, in, w->valu_vgpr_write[r], hw[WAVECC_HZ_VALU_VGPR_DPP], "VALU write of a VGPR read by DPP") ||
      waited(d, w, in, w->valu_exec_write, hw[WAVECC_HZ_VALU_EXEC_DPP], "VALU write of EXEC followed by DPP"))
    return -1;
  if (ndw != 2) ndw = 1;
  if (emu_vrange(d, w, in, r, ndw, "reads")) return -1;
  emu_lanes wr = 0, rd = 0;
  int srcl[EMU_MAX_LANES];
  for (unsigned l = 0; l < n; l++) {
    srcl[l] = -1;
    if (!((exec >> l) & 1)) continue;
    int s;
    if (in->dpp == 2) s = (int)((l & ~7u) + ((in->dpp8_sel >> (3 * (l & 7u))) & 7u));
    else {
      if (!((in->dpp_row_mask >> (l / 16)) & 1) || !((in->dpp_bank_mask >> ((l / 4) & 3)) & 1)) continue;
      s = src_lane(in->dpp_ctrl, l, n);
    }
    bool valid = s >= 0 && (unsigned)s < n && (in->dpp_fi || ((exec >> s) & 1));
    if (valid) { srcl[l] = s; rd |= 1ull << s; }
    else if (in->dpp == 1 && !in->dpp_bc) continue; /* not written: keeps its old value */
    wr |= 1ull << l;
  }
  if (rd && emu_vcheck(d, w, in, r, ndw, rd)) return -1;
  /* a 64-bit source (gfx940's v_mov_b64_dpp row_newbcast, which llc-19
   * selects for a double or i64 update.dpp) moves both dwords of the
   * source lane's pair */
  for (unsigned l = 0; l < n; l++)
    vals[l] = srcl[l] < 0 ? 0 : ndw == 2 ? w->v[r][srcl[l]] | (uint64_t)w->v[r + 1][srcl[l]] << 32 : w->v[r][srcl[l]];
  *write = wr;
  return 0;
}

void emu_dpp_note_writes(const emu_dispatch *d, emu_wave *w, const emu_inst *in, emu_lanes exec_before) {
  if (!isa_fmt_valu(in->fmt)) return;
  const emu_opshape *sh = &d->dev->shape[in->op];
  if (sh->ndefs && sh->defk[0] == 'v' && isa_table[in->op].format != ISA_FMT_VOPC)
    for (unsigned k = 0; k < (sh->defw[0] ? sh->defw[0] : 1u) && in->dst + k < EMU_NUM_VGPR; k++)
      w->valu_vgpr_write[in->dst + k] = w->ws;
  if (in->op == ISA_V_SWAP_B32 && in->src[0] >= OPC_VGPR0) w->valu_vgpr_write[in->src[0] - OPC_VGPR0] = w->ws;
  bool exec_dst = (sh->ndefs && sh->defk[0] == 's' && (in->dst == OPC_EXEC_LO || in->dst == OPC_EXEC_HI)) ||
                  ((in->vop3 || in->sdwa) && (in->sdst == OPC_EXEC_LO || in->sdst == OPC_EXEC_HI));
  if (exec_dst || (isa_sem_of(in->op)->flags & ISA_S_CMPX) || w->exec != exec_before) w->valu_exec_write = w->ws;
}
