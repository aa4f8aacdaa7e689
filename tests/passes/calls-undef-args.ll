; Arguments nobody reads (isel_calls.c): a poison argument is passed as
; nothing (no copy into its VGPR, no store to the stack: clang passes
; poison for the parameters a callee does not read), and a function does
; not load a stack parameter it does not read. On main k copied a zero
; into v1..v30 and stored two to the stack (then waited for the stores
; before the call), and f loaded a32 and a33 (f_call_many_args.cl
; k_ids: 82 wave-instructions where llc-19 runs 52).
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK-NOT: {{buffer|scratch}}_store
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, 0{{$}}
; CHECK: s_swappc_b64
; CHECK-LABEL: f:
; CHECK-NOT: {{buffer|scratch}}_load
; CHECK: s_setpc_b64
define internal i32 @f(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %a4, i32 %a5, i32 %a6, i32 %a7, i32 %a8, i32 %a9, i32 %a10, i32 %a11, i32 %a12, i32 %a13, i32 %a14, i32 %a15, i32 %a16, i32 %a17, i32 %a18, i32 %a19, i32 %a20, i32 %a21, i32 %a22, i32 %a23, i32 %a24, i32 %a25, i32 %a26, i32 %a27, i32 %a28, i32 %a29, i32 %a30, i32 %a31, i32 %a32, i32 %a33) noinline {
  %r = add i32 %a0, 1
  ret i32 %r
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %x) {
  %r = call i32 @f(i32 %x, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison)
  store i32 %r, ptr addrspace(1) %out
  ret void
}
