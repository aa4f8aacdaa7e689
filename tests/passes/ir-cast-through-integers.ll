; IR pass test: cast-through-integers alone. fptosi/fptoui to i1 become the
; i32 conversion truncated, sitofp/uitofp from i1 the conversion of the
; i32 extension, atomicrmw xchg of float and pointer values the integer
; exchange (ordering, alignment and volatility kept).
; RUN: %wavecc-opt -ir-pass=cast-through-integers %s | FileCheck %s
; CHECK-LABEL: define void @f(
; CHECK: %[[A:[0-9]+]] = fptosi float %x to i32
; CHECK-NEXT: trunc i32 %[[A]] to i1
; CHECK: %[[B:[0-9]+]] = fptoui <2 x double> %v to <2 x i32>
; CHECK-NEXT: trunc <2 x i32> %[[B]] to <2 x i1>
; CHECK: %[[C:[0-9]+]] = sext i1 %c to i32
; CHECK-NEXT: sitofp i32 %[[C]] to half
; CHECK: %[[D:[0-9]+]] = bitcast float %x to i32
; CHECK-NEXT: %[[E:[0-9]+]] = atomicrmw volatile xchg ptr addrspace(1) %p, i32 %[[D]] seq_cst, align 4
; CHECK-NEXT: bitcast i32 %[[E]] to float
; CHECK: %[[F:[0-9]+]] = ptrtoint ptr addrspace(3) %l to i32
; CHECK-NEXT: %[[G:[0-9]+]] = atomicrmw xchg ptr addrspace(1) %p, i32 %[[F]] monotonic, align 4
; CHECK-NEXT: inttoptr i32 %[[G]] to ptr addrspace(3)
; CHECK-NOT: fptosi float %x to i1
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
define void @f(ptr addrspace(1) %p, float %x, <2 x double> %v, i1 %c, ptr addrspace(3) %l) {
  %a = fptosi float %x to i1
  %b = fptoui <2 x double> %v to <2 x i1>
  %h = sitofp i1 %c to half
  %o = atomicrmw volatile xchg ptr addrspace(1) %p, float %x seq_cst, align 4
  %q = atomicrmw xchg ptr addrspace(1) %p, ptr addrspace(3) %l monotonic, align 4
  store i1 %a, ptr addrspace(1) %p
  store <2 x i1> %b, ptr addrspace(1) %p
  store half %h, ptr addrspace(1) %p
  store float %o, ptr addrspace(1) %p
  store ptr addrspace(3) %q, ptr addrspace(1) %p
  ret void
}
