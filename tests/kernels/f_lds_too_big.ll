; # Issue 22: a [4294967312 x i8] addrspace(3) global wrapped modulo 2^32 to a
; # 16-byte group segment (and the kernel ran, writing LDS it did not have).
; # LDS beyond the 64 KiB a work-group can allocate must fail to compile.
; # llc-19 wraps the same way (KNOWN-FAILURES.llc); the sum across calls is
; # checked in tests/passes/lds-layout.ll.
; [config]
; name: lds_too_big
; expect_build_fail: true

target triple = "amdgcn-amd-amdhsa"

@big = internal addrspace(3) global [4294967312 x i8] undef, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [4294967312 x i8], ptr addrspace(3) @big, i32 0, i32 %t
  store i8 1, ptr addrspace(3) %p
  %v = load i8, ptr addrspace(3) %p
  %q = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %v, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
