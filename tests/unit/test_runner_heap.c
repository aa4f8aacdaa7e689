/* Unit test: a worker process (src/runner/isolate.c, rt_worker_start) of
 * a process whose heap rt_heap_tune set up carves its first new block on
 * a 2 MiB boundary the parent never touched (not from the rest of the
 * parent's last, copy-on-write huge page), and a parent's block is still
 * intact in the worker. With WAVECC_MALLOC_DEFAULTS=1 (no tuning) the
 * test only checks that the worker runs. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/runner.h"

static char *parent_block;

/* In the worker: is a fresh 100 KB block (below the mmap threshold, above
 * the small-block caches) at a 2 MiB boundary? */
static void child(void *arg, rt_text *out, rt_counts *c) {
  (void)arg;
  char *p = malloc(100000);
  uintptr_t a = (uintptr_t)p;
  int aligned = p && (a & (((uintptr_t)2 << 20) - 1)) == 0;
  int intact = parent_block[0] == 'x' && parent_block[299999] == 'y';
  char *line = rt_fmt("aligned %d intact %d %p %p\n", aligned, intact, (void *)p, sbrk(0));
  if (line) {
    out->p = line;
    out->n = out->cap = strlen(line);
  }
  c->passed = aligned && intact;
}

int main(void) {
  int tuned = rt_heap_tune();
  /* what the parent's start-up leaves: ~300 KB of live small blocks */
  static char *blocks[3000];
  for (int i = 0; i < 3000; i++) blocks[i] = malloc(100);
  parent_block = malloc(300000);
  if (!parent_block) return 1;
  parent_block[0] = 'x';
  parent_block[299999] = 'y';
  rt_worker w;
  char *msg = NULL;
  if (rt_worker_start(&w, child, NULL, &msg) != 0) {
    fprintf(stderr, "cannot start a worker: %s\n", msg);
    return 1;
  }
  rt_worker *ws[1] = {&w};
  while (!rt_worker_done(&w)) rt_workers_wait(ws, 1, 1000);
  rt_text out = {0};
  rt_counts c;
  memset(&c, 0, sizeof c);
  if (rt_worker_finish(&w, 0, &out, &c, &msg) != RT_ISOLATE_OK) {
    fprintf(stderr, "worker died: %s\n", msg ? msg : "?");
    return 1;
  }
  printf("tuned %d, worker: %s", tuned, out.p ? out.p : "(nothing)\n");
  int ok = out.p && strstr(out.p, "intact 1") && (!tuned || c.passed == 1);
  rt_text_free(&out);
  for (int i = 0; i < 3000; i++) free(blocks[i]);
  free(parent_block);
  if (!ok) fprintf(stderr, "FAIL: the worker's first new block is not on a fresh 2 MiB boundary\n");
  return ok ? 0 : 1;
}
