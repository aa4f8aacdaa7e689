/* Unit test: every entry of the instruction table (src/target/isa.def)
 * encodes through the table-driven encoder (src/emit/encode.c) and the
 * emulator's decoder (src/emu/decode.c) reads the same instruction back:
 * one table, both directions, no per-instruction code. Each entry gets
 * operands of the kinds and widths of its signature; VOP1/VOP2/VOPC
 * entries are tried in their own 32-bit encoding and forced into VOP3.
 * The bytes themselves are checked against llvm-mc-19 in test_encode.c and,
 * for every instruction the compiler emits, by the corpus under
 * --assembler=check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/encode.h"
#include "emu/emu_internal.h"
#include "mir/mir.h"
#include "target/isa.h"
#include "target/target.h"
#include "util/arena.h"

static int failures;

/* Appends a register of kind k ('s', 'v'; 'a' = SGPR) and width w at *next. */
static size_t reg(char *b, size_t n, char k, unsigned w, unsigned *next) {
  char f = k == 'v' ? 'v' : 's';
  unsigned r = (*next + (w > 1 ? 3u : 0u)) & (w > 1 ? ~3u : ~0u);
  *next = r + w;
  return w == 1 ? (size_t)snprintf(b, n, "%c%u", f, r) : (size_t)snprintf(b, n, "%c[%u:%u]", f, r, r + w - 1);
}

/* Machine IR text of one instruction with operands from the signature. */
static void synth(const wavecc_target *t, unsigned op, bool vop3, char *b, size_t n) {
  const isa_info *ii = &isa_table[op];
  const char *s = ii->sig;
  const char *semi = strchr(s, ';');
  size_t len = 0;
  unsigned sn = 8, vn = 10, k = 0;
  for (const char *c = s; c < semi; k++) {
    char kind = *c++;
    unsigned w = (unsigned)strtoul(c, (char **)&c, 10);
    if (*c == ',') c++;
    len += (size_t)snprintf(b + len, n - len, "%s", k ? ", " : "");
    len += reg(b + len, n - len, kind, w, kind == 'v' ? &vn : &sn);
  }
  len += (size_t)snprintf(b + len, n - len, "%s%s", k ? " = " : "", ii->mnemonic);
  sn = 40;
  vn = 60;
  k = 0;
  /* the target's constant bus (wavecc_const_bus_limit; the decoder refuses
   * more), an implicit VCC (carry-in, v_div_fmas) included: "any" sources
   * past the limit are VGPRs */
  bool valu = isa_fmt_valu(ii->format);
  unsigned scalars = (ii->flags & ISA_F_READS_VCC) ? 1 : 0, limit = wavecc_const_bus_limit(t, op);
  for (const char *c = semi + 1; *c; k++) {
    char kind = *c++;
    if (valu && kind == 'a' && scalars++ >= limit) kind = 'v';
    unsigned w = (unsigned)strtoul(c, (char **)&c, 10);
    if (*c == ',') c++;
    len += (size_t)snprintf(b + len, n - len, "%s", k ? ", " : " ");
    len += reg(b + len, n - len, kind, w, kind == 'v' ? &vn : &sn);
  }
  if (ii->format == ISA_FMT_MUBUF && k >= 3) len += (size_t)snprintf(b + len, n - len, " offen");
  if (ii->format == ISA_FMT_GLOBAL || ii->format == ISA_FMT_SCRATCH) len += (size_t)snprintf(b + len, n - len, " off");
  if (op == ISA_S_SETREG_IMM32_B32) len += (size_t)snprintf(b + len, n - len, " 7");
  /* DPP controls (mir_dpp_controls): quad_perm:[0,0,0,0], every row and bank */
  if (ii->flags & ISA_F_DPP) len += (size_t)snprintf(b + len, n - len, " offset:%d", mir_dpp_controls(0, 15, 15, false, false));
  if (vop3) snprintf(b + len, n - len, " vop3");
}

static void check(wemu_device *dev, unsigned op, bool vop3) {
  char line[256], text[512];
  /* the parsed MIR and wemu_create(NULL) both default to gfx900 */
  synth(&wavecc_target_gfx900, op, vop3, line, sizeof line);
  snprintf(text, sizeof text, "kernel t\nstate regs_assigned ssa_eliminated\nBB0:\n  %s\n", line);
  arena mem;
  arena_init(&mem);
  char err[256];
  mir_program *p = mir_parse(&mem, text, err, sizeof err);
  if (!p || p->blocks[0].num_instrs != 1) {
    fprintf(stderr, "%s: does not parse: %s\n", line, p ? "no instruction" : err);
    failures++;
    arena_free(&mem);
    return;
  }
  diag d = {.file = "test_isa_encoding"};
  uint32_t w[4];
  unsigned n = mir_encode_instr(p->target, p->blocks[0].instrs[0], w, "t", &d);
  char *msgs = diag_take(&d);
  if (!n) {
    fprintf(stderr, "%s: does not encode: %s", line, msgs ? msgs : "\n");
    failures++;
  } else {
    wemu_program prog = {.dev = dev, .image = (uint8_t *)w, .image_size = 4 * n, .text_lo = 0, .text_hi = 4 * n};
    emu_inst in;
    if (emu_decode(dev, &prog, 0, &in)) {
      fprintf(stderr, "%s: the decoder refuses %08x: %s\n", line, w[0], wemu_error(dev));
      failures++;
    } else if ((isa_table[op].flags & ISA_F_DPP) && !(in.dpp == 1 && in.size == 8 && in.fmt == isa_table[op].format &&
                                                      isa_table[in.op].opcode == isa_table[op].opcode && in.dpp_row_mask == 15)) {
      /* a DPP form decodes as its operation with the DPP fields (exec_dpp.c) */
      fprintf(stderr, "%s: does not decode as DPP (%s, %u bytes)\n", line, isa_table[in.op].mnemonic, in.size);
      failures++;
    } else if (!(isa_table[op].flags & ISA_F_DPP) && (in.op != op || in.size != 4 * n || (vop3 && in.fmt != ISA_FMT_VOP3))) {
      fprintf(stderr, "%s: decodes as %s (%u bytes, %s) from %u bytes\n", line, isa_table[in.op].mnemonic, in.size,
              isa_format_name(in.fmt), 4 * n);
      failures++;
    }
  }
  free(msgs);
  arena_free(&mem);
}

int main(void) {
  wemu_device *dev = wemu_create(NULL);
  unsigned tried = 0;
  for (unsigned op = 0; op < ISA_NUM_OPS; op++) {
    isa_format f = isa_table[op].format;
    /* v_madmk/v_madak carry a constant K that their signature leaves out
     * (wavecc does not select them): nothing generic to synthesise */
    if (isa_table[op].opcode == ISA_OPC_NONE) continue; /* no gfx900 encoding */
    if (op == ISA_V_MADMK_F32 || op == ISA_V_MADAK_F32 || op == ISA_V_MADMK_F16 || op == ISA_V_MADAK_F16) continue;
    check(dev, op, false);
    tried++;
    if (((f == ISA_FMT_VOP1 && op != ISA_V_SWAP_B32) || f == ISA_FMT_VOP2 || f == ISA_FMT_VOPC) &&
        !(isa_table[op].flags & ISA_F_DPP)) { /* swap, DPP: no VOP3 */
      check(dev, op, true);
      tried++;
    }
  }
  wemu_destroy(dev);
  if (failures) fprintf(stderr, "%d of %u failed\n", failures, tried);
  else printf("%u encodings of %u table entries decode back\n", tried, (unsigned)ISA_NUM_OPS);
  return failures != 0;
}
