/* SHA-256 (FIPS 180-4), for content-addressed file names (the code-object
 * cache, src/driver/cache.c): a key is the digest of everything the
 * output depends on, so a collision would hand back another program's
 * code; a cryptographic hash makes that a non-event. */
#ifndef WAVECC_UTIL_SHA256_H
#define WAVECC_UTIL_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct sha256 {
  uint32_t h[8];
  uint64_t length; /* bytes hashed so far */
  uint8_t block[64];
  size_t used;     /* bytes of `block` filled */
} sha256;

void sha256_init(sha256 *s);
void sha256_update(sha256 *s, const void *data, size_t size);
/* Adds `size` as 8 bytes then the bytes: fields of a key cannot run into
 * each other ("ab"+"c" differs from "a"+"bc"). NULL counts as empty. */
void sha256_field(sha256 *s, const void *data, size_t size);
/* The digest as 64 lowercase hex digits and a NUL into hex[65]. */
void sha256_hex(sha256 *s, char hex[65]);

#endif
