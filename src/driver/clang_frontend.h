/* The in-process OpenCL C front end (issue 28): clang's libraries, libclc
 * linked in memory, LLVM's -O2 pipeline. Built as its own shared object,
 * libwavecc-clang.so (clang_frontend.cpp), against Debian's shared
 * libclang-cpp.so.19 and libLLVM-19.so, and loaded with dlopen by
 * opencl.c only when a .cl file is compiled and the code-object cache
 * misses: the tools link LLVM statically and start without it
 * (../shared/DESIGN.md, "Link LLVM statically"), a cached compile never
 * pays for loading clang, and the two copies of LLVM never meet (the
 * tools export no LLVM symbol, the object is opened RTLD_LOCAL).
 *
 * Both functions take clang's driver command line exactly as the
 * clang-19 child process of earlier versions got it (argv[0] the clang
 * executable, which fixes the resource directory; the last argument the
 * input path), and the source text for that path (it is never read from
 * disk). Outputs are malloc'ed (free() them); diagnostics are clang's
 * text (file:line:col: error: ...), no colours. */
#ifndef WAVECC_DRIVER_CLANG_FRONTEND_H
#define WAVECC_DRIVER_CLANG_FRONTEND_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever the signatures below change; opencl.c refuses an
 * object of another version. */
#define WAVECC_CLANG_FRONTEND_API 3

int wavecc_clang_frontend_api(void);

/* Registers the AMDGPU target with LLVM (once per process; the compile
 * calls it too). A process that forks compiling workers calls it first,
 * so that the workers inherit it done. */
void wavecc_clang_frontend_init(void);

/* Compiles (argv as `clang ... -emit-llvm -c -o - PATH`), links `libclc`
 * (bitcode file) as `llvm-link --only-needed --internalize` did (reading
 * only the needed part of it from `split`, its pre-split form made by
 * wavecc_clang_split_libclc, when that is usable; NULL or "": the whole
 * file, same result, 15-20 ms slower), runs
 * `default<O2>` with the AMDGPU target machine as `opt -O2` did, and
 * checks that no function or variable is left undefined (other than
 * LLVM intrinsics). On 0: *bc, *bc_size the optimised module's bitcode.
 * *diag: clang's warnings/errors (may be NULL). *deps: the files the
 * preprocessor read besides PATH and clang's own headers (its resource
 * directory), one per line as clang named them, or NULL. Returns 0, or -1 with the
 * reason in *diag. */
int wavecc_clang_compile(const char *const *argv, int argc, const char *source, size_t size, const char *libclc,
                         const char *split, void **bc, size_t *bc_size, char **diag, char **deps);

/* The same compile, handing over the optimised module itself instead of
 * its bitcode: on 0, *ctx an LLVMContextRef and *mod an LLVMModuleRef in
 * it, the caller's (LLVMDisposeModule, then LLVMContextDispose). Only for
 * a caller linked against the very LLVM the front end uses (the tools'
 * linked-in front end, WAVECC_STATIC_FRONTEND): it skips writing and
 * reading back the bitcode (issue 28). The module is as that bitcode
 * would read back into a fresh context (no dead constant users, local
 * value names kept, no diagnostic handler); its identifier is
 * "llvm-link". *diag, *deps and the result as above. */
int wavecc_clang_compile_module(const char *const *argv, int argc, const char *source, size_t size,
                                const char *libclc, const char *split, void **ctx, void **mod, char **diag,
                                char **deps);
/* Writes the pre-split form of the libclc bitcode file `libclc` to `out`
 * (libclc_split.h; done once at build time by tools/libclc-split.c).
 * Returns 0, or -1 with the reason in *diag (malloc'ed). */
int wavecc_clang_split_libclc(const char *libclc, const char *out, char **diag);

/* Preprocesses only (argv as for compiling, with -E): *deps as above, and
 * *resource_dir clang's resource directory (its own headers). Returns 0
 * when preprocessing succeeded, 1 when it reported errors (*deps then
 * holds the files entered before it stopped), -1 when clang could not
 * be set up (*diag says why). */
int wavecc_clang_includes(const char *const *argv, int argc, const char *source, size_t size, char **deps,
                          char **resource_dir, char **diag);

#ifdef __cplusplus
}
#endif

#endif
