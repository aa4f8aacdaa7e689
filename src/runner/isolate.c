/* One test file in a worker process (rt_worker_start, runner.h).
 *
 * Why a process per file: the compiler links LLVM, whose bitcode reader
 * ends the process on some malformed inputs (report_bad_alloc_error:
 * "LLVM ERROR: out of memory", then abort()) and whose other fatal errors
 * call exit(); neither can be caught in C. A crash, abort or exit of the
 * child becomes one error line for that file and the run goes on. The
 * child also gives --total-timeout something to kill.
 *
 * Protocol: the child runs the file as before (run.c run_one), then writes
 * one frame to a pipe, "WRES" + rt_counts + uint64 length + the output
 * text, and _exits (no atexit handlers, no leak check of the forked copy).
 * Its stderr goes to a second pipe: the parent forwards it to its own
 * stderr as it arrives (traces, messages) and keeps the last few KiB for
 * the error line when the child dies.
 *
 * The parent never waits for end-of-file: with -j, a worker forked later
 * inherits the write ends of the earlier workers' pipes (no exec closes
 * them), so completion is "whole frame read" or "child reaped".
 *
 * Only a single-threaded process forks here: run.c drives the workers
 * from its main thread. A fork while another thread holds an allocator
 * lock leaves the child waiting on it for ever (seen with ASan's
 * allocator, whose lock the fork does not take, under -j 2). */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner/runner.h"

double rt_monotonic_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int write_all(int fd, const void *p, size_t n) {
  const char *c = p;
  while (n) {
    ssize_t w = write(fd, c, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    c += w;
    n -= (size_t)w;
  }
  return 0;
}

enum { FRAME_HEAD = 4 + sizeof(rt_counts) + sizeof(uint64_t), ERR_TAIL = 4096 };

/* The heap settings (runner.h rt_heap_tune): memory freed at the top of
 * the heap stays (no trim above 128 KiB and regrowth), and the heap grows
 * 64 MiB of address space at a time (pages never touched cost nothing).
 * A run is short and its workers _exit after one file. Measured
 * 2026-11-29 with the same settings as GLIBC_TUNABLES: app_transpose
 * --no-cache 1,948 -> 1,620 page faults.
 *
 * Those 64 MiB are also marked for transparent huge pages (the kernel's
 * THP mode "madvise", Debian's default): a worker touches 3-4 MB of fresh
 * heap while it compiles and emulates (the 64 MiB pad above keeps it in
 * one mapping), ~900 4 KiB page faults at ~2 us each under the
 * hypervisor, a fifth of a small run's CPU with the binary's other
 * faults (perf, 2026-11-29). With 2 MiB pages they are a handful.
 * Measured 2026-11-29 14:00 UTC, the same binary with and without, least
 * CPU of 3 per file alternated, the 29 files of bench/runner-speed
 * --no-cache: geometric mean 0.960 (app_transpose 1,888 -> ~1,250 page
 * faults). Memory: at most 2 MiB more resident per touched region.
 *
 * The parent's start-up (LLVM's and clang's static constructors, ~300 KB
 * of heap) may already have made the first huge page: see
 * fresh_heap_page for what the worker does about it. */
static int heap_tuned;

int rt_heap_tune(void) {
  /* Not under sanitizers, whose allocator ignores these settings (and
   * whose heap is not below the break). */
#if defined(M_TOP_PAD) && !defined(__SANITIZE_ADDRESS__)
  const char *keep = getenv("WAVECC_MALLOC_DEFAULTS");
  if (keep && *keep && strcmp(keep, "0")) return 0;
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_TOP_PAD, 64 << 20);
  heap_tuned = 1;
#ifdef MADV_HUGEPAGE
  /* The heap's first chunk and its end (the pad): the whole 2 MiB
   * regions between them. A heap that is not below its break (malloc
   * fell back to mmap) is left alone. */
  char *first = malloc(1);
  char *end = sbrk(0);
  const uintptr_t huge = (uintptr_t)2 << 20;
  uintptr_t lo = ((uintptr_t)first + huge - 1) & ~(huge - 1), hi = (uintptr_t)end & ~(huge - 1);
  if (first && end != (void *)-1 && (uintptr_t)first < (uintptr_t)end && hi > lo)
    madvise((void *)lo, hi - lo, MADV_HUGEPAGE); /* advice: failure changes nothing */
  free(first);
#endif
  return 1;
#else
  return 0;
#endif
}

/* In a worker just forked: moves the heap's top (where malloc carves new
 * blocks) up to the next 2 MiB boundary, with one block never freed
 * that spans the rest of the parent's last huge page.
 *
 * Why: the huge page the parent's start-up touched is shared
 * copy-on-write, and a write to a shared huge page copies 4 KiB at a
 * time (the kernel splits it). The worker's new blocks carved from the
 * rest of that page cost one page fault and one 4 KiB copy per 4 KiB;
 * from a boundary the parent never touched, one fault per 2 MiB.
 * app_transpose --no-cache's worker: 503 -> 23 heap page faults, the
 * whole run ~1,100 -> ~805 (perf, 2026-11-29 19:45 UTC).
 *
 * The block is carved from the top chunk (its end is sbrk(0), its size
 * mallinfo2's keepcost) at most 2 MiB, which is above the mmap threshold:
 * the threshold is raised for this one call (setting it, like the trim
 * settings above, keeps glibc from moving it on its own). The block's
 * size makes the next chunk's header end exactly at the boundary, so the
 * next block's memory starts on the fresh page. A free chunk that fits
 * (glibc prefers one) takes the request instead: then nothing moves. */
/* Never freed (the worker _exits); volatile, or the compiler drops the
 * malloc whose result nothing reads. */
static void *volatile spacer;

static void fresh_heap_page(void) {
#if defined(M_MMAP_THRESHOLD) && defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
  if (!heap_tuned) return;
  struct mallinfo2 mi = mallinfo2();
  void *brk = sbrk(0);
  if (brk == (void *)-1) return;
  const uintptr_t huge = (uintptr_t)2 << 20, chunk_head = 16;
  uintptr_t end = (uintptr_t)brk, top = end - mi.keepcost;
  uintptr_t boundary = (top + chunk_head + huge - 1) & ~(huge - 1);
  if (boundary - chunk_head - top < 4 * chunk_head || boundary >= end) return;
  mallopt(M_MMAP_THRESHOLD, (int)(2 * huge));
  /* a request of n bytes takes a chunk of n + 8 rounded up to 16 */
  spacer = malloc(boundary - chunk_head - top - 8);
  mallopt(M_MMAP_THRESHOLD, 128 << 10); /* glibc's default (DEFAULT_MMAP_THRESHOLD_MIN) */
#endif
}

/* The child: run, send the frame, _exit. Never returns. */
static void child_main(rt_child_fn fn, void *arg, int res_fd, int err_fd) {
  dup2(err_fd, 2);
  close(err_fd);
  rt_text out = {0};
  rt_counts c;
  memset(&c, 0, sizeof c);
  fn(arg, &out, &c);
  fflush(stderr);
  uint64_t len = out.n;
  char head[FRAME_HEAD];
  memcpy(head, "WRES", 4);
  memcpy(head + 4, &c, sizeof c);
  memcpy(head + 4 + sizeof c, &len, sizeof len);
  int ok = write_all(res_fd, head, sizeof head) == 0 && write_all(res_fd, out.p ? out.p : "", out.n) == 0;
  _exit(ok ? 0 : 3);
}

/* Appends n raw bytes (NULs included) to *b, keeping it NUL-terminated. */
static int append(rt_text *b, const char *p, size_t n) {
  if (b->cap - b->n < n + 1) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap - b->n < n + 1) cap *= 2;
    char *q = realloc(b->p, cap);
    if (!q) return -1;
    b->p = q;
    b->cap = cap;
  }
  memcpy(b->p + b->n, p, n);
  b->n += n;
  b->p[b->n] = 0;
  return 0;
}

/* Reads what is available on fd into *b; returns 0 on end-of-file or
 * error, 1 otherwise. */
static int drain(int fd, rt_text *b) {
  char buf[65536];
  ssize_t r = read(fd, buf, sizeof buf);
  if (r < 0 && (errno == EINTR || errno == EAGAIN)) return 1;
  if (r <= 0) return 0;
  return append(b, buf, (size_t)r) == 0;
}

/* Whole frame in `res`? Then fills *out and *c and returns 1. */
static int frame_done(const rt_text *res, rt_text *out, rt_counts *c) {
  if (res->n < FRAME_HEAD || memcmp(res->p, "WRES", 4) != 0) return 0;
  uint64_t len;
  memcpy(&len, res->p + 4 + sizeof *c, sizeof len);
  if (res->n - FRAME_HEAD < len) return 0;
  memcpy(c, res->p + 4, sizeof *c);
  append(out, res->p + FRAME_HEAD, (size_t)len);
  return 1;
}

/* Keeps the last ERR_TAIL bytes of the child's stderr in *tail and
 * forwards the new bytes to our stderr. */
static int take_err(int fd, rt_text *tail) {
  size_t before = tail->n;
  if (!drain(fd, tail)) return 0;
  if (tail->n > before) {
    fwrite(tail->p + before, 1, tail->n - before, stderr);
    fflush(stderr);
  }
  if (tail->n > 2 * ERR_TAIL) {
    memmove(tail->p, tail->p + tail->n - ERR_TAIL, ERR_TAIL);
    tail->n = ERR_TAIL;
    tail->p[tail->n] = 0;
  }
  return 1;
}

/* "signal 6 (Aborted)" / "exit status 1" and the last two lines of the
 * child's stderr, e.g. "LLVM ERROR: out of memory". */
static char *death_message(int status, const rt_text *tail) {
  char how[128];
  if (WIFSIGNALED(status)) snprintf(how, sizeof how, "signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
  else snprintf(how, sizeof how, "exit status %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  const char *s = tail->p ? tail->p : "";
  size_t n = tail->n;
  while (n && (s[n - 1] == '\n' || s[n - 1] == '\r')) n--;
  size_t start = n;
  for (int lines = 0; start > 0; start--)
    if (s[start - 1] == '\n' && ++lines == 2) break;
  char *last = strndup(s + start, n - start);
  for (char *p = last; p && *p; p++)
    if (*p == '\n') *p = ' ';
  char *m = rt_fmt("the worker process for this file ended with %s%s%s", how, last && *last ? ": " : "",
                   last ? last : "");
  free(last);
  return m;
}

int rt_worker_start(rt_worker *w, rt_child_fn fn, void *arg, char **msg) {
  memset(w, 0, sizeof *w);
  *msg = NULL;
  int res[2], err[2];
  if (pipe2(res, O_CLOEXEC) != 0) { *msg = rt_fmt("cannot create a pipe: %s", strerror(errno)); return -1; }
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(res[0]); close(res[1]);
    *msg = rt_fmt("cannot create a pipe: %s", strerror(errno));
    return -1;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    fresh_heap_page();
    close(res[0]);
    close(err[0]);
    child_main(fn, arg, res[1], err[1]);
  }
  close(res[1]);
  close(err[1]);
  if (pid < 0) {
    close(res[0]); close(err[0]);
    *msg = rt_fmt("cannot start a worker process: %s", strerror(errno));
    return -1;
  }
  w->pid = pid;
  w->res_fd = res[0];
  w->err_fd = err[0];
  return 0;
}

int rt_worker_done(const rt_worker *w) { return w->got || w->reaped; }

void rt_workers_wait(rt_worker *const *ws, size_t n, int ms) {
  struct pollfd *pf = calloc(2 * n + 1, sizeof *pf);
  if (!pf) return;
  for (size_t i = 0; i < n; i++) {
    int live = !rt_worker_done(ws[i]);
    pf[2 * i] = (struct pollfd){live ? ws[i]->res_fd : -1, POLLIN, 0};
    pf[2 * i + 1] = (struct pollfd){live ? ws[i]->err_fd : -1, POLLIN, 0};
  }
  if (poll(pf, (nfds_t)(2 * n), ms) < 0 && errno != EINTR) memset(pf, 0, 2 * n * sizeof *pf);
  for (size_t i = 0; i < n; i++) {
    rt_worker *w = ws[i];
    if (rt_worker_done(w)) continue;
    if (pf[2 * i].revents && !drain(w->res_fd, &w->res)) pf[2 * i].fd = -1;
    if (pf[2 * i + 1].revents) take_err(w->err_fd, &w->tail);
    w->got = frame_done(&w->res, &w->out, &w->c);
    if (!w->got && waitpid(w->pid, &w->status, WNOHANG) == w->pid) {
      w->reaped = 1;
      /* Gone: whatever it wrote is in the pipe already. */
      fcntl(w->res_fd, F_SETFL, O_NONBLOCK);
      while (!w->got && drain(w->res_fd, &w->res)) w->got = frame_done(&w->res, &w->out, &w->c);
    }
  }
  free(pf);
}

rt_isolate_status rt_worker_finish(rt_worker *w, int stop, rt_text *out, rt_counts *c, char **msg) {
  *msg = NULL;
  int cut = stop && !rt_worker_done(w);
  if (cut) kill(w->pid, SIGKILL);
  if (!w->reaped) waitpid(w->pid, &w->status, 0);
  /* The rest of its stderr (non-blocking: a grandchild may hold it open). */
  fcntl(w->err_fd, F_SETFL, O_NONBLOCK);
  for (int i = 0; i < 4096; i++) {
    size_t before = w->tail.n;
    if (!take_err(w->err_fd, &w->tail) || w->tail.n == before) break;
  }
  close(w->res_fd);
  close(w->err_fd);
  rt_isolate_status st = RT_ISOLATE_OK;
  if (cut) st = RT_ISOLATE_CUT;
  else if (!w->got) {
    st = RT_ISOLATE_DIED;
    *msg = death_message(w->status, &w->tail);
  } else {
    *out = w->out;
    *c = w->c;
    memset(&w->out, 0, sizeof w->out);
  }
  rt_text_free(&w->out);
  rt_text_free(&w->res);
  rt_text_free(&w->tail);
  return st;
}
