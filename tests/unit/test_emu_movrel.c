/* Unit test: the RDNA M0-relative VGPR moves v_movrels_b32, v_movreld_b32,
 * v_movrelsd_b32 and v_movrelsd_2_b32 (src/emu/exec_valu_movrel.c; RDNA 2
 * / RDNA 3 ISA guides, VOP1 opcodes and the VGPR indexing table). The bytes are
 * llvm-mc-19's (-mcpu=gfx1030 and -mcpu=gfx1100 -show-encoding, the same
 * for both); each is decoded by the emulator's RDNA decoder and executed
 * on a gfx1030 and a gfx1100 wave (wave32) whose VGPRs hold known values:
 * the source / destination row moves by M0 (M0[9:0] and M0[25:16] for
 * movrelsd_2), only EXEC lanes are written, a scalar or literal source of
 * movreld is broadcast, and an index past the VGPRs the kernel descriptor
 * allocates is a fault. Expected values by hand. Fails on main, where the
 * table has no such instructions (the decoder rejects the opcodes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static const uint8_t MOVRELS[] = {0x02, 0x87, 0x02, 0x7e};     /* v_movrels_b32_e32 v1, v2 */
static const uint8_t MOVRELS64[] = {0x01, 0x00, 0xc3, 0xd5, 0x02, 0x01, 0x00, 0x00}; /* v_movrels_b32_e64 v1, v2 */
static const uint8_t MOVRELD[] = {0x02, 0x85, 0x02, 0x7e};     /* v_movreld_b32_e32 v1, v2 */
static const uint8_t MOVRELD_S[] = {0x14, 0x84, 0x02, 0x7e};   /* v_movreld_b32_e32 v1, s20 */
static const uint8_t MOVRELD_K[] = {0xff, 0x84, 0x02, 0x7e, 0x45, 0x23, 0x01, 0x00}; /* v_movreld_b32_e32 v1, 0x12345 */
static const uint8_t MOVRELSD[] = {0x02, 0x89, 0x02, 0x7e};    /* v_movrelsd_b32_e32 v1, v2 */
static const uint8_t MOVRELSD2[] = {0x02, 0x91, 0x02, 0x7e};   /* v_movrelsd_2_b32_e32 v1, v2 */

typedef struct machine {
  wemu_device *dev;
  emu_dispatch d;
  emu_wave w;
  emu_kernel k;
} machine;

/* VGPR r holds 1000 * r + lane in every lane for r < 16; the rest are
 * never written. */
static void machine_init(machine *m, wemu_device *dev) {
  memset(m, 0, sizeof *m);
  m->dev = dev;
  m->k.name = "movrel_test";
  m->d.dev = dev;
  m->d.k = &m->k;
  m->d.vgpr_limit = 32;
  m->d.sgpr_limit = dev->tgt->addressable_sgprs;
  m->w.v = calloc(EMU_NUM_VGPR, sizeof *m->w.v);
  m->w.nlanes = dev->tgt->wave_size;
  m->w.exec = wavecc_wave_lanes(dev->tgt);
  m->w.ws = 100;
  for (unsigned r = 0; r < EMU_NUM_SGPR; r++) m->w.sinit[r] = 1;
  m->w.s[20] = 0xabcd;
  for (unsigned r = 0; r < 16; r++) {
    for (unsigned l = 0; l < m->w.nlanes; l++) m->w.v[r][l] = 1000 * r + l;
    m->w.vinit[r] = m->w.exec;
  }
}

/* Decodes BYTES and executes them with M0 = m0; the executor's result. */
static int run(machine *m, const uint8_t *bytes, unsigned n, uint32_t m0) {
  uint8_t img[32] = {0};
  memcpy(img, bytes, n);
  wemu_program prog = {.dev = m->dev, .image = img, .image_size = sizeof img, .text_lo = 0, .text_hi = n};
  emu_inst in;
  if (emu_decode(m->dev, &prog, 0, &in)) {
    fprintf(stderr, "%s: decode: %s\n", m->dev->tgt->name, wemu_error(m->dev));
    failures++;
    return -2;
  }
  CHECK(in.size == n);
  emu_valu_prepare(m->dev, &in);
  m->w.s[OPC_M0] = m0;
  m->w.ws += 10;
  return emu_exec_valu(&m->d, &m->w, &in);
}

/* Row r of VGPRs holds f(lane) in every lane of `lanes`. */
static int row_is(const machine *m, unsigned r, uint32_t base, uint32_t step, emu_lanes lanes) {
  for (unsigned l = 0; l < m->w.nlanes; l++)
    if (((lanes >> l) & 1) && m->w.v[r][l] != base + step * l) return 0;
  return 1;
}

static void test_target(const char *cpu) {
  wemu_options o;
  memset(&o, 0, sizeof o);
  o.mcpu = cpu;
  wemu_device *dev = wemu_create(&o);
  if (!dev) { fprintf(stderr, "no device for %s\n", cpu); failures++; return; }
  machine m;
  emu_lanes all;

  /* v_movrels_b32 v1, v2 with M0 = 3: v1 = v5 */
  machine_init(&m, dev);
  all = m.w.exec;
  CHECK(run(&m, MOVRELS, sizeof MOVRELS, 3) == 0 && row_is(&m, 1, 5000, 1, all) && row_is(&m, 2, 2000, 1, all));
  CHECK(run(&m, MOVRELS64, sizeof MOVRELS64, 4) == 0 && row_is(&m, 1, 6000, 1, all));
  /* only the EXEC lanes are written */
  m.w.exec = all & 0x5555555555555555ull;
  CHECK(run(&m, MOVRELS, sizeof MOVRELS, 0) == 0 && row_is(&m, 1, 2000, 1, m.w.exec) &&
        row_is(&m, 1, 6000, 1, all & ~m.w.exec));
  free(m.w.v);

  /* v_movreld_b32 v1, v2 with M0 = 6: v7 = v2, v1 untouched */
  machine_init(&m, dev);
  CHECK(run(&m, MOVRELD, sizeof MOVRELD, 6) == 0 && row_is(&m, 7, 2000, 1, all) && row_is(&m, 1, 1000, 1, all));
  /* scalar and literal sources are broadcast */
  CHECK(run(&m, MOVRELD_S, sizeof MOVRELD_S, 8) == 0 && row_is(&m, 9, 0xabcd, 0, all));
  CHECK(run(&m, MOVRELD_K, sizeof MOVRELD_K, 9) == 0 && row_is(&m, 10, 0x12345, 0, all));
  /* v_movreld to a never-written row inside the allocation defines it */
  CHECK(run(&m, MOVRELD, sizeof MOVRELD, 29) == 0 && row_is(&m, 30, 2000, 1, all) && m.w.vinit[30] == all);
  free(m.w.v);

  /* v_movrelsd_b32 v1, v2 with M0 = 4: v5 = v6 */
  machine_init(&m, dev);
  CHECK(run(&m, MOVRELSD, sizeof MOVRELSD, 4) == 0 && row_is(&m, 5, 6000, 1, all) && row_is(&m, 1, 1000, 1, all));
  /* v_movrelsd_2_b32 v1, v2 with M0[9:0] = 7, M0[25:16] = 2: v3 = v9 (the other bits ignored) */
  CHECK(run(&m, MOVRELSD2, sizeof MOVRELSD2, 0xfc00fc00u | 2u << 16 | 7u) == 0 && row_is(&m, 3, 9000, 1, all));
  free(m.w.v);

  /* indices past the 32 allocated VGPRs fault: source, destination, and
   * an M0 that would wrap a 32-bit sum */
  machine_init(&m, dev);
  CHECK(run(&m, MOVRELS, sizeof MOVRELS, 30) == -1);
  CHECK(run(&m, MOVRELD, sizeof MOVRELD, 31) == -1 && row_is(&m, 1, 1000, 1, all));
  CHECK(run(&m, MOVRELSD, sizeof MOVRELSD, 0xffffffffu) == -1);
  /* ... but not with EXEC zero: no lane reads or writes a row, whatever
   * M0 holds (a linearised block all lanes skipped; stress seed 44061) */
  m.w.exec = 0;
  CHECK(run(&m, MOVRELD, sizeof MOVRELD, 0xdeadbeefu) == 0 && row_is(&m, 1, 1000, 1, all) && row_is(&m, 2, 2000, 1, all));
  CHECK(run(&m, MOVRELS, sizeof MOVRELS, 0xdeadbeefu) == 0 && row_is(&m, 1, 1000, 1, all));
  free(m.w.v);
  wemu_destroy(dev);
}

int main(void) {
  test_target("gfx1030");
  test_target("gfx1100");
  if (failures) fprintf(stderr, "%d failures\n", failures);
  else printf("v_movrel*: relative reads and writes as expected\n");
  return failures != 0;
}
