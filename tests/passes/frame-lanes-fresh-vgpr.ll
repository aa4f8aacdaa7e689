; A recursive function that writes every VGPR it allocates (v0..v3: its
; arguments and two temporaries, saved: it is on a call cycle, so it
; clobbers only its argument VGPRs) carries the SGPRs it saves in the
; lanes of v4, one VGPR past them, which it never writes (frame.c,
; find_saved): 5 VGPRs keep the occupancy of 4, and the lanes stay in v4
; from prologue to epilogue. It used to take v2, written by the body:
; v2 was stored for itself and again with the lanes, and at the return
; the lanes were loaded and waited for before v2's own reload (two
; memory latencies per return instead of one; tests/kernels/f_lds_module
; k_recursive ~8270 -> ~5822 occupancy-model cycles, llc-19 ~5643).
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"

@r = internal addrspace(3) global [64 x i32] undef, align 4

define internal i32 @rec(i32 %t, i32 %n) noinline {
entry:
  %pr = getelementptr [64 x i32], ptr addrspace(3) @r, i32 0, i32 %t
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %step
step:
  %v = load i32, ptr addrspace(3) %pr
  %m = mul i32 %v, 3
  %s = add i32 %m, %n
  store i32 %s, ptr addrspace(3) %pr
  %n1 = sub i32 %n, 1
  %res = call i32 @rec(i32 %t, i32 %n1)
  ret i32 %res
done:
  %w = load i32, ptr addrspace(3) %pr
  ret i32 %w
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @rec(i32 %t, i32 %n)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: rec:
; CHECK: buffer_store_dword v2, off, s[0:3], s32{{$}}
; CHECK-NEXT: buffer_store_dword v3, off, s[0:3], s32 offset:4
; CHECK-NEXT: buffer_store_dword v4, off, s[0:3], s32 offset:8
; CHECK-NEXT: v_writelane_b32 v4, s{{[0-9]+}}, 0
; CHECK-NOT: buffer_store
; CHECK: s_swappc_b64
; CHECK-NOT: buffer_load
; CHECK: v_readlane_b32 s{{[0-9]+}}, v4, 0
; CHECK-NOT: s_waitcnt
; CHECK: buffer_load_dword v2, off, s[0:3], s32{{$}}
; CHECK-NEXT: buffer_load_dword v3, off, s[0:3], s32 offset:4
; CHECK-NEXT: buffer_load_dword v4, off, s[0:3], s32 offset:8
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK: s_setpc_b64 s[30:31]
; CHECK: .vgpr_count: 5
; GFX11-LABEL: rec:
; GFX11: scratch_store_b32 off, v{{[0-9]+}}, s32 offset:
; GFX11: v_writelane_b32 [[L:v[0-9]+]], s{{[0-9]+}}, 0
; GFX11-NOT: scratch_store
; GFX11: s_swappc_b64
; GFX11-NOT: scratch_load_b32 [[L]]
; GFX11: v_readlane_b32 s{{[0-9]+}}, [[L]], 0
; GFX11: scratch_load_b32 [[L]], off, s32 offset:
; GFX11: s_setpc_b64 s[30:31]
