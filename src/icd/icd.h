/* wavecc as an OpenCL 1.2 platform (issue 30): the installable client
 * driver's objects and the helpers its files share.
 *
 * The ICD loader (ocl-icd, or Khronos' loader) dlopen()s libwavecc_icd.so,
 * asks clGetExtensionFunctionAddress for clIcdGetPlatformIDsKHR and from
 * then on calls through the `cl_icd_dispatch` table whose address is the
 * first word of every object we hand out (cl_khr_icd; cl_icd.h). So every
 * object below starts with ICD_HEAD.
 *
 * Execution model: one platform, one device per processor wavecc supports
 * (wavecc_target_at). Each context owns one emulator (wemu_device) per
 * device. Buffers live in host memory (the source of truth: USE_HOST_PTR
 * maps to the user's pointer as the specification asks); a kernel dispatch
 * copies the buffers it uses into its emulator and back. Commands run in
 * submission order as soon as their wait lists are complete (a command
 * waiting on an unset user event stays queued until the event is set);
 * profiling times come from an emulated clock per context and device
 * (README "OpenCL platform"). Not thread-safe: one thread at a time per
 * context.
 *
 * Built on the public APIs only: include/wavecc/wavecc.h (the compiler)
 * and include/wavecc/emu.h (the emulator), plus the target list. */
#ifndef WAVECC_ICD_ICD_H
#define WAVECC_ICD_ICD_H

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <CL/cl_icd.h>
#include <stddef.h>
#include <stdint.h>

#include "target/target.h"
#include "wavecc/emu.h"

#define ICD_MAX_DEVICES 16

/* The first words of every object: the loader's dispatch table, a magic
 * number telling the object's kind (bad-handle checks) and its count of
 * references. */
#define ICD_HEAD                    \
  const cl_icd_dispatch *dispatch;  \
  uint32_t magic;                   \
  cl_uint refs

enum {
  ICD_MAGIC_PLATFORM = 0x57504c54,
  ICD_MAGIC_DEVICE,
  ICD_MAGIC_CONTEXT,
  ICD_MAGIC_QUEUE,
  ICD_MAGIC_EVENT,
  ICD_MAGIC_MEM,
  ICD_MAGIC_PROGRAM,
  ICD_MAGIC_KERNEL,
};

struct _cl_platform_id {
  ICD_HEAD;
  cl_uint num_devices;
};

struct _cl_device_id {
  ICD_HEAD;
  cl_platform_id platform;
  const wavecc_target *target;
  cl_uint index; /* in the platform's list */
};

typedef struct icd_callback {
  struct icd_callback *next;
  cl_int when; /* events: the status that fires it */
  void *fn;
  void *user_data;
} icd_callback;

struct _cl_context {
  ICD_HEAD;
  cl_uint num_devices;
  cl_device_id devices[ICD_MAX_DEVICES];
  wemu_device *emu[ICD_MAX_DEVICES];   /* by platform device index */
  uint64_t clock_ns[ICD_MAX_DEVICES];  /* emulated time of each device */
  cl_context_properties props[8];
  cl_uint num_props;                   /* entries of props, the 0 included; 0 when none given */
  void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *);
  void *notify_data;
  cl_command_queue *queues; /* live queues (not references), for progress after a user event */
  cl_uint num_queues, cap_queues;
};

struct icd_cmd;
typedef cl_int (*icd_run_fn)(cl_command_queue q, struct icd_cmd *c);

/* One enqueued command: `run` does the work and returns CL_SUCCESS or the
 * negative status the event ends with; `fini` releases what the payload
 * holds; `cost_ns` is the emulated duration `run` reports. */
typedef struct icd_cmd {
  struct icd_cmd *next;
  cl_event event;
  cl_uint num_wait;
  cl_event *wait;
  icd_run_fn run;
  void (*fini)(struct icd_cmd *c);
  uint64_t cost_ns;
  void *payload;
} icd_cmd;

struct _cl_command_queue {
  ICD_HEAD;
  cl_context context;
  cl_device_id device;
  cl_command_queue_properties props;
  icd_cmd *head, *tail;
};

struct _cl_event {
  ICD_HEAD;
  cl_context context;
  cl_command_queue queue; /* NULL for user events */
  cl_command_type type;
  cl_int status;
  int profiling;      /* its queue had CL_QUEUE_PROFILING_ENABLE */
  cl_ulong times[4]; /* queued, submit, start, end: emulated ns */
  icd_callback *callbacks;
};

struct _cl_mem {
  ICD_HEAD;
  cl_context context;
  cl_mem_flags flags;
  size_t size;
  unsigned char *host;   /* backing store (the user's for USE_HOST_PTR) */
  void *user_ptr;        /* CL_MEM_HOST_PTR */
  int owns_host;
  cl_mem parent;         /* sub-buffers: the buffer they are part of (retained) */
  size_t origin;         /* bytes into parent */
  cl_uint map_count;
  uint64_t dev_addr[ICD_MAX_DEVICES]; /* root buffers: emulator allocation per device (0: none yet) */
  icd_callback *destructors;
};

typedef struct icd_build {
  cl_build_status status;
  cl_program_binary_type type;
  char *log;
  unsigned char *elf;
  size_t elf_size;
  wemu_program *prog;
  char *options;
} icd_build;

struct _cl_program {
  ICD_HEAD;
  cl_context context;
  char *source;          /* NULL for programs from binaries */
  cl_uint num_devices;   /* the devices it is for */
  cl_device_id devices[ICD_MAX_DEVICES];
  icd_build builds[ICD_MAX_DEVICES]; /* by platform device index */
  char **kernel_names;
  cl_uint num_kernels;
  cl_uint kernels_attached; /* live kernel objects: rebuilding is an error */
};

typedef struct icd_arg {
  int set;
  wemu_arg_kind kind;
  uint32_t size;       /* by value: bytes; local: bytes of LDS */
  cl_mem mem;          /* global buffers (NULL allowed), retained */
  unsigned char *bytes;
} icd_arg;

struct _cl_kernel {
  ICD_HEAD;
  cl_program program;
  char *name;
  const wemu_kernel_info *info; /* of the first device the program is built for */
  cl_uint num_args;
  icd_arg *args;
};

/* ---- icd_platform.c: the platform and its devices ---- */
/* The platform, initialised on first use (the dispatch table and the
 * device list are filled once). */
cl_platform_id icd_platform(void);
/* ---- icd_util.c ---- */
/* Copies `n` bytes of `src` for a clGet*Info call: CL_INVALID_VALUE when
 * `dst` is given and `dst_size` < n. */
cl_int icd_info(void *dst, size_t dst_size, size_t *ret, const void *src, size_t n);
cl_int icd_info_str(void *dst, size_t dst_size, size_t *ret, const char *s);
int icd_valid_device(cl_device_id d);
/* A live object of the kind `magic`. */
int icd_valid(const void *obj, uint32_t magic);
/* The extensions the compiler supports (the list the runner uses). */
const char *icd_device_extensions(void);

/* ---- the dispatch table, filled by each file ---- */
void icd_table_platform(cl_icd_dispatch *t);
void icd_table_context(cl_icd_dispatch *t);
void icd_table_event(cl_icd_dispatch *t);
void icd_table_mem(cl_icd_dispatch *t);
void icd_table_transfer(cl_icd_dispatch *t);
void icd_table_program(cl_icd_dispatch *t);
void icd_table_kernel(cl_icd_dispatch *t);
void icd_table_unsupported(cl_icd_dispatch *t);

/* ---- icd_event.c: commands and events ---- */
/* Checks a wait list (CL_INVALID_EVENT_WAIT_LIST, CL_INVALID_CONTEXT). */
cl_int icd_check_wait_list(cl_command_queue q, cl_uint n, const cl_event *list);
/* Enqueues a command: copies and retains the wait list, makes its event
 * (returned retained in *event_out when not NULL), runs what is runnable.
 * With `blocking`, returns CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
 * when the command failed or cannot run (waiting on an unset user event).
 * On an error return the payload is finalised (fini called). */
cl_int icd_enqueue(cl_command_queue q, cl_command_type type, cl_uint num_wait, const cl_event *wait,
                   cl_event *event_out, int blocking, icd_run_fn run, void (*fini)(icd_cmd *), void *payload);
/* A command with nothing to do (markers, barriers, map, unmap, migration:
 * buffers live in host memory). */
cl_int icd_run_nothing(cl_command_queue q, icd_cmd *c);
/* Runs every runnable command of the context's queues. */
void icd_context_progress(cl_context c);
/* The emulator of queue q's device (created with the context). */
wemu_device *icd_queue_emu(cl_command_queue q);

/* ---- icd_mem.c ---- */
/* The root buffer of `m` and the emulator address of `m`'s first byte on
 * the device with index `di`, allocated on first use; 0 when out of memory. */
uint64_t icd_mem_device_addr(cl_mem m, cl_context c, unsigned di);
cl_mem icd_mem_root(cl_mem m);
void icd_mem_retain(cl_mem m);
void icd_mem_release(cl_mem m);
/* Emulated transfer time of `bytes` bytes (a nominal 16 GB/s link). */
uint64_t icd_transfer_ns(size_t bytes);

/* ---- icd_program.c ---- */
void icd_program_retain(cl_program p);
void icd_program_release(cl_program p);
/* The first device index the program is built for, -1 if none. */
int icd_program_built_device(cl_program p);

/* ---- icd_context.c ---- */
int icd_context_has(cl_context c, cl_device_id d);
void icd_context_retain(cl_context c);
void icd_context_release(cl_context c);

/* ---- icd_event.c ---- */
cl_event icd_event_new(cl_context c, cl_command_queue q, cl_command_type type);
void icd_event_set_status(cl_event e, cl_int status);
void icd_event_release(cl_event e);

#endif
