/* A host program written the way applications are: several kernels from
 * one program (and the same program again from its binary), two queues
 * with events between them, buffers reused across iterations and updated
 * through mappings, results checked against a host computation. */
#include "icd_test.h"

static const char *src =
    "__kernel void init(__global int *a, int base) { size_t i = get_global_id(0); a[i] = base + (int)i; }\n"
    "__kernel void square(__global int *a) { size_t i = get_global_id(0); a[i] = a[i] * a[i] % MOD; }\n"
    "__kernel void reduce(__global const int *a, __global int *partial, __local int *tmp) {\n"
    "  size_t l = get_local_id(0), n = get_local_size(0);\n"
    "  tmp[l] = a[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t s = n / 2; s > 0; s /= 2) {\n"
    "    if (l < s) tmp[l] += tmp[l + s];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) partial[get_group_id(0)] = tmp[0];\n"
    "}\n";

enum { N = 1024, WG = 128, GROUPS = N / WG, MOD = 10007, ITER = 3 };

/* The same program from its code object. */
static cl_program from_binary(icd_env *e, cl_program p) {
  size_t size = 0;
  cl_int err, st;
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
  unsigned char *bin = malloc(size);
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
  cl_program b = clCreateProgramWithBinary(e->context, 1, &e->device, &size, (const unsigned char **)&bin, &st, &err);
  OK(err);
  OK(clBuildProgram(b, 1, &e->device, NULL, NULL, NULL));
  free(bin);
  return b;
}

int main(void) {
  icd_env e = icd_setup(CL_QUEUE_PROFILING_ENABLE);
  cl_int err;
  cl_command_queue q2 = clCreateCommandQueue(e.context, e.device, CL_QUEUE_PROFILING_ENABLE, &err);
  OK(err);
  cl_program p = icd_build(&e, src, "-DMOD=10007 -cl-std=CL1.2");
  cl_program pb = from_binary(&e, p);
  cl_kernel init = clCreateKernel(p, "init", &err), square = clCreateKernel(pb, "square", &err);
  cl_kernel reduce = clCreateKernel(pb, "reduce", &err);
  cl_mem a = clCreateBuffer(e.context, CL_MEM_ALLOC_HOST_PTR, N * sizeof(int), NULL, &err);
  cl_mem partial = clCreateBuffer(e.context, CL_MEM_WRITE_ONLY, GROUPS * sizeof(int), NULL, &err);
  int base = 5;
  OK(clSetKernelArg(init, 0, sizeof a, &a));
  OK(clSetKernelArg(init, 1, sizeof base, &base));
  OK(clSetKernelArg(square, 0, sizeof a, &a));
  OK(clSetKernelArg(reduce, 0, sizeof a, &a));
  OK(clSetKernelArg(reduce, 1, sizeof partial, &partial));
  OK(clSetKernelArg(reduce, 2, WG * sizeof(int), NULL));
  size_t g = N, l = WG;
  cl_event inited;
  OK(clEnqueueNDRangeKernel(e.queue, init, 1, NULL, &g, &l, 0, NULL, &inited));
  int host[N], part[GROUPS];
  for (int i = 0; i < N; i++) host[i] = base + i;
  cl_event last = inited;
  for (int it = 0; it < ITER; it++) {
    /* the host changes one element through a mapping */
    int *m = clEnqueueMapBuffer(e.queue, a, CL_TRUE, CL_MAP_WRITE, 0, sizeof(int), 1, &last, NULL, &err);
    OK(err);
    m[0] = 1000 * (it + 1);
    host[0] = 1000 * (it + 1);
    OK(clEnqueueUnmapMemObject(e.queue, a, m, 0, NULL, NULL));
    cl_event squared, reduced;
    OK(clEnqueueNDRangeKernel(e.queue, square, 1, NULL, &g, &l, 0, NULL, &squared));
    OK(clFlush(e.queue));
    OK(clEnqueueNDRangeKernel(q2, reduce, 1, NULL, &g, &l, 1, &squared, &reduced));
    OK(clEnqueueReadBuffer(q2, partial, CL_TRUE, 0, sizeof part, part, 1, &reduced, NULL));
    int ok = 1;
    for (int i = 0; i < N; i++) host[i] = host[i] * host[i] % MOD;
    for (int gi = 0; gi < GROUPS; gi++) {
      int sum = 0;
      for (int i = 0; i < WG; i++) sum += host[gi * WG + i];
      ok &= part[gi] == sum;
    }
    CHECK(ok);
    cl_ulong s_end = 0, r_start = 0;
    OK(clGetEventProfilingInfo(squared, CL_PROFILING_COMMAND_END, sizeof s_end, &s_end, NULL));
    OK(clGetEventProfilingInfo(reduced, CL_PROFILING_COMMAND_START, sizeof r_start, &r_start, NULL));
    CHECK(r_start > 0);
    OK(clReleaseEvent(last));
    OK(clReleaseEvent(squared));
    last = reduced;
  }
  OK(clFinish(e.queue));
  OK(clFinish(q2));
  /* the final contents, read back whole */
  int back[N];
  OK(clEnqueueReadBuffer(e.queue, a, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(memcmp(back, host, sizeof back) == 0);
  OK(clReleaseEvent(last));
  OK(clReleaseKernel(init));
  OK(clReleaseKernel(square));
  OK(clReleaseKernel(reduce));
  OK(clReleaseProgram(p));
  OK(clReleaseProgram(pb));
  OK(clReleaseMemObject(a));
  OK(clReleaseMemObject(partial));
  OK(clReleaseCommandQueue(q2));
  icd_teardown(&e);
  return icd_done("test_app");
}
