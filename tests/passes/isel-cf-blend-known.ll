; Masked linearisation (isel_cf.c blend_phis): a phi's inputs known at
; selection time need no blend. A lane-mask phi of false, false, true is
; the mask of the `true` edge itself (blend_mask), where the generic blend
; (d & ~m) | (v & m) took six SALU instructions that simplify cannot fold
; once licm has put the constants in registers; an i32 phi whose inputs
; are one value or undef is that value. f_masked_cf_goto_switch (a switch
; in a loop with a goto out of a nested loop): occupancy-model cycles
; 10448 -> 8448 at gfx1030 (llc-19 7401). Fails on main 9fd8fc4 (the
; s_andn2_b64 / s_and_b64 / s_or_b64 blends after the join's EXEC write).
; (The attribute "wavecc-no-structurize" keeps this kernel out of
; isel_struct.c's structured lowering.)
; RUN: %wavecc %s -S -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK: global_store_dword {{.*}} glc
; CHECK: global_store_dword {{.*}} glc
; CHECK: global_store_dword {{.*}} glc
; CHECK: s_or_b64 s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}]
; CHECK-NEXT: s_or_b64 exec, exec,
; CHECK-NEXT: v_add_u32_e32
; CHECK-NEXT: v_mov_b32_e32
; CHECK-NEXT: v_cndmask_b32
; CHECK-NOT: v_cndmask_b32
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %n) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %t
  %x0 = load i32, ptr addrspace(1) %a
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %join ]
  %x = phi i32 [ %x0, %entry ], [ %s, %join ]
  %c1 = icmp ult i32 %x, 100
  br i1 %c1, label %A, label %B
A:
  store volatile i32 1, ptr addrspace(1) %p
  %c2 = icmp ugt i32 %x, 10
  br i1 %c2, label %C, label %join
B:
  store volatile i32 2, ptr addrspace(1) %p
  br label %join
C:
  store volatile i32 3, ptr addrspace(1) %p
  br label %join
join:
  %m = phi i1 [ false, %A ], [ false, %B ], [ true, %C ]
  %v = phi i32 [ %x, %A ], [ undef, %B ], [ %x, %C ]
  %y = add i32 %v, 3
  %s = select i1 %m, i32 %y, i32 %i
  %i1 = add i32 %i, 1
  %e = icmp eq i32 %i1, %n
  br i1 %e, label %out, label %head
out:
  store i32 %s, ptr addrspace(1) %a
  ret void
}
attributes #0 = { "wavecc-no-structurize" }
