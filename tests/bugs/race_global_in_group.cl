/*!
# Two waves of one group accumulate into the same global words without atomics.
[config]
name: race_global_in_group
kernel_name: k
dimensions: 1
[test]
name: 1 group of 128
global_size: 128 0 0
local_size: 128 0 0
arg_in: 0 buffer int[64] repeat 0
!*/
kernel void k(global int *out) {
  int l = get_local_id(0);
  out[l & 63] += l; // BUG: race
}
