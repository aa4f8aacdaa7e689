; [config]
; name: writelane of a uniform old value is divergent (issue 27)
; dimensions: 1
; global_size: 32 0 0
; local_size: 32 0 0
;
; [test]
; # writelane(s = 1000, lane 5, old = u = 9): lane 5 gets 1000, every other
; # lane 9; a uniform loop writes lanes 0, 2, .., 8 of a uniform 7 with
; # 100 + lane. The result differs per lane though every operand is uniform.
; # 32 work-items: one wave at wave32 and wave64.
; name: uniform operands
; kernel_name: k_wl
; arg_out: 0 buffer uint[64] 9 9 9 9 9 1000 9 9 9 9 9 9 9 9 9 9 \
;   9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 \
;   100 7 102 7 104 7 106 7 108 7 7 7 7 7 7 7 \
;   7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
; arg_in: 1 int 1000
; arg_in: 2 int 9

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_wl(ptr addrspace(1) %out, i32 %s, i32 %u) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %w = call i32 @llvm.amdgcn.writelane.i32(i32 %s, i32 5, i32 %u)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %w, ptr addrspace(1) %p
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %acc = phi i32 [ 7, %entry ], [ %acc2, %loop ]
  %v = add i32 %i, 100
  %acc2 = call i32 @llvm.amdgcn.writelane.i32(i32 %v, i32 %i, i32 %acc)
  %i2 = add i32 %i, 2
  %c = icmp ult i32 %i2, 10
  br i1 %c, label %loop, label %done
done:
  %t2 = add i32 %tid, 32
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %t2
  store i32 %acc2, ptr addrspace(1) %p2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.writelane.i32(i32, i32, i32)
