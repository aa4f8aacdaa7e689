; SSA elimination skips the copies of a phi whose result nobody reads: the
; register allocator may give such a dead phi the register of a live one
; (here two <4 x i32> phis in a loop), and copying both wrote one register
; twice in a parallel copy ("mir_sequentialize_copies: Assertion ...
; writer[dst[i]] == -1" in Debug builds; in Release the later copy could
; win). Reduced from llvm-stress seed 6 (tests/fuzz).
; RUN: %wavecc %s -S -o - | FileCheck %s
; CHECK-LABEL: autogen_SD6:
; CHECK: s_endpgm
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @autogen_SD6(ptr %0, i1 %bc7.ok) {
BB:
  %L.san1 = load i8, ptr %0, align 1
  br label %CF
CF:                                               ; preds = %CF39, %bc7.go, %BB
  %A.p5.sroa.0.0 = phi <4 x i32> [ zeroinitializer, %BB ], [ %A.p5.sroa.0.0, %bc7.go ], [ %A.p5.sroa.0.0.vec.insert, %CF39 ]
  br i1 %bc7.ok, label %bc7.go, label %bc.exit
bc7.go:                                           ; preds = %CF
  %E12 = trunc i8 %L.san1 to i1
  br i1 %E12, label %CF, label %CF39
CF39:                                             ; preds = %CF39, %bc7.go
  %A.p5.sroa.0.1 = phi <4 x i32> [ %A.p5.sroa.0.0, %bc7.go ], [ zeroinitializer, %CF39 ]
  %A.p5.sroa.0.0.vec.insert = insertelement <4 x i32> %A.p5.sroa.0.1, i32 0, i64 0
  br i1 %bc7.ok, label %CF39, label %CF
bc.exit:                                          ; preds = %CF
  ret void
}
