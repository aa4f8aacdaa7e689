/* Source positions for check reports: the DWARF line table (.debug_line,
 * versions 2 to 5) of the code object, as clang -g / llc-19 and wavecc -g
 * write it (DWARF 5 standard, 6.2 "Line Number Information"). The loader
 * keeps copies of .debug_line, .debug_line_str and .debug_str
 * (emu_keep_debug_section); the table is decoded once per dispatch that
 * has checks on, into rows sorted by address. A report's PC maps to the
 * last row at or before it in its sequence: "file:line:column". */
#include <stdlib.h>
#include <string.h>

#include "emu/check_internal.h"

typedef struct line_row {
  uint64_t addr;
  uint32_t file, line, col;
  uint8_t end;          /* end_sequence: no position from here */
} line_row;

struct check_lines {
  line_row *rows; size_t nrows, cap;
  char **files; size_t nfiles, capfiles;
};

void emu_keep_debug_section(wemu_program *p, const char *name, const uint8_t *data, uint64_t size) {
  uint8_t **dst = NULL;
  size_t *dsz = NULL;
  if (!strcmp(name, ".debug_line")) { dst = &p->dbg_line; dsz = &p->dbg_line_size; }
  else if (!strcmp(name, ".debug_line_str")) { dst = &p->dbg_line_str; dsz = &p->dbg_line_str_size; }
  else if (!strcmp(name, ".debug_str")) { dst = &p->dbg_str; dsz = &p->dbg_str_size; }
  else if (!strcmp(name, ".wavecc.checks")) { dst = &p->wcc_checks; dsz = &p->wcc_checks_size; }
  if (!dst || *dst || !size) return;
  *dst = malloc(size);
  if (!*dst) return; /* no positions: the reports still work */
  memcpy(*dst, data, size);
  *dsz = size;
}

/* A bounds-checked reader over [p, end). */
typedef struct rd { const uint8_t *p, *end; int bad; } rd;

static uint64_t u(rd *r, unsigned n) {
  uint64_t v = 0;
  if ((size_t)(r->end - r->p) < n) { r->bad = 1; r->p = r->end; return 0; }
  for (unsigned i = 0; i < n; i++) v |= (uint64_t)r->p[i] << (8 * i);
  r->p += n;
  return v;
}
static uint64_t uleb(rd *r) {
  uint64_t v = 0;
  for (unsigned s = 0; r->p < r->end; s += 7) {
    uint8_t b = *r->p++;
    if (s < 64) v |= (uint64_t)(b & 0x7f) << s;
    if (!(b & 0x80)) return v;
  }
  r->bad = 1;
  return v;
}
static int64_t sleb(rd *r) {
  int64_t v = 0;
  unsigned s = 0;
  uint8_t b = 0x80;
  while (r->p < r->end && (b & 0x80)) {
    b = *r->p++;
    if (s < 64) v |= (int64_t)((uint64_t)(b & 0x7f) << s);
    s += 7;
  }
  if (b & 0x80) r->bad = 1;
  if (s < 64 && (b & 0x40)) v |= (int64_t)(~0ull << s);
  return v;
}
static const char *cstr(rd *r) {
  const char *s = (const char *)r->p;
  size_t n = strnlen(s, (size_t)(r->end - r->p));
  if (r->p + n >= r->end) { r->bad = 1; r->p = r->end; return ""; }
  r->p += n + 1;
  return s;
}
static const char *strsec(const uint8_t *sec, size_t size, uint64_t off) {
  if (!sec || off >= size) return "";
  size_t n = strnlen((const char *)sec + off, size - off);
  return n == size - off ? "" : (const char *)sec + off;
}

static int add_file(struct check_lines *L, const char *dir, const char *name) {
  if (L->nfiles == L->capfiles) {
    size_t nc = L->capfiles ? 2 * L->capfiles : 16;
    char **f = realloc(L->files, nc * sizeof *f);
    if (!f) return -1;
    L->files = f; L->capfiles = nc;
  }
  size_t n = strlen(dir) + strlen(name) + 2;
  char *s = malloc(n);
  if (!s) return -1;
  if (name[0] == '/' || !dir[0]) snprintf(s, n, "%s", name);
  else snprintf(s, n, "%s/%s", dir, name);
  L->files[L->nfiles++] = s;
  return 0;
}

static int add_row(struct check_lines *L, uint64_t addr, uint32_t file, uint32_t line, uint32_t col, int end) {
  if (L->nrows == L->cap) {
    size_t nc = L->cap ? 2 * L->cap : 256;
    line_row *r = realloc(L->rows, nc * sizeof *r);
    if (!r) return -1;
    L->rows = r; L->cap = nc;
  }
  L->rows[L->nrows++] = (line_row){addr, file, line, col, (uint8_t)end};
  return 0;
}

/* One attribute value of a DWARF 5 directory / file entry: a string (set
 * *s) or a number. */
static void form_value(const wemu_program *p, rd *r, uint64_t form, int off64, const char **s, uint64_t *num) {
  *s = NULL; *num = 0;
  switch (form) {
  case 0x08: *s = cstr(r); break;                                                         /* string */
  case 0x1f: *s = strsec(p->dbg_line_str, p->dbg_line_str_size, u(r, off64 ? 8 : 4)); break; /* line_strp */
  case 0x0e: *s = strsec(p->dbg_str, p->dbg_str_size, u(r, off64 ? 8 : 4)); break;        /* strp */
  case 0x0b: *num = u(r, 1); break;
  case 0x05: *num = u(r, 2); break;
  case 0x06: *num = u(r, 4); break;
  case 0x07: *num = u(r, 8); break;
  case 0x1e: u(r, 8); u(r, 8); break; /* data16 (MD5) */
  case 0x0f: *num = uleb(r); break;
  case 0x09: { uint64_t n = uleb(r); if (n > (uint64_t)(r->end - r->p)) r->bad = 1; else r->p += n; break; }
  default: r->bad = 1; break;
  }
}

/* DWARF 5 directory or file-name table; names[i] (dirs) or files added. */
static int entry_table(const wemu_program *p, struct check_lines *L, rd *r, int off64, const char **dirs, size_t ndirs,
                       const char ***out, size_t *nout) {
  unsigned nfmt = (unsigned)u(r, 1);
  uint64_t fmt[16][2];
  if (nfmt > 16) return -1;
  for (unsigned i = 0; i < nfmt; i++) { fmt[i][0] = uleb(r); fmt[i][1] = uleb(r); }
  uint64_t n = uleb(r);
  if (r->bad || n > 100000) return -1;
  const char **names = out ? calloc(n ? n : 1, sizeof *names) : NULL;
  if (out && !names) return -1;
  for (uint64_t k = 0; k < n && !r->bad; k++) {
    const char *path = "";
    uint64_t dir = 0;
    for (unsigned i = 0; i < nfmt; i++) {
      const char *s; uint64_t v;
      form_value(p, r, fmt[i][1], off64, &s, &v);
      if (fmt[i][0] == 1 && s) path = s;  /* DW_LNCT_path */
      if (fmt[i][0] == 2) dir = v;        /* DW_LNCT_directory_index */
    }
    if (out) names[k] = path;
    else if (add_file(L, k == 0 || dir >= ndirs || dir == 0 ? "" : dirs[dir], path)) return -1;
  }
  if (out) { *out = names; *nout = (size_t)n; }
  return r->bad ? -1 : 0;
}

/* Runs the line-number program of one unit [r->p, r->end); file numbers
 * are offset by `fbase` into L->files (v5 numbers from 0, v2-4 from 1). */
static int run_program(struct check_lines *L, rd *r, unsigned min_inst, int line_base, unsigned line_range,
                       unsigned opcode_base, const uint8_t *std_len, uint32_t fbase, int v5) {
  uint64_t addr = 0;
  uint32_t file = 1, line = 1, col = 0;
  const uint32_t f0 = v5 ? 0 : 1;
  while (r->p < r->end && !r->bad) {
    unsigned op = (unsigned)u(r, 1);
    if (op >= opcode_base) {
      unsigned adj = op - opcode_base;
      addr += (uint64_t)(adj / line_range) * min_inst;
      line += (uint32_t)(line_base + (int)(adj % line_range));
      if (add_row(L, addr, fbase + file - f0, line, col, 0)) return -1;
      continue;
    }
    switch (op) {
    case 0: {
      uint64_t len = uleb(r);
      if (!len || len > (uint64_t)(r->end - r->p)) return -1;
      const uint8_t *next = r->p + len;
      unsigned sub = (unsigned)u(r, 1);
      if (sub == 1) { if (add_row(L, addr, 0, 0, 0, 1)) return -1; addr = 0; file = 1; line = 1; col = 0; }
      else if (sub == 2) addr = u(r, len - 1 >= 8 ? 8 : 4);
      r->p = next;
      break;
    }
    case 1: if (add_row(L, addr, fbase + file - f0, line, col, 0)) return -1; break;
    case 2: addr += uleb(r) * min_inst; break;
    case 3: line += (uint32_t)sleb(r); break;
    case 4: file = (uint32_t)uleb(r); break;
    case 5: col = (uint32_t)uleb(r); break;
    case 8: addr += (uint64_t)((255 - opcode_base) / line_range) * min_inst; break;
    case 9: addr += u(r, 2); break;
    case 6: case 7: case 10: case 11: break;
    default: /* unknown standard opcode: skip its ULEB operands */
      for (unsigned i = 0; i < std_len[op - 1]; i++) uleb(r);
      break;
    }
  }
  return r->bad ? -1 : 0;
}

static int unit(const wemu_program *p, struct check_lines *L, rd *all) {
  int off64 = 0;
  uint64_t len = u(all, 4);
  if (len == 0xffffffffu) { len = u(all, 8); off64 = 1; }
  if (all->bad || len > (uint64_t)(all->end - all->p)) return -1;
  rd r = {all->p, all->p + len, 0};
  all->p += len;
  unsigned version = (unsigned)u(&r, 2);
  if (version < 2 || version > 5) return -1;
  if (version == 5) { u(&r, 1); u(&r, 1); } /* address_size, segment_selector_size */
  uint64_t hlen = u(&r, off64 ? 8 : 4);
  if (hlen > (uint64_t)(r.end - r.p)) return -1;
  const uint8_t *prog = r.p + hlen;
  unsigned min_inst = (unsigned)u(&r, 1);
  if (version >= 4) u(&r, 1); /* maximum_operations_per_instruction */
  u(&r, 1);                   /* default_is_stmt */
  int line_base = (int8_t)u(&r, 1);
  unsigned line_range = (unsigned)u(&r, 1), opcode_base = (unsigned)u(&r, 1);
  if (!line_range || !opcode_base || (size_t)(r.end - r.p) < opcode_base - 1) return -1;
  const uint8_t *std_len = r.p;
  r.p += opcode_base - 1;
  uint32_t fbase = (uint32_t)L->nfiles;
  if (version == 5) {
    const char **dirs = NULL;
    size_t ndirs = 0;
    int bad = entry_table(p, L, &r, off64, NULL, 0, &dirs, &ndirs) ||
              entry_table(p, L, &r, off64, dirs, ndirs, NULL, NULL);
    free(dirs);
    if (bad) return -1;
  } else {
    const char *dirs[64] = {""};
    size_t ndirs = 1;
    for (;;) { const char *d = cstr(&r); if (r.bad || !d[0]) break; if (ndirs < 64) dirs[ndirs++] = d; }
    for (;;) {
      const char *f = cstr(&r);
      if (r.bad || !f[0]) break;
      uint64_t di = uleb(&r); uleb(&r); uleb(&r);
      if (add_file(L, di < ndirs ? dirs[di] : "", f)) return -1;
    }
  }
  if (r.bad || prog > r.end) return -1;
  r.p = prog;
  return run_program(L, &r, min_inst ? min_inst : 1, line_base, line_range, opcode_base, std_len, fbase, version == 5);
}

static int row_cmp(const void *a, const void *b) {
  const line_row *x = a, *y = b;
  if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
  return (int)y->end - (int)x->end; /* an end_sequence first: the next sequence starts there */
}

struct check_lines *lines_load(const wemu_program *prog) {
  if (!prog->dbg_line) return NULL;
  struct check_lines *L = calloc(1, sizeof *L);
  if (!L) return NULL;
  rd all = {prog->dbg_line, prog->dbg_line + prog->dbg_line_size, 0};
  while (all.p < all.end)
    if (unit(prog, L, &all)) break; /* keep what was read */
  if (!L->nrows) { lines_free(L); return NULL; }
  qsort(L->rows, L->nrows, sizeof *L->rows, row_cmp);
  return L;
}

void lines_free(struct check_lines *l) {
  if (!l) return;
  for (size_t i = 0; i < l->nfiles; i++) free(l->files[i]);
  free(l->files);
  free(l->rows);
  free(l);
}

void lines_find(const struct check_lines *l, uint64_t vaddr, char *buf, size_t n) {
  if (n) buf[0] = 0;
  if (!l || !n) return;
  size_t lo = 0, hi = l->nrows; /* the last row with addr <= vaddr */
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (l->rows[mid].addr <= vaddr) lo = mid + 1; else hi = mid;
  }
  if (!lo) return;
  const line_row *r = &l->rows[lo - 1];
  while (r > l->rows && !r->end && r->line == 0) r--; /* line 0 (compiler-made code): the line before it */
  if (r->end || !r->line || r->file >= l->nfiles) return;
  if (r->col) snprintf(buf, n, "%s:%u:%u", l->files[r->file], r->line, r->col);
  else snprintf(buf, n, "%s:%u", l->files[r->file], r->line);
}
