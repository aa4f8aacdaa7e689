/* Contexts (one emulator per device) and command queues. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icd/icd.h"

int icd_context_has(cl_context c, cl_device_id d) {
  for (cl_uint i = 0; i < c->num_devices; i++)
    if (c->devices[i] == d) return 1;
  return 0;
}

/* Checks and copies the properties list (only CL_CONTEXT_PLATFORM, and
 * CL_CONTEXT_INTEROP_USER_SYNC, are known). */
static cl_int copy_props(cl_context c, const cl_context_properties *props) {
  if (!props) return CL_SUCCESS;
  cl_uint n = 0;
  int seen_platform = 0, seen_sync = 0;
  for (; props[n]; n += 2) {
    if (n + 3 > sizeof c->props / sizeof c->props[0]) return CL_INVALID_PROPERTY;
    if (props[n] == CL_CONTEXT_PLATFORM) {
      if (seen_platform++) return CL_INVALID_PROPERTY;
      if ((cl_platform_id)props[n + 1] != c->devices[0]->platform) return CL_INVALID_PLATFORM;
    } else if (props[n] == CL_CONTEXT_INTEROP_USER_SYNC) {
      if (seen_sync++) return CL_INVALID_PROPERTY;
    } else {
      return CL_INVALID_PROPERTY;
    }
    c->props[n] = props[n];
    c->props[n + 1] = props[n + 1];
  }
  c->props[n] = 0;
  c->num_props = n + 1;
  return CL_SUCCESS;
}

static void context_free(cl_context c) {
  for (cl_uint i = 0; i < ICD_MAX_DEVICES; i++) wemu_destroy(c->emu[i]);
  free(c->queues);
  c->magic = 0;
  free(c);
}

static cl_context CL_API_CALL create_context(const cl_context_properties *props, cl_uint num_devices,
                                             const cl_device_id *devices,
                                             void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                                             void *user_data, cl_int *err) {
  cl_int rc = CL_SUCCESS;
  cl_context c = NULL;
  if (!devices || num_devices == 0 || (!notify && user_data)) {
    rc = CL_INVALID_VALUE;
    goto out;
  }
  c = calloc(1, sizeof *c);
  if (!c) {
    rc = CL_OUT_OF_HOST_MEMORY;
    goto out;
  }
  c->magic = ICD_MAGIC_CONTEXT;
  c->refs = 1;
  c->notify = notify;
  c->notify_data = user_data;
  for (cl_uint i = 0; i < num_devices; i++) {
    if (!icd_valid_device(devices[i])) {
      rc = CL_INVALID_DEVICE;
      goto out;
    }
    if (icd_context_has(c, devices[i])) continue; /* duplicates are ignored */
    c->devices[c->num_devices++] = devices[i];
    wemu_options o = {0};
    o.mcpu = devices[i]->target->name;
    /* Kernel bug checks (issue 29) are opt-in here, as Oclgrind's are
     * (OCLGRIND_UNINITIALIZED=1): WAVECC_CHECK=poison,race,... A check's
     * report fails the command (CL_OUT_OF_RESOURCES, the report on
     * stderr), which an application does not expect from a working
     * kernel; wavecc-run, a test runner, has poison on by default. An
     * unknown name leaves the checks off. */
    const char *checks = getenv("WAVECC_CHECK");
    if (checks && wemu_check_parse(checks, &o.checks))
      fprintf(stderr, "wavecc-icd: WAVECC_CHECK=%s: unknown check name (poison, race, barrier, bounds, div, align, "
                      "uninit, all); no checks\n", checks);
    if (!(c->emu[devices[i]->index] = wemu_create(&o))) {
      rc = CL_OUT_OF_HOST_MEMORY;
      goto out;
    }
  }
  /* Objects take their dispatch table from the object they come from (so
   * no file but icd_platform.c refers to the table). */
  c->dispatch = devices[0]->dispatch;
  rc = copy_props(c, props);
out:
  if (err) *err = rc;
  if (rc != CL_SUCCESS && c) {
    context_free(c);
    c = NULL;
  }
  return c;
}

void icd_context_retain(cl_context c) { c->refs++; }

void icd_context_release(cl_context c) {
  if (--c->refs == 0) context_free(c);
}

static cl_int CL_API_CALL retain_context(cl_context c) {
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  icd_context_retain(c);
  return CL_SUCCESS;
}

static cl_int CL_API_CALL release_context(cl_context c) {
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  icd_context_release(c);
  return CL_SUCCESS;
}

static cl_int CL_API_CALL get_context_info(cl_context c, cl_context_info what, size_t size, void *value,
                                           size_t *ret) {
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  switch (what) {
  case CL_CONTEXT_REFERENCE_COUNT: return icd_info(value, size, ret, &c->refs, sizeof c->refs);
  case CL_CONTEXT_NUM_DEVICES: return icd_info(value, size, ret, &c->num_devices, sizeof c->num_devices);
  case CL_CONTEXT_DEVICES: return icd_info(value, size, ret, c->devices, c->num_devices * sizeof(cl_device_id));
  case CL_CONTEXT_PROPERTIES: return icd_info(value, size, ret, c->props, c->num_props * sizeof(cl_context_properties));
  default: return CL_INVALID_VALUE;
  }
}

/* ---- command queues ---- */

wemu_device *icd_queue_emu(cl_command_queue q) { return q->context->emu[q->device->index]; }

static cl_command_queue CL_API_CALL create_queue(cl_context c, cl_device_id d, cl_command_queue_properties props,
                                                 cl_int *err) {
  cl_int rc = CL_SUCCESS;
  cl_command_queue q = NULL;
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) rc = CL_INVALID_CONTEXT;
  else if (!icd_valid_device(d) || !icd_context_has(c, d)) rc = CL_INVALID_DEVICE;
  else if (props & ~(cl_command_queue_properties)(CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
    rc = CL_INVALID_VALUE;
  else if (!(q = calloc(1, sizeof *q))) rc = CL_OUT_OF_HOST_MEMORY;
  if (rc == CL_SUCCESS && c->num_queues == c->cap_queues) {
    cl_uint cap = c->cap_queues ? 2 * c->cap_queues : 4;
    cl_command_queue *qs = realloc(c->queues, cap * sizeof *qs);
    if (!qs) {
      free(q);
      q = NULL;
      rc = CL_OUT_OF_HOST_MEMORY;
    } else {
      c->queues = qs;
      c->cap_queues = cap;
    }
  }
  if (err) *err = rc;
  if (rc != CL_SUCCESS) return NULL;
  q->dispatch = c->dispatch;
  q->magic = ICD_MAGIC_QUEUE;
  q->refs = 1;
  q->context = c;
  q->device = d;
  /* Out-of-order queues are accepted and run in order, which the
   * specification allows (the order is one of the valid ones). */
  q->props = props;
  c->queues[c->num_queues++] = q;
  icd_context_retain(c);
  return q;
}

static cl_int CL_API_CALL retain_queue(cl_command_queue q) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  q->refs++;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL release_queue(cl_command_queue q) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (--q->refs > 0) return CL_SUCCESS;
  /* Releasing flushes; commands still waiting (on a user event that is
   * never set) are dropped with it, their events failed. */
  icd_context_progress(q->context);
  while (q->head) {
    icd_cmd *cmd = q->head;
    q->head = cmd->next;
    icd_event_set_status(cmd->event, CL_INVALID_COMMAND_QUEUE);
    for (cl_uint i = 0; i < cmd->num_wait; i++) icd_event_release(cmd->wait[i]);
    free(cmd->wait);
    if (cmd->fini) cmd->fini(cmd);
    icd_event_release(cmd->event);
    free(cmd);
  }
  cl_context c = q->context;
  for (cl_uint i = 0; i < c->num_queues; i++)
    if (c->queues[i] == q) c->queues[i] = c->queues[--c->num_queues];
  q->magic = 0;
  free(q);
  icd_context_release(c);
  return CL_SUCCESS;
}

static cl_int CL_API_CALL get_queue_info(cl_command_queue q, cl_command_queue_info what, size_t size, void *value,
                                         size_t *ret) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  switch (what) {
  case CL_QUEUE_CONTEXT: return icd_info(value, size, ret, &q->context, sizeof q->context);
  case CL_QUEUE_DEVICE: return icd_info(value, size, ret, &q->device, sizeof q->device);
  case CL_QUEUE_REFERENCE_COUNT: return icd_info(value, size, ret, &q->refs, sizeof q->refs);
  case CL_QUEUE_PROPERTIES: return icd_info(value, size, ret, &q->props, sizeof q->props);
  default: return CL_INVALID_VALUE;
  }
}

static cl_int CL_API_CALL set_queue_property(cl_command_queue q, cl_command_queue_properties props, cl_bool enable,
                                             cl_command_queue_properties *old) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (props & ~(cl_command_queue_properties)(CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
    return CL_INVALID_VALUE;
  if (old) *old = q->props;
  q->props = enable ? q->props | props : q->props & ~props;
  return CL_SUCCESS;
}

void icd_table_context(cl_icd_dispatch *t) {
  t->clCreateContext = create_context;
  t->clRetainContext = retain_context;
  t->clReleaseContext = release_context;
  t->clGetContextInfo = get_context_info;
  t->clCreateCommandQueue = create_queue;
  t->clRetainCommandQueue = retain_queue;
  t->clReleaseCommandQueue = release_queue;
  t->clGetCommandQueueInfo = get_queue_info;
  t->clSetCommandQueueProperty = set_queue_property;
}
