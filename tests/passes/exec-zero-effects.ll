; Intrinsics whose wave-level effect EXEC does not mask (isel_call_needs_lanes)
; must not run in a block no lane reaches. A divergent region that is not a
; tree of ifs (walk_local runs its blocks under possibly empty masks) goes
; to masked linearisation, which skips the block's body with
; s_cbranch_execz; a block masked linearisation cannot skip (a loop header)
; is refused for s_sethalt as for s_sendmsg. Runtime test:
; tests/kernels/f_exec_zero_effects.ll.
; RUN: split-file %s %t.dir
; RUN: %wavecc --no-llc-ir-passes %t.dir/local.ll -S -o - --stats 2>&1 | FileCheck --check-prefix=LOCAL %s
; LOCAL: divergent control flow masked
; LOCAL: s_cbranch_execz
; LOCAL: s_sendmsghalt 1
; RUN: %not %wavecc --no-llc-ir-passes %t.dir/header.ll -o %t.o 2>&1 | FileCheck --check-prefix=HEADER %s
; HEADER: header.ll: k: error: unsupported message, halt, trap or MODE write in a block masked linearisation runs under any mask (loop header, barrier, or values read after its loop): call void @llvm.amdgcn.s.sethalt(i32 1)

;--- local.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %in, i32 %limit) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %small = icmp ult i32 %x, 6
  br i1 %small, label %A, label %B
A:
  %a2 = icmp ugt i32 %x, %limit
  br i1 %a2, label %C, label %J
B:
  %b2 = icmp eq i32 %x, %limit
  br i1 %b2, label %C, label %J
C:
  call void @llvm.amdgcn.s.sendmsghalt(i32 1, i32 0)
  br label %J
J:
  store i32 %x, ptr addrspace(1) %p
  ret void
}
declare void @llvm.amdgcn.s.sendmsghalt(i32 immarg, i32)
declare i32 @llvm.amdgcn.workitem.id.x()

;--- header.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %in, i32 %limit) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %big = icmp ugt i32 %x, %limit
  br i1 %big, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @llvm.amdgcn.s.sethalt(i32 1)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %x
  br i1 %c, label %loop, label %done
done:
  store i32 %x, ptr addrspace(1) %p
  ret void
}
declare void @llvm.amdgcn.s.sethalt(i32 immarg)
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "wavecc-no-structurize" }
