/*!
# Work-groups write the same global words (no atomics).
[config]
name: race_global_groups_ww
kernel_name: k
dimensions: 1
[test]
name: 4 groups of 64
global_size: 256 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 0
!*/
kernel void k(global int *out) {
  out[get_local_id(0)] = get_group_id(0); // BUG: race
}
