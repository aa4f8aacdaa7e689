/* Internal to wavecc and wavecc-run: what clang reads besides the OpenCL C
 * source (opencl.c). */
#ifndef WAVECC_DRIVER_OPENCL_H
#define WAVECC_DRIVER_OPENCL_H

#include <stddef.h>
#include <sys/stat.h>

#include "util/sha256.h"

/* Preprocesses `source` (`size` bytes) with exactly the clang-19 command of
 * wavecc_opencl_to_bitcode (same flags and cl_options) and lists every
 * file it reads other than the source itself and clang's own resource
 * headers (opencl-c-base.h, opencl-c.h): #include, #embed, by any path.
 * On return 0, *files is a malloc'ed list, one resolved path (realpath;
 * as written when it cannot be resolved) per line, and *complete says
 * where it came from: 1 from clang's dependency output (every file), 0
 * when preprocessing failed and the list comes from clang's -H trace and
 * diagnostic locations (every header entered before it stopped; #embed
 * not included). Returns -1 when clang cannot be run (*files NULL). */
int wavecc_opencl_includes(const char *source, size_t size, const char *mcpu, const char *const *cl_options,
                           int num_cl_options, char **files, int *complete);

/* wavecc_opencl_to_bitcode (wavecc.h), and on success *deps (when
 * non-NULL): the files clang read besides the source and its own
 * headers, one per line as clang named them ("" when none), malloc'ed.
 * With ctx and mod non-NULL and the front end linked into this program,
 * the optimised module itself instead of bitcode: *ctx an LLVMContextRef,
 * *mod an LLVMModuleRef in it, *bc NULL (wavecc_clang_compile_module);
 * else *mod is NULL and *bc holds the bitcode. */
int driver_opencl_compile(const char *name, const char *source, size_t size, const char *mcpu,
                          const char *const *cl_options, int num_cl_options, void **bc, size_t *bc_size, void **ctx,
                          void **mod, char **diag, char **deps);

/* Loads the OpenCL C front end and registers its target now, quietly (a
 * failure shows at the first compile). For a process that forks workers
 * which compile (wavecc-run): they inherit it loaded instead of each
 * loading clang's and LLVM's shared libraries again (about 20 ms of CPU
 * per process, measured on this machine, issue 28). */
void driver_opencl_preload(void);

/* Adds a file's identity (size, modification time, inode, device) to a
 * cache key (cache.c). */
void driver_key_stat(sha256 *s, const struct stat *st);

/* Adds the identity of what compiles OpenCL C besides libwavecc to a
 * cache key: the front end's shared object, libclc, and clang's and
 * LLVM's shared libraries and clang executable (for its resource
 * directory's headers), each by path and driver_key_stat. Returns 0, or
 * -1 when the front end is not found (then nothing can be cached). */
int driver_opencl_identity(sha256 *s);

#endif
