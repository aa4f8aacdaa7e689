/* Unit tests: SHA-256 (the code-object cache's keys, src/driver/cache.c)
 * against the test vectors of FIPS 180-4's examples (NIST CSRC "Examples
 * with intermediate values": "abc", the two-block 448-bit message) and
 * the million 'a's, fed in pieces that straddle the 64-byte blocks. */
#include <stdio.h>
#include <string.h>

#include "util/sha256.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static void digest(const char *msg, size_t piece, char hex[65]) {
  sha256 s;
  sha256_init(&s);
  size_t n = strlen(msg);
  for (size_t i = 0; i < n; i += piece) sha256_update(&s, msg + i, n - i < piece ? n - i : piece);
  sha256_hex(&s, hex);
}

int main(void) {
  char hex[65];
  digest("", 1, hex);
  CHECK(!strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
  digest("abc", 1, hex);
  CHECK(!strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
  for (size_t piece = 1; piece < 70; piece += 7) {
    digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", piece, hex);
    CHECK(!strcmp(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
  }
  static char million[1000001];
  memset(million, 'a', 1000000);
  digest(million, 4096 + 17, hex);
  CHECK(!strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
  /* Fields: ("ab","c") and ("a","bc") differ. */
  sha256 a, b;
  char ha[65], hb[65];
  sha256_init(&a), sha256_init(&b);
  sha256_field(&a, "ab", 2), sha256_field(&a, "c", 1);
  sha256_field(&b, "a", 1), sha256_field(&b, "bc", 2);
  sha256_hex(&a, ha), sha256_hex(&b, hb);
  CHECK(strcmp(ha, hb) != 0);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  else printf("sha256: all checks passed\n");
  return failures != 0;
}
