/* Programs: from OpenCL C source (built by libwavecc: clang-19 with the
 * build options, libclc, wavecc's backend) or from binaries (wavecc's
 * code objects, which CL_PROGRAM_BINARIES returns), loaded into each
 * device's emulator. clCompileProgram/clLinkProgram take single-source
 * programs (the compile checks the source through clang; the link builds). */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icd/icd.h"
#include "wavecc/wavecc.h"

static cl_program program_new(cl_context c) {
  cl_program p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->dispatch = c->dispatch;
  p->magic = ICD_MAGIC_PROGRAM;
  p->refs = 1;
  p->context = c;
  icd_context_retain(c);
  return p;
}

static void build_clear(icd_build *b) {
  free(b->log);
  free(b->elf);
  free(b->options);
  wemu_program_free(b->prog);
  memset(b, 0, sizeof *b);
}

static void names_clear(cl_program p) {
  for (cl_uint i = 0; i < p->num_kernels; i++) free(p->kernel_names[i]);
  free(p->kernel_names);
  p->kernel_names = NULL;
  p->num_kernels = 0;
}

void icd_program_retain(cl_program p) { p->refs++; }

void icd_program_release(cl_program p) {
  if (--p->refs > 0) return;
  for (unsigned i = 0; i < ICD_MAX_DEVICES; i++) build_clear(&p->builds[i]);
  names_clear(p);
  free(p->source);
  cl_context c = p->context;
  p->magic = 0;
  free(p);
  icd_context_release(c);
}

int icd_program_built_device(cl_program p) {
  for (cl_uint i = 0; i < p->num_devices; i++)
    if (p->builds[p->devices[i]->index].prog) return (int)p->devices[i]->index;
  return -1;
}

/* The kernels of a code object: its symbols named "<kernel>.kd" (the
 * kernel descriptors, AMDGPUUsage "Symbols") in the symbol tables of type
 * `type` (SHT_SYMTAB, or SHT_DYNSYM for a stripped object). Returns 0, -1
 * for an ELF whose section headers or symbol tables are not inside the
 * image. */
static int elf_kernel_names_in(const unsigned char *elf, size_t size, unsigned type, char ***names, cl_uint *n) {
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *)elf;
  if (size < sizeof *eh || eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shoff > size ||
      (size - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum)
    return -1;
  const Elf64_Shdr *sh = (const Elf64_Shdr *)(elf + eh->e_shoff);
  for (unsigned s = 0; s < eh->e_shnum; s++) {
    if (sh[s].sh_type != type || sh[s].sh_link >= eh->e_shnum) continue;
    const Elf64_Shdr *st = &sh[sh[s].sh_link];
    if (sh[s].sh_offset > size || sh[s].sh_size > size - sh[s].sh_offset || st->sh_offset > size ||
        st->sh_size > size - st->sh_offset)
      return -1;
    const Elf64_Sym *sym = (const Elf64_Sym *)(elf + sh[s].sh_offset);
    const char *strs = (const char *)elf + st->sh_offset;
    for (size_t i = 0; i < sh[s].sh_size / sizeof *sym; i++) {
      if (sym[i].st_name >= st->sh_size) return -1;
      const char *nm = strs + sym[i].st_name;
      size_t len = strnlen(nm, st->sh_size - sym[i].st_name);
      if (len < 4 || len == st->sh_size - sym[i].st_name || strcmp(nm + len - 3, ".kd")) continue;
      char **grown = realloc(*names, (*n + 1) * sizeof *grown);
      if (!grown) return -1;
      *names = grown;
      if (!(grown[*n] = strndup(nm, len - 3))) return -1;
      ++*n;
    }
  }
  return 0;
}

static int elf_kernel_names(const unsigned char *elf, size_t size, char ***names, cl_uint *n) {
  if (elf_kernel_names_in(elf, size, SHT_SYMTAB, names, n)) return -1;
  return *n ? 0 : elf_kernel_names_in(elf, size, SHT_DYNSYM, names, n);
}

/* Splits build options into words (quotes group, as a shell's would). */
static char **split_options(const char *s, int *n) {
  size_t len = s ? strlen(s) : 0;
  char **argv = calloc(len / 2 + 2, sizeof *argv);
  char *buf = malloc(len + 1);
  *n = 0;
  if (!argv || !buf) {
    free(argv), free(buf);
    return NULL;
  }
  size_t i = 0, o = 0;
  while (i < len) {
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n')) i++;
    if (i == len) break;
    argv[(*n)++] = buf + o;
    char quote = 0;
    for (; i < len && (quote || (s[i] != ' ' && s[i] != '\t' && s[i] != '\n')); i++) {
      if (!quote && (s[i] == '"' || s[i] == '\'')) quote = s[i];
      else if (quote && s[i] == quote) quote = 0;
      else buf[o++] = s[i];
    }
    buf[o++] = 0;
  }
  if (*n == 0) free(buf);
  return argv;
}

static void free_options(char **argv, int n) {
  if (argv && n) free(argv[0]);
  free(argv);
}

static char *concat(const char *a, const char *b) {
  size_t la = a ? strlen(a) : 0, lb = b ? strlen(b) : 0;
  char *s = malloc(la + lb + 2);
  if (s) snprintf(s, la + lb + 2, "%s%s%s", a ? a : "", la && lb ? " " : "", b ? b : "");
  return s;
}

/* With WAVECC_ICD_DUMP=DIR set, writes a program's source to
 * DIR/program-HASH-CPU.cl, its build options in a first comment line, so
 * that a kernel an application builds at run time can be rerun with
 * wavecc or wavecc-run. HASH is FNV-1a of source and options. Failures to
 * write are ignored: the dump is a debugging aid, not part of the build. */
static void dump_source(const char *src, const char *options, const char *mcpu) {
  const char *dir = getenv("WAVECC_ICD_DUMP");
  if (!dir || !*dir) return;
  uint64_t h = 1469598103934665603ull;
  for (const char *s = src; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  for (const char *s = options ? options : ""; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  char path[4096];
  snprintf(path, sizeof path, "%s/program-%016llx-%s.cl", dir, (unsigned long long)h, mcpu);
  FILE *f = fopen(path, "w");
  if (!f) return;
  fprintf(f, "// build options: %s\n%s", options ? options : "", src);
  fclose(f);
}

/* Compiles the source for device index di with `options`. */
static cl_int compile_source(cl_program p, cl_device_id d, const char *options) {
  icd_build *b = &p->builds[d->index];
  int n = 0;
  char **argv = split_options(options, &n);
  if (!argv) return CL_OUT_OF_HOST_MEMORY;
  dump_source(p->source, options, d->target->name);
  wavecc_options o;
  wavecc_options_init(&o);
  o.mcpu = d->target->name;
  o.input_kind = WAVECC_INPUT_OPENCL;
  o.cl_options = (const char *const *)argv;
  o.num_cl_options = n;
  for (int i = 0; i < n; i++)
    if (!strcmp(argv[i], "-cl-opt-disable")) o.opt_level = 0;
  wavecc_result *r = wavecc_compile("program.cl", p->source, strlen(p->source), &o);
  free_options(argv, n);
  if (!r) return CL_OUT_OF_HOST_MEMORY;
  b->log = strdup(r->diagnostics ? r->diagnostics : "");
  cl_int rc = CL_SUCCESS;
  if (r->status != 0) {
    /* clang's "unknown argument" is the one diagnostic about the options */
    rc = r->diagnostics && strstr(r->diagnostics, "unknown argument") ? CL_INVALID_BUILD_OPTIONS
                                                                       : CL_BUILD_PROGRAM_FAILURE;
  } else if (!(b->elf = malloc(r->output_size))) {
    rc = CL_OUT_OF_HOST_MEMORY;
  } else {
    memcpy(b->elf, r->output, r->output_size);
    b->elf_size = r->output_size;
  }
  wavecc_result_free(r);
  return rc;
}

/* Appends a line to a build log. */
static void log_append(icd_build *b, const char *msg) {
  char *s = concat(b->log, msg);
  if (s) {
    free(b->log);
    b->log = s;
  }
}

/* Builds (or, from a binary, loads) the program for device d. */
static cl_int build_device(cl_program p, cl_device_id d, const char *options) {
  icd_build *b = &p->builds[d->index];
  wemu_program_free(b->prog);
  b->prog = NULL;
  free(b->options);
  b->options = strdup(options ? options : "");
  b->status = CL_BUILD_IN_PROGRESS;
  cl_int rc = CL_SUCCESS;
  if (p->source) {
    free(b->log), free(b->elf);
    b->log = NULL, b->elf = NULL;
    rc = compile_source(p, d, options);
  }
  if (rc == CL_SUCCESS && !b->elf) rc = CL_INVALID_BINARY;
  if (rc == CL_SUCCESS && !(b->prog = wemu_load(p->context->emu[d->index], b->elf, b->elf_size))) {
    log_append(b, wemu_error(p->context->emu[d->index]));
    rc = CL_BUILD_PROGRAM_FAILURE;
  }
  if (rc == CL_SUCCESS && p->num_kernels == 0 && elf_kernel_names(b->elf, b->elf_size, &p->kernel_names, &p->num_kernels))
    rc = CL_BUILD_PROGRAM_FAILURE;
  b->status = rc == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
  if (rc == CL_SUCCESS) b->type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  if (!b->log) b->log = strdup("");
  return rc;
}

/* The devices a build names: `list` (each in the program's) or all. */
static cl_int build_devices(cl_program p, cl_uint n, const cl_device_id *list, cl_device_id *out, cl_uint *nout) {
  if ((n > 0) != (list != NULL)) return CL_INVALID_VALUE;
  if (!n) {
    memcpy(out, p->devices, p->num_devices * sizeof *out);
    *nout = p->num_devices;
    return CL_SUCCESS;
  }
  for (cl_uint i = 0; i < n; i++) {
    int found = 0;
    for (cl_uint j = 0; j < p->num_devices; j++) found |= p->devices[j] == list[i];
    if (!icd_valid_device(list[i]) || !found) return CL_INVALID_DEVICE;
    out[i] = list[i];
  }
  *nout = n;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL build_program(cl_program p, cl_uint n, const cl_device_id *list, const char *options,
                                        void(CL_CALLBACK *notify)(cl_program, void *), void *data) {
  if (!icd_valid(p, ICD_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  if (!notify && data) return CL_INVALID_VALUE;
  cl_device_id devs[ICD_MAX_DEVICES];
  cl_uint nd = 0;
  cl_int rc = build_devices(p, n, list, devs, &nd);
  if (rc != CL_SUCCESS) return rc;
  if (p->kernels_attached) return CL_INVALID_OPERATION;
  for (cl_uint i = 0; i < nd; i++)
    if (!p->source && !p->builds[devs[i]->index].elf) return CL_INVALID_BINARY;
  names_clear(p);
  for (cl_uint i = 0; i < nd; i++) {
    cl_int r = build_device(p, devs[i], options);
    if (r != CL_SUCCESS && rc == CL_SUCCESS) rc = r;
  }
  if (notify) notify(p, data);
  return rc == CL_INVALID_BUILD_OPTIONS || rc == CL_OUT_OF_HOST_MEMORY || rc == CL_INVALID_BINARY ? rc
         : rc != CL_SUCCESS                                                                        ? CL_BUILD_PROGRAM_FAILURE
                                                                                                   : CL_SUCCESS;
}

static cl_program CL_API_CALL create_with_source(cl_context c, cl_uint count, const char **strings,
                                                 const size_t *lengths, cl_int *err) {
  cl_int rc = CL_SUCCESS;
  cl_program p = NULL;
  size_t total = 0;
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) rc = CL_INVALID_CONTEXT;
  else if (count == 0 || !strings) rc = CL_INVALID_VALUE;
  for (cl_uint i = 0; rc == CL_SUCCESS && i < count; i++) {
    if (!strings[i]) rc = CL_INVALID_VALUE;
    else total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
  }
  char *src = rc == CL_SUCCESS ? malloc(total + 1) : NULL;
  if (rc == CL_SUCCESS && (!src || !(p = program_new(c)))) rc = CL_OUT_OF_HOST_MEMORY;
  if (rc == CL_SUCCESS) {
    size_t o = 0;
    for (cl_uint i = 0; i < count; i++) {
      size_t l = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
      memcpy(src + o, strings[i], l);
      o += l;
    }
    src[o] = 0;
    p->source = src;
    p->num_devices = c->num_devices;
    memcpy(p->devices, c->devices, c->num_devices * sizeof *p->devices);
  } else {
    free(src);
  }
  if (err) *err = rc;
  return p;
}

/* A code object for device d: an AMDGPU ELF64 shared object of d's
 * processor (EF_AMDGPU_MACH in e_flags, target description). */
static int binary_ok(cl_device_id d, const unsigned char *b, size_t n) {
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *)b;
  return b && n >= sizeof *eh && !memcmp(b, ELFMAG, SELFMAG) && b[EI_CLASS] == ELFCLASS64 && eh->e_machine == EM_AMDGPU &&
         (eh->e_flags & 0xff) == d->target->elf_mach;
}

static cl_program CL_API_CALL create_with_binary(cl_context c, cl_uint n, const cl_device_id *list,
                                                 const size_t *lengths, const unsigned char **binaries,
                                                 cl_int *status, cl_int *err) {
  cl_int rc = CL_SUCCESS;
  cl_program p = NULL;
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) rc = CL_INVALID_CONTEXT;
  else if (n == 0 || !list || !lengths || !binaries) rc = CL_INVALID_VALUE;
  for (cl_uint i = 0; rc == CL_SUCCESS && i < n; i++) {
    if (!icd_valid_device(list[i]) || !icd_context_has(c, list[i])) rc = CL_INVALID_DEVICE;
    else if (!binaries[i] || !lengths[i]) rc = CL_INVALID_VALUE;
  }
  if (rc == CL_SUCCESS && !(p = program_new(c))) rc = CL_OUT_OF_HOST_MEMORY;
  for (cl_uint i = 0; rc == CL_SUCCESS && i < n; i++) {
    icd_build *b = &p->builds[list[i]->index];
    cl_int st = binary_ok(list[i], binaries[i], lengths[i]) ? CL_SUCCESS : CL_INVALID_BINARY;
    if (status) status[i] = st;
    if (st != CL_SUCCESS) {
      rc = st;
      break;
    }
    if (!(b->elf = malloc(lengths[i]))) rc = CL_OUT_OF_HOST_MEMORY;
    else memcpy(b->elf, binaries[i], b->elf_size = lengths[i]);
    b->type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    p->devices[p->num_devices++] = list[i];
  }
  if (rc != CL_SUCCESS && p) {
    icd_program_release(p);
    p = NULL;
  }
  if (err) *err = rc;
  return p;
}

static cl_program CL_API_CALL create_with_builtin(cl_context c, cl_uint n, const cl_device_id *list,
                                                  const char *names, cl_int *err) {
  (void)n, (void)list, (void)names;
  if (err) *err = icd_valid(c, ICD_MAGIC_CONTEXT) ? CL_INVALID_VALUE : CL_INVALID_CONTEXT; /* none built in */
  return NULL;
}

static cl_int CL_API_CALL retain_program(cl_program p) {
  if (!icd_valid(p, ICD_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  icd_program_retain(p);
  return CL_SUCCESS;
}

static cl_int CL_API_CALL release_program(cl_program p) {
  if (!icd_valid(p, ICD_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  icd_program_release(p);
  return CL_SUCCESS;
}

static cl_int kernel_names_info(cl_program p, size_t size, void *value, size_t *ret) {
  size_t len = 1;
  for (cl_uint i = 0; i < p->num_kernels; i++) len += strlen(p->kernel_names[i]) + 1;
  char *s = calloc(1, len);
  if (!s) return CL_OUT_OF_HOST_MEMORY;
  for (cl_uint i = 0; i < p->num_kernels; i++) {
    if (i) strcat(s, ";");
    strcat(s, p->kernel_names[i]);
  }
  cl_int rc = icd_info_str(value, size, ret, s);
  free(s);
  return rc;
}

static cl_int CL_API_CALL get_program_info(cl_program p, cl_program_info what, size_t size, void *value,
                                           size_t *ret) {
  if (!icd_valid(p, ICD_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  size_t sizes[ICD_MAX_DEVICES];
  for (cl_uint i = 0; i < p->num_devices; i++) sizes[i] = p->builds[p->devices[i]->index].elf_size;
  size_t nk = p->num_kernels;
  switch (what) {
  case CL_PROGRAM_REFERENCE_COUNT: return icd_info(value, size, ret, &p->refs, sizeof p->refs);
  case CL_PROGRAM_CONTEXT: return icd_info(value, size, ret, &p->context, sizeof p->context);
  case CL_PROGRAM_NUM_DEVICES: return icd_info(value, size, ret, &p->num_devices, sizeof p->num_devices);
  case CL_PROGRAM_DEVICES: return icd_info(value, size, ret, p->devices, p->num_devices * sizeof(cl_device_id));
  case CL_PROGRAM_SOURCE: return icd_info_str(value, size, ret, p->source ? p->source : "");
  case CL_PROGRAM_BINARY_SIZES: return icd_info(value, size, ret, sizes, p->num_devices * sizeof(size_t));
  case CL_PROGRAM_BINARIES: {
    /* An array of pointers the caller allocated; NULL entries skipped. */
    cl_int rc = icd_info(NULL, 0, ret, NULL, p->num_devices * sizeof(unsigned char *));
    if (!value) return rc;
    if (size < p->num_devices * sizeof(unsigned char *)) return CL_INVALID_VALUE;
    unsigned char **out = value;
    for (cl_uint i = 0; i < p->num_devices; i++)
      if (out[i] && sizes[i]) memcpy(out[i], p->builds[p->devices[i]->index].elf, sizes[i]);
    return CL_SUCCESS;
  }
  case CL_PROGRAM_NUM_KERNELS:
  case CL_PROGRAM_KERNEL_NAMES:
    if (icd_program_built_device(p) < 0) return CL_INVALID_PROGRAM_EXECUTABLE;
    return what == CL_PROGRAM_NUM_KERNELS ? icd_info(value, size, ret, &nk, sizeof nk)
                                          : kernel_names_info(p, size, value, ret);
  default: return CL_INVALID_VALUE;
  }
}

static cl_int CL_API_CALL get_build_info(cl_program p, cl_device_id d, cl_program_build_info what, size_t size,
                                         void *value, size_t *ret) {
  if (!icd_valid(p, ICD_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  int found = 0;
  for (cl_uint i = 0; i < p->num_devices; i++) found |= p->devices[i] == d;
  if (!icd_valid_device(d) || !found) return CL_INVALID_DEVICE;
  icd_build *b = &p->builds[d->index];
  switch (what) {
  case CL_PROGRAM_BUILD_STATUS: return icd_info(value, size, ret, &b->status, sizeof b->status);
  case CL_PROGRAM_BUILD_OPTIONS: return icd_info_str(value, size, ret, b->options ? b->options : "");
  case CL_PROGRAM_BUILD_LOG: return icd_info_str(value, size, ret, b->log ? b->log : "");
  case CL_PROGRAM_BINARY_TYPE: return icd_info(value, size, ret, &b->type, sizeof b->type);
  default: return CL_INVALID_VALUE;
  }
}

/* clCompileProgram: headers are not supported (num_input_headers must be
 * 0); the source goes through clang-19 (the build log holds what it says)
 * and the options are kept for the link. */
static cl_int CL_API_CALL compile_program(cl_program p, cl_uint n, const cl_device_id *list, const char *options,
                                          cl_uint nh, const cl_program *headers, const char **header_names,
                                          void(CL_CALLBACK *notify)(cl_program, void *), void *data) {
  if (!icd_valid(p, ICD_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  if ((!notify && data) || (nh > 0) != (headers != NULL) || (nh > 0) != (header_names != NULL)) return CL_INVALID_VALUE;
  if (!p->source) return CL_INVALID_OPERATION;
  if (nh > 0) return CL_COMPILE_PROGRAM_FAILURE; /* embedded headers: not supported */
  cl_device_id devs[ICD_MAX_DEVICES];
  cl_uint nd = 0;
  cl_int rc = build_devices(p, n, list, devs, &nd);
  if (rc != CL_SUCCESS) return rc;
  if (p->kernels_attached) return CL_INVALID_OPERATION;
  for (cl_uint i = 0; i < nd; i++) {
    icd_build *b = &p->builds[devs[i]->index];
    build_clear(b);
    int na = 0;
    char **argv = split_options(options, &na);
    void *bc = NULL;
    size_t bc_size = 0;
    char *diag = NULL;
    int r = argv ? wavecc_opencl_to_bitcode("program.cl", p->source, strlen(p->source), devs[i]->target->name,
                                            (const char *const *)argv, na, &bc, &bc_size, &diag)
                 : -1;
    free_options(argv, na);
    free(bc);
    b->log = diag ? diag : strdup("");
    b->options = strdup(options ? options : "");
    b->status = r == 0 ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    b->type = r == 0 ? CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT : CL_PROGRAM_BINARY_TYPE_NONE;
    if (r != 0) rc = CL_COMPILE_PROGRAM_FAILURE;
  }
  if (notify) notify(p, data);
  return rc;
}

/* clLinkProgram of one compiled single-source program: builds it with its
 * compile options followed by the link options. */
static cl_program CL_API_CALL link_program(cl_context c, cl_uint n, const cl_device_id *list, const char *options,
                                           cl_uint np, const cl_program *inputs,
                                           void(CL_CALLBACK *notify)(cl_program, void *), void *data, cl_int *err) {
  cl_int rc = CL_SUCCESS;
  cl_program p = NULL, in = np == 1 && inputs ? inputs[0] : NULL;
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) rc = CL_INVALID_CONTEXT;
  else if (np == 0 || !inputs || (!notify && data) || (n > 0) != (list != NULL)) rc = CL_INVALID_VALUE;
  else if (np > 1) rc = CL_LINK_PROGRAM_FAILURE; /* linking several programs: not supported */
  else if (!icd_valid(in, ICD_MAGIC_PROGRAM) || in->context != c) rc = CL_INVALID_PROGRAM;
  else if (!in->source) rc = CL_INVALID_OPERATION;
  else if (!(p = create_with_source(c, 1, (const char **)&in->source, NULL, &rc))) {
  }
  for (cl_uint i = 0; rc == CL_SUCCESS && i < p->num_devices; i++) {
    cl_device_id d = p->devices[i];
    if (in->builds[d->index].type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT) continue;
    char *opts = concat(in->builds[d->index].options, options);
    if (!opts) rc = CL_OUT_OF_HOST_MEMORY;
    else if (build_device(p, d, opts) != CL_SUCCESS) rc = CL_LINK_PROGRAM_FAILURE;
    free(opts);
  }
  if (p && icd_program_built_device(p) < 0 && rc == CL_SUCCESS) rc = CL_INVALID_OPERATION; /* nothing compiled */
  if (p && notify) notify(p, data);
  if (err) *err = rc;
  /* A failed link still returns the program (for its log), as 5.6.3 asks. */
  if (rc != CL_SUCCESS && rc != CL_LINK_PROGRAM_FAILURE && p) {
    icd_program_release(p);
    p = NULL;
  }
  return p;
}

void icd_table_program(cl_icd_dispatch *t) {
  t->clCreateProgramWithSource = create_with_source;
  t->clCreateProgramWithBinary = create_with_binary;
  t->clCreateProgramWithBuiltInKernels = create_with_builtin;
  t->clRetainProgram = retain_program;
  t->clReleaseProgram = release_program;
  t->clBuildProgram = build_program;
  t->clCompileProgram = compile_program;
  t->clLinkProgram = link_program;
  t->clGetProgramInfo = get_program_info;
  t->clGetProgramBuildInfo = get_build_info;
}
