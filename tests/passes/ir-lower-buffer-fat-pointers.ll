; IR pass test: lower-buffer-fat-pointers alone (wavecc-opt -ir-pass).
; RUN: %wavecc-opt -ir-pass=lower-buffer-fat-pointers %s | FileCheck %s
; RUN: %not %wavecc-opt -ir-pass=lower-buffer-fat-pointers %S/Inputs/fatptr-unsupported.ll 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: error: unsupported aggregate or vector of buffer fat pointers stored to or loaded from memory: store <2 x ptr addrspace(7)>

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; GEP: constant and variable indices fold into the i32 offset; the load
; and store become buffer intrinsics on the unchanged resource.
; CHECK-LABEL: define void @gep_load_store(
; CHECK-NEXT: %[[S:.*]] = shl i32 %i, 4
; CHECK-NEXT: %[[O:.*]] = add i32 %[[S]], 8
; CHECK-NEXT: %[[V:.*]] = call float @llvm.amdgcn.raw.ptr.buffer.load.f32(ptr addrspace(8) %r, i32 %[[O]], i32 0, i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.raw.ptr.buffer.store.f32(float %[[V]], ptr addrspace(8) %r, i32 4, i32 0, i32 0)
; CHECK-NEXT: ret void
define void @gep_load_store(ptr addrspace(8) %r, i32 %i) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %q = getelementptr { i32, i32, float, i32 }, ptr addrspace(7) %p, i32 %i, i32 2
  %v = load float, ptr addrspace(7) %q
  %s = getelementptr i8, ptr addrspace(7) %p, i32 4
  store float %v, ptr addrspace(7) %s
  ret void
}

; A loop walking one buffer: the resource phi folds away, the offset is a
; phi; icmp ne of two fat pointers on one resource compares offsets.
; CHECK-LABEL: define i32 @walk(
; CHECK: loop:
; CHECK-NEXT: %p.off = phi i32 [ 0, %entry ], [ %pn.off, %loop ]
; CHECK-NOT: phi ptr addrspace(8)
; CHECK: call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 %p.off, i32 0, i32 0)
; CHECK: %pn.off = add i32 %p.off, 4
; CHECK-NEXT: %[[C:.*]] = icmp ne i32 %pn.off, 32
; CHECK-NEXT: br i1 %[[C]]
define i32 @walk(ptr addrspace(8) %r) {
entry:
  %b = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %e = getelementptr i32, ptr addrspace(7) %b, i32 8
  br label %loop
loop:
  %p = phi ptr addrspace(7) [ %b, %entry ], [ %pn, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %v = load i32, ptr addrspace(7) %p
  %s1 = add i32 %s, %v
  %pn = getelementptr i32, ptr addrspace(7) %p, i32 1
  %c = icmp ne ptr addrspace(7) %pn, %e
  br i1 %c, label %loop, label %done
done:
  ret i32 %s1
}

; Two resources: select and phi keep a resource part; icmp eq compares
; both parts; ptrtoint gives the offset; volatile sets glc (bit 0) and the
; volatile bit 31, !nontemporal sets slc (bit 1).
; CHECK-LABEL: define i32 @two(
; CHECK: %q.rsrc = select i1 %c, ptr addrspace(8) %r1, ptr addrspace(8) %r2
; CHECK-NEXT: %q.off = select i1 %c, i32 0, i32 0
; CHECK: %[[EQO:.*]] = icmp eq i32 %q.off, 0
; CHECK-NEXT: %[[EQR:.*]] = icmp eq ptr addrspace(8) %q.rsrc, %r1
; CHECK-NEXT: and i1 %[[EQR]], %[[EQO]]
; CHECK: call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %q.rsrc, i32 %q.off, i32 0, i32 -2147483647)
; CHECK: call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %{{.*}}, ptr addrspace(8) %q.rsrc, i32 %q.off, i32 0, i32 2)
define i32 @two(ptr addrspace(8) %r1, ptr addrspace(8) %r2, i1 %c) {
  %p1 = addrspacecast ptr addrspace(8) %r1 to ptr addrspace(7)
  %p2 = addrspacecast ptr addrspace(8) %r2 to ptr addrspace(7)
  %q = select i1 %c, ptr addrspace(7) %p1, ptr addrspace(7) %p2
  %eq = icmp eq ptr addrspace(7) %q, %p1
  %v = load volatile i32, ptr addrspace(7) %q
  %z = zext i1 %eq to i32
  %w = add i32 %v, %z
  store i32 %w, ptr addrspace(7) %q, !nontemporal !0
  %i = ptrtoint ptr addrspace(7) %q to i32
  ret i32 %i
}

; Aggregates are split per member at their layout offsets (padding is not
; touched); vectors above 16 bytes go in 16-byte pieces; i1 is a byte.
; CHECK-LABEL: define void @aggregates(
; CHECK-DAG: call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %r, i32 0,
; CHECK-DAG: call double @llvm.amdgcn.raw.ptr.buffer.load.f64(ptr addrspace(8) %r, i32 8,
; CHECK-DAG: call void @llvm.amdgcn.raw.ptr.buffer.store.i8(i8 %{{.*}}, ptr addrspace(8) %r, i32 32,
; CHECK-DAG: call void @llvm.amdgcn.raw.ptr.buffer.store.f64(double %{{.*}}, ptr addrspace(8) %r, i32 40,
; CHECK-DAG: call <4 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v4i32(ptr addrspace(8) %r, i32 64,
; CHECK-DAG: call <4 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v4i32(ptr addrspace(8) %r, i32 80,
; CHECK-DAG: call void @llvm.amdgcn.raw.ptr.buffer.store.v4i32(<4 x i32> %{{.*}}, ptr addrspace(8) %r, i32 112,
; CHECK-DAG: call void @llvm.amdgcn.raw.ptr.buffer.store.i8(i8 1, ptr addrspace(8) %r, i32 128,
; CHECK-NOT: addrspace(7)
define void @aggregates(ptr addrspace(8) %r) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %s = load { i8, double }, ptr addrspace(7) %p
  %p32 = getelementptr i8, ptr addrspace(7) %p, i32 32
  store { i8, double } %s, ptr addrspace(7) %p32
  %p64 = getelementptr i8, ptr addrspace(7) %p, i32 64
  %v = load <8 x i32>, ptr addrspace(7) %p64
  %p96 = getelementptr i8, ptr addrspace(7) %p, i32 96
  store <8 x i32> %v, ptr addrspace(7) %p96
  %p128 = getelementptr i8, ptr addrspace(7) %p, i32 128
  store i1 true, ptr addrspace(7) %p128
  ret void
}

; A fat pointer in memory is its i160: <5 x i32> {offset, V# dwords}.
; CHECK-LABEL: define i32 @in_memory(
; CHECK: %[[I:.*]] = ptrtoint ptr addrspace(8) %r to i128
; CHECK-NEXT: %[[V4:.*]] = bitcast i128 %[[I]] to <4 x i32>
; CHECK: insertelement <5 x i32> <i32 12, i32 poison, i32 poison, i32 poison, i32 poison>
; CHECK: store <5 x i32> %{{.*}}, ptr addrspace(1) %m, align 32
; CHECK: %[[L:.*]] = load <5 x i32>, ptr addrspace(1) %m, align 32
; CHECK-NEXT: %b.off = extractelement <5 x i32> %[[L]], i32 0
; CHECK-NEXT: %[[S:.*]] = shufflevector <5 x i32> %[[L]], <5 x i32> poison, <4 x i32> <i32 1, i32 2, i32 3, i32 4>
; CHECK-NEXT: %[[B:.*]] = bitcast <4 x i32> %[[S]] to i128
; CHECK-NEXT: %b.rsrc = inttoptr i128 %[[B]] to ptr addrspace(8)
; CHECK-NEXT: call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %b.rsrc, i32 %b.off, i32 0, i32 0)
define i32 @in_memory(ptr addrspace(8) %r, ptr addrspace(1) %m) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %q = getelementptr i32, ptr addrspace(7) %p, i32 3
  store ptr addrspace(7) %q, ptr addrspace(1) %m, align 32
  %b = load ptr addrspace(7), ptr addrspace(1) %m, align 32
  %v = load i32, ptr addrspace(7) %b
  ret i32 %v
}

; Vector indices give a vector of fat pointers: one resource, <2 x i32>
; offsets; extractelement picks an offset.
; CHECK-LABEL: define i32 @vector_gep(
; CHECK: %[[X:.*]] = shl <2 x i32> %i, <i32 2, i32 2>
; CHECK-NEXT: %[[A:.*]] = add <2 x i32> <i32 8, i32 8>, %[[X]]
; CHECK-NEXT: %e.off = extractelement <2 x i32> %[[A]], i32 1
; CHECK-NEXT: call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 %e.off, i32 0, i32 0)
define i32 @vector_gep(ptr addrspace(8) %r, <2 x i32> %i) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %q = getelementptr i32, ptr addrspace(7) %p, i32 2
  %v = getelementptr i32, ptr addrspace(7) %q, <2 x i32> %i
  %e = extractelement <2 x ptr addrspace(7)> %v, i32 1
  %x = load i32, ptr addrspace(7) %e
  ret i32 %x
}

; ptrtoint to i64: the offset, then V# dword 0; a p8 stored goes as its
; four dwords.
; CHECK-LABEL: define i64 @int64(
; CHECK: %[[W:.*]] = bitcast i128 %{{.*}} to <4 x i32>
; CHECK-NEXT: %[[D0:.*]] = extractelement <4 x i32> %[[W]], i32 0
; CHECK-NEXT: %[[Z:.*]] = zext i32 %[[D0]] to i64
; CHECK-NEXT: %[[H:.*]] = shl i64 %[[Z]], 32
; CHECK-NEXT: or i64 %[[H]], 12
; CHECK: store <4 x i32> %{{.*}}, ptr addrspace(1) %m, align 16
define i64 @int64(ptr addrspace(8) %r, ptr addrspace(1) %m) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %q = getelementptr i32, ptr addrspace(7) %p, i32 3
  %i = ptrtoint ptr addrspace(7) %q to i64
  store ptr addrspace(8) %r, ptr addrspace(1) %m, align 16
  ret i64 %i
}

; freeze of a fat pointer freezes both parts; an atomic's !nontemporal
; sets slc (aux bit 1) and volatile sets nothing (glc would mean "return the
; old value" on an atomic; atomics are performed in L2 anyway).
; CHECK-LABEL: define i32 @frz(
; CHECK-NEXT: %[[O:.*]] = shl i32 %i, 2
; CHECK-NEXT: %f.rsrc = freeze ptr addrspace(8) %r
; CHECK-NEXT: %f.off = freeze i32 %[[O]]
; CHECK-NEXT: call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %f.rsrc, i32 %f.off, i32 0, i32 0)
; CHECK-LABEL: define void @nt_atomic(
; CHECK: call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %r, i32 %{{.*}}, i32 0, i32 2)
define i32 @frz(ptr addrspace(8) %r, i32 %i) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %q = getelementptr i32, ptr addrspace(7) %p, i32 %i
  %f = freeze ptr addrspace(7) %q
  %v = load i32, ptr addrspace(7) %f
  ret i32 %v
}

define void @nt_atomic(ptr addrspace(8) %r, i32 %i) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %q = getelementptr i32, ptr addrspace(7) %p, i32 %i
  %o = atomicrmw volatile add ptr addrspace(7) %q, i32 1 monotonic, !nontemporal !0
  ret void
}

!0 = !{i32 1}
