; llvm.amdgcn.ballot(true), the atomic optimizer's set of active lanes, is
; EXEC itself: one s_mov_b64 of exec. On main it was
; s_mov_b64 -1 and an s_and_b64 with exec.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK-NOT: s_and_b64
; CHECK: s_mov_b64 s[{{[0-9]+}}:{{[0-9]+}}], exec
; CHECK-NOT: s_and_b64
; CHECK: s_bcnt1_i32_b64
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 40
  br i1 %c, label %then, label %end
then:
  %b = call i64 @llvm.amdgcn.ballot.i64(i1 true)
  %n = call i64 @llvm.ctpop.i64(i64 %b)
  %n32 = trunc i64 %n to i32
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %n32, ptr addrspace(1) %p
  br label %end
end:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i64 @llvm.ctpop.i64(i64)
