/*!
# An unwritten private entry used as an index (an address).
[config]
name: poison_private_address
kernel_name: k
dimensions: 1
[test]
name: index from the unwritten entry
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 45
arg_in: 1 buffer int[64] repeat 0
!*/
kernel void k(global const int *idx, global int *out) {
  int a[64];
  int g = get_global_id(0);
  for (int i = 0; i < 32; i++) a[i] = i;
  int j = a[idx[g] & 63];
  out[j & 63] = g; // BUG: poison
}
