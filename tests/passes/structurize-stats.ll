; wavecc --stats says how each kernel's divergent branches were lowered:
; structured EXEC-mask regions (isel_struct.c), the simple if/else
; selector, or masked linearisation of the whole kernel, with the
; isel_struct*.c line that refused the shape (or the opt-out attribute;
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

; A break out of a loop from inside a nested if: the IR pass
; loop-exit-flags moves it to the top level of the body.
; CHECK: nested: {{.*}}, divergent control flow structured
define amdgpu_kernel void @nested(ptr addrspace(1) %out, ptr addrspace(1) %log) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %log, i32 %id
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %a = icmp ult i32 %i, %id
  br i1 %a, label %inner, label %latch
inner:
  %old = load volatile i32, ptr addrspace(1) %q
  %b = icmp eq i32 %old, 5
  br i1 %b, label %exit, label %latch
latch:
  store volatile i32 %i, ptr addrspace(1) %q
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, 100
  br i1 %c, label %loop, label %exit
exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %i, ptr addrspace(1) %p
  ret void
}

; A loop with two latches (LLVM's loop-simplify would merge them): still
; masked linearisation, with the line that refused it.
; CHECK: latches: {{.*}}, divergent control flow masked (isel_struct{{(_loop)?}}.c:{{[0-9]+}})
define amdgpu_kernel void @latches(ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %a ], [ %i2, %b ]
  %c = icmp ult i32 %i, %id
  br i1 %c, label %a, label %b
a:
  %i1 = add i32 %i, 3
  %ca = icmp ult i32 %i1, 50
  br i1 %ca, label %loop, label %exit
b:
  %i2 = add i32 %i, 5
  %cb = icmp ult i32 %i2, 60
  br i1 %cb, label %loop, label %exit
exit:
  %r = phi i32 [ %i1, %a ], [ %i2, %b ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
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
