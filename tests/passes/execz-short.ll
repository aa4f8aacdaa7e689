; execz-short: an s_cbranch_execz over a short arm of VALU work that writes
; only VGPRs goes (with EXEC zero the arm changes nothing), as llc-19's
; SIPreEmitPeephole does; an arm with a memory access, a message or an
; s_waitcnt keeps its branch.
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc %s --print-after=waitcnt -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.sendmsg(i32 immarg, i32)

; BEFORE-LABEL: kernel ifelse
; BEFORE: s_and_saveexec_b64
; BEFORE-NEXT: s_cbranch_execz

; CHECK-LABEL: ifelse:
; CHECK: s_and_saveexec_b64 [[S:s\[[0-9]+:[0-9]+\]]],
; CHECK-NEXT: {{^.*BB1:}}
; CHECK-NEXT: v_add_u32_e32 [[V:v[0-9]+]], -1, [[V]]
; CHECK: s_andn2_b64 exec, [[S]], exec
; CHECK-NEXT: s_cbranch_execz
; CHECK: s_sendmsg
; CHECK: s_or_b64 exec, exec, [[S]]
define amdgpu_kernel void @ifelse(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %x = load i32, ptr addrspace(1) %q
  %bit = and i32 %x, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %send, label %even
send:
  call void @llvm.amdgcn.s.sendmsg(i32 1, i32 %x)
  %a = add i32 %x, 1
  br label %join
even:
  %b = sub i32 %x, 1
  br label %join
join:
  %r = phi i32 [ %a, %send ], [ %b, %even ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}
