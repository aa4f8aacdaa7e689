; A 32x32x2 f32 MFMA accumulator carried around a uniform loop (issue 25:
; mfma-acc). Over the VGPR budget (wavecc-run --reg-budget=16,32, or
; tests/passes/mfma-acc.ll) wavecc keeps it in a[0:15] (v_mfma with C/D
; in AGPRs, v_accvgpr_write of the zero entry value before the loop,
; v_accvgpr_read after it); at the default budget in v[..]. Host
; reference: small integers, every sum exact. Lane l loads A[l % 32][l / 32]
; and B[l / 32][l % 32] of each iteration; D's element r of lane l is row
; (r / 4) * 8 + 4 (l / 32) + r % 4, column l % 32 (AMD's matrix
; instruction calculator, src/emu/exec_mfma.c).
;
; [config]
; name: mfma acc in agprs
; device_regex: gfx90a|gfx942
; dimensions: 1
;
; [test]
; name: 32x32x2 f32 accumulated over 3 iterations
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer float[192] 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5 1 2
; arg_in: 1 buffer float[192] 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 6 2 4 4 8 12 4 8 12 4 8 12 4 8 12 4 8 12 4 8 12 4 8 12 4 8 12 4 8 12 4 8 12 4 8 3 6 9 3 6 9 3 6 9 3 6 9 3 6 9 3 6 9 3 6 9 3 6 9 3 6 9 3 6 9 3 6 6 12 18 6 12 18 6 12 18 6 12 18 6 12 18 6 12 18 6 12 18 6 12 18 6 12 18 6 12 18 6 12
; arg_out: 2 buffer float[1024] 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 216 72 144 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 270 90 180 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 18 36 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 162 54 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72 108 36 72
; arg_in: 3 int 3

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float, float, <16 x float>, i32, i32, i32)

define amdgpu_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <16 x float> [ zeroinitializer, %entry ], [ %d, %loop ]
  %base = mul i32 %i, 64
  %ix = add i32 %base, %tid
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %ix
  %pb = getelementptr float, ptr addrspace(1) %b, i32 %ix
  %va = load float, ptr addrspace(1) %pa
  %vb = load float, ptr addrspace(1) %pb
  %d = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float %va, float %vb, <16 x float> %acc, i32 0, i32 0, i32 0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %e0 = extractelement <16 x float> %d, i32 0
  %o0 = add i32 %tid, 0
  %p0 = getelementptr float, ptr addrspace(1) %out, i32 %o0
  store float %e0, ptr addrspace(1) %p0
  %e1 = extractelement <16 x float> %d, i32 1
  %o1 = add i32 %tid, 64
  %p1 = getelementptr float, ptr addrspace(1) %out, i32 %o1
  store float %e1, ptr addrspace(1) %p1
  %e2 = extractelement <16 x float> %d, i32 2
  %o2 = add i32 %tid, 128
  %p2 = getelementptr float, ptr addrspace(1) %out, i32 %o2
  store float %e2, ptr addrspace(1) %p2
  %e3 = extractelement <16 x float> %d, i32 3
  %o3 = add i32 %tid, 192
  %p3 = getelementptr float, ptr addrspace(1) %out, i32 %o3
  store float %e3, ptr addrspace(1) %p3
  %e4 = extractelement <16 x float> %d, i32 4
  %o4 = add i32 %tid, 256
  %p4 = getelementptr float, ptr addrspace(1) %out, i32 %o4
  store float %e4, ptr addrspace(1) %p4
  %e5 = extractelement <16 x float> %d, i32 5
  %o5 = add i32 %tid, 320
  %p5 = getelementptr float, ptr addrspace(1) %out, i32 %o5
  store float %e5, ptr addrspace(1) %p5
  %e6 = extractelement <16 x float> %d, i32 6
  %o6 = add i32 %tid, 384
  %p6 = getelementptr float, ptr addrspace(1) %out, i32 %o6
  store float %e6, ptr addrspace(1) %p6
  %e7 = extractelement <16 x float> %d, i32 7
  %o7 = add i32 %tid, 448
  %p7 = getelementptr float, ptr addrspace(1) %out, i32 %o7
  store float %e7, ptr addrspace(1) %p7
  %e8 = extractelement <16 x float> %d, i32 8
  %o8 = add i32 %tid, 512
  %p8 = getelementptr float, ptr addrspace(1) %out, i32 %o8
  store float %e8, ptr addrspace(1) %p8
  %e9 = extractelement <16 x float> %d, i32 9
  %o9 = add i32 %tid, 576
  %p9 = getelementptr float, ptr addrspace(1) %out, i32 %o9
  store float %e9, ptr addrspace(1) %p9
  %e10 = extractelement <16 x float> %d, i32 10
  %o10 = add i32 %tid, 640
  %p10 = getelementptr float, ptr addrspace(1) %out, i32 %o10
  store float %e10, ptr addrspace(1) %p10
  %e11 = extractelement <16 x float> %d, i32 11
  %o11 = add i32 %tid, 704
  %p11 = getelementptr float, ptr addrspace(1) %out, i32 %o11
  store float %e11, ptr addrspace(1) %p11
  %e12 = extractelement <16 x float> %d, i32 12
  %o12 = add i32 %tid, 768
  %p12 = getelementptr float, ptr addrspace(1) %out, i32 %o12
  store float %e12, ptr addrspace(1) %p12
  %e13 = extractelement <16 x float> %d, i32 13
  %o13 = add i32 %tid, 832
  %p13 = getelementptr float, ptr addrspace(1) %out, i32 %o13
  store float %e13, ptr addrspace(1) %p13
  %e14 = extractelement <16 x float> %d, i32 14
  %o14 = add i32 %tid, 896
  %p14 = getelementptr float, ptr addrspace(1) %out, i32 %o14
  store float %e14, ptr addrspace(1) %p14
  %e15 = extractelement <16 x float> %d, i32 15
  %o15 = add i32 %tid, 960
  %p15 = getelementptr float, ptr addrspace(1) %out, i32 %o15
  store float %e15, ptr addrspace(1) %p15
  ret void
}

; one wave a work-group: the unified file has room for AGPRs past 256 VGPRs
attributes #0 = { "amdgpu-flat-work-group-size"="1,64" }
