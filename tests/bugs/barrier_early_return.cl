/*!
# Work-items past n return before the barrier the others wait at.
[config]
name: barrier_early_return
kernel_name: k
dimensions: 1
[test]
name: n = 100 of 128
global_size: 128 0 0
local_size: 128 0 0
arg_in: 0 buffer int[128] repeat 0
arg_in: 1 int 40
!*/
kernel void k(global int *out, int n) {
  local int t[128];
  int l = get_local_id(0);
  if (l >= n) return;
  t[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE); // BUG: barrier
  out[l] = t[n - 1 - l];
}
