/* Platform, device, context and queue queries, and the error codes of bad
 * handles and sizes. */
#include "icd_test.h"

static void platform_queries(cl_platform_id p) {
  char s[256];
  size_t n = 0;
  OK(clGetPlatformInfo(p, CL_PLATFORM_VERSION, sizeof s, s, &n));
  CHECK(strncmp(s, "OpenCL 1.2 ", 11) == 0 && n == strlen(s) + 1);
  OK(clGetPlatformInfo(p, CL_PLATFORM_PROFILE, sizeof s, s, NULL));
  CHECK(strcmp(s, "FULL_PROFILE") == 0);
  OK(clGetPlatformInfo(p, CL_PLATFORM_EXTENSIONS, sizeof s, s, NULL));
  CHECK(strstr(s, "cl_khr_icd") != NULL);
  EXPECT(CL_INVALID_VALUE, clGetPlatformInfo(p, CL_PLATFORM_NAME, 2, s, NULL)); /* too small */
  EXPECT(CL_INVALID_VALUE, clGetPlatformInfo(p, 0x7fff, sizeof s, s, NULL));
  EXPECT(CL_INVALID_VALUE, clGetPlatformIDs(0, &p, NULL));
}

static void device_queries(cl_platform_id p, cl_device_id d) {
  cl_uint n = 0;
  OK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, NULL, &n));
  CHECK(n >= 1);
  EXPECT(CL_DEVICE_NOT_FOUND, clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &d, NULL));
  EXPECT(CL_INVALID_DEVICE_TYPE, clGetDeviceIDs(p, 1u << 20, 1, &d, NULL));
  EXPECT(CL_INVALID_VALUE, clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, &d, NULL));
  char s[1024];
  OK(clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof s, s, NULL));
  CHECK(strncmp(s, "gfx", 3) == 0);
  OK(clGetDeviceInfo(d, CL_DEVICE_OPENCL_C_VERSION, sizeof s, s, NULL));
  CHECK(strncmp(s, "OpenCL C 1.2", 12) == 0);
  OK(clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, sizeof s, s, NULL));
  CHECK(strstr(s, "cl_khr_fp64") && strstr(s, "cl_khr_int64_base_atomics") && strstr(s, "cl_khr_fp16"));
  cl_ulong local = 0;
  OK(clGetDeviceInfo(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL));
  CHECK(local == 65536); /* gfx9/10/11 LDS per work-group */
  cl_bool images = CL_TRUE;
  OK(clGetDeviceInfo(d, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL));
  CHECK(images == CL_FALSE);
  size_t wg = 0, sizes[3] = {0};
  OK(clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
  OK(clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes, sizes, NULL));
  CHECK(wg == 1024 && sizes[0] == 1024);
  cl_device_type type = 0;
  OK(clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_DEVICE_TYPE_GPU);
  cl_platform_id dp = NULL;
  OK(clGetDeviceInfo(d, CL_DEVICE_PLATFORM, sizeof dp, &dp, NULL));
  CHECK(dp == p);
  EXPECT(CL_INVALID_VALUE, clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, 1, &wg, NULL));
  EXPECT(CL_INVALID_DEVICE, clGetDeviceInfo(NULL, CL_DEVICE_NAME, sizeof s, s, NULL));
}

static void context_queries(cl_platform_id p, cl_device_id d) {
  cl_int err;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)p, 0};
  cl_context c = clCreateContext(props, 1, &d, NULL, NULL, &err);
  OK(err);
  cl_uint refs = 0, nd = 0;
  OK(clRetainContext(c));
  OK(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs == 2);
  OK(clReleaseContext(c));
  OK(clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, sizeof nd, &nd, NULL));
  CHECK(nd == 1);
  cl_context_properties got[3] = {0};
  OK(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, sizeof got, got, NULL));
  CHECK(got[0] == CL_CONTEXT_PLATFORM && got[1] == (cl_context_properties)p && got[2] == 0);
  /* a queue: in-order, out-of-order accepted */
  cl_command_queue q = clCreateCommandQueue(c, d, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
  OK(err);
  cl_command_queue_properties qp = 0;
  OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof qp, &qp, NULL));
  CHECK(qp == CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_context qc = NULL;
  OK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof qc, &qc, NULL));
  CHECK(qc == c);
  OK(clReleaseCommandQueue(q));
  /* errors */
  CHECK(clCreateCommandQueue(c, d, 1u << 10, &err) == NULL && err == CL_INVALID_VALUE);
  CHECK(clCreateCommandQueue(NULL, d, 0, &err) == NULL && err == CL_INVALID_CONTEXT);
  CHECK(clCreateCommandQueue(c, NULL, 0, &err) == NULL && err == CL_INVALID_DEVICE);
  CHECK(clCreateContext(NULL, 0, &d, NULL, NULL, &err) == NULL && err == CL_INVALID_VALUE);
  CHECK(clCreateContext(NULL, 1, &d, NULL, &err, &err) == NULL && err == CL_INVALID_VALUE); /* data, no callback */
  cl_context_properties bad[] = {0x7777, 1, 0};
  CHECK(clCreateContext(bad, 1, &d, NULL, NULL, &err) == NULL && err == CL_INVALID_PROPERTY);
  cl_context byt = clCreateContextFromType(props, CL_DEVICE_TYPE_GPU, NULL, NULL, &err);
  OK(err);
  OK(clReleaseContext(byt));
  CHECK(clCreateContextFromType(props, CL_DEVICE_TYPE_CPU, NULL, NULL, &err) == NULL && err == CL_DEVICE_NOT_FOUND);
  EXPECT(CL_INVALID_CONTEXT, clGetContextInfo(NULL, CL_CONTEXT_NUM_DEVICES, sizeof nd, &nd, NULL));
  EXPECT(CL_INVALID_COMMAND_QUEUE, clFinish(NULL));
  EXPECT(CL_INVALID_COMMAND_QUEUE, clReleaseCommandQueue(NULL));
  EXPECT(CL_INVALID_MEM_OBJECT, clReleaseMemObject(NULL));
  EXPECT(CL_INVALID_PROGRAM, clReleaseProgram(NULL));
  EXPECT(CL_INVALID_KERNEL, clReleaseKernel(NULL));
  EXPECT(CL_INVALID_EVENT, clReleaseEvent(NULL));
  /* no images, samplers or native kernels */
  cl_image_format fmt = {CL_RGBA, CL_FLOAT};
  cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 4, .image_height = 4};
  CHECK(clCreateImage(c, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &err) == NULL && err == CL_INVALID_OPERATION);
  cl_uint nf = 99;
  OK(clGetSupportedImageFormats(c, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &nf));
  CHECK(nf == 0);
  CHECK(clCreateSampler(c, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &err) == NULL && err == CL_INVALID_OPERATION);
  OK(clReleaseContext(c));
}

int main(void) {
  icd_env e = icd_setup(0);
  platform_queries(e.platform);
  device_queries(e.platform, e.device);
  context_queries(e.platform, e.device);
  icd_teardown(&e);
  return icd_done("test_queries");
}
