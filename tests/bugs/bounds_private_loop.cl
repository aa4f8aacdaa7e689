/*!
# An off-by-n loop over a private array (the bound comes from the host).
[config]
name: bounds_private_loop
kernel_name: k
dimensions: 1
[test]
name: n = 72 of 64
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 0
arg_in: 1 int 72
arg_in: 2 buffer int[64] repeat 3
!*/
kernel void k(global int *out, int n, global const int *sel) {
  int a[64];
  int g = get_global_id(0);
  for (int i = 0; i < n; i++) a[i] = g + i; // BUG: bounds
  out[g] = a[sel[g] & 63];
}
