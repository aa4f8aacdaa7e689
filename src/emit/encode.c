/* Encoder: machine IR after the post-RA passes -> gfx900 machine code.
 *
 * Formats and fields: Vega ISA guide, chapter 12 "Microcode Formats"
 * (the same layouts src/emu/decode.c reads back). Which MIR operand goes
 * into which field follows the assembly text exactly: mir_asm_operands
 * gives the operands in the order AMDGPUAsmGFX9 spells them (vdst, src0,
 * src1, ... per format), so the table's format and opcode are all an
 * instruction needs, and the printer and the encoder agree by
 * construction. The VOP1/VOP2/VOPC choice between the 32-bit form and
 * VOP3 is the printer's (mir_needs_vop3); VOP3 opcodes of those formats
 * are VOPC + 0, VOP2 + 0x100, VOP1 + 0x140.
 *
 * Operand codes (ISA guide "Scalar / Vector operand encodings"): machine
 * IR registers already use them (SGPR n = n, VCC = 106, M0 = 124, EXEC =
 * 126, VGPR n = 256 + n); constants become inline codes (128 + 0..64,
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
#include "target/waitcnt_imm.h"

enum { LIT = 255, SADDR_OFF = 0x7f };

void mc_code_free(mc_code *c) {
  free(c->bytes);
  free(c->fix);
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

/* ---- operands ------------------------------------------------------------ */

typedef struct enc {
  const mir_instr *ins;
  bool has_lit;
  uint32_t lit;
  const char *fn;
  diag *d;
  int errors;
} enc;

static void enc_error(enc *e, const char *what) {
  if (!e->errors) {
    const char *mn = e->ins->opcode < ISA_NUM_OPS ? isa_table[e->ins->opcode].mnemonic : "pseudo";
    diag_error(e->d, e->fn, "internal: cannot encode %s: %s", mn, what);
  }
  e->errors++;
}

/* Inline constant code of v, or LIT. 64-bit operands (size 2) take the
 * f32 bit patterns of +-0.5..4 as the f64 constants (the printer writes
 * them as "1.0"), integers -16..64 as such, and no 1/(2pi). */
static unsigned inline_code(uint32_t v, unsigned size) {
  int32_t s = (int32_t)v;
  if (s >= 0 && s <= 64) return 128u + (unsigned)s;
  if (s < 0 && s >= -16) return 192u + (unsigned)-s;
  switch (v) {
  case 0x3f000000u: return 240;
  case 0xbf000000u: return 241;
  case 0x3f800000u: return 242;
  case 0xbf800000u: return 243;
  case 0x40000000u: return 244;
  case 0xc0000000u: return 245;
  case 0x40800000u: return 246;
  case 0xc0800000u: return 247;
  case 0x3e22f983u: return size == 2 ? LIT : 248;
  default: return LIT;
  }
}

/* The 9-bit source code of an operand (registers, inline constants, or
 * LIT with the value kept for the literal dword). */
static unsigned src_code(enc *e, const mir_operand *o) {
  switch ((mir_opnd_kind)o->kind) {
  case MIR_OPND_TEMP:
  case MIR_OPND_FIXED:
    if (o->preg == MIR_PREG_NONE) { enc_error(e, "operand without a register"); return 0; }
    return o->preg;
  case MIR_OPND_UNDEF: return mir_rc_is_vgpr(o->temp.rc) ? 256u : 0u;
  case MIR_OPND_CONST: {
    unsigned c = inline_code(o->imm, o->size);
    if (c == LIT) {
      if (e->has_lit && e->lit != o->imm) enc_error(e, "two different literals");
      e->has_lit = true;
      e->lit = o->imm;
    }
    return c;
  }
  case MIR_OPND_NONE: return SADDR_OFF;
  case MIR_OPND_BLOCK: break;
  }
  enc_error(e, "unexpected operand kind");
  return 0;
}

static unsigned vgpr(enc *e, const mir_operand *o) {
  unsigned c = src_code(e, o);
  if (c < 256) { enc_error(e, "a VGPR field holds a non-VGPR operand"); return 0; }
  return c - 256;
}

static unsigned sreg(enc *e, const mir_operand *o) {
  unsigned c = src_code(e, o);
  if (c >= 128) { enc_error(e, "an SGPR field holds a non-SGPR operand"); return 0; }
  return c;
}

static unsigned mods(const mir_operand *const *v, unsigned n, uint8_t flag) {
  unsigned m = 0;
  for (unsigned k = 0; k < n && k < 3; k++)
    if (v[k]->flags & flag) m |= 1u << k;
  return m;
}

/* Does a VOP3 instruction write a second, scalar result (VOP3b: SDST in
 * bits 14:8; carry-outs, v_div_scale, v_mad_u64_u32)? */
static bool is_vop3b(unsigned ndefs, const mir_operand *const *defs) {
  if (ndefs < 2) return false;
  unsigned c = defs[1]->preg;
  return defs[0]->preg >= 256 && c < 256;
}

/* ---- formats ------------------------------------------------------------- */

static unsigned encode_vop(enc *e, const isa_info *ii, const mir_operand *const *d, unsigned nd,
                           const mir_operand *const *s, unsigned ns, uint32_t *w) {
  const mir_instr *ins = e->ins;
  bool vop3 = ii->format == ISA_FMT_VOP3 || mir_needs_vop3(ins);
  if (ii->format == ISA_FMT_VOP3P) {
    unsigned src[3] = {0, 0, 0};
    for (unsigned k = 0; k < ns && k < 3; k++) src[k] = src_code(e, s[k]);
    unsigned opsel_hi = 7; /* llvm-mc's default; v_mad_mix_f32 is printed with op_sel_hi:[1,1,1] */
    w[0] = 0x1a7u << 23 | (uint32_t)ii->opcode << 16 | ins->clamp << 15 | (opsel_hi >> 2) << 14 |
           (nd ? vgpr(e, d[0]) : 0);
    w[1] = mods(s, ns, MIR_OPND_NEG) << 29 | (opsel_hi & 3) << 27 | src[2] << 18 | src[1] << 9 | src[0];
    return 2;
  }
  if (!vop3) {
    unsigned src0 = ns ? src_code(e, s[0]) : 0;
    switch (ii->format) {
    case ISA_FMT_VOP1:
      /* v_swap_b32 names its two definitions: vdst, src0 */
      if (ins->opcode == ISA_V_SWAP_B32 && nd == 2) src0 = src_code(e, d[1]);
      w[0] = 0x3fu << 25 | (nd ? (src_code(e, d[0]) & 0xff) : 0) << 17 | (uint32_t)ii->opcode << 9 | src0;
      return 1;
    case ISA_FMT_VOPC:
      w[0] = 0x3eu << 25 | (uint32_t)ii->opcode << 17 | (ns > 1 ? vgpr(e, s[1]) : 0) << 9 | src0;
      return 1;
    default: /* VOP2: vdst[, vcc], src0, vsrc1[, vcc] */
      w[0] = (uint32_t)ii->opcode << 25 | (nd ? vgpr(e, d[0]) : 0) << 17 | (ns > 1 ? vgpr(e, s[1]) : 0) << 9 | src0;
      return 1;
    }
  }
  unsigned op = ii->opcode;
  if (ii->format == ISA_FMT_VOP2) op += 0x100;
  else if (ii->format == ISA_FMT_VOP1) op += 0x140;
  unsigned src[3] = {0, 0, 0};
  for (unsigned k = 0; k < ns && k < 3; k++) src[k] = src_code(e, s[k]);
  if (e->has_lit) enc_error(e, "a literal in VOP3 (gfx9 has none)");
  unsigned vdst = nd ? src_code(e, d[0]) & 0xff : 0, mid;
  if (is_vop3b(nd, d)) mid = sreg(e, d[1]);
  else mid = mods(s, ns, MIR_OPND_ABS);
  w[0] = 0x34u << 26 | op << 16 | (ins->clamp ? 1u : 0u) << 15 | mid << 8 | vdst;
  w[1] = mods(s, ns, MIR_OPND_NEG) << 29 | (uint32_t)(ins->omod & 3) << 27 | src[2] << 18 | src[1] << 9 | src[0];
  return 2;
}

/* MUBUF: [vdata,] vaddr|off, srsrc, soffset (the resource is the operand
 * of four SGPRs; the address operand precedes it when offen/idxen). */
static unsigned encode_mubuf(enc *e, const isa_info *ii, const mir_operand *const *d, unsigned nd,
                             const mir_operand *const *s, unsigned ns, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned r = ns;
  for (unsigned k = 0; k < ns; k++) {
    const mir_operand *o = s[k];
    unsigned size = o->kind == MIR_OPND_TEMP ? mir_rc_size(o->temp.rc) : o->size;
    if (o->preg < 256 && o->kind != MIR_OPND_CONST && size == 4) { r = k; break; }
  }
  if (ns == 0 && nd == 0) { /* buffer_wbinvl1 and the like: no operands */
    w[0] = 0x38u << 26 | (uint32_t)ii->opcode << 18;
    w[1] = 0;
    return 2;
  }
  if (r == ns || r + 1 >= ns) { enc_error(e, "MUBUF without resource and soffset"); return 0; }
  bool addr = ins->enc_flags & (MIR_ENC_OFFEN | MIR_ENC_IDXEN);
  unsigned vaddr = addr && r > 0 ? vgpr(e, s[r - 1]) : 0;
  unsigned vdata = 0;
  if (nd && !(ii->flags & ISA_F_ATOMIC)) vdata = vgpr(e, d[0]);
  else if (r > (addr ? 1u : 0u)) vdata = vgpr(e, s[0]);
  unsigned srsrc = sreg(e, s[r]), soff = src_code(e, s[r + 1]);
  if (e->has_lit) enc_error(e, "a literal soffset");
  w[0] = 0x38u << 26 | (uint32_t)ii->opcode << 18 | ((ins->enc_flags & MIR_ENC_SLC) ? 1u : 0u) << 17 |
         ((ins->enc_flags & MIR_ENC_GLC) ? 1u : 0u) << 14 | ((ins->enc_flags & MIR_ENC_IDXEN) ? 1u : 0u) << 13 |
         ((ins->enc_flags & MIR_ENC_OFFEN) ? 1u : 0u) << 12 | ((uint32_t)ins->offset & 0xfff);
  w[1] = soff << 24 | (srsrc >> 2) << 16 | vdata << 8 | vaddr;
  return 2;
}

/* FLAT/GLOBAL/SCRATCH: [vdst,] vaddr[, data][, saddr|off]. */
static unsigned encode_flat(enc *e, const isa_info *ii, const mir_operand *const *d, unsigned nd,
                            const mir_operand *const *s, unsigned ns, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned seg = ii->format == ISA_FMT_FLAT ? 0 : ii->format == ISA_FMT_SCRATCH ? 1 : 2;
  unsigned k = 0, addr = 0, data = 0, saddr = seg ? SADDR_OFF : 0; /* FLAT: llvm-mc writes SADDR 0 */
  if (k < ns) {
    unsigned c = src_code(e, s[k++]);
    addr = c >= 256 ? c - 256 : 0; /* scratch "off": no VGPR address */
  }
  if ((ii->flags & (ISA_F_STORE | ISA_F_ATOMIC)) && k < ns) data = vgpr(e, s[k++]);
  if (seg && k < ns) saddr = src_code(e, s[k++]);
  uint32_t off = seg ? (uint32_t)ins->offset & 0x1fff : (uint32_t)ins->offset & 0xfff;
  w[0] = 0x37u << 26 | (uint32_t)ii->opcode << 18 | ((ins->enc_flags & MIR_ENC_SLC) ? 1u : 0u) << 17 |
         ((ins->enc_flags & MIR_ENC_GLC) ? 1u : 0u) << 16 | seg << 14 | off;
  w[1] = (nd ? vgpr(e, d[0]) : 0) << 24 | (saddr & 0x7f) << 16 | data << 8 | addr;
  return 2;
}

unsigned mir_encode_instr(const mir_instr *ins, uint32_t out[4], const char *fn, diag *d) {
  enc e = {.ins = ins, .fn = fn, .d = d};
  const isa_info *ii = &isa_table[ins->opcode];
  const mir_operand *dv[256], *sv[256];
  unsigned nd = mir_asm_operands(ins, true, dv), ns = mir_asm_operands(ins, false, sv), n = 1;
  uint32_t *w = out;
  uint32_t simm = (uint16_t)ins->offset;
  switch (ii->format) {
  case ISA_FMT_SOP1:
    w[0] = 0x17du << 23 | (nd ? sreg(&e, dv[0]) : 0) << 16 | (uint32_t)ii->opcode << 8 |
           (ns ? src_code(&e, sv[0]) & 0xff : 0);
    break;
  case ISA_FMT_SOP2:
    w[0] = 2u << 30 | (uint32_t)ii->opcode << 23 | (nd ? sreg(&e, dv[0]) : 0) << 16 |
           (ns > 1 ? src_code(&e, sv[1]) & 0xff : 0) << 8 | (ns ? src_code(&e, sv[0]) & 0xff : 0);
    break;
  case ISA_FMT_SOPC:
    w[0] = 0x17eu << 23 | (uint32_t)ii->opcode << 16 | (ns > 1 ? src_code(&e, sv[1]) & 0xff : 0) << 8 |
           (ns ? src_code(&e, sv[0]) & 0xff : 0);
    break;
  case ISA_FMT_SOPK: {
    unsigned r = 0;
    if (ins->num_ops && ins->opcode == ISA_S_SETREG_IMM32_B32) { e.has_lit = true; e.lit = ins->ops[0].imm; }
    else if (ins->num_ops && ins->opcode == ISA_S_SETREG_B32) r = sreg(&e, &ins->ops[0]);
    else if (nd) r = sreg(&e, dv[0]);
    else if (ns) r = sreg(&e, sv[0]);
    w[0] = 0xbu << 28 | (uint32_t)ii->opcode << 23 | r << 16 | simm;
    break;
  }
  case ISA_FMT_SOPP:
    if (ins->opcode == ISA_S_WAITCNT) {
      /* as the printer writes it: the counters below their maximum (bit 7
       * and other unused bits come out 0, as llvm-mc encodes them) */
      unsigned vm, exp, lgkm;
      mir_waitcnt_decode((uint16_t)ins->offset, &vm, &exp, &lgkm);
      if (vm < 63 || exp < 7 || lgkm < 15) simm = (vm & 15) | (vm >> 4) << 14 | exp << 4 | lgkm << 8;
    }
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_BLOCK) simm = 0; /* a branch: resolved by the caller */
    w[0] = 0x17fu << 23 | (uint32_t)ii->opcode << 16 | simm;
    break;
  case ISA_FMT_SMEM: {
    /* sdata, sbase, offset (an SGPR or a constant; else ins->offset) */
    unsigned sdata = nd ? sreg(&e, dv[0]) : 0, k = 0;
    if (!nd && ns > 2) sdata = sreg(&e, sv[k++]); /* stores: the data first */
    unsigned sbase = k < ns ? sreg(&e, sv[k++]) : 0;
    /* s_memtime, s_memrealtime, s_dcache_*: no address, imm 0 as llvm-mc */
    uint32_t immbit = ns ? 1 : 0, off = ns ? (uint32_t)ins->offset : 0;
    if (k < ns) {
      if (sv[k]->kind == MIR_OPND_CONST) off = sv[k]->imm;
      else { immbit = 0; off = sreg(&e, sv[k]); }
    }
    w[0] = 0x30u << 26 | (uint32_t)ii->opcode << 18 | immbit << 17 | ((ins->enc_flags & MIR_ENC_GLC) ? 1u : 0u) << 16 |
           sdata << 6 | sbase >> 1;
    w[1] = off & 0xfffff;
    n = 2;
    break;
  }
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P:
    n = encode_vop(&e, ii, dv, nd, sv, ns, w);
    break;
  case ISA_FMT_DS: {
    /* vdst, addr, data0, data1; offset0 | offset1 << 8 */
    unsigned a[3] = {0, 0, 0};
    for (unsigned k = 0; k < ns && k < 3; k++) a[k] = vgpr(&e, sv[k]);
    w[0] = 0x36u << 26 | (uint32_t)ii->opcode << 17 | ((uint32_t)ins->offset & 0xffff);
    w[1] = (nd ? vgpr(&e, dv[0]) : 0) << 24 | a[2] << 16 | a[1] << 8 | a[0];
    n = 2;
    break;
  }
  case ISA_FMT_MUBUF: n = encode_mubuf(&e, ii, dv, nd, sv, ns, w); break;
  case ISA_FMT_FLAT: case ISA_FMT_GLOBAL: case ISA_FMT_SCRATCH: n = encode_flat(&e, ii, dv, nd, sv, ns, w); break;
  default: enc_error(&e, "unknown format"); break;
  }
  if (e.has_lit) w[n++] = e.lit;
  return e.errors ? 0 : n;
}

/* ---- functions ----------------------------------------------------------- */

typedef struct branch_ref {
  uint32_t at, target;
} branch_ref;

typedef struct fn_state {
  mc_code *c;
  branch_ref *br;
  uint32_t nbr, capbr;
  uint32_t instructions;
} fn_state;

static void emit_branch(fn_state *s, uint16_t opcode, uint32_t target) {
  if (s->nbr == s->capbr) {
    uint32_t n = s->capbr ? 2 * s->capbr : 64;
    branch_ref *v = realloc(s->br, n * sizeof *v);
    if (!v) { s->c->oom = true; return; }
    s->br = v;
    s->capbr = n;
  }
  s->br[s->nbr++] = (branch_ref){s->c->size, target};
  put32(s->c, 0x17fu << 23 | (uint32_t)isa_table[opcode].opcode << 16);
  s->instructions++;
}

/* s_getpc_b64 s[N:N+1]; s_add_u32 sN, sN, lit; s_addc_u32 sN+1, sN+1, lit
 * with the literals PC-relative to the object (emit_data.h). */
static void emit_data_address(fn_state *s, const mir_instr *ins) {
  bool func;
  uint32_t r = ins->defs[0].preg, k = mir_data_address_index(ins, &func);
  mc_symbol_space space = func ? MC_SYM_FUNC : MC_SYM_DATA;
  mc_code *c = s->c;
  put32(c, 0x17du << 23 | r << 16 | (uint32_t)isa_table[ISA_S_GETPC_B64].opcode << 8);
  put32(c, 2u << 30 | (uint32_t)isa_table[ISA_S_ADD_U32].opcode << 23 | r << 16 | (uint32_t)LIT << 8 | r);
  add_fixup(c, (mc_fixup){c->size, k, 4, MC_FIX_REL32_LO, space});
  put32(c, 0);
  put32(c, 2u << 30 | (uint32_t)isa_table[ISA_S_ADDC_U32].opcode << 23 | (r + 1) << 16 | (uint32_t)LIT << 8 | (r + 1));
  add_fixup(c, (mc_fixup){c->size, k, 12, MC_FIX_REL32_HI, space});
  put32(c, 0);
  s->instructions += 3;
}

int mir_encode_function(const mir_program *p, const mir_module_data *md, mc_code *c, uint32_t *instructions,
                        diag *d) {
  fn_state s = {.c = c};
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
      uint32_t w[4];
      unsigned n = mir_encode_instr(ins, w, p->name, d);
      if (!n) { errors++; continue; }
      /* the statistics' and printer's size (offsets come from the bytes themselves) */
      assert(n * 4 == mir_instr_size(p, ins));
      if (isa_table[ins->opcode].format == ISA_FMT_SOPP)
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
