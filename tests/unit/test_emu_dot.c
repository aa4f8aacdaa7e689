/* Unit test: one lane of the emulator's dot products (src/emu/exec_dot.c,
 * emu_dot_lane) against hand-computed values: wrapping and CLAMP
 * saturation of the signed and unsigned integer forms, GFX11's iu8/iu4
 * signedness from the NEG bits, op_sel/op_sel_hi choosing the halves of
 * a dot2, the f16 dot2 with its f32 accumulator and NEG, and the
 * accumulating VOP2 v_dot4c/dot8c; and the atomics added with them
 * (emu_atomic_apply: csub, f32 min/max, packed f16 add). Sources: the CDNA 2 / RDNA 2 / RDNA 3
 * ISA guides' VOP3P and VOP2 opcode descriptions (D = S2 + sum of the
 * element products). The corpus test tests/kernels/f_dot_int.ll runs the
 * instructions from llc-19's code. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "emu/valu_lane.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static uint32_t dot(isa_op op, uint32_t a, uint32_t b, uint32_t c, unsigned opsel, unsigned opsel_hi, unsigned neg, bool clamp) {
  emu_dot_mods mo = {opsel, opsel_hi, neg, 0, clamp};
  fpenv e = {3, 3, 1, 1}; /* denormals kept */
  uint32_t d = 0xdeadbeef;
  CHECK(emu_dot_lane(op, &mo, &e, a, b, c, &d) == 0);
  return d;
}

static uint32_t f32(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

int main(void) {
  /* i8: four products of -128 * -128 = 65536, + INT32_MAX wraps or saturates */
  CHECK(dot(ISA_V_DOT4_I32_I8, 0x80808080u, 0x80808080u, 0x7fffffffu, 0, 7, 0, false) == 0x8000ffffu);
  CHECK(dot(ISA_V_DOT4_I32_I8, 0x80808080u, 0x80808080u, 0x7fffffffu, 0, 7, 0, true) == 0x7fffffffu);
  CHECK(dot(ISA_V_DOT4_I32_I8, 0x7f7f7f7fu, 0x80808080u, 0x80000000u, 0, 7, 0, true) == 0x80000000u);
  CHECK(dot(ISA_V_DOT4C_I32_I8, 0xffffffffu, 0x01010101u, 10, 0, 7, 0, false) == 6);
  /* u8: 4 * 255 * 255 = 260100, + 0xffffffff wraps to 260099 or saturates */
  CHECK(dot(ISA_V_DOT4_U32_U8, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 7, 0, false) == 260099u);
  CHECK(dot(ISA_V_DOT4_U32_U8, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 7, 0, true) == 0xffffffffu);
  /* iu8: NEG[0] makes S0 signed, NEG[1] S1: 0xff * 2 is 510 or -2 */
  CHECK(dot(ISA_V_DOT4_I32_IU8, 0xff, 0x02, 0, 0, 7, 0, false) == 510);
  CHECK(dot(ISA_V_DOT4_I32_IU8, 0xff, 0x02, 0, 0, 7, 1, false) == (uint32_t)-2);
  CHECK(dot(ISA_V_DOT4_I32_IU8, 0x02, 0xff, 0, 0, 7, 1, false) == 510);
  CHECK(dot(ISA_V_DOT4_I32_IU8, 0x02, 0xff, 0, 0, 7, 2, false) == (uint32_t)-2);
  /* i4 / u4: eight nibbles of 0xf times 1 */
  CHECK(dot(ISA_V_DOT8_I32_I4, 0xffffffffu, 0x11111111u, 0, 0, 7, 0, false) == (uint32_t)-8);
  CHECK(dot(ISA_V_DOT8C_I32_I4, 0xffffffffu, 0x11111111u, 8, 0, 7, 0, false) == 0);
  CHECK(dot(ISA_V_DOT8_U32_U4, 0xffffffffu, 0x11111111u, 0, 0, 7, 0, false) == 120);
  CHECK(dot(ISA_V_DOT8_I32_IU4, 0xf, 0x1, 0, 0, 7, 3, false) == (uint32_t)-1);
  CHECK(dot(ISA_V_DOT8_I32_IU4, 0xf, 0x1, 0, 0, 7, 0, false) == 15);
  /* dot2 i16/u16 and op_sel: (2, 3) . (4, 5) = 23; op_sel[0] takes S0's
   * high half for element 0: (3, 3) . (4, 5) = 27; op_sel_hi[1] = 0 takes
   * S1's low half for element 1: (2, 3) . (4, 4) = 20 */
  CHECK(dot(ISA_V_DOT2_U32_U16, 0x00030002u, 0x00050004u, 0, 0, 7, 0, false) == 23);
  CHECK(dot(ISA_V_DOT2_U32_U16, 0x00030002u, 0x00050004u, 0, 1, 7, 0, false) == 27);
  CHECK(dot(ISA_V_DOT2_U32_U16, 0x00030002u, 0x00050004u, 0, 0, 5, 0, false) == 20);
  CHECK(dot(ISA_V_DOT2_I32_I16, 0xffff8000u, 0x80008000u, 0, 0, 7, 0, false) == 0x40008000u);
  CHECK(dot(ISA_V_DOT2_I32_I16, 0x80008000u, 0x80008000u, 0x7fffffffu, 0, 7, 0, true) == 0x7fffffffu);
  CHECK(dot(ISA_V_DOT2_U32_U16, 0xffffffffu, 0xffffffffu, 0, 0, 7, 0, true) == 0xffffffffu);
  /* f16: (1.0, 2.0) . (3.0, 0.5) + 0.25 = 4.25; NEG[0] negates S0's
   * element 0 (-3 + 1 + 0.25), NEG[2] the accumulator */
  CHECK(dot(ISA_V_DOT2_F32_F16, 0x40003c00u, 0x38004200u, f32(0.25f), 0, 7, 0, false) == f32(4.25f));
  CHECK(dot(ISA_V_DOT2_F32_F16, 0x40003c00u, 0x38004200u, f32(0.25f), 0, 7, 1, false) == f32(-1.75f));
  CHECK(dot(ISA_V_DOT2_F32_F16, 0x40003c00u, 0x38004200u, f32(0.25f), 0, 7, 4, false) == f32(3.75f));
  /* the atomics added with them (exec_mem.c emu_atomic_apply): csub
   * clamps at 0 (RDNA 2 ISA guide), f32 min/max, packed f16 add */
  CHECK(emu_atomic_apply(ISA_AT_CSUB, 10, 3, 0, 0) == 7);
  CHECK(emu_atomic_apply(ISA_AT_CSUB, 3, 10, 0, 0) == 0);
  CHECK(emu_atomic_apply(ISA_AT_CSUB, 0xffffffffu, 0xffffffffu, 0, 0) == 0);
  CHECK(emu_atomic_apply(ISA_AT_FMIN, f32(1.5f), f32(-2.0f), 0, 0) == f32(-2.0f));
  CHECK(emu_atomic_apply(ISA_AT_FMAX, f32(1.5f), f32(-2.0f), 0, 0) == f32(1.5f));
  CHECK(emu_atomic_apply(ISA_AT_PK_FADD_F16, 0x3c003c00u, 0x40003800u, 0, 0) == 0x42003e00u); /* (1 + 0.5, 1 + 2) */
  /* not a dot product */
  emu_dot_mods mo = {0, 7, 0, 0, false};
  fpenv e = {3, 3, 1, 1};
  uint32_t d;
  CHECK(emu_dot_lane(ISA_V_ADD_U32, &mo, &e, 1, 2, 3, &d) == -1);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
