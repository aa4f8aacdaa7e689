; EXEC-mask lowering of a divergent if/else (isel.c): and_saveexec in the
; branch block, the else lanes in the invert block, EXEC restored at the
; join; the join's phi takes one value per arm.
; RUN: %wavecc %s -O0 -S -o %t.s --print-after=isel 2>&1 | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK: BB0:{{.*}}divergent_branch
; CHECK: [[M:%[0-9]+]]:s2 = v_cmp_{{[a-z]+}}_u32
; CHECK: [[SAVED:%[0-9]+]]:s2 = s_and_saveexec_b64
; CHECK-NEXT: s_cbranch_execz BB2
; CHECK: BB1:
; CHECK: BB2:
; CHECK-NEXT: exec = s_andn2_b64 [[SAVED]]:s2, exec
; CHECK-NEXT: s_cbranch_execz BB4
; CHECK: BB3:
; CHECK: BB4: logical_preds: BB1 BB3
; CHECK-NEXT: p_phi
; CHECK-NEXT: exec = s_or_b64 exec, [[SAVED]]:s2
; CHECK: global_store_dword
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, %n
  br i1 %c, label %then, label %else
then:
  %a = mul i32 %tid, %n
  br label %join
else:
  %b = add i32 %tid, 5
  br label %join
join:
  %p = phi i32 [ %a, %then ], [ %b, %else ]
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %p, ptr addrspace(1) %g
  ret void
}
