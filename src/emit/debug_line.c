/* The DWARF line table of a code object written by wavecc itself
 * (codeobj_write.c): .debug_line in the version-4 form (DWARF 5 standard,
 * 6.2 "Line Number Information", with the v4 header of DWARF 4 6.2.4),
 * one sequence over .text. Each row sets its address explicitly
 * (DW_LNE_set_address), then the file, line and column, and copies: a few
 * bytes more than special opcodes would take, and no address arithmetic
 * to get wrong. Code without a position of its own (spills, waits, the
 * prologue) belongs to the row before it, as in llc-19's tables. */
#include <stdlib.h>
#include <string.h>

#include "emit/encode.h"

static void uleb(bytebuf *b, uint64_t v) {
  do {
    uint8_t c = v & 0x7f;
    v >>= 7;
    if (v) c |= 0x80;
    bytebuf_put(b, &c, 1);
  } while (v);
}

static void sleb(bytebuf *b, int64_t v) {
  for (;;) {
    uint8_t c = v & 0x7f;
    v >>= 7; /* arithmetic shift of a signed value (gcc, clang) */
    int done = (v == 0 && !(c & 0x40)) || (v == -1 && (c & 0x40));
    if (!done) c |= 0x80;
    bytebuf_put(b, &c, 1);
    if (done) return;
  }
}

static void set_address(bytebuf *b, uint64_t addr) {
  bytebuf_le(b, 0, 1);   /* extended opcode */
  uleb(b, 9);
  bytebuf_le(b, 2, 1);   /* DW_LNE_set_address */
  bytebuf_le(b, addr, 8);
}

int mc_debug_line(const mc_code *text, uint64_t text_addr, bytebuf *out) {
  /* the files, in order of first use (file numbers from 1 in DWARF 4) */
  const char **files = calloc(text->nlines + 1, sizeof *files);
  uint32_t nfiles = 0;
  if (!files) return 1;
  size_t start = out->n;
  bytebuf_le(out, 0, 4);         /* unit_length, patched */
  bytebuf_le(out, 4, 2);         /* version */
  size_t hlen_at = out->n;
  bytebuf_le(out, 0, 4);         /* header_length, patched */
  bytebuf_le(out, 4, 1);         /* minimum_instruction_length: 4 bytes */
  bytebuf_le(out, 1, 1);         /* maximum_operations_per_instruction */
  bytebuf_le(out, 1, 1);         /* default_is_stmt */
  bytebuf_le(out, (uint8_t)-5, 1); /* line_base */
  bytebuf_le(out, 14, 1);        /* line_range */
  bytebuf_le(out, 13, 1);        /* opcode_base */
  static const uint8_t std_len[12] = {0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1};
  bytebuf_put(out, std_len, sizeof std_len);
  bytebuf_le(out, 0, 1);         /* include_directories: none */
  for (uint32_t i = 0; i < text->nlines; i++) {
    uint32_t k = 0;
    while (k < nfiles && strcmp(files[k], text->lines[i].file)) k++;
    if (k < nfiles) continue;
    files[nfiles++] = text->lines[i].file;
    bytebuf_put(out, text->lines[i].file, strlen(text->lines[i].file) + 1);
    uleb(out, 0); uleb(out, 0); uleb(out, 0); /* directory, time, length */
  }
  bytebuf_le(out, 0, 1);         /* end of file_names */
  size_t prog = out->n;
  uint32_t file = 1, line = 1;
  for (uint32_t i = 0; i < text->nlines; i++) {
    const mc_line *l = &text->lines[i];
    uint32_t k = 0;
    while (k < nfiles && strcmp(files[k], l->file)) k++;
    set_address(out, text_addr + l->offset);
    if (k + 1 != file) { bytebuf_le(out, 4, 1); uleb(out, k + 1); file = k + 1; } /* DW_LNS_set_file */
    if (l->line != line) { bytebuf_le(out, 3, 1); sleb(out, (int64_t)l->line - line); line = l->line; } /* advance_line */
    bytebuf_le(out, 5, 1); uleb(out, l->col);                                    /* DW_LNS_set_column */
    bytebuf_le(out, 1, 1);                                                        /* DW_LNS_copy */
  }
  set_address(out, text_addr + text->size);
  bytebuf_le(out, 0, 1); uleb(out, 1); bytebuf_le(out, 1, 1); /* DW_LNE_end_sequence */
  free(files);
  if (out->oom) return 1;
  uint32_t unit = (uint32_t)(out->n - start - 4), hlen = (uint32_t)(prog - hlen_at - 4);
  memcpy(out->b + start, &unit, 4);
  memcpy(out->b + hlen_at, &hlen, 4);
  return 0;
}

int mc_check_section(const mc_code *text, uint64_t text_addr, bytebuf *out) {
  bytebuf_put(out, "WCCK", 4);
  bytebuf_le(out, 1, 4);
  bytebuf_le(out, text->nchecks, 4);
  for (uint32_t i = 0; i < text->nchecks; i++) {
    const mc_check *r = &text->checks[i];
    bytebuf_le(out, text_addr + r->offset, 8);
    bytebuf_le(out, r->kind, 4);
    bytebuf_le(out, r->obj_offset, 4);
    bytebuf_le(out, r->obj_size, 4);
  }
  return out->oom ? 1 : 0;
}
