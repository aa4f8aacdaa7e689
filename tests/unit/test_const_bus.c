/* Unit test: the constant bus of each target (target.h const_bus_limit,
 * vop3_literal; ISA_F_BUS1), as the compiler checks it on machine IR
 * (mir_valu_bus_ok, src/mir/const_bus.c) and as the emulator enforces it
 * on decoded code (emu_decode, src/emu/decode.c): gfx900 reads one SGPR or
 * literal per VALU instruction, gfx1030/gfx1100 two, the 64-bit shifts one
 * everywhere; M0 as a lane select and NULL are no reads; an implicit VCC
 * (VOP2 e32 mask, carry-in) is one. Encodings are llvm-mc-19 -show-encoding
 * output; the ones llvm-mc-19 rejects ("violates constant bus
 * restrictions") are those with one source field changed, noted beside
 * them. Fails on main, where neither the emulator nor the verifier
 * checks the bus (and gfx1030 had gfx900's limit). */
#include <stdio.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "mir/mir.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

/* Decodes `n` bytes (one instruction) for `cpu`: 0 if the emulator takes
 * it, -1 with its error in `why` if not. */
static int dec(const char *cpu, const uint8_t *bytes, unsigned n, char *why, size_t why_n) {
  wemu_options o;
  memset(&o, 0, sizeof o);
  o.mcpu = cpu;
  wemu_device *dev = wemu_create(&o);
  if (!dev) { fprintf(stderr, "no device for %s\n", cpu); failures++; return -2; }
  uint8_t img[32] = {0};
  memcpy(img, bytes, n);
  wemu_program prog = {.dev = dev, .image = img, .image_size = sizeof img, .text_lo = 0, .text_hi = n};
  emu_inst in;
  int rc = emu_decode(dev, &prog, 0, &in);
  snprintf(why, why_n, "%s", rc ? wemu_error(dev) : "");
  wemu_destroy(dev);
  return rc;
}

#define OK(cpu, ...) do { static const uint8_t b_[] = {__VA_ARGS__}; char w_[256]; \
    if (dec(cpu, b_, sizeof b_, w_, sizeof w_)) { fprintf(stderr, "%s:%d: %s refused: %s\n", __FILE__, __LINE__, cpu, w_); failures++; } } while (0)
#define BUS(cpu, ...) do { static const uint8_t b_[] = {__VA_ARGS__}; char w_[256]; \
    if (dec(cpu, b_, sizeof b_, w_, sizeof w_) != -1 || !strstr(w_, "constant bus")) { \
      fprintf(stderr, "%s:%d: %s took a constant-bus violation (%s)\n", __FILE__, __LINE__, cpu, w_); failures++; } } while (0)

static void emulator(void) {
  /* gfx900 */
  OK("gfx900", 0x00, 0x00, 0xcb, 0xd1, 0x00, 0x02, 0x0a, 0x04);  /* v_fma_f32 v0, s0, v1, v2 */
  OK("gfx900", 0x00, 0x00, 0xcb, 0xd1, 0x00, 0x00, 0x08, 0x04);  /* v_fma_f32 v0, s0, s0, v2: one SGPR twice */
  BUS("gfx900", 0x00, 0x00, 0xcb, 0xd1, 0x00, 0x02, 0x08, 0x04); /* v_fma_f32 v0, s0, s1, v2 */
  OK("gfx900", 0x01, 0x00, 0x8a, 0xd2, 0x02, 0xf8, 0x00, 0x00);  /* v_writelane_b32 v1, s2, m0 */
  BUS("gfx900", 0x01, 0x00, 0x8a, 0xd2, 0x02, 0x06, 0x00, 0x00); /* v_writelane_b32 v1, s2, s3 */
  OK("gfx900", 0x00, 0x02, 0x00, 0x32);                          /* v_add_co_u32_e32 v0, vcc, s0, v1 */
  OK("gfx900", 0x02, 0x03, 0x00, 0x00);                          /* v_cndmask_b32_e32 v0, v2, v1, vcc */
  BUS("gfx900", 0x00, 0x02, 0x00, 0x00);                         /* v_cndmask_b32_e32 v0, s0, v1, vcc */
  /* gfx1030 */
  OK("gfx1030", 0x00, 0x00, 0x4b, 0xd5, 0x00, 0x02, 0x04, 0x04);  /* v_fma_f32 v0, s0, s1, v1 */
  BUS("gfx1030", 0x00, 0x00, 0x4b, 0xd5, 0x00, 0x02, 0x08, 0x00); /* v_fma_f32 v0, s0, s1, s2 */
  OK("gfx1030", 0x00, 0x00, 0x4b, 0xd5, 0x00, 0x02, 0xf4, 0x01);  /* v_fma_f32 v0, s0, s1, null */
  OK("gfx1030", 0x00, 0x00, 0x4b, 0xd5, 0x00, 0xfe, 0x05, 0x04, 0x34, 0x12, 0x00, 0x00);  /* v_fma_f32 v0, s0, 0x1234, v1 */
  BUS("gfx1030", 0x00, 0x00, 0x4b, 0xd5, 0x00, 0xfe, 0x05, 0x00, 0x34, 0x12, 0x00, 0x00); /* ... s0, 0x1234, s1 */
  OK("gfx1030", 0x00, 0x00, 0xff, 0xd6, 0x00, 0x04, 0x02, 0x00);  /* v_lshlrev_b64 v[0:1], s0, v[2:3] */
  BUS("gfx1030", 0x00, 0x00, 0xff, 0xd6, 0x00, 0x04, 0x00, 0x00); /* v_lshlrev_b64 v[0:1], s0, s[2:3] */
  OK("gfx1030", 0x00, 0x02, 0x00, 0x02);                          /* v_cndmask_b32_e32 v0, s0, v1, vcc_lo */
  OK("gfx1030", 0x01, 0x00, 0x61, 0xd7, 0x02, 0x06, 0x00, 0x00);  /* v_writelane_b32 v1, s2, s3 */
  /* gfx1100: M0 is 125 and NULL 124 */
  OK("gfx1100", 0x00, 0x00, 0x13, 0xd6, 0x00, 0x02, 0x04, 0x04);  /* v_fma_f32 v0, s0, s1, v1 */
  OK("gfx1100", 0x00, 0x00, 0x13, 0xd6, 0x00, 0x02, 0xf0, 0x01);  /* v_fma_f32 v0, s0, s1, null */
  BUS("gfx1100", 0x00, 0x00, 0x13, 0xd6, 0x00, 0x02, 0xf4, 0x01); /* v_fma_f32 v0, s0, s1, m0 */
}

/* The compiler's view: operands of machine IR. */
static void compiler(void) {
  mir_operand s0 = mir_op_temp((mir_temp){.id = 1, .rc = mir_rc_s(1)});
  mir_operand s1 = mir_op_temp((mir_temp){.id = 2, .rc = mir_rc_s(1)});
  mir_operand s2 = mir_op_temp((mir_temp){.id = 3, .rc = mir_rc_s(1)});
  mir_operand v0 = mir_op_temp((mir_temp){.id = 4, .rc = mir_rc_v(1)});
  mir_operand lit = mir_op_const(0x1234), lit2 = mir_op_const(0x1235), one = mir_op_const(1);
  const wavecc_target *g9 = &wavecc_target_gfx900, *g10 = &wavecc_target_gfx1030, *g11 = &wavecc_target_gfx1100_w64;
  mir_operand a[3] = {s0, s1, v0};
  CHECK(!mir_valu_bus_ok(g9, ISA_V_FMA_F32, true, a, 3));
  CHECK(mir_valu_bus_ok(g10, ISA_V_FMA_F32, true, a, 3));
  CHECK(mir_valu_bus_ok(g11, ISA_V_FMA_F32, true, a, 3));
  mir_operand b[3] = {s0, s1, s2};
  CHECK(!mir_valu_bus_ok(g10, ISA_V_FMA_F32, true, b, 3));
  mir_operand c[3] = {s0, s0, v0}; /* the same temporary twice: one read */
  CHECK(mir_valu_bus_ok(g9, ISA_V_FMA_F32, true, c, 3));
  mir_operand d[3] = {lit, s0, v0}; /* a VOP3 literal: GFX10+ only */
  CHECK(!mir_valu_bus_ok(g9, ISA_V_FMA_F32, true, d, 3));
  CHECK(mir_valu_bus_ok(g10, ISA_V_FMA_F32, true, d, 3));
  mir_operand e[3] = {lit, lit2, v0}; /* two different literals: never */
  CHECK(!mir_valu_bus_ok(g10, ISA_V_FMA_F32, true, e, 3));
  mir_operand f[3] = {lit, lit, v0}; /* one literal twice */
  CHECK(mir_valu_bus_ok(g10, ISA_V_FMA_F32, true, f, 3));
  mir_operand g[2] = {lit, v0}; /* VOP2 src0 literal: every target */
  CHECK(mir_valu_bus_ok(g9, ISA_V_ADD_F32, false, g, 2));
  mir_operand h[2] = {s0, s1}; /* the 64-bit shifts keep one read (ISA_F_BUS1) */
  h[1].temp.rc = mir_rc_s(2);
  CHECK(!mir_valu_bus_ok(g10, ISA_V_LSHLREV_B64, true, h, 2));
  mir_operand k[2] = {one, s1};
  k[1].temp.rc = mir_rc_s(2);
  CHECK(mir_valu_bus_ok(g9, ISA_V_LSHLREV_B64, true, k, 2));
  mir_bus_use u = mir_const_bus_use(d, 3);
  CHECK(u.reads == 2 && u.literals == 1);
}

int main(void) {
  emulator();
  compiler();
  if (failures) {
    fprintf(stderr, "%d failure(s)\n", failures);
    return 1;
  }
  printf("ok\n");
  return 0;
}
