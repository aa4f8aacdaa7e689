/*!
# A private array written at a data-dependent index far past its end.
[config]
name: bounds_private_index
kernel_name: k
dimensions: 1
[test]
name: index 100 of 64
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 100
arg_in: 1 buffer int[64] repeat 0
!*/
kernel void k(global const int *idx, global int *out) {
  int a[64];
  int g = get_global_id(0);
  for (int i = 0; i < 64; i++) a[i] = g + i;
  a[idx[g]] = 7; // BUG: bounds
  out[g] = a[(g * 7) & 63];
}
