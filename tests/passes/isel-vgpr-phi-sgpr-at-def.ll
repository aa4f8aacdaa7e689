; A VGPR phi's operand that is an SGPR is copied into a VGPR at the end of
; the phi's logical predecessor (isel.c fill_phis). Here the SGPR is the
; middle loop's latch compare (%54, carried out as the i1 %72), defined in
; the latch; the middle loop's latch exit and the inner loop's exit out of
; both loops (a multi-level exit) are linearised with EXEC masks, so the
; linear CFG reaches the latch exit's block (%64) also through the other
; exit's path, without the latch. The copy there read an SGPR whose
; definition does not dominate it in the linear CFG: "definition of %N
; does not dominate this use" in verify builds (fuzz gen_loop_exits.py
; 4506 0.6, every GPU and option set; Release code was right: the read runs
; with EXEC = 0 on that path). The VGPR copy is now made right after the
; SGPR's definition, where it is SSA on the logical CFG.
; RUN: %wavecc -mcpu=gfx900 -O2 %s -S -o /dev/null --print-after=isel 2> %t.mir
; RUN: FileCheck %s < %t.mir
; RUN: %wavecc-opt -verify -pass=dce %t.mir > /dev/null
; RUN: %wavecc -mcpu=gfx1100 -O2 %s -S -o /dev/null --print-after=isel 2> %t11.mir
; RUN: %wavecc-opt -verify -pass=dce %t11.mir > /dev/null
; CHECK-LABEL: kernel k
; the middle loop's latch: a block with two logical successors reached
; from the exit flow (logical and linear predecessors differ)
; CHECK: logical_preds: BB{{[0-9]+}} linear_preds: BB{{[0-9]+}} logical_succs: BB{{[0-9]+}} BB{{[0-9]+}} linear_succs:
; CHECK: [[S:%[0-9]+]]:s1 = s_cselect_b32 1, 0, fixed [[C:%[0-9]+]]:s1@scc
; CHECK-NEXT: [[V:%[0-9]+]]:v1 = p_copy [[S]]:s1
; CHECK-NOT: p_copy [[S]]:s1
; CHECK: p_phi {{.*}}[[V]]:v1
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) nocapture noundef readonly align 4 %0, ptr addrspace(1) nocapture noundef writeonly align 4 %1, ptr addrspace(4) nocapture noundef readonly align 4 %2, i32 noundef %3, i32 noundef %4) {
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %7 = and i32 %6, 63
  %8 = zext nneg i32 %7 to i64
  %9 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %8
  %10 = load i32, ptr addrspace(1) %9, align 4
  %11 = load i32, ptr addrspace(4) %2, align 4
  %12 = and i32 %11, 3
  %13 = and i32 %3, 3
  %14 = add nuw nsw i32 %13, 2
  %15 = and i32 %6, 3
  br label %16

16:                                               ; preds = %5, %81
  %17 = phi i1 [ false, %5 ], [ %83, %81 ]
  %18 = phi i32 [ 0, %5 ], [ %82, %81 ]
  %19 = phi i32 [ 0, %5 ], [ %89, %81 ]
  %20 = phi i32 [ %10, %5 ], [ %74, %81 ]
  %21 = phi i32 [ %4, %5 ], [ %73, %81 ]
  %22 = xor i32 %18, %3
  %23 = mul i32 %18, %3
  %24 = mul i32 %18, %4
  %25 = and i32 %23, 63
  %26 = zext nneg i32 %25 to i64
  %27 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %26
  %28 = and i32 %23, 15
  %29 = zext nneg i32 %28 to i64
  %30 = getelementptr inbounds i32, ptr addrspace(4) %2, i64 %29
  %31 = and i32 %22, 7
  %32 = icmp eq i32 %31, 0
  br i1 %32, label %71, label %33

33:                                               ; preds = %16
  %34 = load i32, ptr addrspace(4) %30, align 4
  br label %35

35:                                               ; preds = %33, %52
  %36 = phi i32 [ %53, %52 ], [ 0, %33 ]
  %37 = phi i1 [ %54, %52 ], [ true, %33 ]
  %38 = xor i32 %34, %36
  %39 = mul i32 %38, %4
  %40 = add i32 %39, %18
  %41 = and i32 %40, 3
  %42 = add nuw nsw i32 %41, 2
  br label %43

43:                                               ; preds = %35, %49
  %44 = phi i32 [ 1, %35 ], [ %50, %49 ]
  %45 = mul i32 %44, %3
  %46 = add i32 %45, %22
  %47 = and i32 %46, 7
  %48 = icmp eq i32 %47, 0
  br i1 %48, label %57, label %49

49:                                               ; preds = %43
  %50 = add nuw nsw i32 %44, 1
  %51 = icmp ult i32 %50, %42
  br i1 %51, label %43, label %52

52:                                               ; preds = %49
  %53 = add nuw nsw i32 %36, 1
  %54 = icmp ult i32 %53, %14
  %55 = icmp eq i32 %53, %14
  %56 = or i1 %55, %32
  br i1 %56, label %64, label %35

57:                                               ; preds = %43
  %58 = load i32, ptr addrspace(1) %27, align 4
  %59 = and i32 %58, 254
  %60 = or disjoint i32 %59, 1
  %61 = udiv i32 %10, %60
  %62 = add i32 %61, %24
  %63 = mul i32 %62, %10
  br label %71

64:                                               ; preds = %52
  %65 = load i32, ptr addrspace(1) %27, align 4
  %66 = and i32 %65, 254
  %67 = or disjoint i32 %66, 1
  %68 = udiv i32 %10, %67
  %69 = add i32 %68, %24
  %70 = mul i32 %69, %10
  br label %71

71:                                               ; preds = %64, %57, %16
  %72 = phi i1 [ true, %16 ], [ %37, %57 ], [ %54, %64 ]
  %73 = phi i32 [ %21, %16 ], [ %23, %57 ], [ %23, %64 ]
  %74 = phi i32 [ %20, %16 ], [ %63, %57 ], [ %70, %64 ]
  br i1 %72, label %98, label %75

75:                                               ; preds = %71
  %76 = add i32 %74, %73
  %77 = and i32 %76, 63
  %78 = zext nneg i32 %77 to i64
  %79 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %78
  %80 = load i32, ptr addrspace(1) %79, align 4
  br label %95

81:                                               ; preds = %92
  %82 = add nuw nsw i32 %18, 1
  %83 = icmp uge i32 %18, %12
  %84 = icmp eq i32 %18, %12
  br i1 %84, label %98, label %16

85:                                               ; preds = %95, %85
  %86 = phi i32 [ %90, %85 ], [ 0, %95 ]
  %87 = phi i32 [ %89, %85 ], [ %97, %95 ]
  %88 = mul i32 %87, %4
  %89 = add i32 %80, %88
  %90 = add nuw nsw i32 %86, 1
  %91 = icmp eq i32 %86, %15
  br i1 %91, label %92, label %85

92:                                               ; preds = %85
  %93 = add nuw nsw i32 %96, 1
  %94 = icmp eq i32 %96, %13
  br i1 %94, label %81, label %95

95:                                               ; preds = %92, %75
  %96 = phi i32 [ 0, %75 ], [ %93, %92 ]
  %97 = phi i32 [ %19, %75 ], [ %89, %92 ]
  br label %85

98:                                               ; preds = %81, %71
  %99 = phi i32 [ %89, %81 ], [ %19, %71 ]
  %100 = phi i1 [ %83, %81 ], [ %17, %71 ]
  br i1 %100, label %101, label %107

101:                                              ; preds = %98
  %102 = zext nneg i32 %6 to i64
  %103 = getelementptr inbounds i32, ptr addrspace(1) %1, i64 %102
  %104 = mul i32 %73, 7
  %105 = add i32 %104, %99
  %106 = add i32 %105, %74
  store i32 %106, ptr addrspace(1) %103, align 4
  br label %107

107:                                              ; preds = %98, %101
  ret void
}

declare noundef i32 @llvm.amdgcn.workitem.id.x()

