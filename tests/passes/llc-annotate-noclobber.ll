; annotate-noclobber (src/llvm/annotate_noclobber.cpp), after llc-19's
; load-store vectoriser: a kernel's global load that nothing before it in
; the kernel may have written gets !amdgpu.noclobber, so a uniform one
; goes to the scalar cache as llc-19's AMDGPUAnnotateUniformValues makes
; it. @merged: two uniform <4 x float> loads the clang pipeline marked
; noclobber, which the vectoriser merges into one load without the
; metadata (main: two global_load_dwordx4; llc-19 and now wavecc: one
; s_load_dwordx8), in a divergent branch. @after_store: a load after a
; store that may alias it stays a vector load. @fn: not in a kernel (the
; caller may have just written the memory): a vector load.
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: merged:
; CHECK: s_cbranch_execz
; CHECK-NOT: global_load_dwordx4 v{{.*}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}] offset:16
; CHECK: s_load_dwordx8
; CHECK: s_endpgm
define amdgpu_kernel void @merged(ptr addrspace(1) noalias %pos, ptr addrspace(1) noalias readonly %attr, i32 %n) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %pp = getelementptr <4 x float>, ptr addrspace(1) %pos, i32 %i
  %p = load <4 x float>, ptr addrspace(1) %pp, align 16, !amdgpu.noclobber !0
  %a0 = load <4 x float>, ptr addrspace(1) %attr, align 16, !amdgpu.noclobber !0
  %ap = getelementptr <4 x float>, ptr addrspace(1) %attr, i32 1
  %a1 = load <4 x float>, ptr addrspace(1) %ap, align 16, !amdgpu.noclobber !0
  %s = fadd <4 x float> %p, %a0
  %t = fadd <4 x float> %s, %a1
  store <4 x float> %t, ptr addrspace(1) %pp
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: after_store:
; CHECK: s_load_dword s{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0x0
; CHECK: global_store_dword
; CHECK: global_load_dword
; CHECK: s_endpgm
define amdgpu_kernel void @after_store(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %a = load i32, ptr addrspace(1) %p, align 4
  store i32 %a, ptr addrspace(1) %q, align 4
  %g = getelementptr i32, ptr addrspace(1) %p, i32 4
  %b = load i32, ptr addrspace(1) %g, align 4
  %r = getelementptr i32, ptr addrspace(1) %q, i32 1
  store i32 %b, ptr addrspace(1) %r, align 4
  ret void
}

; CHECK-LABEL: fn:
; CHECK-NOT: s_load
; CHECK: global_load_dword
; CHECK: s_setpc_b64
define i32 @fn(ptr addrspace(1) inreg %p) noinline {
  %a = load i32, ptr addrspace(1) %p, align 4
  ret i32 %a
}

define amdgpu_kernel void @calls(ptr addrspace(1) %p) {
  %a = call i32 @fn(ptr addrspace(1) inreg %p)
  %g = getelementptr i32, ptr addrspace(1) %p, i32 1
  store i32 %a, ptr addrspace(1) %g, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{}
