; sched-loads (src/passes/sched_loads.c) moves a scratch_load whose
; address is all in the offset field ("off, off": architected flat
; scratch, gfx11 and gfx942, a kernel's private array at a constant
; index) like any other load: its absent address operands are no reason to
; keep it in place. Before, each such load waited alone for its result
; (tests/kernels/f_call_byval.ll at gfx1100: a kernel's byval objects
; read back after the calls, 1.60x llc-19's occupancy-model cycles).
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx942 -S %s -o - | FileCheck %s --check-prefix=GFX942
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: sum:
; CHECK: scratch_load_b32 v{{[0-9]+}}, off, off
; CHECK-NEXT: scratch_load_b32 v{{[0-9]+}}, off, off
; CHECK-NEXT: scratch_load_b32 v{{[0-9]+}}, off, off
; CHECK-NEXT: scratch_load_b32 v{{[0-9]+}}, off, off
; CHECK-NEXT: s_waitcnt vmcnt(3)
; GFX942-LABEL: sum:
; GFX942-COUNT-4: scratch_load_dword v{{[0-9]+}}, off, off
; GFX942-NOT: v_mul
; GFX942: s_waitcnt vmcnt(3)
define amdgpu_kernel void @sum(ptr addrspace(1) %out, i32 %i, i32 %x) {
  %a = alloca [32 x i32], align 4, addrspace(5)
  %e = getelementptr i32, ptr addrspace(5) %a, i32 %i
  store i32 %x, ptr addrspace(5) %e
  %p0 = getelementptr i32, ptr addrspace(5) %a, i32 0
  %p1 = getelementptr i32, ptr addrspace(5) %a, i32 9
  %p2 = getelementptr i32, ptr addrspace(5) %a, i32 18
  %p3 = getelementptr i32, ptr addrspace(5) %a, i32 27
  %v0 = load i32, ptr addrspace(5) %p0
  %m0 = mul i32 %v0, %x
  %v1 = load i32, ptr addrspace(5) %p1
  %m1 = mul i32 %v1, %m0
  %v2 = load i32, ptr addrspace(5) %p2
  %m2 = mul i32 %v2, %m1
  %v3 = load i32, ptr addrspace(5) %p3
  %m3 = mul i32 %v3, %m2
  store i32 %m3, ptr addrspace(1) %out
  ret void
}
