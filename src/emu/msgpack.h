/* A small MessagePack reader (https://github.com/msgpack/msgpack/blob/master/spec.md)
 * for the NT_AMDGPU_METADATA note of code objects v3+ (AMDGPUUsage "Code
 * Object V3 and Above Metadata"). Cursor based, no allocation; every read
 * is bounds-checked so malformed input yields an error, never a crash. */
#ifndef WAVECC_EMU_MSGPACK_H
#define WAVECC_EMU_MSGPACK_H

#include <stddef.h>
#include <stdint.h>

typedef enum { MP_NIL, MP_BOOL, MP_INT, MP_UINT, MP_FLOAT, MP_STR, MP_BIN, MP_ARRAY, MP_MAP, MP_EXT } mp_kind;

typedef struct mp_cursor { const uint8_t *p, *end; int error; } mp_cursor;

typedef struct mp_val {
  mp_kind kind;
  uint64_t u;        /* UINT / BOOL; INT stored as two's complement */
  double f;
  const char *str;   /* STR/BIN: not NUL-terminated */
  uint32_t len;      /* STR/BIN: bytes; ARRAY/MAP: element / pair count */
} mp_val;

/* Reads the next value header (containers: only the count). 0 or -1. */
int mp_next(mp_cursor *c, mp_val *v);
/* Skips one complete value including nested elements. 0 or -1. */
int mp_skip(mp_cursor *c);
/* 1 if v is a string equal to s. */
int mp_streq(const mp_val *v, const char *s);

#endif
