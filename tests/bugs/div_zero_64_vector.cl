/*!
# A 64-bit unsigned remainder by a divisor read per work-item, 0 for
# some of them (divergent divisor, inside a loop).
[config]
name: div_zero_64_vector
kernel_name: k
dimensions: 1
[test]
name: every fourth divisor 0
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer ulong[64] repeat 1 2 3 0
arg_in: 1 buffer ulong[64] repeat 0
!*/
kernel void k(global const ulong *d, global ulong *out) {
  int g = get_global_id(0);
  ulong acc = 0;
  for (int i = 0; i < 4; i++)
    acc += ((ulong)(g + i) << 40) % d[g]; // BUG: div (wavecc)
  out[g] = acc;
}
