/*!
[config]
name: lds_cmpxchg_noreturn
dimensions: 1

[test]
name: lds cmpxchg without a used result, even lanes swap
kernel_name: k_lds_cas_noreturn
global_size: 64 0 0
local_size: 64 0 0
arg_out: 0 buffer uint[64] 100 1 102 3 104 5 106 7 108 9 110 11 112 13 114 15 \
    116 17 118 19 120 21 122 23 124 25 126 27 128 29 130 31 \
    132 33 134 35 136 37 138 39 140 41 142 43 144 45 146 47 \
    148 49 150 51 152 53 154 55 156 57 158 59 160 61 162 63
!*/
/* A local-memory compare-and-swap whose old value nobody reads selects
 * the non-returning DS form: ds_cmpst_b32 (compare first) on GFX9/GFX10,
 * ds_cmpstore_b32 (new value first) on GFX11, where ds_cmpst_b32 is gone:
 * wavecc picked ds_cmpst_b32 at gfx1100 and refused the kernel ("does not
 * exist on gfx1100"). Even lanes compare equal and store 100 + i, odd
 * lanes keep i; swapped operands would leave every lane at i.
 * Expected values by hand: out[i] = i even ? 100 + i : i. */
kernel void k_lds_cas_noreturn(global uint *out) {
  local uint l[64];
  uint i = get_local_id(0);
  l[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_cmpxchg(&l[i], (i & 1) ? i + 1 : i, 100 + i);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = l[i];
}
