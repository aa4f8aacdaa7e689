/* Included by ../include.cl through build_options -I inc (relative to the test file). */
#define TWICE(x) ((x) * 2)
