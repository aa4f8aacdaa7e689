/*!
# A histogram with plain increments in a loop (needs atomic_inc).
[config]
name: race_global_loop
kernel_name: k
dimensions: 1
[test]
name: 2 groups of 64
global_size: 128 0 0
local_size: 64 0 0
arg_in: 0 buffer uchar[1024] random
arg_in: 1 buffer int[16] repeat 0
!*/
kernel void k(global const uchar *data, global int *hist) {
  int g = get_global_id(0);
  for (int i = 0; i < 8; i++) {
    int b = data[g * 8 + i] & 15;
    hist[b] = hist[b] + 1; // BUG: race
  }
}
