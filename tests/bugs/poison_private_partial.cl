/*!
# A private array initialised up to 32 of 64 entries, read at a data index.
[config]
name: poison_private_partial
kernel_name: k
dimensions: 1
[test]
name: idx reaches the unwritten half
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 0 10 20 30 40 50 60 63
arg_in: 1 buffer int[64] repeat 0
!*/
kernel void k(global const int *idx, global int *out) {
  int a[64];
  int g = get_global_id(0);
  for (int i = 0; i < 32; i++) a[i] = g + i;
  out[g] = a[idx[g] & 63]; // BUG: poison
}
