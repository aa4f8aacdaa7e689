/*!
# A read one element past a private array at an index from a kernel
# argument (straight-line code, uniform index): it reads the next private
# object, inside the private segment.
[config]
name: bounds_private_read_next
kernel_name: k
dimensions: 1
[test]
name: i = 64
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 0
arg_in: 1 int 64
!*/
kernel void k(global int *out, int i) {
  int a[64];
  int b[64];
  int g = get_global_id(0);
  for (int j = 0; j < 64; j++) {
    a[j] = g ^ j;
    b[j] = g + j;
  }
  out[g] = a[i] + b[(g * 5) & 63]; // BUG: bounds (wavecc)
}
