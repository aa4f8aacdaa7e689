/*!
# An int read through a char pointer two bytes into the buffer.
# (run with --check=align)
[config]
name: align_global_int
kernel_name: k
dimensions: 1
[test]
name: 64 work-items
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer uchar[272] random
arg_in: 1 buffer int[64] repeat 0
!*/
kernel void k(global const uchar *p, global int *out) {
  int g = get_global_id(0);
  out[g] = *(global const int *)(p + 2 + 4 * g); // BUG: align
}
