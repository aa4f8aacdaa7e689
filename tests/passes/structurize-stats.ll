; wavecc --stats says how each kernel's divergent branches were lowered:
; structured EXEC-mask regions (isel_struct.c), the simple if/else
; selector, or masked linearisation of the whole kernel, with the
; isel_struct.c line that refused the shape (or the opt-out attribute;
; "register budget" when compiled again unstructured to fit the budget).
; This is how to find the kernels that still fall back.
; RUN: %wavecc %s --stats -S -o /dev/null 2>&1 | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK: uni: {{.*}}, divergent control flow none
define amdgpu_kernel void @uni(ptr addrspace(1) %out, i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %then, label %exit
then:
  store i32 1, ptr addrspace(1) %out
  br label %exit
exit:
  ret void
}

; CHECK: ifthen: {{.*}}, divergent control flow structured
define amdgpu_kernel void @ifthen(ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %id, 10
  br i1 %c, label %then, label %exit
then:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 1, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

; b3 is entered from b1 and from b2, whose other edge leaves the region
; (early return): not a nested if.
; CHECK: shared: {{.*}}, divergent control flow masked (isel_struct.c:{{[0-9]+}})
define amdgpu_kernel void @shared(ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %c0 = icmp ult i32 %id, 10
  br i1 %c0, label %exit, label %b1
b1:
  %c1 = icmp ult i32 %id, 20
  br i1 %c1, label %b2, label %b3
b2:
  store i32 1, ptr addrspace(1) %p
  %c2 = icmp ult i32 %id, 15
  br i1 %c2, label %exit, label %b3
b3:
  store i32 2, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

; CHECK: optout: {{.*}}, divergent control flow if/else (wavecc-no-structurize)
define amdgpu_kernel void @optout(ptr addrspace(1) %out) "wavecc-no-structurize" {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %id, 10
  br i1 %c, label %then, label %exit
then:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 1, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}
