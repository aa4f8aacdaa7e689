; A GEP of constant indices on a GEP of constant indices: the base's
; constant is folded along (its uses, and its constant GEPs' uses, all fit),
; so each access carries the sum: 32 + 4, 32 - 8, 32 (mem-merge joins
; 32 and 36 into one dwordx2); on the constant pointer 16 + 4 and 16 - 16.
; RUN: %wavecc -O0 -S %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}chain:
; CHECK-NOT: v_add_co_u32{{.*}}, 32,
; CHECK: global_load_dwordx2 {{v\[[0-9]+:[0-9]+\]}}, v[[[A:[0-9]+]]:{{[0-9]+}}], off offset:32{{$}}
; CHECK: global_load_dword {{v[0-9]+}}, v[[[A]]:{{[0-9]+}}], off offset:24{{$}}
; CHECK-NOT: s_add_u32
; CHECK: s_load_dword {{s[0-9]+}}, s[[[C:[0-9]+]]:{{[0-9]+}}], 0x14{{$}}
; CHECK: s_load_dword {{s[0-9]+}}, s[[[C]]:{{[0-9]+}}], 0x0{{$}}
; CHECK: global_store_dword v[[[A]]:{{[0-9]+}}], {{v[0-9]+}}, off{{$}}
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @chain(ptr addrspace(1) %p, ptr addrspace(4) %c) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e = zext i32 %t to i64
  %a = getelementptr [4 x float], ptr addrspace(1) %p, i64 %e
  %b = getelementptr i8, ptr addrspace(1) %a, i64 32
  %b1 = getelementptr i8, ptr addrspace(1) %b, i64 4
  %b2 = getelementptr i8, ptr addrspace(1) %b, i64 -8
  %x = load float, ptr addrspace(1) %b1
  %y = load float, ptr addrspace(1) %b2
  %z = load float, ptr addrspace(1) %b
  %s = fadd float %x, %y
  %s2 = fadd float %s, %z
  %k = getelementptr i8, ptr addrspace(4) %c, i64 16
  %k1 = getelementptr i8, ptr addrspace(4) %k, i64 4
  %kv = load float, ptr addrspace(4) %k1
  %k2 = getelementptr i8, ptr addrspace(4) %k, i64 -16
  %kw = load float, ptr addrspace(4) %k2
  %s3 = fadd float %s2, %kv
  %s4 = fadd float %s3, %kw
  store float %s4, ptr addrspace(1) %a
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
