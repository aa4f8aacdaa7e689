; XNACK soft clauses of the kernel-argument loads (target ID xnack "any",
; the default): the work-group size is a one-dword s_load from the
; dispatch pointer, which dies there. On main the allocator gave that load
; its own address (s_load_dword s0, s[0:1], 0x4) and the next load of the
; run the registers it freed; each write of a register the clause reads
; needs an s_nop 0 to split it (hazards.c): two per wave in 26 of the 37
; bench/real kernels. Now a one-dword load's address is late-kill too
; (xnack_replay.c) and the run's later definitions keep off the registers
; its members freed (regalloc.c clause_release): one clause, no s_nop,
; and the replay checker finds nothing.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %wavecc -S %s -o %t/any.s
; RUN: FileCheck %s < %t/any.s
; RUN: %xnack-check %t/any.s | FileCheck %s --check-prefix=CLEAN
; CHECK-LABEL: k:
; CHECK: s_load_dwordx4
; CHECK-NEXT: s_load_dword{{x2|x4| }}
; CHECK-NEXT: s_load_dword{{x2|x4| }}
; CHECK-NEXT: s_load_dword{{x2|x4| }}
; CHECK-NEXT: s_waitcnt lgkmcnt(0)
; CHECK-NOT: s_nop
; CHECK: s_endpgm
; CLEAN: 1 assembly file(s), 0 violation(s)
target triple = "amdgcn-amd-amdhsa"
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, i32 %a, i32 %b, i32 %off) {
  %d = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %g = getelementptr i8, ptr addrspace(4) %d, i64 4
  %w = load i32, ptr addrspace(4) %g, align 4
  %ws = and i32 %w, 65535
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %m = mul i32 %ws, %gid
  %i0 = add i32 %m, %tid
  %i = add i32 %i0, %off
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %r = add i32 %v, %n
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}
