/* Unit test: the emulator's lane masks follow the target's wave size
 * (issue 23). A wave32 variant of the gfx900 description (wave_size 32,
 * lane_mask_dwords 1) and gfx1030's wave32 description run decoded
 * instructions straight through the executors (emu_exec_valu/salu; the
 * decoder does not read GFX10 encodings yet): a
 * VOPC compare writes VCC_LO only (VCC_HI keeps its contents), a VOP3
 * compare one SGPR, a carry-out one SGPR, v_cndmask reads its mask from
 * one SGPR, s_and_saveexec_b32 saves exec_lo and narrows EXEC,
 * s_cbranch_vccz looks at vcc_lo only, v_readlane takes its lane index
 * modulo 32; a _b64 saveexec, exec_hi and a 64-bit read of EXEC fault.
 * The same compare on gfx900 writes the pair. Expected values by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

enum { C_INT0 = 128, SENTINEL = 0x5a5a5a5au };

typedef struct machine {
  emu_dispatch d;
  emu_wave w;
  emu_kernel k;
} machine;

static void machine_init(machine *m, wemu_device *dev) {
  memset(m, 0, sizeof *m);
  m->k.name = "wave32_test";
  m->d.dev = dev;
  m->d.k = &m->k;
  m->d.vgpr_limit = 256;
  m->d.sgpr_limit = dev->tgt->addressable_sgprs;
  m->w.v = calloc(EMU_NUM_VGPR, sizeof *m->w.v);
  m->w.nlanes = dev->tgt->wave_size;
  m->w.exec = wavecc_wave_lanes(dev->tgt);
  m->w.ws = 100;
  for (unsigned r = 0; r < EMU_NUM_SGPR; r++) { m->w.s[r] = SENTINEL; m->w.sinit[r] = 1; }
  for (unsigned l = 0; l < m->w.nlanes; l++) m->w.v[0][l] = l; /* v0 = lane id */
  m->w.vinit[0] = m->w.exec;
}

static emu_inst inst(isa_op op, isa_format fmt) {
  emu_inst in;
  memset(&in, 0, sizeof in);
  in.op = op;
  in.fmt = fmt;
  in.size = 4;
  return in;
}

/* Runs one instruction; returns the executor's result (-1: fault). */
static int run(machine *m, const emu_inst *in) {
  m->w.ws += 10; /* past every hazard window */
  return isa_fmt_valu(in->fmt) ? emu_exec_valu(&m->d, &m->w, in) : emu_exec_salu(&m->d, &m->w, in);
}

/* v_cmp_gt_u32 vcc, k, v0 (VOPC: the lanes below k) */
static emu_inst cmp_gt(unsigned k) {
  emu_inst c = inst(ISA_V_CMP_GT_U32, ISA_FMT_VOPC);
  c.src[0] = C_INT0 + k;
  c.src[1] = OPC_VGPR0 + 0;
  return c;
}

/* v_readlane_b32 s14, v0, lane */
static emu_inst readlane(unsigned lane) {
  emu_inst rl = inst(ISA_V_READLANE_B32, ISA_FMT_VOP3);
  rl.vop3 = 1;
  rl.dst = 14;
  rl.src[0] = OPC_VGPR0 + 0;
  rl.src[1] = C_INT0 + lane;
  return rl;
}

static void test_wave32(wemu_device *dev) {
  machine m;
  machine_init(&m, dev);
  /* v_cmp_gt_u32 vcc, 20, v0: lanes 0..19 -> vcc_lo = 0xfffff, vcc_hi untouched */
  emu_inst c = cmp_gt(20);
  CHECK(run(&m, &c) == 0);
  CHECK(m.w.s[OPC_VCC_LO] == 0xfffffu && m.w.s[OPC_VCC_HI] == SENTINEL);
  /* the VOP3 form into s10: s11 untouched */
  emu_inst c3 = c;
  c3.fmt = ISA_FMT_VOP3;
  c3.vop3 = 1;
  c3.sdst = 10;
  c3.src[0] = C_INT0 + 3;
  CHECK(run(&m, &c3) == 0);
  CHECK(m.w.s[10] == 0x7u && m.w.s[11] == SENTINEL);
  /* v_add_co_u32 v2, s12, -1 (literal), v0 (VOP3b): carry for lanes >= 1 into s12 alone */
  emu_inst add = inst(ISA_V_ADD_CO_U32, ISA_FMT_VOP3);
  add.vop3 = 1;
  add.dst = 2;
  add.sdst = 12;
  add.src[0] = OPC_LITERAL;
  add.has_lit = 1;
  add.literal = 0xffffffffu;
  add.src[1] = OPC_VGPR0 + 0;
  CHECK(run(&m, &add) == 0);
  CHECK(m.w.s[12] == 0xfffffffeu && m.w.s[13] == SENTINEL);
  /* v_cndmask_b32 v3, 100, v0, vcc (VOP2: mask from vcc_lo) */
  emu_inst cnd = inst(ISA_V_CNDMASK_B32, ISA_FMT_VOP2);
  cnd.dst = 3;
  cnd.src[0] = C_INT0 + 50;
  cnd.src[1] = OPC_VGPR0 + 0;
  CHECK(run(&m, &cnd) == 0);
  for (unsigned l = 0; l < 32; l++) CHECK(m.w.v[3][l] == (l < 20 ? l : 50));
  /* v_readlane_b32 s14, v0, 37: lane 37 mod 32 = 5 */
  emu_inst rl = readlane(37);
  CHECK(run(&m, &rl) == 0);
  CHECK(m.w.s[14] == 5);
  /* s_and_saveexec_b32 s16, vcc_lo: s16 = old exec_lo, EXEC = lanes 0..19, SCC = 1 */
  emu_inst se = inst(ISA_S_AND_SAVEEXEC_B32, ISA_FMT_SOP1);
  se.dst = 16;
  se.src[0] = OPC_VCC_LO;
  CHECK(run(&m, &se) == 0);
  CHECK(m.w.s[16] == 0xffffffffu && m.w.s[17] == SENTINEL && m.w.exec == 0xfffffu && m.w.scc == 1);
  /* s_cbranch_vccz: vcc_lo = 0 while vcc_hi holds garbage -> taken */
  m.w.s[OPC_VCC_LO] = 0;
  emu_inst bz = inst(ISA_S_CBRANCH_VCCZ, ISA_FMT_SOPP);
  bz.simm16 = 4;
  uint64_t pc = m.w.pc;
  CHECK(run(&m, &bz) >= 0);
  CHECK(m.w.pc == pc + 4 + 4 * 4);
  /* wave64 forms and exec_hi fault */
  emu_inst se64 = inst(ISA_S_AND_SAVEEXEC_B64, ISA_FMT_SOP1);
  se64.dst = 18;
  se64.src[0] = 20;
  m.w.s[20] = 0;
  m.w.s[21] = 0;
  CHECK(run(&m, &se64) == -1);
  CHECK(strstr(wemu_error(dev), "wave32") != NULL);
  CHECK(m.w.exec == 0xfffffu);
  emu_inst rd = inst(ISA_S_MOV_B32, ISA_FMT_SOP1);
  rd.dst = 22;
  rd.src[0] = OPC_EXEC_HI;
  CHECK(run(&m, &rd) == -1);
  emu_inst rd64 = inst(ISA_S_MOV_B64, ISA_FMT_SOP1);
  rd64.dst = 24;
  rd64.src[0] = OPC_EXEC_LO;
  CHECK(run(&m, &rd64) == -1);
  emu_inst wr = inst(ISA_S_MOV_B32, ISA_FMT_SOP1);
  wr.dst = OPC_EXEC_LO;
  wr.src[0] = C_INT0 + 0; /* 0 */
  CHECK(run(&m, &wr) == 0 && m.w.exec == 0);
  free(m.w.v);
}

/* The same compare on gfx900 writes the whole VCC pair. */
static void test_wave64(wemu_device *dev) {
  machine m;
  machine_init(&m, dev);
  emu_inst c = cmp_gt(40);
  CHECK(run(&m, &c) == 0);
  CHECK(m.w.s[OPC_VCC_LO] == 0xffffffffu && m.w.s[OPC_VCC_HI] == 0xffu);
  emu_inst rl = readlane(37);
  CHECK(run(&m, &rl) == 0 && m.w.s[14] == 37);
  free(m.w.v);
}

int main(void) {
  wemu_device *dev = wemu_create(NULL);
  if (!dev) return 1;
  test_wave64(dev);
  wavecc_target w32 = *dev->tgt;
  w32.name = "wave32-test";
  w32.wave_size = 32;
  w32.lane_mask_dwords = 1;
  dev->tgt = &w32;
  test_wave32(dev);
  const wavecc_target *g1030 = wavecc_target_by_name("gfx1030"); /* the real wave32 description */
  CHECK(g1030 && g1030->wave_size == 32);
  if (g1030) {
    dev->tgt = g1030;
    test_wave32(dev);
  }
  dev->tgt = &wavecc_target_gfx900;
  wemu_destroy(dev);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
