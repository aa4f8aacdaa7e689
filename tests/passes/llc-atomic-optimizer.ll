; atomic-optimizer (src/llvm/atomic_optimizer.cpp, llc-19's
; AMDGPUAtomicOptimizer, Iterative strategy): an atomicrmw at a uniform
; address is done once per wave by the first active lane. A uniform value
; is scaled by the active-lane count (add) or taken as is (max); a
; divergent value is folded by a loop over the active lanes, but only
; where the atomic would otherwise be a compare-and-swap loop (gfx900's
; float atomics on global memory). Divergent addresses, and native atomics
; with divergent values, stay as they are. wave32: ballot.i32, mbcnt.lo only.
; RUN: %wavecc-opt -llvm-passes='function(atomic-optimizer)' %s | FileCheck %s
; RUN: %wavecc-opt -mcpu=gfx1030 -llvm-passes='function(atomic-optimizer)' %s | FileCheck %s --check-prefix=W32
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @uniform_add(
; CHECK: %[[B:.*]] = call i64 @llvm.amdgcn.ballot.i64(i1 true)
; CHECK: %[[N:.*]] = call i64 @llvm.ctpop.i64(i64 %[[B]])
; CHECK: %[[NV:.*]] = mul i32 %v, %{{.*}}
; CHECK: %[[LO:.*]] = call i32 @llvm.amdgcn.mbcnt.lo(
; CHECK: %[[MB:.*]] = call i32 @llvm.amdgcn.mbcnt.hi(i32 %{{.*}}, i32 %[[LO]])
; CHECK: %[[FIRST:.*]] = icmp eq i32 %[[MB]], 0
; CHECK: br i1 %[[FIRST]]
; CHECK: %r = atomicrmw add ptr addrspace(1) %p, i32 %[[NV]] monotonic
; CHECK: %[[OLD:.*]] = phi i32 [ poison, %{{.*}} ], [ %r, %{{.*}} ]
; CHECK: %[[BC:.*]] = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %[[OLD]])
; CHECK: %[[OFF:.*]] = mul i32 %v, %[[MB]]
; CHECK: %[[RES:.*]] = add i32 %[[BC]], %[[OFF]]
; CHECK: store i32 %[[RES]]
; W32-LABEL: define amdgpu_kernel void @uniform_add(
; W32: %[[B:.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 true)
; W32: call i32 @llvm.ctpop.i32(i32 %[[B]])
; W32: %[[MB:.*]] = call i32 @llvm.amdgcn.mbcnt.lo(i32 %[[B]], i32 0)
; W32-NOT: mbcnt.hi
; W32: icmp eq i32 %[[MB]], 0
define amdgpu_kernel void @uniform_add(ptr addrspace(1) %p, ptr addrspace(1) %o, i32 %v) {
  %r = atomicrmw add ptr addrspace(1) %p, i32 %v monotonic, align 4
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %o, i32 %t
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; a uniform max on LDS: the value as is; the first lane's prefix is the identity
; CHECK-LABEL: define amdgpu_kernel void @uniform_lds_max(
; CHECK: %r = atomicrmw max ptr addrspace(3) %p, i32 %v seq_cst
; CHECK: %[[BC:.*]] = call i32 @llvm.amdgcn.readfirstlane.i32(
; CHECK: %[[OFF:.*]] = select i1 %{{.*}}, i32 -2147483648, i32 %v
; CHECK: icmp sgt i32 %[[BC]], %[[OFF]]
define amdgpu_kernel void @uniform_lds_max(ptr addrspace(3) %p, ptr addrspace(1) %o, i32 %v) {
  %r = atomicrmw max ptr addrspace(3) %p, i32 %v seq_cst, align 4
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %o, i32 %t
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; a divergent float add on global memory (a compare-and-swap loop on
; gfx900): the lane loop folds the values from -0.0 and writes each
; lane's exclusive prefix to it (writelane, as llc-19: no compare and
; select per lane); the first lane keeps the returned value
; CHECK-LABEL: define amdgpu_kernel void @divergent_fadd(
; CHECK: atomic.scan:
; CHECK: %scan.acc = phi float [ -0.000000e+00, %{{.*}} ], [ %[[ACC:.*]], %atomic.scan ]
; CHECK: %scan.prefix = phi float
; CHECK: %[[FF1:.*]] = call i64 @llvm.cttz.i64(i64 %scan.active, i1 true)
; CHECK: %[[LANE:.*]] = trunc i64 %[[FF1]] to i32
; CHECK: %[[LV:.*]] = call float @llvm.amdgcn.readlane.f32(float %x, i32 %[[LANE]])
; CHECK-NOT: select
; CHECK: %[[PRE:.*]] = call float @llvm.amdgcn.writelane.f32(float %scan.acc, i32 %[[LANE]], float %scan.prefix)
; CHECK: %[[ACC]] = fadd float %scan.acc, %[[LV]]
; CHECK: br i1 %{{.*}}, label %atomic.scan,
; CHECK: %r = atomicrmw fadd ptr addrspace(1) %p, float %[[ACC]] monotonic
; CHECK: %[[BC:.*]] = call float @llvm.amdgcn.readfirstlane.f32(
; CHECK: %[[SUM:.*]] = fadd float %[[BC]], %[[PRE]]
; CHECK: select i1 %{{.*}}, float %[[BC]], float %[[SUM]]
define amdgpu_kernel void @divergent_fadd(ptr addrspace(1) %p, ptr addrspace(1) %o) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %x = uitofp i32 %t to float
  %r = atomicrmw fadd ptr addrspace(1) %p, float %x monotonic, align 4
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %r, ptr addrspace(1) %q
  ret void
}

; native atomics with divergent values, divergent addresses, volatile: as they are
; CHECK-LABEL: define amdgpu_kernel void @untouched(
; CHECK-NOT: ballot
; CHECK: atomicrmw add ptr addrspace(1) %p, i32 %t monotonic
; CHECK: atomicrmw add ptr addrspace(1) %q, i32 1 monotonic
; CHECK: atomicrmw volatile add ptr addrspace(1) %p, i32 1 monotonic
define amdgpu_kernel void @untouched(ptr addrspace(1) %p) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = atomicrmw add ptr addrspace(1) %p, i32 %t monotonic, align 4
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %t
  %b = atomicrmw add ptr addrspace(1) %q, i32 1 monotonic, align 4
  %c = atomicrmw volatile add ptr addrspace(1) %p, i32 1 monotonic, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
