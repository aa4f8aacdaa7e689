/* Buffers: the host-pointer flags, sub-buffers, read/write/copy and their
 * rectangle forms, fill, map/unmap, and their error codes. */
#include "icd_test.h"

enum { N = 1024 };

static void flags_and_info(icd_env *e) {
  cl_int err;
  int host[N];
  for (int i = 0; i < N; i++) host[i] = i * 3;
  /* USE_HOST_PTR: the buffer is the user's memory; mapping returns it */
  cl_mem use = clCreateBuffer(e->context, CL_MEM_USE_HOST_PTR, sizeof host, host, &err);
  OK(err);
  void *hp = NULL;
  OK(clGetMemObjectInfo(use, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL));
  CHECK(hp == host);
  int *m = clEnqueueMapBuffer(e->queue, use, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, sizeof host, 0, NULL, NULL, &err);
  OK(err);
  CHECK(m == host);
  cl_uint maps = 0;
  OK(clGetMemObjectInfo(use, CL_MEM_MAP_COUNT, sizeof maps, &maps, NULL));
  CHECK(maps == 1);
  OK(clEnqueueUnmapMemObject(e->queue, use, m, 0, NULL, NULL));
  EXPECT(CL_INVALID_VALUE, clEnqueueUnmapMemObject(e->queue, use, m, 0, NULL, NULL)); /* not mapped now */
  /* COPY_HOST_PTR: a copy; later host changes do not reach it */
  cl_mem copy = clCreateBuffer(e->context, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof host, host, &err);
  OK(err);
  host[5] = -1;
  int back[N];
  OK(clEnqueueReadBuffer(e->queue, copy, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[5] == 15 && back[N - 1] == (N - 1) * 3);
  cl_mem_flags f = 0;
  OK(clGetMemObjectInfo(copy, CL_MEM_FLAGS, sizeof f, &f, NULL));
  CHECK(f == (CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY));
  /* ALLOC_HOST_PTR: zero-initialised here, readable through map */
  cl_mem alloc = clCreateBuffer(e->context, CL_MEM_ALLOC_HOST_PTR, 64, NULL, &err);
  OK(err);
  size_t size = 0;
  OK(clGetMemObjectInfo(alloc, CL_MEM_SIZE, sizeof size, &size, NULL));
  CHECK(size == 64);
  /* errors */
  CHECK(clCreateBuffer(e->context, 0, 0, NULL, &err) == NULL && err == CL_INVALID_BUFFER_SIZE);
  CHECK(clCreateBuffer(e->context, CL_MEM_USE_HOST_PTR, 16, NULL, &err) == NULL && err == CL_INVALID_HOST_PTR);
  CHECK(clCreateBuffer(e->context, 0, 16, host, &err) == NULL && err == CL_INVALID_HOST_PTR);
  CHECK(clCreateBuffer(e->context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16, NULL, &err) == NULL &&
        err == CL_INVALID_VALUE);
  CHECK(clCreateBuffer(e->context, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 16, host, &err) == NULL &&
        err == CL_INVALID_VALUE);
  CHECK(clCreateBuffer(NULL, 0, 16, NULL, &err) == NULL && err == CL_INVALID_CONTEXT);
  EXPECT(CL_INVALID_VALUE, clEnqueueReadBuffer(e->queue, alloc, CL_TRUE, 60, 8, back, 0, NULL, NULL));
  EXPECT(CL_INVALID_VALUE, clEnqueueWriteBuffer(e->queue, alloc, CL_TRUE, 0, 8, NULL, 0, NULL, NULL));
  EXPECT(CL_INVALID_MEM_OBJECT, clEnqueueReadBuffer(e->queue, NULL, CL_TRUE, 0, 8, back, 0, NULL, NULL));
  EXPECT(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(e->queue, alloc, CL_TRUE, 0, 8, back, 1, NULL, NULL));
  cl_mem noread = clCreateBuffer(e->context, CL_MEM_HOST_WRITE_ONLY, 64, NULL, &err);
  OK(err);
  EXPECT(CL_INVALID_OPERATION, clEnqueueReadBuffer(e->queue, noread, CL_TRUE, 0, 8, back, 0, NULL, NULL));
  OK(clReleaseMemObject(noread));
  OK(clReleaseMemObject(use));
  OK(clReleaseMemObject(copy));
  OK(clReleaseMemObject(alloc));
}

static void sub_buffers(icd_env *e) {
  cl_int err;
  unsigned char data[1024];
  for (int i = 0; i < 1024; i++) data[i] = (unsigned char)i;
  cl_mem parent = clCreateBuffer(e->context, CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
  OK(err);
  cl_buffer_region r = {256, 128};
  cl_mem sub = clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
  OK(err);
  unsigned char got[128];
  OK(clEnqueueReadBuffer(e->queue, sub, CL_TRUE, 0, 128, got, 0, NULL, NULL));
  CHECK(got[0] == 0 && got[1] == 1 && got[127] == 127); /* bytes 256..383 */
  unsigned char ones[16];
  memset(ones, 0xab, sizeof ones);
  OK(clEnqueueWriteBuffer(e->queue, sub, CL_TRUE, 8, 16, ones, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(e->queue, parent, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
  CHECK(data[256 + 7] == 7 && data[256 + 8] == 0xab && data[256 + 23] == 0xab && data[256 + 24] == 24);
  cl_mem assoc = NULL;
  size_t off = 0;
  OK(clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof assoc, &assoc, NULL));
  OK(clGetMemObjectInfo(sub, CL_MEM_OFFSET, sizeof off, &off, NULL));
  CHECK(assoc == parent && off == 256);
  cl_buffer_region bad = {1, 16};
  CHECK(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &bad, &err) == NULL &&
        err == CL_MISALIGNED_SUB_BUFFER_OFFSET);
  cl_buffer_region out = {1024, 16};
  CHECK(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &out, &err) == NULL && err == CL_INVALID_VALUE);
  CHECK(clCreateSubBuffer(sub, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err) == NULL && err == CL_INVALID_MEM_OBJECT);
  /* the sub-buffer keeps its parent alive */
  OK(clReleaseMemObject(parent));
  OK(clEnqueueReadBuffer(e->queue, sub, CL_TRUE, 0, 128, got, 0, NULL, NULL));
  CHECK(got[8] == 0xab);
  OK(clReleaseMemObject(sub));
}

static void copies_fill_rect(icd_env *e) {
  cl_int err;
  float src[N], dst[N];
  for (int i = 0; i < N; i++) src[i] = (float)i;
  cl_mem a = clCreateBuffer(e->context, CL_MEM_COPY_HOST_PTR, sizeof src, src, &err);
  cl_mem b = clCreateBuffer(e->context, 0, sizeof src, NULL, &err);
  OK(clEnqueueCopyBuffer(e->queue, a, b, 4 * sizeof(float), 0, 100 * sizeof(float), 0, NULL, NULL));
  OK(clEnqueueReadBuffer(e->queue, b, CL_TRUE, 0, sizeof dst, dst, 0, NULL, NULL));
  CHECK(dst[0] == 4 && dst[99] == 103 && dst[100] == 0);
  EXPECT(CL_MEM_COPY_OVERLAP, clEnqueueCopyBuffer(e->queue, a, a, 0, 8, 64, 0, NULL, NULL));
  /* fill with a 8-byte pattern, then a part with 4 bytes */
  float pat[2] = {1.5f, -2.0f};
  OK(clEnqueueFillBuffer(e->queue, b, pat, sizeof pat, 0, sizeof dst, 0, NULL, NULL));
  float four = 7.0f;
  OK(clEnqueueFillBuffer(e->queue, b, &four, sizeof four, 16, 8, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(e->queue, b, CL_TRUE, 0, sizeof dst, dst, 0, NULL, NULL));
  CHECK(dst[0] == 1.5f && dst[1] == -2.0f && dst[4] == 7.0f && dst[5] == 7.0f && dst[6] == 1.5f && dst[N - 1] == -2.0f);
  EXPECT(CL_INVALID_VALUE, clEnqueueFillBuffer(e->queue, b, pat, 3, 0, 12, 0, NULL, NULL));
  EXPECT(CL_INVALID_VALUE, clEnqueueFillBuffer(e->queue, b, pat, 8, 4, 16, 0, NULL, NULL));
  /* rectangles: a as a 32x32 matrix of floats; read the 4x3 block at
   * (column 2, row 5) into a host 8-wide matrix at (1, 1) */
  size_t bo[3] = {2 * sizeof(float), 5, 0}, ho[3] = {1 * sizeof(float), 1, 0}, reg[3] = {4 * sizeof(float), 3, 1};
  float h[8 * 5];
  memset(h, 0, sizeof h);
  OK(clEnqueueReadBufferRect(e->queue, a, CL_TRUE, bo, ho, reg, 32 * sizeof(float), 0, 8 * sizeof(float), 0, h, 0,
                             NULL, NULL));
  int ok = 1;
  for (int y = 0; y < 5; y++)
    for (int x = 0; x < 8; x++) {
      float want = (y >= 1 && y < 4 && x >= 1 && x < 5) ? (float)((5 + y - 1) * 32 + 2 + x - 1) : 0.0f;
      ok &= h[y * 8 + x] == want;
    }
  CHECK(ok);
  /* write it back elsewhere, then copy-rect it again and compare */
  size_t bo2[3] = {20 * sizeof(float), 10, 0};
  OK(clEnqueueWriteBufferRect(e->queue, b, CL_TRUE, bo2, ho, reg, 32 * sizeof(float), 0, 8 * sizeof(float), 0, h, 0,
                              NULL, NULL));
  size_t co[3] = {0, 0, 0};
  OK(clEnqueueCopyBufferRect(e->queue, b, a, bo2, co, reg, 32 * sizeof(float), 0, 32 * sizeof(float), 0, 0, NULL,
                             NULL));
  OK(clEnqueueReadBuffer(e->queue, a, CL_TRUE, 0, sizeof dst, dst, 0, NULL, NULL));
  CHECK(dst[0] == 5 * 32 + 2 && dst[3] == 5 * 32 + 5 && dst[32] == 6 * 32 + 2 && dst[2 * 32 + 3] == 7 * 32 + 5);
  CHECK(dst[4] == 4.0f && dst[3 * 32] == 96.0f); /* outside the block: unchanged */
  size_t huge[3] = {4, 40, 1};
  EXPECT(CL_INVALID_VALUE, clEnqueueReadBufferRect(e->queue, a, CL_TRUE, co, co, huge, 32 * sizeof(float), 0, 0, 0,
                                                   h, 0, NULL, NULL));
  /* map for writing, unmap, read back */
  float *m = clEnqueueMapBuffer(e->queue, b, CL_TRUE, CL_MAP_WRITE, 16, 16, 0, NULL, NULL, &err);
  OK(err);
  for (int i = 0; i < 4; i++) m[i] = 100.0f + i;
  OK(clEnqueueUnmapMemObject(e->queue, b, m, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(e->queue, b, CL_TRUE, 0, 32, dst, 0, NULL, NULL));
  CHECK(dst[3] == -2.0f && dst[4] == 100.0f && dst[7] == 103.0f);
  CHECK(clEnqueueMapBuffer(e->queue, b, CL_TRUE, CL_MAP_READ, sizeof src, 4, 0, NULL, NULL, &err) == NULL &&
        err == CL_INVALID_VALUE);
  OK(clReleaseMemObject(a));
  OK(clReleaseMemObject(b));
}

static void CL_CALLBACK on_destroy(cl_mem m, void *data) {
  (void)m;
  ++*(int *)data;
}

int main(void) {
  icd_env e = icd_setup(0);
  flags_and_info(&e);
  sub_buffers(&e);
  copies_fill_rect(&e);
  int destroyed = 0;
  cl_int err;
  cl_mem m = clCreateBuffer(e.context, 0, 16, NULL, &err);
  OK(clSetMemObjectDestructorCallback(m, on_destroy, &destroyed));
  OK(clReleaseMemObject(m));
  CHECK(destroyed == 1);
  OK(clFinish(e.queue));
  icd_teardown(&e);
  return icd_done("test_buffers");
}
