/* The code-object cache: a compile of OpenCL C whose result is on disk
 * already is a file read (issue 28: under 0.02 s where a compile takes
 * 0.1-0.3 s, as PoCL's and Oclgrind's kernel caches spare their users).
 *
 * Where: $WAVECC_CACHE_DIR, else $XDG_CACHE_HOME/wavecc, else
 * $HOME/.cache/wavecc (the XDG base directory specification); one file
 * per entry, DIR/xx/<the other 62 hex digits of the key>.
 *
 * Size: at most $WAVECC_CACHE_MAX_SIZE bytes (a number with an optional
 * K, M or G suffix, powers of 1024; 0: no limit), default 512 MiB. A hit
 * sets its entry's modification time to now. A store lists only its own
 * subdirectory and estimates the total as 256 times that (keys are
 * spread evenly over the 256); only when the estimate is above the limit
 * does it scan the whole directory and, if the entries are above it,
 * remove the least recently used (oldest modification time) until they
 * fit in 7/8 of the limit (cache_trim), so that a full cache is not
 * scanned again at the next store; a cache of 256 entries or more that
 * the scan finds between 3/4 of the limit and the limit (the estimate
 * was high) is trimmed to 3/4 of it, else most stores of a cache just
 * under the limit would scan it. Scanning everything on every store
 * cost 47 ms of CPU with 16,000 entries (a compile is ~60 ms): one
 * subdirectory is 1/256 of that. The price: a cache may stay above the
 * limit by the estimate's error (about 1/sqrt of the entries per
 * subdirectory) until a store lands in a fuller subdirectory; a small
 * cache (fewer entries than subdirectories) is estimated high and kept
 * within the limit as before. Hits never scan.
 *
 * The key is the SHA-256 of everything the result depends on:
 * - the source bytes and the name it is compiled under (the name is in
 *   the diagnostics);
 * - every option of wavecc_options that changes the output (target,
 *   level, output kind, OpenCL options, budgets, assembler, -mattr,
 *   -mtriple);
 * - the compiler's version and build identity: the file that holds this
 *   code (the tool, libwavecc.so or the ICD: path, size, modification
 *   time, inode) and the files of the OpenCL C front end, libclc, clang
 *   and LLVM's shared libraries (driver_opencl_identity). A rebuild or a
 *   package upgrade changes a file, hence the key: a stale entry is never
 *   found, not just revalidated.
 * Only compiles that read no file but the source and clang's own headers
 * are stored (the front end reports what it read): the content of an
 * #include'd header is not in the key, so such programs are always
 * compiled. Only successful compiles are stored (with their warnings).
 *
 * Safe under concurrent runs: an entry is written to a temporary file in
 * its directory and renamed over the final name (atomic in POSIX), and a
 * reader checks the magic, the key echoed in the entry and every size
 * against the file's length, so a torn or foreign file is a miss. An
 * entry removed by another run's trim is a miss too (a reader that has
 * it open still reads it whole); two runs trimming at once may remove a
 * few more entries than needed, never a temporary file younger than ten
 * minutes (an unfinished store) or the entry just stored. */
#include "driver/cache.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver/opencl.h"
#include "util/sha256.h"
#include "util/spawn.h"

#define MAGIC "wavecc-cache-1\n"

/* Adds a C string (NULL distinct from "") to the key. */
static void key_str(sha256 *s, const char *str) {
  uint8_t present = str != NULL;
  sha256_update(s, &present, 1);
  sha256_field(s, str, str ? strlen(str) : 0);
}

static void key_int(sha256 *s, long long v) { sha256_field(s, &v, sizeof v); }

/* The identity of the file holding this code (dladdr), see the top. */
static void key_self(sha256 *s) {
  Dl_info info;
  struct stat st;
  if (dladdr((void *)key_self, &info) && info.dli_fname && stat(info.dli_fname, &st) == 0) {
    key_str(s, info.dli_fname);
    driver_key_stat(s, &st);
  } else {
    key_str(s, "unknown build"); /* still keyed by the rest */
  }
}

/* The cache directory (see the top), malloc'ed, or NULL. */
static char *cache_dir(void) {
  const char *d = getenv("WAVECC_CACHE_DIR");
  if (d && *d) return strdup(d);
  const char *x = getenv("XDG_CACHE_HOME");
  char *p = NULL;
  if (x && *x == '/') {
    size_t n = strlen(x) + 16;
    if ((p = malloc(n))) snprintf(p, n, "%s/wavecc", x);
    return p;
  }
  const char *h = getenv("HOME");
  if (!h || *h != '/') return NULL;
  size_t n = strlen(h) + 24;
  if ((p = malloc(n))) snprintf(p, n, "%s/.cache/wavecc", h);
  return p;
}

char *driver_cache_path(const char *name, const void *data, size_t size, const wavecc_options *o) {
  const char *off = getenv("WAVECC_NO_CACHE");
  if (o->no_cache || (off && *off && strcmp(off, "0") != 0)) return NULL;
  if (o->print_after || o->time_passes || o->stats) return NULL;
  char *dir = cache_dir();
  if (!dir) return NULL;
  sha256 s;
  sha256_init(&s);
  key_str(&s, MAGIC);
  key_self(&s);
  if (driver_opencl_identity(&s) != 0) {
    free(dir);
    return NULL;
  }
  key_str(&s, name);
  sha256_field(&s, data, size);
  key_str(&s, o->mcpu);
  key_int(&s, o->opt_level);
  key_int(&s, o->output);
  key_int(&s, o->input_kind);
  key_int(&s, o->num_cl_options);
  for (int i = 0; i < o->num_cl_options; i++) key_str(&s, o->cl_options[i]);
  key_int(&s, o->max_vgprs);
  key_int(&s, o->max_sgprs);
  key_int(&s, o->spill_sgprs_to_scratch);
  key_int(&s, o->assembler);
  key_str(&s, o->mattr);
  key_str(&s, o->triple);
  key_int(&s, o->no_llc_ir_passes);
  key_int(&s, o->check_div);
  char hex[65];
  sha256_hex(&s, hex);
  size_t n = strlen(dir) + 80;
  char *path = malloc(n);
  if (path) snprintf(path, n, "%s/%.2s/%s", dir, hex, hex + 2);
  free(dir);
  return path;
}

/* The entry: MAGIC, the path's last 62 hex digits (the key, so a file
 * copied under another name is a miss), then the sizes of diagnostics,
 * output and the kernel table and output_instructions (8 bytes each,
 * little-endian), then those bytes. */
typedef struct entry_head {
  char magic[sizeof MAGIC - 1];
  char key[62];
  uint64_t diag_size, output_size, num_kernels, instructions;
} entry_head;

static const char *key_of(const char *path) {
  size_t n = strlen(path);
  return n >= 62 ? path + n - 62 : path;
}

/* The size limit in bytes (see the top); 0: none. */
static uint64_t cache_limit(void) {
  const char *v = getenv("WAVECC_CACHE_MAX_SIZE");
  if (!v || !*v) return 512ull << 20;
  char *end = NULL;
  unsigned long long n = strtoull(v, &end, 10);
  if (end == v) return 512ull << 20; /* not a number: the default */
  int shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 : *end == 'G' || *end == 'g' ? 30 : 0;
  return n > (UINT64_MAX >> shift) ? UINT64_MAX : (uint64_t)n << shift;
}

typedef struct cache_file {
  char *path;
  uint64_t size;
  struct timespec mtime;
} cache_file;

static int older_first(const void *a, const void *b) {
  const struct timespec *x = &((const cache_file *)a)->mtime, *y = &((const cache_file *)b)->mtime;
  if (x->tv_sec != y->tv_sec) return x->tv_sec < y->tv_sec ? -1 : 1;
  return x->tv_nsec < y->tv_nsec ? -1 : x->tv_nsec > y->tv_nsec;
}

/* Whether NAME is LEN lower-case hex digits. */
static int is_hex(const char *name, size_t len) {
  if (strlen(name) != len) return 0;
  for (size_t i = 0; i < len; i++)
    if (!strchr("0123456789abcdef", name[i])) return 0;
  return 1;
}

/* Appends the entries of DIR/SUB to *V (temporaries older than ten
 * minutes are removed: their store died). 0, or -1 out of memory. */
static int list_entries(const char *dir, const char *sub, cache_file **v, size_t *n, size_t *cap) {
  size_t dn = strlen(dir) + strlen(sub) + 2;
  char *d = malloc(dn);
  if (!d) return -1;
  snprintf(d, dn, "%s/%s", dir, sub);
  DIR *h = opendir(d);
  int rc = 0;
  time_t now = time(NULL);
  for (struct dirent *e; h && rc == 0 && (e = readdir(h));) {
    int entry = is_hex(e->d_name, 62), temp = !entry && strlen(e->d_name) > 62 && e->d_name[62] == '.';
    if (!entry && !temp) continue;
    size_t pn = dn + strlen(e->d_name) + 1;
    char *p = malloc(pn);
    struct stat st;
    if (!p) { rc = -1; break; }
    snprintf(p, pn, "%s/%s", d, e->d_name);
    if (lstat(p, &st) != 0 || !S_ISREG(st.st_mode) || temp) {
      if (temp && st.st_mtime + 600 < now) unlink(p);
      free(p);
      continue;
    }
    if (*n == *cap) {
      size_t c = *cap ? 2 * *cap : 256;
      cache_file *nv = realloc(*v, c * sizeof *nv);
      if (!nv) { free(p); rc = -1; break; }
      *v = nv, *cap = c;
    }
    (*v)[(*n)++] = (cache_file){p, (uint64_t)st.st_size, st.st_mtim};
  }
  if (h) closedir(h);
  free(d);
  return rc;
}

/* The cache's total size estimated from subdirectory SUB of DIR (see
 * the top); UINT64_MAX when it cannot be listed (then the whole
 * directory is scanned). */
static uint64_t cache_estimate(const char *dir, const char *sub) {
  cache_file *v = NULL;
  size_t n = 0, cap = 0;
  uint64_t total = 0;
  int ok = list_entries(dir, sub, &v, &n, &cap) == 0;
  for (size_t i = 0; i < n; i++) {
    total += v[i].size;
    free(v[i].path);
  }
  free(v);
  return ok && total <= UINT64_MAX / 256 ? total * 256 : UINT64_MAX;
}

/* When the entries of the cache directory DIR add up to more than LIMIT
 * bytes, removes the least recently used until they fit in TARGET,
 * never KEEP (the entry just stored). Failures leave the cache larger,
 * never broken. */
static void cache_trim(const char *dir, uint64_t limit, uint64_t target, const char *keep) {
  cache_file *v = NULL;
  size_t n = 0, cap = 0;
  DIR *h = opendir(dir);
  int ok = h != NULL;
  for (struct dirent *e; ok && (e = readdir(h));)
    if (is_hex(e->d_name, 2)) ok = list_entries(dir, e->d_name, &v, &n, &cap) == 0;
  if (h) closedir(h);
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++) total += v[i].size;
  /* A large cache (an entry per subdirectory or more, where the estimate
   * is close) scanned because its estimate was above the limit while the
   * entries are not is just below it: without a trim every store whose
   * subdirectory is a little fuller than the average would scan it again
   * (measured: 5 of 8 stores listed all 26,000 entries of a cache at
   * 0.98 of the limit, ~60 ms each, as long as a compile). Trimmed to 3/4
   * of the limit, its estimates stay below the limit for thousands of
   * stores. */
  if (n >= 256 && total > limit - limit / 4 && target > limit - limit / 4) target = limit - limit / 4;
  if (ok && (total > limit || (n >= 256 && total > target))) {
    qsort(v, n, sizeof *v, older_first);
    for (size_t i = 0; i < n && total > target; i++) {
      if (!strcmp(v[i].path, keep)) continue;
      if (unlink(v[i].path) == 0 || errno == ENOENT) total -= v[i].size;
    }
  }
  for (size_t i = 0; i < n; i++) free(v[i].path);
  free(v);
}

int driver_cache_load(const char *path, wavecc_result *r) {
  size_t size = 0;
  char *file = file_read_regular(path, WAVECC_MAX_INPUT_BYTES, &size);
  if (!file) return 0;
  entry_head h;
  int ok = size >= sizeof h;
  if (ok) memcpy(&h, file, sizeof h);
  ok = ok && !memcmp(h.magic, MAGIC, sizeof h.magic) && !memcmp(h.key, key_of(path), sizeof h.key) &&
       h.num_kernels <= UINT32_MAX && h.diag_size <= size && h.output_size <= size &&
       h.num_kernels <= size / sizeof *r->kernels &&
       sizeof h + h.diag_size + h.output_size + h.num_kernels * sizeof *r->kernels == size;
  if (ok) {
    const char *p = file + sizeof h;
    r->diagnostics = h.diag_size ? strndup(p, h.diag_size) : NULL;
    p += h.diag_size;
    r->output = malloc(h.output_size + 1); /* + NUL: assembly text is a string */
    if (r->output) {
      memcpy(r->output, p, h.output_size);
      ((char *)r->output)[h.output_size] = 0;
    }
    r->output_size = h.output_size;
    p += h.output_size;
    r->num_kernels = (uint32_t)h.num_kernels;
    r->kernels = h.num_kernels ? malloc(h.num_kernels * sizeof *r->kernels) : NULL;
    if (r->kernels) memcpy(r->kernels, p, h.num_kernels * sizeof *r->kernels);
    r->output_instructions = h.instructions;
    ok = r->output && (!h.diag_size || r->diagnostics) && (!h.num_kernels || r->kernels);
    if (!ok) {
      free(r->diagnostics), free(r->output), free(r->kernels);
      memset(r, 0, sizeof *r);
    }
  }
  free(file);
  /* recently used: the trim removes the oldest modification times first */
  if (ok) utimensat(AT_FDCWD, path, NULL, 0);
  return ok;
}

/* mkdir -p of the directory part of `path`. 0 or -1. */
static int make_parents(const char *path) {
  char *p = strdup(path);
  if (!p) return -1;
  for (char *s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = 0;
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
      free(p);
      return -1;
    }
    *s = '/';
  }
  free(p);
  return 0;
}

void driver_cache_store(const char *path, const wavecc_result *r) {
  if (r->status || !r->output) return;
  size_t dn = r->diagnostics ? strlen(r->diagnostics) : 0, kn = r->num_kernels * sizeof *r->kernels;
  entry_head h;
  memset(&h, 0, sizeof h); /* no uninitialised padding in the file */
  memcpy(h.magic, MAGIC, sizeof h.magic);
  memcpy(h.key, key_of(path), sizeof h.key);
  h.diag_size = dn, h.output_size = r->output_size, h.num_kernels = r->num_kernels;
  h.instructions = r->output_instructions;
  size_t total = sizeof h + dn + r->output_size + kn;
  char *buf = malloc(total);
  size_t tn = strlen(path) + 16;
  char *tmp = malloc(tn);
  if (buf && tmp && make_parents(path) == 0) {
    memcpy(buf, &h, sizeof h);
    if (dn) memcpy(buf + sizeof h, r->diagnostics, dn);
    memcpy(buf + sizeof h + dn, r->output, r->output_size);
    if (kn) memcpy(buf + sizeof h + dn + r->output_size, r->kernels, kn);
    snprintf(tmp, tn, "%s.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd >= 0) {
      size_t done = 0;
      while (done < total) {
        ssize_t w = write(fd, buf + done, total - done);
        if (w <= 0 && errno != EINTR) break;
        if (w > 0) done += (size_t)w;
      }
      if (close(fd) != 0 || done != total || rename(tmp, path) != 0) unlink(tmp);
      else {
        uint64_t limit = cache_limit();
        char *dir = strdup(path), *slash, sub[3] = {0};
        /* DIR/xx/key: the cache directory is two levels up */
        for (int up = 0; dir && up < 2 && (slash = strrchr(dir, '/')); up++) {
          if (up == 1) memcpy(sub, slash + 1, 2);
          *slash = 0;
        }
        if (dir && limit && cache_estimate(dir, sub) > limit) cache_trim(dir, limit, limit - limit / 8, path);
        free(dir);
      }
    }
  }
  free(buf);
  free(tmp);
}
