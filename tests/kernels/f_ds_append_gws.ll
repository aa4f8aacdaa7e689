; [config]
; name: ds.append / ds.consume and the global wave sync intrinsics ds.gws.* (issue 26)
; device_regex: gfx900
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; # one wave; lanes 0..39 append to ctr[0] (10 -> 50), lanes 40..63
; # consume from ctr[1] (100 -> 76): every lane gets its counter's old
; # value; then each lane reads both counters
; name: append and consume
; kernel_name: k_append
; arg_in: 0 buffer uint[192] repeat 0
; arg_out: 0 buffer uint[192] \
;   10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 \
;   10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 \
;   100 100 100 100 100 100 100 100 100 100 100 100 \
;   100 100 100 100 100 100 100 100 100 100 100 100 \
;   50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 \
;   50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 \
;   76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 \
;   76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76
;
; [test]
; # a one-wave GWS barrier (init 0) at a constant and at a run-time
; # resource id, and a semaphore: init 2, v (3), br 3 (6), p (5), release.all
; name: gws
; kernel_name: k_gws
; arg_in: 0 buffer uint[64] repeat 0
; arg_out: 0 buffer uint[64] repeat 1
; arg_in: 1 uint 9

target triple = "amdgcn-amd-amdhsa"

@ctr = internal addrspace(3) global [2 x i32] undef, align 4

define amdgpu_kernel void @k_append(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %init, label %go
init:
  store i32 10, ptr addrspace(3) @ctr
  store i32 100, ptr addrspace(3) getelementptr ([2 x i32], ptr addrspace(3) @ctr, i32 0, i32 1)
  br label %go
go:
  call void @llvm.amdgcn.s.barrier()
  %low = icmp ult i32 %tid, 40
  br i1 %low, label %app, label %con
app:
  %a = call i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3) @ctr, i1 false)
  br label %join
con:
  %c = call i32 @llvm.amdgcn.ds.consume.p3(ptr addrspace(3) getelementptr ([2 x i32], ptr addrspace(3) @ctr, i32 0, i32 1), i1 false)
  br label %join
join:
  %r = phi i32 [ %a, %app ], [ %c, %con ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.barrier()
  %c0 = load i32, ptr addrspace(3) @ctr
  %c1 = load i32, ptr addrspace(3) getelementptr ([2 x i32], ptr addrspace(3) @ctr, i32 0, i32 1)
  %i1 = add i32 %tid, 64
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 %i1
  store i32 %c0, ptr addrspace(1) %p1
  %i2 = add i32 %tid, 128
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %i2
  store i32 %c1, ptr addrspace(1) %p2
  ret void
}

define amdgpu_kernel void @k_gws(ptr addrspace(1) %out, i32 %rid) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.amdgcn.ds.gws.init(i32 0, i32 5)
  call void @llvm.amdgcn.ds.gws.barrier(i32 0, i32 5)
  call void @llvm.amdgcn.ds.gws.init(i32 0, i32 %rid)
  call void @llvm.amdgcn.ds.gws.barrier(i32 0, i32 %rid)
  call void @llvm.amdgcn.ds.gws.init(i32 2, i32 7)
  call void @llvm.amdgcn.ds.gws.sema.v(i32 7)
  call void @llvm.amdgcn.ds.gws.sema.br(i32 3, i32 7)
  call void @llvm.amdgcn.ds.gws.sema.p(i32 7)
  call void @llvm.amdgcn.ds.gws.sema.release.all(i32 7)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 1, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3), i1)
declare i32 @llvm.amdgcn.ds.consume.p3(ptr addrspace(3), i1)
declare void @llvm.amdgcn.ds.gws.init(i32, i32)
declare void @llvm.amdgcn.ds.gws.barrier(i32, i32)
declare void @llvm.amdgcn.ds.gws.sema.v(i32)
declare void @llvm.amdgcn.ds.gws.sema.br(i32, i32)
declare void @llvm.amdgcn.ds.gws.sema.p(i32)
declare void @llvm.amdgcn.ds.gws.sema.release.all(i32)
