/* Worker threads for wemu_dispatch (work-groups on all cores) and what
 * they share: the dispatch-wide instruction count and the lock that makes
 * global-memory atomics atomic across work-groups.
 *
 * The scheduling itself (which worker runs which group, how faults are
 * ordered) is in dispatch.c; this file only owns the threads. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "emu/emu_internal.h"

struct emu_par {
  _Atomic uint64_t executed;  /* wave-instructions of all workers, flushed in blocks (step()) */
  pthread_mutex_t lock;       /* global-memory atomics; the fault record of dispatch.c */
};

emu_par *emu_par_new(void) {
  emu_par *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  atomic_init(&p->executed, 0);
  if (pthread_mutex_init(&p->lock, NULL)) { free(p); return NULL; }
  return p;
}

void emu_par_free(emu_par *p) {
  if (!p) return;
  pthread_mutex_destroy(&p->lock);
  free(p);
}

uint64_t emu_par_add_executed(emu_par *p, uint64_t n) { return atomic_fetch_add(&p->executed, n) + n; }

void emu_par_lock(emu_par *p) { if (p) pthread_mutex_lock(&p->lock); }
void emu_par_unlock(emu_par *p) { if (p) pthread_mutex_unlock(&p->lock); }

unsigned emu_par_threads(const wemu_options *o) {
  if (o->threads) return o->threads;
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (unsigned)(n > 256 ? 256 : n) : 1;
}

typedef struct par_thread {
  void (*fn)(void *, unsigned);
  void *arg;
  unsigned index;
} par_thread;

static void *thread_main(void *a) {
  par_thread *t = a;
  t->fn(t->arg, t->index);
  return NULL;
}

/* The threads of one emu_par_run: started together, by the call or later
 * by worker 0 (emu_par_start). */
struct emu_par_crew {
  unsigned n;
  void (*fn)(void *, unsigned);
  void *arg;
  pthread_t *tid;
  par_thread *pt;
  uint8_t *started;
  int launched;
};

void emu_par_start(emu_par_crew *crew) {
  if (!crew || crew->launched) return;
  crew->launched = 1;
  for (unsigned i = 1; i < crew->n; i++) {
    crew->pt[i] = (par_thread){crew->fn, crew->arg, i};
    /* A thread that cannot be created leaves its share to the others: the
     * workers take groups from a common queue. */
    crew->started[i] = pthread_create(&crew->tid[i], NULL, thread_main, &crew->pt[i]) == 0;
  }
}

int emu_par_started(const emu_par_crew *crew, unsigned index) {
  return index == 0 || (crew && crew->launched && crew->started[index]);
}

void emu_par_run(unsigned n, void (*fn)(void *arg, unsigned index), void *arg, emu_par_crew **crew_out, int later) {
  if (crew_out) *crew_out = NULL;
  if (n <= 1) { fn(arg, 0); return; }
  emu_par_crew crew = {n, fn, arg, calloc(n, sizeof(pthread_t)), calloc(n, sizeof(par_thread)), calloc(n, 1), 0};
  if (!crew.tid || !crew.pt || !crew.started) {
    free(crew.tid); free(crew.pt); free(crew.started);
    fn(arg, 0);
    return;
  }
  if (crew_out) *crew_out = &crew;
  if (!later) emu_par_start(&crew);
  fn(arg, 0);
  for (unsigned i = 1; i < n; i++) if (crew.started[i]) pthread_join(crew.tid[i], NULL);
  free(crew.tid); free(crew.pt); free(crew.started);
}
