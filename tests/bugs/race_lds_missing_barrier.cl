/*!
# Reverse through LDS without the barrier between the write and the read
# (two waves: the emulator's fixed wave order still gives the right answer).
[config]
name: race_lds_missing_barrier
kernel_name: k
dimensions: 1
[test]
name: 128 work-items
global_size: 128 0 0
local_size: 128 0 0
arg_in: 0 buffer int[128] repeat 1 2 3 4
arg_in: 1 buffer int[128] repeat 0
!*/
kernel void k(global const int *in, global int *out) {
  local int tile[128];
  int l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  out[get_global_id(0)] = tile[127 - l]; // BUG: race
}
