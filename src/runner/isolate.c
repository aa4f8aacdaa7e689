/* One test file in a worker process (rt_isolate_run, runner.h).
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
 * The parent never waits for end-of-file: with -j, a sibling forked at the
 * same moment may hold copies of these pipes' write ends, so completion is
 * "whole frame read" or "child reaped", polled every 100 ms. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

rt_isolate_status rt_isolate_run(rt_child_fn fn, void *arg, double deadline, rt_text *out, rt_counts *c,
                                 char **msg) {
  *msg = NULL;
  memset(c, 0, sizeof *c);
  int res[2], err[2];
  if (pipe2(res, O_CLOEXEC) != 0) { *msg = rt_fmt("cannot create a pipe: %s", strerror(errno)); return RT_ISOLATE_DIED; }
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(res[0]); close(res[1]);
    *msg = rt_fmt("cannot create a pipe: %s", strerror(errno));
    return RT_ISOLATE_DIED;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    close(res[0]);
    close(err[0]);
    child_main(fn, arg, res[1], err[1]);
  }
  close(res[1]);
  close(err[1]);
  if (pid < 0) {
    close(res[0]); close(err[0]);
    *msg = rt_fmt("cannot start a worker process: %s", strerror(errno));
    return RT_ISOLATE_DIED;
  }
  rt_text rbuf = {0}, tail = {0};
  int status = 0, reaped = 0, got = 0, cut = 0, res_open = 1, err_open = 1;
  while (!got && !reaped) {
    struct pollfd pf[2] = {{res_open ? res[0] : -1, POLLIN, 0}, {err_open ? err[0] : -1, POLLIN, 0}};
    int ms = 100;
    if (deadline > 0) {
      double left = deadline - rt_monotonic_seconds();
      if (left <= 0) { cut = 1; break; }
      if (left * 1000 < ms) ms = (int)(left * 1000) + 1;
    }
    if (poll(pf, 2, ms) < 0 && errno != EINTR) break;
    if (pf[0].revents) res_open = drain(res[0], &rbuf);
    if (pf[1].revents) err_open = take_err(err[0], &tail);
    got = frame_done(&rbuf, out, c);
    if (!got && waitpid(pid, &status, WNOHANG) == pid) {
      reaped = 1;
      /* Gone: whatever it wrote is in the pipe already. */
      fcntl(res[0], F_SETFL, O_NONBLOCK);
      while (!got && drain(res[0], &rbuf)) got = frame_done(&rbuf, out, c);
    }
  }
  if (cut) kill(pid, SIGKILL);
  if (!reaped) waitpid(pid, &status, 0);
  /* The rest of its stderr (non-blocking: a grandchild may hold it open). */
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  for (int i = 0; err_open && i < 4096; i++) {
    size_t before = tail.n;
    if (!take_err(err[0], &tail) || tail.n == before) break;
  }
  close(res[0]);
  close(err[0]);
  rt_isolate_status st = RT_ISOLATE_OK;
  if (cut) st = RT_ISOLATE_CUT;
  else if (!got) {
    st = RT_ISOLATE_DIED;
    *msg = death_message(status, &tail);
  }
  rt_text_free(&rbuf);
  rt_text_free(&tail);
  return st;
}
