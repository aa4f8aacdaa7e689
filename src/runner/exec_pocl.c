/* The PoCL back end of wavecc-run: the system OpenCL (through the ocl-icd
 * loader; PoCL on the CPU in our setup) builds each .cl test file's source
 * with its build_options and runs the same tests. It checks that the
 * expected values in the corpus are right, independently of wavecc, llc
 * and the emulator.
 *
 * Mapping of test arguments (as piglit's program-tester does): a buffer
 * with values becomes a cl_mem created from them; a `NULL` buffer becomes
 * __local memory of that size when the kernel parameter is __local, or a
 * null cl_mem for a global one (queried with clGetKernelArgInfo, hence
 * -cl-kernel-arg-info in the build options); by-value arguments are passed
 * as their bytes.
 *
 * Non-uniform workgroups (global size not a multiple of the local size)
 * are legal on the emulator (HSA dispatches have partial workgroups) but
 * need OpenCL C 2.0 or later on an OpenCL device; when a file has such a
 * test and does not choose a -cl-std itself, it is built with
 * -cl-std=CL3.0 on devices that report non-uniform workgroup support. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/runner.h"
#include "wavecc/emu.h"

/* Not in the 1.2 headers: CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT
 * (OpenCL 3.0, cl.h value 0x1069). Only queried when the device reports
 * version 3.0. */
#define RT_CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT 0x1069

struct rt_pocl {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  char device_name[256], platform_name[256];
  char *extensions, *platform_extensions;
  int clc_version;
  int non_uniform;
};

static char *device_string(cl_device_id d, cl_device_info what) {
  size_t n = 0;
  if (clGetDeviceInfo(d, what, 0, NULL, &n) != CL_SUCCESS) return strdup("");
  char *s = calloc(1, n + 1);
  if (s && clGetDeviceInfo(d, what, n, s, NULL) != CL_SUCCESS) s[0] = 0;
  return s;
}

void rt_icd_checks_default(unsigned checks) {
  static const char *const names[] = {"poison", "race", "barrier", "align", "bounds", "div", "uninit"};
  if (getenv("WAVECC_CHECK")) return;
  char list[128] = "none";
  size_t n = strlen(list);
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    unsigned bit = 0;
    if (!wemu_check_parse(names[i], &bit) && (checks & bit))
      n += (size_t)snprintf(list + n, sizeof list - n, ",%s", names[i]);
  }
  setenv("WAVECC_CHECK", list, 0);
}

void rt_icd_vendors_default(void) {
  if (getenv("OCL_ICD_VENDORS")) return;
  char exe[4096], dir[4200], icd[4300];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return;
  exe[n] = 0;
  char *slash = strrchr(exe, '/');
  if (!slash) return;
  *slash = 0;
  snprintf(dir, sizeof dir, "%s/../icd/vendors", exe);
  snprintf(icd, sizeof icd, "%s/wavecc.icd", dir);
  if (access(icd, R_OK) == 0) setenv("OCL_ICD_VENDORS", dir, 0);
}

rt_pocl *rt_pocl_open(const char *platform, char **err) {
  *err = NULL;
  cl_platform_id plats[16];
  cl_uint np = 0;
  cl_int e = clGetPlatformIDs(16, plats, &np);
  if (e != CL_SUCCESS || np == 0) {
    *err = rt_fmt("no OpenCL platform (clGetPlatformIDs: %d); install pocl-opencl-icd", (int)e);
    return NULL;
  }
  rt_pocl *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  for (cl_uint i = 0; i < np && !p->device; i++) {
    cl_device_id dev;
    cl_uint nd = 0;
    char name[256] = "";
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
    /* NULL: the reference implementation (PoCL), never wavecc's own
     * platform should it be installed. */
    if (platform ? strcmp(name, platform) != 0 : strcmp(name, "wavecc") == 0) continue;
    if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) == CL_SUCCESS && nd > 0) {
      p->platform = plats[i];
      p->device = dev;
    }
  }
  if (!p->device) {
    *err = platform ? rt_fmt("no OpenCL platform named '%s' with a device (OCL_ICD_VENDORS?)", platform)
                    : strdup("no OpenCL device on any platform");
    free(p);
    return NULL;
  }
  p->context = clCreateContext(NULL, 1, &p->device, NULL, NULL, &e);
  if (!p->context) {
    *err = rt_fmt("clCreateContext failed: %d", (int)e);
    free(p);
    return NULL;
  }
  clGetDeviceInfo(p->device, CL_DEVICE_NAME, sizeof p->device_name - 1, p->device_name, NULL);
  clGetPlatformInfo(p->platform, CL_PLATFORM_NAME, sizeof p->platform_name - 1, p->platform_name, NULL);
  p->extensions = device_string(p->device, CL_DEVICE_EXTENSIONS);
  size_t n = 0;
  clGetPlatformInfo(p->platform, CL_PLATFORM_EXTENSIONS, 0, NULL, &n);
  p->platform_extensions = calloc(1, n + 1);
  if (p->platform_extensions && n) clGetPlatformInfo(p->platform, CL_PLATFORM_EXTENSIONS, n, p->platform_extensions, NULL);
  /* "OpenCL C 1.2 PoCL" -> 12 */
  char *cver = device_string(p->device, CL_DEVICE_OPENCL_C_VERSION);
  int maj = 1, min = 0;
  if (cver && sscanf(cver, "OpenCL C %d.%d", &maj, &min) == 2) p->clc_version = maj * 10 + min;
  else p->clc_version = 12;
  free(cver);
  char *ver = device_string(p->device, CL_DEVICE_VERSION);
  if (ver && sscanf(ver, "OpenCL %d.%d", &maj, &min) == 2 && maj >= 2) {
    cl_bool nu = CL_FALSE;
    if (maj == 2) nu = CL_TRUE; /* mandatory in 2.x */
    else clGetDeviceInfo(p->device, RT_CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof nu, &nu, NULL);
    p->non_uniform = nu == CL_TRUE;
  }
  free(ver);
  return p;
}

void rt_pocl_close(rt_pocl *p) {
  if (!p) return;
  if (p->context) clReleaseContext(p->context);
  free(p->extensions);
  free(p->platform_extensions);
  free(p);
}

void rt_pocl_facts(const rt_pocl *p, rt_device_facts *d) {
  d->device_name = p->device_name;
  d->platform_name = p->platform_name;
  d->extensions = p->extensions ? p->extensions : "";
  d->platform_extensions = p->platform_extensions ? p->platform_extensions : "";
  d->clc_version = p->clc_version;
  d->non_uniform_groups = p->non_uniform;
}

static int is_non_uniform(const rt_test *t) {
  if (!t->has_local_size) return 0;
  for (unsigned d = 0; d < t->dims; d++)
    if (t->global_size[d] % t->local_size[d]) return 1;
  return 0;
}

/* Runs one test on a built program. */
static rt_status run_test(const rt_config *cfg, rt_pocl *p, cl_program prog, cl_command_queue q,
                          const rt_test *t, char **msg) {
  (void)cfg;
  *msg = NULL;
  cl_int e;
  rt_status st = RT_ERROR;
  cl_kernel k = clCreateKernel(prog, t->kernel_name, &e);
  cl_mem *mems = calloc(t->num_args + 1, sizeof *mems);
  unsigned char **actual = calloc(t->num_args + 1, sizeof *actual);
  if (!mems || !actual) { *msg = strdup("out of memory"); goto done; }
  if (!k) { *msg = rt_fmt("clCreateKernel(%s) failed: %d", t->kernel_name, (int)e); goto done; }
  cl_uint nargs = 0;
  clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL);
  if ((*msg = rt_check_arg_count(t, nargs))) goto done;
  for (unsigned i = 0; i < t->num_args; i++) {
    const rt_arg *in = rt_test_in(t, i), *out = rt_test_out(t, i);
    const rt_arg *a = in ? in : out;
    if (!a->is_buffer) {
      e = clSetKernelArg(k, i, a->size, a->data);
    } else if (a->is_null) {
      cl_kernel_arg_address_qualifier aq = CL_KERNEL_ARG_ADDRESS_LOCAL;
      clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL);
      if (aq == CL_KERNEL_ARG_ADDRESS_LOCAL) e = clSetKernelArg(k, i, a->size, NULL);
      else { cl_mem none = NULL; e = clSetKernelArg(k, i, sizeof none, &none); }
    } else {
      /* arg_out without arg_in: a zero-filled buffer. */
      void *init = in ? in->data : calloc(1, a->size);
      if (!init) { *msg = strdup("out of memory"); goto done; }
      mems[i] = clCreateBuffer(p->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a->size, init, &e);
      if (!in) free(init);
      if (!mems[i]) { *msg = rt_fmt("argument %u: clCreateBuffer(%zu bytes) failed: %d", i, a->size, (int)e); goto done; }
      e = clSetKernelArg(k, i, sizeof mems[i], &mems[i]);
    }
    if (e != CL_SUCCESS) { *msg = rt_fmt("argument %u: clSetKernelArg failed: %d (size or kind does not match the kernel)", i, (int)e); goto done; }
  }
  size_t gs[3], ls[3], go[3];
  for (int d = 0; d < 3; d++) {
    gs[d] = (size_t)t->global_size[d];
    ls[d] = (size_t)t->local_size[d];
    go[d] = (size_t)t->global_offset[d];
  }
  cl_event run = NULL;
  e = clEnqueueNDRangeKernel(q, k, t->dims, go, gs, t->has_local_size ? ls : NULL, 0, NULL, &run);
  if (e != CL_SUCCESS) { *msg = rt_fmt("clEnqueueNDRangeKernel failed: %d", (int)e); goto done; }
  /* a command that fails (the ICD's kernel faults and check reports) ends
   * with a negative execution status; clFinish still returns CL_SUCCESS */
  cl_int status = CL_COMPLETE;
  e = clWaitForEvents(1, &run);
  if (clGetEventInfo(run, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL) == CL_SUCCESS && status < 0) {
    clReleaseEvent(run);
    *msg = rt_fmt("the kernel failed (execution status %d; the platform's message is on stderr)", (int)status);
    goto done;
  }
  clReleaseEvent(run);
  for (size_t i = 0; i < t->num_out; i++) {
    const rt_arg *o = &t->out[i];
    actual[o->index] = malloc(o->size);
    if (!actual[o->index]) { *msg = strdup("out of memory"); goto done; }
    e = clEnqueueReadBuffer(q, mems[o->index], CL_TRUE, 0, o->size, actual[o->index], 0, NULL, NULL);
    if (e != CL_SUCCESS) { *msg = rt_fmt("argument %u: clEnqueueReadBuffer failed: %d", o->index, (int)e); goto done; }
  }
  e = clFinish(q);
  if (e != CL_SUCCESS) { *msg = rt_fmt("clFinish failed: %d", (int)e); goto done; }
  st = rt_check_outputs(t, actual, msg);
done:
  if (mems)
    for (unsigned i = 0; i < t->num_args; i++)
      if (mems[i]) clReleaseMemObject(mems[i]);
  if (actual)
    for (unsigned i = 0; i < t->num_args; i++) free(actual[i]);
  free(mems);
  free(actual);
  if (k) clReleaseKernel(k);
  if (st == RT_ERROR && !*msg) *msg = strdup("error");
  return st;
}

void rt_pocl_run_file(const rt_config *cfg, rt_pocl *p, const rt_file *f, rt_report_fn report,
                      void *ctx, rt_text *log) {
  if (f->src_kind != RT_SRC_OPENCL) {
    for (size_t i = 0; i < f->num_tests; i++)
      report(ctx, &f->tests[i], RT_SKIP, "LLVM IR input: PoCL runs OpenCL C only");
    if (!f->num_tests) report(ctx, NULL, RT_SKIP, "LLVM IR input: PoCL runs OpenCL C only");
    return;
  }
  int need_nu = 0;
  for (size_t i = 0; i < f->num_tests; i++) need_nu |= is_non_uniform(&f->tests[i]);
  const char *user = f->build_options ? f->build_options : "";
  int user_std = strstr(user, "-cl-std=") != NULL;
  char *opts = rt_fmt("%s -cl-kernel-arg-info%s", user, need_nu && !user_std && p->non_uniform ? " -cl-std=CL3.0" : "");
  cl_int e;
  const char *src = f->source;
  size_t len = f->source_size;
  cl_program prog = clCreateProgramWithSource(p->context, 1, &src, &len, &e);
  cl_int be = prog ? clBuildProgram(prog, 1, &p->device, opts ? opts : "", NULL, NULL) : e;
  char *blog = NULL;
  if (prog) {
    size_t n = 0;
    clGetProgramBuildInfo(prog, p->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    blog = calloc(1, n + 1);
    if (blog && n) clGetProgramBuildInfo(prog, p->device, CL_PROGRAM_BUILD_LOG, n, blog, NULL);
  }
  if (cfg->verbose) rt_text_printf(log, "  build options: %s\n%s", opts ? opts : "", blog && *blog ? blog : "");
  free(opts);
  if (f->expect_build_fail) {
    if (be != CL_SUCCESS) report(ctx, NULL, RT_PASS, "the build fails as expected");
    else report(ctx, NULL, RT_FAIL, "expect_build_fail is set but the program built");
  } else if (be != CL_SUCCESS) {
    char *m = rt_fmt("build failed (%d): %s", (int)be, blog && *blog ? blog : "(no log)");
    for (size_t i = 0; i < f->num_tests; i++) report(ctx, &f->tests[i], RT_ERROR, m ? m : "build failed");
    free(m);
  } else {
    cl_command_queue q = clCreateCommandQueue(p->context, p->device, 0, &e);
    for (size_t i = 0; i < f->num_tests; i++) {
      const rt_test *t = &f->tests[i];
      char *msg = NULL;
      rt_status st;
      if (!q) { st = RT_ERROR; msg = rt_fmt("clCreateCommandQueue failed: %d", (int)e); }
      else if (is_non_uniform(t) && !p->non_uniform) { st = RT_SKIP; msg = strdup("non-uniform workgroups are not supported by this device"); }
      else st = run_test(cfg, p, prog, q, t, &msg);
      report(ctx, t, st, msg ? msg : "");
      free(msg);
    }
    if (q) clReleaseCommandQueue(q);
  }
  free(blog);
  if (prog) clReleaseProgram(prog);
}
