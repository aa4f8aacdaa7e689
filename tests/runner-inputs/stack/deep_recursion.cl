/*!
[config]
name: recursion 2000 deep (16 bytes a frame) overflows the default 16 KiB dynamic stack
# The emulator only (PoCL cannot run recursive kernels; llc-19 sizes no
# dynamic stack for it). ctest: runner.stack-overflow expects the error
# naming the overflow; runner.stack-size gives it room and expects the
# sum, 2000 * 2001 / 2.
device_regex: gfx900
kernel_name: k
dimensions: 1
global_size: 64 0 0
local_size: 64 0 0

[test]
name: depth 2000
arg_in: 0 buffer uint[2] 2000 1
arg_out: 1 buffer uint[64] repeat 2001000
!*/
__attribute__((noinline)) uint sum(uint n, global const uint *d) {
  if (n == 0) return 0;
  uint r = sum(n - 1, d);
  return r * d[0] + n; /* work after the call: not a loop */
}
kernel void k(global const uint *d, global uint *out) { out[get_global_id(0)] = sum(d[0], d + 1); }
