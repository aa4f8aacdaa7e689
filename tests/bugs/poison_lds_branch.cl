/*!
# Only the first wave writes its flags: the second half of the branch reads
# undefined data.
[config]
name: poison_lds_branch
kernel_name: k
dimensions: 1
[test]
name: flag never written
global_size: 128 0 0
local_size: 128 0 0
arg_in: 0 buffer int[128] repeat 0
!*/
kernel void k(global int *out) {
  local int flag[128];
  int l = get_local_id(0);
  if (l < 64) flag[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (flag[l ^ 64] > 0) // BUG: poison
    out[get_global_id(0)] = 1;
}
