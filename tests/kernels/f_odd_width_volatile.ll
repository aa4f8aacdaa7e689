; cov24 (session 22): volatile loads and stores of odd-width integers
; (i24, i40, i56), which widen-odd-integers left alone and selection then
; refused on main 501c6c5 ("unsupported load/store of this type"); llc-19
; splits them into volatile pieces (2 + 1, 4 + 1, 4 + 2 + 1 bytes), as
; wavecc does now. Each lane reads x[t] (i24 of a uint, i40 and i56 of a
; ulong, volatile), adds t + 1 wrapping at the width, and stores the sum
; volatile over the same bytes (the bytes past the width kept).
; Host reference: x + t + 1 mod 2^W in the low W bits, the rest unchanged
; (uint lanes: 0xAA000000 | ((0x00FFFFF0 + t + 1) & 0xFFFFFF);
; ulong lanes: the same on 40 and 56 bits).
; [config]
; name: volatile odd-width loads and stores
; kernel_name: k
; dimensions: 1
; global_size: 16 0 0
; local_size: 16 0 0
;
; [test]
; name: all
; arg_in: 0 buffer uint[16] repeat 0xAAFFFFF0
; arg_out: 0 buffer uint[16] 0xAAFFFFF1 0xAAFFFFF2 0xAAFFFFF3 0xAAFFFFF4 0xAAFFFFF5 0xAAFFFFF6 0xAAFFFFF7 0xAAFFFFF8 \
;   0xAAFFFFF9 0xAAFFFFFA 0xAAFFFFFB 0xAAFFFFFC 0xAAFFFFFD 0xAAFFFFFE 0xAAFFFFFF 0xAA000000
; arg_in: 1 buffer ulong[16] repeat 0xBBBBBBFFFFFFFFF8
; arg_out: 1 buffer ulong[16] 0xBBBBBBFFFFFFFFF9 0xBBBBBBFFFFFFFFFA 0xBBBBBBFFFFFFFFFB 0xBBBBBBFFFFFFFFFC \
;   0xBBBBBBFFFFFFFFFD 0xBBBBBBFFFFFFFFFE 0xBBBBBBFFFFFFFFFF 0xBBBBBB0000000000 0xBBBBBB0000000001 \
;   0xBBBBBB0000000002 0xBBBBBB0000000003 0xBBBBBB0000000004 0xBBBBBB0000000005 0xBBBBBB0000000006 \
;   0xBBBBBB0000000007 0xBBBBBB0000000008
; arg_in: 2 buffer ulong[16] repeat 0xCCFFFFFFFFFFFFFC
; arg_out: 2 buffer ulong[16] 0xCCFFFFFFFFFFFFFD 0xCCFFFFFFFFFFFFFE 0xCCFFFFFFFFFFFFFF 0xCC00000000000000 \
;   0xCC00000000000001 0xCC00000000000002 0xCC00000000000003 0xCC00000000000004 0xCC00000000000005 \
;   0xCC00000000000006 0xCC00000000000007 0xCC00000000000008 0xCC00000000000009 0xCC0000000000000A \
;   0xCC0000000000000B 0xCC0000000000000C

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %t, 1
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %t
  %x = load volatile i24, ptr addrspace(1) %pa, align 4
  %k24 = trunc i32 %t1 to i24
  %s = add i24 %x, %k24
  store volatile i24 %s, ptr addrspace(1) %pa, align 4
  %pb = getelementptr i64, ptr addrspace(1) %b, i32 %t
  %y = load volatile i40, ptr addrspace(1) %pb, align 8
  %k40 = zext i32 %t1 to i40
  %u = add i40 %y, %k40
  store volatile i40 %u, ptr addrspace(1) %pb, align 8
  %pc = getelementptr i64, ptr addrspace(1) %c, i32 %t
  %z = load volatile i56, ptr addrspace(1) %pc, align 8
  %k56 = zext i32 %t1 to i56
  %v = add i56 %z, %k56
  store volatile i56 %v, ptr addrspace(1) %pc, align 8
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
