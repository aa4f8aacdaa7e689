; A byval argument's object copied to the callee's stack arguments
; (copy_byval, src/isel/isel_calls.c): with architected flat scratch
; (gfx11, gfx942: scratch_*, not swizzled) up to 4 dwords per load and
; store, as llc-19 copies; through the swizzled private segment buffer
; (gfx900) one dword each. Was 9 dword loads and 9 dword stores at gfx1100
; (tests/kernels/f_call_byval.ll: 1.68x llc-19's occupancy-model cycles).
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s --check-prefix=GFX11
; RUN: %wavecc -mcpu=gfx942 -S %s -o - | FileCheck %s --check-prefix=GFX942
; RUN: %wavecc -mcpu=gfx900 -S %s -o - | FileCheck %s --check-prefix=GFX9
target triple = "amdgcn-amd-amdhsa"

%S = type { [9 x i32] }

define i32 @f(ptr addrspace(5) byval(%S) align 4 %s, i32 %x) noinline {
  %p = getelementptr i32, ptr addrspace(5) %s, i32 8
  %v = load i32, ptr addrspace(5) %p
  %r = add i32 %v, %x
  ret i32 %r
}

; GFX11-LABEL: k:
; GFX11: scratch_load_b128 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, off{{$}}
; GFX11-NEXT: scratch_load_b128 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, off offset:16
; GFX11-NEXT: scratch_load_b32 v{{[0-9]+}}, v{{[0-9]+}}, off offset:32
; GFX11: scratch_store_b128 off, v[{{[0-9]+}}:{{[0-9]+}}], s32{{$}}
; GFX11: scratch_store_b128 off, v[{{[0-9]+}}:{{[0-9]+}}], s32 offset:16
; GFX11: scratch_store_b32 off, v{{[0-9]+}}, s32 offset:32
; GFX11: s_swappc_b64
; GFX942-LABEL: k:
; GFX942-COUNT-2: scratch_load_dwordx4
; GFX942: scratch_load_dword v
; GFX942-COUNT-2: scratch_store_dwordx4
; GFX942: s_swappc_b64
; GFX9-LABEL: k:
; GFX9-COUNT-9: buffer_load_dword v
; GFX9-NOT: buffer_load_dwordx
; GFX9: s_swappc_b64
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %o = alloca %S, align 4, addrspace(5)
  %e = getelementptr i32, ptr addrspace(5) %o, i32 %i
  store i32 %i, ptr addrspace(5) %e
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @f(ptr addrspace(5) byval(%S) align 4 %o, i32 %id)
  store i32 %r, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
