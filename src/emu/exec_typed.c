/* Typed (format) buffer access: buffer_load_format_* / buffer_store_format_*
 * and their d16 forms, the data and number format taken from the V#
 * (tbuffer_*, MTBUF: from the instruction's DFMT and NFMT fields, the V#'s
 * DST_SEL still applies)
 * (GFX9 layout, Vega ISA guide 8.1.5 "Buffer Resource": DST_SEL_X..W
 * [11:0], NUM_FORMAT [14:12], DATA_FORMAT [18:15]; the formats in the
 * tables of 8.1.6 "Buffer data formats" / "number formats").
 *
 * What is modelled, and what is refused (a fault naming the format, never
 * a guess):
 *  - DATA_FORMAT 8, 16, 8_8, 32, 16_16, 8_8_8_8, 32_32, 16_16_16_16,
 *    32_32_32, 32_32_32_32 (components of 8, 16 or 32 bits, x first at
 *    the lowest address). The packed formats (10_11_11, 11_11_10,
 *    10_10_10_2, 2_10_10_10) and INVALID are refused.
 *  - Loads convert each component to 32 bits by NUM_FORMAT: UNORM c/(2^n-1),
 *    SNORM max(c/(2^(n-1)-1), -1), USCALED/SSCALED (float)c, UINT/SINT
 *    zero/sign extension, FLOAT f16 -> f32 (16-bit) or the bits (32-bit);
 *    all float results correctly rounded (the D3D10+ rule for UNORM/SNORM
 *    to float). Components the format lacks read (0, 0, 0, 1): 1.0 for the
 *    float-valued number formats, 1 for UINT/SINT. The d16 forms return
 *    16 bits per component, packed two per dword: only where that is
 *    exact (FLOAT 16, UINT/SINT/USCALED/SSCALED 8 and UINT/SINT 16).
 *  - Stores write the components the format has from as many data
 *    components (fewer or more: refused) where the conversion is a bit
 *    copy: 32-bit components FLOAT/UINT/SINT from 32-bit data, 16-bit ones
 *    FLOAT/UINT/SINT from d16 data. Hardware conversions with rounding or
 *    clamping (UNORM stores, narrowing integers) are not modelled: refused.
 *  - DST_SEL must be the identity (X, Y, Z, W): swizzles are refused.
 *  - Range: as the untyped access with the element's bytes; an
 *    out-of-range store is dropped, an out-of-range load is refused
 *    (which value the hardware returns for the missing W is not stated).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"

enum { NF_UNORM, NF_SNORM, NF_USCALED, NF_SSCALED, NF_UINT, NF_SINT, NF_RESERVED6, NF_FLOAT };

static const char *const nfmt_names[8] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "(reserved 6)", "FLOAT"};

/* DATA_FORMAT -> components and bits per component (0: not modelled). */
static void dfmt_shape(unsigned dfmt, unsigned *comps, unsigned *bits) {
  static const unsigned char tab[16][2] = {
      [1] = {1, 8},  [2] = {1, 16},  [3] = {2, 8},  [4] = {1, 32},  [5] = {2, 16},
      [10] = {4, 8}, [11] = {2, 32}, [12] = {4, 16}, [13] = {3, 32}, [14] = {4, 32},
  };
  *comps = tab[dfmt & 15][0];
  *bits = tab[dfmt & 15][1];
}

/* Components of a typed instruction: x, xy, xyz, xyzw from its mnemonic's
 * last part (the ISA table's name). */
static unsigned inst_comps(isa_op op) {
  const char *mn = isa_table[op].mnemonic, *s = strrchr(mn, '_');
  return s ? (unsigned)strlen(s + 1) : 1;
}

static uint32_t sext(uint32_t v, unsigned bits) {
  return bits >= 32 ? v : (uint32_t)((int32_t)(v << (32 - bits)) >> (32 - bits));
}

/* One loaded component c of `bits` bits -> 32-bit register value, or -1
 * (with *why) when not modelled. */
static int64_t load_conv(uint32_t c, unsigned bits, unsigned nfmt, const char **why) {
  double scale = bits == 32 ? 0 : (double)((1ull << bits) - 1), sscale = bits == 32 ? 0 : (double)((1ull << (bits - 1)) - 1);
  switch (nfmt) {
  case NF_UNORM:
    if (bits == 32) break;
    return emu_u32((float)(c / scale));
  case NF_SNORM: {
    if (bits == 32) break;
    double v = (int32_t)sext(c, bits) / sscale;
    return emu_u32((float)(v < -1.0 ? -1.0 : v));
  }
  case NF_USCALED: return emu_u32((float)c);
  case NF_SSCALED: return emu_u32((float)(int32_t)sext(c, bits));
  case NF_UINT: return c;
  case NF_SINT: return sext(c, bits);
  case NF_FLOAT:
    if (bits == 16) return emu_u32(emu_h2f((uint16_t)c));
    if (bits == 32) return c;
    break;
  default: break;
  }
  *why = "number format for this component size";
  return -1;
}

/* d16: one component -> 16 bits, only where exact. */
static int64_t load_conv16(uint32_t c, unsigned bits, unsigned nfmt, const char **why) {
  if (nfmt == NF_FLOAT && bits == 16) return c & 0xffff;
  if ((nfmt == NF_UINT || nfmt == NF_SINT) && bits <= 16) return (nfmt == NF_SINT ? sext(c, bits) : c) & 0xffff;
  if ((nfmt == NF_USCALED || nfmt == NF_SSCALED) && bits == 8)
    return emu_f2h(nfmt == NF_SSCALED ? (double)(int32_t)sext(c, 8) : (double)c, 0); /* |c| <= 255: exact in f16 */
  *why = "d16 conversion (rounds to f16 or narrows)";
  return -1;
}

typedef struct typed_fmt {
  unsigned dfmt, nfmt, comps, bits, ncomp_inst, d16;
} typed_fmt;

/* The format of a typed MUBUF access through V# `vs` (word 3 fields), or a
 * fault. */
static int typed_format(emu_dispatch *d, emu_wave *w, const emu_inst *in, const uint32_t *vs, typed_fmt *f) {
  if (!d->tgt->typed_buffer_gfx9)
    return emu_fault(d, w, in, "typed (format) buffer access is modelled for the GFX9 V# layout only, not on %s", d->tgt->name);
  /* MTBUF (tbuffer_*): the format is the instruction's (DFMT, NFMT) */
  f->dfmt = in->fmt == ISA_FMT_MTBUF ? in->tfmt & 15u : (vs[3] >> 15) & 15;
  f->nfmt = in->fmt == ISA_FMT_MTBUF ? (in->tfmt >> 4) & 7u : (vs[3] >> 12) & 7;
  f->d16 = (isa_sem_of(in->op)->flags & ISA_S_D16) != 0;
  f->ncomp_inst = inst_comps(in->op);
  dfmt_shape(f->dfmt, &f->comps, &f->bits);
  if ((vs[3] & 0xfff) != (4u | 5u << 3 | 6u << 6 | 7u << 9))
    return emu_fault(d, w, in, "typed buffer access with V# DST_SEL 0x%03x: only the identity swizzle (X, Y, Z, W: 0xfac) is modelled",
                     vs[3] & 0xfff);
  if (!f->comps) return emu_fault(d, w, in, "typed buffer access: DATA_FORMAT %u is not modelled (invalid or packed format)", f->dfmt);
  if (f->nfmt == NF_RESERVED6) return emu_fault(d, w, in, "typed buffer access: NUM_FORMAT 6 is reserved");
  return 0;
}

static int typed_store_lane(emu_dispatch *d, emu_wave *w, const emu_inst *in, const typed_fmt *f, unsigned l, uint8_t *buf) {
  int exact = f->d16 ? (f->bits == 16 && (f->nfmt == NF_FLOAT || f->nfmt == NF_UINT || f->nfmt == NF_SINT))
                     : (f->bits == 32 && (f->nfmt == NF_FLOAT || f->nfmt == NF_UINT || f->nfmt == NF_SINT));
  if (!exact || f->ncomp_inst != f->comps)
    return emu_fault(d, w, in, "typed buffer store of %u %s component(s) into %u x %u-bit %s: conversion not modelled", f->ncomp_inst,
                     f->d16 ? "16-bit" : "32-bit", f->comps, f->bits, nfmt_names[f->nfmt]);
  for (unsigned c = 0; c < f->comps; c++) {
    uint32_t v = f->d16 ? w->v[in->vdata + c / 2][l] >> (16 * (c % 2)) : w->v[in->vdata + c][l];
    memcpy(buf + c * f->bits / 8, &v, f->bits / 8);
  }
  return 0;
}

static int typed_load_lane(emu_dispatch *d, emu_wave *w, const emu_inst *in, const typed_fmt *f, const uint8_t *buf,
                           uint32_t *out) {
  int fl = f->nfmt != NF_UINT && f->nfmt != NF_SINT;
  for (unsigned c = 0; c < f->ncomp_inst; c++) {
    const char *why = NULL;
    int64_t v;
    if (c < f->comps) {
      uint32_t raw = 0;
      memcpy(&raw, buf + c * f->bits / 8, f->bits / 8);
      v = f->d16 ? load_conv16(raw, f->bits, f->nfmt, &why) : load_conv(raw, f->bits, f->nfmt, &why);
    } else {
      v = c < 3 ? 0 : f->d16 ? (fl ? 0x3c00 : 1) : (fl ? 0x3f800000 : 1);
    }
    if (v < 0)
      return emu_fault(d, w, in, "typed buffer load of %u-bit %s components: %s not modelled", f->bits, nfmt_names[f->nfmt], why);
    if (f->d16) out[c / 2] |= (uint32_t)v << (16 * (c % 2));
    else out[c] = (uint32_t)v;
  }
  return 0;
}

int emu_typed_buffer_bytes(emu_dispatch *d, emu_wave *w, const emu_inst *in, const uint32_t *vs, unsigned *bytes) {
  typed_fmt f = {0};
  if (typed_format(d, w, in, vs, &f)) return -1;
  *bytes = f.comps * f.bits / 8;
  return 0;
}

int emu_typed_buffer_lanes(emu_dispatch *d, emu_wave *w, const emu_inst *in, const uint32_t *vs, const uint64_t *addr,
                           const uint8_t *oob) {
  typed_fmt f = {0};
  if (typed_format(d, w, in, vs, &f)) return -1;
  unsigned bytes = f.comps * f.bits / 8, ndw = f.d16 ? (f.ncomp_inst + 1) / 2 : f.ncomp_inst;
  int is_store = (isa_table[in->op].flags & ISA_F_STORE) != 0;
  emu_lanes exec = w->exec;
  if (is_store) {
    if (emu_vcheck(d, w, in, in->vdata, ndw, exec)) return -1;
  }
  emu_pending p = {0};
  if (!is_store) {
    p.kind = 0; p.vgpr = 1; p.reg = (uint16_t)in->vdata; p.ndw = (uint16_t)ndw; p.lanes = exec;
    p.vals = calloc((size_t)ndw * EMU_MAX_LANES, 4);
    if (!p.vals) return emu_fault(d, w, in, "out of memory");
    if (f.d16 && f.ncomp_inst % 2) {
      /* the last dword's high half is not written (GFX9 d16 keeps it) */
      p.maskw = calloc((size_t)ndw * EMU_MAX_LANES, 4);
      if (!p.maskw) { free(p.vals); return emu_fault(d, w, in, "out of memory"); }
      for (unsigned k = 0; k < ndw; k++)
        for (unsigned l = 0; l < w->nlanes; l++) p.maskw[k * EMU_MAX_LANES + l] = k + 1 < ndw ? 0xffffffffu : 0xffffu;
    }
  }
  for (unsigned l = 0; l < w->nlanes; l++) {
    if (!((exec >> l) & 1)) continue;
    uint8_t buf[16] = {0};
    if (d->chk && !oob[l] && emu_check_access(d, w, in, 0, addr[l], bytes, l, is_store ? 2 : 1, 0)) goto fail;
    if (is_store) {
      if (typed_store_lane(d, w, in, &f, l, buf)) goto fail;
      if (oob[l]) continue; /* dropped */
      if (emu_gwrite(d, w, in, addr[l], buf, bytes, l)) goto fail;
      continue;
    }
    if (oob[l]) {
      emu_fault(d, w, in, "typed buffer load out of range (lane %u): the value returned is not modelled", l);
      goto fail;
    }
    if (emu_gread(d, w, in, addr[l], buf, bytes, l)) goto fail;
    uint32_t out[4] = {0};
    if (typed_load_lane(d, w, in, &f, buf, out)) goto fail;
    for (unsigned k = 0; k < ndw; k++) p.vals[k * EMU_MAX_LANES + l] = out[k];
  }
  if (!is_store) return emu_pending_add(d, w, in, &p);
  p.kind = d->dev->tgt->counters[WAVECC_CNT_VS].bits ? EMU_PEND_VS : EMU_PEND_VM;
  return emu_pending_add(d, w, in, &p);
fail:
  free(p.vals); free(p.maskw);
  return -1;
}
