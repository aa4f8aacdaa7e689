/*!
# A float2 read from LDS at a 2-byte offset.
# (run with --check=align)
[config]
name: align_lds_float2
kernel_name: k
dimensions: 1
[test]
name: 64 work-items
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer float[64] repeat 1.5
!*/
kernel void k(global float *out) {
  local uchar bytes[1024];
  int l = get_local_id(0);
  for (int i = 0; i < 16; i++) bytes[l * 16 + i] = (uchar)i;
  barrier(CLK_LOCAL_MEM_FENCE);
  float2 v = *(local float2 *)(bytes + 2 + 8 * l); // BUG: align
  out[l] = v.x + v.y;
}
