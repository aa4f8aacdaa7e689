/*!
# Only the first half of the group (one wave of two) reaches the barrier.
[config]
name: barrier_half_group
kernel_name: k
dimensions: 1
[test]
name: 1 group of 128
global_size: 128 0 0
local_size: 128 0 0
arg_in: 0 buffer int[128] repeat 0
!*/
kernel void k(global int *out) {
  local int t[128];
  int l = get_local_id(0);
  t[l] = l;
  if (l < 64) {
    barrier(CLK_LOCAL_MEM_FENCE); // BUG: barrier
    out[l] = t[127 - l];
  }
}
