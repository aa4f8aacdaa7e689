/* Text form of machine IR (parser): reads what print.c writes (the syntax
 * is described there). One pass over the lines, no backtracking beyond a
 * token; block references may point forward and are checked at the end.
 * Errors are user errors: NULL with "line N: message" in `err`. */
#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir/mir.h"

typedef struct parser {
  mir_program *p;
  const char *cur;  /* position in the current line */
  const char *end;  /* end of the current line */
  unsigned line;
  char *err;
  size_t errlen;
  jmp_buf fail;
} parser;

static _Noreturn void fail(parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static _Noreturn void fail(parser *ps, const char *fmt, ...) {
  if (ps->err && ps->errlen) {
    int n = snprintf(ps->err, ps->errlen, "line %u: ", ps->line);
    if (n >= 0 && (size_t)n < ps->errlen) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(ps->err + n, ps->errlen - (size_t)n, fmt, ap);
      va_end(ap);
    }
  }
  longjmp(ps->fail, 1);
}

static void skip_ws(parser *ps) {
  while (ps->cur < ps->end && (*ps->cur == ' ' || *ps->cur == '\t' || *ps->cur == '\r')) ps->cur++;
}

static bool at_end(parser *ps) {
  skip_ws(ps);
  return ps->cur >= ps->end;
}

/* Consumes `word` if the input continues with it (followed by a non-word
 * character when `whole`). */
static bool accept(parser *ps, const char *word, bool whole) {
  skip_ws(ps);
  size_t n = strlen(word);
  if ((size_t)(ps->end - ps->cur) < n || memcmp(ps->cur, word, n) != 0) return false;
  if (whole && ps->cur + n < ps->end && (isalnum((unsigned char)ps->cur[n]) || ps->cur[n] == '_'))
    return false;
  ps->cur += n;
  return true;
}

static void expect(parser *ps, const char *word) {
  if (!accept(ps, word, false)) fail(ps, "expected '%s'", word);
}

static uint64_t parse_uint(parser *ps) {
  skip_ws(ps);
  if (ps->cur >= ps->end || !isdigit((unsigned char)*ps->cur)) fail(ps, "expected a number");
  char buf[32];
  size_t n = 0;
  while (ps->cur < ps->end && isalnum((unsigned char)*ps->cur) && n < sizeof buf - 1) buf[n++] = *ps->cur++;
  buf[n] = 0;
  char *e;
  errno = 0;
  unsigned long long v = strtoull(buf, &e, 0);
  if (*e || errno) fail(ps, "bad number '%s'", buf);
  return v;
}

/* A word: letters, digits, '_' and '.'. */
static size_t word_len(parser *ps) {
  skip_ws(ps);
  const char *s = ps->cur;
  while (s < ps->end && (isalnum((unsigned char)*s) || *s == '_' || *s == '.')) s++;
  return (size_t)(s - ps->cur);
}

static char *parse_string(parser *ps) {
  skip_ws(ps);
  if (ps->cur >= ps->end || *ps->cur != '"') fail(ps, "expected a string");
  ps->cur++;
  char *buf = arena_alloc(ps->p->mem, (size_t)(ps->end - ps->cur) + 1);
  size_t n = 0;
  while (ps->cur < ps->end && *ps->cur != '"') {
    if (*ps->cur == '\\' && ps->cur + 1 < ps->end) ps->cur++;
    buf[n++] = *ps->cur++;
  }
  if (ps->cur >= ps->end) fail(ps, "unterminated string");
  ps->cur++;
  buf[n] = 0;
  return buf;
}

static mir_rc parse_rc(parser *ps) {
  bool linear = accept(ps, "l", false);
  bool vgpr;
  if (accept(ps, "v", false)) vgpr = true;
  else if (!linear && accept(ps, "s", false)) vgpr = false;
  else fail(ps, "expected a register class (s1, v1, lv1, ...)");
  uint64_t n = parse_uint(ps);
  if (n < 1 || n > 16) fail(ps, "bad register class size %llu", (unsigned long long)n);
  mir_rc rc = vgpr ? mir_rc_v((unsigned)n) : mir_rc_s((unsigned)n);
  if (linear) rc |= MIR_RC_LINEAR;
  return rc;
}

/* A physical register name; returns false (consuming nothing) if none. */
static bool parse_preg(parser *ps, mir_preg *r, unsigned *size) {
  static const struct { const char *name; mir_preg r; unsigned size; } named[] = {
    {"flat_scratch_lo", 102, 1}, {"flat_scratch_hi", 103, 1}, {"flat_scratch", 102, 2},
    {"xnack_mask_lo", 104, 1}, {"xnack_mask_hi", 105, 1}, {"xnack_mask", 104, 2},
    {"vcc_lo", MIR_PREG_VCC, 1}, {"vcc_hi", 107, 1}, {"vcc", MIR_PREG_VCC, 2},
    {"m0", MIR_PREG_M0, 1}, {"exec_lo", MIR_PREG_EXEC, 1}, {"exec_hi", 127, 1},
    {"exec", MIR_PREG_EXEC, 2}, {"scc", MIR_PREG_SCC, 1},
  };
  skip_ws(ps);
  for (unsigned i = 0; i < sizeof named / sizeof named[0]; i++)
    if (accept(ps, named[i].name, true)) {
      *r = named[i].r;
      *size = named[i].size;
      return true;
    }
  if (ps->cur + 1 < ps->end && (*ps->cur == 's' || *ps->cur == 'v') &&
      (isdigit((unsigned char)ps->cur[1]) || ps->cur[1] == '[')) {
    bool v = *ps->cur == 'v';
    ps->cur++;
    uint64_t lo, hi;
    if (accept(ps, "[", false)) {
      lo = parse_uint(ps);
      expect(ps, ":");
      hi = parse_uint(ps);
      expect(ps, "]");
    } else {
      lo = hi = parse_uint(ps);
    }
    if (hi < lo || hi >= (v ? MIR_MAX_VGPRS : MIR_MAX_SGPRS)) fail(ps, "bad register range");
    *r = v ? MIR_PREG_VGPR(lo) : MIR_PREG_SGPR(lo);
    *size = (unsigned)(hi - lo + 1);
    return true;
  }
  return false;
}

static uint32_t parse_const(parser *ps) {
  skip_ws(ps);
  const char *s = ps->cur;
  if (s < ps->end && *s == '-') s++;
  while (s < ps->end && (isalnum((unsigned char)*s) || *s == '.')) s++;
  char buf[48];
  size_t n = (size_t)(s - ps->cur);
  if (n == 0 || n >= sizeof buf) fail(ps, "expected a constant");
  memcpy(buf, ps->cur, n);
  buf[n] = 0;
  ps->cur = s;
  char *e;
  errno = 0;
  if (strchr(buf, '.') && !strstr(buf, "0x")) {
    float f = strtof(buf, &e);
    if (*e) fail(ps, "bad float constant '%s'", buf);
    uint32_t bits;
    memcpy(&bits, &f, 4);
    return bits;
  }
  long long v = strtoll(buf, &e, 0);
  if (*e == 0 && errno == 0 && v >= INT32_MIN && v <= (long long)UINT32_MAX) return (uint32_t)v;
  if (buf[0] != '-') {
    errno = 0;
    unsigned long long u = strtoull(buf, &e, 0);
    if (*e == 0 && errno == 0 && u <= UINT32_MAX) return (uint32_t)u;
  }
  fail(ps, "bad constant '%s'", buf);
}

static void parse_operand(parser *ps, mir_operand *o) {
  memset(o, 0, sizeof *o);
  o->preg = MIR_PREG_NONE;
  bool lo64 = false; /* "lo64 %t:v1": mir_opnd_lo64 */
  for (;;) {
    if (accept(ps, "killed", true)) o->flags |= MIR_OPND_KILL;
    else if (accept(ps, "latekill", true)) o->flags |= MIR_OPND_LATE_KILL;
    else if (accept(ps, "fixed", true)) o->flags |= MIR_OPND_FIXED_REG;
    else if (accept(ps, "neghi", true)) o->flags |= MIR_OPND_NEG_HI;
    else if (accept(ps, "lo64", true)) lo64 = true;
    else if (accept(ps, "sdwa", false)) {
      /* "sdwa:BYTE_1", "sdwa.sext:WORD_0" (print.c) */
      unsigned sext = accept(ps, ".sext", false) ? MIR_SEL_SEXT : 0, k;
      expect(ps, ":");
      for (k = 1; k <= MIR_SEL_WORD_1; k++)
        if (accept(ps, mir_sel_names[k], true)) break;
      if (k > MIR_SEL_WORD_1) fail(ps, "expected an SDWA select (BYTE_0..3, WORD_0..1)");
      o->sel = (uint8_t)(k | sext);
    }
    else if (accept(ps, "sel:", false)) {
      /* "sel:XY" (print.c): X the dword the low lane reads, Y the high lane's */
      if (ps->cur + 2 > ps->end || (ps->cur[0] != '0' && ps->cur[0] != '1') || (ps->cur[1] != '0' && ps->cur[1] != '1'))
        fail(ps, "expected sel:XY with X, Y 0 or 1");
      if (ps->cur[0] == '1') o->flags |= MIR_OPND_OPSEL;
      if (ps->cur[1] == '0') o->flags |= MIR_OPND_HI_FROM_LO;
      ps->cur += 2;
    } else break;
  }
  skip_ws(ps);
  if (ps->cur + 1 < ps->end && ps->cur[0] == '-' && !isdigit((unsigned char)ps->cur[1])) {
    o->flags |= MIR_OPND_NEG;
    ps->cur++;
  }
  bool abs = accept(ps, "|", false);
  if (abs) o->flags |= MIR_OPND_ABS;
  skip_ws(ps);
  if (ps->cur >= ps->end) fail(ps, "expected an operand");
  mir_preg r;
  unsigned size;
  if (*ps->cur == '%') {
    ps->cur++;
    uint64_t id = parse_uint(ps);
    if (id == 0 || id >= (1u << 24)) fail(ps, "bad temporary id");
    expect(ps, ":");
    mir_rc rc = parse_rc(ps);
    mir_program *p = ps->p;
    if (id < p->num_temps && p->temp_rc[id] && p->temp_rc[id] != rc)
      fail(ps, "temporary %%%llu used with two register classes", (unsigned long long)id);
    if (id >= p->num_temps || !p->temp_rc[id]) mir_set_temp_rc(p, (uint32_t)id, rc);
    o->kind = MIR_OPND_TEMP;
    o->temp.id = (uint32_t)id;
    o->temp.rc = rc;
    if (lo64 && rc != mir_rc_v(1)) fail(ps, "lo64 needs a v1 temporary");
    if (lo64) o->size = 2;
    if (accept(ps, "@", false)) {
      if (!parse_preg(ps, &r, &size)) fail(ps, "expected a physical register after '@'");
      if (size != mir_rc_size(rc) && !(r == MIR_PREG_SCC && size == 1))
        fail(ps, "register size does not match the class");
      o->preg = r;
    }
  } else if (*ps->cur == '_' && word_len(ps) == 1) {
    ps->cur++;
    o->kind = MIR_OPND_NONE;
  } else if (accept(ps, "undef:", false)) {
    o->kind = MIR_OPND_UNDEF;
    o->temp.rc = parse_rc(ps);
  } else if (accept(ps, "imm64(", false)) {
    o->kind = MIR_OPND_CONST;
    o->size = 2;
    o->imm = parse_const(ps);
    expect(ps, ")");
  } else if (ps->cur + 2 < ps->end + 1 && ps->cur[0] == 'B' && ps->cur[1] == 'B' &&
             ps->cur + 2 < ps->end && isdigit((unsigned char)ps->cur[2])) {
    ps->cur += 2;
    o->kind = MIR_OPND_BLOCK;
    o->imm = (uint32_t)parse_uint(ps);
  } else if (parse_preg(ps, &r, &size)) {
    o->kind = MIR_OPND_FIXED;
    o->preg = r;
    o->size = (uint8_t)size;
  } else if (isdigit((unsigned char)*ps->cur) || *ps->cur == '-') {
    o->kind = MIR_OPND_CONST;
    o->size = 1;
    o->imm = parse_const(ps);
  } else {
    fail(ps, "expected an operand");
  }
  if (abs) expect(ps, "|");
}

/* mode(r32:V,r1664:V,d32:V,d1664:V): fixed MODE fields (mir_instr.fpmode). */
static void parse_fpmode(parser *ps, mir_instr *ins) {
  static const char *const names[ISA_MODE_NUM_FIELDS] = {"r32:", "r1664:", "d32:", "d1664:"};
  do {
    unsigned f = 0;
    while (f < ISA_MODE_NUM_FIELDS && !accept(ps, names[f], false)) f++;
    if (f == ISA_MODE_NUM_FIELDS) fail(ps, "expected r32:, r1664:, d32: or d1664: in mode(...)");
    uint64_t v = parse_uint(ps);
    if (v > 3) fail(ps, "MODE field value out of range (0..3)");
    ins->fpmode = mir_fpmode_fix(ins->fpmode, (isa_mode_field)f, (unsigned)v);
  } while (accept(ps, ",", false));
  expect(ps, ")");
}

/* Instruction field words after the operands; true if one was consumed. */
/* A counter of s_waitcnt, NAME(N) as the program's target names it
 * (wavecc_counter_name): sets that field of the immediate. */
static bool parse_waitcnt_field(parser *ps, mir_instr *ins) {
  const wavecc_target *t = ps->p->target;
  for (unsigned c = 0; c < WAVECC_NUM_COUNTERS; c++) {
    char word[24];
    snprintf(word, sizeof word, "%s(", wavecc_counter_name((wavecc_counter)c));
    if (!wavecc_counter_in_waitcnt(t, (wavecc_counter)c) || !accept(ps, word, false)) continue;
    uint64_t n = parse_uint(ps);
    expect(ps, ")");
    if (n > wavecc_counter_max(t, (wavecc_counter)c)) fail(ps, "wait count out of range");
    unsigned cnt[WAVECC_NUM_COUNTERS];
    wavecc_waitcnt_decode(t, (uint16_t)ins->offset, cnt);
    cnt[c] = (unsigned)n;
    ins->offset = wavecc_waitcnt_encode(t, cnt);
    return true;
  }
  return false;
}

static bool parse_field(parser *ps, mir_instr *ins) {
  if (accept(ps, "vop3", true)) ins->enc_flags |= MIR_ENC_VOP3;
  else if (accept(ps, "glc", true)) ins->enc_flags |= MIR_ENC_GLC;
  else if (accept(ps, "slc", true)) ins->enc_flags |= MIR_ENC_SLC;
  else if (accept(ps, "sc1", true)) ins->enc_flags |= MIR_ENC_SC1;
  else if (accept(ps, "ordered", true)) ins->enc_flags |= MIR_ENC_ORDERED;
  else if (accept(ps, "offen", true)) ins->enc_flags |= MIR_ENC_OFFEN;
  else if (accept(ps, "idxen", true)) ins->enc_flags |= MIR_ENC_IDXEN;
  else if (accept(ps, "off", true)) ins->enc_flags |= MIR_ENC_OFF;
  else if (accept(ps, "dwaligned", true)) ins->enc_flags |= MIR_ENC_DWALIGNED;
  else if (accept(ps, "gds", true)) ins->enc_flags |= MIR_ENC_GDS;
  else if (accept(ps, "invariant", true)) ins->enc_flags |= MIR_ENC_INVARIANT;
  else if (accept(ps, "uniform", true)) ins->enc_flags |= MIR_ENC_UNIFORM;
  else if (accept(ps, "vopd1", true)) ins->enc_flags |= MIR_ENC_VOPD_FIRST;
  else if (accept(ps, "vopd2", true)) ins->enc_flags |= MIR_ENC_VOPD_SECOND;
  else if (accept(ps, "gpr_idx", true)) ins->enc_flags |= MIR_ENC_GPR_IDX;
  else if (accept(ps, "clamp", true)) ins->clamp = 1;
  else if (accept(ps, "omod:", false)) ins->omod = (uint8_t)parse_uint(ps);
  else if (accept(ps, "offset:", false) || accept(ps, "imm:", false)) ins->offset = (int32_t)parse_const(ps);
  else if (accept(ps, "mode(", false)) parse_fpmode(ps, ins);
  else if (parse_waitcnt_field(ps, ins)) return true;
  else return false;
  return true;
}

static bool at_field(parser *ps) {
  /* every word parse_field takes: an instruction without operands
   * (s_waitcnt) starts with one of them */
  static const char *const words[] = {"vop3", "glc", "slc", "sc1", "ordered", "offen", "idxen", "off", "dwaligned", "gds", "invariant", "uniform", "gpr_idx", "clamp", "omod:",
                                      "offset:", "imm:", "vmcnt(", "expcnt(", "lgkmcnt(", "mode("};
  skip_ws(ps);
  for (unsigned i = 0; i < sizeof words / sizeof words[0]; i++) {
    size_t n = strlen(words[i]);
    if ((size_t)(ps->end - ps->cur) >= n && memcmp(ps->cur, words[i], n) == 0) {
      char last = words[i][n - 1];
      if (last == ':' || last == '(') return true;
      if (ps->cur + n == ps->end || !(isalnum((unsigned char)ps->cur[n]) || ps->cur[n] == '_')) return true;
    }
  }
  return false;
}

static unsigned lookup_opcode(parser *ps, const char *name) {
  for (unsigned op = MIR_P_FIRST; op < MIR_P_LAST; op++)
    if (strcmp(mir_opcode_name(op), name) == 0) return op;
  isa_op op = isa_by_mnemonic(name);
  if (op == ISA_NUM_OPS) fail(ps, "unknown instruction '%s'", name);
  return op;
}

static void parse_instr(parser *ps, mir_block *b) {
  mir_operand defs[64], ops[255];
  unsigned nd = 0, no = 0;
  const char *eq = memchr(ps->cur, '=', (size_t)(ps->end - ps->cur));
  if (eq) {
    const char *save_end = ps->end;
    ps->end = eq;
    do {
      if (nd == 64) fail(ps, "too many definitions");
      parse_operand(ps, &defs[nd++]);
    } while (accept(ps, ",", false));
    if (!at_end(ps)) fail(ps, "unexpected text before '='");
    ps->end = save_end;
    ps->cur = eq + 1;
  }
  size_t n = word_len(ps);
  if (n == 0 || n >= 64) fail(ps, "expected an instruction name");
  char name[64];
  memcpy(name, ps->cur, n);
  name[n] = 0;
  ps->cur += n;
  unsigned opcode = lookup_opcode(ps, name);
  if (!at_end(ps) && !at_field(ps)) {
    do {
      if (no == 255) fail(ps, "too many operands");
      parse_operand(ps, &ops[no++]);
    } while (accept(ps, ",", false));
  }
  mir_instr *ins = mir_instr_create(ps->p, opcode, no, nd);
  memcpy(ins->ops, ops, no * sizeof *ops);
  memcpy(ins->defs, defs, nd * sizeof *defs);
  if (opcode == ISA_S_WAITCNT) ins->offset = wavecc_waitcnt_none(ps->p->target);
  while (!at_end(ps))
    if (!parse_field(ps, ins)) fail(ps, "unexpected text '%.*s'", (int)(ps->end - ps->cur), ps->cur);
  mir_block_append(ps->p, b, ins);
}

static void parse_list(parser *ps, mir_idx_list *a, mir_idx_list *b2) {
  while (accept(ps, "BB", false)) {
    uint32_t v = (uint32_t)parse_uint(ps);
    mir_idx_list_push(ps->p, a, v);
    if (b2) mir_idx_list_push(ps->p, b2, v);
  }
}

static void parse_block_header(parser *ps) {
  uint64_t idx = parse_uint(ps);
  expect(ps, ":");
  if (idx != ps->p->num_blocks) fail(ps, "blocks must be numbered in order: expected BB%u", ps->p->num_blocks);
  uint32_t bi = mir_add_block(ps->p);
  mir_block *b = &ps->p->blocks[bi];
  while (!at_end(ps)) {
    if (accept(ps, "preds:", false)) parse_list(ps, &b->logical_preds, &b->linear_preds);
    else if (accept(ps, "succs:", false)) parse_list(ps, &b->logical_succs, &b->linear_succs);
    else if (accept(ps, "logical_preds:", false)) parse_list(ps, &b->logical_preds, NULL);
    else if (accept(ps, "linear_preds:", false)) parse_list(ps, &b->linear_preds, NULL);
    else if (accept(ps, "logical_succs:", false)) parse_list(ps, &b->logical_succs, NULL);
    else if (accept(ps, "linear_succs:", false)) parse_list(ps, &b->linear_succs, NULL);
    else if (accept(ps, "loop_header", true)) b->flags |= MIR_BLOCK_LOOP_HEADER;
    else if (accept(ps, "loop_exit", true)) b->flags |= MIR_BLOCK_LOOP_EXIT;
    else if (accept(ps, "divergent_branch", true)) b->flags |= MIR_BLOCK_DIVERGENT_BRANCH;
    else if (accept(ps, "uniform", true)) b->flags |= MIR_BLOCK_UNIFORM;
    else fail(ps, "unexpected text in block header");
  }
}

static void parse_abi(parser *ps) {
  mir_kernel_abi *a = &ps->p->abi;
  /* Presence of the line means "exactly these": clear the builder's defaults. */
  a->ieee_mode = a->dx10_clamp = false;
  while (!at_end(ps)) {
    struct { const char *w; bool *f; } flags[] = {
      {"private_segment_buffer", &a->private_segment_buffer}, {"dispatch_ptr", &a->dispatch_ptr},
      {"queue_ptr", &a->queue_ptr}, {"kernarg_segment_ptr", &a->kernarg_segment_ptr},
      {"dispatch_id", &a->dispatch_id}, {"flat_scratch_init", &a->flat_scratch_init},
      {"workgroup_id_x", &a->workgroup_id[0]}, {"workgroup_id_y", &a->workgroup_id[1]},
      {"workgroup_id_z", &a->workgroup_id[2]},
      {"private_segment_wave_offset", &a->private_segment_wave_offset},
      {"ieee_mode", &a->ieee_mode}, {"dx10_clamp", &a->dx10_clamp},
      {"sgpr_spill_scratch", &a->sgpr_spill_scratch},
    };
    struct { const char *w; uint32_t *v; } vals[] = {
      {"workitem_id_dims=", &a->workitem_id_dims}, {"kernarg_size=", &a->kernarg_size},
      {"kernarg_align=", &a->kernarg_align}, {"group_segment_size=", &a->group_segment_size},
      {"private_segment_size=", &a->private_segment_size},
      {"max_flat_workgroup_size=", &a->max_flat_workgroup_size},
      {"num_sgprs_budget=", &a->num_sgprs_budget}, {"num_vgprs_budget=", &a->num_vgprs_budget},
      {"tuple_slack=", &a->tuple_slack},
      {"float_mode=", &a->float_mode},
    };
    bool ok = false;
    if (accept(ps, "reqd_workgroup_size=", false)) { /* X,Y,Z */
      for (unsigned d = 0; d < 3; d++) {
        if (d) expect(ps, ",");
        a->reqd_workgroup_size[d] = (uint32_t)parse_uint(ps);
      }
      ok = true;
    }
    for (unsigned i = 0; !ok && i < sizeof flags / sizeof flags[0]; i++)
      if (accept(ps, flags[i].w, true)) *flags[i].f = ok = true;
    for (unsigned i = 0; !ok && i < sizeof vals / sizeof vals[0]; i++)
      if (accept(ps, vals[i].w, false)) {
        *vals[i].v = (uint32_t)parse_uint(ps);
        ok = true;
      }
    if (!ok) fail(ps, "unknown abi field");
  }
}

static void parse_arg(parser *ps) {
  mir_kernel_abi *a = &ps->p->abi;
  mir_kernel_arg *old = a->args;
  a->args = arena_grow(ps->p->mem, old, a->num_args, a->num_args + 1, sizeof *a->args);
  mir_kernel_arg *g = &a->args[a->num_args++];
  memset(g, 0, sizeof *g);
  g->name = parse_string(ps);
  g->type_name = parse_string(ps);
  g->value_kind = parse_string(ps);
  while (!at_end(ps)) {
    if (accept(ps, "offset=", false)) g->offset = (uint32_t)parse_uint(ps);
    else if (accept(ps, "size=", false)) g->size = (uint32_t)parse_uint(ps);
    else if (accept(ps, "align=", false)) g->align = (uint32_t)parse_uint(ps);
    else if (accept(ps, "as=", false)) g->address_space = (uint32_t)parse_uint(ps);
    else if (accept(ps, "const", true)) g->is_const = true;
    else if (accept(ps, "restrict", true)) g->is_restrict = true;
    else if (accept(ps, "volatile", true)) g->is_volatile = true;
    else fail(ps, "unknown arg field");
  }
}

mir_program *mir_parse(arena *mem, const char *text, char *err, size_t errlen) {
  parser ps = {.err = err, .errlen = errlen};
  if (err && errlen) err[0] = 0;
  ps.p = NULL;
  if (setjmp(ps.fail)) return NULL;
  const char *line = text;
  while (*line) {
    ps.line++;
    const char *nl = strchr(line, '\n');
    const char *lend = nl ? nl : line + strlen(line);
    /* Strip a ';' comment (outside strings). */
    const char *c = line;
    bool in_str = false;
    for (; c < lend; c++) {
      if (*c == '"' && (c == line || c[-1] != '\\')) in_str = !in_str;
      if ((*c == ';' || *c == '#') && !in_str) break; /* comments: ';' or '#' to end of line */
    }
    ps.cur = line;
    ps.end = c;
    if (!at_end(&ps)) {
      if (accept(&ps, "kernel", true)) {
        if (ps.p) fail(&ps, "one kernel per file");
        size_t n = word_len(&ps);
        if (!n) fail(&ps, "expected a kernel name");
        char *name = arena_strndup(mem, ps.cur, n);
        ps.cur += n;
        ps.p = mir_program_create(mem, name);
      } else if (!ps.p) {
        fail(&ps, "expected 'kernel NAME'");
      } else if (accept(&ps, "target", true)) { /* before the blocks: the layouts they use */
        size_t n = word_len(&ps);
        char *name = arena_strndup(mem, ps.cur, n);
        ps.cur += n;
        if (ps.p->num_blocks) fail(&ps, "'target' after the first block");
        if (!(ps.p->target = wavecc_target_by_name(name))) fail(&ps, "unknown target '%s'", name);
        if (ps.p->target && accept(&ps, "wave64", true) && !(ps.p->target = wavecc_target_variant(ps.p->target, 64)))
          fail(&ps, "target '%s' has no wave64 variant", name);
      } else if (accept(&ps, "state", true)) {
        while (!at_end(&ps)) {
          if (accept(&ps, "regs_assigned", true)) ps.p->regs_assigned = true;
          else if (accept(&ps, "ssa_eliminated", true)) ps.p->ssa_eliminated = true;
          else fail(&ps, "unknown state");
        }
      } else if (accept(&ps, "abi", true)) {
        parse_abi(&ps);
      } else if (accept(&ps, "arg", true)) {
        parse_arg(&ps);
      } else if (ps.end - ps.cur > 2 && ps.cur[0] == 'B' && ps.cur[1] == 'B' && isdigit((unsigned char)ps.cur[2])) {
        ps.cur += 2;
        parse_block_header(&ps);
      } else {
        if (!ps.p->num_blocks) fail(&ps, "instruction outside a block");
        parse_instr(&ps, &ps.p->blocks[ps.p->num_blocks - 1]);
      }
      if (!at_end(&ps)) fail(&ps, "unexpected text at end of line");
    }
    line = nl ? nl + 1 : lend;
  }
  if (!ps.p) fail(&ps, "empty input: expected 'kernel NAME'");
  /* Forward references: every block index must exist. */
  for (uint32_t bi = 0; bi < ps.p->num_blocks; bi++) {
    mir_block *b = &ps.p->blocks[bi];
    mir_idx_list *ls[4] = {&b->logical_preds, &b->logical_succs, &b->linear_preds, &b->linear_succs};
    for (int k = 0; k < 4; k++)
      for (uint32_t i = 0; i < ls[k]->n; i++)
        if (ls[k]->v[i] >= ps.p->num_blocks) fail(&ps, "BB%u refers to missing block BB%u", bi, ls[k]->v[i]);
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      for (unsigned j = 0; j < ins->num_ops; j++)
        if (ins->ops[j].kind == MIR_OPND_BLOCK && ins->ops[j].imm >= ps.p->num_blocks)
          fail(&ps, "branch to missing block BB%u", ins->ops[j].imm);
    }
  }
  return ps.p;
}
