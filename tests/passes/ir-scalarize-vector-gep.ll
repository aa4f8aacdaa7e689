; IR pass test: scalarize-vector-intrinsics on a getelementptr of vectors.
; Each lane's scalar getelementptr gets its index rebuilt through the
; element-wise operations that made the vector (splat shufflevector,
; insertelement, add of a constant vector, sext: lane_value), not an
; extractelement of a vector sext, so the selector sees t + 64 and folds
; it into the load's offset; a lane's "+ 0" is the plain index, extracts
; of constant lanes read that lane's pointer, and the unread vector of
; pointers is deleted.
; RUN: %wavecc-opt -ir-pass=scalarize-vector-intrinsics %s | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s --check-prefix=ASM
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: define amdgpu_kernel void @vgep(
; CHECK: %[[S0:[0-9]+]] = sext i32 %t to i64
; CHECK-NEXT: %[[G0:[0-9]+]] = getelementptr inbounds i32, ptr addrspace(1) %A, i64 %[[S0]]
; CHECK-NEXT: %[[A1:[0-9]+]] = add i32 %t, 64
; CHECK-NEXT: %[[S1:[0-9]+]] = sext i32 %[[A1]] to i64
; CHECK-NEXT: %[[G1:[0-9]+]] = getelementptr inbounds i32, ptr addrspace(1) %A, i64 %[[S1]]
; CHECK-NEXT: %[[S2:[0-9]+]] = sext i32 %t2 to i64
; CHECK-NEXT: %[[G2:[0-9]+]] = getelementptr inbounds i32, ptr addrspace(1) %A, i64 %[[S2]]
; CHECK-NOT: insertelement <3 x ptr
; CHECK-NOT: extractelement
; CHECK: %v0 = load i32, ptr addrspace(1) %[[G0]]
; CHECK: %v1 = load i32, ptr addrspace(1) %[[G1]]
; CHECK: %v2 = load i32, ptr addrspace(1) %[[G2]]
; ASM-LABEL: vgep:
; ASM: global_load_dword v{{[0-9]+}}, [[OFF:v[0-9]+]], [[BASE:s\[[0-9]+:[0-9]+\]]]{{$}}
; ASM: global_load_dword v{{[0-9]+}}, [[OFF]], [[BASE]] offset:256
define amdgpu_kernel void @vgep(ptr addrspace(1) %A, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %ts = insertelement <3 x i32> poison, i32 %t, i32 0
  %tv = shufflevector <3 x i32> %ts, <3 x i32> poison, <3 x i32> <i32 0, i32 0, i32 poison>
  %iv = add <3 x i32> %tv, <i32 0, i32 64, i32 poison>
  %t2 = shl i32 %t, 1
  %ivf = insertelement <3 x i32> %iv, i32 %t2, i32 2
  %ix = sext <3 x i32> %ivf to <3 x i64>
  %pv = getelementptr inbounds i32, ptr addrspace(1) %A, <3 x i64> %ix
  %p0 = extractelement <3 x ptr addrspace(1)> %pv, i32 0
  %p1 = extractelement <3 x ptr addrspace(1)> %pv, i32 1
  %p2 = extractelement <3 x ptr addrspace(1)> %pv, i32 2
  %v0 = load i32, ptr addrspace(1) %p0
  %v1 = load i32, ptr addrspace(1) %p1
  %v2 = load i32, ptr addrspace(1) %p2
  %s = add i32 %v0, %v1
  %r = add i32 %s, %v2
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %po
  ret void
}
