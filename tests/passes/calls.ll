; Calls to a function that is not inlined (isel_calls.c, frame.c), in
; AMDGPUUsage's convention: the kernel adds its wave offset to the V#'s
; base and sets the stack pointer s32 past its own frame once, at its
; entry (as llc-19 does); the caller moves the arguments into v0.., waits
; for every counter and calls through s[30:31] with s_swappc_b64 alone (the
; entry block runs with EXEC non-zero: no guard, frame_exec.c); values
; live across the call stay above the callee's VGPR region v0..v2. The
; callee (a leaf) uses s4..s29 freely, as AMDGPUUsage lets it, waits, and
; returns with s_setpc_b64 s[30:31]; it writes no EXEC, so it neither
; saves nor restores it.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define internal i32 @f(i32 %a, i64 %b) noinline {
  %t = trunc i64 %b to i32
  %m = mul i32 %a, %t
  %r = add i32 %m, 7
  ret i32 %r
}

; CHECK-LABEL: k:
; CHECK-NEXT: .Lk_BB0:
; CHECK-NEXT: s_add_u32 s0, s0, s7
; CHECK-NEXT: s_addc_u32 s1, s1, 0
; CHECK-NEXT: s_mov_b32 s32, 0
; CHECK: s_getpc_b64 s[[[A:[0-9]+]]:[[B:[0-9]+]]]
; CHECK-NEXT: s_add_u32 s[[A]], s[[A]], f@rel32@lo+4
; CHECK-NEXT: s_addc_u32 s[[B]], s[[B]], f@rel32@hi+12
; The first argument (the work-item id) is in v0 already: the copy that
; kept it across the call is forwarded to the argument move, which then
; copied v0 onto itself and is gone (copy-cleanup). The i64 goes to v[1:2].
; CHECK-NOT: v_mov_b32_e32 v0,
; CHECK: v_mov_b32_e32 v1, 3
; CHECK-NEXT: v_mov_b32_e32 v2, 0
; CHECK-NEXT: s_waitcnt {{.*}}lgkmcnt(0)
; CHECK-NEXT: s_swappc_b64 s[30:31], s[[[A]]:[[B]]]
; CHECK-NOT: v0
; CHECK: v_add_u32_e32 v{{[0-9]+}}, v0, v[[ID:[3-9]|[1-9][0-9]]]
; CHECK: s_endpgm
; CHECK: .amdhsa_user_sgpr_private_segment_buffer 1
; CHECK: .amdhsa_system_sgpr_private_segment_wavefront_offset 1
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @f(i32 %id, i64 3)
  %s = add i32 %r, %id
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %s, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: f:
; CHECK-NEXT: .Lf_BB0:
; the caller may have loads outstanding into the argument registers
; (llc-19's callers do not wait before s_swappc_b64): wait first
; CHECK-NEXT: s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
; (a * trunc(b) + 7: the low dword of one v_mad_u64_u32, as llc-19)
; CHECK-NEXT: v_mad_u64_u32 v[0:1], s[{{[0-9]+:[0-9]+}}], v1, v0, 7
; (nothing outstanding at the return: the waitcnt pass drops the wait)
; CHECK-NEXT: s_setpc_b64 s[30:31]
