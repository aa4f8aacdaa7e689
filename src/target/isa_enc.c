/* Per-family encodings of the instruction table (see isa.h, "encodings").
 * Each family is one const array indexed by isa_op, built at compile time
 * from the .def files: no table is filled at run time. */
#include "target/isa.h"
#include "target/target.h"

#include <stddef.h>

#define ISA_GFX9_ENTRY(E, MN, FMT, OPC, SIG, FL) \
  [ISA_##E] = {(OPC) != ISA_OPC_NONE, ISA_FMT_##FMT, (uint16_t)(OPC), NULL},
#define ENC(E, FMT, OPC, MN) [ISA_##E] = {true, ISA_FMT_##FMT, OPC, MN},
#define NOENC(E) [ISA_##E] = {false, 0, 0, NULL},

static const isa_enc enc_gfx9[ISA_NUM_OPS] = {
#define ISA ISA_GFX9_ENTRY
#include "target/isa.def"
#undef ISA
};

/* The CDNA families are GFX9 with changes: their tables repeat GFX9's
 * entries and then override some. A later designated initializer for the
 * same element replaces the earlier one (C17 6.7.9p19); GCC's
 * -Woverride-init warns about exactly that, which is the point here. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
static const isa_enc enc_gfx90a[ISA_NUM_OPS] = {
#define ISA ISA_GFX9_ENTRY
#include "target/isa.def"
#undef ISA
#include "target/isa_gfx90a.def"
};

static const isa_enc enc_gfx940[ISA_NUM_OPS] = {
#define ISA ISA_GFX9_ENTRY
#include "target/isa.def"
#undef ISA
#include "target/isa_gfx90a.def"
#include "target/isa_gfx940.def"
};

/* The RDNA maps list every instruction they have; the leading absent
 * element keeps an initializer non-empty while a map is being filled. */
static const isa_enc enc_gfx10[ISA_NUM_OPS] = {
  [0] = {false, 0, 0, NULL},
#include "target/isa_gfx10.def"
};

static const isa_enc enc_gfx11[ISA_NUM_OPS] = {
  [0] = {false, 0, 0, NULL},
#include "target/isa_gfx11.def"
};
#pragma GCC diagnostic pop

static const isa_enc *const families[WAVECC_NUM_ENCODINGS] = {
  [WAVECC_ENC_GFX9] = enc_gfx9,   [WAVECC_ENC_GFX90A] = enc_gfx90a, [WAVECC_ENC_GFX940] = enc_gfx940,
  [WAVECC_ENC_GFX10] = enc_gfx10, [WAVECC_ENC_GFX11] = enc_gfx11,
};

const isa_enc *isa_encoding(unsigned e, unsigned op) {
  if (e >= WAVECC_NUM_ENCODINGS || op >= ISA_NUM_OPS || !families[e][op].present) return NULL;
  return &families[e][op];
}

const char *isa_mnemonic(unsigned e, unsigned op) {
  const isa_enc *x = isa_encoding(e, op);
  return x && x->mnemonic ? x->mnemonic : op < ISA_NUM_OPS ? isa_table[op].mnemonic : "?";
}

isa_op isa_lookup_in(unsigned e, isa_format f, unsigned opcode) {
  for (unsigned i = 0; i < ISA_NUM_OPS; i++) {
    const isa_enc *x = isa_encoding(e, i);
    if (x && x->format == f && x->opcode == opcode) return (isa_op)i;
  }
  return ISA_NUM_OPS;
}
