/*!
# The poison check through llc-19's M0-relative VGPR moves (RDNA: a small
# private array held in VGPRs, written with v_movreld_b32 and read with
# v_movrels_b32 at uniform indices): only the two entries written are
# defined (tests/CMakeLists.txt bugs.poison-movrel.CPU).
[config]
name: poison_movrel
kernel_name: k
device_regex: gfx1030|gfx1100
dimensions: 1
[test]
name: reads a written entry
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 5
arg_out: 1 buffer int[64] repeat 6
arg_in: 2 int 2
arg_in: 3 int 3
[test]
name: reads a never-written entry
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 5
arg_out: 1 buffer int[64] repeat 6
arg_in: 2 int 2
arg_in: 3 int 5
!*/
kernel void k(global const int *in, global int *out, int w, int r) {
  int a[8];
  int g = get_global_id(0);
  a[w & 7] = in[g];
  a[(w + 1) & 7] = in[g] + 1;
  out[g] = a[r & 7]; // BUG: poison (second test)
}
