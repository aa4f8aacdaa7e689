/* Placeholder: see the issues. */
#include <stdio.h>
int main(void) { fprintf(stderr, "wavecc: not built yet\n"); return 1; }
