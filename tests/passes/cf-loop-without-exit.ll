; A loop no lane leaves, entered by some lanes (LLVM 19's
; infinite-loop.ll, branch-relaxation.ll, divergence-at-use.ll): masked
; linearisation named the final block in the loop's exit edges before it
; existed (an assertion in Debug builds, an out-of-range block in Release).
; (The latch's branch: s_cbranch_execnz back to the loop, the end block
; having set EXEC to the continuing lanes.)
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; CHECK-LABEL: infinite_loop_ret:
; CHECK: v_cmp_eq_u32
; CHECK: global_store_dword
; CHECK: s_cbranch_execnz
; CHECK: s_endpgm
; CHECK-LABEL: infinite_loops:
; CHECK: s_endpgm
define amdgpu_kernel void @infinite_loop_ret(ptr addrspace(1) %out) {
entry:
  %tmp = tail call i32 @llvm.amdgcn.workitem.id.x()
  %cond = icmp eq i32 %tmp, 1
  br i1 %cond, label %loop, label %return
loop:
  store volatile i32 999, ptr addrspace(1) %out, align 4
  br label %loop
return:
  ret void
}

define amdgpu_kernel void @infinite_loops(ptr addrspace(1) %out, i32 %n) {
entry:
  %tmp = tail call i32 @llvm.amdgcn.workitem.id.x()
  %c0 = icmp ult i32 %tmp, %n
  br i1 %c0, label %loop1, label %loop2
loop1:
  store volatile i32 999, ptr addrspace(1) %out, align 4
  br label %loop1
loop2:
  store volatile i32 888, ptr addrspace(1) %out, align 4
  br label %loop2
}
declare i32 @llvm.amdgcn.workitem.id.x()
