; A kernel's private array at constant indices: the alloca's offset and the
; index's bytes go into MUBUF's 12-bit offset field with no VGPR address
; ("off"), not a v_mov of the address before every access; a divergent
; index keeps the offen form.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; SROA leaves %p one i32 at offset 0, %q at 4 (volatile: glc)
; CHECK-LABEL: k:
; CHECK: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s{{[0-9]+}} offset:4 glc{{$}}
; CHECK: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s{{[0-9]+}} offset:8 glc{{$}}
; CHECK: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[0:3], s{{[0-9]+}} offen glc{{$}}
; CHECK: buffer_load_dword v{{[0-9]+}}, off, s[0:3], s{{[0-9]+}} glc{{$}}
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = alloca [4 x i32], align 4, addrspace(5)
  %q = alloca [4 x i32], align 4, addrspace(5)
  store volatile i32 %a, ptr addrspace(5) %q, align 4
  %q1 = getelementptr inbounds [4 x i32], ptr addrspace(5) %q, i32 0, i32 1
  store volatile i32 %b, ptr addrspace(5) %q1, align 4
  %i = and i32 %t, 3
  %qi = getelementptr inbounds [4 x i32], ptr addrspace(5) %q, i32 0, i32 %i
  %x = load volatile i32, ptr addrspace(5) %qi, align 4
  %p1 = getelementptr inbounds [4 x i32], ptr addrspace(5) %p, i32 0, i32 1
  %y = load volatile i32, ptr addrspace(5) %p1, align 4
  %s = add i32 %x, %y
  store i32 %s, ptr addrspace(1) %out
  ret void
}
