; IR pass test: loop-exit-flags alone, then the whole compiler. A break
; from inside an if of the loop body (%then is not at the top level: it
; does not dominate the latch) used to send the kernel to masked
; linearisation. The pass sends the exit edge through %loop.break to a
; flow block before the next top-level block (%join), which holds Z's
; phis, an i1 flag per exit target and the values the target reads
; (%w through a phi, undef on the other edges), and leaves the loop on the
; flag; the selector then takes the exit at the top level (s_andn2_b64
; exec, the lanes wait). A top-level exit (%latch) and a function with no
; divergent branch (@uniform) are left alone.
; @shared: block %shared is both the target of the inner loop's divergent
; exit (through %found) and the other arm of the if around the loop; it
; gets a copy for the exit edge (%exit.copy, its phis resolved), so the
; exit target is a region ending at the loop's join (f_loop_nested_exits'
; k_brk2, masked linearisation before).
; RUN: %wavecc-opt -ir-pass=loop-exit-flags %s | FileCheck %s
; RUN: %wavecc --no-llc-ir-passes %s -S -o - | FileCheck %s --check-prefix=ASM
; RUN: %wavecc --no-llc-ir-passes %s --stats -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: define amdgpu_kernel void @brk(
; CHECK: br i1 %c, label %then, label %loop.flow
; CHECK-LABEL: then:
; CHECK: br i1 %hit, label %loop.break, label %then.2
; CHECK-LABEL: then.2:
; CHECK: br label %loop.flow
; CHECK-LABEL: loop.break:
; CHECK-NEXT: br label %loop.flow
; CHECK-LABEL: loop.flow:
; CHECK-DAG: %[[W:[a-z.0-9]+]] = phi i32 [ %w, %loop.break ], [ %w, %then.2 ], [ undef, %loop ]
; CHECK-DAG: %[[SJ:[0-9]+]] = phi i32 [ %s, %loop ], [ %w2, %then.2 ], [ undef, %loop.break ]
; CHECK-DAG: %exit.flag = phi i1 [ false, %loop ], [ false, %then.2 ], [ true, %loop.break ]
; CHECK: br i1 %exit.flag, label %found, label %join
; CHECK-LABEL: join:
; CHECK-NEXT: %s.next = add i32 %[[SJ]], %i
; CHECK-LABEL: latch:
; CHECK: br i1 %more, label %loop, label %exit
; CHECK-LABEL: found:
; CHECK: %wr = mul i32 %[[W]], 7

; CHECK-LABEL: define amdgpu_kernel void @shared(
; CHECK-LABEL: found:
; CHECK: br label %exit.copy
; CHECK-LABEL: shared:
; CHECK-NEXT: %[[F:[0-9]+]] = phi i1 [ true, %around ]
; CHECK-NEXT: %[[K:[0-9]+]] = phi i32 [ 0, %around ]
; CHECK-NEXT: %k10 = mul i32 %[[K]], 10
; CHECK-LABEL: join:
; CHECK-NEXT: %r = phi i32 [ %k10, %shared ], [ -1, %inner.latch ], [ %[[K2:[0-9]+]], %exit.copy ]
; CHECK-NEXT: %g = phi i1 [ %[[F]], %shared ], [ false, %inner.latch ], [ %lt, %exit.copy ]
; CHECK-LABEL: exit.copy:
; CHECK-NEXT: %[[K2]] = mul i32 %j1, 10
; CHECK-NEXT: br label %join

; CHECK-LABEL: define amdgpu_kernel void @uniform(
; CHECK-NOT: loop.flow
; CHECK: ret void

; STATS: brk: {{.*}}, divergent control flow structured
; ASM-LABEL: brk:
; ASM: s_mov_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]], exec
; ASM: [[LOOP:\.Lbrk_BB[0-9]+]]:
; ASM: global_load_dword
; ASM: s_andn1_saveexec_b64
; ASM: s_or_b64 exec, exec,
; ASM: v_cmp_ne_u32_e64 [[FLAG:s\[[0-9]+:[0-9]+\]]], 0, v{{[0-9]+}}
; ASM-NEXT: s_and_b64 [[LEAVE:s\[[0-9]+:[0-9]+\]]], exec, [[FLAG]]
; ASM-NEXT: s_or_b64 {{s\[[0-9]+:[0-9]+\]}}, {{s\[[0-9]+:[0-9]+\]}}, [[LEAVE]]
; ASM-NEXT: s_andn2_b64 exec, exec, [[LEAVE]]
; ASM-NEXT: s_cbranch_execz
; ASM: s_cbranch_execnz [[LOOP]]
; ASM: s_mov_b64 exec, [[SAVED]]
define amdgpu_kernel void @brk(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %x = add i32 %v, %tid
  %odd = and i32 %x, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %join
then:
  %w = add i32 %v, %tid
  %hit = icmp sgt i32 %w, 100
  br i1 %hit, label %found, label %then.2
then.2:
  %w2 = mul i32 %w, 3
  br label %join
join:
  %s.j = phi i32 [ %s, %loop ], [ %w2, %then.2 ]
  %s.next = add i32 %s.j, %i
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
found:
  %r = phi i32 [ %s, %then ]
  %wr = mul i32 %w, 7
  br label %exit
exit:
  %t = phi i32 [ %wr, %found ], [ %s.next, %latch ]
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %t, ptr addrspace(1) %g, align 4
  ret void
}

define amdgpu_kernel void @shared(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %id
  %v0 = load i32, ptr addrspace(1) %p0, align 4
  %first = icmp eq i32 %v0, 0
  br i1 %first, label %around, label %inner
inner:
  %j = phi i32 [ 0, %entry ], [ %j1, %inner.latch ]
  %j1 = add i32 %j, 1
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %j1
  %v = load i32, ptr addrspace(1) %p, align 4
  %hit = icmp eq i32 %v, %id
  br i1 %hit, label %found, label %inner.latch
inner.latch:
  %more = icmp slt i32 %j1, %n
  br i1 %more, label %inner, label %join
found:
  %lt = icmp slt i32 %j1, %n
  br label %shared
around:
  br label %shared
shared:
  %f = phi i1 [ true, %around ], [ %lt, %found ]
  %k = phi i32 [ 0, %around ], [ %j1, %found ]
  %k10 = mul i32 %k, 10
  br label %join
join:
  %r = phi i32 [ %k10, %shared ], [ -1, %inner.latch ]
  %g = phi i1 [ %f, %shared ], [ false, %inner.latch ]
  %gz = zext i1 %g to i32
  %s = add i32 %r, %gz
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %id
  store i32 %s, ptr addrspace(1) %q, align 4
  ret void
}

define amdgpu_kernel void @uniform(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %then, label %latch
then:
  %hit = icmp sgt i32 %v, 100
  br i1 %hit, label %exit, label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store i32 %i, ptr addrspace(1) %out, align 4
  ret void
}
