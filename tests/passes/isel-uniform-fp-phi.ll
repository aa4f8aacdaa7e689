; A uniform float/double phi with an incoming value the VALU computes (an
; FP accumulator of a uniform loop) is a VGPR phi (isel.c,
; uniform_phi_in_vgpr), as llc-19 keeps it: the add reads the uniform
; loaded value from its SGPR and the accumulator from its VGPR, with no
; v_readfirstlane_b32 on the back edge and no v_mov_b32 of the SGPR
; accumulator before the next add.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; The loop runs two iterations a time (unroll-load-loops): both loads are
; one s_load_dwordx2 and both adds read the accumulator's VGPR.
; CHECK-LABEL: k_sum:
; CHECK: v_mov_b32_e32 [[ACC:v[0-9]+]], 0
; CHECK: [[LOOP:.Lk_sum_BB[0-9]+]]:
; CHECK: s_load_dwordx2 s{{\[}}[[X:[0-9]+]]:[[Y:[0-9]+]]{{\]}}, s[{{[0-9]+:[0-9]+}}], 0x0
; CHECK-NOT: v_readfirstlane_b32
; CHECK-NOT: v_mov_b32
; CHECK: v_add_f32_e32 [[ACC]], s[[X]], [[ACC]]
; CHECK-NEXT: v_add_f32_e32 [[ACC]], s[[Y]], [[ACC]]
; CHECK-NEXT: s_cmp_lg_u32
; CHECK-NEXT: s_cbranch_scc1 [[LOOP]]
; CHECK: global_store_dword
define amdgpu_kernel void @k_sum(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias readonly %in, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc2, %loop ]
  %p = getelementptr float, ptr addrspace(1) %in, i32 %i
  %x = load float, ptr addrspace(1) %p, align 4
  %acc2 = fadd float %acc, %x
  %i2 = add i32 %i, 1
  %c = icmp ult i32 %i2, %n
  br i1 %c, label %loop, label %done
done:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %acc2, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
