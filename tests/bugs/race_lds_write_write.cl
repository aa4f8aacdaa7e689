/*!
# Every work-item writes the same LDS word (straight-line, between waves).
[config]
name: race_lds_write_write
kernel_name: k
dimensions: 1
[test]
name: 128 work-items
global_size: 128 0 0
local_size: 128 0 0
arg_in: 0 buffer int[128] repeat 0
!*/
kernel void k(global int *out) {
  local int last;
  last = get_local_id(0); // BUG: race
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = last;
}
