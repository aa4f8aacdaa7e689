; Temporal divergence, the cost test (divergence.c, drop_unpaid_copies;
; issue 27). loop-exit-copies gives a value used after a loop a copy
; (freeze) on each exiting edge; in a loop with a divergent exit the copy
; is a v_mov into a VGPR every iteration. The value stays uniform only
; when that pays: a scalar load (pays_load: the counter addresses a
; constant table, s_load_dword instead of a global_load_dword per
; iteration, as on main) or a scalar branch (pays_branch: the exit on the
; counter). Otherwise the counter is a VGPR as without the copy, and the
; copy selects to nothing: no_gain (the counter only offsets a lane
; address) and no_gain_dispatch (its exit is one of two exit targets, a
; lane mask anyway).
; RUN: %wavecc -mcpu=gfx900 %s -filetype=null --print-after=divergence 2>&1 | FileCheck %s --check-prefix=DIV
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s

; DIV-LABEL: divergence of pays_load:
; DIV: uniform: %lsr.iv.next = add i32 %lsr.iv, 1
; DIV: divergent: %lsr.iv.next.exit = freeze i32 %lsr.iv.next
; DIV-LABEL: divergence of pays_branch:
; DIV: uniform: %i = phi i32
; DIV: divergent: %i.exit = freeze i32 %i
; DIV: uniform: %i.next = add i32 %i, 1
; DIV-LABEL: divergence of no_gain:
; DIV: divergent: %i = phi i32
; DIV: divergent: %i.next = add i32 %i, 1
; DIV-LABEL: divergence of no_gain_dispatch:
; DIV: divergent: %i = phi i32
; DIV: divergent: %i.next = add i32 %i, 1

; CHECK-LABEL: pays_load:
; CHECK: global_load_dword
; CHECK: s_mov_b32 [[I:s[0-9]+]], -1
; CHECK-NEXT: [[LOOP:.Lpays_load_BB[0-9]+]]:
; CHECK-NEXT: s_add_u32 [[I]], [[I]], 1
; CHECK-NOT: global_load
; CHECK: s_load_dword
; CHECK-NOT: global_load
; CHECK: v_mov_b32_e32 v{{[0-9]+}}, [[I]]
; CHECK: s_cbranch_execnz [[LOOP]]
; CHECK-LABEL: pays_branch:
; CHECK: s_cmp_lt_i32 s{{[0-9]+}}, s{{[0-9]+}}
; CHECK-NEXT: s_cbranch_scc1
; CHECK-LABEL: no_gain:
; CHECK: global_load_dword
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, s
; CHECK: v_add_u32_e32 v{{[0-9]+}}, 1, v{{[0-9]+}}
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, s
; CHECK: s_cbranch_execnz
; CHECK-LABEL: no_gain_dispatch:
; CHECK-NOT: s_cselect_b32
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @pays_load(ptr addrspace(1) %out, ptr addrspace(4) %tab, ptr addrspace(1) %keys) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %kp = getelementptr inbounds i32, ptr addrspace(1) %keys, i32 %tid
  %key = load i32, ptr addrspace(1) %kp, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr addrspace(4) %tab, i32 %i
  %t = load i32, ptr addrspace(4) %p, align 4
  %i.next = add i32 %i, 1
  %hit = icmp sge i32 %t, %key
  br i1 %hit, label %done, label %loop
done:
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %i, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @pays_branch(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %idx = add i32 %tid, %i
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %hit = icmp eq i32 %v, 0
  br i1 %hit, label %done, label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %i, %loop ], [ -1, %latch ]
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @no_gain(ptr addrspace(1) %out, ptr addrspace(1) %a) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = add i32 %tid, %i
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %i.next = add i32 %i, 1
  %hit = icmp eq i32 %v, 0
  br i1 %hit, label %done, label %loop
done:
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %i.next, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @no_gain_dispatch(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %hdr
hdr:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %stop = icmp sge i32 %i, %n
  br i1 %stop, label %exA, label %body
body:
  %idx = add i32 %tid, %i
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %hit = icmp eq i32 %v, 0
  %i.next = add i32 %i, 1
  br i1 %hit, label %exB, label %hdr
exA:
  %sa = mul i32 %i, 3
  br label %done
exB:
  %sb = mul i32 %i.next, 5
  br label %done
done:
  %r = phi i32 [ %sa, %exA ], [ %sb, %exB ]
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
