/* Running the LLVM 19 tools (clang-19, llvm-link-19, opt-19, llc-19,
 * llvm-mc-19, ld.lld-19) as child processes, and temporary files for them. */
#ifndef WAVECC_UTIL_SPAWN_H
#define WAVECC_UTIL_SPAWN_H

#include <stddef.h>

/* Full path of an LLVM tool: WAVECC_LLVM_BINDIR/name (no "-19" suffix
 * needed there). Returns a static string per call site's buffer `buf`. */
const char *llvm_tool_path(char *buf, size_t bufsize, const char *name);

/* Runs argv[0] (a path) with argv, stdin from /dev/null. Captures stderr
 * (and stdout when `out` is non-NULL) into malloc'ed NUL-terminated
 * buffers the caller frees. Returns the exit status (0..255), or -1 if the
 * program could not be started or died from a signal (message in *err). */
int spawn_capture(char *const argv[], char **out, size_t *out_size, char **err);

/* Creates a private temporary directory (mkdtemp under $TMPDIR or /tmp);
 * writes its path into buf. Returns 0 or -1. */
int tempdir_create(char *buf, size_t bufsize);
/* Removes a temporary directory and the files directly in it. */
void tempdir_remove(const char *path);

/* Reads a whole file into a malloc'ed buffer (NUL-terminated, *size
 * excludes the NUL). Returns NULL on error (errno set). */
char *file_read_all(const char *path, size_t *size);
/* Reads a whole regular file of at most `max` bytes (NUL-terminated, *size
 * excludes the NUL). Devices, FIFOs and directories are refused without
 * blocking (errno EINVAL), larger files with EFBIG; NULL on any error
 * (errno set). For inputs named by users: /dev/zero or a FIFO must not
 * grow the process or hang it. */
char *file_read_regular(const char *path, size_t max, size_t *size);
/* Reads `fd` (a pipe or terminal too, e.g. stdin) to its end, at most
 * `max` bytes: a malloc'ed NUL-terminated buffer and *size, or NULL with
 * errno set (EFBIG past `max`). Does not close `fd`. */
char *fd_read_bounded(int fd, size_t max, size_t *size);
/* Writes a whole file; 0 or -1 (errno set). */
int file_write_all(const char *path, const void *data, size_t size);

#endif
