/*!
# A barrier inside a branch that splits one wave's work-items.
[config]
name: barrier_lanes
kernel_name: k
dimensions: 1
[test]
name: 1 group of 64
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 3
arg_in: 1 buffer int[64] repeat 0
!*/
kernel void k(global const int *in, global int *out) {
  local int t[64];
  int l = get_local_id(0);
  t[l] = in[l];
  if (in[l] > l) {
    barrier(CLK_LOCAL_MEM_FENCE); // BUG: barrier
    out[l] = t[63 - l];
  }
}
