/* HSA code object writer: the module's machine code, kernel descriptors,
 * metadata note and data objects as the ELF64 shared object a loader
 * (ROCr, wavecc-run) expects, without llvm-mc or ld.lld.
 *
 * Facts from AMDGPUUsage "Code Object" (ELF header: ELFOSABI_AMDGPU_HSA
 * 64, ABI version 2, 3, 4 for code object v4, v5, v6, EM_AMDGPU 224, e_flags the
 * target's EF_AMDGPU_MACH (gfx900: 0x2c) | XNACK "any" 0x100; "Note Records":
 * owner "AMDGPU", type NT_AMDGPU_METADATA 32; "Symbols": kernel NAME
 * (STT_FUNC) and NAME.kd (STT_OBJECT, 64 bytes, in .rodata)), and from the
 * System V gABI (dynamic section, SysV hash table).
 *
 * Layout, like ld.lld's for the same input: a read-only segment (headers,
 * .note, .dynsym, .hash, .dynstr, .rodata: descriptors then constant
 * data), an executable segment (.text: functions 256-byte aligned, padded
 * with s_nop 0 as llvm-mc pads code), a writable one (.data, .dynamic);
 * then .symtab/.strtab/.shstrtab and the section headers. Segments follow
 * each other in the file; each starts one page further in memory than its
 * file offset, so no page holds two permissions and vaddr == offset
 * modulo the page size. PC-relative fixups (data addresses) are resolved
 * here; no dynamic relocation remains. */
#include <stdlib.h>
#include <string.h>

#include "emit/emit.h"
#include "emit/encode.h"
#include "target/target.h"
#include "util/bytebuf.h"

enum {
  PAGE = 0x1000, EHDR = 64, PHDR = 56, SHDR = 64, SYM = 24,
  NPHDR = 6, /* PHDR, LOAD r, LOAD rx, LOAD rw, DYNAMIC, NOTE */
  S_NOP0 = 0xbf800000u,
};

/* A string table under construction (offset 0 is the empty string). */
static uint32_t str_add(bytebuf *t, const char *s, const char *suffix) {
  uint32_t off = (uint32_t)t->n;
  bytebuf_put(t, s, strlen(s));
  if (suffix) bytebuf_put(t, suffix, strlen(suffix));
  bytebuf_zero(t, 1);
  return off;
}

static uint32_t elf_hash(const char *s) {
  uint32_t h = 0;
  for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
    h = (h << 4) + *c;
    uint32_t g = h & 0xf0000000u;
    if (g) h ^= g >> 24;
    h &= ~g;
  }
  return h;
}

typedef struct esym {
  uint32_t name; /* offset in its string table */
  uint8_t info, other;
  uint16_t shndx;
  uint64_t value, size;
  const char *str; /* for the hash */
} esym;

static void put_sym(bytebuf *e, const esym *s) {
  bytebuf_le(e, s->name, 4);
  bytebuf_le(e, s->info, 1);
  bytebuf_le(e, s->other, 1);
  bytebuf_le(e, s->shndx, 2);
  bytebuf_le(e, s->value, 8);
  bytebuf_le(e, s->size, 8);
}

typedef struct section {
  const char *name;
  uint32_t type, link, info;
  uint64_t flags, addr, off, size, align, entsize;
} section;

/* Section indices, fixed: .data is present (maybe empty) so that numbers
 * do not depend on the module. */
enum { SEC_NULL, SEC_NOTE, SEC_DYNSYM, SEC_HASH, SEC_DYNSTR, SEC_RODATA, SEC_TEXT, SEC_DATA, SEC_DYNAMIC,
       SEC_SYMTAB, SEC_SHSTRTAB, SEC_STRTAB,
       SEC_DEBUG_LINE, /* optional sections, last so the others keep their numbers: .debug_line when the code */
       SEC_CHECKS,     /* has source positions (clang -g), .wavecc.checks when it has mir_instr.chk records */
       NSEC };

static void put_phdr(bytebuf *e, uint32_t type, uint32_t flags, uint64_t off, uint64_t addr, uint64_t filesz,
                     uint64_t memsz, uint64_t align) {
  bytebuf_le(e, type, 4);
  bytebuf_le(e, flags, 4);
  bytebuf_le(e, off, 8);
  bytebuf_le(e, addr, 8);
  bytebuf_le(e, addr, 8);
  bytebuf_le(e, filesz, 8);
  bytebuf_le(e, memsz, 8);
  bytebuf_le(e, align, 8);
}

/* Encodes the KERNELS into TEXT, each function 256-byte aligned
 * (AMDGPUUsage: kernel entry alignment), callees 4-byte aligned; records
 * offsets and sizes by position (FN_AT, FN_SIZE), the kernels (KERNS,
 * KERN_PROG, *NKERN, their REGS) and callees (FUNC_PROG, *NFUNC), and
 * adds the instruction count to *INSTRUCTIONS. Returns 0, or nonzero
 * with errors in D. */
static int encode_functions(mir_program *const *kernels, unsigned num_kernels, const mir_module_data *md, mc_code *text,
                            uint32_t *fn_at, uint32_t *fn_size, mir_program **kerns, uint32_t *kern_prog, unsigned *nkern_out,
                            uint32_t *func_prog, unsigned *nfunc_out, mir_kernel_regs *regs, uint64_t *instructions,
                            diag *d) {
  int rc = 0;
  unsigned nkern = 0, nfunc = 0;
for (unsigned k = 0; k < num_kernels && !rc; k++) {
  bool func = kernels[k]->is_function;
  if (func) func_prog[nfunc++] = k;
  else {
    mir_fix_kernarg_size(kernels[k]);
    kern_prog[nkern] = k;
    kerns[nkern++] = kernels[k];
  }
  mc_code_align(text, func ? 4 : 256, S_NOP0);
  fn_at[k] = text->size;
  uint32_t n = 0;
  rc = mir_encode_function(kernels[k], md, text, &n, d);
  fn_size[k] = text->size - fn_at[k];
  *instructions += n;
  if (!func) regs[nkern - 1] = (mir_kernel_regs){mir_next_free_vgpr(kernels[k]), mir_total_sgprs(kernels[k])};
}
  *nkern_out = nkern;
  *nfunc_out = nfunc;
  return rc;
}

/* Appends the SysV .hash table of the NSYMS dynamic symbols DSYMS (names
 * in DYNSTR) to E. Returns 0, or 1 when out of memory. */
static int put_hash(bytebuf *e, const bytebuf *dynstr, const esym *dsyms, unsigned nsyms) {
  uint32_t nb = nsyms;
  uint32_t *bucket = calloc(nb, 4), *chain = calloc(nsyms, 4);
  if (!bucket || !chain) { free(bucket); free(chain); return 1; }
  for (uint32_t i = 1; i < nsyms; i++) {
    /* the .kd names are dynstr + offset; hash the stored string */
    const char *s = (const char *)dynstr->b + dsyms[i].name;
    uint32_t b = elf_hash(s) % nb;
    chain[i] = bucket[b];
    bucket[b] = i;
  }
  bytebuf_le(e, nb, 4);
  bytebuf_le(e, nsyms, 4);
  for (uint32_t i = 0; i < nb; i++) bytebuf_le(e, bucket[i], 4);
  for (uint32_t i = 0; i < nsyms; i++) bytebuf_le(e, chain[i], 4);
  free(bucket);
  free(chain);
  return 0;
}

/* Appends the NDATA data objects of MD that are WRITABLE (or read-only)
 * to E, each at its alignment (an empty one takes a byte), recording
 * their offsets in DATA_OFF; raises *MAX_ALIGN (if given) to the largest
 * alignment. */
static void put_data_objects(bytebuf *e, const mir_module_data *md, uint32_t ndata, bool writable, uint64_t *data_off,
                             uint64_t *max_align) {
  for (uint32_t i = 0; i < ndata; i++) {
    const mir_data_object *o = &md->objs[i];
    if (o->writable != writable) continue;
    uint32_t al = o->align ? o->align : 1;
    if (max_align && al > *max_align) *max_align = al;
    bytebuf_align(e, al);
    data_off[i] = e->n;
    bytebuf_put(e, o->bytes, o->size);
    if (!o->size) bytebuf_zero(e, 1);
  }
}

/* Resolves TEXT's fixups (PC-relative, to data objects at DATA_OFF or
 * callees at FN_AT[FUNC_PROG[]]) in E, whose .text is at TEXT_OFF and
 * loads at TEXT_ADDR. Returns 0, or 1 with an error in D. */
static int apply_fixups(bytebuf *e, const mc_code *text, const uint64_t *data_off, uint32_t ndata, const uint32_t *fn_at,
                        const uint32_t *func_prog, unsigned nfunc, uint64_t text_off, uint64_t text_addr, diag *d) {
  for (uint32_t f = 0; f < text->nfix; f++) {
    const mc_fixup *x = &text->fix[f];
    uint64_t target;
    if (x->space == MC_SYM_DATA && x->symbol < ndata) target = data_off[x->symbol];
    else if (x->space == MC_SYM_FUNC && x->symbol < nfunc) target = text_addr + fn_at[func_prog[x->symbol]];
    else {
      diag_error(d, NULL, "internal: fixup to an unknown symbol");
      return 1;
    }
    int64_t v = (int64_t)target + x->addend - (int64_t)(text_addr + x->offset);
    uint32_t w = x->kind == MC_FIX_REL32_LO ? (uint32_t)v : (uint32_t)((uint64_t)v >> 32);
    bytes_set_le(e->b + text_off + x->offset, w, 4);
  }
  return 0;
}

/* Appends the NSEC section headers SH (names at SHNAME) to E. */
static void put_section_headers(bytebuf *e, const section *sh, const uint32_t *shname, int nsec) {
  for (int i = 0; i < nsec; i++) {
    bytebuf_le(e, i ? shname[i] : 0, 4);
    bytebuf_le(e, sh[i].type, 4);
    bytebuf_le(e, sh[i].flags, 8);
    bytebuf_le(e, sh[i].addr, 8);
    bytebuf_le(e, sh[i].off, 8);
    bytebuf_le(e, sh[i].size, 8);
    bytebuf_le(e, sh[i].link, 4);
    bytebuf_le(e, sh[i].info, 4);
    bytebuf_le(e, sh[i].align, 8);
    bytebuf_le(e, sh[i].entsize, 8);
  }
}

/* Writes the ELF header (EI_ABIVERSION: code object version COV - 2) and
 * program headers over the reserved start of E: the read-only segment
 * ends at RO_END, .text (TEXT_SIZE bytes) is at TEXT_OFF loading at
 * TEXT_ADDR, the writable segment RW_OFF..RW_END loads RW_DELTA higher,
 * section headers at SHOFF. Returns 0, or 1 when out of memory. */
static int put_elf_header(bytebuf *e, unsigned cov, uint32_t e_flags, const section *sh, uint64_t shoff, uint64_t ro_end,
                          uint64_t text_off, uint64_t text_addr, uint64_t text_size, uint64_t rw_off, uint64_t rw_delta,
                          uint64_t rw_end, int nsec) {
  bytebuf h = {0};
  uint8_t ident[16] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 64, (uint8_t)(cov - 2)};
  bytebuf_put(&h, ident, 16);
  bytebuf_le(&h, 3, 2);   /* ET_DYN */
  bytebuf_le(&h, 224, 2); /* EM_AMDGPU */
  bytebuf_le(&h, 1, 4);
  bytebuf_le(&h, 0, 8);
  bytebuf_le(&h, EHDR, 8);
  bytebuf_le(&h, shoff, 8);
  /* e_flags (v4+): the processor, and XNACK/SRAMECC any, on or off
   * where the target has the feature (mir_elf_flags) */
  bytebuf_le(&h, e_flags, 4);
  bytebuf_le(&h, EHDR, 2);
  bytebuf_le(&h, PHDR, 2);
  bytebuf_le(&h, NPHDR, 2);
  bytebuf_le(&h, SHDR, 2);
  bytebuf_le(&h, (uint64_t)nsec, 2);
  bytebuf_le(&h, SEC_SHSTRTAB, 2);
  put_phdr(&h, 6, 4, EHDR, EHDR, NPHDR * PHDR, NPHDR * PHDR, 8);               /* PT_PHDR */
  put_phdr(&h, 1, 4, 0, 0, ro_end, ro_end, PAGE);                              /* PT_LOAD r */
  put_phdr(&h, 1, 5, text_off, text_addr, text_size, text_size, PAGE);         /* PT_LOAD rx */
  put_phdr(&h, 1, 6, rw_off, rw_off + rw_delta, rw_end - rw_off, rw_end - rw_off, PAGE); /* PT_LOAD rw */
  put_phdr(&h, 2, 6, sh[SEC_DYNAMIC].off, sh[SEC_DYNAMIC].addr, 6 * 16, 6 * 16, 8);       /* PT_DYNAMIC */
  put_phdr(&h, 4, 4, sh[SEC_NOTE].off, sh[SEC_NOTE].off, sh[SEC_NOTE].size, sh[SEC_NOTE].size, 4); /* PT_NOTE */
  if (h.oom) { free(h.b); return 1; }
  memcpy(e->b, h.b, h.n);
  free(h.b);
  return 0;
}

/* Appends the NT_AMDGPU_METADATA note holding META (META_SIZE bytes of
 * msgpack; AMDGPUUsage "Code Object V3+ Metadata") to E as section NOTE. */
static void put_note(bytebuf *e, section *note, const uint8_t *meta, size_t meta_size) {
  *note = (section){".note", 7, 0, 0, 2, 0, e->n, 0, 4, 0};
  bytebuf_le(e, 7, 4);
  bytebuf_le(e, meta_size, 4);
  bytebuf_le(e, 32, 4); /* NT_AMDGPU_METADATA */
  bytebuf_put(e, "AMDGPU\0\0", 8);
  bytebuf_put(e, meta, meta_size);
  bytebuf_align(e, 4);
  note->size = e->n - note->off;
}

/* Appends .symtab to E as section SYMTAB: the null symbol, the NDATA
 * local data symbols LSYMS, the NFUNC callees (local FUNC symbols at
 * TEXT_ADDR + FN_AT) and the dynamic symbols DSYMS, names added to STRTAB. */
static void put_symtab(bytebuf *e, section *symtab, bytebuf *strtab, const bytebuf *dynstr, const esym *dsyms,
                       unsigned nsyms, const esym *lsyms, uint32_t ndata, mir_program *const *kernels,
                       const uint32_t *func_prog, unsigned nfunc, const uint32_t *fn_at, const uint32_t *fn_size,
                       uint64_t text_addr) {
  bytebuf_align(e, 8);
  *symtab = (section){".symtab", 2, SEC_STRTAB, 1 + ndata + nfunc, 0, 0, e->n, 0, 8, SYM};
  put_sym(e, &dsyms[0]);
  for (uint32_t i = 0; i < ndata; i++) put_sym(e, &lsyms[i]);
  for (unsigned fi = 0; fi < nfunc; fi++) { /* callees: local FUNC symbols */
    uint32_t k = func_prog[fi];
    esym s = {str_add(strtab, kernels[k]->name, NULL), 2, 0, SEC_TEXT, text_addr + fn_at[k], fn_size[k], NULL};
    put_sym(e, &s);
  }
  for (unsigned i = 1; i < nsyms; i++) {
    esym s = dsyms[i];
    s.name = str_add(strtab, (const char *)dynstr->b + dsyms[i].name, NULL);
    put_sym(e, &s);
  }
  symtab->size = e->n - symtab->off;
}

/* Now that .text loads at TEXT_ADDR: sets each kernel descriptor's
 * kernel_code_entry_byte_offset (at KD_AT + 64 * kernel, byte 16) and the
 * dynamic symbols' values (text or descriptor addresses), and writes
 * .dynsym (NSYMS symbols) at DYNSYM_AT in E. Returns 0, or 1 when out of
 * memory. */
static int patch_addresses(bytebuf *e, esym *dsyms, unsigned nsyms, size_t dynsym_at, size_t kd_at, unsigned nkern,
                           const uint32_t *kern_prog, const uint32_t *fn_at, uint64_t text_addr) {
  for (unsigned ki = 0; ki < nkern; ki++) {
    uint64_t kd_addr = kd_at + 64u * ki;
    bytes_set_le(e->b + kd_addr + 16, (uint64_t)((int64_t)(text_addr + fn_at[kern_prog[ki]]) - (int64_t)kd_addr), 8);
  }
  for (unsigned i = 1; i < nsyms; i++) {
    if (dsyms[i].shndx == SEC_TEXT) dsyms[i].value += text_addr;
    else dsyms[i].value += kd_at;
  }
  {
    bytebuf ds = {0};
    for (unsigned i = 0; i < nsyms; i++) put_sym(&ds, &dsyms[i]);
    if (ds.oom) return 1;
    memcpy(e->b + dynsym_at, ds.b, ds.n);
    free(ds.b);
  }
  return 0;
}

/* Appends .shstrtab (the section names, their offsets into SHNAME) and
 * .strtab (STRTAB) to E and describes both in SH. */
static void put_string_tables(bytebuf *e, section *sh, uint32_t *shname, bytebuf *shstr, const bytebuf *strtab, int nsec) {
  sh[SEC_SHSTRTAB] = (section){".shstrtab", 3, 0, 0, 0, 0, 0, 0, 1, 0};
  sh[SEC_STRTAB] = (section){".strtab", 3, 0, 0, 0, 0, 0, 0, 1, 0};
  for (int i = 1; i < nsec; i++) shname[i] = str_add(shstr, sh[i].name, NULL);
  sh[SEC_SHSTRTAB].off = e->n;
  sh[SEC_SHSTRTAB].size = shstr->n;
  bytebuf_put(e, shstr->b, shstr->n);
  sh[SEC_STRTAB].off = e->n;
  sh[SEC_STRTAB].size = strtab->n;
  bytebuf_put(e, strtab->b, strtab->n);
}

int mir_write_code_object(mir_program *const *kernels, unsigned num_kernels, const mir_module_data *md,
                          void **elf, size_t *elf_size, uint64_t *instructions, diag *d) {
  int rc = 0, errors0 = d->errors;
  mc_code text = {0};
  uint32_t *fn_at = calloc(num_kernels + 1, sizeof *fn_at), *fn_size = calloc(num_kernels + 1, sizeof *fn_size);
  uint8_t *meta = NULL;
  size_t meta_size = 0;
  bytebuf e = {0}, dynstr = {0}, strtab = {0}, shstr = {0};
  esym *dsyms = calloc(2 * num_kernels + 1, sizeof *dsyms);
  uint32_t ndata = md ? md->num : 0;
  esym *lsyms = calloc(ndata + 1, sizeof *lsyms);
  uint64_t *data_off = calloc(ndata + 1, sizeof *data_off); /* in .rodata or .data */
  mir_kernel_regs *regs = calloc(num_kernels + 1, sizeof *regs);
  /* kernels and functions (callees) among the programs, by position */
  mir_program **kerns = calloc(num_kernels + 1, sizeof *kerns);
  uint32_t *kern_prog = calloc(num_kernels + 1, sizeof *kern_prog), *func_prog = calloc(num_kernels + 1, sizeof *func_prog);
  unsigned nkern = 0, nfunc = 0;
  *elf = NULL;
  *elf_size = 0;
  *instructions = 0;
  if (!fn_at || !fn_size || !dsyms || !lsyms || !data_off || !regs || !kerns || !kern_prog || !func_prog) {
    rc = 1;
    goto out;
  }

  /* 1. Code: each function 256-byte aligned (AMDGPUUsage: kernel entry alignment). */
  rc = encode_functions(kernels, num_kernels, md, &text, fn_at, fn_size, kerns, kern_prog, &nkern, func_prog, &nfunc,
                        regs, instructions, d);
  if (rc) goto out;
  if (mir_metadata_msgpack(kerns, regs, nkern, &meta, &meta_size)) { rc = 1; goto out; }

  /* 2. Read-only part: headers, note, dynsym, hash, dynstr, rodata. */
  section sh[NSEC] = {0};
  bytebuf_zero(&e, EHDR + NPHDR * PHDR);
  bytebuf_zero(&shstr, 1);
  bytebuf_zero(&dynstr, 1);
  bytebuf_zero(&strtab, 1);
  put_note(&e, &sh[SEC_NOTE], meta, meta_size);

  /* symbols: kernels (FUNC, protected) and descriptors (OBJECT); data objects local in .symtab only */
  unsigned nd = 0;
  for (unsigned ki = 0; ki < nkern; ki++) {
    const char *nm = kerns[ki]->name;
    uint32_t k = kern_prog[ki];
    dsyms[1 + nd++] = (esym){str_add(&dynstr, nm, NULL), 1u << 4 | 2, 3, SEC_TEXT, fn_at[k], fn_size[k], nm};
    dsyms[1 + nd++] = (esym){str_add(&dynstr, nm, ".kd"), 1u << 4 | 1, 0, SEC_RODATA, 64u * ki, 64, NULL};
  }
  unsigned nsyms = 1 + nd;
  bytebuf_align(&e, 8);
  sh[SEC_DYNSYM] = (section){".dynsym", 11, SEC_DYNSTR, 1, 2, 0, e.n, (uint64_t)nsyms * SYM, 8, SYM};
  size_t dynsym_at = e.n;
  bytebuf_zero(&e, (size_t)nsyms * SYM); /* values patched once the layout is known */
  bytebuf_align(&e, 4);
  sh[SEC_HASH] = (section){".hash", 5, SEC_DYNSYM, 0, 2, 0, e.n, 0, 4, 4};
  if (put_hash(&e, &dynstr, dsyms, nsyms)) { rc = 1; goto out; }
  sh[SEC_HASH].size = e.n - sh[SEC_HASH].off;
  sh[SEC_DYNSTR] = (section){".dynstr", 3, 0, 0, 2, 0, e.n, dynstr.n, 1, 0};
  bytebuf_put(&e, dynstr.b, dynstr.n);
  bytebuf_align(&e, 64);
  sh[SEC_RODATA] = (section){".rodata", 1, 0, 0, 2, 0, e.n, 0, 64, 0};
  size_t kd_at = e.n;
  for (unsigned ki = 0; ki < nkern; ki++) {
    uint8_t kd[64];
    mir_kernel_descriptor(kerns[ki], &regs[ki], kd);
    bytebuf_put(&e, kd, 64);
  }
  put_data_objects(&e, md, ndata, false, data_off, NULL);
  sh[SEC_RODATA].size = e.n - sh[SEC_RODATA].off;
  uint64_t ro_end = e.n;

  /* 3. .text */
  bytebuf_align(&e, 256);
  uint64_t text_off = e.n, text_addr = e.n + PAGE;
  sh[SEC_TEXT] = (section){".text", 1, 0, 0, 6, text_addr, text_off, text.size, 256, 0};
  bytebuf_put(&e, text.bytes, text.size);

  /* 4. writable: .data, .dynamic */
  bytebuf_align(&e, 64);
  uint64_t rw_off = e.n, rw_delta = 2 * PAGE;
  sh[SEC_DATA] = (section){".data", 1, 0, 0, 3, rw_off + rw_delta, rw_off, 0, 1, 0};
  put_data_objects(&e, md, ndata, true, data_off, &sh[SEC_DATA].align);
  sh[SEC_DATA].size = e.n - rw_off;
  bytebuf_align(&e, 8);
  sh[SEC_DYNAMIC] = (section){".dynamic", 6, SEC_DYNSTR, 0, 3, e.n + rw_delta, e.n, 6 * 16, 8, 16};
  const uint64_t dyn[6][2] = {{6, sh[SEC_DYNSYM].off}, {11, SYM}, {5, sh[SEC_DYNSTR].off}, {10, dynstr.n},
                              {4, sh[SEC_HASH].off}, {0, 0}};
  for (int i = 0; i < 6; i++) {
    bytebuf_le(&e, dyn[i][0], 8);
    bytebuf_le(&e, dyn[i][1], 8);
  }
  uint64_t rw_end = e.n;
  if (e.oom) { rc = 1; goto out; }

  /* 5. addresses: fixups, symbol values, descriptor entry offsets */
  for (uint32_t i = 0; i < ndata; i++) {
    const mir_data_object *o = &md->objs[i];
    data_off[i] += o->writable ? rw_delta : 0; /* now a virtual address */
    lsyms[i] = (esym){str_add(&strtab, o->name, NULL), 1, 0, o->writable ? SEC_DATA : SEC_RODATA, data_off[i],
                      o->size ? o->size : 1, NULL};
  }
  if (apply_fixups(&e, &text, data_off, ndata, fn_at, func_prog, nfunc, text_off, text_addr, d)) { rc = 1; goto out; }
  if (patch_addresses(&e, dsyms, nsyms, dynsym_at, kd_at, nkern, kern_prog, fn_at, text_addr)) { rc = 1; goto out; }

  /* 6. non-allocated: .symtab (locals, then the dynamic symbols), .shstrtab, .strtab */
  put_symtab(&e, &sh[SEC_SYMTAB], &strtab, &dynstr, dsyms, nsyms, lsyms, ndata, kernels, func_prog, nfunc, fn_at, fn_size,
             text_addr);
  uint32_t shname[NSEC] = {0};
  /* the optional sections, in this order, each only when it has content */
  int nsec = SEC_DEBUG_LINE, line_sec = 0, check_sec = 0;
  if (text.nlines) sh[line_sec = nsec++] = (section){".debug_line", 1, 0, 0, 0, 0, 0, 0, 1, 0};
  if (text.nchecks) sh[check_sec = nsec++] = (section){".wavecc.checks", 1, 0, 0, 0, 0, 0, 0, 8, 0};
  put_string_tables(&e, sh, shname, &shstr, &strtab, nsec);
  if (line_sec) { /* clang -g: the DWARF line table */
    sh[line_sec].off = e.n;
    if (mc_debug_line(&text, text_addr, &e)) { rc = 1; goto out; }
    sh[line_sec].size = e.n - sh[line_sec].off;
  }
  if (check_sec) { /* what the emulator's bug checks should know (mir_instr.chk) */
    bytebuf_align(&e, 8);
    sh[check_sec].off = e.n;
    if (mc_check_section(&text, text_addr, &e)) { rc = 1; goto out; }
    sh[check_sec].size = e.n - sh[check_sec].off;
  }
  for (int i = SEC_NOTE; i <= SEC_RODATA; i++) sh[i].addr = sh[i].off;
  bytebuf_align(&e, 8);
  uint64_t shoff = e.n;
  put_section_headers(&e, sh, shname, nsec);
  if (e.oom) { rc = 1; goto out; }

  /* 7. ELF header and program headers at the start. */
  if (put_elf_header(&e, mir_module_code_object_version(kernels, num_kernels), mir_elf_flags(num_kernels ? kernels[0] : NULL), sh, shoff, ro_end, text_off, text_addr, text.size, rw_off, rw_delta, rw_end, nsec)) {
    rc = 1;
    goto out;
  }
  *elf = e.b;
  *elf_size = e.n;
  e.b = NULL;
out:
  if (rc && d->errors == errors0) diag_error(d, NULL, "cannot write the code object (out of memory)");
  free(e.b);
  free(dynstr.b);
  free(strtab.b);
  free(shstr.b);
  free(meta);
  free(fn_at);
  free(fn_size);
  free(dsyms);
  free(lsyms);
  free(data_off);
  free(regs);
  free(kerns);
  free(kern_prog);
  free(func_prog);
  mc_code_free(&text);
  return rc;
}
