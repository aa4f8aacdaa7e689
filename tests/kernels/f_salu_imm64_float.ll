; # A 64-bit SALU operand's inline float constant is the f64 pattern:
; # llc-19 selects a uniform shl i64 0x3ff0000000000000, %a as
; # s_lshl_b64 s[..], 1.0, s2 (LLVM 19's shl.ll s_shl_inline_imm_1_0_i64;
; # LLVM's isInlinableLiteral64), and the emulator read the constant as the
; # f32 pattern 0x3f800000 (found by tests/llvm-coverage/differential.sh;
; # fails with --compiler=llc before the fix). Expected: 0x3ff0000000000000
; # << a and 0xbfe0000000000000 (-0.5) << a modulo 2^64, as (lo, hi) dwords.
; [config]
; name: SALU 64-bit inline float constants
; kernel_name: k
; dimensions: 1
; global_size: 1 0 0
; local_size: 1 0 0
;
; [test]
; name: shift by 0
; arg_in: 0 buffer uint[4] repeat 0
; arg_out: 0 buffer uint[4] 0 1072693248 0 3219128320
; arg_in: 1 ulong 0
;
; [test]
; name: shift by 3
; arg_in: 0 buffer uint[4] repeat 0
; arg_out: 0 buffer uint[4] 0 4286578688 0 4278190080
; arg_in: 1 ulong 3
;
; [test]
; name: shift by 13
; arg_in: 0 buffer uint[4] repeat 0
; arg_out: 0 buffer uint[4] 0 0 0 0
; arg_in: 1 ulong 13
;
; [test]
; name: shift by 40
; arg_in: 0 buffer uint[4] repeat 0
; arg_out: 0 buffer uint[4] 0 0 0 0
; arg_in: 1 ulong 40

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, i64 %a) {
  %r1 = shl i64 4607182418800017408, %a
  %r2 = shl i64 -4620693217682128896, %a
  store i64 %r1, ptr addrspace(1) %out
  %p2 = getelementptr i64, ptr addrspace(1) %out, i32 1
  store i64 %r2, ptr addrspace(1) %p2
  ret void
}
