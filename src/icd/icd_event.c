/* Events and the command engine: commands wait in their queue's list and
 * run in submission order once their wait lists are complete; the
 * emulated clock of the queue's device stamps their profiling times.
 *
 * Profiling (CL_QUEUE_PROFILING_ENABLE): the four times are nanoseconds of
 * an emulated clock per context and device that starts at 0 and advances
 * by each command's emulated duration: a kernel by the emulator's cycle
 * estimate at 1 cycle per ns (CL_DEVICE_MAX_CLOCK_FREQUENCY 1000 MHz), a
 * transfer or fill by its bytes at 16 bytes per ns. QUEUED and SUBMIT are
 * the clock when the command was enqueued, START when it ran, END = START
 * plus its duration. Host time spent emulating is not counted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icd/icd.h"

cl_event icd_event_new(cl_context c, cl_command_queue q, cl_command_type type) {
  cl_event e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->dispatch = c->dispatch;
  e->magic = ICD_MAGIC_EVENT;
  e->refs = 1;
  e->context = c;
  e->queue = q;
  e->type = type;
  e->status = q ? CL_QUEUED : CL_SUBMITTED;
  e->profiling = q && (q->props & CL_QUEUE_PROFILING_ENABLE);
  icd_context_retain(c);
  return e;
}

/* Calls the callbacks registered for statuses the event has now reached
 * (an error status reaches CL_COMPLETE), each once. */
static void fire_callbacks(cl_event e) {
  icd_callback **p = &e->callbacks;
  while (*p) {
    icd_callback *cb = *p;
    if (e->status <= cb->when) {
      *p = cb->next;
      void(CL_CALLBACK * fn)(cl_event, cl_int, void *) = (void(CL_CALLBACK *)(cl_event, cl_int, void *))cb->fn;
      fn(e, e->status < 0 ? e->status : cb->when, cb->user_data);
      free(cb);
    } else {
      p = &cb->next;
    }
  }
}

void icd_event_set_status(cl_event e, cl_int status) {
  e->status = status;
  fire_callbacks(e); /* the caller holds a reference across the callbacks */
}

void icd_event_release(cl_event e) {
  if (--e->refs > 0) return;
  while (e->callbacks) {
    icd_callback *cb = e->callbacks;
    e->callbacks = cb->next;
    free(cb);
  }
  cl_context c = e->context;
  e->magic = 0;
  free(e);
  icd_context_release(c);
}

cl_int icd_check_wait_list(cl_command_queue q, cl_uint n, const cl_event *list) {
  if ((n > 0) != (list != NULL)) return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint i = 0; i < n; i++) {
    if (!icd_valid(list[i], ICD_MAGIC_EVENT)) return CL_INVALID_EVENT_WAIT_LIST;
    if (list[i]->context != q->context) return CL_INVALID_CONTEXT;
  }
  return CL_SUCCESS;
}

static void cmd_free(icd_cmd *c) {
  for (cl_uint i = 0; i < c->num_wait; i++) icd_event_release(c->wait[i]);
  free(c->wait);
  if (c->fini) c->fini(c);
  icd_event_release(c->event);
  free(c);
}

/* Runs the head command of q if its wait list is complete; returns 1 when
 * it ran (or failed), 0 when it has to wait or the queue is empty. */
static int run_head(cl_command_queue q) {
  icd_cmd *c = q->head;
  if (!c) return 0;
  cl_int status = CL_SUCCESS;
  for (cl_uint i = 0; i < c->num_wait; i++) {
    if (c->wait[i]->status > CL_COMPLETE) return 0;
    if (c->wait[i]->status < 0) status = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  }
  q->head = c->next;
  if (!q->head) q->tail = NULL;
  uint64_t *clock = &q->context->clock_ns[q->device->index];
  cl_event e = c->event;
  e->times[1] = e->times[0];
  icd_event_set_status(e, CL_SUBMITTED);
  e->times[2] = *clock;
  icd_event_set_status(e, CL_RUNNING);
  if (status == CL_SUCCESS) status = c->run(q, c);
  *clock += c->cost_ns;
  e->times[3] = *clock;
  icd_event_set_status(e, status);
  cmd_free(c);
  return 1;
}

void icd_context_progress(cl_context c) {
  for (int progress = 1; progress;) {
    progress = 0;
    for (cl_uint i = 0; i < c->num_queues; i++)
      while (run_head(c->queues[i])) progress = 1;
  }
}

cl_int icd_enqueue(cl_command_queue q, cl_command_type type, cl_uint num_wait, const cl_event *wait,
                   cl_event *event_out, int blocking, icd_run_fn run, void (*fini)(icd_cmd *), void *payload) {
  icd_cmd *c = calloc(1, sizeof *c);
  cl_event *w = num_wait ? malloc(num_wait * sizeof *w) : NULL;
  cl_event e = icd_event_new(q->context, q, type);
  if (!c || (num_wait && !w) || !e) {
    free(c), free(w);
    if (e) icd_event_release(e);
    icd_cmd tmp = {.payload = payload};
    if (fini) fini(&tmp);
    return CL_OUT_OF_HOST_MEMORY;
  }
  for (cl_uint i = 0; i < num_wait; i++) {
    w[i] = wait[i];
    w[i]->refs++;
  }
  *c = (icd_cmd){.event = e, .num_wait = num_wait, .wait = w, .run = run, .fini = fini, .payload = payload};
  e->times[0] = q->context->clock_ns[q->device->index];
  if (q->tail) q->tail->next = c;
  else q->head = c;
  q->tail = c;
  if (event_out) {
    e->refs++;
    *event_out = e;
  }
  e->refs++; /* held across progress, which may free the command */
  icd_context_progress(q->context);
  cl_int rc = CL_SUCCESS;
  if (blocking && e->status != CL_COMPLETE) rc = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  icd_event_release(e);
  return rc;
}

/* ---- API ---- */

static cl_int CL_API_CALL wait_for_events(cl_uint n, const cl_event *list) {
  if (n == 0 || !list) return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < n; i++) {
    if (!icd_valid(list[i], ICD_MAGIC_EVENT)) return CL_INVALID_EVENT;
    if (list[i]->context != list[0]->context) return CL_INVALID_CONTEXT;
  }
  icd_context_progress(list[0]->context);
  cl_int rc = CL_SUCCESS;
  for (cl_uint i = 0; i < n; i++)
    if (list[i]->status != CL_COMPLETE) rc = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  return rc;
}

static cl_int CL_API_CALL get_event_info(cl_event e, cl_event_info what, size_t size, void *value, size_t *ret) {
  if (!icd_valid(e, ICD_MAGIC_EVENT)) return CL_INVALID_EVENT;
  switch (what) {
  case CL_EVENT_COMMAND_QUEUE: return icd_info(value, size, ret, &e->queue, sizeof e->queue);
  case CL_EVENT_CONTEXT: return icd_info(value, size, ret, &e->context, sizeof e->context);
  case CL_EVENT_COMMAND_TYPE: return icd_info(value, size, ret, &e->type, sizeof e->type);
  case CL_EVENT_COMMAND_EXECUTION_STATUS: return icd_info(value, size, ret, &e->status, sizeof e->status);
  case CL_EVENT_REFERENCE_COUNT: return icd_info(value, size, ret, &e->refs, sizeof e->refs);
  default: return CL_INVALID_VALUE;
  }
}

static cl_int CL_API_CALL get_event_profiling_info(cl_event e, cl_profiling_info what, size_t size, void *value,
                                                   size_t *ret) {
  if (!icd_valid(e, ICD_MAGIC_EVENT)) return CL_INVALID_EVENT;
  if (!e->profiling || e->status != CL_COMPLETE)
    return CL_PROFILING_INFO_NOT_AVAILABLE;
  if (what < CL_PROFILING_COMMAND_QUEUED || what > CL_PROFILING_COMMAND_END) return CL_INVALID_VALUE;
  return icd_info(value, size, ret, &e->times[what - CL_PROFILING_COMMAND_QUEUED], sizeof(cl_ulong));
}

static cl_int CL_API_CALL retain_event(cl_event e) {
  if (!icd_valid(e, ICD_MAGIC_EVENT)) return CL_INVALID_EVENT;
  e->refs++;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL release_event(cl_event e) {
  if (!icd_valid(e, ICD_MAGIC_EVENT)) return CL_INVALID_EVENT;
  icd_event_release(e);
  return CL_SUCCESS;
}

static cl_event CL_API_CALL create_user_event(cl_context c, cl_int *err) {
  if (!icd_valid(c, ICD_MAGIC_CONTEXT)) {
    if (err) *err = CL_INVALID_CONTEXT;
    return NULL;
  }
  cl_event e = icd_event_new(c, NULL, CL_COMMAND_USER);
  if (err) *err = e ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;
  return e;
}

static cl_int CL_API_CALL set_user_event_status(cl_event e, cl_int status) {
  if (!icd_valid(e, ICD_MAGIC_EVENT) || e->queue) return CL_INVALID_EVENT;
  if (status > CL_COMPLETE) return CL_INVALID_VALUE;
  if (e->status != CL_SUBMITTED) return CL_INVALID_OPERATION; /* set once */
  icd_event_set_status(e, status);
  icd_context_progress(e->context);
  return CL_SUCCESS;
}

static cl_int CL_API_CALL set_event_callback(cl_event e, cl_int type,
                                             void(CL_CALLBACK *fn)(cl_event, cl_int, void *), void *data) {
  if (!icd_valid(e, ICD_MAGIC_EVENT)) return CL_INVALID_EVENT;
  if (!fn || (type != CL_COMPLETE && type != CL_SUBMITTED && type != CL_RUNNING)) return CL_INVALID_VALUE;
  icd_callback *cb = calloc(1, sizeof *cb);
  if (!cb) return CL_OUT_OF_HOST_MEMORY;
  cb->when = type;
  cb->fn = (void *)fn;
  cb->user_data = data;
  cb->next = e->callbacks;
  e->callbacks = cb;
  fire_callbacks(e); /* already reached: called now */
  return CL_SUCCESS;
}

static cl_int CL_API_CALL flush(cl_command_queue q) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  icd_context_progress(q->context);
  return CL_SUCCESS;
}

/* Runs what can run; commands left wait on user events nobody has set
 * (a real device would block forever): reported, not waited for. */
static cl_int CL_API_CALL finish(cl_command_queue q) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  icd_context_progress(q->context);
  return q->head ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
}

cl_int icd_run_nothing(cl_command_queue q, icd_cmd *c) {
  (void)q, (void)c;
  return CL_SUCCESS;
}

/* A marker or barrier: in an in-order queue both wait for everything
 * before them, which submission order gives; with a wait list, for it. */
static cl_int marker(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *list, cl_event *event) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  cl_int rc = icd_check_wait_list(q, n, list);
  if (rc != CL_SUCCESS) return rc;
  return icd_enqueue(q, type, n, list, event, 0, icd_run_nothing, NULL, NULL);
}

static cl_int CL_API_CALL marker_with_wait_list(cl_command_queue q, cl_uint n, const cl_event *list, cl_event *ev) {
  return marker(q, CL_COMMAND_MARKER, n, list, ev);
}

static cl_int CL_API_CALL barrier_with_wait_list(cl_command_queue q, cl_uint n, const cl_event *list, cl_event *ev) {
  return marker(q, CL_COMMAND_BARRIER, n, list, ev);
}

static cl_int CL_API_CALL marker_10(cl_command_queue q, cl_event *ev) {
  if (!ev) return CL_INVALID_VALUE;
  return marker(q, CL_COMMAND_MARKER, 0, NULL, ev);
}

static cl_int CL_API_CALL barrier_10(cl_command_queue q) { return marker(q, CL_COMMAND_BARRIER, 0, NULL, NULL); }

static cl_int CL_API_CALL wait_for_events_10(cl_command_queue q, cl_uint n, const cl_event *list) {
  if (!icd_valid(q, ICD_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (n == 0 || !list) return CL_INVALID_VALUE;
  cl_int rc = icd_check_wait_list(q, n, list);
  return rc == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT
         : rc != CL_SUCCESS               ? rc
                                          : marker(q, CL_COMMAND_BARRIER, n, list, NULL);
}

void icd_table_event(cl_icd_dispatch *t) {
  t->clWaitForEvents = wait_for_events;
  t->clGetEventInfo = get_event_info;
  t->clGetEventProfilingInfo = get_event_profiling_info;
  t->clRetainEvent = retain_event;
  t->clReleaseEvent = release_event;
  t->clCreateUserEvent = create_user_event;
  t->clSetUserEventStatus = set_user_event_status;
  t->clSetEventCallback = set_event_callback;
  t->clFlush = flush;
  t->clFinish = finish;
  t->clEnqueueMarkerWithWaitList = marker_with_wait_list;
  t->clEnqueueBarrierWithWaitList = barrier_with_wait_list;
  t->clEnqueueMarker = marker_10;
  t->clEnqueueBarrier = barrier_10;
  t->clEnqueueWaitForEvents = wait_for_events_10;
}
