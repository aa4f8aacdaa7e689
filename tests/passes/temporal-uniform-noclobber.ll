; Divergence (divergence.c, uniform_pays): a global load marked
; !amdgpu.noclobber (annotate-noclobber) inside a loop with a divergent
; exit, at an address that is uniform inside the loop but carried out of
; it, keeps the address uniform: s_load_dword in the loop, as llc-19. The
; test of the metadata must use the module's context: a custom kind's
; number depends on the order a context registered its kinds, and with
; bypass-slow-division registering wavecc.no-bypass first, the global
; context's number for amdgpu.noclobber named another kind; the address
; became divergent and the load a global_load_dword each iteration
; (tests/kernels/f_loop_escape.ll: 69,666 -> 270,309 occupancy-model
; cycles at gfx900 on cq22a before this fix).
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_join:
; CHECK-NOT: global_load
; CHECK: s_load_dword
; CHECK-NOT: global_load
; CHECK: s_endpgm
define amdgpu_kernel void @k_join(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = urem i32 %tid, 61
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %s = phi i32 [ 0, %entry ], [ %s.inner, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner.latch ]
  %s.j = phi i32 [ %s, %outer ], [ %s.next, %inner.latch ]
  %ij = mul i32 %i, %n
  %idx = add i32 %ij, %j
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %s.next = add i32 %s.j, %v
  %hit = icmp eq i32 %v, %t
  br i1 %hit, label %exit, label %inner.latch
inner.latch:
  %j.next = add i32 %j, 1
  %jc = icmp ult i32 %j.next, %n
  br i1 %jc, label %inner, label %outer.latch
outer.latch:
  %s.inner = phi i32 [ %s.next, %inner.latch ]
  %i.next = add i32 %i, 1
  %ic = icmp ult i32 %i.next, %n
  br i1 %ic, label %outer, label %exit
exit:
  %r = phi i32 [ %idx, %inner ], [ -1, %outer.latch ]
  %sum = phi i32 [ %s.next, %inner ], [ %s.inner, %outer.latch ]
  %o = shl i32 %tid, 1
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %o
  store i32 %r, ptr addrspace(1) %g, align 4
  %o1 = or disjoint i32 %o, 1
  %g1 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %o1
  store i32 %sum, ptr addrspace(1) %g1, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
