/* User-error reporting (the first of the two error channels; invariants
 * are asserted instead). Messages accumulate as "file: function: message"
 * lines in a growing buffer that ends up in wavecc_result.diagnostics. */
#ifndef WAVECC_UTIL_DIAG_H
#define WAVECC_UTIL_DIAG_H

#include <stddef.h>

typedef struct diag {
  const char *file;   /* input name, first field of every message */
  char *buf;          /* malloc'ed, NUL-terminated; NULL while empty */
  size_t len, cap;
  int errors;
} diag;

/* Appends "file: function: error: message\n" (function may be NULL) and
 * counts an error. printf-style format. */
void diag_error(diag *d, const char *function, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Same with "warning:"; does not count as an error. */
void diag_warning(diag *d, const char *function, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Forgets what was reported since the buffer had `len` bytes and `errors`
 * errors (a step that is retried another way). */
void diag_rollback(diag *d, size_t len, int errors);
/* Takes the buffer (caller frees) and resets `d`'s buffer. */
char *diag_take(diag *d);

#endif
