; Loop phis that are the operands of a vector (regalloc.c,
; inherit_vector_slots): f_gpr_index's loop_acc keeps eight accumulators in
; an indexed private array; each iteration builds the vector from the
; loop's phis (p_create_vector), reads and writes it by index
; (v_movrels/v_movreld at gfx1100) and splits it back into the phis. The
; values entering the loop are now placed in the vector's range already
; (they inherit the slot of the phi they flow into), so the phis, the
; vector and the split share registers and the loop has no move. Before,
; the first entry value took the lowest free VGPR, v1 (v[2:3] held the
; 64-bit global id), the phis followed the entry values, and every
; iteration copied the array into the vector and back: 8 v_dual_mov_b32
; per iteration at gfx1100 (gfx1030 was already move-free).
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 -S %s -o - | FileCheck %s
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=wavecc -Xwavecc --assembler=check %S/../kernels/f_gpr_index.cl 2>&1 | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: loop_acc:
; CHECK: global_load_{{b32|dword}}
; CHECK-NOT: {{v_mov_b32|v_dual_mov|v_swap}}
; CHECK: v_movrels_b32_e32 v{{[0-9]+}}, v[[BASE:[0-9]+]]
; CHECK-NOT: {{v_mov_b32|v_dual_mov|v_swap}}
; CHECK: v_movreld_b32_e32 v[[BASE]], v{{[0-9]+}}
; CHECK-NOT: {{v_mov_b32|v_dual_mov|v_swap}}
; CHECK: s_cbranch_scc1
; EMU: 0 failed
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define protected amdgpu_kernel void @loop_acc(ptr addrspace(1) nocapture noundef readonly align 4 %0, ptr addrspace(1) nocapture noundef writeonly align 4 %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %5 = tail call align 4 dereferenceable(64) ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %6 = getelementptr inbounds i8, ptr addrspace(4) %5, i64 4
  %7 = load i32, ptr addrspace(4) %6, align 4, !tbaa !9
  %8 = tail call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %9 = getelementptr inbounds i8, ptr addrspace(4) %8, i64 4
  %10 = load i32, ptr addrspace(4) %9, align 4, !tbaa !9
  %11 = zext i32 %10 to i64
  %12 = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %13 = and i32 %7, 65535
  %14 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %15 = zext nneg i32 %13 to i64
  %16 = zext i32 %14 to i64
  %17 = mul nuw nsw i64 %15, %16
  %18 = zext nneg i32 %12 to i64
  %19 = add nuw nsw i64 %11, %18
  %20 = add nuw nsw i64 %19, %17
  %21 = trunc i64 %20 to i32
  %22 = sub nsw i32 0, %21
  %23 = insertelement <8 x i32> poison, i32 %22, i64 0
  %24 = sub nsw i32 1, %21
  %25 = insertelement <8 x i32> %23, i32 %24, i64 1
  %26 = sub nsw i32 2, %21
  %27 = insertelement <8 x i32> %25, i32 %26, i64 2
  %28 = sub nsw i32 3, %21
  %29 = insertelement <8 x i32> %27, i32 %28, i64 3
  %30 = sub nsw i32 4, %21
  %31 = insertelement <8 x i32> %29, i32 %30, i64 4
  %32 = sub nsw i32 5, %21
  %33 = insertelement <8 x i32> %31, i32 %32, i64 5
  %34 = sub nsw i32 6, %21
  %35 = insertelement <8 x i32> %33, i32 %34, i64 6
  %36 = sub nsw i32 7, %21
  %37 = insertelement <8 x i32> %35, i32 %36, i64 7
  %38 = icmp sgt i32 %3, 0
  br i1 %38, label %39, label %41

39:                                               ; preds = %4
  %40 = mul nsw i32 %21, %3
  br label %72

41:                                               ; preds = %72, %4
  %42 = phi <8 x i32> [ %37, %4 ], [ %85, %72 ]
  %43 = extractelement <8 x i32> %42, i64 0
  %44 = mul nsw i32 %43, 3
  %45 = extractelement <8 x i32> %42, i64 1
  %46 = add nsw i32 %45, %44
  %47 = mul nsw i32 %46, 3
  %48 = extractelement <8 x i32> %42, i64 2
  %49 = add nsw i32 %48, %47
  %50 = mul nsw i32 %49, 3
  %51 = extractelement <8 x i32> %42, i64 3
  %52 = add nsw i32 %51, %50
  %53 = mul nsw i32 %52, 3
  %54 = extractelement <8 x i32> %42, i64 4
  %55 = add nsw i32 %54, %53
  %56 = mul nsw i32 %55, 3
  %57 = extractelement <8 x i32> %42, i64 5
  %58 = add nsw i32 %57, %56
  %59 = mul nsw i32 %58, 3
  %60 = extractelement <8 x i32> %42, i64 6
  %61 = add nsw i32 %60, %59
  %62 = mul nsw i32 %61, 3
  %63 = extractelement <8 x i32> %42, i64 7
  %64 = add nsw i32 %63, %62
  %65 = mul nsw i32 %2, 5
  %66 = and i32 %65, 7
  %67 = extractelement <8 x i32> %42, i32 %66
  %68 = xor i32 %64, %67
  %69 = shl i64 %20, 32
  %70 = ashr exact i64 %69, 30
  %71 = getelementptr inbounds i8, ptr addrspace(1) %1, i64 %70
  store i32 %68, ptr addrspace(1) %71, align 4, !tbaa !9
  ret void

72:                                               ; preds = %39, %72
  %73 = phi i32 [ 0, %39 ], [ %79, %72 ]
  %74 = phi <8 x i32> [ %37, %39 ], [ %85, %72 ]
  %75 = add nsw i32 %73, %40
  %76 = sext i32 %75 to i64
  %77 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %76
  %78 = load i32, ptr addrspace(1) %77, align 4, !tbaa !9, !amdgpu.noclobber !13
  %79 = add nuw nsw i32 %73, 1
  %80 = mul nsw i32 %78, %79
  %81 = add nsw i32 %73, %2
  %82 = and i32 %81, 7
  %83 = extractelement <8 x i32> %74, i32 %82
  %84 = add nsw i32 %80, %83
  %85 = insertelement <8 x i32> %74, i32 %84, i32 %82
  %86 = icmp eq i32 %79, %3
  br i1 %86, label %41, label %72
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef align 4 ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr() #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-agpr" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!opencl.ocl.version = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, i32 2}
!1 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 8, !"PIC Level", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{i32 1, i32 1, i32 0, i32 0}
!6 = !{!"none", !"none", !"none", !"none"}
!7 = !{!"int*", !"int*", !"int", !"int"}
!8 = !{!"const", !"", !"", !""}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C/C++ TBAA"}
!13 = !{}
