/* Buffer commands: read, write, copy (and their rectangle forms), fill,
 * map and unmap. They work on the buffers' host bytes (icd_mem.c). */
#include <stdlib.h>
#include <string.h>

#include "icd/icd.h"

typedef struct xfer {
  cl_mem src, dst;          /* retained; NULL for the host side */
  unsigned char *host;      /* the host side of a read or write */
  size_t src_off, dst_off, size;
  /* rectangles: byte origins, region, pitches (src and dst) */
  size_t so[3], dor[3], region[3], srow, sslice, drow, dslice;
  unsigned char pattern[128];
  size_t pattern_size;
} xfer;

static void xfer_fini(icd_cmd *c) {
  xfer *x = c->payload;
  if (!x) return;
  if (x->src) icd_mem_release(x->src);
  if (x->dst) icd_mem_release(x->dst);
  free(x);
}

static unsigned char *base(cl_mem m, unsigned char *host) { return m ? m->host : host; }

static cl_int run_linear(cl_command_queue q, icd_cmd *c) {
  (void)q;
  xfer *x = c->payload;
  memmove(base(x->dst, x->host) + x->dst_off, base(x->src, x->host) + x->src_off, x->size);
  c->cost_ns = icd_transfer_ns(x->size);
  return CL_SUCCESS;
}

static cl_int run_rect(cl_command_queue q, icd_cmd *c) {
  (void)q;
  xfer *x = c->payload;
  unsigned char *d = base(x->dst, x->host), *s = base(x->src, x->host);
  for (size_t z = 0; z < x->region[2]; z++)
    for (size_t y = 0; y < x->region[1]; y++)
      memmove(d + (x->dor[2] + z) * x->dslice + (x->dor[1] + y) * x->drow + x->dor[0],
              s + (x->so[2] + z) * x->sslice + (x->so[1] + y) * x->srow + x->so[0], x->region[0]);
  c->cost_ns = icd_transfer_ns(x->region[0] * x->region[1] * x->region[2]);
  return CL_SUCCESS;
}

static cl_int run_fill(cl_command_queue q, icd_cmd *c) {
  (void)q;
  xfer *x = c->payload;
  for (size_t i = 0; i < x->size; i += x->pattern_size) memcpy(x->dst->host + x->dst_off + i, x->pattern, x->pattern_size);
  c->cost_ns = icd_transfer_ns(x->size);
  return CL_SUCCESS;
}


/* Checks the queue, buffer, wait list and host access common to the
 * commands on one buffer. host_forbid: the CL_MEM_HOST_* flags that make
 * this host access an error. */
static cl_int check_common(cl_command_queue q, cl_mem m, cl_uint nw, const cl_event *wl, cl_mem_flags host_forbid) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (!icd_valid(m, ICD_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
  if (m->context != q->context) return CL_INVALID_CONTEXT;
  cl_int rc = icd_check_wait_list(q, nw, wl);
  if (rc != CL_SUCCESS) return rc;
  return (m->flags & host_forbid) ? CL_INVALID_OPERATION : CL_SUCCESS;
}

static cl_int submit(cl_command_queue q, cl_command_type type, xfer *x, icd_run_fn run, int blocking, cl_uint nw,
                     const cl_event *wl, cl_event *ev) {
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  if (x->src) icd_mem_retain(x->src);
  if (x->dst) icd_mem_retain(x->dst);
  return icd_enqueue(q, type, nw, wl, ev, blocking, run, xfer_fini, x);
}

static cl_int CL_API_CALL read_buffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t size,
                                      void *ptr, cl_uint nw, const cl_event *wl, cl_event *ev) {
  cl_int rc = check_common(q, m, nw, wl, CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS);
  if (rc != CL_SUCCESS) return rc;
  if (!ptr || size == 0 || off > m->size || size > m->size - off) return CL_INVALID_VALUE;
  xfer *x = calloc(1, sizeof *x);
  if (x) *x = (xfer){.src = m, .host = ptr, .src_off = off, .size = size};
  return submit(q, CL_COMMAND_READ_BUFFER, x, run_linear, blocking, nw, wl, ev);
}

static cl_int CL_API_CALL write_buffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t size,
                                       const void *ptr, cl_uint nw, const cl_event *wl, cl_event *ev) {
  cl_int rc = check_common(q, m, nw, wl, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS);
  if (rc != CL_SUCCESS) return rc;
  if (!ptr || size == 0 || off > m->size || size > m->size - off) return CL_INVALID_VALUE;
  xfer *x = calloc(1, sizeof *x);
  if (x) *x = (xfer){.dst = m, .host = (unsigned char *)ptr, .dst_off = off, .size = size};
  return submit(q, CL_COMMAND_WRITE_BUFFER, x, run_linear, blocking, nw, wl, ev);
}

static int overlap(cl_mem a, size_t ao, cl_mem b, size_t bo, size_t n) {
  if (icd_mem_root(a) != icd_mem_root(b)) return 0;
  size_t x = a->origin + ao, y = b->origin + bo;
  return x < y + n && y < x + n;
}

static cl_int CL_API_CALL copy_buffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t so, size_t dof, size_t size,
                                      cl_uint nw, const cl_event *wl, cl_event *ev) {
  cl_int rc = check_common(q, src, nw, wl, 0);
  if (rc == CL_SUCCESS) rc = check_common(q, dst, nw, wl, 0);
  if (rc != CL_SUCCESS) return rc;
  if (size == 0 || so > src->size || size > src->size - so || dof > dst->size || size > dst->size - dof)
    return CL_INVALID_VALUE;
  if (overlap(src, so, dst, dof, size)) return CL_MEM_COPY_OVERLAP;
  xfer *x = calloc(1, sizeof *x);
  if (x) *x = (xfer){.src = src, .dst = dst, .src_off = so, .dst_off = dof, .size = size};
  return submit(q, CL_COMMAND_COPY_BUFFER, x, run_linear, 0, nw, wl, ev);
}

/* Pitches defaulted and checked, and the rectangle inside `limit` bytes
 * (0: a host rectangle, unchecked). */
static cl_int rect_side(const size_t origin[3], const size_t region[3], size_t *row, size_t *slice, size_t limit) {
  if (*row == 0) *row = region[0];
  if (*slice == 0) *slice = region[1] * *row;
  if (*row < region[0] || *slice < region[1] * *row || *slice % *row) return CL_INVALID_VALUE;
  if (!limit) return CL_SUCCESS;
  size_t end = (origin[2] + region[2] - 1) * *slice + (origin[1] + region[1] - 1) * *row + origin[0] + region[0];
  return end > limit ? CL_INVALID_VALUE : CL_SUCCESS;
}

/* Builds a rectangle transfer from (src side, dst side) after checking. */
static cl_int rect(cl_command_queue q, cl_command_type type, cl_mem src, cl_mem dst, unsigned char *host,
                   const size_t so[3], const size_t dor[3], const size_t region[3], size_t srow, size_t sslice,
                   size_t drow, size_t dslice, int blocking, cl_uint nw, const cl_event *wl, cl_event *ev) {
  if (!so || !dor || !region || region[0] == 0 || region[1] == 0 || region[2] == 0) return CL_INVALID_VALUE;
  if (!src && !dst) return CL_INVALID_VALUE;
  if ((!src || !dst) && !host) return CL_INVALID_VALUE;
  cl_int rc = rect_side(so, region, &srow, &sslice, src ? src->size : 0);
  if (rc == CL_SUCCESS) rc = rect_side(dor, region, &drow, &dslice, dst ? dst->size : 0);
  if (rc != CL_SUCCESS) return rc;
  if (src && dst && icd_mem_root(src) == icd_mem_root(dst) && src->origin == dst->origin) {
    if (srow != drow || sslice != dslice) return CL_INVALID_VALUE;
    /* Same buffer and pitches: the boxes must be disjoint. */
    int disjoint = 0;
    for (int i = 0; i < 3; i++)
      if (so[i] + region[i] <= dor[i] || dor[i] + region[i] <= so[i]) disjoint = 1;
    if (!disjoint) return CL_MEM_COPY_OVERLAP;
  }
  xfer *x = calloc(1, sizeof *x);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  *x = (xfer){.src = src, .dst = dst, .host = host, .srow = srow, .sslice = sslice, .drow = drow, .dslice = dslice};
  memcpy(x->so, so, sizeof x->so);
  memcpy(x->dor, dor, sizeof x->dor);
  memcpy(x->region, region, sizeof x->region);
  return submit(q, type, x, run_rect, blocking, nw, wl, ev);
}

static cl_int CL_API_CALL read_rect(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *bo, const size_t *ho,
                                    const size_t *region, size_t brow, size_t bslice, size_t hrow, size_t hslice,
                                    void *ptr, cl_uint nw, const cl_event *wl, cl_event *ev) {
  cl_int rc = check_common(q, m, nw, wl, CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS);
  if (rc != CL_SUCCESS) return rc;
  return rect(q, CL_COMMAND_READ_BUFFER_RECT, m, NULL, ptr, bo, ho, region, brow, bslice, hrow, hslice, blocking, nw,
              wl, ev);
}

static cl_int CL_API_CALL write_rect(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *bo,
                                     const size_t *ho, const size_t *region, size_t brow, size_t bslice, size_t hrow,
                                     size_t hslice, const void *ptr, cl_uint nw, const cl_event *wl, cl_event *ev) {
  cl_int rc = check_common(q, m, nw, wl, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS);
  if (rc != CL_SUCCESS) return rc;
  return rect(q, CL_COMMAND_WRITE_BUFFER_RECT, NULL, m, (unsigned char *)ptr, ho, bo, region, hrow, hslice, brow,
              bslice, blocking, nw, wl, ev);
}

static cl_int CL_API_CALL copy_rect(cl_command_queue q, cl_mem src, cl_mem dst, const size_t *so, const size_t *dof,
                                    const size_t *region, size_t srow, size_t sslice, size_t drow, size_t dslice,
                                    cl_uint nw, const cl_event *wl, cl_event *ev) {
  cl_int rc = check_common(q, src, nw, wl, 0);
  if (rc == CL_SUCCESS) rc = check_common(q, dst, nw, wl, 0);
  if (rc != CL_SUCCESS) return rc;
  return rect(q, CL_COMMAND_COPY_BUFFER_RECT, src, dst, NULL, so, dof, region, srow, sslice, drow, dslice, 0, nw, wl,
              ev);
}

static cl_int CL_API_CALL fill_buffer(cl_command_queue q, cl_mem m, const void *pattern, size_t psize, size_t off,
                                      size_t size, cl_uint nw, const cl_event *wl, cl_event *ev) {
  cl_int rc = check_common(q, m, nw, wl, 0);
  if (rc != CL_SUCCESS) return rc;
  if (!pattern || psize == 0 || psize > 128 || (psize & (psize - 1))) return CL_INVALID_VALUE;
  if (off % psize || size % psize || off > m->size || size > m->size - off) return CL_INVALID_VALUE;
  xfer *x = calloc(1, sizeof *x);
  if (x) {
    *x = (xfer){.dst = m, .dst_off = off, .size = size, .pattern_size = psize};
    memcpy(x->pattern, pattern, psize);
  }
  return submit(q, CL_COMMAND_FILL_BUFFER, x, run_fill, 0, nw, wl, ev);
}

/* Mapping returns the buffer's host bytes themselves (for USE_HOST_PTR
 * the user's pointer, as OpenCL 1.2 5.4.2 asks), so map and unmap copy
 * nothing; they still order with the queue's other commands. */
static void *CL_API_CALL map_buffer(cl_command_queue q, cl_mem m, cl_bool blocking, cl_map_flags flags, size_t off,
                                    size_t size, cl_uint nw, const cl_event *wl, cl_event *ev, cl_int *err) {
  cl_int rc = check_common(q, m, nw, wl, 0);
  const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
  if (rc == CL_SUCCESS) {
    if (size == 0 || off > m->size || size > m->size - off || (flags & ~known) ||
        ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE))))
      rc = CL_INVALID_VALUE;
    else if (((flags & CL_MAP_READ) && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
             ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
              (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))))
      rc = CL_INVALID_OPERATION;
  }
  if (rc == CL_SUCCESS) {
    rc = icd_enqueue(q, CL_COMMAND_MAP_BUFFER, nw, wl, ev, blocking, icd_run_nothing, NULL, NULL);
    if (rc == CL_SUCCESS) m->map_count++;
  }
  if (err) *err = rc;
  return rc == CL_SUCCESS ? m->host + off : NULL;
}

static cl_int CL_API_CALL unmap(cl_command_queue q, cl_mem m, void *ptr, cl_uint nw, const cl_event *wl,
                                cl_event *ev) {
  cl_int rc = check_common(q, m, nw, wl, 0);
  if (rc != CL_SUCCESS) return rc;
  unsigned char *p = ptr;
  if (m->map_count == 0 || !p || p < m->host || p >= m->host + m->size) return CL_INVALID_VALUE;
  rc = icd_enqueue(q, CL_COMMAND_UNMAP_MEM_OBJECT, nw, wl, ev, 0, icd_run_nothing, NULL, NULL);
  if (rc == CL_SUCCESS) m->map_count--;
  return rc;
}

void icd_table_transfer(cl_icd_dispatch *t) {
  t->clEnqueueReadBuffer = read_buffer;
  t->clEnqueueWriteBuffer = write_buffer;
  t->clEnqueueCopyBuffer = copy_buffer;
  t->clEnqueueReadBufferRect = read_rect;
  t->clEnqueueWriteBufferRect = write_rect;
  t->clEnqueueCopyBufferRect = copy_rect;
  t->clEnqueueFillBuffer = fill_buffer;
  t->clEnqueueMapBuffer = map_buffer;
  t->clEnqueueUnmapMemObject = unmap;
}
