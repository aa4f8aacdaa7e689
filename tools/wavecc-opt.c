/* Placeholder: see the issues. */
#include <stdio.h>
int main(void) { fprintf(stderr, "wavecc-opt: not built yet\n"); return 1; }
