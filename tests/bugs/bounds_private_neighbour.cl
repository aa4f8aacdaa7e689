/*!
# An off-by-one loop bound (<= instead of <) writes one element past a
# private array; the write lands in the next private object, inside the
# private segment, so only the per-object bounds (wavecc's frame layout,
# the code object's .wavecc.checks) find it: llc-19's code objects have no
# such records (run_bugs.py runs the file with wavecc only).
[config]
name: bounds_private_neighbour
kernel_name: k
dimensions: 1
[test]
name: n = 64
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 64
arg_in: 1 buffer int[64] repeat 0
!*/
kernel void k(global const int *n, global int *out) {
  int a[64];
  int b[64];
  int g = get_global_id(0);
  for (int i = 0; i < 64; i++) {
    a[i] = g + i;
    b[i] = g * i;
  }
  int m = n[g];
  for (int i = 0; i <= m; i++) /* <= : one too many */
    a[i] = a[i] * 2 + g; // BUG: bounds (wavecc)
  out[g] = a[(g * 5) & 63] + b[(g * 3) & 63];
}
