; exec-cleanup: an if-then whose skip block F holds only phi copies (the
; lanes that skip the "then" arm take 0, or a value of the if block) gets
; them before the if's s_and_saveexec_b64, under the if's EXEC, as llc-19
; does; F is then empty, its s_andn2_b64 exec goes too (one instruction
; fewer per if, radix_split's scan steps). Not when the arm reads the
; copy's register (here %a lives in the phi's VGPR until the arm's add).
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc %s --print-after=copy-cleanup -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; BEFORE-LABEL: kernel zero_else
; BEFORE: exec = s_andn2_b64 [[S:%[0-9]+]]:s2@s[{{[0-9:]+}}], exec
; BEFORE-NEXT: v{{[0-9]+}} = v_mov_b32 0
; BEFORE-NEXT: p_branch [[J:BB[0-9]+]]

; CHECK-LABEL: zero_else:
; CHECK: v_mov_b32_e32 [[D:v[0-9]+]], 0
; CHECK: s_and_saveexec_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]],
; CHECK-NEXT: s_cbranch_execz
; CHECK: global_load_dword [[D]],
; CHECK-NOT: s_andn2_b64 exec
; CHECK-NOT: v_mov_b32
; CHECK: s_or_b64 exec, exec, [[SAVED]]
; CHECK: global_store_dword v{{[0-9]+}}, [[D]], s
define amdgpu_kernel void @zero_else(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %id, %n
  br i1 %c, label %then, label %join
then:
  %q = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %x = load i32, ptr addrspace(1) %q
  br label %join
join:
  %r = phi i32 [ 0, %entry ], [ %x, %then ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}

; The arm reads %a, which shares the phi's VGPR: the copy stays in F.
; CHECK-LABEL: arm_reads:
; CHECK: s_and_saveexec_b64 [[SAVED2:s\[[0-9]+:[0-9]+\]]],
; CHECK-NEXT: s_cbranch_execz
; CHECK: v_add_u32_e32 [[A:v[0-9]+]], v{{[0-9]+}}, [[A]]
; CHECK: s_andn2_b64 exec, [[SAVED2]], exec
; CHECK-NEXT: v_mov_b32_e32 [[A]], 7
; CHECK: s_or_b64 exec, exec, [[SAVED2]]
define amdgpu_kernel void @arm_reads(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %a = load i32, ptr addrspace(1) %q
  %c = icmp ult i32 %a, %n
  br i1 %c, label %then, label %join
then:
  %q2 = getelementptr i32, ptr addrspace(1) %in, i32 %a
  %x = load i32, ptr addrspace(1) %q2
  %y = add i32 %x, %a
  br label %join
join:
  %r = phi i32 [ 7, %entry ], [ %y, %then ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}

; The arm's value of the phi (%a) sits in the phi's VGPR from before the
; if and the arm never touches that register: the copy stays in F (moving
; it would overwrite %a in the arm's lanes).
; CHECK-LABEL: arm_passes:
; CHECK: s_and_saveexec_b64 [[SAVED3:s\[[0-9]+:[0-9]+\]]],
; CHECK-NEXT: s_cbranch_execz
; CHECK: global_store_dword
; CHECK: s_andn2_b64 exec, [[SAVED3]], exec
; CHECK-NEXT: v_mov_b32_e32
; CHECK: s_or_b64 exec, exec, [[SAVED3]]
define amdgpu_kernel void @arm_passes(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %a = load i32, ptr addrspace(1) %q
  %b = mul i32 %a, 100
  %c = icmp ult i32 %id, %n
  br i1 %c, label %then, label %join
then:
  store i32 %b, ptr addrspace(1) %q
  br label %join
join:
  %r = phi i32 [ %b, %entry ], [ %a, %then ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}

; The arm's first blocks (a straight line into a loop's preheader) write
; the phi's VGPR whole before reading it: the copy moves.
; CHECK-LABEL: arm_line:
; CHECK: v_mov_b32_e32 [[H:v[0-9]+]], 0x811c9dc5
; CHECK: s_and_saveexec_b64 [[S4:s\[[0-9]+:[0-9]+\]]],
; CHECK-NOT: s_andn2_b64 exec
; CHECK: s_or_b64 exec, exec, [[S4]]
; CHECK: global_store_dword v{{[0-9]+}}, [[H]], s
define amdgpu_kernel void @arm_line(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %id, %n
  br i1 %c, label %then, label %join
then:
  %q = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %len = load i32, ptr addrspace(1) %q
  br label %loop
loop:
  %h = phi i32 [ -2128831035, %then ], [ %h2, %loop ]
  %i = phi i32 [ 0, %then ], [ %i1, %loop ]
  %x = xor i32 %h, %i
  %h2 = mul i32 %x, 16777619
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %len
  br i1 %more, label %loop, label %join
join:
  %r = phi i32 [ -2128831035, %entry ], [ %h2, %loop ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}
