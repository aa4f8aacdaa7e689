; A kernel that reaches llvm.trap (s_trap 2, AMDGPUUsage "Trap Handler ABI")
; on one lane of the second wave: the emulator reports a kernel fault, for
; wavecc's code and llc-19's alike (ctest runner.trap.*). The not-taken
; path is in tests/kernels/f_amdgcn_intrinsics.ll.
; [config]
; name: llvm.trap taken
; kernel_name: k
; dimensions: 1
; global_size: 128 0 0
; local_size: 64 0 0
;
; [test]
; name: lane 70 traps
; arg_in: 0 buffer uint[128] repeat 0
; arg_out: 0 buffer uint[128] repeat 1
; arg_in: 1 uint 70
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %w = shl i32 %g, 6
  %t = add i32 %w, %l
  %c = icmp eq i32 %t, %n
  br i1 %c, label %trap, label %go
trap:
  call void @llvm.trap()
  unreachable
go:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 1, ptr addrspace(1) %p
  ret void
}

declare void @llvm.trap()
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
