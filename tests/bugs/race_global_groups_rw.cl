/*!
# Each group reads the slice the next group writes (a shift in place).
[config]
name: race_global_groups_rw
kernel_name: k
dimensions: 1
[test]
name: 4 groups of 64
global_size: 256 0 0
local_size: 64 0 0
arg_in: 0 buffer int[320] repeat 1 2 3
!*/
kernel void k(global int *a) {
  int g = get_global_id(0);
  int v = a[g + 64];
  a[g] = v; // BUG: race
}
