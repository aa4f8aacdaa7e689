; The MODE pass and calls: a function starts and ends with the MODE
; environment's values, so one that rounds upward for its last addition
; sets MODE back before s_setpc_b64 (else its caller's next addition would
; round upward too), and a caller that changed MODE for an instruction
; restores it before s_swappc_b64.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)

define internal float @up(float %a, float %b) noinline strictfp {
  %r = call float @llvm.experimental.constrained.fadd.f32(float %a, float %b, metadata !"round.upward", metadata !"fpexcept.ignore") strictfp
  ret float %r
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, float %x, float %y) strictfp {
  %d = call float @llvm.experimental.constrained.fadd.f32(float %x, float %y, metadata !"round.downward", metadata !"fpexcept.ignore") strictfp
  %r = call float @up(float %d, float %y) strictfp
  %s = fadd float %r, %x
  store float %s, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: k:
; CHECK: s_setreg_imm32_b32 hwreg(1, 0, {{[0-9]+}}),
; CHECK: v_add_f32
; CHECK: s_setreg_imm32_b32 hwreg(1, 0, {{[0-9]+}}), 0x0{{$}}
; CHECK: s_swappc_b64
; CHECK-NOT: s_setreg
; CHECK: v_add_f32
; CHECK: s_endpgm
; CHECK-LABEL: up:
; CHECK: s_setreg_imm32_b32 hwreg(1, 0, {{[0-9]+}}),
; CHECK-NEXT: v_add_f32
; CHECK: s_setreg_imm32_b32 hwreg(1, 0, {{[0-9]+}}), 0x0{{$}}
; CHECK: s_setpc_b64
