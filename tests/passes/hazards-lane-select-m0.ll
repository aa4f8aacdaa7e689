; hazards: an SALU write of M0 right before v_writelane_b32 / v_readlane_b32
; that read their lane select from M0 needs no s_nop (the Vega ISA guide's
; wait-state table and LLVM's GCNHazardRecognizer list M0 readers
; s_movrel, VINTRP, LDS add-TID/DMA, s_sendmsg and GDS only). The
; atomic optimizer's lane loop writes each lane's prefix that way.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_wl:
; CHECK: s_mov_b32 m0, s{{[0-9]+}}
; CHECK-NEXT: v_writelane_b32 v{{[0-9]+}}, s{{[0-9]+}}, m0
; CHECK-NOT: s_nop
; CHECK: s_endpgm
define amdgpu_kernel void @k_wl(ptr addrspace(1) %out, i32 %s, i32 %l) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %w = call i32 @llvm.amdgcn.writelane.i32(i32 %s, i32 %l, i32 %t)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %w, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.writelane.i32(i32, i32, i32)
