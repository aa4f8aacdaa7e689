; The amdhsa_code_object_version module flag chooses the code object
; version, as llc-19 honours it (AMDGPUUsage "Code Object V4 Metadata",
; "Code Object V5 Metadata"): 400 writes `.amdhsa_code_object_version 4`,
; amdhsa.version 1.1, ELF ABI version 2, v4's hidden arguments (64-bit
; global offsets at the 8-aligned end of the explicit ones, then hostcall
; buffer, default queue, completion action, multigrid sync argument: 56
; bytes) and the queue pointer in user SGPRs (after the dispatch pointer,
; before the kernarg pointer: s[0:1] and s[2:3] here);
; 600 writes version 6 (ABI version 4) with v5's layout; another value is
; a clean error, as llc-19 aborts on it. wavecc wrote v5 for every module.
; RUN: split-file %s %t
; RUN: %wavecc %t/v4.ll -S -o - | FileCheck %s --check-prefix=V4
; RUN: %wavecc %t/v4.ll -o %t/v4.o --assembler=check
; RUN: %llvm-readelf -h --notes %t/v4.o | FileCheck %s --check-prefix=V4-ELF
; RUN: %wavecc %t/v6.ll -S -o - | FileCheck %s --check-prefix=V6
; RUN: %wavecc %t/v6.ll -o %t/v6.o --assembler=check
; RUN: %llvm-readelf -h %t/v6.o | FileCheck %s --check-prefix=V6-ELF
; RUN: %wavecc %t/v5.ll -o %t/v5.o
; RUN: %llvm-readelf -h %t/v5.o | FileCheck %s --check-prefix=V5-ELF
; RUN: %not %wavecc %t/v7.ll -S -o - 2>&1 | FileCheck %s --check-prefix=V7

; V4: .amdhsa_code_object_version 4
; V4-LABEL: {{^}}k_ia:
; V4: .amdhsa_kernarg_size 72
; V4: .amdhsa_user_sgpr_queue_ptr 0
; V4-LABEL: {{^}}k_queue:
; V4-DAG: s_load_dwordx2 s[{{[0-9]+:[0-9]+}}], s[2:3], 0x0
; V4-DAG: s_load_dword s{{[0-9]+}}, s[0:1], 0x0
; V4: .amdhsa_user_sgpr_queue_ptr 1
; V4-LABEL: amdhsa.kernels:
; V4:      - .offset: 16
; V4-NEXT:   .size: 8
; V4-NEXT:   .value_kind: hidden_global_offset_x
; V4:      - .offset: 24
; V4-NEXT:   .size: 8
; V4-NEXT:   .value_kind: hidden_global_offset_y
; V4:      - .offset: 32
; V4-NEXT:   .size: 8
; V4-NEXT:   .value_kind: hidden_global_offset_z
; V4:      - .offset: 40
; V4-NEXT:   .size: 8
; V4-NEXT:   .value_kind: hidden_hostcall_buffer
; V4:      - .offset: 48
; V4-NEXT:   .size: 8
; V4-NEXT:   .value_kind: hidden_default_queue
; V4:      - .offset: 56
; V4-NEXT:   .size: 8
; V4-NEXT:   .value_kind: hidden_completion_action
; V4:      - .offset: 64
; V4-NEXT:   .size: 8
; V4-NEXT:   .value_kind: hidden_multigrid_sync_arg
; V4-NOT:  hidden_
; V4:      .kernarg_segment_size: 72
; V4:      .name: !str "k_ia"
; V4-NOT:  hidden_queue_ptr
; V4:      .name: !str "k_queue"
; V4:      amdhsa.version:
; V4-NEXT:   - 1
; V4-NEXT:   - 1
; V4-ELF: ABI Version: 2
; V4-ELF: amdhsa.version:
; V4-ELF-NEXT: - 1
; V4-ELF-NEXT: - 1

; V6: .amdhsa_code_object_version 6
; V6: .value_kind: hidden_block_count_x
; V6: amdhsa.version:
; V6-NEXT:   - 1
; V6-NEXT:   - 2
; V6-ELF: ABI Version: 4
; V5-ELF: ABI Version: 3

; V7: error: unsupported amdhsa_code_object_version 700

;--- v4.ll
target triple = "amdgcn-amd-amdhsa"
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare ptr addrspace(4) @llvm.amdgcn.queue.ptr()
define amdgpu_kernel void @k_ia(ptr addrspace(1) %out, i32 %x) {
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %v = load i32, ptr addrspace(4) %ia
  %s = add i32 %v, %x
  store i32 %s, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @k_queue(ptr addrspace(1) %out) {
  %q = call ptr addrspace(4) @llvm.amdgcn.queue.ptr()
  %v = load i32, ptr addrspace(4) %q
  store i32 %v, ptr addrspace(1) %out
  ret void
}
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 400}
;--- v5.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  store i32 1, ptr addrspace(1) %out
  ret void
}
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 500}
;--- v6.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  store i32 1, ptr addrspace(1) %out
  ret void
}
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 600}
;--- v7.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  store i32 1, ptr addrspace(1) %out
  ret void
}
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 700}
