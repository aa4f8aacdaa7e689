/*!
# A sum over an LDS tile whose last quarter nobody wrote (loop).
[config]
name: poison_lds_loop
kernel_name: k
dimensions: 1
[test]
name: tile 3/4 written
global_size: 256 0 0
local_size: 256 0 0
arg_in: 0 buffer int[256] repeat 1
arg_in: 1 buffer int[256] repeat 0
!*/
kernel void k(global const int *in, global int *out) {
  local int tile[256];
  int l = get_local_id(0);
  if (l < 192) tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  int s = 0;
  for (int i = 0; i < 256; i += 64) s += tile[(l + i) & 255];
  out[get_global_id(0)] = s; // BUG: poison
}
