/* Unit test: the emulator's RDNA decoder (src/emu/decode_rdna.c) reads
 * encodings llvm-mc-19 wrote (-mcpu=gfx1030 / -mcpu=gfx1100
 * -show-encoding; the bytes below are its output) into the right
 * instruction and operand fields: one instruction per format and per
 * field layout that moved between GFX9, GFX10 and GFX11 (SMEM, VOP3 with
 * its VOP2 offset, VOPC in VOP3, MUBUF OFFEN, FLAT SADDR "off", SOPK with
 * SGPR_NULL, GFX11's M0/NULL swap and VOPD). Fails on main, where the
 * emulator refuses to decode RDNA code. */
#include <stdio.h>
#include <string.h>

#include "emu/emu_internal.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

/* Decodes `n` bytes for `cpu`; 0 and *in on success. */
static int dec(const char *cpu, const uint8_t *bytes, unsigned n, emu_inst *in) {
  wemu_options o;
  memset(&o, 0, sizeof o);
  o.mcpu = cpu;
  wemu_device *dev = wemu_create(&o);
  if (!dev) { fprintf(stderr, "no device for %s\n", cpu); failures++; return -1; }
  uint8_t img[32] = {0};
  memcpy(img, bytes, n);
  wemu_program prog = {.dev = dev, .image = img, .image_size = sizeof img, .text_lo = 0, .text_hi = n};
  int rc = emu_decode(dev, &prog, 0, in);
  if (rc) fprintf(stderr, "%s: %s\n", cpu, wemu_error(dev));
  wemu_destroy(dev);
  return rc;
}

static void gfx1030(void) {
  emu_inst in;
  static const uint8_t smem[] = {0x04, 0x01, 0x00, 0xf4, 0x00, 0x00, 0x00, 0xfa}; /* s_load_dword s4, s[8:9], 0x0 */
  if (!dec("gfx1030", smem, sizeof smem, &in))
    CHECK(in.op == ISA_S_LOAD_DWORD && in.sdata == 4 && in.sbase == 8 && in.offset == 0 && in.soffset == 0xffff && in.size == 8);
  static const uint8_t vop2[] = {0x02, 0x07, 0x02, 0x4a}; /* v_add_nc_u32_e32 v1, v2, v3 */
  if (!dec("gfx1030", vop2, sizeof vop2, &in))
    CHECK(in.op == ISA_V_ADD_U32 && in.fmt == ISA_FMT_VOP2 && in.dst == 1 && in.src[0] == OPC_VGPR0 + 2 &&
          in.src[1] == OPC_VGPR0 + 3);
  static const uint8_t vop3c[] = {0x04, 0x00, 0xc2, 0xd4, 0x01, 0x05, 0x02, 0x00}; /* v_cmp_eq_u32_e64 s4, v1, v2 */
  if (!dec("gfx1030", vop3c, sizeof vop3c, &in))
    CHECK(in.op == ISA_V_CMP_EQ_U32 && in.vop3 && in.sdst == 4 && in.src[0] == OPC_VGPR0 + 1);
  static const uint8_t vop3[] = {0x01, 0x00, 0x14, 0xd7, 0x02, 0x07, 0x02, 0x00}; /* v_lshlrev_b16 v1, v2, v3 */
  if (!dec("gfx1030", vop3, sizeof vop3, &in)) CHECK(in.op == ISA_V_LSHLREV_B16 && in.fmt == ISA_FMT_VOP3 && in.dst == 1);
  static const uint8_t glob[] = {0x00, 0x80, 0x30, 0xdc, 0x02, 0x00, 0x7d, 0x01}; /* global_load_dword v1, v[2:3], off */
  if (!dec("gfx1030", glob, sizeof glob, &in))
    CHECK(in.op == ISA_GLOBAL_LOAD_DWORD && in.fmt == ISA_FMT_GLOBAL && in.saddr == 0x7f && in.addr == 2 && in.vdst == 1);
  static const uint8_t mubuf[] = {0x00, 0x10, 0x30, 0xe0, 0x02, 0x01, 0x02, 0x03}; /* buffer_load_dword v1, v2, s[8:11], s3 offen */
  if (!dec("gfx1030", mubuf, sizeof mubuf, &in))
    CHECK(in.op == ISA_BUFFER_LOAD_DWORD && in.offen && !in.idxen && in.vaddr == 2 && in.vdata == 1 && in.srsrc == 8 &&
          in.soffset == 3);
  static const uint8_t vscnt[] = {0x00, 0x00, 0xfd, 0xbb}; /* s_waitcnt_vscnt null, 0x0 */
  if (!dec("gfx1030", vscnt, sizeof vscnt, &in)) CHECK(in.op == ISA_S_WAITCNT_VSCNT && in.dst == OPC_NULL);
  /* session 14: the float min/max and clamped-subtract atomics and the
   * dot products llc-19 selects (the emulator did not decode them) */
  static const uint8_t csub[] = {0x00, 0x80, 0xd1, 0xdc, 0x01, 0x02, 0x00, 0x00}; /* global_atomic_csub v0, v1, v2, s[0:1] glc */
  if (!dec("gfx1030", csub, sizeof csub, &in))
    CHECK(in.op == ISA_GLOBAL_ATOMIC_CSUB && in.glc && in.saddr == 0 && in.addr == 1 && in.vdst == 0);
  static const uint8_t fmin[] = {0x00, 0x80, 0xfc, 0xdc, 0x01, 0x02, 0x00, 0x00}; /* global_atomic_fmin v1, v2, s[0:1] */
  if (!dec("gfx1030", fmin, sizeof fmin, &in)) CHECK(in.op == ISA_GLOBAL_ATOMIC_MIN_F32 && !in.glc);
  static const uint8_t dot4c[] = {0x01, 0x05, 0x00, 0x1a}; /* v_dot4c_i32_i8 v0, v1, v2 */
  if (!dec("gfx1030", dot4c, sizeof dot4c, &in)) CHECK(in.op == ISA_V_DOT4C_I32_I8 && in.dst == 0);
  static const uint8_t fmamk[] = {0x01, 0x07, 0x00, 0x6e, 0x00, 0x42, 0x00, 0x00}; /* v_fmamk_f16 v0, v1, 0x4200, v3 */
  if (!dec("gfx1030", fmamk, sizeof fmamk, &in)) CHECK(in.op == ISA_V_FMAMK_F16 && in.has_lit && in.literal == 0x4200 && in.size == 8);
}

static void gfx1100(void) {
  emu_inst in;
  static const uint8_t glob[] = {0x00, 0x00, 0x52, 0xdc, 0x02, 0x00, 0x7c, 0x01}; /* global_load_b32 v1, v[2:3], off */
  if (!dec("gfx1100", glob, sizeof glob, &in)) CHECK(in.op == ISA_GLOBAL_LOAD_DWORD && in.saddr == 0x7f && in.vdst == 1);
  static const uint8_t smem[] = {0x04, 0x01, 0x00, 0xf4, 0x00, 0x00, 0x00, 0xf8}; /* s_load_b32 s4, s[8:9], 0x0 */
  if (!dec("gfx1100", smem, sizeof smem, &in)) CHECK(in.op == ISA_S_LOAD_DWORD && in.soffset == 0xffff);
  static const uint8_t mubuf[] = {0x00, 0x00, 0x50, 0xe0, 0x02, 0x01, 0x42, 0x03}; /* buffer_load_b32 v1, v2, s[8:11], s3 offen */
  if (!dec("gfx1100", mubuf, sizeof mubuf, &in))
    CHECK(in.op == ISA_BUFFER_LOAD_DWORD && in.offen && !in.idxen && in.srsrc == 8 && in.soffset == 3);
  static const uint8_t vop3[] = {0x01, 0x00, 0x25, 0xd5, 0x02, 0x07, 0x02, 0x00}; /* v_add_nc_u32_e64 v1, v2, v3 */
  if (!dec("gfx1100", vop3, sizeof vop3, &in)) CHECK(in.op == ISA_V_ADD_U32 && in.vop3 && in.dst == 1);
  static const uint8_t vscnt[] = {0x00, 0x00, 0x7c, 0xbc}; /* s_waitcnt_vscnt null, 0x0: NULL is 124 on GFX11 */
  if (!dec("gfx1100", vscnt, sizeof vscnt, &in)) CHECK(in.op == ISA_S_WAITCNT_VSCNT && in.dst == OPC_NULL);
  static const uint8_t csub[] = {0x00, 0x40, 0xde, 0xdc, 0x01, 0x02, 0x00, 0x00}; /* global_atomic_csub_u32 v0, v1, v2, s[0:1] glc */
  if (!dec("gfx1100", csub, sizeof csub, &in)) CHECK(in.op == ISA_GLOBAL_ATOMIC_CSUB && in.glc && in.vdst == 0);
  static const uint8_t fmin[] = {0x00, 0x00, 0x46, 0xdd, 0x01, 0x02, 0x00, 0x00}; /* global_atomic_min_f32 v1, v2, s[0:1] */
  if (!dec("gfx1100", fmin, sizeof fmin, &in)) CHECK(in.op == ISA_GLOBAL_ATOMIC_MIN_F32);
  static const uint8_t fmax[] = {0x00, 0x00, 0x4a, 0xdd, 0x01, 0x02, 0x00, 0x00}; /* global_atomic_max_f32 v1, v2, s[0:1] */
  if (!dec("gfx1100", fmax, sizeof fmax, &in)) CHECK(in.op == ISA_GLOBAL_ATOMIC_MAX_F32);
  static const uint8_t packhl[] = {0x00, 0x01, 0x80, 0x9a}; /* s_pack_hl_b32_b16 s0, s0, s1 */
  if (!dec("gfx1100", packhl, sizeof packhl, &in)) CHECK(in.op == ISA_S_PACK_HL_B32_B16);
  static const uint8_t maxmin[] = {0x00, 0x00, 0x5e, 0xd6, 0x01, 0x05, 0x0e, 0x04}; /* v_maxmin_f32 v0, v1, v2, v3 */
  if (!dec("gfx1100", maxmin, sizeof maxmin, &in)) CHECK(in.op == ISA_V_MAXMIN_F32 && in.dst == 0);
  static const uint8_t iu8[] = {0x00, 0x40, 0x16, 0xcc, 0x01, 0x05, 0x0e, 0x7c}; /* v_dot4_i32_iu8 v0, v1, v2, v3 neg_lo:[1,1,0] */
  if (!dec("gfx1100", iu8, sizeof iu8, &in)) CHECK(in.op == ISA_V_DOT4_I32_IU8 && in.neg == 3);
  /* v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v3, v6 */
  static const uint8_t vopd[] = {0x01, 0x05, 0xd0, 0xc8, 0x06, 0x01, 0x02, 0x00};
  if (!dec("gfx1100", vopd, sizeof vopd, &in))
    CHECK(in.vopd && in.op == ISA_V_MUL_F32 && in.dst == 0 && in.src[0] == OPC_VGPR0 + 1 && in.src[1] == OPC_VGPR0 + 2 &&
          in.y_op == ISA_V_MOV_B32 && in.y_dst == 3 && in.y_src0 == OPC_VGPR0 + 6 && in.size == 8);
  /* v_dual_fmaak_f32 v0, v1, v2, 0x1 :: v_dual_mov_b32 v3, v6: a literal follows */
  static const uint8_t vopdk[] = {0x01, 0x05, 0x50, 0xc8, 0x06, 0x01, 0x02, 0x00, 0x01, 0x00, 0x00, 0x00};
  if (!dec("gfx1100", vopdk, sizeof vopdk, &in))
    CHECK(in.vopd && in.op == ISA_V_FMAAK_F32 && in.has_lit && in.literal == 1 && in.size == 12);
}

/* CDNA 2: buffer_atomic_pk_add_f16 (MUBUF 0x4e) */
static void gfx90a(void) {
  emu_inst in;
  static const uint8_t pk[] = {0x00, 0x00, 0x38, 0xe1, 0x00, 0x01, 0x00, 0x80}; /* buffer_atomic_pk_add_f16 v1, off, s[0:3], 0 */
  if (!dec("gfx90a", pk, sizeof pk, &in)) CHECK(in.op == ISA_BUFFER_ATOMIC_PK_ADD_F16 && in.vdata == 1 && in.srsrc == 0);
  static const uint8_t dot[] = {0x00, 0x40, 0xa8, 0xd3, 0x01, 0x05, 0x0e, 0x1c}; /* v_dot4_i32_i8 v0, v1, v2, v3 */
  if (!dec("gfx90a", dot, sizeof dot, &in)) CHECK(in.op == ISA_V_DOT4_I32_I8 && in.dst == 0);
}

int main(void) {
  gfx1030();
  gfx1100();
  gfx90a();
  if (failures) fprintf(stderr, "%d failures\n", failures);
  else printf("RDNA decoder: all llvm-mc-19 encodings read back\n");
  return failures != 0;
}
