; Reloads moved out of a loop after the last spill round (src/ra/spill_loops.c),
; raysphere.cl's loop at 8 VGPRs / 24 SGPRs (the IR clang-19 -O2 makes of
; bench/kernels/raysphere.cl, linked with libclc). The spheres pointer (an
; SGPR pair in lanes of the spill VGPR) and dir.y (a VGPR in scratch) are
; chosen before the loop, where their next use is far; the round that chose
; them could not reload them once before the loop (the loop was over budget
; then, with values later rounds spilled), so without spill_loops.c they are
; reloaded in every iteration (two v_readlane_b32 and a buffer_load_dword).
; The loop has room for them at the end: the preheader reloads them once,
; the loop reads the registers. (Updated in session 6: with LDS
; rematerialisation and the pressure scheduler merged, the earlier reduced
; IR of this test no longer spilled these values at all. Session 17: 9 VGPRs,
; not 8: with cse-dom's shared 64-bit offset of out[i] the 8-VGPR budget
; keeps dir.y in a register; at 9 the preheader again reloads an SGPR pair
; and a VGPR once, as these checks expect.)
; RUN: %wavecc --no-llc-ir-passes %s -S -o - --max-vgprs=9 --max-sgprs=24 | FileCheck %s
; tmin = INFINITY starts the preheader
; CHECK: v_mov_b32_e32 v{{[0-9]+}}, 0x7f800000
; CHECK: v_readlane_b32 {{s[0-9]+}}, [[LANES:v[0-9]+]]
; CHECK-NEXT: v_readlane_b32 {{s[0-9]+}}, [[LANES]]
; CHECK-NEXT: buffer_load_dword v{{[0-9]+}}, off, s[0:3], s{{[0-9]+}} offset:8
; CHECK-NEXT: [[LOOP:\.Ltrace_BB[0-9]+]]:
; CHECK-NOT: v_readlane_b32
; CHECK-NOT: offset:8{{$}}
; CHECK: s_cbranch_scc0 [[LOOP]]
; ModuleID = '/tmp/rs/kl.bc'
source_filename = "llvm-link"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__oclc_ABI_version = weak_odr hidden local_unnamed_addr addrspace(4) constant i32 500

; Function Attrs: convergent nofree norecurse nosync nounwind memory(argmem: readwrite)
define protected amdgpu_kernel void @trace(ptr addrspace(1) nocapture noundef writeonly align 4 %0, ptr addrspace(1) nocapture noundef writeonly align 4 %1, ptr addrspace(1) nocapture noundef writeonly align 4 %2, ptr addrspace(1) nocapture noundef readonly align 16 %3, i32 noundef %4, i32 noundef %5, i32 noundef %6, float noundef %7, <4 x float> noundef %8) local_unnamed_addr #0 !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !8 !kernel_arg_type_qual !9 {
  %10 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %11 = tail call align 4 dereferenceable(64) ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %12 = getelementptr inbounds i8, ptr addrspace(4) %11, i64 4
  %13 = load i32, ptr addrspace(4) %12, align 4, !tbaa !10
  %14 = and i32 %13, 65535
  %15 = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %16 = tail call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %17 = getelementptr inbounds i8, ptr addrspace(4) %16, i64 4
  %18 = load i32, ptr addrspace(4) %17, align 4, !tbaa !10
  %19 = mul i32 %14, %10
  %20 = add i32 %18, %15
  %21 = add i32 %20, %19
  %22 = tail call i32 @llvm.amdgcn.workgroup.id.y()
  %23 = lshr i32 %13, 16
  %24 = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.y()
  %25 = getelementptr inbounds i8, ptr addrspace(4) %16, i64 8
  %26 = load i32, ptr addrspace(4) %25, align 4, !tbaa !10
  %27 = mul i32 %23, %22
  %28 = add i32 %27, %24
  %29 = add i32 %28, %26
  %30 = icmp slt i32 %21, %5
  %31 = icmp slt i32 %29, %6
  %32 = select i1 %30, i1 %31, i1 false
  br i1 %32, label %33, label %192

33:                                               ; preds = %9
  %34 = sitofp i32 %21 to float
  %35 = fadd float %34, 5.000000e-01
  %36 = sitofp i32 %5 to float
  %37 = tail call float @llvm.fmuladd.f32(float %36, float -5.000000e-01, float %35)
  %38 = fmul float %37, %7
  %39 = sitofp i32 %29 to float
  %40 = fadd float %39, 5.000000e-01
  %41 = sitofp i32 %6 to float
  %42 = tail call float @llvm.fmuladd.f32(float %41, float -5.000000e-01, float %40)
  %43 = fmul float %42, %7
  %44 = insertelement <3 x float> <float poison, float poison, float -1.000000e+00>, float %38, i64 0
  %45 = insertelement <3 x float> %44, float %43, i64 1
  %46 = shufflevector <3 x float> %45, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 poison>
  %47 = fcmp oeq <3 x float> %45, zeroinitializer
  %48 = sext <3 x i1> %47 to <3 x i32>
  %49 = extractelement <3 x i32> %48, i64 0
  %50 = extractelement <3 x i32> %48, i64 1
  %51 = and i32 %49, %50
  %52 = extractelement <3 x i32> %48, i64 2
  %53 = and i32 %51, %52
  %54 = icmp sgt i32 %53, -1
  br i1 %54, label %55, label %_Z9normalizeDv3_f.exit

55:                                               ; preds = %33
  %56 = fmul float %43, %43
  %57 = tail call float @llvm.fmuladd.f32(float %38, float %38, float %56)
  %58 = fadd float %57, 1.000000e+00
  %59 = fcmp olt float %58, 0x3810000000000000
  br i1 %59, label %60, label %69

60:                                               ; preds = %55
  %61 = fmul <3 x float> %45, <float 0x4550000000000000, float 0x4550000000000000, float 0x4550000000000000>
  %62 = shufflevector <3 x float> %61, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 poison>
  %63 = extractelement <3 x float> %61, i64 0
  %64 = extractelement <3 x float> %61, i64 1
  %65 = fmul float %64, %64
  %66 = tail call float @llvm.fmuladd.f32(float %63, float %63, float %65)
  %67 = extractelement <3 x float> %61, i64 2
  %68 = tail call noundef float @llvm.fmuladd.f32(float %67, float %67, float %66)
  br label %107

69:                                               ; preds = %55
  %70 = fcmp oeq float %58, 0x7FF0000000000000
  br i1 %70, label %71, label %107

71:                                               ; preds = %69
  %72 = fmul <3 x float> %45, <float 0x3BD0000000000000, float 0x3BD0000000000000, float 0x3BD0000000000000>
  %73 = shufflevector <3 x float> %72, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 poison>
  %74 = extractelement <3 x float> %72, i64 0
  %75 = extractelement <3 x float> %72, i64 1
  %76 = fmul float %75, %75
  %77 = tail call float @llvm.fmuladd.f32(float %74, float %74, float %76)
  %78 = extractelement <3 x float> %72, i64 2
  %79 = tail call noundef float @llvm.fmuladd.f32(float %78, float %78, float %77)
  %80 = fcmp oeq float %79, 0x7FF0000000000000
  br i1 %80, label %81, label %107

81:                                               ; preds = %71
  %82 = tail call float @llvm.fabs.f32(float %74)
  %83 = fcmp oeq float %82, 0x7FF0000000000000
  %84 = zext i1 %83 to i32
  %85 = insertelement <3 x i32> poison, i32 %84, i64 0
  %86 = tail call float @llvm.fabs.f32(float %75)
  %87 = fcmp oeq float %86, 0x7FF0000000000000
  %88 = zext i1 %87 to i32
  %89 = insertelement <3 x i32> %85, i32 %88, i64 1
  %90 = tail call float @llvm.fabs.f32(float %78)
  %91 = fcmp oeq float %90, 0x7FF0000000000000
  %92 = zext i1 %91 to i32
  %93 = insertelement <3 x i32> %89, i32 %92, i64 2
  %.not.i = icmp eq <3 x i32> %93, zeroinitializer
  %94 = select <3 x i1> %.not.i, <3 x float> zeroinitializer, <3 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>
  %95 = extractelement <3 x float> %94, i64 0
  %96 = tail call float @llvm.copysign.f32(float %95, float %74)
  %97 = insertelement <4 x float> poison, float %96, i64 0
  %98 = extractelement <3 x float> %94, i64 1
  %99 = tail call float @llvm.copysign.f32(float %98, float %75)
  %100 = insertelement <4 x float> %97, float %99, i64 1
  %101 = extractelement <3 x float> %94, i64 2
  %102 = fneg float %101
  %103 = insertelement <4 x float> %100, float %102, i64 2
  %104 = fmul float %99, %99
  %105 = tail call float @llvm.fmuladd.f32(float %96, float %96, float %104)
  %106 = tail call noundef float @llvm.fmuladd.f32(float %101, float %101, float %105)
  br label %107

107:                                              ; preds = %81, %71, %69, %60
  %108 = phi <4 x float> [ %62, %60 ], [ %103, %81 ], [ %73, %71 ], [ %46, %69 ]
  %109 = phi float [ %68, %60 ], [ %106, %81 ], [ %79, %71 ], [ %58, %69 ]
  %110 = shufflevector <4 x float> %108, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %111 = tail call float @llvm.sqrt.f32(float %109) #2
  %112 = fdiv float 1.000000e+00, %111, !fpmath !14
  %113 = insertelement <3 x float> poison, float %112, i64 0
  %114 = shufflevector <3 x float> %113, <3 x float> poison, <3 x i32> zeroinitializer
  %115 = fmul <3 x float> %110, %114
  br label %_Z9normalizeDv3_f.exit

_Z9normalizeDv3_f.exit:                           ; preds = %33, %107
  %116 = phi <3 x float> [ %115, %107 ], [ %45, %33 ]
  %117 = icmp sgt i32 %4, 0
  br i1 %117, label %.preheader, label %.loopexit

.preheader:                                       ; preds = %_Z9normalizeDv3_f.exit
  %118 = extractelement <3 x float> %116, i64 0
  %119 = extractelement <3 x float> %116, i64 1
  %120 = extractelement <3 x float> %116, i64 2
  br label %128

.loopexit:                                        ; preds = %161, %_Z9normalizeDv3_f.exit
  %121 = phi i32 [ -1, %_Z9normalizeDv3_f.exit ], [ %162, %161 ]
  %122 = phi float [ 0x7FF0000000000000, %_Z9normalizeDv3_f.exit ], [ %163, %161 ]
  %123 = mul nsw i32 %29, %5
  %124 = add nsw i32 %123, %21
  %125 = sext i32 %124 to i64
  %126 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %125
  store i32 %121, ptr addrspace(1) %126, align 4, !tbaa !10
  %127 = icmp slt i32 %121, 0
  br i1 %127, label %188, label %166

128:                                              ; preds = %.preheader, %161
  %129 = phi float [ %163, %161 ], [ 0x7FF0000000000000, %.preheader ]
  %130 = phi i32 [ %162, %161 ], [ -1, %.preheader ]
  %131 = phi i32 [ %164, %161 ], [ 0, %.preheader ]
  %132 = zext nneg i32 %131 to i64
  %133 = getelementptr inbounds <4 x float>, ptr addrspace(1) %3, i64 %132
  %134 = load <4 x float>, ptr addrspace(1) %133, align 16, !tbaa !15, !amdgpu.noclobber !16
  %135 = shufflevector <4 x float> %134, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %136 = fneg <3 x float> %135
  %137 = extractelement <3 x float> %136, i64 0
  %138 = extractelement <3 x float> %136, i64 1
  %139 = fmul float %119, %138
  %140 = tail call float @llvm.fmuladd.f32(float %137, float %118, float %139)
  %141 = extractelement <3 x float> %136, i64 2
  %142 = tail call noundef float @llvm.fmuladd.f32(float %141, float %120, float %140)
  %143 = fmul float %138, %138
  %144 = tail call float @llvm.fmuladd.f32(float %137, float %137, float %143)
  %145 = tail call noundef float @llvm.fmuladd.f32(float %141, float %141, float %144)
  %146 = extractelement <4 x float> %134, i64 3
  %147 = fneg float %146
  %148 = tail call float @llvm.fmuladd.f32(float %147, float %146, float %145)
  %149 = fneg float %148
  %150 = tail call float @llvm.fmuladd.f32(float %142, float %142, float %149)
  %151 = fcmp ogt float %150, 0.000000e+00
  br i1 %151, label %152, label %161

152:                                              ; preds = %128
  %153 = fneg float %142
  %154 = tail call float @llvm.sqrt.f32(float noundef %150) #3, !fpmath !17
  %155 = fsub float %153, %154
  %156 = fcmp ogt float %155, 0x3F50624DE0000000
  %157 = fcmp olt float %155, %129
  %158 = select i1 %156, i1 %157, i1 false
  %159 = select i1 %158, i32 %131, i32 %130
  %160 = select i1 %158, float %155, float %129
  br label %161

161:                                              ; preds = %152, %128
  %162 = phi i32 [ %159, %152 ], [ %130, %128 ]
  %163 = phi float [ %160, %152 ], [ %129, %128 ]
  %164 = add nuw nsw i32 %131, 1
  %165 = icmp eq i32 %164, %4
  br i1 %165, label %.loopexit, label %128

166:                                              ; preds = %.loopexit
  %167 = zext nneg i32 %121 to i64
  %168 = getelementptr inbounds <4 x float>, ptr addrspace(1) %3, i64 %167
  %169 = load <4 x float>, ptr addrspace(1) %168, align 16, !tbaa !15
  %170 = insertelement <3 x float> poison, float %122, i64 0
  %171 = shufflevector <3 x float> %170, <3 x float> poison, <3 x i32> zeroinitializer
  %172 = fmul <3 x float> %116, %171
  %173 = shufflevector <4 x float> %169, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %174 = fsub <3 x float> %172, %173
  %175 = shufflevector <4 x float> %169, <4 x float> poison, <3 x i32> <i32 3, i32 3, i32 3>
  %176 = fdiv <3 x float> %174, %175, !fpmath !14
  %177 = extractelement <3 x float> %176, i64 0
  %178 = extractelement <4 x float> %8, i64 0
  %179 = extractelement <3 x float> %176, i64 1
  %180 = extractelement <4 x float> %8, i64 1
  %181 = fmul float %180, %179
  %182 = tail call float @llvm.fmuladd.f32(float %177, float %178, float %181)
  %183 = extractelement <3 x float> %176, i64 2
  %184 = extractelement <4 x float> %8, i64 2
  %185 = tail call noundef float @llvm.fmuladd.f32(float %183, float %184, float %182)
  %186 = tail call float @llvm.maxnum.f32(float noundef %185, float noundef 0.000000e+00) #3
  %187 = tail call float @llvm.fmuladd.f32(float %186, float 0x3FECCCCCC0000000, float 0x3FB99999A0000000)
  br label %188

188:                                              ; preds = %.loopexit, %166
  %.sink = phi float [ %122, %166 ], [ 0.000000e+00, %.loopexit ]
  %189 = phi float [ %187, %166 ], [ 0.000000e+00, %.loopexit ]
  %190 = getelementptr inbounds float, ptr addrspace(1) %1, i64 %125
  store float %.sink, ptr addrspace(1) %190, align 4
  %191 = getelementptr inbounds float, ptr addrspace(1) %2, i64 %125
  store float %189, ptr addrspace(1) %191, align 4, !tbaa !18
  br label %192

192:                                              ; preds = %188, %9
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.copysign.f32(float, float) #1

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

attributes #0 = { convergent nofree norecurse nosync nounwind memory(argmem: readwrite) "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-agpr" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx900" "target-features"="+16-bit-insts,+ci-insts,+dpp,+gfx8-insts,+gfx9-insts,+s-memrealtime,+s-memtime-inst,+wavefrontsize64" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nobuiltin nounwind "no-builtins" }
attributes #3 = { convergent nounwind willreturn memory(none) }

!opencl.ocl.version = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, i32 2}
!1 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 8, !"PIC Level", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{i32 1, i32 1, i32 1, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0}
!6 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!7 = !{!"int*", !"float*", !"float*", !"float4*", !"int", !"int", !"int", !"float", !"float4"}
!8 = !{!"int*", !"float*", !"float*", !"float __attribute__((ext_vector_type(4)))*", !"int", !"int", !"int", !"float", !"float __attribute__((ext_vector_type(4)))"}
!9 = !{!"", !"", !"", !"const", !"", !"", !"", !"", !""}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C/C++ TBAA"}
!14 = !{float 2.500000e+00}
!15 = !{!12, !12, i64 0}
!16 = !{}
!17 = !{float 3.000000e+00}
!18 = !{!19, !19, i64 0}
!19 = !{!"float", !12, i64 0}
