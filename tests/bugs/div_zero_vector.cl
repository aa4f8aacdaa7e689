/*!
# Integer division by a divisor that is 0 for some work-items.
[config]
name: div_zero_vector
kernel_name: k
dimensions: 1
[test]
name: every 8th divisor 0
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer uint[64] repeat 100
arg_in: 1 buffer uint[64] repeat 1 2 3 4 5 6 7 0
arg_in: 2 buffer uint[64] repeat 0
!*/
kernel void k(global const uint *a, global const uint *b, global uint *out) {
  int g = get_global_id(0);
  out[g] = a[g] / b[g]; // BUG: div
}
