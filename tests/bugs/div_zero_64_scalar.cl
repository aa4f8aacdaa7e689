/*!
# A 64-bit division by a kernel argument that is 0 (uniform divisor).
# 64-bit division is not expanded through v_rcp_iflag_f32, so only
# wavecc -fcheck-div's test (wavecc-run --check=div) finds it.
[config]
name: div_zero_64_scalar
kernel_name: k
dimensions: 1
[test]
name: d = 0
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer long[64] repeat 0
arg_in: 1 long 0
!*/
kernel void k(global long *out, long d) {
  long g = get_global_id(0);
  out[g] = (g << 33) / d; // BUG: div (wavecc)
}
