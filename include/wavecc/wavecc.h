/* libwavecc: the compiler's public C API.
 *
 * Compiles LLVM IR (text .ll or bitcode .bc, LLVM 19, triple
 * amdgcn-amd-amdhsa) or OpenCL C source to gfx900 assembly text or an HSA
 * code object (ELF shared object, code object v5).
 *
 * Errors: user errors (unsupported IR, bad input, budget exceeded) are
 * returned as a non-zero status with messages of the form
 * "file: function: message" in the result's `diagnostics`; internal
 * invariants are asserted. Nothing here exits the process.
 */
#ifndef WAVECC_WAVECC_H
#define WAVECC_WAVECC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest input wavecc_compile accepts (source or IR), bytes: far
 * above any real kernel, small enough that reading it cannot exhaust
 * memory. Tools reading files bound their reads by it. */
#define WAVECC_MAX_INPUT_BYTES (256u << 20)
#define WAVECC_MAX_INPUT_TEXT "256 MiB"

typedef enum wavecc_input_kind {
  WAVECC_INPUT_AUTO,   /* from the file name: .cl, .ll, .bc (bitcode magic also detected) */
  WAVECC_INPUT_OPENCL, /* OpenCL C source */
  WAVECC_INPUT_LLVM,   /* LLVM IR text or bitcode */
} wavecc_input_kind;

typedef enum wavecc_output_kind {
  WAVECC_OUTPUT_OBJ, /* HSA code object (ELF) */
  WAVECC_OUTPUT_ASM, /* assembly text llvm-mc-19 accepts */
  WAVECC_OUTPUT_RELOC, /* relocatable ELF (ET_REL) as llc-19 -filetype=obj writes it, for
                          ld.lld -shared: calls to functions without a body in the module
                          are R_AMDGPU_REL32_LO/HI relocations; assembled from wavecc's
                          assembly by llvm-mc-19 whatever `assembler` says */
} wavecc_output_kind;

enum { WAVECC_ASSEMBLER_BUILTIN, WAVECC_ASSEMBLER_LLVM_MC, WAVECC_ASSEMBLER_CHECK };

typedef struct wavecc_options {
  const char *mcpu;          /* "gfx900" (default when NULL) */
  int opt_level;             /* 0..3, default 2; 3 runs the -O2 pipeline (llc-19 accepts -O3 too) */
  wavecc_output_kind output;
  wavecc_input_kind input_kind;
  const char *const *cl_options; /* -D..., -cl-std=..., passed to clang for .cl input (NULL entries skipped) */
  int num_cl_options;        /* >= 0; cl_options may be NULL only when 0 */
  const char *print_after;   /* pass name, "all", or NULL: machine IR dumps to `dump_file` */
  int time_passes;           /* per-pass times appended to diagnostics-like `report` */
  int stats;                 /* per-kernel statistics into `report` */
  void *dump_file;           /* FILE * for --print-after (NULL: stderr) */
  unsigned max_vgprs;        /* forced budgets, registers (0: none); the smaller of this and */
  unsigned max_sgprs;        /* the kernel's attributes wins; SGPRs count VCC/XNACK/FLAT_SCRATCH as llc */
  int spill_sgprs_to_scratch; /* SGPR spills through a whole-wave-saved VGPR, never in lanes (testing) */
  int assembler;             /* code objects: WAVECC_ASSEMBLER_BUILTIN (own encoder and ELF writer),
                                _LLVM_MC (llvm-mc-19 + ld.lld-19), _CHECK (builtin, cross-checked
                                against llvm-mc and llvm-readelf/objdump: an error on any difference) */
  const char *mattr;         /* llc-19's -mattr list ("+wavefrontsize64,-xnack"), checked against the
                                processor's facts (NULL: none) */
  const char *triple;        /* llc-19's -mtriple: replaces the module's triple (NULL: keep it); an
                                amdgcn-amd-amdhsa form (amdgcn--amdhsa, amdgcn-amd-amdhsa-, ...) */
  int no_cache;              /* 1: never read or write the code-object cache for OpenCL C input
                                (src/driver/cache.c; also off when $WAVECC_NO_CACHE is set and not 0) */
  int no_llc_ir_passes;      /* skip llc-19's pre-selection IR passes (loop strength reduction, SLSR, ...;
                                src/llvm/llc_passes.c) that -O1 and above run: for measuring them */
  int check_div;             /* -fcheck-div: s_trap 2 before each integer division or remainder whose
                                divisor is 0 (src/llvm/check_div.cpp), listed in the code object's
                                .wavecc.checks for wavecc-run --check=div (issue 29) */
} wavecc_options;

typedef struct wavecc_kernel_stats {
  char name[128];
  uint32_t instructions, code_bytes;
  uint32_t sgprs, vgprs, scratch_bytes, occupancy;
  uint32_t spills, reloads;               /* spill/reload instructions (static) */
  uint32_t maxlive_sgprs, maxlive_vgprs;  /* register demand before spilling */
  uint32_t mode_writes;      /* s_setreg_b32 / s_setreg_imm32_b32 of MODE in the code */
} wavecc_kernel_stats;

typedef struct wavecc_result {
  int status;              /* 0 success; non-zero: error, see diagnostics */
  char *diagnostics;       /* NUL-terminated, may be NULL */
  char *report;            /* --stats / --time-passes text, may be NULL */
  void *output;            /* assembly text (NUL-terminated) or ELF bytes */
  size_t output_size;      /* bytes */
  wavecc_kernel_stats *kernels;
  uint32_t num_kernels;
  double pass_seconds;     /* time spent in wavecc's own passes (after IR parsing) */
  uint64_t output_instructions;
} wavecc_result;

/* Compiles `size` bytes of `data` (source or IR); `name` is used for the
 * input kind and diagnostics. `opts` NULL: the defaults. Returns a result
 * to free with wavecc_result_free (NULL only when out of memory); check
 * `status`. Bad arguments give status 1 and a message, nothing compiled:
 * `name` NULL, `data` NULL with `size` > 0, `size` above
 * WAVECC_MAX_INPUT_BYTES, and options out of their ranges (mcpu other than
 * gfx900, opt_level outside 0..3, output, input_kind or assembler not one
 * of their enumerators, cl_options NULL with num_cl_options > 0 or
 * num_cl_options < 0, max_vgprs above 256, max_sgprs above 102, a triple
 * not naming amdgcn-amd-amdhsa, an mattr feature the processor cannot
 * honour). As llc-19, the module's datalayout is
 * replaced by the target's (a module without one compiles). */
wavecc_result *wavecc_compile(const char *name, const void *data, size_t size,
                              const wavecc_options *opts);
/* Frees a result; NULL is ignored. */
void wavecc_result_free(wavecc_result *r);

/* Initialises options to their defaults (gfx900, -O2, code object out).
 * Returns 0, or -1 when `opts` is NULL. */
int wavecc_options_init(wavecc_options *opts);

/* Applies one option shared by `wavecc` and `wavecc-run -Xwavecc`:
 * --max-vgprs=N (1..256), --max-sgprs=N (1..102, counting VCC, XNACK_MASK
 * and FLAT_SCRATCH as "amdgpu-num-sgpr" does), --spill-sgprs-to-scratch,
 * --assembler=builtin|llvm-mc|check, -O0, -O1, -O2, -O3 (the -O2
 * pipeline). Returns 1 when applied, 0 when `arg` is not such an option,
 * -1 for a bad value or a NULL `opts` or `arg`. */
int wavecc_parse_option(wavecc_options *opts, const char *arg);

/* OpenCL C to optimised LLVM bitcode, as Mesa's clover did: clang 19
 * (-target amdgcn-amd-amdhsa -mcpu=<mcpu> -nogpulib -emit-llvm
 * -Xclang -finclude-default-header, plus `cl_options`), libclc's
 * amdgcn--amdhsa.bc linked as llvm-link --only-needed --internalize,
 * LLVM's -O2 as opt -O2; all in this process, through clang's and LLVM's
 * shared libraries (libwavecc-clang.so, opened on first use), no child
 * process. Not cached (wavecc_compile caches code objects).
 * On success returns 0 and a malloc'ed bitcode buffer in *bc / *bc_size;
 * on error returns non-zero and a malloc'ed message (clang's diagnostics)
 * in *diag. Either out pointer the caller frees. Returns -1 without
 * touching anything when `bc`, `bc_size` or `diag` is NULL, and -1 with a
 * message for `source` NULL with `size` > 0, `size` above
 * WAVECC_MAX_INPUT_BYTES, or `cl_options` NULL with num_cl_options > 0 or
 * num_cl_options < 0 (NULL entries are skipped). */
int wavecc_opencl_to_bitcode(const char *name, const char *source, size_t size,
                             const char *mcpu, const char *const *cl_options,
                             int num_cl_options, void **bc, size_t *bc_size,
                             char **diag);

/* LLVM IR (text or bitcode, `size` bytes) with "amdgpu-num-vgpr"=vgprs and
 * "amdgpu-num-sgpr"=sgprs (0: leave alone) on every amdgpu_kernel function
 * whose own value is not smaller, as bitcode: malloc'ed *bc / *bc_size.
 * Returns 0, or non-zero with a malloc'ed message in *diag. The budget llc
 * sees for `wavecc --max-vgprs/--max-sgprs` (src/llvm/budget_attrs.c).
 * Returns -1 without touching anything when `bc`, `bc_size` or `diag` is
 * NULL, and -1 with a message for `ir` NULL, `size` above
 * WAVECC_MAX_INPUT_BYTES, vgprs above 256 or sgprs above 102. */
int wavecc_ir_set_budget(const void *ir, size_t size, unsigned vgprs, unsigned sgprs, void **bc, size_t *bc_size,
                         char **diag);

#ifdef __cplusplus
}
#endif
#endif
