; A select of a vector by one uniform i1 (SimplifyCFG's speculation of a
; uniform if over a shuffle makes one per element): the lane mask made
; from the condition's SCC is made once per block and read by every
; element's v_cndmask_b32 (isel_values.c, isel_mask_of), not rebuilt by an
; s_cselect_b64 per element (cse keeps those: they read SCC).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_vec:
; CHECK: s_cselect_b64
; CHECK-NOT: s_cselect_b64
; CHECK-COUNT-8: v_cndmask_b32
; CHECK-NOT: s_cselect_b64
; CHECK: s_endpgm
define amdgpu_kernel void @k_vec(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %flag) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <8 x i32>, ptr addrspace(1) %in, i32 %t
  %a = load <8 x i32>, ptr addrspace(1) %pa
  %r = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %c = icmp eq i32 %flag, 0
  %v = select i1 %c, <8 x i32> %r, <8 x i32> %a
  %po = getelementptr <8 x i32>, ptr addrspace(1) %out, i32 %t
  store <8 x i32> %v, ptr addrspace(1) %po
  ret void
}

; Two scalar selects by the same condition share the mask too.
; CHECK-LABEL: k_two:
; CHECK: s_cselect_b64
; CHECK-NOT: s_cselect_b64
; CHECK: s_endpgm
define amdgpu_kernel void @k_two(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %flag) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %a = load i32, ptr addrspace(1) %pa
  %pb = getelementptr i32, ptr addrspace(1) %pa, i32 64
  %b = load i32, ptr addrspace(1) %pb
  %c = icmp eq i32 %flag, 0
  %x = select i1 %c, i32 %a, i32 %b
  %y = select i1 %c, i32 %b, i32 %t
  %s = add i32 %x, %y
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %po
  ret void
}
