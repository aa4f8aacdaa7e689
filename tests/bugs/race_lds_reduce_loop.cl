/*!
# A tree reduction in LDS with the barrier outside the loop instead of in it.
[config]
name: race_lds_reduce_loop
kernel_name: k
dimensions: 1
[test]
name: 256 work-items
global_size: 256 0 0
local_size: 256 0 0
arg_in: 0 buffer int[256] repeat 1
arg_in: 1 buffer int[1] 0
!*/
kernel void k(global const int *in, global int *out) {
  local int s[256];
  int l = get_local_id(0);
  s[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int h = 128; h > 0; h >>= 1) {
    if (l < h) s[l] += s[l + h]; // BUG: race
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) out[0] = s[0];
}
