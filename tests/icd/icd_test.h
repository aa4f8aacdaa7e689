/* Helpers for the ICD's host-program tests (tests/icd): each test is an
 * ordinary OpenCL host program, linked against the system's loader and
 * run with OCL_ICD_VENDORS naming the build's vendors directory, so the
 * only platform it sees is wavecc's. Expected values come from the host. */
#ifndef WAVECC_TESTS_ICD_TEST_H
#define WAVECC_TESTS_ICD_TEST_H

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int icd_failures;

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      icd_failures++;                                                      \
    }                                                                      \
  } while (0)

/* A call that must return `want`. */
#define EXPECT(want, call)                                                                   \
  do {                                                                                       \
    cl_int rc_ = (call);                                                                     \
    if (rc_ != (want)) {                                                                     \
      fprintf(stderr, "%s:%d: %s returned %d, expected %d\n", __FILE__, __LINE__, #call, rc_, \
              (int)(want));                                                                  \
      icd_failures++;                                                                        \
    }                                                                                        \
  } while (0)
#define OK(call) EXPECT(CL_SUCCESS, call)

/* Fatal: the rest of the test cannot run. */
#define REQUIRE(cond)                                                          \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: required: %s\n", __FILE__, __LINE__, #cond);     \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

typedef struct icd_env {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
} icd_env;

/* The wavecc platform's first device, a context and a queue. */
static inline icd_env icd_setup(cl_command_queue_properties props) {
  icd_env e;
  cl_uint n = 0;
  cl_int err;
  REQUIRE(clGetPlatformIDs(1, &e.platform, &n) == CL_SUCCESS && n >= 1);
  char name[64] = "";
  clGetPlatformInfo(e.platform, CL_PLATFORM_NAME, sizeof name, name, NULL);
  REQUIRE(strcmp(name, "wavecc") == 0);
  REQUIRE(clGetDeviceIDs(e.platform, CL_DEVICE_TYPE_GPU, 1, &e.device, NULL) == CL_SUCCESS);
  e.context = clCreateContext(NULL, 1, &e.device, NULL, NULL, &err);
  REQUIRE(err == CL_SUCCESS);
  e.queue = clCreateCommandQueue(e.context, e.device, props, &err);
  REQUIRE(err == CL_SUCCESS);
  return e;
}

static inline void icd_teardown(icd_env *e) {
  OK(clReleaseCommandQueue(e->queue));
  OK(clReleaseContext(e->context));
}

/* Builds `src` with `options`; prints the log on failure. */
static inline cl_program icd_build(icd_env *e, const char *src, const char *options) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(e->context, 1, &src, NULL, &err);
  REQUIRE(err == CL_SUCCESS);
  err = clBuildProgram(p, 1, &e->device, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    char log[8192] = "";
    clGetProgramBuildInfo(p, e->device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "build failed (%d):\n%s\n", err, log);
    exit(1);
  }
  return p;
}

static inline int icd_done(const char *name) {
  if (icd_failures) {
    fprintf(stderr, "%s: %d failure(s)\n", name, icd_failures);
    return 1;
  }
  printf("%s: passed\n", name);
  return 0;
}

#endif
