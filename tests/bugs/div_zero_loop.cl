/*!
# A signed division in a loop whose divisor reaches 0 (start 3).
[config]
name: div_zero_loop
kernel_name: k
dimensions: 1
[test]
name: divisor counts down to 0
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 0
arg_in: 1 buffer int[64] repeat 3 5 7
!*/
kernel void k(global int *out, global const int *start) {
  int g = get_global_id(0);
  int s = 1000 + g;
  for (int i = 0; i < 4; i++)
    s += s / (start[g] - i); // BUG: div
  out[g] = s;
}
