/* libclc-split LIBCLC OUT: writes the pre-split form of the libclc
 * bitcode file LIBCLC to OUT (src/driver/libclc_split.h). Run once by the
 * build (tools/CMakeLists.txt); the front end reads OUT on every compile
 * instead of all of libclc. Exit 0, or 1 with the reason on stderr. */
#include <stdio.h>
#include <stdlib.h>

#include "driver/clang_frontend.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: libclc-split LIBCLC OUT\n");
    return 1;
  }
  char *diag = NULL;
  int status = wavecc_clang_split_libclc(argv[1], argv[2], &diag);
  if (diag) fprintf(stderr, "libclc-split: %s", diag);
  free(diag);
  return status == 0 ? 0 : 1;
}
