; LLVM must never abort inside libwavecc (issue 13): on this kernel (reduced
; from llvm-stress seed 43) LLVM 19's instcombine does not reach a fixpoint
; in one iteration, and with its fixpoint verification on (the default when
; the pass is named "instcombine") it ends the process with "LLVM ERROR:
; Instruction Combining did not reach a fixpoint". wavecc's clean-up runs
; instcombine<no-verify-fixpoint>. Either outcome that is not an abort is
; accepted here: the code (since private -> generic casts are selected:
; an endless loop, the kernel ends at its end label without s_endpgm), or a
; clean diagnostic.
; RUN: %wavecc %s -S -o - > %t.out 2>&1 || true
; RUN: FileCheck %s < %t.out
; CHECK-NOT: LLVM ERROR
; CHECK: {{s_endpgm|k: error: unsupported|^.Lk_end:}}
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr %0) {
BB:
  %A1.p5 = alloca [256 x i8], align 64, addrspace(5)
  store i32 0, ptr addrspace(5) %A1.p5, align 64
  %A1 = addrspacecast ptr addrspace(5) %A1.p5 to ptr
  %L5 = load i32, ptr %A1, align 4
  store <4 x i64> zeroinitializer, ptr %A1, align 32
  %Cmp10 = fcmp uno float 0xC295BB2980000000, 0x3E1FBB3380000000
  %Sl16 = select i1 %Cmp10, ptr %A1, ptr %0
  br label %CF41
CF41:
  %Cmp32 = icmp ne i32 %L5, 381753
  br i1 %Cmp32, label %CF41, label %CF44
CF44:
  store <8 x i64> zeroinitializer, ptr %Sl16, align 64
  ret void
}
