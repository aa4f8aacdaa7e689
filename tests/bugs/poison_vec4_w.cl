/*!
# A buggy kernel for wavecc-run --check (run_bugs.py): the .w of a uint4
# comes from LDS no work-item wrote (only even work-items fill the tile,
# each reads its neighbour's entry). The poison check exempted the fourth
# dword of every 16-byte global store (for llc-19's float3 stores, whose
# padding register nothing writes), so this undefined read went unreported
# (and the test passed where the emulator's LDS happened to hold the
# expected 0). Now only a never-written padding lane is exempt.
[config]
name: poison_vec4_w
kernel_name: k
dimensions: 1
[test]
name: w from never-written LDS
global_size: 64 0 0
local_size: 64 0 0
arg_in: 0 buffer uint[64] repeat 5
arg_in: 1 buffer uint4[64] repeat 9 9 9 9
!*/
kernel void k(global const uint *in, global uint4 *out) {
  local uint tile[64];
  uint l = get_local_id(0);
  if ((l & 1) == 0) tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint4 v = (uint4)(1, 2, 3, tile[l ^ 1]);
  out[get_global_id(0)] = v; // BUG: poison
}
