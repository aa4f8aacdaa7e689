; exec-cleanup: `exec = s_mov_b64 X` where EXEC already equals X on every
; path into it goes (a forward dataflow of the SGPR pairs known to hold
; EXEC). Masked linearisation ("wavecc-no-structurize") sets the loop's
; entry mask in the preheader, but the entry block saved EXEC there
; (s_mov_b64 X, exec) and nothing changed EXEC since. (This test also
; covered a restore of the loop's EXEC at the header, which masked
; linearisation no longer emits: the header finds its mask in EXEC.)
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc %s --print-after=copy-cleanup -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; BEFORE-LABEL: kernel masked_loop
; BEFORE: [[X:s\[[0-9]+:[0-9]+\]]] = s_mov_b64 exec
; BEFORE: exec = s_mov_b64 {{.*}}[[X]]
; CHECK-LABEL: masked_loop:
; CHECK: s_mov_b64 [[X:s\[[0-9]+:[0-9]+\]]], exec
; CHECK-NOT: s_mov_b64 exec, [[X]]
; CHECK: s_endpgm
define amdgpu_kernel void @masked_loop(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %limit) #0 {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %x = load i32, ptr addrspace(1) %q
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %cont ]
  %acc = phi i32 [ %x, %entry ], [ %acc1, %cont ]
  %big = icmp ugt i32 %acc, %limit
  br i1 %big, label %halt, label %body
halt:
  call void @llvm.amdgcn.s.sendmsghalt(i32 1, i32 0)
  br label %body
body:
  %m = mul i32 %acc, 3
  %acc1 = add i32 %m, %i
  %i1 = add i32 %i, 1
  %low = and i32 %acc1, 15
  %stop = icmp eq i32 %low, 0
  br i1 %stop, label %exit, label %cont
cont:
  %more = icmp ult i32 %i1, 8
  br i1 %more, label %loop, label %exit
exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %acc1, ptr addrspace(1) %p
  ret void
}

declare void @llvm.amdgcn.s.sendmsghalt(i32 immarg, i32)
attributes #0 = { "wavecc-no-structurize" }
