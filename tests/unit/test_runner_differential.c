/* Unit tests: the byte-for-byte comparison of --differential
 * (src/runner/differential.c, rt_compare_runs): identical buffers, a
 * difference reported at the right element and component with both values,
 * buffers the test does not declare compared as bytes, arguments without a
 * buffer skipped, a difference in the last byte found, and the padding
 * slot of 3-wide vectors left out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

/* A test with argument 0 a by-value int and argument 1 an int4 buffer of 3
 * elements; argument 2 undeclared (the runs still carry a buffer for it). */
static void make_test(rt_test *t, rt_arg *in) {
  memset(t, 0, sizeof *t);
  memset(in, 0, 2 * sizeof *in);
  t->kernel_name = "k";
  t->num_args = 3;
  in[0].index = 0;
  in[0].type = (rt_type){RT_INT, 1};
  in[0].size = 4;
  in[1].index = 1;
  in[1].is_buffer = 1;
  in[1].type = (rt_type){RT_INT, 4};
  in[1].count = 3;
  in[1].size = 48;
  t->in = in;
  t->num_in = 2;
}

static void make_run(rt_emu_outputs *o, unsigned char *b1, unsigned char *b2) {
  o->num = 3;
  o->data = calloc(3, sizeof *o->data);
  o->size = calloc(3, sizeof *o->size);
  o->data[1] = malloc(48);
  memcpy(o->data[1], b1, 48);
  o->size[1] = 48;
  o->data[2] = malloc(5);
  memcpy(o->data[2], b2, 5);
  o->size[2] = 5;
}

int main(void) {
  rt_test t;
  rt_arg in[2];
  make_test(&t, in);
  unsigned char a1[48], b1[48], a2[5] = {1, 2, 3, 4, 5}, b2[5] = {1, 2, 3, 4, 5};
  for (int i = 0; i < 48; i++) a1[i] = b1[i] = (unsigned char)(7 * i);
  rt_emu_outputs w, l;

  make_run(&w, a1, a2);
  make_run(&l, b1, b2);
  CHECK(rt_compare_runs(&t, &w, &l) == NULL);
  rt_emu_outputs_free(&w);
  rt_emu_outputs_free(&l);

  /* element 1, component 2 of the int4 buffer: bytes 16 + 8 .. 16 + 11 */
  int32_t x = -5;
  memcpy(b1 + 24, &x, 4);
  make_run(&w, a1, a2);
  make_run(&l, b1, b2);
  char *m = rt_compare_runs(&t, &w, &l);
  CHECK(m && strstr(m, "kernel k: arg 1 (int4) index 1.s2 (byte 24): wavecc ") && strstr(m, "llc-19 -5 "));
  if (m) printf("%s\n", m);
  free(m);
  rt_emu_outputs_free(&w);
  rt_emu_outputs_free(&l);

  /* undeclared buffer: compared as uchar; the last byte differs */
  memcpy(b1, a1, 48);
  b2[4] = 9;
  make_run(&w, a1, a2);
  make_run(&l, b1, b2);
  m = rt_compare_runs(&t, &w, &l);
  CHECK(m && strstr(m, "arg 2 (uchar) index 4 (byte 4): wavecc 5, llc-19 9 (1 of 5 bytes differ)"));
  if (m) printf("%s\n", m);
  free(m);
  rt_emu_outputs_free(&w);
  rt_emu_outputs_free(&l);

  /* a 3-wide vector's padding slot is not compared */
  in[1].type = (rt_type){RT_INT, 3};
  b2[4] = 5;
  b1[12] = (unsigned char)(a1[12] + 1);
  make_run(&w, a1, a2);
  make_run(&l, b1, b2);
  CHECK(rt_compare_runs(&t, &w, &l) == NULL);
  rt_emu_outputs_free(&w);
  rt_emu_outputs_free(&l);

  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  return failures ? 1 : 0;
}
