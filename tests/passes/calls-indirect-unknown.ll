; A kernel that calls a function pointer passed as a kernel argument, in a
; module that defines no function (LLVM's own test indirect-call.ll has
; this shape). The callee is another code object's: it gets every implicit
; input as AMDGPUUsage passes them (work-item ids packed in v31, work-group
; ids in s12..s14, dispatch pointer s[4:5], implicit arguments s[8:9]) and
; the call goes through s_swappc_b64 on the uniform pointer. wavecc
; segfaulted in isel_setup_calling_kernel before (no call ABI was set up
; when the module had neither functions nor declared callees).
; RUN: %wavecc -O2 -S %s -o - | FileCheck %s
; RUN: %wavecc -O2 %s -o %t.hsaco && llvm-readelf-19 -s %t.hsaco | FileCheck %s --check-prefix=OBJ
; CHECK-LABEL: {{^}}k:
; CHECK: s_load_dwordx2 s[[[LO:[0-9]+]]:{{[0-9]+}}], s[6:7], 0x0
; CHECK: v_mov_b32_e32 v31,
; CHECK: s_mov_b32 s12,
; CHECK: s_mov_b32 s13,
; CHECK: s_mov_b32 s14,
; CHECK: s_swappc_b64 s[30:31], s[{{[0-9]+}}:{{[0-9]+}}]
; CHECK: s_endpgm
; OBJ: FUNC {{.*}} k{{$}}
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr %fptr) {
  call void %fptr()
  ret void
}
