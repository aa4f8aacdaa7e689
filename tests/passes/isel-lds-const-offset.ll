; Constant LDS addresses (src/isel/isel_mem.c vector_address): an access
; of an LDS variable at a constant index is base 0 + the address in the
; 16-bit DS offset field, all on one v_mov_b32 0, as llc-19 gives. Before,
; each address was its own v_mov_b32 (0x4, 0x8, ... 0x40: 17 VGPRs for
; `volatile local float loc[17]; for (i < 17) loc[i] = 0;`, one more per
; address when licm hoisted them out of a loop). The accesses are
; volatile, so none is merged: 17 writes and 17 reads. An LDS variable
; after a 64 KiB - 16 one has its whole address in the field (65520..).
; RUN: %wavecc -O2 -S %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}zero17:
; CHECK: v_mov_b32_e32 [[Z:v[0-9]+]], 0{{$}}
; CHECK-NEXT: ds_write_b32 [[Z]], [[Z]]{{$}}
; CHECK-NEXT: ds_write_b32 [[Z]], [[Z]] offset:4{{$}}
; CHECK-NEXT: ds_write_b32 [[Z]], [[Z]] offset:8{{$}}
; CHECK: ds_write_b32 [[Z]], [[Z]] offset:64{{$}}
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, {{4|8|0x40}}{{$}}
; CHECK: ds_read_b32 v{{[0-9]+}}, [[Z]] offset:60{{$}}
; CHECK: ds_read_b32 v{{[0-9]+}}, [[Z]] offset:64{{$}}
; The 17 volatile reads issue together (sched-loads moves volatile loads
; over ALU work, never past another access): 17 results and the address,
; not 17 addresses as before.
; CHECK: .amdhsa_next_free_vgpr {{([1-9]|1[0-9])$}}
; CHECK-LABEL: {{^}}far:
; CHECK: v_mov_b32_e32 [[Z2:v[0-9]+]], 0{{$}}
; CHECK: ds_write_b32 [[Z2]], v{{[0-9]+}} offset:65520{{$}}
; CHECK-NEXT: ds_write_b32 [[Z2]], v{{[0-9]+}} offset:65532{{$}}
; CHECK: s_endpgm
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@loc = internal addrspace(3) global [17 x float] undef, align 4
@big = internal addrspace(3) global [16380 x float] undef, align 4
@tail = internal addrspace(3) global [4 x float] undef, align 4

; the IR of the loops above after opt -O2's full unrolling
define amdgpu_kernel void @zero17(ptr addrspace(1) %out) {
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 0), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 1), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 2), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 3), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 4), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 5), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 6), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 7), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 8), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 9), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 10), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 11), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 12), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 13), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 14), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 15), align 4
  store volatile float 0.0, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 16), align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v0 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 0), align 4
  %s0 = fadd float 0.0, %v0
  %v1 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 1), align 4
  %s1 = fadd float %s0, %v1
  %v2 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 2), align 4
  %s2 = fadd float %s1, %v2
  %v3 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 3), align 4
  %s3 = fadd float %s2, %v3
  %v4 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 4), align 4
  %s4 = fadd float %s3, %v4
  %v5 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 5), align 4
  %s5 = fadd float %s4, %v5
  %v6 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 6), align 4
  %s6 = fadd float %s5, %v6
  %v7 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 7), align 4
  %s7 = fadd float %s6, %v7
  %v8 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 8), align 4
  %s8 = fadd float %s7, %v8
  %v9 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 9), align 4
  %s9 = fadd float %s8, %v9
  %v10 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 10), align 4
  %s10 = fadd float %s9, %v10
  %v11 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 11), align 4
  %s11 = fadd float %s10, %v11
  %v12 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 12), align 4
  %s12 = fadd float %s11, %v12
  %v13 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 13), align 4
  %s13 = fadd float %s12, %v13
  %v14 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 14), align 4
  %s14 = fadd float %s13, %v14
  %v15 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 15), align 4
  %s15 = fadd float %s14, %v15
  %v16 = load volatile float, ptr addrspace(3) getelementptr inbounds ([17 x float], ptr addrspace(3) @loc, i32 0, i32 16), align 4
  %s16 = fadd float %s15, %v16
  store float %s16, ptr addrspace(1) %out, align 4
  ret void
}

define amdgpu_kernel void @far(ptr addrspace(1) %out, float %x) {
  store float %x, ptr addrspace(3) @big, align 4
  store volatile float %x, ptr addrspace(3) @tail, align 4
  %p3 = getelementptr inbounds [4 x float], ptr addrspace(3) @tail, i32 0, i32 3
  store volatile float %x, ptr addrspace(3) %p3, align 4
  ret void
}

declare void @llvm.amdgcn.s.barrier()
