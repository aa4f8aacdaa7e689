; [config]
; name: writelane to an inactive lane (issue 26)
; device_regex: gfx900
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; # under a divergent branch (lanes 0..31) writelane(2000, lane 40, tid)
; # writes the inactive lane 40, which readlane(.., 40) sees; lane 40
; # itself keeps its own value (40) after the branch. llc-19 fails it: it
; # gives the writelane result the register of the phi after the branch,
; # so lane 40 gets 2000 (KNOWN-FAILURES.llc)
; name: writelane inactive lane
; kernel_name: k_writelane_inactive
; arg_in: 0 buffer uint[64] repeat 0
; arg_out: 0 buffer uint[64] \
;   2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 \
;   2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 2000 \
;   32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 \
;   48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
; arg_in: 1 uint 1000

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_writelane_inactive(ptr addrspace(1) %out, i32 %s) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %low = icmp ult i32 %tid, 32
  br i1 %low, label %div, label %join
div:
  %s2 = add i32 %s, 1000
  %w2 = call i32 @llvm.amdgcn.writelane.i32(i32 %s2, i32 40, i32 %tid)
  %r = call i32 @llvm.amdgcn.readlane.i32(i32 %w2, i32 40)
  br label %join
join:
  %v = phi i32 [ %r, %div ], [ %tid, %0 ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.writelane.i32(i32, i32, i32)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
