/* Encoder: machine IR after the post-RA passes -> machine code of the
 * program's target (its encoding family: GFX9, the CDNA families, GFX10,
 * GFX11). This file holds the operand codes, the scalar formats (one
 * layout in every family), the 32-bit VOP forms and the function layout;
 * the other formats' layouts are per family (encode_gfx9.c,
 * encode_gfx10.c, encode_gfx11.c). Opcodes and formats always come from
 * the family's encoding (isa_encoding).
 *
 * Formats and fields: Vega ISA guide, chapter 12 "Microcode Formats"
 * (the same layouts src/emu/decode.c reads back); the RDNA 2 and RDNA 3
 * ISA guides' "Microcode Formats" chapters for GFX10/GFX11. Which MIR operand goes
 * into which field follows the assembly text exactly: mir_asm_operands
 * gives the operands in the order AMDGPUAsmGFX9 spells them (vdst, src0,
 * src1, ... per format), so the table's format and opcode are all an
 * instruction needs, and the printer and the encoder agree by
 * construction. The VOP1/VOP2/VOPC choice between the 32-bit form and
 * VOP3 is the printer's (mir_needs_vop3); VOP3 opcodes of those formats
 * are isa_vop3_opcode's.
 *
 * Operand codes (ISA guide "Scalar / Vector operand encodings"): machine
 * IR registers already use them (SGPR n = n, VCC = 106, M0 = 124, NULL =
 * 125, EXEC = 126, VGPR n = 256 + n; GFX11 swaps M0 and NULL); constants become inline codes (128 + 0..64,
 * 192 + 1..16 for -1..-16, 240..248 for +-0.5, +-1, +-2, +-4, 1/(2pi)) or
 * the literal code 255 with one extra dword after the instruction.
 *
 * Branches: one pass encodes every block, recording block offsets and the
 * position of each branch; a second loop over the recorded branches
 * writes simm16 = (target - (branch + 4)) / 4. Sizes equal
 * mir_instr_size, which the layout (and the printer's statistics) use. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "emit/emit.h"
#include "emit/encode.h"
#include "target/isa.h"
#include "emit/encode_internal.h"

void mc_code_free(mc_code *c) {
  free(c->bytes);
  free(c->fix);
  free(c->lines);
  free(c->checks);
  memset(c, 0, sizeof *c);
}

static void put32(mc_code *c, uint32_t w) {
  if (c->size + 4 > c->cap) {
    uint32_t n = c->cap ? 2 * c->cap : 4096;
    uint8_t *b = realloc(c->bytes, n);
    if (!b) { c->oom = true; return; }
    c->bytes = b;
    c->cap = n;
  }
  memcpy(c->bytes + c->size, &w, 4); /* little-endian host (x86-64, aarch64) */
  c->size += 4;
}

/* Notes that the code from here on comes from source position l (a new
 * line-table row when it differs from the last one). */
static void add_line(mc_code *c, const mir_srcloc *l) {
  if (c->nlines) {
    const mc_line *x = &c->lines[c->nlines - 1];
    if (x->file == l->file && x->line == l->line && x->col == l->col) return;
    if (x->offset == c->size) { c->nlines--; } /* nothing emitted at the previous position */
  }
  if (c->nlines == c->caplines) {
    uint32_t n = c->caplines ? 2 * c->caplines : 256;
    mc_line *v = realloc(c->lines, n * sizeof *v);
    if (!v) { c->oom = true; return; }
    c->lines = v;
    c->caplines = n;
  }
  c->lines[c->nlines++] = (mc_line){c->size, l->file, l->line, l->col};
}

/* A .wavecc.checks record for `ins` (about to be encoded at c->size) when
 * its MIR_CHK_* kind is about this instruction: the s_trap of a division
 * check, a scratch access to a known private object. */
static void add_check(mc_code *c, const mir_program *p, const mir_instr *ins) {
  uint32_t kind = ins->chk & MIR_CHK_KIND, idx = ins->chk & ~MIR_CHK_KIND;
  mc_check r = {c->size, kind >> 24, 0, 0};
  if (kind == MIR_CHK_DIV_TRAP && ins->opcode != ISA_S_TRAP) return;
  if (kind == MIR_CHK_PRIVATE) {
    if (idx >= p->num_pobjs || !(isa_table[ins->opcode].flags & (ISA_F_LOAD | ISA_F_STORE))) return;
    r.obj_offset = p->pobjs[idx].offset;
    r.obj_size = p->pobjs[idx].size;
  }
  if (c->nchecks == c->capchecks) {
    uint32_t n = c->capchecks ? 2 * c->capchecks : 64;
    mc_check *v = realloc(c->checks, n * sizeof *v);
    if (!v) { c->oom = true; return; }
    c->checks = v;
    c->capchecks = n;
  }
  c->checks[c->nchecks++] = r;
}

void mc_code_align(mc_code *c, uint32_t align, uint32_t fill) {
  while (c->size % align && !c->oom) put32(c, fill);
}

static void add_fixup(mc_code *c, mc_fixup f) {
  if (c->nfix == c->capfix) {
    uint32_t n = c->capfix ? 2 * c->capfix : 16;
    mc_fixup *v = realloc(c->fix, n * sizeof *v);
    if (!v) { c->oom = true; return; }
    c->fix = v;
    c->capfix = n;
  }
  c->fix[c->nfix++] = f;
}


/* ---- scalar formats (one layout in every family) -------------------------- */

/* The s_waitcnt simm16 as the printer writes it: the counters below their
 * maximum at the target's fields, other bits 0 (as llvm-mc encodes them);
 * an immediate that waits on nothing unchanged. */
static uint32_t waitcnt_simm(const wavecc_target *t, uint32_t simm) {
  unsigned c[WAVECC_NUM_COUNTERS];
  bool waits = false;
  wavecc_waitcnt_decode(t, simm, c);
  for (unsigned k = 0; k < WAVECC_NUM_COUNTERS; k++)
    waits |= wavecc_counter_in_waitcnt(t, (wavecc_counter)k) && c[k] < wavecc_counter_max(t, (wavecc_counter)k);
  return waits ? wavecc_waitcnt_encode(t, c) : simm;
}

static unsigned encode_scalar(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  uint32_t op = e->x->opcode, simm = (uint16_t)ins->offset;
  switch ((isa_format)e->x->format) {
  case ISA_FMT_SOP1:
    w[0] = 0x17du << 23 | (o->nd ? enc_sreg(e, o->d[0]) : 0) << 16 | op << 8 | (o->ns ? enc_src(e, o->s[0]) & 0xff : 0);
    return 1;
  case ISA_FMT_SOP2:
    w[0] = 2u << 30 | op << 23 | (o->nd ? enc_sreg(e, o->d[0]) : 0) << 16 |
           (o->ns > 1 ? enc_src(e, o->s[1]) & 0xff : 0) << 8 | (o->ns ? enc_src(e, o->s[0]) & 0xff : 0);
    return 1;
  case ISA_FMT_SOPC:
    /* s_set_gpr_idx_on: SSRC1 holds the 4-bit mode itself (kept in offset) */
    if (ins->opcode == ISA_S_SET_GPR_IDX_ON) {
      w[0] = 0x17eu << 23 | op << 16 | ((uint32_t)ins->offset & 0xfu) << 8 | (o->ns ? enc_src(e, o->s[0]) & 0xff : 0);
      return 1;
    }
    w[0] = 0x17eu << 23 | op << 16 | (o->ns > 1 ? enc_src(e, o->s[1]) & 0xff : 0) << 8 |
           (o->ns ? enc_src(e, o->s[0]) & 0xff : 0);
    return 1;
  case ISA_FMT_SOPK: {
    unsigned r = 0;
    if (ins->num_ops && ins->opcode == ISA_S_SETREG_IMM32_B32) { e->has_lit = true; e->lit = ins->ops[0].imm; }
    else if (ins->num_ops && ins->opcode == ISA_S_SETREG_B32) r = enc_sreg(e, &ins->ops[0]);
    else if (o->nd) r = enc_sreg(e, o->d[0]);
    else if (o->ns) r = enc_sreg(e, o->s[0]);
    w[0] = 0xbu << 28 | op << 23 | r << 16 | simm;
    return 1;
  }
  case ISA_FMT_SOPP:
    if (ins->opcode == ISA_S_WAITCNT) simm = waitcnt_simm(e->t, simm);
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_BLOCK) simm = 0; /* a branch: resolved by the caller */
    w[0] = 0x17fu << 23 | op << 16 | simm;
    return 1;
  default: return 0;
  }
}

unsigned mir_encode_instr_as(const wavecc_target *t, const mir_instr *ins, const isa_enc *x, uint32_t out[4],
                             const char *fn, diag *d) {
  enc e = {.ins = ins, .t = t, .family = t->encoding, .x = x, .fn = fn, .d = d};
  enc_ops o;
  o.nd = mir_asm_operands(e.family, ins, true, o.d);
  o.ns = mir_asm_operands(e.family, ins, false, o.s);
  const enc_layouts *l = e.family == WAVECC_ENC_GFX10   ? &enc_gfx10_layouts
                         : e.family == WAVECC_ENC_GFX11 ? &enc_gfx11_layouts
                                                        : &enc_gfx9_layouts; /* GFX9 and the CDNA families */
  unsigned n;
  switch ((isa_format)x->format) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPK: case ISA_FMT_SOPC: case ISA_FMT_SOPP:
    n = encode_scalar(&e, &o, out);
    break;
  case ISA_FMT_SMEM: n = l->smem(&e, &o, out); break;
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P:
    n = l->vop(&e, &o, out);
    break;
  case ISA_FMT_DS: n = l->ds(&e, &o, out); break;
  case ISA_FMT_MUBUF: n = l->mubuf(&e, &o, out); break;
  case ISA_FMT_MTBUF:
    if (l != &enc_gfx9_layouts) { enc_error(&e, "MTBUF is encoded for GFX9 only"); n = 0; break; }
    n = enc_gfx9_mtbuf(&e, &o, out);
    break;
  case ISA_FMT_FLAT: case ISA_FMT_GLOBAL: case ISA_FMT_SCRATCH: n = l->flat(&e, &o, out); break;
  default: enc_error(&e, "unknown format"); n = 0; break;
  }
  if (e.has_lit) out[n++] = e.lit;
  return e.errors ? 0 : n;
}

unsigned mir_encode_instr(const wavecc_target *t, const mir_instr *ins, uint32_t out[4], const char *fn, diag *d) {
  const isa_enc *x = isa_encoding(t->encoding, ins->opcode);
  if (!x) {
    diag_error(d, fn, "internal: %s does not exist on %s", isa_mnemonic(t->encoding, ins->opcode), t->name);
    return 0;
  }
  return mir_encode_instr_as(t, ins, x, out, fn, d);
}

/* ---- functions ----------------------------------------------------------- */

typedef struct branch_ref {
  uint32_t at, target;
} branch_ref;

typedef struct fn_state {
  mc_code *c;
  unsigned family; /* wavecc_encoding */
  branch_ref *br;
  uint32_t nbr, capbr;
  uint32_t instructions;
} fn_state;

/* The opcode field of a scalar instruction the encoder writes itself
 * (branches, the data-address sequence): every family has them. */
static uint32_t opc(const fn_state *s, unsigned op) {
  const isa_enc *x = isa_encoding(s->family, op);
  assert(x);
  return x ? x->opcode : 0;
}

static void emit_branch(fn_state *s, uint16_t opcode, uint32_t target) {
  if (s->nbr == s->capbr) {
    uint32_t n = s->capbr ? 2 * s->capbr : 64;
    branch_ref *v = realloc(s->br, n * sizeof *v);
    if (!v) { s->c->oom = true; return; }
    s->br = v;
    s->capbr = n;
  }
  s->br[s->nbr++] = (branch_ref){s->c->size, target};
  put32(s->c, 0x17fu << 23 | opc(s, opcode) << 16);
  s->instructions++;
}

/* s_getpc_b64 s[N:N+1]; s_add_u32 sN, sN, lit; s_addc_u32 sN+1, sN+1, lit
 * with the literals PC-relative to the object (emit_data.h). */
static void emit_data_address(fn_state *s, const mir_instr *ins) {
  bool func;
  uint32_t r = ins->defs[0].preg, k = mir_data_address_index(ins, &func);
  mc_symbol_space space = func ? MC_SYM_FUNC : MC_SYM_DATA;
  mc_code *c = s->c;
  put32(c, 0x17du << 23 | r << 16 | opc(s, ISA_S_GETPC_B64) << 8);
  put32(c, 2u << 30 | opc(s, ISA_S_ADD_U32) << 23 | r << 16 | (uint32_t)ENC_LIT << 8 | r);
  add_fixup(c, (mc_fixup){c->size, k, 4, MC_FIX_REL32_LO, space});
  put32(c, 0);
  put32(c, 2u << 30 | opc(s, ISA_S_ADDC_U32) << 23 | (r + 1) << 16 | (uint32_t)ENC_LIT << 8 | (r + 1));
  add_fixup(c, (mc_fixup){c->size, k, 12, MC_FIX_REL32_HI, space});
  put32(c, 0);
  s->instructions += 3;
}

int mir_encode_function(const mir_program *p, const mir_module_data *md, mc_code *c, uint32_t *instructions,
                        diag *d) {
  fn_state s = {.c = c, .family = p->target->encoding};
  uint32_t start = c->size;
  uint32_t *block_at = malloc((p->num_blocks + 1) * sizeof *block_at);
  int errors = 0;
  if (!block_at) return 1;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    block_at[bi] = c->size;
    bool ends = false;
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      const mir_instr *ins = b->instrs[i];
      ends = false;
      if (ins->loc && ins->loc < p->num_locs) add_line(c, &p->locs[ins->loc]);
      if (ins->opcode == MIR_P_BRANCH || ins->opcode == MIR_P_CBRANCH_SCC) {
        mir_branch br[2];
        unsigned n = mir_lower_branch(ins, bi, br);
        for (unsigned k = 0; k < n; k++) emit_branch(&s, br[k].opcode, br[k].target);
        ends = true;
        continue;
      }
      if (ins->opcode >= ISA_NUM_OPS) continue;
      if (mir_is_data_address(ins)) {
        bool func;
        uint32_t k = mir_data_address_index(ins, &func);
        if (!md || k >= (func ? md->num_funcs : md->num)) {
          diag_error(d, p->name, "internal: data address of an unknown object");
          errors++;
        }
        emit_data_address(&s, ins);
        continue;
      }
      if ((ins->enc_flags & MIR_ENC_VOPD_FIRST) && i + 1 < b->num_instrs) {
        const mir_instr *second = b->instrs[++i];
        uint32_t w[3];
        unsigned n = mir_encode_vopd(p->target, ins, second, w, p->name, d);
        if (!n) { errors++; continue; }
        assert(n * 4 == mir_instr_size(p, ins) + mir_instr_size(p, second));
        for (unsigned k = 0; k < n; k++) put32(c, w[k]);
        s.instructions++;
        continue;
      }
      if (ins->chk) add_check(c, p, ins);
      uint32_t w[4];
      unsigned n = mir_encode_instr(p->target, ins, w, p->name, d);
      if (!n) { errors++; continue; }
      /* the statistics' and printer's size (offsets come from the bytes themselves) */
      assert(n * 4 == mir_instr_size(p, ins));
      if (isa_table[ins->opcode].format == ISA_FMT_SOPP) /* SOPP in every family */
        for (unsigned k = 0; k < ins->num_ops; k++)
          if (ins->ops[k].kind == MIR_OPND_BLOCK) {
            emit_branch(&s, ins->opcode, ins->ops[k].imm);
            n = 0;
            break;
          }
      for (unsigned k = 0; k < n; k++) put32(c, w[k]);
      if (n) s.instructions++;
      if (ins->opcode == ISA_S_ENDPGM || ins->opcode == ISA_S_BRANCH || ins->opcode == ISA_S_SETPC_B64) ends = true;
    }
    uint32_t t;
    if (!ends && mir_fallthrough_branch(p, bi, &t)) emit_branch(&s, ISA_S_BRANCH, t);
  }
  for (uint32_t k = 0; k < s.nbr && !c->oom; k++) {
    if (s.br[k].target >= p->num_blocks) {
      diag_error(d, p->name, "internal: branch to a block that does not exist (%u)", s.br[k].target);
      errors++;
      continue;
    }
    int64_t delta = ((int64_t)block_at[s.br[k].target] - (int64_t)(s.br[k].at + 4)) / 4;
    if (delta < -32768 || delta > 32767) {
      diag_error(d, p->name, "branch to block %u out of range (%lld dwords)", s.br[k].target, (long long)delta);
      errors++;
      continue;
    }
    uint32_t w;
    memcpy(&w, c->bytes + s.br[k].at, 4);
    w = (w & 0xffff0000u) | ((uint32_t)delta & 0xffffu);
    memcpy(c->bytes + s.br[k].at, &w, 4);
  }
  (void)start;
  free(block_at);
  free(s.br);
  if (c->oom) {
    diag_error(d, p->name, "out of memory while encoding");
    errors++;
  }
  *instructions = s.instructions;
  return errors ? 1 : 0;
}
