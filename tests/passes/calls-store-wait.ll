; Stores outstanding across calls (waitcnt.c boundary_wait), GFX10+'s
; separate store counter: as llc-19, a caller waits for no store before
; s_swappc_b64 and a callee for none before s_setpc_b64; instead both
; count stores as outstanding after the boundary (at a function's entry,
; after a call), so a release waits for them there. On main every call
; and return waited for all stores (a store's latency per call:
; f_call_args.cl had 1.97x llc-19's occupancy-model cycles on gfx1100),
; and a function's release did not wait for its caller's stores: an
; llc-19 caller, which leaves them outstanding, could see its stores
; after the flag (r below had no s_waitcnt_vscnt before its store).
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; the kernel: no store wait before either call; after the first (g
; returns with its store outstanding) one before the release store
; CHECK-LABEL: k:
; CHECK-NOT: s_waitcnt_vscnt
; CHECK: s_swappc_b64
; CHECK-NOT: global_store
; CHECK: s_waitcnt_vscnt null, 0x0
; CHECK: global_store_{{b32|dword}}
; CHECK: global_store_{{b32|dword}}
; CHECK-NOT: s_waitcnt_vscnt
; CHECK: s_swappc_b64
; CHECK-LABEL: g:
; CHECK: global_store_{{b32|dword}}
; CHECK-NEXT: s_setpc_b64
; the release in a function waits for its caller's stores
; CHECK-LABEL: r:
; CHECK: s_waitcnt_vscnt null, 0x0
; CHECK: global_store_{{b32|dword}}
; CHECK-NEXT: s_setpc_b64
define internal void @g(ptr addrspace(1) %p, i32 %v) noinline {
  store i32 %v, ptr addrspace(1) %p
  ret void
}

define internal void @r(ptr addrspace(1) %f) noinline {
  store atomic i32 1, ptr addrspace(1) %f syncscope("agent") release, align 4
  ret void
}

define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %f, i32 %v) {
  call void @g(ptr addrspace(1) %p, i32 %v)
  store atomic i32 1, ptr addrspace(1) %f syncscope("agent") release, align 4
  %q = getelementptr i32, ptr addrspace(1) %p, i32 1
  store i32 %v, ptr addrspace(1) %q
  call void @r(ptr addrspace(1) %f)
  ret void
}
