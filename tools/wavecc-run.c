/* Placeholder: see the issues. */
#include <stdio.h>
int main(void) { fprintf(stderr, "wavecc-run: not built yet\n"); return 1; }
