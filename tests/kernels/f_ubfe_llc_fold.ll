; # LLVM 19's own test llvm.amdgcn.ubfe.ll (bfe_u32_constant_fold_test_4,
; # bfe_u32_test_7), run by tests/llvm-coverage/differential.sh (issue 26):
; # llc-19 folds llvm.amdgcn.ubfe(-1, 0, 1) to -1 and ubfe(x << 31, 0, 31)
; # to x << 31, where v_bfe_u32 gives (S0 >> S1[4:0]) & ((1 << S2[4:0]) - 1)
; # (Vega ISA guide, V_BFE_U32): 1 and 0. wavecc gives 1 and 0; llc-19's
; # answers are its own bug (KNOWN-FAILURES.llc). Expected values from that
; # formula (host reference in tests/llvm-coverage/README.md).
; [config]
; name: ubfe folds (llc-19 differs)
; kernel_name: k
; dimensions: 1
; global_size: 8 0 0
; local_size: 8 0 0
;
; [test]
; name: ubfe constant and shifted operands
; arg_in: 0 buffer uint[32] repeat 7
; arg_out: 0 buffer uint[32] 1 0 0 0 1 0 1 0 1 0 2 1 1 0 3 1 1 0 2147483647 1073741823 1 0 0 1073741824 1 0 2147483647 2147483647 1 0 305419897 152709948
; arg_in: 1 buffer uint[8] 0 1 2 3 2147483647 2147483648 4294967295 305419897

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %x = load i32, ptr addrspace(1) %pin
  %c = call i32 @llvm.amdgcn.ubfe.i32(i32 4294967295, i32 0, i32 1)
  %shl = shl i32 %x, 31
  %s = call i32 @llvm.amdgcn.ubfe.i32(i32 %shl, i32 0, i32 31)
  %v = call i32 @llvm.amdgcn.ubfe.i32(i32 %x, i32 0, i32 31)
  %w = call i32 @llvm.amdgcn.ubfe.i32(i32 %x, i32 1, i32 31)
  %base = shl i32 %tid, 2
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %c, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %s, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %v, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %w, ptr addrspace(1) %p3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ubfe.i32(i32, i32, i32)
