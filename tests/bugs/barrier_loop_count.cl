/*!
# A loop with a barrier whose trip count differs between waves.
[config]
name: barrier_loop_count
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
  int n = l < 64 ? 2 : 3;
  int acc = 0;
  for (int i = 0; i < n; i++) {
    t[l] = acc + i;
    barrier(CLK_LOCAL_MEM_FENCE); // BUG: barrier
    acc += t[l ^ 1];
  }
  out[l] = acc;
}
