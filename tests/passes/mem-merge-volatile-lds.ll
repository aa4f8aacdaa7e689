; Volatile LDS accesses are not paired into ds_read2/ds_write2
; (src/passes/mem_merge.c): LLVM keeps the number and order of volatile
; accesses, as llc-19 does here. The same accesses without volatile pair.
; Before the fix both kernels gave ds_write2_b32 and ds_read2_b32.
; RUN: %wavecc --no-llc-ir-passes -O2 -S %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}vol:
; CHECK-NOT: ds_write2
; CHECK-NOT: ds_read2
; CHECK: ds_write_b32
; CHECK: ds_write_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:4
; CHECK-NOT: ds_write2
; CHECK-NOT: ds_read2
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}plain:
; CHECK: ds_write2_b32
; CHECK: ds_read2_b32
; CHECK: s_endpgm
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @vol(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p0 = getelementptr inbounds i32, ptr addrspace(3) @lds, i32 %t
  %p1 = getelementptr inbounds i32, ptr addrspace(3) %p0, i32 1
  store volatile i32 %t, ptr addrspace(3) %p0, align 4
  store volatile i32 3, ptr addrspace(3) %p1, align 4
  call void @llvm.amdgcn.s.barrier()
  %a = load volatile i32, ptr addrspace(3) %p0, align 4
  %b = load volatile i32, ptr addrspace(3) %p1, align 4
  %s = add i32 %a, %b
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @plain(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p0 = getelementptr inbounds i32, ptr addrspace(3) @lds, i32 %t
  %p1 = getelementptr inbounds i32, ptr addrspace(3) %p0, i32 1
  store i32 %t, ptr addrspace(3) %p0, align 4
  store i32 3, ptr addrspace(3) %p1, align 4
  call void @llvm.amdgcn.s.barrier()
  %a = load i32, ptr addrspace(3) %p0, align 4
  %b = load i32, ptr addrspace(3) %p1, align 4
  %s = add i32 %a, %b
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
