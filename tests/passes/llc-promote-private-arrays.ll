; promote-private-arrays (src/llvm/promote_private_arrays.cpp): private
; arrays indexed at run time become vector values, as llc-19's
; AMDGPUPromoteAlloca does; escaping arrays, arrays in loops and ones past
; 16 elements or the VGPR budget stay allocas.
; RUN: %wavecc-opt -llvm-passes='function(promote-private-arrays)' %s | FileCheck %s
; RUN: %wavecc-opt -mcpu=gfx1100 -llvm-passes='function(promote-private-arrays)' %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; A load and a store through a lane's index, an atomic add: one vector,
; no alloca, the atomic a load-op-store.
; CHECK-LABEL: define amdgpu_kernel void @dyn(
; CHECK-NOT: alloca
; CHECK: insertelement <4 x i32> {{.*}}, i32 %v, i32 %i
; CHECK: %[[OLD:.*]] = extractelement <4 x i32> %{{.*}}, i32 %j
; CHECK: %[[NEW:.*]] = add i32 %[[OLD]], 7
; CHECK: insertelement <4 x i32> %{{.*}}, i32 %[[NEW]], i32 %j
; CHECK: extractelement <4 x i32> %{{.*}}, i32 %i
; CHECK-NOT: atomicrmw
; CHECK: ret void
define amdgpu_kernel void @dyn(ptr addrspace(1) %out, i32 %i, i32 %j, i32 %v) {
  %a = alloca [4 x i32], align 4, addrspace(5)
  %p = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %p
  %q = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 %j
  %r = atomicrmw add ptr addrspace(5) %q, i32 7 seq_cst
  %l = load i32, ptr addrspace(5) %p
  %s = add i32 %l, %r
  store i32 %s, ptr addrspace(1) %out
  ret void
}

; cmpxchg (of i32 on a float array: the bits): compare, select, store;
; its members replaced. A byte
; getelementptr of a row of a 2-D array: row * 4 + 2. memset to zero:
; the vector starts as zeroinitializer.
; CHECK-LABEL: define amdgpu_kernel void @cas(
; CHECK-NOT: alloca
; CHECK: %[[R4:.*]] = mul i32 %r, 4
; CHECK: %[[E:.*]] = add i32 %[[R4]], 2
; CHECK: %[[OLDF:.*]] = extractelement <8 x float> zeroinitializer, i32 %[[E]]
; CHECK: %[[OLD:.*]] = bitcast float %[[OLDF]] to i32
; CHECK: %[[EQ:.*]] = icmp eq i32 %[[OLD]], 1065353216
; CHECK: %[[SEL:.*]] = select i1 %[[EQ]], i32 1073741824, i32 %[[OLD]]
; CHECK: bitcast i32 %[[SEL]] to float
; CHECK-NOT: cmpxchg
; CHECK: ret void
define amdgpu_kernel void @cas(ptr addrspace(1) %out, i32 %r) {
  %m = alloca [2 x [4 x float]], align 4, addrspace(5)
  call void @llvm.memset.p5.i32(ptr addrspace(5) %m, i8 0, i32 32, i1 false)
  %row = getelementptr [2 x [4 x float]], ptr addrspace(5) %m, i32 0, i32 %r
  %e = getelementptr i8, ptr addrspace(5) %row, i32 8
  %x = cmpxchg ptr addrspace(5) %e, i32 1065353216, i32 1073741824 seq_cst seq_cst
  %o = extractvalue { i32, i1 } %x, 0
  %k = extractvalue { i32, i1 } %x, 1
  store i32 %o, ptr addrspace(1) %out
  %kz = zext i1 %k to i32
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %kz, ptr addrspace(1) %o1
  ret void
}

; Stays: passed to a call, 17 elements, an index that is not a whole
; element, an alloca inside a loop.
; CHECK-LABEL: define amdgpu_kernel void @keep(
; CHECK: alloca [4 x i32]
; CHECK: alloca [17 x i32]
; CHECK: alloca [4 x i32]
; CHECK: loop:
; CHECK: alloca [4 x i32]
; CHECK-NOT: extractelement
; CHECK: ret void
define amdgpu_kernel void @keep(ptr addrspace(1) %out, i32 %i, i32 %n) {
entry:
  %a = alloca [4 x i32], align 4, addrspace(5)
  %b = alloca [17 x i32], align 4, addrspace(5)
  %c = alloca [4 x i32], align 4, addrspace(5)
  %pa = getelementptr [4 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 1, ptr addrspace(5) %pa
  call void @use(ptr addrspace(5) %pa)
  %pb = getelementptr [17 x i32], ptr addrspace(5) %b, i32 0, i32 %i
  store i32 2, ptr addrspace(5) %pb
  %lb = load i32, ptr addrspace(5) %pb
  %pc = getelementptr i8, ptr addrspace(5) %c, i32 %i
  store i32 3, ptr addrspace(5) %pc
  %lc = load i32, ptr addrspace(5) %pc
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %d = alloca [4 x i32], align 4, addrspace(5)
  %pd = getelementptr [4 x i32], ptr addrspace(5) %d, i32 0, i32 %k
  store i32 %k, ptr addrspace(5) %pd
  %ld = load i32, ptr addrspace(5) %pd
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %exit
exit:
  %s = add i32 %lb, %lc
  %s2 = add i32 %s, %ld
  store i32 %s2, ptr addrspace(1) %out
  ret void
}

; A function that is not a kernel: its arrays share a quarter of 32 VGPRs
; (256 bits): [8 x i32] is promoted, [9 x i32] is not.
; CHECK-LABEL: define i32 @callee(
; CHECK-NOT: alloca [8 x i32]
; CHECK: alloca [9 x i32]
; CHECK-NOT: alloca [8 x i32]
; CHECK: ret i32
define i32 @callee(i32 %i) {
  %a = alloca [8 x i32], align 4, addrspace(5)
  %b = alloca [9 x i32], align 4, addrspace(5)
  %pa = getelementptr [8 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 1, ptr addrspace(5) %pa
  %la = load i32, ptr addrspace(5) %pa
  %pb = getelementptr [9 x i32], ptr addrspace(5) %b, i32 0, i32 %i
  store i32 2, ptr addrspace(5) %pb
  %lb = load i32, ptr addrspace(5) %pb
  %s = add i32 %la, %lb
  ret i32 %s
}

declare void @use(ptr addrspace(5))
declare void @llvm.memset.p5.i32(ptr addrspace(5), i8, i32, i1)
