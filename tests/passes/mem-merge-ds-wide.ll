; Wider LDS reads (src/passes/mem_merge.c widen_ds): four ds_read_b32 of
; consecutive dwords become one ds_read_b128 when the address is provably
; 16-byte aligned, two ds_read_b64 paired into one ds_read2_b64 when it is
; 8-byte aligned, and stay two ds_read2_b32 otherwise (gfx900 without the
; unaligned access mode; llc-19 widens only as far as it can prove the
; alignment too). The alignment comes from the address's definition: row
; ty of a tile of 16 floats (ty << 6), of 6 floats (ty * 24), of 5 floats
; (ty * 20). Volatile reads stay single. Under a VGPR budget below 16
; nothing is widened (two b64 reads would pair into a 4-dword tuple):
; ds_read2_b32 pairs as before. Writes of four values that die in the
; store: ds_write_b128, ds_write2_b64 (of two ds_write_b64), two
; ds_write2_b32, four volatile ds_write_b32. Before: two ds_read2_b32 in
; a16 and a8, two ds_write2_b32 in wr16 and wr8.
; RUN: %wavecc --no-llc-ir-passes -O2 -S %s -o - | FileCheck %s
; RUN: %wavecc --no-llc-ir-passes -O2 --max-vgprs=12 -S %s -o - | FileCheck %s --check-prefix=SMALL
; CHECK-LABEL: {{^}}a16:
; CHECK: ds_read_b128 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}{{$}}
; CHECK-NOT: ds_read
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}a8:
; CHECK: ds_read2_b64 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}} offset1:1{{$}}
; CHECK-NOT: ds_read
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}a4:
; CHECK: ds_read2_b32 v[{{[0-9]+}}:{{[0-9]+}}], [[A:v[0-9]+]] offset1:1{{$}}
; CHECK-NEXT: ds_read2_b32 v[{{[0-9]+}}:{{[0-9]+}}], [[A]] offset0:2 offset1:3{{$}}
; CHECK-NOT: ds_read
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}vol:
; CHECK-COUNT-4: ds_read_b32 v{{[0-9]+}}, v{{[0-9]+}}
; CHECK-NOT: ds_read
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}unordered:
; CHECK: ds_read_b128 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}} offset:16{{$}}
; CHECK-NOT: ds_read
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}wr16:
; CHECK: ds_write_b128 v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; CHECK-NOT: ds_write
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}wr8:
; CHECK: ds_write2_b64 v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}] offset1:1{{$}}
; CHECK-NOT: ds_write
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}wr4:
; CHECK: ds_write2_b32
; CHECK-NEXT: ds_write2_b32
; CHECK-NOT: ds_write
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}wrvol:
; CHECK-COUNT-4: ds_write_b32 v{{[0-9]+}}, v{{[0-9]+}}
; CHECK-NOT: ds_write
; CHECK: s_endpgm
; SMALL-LABEL: {{^}}a16:
; SMALL: ds_read2_b32 v[{{[0-9]+}}:{{[0-9]+}}], [[S:v[0-9]+]] offset1:1{{$}}
; SMALL-NEXT: ds_read2_b32 v[{{[0-9]+}}:{{[0-9]+}}], [[S]] offset0:2 offset1:3{{$}}
; SMALL-NOT: ds_read
; SMALL: s_endpgm
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@t16 = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@t6 = internal addrspace(3) global [16 x [6 x float]] undef, align 4
@t5 = internal addrspace(3) global [16 x [5 x float]] undef, align 4

define amdgpu_kernel void @a16(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %p0 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 0
  %v0 = load float, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 1
  %v1 = load float, ptr addrspace(3) %p1, align 4
  %s1 = fadd float %v0, %v1
  %p2 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 2
  %v2 = load float, ptr addrspace(3) %p2, align 4
  %s2 = fadd float %s1, %v2
  %p3 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 3
  %v3 = load float, ptr addrspace(3) %p3, align 4
  %s3 = fadd float %s2, %v3
  store float %s3, ptr addrspace(1) %out, align 4
  ret void
}
define amdgpu_kernel void @a8(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %p0 = getelementptr inbounds [16 x [6 x float]], ptr addrspace(3) @t6, i32 0, i32 %ty, i32 0
  %v0 = load float, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr inbounds [16 x [6 x float]], ptr addrspace(3) @t6, i32 0, i32 %ty, i32 1
  %v1 = load float, ptr addrspace(3) %p1, align 4
  %s1 = fadd float %v0, %v1
  %p2 = getelementptr inbounds [16 x [6 x float]], ptr addrspace(3) @t6, i32 0, i32 %ty, i32 2
  %v2 = load float, ptr addrspace(3) %p2, align 4
  %s2 = fadd float %s1, %v2
  %p3 = getelementptr inbounds [16 x [6 x float]], ptr addrspace(3) @t6, i32 0, i32 %ty, i32 3
  %v3 = load float, ptr addrspace(3) %p3, align 4
  %s3 = fadd float %s2, %v3
  store float %s3, ptr addrspace(1) %out, align 4
  ret void
}
define amdgpu_kernel void @a4(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %p0 = getelementptr inbounds [16 x [5 x float]], ptr addrspace(3) @t5, i32 0, i32 %ty, i32 0
  %v0 = load float, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr inbounds [16 x [5 x float]], ptr addrspace(3) @t5, i32 0, i32 %ty, i32 1
  %v1 = load float, ptr addrspace(3) %p1, align 4
  %s1 = fadd float %v0, %v1
  %p2 = getelementptr inbounds [16 x [5 x float]], ptr addrspace(3) @t5, i32 0, i32 %ty, i32 2
  %v2 = load float, ptr addrspace(3) %p2, align 4
  %s2 = fadd float %s1, %v2
  %p3 = getelementptr inbounds [16 x [5 x float]], ptr addrspace(3) @t5, i32 0, i32 %ty, i32 3
  %v3 = load float, ptr addrspace(3) %p3, align 4
  %s3 = fadd float %s2, %v3
  store float %s3, ptr addrspace(1) %out, align 4
  ret void
}
define amdgpu_kernel void @vol(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %p0 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 0
  %v0 = load volatile float, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 1
  %v1 = load volatile float, ptr addrspace(3) %p1, align 4
  %s1 = fadd float %v0, %v1
  %p2 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 2
  %v2 = load volatile float, ptr addrspace(3) %p2, align 4
  %s2 = fadd float %s1, %v2
  %p3 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 3
  %v3 = load volatile float, ptr addrspace(3) %p3, align 4
  %s3 = fadd float %s2, %v3
  store float %s3, ptr addrspace(1) %out, align 4
  ret void
}
define amdgpu_kernel void @unordered(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %p7 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 7
  %v7 = load float, ptr addrspace(3) %p7, align 4
  %p5 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 5
  %v5 = load float, ptr addrspace(3) %p5, align 4
  %s5 = fadd float %v7, %v5
  %p4 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 4
  %v4 = load float, ptr addrspace(3) %p4, align 4
  %s4 = fadd float %s5, %v4
  %p6 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 6
  %v6 = load float, ptr addrspace(3) %p6, align 4
  %s6 = fadd float %s4, %v6
  store float %s6, ptr addrspace(1) %out, align 4
  ret void
}
define amdgpu_kernel void @wr16(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %f0 = uitofp i32 %tx to float
  %f1 = fadd float %f0, 1.0
  %f2 = fmul float %f0, 3.0
  %f3 = fsub float %f0, 5.0
  %p0 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 0
  store float %f0, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 1
  store float %f1, ptr addrspace(3) %p1, align 4
  %p2 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 2
  store float %f2, ptr addrspace(3) %p2, align 4
  %p3 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 3
  store float %f3, ptr addrspace(3) %p3, align 4
  ret void
}
define amdgpu_kernel void @wr8(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %f0 = uitofp i32 %tx to float
  %f1 = fadd float %f0, 1.0
  %f2 = fmul float %f0, 3.0
  %f3 = fsub float %f0, 5.0
  %p0 = getelementptr inbounds [16 x [6 x float]], ptr addrspace(3) @t6, i32 0, i32 %ty, i32 0
  store float %f0, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr inbounds [16 x [6 x float]], ptr addrspace(3) @t6, i32 0, i32 %ty, i32 1
  store float %f1, ptr addrspace(3) %p1, align 4
  %p2 = getelementptr inbounds [16 x [6 x float]], ptr addrspace(3) @t6, i32 0, i32 %ty, i32 2
  store float %f2, ptr addrspace(3) %p2, align 4
  %p3 = getelementptr inbounds [16 x [6 x float]], ptr addrspace(3) @t6, i32 0, i32 %ty, i32 3
  store float %f3, ptr addrspace(3) %p3, align 4
  ret void
}
define amdgpu_kernel void @wr4(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %f0 = uitofp i32 %tx to float
  %f1 = fadd float %f0, 1.0
  %f2 = fmul float %f0, 3.0
  %f3 = fsub float %f0, 5.0
  %p0 = getelementptr inbounds [16 x [5 x float]], ptr addrspace(3) @t5, i32 0, i32 %ty, i32 0
  store float %f0, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr inbounds [16 x [5 x float]], ptr addrspace(3) @t5, i32 0, i32 %ty, i32 1
  store float %f1, ptr addrspace(3) %p1, align 4
  %p2 = getelementptr inbounds [16 x [5 x float]], ptr addrspace(3) @t5, i32 0, i32 %ty, i32 2
  store float %f2, ptr addrspace(3) %p2, align 4
  %p3 = getelementptr inbounds [16 x [5 x float]], ptr addrspace(3) @t5, i32 0, i32 %ty, i32 3
  store float %f3, ptr addrspace(3) %p3, align 4
  ret void
}
define amdgpu_kernel void @wrvol(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %f0 = uitofp i32 %tx to float
  %f1 = fadd float %f0, 1.0
  %f2 = fmul float %f0, 3.0
  %f3 = fsub float %f0, 5.0
  %p0 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 0
  store volatile float %f0, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 1
  store volatile float %f1, ptr addrspace(3) %p1, align 4
  %p2 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 2
  store volatile float %f2, ptr addrspace(3) %p2, align 4
  %p3 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t16, i32 0, i32 %ty, i32 3
  store volatile float %f3, ptr addrspace(3) %p3, align 4
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workitem.id.x()
