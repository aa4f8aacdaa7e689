; (x op d) op y with x, y uniform and d divergent is selected as
; (x op y) op d (llvm/reassociate_uniform.c, as llc-19's
; SITargetLowering::reassociateScalarOps): the uniform part is one SALU
; instruction and only one VALU one remains. A constant operand stays
; outermost.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"

; The xor chain h = ((m ^ h) ^ l) * p of f_spill_sgpr.cl, in a join
; block: on main six v_xor_b32 (m and l each xored into h in a VGPR).
; CHECK-LABEL: k:
; CHECK: s_xor_b32 [[X1:s[0-9]+]], s{{[0-9]+}}, s{{[0-9]+}}
; CHECK-NEXT: v_xor_b32_e32 v{{[0-9]+}}, [[X1]], v{{[0-9]+}}
; CHECK: s_xor_b32 [[X2:s[0-9]+]], s{{[0-9]+}}, s{{[0-9]+}}
; CHECK-NEXT: v_xor_b32_e32 v{{[0-9]+}}, [[X2]], v{{[0-9]+}}
; CHECK: s_xor_b32
; CHECK-NOT: v_xor_b32
; CHECK: s_endpgm
; GFX11 has v_xor3_b32 and a constant bus of two: the uniform pair and
; the divergent value in one instruction (isel_fuse.c match_xor3).
; GFX11-LABEL: k:
; GFX11: v_xor3_b32 v{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}, v
; GFX11: v_xor3_b32 v{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}, v
; GFX11-NOT: v_xor_b32
; GFX11: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %a, i32 %b, i32 %c, i32 %e) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %z = icmp eq i32 %t, 7
  br i1 %z, label %then, label %join
then:
  %t2 = mul i32 %t, 3
  br label %join
join:
  %h = phi i32 [ %t, %entry ], [ %t2, %then ]
  %m1 = mul i32 %a, 241
  %m2 = mul i32 %a, 239
  %m3 = mul i32 %a, 237
  %l1 = lshr i32 %a, 12
  %l2 = lshr i32 %a, 11
  %l3 = lshr i32 %a, 10
  %x1 = xor i32 %m1, %h
  %y1 = xor i32 %x1, %l1
  %h1 = mul i32 %y1, 16777619
  %x2 = xor i32 %m2, %h1
  %y2 = xor i32 %x2, %l2
  %h2 = mul i32 %y2, 16777619
  %x3 = xor i32 %m3, %h2
  %y3 = xor i32 %x3, %l3
  %s1 = add i32 %y3, %c
  %s2 = add i32 %s1, %e
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s2, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
