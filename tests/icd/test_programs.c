/* Programs (source with options, binaries, compile + link, build logs),
 * kernels and their arguments (by value, buffers, __local, NULL buffers),
 * work-group queries, NDRange with offsets and implicit local sizes,
 * reqd_work_group_size, tasks. */
#include "icd_test.h"

static const char *src =
    "__kernel void scale(__global float *out, __global const float *in, float k) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = in[i] * k + BIAS;\n"
    "}\n"
    "__kernel void ids2d(__global int *out, int width) {\n"
    "  size_t x = get_global_id(0), y = get_global_id(1);\n"
    "  out[y * width + x] = (int)(x * 1000 + y);\n"
    "}\n"
    "__kernel void local_size(__global int *out) { out[get_global_id(0)] = (int)get_local_size(0); }\n"
    "__kernel void reverse_local(__global int *data, __local int *tmp, __global int *maybe) {\n"
    "  size_t l = get_local_id(0), n = get_local_size(0), g = get_group_id(0);\n"
    "  tmp[l] = data[g * n + l];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  data[g * n + l] = tmp[n - 1 - l];\n"
    "  if (maybe) maybe[g * n + l] = 1;\n"
    "}\n"
    "__kernel void task(__global int *out) { out[0] = 42; }\n";

enum { N = 256 };

/* scale() through `k`, checked against the host: out = in * 3 + bias. */
static void run_scale(icd_env *e, cl_kernel k, float bias) {
  cl_int err;
  float in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (float)i * 0.25f;
  cl_mem bi = clCreateBuffer(e->context, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof in, in, &err);
  cl_mem bo = clCreateBuffer(e->context, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err);
  float three = 3.0f;
  OK(clSetKernelArg(k, 0, sizeof bo, &bo));
  OK(clSetKernelArg(k, 1, sizeof bi, &bi));
  OK(clSetKernelArg(k, 2, sizeof three, &three));
  size_t g = N, l = 64;
  OK(clEnqueueNDRangeKernel(e->queue, k, 1, NULL, &g, &l, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(e->queue, bo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  int ok = 1;
  for (int i = 0; i < N; i++) ok &= out[i] == in[i] * 3.0f + bias;
  CHECK(ok);
  OK(clReleaseMemObject(bi));
  OK(clReleaseMemObject(bo));
}

static void source_and_binary(icd_env *e) {
  cl_int err;
  cl_program p = icd_build(e, src, "-DBIAS=2.0f -cl-mad-enable");
  size_t nk = 0;
  char names[256] = "", opts[256] = "";
  OK(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL));
  OK(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL));
  CHECK(nk == 5 && strstr(names, "scale") && strstr(names, "reverse_local") && strstr(names, "task"));
  OK(clGetProgramBuildInfo(p, e->device, CL_PROGRAM_BUILD_OPTIONS, sizeof opts, opts, NULL));
  CHECK(strcmp(opts, "-DBIAS=2.0f -cl-mad-enable") == 0);
  cl_kernel k = clCreateKernel(p, "scale", &err);
  OK(err);
  run_scale(e, k, 2.0f);
  /* the code object, back as a program from binary */
  size_t size = 0;
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
  unsigned char *bin = malloc(size);
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
  CHECK(size > 64 && memcmp(bin, "\177ELF", 4) == 0);
  cl_int status = 1;
  cl_program pb = clCreateProgramWithBinary(e->context, 1, &e->device, &size, (const unsigned char **)&bin, &status, &err);
  OK(err);
  CHECK(status == CL_SUCCESS);
  OK(clBuildProgram(pb, 0, NULL, NULL, NULL, NULL));
  cl_kernel kb = clCreateKernel(pb, "scale", &err);
  OK(err);
  run_scale(e, kb, 2.0f);
  cl_program_binary_type bt = 0;
  OK(clGetProgramBuildInfo(pb, e->device, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL));
  CHECK(bt == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  unsigned char junk[64] = {1, 2, 3};
  const unsigned char *jp = junk;
  size_t js = sizeof junk;
  CHECK(clCreateProgramWithBinary(e->context, 1, &e->device, &js, &jp, &status, &err) == NULL &&
        err == CL_INVALID_BINARY && status == CL_INVALID_BINARY);
  /* a program with kernels attached cannot be rebuilt */
  EXPECT(CL_INVALID_OPERATION, clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
  free(bin);
  OK(clReleaseKernel(k));
  OK(clReleaseKernel(kb));
  OK(clReleaseProgram(pb));
  OK(clReleaseProgram(p));
}

static void logs_and_link(icd_env *e) {
  cl_int err;
  const char *bad = "__kernel void f(__global int *p) { p[0] = undeclared_thing; }\n";
  cl_program p = clCreateProgramWithSource(e->context, 1, &bad, NULL, &err);
  EXPECT(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &e->device, NULL, NULL, NULL));
  char log[4096] = "";
  cl_build_status st = 0;
  OK(clGetProgramBuildInfo(p, e->device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL));
  OK(clGetProgramBuildInfo(p, e->device, CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL));
  CHECK(strstr(log, "undeclared_thing") != NULL && st == CL_BUILD_ERROR);
  CHECK(clCreateKernel(p, "f", &err) == NULL && err == CL_INVALID_PROGRAM_EXECUTABLE);
  EXPECT(CL_INVALID_BUILD_OPTIONS, clBuildProgram(p, 1, &e->device, "-no-such-option-at-all", NULL, NULL));
  OK(clReleaseProgram(p));
  /* compile + link of one source: the compile options reach the link */
  cl_program c = clCreateProgramWithSource(e->context, 1, &src, NULL, &err);
  OK(clCompileProgram(c, 1, &e->device, "-DBIAS=5.0f", 0, NULL, NULL, NULL, NULL));
  cl_program l = clLinkProgram(e->context, 1, &e->device, NULL, 1, &c, NULL, NULL, &err);
  OK(err);
  cl_kernel k = clCreateKernel(l, "scale", &err);
  OK(err);
  run_scale(e, k, 5.0f);
  CHECK(clCreateKernel(l, "nonexistent", &err) == NULL && err == CL_INVALID_KERNEL_NAME);
  CHECK(clCreateKernel(l, NULL, &err) == NULL && err == CL_INVALID_VALUE);
  OK(clReleaseKernel(k));
  OK(clReleaseProgram(l));
  OK(clReleaseProgram(c));
}

static void ndrange(icd_env *e, cl_program p) {
  cl_int err;
  enum { W = 16, H = 12 };
  int out[W * H];
  cl_mem b = clCreateBuffer(e->context, 0, sizeof out, NULL, &err);
  int minus1 = -1;
  OK(clEnqueueFillBuffer(e->queue, b, &minus1, sizeof minus1, 0, sizeof out, 0, NULL, NULL));
  cl_kernel k = clCreateKernel(p, "ids2d", &err);
  int w = W;
  OK(clSetKernelArg(k, 0, sizeof b, &b));
  OK(clSetKernelArg(k, 1, sizeof w, &w));
  size_t off[2] = {3, 5}, g[2] = {8, 4}, l[2] = {4, 2};
  OK(clEnqueueNDRangeKernel(e->queue, k, 2, off, g, l, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(e->queue, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  int ok = 1;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int inside = x >= 3 && x < 11 && y >= 5 && y < 9;
      ok &= out[y * W + x] == (inside ? x * 1000 + y : -1);
    }
  CHECK(ok);
  /* errors */
  size_t g3[2] = {8, 3};
  EXPECT(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(e->queue, k, 2, NULL, g3, l, 0, NULL, NULL));
  EXPECT(CL_INVALID_WORK_DIMENSION, clEnqueueNDRangeKernel(e->queue, k, 4, NULL, g, NULL, 0, NULL, NULL));
  size_t big[2] = {2048, 1}, bigl[2] = {2048, 1};
  EXPECT(CL_INVALID_WORK_ITEM_SIZE, clEnqueueNDRangeKernel(e->queue, k, 2, NULL, big, bigl, 0, NULL, NULL));
  size_t zero[2] = {0, 1};
  EXPECT(CL_INVALID_GLOBAL_WORK_SIZE, clEnqueueNDRangeKernel(e->queue, k, 2, NULL, zero, NULL, 0, NULL, NULL));
  EXPECT(CL_INVALID_ARG_INDEX, clSetKernelArg(k, 2, sizeof w, &w));
  EXPECT(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, 2, &w));
  EXPECT(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 0, 4, &b));
  EXPECT(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof(cl_mem), &k));
  cl_kernel fresh = clCreateKernel(p, "ids2d", &err);
  EXPECT(CL_INVALID_KERNEL_ARGS, clEnqueueNDRangeKernel(e->queue, fresh, 2, NULL, g, l, 0, NULL, NULL));
  OK(clReleaseKernel(fresh));
  OK(clReleaseKernel(k));
  /* the implicit local size divides the global size */
  int ls[300];
  cl_mem lb = clCreateBuffer(e->context, 0, sizeof ls, NULL, &err);
  cl_kernel kl = clCreateKernel(p, "local_size", &err);
  OK(clSetKernelArg(kl, 0, sizeof lb, &lb));
  size_t g300 = 300;
  OK(clEnqueueNDRangeKernel(e->queue, kl, 1, NULL, &g300, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(e->queue, lb, CL_TRUE, 0, sizeof ls, ls, 0, NULL, NULL));
  CHECK(ls[0] > 1 && 300 % ls[0] == 0 && ls[299] == ls[0]);
  OK(clReleaseKernel(kl));
  OK(clReleaseMemObject(lb));
  OK(clReleaseMemObject(b));
}

static void local_and_null_args(icd_env *e, cl_program p) {
  cl_int err;
  int data[N], want[N];
  for (int i = 0; i < N; i++) data[i] = i * 7 - 3;
  for (int i = 0; i < N; i++) want[i] = data[(i / 64) * 64 + 63 - i % 64];
  cl_mem b = clCreateBuffer(e->context, CL_MEM_USE_HOST_PTR, sizeof data, data, &err);
  cl_kernel k = clCreateKernel(p, "reverse_local", &err);
  OK(clSetKernelArg(k, 0, sizeof b, &b));
  EXPECT(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 1, 64 * sizeof(int), data)); /* __local takes no value */
  EXPECT(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, 0, NULL));
  OK(clSetKernelArg(k, 1, 64 * sizeof(int), NULL));
  OK(clSetKernelArg(k, 2, sizeof(cl_mem), NULL)); /* a NULL buffer */
  cl_ulong local = 0;
  size_t wg = 0, mult = 0;
  OK(clGetKernelWorkGroupInfo(k, e->device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL));
  OK(clGetKernelWorkGroupInfo(k, e->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
  OK(clGetKernelWorkGroupInfo(k, e->device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof mult, &mult, NULL));
  CHECK(local >= 64 * sizeof(int) && wg >= 64 && wg <= 1024 && (mult == 64 || mult == 32));
  size_t g = N, l = 64;
  OK(clEnqueueNDRangeKernel(e->queue, k, 1, NULL, &g, &l, 0, NULL, NULL));
  /* USE_HOST_PTR: after a blocking map the user's array holds the result */
  void *m = clEnqueueMapBuffer(e->queue, b, CL_TRUE, CL_MAP_READ, 0, sizeof data, 0, NULL, NULL, &err);
  CHECK(m == data && memcmp(data, want, sizeof want) == 0);
  OK(clEnqueueUnmapMemObject(e->queue, b, m, 0, NULL, NULL));
  cl_uint nargs = 0;
  OK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
  CHECK(nargs == 3);
  cl_kernel_arg_address_qualifier aq = 0;
  OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL));
  CHECK(aq == CL_KERNEL_ARG_ADDRESS_LOCAL);
  OK(clReleaseKernel(k));
  /* a task */
  cl_kernel t = clCreateKernel(p, "task", &err);
  OK(clSetKernelArg(t, 0, sizeof b, &b));
  OK(clEnqueueTask(e->queue, t, 0, NULL, NULL));
  OK(clFinish(e->queue));
  CHECK(data[0] == 42 && data[1] == want[1]);
  OK(clReleaseKernel(t));
  /* all kernels at once */
  cl_kernel all[8];
  cl_uint n = 0;
  OK(clCreateKernelsInProgram(p, 8, all, &n));
  CHECK(n == 5);
  for (cl_uint i = 0; i < n; i++) OK(clReleaseKernel(all[i]));
  OK(clReleaseMemObject(b));
}

/* reqd_work_group_size(16,4,1): CL_KERNEL_COMPILE_WORK_GROUP_SIZE gives
 * it (0,0,0 for a kernel without it); a local size that differs, or none,
 * is CL_INVALID_WORK_GROUP_SIZE (OpenCL 1.2, clEnqueueNDRangeKernel), and
 * the required size runs 16x4 groups. */
static void required_size(icd_env *e, cl_program plain) {
  static const char *rsrc =
      "__kernel __attribute__((reqd_work_group_size(16, 4, 1))) void ids(__global int *out) {\n"
      "  out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = (int)(get_local_id(0) +\n"
      "      100 * get_local_id(1) + 1000 * get_group_id(0) + 10000 * get_group_id(1) + 100000 * get_local_size(0));\n"
      "}\n";
  enum { W = 32, H = 8 };
  cl_int err;
  cl_program p = icd_build(e, rsrc, "");
  cl_kernel k = clCreateKernel(p, "ids", &err);
  OK(err);
  size_t cwg[3] = {7, 7, 7};
  OK(clGetKernelWorkGroupInfo(k, e->device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof cwg, cwg, NULL));
  CHECK(cwg[0] == 16 && cwg[1] == 4 && cwg[2] == 1);
  cl_kernel ks = clCreateKernel(plain, "scale", &err);
  OK(clGetKernelWorkGroupInfo(ks, e->device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof cwg, cwg, NULL));
  CHECK(cwg[0] == 0 && cwg[1] == 0 && cwg[2] == 0);
  OK(clReleaseKernel(ks));
  int out[W * H];
  cl_mem b = clCreateBuffer(e->context, 0, sizeof out, NULL, &err);
  OK(clSetKernelArg(k, 0, sizeof b, &b));
  size_t g[2] = {W, H}, l[2] = {16, 4}, l88[2] = {8, 8}, l161[1] = {16}, g1[1] = {W};
  EXPECT(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(e->queue, k, 2, NULL, g, l88, 0, NULL, NULL));
  EXPECT(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(e->queue, k, 1, NULL, g1, l161, 0, NULL, NULL));
  EXPECT(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(e->queue, k, 2, NULL, g, NULL, 0, NULL, NULL));
  int minus1 = -1;
  OK(clEnqueueFillBuffer(e->queue, b, &minus1, sizeof minus1, 0, sizeof out, 0, NULL, NULL));
  OK(clEnqueueNDRangeKernel(e->queue, k, 2, NULL, g, l, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(e->queue, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  int ok = 1;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      ok &= out[y * W + x] == x % 16 + 100 * (y % 4) + 1000 * (x / 16) + 10000 * (y / 4) + 100000 * 16;
  CHECK(ok);
  OK(clReleaseMemObject(b));
  OK(clReleaseKernel(k));
  OK(clReleaseProgram(p));
}

int main(void) {
  icd_env e = icd_setup(0);
  source_and_binary(&e);
  logs_and_link(&e);
  cl_program p = icd_build(&e, src, "-DBIAS=0.0f");
  ndrange(&e, p);
  local_and_null_args(&e, p);
  required_size(&e, p);
  OK(clReleaseProgram(p));
  icd_teardown(&e);
  return icd_done("test_programs");
}
