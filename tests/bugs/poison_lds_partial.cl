/*!
# A buggy kernel for wavecc-run --check (tests/bugs/README.md): only even
# work-items fill the LDS tile, every work-item reads its neighbour's entry.
[config]
name: poison_lds_partial
kernel_name: k
dimensions: 1
[test]
name: half the tile written
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer int[64] repeat 1 2 3
arg_in: 1 buffer int[64] repeat 0
!*/
kernel void k(global const int *in, global int *out) {
  local int tile[64];
  int l = get_local_id(0);
  if ((l & 1) == 0) tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[l ^ 1]; // BUG: poison
}
