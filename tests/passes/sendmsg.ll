; llvm.amdgcn.s.sendmsg / s.sendmsghalt (issue 21 part 5): the immediate in
; simm16, M0 from the second operand (read from the first active lane),
; the SALU M0 write -> s_sendmsg wait state. A message must not be sent
; under an empty EXEC (llc-19 keeps the s_cbranch_execz around it), so a
; block masked linearisation cannot skip (a loop header) is refused.
; RUN: split-file %s %t.dir
; RUN: %wavecc --no-llc-ir-passes %t.dir/sel.ll -S -o - | FileCheck --check-prefix=SEL %s
; SEL-LABEL: {{^}}k:
; SEL: v_readfirstlane_b32{{(_e32)?}} [[R:s[0-9]+]], v{{[0-9]+}}
; SEL: s_mov_b32 m0, [[R]]
; SEL-NEXT: s_nop 0
; SEL-NEXT: s_sendmsg 1
; SEL: s_cbranch_execz
; SEL: s_mov_b32 m0, s{{[0-9]+}}
; SEL-NEXT: s_nop 0
; SEL-NEXT: s_sendmsghalt 1
; RUN: %not %wavecc --no-llc-ir-passes %t.dir/header.ll -o %t.o 2>&1 | FileCheck --check-prefix=HEADER %s
; HEADER: header.ll: k: error: unsupported message, halt, trap or MODE write in a block masked linearisation runs under any mask (loop header, barrier, or values read after its loop): call void @llvm.amdgcn.s.sendmsg(i32 1, i32 %i)

;--- sel.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %in, i32 %limit) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.sendmsg(i32 1, i32 %x)
  %big = icmp ugt i32 %x, %limit
  br i1 %big, label %halt, label %done
halt:
  call void @llvm.amdgcn.s.sendmsghalt(i32 1, i32 0)
  br label %done
done:
  ret void
}
declare void @llvm.amdgcn.s.sendmsg(i32 immarg, i32)
declare void @llvm.amdgcn.s.sendmsghalt(i32 immarg, i32)
declare i32 @llvm.amdgcn.workitem.id.x()

;--- header.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %in, i32 %n) "wavecc-no-structurize" {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %cont ]
  call void @llvm.amdgcn.s.sendmsg(i32 1, i32 %i)
  %i1 = add i32 %i, 1
  %stop = icmp eq i32 %i1, %x
  br i1 %stop, label %exit, label %cont
cont:
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
declare void @llvm.amdgcn.s.sendmsg(i32 immarg, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
