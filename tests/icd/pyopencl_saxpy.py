#!/usr/bin/env python3
"""PyOpenCL on the wavecc platform (issue 30): builds a kernel with a
build option, runs it over an NDRange with a __local scratch argument and
checks the result against numpy on the host."""
import sys

import numpy as np
import pyopencl as cl

platforms = [p for p in cl.get_platforms() if p.name == "wavecc"]
if not platforms:
    sys.exit("pyopencl_saxpy: no wavecc platform (OCL_ICD_VENDORS?)")
dev = platforms[0].get_devices()[0]
ctx = cl.Context([dev])
queue = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
src = """
__kernel void saxpy_sum(float a, __global const float *x, __global float *y,
                        __global float *sums, __local float *tmp) {
  size_t i = get_global_id(0), l = get_local_id(0);
  y[i] = a * x[i] + y[i] + OFFSET;
  tmp[l] = y[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
    if (l < s) tmp[l] += tmp[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) sums[get_group_id(0)] = tmp[0];
}
"""
prog = cl.Program(ctx, src).build(options=["-DOFFSET=1.0f"])
n, wg = 4096, 128
# a * x is exact in float32, so a contracted a * x + y (fma) rounds once
# like numpy's separate multiply and add
x = np.arange(n, dtype=np.float32) / 8
y = np.linspace(-3, 3, n).astype(np.float32)
mf = cl.mem_flags
xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
yb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
sb = cl.Buffer(ctx, mf.WRITE_ONLY, size=(n // wg) * 4)
ev = prog.saxpy_sum(queue, (n,), (wg,), np.float32(2.5), xb, yb, sb, cl.LocalMemory(wg * 4))
out = np.empty_like(y)
sums = np.empty(n // wg, dtype=np.float32)
cl.enqueue_copy(queue, out, yb)
cl.enqueue_copy(queue, sums, sb)
queue.finish()
want = np.float32(2.5) * x + y + np.float32(1.0)
if not np.array_equal(out, want):
    sys.exit("pyopencl_saxpy: y differs from the host's saxpy")
if not np.allclose(sums, want.reshape(-1, wg).sum(axis=1), rtol=1e-5):
    sys.exit("pyopencl_saxpy: work-group sums differ")
if ev.profile.end < ev.profile.start:
    sys.exit("pyopencl_saxpy: profiling end before start")
print(f"pyopencl_saxpy: passed on {dev.name} ({ev.profile.end - ev.profile.start} emulated ns)")
