/* The platform and its devices (one per processor wavecc supports), their
 * queries, and the two symbols the ICD loader looks up
 * (clGetExtensionFunctionAddress, clIcdGetPlatformIDsKHR).
 *
 * The platform, the devices and the dispatch table are static: the ICD
 * model has no call that creates or frees a platform (the loader asks for
 * the platform list any number of times and expects the same handles), so
 * they are made once, on first use (pthread_once), and never change after. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "icd/icd.h"

/* The three symbols the loader looks up; everything else is hidden. */
#define ICD_EXPORT __attribute__((visibility("default")))

static cl_icd_dispatch table;
static struct _cl_platform_id platform;
static struct _cl_device_id devices[ICD_MAX_DEVICES];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void init(void) {
  icd_table_platform(&table);
  icd_table_context(&table);
  icd_table_event(&table);
  icd_table_mem(&table);
  icd_table_transfer(&table);
  icd_table_program(&table);
  icd_table_kernel(&table);
  icd_table_unsupported(&table);
  platform.dispatch = &table;
  platform.magic = ICD_MAGIC_PLATFORM;
  platform.refs = 1;
  for (unsigned i = 0; i < ICD_MAX_DEVICES && wavecc_target_at(i); i++) {
    devices[i].dispatch = &table;
    devices[i].magic = ICD_MAGIC_DEVICE;
    devices[i].refs = 1;
    devices[i].platform = &platform;
    devices[i].target = wavecc_target_at(i);
    devices[i].index = i;
    platform.num_devices = i + 1;
  }
}

cl_platform_id icd_platform(void) {
  pthread_once(&once, init);
  return &platform;
}

/* The extensions the compiler supports: clang-19 + libclc compile them for
 * amdgcn and wavecc selects what they produce (the same list as the kernel
 * runner's rt_emu_facts, src/runner/exec_emu.c). */
const char *icd_device_extensions(void) {
  return "cl_khr_fp64 cl_khr_fp16 cl_khr_byte_addressable_store "
         "cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
         "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics "
         "cl_khr_int64_base_atomics cl_khr_int64_extended_atomics";
}

static cl_int CL_API_CALL get_platform_ids(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms) {
  if ((num_entries == 0 && platforms) || (!platforms && !num_platforms)) return CL_INVALID_VALUE;
  if (platforms) platforms[0] = icd_platform();
  if (num_platforms) *num_platforms = 1;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL get_platform_info(cl_platform_id p, cl_platform_info what, size_t size, void *value,
                                            size_t *ret) {
  if (p != icd_platform()) return CL_INVALID_PLATFORM;
  switch (what) {
  case CL_PLATFORM_PROFILE: return icd_info_str(value, size, ret, "FULL_PROFILE");
  case CL_PLATFORM_VERSION: return icd_info_str(value, size, ret, "OpenCL 1.2 wavecc");
  case CL_PLATFORM_NAME: return icd_info_str(value, size, ret, "wavecc");
  case CL_PLATFORM_VENDOR: return icd_info_str(value, size, ret, "wavecc project");
  case CL_PLATFORM_EXTENSIONS: return icd_info_str(value, size, ret, "cl_khr_icd");
  case CL_PLATFORM_ICD_SUFFIX_KHR: return icd_info_str(value, size, ret, "WCC");
  default: return CL_INVALID_VALUE;
  }
}

static cl_int CL_API_CALL get_device_ids(cl_platform_id p, cl_device_type type, cl_uint num_entries,
                                         cl_device_id *out, cl_uint *num_out) {
  if (p != NULL && p != icd_platform()) return CL_INVALID_PLATFORM;
  const cl_device_type known = CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_ACCELERATOR |
                               CL_DEVICE_TYPE_CUSTOM | CL_DEVICE_TYPE_DEFAULT;
  if (type != CL_DEVICE_TYPE_ALL && (type & ~known || type == 0)) return CL_INVALID_DEVICE_TYPE;
  if ((num_entries == 0 && out) || (!out && !num_out)) return CL_INVALID_VALUE;
  cl_uint n = 0;
  if (type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT)) n = icd_platform()->num_devices;
  /* DEFAULT: the first device only. */
  if (type == CL_DEVICE_TYPE_DEFAULT && n > 1) n = 1;
  if (n == 0) return CL_DEVICE_NOT_FOUND;
  for (cl_uint i = 0; out && i < n && i < num_entries; i++) out[i] = &devices[i];
  if (num_out) *num_out = n;
  return CL_SUCCESS;
}

/* Global memory the device reports: half the host's memory (buffers live
 * there), at most the 16 GiB one emulator allocation may have. */
static cl_ulong global_mem_bytes(void) {
  long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
  cl_ulong host = pages > 0 && psize > 0 ? (cl_ulong)pages * (cl_ulong)psize / 2 : (1ull << 30);
  return host < (16ull << 30) ? host : (16ull << 30);
}

#define RET(T, v)                                      \
  do {                                                 \
    T v_ = (v);                                        \
    return icd_info(value, size, ret, &v_, sizeof v_); \
  } while (0)

/* Queries answered with numbers: the GPU's limits from its target
 * description; 1024 work-items per group is AMDGPUUsage's largest flat
 * work-group size on every processor. Returns 1 when `what` is not one. */
static cl_int device_number(cl_device_id d, cl_device_info what, size_t size, void *value, size_t *ret) {
  const wavecc_target *t = d->target;
  switch (what) {
  case CL_DEVICE_TYPE: RET(cl_device_type, CL_DEVICE_TYPE_GPU);
  case CL_DEVICE_VENDOR_ID: RET(cl_uint, 0x1002); /* AMD's PCI vendor id */
  case CL_DEVICE_MAX_COMPUTE_UNITS: RET(cl_uint, 1); /* the emulator runs one work-group at a time */
  case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: RET(cl_uint, 3);
  case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
    size_t s[3] = {1024, 1024, 1024};
    return icd_info(value, size, ret, s, sizeof s);
  }
  case CL_DEVICE_MAX_WORK_GROUP_SIZE: RET(size_t, 1024);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR: case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR: RET(cl_uint, 4);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT: RET(cl_uint, 2);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG: case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE: case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF: case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF: RET(cl_uint, 1);
  case CL_DEVICE_MAX_CLOCK_FREQUENCY: RET(cl_uint, 1000); /* the emulated clock: 1 cycle = 1 ns */
  case CL_DEVICE_ADDRESS_BITS: RET(cl_uint, 64);
  case CL_DEVICE_MAX_MEM_ALLOC_SIZE: RET(cl_ulong, global_mem_bytes() / 4 > (128u << 20) ? global_mem_bytes() / 4 : (128u << 20));
  case CL_DEVICE_GLOBAL_MEM_SIZE: RET(cl_ulong, global_mem_bytes());
  case CL_DEVICE_IMAGE_SUPPORT: RET(cl_bool, CL_FALSE);
  case CL_DEVICE_MAX_READ_IMAGE_ARGS: case CL_DEVICE_MAX_WRITE_IMAGE_ARGS: case CL_DEVICE_MAX_SAMPLERS: RET(cl_uint, 0);
  case CL_DEVICE_IMAGE2D_MAX_WIDTH: case CL_DEVICE_IMAGE2D_MAX_HEIGHT: case CL_DEVICE_IMAGE3D_MAX_WIDTH:
  case CL_DEVICE_IMAGE3D_MAX_HEIGHT: case CL_DEVICE_IMAGE3D_MAX_DEPTH: case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
  case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: RET(size_t, 0);
  case CL_DEVICE_MAX_PARAMETER_SIZE: RET(size_t, 1024);
  case CL_DEVICE_MEM_BASE_ADDR_ALIGN: RET(cl_uint, 1024); /* bits: buffers and sub-buffers on 128 bytes */
  case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: RET(cl_uint, 128);
  case CL_DEVICE_SINGLE_FP_CONFIG:
    RET(cl_device_fp_config, CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA);
  case CL_DEVICE_DOUBLE_FP_CONFIG:
    RET(cl_device_fp_config,
        CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF | CL_FP_FMA);
  case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE: RET(cl_device_mem_cache_type, CL_NONE); /* the emulator has no caches */
  case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: RET(cl_uint, 0);
  case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: RET(cl_ulong, 0);
  case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: RET(cl_ulong, 64u << 10);
  case CL_DEVICE_MAX_CONSTANT_ARGS: RET(cl_uint, 8);
  case CL_DEVICE_LOCAL_MEM_TYPE: RET(cl_device_local_mem_type, CL_LOCAL);
  case CL_DEVICE_LOCAL_MEM_SIZE: RET(cl_ulong, t->lds_bytes);
  case CL_DEVICE_ERROR_CORRECTION_SUPPORT: RET(cl_bool, CL_FALSE);
  case CL_DEVICE_HOST_UNIFIED_MEMORY: RET(cl_bool, CL_FALSE);
  case CL_DEVICE_PROFILING_TIMER_RESOLUTION: RET(size_t, 1);
  case CL_DEVICE_ENDIAN_LITTLE: case CL_DEVICE_AVAILABLE: case CL_DEVICE_COMPILER_AVAILABLE:
  case CL_DEVICE_LINKER_AVAILABLE: RET(cl_bool, CL_TRUE);
  case CL_DEVICE_EXECUTION_CAPABILITIES: RET(cl_device_exec_capabilities, CL_EXEC_KERNEL);
  case CL_DEVICE_QUEUE_PROPERTIES:
    RET(cl_command_queue_properties, CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  case CL_DEVICE_PLATFORM: RET(cl_platform_id, icd_platform());
  case CL_DEVICE_PRINTF_BUFFER_SIZE: RET(size_t, 0);
  case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC: RET(cl_bool, CL_TRUE);
  case CL_DEVICE_PARENT_DEVICE: RET(cl_device_id, NULL);
  case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: RET(cl_uint, 0);
  case CL_DEVICE_PARTITION_AFFINITY_DOMAIN: RET(cl_device_affinity_domain, 0);
  case CL_DEVICE_REFERENCE_COUNT: RET(cl_uint, 1);
  case CL_DEVICE_PARTITION_PROPERTIES: case CL_DEVICE_PARTITION_TYPE: return icd_info(value, size, ret, NULL, 0);
  default: return 1;
  }
}

static cl_int CL_API_CALL get_device_info(cl_device_id d, cl_device_info what, size_t size, void *value,
                                          size_t *ret) {
  if (!icd_valid_device(d)) return CL_INVALID_DEVICE;
  switch (what) {
  case CL_DEVICE_NAME: return icd_info_str(value, size, ret, d->target->name);
  case CL_DEVICE_VENDOR: return icd_info_str(value, size, ret, "wavecc (emulated AMD GPU)");
  case CL_DRIVER_VERSION: return icd_info_str(value, size, ret, "1.0");
  case CL_DEVICE_PROFILE: return icd_info_str(value, size, ret, "FULL_PROFILE");
  case CL_DEVICE_VERSION: return icd_info_str(value, size, ret, "OpenCL 1.2 wavecc");
  case CL_DEVICE_OPENCL_C_VERSION: return icd_info_str(value, size, ret, "OpenCL C 1.2 ");
  case CL_DEVICE_EXTENSIONS: return icd_info_str(value, size, ret, icd_device_extensions());
  case CL_DEVICE_BUILT_IN_KERNELS: return icd_info_str(value, size, ret, "");
  case CL_DEVICE_HALF_FP_CONFIG:
    RET(cl_device_fp_config, CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA);
  default: break;
  }
  cl_int rc = device_number(d, what, size, value, ret);
  return rc == 1 ? CL_INVALID_VALUE : rc;
}

/* In this file because it needs the platform's device list. */
static cl_context CL_API_CALL create_context_from_type(const cl_context_properties *props, cl_device_type type,
                                                       void(CL_CALLBACK *notify)(const char *, const void *,
                                                                                  size_t, void *),
                                                       void *user_data, cl_int *err) {
  cl_device_id devs[ICD_MAX_DEVICES];
  cl_uint n = 0;
  cl_int rc = get_device_ids(icd_platform(), type, ICD_MAX_DEVICES, devs, &n);
  if (rc != CL_SUCCESS) {
    if (err) *err = rc;
    return NULL;
  }
  return table.clCreateContext(props, n, devs, notify, user_data, err);
}

/* Sub-devices: none (CL_DEVICE_PARTITION_MAX_SUB_DEVICES is 0). */
static cl_int CL_API_CALL create_sub_devices(cl_device_id d, const cl_device_partition_property *props,
                                             cl_uint n, cl_device_id *out, cl_uint *num_out) {
  (void)props, (void)n, (void)out, (void)num_out;
  return icd_valid_device(d) ? CL_INVALID_VALUE : CL_INVALID_DEVICE;
}

/* Root devices: retain and release do nothing (OpenCL 1.2, 5.1.2). */
static cl_int CL_API_CALL retain_device(cl_device_id d) { return icd_valid_device(d) ? CL_SUCCESS : CL_INVALID_DEVICE; }

static cl_int CL_API_CALL unload_compiler(cl_platform_id p) {
  return p == icd_platform() ? CL_SUCCESS : CL_INVALID_PLATFORM;
}
static cl_int CL_API_CALL unload_compiler_10(void) { return CL_SUCCESS; }

/* No extension functions besides the loader's entry point. */
static void *CL_API_CALL get_extension_address_for_platform(cl_platform_id p, const char *name) {
  (void)p, (void)name;
  return NULL;
}

ICD_EXPORT cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries, cl_platform_id *platforms,
                                                     cl_uint *num_platforms) {
  return get_platform_ids(num_entries, platforms, num_platforms);
}

/* ocl-icd looks clGetPlatformInfo up (dlsym, then through
 * clGetExtensionFunctionAddress) to read cl_khr_icd and the suffix before
 * any dispatch. Exported under its own name as other ICDs do: a failing
 * dlsym leaves a dlerror state behind. The library is loaded RTLD_LOCAL
 * and bound -Bsymbolic, so the name never interposes the loader's. */
ICD_EXPORT cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id p, cl_platform_info what, size_t size, void *value,
                                                size_t *ret) {
  return get_platform_info(p, what, size, value, ret);
}

/* The loader's entry points. */
ICD_EXPORT void *CL_API_CALL clGetExtensionFunctionAddress(const char *name) {
  if (name && strcmp(name, "clIcdGetPlatformIDsKHR") == 0) return (void *)clIcdGetPlatformIDsKHR;
  if (name && strcmp(name, "clGetPlatformInfo") == 0) return (void *)clGetPlatformInfo;
  return NULL;
}

void icd_table_platform(cl_icd_dispatch *t) {
  t->clGetPlatformIDs = get_platform_ids;
  t->clGetPlatformInfo = get_platform_info;
  t->clGetDeviceIDs = get_device_ids;
  t->clGetDeviceInfo = get_device_info;
  t->clCreateSubDevices = create_sub_devices;
  t->clCreateContextFromType = create_context_from_type;
  t->clRetainDevice = retain_device;
  t->clReleaseDevice = retain_device;
  t->clUnloadPlatformCompiler = unload_compiler;
  t->clUnloadCompiler = unload_compiler_10;
  t->clGetExtensionFunctionAddress = clGetExtensionFunctionAddress;
  t->clGetExtensionFunctionAddressForPlatform = get_extension_address_for_platform;
}
