; Constant expressions with known bits (LLVM 19's widen-smrd-loads.ll and
; promote-alloca-to-lds-constantexpr-use.ll refused them: "unsupported
; constant"): `getelementptr (i8, ptr addrspace(1) null, i64 74565)` is
; the address 74565, and `ptrtoint` of an LDS variable's address under an
; inbounds GEP is its LDS offset (the kernel's only LDS variable sits at 0
; for both compilers, so the third dword is at 12). Host reference: lane 5
; (the argument, 100) matches no lane, so every lane stores the address
; 74565 (the compiler cannot know); out2[i] = 12 + i.
; [config]
; name: constant address expressions (GEP on null, ptrtoint of LDS)
; kernel_name: k
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: no lane selects the buffer
; arg_in: 0 buffer ulong[64] repeat 0
; arg_out: 0 buffer ulong[64] \
;   74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 \
;   74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 \
;   74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 \
;   74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565 74565
; arg_in: 1 buffer uint[64] repeat 0
; arg_out: 1 buffer uint[64] \
;   12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 \
;   44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75
; arg_in: 2 int 100

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x i32] undef, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %out2, i32 %c) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %cc = icmp eq i32 %c, %t
  %q = select i1 %cc, ptr addrspace(1) %out, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) null, i64 74565)
  %p = getelementptr inbounds ptr addrspace(1), ptr addrspace(1) %out, i32 %t
  store ptr addrspace(1) %q, ptr addrspace(1) %p, align 8
  %l = getelementptr inbounds i32, ptr addrspace(3) @lds, i32 %t
  store volatile i32 %t, ptr addrspace(3) %l, align 4
  %y = add i32 ptrtoint (ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @lds, i32 12) to i32), %t
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %out2, i32 %t
  store i32 %y, ptr addrspace(1) %p2, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
