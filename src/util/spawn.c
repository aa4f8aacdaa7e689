/* Child processes and files (see spawn.h). posix_spawn with pipes read by
 * poll so that a tool writing much to both stdout and stderr cannot block. */
#include "util/spawn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

const char *llvm_tool_path(char *buf, size_t bufsize, const char *name) {
  snprintf(buf, bufsize, "%s/%s", WAVECC_LLVM_BINDIR, name);
  return buf;
}

typedef struct growbuf { char *p; size_t n, cap; } growbuf;

static int growbuf_read(growbuf *b, int fd) {
  if (b->cap - b->n < 4097) {
    size_t cap = b->cap ? b->cap * 2 : 8192;
    char *p = realloc(b->p, cap);
    if (!p) return -1;
    b->p = p;
    b->cap = cap;
  }
  ssize_t r = read(fd, b->p + b->n, b->cap - b->n - 1);
  if (r > 0) b->n += (size_t)r;
  return (int)r;
}

int spawn_capture(char *const argv[], char **out, size_t *out_size, char **err) {
  int po[2] = {-1, -1}, pe[2];
  if (out && pipe(po) != 0) return -1;
  if (pipe(pe) != 0) return -1;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  if (out) posix_spawn_file_actions_adddup2(&fa, po[1], 1);
  else posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
  if (out) { posix_spawn_file_actions_addclose(&fa, po[0]); posix_spawn_file_actions_addclose(&fa, po[1]); }
  posix_spawn_file_actions_addclose(&fa, pe[0]);
  posix_spawn_file_actions_addclose(&fa, pe[1]);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (out) close(po[1]);
  close(pe[1]);
  growbuf bo = {0}, be = {0};
  if (rc != 0) {
    if (out) close(po[0]);
    close(pe[0]);
    if (err) {
      char msg[512];
      snprintf(msg, sizeof msg, "cannot run %s: %s", argv[0], strerror(rc));
      *err = strdup(msg);
    }
    if (out) { *out = NULL; if (out_size) *out_size = 0; }
    return -1;
  }
  struct pollfd fds[2];
  int open_fds = out ? 2 : 1;
  fds[0].fd = pe[0]; fds[0].events = POLLIN;
  if (out) { fds[1].fd = po[0]; fds[1].events = POLLIN; }
  int nfds = out ? 2 : 1;
  while (open_fds > 0) {
    if (poll(fds, (nfds_t)nfds, -1) < 0) { if (errno == EINTR) continue; break; }
    for (int i = 0; i < nfds; i++) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      int r = growbuf_read(i == 0 ? &be : &bo, fds[i].fd);
      if (r <= 0) { close(fds[i].fd); fds[i].fd = -1; open_fds--; }
    }
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  if (be.p) be.p[be.n] = 0;
  if (bo.p) bo.p[bo.n] = 0;
  if (err) *err = be.p ? be.p : strdup(""); else free(be.p);
  if (out) { *out = bo.p ? bo.p : strdup(""); if (out_size) *out_size = bo.n; }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (err) {
    char msg[128];
    snprintf(msg, sizeof msg, "%s died from signal %d\n", argv[0], WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    char *joined = malloc(strlen(*err) + strlen(msg) + 1);
    strcpy(joined, *err);
    strcat(joined, msg);
    free(*err);
    *err = joined;
  }
  return -1;
}

int tempdir_create(char *buf, size_t bufsize) {
  const char *t = getenv("TMPDIR");
  snprintf(buf, bufsize, "%s/wavecc-XXXXXX", t && *t ? t : "/tmp");
  return mkdtemp(buf) ? 0 : -1;
}

void tempdir_remove(const char *path) {
  DIR *d = opendir(path);
  if (!d) return;
  struct dirent *e;
  char p[4096];
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    snprintf(p, sizeof p, "%s/%s", path, e->d_name);
    unlink(p);
  }
  closedir(d);
  rmdir(path);
}

char *file_read_all(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  growbuf b = {0};
  int r;
  while ((r = growbuf_read(&b, fileno(f))) > 0) {}
  fclose(f);
  if (r < 0) { free(b.p); return NULL; }
  if (!b.p) b.p = calloc(1, 1);
  else b.p[b.n] = 0;
  if (size) *size = b.n;
  return b.p;
}

char *file_read_regular(const char *path, size_t max, size_t *size) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return NULL;
  struct stat st;
  if (fstat(fd, &st) != 0) { close(fd); return NULL; }
  if (!S_ISREG(st.st_mode)) { close(fd); errno = EINVAL; return NULL; }
  if ((uint64_t)st.st_size > max) { close(fd); errno = EFBIG; return NULL; }
  char *p = fd_read_bounded(fd, max, size);
  int e = errno;
  close(fd);
  errno = e;
  return p;
}

char *fd_read_bounded(int fd, size_t max, size_t *size) {
  growbuf b = {0};
  int r;
  while ((r = growbuf_read(&b, fd)) > 0)
    if (b.n > max) { r = -1; errno = EFBIG; break; }
  if (r < 0) { int e = errno; free(b.p); errno = e; return NULL; }
  if (!b.p) b.p = calloc(1, 1);
  else b.p[b.n] = 0;
  if (size) *size = b.n;
  return b.p;
}

int file_write_all(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t w = fwrite(data, 1, size, f);
  int rc = fclose(f);
  return (w == size && rc == 0) ? 0 : -1;
}
