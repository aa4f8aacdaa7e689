; fz21 (session 20, round 2): `ptrtoint` of a data global's address to i1
; (cov20's constant expressions: the low dword of its PC-relative address,
; and'ed to the width, computed in an SGPR). isel_mask_of took every i1
; constant as a known-bits one and read the operand's immediate field of
; that register operand: a mask of all lanes (true) whatever the address.
; @g is 16-byte aligned, so its address's bit 0 is 0 and @g + 1's is 1.
; Host reference: v0 = 0, v1 = 1, v2 = 10, v3 = 1 (the constant equals the
; runtime truncation), v4 = 1 on even lanes; out = v0 + 2 v1 + 4 v2 + 8 v3
; + 100 v4 (150 / 50); out2 = 5 (the branch on bit 0 of @g not taken).
; wavecc on main e73695c stored 142 / 42 in out (every GPU, -O0/-O1/-O2); llc-19 passes.
; [config]
; name: ptrtoint of a global to i1 as a lane mask
; kernel_name: k
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: bit 0 of global addresses
; arg_in: 0 buffer uint[64] repeat 0
; arg_out: 0 buffer uint[64] repeat 150 50
; arg_in: 1 buffer uint[64] repeat 0
; arg_out: 1 buffer uint[64] repeat 5
; arg_in: 2 int 1

target triple = "amdgcn-amd-amdhsa"

@g = addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %out2, i32 %one) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c1 = icmp eq i32 %one, 1
  %gp = select i1 %c1, ptr addrspace(1) @g, ptr addrspace(1) %out
  %gi = ptrtoint ptr addrspace(1) %gp to i64
  %gi1 = trunc i64 %gi to i1
  %v0 = zext i1 ptrtoint (ptr addrspace(1) @g to i1) to i32
  %v1 = zext i1 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 1) to i1) to i32
  %v2 = select i1 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 3) to i1), i32 10, i32 20
  %e3 = icmp eq i1 ptrtoint (ptr addrspace(1) @g to i1), %gi1
  %v3 = zext i1 %e3 to i32
  %tb = and i32 %t, 1
  %odd = icmp eq i32 %tb, 1
  %x4 = xor i1 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 1) to i1), %odd
  %v4 = zext i1 %x4 to i32
  %s1 = shl i32 %v1, 1
  %s2 = shl i32 %v2, 2
  %s3 = shl i32 %v3, 3
  %s4 = mul i32 %v4, 100
  %a = add i32 %v0, %s1
  %b = add i32 %a, %s2
  %c = add i32 %b, %s3
  %d = add i32 %c, %s4
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %d, ptr addrspace(1) %p, align 4
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %out2, i32 %t
  br i1 ptrtoint (ptr addrspace(1) @g to i1), label %odd_addr, label %even_addr
odd_addr:
  store i32 7, ptr addrspace(1) %p2, align 4
  br label %done
even_addr:
  store i32 5, ptr addrspace(1) %p2, align 4
  br label %done
done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
