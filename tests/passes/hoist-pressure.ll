; hoist-pressure (src/passes/loop_hoist_pressure.c): app_mandelbrot's kernel
; (tests/kernels/app_mandelbrot.cl through clang-19 -O2 and libclc) at
; 8 VGPRs / 24 SGPRs. px and py live through the escape-time loop only to
; compute py * width + px after it; the pass computes it in the preheader,
; so one VGPR (the sum) lives through the loop instead of two: one scratch
; store before the loop and one reload after it, where px and py were two
; of each. Without the pass the v_mul_lo_u32 follows the loop.
; RUN: %wavecc --no-llc-ir-passes %s -S -o - --max-vgprs=8 --max-sgprs=24 | FileCheck %s
; RUN: %wavecc --no-llc-ir-passes %s -S -o /dev/null --max-vgprs=8 --max-sgprs=24 --print-after=hoist-pressure 2>&1 | FileCheck %s --check-prefix=MIR
; The preheader saves EXEC, then computes the address index.
; CHECK: s_mov_b64 s[{{[0-9]+:[0-9]+}}], exec
; CHECK-NOT: .Lmandelbrot_BB
; (py * width + px as one v_mad_u64_u32 whose addend px stays live: fuse-mad, lo64)
; CHECK: v_mad_u64_u32 v{{\[}}[[I:[0-9]+]]:{{[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, s{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}]
; CHECK-NEXT: buffer_store_dword v[[I]], off
; CHECK-NOT: buffer_store_dword
; CHECK: s_cbranch_execnz .Lmandelbrot_BB{{[0-9]+}}
; CHECK-NEXT: .Lmandelbrot_BB
; CHECK-NEXT: s_mov_b64 exec,
; CHECK-NEXT: buffer_load_dword
; CHECK-NOT: buffer_load_dword
; CHECK-NOT: v_mad_u64_u32
; CHECK: global_store_dword
; MIR: BB2:
; MIR-NOT: BB3:
; MIR: v_mul_lo_u32
; MIR-NEXT: v_add_u32
; MIR-NEXT: p_branch BB3
source_filename = "llvm-link"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__oclc_ABI_version = weak_odr hidden local_unnamed_addr addrspace(4) constant i32 500

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: write)
define protected amdgpu_kernel void @mandelbrot(ptr addrspace(1) nocapture noundef writeonly align 4 %0, float noundef %1, float noundef %2, float noundef %3, i32 noundef %4, i32 noundef %5, i32 noundef %6) local_unnamed_addr #0 !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %8 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %9 = tail call align 4 dereferenceable(64) ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %10 = getelementptr inbounds i8, ptr addrspace(4) %9, i64 4
  %11 = load i32, ptr addrspace(4) %10, align 4, !tbaa !9
  %12 = and i32 %11, 65535
  %13 = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %14 = tail call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %15 = getelementptr inbounds i8, ptr addrspace(4) %14, i64 4
  %16 = load i32, ptr addrspace(4) %15, align 4, !tbaa !9
  %17 = mul i32 %12, %8
  %18 = add i32 %16, %13
  %19 = add i32 %18, %17
  %20 = tail call i32 @llvm.amdgcn.workgroup.id.y()
  %21 = lshr i32 %11, 16
  %22 = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.y()
  %23 = getelementptr inbounds i8, ptr addrspace(4) %14, i64 8
  %24 = load i32, ptr addrspace(4) %23, align 4, !tbaa !9
  %25 = mul i32 %21, %20
  %26 = add i32 %25, %22
  %27 = add i32 %26, %24
  %28 = icmp slt i32 %19, %4
  %29 = icmp slt i32 %27, %5
  %30 = select i1 %28, i1 %29, i1 false
  br i1 %30, label %31, label %61

31:                                               ; preds = %7
  %32 = sitofp i32 %19 to float
  %33 = fmul float %32, %3
  %34 = sitofp i32 %27 to float
  %35 = fmul float %34, %3
  %36 = fadd float %33, %1
  %37 = fadd float %35, %2
  %smax = tail call i32 @llvm.smax.i32(i32 %6, i32 0)
  br label %38

38:                                               ; preds = %43, %31
  %39 = phi i32 [ 0, %31 ], [ %54, %43 ]
  %40 = phi float [ 0.000000e+00, %31 ], [ %50, %43 ]
  %41 = phi float [ 0.000000e+00, %31 ], [ %52, %43 ]
  %42 = icmp slt i32 %39, %6
  br i1 %42, label %43, label %55

43:                                               ; preds = %38
  %44 = fmul float %41, %41
  %45 = fmul float %40, %40
  %46 = fadd float %45, %44
  %47 = fcmp ule float %46, 4.000000e+00
  %48 = fmul float %40, %41
  %49 = fadd float %48, %48
  %50 = fadd float %37, %49
  %51 = fsub float %44, %45
  %52 = fadd float %36, %51
  %53 = zext i1 %47 to i32
  %54 = add nuw nsw i32 %39, %53
  br i1 %47, label %38, label %55

55:                                               ; preds = %43, %38
  %56 = phi i32 [ %54, %43 ], [ %smax, %38 ]
  %57 = mul nsw i32 %27, %4
  %58 = add nsw i32 %57, %19
  %59 = sext i32 %58 to i64
  %60 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %59
  store i32 %56, ptr addrspace(1) %60, align 4, !tbaa !9
  br label %61

61:                                               ; preds = %7, %55
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef align 4 ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #2

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: write) "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-agpr" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx900" "target-features"="+16-bit-insts,+ci-insts,+dpp,+gfx8-insts,+gfx9-insts,+s-memrealtime,+s-memtime-inst,+wavefrontsize64" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!opencl.ocl.version = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, i32 2}
!1 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 8, !"PIC Level", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!6 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!7 = !{!"int*", !"float", !"float", !"float", !"int", !"int", !"int"}
!8 = !{!"", !"", !"", !"", !"", !"", !""}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C/C++ TBAA"}
