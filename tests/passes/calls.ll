; Calls to a function that is not inlined (isel_calls.c, frame.c): the
; caller moves the arguments into v0.., the V# into s[0:3], the wave offset
; into s7, waits for every counter, sets the callee's stack pointer s6 past
; its own frame and calls through s[4:5] (an empty EXEC calls the next
; instruction instead); values live across the call stay above the callee's
; VGPR region v0..v2. The callee saves every register it writes outside the
; calling convention's regions (all 64 lanes), restores them, waits, and
; returns with s_setpc_b64.
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
; CHECK: s_getpc_b64 s[[[A:[0-9]+]]:[[B:[0-9]+]]]
; CHECK-NEXT: s_add_u32 s[[A]], s[[A]], f@rel32@lo+4
; CHECK-NEXT: s_addc_u32 s[[B]], s[[B]], f@rel32@hi+12
; The first argument (the work-item id) is in v0 already: the copy that
; kept it across the call is forwarded to the argument move, which then
; copied v0 onto itself and is gone (copy-cleanup). The i64 goes to v[1:2].
; CHECK-NOT: v_mov_b32_e32 v0,
; CHECK: v_mov_b32_e32 v1, 3
; CHECK-NEXT: v_mov_b32_e32 v2, 0
; CHECK: s_add_u32 s6, s7, 0
; CHECK-NEXT: s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
; CHECK-NEXT: s_getpc_b64 s[4:5]
; CHECK-NEXT: s_add_u32 s4, s4, 20
; CHECK-NEXT: s_addc_u32 s5, s5, 0
; CHECK-NEXT: s_cmp_lg_u64 exec, 0
; CHECK-NEXT: s_cselect_b64 s[4:5], s[[[A]]:[[B]]], s[4:5]
; CHECK-NEXT: s_swappc_b64 s[4:5], s[4:5]
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
; CHECK: s_or_saveexec_b64 vcc, -1
; CHECK-NEXT: buffer_store_dword v3, off, s[0:3], s6{{$}}
; CHECK: v_writelane_b32 v3, s8, 0
; CHECK: buffer_store_dword v3, off, s[0:3], s6 offset:
; CHECK-NEXT: s_mov_b64 exec, vcc
; CHECK: v_mul_lo_u32
; CHECK: s_or_saveexec_b64 vcc, -1
; CHECK: v_readlane_b32 s8, v3, 0
; CHECK: buffer_load_dword v3, off, s[0:3], s6{{$}}
; CHECK: s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
; CHECK-NEXT: s_mov_b64 exec, vcc
; CHECK-NEXT: s_setpc_b64 s[4:5]
