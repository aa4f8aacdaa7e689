; wavecc -fcheck-div (issue 29, src/llvm/check_div.cpp): before each
; integer division or remainder whose divisor may be 0, a test that runs
; s_trap 2 when it is 0, 64-bit (no v_rcp_iflag_f32 the emulator could
; watch) and 32-bit, uniform (scalar branch) and divergent (EXEC mask with
; a skip when no lane divides by 0). A constant nonzero divisor gets no
; test; without the option there is none. The code object lists the traps
; in .wavecc.checks (kind 1), which wavecc-run --check=div reads.
; RUN: %wavecc -fcheck-div %s -S -o - | FileCheck %s
; RUN: %wavecc %s -S -o - | FileCheck %s --check-prefix=OFF
; RUN: %wavecc -fcheck-div %s -o %t.o && %llvm-readelf -S %t.o | FileCheck %s --check-prefix=SEC
; RUN: %wavecc %s -o %t.off.o && %llvm-readelf -S %t.off.o | FileCheck %s --check-prefix=NOSEC

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: div64_uniform:
; CHECK: s_cmp_{{lg|eq}}_u64 s[{{[0-9]+:[0-9]+}}], 0
; CHECK: s_cbranch_scc{{[01]}}
; CHECK: s_trap 2
; OFF-LABEL: div64_uniform:
; OFF-NOT: s_trap
define amdgpu_kernel void @div64_uniform(ptr addrspace(1) %out, i64 %n, i64 %d) {
  %q = sdiv i64 %n, %d
  store i64 %q, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: rem32_divergent:
; CHECK: v_cmp_eq_u32_e{{32|64}} {{.*}}0, v
; CHECK: s_and_saveexec_b64
; CHECK-NEXT: s_cbranch_execz
; CHECK: s_trap 2
; OFF-LABEL: rem32_divergent:
; OFF-NOT: s_trap
define amdgpu_kernel void @rem32_divergent(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %d = load i32, ptr addrspace(1) %p
  %r = urem i32 %id, %d
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %o
  ret void
}

; CHECK-LABEL: div_const:
; CHECK-NOT: s_trap
; CHECK: s_endpgm
define amdgpu_kernel void @div_const(ptr addrspace(1) %out, i64 %n) {
  %q = udiv i64 %n, 7
  store i64 %q, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

; SEC: .wavecc.checks
; NOSEC-NOT: .wavecc.checks
