/* Events: status, user events gating commands across two queues, error
 * propagation through wait lists, callbacks, markers and barriers,
 * profiling times, and an emulator fault ending a command with an error
 * status (the host carries on). */
#include "icd_test.h"

static const char *src =
    "__kernel void inc(__global int *p) { p[get_global_id(0)] += 1; }\n"
    "__kernel void oob(__global int *p) { p[get_global_id(0) + 100000000] = 1; }\n";

static void CL_CALLBACK on_event(cl_event ev, cl_int status, void *data) {
  (void)ev;
  int *d = data;
  d[0]++;
  d[1] = status;
}

static void user_events(icd_env *e) {
  cl_int err;
  cl_command_queue q2 = clCreateCommandQueue(e->context, e->device, 0, &err);
  OK(err);
  int v[4] = {1, 2, 3, 4}, out[4] = {0};
  cl_mem b = clCreateBuffer(e->context, 0, sizeof v, NULL, &err);
  cl_event gate = clCreateUserEvent(e->context, &err);
  OK(err);
  cl_event wrote, read;
  OK(clEnqueueWriteBuffer(e->queue, b, CL_FALSE, 0, sizeof v, v, 1, &gate, &wrote));
  OK(clEnqueueReadBuffer(q2, b, CL_FALSE, 0, sizeof out, out, 1, &wrote, &read));
  cl_int st = 0;
  OK(clGetEventInfo(wrote, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  CHECK(st == CL_QUEUED);
  int calls[2] = {0, 99};
  OK(clSetEventCallback(read, CL_COMPLETE, on_event, calls));
  CHECK(calls[0] == 0 && out[3] == 0);
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  EXPECT(CL_INVALID_OPERATION, clSetUserEventStatus(gate, CL_COMPLETE)); /* set once */
  OK(clWaitForEvents(1, &read));
  CHECK(out[0] == 1 && out[3] == 4);
  CHECK(calls[0] == 1 && calls[1] == CL_COMPLETE);
  cl_command_type type = 0;
  OK(clGetEventInfo(read, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_READ_BUFFER);
  /* a callback on a complete event runs at once */
  OK(clSetEventCallback(wrote, CL_COMPLETE, on_event, calls));
  CHECK(calls[0] == 2);
  OK(clReleaseEvent(wrote));
  OK(clReleaseEvent(read));
  OK(clReleaseEvent(gate));
  /* a failed user event fails the commands waiting on it */
  cl_event bad = clCreateUserEvent(e->context, &err), marker;
  OK(clEnqueueMarkerWithWaitList(q2, 1, &bad, &marker));
  OK(clSetUserEventStatus(bad, -1234));
  OK(clGetEventInfo(marker, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  CHECK(st == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &marker));
  OK(clReleaseEvent(marker));
  OK(clReleaseEvent(bad));
  EXPECT(CL_INVALID_EVENT, clSetUserEventStatus(NULL, CL_COMPLETE));
  EXPECT(CL_INVALID_VALUE, clWaitForEvents(0, NULL));
  OK(clReleaseMemObject(b));
  OK(clReleaseCommandQueue(q2));
}

static void profiling_and_markers(icd_env *e, cl_program p) {
  cl_int err;
  int data[256] = {0};
  cl_mem b = clCreateBuffer(e->context, CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
  cl_kernel k = clCreateKernel(p, "inc", &err);
  OK(clSetKernelArg(k, 0, sizeof b, &b));
  size_t g = 256, l = 64;
  cl_event ev[3];
  OK(clEnqueueNDRangeKernel(e->queue, k, 1, NULL, &g, &l, 0, NULL, &ev[0]));
  OK(clEnqueueBarrierWithWaitList(e->queue, 1, &ev[0], NULL));
  OK(clEnqueueNDRangeKernel(e->queue, k, 1, NULL, &g, &l, 1, &ev[0], &ev[1]));
  OK(clEnqueueMarkerWithWaitList(e->queue, 0, NULL, &ev[2]));
  OK(clFinish(e->queue));
  cl_ulong t[4];
  for (int i = 0; i < 4; i++)
    OK(clGetEventProfilingInfo(ev[1], CL_PROFILING_COMMAND_QUEUED + i, sizeof t[i], &t[i], NULL));
  CHECK(t[0] <= t[1] && t[1] <= t[2] && t[2] < t[3]);
  cl_ulong end0 = 0;
  OK(clGetEventProfilingInfo(ev[0], CL_PROFILING_COMMAND_END, sizeof end0, &end0, NULL));
  CHECK(end0 <= t[2]); /* in order on the emulated clock */
  EXPECT(CL_INVALID_VALUE, clGetEventProfilingInfo(ev[1], 0x1234, sizeof end0, &end0, NULL));
  cl_command_type type = 0;
  OK(clGetEventInfo(ev[2], CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_MARKER);
  OK(clEnqueueReadBuffer(e->queue, b, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
  CHECK(data[0] == 2 && data[255] == 2);
  for (int i = 0; i < 3; i++) OK(clReleaseEvent(ev[i]));
  /* without CL_QUEUE_PROFILING_ENABLE there are no times */
  cl_command_queue plain = clCreateCommandQueue(e->context, e->device, 0, &err);
  cl_event pe;
  OK(clEnqueueMarker(plain, &pe));
  OK(clFinish(plain));
  EXPECT(CL_PROFILING_INFO_NOT_AVAILABLE, clGetEventProfilingInfo(pe, CL_PROFILING_COMMAND_END, sizeof end0, &end0, NULL));
  OK(clReleaseEvent(pe));
  OK(clReleaseCommandQueue(plain));
  OK(clReleaseKernel(k));
  OK(clReleaseMemObject(b));
}

/* An out-of-bounds store: the command ends with an error status and a
 * diagnostic on stderr; the queue and context go on working. */
static void fault(icd_env *e, cl_program p) {
  cl_int err;
  int data[64] = {0};
  cl_mem b = clCreateBuffer(e->context, CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
  cl_kernel k = clCreateKernel(p, "oob", &err);
  OK(clSetKernelArg(k, 0, sizeof b, &b));
  size_t g = 64;
  cl_event ev;
  int calls[2] = {0, 0};
  OK(clEnqueueNDRangeKernel(e->queue, k, 1, NULL, &g, &g, 0, NULL, &ev));
  OK(clSetEventCallback(ev, CL_COMPLETE, on_event, calls));
  cl_int st = 0;
  OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  CHECK(st < 0);
  CHECK(calls[0] == 1 && calls[1] == st);
  EXPECT(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &ev));
  cl_kernel inc = clCreateKernel(p, "inc", &err);
  OK(clSetKernelArg(inc, 0, sizeof b, &b));
  OK(clEnqueueNDRangeKernel(e->queue, inc, 1, NULL, &g, &g, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(e->queue, b, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
  CHECK(data[0] == 1 && data[63] == 1);
  OK(clReleaseEvent(ev));
  OK(clReleaseKernel(k));
  OK(clReleaseKernel(inc));
  OK(clReleaseMemObject(b));
}

int main(void) {
  icd_env e = icd_setup(CL_QUEUE_PROFILING_ENABLE);
  cl_program p = icd_build(&e, src, NULL);
  user_events(&e);
  profiling_and_markers(&e, p);
  fault(&e, p);
  OK(clReleaseProgram(p));
  icd_teardown(&e);
  return icd_done("test_events");
}
