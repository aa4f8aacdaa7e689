; infer-address-spaces runs among llc-19's pre-selection IR passes
; (llc_passes.c): a store through an addrspacecast of an LDS pointer is a
; ds_write, not a flat_store (which counts in lgkmcnt too, so the next LDS
; read would wait for a VMEM latency). f_generic_ptr's bump(pick(&lds[l],
; &priv[3], c)) reaches selection in this form. Fails on main (ee7898a):
; flat_store_dword.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK-NOT: flat_store
; CHECK: ds_{{write|store}}_b32
; CHECK-NOT: flat_store
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(3) %lds, ptr addrspace(1) %out, i32 %c) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds i32, ptr addrspace(3) %lds, i32 %t
  %odd = and i32 %t, 1
  %z = icmp eq i32 %odd, 0
  br i1 %z, label %skip, label %st
st:
  %g = addrspacecast ptr addrspace(3) %p to ptr
  store i32 %c, ptr %g, align 4
  br label %skip
skip:
  call void @llvm.amdgcn.s.barrier()
  %v = load i32, ptr addrspace(3) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

; `icmp eq ptr (addrspacecast ptr addrspace(3) %p), null` becomes a compare
; with `addrspacecast (ptr null to ptr addrspace(3))`: the LDS null,
; 0xffffffff (-1), not 0 (tests/kernels/f_private_to_flat.ll checks the
; private one at run time)
; CHECK-LABEL: isnull:
; CHECK: v_cmp_{{eq|ne}}_u32{{.*}}, -1,
; CHECK: s_endpgm
define amdgpu_kernel void @isnull(ptr addrspace(1) %out, i32 %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = add i32 %x, %t
  %p = inttoptr i32 %a to ptr addrspace(3)
  %g = addrspacecast ptr addrspace(3) %p to ptr
  %z = icmp eq ptr %g, null
  %r = zext i1 %z to i32
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}
