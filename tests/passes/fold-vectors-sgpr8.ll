; fold-vectors rule 2 on SGPR tuples of 8 dwords (fold_vectors.c,
; max_split): a uniform <8 x i32> load read one dword at a time is split
; into its dwords where it dies, so the allocator keeps each dword where
; s_load_dwordx8 put it; without the split, each extract became an
; s_mov_b32 once the next wide load reused the range (main ee7898a: 7
; s_mov_b32 here).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.add.v9i32(<9 x i32>)

; CHECK-LABEL: k:
; CHECK-NOT: s_mov_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(4) %a, ptr addrspace(4) %b, ptr addrspace(1) %o) {
  %va = load <9 x i32>, ptr addrspace(4) %a, align 4
  %vb = load <8 x i32>, ptr addrspace(4) %b, align 4
  %sa = call i32 @llvm.vector.reduce.add.v9i32(<9 x i32> %va)
  %sb = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %vb)
  %s = add i32 %sa, %sb
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %o, i32 %id
  store i32 %s, ptr addrspace(1) %p, align 4
  ret void
}
