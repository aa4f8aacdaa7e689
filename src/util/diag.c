/* See diag.h. */
#include "util/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void diag_vadd(diag *d, const char *function, const char *kind, const char *fmt, va_list ap) {
  char msg[2048];
  vsnprintf(msg, sizeof msg, fmt, ap);
  char line[2400];
  int n;
  if (function)
    n = snprintf(line, sizeof line, "%s: %s: %s: %s\n", d->file ? d->file : "<input>", function, kind, msg);
  else
    n = snprintf(line, sizeof line, "%s: %s: %s\n", d->file ? d->file : "<input>", kind, msg);
  if (n < 0) return;
  size_t len = strlen(line);
  if (d->len + len + 1 > d->cap) {
    size_t cap = d->cap ? d->cap * 2 : 1024;
    while (cap < d->len + len + 1) cap *= 2;
    char *p = realloc(d->buf, cap);
    if (!p) return;
    d->buf = p;
    d->cap = cap;
  }
  memcpy(d->buf + d->len, line, len + 1);
  d->len += len;
}

void diag_error(diag *d, const char *function, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vadd(d, function, "error", fmt, ap);
  va_end(ap);
  d->errors++;
}

void diag_warning(diag *d, const char *function, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vadd(d, function, "warning", fmt, ap);
  va_end(ap);
}

void diag_rollback(diag *d, size_t len, int errors) {
  if (d->buf && len < d->len) {
    d->len = len;
    d->buf[len] = '\0';
  }
  d->errors = errors;
}

char *diag_take(diag *d) {
  char *b = d->buf;
  d->buf = NULL;
  d->len = d->cap = 0;
  return b;
}
