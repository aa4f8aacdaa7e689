/*!
# A remainder by a kernel argument that is 0.
[config]
name: div_zero_scalar
kernel_name: k
dimensions: 1
[test]
name: m = 0
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 0
arg_in: 1 int 0
!*/
kernel void k(global int *out, int m) {
  int g = get_global_id(0);
  out[g] = g % m; // BUG: div
}
