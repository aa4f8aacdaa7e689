; A module without a datalayout gets the target's, as llc-19 gives it
; (its SetDataLayout callback): wavecc used to compile it with LLVM's
; default layout (64-bit pointers in every address space, allocas in
; address space 0). Also with -mtriple given. Fails on main: no
; "target datalayout" line after import.
; RUN: %wavecc -filetype=null --print-after=import %s 2>&1 | FileCheck %s
; RUN: %wavecc -mtriple=amdgcn--amdhsa -filetype=null --print-after=import %s 2>&1 | FileCheck %s --check-prefix=OVR
; CHECK: target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
; CHECK: target triple = "amdgcn-amd-amdhsa"
; OVR: target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-{{.*}}-A5-G1-ni:7:8:9"
; OVR: target triple = "amdgcn--amdhsa"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  store i32 42, ptr addrspace(1) %p
  ret void
}
