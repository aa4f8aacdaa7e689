/* Kernels, their arguments and queries (from the code object's descriptor
 * and metadata, through the emulator's wemu_kernel), and NDRange
 * dispatch on the queue device's emulator. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icd/icd.h"

static void arg_clear(icd_arg *a) {
  if (a->mem) icd_mem_release(a->mem);
  free(a->bytes);
  memset(a, 0, sizeof *a);
}

static void args_free(icd_arg *args, cl_uint n) {
  for (cl_uint i = 0; args && i < n; i++) arg_clear(&args[i]);
  free(args);
}

static cl_kernel kernel_new(cl_program p, const char *name, cl_int *rc) {
  int di = icd_program_built_device(p);
  const wemu_kernel_info *info = di >= 0 ? wemu_kernel(p->builds[di].prog, name) : NULL;
  if (di < 0) *rc = CL_INVALID_PROGRAM_EXECUTABLE;
  else if (!info) *rc = CL_INVALID_KERNEL_NAME;
  if (!info) return NULL;
  cl_kernel k = calloc(1, sizeof *k);
  if (k) k->name = strdup(name);
  if (k && info->num_explicit_args) k->args = calloc(info->num_explicit_args, sizeof *k->args);
  if (!k || !k->name || (info->num_explicit_args && !k->args)) {
    if (k) free(k->name), free(k->args);
    free(k);
    *rc = CL_OUT_OF_HOST_MEMORY;
    return NULL;
  }
  k->dispatch = p->dispatch;
  k->magic = ICD_MAGIC_KERNEL;
  k->refs = 1;
  k->program = p;
  k->info = info;
  k->num_args = info->num_explicit_args;
  for (cl_uint i = 0; i < k->num_args; i++) k->args[i].kind = info->args[i].kind;
  icd_program_retain(p);
  p->kernels_attached++;
  *rc = CL_SUCCESS;
  return k;
}

static void kernel_release(cl_kernel k) {
  if (--k->refs > 0) return;
  args_free(k->args, k->num_args);
  k->program->kernels_attached--;
  icd_program_release(k->program);
  free(k->name);
  k->magic = 0;
  free(k);
}

static cl_kernel CL_API_CALL create_kernel(cl_program p, const char *name, cl_int *err) {
  cl_int rc = CL_SUCCESS;
  cl_kernel k = NULL;
  if (!icd_valid(p, ICD_MAGIC_PROGRAM)) rc = CL_INVALID_PROGRAM;
  else if (!name) rc = CL_INVALID_VALUE;
  else k = kernel_new(p, name, &rc);
  if (err) *err = rc;
  return k;
}

static cl_int CL_API_CALL create_kernels(cl_program p, cl_uint n, cl_kernel *out, cl_uint *nout) {
  if (!icd_valid(p, ICD_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  if (icd_program_built_device(p) < 0) return CL_INVALID_PROGRAM_EXECUTABLE;
  if (out && n < p->num_kernels) return CL_INVALID_VALUE;
  for (cl_uint i = 0; out && i < p->num_kernels; i++) {
    cl_int rc;
    if (!(out[i] = kernel_new(p, p->kernel_names[i], &rc))) {
      while (i--) kernel_release(out[i]);
      return rc;
    }
  }
  if (nout) *nout = p->num_kernels;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL retain_kernel(cl_kernel k) {
  if (!icd_valid(k, ICD_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  k->refs++;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL release_kernel(cl_kernel k) {
  if (!icd_valid(k, ICD_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  kernel_release(k);
  return CL_SUCCESS;
}

static cl_int CL_API_CALL set_kernel_arg(cl_kernel k, cl_uint i, size_t size, const void *value) {
  if (!icd_valid(k, ICD_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  if (i >= k->num_args) return CL_INVALID_ARG_INDEX;
  const wemu_arg_info *ai = &k->info->args[i];
  icd_arg a = {.set = 1, .kind = ai->kind};
  switch (ai->kind) {
  case WEMU_ARG_GLOBAL_BUFFER:
    if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
    a.mem = value ? *(const cl_mem *)value : NULL;
    if (a.mem && (!icd_valid(a.mem, ICD_MAGIC_MEM) || a.mem->context != k->program->context))
      return CL_INVALID_MEM_OBJECT;
    if (a.mem) icd_mem_retain(a.mem);
    break;
  case WEMU_ARG_DYNAMIC_SHARED_POINTER:
    if (size == 0) return CL_INVALID_ARG_SIZE;
    if (value) return CL_INVALID_ARG_VALUE;
    a.size = (uint32_t)size;
    break;
  default:
    if (size != ai->size) return CL_INVALID_ARG_SIZE;
    if (!value) return CL_INVALID_ARG_VALUE;
    if (!(a.bytes = malloc(size))) return CL_OUT_OF_HOST_MEMORY;
    memcpy(a.bytes, value, size);
    a.size = (uint32_t)size;
    break;
  }
  arg_clear(&k->args[i]);
  k->args[i] = a;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL get_kernel_info(cl_kernel k, cl_kernel_info what, size_t size, void *value, size_t *ret) {
  if (!icd_valid(k, ICD_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  switch (what) {
  case CL_KERNEL_FUNCTION_NAME: return icd_info_str(value, size, ret, k->name);
  case CL_KERNEL_NUM_ARGS: return icd_info(value, size, ret, &k->num_args, sizeof k->num_args);
  case CL_KERNEL_REFERENCE_COUNT: return icd_info(value, size, ret, &k->refs, sizeof k->refs);
  case CL_KERNEL_CONTEXT: return icd_info(value, size, ret, &k->program->context, sizeof(cl_context));
  case CL_KERNEL_PROGRAM: return icd_info(value, size, ret, &k->program, sizeof k->program);
  case CL_KERNEL_ATTRIBUTES: return icd_info_str(value, size, ret, "");
  default: return CL_INVALID_VALUE;
  }
}

static size_t max_group(cl_kernel k) {
  return k->info->max_flat_workgroup_size ? k->info->max_flat_workgroup_size : 1024;
}

/* From the kernel descriptor and metadata: the largest flat work-group
 * size (.max_flat_workgroup_size), the required one (.reqd_workgroup_size),
 * LDS (static group segment plus the __local arguments set), scratch per work-item (.private_segment_fixed_size). */
static cl_int CL_API_CALL get_work_group_info(cl_kernel k, cl_device_id d, cl_kernel_work_group_info what,
                                              size_t size, void *value, size_t *ret) {
  if (!icd_valid(k, ICD_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  cl_program p = k->program;
  if (!d && p->num_devices > 1) return CL_INVALID_DEVICE;
  if (!d) d = p->devices[0];
  if (!icd_valid_device(d) || !p->builds[d->index].prog) return CL_INVALID_DEVICE;
  const wemu_kernel_info *ki = wemu_kernel(p->builds[d->index].prog, k->name);
  size_t wg = max_group(k), mult = d->target->wave_size;
  size_t reqd[3] = {ki->reqd_workgroup_size[0], ki->reqd_workgroup_size[1], ki->reqd_workgroup_size[2]};
  cl_ulong local = ki->group_segment_size, priv = ki->private_segment_size;
  for (cl_uint i = 0; i < k->num_args; i++)
    if (k->args[i].set && k->args[i].kind == WEMU_ARG_DYNAMIC_SHARED_POINTER) local += k->args[i].size;
  switch (what) {
  case CL_KERNEL_WORK_GROUP_SIZE: return icd_info(value, size, ret, &wg, sizeof wg);
  case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: return icd_info(value, size, ret, reqd, sizeof reqd); /* 0,0,0: none */
  case CL_KERNEL_LOCAL_MEM_SIZE: return icd_info(value, size, ret, &local, sizeof local);
  case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: return icd_info(value, size, ret, &mult, sizeof mult);
  case CL_KERNEL_PRIVATE_MEM_SIZE: return icd_info(value, size, ret, &priv, sizeof priv);
  default: return CL_INVALID_VALUE;
  }
}

static cl_int CL_API_CALL get_arg_info(cl_kernel k, cl_uint i, cl_kernel_arg_info what, size_t size, void *value,
                                       size_t *ret) {
  if (!icd_valid(k, ICD_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  if (i >= k->num_args) return CL_INVALID_ARG_INDEX;
  const wemu_arg_info *ai = &k->info->args[i];
  cl_kernel_arg_address_qualifier aq = ai->kind == WEMU_ARG_DYNAMIC_SHARED_POINTER ? CL_KERNEL_ARG_ADDRESS_LOCAL
                                       : ai->kind != WEMU_ARG_GLOBAL_BUFFER         ? CL_KERNEL_ARG_ADDRESS_PRIVATE
                                       : ai->address_space == 4                     ? CL_KERNEL_ARG_ADDRESS_CONSTANT
                                                                                    : CL_KERNEL_ARG_ADDRESS_GLOBAL;
  cl_kernel_arg_access_qualifier acc = CL_KERNEL_ARG_ACCESS_NONE;
  switch (what) {
  case CL_KERNEL_ARG_ADDRESS_QUALIFIER: return icd_info(value, size, ret, &aq, sizeof aq);
  case CL_KERNEL_ARG_ACCESS_QUALIFIER: return icd_info(value, size, ret, &acc, sizeof acc);
  case CL_KERNEL_ARG_NAME:
    return ai->name ? icd_info_str(value, size, ret, ai->name) : CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
  case CL_KERNEL_ARG_TYPE_NAME: case CL_KERNEL_ARG_TYPE_QUALIFIER: return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
  default: return CL_INVALID_VALUE;
  }
}

/* ---- dispatch ---- */

typedef struct launch {
  cl_kernel kernel; /* retained */
  icd_arg *args;    /* a snapshot: later clSetKernelArg calls do not change it */
  cl_uint dims;
  uint64_t global[3], local[3], offset[3];
} launch;

static void launch_fini(icd_cmd *c) {
  launch *l = c->payload;
  if (!l) return;
  args_free(l->args, l->kernel->num_args);
  kernel_release(l->kernel);
  free(l);
}

/* Copies the buffers of the arguments (their whole root buffers, each
 * once) into the emulator (dir 0) or back out of it (dir 1; not for
 * read-only ones). */
static int sync_buffers(cl_command_queue q, const launch *l, int dir) {
  wemu_device *emu = icd_queue_emu(q);
  unsigned di = q->device->index;
  for (cl_uint i = 0; i < l->kernel->num_args; i++) {
    cl_mem m = l->args[i].mem;
    if (!m) continue;
    cl_mem r = icd_mem_root(m);
    int seen = 0;
    for (cl_uint j = 0; j < i; j++) seen |= l->args[j].mem && icd_mem_root(l->args[j].mem) == r;
    if (seen) continue;
    if (!icd_mem_device_addr(r, q->context, di)) return -1;
    if (dir == 0 && wemu_write(emu, r->dev_addr[di], r->host, r->size)) return -1;
    if (dir == 1 && !(r->flags & CL_MEM_READ_ONLY) && wemu_read(emu, r->dev_addr[di], r->host, r->size)) return -1;
  }
  return 0;
}

static cl_int run_launch(cl_command_queue q, icd_cmd *c) {
  launch *l = c->payload;
  cl_kernel k = l->kernel;
  unsigned di = q->device->index;
  wemu_device *emu = icd_queue_emu(q);
  wemu_arg *args = calloc(k->num_args + 1, sizeof *args);
  if (!args || sync_buffers(q, l, 0)) {
    free(args);
    return CL_OUT_OF_RESOURCES;
  }
  for (cl_uint i = 0; i < k->num_args; i++) {
    const icd_arg *a = &l->args[i];
    args[i] = (wemu_arg){.data = a->bytes, .size = a->size};
    if (a->mem) args[i].address = icd_mem_device_addr(a->mem, q->context, di);
  }
  wemu_stats st = {0};
  int rc = wemu_dispatch(emu, k->program->builds[di].prog, k->name, args, k->num_args, l->dims, l->global, l->local,
                         l->offset, &st);
  free(args);
  c->cost_ns = st.cycles_estimate;
  if (rc != 0)
    fprintf(stderr, "wavecc-icd: clEnqueueNDRangeKernel: kernel %s on %s failed (the command ends with CL_OUT_OF_RESOURCES): %s\n",
            k->name, q->device->target->name, wemu_error(emu));
  if (sync_buffers(q, l, 1)) return CL_OUT_OF_RESOURCES;
  return rc == 0 ? CL_SUCCESS : CL_OUT_OF_RESOURCES;
}

/* The local size when the host gives none: per dimension the largest
 * divisor of the global size that keeps the group within 256 work-items
 * (and the kernel's limit), so the groups are uniform as OpenCL 1.2 asks. */
static void implicit_local(cl_uint dims, const uint64_t *global, size_t limit, uint64_t *local) {
  size_t left = limit < 256 ? limit : 256;
  for (cl_uint i = 0; i < dims; i++) {
    uint64_t best = 1;
    for (uint64_t d = 1; d <= left && d <= global[i]; d++)
      if (global[i] % d == 0) best = d;
    local[i] = best;
    left /= best;
  }
}

static cl_int check_launch(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t *off, const size_t *gs,
                           const size_t *ls) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (!icd_valid(k, ICD_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  if (k->program->context != q->context) return CL_INVALID_CONTEXT;
  if (!k->program->builds[q->device->index].prog) return CL_INVALID_PROGRAM_EXECUTABLE;
  if (dims < 1 || dims > 3) return CL_INVALID_WORK_DIMENSION;
  if (!gs) return CL_INVALID_GLOBAL_WORK_SIZE;
  size_t group = 1;
  for (cl_uint i = 0; i < dims; i++) {
    if (gs[i] == 0 || gs[i] > UINT32_MAX) return CL_INVALID_GLOBAL_WORK_SIZE;
    if (off && (off[i] > UINT32_MAX || gs[i] + off[i] > (uint64_t)UINT32_MAX + 1)) return CL_INVALID_GLOBAL_OFFSET;
    if (ls && (ls[i] == 0 || ls[i] > 1024)) return CL_INVALID_WORK_ITEM_SIZE;
    if (ls && gs[i] % ls[i]) return CL_INVALID_WORK_GROUP_SIZE;
    if (ls) group *= ls[i];
  }
  if (group > max_group(k)) return CL_INVALID_WORK_GROUP_SIZE;
  /* reqd_work_group_size(X,Y,Z): the local size must be given and match it
   * (dimensions past work_dim count as 1). OpenCL 1.2, clEnqueueNDRangeKernel:
   * CL_INVALID_WORK_GROUP_SIZE when it does not match, and when it is NULL
   * (this platform reports 1.2; PoCL does the same). */
  const uint32_t *reqd = k->info->reqd_workgroup_size;
  if (reqd[0] && !ls) return CL_INVALID_WORK_GROUP_SIZE;
  for (cl_uint i = 0; reqd[0] && i < 3; i++)
    if ((i < dims ? ls[i] : 1) != reqd[i]) return CL_INVALID_WORK_GROUP_SIZE;
  for (cl_uint i = 0; i < k->num_args; i++)
    if (!k->args[i].set) return CL_INVALID_KERNEL_ARGS;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL enqueue_ndrange(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t *off,
                                          const size_t *gs, const size_t *ls, cl_uint nw, const cl_event *wl,
                                          cl_event *ev) {
  cl_int rc = check_launch(q, k, dims, off, gs, ls);
  if (rc == CL_SUCCESS) rc = icd_check_wait_list(q, nw, wl);
  if (rc != CL_SUCCESS) return rc;
  launch *l = calloc(1, sizeof *l);
  icd_arg *args = calloc(k->num_args + 1, sizeof *args);
  if (!l || !args) {
    free(l), free(args);
    return CL_OUT_OF_HOST_MEMORY;
  }
  for (cl_uint i = 0; i < k->num_args; i++) {
    args[i] = k->args[i];
    if (args[i].mem) icd_mem_retain(args[i].mem);
    if (k->args[i].bytes && !(args[i].bytes = malloc(args[i].size))) {
      args_free(args, i);
      free(l);
      return CL_OUT_OF_HOST_MEMORY;
    }
    if (args[i].bytes) memcpy(args[i].bytes, k->args[i].bytes, args[i].size);
  }
  l->kernel = k;
  l->args = args;
  l->dims = dims;
  for (cl_uint i = 0; i < 3; i++) {
    l->global[i] = i < dims ? gs[i] : 1;
    l->local[i] = i < dims && ls ? ls[i] : 1;
    l->offset[i] = i < dims && off ? off[i] : 0;
  }
  if (!ls) implicit_local(dims, l->global, max_group(k), l->local);
  k->refs++;
  return icd_enqueue(q, CL_COMMAND_NDRANGE_KERNEL, nw, wl, ev, 0, run_launch, launch_fini, l);
}

static cl_int CL_API_CALL enqueue_task(cl_command_queue q, cl_kernel k, cl_uint nw, const cl_event *wl, cl_event *ev) {
  size_t one = 1;
  return enqueue_ndrange(q, k, 1, NULL, &one, &one, nw, wl, ev);
}

void icd_table_kernel(cl_icd_dispatch *t) {
  t->clCreateKernel = create_kernel;
  t->clCreateKernelsInProgram = create_kernels;
  t->clRetainKernel = retain_kernel;
  t->clReleaseKernel = release_kernel;
  t->clSetKernelArg = set_kernel_arg;
  t->clGetKernelInfo = get_kernel_info;
  t->clGetKernelWorkGroupInfo = get_work_group_info;
  t->clGetKernelArgInfo = get_arg_info;
  t->clEnqueueNDRangeKernel = enqueue_ndrange;
  t->clEnqueueTask = enqueue_task;
}
