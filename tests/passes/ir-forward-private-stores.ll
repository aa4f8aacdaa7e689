; forward-private-stores (src/llvm/forward_private_stores.cpp): a load from
; a private array whose address does not escape reads the value last stored
; to the same bytes. The shape of clang -O2's fully unrolled SHA-256 message
; schedule (tests/kernels/app_sha256.cl): w[i] stored, then loaded back a
; few statements later, while a run-time index keeps the array in memory.
; RUN: %wavecc-opt -llvm-passes='function(forward-private-stores)' %s | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s --check-prefix=ASM
target triple = "amdgcn-amd-amdhsa"

declare void @ext(ptr addrspace(5))
declare void @llvm.memset.p5.i64(ptr addrspace(5), i8, i64, i1)

; straight line and into a block with one predecessor: forwarded; into a
; join (two predecessors): not
; CHECK-LABEL: define amdgpu_kernel void @schedule(
; CHECK-NOT: load
; CHECK: %s = add i32 %a, %b
; CHECK: {{^}}then:
; CHECK-NOT: load
; CHECK: store i32 %b, ptr addrspace(1) %o3
; CHECK: {{^}}join:
; CHECK-NEXT: %r0 = load i32, ptr addrspace(5) %w
; ASM-LABEL: schedule:
; ASM-NOT: scratch_load
; ASM: .Lschedule_BB3:
; ASM-NEXT: scratch_load_b32
define amdgpu_kernel void @schedule(ptr addrspace(1) %out, i32 %a, i32 %b, i32 %i, i1 %c) {
entry:
  %w = alloca [32 x i32], align 4, addrspace(5)
  store i32 %a, ptr addrspace(5) %w, align 4
  %w1 = getelementptr inbounds [32 x i32], ptr addrspace(5) %w, i32 0, i32 1
  store i32 %b, ptr addrspace(5) %w1, align 4
  %wi = getelementptr inbounds [32 x i32], ptr addrspace(5) %w, i32 0, i32 %i
  store i32 %i, ptr addrspace(5) %wi, align 4
  store i32 %a, ptr addrspace(5) %w, align 4
  store i32 %b, ptr addrspace(5) %w1, align 4
  %x = load i32, ptr addrspace(5) %w, align 4
  %y = load i32, ptr addrspace(5) %w1, align 4
  %s = add i32 %x, %y
  store i32 %s, ptr addrspace(1) %out, align 4
  br i1 %c, label %then, label %join
then:
  %y2 = load i32, ptr addrspace(5) %w1, align 4
  %o3 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 3
  store i32 %y2, ptr addrspace(1) %o3, align 4
  br label %join
join:
  %r0 = load i32, ptr addrspace(5) %w, align 4
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 1
  store i32 %r0, ptr addrspace(1) %o1, align 4
  %r1 = load i32, ptr addrspace(5) %wi, align 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 2
  store i32 %r1, ptr addrspace(1) %o2, align 4
  ret void
}

; what ends a fact: a store at a run-time index, an overlapping wider
; store, a memset; a volatile load and a load of another type are not
; forwarded to
; CHECK-LABEL: define amdgpu_kernel void @clobbers(
; CHECK: store i32 %i, ptr addrspace(5) %wi
; CHECK-NEXT: %l0 = load i32, ptr addrspace(5) %w
; CHECK: store i64 %d, ptr addrspace(5) %w
; CHECK-NEXT: %l1 = load i32, ptr addrspace(5) %w1
; CHECK-NEXT: store i32 %a, ptr addrspace(5) %w
; CHECK-NEXT: %l2 = load volatile i32, ptr addrspace(5) %w
; CHECK-NEXT: %l3 = load float, ptr addrspace(5) %w
; CHECK-NEXT: call void @llvm.memset
; CHECK-NEXT: %l4 = load i32, ptr addrspace(5) %w
; the second of two equal loads reads the first
; CHECK-NOT: %l5 = load
; CHECK: add i32 %l4, %l4
define amdgpu_kernel void @clobbers(ptr addrspace(1) %out, i32 %a, i32 %b, i64 %d, i32 %i) {
  %w = alloca [8 x i32], align 8, addrspace(5)
  %w1 = getelementptr inbounds [8 x i32], ptr addrspace(5) %w, i32 0, i32 1
  %wi = getelementptr inbounds [8 x i32], ptr addrspace(5) %w, i32 0, i32 %i
  store i32 %a, ptr addrspace(5) %w, align 4
  store i32 %b, ptr addrspace(5) %w1, align 4
  store i32 %i, ptr addrspace(5) %wi, align 4
  %l0 = load i32, ptr addrspace(5) %w, align 4
  store i32 %b, ptr addrspace(5) %w1, align 4
  store i64 %d, ptr addrspace(5) %w, align 8
  %l1 = load i32, ptr addrspace(5) %w1, align 4
  store i32 %a, ptr addrspace(5) %w, align 4
  %l2 = load volatile i32, ptr addrspace(5) %w, align 4
  %l3 = load float, ptr addrspace(5) %w, align 4
  call void @llvm.memset.p5.i64(ptr addrspace(5) %w, i8 0, i64 32, i1 false)
  %l4 = load i32, ptr addrspace(5) %w, align 4
  %l5 = load i32, ptr addrspace(5) %w, align 4
  %s0 = add i32 %l0, %l1
  %s1 = add i32 %s0, %l2
  %f = bitcast float %l3 to i32
  %s2 = add i32 %s1, %f
  %s3 = add i32 %l4, %l5
  %s4 = add i32 %s2, %s3
  store i32 %s4, ptr addrspace(1) %out, align 4
  ret void
}

; an array whose address escapes (here to a call) keeps its loads
; CHECK-LABEL: define void @escapes(
; CHECK: call void @ext
; CHECK-NEXT: %l = load i32, ptr addrspace(5) %w
define void @escapes(ptr addrspace(1) %out, i32 %a) {
  %w = alloca [8 x i32], align 4, addrspace(5)
  store i32 %a, ptr addrspace(5) %w, align 4
  call void @ext(ptr addrspace(5) %w)
  %l = load i32, ptr addrspace(5) %w, align 4
  store i32 %l, ptr addrspace(1) %out, align 4
  ret void
}

; a load straddling several stores is put together from their elements
; (clang -O2 for gfx942 stores the message schedule as <2 x i32> pairs and
; loads pairs across two of them; the load-store vectoriser then makes
; <4 x i32>): i32/float elements at 4-byte multiples inside the facts, of
; the load's element type. Not: an element no store wrote, another element
; type, a piece at an odd byte offset. Before, only a load of a whole fact
; was forwarded (app_sha256.cl at gfx942: 18 private loads after import,
; now 1).
; CHECK-LABEL: define amdgpu_kernel void @pieces(
; CHECK-NOT: load <2 x i32>, ptr addrspace(5) %w1
; CHECK: [[E1:%.*]] = extractelement <2 x i32> %p, i32 1
; CHECK: [[V1:%.*]] = insertelement <2 x i32> poison, i32 [[E1]], i32 0
; CHECK: [[E2:%.*]] = extractelement <2 x i32> %q, i32 0
; CHECK: %l1 = insertelement <2 x i32> [[V1]], i32 [[E2]], i32 1
; CHECK: insertelement <4 x i32> {{.*}}, i32 %x, i32 3
; CHECK: %l3 = extractelement <2 x i32> %q, i32 1
; CHECK: %l4 = load <2 x i32>, ptr addrspace(5) %w4
; CHECK: %l5 = load <2 x float>, ptr addrspace(5) %w1
; CHECK: %l6 = load i32, ptr addrspace(5) %wb
define amdgpu_kernel void @pieces(ptr addrspace(1) %out, <2 x i32> %p, <2 x i32> %q, i32 %x) {
  %w = alloca [8 x i32], align 4, addrspace(5)
  %w1 = getelementptr inbounds [8 x i32], ptr addrspace(5) %w, i32 0, i32 1
  %w2 = getelementptr inbounds [8 x i32], ptr addrspace(5) %w, i32 0, i32 2
  %w3 = getelementptr inbounds [8 x i32], ptr addrspace(5) %w, i32 0, i32 3
  %w4 = getelementptr inbounds [8 x i32], ptr addrspace(5) %w, i32 0, i32 4
  %wb = getelementptr inbounds i8, ptr addrspace(5) %w, i32 6
  store <2 x i32> %p, ptr addrspace(5) %w, align 4
  store <2 x i32> %q, ptr addrspace(5) %w2, align 4
  store i32 %x, ptr addrspace(5) %w4, align 4
  %l1 = load <2 x i32>, ptr addrspace(5) %w1, align 4
  %l2 = load <4 x i32>, ptr addrspace(5) %w1, align 4
  %l3 = load i32, ptr addrspace(5) %w3, align 4
  %l4 = load <2 x i32>, ptr addrspace(5) %w4, align 4
  %l5 = load <2 x float>, ptr addrspace(5) %w1, align 4
  %l6 = load i32, ptr addrspace(5) %wb, align 2
  store <2 x i32> %l1, ptr addrspace(1) %out, align 8
  %o2 = getelementptr inbounds i8, ptr addrspace(1) %out, i32 16
  store <4 x i32> %l2, ptr addrspace(1) %o2, align 16
  %o3 = getelementptr inbounds i8, ptr addrspace(1) %out, i32 32
  store i32 %l3, ptr addrspace(1) %o3, align 4
  %o4 = getelementptr inbounds i8, ptr addrspace(1) %out, i32 40
  store <2 x i32> %l4, ptr addrspace(1) %o4, align 8
  %o5 = getelementptr inbounds i8, ptr addrspace(1) %out, i32 48
  store <2 x float> %l5, ptr addrspace(1) %o5, align 8
  %o6 = getelementptr inbounds i8, ptr addrspace(1) %out, i32 56
  store i32 %l6, ptr addrspace(1) %o6, align 4
  ret void
}
